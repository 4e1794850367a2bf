/* lw-store-rounds.h — a game's rounds: appended and removed as they are played,
 * corrected through the edit log, undone and reverted
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * lw_store_append_round:
 * @self: a store
 * @id: a game ID
 * @round: the round's facts as entered
 * @error: return location for a #GError
 *
 * Appends @round to the game after replaying the game with it through the
 * engine; a round the engine refuses (bad facts, the game already over) is
 * not stored. Logged as "append_round" (lw_store_list_edits()); the notes
 * and times of the game's pending penalties go to the round's matching
 * penalties, and the pending ones are cleared
 * (lw_store_add_pending_penalty()). A round that finishes a game kept for
 * an event's table (lw_store_start_event_table_game()) makes the game the
 * table's result in the same transaction; a result the event refuses
 * (lw_store_set_event_game_result()'s errors) fails the round. The same
 * holds for lw_store_replace_round(), lw_store_insert_round() and
 * lw_store_delete_round().
 *
 * Errors: %LW_ENGINE_ERROR_INVALID, %LW_ENGINE_ERROR_GAME_OVER,
 * %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_append_round (LwStore        *self,
                                gint64          id,
                                const LwRound  *round,
                                GError        **error);

/**
 * lw_store_append_round_read_back:
 * @self: a store
 * @id: a game ID
 * @round: the round's facts as entered
 * @game: (out) (transfer full): the game after the write, as
 *   lw_store_load_game() would read it (its record with the round added,
 *   the seats' history, the details), taken from the write's own
 *   transaction instead of read from the file again; untouched on error
 * @error: return location for a #GError
 *
 * lw_store_append_round(), for a caller that shows the game next: the
 * game is read once, under the write lock, replayed once with @round and
 * handed out as stored.
 *
 * Errors: those of lw_store_append_round().
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_append_round_read_back (LwStore        *self,
                                          gint64          id,
                                          const LwRound  *round,
                                          LwStoredGame  **game,
                                          GError        **error);

/**
 * lw_store_append_round_known:
 * @self: a store
 * @id: a game ID
 * @version: (inout): the game's version (lw_store_get_game_version()) at
 *   which @record and @standings were read; on success, the version the
 *   write gave it
 * @record: the game as stored at *@version (lw_store_load_game_as_stored()
 *   with lw_store_read_game_rules()), kept by the caller between writes;
 *   on success a copy of @round is appended to it, else it is untouched
 * @standings: (inout) (transfer full): @record's standings, every round
 *   scored; on success replaced by the standings with @round
 * @round: the round's facts as entered
 * @error: return location for a #GError
 *
 * lw_store_append_round() for a caller that keeps a game in memory between
 * writes (table entry's server): in one write transaction the game's
 * version is checked against *@version, and only @round is scored
 * (lw_store_append_round()'s rulings through lw_standings_extend(),
 * SCORING R1–R25) instead of the game read and replayed again; the rows,
 * the edit log, the pending penalties and the result cache are written as
 * lw_store_append_round() writes them. A version tells every change logged
 * to the game, not a player renamed: a caller that keeps a game reads it
 * again once another connection has written (lw_store_get_data_version()).
 *
 * Errors: %LW_STORE_ERROR_CHANGED when the game is no longer at *@version
 * (read it again), %LW_STORE_ERROR_NOT_FOUND, or those of
 * lw_store_append_round().
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_append_round_known (LwStore        *self,
                                      gint64          id,
                                      gint64         *version,
                                      LwGameRecord   *record,
                                      LwStandings   **standings,
                                      const LwRound  *round,
                                      GError        **error);

/**
 * lw_store_remove_last_round:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * Removes the game's last round (undo). Nothing happens when it has none.
 * Logged as "delete_round".
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_store_remove_last_round (LwStore  *self,
                                     gint64    id,
                                     GError  **error);

/**
 * lw_store_replace_round:
 * @self: a store
 * @id: a game ID
 * @number: the round to replace, 1..rounds
 * @round: its new facts
 * @error: return location for a #GError
 *
 * Replaces round @number after lw_edit_apply() has replayed the whole game
 * with it (SCORING R18–R25), in one transaction, and logs the change
 * ("replace_round", old and new round JSON). Later rounds' dealer checks
 * follow the new rotation (lw_edit_apply()). The notes of the round's
 * penalties are kept for the penalties that stay at the same place with
 * the same seat and kind. On any error nothing changes.
 *
 * Errors: the engine's (%LW_ENGINE_ERROR_INVALID, %LW_ENGINE_ERROR_GAME_OVER:
 * "replacing round 2: the game would end after round 3 …"),
 * %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_replace_round (LwStore        *self,
                                 gint64          id,
                                 guint           number,
                                 const LwRound  *round,
                                 GError        **error);

/**
 * lw_store_insert_round:
 * @self: a store
 * @id: a game ID
 * @number: the new round's number, 1..rounds+1: it goes before the round
 *   that has @number now (rounds + 1 appends)
 * @round: its facts
 * @error: return location for a #GError
 *
 * Like lw_store_replace_round(); later rounds are renumbered, and
 * substitutes that took a seat from a later round move with them. Logged
 * as "insert_round".
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_insert_round (LwStore        *self,
                                gint64          id,
                                guint           number,
                                const LwRound  *round,
                                GError        **error);

/**
 * lw_store_delete_round:
 * @self: a store
 * @id: a game ID
 * @number: the round to delete, 1..rounds
 * @error: return location for a #GError
 *
 * Like lw_store_replace_round(); later rounds move up by one. Logged as
 * "delete_round" with the round's JSON. The notes of its penalties go with
 * it (an undo brings the round back, not its notes).
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_delete_round (LwStore  *self,
                                gint64    id,
                                guint     number,
                                GError  **error);

/**
 * lw_store_list_edits:
 * @self: a store
 * @id: a game ID; the game may have been deleted
 * @error: return location for a #GError
 *
 * The game's edit log, oldest first. Every change made through the store
 * is there: rounds appended (lw_store_append_round()), replaced, inserted
 * and deleted (lw_store_remove_last_round() too), substitutes, notes,
 * details, the game's deletion. Undone changes stay, marked @undone.
 *
 * Returns: (transfer full) (element-type LwLoggedEdit*) (nullable): the
 *   entries (empty for a game without changes or an unknown ID), %NULL on
 *   error.
 */
GPtrArray *lw_store_list_edits (LwStore  *self,
                                gint64    id,
                                GError  **error);

/**
 * lw_store_undo_last_edit:
 * @self: a store
 * @id: a game ID (also of a deleted game)
 * @error: return location for a #GError
 *
 * Reverts the game's latest change that has not been undone, in one
 * transaction. The entry stays in the log and is marked undone (no new
 * entry is written), so calling this again reverts the change before it.
 * A round change is reverted through the engine like any edit; a deleted
 * game comes back with its ID, rounds, details, substitutes and penalty
 * notes (lw_store_restore_game()).
 *
 * Errors: %LW_STORE_ERROR_NOTHING_TO_UNDO, the engine's errors when the
 * revert would make the game invalid (never for the latest change),
 * another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when reverted.
 */
gboolean lw_store_undo_last_edit (LwStore  *self,
                                  gint64    id,
                                  GError  **error);

/**
 * lw_store_get_last_edit:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * The change that lw_store_undo_last_edit() would undo now: the game's
 * latest edit log entry that stands (not undone, not a rename of the
 * names migration).
 *
 * Errors: %LW_STORE_ERROR_NOTHING_TO_UNDO, another %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (nullable): the entry, or %NULL on error.
 */
LwLoggedEdit *lw_store_get_last_edit (LwStore  *self,
                                      gint64    id,
                                      GError  **error);

/**
 * lw_store_revert_edit:
 * @self: a store
 * @id: a game ID
 * @entry_id: the ID of an entry of the game's edit log (#LwLoggedEdit)
 * @error: return location for a #GError
 *
 * Reverts one past change of the game, whatever came after it, by applying
 * its inverse as a new change, in one transaction: the log only grows, and
 * the revert is itself an entry that can be reverted or undone. A round
 * appended or inserted is deleted ("delete_round"), a round replaced gets
 * its old facts back ("replace_round"), a round deleted comes back at its
 * place ("insert_round"); each through the engine like any edit (SCORING
 * R18–R25), with the same replay checks. A substitute is reverted while
 * the seat still has the player it left (the seat given back is logged as
 * "substitute" with `"gives_back": true` in its new JSON); notes, date and
 * place get their old values. A deleted game comes back as with
 * lw_store_restore_game() (the deletion is marked undone). On any error
 * nothing changes.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND (no such entry for @id),
 * %LW_STORE_ERROR_INVALID (the entry was undone already; a rename of the
 * names migration; the round the change left, or the seat's player, has
 * changed since: "round 3 is no longer the round this change left …"),
 * the engine's errors when the game no longer replays with the revert
 * (%LW_ENGINE_ERROR_INVALID, %LW_ENGINE_ERROR_GAME_OVER), another
 * %LW_STORE_ERROR.
 *
 * Returns: %TRUE when reverted.
 */
gboolean lw_store_revert_edit (LwStore  *self,
                               gint64    id,
                               gint64    entry_id,
                               GError  **error);

/**
 * lw_store_replace_round_ending_game:
 * @self: a store
 * @id: a game ID
 * @number: the round to replace, 1..rounds
 * @round: its new facts
 * @end: (out) (optional): the round after which the game now ends when
 *   later rounds were deleted, else 0
 * @error: return location for a #GError
 *
 * Like lw_store_replace_round(), for a correction after which the game
 * ends before its last round (SCORING R23–R25; lw_edit_ends_game_at()):
 * the rounds after the new end are deleted first, from the last, each
 * logged as "delete_round" (so each can be brought back from the edit
 * log), then round @number is replaced, all in one transaction. A
 * correction that does not end the game early is just stored.
 *
 * Errors: as lw_store_replace_round(), without %LW_ENGINE_ERROR_GAME_OVER.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_replace_round_ending_game (LwStore        *self,
                                             gint64          id,
                                             guint           number,
                                             const LwRound  *round,
                                             guint          *end,
                                             GError        **error);

G_END_DECLS
