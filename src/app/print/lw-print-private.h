/* lw-print-private.h — what the UI tests read of lw-print.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-print.h"

G_BEGIN_DECLS

/**
 * lw_print_export_pdf:
 * @operation: an operation of this file
 * @path: the PDF file to write
 * @error: return location for a #GError
 *
 * Writes the pages to @path as PDF, without a dialog.
 *
 * Returns: the pages written, 0 on error.
 */
int lw_print_export_pdf (GtkPrintOperation  *operation,
                         const char         *path,
                         GError            **error);

/**
 * lw_print_score_sheet_details:
 * @operation: an operation of lw_print_score_sheet_new()
 *
 * Returns: (transfer full): the lines printed below its title: the
 *   ruleset, target and skunk, the rules line (lw_rules_text()) when the
 *   game names a rule set or plays a house rule, then the players or
 *   teams.
 */
char *lw_print_score_sheet_details (GtkPrintOperation *operation);

G_END_DECLS
