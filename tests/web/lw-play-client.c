/* lw-play-client.c — a scripted remote player (lw-play-client.h)
 *
 * Its choices come from the state alone: a bid from "can", the first
 * cards of the hand to discard, a single playable card to lead, and to
 * follow the "must" cards completed from the playable ones, trying the
 * next combination when the engine refuses one (a refusal costs a round
 * trip, so retries are spaced to stay under the server's message rate).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-play-client.h"

/* Far below the server's 20 messages a second. */
#define RETRY_MS 70
/* At most this many messages in any second: under the server's 20. */
#define PACE G_N_ELEMENTS (((LwPlayClient *) NULL)->sends)

/* A seat that finds no legal play in this many tries is a failed test. */
#define MAX_TRIES 400

static JsonObject *
state_object (LwPlayClient *client)
{
  return client->state != NULL ? json_node_get_object (client->state) : NULL;
}

const char *
lw_play_client_state_string (LwPlayClient *client,
                             const char   *name)
{
  JsonObject *state = state_object (client);

  return state != NULL ? json_object_get_string_member_with_default (state, name, NULL) : NULL;
}

gboolean
lw_play_client_game_over (gpointer client)
{
  const char *phase = lw_play_client_state_string (client, "phase");

  return phase != NULL && g_str_equal (phase, "game-over");
}

static JsonArray *
array_member (JsonObject *object,
              const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static JsonObject *
object_member (JsonObject *object,
               const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

JsonObject *
lw_play_action_new (const char *id,
                    guint64     version,
                    const char *what,
                    const char *cards)
{
  JsonObject *message = json_object_new ();

  json_object_set_string_member (message, "type", "action");
  json_object_set_string_member (message, "id", id);
  json_object_set_int_member (message, "version", (gint64) version);
  json_object_set_string_member (message, "do", what);
  if (cards != NULL)
    {
      g_auto (GStrv) list = g_strsplit (cards, " ", -1);
      JsonArray *array = json_array_new ();

      for (guint i = 0; list[i] != NULL; i++)
        if (list[i][0] != '\0')
          json_array_add_string_element (array, list[i]);
      json_object_set_array_member (message, "cards", array);
    }
  return message;
}

char *
lw_play_client_action (LwPlayClient *client,
                       const char   *id,
                       const char   *what,
                       const char   *cards)
{
  g_autoptr (JsonNode) root = json_node_new (JSON_NODE_OBJECT);

  json_node_take_object (root, lw_play_action_new (id, client->version, what, cards));
  return json_to_string (root, FALSE);
}

/* The @index-th set of @r positions out of @n (lexicographic order) in
 * @pick; FALSE when there are fewer. */
static gboolean
nth_combination (guint  n,
                 guint  r,
                 guint  index,
                 guint *pick)
{
  if (r > n)
    return FALSE;
  for (guint i = 0; i < r; i++)
    pick[i] = i;
  for (guint k = 0; k < index; k++)
    {
      int i = (int) r - 1;

      while (i >= 0 && pick[i] == n - r + (guint) i)
        i--;
      if (i < 0)
        return FALSE;
      pick[i]++;
      for (guint j = (guint) i + 1; j < r; j++)
        pick[j] = pick[j - 1] + 1;
    }
  return TRUE;
}

static gboolean
strv_has (JsonArray  *array,
          const char *card)
{
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    if (g_str_equal (json_array_get_string_element (array, i), card))
      return TRUE;
  return FALSE;
}

/* The cards to follow with on try @tries: the must cards and a
 * combination of the other playable ones, @k in all. */
static char *
follow_cards (JsonArray *playable,
              JsonArray *must,
              guint      k,
              guint      tries)
{
  g_autoptr (GPtrArray) others = g_ptr_array_new ();
  g_autoptr (GString) cards = g_string_new (NULL);
  guint n_must = must != NULL ? json_array_get_length (must) : 0;
  guint pick[16];

  for (guint i = 0; playable != NULL && i < json_array_get_length (playable); i++)
    {
      const char *card = json_array_get_string_element (playable, i);

      if (!strv_has (must, card))
        g_ptr_array_add (others, (gpointer) card);
    }
  if (n_must > k || k - n_must > G_N_ELEMENTS (pick)
      || !nth_combination (others->len, k - n_must, tries, pick))
    return NULL;
  for (guint i = 0; i < n_must; i++)
    g_string_append_printf (cards, "%s ", json_array_get_string_element (must, i));
  for (guint i = 0; i < k - n_must; i++)
    g_string_append_printf (cards, "%s ", (const char *) g_ptr_array_index (others, pick[i]));
  return g_string_free (g_steal_pointer (&cards), FALSE);
}

/* The action to try on try @tries of the current state, or NULL. */
static char *
choose (LwPlayClient *client)
{
  JsonObject *state = state_object (client);
  JsonObject *you = object_member (state, "you");
  JsonArray *can = array_member (you, "can");
  JsonArray *hand = array_member (state, "hand");
  JsonArray *playable = array_member (you, "playable");
  JsonObject *trick = object_member (state, "trick");
  JsonArray *plays = array_member (trick, "plays");
  g_autofree char *id = g_strdup_printf ("s%d-%u", client->seat, ++client->next_id);
  const char *first;
  guint tries = client->tries;

  if (can == NULL || json_array_get_length (can) == 0)
    return NULL;
  first = json_array_get_string_element (can, 0);
  if (g_str_equal (first, "declare") || g_str_equal (first, "decline"))
    {
      guint n = json_array_get_length (can);

      if (tries >= n)
        return NULL;
      return lw_play_client_action (client, id, json_array_get_string_element (can, (guint) (client->seat + (int) tries) % n), NULL);
    }
  if (g_str_equal (first, "discard"))
    {
      guint count = (guint) json_object_get_int_member_with_default (you, "discard_count", 0);
      guint n = hand != NULL ? json_array_get_length (hand) : 0;
      g_autoptr (GString) cards = g_string_new (NULL);

      if (count == 0 || count > n || tries >= n)
        return NULL;
      for (guint i = 0; i < count; i++)
        g_string_append_printf (cards, "%s ", json_array_get_string_element (hand, (tries + i) % n));
      return lw_play_client_action (client, id, "discard", cards->str);
    }
  if (g_str_equal (first, "play"))
    {
      gboolean leading = plays == NULL || json_array_get_length (plays) == 0
                         || !json_node_is_null (json_object_get_member (trick, "winner"));
      g_autofree char *cards = NULL;

      if (leading)
        {
          if (playable == NULL || tries >= json_array_get_length (playable))
            return NULL;
          return lw_play_client_action (client, id, "play", json_array_get_string_element (playable, tries));
        }
      {
        JsonObject *lead = json_array_get_object_element (plays, 0);
        guint k = json_array_get_length (array_member (lead, "cards"));

        cards = follow_cards (playable, array_member (you, "must"), k, tries);
      }
      return cards != NULL ? lw_play_client_action (client, id, "play", cards) : NULL;
    }
  return NULL;
}

static gboolean retry_cb (gpointer data);

/* In the thread-default main context, where the client's socket is: a
 * benchmark runs its clients in a thread of their own. */
static GSource *
add_timeout (guint       ms,
             GSourceFunc func,
             gpointer    data)
{
  GSource *source = g_timeout_source_new (ms);

  g_source_set_callback (source, func, data, NULL);
  g_source_attach (source, g_main_context_get_thread_default ());
  return source;
}

static void
cancel_retry (LwPlayClient *client)
{
  if (client->retry != NULL)
    g_source_destroy (client->retry);
  g_clear_pointer (&client->retry, g_source_unref);
}

static void
act (LwPlayClient *client)
{
  g_autofree char *text = NULL;
  JsonObject *you = object_member (state_object (client), "you");

  if (you == NULL || !json_object_get_boolean_member_with_default (you, "to_act", FALSE))
    return;
  if (client->pause_if != NULL && client->pause_if (client))
    {
      /* Acted on later by lw_play_client_act(). */
      client->acted_version = G_MAXUINT64;
      return;
    }
  {
    /* Paced: the oldest of the last PACE sends, or of the last PACE − 1
     * for a pair, must be a second old. */
    guint needed = client->send_twice ? 2 : 1;
    gint64 oldest = client->n_sends + needed > PACE
                    ? client->sends[(client->n_sends + needed - 1) % PACE] : 0;
    gint64 wait_us = oldest + G_USEC_PER_SEC - g_get_monotonic_time ();

    if (oldest != 0 && wait_us > 0)
      {
        if (client->retry == NULL)
          client->retry = add_timeout ((guint) (wait_us / 1000) + 1, retry_cb, client);
        return;
      }
  }
  text = choose (client);
  if (text == NULL)
    {
      g_warning ("seat %d: no action left to try at version %" G_GUINT64_FORMAT " (try %u)",
                 client->seat, client->version, client->tries);
      return;
    }
  client->acted_version = client->version;
  client->n_tries_max = MAX (client->n_tries_max, client->tries + 1);
  client->n_actions++;
  lw_play_client_send (client, text);
  if (client->send_twice)
    lw_play_client_send (client, text);
  if (client->sent != NULL)
    client->sent (client, NULL, client->func_data);
}

void
lw_play_client_act (LwPlayClient *client)
{
  client->tries = 0;
  cancel_retry (client);
  act (client);
}

static gboolean
retry_cb (gpointer data)
{
  LwPlayClient *client = data;

  g_clear_pointer (&client->retry, g_source_unref);
  if (client->tries < MAX_TRIES)
    act (client);
  return G_SOURCE_REMOVE;
}

static void
message_cb (SoupWebsocketConnection *ws,
            gint                     type,
            GBytes                  *bytes,
            gpointer                 data)
{
  LwPlayClient *client = data;
  g_autoptr (JsonParser) parser = json_parser_new ();
  gsize length;
  const char *text = g_bytes_get_data (bytes, &length);
  JsonObject *message;
  const char *kind;

  client->n_messages++;
  g_assert_true (json_parser_load_from_data (parser, text, (gssize) length, NULL));
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  message = json_node_get_object (json_parser_get_root (parser));
  kind = json_object_get_string_member_with_default (message, "type", "");
  if (g_str_equal (kind, "welcome"))
    client->seat = (int) json_object_get_int_member (message, "seat");
  else if (g_str_equal (kind, "state"))
    {
      g_clear_pointer (&client->state, json_node_unref);
      client->state = json_node_copy (json_parser_get_root (parser));
      client->version = (guint64) json_object_get_int_member (message, "version");
      client->n_states++;
    }
  else if (g_str_equal (kind, "refused"))
    {
      const char *reason = json_object_get_string_member_with_default (message, "reason", "");

      client->n_refused++;
      client->n_stale += g_str_equal (reason, "stale");
      g_free (client->last_reason);
      client->last_reason = g_strdup (reason);
    }
  if (client->func != NULL)
    client->func (client, message, client->func_data);

  if (!client->auto_play)
    return;
  if (g_str_equal (kind, "state") && client->version != client->acted_version)
    {
      client->tries = 0;
      cancel_retry (client);
      /* A person's moment to think, or none. */
      if (client->think_ms > 0)
        client->retry = add_timeout (client->think_ms, retry_cb, client);
      else
        act (client);
    }
  else if (g_str_equal (kind, "refused") && client->retry == NULL)
    {
      const char *reason = json_object_get_string_member_with_default (message, "reason", "");

      /* Stale or not this seat's turn: the next state says what to do. */
      if (g_str_equal (reason, "refused") || g_str_equal (reason, "bad-message"))
        {
          client->tries++;
          client->retry = add_timeout (RETRY_MS, retry_cb, client);
        }
    }
}

static void
closed_cb (SoupWebsocketConnection *ws,
           gpointer                 data)
{
  LwPlayClient *client = data;

  client->closed = TRUE;
  client->open = FALSE;
  client->close_code = soup_websocket_connection_get_close_code (ws);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  LwPlayClient *client = data;
  g_autoptr (GError) error = NULL;
  SoupWebsocketConnection *ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);

  if (ws == NULL)
    {
      client->failed = TRUE;
      client->closed = TRUE;
      return;
    }
  client->ws = ws;
  client->open = TRUE;
  g_object_set (ws, "max-incoming-payload-size", (guint64) 1024 * 1024, NULL);
  g_signal_connect (ws, "message", G_CALLBACK (message_cb), client);
  g_signal_connect (ws, "closed", G_CALLBACK (closed_cb), client);
  if (!client->no_hello)
    {
      g_autofree char *hello =
        g_strdup_printf ("{\"type\":\"hello\",\"table\":%" G_GINT64_FORMAT ",\"secret\":\"%s\",\"lang\":\"%s\"}",
                         client->table, client->secret, client->lang);

      soup_websocket_connection_send_text (ws, hello);
    }
}

LwPlayClient *
lw_play_client_new (guint       port,
                    gint64      table,
                    const char *secret,
                    const char *lang)
{
  LwPlayClient *client = g_new0 (LwPlayClient, 1);

  client->port = port;
  client->table = table;
  client->secret = g_strdup (secret);
  client->lang = g_strdup (lang != NULL ? lang : "en");
  client->seat = -1;
  client->acted_version = G_MAXUINT64;
  client->session = soup_session_new ();
  return client;
}

void
lw_play_client_connect (LwPlayClient *client)
{
  g_autofree char *url = g_strdup_printf ("ws://127.0.0.1:%u/play/socket", client->port);
  g_autoptr (SoupMessage) msg = soup_message_new ("GET", url);

  if (client->ws != NULL)
    {
      g_signal_handlers_disconnect_by_data (client->ws, client);
      g_clear_object (&client->ws);
    }
  client->open = client->closed = client->failed = FALSE;
  client->close_code = 0;
  client->seat = -1;
  client->acted_version = G_MAXUINT64;
  soup_session_websocket_connect_async (client->session, msg, NULL, NULL, G_PRIORITY_DEFAULT, NULL,
                                        connected_cb, client);
}

void
lw_play_client_send (LwPlayClient *client,
                     const char   *text)
{
  if (client->ws != NULL && soup_websocket_connection_get_state (client->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (client->ws, text);
  client->sends[client->n_sends % PACE] = g_get_monotonic_time ();
  client->n_sends++;
}

void
lw_play_client_close (LwPlayClient *client)
{
  if (client->ws != NULL && soup_websocket_connection_get_state (client->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (client->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
}

void
lw_play_client_free (LwPlayClient *client)
{
  cancel_retry (client);
  if (client->ws != NULL)
    {
      g_signal_handlers_disconnect_by_data (client->ws, client);
      lw_play_client_close (client);
      g_object_unref (client->ws);
    }
  g_object_unref (client->session);
  g_clear_pointer (&client->state, json_node_unref);
  g_free (client->last_reason);
  g_free (client->secret);
  g_free (client->lang);
  g_free (client);
}

typedef struct {
  gboolean (*done) (gpointer data);
  gpointer data;
  gboolean timed_out;
} RunUntil;

static gboolean
timed_out_cb (gpointer data)
{
  RunUntil *run = data;

  run->timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

gboolean
lw_play_run_until (gboolean (*done) (gpointer data),
                   gpointer   data,
                   guint      timeout_ms)
{
  RunUntil run = { done, data, FALSE };
  GMainContext *context = g_main_context_get_thread_default ();
  g_autoptr (GSource) timeout = add_timeout (timeout_ms, timed_out_cb, &run);

  while (!done (data) && !run.timed_out)
    g_main_context_iteration (context, TRUE);
  g_source_destroy (timeout);
  return done (data);
}

gboolean
lw_play_client_has_state (gpointer data)
{
  LwPlayClient *client = data;

  return client->state != NULL || client->closed;
}

gboolean
lw_play_client_is_closed (gpointer data)
{
  return ((LwPlayClient *) data)->closed;
}

gboolean
lw_play_client_mid_trick (gpointer data)
{
  LwPlayClient *client = data;
  JsonObject *state, *trick;

  if (client->state == NULL || client->closed)
    return client->closed;
  state = json_node_get_object (client->state);
  trick = json_object_get_object_member (state, "trick");
  return g_str_equal (json_object_get_string_member_with_default (state, "phase", ""), "play")
         && trick != NULL
         && json_array_get_length (json_object_get_array_member (trick, "plays")) > 0
         && json_object_get_boolean_member (json_object_get_object_member (state, "you"), "to_act");
}
