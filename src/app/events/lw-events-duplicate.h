/* lw-events-duplicate.h — a duplicate event's boards in the app: a
 * board's result entered (or corrected) with the round form, and the
 * travelling sheets (docs/rules/DUPLICATE.md D5, D6, D9)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-engine.h"
#include "lw-round-form.h"
#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_BOARD_ENTRY (lw_board_entry_get_type ())
G_DECLARE_FINAL_TYPE (LwBoardEntry, lw_board_entry, LW, BOARD_ENTRY, AdwWindow)

/**
 * lw_board_entry_new:
 * @parent: (nullable): the window it belongs to
 * @store: the database; the window keeps a reference
 * @event_id: a duplicate event's ID
 * @event: that event as stored (read, not kept)
 * @round: the event round, 1-based, paired
 * @table: one of its tables, 1-based
 * @board: a board that table plays in @round
 *
 * A modal window with board @board's round in the same round form as any
 * round of a game (#LwRoundForm), made ready from the board's one-round
 * game (lw_duplicate_board_record(), DUPLICATE D4): the table's players in
 * their seats, the board's dealer (D2). When the table has no result for
 * the board yet, the form is empty and its button enters the result
 * (lw_store_add_event_board_result()); when it has one, the form holds it
 * and its button corrects it (lw_store_correct_event_board_result(), D9:
 * the director corrects that board's round). What the store refuses (a
 * second result, a board the table did not play, `unpegged`) is said in
 * the form, in words, and nothing is stored. Once stored, the store's
 * watch is flushed (the events page, its standings and the travelling
 * sheets show it at once), #LwBoardEntry::stored is emitted and the window
 * closes.
 *
 * Returns: (transfer none): the window, shown.
 */
LwBoardEntry *lw_board_entry_new (GtkWindow     *parent,
                                  LwStore       *store,
                                  gint64         event_id,
                                  const LwEvent *event,
                                  guint          round,
                                  guint          table,
                                  guint          board);

#define LW_TYPE_TRAVELLER_VIEW (lw_traveller_view_get_type ())
G_DECLARE_FINAL_TYPE (LwTravellerView, lw_traveller_view, LW, TRAVELLER_VIEW, AdwWindow)

/**
 * lw_traveller_view_new:
 * @parent: (nullable): the window it belongs to
 * @store: the database; the window keeps a reference
 * @event_id: a duplicate event's ID
 *
 * A window with the event's travelling sheets (DUPLICATE D5, D6): one
 * group per board of the rounds paired, its rows the nets and matchpoints
 * of each position at each table that entered it (lw_duplicate_traveller()),
 * and beside it the board's par (D10) when one is stored. It reads the
 * event again whenever the store's watch says the event changed, so a
 * board entered anywhere shows at once. Its Print button prints every
 * sheet (lw_traveller_print_new()).
 *
 * Returns: (transfer none): the window, shown.
 */
LwTravellerView *lw_traveller_view_new (GtkWindow *parent,
                                        LwStore   *store,
                                        gint64     event_id);

/**
 * lw_traveller_print_new:
 * @event: a duplicate event
 *
 * The event's travelling sheets printed as one table (lw_print_grid_new()):
 * per board its heading row, then a row per position and table: the
 * position, the table, the players, the delta, the net, the matchpoints of
 * the top and the percentage (D5, D6), as `event travellers` prints them.
 *
 * Returns: (transfer full) (nullable): the operation, %NULL when @event is
 *   no duplicate event or a result no longer scores.
 */
GtkPrintOperation *lw_traveller_print_new (const LwEvent *event);

/**
 * lw_events_position_name:
 * @event: a duplicate event
 * @position: a seat (individuals) or a side (partners, 0 or 1)
 *
 * Returns: (transfer full): the position as the app names it, seats
 *   numbered from 1: "Seat 2", partners "Seats 1+3".
 */
char *lw_events_position_name (const LwEvent *event,
                               int            position);

G_END_DECLS
