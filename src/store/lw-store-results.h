/* lw-store-results.h — the games the ratings read and each game's status
 * in the games list, through the cache of each game's final result
 * (schema 7; lw-store-results.c)
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

/**
 * LwGameState:
 * @LW_GAME_STATE_ONGOING: the rounds replay and the game goes on
 * @LW_GAME_STATE_FINISHED: the rounds replay and a side has won
 *   (SCORING R23–R25, G2)
 * @LW_GAME_STATE_BROKEN: the rounds do not replay, or its rows are
 *   damaged
 *
 * Where a stored game stands, as its replay (lw_standings_compute()) says.
 */
typedef enum {
  LW_GAME_STATE_ONGOING,
  LW_GAME_STATE_FINISHED,
  LW_GAME_STATE_BROKEN,
} LwGameState;

/**
 * LwGameStatus:
 * @id: the game's ID
 * @state: where it stands
 *
 * One game's status in a list of games.
 */
typedef struct {
  gint64      id;
  LwGameState state;
} LwGameStatus;

/**
 * lw_store_list_game_statuses:
 * @self: a store
 * @stale: (element-type gint64): the IDs of the games whose status the
 *   cache does not know are appended here, the highest (the newest) first
 * @error: return location for a #GError
 *
 * Every game's status from the result cache, without a replay: one pass
 * over the games' IDs and versions and one over the cache rows (for
 * 100,000 games, some hundredths of a second). A game whose row is missing, of another version than the
 * game's, or does not read back is not in the list but in @stale: give
 * those to lw_store_replay_game_statuses().
 *
 * Errors: a %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (element-type LwGameStatus) (nullable): the
 *   statuses the cache knows, the highest ID first; %NULL on error.
 */
GArray *lw_store_list_game_statuses (LwStore  *self,
                                     GArray   *stale,
                                     GError  **error);

/**
 * lw_store_replay_game_statuses:
 * @self: a store
 * @ids: (array length=n_ids): game IDs, e.g. a batch of those
 *   lw_store_list_game_statuses() found stale
 * @n_ids: how many
 * @keep_rows: whether to write the games' cache rows
 * @statuses: (element-type LwGameStatus): each game's status is appended
 *   here, in the order of @ids; a game deleted meanwhile is left out, a
 *   game whose rows are damaged is %LW_GAME_STATE_BROKEN
 * @error: return location for a #GError
 *
 * Replays the games from their rounds, in one read, and with @keep_rows
 * writes their cache rows after it (at the versions read, in one
 * transaction, as lw_store_load_rating_games() does): the next list
 * finds them. A row that cannot be written (another program holds the
 * database, a full disk, a damaged file) is left for the next time.
 *
 * Errors: a %LW_STORE_ERROR when the games cannot be read.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_store_replay_game_statuses (LwStore       *self,
                                        const gint64  *ids,
                                        guint          n_ids,
                                        gboolean       keep_rows,
                                        GArray        *statuses,
                                        GError       **error);

G_END_DECLS
