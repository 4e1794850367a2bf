/* lw-store-stats.h — each player's statistics over every stored game
 * (lw_stats_compute()), as the Players page shows them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "lw-stats.h"
#include "lw-store.h"

G_BEGIN_DECLS

/**
 * lw_store_compute_player_stats:
 * @self: a store
 * @min_partner_games: the fewest finished games together for a best or
 *   worst partner, ≥ 1 (lw_stats_compute())
 * @cancellable: (nullable): checked between games
 * @error: return location for a #GError
 *
 * lw_stats_compute() over every stored game, each with who sat in each
 * seat in each round (lw_store_list_round_players()); a game that no
 * longer replays (lw_standings_compute() fails) counts for nobody.
 *
 * Errors: a %LW_STORE_ERROR, or %G_IO_ERROR_CANCELLED.
 *
 * Returns: (transfer full) (element-type LwPlayerStats*) (nullable): the
 *   statistics sorted by name, %NULL on error.
 */
GPtrArray *lw_store_compute_player_stats (LwStore       *self,
                                          guint          min_partner_games,
                                          GCancellable  *cancellable,
                                          GError       **error);

G_END_DECLS
