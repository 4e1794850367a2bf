/* test-club-faults.c — the club sync cut anywhere (docs/CLUB-SERVER.md
 * "Sync"): `littlewolf-cli club sync` killed with SIGKILL at random
 * points, the server restarted in the middle of a sync, the connection
 * refused. Nothing is lost or doubled: afterwards the server, the laptop
 * and another laptop hold the same games, and every check passes.
 * LW_TEST_CLUB_KILLS sets the number of kills (default 100; more by hand).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "lw-club-fixture.h"
#include "lw-test-util.h"

typedef struct {
  char         *dir;
  LwClubServer *server;
  LwClubLaptop *a;
  LwClubLaptop *b;
  GRand        *rng;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->dir = lw_test_make_tmp_dir ("lw-test-club-faults-XXXXXX");
  fixture->server = lw_club_server_new ();
  fixture->a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  fixture->b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  fixture->rng = g_rand_new_with_seed (4242);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  lw_club_laptop_free (fixture->a);
  lw_club_laptop_free (fixture->b);
  lw_club_server_free (fixture->server);
  lw_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_rand_free (fixture->rng);
}

/* A random change on laptop A: a new game (most often), a correction or
 * a deletion of one of its own. */
static void
change_a (Fixture *fixture)
{
  LwStore *store = fixture->a->store;
  int roll = g_rand_int_range (fixture->rng, 0, 100);
  gint64 id = lw_test_sql_int_at (fixture->a->path,
                                  "SELECT coalesce ((SELECT id FROM games ORDER BY random () LIMIT 1), 0)");
  g_autoptr (GError) error = NULL;

  if (roll < 5)
    {
      /* A game with a new player, who goes on the roster. */
      g_autoptr (LwGameRecord) record = lw_club_random_record (fixture->rng);
      gint64 same = 0;

      g_free (record->players[0]);
      record->players[0] = g_strdup_printf ("New %u", g_rand_int (fixture->rng));
      g_assert_cmpint (lw_store_import_game (store, record, FALSE, &same, &error), >, 0);
    }
  else if (roll < 60 || id == 0)
    lw_club_add_random_game (store, fixture->rng);
  else if (roll < 85)
    g_assert_true (lw_store_set_game_details (store, id, 1767225600 + roll * 3600, "Hall", &error));
  else
    g_assert_true (lw_store_delete_game (store, id, &error));
  g_assert_no_error (error);
}

static GSubprocess *
spawn_sync (Fixture *fixture)
{
  g_autoptr (GError) error = NULL;
  GSubprocess *process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE
                                           | G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error,
                                           lw_test_cli_path (), "--db", fixture->a->path,
                                           "club", "sync", NULL);

  g_assert_no_error (error);
  return process;
}

/* Both laptops synced until nothing moves, then the checks: the server
 * holds A's games as A does, B holds them too, nothing waits, no damage. */
static void
assert_converged (Fixture *fixture)
{
  g_autoptr (GHashTable) server_games = NULL;
  g_autoptr (GHashTable) on_a = NULL;
  g_autoptr (GHashTable) on_b = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwClubState) state = NULL;

  lw_club_laptop_sync (fixture->a);
  lw_club_laptop_sync (fixture->b);
  server_games = lw_club_server_games (fixture->server);
  on_a = lw_club_local_games (fixture->a->store);
  on_b = lw_club_local_games (fixture->b->store);
  lw_club_assert_same_games (server_games, on_a, "server and laptop a");
  lw_club_assert_same_games (server_games, on_b, "server and laptop b");
  state = lw_store_club_get_state (fixture->a->store, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (state->waiting, ==, 0);
  g_assert_cmpint (state->waiting_deletions, ==, 0);
  g_assert_true (lw_store_check_damage (fixture->a->store, 0, &error));
  g_assert_true (lw_store_check_damage (fixture->b->store, 0, &error));
  g_assert_no_error (error);
  /* Roster links: each player of A's on the roster once, none doubled on
   * the server, and B's players the same entries. */
  {
    g_autofree char *links_a = lw_club_roster_links (fixture->a);
    g_autofree char *links_b = lw_club_roster_links (fixture->b);
    PGconn *conn = lw_club_fixture_connect (fixture->server, NULL, NULL);
    PGresult *result = PQexec (conn, "SELECT count (*), count (DISTINCT name) FROM littlewolf.roster");

    g_assert_cmpint (PQresultStatus (result), ==, PGRES_TUPLES_OK);
    g_assert_cmpstr (PQgetvalue (result, 0, 0), ==, PQgetvalue (result, 0, 1));
    g_assert_cmpint (atoi (PQgetvalue (result, 0, 0)), ==,
                     lw_test_sql_int_at (fixture->a->path, "SELECT count (*) FROM players"));
    PQclear (result);
    PQfinish (conn);
    {
      g_auto (GStrv) lines = g_strsplit (links_b, "\n", -1);

      /* B holds every player of A's games it took (not those of games
       * deleted before it pulled them): each as the same entry. */
      for (guint i = 0; lines[i] != NULL; i++)
        if (*lines[i] != '\0')
          g_assert_nonnull (strstr (links_a, lines[i]));
      g_assert_cmpuint (g_strv_length (lines), >, 12);
    }
  }
  g_test_message ("%u games on the server, laptop a and laptop b", g_hash_table_size (server_games));
}

static void
test_kills (Fixture       *fixture,
            gconstpointer  data)
{
  const char *count_text = g_getenv ("LW_TEST_CLUB_KILLS");
  guint kills = count_text != NULL ? (guint) g_ascii_strtoull (count_text, NULL, 10) : 100;
  guint killed = 0, finished = 0;
  gint64 start = g_get_monotonic_time ();
  double full_ms;

  /* How long one sync of 40 new games takes, to kill inside one. */
  for (guint i = 0; i < 40; i++)
    lw_club_add_random_game (fixture->a->store, fixture->rng);
  {
    g_autoptr (GSubprocess) process = spawn_sync (fixture);
    gint64 t = g_get_monotonic_time ();

    g_assert_true (g_subprocess_wait_check (process, NULL, NULL));
    full_ms = lw_test_ms_since (t);
  }
  g_test_message ("one sync of 40 games by littlewolf-cli: %.0f ms", full_ms);

  /* Until @kills syncs were killed (one that finished first does not
   * count), at most 3 × @kills tries and 4 minutes. */
  for (guint i = 0; killed < kills && i < 3 * kills; i++)
    {
      g_autoptr (GSubprocess) process = NULL;
      guint changes = (guint) g_rand_int_range (fixture->rng, 1, 8);
      double delay_ms;

      for (guint c = 0; c < changes; c++)
        change_a (fixture);
      delay_ms = g_rand_double_range (fixture->rng, 0, MAX (full_ms, 20.0));
      process = spawn_sync (fixture);
      g_usleep ((gulong) (delay_ms * 1000));
      g_subprocess_send_signal (process, SIGKILL);
      g_assert_true (g_subprocess_wait (process, NULL, NULL));
      if (g_subprocess_get_if_signaled (process))
        killed++;
      else
        {
          g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
          finished++;
        }
      /* B pulls now and then, while A's pushes are cut. */
      if (i % 10 == 9)
        lw_club_laptop_sync (fixture->b);
      /* Bounded in time: the checks run whatever was reached. */
      if (lw_test_ms_since (start) > 240000)
        break;
    }
  g_test_message ("club sync: %u killed, %u finished before the kill, in %.1f s", killed, finished,
                  lw_test_ms_since (start) / 1000);
  g_assert_cmpuint (killed, >=, kills);
  assert_converged (fixture);
}

/* pg_ctl of the test cluster (LW_TEST_PGCTL) with @args. */
static void
pg_ctl (const char *args)
{
  g_autofree char *command = g_strdup_printf ("%s %s", g_getenv ("LW_TEST_PGCTL"), args);
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

/* The server stopped (immediate: as a crash) in the middle of syncs and
 * started again; and a server that refuses the connection. */
static void
test_server_restart (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwClubState) before = NULL;
  g_autoptr (LwClubState) after = NULL;
  guint failed = 0;

  if (g_getenv ("LW_TEST_PGCTL") == NULL)
    {
      g_test_skip ("no LW_TEST_PGCTL to restart the server with");
      return;
    }
  for (guint round = 0; round < 3; round++)
    {
      g_autoptr (GSubprocess) process = NULL;

      for (guint i = 0; i < 150; i++)
        lw_club_add_random_game (fixture->a->store, fixture->rng);
      process = spawn_sync (fixture);
      g_usleep ((gulong) g_rand_int_range (fixture->rng, 20, 200) * 1000);
      pg_ctl ("-m immediate -w -t 60 restart");
      g_assert_true (g_subprocess_wait (process, NULL, NULL));
      failed += !g_subprocess_get_successful (process);
    }
  g_test_message ("%u of 3 syncs cut by the restart", failed);
  assert_converged (fixture);

  /* Nothing listens: refused, in words, and nothing changed here. */
  lw_club_add_random_game (fixture->a->store, fixture->rng);
  before = lw_store_club_get_state (fixture->a->store, TRUE, &error);
  pg_ctl ("-m fast -w stop");
  g_assert_false (lw_club_sync (fixture->a->store, NULL, &error));
  g_assert_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_CONNECT);
  g_assert_nonnull (strstr (error->message, "cannot connect"));
  g_clear_error (&error);
  pg_ctl ("-w -t 60 restart");
  after = lw_store_club_get_state (fixture->a->store, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (after->waiting, ==, before->waiting);
  g_assert_cmpint (after->push_counter, ==, before->push_counter);
  g_assert_cmpint (after->pull_seq, ==, before->pull_seq);
  assert_converged (fixture);
}

int
main (int   argc,
      char *argv[])
{
  if (!lw_club_fixture_init ())
    return 0;
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/club/faults/kills", Fixture, NULL, fixture_set_up, test_kills, fixture_tear_down);
  g_test_add ("/club/faults/server-restart", Fixture, NULL, fixture_set_up, test_server_restart,
              fixture_tear_down);
  return g_test_run ();
}
