/* lw-roster-choice.c — which club roster entry each typed name is
 *
 * The names are looked at in order; a name two roster entries share asks
 * which in an AdwMessageDialog (one at a time), and once every name is
 * known the ones with an entry are linked in one transaction
 * (lw_store_club_link_seats()). Nothing is written before the last
 * answer, so Cancel leaves the store as it was.
 *
 * The link is its own transaction, before the game's or the entrant's:
 * New Game stores a game in one of three ways (lw_store_add_game() on
 * paper; that and lw_store_save_table() at the virtual table; a hosted
 * table's lw_table_host_new(), which stores it with its first deal), and
 * an event's entrant in lw_store_add_event_entrant(). A link whose game
 * then fails is harmless: it is what the next sync would make
 * (lw_store_club_link_players() links a roster name's local player to
 * its entry), and Start again finds that entry's player, so nothing is
 * doubled (the player, with no game yet, shows on the Players page only).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-roster-choice.h"

#define MAX_NAMES 64

typedef struct
{
  GtkWidget *widget;             /* owned: a reference until the end */
  LwStore *store;                /* owned */
  GPtrArray *roster;             /* owned: LwClubRosterEntry*, not merged */
  GStrv names;                   /* owned: as typed */
  char *uuids[MAX_NAMES];        /* owned: each name's entry, NULL: none */
  guint n;
  guint next;                    /* the next name to look at */
  LwRosterChosenFunc func;
  gpointer user_data;            /* owned: a reference */
} Choice;

static void
choice_free (Choice *self)
{
  g_clear_object (&self->widget);
  g_clear_object (&self->store);
  g_clear_pointer (&self->roster, g_ptr_array_unref);
  g_clear_pointer (&self->names, g_strfreev);
  for (guint i = 0; i < self->n; i++)
    g_free (self->uuids[i]);
  g_clear_object (&self->user_data);
  g_free (self);
}

/* The entries named @name, in the roster's order (borrowed). */
static GPtrArray *
entries_named (Choice     *self,
               const char *name)
{
  GPtrArray *found = g_ptr_array_new ();

  for (guint i = 0; self->roster != NULL && i < self->roster->len; i++)
    {
      LwClubRosterEntry *entry = g_ptr_array_index (self->roster, i);

      if (lw_names_equal (entry->name, name))
        g_ptr_array_add (found, entry);
    }
  return found;
}

/* Every name known: links them and says so; frees @self. */
static void
finish (Choice *self)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) locals = lw_store_club_link_seats (self->store, (const char *const *) self->names,
                                                    (const char *const *) self->uuids, self->n,
                                                    &error);

  self->func ((const char *const *) locals, error, self->user_data);
  choice_free (self);
}

/* The row's text for @entry: the laptop it came from, and the games its
 * player sat in here (under which name when that is not the entry's). */
static GtkWidget *
entry_row (const LwClubRosterEntry *entry,
           GtkCheckButton          *group)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *check = gtk_check_button_new ();
  g_autofree char *title = NULL;
  g_autofree char *games = NULL;
  g_autofree char *subtitle = NULL;

  if (entry->origin_name != NULL)
    /* TRANSLATORS: which of two club players of one name: the club laptop that added it, e.g. From “Front desk” */
    title = g_strdup_printf (_("From “%s”"), entry->origin_name);
  else
    /* TRANSLATORS: which of two club players of one name: one added on this computer, not yet synced */
    title = g_strdup (_("Added on this laptop"));
  if (entry->player == NULL || entry->games == 0)
    /* TRANSLATORS: a club player who has not played on this computer */
    games = g_strdup (_("No games here yet"));
  else
    games = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game here", "%u games here",
                                          (gulong) entry->games),
                             (guint) entry->games);
  if (entry->player != NULL && !lw_names_equal (entry->player, entry->name))
    /* TRANSLATORS: "12 games here, as “Sam Lee (Front desk)”": the name this computer keeps the player under */
    subtitle = g_strdup_printf (_("%s, as “%s”"), games, entry->player);
  else
    subtitle = g_steal_pointer (&games);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  if (group != NULL)
    gtk_check_button_set_group (GTK_CHECK_BUTTON (check), group);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
  g_object_set_data_full (G_OBJECT (row), "lw-roster-uuid", g_strdup (entry->uuid), g_free);
  g_object_set_data (G_OBJECT (row), "lw-roster-check", check);
  return row;
}

static void proceed (Choice *self);

static void
response_cb (AdwMessageDialog *dialog,
             const char       *response,
             Choice           *self)
{
  GtkListBox *list = GTK_LIST_BOX (adw_message_dialog_get_extra_child (dialog));
  const char *uuid = NULL;

  g_signal_handlers_disconnect_by_data (dialog, self);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (gtk_check_button_get_active (g_object_get_data (G_OBJECT (row), "lw-roster-check")))
      uuid = g_object_get_data (G_OBJECT (row), "lw-roster-uuid");
  if (g_strcmp0 (response, "choose") != 0 || uuid == NULL)
    {
      self->func (NULL, NULL, self->user_data);
      choice_free (self);
      return;
    }
  self->uuids[self->next++] = g_strdup (uuid);
  proceed (self);
}

/* The dialog went without an answer (its window closed with the main
 * window): as Cancel. */
static void
dialog_destroy_cb (AdwMessageDialog *dialog,
                   Choice           *self)
{
  g_signal_handlers_disconnect_by_data (dialog, self);
  self->func (NULL, NULL, self->user_data);
  choice_free (self);
}

static void
check_toggled_cb (AdwMessageDialog *dialog)
{
  adw_message_dialog_set_response_enabled (dialog, "choose", TRUE);
}

/* Asks which of @entries (two or more) the name being looked at is. */
static void
ask (Choice    *self,
     GPtrArray *entries)
{
  const char *name = self->names[self->next];
  /* TRANSLATORS: the heading of the dialog that asks which of two club players of one name is meant, "Which Sam Lee?" */
  g_autofree char *heading = g_strdup_printf (_("Which %s?"), name);
  g_autofree char *body =
    /* TRANSLATORS: %s is a player's name that two players of the club share */
    g_strdup_printf (_("More than one player of the club is called “%s”. Choose the one meant."), name);
  GtkWidget *list = gtk_list_box_new ();
  GtkCheckButton *group = NULL;
  AdwMessageDialog *dialog;

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint i = 0; i < entries->len; i++)
    {
      GtkWidget *row = entry_row (g_ptr_array_index (entries, i), group);

      gtk_list_box_append (GTK_LIST_BOX (list), row);
      if (group == NULL)
        group = g_object_get_data (G_OBJECT (row), "lw-roster-check");
    }
  /* TRANSLATORS: the button that takes the club player chosen in the list */
  dialog = lw_message_dialog_new (self->widget, heading, body, list, "choose", _("C_hoose"));
  adw_message_dialog_set_response_enabled (dialog, "choose", FALSE);
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    g_signal_connect_swapped (g_object_get_data (G_OBJECT (row), "lw-roster-check"), "toggled",
                              G_CALLBACK (check_toggled_cb), dialog);
  g_signal_connect (dialog, "response", G_CALLBACK (response_cb), self);
  g_signal_connect (dialog, "destroy", G_CALLBACK (dialog_destroy_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Looks at the names from the next on: asks about the first that two
 * entries share, or finishes. */
static void
proceed (Choice *self)
{
  for (; self->next < self->n; self->next++)
    {
      g_autoptr (GPtrArray) entries = entries_named (self, self->names[self->next]);

      if (entries->len >= 2)
        {
          ask (self, entries);
          return;
        }
      if (entries->len == 1)
        self->uuids[self->next] = g_strdup (((LwClubRosterEntry *) g_ptr_array_index (entries, 0))->uuid);
    }
  finish (self);
}

void
lw_roster_choice_run (GtkWidget          *widget,
                      LwStore            *store,
                      const char *const  *names,
                      guint               n,
                      LwRosterChosenFunc  func,
                      gpointer            user_data)
{
  Choice *self;
  g_autoptr (GError) error = NULL;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (LW_IS_STORE (store));
  g_return_if_fail (names != NULL && n >= 1 && n <= MAX_NAMES);
  g_return_if_fail (func != NULL);
  g_return_if_fail (G_IS_OBJECT (user_data));

  self = g_new0 (Choice, 1);
  self->widget = g_object_ref (widget);
  self->store = g_object_ref (store);
  self->names = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    self->names[i] = g_strdup (names[i]);
  self->n = n;
  self->func = func;
  self->user_data = g_object_ref (user_data);
  self->roster = lw_store_club_list_roster (store, &error);
  if (self->roster == NULL)
    {
      func (NULL, error, user_data);
      choice_free (self);
      return;
    }
  proceed (self);
}
