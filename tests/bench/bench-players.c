/* bench-players.c — the Players page's statistics at a club's scale: a
 * database of many random games (some with a substitute), then each
 * player's statistics over every game as the page computes them
 * (lw_store_update_player_stats()), their CPU time and the peak memory
 * they add (getrusage()'s user + system time; the peak resident size,
 * VmHWM), measured in a process of their own so that making the games
 * does not count.
 * Target: under 1 s of CPU and under 50 MB extra at 100,000 games.
 *
 * Run with `meson test --benchmark` (never part of the plain test run).
 * LW_BENCH_GAMES sets the number of games (default 10000); LW_BENCH_SEED
 * the random seed (default 1); LW_BENCH_KEEP=PATH keeps the database
 * there; LW_BENCH_DB=PATH measures an existing database (not changed);
 * LW_BENCH_OLD=1 measures the statistics as the page computed them before
 * they were kept game by game (lw_store_compute_player_stats_by_game()).
 * The database made keeps each game's share (game_stats_cache, written
 * with the game): the first computation reads those rows (warm). Then,
 * on it, what an update costs after no change, a change of one game and
 * a rename; then the first computation again on the database made a
 * schema-23 one and migrated (its rows empty: every game read from its
 * rounds, its row written back; reported, no target), and once more with
 * the rows written back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <gio/gio.h>

#include "lw-store.h"
#include "lw-store-details.h"
#include "lw-store-games.h"
#include "lw-store-players.h"
#include "lw-store-stats.h"
#include "lw-bench-games.h"
#include "lw-test-schema-v1.h"
#include "lw-test-util.h"

/* The page's fewest games together for a best or worst partner
 * (LW_STATS_PAGE_MIN_PARTNER_GAMES). */
#define MIN_PARTNER_GAMES 2
#define TARGET_CPU_S_PER_GAME (1.0 / 100000.0)
#define TARGET_EXTRA_MB 50.0

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (double) usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
         + (double) usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

/* The process's peak resident memory, MB: VmHWM, its own since exec();
 * getrusage()'s ru_maxrss when there is none (ru_maxrss keeps the peak of
 * the parent that forked it, the generator's here). */
static double
peak_mb (void)
{
  g_autofree char *status = NULL;
  struct rusage usage;

  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    {
      const char *line = strstr (status, "VmHWM:");

      if (line != NULL)
        return g_ascii_strtod (line + strlen ("VmHWM:"), NULL) / 1024.0;  /* kB */
    }
  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;  /* KiB on Linux */
}

/* Times lw_store_update_player_stats() on @cache after a change; prints
 * its CPU time and the games it read. */
static void
time_update (LwStore            *store,
             LwPlayerStatsCache *cache,
             const char         *what)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) stats = NULL;
  double cpu = cpu_seconds ();

  lw_store_update_player_stats (store, cache, NULL, &error);
  g_assert_no_error (error);
  stats = lw_player_stats_cache_compute (cache, MIN_PARTNER_GAMES);
  g_print ("  after %s: %.1f ms CPU, %u games read\n", what, (cpu_seconds () - cpu) * 1000,
           lw_player_stats_cache_get_games_read (cache));
}

/* The measuring process: the statistics over the database at @path (as
 * the page computed them up to now with LW_BENCH_OLD=1), then, for @mode
 * "change", what a change costs; "cold": the database was migrated, its
 * rows are empty (no target); "read-only": the first computation alone. */
static int
measure (const char *path,
         const char *mode)
{
  gboolean read_only = !g_str_equal (mode, "change");
  gboolean cold = g_str_equal (mode, "cold");
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = lw_store_open (path, &error);
  g_autoptr (LwPlayerStatsCache) cache = lw_player_stats_cache_new ();
  g_autoptr (GPtrArray) stats = NULL;
  g_autoptr (GPtrArray) summaries = NULL;
  gboolean old = g_strcmp0 (g_getenv ("LW_BENCH_OLD"), "1") == 0;
  double cpu, before, after, wall;
  gint64 start;

  g_assert_no_error (error);
  before = peak_mb ();
  cpu = cpu_seconds ();
  start = g_get_monotonic_time ();
  if (old)
    stats = lw_store_compute_player_stats_by_game (store, MIN_PARTNER_GAMES, &error);
  else if (lw_store_update_player_stats (store, cache, NULL, &error))
    stats = lw_player_stats_cache_compute (cache, MIN_PARTNER_GAMES);
  g_assert_no_error (error);
  wall = lw_test_ms_since (start) / 1000.0;
  cpu = cpu_seconds () - cpu;
  after = peak_mb ();

  summaries = lw_store_list_game_summaries (store, &error);
  g_assert_no_error (error);
  g_print ("statistics of %u players over %u games%s (%u shares from their rows, %u games from"
           " their rounds): %.2f s CPU (%.2f s wall), peak %.1f MB, %.1f MB over the %.1f MB before",
           stats->len, summaries->len,
           old ? " (as computed before, LW_BENCH_OLD)" : cold ? ", migrated (cold rows)" : "",
           old ? 0 : lw_player_stats_cache_get_rows_read (cache),
           old ? summaries->len : lw_player_stats_cache_get_games_read (cache),
           cpu, wall, after, after - before, before);
  if (cold)
    g_print (" (no target)\n");
  else
    g_print (" (target < %.3f s CPU, < %.0f MB extra): %s\n",
             summaries->len * TARGET_CPU_S_PER_GAME, TARGET_EXTRA_MB,
             cpu < MAX (summaries->len * TARGET_CPU_S_PER_GAME, 0.01) && after - before < TARGET_EXTRA_MB
             ? "met" : "MISSED");

  if (!old && !read_only && summaries->len > 0)
    {
      const LwGameSummary *summary = g_ptr_array_index (summaries, summaries->len / 2);

      time_update (store, cache, "no change");
      g_assert_true (lw_store_set_game_notes (store, summary->id, "Played at the club", &error));
      g_assert_no_error (error);
      time_update (store, cache, "one game's notes changed");
      g_assert_true (lw_store_rename_player (store, "Ann", "Ann Two", &error));
      g_assert_no_error (error);
      time_update (store, cache, "a rename (every game of Ann's)");
      g_assert_true (lw_store_rename_player (store, "Ann Two", "Ann", &error));
      g_assert_no_error (error);
    }
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  const char *env_games = g_getenv ("LW_BENCH_GAMES");
  const char *env_seed = g_getenv ("LW_BENCH_SEED");
  const char *keep = g_getenv ("LW_BENCH_KEEP");
  const char *existing = g_getenv ("LW_BENCH_DB");
  guint n_games = env_games != NULL ? (guint) atoi (env_games) : 10000;
  g_autoptr (GRand) rng = g_rand_new_with_seed (env_seed != NULL ? (guint32) atoi (env_seed) : 1);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *self_path = NULL;
  const char *child_argv[5];
  int status = 0;

  if (argc == 4 && g_str_equal (argv[1], "--measure"))
    return measure (argv[2], argv[3]);

  if (existing != NULL && *existing != '\0')
    path = g_strdup (existing);
  else
    {
      g_autoptr (LwStore) store = NULL;
      g_autoptr (GPtrArray) batch = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_record_free);
      guint total_rounds = 0, n_substitutes = 0;
      gint64 start = g_get_monotonic_time ();

      if (keep != NULL)
        path = g_strdup (keep);
      else
        {
          dir = lw_test_make_tmp_dir ("lw-bench-XXXXXX");
          path = g_build_filename (dir, "bench.sqlite3", NULL);
        }
      store = lw_store_open (path, &error);
      g_assert_no_error (error);

      for (guint i = 0; i < MAX (n_games, 1u); i++)
        {
          LwGameRecord *record = lw_bench_random_game (rng, 200, FALSE);

          /* One game in ten has a substitute from a later round. */
          if (record->rounds->len > 1 && g_rand_int_range (rng, 0, 10) == 0)
            {
              guint first = 0;

              while (first < LW_BENCH_N_NAMES && !g_str_equal (lw_bench_names[first], record->players[0]))
                first++;
              lw_game_record_add_substitute (record, g_rand_int_range (rng, 0, (gint32) record->n_players),
                                             (guint) g_rand_int_range (rng, 2, (gint32) record->rounds->len + 1),
                                             lw_bench_names[(first + record->n_players * 7) % LW_BENCH_N_NAMES]);
              n_substitutes++;
            }
          total_rounds += record->rounds->len;
          g_ptr_array_add (batch, record);
          if (batch->len == 1000 || i + 1 == MAX (n_games, 1u))
            {
              g_autoptr (GArray) ids = lw_store_add_games (store, batch, &error);

              g_assert_no_error (error);
              g_ptr_array_set_size (batch, 0);
            }
        }
      g_print ("generated %u games (%u rounds, %u with a substitute) in %.0f ms\n",
               n_games, total_rounds, n_substitutes, lw_test_ms_since (start));
    }

  /* Measured in a process of its own: its peak memory is the statistics'. */
  self_path = g_file_read_link ("/proc/self/exe", NULL);
  child_argv[0] = self_path != NULL ? self_path : argv[0];
  child_argv[1] = "--measure";
  child_argv[2] = path;
  child_argv[3] = existing != NULL && *existing != '\0' ? "read-only" : "change";
  child_argv[4] = NULL;
  g_spawn_sync (NULL, (char **) child_argv, NULL, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                NULL, NULL, &status, &error);
  g_assert_no_error (error);

  /* The database made a schema-23 one (no rows kept), migrated when the
   * measuring process opens it; then measured again with the rows its
   * first computation wrote back. */
  if (g_strcmp0 (g_getenv ("LW_BENCH_OLD"), "1") != 0 && (existing == NULL || *existing == '\0')
      && g_spawn_check_wait_status (status, NULL))
    {
      lw_test_sql_exec_at (path, LW_TEST_DROP_SCHEMA_24 "PRAGMA user_version = 23;");
      child_argv[3] = "cold";
      g_spawn_sync (NULL, (char **) child_argv, NULL, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                    NULL, NULL, &status, &error);
      g_assert_no_error (error);
      if (g_spawn_check_wait_status (status, NULL))
        {
          child_argv[3] = "read-only";
          g_spawn_sync (NULL, (char **) child_argv, NULL, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                        NULL, NULL, &status, &error);
          g_assert_no_error (error);
        }
    }

  if (dir != NULL)
    lw_test_remove_tree (dir);
  return g_spawn_check_wait_status (status, NULL) ? 0 : 1;
}
