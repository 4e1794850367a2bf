/* lw-games-page-private.h — what the UI tests read of lw-games-page.c and
 * do on it: included by that file and the tests only, never by the app's
 * other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-games-page.h"

G_BEGIN_DECLS

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
