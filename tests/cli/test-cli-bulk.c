/* test-cli-bulk.c — many games in and out through littlewolf-cli (LW_CLI,
 * docs/rules/CLI.md): `import` of a folder, of JSON Lines from a file and
 * from standard input, of a JSON array; a bad record among good ones
 * named by its place and not stored, the others stored and the games
 * stored before untouched; `export --all` read back by `import` into a
 * new database as the same records
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>

#include "lw-store.h"
#include "lw-test-util.h"

/* The shared random case @n's path (transfer full). */
static char *
case_path (guint n)
{
  g_autoptr (GPtrArray) cases = lw_test_case_paths ("random", "game-");

  g_assert_cmpuint (n, <, cases->len);
  return g_strdup (g_ptr_array_index (cases, n));
}

/* A shared bad case: round 1's cards sum to 25 (transfer full). */
static char *
bad_case_path (void)
{
  return g_build_filename (lw_test_cases_dir (), "scoring", "BAD-cards-sum-wrong.json", NULL);
}

/* @json (a record) as one line without white space (transfer full;
 * ends with a line break). */
static char *
one_line (const char *json)
{
  g_autoptr (JsonNode) node = lw_test_parse_json (json);
  g_autofree char *compact = json_to_string (node, FALSE);

  return g_strconcat (compact, "\n", NULL);
}

/* The record of case @n as one line (transfer full). */
static char *
case_line (guint n)
{
  g_autofree char *path = case_path (n);
  g_autofree char *text = lw_test_read_file (path);

  return one_line (text);
}

/* The message every refusal line holds for the bad case. */
#define BAD_REASON "round 1: cards sum to 25, expected 26 (2 players × 13)"

/* The lines of @text (transfer full), without the empty one after the
 * last line break. */
static GStrv
lines_of (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = g_strv_length (lines);

  g_assert_cmpuint (n, >, 0);
  g_assert_cmpstr (lines[n - 1], ==, "");
  g_clear_pointer (&lines[n - 1], g_free);
  return g_steal_pointer (&lines);
}

/* The record @json (transfer full). */
static LwGameRecord *
record_of (const char *json)
{
  g_autoptr (GError) error = NULL;
  LwGameRecord *record = lw_game_record_from_json (json, -1, &error);

  g_assert_no_error (error);
  return record;
}

/* Game @id of @db as `export ID` writes it, but for its id (a record
 * without one gets a new one each time it is imported) (transfer full). */
static char *
export_without_id (const char *db,
                   guint       id)
{
  g_autofree char *number = g_strdup_printf ("%u", id);
  g_autofree char *exported = lw_test_cli_ok (db, "export", number, NULL);
  g_autoptr (LwGameRecord) record = record_of (exported);

  g_assert_nonnull (record->id);
  g_clear_pointer (&record->id, g_free);
  return lw_game_record_to_json (record);
}

/* export_without_id() of games 1 to @n_games of @db, joined (transfer
 * full). */
static char *
export_each (const char *db,
             guint       n_games)
{
  g_autoptr (GString) all = g_string_new (NULL);

  for (guint id = 1; id <= n_games; id++)
    {
      g_autofree char *record = export_without_id (db, id);

      g_string_append (all, record);
    }
  return g_string_free (g_steal_pointer (&all), FALSE);
}

/* A folder: every *.json in it by name, a bad one refused by its file
 * name, other files left alone. */
static void
test_directory (LwTestDb      *db,
                gconstpointer  data)
{
  g_autofree char *folder = g_build_filename (db->dir, "records", NULL);
  g_autofree char *bad = bad_case_path ();
  g_autofree char *bad_copy = g_build_filename (folder, "b-bad.json", NULL);
  g_autofree char *expected_out = NULL;
  g_autofree char *expected_err = NULL;
  g_autofree char *games = NULL;
  g_autofree char *contents = NULL;
  const char *names[] = { "c-third.json", "a-first.json", "d-fourth.json" };
  const guint cases[] = { 2, 0, 3 };
  g_auto (LwTestRun) run = { 0, };

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (folder, names[i], NULL);
      g_autofree char *from = case_path (cases[i]);
      g_autofree char *text = lw_test_read_file (from);

      g_assert_true (g_file_set_contents (path, text, -1, NULL));
    }
  contents = lw_test_read_file (bad);
  g_assert_true (g_file_set_contents (bad_copy, contents, -1, NULL));
  /* Not a .json: not read (it is not a record). */
  {
    g_autofree char *notes = g_build_filename (folder, "notes.txt", NULL);

    g_assert_true (g_file_set_contents (notes, "not a record", -1, NULL));
  }

  lw_test_run_cli (&run, db->path, NULL, "import", folder, NULL);
  g_assert_cmpint (run.status, ==, 2);
  expected_out = g_strdup_printf ("1\t%s/a-first.json\n2\t%s/c-third.json\n3\t%s/d-fourth.json\n",
                                  folder, folder, folder);
  g_assert_cmpstr (run.out, ==, expected_out);
  expected_err = g_strdup_printf ("littlewolf-cli: import: %s: " BAD_REASON "\n"
                                  "littlewolf-cli: import: 3 imported, 1 refused\n", bad_copy);
  g_assert_cmpstr (run.err, ==, expected_err);

  /* In the order of their names, each one as imported alone. */
  {
    g_autofree char *stored = export_each (db->path, 3);
    g_autofree char *alone_db = g_build_filename (db->dir, "alone.sqlite3", NULL);
    g_autoptr (GString) alone = g_string_new (NULL);

    for (guint i = 0; i < 3; i++)
      {
        const guint order[] = { 0, 2, 3 };
        g_autofree char *path = case_path (order[i]);
        g_autofree char *id = lw_test_cli_ok (alone_db, "import", path, NULL);
        g_autofree char *record = export_without_id (alone_db, i + 1);

        g_assert_cmpuint (g_ascii_strtoull (id, NULL, 10), ==, i + 1);

        g_string_append (alone, record);
      }
    g_assert_cmpstr (stored, ==, alone->str);
  }
  games = lw_test_cli_ok (db->path, "games", NULL);
  {
    g_auto (GStrv) lines = lines_of (games);

    g_assert_cmpuint (g_strv_length (lines), ==, 3);
  }
}

/* JSON Lines from a file and from standard input: a record per line, a
 * blank line skipped, the IDs with their line numbers. */
static void
test_json_lines (LwTestDb      *db,
                 gconstpointer  data)
{
  g_autofree char *first = case_line (0);
  g_autofree char *second = case_line (1);
  g_autofree char *third = case_line (2);
  g_autofree char *text = g_strconcat (first, second, "\n", third, NULL);
  g_autofree char *file = g_build_filename (db->dir, "games.jsonl", NULL);
  g_autofree char *other = g_build_filename (db->dir, "other.sqlite3", NULL);
  g_autofree char *from_file = NULL;
  g_autofree char *from_stdin = NULL;
  g_auto (LwTestRun) run = { 0, };
  g_auto (LwTestRun) piped = { 0, };

  g_assert_true (g_file_set_contents (file, text, -1, NULL));

  lw_test_run_cli (&run, db->path, NULL, "import", file, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "1\tline 1\n2\tline 2\n3\tline 4\n");
  g_assert_cmpstr (run.err, ==, "littlewolf-cli: import: 3 imported, 0 refused\n");

  lw_test_run_cli (&piped, other, text, "import", "-", NULL);
  g_assert_cmpint (piped.status, ==, 0);
  g_assert_cmpstr (piped.out, ==, "1\tline 1\n2\tline 2\n3\tline 4\n");
  g_assert_cmpstr (piped.err, ==, "littlewolf-cli: import: 3 imported, 0 refused\n");

  /* The same games either way, each as `import` of the case alone
   * stores it. */
  from_file = export_each (db->path, 3);
  from_stdin = export_each (other, 3);
  g_assert_cmpstr (from_file, ==, from_stdin);
  {
    g_autofree char *path = case_path (1);
    g_autoptr (LwGameRecord) expected = lw_test_load_record (path);
    g_autofree char *exported = lw_test_cli_ok (db->path, "export", "2", NULL);
    g_autoptr (LwGameRecord) stored = record_of (exported);

    g_assert_cmpuint (stored->rounds->len, ==, expected->rounds->len);
    g_assert_cmpstr (stored->players[0], ==, expected->players[0]);
  }

  /* A second time, every record is stored already: refused, by line. */
  {
    g_auto (LwTestRun) again = { 0, };

    lw_test_run_cli (&again, db->path, NULL, "import", file, NULL);
    g_assert_cmpint (again.status, ==, 2);
    g_assert_cmpstr (again.out, ==, "");
    g_assert_nonnull (strstr (again.err, "games.jsonl, line 1: this game is already stored as game 1"));
    g_assert_nonnull (strstr (again.err, "games.jsonl, line 4: this game is already stored as game 3"));
    g_assert_true (g_str_has_suffix (again.err, "littlewolf-cli: import: 0 imported, 3 refused\n"));
  }
}

/* A JSON array, its bad record and a value that is no record named by
 * their index; the others stored. */
static void
test_array (LwTestDb      *db,
            gconstpointer  data)
{
  g_autofree char *first = case_line (0);
  g_autofree char *second = case_line (1);
  g_autofree char *bad_path = bad_case_path ();
  g_autofree char *bad = lw_test_read_file (bad_path);
  g_autofree char *text = g_strdup_printf ("[\n%s,\n%s, 7,\n  %s]\n", first, bad, second);
  g_auto (LwTestRun) run = { 0, };

  lw_test_run_cli (&run, db->path, text, "import", "-", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "1\tindex 0\n2\tindex 3\n");
  g_assert_cmpstr (run.err, ==,
                   "littlewolf-cli: import: standard input, index 1: " BAD_REASON "\n"
                   "littlewolf-cli: import: standard input, index 2: the game record must be a JSON object\n"
                   "littlewolf-cli: import: 2 imported, 2 refused\n");
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM games"), ==, 2);

  /* An array cut short: what came before it is stored, the rest named. */
  {
    g_autofree char *third = case_line (2);
    g_autofree char *cut = g_strdup_printf ("[%s, {\"format\": \"little-wolf/game\"", third);
    g_auto (LwTestRun) short_run = { 0, };

    lw_test_run_cli (&short_run, db->path, cut, "import", "-", NULL);
    g_assert_cmpint (short_run.status, ==, 2);
    g_assert_cmpstr (short_run.out, ==, "3\tindex 0\n");
    g_assert_cmpstr (short_run.err, ==,
                     "littlewolf-cli: import: standard input, index 1: the array ends inside a record\n"
                     "littlewolf-cli: import: 1 imported, 1 refused\n");
  }
}

/* A bad record among good ones: reported with its line, not stored; the
 * good ones stored; the games stored before are as they were. */
static void
test_bad_among_good (LwTestDb      *db,
                     gconstpointer  data)
{
  g_autofree char *existing = case_path (5);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *bad_path = bad_case_path ();
  g_autofree char *bad = lw_test_read_file (bad_path);
  g_autofree char *bad_line = one_line (bad);
  g_autofree char *good1 = case_line (6);
  g_autofree char *good2 = case_line (7);
  g_autofree char *good3 = case_line (8);
  g_autofree char *text = NULL;
  g_autofree char *id = lw_test_cli_ok (db->path, "import", existing, NULL);
  g_auto (LwTestRun) run = { 0, };

  g_assert_cmpstr (id, ==, "1\n");
  before = lw_test_cli_ok (db->path, "export", "--all", NULL);

  text = g_strconcat (good1, good2, bad_line, good3, NULL);
  lw_test_run_cli (&run, db->path, text, "import", "-", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "2\tline 1\n3\tline 2\n4\tline 4\n");
  g_assert_cmpstr (run.err, ==,
                   "littlewolf-cli: import: standard input, line 3: " BAD_REASON "\n"
                   "littlewolf-cli: import: 3 imported, 1 refused\n");

  /* Game 1 untouched: export --all starts with it, as before. */
  after = lw_test_cli_ok (db->path, "export", "--all", NULL);
  g_assert_true (g_str_has_prefix (after, before));
  {
    g_auto (GStrv) lines = lines_of (after);

    g_assert_cmpuint (g_strv_length (lines), ==, 4);
  }
  /* No round, seat or player of the bad record was left behind. */
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM games"), ==, 4);
  g_assert_cmpint (lw_test_sql_int_at (db->path,
                                       "SELECT count(*) FROM rounds WHERE game NOT IN (SELECT id FROM games)"),
                   ==, 0);
}

/* export --all: one line per game in ID order; imported into a new
 * database as JSON Lines, the same records, written again the same. */
static void
test_export_all_round_trip (LwTestDb      *db,
                            gconstpointer  data)
{
  g_autoptr (GPtrArray) cases = lw_test_case_paths ("random", "game-");
  g_autofree char *fresh = g_build_filename (db->dir, "fresh.sqlite3", NULL);
  g_autofree char *exported = g_build_filename (db->dir, "all.jsonl", NULL);
  g_autofree char *all = NULL;
  g_autofree char *again = NULL;
  g_autofree char *none = NULL;
  g_auto (GStrv) lines = NULL;
  guint n = MIN (cases->len, 12);
  g_auto (LwTestRun) run = { 0, };

  /* No database: nothing, and none made. */
  none = lw_test_cli_ok (db->path, "export", "--all", NULL);
  g_assert_cmpstr (none, ==, "");
  g_assert_false (g_file_test (db->path, G_FILE_TEST_EXISTS));

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = lw_test_cli_ok (db->path, "import", g_ptr_array_index (cases, i), NULL);
      g_autofree char *expected = g_strdup_printf ("%u\n", i + 1);

      g_assert_cmpstr (id, ==, expected);
    }
  /* A deleted game leaves a gap in the IDs: not written. */
  g_free (lw_test_cli_ok (db->path, "game", "delete", "3", NULL));

  all = lw_test_cli_ok (db->path, "export", "--all", NULL);
  lines = lines_of (all);
  g_assert_cmpuint (g_strv_length (lines), ==, n - 1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint id = i < 2 ? i + 1 : i + 2;
      g_autofree char *number = g_strdup_printf ("%u", id);
      g_autofree char *one = lw_test_cli_ok (db->path, "export", number, NULL);
      g_autoptr (LwGameRecord) record = record_of (one);
      g_autoptr (LwGameRecord) line = record_of (lines[i]);
      g_autofree char *a = lw_game_record_to_json (record);
      g_autofree char *b = lw_game_record_to_json (line);

      /* Game ID's record, on one line without white space. */
      g_assert_null (strchr (lines[i], ' '));
      g_assert_cmpstr (a, ==, b);
    }

  g_assert_true (g_file_set_contents (exported, all, -1, NULL));
  lw_test_run_cli (&run, fresh, NULL, "import", exported, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "littlewolf-cli: import: 11 imported, 0 refused\n");
  again = lw_test_cli_ok (fresh, "export", "--all", NULL);
  g_assert_cmpstr (again, ==, all);

  /* The games list agrees, but for the IDs (no gap in the new one). */
  {
    g_autofree char *old_games = lw_test_cli_ok (db->path, "games", NULL);
    g_autofree char *new_games = lw_test_cli_ok (fresh, "games", NULL);
    g_auto (GStrv) old_lines = lines_of (old_games);
    g_auto (GStrv) new_lines = lines_of (new_games);

    g_assert_cmpuint (g_strv_length (old_lines), ==, g_strv_length (new_lines));
    for (guint i = 0; old_lines[i] != NULL; i++)
      g_assert_cmpstr (strchr (old_lines[i], '\t'), ==, strchr (new_lines[i], '\t'));
  }
}

/* One record, in a file or on standard input, is imported as ever: its
 * ID alone, nothing on stderr; a record followed by nothing but blank
 * lines is one record too. */
static void
test_single_unchanged (LwTestDb      *db,
                       gconstpointer  data)
{
  g_autofree char *line = case_line (9);
  g_autofree char *padded = g_strconcat (line, "\n\n", NULL);
  g_auto (LwTestRun) run = { 0, };

  lw_test_run_cli (&run, db->path, padded, "import", "-", NULL);
  lw_test_assert_cli_ok (&run, "import");
  g_assert_cmpstr (run.out, ==, "1\n");
}

static void
test_help (void)
{
  g_autofree char *import = lw_test_cli_ok (NULL, "import", "--help", NULL);
  g_autofree char *export = lw_test_cli_ok (NULL, "export", "--help", NULL);
  g_autofree char *usage = lw_test_cli_ok (NULL, "--help", NULL);

  g_assert_nonnull (strstr (import, "JSON Lines"));
  g_assert_nonnull (strstr (import, "ID<TAB>PLACE"));
  g_assert_nonnull (strstr (export, "export --all"));
  g_assert_nonnull (strstr (usage, "export --all"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_db_closed ("/cli-bulk/directory", test_directory);
  lw_test_add_db_closed ("/cli-bulk/json-lines", test_json_lines);
  lw_test_add_db_closed ("/cli-bulk/array", test_array);
  lw_test_add_db_closed ("/cli-bulk/bad-among-good", test_bad_among_good);
  lw_test_add_db_closed ("/cli-bulk/export-all-round-trip", test_export_all_round_trip);
  lw_test_add_db_closed ("/cli-bulk/single-unchanged", test_single_unchanged);
  g_test_add_func ("/cli-bulk/help", test_help);
  return g_test_run ();
}
