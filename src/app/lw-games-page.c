/* lw-games-page.c — the start page: ongoing and finished games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-games-page.h"

struct _LwGamesPage
{
  AdwBin parent_instance;

  /* template widgets */
  GtkStack *stack;
  AdwPreferencesGroup *ongoing_group;
  AdwPreferencesGroup *finished_group;
  GtkListBox *ongoing_list;
  GtkListBox *finished_list;

  /* owned */
  LwStore *store;
};

G_DEFINE_FINAL_TYPE (LwGamesPage, lw_games_page, ADW_TYPE_BIN)

#define GAME_ID_KEY "lw-game-id"

void
lw_games_page_set_store (LwGamesPage *self,
                         LwStore     *store)
{
  g_return_if_fail (LW_IS_GAMES_PAGE (self));

  g_set_object (&self->store, store);
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static guint
count_rows (GtkListBox *list)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (list));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child))
      n++;

  return n;
}

guint
lw_games_page_get_n_games (LwGamesPage *self,
                           gboolean     finished)
{
  g_return_val_if_fail (LW_IS_GAMES_PAGE (self), 0);

  return count_rows (finished ? self->finished_list : self->ongoing_list);
}

/* The menu of one game's row: what can be done with the game besides
 * opening it. */
static GtkWidget *
make_row_menu (gint64      id,
               const char *title)
{
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GMenuItem) delete = NULL;
  g_autofree char *tooltip = NULL;
  GtkWidget *button = gtk_menu_button_new ();

  delete = g_menu_item_new (_("_Delete…"), NULL);
  g_menu_item_set_action_and_target_value (delete, "win.delete-game", g_variant_new_int64 (id));
  g_menu_append_item (menu, delete);

  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  /* TRANSLATORS: the tooltip of a game's menu button; %s names the game, "Ann vs Ben" */
  tooltip = g_strdup_printf (_("Actions for “%s”"), title);
  gtk_widget_set_tooltip_text (button, _("More"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip,
                                  -1);

  return button;
}

static GtkWidget *
make_row (const LwStoredGame *game)
{
  const LwGameRecord *record = game->record;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) subtitle = g_string_new (NULL);
  g_autoptr (GDateTime) created = NULL;
  g_autofree char *title = lw_sides_title (record);
  g_autofree char *date = NULL;
  GtkWidget *row;
  guint n_rounds = record->rounds != NULL ? record->rounds->len : 0;

  row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), make_row_menu (game->id, title));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  g_object_set_data_full (G_OBJECT (row), GAME_ID_KEY, g_memdup2 (&game->id, sizeof game->id), g_free);

  created = g_date_time_new_from_unix_local (game->created);
  if (created != NULL)
    date = g_date_time_format (created, "%x");

  if (record->ruleset == LW_RULESET_GARWOLF)
    /* TRANSLATORS: the name of the second ruleset */
    g_string_append_printf (subtitle, "%s · ", _("Garwolf"));

  standings = lw_standings_compute (record, &error);
  if (standings == NULL)
    {
      /* TRANSLATORS: %s says what is wrong with a stored game */
      g_string_append_printf (subtitle, _("Cannot be scored: %s"), error->message);
    }
  else
    {
      g_autofree char *scores = lw_format_scores (standings->n_sides, standings->scores);

      g_string_append (subtitle, scores);
      g_string_append (subtitle, " · ");
      if (record->ruleset == LW_RULESET_GARWOLF)
        /* TRANSLATORS: the Garwolf hands played in a game */
        g_string_append_printf (subtitle,
                                g_dngettext (GETTEXT_PACKAGE, "%u hand", "%u hands", n_rounds),
                                n_rounds);
      else
        g_string_append_printf (subtitle,
                                g_dngettext (GETTEXT_PACKAGE, "%u round", "%u rounds", n_rounds),
                                n_rounds);

      if (standings->finished && standings->winner != LW_NO_SEAT)
        {
          g_string_append (subtitle, " · ");
          g_string_append_printf (subtitle,
                                  standings->skunk
                                    /* TRANSLATORS: %s is the winning side; a skunk counts double */
                                    ? _("%s won with a skunk")
                                    /* TRANSLATORS: %s is the winning side */
                                    : _("%s won"),
                                  (const char *) g_ptr_array_index (standings->sides, standings->winner));
        }
      else if (!standings->finished &&
               standings->next_dealer >= 0 && standings->next_dealer < (int) record->n_players)
        {
          g_string_append (subtitle, " · ");
          /* TRANSLATORS: %s is the player who deals the next round */
          g_string_append_printf (subtitle, _("%s deals next"),
                                  record->players[standings->next_dealer]);
        }
    }

  if (date != NULL)
    g_string_append_printf (subtitle, " · %s", date);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle->str);
  g_object_set_data (G_OBJECT (row), "lw-finished",
                     GINT_TO_POINTER (standings != NULL && standings->finished));

  return row;
}

gboolean
lw_games_page_reload (LwGamesPage  *self,
                      GError      **error)
{
  g_autoptr (GPtrArray) games = NULL;
  guint n_ongoing = 0, n_finished = 0;

  g_return_val_if_fail (LW_IS_GAMES_PAGE (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  clear_list (self->ongoing_list);
  clear_list (self->finished_list);

  games = lw_store_list_games (self->store, error);
  if (games == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return FALSE;
    }

  for (guint i = 0; i < games->len; i++)
    {
      GtkWidget *row = make_row (g_ptr_array_index (games, i));

      if (g_object_get_data (G_OBJECT (row), "lw-finished"))
        {
          gtk_list_box_append (self->finished_list, row);
          n_finished++;
        }
      else
        {
          gtk_list_box_append (self->ongoing_list, row);
          n_ongoing++;
        }
    }

  gtk_widget_set_visible (GTK_WIDGET (self->ongoing_group), n_ongoing > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->finished_group), n_finished > 0);
  gtk_stack_set_visible_child_name (self->stack, games->len > 0 ? "games" : "empty");

  return TRUE;
}

static void
row_activated_cb (GtkListBox    *list,
                  GtkListBoxRow *row,
                  LwGamesPage   *self)
{
  const gint64 *id = g_object_get_data (G_OBJECT (row), GAME_ID_KEY);

  if (id != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.open-game", "x", *id);
}

static void
lw_games_page_dispose (GObject *object)
{
  LwGamesPage *self = LW_GAMES_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), LW_TYPE_GAMES_PAGE);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (lw_games_page_parent_class)->dispose (object);
}

static void
lw_games_page_class_init (LwGamesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_games_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-games-page.ui");
  gtk_widget_class_bind_template_child (widget_class, LwGamesPage, stack);
  gtk_widget_class_bind_template_child (widget_class, LwGamesPage, ongoing_group);
  gtk_widget_class_bind_template_child (widget_class, LwGamesPage, finished_group);
  gtk_widget_class_bind_template_child (widget_class, LwGamesPage, ongoing_list);
  gtk_widget_class_bind_template_child (widget_class, LwGamesPage, finished_list);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
}

static void
lw_games_page_init (LwGamesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
