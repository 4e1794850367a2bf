/* lw-score-chart-private.h — what the UI tests read of lw-score-chart.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-score-chart.h"

G_BEGIN_DECLS

/** Returns: the points of each side's line: the rounds + 1 (the start). */
guint lw_score_chart_get_n_points (LwScoreChart *self);

/** Returns: the sides drawn, 0 when empty. */
guint lw_score_chart_get_n_sides (LwScoreChart *self);

/**
 * lw_score_chart_get_score:
 * @self: the chart
 * @side: a side
 * @point: 0 for the start, n for after round n
 *
 * Returns: the score drawn there.
 */
int lw_score_chart_get_score (LwScoreChart *self,
                              guint         side,
                              guint         point);

/**
 * lw_score_chart_new:
 *
 * Returns: (transfer floating): an empty chart.
 */
GtkWidget *lw_score_chart_new (void);

G_END_DECLS
