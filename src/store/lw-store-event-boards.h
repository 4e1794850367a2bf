/* lw-store-event-boards.h — a duplicate event's board results in the
 * database (lw-store-event-boards.c; docs/rules/DUPLICATE.md D9)
 *
 * As every change to an event (lw-store-events.h), entering a result loads
 * the event inside its BEGIN IMMEDIATE transaction, applies the engine's
 * rule (lw_event_add_board_result()) and writes only what the engine
 * accepted; on any error nothing is written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-engine.h"
#include "lw-store.h"

G_BEGIN_DECLS

/**
 * lw_store_add_event_board_result:
 * @self: a store
 * @id: a duplicate event's ID
 * @round: the event round, 1-based
 * @table: the table, 1-based
 * @board: the board's number
 * @facts: the board's round as entered (docs/rules/GAME-RECORD.md), seats
 *   as at the event's table
 * @error: return location for a #GError
 *
 * Enters one board's result at one table (DUPLICATE D9), scored first
 * (D4), in one transaction: a row of event_board_results holding the
 * round's facts as lw_round_to_json() writes them.
 *
 * Errors: the engine's %LW_ENGINE_ERROR_INVALID (a board the table did not
 * play, a second result, `unpegged`, facts that are no round; see
 * lw_event_add_board_result()), %LW_STORE_ERROR_NOT_FOUND for no such
 * event, or another %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (nullable): the event with the result entered,
 *   or %NULL on error (nothing stored).
 */
LwEvent *lw_store_add_event_board_result (LwStore        *self,
                                          gint64          id,
                                          guint           round,
                                          guint           table,
                                          guint           board,
                                          const LwRound  *facts,
                                          GError        **error);

/**
 * lw_store_correct_event_board_result:
 * @self: a store
 * @id: a duplicate event's ID
 * @round: the event round, 1-based
 * @table: the table, 1-based
 * @board: the board's number
 * @facts: the board's round as it should have been entered
 * @error: return location for a #GError
 *
 * Corrects one board's result at one table (DUPLICATE D9: the director
 * corrects that board's round), scored first (D4), in one transaction:
 * the row of event_board_results gets the new facts.
 *
 * Errors: the engine's %LW_ENGINE_ERROR_INVALID (no result entered yet,
 * `unpegged`, facts that are no round; lw_event_correct_board_result()),
 * %LW_STORE_ERROR_NOT_FOUND for no such event, or another %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (nullable): the event with the result
 *   corrected, or %NULL on error (nothing stored).
 */
LwEvent *lw_store_correct_event_board_result (LwStore        *self,
                                              gint64          id,
                                              guint           round,
                                              guint           table,
                                              guint           board,
                                              const LwRound  *facts,
                                              GError        **error);

G_END_DECLS
