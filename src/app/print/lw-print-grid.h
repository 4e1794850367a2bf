/* lw-print-grid.h — printing a titled table of text (an event's seating
 * or standings; GtkPrintOperation, "Print to File" gives a PDF)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * lw_print_grid_new:
 * @title: the heading of the first page and the job's name
 * @subtitle: (nullable): a line below the title (wraps)
 * @n_columns: columns, 1–12
 * @headers: (array length=n_columns): the column headings
 * @widths: (array length=n_columns): each column's share of the page
 *   width, relative to the others (e.g. 1, 4, 1)
 * @rows: (element-type GStrv): the rows, each @n_columns strings; a row
 *   whose first cell is %NULL leaves a gap (a new group, a table of a
 *   round)
 *
 * A print operation for a table of text: the title, the subtitle, the
 * header row, then the rows on as many pages as needed, the header row
 * repeated on each page, the pages numbered. What is needed is copied.
 *
 * Returns: (transfer full): the operation, not yet run; run it with
 *   lw_print_run() or lw_print_export_pdf().
 */
GtkPrintOperation *lw_print_grid_new (const char         *title,
                                       const char         *subtitle,
                                       guint               n_columns,
                                       const char *const  *headers,
                                       const double       *widths,
                                       GPtrArray          *rows);

/**
 * lw_print_grid_set_large_type:
 * @operation: an operation of lw_print_grid_new(), not yet run
 *
 * Prints the rows in large type (18 pt, the header 14 pt), for a sheet
 * posted on the wall and read from a step away (an event's wall sheet).
 */
void lw_print_grid_set_large_type (GtkPrintOperation *operation);

G_END_DECLS
