/* lw-score-chart.h — each side's score round by round, with the target
 * and skunk lines
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "lw-engine.h"

G_BEGIN_DECLS

#define LW_TYPE_SCORE_CHART (lw_score_chart_get_type ())
G_DECLARE_FINAL_TYPE (LwScoreChart, lw_score_chart, LW, SCORE_CHART, GtkWidget)

/**
 * lw_score_chart_set_game:
 * @self: the chart
 * @record: (nullable): the game; %NULL empties the chart
 * @standings: (nullable): its standings (lw_standings_compute())
 *
 * Shows each side's score from the start (round 0) to the last round of
 * @standings, the target line (R24, G2) and, in Little Wolf, the skunk
 * line (R23). What is needed is copied: @record and @standings may be
 * freed afterwards.
 */
void lw_score_chart_set_game (LwScoreChart       *self,
                              const LwGameRecord *record,
                              const LwStandings  *standings);

/**
 * lw_score_chart_draw:
 * @cr: where to draw
 * @width: the area's width, in @cr's units
 * @height: the area's height
 * @record: the game
 * @standings: its standings
 * @foreground: the colour of text, axes and lines (the style's colour)
 * @font: (nullable): the font of labels, e.g. "Sans 9"
 *
 * Draws the chart in (0, 0, @width, @height): the legend (side names) on
 * top, the plot below. The side colours are picked for a light or a dark
 * background from @foreground's lightness. Used by the widget and by
 * printing (lw-print).
 */
void lw_score_chart_draw (cairo_t            *cr,
                          double              width,
                          double              height,
                          const LwGameRecord *record,
                          const LwStandings  *standings,
                          const GdkRGBA      *foreground,
                          const char         *font);

G_END_DECLS
