/* lw-bracket.h — a single elimination's bracket, drawn with Cairo on
 * screen (LwBracketView) and on paper (lw_print_bracket_new())
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "lw-engine.h"

G_BEGIN_DECLS

/**
 * LwBracket:
 *
 * What a bracket shows, copied from an event (lw_event_bracket()): one
 * column per round and one for the champion, each slot a name, the score
 * at the slot's table and whether the slot went through.
 */
typedef struct _LwBracket LwBracket;

/**
 * lw_bracket_new:
 * @event: an event
 *
 * Returns: (transfer full) (nullable): @event's bracket, %NULL unless it is
 *   a single elimination with round 1 paired.
 */
LwBracket *lw_bracket_new (const LwEvent *event);

/**
 * lw_bracket_free:
 * @bracket: (nullable): a bracket
 */
void lw_bracket_free (LwBracket *bracket);

/**
 * lw_bracket_get_size:
 * @bracket: a bracket
 * @font_size: the names' size in points (pixels on screen)
 * @width: (out): the width the columns need to show most names
 * @height: (out): the height every slot needs, headers included
 */
void lw_bracket_get_size (const LwBracket *bracket,
                          double           font_size,
                          double          *width,
                          double          *height);

/**
 * lw_bracket_draw:
 * @bracket: a bracket
 * @cr: where to draw, its origin the bracket's top left corner
 * @width: the width to fill, > 0
 * @height: the height to fill, > 0
 * @color: the text and lines' colour
 * @font_size: the names' size (the headers are drawn bold at that size)
 *
 * Draws the headers ("Round 1", "Semi-finals", "Final", "Champion"), each
 * slot's name above its line with the score at its table (bold: went
 * through; dim: out or undecided) and the lines joining each pair to the
 * slot the winner goes on to. Names too long for a column are ellipsized.
 */
void lw_bracket_draw (const LwBracket *bracket,
                      cairo_t         *cr,
                      double           width,
                      double           height,
                      const GdkRGBA   *color,
                      double           font_size);

/**
 * lw_print_bracket_new:
 * @event: a single elimination with round 1 paired
 *
 * A print operation for @event's bracket on one landscape page, under the
 * event's name. What is needed is copied.
 *
 * Returns: (transfer full) (nullable): the operation, not yet run (see
 *   lw_print_run(), lw_print_export_pdf()); %NULL when @event has no
 *   bracket.
 */
GtkPrintOperation *lw_print_bracket_new (const LwEvent *event);

#define LW_TYPE_BRACKET_VIEW (lw_bracket_view_get_type ())
G_DECLARE_FINAL_TYPE (LwBracketView, lw_bracket_view, LW, BRACKET_VIEW, GtkWidget)

/**
 * lw_bracket_view_new:
 *
 * Returns: (transfer floating): a widget drawing a bracket, empty until
 *   lw_bracket_view_set_event().
 */
GtkWidget *lw_bracket_view_new (void);

/**
 * lw_bracket_view_set_event:
 * @self: the view
 * @event: (nullable): the event to draw (copied: the view keeps no
 *   pointer to it); %NULL or no bracket: nothing
 */
void lw_bracket_view_set_event (LwBracketView *self,
                                const LwEvent *event);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwBracket, lw_bracket_free)

G_END_DECLS
