/* lw-store-event-pars.h — a duplicate event's par results in the database
 * (lw-store-event-pars.c; docs/rules/DUPLICATE.md D10; schema 19)
 *
 * A board's par is kept beside the event in event_board_pars, one row per
 * board (its level and its round's facts); the event's standings and
 * travelling sheets never read it (lw_store_load_event() leaves it out).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-engine.h"
#include "lw-store.h"

G_BEGIN_DECLS

/**
 * lw_store_set_event_board_pars:
 * @self: a store
 * @id: a duplicate event's ID
 * @pars: (element-type LwBoardPar): the pars to store
 *   (lw_duplicate_play_par()), each for a board of the event
 * @error: return location for a #GError
 *
 * Stores each par of @pars, replacing the board's earlier par (whatever
 * its level), all in one transaction: each is scored again first
 * (lw_duplicate_score_par(), DUPLICATE D4) and written as its level's
 * name and its facts as lw_round_to_json() writes them.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND for no such event;
 * %LW_STORE_ERROR_INVALID for an event that is not a duplicate one ("Club
 * night is not a duplicate event: its boards have no par") or a board it
 * has not ("board 9: Club night plays boards 1–8 (DUPLICATE D8)"); the
 * engine's %LW_ENGINE_ERROR_INVALID for facts that are no round of the
 * board; another %LW_STORE_ERROR. Nothing is stored then.
 *
 * Returns: %TRUE when every par is stored.
 */
gboolean lw_store_set_event_board_pars (LwStore    *self,
                                        gint64      id,
                                        GPtrArray  *pars,
                                        GError    **error);

/**
 * lw_store_load_event_board_pars:
 * @self: a store
 * @event: (nullable): the event as loaded (lw_store_load_event()), or
 *   %NULL to load it here
 * @id: its ID
 * @error: return location for a #GError
 *
 * Reads the event's pars in one transaction, each scored again
 * (lw_duplicate_score_par()).
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND for no such event,
 * %LW_STORE_ERROR_NOT_A_DATABASE for a row that is no par of the event, another
 * %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (element-type LwBoardPar) (nullable): the
 *   pars by board (empty when none is stored; for another format always
 *   empty), or %NULL on error.
 */
GPtrArray *lw_store_load_event_board_pars (LwStore        *self,
                                           const LwEvent  *event,
                                           gint64          id,
                                           GError        **error);

G_END_DECLS
