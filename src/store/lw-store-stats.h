/* lw-store-stats.h — each player's statistics over every stored game
 * (lw_stats_compute()), as the Players page shows them, kept up to date
 * game by game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "lw-stats.h"
#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_PLAYER_STATS_CACHE (lw_player_stats_cache_get_type ())
G_DECLARE_FINAL_TYPE (LwPlayerStatsCache, lw_player_stats_cache, LW, PLAYER_STATS_CACHE, GObject)

/**
 * lw_player_stats_cache_new:
 *
 * Each stored game's share of the players' statistics (#LwStatsShare)
 * and their sum, read by lw_store_update_player_stats(); empty at first.
 * May be used from any thread; one update or compute runs at a time.
 *
 * Returns: (transfer full): an empty cache.
 */
LwPlayerStatsCache *lw_player_stats_cache_new (void);

/**
 * lw_store_update_player_stats:
 * @self: a store
 * @cache: a cache, empty or kept up to date from the same file
 * @cancellable: (nullable): checked between games; a cancelled update
 *   leaves @cache consistent (the next update reads what is left)
 * @error: return location for a #GError
 *
 * Brings @cache up to @self's games in one read transaction, reading only
 * what changed since its last update: the games added, those whose
 * `version` (or creation time: a restore may put another game under an
 * ID) changed (every change to a game's rounds or seats is an edit
 * that makes it grow, lw-store-schema.c), the games deleted (their share
 * taken out), and the games of a player renamed, merged or deleted
 * (their names are what the statistics count by).
 *
 * Each of those games' share is taken from the row the database keeps
 * for it (game_stats_cache, schema 24, written with every write to the
 * game): one small row a game, its players by ID, named as they are now.
 * A row is used only at the game's version, with its check right, its
 * players all there and its counts reading back whole
 * (lw_stats_share_new_from_counts()); any other row, or none (a database
 * migrated from schema 23), is stale: that game is read and counted
 * again, and its row written again in a write transaction after the read
 * (when another program holds the database, the row is left for the next
 * time). The games read, all of them or one by one, are read in a
 * constant number of queries each time (the rounds with their seats in
 * one), never one game at a time with its rounds. A game that no longer
 * replays (lw_standings_compute() fails) counts for nobody, as in
 * lw_store_compute_player_stats(). For 100,000 games with warm rows, a
 * fraction of a second (bench-players).
 *
 * Errors: a %LW_STORE_ERROR (%LW_STORE_ERROR_NOT_A_DATABASE for a damaged
 * game), or %G_IO_ERROR_CANCELLED.
 *
 * Returns: %TRUE when @cache is up to date.
 */
gboolean lw_store_update_player_stats (LwStore             *self,
                                       LwPlayerStatsCache  *cache,
                                       GCancellable        *cancellable,
                                       GError             **error);

/**
 * lw_player_stats_cache_compute:
 * @cache: a cache
 * @min_partner_games: as for lw_stats_compute(), ≥ 1
 *
 * Returns: (transfer full) (element-type LwPlayerStats*): lw_stats_compute()
 *   over the games of @cache's last update, sorted by name. Never %NULL.
 */
GPtrArray *lw_player_stats_cache_compute (LwPlayerStatsCache *cache,
                                          guint               min_partner_games);

/**
 * lw_player_stats_cache_get_games_read:
 * @cache: a cache
 *
 * Returns: how many games the last lw_store_update_player_stats() read
 *   from their rounds and counted again (added, changed or naming a
 *   renamed player, whose kept row was stale), for tests and benchmarks.
 */
guint lw_player_stats_cache_get_games_read (LwPlayerStatsCache *cache);

/**
 * lw_player_stats_cache_get_rows_read:
 * @cache: a cache
 *
 * Returns: how many games' shares the last lw_store_update_player_stats()
 *   took from the rows the database keeps (game_stats_cache) rather than
 *   from their rounds, for tests and benchmarks.
 */
guint lw_player_stats_cache_get_rows_read (LwPlayerStatsCache *cache);

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
 * longer replays (lw_standings_compute() fails) counts for nobody. Reads
 * every game: lw_store_update_player_stats() with a new cache.
 *
 * Errors: as lw_store_update_player_stats().
 *
 * Returns: (transfer full) (element-type LwPlayerStats*) (nullable): the
 *   statistics sorted by name, %NULL on error.
 */
GPtrArray *lw_store_compute_player_stats (LwStore       *self,
                                          guint          min_partner_games,
                                          GCancellable  *cancellable,
                                          GError       **error);

/**
 * lw_store_compute_player_stats_by_game:
 * @self: a store
 * @min_partner_games: as for lw_store_compute_player_stats()
 * @error: return location for a #GError
 *
 * The same statistics computed as the Players page once did, for tests
 * that compare: every game loaded whole (lw_store_list_games()), its
 * round players loaded again (lw_store_list_round_players()), then
 * lw_stats_compute() over them all, every game in memory at once.
 *
 * Returns: (transfer full) (element-type LwPlayerStats*) (nullable): the
 *   statistics sorted by name, %NULL on error.
 */
GPtrArray *lw_store_compute_player_stats_by_game (LwStore  *self,
                                                  guint     min_partner_games,
                                                  GError  **error);

G_END_DECLS
