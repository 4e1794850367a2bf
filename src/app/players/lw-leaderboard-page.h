/* lw-leaderboard-page.h — the players' ratings over the stored games,
 * by ladder, period and event (docs/EVENTS.md, "Ratings")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-engine.h"
#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_LEADERBOARD_PAGE (lw_leaderboard_page_get_type ())
G_DECLARE_FINAL_TYPE (LwLeaderboardPage, lw_leaderboard_page, LW, LEADERBOARD_PAGE, AdwBin)

/**
 * LwLeaderboardPeriod:
 * @LW_LEADERBOARD_ALL_TIME: every game
 * @LW_LEADERBOARD_LAST_30_DAYS: the games of the last 30 days
 * @LW_LEADERBOARD_LAST_YEAR: the games of the last 365 days
 * @LW_LEADERBOARD_DATES: the games from one day to another (both
 *   included, UTC days), typed in the From and To rows
 */
typedef enum {
  LW_LEADERBOARD_ALL_TIME,
  LW_LEADERBOARD_LAST_30_DAYS,
  LW_LEADERBOARD_LAST_YEAR,
  LW_LEADERBOARD_DATES,
} LwLeaderboardPeriod;

void lw_leaderboard_page_set_store (LwLeaderboardPage *self,
                                    LwStore           *store);

/**
 * lw_leaderboard_page_reload:
 * @self: the page
 *
 * Reads every stored game again (lw_store_load_rating_games()) and the
 * list of events, then computes the leaderboard (lw_leaderboard_compute())
 * for the ladder, period and event chosen, in a worker thread with its
 * own connection; a spinner shows meanwhile. A change of a filter
 * computes again over the games already read.
 */
void lw_leaderboard_page_reload (LwLeaderboardPage *self);

/** Returns: whether the worker is still reading or computing. */
gboolean lw_leaderboard_page_get_loading (LwLeaderboardPage *self);

/** Runs the main context until the worker is done. */
void lw_leaderboard_page_wait (LwLeaderboardPage *self);

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

G_END_DECLS
