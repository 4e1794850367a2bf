/* bench-club.c — the club server's sync (docs/CLUB-SERVER.md) over the
 * Unix socket of build-aux/pg-test-cluster: the first sync of 10,000
 * games (LW_BENCH_GAMES), another laptop's first pull of them, and an
 * incremental sync of one changed game (target < 100 ms; the median and
 * the slowest of 20). Skipped without a cluster.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include "lw-club-fixture.h"
#include "lw-test-util.h"

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
  g_autofree char *dir = NULL;
  g_autoptr (LwClubServer) server = NULL;
  g_autoptr (LwClubLaptop) a = NULL;
  g_autoptr (LwClubLaptop) b = NULL;
  g_autoptr (GRand) rng = g_rand_new_with_seed (1);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  LwClubSyncResult result;
  double times[20];
  double first, pull, median, slowest = 0;

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

  first = timed_sync (a, &result);
  g_assert_cmpuint (result.pushed, ==, count);
  pull = timed_sync (b, &result);
  g_assert_cmpuint (result.pulled, ==, count);

  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      gint64 id = g_array_index (ids, gint64, g_rand_int_range (rng, 0, (gint32) ids->len));

      g_assert_true (lw_store_set_game_details (a->store, id, 1767225600 + i * 60, "Hall", &error));
      g_assert_no_error (error);
      times[i] = timed_sync (a, &result);
      g_assert_cmpuint (result.pushed, ==, 1);
      slowest = MAX (slowest, times[i]);
    }
  median = lw_test_sort_median (times, G_N_ELEMENTS (times));

  printf ("server schema %d\n", schema);
  printf ("first sync of %u games: %.0f ms (push)\n", count, first);
  printf ("another laptop's first sync of them: %.0f ms (pull)\n", pull);
  printf ("incremental sync of one changed game: median %.1f ms, slowest %.1f ms of %u "
          "(target < 100 ms)\n", median, slowest, (guint) G_N_ELEMENTS (times));
  lw_test_remove_tree (dir);
  return 0;
}
