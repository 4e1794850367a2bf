/* test-cli-edit.c — a stored game corrected through littlewolf-cli
 * (LW_CLI): round replace, round insert, round delete and game delete,
 * each checked against the engine's own edit (lw_edit_apply()), logged in
 * the edit log as the app's corrections are, and refused as the app
 * refuses them (another club laptop's game, a round the engine refuses)
 * with the database unchanged
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-store.h"
#include "lw-test-util.h"

/* Imports the shared case game-1001-0000 (a 4-player game) into @db as
 * game 1; returns its record as exported (transfer full). */
static char *
import_game (const char *db)
{
  g_autofree char *path = g_build_filename (lw_test_cases_dir (), "random", "game-1001-0000.json", NULL);
  g_autofree char *id = NULL;

  id = lw_test_cli_ok (db, "import", path, NULL);
  g_assert_cmpstr (id, ==, "1\n");
  return lw_test_cli_ok (db, "export", "1", NULL);
}

/* The record @json (as exported) after @edit, as the engine makes it
 * (transfer full). */
static LwGameRecord *
edited (const char   *json,
        const LwEdit *edit)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = lw_game_record_from_json (json, -1, &error);
  g_autoptr (LwEditResult) result = NULL;

  g_assert_no_error (error);
  result = lw_edit_apply (record, edit, &error);
  g_assert_no_error (error);
  return lw_game_record_copy (result->record);
}

/* Round @number of the record @json, as round JSON (transfer full). */
static char *
round_json (const char *json,
            guint       number)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = lw_game_record_from_json (json, -1, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (number, <=, record->rounds->len);
  return lw_round_to_json (record, g_ptr_array_index (record->rounds, number - 1));
}

/* Asserts that `show 1` on @db prints what `score` prints for @record. */
static void
assert_shows (const char         *db,
              const LwGameRecord *record)
{
  g_autofree char *json = lw_game_record_to_json (record);
  g_auto (LwTestRun) score = { 0, };
  g_autofree char *shown = lw_test_cli_ok (db, "show", "1", NULL);

  lw_test_run_cli (&score, NULL, json, "score", "-", NULL);
  lw_test_assert_cli_ok (&score, "score");
  g_assert_cmpstr (shown, ==, score.out);
}

/* The kinds and numbers of game 1's edit log, oldest first, as
 * "kind number;…". */
static char *
edit_log (const char *db)
{
  g_autoptr (GString) out = g_string_new (NULL);
  sqlite3 *sql = lw_test_sql_open (db);

  lw_test_sql_append_rows (sql, "SELECT kind, number FROM edits WHERE game = 1 ORDER BY id", out);
  sqlite3_close (sql);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Everything a correction could change, to compare before and after a
 * refused one. */
static char *
snapshot (const char *db)
{
  g_autoptr (GString) out = g_string_new (NULL);
  sqlite3 *sql = lw_test_sql_open (db);

  lw_test_sql_append_rows (sql, "SELECT * FROM games ORDER BY id", out);
  lw_test_sql_append_rows (sql, "SELECT * FROM rounds ORDER BY id", out);
  lw_test_sql_append_rows (sql, "SELECT * FROM edits ORDER BY id", out);
  sqlite3_close (sql);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* round delete, round insert (the deleted round back at its place) and
 * round replace (round 3 given round 1's facts where the engine takes
 * them), each the engine's edit, each in the edit log. */
static void
test_round_edits (LwTestDb      *db,
                  gconstpointer  data)
{
  g_autofree char *original = import_game (db->path);
  g_autofree char *second = round_json (original, 2);
  g_autofree char *log = NULL;
  g_autofree char *line = NULL;
  g_autofree char *after = NULL;
  g_autoptr (LwGameRecord) without = NULL;
  g_auto (LwTestRun) run = { 0, };
  LwEdit deletion = { LW_EDIT_DELETE, 2, NULL };

  /* Round 2 deleted: the game as the engine replays it without it. */
  line = lw_test_cli_ok (db->path, "round", "delete", "1", "2", NULL);
  without = edited (original, &deletion);
  g_assert_true (g_str_has_prefix (line, "1\t"));
  assert_shows (db->path, without);

  /* Inserted back before round 2: the game as it was, byte for byte. */
  lw_test_run_cli (&run, db->path, second, "round", "insert", "1", "2", "--round", "-", NULL);
  lw_test_assert_cli_ok (&run, "round insert");
  after = lw_test_cli_ok (db->path, "export", "1", NULL);
  g_assert_cmpstr (after, ==, original);

  /* Round 2 replaced by its own facts with another round's seat cards is
   * checked by the engine; the same facts replace it unchanged. */
  lw_test_run_clear (&run);
  memset (&run, 0, sizeof run);
  lw_test_run_cli (&run, db->path, second, "round", "replace", "1", "2", "--round", "-", NULL);
  lw_test_assert_cli_ok (&run, "round replace");
  g_free (after);
  after = lw_test_cli_ok (db->path, "export", "1", NULL);
  g_assert_cmpstr (after, ==, original);

  log = edit_log (db->path);
  g_assert_cmpstr (log, ==, "delete_round|2|\ninsert_round|2|\nreplace_round|2|\n");
}

/* A correction the app refuses is refused here in its words, with the
 * database unchanged: a round that is not there, a round the engine
 * refuses, another club laptop's game, a game that is not there. */
static void
test_refused (LwTestDb      *db,
              gconstpointer  data)
{
  g_autofree char *original = import_game (db->path);
  g_autofree char *before = snapshot (db->path);
  g_autofree char *after = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *first = round_json (original, 1);
  struct {
    const char *input;
    const char *args[8];
    int         status;
    const char *needle;
  } cases[] = {
    { NULL, { "round", "delete", "1", "99", NULL }, 2, "round 99" },
    { NULL, { "round", "delete", "1", "0", NULL }, 2, "round number" },
    { NULL, { "round", "delete", "7", "1", NULL }, 1, "7" },
    { NULL, { "game", "delete", "7", NULL }, 1, "7" },
    { "{", { "round", "replace", "1", "1", "--round", "-", NULL }, 2, NULL },
    { NULL, { "round", "replace", "1", "1", NULL }, 2, "--round" },
    { NULL, { "round", "delete", "1", "1", "--round", "-", NULL }, 2, "--round" },
    { NULL, { "round", "frobnicate", "1", "1", NULL }, 2, "frobnicate" },
    { NULL, { "game", "delete", NULL }, 2, "game ID" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (LwTestRun) run = { 0, };

      lw_test_run_cli_argv (&run, db->path, cases[i].input, cases[i].args);
      lw_test_assert_cli_failed (&run, cases[i].status, cases[i].needle);
    }

  /* Round 1's facts with a card count the engine refuses. */
  bad = g_strdup (first);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (LwGameRecord) record = lw_game_record_from_json (original, -1, &error);
    g_autoptr (LwRound) round = lw_round_from_json (record, first, -1, 1, &error);
    g_auto (LwTestRun) run = { 0, };

    g_assert_no_error (error);
    round->cards[0] += 1;
    g_free (bad);
    bad = lw_round_to_json (record, round);
    lw_test_run_cli (&run, db->path, bad, "round", "replace", "1", "1", "--round", "-", NULL);
    lw_test_assert_cli_failed (&run, 2, "cards");
  }

  /* Held from another club laptop: read-only, as on the game page. */
  lw_test_sql_exec_at (db->path,
                       "INSERT INTO club_games (uuid, origin, origin_name, version)"
                       " SELECT uuid, 'b1d2c3e4-0000-4000-8000-000000000001', 'Front desk', version"
                       " FROM games WHERE id = 1");
  g_free (before);
  before = snapshot (db->path);
  {
    const char *const held[][5] = {
      { "round", "delete", "1", "1", NULL },
      { "game", "delete", "1", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (held); i++)
      {
        g_auto (LwTestRun) run = { 0, };

        lw_test_run_cli_argv (&run, db->path, NULL, held[i]);
        lw_test_assert_cli_failed (&run, 2, "game 1 belongs to club laptop \u201cFront desk\u201d: "
                                            "it is read-only here");
      }
    {
      g_auto (LwTestRun) run = { 0, };

      lw_test_run_cli (&run, db->path, first, "round", "replace", "1", "1", "--round", "-", NULL);
      lw_test_assert_cli_failed (&run, 2, "read-only here");
    }
  }
  after = snapshot (db->path);
  g_assert_cmpstr (after, ==, before);
}

/* A round the director locked against phones is corrected here as in the
 * app (the lock holds for phones only). */
static void
test_locked_round (LwTestDb      *db,
                   gconstpointer  data)
{
  g_autofree char *original = import_game (db->path);
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *log = NULL;

  store = lw_store_open (db->path, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_set_round_locked (store, 1, 2, TRUE, &error));
  g_assert_no_error (error);
  g_clear_object (&store);

  g_free (lw_test_cli_ok (db->path, "round", "delete", "1", "2", NULL));
  log = edit_log (db->path);
  g_assert_cmpstr (log, ==, "delete_round|2|\n");
}

/* game delete: the game gone from `games`, its deletion in the edit log
 * with the game's snapshot, so that the app's restore brings it back. */
static void
test_game_delete (LwTestDb      *db,
                  gconstpointer  data)
{
  g_autofree char *original = import_game (db->path);
  g_autofree char *out = NULL;
  g_autofree char *games = NULL;
  g_autofree char *restored = NULL;
  g_autofree char *log = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;

  out = lw_test_cli_ok (db->path, "game", "delete", "1", NULL);
  g_assert_cmpstr (out, ==, "");
  games = lw_test_cli_ok (db->path, "games", NULL);
  g_assert_cmpstr (games, ==, "");
  log = edit_log (db->path);
  g_assert_cmpstr (log, ==, "delete_game|0|\n");

  store = lw_store_open (db->path, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_restore_game (store, 1, &error));
  g_assert_no_error (error);
  g_clear_object (&store);
  restored = lw_test_cli_ok (db->path, "export", "1", NULL);
  g_assert_cmpstr (restored, ==, original);
}

/* The usage of both commands. */
static void
test_help (void)
{
  g_autofree char *game = lw_test_cli_ok (NULL, "game", "--help", NULL);
  g_autofree char *round = lw_test_cli_ok (NULL, "round", "--help", NULL);
  g_autofree char *usage = lw_test_cli_ok (NULL, "--help", NULL);

  g_assert_nonnull (strstr (game, "game delete ID"));
  g_assert_nonnull (strstr (round, "round replace ID N --round FILE|-"));
  g_assert_nonnull (strstr (round, "round insert ID N --round FILE|-"));
  g_assert_nonnull (strstr (round, "round delete ID N"));
  g_assert_nonnull (strstr (usage, "round replace|insert|delete"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_db_closed ("/cli-edit/round-edits", test_round_edits);
  lw_test_add_db_closed ("/cli-edit/refused", test_refused);
  lw_test_add_db_closed ("/cli-edit/locked-round", test_locked_round);
  lw_test_add_db_closed ("/cli-edit/game-delete", test_game_delete);
  g_test_add_func ("/cli-edit/help", test_help);
  return g_test_run ();
}
