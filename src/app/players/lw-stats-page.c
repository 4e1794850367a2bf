/* lw-stats-page.c — the players and each one's statistics over every
 * stored game
 *
 * Replaying every stored game takes a while with many games, so a worker
 * thread with its own connection to the database reads and scores them
 * (lw_store_update_player_stats()); the page shows a spinner meanwhile.
 * The page's cache keeps each game's share of the figures, so a reload
 * after a change reads only the games that changed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-name-completion.h"
#include "lw-page-watch.h"
#include "lw-stats.h"
#include "lw-stats-page-private.h"
#include "lw-store-players.h"
#include "lw-store-stats.h"
#include "lw-widget-actions.h"

struct _LwStatsPage
{
  AdwBin parent_instance;

  /* template widgets */
  AdwWindowTitle *title;
  GtkMenuButton *menu_button;
  GtkStack *stack;
  GtkListBox *players_list;
  GtkScrolledWindow *player_scroll;
  GtkBox *player_box;

  /* owned */
  LwStore *store;
  LwPlayerStatsCache *cache;    /* every game's share of the statistics, of @store's file */
  GCancellable *cancellable;
  GPtrArray *stats;             /* LwPlayerStats*, sorted by name */
  GHashTable *values;           /* key → GtkLabel (borrowed) of the player shown */
  char *shown;                  /* the player shown, or NULL */
  GPtrArray *groups;            /* the player's groups, borrowed */
  GPtrArray *players;           /* LwStoredPlayer*: every stored player, sorted */
  LwPlayerMerge *last_merge;    /* the last merge, for Undo, or NULL */
  AdwMessageDialog *dialog;     /* the open rename/merge dialog (borrowed), or NULL */

  guint loading : 1;
};

G_DEFINE_FINAL_TYPE (LwStatsPage, lw_stats_page, ADW_TYPE_BIN)

/* ------------------------------------------------------------------ */
/* The worker                                                           */
/* ------------------------------------------------------------------ */

typedef struct {
  LwStore *store;             /* (nullable): a connection of its own */
  GError *error;              /* why there is none */
  LwPlayerStatsCache *cache;
} StatsWork;

static void
stats_work_free (StatsWork *work)
{
  g_clear_object (&work->store);
  g_clear_error (&work->error);
  g_clear_object (&work->cache);
  g_free (work);
}

static void
stats_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  StatsWork *work = task_data;
  g_autoptr (GError) error = NULL;

  /* A connection of its own, opened from the window's (its writes of the
   * statistics rows wait for the window's damage check): SQLite
   * connections are not shared across threads. The cache reads only the
   * games that changed since the last reload (one update at a time: a
   * reload waits for the one before). */
  if (work->store == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&work->error));
      return;
    }
  if (!lw_store_update_player_stats (work->store, work->cache, cancellable, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_pointer (task, lw_player_stats_cache_compute (work->cache, LW_STATS_PAGE_MIN_PARTNER_GAMES),
                         (GDestroyNotify) g_ptr_array_unref);
}

/* ------------------------------------------------------------------ */
/* The player's statistics                                              */
/* ------------------------------------------------------------------ */

static LwPlayerStats *
find_stats (LwStatsPage *self,
            const char  *name)
{
  for (guint i = 0; self->stats != NULL && i < self->stats->len; i++)
    {
      LwPlayerStats *stats = g_ptr_array_index (self->stats, i);

      if (g_strcmp0 (stats->name, name) == 0)
        return stats;
    }
  return NULL;
}

static char *
format_rate (guint part,
             guint whole)
{
  if (whole == 0)
    /* TRANSLATORS: a rate with nothing to count yet */
    return g_strdup (C_("rate", "—"));

  /* TRANSLATORS: a rate: a percentage, then its counts, "50 % · 1 of 2" */
  return g_strdup_printf (_("%.0f %% · %u of %u"), 100.0 * part / whole, part, whole);
}

static void
add_value (LwStatsPage     *self,
           AdwPreferencesGroup *group,
           const char      *key,
           const char      *title,
           const char      *subtitle,
           char            *value) /* transfer full */
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (group, row);
  g_hash_table_insert (self->values, (gpointer) key, label);
  g_free (value);
}

static AdwPreferencesGroup *
add_group (LwStatsPage *self,
           const char  *title)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  gtk_box_append (self->player_box, group);
  g_ptr_array_add (self->groups, group);
  return ADW_PREFERENCES_GROUP (group);
}

/* The partner's name goes in the row's subtitle, which wraps; the
 * value is the games won together. */
static void
add_partner (LwStatsPage         *self,
             AdwPreferencesGroup *group,
             const char          *key,
             const char          *title,
             const char          *name,
             guint                games,
             guint                wins)
{
  g_autofree char *none = NULL;
  g_autofree char *escaped = NULL;

  if (name == NULL)
    {
      none = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           /* TRANSLATORS: no best or worst partner yet */
                                           "None yet: %u finished game together needed",
                                           "None yet: %u finished games together needed",
                                           LW_STATS_PAGE_MIN_PARTNER_GAMES),
                              LW_STATS_PAGE_MIN_PARTNER_GAMES);
      add_value (self, group, key, title, none, g_strdup (C_("rate", "—")));
      return;
    }

  escaped = g_markup_escape_text (name, -1);
  /* TRANSLATORS: games won with a partner, of the games together: "won 2 of 3" */
  add_value (self, group, key, title, escaped, g_strdup_printf (_("won %u of %u"), wins, games));
}

static void
fill_player (LwStatsPage         *self,
             const LwPlayerStats *stats)
{
  AdwPreferencesGroup *group;
  guint declared = stats->declared_as_dealer + stats->declared_as_other;
  char *margin;

  for (guint i = 0; i < self->groups->len; i++)
    gtk_box_remove (self->player_box, g_ptr_array_index (self->groups, i));
  g_ptr_array_set_size (self->groups, 0);
  g_hash_table_remove_all (self->values);

  group = add_group (self, _("Games"));
  add_value (self, group, "games", _("Games"), _("Played, finished or not"),
             g_strdup_printf ("%u", stats->games));
  add_value (self, group, "finished", _("Finished"), NULL,
             g_strdup_printf ("%u", stats->finished));
  /* Two counts of the same wins, each labelled (SCORING R23). */
  add_value (self, group, "wins", _("Games Won"), _("A skunk counts once"),
             g_strdup_printf ("%u", stats->wins));
  add_value (self, group, "wins-skunk-double", _("Wins, Skunks Double"),
             _("A skunk counts 2, as in standings and the leaderboard"),
             g_strdup_printf ("%u", lw_player_stats_skunk_double_wins (stats)));
  add_value (self, group, "win-rate", _("Win Rate"), _("Of the finished games"),
             format_rate (stats->wins, stats->finished));
  add_value (self, group, "skunks-won", _("Skunks Won"), NULL,
             g_strdup_printf ("%u", stats->skunks_won));
  add_value (self, group, "skunks-suffered", _("Skunks Suffered"), NULL,
             g_strdup_printf ("%u", stats->skunks_suffered));
  if (stats->finished == 0)
    margin = g_strdup (C_("rate", "—"));
  else
    margin = g_strdup_printf ("%.1f", lw_player_stats_average_margin (stats));
  add_value (self, group, "margin", _("Average Final Margin"),
             _("The winner’s score minus the runner-up’s"), margin);

  group = add_group (self, _("Rounds"));
  adw_preferences_group_set_description (group, _("Little Wolf rounds played, void rounds left out"));
  add_value (self, group, "rounds", _("Rounds"), NULL,
             g_strdup_printf ("%u", stats->rounds));
  add_value (self, group, "declare-dealer", _("Declared as Dealer"), NULL,
             format_rate (stats->declared_as_dealer, stats->dealt));
  add_value (self, group, "declare-other", _("Declared Not Dealing"), NULL,
             format_rate (stats->declared_as_other, stats->not_dealt));
  add_value (self, group, "pack-rate", _("Pack Made"), _("Of the rounds declared"),
             format_rate (stats->packs_made, declared));
  add_value (self, group, "sweeps", _("Sweeps"), _("Every trick won"),
             g_strdup_printf ("%u", stats->sweeps));
  add_value (self, group, "nobody-declared", _("Nobody Declared"), NULL,
             g_strdup_printf ("%u", stats->nobody_declared));
  add_value (self, group, "worm-pairs", _("Worm Pairs"), NULL,
             g_strdup_printf ("%u", stats->worm_pairs));
  add_value (self, group, "gong-pairs", _("Gong Pairs"), NULL,
             g_strdup_printf ("%u", stats->gong_pairs));
  add_value (self, group, "all-dens", _("All Dens"), _("Rounds with a full set of Den cards"),
             g_strdup_printf ("%u", stats->all_den_rounds));
  add_value (self, group, "penalties", _("Penalties"), _("Void rounds included"),
             g_strdup_printf ("%u", stats->penalties));

  group = add_group (self, _("Partners"));
  adw_preferences_group_set_description (group, _("Finished Little Wolf games played in teams"));
  add_partner (self, group, "best-partner", _("Best Partner"),
               stats->best_partner, stats->best_partner_games, stats->best_partner_wins);
  add_partner (self, group, "worst-partner", _("Worst Partner"),
               stats->worst_partner, stats->worst_partner_games, stats->worst_partner_wins);
}

gboolean
lw_stats_page_show_player (LwStatsPage *self,
                           const char  *name)
{
  LwPlayerStats *stats;
  GtkAdjustment *adjustment;

  g_return_val_if_fail (LW_IS_STATS_PAGE (self), FALSE);

  stats = find_stats (self, name);
  if (stats == NULL)
    return FALSE;

  if (self->shown != stats->name)
    {
      g_free (self->shown);
      self->shown = g_strdup (stats->name);
    }
  fill_player (self, stats);
  adw_window_title_set_title (self->title, stats->name);
  adw_window_title_set_subtitle (self->title, _("Statistics"));
  adjustment = gtk_scrolled_window_get_vadjustment (self->player_scroll);
  gtk_adjustment_set_value (adjustment, 0);
  gtk_stack_set_visible_child_name (self->stack, "player");
  return TRUE;
}

void
lw_stats_page_show_list (LwStatsPage *self)
{
  g_return_if_fail (LW_IS_STATS_PAGE (self));

  g_clear_pointer (&self->shown, g_free);
  adw_window_title_set_title (self->title, _("Players"));
  adw_window_title_set_subtitle (self->title, NULL);
  if (self->loading)
    gtk_stack_set_visible_child_name (self->stack, "loading");
  else
    gtk_stack_set_visible_child_name (self->stack,
                                      self->players != NULL && self->players->len > 0 ? "players" : "empty");
}

/* ------------------------------------------------------------------ */
/* The list                                                             */
/* ------------------------------------------------------------------ */

static void
row_activated_cb (GtkListBox    *list,
                  GtkListBoxRow *row,
                  gpointer       user_data)
{
  LwStatsPage *self = user_data;

  lw_stats_page_show_player (self, g_object_get_data (G_OBJECT (row), "lw-name"));
}

/* The menu of a player's row: Rename…, Merge Into…, and Delete for a
 * player with no games or events. */
static GtkWidget *
player_menu_button (const LwStoredPlayer *player)
{
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autofree char *label = NULL;
  GtkWidget *button = gtk_menu_button_new ();

  {
    g_autoptr (GMenuItem) item = g_menu_item_new (_("_Rename…"), NULL);

    g_menu_item_set_action_and_target_value (item, "stats.rename-player", g_variant_new_string (player->name));
    g_menu_append_item (menu, item);
  }
  {
    /* TRANSLATORS: in a player's menu: make this entry one person with another player */
    g_autoptr (GMenuItem) item = g_menu_item_new (_("_Merge Into…"), NULL);

    g_menu_item_set_action_and_target_value (item, "stats.merge-player", g_variant_new_string (player->name));
    g_menu_append_item (menu, item);
  }
  if (player->n_games == 0 && player->n_events == 0)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_("_Delete"), NULL);

      g_menu_item_set_action_and_target_value (item, "stats.delete-player", g_variant_new_string (player->name));
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  /* TRANSLATORS: the accessible name of a player's menu button, "Ann: rename, merge or delete" */
  label = g_strdup_printf (_("%s: rename, merge or delete"), player->name);
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return button;
}

static void
fill_list (LwStatsPage *self)
{
  lw_list_box_remove_all (self->players_list);

  /* Every stored player, with and without games; a player with games
   * opens their statistics. */
  for (guint i = 0; self->players != NULL && i < self->players->len; i++)
    {
      const LwStoredPlayer *player = g_ptr_array_index (self->players, i);
      LwPlayerStats *stats = find_stats (self, player->name);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *escaped = g_markup_escape_text (player->name, -1);
      g_autofree char *subtitle = NULL;

      if (stats != NULL)
        subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 /* TRANSLATORS: a player in the list: games and wins */
                                                 "%u game · %u won", "%u games · %u won", stats->games),
                                    stats->games, stats->wins);
      else if (player->n_events > 0)
        subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 /* TRANSLATORS: a player in the list with no stored game */
                                                 "No games · %u event", "No games · %u events", player->n_events),
                                    player->n_events);
      else
        /* TRANSLATORS: a player in the list who can be deleted */
        subtitle = g_strdup (_("No games or events"));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), player_menu_button (player));
      if (stats != NULL)
        {
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
        }
      else
        {
          /* An empty place where the arrow would be: the menus line up. */
          GtkWidget *space = gtk_image_new ();

          gtk_image_set_pixel_size (GTK_IMAGE (space), 16);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), space);
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
        }
      g_object_set_data_full (G_OBJECT (row), "lw-name", g_strdup (player->name), g_free);
      gtk_list_box_append (self->players_list, row);
    }
}

/* The players of the list, read on the page's connection (a quick query:
 * no replay). */
static void
read_players (LwStatsPage *self)
{
  g_autoptr (GError) error = NULL;

  g_clear_pointer (&self->players, g_ptr_array_unref);
  if (self->store != NULL)
    self->players = lw_store_list_players (self->store, &error);
  if (error != NULL)
    g_warning ("%s", error->message);
}

static void
stats_done_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  LwStatsPage *self;
  g_autoptr (GPtrArray) stats = NULL;
  g_autoptr (GError) error = NULL;

  stats = g_task_propagate_pointer (G_TASK (result), &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = LW_STATS_PAGE (object);
  self->loading = FALSE;
  g_clear_pointer (&self->stats, g_ptr_array_unref);

  if (stats == NULL)
    {
      AdwStatusPage *status = ADW_STATUS_PAGE (gtk_stack_get_child_by_name (self->stack, "empty"));

      adw_status_page_set_title (status, _("Could Not Read the Games"));
      adw_status_page_set_description (status, error->message);
      g_clear_pointer (&self->shown, g_free);
      read_players (self);
      fill_list (self);
      lw_stats_page_show_list (self);
      return;
    }

  self->stats = g_steal_pointer (&stats);
  read_players (self);
  fill_list (self);
  if (self->shown == NULL || !lw_stats_page_show_player (self, self->shown))
    lw_stats_page_show_list (self);
}

void
lw_stats_page_reload (LwStatsPage *self)
{
  g_autoptr (GTask) task = NULL;
  AdwStatusPage *status;
  StatsWork *work;

  g_return_if_fail (LW_IS_STATS_PAGE (self));
  g_return_if_fail (self->store != NULL);

  self->loading = TRUE;

  status = ADW_STATUS_PAGE (gtk_stack_get_child_by_name (self->stack, "empty"));
  adw_status_page_set_title (status, _("No Players Yet"));
  adw_status_page_set_description (status, _("The players of stored games are listed here, each with statistics over every game."));
  if (self->shown == NULL)
    gtk_stack_set_visible_child_name (self->stack, "loading");

  work = g_new0 (StatsWork, 1);
  work->store = lw_store_open_another (self->store, 5000, &work->error);
  work->cache = g_object_ref (self->cache);
  task = lw_widget_run_worker (GTK_WIDGET (self), &self->cancellable, stats_done_cb, lw_stats_page_reload,
                               work, (GDestroyNotify) stats_work_free, stats_thread);
}

void
lw_stats_page_set_store (LwStatsPage *self,
                         LwStore     *store)
{
  g_return_if_fail (LW_IS_STATS_PAGE (self));

  /* Another store: its games are read anew. */
  if (store != self->store)
    {
      g_clear_object (&self->cache);
      self->cache = lw_player_stats_cache_new ();
    }

  /* The games counted and their players: read again when they change,
   * the player shown kept. */
  lw_page_watch_set_store (GTK_WIDGET (self), &self->store, store, LW_PAGE_WATCH_GAMES | LW_PAGE_WATCH_PLAYERS,
                           G_CALLBACK (lw_stats_page_reload));
}

void
lw_stats_page_wait (LwStatsPage *self)
{
  g_return_if_fail (LW_IS_STATS_PAGE (self));

  while (self->loading)
    g_main_context_iteration (NULL, TRUE);
}

guint
lw_stats_page_get_n_players (LwStatsPage *self)
{
  g_return_val_if_fail (LW_IS_STATS_PAGE (self), 0);

  return self->stats != NULL ? self->stats->len : 0;
}

const char *
lw_stats_page_get_player_name (LwStatsPage *self,
                               guint        index)
{
  g_return_val_if_fail (LW_IS_STATS_PAGE (self), NULL);

  if (self->stats == NULL || index >= self->stats->len)
    return NULL;
  return ((LwPlayerStats *) g_ptr_array_index (self->stats, index))->name;
}

const char *
lw_stats_page_get_shown_player (LwStatsPage *self)
{
  g_return_val_if_fail (LW_IS_STATS_PAGE (self), NULL);

  return self->shown;
}

const char *
lw_stats_page_get_value (LwStatsPage *self,
                         const char  *key)
{
  GtkLabel *label;

  g_return_val_if_fail (LW_IS_STATS_PAGE (self), NULL);

  if (self->shown == NULL)
    return NULL;
  label = g_hash_table_lookup (self->values, key);
  return label != NULL ? gtk_label_get_text (label) : NULL;
}

/* ------------------------------------------------------------------ */
/* Rename, merge, delete                                                */
/* ------------------------------------------------------------------ */

static void
toast (LwStatsPage *self,
       const char  *text,
       gboolean     offer_undo);

static const LwStoredPlayer *
find_player (LwStatsPage *self,
             const char  *name)
{
  for (guint i = 0; self->players != NULL && i < self->players->len; i++)
    {
      const LwStoredPlayer *player = g_ptr_array_index (self->players, i);

      if (g_strcmp0 (player->name, name) == 0)
        return player;
    }
  return NULL;
}

/* Merges @from into @into, offering Undo. */
static void
merge (LwStatsPage *self,
       const char  *from,
       const char  *into)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwPlayerMerge) done = NULL;
  g_autofree char *text = NULL;

  if (!lw_store_club_merge_players (self->store, from, into, &done, NULL, &error))
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Merge the Players"), error->message);
      return;
    }
  g_clear_pointer (&self->last_merge, lw_player_merge_free);
  self->last_merge = g_steal_pointer (&done);
  /* TRANSLATORS: a toast after two entries of one person became one */
  text = g_strdup_printf (_("“%s” merged into “%s”"), from, into);
  toast (self, text, TRUE);
  lw_stats_page_reload (self);
}

static void
confirm_merge_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  gpointer          user_data)
{
  LwStatsPage *self = user_data;

  merge (self, g_object_get_data (G_OBJECT (dialog), "lw-from"), g_object_get_data (G_OBJECT (dialog), "lw-into"));
}

/* Asks whether @from and @into are one person (a rename to a taken
 * name), then merges. */
static void
offer_merge (LwStatsPage *self,
             const char  *from,
             const char  *into)
{
  /* TRANSLATORS: a rename to a name another player has */
  g_autofree char *heading = g_strdup_printf (_("“%s” Exists Already"), into);
  /* TRANSLATORS: the question when a rename would give two players one name */
  g_autofree char *body = g_strdup_printf (_("Are “%s” and “%s” one person? Merged, the games, events and "
                                             "ratings of “%s” become those of “%s”."), from, into, from, into);
  AdwMessageDialog *dialog = lw_message_dialog_new (GTK_WIDGET (self), heading, body, NULL, "merge", _("_Merge"));

  g_object_set_data_full (G_OBJECT (dialog), "lw-from", g_strdup (from), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "lw-into", g_strdup (into), g_free);
  lw_message_dialog_present (dialog, G_CALLBACK (confirm_merge_cb), self, &self->dialog);
}

static void
rename_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  LwStatsPage *self = user_data;
  g_autofree char *old_name = g_strdup (g_object_get_data (G_OBJECT (dialog), "lw-name"));
  GtkEditable *field = g_object_get_data (G_OBJECT (dialog), "lw-field");
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  const LwStoredPlayer *other;

  name = lw_name_normalize (gtk_editable_get_text (field), _("the new name"), &error);
  if (name == NULL)
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Rename the Player"), error->message);
      return;
    }
  other = find_player (self, name);
  if (other != NULL && !g_str_equal (name, old_name))
    {
      /* This dialog closes itself after the signal; the question is a
       * dialog of its own. */
      self->dialog = NULL;
      offer_merge (self, old_name, name);
      return;
    }
  if (!lw_store_rename_player (self->store, old_name, name, &error))
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Rename the Player"), error->message);
      return;
    }
  if (g_strcmp0 (self->shown, old_name) == 0)
    {
      g_free (self->shown);
      self->shown = g_strdup (name);
    }
  lw_stats_page_reload (self);
}

static void
rename_player_action (LwStatsPage *self,
                      GVariant    *parameter)
{
  const char *name = g_variant_get_string (parameter, NULL);
  g_autofree char *heading = NULL;
  GtkWidget *entry = gtk_entry_new ();
  g_autoptr (LwNameCompletion) names = lw_name_completion_new ();
  AdwMessageDialog *dialog;

  /* TRANSLATORS: the heading of the dialog that renames a player */
  heading = g_strdup_printf (_("Rename “%s”"), name);
  gtk_editable_set_text (GTK_EDITABLE (entry), name);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  /* The names offered as in every name entry (a known name merges) */
  lw_name_completion_reload (names, self->store, NULL);
  lw_name_completion_attach (names, GTK_ENTRY (entry));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("New name"), -1);
  dialog = lw_message_dialog_new (GTK_WIDGET (self), heading,
                                  _("The name changes in every game and event. A name another player has merges the two."),
                                  entry, "rename", _("_Rename"));
  g_object_set_data (G_OBJECT (dialog), "lw-field", entry);
  g_object_set_data_full (G_OBJECT (dialog), "lw-name", g_strdup (name), g_free);
  lw_message_dialog_present (dialog, G_CALLBACK (rename_response_cb), self, &self->dialog);
}

static void
merge_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   gpointer          user_data)
{
  LwStatsPage *self = user_data;
  GtkDropDown *drop = g_object_get_data (G_OBJECT (dialog), "lw-field");
  GtkStringObject *into = gtk_drop_down_get_selected_item (drop);
  g_autofree char *from = g_strdup (g_object_get_data (G_OBJECT (dialog), "lw-name"));

  if (into != NULL)
    merge (self, from, gtk_string_object_get_string (into));
}

static void
merge_player_action (LwStatsPage *self,
                     GVariant    *parameter)
{
  const char *name = g_variant_get_string (parameter, NULL);
  g_autoptr (GtkStringList) others = gtk_string_list_new (NULL);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  GtkWidget *drop;
  AdwMessageDialog *dialog;

  for (guint i = 0; self->players != NULL && i < self->players->len; i++)
    {
      const LwStoredPlayer *player = g_ptr_array_index (self->players, i);

      if (!g_str_equal (player->name, name))
        gtk_string_list_append (others, player->name);
    }
  if (g_list_model_get_n_items (G_LIST_MODEL (others)) == 0)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  drop = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (others)), NULL);
  gtk_drop_down_set_enable_search (GTK_DROP_DOWN (drop), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (drop), GTK_ACCESSIBLE_PROPERTY_LABEL, _("The same person as"), -1);
  /* TRANSLATORS: the heading of the dialog that merges a player into another */
  heading = g_strdup_printf (_("Merge “%s” Into…"), name);
  /* TRANSLATORS: the body of the merge dialog */
  body = g_strdup_printf (_("For two entries that are one person: the games, events and ratings of “%s” "
                            "become those of the player chosen, and “%s” goes."), name, name);
  dialog = lw_message_dialog_new (GTK_WIDGET (self), heading, body, drop, "merge", _("_Merge"));
  g_object_set_data (G_OBJECT (dialog), "lw-field", drop);
  g_object_set_data_full (G_OBJECT (dialog), "lw-name", g_strdup (name), g_free);
  lw_message_dialog_present (dialog, G_CALLBACK (merge_response_cb), self, &self->dialog);
}

static void
delete_player_action (LwStatsPage *self,
                      GVariant    *parameter)
{
  const char *name = g_variant_get_string (parameter, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (!lw_store_delete_player (self->store, name, &error))
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Delete the Player"), error->message);
      return;
    }
  /* TRANSLATORS: a toast after a player with no games was deleted */
  text = g_strdup_printf (_("“%s” deleted"), name);
  toast (self, text, FALSE);
  lw_stats_page_reload (self);
}

gboolean
lw_stats_page_undo_merge (LwStatsPage  *self,
                          GError      **error)
{
  g_autoptr (LwPlayerMerge) merge_done = NULL;

  g_return_val_if_fail (LW_IS_STATS_PAGE (self), FALSE);

  if (self->last_merge == NULL)
    {
      g_set_error_literal (error, LW_STORE_ERROR, LW_STORE_ERROR_NOTHING_TO_UNDO, _("no merge to undo"));
      return FALSE;
    }
  merge_done = g_steal_pointer (&self->last_merge);
  if (!lw_store_club_unmerge_players (self->store, merge_done, NULL, error))
    return FALSE;
  lw_stats_page_reload (self);
  return TRUE;
}

static void
undo_clicked_cb (AdwToast *toast_,
                 gpointer  user_data)
{
  g_autoptr (LwStatsPage) self = g_weak_ref_get (user_data);
  g_autoptr (GError) error = NULL;

  if (self != NULL && !lw_stats_page_undo_merge (self, &error))
    lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Undo the Merge"), error->message);
}

static void
weak_ref_free (gpointer data,
               GClosure *closure)
{
  g_weak_ref_clear (data);
  g_free (data);
}

static void
toast (LwStatsPage *self,
       const char  *text,
       gboolean     offer_undo)
{
  AdwToast *shown = lw_widget_add_toast (GTK_WIDGET (self), text);

  if (offer_undo && shown != NULL)
    {
      GWeakRef *ref = g_new0 (GWeakRef, 1);

      g_weak_ref_init (ref, self);
      adw_toast_set_button_label (shown, _("_Undo"));
      adw_toast_set_timeout (shown, 10);
      g_signal_connect_data (shown, "button-clicked", G_CALLBACK (undo_clicked_cb), ref, weak_ref_free, 0);
    }
}

AdwMessageDialog *
lw_stats_page_get_dialog (LwStatsPage *self)
{
  g_return_val_if_fail (LW_IS_STATS_PAGE (self), NULL);

  return self->dialog;
}

GtkWidget *
lw_stats_page_get_dialog_field (LwStatsPage *self)
{
  g_return_val_if_fail (LW_IS_STATS_PAGE (self), NULL);

  return self->dialog != NULL ? g_object_get_data (G_OBJECT (self->dialog), "lw-field") : NULL;
}

char *
lw_stats_page_get_row_text (LwStatsPage *self,
                            guint        index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (LW_IS_STATS_PAGE (self), NULL);

  row = gtk_list_box_get_row_at_index (self->players_list, (int) index);
  if (row == NULL)
    return NULL;
  return g_strdup_printf ("%s · %s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                          adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
}

static void
back_action (LwStatsPage *self,
             GVariant    *parameter)
{
  if (self->shown != NULL)
    lw_stats_page_show_list (self);
  else
    gtk_widget_activate_action (GTK_WIDGET (self), "win.show-games", NULL);
}

static void
lw_stats_page_dispose (GObject *object)
{
  LwStatsPage *self = LW_STATS_PAGE (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->dialog));

  gtk_widget_dispose_template (GTK_WIDGET (self), LW_TYPE_STATS_PAGE);

  G_OBJECT_CLASS (lw_stats_page_parent_class)->dispose (object);
}

static void
lw_stats_page_finalize (GObject *object)
{
  LwStatsPage *self = LW_STATS_PAGE (object);

  g_clear_object (&self->store);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->cache);
  g_clear_pointer (&self->stats, g_ptr_array_unref);
  g_clear_pointer (&self->values, g_hash_table_unref);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  g_clear_pointer (&self->shown, g_free);
  g_clear_pointer (&self->players, g_ptr_array_unref);
  g_clear_pointer (&self->last_merge, lw_player_merge_free);

  G_OBJECT_CLASS (lw_stats_page_parent_class)->finalize (object);
}

/* The page's actions, each done by a function of the page. */
static const LwWidgetAction stats_actions[] = {
  { "stats.back",          NULL, G_CALLBACK (back_action) },
  { "stats.rename-player", "s",  G_CALLBACK (rename_player_action) },
  { "stats.merge-player",  "s",  G_CALLBACK (merge_player_action) },
  { "stats.delete-player", "s",  G_CALLBACK (delete_player_action) },
};

static void
lw_stats_page_class_init (LwStatsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_stats_page_dispose;
  object_class->finalize = lw_stats_page_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-stats-page.ui");
  gtk_widget_class_bind_template_child (widget_class, LwStatsPage, title);
  gtk_widget_class_bind_template_child (widget_class, LwStatsPage, stack);
  gtk_widget_class_bind_template_child (widget_class, LwStatsPage, menu_button);
  gtk_widget_class_bind_template_child (widget_class, LwStatsPage, players_list);
  gtk_widget_class_bind_template_child (widget_class, LwStatsPage, player_scroll);
  gtk_widget_class_bind_template_child (widget_class, LwStatsPage, player_box);

  lw_widget_class_install_actions (widget_class, stats_actions, G_N_ELEMENTS (stats_actions));
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "stats.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "stats.back", NULL);
}

static void
lw_stats_page_init (LwStatsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  lw_app_attach_primary_menu (self->menu_button);

  self->values = g_hash_table_new (g_str_hash, g_str_equal);
  self->groups = g_ptr_array_new ();
  self->cache = lw_player_stats_cache_new ();
  g_signal_connect (self->players_list, "row-activated", G_CALLBACK (row_activated_cb), self);
}
