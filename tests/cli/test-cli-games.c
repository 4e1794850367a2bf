/* test-cli-games.c — littlewolf-cli games, show, import, export (docs/rules/CLI.md)
 *
 * Runs the built littlewolf-cli ($LW_CLI) as a separate process on a
 * temporary --db, with the shared cases of $LW_CASES_DIR.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <fcntl.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib-unix.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sqlite3.h>

#include "lw-engine.h"
#include "lw-test-util.h"

typedef LwTestDb Fixture;

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* Drops every "items" member, at any depth (wording is free). */
static void
strip_items (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr (GList) members = NULL;

      if (json_object_has_member (object, "items"))
        json_object_remove_member (object, "items");
      members = json_object_get_members (object);
      for (GList *l = members; l != NULL; l = l->next)
        strip_items (json_object_get_member (object, l->data));
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        strip_items (json_array_get_element (array, i));
    }
}

/* Standings JSON @actual has the same values as the expected file, every
 * key but "items". */
static void
assert_standings_match (const char *actual,
                        const char *expected_file)
{
  g_autofree char *expected_text = lw_test_read_file (expected_file);
  g_autoptr (JsonNode) expected = lw_test_parse_json (expected_text);
  g_autoptr (JsonNode) got = lw_test_parse_json (actual);

  strip_items (expected);
  strip_items (got);
  if (!json_node_equal (got, expected))
    {
      g_autofree char *got_text = json_to_string (got, TRUE);
      g_test_message ("expected (%s):\n%s\ngot:\n%s", expected_file, expected_text, got_text);
      g_test_fail_printf ("standings differ from %s", expected_file);
    }
}

/* Imports @path and returns the ID it printed. */
static gint64
import_file (const char *db,
             const char *path)
{
  g_auto (LwTestRun) run = { 0, };
  guint64 id = 0;
  g_autoptr (GError) error = NULL;

  lw_test_run_cli (&run, db, NULL, "import", path, NULL);
  lw_test_assert_cli_ok (&run, NULL);
  g_assert_true (g_str_has_suffix (run.out, "\n"));
  run.out[strlen (run.out) - 1] = '\0';
  g_ascii_string_to_unsigned (run.out, 10, 1, G_MAXINT64, &id, &error);
  g_assert_no_error (error);
  return (gint64) id;
}

static char *
join_strings (JsonArray  *array,
              const char *separator)
{
  g_autoptr (GString) out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (i > 0)
        g_string_append (out, separator);
      if (json_node_get_value_type (element) == G_TYPE_STRING)
        g_string_append (out, json_node_get_string (element));
      else
        g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (element));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* ------------------------------------------------------------------ */
/* Tests                                                                */
/* ------------------------------------------------------------------ */

static void
test_import_show_export (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths ("random", "game-");
  gint64 last_id = 0;

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autofree char *expected = lw_test_expected_path (path);
      g_autofree char *id_text = NULL;
      g_autofree char *original = lw_test_read_file (path);
      g_autoptr (LwGameRecord) original_record = NULL;
      g_autoptr (LwGameRecord) exported_record = NULL;
      g_autofree char *original_json = NULL;
      g_autofree char *exported_json = NULL;
      g_autoptr (GError) error = NULL;
      g_auto (LwTestRun) show = { 0, };
      g_auto (LwTestRun) export = { 0, };
      g_auto (LwTestRun) score = { 0, };
      gint64 id;

      g_test_message ("%s", path);
      id = import_file (fixture->path, path);
      g_assert_cmpint (id, >, last_id);
      last_id = id;
      id_text = g_strdup_printf ("%" G_GINT64_FORMAT, id);

      lw_test_run_cli (&show, fixture->path, NULL, "show", id_text, NULL);
      lw_test_assert_cli_ok (&show, NULL);
      assert_standings_match (show.out, expected);

      /* `show --text` is the score sheet `score --text` prints. */
      {
        g_auto (LwTestRun) sheet = { 0, };
        g_auto (LwTestRun) score_sheet = { 0, };

        lw_test_run_cli (&sheet, fixture->path, NULL, "show", "--text", id_text, NULL);
        lw_test_assert_cli_ok (&sheet, NULL);
        lw_test_run_cli (&score_sheet, fixture->path, NULL, "score", "--text", path, NULL);
        lw_test_assert_cli_ok (&score_sheet, NULL);
        g_assert_cmpstr (sheet.out, ==, score_sheet.out);
      }

      /* What export writes, score reads to the same standings. */
      lw_test_run_cli (&export, fixture->path, NULL, "export", id_text, NULL);
      lw_test_assert_cli_ok (&export, NULL);
      lw_test_run_cli (&score, fixture->path, export.out, "score", "-", NULL);
      lw_test_assert_cli_ok (&score, NULL);
      assert_standings_match (score.out, expected);

      /* … and it is the record that was imported. */
      original_record = lw_game_record_from_json (original, -1, &error);
      g_assert_no_error (error);
      exported_record = lw_game_record_from_json (export.out, -1, &error);
      g_assert_no_error (error);
      /* The stored game got an id of its own (docs/rules/GAME-RECORD.md "Identity"). */
      g_assert_null (original_record->id);
      g_assert_nonnull (exported_record->id);
      g_assert_true (g_uuid_string_is_valid (exported_record->id));
      g_clear_pointer (&exported_record->id, g_free);
      original_json = lw_game_record_to_json (original_record);
      exported_json = lw_game_record_to_json (exported_record);
      g_assert_cmpstr (exported_json, ==, original_json);
    }

  /* An exported game imported again is the stored game (docs/rules/CLI.md: status
   * 1 naming it, nothing stored); with --as-new, a new game. */
  {
    g_auto (LwTestRun) export = { 0, };
    g_auto (LwTestRun) again = { 0, };
    g_auto (LwTestRun) same = { 0, };
    g_auto (LwTestRun) import = { 0, };
    g_auto (LwTestRun) show = { 0, };
    g_auto (LwTestRun) games = { 0, };
    g_auto (LwTestRun) export_new = { 0, };
    g_autoptr (LwGameRecord) first = NULL;
    g_autoptr (LwGameRecord) copy = NULL;
    g_autoptr (GError) error = NULL;
    g_autofree char *expected = lw_test_expected_path (g_ptr_array_index (paths, 0));
    g_autofree char *next_id = g_strdup_printf ("%" G_GINT64_FORMAT "\n", last_id + 1);
    g_autofree char *case_text = NULL;

    lw_test_run_cli (&export, fixture->path, NULL, "export", "1", NULL);
    lw_test_assert_cli_ok (&export, NULL);
    lw_test_run_cli (&again, fixture->path, export.out, "import", "-", NULL);
    lw_test_assert_cli_failed (&again, 1, "already stored as game 1");
    /* The case itself (no id): the same players and rounds. */
    g_assert_true (g_file_get_contents (g_ptr_array_index (paths, 0), &case_text, NULL, NULL));
    lw_test_run_cli (&same, fixture->path, case_text, "import", "-", NULL);
    lw_test_assert_cli_failed (&same, 1, "already stored as game 1");
    lw_test_run_cli (&games, fixture->path, NULL, "games", NULL);
    lw_test_assert_cli_ok (&games, NULL);
    {
      g_auto (GStrv) lines = g_strsplit (g_strchomp (games.out), "\n", -1);
      g_assert_cmpuint (g_strv_length (lines), ==, (guint) last_id);
    }

    lw_test_run_cli (&import, fixture->path, export.out, "import", "--as-new", "-", NULL);
    lw_test_assert_cli_ok (&import, NULL);
    g_assert_cmpstr (import.out, ==, next_id);
    g_strchomp (import.out);
    lw_test_run_cli (&show, fixture->path, NULL, "show", import.out, NULL);
    lw_test_assert_cli_ok (&show, NULL);
    assert_standings_match (show.out, expected);
    /* The new game has a new id. */
    lw_test_run_cli (&export_new, fixture->path, NULL, "export", import.out, NULL);
    lw_test_assert_cli_ok (&export_new, NULL);
    first = lw_game_record_from_json (export.out, -1, &error);
    g_assert_no_error (error);
    copy = lw_game_record_from_json (export_new.out, -1, &error);
    g_assert_no_error (error);
    g_assert_nonnull (copy->id);
    g_assert_cmpstr (copy->id, !=, first->id);
  }
}

static void
test_games_list (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths ("random", "game-");
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_auto (LwTestRun) empty = { 0, };
  g_auto (LwTestRun) games = { 0, };
  g_auto (GStrv) lines = NULL;
  guint n_finished = 0;

  lw_test_run_cli (&empty, fixture->path, NULL, "games", NULL);
  lw_test_assert_cli_ok (&empty, NULL);
  g_assert_cmpstr (empty.out, ==, "");

  for (guint i = 0; i < paths->len; i++)
    {
      gint64 id = import_file (fixture->path, g_ptr_array_index (paths, i));
      g_array_append_val (ids, id);
    }

  lw_test_run_cli (&games, fixture->path, NULL, "games", NULL);
  lw_test_assert_cli_ok (&games, NULL);
  g_assert_true (g_str_has_suffix (games.out, "\n"));
  games.out[strlen (games.out) - 1] = '\0';
  lines = g_strsplit (games.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, paths->len);

  /* Newest first: line i is the game imported (n - 1 - i)th. */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint k = paths->len - 1 - i;
      const char *path = g_ptr_array_index (paths, k);
      g_autofree char *expected_file = lw_test_expected_path (path);
      g_autofree char *expected_text = lw_test_read_file (expected_file);
      g_autofree char *record_text = lw_test_read_file (path);
      g_autoptr (JsonNode) expected = lw_test_parse_json (expected_text);
      JsonObject *standings = json_node_get_object (expected);
      g_autoptr (LwGameRecord) record = NULL;
      g_autoptr (GError) error = NULL;
      g_auto (GStrv) fields = g_strsplit (lines[i], "\t", -1);
      g_autofree char *id_text = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                  g_array_index (ids, gint64, k));
      g_autofree char *players = join_strings (json_object_get_array_member (standings, "sides"),
                                               ", ");
      g_autofree char *scores = join_strings (json_object_get_array_member (standings, "scores"),
                                              ", ");
      gboolean finished = json_object_get_boolean_member (standings, "finished");

      record = lw_game_record_from_json (record_text, -1, &error);
      g_assert_no_error (error);

      g_assert_cmpuint (g_strv_length (fields), ==, 5);
      g_assert_cmpstr (fields[0], ==, id_text);
      g_assert_cmpstr (fields[1], ==, finished ? "finished" : "playing");
      g_assert_cmpstr (fields[2], ==, lw_ruleset_to_string (record->ruleset));
      g_assert_cmpstr (fields[3], ==, players);
      g_assert_cmpstr (fields[4], ==, scores);
      n_finished += finished;
    }

  /* The cases hold both kinds, so both statuses were checked. */
  g_assert_cmpuint (n_finished, >, 0);
  g_assert_cmpuint (n_finished, <, paths->len);
}

static void
test_bad_input (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GPtrArray) good = lw_test_case_paths ("random", "game-");
  g_autoptr (GPtrArray) bad = lw_test_case_paths ("scoring", "BAD-");
  g_autofree char *missing = g_build_filename (fixture->dir, "no-such-game.json", NULL);
  g_autofree char *fresh_db = g_build_filename (fixture->dir, "fresh.sqlite3", NULL);
  g_auto (LwTestRun) before = { 0, };
  g_auto (LwTestRun) after = { 0, };

  /* The names rule's cases (docs/rules/GAME-RECORD.md "Names"), version 1 records. */
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr (GPtrArray) names = lw_test_case_paths ("v2", k == 0 ? "BAD-name-" : "BAD-names-");

      for (guint i = 0; i < names->len; i++)
        g_ptr_array_add (bad, g_strdup (g_ptr_array_index (names, i)));
    }

  import_file (fixture->path, g_ptr_array_index (good, 0));
  import_file (fixture->path, g_ptr_array_index (good, 1));
  lw_test_run_cli (&before, fixture->path, NULL, "games", NULL);
  lw_test_assert_cli_ok (&before, NULL);
  g_assert_cmpuint (strlen (before.out), >, 0);

  /* import refuses exactly what score refuses, with the same line. */
  for (guint i = 0; i < bad->len; i++)
    {
      const char *path = g_ptr_array_index (bad, i);
      g_autofree char *contents = lw_test_read_file (path);
      g_auto (LwTestRun) score = { 0, };
      g_auto (LwTestRun) from_file = { 0, };
      g_auto (LwTestRun) from_stdin = { 0, };
      g_auto (LwTestRun) fresh = { 0, };

      g_test_message ("%s", path);
      lw_test_run_cli (&score, fixture->path, NULL, "score", path, NULL);
      lw_test_assert_cli_failed (&score, 2, NULL);

      lw_test_run_cli (&from_file, fixture->path, NULL, "import", path, NULL);
      lw_test_assert_cli_failed (&from_file, 2, NULL);
      g_assert_cmpstr (from_file.err, ==, score.err);
      lw_test_run_cli (&from_stdin, fixture->path, contents, "import", "-", NULL);
      lw_test_assert_cli_failed (&from_stdin, 2, NULL);
      g_assert_cmpstr (from_stdin.err, ==, score.err);

      /* A bad record leaves no trace, not even a new database. */
      lw_test_run_cli (&fresh, fresh_db, NULL, "import", path, NULL);
      lw_test_assert_cli_failed (&fresh, 2, NULL);
      g_assert_false (g_file_test (fresh_db, G_FILE_TEST_EXISTS));
    }
  /* Every bad case was refused, by score and by import alike. */
  g_assert_cmpuint (bad->len, >, 0);

  /* A missing file could not be read: status 1. */
  {
    g_auto (LwTestRun) run = { 0, };

    lw_test_run_cli (&run, fixture->path, NULL, "import", missing, NULL);
    lw_test_assert_cli_failed (&run, 1, NULL);
  }

  /* Usage errors: status 2. */
  {
    g_auto (LwTestRun) none = { 0, };
    g_auto (LwTestRun) two = { 0, };
    g_auto (LwTestRun) extra = { 0, };

    lw_test_run_cli (&none, fixture->path, NULL, "import", NULL);
    lw_test_assert_cli_failed (&none, 2, NULL);
    lw_test_run_cli (&two, fixture->path, NULL, "import", missing, missing, NULL);
    lw_test_assert_cli_failed (&two, 2, NULL);
    lw_test_run_cli (&extra, fixture->path, NULL, "games", "all", NULL);
    lw_test_assert_cli_failed (&extra, 2, NULL);
  }

  /* A round after the end of a finished game: refused by the replay. */
  for (guint i = 0; i < good->len; i++)
    {
      g_autofree char *text = lw_test_read_file (g_ptr_array_index (good, i));
      g_autoptr (LwGameRecord) record = lw_game_record_from_json (text, -1, NULL);
      g_autoptr (LwStandings) standings = lw_standings_compute (record, NULL);
      g_autofree char *over_path = g_build_filename (fixture->dir, "over.json", NULL);
      g_autofree char *over_text = NULL;
      g_autoptr (GError) error = NULL;
      g_auto (LwTestRun) run = { 0, };
      LwRound *extra;

      g_assert_nonnull (standings);
      if (!standings->finished)
        continue;

      extra = lw_round_copy (g_ptr_array_index (record->rounds, record->rounds->len - 1));
      extra->dealer = LW_NO_SEAT;
      g_ptr_array_add (record->rounds, extra);
      over_text = lw_game_record_to_json (record);
      g_file_set_contents (over_path, over_text, -1, &error);
      g_assert_no_error (error);

      lw_test_run_cli (&run, fixture->path, NULL, "import", over_path, NULL);
      lw_test_assert_cli_failed (&run, 2, NULL);
      g_assert_nonnull (strstr (run.err, "round"));
      break;
    }

  lw_test_run_cli (&after, fixture->path, NULL, "games", NULL);
  lw_test_assert_cli_ok (&after, NULL);
  g_assert_cmpstr (after.out, ==, before.out);
}

static void
test_unknown_id (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr (GPtrArray) good = lw_test_case_paths ("random", "game-");
  static const char *const commands[] = { "show", "export" };
  static const char *const malformed[] = { "abc", "0", "-3", "+1", "1.0", " 1", "",
                                           "99999999999999999999" };

  g_assert_cmpint (import_file (fixture->path, g_ptr_array_index (good, 0)), ==, 1);

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_auto (LwTestRun) unknown = { 0, };
      g_auto (LwTestRun) none = { 0, };
      g_auto (LwTestRun) two = { 0, };
      g_auto (LwTestRun) known = { 0, };

      /* Well-formed but not stored: could not be carried out. */
      lw_test_run_cli (&unknown, fixture->path, NULL, commands[c], "42", NULL);
      lw_test_assert_cli_failed (&unknown, 1, NULL);
      g_assert_nonnull (strstr (unknown.err, "42"));

      /* Not an ID at all, missing or one too many: usage, status 2. */
      for (guint m = 0; m < G_N_ELEMENTS (malformed); m++)
        {
          g_auto (LwTestRun) run = { 0, };

          lw_test_run_cli (&run, fixture->path, NULL, commands[c], malformed[m], NULL);
          lw_test_assert_cli_failed (&run, 2, NULL);
        }
      lw_test_run_cli (&none, fixture->path, NULL, commands[c], NULL);
      lw_test_assert_cli_failed (&none, 2, NULL);
      lw_test_run_cli (&two, fixture->path, NULL, commands[c], "1", "1", NULL);
      lw_test_assert_cli_failed (&two, 2, NULL);

      lw_test_run_cli (&known, fixture->path, NULL, commands[c], "1", NULL);
      lw_test_assert_cli_ok (&known, NULL);
    }
}

/* The commands that only read leave a missing database missing, even
 * when they fail ("database unchanged", docs/rules/CLI.md); a --db in a folder that
 * does not exist is refused (status 1, "file missing"), the folder not
 * made. */
static void
test_no_database (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *db = g_build_filename (fixture->dir, "missing.sqlite3", NULL);
  g_autofree char *lost = g_build_filename (fixture->dir, "not", "yet", "games.sqlite3", NULL);
  g_autofree char *folder = g_build_filename (fixture->dir, "not", NULL);
  g_auto (LwTestRun) games = { 0, };
  g_auto (LwTestRun) show = { 0, };
  g_auto (LwTestRun) export = { 0, };
  g_auto (LwTestRun) lost_games = { 0, };
  g_auto (LwTestRun) lost_import = { 0, };

  lw_test_run_cli (&games, db, NULL, "games", NULL);
  lw_test_assert_cli_ok (&games, NULL);
  g_assert_cmpstr (games.out, ==, "");

  lw_test_run_cli (&show, db, NULL, "show", "1", NULL);
  lw_test_assert_cli_failed (&show, 1, NULL);
  g_assert_nonnull (strstr (show.err, "no game with ID 1"));

  lw_test_run_cli (&export, db, NULL, "export", "3", NULL);
  lw_test_assert_cli_failed (&export, 1, NULL);
  g_assert_nonnull (strstr (export.err, "no game with ID 3"));
  g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));

  lw_test_run_cli (&lost_games, lost, NULL, "games", NULL);
  lw_test_assert_cli_failed (&lost_games, 1, NULL);
  g_assert_nonnull (strstr (lost_games.err, "there is no folder"));
  lw_test_run_cli (&lost_import, lost, NULL, "import", "-", NULL);
  lw_test_assert_cli_failed (&lost_import, 1, NULL);
  g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));
}

static void
test_help (Fixture       *fixture,
           gconstpointer  data)
{
  static const char *const commands[] = { "games", "show", "import", "export" };

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_auto (LwTestRun) run = { 0, };
      g_autofree char *usage = g_strdup_printf ("Usage: littlewolf-cli %s", commands[c]);

      lw_test_run_cli (&run, fixture->path, NULL, commands[c], "--help", NULL);
      lw_test_assert_cli_ok (&run, NULL);
      g_assert_true (g_str_has_prefix (run.out, usage));
    }
  /* Help needs no database. */
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));
}

static void
test_bad_database (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GPtrArray) good = lw_test_case_paths ("random", "game-");
  g_autofree char *text = g_build_filename (fixture->dir, "notes.txt", NULL);
  g_autofree char *newer = g_build_filename (fixture->dir, "newer.sqlite3", NULL);
  const char *const dbs[] = { text, newer };
  sqlite3 *db = NULL;
  g_autoptr (GError) error = NULL;

  g_file_set_contents (text, "Ann 6, Ben 20, Cleo 2, Dev 8\n", -1, &error);
  g_assert_no_error (error);

  g_assert_cmpint (sqlite3_open (newer, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE games (id INTEGER PRIMARY KEY);"
                                     "PRAGMA user_version = 1000;", NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sqlite3_close (db);

  for (guint d = 0; d < G_N_ELEMENTS (dbs); d++)
    {
      g_autoptr (GBytes) before = lw_test_file_bytes (dbs[d]);
      g_autoptr (GBytes) after = NULL;
      g_auto (LwTestRun) games = { 0, };
      g_auto (LwTestRun) show = { 0, };
      g_auto (LwTestRun) import = { 0, };

      lw_test_run_cli (&games, dbs[d], NULL, "games", NULL);
      lw_test_assert_cli_failed (&games, 1, NULL);
      lw_test_run_cli (&show, dbs[d], NULL, "show", "1", NULL);
      lw_test_assert_cli_failed (&show, 1, NULL);
      lw_test_run_cli (&import, dbs[d], NULL, "import", g_ptr_array_index (good, 0), NULL);
      lw_test_assert_cli_failed (&import, 1, NULL);

      after = lw_test_file_bytes (dbs[d]);
      g_assert_true (g_bytes_equal (before, after));
    }
}

/* Where a run's standard output goes when it cannot be written. */
typedef enum {
  UNWRITABLE_FULL,    /* /dev/full: ENOSPC */
  UNWRITABLE_CLOSED,  /* closed before the program starts */
  UNWRITABLE_PIPE,    /* a pipe whose reader has gone: EPIPE */
} Unwritable;

/* Runs littlewolf-cli with @args (NULL-terminated, --db @db first) and
 * its standard output unwritable as @how says; stderr in @run->err. */
static void
run_unwritable (LwTestRun         *run,
                const char        *db,
                Unwritable         how,
                const char *const *args)
{
  g_autoptr (GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int fds[2] = { -1, -1 };

  if (how == UNWRITABLE_CLOSED)
    {
      /* The shell closes it and replaces itself with the program. */
      g_ptr_array_add (argv, (gpointer) "/bin/sh");
      g_ptr_array_add (argv, (gpointer) "-c");
      g_ptr_array_add (argv, (gpointer) "exec \"$@\" >&-");
      g_ptr_array_add (argv, (gpointer) "sh");
    }
  g_ptr_array_add (argv, (gpointer) lw_test_cli_path ());
  g_ptr_array_add (argv, (gpointer) "--db");
  g_ptr_array_add (argv, (gpointer) db);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  if (how == UNWRITABLE_FULL)
    g_subprocess_launcher_set_stdout_file_path (launcher, "/dev/full");
  else if (how == UNWRITABLE_PIPE)
    {
      g_assert_true (g_unix_open_pipe (fds, FD_CLOEXEC, &error));
      g_assert_no_error (error);
      close (fds[0]);  /* the reader is gone before anything is written */
      g_subprocess_launcher_take_stdout_fd (launcher, fds[1]);
    }
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, &run->err, &error);
  g_assert_no_error (error);
  run->out = g_strdup ("");
  run->status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process)
                                                     : -g_subprocess_get_term_sig (process);
}

/* What a database holds, as rows of every table a command writes to. */
static char *
database_contents (const char *db)
{
  static const char *const tables[] = {
    "games", "game_seats", "rounds", "round_seats", "players", "edits",
    "events", "event_players", "event_rounds", "event_tables", "event_seats",
  };
  g_autoptr (GString) out = g_string_new (NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT count (*) FROM %s", tables[i]);
      g_string_append_printf (out, "%s %" G_GINT64_FORMAT "\n", tables[i],
                              lw_test_sql_int_at (db, sql));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* docs/rules/CLI.md: a command that stores and prints writes and flushes its output
 * before it commits; when the output cannot be written (a full disk,
 * stdout closed, a pipe whose reader has gone) it exits 1 with one line
 * and stores nothing, so that a script that retries makes no duplicate. */
static void
test_unwritable_output_stores_nothing (Fixture       *fixture,
                                       gconstpointer  data)
{
  g_autoptr (GPtrArray) good = lw_test_case_paths ("random", "game-");
  const char *game = g_ptr_array_index (good, 0);
  const char *const import[] = { "import", "--as-new", game, NULL };
  const char *const event_new[] = { "event", "new", "--name", "Spring", "--format", "swiss",
                                    "--table-size", "2", NULL };
  const char *const event_pair[] = { "event", "pair", "1", NULL };
  const char *const *commands[] = { import, event_new, event_pair };
  g_auto (LwTestRun) event = { 0, };
  g_auto (LwTestRun) entrants = { 0, };

  /* A database with a game and an event of four players in it. */
  import_file (fixture->path, game);
  lw_test_run_cli (&event, fixture->path, NULL, "event", "new", "--name", "Club",
                   "--format", "swiss", "--table-size", "2", NULL);
  lw_test_assert_cli_ok (&event, NULL);
  lw_test_run_cli (&entrants, fixture->path, NULL, "event", "add", "1",
                   "Ann", "Ben", "Cleo", "Dev", NULL);
  lw_test_assert_cli_ok (&entrants, NULL);

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    for (Unwritable how = UNWRITABLE_FULL; how <= UNWRITABLE_PIPE; how++)
      {
        g_autofree char *before = database_contents (fixture->path);
        g_autofree char *after = NULL;
        g_auto (LwTestRun) run = { 0, };

        if (how == UNWRITABLE_FULL && !g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
          continue;
        g_test_message ("%s, output %s", commands[c][0] == import[0] ? "import" : commands[c][1],
                        (const char *[]) { "to /dev/full", "closed", "to a closed pipe" }[how]);
        run_unwritable (&run, fixture->path, how, commands[c]);
        lw_test_assert_cli_failed (&run, 1, "cannot write the output");
        after = database_contents (fixture->path);
        g_assert_cmpstr (after, ==, before);
      }

  /* And a command that can write its output stores as before. */
  {
    g_auto (LwTestRun) run = { 0, };

    lw_test_run_cli (&run, fixture->path, NULL, "import", "--as-new", game, NULL);
    lw_test_assert_cli_ok (&run, NULL);
    g_assert_cmpstr (run.out, ==, "2\n");
  }
}

/* A damaged database is said to be damaged, with the way out, and not
 * written to: `import` exits 1 and leaves it byte for byte as it was;
 * `games` lists what it can read (a game it cannot is "damaged") or
 * exits 1 with the same message; the store reports it as damaged. */
static void
test_damaged_database (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr (GPtrArray) cases = lw_test_case_paths ("random", "game-");
  g_autoptr (GBytes) before = NULL;
  g_autoptr (GBytes) after = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  g_auto (LwTestRun) import = { 0, };
  g_auto (LwTestRun) games = { 0, };

  lw_test_make_damaged_database (fixture->path, 400);
  before = lw_test_file_bytes (fixture->path);

  lw_test_run_cli (&import, fixture->path, NULL, "import", g_ptr_array_index (cases, 0), NULL);
  lw_test_assert_cli_failed (&import, 1, "is damaged: restore a backup");
  g_assert_nonnull (strstr (import.err, fixture->path));
  after = lw_test_file_bytes (fixture->path);
  g_assert_true (g_bytes_equal (before, after));

  lw_test_run_cli (&games, fixture->path, NULL, "games", NULL);
  if (games.status == 0)
    {
      g_auto (GStrv) lines = g_strsplit (games.out, "\n", -1);

      /* Every game is listed, readable or not. */
      g_assert_cmpuint (g_strv_length (lines), ==, 400 + 1);
      g_assert_true (games.err[0] == '\0' || strstr (games.err, "damaged") != NULL);
      g_test_message ("games: %u lines, stderr: %s", g_strv_length (lines) - 1, games.err);
    }
  else
    lw_test_assert_cli_failed (&games, 1, "is damaged: restore a backup");

  store = lw_store_open (fixture->path, &error);
  if (store != NULL)
    {
      g_assert_false (lw_store_check_damage (store, 0, &error));
      lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_DAMAGED);
      /* And nothing is written from then on. */
      g_autoptr (LwGameRecord) record = lw_test_load_record (g_ptr_array_index (cases, 0));

      g_assert_cmpint (lw_store_add_game (store, record, &error), ==, 0);
      g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_DAMAGED);
    }
  else
    g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_DAMAGED);
  g_clear_object (&store);
  g_clear_pointer (&after, g_bytes_unref);
  after = lw_test_file_bytes (fixture->path);
  g_assert_true (g_bytes_equal (before, after));
}

/* A bulk import checks the damage once, before its first write: into a
 * damaged database it stores nothing, exits 1 with the same message, and
 * leaves the file byte for byte as it was. */
static void
test_damaged_database_bulk (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr (GPtrArray) cases = lw_test_case_paths ("random", "game-");
  g_autoptr (GString) lines = g_string_new (NULL);
  g_autoptr (GBytes) before = NULL;
  g_autoptr (GBytes) after = NULL;
  g_auto (LwTestRun) import = { 0, };
  g_auto (GStrv) err_lines = NULL;

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *text = lw_test_read_file (g_ptr_array_index (cases, i));
      g_autoptr (JsonNode) node = lw_test_parse_json (text);
      g_autofree char *line = json_to_string (node, FALSE);

      g_string_append_printf (lines, "%s\n", line);
    }
  lw_test_make_damaged_database (fixture->path, 400);
  before = lw_test_file_bytes (fixture->path);

  lw_test_run_cli (&import, fixture->path, lines->str, "import", "-", NULL);
  g_assert_cmpint (import.status, ==, 1);
  g_assert_cmpstr (import.out, ==, "");
  err_lines = g_strsplit (import.err, "\n", -1);
  g_assert_cmpuint (g_strv_length (err_lines), ==, 3);
  g_assert_true (g_str_has_prefix (err_lines[0], "littlewolf-cli: import: the database "));
  g_assert_nonnull (strstr (err_lines[0], "is damaged: restore a backup"));
  g_assert_cmpstr (err_lines[1], ==, "littlewolf-cli: import: stopped: 0 imported, 0 refused");
  after = lw_test_file_bytes (fixture->path);
  g_assert_true (g_bytes_equal (before, after));
}

/* Programs that start at once on the same new database all store their
 * game: none of them takes the half-created file for another program's
 * database or gives up on a lock. */
static void
test_parallel_imports (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr (GPtrArray) good = lw_test_case_paths ("random", "game-");
  const char *path = g_ptr_array_index (good, 0);

  for (guint trial = 0; trial < 12; trial++)
    {
      g_autofree char *name = g_strdup_printf ("parallel-%u.sqlite3", trial);
      g_autofree char *db_path = g_build_filename (fixture->dir, name, NULL);
      g_autoptr (GPtrArray) processes = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr (GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      sqlite3 *db = NULL;
      sqlite3_stmt *stmt = NULL;

      for (guint i = 0; i < 5; i++)
        {
          g_autoptr (GError) error = NULL;
          GSubprocess *process =
            g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                              &error, lw_test_cli_path (), "--db", db_path, "import", path, NULL);

          g_assert_no_error (error);
          g_ptr_array_add (processes, process);
        }
      for (guint i = 0; i < processes->len; i++)
        {
          g_autoptr (GError) error = NULL;
          g_auto (LwTestRun) run = { 0, };
          GSubprocess *process = g_ptr_array_index (processes, i);

          g_subprocess_communicate_utf8 (process, NULL, NULL, &run.out, &run.err, &error);
          g_assert_no_error (error);
          g_assert_true (g_subprocess_get_if_exited (process));
          run.status = g_subprocess_get_exit_status (process);
          /* One stores the record; the others find it stored (docs/rules/CLI.md). */
          if (run.status == 0)
            g_assert_true (g_hash_table_add (ids, g_steal_pointer (&run.out)));
          else
            lw_test_assert_cli_failed (&run, 1, "already stored as game 1");
        }
      g_assert_cmpuint (g_hash_table_size (ids), ==, 1);

      g_assert_cmpint (sqlite3_open (db_path, &db), ==, SQLITE_OK);
      g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT count(*) FROM games", -1, &stmt, NULL),
                       ==, SQLITE_OK);
      g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
      g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 1);
      sqlite3_finalize (stmt);
      sqlite3_close (db);
    }
}

/* @text holds no terminal control: no ESC, no C1 CSI (U+009B). */
static void
assert_no_control (const char *text)
{
  g_assert_null (strchr (text, '\x1b'));
  g_assert_null (strstr (text, "\xc2\x9b"));
}

/* Names that came from outside (here written into the file by hand, as a
 * laptop's role or an old program could) cannot drive the terminal: the
 * text outputs escape ESC as \x1b and U+009B as \u009b (docs/rules/CLI.md). */
static void
test_control_names (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths ("random", "game-");
  g_auto (LwTestRun) games = { 0, };
  g_auto (LwTestRun) show = { 0, };
  g_auto (LwTestRun) show_text = { 0, };
  g_autofree char *players = NULL;
  g_auto (GStrv) lines = NULL;

  g_assert_cmpint (import_file (fixture->path, g_ptr_array_index (paths, 0)), ==, 1);
  lw_test_sql_exec_at (fixture->path,
                       "UPDATE players SET name = 'A' || char (27) || '[2JB' WHERE id = 1;"
                       "UPDATE players SET name = 'C' || char (155) || '2JD' WHERE id = 2;");

  /* games: the game cannot be read, and is listed with its names as stored. */
  lw_test_run_cli (&games, fixture->path, NULL, "games", NULL);
  g_assert_cmpint (games.status, ==, 0);
  assert_no_control (games.out);
  assert_no_control (games.err);
  lines = g_strsplit (games.out, "\t", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  g_assert_cmpstr (lines[1], ==, "damaged");
  g_assert_true (g_str_has_prefix (lines[3], "A\\x1b[2JB, C\\u009b2JD, "));

  /* show refuses it, and says why without the names' controls. */
  lw_test_run_cli (&show, fixture->path, NULL, "show", "1", NULL);
  lw_test_run_cli (&show_text, fixture->path, NULL, "show", "--text", "1", NULL);
  g_assert_cmpint (show.status, ==, 1);
  g_assert_cmpint (show_text.status, ==, 1);
  g_assert_cmpstr (show_text.out, ==, "");
  assert_no_control (show.err);
  assert_no_control (show_text.err);

  /* player list: one line per player, the names escaped. */
  players = lw_test_cli_ok (fixture->path, "player", "list", NULL);
  assert_no_control (players);
  g_assert_nonnull (strstr (players, "A\\x1b[2JB\t1\t0\n"));
  g_assert_nonnull (strstr (players, "C\\u009b2JD\t1\t0\n"));
}

/* `club status` prints the club state's texts (the conninfo given at
 * join, the origin, the club's UUID the server sent) with their control
 * characters escaped: a line break cannot forge a line of its own. */
static void
test_club_status_control (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths ("random", "game-");
  g_autofree char *status = NULL;
  g_auto (GStrv) lines = NULL;

  g_assert_cmpint (import_file (fixture->path, g_ptr_array_index (paths, 0)), ==, 1);
  lw_test_sql_exec_at (fixture->path,
                       "INSERT INTO club_state (id, conninfo, origin, club) VALUES"
                       " (1, 'host=x' || char (27) || '[2J', 'o' || char (155) || '2J',"
                       "  'c' || char (10) || 'last push: forged')");
  status = lw_test_cli_ok (fixture->path, "club", "status", NULL);
  assert_no_control (status);
  lines = g_strsplit (status, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "server: host=x\\x1b[2J");
  g_assert_cmpstr (lines[1], ==, "origin: o\\u009b2J");
  g_assert_cmpstr (lines[2], ==, "club: c\\x0alast push: forged");
  g_assert_cmpstr (lines[3], ==, "last push: never");
}

/* `club origin-password` takes a password by lw_club_check_password()'s
 * rule before it connects: one holding a control character or over
 * 1,000 bytes is status 2, in words that never hold it. */
static void
test_club_password_rule (Fixture       *fixture,
                         gconstpointer  data)
{
  g_auto (LwTestRun) tab = { 0 };
  g_auto (LwTestRun) huge = { 0 };
  g_autofree char *long_line = g_strnfill (1001, 'p');
  g_autofree char *input = g_strconcat (long_line, "\n", NULL);

  lw_test_run_cli (&tab, NULL, "se\tcret\n", "club", "origin-password", "Bar",
                   "--conninfo", "host=/nonexistent dbname=club", "--password-stdin", NULL);
  g_assert_cmpint (tab.status, ==, 2);
  g_assert_nonnull (strstr (tab.err, "the new password holds a control character"));
  g_assert_null (strstr (tab.err, "cret"));
  lw_test_run_cli (&huge, NULL, input, "club", "origin-password", "Bar",
                   "--conninfo", "host=/nonexistent dbname=club", "--password-stdin", NULL);
  g_assert_cmpint (huge.status, ==, 2);
  g_assert_nonnull (strstr (huge.err, "the new password is over 1000 bytes"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  /* Fail loudly, before any test, when the cases or the program are missing. */
  g_ptr_array_unref (lw_test_case_paths ("random", "game-"));
  lw_test_cli_path ();

  lw_test_add_db_closed ("/cli-games/import-show-export", test_import_show_export);
  lw_test_add_db_closed ("/cli-games/games-list", test_games_list);
  lw_test_add_db_closed ("/cli-games/bad-input", test_bad_input);
  lw_test_add_db_closed ("/cli-games/unknown-id", test_unknown_id);
  lw_test_add_db_closed ("/cli-games/no-database", test_no_database);
  lw_test_add_db_closed ("/cli-games/help", test_help);
  lw_test_add_db_closed ("/cli-games/bad-database", test_bad_database);
  lw_test_add_db_closed ("/cli-games/unwritable-output-stores-nothing", test_unwritable_output_stores_nothing);
  lw_test_add_db_closed ("/cli-games/damaged-database", test_damaged_database);
  lw_test_add_db_closed ("/cli-games/damaged-database-bulk", test_damaged_database_bulk);
  lw_test_add_db_closed ("/cli-games/parallel-imports", test_parallel_imports);
  lw_test_add_db_closed ("/cli-games/control-names", test_control_names);
  lw_test_add_db_closed ("/cli-games/club-status-control", test_club_status_control);
  lw_test_add_db_closed ("/cli-games/club-password-rule", test_club_password_rule);

  return g_test_run ();
}
