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

/* A conninfo in URI form with the password after the user name is
 * refused by lw_club_join() (club join, the app's Join) like one with a
 * password keyword: the database keeps no conninfo, so no password, and
 * `club status` has none to print. The same for a conninfo libpq cannot
 * read. */
static void
test_join_password (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autofree char *path = g_build_filename (fixture->dir, "fresh.sqlite3", NULL);
  g_autofree char *uri = g_strdup_printf ("postgresql://%s:%s@/%s?host=%s&port=%s", a->role,
                                          "uri-secret", fixture->server->dbname,
                                          g_getenv ("LW_TEST_PGHOST"), g_getenv ("LW_TEST_PGPORT"));
  const char *const bad[] = { uri, "host=x dbname", "postgresql://u:@h/d?x=%zz" };
  g_autoptr (LwStore) store = lw_store_open (path, NULL);

  g_assert_nonnull (store);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (LwClubState) state = NULL;

      g_assert_false (lw_club_join (store, bad[i], a->origin, NULL, NULL, &error));
      g_assert_error (error, LW_CLUB_ERROR,
                      (gint) (i == 0 ? LW_CLUB_ERROR_CREDENTIALS : LW_CLUB_ERROR_INVALID));
      g_assert_null (strstr (error->message, "uri-secret"));
      g_clear_error (&error);
      state = lw_store_club_get_state (store, FALSE, &error);
      g_assert_null (state);
      g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
    }
}

/* Invalid input to the club commands is exit status 2 (CLI.md): a
 * conninfo libpq cannot read, on club init, join and roster, and an
 * admin's name that cannot be a role; one line on stderr that names the
 * problem, nothing on stdout. */
static void
test_exit_status (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *db = g_build_filename (fixture->dir, "cli.sqlite3", NULL);
  const char *const runs[][6] = {
    { "club", "init", "--conninfo", "host=x dbname", NULL },
    { "club", "join", "--conninfo", "host=x dbname", "--origin",
      "8e14c1d0-1987-4045-a5de-af7960d234f1" },
    { "club", "roster", "--conninfo", "postgresql://u@h/d?x=%zz", NULL },
    { "club", "add-admin", "Bad Name!", "--conninfo", fixture->server->owner, NULL },
  };
  const char *const words[] = { "bad conninfo", "bad conninfo", "bad conninfo", "an admin's name" };

  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_auto (LwTestRun) run = { 0 };
      const char *args[G_N_ELEMENTS (runs[i]) + 1] = { NULL };

      memcpy (args, runs[i], sizeof runs[i]);
      lw_test_run_cli_argv (&run, db, NULL, args);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_nonnull (strstr (run.err, words[i]));
      g_assert_cmpint (strchr (run.err, '\n') - run.err, ==, (int) strlen (run.err) - 1);
    }
}

/* Laptop B's role writes four rows no laptop can store: a record that is
 * not JSON, copies of B's two rows under new UUIDs (their records' `id`
 * not their UUID), and B's own game (held by C) changed to a record the
 * engine refuses. C's sync is not stopped by them: A's game still
 * arrives, each bad row is refused alone (counted, named by its UUID and
 * laptop), C's copy of B's game stays as it was, and B's next valid
 * version of it is taken. */
static void
test_bad_records (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (32);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) before = NULL;
  g_autoptr (GHashTable) after = NULL;
  g_autoptr (GHashTable) server_games = NULL;
  g_autoptr (GPtrArray) refusals = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (LwStoredGame) stored = NULL;
  g_auto (LwTestRun) run = { 0 };
  g_autofree char *sql = NULL;
  g_autofree char *uuid = NULL;
  LwClubSyncResult result;
  gint64 game_b;
  PGconn *conn;

  game_b = lw_club_add_random_game (b->store, rng);
  lw_club_laptop_sync (b);
  lw_club_laptop_sync (c);
  before = lw_club_local_games (c->store);
  g_assert_cmpuint (g_hash_table_size (before), ==, 1);

  conn = lw_club_fixture_connect (fixture->server, b->role, b->password);
  g_assert_cmpint (lw_club_try_sql (conn, "INSERT INTO littlewolf.games"
                                    " (uuid, origin, version, played_at, record) VALUES"
                                    " (gen_random_uuid (), littlewolf.my_origin (), 1, 0, 'not json')",
                                    NULL), ==, PGRES_COMMAND_OK);
  sql = g_strdup_printf ("INSERT INTO littlewolf.games (uuid, origin, version, played_at, record)"
                         " SELECT gen_random_uuid (), origin, 1, 0, record FROM littlewolf.games"
                         " WHERE origin = '%s'", b->origin);
  g_assert_cmpint (lw_club_try_sql (conn, sql, NULL), ==, PGRES_COMMAND_OK);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.games SET version = version + 1,"
                                    " record = replace (record, '\"rounds\"', '\"rounds_\"'),"
                                    " seq = nextval ('littlewolf.changes')"
                                    " WHERE origin = littlewolf.my_origin () AND version < 100",
                                    NULL), ==, PGRES_COMMAND_OK);
  PQfinish (conn);
  lw_club_add_random_game (a->store, rng);
  lw_club_laptop_sync (a);

  g_assert_true (lw_club_sync_with_refusals (c->store, &result, refusals, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.pulled, ==, 1);
  g_assert_cmpuint (result.refused, ==, 4);
  g_assert_cmpuint (refusals->len, ==, 4);
  for (guint i = 0; i < refusals->len; i++)
    g_assert_nonnull (strstr (g_ptr_array_index (refusals, i), "from laptop \u201cb\u201d not taken: "));
  after = lw_club_local_games (c->store);
  g_assert_cmpuint (g_hash_table_size (after), ==, 2);
  stored = lw_store_load_game (b->store, game_b, &error);
  g_assert_no_error (error);
  uuid = g_strdup (stored->record->id);
  g_assert_cmpstr (g_hash_table_lookup (after, uuid), ==, g_hash_table_lookup (before, uuid));

  /* The next sync has nothing more to refuse; the command line says the
   * same in words, exit status 0. */
  lw_test_run_cli (&run, c->path, NULL, "club", "sync", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "pushed 0, deleted 0, pulled 0, conflicts 0\n");

  /* B's own next version of its game is taken. */
  g_assert_true (lw_store_set_game_details (b->store, game_b, 1780000000, "The Den", &error));
  g_assert_no_error (error);
  lw_club_laptop_sync (b);
  g_assert_true (lw_club_sync (c->store, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.pulled, ==, 1);
  g_assert_cmpuint (result.refused, ==, 0);
  g_clear_pointer (&after, g_hash_table_unref);
  after = lw_club_local_games (c->store);
  server_games = lw_club_local_games (b->store);
  g_assert_cmpstr (g_hash_table_lookup (after, uuid), ==, g_hash_table_lookup (server_games, uuid));
}

/* Laptop B's role writes huge rows: one record over the limit of a game
 * record, and four of 40 MiB each (more than one batch's bytes). C's
 * pull reads no record over the limit (refused without its text read)
 * and splits the others into batches of bounded bytes; every one is
 * refused, A's game after them still arrives, and the pull reaches the
 * last change. */
static void
test_huge_rows (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (33);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) refusals = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (LwClubState) state = NULL;
  g_autofree char *last = NULL;
  LwClubSyncResult result;
  PGconn *conn;

  conn = lw_club_fixture_connect (fixture->server, b->role, b->password);
  g_assert_cmpint (lw_club_try_sql (conn, "INSERT INTO littlewolf.games"
                                    " (uuid, origin, version, played_at, record)"
                                    " SELECT gen_random_uuid (), littlewolf.my_origin (), 1, 0,"
                                    "  repeat ('x', 65 * 1024 * 1024)", NULL), ==, PGRES_COMMAND_OK);
  g_assert_cmpint (lw_club_try_sql (conn, "INSERT INTO littlewolf.games"
                                    " (uuid, origin, version, played_at, record, players)"
                                    " SELECT gen_random_uuid (), littlewolf.my_origin (), 1, 0,"
                                    "  '{' || repeat (' ', 40 * 1024 * 1024), '{}'"
                                    " FROM generate_series (1, 4)", NULL), ==, PGRES_COMMAND_OK);
  PQfinish (conn);
  lw_club_add_random_game (a->store, rng);
  lw_club_laptop_sync (a);

  g_assert_true (lw_club_sync_with_refusals (c->store, &result, refusals, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.pulled, ==, 1);
  g_assert_cmpuint (result.refused, ==, 5);
  g_assert_cmpuint (refusals->len, ==, 5);
  g_assert_nonnull (strstr (g_ptr_array_index (refusals, 0),
                            "not taken: its record is over the limit of a game record (64 MiB)"));
  g_assert_cmpuint (count_games (c), ==, 1);
  state = lw_store_club_get_state (c->store, FALSE, &error);
  g_assert_no_error (error);
  last = lw_club_server_text (fixture->server, "SELECT max (seq) FROM littlewolf.games");
  g_assert_cmpint (state->pull_seq, ==, g_ascii_strtoll (last, NULL, 10));
}

/* Laptop B's role writes 400 KB of nested lists where a laptop reads
 * JSON: its own game's players map, an event's facts, and an event's
 * players map. C's sync refuses the three in words, where json-glib's
 * parser overflowed the stack; A's game after them still arrives. */
static void
test_nested_json (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (34);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) refusals = g_ptr_array_new_with_free_func (g_free);
  LwClubSyncResult result;
  PGconn *conn;

  lw_club_add_random_game (b->store, rng);
  lw_club_laptop_sync (b);
  conn = lw_club_fixture_connect (fixture->server, b->role, b->password);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.games SET version = version + 1,"
                                    " players = repeat ('[', 400 * 1024),"
                                    " seq = nextval ('littlewolf.changes')"
                                    " WHERE origin = littlewolf.my_origin ()", NULL),
                   ==, PGRES_COMMAND_OK);
  g_assert_cmpint (lw_club_try_sql (conn, "INSERT INTO littlewolf.events"
                                    " (uuid, origin, version, facts, players) VALUES"
                                    " (gen_random_uuid (), littlewolf.my_origin (), 1,"
                                    "  repeat ('[', 400 * 1024), '{}'),"
                                    " (gen_random_uuid (), littlewolf.my_origin (), 1,"
                                    "  '{\"facts\": 1}', repeat ('[', 400 * 1024))", NULL),
                   ==, PGRES_COMMAND_OK);
  PQfinish (conn);
  lw_club_add_random_game (a->store, rng);
  lw_club_laptop_sync (a);

  g_assert_true (lw_club_sync_with_refusals (c->store, &result, refusals, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.pulled, ==, 1);
  g_assert_cmpuint (result.refused, ==, 3);
  g_assert_cmpuint (refusals->len, ==, 3);
  for (guint i = 0; i < refusals->len; i++)
    {
      g_test_message ("%s", (const char *) g_ptr_array_index (refusals, i));
      g_assert_nonnull (strstr (g_ptr_array_index (refusals, i), "nested more than 32 deep"));
    }
  g_assert_cmpuint (count_games (c), ==, 1);
}

/* Laptop B's role writes roster entries of its own whose names break the
 * names rule: one of 8 MiB, one with a line break. C's pull refuses both
 * (the long one is not even read: the server sends NULL) and takes B's
 * valid entry beside them. */
static void
test_roster_names (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");
  g_autoptr (GError) error = NULL;
  LwClubSyncResult result;
  PGconn *conn;

  conn = lw_club_fixture_connect (fixture->server, b->role, b->password);
  g_assert_cmpint (lw_club_try_sql (conn, "INSERT INTO littlewolf.roster (uuid, origin, name) VALUES"
                                    " (gen_random_uuid (), littlewolf.my_origin (),"
                                    "  repeat ('x', 8 * 1024 * 1024)),"
                                    " (gen_random_uuid (), littlewolf.my_origin (), E'Bad\\nName'),"
                                    " (gen_random_uuid (), littlewolf.my_origin (), 'Zed')", NULL),
                   ==, PGRES_COMMAND_OK);
  PQfinish (conn);

  g_assert_true (lw_club_sync (c->store, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.refused, ==, 2);
  g_assert_cmpint (lw_test_sql_int_at (c->path, "SELECT count (*) FROM club_roster"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (c->path, "SELECT count (*) FROM club_roster"
                                                " WHERE name = 'Zed'"), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  if (!lw_club_fixture_init ())
    return 0;
  g_test_init (&argc, &argv, NULL);

  ADD_TEST ("/club-hostile/seq-past-sequence", test_seq_past_sequence);
  ADD_TEST ("/club-hostile/join-password", test_join_password);
  ADD_TEST ("/club-hostile/exit-status", test_exit_status);
  ADD_TEST ("/club-hostile/bad-records", test_bad_records);
  ADD_TEST ("/club-hostile/huge-rows", test_huge_rows);
  ADD_TEST ("/club-hostile/nested-json", test_nested_json);
  ADD_TEST ("/club-hostile/roster-names", test_roster_names);
  return g_test_run ();
}
