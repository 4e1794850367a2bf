/* lw-club-page.c — Preferences → Club (docs/CLUB-SERVER.md "In the app"):
 * the automatic sync's state with Sync Now (Retry after a failure), and
 * joining a club server
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-club-page.h"

typedef struct {
  LwStore      *store;      /* owned */
  LwClubAuto   *auto_sync;  /* owned */
  gulong        changed_id;
  /* borrowed: the page's */
  AdwActionRow *row;
  GtkWidget    *button;
  AdwEntryRow  *conninfo;
  AdwEntryRow  *origin;
  AdwEntryRow  *password;
  GtkWidget    *join;
  AdwActionRow *join_row;
} ClubPage;

static void
club_page_free (ClubPage *club)
{
  g_clear_signal_handler (&club->changed_id, club->auto_sync);
  g_clear_object (&club->auto_sync);
  g_clear_object (&club->store);
  g_free (club);
}

/* The rows as the database and the sync say now. */
static void
refresh (ClubPage *club)
{
  g_autoptr (LwClubState) state = lw_store_club_get_state (club->store, FALSE, NULL);
  g_autofree char *subtitle = lw_club_auto_describe (club->auto_sync);
  gboolean failed = lw_club_auto_get_error (club->auto_sync) != NULL;

  adw_action_row_set_subtitle (club->row, subtitle);
  gtk_widget_set_sensitive (club->button, state != NULL && !lw_club_auto_is_syncing (club->auto_sync));
  gtk_button_set_label (GTK_BUTTON (club->button),
                        failed
                        /* TRANSLATORS: Preferences → Club: the button that syncs again after a failure */
                        ? _("_Retry")
                        /* TRANSLATORS: Preferences → Club: the button that syncs at once */
                        : _("Sync _Now"));
  if (failed)
    gtk_widget_add_css_class (club->button, "suggested-action");
  else
    gtk_widget_remove_css_class (club->button, "suggested-action");
}

static void
changed_cb (LwClubAuto *auto_sync,
            ClubPage   *club)
{
  refresh (club);
}

static void
sync_clicked_cb (GtkButton *button,
                 ClubPage  *club)
{
  lw_club_auto_sync_now (club->auto_sync);
  refresh (club);
}

static void
toast (GtkWidget  *page,
       const char *message)
{
  GtkRoot *root = gtk_widget_get_root (page);
  /* Toast titles are Pango markup in libadwaita 1.2: a server's error may
   * name a role or database with "&" or "<". */
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  if (ADW_IS_PREFERENCES_WINDOW (root))
    adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (root), adw_toast_new (escaped));
}

static void
join_clicked_cb (GtkButton *button,
                 GtkWidget *page)
{
  ClubPage *club = g_object_get_data (G_OBJECT (page), "lw-club");
  g_autofree char *conninfo = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (club->conninfo))));
  g_autofree char *origin = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (club->origin))));
  g_autofree char *password = g_strdup (gtk_editable_get_text (GTK_EDITABLE (club->password)));
  g_autoptr (GError) error = NULL;
  gboolean in_keyring = FALSE;

  if (*conninfo == '\0' || *origin == '\0')
    {
      adw_action_row_set_subtitle (club->join_row,
                                   /* TRANSLATORS: Preferences → Club → Join with a field left empty */
                                   _("Give the server and this laptop's ID first"));
      return;
    }
  if (!lw_club_join (club->store, conninfo, origin, password, &in_keyring, &error))
    {
      adw_action_row_set_subtitle (club->join_row, error->message);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (club->password), "");
  adw_action_row_set_subtitle (club->join_row,
                               *password == '\0'
                               /* TRANSLATORS: Preferences → Club after Join, no password given */
                               ? _("Joined; no password kept")
                               : in_keyring
                               /* TRANSLATORS: Preferences → Club after Join */
                               ? _("Joined; the password is in your keyring")
                               /* TRANSLATORS: Preferences → Club after Join, no keyring running */
                               : _("Joined; the password is in a file only you can read"));
  /* TRANSLATORS: a toast after Preferences → Club → Join */
  toast (page, _("Joined the club server: syncing"));
  lw_club_auto_sync_now (club->auto_sync);
  refresh (club);
}

static AdwEntryRow *
add_entry (GtkWidget  *group,
           GtkWidget  *row,
           const char *title)
{
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return ADW_ENTRY_ROW (row);
}

static GtkWidget *
add_join_group (GtkWidget *page,
                ClubPage  *club)
{
  GtkWidget *group = adw_preferences_group_new ();
  g_autoptr (LwClubState) state = lw_store_club_get_state (club->store, FALSE, NULL);

  /* TRANSLATORS: the group heading of Preferences → Club where a club server is joined */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Join a Club Server"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         /* TRANSLATORS: below the heading "Join a Club Server" */
                                         _("The club's owner gives each laptop its ID and password "
                                           "(littlewolf-cli club add-origin). The password goes to "
                                           "your keyring, never into the database."));
  /* TRANSLATORS: Preferences → Club: the field of the server's libpq connection string */
  club->conninfo = add_entry (group, adw_entry_row_new (), _("Server (host=… dbname=… user=…)"));
  /* TRANSLATORS: Preferences → Club: the field of this laptop's origin UUID */
  club->origin = add_entry (group, adw_entry_row_new (), _("This Laptop's ID"));
  /* TRANSLATORS: Preferences → Club: the field of the laptop's club password */
  club->password = add_entry (group, adw_password_entry_row_new (), _("Password"));
  if (state != NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (club->conninfo), state->conninfo);
      gtk_editable_set_text (GTK_EDITABLE (club->origin), state->origin);
    }
  club->join_row = ADW_ACTION_ROW (adw_action_row_new ());
  /* TRANSLATORS: Preferences → Club: the row of the Join button */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (club->join_row), _("Join"));
  adw_action_row_set_subtitle_lines (club->join_row, 4);
  /* TRANSLATORS: Preferences → Club: the button that joins the club server given */
  club->join = gtk_button_new_with_mnemonic (_("_Join"));
  gtk_widget_set_valign (club->join, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (club->join_row, club->join);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (club->join_row));
  g_signal_connect (club->join, "clicked", G_CALLBACK (join_clicked_cb), page);
  return group;
}

GtkWidget *
lw_club_page_new (LwStore    *store,
                  LwClubAuto *auto_sync)
{
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *group = adw_preferences_group_new ();
  ClubPage *club = g_new0 (ClubPage, 1);

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (auto_sync == NULL || LW_IS_CLUB_AUTO (auto_sync), NULL);

  club->store = g_object_ref (store);
  club->auto_sync = auto_sync != NULL ? g_object_ref (auto_sync) : lw_club_auto_new (store);
  /* TRANSLATORS: the Preferences page of the club server */
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("Club"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page), "network-server-symbolic");
  adw_preferences_page_set_name (ADW_PREFERENCES_PAGE (page), "club");
  /* TRANSLATORS: the group heading of Preferences → Club */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Club Server"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         /* TRANSLATORS: below the heading of Preferences → Club */
                                         _("Games and events shared with the club's other laptops through its "
                                           "PostgreSQL server, synced after each change and every few minutes. "
                                           "Other laptops' games and events are read-only here."));
  club->row = ADW_ACTION_ROW (adw_action_row_new ());
  /* TRANSLATORS: Preferences → Club: the row of the sync's state */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (club->row), _("Sync"));
  adw_action_row_set_subtitle_lines (club->row, 6);
  club->button = gtk_button_new_with_mnemonic (_("Sync _Now"));
  gtk_widget_set_valign (club->button, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (club->row, club->button);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (club->row));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page),
                            ADW_PREFERENCES_GROUP (add_join_group (page, club)));
  g_object_set_data_full (G_OBJECT (page), "lw-club", club, (GDestroyNotify) club_page_free);
  g_signal_connect (club->button, "clicked", G_CALLBACK (sync_clicked_cb), club);
  club->changed_id = g_signal_connect (club->auto_sync, "changed", G_CALLBACK (changed_cb), club);
  refresh (club);
  return page;
}

AdwActionRow *
lw_club_page_get_row (GtkWidget *page)
{
  ClubPage *club = g_object_get_data (G_OBJECT (page), "lw-club");

  g_return_val_if_fail (club != NULL, NULL);
  return club->row;
}
