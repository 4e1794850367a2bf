/* test-store-edits.c — the store's schema 2: editing rounds, the edit log
 * and undo, penalties noted as they happen, substitutes, game details,
 * backup and restore, and the migration from schema 1
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "lw-store.h"
#include "lw-store-private.h"
#include "lw-test-schema-v1.h"
#include "lw-test-util.h"

typedef LwTestDb Fixture;

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* Every row of every table, as text: the database's content. */
static char *
dump (const char *path)
{
  static const char *const tables[] = {
    "players", "games", "game_seats", "rounds", "round_seats", "penalties",
    "pending_penalties", "seat_changes", "edits",
  };
  g_autoptr (GString) out = g_string_new (NULL);
  sqlite3 *db = lw_test_sql_open (path);

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      g_autofree char *sql = g_strdup_printf ("SELECT * FROM %s ORDER BY 1, 2", tables[t]);

      g_string_append_printf (out, "[%s]\n", tables[t]);
      lw_test_sql_append_rows (db, sql, out);
    }
  sqlite3_close (db);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The database at @path reads as @before did (lw_store_* refused a change
 * and left nothing behind). */
static void
assert_unchanged (const char *path,
                  const char *before)
{
  g_autofree char *after = dump (path);

  g_assert_cmpstr (after, ==, before);
}

static char *
stored_json (LwStore *store,
             gint64   id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);

  g_assert_no_error (error);
  return lw_game_record_to_json (game->record);
}

/* The record's JSON without its id: a migration from before schema 9
 * gives each game a new one. */
static char *
without_id (const char *json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = lw_game_record_from_json (json, -1, &error);

  g_assert_no_error (error);
  g_clear_pointer (&record->id, g_free);
  return lw_game_record_to_json (record);
}

/* The stored game @id's record is @expected, as lw_game_record_to_json()
 * writes it. */
static void
assert_stored_json (LwStore    *store,
                    gint64      id,
                    const char *expected)
{
  g_autofree char *now = stored_json (store, id);

  g_assert_cmpstr (now, ==, expected);
}

/* The stored game @id has @n rounds. */
static void
assert_n_rounds (LwStore *store,
                 gint64   id,
                 guint    n)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (game->record->rounds->len, ==, n);
}

static LwStandings *
stored_standings (LwStore *store,
                  gint64   id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);
  LwStandings *standings;

  g_assert_no_error (error);
  standings = lw_standings_compute (game->record, &error);
  g_assert_no_error (error);
  return standings;
}

static const LwLoggedEdit *
entry_at (GPtrArray *entries,
          guint      i)
{
  return g_ptr_array_index (entries, i);
}

#define HEAD2 "{'format':'little-wolf/game','version':1,'players':['Ann','Ben'],"

/* The floor game of test-edit: correcting round 1 changes rounds 2 and 3. */
static const char floor_game[] = HEAD2 "'rounds':["
  "{'declarer':null,'cards':[13,13]},"
  "{'declarer':null,'cards':[20,6],'penalties':[{'seat':1,'kind':'out_of_turn'}]},"
  "{'dealer':0,'declarer':1,'cards':[6,20]}]}";

static gint64
add (Fixture    *fixture,
     const char *text)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (text);
  g_autoptr (GError) error = NULL;
  gint64 id = lw_store_add_game (fixture->store, record, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

/* ------------------------------------------------------------------ */
/* Tests                                                                */
/* ------------------------------------------------------------------ */

/* Replace, insert, delete: stored as the engine replays them, logged with
 * the old and new round JSON, and undone step by step. */
static void
test_edit_rounds (Fixture       *fixture,
                  gconstpointer  data)
{
  gint64 id = add (fixture, floor_game);
  g_autoptr (LwGameRecord) record = lw_test_record_from (floor_game);
  g_autofree char *original = stored_json (fixture->store, id);
  g_autoptr (LwRound) pack = lw_test_round_from (record, "{'declarer':1,'cards':[6,20]}");
  g_autoptr (LwRound) undeclared = lw_test_round_from (record, "{'declarer':null,'cards':[16,10]}");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) log = NULL;

  /* Replace round 1: R18, Ann's loss in round 2 now counts. */
  g_assert_true (lw_store_replace_round (fixture->store, id, 1, pack, &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwStandings) standings = stored_standings (fixture->store, id);
    const LwRoundResult *second = g_ptr_array_index (standings->rounds, 1);

    g_assert_cmpint (second->deltas[0], ==, -1);
    g_assert_cmpint (standings->scores[1], ==, 2);
  }

  /* Insert before round 2; round 3 (Ben's Pack, dealer check 0) is now
   * round 4 and its check follows the rotation: seat 1. */
  g_assert_true (lw_store_insert_round (fixture->store, id, 2, undeclared, &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, id, &error);
    const LwRound *fourth;

    g_assert_no_error (error);
    g_assert_cmpuint (game->record->rounds->len, ==, 4);
    fourth = g_ptr_array_index (game->record->rounds, 3);
    g_assert_cmpint (fourth->declarer, ==, 1);
    g_assert_cmpint (fourth->dealer, ==, 1);
  }

  /* Delete round 3 (the old round 2 with its penalty). */
  g_assert_true (lw_store_delete_round (fixture->store, id, 3, &error));
  g_assert_no_error (error);
  assert_n_rounds (fixture->store, id, 3);

  log = lw_test_list_edits (fixture->store, id);
  g_assert_cmpuint (log->len, ==, 3);
  g_assert_cmpstr (entry_at (log, 0)->kind, ==, "replace_round");
  g_assert_cmpuint (entry_at (log, 0)->number, ==, 1);
  g_assert_nonnull (strstr (entry_at (log, 0)->old_json, "\"declarer\" : null"));
  g_assert_nonnull (strstr (entry_at (log, 0)->new_json, "\"declarer\" : 1"));
  g_assert_cmpstr (entry_at (log, 1)->kind, ==, "insert_round");
  g_assert_null (entry_at (log, 1)->old_json);
  g_assert_cmpstr (entry_at (log, 2)->kind, ==, "delete_round");
  g_assert_nonnull (strstr (entry_at (log, 2)->old_json, "out_of_turn"));
  g_assert_null (entry_at (log, 2)->new_json);
  g_assert_cmpint (entry_at (log, 0)->time, <=, entry_at (log, 2)->time);
  g_assert_cmpint (entry_at (log, 2)->undone, ==, 0);

  /* Three undos give the original game back; a fourth has nothing. */
  for (int i = 0; i < 3; i++)
    {
      g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
      g_assert_no_error (error);
    }
  {
    g_autofree char *now = stored_json (fixture->store, id);
    g_autoptr (GPtrArray) after = lw_test_list_edits (fixture->store, id);

    g_assert_cmpstr (now, ==, original);
    g_assert_cmpuint (after->len, ==, 3);
    for (guint i = 0; i < after->len; i++)
      g_assert_cmpint (entry_at (after, i)->undone, >, 0);
  }
  g_assert_false (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOTHING_TO_UNDO);
}

/* A refused edit leaves every table as it was. */
static void
test_refused_unchanged (Fixture       *fixture,
                        gconstpointer  data)
{
  static const char skunk_game[] = HEAD2 "'rules':{'start_score':1,'target':15,'skunk':3},'rounds':["
    "{'declarer':0,'cards':[20,6]},{'declarer':null,'cards':[20,6]},"
    "{'declarer':0,'cards':[20,6]},{'declarer':0,'cards':[20,6]}]}";
  gint64 id = add (fixture, skunk_game);
  g_autoptr (LwGameRecord) record = lw_test_record_from (skunk_game);
  g_autoptr (LwRound) ends = lw_test_round_from (record, "{'declarer':null,'cards':[6,20]}");
  g_autoptr (LwRound) bad = lw_test_round_from (record, "{'declarer':null,'cards':[6,20]}");
  g_autofree char *before = NULL;
  g_autoptr (GError) error = NULL;

  bad->cards[0] = 7;
  before = dump (fixture->path);

  /* R23: a skunk after round 3 leaves round 4 after the end. */
  g_assert_false (lw_store_replace_round (fixture->store, id, 2, ends, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER);
  g_assert_cmpstr (error->message, ==,
                   "replacing round 2: the game would end after round 3 (Ann won), "
                   "but round 4 follows; delete it first");
  g_clear_error (&error);
  g_assert_false (lw_store_insert_round (fixture->store, id, 1, bad, &error));
  lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_false (lw_store_delete_round (fixture->store, id, 9, &error));
  lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_false (lw_store_replace_round (fixture->store, id + 100, 1, ends, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);

  assert_unchanged (fixture->path, before);
}

/* Appending and removing the last round are logged and undone too. */
static void
test_append_logged (Fixture       *fixture,
                    gconstpointer  data)
{
  gint64 id = add (fixture, HEAD2 "'rounds':[]}");
  g_autoptr (LwGameRecord) record = lw_test_record_from (HEAD2 "'rounds':[]}");
  g_autoptr (LwRound) round = lw_test_round_from (record, "{'declarer':0,'cards':[20,6]}");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) log = NULL;

  g_assert_true (lw_store_append_round (fixture->store, id, round, &error));
  g_assert_true (lw_store_append_round (fixture->store, id, round, &error));
  g_assert_true (lw_store_remove_last_round (fixture->store, id, &error));
  g_assert_no_error (error);
  log = lw_test_list_edits (fixture->store, id);
  g_assert_cmpuint (log->len, ==, 3);
  g_assert_cmpstr (entry_at (log, 0)->kind, ==, "append_round");
  g_assert_cmpuint (entry_at (log, 1)->number, ==, 2);
  g_assert_cmpstr (entry_at (log, 2)->kind, ==, "delete_round");
  g_assert_cmpuint (entry_at (log, 2)->number, ==, 2);

  /* Undo the removal, then the second append. */
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  assert_n_rounds (fixture->store, id, 2);
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_no_error (error);
  assert_n_rounds (fixture->store, id, 1);
}

/* An appended round read back: the game handed out is the one
 * lw_store_load_game() reads afterwards (rounds, substitutes, details),
 * read from the file once; who sat where per round is the same from it
 * as from the game's ID, without reading the game again. */
static void
test_append_read_back (Fixture       *fixture,
                       gconstpointer  data)
{
  gint64 id = add (fixture, HEAD2 "'rounds':[]}");
  g_autoptr (LwGameRecord) record = lw_test_record_from (HEAD2 "'rounds':[]}");
  g_autoptr (LwRound) round = lw_test_round_from (record, "{'declarer':0,'cards':[20,6]}");
  g_autoptr (LwRound) other = lw_test_round_from (record, "{'declarer':1,'cards':[10,16]}");
  g_autoptr (LwStoredGame) handed = NULL;
  g_autoptr (LwStoredGame) loaded = NULL;
  g_autoptr (GPtrArray) by_id = NULL;
  g_autoptr (GPtrArray) of_game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *handed_json = NULL;
  g_autofree char *loaded_json = NULL;
  guint reads;

  g_assert_true (lw_store_append_round (fixture->store, id, round, &error));
  g_assert_true (lw_store_substitute_player (fixture->store, id, 1, "Cleo", 2, &error));
  g_assert_true (lw_store_set_game_details (fixture->store, id, 1700000000, "Kraków", &error));
  g_assert_no_error (error);

  reads = lw_store_get_game_read_count ();
  g_assert_true (lw_store_append_round_read_back (fixture->store, id, other, &handed, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lw_store_get_game_read_count () - reads, ==, 1);

  loaded = lw_store_load_game (fixture->store, id, &error);
  g_assert_no_error (error);
  handed_json = lw_game_record_to_json (handed->record);
  loaded_json = lw_game_record_to_json (loaded->record);
  g_assert_cmpstr (handed_json, ==, loaded_json);
  g_assert_cmpuint (handed->record->rounds->len, ==, 2);
  g_assert_cmpstr (lw_game_record_player_at (handed->record, 1, 2), ==, "Cleo");
  g_assert_cmpstr (handed->place, ==, "Kraków");
  g_assert_cmpint (handed->id, ==, id);

  reads = lw_store_get_game_read_count ();
  of_game = lw_store_list_round_players_of (fixture->store, handed, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lw_store_get_game_read_count (), ==, reads);
  by_id = lw_store_list_round_players (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (of_game->len, ==, 2);
  g_assert_cmpuint (by_id->len, ==, 2);
  for (guint r = 0; r < 2; r++)
    for (guint seat = 0; seat < 2; seat++)
      g_assert_cmpstr (((char **) g_ptr_array_index (of_game, r))[seat], ==,
                       ((char **) g_ptr_array_index (by_id, r))[seat]);
  g_assert_cmpstr (((char **) g_ptr_array_index (of_game, 0))[1], ==, "Ben");
  g_assert_cmpstr (((char **) g_ptr_array_index (of_game, 1))[1], ==, "Cleo");

  /* Refused: nothing handed out, nothing stored. */
  {
    g_autoptr (LwRound) bad = lw_round_copy (round);
    g_autoptr (LwStoredGame) none = NULL;

    bad->cards[1] = 5;
    g_assert_false (lw_store_append_round_read_back (fixture->store, id, bad, &none, &error));
    lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
    g_assert_null (none);
    assert_n_rounds (fixture->store, id, 2);
  }
}

/* Deleting a game is undone with its ID, details, substitutes and notes. */
static void
test_delete_and_restore (Fixture       *fixture,
                         gconstpointer  data)
{
  gint64 id = add (fixture, floor_game);
  gint64 other = add (fixture, floor_game);
  g_autofree char *json = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GPtrArray) penalties = NULL;
  g_autoptr (GPtrArray) rounds = NULL;

  g_assert_true (lw_store_set_game_notes (fixture->store, id, "Cup, final", &error));
  g_assert_true (lw_store_set_game_details (fixture->store, id, 1700000000, "Kraków", &error));
  g_assert_true (lw_store_set_penalty_note (fixture->store, id, 2, 0, "led a Worm early", &error));
  g_assert_true (lw_store_substitute_player (fixture->store, id, 1, "Cleo", 3, &error));
  g_assert_no_error (error);
  json = stored_json (fixture->store, id);

  g_assert_true (lw_store_delete_game (fixture->store, id, &error));
  g_assert_no_error (error);
  games = lw_store_list_games (fixture->store, &error);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_cmpint (((LwStoredGame *) g_ptr_array_index (games, 0))->id, ==, other);

  g_assert_true (lw_store_restore_game (fixture->store, id, &error));
  g_assert_no_error (error);
  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_no_error (error);
  {
    g_autofree char *now = lw_game_record_to_json (game->record);
    g_assert_cmpstr (now, ==, json);
  }
  g_assert_cmpstr (game->notes, ==, "Cup, final");
  g_assert_cmpint (game->played_at, ==, 1700000000);
  g_assert_cmpstr (game->place, ==, "Kraków");
  penalties = lw_store_list_penalties (fixture->store, id, &error);
  g_assert_cmpuint (penalties->len, ==, 1);
  g_assert_cmpstr (((LwStoredPenalty *) g_ptr_array_index (penalties, 0))->note, ==,
                   "led a Worm early");
  rounds = lw_store_list_round_players (fixture->store, id, &error);
  g_assert_cmpstr (((char **) g_ptr_array_index (rounds, 1))[1], ==, "Ben");
  g_assert_cmpstr (((char **) g_ptr_array_index (rounds, 2))[1], ==, "Cleo");

  /* Restored once; not twice. Undo of a deletion works the same way. */
  g_assert_false (lw_store_restore_game (fixture->store, id, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_assert_true (lw_store_delete_game (fixture->store, other, &error));
  g_assert_true (lw_store_undo_last_edit (fixture->store, other, &error));
  g_assert_no_error (error);
  {
    g_autoptr (GPtrArray) all = lw_store_list_games (fixture->store, &error);
    g_assert_cmpuint (all->len, ==, 2);
  }
}

/* Penalties noted during a round prefill it and keep note and time. */
static void
test_pending_penalties (Fixture       *fixture,
                        gconstpointer  data)
{
  gint64 id = add (fixture, HEAD2 "'rounds':[]}");
  g_autoptr (LwGameRecord) record = lw_test_record_from (HEAD2 "'rounds':[]}");
  g_autoptr (LwRound) round = lw_test_round_from (record, "{'declarer':0,'cards':[20,6]}");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) pending = NULL;
  g_autoptr (GPtrArray) stored = NULL;
  gint64 before = g_get_real_time () / G_USEC_PER_SEC;
  gint64 first, dropped;
  const LwStoredPenalty *p;

  first = lw_store_add_pending_penalty (fixture->store, id, 1, LW_PENALTY_LOOKED_AT_DISCARDS,
                                        "peeked at the Pups", &error);
  g_assert_no_error (error);
  dropped = lw_store_add_pending_penalty (fixture->store, id, 0, LW_PENALTY_OUT_OF_TURN,
                                          "a mistake", &error);
  lw_store_add_pending_penalty (fixture->store, id, 0, LW_PENALTY_OUT_OF_TURN, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (first, >, 0);
  g_assert_cmpint (lw_store_add_pending_penalty (fixture->store, id, 2, LW_PENALTY_OUT_OF_TURN,
                                                 NULL, &error), ==, 0);
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_true (lw_store_remove_pending_penalty (fixture->store, dropped, &error));
  g_assert_false (lw_store_remove_pending_penalty (fixture->store, dropped, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);

  pending = lw_store_list_pending_penalties (fixture->store, id, &error);
  g_assert_cmpuint (pending->len, ==, 2);
  p = g_ptr_array_index (pending, 0);
  g_assert_cmpint (p->id, ==, first);
  g_assert_cmpint (p->seat, ==, 1);
  g_assert_cmpint (p->kind, ==, LW_PENALTY_LOOKED_AT_DISCARDS);
  g_assert_cmpstr (p->note, ==, "peeked at the Pups");
  g_assert_cmpint (p->time, >=, before);

  /* The app prefills the round from them, in order. */
  for (guint i = 0; i < pending->len; i++)
    {
      p = g_ptr_array_index (pending, i);
      lw_round_add_penalty (round, p->seat, p->kind);
    }
  g_assert_true (lw_store_append_round (fixture->store, id, round, &error));
  g_assert_no_error (error);
  g_clear_pointer (&pending, g_ptr_array_unref);
  pending = lw_store_list_pending_penalties (fixture->store, id, &error);
  g_assert_cmpuint (pending->len, ==, 0);

  stored = lw_store_list_penalties (fixture->store, id, &error);
  g_assert_cmpuint (stored->len, ==, 2);
  p = g_ptr_array_index (stored, 0);
  g_assert_cmpuint (p->round, ==, 1);
  g_assert_cmpuint (p->ordinal, ==, 0);
  g_assert_cmpstr (p->note, ==, "peeked at the Pups");
  g_assert_cmpint (p->time, >=, before);
  p = g_ptr_array_index (stored, 1);
  g_assert_cmpint (p->seat, ==, 0);
  g_assert_null (p->note);
  g_assert_cmpint (p->time, >=, before);

  /* A note added afterwards; a replace that keeps the penalty keeps it. */
  g_assert_true (lw_store_set_penalty_note (fixture->store, id, 1, 1, "led twice", &error));
  g_assert_false (lw_store_set_penalty_note (fixture->store, id, 1, 5, "x", &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  round->cards[0] = 19;
  round->cards[1] = 7;
  g_assert_true (lw_store_replace_round (fixture->store, id, 1, round, &error));
  g_assert_no_error (error);
  g_clear_pointer (&stored, g_ptr_array_unref);
  stored = lw_store_list_penalties (fixture->store, id, &error);
  g_assert_cmpstr (((LwStoredPenalty *) g_ptr_array_index (stored, 0))->note, ==, "peeked at the Pups");
  g_assert_cmpstr (((LwStoredPenalty *) g_ptr_array_index (stored, 1))->note, ==, "led twice");
}

/* docs/rules/GAME-RECORD.md version 2: a game with a substitute exports its first
 * players and the substitutes, so that a round trip keeps the player who
 * left; the details and the id go with it, and a copy is a game of its own. */
static void
test_substitute_round_trip (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (lw_test_cases_dir (), "v2", "V2-substitute-and-details.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwGameRecord) reread = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStoredGame) copy = NULL;
  g_autofree char *json = NULL;
  gint64 id, same = 0, copy_id;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  record = lw_game_record_from_json (text, -1, &error);
  g_assert_no_error (error);
  id = lw_store_import_game (fixture->store, record, FALSE, &same, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  g_assert_cmpint (same, ==, 0);

  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (game->record->id, ==, "3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6f");
  g_assert_cmpstr (game->record->players[1], ==, "Ben");
  g_assert_cmpstr (lw_game_record_player_at (game->record, 1, 2), ==, "Ben");
  g_assert_cmpstr (lw_game_record_player_at (game->record, 1, 3), ==, "Dev");
  g_assert_cmpstr (lw_game_record_player_at (game->record, 1, 4), ==, "Ben");
  g_assert_cmpstr (game->place, ==, "Club room");
  g_assert_cmpint (game->played_at, ==, 1795977000);

  /* The export carries the substitutes and the details. */
  json = lw_game_record_to_json (game->record);
  g_assert_nonnull (strstr (json, "\"played_at\" : \"2026-11-29T18:30:00Z\""));
  reread = lw_game_record_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (reread->substitutes->len, ==, 2);
  g_assert_cmpstr (reread->details.notes, ==, "Spring league\nweek 3");
  /* …and the event the record names (informative: no event is made). */
  g_assert_cmpstr (reread->details.event_name, ==, "Spring League");
  g_assert_cmpint (reread->details.event_round, ==, 3);
  g_assert_cmpint (reread->details.event_table, ==, 2);
  g_assert_cmpint (reread->details.event_board, ==, 0);

  /* The same record again is the stored game; as new, a game of its own. */
  g_assert_cmpint (lw_store_import_game (fixture->store, record, FALSE, &same, &error), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpint (same, ==, id);
  copy_id = lw_store_import_game (fixture->store, record, TRUE, &same, &error);
  g_assert_no_error (error);
  g_assert_cmpint (copy_id, >, id);
  copy = lw_store_load_game (fixture->store, copy_id, &error);
  g_assert_no_error (error);
  g_assert_true (g_uuid_string_is_valid (copy->record->id));
  g_assert_cmpstr (copy->record->id, !=, game->record->id);
  g_assert_cmpstr (lw_game_record_player_at (copy->record, 1, 3), ==, "Dev");
  g_assert_cmpstr (copy->place, ==, "Club room");
  g_assert_cmpstr (copy->record->details.event_name, ==, "Spring League");

  /* The games list dates the game by the day it was played. */
  {
    g_autoptr (GPtrArray) summaries = lw_store_list_game_summaries (fixture->store, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (summaries->len, ==, 2);
    for (guint i = 0; i < summaries->len; i++)
      g_assert_cmpint (((LwGameSummary *) g_ptr_array_index (summaries, i))->played_at, ==, 1795977000);
  }
}

/* A substitute keeps the seat's score; the record names who sits now. */
static void
test_substitute (Fixture       *fixture,
                 gconstpointer  data)
{
  gint64 id = add (fixture, floor_game);
  g_autoptr (LwStandings) before = stored_standings (fixture->store, id);
  g_autoptr (LwStandings) after = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GPtrArray) rounds = NULL;
  g_autoptr (GPtrArray) log = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = NULL;

  g_assert_true (lw_store_substitute_player (fixture->store, id, 0, "Zoë", 2, &error));
  g_assert_no_error (error);
  after = stored_standings (fixture->store, id);
  g_assert_cmpint (after->scores[0], ==, before->scores[0]);
  g_assert_cmpint (after->scores[1], ==, before->scores[1]);
  g_assert_cmpstr (g_ptr_array_index (after->sides, 0), ==, "Zoë");

  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_cmpstr (lw_game_record_current_player (game->record, 0), ==, "Zoë");
  g_assert_cmpstr (game->record->players[0], ==, "Ann");
  g_assert_cmpstr (lw_game_record_player_at (game->record, 0, 1), ==, "Ann");
  g_assert_cmpstr (lw_game_record_player_at (game->record, 0, 2), ==, "Zoë");
  rounds = lw_store_list_round_players (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rounds->len, ==, 3);
  g_assert_cmpstr (((char **) g_ptr_array_index (rounds, 0))[0], ==, "Ann");
  g_assert_cmpstr (((char **) g_ptr_array_index (rounds, 1))[0], ==, "Zoë");
  g_assert_cmpstr (((char **) g_ptr_array_index (rounds, 2))[1], ==, "Ben");
  names = lw_store_list_player_names (fixture->store, &error);
  g_assert_true (g_strv_contains ((const char *const *) names, "Zoë"));

  log = lw_test_list_edits (fixture->store, id);
  g_assert_cmpuint (log->len, ==, 1);
  g_assert_cmpstr (entry_at (log, 0)->kind, ==, "substitute");
  g_assert_cmpuint (entry_at (log, 0)->number, ==, 2);
  g_assert_nonnull (strstr (entry_at (log, 0)->old_json, "\"Ann\""));
  g_assert_nonnull (strstr (entry_at (log, 0)->new_json, "\"Zoë\""));

  /* Refused: a seated name, a seat or round out of range, a blank name. */
  g_assert_false (lw_store_substitute_player (fixture->store, id, 0, "Ben", 2, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Ben already sits at seat 1");
  g_clear_error (&error);
  g_assert_false (lw_store_substitute_player (fixture->store, id, 2, "Eve", 2, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_false (lw_store_substitute_player (fixture->store, id, 1, "Eve", 5, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "from round 5: the game has 3 rounds");
  g_clear_error (&error);
  g_assert_false (lw_store_substitute_player (fixture->store, id, 1, "   ", 2, &error));
  lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);

  /* Undo: Ann sits again from the start. */
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  g_clear_pointer (&game, lw_stored_game_free);
  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (game->record->players[0], ==, "Ann");
  g_clear_pointer (&rounds, g_ptr_array_unref);
  rounds = lw_store_list_round_players (fixture->store, id, &error);
  g_assert_cmpstr (((char **) g_ptr_array_index (rounds, 2))[0], ==, "Ann");
}

static void
test_details (Fixture       *fixture,
              gconstpointer  data)
{
  gint64 id = add (fixture, floor_game);
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GPtrArray) log = NULL;
  g_autoptr (GError) error = NULL;

  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_null (game->notes);
  g_assert_cmpint (game->played_at, ==, 0);
  g_assert_null (game->place);
  g_clear_pointer (&game, lw_stored_game_free);

  g_assert_true (lw_store_set_game_notes (fixture->store, id, "Ann's \"lucky\" deck", &error));
  g_assert_true (lw_store_set_game_details (fixture->store, id, 1234567890, "Café Wolf", &error));
  g_assert_true (lw_store_set_game_notes (fixture->store, id, "", &error));
  g_assert_no_error (error);
  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_null (game->notes);
  g_assert_cmpint (game->played_at, ==, 1234567890);
  g_assert_cmpstr (game->place, ==, "Café Wolf");
  g_clear_pointer (&game, lw_stored_game_free);

  log = lw_test_list_edits (fixture->store, id);
  g_assert_cmpuint (log->len, ==, 3);
  g_assert_cmpstr (entry_at (log, 0)->kind, ==, "notes");
  g_assert_cmpstr (entry_at (log, 1)->kind, ==, "details");

  /* Undo the clearing: the notes are back; undo the details: gone. */
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_no_error (error);
  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_cmpstr (game->notes, ==, "Ann's \"lucky\" deck");
  g_assert_cmpint (game->played_at, ==, 0);
  g_assert_null (game->place);

  g_assert_false (lw_store_set_game_notes (fixture->store, id + 7, "x", &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
}

static void
test_add_games (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_record_free);
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = NULL;
  LwRound *round;

  g_ptr_array_add (records, lw_test_record_from (floor_game));
  g_ptr_array_add (records, lw_test_record_from (HEAD2 "'rounds':[]}"));
  ids = lw_store_add_games (fixture->store, records, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 2);
  g_assert_cmpint (g_array_index (ids, gint64, 1), >, g_array_index (ids, gint64, 0));

  /* One bad record: nothing is stored. */
  round = lw_round_new ();
  g_ptr_array_add (((LwGameRecord *) g_ptr_array_index (records, 1))->rounds, round);
  g_clear_pointer (&ids, g_array_unref);
  ids = lw_store_add_games (fixture->store, records, &error);
  g_assert_null (ids);
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "game 2: round 1: "));
  games = lw_store_list_games (fixture->store, NULL);
  g_assert_cmpuint (games->len, ==, 2);
}

/* The schema-1 SQL, as version 1 created it. */
static const char schema_v1[] =
  LW_TEST_SCHEMA_V1_SQL
  /* One game: Ann and Ben, round 1 nobody declared, round 2 Ben's
   * penalty then his Pack. */
  "INSERT INTO players (id, name) VALUES (1, 'Ann'), (2, 'Ben');"
  "INSERT INTO games VALUES (1, 'little-wolf', 1, 15, 11, 0, 0, 1600000000);"
  "INSERT INTO game_seats VALUES (1, 0, 1, NULL), (1, 1, 2, NULL);"
  "INSERT INTO rounds VALUES (1, 1, 1, 0, NULL, 0, NULL), (2, 1, 2, 0, 1, 0, 1);"
  "INSERT INTO round_seats (round, seat, cards) VALUES (1, 0, 20), (1, 1, 6), (2, 0, 6), (2, 1, 20);"
  "INSERT INTO penalties VALUES (2, 0, 1, 'out_of_turn');";

static void
test_migration_v1 (LwTestDb      *fixture,
                   gconstpointer  data)
{
  const char *path = fixture->path;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GPtrArray) penalties = NULL;
  g_autoptr (LwRound) round = NULL;
  sqlite3 *db;

  db = lw_test_sql_open (path);
  lw_test_sql_exec (db, schema_v1);
  sqlite3_close (db);

  store = lw_store_open (path, &error);
  g_assert_no_error (error);
  game = lw_store_load_game (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->record->rounds->len, ==, 2);
  g_assert_cmpint (game->created, ==, 1600000000);
  g_assert_null (game->notes);
  standings = lw_standings_compute (game->record, &error);
  g_assert_no_error (error);
  /* R16: Ann most, 0, 1; R19 Ben's penalty 0, 0; his Pack 0, 1. */
  g_assert_cmpint (standings->scores[0], ==, 0);
  g_assert_cmpint (standings->scores[1], ==, 1);

  /* Old penalties have no note and no time. */
  penalties = lw_store_list_penalties (store, 1, &error);
  g_assert_cmpuint (penalties->len, ==, 1);
  g_assert_null (((LwStoredPenalty *) g_ptr_array_index (penalties, 0))->note);
  g_assert_cmpint (((LwStoredPenalty *) g_ptr_array_index (penalties, 0))->time, ==, 0);

  /* Every schema-2 function works on the migrated game. */
  round = lw_test_round_from (game->record, "{'declarer':0,'cards':[20,6]}");
  g_assert_true (lw_store_replace_round (store, 1, 1, round, &error));
  g_assert_true (lw_store_set_game_notes (store, 1, "from v1", &error));
  g_assert_true (lw_store_undo_last_edit (store, 1, &error));
  g_assert_true (lw_store_undo_last_edit (store, 1, &error));
  g_assert_no_error (error);
  g_clear_object (&store);

  db = lw_test_sql_open (path);
  g_assert_cmpint (lw_test_sql_int (db, "PRAGMA user_version"), ==, LW_TEST_SCHEMA_VERSION);
  g_assert_cmpint (lw_test_sql_int (db, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN"
                                        " ('pending_penalties', 'seat_changes', 'edits')"), ==, 3);
  g_assert_cmpint (lw_test_sql_int (db, "SELECT count(*) FROM edits"), ==, 2);
  sqlite3_close (db);

  /* A second open leaves a version-2 file as it is. */
  store = lw_store_open (path, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
}

/* Schema 3: the King and Knave flag (SCORING G3) of a Garwolf game. A
 * version-2 file (the column dropped again) is copied, then migrated with
 * its games as they were and the flag off; the flag round-trips, survives
 * deleting and restoring the game, and leaves the game record alone. */
#define GARWOLF3 "{'format':'little-wolf/game','version':1,'ruleset':'garwolf'," \
  "'players':['Ann','Ben','Cleo'],'rounds':[{'court':[4,8,0],'garwolves':[1,0,2]}]}"

static void
test_king_and_knave (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *backup = lw_store_migration_backup_path (fixture->path, 2);
  g_autofree char *before = NULL;
  g_autofree char *json = NULL;
  gint64 garwolf = add (fixture, GARWOLF3);
  gint64 little_wolf = add (fixture, floor_game);
  sqlite3 *db;

  g_assert_true (lw_store_set_game_notes (fixture->store, garwolf, "at Cleo's", &error));
  g_assert_no_error (error);
  json = stored_json (fixture->store, garwolf);
  g_clear_object (&fixture->store);

  db = lw_test_sql_open (fixture->path);
  lw_test_sql_exec (db, LW_TEST_DROP_SCHEMA_4
                        "ALTER TABLE games DROP COLUMN king_and_knave; PRAGMA user_version = 2;");
  sqlite3_close (db);
  before = dump (fixture->path);

  fixture->store = lw_store_open (fixture->path, &error);
  g_assert_no_error (error);
  db = lw_test_sql_open (fixture->path);
  g_assert_cmpint (lw_test_sql_int (db, "PRAGMA user_version"), ==, LW_TEST_SCHEMA_VERSION);
  g_assert_cmpint (lw_test_sql_int (db, "SELECT count(*) FROM games WHERE king_and_knave = 0"), ==, 2);
  sqlite3_close (db);
  db = lw_test_sql_open (backup);
  g_assert_cmpint (lw_test_sql_int (db, "PRAGMA user_version"), ==, 2);
  sqlite3_close (db);
  {
    g_autofree char *copy = dump (backup);
    g_autofree char *after = stored_json (fixture->store, garwolf);
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, garwolf, &error);

    g_autofree char *after_body = without_id (after);
    g_autofree char *json_body = without_id (json);

    g_assert_cmpstr (copy, ==, before);
    g_assert_cmpstr (after_body, ==, json_body);
    g_assert_no_error (error);
    g_assert_false (game->king_and_knave);
    g_assert_cmpstr (game->notes, ==, "at Cleo's");
    g_assert_cmpuint (game->record->rounds->len, ==, 1);
  }

  /* On, read back, the record unchanged; kept across delete and restore. */
  g_assert_true (lw_store_set_game_king_and_knave (fixture->store, garwolf, TRUE, &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, garwolf, &error);
    g_autoptr (LwStoredGame) other = lw_store_load_game (fixture->store, little_wolf, &error);
    g_autofree char *after = stored_json (fixture->store, garwolf);

    g_assert_true (game->king_and_knave);
    g_assert_false (other->king_and_knave);
    /* The game record carries it (docs/rules/GAME-RECORD.md version 2). */
    g_assert_true (game->record->king_and_knave);
    g_assert_false (other->record->king_and_knave);
    g_assert_nonnull (strstr (after, "\"king_and_knave\" : true"));
    g_assert_null (strstr (json, "king_and_knave"));
  }
  g_assert_true (lw_store_delete_game (fixture->store, garwolf, &error));
  g_assert_true (lw_store_restore_game (fixture->store, garwolf, &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, garwolf, &error);

    g_assert_no_error (error);
    g_assert_true (game->king_and_knave);
  }

  /* Off again; refused for Little Wolf and for a game that is not there. */
  g_assert_true (lw_store_set_game_king_and_knave (fixture->store, garwolf, FALSE, &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, garwolf, &error);

    g_assert_false (game->king_and_knave);
  }
  g_assert_false (lw_store_set_game_king_and_knave (fixture->store, little_wolf, TRUE, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_false (lw_store_set_game_king_and_knave (fixture->store, 9999, TRUE, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
}

static void
test_backup_restore (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *backup = g_build_filename (fixture->dir, "backup.sqlite3", NULL);
  g_autofree char *v1 = g_build_filename (fixture->dir, "v1.sqlite3", NULL);
  g_autofree char *foreign = g_build_filename (fixture->dir, "foreign.sqlite3", NULL);
  g_autofree char *missing = g_build_filename (fixture->dir, "missing.sqlite3", NULL);
  g_autofree char *saved = NULL;
  g_autofree char *changed = NULL;
  g_autoptr (GError) error = NULL;
  gint64 id = add (fixture, floor_game);
  sqlite3 *db;

  g_assert_true (lw_store_set_game_notes (fixture->store, id, "before the backup", &error));
  g_assert_true (lw_store_backup_to (fixture->store, backup, &error));
  g_assert_no_error (error);
  saved = dump (fixture->path);
  {
    g_autofree char *copy = dump (backup);
    g_assert_cmpstr (copy, ==, saved);
  }

  /* Change everything, then restore. */
  add (fixture, HEAD2 "'rounds':[]}");
  g_assert_true (lw_store_delete_game (fixture->store, id, &error));
  changed = dump (fixture->path);
  g_assert_cmpstr (changed, !=, saved);
  g_assert_true (lw_store_restore_from (fixture->store, backup, &error));
  g_assert_no_error (error);
  {
    g_autofree char *now = dump (fixture->path);
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, id, &error);

    g_assert_cmpstr (now, ==, saved);
    g_assert_no_error (error);
    g_assert_cmpstr (game->notes, ==, "before the backup");
  }

  /* Refused, with the live database untouched: not a file, another
   * program's database, a newer version, the open file itself as backup. */
  g_assert_false (lw_store_restore_from (fixture->store, missing, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_OPEN);
  db = lw_test_sql_open (foreign);
  lw_test_sql_exec (db, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');");
  sqlite3_close (db);
  g_assert_false (lw_store_restore_from (fixture->store, foreign, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE);
  db = lw_test_sql_open (foreign);
  lw_test_sql_exec (db, "PRAGMA user_version = 1;");
  sqlite3_close (db);
  g_assert_false (lw_store_restore_from (fixture->store, foreign, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE);
  g_assert_true (g_str_has_prefix (error->message, foreign));
  g_clear_error (&error);
  db = lw_test_sql_open (foreign);
  lw_test_sql_exec (db, "PRAGMA user_version = 99;");
  sqlite3_close (db);
  g_assert_false (lw_store_restore_from (fixture->store, foreign, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NEWER_VERSION);
  g_assert_false (lw_store_backup_to (fixture->store, fixture->path, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  {
    g_autofree char *now = dump (fixture->path);
    g_assert_cmpstr (now, ==, saved);
  }

  /* A version-1 backup is restored and migrated; the file itself is not
   * changed. */
  db = lw_test_sql_open (v1);
  lw_test_sql_exec (db, schema_v1);
  sqlite3_close (db);
  g_assert_true (lw_store_restore_from (fixture->store, v1, &error));
  g_assert_no_error (error);
  {
    g_autoptr (GPtrArray) games = lw_store_list_games (fixture->store, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (games->len, ==, 1);
    g_assert_cmpint (((LwStoredGame *) g_ptr_array_index (games, 0))->created, ==, 1600000000);
  }
  db = lw_test_sql_open (v1);
  g_assert_cmpint (lw_test_sql_int (db, "PRAGMA user_version"), ==, 1);
  sqlite3_close (db);
  g_assert_true (lw_store_set_game_notes (fixture->store, 1, "after restore", &error));
  g_assert_no_error (error);
}

/* The ID of entry @i of game @id's edit log. */
static gint64
entry_id (Fixture *fixture,
          gint64   id,
          guint    i)
{
  g_autoptr (GPtrArray) log = lw_test_list_edits (fixture->store, id);

  g_assert_cmpuint (i, <, log->len);
  return entry_at (log, i)->id;
}

/* Reverting a past round change, not the last one: its inverse is a new
 * entry, which can be reverted and undone in turn. */
static void
test_revert_rounds (Fixture       *fixture,
                    gconstpointer  data)
{
  gint64 id = add (fixture, floor_game);
  g_autoptr (LwGameRecord) record = lw_test_record_from (floor_game);
  g_autofree char *original = stored_json (fixture->store, id);
  g_autoptr (LwRound) pack = lw_test_round_from (record, "{'declarer':1,'cards':[6,20]}");
  g_autoptr (LwRound) extra = lw_test_round_from (record, "{'declarer':null,'cards':[16,10]}");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) log = NULL;
  g_autofree char *before = NULL;

  /* 0: round 1 replaced; 1: round 2 (the penalty) deleted. */
  g_assert_true (lw_store_replace_round (fixture->store, id, 1, pack, &error));
  g_assert_true (lw_store_delete_round (fixture->store, id, 2, &error));
  g_assert_no_error (error);

  /* Revert the first (not the last change): round 1 is undeclared again,
   * round 2 still deleted. Logged as a new replace_round. */
  g_assert_true (lw_store_revert_edit (fixture->store, id, entry_id (fixture, id, 0), &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, id, &error);
    const LwRound *first = g_ptr_array_index (game->record->rounds, 0);

    g_assert_cmpuint (game->record->rounds->len, ==, 2);
    g_assert_cmpint (first->declarer, ==, LW_NO_SEAT);
  }
  log = lw_test_list_edits (fixture->store, id);
  g_assert_cmpuint (log->len, ==, 3);
  g_assert_cmpstr (entry_at (log, 2)->kind, ==, "replace_round");
  g_assert_cmpuint (entry_at (log, 2)->number, ==, 1);
  g_assert_cmpstr (entry_at (log, 2)->new_json, ==, entry_at (log, 0)->old_json);
  g_assert_cmpstr (entry_at (log, 2)->old_json, ==, entry_at (log, 0)->new_json);
  g_assert_cmpint (entry_at (log, 0)->undone, ==, 0);
  g_clear_pointer (&log, g_ptr_array_unref);

  /* Revert the deletion: round 2 comes back at its place (insert_round);
   * the game is the original again. */
  g_assert_true (lw_store_revert_edit (fixture->store, id, entry_id (fixture, id, 1), &error));
  g_assert_no_error (error);
  assert_stored_json (fixture->store, id, original);
  log = lw_test_list_edits (fixture->store, id);
  g_assert_cmpuint (log->len, ==, 4);
  g_assert_cmpstr (entry_at (log, 3)->kind, ==, "insert_round");
  g_assert_cmpuint (entry_at (log, 3)->number, ==, 2);
  g_assert_nonnull (strstr (entry_at (log, 3)->new_json, "out_of_turn"));
  g_clear_pointer (&log, g_ptr_array_unref);

  /* A revert of the revert deletes round 2 again; Undo takes that back. */
  g_assert_true (lw_store_revert_edit (fixture->store, id, entry_id (fixture, id, 3), &error));
  g_assert_no_error (error);
  assert_n_rounds (fixture->store, id, 2);
  log = lw_test_list_edits (fixture->store, id);
  g_assert_cmpstr (entry_at (log, 4)->kind, ==, "delete_round");
  g_clear_pointer (&log, g_ptr_array_unref);
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_no_error (error);
  assert_stored_json (fixture->store, id, original);

  /* An appended round is reverted by deleting it. */
  g_assert_true (lw_store_append_round (fixture->store, id, extra, &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_revert_edit (fixture->store, id, entry_id (fixture, id, 5), &error));
  g_assert_no_error (error);
  assert_stored_json (fixture->store, id, original);

  /* Refused, nothing touched: the round entry 0 left (Ben's Pack in round
   * 1) is no longer there; an undone entry; an unknown entry. */
  before = dump (fixture->path);
  g_assert_false (lw_store_revert_edit (fixture->store, id, entry_id (fixture, id, 0), &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "round 1 is no longer the round this change left (it was changed, moved or"
                   " deleted since): revert the later changes first");
  g_clear_error (&error);
  g_assert_false (lw_store_revert_edit (fixture->store, id, entry_id (fixture, id, 4), &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_false (lw_store_revert_edit (fixture->store, id, 999, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  assert_unchanged (fixture->path, before);
}

#define SKUNK_GAME HEAD2 "'rules':{'start_score':1,'target':15,'skunk':3},'rounds':[" \
  "{'declarer':0,'cards':[20,6]},{'declarer':null,'cards':[20,6]}," \
  "{'declarer':0,'cards':[20,6]},{'declarer':0,'cards':[20,6]}]}"

/* A revert that the game no longer replays with is refused in the engine's
 * words, and leaves every table as it was. */
static void
test_revert_refused (Fixture       *fixture,
                     gconstpointer  data)
{
  gint64 id = add (fixture, SKUNK_GAME);
  g_autoptr (LwGameRecord) record = lw_test_record_from (SKUNK_GAME);
  g_autoptr (LwRound) ends = lw_test_round_from (record, "{'declarer':null,'cards':[6,20]}");
  g_autofree char *before = NULL;
  g_autoptr (GError) error = NULL;

  /* Round 4 deleted, then round 2 corrected so that the game ends after
   * round 3 (R23): round 4 can no longer come back. */
  g_assert_true (lw_store_delete_round (fixture->store, id, 4, &error));
  g_assert_true (lw_store_replace_round (fixture->store, id, 2, ends, &error));
  g_assert_no_error (error);
  before = dump (fixture->path);
  g_assert_false (lw_store_revert_edit (fixture->store, id, entry_id (fixture, id, 0), &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER);
  g_assert_nonnull (strstr (error->message, "inserting a round before round 4"));
  g_clear_error (&error);
  assert_unchanged (fixture->path, before);
}

/* A substitute reverted gives the seat back, logged with "gives_back"; a
 * revert of that seats the substitute again; notes and details get their
 * old values; a deleted game comes back. */
static void
test_revert_others (Fixture       *fixture,
                    gconstpointer  data)
{
  gint64 id = add (fixture, floor_game);
  g_autoptr (GPtrArray) log = NULL;
  g_autoptr (GPtrArray) rounds = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;

  /* 0: Zoë takes seat 0 from round 2; 1: notes; 2: place; 3: notes again. */
  g_assert_true (lw_store_substitute_player (fixture->store, id, 0, "Zoë", 2, &error));
  g_assert_true (lw_store_set_game_notes (fixture->store, id, "first", &error));
  g_assert_true (lw_store_set_game_details (fixture->store, id, 1700000000, "Kraków", &error));
  g_assert_true (lw_store_set_game_notes (fixture->store, id, "second", &error));
  g_assert_no_error (error);

  /* 4: the substitute reverted: Ann sits in every round again. */
  g_assert_true (lw_store_revert_edit (fixture->store, id, entry_id (fixture, id, 0), &error));
  g_assert_no_error (error);
  rounds = lw_store_list_round_players (fixture->store, id, &error);
  for (guint r = 0; r < rounds->len; r++)
    g_assert_cmpstr (((char **) g_ptr_array_index (rounds, r))[0], ==, "Ann");
  g_clear_pointer (&rounds, g_ptr_array_unref);
  log = lw_test_list_edits (fixture->store, id);
  g_assert_cmpstr (entry_at (log, 4)->kind, ==, "substitute");
  g_assert_nonnull (strstr (entry_at (log, 4)->old_json, "\"Zoë\""));
  g_assert_nonnull (strstr (entry_at (log, 4)->new_json, "\"Ann\""));
  g_assert_nonnull (strstr (entry_at (log, 4)->new_json, "\"gives_back\" : true"));
  g_clear_pointer (&log, g_ptr_array_unref);

  /* 5: the revert reverted: Zoë from round 2 again. Undo of 5: Ann. */
  g_assert_true (lw_store_revert_edit (fixture->store, id, entry_id (fixture, id, 4), &error));
  g_assert_no_error (error);
  rounds = lw_store_list_round_players (fixture->store, id, &error);
  g_assert_cmpstr (((char **) g_ptr_array_index (rounds, 0))[0], ==, "Ann");
  g_assert_cmpstr (((char **) g_ptr_array_index (rounds, 1))[0], ==, "Zoë");
  g_assert_cmpstr (((char **) g_ptr_array_index (rounds, 2))[0], ==, "Zoë");
  g_clear_pointer (&rounds, g_ptr_array_unref);
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, id, &error);
    g_assert_cmpstr (game->record->players[0], ==, "Ann");
  }
  /* Undo of 4 (a seat given back): Zoë again. */
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  rounds = lw_store_list_round_players (fixture->store, id, &error);
  g_assert_cmpstr (((char **) g_ptr_array_index (rounds, 1))[0], ==, "Zoë");
  g_clear_pointer (&rounds, g_ptr_array_unref);

  /* 6: the place reverted: no date, no place; the notes stay "second". */
  g_assert_true (lw_store_revert_edit (fixture->store, id, entry_id (fixture, id, 2), &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, id, &error);
    g_assert_cmpint (game->played_at, ==, 0);
    g_assert_null (game->place);
    g_assert_cmpstr (game->notes, ==, "second");
  }
  /* 7: the first notes reverted: none; 8: that reverted: "second". */
  g_assert_true (lw_store_revert_edit (fixture->store, id, entry_id (fixture, id, 1), &error));
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, id, &error);
    g_assert_null (game->notes);
  }
  g_assert_true (lw_store_revert_edit (fixture->store, id, entry_id (fixture, id, 7), &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, id, &error);
    g_assert_cmpstr (game->notes, ==, "second");
  }

  /* Refused: Yan took the seat from Zoë since; the first substitute can no
   * longer be reverted. */
  g_assert_true (lw_store_substitute_player (fixture->store, id, 0, "Yan", 3, &error));
  g_assert_no_error (error);
  before = dump (fixture->path);
  g_assert_false (lw_store_revert_edit (fixture->store, id, entry_id (fixture, id, 0), &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "seat 1: Yan sits there now, not Zoë; revert the later change of the seat first");
  g_clear_error (&error);
  assert_unchanged (fixture->path, before);

  /* A deletion of the game reverted: the game is back, the entry undone. */
  g_assert_true (lw_store_delete_game (fixture->store, id, &error));
  log = lw_test_list_edits (fixture->store, id);
  g_assert_true (lw_store_revert_edit (fixture->store, id, entry_at (log, log->len - 1)->id, &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, id, &error);
    g_autoptr (GPtrArray) after = lw_test_list_edits (fixture->store, id);

    g_assert_no_error (error);
    g_assert_cmpstr (lw_game_record_current_player (game->record, 0), ==, "Yan");
    g_assert_cmpint (entry_at (after, after->len - 1)->undone, >, 0);
  }
}

/* A penalty fix that ends the game earlier: the later rounds are deleted,
 * each in the log, and the round corrected, in one step; each deletion
 * comes back from the log once the correction is reverted. */
static void
test_fix_ending_game (Fixture       *fixture,
                      gconstpointer  data)
{
  gint64 id = add (fixture, SKUNK_GAME);
  g_autoptr (LwGameRecord) record = lw_test_record_from (SKUNK_GAME);
  g_autoptr (LwRound) ends = lw_test_round_from (record, "{'declarer':null,'cards':[6,20]}");
  g_autofree char *original = stored_json (fixture->store, id);
  g_autoptr (GPtrArray) log = NULL;
  g_autoptr (GError) error = NULL;
  guint end = 99;

  g_assert_true (lw_store_replace_round_ending_game (fixture->store, id, 2, ends, &end, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (end, ==, 3);
  {
    g_autoptr (LwStandings) standings = stored_standings (fixture->store, id);

    g_assert_cmpuint (standings->rounds->len, ==, 3);
    g_assert_true (standings->finished);
    g_assert_cmpint (standings->winner, ==, 0);
  }
  log = lw_test_list_edits (fixture->store, id);
  g_assert_cmpuint (log->len, ==, 2);
  g_assert_cmpstr (entry_at (log, 0)->kind, ==, "delete_round");
  g_assert_cmpuint (entry_at (log, 0)->number, ==, 4);
  g_assert_cmpstr (entry_at (log, 1)->kind, ==, "replace_round");
  g_assert_cmpuint (entry_at (log, 1)->number, ==, 2);

  /* Round 4 follows the end: it cannot come back before the correction is
   * reverted; then it can. */
  g_assert_false (lw_store_revert_edit (fixture->store, id, entry_at (log, 0)->id, &error));
  lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER);
  g_assert_true (lw_store_revert_edit (fixture->store, id, entry_at (log, 1)->id, &error));
  g_assert_true (lw_store_revert_edit (fixture->store, id, entry_at (log, 0)->id, &error));
  g_assert_no_error (error);
  assert_stored_json (fixture->store, id, original);

  /* A correction that does not end the game early is just stored. */
  g_assert_true (lw_store_replace_round_ending_game (fixture->store, id, 1, g_ptr_array_index (record->rounds, 0),
                                                     &end, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (end, ==, 0);
}

/* A restore keeps a copy of what it replaces, next to the database, and
 * restoring that copy goes back; a failed restore leaves no copy. */
static void
test_restore_safety_copy (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *backup = g_strconcat (fixture->path, ".backup", NULL);
  g_autofree char *copy = NULL;
  g_autofree char *missing = g_strconcat (fixture->path, ".missing", NULL);
  g_autofree char *dir = g_path_get_dirname (fixture->path);
  g_autofree char *copy_dir = NULL;
  g_autofree char *before = NULL;
  g_autoptr (GError) error = NULL;
  gint64 second;

  add (fixture, floor_game);
  g_assert_true (lw_store_backup_to (fixture->store, backup, &error));
  g_assert_no_error (error);
  second = add (fixture, floor_game);

  copy = lw_store_new_safety_copy_path (fixture->store);
  g_assert_true (g_str_has_prefix (copy, fixture->path));
  g_assert_nonnull (strstr (copy, ".before-restore-"));
  g_assert_true (g_str_has_suffix (copy, ".bak"));
  copy_dir = g_path_get_dirname (copy);
  g_assert_cmpstr (copy_dir, ==, dir);

  /* Refused: the backup as its own safety copy; a missing backup. */
  before = dump (fixture->path);
  g_assert_false (lw_store_restore_keeping_copy (fixture->store, backup, backup, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_false (lw_store_restore_keeping_copy (fixture->store, missing, copy, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (g_file_test (copy, G_FILE_TEST_EXISTS));
  assert_unchanged (fixture->path, before);

  g_assert_true (lw_store_restore_keeping_copy (fixture->store, backup, copy, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (copy, G_FILE_TEST_EXISTS));
  {
    g_autoptr (GPtrArray) games = lw_store_list_games (fixture->store, &error);
    g_assert_cmpuint (games->len, ==, 1);
  }
  /* A second copy made in the same second gets another name. */
  {
    g_autofree char *next = lw_store_new_safety_copy_path (fixture->store);
    g_assert_cmpstr (next, !=, copy);
  }

  /* Going back: both games, the second one as it was. */
  g_assert_true (lw_store_restore_from (fixture->store, copy, &error));
  g_assert_no_error (error);
  {
    g_autoptr (GPtrArray) games = lw_store_list_games (fixture->store, &error);
    g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, second, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (games->len, ==, 2);
    g_assert_cmpuint (game->record->rounds->len, ==, 3);
  }
  assert_unchanged (fixture->path, before);
}

/* ------------------------------------------------------------------ */
/* Reading a game: statements                                           */
/* ------------------------------------------------------------------ */

static int
count_statement (unsigned  type,
                 void     *data,
                 void     *stmt,
                 void     *sql)
{
  (*(guint *) data)++;
  return 0;
}

/* A game of @n_rounds rounds, each with its seats, every third with a
 * penalty. */
static gint64
add_rounds (Fixture *fixture,
            guint    n_rounds)
{
  g_autoptr (GString) text = g_string_new (HEAD2 "'rounds':[");

  for (guint r = 0; r < n_rounds; r++)
    g_string_append_printf (text, "%s{'declarer':null,'cards':[13,13]%s}", r > 0 ? "," : "",
                            r % 3 == 0 ? ",'penalties':[{'seat':1,'kind':'out_of_turn'}]" : "");
  g_string_append (text, "]}");
  return add (fixture, text->str);
}

/* The statements lw_store_load_game() (@with_history) or
 * lw_store_load_game_as_stored() runs to read game @id. */
static guint
statements_to_load (Fixture  *fixture,
                    gint64    id,
                    gboolean  with_history,
                    guint     n_rounds)
{
  sqlite3 *db = lw_store_get_db (fixture->store);
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GError) error = NULL;
  guint count = 0;

  sqlite3_trace_v2 (db, SQLITE_TRACE_STMT, count_statement, &count);
  game = with_history ? lw_store_load_game (fixture->store, id, &error)
                      : lw_store_load_game_as_stored (fixture->store, id, &error);
  sqlite3_trace_v2 (db, 0, NULL, NULL);
  g_assert_no_error (error);
  g_assert_cmpuint (game->record->rounds->len, ==, n_rounds);
  g_assert_cmpuint (((LwRound *) g_ptr_array_index (game->record->rounds, 0))->penalties->len, ==, 1);
  return count;
}

/* Issue 35: a game is read in the same few statements whatever its
 * rounds (lw-store-read.c), not two and two per round. */
static void
test_read_statements (Fixture       *fixture,
                      gconstpointer  data)
{
  gint64 short_game = add_rounds (fixture, 2);
  gint64 long_game = add_rounds (fixture, 60);
  guint short_stored = statements_to_load (fixture, short_game, FALSE, 2);
  guint long_stored = statements_to_load (fixture, long_game, FALSE, 60);
  guint short_loaded = statements_to_load (fixture, short_game, TRUE, 2);
  guint long_loaded = statements_to_load (fixture, long_game, TRUE, 60);

  g_test_message ("as stored: %u statements; with its history: %u", short_stored, short_loaded);
  g_assert_cmpuint (long_stored, ==, short_stored);
  g_assert_cmpuint (long_loaded, ==, short_loaded);
  /* BEGIN, the games, seats, rounds and penalties queries, COMMIT. */
  g_assert_cmpuint (short_stored, <=, 6);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_db ("/store-edits/edit-rounds", test_edit_rounds);
  lw_test_add_db ("/store-edits/refused-unchanged", test_refused_unchanged);
  lw_test_add_db ("/store-edits/append-logged", test_append_logged);
  lw_test_add_db ("/store-edits/append-read-back", test_append_read_back);
  lw_test_add_db ("/store-edits/delete-and-restore", test_delete_and_restore);
  lw_test_add_db ("/store-edits/pending-penalties", test_pending_penalties);
  lw_test_add_db ("/store-edits/substitute", test_substitute);
  lw_test_add_db ("/store-edits/substitute-round-trip", test_substitute_round_trip);
  lw_test_add_db ("/store-edits/details", test_details);
  lw_test_add_db ("/store-edits/add-games", test_add_games);
  lw_test_add_db_closed ("/store-edits/migration-v1", test_migration_v1);
  lw_test_add_db ("/store-edits/backup-restore", test_backup_restore);
  lw_test_add_db ("/store-edits/king-and-knave", test_king_and_knave);
  lw_test_add_db ("/store-edits/revert-rounds", test_revert_rounds);
  lw_test_add_db ("/store-edits/revert-refused", test_revert_refused);
  lw_test_add_db ("/store-edits/revert-others", test_revert_others);
  lw_test_add_db ("/store-edits/fix-ending-game", test_fix_ending_game);
  lw_test_add_db ("/store-edits/restore-safety-copy", test_restore_safety_copy);
  lw_test_add_db ("/store-edits/read-statements", test_read_statements);


  return g_test_run ();
}
