/* test-store-events.c — events in the store (schema 4): round trips,
 * results from paper and from stored games, refusals that leave the
 * database unchanged, the migration from schema 3, ratings over the
 * stored games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-test-schema-v1.h"
#include "lw-test-util.h"

typedef LwTestDb Fixture;

/* Every row of the event tables, as text, to compare before and after. */
static char *
dump_events (const char *path)
{
  static const char *const queries[] = {
    "SELECT id, name, format, table_size, rounds, seed FROM events ORDER BY id",
    "SELECT event, entrant, player, status, joined_round FROM event_players ORDER BY 1, 2",
    "SELECT event, number FROM event_rounds ORDER BY 1, 2",
    "SELECT event, round, entrant FROM event_byes ORDER BY 1, 2, 3",
    "SELECT id, event, round, number, first_dealer, game, paper FROM event_tables ORDER BY id",
    "SELECT event_table, seat, entrant, paper_score FROM event_seats ORDER BY 1, 2",
  };
  GString *out = g_string_new (NULL);
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  for (gsize q = 0; q < G_N_ELEMENTS (queries); q++)
    lw_test_sql_append_rows (db, queries[q], out);
  sqlite3_close (db);
  return g_string_free (out, FALSE);
}

static gint64
new_event (LwStore       *store,
           LwEventFormat  format,
           guint          table_size,
           guint          n_rounds,
           guint          n_players)
{
  LwEventConfig config;
  g_autoptr (GError) error = NULL;
  gint64 id;

  lw_event_config_init (&config, format, table_size);
  config.n_rounds = n_rounds;
  config.seed = 17;
  id = lw_store_add_event (store, "Club night", &config, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  for (guint i = 0; i < n_players; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);
      g_assert_true (lw_store_add_event_entrant (store, id, name, LW_ENTRANT_CHECKED_IN, &error));
      g_assert_no_error (error);
    }
  return id;
}

static void
test_round_trip (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  gint64 id = new_event (fixture->store, LW_EVENT_SWISS, 4, 2, 7);
  g_autoptr (LwEvent) paired = NULL;
  g_autoptr (LwEvent) loaded = NULL;
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (GArray) standings = NULL;
  const LwEventRound *round;

  paired = lw_store_pair_event_round (fixture->store, id, &error);
  g_assert_no_error (error);
  round = g_ptr_array_index (paired->rounds, 0);
  g_assert_cmpuint (round->tables->len, ==, 2);   /* 4 + 3 */

  g_assert_true (lw_store_set_event_paper_result (fixture->store, id, 1, 1,
                                                  (const int[]) { 15, 3, 7, 1 }, 4, &error));
  g_assert_true (lw_store_set_event_paper_result (fixture->store, id, 1, 2,
                                                  (const int[]) { 0, 11, 4 }, 3, &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_set_event_entrant_status (fixture->store, id, "Player 3",
                                                    LW_ENTRANT_DROPPED, &error));
  g_assert_no_error (error);

  loaded = lw_store_load_event (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (loaded->name, ==, "Club night");
  g_assert_cmpuint (loaded->config.seed, ==, 17);
  g_assert_cmpuint (loaded->entrants->len, ==, 7);
  g_assert_cmpint (((LwEntrant *) g_ptr_array_index (loaded->entrants, 2))->status, ==,
                   LW_ENTRANT_DROPPED);
  g_assert_cmpuint (loaded->rounds->len, ==, 1);
  {
    const LwEventRound *r = g_ptr_array_index (loaded->rounds, 0);
    const LwEventTable *three = &g_array_index (r->tables, LwEventTable, 1);

    for (guint t = 0; t < r->tables->len; t++)
      {
        const LwEventTable *a = &g_array_index (r->tables, LwEventTable, t);
        const LwEventTable *b = &g_array_index (round->tables, LwEventTable, t);

        g_assert_cmpuint (a->n_seats, ==, b->n_seats);
        g_assert_cmpmem (a->entrants, sizeof a->entrants, b->entrants, sizeof b->entrants);
        g_assert_true (a->has_result);
      }
    g_assert_cmpint (three->scores[1], ==, 11);
    g_assert_true (three->skunk);   /* derived again from the paper scores */
  }

  standings = lw_event_compute_standings (loaded);
  g_assert_cmpuint (standings->len, ==, 7);
  /* The skunk winner of the 3-seat table: 2.5 × 2 = 5 points. */
  g_assert_cmpfloat (g_array_index (standings, LwEventStanding, 0).points, ==, 5);

  list = lw_store_list_events (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpuint (((LwEventSummary *) g_ptr_array_index (list, 0))->rounds_paired, ==, 1);
  g_assert_cmpuint (((LwEventSummary *) g_ptr_array_index (list, 0))->n_entrants, ==, 7);

  /* Nothing derived is stored: no points, no standings. */
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM pragma_table_info('event_players')"
                                                      " WHERE name LIKE '%point%'"), ==, 0);
}

static void
test_refusals_change_nothing (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  gint64 id = new_event (fixture->store, LW_EVENT_SWISS, 2, 3, 4);
  g_autoptr (LwEvent) event = lw_store_pair_event_round (fixture->store, id, NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  LwEventConfig config;

  g_assert_nonnull (event);
  before = dump_events (fixture->path);

  g_assert_false (lw_store_set_event_paper_result (fixture->store, id, 1, 1,
                                                   (const int[]) { 15, 15 }, 2, &error));
  lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_false (lw_store_set_event_paper_result (fixture->store, id, 1, 9,
                                                   (const int[]) { 15, 1 }, 2, &error));
  g_clear_error (&error);
  g_assert_null (lw_store_pair_event_round (fixture->store, id, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "round 1: table 1 has no result yet"));
  g_clear_error (&error);
  g_assert_false (lw_store_add_event_entrant (fixture->store, id, "Player 2",
                                              LW_ENTRANT_CHECKED_IN, &error));
  g_clear_error (&error);
  g_assert_false (lw_store_set_event_entrant_status (fixture->store, id, "Nobody",
                                                     LW_ENTRANT_DROPPED, &error));
  g_assert_nonnull (strstr (error->message, "Nobody: not entered in Club night"));
  g_clear_error (&error);
  g_assert_false (lw_store_set_event_game_result (fixture->store, id, 1, 1, 99, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_assert_null (lw_store_load_event (fixture->store, 42, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, "no event with ID 42");
  g_clear_error (&error);
  lw_event_config_init (&config, LW_EVENT_ELIMINATION, 3);
  g_assert_cmpint (lw_store_add_event (fixture->store, "Cup", &config, &error), ==, 0);
  lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);

  after = dump_events (fixture->path);
  g_assert_cmpstr (after, ==, before);
}

static void
test_game_result (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("LW_CASES_DIR"), "random",
                                            "game-1001-0028.json", NULL);
  g_autofree char *json = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwGameRecord) other = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GArray) standings = NULL;
  g_autoptr (LwRatingGames) games = NULL;
  g_autoptr (GArray) rows = NULL;
  LwLeaderboardOptions options;
  LwEventConfig config;
  gint64 id, game, unfinished, second;
  const LwEventTable *table;

  /* A finished 2-player game of the shared cases: Lou 15, Ivy 14. */
  g_assert_true (g_file_get_contents (path, &json, NULL, &error));
  record = lw_game_record_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (record->players[0], ==, "Lou");
  game = lw_store_add_game (fixture->store, record, &error);
  g_assert_no_error (error);
  other = lw_test_pair_record ("Lou", "Ivy");
  unfinished = lw_store_add_game (fixture->store, other, &error);
  g_assert_no_error (error);

  lw_event_config_init (&config, LW_EVENT_SWISS, 2);
  config.n_rounds = 1;
  id = lw_store_add_event (fixture->store, "Final", &config, &error);
  g_assert_true (lw_store_add_event_entrant (fixture->store, id, "Ivy", LW_ENTRANT_CHECKED_IN, NULL));
  g_assert_true (lw_store_add_event_entrant (fixture->store, id, "Lou", LW_ENTRANT_CHECKED_IN, NULL));
  g_clear_pointer (&event, lw_event_free);
  event = lw_store_pair_event_round (fixture->store, id, &error);
  g_assert_no_error (error);

  g_assert_false (lw_store_set_event_game_result (fixture->store, id, 1, 1, unfinished, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "is not finished"));
  g_clear_error (&error);


  g_assert_true (lw_store_set_event_game_result (fixture->store, id, 1, 1, game, &error));
  g_assert_no_error (error);
  /* The link is stored, not the scores. */
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM event_seats"
                                                      " WHERE paper_score IS NOT NULL"), ==, 0);

  g_clear_pointer (&event, lw_event_free);
  event = lw_store_load_event (fixture->store, id, &error);
  g_assert_no_error (error);
  table = &g_array_index (((LwEventRound *) g_ptr_array_index (event->rounds, 0))->tables,
                          LwEventTable, 0);
  g_assert_true (table->has_result);
  g_assert_cmpint (table->game_id, ==, game);
  g_assert_true (lw_event_is_finished (event));
  standings = lw_event_compute_standings (event);
  g_assert_cmpstr (g_array_index (standings, LwEventStanding, 0).name, ==, "Lou");
  g_assert_cmpint (g_array_index (standings, LwEventStanding, 0).margin, ==, 1);

  /* One game, one table. */
  second = new_event (fixture->store, LW_EVENT_SWISS, 2, 1, 0);
  g_assert_true (lw_store_add_event_entrant (fixture->store, second, "Ivy", LW_ENTRANT_CHECKED_IN, NULL));
  g_assert_true (lw_store_add_event_entrant (fixture->store, second, "Lou", LW_ENTRANT_CHECKED_IN, NULL));
  g_clear_pointer (&event, lw_event_free);
  event = lw_store_pair_event_round (fixture->store, second, NULL);
  g_assert_false (lw_store_set_event_game_result (fixture->store, second, 1, 1, game, &error));
  g_assert_nonnull (strstr (error->message, "already the result of event"));
  g_clear_error (&error);

  ids = lw_store_event_game_ids (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, game);

  /* Ratings over the stored games: the unfinished game is left out. */
  games = lw_store_load_rating_games (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lw_rating_games_get_n_games (games), ==, 1);
  lw_leaderboard_options_init (&options);
  rows = lw_leaderboard_compute (games, &options);
  g_assert_cmpuint (rows->len, ==, 2);
  g_assert_cmpstr (g_array_index (rows, LwLeaderboardRow, 0).name, ==, "Lou");
  g_assert_cmpfloat_with_epsilon (g_array_index (rows, LwLeaderboardRow, 0).mu, 27.635389, 1e-5);

  /* Deleting the game leaves the table without a result. */
  g_assert_true (lw_store_delete_game (fixture->store, game, &error));
  g_clear_pointer (&event, lw_event_free);
  event = lw_store_load_event (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_false (lw_event_is_finished (event));
}

/* Rows of event @id in each event table (byes, tables and seats through
 * their rounds and tables), and the games kept for its tables. */
static gint64
event_rows (const char *path,
            gint64      id)
{
  g_autofree char *sql = g_strdup_printf (
    "SELECT (SELECT count (*) FROM events WHERE id = %1$" G_GINT64_FORMAT ")"
    " + (SELECT count (*) FROM event_players WHERE event = %1$" G_GINT64_FORMAT ")"
    " + (SELECT count (*) FROM event_rounds WHERE event = %1$" G_GINT64_FORMAT ")"
    " + (SELECT count (*) FROM event_byes WHERE event = %1$" G_GINT64_FORMAT ")"
    " + (SELECT count (*) FROM event_tables WHERE event = %1$" G_GINT64_FORMAT ")"
    " + (SELECT count (*) FROM event_seats WHERE event_table IN"
    "    (SELECT id FROM event_tables WHERE event = %1$" G_GINT64_FORMAT "))"
    " + (SELECT count (*) FROM event_table_games WHERE event_table IN"
    "    (SELECT id FROM event_tables WHERE event = %1$" G_GINT64_FORMAT "))", id);

  return lw_test_sql_int_at (path, sql);
}

/* Renaming changes the name only; deleting removes every row of the
 * event and nothing else: its games, the other event, the ratings stay. */
static void
test_rename_delete (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (LwEvent) other_event = NULL;
  g_autoptr (LwRatingGames) games_before = NULL;
  g_autoptr (LwRatingGames) games_after = NULL;
  g_autoptr (GPtrArray) list = NULL;
  gint64 id, other, game, kept = 0;

  /* An event of 5 (a bye): at table 1 a game kept with the scorekeeper,
   * played to its end and linked as the result; at table 2 a game kept
   * while it is played. */
  id = new_event (fixture->store, LW_EVENT_SWISS, 2, 3, 5);
  event = lw_store_pair_event_round (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (((LwEventRound *) g_ptr_array_index (event->rounds, 0))->tables->len, ==, 2);
  game = lw_store_start_event_table_game (fixture->store, id, 1, 1, &error);
  g_assert_no_error (error);
  for (guint n = 0; ; n++)
    {
      g_autoptr (LwStoredGame) stored = lw_store_load_game (fixture->store, game, &error);
      g_autoptr (LwStandings) standings = lw_standings_compute (stored->record, &error);
      g_autoptr (LwRound) pack = NULL;

      g_assert_no_error (error);
      if (standings->finished)
        break;
      g_assert_cmpuint (n, <, 40);
      pack = lw_test_round_from (stored->record, "{'declarer':0,'cards':[20,6]}");
      g_assert_true (lw_store_append_round (fixture->store, game, pack, &error));
      g_assert_no_error (error);
    }
  g_assert_true (lw_store_set_event_game_result (fixture->store, id, 1, 1, game, &error));
  g_assert_no_error (error);
  kept = lw_store_start_event_table_game (fixture->store, id, 1, 2, &error);
  g_assert_no_error (error);
  other = new_event (fixture->store, LW_EVENT_ROUND_ROBIN, 2, 0, 4);
  other_event = lw_store_pair_event_round (fixture->store, other, &error);
  g_assert_no_error (error);
  games_before = lw_store_load_rating_games (fixture->store, &error);
  g_assert_no_error (error);
  /* The event, 5 players, 1 round, 1 bye, 2 tables of 2 seats, 2 games
   * kept (the linked one stays kept). */
  g_assert_cmpint (event_rows (fixture->path, id), ==, 1 + 5 + 1 + 1 + 2 + 4 + 2);

  /* Renamed: only the name changes. */
  before = dump_events (fixture->path);
  g_assert_true (lw_store_rename_event (fixture->store, id, "Autumn Cup", &error));
  g_assert_no_error (error);
  after = dump_events (fixture->path);
  g_assert_cmpstr (after, !=, before);
  {
    g_autofree char *renamed = g_strdup (before);
    char *at = strstr (renamed, "|Club night|swiss|");

    /* The same dump with the first event's name replaced. */
    g_assert_nonnull (at);
    g_clear_pointer (&before, g_free);
    *at = '\0';
    before = g_strconcat (renamed, "|Autumn Cup|swiss|", at + strlen ("|Club night|swiss|"), NULL);
    g_assert_cmpstr (after, ==, before);
  }
  g_clear_pointer (&event, lw_event_free);
  event = lw_store_load_event (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (event->name, ==, "Autumn Cup");

  /* Refused: nothing changes. */
  {
    const char *const bad[] = { "", "   ", "Spring\tCup", "Spring\nCup", "\xff" };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_assert_false (lw_store_rename_event (fixture->store, id, bad[i], &error));
        lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
      }
  }
  /* The white space around a name is not kept. */
  g_assert_true (lw_store_rename_event (fixture->store, id, "  Autumn Cup ", &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwEvent) again = lw_store_load_event (fixture->store, id, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (again->name, ==, "Autumn Cup");
  }
  g_assert_false (lw_store_rename_event (fixture->store, 99, "Spring", &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, "no event with ID 99");
  g_clear_error (&error);
  g_assert_false (lw_store_delete_event (fixture->store, 99, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_clear_pointer (&after, g_free);
  after = dump_events (fixture->path);
  g_assert_cmpstr (after, ==, before);

  /* Deleted: every row of the event; the games, the other event and
   * the ratings stay. */
  g_assert_true (lw_store_delete_event (fixture->store, id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (event_rows (fixture->path, id), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM games"), ==, 2);
  {
    g_autoptr (LwStoredGame) stored = lw_store_load_game (fixture->store, game, &error);
    g_assert_no_error (error);
  }
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM event_tables"
                                                      " WHERE game IS NOT NULL"), ==, 0);
  g_assert_cmpint (event_rows (fixture->path, other), ==,
                   1 + 4 + 1 + 0 + 2 + 4 + 0);
  g_assert_null (lw_store_load_event (fixture->store, id, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  list = lw_store_list_events (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpint (((LwEventSummary *) g_ptr_array_index (list, 0))->id, ==, other);
  {
    g_autoptr (LwStoredGame) stored = lw_store_load_game (fixture->store, kept, &error);
    g_assert_no_error (error);
  }
  games_after = lw_store_load_rating_games (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lw_rating_games_get_n_games (games_after), ==,
                    lw_rating_games_get_n_games (games_before));
  g_assert_cmpuint (lw_rating_games_get_n_games (games_after), ==, 1);
}

/* Schema 6: an event's tie-breaks are stored as chosen; an event of a
 * schema-5 file (no such column) reads with the default order. */
static void
test_tiebreaks (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *backup = lw_store_migration_backup_path (fixture->path, 5);
  g_autoptr (LwEvent) event = NULL;
  g_autofree char *text = NULL;
  LwEventConfig config;
  gint64 chosen, older;

  lw_event_config_init (&config, LW_EVENT_SWISS, 2);
  g_assert_true (lw_tiebreaks_from_string ("skunks,margin", &config, &error));
  chosen = lw_store_add_event (fixture->store, "Chosen", &config, &error);
  g_assert_no_error (error);
  event = lw_store_load_event (fixture->store, chosen, &error);
  g_assert_no_error (error);
  text = lw_tiebreaks_to_string (&event->config);
  g_assert_cmpstr (text, ==, "skunks,margin");
  g_clear_pointer (&event, lw_event_free);
  g_clear_pointer (&text, g_free);

  lw_event_config_init (&config, LW_EVENT_SWISS, 2);
  older = lw_store_add_event (fixture->store, "Older", &config, &error);
  g_assert_no_error (error);
  lw_test_reopen_from_version (&fixture->store, fixture->path, LW_TEST_DROP_SCHEMA_6, 5);
  g_assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));
  lw_test_assert_migrated (fixture->path, backup, 5);
  event = lw_store_load_event (fixture->store, older, &error);
  g_assert_no_error (error);
  text = lw_tiebreaks_to_string (&event->config);
  g_assert_cmpstr (text, ==, "buchholz,head-to-head,margin,skunks");
}

/* An elimination's seeding is kept with the event (schema 10): by rating
 * when it was made so, registration order for an event from schema 9;
 * a file whose seeding is neither is refused by name. */
static void
test_seeding (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = NULL;
  LwEventConfig config;
  gint64 rated, older;

  lw_event_config_init (&config, LW_EVENT_ELIMINATION, 2);
  config.seeding = LW_SEEDING_RATING;
  rated = lw_store_add_event (fixture->store, "Cup", &config, &error);
  g_assert_no_error (error);
  event = lw_store_load_event (fixture->store, rated, &error);
  g_assert_no_error (error);
  g_assert_cmpint (event->config.seeding, ==, LW_SEEDING_RATING);
  g_clear_pointer (&event, lw_event_free);

  /* Not for a Swiss event. */
  lw_event_config_init (&config, LW_EVENT_SWISS, 2);
  config.seeding = LW_SEEDING_RATING;
  g_assert_cmpint (lw_store_add_event (fixture->store, "Club", &config, &error), ==, 0);
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "seeding 1: seeding by rating is for single elimination only");
  g_clear_error (&error);

  /* An event of schema 9: seeded in registration order, as then. */
  lw_test_migrate_from (fixture, LW_TEST_DROP_SCHEMA_10, 9);
  event = lw_store_load_event (fixture->store, rated, &error);
  g_assert_no_error (error);
  g_assert_cmpint (event->config.seeding, ==, LW_SEEDING_REGISTRATION);
  g_clear_pointer (&event, lw_event_free);

  lw_event_config_init (&config, LW_EVENT_ELIMINATION, 2);
  older = lw_store_add_event (fixture->store, "Plate", &config, &error);
  g_assert_no_error (error);
  g_clear_object (&fixture->store);
  lw_test_sql_exec_at (fixture->path, "PRAGMA ignore_check_constraints = ON;"
                                      "UPDATE events SET seeding = 'luck' WHERE name = 'Plate';");
  fixture->store = lw_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_null (lw_store_load_event (fixture->store, older, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "its seeding is unknown"));
}

/* A schema-3 database (a current one without the event tables) is copied
 * to PATH.v3.bak and migrated with its games. */
static void
test_migration_from_v3 (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = lw_test_pair_record ("Ann", "Ben");
  g_autofree char *backup = lw_store_migration_backup_path (fixture->path, 3);
  g_autoptr (LwEvent) event = NULL;

  g_assert_cmpint (lw_store_add_game (fixture->store, record, &error), ==, 1);
  lw_test_reopen_from_version (&fixture->store, fixture->path, LW_TEST_DROP_SCHEMA_4, 3);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM games"), ==, 1);
  g_assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));
  lw_test_assert_migrated (fixture->path, backup, 3);
  g_assert_cmpint (lw_test_sql_int_at (backup, "SELECT count(*) FROM sqlite_schema WHERE name = 'events'"),
                   ==, 0);

  /* Events work in the migrated file, with the existing player. */
  new_event (fixture->store, LW_EVENT_ROUND_ROBIN, 2, 0, 3);
  g_assert_true (lw_store_add_event_entrant (fixture->store, 1, "Ann", LW_ENTRANT_CHECKED_IN, &error));
  event = lw_store_pair_event_round (fixture->store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (((LwEventRound *) g_ptr_array_index (event->rounds, 0))->tables->len, ==, 2);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM players WHERE name = 'Ann'"), ==, 1);
}

/* The table's result as the store has it: the linked game, 0 for none. */
static gint64
table_result (LwStore *store,
              gint64   event_id,
              guint    table)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = lw_store_load_event (store, event_id, &error);
  const LwEventRound *round;
  const LwEventTable *seats;

  g_assert_no_error (error);
  round = g_ptr_array_index (event->rounds, 0);
  seats = &g_array_index (round->tables, LwEventTable, table - 1);
  g_assert_cmpuint (seats->number, ==, table);
  return seats->has_result ? seats->game_id : 0;
}

/* Appends seat 0's packs to @game until one more would end it; returns
 * that last round (which ends the game). */
static LwRound *
play_until_last_round (LwStore *store,
                       gint64   game)
{
  for (guint n = 0; n < 40; n++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (LwStoredGame) stored = lw_store_load_game (store, game, &error);
      g_autoptr (LwRound) pack = NULL;
      g_autoptr (LwStandings) standings = NULL;

      g_assert_no_error (error);
      pack = lw_test_round_from (stored->record, "{'declarer':0,'cards':[20,6]}");
      g_ptr_array_add (stored->record->rounds, lw_round_copy (pack));
      standings = lw_standings_compute (stored->record, &error);
      g_assert_no_error (error);
      if (standings->finished)
        return g_steal_pointer (&pack);
      g_assert_true (lw_store_append_round (store, game, pack, &error));
      g_assert_no_error (error);
    }
  g_assert_not_reached ();
}

/* The round that ends a game kept for an event's table makes the game the
 * table's result in the same transaction: when linking it fails, the
 * round is not stored either (no finished game without its result), and
 * once it is stored the result is there without a second step. */
static void
test_finishing_round_links_result (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (LwRound) last = NULL;
  g_autoptr (LwStoredGame) after = NULL;
  gint64 id, game;
  guint n_rounds;

  id = new_event (fixture->store, LW_EVENT_SWISS, 2, 3, 4);
  event = lw_store_pair_event_round (fixture->store, id, &error);
  g_assert_no_error (error);
  game = lw_store_start_event_table_game (fixture->store, id, 1, 1, &error);
  g_assert_no_error (error);
  last = play_until_last_round (fixture->store, game);
  g_assert_cmpint (table_result (fixture->store, id, 1), ==, 0);

  /* Another program makes writing a table's result fail. */
  lw_test_sql_exec_at (fixture->path,
                       "CREATE TRIGGER refuse_results BEFORE UPDATE OF game ON event_tables"
                       " WHEN NEW.game IS NOT NULL BEGIN"
                       "  SELECT RAISE (ABORT, 'results refused');"
                       " END;");
  n_rounds = (guint) lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM rounds");
  g_assert_false (lw_store_append_round (fixture->store, game, last, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "results refused"));
  g_clear_error (&error);
  g_assert_cmpuint ((guint) lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM rounds"),
                    ==, n_rounds);
  after = lw_store_load_game (fixture->store, game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (table_result (fixture->store, id, 1), ==, 0);
  {
    g_autoptr (LwStandings) standings = lw_standings_compute (after->record, &error);

    g_assert_no_error (error);
    g_assert_false (standings->finished);
  }

  /* Without the trigger the same round is stored, and the table has its
   * result in the same write. */
  lw_test_sql_exec_at (fixture->path, "DROP TRIGGER refuse_results");
  g_assert_true (lw_store_append_round (fixture->store, game, last, &error));
  g_assert_no_error (error);
  g_assert_cmpint (table_result (fixture->store, id, 1), ==, game);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path,
                                       "SELECT count (*) FROM event_tables WHERE game IS NOT NULL"),
                   ==, 1);

  /* An undo that finishes the game again links it too: the result taken
   * away (as a database of an older version may have it), the last round
   * deleted, then the deletion undone. */
  lw_test_sql_exec_at (fixture->path, "UPDATE event_tables SET game = NULL");
  g_assert_true (lw_store_delete_round (fixture->store, game, n_rounds + 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (table_result (fixture->store, id, 1), ==, 0);
  g_assert_true (lw_store_undo_last_edit (fixture->store, game, &error));
  g_assert_no_error (error);
  g_assert_cmpint (table_result (fixture->store, id, 1), ==, game);

  /* A finished game left without its result by an older version is
   * linked when the next round is paired, which no longer refuses. */
  lw_test_sql_exec_at (fixture->path, "UPDATE event_tables SET game = NULL");
  g_assert_cmpint (table_result (fixture->store, id, 1), ==, 0);
  g_assert_true (lw_store_set_event_paper_result (fixture->store, id, 1, 2,
                                                  (const int[]) { 15, 3 }, 2, &error));
  g_assert_no_error (error);
  g_clear_pointer (&event, lw_event_free);
  event = lw_store_pair_event_round (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (event->rounds->len, ==, 2);
  g_assert_cmpint (table_result (fixture->store, id, 1), ==, game);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  /* The shared cases are needed: stops here when they are missing. */
  lw_test_cases_dir ();

  lw_test_add_db ("/store-events/round-trip", test_round_trip);
  lw_test_add_db ("/store-events/refusals-change-nothing", test_refusals_change_nothing);
  lw_test_add_db ("/store-events/game-result", test_game_result);
  lw_test_add_db ("/store-events/finishing-round-links-result", test_finishing_round_links_result);
  lw_test_add_db ("/store-events/rename-delete", test_rename_delete);
  lw_test_add_db ("/store-events/tiebreaks", test_tiebreaks);
  lw_test_add_db ("/store-events/seeding", test_seeding);
  lw_test_add_db ("/store-events/migration-from-v3", test_migration_from_v3);

  return g_test_run ();
}
