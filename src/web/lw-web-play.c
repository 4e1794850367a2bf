/* lw-web-play.c — remote play's tables, the owner's thread (docs/REMOTE-PLAY.md)
 *
 * The owner's thread holds the tables (each an #LwTableHost with one
 * secret per remote seat); the server's thread holds the sockets
 * (lw-web-play-socket.c). They talk by small jobs posted to each
 * other's main context:
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

#include <json-glib/json-glib.h>

#include "lw-web-play.h"
#include "lw-web-play-private.h"
#include "lw-json-text.h"
#include "lw-entry-requests.h"

/* ------------------------------------------------------------------ */
/* Jobs                                                                 */
/* ------------------------------------------------------------------ */

typedef struct {
  LwWebPlay *play;
  gint64       game_id;
  int          seat;
  guint64      serial;
  char         lang[3];
  JsonNode    *action;   /* NULL: the seat wants its state */
  LwTableHostMessage message;  /* what @action says, its shape checked; borrows from it */
} Request;

static void
delivery_free (gpointer data)
{
  Delivery *delivery = data;

  lw_web_play_unref (delivery->play);
  g_free (delivery->text);
  g_free (delivery);
}

static void
request_free (gpointer data)
{
  Request *request = data;

  lw_web_play_unref (request->play);
  g_clear_pointer (&request->action, json_node_unref);
  g_free (request);
}

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
post_delivery (LwWebPlay *self,
               gint64       game_id,
               int          seat,
               guint64      serial,
               char        *text,
               guint        close_code)
{
  Delivery *delivery = g_new0 (Delivery, 1);

  delivery->play = lw_web_play_ref (self);
  delivery->game_id = game_id;
  delivery->seat = seat;
  delivery->serial = serial;
  delivery->text = text;
  delivery->close_code = close_code;
  g_mutex_lock (&self->lock);
  if (self->server_context != NULL)
    invoke_in (self->server_context, lw_web_play_deliver_cb, delivery, delivery_free);
  else
    delivery_free (delivery);
  g_mutex_unlock (&self->lock);
}

/* In the server's thread: to the owner's. */
void
lw_web_play_post_request (PlaySocket               *socket,
                          JsonNode                 *action,
                          const LwTableHostMessage *message)
{
  Request *request = g_new0 (Request, 1);

  request->play = lw_web_play_ref (socket->play);
  request->game_id = socket->game_id;
  request->seat = socket->seat;
  request->serial = socket->serial;
  memcpy (request->lang, socket->lang, sizeof request->lang);
  request->action = action;
  if (message != NULL)
    request->message = *message;
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

char *
lw_web_play_refusal_text (const char *id,
                            const char *reason,
                            const char *message)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, "refused");
  lw_json_builder_add_nullable_string (builder, "id", id);
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
  LwWebPlay *self = table->play;
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
find_table (LwWebPlay *self,
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

/* @object's member @name if it is a string, else %NULL (the engine's
 * lw_json_node_string()): a number or an object where a string is read is
 * refused, never a crash (json-glib's *_with_default() answers %NULL for a
 * number and asserts for an object). */
const char *
lw_web_play_string_member (JsonObject *object,
                             const char *name)
{
  return lw_json_node_string (json_object_get_member (object, name));
}

static gboolean
handle_request_cb (gpointer data)
{
  Request *request = data;
  LwWebPlay *self = request->play;
  PlayTable *table = find_table (self, request->game_id);
  g_autoptr (GError) error = NULL;
  const LwTableHostMessage *message;
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

  /* Its shape was checked in the server's thread (lw_table_host_read_message()). */
  message = &request->message;
  id = message->id;
  if (message->readings)
    {
      g_autoptr (JsonNode) answer = lw_table_host_readings_message (table->host, request->seat, message,
                                                                    request->lang, &error);

      post_delivery (self, request->game_id, request->seat, request->serial,
                     answer != NULL ? node_to_text (answer)
                                    : lw_web_play_refusal_text (id, reason_of (error), error->message), 0);
      return G_SOURCE_REMOVE;
    }
  if (lw_table_host_act_message (table->host, request->seat, message, request->lang, &error))
    return G_SOURCE_REMOVE;  /* "changed" pushed the states */
  /* Played once already: answered as if it had just been played. */
  if (g_error_matches (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_DUPLICATE))
    post_delivery (self, request->game_id, request->seat, request->serial,
                   state_text (table, request->seat, request->lang), 0);
  else
    post_delivery (self, request->game_id, request->seat, request->serial,
                   lw_web_play_refusal_text (id, reason_of (error), error->message), 0);
  return G_SOURCE_REMOVE;
}

typedef struct {
  LwWebPlay *play;
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

  lw_web_play_unref (news->play);
  g_free (news);
}

/* In the server's thread: to the owner's, that @socket's seat is
 * @connected now or no longer. */
void
lw_web_play_tell_owner (PlaySocket *socket,
                          gboolean    connected)
{
  SeatNews *news = g_new0 (SeatNews, 1);

  news->play = lw_web_play_ref (socket->play);
  news->game_id = socket->game_id;
  news->seat = (guint) socket->seat;
  news->connected = connected;
  invoke_in (socket->play->owner_context, seat_news_cb, news, seat_news_free);
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
 * lw_web_play_new:
 * @owner_context: the main context of the thread the tables live in
 * @seat_func: (nullable): told when a seat's socket comes or goes
 * @data: for @seat_func
 *
 * In the owner's thread. No tables yet (lw_web_play_add_table()).
 *
 * Returns: (transfer full): a reference.
 */
LwWebPlay *
lw_web_play_new (GMainContext        *owner_context,
                   LwWebPlaySeatFunc  seat_func,
                   gpointer             data)
{
  LwWebPlay *self = g_new0 (LwWebPlay, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->owner_context = g_main_context_ref (owner_context);
  self->seat_func = seat_func;
  self->seat_data = data;
  g_mutex_init (&self->lock);
  self->tables = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, play_table_free);
  self->max_per_address = LW_WEB_PLAY_MAX_PER_ADDRESS;
  self->ping_ms = LW_WEB_PLAY_HEARTBEAT_MS;
  self->silence_ms = LW_WEB_PLAY_SILENCE_MS;
  self->next_serial = 1;
  return self;
}

/**
 * lw_web_play_ref:
 *
 * Returns: (transfer full): @self, one more reference (any thread).
 */
LwWebPlay *
lw_web_play_ref (LwWebPlay *self)
{
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

/**
 * lw_web_play_unref:
 *
 * Drops a reference (any thread); the last one frees the tables (their
 * hosts' last references must then be dropped in the owner's thread:
 * lw_web_play_forget_owner() removes them there first).
 */
void
lw_web_play_unref (LwWebPlay *self)
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
 * lw_web_play_forget_owner:
 *
 * In the owner's thread, when the server goes: every table removed, the
 * seat function never called again.
 */
void
lw_web_play_forget_owner (LwWebPlay *self)
{
  g_autoptr (GHashTable) tables = NULL;

  self->seat_func = NULL;
  g_mutex_lock (&self->lock);
  tables = g_steal_pointer (&self->tables);
  self->tables = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, play_table_free);
  g_mutex_unlock (&self->lock);
}

/**
 * lw_web_play_add_table:
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
lw_web_play_add_table (LwWebPlay  *self,
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
 * lw_web_play_remove_table:
 * @game_id: a served table's game
 *
 * In the owner's thread: the secrets forgotten (wiped), the seats'
 * sockets closed with %LW_WEB_PLAY_CLOSE_TABLE_CLOSED.
 *
 * Returns: %FALSE when the table was not served.
 */
gboolean
lw_web_play_remove_table (LwWebPlay *self,
                            gint64       game_id)
{
  gboolean removed;

  g_mutex_lock (&self->lock);
  removed = g_hash_table_remove (self->tables, &game_id);
  g_mutex_unlock (&self->lock);
  if (removed)
    post_delivery (self, game_id, -1, 0, NULL, LW_WEB_PLAY_CLOSE_TABLE_CLOSED);
  return removed;
}

/**
 * lw_web_play_dup_secret:
 *
 * Returns: (transfer full) (nullable): the secret of @seat at the
 *   table of @game_id; %NULL when it is not served or @seat not remote.
 */
char *
lw_web_play_dup_secret (LwWebPlay *self,
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
 * lw_web_play_new_secret:
 *
 * In the owner's thread: a New Link for @seat. The old secret opens
 * nothing from now on and the seat's socket, if any, is closed with
 * %LW_WEB_PLAY_CLOSE_ELSEWHERE. @seat need not have been remote
 * (lw_table_host_set_seat_kind() may have made it so).
 *
 * Errors: %G_IO_ERROR_NOT_FOUND for a table not served or a seat not at
 * it; %LW_STORE_ERROR_FAILED when no random bytes can be read.
 */
gboolean
lw_web_play_new_secret (LwWebPlay  *self,
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
  post_delivery (self, game_id, (int) seat, 0, NULL, LW_WEB_PLAY_CLOSE_ELSEWHERE);
  return TRUE;
}

/**
 * lw_web_play_is_connected:
 *
 * Returns: whether a socket holds @seat of the table of @game_id.
 */
gboolean
lw_web_play_is_connected (LwWebPlay *self,
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
 * lw_web_play_set_max_per_address:
 * @max: ≥ 1
 *
 * The cap on play sockets from one address (a load test raises it);
 * sockets already open stay.
 */
void
lw_web_play_set_max_per_address (LwWebPlay *self,
                                   guint        max)
{
  g_atomic_int_set (&self->max_per_address, MAX (max, 1));
}

/**
 * lw_web_play_set_heartbeat:
 * @ping_ms: how often a page sends `{"type":"ping"}`, in ms (≥ 10; told
 *   to it in the welcome)
 * @silence_ms: a socket that sends nothing for this long, in ms (≥ 10),
 *   is closed with %LW_WEB_PLAY_CLOSE_SILENT
 *
 * The heartbeat of sockets opened from now on (tests shorten it).
 */
void
lw_web_play_set_heartbeat (LwWebPlay *self,
                             guint        ping_ms,
                             guint        silence_ms)
{
  g_atomic_int_set (&self->ping_ms, MAX (ping_ms, 10));
  g_atomic_int_set (&self->silence_ms, MAX (silence_ms, 10));
}
