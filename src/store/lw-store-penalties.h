/* lw-store-penalties.h — penalties noted as they happen, before their round is
 * stored, and the notes of stored penalties (schema 2)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * lw_store_add_pending_penalty:
 * @self: a store
 * @id: a game ID
 * @seat: the offender's seat, 0..n_players-1
 * @kind: the offence (SCORING R19)
 * @note: (nullable): what happened; notes as lw_notes_normalize() takes
 *   them (up to 10,000 characters, lines allowed, stored in NFC)
 * @error: return location for a #GError
 *
 * Notes a penalty the moment it happens, during the round being played,
 * with the time now. It does not change the score yet: the app reads the
 * pending penalties back (lw_store_list_pending_penalties()) to prefill
 * the round, and lw_store_append_round() stores the round's penalties with
 * the notes and times of the pending ones that match them in order (same
 * seat and kind), then clears the game's pending penalties.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a note the rule refuses,
 * %LW_STORE_ERROR_NOT_FOUND, %LW_STORE_ERROR_INVALID (seat out of range, a
 * Garwolf game), another %LW_STORE_ERROR.
 *
 * Returns: the pending penalty's ID (> 0), or 0 on error.
 */
gint64 lw_store_add_pending_penalty (LwStore        *self,
                                     gint64          id,
                                     int             seat,
                                     LwPenaltyKind   kind,
                                     const char     *note,
                                     GError        **error);

/**
 * lw_store_list_pending_penalties:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type LwStoredPenalty*) (nullable): the
 *   game's pending penalties in the order they were noted (@round 0).
 */
GPtrArray *lw_store_list_pending_penalties (LwStore  *self,
                                            gint64    id,
                                            GError  **error);

/**
 * lw_store_remove_pending_penalty:
 * @self: a store
 * @penalty_id: a pending penalty's ID
 * @error: return location for a #GError
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when removed.
 */
gboolean lw_store_remove_pending_penalty (LwStore  *self,
                                          gint64    penalty_id,
                                          GError  **error);

/**
 * lw_store_list_penalties:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * The penalties of the game's stored rounds, in play order, with their
 * notes and times, for the history.
 *
 * Returns: (transfer full) (element-type LwStoredPenalty*) (nullable): the
 *   penalties (@id 0).
 */
GPtrArray *lw_store_list_penalties (LwStore  *self,
                                    gint64    id,
                                    GError  **error);

/**
 * lw_store_set_penalty_note:
 * @self: a store
 * @id: a game ID
 * @round: a round number, 1-based
 * @ordinal: the penalty's place in the round, 0-based
 * @note: (nullable): the note (lw_notes_normalize(): up to 10,000
 *   characters, lines allowed, stored in NFC); %NULL removes it
 * @error: return location for a #GError
 *
 * Sets the note of a stored penalty (its time is kept). Not logged: a note
 * does not change the game.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a note the rule refuses,
 * %LW_STORE_ERROR_NOT_FOUND when there is no such penalty.
 *
 * Returns: %TRUE when set.
 */
gboolean lw_store_set_penalty_note (LwStore     *self,
                                    gint64       id,
                                    guint        round,
                                    guint        ordinal,
                                    const char  *note,
                                    GError     **error);

G_END_DECLS
