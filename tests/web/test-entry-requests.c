/* test-entry-requests.c — the requests of table entry (lw-entry-requests.h),
 * without a network:
 *
 * - a good round is stored as one entered in the app, the answer is the
 *   new board, and round-stored is emitted;
 * - a round the engine refuses is answered 422 with the engine's message,
 *   and nothing is stored;
 * - the same round sent twice (two phones at one table), or with an old
 *   version, is answered 409 and stored once;
 * - a locked round cannot be corrected (423), an unlocked one can;
 * - the version a page polls follows rounds, corrections and locks;
 * - without the secret, with a wrong one or with another table's, nothing
 *   is read or written (403); a closed table is gone (404);
 * - bodies that are not the API's JSON are refused (400, 413);
 * - an event's table: its game is created, and linked when finished;
 * - an event's current round: each table's game, made once, a table with
 *   a result from paper left out;
 * - a lock follows its round when an earlier round is deleted;
 * - a deleted game's state is gone (404);
 * - a round stored by another program while a phone's is checked makes
 *   the phone's 409, not a second copy;
 * - the server's own connection keeps the game between requests: a round
 *   appended scores that round only (no replay), and another program's
 *   round, or a name changed in the file without a new version, is seen;
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>
#include <sqlite3.h>

#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-entry-requests.h"
#include "lw-score-private.h"
#include "lw-test-util.h"

typedef struct
{
  LwTestDb db;  /* its folder, the database file and the store */
  LwEntryRequests *entry;
  gint64 game;
  gint64 other;
  char *secret;
  char *other_secret;
  guint stored;
  /* @game's table's paths (game_path()): its state, its rounds, its
   * version */
  char *state_path;
  char *rounds_path;
  char *version_path;
} Fixture;

static void
round_stored_cb (LwEntryRequests *entry,
                 gint64           game,
                 guint            number,
                 Fixture         *fixture)
{
  fixture->stored++;
}

/* The API path of game @game's table, followed by @rest ("/rounds"). */
static char *
game_path (gint64      game,
           const char *rest)
{
  return g_strdup_printf ("/api/tables/%" G_GINT64_FORMAT "%s", game, rest);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;

  lw_test_db_set_up (&fixture->db, data);
  fixture->game = lw_test_add_pair_game (fixture->db.store, "Ann", "Ben");
  fixture->other = lw_test_add_pair_game (fixture->db.store, "Cleo", "Dev");
  fixture->entry = lw_entry_requests_new (fixture->db.store);
  g_signal_connect (fixture->entry, "round-stored", G_CALLBACK (round_stored_cb), fixture);
  fixture->secret = g_strdup (lw_entry_requests_open_table (fixture->entry, fixture->game, "Table 1", &error));
  g_assert_no_error (error);
  fixture->other_secret = g_strdup (lw_entry_requests_open_table (fixture->entry, fixture->other, NULL, &error));
  g_assert_no_error (error);
  fixture->state_path = game_path (fixture->game, "");
  fixture->rounds_path = game_path (fixture->game, "/rounds");
  fixture->version_path = game_path (fixture->game, "/version");
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->entry);
  lw_test_db_tear_down (&fixture->db, data);
  g_free (fixture->secret);
  g_free (fixture->other_secret);
  g_free (fixture->state_path);
  g_free (fixture->rounds_path);
  g_free (fixture->version_path);
}

/* Sends a request; returns the status, the answer parsed in *@answer. */
static guint
request (Fixture     *fixture,
         const char  *method,
         const char  *path,
         const char  *secret,
         const char  *body,
         JsonObject **answer)
{
  g_autofree char *response = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  guint status;

  status = lw_entry_requests_handle (fixture->entry, method, path, secret,
                                  body, body != NULL ? strlen (body) : 0, &response);
  g_assert_nonnull (response);
  json_parser_load_from_data (parser, response, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  if (answer != NULL)
    *answer = json_object_ref (json_node_get_object (json_parser_get_root (parser)));
  return status;
}

static guint
n_rounds (Fixture *fixture,
          gint64   game)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) stored = lw_store_load_game (fixture->db.store, game, &error);

  g_assert_no_error (error);
  return stored->record->rounds->len;
}

static gint64
version (Fixture *fixture)
{
  g_autoptr (GError) error = NULL;
  gint64 v = -1;

  lw_store_get_game_version (fixture->db.store, fixture->game, &v, &error);
  g_assert_no_error (error);
  return v;
}

static char *
round_body (guint       number,
            gint64      v,
            const char *round)
{
  if (number == 0)
    return g_strdup_printf ("{\"version\": %" G_GINT64_FORMAT ", \"round\": %s}", v, round);
  return g_strdup_printf ("{\"number\": %u, \"version\": %" G_GINT64_FORMAT ", \"round\": %s}",
                          number, v, round);
}

/* The table's game as stored: @n_rounds rounds, the last declared by
 * @declarer (LW_NO_SEAT: nobody). */
static void
assert_last_declarer (Fixture *fixture,
                      guint    n_rounds,
                      int      declarer)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->db.store, fixture->game, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (game->record->rounds->len, ==, n_rounds);
  g_assert_cmpint (((LwRound *) g_ptr_array_index (game->record->rounds, n_rounds - 1))->declarer,
                   ==, declarer);
}

static void
test_state (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr (JsonObject) answer = NULL;

  g_assert_cmpuint (strlen (fixture->secret), ==, LW_ENTRY_SECRET_LENGTH);
  g_assert_cmpstr (fixture->secret, !=, fixture->other_secret);
  g_assert_cmpuint (request (fixture, "GET", fixture->state_path, fixture->secret, NULL, &answer), ==, 200);
  g_assert_cmpstr (json_object_get_string_member (answer, "label"), ==, "Table 1");
  g_assert_cmpint (json_object_get_int_member (answer, "next_round"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (answer, "total_cards"), ==, 26);
  g_assert_cmpint (json_object_get_int_member (answer, "version"), ==, version (fixture));
  g_assert_false (json_object_get_boolean_member (answer, "finished"));
  g_assert_true (json_object_get_null_member (answer, "winner"));
  g_assert_false (json_object_get_boolean_member (answer, "skunk"));
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (answer, "scores"), 0), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (answer, "players"), 1), ==, "Ben");
  /* Standard rules: no set, no rules line. */
  g_assert_true (json_object_get_null_member (answer, "rule_set"));
  g_assert_true (json_object_get_null_member (answer, "rules"));
}

/* The state names the game's rule set and its rules line (the text
 * score sheet's, lw_game_record_rules_text()). */
static void
test_state_rule_set (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = lw_test_pair_record ("Eve", "Finn");
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) answer = NULL;
  g_autofree char *path = NULL;
  g_autofree char *secret = NULL;
  gint64 id;

  record->rule_set = g_strdup ("Club nights");
  record->run_fill = LW_RUN_FILL_INSIDE_ONLY;
  id = lw_store_add_game (fixture->db.store, record, &error);
  g_assert_no_error (error);
  secret = g_strdup (lw_entry_requests_open_table (fixture->entry, id, "Table 3", &error));
  g_assert_no_error (error);
  path = game_path (id, "");
  g_assert_cmpuint (request (fixture, "GET", path, secret, NULL, &answer), ==, 200);
  g_assert_cmpstr (json_object_get_string_member (answer, "rule_set"), ==, "Club nights");
  g_assert_cmpstr (json_object_get_string_member (answer, "rules"), ==,
                   "Club nights — Little Wolf fills only inside a Run");
}

static void
test_good_round (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *body = round_body (1, version (fixture),
                                      "{\"declarer\": 0, \"cards\": [20, 6], \"worms\": [0, 1]}");
  g_autoptr (JsonObject) answer = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GPtrArray) edits = NULL;
  const LwRound *round;
  JsonArray *scores;
  gint64 before = version (fixture);

  g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, fixture->secret, body, &answer), ==, 201);
  g_assert_cmpuint (fixture->stored, ==, 1);

  game = lw_store_load_game (fixture->db.store, fixture->game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->record->rounds->len, ==, 1);
  round = g_ptr_array_index (game->record->rounds, 0);
  g_assert_cmpint (round->declarer, ==, 0);
  g_assert_cmpint (round->cards[0], ==, 20);
  g_assert_cmpint (round->worms[1], ==, 1);

  /* Logged like a round entered in the app. */
  edits = lw_test_list_edits (fixture->db.store, fixture->game);
  g_assert_cmpuint (edits->len, ==, 1);
  g_assert_cmpstr (((LwLoggedEdit *) g_ptr_array_index (edits, 0))->kind, ==, "append_round");

  /* The answer is the new board: the engine's scores, a new version. */
  g_assert_cmpint (json_object_get_int_member (answer, "next_round"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (answer, "version"), >, before);
  scores = json_object_get_array_member (answer, "scores");
  g_assert_cmpint (json_array_get_int_element (scores, 0), >, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (answer, "rounds")), ==, 1);

  /* The other table is untouched. */
  g_assert_cmpuint (n_rounds (fixture, fixture->other), ==, 0);
}

static void
test_bad_round (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *body = round_body (1, version (fixture), "{\"declarer\": 0, \"cards\": [20, 5]}");
  g_autofree char *dens = round_body (1, version (fixture),
                                      "{\"declarer\": 0, \"cards\": [20, 6], \"wolves\": [3, 0]}");
  g_autoptr (JsonObject) answer = NULL;
  g_autoptr (JsonObject) answer2 = NULL;

  g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, fixture->secret, body, &answer), ==, 422);
  g_assert_cmpstr (json_object_get_string_member (answer, "error"), ==,
                   "round 1: cards sum to 25, expected 26 (2 players × 13)");
  g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, fixture->secret, dens, &answer2), ==, 422);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (answer2, "error"), "round 1: "));
  g_assert_cmpuint (n_rounds (fixture, fixture->game), ==, 0);
  g_assert_cmpuint (fixture->stored, ==, 0);
}

static void
test_stale (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *first = round_body (1, version (fixture), "{\"declarer\": 0, \"cards\": [20, 6]}");
  g_autofree char *second = round_body (1, version (fixture), "{\"declarer\": 1, \"cards\": [6, 20]}");
  g_autofree char *old_version = NULL;
  g_autoptr (JsonObject) answer = NULL;
  g_autoptr (JsonObject) answer2 = NULL;

  /* Two phones at one table send round 1 from the same board. */
  g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, fixture->secret, first, NULL), ==, 201);
  g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, fixture->secret, second, &answer), ==, 409);
  g_assert_nonnull (strstr (json_object_get_string_member (answer, "error"),
                            "round 1 has already been entered"));
  assert_last_declarer (fixture, 1, 0);

  /* The right number with an old version: the app changed the game. */
  old_version = round_body (2, version (fixture) - 1, "{\"declarer\": 1, \"cards\": [6, 20]}");
  g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, fixture->secret, old_version, &answer2), ==, 409);
  g_assert_nonnull (strstr (json_object_get_string_member (answer2, "error"), "the game changed"));
  g_assert_cmpuint (n_rounds (fixture, fixture->game), ==, 1);
  g_assert_cmpuint (fixture->stored, ==, 1);
}

static void
test_locked (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *round1 = game_path (fixture->game, "/rounds/1");
  g_autofree char *first = round_body (1, version (fixture), "{\"declarer\": 0, \"cards\": [20, 6]}");
  g_autofree char *fix = NULL;
  g_autoptr (JsonObject) answer = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) locks = NULL;
  gboolean locked = FALSE;

  g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, fixture->secret, first, NULL), ==, 201);
  lw_store_set_round_locked (fixture->db.store, fixture->game, 1, TRUE, &error);
  g_assert_no_error (error);
  locks = lw_store_list_locked_rounds (fixture->db.store, fixture->game, &error);
  g_assert_cmpuint (locks->len, ==, 1);
  g_assert_cmpuint (g_array_index (locks, guint, 0), ==, 1);

  fix = round_body (0, version (fixture), "{\"declarer\": 1, \"cards\": [6, 20]}");
  g_assert_cmpuint (request (fixture, "PUT", round1, fixture->secret, fix, &answer), ==, 423);
  g_assert_cmpstr (json_object_get_string_member (answer, "error"), ==,
                   "round 1 is locked by the director: only they can correct it now");

  /* A round that does not exist cannot be locked. */
  g_assert_false (lw_store_set_round_locked (fixture->db.store, fixture->game, 2, TRUE, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Unlocked, the phone corrects it. */
  lw_store_set_round_locked (fixture->db.store, fixture->game, 1, FALSE, &error);
  g_assert_no_error (error);
  lw_store_is_round_locked (fixture->db.store, fixture->game, 1, &locked, &error);
  g_assert_false (locked);
  g_assert_cmpuint (request (fixture, "PUT", round1, fixture->secret, fix, NULL), ==, 200);
  assert_last_declarer (fixture, 1, 1);
  g_assert_cmpuint (fixture->stored, ==, 2);
}

/* The version a page polls: it changes with a round, a correction and a
 * lock, and reads nothing without the table's secret. */
static void
test_version (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *round1 = game_path (fixture->game, "/rounds/1");
  g_autofree char *first = round_body (1, version (fixture), "{\"declarer\": 0, \"cards\": [20, 6]}");
  g_autofree char *fix = NULL;
  g_autoptr (JsonObject) answer = NULL;
  g_autoptr (JsonObject) after_round = NULL;
  g_autoptr (JsonObject) after_fix = NULL;
  g_autoptr (JsonObject) after_lock = NULL;
  g_autoptr (JsonObject) other = NULL;
  g_autoptr (GError) error = NULL;
  JsonArray *locked;

  g_assert_cmpuint (request (fixture, "GET", fixture->version_path, fixture->secret, NULL, &answer), ==, 200);
  g_assert_cmpint (json_object_get_int_member (answer, "version"), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (answer, "locked")), ==, 0);
  g_assert_cmpuint (json_object_get_size (answer), ==, 2);

  g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, fixture->secret, first, NULL), ==, 201);
  g_assert_cmpuint (request (fixture, "GET", fixture->version_path, fixture->secret, NULL, &after_round), ==, 200);
  g_assert_cmpint (json_object_get_int_member (after_round, "version"), ==, 1);

  fix = round_body (0, 1, "{\"declarer\": 1, \"cards\": [6, 20]}");
  g_assert_cmpuint (request (fixture, "PUT", round1, fixture->secret, fix, NULL), ==, 200);
  g_assert_cmpuint (request (fixture, "GET", fixture->version_path, fixture->secret, NULL, &after_fix), ==, 200);
  g_assert_cmpint (json_object_get_int_member (after_fix, "version"), ==, 2);

  /* A lock changes no version, but the page must show it. */
  lw_store_set_round_locked (fixture->db.store, fixture->game, 1, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (request (fixture, "GET", fixture->version_path, fixture->secret, NULL, &after_lock), ==, 200);
  g_assert_cmpint (json_object_get_int_member (after_lock, "version"), ==, 2);
  locked = json_object_get_array_member (after_lock, "locked");
  g_assert_cmpuint (json_array_get_length (locked), ==, 1);
  g_assert_cmpint (json_array_get_int_element (locked, 0), ==, 1);

  g_assert_cmpuint (request (fixture, "GET", fixture->version_path, fixture->other_secret, NULL, &other), ==, 403);
  g_assert_false (json_object_has_member (other, "version"));
  g_assert_cmpuint (request (fixture, "GET", fixture->version_path, NULL, NULL, NULL), ==, 403);
  g_assert_cmpuint (request (fixture, "POST", fixture->version_path, fixture->secret, first, NULL), ==, 405);
  {
    g_autofree char *deeper = game_path (fixture->game, "/version/1");

    g_assert_cmpuint (request (fixture, "GET", deeper, fixture->secret, NULL, NULL), ==, 404);
  }
}

static void
test_secrets (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *body = round_body (1, version (fixture), "{\"declarer\": 0, \"cards\": [20, 6]}");
  g_autofree char *wrong = g_strdup (fixture->secret);
  g_autoptr (JsonObject) answer = NULL;

  wrong[0] = wrong[0] == 'a' ? 'b' : 'a';
  g_assert_cmpuint (request (fixture, "GET", fixture->state_path, NULL, NULL, NULL), ==, 403);
  g_assert_cmpuint (request (fixture, "GET", fixture->state_path, "", NULL, NULL), ==, 403);
  g_assert_cmpuint (request (fixture, "GET", fixture->state_path, wrong, NULL, NULL), ==, 403);
  g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, NULL, body, NULL), ==, 403);
  g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, wrong, body, NULL), ==, 403);
  /* One table's secret on another table. */
  g_assert_cmpuint (request (fixture, "GET", fixture->state_path, fixture->other_secret, NULL, &answer), ==, 403);
  g_assert_nonnull (strstr (json_object_get_string_member (answer, "error"), "not valid for table"));
  g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, fixture->other_secret, body, NULL), ==, 403);
  /* A table not open, an unknown path. */
  {
    g_autofree char *unknown = game_path (fixture->game + 100, "");

    g_assert_cmpuint (request (fixture, "GET", unknown, fixture->secret, NULL, NULL), ==, 403);
    g_assert_cmpuint (request (fixture, "GET", "/api/tables/x", fixture->secret, NULL, NULL), ==, 404);
    g_assert_cmpuint (request (fixture, "GET", "/etc/passwd", fixture->secret, NULL, NULL), ==, 404);
  }
  g_assert_cmpuint (n_rounds (fixture, fixture->game), ==, 0);

  /* Closed: the secret no longer opens anything. */
  {
    g_autoptr (JsonObject) wrong_secret = NULL;
    g_autoptr (JsonObject) not_open = NULL;

    g_assert_cmpuint (request (fixture, "GET", fixture->state_path, wrong, NULL, &wrong_secret), ==, 403);
    lw_entry_requests_close_table (fixture->entry, fixture->game);
    g_assert_null (lw_entry_requests_get_secret (fixture->entry, fixture->game));
    /* A table not open answers exactly as a wrong secret does: no one
     * learns which games are open without a link. */
    g_assert_cmpuint (request (fixture, "GET", fixture->state_path, fixture->secret, NULL, &not_open), ==, 403);
    g_assert_cmpstr (json_object_get_string_member (not_open, "error"), ==,
                     json_object_get_string_member (wrong_secret, "error"));
  }
  g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, fixture->secret, body, NULL), ==, 403);
  g_assert_cmpuint (n_rounds (fixture, fixture->game), ==, 0);
  g_assert_nonnull (lw_entry_requests_get_secret (fixture->entry, fixture->other));
  lw_entry_requests_close_all (fixture->entry);
  g_assert_null (lw_entry_requests_get_secret (fixture->entry, fixture->other));
  g_assert_cmpuint (fixture->stored, ==, 0);
}

static void
test_bad_requests (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *big = g_strnfill (LW_ENTRY_MAX_BODY + 1, ' ');
  struct {
    const char *body;
    const char *message;
  } cases[] = {
    { "", "the request has no body: send the round as JSON" },
    { "{", NULL },
    { "[1]", "the request must be a JSON object" },
    { "{\"number\": 1, \"version\": 0}", "key \"round\" is missing" },
    { "{\"number\": 1, \"round\": {}}", "key \"version\" is missing" },
    { "{\"number\": \"1\", \"version\": 0, \"round\": {}}", "key \"number\" must be an integer ≥ 0" },
    { "{\"number\": 1, \"version\": 0, \"round\": [], \"x\": 1}", "key \"round\" must be an object (GAME-RECORD.md)" },
    { "{\"number\": 1, \"version\": 0, \"round\": {}, \"x\": 1}", "key \"x\" is not allowed" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (JsonObject) answer = NULL;

      g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, fixture->secret, cases[i].body, &answer),
                        ==, 400);
      if (cases[i].message != NULL)
        g_assert_cmpstr (json_object_get_string_member (answer, "error"), ==, cases[i].message);
    }
  /* A key the game record does not know: the engine's message. */
  {
    g_autofree char *body = round_body (1, version (fixture), "{\"declarer\": 0, \"cards\": [20, 6], \"worm\": [0, 0]}");
    g_autoptr (JsonObject) answer = NULL;

    g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, fixture->secret, body, &answer), ==, 422);
    g_assert_cmpstr (json_object_get_string_member (answer, "error"), ==, "round 1: key \"worm\" is not allowed");
  }
  {
    g_autofree char *response = NULL;

    g_assert_cmpuint (lw_entry_requests_handle (fixture->entry, "POST", fixture->rounds_path, fixture->secret,
                                             big, strlen (big), &response), ==, 413);
  }
  g_assert_cmpuint (request (fixture, "DELETE", fixture->state_path, fixture->secret, NULL, NULL), ==, 405);
  g_assert_cmpuint (request (fixture, "GET", fixture->rounds_path, fixture->secret, NULL, NULL), ==, 405);
  g_assert_cmpuint (n_rounds (fixture, fixture->game), ==, 0);
}

/* An event's table: the game is made from the table, and once a phone
 * enters the round that finishes it, it is the table's result. */
static void
test_event_table (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (LwEvent) after = NULL;
  g_autoptr (JsonObject) last = NULL;
  const char *names[] = { "Eve", "Finn", NULL };
  const LwEventTable *table;
  gint64 event_id, game_id = 0, found = 0;
  const char *secret;

  event_id = lw_test_add_swiss_event (fixture->db.store, "Club night", 2, 1, names);
  event = lw_store_pair_event_round (fixture->db.store, event_id, &error);
  g_assert_no_error (error);

  lw_store_get_event_table_game (fixture->db.store, event_id, 1, 1, &found, &error);
  g_assert_no_error (error);
  g_assert_cmpint (found, ==, 0);
  game_id = lw_store_start_event_table_game (fixture->db.store, event_id, 1, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game_id, >, 0);
  lw_store_get_event_table_game (fixture->db.store, event_id, 1, 1, &found, &error);
  g_assert_cmpint (found, ==, game_id);
  g_assert_cmpint (lw_store_start_event_table_game (fixture->db.store, event_id, 1, 1, &error), ==, 0);
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_clear_error (&error);

  /* Rounds until the game ends: Finn plays out of turn at 1 in round 1
   * (R19: 0), Eve wins every trick as declarer (R10) to 11: a skunk
   * (R23). The table has its result. */
  secret = lw_entry_requests_open_table (fixture->entry, game_id, "Table 1", &error);
  g_assert_no_error (error);
  for (guint n = 1; n <= 40; n++)
    {
      g_autofree char *path = game_path (game_id, "/rounds");
      g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->db.store, game_id, &error);
      g_autoptr (LwStandings) standings = lw_standings_compute (game->record, &error);
      g_autofree char *body = NULL;
      gint64 v = 0;

      if (standings->finished)
        break;
      lw_store_get_game_version (fixture->db.store, game_id, &v, &error);
      body = round_body (n, v, n == 1 ? "{\"declarer\": 0, \"cards\": [26, 0], "
                                        "\"penalties\": [{\"seat\": 1, \"kind\": \"out_of_turn\"}]}"
                                      : "{\"declarer\": 0, \"cards\": [26, 0]}");
      g_clear_pointer (&last, json_object_unref);
      g_assert_cmpuint (request (fixture, "POST", path, secret, body, &last), ==, 201);
    }
  g_assert_true (json_object_get_boolean_member (last, "finished"));
  g_assert_cmpint (json_object_get_int_member (last, "winner"), ==, 0);
  g_assert_true (json_object_get_boolean_member (last, "skunk"));
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (last, "scores"), 1), ==, 0);
  after = lw_store_load_event (fixture->db.store, event_id, &error);
  g_assert_no_error (error);
  table = lw_event_get_table (after, 1, 1, &error);
  g_assert_no_error (error);
  g_assert_true (table->has_result);
  g_assert_true (table->skunk);
  g_assert_cmpint (table->game_id, ==, game_id);
}

/* A duplicate event's table (DUPLICATE D9): its page knows the table's
 * boards of the round, the next one and its dealer (D2); each result is
 * that board's; a second result for a board, a board the table does not
 * play, `unpegged` (D4) and a correction from the phone are refused in
 * words, nothing stored. */
static void
test_duplicate_boards (Fixture       *fixture,
                       gconstpointer  data)
{
  static const char *names[] = { "Eve", "Finn", "Gus", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (JsonObject) answer = NULL;
  g_autofree char *api = NULL;
  g_autofree char *rounds = NULL;
  g_autofree char *page = NULL;
  g_autofree char *expected_page = NULL;
  LwEventConfig config;
  JsonArray *boards;
  const char *secret;
  gint64 event_id;

  lw_event_config_init (&config, LW_EVENT_DUPLICATE, 3);
  config.seed = 42;
  config.boards_per_round = 2;
  config.n_rounds = 1;
  event_id = lw_store_add_event (fixture->db.store, "Duplicate night", &config, &error);
  g_assert_no_error (error);
  lw_store_add_event_entrants (fixture->db.store, event_id, names, LW_ENTRANT_CHECKED_IN, &error);
  g_assert_no_error (error);
  event = lw_store_pair_event_round (fixture->db.store, event_id, &error);
  g_assert_no_error (error);

  g_assert_null (lw_entry_requests_open_board_table (fixture->entry, event_id, 1, 2, NULL, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_clear_error (&error);
  secret = lw_entry_requests_open_board_table (fixture->entry, event_id, 1, 1, NULL, &error);
  g_assert_no_error (error);
  page = lw_entry_requests_page_path (lw_entry_board_key (event_id, 1, 1), secret);
  expected_page = g_strdup_printf ("/t/e%" G_GINT64_FORMAT "-1-1#%s", event_id, secret);
  g_assert_cmpstr (page, ==, expected_page);
  g_assert_cmpstr (lw_entry_requests_get_secret (fixture->entry, lw_entry_board_key (event_id, 1, 1)), ==, secret);
  api = g_strdup_printf ("/api/tables/e%" G_GINT64_FORMAT "-1-1", event_id);
  rounds = g_strconcat (api, "/rounds", NULL);

  g_assert_cmpuint (request (fixture, "GET", api, secret, NULL, &answer), ==, 200);
  g_assert_true (json_object_get_boolean_member (answer, "duplicate"));
  g_assert_cmpstr (json_object_get_string_member (answer, "label"), ==, "Duplicate night · table 1");
  g_assert_cmpint (json_object_get_int_member (answer, "next_board"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (answer, "next_dealer"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (answer, "total_cards"), ==, 33);
  boards = json_object_get_array_member (answer, "boards");
  g_assert_cmpuint (json_array_get_length (boards), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (boards, 0), "check_code"), ==,
                   "7c764b");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (boards, 1), "dealer"), ==, 1);
  g_clear_pointer (&answer, json_object_unref);

  /* Board 1: Finn declares and takes 20 cards (R10): +1, the others 0. */
  g_assert_cmpuint (request (fixture, "POST", rounds, secret,
                             "{\"board\": 1, \"version\": 0, \"round\": {\"declarer\": 1, \"cards\": [5, 20, 8]}}",
                             &answer), ==, 201);
  g_assert_cmpint (json_object_get_int_member (answer, "next_board"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (answer, "next_dealer"), ==, 1);
  boards = json_object_get_array_member (answer, "boards");
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (boards, 0), "entered"));
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (json_array_get_object_element (boards, 0),
                                                                             "deltas"), 1), ==, 1);
  g_clear_pointer (&answer, json_object_unref);

  /* D9: a second result for board 1, a board the table does not play. */
  g_assert_cmpuint (request (fixture, "POST", rounds, secret,
                             "{\"board\": 1, \"version\": 1, \"round\": {\"declarer\": null, \"cards\": [11, 11, 11]}}",
                             &answer), ==, 409);
  g_assert_cmpstr (json_object_get_string_member (answer, "error"), ==,
                   "round 1, table 1, board 1: a result is already entered (DUPLICATE D9); "
                   "correct that board's round instead");
  g_clear_pointer (&answer, json_object_unref);
  g_assert_cmpuint (request (fixture, "POST", rounds, secret,
                             "{\"board\": 5, \"version\": 1, \"round\": {\"declarer\": null, \"cards\": [11, 11, 11]}}",
                             &answer), ==, 422);
  g_assert_cmpstr (json_object_get_string_member (answer, "error"), ==,
                   "round 1, table 1 did not play board 5: it plays boards 1–2 (DUPLICATE D9)");
  g_clear_pointer (&answer, json_object_unref);
  /* A stale version: another phone entered a board meanwhile. */
  g_assert_cmpuint (request (fixture, "POST", rounds, secret,
                             "{\"board\": 2, \"version\": 0, \"round\": {\"declarer\": null, \"cards\": [11, 11, 11]}}",
                             NULL), ==, 409);
  /* D4: pegging does not apply to a board. */
  g_assert_cmpuint (request (fixture, "POST", rounds, secret,
                             "{\"board\": 2, \"version\": 1, \"round\": {\"declarer\": 1, \"cards\": [5, 20, 8], "
                             "\"unpegged\": [1]}}", &answer), ==, 422);
  g_assert_nonnull (strstr (json_object_get_string_member (answer, "error"), "pegging does not apply"));
  g_clear_pointer (&answer, json_object_unref);
  /* The director corrects a board, not the phone. */
  {
    g_autofree char *put = g_strconcat (rounds, "/1", NULL);

    g_assert_cmpuint (request (fixture, "PUT", put, secret, "{}", NULL), ==, 405);
  }
  g_assert_cmpuint (request (fixture, "GET", api, fixture->secret, NULL, NULL), ==, 403);

  g_assert_cmpuint (request (fixture, "POST", rounds, secret,
                             "{\"board\": 2, \"version\": 1, \"round\": {\"declarer\": null, \"cards\": [11, 11, 11]}}",
                             &answer), ==, 201);
  g_assert_true (json_object_get_boolean_member (answer, "finished"));
  g_assert_true (json_object_get_null_member (answer, "next_board"));
  g_clear_pointer (&answer, json_object_unref);
  {
    g_autofree char *version = g_strconcat (api, "/version", NULL);

    g_assert_cmpuint (request (fixture, "GET", version, secret, NULL, &answer), ==, 200);
    g_assert_cmpint (json_object_get_int_member (answer, "version"), ==, 2);
  }
  g_clear_pointer (&event, lw_event_free);
  event = lw_store_load_event (fixture->db.store, event_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (event->board_results->len, ==, 2);
  g_assert_true (lw_event_get_table (event, 1, 1, NULL)->has_result);
}

/* The tables of an event's current round with their games, as the
 * director's window opens them: made once, found again. */
static void
test_event_round_games (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) again = NULL;
  const char *names[] = { "Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", NULL };
  const int paper[] = { 15, 3, 0 };
  gint64 event_id, before;
  guint round = 99;

  g_assert_null (lw_store_prepare_event_round_games (fixture->db.store, 4242, &round, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  event_id = lw_test_add_swiss_event (fixture->db.store, "Club night", 4, 2, names);

  /* No round paired: no table. */
  games = lw_store_prepare_event_round_games (fixture->db.store, event_id, &round, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 0);
  g_assert_cmpuint (round, ==, 0);
  g_clear_pointer (&games, g_ptr_array_unref);

  /* 7 players at 4 seats: a table of 4 and one of 3, each with its game
   * of the table's players in seat order. */
  event = lw_store_pair_event_round (fixture->db.store, event_id, &error);
  g_assert_no_error (error);
  before = lw_test_count_games (fixture->db.store);
  games = lw_store_prepare_event_round_games (fixture->db.store, event_id, &round, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (round, ==, 1);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpint (lw_test_count_games (fixture->db.store), ==, before + 2);
  for (guint t = 0; t < 2; t++)
    {
      const LwEventRoundGame *game = g_ptr_array_index (games, t);
      const LwEventTable *table = lw_event_get_table (event, 1, t + 1, &error);
      g_autoptr (LwStoredGame) stored = lw_store_load_game (fixture->db.store, game->game_id, &error);
      gint64 kept = 0;

      g_assert_no_error (error);
      g_assert_cmpuint (game->table, ==, t + 1);
      g_assert_cmpuint (g_strv_length (game->players), ==, t == 0 ? 4 : 3);
      g_assert_cmpuint (stored->record->n_players, ==, table->n_seats);
      g_assert_cmpint (stored->record->first_dealer, ==, table->first_dealer);
      for (guint s = 0; s < table->n_seats; s++)
        {
          const LwEntrant *entrant = g_ptr_array_index (event->entrants, table->entrants[s]);

          g_assert_cmpstr (game->players[s], ==, entrant->name);
          g_assert_cmpstr (stored->record->players[s], ==, entrant->name);
        }
      lw_store_get_event_table_game (fixture->db.store, event_id, 1, t + 1, &kept, &error);
      g_assert_cmpint (kept, ==, game->game_id);
    }

  /* Asked again (the window opened twice): the same games, no new one. */
  again = lw_store_prepare_event_round_games (fixture->db.store, event_id, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (again->len, ==, 2);
  for (guint t = 0; t < 2; t++)
    g_assert_cmpint (((LwEventRoundGame *) g_ptr_array_index (again, t))->game_id, ==,
                     ((LwEventRoundGame *) g_ptr_array_index (games, t))->game_id);
  g_assert_cmpint (lw_test_count_games (fixture->db.store), ==, before + 2);
  g_clear_pointer (&again, g_ptr_array_unref);
  g_clear_pointer (&games, g_ptr_array_unref);

  /* Round 2: table 2's result comes from paper before entry opens; only
   * table 1 gets a game. */
  for (guint t = 1; t <= 2; t++)
    {
      const int four[] = { 15, 3, 1, 0 };

      lw_store_set_event_paper_result (fixture->db.store, event_id, 1, t, t == 1 ? four : paper,
                                       t == 1 ? 4 : 3, &error);
      g_assert_no_error (error);
    }
  g_clear_pointer (&event, lw_event_free);
  event = lw_store_pair_event_round (fixture->db.store, event_id, &error);
  g_assert_no_error (error);
  lw_store_set_event_paper_result (fixture->db.store, event_id, 2, 2, paper, 3, &error);
  g_assert_no_error (error);
  before = lw_test_count_games (fixture->db.store);
  games = lw_store_prepare_event_round_games (fixture->db.store, event_id, &round, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (round, ==, 2);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_cmpuint (((LwEventRoundGame *) g_ptr_array_index (games, 0))->table, ==, 1);
  g_assert_cmpint (lw_test_count_games (fixture->db.store), ==, before + 1);
}

/* A lock belongs to the round the director locked: when a round before it
 * is deleted or inserted in the app, the lock moves with its round, and a
 * phone still cannot correct that round. */
static void
test_lock_follows_round (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *round2 = game_path (fixture->game, "/rounds/2");
  g_autofree char *fix = NULL;
  g_autoptr (JsonObject) answer = NULL;
  g_autoptr (GError) error = NULL;
  gboolean locked = FALSE;
  JsonArray *numbers;
  static const char *const rounds[] = {
    "{\"declarer\": 0, \"cards\": [20, 6]}",
    "{\"declarer\": 1, \"cards\": [6, 20]}",
    "{\"declarer\": null, \"cards\": [14, 12]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (rounds); i++)
    {
      g_autofree char *body = round_body (i + 1, version (fixture), rounds[i]);

      g_assert_cmpuint (request (fixture, "POST", fixture->rounds_path, fixture->secret, body, NULL), ==, 201);
    }

  /* The director locks round 3, then deletes round 1 in the app: the
   * locked round is round 2 now. */
  g_assert_true (lw_store_set_round_locked (fixture->db.store, fixture->game, 3, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_delete_round (fixture->db.store, fixture->game, 1, &error));
  g_assert_no_error (error);
  assert_last_declarer (fixture, 2, LW_NO_SEAT);

  g_assert_true (lw_store_is_round_locked (fixture->db.store, fixture->game, 2, &locked, &error));
  g_assert_no_error (error);
  g_assert_true (locked);

  /* What the page polls says so, and a phone's correction is refused. */
  g_assert_cmpuint (request (fixture, "GET", fixture->version_path, fixture->secret, NULL, &answer), ==, 200);
  numbers = json_object_get_array_member (answer, "locked");
  g_assert_cmpuint (json_array_get_length (numbers), ==, 1);
  g_assert_cmpint (json_array_get_int_element (numbers, 0), ==, 2);

  fix = round_body (0, version (fixture), "{\"declarer\": null, \"cards\": [12, 14]}");
  g_assert_cmpuint (request (fixture, "PUT", round2, fixture->secret, fix, NULL), ==, 423);
}

/* A game deleted in the app while its table is open: the page's reads
 * say it is gone (404), as the version it polls does, not a failure of
 * the database (500). */
static void
test_deleted_game (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (lw_store_delete_game (fixture->db.store, fixture->game, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (request (fixture, "GET", fixture->version_path, fixture->secret, NULL, NULL), ==, 404);
  g_assert_cmpuint (request (fixture, "GET", fixture->state_path, fixture->secret, NULL, NULL), ==, 404);
}

static gpointer
commit_later (gpointer data)
{
  sqlite3 *db = data;

  g_usleep (300 * 1000);
  g_assert_cmpint (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  return NULL;
}

/* Another program (a second window on the file) stores round 1 while a
 * phone's round 1 is on its way: the phone's round is checked against the
 * game as it is when it is stored, so it gets 409 and is not stored as
 * round 2. */
static void
test_other_program_first (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *body = round_body (1, version (fixture), "{\"declarer\": 1, \"cards\": [6, 20]}");
  g_autofree char *sql = NULL;
  GThread *other[1];
  sqlite3 *db = NULL;
  guint status;

  /* The other program has written round 1 and is committing it. */
  g_assert_cmpint (sqlite3_open (fixture->db.path, &db), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 5000);
  sql = g_strdup_printf ("BEGIN IMMEDIATE;"
                         "INSERT INTO rounds (game, number, declarer) VALUES (%" G_GINT64_FORMAT ", 1, 0);"
                         "INSERT INTO round_seats (round, seat, cards) VALUES (last_insert_rowid (), 0, 20);"
                         "INSERT INTO round_seats (round, seat, cards)"
                         " SELECT max (id), 1, 6 FROM rounds;"
                         "INSERT INTO edits (game, at, kind, number, new)"
                         " VALUES (%" G_GINT64_FORMAT ", 0, 'append_round', 1, '{}');",
                         fixture->game, fixture->game);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  other[0] = g_thread_new ("other-program", commit_later, db);

  status = request (fixture, "POST", fixture->rounds_path, fixture->secret, body, NULL);
  g_thread_join (other[0]);
  sqlite3_close (db);

  g_assert_cmpuint (n_rounds (fixture, fixture->game), ==, 1);
  g_assert_cmpuint (status, ==, 409);
}

/* A request through @entry; the answer parsed in *@answer. */
static guint
request_to (LwEntryRequests  *entry,
            const char       *method,
            const char       *path,
            const char       *secret,
            const char       *body,
            JsonObject      **answer)
{
  g_autofree char *response = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  guint status;

  status = lw_entry_requests_handle (entry, method, path, secret, body, body != NULL ? strlen (body) : 0,
                                     &response);
  json_parser_load_from_data (parser, response, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  *answer = json_object_ref (json_node_get_object (json_parser_get_root (parser)));
  return status;
}

/* The state's board against the game as stored, replayed: its version,
 * players, scores and every round's scores and facts. */
static void
assert_state_is_stored (Fixture    *fixture,
                        JsonObject *state)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game_as_stored (fixture->db.store, fixture->game, &error);
  g_autoptr (LwStandings) standings = NULL;
  JsonArray *rounds = json_object_get_array_member (state, "rounds");

  g_assert_no_error (error);
  standings = lw_standings_compute (game->record, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (state, "version"), ==, version (fixture));
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (state, "players"), 0), ==,
                   game->record->players[0]);
  for (guint i = 0; i < standings->n_sides; i++)
    g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (state, "scores"), i), ==,
                     standings->scores[i]);
  g_assert_cmpuint (json_array_get_length (rounds), ==, game->record->rounds->len);
  for (guint r = 0; r < game->record->rounds->len; r++)
    {
      JsonObject *item = json_array_get_object_element (rounds, r);
      const LwRoundResult *result = g_ptr_array_index (standings->rounds, r);
      const LwRound *round = g_ptr_array_index (game->record->rounds, r);
      JsonObject *facts = json_object_get_object_member (item, "round");

      g_assert_cmpint (json_object_get_int_member (item, "number"), ==, r + 1);
      g_assert_false (json_object_get_boolean_member (item, "locked"));
      for (guint i = 0; i < standings->n_sides; i++)
        g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (item, "scores"), i), ==,
                         result->scores[i]);
      g_assert_cmpint (json_object_get_int_member (facts, "declarer"), ==, round->declarer);
    }
}

/* The server's entry, on a connection of its own, keeps the game between
 * requests (checked by its version and the file's data_version): a round
 * appended is scored alone; another program's round and a name changed
 * in the file without a new version are seen at the next request. */
static void
test_held_game (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) second = lw_store_open_another (fixture->db.store, 1000, &error);
  g_autoptr (LwEntryRequests) serving = NULL;
  g_autoptr (LwRound) round = lw_round_new ();
  g_autofree char *sql = NULL;
  gint64 v;
  guint status;
  sqlite3 *db = NULL;

  g_assert_no_error (error);
  serving = lw_entry_requests_new_sharing (fixture->entry, second);

  /* Rounds 1 to 4 from the phone: after the first read, none replays the game. */
  for (guint n = 1; n <= 4; n++)
    {
      g_autofree char *body = NULL;
      g_autoptr (JsonObject) state = NULL;
      guint replays;

      status = request_to (serving, "GET", fixture->state_path, fixture->secret, NULL, &state);
      g_assert_cmpuint (status, ==, 200);
      v = json_object_get_int_member (state, "version");
      body = round_body (n, v, n % 2 ? "{\"declarer\": 1, \"cards\": [6, 20]}"
                                     : "{\"declarer\": 0, \"cards\": [20, 6]}");
      g_clear_pointer (&state, json_object_unref);
      replays = lw_score_get_replay_count ();
      status = request_to (serving, "POST", fixture->rounds_path, fixture->secret, body, &state);
      g_assert_cmpuint (status, ==, 201);
      if (n > 1)
        g_assert_cmpuint (lw_score_get_replay_count (), ==, replays);
      assert_state_is_stored (fixture, state);
      /* The second phone's copy: refused, stored once. */
      g_clear_pointer (&state, json_object_unref);
      status = request_to (serving, "POST", fixture->rounds_path, fixture->secret, body, &state);
      g_assert_cmpuint (status, ==, 409);
      g_assert_cmpuint (n_rounds (fixture, fixture->game), ==, n);
    }

  /* Another program appends round 5: the phone's round 5 at the version
   * it saw is refused, and the board shows the other program's round. */
  {
    g_autoptr (JsonObject) state = NULL;
    g_autofree char *body = NULL;

    status = request_to (serving, "GET", fixture->state_path, fixture->secret, NULL, &state);
    g_assert_cmpuint (status, ==, 200);
    v = json_object_get_int_member (state, "version");
    round->declarer = 1;
    round->cards[0] = 6;
    round->cards[1] = 20;
    g_assert_true (lw_store_append_round (fixture->db.store, fixture->game, round, &error));
    g_assert_no_error (error);
    body = round_body (5, v, "{\"declarer\": 0, \"cards\": [20, 6]}");
    g_clear_pointer (&state, json_object_unref);
    status = request_to (serving, "POST", fixture->rounds_path, fixture->secret, body, &state);
    g_assert_cmpuint (status, ==, 409);
    g_assert_cmpuint (n_rounds (fixture, fixture->game), ==, 5);
    g_clear_pointer (&state, json_object_unref);
    status = request_to (serving, "GET", fixture->state_path, fixture->secret, NULL, &state);
    g_assert_cmpuint (status, ==, 200);
    assert_state_is_stored (fixture, state);
  }

  /* A name changed in the file by another program, without a new
   * version: seen all the same. */
  g_assert_cmpint (sqlite3_open (fixture->db.path, &db), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 5000);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE players SET name = 'Zed' WHERE name = 'Ann'", NULL, NULL, NULL), ==,
                   SQLITE_OK);
  sqlite3_close (db);
  {
    g_autoptr (JsonObject) state = NULL;

    status = request_to (serving, "GET", fixture->state_path, fixture->secret, NULL, &state);
    g_assert_cmpuint (status, ==, 200);
    g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (state, "players"), 0), ==, "Zed");
    assert_state_is_stored (fixture, state);
  }
}

/* Another program holds the write lock (a long import): a phone's round
 * is answered 503 within the server connection's short busy timeout, in
 * words without a path; the board and the version are read all the same
 * (WAL: reads never wait for a writer); once the lock is gone the round
 * is stored. */
static void
test_busy (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *body = round_body (1, version (fixture), "{\"declarer\": 1, \"cards\": [6, 20]}");
  g_autofree char *response = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) second = lw_store_open_another (fixture->db.store, 100, &error);
  g_autoptr (LwEntryRequests) serving = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  const char *message;
  sqlite3 *db = NULL;
  gint64 start, elapsed;
  guint status;

  g_assert_no_error (error);
  serving = lw_entry_requests_new_sharing (fixture->entry, second);
  g_assert_cmpint (sqlite3_open (fixture->db.path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "BEGIN EXCLUSIVE; INSERT INTO players (name) VALUES ('Lock')",
                                 NULL, NULL, NULL), ==, SQLITE_OK);

  start = g_get_monotonic_time ();
  status = lw_entry_requests_handle (serving, "POST", fixture->rounds_path, fixture->secret, body, strlen (body),
                                     &response);
  elapsed = g_get_monotonic_time () - start;
  g_assert_cmpuint (status, ==, LW_ENTRY_STATUS_BUSY);
  g_assert_cmpint (elapsed, <, G_USEC_PER_SEC);
  json_parser_load_from_data (parser, response, -1, &error);
  g_assert_no_error (error);
  message = json_object_get_string_member (json_node_get_object (json_parser_get_root (parser)), "error");
  g_assert_nonnull (strstr (message, "busy"));
  g_assert_null (strchr (message, '/'));
  g_assert_null (strstr (message, "sqlite"));
  g_clear_pointer (&response, g_free);

  /* Reads go on while the other program writes. */
  start = g_get_monotonic_time ();
  g_assert_cmpuint (lw_entry_requests_handle (serving, "GET", fixture->state_path, fixture->secret, NULL, 0, &response),
                    ==, 200);
  g_clear_pointer (&response, g_free);
  g_assert_cmpuint (lw_entry_requests_handle (serving, "GET", fixture->version_path, fixture->secret, NULL, 0, &response),
                    ==, 200);
  g_clear_pointer (&response, g_free);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 50 * 1000);

  g_assert_cmpint (sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_assert_cmpuint (fixture->stored, ==, 0);
  g_assert_cmpuint (lw_entry_requests_handle (serving, "POST", fixture->rounds_path, fixture->secret, body,
                                              strlen (body), &response), ==, 201);
  g_assert_cmpuint (n_rounds (fixture, fixture->game), ==, 1);
  /* Told by the table entry that opened the table, in this thread. */
  g_assert_cmpuint (fixture->stored, ==, 1);
}

typedef struct {
  LwEntryRequests *entry;
  const char   *path;
  const char   *secret;
  const char   *body;
  guint         status;
} ThreadRequest;

static gpointer
request_thread (gpointer data)
{
  ThreadRequest *request = data;
  g_autofree char *response = NULL;

  request->status = lw_entry_requests_handle (request->entry, "POST", request->path, request->secret,
                                           request->body, strlen (request->body), &response);
  return NULL;
}

static void
thread_stored_cb (LwEntryRequests *entry,
                  gint64           game,
                  guint            number,
                  gpointer         data)
{
  *(GThread **) data = g_thread_self ();
}

/* A request answered in another thread (the server's) by a sharing table
 * entry: round-stored comes from the table entry that opened the table,
 * in its own thread's main context; a table closed there is closed for
 * the sharing one at once. */
static void
test_sharing_thread (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *body = round_body (1, version (fixture), "{\"declarer\": 1, \"cards\": [6, 20]}");
  g_autofree char *response = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) second = lw_store_open_another (fixture->db.store, 100, &error);
  g_autoptr (LwEntryRequests) serving = NULL;
  ThreadRequest request = { NULL, fixture->rounds_path, fixture->secret, body, 0 };
  GThread *emitted_in = NULL;
  GThread *thread;
  gint64 deadline;

  g_assert_no_error (error);
  serving = lw_entry_requests_new_sharing (fixture->entry, second);
  request.entry = serving;
  g_signal_connect (fixture->entry, "round-stored", G_CALLBACK (thread_stored_cb), &emitted_in);
  thread = g_thread_new ("server", request_thread, &request);
  g_thread_join (thread);
  g_assert_cmpuint (request.status, ==, 201);
  /* Not yet: it waits for this thread's main context. */
  g_assert_cmpuint (fixture->stored, ==, 0);
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (fixture->stored == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (fixture->stored, ==, 1);
  g_assert_true (emitted_in == g_thread_self ());

  g_assert_cmpuint (lw_entry_requests_check_access (serving, fixture->rounds_path, fixture->secret, &response), ==, 0);
  g_assert_null (response);
  lw_entry_requests_close_table (fixture->entry, fixture->game);
  g_assert_cmpuint (lw_entry_requests_check_access (serving, fixture->rounds_path, fixture->secret, &response),
                    ==, 403);
  g_assert_nonnull (strstr (response, "not valid for table"));
  g_clear_pointer (&response, g_free);
  g_assert_cmpuint (lw_entry_requests_check_access (serving, "/api/nothing", fixture->secret, &response), ==, 404);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) \
  g_test_add ("/table-entry/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("state", test_state);
  ADD ("state-rule-set", test_state_rule_set);
  ADD ("good-round", test_good_round);
  ADD ("bad-round", test_bad_round);
  ADD ("stale", test_stale);
  ADD ("locked", test_locked);
  ADD ("version", test_version);
  ADD ("secrets", test_secrets);
  ADD ("bad-requests", test_bad_requests);
  ADD ("event-table", test_event_table);
  ADD ("event-round-games", test_event_round_games);
  ADD ("duplicate-boards", test_duplicate_boards);
  ADD ("lock-follows-round", test_lock_follows_round);
  ADD ("deleted-game", test_deleted_game);
  ADD ("other-program-first", test_other_program_first);
  ADD ("held-game", test_held_game);
  ADD ("busy", test_busy);
  ADD ("sharing-thread", test_sharing_thread);
#undef ADD

  return g_test_run ();
}
