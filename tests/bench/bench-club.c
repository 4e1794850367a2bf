/* bench-club.c — the club server's sync (docs/CLUB-SERVER.md) over the
 * Unix socket of build-aux/pg-test-cluster, with laptop A holding 10,000
 * games (LW_BENCH_GAMES) and laptop B holding none:
 *
 *   - A's first sync (its push of every game) and B's first sync (its
 *     pull of them): target under 15 s each at 10,000 games (scaled with
 *     LW_BENCH_GAMES);
 *   - 20 rounds of one game changed on A: A's sync pushing it and B's
 *     sync pulling it, each timed apart: target a median under 100 ms
 *     for each (the slowest printed too);
 *   - 20 syncs of B with nothing to do (printed, no target).
 *
 * A missed target is said on a line of its own starting "MISSED" and the
 * program exits 1, so that `meson test --benchmark bench-club` fails.
 * Skipped without a cluster.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include "lw-club-fixture.h"
#include "lw-test-util.h"

#define ROUNDS 20
#define FIRST_TARGET_MS 15000.0   /* at 10,000 games */
#define INCREMENTAL_TARGET_MS 100.0

static double
timed_sync (LwClubLaptop     *laptop,
            LwClubSyncResult *result)
{
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();

  g_assert_true (lw_club_sync (laptop->store, result, &error));
  g_assert_no_error (error);
  return lw_test_ms_since (start);
}

/* Prints @what's figure and its target (a negative @target: none);
 * returns whether the target is met. */
static gboolean
report (const char *what,
        double      ms,
        const char *detail,
        double      target)
{
  printf ("%s: %.1f ms%s", what, ms, detail != NULL ? detail : "");
  if (target < 0)
    {
      printf (" (no target)\n");
      return TRUE;
    }
  printf (" (target < %.0f ms)\n", target);
  if (ms < target)
    return TRUE;
  printf ("MISSED: %s took %.1f ms, over its target of %.0f ms\n", what, ms, target);
  return FALSE;
}

/* The median of @times (sorted in place) as the figure, with the slowest
 * in the detail. */
static gboolean
report_rounds (const char *what,
               double     *times,
               guint       n,
               double      target)
{
  g_autofree char *detail = NULL;
  double slowest = 0;
  double median;

  for (guint i = 0; i < n; i++)
    slowest = MAX (slowest, times[i]);
  median = lw_test_sort_median (times, n);
  detail = g_strdup_printf (" median of %u, slowest %.1f ms", n, slowest);
  return report (what, median, detail, target);
}

int
main (void)
{
  const char *count_text = g_getenv ("LW_BENCH_GAMES");
  guint count = count_text != NULL ? (guint) g_ascii_strtoull (count_text, NULL, 10) : 10000;
  /* LW_BENCH_SCHEMA=5: a server not migrated yet (rows written by hand),
   * to compare its push path with schema 6's functions. */
  const char *schema_text = g_getenv ("LW_BENCH_SCHEMA");
  int schema = schema_text != NULL ? CLAMP (atoi (schema_text), 5, LW_CLUB_SCHEMA_VERSION)
                                   : LW_CLUB_SCHEMA_VERSION;
  double first_target = FIRST_TARGET_MS * MAX (count, 1) / 10000.0;
  g_autofree char *dir = NULL;
  g_autoptr (LwClubServer) server = NULL;
  g_autoptr (LwClubLaptop) a = NULL;
  g_autoptr (LwClubLaptop) b = NULL;
  g_autoptr (GRand) rng = g_rand_new_with_seed (1);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *first_push_what = NULL;
  g_autofree char *first_pull_what = NULL;
  LwClubSyncResult result;
  double push_times[ROUNDS];
  double pull_times[ROUNDS];
  double idle_times[ROUNDS];
  double first_push, first_pull;
  gboolean met = TRUE;

  if (!lw_club_fixture_init ())
    return 0;
  dir = lw_test_make_tmp_dir ("lw-bench-club-XXXXXX");
  server = lw_club_server_new_at (schema);
  a = lw_club_laptop_new (server, dir, "a");
  b = lw_club_laptop_new (server, dir, "b");

  g_assert_true (lw_store_begin_transaction (a->store, &error));
  for (guint i = 0; i < count; i++)
    {
      gint64 id = lw_club_add_random_game (a->store, rng);

      g_array_append_val (ids, id);
    }
  g_assert_true (lw_store_commit_transaction (a->store, &error));
  g_assert_no_error (error);

  first_push = timed_sync (a, &result);
  g_assert_cmpuint (result.pushed, ==, count);
  first_pull = timed_sync (b, &result);
  g_assert_cmpuint (result.pulled, ==, count);

  /* One game changed on A: A pushes it, then B pulls it. */
  for (guint i = 0; i < ROUNDS && count > 0; i++)
    {
      gint64 id = g_array_index (ids, gint64, g_rand_int_range (rng, 0, (gint32) ids->len));

      g_assert_true (lw_store_set_game_details (a->store, id, 1767225600 + i * 60, "Hall", &error));
      g_assert_no_error (error);
      push_times[i] = timed_sync (a, &result);
      g_assert_cmpuint (result.pushed, ==, 1);
      g_assert_cmpuint (result.pulled, ==, 0);
      pull_times[i] = timed_sync (b, &result);
      g_assert_cmpuint (result.pushed, ==, 0);
      g_assert_cmpuint (result.pulled, ==, 1);
    }
  /* Nothing changed anywhere. */
  for (guint i = 0; i < ROUNDS; i++)
    {
      idle_times[i] = timed_sync (b, &result);
      g_assert_cmpuint (result.pushed + result.pulled + result.roster_pushed
                        + result.roster_pulled, ==, 0);
    }

  first_push_what = g_strdup_printf ("first sync of %u games (A's push)", count);
  first_pull_what = g_strdup_printf ("another laptop's first sync of them (B's pull)");
  printf ("server schema %d\n", schema);
  met &= report (first_push_what, first_push, NULL, first_target);
  met &= report (first_pull_what, first_pull, NULL, first_target);
  if (count > 0)
    {
      met &= report_rounds ("one changed game, A's sync pushing it", push_times, ROUNDS,
                            INCREMENTAL_TARGET_MS);
      met &= report_rounds ("one changed game, B's sync pulling it", pull_times, ROUNDS,
                            INCREMENTAL_TARGET_MS);
    }
  met &= report_rounds ("a sync with nothing to do (B)", idle_times, ROUNDS, -1);
  lw_test_remove_tree (dir);
  if (!met)
    {
      printf ("bench-club: a target was missed (see MISSED above)\n");
      return 1;
    }
  return 0;
}
