/* test-store.c — the SQLite store (lw-store.h)
 *
 * Every test works on its own temporary database. The shared cases are
 * read from $LW_CASES_DIR (meson option cases_dir).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "lw-store.h"
#include "lw-store-db.h"
#include "lw-store-events.h"
#include "lw-score-private.h"
#include "lw-test-util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static char *
standings_json (const LwGameRecord *record)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStandings) standings = lw_standings_compute (record, &error);

  g_assert_no_error (error);
  g_assert_nonnull (standings);
  return lw_standings_to_json (standings);
}

/* ------------------------------------------------------------------ */
/* Fixture: a store on a fresh temporary database                       */
/* ------------------------------------------------------------------ */

typedef LwTestDb Fixture;

/* ------------------------------------------------------------------ */
/* Tests                                                                */
/* ------------------------------------------------------------------ */

static void
test_default_path (void)
{
  g_autofree char *path = lw_store_default_path ();
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "little-wolf",
                                                "little-wolf.sqlite3", NULL);

  g_assert_cmpstr (path, ==, expected);
}

static void
test_open_creates (LwTestDb      *fixture,
                   gconstpointer  data)
{
  const char *dir = fixture->dir;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, "not", "yet", "db.sqlite3", NULL);
  g_autoptr (LwStore) store = NULL;
  g_autofree char *mode = NULL;
  sqlite3 *db;

  store = lw_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (store);
  g_assert_cmpstr (lw_store_get_path (store), ==, path);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (lw_test_count_games (store), ==, 0);

  db = lw_test_sql_open (path);
  mode = lw_test_sql_text (db, "PRAGMA journal_mode");
  g_assert_cmpstr (mode, ==, "wal");
  g_assert_cmpint (lw_test_sql_int (db, "PRAGMA user_version"), ==, LW_TEST_SCHEMA_VERSION);
  g_assert_cmpint (lw_test_sql_int (db, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN"
                                        " ('players', 'games', 'game_seats', 'rounds', 'round_seats',"
                                        " 'penalties')"), ==, 6);
  sqlite3_close (db);

  g_clear_object (&store);
}

static void
test_add_and_load (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths ("random", "");
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GPtrArray) games = NULL;
  g_auto (GStrv) names = NULL;
  g_autoptr (GHashTable) expected_names = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                                 g_free, NULL);
  g_autoptr (GError) error = NULL;
  gint64 before = g_get_real_time () / G_USEC_PER_SEC;
  gint64 after;
  guint n = MIN (paths->len, 6);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (LwGameRecord) record = lw_test_load_record (g_ptr_array_index (paths, i));
      g_autoptr (LwStoredGame) game = NULL;
      g_autofree char *json = lw_game_record_to_json (record);
      g_autofree char *loaded_json = NULL;
      gint64 id = lw_store_add_game (fixture->store, record, &error);

      g_assert_no_error (error);
      g_assert_cmpint (id, >, 0);
      if (ids->len > 0)
        g_assert_cmpint (id, >, g_array_index (ids, gint64, ids->len - 1));
      g_array_append_val (ids, id);

      for (guint seat = 0; seat < record->n_players; seat++)
        g_hash_table_add (expected_names, g_strdup (record->players[seat]));

      game = lw_store_load_game (fixture->store, id, &error);
      g_assert_no_error (error);
      g_assert_nonnull (game);
      g_assert_cmpint (game->id, ==, id);
      g_assert_cmpuint (game->record->rounds->len, ==, record->rounds->len);
      /* The stored game has an id of its own (docs/rules/GAME-RECORD.md "Identity"). */
      g_assert_true (g_uuid_string_is_valid (game->record->id));
      g_clear_pointer (&game->record->id, g_free);
      loaded_json = lw_game_record_to_json (game->record);
      g_assert_cmpstr (loaded_json, ==, json);
    }
  after = g_get_real_time () / G_USEC_PER_SEC;

  /* The same players again: no new names. */
  {
    g_autoptr (LwGameRecord) record = lw_test_load_record (g_ptr_array_index (paths, 0));
    gint64 id = lw_store_add_game (fixture->store, record, &error);

    g_assert_no_error (error);
    g_array_append_val (ids, id);
  }

  /* Newest first: created within the test, so by ID, descending. */
  games = lw_store_list_games (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, ids->len);
  for (guint i = 0; i < games->len; i++)
    {
      LwStoredGame *game = g_ptr_array_index (games, i);

      g_assert_cmpint (game->id, ==, g_array_index (ids, gint64, ids->len - 1 - i));
      g_assert_cmpint (game->created, >=, before);
      g_assert_cmpint (game->created, <=, after + 1);
      g_assert_nonnull (game->record);
    }

  names = lw_store_list_player_names (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_nonnull (names);
  g_assert_cmpuint (g_strv_length (names), ==, g_hash_table_size (expected_names));
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_assert_true (g_hash_table_contains (expected_names, names[i]));
      if (i > 0)
        {
          g_autofree char *a = g_utf8_casefold (names[i - 1], -1);
          g_autofree char *b = g_utf8_casefold (names[i], -1);
          g_assert_cmpint (g_utf8_collate (a, b), <=, 0);
        }
    }
}

static void
test_cases_round_trip (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths ("random", "");

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autoptr (LwGameRecord) record = lw_test_load_record (path);
      g_autoptr (LwStoredGame) game = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *expected = standings_json (record);
      g_autofree char *reloaded = NULL;
      g_autofree char *record_json = lw_game_record_to_json (record);
      g_autofree char *reloaded_record_json = NULL;
      gint64 id;

      g_test_message ("%s", path);
      id = lw_store_add_game (fixture->store, record, &error);
      g_assert_no_error (error);
      g_assert_cmpint (id, >, 0);

      game = lw_store_load_game (fixture->store, id, &error);
      g_assert_no_error (error);
      reloaded = standings_json (game->record);
      g_assert_cmpstr (reloaded, ==, expected);
      /* The record as imported, with the id it was given (its own, when
       * it had one). */
      g_assert_true (g_uuid_string_is_valid (game->record->id));
      if (record->id != NULL)
        g_assert_cmpstr (game->record->id, ==, record->id);
      g_clear_pointer (&game->record->id, g_free);
      g_clear_pointer (&record->id, g_free);
      g_free (record_json);
      record_json = lw_game_record_to_json (record);
      reloaded_record_json = lw_game_record_to_json (game->record);
      g_assert_cmpstr (reloaded_record_json, ==, record_json);
    }
  g_assert_cmpuint (lw_test_count_games (fixture->store), ==, paths->len);
}

static void
test_bad_record_refused (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr (LwGameRecord) good = lw_test_find_case (2, FALSE);
  g_autoptr (LwGameRecord) bad = lw_game_record_copy (good);
  g_autoptr (LwGameRecord) over = lw_test_find_case (1, TRUE);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names_before = NULL;
  g_auto (GStrv) names_after = NULL;
  LwRound *extra;
  gint64 id;

  id = lw_store_add_game (fixture->store, good, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  names_before = lw_store_list_player_names (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lw_test_count_games (fixture->store), ==, 1);

  /* A new player and a penalty on a seat that does not exist. */
  g_free (bad->players[0]);
  bad->players[0] = g_strdup ("Nobody Stored");
  lw_round_add_penalty (g_ptr_array_index (bad->rounds, 1), (int) bad->n_players,
                        LW_PENALTY_OUT_OF_TURN);
  g_assert_cmpint (lw_store_add_game (fixture->store, bad, &error), ==, 0);
  lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);

  /* A round after the end of the game. */
  extra = lw_round_copy (g_ptr_array_index (over->rounds, over->rounds->len - 1));
  extra->dealer = LW_NO_SEAT;
  g_ptr_array_add (over->rounds, extra);
  g_assert_cmpint (lw_store_add_game (fixture->store, over, &error), ==, 0);
  lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER);

  g_assert_cmpuint (lw_test_count_games (fixture->store), ==, 1);
  names_after = lw_store_list_player_names (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_true (g_strv_equal ((const char *const *) names_before,
                               (const char *const *) names_after));
  g_assert_false (g_strv_contains ((const char *const *) names_after, "Nobody Stored"));
}

static void
assert_stored_json (LwStore            *store,
                    gint64              id,
                    const LwGameRecord *expected)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);
  g_autofree char *expected_json = lw_game_record_to_json (expected);
  g_autofree char *json = NULL;

  g_assert_no_error (error);
  /* The stored game's id is its own (docs/rules/GAME-RECORD.md "Identity"). */
  g_assert_true (g_uuid_string_is_valid (game->record->id));
  if (expected->id == NULL)
    g_clear_pointer (&game->record->id, g_free);
  json = lw_game_record_to_json (game->record);
  g_assert_cmpstr (json, ==, expected_json);
}

static void
test_append_round (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (LwGameRecord) full = lw_test_find_case (2, TRUE);
  g_autoptr (LwGameRecord) partial = lw_game_record_copy (full);
  g_autoptr (LwRound) empty = lw_round_new ();
  g_autoptr (LwRound) bad_seat = NULL;
  g_autoptr (LwRound) extra = NULL;
  g_autoptr (GError) error = NULL;
  gint64 id;

  g_ptr_array_set_size (partial->rounds, 0);
  id = lw_store_add_game (fixture->store, partial, &error);
  g_assert_no_error (error);
  assert_stored_json (fixture->store, id, partial);

  for (guint i = 0; i < full->rounds->len; i++)
    {
      const LwRound *round = g_ptr_array_index (full->rounds, i);

      /* Refused before each round: no cards at all (the sum must be T),
       * and a penalty on a seat that does not exist. */
      g_assert_false (lw_store_append_round (fixture->store, id, empty, &error));
      lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);

      g_clear_pointer (&bad_seat, lw_round_free);
      bad_seat = lw_round_copy (round);
      lw_round_add_penalty (bad_seat, (int) full->n_players, LW_PENALTY_LOOKED_AT_DISCARDS);
      g_assert_false (lw_store_append_round (fixture->store, id, bad_seat, &error));
      lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
      assert_stored_json (fixture->store, id, partial);

      g_assert_true (lw_store_append_round (fixture->store, id, round, &error));
      g_assert_no_error (error);
      g_ptr_array_add (partial->rounds, lw_round_copy (round));
      assert_stored_json (fixture->store, id, partial);
    }
  assert_stored_json (fixture->store, id, full);

  /* The game is over: one round more is refused, nothing changes. */
  extra = lw_round_copy (g_ptr_array_index (full->rounds, full->rounds->len - 1));
  extra->dealer = LW_NO_SEAT;
  g_assert_false (lw_store_append_round (fixture->store, id, extra, &error));
  lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER);
  assert_stored_json (fixture->store, id, full);

  g_assert_false (lw_store_append_round (fixture->store, id + 1000, extra, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_assert_cmpuint (lw_test_count_games (fixture->store), ==, 1);
}

/* The standings' JSON, to compare two standings. */
static char *
standings_text (const LwStandings *standings)
{
  return lw_standings_to_json (standings);
}

/* lw_store_append_round_known(): the game kept in memory between writes;
 * each round scored alone (no replay), the version followed; a round the
 * engine refuses and a stale version leave the file and the memory as
 * they were. */
static void
test_append_round_known (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr (LwGameRecord) full = lw_test_find_case (2, TRUE);
  g_autoptr (LwGameRecord) partial = lw_game_record_copy (full);
  g_autoptr (LwStoredGame) held = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (LwRound) empty = lw_round_new ();
  g_autoptr (LwRound) extra = NULL;
  g_autoptr (LwStore) other = NULL;
  g_autoptr (GError) error = NULL;
  gint64 id, version = 0, stored = 0;

  g_ptr_array_set_size (partial->rounds, 0);
  id = lw_store_add_game (fixture->store, partial, &error);
  g_assert_no_error (error);
  held = lw_store_load_game_as_stored (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_read_game_rules (fixture->store, id, held->record, &error));
  g_assert_true (lw_store_get_game_version (fixture->store, id, &version, &error));
  standings = lw_standings_compute (held->record, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < full->rounds->len; i++)
    {
      const LwRound *round = g_ptr_array_index (full->rounds, i);
      LwStandings *before = standings;
      g_autoptr (LwStandings) replayed = NULL;
      g_autofree char *expected = NULL;
      g_autofree char *got = NULL;
      guint replays;

      /* Refused: the file, the record, the standings and the version stay. */
      g_assert_false (lw_store_append_round_known (fixture->store, id, &version, held->record, &standings,
                                                   empty, &error));
      lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
      g_assert_cmpuint (held->record->rounds->len, ==, i);
      g_assert_true (standings == before);
      g_assert_true (lw_store_get_game_version (fixture->store, id, &stored, &error));
      g_assert_cmpint (stored, ==, version);

      replays = lw_score_get_replay_count ();
      g_assert_true (lw_store_append_round_known (fixture->store, id, &version, held->record, &standings,
                                                  round, &error));
      g_assert_no_error (error);
      /* Only the new round scored: no replay of the game. */
      g_assert_cmpuint (lw_score_get_replay_count (), ==, replays);
      g_assert_cmpuint (held->record->rounds->len, ==, i + 1);
      g_assert_true (lw_store_get_game_version (fixture->store, id, &stored, &error));
      g_assert_cmpint (stored, ==, version);
      g_ptr_array_add (partial->rounds, lw_round_copy (round));
      assert_stored_json (fixture->store, id, partial);
      /* The same standings as the whole game replayed. */
      replayed = lw_standings_compute (partial, &error);
      g_assert_no_error (error);
      expected = standings_text (replayed);
      got = standings_text (standings);
      g_assert_cmpstr (got, ==, expected);
    }
  assert_stored_json (fixture->store, id, full);

  /* The game is over: one round more is refused, nothing changes. */
  extra = lw_round_copy (g_ptr_array_index (full->rounds, full->rounds->len - 1));
  extra->dealer = LW_NO_SEAT;
  g_assert_false (lw_store_append_round_known (fixture->store, id, &version, held->record, &standings, extra,
                                               &error));
  lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER);
  assert_stored_json (fixture->store, id, full);

  /* Another connection (another program) changes the game: the version
   * held is stale, and the round is refused with nothing written. */
  g_ptr_array_set_size (held->record->rounds, 0);
  g_clear_pointer (&standings, lw_standings_free);
  standings = lw_standings_compute (held->record, &error);
  g_assert_no_error (error);
  id = lw_store_add_game (fixture->store, held->record, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_get_game_version (fixture->store, id, &version, &error));
  other = lw_store_open_another (fixture->store, 1000, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_append_round (other, id, g_ptr_array_index (full->rounds, 0), &error));
  g_assert_no_error (error);
  stored = version;
  g_assert_false (lw_store_append_round_known (fixture->store, id, &version, held->record, &standings,
                                               g_ptr_array_index (full->rounds, 0), &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_CHANGED);
  g_assert_cmpint (version, ==, stored);
  g_assert_cmpuint (held->record->rounds->len, ==, 0);
  {
    g_autoptr (LwStoredGame) now = lw_store_load_game (fixture->store, id, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (now->record->rounds->len, ==, 1);
  }

  /* A game no longer stored. */
  g_assert_false (lw_store_append_round_known (fixture->store, id + 1000, &version, held->record, &standings,
                                               g_ptr_array_index (full->rounds, 0), &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
}

static void
test_remove_last_round (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = lw_test_find_case (3, TRUE);
  g_autoptr (LwGameRecord) expected = lw_game_record_copy (record);
  g_autoptr (LwGameRecord) no_rounds = lw_game_record_copy (record);
  g_autoptr (GError) error = NULL;
  const LwRound *last = g_ptr_array_index (record->rounds, record->rounds->len - 1);
  gint64 id, empty_id;
  gint64 seat_rows, penalty_rows;
  sqlite3 *db;

  id = lw_store_add_game (fixture->store, record, &error);
  g_assert_no_error (error);
  g_ptr_array_set_size (no_rounds->rounds, 0);
  empty_id = lw_store_add_game (fixture->store, no_rounds, &error);
  g_assert_no_error (error);

  db = lw_test_sql_open (fixture->path);
  seat_rows = lw_test_sql_int (db, "SELECT count(*) FROM round_seats");
  penalty_rows = lw_test_sql_int (db, "SELECT count(*) FROM penalties");

  /* The finished game is playing again without its last round. */
  g_assert_true (lw_store_remove_last_round (fixture->store, id, &error));
  g_assert_no_error (error);
  g_ptr_array_set_size (expected->rounds, expected->rounds->len - 1);
  assert_stored_json (fixture->store, id, expected);
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, id, &error);
    g_assert_no_error (error);
    g_assert_false (lw_test_is_finished (game->record));
  }

  /* Its seats and penalties went with it. */
  g_assert_cmpint (lw_test_sql_int (db, "SELECT count(*) FROM round_seats"), ==,
                   seat_rows - (last->is_void ? 0 : (gint64) record->n_players));
  g_assert_cmpint (lw_test_sql_int (db, "SELECT count(*) FROM penalties"), ==,
                   penalty_rows - (gint64) last->penalties->len);

  g_assert_true (lw_store_remove_last_round (fixture->store, id, &error));
  g_assert_no_error (error);
  g_ptr_array_set_size (expected->rounds, expected->rounds->len - 1);
  assert_stored_json (fixture->store, id, expected);

  /* Nothing to remove: fine, and nothing changes. */
  g_assert_true (lw_store_remove_last_round (fixture->store, empty_id, &error));
  g_assert_no_error (error);
  assert_stored_json (fixture->store, empty_id, no_rounds);

  g_assert_false (lw_store_remove_last_round (fixture->store, empty_id + 1000, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);

  sqlite3_close (db);
}

static void
test_delete_game (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = lw_test_find_case (2, TRUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) gone = NULL;
  gint64 kept, deleted;
  sqlite3 *db;

  kept = lw_store_add_game (fixture->store, record, &error);
  g_assert_no_error (error);
  deleted = lw_store_add_game (fixture->store, record, &error);
  g_assert_no_error (error);

  g_assert_true (lw_store_delete_game (fixture->store, deleted, &error));
  g_assert_no_error (error);

  gone = lw_store_load_game (fixture->store, deleted, &error);
  g_assert_null (gone);
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_assert_false (lw_store_delete_game (fixture->store, deleted, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);

  assert_stored_json (fixture->store, kept, record);
  g_assert_cmpuint (lw_test_count_games (fixture->store), ==, 1);

  /* Everything of the deleted game went with it; its players stay. */
  db = lw_test_sql_open (fixture->path);
  g_assert_cmpint (lw_test_sql_int (db, "SELECT count(*) FROM rounds"), ==, record->rounds->len);
  g_assert_cmpint (lw_test_sql_int (db, "SELECT count(*) FROM game_seats"), ==, record->n_players);
  g_assert_cmpint (lw_test_sql_int (db, "SELECT count(*) FROM round_seats WHERE round NOT IN"
                                        " (SELECT id FROM rounds)"), ==, 0);
  g_assert_cmpint (lw_test_sql_int (db, "SELECT count(*) FROM penalties WHERE round NOT IN"
                                        " (SELECT id FROM rounds)"), ==, 0);
  g_assert_cmpint (lw_test_sql_int (db, "SELECT count(*) FROM players"), ==, record->n_players);
  sqlite3_close (db);
}

/* PRAGMA data_version: unchanged by this connection's own writes, changed
 * by another connection's commit (how the app notices another program). */
static void
test_data_version (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths ("random", "");
  g_autoptr (LwGameRecord) record = lw_test_load_record (g_ptr_array_index (paths, 0));
  g_autoptr (LwStore) other = NULL;
  g_autoptr (GError) error = NULL;
  gint64 v0 = -1, v1 = -1, v2 = -1;

  g_assert_true (lw_store_get_data_version (fixture->store, &v0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lw_store_add_game (fixture->store, record, &error), >, 0);
  g_assert_no_error (error);
  g_assert_true (lw_store_get_data_version (fixture->store, &v1, &error));
  g_assert_cmpint (v1, ==, v0);

  other = lw_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (lw_store_add_game (other, record, &error), >, 0);
  g_assert_no_error (error);
  g_assert_true (lw_store_get_data_version (fixture->store, &v2, &error));
  g_assert_no_error (error);
  g_assert_cmpint (v2, !=, v1);
}

static void
test_reopen (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths ("random", "");
  g_autoptr (LwGameRecord) first = lw_test_load_record (g_ptr_array_index (paths, 0));
  g_autoptr (LwGameRecord) second = lw_test_load_record (g_ptr_array_index (paths, paths->len - 1));
  g_autoptr (GError) error = NULL;
  gint64 id1, id2, id3;

  id1 = lw_store_add_game (fixture->store, first, &error);
  g_assert_no_error (error);
  id2 = lw_store_add_game (fixture->store, second, &error);
  g_assert_no_error (error);

  g_clear_object (&fixture->store);
  fixture->store = lw_store_open (fixture->path, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (lw_test_count_games (fixture->store), ==, 2);
  assert_stored_json (fixture->store, id1, first);
  assert_stored_json (fixture->store, id2, second);

  /* IDs keep counting up after a reopen. */
  id3 = lw_store_add_game (fixture->store, first, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id3, >, id2);
}

static void
assert_refused_unchanged (const char   *path,
                          LwStoreError  code)
{
  g_autoptr (GBytes) before = lw_test_file_bytes (path);
  g_autoptr (GBytes) after = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = lw_store_open (path, &error);

  g_assert_null (store);
  g_assert_error (error, LW_STORE_ERROR, (int) code);
  g_assert_true (strstr (error->message, path) != NULL);

  after = lw_test_file_bytes (path);
  g_assert_cmpuint (g_bytes_get_size (after), >, 0);
  g_assert_true (g_bytes_equal (before, after));
}

static void
test_newer_version (LwTestDb      *fixture,
                    gconstpointer  data)
{
  const char *dir = fixture->dir;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, "newer.sqlite3", NULL);
  sqlite3 *db;

  db = lw_test_sql_open (path);
  lw_test_sql_exec (db, "CREATE TABLE games (id INTEGER PRIMARY KEY, future TEXT);"
                        "INSERT INTO games (future) VALUES ('kept');"
                        "PRAGMA user_version = 99;");
  sqlite3_close (db);

  assert_refused_unchanged (path, LW_STORE_ERROR_NEWER_VERSION);
}

static void
test_not_a_database (LwTestDb      *fixture,
                     gconstpointer  data)
{
  const char *dir = fixture->dir;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = g_build_filename (dir, "notes.txt", NULL);
  g_autofree char *foreign = g_build_filename (dir, "foreign.sqlite3", NULL);
  g_autofree char *partial = g_build_filename (dir, "partial.sqlite3", NULL);
  g_autoptr (GString) contents = g_string_new (NULL);
  sqlite3 *db;

  /* Plain text. */
  for (int i = 0; i < 200; i++)
    g_string_append (contents, "Round 1: Ann 6, Ben 20\n");
  g_file_set_contents (text, contents->str, (gssize) contents->len, &error);
  g_assert_no_error (error);
  assert_refused_unchanged (text, LW_STORE_ERROR_NOT_A_DATABASE);

  /* Another program's SQLite database. */
  db = lw_test_sql_open (foreign);
  lw_test_sql_exec (db, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');");
  sqlite3_close (db);
  assert_refused_unchanged (foreign, LW_STORE_ERROR_NOT_A_DATABASE);

  /* A version number but not our tables. */
  db = lw_test_sql_open (partial);
  lw_test_sql_exec (db, "CREATE TABLE players (id INTEGER PRIMARY KEY); PRAGMA user_version = 1;");
  sqlite3_close (db);
  assert_refused_unchanged (partial, LW_STORE_ERROR_NOT_A_DATABASE);
}

static void
test_busy (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = lw_test_find_case (1, FALSE);
  g_autoptr (GError) error = NULL;
  sqlite3 *db = lw_test_sql_open (fixture->path);
  gint64 id;

  /* Another program holds the write lock longer than the busy timeout. */
  lw_test_sql_exec (db, "BEGIN IMMEDIATE");
  g_assert_cmpint (lw_store_add_game (fixture->store, record, &error), ==, 0);
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_BUSY);
  lw_test_sql_exec (db, "ROLLBACK");
  sqlite3_close (db);

  g_assert_cmpuint (lw_test_count_games (fixture->store), ==, 0);
  id = lw_store_add_game (fixture->store, record, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
}

/* Opening a database whose schema is current takes no write lock: it
 * opens while another program holds the write lock (with the store's
 * own 5 s busy timeout, it would fail with "database is locked"), and
 * reads what is committed. */
static void
test_open_while_writing (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = lw_test_find_case (1, FALSE);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) second = NULL;
  sqlite3 *db;

  lw_store_add_game (fixture->store, record, &error);
  g_assert_no_error (error);

  db = lw_test_sql_open (fixture->path);
  lw_test_sql_exec (db, "BEGIN IMMEDIATE; DELETE FROM round_seats");
  second = lw_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (second);
  g_assert_cmpuint (lw_test_count_games (second), ==, 1);
  lw_test_sql_exec (db, "ROLLBACK");
  sqlite3_close (db);
}

typedef struct {
  const char *path;
  LwStore    *store;
  GError     *error;
} OpenJob;

static gpointer
open_in_thread (gpointer data)
{
  OpenJob *job = data;

  job->store = lw_store_open (job->path, &job->error);
  return NULL;
}

/* Several programs opening one new database at once: the one that waits
 * for the write lock to migrate it opens as soon as another has migrated
 * it, although that other goes on holding the write lock (its next
 * write), instead of waiting the busy timeout for a migration left
 * nothing to do. */
static void
test_open_while_another_migrates (LwTestDb      *fixture,
                                  gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *reference = g_build_filename (fixture->dir, "reference.sqlite3", NULL);
  g_autofree char *path = g_build_filename (fixture->dir, "new.sqlite3", NULL);
  g_autofree char *stamp = NULL;
  char *attach;
  g_autoptr (GThread) thread = NULL;
  g_autoptr (LwGameRecord) record = lw_test_find_case (1, FALSE);
  OpenJob job = { path, NULL, NULL };
  sqlite3_stmt *stmt = NULL;
  sqlite3 *db;

  /* The schema another program writes: this version's, taken from a
   * database this store made. */
  g_clear_object (&fixture->store);
  fixture->store = lw_store_open (reference, &error);
  g_assert_no_error (error);
  g_clear_object (&fixture->store);

  /* The other program has made the file (WAL, still empty) and holds its
   * write lock while it migrates. */
  db = lw_test_sql_open (path);
  g_assert_cmpstr ((stamp = lw_test_sql_text (db, "PRAGMA journal_mode = WAL")), ==, "wal");
  attach = sqlite3_mprintf ("ATTACH %Q AS reference", reference);
  lw_test_sql_exec (db, attach);
  sqlite3_free (attach);
  lw_test_sql_exec (db, "BEGIN IMMEDIATE");

  thread = g_thread_new ("open", open_in_thread, &job);
  /* Long enough for the thread to be waiting for the write lock most of
   * the time; the test holds either way. */
  g_usleep (300 * 1000);

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT sql FROM reference.sqlite_schema"
                                           " WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
                                           " ORDER BY type <> 'table', type <> 'index', type <> 'view', rowid",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    lw_test_sql_exec (db, (const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  {
    g_autofree char *stamps =
      g_strdup_printf ("PRAGMA main.user_version = %" G_GINT64_FORMAT "; PRAGMA main.application_id = %" G_GINT64_FORMAT,
                       lw_test_sql_int (db, "PRAGMA reference.user_version"),
                       lw_test_sql_int (db, "PRAGMA reference.application_id"));

    lw_test_sql_exec (db, stamps);
  }
  /* Committed, and at once the other program's next write. */
  lw_test_sql_exec (db, "COMMIT; BEGIN IMMEDIATE");

  g_thread_join (g_steal_pointer (&thread));
  g_assert_no_error (job.error);
  g_assert_nonnull (job.store);
  g_assert_cmpuint (lw_test_count_games (job.store), ==, 0);

  lw_test_sql_exec (db, "ROLLBACK");
  sqlite3_close (db);
  g_assert_cmpint (lw_store_add_game (job.store, record, &error), >, 0);
  g_assert_no_error (error);
  g_clear_object (&job.store);
}

/* docs/rules/GAME-RECORD.md "Names": "Zoë" typed with a precomposed ë and as e +
 * U+0308 is one player, stored once in NFC, whichever way in (a record, an
 * event's entrants, a substitute); a substitute, a place and notes follow
 * the same rule. */
static void
test_names_nfc (Fixture       *fixture,
                gconstpointer  data)
{
  const char *nfc[] = { "Zo\u00eb", "Ben" };
  const char *nfd[] = { "Zoe\u0308", "Cleo" };
  g_autoptr (LwGameRecord) first = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 2, nfc);
  g_autoptr (LwGameRecord) second = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 2, nfd);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = NULL;
  g_autoptr (LwStoredGame) loaded = NULL;
  g_autofree char *long_place = g_strnfill (101, 'p');
  g_autofree char *long_notes = g_strnfill (10001, 'n');
  const char *entrants[] = { "Zoe\u0308", "Ben", NULL };
  gint64 id1, id2, event;
  LwEventConfig config;

  id1 = lw_store_add_game (fixture->store, first, &error);
  g_assert_no_error (error);
  id2 = lw_store_add_game (fixture->store, second, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id2, >, id1);

  lw_event_config_init (&config, LW_EVENT_SWISS, 2);
  event = lw_store_add_event (fixture->store, "  Club\u00a0Night ", &config, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_add_event_entrants (fixture->store, event, entrants,
                                              LW_ENTRANT_REGISTERED, &error));
  g_assert_no_error (error);

  names = lw_store_list_player_names (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (names), ==, 3);
  g_assert_true (g_strv_contains ((const char *const *) names, "Zo\u00eb"));
  g_assert_false (g_strv_contains ((const char *const *) names, "Zoe\u0308"));

  {
    g_autoptr (LwEvent) loaded_event = lw_store_load_event (fixture->store, event, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (loaded_event->name, ==, "Club\u00a0Night");
    g_assert_cmpint (lw_event_find_entrant (loaded_event, "Zo\u00eb"), ==, 0);
  }

  /* A substitute typed as NFD "Zoë" is already seated in game 2. */
  g_assert_false (lw_store_substitute_player (fixture->store, id2, 1, "Zo\u00eb", 1, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_false (lw_store_substitute_player (fixture->store, id2, 1, "Dev\x1b[2J", 1, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "substitute: the new player's name holds a control "
                                       "character (U+001B, a terminal's escape code)");
  g_clear_error (&error);

  g_assert_false (lw_store_set_game_details (fixture->store, id1, 0, long_place, &error));
  g_assert_cmpstr (error->message, ==, "place is 101 characters; at most 100");
  g_clear_error (&error);
  g_assert_false (lw_store_set_game_notes (fixture->store, id1, long_notes, &error));
  g_assert_cmpstr (error->message, ==, "notes: 10001 characters; at most 10000");
  g_clear_error (&error);
  g_assert_cmpint (lw_store_add_pending_penalty (fixture->store, id1, 0, LW_PENALTY_OUT_OF_TURN,
                                                 "bell\a", &error), ==, 0);
  g_assert_cmpstr (error->message, ==, "the penalty's note: a control character (U+0007); "
                                       "only line breaks may be in notes");
  g_clear_error (&error);
  g_assert_true (lw_store_set_game_details (fixture->store, id1, 0, " Cafe\u0301 ", &error));
  g_assert_true (lw_store_set_game_notes (fixture->store, id1, "two\nlines", &error));
  g_assert_no_error (error);
  loaded = lw_store_load_game (fixture->store, id1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (loaded->place, ==, "Caf\u00e9");
  g_assert_cmpstr (loaded->notes, ==, "two\nlines");
}

/* Transactions nest (lw_store_begin_transaction()): an inner rollback
 * keeps the outer transaction's work, an outer rollback drops what an
 * inner one kept, a failed write inside undoes only itself, and nothing
 * reaches the file, as another connection sees it, before the outermost
 * commit. */
static gint64
sql_count (const char *path,
           const char *sql)
{
  sqlite3 *db = lw_test_sql_open (path);
  gint64 n = lw_test_sql_int (db, sql);

  sqlite3_close (db);
  return n;
}

static void
test_nested_transactions (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = lw_test_find_case (2, FALSE);
  g_autoptr (LwGameRecord) other = lw_game_record_copy (record);
  g_autoptr (LwGameRecord) bad = lw_game_record_copy (record);
  g_autoptr (GError) error = NULL;
  LwStore *store = fixture->store;
  gint64 kept, dropped, inner_kept;

  g_free (other->players[0]);
  other->players[0] = g_strdup ("Inner Player");
  g_free (bad->players[0]);
  bad->players[0] = g_strdup ("Refused Player");
  lw_round_add_penalty (g_ptr_array_index (bad->rounds, 1), (int) bad->n_players,
                        LW_PENALTY_OUT_OF_TURN);

  /* An inner rollback keeps the outer transaction's work. */
  g_assert_true (lw_store_begin_transaction (store, &error));
  g_assert_no_error (error);
  kept = lw_store_add_game (store, record, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_begin_transaction (store, &error));
  g_assert_no_error (error);
  dropped = lw_store_add_game (store, other, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dropped, >, kept);
  g_assert_cmpuint (lw_test_count_games (store), ==, 2);
  lw_store_rollback_transaction (store);
  g_assert_cmpuint (lw_test_count_games (store), ==, 1);
  /* Not on the file yet: the outer transaction is open. */
  g_assert_cmpint (sql_count (fixture->path, "SELECT count(*) FROM games"), ==, 0);
  g_assert_true (lw_store_commit_transaction (store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sql_count (fixture->path, "SELECT count(*) FROM games"), ==, 1);
  g_assert_cmpint (sql_count (fixture->path, "SELECT count(*) FROM players"
                                             " WHERE name = 'Inner Player'"), ==, 0);
  assert_stored_json (store, kept, record);

  /* An outer rollback drops what an inner transaction kept, three deep. */
  g_assert_true (lw_store_begin_transaction (store, &error));
  g_assert_true (lw_store_begin_transaction (store, &error));
  g_assert_true (lw_store_begin_transaction (store, &error));
  g_assert_no_error (error);
  inner_kept = lw_store_add_game (store, other, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_commit_transaction (store, &error));
  g_assert_true (lw_store_commit_transaction (store, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lw_test_count_games (store), ==, 2);
  lw_store_rollback_transaction (store);
  g_assert_cmpuint (lw_test_count_games (store), ==, 1);
  g_assert_null (lw_store_load_game (store, inner_kept, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  /* None is open now: another rollback does nothing. */
  lw_store_rollback_transaction (store);
  g_assert_cmpint (sql_count (fixture->path, "SELECT count(*) FROM games"), ==, 1);

  /* An error inside leaves the database untouched: the refused game
   * undoes only itself, the transaction around it goes on. */
  g_assert_true (lw_store_begin_transaction (store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lw_store_add_game (store, bad, &error), ==, 0);
  lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_false (lw_store_append_round (store, kept + 1000,
                                         g_ptr_array_index (record->rounds, 0), &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_assert_cmpuint (lw_test_count_games (store), ==, 1);
  g_assert_true (lw_store_commit_transaction (store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sql_count (fixture->path, "SELECT count(*) FROM games"), ==, 1);
  g_assert_cmpint (sql_count (fixture->path, "SELECT count(*) FROM rounds"), ==,
                   record->rounds->len);
  g_assert_cmpint (sql_count (fixture->path, "SELECT count(*) FROM players"
                                             " WHERE name = 'Refused Player'"), ==, 0);
  g_assert_cmpint (sql_count (fixture->path, "SELECT count(*) FROM players"), ==,
                   record->n_players);
  assert_stored_json (store, kept, record);
}

/* The statement cache copies its key: SQL text made at run time (as the
 * club's event import makes it) may be freed after the call, and the
 * same text made again finds the same statement. Before the cache owned
 * its keys this read freed memory (AddressSanitizer: heap-use-after-free
 * in lw_store_stmt(), under the club's event import). */
static void
test_statement_cache_copies (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  LwStore *store = fixture->store;
  char *sql = g_strdup_printf ("SELECT %d + ?1", 40);
  LwStoreStmt *first = lw_store_stmt (store, sql, &error);
  LwStoreStmt *again = NULL;
  g_autoptr (LwStoreOnceStmt) once = NULL;
  g_autofree char *filler = NULL;
  gsize size;
  gint64 value = 0;

  g_assert_no_error (error);
  g_assert_nonnull (first);
  /* Free the text the statement was made from, and fill the memory it
   * held with other text (a block of the same size is the one handed
   * out next). */
  size = strlen (sql) + 1;
  g_free (sql);
  filler = g_malloc (size);
  memset (filler, 'x', size - 1);
  filler[size - 1] = '\0';

  sql = g_strdup_printf ("SELECT %d + ?1", 40);
  again = lw_store_stmt (store, sql, &error);
  g_assert_no_error (error);
  g_assert_true (again == first);
  g_assert_true (lw_store_query_id (store, sql, 2, 0, &value, &error));
  g_assert_no_error (error);
  g_assert_cmpint (value, ==, 42);

  /* A one-use statement is a new one each time, outside the cache. */
  once = lw_store_stmt_once (store, sql, &error);
  g_assert_no_error (error);
  g_assert_nonnull (once);
  g_assert_true (once != first);
  g_free (sql);

  g_assert_null (lw_store_stmt_once (store, "SELEKT 1", &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_FAILED);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  /* Fail loudly, before any test, when the shared cases are missing. */
  g_ptr_array_unref (lw_test_case_paths ("random", ""));

  g_test_add_func ("/store/default-path", test_default_path);
  lw_test_add_db_closed ("/store/open-creates", test_open_creates);
  lw_test_add_db ("/store/add-and-load", test_add_and_load);
  lw_test_add_db ("/store/cases-round-trip", test_cases_round_trip);
  lw_test_add_db ("/store/bad-record-refused", test_bad_record_refused);
  lw_test_add_db ("/store/append-round", test_append_round);
  lw_test_add_db ("/store/append-round-known", test_append_round_known);
  lw_test_add_db ("/store/remove-last-round", test_remove_last_round);
  lw_test_add_db ("/store/data-version", test_data_version);
  lw_test_add_db ("/store/delete-game", test_delete_game);
  lw_test_add_db ("/store/reopen", test_reopen);
  lw_test_add_db ("/store/names-nfc", test_names_nfc);
  lw_test_add_db ("/store/nested-transactions", test_nested_transactions);
  lw_test_add_db_closed ("/store/newer-version", test_newer_version);
  lw_test_add_db_closed ("/store/not-a-database", test_not_a_database);
  lw_test_add_db ("/store/busy", test_busy);
  lw_test_add_db ("/store/open-while-writing", test_open_while_writing);
  lw_test_add_db_closed ("/store/open-while-another-migrates", test_open_while_another_migrates);
  lw_test_add_db ("/store/statement-cache-copies", test_statement_cache_copies);

  return g_test_run ();
}
