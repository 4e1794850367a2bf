/* lw-games-page.h — the start page: ongoing and finished games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_GAMES_PAGE (lw_games_page_get_type ())
G_DECLARE_FINAL_TYPE (LwGamesPage, lw_games_page, LW, GAMES_PAGE, AdwBin)

void lw_games_page_set_store (LwGamesPage *self,
                              LwStore     *store);

/**
 * lw_games_page_reload:
 * @self: the page
 * @error: return location for a #GError
 *
 * Lists the store's games again, newest first, from their summaries
 * (lw_store_list_game_summaries()); each game's status and scores are
 * filled in by a worker thread as they are computed (see
 * lw_games_page_get_loading()).
 *
 * Returns: %TRUE on success.
 */
gboolean lw_games_page_reload (LwGamesPage  *self,
                               GError      **error);

/**
 * lw_games_page_refresh_game:
 * @self: the page
 * @id: a game's ID, > 0
 * @error: return location for a #GError (LW_STORE_ERROR)
 *
 * Reads and scores one game again after it changed, was added or was
 * deleted, instead of every game (lw_games_page_reload()): a new game goes
 * first, a deleted one leaves the list. While the games are still being
 * read it reloads them all.
 *
 * Returns: %TRUE on success; %FALSE with @error set when the database
 *   cannot be read (the list is left as it was).
 */
gboolean lw_games_page_refresh_game (LwGamesPage  *self,
                                     gint64        id,
                                     GError      **error);

/** Returns: %TRUE while the games' statuses are being computed. */
gboolean lw_games_page_get_loading (LwGamesPage *self);

/** Runs the main loop until every game's status is known. */
void lw_games_page_wait (LwGamesPage *self);

/**
 * lw_games_page_get_n_games:
 * @self: the page
 * @finished: which games
 *
 * Waits for the statuses (lw_games_page_wait()).
 *
 * Returns: the ongoing or the finished games.
 */
guint lw_games_page_get_n_games (LwGamesPage *self,
                                 gboolean     finished);

/**
 * lw_games_page_set_show:
 * @self: the page
 * @show: 0 every game, 1 the ongoing ones, 2 the finished ones
 *
 * Filters the list, as the buttons above it do.
 */
void lw_games_page_set_show (LwGamesPage *self,
                             int          show);

/**
 * lw_games_page_search:
 * @self: the page
 * @text: (nullable): part of a player's name; %NULL closes the search
 *
 * Shows only the games where a player's name contains @text (case and
 * Unicode composition aside), as typing in the search bar (Ctrl+F) does.
 */
void lw_games_page_search (LwGamesPage *self,
                           const char  *text);

/** Returns: the rows in the list as filtered. */
guint lw_games_page_get_n_shown (LwGamesPage *self);

/** Returns: the ID of the game at @position of the filtered list, 0 when none. */
gint64 lw_games_page_get_game_id (LwGamesPage *self,
                                  guint        position);

/** Returns: (transfer full) (nullable): the row's title and status, a line each. */
char *lw_games_page_get_row_text (LwGamesPage *self,
                                  guint        position);

G_END_DECLS
