/* test-host-resume.c — a hosted game after the host restarts
 * (docs/REMOTE-PLAY.md "When the host restarts"), over 127.0.0.1 with
 * libsoup's client, every wait bounded in time:
 *
 * - a game hosted, played by a socket client to the middle of a trick,
 *   the host stopped (its server and table gone), then hosted again from
 *   the store by lw_table_host_open(): every seat's state is the same but
 *   for its version (hand, trick, turn), the old link opens the seat and
 *   plays on to the game's end, stored once (each round's log the deal of
 *   its seed, the round cut in two stored with the actions of before);
 * - the same with `littlewolf-cli host` killed by SIGKILL and
 *   `littlewolf-cli host --resume`;
 * - a stop between a round's last card and its storing: stored once;
 * - refused in words: a game over, a game kept on paper, a game hosted
 *   already (in this process), a table that cannot be read, no such game;
 * - only the links' hashes are stored, New Link replaces one, closing the
 *   table for good or the game's end forgets them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <signal.h>
#include <string.h>

#include <glib/gstdio.h>

#include "lw-entry-requests.h"
#include "lw-web-server.h"
#include "lw-play-client.h"
#include "lw-store.h"
#include "lw-table-host.h"
#include "lw-table-seats.h"
#include "lw-test-util.h"

#define GAME_MS (240 * 1000)
#define STEP_MS (20 * 1000)

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static LwTableHost *
new_host (LwStore    *store,
          const char *kinds_text,
          guint64     seed)
{
  static const char *const all_names[] = { "Ann", "Ben", "Cleo", "Dev" };
  guint n = (guint) strlen (kinds_text);
  LwHostSeatKind kinds[4];
  LwBotLevel levels[4];
  const char *names[5] = { NULL };
  g_autoptr (GError) error = NULL;
  LwTableHost *host;

  for (guint s = 0; s < n; s++)
    {
      kinds[s] = kinds_text[s] == 'R' ? LW_HOST_SEAT_REMOTE : LW_HOST_SEAT_COMPUTER;
      levels[s] = LW_BOT_EASY;
      names[s] = all_names[s];
    }
  host = lw_table_host_new (store, n, names, kinds, levels, FALSE, seed, NULL, &error);
  g_assert_no_error (error);
  lw_table_host_set_timing (host, 0, 0);
  return host;
}

static LwWebServer *
serve (LwStore     *store,
       LwTableHost *host,
       guint        port)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEntryRequests) entry = lw_entry_requests_new (store);
  LwWebServer *server = lw_web_server_new (entry);

  g_assert_true (lw_web_server_host_table (server, host, &error));
  g_assert_no_error (error);
  g_assert_true (lw_web_server_start (server, "127.0.0.1", port, &error));
  g_assert_no_error (error);
  return server;
}

static void
stop (LwWebServer **server,
      LwTableHost   **host)
{
  lw_web_server_close_host_table (*server, lw_table_host_get_game_id (*host));
  lw_web_server_stop (*server);
  g_clear_object (server);
  g_clear_object (host);
  for (int i = 0; i < 100 && g_main_context_iteration (NULL, FALSE); i++)
    ;
}

static char *
secret_of (LwWebServer *server,
           gint64         game,
           guint          seat)
{
  g_autofree char *url = lw_web_server_seat_url (server, "127.0.0.1", game, seat);
  const char *s;

  g_assert_nonnull (url);
  s = strstr (url, "&s=");
  g_assert_nonnull (s);
  return g_strdup (s + 3);
}




/* A state as text without its version (the only member a restart
 * changes). */
static char *
state_text (JsonNode *state)
{
  g_autoptr (JsonNode) copy = json_node_copy (state);

  json_object_remove_member (json_node_get_object (copy), "version");
  return json_to_string (copy, FALSE);
}

static char *
host_state_text (LwTableHost *host,
                 int          seat)
{
  g_autoptr (JsonNode) state = lw_table_host_get_state (host, seat, "en");

  return state_text (state);
}

static char *
member_text (JsonNode   *state,
             const char *name)
{
  return json_to_string (json_object_get_member (json_node_get_object (state), name), FALSE);
}

/* Plays seat 0 to the middle of a trick, its turn to follow. */
static void
play_to_mid_trick (LwPlayClient *client)
{
  g_assert_true (lw_play_run_until (lw_play_client_has_state, client, STEP_MS));
  g_assert_cmpint (client->seat, ==, 0);
  client->pause_if = lw_play_client_mid_trick;
  client->auto_play = TRUE;
  lw_play_client_act (client);
  g_assert_true (lw_play_run_until (lw_play_client_mid_trick, client, GAME_MS));
  g_assert_true (lw_play_client_mid_trick (client));
  client->auto_play = FALSE;
  client->pause_if = NULL;
}

/* The stored game after the end: finished, each round with its log, each
 * log the deal of its own seed (a round stored twice would repeat a deal
 * and shift the seeds), and round @cut_round's log beginning with the
 * @cut_log actions played before the stop. */
static void
assert_stored_once (const char    *path,
                    gint64         game,
                    guint          cut_round,
                    const LwTable *cut)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = lw_store_open (path, &error);
  g_autoptr (LwStoredGame) stored = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GHashTable) deals = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_no_error (error);
  g_assert_cmpuint (lw_test_count_games (store), ==, 1);
  stored = lw_store_load_game (store, game, &error);
  g_assert_no_error (error);
  standings = lw_standings_compute (stored->record, &error);
  g_assert_no_error (error);
  g_assert_true (standings->finished);
  g_assert_cmpuint (stored->record->rounds->len, >=, cut_round);
  for (guint k = 1; k <= stored->record->rounds->len; k++)
    {
      g_autofree char *log = lw_store_load_round_log (store, game, k, &error);
      g_autoptr (LwTable) table = NULL;
      g_autoptr (LwTable) deal = NULL;
      g_autofree char *deal_json = NULL;

      g_assert_no_error (error);
      table = lw_table_from_json (log, -1, &error);
      g_assert_no_error (error);
      g_assert_cmpint (lw_table_get_phase (table), ==, LW_PHASE_END);
      deal = lw_table_replay_prefix (table, 0, &error);
      g_assert_no_error (error);
      deal_json = lw_table_to_json (deal);
      g_assert_false (g_hash_table_contains (deals, deal_json));
      g_hash_table_add (deals, g_steal_pointer (&deal_json));
      if (k == cut_round)
        {
          g_autoptr (LwTable) before = lw_table_replay_prefix (table, lw_table_get_log (cut)->len, &error);

          g_assert_no_error (error);
          g_assert_true (lw_table_equal (before, cut));
        }
    }
  /* The game over, its hosting is forgotten with its table. */
  g_assert_false (lw_store_is_table_hosted (store, game));
  g_assert_false (lw_store_has_table (store, game));
}

/* ------------------------------------------------------------------ */
/* In process                                                           */
/* ------------------------------------------------------------------ */

static void
test_resume_mid_trick (LwTestDb      *db,
                       gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwTableHost) host = new_host (db->store, "RCC", 12);
  gint64 game = lw_table_host_get_game_id (host);
  g_autoptr (LwWebServer) server = serve (db->store, host, 0);
  guint port = lw_web_server_get_port (server);
  g_autofree char *secret = secret_of (server, game, 0);
  g_autoptr (LwPlayClient) client = lw_play_client_new (port, game, secret, "de");
  g_auto (GStrv) before = g_new0 (char *, 4);   /* each seat's state, then NULL */
  g_autofree char *client_before = NULL;
  g_autofree char *hand = NULL;
  g_autofree char *again = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (LwTable) cut = NULL;
  guint64 version;
  guint cut_round;

  lw_play_client_connect (client);
  play_to_mid_trick (client);
  version = lw_table_host_get_version (host);
  g_assert_cmpuint (client->version, ==, version);
  for (int s = 0; s < 3; s++)
    before[s] = host_state_text (host, s);
  client_before = state_text (client->state);
  hand = member_text (client->state, "hand");
  cut = lw_table_copy (lw_table_host_get_table (host));
  {
    g_autoptr (LwStoredTable) table = lw_store_load_table (db->store, game, &error);

    g_assert_no_error (error);
    cut_round = table->round_number;
    g_assert_cmpuint (cut_round, >=, 1);
  }

  /* The host stops: its server, its table. */
  stop (&server, &host);
  g_assert_true (lw_play_run_until (lw_play_client_is_closed, client, STEP_MS));
  g_clear_object (&db->store);

  /* Hosted again from the file, on the same port. */
  store = lw_store_open (db->path, &error);
  g_assert_no_error (error);
  host = lw_table_host_open (store, game, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (host);
  lw_table_host_set_timing (host, 0, 0);
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 0), ==, LW_HOST_SEAT_REMOTE);
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 1), ==, LW_HOST_SEAT_COMPUTER);
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 2), ==, LW_HOST_SEAT_COMPUTER);
  g_assert_cmpstr (lw_table_host_get_name (host, 2), ==, "Cleo");
  /* Every seat sees what it saw; the version counts on from above. */
  for (int s = 0; s < 3; s++)
    {
      g_autofree char *now = host_state_text (host, s);

      g_assert_cmpstr (now, ==, before[s]);
    }
  g_assert_cmpuint (lw_table_host_get_version (host), >, version);
  g_assert_true (lw_table_equal (lw_table_host_get_table (host), cut));

  /* A second table of the same game is refused while this one lives. */
  {
    g_autoptr (LwTableHost) second = lw_table_host_open (store, game, NULL, NULL, &error);

    g_assert_null (second);
    g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_HOSTED);
    g_assert_nonnull (strstr (error->message, "hosted already"));
    g_clear_error (&error);
  }

  server = serve (store, host, port);
  g_assert_cmpuint (lw_web_server_get_port (server), ==, port);
  /* The link made before the restart: no secret known to show, its hash
   * opens the seat. */
  g_assert_null (lw_web_server_seat_url (server, "127.0.0.1", game, 0));

  /* An action answering the state of before the restart is stale. */
  g_clear_pointer (&client->state, json_node_unref);
  lw_play_client_connect (client);
  g_assert_true (lw_play_run_until (lw_play_client_has_state, client, STEP_MS));
  g_assert_false (client->closed);
  g_assert_cmpint (client->seat, ==, 0);
  again = member_text (client->state, "hand");
  g_assert_cmpstr (again, ==, hand);
  {
    g_autofree char *now = state_text (client->state);

    g_assert_cmpstr (now, ==, client_before);
  }
  g_assert_true (lw_play_client_mid_trick (client));
  g_assert_cmpuint (client->version, ==, lw_table_host_get_version (host));

  /* It plays on to the game's end. */
  lw_play_client_act (client);
  client->auto_play = TRUE;
  g_assert_true (lw_play_run_until (lw_play_client_game_over, client, GAME_MS));
  g_assert_true (lw_table_host_is_over (host));
  stop (&server, &host);
  g_clear_object (&store);
  assert_stored_once (db->path, game, cut_round, cut);
}

/* An action sent with the version a seat saw before the restart is stale,
 * whatever it is: the ids of before are not kept. */
static void
test_old_version_stale (LwTestDb      *db,
                        gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwTableHost) host = new_host (db->store, "RR", 5);
  gint64 game = lw_table_host_get_game_id (host);
  guint64 old;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *action = NULL;
  int turn;

  /* A few changes, then a seat's pending action of that time. */
  for (int k = 0; k < 3; k++)
    {
      g_autoptr (JsonNode) state = NULL;
      JsonObject *you;
      const char *what;

      turn = lw_table_get_turn (lw_table_host_get_table (host));
      state = lw_table_host_get_state (host, turn, "en");
      you = json_object_get_object_member (json_node_get_object (state), "you");
      what = json_array_get_string_element (json_object_get_array_member (you, "can"), 0);
      if (!g_str_equal (what, "declare"))
        break;
      action = g_strdup_printf ("{\"type\":\"action\",\"id\":\"a%d\",\"version\":%" G_GUINT64_FORMAT
                                ",\"do\":\"decline\"}", k, lw_table_host_get_version (host));
      g_assert_true (json_parser_load_from_data (parser, action, -1, NULL));
      g_assert_true (lw_table_host_act (host, turn, json_node_get_object (json_parser_get_root (parser)),
                                        "en", &error));
      g_assert_no_error (error);
      g_clear_pointer (&action, g_free);
    }
  old = lw_table_host_get_version (host);
  turn = lw_table_get_turn (lw_table_host_get_table (host));
  g_clear_object (&host);

  host = lw_table_host_open (db->store, game, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lw_table_host_get_version (host), >, old);
  g_assert_cmpint (lw_table_get_turn (lw_table_host_get_table (host)), ==, turn);
  action = g_strdup_printf ("{\"type\":\"action\",\"id\":\"a9\",\"version\":%" G_GUINT64_FORMAT
                            ",\"do\":\"decline\"}", old);
  g_assert_true (json_parser_load_from_data (parser, action, -1, NULL));
  g_assert_false (lw_table_host_act (host, turn, json_node_get_object (json_parser_get_root (parser)),
                                     "en", &error));
  g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_STALE);
}

/* The stop came after a round's last card was saved, before the round
 * was stored: hosted again, the round is stored once, and the next one
 * dealt; hosted a third time, nothing is stored again. */
static void
test_round_end_cut (LwTestDb      *db,
                    gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwTableHost) host = new_host (db->store, "RR", 31);
  gint64 game = lw_table_host_get_game_id (host);
  g_autoptr (LwTable) table = lw_table_copy (lw_table_host_get_table (host));
  g_autoptr (LwStoredTable) stored = lw_store_load_table (db->store, game, &error);
  g_autoptr (LwStoredGame) after = NULL;
  g_autofree char *json = NULL;
  LwRng rng;

  g_assert_no_error (error);
  g_clear_object (&host);
  lw_rng_init (&rng, 99);
  /* The round played to its end, saved as the table saves each action. */
  while (lw_table_get_phase (table) != LW_PHASE_END)
    {
      LwAction action;

      lw_bot_choose (table, LW_BOT_EASY, NULL, &rng, &action);
      g_assert_true (lw_table_apply (table, &action, &error));
      g_assert_no_error (error);
    }
  json = lw_table_to_json (table);
  g_assert_true (lw_store_save_table (db->store, game, stored->seats, stored->round_number, json, &error));
  g_assert_no_error (error);

  for (int k = 0; k < 2; k++)
    {
      host = lw_table_host_open (db->store, game, NULL, NULL, &error);
      g_assert_no_error (error);
      g_clear_pointer (&after, lw_stored_game_free);
      after = lw_store_load_game (db->store, game, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (after->record->rounds->len, ==, 1);
      g_assert_true (lw_store_has_round_log (db->store, game, 1));
      g_clear_object (&host);
    }
  /* The next round is the game's second, dealt from its own seed. */
  g_clear_pointer (&stored, lw_stored_table_free);
  stored = lw_store_load_table (db->store, game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stored->round_number, ==, 2);
}

/* A seat given to a computer is hosted again as a computer of that
 * level; kinds given to lw_table_host_open() replace the stored ones, a
 * seat made remote then gets a link and the others keep theirs. */
static void
test_seat_kinds (LwTestDb      *db,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwTableHost) host = new_host (db->store, "RCR", 44);
  gint64 game = lw_table_host_get_game_id (host);
  g_autoptr (LwWebServer) server = serve (db->store, host, 0);
  g_autoptr (LwHostedTable) hosted = NULL;
  g_autofree char *kept = NULL;
  const LwHostSeatKind all_remote[] = { LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_REMOTE };

  lw_table_host_set_seat_kind (host, 2, LW_HOST_SEAT_COMPUTER, LW_BOT_HARD);
  kept = g_strdup (lw_table_host_get_link_hash (host, 0));
  g_assert_nonnull (kept);
  stop (&server, &host);

  host = lw_table_host_open (db->store, game, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 0), ==, LW_HOST_SEAT_REMOTE);
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 1), ==, LW_HOST_SEAT_COMPUTER);
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 2), ==, LW_HOST_SEAT_COMPUTER);
  hosted = lw_store_load_hosted_table (db->store, game, &error);
  g_assert_no_error (error);
  g_assert_cmpint (hosted->seats[1].level, ==, LW_BOT_EASY);
  g_assert_cmpint (hosted->seats[2].level, ==, LW_BOT_HARD);
  /* Seat 2 keeps its link while a computer plays it. */
  g_assert_nonnull (hosted->seats[2].link_hash);
  g_clear_pointer (&hosted, lw_hosted_table_free);
  g_clear_object (&host);

  host = lw_table_host_open (db->store, game, all_remote, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 1), ==, LW_HOST_SEAT_REMOTE);
  g_assert_null (lw_table_host_get_link_hash (host, 1));
  server = serve (db->store, host, 0);
  g_assert_nonnull (lw_table_host_get_link_hash (host, 1));
  g_assert_cmpstr (lw_table_host_get_link_hash (host, 0), ==, kept);
  g_assert_null (lw_web_server_seat_url (server, "127.0.0.1", game, 0));
  g_free (secret_of (server, game, 1));
  stop (&server, &host);
}

static void
assert_refused (LwStore    *store,
                gint64      game,
                GQuark      domain,
                int         code,
                const char *words)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwTableHost) host = lw_table_host_open (store, game, NULL, NULL, &error);

  g_assert_null (host);
  g_assert_error (error, domain, code);
  g_test_message ("game %" G_GINT64_FORMAT ": %s", game, error->message);
  g_assert_nonnull (strstr (error->message, words));
}

static gboolean
host_over (gpointer data)
{
  return lw_table_host_is_over (data);
}

static void
test_refused (LwTestDb      *db,
              gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwTableHost) computers = new_host (db->store, "CCC", 3);
  gint64 over = lw_table_host_get_game_id (computers);
  g_autoptr (LwGameRecord) paper = NULL;
  const char *names[] = { "Ann", "Ben", "Cleo" };
  g_autofree char *seats = NULL;
  gint64 paper_id, broken;

  /* A game played to its end by computers. */
  g_assert_true (lw_play_run_until (host_over, computers, GAME_MS));
  g_clear_object (&computers);
  g_assert_false (lw_store_is_table_hosted (db->store, over));
  assert_refused (db->store, over, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_GAME_OVER, "is over");

  /* A game kept on paper. */
  paper = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 3, names);
  paper_id = lw_store_add_game (db->store, paper, &error);
  g_assert_no_error (error);
  assert_refused (db->store, paper_id, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_NOT_VIRTUAL,
                  "not played at the virtual table");

  /* No such game. */
  assert_refused (db->store, 9999, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND, "9999");

  /* A table whose seats, then whose round, cannot be read. */
  {
    g_autoptr (LwTableHost) host = new_host (db->store, "RC", 8);
    g_autoptr (LwStoredTable) table = NULL;

    broken = lw_table_host_get_game_id (host);
    table = lw_store_load_table (db->store, broken, &error);
    g_assert_no_error (error);
    seats = g_strdup (table->seats);
    g_assert_true (lw_store_save_table (db->store, broken, "{\"format\": 3}", table->round_number, table->round,
                                        &error));
    g_assert_no_error (error);
    g_clear_object (&host);
    assert_refused (db->store, broken, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_UNREADABLE, "seats");
    g_assert_true (lw_store_save_table (db->store, broken, seats, table->round_number,
                                        "{\"format\": \"little-wolf/table\"}", &error));
    g_assert_no_error (error);
  }
  assert_refused (db->store, broken, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_UNREADABLE, "round in progress");
}

/* A database whose hosted table's seats, then round, is 400 KB of nested
 * lists (a file written by hand): `host --resume` refuses it in words,
 * exit status 1, where json-glib's parser overflowed the stack. */
static void
test_nested (LwTestDb      *db,
             gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwTableHost) host = new_host (db->store, "RC", 9);
  gint64 game = lw_table_host_get_game_id (host);
  g_autoptr (LwStoredTable) table = lw_store_load_table (db->store, game, &error);
  g_autofree char *nested = g_strnfill (400 * 1024, '[');
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, game);

  g_assert_no_error (error);
  g_clear_object (&host);
  for (guint which = 0; which < 2; which++)
    {
      g_auto (LwTestRun) run = { 0 };

      g_assert_true (lw_store_save_table (db->store, game, which == 0 ? nested : table->seats,
                                          table->round_number,
                                          which == 0 ? table->round : nested, &error));
      g_assert_no_error (error);
      lw_test_run_cli (&run, db->path, NULL, "host", "--resume", id, "--port", "0", NULL);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_nonnull (strstr (run.err, "nested more than 32 deep"));
      assert_refused (db->store, game, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_UNREADABLE,
                      "nested more than 32 deep");
    }
}

/* Only the hashes are stored; New Link replaces one; closing the table
 * for good forgets them and a table hosted again then gets new links. */
static void
test_links (LwTestDb      *db,
            gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwTableHost) host = new_host (db->store, "RCR", 21);
  gint64 game = lw_table_host_get_game_id (host);
  g_autoptr (LwWebServer) server = serve (db->store, host, 0);
  g_autofree char *first = secret_of (server, game, 0);
  g_autofree char *other = secret_of (server, game, 2);
  g_autofree char *renewed = NULL;
  g_autofree char *hash = NULL;
  g_autoptr (LwHostedTable) hosted = NULL;
  g_autofree char *file = NULL;
  gsize length = 0;

  hosted = lw_store_load_hosted_table (db->store, game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hosted->n_seats, ==, 3);
  hash = lw_entry_requests_secret_hash (first);
  g_assert_cmpuint (strlen (hash), ==, 64);
  g_assert_cmpstr (hosted->seats[0].link_hash, ==, hash);
  g_assert_cmpstr (hosted->seats[0].kind, ==, "remote");
  g_assert_cmpstr (hosted->seats[1].kind, ==, "computer");
  g_assert_cmpint (hosted->seats[1].level, ==, LW_BOT_EASY);
  g_assert_null (hosted->seats[1].link_hash);
  g_assert_nonnull (hosted->seats[2].link_hash);
  g_assert_cmpstr (hosted->seats[2].link_hash, !=, hash);
  g_clear_pointer (&hosted, lw_hosted_table_free);

  /* New Link: the old hash goes. */
  g_assert_true (lw_web_server_new_seat_link (server, game, 0, &error));
  g_assert_no_error (error);
  renewed = secret_of (server, game, 0);
  g_assert_cmpstr (renewed, !=, first);
  hosted = lw_store_load_hosted_table (db->store, game, &error);
  g_assert_no_error (error);
  g_clear_pointer (&hash, g_free);
  hash = lw_entry_requests_secret_hash (renewed);
  g_assert_cmpstr (hosted->seats[0].link_hash, ==, hash);
  g_clear_pointer (&hosted, lw_hosted_table_free);

  /* No secret in the file, nor in its log. */
  g_clear_object (&db->store);
  for (int k = 0; k < 2; k++)
    {
      g_autofree char *path = g_strconcat (db->path, k == 0 ? "" : "-wal", NULL);
      g_autofree char *bytes = NULL;

      if (!g_file_get_contents (path, &bytes, &length, NULL))
        continue;
      g_assert_null (g_strstr_len (bytes, (gssize) length, first));
      g_assert_null (g_strstr_len (bytes, (gssize) length, renewed));
      g_assert_null (g_strstr_len (bytes, (gssize) length, other));
      g_clear_pointer (&file, g_free);
      file = g_steal_pointer (&path);
    }
  g_assert_nonnull (file);
  db->store = lw_store_open (db->path, &error);
  g_assert_no_error (error);

  /* Closed for good: the links are forgotten; hosted again, new ones. */
  g_assert_true (lw_table_host_close (host, &error));
  g_assert_no_error (error);
  stop (&server, &host);
  g_assert_false (lw_store_is_table_hosted (db->store, game));
  g_assert_true (lw_store_has_table (db->store, game));
  host = lw_table_host_open (db->store, game, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (lw_table_host_get_link_hash (host, 0));
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 0), ==, LW_HOST_SEAT_REMOTE);
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 1), ==, LW_HOST_SEAT_COMPUTER);
  server = serve (db->store, host, 0);
  {
    g_autofree char *fresh = secret_of (server, game, 0);

    g_assert_cmpstr (fresh, !=, renewed);
    g_assert_cmpstr (fresh, !=, first);
  }
  stop (&server, &host);
}

/* ------------------------------------------------------------------ */
/* littlewolf-cli host, killed                                          */
/* ------------------------------------------------------------------ */

static gboolean
process_done (gpointer data)
{
  return *(gboolean *) data;
}

static void
waited_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *(gboolean *) data = TRUE;
}

static void
test_cli_killed (LwTestDb      *db,
                 gconstpointer  data)
{
  static const char *const new_game[] = { "--players", "3", "--names", "Ann,Ben,Cleo", "--seats",
                                          "remote,computer:easy,computer:random", "--seed", "17",
                                          "--port", "0", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  g_autoptr (GMatchInfo) match = NULL;
  g_autoptr (GRegex) regex = g_regex_new ("^seat 0 Ann: http://127\\.0\\.0\\.1:([0-9]+)/play#t=([0-9]+)&s=([0-9a-f]{32})$",
                                          0, 0, NULL);
  g_autoptr (LwPlayClient) client = NULL;
  g_autofree char *line = NULL;
  g_autofree char *port = NULL;
  g_autofree char *game_text = NULL;
  g_autofree char *secret = NULL;
  g_autofree char *before = NULL;
  g_autofree char *expected = NULL;
  g_autoptr (LwTable) cut = NULL;
  guint cut_round;
  gint64 game;
  gboolean done = FALSE;

  process = lw_test_spawn_cli_host (db->path, new_game, &out);
  line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_assert_true (g_regex_match (regex, line, 0, &match));
  port = g_match_info_fetch (match, 1);
  game_text = g_match_info_fetch (match, 2);
  secret = g_match_info_fetch (match, 3);
  game = g_ascii_strtoll (game_text, NULL, 10);

  client = lw_play_client_new ((guint) g_ascii_strtoull (port, NULL, 10), game, secret, "fr");
  lw_play_client_connect (client);
  play_to_mid_trick (client);
  before = state_text (client->state);

  /* Killed: no handler runs, nothing is tidied. */
  g_subprocess_send_signal (process, SIGKILL);
  g_subprocess_wait_async (process, NULL, waited_cb, &done);
  g_assert_true (lw_play_run_until (process_done, &done, STEP_MS));
  g_assert_true (g_subprocess_get_if_signaled (process));
  g_assert_cmpint (g_subprocess_get_term_sig (process), ==, SIGKILL);
  g_assert_true (lw_play_run_until (lw_play_client_is_closed, client, STEP_MS));
  {
    g_autoptr (LwStore) store = lw_store_open (db->path, &error);
    g_autoptr (LwStoredTable) table = NULL;

    g_assert_no_error (error);
    g_assert_true (lw_store_is_table_hosted (store, game));
    table = lw_store_load_table (store, game, &error);
    g_assert_no_error (error);
    cut = lw_table_from_json (table->round, -1, &error);
    g_assert_no_error (error);
    cut_round = table->round_number;
  }

  /* Hosted again on the same port. */
  {
    const char *const resume[] = { "--resume", game_text, "--port", port, NULL };

    g_clear_object (&process);
    g_clear_object (&out);
    process = lw_test_spawn_cli_host (db->path, resume, &out);
  }
  g_clear_pointer (&line, g_free);
  line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  expected = g_strdup_printf ("seat 0 Ann: the link given before (http://127.0.0.1:%s/play#t=%s)", port, game_text);
  g_assert_cmpstr (line, ==, expected);

  /* The old link: the same view, and it plays on to the end. */
  g_clear_pointer (&client->state, json_node_unref);
  lw_play_client_connect (client);
  g_assert_true (lw_play_run_until (lw_play_client_has_state, client, STEP_MS));
  g_assert_false (client->closed);
  {
    g_autofree char *now = state_text (client->state);

    g_assert_cmpstr (now, ==, before);
  }
  lw_play_client_act (client);
  client->auto_play = TRUE;
  g_assert_true (lw_play_run_until (lw_play_client_game_over, client, GAME_MS));
  done = FALSE;
  g_subprocess_wait_async (process, NULL, waited_cb, &done);
  g_assert_true (lw_play_run_until (process_done, &done, STEP_MS));
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  assert_stored_once (db->path, game, cut_round, cut);
}

/* A resumed game refused by the CLI: status 1, one line on stderr. */
static void
test_cli_refused (LwTestDb      *db,
                  gconstpointer  data)
{
  g_auto (LwTestRun) run = { 0 };

  lw_test_run_cli (&run, db->path, NULL, "host", "--resume", "3", "--port", "0", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpstr (run.err, ==, "littlewolf-cli: host: no game with ID 3\n");
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, db->path, NULL, "host", "--resume", "3", "--players", "3", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "give none of --players"));
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, db->path, NULL, "host", "--new-links", "--players", "3", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--new-links goes with --resume"));
  /* --database is --db after the command: two different files refused,
   * the store untouched */
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, db->path, NULL, "host", "--resume", "3", "--database", "other.sqlite3", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "name two databases"));
  g_assert_false (g_file_test ("other.sqlite3", G_FILE_TEST_EXISTS));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_db ("/host-resume/mid-trick", test_resume_mid_trick);
  lw_test_add_db ("/host-resume/old-version-stale", test_old_version_stale);
  lw_test_add_db ("/host-resume/round-end-cut", test_round_end_cut);
  lw_test_add_db ("/host-resume/seat-kinds", test_seat_kinds);
  lw_test_add_db ("/host-resume/refused", test_refused);
  lw_test_add_db ("/host-resume/links", test_links);
  lw_test_add_db ("/host-resume/nested", test_nested);
  lw_test_add_db_closed ("/host-resume/cli-killed", test_cli_killed);
  lw_test_add_db_closed ("/host-resume/cli-refused", test_cli_refused);
  return g_test_run ();
}
