/* lw-window.h — a window on one database: the games, a new game, a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_WINDOW (lw_window_get_type ())
G_DECLARE_FINAL_TYPE (LwWindow, lw_window, LW, WINDOW, AdwApplicationWindow)

typedef struct _LwApplication LwApplication;
typedef struct _LwGamesPage LwGamesPage;
typedef struct _LwNewGamePage LwNewGamePage;
typedef struct _LwGamePage LwGamePage;
typedef struct _LwStatsPage LwStatsPage;
typedef struct _LwTablePage LwTablePage;
typedef struct _LwEventsPage LwEventsPage;
typedef struct _LwLeaderboardPage LwLeaderboardPage;

/**
 * lw_window_new:
 * @application: the application
 * @store: the open database; the window keeps a reference
 *
 * Returns: (transfer none): a new window showing the games of @store.
 */
LwWindow *lw_window_new (LwApplication *application,
                         LwStore       *store);

/** Returns: (transfer none): the window's database. */
LwStore *lw_window_get_store (LwWindow *self);

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
 *   phone, lw-table-entry.h)
 *
 * The game page reloads @id when it shows it (the round being typed in its
 * form stays), and the start page reads it again when next shown.
 */
void lw_window_reload_game (LwWindow *self,
                            gint64    id);

/**
 * lw_window_import_file:
 * @self: a window
 * @file: a game record (GAME-RECORD.md JSON)
 *
 * Reads @file, stores it as a new game and shows it; an error is shown in
 * a dialog, in words. Asynchronous: see #LwWindow:busy.
 */
void lw_window_import_file (LwWindow *self,
                            GFile    *file);

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
 * lw_window_get_busy:
 *
 * Returns: %TRUE while an import is being read.
 */
gboolean lw_window_get_busy (LwWindow *self);

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

/** Returns: (transfer none): "games", "new-game", "game", "table", "players", "events" or "leaderboard". */
const char *lw_window_get_visible_page (LwWindow *self);

/** Returns: (transfer none): the page listing the games. */
LwGamesPage *lw_window_get_games_page (LwWindow *self);

/** Returns: (transfer none): the new-game page. */
LwNewGamePage *lw_window_get_new_game_page (LwWindow *self);

/** Returns: (transfer none): the game page. */
LwGamePage *lw_window_get_game_page (LwWindow *self);

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

/** Returns: (transfer none): the events page (win.show-events), made when first asked for. */
LwEventsPage *lw_window_get_events_page (LwWindow *self);

/** Returns: (transfer none): the leaderboard page (win.show-leaderboard), made when first asked for. */
LwLeaderboardPage *lw_window_get_leaderboard_page (LwWindow *self);

G_END_DECLS
