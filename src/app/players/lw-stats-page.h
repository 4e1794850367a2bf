/* lw-stats-page.h — the players and each one's statistics over every
 * stored game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_STATS_PAGE (lw_stats_page_get_type ())
G_DECLARE_FINAL_TYPE (LwStatsPage, lw_stats_page, LW, STATS_PAGE, AdwBin)

/* The fewest finished games together for a best or worst partner. */
#define LW_STATS_PAGE_MIN_PARTNER_GAMES 2

void lw_stats_page_set_store (LwStatsPage *self,
                              LwStore     *store);

/**
 * lw_stats_page_reload:
 * @self: the page
 *
 * Reads the stored games that changed since the last reload (every game
 * the first time) and computes the statistics (lw_stats_compute()'s, kept
 * game by game: lw_store_update_player_stats()) in a worker thread with
 * its own connection; the list of players is shown once they are known. A player being shown
 * stays shown, with the new figures, when still known.
 */
void lw_stats_page_reload (LwStatsPage *self);

/** Shows the list of players again. */
void lw_stats_page_show_list (LwStatsPage *self);

G_END_DECLS
