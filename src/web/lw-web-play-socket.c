/* lw-web-play-socket.c — remote play's sockets, the server's thread
 * (docs/REMOTE-PLAY.md)
 *
 * Each socket at /play/socket: its hello (the seat its secret opens),
 * its messages (their shape checked here, once, by
 * lw_table_host_read_message(), then posted with what it read to the
 * owner's thread as requests: lw-web-play.c), the texts delivered to it from there, its heartbeat
 * and silence, its rate of frames, its closing; its frames are read and
 * written by lw-web-socket.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-web-play.h"
#include "lw-web-play-private.h"
#include "lw-entry-requests.h"
#include "lw-web-socket.h"
#include "lw-json-text.h"
#include "lw-words.h"

static char *
seat_key (gint64 game_id,
          int    seat)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT ":%d", game_id, seat);
}

static void
play_socket_free (gpointer data)
{
  PlaySocket *socket = data;

  if (socket->hello_timeout != NULL)
    g_source_destroy (socket->hello_timeout);
  g_clear_pointer (&socket->hello_timeout, g_source_unref);
  if (socket->silence_check != NULL)
    g_source_destroy (socket->silence_check);
  g_clear_pointer (&socket->silence_check, g_source_unref);
  /* 1001 if still open; nothing told back. */
  lw_web_socket_free (socket->ws);
  /* The descriptor goes back now, whatever libsoup still holds. */
  g_io_stream_close (socket->base, NULL, NULL);
  g_object_unref (socket->base);
  g_free (socket->address);
  g_free (socket);
}

/* The seat's socket no longer: another took it, or it closed. */
static void
release_seat (PlaySocket *socket)
{
  LwWebPlay *self = socket->play;
  g_autofree char *key = NULL;
  PlayTable *table;

  if (socket->seat < 0)
    return;
  key = seat_key (socket->game_id, socket->seat);
  if (g_hash_table_lookup (self->seats, key) == socket)
    {
      g_hash_table_remove (self->seats, key);
      g_mutex_lock (&self->lock);
      table = g_hash_table_lookup (self->tables, &socket->game_id);
      if (table != NULL)
        table->connected[socket->seat] = FALSE;
      g_mutex_unlock (&self->lock);
      lw_web_play_tell_owner (socket, FALSE);
    }
  socket->seat = -1;
}

/* Gone: its seat released, its count off its address's, freed. */
static void
forget_socket (PlaySocket *socket)
{
  LwWebPlay *self = socket->play;
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, socket->address));

  release_seat (socket);
  if (count > 1)
    g_hash_table_insert (self->per_address, g_strdup (socket->address), GUINT_TO_POINTER (count - 1));
  else
    g_hash_table_remove (self->per_address, socket->address);
  g_hash_table_remove (self->sockets, &socket->serial);
}

static void
closed_cb (LwWebSocket *ws,
           gpointer   data)
{
  forget_socket (data);
}

static void
close_socket (PlaySocket *socket,
              guint       code,
              const char *reason)
{
  lw_web_socket_close (socket->ws, (gushort) code, reason);
}

static void
send_text (PlaySocket *socket,
           const char *text)
{
  lw_web_socket_send_text (socket->ws, text);
}

static void
send_refusal (PlaySocket *socket,
              const char *id,
              const char *message)
{
  g_autofree char *text = lw_web_play_refusal_text (id, "bad-message", message);

  send_text (socket, text);
}

static const char *
close_reason (guint code)
{
  switch (code)
    {
    case LW_WEB_PLAY_CLOSE_BAD_SECRET:
      return "bad secret";
    case LW_WEB_PLAY_CLOSE_TIMEOUT:
      return "no hello";
    case LW_WEB_PLAY_CLOSE_ELSEWHERE:
      return "opened elsewhere";
    case LW_WEB_PLAY_CLOSE_FLOOD:
      return "too many messages";
    case LW_WEB_PLAY_CLOSE_TABLE_CLOSED:
      return "table closed";
    case LW_WEB_PLAY_CLOSE_SILENT:
      return "nothing heard";
    default:
      return NULL;
    }
}

static void
deliver_to (PlaySocket *socket,
            Delivery   *delivery)
{
  if (delivery->text != NULL)
    send_text (socket, delivery->text);
  if (delivery->close_code != 0)
    {
      /* Its seat is free at once for the socket that replaces it. */
      release_seat (socket);
      close_socket (socket, delivery->close_code, close_reason (delivery->close_code));
    }
}

gboolean
lw_web_play_deliver_cb (gpointer data)
{
  Delivery *delivery = data;
  LwWebPlay *self = delivery->play;
  PlaySocket *socket;

  if (self->sockets == NULL)
    return G_SOURCE_REMOVE;
  if (delivery->seat < 0)
    {
      g_autoptr (GPtrArray) sockets = g_ptr_array_new ();
      GHashTableIter iter;

      /* Closing one may not change the table under the loop. */
      g_hash_table_iter_init (&iter, self->sockets);
      while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &socket))
        g_ptr_array_add (sockets, socket);
      for (guint i = 0; i < sockets->len; i++)
        {
          socket = g_ptr_array_index (sockets, i);
          if (socket->seat >= 0 && socket->game_id == delivery->game_id)
            deliver_to (socket, delivery);
        }
      return G_SOURCE_REMOVE;
    }
  {
    g_autofree char *key = seat_key (delivery->game_id, delivery->seat);

    socket = g_hash_table_lookup (self->seats, key);
  }
  if (socket != NULL && (delivery->serial == 0 || delivery->serial == socket->serial))
    deliver_to (socket, delivery);
  return G_SOURCE_REMOVE;
}

static gboolean
hello_timeout_cb (gpointer data)
{
  PlaySocket *socket = data;

  g_clear_pointer (&socket->hello_timeout, g_source_unref);
  close_socket (socket, LW_WEB_PLAY_CLOSE_TIMEOUT, close_reason (LW_WEB_PLAY_CLOSE_TIMEOUT));
  return G_SOURCE_REMOVE;
}

/* Every quarter of the silence limit: a socket that has sent nothing
 * for the whole limit is gone (a phone switched off, a dropped network
 * that never closed the connection). Its seat is Not connected at once;
 * libsoup ends the connection once the close frame goes unanswered. */
static gboolean
silence_check_cb (gpointer data)
{
  PlaySocket *socket = data;
  gint64 limit = (gint64) g_atomic_int_get (&socket->play->silence_ms) * 1000;

  if (g_get_monotonic_time () - socket->last_heard < limit)
    return G_SOURCE_CONTINUE;
  g_clear_pointer (&socket->silence_check, g_source_unref);
  release_seat (socket);
  close_socket (socket, LW_WEB_PLAY_CLOSE_SILENT, close_reason (LW_WEB_PLAY_CLOSE_SILENT));
  return G_SOURCE_REMOVE;
}

/* The seat @secret opens at the table of @game_id, or -1; its hash
 * compared in full with every seat's (lw_entry_requests_secret_equal()),
 * so that the time taken tells nothing. */
static int
seat_of_secret (LwWebPlay *self,
                gint64       game_id,
                const char  *secret,
                const char  *lang)
{
  PlayTable *table;
  int seat = -1;
  g_autofree char *hash = lw_entry_requests_secret_hash (secret);

  g_mutex_lock (&self->lock);
  table = g_hash_table_lookup (self->tables, &game_id);
  if (table != NULL)
    {
      for (guint s = 0; s < table->n_players; s++)
        if (table->hash[s] != NULL && lw_entry_requests_secret_equal (table->hash[s], hash))
          seat = (int) s;
      if (seat >= 0)
        {
          table->connected[seat] = TRUE;
          memcpy (table->lang[seat], lang, 3);
        }
    }
  g_mutex_unlock (&self->lock);
  return seat;
}

static const char *
known_lang (const char *lang)
{
  static const char *const langs[] = { "en", "fr", "de" };

  for (gsize i = 0; lang != NULL && i < G_N_ELEMENTS (langs); i++)
    if (g_str_equal (lang, langs[i]))
      return langs[i];
  return "en";
}

static void
hello (PlaySocket *socket,
       JsonObject *message)
{
  LwWebPlay *self = socket->play;
  JsonNode *table_node = json_object_get_member (message, "table");
  const char *secret = lw_web_play_string_member (message, "secret");
  const char *lang = known_lang (lw_web_play_string_member (message, "lang"));
  g_autofree char *key = NULL;
  g_autofree char *welcome = NULL;
  PlaySocket *previous;
  gint64 game_id;
  int seat;

  if (!lw_json_node_holds (table_node, G_TYPE_INT64) || secret == NULL)
    {
      close_socket (socket, LW_WEB_PLAY_CLOSE_BAD_SECRET, close_reason (LW_WEB_PLAY_CLOSE_BAD_SECRET));
      return;
    }
  game_id = json_node_get_int (table_node);
  seat = seat_of_secret (self, game_id, secret, lang);
  if (seat < 0)
    {
      close_socket (socket, LW_WEB_PLAY_CLOSE_BAD_SECRET, close_reason (LW_WEB_PLAY_CLOSE_BAD_SECRET));
      return;
    }

  if (socket->hello_timeout != NULL)
    g_source_destroy (socket->hello_timeout);
  g_clear_pointer (&socket->hello_timeout, g_source_unref);
  socket->game_id = game_id;
  socket->seat = seat;
  memcpy (socket->lang, lang, 3);

  key = seat_key (game_id, seat);
  previous = g_hash_table_lookup (self->seats, key);
  if (previous != NULL && previous != socket)
    {
      /* The seat stays connected: only its socket changes. */
      g_hash_table_remove (self->seats, key);
      previous->seat = -1;
      close_socket (previous, LW_WEB_PLAY_CLOSE_ELSEWHERE, close_reason (LW_WEB_PLAY_CLOSE_ELSEWHERE));
    }
  else
    lw_web_play_tell_owner (socket, TRUE);
  g_hash_table_insert (self->seats, g_steal_pointer (&key), socket);

  welcome = g_strdup_printf ("{\"type\":\"welcome\",\"table\":%" G_GINT64_FORMAT ",\"seat\":%d,\"ping_ms\":%u}",
                             game_id, seat, (guint) g_atomic_int_get (&self->ping_ms));
  send_text (socket, welcome);
  lw_web_play_post_request (socket, NULL, NULL);
}

/* Every frame the socket reads (a message's, a continuation, a ping, a
 * pong, a close), before the hello as after it, counts against
 * LW_WEB_PLAY_MAX_RATE in windows of one second from the window's
 * first frame: one more closes it with LW_WEB_PLAY_CLOSE_FLOOD. */
static void
frame_cb (LwWebSocket *ws,
          gpointer   data)
{
  PlaySocket *socket = data;
  gint64 now = g_get_monotonic_time ();

  if (now - socket->window_start >= G_USEC_PER_SEC)
    {
      socket->window_start = now;
      socket->window_count = 0;
    }
  if (++socket->window_count > LW_WEB_PLAY_MAX_RATE)
    {
      release_seat (socket);
      close_socket (socket, LW_WEB_PLAY_CLOSE_FLOOD, close_reason (LW_WEB_PLAY_CLOSE_FLOOD));
    }
}

static void
message_cb (LwWebSocket  *ws,
            const char *bytes,
            gsize       length,
            gboolean    binary,
            gpointer    data)
{
  PlaySocket *socket = data;
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) error = NULL;
  JsonNode *root;
  JsonObject *object;
  const char *kind;
  const char *id;

  socket->last_heard = g_get_monotonic_time ();
  if (binary)
    {
      close_socket (socket, SOUP_WEBSOCKET_CLOSE_UNSUPPORTED_DATA, "text messages only");
      return;
    }

  parser = json_parser_new ();
  root = lw_json_parse_checked (parser, bytes, (gssize) length, "a message", &error);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      if (socket->seat < 0)
        close_socket (socket, LW_WEB_PLAY_CLOSE_BAD_SECRET, close_reason (LW_WEB_PLAY_CLOSE_BAD_SECRET));
      else
        send_refusal (socket, NULL, "the message is not a JSON object");
      return;
    }
  object = json_node_get_object (root);
  kind = lw_web_play_string_member (object, "type");
  if (kind == NULL)
    kind = "";
  id = lw_web_play_string_member (object, "id");

  if (socket->seat < 0)
    {
      /* The first message is the hello, or the socket closes. */
      if (g_str_equal (kind, "hello"))
        hello (socket, object);
      else
        close_socket (socket, LW_WEB_PLAY_CLOSE_BAD_SECRET, close_reason (LW_WEB_PLAY_CLOSE_BAD_SECRET));
      return;
    }
  if (g_str_equal (kind, "ping"))
    {
      /* The heartbeat: heard, and answered so the page knows too. */
      send_text (socket, "{\"type\":\"pong\"}");
      return;
    }
  if (g_str_equal (kind, "hello"))
    {
      send_refusal (socket, id, "the seat is open already");
      return;
    }
  /* An action or a readings request: its shape checked here, once, in
   * the seat's language; the owner's thread acts on what was read. */
  {
    JsonNode *copy = json_node_copy (root);
    LwTableHostMessage message;
    locale_t old = lw_words_use_lang (socket->lang);
    gboolean read = lw_table_host_read_message (json_node_get_object (copy), &message, &error);

    lw_words_restore_lang (old);
    if (!read)
      {
        send_refusal (socket, id != NULL && strlen (id) <= 64 ? id : NULL, error->message);
        json_node_unref (copy);
        return;
      }
    lw_web_play_post_request (socket, copy, &message);
  }
}

/**
 * lw_web_play_attach:
 * @server_context: the server thread's main context
 *
 * At the start of the server's thread: jobs for sockets go there.
 */
void
lw_web_play_attach (LwWebPlay  *self,
                      GMainContext *server_context)
{
  g_mutex_lock (&self->lock);
  g_clear_pointer (&self->server_context, g_main_context_unref);
  self->server_context = g_main_context_ref (server_context);
  g_mutex_unlock (&self->lock);
  self->sockets = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, play_socket_free);
  self->seats = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->per_address = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/**
 * lw_web_play_detach:
 *
 * Once the server's thread is joined: every socket closed and freed,
 * every seat disconnected.
 */
void
lw_web_play_detach (LwWebPlay *self)
{
  GHashTableIter iter;
  PlayTable *table;

  g_mutex_lock (&self->lock);
  g_clear_pointer (&self->server_context, g_main_context_unref);
  g_hash_table_iter_init (&iter, self->tables);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &table))
    memset (table->connected, 0, sizeof table->connected);
  g_mutex_unlock (&self->lock);
  if (self->sockets != NULL)
    {
      g_hash_table_remove_all (self->seats);
      g_clear_pointer (&self->sockets, g_hash_table_unref);
      g_clear_pointer (&self->seats, g_hash_table_unref);
      g_clear_pointer (&self->per_address, g_hash_table_unref);
    }
}

/**
 * lw_web_play_address_full:
 * @address: a client's IP address
 *
 * Returns: whether @address holds as many play sockets as it may.
 */
gboolean
lw_web_play_address_full (LwWebPlay *self,
                            const char  *address)
{
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, address));

  return count >= (guint) g_atomic_int_get (&self->max_per_address);
}

/**
 * lw_web_play_evict_seatless:
 * @address: (nullable): a client's IP address, or %NULL for any
 *
 * Makes room for a socket that may bring a seat's link: the oldest
 * socket from @address (or from anywhere) that has not opened a seat is
 * closed and counted off at once. A socket that holds a seat is never
 * evicted.
 *
 * Returns: the connection under the socket evicted (borrowed: valid
 *   until the caller returns to the main loop, closed), or %NULL when
 *   every such socket holds a seat
 */
GIOStream *
lw_web_play_evict_seatless (LwWebPlay *self,
                              const char  *address)
{
  PlaySocket *oldest = NULL;
  GHashTableIter iter;
  PlaySocket *socket;
  GIOStream *base;

  g_hash_table_iter_init (&iter, self->sockets);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &socket))
    if (socket->seat < 0 && (address == NULL || g_str_equal (socket->address, address))
        && (oldest == NULL || socket->serial < oldest->serial))
      oldest = socket;
  if (oldest == NULL)
    return NULL;
  g_debug ("remote play: a socket from %s without a seat evicted", oldest->address);
  base = oldest->base;
  /* The caller's connection keeps it for as long as it needs it. */
  forget_socket (oldest);
  return base;
}

/**
 * lw_web_play_take_socket:
 * @stream: the connection of a request to `/play/socket`, taken from
 *   libsoup after its headers (a reference taken)
 * @response: the handshake's answer (lw_web_socket_handshake())
 * @base: the server's connection under @stream, closed with it
 * @address: the client's IP address
 *
 * Opens the socket (lw-web-socket.c) and waits for its hello
 * (%LW_WEB_PLAY_HELLO_MS), then serves its seat. A message over
 * %LW_WEB_PLAY_MAX_MESSAGE bytes, its frames together, closes it
 * (1009) before it is read; every frame counts against
 * %LW_WEB_PLAY_MAX_RATE (frame_cb()); the server pings it every
 * %LW_WEB_PLAY_PING_S seconds, and a socket that sends no message for
 * the silence limit (lw_web_play_set_heartbeat()) is closed with
 * %LW_WEB_PLAY_CLOSE_SILENT.
 */
void
lw_web_play_take_socket (LwWebPlay *self,
                           GIOStream   *stream,
                           const char  *response,
                           GIOStream   *base,
                           const char  *address)
{
  static const LwWebSocketFuncs funcs = { frame_cb, message_cb, closed_cb };
  PlaySocket *socket = g_new0 (PlaySocket, 1);
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, address));

  socket->play = self;
  socket->base = g_object_ref (base);
  socket->address = g_strdup (address);
  socket->serial = self->next_serial++;
  socket->seat = -1;
  socket->window_start = g_get_monotonic_time ();
  socket->last_heard = socket->window_start;
  g_hash_table_insert (self->sockets, &socket->serial, socket);
  g_hash_table_insert (self->per_address, g_strdup (address), GUINT_TO_POINTER (count + 1));

  socket->ws = lw_web_socket_new (stream, response, LW_WEB_PLAY_MAX_MESSAGE, LW_WEB_PLAY_PING_S,
                                &funcs, socket);

  socket->hello_timeout = g_timeout_source_new (LW_WEB_PLAY_HELLO_MS);
  g_source_set_callback (socket->hello_timeout, hello_timeout_cb, socket, NULL);
  g_source_attach (socket->hello_timeout, g_main_context_get_thread_default ());

  socket->silence_check = g_timeout_source_new (MAX ((guint) g_atomic_int_get (&self->silence_ms) / 4, 10));
  g_source_set_callback (socket->silence_check, silence_check_cb, socket, NULL);
  g_source_attach (socket->silence_check, g_main_context_get_thread_default ());
}
