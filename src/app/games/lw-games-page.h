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
 * filled in by a worker thread as they are computed.
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

G_END_DECLS
