/* lw-print-table-private.h — what the UI tests read of lw-print-table.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-print-table.h"

G_BEGIN_DECLS

/**
 * lw_print_table_get_n_pages:
 * @operation: an operation of lw_print_table_new() that has run
 *
 * Returns: the pages laid out, 0 before it ran.
 */
guint lw_print_table_get_n_pages (GtkPrintOperation *operation);

G_END_DECLS
