/* lw-seat-row-private.h — what the UI tests read of lw-seat-row.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-seat-row.h"

G_BEGIN_DECLS

/** Returns: (transfer none): the spin button of one count. */
GtkSpinButton *lw_seat_row_get_spin (LwSeatRow   *self,
                                     LwSeatCount  which);

G_END_DECLS
