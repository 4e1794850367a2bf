/* test-club-hostile.c — the club server (docs/CLUB-SERVER.md) against a
 * laptop's role that writes hand-made rows through plain libpq, and
 * against careless input to the sync: another laptop's sync goes on, no
 * secret is kept where it should not be
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-club-fixture.h"
#include "lw-store-db.h"
#include "lw-test-util.h"

typedef LwClubTest Fixture;

#define ADD_TEST(path, func) \
  g_test_add (path, Fixture, TEMPLATE, lw_club_test_set_up, func, lw_club_test_tear_down)
#define TEMPLATE "lw-test-club-hostile-XXXXXX"

/* The number of games @laptop holds. */
static guint
count_games (LwClubLaptop *laptop)
{
  g_autoptr (GHashTable) games = lw_club_local_games (laptop->store);

  return g_hash_table_size (games);
}

/* Laptop B's role gives its own game and roster entry a change number
 * far past the server's sequence (a column it may write on its own rows).
 * C, pulling B's rows, must not jump past A's later changes: A's next
 * game and roster entry still reach C, and a laptop whose pull had
 * already jumped (a version without this check) catches up. */
static void
test_seq_past_sequence (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (31);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");
  g_autoptr (GError) error = NULL;
  g_autoptr (LwClubState) state = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GHashTable) server_games = NULL;
  g_autoptr (GHashTable) local = NULL;
  PGconn *conn;
  gint64 same = 0;
  int rows = 0;

  lw_club_add_random_game (a->store, rng);
  lw_club_add_random_game (b->store, rng);
  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  lw_club_laptop_sync (c);
  g_assert_cmpuint (count_games (c), ==, 2);

  conn = lw_club_fixture_connect (fixture->server, b->role, b->password);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.games SET seq = 9000000000000000000"
                                    " WHERE origin = littlewolf.my_origin ()", &rows),
                   ==, PGRES_COMMAND_OK);
  g_assert_cmpint (rows, ==, 1);
  g_assert_cmpint (lw_club_try_sql (conn, "INSERT INTO littlewolf.roster (uuid, origin, name, seq)"
                                    " VALUES (gen_random_uuid (), littlewolf.my_origin (),"
                                    "  'Far Ahead', 9000000000000000000)", &rows),
                   ==, PGRES_COMMAND_OK);
  PQfinish (conn);

  lw_club_laptop_sync (c);
  state = lw_store_club_get_state (c->store, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (state->pull_seq, <, 1000);

  /* A's next game, with a player no laptop had: C takes both. */
  record = lw_club_random_record (rng);
  g_free (record->players[0]);
  record->players[0] = g_strdup ("Newcomer");
  g_assert_cmpint (lw_store_import_game (a->store, record, FALSE, &same, &error), >, 0);
  g_assert_no_error (error);
  lw_club_laptop_sync (a);
  lw_club_laptop_sync (c);
  g_assert_cmpuint (count_games (c), ==, 3);
  {
    g_autofree char *links = lw_club_roster_links (c);

    g_assert_nonnull (strstr (links, "Newcomer|"));
  }

  /* A laptop whose pull had jumped past the sequence already pulls
   * again from the start, and loses nothing. */
  g_assert_true (lw_store_exec (c->store, "UPDATE club_state SET pull_seq = 9000000000000000000,"
                                          " roster_seq = 9000000000000000000", &error));
  g_assert_no_error (error);
  lw_club_add_random_game (a->store, rng);
  lw_club_laptop_sync (a);
  lw_club_laptop_sync (c);
  g_assert_cmpuint (count_games (c), ==, 4);
  server_games = lw_club_server_games (fixture->server);
  local = lw_club_local_games (c->store);
  lw_club_assert_same_games (server_games, local, "C after its pull jumped");
}

int
main (int   argc,
      char *argv[])
{
  if (!lw_club_fixture_init ())
    return 0;
  g_test_init (&argc, &argv, NULL);

  ADD_TEST ("/club-hostile/seq-past-sequence", test_seq_past_sequence);
  return g_test_run ();
}
