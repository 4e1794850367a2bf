/* lw-print-boards.h — a duplicate event's board sheets on paper
 * (docs/rules/DUPLICATE.md D3): one board per page, laid out as slips
 * to cut, one per seat and one for the Pups
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "lw-engine.h"

G_BEGIN_DECLS

/**
 * lw_print_board_sheets_new:
 * @event: a duplicate event
 * @round: the event round whose boards are printed, ≥ 1
 *
 * The board sheets of event round @round (DUPLICATE D3, D8): one page per
 * board; each page has the event, the board, the round and the dealer at
 * its head, then one slip per seat (its cards in the sheet's order, the
 * board and the check code, so that a slip cut off still says where it
 * belongs) and a slip with the Pups in deal order, between dashed cut
 * lines. Seats are numbered from 1, as the seating screen numbers them.
 *
 * Returns: (transfer full): the print operation, not yet run.
 */
GtkPrintOperation *lw_print_board_sheets_new (const LwEvent *event,
                                              guint          round);

G_END_DECLS
