/* lw-print-grid-private.h — what the UI tests read of lw-print-grid.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-print-grid.h"

G_BEGIN_DECLS

/**
 * lw_print_grid_get_n_pages:
 * @operation: an operation of lw_print_grid_new() that has run
 *
 * Returns: the pages laid out, 0 before it ran.
 */
guint lw_print_grid_get_n_pages (GtkPrintOperation *operation);

G_END_DECLS
