/* lw-store-locks.h — what table entry keeps beside the games (schema 6):
 * the rounds a director has locked (the only "lock" of the store), the
 * game's version, and a round entered from a phone stored under both
 * checks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * lw_store_set_round_locked:
 * @self: a store
 * @id: a game ID
 * @number: a stored round, 1..rounds
 * @locked: %TRUE to lock the round, %FALSE to unlock it
 * @error: return location for a #GError
 *
 * Locks or unlocks a round for table entry: a locked round can no longer
 * be corrected from a phone (lw-entry-requests.h); the app still can. The
 * lock belongs to the round number: it stays at that number when rounds
 * are corrected, inserted or deleted in the app. Not logged: it changes no
 * score. Setting the state a round already has does nothing.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND ("game 3 has no round 9"), or another
 * %LW_STORE_ERROR.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_store_set_round_locked (LwStore   *self,
                                    gint64     id,
                                    guint      number,
                                    gboolean   locked,
                                    GError   **error);

/**
 * lw_store_list_locked_rounds:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type guint) (nullable): the numbers of
 *   the game's locked rounds, ascending (empty for none or an unknown
 *   game), %NULL on error.
 */
GArray *lw_store_list_locked_rounds (LwStore  *self,
                                     gint64    id,
                                     GError  **error);

/**
 * lw_store_is_round_locked:
 * @self: a store
 * @id: a game ID
 * @number: a round number
 * @locked: (out): whether the round is locked
 * @error: return location for a #GError
 *
 * Returns: %TRUE on success (an unknown round reads as unlocked).
 */
gboolean lw_store_is_round_locked (LwStore   *self,
                                   gint64     id,
                                   guint      number,
                                   gboolean  *locked,
                                   GError   **error);

/**
 * lw_store_get_game_version:
 * @self: a store
 * @id: a game ID
 * @version: (out): the game's version
 * @error: return location for a #GError
 *
 * A number that grows with every change to the game made through the
 * store: each entry of its edit log counts once when made and once more
 * when undone (lw_store_list_edits()). Two readings that are equal saw the
 * same rounds. A client that read the game at one version and writes at
 * another has not seen the latest change. Kept in the game's row (schema
 * 7: games.version) by triggers on the edit log, which make it grow with
 * any change to the log; the result cache (lw_store_load_rating_games())
 * is keyed by it.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_store_get_game_version (LwStore  *self,
                                    gint64    id,
                                    gint64   *version,
                                    GError  **error);

/**
 * lw_store_store_entered_round:
 * @self: a store
 * @id: a game ID
 * @number: the round, 1-based: the game's next round to append, or an
 *   existing round to correct
 * @correction: %TRUE to replace round @number, %FALSE to append it
 * @version: the game's version the round was entered against
 *   (lw_store_get_game_version())
 * @round: the round's facts; copied
 * @error: return location for a #GError
 *
 * Stores a round entered at a table (docs/TABLE-ENTRY.md), in one write
 * transaction that first checks that the game is still at @version and,
 * for a correction, that the director has not locked the round; the
 * engine checks the round as lw_store_append_round() and
 * lw_store_replace_round() do. Nothing is stored on an error.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND (no such game),
 * %LW_STORE_ERROR_CHANGED (the game changed since @version, or @number is
 * not the next round), %LW_STORE_ERROR_LOCKED (a correction of a locked
 * round), an engine error for a round the rules refuse, or another
 * %LW_STORE_ERROR.
 *
 * Returns: %TRUE when the round is stored.
 */
gboolean lw_store_store_entered_round (LwStore        *self,
                                       gint64          id,
                                       guint           number,
                                       gboolean        correction,
                                       gint64          version,
                                       const LwRound  *round,
                                       GError        **error);

G_END_DECLS
