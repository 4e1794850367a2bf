/* lw-print.h — printing a game's score sheet, or a blank one for the
 * table (GtkPrintOperation; "Print to File" gives a PDF)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "lw-engine.h"

G_BEGIN_DECLS

/* The side columns of a blank score sheet printed for no game in
 * particular (the menu offers 2–8). */
#define LW_PRINT_BLANK_SIDES 4

/**
 * lw_print_score_sheet_new:
 * @record: a game
 * @standings: its standings (lw_standings_compute())
 *
 * A print operation for @record's score sheet: the title and sides, one
 * line per round (dealer, the board after it and what made the change),
 * the final board and the winner, then the score chart; as many pages
 * as needed, numbered. What is needed is copied.
 *
 * Returns: (transfer full): the operation, not yet run.
 */
GtkPrintOperation *lw_print_score_sheet_new (const LwGameRecord *record,
                                             const LwStandings  *standings);

/**
 * lw_print_blank_sheet_new:
 * @n_sides: columns for the sides, 2..%LW_MAX_SEATS
 *
 * A print operation for a blank score sheet to keep at the table: lines
 * for the date, place and target, a column for the round, the dealer,
 * each side and notes, and as many round lines as fit one page.
 *
 * Returns: (transfer full): the operation, not yet run.
 */
GtkPrintOperation *lw_print_blank_sheet_new (guint n_sides);

/**
 * lw_print_run:
 * @operation: (transfer full): an operation of this file
 * @parent: (nullable): the window to put the print dialog on
 *
 * Shows the print dialog and prints (asynchronously); an error is shown
 * in a message dialog.
 */
void lw_print_run (GtkPrintOperation *operation,
                   GtkWindow         *parent);

/**
 * lw_print_operation_new:
 * @job_name: the print job's name (the title of what is printed)
 * @key: the object data key under which the operation keeps @pages
 * @pages: (transfer full): what the callbacks draw from
 * @pages_free: frees @pages with the operation
 * @begin_print: the operation's #GtkPrintOperation::begin-print handler,
 *   given @pages as its data (it paginates and sets the page count)
 * @draw_page: its #GtkPrintOperation::draw-page handler, given @pages
 *
 * The app's print operations (score sheets, tables of text): measured in
 * points, within the printable area, the page setup in the print dialog.
 *
 * Returns: (transfer full): the operation, not yet run.
 */
GtkPrintOperation *lw_print_operation_new (const char     *job_name,
                                           const char     *key,
                                           gpointer        pages,
                                           GDestroyNotify  pages_free,
                                           GCallback       begin_print,
                                           GCallback       draw_page);

/**
 * lw_print_make_layout:
 * @context: the page's print context
 * @font: a Pango font description, such as "Sans Bold 12"
 * @text: (nullable): the text; %NULL is an empty layout
 * @width: the width to wrap at, in the context's units (points); 0 or
 *   less: no wrapping
 *
 * A layout for a printed page, wrapped at words (or within a word too
 * long for the line).
 *
 * Returns: (transfer full): the layout.
 */
PangoLayout *lw_print_make_layout (GtkPrintContext *context,
                                   const char      *font,
                                   const char      *text,
                                   double           width);

/**
 * lw_print_layout_height:
 * @layout: a layout
 *
 * Returns: @layout's height in the context's units (points).
 */
double lw_print_layout_height (PangoLayout *layout);

/**
 * lw_print_show_layout:
 * @cr: the page's cairo context
 * @layout: a layout of lw_print_make_layout()
 * @x: the left of its first line, in the context's units (points)
 * @y: the top of its first line, in the same units
 *
 * Draws @layout on the page with its top left corner at (@x, @y), in
 * @cr's source colour (it moves @cr's current point there).
 */
void lw_print_show_layout (cairo_t     *cr,
                           PangoLayout *layout,
                           double       x,
                           double       y);

/**
 * lw_print_footer_text:
 * @title: the printout's title
 * @page_nr: the page, from 0
 * @n_pages: the pages
 *
 * The foot of every printed page: the title, the day it is printed (the
 * locale's date) and "page N of M", so that sheets that were printed
 * apart are told apart.
 *
 * Returns: (transfer full): the text.
 */
char *lw_print_footer_text (const char *title,
                            int         page_nr,
                            guint       n_pages);

/* The height kept at the foot of every printed page for its footer
 * (lw_print_draw_footer()), in points. */
#define LW_PRINT_FOOTER_HEIGHT 18.0

/**
 * lw_print_draw_footer:
 * @context: the page's print context
 * @cr: its cairo context
 * @title: the printout's title
 * @page_nr: the page, from 0
 * @n_pages: the pages
 * @width: the page's printable width (points)
 *
 * Draws lw_print_footer_text() at the foot of the page, in small type,
 * against the right edge of @width and shortened at its start when it
 * is wider, in @cr's colour.
 */
void lw_print_draw_footer (GtkPrintContext *context,
                           cairo_t         *cr,
                           const char      *title,
                           int              page_nr,
                           guint            n_pages,
                           double           width);

G_END_DECLS
