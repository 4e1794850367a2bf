/* test-store-round-logs.c — the logs of rounds played at the virtual table
 * (schema 6): kept with their round in one transaction, read back as
 * written, dropped when the round is taken back, deleted or corrected by
 * hand and with the game; a schema-5 database copied and migrated
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "lw-store.h"
#include "lw-store-table.h"
#include "lw-table-seats.h"
#include "lw-test-schema-v1.h"
#include "lw-test-util.h"

typedef LwTestDb Fixture;

/* The game's next round played to its end by two Normal computer seats:
 * its facts in @round, its log returned. */
static char *
play_next_round (LwStore  *store,
                 gint64    id,
                 guint64   seed,
                 LwRound  *round)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (LwTable) table = NULL;
  LwRng rng;

  g_assert_no_error (error);
  standings = lw_standings_compute (game->record, &error);
  g_assert_no_error (error);
  table = lw_table_new (2, standings->next_dealer, seed, NULL);
  lw_rng_init (&rng, seed);
  while (lw_table_get_phase (table) != LW_PHASE_END)
    {
      LwAction action;

      lw_bot_choose (table, LW_BOT_NORMAL, NULL, &rng, &action);
      g_assert_true (lw_table_apply (table, &action, &error));
      g_assert_no_error (error);
    }
  lw_table_round_facts (table, NULL, round);
  return lw_table_to_json (table);
}

static guint
count_logs (Fixture *fixture)
{
  return (guint) lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM virtual_round_logs");
}

/* Stored with the round, read back as written; refused with it. */
static void
test_append (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRound) round = lw_round_new ();
  g_autoptr (LwRound) second = lw_round_new ();
  g_autoptr (LwTable) unfinished = lw_table_new (2, 1, 3, NULL);
  g_autofree char *unfinished_json = lw_table_to_json (unfinished);
  g_autofree char *log = NULL;
  g_autofree char *back = NULL;
  g_autofree char *log2 = NULL;
  gint64 id = lw_test_add_pair_game (fixture->store, "Ann", "Ben");
  gint64 paper = lw_test_add_pair_game (fixture->store, "Ann", "Ben");
  guint number = 0;

  log = play_next_round (fixture->store, id, 11, round);
  g_assert_true (lw_store_append_virtual_round (fixture->store, id, round, log, &number, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (number, ==, 1);
  g_assert_true (lw_store_has_round_log (fixture->store, id, 1));
  g_assert_false (lw_store_has_round_log (fixture->store, id, 2));
  back = lw_store_load_round_log (fixture->store, id, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back, ==, log);
  {
    g_autoptr (LwTable) replayed = lw_table_from_json (back, -1, &error);
    g_autoptr (LwTable) original = lw_table_from_json (log, -1, NULL);

    g_assert_no_error (error);
    g_assert_true (lw_table_equal (replayed, original));
  }

  /* An unfinished log: neither round nor log is stored. */
  log2 = play_next_round (fixture->store, id, 12, second);
  g_assert_false (lw_store_append_virtual_round (fixture->store, id, second, unfinished_json, NULL, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM rounds"), ==, 1);

  /* A round the engine refuses (the cards do not add up): no log either. */
  {
    g_autoptr (LwRound) bad = lw_round_copy (second);

    bad->cards[0] += 5;
    g_assert_false (lw_store_append_virtual_round (fixture->store, id, bad, log2, NULL, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
    g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM rounds"), ==, 1);
    g_assert_cmpuint (count_logs (fixture), ==, 1);
  }

  /* A round entered by hand has no log; a log is added to a stored round only. */
  g_clear_pointer (&log2, g_free);
  log2 = play_next_round (fixture->store, paper, 13, second);
  g_assert_true (lw_store_append_round (fixture->store, paper, second, &error));
  g_assert_no_error (error);
  g_assert_false (lw_store_has_round_log (fixture->store, paper, 1));
  g_assert_null (lw_store_load_round_log (fixture->store, paper, 1, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_assert_false (lw_store_add_round_log (fixture->store, paper, 2, log2, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_assert_false (lw_store_add_round_log (fixture->store, paper, 1, "not json", &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_true (lw_store_add_round_log (fixture->store, paper, 1, log2, &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_has_round_log (fixture->store, paper, 1));
  g_assert_cmpuint (count_logs (fixture), ==, 2);
}

/* A new game of Ann and Ben with two rounds from the table, with their
 * logs; its id. */
static gint64
game_with_two_rounds (Fixture *fixture)
{
  g_autoptr (GError) error = NULL;
  gint64 id = lw_test_add_pair_game (fixture->store, "Ann", "Ben");

  for (guint k = 0; k < 2; k++)
    {
      g_autoptr (LwRound) round = lw_round_new ();
      g_autofree char *log = play_next_round (fixture->store, id, 100 + k, round);

      g_assert_true (lw_store_append_virtual_round (fixture->store, id, round, log, NULL, &error));
      g_assert_no_error (error);
    }
  g_assert_true (lw_store_has_round_log (fixture->store, id, 1));
  g_assert_true (lw_store_has_round_log (fixture->store, id, 2));
  return id;
}

/* Taken back, undone, deleted, corrected: the log goes with the round's
 * facts, in the same transaction; no log is left under another round's
 * number. */
static void
test_dropped (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  gint64 id = game_with_two_rounds (fixture);

  /* Take back the last round. */
  g_assert_true (lw_store_remove_last_round (fixture->store, id, &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_has_round_log (fixture->store, id, 1));
  g_assert_false (lw_store_has_round_log (fixture->store, id, 2));
  g_assert_cmpuint (count_logs (fixture), ==, 1);

  /* Corrected by hand: the facts no longer come from the log. */
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, id, &error);
    g_autoptr (LwRound) same = lw_round_copy (g_ptr_array_index (game->record->rounds, 0));

    g_assert_true (lw_store_replace_round (fixture->store, id, 1, same, &error));
    g_assert_no_error (error);
    g_assert_false (lw_store_has_round_log (fixture->store, id, 1));
    g_assert_cmpuint (count_logs (fixture), ==, 0);
  }

  /* An undone append drops the log with the round. */
  {
    g_autoptr (LwRound) round = lw_round_new ();
    g_autofree char *log = play_next_round (fixture->store, id, 7, round);

    g_assert_true (lw_store_append_virtual_round (fixture->store, id, round, log, NULL, &error));
    g_assert_true (lw_store_has_round_log (fixture->store, id, 2));
    g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
    g_assert_no_error (error);
    g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM rounds"), ==, 1);
    g_assert_cmpuint (count_logs (fixture), ==, 0);
  }

  /* Deleting round 1 of 2: its log goes, and round 2 (now 1, dealt by
   * another seat in the new rotation) keeps no log under either number. */
  {
    gint64 other = game_with_two_rounds (fixture);

    g_assert_true (lw_store_delete_round (fixture->store, other, 1, &error));
    g_assert_no_error (error);
    g_assert_false (lw_store_has_round_log (fixture->store, other, 2));
    g_assert_cmpint (lw_test_sql_int_at (fixture->path,
                                         "SELECT count(*) FROM virtual_round_logs l"
                                         " WHERE NOT EXISTS (SELECT 1 FROM rounds r"
                                         "  WHERE r.game = l.game AND r.number = l.number)"), ==, 0);
  }
}

/* Taken back (lw_store_remove_last_round()), then Undo: the round comes
 * back with its log as written (schema 14 keeps it with the change); a
 * round added by hand after the take back gets no log of the one taken
 * back. */
static void
test_take_back_undo (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *log = NULL;
  g_autofree char *back = NULL;
  gint64 id = game_with_two_rounds (fixture);

  log = lw_store_load_round_log (fixture->store, id, 2, &error);
  g_assert_no_error (error);

  g_assert_true (lw_store_remove_last_round (fixture->store, id, &error));
  g_assert_no_error (error);
  g_assert_false (lw_store_has_round_log (fixture->store, id, 2));
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM taken_back_logs"), ==, 1);

  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM rounds"), ==, 2);
  back = lw_store_load_round_log (fixture->store, id, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back, ==, log);

  /* Taken back again, and another round added by hand: no log. */
  g_assert_true (lw_store_remove_last_round (fixture->store, id, &error));
  {
    g_autoptr (LwRound) round = lw_round_new ();
    g_autofree char *unused = play_next_round (fixture->store, id, 9, round);

    g_assert_no_error (error);
    g_assert_true (lw_store_append_round (fixture->store, id, round, &error));
    g_assert_no_error (error);
    g_assert_false (lw_store_has_round_log (fixture->store, id, 2));
  }
}

/* Deleting the game deletes its logs (ON DELETE CASCADE). */
static void
test_delete_game (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  gint64 id = game_with_two_rounds (fixture);
  gint64 kept = game_with_two_rounds (fixture);

  g_assert_cmpuint (count_logs (fixture), ==, 4);
  g_assert_true (lw_store_delete_game (fixture->store, id, &error));
  g_assert_no_error (error);
  g_assert_false (lw_store_has_round_log (fixture->store, id, 1));
  g_assert_true (lw_store_has_round_log (fixture->store, kept, 2));
  g_assert_cmpuint (count_logs (fixture), ==, 2);
}

/* A schema-5 database: copied to PATH.v5.bak, then migrated to 6 with its
 * games and virtual tables; the copy is of version 5, without the new
 * table. */
static void
test_migration_v5 (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *backup = lw_store_migration_backup_path (fixture->path, 5);
  g_autoptr (LwRound) round = lw_round_new ();
  g_autofree char *log = NULL;
  gint64 id = lw_test_add_pair_game (fixture->store, "Ann", "Ben");

  g_assert_true (lw_store_save_table (fixture->store, id, "{}", 0, NULL, &error));
  g_clear_object (&fixture->store);
  lw_test_sql_exec_at (fixture->path, LW_TEST_DROP_SCHEMA_6 "PRAGMA user_version = 5;");
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));

  fixture->store = lw_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "PRAGMA user_version"), >=, 6);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM games"), ==, 1);
  g_assert_true (lw_store_has_table (fixture->store, id));
  g_assert_cmpint (lw_test_sql_int_at (fixture->path,
                                       "SELECT count(*) FROM sqlite_schema WHERE name = 'virtual_round_logs'"), ==, 1);
  log = play_next_round (fixture->store, id, 5, round);
  g_assert_true (lw_store_append_virtual_round (fixture->store, id, round, log, NULL, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_assert_cmpint (lw_test_sql_int_at (backup, "PRAGMA user_version"), ==, 5);
  g_assert_cmpint (lw_test_sql_int_at (backup, "SELECT count(*) FROM games"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (backup, "SELECT count(*) FROM virtual_tables"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (backup,
                                       "SELECT count(*) FROM sqlite_schema WHERE name = 'virtual_round_logs'"), ==, 0);
  g_unlink (backup);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_db ("/store-round-logs/append", test_append);
  lw_test_add_db ("/store-round-logs/dropped", test_dropped);
  lw_test_add_db ("/store-round-logs/take-back-undo", test_take_back_undo);
  lw_test_add_db ("/store-round-logs/delete-game", test_delete_game);
  lw_test_add_db ("/store-round-logs/migration-v5", test_migration_v5);

  return g_test_run ();
}
