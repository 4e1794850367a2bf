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

G_END_DECLS
