/* lw-store-results.h — the games the ratings read, through the cache of
 * each game's final result (schema 7; lw-store-results.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-rating.h"
#include "lw-store.h"

G_BEGIN_DECLS

/**
 * lw_store_load_rating_games:
 * @self: a store
 * @error: return location for a #GError
 *
 * Every stored game that the ratings count (lw_rating_is_rated(): a
 * finished Little Wolf game with a winner), as a set for
 * lw_leaderboard_compute(), each at its played_at time (its creation time
 * when not given), its seats named as they are now, and the earlier
 * players of seats that changed hands (seat_changes) with the share of
 * the game's rounds each played (lw_rating_games_add_sub()). Games that
 * no longer replay are left out. Then every event table's result entered
 * from paper (lw_rating_games_add_paper()), at the time its round was
 * paired.
 *
 * A game's result is its replay (lw_standings_compute()) as kept in the
 * result cache (lw-store-results.c) for the game's current version
 * (lw_store_get_game_version()): every game and its cache row are read
 * with one query. A game whose row is missing, of another version, or
 * does not read back whole is replayed from its rounds, and its row is
 * written again in one transaction after the read (when another program
 * holds the database, the row is left for the next time). For 100,000
 * games with a warm cache, a fraction of a second.
 *
 * Errors: a %LW_STORE_ERROR (a damaged game among those replayed:
 * %LW_STORE_ERROR_NOT_A_DATABASE).
 * Returns: (transfer full) (nullable): the games.
 */
LwRatingGames *lw_store_load_rating_games (LwStore  *self,
                                           GError  **error);

G_END_DECLS
