/* test-host-socket.c — remote play's WebSocket protocol (docs/REMOTE-PLAY.md)
 * over 127.0.0.1 with libsoup's client, every wait bounded in time:
 *
 * - whole games played to their end by scripted clients: 4 players in
 *   partners with 2 clients and 2 computers, 3 players with 3 clients;
 * - a client that leaves in the middle of a trick and comes back gets its
 *   seat and its state again;
 * - an action sent twice is played once and answered twice;
 * - a second socket with the same secret takes the seat (4003 to the first);
 * - a wrong secret (4001), no hello (4002), an over-long message (1009), a
 *   flood (4004) and the per-address cap (the oldest socket without a seat
 *   makes room; past sockets that hold seats, 429) are refused and the
 *   server keeps serving;
 * - frames against the protocol (1002) and a text not in UTF-8 (1007)
 *   close the socket;
 * - a seat's secret never acts for another seat;
 * - a client that sends nothing for the silence limit is closed (4006) and
 *   its seat is Not connected, one that pings stays;
 * - `littlewolf-cli host` prints the links and exits 0 at the game's end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>

#include "lw-web-server.h"
#include "lw-play-client.h"
#include "lw-store.h"
#include "lw-table-host.h"
#include "lw-test-util.h"

/* A whole game by clients and computers with no pauses. */
#define GAME_MS (240 * 1000)
#define STEP_MS (20 * 1000)

typedef struct {
  LwTestDb         db;
  LwEntryRequests *entry;
  LwWebServer   *server;
  LwTableHost     *host;
  gint64           game;
  guint            port;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;

  lw_test_db_set_up (&f->db, data);
  f->entry = lw_entry_requests_new (f->db.store);
  f->server = lw_web_server_new (f->entry);
  g_assert_true (lw_web_server_start (f->server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  f->port = lw_web_server_get_port (f->server);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->host != NULL)
    lw_web_server_close_host_table (f->server, f->game);
  lw_web_server_stop (f->server);
  g_clear_object (&f->server);
  g_clear_object (&f->host);
  g_clear_object (&f->entry);
  /* Sources of the closed sockets. */
  for (int i = 0; i < 100 && g_main_context_iteration (NULL, FALSE); i++)
    ;
  lw_test_db_tear_down (&f->db, data);
}

/* A table of @n seats, @kinds from "R" (remote) and "C" (computer, Easy). */
static void
host_table (Fixture    *f,
            const char *kinds_text,
            gboolean    partners,
            guint64     seed)
{
  static const char *const all_names[] = { "Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal" };
  guint n = (guint) strlen (kinds_text);
  LwHostSeatKind kinds[8];
  LwBotLevel levels[8];
  const char *names[9] = { NULL };
  LwHouseRules rules = { FALSE, FALSE };
  g_autoptr (GError) error = NULL;

  for (guint s = 0; s < n; s++)
    {
      kinds[s] = kinds_text[s] == 'R' ? LW_HOST_SEAT_REMOTE : LW_HOST_SEAT_COMPUTER;
      levels[s] = LW_BOT_EASY;
      names[s] = all_names[s];
    }
  f->host = lw_table_host_new (f->db.store, n, names, kinds, levels, partners, seed, &rules, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f->host);
  lw_table_host_set_timing (f->host, 0, 0);
  f->game = lw_table_host_get_game_id (f->host);
  g_assert_true (lw_web_server_host_table (f->server, f->host, &error));
  g_assert_no_error (error);
}

/* The secret in @seat's link. */
static char *
seat_secret (Fixture *f,
             guint    seat)
{
  g_autofree char *url = lw_web_server_seat_url (f->server, "127.0.0.1", f->game, seat);
  g_autofree char *prefix = NULL;
  const char *s;

  g_assert_nonnull (url);
  prefix = g_strdup_printf ("http://127.0.0.1:%u/play#t=%" G_GINT64_FORMAT "&s=", f->port, f->game);
  g_assert_true (g_str_has_prefix (url, prefix));
  s = url + strlen (prefix);
  g_assert_cmpuint (strlen (s), ==, 32);
  for (const char *c = s; *c != '\0'; c++)
    g_assert_true (g_ascii_isxdigit (*c) && !g_ascii_isupper (*c));
  return g_strdup (s);
}

static LwPlayClient *
client_for (Fixture    *f,
            guint       seat,
            const char *lang,
            gboolean    auto_play)
{
  g_autofree char *secret = seat_secret (f, seat);
  LwPlayClient *client = lw_play_client_new (f->port, f->game, secret, lang);

  client->auto_play = auto_play;
  lw_play_client_connect (client);
  return client;
}



typedef struct {
  LwPlayClient **clients;
  guint          n;
} Clients;

static gboolean
all_over (gpointer data)
{
  Clients *clients = data;

  for (guint i = 0; i < clients->n; i++)
    if (!lw_play_client_game_over (clients->clients[i]) || clients->clients[i]->closed)
      return FALSE;
  return TRUE;
}

/* LW_TEST_GAME_MS shortens the wait while a test is written. */
static guint
game_ms (void)
{
  const char *env = g_getenv ("LW_TEST_GAME_MS");

  return env != NULL ? (guint) g_ascii_strtoull (env, NULL, 10) : GAME_MS;
}

/* A state's members every seat gets, the seat's own cards only. */
static void
assert_state_shape (LwPlayClient *client,
                    guint         n_players)
{
  JsonObject *state = json_node_get_object (client->state);
  JsonArray *hand = json_object_get_array_member (state, "hand");
  JsonArray *sizes = json_object_get_array_member (state, "hand_sizes");

  g_assert_cmpstr (json_object_get_string_member (state, "type"), ==, "state");
  g_assert_cmpint (json_object_get_int_member (state, "seat"), ==, client->seat);
  g_assert_cmpint (json_object_get_int_member (state, "n_players"), ==, n_players);
  g_assert_cmpuint (json_array_get_length (sizes), ==, n_players);
  g_assert_cmpint (json_array_get_int_element (sizes, (guint) client->seat), ==, json_array_get_length (hand));
}

static void
play_whole_game (Fixture    *f,
                 const char *kinds,
                 gboolean    partners,
                 guint64     seed)
{
  LwPlayClient *clients[8];
  Clients all = { clients, 0 };
  guint n = (guint) strlen (kinds);
  static const char *const langs[] = { "en", "fr", "de" };
  g_autoptr (GPtrArray) games = NULL;

  host_table (f, kinds, partners, seed);
  for (guint s = 0; s < n; s++)
    if (kinds[s] == 'R')
      {
        clients[all.n] = client_for (f, s, langs[all.n % 3], TRUE);
        clients[all.n]->send_twice = all.n == 0;
        all.n++;
      }
  if (!lw_play_run_until (all_over, &all, game_ms ()))
    for (guint i = 0; i < all.n; i++)
      {
        g_autofree char *text = clients[i]->state != NULL ? json_to_string (clients[i]->state, TRUE) : NULL;

        g_test_message ("seat %d, closed %d (%u), last refusal %s, try %u: %s", clients[i]->seat,
                        clients[i]->closed, clients[i]->close_code, clients[i]->last_reason,
                        clients[i]->tries, text);
      }
  g_assert_true (all_over (&all));
  g_assert_true (lw_table_host_is_over (f->host));

  for (guint i = 0; i < all.n; i++)
    {
      JsonObject *state = json_node_get_object (clients[i]->state);
      JsonObject *end = json_object_get_object_member (state, "game_end");

      g_assert_cmpint (clients[i]->seat, >=, 0);
      g_assert_true (kinds[clients[i]->seat] == 'R');
      assert_state_shape (clients[i], n);
      g_assert_nonnull (end);
      g_assert_nonnull (json_object_get_string_member (end, "winner"));
      g_assert_cmpuint (clients[i]->n_actions, >, 5);
      /* Refusals only for follows tried and refused by the engine. */
      g_assert_cmpuint (clients[i]->n_tries_max, <, 400);
      g_test_message ("seat %d: %u actions, %u states, %u refused, at most %u tries",
                      clients[i]->seat, clients[i]->n_actions, clients[i]->n_states,
                      clients[i]->n_refused, clients[i]->n_tries_max);
    }
  /* The game is stored with its rounds, as the local table stores it. */
  g_assert_cmpuint (lw_test_count_games (f->db.store), ==, 1);
  for (guint i = 0; i < all.n; i++)
    lw_play_client_free (clients[i]);
}

static void
test_partners_game (Fixture       *f,
                    gconstpointer  data)
{
  play_whole_game (f, "RCRC", TRUE, 41);
}

static void
test_three_clients (Fixture       *f,
                    gconstpointer  data)
{
  play_whole_game (f, "RRR", FALSE, 7);
}


static gboolean
seat_disconnected (gpointer data)
{
  Fixture *f = data;

  return !lw_web_server_is_seat_connected (f->server, f->game, 0);
}

static gboolean version_moved (gpointer data);

static void
test_reconnect (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr (LwPlayClient) client = NULL;
  g_autofree char *hand = NULL;
  g_autofree char *again = NULL;
  guint64 version;

  host_table (f, "RCC", FALSE, 12);
  client = client_for (f, 0, "de", FALSE);
  g_assert_true (lw_play_run_until (lw_play_client_has_state, client, STEP_MS));
  g_assert_cmpint (client->seat, ==, 0);
  g_assert_true (lw_web_server_is_seat_connected (f->server, f->game, 0));

  /* Plays until it must follow in a trick already begun, and waits. */
  client->pause_if = lw_play_client_mid_trick;
  client->auto_play = TRUE;
  lw_play_client_act (client);
  g_assert_true (lw_play_run_until (lw_play_client_mid_trick, client, GAME_MS));
  g_assert_true (lw_play_client_mid_trick (client));
  version = client->version;
  hand = json_to_string (json_object_get_member (json_node_get_object (client->state), "hand"), FALSE);

  lw_play_client_close (client);
  g_assert_true (lw_play_run_until (lw_play_client_is_closed, client, STEP_MS));
  g_assert_true (lw_play_run_until (seat_disconnected, f, STEP_MS));
  /* Nobody plays the seat meanwhile: the game waits for it. */
  g_assert_cmpuint (lw_table_host_get_version (f->host), ==, version);

  g_clear_pointer (&client->state, json_node_unref);
  lw_play_client_connect (client);
  g_assert_true (lw_play_run_until (lw_play_client_has_state, client, STEP_MS));
  g_assert_false (client->closed);
  g_assert_cmpint (client->seat, ==, 0);
  g_assert_cmpuint (client->version, ==, version);
  again = json_to_string (json_object_get_member (json_node_get_object (client->state), "hand"), FALSE);
  g_assert_cmpstr (again, ==, hand);
  g_assert_true (lw_play_client_mid_trick (client));
  g_assert_true (lw_web_server_is_seat_connected (f->server, f->game, 0));

  /* And it plays on from there. */
  client->pause_if = NULL;
  lw_play_client_act (client);
  {
    gpointer args[2] = { f, &version };

    g_assert_true (lw_play_run_until (version_moved, args, STEP_MS));
  }
}

static gboolean
version_moved (gpointer data)
{
  Fixture *f = ((gpointer *) data)[0];
  guint64 *version = ((gpointer *) data)[1];

  return lw_table_host_get_version (f->host) != *version;
}

static gboolean
two_more_states (gpointer data)
{
  LwPlayClient *client = ((gpointer *) data)[0];
  guint *before = ((gpointer *) data)[1];

  return client->n_states >= *before + 2 || client->closed;
}

/* A two-player table of two remote seats, each with its client and its
 * first state. */
static void
two_clients (Fixture       *f,
             guint64        seed,
             LwPlayClient **a,
             LwPlayClient **b)
{
  host_table (f, "RR", FALSE, seed);
  *a = client_for (f, 0, "en", FALSE);
  *b = client_for (f, 1, "en", FALSE);
  g_assert_true (lw_play_run_until (lw_play_client_has_state, *a, STEP_MS));
  g_assert_true (lw_play_run_until (lw_play_client_has_state, *b, STEP_MS));
}

/* Of the two clients of two_clients(), the one whose seat is to act, as
 * @a's state says. */
static LwPlayClient *
client_to_act (LwPlayClient *a,
               LwPlayClient *b)
{
  JsonObject *you = json_object_get_object_member (json_node_get_object (a->state), "you");

  return json_object_get_boolean_member (you, "to_act") ? a : b;
}

static void
test_duplicate (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr (LwPlayClient) a = NULL;
  g_autoptr (LwPlayClient) b = NULL;
  g_autofree char *action = NULL;
  JsonObject *you;
  LwPlayClient *to_act;
  guint64 version;
  guint states;
  gpointer args[2];

  two_clients (f, 3, &a, &b);
  to_act = client_to_act (a, b);
  you = json_object_get_object_member (json_node_get_object (to_act->state), "you");
  g_assert_true (json_object_get_boolean_member (you, "to_act"));
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (you, "can"), 0), ==, "declare");

  version = lw_table_host_get_version (f->host);
  states = to_act->n_states;
  action = lw_play_client_action (to_act, "twice", "decline", NULL);
  lw_play_client_send (to_act, action);
  lw_play_client_send (to_act, action);
  args[0] = to_act;
  args[1] = &states;
  /* The change pushed, and the second copy answered with the state. */
  g_assert_true (lw_play_run_until (two_more_states, args, STEP_MS));
  g_assert_cmpuint (to_act->n_refused, ==, 0);
  args[0] = f;
  args[1] = &version;
  g_assert_true (lw_play_run_until (version_moved, args, STEP_MS));
  /* Played once: one bid announced, the turn passed on once. */
  {
    JsonObject *state = json_node_get_object (to_act->state);
    JsonArray *events = json_object_get_array_member (state, "events");

    g_assert_cmpuint (json_array_get_length (events), ==, 1);
    g_assert_false (json_object_get_boolean_member (json_object_get_object_member (state, "you"), "to_act"));
  }
}

static void
test_takeover (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr (LwPlayClient) first = NULL;
  g_autoptr (LwPlayClient) second = NULL;

  host_table (f, "RC", FALSE, 5);
  first = client_for (f, 0, "en", FALSE);
  g_assert_true (lw_play_run_until (lw_play_client_has_state, first, STEP_MS));
  second = client_for (f, 0, "fr", FALSE);
  g_assert_true (lw_play_run_until (lw_play_client_has_state, second, STEP_MS));
  g_assert_true (lw_play_run_until (lw_play_client_is_closed, first, STEP_MS));
  g_assert_cmpuint (first->close_code, ==, 4003);
  g_assert_false (second->closed);
  g_assert_cmpint (second->seat, ==, 0);
  g_assert_true (lw_web_server_is_seat_connected (f->server, f->game, 0));
  /* The seat speaks the new socket's language. */
  g_assert_cmpuint (second->version, ==, lw_table_host_get_version (f->host));
}

/* A client with @secret (or seat 0's) that the server must close with
 * @code; the server serves a good client afterwards. */
static void
assert_closed_with (Fixture      *f,
                    LwPlayClient *client,
                    gushort       code)
{
  g_autoptr (LwPlayClient) good = NULL;

  g_assert_true (lw_play_run_until (lw_play_client_is_closed, client, STEP_MS));
  g_assert_cmpuint (client->close_code, ==, code);
  g_assert_null (client->state);
  good = client_for (f, 0, "en", FALSE);
  g_assert_true (lw_play_run_until (lw_play_client_has_state, good, STEP_MS));
  g_assert_false (good->closed);
}

/* A client of the seat of @secret that opens its socket and says nothing
 * (no hello), returned once the socket is open (or closed). */
static LwPlayClient *
silent_client (Fixture    *f,
               const char *secret)
{
  LwPlayClient *client = lw_play_client_new (f->port, f->game, secret, "en");

  client->no_hello = TRUE;
  lw_play_client_connect (client);
  while (!client->open && !client->closed)
    g_main_context_iteration (NULL, TRUE);
  return client;
}

static void
test_hostile (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *secret = NULL;
  g_autofree char *wrong = NULL;

  host_table (f, "RC", FALSE, 9);
  secret = seat_secret (f, 0);
  wrong = g_strdup (secret);
  wrong[0] = wrong[0] == 'a' ? 'b' : 'a';

  {
    g_autoptr (LwPlayClient) client = lw_play_client_new (f->port, f->game, wrong, "en");

    lw_play_client_connect (client);
    assert_closed_with (f, client, 4001);
  }
  {
    /* The right secret at another table. */
    g_autoptr (LwPlayClient) client = lw_play_client_new (f->port, f->game + 1, secret, "en");

    lw_play_client_connect (client);
    assert_closed_with (f, client, 4001);
  }
  {
    g_autoptr (LwPlayClient) client = lw_play_client_new (f->port, f->game, secret, "en");

    client->no_hello = TRUE;
    lw_play_client_connect (client);
    assert_closed_with (f, client, 4002);
  }
  {
    g_autoptr (LwPlayClient) client = silent_client (f, secret);
    g_autofree char *big = g_strnfill (5000, 'x');
    g_autofree char *message = g_strdup_printf ("{\"type\":\"action\",\"id\":\"%s\"}", big);

    lw_play_client_send (client, message);
    assert_closed_with (f, client, 1009);
  }
  {
    g_autoptr (LwPlayClient) client = lw_play_client_new (f->port, f->game, secret, "en");

    lw_play_client_connect (client);
    g_assert_true (lw_play_run_until (lw_play_client_has_state, client, STEP_MS));
    g_clear_pointer (&client->state, json_node_unref);
    for (int i = 0; i < 40; i++)
      lw_play_client_send (client, "{\"type\":\"chat\"}");
    g_assert_true (lw_play_run_until (lw_play_client_is_closed, client, STEP_MS));
    g_assert_cmpuint (client->close_code, ==, 4004);
    /* It was answered "bad-message" before the flood closed it. */
    g_assert_cmpstr (client->last_reason, ==, "bad-message");
  }
  {
    g_autoptr (LwPlayClient) client = silent_client (f, secret);

    lw_play_client_send (client, "not json");
    assert_closed_with (f, client, 4001);
  }
}

typedef struct {
  LwPlayClient *client;
  guint         n_refused;  /* before the message */
} RefusalWait;

static gboolean
refused_once_more (gpointer data)
{
  RefusalWait *wait = data;

  return wait->client->closed || wait->client->n_refused > wait->n_refused;
}

/* Members of the wrong JSON type (a number, an object where a string is
 * read) are refused in words, the socket kept, before the hello as after
 * it; none of them crashes the host or trips an assertion. */
static void
test_wrong_types (Fixture       *f,
                  gconstpointer  data)
{
  static const char *const messages[] = {
    "{\"type\":5}",
    "{\"type\":{}}",
    "{\"type\":[\"action\"],\"id\":\"a1\"}",
    "{\"type\":\"action\",\"id\":{}}",
    "{\"type\":\"readings\",\"id\":[1]}",
    "{\"type\":\"action\",\"id\":7,\"version\":1,\"do\":\"decline\"}",
  };
  g_autofree char *secret = NULL;

  host_table (f, "RC", FALSE, 9);
  secret = seat_secret (f, 0);
  {
    g_autoptr (LwPlayClient) client = silent_client (f, secret);

    lw_play_client_send (client, "{\"type\":5,\"table\":1}");
    assert_closed_with (f, client, 4001);
  }
  {
    g_autoptr (LwPlayClient) client = silent_client (f, secret);
    g_autofree char *hello = g_strdup_printf ("{\"type\":\"hello\",\"table\":%" G_GINT64_FORMAT
                                              ",\"secret\":\"%s\",\"lang\":{}}", f->game, secret);

    /* A language of the wrong type is English. */
    lw_play_client_send (client, hello);
    g_assert_true (lw_play_run_until (lw_play_client_has_state, client, STEP_MS));
    g_assert_false (client->closed);
    for (gsize i = 0; i < G_N_ELEMENTS (messages); i++)
      {
        RefusalWait wait = { client, client->n_refused };

        lw_play_client_send (client, messages[i]);
        g_assert_true (lw_play_run_until (refused_once_more, &wait, STEP_MS));
        g_assert_false (client->closed);
        g_assert_cmpstr (client->last_reason, ==, "bad-message");
      }
    g_assert_cmpuint (client->n_refused, ==, G_N_ELEMENTS (messages));
  }
}

/* A raw client of the play socket: the handshake, the hello, then
 * continuation frames of a text message it never finishes. */
typedef struct {
  guint     port;
  char     *hello;
  gsize     sent;      /* bytes of fragments the server took */
  gboolean  closed;    /* the server closed or reset the connection */
  gboolean  done;
} Fragmenter;

static gboolean
send_frame (GOutputStream *out,
            guint8         first,
            const char    *payload,
            gsize          length)
{
  guint8 head[14];
  gsize n = 0;
  g_autofree guint8 *masked = g_malloc (length);

  head[n++] = first;
  if (length < 126)
    head[n++] = 0x80 | (guint8) length;
  else
    {
      head[n++] = 0x80 | 126;
      head[n++] = (guint8) (length >> 8);
      head[n++] = (guint8) length;
    }
  /* A mask of zeros: the payload as it is. */
  memset (head + n, 0, 4);
  n += 4;
  memcpy (masked, payload, length);
  return g_output_stream_write_all (out, head, n, NULL, NULL, NULL)
         && g_output_stream_write_all (out, masked, length, NULL, NULL, NULL);
}

static gpointer
fragmenter_run (gpointer data)
{
  Fragmenter *f = data;
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GSocketConnection) connection = NULL;
  g_autofree char *request = NULL;
  g_autofree char *chunk = g_strnfill (60000, 'a');
  GOutputStream *out;
  GInputStream *in;
  char answer[512];
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  g_socket_client_set_timeout (client, 5);
  g_socket_client_set_enable_proxy (client, FALSE);
  connection = g_socket_client_connect_to_host (client, "127.0.0.1", (guint16) f->port, NULL, NULL);
  g_assert_nonnull (connection);
  out = g_io_stream_get_output_stream (G_IO_STREAM (connection));
  in = g_io_stream_get_input_stream (G_IO_STREAM (connection));
  request = g_strdup_printf ("GET /play/socket HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nUpgrade: websocket\r\n"
                             "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                             "Sec-WebSocket-Version: 13\r\n\r\n", f->port);
  g_assert_true (g_output_stream_write_all (out, request, strlen (request), NULL, NULL, NULL));
  g_assert_cmpint (g_input_stream_read (in, answer, sizeof answer, NULL, NULL), >, 0);
  g_assert_true (g_str_has_prefix (answer, "HTTP/1.1 101"));
  g_assert_true (send_frame (out, 0x81, f->hello, strlen (f->hello)));
  /* 100 frames of 60,000 bytes, one message never finished: at most some
   * 130 KiB of it are taken before the server closes. */
  g_assert_true (send_frame (out, 0x01, "{\"type\":", 8));
  for (int i = 0; i < 100 && g_get_monotonic_time () < end; i++)
    {
      if (!send_frame (out, 0x00, chunk, 60000))
        {
          f->closed = TRUE;
          break;
        }
      f->sent += 60000;
      g_usleep (20 * 1000);
    }
  f->done = TRUE;
  /* The test's main loop may be waiting with nothing else to wake it. */
  g_main_context_wakeup (NULL);
  return NULL;
}

static gboolean
fragmenter_done (gpointer data)
{
  Fragmenter *f = data;

  return f->done;
}

/* A message in fragments that never ends is refused once it is over
 * what a message may be, the socket closed: libsoup itself would keep
 * every fragment, without bound. */
static void
test_endless_fragments (Fixture       *f,
                        gconstpointer  data)
{
  g_autofree char *secret = NULL;
  Fragmenter fragmenter = { 0 };
  GThread *thread;
  gboolean done;
  gint64 start = g_get_monotonic_time ();

  host_table (f, "RC", FALSE, 9);
  secret = seat_secret (f, 0);
  fragmenter.port = f->port;
  fragmenter.hello = g_strdup_printf ("{\"type\":\"hello\",\"table\":%" G_GINT64_FORMAT ",\"secret\":\"%s\",\"lang\":\"en\"}",
                                      f->game, secret);
  thread = g_thread_new ("fragmenter", fragmenter_run, &fragmenter);
  /* The thread is bounded in count and time: joined before any check. */
  done = lw_play_run_until (fragmenter_done, &fragmenter, STEP_MS + 10000);
  g_thread_join (thread);
  g_assert_true (done);
  g_test_message ("%" G_GSIZE_FORMAT " bytes of fragments taken in %.1f s", fragmenter.sent,
                  (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
  g_assert_true (fragmenter.closed);
  /* The kernel's buffers take some beyond what the server read. */
  g_assert_cmpuint (fragmenter.sent, <, 60 * 60000);
  g_free (fragmenter.hello);
  /* g_thread_join() above freed the thread; cppcheck takes it for a leak. */
  /* cppcheck-suppress memleak */
}

/* The close code of the server's first frame on @connection, once the
 * 101 is read; 0 when none came. */
static guint
raw_close_code (GSocketConnection *connection)
{
  GInputStream *in = g_io_stream_get_input_stream (G_IO_STREAM (connection));
  guint8 bytes[4096];
  gsize got = 0;
  const guint8 *frame = NULL;

  while (got < sizeof bytes)
    {
      gssize n = g_input_stream_read (in, bytes + got, sizeof bytes - got, NULL, NULL);
      const char *end;

      if (n <= 0)
        break;
      got += (gsize) n;
      end = g_strstr_len ((const char *) bytes, (gssize) got, "\r\n\r\n");
      if (end != NULL && (gsize) ((const guint8 *) end + 4 - bytes) + 4 <= got)
        {
          frame = (const guint8 *) end + 4;
          break;
        }
    }
  if (frame == NULL || frame[0] != 0x88 || (frame[1] & 0x7f) < 2)
    return 0;
  return ((guint) frame[2] << 8) | frame[3];
}

/* Frames against the protocol, or a text that is not UTF-8, close the
 * socket with the code that names the problem, and nothing of them is
 * read as a message. */
static void
test_protocol_errors (Fixture       *f,
                      gconstpointer  data)
{
  static const struct {
    guint8      first;
    gboolean    masked;
    const char *payload;
    guint       code;
  } cases[] = {
    { 0x81, TRUE, "{\"type\":\"hello\",\"x\":\"\xff\xfe\"}", 1007 },  /* not UTF-8 */
    { 0x81, FALSE, "{\"type\":\"ping\"}", 1002 },                      /* unmasked */
    { 0xC1, TRUE, "{\"type\":\"ping\"}", 1002 },                       /* compressed */
    { 0x80, TRUE, "{}", 1002 },                                        /* a continuation of nothing */
    { 0x83, TRUE, "{}", 1002 },                                        /* an unknown opcode */
    { 0x09, TRUE, "", 1002 },                                          /* a ping in fragments */
  };

  host_table (f, "RC", FALSE, 9);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GSocketClient) client = g_socket_client_new ();
      g_autoptr (GSocketConnection) connection = NULL;
      g_autofree char *request = NULL;
      GOutputStream *out;
      gsize length = strlen (cases[i].payload);
      guint8 head[6] = { cases[i].first, (guint8) length, 0, 0, 0, 0 };

      g_socket_client_set_timeout (client, 5);
      g_socket_client_set_enable_proxy (client, FALSE);
      connection = g_socket_client_connect_to_host (client, "127.0.0.1", (guint16) f->port, NULL, NULL);
      g_assert_nonnull (connection);
      out = g_io_stream_get_output_stream (G_IO_STREAM (connection));
      request = g_strdup_printf ("GET /play/socket HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nUpgrade: websocket\r\n"
                                 "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                 "Sec-WebSocket-Version: 13\r\n\r\n", f->port);
      g_assert_true (g_output_stream_write_all (out, request, strlen (request), NULL, NULL, NULL));
      if (cases[i].masked)
        head[1] |= 0x80;
      /* A mask of zeros: the payload as it is. */
      g_assert_true (g_output_stream_write_all (out, head, cases[i].masked ? 6 : 2, NULL, NULL, NULL));
      g_assert_true (g_output_stream_write_all (out, cases[i].payload, length, NULL, NULL, NULL));
      g_assert_cmpuint (raw_close_code (connection), ==, cases[i].code);
    }
  /* The server serves on. */
  {
    g_autoptr (LwPlayClient) client = client_for (f, 0, "en", FALSE);

    g_assert_true (lw_play_run_until (lw_play_client_has_state, client, STEP_MS));
  }
}

static gboolean
open_or_failed (gpointer data)
{
  LwPlayClient *client = data;

  return client->open || client->failed || client->closed;
}

/* The per-address cap of play sockets (2 here): at the cap, the oldest
 * socket without a seat is closed to make room for the next, which may
 * bring a link; a socket that holds a seat is never evicted, and past
 * two of them the next is refused (429). */
static void
test_per_address_cap (Fixture       *f,
                      gconstpointer  data)
{
  LwPlayClient *idle[2];
  g_autoptr (LwPlayClient) third = NULL;

  host_table (f, "RR", FALSE, 9);
  lw_web_server_set_max_play_sockets (f->server, 2);
  for (guint i = 0; i < 2; i++)
    {
      idle[i] = client_for (f, i, "en", FALSE);
      idle[i]->no_hello = TRUE;
      g_assert_true (lw_play_run_until (open_or_failed, idle[i], STEP_MS));
      g_assert_true (idle[i]->open);
    }
  /* Each link's holder evicts the oldest socket without a seat. */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (LwPlayClient) holder = client_for (f, i, "en", FALSE);

      g_assert_true (lw_play_run_until (lw_play_client_has_state, holder, STEP_MS));
      g_assert_false (holder->closed);
      g_assert_true (lw_play_run_until (lw_play_client_is_closed, idle[i], STEP_MS));
      if (i == 0)
        g_assert_false (idle[1]->closed);
      lw_play_client_free (idle[i]);
      idle[i] = g_steal_pointer (&holder);
    }
  /* Both sockets hold seats: a third is refused. */
  third = client_for (f, 0, "en", FALSE);
  third->no_hello = TRUE;
  g_assert_true (lw_play_run_until (open_or_failed, third, STEP_MS));
  g_assert_true (third->failed);
  {
    /* Its status line says so. */
    g_autoptr (GSocketClient) client = g_socket_client_new ();
    g_autoptr (GSocketConnection) connection = NULL;
    g_autofree char *request = NULL;
    char answer[256] = { 0 };

    g_socket_client_set_timeout (client, 5);
    g_socket_client_set_enable_proxy (client, FALSE);
    connection = g_socket_client_connect_to_host (client, "127.0.0.1", (guint16) f->port, NULL, NULL);
    g_assert_nonnull (connection);
    request = g_strdup_printf ("GET /play/socket HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nUpgrade: websocket\r\n"
                               "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                               "Sec-WebSocket-Version: 13\r\n\r\n", f->port);
    g_assert_true (g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)),
                                              request, strlen (request), NULL, NULL, NULL));
    g_assert_cmpint (g_input_stream_read (g_io_stream_get_input_stream (G_IO_STREAM (connection)),
                                          answer, sizeof answer - 1, NULL, NULL), >, 0);
    g_assert_true (g_str_has_prefix (answer, "HTTP/1.1 429 Too Many Requests\r\n"));
  }
  for (guint i = 0; i < 2; i++)
    {
      g_assert_false (idle[i]->closed);
      lw_play_client_free (idle[i]);
    }
}

static void
test_other_seat (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr (LwPlayClient) a = NULL;
  g_autoptr (LwPlayClient) b = NULL;
  g_autofree char *secret_b = NULL;
  LwPlayClient *waiting;
  guint64 version;

  two_clients (f, 21, &a, &b);
  g_assert_cmpint (a->seat, ==, 0);
  g_assert_cmpint (b->seat, ==, 1);
  waiting = client_to_act (a, b) == a ? b : a;
  version = lw_table_host_get_version (f->host);

  /* The waiting seat's actions, whatever they claim, are its own: refused. */
  {
    g_autofree char *action = lw_play_client_action (waiting, "claim", "decline", NULL);
    g_autofree char *claim = NULL;

    action[strlen (action) - 1] = '\0';
    claim = g_strdup_printf ("%s,\"seat\":%d}", action, waiting == a ? 1 : 0);
    lw_play_client_send (waiting, claim);
  }
  while (waiting->n_refused == 0 && !waiting->closed)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (waiting->last_reason, ==, "not-your-turn");
  g_assert_cmpuint (lw_table_host_get_version (f->host), ==, version);

  /* A second hello on an open socket changes nothing. */
  secret_b = seat_secret (f, 1);
  {
    g_autofree char *hello =
      g_strdup_printf ("{\"type\":\"hello\",\"table\":%" G_GINT64_FORMAT ",\"secret\":\"%s\",\"lang\":\"en\"}",
                       f->game, secret_b);

    lw_play_client_send (a, hello);
  }
  while (a->n_refused == 0 && !a->closed)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (a->last_reason, ==, "bad-message");
  g_assert_false (b->closed);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (a->state), "seat"), ==, 0);

  /* Seat 0's hand never reaches seat 1, and the reverse. */
  {
    g_autofree char *text_b = json_to_string (b->state, FALSE);

    {
      g_autofree char *hand_text = json_to_string (json_object_get_member (json_node_get_object (a->state), "hand"), FALSE);

      g_assert_null (strstr (text_b, hand_text));
    }
  }
}

/* `littlewolf-cli host` with computers only says so, then plays the game
 * to its end and stores it. */
static void
test_cli_host_computers (LwTestDb      *db,
                         gconstpointer  data)
{
  static const char *const options[] = { "--players", "2", "--names", "Ann,Ben", "--seats",
                                         "computer:easy,computer:random", "--seed", "5", "--port", "0", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  g_autofree char *line = NULL;
  g_autofree char *rest = NULL;

  process = lw_test_spawn_cli_host (db->path, options, &out);
  line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_assert_true (g_regex_match_simple ("^game [0-9]+: no remote seat: the computers play it to its end$",
                                       line, 0, 0));
  g_assert_true (g_subprocess_wait (process, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  rest = g_data_input_stream_read_line_utf8 (out, NULL, NULL, NULL);
  g_assert_null (rest);
  {
    g_autoptr (LwStore) store = lw_store_open (db->path, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (lw_test_count_games (store), ==, 1);
  }
}

/* `littlewolf-cli host` with one scripted client and two computers. */
static void
test_cli_host (LwTestDb      *db,
               gconstpointer  data)
{
  static const char *const options[] = { "--players", "3", "--names", "Ann,Ben,Cleo", "--seats",
                                         "computer:easy,remote,computer:random", "--seed", "17", "--port", "0",
                                         NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  g_autofree char *line = NULL;
  g_autoptr (LwPlayClient) client = NULL;
  g_autoptr (GMatchInfo) match = NULL;
  g_autoptr (GRegex) regex = g_regex_new ("^seat 1 Ben: http://127\\.0\\.0\\.1:([0-9]+)/play#t=([0-9]+)&s=([0-9a-f]{32})$",
                                          0, 0, NULL);
  g_autofree char *port = NULL;
  g_autofree char *game = NULL;
  g_autofree char *secret = NULL;

  process = lw_test_spawn_cli_host (db->path, options, &out);
  line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_assert_true (g_regex_match (regex, line, 0, &match));
  port = g_match_info_fetch (match, 1);
  game = g_match_info_fetch (match, 2);
  secret = g_match_info_fetch (match, 3);

  client = lw_play_client_new ((guint) g_ascii_strtoull (port, NULL, 10),
                               g_ascii_strtoll (game, NULL, 10), secret, "en");
  client->auto_play = TRUE;
  lw_play_client_connect (client);
  g_assert_true (lw_play_run_until (lw_play_client_game_over, client, GAME_MS));
  g_assert_true (g_subprocess_wait (process, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  g_assert_cmpint (client->seat, ==, 1);
  /* No other line: one remote seat, one link. */
  g_clear_pointer (&line, g_free);
  line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, NULL);
  g_assert_null (line);
  {
    g_autoptr (LwStore) store = lw_store_open (db->path, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (lw_test_count_games (store), ==, 1);
  }
}

typedef struct {
  guint   ping_ms;    /* from the welcome */
  guint   n_pongs;
} Heard;

static void
heard_cb (LwPlayClient *client,
          JsonObject   *message,
          gpointer      data)
{
  Heard *heard = data;
  const char *type = json_object_get_string_member_with_default (message, "type", "");

  if (g_str_equal (type, "welcome"))
    heard->ping_ms = (guint) json_object_get_int_member_with_default (message, "ping_ms", 0);
  else if (g_str_equal (type, "pong"))
    heard->n_pongs++;
}

static gboolean
send_ping (gpointer data)
{
  lw_play_client_send (data, "{\"type\":\"ping\"}");
  return G_SOURCE_CONTINUE;
}

typedef struct {
  guint    n;
  guint    seat[8];
  gboolean connected[8];
} SeatNewsLog;

static void
seat_connection_cb (LwWebServer *server,
                    gint64         game_id,
                    guint          seat,
                    gboolean       connected,
                    gpointer       data)
{
  SeatNewsLog *log = data;

  if (log->n < G_N_ELEMENTS (log->seat))
    {
      log->seat[log->n] = seat;
      log->connected[log->n] = connected;
    }
  log->n++;
}

static gboolean
silent_gone (gpointer data)
{
  Fixture *f = ((gpointer *) data)[0];
  LwPlayClient *silent = ((gpointer *) data)[1];

  return silent->closed && !lw_web_server_is_seat_connected (f->server, f->game, 1);
}

/* The heartbeat: seat 0's client pings every 100 ms, seat 1's sends
 * nothing after its hello and answers only libsoup's own pings. */
static void
test_silent_peer (Fixture       *f,
                  gconstpointer  data)
{
  enum { PING_MS = 100, SILENCE_MS = 800 };
  g_autoptr (LwPlayClient) pinging = NULL;
  g_autoptr (LwPlayClient) silent = NULL;
  Heard heard = { 0, 0 };
  SeatNewsLog log = { 0 };
  gpointer args[2];
  gint64 opened;
  gint64 waited_ms;
  guint ping_source;

  lw_web_server_set_play_heartbeat (f->server, PING_MS, SILENCE_MS);
  g_signal_connect (f->server, "seat-connection", G_CALLBACK (seat_connection_cb), &log);
  host_table (f, "RR", FALSE, 4);
  pinging = client_for (f, 0, "en", FALSE);
  pinging->func = heard_cb;
  pinging->func_data = &heard;
  silent = client_for (f, 1, "en", FALSE);
  g_assert_true (lw_play_run_until (lw_play_client_has_state, pinging, STEP_MS));
  g_assert_true (lw_play_run_until (lw_play_client_has_state, silent, STEP_MS));
  opened = g_get_monotonic_time ();
  g_assert_cmpuint (heard.ping_ms, ==, PING_MS);
  g_assert_true (lw_web_server_is_seat_connected (f->server, f->game, 1));
  ping_source = g_timeout_add (PING_MS, send_ping, pinging);

  args[0] = f;
  args[1] = silent;
  g_assert_true (lw_play_run_until (silent_gone, args, STEP_MS));
  waited_ms = (g_get_monotonic_time () - opened) / 1000;
  g_assert_cmpuint (silent->close_code, ==, 4006);
  /* Not before the limit (its hello was heard before "opened"). */
  g_assert_cmpint (waited_ms, >=, SILENCE_MS - 200);
  g_assert_true (lw_play_run_until (lw_play_client_is_closed, silent, STEP_MS));

  /* The seat-connection signal said so: 0 and 1 came, 1 went. */
  g_assert_cmpuint (log.n, ==, 3);
  g_assert_cmpuint (log.seat[2], ==, 1);
  g_assert_false (log.connected[2]);

  /* The pinging client outlives three silence limits. */
  {
    gint64 until = g_get_monotonic_time () + 3 * SILENCE_MS * 1000;

    while (g_get_monotonic_time () < until && !pinging->closed)
      g_main_context_iteration (NULL, TRUE);
  }
  g_source_remove (ping_source);
  g_assert_false (pinging->closed);
  g_assert_true (lw_web_server_is_seat_connected (f->server, f->game, 0));
  g_assert_cmpuint (heard.n_pongs, >=, 3);
  g_signal_handlers_disconnect_by_data (f->server, &log);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/host-socket/partners-game", test_partners_game);
  ADD ("/host-socket/three-clients", test_three_clients);
  ADD ("/host-socket/reconnect", test_reconnect);
  ADD ("/host-socket/duplicate", test_duplicate);
  ADD ("/host-socket/takeover", test_takeover);
  ADD ("/host-socket/hostile", test_hostile);
  ADD ("/host-socket/wrong-types", test_wrong_types);
  ADD ("/host-socket/endless-fragments", test_endless_fragments);
  ADD ("/host-socket/per-address-cap", test_per_address_cap);
  ADD ("/host-socket/protocol-errors", test_protocol_errors);
  ADD ("/host-socket/other-seat", test_other_seat);
  ADD ("/host-socket/silent-peer", test_silent_peer);
#undef ADD
  lw_test_add_db_closed ("/host-socket/cli-host", test_cli_host);
  lw_test_add_db_closed ("/host-socket/cli-host-computers", test_cli_host_computers);
  return g_test_run ();
}
