/* lw-window-private.h — the window's insides, shared by its files
 * (lw-window.c, lw-window-files.c), and what the UI tests read of it.
 * Included by those files and the tests only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-events-page.h"
#include "lw-game-page.h"
#include "lw-games-page.h"
#include "lw-leaderboard-page.h"
#include "lw-new-game-page.h"
#include "lw-stats-page.h"
#include "lw-store-watch.h"
#include "lw-table-page.h"
#include "lw-window.h"

G_BEGIN_DECLS

struct _LwWindow
{
  AdwApplicationWindow parent_instance;

  /* template widgets */
  AdwToastOverlay *toast_overlay;
  AdwLeaflet *leaflet;
  LwGamesPage *games_page;
  AdwViewSwitcherBar *switcher_bar;

  /* borrowed: made when first needed, held by the leaflet */
  LwNewGamePage *new_game_page;
  LwGamePage *game_page;
  LwStatsPage *stats_page;
  LwTablePage *table_page;
  LwEventsPage *events_page;
  LwLeaderboardPage *leaderboard_page;

  /* owned */
  AdwViewStack *sections;     /* the app's sections, for the switchers only: the
                               * pages themselves live in the leaflet */
  LwStore *store;
  LwStoreWatch *watch;        /* tells the pages what changed in @store */
  LwClubAuto *club_auto;      /* syncs @store with its club server */
  GCancellable *cancellable;
  GtkFileChooserNative *chooser;
  GHashTable *changed_games;  /* gint64* ID → itself: to read again on the start page */
  char *host_address;         /* a table hosted again listens here (tests), or NULL: New Game's */
  guint host_port;

  AdwViewSwitcherTitle *switcher_titles[4]; /* borrowed: in each section's header */

  guint busy : 1;
  guint syncing_sections : 1; /* the leaflet is being followed by the switchers */
  guint reload_games : 1;     /* read every game again on the start page */
  guint game_from_event : 1;  /* the game shown is an event table's: Back returns to the event */
};

/* Shared by the page's files */

/* A game hosted again when opened (lw_window_open_game()) listens on
 * @address:@port (0: any free port) rather than on the computer's first
 * network address at the default port. For tests. */
void lw_window_set_host_address (LwWindow   *self,
                                 const char *address,
                                 guint       port);

/* win.backup: the database copied to a file chosen (lw-window-files.c). */
void lw_window_backup_action (LwWindow *self,
                              GVariant *parameter);

/* win.export-csv: game @parameter's score sheet to a CSV file chosen
 * (lw-window-files.c). */
void lw_window_export_csv_action (LwWindow *self,
                                  GVariant *parameter);

/* win.import: game files chosen (one or many; each a record, JSON Lines
 * or an array), then imported in an LwImportDialog (lw-window-files.c). */
void lw_window_import_action (LwWindow *self,
                              GVariant *parameter);

/* win.import-file: the game file named by @parameter (a command-line
 * argument) imported (lw-window-files.c). */
void lw_window_import_file_action (LwWindow *self,
                                   GVariant *parameter);

/* win.import-files (as): the files named imported in an LwImportDialog,
 * as win.import imports the files chosen (lw-window-files.c). */
void lw_window_import_files_action (LwWindow *self,
                                    GVariant *parameter);

/* win.restore: a backup chosen, then restored once confirmed
 * (lw-window-files.c). */
void lw_window_restore_action (LwWindow *self,
                               GVariant *parameter);

/* The start page: only the games changed since it was last shown are read
 * again, unless everything may have changed (a restore). */
void lw_window_show_games (LwWindow *self);

/* "win.undo-restore" (s): the safety copy a restore made is restored. */
void lw_window_undo_restore_action (LwWindow *self,
                                    GVariant *parameter);

/* Shared by the page's files */

/* A game hosted again when opened (lw_window_open_game()) listens on
 * @address:@port (0: any free port) rather than on the computer's first
 * network address at the default port. For tests. */
void lw_window_set_host_address (LwWindow   *self,
                                 const char *address,
                                 guint       port);

/* Marks the window busy (an import under way: win.import disabled) or
 * not, notifying #LwWindow:busy. */
void lw_window_set_busy (LwWindow *self,
                         gboolean  busy);

/* @@INTERNALS@@ */

/* What the tests read */

/**
 * lw_window_add_toast:
 * @self: a window
 * @title: the message, plain text
 *
 * Shows a short message at the bottom of the window.
 *
 * Returns: (transfer none): the toast, owned by the window.
 */
AdwToast *lw_window_add_toast (LwWindow   *self,
                               const char *title);

/**
 * lw_window_confirm_restore:
 * @self: a window
 * @path: a backup file
 *
 * Asks whether to replace every stored game with the backup's (an
 * #AdwMessageDialog, responses "cancel" and "restore"), saying where the
 * safety copy of the scores now stored goes (lw_store_new_safety_copy_path(),
 * next to the database). "restore" makes that copy and restores
 * (lw_store_restore_keeping_copy()), then a toast names the copy and
 * offers Undo Restore ("win.undo-restore" with the copy's path), which
 * restores the copy.
 */
void lw_window_confirm_restore (LwWindow   *self,
                                const char *path);

/**
 * lw_window_export_csv_to:
 * @self: a window
 * @id: a stored game's ID
 * @file: where to write
 * @error: return location for a #GError
 *
 * Writes game @id's score sheet as CSV (lw_csv_score_sheet()), as the
 * "win.export-csv" action does after its file chooser.
 *
 * Returns: %TRUE when written.
 */
gboolean lw_window_export_csv_to (LwWindow  *self,
                                  gint64     id,
                                  GFile     *file,
                                  GError   **error);

/**
 * lw_window_get_busy:
 *
 * Returns: %TRUE while an import is being read.
 */
gboolean lw_window_get_busy (LwWindow *self);

/** Returns: (transfer none): the events page (win.show-events), made when first asked for. */
LwEventsPage *lw_window_get_events_page (LwWindow *self);

/** Returns: (transfer none): the game page. */
LwGamePage *lw_window_get_game_page (LwWindow *self);

/** Returns: (transfer none): the page listing the games. */
LwGamesPage *lw_window_get_games_page (LwWindow *self);

/** Returns: (transfer none): the leaderboard page (win.show-leaderboard), made when first asked for. */
LwLeaderboardPage *lw_window_get_leaderboard_page (LwWindow *self);

/** Returns: (transfer none): the new-game page. */
LwNewGamePage *lw_window_get_new_game_page (LwWindow *self);

/** Returns: (transfer none): the players' statistics page (win.show-players). */
LwStatsPage *lw_window_get_stats_page (LwWindow *self);

/**
 * lw_window_get_table_page:
 * @self: a window
 *
 * Returns: (transfer none): the virtual table's page (made when first
 *   asked for).
 */
LwTablePage *lw_window_get_table_page (LwWindow *self);

/** Returns: (transfer none): "games", "new-game", "game", "table", "players", "events" or "leaderboard". */
const char *lw_window_get_visible_page (LwWindow *self);

/**
 * lw_window_import_file:
 * @self: a window
 * @file: a game record (docs/rules/GAME-RECORD.md JSON)
 *
 * Reads @file, stores it as a new game and shows it; an error is shown in
 * a dialog, in words. Asynchronous: see #LwWindow:busy.
 */
void lw_window_import_file (LwWindow *self,
                            GFile    *file);

/**
 * lw_window_import_files:
 * @self: a window
 * @files: (element-type GFile): local files, each one record, JSON Lines
 *   or a JSON array of records
 *
 * Imports @files on a worker thread, in an #LwImportDialog of their own
 * that shows the progress and then the report; the window stays usable
 * meanwhile, and its views read the games stored at the end.
 */
void lw_window_import_files (LwWindow  *self,
                             GPtrArray *files);

/**
 * lw_window_open_game:
 * @self: a window
 * @id: a stored game's ID
 * @error: return location for a #GError
 *
 * Shows the game page for game @id.
 *
 * Returns: %TRUE when the game was loaded.
 */
gboolean lw_window_open_game (LwWindow  *self,
                              gint64     id,
                              GError   **error);

/**
 * lw_window_reload_game:
 * @self: a window
 * @id: a game that changed outside the window (a round entered from a
 *   phone, lw-entry-requests.h)
 *
 * The game page reloads @id when it shows it (the round being typed in its
 * form stays), and the start page reads it again when next shown.
 */
void lw_window_reload_game (LwWindow *self,
                            gint64    id);

/**
 * lw_window_restore_from:
 * @self: a window
 * @path: a backup file
 * @error: return location for a #GError
 *
 * Replaces the database's contents with the backup's
 * (lw_store_restore_from()) and shows the games list again.
 *
 * Returns: %TRUE when restored.
 */
gboolean lw_window_restore_from (LwWindow    *self,
                                 const char  *path,
                                 GError     **error);

G_END_DECLS
