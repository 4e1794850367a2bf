/* lw-events-duplicate-private.h — what the UI tests do on and read of
 * lw-events-duplicate.c and lw-traveller-view.c: included by those files
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-events-duplicate.h"

G_BEGIN_DECLS

/**
 * lw_board_entry_submit:
 * @self: the window
 *
 * What the form's button does (for the tests): checks the round, stores
 * it as the board's result or its correction, or says why not in the
 * form.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_board_entry_submit (LwBoardEntry *self);

/**
 * lw_traveller_view_get_text:
 * @self: the window
 *
 * For the tests: what the sheets show, one line per board heading and per
 * row ("Board 1 · event round 1 · check code 7c764b", "Seat 1 · table 2 ·
 * Ann · net 1.00 · 4/4 · 100.00 %").
 *
 * Returns: (transfer full): the text.
 */
char *lw_traveller_view_get_text (LwTravellerView *self);

G_END_DECLS
