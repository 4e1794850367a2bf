/* lw-store-event-rounds.h — an event's rounds in the database
 * (lw-store-event-rounds.c): pairing and storing the next round, its
 * tables' results from paper or from a stored game, and the games an
 * event's results name
 *
 * As every change to an event (lw-store-events.h), each loads the event
 * inside its BEGIN IMMEDIATE transaction, applies the engine's rule to it
 * (lw-event.h) and writes only what the engine accepted; on any error
 * nothing is written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-engine.h"
#include "lw-store.h"

G_BEGIN_DECLS

/**
 * lw_store_pair_event_round:
 * @self: a store
 * @id: an event ID
 * @error: return location for a #GError
 *
 * Pairs and seats the event's next round (lw_event_pair_next_round()) and
 * stores it; round 1 of a single elimination seeded as the event says
 * (LwEventConfig.seeding, lw_store_pair_event_round_seeded()). First, in the same transaction, a finished game kept for one
 * of the event's tables that is not yet the table's result (left so by an
 * older version) becomes it, as lw_store_set_event_game_result() makes it.
 *
 * Errors: the engine's %LW_ENGINE_ERROR_INVALID (a table of the last round
 * without a result, every round paired, too few players),
 * %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 * Returns: (transfer full) (nullable): the event with its new round last.
 */
LwEvent *lw_store_pair_event_round (LwStore  *self,
                                    gint64    id,
                                    GError  **error);

/**
 * lw_store_pair_event_round_seeded:
 * @self: a store
 * @id: an event ID
 * @seeding: how round 1 of a single elimination is seeded;
 *   %LW_SEEDING_RATING only there (lw_event_pair_next_round_seeded())
 * @error: return location for a #GError
 *
 * lw_store_pair_event_round() with the seeds of @seeding instead of the
 * event's own (LwEventConfig.seeding): the override of one pairing. The
 * seeds are kept by round 1's bracket itself (no column holds them).
 *
 * Errors: as lw_store_pair_event_round(); %LW_ENGINE_ERROR_INVALID for
 * %LW_SEEDING_RATING in another format or a later round.
 * Returns: (transfer full) (nullable): the event with its new round last.
 */
LwEvent *lw_store_pair_event_round_seeded (LwStore    *self,
                                           gint64      id,
                                           LwSeeding   seeding,
                                           GError    **error);

/**
 * lw_store_set_event_paper_result:
 * @self: a store
 * @id: an event ID
 * @round: 1-based round number
 * @table: 1-based table number
 * @scores: (array length=n_scores): final scores (lw_event_set_paper_result())
 * @n_scores: their number
 * @error: return location for a #GError
 *
 * Stores a table's scores kept on paper, replacing an earlier result
 * (a linked game is unlinked).
 *
 * Errors: %LW_ENGINE_ERROR_INVALID, %LW_ENGINE_ERROR_NOT_ENDED,
 * %LW_STORE_ERROR_NOT_FOUND, or another
 * %LW_STORE_ERROR.
 * Returns: %TRUE when stored.
 */
gboolean lw_store_set_event_paper_result (LwStore    *self,
                                          gint64      id,
                                          guint       round,
                                          guint       table,
                                          const int  *scores,
                                          guint       n_scores,
                                          GError    **error);

/**
 * lw_store_set_event_paper_result_full:
 * @self: a store
 * @id: an event ID
 * @round: 1-based round number
 * @table: 1-based table number
 * @scores: (array length=n_scores): final scores
 *   (lw_event_set_paper_result_full())
 * @n_scores: their number
 * @time_called: the game was stopped by the clock before it ended
 * @error: return location for a #GError
 *
 * lw_store_set_event_paper_result(), or with @time_called a board that no
 * game ends with. No column holds the mark: a stored paper board that
 * cannot have ended (SCORING R23–R24) is read back as time called, since
 * only a time-called result can store one.
 *
 * Errors: %LW_ENGINE_ERROR_NOT_ENDED (a board that cannot have ended,
 * without @time_called), %LW_ENGINE_ERROR_INVALID,
 * %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 * Returns: %TRUE when stored.
 */
gboolean lw_store_set_event_paper_result_full (LwStore    *self,
                                               gint64      id,
                                               guint       round,
                                               guint       table,
                                               const int  *scores,
                                               guint       n_scores,
                                               gboolean    time_called,
                                               GError    **error);

/**
 * lw_store_set_event_game_result:
 * @self: a store
 * @id: an event ID
 * @round: 1-based round number
 * @table: 1-based table number
 * @game_id: a stored game, finished, played by the table's players
 *   (lw_event_set_game_result())
 * @error: return location for a #GError
 *
 * Links the table to the game; its result is the game's replay, never a
 * copy. A game already linked to another table is refused.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID, %LW_STORE_ERROR_NOT_FOUND (the event
 * or the game), or another %LW_STORE_ERROR.
 * Returns: %TRUE when stored.
 */
gboolean lw_store_set_event_game_result (LwStore  *self,
                                         gint64    id,
                                         guint     round,
                                         guint     table,
                                         gint64    game_id,
                                         GError  **error);

/**
 * lw_store_event_game_ids:
 * @self: a store
 * @id: an event ID
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type gint64) (nullable): the IDs of
 *   the games linked to the event's tables, and for each table whose
 *   result was entered from paper minus the table's ID (as
 *   lw_rating_games_add_paper() names it), smallest first (for a
 *   leaderboard filtered by event: LwLeaderboardOptions.only_games).
 */
GArray *lw_store_event_game_ids (LwStore  *self,
                                 gint64    id,
                                 GError  **error);

G_END_DECLS
