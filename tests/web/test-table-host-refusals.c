/* test-table-host-refusals.c — the remote table's refusals
 * (docs/REMOTE-PLAY.md) without a network, on a table of two remote
 * seats: stale, duplicate, out-of-turn, unreadable and out-of-phase
 * actions, cards that are not the seat's; a message's shape read once
 * (lw_table_host_read_message()) and acted on as read; and a seat given
 * to a computer and back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-host-fixture.h"
#include "lw-play-client.h"
#include "lw-store.h"
#include "lw-table-host.h"
#include "lw-test-util.h"

static JsonObject *
parse_action (const char *text)
{
  g_autoptr (JsonNode) node = lw_test_parse_json (text);

  return json_object_ref (json_node_get_object (node));
}

/* A table of two remote seats on a fresh database (lw_test_two_remote()),
 * with the host's version and the seat to act as it starts. */
typedef struct {
  LwTestDb     db;
  LwTableHost *host;
  guint64      version;
  int          turn;
} TwoRemote;

static void
two_remote_set_up (TwoRemote     *f,
                   gconstpointer  data)
{
  lw_test_db_set_up (&f->db, data);
  f->host = lw_test_two_remote (f->db.store);
  f->version = lw_table_host_get_version (f->host);
  f->turn = lw_test_host_turn (f->host);
}

static void
two_remote_tear_down (TwoRemote     *f,
                      gconstpointer  data)
{
  g_clear_object (&f->host);
  lw_test_db_tear_down (&f->db, data);
}

static void
add_two_remote (const char *path,
                void (*test) (TwoRemote *, gconstpointer))
{
  g_test_add (path, TwoRemote, NULL, two_remote_set_up, test, two_remote_tear_down);
}

static void
test_stale (TwoRemote     *f,
            gconstpointer  data)
{
  g_autoptr (JsonObject) old = lw_test_bid_action ("x1", f->version - 1, "decline");
  g_autoptr (JsonObject) now = lw_test_bid_action ("x2", f->version, "decline");
  g_autoptr (JsonObject) late = lw_test_bid_action ("x3", f->version, "decline");
  g_autoptr (GError) error = NULL;

  g_assert_false (lw_table_host_act (f->host, f->turn, old, "en", &error));
  g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_STALE);
  g_assert_nonnull (strstr (error->message, "moved on"));
  g_clear_error (&error);
  g_assert_cmpuint (lw_table_host_get_version (f->host), ==, f->version);
  g_assert_cmpuint (lw_table_get_log (lw_table_host_get_table (f->host))->len, ==, 0);

  g_assert_true (lw_table_host_act (f->host, f->turn, now, "en", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lw_table_host_get_version (f->host), ==, f->version + 1);
  /* The next seat answering the old version: another move came first. */
  g_assert_false (lw_table_host_act (f->host, lw_test_host_turn (f->host), late, "en", &error));
  g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_STALE);
}

static void
test_duplicate (TwoRemote     *f,
                gconstpointer  data)
{
  g_autoptr (JsonObject) action = lw_test_bid_action ("tap", f->version, "decline");
  g_autoptr (JsonObject) again = lw_test_bid_action ("tap", f->version + 1, "decline");
  g_autoptr (GError) error = NULL;

  g_assert_true (lw_table_host_act (f->host, f->turn, action, "en", &error));
  g_assert_cmpuint (lw_table_get_log (lw_table_host_get_table (f->host))->len, ==, 1);
  /* The same tap again, from a second tab: played once. */
  g_assert_false (lw_table_host_act (f->host, f->turn, action, "en", &error));
  g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_DUPLICATE);
  g_clear_error (&error);
  g_assert_false (lw_table_host_act (f->host, f->turn, again, "en", &error));
  g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_DUPLICATE);
  g_assert_cmpuint (lw_table_get_log (lw_table_host_get_table (f->host))->len, ==, 1);
  g_assert_cmpuint (lw_table_host_get_version (f->host), ==, f->version + 1);
}

static void
test_not_your_turn (TwoRemote     *f,
                    gconstpointer  data)
{
  int other = 1 - f->turn;
  g_autoptr (JsonObject) action = lw_test_bid_action ("n1", f->version, "declare");
  g_autoptr (GError) error = NULL;

  g_assert_false (lw_table_host_act (f->host, other, action, "en", &error));
  g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_NOT_YOUR_TURN);
  g_assert_cmpstr (error->message, ==, "It is not your turn.");
  g_assert_cmpuint (lw_table_get_log (lw_table_host_get_table (f->host))->len, ==, 0);
  g_assert_cmpuint (lw_table_host_get_version (f->host), ==, f->version);
}

static void
test_bad_messages (TwoRemote     *f,
                   gconstpointer  data)
{
  static const char *const bad[] = {
    "{}",
    "{\"type\":\"hello\",\"id\":\"b\",\"version\":1,\"do\":\"decline\"}",
    "{\"type\":\"action\",\"version\":1,\"do\":\"decline\"}",
    "{\"type\":\"action\",\"id\":7,\"version\":1,\"do\":\"decline\"}",
    "{\"type\":\"action\",\"id\":\"\",\"version\":1,\"do\":\"decline\"}",
    "{\"type\":\"action\",\"id\":\"12345678901234567890123456789012345678901234567890123456789012345\","
    "\"version\":1,\"do\":\"decline\"}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":\"1\",\"do\":\"decline\"}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1.5,\"do\":\"decline\"}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1,\"do\":\"dance\"}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1,\"do\":[\"play\"]}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1,\"do\":\"play\"}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1,\"do\":\"play\",\"cards\":\"9H\"}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1,\"do\":\"discard\",\"cards\":{}}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1,\"do\":\"play\",\"cards\":[\"9H\"],\"as\":\"10H\"}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1,\"do\":\"discard\",\"cards\":[\"<b>\",\"2H\",\"3H\",\"4H\"]}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1,\"do\":\"play\",\"cards\":[null]}",
  };

  for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      g_autoptr (JsonObject) action = parse_action (bad[k]);
      g_autoptr (GError) error = NULL;

      g_test_message ("%s", bad[k]);
      g_assert_false (lw_table_host_act (f->host, f->turn, action, "en", &error));
      g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_BAD_MESSAGE);
      g_assert_true (g_str_has_prefix (error->message, "The message could not be read: "));
    }
  /* No such seat. */
  {
    g_autoptr (JsonObject) action = lw_test_bid_action ("s", f->version, "decline");
    g_autoptr (GError) error = NULL;

    g_assert_false (lw_table_host_act (f->host, 5, action, "en", &error));
    g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_BAD_MESSAGE);
  }
  g_assert_cmpuint (lw_table_host_get_version (f->host), ==, f->version);
  g_assert_cmpuint (lw_table_get_log (lw_table_host_get_table (f->host))->len, ==, 0);
}

/* The non-dealer declines, the Dealer declares: the Dealer's discard is
 * due. Returns the Dealer's seat. */
static int
to_exchange (LwTableHost *host)
{
  int dealer = lw_table_get_dealer (lw_table_host_get_table (host));
  int seat = lw_test_host_turn (host);
  g_autoptr (GError) error = NULL;

  if (seat != dealer)
    {
      g_autoptr (JsonObject) decline = lw_test_bid_action ("d1", lw_table_host_get_version (host), "decline");

      g_assert_true (lw_table_host_act (host, seat, decline, "en", &error));
    }
  {
    g_autoptr (JsonObject) declare = lw_test_bid_action ("d2", lw_table_host_get_version (host), "declare");

    g_assert_true (lw_table_host_act (host, dealer, declare, "en", &error));
  }
  g_assert_no_error (error);
  g_assert_cmpint (lw_table_get_phase (lw_table_host_get_table (host)), ==, LW_PHASE_EXCHANGE);
  return dealer;
}

/* Cards that are not the seat's, a discard of 3: refused in words. */
static void
test_refused_cards (TwoRemote     *f,
                    gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  int dealer = to_exchange (f->host);
  guint n_hand;
  const LwCard *hand = lw_table_get_hand (lw_table_host_get_table (f->host), dealer, &n_hand);
  g_autoptr (JsonObject) three_cards = lw_play_action_new ("d3", lw_table_host_get_version (f->host), "discard", NULL);
  g_autoptr (JsonObject) foreign = NULL;
  JsonArray *four_cards;
  const char *missing = NULL;
  gboolean held[LW_N_FACES] = { FALSE };

  json_object_set_array_member (three_cards, "cards", lw_test_faces_array (hand, 3));
  g_assert_false (lw_table_host_act (f->host, dealer, three_cards, "en", &error));
  g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_REFUSED);
  g_assert_cmpstr (error->message, ==, "Choose 4 cards to discard, not 3.");
  g_clear_error (&error);

  for (guint i = 0; i < n_hand; i++)
    held[lw_card_face (hand[i])] = TRUE;
  for (guint face = 0; face < LW_N_FACES && missing == NULL; face++)
    if (!held[face])
      missing = lw_face_to_string (face);
  foreign = lw_play_action_new ("d4", lw_table_host_get_version (f->host), "discard", NULL);
  four_cards = lw_test_faces_array (hand, 3);
  json_array_add_string_element (four_cards, missing);
  json_object_set_array_member (foreign, "cards", four_cards);
  g_assert_false (lw_table_host_act (f->host, dealer, foreign, "en", &error));
  g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_REFUSED);
  g_assert_true (g_str_has_suffix (error->message, " is not in your hand."));
  g_assert_cmpint (lw_table_get_phase (lw_table_host_get_table (f->host)), ==, LW_PHASE_EXCHANGE);
}

/* The seat to act sending a play while bidding, or while the Dealer's
 * discard is due: refused in words (the table's own), nothing played,
 * no assertion in the lead's readings. */
static void
test_out_of_phase (TwoRemote     *f,
                   gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  int seat = lw_test_host_turn (f->host);

  for (int step = 0; step < 2; step++)
    {
      const LwTable *table = lw_table_host_get_table (f->host);
      guint n_hand, n_log = lw_table_get_log (table)->len;
      const LwCard *hand = lw_table_get_hand (table, seat, &n_hand);
      guint64 version = lw_table_host_get_version (f->host);
      g_autofree char *id = g_strdup_printf ("p%d", step);
      g_autoptr (JsonObject) play = lw_play_action_new (id, version, "play",
                                                        lw_face_to_string (lw_card_face (hand[0])));

      g_assert_false (lw_table_host_act (f->host, seat, play, "en", &error));
      g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_REFUSED);
      g_assert_nonnull (strstr (error->message, step == 0 ? "Declare or Decline" : "discard four cards"));
      g_clear_error (&error);
      g_assert_cmpuint (lw_table_get_log (table)->len, ==, n_log);
      g_assert_cmpuint (lw_table_host_get_version (f->host), ==, version);

      /* Then the Dealer's discard is due. */
      if (step == 0)
        seat = to_exchange (f->host);
    }
}

/* A disconnected seat given to a computer plays on; back to a person, the
 * computer stops. */
static void
test_seat_to_computer (TwoRemote     *f,
                       gconstpointer  data)
{
  gint64 start = g_get_monotonic_time ();

  lw_table_host_set_seat_kind (f->host, f->turn, LW_HOST_SEAT_COMPUTER, LW_BOT_RANDOM);
  g_assert_cmpint (lw_table_host_get_seat_kind (f->host, f->turn), ==, LW_HOST_SEAT_COMPUTER);
  while (lw_table_get_log (lw_table_host_get_table (f->host))->len == 0)
    {
      g_main_context_iteration (NULL, FALSE);
      g_assert_cmpfloat (lw_test_ms_since (start), <, 30000);
      g_usleep (1000);
    }
  /* The computer moved for that seat. */
  g_assert_cmpint (g_array_index (lw_table_get_log (lw_table_host_get_table (f->host)), LwAction, 0).seat, ==, f->turn);

  /* Back to its person: nobody moves for it. */
  lw_table_host_set_seat_kind (f->host, lw_test_host_turn (f->host), LW_HOST_SEAT_REMOTE, LW_BOT_RANDOM);
  for (guint k = 0; k < 20; k++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (lw_table_get_log (lw_table_host_get_table (f->host))->len, ==, 1);
}

/* The one check of a message's shape (lw_table_host_read_message(), what
 * the web server's thread runs before the owner's acts): messages as bad
 * as test_bad_messages()'s, and readings requests without cards or a good
 * id, are refused by it in the same words; good ones are read into their
 * fields, borrowed from the message; what it read is acted on as
 * lw_table_host_act() acts, and a readings request is no action (nor the
 * reverse). */
static void
test_read_message (TwoRemote     *f,
                   gconstpointer  data)
{
  static const char *const bad[] = {
    "{}",
    "{\"type\":\"hello\",\"id\":\"b\",\"version\":1,\"do\":\"decline\"}",
    "{\"type\":\"action\",\"id\":7,\"version\":1,\"do\":\"decline\"}",
    "{\"type\":\"action\",\"id\":\"\",\"version\":1,\"do\":\"decline\"}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1.5,\"do\":\"decline\"}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1,\"do\":\"dance\"}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1,\"do\":\"play\"}",
    "{\"type\":\"action\",\"id\":\"b\",\"version\":1,\"do\":\"play\",\"cards\":[\"9H\"],\"as\":\"10H\"}",
    "{\"type\":\"readings\",\"id\":\"r\"}",
    "{\"type\":\"readings\",\"id\":[1],\"cards\":[]}",
  };
  LwTableHostMessage message;

  for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      g_autoptr (JsonObject) object = parse_action (bad[k]);
      g_autoptr (GError) error = NULL;

      g_test_message ("%s", bad[k]);
      g_assert_false (lw_table_host_read_message (object, &message, &error));
      g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_BAD_MESSAGE);
      g_assert_true (g_str_has_prefix (error->message, "The message could not be read: "));
    }

  /* An action: every field read, borrowed from the message. */
  {
    g_autoptr (JsonObject) object =
      parse_action ("{\"type\":\"action\",\"id\":\"p1\",\"version\":7,\"do\":\"play\","
                    "\"cards\":[\"7C\",\"L\"],\"as\":[\"8C\"]}");
    g_autoptr (GError) error = NULL;

    g_assert_true (lw_table_host_read_message (object, &message, &error));
    g_assert_no_error (error);
    g_assert_false (message.readings);
    g_assert_cmpstr (message.id, ==, "p1");
    g_assert_true (message.id == json_object_get_string_member (object, "id"));
    g_assert_cmpint (message.version, ==, 7);
    g_assert_cmpint (message.kind, ==, LW_ACTION_PLAY);
    g_assert_true (message.cards == json_object_get_array_member (object, "cards"));
    g_assert_cmpuint (json_array_get_length (message.cards), ==, 2);
    g_assert_cmpuint (json_array_get_length (message.as), ==, 1);
  }
  /* A readings request. */
  {
    g_autoptr (JsonObject) object = parse_action ("{\"type\":\"readings\",\"id\":\"r1\",\"cards\":[\"7C\"]}");
    g_autoptr (GError) error = NULL;

    g_assert_true (lw_table_host_read_message (object, &message, &error));
    g_assert_true (message.readings);
    g_assert_cmpstr (message.id, ==, "r1");
    g_assert_cmpuint (json_array_get_length (message.cards), ==, 1);
    g_assert_null (message.as);

    /* Not an action. */
    g_assert_false (lw_table_host_act_message (f->host, f->turn, &message, "en", &error));
    g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_BAD_MESSAGE);
  }
  /* A decline read once, then acted on as read; an action is no readings
   * request. */
  {
    g_autoptr (JsonObject) object = lw_test_bid_action ("d1", f->version, "decline");
    g_autoptr (GError) error = NULL;

    g_assert_true (lw_table_host_read_message (object, &message, &error));
    g_assert_null (message.cards);
    g_assert_cmpint (message.kind, ==, LW_ACTION_DECLINE);
    g_assert_null (lw_table_host_readings_message (f->host, f->turn, &message, "en", &error));
    g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_BAD_MESSAGE);
    g_clear_error (&error);
    g_assert_cmpuint (lw_table_host_get_version (f->host), ==, f->version);
    g_assert_true (lw_table_host_act_message (f->host, f->turn, &message, "en", &error));
    g_assert_no_error (error);
    g_assert_cmpuint (lw_table_host_get_version (f->host), ==, f->version + 1);
    g_assert_cmpint (lw_test_host_turn (f->host), !=, f->turn);
    /* The same id again: played once. */
    g_assert_false (lw_table_host_act_message (f->host, f->turn, &message, "en", &error));
    g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_DUPLICATE);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  add_two_remote ("/table-host/stale", test_stale);
  add_two_remote ("/table-host/duplicate", test_duplicate);
  add_two_remote ("/table-host/not-your-turn", test_not_your_turn);
  add_two_remote ("/table-host/bad-messages", test_bad_messages);
  add_two_remote ("/table-host/read-message", test_read_message);
  add_two_remote ("/table-host/refused-cards", test_refused_cards);
  add_two_remote ("/table-host/out-of-phase", test_out_of_phase);
  add_two_remote ("/table-host/seat-to-computer", test_seat_to_computer);
  return g_test_run ();
}
