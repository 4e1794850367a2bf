/* test-migration.c — opening databases of other versions and files that
 * are not databases
 *
 * - a schema-1 database is copied to PATH.v1.bak (the copy still of
 *   version 1, with the same games) and then migrated; a second one at
 *   the same path to PATH.v1.1.bak, the first copy kept;
 * - a schema-5 database is copied to PATH.v5.bak and gets round locks;
 * - a schema-11 database is copied to PATH.v11.bak; its games read as the
 *   rulings (no rule set, run_fill and over_trump the defaults) and export
 *   as before, and rule sets can be saved;
 * - a schema-12 database is copied to PATH.v12.bak; its event reads as
 *   played with Standard rules, and the game made for its table has the
 *   rulings;
 * - a schema-7 database holding names the names rule refuses (a tab, a
 *   terminal's escape code, 7,000,000 characters, only a zero-width space,
 *   NFD, a line break in an event's name, a control character in a place
 *   and in notes) has them renamed, each rename in the games' edit logs,
 *   and every game exports and imports again; so are, from schema 21,
 *   names made only of invisible characters (Hangul fillers);
 * - a schema-23 database gets game_stats_cache, empty: the players'
 *   statistics read its games from their rounds the first time, write
 *   their rows, and take them from the rows the next time;
 * - a database of a newer version is refused with a clear message, by the
 *   store and by littlewolf-cli, and left byte for byte as it was;
 * - a file that is not a database, an empty-looking SQLite file of another
 *   program and a truncated database are refused and left as they were;
 * - so are another program's database with tables of our names and a
 *   database with another program's application_id;
 * - a write that comes while the damage check runs in the background
 *   waits for it: refused on a damaged file (left as it was), stored on a
 *   sound one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "lw-store.h"
#include "lw-store-club.h"
#include "lw-store-events.h"
#include "lw-store-players.h"
#include "lw-store-stats.h"
#include "lw-test-schema-v1.h"
#include "lw-test-util.h"
#include "lw-store-event-pars.h"

/* The schema-1 SQL and one game. */
static const char schema_v1[] =
  LW_TEST_SCHEMA_V1_SQL
  "INSERT INTO players (id, name) VALUES (1, 'Ann'), (2, 'Ben');"
  "INSERT INTO games VALUES (1, 'little-wolf', 1, 15, 11, 0, 0, 1600000000);"
  "INSERT INTO game_seats VALUES (1, 0, 1, NULL), (1, 1, 2, NULL);"
  "INSERT INTO rounds VALUES (1, 1, 1, 0, NULL, 0, NULL), (2, 1, 2, 0, 1, 0, 1);"
  "INSERT INTO round_seats (round, seat, cards) VALUES (1, 0, 20), (1, 1, 6), (2, 0, 6), (2, 1, 20);";

/* The folder holds only @path, with the contents @before: nothing was
 * written beside it either (no -wal, -journal or backup). */
static void
assert_untouched (const char *path,
                  GBytes     *before)
{
  g_autoptr (GBytes) after = lw_test_file_bytes (path);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GDir) folder = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_true (g_bytes_equal (before, after));
  while ((name = g_dir_read_name (folder)) != NULL)
    {
      if (!g_str_has_suffix (name, "-shm"))   /* SQLite's index, no data */
        n++;
      g_assert_true (g_str_has_prefix (path + strlen (dir) + 1, name)
                     || g_str_has_suffix (name, "-shm"));
    }
  g_assert_cmpuint (n, ==, 1);
}

/* Opens the database at @path, which migrates it to this version, and
 * closes it again; the open must succeed. */
static void
open_and_close (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = lw_store_open (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (store);
}

static void
test_v1_backup (LwTestDb      *db,
                gconstpointer  data)
{
  const char *path = db->path;
  g_autoptr (GError) error = NULL;
  g_autofree char *backup = lw_store_migration_backup_path (path, 1);
  g_autoptr (LwStore) store = NULL;
  g_autoptr (LwStoredGame) game = NULL;

  g_assert_cmpstr (backup + strlen (path), ==, ".v1.bak");
  lw_test_sql_exec_at (path, schema_v1);

  store = lw_store_open (path, &error);
  g_assert_no_error (error);
  game = lw_store_load_game (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->record->rounds->len, ==, 2);
  g_clear_object (&store);

  /* The copy: version 1, the same game, nothing of version 2. */
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (lw_test_sql_int_at (backup, "PRAGMA user_version"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (backup, "SELECT count(*) FROM rounds WHERE game = 1"), ==, 2);
  g_assert_cmpint (lw_test_sql_int_at (backup, "SELECT count(*) FROM sqlite_schema WHERE name = 'edits'"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (path, "PRAGMA user_version"), ==, LW_TEST_SCHEMA_VERSION);

  /* Opened again: nothing to migrate, the copy stays as it is. */
  {
    g_autoptr (GBytes) copy = lw_test_file_bytes (backup);
    g_autoptr (GBytes) copy_after = NULL;

    open_and_close (path);
    copy_after = lw_test_file_bytes (backup);
    g_assert_true (g_bytes_equal (copy, copy_after));
  }

  /* The copy is itself a database this version opens (and migrates). */
  open_and_close (backup);
}

/* Removes the database @path and its -wal and -shm files. */
static void
remove_database (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);

  g_remove (path);
  g_remove (wal);
  g_remove (shm);
}

/* Each migration keeps its own copy: a second database of version 1 at
 * the same path (an old copy put back, say) is copied to PATH.v1.1.bak,
 * and the first migration's PATH.v1.bak stays as it was. */
static void
test_backups_kept (LwTestDb      *db,
                   gconstpointer  data)
{
  const char *path = db->path;
  g_autofree char *first = lw_store_migration_backup_path (path, 1);
  g_autofree char *second = g_strconcat (path, ".v1.1.bak", NULL);
  g_autofree char *third = g_strconcat (path, ".v1.2.bak", NULL);
  g_autoptr (GBytes) first_bytes = NULL;
  g_autoptr (GBytes) first_after = NULL;

  /* The first database of version 1: one game. */
  lw_test_sql_exec_at (path, schema_v1);
  open_and_close (path);
  first_bytes = lw_test_file_bytes (first);
  g_assert_false (g_file_test (second, G_FILE_TEST_EXISTS));

  /* A second one at the same path: three games. */
  remove_database (path);
  lw_test_sql_exec_at (path, schema_v1);
  lw_test_sql_exec_at (path, "INSERT INTO games VALUES (2, 'little-wolf', 1, 15, 11, 0, 0, 1600000001);"
                             "INSERT INTO games VALUES (3, 'little-wolf', 1, 15, 11, 0, 0, 1600000002);");
  open_and_close (path);

  first_after = lw_test_file_bytes (first);
  g_assert_true (g_bytes_equal (first_bytes, first_after));
  g_assert_cmpint (lw_test_sql_int_at (first, "SELECT count (*) FROM games"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (second, "PRAGMA user_version"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (second, "SELECT count (*) FROM games"), ==, 3);
  g_assert_false (g_file_test (third, G_FILE_TEST_EXISTS));
}

/* A schema-5 database: copied to PATH.v5.bak, then given the round locks
 * and the games kept for event tables (schema 6). */
static void
test_v5_to_v6 (LwTestDb      *db,
               gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *backup = lw_store_migration_backup_path (db->path, 5);
  g_autoptr (GArray) locks = NULL;
  g_autoptr (LwGameRecord) record = lw_test_pair_record ("Ann", "Ben");
  g_autoptr (LwRound) round = lw_round_new ();
  gint64 id;

  /* A database as version 5 left it: one game of one round. */
  id = lw_store_add_game (db->store, record, &error);
  round->declarer = 0;
  round->cards[0] = 20;
  round->cards[1] = 6;
  lw_store_append_round (db->store, id, round, &error);
  g_assert_no_error (error);
  lw_test_migrate_from (db, LW_TEST_DROP_SCHEMA_6, 5);
  g_assert_cmpint (lw_test_sql_int_at (backup, "SELECT count(*) FROM sqlite_schema WHERE name = 'round_locks'"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (backup, "SELECT count(*) FROM rounds"), ==, 1);

  /* The migrated game keeps its round, which can now be locked. */
  lw_store_set_round_locked (db->store, id, 1, TRUE, &error);
  g_assert_no_error (error);
  locks = lw_store_list_locked_rounds (db->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (locks->len, ==, 1);
  g_clear_object (&db->store);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM round_locks WHERE game = 1 AND number = 1"), ==, 1);
}

static void
test_v11_to_v12 (LwTestDb      *db,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *backup = lw_store_migration_backup_path (db->path, 11);
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwRuleSet) set = lw_rule_set_new_standard (LW_RULESET_LITTLE_WOLF);
  g_autoptr (LwGameRecord) record = lw_test_pair_record ("Ann", "Ben");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 id;

  /* A database as version 11 left it: one game. */
  id = lw_store_add_game (db->store, record, &error);
  g_assert_no_error (error);
  game = lw_store_load_game (db->store, id, &error);
  g_assert_no_error (error);
  before = lw_game_record_to_json (game->record);
  g_clear_pointer (&game, lw_stored_game_free);
  lw_test_migrate_from (db, LW_TEST_DROP_SCHEMA_12, 11);
  g_assert_cmpint (lw_test_sql_int_at (backup, "SELECT count(*) FROM sqlite_schema WHERE name = 'rule_sets'"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM games WHERE rule_set IS NULL"
                                             " AND run_fill = 'inside_or_end' AND over_trump = 'winning_play'"), ==, 1);

  /* The game reads as the rulings and exports as it did. */
  game = lw_store_load_game (db->store, id, &error);
  g_assert_no_error (error);
  g_assert_null (game->record->rule_set);
  g_assert_cmpint (game->record->run_fill, ==, LW_RUN_FILL_INSIDE_OR_END);
  g_assert_cmpint (game->record->over_trump, ==, LW_OVER_TRUMP_WINNING_PLAY);
  after = lw_game_record_to_json (game->record);
  g_assert_cmpstr (after, ==, before);

  set->name = g_strdup ("Long game");
  set->target = 31;
  g_assert_cmpint (lw_store_create_rule_set (db->store, set, &error), >, 0);
  g_assert_no_error (error);
}

static void
test_v12_to_v13 (LwTestDb      *db,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRuleSet) rules = NULL;
  g_autoptr (LwEvent) paired = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  const char *names[] = { "Ann", "Ben", NULL };
  gint64 id, game_id;

  /* A database as version 12 left it: one event of two. */
  id = lw_test_add_swiss_event (db->store, "Old event", 2, 0, names);
  lw_test_migrate_from (db, LW_TEST_DROP_SCHEMA_13, 12);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM events WHERE rule_set IS NULL"
                                             " AND start_score = 1 AND target = 15 AND skunk = 11"
                                             " AND run_fill = 'inside_or_end'"
                                             " AND over_trump = 'winning_play'"), ==, 1);
  rules = lw_store_get_event_rule_set (db->store, id, &error);
  g_assert_no_error (error);
  g_assert_null (rules->name);
  g_assert_cmpint (rules->target, ==, 15);

  paired = lw_store_pair_event_round (db->store, id, &error);
  g_assert_no_error (error);
  game_id = lw_store_start_event_table_game (db->store, id, 1, 1, &error);
  g_assert_no_error (error);
  game = lw_store_load_game (db->store, game_id, &error);
  g_assert_no_error (error);
  g_assert_null (game->record->rule_set);
  g_assert_cmpint (game->record->start_score, ==, 1);
  g_assert_cmpint (game->record->target, ==, 15);
  g_assert_cmpint (game->record->run_fill, ==, LW_RUN_FILL_INSIDE_OR_END);
}

static gint64
add_game (LwStore     *store,
          const char  *first,
          const char  *second,
          guint        n_rounds)
{
  g_autoptr (GError) error = NULL;
  gint64 id = lw_test_add_pair_game (store, first, second);

  for (guint i = 0; i < n_rounds; i++)
    {
      g_autoptr (LwRound) round = lw_round_new ();

      round->declarer = 0;
      round->cards[0] = 20;
      round->cards[1] = 6;
      lw_store_append_round (store, id, round, &error);
      g_assert_no_error (error);
    }
  return id;
}

/* The game's log entries of kind "rename", as "OLD→NEW" of their "text". */
static char *
renames_of (LwStore *store,
            gint64   id)
{
  g_autoptr (GPtrArray) entries = lw_test_list_edits (store, id);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < entries->len; i++)
    {
      const LwLoggedEdit *entry = g_ptr_array_index (entries, i);
      g_autoptr (JsonParser) old_parser = json_parser_new ();
      g_autoptr (JsonParser) new_parser = json_parser_new ();
      JsonObject *old_object, *new_object;

      if (!g_str_equal (entry->kind, "rename"))
        continue;
      g_assert_true (json_parser_load_from_data (old_parser, entry->old_json, -1, NULL));
      g_assert_true (json_parser_load_from_data (new_parser, entry->new_json, -1, NULL));
      old_object = json_node_get_object (json_parser_get_root (old_parser));
      new_object = json_node_get_object (json_parser_get_root (new_parser));
      g_string_append_printf (out, "%s:%.12s|%" G_GINT64_FORMAT "→%s;",
                              json_object_get_string_member (old_object, "what"),
                              json_object_get_string_member (old_object, "text"),
                              json_object_get_int_member_with_default (old_object, "length", 0),
                              json_object_get_string_member (new_object, "text"));
    }
  return g_string_free (out, FALSE);
}

static void
test_v7_names (LwTestDb      *db,
               gconstpointer  data)
{
  const char *path = db->path;
  const char *dir = db->dir;
  g_autoptr (GError) error = NULL;
  g_autofree char *copy_path = g_build_filename (dir, "again.sqlite3", NULL);
  g_autofree char *backup = lw_store_migration_backup_path (path, 7);
  g_autofree char *hundred_b = g_strnfill (100, 'B');
  g_autofree char *hundred_x = g_strnfill (100, 'x');
  g_autoptr (LwStore) store = NULL;
  g_autoptr (LwStore) again = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_auto (GStrv) names = NULL;
  gint64 g1, g2, g3, event;
  gint64 start;

  /* A database as version 7 left it, with names the rule now refuses. */
  store = lw_store_open (path, &error);
  g_assert_no_error (error);
  g1 = add_game (store, "Ann", "Ben", 2);
  g2 = add_game (store, "Cleo", "Dev", 1);
  g3 = add_game (store, "Zo\u00eb", "Eve", 0);
  g_assert_cmpint (add_game (store, "Fay", "Gus", 1), ==, 4);
  event = lw_test_add_swiss_event (store, "Spring", 2, 0, NULL);
  g_assert_true (lw_store_set_game_details (store, g2, 0, "Hall", &error));
  g_assert_true (lw_store_set_game_notes (store, g2, "line one\nline two", &error));
  g_assert_no_error (error);
  /* Game 4 is deleted: its snapshot in the log holds the names too. */
  g_assert_true (lw_store_set_game_details (store, 4, 0, "Barn", &error));
  g_assert_true (lw_store_delete_game (store, 4, &error));
  g_assert_no_error (error);
  g_clear_object (&store);
  lw_test_sql_exec_at (path,
                       "UPDATE edits SET old = replace (replace (old, 'Fay', 'Fay' || char (8232) || 'Fey'),"
                       "  'Gus', replace (hex (zeroblob (50)), '0', 'x') || 'yz') WHERE kind = 'delete_game';"
                       "UPDATE edits SET old = replace (old, 'Barn', 'Barn\\u001b[2J') WHERE kind = 'delete_game';");
  lw_test_sql_exec_at (path,
                       "UPDATE players SET name = 'Ann' || char (9) || 'Lee' WHERE name = 'Ann';"
                       "UPDATE players SET name = replace (hex (zeroblob (3500000)), '0', 'B')"
                       "  WHERE name = 'Ben';"
                       "UPDATE players SET name = char (27) || ']0;x' || char (7) || 'Cleo'"
                       "  WHERE name = 'Cleo';"
                       "UPDATE players SET name = char (8203) WHERE name = 'Dev';"
                       "UPDATE players SET name = 'Zoe' || char (776) WHERE name = 'Eve';"
                       "UPDATE players SET name = 'Fay' || char (8232) || 'Fey' WHERE name = 'Fay';"
                       "UPDATE players SET name = replace (hex (zeroblob (50)), '0', 'x') || 'yz'"
                       "  WHERE name = 'Gus';"
                       "UPDATE events SET name = 'Spring' || char (10) || 'Open';"
                       "UPDATE games SET place = 'Hall' || char (27) || '[2J',"
                       "  notes = 'line one' || char (10) || 'line' || char (7) || ' two' WHERE id = 2;"
                       LW_TEST_DROP_SCHEMA_9 "PRAGMA user_version = 7;");

  start = g_get_monotonic_time ();
  store = lw_store_open (path, &error);
  g_assert_no_error (error);
  g_test_message ("migrated in %.3f s", (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
  lw_test_assert_migrated (path, backup, 7);
  g_assert_cmpint (lw_test_sql_int_at (path, "SELECT count (*) FROM players"), ==, 8);

  /* Every player, those without a game too (lw_store_list_player_names()
   * offers only the players of stored games and events). */
  {
    g_autoptr (GPtrArray) players = lw_store_list_players (store, &error);
    g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

    g_assert_no_error (error);
    for (guint i = 0; i < players->len; i++)
      g_strv_builder_add (builder, ((LwStoredPlayer *) g_ptr_array_index (players, i))->name);
    names = g_strv_builder_end (builder);
  }
  {
    g_autofree char *joined = g_strjoinv ("|", names);
    g_autofree char *expected = g_strdup_printf ("]0;xCleo|Ann Lee|%s|Fay Fey|Player 4|%s|Zo\u00eb|Zo\u00eb (2)",
                                                 hundred_b, hundred_x);

    g_assert_cmpstr (joined, ==, expected);
  }

  /* Each rename is in the log of each game concerned. */
  {
    g_autofree char *r1 = renames_of (store, g1);
    g_autofree char *r2 = renames_of (store, g2);
    g_autofree char *r3 = renames_of (store, g3);
    g_autofree char *expected1 = g_strdup_printf ("player:Ann\tLee|0→Ann Lee;player:BBBBBBBBBBBB|7000000→%s;",
                                                  hundred_b);

    g_assert_cmpstr (r1, ==, expected1);
    g_assert_cmpstr (r2, ==, "player:\x1b]0;x\aCleo|0→]0;xCleo;player:\u200b|0→Player 4;"
                             "place:Hall\x1b[2J|0→Hall[2J;notes:line one\nlin|0→line one\nline two;");
    g_assert_cmpstr (r3, ==, "player:Zoe\u0308|0→Zo\u00eb (2);");
  }
  {
    g_autoptr (LwEvent) loaded = lw_store_load_event (store, event, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (loaded->name, ==, "Spring Open");
  }

  /* The deleted game comes back with its players renamed. */
  g_assert_true (lw_store_restore_game (store, 4, &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwStoredGame) restored = lw_store_load_game (store, 4, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (restored->record->players[0], ==, "Fay Fey");
    g_assert_cmpstr (restored->record->players[1], ==, hundred_x);
    g_assert_cmpuint (restored->record->rounds->len, ==, 1);
    g_assert_cmpstr (restored->place, ==, "Barn[2J");
  }

  /* Undo takes back the last round, not a rename. */
  g_assert_true (lw_store_undo_last_edit (store, g1, &error));
  g_assert_no_error (error);

  /* Every game exports and imports again. */
  again = lw_store_open (copy_path, &error);
  g_assert_no_error (error);
  games = lw_store_list_games (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 4);
  for (gint64 id = 1; id <= 4; id++)
    {
      g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);
      g_autofree char *json = NULL;
      g_autoptr (LwGameRecord) read = NULL;

      g_assert_no_error (error);
      json = lw_game_record_to_json (game->record);
      read = lw_game_record_from_json (json, -1, &error);
      g_assert_no_error (error);
      g_assert_cmpint (lw_store_add_game (again, read, &error), >, 0);
      g_assert_no_error (error);
      if (id == g1)
        g_assert_cmpuint (read->rounds->len, ==, 1);
    }
  g_clear_object (&again);
  g_clear_object (&store);
}

/* A database of a newer version: refused, by the store and the CLI. */
static void
test_newer (LwTestDb      *db,
            gconstpointer  data)
{
  const char *path = db->path;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GBytes) before = NULL;
  g_auto (LwTestRun) cli = { 0 };

  lw_test_sql_exec_at (path, schema_v1);
  lw_test_sql_exec_at (path, "PRAGMA user_version = 99;");
  before = lw_test_file_bytes (path);

  store = lw_store_open (path, &error);
  g_assert_null (store);
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NEWER_VERSION);
  g_assert_nonnull (strstr (error->message, "newer version"));
  assert_untouched (path, before);
  g_clear_error (&error);

  lw_test_run_cli (&cli, path, NULL, "games", NULL);
  g_assert_cmpint (cli.status, ==, 1);
  g_assert_cmpstr (cli.out, ==, "");
  g_assert_true (g_str_has_prefix (cli.err, "littlewolf-cli: "));
  g_assert_nonnull (strstr (cli.err, "newer version of Little Wolf (database version 99"));
  assert_untouched (path, before);
}

static void
assert_refused_as (const char   *path,
                   int           code,
                   const char   *expected)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) before = lw_test_file_bytes (path);
  g_autoptr (LwStore) store = lw_store_open (path, &error);

  g_assert_null (store);
  g_assert_error (error, LW_STORE_ERROR, code);
  if (strstr (error->message, expected) == NULL)
    g_error ("%s: \"%s\" does not say \"%s\"", path, error->message, expected);
  assert_untouched (path, before);
}

static void
assert_refused (const char *path,
                const char *expected)
{
  assert_refused_as (path, LW_STORE_ERROR_NOT_A_DATABASE, expected);
}

static void
test_not_a_database (LwTestDb      *db,
                     gconstpointer  data)
{
  const char *dir = db->dir;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = g_build_filename (dir, "notes.txt", NULL);
  g_autofree char *other = g_build_filename (dir, "other.sqlite3", NULL);
  g_autofree char *whole = g_build_filename (dir, "whole.sqlite3", NULL);
  g_autofree char *cut = g_build_filename (dir, "cut.sqlite3", NULL);
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GBytes) bytes = NULL;
  GString *many = g_string_new ("BEGIN;");

  g_assert_true (g_file_set_contents (text, "Ann 12, Ben 9\n", -1, &error));
  assert_refused (text, "not a Little Wolf database");
  g_remove (text);

  lw_test_sql_exec_at (other, "CREATE TABLE t (x); INSERT INTO t VALUES (1);");
  assert_refused (other, "another program");
  g_remove (other);

  /* A database of many pages, cut in half. */
  open_and_close (whole);
  for (int i = 0; i < 2000; i++)
    g_string_append_printf (many, "INSERT INTO players (name) VALUES ('player %d');", i);
  g_string_append (many, "COMMIT; PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;");
  lw_test_sql_exec_at (whole, many->str);
  g_string_free (many, TRUE);
  bytes = lw_test_file_bytes (whole);
  g_assert_cmpuint (g_bytes_get_size (bytes), >, 16384);
  g_assert_true (g_file_set_contents (cut, g_bytes_get_data (bytes, NULL),
                                      (gssize) g_bytes_get_size (bytes) / 2, &error));
  g_remove (whole);
  assert_refused_as (cut, LW_STORE_ERROR_DAMAGED, "is damaged: restore a backup");
}

/* What lw_store_check_damage_async() gave, once its callback ran. */
typedef struct {
  gboolean done;
  GError *error;
} CheckDone;

static void
check_done_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  CheckDone *check = user_data;

  lw_store_check_damage_finish (LW_STORE (object), result, &check->error);
  check->done = TRUE;
}

/* Adds the shared cases' first random game to the store at @path while
 * its damage check runs in the background, as the app opens a database:
 * the write comes before the check's answer has been delivered. Returns
 * the ID (0 when refused, @error set) and the check's finding in @check. */
static gint64
add_while_checking (const char  *path,
                    CheckDone   *check,
                    GError     **error)
{
  g_autoptr (GPtrArray) cases = lw_test_case_paths ("random", "game-");
  g_autoptr (LwGameRecord) record = lw_test_load_record (g_ptr_array_index (cases, 0));
  g_autoptr (GError) open_error = NULL;
  g_autoptr (LwStore) store = lw_store_open (path, &open_error);
  gint64 id;

  g_assert_no_error (open_error);
  lw_store_check_damage_async (store, 0, NULL, check_done_cb, check);
  id = lw_store_add_game (store, record, error);
  g_assert_false (check->done);
  while (!check->done)
    g_main_context_iteration (NULL, TRUE);
  /* The check's thread lets go of the store just after its answer: the
   * store is closed here, not on that thread after the test looks. */
  for (guint waited = 0; g_atomic_int_get (&G_OBJECT (store)->ref_count) > 1 && waited < 10000; waited++)
    g_usleep (1000);
  return id;
}

/* A write racing the background damage check waits for it: on a damaged
 * file it is refused with the damage named, the check says the same, and
 * the file is left byte for byte as it was; so is a write before a
 * promised check has started, and a write on a connection of its own
 * opened from the store meanwhile; on a sound file the write is stored.
 * Until a promised check has run, the file is not known sound
 * (lw_store_wait_damage_check()). */
static void
test_write_racing_check (LwTestDb      *db,
                         gconstpointer  data)
{
  g_autofree char *damaged = g_build_filename (db->dir, "damaged", "games.sqlite3", NULL);
  g_autofree char *sound = g_build_filename (db->dir, "sound.sqlite3", NULL);
  g_autofree char *folder = g_path_get_dirname (damaged);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) before = NULL;
  CheckDone check = { FALSE, NULL };
  gint64 id;

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  lw_test_make_damaged_database (damaged, 400);
  before = lw_test_file_bytes (damaged);

  id = add_while_checking (damaged, &check, &error);
  g_assert_cmpint (id, ==, 0);
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_DAMAGED);
  g_assert_nonnull (strstr (error->message, "is damaged: restore a backup"));
  g_assert_nonnull (strstr (error->message, damaged));
  g_assert_error (check.error, LW_STORE_ERROR, LW_STORE_ERROR_DAMAGED);
  g_assert_nonnull (strstr (check.error->message, "is damaged: restore a backup"));
  g_clear_error (&check.error);
  g_clear_error (&error);
  assert_untouched (damaged, before);

  /* A check promised (lw_store_check_damage_later()) and not started yet:
   * the write runs it first and is refused all the same. */
  {
    g_autoptr (GPtrArray) cases = lw_test_case_paths ("random", "game-");
    g_autoptr (LwGameRecord) record = lw_test_load_record (g_ptr_array_index (cases, 0));
    g_autoptr (LwStore) store = lw_store_open (damaged, &error);

    g_assert_no_error (error);
    lw_store_check_damage_later (store, 500);
    /* Not known sound (the Games list's worker writes no rows then). */
    g_assert_false (lw_store_wait_damage_check (store));
    g_assert_cmpint (lw_store_add_game (store, record, &error), ==, 0);
    g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_DAMAGED);
    g_assert_nonnull (strstr (error->message, "is damaged: restore a backup"));
    g_clear_error (&error);
  }
  assert_untouched (damaged, before);

  /* A connection of its own (an import's worker) opened from the store
   * before its check has ended, promised or running: its write is
   * refused all the same. */
  {
    g_autoptr (GPtrArray) cases = lw_test_case_paths ("random", "game-");
    g_autoptr (LwGameRecord) record = lw_test_load_record (g_ptr_array_index (cases, 0));
    g_autoptr (LwStore) store = lw_store_open (damaged, &error);
    g_autoptr (LwStore) other = NULL;

    g_assert_no_error (error);
    lw_store_check_damage_later (store, 500);
    other = lw_store_open_another (store, 5000, &error);
    g_assert_no_error (error);
    g_assert_cmpint (lw_store_add_game (other, record, &error), ==, 0);
    g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_DAMAGED);
    g_clear_error (&error);
    g_clear_object (&other);

    check.done = FALSE;
    lw_store_check_damage_async (store, 0, NULL, check_done_cb, &check);
    other = lw_store_open_another (store, 5000, &error);
    g_assert_no_error (error);
    g_assert_cmpint (lw_store_add_game (other, record, &error), ==, 0);
    g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_DAMAGED);
    g_clear_error (&error);
    while (!check.done)
      g_main_context_iteration (NULL, TRUE);
    g_clear_error (&check.error);
    for (guint waited = 0; g_atomic_int_get (&G_OBJECT (store)->ref_count) > 1 && waited < 10000; waited++)
      g_usleep (1000);
  }
  assert_untouched (damaged, before);

  check.done = FALSE;
  id = add_while_checking (sound, &check, &error);
  g_assert_no_error (error);
  g_assert_no_error (check.error);
  g_assert_cmpint (id, >, 0);
  g_assert_cmpint (lw_test_sql_int_at (sound, "SELECT count (*) FROM games"), ==, 1);

  /* A sound file is known sound once its promised check has run. */
  {
    g_autoptr (LwStore) store = lw_store_open (sound, &error);

    g_assert_no_error (error);
    lw_store_check_damage_later (store, 500);
    g_assert_false (lw_store_wait_damage_check (store));
    check.done = FALSE;
    lw_store_check_damage_async (store, 0, NULL, check_done_cb, &check);
    g_assert_true (lw_store_wait_damage_check (store));
    while (!check.done)
      g_main_context_iteration (NULL, TRUE);
    g_assert_no_error (check.error);
    for (guint waited = 0; g_atomic_int_get (&G_OBJECT (store)->ref_count) > 1 && waited < 10000; waited++)
      g_usleep (1000);
  }
}

/* A damaged file of an older version is refused at open before it is
 * copied or migrated: byte for byte as it was, no copy beside it. */
static void
test_damaged_old_version (LwTestDb      *db,
                          gconstpointer  data)
{
  g_autofree char *path = g_build_filename (db->dir, "old", "games.sqlite3", NULL);
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) before = NULL;

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  {
    g_autoptr (LwStore) store = lw_store_open (path, &error);
    g_autoptr (GPtrArray) cases = lw_test_case_paths ("random", "game-");
    g_autoptr (GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_record_free);
    g_autoptr (GArray) ids = NULL;

    g_assert_no_error (error);
    for (guint i = 0; i < 400; i++)
      g_ptr_array_add (records, lw_test_load_record (g_ptr_array_index (cases, i % cases->len)));
    ids = lw_store_add_games (store, records, &error);
    g_assert_no_error (error);
  }
  /* Schema 23: no statistics rows. */
  lw_test_sql_exec_at (path, "DROP TABLE game_stats_cache; PRAGMA user_version = 23;");
  lw_test_damage_middle_page (path);
  before = lw_test_file_bytes (path);

  g_assert_null (lw_store_open (path, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_DAMAGED);
  g_assert_nonnull (strstr (error->message, "is damaged: restore a backup"));
  assert_untouched (path, before);
}

/* Another program's database with tables of our names at user_version
 * 1, and one of ours that another program claimed (its application_id):
 * both refused before anything is written (no backup, no WAL switch, no
 * migration), by the store and by the CLI, byte for byte as they were.
 * A database of ours made before the application_id gets it. */
static void
test_foreign_schema (LwTestDb      *db,
                     gconstpointer  data)
{
  const char *dir = db->dir;
  /* Each in a folder of its own: assert_untouched() checks the folder. */
  g_autofree char *lookalike = g_build_filename (dir, "a", "lookalike.sqlite3", NULL);
  g_autofree char *claimed = g_build_filename (dir, "b", "claimed.sqlite3", NULL);
  g_autofree char *legacy = g_build_filename (dir, "c", "legacy.sqlite3", NULL);
  g_autofree char *record = g_build_filename (lw_test_cases_dir (), "scoring",
                                             "R02-partners-pack.json", NULL);
  const char *const files[] = { lookalike, claimed };

  for (gsize f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *folder = g_path_get_dirname (files[f]);
      g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
    }
  lw_test_sql_exec_at (lookalike,
                       "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT, email TEXT);"
                       "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT, price REAL);"
                       "CREATE TABLE game_seats (game, seat);"
                       "CREATE TABLE rounds (id, game, number);"
                       "CREATE TABLE round_seats (round, seat);"
                       "CREATE TABLE penalties (round, ordinal);"
                       "INSERT INTO games VALUES (1, 'Chess', 9.5);"
                       "PRAGMA user_version = 1;");
  assert_refused (lookalike, "another program");

  /* A whole database of ours, then claimed by another program. */
  open_and_close (claimed);
  lw_test_sql_exec_at (claimed, "PRAGMA journal_mode = DELETE; PRAGMA application_id = 305419896;");
  assert_refused (claimed, "another program (application ID 0x12345678)");

  for (gsize f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autoptr (GBytes) before = lw_test_file_bytes (files[f]);
      g_auto (LwTestRun) import = { 0 };
      g_auto (LwTestRun) games = { 0 };

      lw_test_run_cli (&import, files[f], NULL, "import", record, NULL);
      lw_test_assert_cli_failed (&import, 1, "another program");
      lw_test_run_cli (&games, files[f], NULL, "games", NULL);
      lw_test_assert_cli_failed (&games, 1, "another program");
      assert_untouched (files[f], before);
    }

  /* A new database says it is ours; so does one of version 1 made before
   * the ID, once opened (and migrated). */
  g_assert_cmpint (lw_test_sql_int_at (claimed, "PRAGMA user_version"), ==, LW_TEST_SCHEMA_VERSION);
  {
    g_autofree char *folder = g_path_get_dirname (legacy);
    g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  }
  lw_test_sql_exec_at (legacy, schema_v1);
  g_assert_cmpint (lw_test_sql_int_at (legacy, "PRAGMA application_id"), ==, 0);
  open_and_close (legacy);
  g_assert_cmpint (lw_test_sql_int_at (legacy, "PRAGMA application_id"), ==, 0x4C574F4C);
}

/* Version 17 → 18 (events on the club server): an event stored before
 * stays as it was, waits for no server until the database joins one, and
 * is writable here (no club_events row holds it). */
static void
test_v17_to_v18 (LwTestDb      *db,
                 gconstpointer  data)
{
  static const char *const names[] = { "Ann", "Ben", NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *backup = lw_store_migration_backup_path (db->path, 17);
  g_autoptr (LwEvent) event = NULL;
  gint64 id;

  id = lw_test_add_swiss_event (db->store, "Before", 2, 1, names);
  lw_test_migrate_from (db, LW_TEST_DROP_SCHEMA_18, 17);
  g_assert_cmpint (lw_test_sql_int_at (backup, "SELECT count(*) FROM sqlite_schema WHERE name = 'club_events'"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM club_events"), ==, 0);
  event = lw_store_load_event (db->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (event->name, ==, "Before");
  g_assert_cmpuint (event->entrants->len, ==, 2);
  g_assert_true (lw_store_rename_event (db->store, id, "After", &error));
  g_assert_no_error (error);
}

/* Schema 18 → 19 adds the boards' pars (DUPLICATE D10): an event kept
 * from before has none, and one is then stored, replaced and read back,
 * each write in one transaction, never in the standings. */
static void
test_v18_to_v19 (LwTestDb      *db,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (GPtrArray) pars = NULL;
  g_autoptr (GPtrArray) loaded = NULL;
  g_autoptr (GPtrArray) wrong = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_board_par_free);
  g_autoptr (LwBoardPar) hard = NULL;
  const char *names[] = { "Ann", "Ben", "Cid", NULL };
  const LwBoardPar *par;
  LwEventConfig config;
  gint64 id, swiss;

  lw_event_config_init (&config, LW_EVENT_DUPLICATE, 3);
  config.boards_per_round = 2;
  config.n_rounds = 2;
  id = lw_store_add_event (db->store, "Club duplicate", &config, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_add_event_entrants (db->store, id, names, LW_ENTRANT_CHECKED_IN, &error));
  swiss = lw_test_add_swiss_event (db->store, "Swiss", 2, 0, names);
  lw_test_migrate_from (db, LW_TEST_DROP_SCHEMA_19, 18);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM event_board_pars"), ==, 0);

  loaded = lw_store_load_event_board_pars (db->store, NULL, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->len, ==, 0);
  g_clear_pointer (&loaded, g_ptr_array_unref);

  /* Board 2 at Normal, then replaced by Hard. */
  event = lw_store_load_event (db->store, id, &error);
  g_assert_no_error (error);
  pars = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_board_par_free);
  g_ptr_array_add (pars, lw_duplicate_play_par (event, 2, LW_BOT_NORMAL, &error));
  g_ptr_array_add (pars, lw_duplicate_play_par (event, 1, LW_BOT_NORMAL, &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_set_event_board_pars (db->store, id, pars, &error));
  g_assert_no_error (error);
  g_ptr_array_set_size (pars, 0);
  hard = lw_duplicate_play_par (event, 2, LW_BOT_HARD, &error);
  g_assert_no_error (error);
  g_ptr_array_add (pars, lw_duplicate_score_par (event, 2, LW_BOT_HARD, hard->facts, &error));
  g_assert_true (lw_store_set_event_board_pars (db->store, id, pars, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM event_board_pars"), ==, 2);

  loaded = lw_store_load_event_board_pars (db->store, event, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->len, ==, 2);
  par = lw_duplicate_find_par (loaded, 2);
  g_assert_nonnull (par);
  g_assert_cmpint (par->level, ==, LW_BOT_HARD);
  g_assert_cmpmem (par->deltas, sizeof par->deltas, hard->deltas, sizeof hard->deltas);
  g_assert_cmpint (((const LwBoardPar *) g_ptr_array_index (loaded, 0))->board, ==, 1);
  g_assert_null (lw_duplicate_find_par (loaded, 3));

  /* A board the event has not, or an event that is not duplicate:
   * refused, nothing written (the earlier pars stay). */
  g_ptr_array_add (wrong, lw_duplicate_score_par (event, 2, LW_BOT_EASY, hard->facts, &error));
  g_ptr_array_add (wrong, lw_duplicate_score_par (event, 5, LW_BOT_EASY, hard->facts, &error));
  g_assert_no_error (error);
  g_assert_false (lw_store_set_event_board_pars (db->store, id, wrong, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "board 5: Club duplicate plays boards 1–4 (DUPLICATE D8)");
  g_clear_error (&error);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM event_board_pars"
                                             " WHERE board = 2 AND level = 'hard'"), ==, 1);
  g_assert_false (lw_store_set_event_board_pars (db->store, swiss, pars, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Swiss is not a duplicate event: its boards have no par");
  g_clear_error (&error);
  g_assert_null (lw_store_load_event_board_pars (db->store, NULL, 999, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Deleting the event deletes its pars. */
  g_assert_true (lw_store_delete_event (db->store, id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM event_board_pars"), ==, 0);
}

/* Makes @store a club laptop (of a server never reached). */
static void
join_club (LwStore *store)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (lw_store_club_join (store, "host=db.example.org dbname=club user=lw_origin_1",
                                     "8e14c1d0-1987-4045-a5de-af7960d234f1", &error));
  g_assert_no_error (error);
}

/* A club laptop of schema 19 (joined, synced up to a change) migrates to
 * 20: its sync state and players are kept, no player is on the roster yet
 * (the next push links them), the roster is pulled from its start, and
 * the new tables take their rows. */
static void
test_v19_to_v20 (LwTestDb      *db,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (GPtrArray) roster = NULL;
  const char *names[] = { "Ann", "Ben", "Cid", NULL };
  gint64 roster_seq = -1;

  lw_test_add_swiss_event (db->store, "Swiss", 2, 0, names);
  join_club (db->store);
  lw_test_migrate_from (db, LW_TEST_DROP_SCHEMA_20 "UPDATE club_state SET pull_seq = 42;", 19);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM club_roster"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT pull_seq FROM club_state"), ==, 42);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM players"), ==, 3);
  g_assert_true (lw_store_club_get_roster_seq (db->store, &roster_seq, &error));
  g_assert_no_error (error);
  g_assert_cmpint (roster_seq, ==, 0);

  /* The next push links every player to a new entry, once. */
  entries = lw_store_club_link_players (db->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 3);
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = lw_store_club_link_players (db->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 3);
  g_assert_true (lw_store_club_ack_roster (db->store, entries, &error));
  g_assert_no_error (error);
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = lw_store_club_link_players (db->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(DISTINCT player) FROM club_roster"), ==, 3);
  roster = lw_store_club_list_roster (db->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (roster->len, ==, 3);
  g_assert_cmpstr (((LwClubRosterEntry *) g_ptr_array_index (roster, 0))->name, ==, "Ann");
  g_assert_cmpstr (((LwClubRosterEntry *) g_ptr_array_index (roster, 0))->player, ==, "Ann");
  g_assert_true (g_uuid_string_is_valid (((LwClubRosterEntry *) g_ptr_array_index (roster, 2))->uuid));
}

/* Version 20 → 21: a merge request kept as it was, not withdrawn; its
 * withdrawal (the merge's undo) then waits to be sent. */
static void
test_v20_to_v21 (LwTestDb      *db,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) requests = NULL;
  g_autoptr (GPtrArray) withdrawals = NULL;

  join_club (db->store);
  lw_test_migrate_from (db,
                        LW_TEST_DROP_SCHEMA_21
                        "INSERT INTO club_requests (from_uuid, into_uuid, made_at, sent)"
                        " VALUES ('0e45644e-9490-4892-a92c-e50d4e821d71',"
                        "  'e789c3c4-4a3d-4485-b9a1-dfdb03199115', 1767300000, 1),"
                        " ('9b9c917e-46e3-45e7-9f27-a5a837a167b9',"
                        "  'e789c3c4-4a3d-4485-b9a1-dfdb03199115', 1767300001, 0);",
                        20);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count (*) FROM club_requests WHERE withdrawn = 0"),
                   ==, 2);
  requests = lw_store_club_list_requests (db->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (requests->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (requests, 0), ==, "9b9c917e-46e3-45e7-9f27-a5a837a167b9");
  withdrawals = lw_store_club_list_withdrawals (db->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (withdrawals->len, ==, 0);
}

/* Version 22 → 23: the computer seats of games from the club server, a
 * new table, empty; the games and their players stay. */
static void
test_v22_to_v23 (LwTestDb      *db,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  gint64 game = add_game (db->store, "Ann", "Ben", 1);
  g_autoptr (LwStoredGame) stored = NULL;

  lw_test_migrate_from (db, LW_TEST_DROP_SCHEMA_23, 22);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count (*) FROM club_computer_seats"), ==, 0);
  stored = lw_store_load_game (db->store, game, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (stored->record->players[0], ==, "Ann");
  g_assert_cmpstr (stored->record->players[1], ==, "Ben");
}

/* Version 23 → 24: each game's share of the players' statistics, a new
 * table, empty after the migration; the first computation reads the
 * games from their rounds and writes their rows, the next takes the
 * shares from them, the same statistics. */
static void
test_v23_to_v24 (LwTestDb      *db,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwPlayerStatsCache) cold = lw_player_stats_cache_new ();
  g_autoptr (LwPlayerStatsCache) warm = lw_player_stats_cache_new ();
  g_autoptr (GPtrArray) first = NULL;
  g_autoptr (GPtrArray) second = NULL;

  add_game (db->store, "Ann", "Ben", 2);
  add_game (db->store, "Cleo", "Ann", 0);
  lw_test_migrate_from (db, LW_TEST_DROP_SCHEMA_24, 23);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count (*) FROM game_stats_cache"), ==, 0);

  g_assert_true (lw_store_update_player_stats (db->store, cold, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lw_player_stats_cache_get_games_read (cold), ==, 2);
  g_assert_cmpuint (lw_player_stats_cache_get_rows_read (cold), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count (*) FROM game_stats_cache"), ==, 2);

  g_assert_true (lw_store_update_player_stats (db->store, warm, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lw_player_stats_cache_get_games_read (warm), ==, 0);
  g_assert_cmpuint (lw_player_stats_cache_get_rows_read (warm), ==, 2);

  first = lw_player_stats_cache_compute (cold, 1);
  second = lw_player_stats_cache_compute (warm, 1);
  g_assert_cmpuint (first->len, ==, 3);
  g_assert_cmpuint (second->len, ==, 3);
  for (guint i = 0; i < first->len; i++)
    {
      const LwPlayerStats *a = g_ptr_array_index (first, i);
      const LwPlayerStats *b = g_ptr_array_index (second, i);

      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpuint (a->games, ==, b->games);
      g_assert_cmpuint (a->rounds, ==, b->rounds);
      g_assert_cmpuint (a->declared_as_dealer + a->declared_as_other, ==,
                        b->declared_as_dealer + b->declared_as_other);
    }
  /* Ann: two games, two rounds, each declared. */
  g_assert_cmpstr (((LwPlayerStats *) g_ptr_array_index (second, 0))->name, ==, "Ann");
  g_assert_cmpuint (((LwPlayerStats *) g_ptr_array_index (second, 0))->games, ==, 2);
  g_assert_cmpuint (((LwPlayerStats *) g_ptr_array_index (second, 0))->rounds, ==, 2);
  g_assert_cmpuint (((LwPlayerStats *) g_ptr_array_index (second, 0))->declared_as_dealer
                    + ((LwPlayerStats *) g_ptr_array_index (second, 0))->declared_as_other, ==, 2);
}

/* Version 21 → 22: names made only of invisible characters that the
 * names rule took before (Hangul fillers, a variation selector) are
 * renamed, each rename in the games' logs, and their games read again;
 * a visible name with a Hangul filler in it stays. */
static void
test_v21_to_v22 (LwTestDb      *db,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  gint64 g1 = add_game (db->store, "Ann", "Ben", 1);
  gint64 g2 = add_game (db->store, "Cleo", "Dev", 0);

  lw_test_migrate_from (db,
                        LW_TEST_DROP_SCHEMA_22
                        "UPDATE players SET name = char (12644) WHERE name = 'Ann';"
                        "UPDATE players SET name = char (4447, 4448) WHERE name = 'Ben';"
                        "UPDATE players SET name = 'Cleo' || char (12644) WHERE name = 'Cleo';"
                        "UPDATE players SET name = ' ' || char (65039) WHERE name = 'Dev';",
                        21);
  for (gint64 id = g1; id <= g2; id++)
    {
      g_autoptr (LwStoredGame) game = lw_store_load_game (db->store, id, &error);
      g_autofree char *renames = renames_of (db->store, id);

      g_assert_no_error (error);
      if (id == g1)
        {
          g_assert_cmpstr (game->record->players[0], ==, "Player 1");
          g_assert_cmpstr (game->record->players[1], ==, "Player 2");
          g_assert_cmpstr (renames, ==, "player:\u3164|0→Player 1;player:\u115f\u1160|0→Player 2;");
        }
      else
        {
          g_assert_cmpstr (game->record->players[0], ==, "Cleo\u3164");
          g_assert_cmpstr (game->record->players[1], ==, "Player 4");
          g_assert_cmpstr (renames, ==, "player: \ufe0f|0→Player 4;");
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_db_closed ("/migration/v1-backup", test_v1_backup);
  lw_test_add_db_closed ("/migration/backups-kept", test_backups_kept);
  lw_test_add_db ("/migration/v5-to-v6", test_v5_to_v6);
  lw_test_add_db ("/migration/v11-to-v12", test_v11_to_v12);
  lw_test_add_db ("/migration/v12-to-v13", test_v12_to_v13);
  lw_test_add_db ("/migration/v17-to-v18", test_v17_to_v18);
  lw_test_add_db ("/migration/v18-to-v19", test_v18_to_v19);
  lw_test_add_db ("/migration/v19-to-v20", test_v19_to_v20);
  lw_test_add_db ("/migration/v20-to-v21", test_v20_to_v21);
  lw_test_add_db ("/migration/v21-to-v22", test_v21_to_v22);
  lw_test_add_db ("/migration/v22-to-v23", test_v22_to_v23);
  lw_test_add_db ("/migration/v23-to-v24", test_v23_to_v24);
  lw_test_add_db_closed ("/migration/v7-names", test_v7_names);
  lw_test_add_db_closed ("/migration/newer", test_newer);
  lw_test_add_db_closed ("/migration/not-a-database", test_not_a_database);
  lw_test_add_db_closed ("/migration/foreign-schema", test_foreign_schema);
  lw_test_add_db_closed ("/migration/write-racing-check", test_write_racing_check);
  lw_test_add_db_closed ("/migration/damaged-old-version", test_damaged_old_version);
  return g_test_run ();
}
