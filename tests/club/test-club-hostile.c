/* test-club-hostile.c — the club server (docs/CLUB-SERVER.md) against a
 * laptop's role that writes hand-made rows through plain libpq, and
 * against careless input to the sync: another laptop's sync goes on, no
 * secret is kept where it should not be
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-club-fixture.h"
#include "lw-names.h"
#include "lw-store-db.h"
#include "lw-store-private.h"
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

#define ADD_TEST5(path, func) \
  g_test_add (path, Fixture, TEMPLATE, lw_club_test_set_up_schema5, func, lw_club_test_tear_down)

/* Runs @sql as a statement the laptop's role must be refused, then ends
 * whatever transaction it left. */
static void
assert_refused (PGconn     *conn,
                const char *sql)
{
  g_test_message ("expecting a refusal of: %s", sql);
  g_assert_cmpint (lw_club_try_sql (conn, sql, NULL), ==, PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "ROLLBACK", NULL), ==, PGRES_COMMAND_OK);
}

/* Schema 6: a laptop's role has no table privilege but SELECT. It writes
 * no row by hand, not even its own rows' change numbers, takes no change
 * number, locks no table or row and calls no admin's function; a
 * negative version is refused. What it writes goes through the schema's
 * functions, which give each row a change number of its own: 600 rows
 * in one transaction (more than a pull batch) are 600 numbers, and A's
 * next game reaches C past them. */
static void
test_no_table_writes (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (34);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) refusals = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *numbers = NULL;
  g_autofree char *sql = NULL;
  LwClubSyncResult result;
  const char *const refused[] = {
    "UPDATE littlewolf.games SET seq = 1 WHERE origin = littlewolf.my_origin ()",
    "INSERT INTO littlewolf.games (uuid, origin, version, played_at, record)"
    " VALUES (gen_random_uuid (), littlewolf.my_origin (), 1, 0, '{}')",
    "DELETE FROM littlewolf.games WHERE origin = littlewolf.my_origin ()",
    "UPDATE littlewolf.events SET seq = 1",
    "INSERT INTO littlewolf.roster (uuid, origin, name, seq)"
    " VALUES (gen_random_uuid (), littlewolf.my_origin (), 'Far Ahead', 1)",
    "INSERT INTO littlewolf.requests (origin, player, into_player)"
    " SELECT littlewolf.my_origin (), r.uuid, r.uuid FROM littlewolf.roster AS r",
    "UPDATE littlewolf.pushes SET counter = 0",
    "INSERT INTO littlewolf.suggestions (game, origin, target, version, kind, number)"
    " SELECT uuid, littlewolf.my_origin (), origin, 1, 'delete', 1 FROM littlewolf.games",
    "SELECT nextval ('littlewolf.changes')",
    "SELECT setval ('littlewolf.changes', 1)",
    "BEGIN; LOCK TABLE littlewolf.games IN ROW EXCLUSIVE MODE",
    "BEGIN; LOCK TABLE littlewolf.writer",
    "SELECT 1 FROM littlewolf.games FOR UPDATE",
    "SELECT 1 FROM littlewolf.writer",
    "SELECT littlewolf.take_writer ()",
    "SELECT littlewolf.push_game (gen_random_uuid (), -1, 0, '{}', NULL, NULL)",
    "SELECT littlewolf.rename_entry (uuid, 'Renamed') FROM littlewolf.roster",
    "SELECT littlewolf.merge_entry (uuid, uuid) FROM littlewolf.roster",
  };
  PGconn *conn;

  lw_club_add_random_game (a->store, rng);
  lw_club_add_random_game (b->store, rng);
  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  lw_club_laptop_sync (c);
  g_assert_cmpuint (count_games (c), ==, 2);

  conn = lw_club_fixture_connect (fixture->server, b->role, b->password);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    assert_refused (conn, refused[i]);
  g_assert_cmpint (lw_club_try_sql (conn, "SELECT littlewolf.push_game (gen_random_uuid (), 1, 0,"
                                    " 'not json', NULL, NULL) FROM generate_series (1, 600)", NULL),
                   ==, PGRES_TUPLES_OK);
  PQfinish (conn);
  sql = g_strdup_printf ("SELECT count (DISTINCT seq) || ' ' || count (*)"
                         " FROM littlewolf.games WHERE origin = '%s'", b->origin);
  numbers = lw_club_server_text (fixture->server, sql);
  g_assert_cmpstr (numbers, ==, "601 601");

  lw_club_add_random_game (a->store, rng);
  lw_club_laptop_sync (a);
  g_assert_true (lw_club_sync_with_refusals (c->store, &result, refusals, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.pulled, ==, 1);
  g_assert_cmpuint (result.refused, ==, 600);
  g_assert_cmpuint (count_games (c), ==, 3);
}

/* The version and record the server holds of game @uuid, as text. */
static char *
server_copy (LwClubServer *server,
             const char   *uuid)
{
  g_autofree char *sql = g_strdup_printf ("SELECT version || ' ' || coalesce (md5 (record), 'deleted')"
                                          " FROM littlewolf.games WHERE uuid = '%s'", uuid);

  return lw_club_server_text (server, sql);
}

/* A restore from an old backup never moves the server backwards. A's
 * game 1 is at version V in the backup and V + 1 on the server; its
 * game 2 was deleted after the backup. The restored database's sync
 * (`club sync`) sends neither: the server keeps both as they were, A
 * gets game 1 back at V + 1 and loses game 2 again, the command names
 * both on standard error, and the next sync has nothing to do. */
static void
test_restore_older (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (35);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autofree char *backup = g_build_filename (fixture->dir, "a-backup.sqlite3", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) server_games = NULL;
  g_autoptr (GHashTable) local = NULL;
  g_autoptr (GHashTable) on_b = NULL;
  g_autoptr (LwStoredGame) first = NULL;
  g_autoptr (LwStoredGame) second = NULL;
  g_autofree char *copy1 = NULL;
  g_autofree char *copy2 = NULL;
  g_autofree char *after1 = NULL;
  g_autofree char *after2 = NULL;
  g_auto (LwTestRun) run = { 0 };
  g_auto (LwTestRun) again = { 0 };
  gint64 game1, game2;
  LwClubSyncResult result;

  game1 = lw_club_add_random_game (a->store, rng);
  game2 = lw_club_add_random_game (a->store, rng);
  first = lw_store_load_game (a->store, game1, &error);
  g_assert_no_error (error);
  second = lw_store_load_game (a->store, game2, &error);
  g_assert_no_error (error);
  lw_club_laptop_sync (a);
  g_assert_true (lw_store_backup_to (a->store, backup, &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_set_game_notes (a->store, game1, "Ben dealt first", &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_delete_game (a->store, game2, &error));
  g_assert_no_error (error);
  lw_club_laptop_sync (a);
  copy1 = server_copy (fixture->server, first->record->id);
  copy2 = server_copy (fixture->server, second->record->id);
  g_assert_true (g_str_has_suffix (copy2, " deleted"));

  g_assert_true (lw_store_restore_from (a->store, backup, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lw_test_count_games (a->store), ==, 2);
  lw_test_run_cli (&run, a->path, NULL, "club", "sync", NULL);
  g_test_message ("club sync: %s%s", run.out, run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "taken back from the server 2\n"));
  g_assert_nonnull (strstr (run.err, first->record->id));
  g_assert_nonnull (strstr (run.err, second->record->id));
  g_assert_nonnull (strstr (run.err, "newer than version"));
  g_assert_nonnull (strstr (run.err, "deleted here too"));

  after1 = server_copy (fixture->server, first->record->id);
  after2 = server_copy (fixture->server, second->record->id);
  g_assert_cmpstr (after1, ==, copy1);
  g_assert_cmpstr (after2, ==, copy2);
  server_games = lw_club_server_games (fixture->server);
  local = lw_club_local_games (a->store);
  g_assert_cmpuint (g_hash_table_size (local), ==, 1);
  lw_club_assert_same_games (server_games, local, "A after the restore");

  g_assert_true (lw_club_sync (a->store, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.pushed + result.deleted + result.taken_back, ==, 0);
  /* Its own still: a correction there is a later version, taken. */
  g_assert_true (lw_store_set_game_notes (a->store,
                                          lw_test_sql_int_at (a->path, "SELECT id FROM games"),
                                          "Cleo dealt first", &error));
  g_assert_no_error (error);
  g_assert_true (lw_club_sync (a->store, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.pushed, ==, 1);
  g_clear_pointer (&server_games, g_hash_table_unref);
  server_games = lw_club_server_games (fixture->server);
  lw_club_laptop_sync (b);
  on_b = lw_club_local_games (b->store);
  lw_club_assert_same_games (server_games, on_b, "B");
}

/* The version and facts the server holds of event @uuid, as text. */
static char *
server_event (LwClubServer *server,
              const char   *uuid)
{
  g_autofree char *sql = g_strdup_printf ("SELECT version || ' ' || coalesce (md5 (facts), 'deleted')"
                                          " FROM littlewolf.events WHERE uuid = '%s'", uuid);

  return lw_club_server_text (server, sql);
}

/* The UUID @store gave its own event @id on the club server. */
static char *
event_uuid (LwStore *store,
            gint64   id)
{
  g_autofree char *sql = g_strdup_printf ("SELECT uuid FROM club_events WHERE event = %" G_GINT64_FORMAT,
                                          id);
  char *uuid = lw_test_sql_text (lw_store_get_db (store), sql);

  g_assert_true (g_uuid_string_is_valid (uuid));
  return uuid;
}

/* Events as games (restore-older): A's event 1 is at version 1 in the
 * backup and at version 3 on the server (renamed twice after it), its
 * event 2 was deleted after the backup. The restored database's `club
 * sync` sends neither: the server keeps both as they were, A gets event 1
 * back at version 3 (its name, its own and writable) and loses event 2
 * again, the command names both and counts them taken back, and the next
 * sync has nothing to do. A database behind the server without a new sync
 * (its acknowledged version written back by hand) has its push refused
 * and the server's copy taken back the same way. A's next change is
 * taken and reaches B. */
static void
test_restore_older_events (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autofree char *backup = g_build_filename (fixture->dir, "a-backup.sqlite3", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *uuid1 = NULL;
  g_autofree char *uuid2 = NULL;
  g_autofree char *copy1 = NULL;
  g_autofree char *copy2 = NULL;
  g_autofree char *after1 = NULL;
  g_autofree char *after2 = NULL;
  g_autofree char *name = NULL;
  g_autoptr (GPtrArray) refusals = g_ptr_array_new_with_free_func (g_free);
  g_auto (LwTestRun) run = { 0 };
  LwClubSyncResult result;

  for (guint e = 1; e <= 2; e++)
    {
      const char *new_args[] = { "event", "new", "--name", e == 1 ? "Night" : "Second",
                                 "--format", "round-robin", "--table-size", "2", NULL };
      const char *add_args[] = { "event", "add", e == 1 ? "1" : "2", "Ann", "Ben", "Cat", "Dan", NULL };

      g_free (lw_test_cli_ok_argv (a->path, new_args));
      g_free (lw_test_cli_ok_argv (a->path, add_args));
    }
  g_assert_true (lw_club_sync (a->store, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.events_pushed, ==, 2);
  uuid1 = event_uuid (a->store, 1);
  uuid2 = event_uuid (a->store, 2);
  g_assert_true (lw_store_backup_to (a->store, backup, &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_rename_event (a->store, 1, "Night v2", &error));
  g_assert_no_error (error);
  lw_club_laptop_sync (a);
  g_assert_true (lw_store_rename_event (a->store, 1, "Night v3", &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_delete_event (a->store, 2, &error));
  g_assert_no_error (error);
  lw_club_laptop_sync (a);
  copy1 = server_event (fixture->server, uuid1);
  copy2 = server_event (fixture->server, uuid2);
  g_assert_true (g_str_has_prefix (copy1, "3 "));
  g_assert_true (g_str_has_suffix (copy2, " deleted"));

  g_assert_true (lw_store_restore_from (a->store, backup, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM events"), ==, 2);
  lw_test_run_cli (&run, a->path, NULL, "club", "sync", NULL);
  g_test_message ("club sync: %s%s", run.out, run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "taken back from the server 2\n"));
  g_assert_nonnull (strstr (run.err, uuid1));
  g_assert_nonnull (strstr (run.err, uuid2));
  g_assert_nonnull (strstr (run.err, "newer than version"));
  g_assert_nonnull (strstr (run.err, "deleted here too"));

  after1 = server_event (fixture->server, uuid1);
  after2 = server_event (fixture->server, uuid2);
  g_assert_cmpstr (after1, ==, copy1);
  g_assert_cmpstr (after2, ==, copy2);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM events"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM club_events"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT version FROM club_events"), ==, 3);
  name = lw_club_server_text (fixture->server, "SELECT count (*) FROM littlewolf.events"
                                               " WHERE facts LIKE '%\"Night v3\"%'");
  g_assert_cmpstr (name, ==, "1");
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM events WHERE name = 'Night v3'"),
                   ==, 1);

  g_assert_true (lw_club_sync (a->store, &result, &error));
  g_assert_no_error (error);
  g_assert_false (result.restarted);
  g_assert_cmpuint (result.events_pushed + result.events_pulled + result.taken_back, ==, 0);
  g_assert_cmpuint (result.pushed + result.deleted, ==, 0);

  /* Behind the server without a new sync (the version acknowledged here
   * written back by hand): the push is refused as older, in words, and
   * the server's copy taken back the same way; then nothing waits. */
  lw_test_sql_exec_at (a->path, "UPDATE club_events SET version = 1, facts = NULL");
  g_assert_true (lw_club_sync_with_refusals (a->store, &result, refusals, &error));
  g_assert_no_error (error);
  g_assert_false (result.restarted);
  g_assert_cmpuint (result.taken_back, ==, 1);
  g_assert_cmpuint (result.events_pushed, ==, 0);
  g_assert_cmpuint (refusals->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (refusals, 0), uuid1));
  g_assert_nonnull (strstr (g_ptr_array_index (refusals, 0),
                            "the server holds version 3, newer than version 1 here"));
  g_clear_pointer (&after1, g_free);
  after1 = server_event (fixture->server, uuid1);
  g_assert_cmpstr (after1, ==, copy1);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT version FROM club_events"), ==, 3);
  g_assert_true (lw_club_sync (a->store, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.events_pushed + result.taken_back, ==, 0);

  /* Its own still: a change there is a later version, taken. */
  g_assert_true (lw_store_rename_event (a->store, lw_test_sql_int_at (a->path, "SELECT id FROM events"),
                                        "Night v4", &error));
  g_assert_no_error (error);
  g_assert_true (lw_club_sync (a->store, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.events_pushed, ==, 1);
  g_clear_pointer (&after1, g_free);
  after1 = server_event (fixture->server, uuid1);
  g_assert_true (g_str_has_prefix (after1, "4 "));
  lw_club_laptop_sync (b);
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM events WHERE name = 'Night v4'"),
                   ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM events"), ==, 1);
}

/* Bounded waits: one connection of laptop A holds the writer row (its
 * push left open); laptop B's `club sync` gives up in words, exit status
 * 1, within 10 s, and syncs once A's transaction ends. */
static void
test_bounded_wait (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (36);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_auto (LwTestRun) run = { 0 };
  g_auto (LwTestRun) after = { 0 };
  PGconn *conn;
  gint64 start;

  lw_club_add_random_game (b->store, rng);
  conn = lw_club_fixture_connect (fixture->server, a->role, a->password);
  g_assert_cmpint (lw_club_try_sql (conn, "BEGIN; SELECT littlewolf.begin_push ()", NULL),
                   ==, PGRES_TUPLES_OK);
  start = g_get_monotonic_time ();
  lw_test_run_cli (&run, b->path, NULL, "club", "sync", NULL);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "waiting for other pushes: gave up after 5 s"));
  g_assert_cmpint (lw_club_try_sql (conn, "ROLLBACK", NULL), ==, PGRES_COMMAND_OK);
  PQfinish (conn);
  lw_test_run_cli (&after, b->path, NULL, "club", "sync", NULL);
  g_assert_cmpint (after.status, ==, 0);
  g_assert_true (g_str_has_prefix (after.out, "pushed 1, deleted 0, pulled 0, conflicts 0\n"));
}

/* A plain connection to database @dbname as @role with @password; NULL
 * when the server refuses it (its words in the test log). */
static PGconn *
try_connect (const char *dbname,
             const char *role,
             const char *password)
{
  const char *keywords[] = { "host", "port", "dbname", "user", "password", NULL };
  const char *values[] = { g_getenv ("LW_TEST_PGHOST"), g_getenv ("LW_TEST_PGPORT"), dbname, role,
                           password, NULL };
  PGconn *conn = PQconnectdbParams (keywords, values, 0);

  if (PQstatus (conn) == CONNECTION_OK)
    return conn;
  g_test_message ("refused: %s", PQerrorMessage (conn));
  PQfinish (conn);
  return NULL;
}

/* Two clubs in two databases of one cluster (a league, a host): each
 * club's groups are its own. Club one's admin and laptop cannot even
 * connect to club two's database (so neither read, change nor lock its
 * rows), and club two's admin renames there as before. */
static void
test_two_clubs (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (37);
  g_autoptr (LwClubServer) other = lw_club_server_new ();
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (other, fixture->dir, "b");
  g_autoptr (GError) error = NULL;
  g_autofree char *role_one = NULL;
  g_autofree char *role_two = NULL;
  g_autofree char *names = NULL;
  g_autofree char *names_after = NULL;
  g_autofree char *renamed = NULL;
  g_autofree char *conninfo = NULL;
  PGconn *conn;

  lw_club_add_random_game (a->store, rng);
  lw_club_add_random_game (b->store, rng);
  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  g_assert_true (lw_club_add_admin (fixture->server->owner, "one", "pw one", &role_one, &error));
  g_assert_no_error (error);
  g_assert_true (lw_club_add_admin (other->owner, "two", "pw two", &role_two, &error));
  g_assert_no_error (error);
  names = lw_club_server_text (other, "SELECT string_agg (name, ',' ORDER BY name)"
                                      " FROM littlewolf.roster");

  g_assert_null (try_connect (other->dbname, role_one, "pw one"));
  g_assert_null (try_connect (other->dbname, a->role, a->password));
  g_assert_null (try_connect (fixture->server->dbname, b->role, b->password));
  /* In its own club's database, each may. */
  conn = try_connect (fixture->server->dbname, role_one, "pw one");
  g_assert_nonnull (conn);
  PQfinish (conn);
  names_after = lw_club_server_text (other, "SELECT string_agg (name, ',' ORDER BY name)"
                                            " FROM littlewolf.roster");
  g_assert_cmpstr (names_after, ==, names);

  conninfo = g_strdup_printf ("host=%s port=%s dbname=%s user=%s", g_getenv ("LW_TEST_PGHOST"),
                              g_getenv ("LW_TEST_PGPORT"), other->dbname, role_two);
  g_assert_true (lw_club_save_password (conninfo, "pw two", NULL, &error));
  g_assert_no_error (error);
  renamed = lw_club_server_text (other, "SELECT uuid FROM littlewolf.roster ORDER BY seq LIMIT 1");
  g_assert_true (lw_club_roster_rename (conninfo, renamed, "Renamed", &error));
  g_assert_no_error (error);
}

/* The owner lists the laptops (the last push of each, revoked or not),
 * gives one a new password (`club origin-password`, read from standard
 * input: the old one no longer logs in) and revokes another (`club
 * remove-origin`: its open session ends, it can no longer log in, its
 * games stay and reach the other laptops). A laptop's role holds at most
 * LW_CLUB_CONNECTION_LIMIT connections. */
static void
test_origins (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (38);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) origins = NULL;
  g_auto (LwTestRun) password = { 0 };
  g_auto (LwTestRun) removed = { 0 };
  g_auto (LwTestRun) unknown = { 0 };
  PGconn *held[LW_CLUB_CONNECTION_LIMIT];
  PGconn *conn;
  LwClubOrigin *origin;

  lw_club_add_random_game (b->store, rng);
  lw_club_laptop_sync (b);
  origins = lw_club_list_origins (fixture->server->owner, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (origins->len, ==, 3);
  origin = g_ptr_array_index (origins, 1);
  g_assert_cmpstr (origin->name, ==, "b");
  g_assert_cmpstr (origin->id, ==, b->origin);
  g_assert_cmpint (origin->last_push, >, 1700000000);
  g_assert_false (origin->revoked);
  g_assert_cmpint (((LwClubOrigin *) g_ptr_array_index (origins, 0))->last_push, ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    held[i] = lw_club_fixture_connect (fixture->server, a->role, a->password);
  g_assert_null (try_connect (fixture->server->dbname, a->role, a->password));
  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    PQfinish (held[i]);

  lw_test_run_cli (&password, NULL, "a new secret\n", "club", "origin-password", "a",
                   "--conninfo", fixture->server->owner, NULL);
  g_assert_cmpint (password.status, ==, 0);
  g_assert_null (try_connect (fixture->server->dbname, a->role, a->password));
  conn = try_connect (fixture->server->dbname, a->role, "a new secret");
  g_assert_nonnull (conn);
  PQfinish (conn);

  conn = lw_club_fixture_connect (fixture->server, b->role, b->password);
  lw_test_run_cli (&removed, NULL, NULL, "club", "remove-origin", "b",
                   "--conninfo", fixture->server->owner, NULL);
  g_assert_cmpint (removed.status, ==, 0);
  g_assert_cmpint (lw_club_try_sql (conn, "SELECT 1", NULL), ==, PGRES_FATAL_ERROR);
  PQfinish (conn);
  g_assert_null (try_connect (fixture->server->dbname, b->role, b->password));
  g_assert_false (lw_club_sync (b->store, NULL, &error));
  g_assert_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_CONNECT);
  g_clear_error (&error);
  g_clear_pointer (&origins, g_ptr_array_unref);
  origins = lw_club_list_origins (fixture->server->owner, &error);
  g_assert_no_error (error);
  g_assert_true (((LwClubOrigin *) g_ptr_array_index (origins, 1))->revoked);
  g_assert_false (((LwClubOrigin *) g_ptr_array_index (origins, 0))->revoked);
  lw_club_laptop_sync (c);
  g_assert_cmpuint (count_games (c), ==, 1);

  lw_test_run_cli (&unknown, NULL, NULL, "club", "remove-origin", "nobody",
                   "--conninfo", fixture->server->owner, NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "no laptop \u201cnobody\u201d"));
}

/* Each laptop's last sync is on the server (schema 7, littlewolf.syncs):
 * a sync with nothing to send records it as one that pushed does, and
 * never counts as a push; a laptop that never synced has none; a server
 * of schema 6 migrated to 7 takes each laptop's last push as its last
 * sync. */
static void
test_last_sync (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (40);
  g_autoptr (LwClubServer) old = lw_club_server_new_at (6);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");
  g_autoptr (LwClubLaptop) d = lw_club_laptop_new (old, fixture->dir, "d");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) origins = NULL;
  g_autofree char *pushed = NULL;
  g_autofree char *synced = NULL;
  LwClubOrigin *origin;
  int version = 0;

  /* a syncs with nothing to send; b sends a game. */
  lw_club_laptop_sync (a);
  lw_club_add_random_game (b->store, rng);
  lw_club_laptop_sync (b);
  origins = lw_club_list_origins (fixture->server->owner, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (origins->len, ==, 3);
  origin = g_ptr_array_index (origins, 0);
  g_assert_cmpstr (origin->name, ==, "a");
  g_assert_cmpint (origin->last_push, ==, 0);
  g_assert_cmpint (origin->last_sync, >, 1700000000);
  origin = g_ptr_array_index (origins, 1);
  g_assert_cmpint (origin->last_push, >, 1700000000);
  g_assert_cmpint (origin->last_sync, >=, origin->last_push);
  origin = g_ptr_array_index (origins, 2);
  g_assert_cmpstr (origin->name, ==, "c");
  g_assert_cmpint (origin->last_sync, ==, 0);
  /* The sync's time is the server's, and no push was counted. */
  synced = lw_club_server_text (fixture->server,
                                "SELECT count (*) FROM littlewolf.syncs AS s"
                                " JOIN littlewolf.origins AS o ON o.id = s.origin"
                                " WHERE o.name IN ('a', 'b') AND s.at <= now ()");
  g_assert_cmpstr (synced, ==, "2");
  pushed = lw_club_server_text (fixture->server,
                                "SELECT count (*) FROM littlewolf.pushes AS p"
                                " JOIN littlewolf.origins AS o ON o.id = p.origin WHERE o.name = 'a'");
  g_assert_cmpstr (pushed, ==, "0");

  /* Schema 6: d pushes; the migration to 7 keeps that as its last sync,
   * and d's next sync records a later one. */
  lw_club_add_random_game (d->store, rng);
  lw_club_laptop_sync (d);
  g_assert_true (lw_club_init (old->owner, &version, &error));
  g_assert_no_error (error);
  g_assert_cmpint (version, ==, LW_CLUB_SCHEMA_VERSION);
  g_clear_pointer (&origins, g_ptr_array_unref);
  origins = lw_club_list_origins (old->owner, &error);
  g_assert_no_error (error);
  origin = g_ptr_array_index (origins, 0);
  g_assert_cmpint (origin->last_push, >, 1700000000);
  g_assert_cmpint (origin->last_sync, ==, origin->last_push);
  g_free (synced);
  synced = lw_club_server_text (old, "SELECT count (*) FROM littlewolf.syncs");
  g_assert_cmpstr (synced, ==, "1");
  lw_club_laptop_sync (d);
  g_free (synced);
  synced = lw_club_server_text (old, "SELECT (SELECT at FROM littlewolf.syncs)"
                                     " > (SELECT at FROM littlewolf.pushes)");
  g_assert_cmpstr (synced, ==, "t");
}

/* What a laptop writes is bounded in the server's functions: a roster
 * name longer than the names rule's, a record over the limit of a game
 * record, more than LW_CLUB_OPEN_PER_GAME open suggestions on one game. */
static void
test_write_bounds (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (39);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwStoredGame) stored = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_strnfill (LW_NAME_MAX_CHARS, 'x');
  g_autofree char *sql = NULL;
  g_autofree char *open = NULL;
  gint64 game;
  PGconn *conn;

  game = lw_club_add_random_game (a->store, rng);
  lw_club_laptop_sync (a);
  stored = lw_store_load_game (a->store, game, &error);
  g_assert_no_error (error);
  conn = lw_club_fixture_connect (fixture->server, b->role, b->password);
  sql = g_strdup_printf ("SELECT littlewolf.add_roster_entry (gen_random_uuid (), '%s')", name);
  g_assert_cmpint (lw_club_try_sql (conn, sql, NULL), ==, PGRES_TUPLES_OK);
  g_free (sql);
  sql = g_strdup_printf ("SELECT littlewolf.add_roster_entry (gen_random_uuid (), '%sx')", name);
  assert_refused (conn, sql);
  assert_refused (conn, "SELECT littlewolf.add_roster_entry (gen_random_uuid (), '')");
  assert_refused (conn, "SELECT littlewolf.push_game (gen_random_uuid (), 1, 0,"
                        " repeat ('x', 64 * 1024 * 1024 + 1), NULL, NULL)");
  assert_refused (conn, "SELECT littlewolf.push_event (gen_random_uuid (), 1,"
                        " repeat ('x', 64 * 1024 * 1024), '{}')");
  g_free (sql);
  sql = g_strdup_printf ("SELECT littlewolf.suggest ('%s', 1, 'delete', 1, NULL)"
                         " FROM generate_series (1, %d)", stored->record->id, LW_CLUB_OPEN_PER_GAME);
  g_assert_cmpint (lw_club_try_sql (conn, sql, NULL), ==, PGRES_TUPLES_OK);
  g_free (sql);
  sql = g_strdup_printf ("SELECT littlewolf.suggest ('%s', 1, 'delete', 1, NULL)",
                         stored->record->id);
  assert_refused (conn, sql);
  PQfinish (conn);
  open = lw_club_server_text (fixture->server, "SELECT count (*) FROM littlewolf.suggestions");
  g_assert_cmpstr (open, ==, G_STRINGIFY (LW_CLUB_OPEN_PER_GAME));
}

/* `club join` warns on standard error, and joins all the same, when a
 * conninfo reaches the server over TCP without sslmode=verify-full; a
 * Unix socket, or verify-full, gets no warning. */
static void
test_join_tls (Fixture       *fixture,
               gconstpointer  data)
{
  const char *const conninfos[] = {
    "host=db.example.org dbname=club user=lw_origin_1",
    "hostaddr=192.0.2.7 dbname=club user=lw_origin_1 sslmode=require",
    "host=db.example.org dbname=club user=lw_origin_1 sslmode=verify-full",
    "host=/run/postgresql dbname=club user=lw_origin_1",
  };
  const gboolean warned[] = { TRUE, TRUE, FALSE, FALSE };

  for (guint i = 0; i < G_N_ELEMENTS (conninfos); i++)
    {
      g_autofree char *file = g_strdup_printf ("join-%u.sqlite3", i);
      g_autofree char *db = g_build_filename (fixture->dir, file, NULL);
      g_auto (LwTestRun) run = { 0 };

      g_unsetenv ("PGSSLMODE");
      lw_test_run_cli (&run, db, NULL, "club", "join", "--conninfo", conninfos[i], "--origin",
                       "8e14c1d0-1987-4045-a5de-af7960d234f1", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpstr (run.out, ==, "");
      if (warned[i])
        g_assert_nonnull (strstr (run.err, "is not sslmode=verify-full"));
      else
        g_assert_cmpstr (run.err, ==, "");
      g_assert_cmpint (lw_test_sql_int_at (db, "SELECT count (*) FROM club_state"), ==, 1);
    }
}

/* Laptop B's role gives its own game and roster entry a change number
 * far past the server's sequence (a column it may write on its own rows
 * on a server of schema 5; from 6 on it writes no row by hand).
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

  ADD_TEST ("/club-hostile/no-table-writes", test_no_table_writes);
  ADD_TEST ("/club-hostile/restore-older", test_restore_older);
  ADD_TEST ("/club-hostile/restore-older-events", test_restore_older_events);
  ADD_TEST ("/club-hostile/bounded-wait", test_bounded_wait);
  ADD_TEST ("/club-hostile/two-clubs", test_two_clubs);
  ADD_TEST ("/club-hostile/origins", test_origins);
  ADD_TEST ("/club-hostile/last-sync", test_last_sync);
  ADD_TEST ("/club-hostile/write-bounds", test_write_bounds);
  ADD_TEST ("/club-hostile/join-tls", test_join_tls);
  /* A server of schema 5, not migrated yet: rows written by hand. */
  ADD_TEST5 ("/club-hostile/seq-past-sequence", test_seq_past_sequence);
  ADD_TEST ("/club-hostile/join-password", test_join_password);
  ADD_TEST ("/club-hostile/exit-status", test_exit_status);
  ADD_TEST5 ("/club-hostile/bad-records", test_bad_records);
  ADD_TEST5 ("/club-hostile/huge-rows", test_huge_rows);
  ADD_TEST5 ("/club-hostile/nested-json", test_nested_json);
  ADD_TEST5 ("/club-hostile/roster-names", test_roster_names);
  return g_test_run ();
}
