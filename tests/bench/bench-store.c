/* bench-store.c — a database of many random games, and how fast the store
 * lists them with their standings, corrects round 1 of a long game and
 * reads the ratings over every game (lw_store_load_rating_games() and
 * lw_leaderboard_compute(), as `littlewolf-cli ratings` does)
 *
 * Run with `meson test --benchmark` (never part of the plain test run).
 * LW_BENCH_GAMES sets the number of games (default 10000); LW_BENCH_SEED
 * the random seed (default 1); LW_BENCH_KEEP=PATH keeps the database there.
 * LW_BENCH_DB=PATH takes a copy of an existing database instead (opening
 * the copy migrates it; the figures say how long) and measures the
 * ratings only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include <gio/gio.h>
#include <sqlite3.h>

#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-bench-games.h"
#include "lw-test-util.h"

/* The target for replacing round 1 of a 60-round game and replaying it. */
#define TARGET_MS 50.0
#define LONG_GAME_ROUNDS 60u
/* The target for the ratings over every stored game, the result cache
 * warm: 1 s for 100,000 games. */
#define RATINGS_TARGET_MS_PER_GAME (1000.0 / 100000.0)

/* Sorts @times (ms) and prints "@what: median, min and max over the runs
 * (target < @target ms@note): met", with @decimals decimals; returns
 * whether the median meets @target. */
static gboolean
report_times (const char *what,
              GArray     *times,
              int         decimals,
              double      target,
              const char *note)
{
  double median = lw_test_sort_median ((double *) times->data, times->len);

  g_print ("%s: median %.*f ms, min %.*f ms, max %.*f ms over %u runs (target < %.0f ms%s): %s\n",
           what, decimals, median, decimals, g_array_index (times, double, 0),
           decimals, g_array_index (times, double, times->len - 1), times->len, target, note,
           median < target ? "met" : "MISSED");
  return median < target;
}

/* The ratings as `littlewolf-cli ratings` reads them: every stored game
 * through the store, then the leaderboard of every game. */
static double
time_ratings (LwStore *store,
              guint   *n_rated,
              guint   *n_rows)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRatingGames) games = NULL;
  g_autoptr (GArray) rows = NULL;
  LwLeaderboardOptions options;
  gint64 start = g_get_monotonic_time ();

  games = lw_store_load_rating_games (store, &error);
  g_assert_no_error (error);
  lw_leaderboard_options_init (&options);
  rows = lw_leaderboard_compute (games, &options);
  *n_rated = lw_rating_games_get_n_games (games);
  *n_rows = rows->len;
  return lw_test_ms_since (start);
}

/* 4. The ratings over every stored game: once with the result cache
 * emptied (every game replayed from its rounds and its row written
 * again), then 5 times warm; returns whether the warm median meets the
 * target. */
static gboolean
bench_ratings (LwStore *store,
               guint    n_games)
{
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  double cold, target = RATINGS_TARGET_MS_PER_GAME * n_games;
  g_autofree char *what = NULL;
  guint n_rated = 0, n_rows = 0;
  sqlite3 *db = NULL;

  /* Emptied by another connection, as any program could. */
  g_assert_cmpint (sqlite3_open (lw_store_get_path (store), &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "DELETE FROM game_result_cache", NULL, NULL, NULL), ==,
                   SQLITE_OK);
  sqlite3_close (db);

  cold = time_ratings (store, &n_rated, &n_rows);
  g_print ("ratings over %u stored games, result cache empty (every game replayed, "
           "its row written): %.0f ms (%u games rated, %u players)\n",
           n_games, cold, n_rated, n_rows);
  for (guint i = 0; i < 5; i++)
    {
      double ms = time_ratings (store, &n_rated, &n_rows);
      g_array_append_val (times, ms);
    }
  what = g_strdup_printf ("ratings over %u stored games, result cache warm", n_games);
  return report_times (what, times, 1, target, ", 1 s for 100,000 games");
}

/* LW_BENCH_DB: the ratings over a copy of an existing database. */
static int
bench_existing (const char *source)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = lw_test_make_tmp_dir ("lw-bench-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "bench.sqlite3", NULL);
  g_autoptr (GFile) from = g_file_new_for_path (source);
  g_autoptr (GFile) to = g_file_new_for_path (path);
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GPtrArray) summaries = NULL;
  gboolean met;
  gint64 start;

  if (!g_file_copy (from, to, G_FILE_COPY_NONE, NULL, NULL, NULL, &error))
    g_error ("%s: %s", source, error->message);

  start = g_get_monotonic_time ();
  store = lw_store_open (path, &error);
  g_assert_no_error (error);
  g_print ("opened a copy of %s (a migration included, with its backup copy): %.0f ms\n",
           source, lw_test_ms_since (start));
  summaries = lw_store_list_game_summaries (store, &error);
  g_assert_no_error (error);

  met = bench_ratings (store, summaries->len);

  g_clear_object (&store);
  lw_test_remove_tree (dir);
  return met ? 0 : 1;
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
  guint32 seed = env_seed != NULL ? (guint32) atoi (env_seed) : 1;
  g_autoptr (GRand) rng = g_rand_new_with_seed (seed);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GPtrArray) batch = NULL;
  g_autoptr (LwGameRecord) long_game = NULL;
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  guint total_rounds = 0, n_finished = 0, n_partners = 0, n_garwolf = 0;
  gint64 long_id = 0, start;
  double generate_ms, list_ms;
  g_autofree char *what = NULL;
  gboolean edit_met;
  LwRound *variants[2];
  gboolean ratings_met;

  if (existing != NULL && *existing != '\0')
    return bench_existing (existing);
  if (n_games < 1)
    n_games = 1;

  if (keep != NULL)
    path = g_strdup (keep);
  else
    {
      dir = lw_test_make_tmp_dir ("lw-bench-XXXXXX");
      path = g_build_filename (dir, "bench.sqlite3", NULL);
    }
  store = lw_store_open (path, &error);
  g_assert_no_error (error);

  /* The generator: random valid games, stored 1000 at a time; the long
   * game among them. */
  start = g_get_monotonic_time ();
  long_game = lw_bench_random_game (rng, LONG_GAME_ROUNDS, TRUE);
  batch = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_record_free);
  for (guint i = 0; i < n_games; i++)
    {
      if (i == n_games / 2)
        {
          long_id = lw_store_add_game (store, long_game, &error);
          g_assert_no_error (error);
          total_rounds += long_game->rounds->len;
          n_partners += long_game->n_teams > 0;
          continue;
        }
      {
        LwGameRecord *record = lw_bench_random_game (rng, 200, FALSE);

        total_rounds += record->rounds->len;
        n_partners += record->n_teams > 0;
        n_garwolf += record->ruleset == LW_RULESET_GARWOLF;
        g_ptr_array_add (batch, record);
      }
      if (batch->len == 1000 || i + 1 == n_games)
        {
          g_autoptr (GArray) ids = lw_store_add_games (store, batch, &error);

          g_assert_no_error (error);
          g_ptr_array_set_size (batch, 0);
        }
    }
  generate_ms = lw_test_ms_since (start);
  g_print ("generated %u games (%u rounds, %u partners, %u Garwolf) in %.0f ms\n",
           n_games, total_rounds, n_partners, n_garwolf, generate_ms);

  /* 1. Every game with its standings. */
  start = g_get_monotonic_time ();
  {
    g_autoptr (GPtrArray) games = lw_store_list_games (store, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (games->len, ==, n_games);
    for (guint i = 0; i < games->len; i++)
      {
        LwStoredGame *game = g_ptr_array_index (games, i);
        g_autoptr (LwStandings) standings = lw_standings_compute (game->record, &error);

        g_assert_no_error (error);
        n_finished += standings->finished;
      }
  }
  list_ms = lw_test_ms_since (start);
  g_print ("list all games with standings: %.0f ms (%u finished)\n", list_ms, n_finished);

  /* 2. Replace round 1 of the 60-round game and replay it: the store's
   * edit (load, engine check, write, log) then a load and replay as a
   * screen would redraw. Two valid variants of round 1, alternating. */
  variants[0] = lw_round_copy (g_ptr_array_index (long_game->rounds, 0));
  variants[1] = NULL;
  for (guint tries = 0; variants[1] == NULL && tries < 1000; tries++)
    {
      g_autoptr (LwRound) candidate = lw_bench_random_round (long_game, rng);
      LwEdit edit = { LW_EDIT_REPLACE, 1, candidate };
      g_autoptr (LwEditResult) result = lw_edit_apply (long_game, &edit, NULL);

      if (result != NULL && !result->standings->finished)
        variants[1] = g_steal_pointer (&candidate);
    }
  g_assert_nonnull (variants[1]);

  for (guint i = 0; i < 21; i++)
    {
      g_autoptr (LwStoredGame) game = NULL;
      g_autoptr (LwStandings) standings = NULL;
      double ms;

      start = g_get_monotonic_time ();
      if (!lw_store_replace_round (store, long_id, 1, variants[(i + 1) % 2], &error))
        g_error ("replace round 1: %s", error->message);
      game = lw_store_load_game (store, long_id, &error);
      g_assert_no_error (error);
      standings = lw_standings_compute (game->record, &error);
      g_assert_no_error (error);
      ms = lw_test_ms_since (start);
      g_assert_cmpuint (game->record->rounds->len, ==, LONG_GAME_ROUNDS);
      g_array_append_val (times, ms);
    }
  what = g_strdup_printf ("replace round 1 of a %u-round game and replay", LONG_GAME_ROUNDS);
  edit_met = report_times (what, times, 2, TARGET_MS, "");

  /* 3. The engine alone: what would change (lw_edit_apply). */
  {
    LwEdit edit = { LW_EDIT_REPLACE, 1, variants[1] };

    start = g_get_monotonic_time ();
    for (guint i = 0; i < 100; i++)
      {
        g_autoptr (LwEditResult) result = lw_edit_apply (long_game, &edit, &error);
        g_assert_no_error (error);
      }
    g_print ("engine only, lw_edit_apply on round 1: %.3f ms each\n", lw_test_ms_since (start) / 100);
  }

  lw_round_free (variants[0]);
  lw_round_free (variants[1]);

  ratings_met = bench_ratings (store, n_games);

  g_clear_object (&store);
  if (dir != NULL)
    lw_test_remove_tree (dir);
  return edit_met && ratings_met ? 0 : 1;
}
