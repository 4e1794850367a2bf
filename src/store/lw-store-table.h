/* lw-store-table.h — games played at the virtual table: the seats and the
 * round in progress, kept beside the game (schema 5), and the action log
 * of every round played to its end, for replays (schema 6)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * LwStoredTable:
 * @game: the game's ID
 * @seats: (transfer full): the seat setup, lw_table_seats_to_json()
 * @round_number: the game's round (1-based) that @round deals, 0 when no
 *   round is in progress
 * @round: (nullable) (transfer full): the round in progress,
 *   lw_table_to_json(); %NULL between rounds
 * @saved_at: when it was saved, seconds since 1970 (UTC)
 *
 * A game's virtual table. The finished rounds are the game's rounds, stored
 * as any game's (lw_store_append_round()).
 */
typedef struct {
  gint64  game;
  char   *seats;
  guint   round_number;
  char   *round;
  gint64  saved_at;
} LwStoredTable;

void lw_stored_table_free (LwStoredTable *table);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwStoredTable, lw_stored_table_free)

/**
 * lw_store_save_table:
 * @self: a store
 * @id: a game ID
 * @seats: the seat setup (JSON)
 * @round_number: the round @round deals (1-based), or 0 for none
 * @round: (nullable): the round in progress (JSON), %NULL between rounds
 * @error: return location for a #GError
 *
 * Stores (or replaces) the game's virtual table, in one transaction. Not
 * logged in the edit log: a round in progress changes no score. Saved
 * after every play, it is committed without waiting for the disk
 * (lw_store_begin_write_unsynced()): a crash of the program loses none of
 * it, a power cut at worst the plays since the last write that waited
 * (the last round stored, lw_store_finish_virtual_round()).
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND when there is no such game,
 * %LW_STORE_ERROR_INVALID for a @round without a @round_number, or
 * another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_save_table (LwStore     *self,
                              gint64       id,
                              const char  *seats,
                              guint        round_number,
                              const char  *round,
                              GError     **error);

/**
 * lw_store_load_table:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND when the game has no virtual table
 * (a game kept on paper, or one whose table was removed), or another
 * %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (nullable): the table.
 */
LwStoredTable *lw_store_load_table (LwStore  *self,
                                    gint64    id,
                                    GError  **error);

/**
 * lw_store_has_table:
 * @self: a store
 * @id: a game ID
 *
 * Returns: %TRUE when the game has a virtual table (an error reads as
 *   %FALSE).
 */
gboolean lw_store_has_table (LwStore *self,
                             gint64   id);

/**
 * lw_store_remove_table:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * Removes the game's virtual table (the game is over, or is kept on paper
 * from now on), and forgets its hosting (lw_store_forget_hosted_table():
 * its links open nothing from now on), in one transaction; its rounds
 * stay. Nothing happens when it has none.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_store_remove_table (LwStore  *self,
                                gint64    id,
                                GError  **error);

/**
 * lw_store_append_virtual_round:
 * @self: a store
 * @id: a game ID
 * @round: the round's facts (lw_table_round_facts())
 * @log_json: the finished round, lw_table_to_json() of a table in
 *   %LW_PHASE_END: the deal and every action, which gave @round
 * @number: (out) (optional): the round's number in the game, 1-based
 * @error: return location for a #GError
 *
 * Appends @round to the game as lw_store_append_round() does and keeps
 * @log_json as its log, in one transaction: both are stored or neither.
 *
 * Errors: those of lw_store_append_round(); %LW_STORE_ERROR_INVALID when
 * @log_json is not a finished round (nothing is stored then).
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_append_virtual_round (LwStore        *self,
                                        gint64          id,
                                        const LwRound  *round,
                                        const char     *log_json,
                                        guint          *number,
                                        GError        **error);

/**
 * lw_store_add_round_log:
 * @self: a store
 * @id: a game ID
 * @number: one of its stored rounds, 1-based
 * @log_json: that round as played, lw_table_to_json() of a table in
 *   %LW_PHASE_END
 * @error: return location for a #GError
 *
 * Keeps (or replaces) the action log of a round already stored, in one
 * transaction. A round being stored from the table goes with its log
 * through lw_store_append_virtual_round() instead.
 *
 * The log follows its round: renumbered when a round is inserted or
 * deleted before it, dropped when the round is deleted
 * (lw_store_delete_round(), lw_store_remove_last_round(), an undo of its
 * append) or its facts or dealer are corrected by hand
 * (lw_store_replace_round(), or an edit that changes its dealer check),
 * and deleted with the game. A restored game comes back without its logs.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND when the game has no such round,
 * %LW_STORE_ERROR_INVALID when @log_json is not a finished round, or
 * another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_add_round_log (LwStore     *self,
                                 gint64       id,
                                 guint        number,
                                 const char  *log_json,
                                 GError     **error);

/**
 * lw_store_load_round_log:
 * @self: a store
 * @id: a game ID
 * @number: a round, 1-based
 * @error: return location for a #GError
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND when the round has no log (a round
 * entered by hand, one corrected since, or no such round), or another
 * %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (nullable): the round's log as stored, for
 *   lw_table_from_json().
 */
char *lw_store_load_round_log (LwStore  *self,
                               gint64    id,
                               guint     number,
                               GError  **error);

/**
 * lw_store_has_round_log:
 * @self: a store
 * @id: a game ID
 * @number: a round, 1-based
 *
 * Returns: %TRUE when the round has a log to replay (an error reads as
 *   %FALSE).
 */
gboolean lw_store_has_round_log (LwStore *self,
                                 gint64   id,
                                 guint    number);

/**
 * lw_store_reload_game:
 * @self: a store
 * @id: a game ID
 * @record: (inout) (transfer full): replaced by the game as stored (the
 *   old one freed; %NULL at first)
 * @standings: (inout) (transfer full): replaced by its standings
 *   (lw_standings_compute())
 * @error: return location for a #GError
 *
 * Reads a game and its standings again, as the virtual table does after
 * every stored round. On an error both are left as they were.
 *
 * Errors: those of lw_store_load_game() and lw_standings_compute().
 *
 * Returns: %TRUE when read.
 */
gboolean lw_store_reload_game (LwStore        *self,
                               gint64          id,
                               LwGameRecord  **record,
                               LwStandings   **standings,
                               GError        **error);

/**
 * lw_store_finish_virtual_round:
 * @self: a store
 * @id: a game played at the virtual table
 * @table: its round just played to the end (%LW_PHASE_END)
 * @seats: the table's seats (lw_table_seats_to_json())
 * @record: (inout) (transfer full): the game as the caller holds it (its
 *   sides give the round's facts); replaced by the game as stored now
 *   once the round is stored
 * @standings: (inout) (transfer full): its standings, replaced with it
 * @error: return location for a #GError
 *
 * The end of a round at the virtual table, for the app's table and the
 * remote table alike: the round's facts (lw_table_round_facts()) and its
 * log stored (as lw_store_append_virtual_round(), one transaction), the
 * game taken as that transaction leaves it (lw_store_append_round_read_back(),
 * not read again) and only the new round scored (lw_standings_extend();
 * every round when another program has changed the game since @record),
 * then the table kept for the next deal
 * (lw_store_save_table() without a round) or removed when the scoring
 * engine ended the game (SCORING R23, R24).
 *
 * Errors: those of the store and of the scoring engine. When *@record is
 * still the caller's, nothing was stored; when it was replaced, the round
 * is stored and only keeping or removing the table failed.
 *
 * Returns: %TRUE when all went through.
 */
gboolean lw_store_finish_virtual_round (LwStore        *self,
                                        gint64          id,
                                        const LwTable  *table,
                                        const char     *seats,
                                        LwGameRecord  **record,
                                        LwStandings   **standings,
                                        GError        **error);

G_END_DECLS
