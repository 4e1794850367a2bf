/* lw-leaderboard-page-private.h — what the UI tests read of lw-leaderboard-page.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-leaderboard-page.h"

G_BEGIN_DECLS

/** Returns: whether the worker is still reading or computing. */
gboolean lw_leaderboard_page_get_loading (LwLeaderboardPage *self);

/** Returns: the players listed. */
guint lw_leaderboard_page_get_n_rows (LwLeaderboardPage *self);

/**
 * lw_leaderboard_page_get_row:
 * @self: the page
 * @index: a row, 0 the best rating
 *
 * Returns: (transfer none) (nullable): the row as computed.
 */
const LwLeaderboardRow *lw_leaderboard_page_get_row (LwLeaderboardPage *self,
                                                     guint              index);

/**
 * lw_leaderboard_page_get_row_text:
 * @self: the page
 * @index: a row, 0 the best rating
 *
 * Returns: (transfer full) (nullable): the row's title ("1. Ann"), its
 *   subtitle, its rating and its trend, one line each, and "Provisional"
 *   on a last line for a provisional rating.
 */
char *lw_leaderboard_page_get_row_text (LwLeaderboardPage *self,
                                        guint              index);

/**
 * lw_leaderboard_page_set_event:
 * @self: the page
 * @event: an event's ID, or 0 for every game
 *
 * Counts only the games linked to @event's tables, as the Event row does;
 * computes again.
 *
 * Returns: %FALSE when @event is not listed.
 */
gboolean lw_leaderboard_page_set_event (LwLeaderboardPage *self,
                                        gint64             event);

/** Chooses the ladder, as its row does; computes again. */
void lw_leaderboard_page_set_ladder (LwLeaderboardPage *self,
                                     LwLadder           ladder);

/**
 * lw_leaderboard_page_set_period:
 * @self: the page
 * @period: the period
 * @from: (nullable): for %LW_LEADERBOARD_DATES, the first day, YYYY-MM-DD
 * @to: (nullable): for %LW_LEADERBOARD_DATES, the last day, YYYY-MM-DD
 *
 * Chooses the period, as its rows do; computes again. A day that is not a
 * date is marked on its row and nothing is computed.
 */
void lw_leaderboard_page_set_period (LwLeaderboardPage   *self,
                                     LwLeaderboardPeriod  period,
                                     const char          *from,
                                     const char          *to);

/** Runs the main context until the worker is done. */
void lw_leaderboard_page_wait (LwLeaderboardPage *self);

G_END_DECLS
