/* lw-window.c — a window on one database: the games, a new game, a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-events-page.h"
#include "lw-game-page.h"
#include "lw-games-page.h"
#include "lw-leaderboard-page.h"
#include "lw-new-game-page.h"
#include "lw-new-game-start.h"
#include "lw-store-hosted.h"
#include "lw-print.h"
#include "lw-stats-page.h"
#include "lw-store-table.h"
#include "lw-table-page.h"
#include "lw-widget-actions.h"
#include "lw-window-private.h"
#include "lw-store-watch.h"
#include "lw-settings.h"

G_DEFINE_FINAL_TYPE (LwWindow, lw_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_STORE,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

LwWindow *
lw_window_new (LwApplication *application,
               LwStore       *store)
{
  return g_object_new (LW_TYPE_WINDOW,
                       "application", application,
                       "store", store,
                       NULL);
}

LwStore *
lw_window_get_store (LwWindow *self)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), NULL);

  return self->store;
}

LwClubAuto *
lw_window_get_club_auto (LwWindow *self)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), NULL);

  return self->club_auto;
}

gboolean
lw_window_get_busy (LwWindow *self)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), FALSE);

  return self->busy;
}

void
lw_window_set_busy (LwWindow *self,
                    gboolean  busy)
{
  busy = !!busy;
  if (self->busy == busy)
    return;

  self->busy = busy;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import", !busy);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

const char *
lw_window_get_visible_page (LwWindow *self)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), NULL);

  return adw_leaflet_get_visible_child_name (self->leaflet);
}

LwGamesPage *
lw_window_get_games_page (LwWindow *self)
{
  return self->games_page;
}

/* The app's sections, reachable at a glance: Games, Events, Players and
 * Leaderboard, in this order (Ctrl+1…4). */
static const struct {
  const char *name;
  const char *title;
  const char *icon;
} sections[] = {
  { "games", N_("Games"), "view-list-symbolic" },
  { "events", N_("Events"), "x-office-calendar-symbolic" },
  { "players", N_("Players"), "system-users-symbolic" },
  { "leaderboard", N_("Leaderboard"), "starred-symbolic" },
};

static int
section_index (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    if (g_strcmp0 (sections[i].name, name) == 0)
      return (int) i;
  return -1;
}

/* The first header bar inside @widget, depth first: a page's own. */
static AdwHeaderBar *
find_header_bar (GtkWidget *widget)
{
  if (ADW_IS_HEADER_BAR (widget))
    return ADW_HEADER_BAR (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwHeaderBar *found = find_header_bar (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The bar at the bottom shows the sections when a section is shown and
 * its header is too narrow for the switcher (GNOME's pattern for
 * AdwViewSwitcherTitle). */
static void
update_switcher_bar (LwWindow *self)
{
  int index = section_index (lw_window_get_visible_page (self));
  gboolean reveal = FALSE;

  /* Only while the section's own header is on screen: an event opened
   * in a narrow window has its own header and views. */
  if (index >= 0 && self->switcher_titles[index] != NULL)
    reveal = adw_view_switcher_title_get_title_visible (self->switcher_titles[index])
             && gtk_widget_get_mapped (GTK_WIDGET (self->switcher_titles[index]));
  adw_view_switcher_bar_set_reveal (self->switcher_bar, reveal);
}

static void
title_visible_cb (LwWindow *self)
{
  update_switcher_bar (self);
}

/* A section's page gets the switcher in its header, in place of its
 * title, which the switcher shows when it is too narrow (the page keeps
 * setting its own title and subtitle: they are followed). */
static void
add_section_switcher (LwWindow   *self,
                      GtkWidget  *page,
                      const char *name)
{
  int index = section_index (name);
  AdwHeaderBar *header;
  GtkWidget *title;
  AdwViewSwitcherTitle *switcher;

  if (index < 0 || self->switcher_titles[index] != NULL)
    return;
  header = find_header_bar (page);
  if (header == NULL)
    return;

  switcher = ADW_VIEW_SWITCHER_TITLE (adw_view_switcher_title_new ());
  adw_view_switcher_title_set_stack (switcher, self->sections);
  title = adw_header_bar_get_title_widget (header);
  if (ADW_IS_WINDOW_TITLE (title))
    {
      g_object_bind_property (title, "title", switcher, "title", G_BINDING_SYNC_CREATE);
      g_object_bind_property (title, "subtitle", switcher, "subtitle", G_BINDING_SYNC_CREATE);
    }
  else
    adw_view_switcher_title_set_title (switcher, _("Little Wolf"));
  adw_header_bar_set_title_widget (header, GTK_WIDGET (switcher));
  g_signal_connect_object (switcher, "notify::title-visible", G_CALLBACK (title_visible_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (switcher, "map", G_CALLBACK (title_visible_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (switcher, "unmap", G_CALLBACK (title_visible_cb), self, G_CONNECT_SWAPPED);
  self->switcher_titles[index] = switcher;
}

/* A page made when first needed (so that the window's first frame waits
 * only for the start page): @set_store gives it the window's store, and it
 * is added to the leaflet under @name. */
typedef void (*SetStoreFunc) (gpointer page, LwStore *store);

static gpointer
add_page (LwWindow     *self,
          GType         type,
          const char   *name,
          GCallback     set_store)
{
  GtkWidget *widget = g_object_new (type, NULL);
  AdwLeafletPage *page;

  ((SetStoreFunc) (void (*) (void)) set_store) (widget, self->store);
  page = adw_leaflet_append (self->leaflet, widget);
  adw_leaflet_page_set_name (page, name);
  add_section_switcher (self, widget, name);
  return widget;
}

static gboolean host_table_cb (LwNewGamePage *page,
                               LwTableHost   *host,
                               LwWebServer *server,
                               const char    *link_address,
                               LwWindow      *self);

static LwNewGamePage *
ensure_new_game_page (LwWindow *self)
{
  if (self->new_game_page == NULL)
    {
      AdwLeafletPage *page;

      self->new_game_page = g_object_new (LW_TYPE_NEW_GAME_PAGE, NULL);
      lw_new_game_page_set_store (self->new_game_page, self->store);
      g_signal_connect_object (self->new_game_page, "host-table", G_CALLBACK (host_table_cb), self, 0);
      page = adw_leaflet_insert_child_after (self->leaflet, GTK_WIDGET (self->new_game_page),
                                             GTK_WIDGET (self->games_page));
      adw_leaflet_page_set_name (page, "new-game");
    }
  return self->new_game_page;
}

static LwGamePage *
ensure_game_page (LwWindow *self)
{
  if (self->game_page == NULL)
    self->game_page = add_page (self, LW_TYPE_GAME_PAGE, "game", G_CALLBACK (lw_game_page_set_store));
  return self->game_page;
}

static LwTablePage *
ensure_table_page (LwWindow *self)
{
  if (self->table_page == NULL)
    self->table_page = add_page (self, LW_TYPE_TABLE_PAGE, "table", G_CALLBACK (lw_table_page_set_store));
  return self->table_page;
}

LwTablePage *
lw_window_get_table_page (LwWindow *self)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), NULL);

  return ensure_table_page (self);
}

static LwStatsPage *
ensure_stats_page (LwWindow *self)
{
  if (self->stats_page == NULL)
    self->stats_page = add_page (self, LW_TYPE_STATS_PAGE, "players", G_CALLBACK (lw_stats_page_set_store));
  return self->stats_page;
}

static LwEventsPage *
ensure_events_page (LwWindow *self)
{
  if (self->events_page == NULL)
    self->events_page = add_page (self, LW_TYPE_EVENTS_PAGE, "events", G_CALLBACK (lw_events_page_set_store));
  return self->events_page;
}

static LwLeaderboardPage *
ensure_leaderboard_page (LwWindow *self)
{
  if (self->leaderboard_page == NULL)
    self->leaderboard_page = add_page (self, LW_TYPE_LEADERBOARD_PAGE, "leaderboard", G_CALLBACK (lw_leaderboard_page_set_store));
  return self->leaderboard_page;
}

LwEventsPage *
lw_window_get_events_page (LwWindow *self)
{
  return ensure_events_page (self);
}

LwLeaderboardPage *
lw_window_get_leaderboard_page (LwWindow *self)
{
  return ensure_leaderboard_page (self);
}

LwStatsPage *
lw_window_get_stats_page (LwWindow *self)
{
  return ensure_stats_page (self);
}

LwNewGamePage *
lw_window_get_new_game_page (LwWindow *self)
{
  return ensure_new_game_page (self);
}

LwGamePage *
lw_window_get_game_page (LwWindow *self)
{
  return ensure_game_page (self);
}

AdwToast *
lw_window_add_toast (LwWindow   *self,
                     const char *title)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), NULL);

  return lw_widget_add_toast (GTK_WIDGET (self->toast_overlay), title);
}

/* Marks a game as changed (edited, added, deleted or restored): the start
 * page reads it again when next shown. */
static void
note_game_changed (LwWindow *self,
                   gint64    id)
{
  g_hash_table_add (self->changed_games, g_memdup2 (&id, sizeof id));
}

/* The start page: only the games changed since it was last shown are read
 * again, unless everything may have changed (a restore). */
void
lw_window_show_games (LwWindow *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = TRUE;

  /* What this window wrote, and what another program (littlewolf-cli
   * import, say) wrote to the file: the watch's signals note it. */
  lw_store_watch_flush (self->watch);
  lw_store_watch_check (self->watch);

  if (self->reload_games)
    ok = lw_games_page_reload (self->games_page, &error);
  else
    {
      GHashTableIter iter;
      gint64 *id;

      g_hash_table_iter_init (&iter, self->changed_games);
      while (ok && g_hash_table_iter_next (&iter, (gpointer *) &id, NULL))
        ok = lw_games_page_refresh_game (self->games_page, *id, &error);
    }
  g_hash_table_remove_all (self->changed_games);
  self->reload_games = FALSE;

  if (!ok)
    {
      g_autofree char *message = lw_message_capitalize (error->message);

      lw_window_add_toast (self, message);
    }

  adw_leaflet_set_visible_child_name (self->leaflet, "games");
}

void
lw_window_reload_game (LwWindow *self,
                       gint64    id)
{
  g_return_if_fail (LW_IS_WINDOW (self));

  /* Written through this window's connection, or through another one:
   * the watch tells the views either way. */
  note_game_changed (self, id);
  lw_store_watch_flush (self->watch);
  lw_store_watch_check (self->watch);
}

/* The watch's signals, for the start page: which games to read again (a
 * game added or deleted is one of them: its row comes or goes). */
static void
watch_game_changed_cb (LwStoreWatch *watch,
                       gint64        id,
                       LwWindow     *self)
{
  /* 0 is a row that names no game (seats, locks): each such change also
   * changes the game's own row, told with its ID. */
  if (id > 0)
    note_game_changed (self, id);
}

static void
watch_all_changed_cb (LwStoreWatch *watch,
                      LwWindow     *self)
{
  self->reload_games = TRUE;
}

/* Other laptops' games came from the club server: the Games list, when
 * shown, shows them at once (other pages read them when next shown). */
static void
club_pulled_cb (LwClubAuto *auto_sync,
                LwWindow   *self)
{
  if (g_strcmp0 (lw_window_get_visible_page (self), "games") == 0)
    lw_window_show_games (self);
}

/* Other programs' writes are looked for while the window is active, and
 * at once when it becomes active again. */
static void
active_changed_cb (LwWindow *self)
{
  gboolean active = gtk_window_is_active (GTK_WINDOW (self));

  lw_store_watch_set_polling (self->watch, active);
  if (active)
    lw_store_watch_check (self->watch);
}

void
lw_window_set_host_address (LwWindow   *self,
                            const char *address,
                            guint       port)
{
  g_return_if_fail (LW_IS_WINDOW (self));

  g_free (self->host_address);
  self->host_address = g_strdup (address);
  self->host_port = port;
}

/* Shows the table page, which holds game @id (loaded or hosted), with
 * the keyboard at the table, and notes @id as changed
 * (note_game_changed()). */
static void
show_table_page (LwWindow *self,
                 gint64    id)
{
  note_game_changed (self, id);
  adw_leaflet_set_visible_child_name (self->leaflet, "table");
  lw_table_page_focus_table (self->table_page);
}

gboolean
lw_window_open_game (LwWindow  *self,
                     gint64     id,
                     GError   **error)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), FALSE);

  /* A table hosted when the app was closed or stopped is hosted again,
   * its links opening their seats again; once the game is over it opens
   * as any other. */
  if (lw_store_is_table_hosted (self->store, id))
    {
      g_autoptr (GError) local = NULL;
      g_autoptr (LwWebServer) server = NULL;
      g_autofree char *link_address = NULL;
      g_autoptr (LwTableHost) host = lw_new_game_reopen_hosted (self->store, id, self->host_address, self->host_port,
                                                               &server, &link_address, &local);

      if (host != NULL)
        {
          if (!lw_table_page_host (ensure_table_page (self), host, server, link_address, error))
            {
              lw_web_server_close_host_table (server, id);
              lw_web_server_stop (server);
              return FALSE;
            }
          show_table_page (self, id);
          return TRUE;
        }
      if (!g_error_matches (local, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_GAME_OVER))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }

  /* A game at the virtual table opens at the table, where it was left. */
  if (lw_store_has_table (self->store, id))
    {
      if (!lw_table_page_load (ensure_table_page (self), id, error))
        return FALSE;
      show_table_page (self, id);
      return TRUE;
    }

  if (!lw_game_page_load (ensure_game_page (self), id, error))
    return FALSE;
  note_game_changed (self, id);
  self->game_from_event = FALSE;

  adw_leaflet_set_visible_child_name (self->leaflet, "game");
  lw_game_page_focus_form (self->game_page);

  return TRUE;
}

/* New Game's "host-table": a table with remote seats opens at the table
 * page in hosted mode; leaving it for the games, another section or New
 * Game, or closing the window, ends the hosting (leaflet_visible_cb()). */
static gboolean
host_table_cb (LwNewGamePage *page,
               LwTableHost   *host,
               LwWebServer *server,
               const char    *link_address,
               LwWindow      *self)
{
  g_autoptr (GError) error = NULL;

  if (!lw_table_page_host (ensure_table_page (self), host, server, link_address, &error))
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Open the Game"), error->message);
      return FALSE;
    }
  show_table_page (self, lw_table_host_get_game_id (host));
  return TRUE;
}

/* The keyboard shortcuts window is built when first asked for, not with
 * the main window (as GtkApplication would from gtk/help-overlay.ui). */
static void
show_shortcuts_action (LwWindow *self,
                       GVariant *parameter)
{
  g_autoptr (GtkBuilder) builder =
    gtk_builder_new_from_resource (RESOURCE_PREFIX "/lw-shortcuts-window.ui");
  GtkWindow *shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));

  gtk_window_set_transient_for (shortcuts, GTK_WINDOW (self));
  gtk_window_present (shortcuts);
}

static void
new_game_action (LwWindow *self,
                 GVariant *parameter)
{
  lw_new_game_page_reset (ensure_new_game_page (self));
  adw_leaflet_set_visible_child_name (self->leaflet, "new-game");
  lw_new_game_page_focus (self->new_game_page);
}

/* Opens game @id on the game page; a game that cannot be read is said in
 * an error dialog. Returns: whether the game is shown. */
static gboolean
open_game_or_say (LwWindow *self,
                  gint64    id)
{
  g_autoptr (GError) error = NULL;

  if (lw_window_open_game (self, id, &error))
    return TRUE;
  lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Open the Game"), error->message);
  return FALSE;
}

static void
open_game_action (LwWindow *self,
                  GVariant *parameter)
{
  open_game_or_say (self, g_variant_get_int64 (parameter));
}

/* "win.open-scores" (x): the score sheet of a game, also of one at the
 * virtual table. */
static void
open_scores_action (LwWindow *self,
                    GVariant *parameter)
{
  gint64 id = g_variant_get_int64 (parameter);
  g_autoptr (GError) error = NULL;

  if (!lw_game_page_load (ensure_game_page (self), id, &error))
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Open the Game"), error->message);
      return;
    }
  note_game_changed (self, id);
  adw_leaflet_set_visible_child_name (self->leaflet, "game");
}

static void
delete_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  LwWindow *self = LW_WINDOW (user_data);
  const gint64 *id = g_object_get_data (G_OBJECT (dialog), "lw-game-id");
  g_autoptr (GError) error = NULL;

  if (id == NULL)
    return;

  if (!lw_store_delete_game (self->store, *id, &error))
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Delete the Game"), error->message);
      return;
    }

  note_game_changed (self, *id);
  lw_window_show_games (self);
  lw_toast_offer_restore (lw_window_add_toast (self, _("Game deleted")), GTK_WIDGET (self), self->store, *id);
}

static void
delete_game_action (LwWindow *self,
                    GVariant *parameter)
{
  gint64 id = g_variant_get_int64 (parameter);
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *title = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  guint n_rounds;

  game = lw_store_load_game (self->store, id, &error);
  if (game == NULL)
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Delete the Game"), error->message);
      return;
    }

  title = lw_sides_title (game->record);
  n_rounds = game->record->rounds->len;
  /* TRANSLATORS: %s names the game by its sides, "Ann vs Ben" */
  heading = g_strdup_printf (_("Delete “%s”?"), title);
  body = g_strdup_printf (game->record->ruleset == LW_RULESET_GARWOLF
                            /* TRANSLATORS: deleting a Garwolf game: what is lost */
                            ? g_dngettext (GETTEXT_PACKAGE,
                                           "The game and its %u hand are deleted for good.",
                                           "The game and its %u hands are deleted for good.", n_rounds)
                            /* TRANSLATORS: deleting a game: what is lost */
                            : g_dngettext (GETTEXT_PACKAGE,
                                           "The game and its %u round are deleted for good.",
                                           "The game and its %u rounds are deleted for good.", n_rounds),
                          n_rounds);

  dialog = lw_message_dialog_new (GTK_WIDGET (self), heading, body, NULL, "delete", _("_Delete"));
  lw_message_dialog_set_destructive (dialog);
  g_object_set_data_full (G_OBJECT (dialog), "lw-game-id", g_memdup2 (&id, sizeof id), g_free);
  lw_message_dialog_present (dialog, G_CALLBACK (delete_response_cb), self, NULL);
}

/* A page that listens to the store's watch (lw-page-watch.h) reads itself
 * again when it is shown after a change; what another program wrote is
 * looked for first, as for the start page. */
static void
show_watched_page (LwWindow  *self,
                   GtkWidget *page)
{
  lw_store_watch_flush (self->watch);
  lw_store_watch_check (self->watch);
  adw_leaflet_set_visible_child (self->leaflet, page);
}

static void
show_events (LwWindow *self)
{
  LwEventsPage *page = ensure_events_page (self);

  self->game_from_event = FALSE;
  show_watched_page (self, GTK_WIDGET (page));
}

static void
show_games_action (LwWindow *self,
                   GVariant *parameter)
{
  const char *visible = lw_window_get_visible_page (self);

  /* Back from an event table's game, or its boards at the virtual table,
   * goes to the event. */
  if ((self->game_from_event && g_strcmp0 (visible, "game") == 0)
      || (g_strcmp0 (visible, "table") == 0 && self->table_page != NULL
          && lw_table_page_is_playing_boards (self->table_page)))
    show_events (self);
  else
    lw_window_show_games (self);
}

/* "win.play-event-boards" (xuu): a duplicate event's table (event, event
 * round, table) plays its round's boards at the virtual table, each seat
 * on this device (lw_table_page_play_boards()); Back returns to the event. */
static void
play_event_boards_action (LwWindow *self,
                          GVariant *parameter)
{
  g_autoptr (GError) error = NULL;
  gint64 id = 0;
  guint round = 0, table = 0;

  g_variant_get (parameter, "(xuu)", &id, &round, &table);
  if (!lw_table_page_play_boards (ensure_table_page (self), id, round, table, NULL, &error))
    {
      g_autofree char *message = lw_message_capitalize (error->message);

      /* TRANSLATORS: an error dialog's title: a duplicate table's boards could not be played at the virtual table */
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Open the Table"), message);
      return;
    }
  adw_leaflet_set_visible_child_name (self->leaflet, "table");
  lw_table_page_focus_table (self->table_page);
}

static void
show_events_action (LwWindow *self,
                    GVariant *parameter)
{
  show_events (self);
}

/* "win.open-event-game" (x): an event table's game, kept with the
 * scorekeeper; Back returns to the event. */
static void
open_event_game_action (LwWindow *self,
                        GVariant *parameter)
{
  if (open_game_or_say (self, g_variant_get_int64 (parameter)))
    self->game_from_event = TRUE;
}

static void
show_leaderboard_action (LwWindow *self,
                         GVariant *parameter)
{
  LwLeaderboardPage *page = ensure_leaderboard_page (self);

  show_watched_page (self, GTK_WIDGET (page));
}

/* "win.game-changed" (x): a game was changed elsewhere (restored from
 * the bin by a toast, say): the start page shows it as it is now. */
static void
game_changed_action (LwWindow *self,
                     GVariant *parameter)
{
  gint64 id = g_variant_get_int64 (parameter);

  if (id > 0)
    note_game_changed (self, id);
  lw_window_show_games (self);
}

static void
show_players_action (LwWindow *self,
                     GVariant *parameter)
{
  LwStatsPage *page = ensure_stats_page (self);

  lw_stats_page_show_list (page);
  show_watched_page (self, GTK_WIDGET (page));
}

/* "win.print-blank" (u): a blank score sheet with a column for each of
 * 2–8 sides (other numbers are brought into that range). */
static void
print_blank_action (LwWindow *self,
                    GVariant *parameter)
{
  guint n_sides = CLAMP (g_variant_get_uint32 (parameter), 2, LW_MAX_SEATS);

  lw_print_run (lw_print_blank_sheet_new (n_sides), GTK_WINDOW (self));
}

/* One of the app's sections, as its menu item shows it. */
static void
show_section (LwWindow   *self,
              const char *name)
{
  switch (section_index (name))
    {
    case 0:
      lw_window_show_games (self);
      break;
    case 1:
      show_events (self);
      break;
    case 2:
      show_players_action (self, NULL);
      break;
    case 3:
      show_leaderboard_action (self, NULL);
      break;
    default:
      g_warning ("no section named “%s”", name);
    }
}

/* "win.show-section" (s): one of the app's sections by name ("games",
 * "events", "players", "leaderboard"), as the switchers and Ctrl+1…4 do. */
static void
show_section_action (LwWindow *self,
                     GVariant *parameter)
{
  show_section (self, g_variant_get_string (parameter, NULL));
}

/* The switchers follow the leaflet, and a section picked in a switcher
 * is shown as its menu item or shortcut would show it. */
static void
leaflet_visible_cb (LwWindow *self)
{
  const char *page = lw_window_get_visible_page (self);
  int index = section_index (page);

  /* Leaving a hosted table (for the games, another section or New Game)
   * closes it: its links stop working. */
  if (self->table_page != NULL && (index >= 0 || g_strcmp0 (page, "new-game") == 0))
    lw_table_page_stop_hosting (self->table_page);
  if (index >= 0)
    {
      self->syncing_sections = TRUE;
      adw_view_stack_set_visible_child_name (self->sections, sections[index].name);
      self->syncing_sections = FALSE;
    }
  update_switcher_bar (self);
}

static void
sections_visible_cb (LwWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->sections);

  if (self->syncing_sections || name == NULL
      || g_strcmp0 (name, lw_window_get_visible_page (self)) == 0)
    return;
  show_section (self, name);
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         gpointer       user_data)
{
  LwWindow *self = user_data;
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  files = g_value_get_boxed (value);
  if (files == NULL || self->busy)
    return FALSE;

  lw_window_import_file (self, files->data);

  return TRUE;
}

/* A small screen (a phone) gets a window that fits it. */
static void
fit_default_size_to_screen (LwWindow *self)
{
  GListModel *monitors = gdk_display_get_monitors (gtk_widget_get_display (GTK_WIDGET (self)));
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  /* The size it had when last closed (GSettings), if any. */
  if (lw_settings_get_int ("window-width", 0) > 0 && lw_settings_get_int ("window-height", 0) > 0)
    {
      width = MAX (lw_settings_get_int ("window-width", 0), 360);
      height = MAX (lw_settings_get_int ("window-height", 0), 400);
    }
  if (lw_settings_get_boolean ("window-maximized", FALSE))
    gtk_window_maximize (GTK_WINDOW (self));

  for (guint i = 0; i < g_list_model_get_n_items (monitors); i++)
    {
      g_autoptr (GdkMonitor) monitor = g_list_model_get_item (monitors, i);
      GdkRectangle geometry;

      gdk_monitor_get_geometry (monitor, &geometry);
      if (geometry.width > 0 && geometry.width < width)
        width = geometry.width;
      if (geometry.height > 0 && geometry.height < height)
        height = geometry.height;
    }

  gtk_window_set_default_size (GTK_WINDOW (self), width, height);
}

/* Its size is kept for the next start (GSettings). */
static gboolean
lw_window_close_request (GtkWindow *window)
{
  GSettings *settings = lw_settings_get ();

  if (settings != NULL)
    {
      int width = 0, height = 0;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_delay (settings);
      if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
        {
          g_settings_set_int (settings, "window-width", width);
          g_settings_set_int (settings, "window-height", height);
        }
      g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (window));
      g_settings_apply (settings);
    }

  return GTK_WINDOW_CLASS (lw_window_parent_class)->close_request (window);
}

static void
lw_window_constructed (GObject *object)
{
  LwWindow *self = LW_WINDOW (object);

  G_OBJECT_CLASS (lw_window_parent_class)->constructed (object);

  fit_default_size_to_screen (self);

  g_assert (self->store != NULL);

  self->watch = lw_store_watch_find (self->store);
  if (self->watch != NULL)
    g_object_ref (self->watch);
  else
    self->watch = lw_store_watch_new (self->store);
  g_signal_connect_object (self->watch, "game-changed", G_CALLBACK (watch_game_changed_cb), self, 0);
  g_signal_connect_object (self->watch, "all-changed", G_CALLBACK (watch_all_changed_cb), self, 0);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (active_changed_cb), NULL);
  self->club_auto = lw_club_auto_new (self->store);
  g_signal_connect_object (self->club_auto, "pulled", G_CALLBACK (club_pulled_cb), self, 0);

  lw_games_page_set_store (self->games_page, self->store);

  lw_window_show_games (self);
}

static void
lw_window_dispose (GObject *object)
{
  LwWindow *self = LW_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  gtk_widget_dispose_template (GTK_WIDGET (self), LW_TYPE_WINDOW);
  if (self->watch != NULL)
    {
      lw_store_watch_set_polling (self->watch, FALSE);
      g_signal_handlers_disconnect_by_data (self->watch, self);
    }
  g_clear_object (&self->watch);
  g_clear_object (&self->club_auto);

  G_OBJECT_CLASS (lw_window_parent_class)->dispose (object);
}

static void
lw_window_finalize (GObject *object)
{
  LwWindow *self = LW_WINDOW (object);

  g_clear_object (&self->store);
  g_clear_object (&self->sections);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->changed_games, g_hash_table_unref);
  g_clear_pointer (&self->host_address, g_free);

  G_OBJECT_CLASS (lw_window_parent_class)->finalize (object);
}

static void
lw_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  LwWindow *self = LW_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lw_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  LwWindow *self = LW_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_set_object (&self->store, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The window's actions, each done by a function of the window. */
static const LwWidgetAction window_actions[] = {
  { "win.show-help-overlay", NULL, G_CALLBACK (show_shortcuts_action) },
  { "win.new-game",          NULL, G_CALLBACK (new_game_action) },
  { "win.import",            NULL, G_CALLBACK (lw_window_import_action) },
  { "win.import-file",       "s",  G_CALLBACK (lw_window_import_file_action) },
  { "win.import-files",      "as", G_CALLBACK (lw_window_import_files_action) },
  { "win.open-game",         "x",  G_CALLBACK (open_game_action) },
  { "win.open-scores",       "x",  G_CALLBACK (open_scores_action) },
  { "win.show-games",        NULL, G_CALLBACK (show_games_action) },
  { "win.game-changed",      "x",  G_CALLBACK (game_changed_action) },
  { "win.delete-game",       "x",  G_CALLBACK (delete_game_action) },
  { "win.export-csv",        "x",  G_CALLBACK (lw_window_export_csv_action) },
  { "win.backup",            NULL, G_CALLBACK (lw_window_backup_action) },
  { "win.restore",           NULL, G_CALLBACK (lw_window_restore_action) },
  { "win.undo-restore",      "s",  G_CALLBACK (lw_window_undo_restore_action) },
  { "win.show-players",      NULL, G_CALLBACK (show_players_action) },
  { "win.print-blank",       "u",  G_CALLBACK (print_blank_action) },
  { "win.show-events",       NULL, G_CALLBACK (show_events_action) },
  { "win.open-event-game",   "x",  G_CALLBACK (open_event_game_action) },
  { "win.play-event-boards", "(xuu)", G_CALLBACK (play_event_boards_action) },
  { "win.show-leaderboard",  NULL, G_CALLBACK (show_leaderboard_action) },
  { "win.show-section",      "s",  G_CALLBACK (show_section_action) },
};

static void
lw_window_class_init (LwWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = lw_window_constructed;
  object_class->dispose = lw_window_dispose;
  object_class->finalize = lw_window_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = lw_window_close_request;
  object_class->get_property = lw_window_get_property;
  object_class->set_property = lw_window_set_property;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         LW_TYPE_STORE,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The other pages are made in code when first shown. */
  g_type_ensure (LW_TYPE_GAMES_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LwWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, LwWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, LwWindow, games_page);
  gtk_widget_class_bind_template_child (widget_class, LwWindow, switcher_bar);

  lw_widget_class_install_actions (widget_class, window_actions, G_N_ELEMENTS (window_actions));

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.show-help-overlay", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, GDK_CONTROL_MASK, "win.show-help-overlay", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new-game", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.import", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.show-games", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_CONTROL_MASK,
                                         "win.show-section", "s", sections[i].name);
}

static void
lw_window_init (LwWindow *self)
{
  GtkDropTarget *target;

  self->cancellable = g_cancellable_new ();
  self->changed_games = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->reload_games = TRUE;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* The sections' stack holds empty pages: it only names the sections
   * for the switchers, which follow the leaflet. */
  self->sections = g_object_ref_sink (ADW_VIEW_STACK (adw_view_stack_new ()));
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      AdwViewStackPage *page = adw_view_stack_add_titled (self->sections,
                                                          gtk_box_new (GTK_ORIENTATION_VERTICAL, 0),
                                                          sections[i].name,
                                                          _(sections[i].title));

      adw_view_stack_page_set_icon_name (page, sections[i].icon);
    }
  adw_view_switcher_bar_set_stack (self->switcher_bar, self->sections);
  add_section_switcher (self, GTK_WIDGET (self->games_page), "games");
  g_signal_connect_object (self->sections, "notify::visible-child-name",
                           G_CALLBACK (sections_visible_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->leaflet, "notify::visible-child-name",
                           G_CALLBACK (leaflet_visible_cb), self, G_CONNECT_SWAPPED);

  target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}
