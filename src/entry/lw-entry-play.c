/* lw-entry-play.c — remote play's sockets (docs/REMOTE-PLAY.md)
 *
 * The owner's thread holds the tables (each an #LwTableHost with one
 * secret per remote seat); the server's thread holds the sockets. They
 * talk by small jobs posted to each other's main context:
 *
 *   server → owner: a seat wants its state (after its hello), or acts;
 *   owner → server: a text for a seat's socket (its state, a refusal),
 *                   or "close the table's sockets".
 *
 * A job for a socket carries the socket's serial number, so that an
 * answer never reaches the socket that replaced it; a state pushed after
 * a change goes to whichever socket holds the seat. Jobs posted to one
 * context run in the order posted, so a seat's states arrive in order.
 *
 * The secrets, and which seats are connected in what language, are read
 * by both threads under the mutex; nothing else is shared.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <netinet/in.h>
#include <linux/tcp.h>

#include <json-glib/json-glib.h>

#include "lw-entry-play.h"
#include "lw-entry-requests.h"
#include "lw-json-text.h"

#define MAX_SEATS 8

/* A message longer than this is not even read (libsoup drops the
 * connection); one longer than LW_ENTRY_PLAY_MAX_MESSAGE is read, then
 * refused with 1009. */
#define LW_ENTRY_PLAY_MAX_DROP (64 * 1024)

/* The bytes a socket may send after its last whole message: libsoup 3.2
 * checks each frame against LW_ENTRY_PLAY_MAX_DROP but keeps every
 * fragment of a message that never ends, without bound. Checked every
 * UNFINISHED_CHECK_MS from the kernel's count (TCP_INFO). */
#define LW_ENTRY_PLAY_MAX_UNFINISHED (2 * LW_ENTRY_PLAY_MAX_DROP)
#define UNFINISHED_CHECK_MS 100

/* A table, owned by the owner's thread; its secrets, connected and lang
 * under the mutex. */
typedef struct {
  gint64       game_id;
  guint        n_players;
  LwTableHost *host;
  gulong       changed_id;
  LwEntryPlay *play;                     /* borrowed: it holds the table */
  char        *secret[MAX_SEATS];        /* NULL: not a remote seat, or its link made before a restart */
  char        *hash[MAX_SEATS];          /* its SHA-256, what a hello is checked against; NULL: no link */
  gboolean     connected[MAX_SEATS];
  char         lang[MAX_SEATS][3];
} PlayTable;

/* A socket, in the server's thread. */
typedef struct {
  LwEntryPlay             *play;     /* borrowed: it holds the socket */
  SoupWebsocketConnection *ws;
  GIOStream               *base;     /* the server's connection under it */
  char                    *address;
  guint64                  serial;
  gint64                   game_id;
  int                      seat;     /* -1 until its hello */
  char                     lang[3];
  GSource                 *hello_timeout;
  GSource                 *silence_check;
  GSource                 *unfinished_check;
  gint64                   last_heard;   /* monotonic µs of its last message */
  guint64                  bytes_heard;  /* the kernel's count of bytes received then */
  gint64                   window_start;
  guint                    window_count;
} PlaySocket;

struct _LwEntryPlay
{
  gatomicrefcount      ref_count;
  GMainContext        *owner_context;
  LwEntryPlaySeatFunc  seat_func;   /* owner's thread; NULL once forgotten */
  gpointer             seat_data;

  GMutex               lock;
  GHashTable          *tables;      /* gint64* → PlayTable*, under lock */
  GMainContext        *server_context;  /* under lock; NULL while stopped */
  guint                max_per_address; /* atomic */
  guint                ping_ms;         /* atomic: the page's heartbeat */
  guint                silence_ms;      /* atomic: closed after this silence */

  /* the server's thread */
  GHashTable          *sockets;     /* guint64* serial → PlaySocket* */
  GHashTable          *seats;       /* "game:seat" → PlaySocket* (borrowed) */
  GHashTable          *per_address; /* char* → count */
  guint64              next_serial;
};

/* ------------------------------------------------------------------ */
/* Jobs                                                                 */
/* ------------------------------------------------------------------ */

typedef struct {
  LwEntryPlay *play;
  gint64       game_id;
  int          seat;     /* -1: every socket of the table */
  guint64      serial;   /* 0: whichever socket holds the seat */
  char        *text;     /* to send, or NULL */
  guint        close_code;  /* 0, or close with it after the text */
} Delivery;

typedef struct {
  LwEntryPlay *play;
  gint64       game_id;
  int          seat;
  guint64      serial;
  char         lang[3];
  JsonNode    *action;   /* NULL: the seat wants its state */
} Request;

static void
delivery_free (gpointer data)
{
  Delivery *delivery = data;

  lw_entry_play_unref (delivery->play);
  g_free (delivery->text);
  g_free (delivery);
}

static void
request_free (gpointer data)
{
  Request *request = data;

  lw_entry_play_unref (request->play);
  g_clear_pointer (&request->action, json_node_unref);
  g_free (request);
}

static gboolean deliver_cb (gpointer data);
static gboolean handle_request_cb (gpointer data);

/* @func (@data) in @context, the other thread's: an idle callback there,
 * after those posted before; @notify frees @data once it ran, or with
 * the context. */
static void
invoke_in (GMainContext   *context,
           GSourceFunc     func,
           gpointer        data,
           GDestroyNotify  notify)
{
  g_main_context_invoke_full (context, G_PRIORITY_DEFAULT, func, data, notify);
}

/* In the owner's thread: to the server's thread, if it runs. */
static void
post_delivery (LwEntryPlay *self,
               gint64       game_id,
               int          seat,
               guint64      serial,
               char        *text,
               guint        close_code)
{
  Delivery *delivery = g_new0 (Delivery, 1);

  delivery->play = lw_entry_play_ref (self);
  delivery->game_id = game_id;
  delivery->seat = seat;
  delivery->serial = serial;
  delivery->text = text;
  delivery->close_code = close_code;
  g_mutex_lock (&self->lock);
  if (self->server_context != NULL)
    invoke_in (self->server_context, deliver_cb, delivery, delivery_free);
  else
    delivery_free (delivery);
  g_mutex_unlock (&self->lock);
}

/* In the server's thread: to the owner's. */
static void
post_request (PlaySocket *socket,
              JsonNode   *action)
{
  Request *request = g_new0 (Request, 1);

  request->play = lw_entry_play_ref (socket->play);
  request->game_id = socket->game_id;
  request->seat = socket->seat;
  request->serial = socket->serial;
  memcpy (request->lang, socket->lang, sizeof request->lang);
  request->action = action;
  invoke_in (socket->play->owner_context, handle_request_cb, request, request_free);
}

/* ------------------------------------------------------------------ */
/* The owner's thread                                                   */
/* ------------------------------------------------------------------ */

static char *
node_to_text (JsonNode *node)
{
  return json_to_string (node, FALSE);
}

static char *
state_text (PlayTable  *table,
            int         seat,
            const char *lang)
{
  g_autoptr (JsonNode) state = lw_table_host_get_state (table->host, seat, lang);

  return node_to_text (state);
}

static char *
refusal_text (const char *id,
              const char *reason,
              const char *message)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, "refused");
  json_builder_set_member_name (builder, "id");
  if (id != NULL)
    json_builder_add_string_value (builder, id);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "reason");
  json_builder_add_string_value (builder, reason);
  json_builder_set_member_name (builder, "message");
  json_builder_add_string_value (builder, message);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return node_to_text (root);
}

/* Every connected seat's state, after a change. */
static void
host_changed_cb (LwTableHost *host,
                 gpointer     data)
{
  PlayTable *table = data;
  LwEntryPlay *self = table->play;
  gboolean connected[MAX_SEATS];
  char lang[MAX_SEATS][3];

  g_mutex_lock (&self->lock);
  memcpy (connected, table->connected, sizeof connected);
  memcpy (lang, table->lang, sizeof lang);
  g_mutex_unlock (&self->lock);
  for (guint s = 0; s < table->n_players; s++)
    if (connected[s])
      post_delivery (self, table->game_id, (int) s, 0, state_text (table, (int) s, lang[s]), 0);
}

static PlayTable *
find_table (LwEntryPlay *self,
            gint64       game_id)
{
  PlayTable *table;

  g_mutex_lock (&self->lock);
  table = g_hash_table_lookup (self->tables, &game_id);
  g_mutex_unlock (&self->lock);
  return table;
}

static const char *
reason_of (const GError *error)
{
  if (error->domain != LW_TABLE_HOST_ERROR)
    return "refused";
  switch (error->code)
    {
    case LW_TABLE_HOST_ERROR_STALE:
      return "stale";
    case LW_TABLE_HOST_ERROR_NOT_YOUR_TURN:
      return "not-your-turn";
    case LW_TABLE_HOST_ERROR_BAD_MESSAGE:
      return "bad-message";
    default:
      return "refused";
    }
}

/* @object's member @name if it is a string, else %NULL: a number or an
 * object where a string is read is refused, never a crash (json-glib's
 * *_with_default() answers %NULL for a number and asserts for an object). */
static const char *
string_member (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
           ? json_node_get_string (node) : NULL;
}

static gboolean
handle_request_cb (gpointer data)
{
  Request *request = data;
  LwEntryPlay *self = request->play;
  PlayTable *table = find_table (self, request->game_id);
  g_autoptr (GError) error = NULL;
  JsonObject *action;
  const char *id;

  /* Closed meanwhile: its sockets are being closed. */
  if (table == NULL)
    return G_SOURCE_REMOVE;
  if (request->action == NULL)
    {
      post_delivery (self, request->game_id, request->seat, request->serial,
                     state_text (table, request->seat, request->lang), 0);
      return G_SOURCE_REMOVE;
    }

  action = json_node_get_object (request->action);
  id = string_member (action, "id");
  if (g_strcmp0 (string_member (action, "type"), "readings") == 0)
    {
      g_autoptr (JsonNode) answer = lw_table_host_readings (table->host, request->seat, action,
                                                            request->lang, &error);

      post_delivery (self, request->game_id, request->seat, request->serial,
                     answer != NULL ? node_to_text (answer)
                                    : refusal_text (id, reason_of (error), error->message), 0);
      return G_SOURCE_REMOVE;
    }
  if (lw_table_host_act (table->host, request->seat, action, request->lang, &error))
    return G_SOURCE_REMOVE;  /* "changed" pushed the states */
  /* Played once already: answered as if it had just been played. */
  if (g_error_matches (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_DUPLICATE))
    post_delivery (self, request->game_id, request->seat, request->serial,
                   state_text (table, request->seat, request->lang), 0);
  else
    post_delivery (self, request->game_id, request->seat, request->serial,
                   refusal_text (id, reason_of (error), error->message), 0);
  return G_SOURCE_REMOVE;
}

typedef struct {
  LwEntryPlay *play;
  gint64       game_id;
  guint        seat;
  gboolean     connected;
} SeatNews;

static gboolean
seat_news_cb (gpointer data)
{
  SeatNews *news = data;

  if (news->play->seat_func != NULL && find_table (news->play, news->game_id) != NULL)
    news->play->seat_func (news->game_id, news->seat, news->connected, news->play->seat_data);
  return G_SOURCE_REMOVE;
}

static void
seat_news_free (gpointer data)
{
  SeatNews *news = data;

  lw_entry_play_unref (news->play);
  g_free (news);
}

static void
wipe (char **secret)
{
  if (*secret != NULL)
    memset (*secret, 0, strlen (*secret));
  g_clear_pointer (secret, g_free);
}

static void
play_table_free (gpointer data)
{
  PlayTable *table = data;

  if (table->changed_id != 0)
    g_signal_handler_disconnect (table->host, table->changed_id);
  g_clear_object (&table->host);
  for (guint s = 0; s < MAX_SEATS; s++)
    {
      wipe (&table->secret[s]);
      wipe (&table->hash[s]);
    }
  g_free (table);
}

/**
 * lw_entry_play_new:
 * @owner_context: the main context of the thread the tables live in
 * @seat_func: (nullable): told when a seat's socket comes or goes
 * @data: for @seat_func
 *
 * In the owner's thread. No tables yet (lw_entry_play_add_table()).
 *
 * Returns: (transfer full): a reference.
 */
LwEntryPlay *
lw_entry_play_new (GMainContext        *owner_context,
                   LwEntryPlaySeatFunc  seat_func,
                   gpointer             data)
{
  LwEntryPlay *self = g_new0 (LwEntryPlay, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->owner_context = g_main_context_ref (owner_context);
  self->seat_func = seat_func;
  self->seat_data = data;
  g_mutex_init (&self->lock);
  self->tables = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, play_table_free);
  self->max_per_address = LW_ENTRY_PLAY_MAX_PER_ADDRESS;
  self->ping_ms = LW_ENTRY_PLAY_HEARTBEAT_MS;
  self->silence_ms = LW_ENTRY_PLAY_SILENCE_MS;
  self->next_serial = 1;
  return self;
}

/**
 * lw_entry_play_ref:
 *
 * Returns: (transfer full): @self, one more reference (any thread).
 */
LwEntryPlay *
lw_entry_play_ref (LwEntryPlay *self)
{
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

/**
 * lw_entry_play_unref:
 *
 * Drops a reference (any thread); the last one frees the tables (their
 * hosts' last references must then be dropped in the owner's thread:
 * lw_entry_play_forget_owner() removes them there first).
 */
void
lw_entry_play_unref (LwEntryPlay *self)
{
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_assert (self->sockets == NULL);
  g_hash_table_unref (self->tables);
  g_mutex_clear (&self->lock);
  g_main_context_unref (self->owner_context);
  g_free (self);
}

/**
 * lw_entry_play_forget_owner:
 *
 * In the owner's thread, when the server goes: every table removed, the
 * seat function never called again.
 */
void
lw_entry_play_forget_owner (LwEntryPlay *self)
{
  g_autoptr (GHashTable) tables = NULL;

  self->seat_func = NULL;
  g_mutex_lock (&self->lock);
  tables = g_steal_pointer (&self->tables);
  self->tables = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, play_table_free);
  g_mutex_unlock (&self->lock);
}

/**
 * lw_entry_play_add_table:
 * @host: the table (one reference taken)
 * @error: return location for a #GError
 *
 * In the owner's thread: a new secret for each remote seat of @host
 * (lw_entry_requests_random_secret()), so that its link opens the seat,
 * its hash kept by @host in the store (lw_table_host_set_link_hash()); a
 * seat that has a link already (a table hosted again after a restart)
 * keeps it: its hash is checked, the secret is unknown here.
 *
 * Errors: %G_IO_ERROR_EXISTS when @host's game is served already;
 * %LW_STORE_ERROR_FAILED when no random bytes can be read.
 *
 * Returns: %TRUE when added.
 */
gboolean
lw_entry_play_add_table (LwEntryPlay  *self,
                         LwTableHost  *host,
                         GError      **error)
{
  PlayTable *table;
  gint64 game_id = lw_table_host_get_game_id (host);

  if (find_table (self, game_id) != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   "game %" G_GINT64_FORMAT ": its table is served already", game_id);
      return FALSE;
    }
  table = g_new0 (PlayTable, 1);
  table->game_id = game_id;
  table->n_players = MIN (lw_table_host_get_n_players (host), MAX_SEATS);
  table->host = g_object_ref (host);
  table->play = self;
  for (guint s = 0; s < table->n_players; s++)
    {
      memcpy (table->lang[s], "en", 3);
      table->hash[s] = g_strdup (lw_table_host_get_link_hash (host, (int) s));
      if (table->hash[s] != NULL || lw_table_host_get_seat_kind (host, (int) s) != LW_HOST_SEAT_REMOTE)
        continue;
      table->secret[s] = lw_entry_requests_random_secret (error);
      if (table->secret[s] != NULL)
        table->hash[s] = lw_entry_requests_secret_hash (table->secret[s]);
      if (table->secret[s] == NULL || !lw_table_host_set_link_hash (host, (int) s, table->hash[s], error))
        {
          play_table_free (table);
          return FALSE;
        }
    }
  table->changed_id = g_signal_connect (host, "changed", G_CALLBACK (host_changed_cb), table);
  g_mutex_lock (&self->lock);
  g_hash_table_insert (self->tables, &table->game_id, table);
  g_mutex_unlock (&self->lock);
  return TRUE;
}

/**
 * lw_entry_play_remove_table:
 * @game_id: a served table's game
 *
 * In the owner's thread: the secrets forgotten (wiped), the seats'
 * sockets closed with %LW_ENTRY_PLAY_CLOSE_TABLE_CLOSED.
 *
 * Returns: %FALSE when the table was not served.
 */
gboolean
lw_entry_play_remove_table (LwEntryPlay *self,
                            gint64       game_id)
{
  gboolean removed;

  g_mutex_lock (&self->lock);
  removed = g_hash_table_remove (self->tables, &game_id);
  g_mutex_unlock (&self->lock);
  if (removed)
    post_delivery (self, game_id, -1, 0, NULL, LW_ENTRY_PLAY_CLOSE_TABLE_CLOSED);
  return removed;
}

/**
 * lw_entry_play_dup_secret:
 *
 * Returns: (transfer full) (nullable): the secret of @seat at the
 *   table of @game_id; %NULL when it is not served or @seat not remote.
 */
char *
lw_entry_play_dup_secret (LwEntryPlay *self,
                          gint64       game_id,
                          guint        seat)
{
  PlayTable *table;
  char *secret = NULL;

  g_mutex_lock (&self->lock);
  table = g_hash_table_lookup (self->tables, &game_id);
  if (table != NULL && seat < table->n_players)
    secret = g_strdup (table->secret[seat]);
  g_mutex_unlock (&self->lock);
  return secret;
}

/**
 * lw_entry_play_new_secret:
 *
 * In the owner's thread: a New Link for @seat. The old secret opens
 * nothing from now on and the seat's socket, if any, is closed with
 * %LW_ENTRY_PLAY_CLOSE_ELSEWHERE. @seat need not have been remote
 * (lw_table_host_set_seat_kind() may have made it so).
 *
 * Errors: %G_IO_ERROR_NOT_FOUND for a table not served or a seat not at
 * it; %LW_STORE_ERROR_FAILED when no random bytes can be read.
 */
gboolean
lw_entry_play_new_secret (LwEntryPlay  *self,
                          gint64        game_id,
                          guint         seat,
                          GError      **error)
{
  char *secret, *hash;
  PlayTable *table;

  table = find_table (self, game_id);
  if (table == NULL || seat >= table->n_players)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT ", seat %u: no such seat at a served table", game_id, seat);
      return FALSE;
    }
  secret = lw_entry_requests_random_secret (error);
  if (secret == NULL)
    return FALSE;
  hash = lw_entry_requests_secret_hash (secret);
  /* Kept for a restart first: a link the store does not know is none. */
  if (!lw_table_host_set_link_hash (table->host, (int) seat, hash, error))
    {
      wipe (&secret);
      wipe (&hash);
      return FALSE;
    }
  g_mutex_lock (&self->lock);
  table = g_hash_table_lookup (self->tables, &game_id);
  if (table != NULL && seat < table->n_players)
    {
      wipe (&table->secret[seat]);
      wipe (&table->hash[seat]);
      table->secret[seat] = g_steal_pointer (&secret);
      table->hash[seat] = g_steal_pointer (&hash);
    }
  g_mutex_unlock (&self->lock);
  if (secret != NULL)
    {
      wipe (&secret);
      wipe (&hash);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT ", seat %u: no such seat at a served table", game_id, seat);
      return FALSE;
    }
  post_delivery (self, game_id, (int) seat, 0, NULL, LW_ENTRY_PLAY_CLOSE_ELSEWHERE);
  return TRUE;
}

/**
 * lw_entry_play_is_connected:
 *
 * Returns: whether a socket holds @seat of the table of @game_id.
 */
gboolean
lw_entry_play_is_connected (LwEntryPlay *self,
                            gint64       game_id,
                            guint        seat)
{
  PlayTable *table;
  gboolean connected = FALSE;

  g_mutex_lock (&self->lock);
  table = g_hash_table_lookup (self->tables, &game_id);
  if (table != NULL && seat < table->n_players)
    connected = table->connected[seat];
  g_mutex_unlock (&self->lock);
  return connected;
}

/**
 * lw_entry_play_set_max_per_address:
 * @max: ≥ 1
 *
 * The cap on play sockets from one address (a load test raises it);
 * sockets already open stay.
 */
void
lw_entry_play_set_max_per_address (LwEntryPlay *self,
                                   guint        max)
{
  g_atomic_int_set (&self->max_per_address, MAX (max, 1));
}

/**
 * lw_entry_play_set_heartbeat:
 * @ping_ms: how often a page sends `{"type":"ping"}`, in ms (≥ 10; told
 *   to it in the welcome)
 * @silence_ms: a socket that sends nothing for this long, in ms (≥ 10),
 *   is closed with %LW_ENTRY_PLAY_CLOSE_SILENT
 *
 * The heartbeat of sockets opened from now on (tests shorten it).
 */
void
lw_entry_play_set_heartbeat (LwEntryPlay *self,
                             guint        ping_ms,
                             guint        silence_ms)
{
  g_atomic_int_set (&self->ping_ms, MAX (ping_ms, 10));
  g_atomic_int_set (&self->silence_ms, MAX (silence_ms, 10));
}

/* ------------------------------------------------------------------ */
/* The server's thread                                                  */
/* ------------------------------------------------------------------ */

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
  if (socket->unfinished_check != NULL)
    g_source_destroy (socket->unfinished_check);
  g_clear_pointer (&socket->unfinished_check, g_source_unref);
  g_signal_handlers_disconnect_by_data (socket->ws, socket);
  if (soup_websocket_connection_get_state (socket->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (socket->ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
  g_object_unref (socket->ws);
  /* The descriptor goes back now, whatever libsoup still holds. */
  g_io_stream_close (socket->base, NULL, NULL);
  g_object_unref (socket->base);
  g_free (socket->address);
  g_free (socket);
}

static void
tell_owner (PlaySocket *socket,
            gboolean    connected)
{
  SeatNews *news = g_new0 (SeatNews, 1);

  news->play = lw_entry_play_ref (socket->play);
  news->game_id = socket->game_id;
  news->seat = (guint) socket->seat;
  news->connected = connected;
  invoke_in (socket->play->owner_context, seat_news_cb, news, seat_news_free);
}

/* The seat's socket no longer: another took it, or it closed. */
static void
release_seat (PlaySocket *socket)
{
  LwEntryPlay *self = socket->play;
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
      tell_owner (socket, FALSE);
    }
  socket->seat = -1;
}

static void
closed_cb (SoupWebsocketConnection *ws,
           gpointer                 data)
{
  PlaySocket *socket = data;
  LwEntryPlay *self = socket->play;
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, socket->address));

  release_seat (socket);
  if (count > 1)
    g_hash_table_insert (self->per_address, g_strdup (socket->address), GUINT_TO_POINTER (count - 1));
  else
    g_hash_table_remove (self->per_address, socket->address);
  g_hash_table_remove (self->sockets, &socket->serial);
}

static void
close_socket (PlaySocket *socket,
              guint       code,
              const char *reason)
{
  if (soup_websocket_connection_get_state (socket->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (socket->ws, (gushort) code, reason);
}

static void
send_text (PlaySocket *socket,
           const char *text)
{
  if (soup_websocket_connection_get_state (socket->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (socket->ws, text);
}

static void
send_refusal (PlaySocket *socket,
              const char *id,
              const char *message)
{
  g_autofree char *text = refusal_text (id, "bad-message", message);

  send_text (socket, text);
}

static const char *
close_reason (guint code)
{
  switch (code)
    {
    case LW_ENTRY_PLAY_CLOSE_BAD_SECRET:
      return "bad secret";
    case LW_ENTRY_PLAY_CLOSE_TIMEOUT:
      return "no hello";
    case LW_ENTRY_PLAY_CLOSE_ELSEWHERE:
      return "opened elsewhere";
    case LW_ENTRY_PLAY_CLOSE_FLOOD:
      return "too many messages";
    case LW_ENTRY_PLAY_CLOSE_TABLE_CLOSED:
      return "table closed";
    case LW_ENTRY_PLAY_CLOSE_SILENT:
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

static gboolean
deliver_cb (gpointer data)
{
  Delivery *delivery = data;
  LwEntryPlay *self = delivery->play;
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
  close_socket (socket, LW_ENTRY_PLAY_CLOSE_TIMEOUT, close_reason (LW_ENTRY_PLAY_CLOSE_TIMEOUT));
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
  close_socket (socket, LW_ENTRY_PLAY_CLOSE_SILENT, close_reason (LW_ENTRY_PLAY_CLOSE_SILENT));
  return G_SOURCE_REMOVE;
}

/* The bytes the kernel has received on @socket's connection so far
 * (TCP_INFO), or 0 where it cannot say. */
static guint64
bytes_received (PlaySocket *socket)
{
  struct tcp_info info;
  socklen_t size = sizeof info;
  GSocket *native;

  if (!G_IS_SOCKET_CONNECTION (socket->base))
    return 0;
  native = g_socket_connection_get_socket (G_SOCKET_CONNECTION (socket->base));
  memset (&info, 0, sizeof info);
  if (getsockopt (g_socket_get_fd (native), IPPROTO_TCP, TCP_INFO, &info, &size) != 0)
    return 0;
  return info.tcpi_bytes_received;
}

/* Every UNFINISHED_CHECK_MS: a socket that has sent more than
 * LW_ENTRY_PLAY_MAX_UNFINISHED bytes since its last whole message is
 * sending one that never ends (fragments without their last). It is
 * closed with 1009 and read no more, so that libsoup keeps no more. */
static gboolean
unfinished_check_cb (gpointer data)
{
  PlaySocket *socket = data;
  guint64 received = bytes_received (socket);

  if (received <= socket->bytes_heard || received - socket->bytes_heard <= LW_ENTRY_PLAY_MAX_UNFINISHED)
    return G_SOURCE_CONTINUE;
  g_clear_pointer (&socket->unfinished_check, g_source_unref);
  release_seat (socket);
  close_socket (socket, SOUP_WEBSOCKET_CLOSE_TOO_BIG, "a message is at most 4096 bytes");
  /* Its descriptor closed now (the stream would refuse: libsoup's read
   * is pending): that read fails and "closed" frees the socket. */
  g_socket_close (g_socket_connection_get_socket (G_SOCKET_CONNECTION (socket->base)), NULL);
  return G_SOURCE_REMOVE;
}

/* The seat @secret opens at the table of @game_id, or -1; its hash
 * compared in full with every seat's (lw_entry_requests_secret_equal()),
 * so that the time taken tells nothing. */
static int
seat_of_secret (LwEntryPlay *self,
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
  LwEntryPlay *self = socket->play;
  JsonNode *table_node = json_object_get_member (message, "table");
  const char *secret = string_member (message, "secret");
  const char *lang = known_lang (string_member (message, "lang"));
  g_autofree char *key = NULL;
  g_autofree char *welcome = NULL;
  PlaySocket *previous;
  gint64 game_id;
  int seat;

  if (!lw_json_node_holds (table_node, G_TYPE_INT64) || secret == NULL)
    {
      close_socket (socket, LW_ENTRY_PLAY_CLOSE_BAD_SECRET, close_reason (LW_ENTRY_PLAY_CLOSE_BAD_SECRET));
      return;
    }
  game_id = json_node_get_int (table_node);
  seat = seat_of_secret (self, game_id, secret, lang);
  if (seat < 0)
    {
      close_socket (socket, LW_ENTRY_PLAY_CLOSE_BAD_SECRET, close_reason (LW_ENTRY_PLAY_CLOSE_BAD_SECRET));
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
      close_socket (previous, LW_ENTRY_PLAY_CLOSE_ELSEWHERE, close_reason (LW_ENTRY_PLAY_CLOSE_ELSEWHERE));
    }
  else
    tell_owner (socket, TRUE);
  g_hash_table_insert (self->seats, g_steal_pointer (&key), socket);

  welcome = g_strdup_printf ("{\"type\":\"welcome\",\"table\":%" G_GINT64_FORMAT ",\"seat\":%d,\"ping_ms\":%u}",
                             game_id, seat, (guint) g_atomic_int_get (&self->ping_ms));
  send_text (socket, welcome);
  post_request (socket, NULL);
}

static void
message_cb (SoupWebsocketConnection *ws,
            gint                     type,
            GBytes                  *message,
            gpointer                 data)
{
  PlaySocket *socket = data;
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) error = NULL;
  gint64 now = g_get_monotonic_time ();
  JsonNode *root;
  JsonObject *object;
  const char *kind;
  const char *id;
  gsize length;
  const char *bytes = g_bytes_get_data (message, &length);

  socket->last_heard = now;
  socket->bytes_heard = bytes_received (socket);
  if (now - socket->window_start >= G_USEC_PER_SEC)
    {
      socket->window_start = now;
      socket->window_count = 0;
    }
  if (++socket->window_count > LW_ENTRY_PLAY_MAX_RATE)
    {
      close_socket (socket, LW_ENTRY_PLAY_CLOSE_FLOOD, close_reason (LW_ENTRY_PLAY_CLOSE_FLOOD));
      return;
    }
  if (length > LW_ENTRY_PLAY_MAX_MESSAGE)
    {
      close_socket (socket, SOUP_WEBSOCKET_CLOSE_TOO_BIG, "a message is at most 4096 bytes");
      return;
    }
  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    {
      close_socket (socket, SOUP_WEBSOCKET_CLOSE_UNSUPPORTED_DATA, "text messages only");
      return;
    }

  parser = json_parser_new ();
  if (length == 0 || !json_parser_load_from_data (parser, bytes, (gssize) length, &error)
      || (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      if (socket->seat < 0)
        close_socket (socket, LW_ENTRY_PLAY_CLOSE_BAD_SECRET, close_reason (LW_ENTRY_PLAY_CLOSE_BAD_SECRET));
      else
        send_refusal (socket, NULL, "the message is not a JSON object");
      return;
    }
  object = json_node_get_object (root);
  kind = string_member (object, "type");
  if (kind == NULL)
    kind = "";
  id = string_member (object, "id");

  if (socket->seat < 0)
    {
      /* The first message is the hello, or the socket closes. */
      if (g_str_equal (kind, "hello"))
        hello (socket, object);
      else
        close_socket (socket, LW_ENTRY_PLAY_CLOSE_BAD_SECRET, close_reason (LW_ENTRY_PLAY_CLOSE_BAD_SECRET));
      return;
    }
  if (g_str_equal (kind, "ping"))
    {
      /* The heartbeat: heard, and answered so the page knows too. */
      send_text (socket, "{\"type\":\"pong\"}");
      return;
    }
  if (!g_str_equal (kind, "action") && !g_str_equal (kind, "readings"))
    {
      send_refusal (socket, id, g_str_equal (kind, "hello")
                    ? "the seat is open already" : "the message's type is not \"action\" or \"readings\"");
      return;
    }
  if (id == NULL || *id == '\0' || strlen (id) > 64)
    {
      send_refusal (socket, id != NULL && strlen (id) <= 64 ? id : NULL,
                    "an action or a readings request needs an \"id\" of 1 to 64 characters");
      return;
    }
  post_request (socket, json_node_copy (root));
}

/**
 * lw_entry_play_attach:
 * @server_context: the server thread's main context
 *
 * At the start of the server's thread: jobs for sockets go there.
 */
void
lw_entry_play_attach (LwEntryPlay  *self,
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
 * lw_entry_play_detach:
 *
 * Once the server's thread is joined: every socket closed and freed,
 * every seat disconnected.
 */
void
lw_entry_play_detach (LwEntryPlay *self)
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
 * lw_entry_play_address_full:
 * @address: a client's IP address
 *
 * Returns: whether @address holds as many play sockets as it may.
 */
gboolean
lw_entry_play_address_full (LwEntryPlay *self,
                            const char  *address)
{
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, address));

  return count >= (guint) g_atomic_int_get (&self->max_per_address);
}

/**
 * lw_entry_play_take_socket:
 * @ws: a socket at `/play/socket` just opened (a reference taken)
 * @base: the server's connection under it, closed with it
 * @address: the client's IP address
 *
 * Waits for its hello (%LW_ENTRY_PLAY_HELLO_MS), then serves its seat.
 * Messages over %LW_ENTRY_PLAY_MAX_MESSAGE bytes close it (1009); the
 * server pings it every %LW_ENTRY_PLAY_PING_S seconds (libsoup's pongs
 * are not seen: libsoup 3.2 has no pong timeout), and a socket that
 * sends nothing for the silence limit (lw_entry_play_set_heartbeat()) is
 * closed with %LW_ENTRY_PLAY_CLOSE_SILENT.
 */
void
lw_entry_play_take_socket (LwEntryPlay             *self,
                           SoupWebsocketConnection *ws,
                           GIOStream               *base,
                           const char              *address)
{
  PlaySocket *socket = g_new0 (PlaySocket, 1);
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, address));

  socket->play = self;
  socket->ws = g_object_ref (ws);
  socket->base = g_object_ref (base);
  socket->address = g_strdup (address);
  socket->serial = self->next_serial++;
  socket->seat = -1;
  socket->window_start = g_get_monotonic_time ();
  socket->last_heard = socket->window_start;
  g_hash_table_insert (self->sockets, &socket->serial, socket);
  g_hash_table_insert (self->per_address, g_strdup (address), GUINT_TO_POINTER (count + 1));

  g_object_set (ws,
                /* libsoup drops a longer one without a close frame: up
                 * to this, message_cb() closes it in words. */
                "max-incoming-payload-size", (guint64) LW_ENTRY_PLAY_MAX_DROP,
                "keepalive-interval", (guint) LW_ENTRY_PLAY_PING_S,
                NULL);
  g_signal_connect (ws, "message", G_CALLBACK (message_cb), socket);
  g_signal_connect (ws, "closed", G_CALLBACK (closed_cb), socket);

  socket->hello_timeout = g_timeout_source_new (LW_ENTRY_PLAY_HELLO_MS);
  g_source_set_callback (socket->hello_timeout, hello_timeout_cb, socket, NULL);
  g_source_attach (socket->hello_timeout, g_main_context_get_thread_default ());

  socket->silence_check = g_timeout_source_new (MAX ((guint) g_atomic_int_get (&self->silence_ms) / 4, 10));
  g_source_set_callback (socket->silence_check, silence_check_cb, socket, NULL);
  g_source_attach (socket->silence_check, g_main_context_get_thread_default ());

  socket->bytes_heard = bytes_received (socket);
  socket->unfinished_check = g_timeout_source_new (UNFINISHED_CHECK_MS);
  g_source_set_callback (socket->unfinished_check, unfinished_check_cb, socket, NULL);
  g_source_attach (socket->unfinished_check, g_main_context_get_thread_default ());
}
