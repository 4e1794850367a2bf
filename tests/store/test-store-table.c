/* test-store-table.c — games at the virtual table in the database
 * (schema 5): the seat setup and the round in progress saved, replaced,
 * read back and removed; removed with the game; a schema-4 database
 * copied and migrated; the seat setup's JSON; replaying part of a log;
 * the round in progress saved without waiting for the disk, and a hosted
 * table's version kept as a ceiling
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "lw-store.h"
#include "lw-store-hosted.h"
#include "lw-store-private.h"
#include "lw-store-table.h"
#include "lw-table-seats.h"
#include "lw-test-schema-v1.h"
#include "lw-test-util.h"

typedef LwTestDb Fixture;

/* Saved, replaced and read back; between rounds the round is NULL. */
static void
test_save_load (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredTable) table = NULL;
  g_autoptr (LwStoredTable) again = NULL;
  g_autoptr (LwStoredTable) between = NULL;
  g_autoptr (LwTable) round = lw_table_new (2, 0, 77, NULL);
  g_autofree char *round_json = lw_table_to_json (round);
  gint64 id = lw_test_add_pair_game (fixture->store, "Ann", "Ben");
  gint64 paper = lw_test_add_pair_game (fixture->store, "Ann", "Ben");

  g_assert_false (lw_store_has_table (fixture->store, id));
  table = lw_store_load_table (fixture->store, id, &error);
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_assert_null (table);
  g_clear_error (&error);

  g_assert_true (lw_store_save_table (fixture->store, id, "{\"seats\": 1}", 1, round_json, &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_has_table (fixture->store, id));
  g_assert_false (lw_store_has_table (fixture->store, paper));
  table = lw_store_load_table (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (table->game, ==, id);
  g_assert_cmpstr (table->seats, ==, "{\"seats\": 1}");
  g_assert_cmpuint (table->round_number, ==, 1);
  g_assert_cmpstr (table->round, ==, round_json);
  g_assert_cmpint (table->saved_at, >, 0);

  /* Replaced, not added: one row per game. */
  g_assert_true (lw_store_save_table (fixture->store, id, "{\"seats\": 2}", 2, "{}", &error));
  g_assert_no_error (error);
  again = lw_store_load_table (fixture->store, id, &error);
  g_assert_cmpstr (again->seats, ==, "{\"seats\": 2}");
  g_assert_cmpuint (again->round_number, ==, 2);
  g_assert_cmpstr (again->round, ==, "{}");
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM virtual_tables"), ==, 1);

  g_assert_true (lw_store_save_table (fixture->store, id, "{\"seats\": 2}", 3, NULL, &error));
  between = lw_store_load_table (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_null (between->round);
  g_assert_cmpuint (between->round_number, ==, 0);

  /* A round in progress needs its number; an unknown game is refused. */
  g_assert_false (lw_store_save_table (fixture->store, id, "{}", 0, "{}", &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_false (lw_store_save_table (fixture->store, 999, "{}", 1, "{}", &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM virtual_tables"), ==, 1);

  /* Removed: the game and its rounds stay. */
  g_assert_true (lw_store_remove_table (fixture->store, id, &error));
  g_assert_no_error (error);
  g_assert_false (lw_store_has_table (fixture->store, id));
  g_assert_true (lw_store_remove_table (fixture->store, id, &error));
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM games"), ==, 2);
}

/* Deleting the game removes its table. */
static void
test_delete_game (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  gint64 id = lw_test_add_pair_game (fixture->store, "Ann", "Ben");

  g_assert_true (lw_store_save_table (fixture->store, id, "{}", 0, NULL, &error));
  g_assert_true (lw_store_delete_game (fixture->store, id, &error));
  g_assert_no_error (error);
  g_assert_false (lw_store_has_table (fixture->store, id));
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM virtual_tables"), ==, 0);
}

/* A schema-4 database: copied to PATH.v4.bak, then migrated to 5 with its
 * games; the copy is of version 4, without the new table. */
static void
test_migration_v4 (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *backup = lw_store_migration_backup_path (fixture->path, 4);
  gint64 id = lw_test_add_pair_game (fixture->store, "Ann", "Ben");

  g_clear_object (&fixture->store);
  lw_test_sql_exec_at (fixture->path, LW_TEST_DROP_SCHEMA_5 "PRAGMA user_version = 4;");
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));

  fixture->store = lw_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "PRAGMA user_version"), ==, LW_TEST_SCHEMA_VERSION);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM games"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path,
                                       "SELECT count(*) FROM sqlite_schema WHERE name = 'virtual_tables'"), ==, 1);
  g_assert_true (lw_store_save_table (fixture->store, id, "{}", 0, NULL, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_assert_cmpint (lw_test_sql_int_at (backup, "PRAGMA user_version"), ==, 4);
  g_assert_cmpint (lw_test_sql_int_at (backup, "SELECT count(*) FROM games"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (backup,
                                       "SELECT count(*) FROM sqlite_schema WHERE name = 'virtual_tables'"), ==, 0);
  g_unlink (backup);
}

static void
test_seats_json (void)
{
  LwTableSeats seats = { 0 }, back;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;

  seats.n_players = 3;
  seats.seed = G_MAXUINT64;
  seats.computer[1] = TRUE;
  seats.level[1] = LW_BOT_HARD;
  seats.computer[2] = TRUE;
  seats.level[2] = LW_BOT_EASY;
  json = lw_table_seats_to_json (&seats);
  g_assert_true (lw_table_seats_from_json (json, &back, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (back.n_players, ==, 3);
  g_assert_true (back.seed == G_MAXUINT64);
  g_assert_false (back.computer[0]);
  g_assert_true (back.computer[1]);
  g_assert_cmpint (back.level[1], ==, LW_BOT_HARD);
  g_assert_cmpint (back.level[2], ==, LW_BOT_EASY);
  g_assert_cmpuint (lw_table_seats_n_people (&back), ==, 1);
  g_assert_true (lw_table_seats_round_seed (&back, 0) != lw_table_seats_round_seed (&back, 1));

  g_assert_false (lw_table_seats_from_json ("not json", &back, &error));
  lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE);
  g_assert_false (lw_table_seats_from_json ("{\"format\": \"little-wolf/seats\", \"seed\": \"1\","
                                            " \"seats\": [{\"player\": \"person\"},"
                                            " {\"player\": \"computer\"}]}", &back, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "seat 2"));
}

/* The log without its last actions gives the table as it was then. */
static void
test_replay_prefix (void)
{
  g_autoptr (LwTable) table = lw_table_new (2, 1, 5, NULL);
  g_autoptr (LwTable) at_two = NULL;
  g_autoptr (LwTable) cut = NULL;
  g_autoptr (GError) error = NULL;
  LwRng rng;

  lw_rng_init (&rng, 9);
  for (guint k = 0; k < 8 && lw_table_get_phase (table) != LW_PHASE_END; k++)
    {
      LwAction action;

      if (k == 2)
        at_two = lw_table_copy (table);
      lw_bot_choose (table, LW_BOT_NORMAL, NULL, &rng, &action);
      g_assert_true (lw_table_apply (table, &action, &error));
    }
  cut = lw_table_replay_prefix (table, 2, &error);
  g_assert_no_error (error);
  g_assert_true (lw_table_equal (cut, at_two));
  g_assert_false (lw_table_equal (cut, table));
}

/* SQLite's statements, as run, collected while tracing (sqlite3_trace_v2()). */
static int
collect_statement (unsigned  type,
                   void     *data,
                   void     *stmt,
                   void     *sql)
{
  g_ptr_array_add (data, sqlite3_expanded_sql (stmt));
  return 0;
}

/* How many of the statements traced in @sql start with @prefix. */
static guint
count_prefix (GPtrArray  *sql,
              const char *prefix)
{
  guint n = 0;

  for (guint i = 0; i < sql->len; i++)
    n += g_str_has_prefix (sql->pdata[i], prefix);
  return n;
}

/* The round in progress is committed without waiting for the disk
 * (PRAGMA synchronous = NORMAL), the connection's setting back after it
 * and after a failure; inside another transaction, that one decides. A
 * hosted table's version is kept as a ceiling 1024 above the table's:
 * only a save that passes it writes it, and waits for the disk. */
static void
test_unsynced_saves (Fixture       *fixture,
                     gconstpointer  data)
{
  static const char *const kinds[] = { "remote", "remote" };
  const LwBotLevel levels[] = { LW_BOT_EASY, LW_BOT_EASY };
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) sql = g_ptr_array_new_with_free_func (sqlite3_free);
  sqlite3 *db = lw_store_get_db (fixture->store);
  gint64 id = lw_test_add_pair_game (fixture->store, "Ann", "Ben");
  gint64 synchronous = 0, now = 0;
  const guint64 versions[] = { 1, 2, 1025, 1026, 1027 };
  const gint64 ceilings[] = { 1025, 1025, 1025, 2050, 2050 };
  const guint waits[] = { 1, 0, 0, 1, 0 };

  g_assert_true (lw_store_query_int64 (fixture->store, "PRAGMA synchronous", &synchronous, &error));
  g_assert_cmpint (synchronous, ==, 2);  /* FULL: every other write waits for the disk */

  sqlite3_trace_v2 (db, SQLITE_TRACE_STMT, collect_statement, sql);
  g_assert_true (lw_store_save_table (fixture->store, id, "{}", 1, "{}", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_prefix (sql, "PRAGMA synchronous = NORMAL"), ==, 1);
  g_assert_cmpuint (count_prefix (sql, "COMMIT"), ==, 1);
  g_assert_true (lw_store_query_int64 (fixture->store, "PRAGMA synchronous", &now, &error));
  g_assert_cmpint (now, ==, synchronous);

  /* A failure (no such game) sets it back too. */
  g_assert_false (lw_store_save_table (fixture->store, id + 100, "{}", 1, "{}", &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_true (lw_store_query_int64 (fixture->store, "PRAGMA synchronous", &now, &error));
  g_assert_cmpint (now, ==, synchronous);

  /* Inside another transaction: no change of its own. */
  g_ptr_array_set_size (sql, 0);
  g_assert_true (lw_store_begin_transaction (fixture->store, &error));
  g_assert_true (lw_store_save_table (fixture->store, id, "{}", 1, "{}", &error));
  g_assert_true (lw_store_commit_transaction (fixture->store, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_prefix (sql, "PRAGMA synchronous"), ==, 0);

  g_assert_true (lw_store_host_table (fixture->store, id, 2, kinds, levels, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (versions); i++)
    {
      g_autoptr (LwHostedTable) hosted = NULL;

      g_ptr_array_set_size (sql, 0);
      g_assert_true (lw_store_save_hosted_round (fixture->store, id, "{}", 1, "{}", versions[i], &error));
      g_assert_no_error (error);
      hosted = lw_store_load_hosted_table (fixture->store, id, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (hosted->version, ==, (guint64) ceilings[i]);
      g_assert_cmpuint (hosted->version, >=, versions[i]);
      /* The save that writes the ceiling waits for the disk; the others do not. */
      g_assert_cmpuint (count_prefix (sql, "PRAGMA synchronous = NORMAL"), ==, 1 - waits[i]);
      g_assert_cmpuint (count_prefix (sql, "UPDATE hosted_tables"), ==, waits[i]);
    }
  sqlite3_trace_v2 (db, 0, NULL, NULL);
  g_assert_true (lw_store_query_int64 (fixture->store, "PRAGMA synchronous", &now, &error));
  g_assert_cmpint (now, ==, synchronous);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_db ("/store-table/save-load", test_save_load);
  lw_test_add_db ("/store-table/delete-game", test_delete_game);
  lw_test_add_db ("/store-table/migration-v4", test_migration_v4);
  lw_test_add_db ("/store-table/unsynced-saves", test_unsynced_saves);
  g_test_add_func ("/store-table/seats-json", test_seats_json);
  g_test_add_func ("/store-table/replay-prefix", test_replay_prefix);

  return g_test_run ();
}
