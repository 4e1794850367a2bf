/* test-club-conflicts.c — one record imported on two laptops
 * (docs/CLUB-SERVER.md "Ownership and conflicts"): the laptop that pushed
 * second lists the conflict and ends it, keeping its copy as a new game
 * or taking the first laptop's, through littlewolf-cli club conflicts and
 * club resolve against a real PostgreSQL 15 (build-aux/pg-test-cluster;
 * skipped without one)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-club-fixture.h"
#include "lw-test-util.h"

typedef LwClubTest Fixture;

#define ADD_TEST(path, func) \
  g_test_add (path, Fixture, TEMPLATE, lw_club_test_set_up, func, lw_club_test_tear_down)
#define TEMPLATE "lw-test-club-conflicts-XXXXXX"

#define SHARED "6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5"

/* The same record (id SHARED) imported on @a and on @b, @b's copy with its
 * last round taken back (the two copies differ); @a pushes first, so
 * that @b's copy waits. Returns @b's game's ID. */
static gint64
import_on_both (LwClubLaptop *a,
                LwClubLaptop *b)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (11);
  g_autoptr (LwGameRecord) record = lw_club_random_record (rng);
  g_autoptr (GError) error = NULL;
  g_auto (LwTestRun) run = { 0, };
  gint64 same = 0;
  gint64 mine;

  g_free (record->id);
  record->id = g_strdup (SHARED);
  g_assert_cmpint (lw_store_import_game (a->store, record, FALSE, &same, &error), ==, 1);
  g_assert_no_error (error);
  mine = lw_store_import_game (b->store, record, FALSE, &same, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_remove_last_round (b->store, mine, &error));
  g_assert_no_error (error);

  lw_club_laptop_sync (a);
  lw_test_run_cli (&run, b->path, NULL, "club", "sync", NULL);
  lw_test_assert_cli_ok (&run, "club sync");
  /* The pull counts A's game, which it leaves as it is. */
  g_assert_true (g_str_has_prefix (run.out, "pushed 0, deleted 0, pulled 1, conflicts 1\n"));
  return mine;
}

/* @path's `club conflicts` asserted to print @expected. */
static void
assert_conflicts (const char *path,
                  const char *expected)
{
  g_autofree char *out = lw_test_cli_ok (path, "club", "conflicts", NULL);

  g_assert_cmpstr (out, ==, expected);
}

/* The canonical record JSON of game @id in @store. */
static char *
record_of (LwStore *store,
           gint64   id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);

  g_assert_no_error (error);
  return lw_game_record_to_json (game->record);
}

/* The conflict listed on B only (text and JSON), refused where there is
 * none; --keep-mine: B's copy is a new game with a new UUID, sent with
 * the next sync, and A's is held beside it; every laptop and the server
 * then hold the same games. */
static void
test_keep_mine (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  gint64 mine = import_on_both (a, b);
  g_autofree char *expected = g_strdup_printf ("%" G_GINT64_FORMAT "\t" SHARED "\ta\n", mine);
  g_autofree char *json = NULL;
  g_autofree char *mine_before = record_of (b->store, mine);
  g_autofree char *mine_after = NULL;
  g_autofree char *theirs_here = NULL;
  g_autofree char *theirs_on_a = record_of (a->store, 1);
  g_autofree char *out = NULL;
  g_autofree char *new_uuid = NULL;
  g_autoptr (GHashTable) on_server = NULL;
  g_autoptr (GHashTable) on_a = NULL;
  g_autoptr (GHashTable) on_b = NULL;
  g_auto (LwTestRun) run = { 0, };

  assert_conflicts (b->path, expected);
  assert_conflicts (a->path, "");
  json = lw_test_cli_ok (b->path, "club", "conflicts", "--json", NULL);
  g_assert_nonnull (strstr (json, "\"uuid\" : \"" SHARED "\""));
  g_assert_nonnull (strstr (json, "\"owner\" : \"a\""));
  g_assert_nonnull (strstr (json, "\"deleted\" : false"));

  /* A's game is A's own, in no conflict. */
  lw_test_run_cli (&run, a->path, NULL, "club", "resolve", "1", "--take-theirs", NULL);
  lw_test_assert_cli_failed (&run, 2, "game 1 is in no conflict: no other club laptop has sent "
                                      "a game with its id");
  lw_test_run_clear (&run);
  memset (&run, 0, sizeof run);
  lw_test_run_cli (&run, b->path, NULL, "club", "resolve", "1", "--keep", NULL);
  lw_test_assert_cli_failed (&run, 2, "--keep-mine or");

  out = lw_test_cli_ok (b->path, "club", "resolve", "1", "--keep-mine", NULL);
  g_assert_cmpstr (out, ==, "2\n");
  assert_conflicts (b->path, "");

  /* Mine: the same game under a new UUID; theirs: A's, held. */
  {
    sqlite3 *sql = lw_test_sql_open (b->path);

    new_uuid = lw_test_sql_text (sql, "SELECT uuid FROM games WHERE id = 1");
    g_assert_cmpint (lw_test_sql_int (sql, "SELECT count (*) FROM club_games WHERE uuid = '" SHARED "'"
                                           " AND origin_name = 'a'"), ==, 1);
    g_assert_cmpint (lw_test_sql_int (sql, "SELECT count (*) FROM club_pushed WHERE uuid = '" SHARED "'"),
                     ==, 0);
    sqlite3_close (sql);
  }
  g_assert_true (g_uuid_string_is_valid (new_uuid));
  g_assert_cmpstr (new_uuid, !=, SHARED);
  mine_after = record_of (b->store, 1);
  {
    /* The record's id is the one thing changed. */
    g_auto (GStrv) parts = g_strsplit (mine_before, SHARED, -1);
    g_autofree char *expected_mine = NULL;

    g_assert_cmpuint (g_strv_length (parts), ==, 2);
    expected_mine = g_strjoinv (new_uuid, parts);
    g_assert_cmpstr (mine_after, ==, expected_mine);
  }
  theirs_here = record_of (b->store, 2);
  g_assert_cmpstr (theirs_here, ==, theirs_on_a);

  /* Mine waits as a new game and goes with the next sync. */
  lw_test_run_clear (&run);
  memset (&run, 0, sizeof run);
  lw_test_run_cli (&run, b->path, NULL, "club", "sync", NULL);
  lw_test_assert_cli_ok (&run, "club sync");
  g_assert_true (g_str_has_prefix (run.out, "pushed 1, deleted 0, pulled 0, conflicts 0\n"));
  lw_club_laptop_sync (a);
  on_server = lw_club_server_games (fixture->server);
  on_a = lw_club_local_games (a->store);
  on_b = lw_club_local_games (b->store);
  g_assert_cmpuint (g_hash_table_size (on_server), ==, 2);
  lw_club_assert_same_games (on_server, on_a, "server and a after keep-mine");
  lw_club_assert_same_games (on_server, on_b, "server and b after keep-mine");
}

/* --take-theirs: B's copy is replaced by A's, held read-only; nothing of
 * it waits any more, and a correction of it is refused as of any other
 * laptop's game. */
static void
test_take_theirs (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  gint64 mine = import_on_both (a, b);
  g_autofree char *theirs_on_a = record_of (a->store, 1);
  g_autofree char *theirs_here = NULL;
  g_autofree char *out = NULL;
  g_autofree char *id = NULL;
  g_autoptr (GHashTable) on_server = NULL;
  g_autoptr (GHashTable) on_b = NULL;
  g_auto (LwTestRun) run = { 0, };
  gint64 held;

  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM edits"), ==, 1);
  out = lw_test_cli_ok (b->path, "club", "resolve", "1", "--take-theirs", NULL);
  held = g_ascii_strtoll (out, NULL, 10);
  g_assert_cmpint (held, >, mine);
  assert_conflicts (b->path, "");
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM games"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM edits"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM club_pushed"), ==, 0);
  theirs_here = record_of (b->store, held);
  g_assert_cmpstr (theirs_here, ==, theirs_on_a);

  /* Held as any other laptop's game: read-only here. */
  id = g_strdup_printf ("%" G_GINT64_FORMAT, held);
  lw_test_run_cli (&run, b->path, NULL, "round", "delete", id, "1", NULL);
  lw_test_assert_cli_failed (&run, 2, "belongs to club laptop \u201ca\u201d: it is read-only here");
  lw_test_run_clear (&run);
  memset (&run, 0, sizeof run);
  /* No longer in a conflict: resolving it again is refused. */
  lw_test_run_cli (&run, b->path, NULL, "club", "resolve", id, "--keep-mine", NULL);
  lw_test_assert_cli_failed (&run, 2, "is in no conflict: it is club laptop \u201ca\u201d's");

  lw_test_run_clear (&run);
  memset (&run, 0, sizeof run);
  lw_test_run_cli (&run, b->path, NULL, "club", "sync", NULL);
  lw_test_assert_cli_ok (&run, "club sync");
  g_assert_true (g_str_has_prefix (run.out, "pushed 0, deleted 0, pulled 0, conflicts 0\n"));
  on_server = lw_club_server_games (fixture->server);
  on_b = lw_club_local_games (b->store);
  lw_club_assert_same_games (on_server, on_b, "server and b after take-theirs");
}

int
main (int   argc,
      char *argv[])
{
  if (!lw_club_fixture_init ())
    return 0;
  g_test_init (&argc, &argv, NULL);

  ADD_TEST ("/club-conflicts/keep-mine", test_keep_mine);
  ADD_TEST ("/club-conflicts/take-theirs", test_take_theirs);
  return g_test_run ();
}
