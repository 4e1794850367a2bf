/* lw-seats-dialog-private.h — what the UI tests read of lw-seats-dialog.c:
 * included by that file and the tests only, never by the app's other
 * files. The tests find a remote seat's group by its widget name,
 * "seat-N" (N the seat, 0-based), and its rows and buttons in it by their
 * titles and labels, with lw_test_find().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-seats-dialog.h"

G_BEGIN_DECLS

/**
 * lw_seats_dialog_get_link:
 * @self: the panel
 * @seat: a remote seat, 0-based
 *
 * Returns: (transfer none) (nullable): the link shown, %NULL for a seat
 *   that is not remote.
 */
const char *lw_seats_dialog_get_link (LwSeatsDialog *self,
                                      guint          seat);

G_END_DECLS
