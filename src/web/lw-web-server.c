/* lw-web-server.c — libsoup's server around lw_entry_requests_handle()
 *
 * The page's files come from GResource, and every API request goes, as
 * method, path, secret and body, to the table entry. The server runs in a
 * thread of its own (its own GMainContext and database connection) and
 * accepts its connections itself, handing them to libsoup with
 * soup_server_accept_iostream(): libsoup 3.2 has no limit on connections
 * and no timeout, so the caps, the timeouts and the body's cap are kept
 * here, on connections this file tracks and closes itself. At a full cap
 * the oldest connection that has carried no table's secret makes room
 * (evict_linkless()). A play socket's connection is taken from libsoup
 * once its headers are read and served by lw-web-socket.c, not libsoup's
 * WebSocket (see there why).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include <libsoup/soup.h>

#include "lw-web-play.h"
#include "lw-web-server.h"
#include "lw-web-server-private.h"
#include "lw-web-socket.h"
#include "lw-words.h"

#define WEB_PREFIX RESOURCE_PREFIX "/web/"

/* Remote play's WebSocket (docs/REMOTE-PLAY.md). */
#define PLAY_SOCKET_PATH "/play/socket"

/* Too Many Requests (RFC 6585), which libsoup 3.2 does not name. */
#define PLAY_STATUS_TOO_MANY 429
#define PLAY_PHRASE_TOO_MANY "Too Many Requests"

/* Connections waiting to be accepted: a phone or two at each of many
 * tables, all at once. */
#define LISTEN_BACKLOG 128

/* How long the server's database connection waits for another program's
 * write lock before the request is answered 503. */
#define BUSY_TIMEOUT_MS 250

/* Accepting again after the process ran out of file descriptors. */
#define RETRY_ACCEPT_MS 100

/* A refused request's connection stays open this long after its answer,
 * so that a client still sending reads the answer before the close. */
#define LINGER_MS 2000

/* At most this many connections accepted in one go, so that the thread
 * also answers requests under a flood. */
#define ACCEPT_BATCH 64

G_DEFINE_ENUM_TYPE (LwWebServerState, lw_web_server_state,
                    G_DEFINE_ENUM_VALUE (LW_WEB_SERVER_STOPPED, "stopped"),
                    G_DEFINE_ENUM_VALUE (LW_WEB_SERVER_LISTENING, "listening"),
                    G_DEFINE_ENUM_VALUE (LW_WEB_SERVER_SATURATED, "saturated"))

enum {
  PROP_0,
  PROP_STATE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SEAT_CONNECTION,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (LwWebServer, lw_web_server, G_TYPE_OBJECT)

/* ------------------------------------------------------------------ */
/* The server's thread                                                  */
/* ------------------------------------------------------------------ */

/* One accepted connection. */
typedef struct {
  GSocketConnection *connection;
  GSocketAddress    *remote;
  char              *address;   /* the client's IP address */
  gint64             deadline;  /* monotonic µs: closed when passed */
  gboolean           stolen;    /* taken back from libsoup to refuse a request */
  gboolean           shut;      /* shut down; closed for good at the deadline */
  gsize              body_read; /* of the request being read */
  GSource           *watch;     /* while waiting for a request: see watch_cb() */
  gboolean           closing;   /* answered, not to be kept alive */
  gboolean           socket;    /* a play socket's: lw-web-play-socket.c keeps it */
  gboolean           linked;    /* has carried a request with a table's secret */
  gint64             accepted;  /* monotonic µs */
} Connection;

struct _Serving
{
  LwWebServer       *owner;     /* borrowed: joins the thread before it goes */
  LwWebServerLimits  limits;
  GMainContext        *context;
  GMainLoop           *loop;
  LwEntryRequests     *entry;     /* shares the owner's tables */
  SoupServer          *soup;
  GSocket             *listener;
  GSocket             *anchor;      /* see listen_anchor() */
  char                *anchor_dir;
  GSource             *accept_source;
  GSource             *retry_source;
  GSource             *sweep_source;
  GHashTable          *connections;  /* GSocketAddress* (remote) → Connection* */
  GHashTable          *per_address;  /* char* → GUINT_TO_POINTER (count) */
  LwWebPlay         *play;         /* shared with the owner */
};

static void
connection_free (Connection *connection)
{
  if (connection->watch != NULL)
    g_source_destroy (connection->watch);
  g_clear_pointer (&connection->watch, g_source_unref);
  g_clear_object (&connection->connection);
  g_clear_object (&connection->remote);
  g_free (connection->address);
  g_free (connection);
}

static gint64
ms_from_now (guint ms)
{
  return g_get_monotonic_time () + (gint64) ms * 1000;
}

static gboolean
notify_state_cb (gpointer data)
{
  g_autoptr (LwWebServer) self = g_weak_ref_get (data);

  if (self != NULL)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  return G_SOURCE_REMOVE;
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

/* In the server's thread: a new state, told in the owner's context. (The
 * owner stops, and so joins, this thread in its dispose: it is alive.) */
static void
set_state (Serving            *serving,
           LwWebServerState  state,
           const char         *problem)
{
  LwWebServer *self = serving->owner;
  g_autoptr (GSource) source = NULL;
  GWeakRef *ref;

  if (g_atomic_int_get (&self->state) == (int) state)
    return;
  g_mutex_lock (&self->problem_lock);
  g_free (self->problem);
  self->problem = g_strdup (problem);
  g_mutex_unlock (&self->problem_lock);
  g_atomic_int_set (&self->state, (int) state);

  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, notify_state_cb, ref, weak_ref_free);
  g_source_attach (source, self->context);
}

static Connection *
find_connection (Serving           *serving,
                 SoupServerMessage *msg)
{
  return g_hash_table_lookup (serving->connections, soup_server_message_get_remote_address (msg));
}

/* @msg's connection while libsoup still serves it: %NULL when it is
 * gone or stolen (a refused request's connection is ours then). */
static Connection *
find_served_connection (Serving           *serving,
                        SoupServerMessage *msg)
{
  Connection *connection = find_connection (serving, msg);

  return connection != NULL && !connection->stolen ? connection : NULL;
}

static void
forget_connection (Serving    *serving,
                   Connection *connection)
{
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (serving->per_address, connection->address));

  if (count > 1)
    g_hash_table_insert (serving->per_address, g_strdup (connection->address), GUINT_TO_POINTER (count - 1));
  else
    g_hash_table_remove (serving->per_address, connection->address);
  g_hash_table_remove (serving->connections, connection->remote);
}

/* Closes @connection's stream (its descriptor goes back now, whatever
 * libsoup does with its own objects later), forgets it and counts the
 * connections left. */
static void
close_connection (Serving    *serving,
                  Connection *connection)
{
  g_io_stream_close (G_IO_STREAM (connection->connection), NULL, NULL);
  forget_connection (serving, connection);
}

typedef struct {
  Serving        *serving;
  GSocketAddress *remote;
} ConnectionRef;

static ConnectionRef *
connection_ref_new (Serving    *serving,
                    Connection *connection)
{
  ConnectionRef *ref = g_new0 (ConnectionRef, 1);

  ref->serving = serving;
  ref->remote = g_object_ref (connection->remote);
  return ref;
}

static void
connection_ref_free (gpointer data)
{
  ConnectionRef *ref = data;

  g_object_unref (ref->remote);
  g_free (ref);
}

/* A connection waiting for its next request that the client closed:
 * libsoup 3.2 leaves it open (half closed) for good, so it is closed
 * here and counted off at once. Data for a request: libsoup reads it. */
static gboolean
watch_cb (GSocket      *socket,
          GIOCondition  condition,
          gpointer      data)
{
  ConnectionRef *ref = data;
  Connection *connection = g_hash_table_lookup (ref->serving->connections, ref->remote);
  char byte;
  gssize n;

  if (connection == NULL)
    return G_SOURCE_REMOVE;
  n = recv (g_socket_get_fd (socket), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
    return G_SOURCE_CONTINUE;
  g_clear_pointer (&connection->watch, g_source_unref);
  if (n <= 0)
    close_connection (ref->serving, connection);
  return G_SOURCE_REMOVE;
}

static void
watch_connection (Serving    *serving,
                  Connection *connection)
{
  if (connection->watch != NULL)
    return;
  connection->watch = g_socket_create_source (g_socket_connection_get_socket (connection->connection),
                                              G_IO_IN, NULL);
  g_source_set_callback (connection->watch, G_SOURCE_FUNC (watch_cb),
                         connection_ref_new (serving, connection), connection_ref_free);
  g_source_attach (connection->watch, serving->context);
}

/* Closes what has timed out and forgets what is closed: the descriptors
 * go back whether or not libsoup ever frees its objects. */
static gboolean
sweep_cb (gpointer data)
{
  Serving *serving = data;
  g_autoptr (GPtrArray) closed = g_ptr_array_new ();
  gint64 now = g_get_monotonic_time ();
  GHashTableIter iter;
  Connection *connection;

  g_hash_table_iter_init (&iter, serving->connections);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &connection))
    {
      GSocket *socket = g_socket_connection_get_socket (connection->connection);

      if (g_socket_is_closed (socket) || g_io_stream_is_closed (G_IO_STREAM (connection->connection)))
        g_ptr_array_add (closed, connection);
      else if (now >= connection->deadline && (connection->shut || connection->stolen))
        {
          /* libsoup had its chance to close it (or no longer owns it). */
          g_io_stream_close (G_IO_STREAM (connection->connection), NULL, NULL);
          g_ptr_array_add (closed, connection);
        }
      else if (now >= connection->deadline)
        {
          /* libsoup reads the end of the stream and closes it itself. */
          g_socket_shutdown (socket, TRUE, TRUE, NULL);
          connection->shut = TRUE;
          connection->deadline = now + 1000 * 1000;
        }
    }
  for (guint i = 0; i < closed->len; i++)
    forget_connection (serving, g_ptr_array_index (closed, i));
  return G_SOURCE_CONTINUE;
}

static gboolean accept_cb (GSocket      *listener,
                           GIOCondition  condition,
                           gpointer      data);

static void
watch_listener (Serving *serving)
{
  serving->accept_source = g_socket_create_source (serving->listener, G_IO_IN, NULL);
  g_source_set_callback (serving->accept_source, G_SOURCE_FUNC (accept_cb), serving, NULL);
  g_source_attach (serving->accept_source, serving->context);
}

static gboolean
retry_accept_cb (gpointer data)
{
  Serving *serving = data;

  g_clear_pointer (&serving->retry_source, g_source_unref);
  watch_listener (serving);
  return G_SOURCE_REMOVE;
}

/* Forgets the connection under @base, a play socket's just closed. */
static void
forget_stream (Serving   *serving,
               GIOStream *base)
{
  GHashTableIter iter;
  Connection *connection;

  g_hash_table_iter_init (&iter, serving->connections);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &connection))
    if (G_IO_STREAM (connection->connection) == base)
      {
        forget_connection (serving, connection);
        return;
      }
}

/* Room at a full cap for a connection that may bring a link: the oldest
 * connection from @address (%NULL: from anywhere) that has never carried
 * a table's secret and waits for its next request is closed, or else the
 * oldest play socket of that address without a seat. A connection in
 * the middle of a request is left to its read timeout.
 *
 * Returns: whether one was closed */
static gboolean
evict_linkless (Serving    *serving,
                const char *address)
{
  Connection *oldest = NULL;
  GHashTableIter iter;
  Connection *connection;
  GIOStream *base;

  /* Those closed already (a play socket's, a refused request's) first. */
  g_hash_table_iter_init (&iter, serving->connections);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &connection))
    if ((address == NULL || g_str_equal (connection->address, address))
        && g_io_stream_is_closed (G_IO_STREAM (connection->connection)))
      {
        forget_connection (serving, connection);
        return TRUE;
      }
  g_hash_table_iter_init (&iter, serving->connections);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &connection))
    if (!connection->socket && !connection->stolen && !connection->linked && connection->watch != NULL
        && (address == NULL || g_str_equal (connection->address, address))
        && (oldest == NULL || connection->accepted < oldest->accepted))
      oldest = connection;
  if (oldest != NULL)
    {
      g_debug ("table entry: an idle connection from %s without a link evicted", oldest->address);
      close_connection (serving, oldest);
      return TRUE;
    }
  base = lw_web_play_evict_seatless (serving->play, address);
  if (base == NULL)
    return FALSE;
  forget_stream (serving, base);
  return TRUE;
}

static void
take_connection (Serving *serving,
                 GSocket *socket)
{
  g_autoptr (GSocketAddress) remote = g_socket_get_remote_address (socket, NULL);
  g_autoptr (GSocketAddress) local = g_socket_get_local_address (socket, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *address = NULL;
  Connection *connection;
  guint count;

  if (G_IS_INET_SOCKET_ADDRESS (remote))
    address = g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)));
  count = address != NULL ? GPOINTER_TO_UINT (g_hash_table_lookup (serving->per_address, address)) : 0;
  /* At a full cap, the oldest linkless connection makes room, so that
   * idle connections never keep out a phone with its link. */
  if (address != NULL && count >= serving->limits.max_per_address && evict_linkless (serving, address))
    count = GPOINTER_TO_UINT (g_hash_table_lookup (serving->per_address, address));
  if (address != NULL && g_hash_table_size (serving->connections) >= serving->limits.max_connections
      && evict_linkless (serving, NULL))
    count = GPOINTER_TO_UINT (g_hash_table_lookup (serving->per_address, address));
  if (address == NULL || local == NULL
      || g_hash_table_size (serving->connections) >= serving->limits.max_connections
      || count >= serving->limits.max_per_address)
    {
      /* Over a cap: closed at once, its descriptor free again. */
      g_debug ("table entry: a connection from %s refused: %u open, %u from there",
               address != NULL ? address : "?", g_hash_table_size (serving->connections), count);
      g_socket_close (socket, NULL);
      return;
    }

  /* An answer goes out at once, not held back by Nagle's algorithm
   * for the ACK of the last (some 40 ms on a kept-alive connection). */
  if (!g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, 1, &error))
    {
      g_debug ("table entry: TCP_NODELAY for %s: %s", address, error->message);
      g_clear_error (&error);
    }

  connection = g_new0 (Connection, 1);
  connection->accepted = g_get_monotonic_time ();
  connection->connection = g_socket_connection_factory_create_connection (socket);
  connection->remote = g_object_ref (remote);
  connection->address = g_steal_pointer (&address);
  connection->deadline = ms_from_now (serving->limits.read_timeout_ms);
  g_hash_table_insert (serving->connections, connection->remote, connection);
  g_hash_table_insert (serving->per_address, g_strdup (connection->address), GUINT_TO_POINTER (count + 1));

  watch_connection (serving, connection);
  if (!soup_server_accept_iostream (serving->soup, G_IO_STREAM (connection->connection), local, remote, &error))
    {
      g_message ("table entry: a connection from %s: %s", connection->address, error->message);
      close_connection (serving, connection);
    }
}

static gboolean
accept_cb (GSocket      *listener,
           GIOCondition  condition,
           gpointer      data)
{
  Serving *serving = data;

  for (int i = 0; i < ACCEPT_BATCH; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GSocket) socket = g_socket_accept (listener, NULL, &error);

      if (socket != NULL)
        {
          set_state (serving, LW_WEB_SERVER_LISTENING, NULL);
          take_connection (serving, socket);
          continue;
        }
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        break;

      /* Out of descriptors (or another failure of accept()): the socket
       * is watched again in a moment, never dropped. */
      set_state (serving, LW_WEB_SERVER_SATURATED,
                 g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_OPEN_FILES)
                 ? g_strerror (EMFILE) : error->message);
      g_clear_pointer (&serving->accept_source, g_source_unref);
      serving->retry_source = g_timeout_source_new (RETRY_ACCEPT_MS);
      g_source_set_callback (serving->retry_source, retry_accept_cb, serving, NULL);
      g_source_attach (serving->retry_source, serving->context);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

/* Headers on every answer: nothing cached (the secret's page, the
 * board), nothing loaded from elsewhere, no Referer. */
static const char *const common_headers[][2] = {
  { "Cache-Control", "no-store" },
  { "X-Content-Type-Options", "nosniff" },
  { "Referrer-Policy", "no-referrer" },
  { "Content-Security-Policy",
    "default-src 'none'; script-src 'self'; style-src 'self'; "
    "connect-src 'self'; img-src 'self' data:; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'" },
};

static void
set_common_headers (SoupServerMessage *msg)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);

  for (gsize i = 0; i < G_N_ELEMENTS (common_headers); i++)
    soup_message_headers_replace (headers, common_headers[i][0], common_headers[i][1]);
}

static void
wrote_refusal_cb (GObject      *stream,
                  GAsyncResult *result,
                  gpointer      data)
{
  g_autofree char *text = data;
  GSocket *socket = g_object_get_data (stream, "lw-socket");

  g_output_stream_write_all_finish (G_OUTPUT_STREAM (stream), result, NULL, NULL);
  /* The end of the answer; the connection is closed at its deadline. */
  if (socket != NULL)
    g_socket_shutdown (socket, FALSE, TRUE, NULL);
}

/* Answers @msg with @status and the JSON @response before its body is
 * read, and closes the connection: taken back from libsoup, which would
 * read (and keep) the whole body first. */
static void
refuse (Serving           *serving,
        SoupServerMessage *msg,
        guint              status,
        char              *response)
{
  Connection *connection = find_connection (serving, msg);
  g_autoptr (GIOStream) stream = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  GOutputStream *output;
  gsize length = strlen (response);
  char *answer;

  if (connection == NULL)
    {
      /* Not a connection of ours (cannot happen): libsoup answers. */
      set_common_headers (msg);
      soup_server_message_set_status (msg, status, NULL);
      soup_server_message_set_response (msg, "application/json; charset=utf-8", SOUP_MEMORY_TAKE,
                                        response, length);
      return;
    }
  stream = soup_server_message_steal_connection (msg);
  connection->stolen = TRUE;
  connection->deadline = ms_from_now (LINGER_MS);
  if (stream == NULL)
    {
      g_free (response);
      return;
    }

  g_string_append_printf (text, "HTTP/1.1 %u %s\r\n", status,
                          status == PLAY_STATUS_TOO_MANY ? PLAY_PHRASE_TOO_MANY : soup_status_get_phrase (status));
  for (gsize i = 0; i < G_N_ELEMENTS (common_headers); i++)
    g_string_append_printf (text, "%s: %s\r\n", common_headers[i][0], common_headers[i][1]);
  g_string_append_printf (text, "Content-Type: application/json; charset=utf-8\r\n"
                          "Content-Length: %" G_GSIZE_FORMAT "\r\nConnection: close\r\n\r\n%s",
                          length, response);
  g_free (response);

  output = g_io_stream_get_output_stream (stream);
  g_object_set_data_full (G_OBJECT (output), "lw-socket",
                          g_object_ref (g_socket_connection_get_socket (connection->connection)),
                          g_object_unref);
  length = text->len;
  answer = g_string_free (g_steal_pointer (&text), FALSE);
  g_output_stream_write_all_async (output, answer, length, G_PRIORITY_DEFAULT, NULL,
                                   wrote_refusal_cb, answer);
}

static void
refuse_too_large (Serving           *serving,
                  SoupServerMessage *msg)
{
  g_autofree char *message =
    g_strdup_printf ("the request is larger than %d bytes", LW_ENTRY_MAX_BODY);

  refuse (serving, msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE, lw_entry_requests_error_response (message));
}

/* The body counted as it arrives, whatever its framing. */
static void
got_chunk_cb (SoupServerMessage *msg,
              GBytes            *chunk,
              gpointer           data)
{
  Serving *serving = data;
  Connection *connection = find_served_connection (serving, msg);

  if (connection == NULL)
    return;
  connection->body_read += g_bytes_get_size (chunk);
  if (connection->body_read > LW_ENTRY_MAX_BODY)
    refuse_too_large (serving, msg);
}

/* A request to the play socket: its handshake checked and answered
 * here, its connection taken from libsoup at once (lw-web-socket.c reads
 * and writes it, with its bounds: libsoup 3.2's own WebSocket has none
 * against a flood) and given to lw-web-play-socket.c for as long as
 * it lasts; the server's timeouts no longer apply. At the address's cap
 * of play sockets, its oldest socket without a seat makes room, or the
 * request is answered 429. Only the path itself: `/play/socket/x` is
 * no play socket (404). */
static void
open_play_socket (Serving           *serving,
                  SoupServerMessage *msg,
                  Connection        *connection)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *response = lw_web_socket_handshake (msg, &error);
  g_autoptr (GIOStream) stream = NULL;

  if (response == NULL)
    {
      refuse (serving, msg, SOUP_STATUS_BAD_REQUEST, lw_entry_requests_error_response (error->message));
      return;
    }
  if (lw_web_play_address_full (serving->play, connection->address))
    {
      GIOStream *evicted = lw_web_play_evict_seatless (serving->play, connection->address);

      if (evicted == NULL)
        {
          refuse (serving, msg, PLAY_STATUS_TOO_MANY,
                  lw_entry_requests_error_response ("too many play sockets from this address"));
          return;
        }
      forget_stream (serving, evicted);
    }
  stream = soup_server_message_steal_connection (msg);
  connection->stolen = TRUE;
  connection->socket = TRUE;
  connection->deadline = G_MAXINT64;
  if (connection->watch != NULL)
    g_source_destroy (connection->watch);
  g_clear_pointer (&connection->watch, g_source_unref);
  if (stream == NULL)
    {
      close_connection (serving, connection);
      return;
    }
  lw_web_play_take_socket (serving->play, stream, response, G_IO_STREAM (connection->connection),
                             connection->address);
}

/* Before any body is read: the path, then the secret, then the body's
 * announced size. */
static void
got_headers_cb (SoupServerMessage *msg,
                gpointer           data)
{
  Serving *serving = data;
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  SoupEncoding encoding = soup_message_headers_get_encoding (headers);
  const char *path = g_uri_get_path (soup_server_message_get_uri (msg));
  Connection *connection = find_connection (serving, msg);
  gboolean has_body;

  if (connection != NULL)
    {
      connection->deadline = ms_from_now (serving->limits.read_timeout_ms);
      connection->body_read = 0;
    }
  has_body = encoding == SOUP_ENCODING_CHUNKED || encoding == SOUP_ENCODING_EOF
             || (encoding == SOUP_ENCODING_CONTENT_LENGTH && soup_message_headers_get_content_length (headers) > 0);

  if (g_str_equal (path, PLAY_SOCKET_PATH) && connection != NULL)
    {
      open_play_socket (serving, msg, connection);
      return;
    }
  if (g_str_has_prefix (path, "/api/"))
    {
      char *response = NULL;
      /* The refusal in the page's language (its Accept-Language). */
      locale_t old = lw_words_use_lang (lw_words_lang_of (soup_message_headers_get_one (headers, "Accept-Language")));
      guint status = lw_entry_requests_check_access (serving->entry, path,
                                                  soup_message_headers_get_one (headers, "X-Table-Secret"),
                                                  &response);

      lw_words_restore_lang (old);

      if (status != 0)
        {
          refuse (serving, msg, status, response);
          return;
        }
      if (connection != NULL)
        connection->linked = TRUE;
    }
  else if (has_body)
    {
      refuse (serving, msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE,
              lw_entry_requests_error_response ("only the API's requests have a body"));
      return;
    }

  if (encoding == SOUP_ENCODING_CONTENT_LENGTH
      && soup_message_headers_get_content_length (headers) > LW_ENTRY_MAX_BODY)
    refuse_too_large (serving, msg);
}

static void
serve_resource (SoupServerMessage *msg,
                const char        *name,
                const char        *content_type)
{
  g_autofree char *path = g_strconcat (WEB_PREFIX, name, NULL);
  g_autoptr (GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);

  if (bytes == NULL)
    {
      soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
      return;
    }
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_server_message_set_response (msg, content_type, SOUP_MEMORY_COPY,
                                    g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static void
handle_cb (SoupServer        *server,
           SoupServerMessage *msg,
           const char        *path,
           GHashTable        *query,
           gpointer           data)
{
  Serving *serving = data;
  const char *method = soup_server_message_get_method (msg);

  set_common_headers (msg);

  if (g_str_has_prefix (path, "/api/"))
    {
      SoupMessageBody *request = soup_server_message_get_request_body (msg);
      SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
      g_autoptr (GBytes) body = soup_message_body_flatten (request);
      g_autofree char *response = NULL;
      gsize length = 0;
      const char *bytes = g_bytes_get_data (body, &length);
      guint status;

      locale_t old;

      /* The answer's words (the engine's refusals, a stale or locked
       * round) in the page's language, its Accept-Language. */
      old = lw_words_use_lang (lw_words_lang_of (soup_message_headers_get_one (headers, "Accept-Language")));
      status = lw_entry_requests_handle (serving->entry, method, path,
                                      soup_message_headers_get_one (headers, "X-Table-Secret"),
                                      bytes, length, &response);
      lw_words_restore_lang (old);
      soup_server_message_set_status (msg, status, NULL);
      if (status == LW_ENTRY_STATUS_BUSY)
        {
          g_autofree char *seconds = g_strdup_printf ("%d", LW_ENTRY_RETRY_AFTER);

          soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Retry-After", seconds);
        }
      soup_server_message_set_response (msg, "application/json; charset=utf-8", SOUP_MEMORY_TAKE,
                                        g_steal_pointer (&response), strlen (response));
      return;
    }

  if (!g_str_equal (method, "GET") && !g_str_equal (method, "HEAD"))
    {
      soup_server_message_set_status (msg, SOUP_STATUS_METHOD_NOT_ALLOWED, NULL);
      return;
    }
  if (g_str_has_prefix (path, "/t/"))
    serve_resource (msg, "entry.html", "text/html; charset=utf-8");
  else if (g_str_equal (path, "/entry.js"))
    serve_resource (msg, "entry.js", "text/javascript; charset=utf-8");
  else if (g_str_equal (path, "/entry.css"))
    serve_resource (msg, "entry.css", "text/css; charset=utf-8");
  else if (g_str_equal (path, "/play"))
    serve_resource (msg, "play.html", "text/html; charset=utf-8");
  else if (g_str_equal (path, "/play.js"))
    serve_resource (msg, "play.js", "text/javascript; charset=utf-8");
  else if (g_str_equal (path, "/play.css"))
    serve_resource (msg, "play.css", "text/css; charset=utf-8");
  else
    soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
}

static void
request_started_cb (SoupServer        *server,
                    SoupServerMessage *msg,
                    gpointer           data)
{
  g_signal_connect (msg, "got-headers", G_CALLBACK (got_headers_cb), data);
  g_signal_connect (msg, "got-chunk", G_CALLBACK (got_chunk_cb), data);
}

/* The body is read: the answer must be taken within the read timeout. */
static void
request_read_cb (SoupServer        *server,
                 SoupServerMessage *msg,
                 gpointer           data)
{
  Serving *serving = data;
  Connection *connection = find_served_connection (serving, msg);

  if (connection != NULL)
    connection->deadline = ms_from_now (serving->limits.read_timeout_ms);
}

/* Right after an answer libsoup closes a connection not kept alive: it
 * is counted off at once, not at the next sweep. */
static gboolean
check_closed_cb (gpointer data)
{
  ConnectionRef *ref = data;
  Connection *connection = g_hash_table_lookup (ref->serving->connections, ref->remote);

  if (connection == NULL || connection->socket)
    return G_SOURCE_REMOVE;
  if (connection->closing || g_io_stream_is_closed (G_IO_STREAM (connection->connection)))
    /* The answer is written: its descriptor is given back now (libsoup
     * closes its own stream around it later, or never). */
    close_connection (ref->serving, connection);
  else if (!connection->stolen)
    watch_connection (ref->serving, connection);
  return G_SOURCE_REMOVE;
}

/* Answered: the connection, kept alive, waits for its next request
 * within the idle timeout. */
static void
request_finished_cb (SoupServer        *server,
                     SoupServerMessage *msg,
                     gpointer           data)
{
  Serving *serving = data;
  Connection *connection = find_served_connection (serving, msg);
  g_autoptr (GSource) source = NULL;

  /* A refused request's connection is ours: it lingers, then closes; a
   * play socket's is lw-web-play-socket.c's. */
  if (connection == NULL || connection->socket)
    return;
  if (!connection->shut)
    connection->deadline = ms_from_now (serving->limits.idle_timeout_ms);
  /* Not kept alive: libsoup closes it after this signal. */
  if (soup_server_message_get_http_version (msg) == SOUP_HTTP_1_0
      || soup_message_headers_header_contains (soup_server_message_get_request_headers (msg), "Connection", "close")
      || soup_message_headers_header_contains (soup_server_message_get_response_headers (msg), "Connection", "close"))
    connection->closing = TRUE;
  /* Before the next requests (an idle callback would wait behind them). */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, check_closed_cb, connection_ref_new (serving, connection), connection_ref_free);
  g_source_attach (source, serving->context);
}

static void
serving_free (Serving *serving)
{
  GHashTableIter iter;
  Connection *connection;

  if (serving->accept_source != NULL)
    g_source_destroy (serving->accept_source);
  g_clear_pointer (&serving->accept_source, g_source_unref);
  if (serving->retry_source != NULL)
    g_source_destroy (serving->retry_source);
  g_clear_pointer (&serving->retry_source, g_source_unref);
  if (serving->sweep_source != NULL)
    g_source_destroy (serving->sweep_source);
  g_clear_pointer (&serving->sweep_source, g_source_unref);

  if (serving->soup != NULL)
    soup_server_disconnect (serving->soup);
  /* Every connection closed, whatever libsoup still holds. */
  if (serving->connections != NULL)
    {
      g_hash_table_iter_init (&iter, serving->connections);
      while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &connection))
        g_io_stream_close (G_IO_STREAM (connection->connection), NULL, NULL);
    }
  g_clear_object (&serving->soup);
  if (serving->anchor != NULL)
    g_socket_close (serving->anchor, NULL);
  g_clear_object (&serving->anchor);
  if (serving->anchor_dir != NULL)
    {
      g_autofree char *path = g_build_filename (serving->anchor_dir, "s", NULL);

      g_unlink (path);
      g_rmdir (serving->anchor_dir);
      g_free (serving->anchor_dir);
    }
  if (serving->listener != NULL)
    g_socket_close (serving->listener, NULL);
  g_clear_object (&serving->listener);
  g_clear_pointer (&serving->connections, g_hash_table_unref);
  g_clear_pointer (&serving->per_address, g_hash_table_unref);
  g_clear_object (&serving->entry);
  g_clear_pointer (&serving->play, lw_web_play_unref);
  g_clear_pointer (&serving->loop, g_main_loop_unref);
  g_clear_pointer (&serving->context, g_main_context_unref);
  g_free (serving);
}

/* libsoup 3.2 keeps a connection alive after a request only while the
 * server has a listening socket of its own (and closes every connection
 * handed to soup_server_accept_iostream() after its first answer
 * otherwise). Its socket is a Unix one in a folder only this user may
 * open, so that it takes no connection from anyone else. */
static gboolean
listen_anchor (Serving  *serving,
               GError  **error)
{
  g_autoptr (GSocketAddress) address = NULL;
  g_autofree char *path = NULL;
  struct sockaddr_un native = { .sun_family = AF_UNIX };

  serving->anchor_dir = g_dir_make_tmp ("little-wolf-entry-XXXXXX", error);
  if (serving->anchor_dir == NULL)
    return FALSE;
  path = g_build_filename (serving->anchor_dir, "s", NULL);
  if (strlen (path) >= sizeof native.sun_path)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FILENAME_TOO_LONG, "%s: too long for a socket", path);
      return FALSE;
    }
  g_strlcpy (native.sun_path, path, sizeof native.sun_path);
  address = g_socket_address_new_from_native (&native, sizeof native);
  serving->anchor = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, error);
  return serving->anchor != NULL
         && g_socket_bind (serving->anchor, address, FALSE, error)
         && g_socket_listen (serving->anchor, error)
         && soup_server_listen_socket (serving->soup, serving->anchor, 0, error);
}

static gpointer
serve_thread (gpointer data)
{
  Serving *serving = data;
  guint sweep_ms = CLAMP (MIN (serving->limits.read_timeout_ms, serving->limits.idle_timeout_ms) / 4, 50, 1000);

  g_main_context_push_thread_default (serving->context);

  serving->soup = soup_server_new ("server-header", "LittleWolf ", NULL);
  soup_server_add_handler (serving->soup, NULL, handle_cb, serving, NULL);
  lw_web_play_attach (serving->play, serving->context);
  g_signal_connect (serving->soup, "request-started", G_CALLBACK (request_started_cb), serving);
  g_signal_connect (serving->soup, "request-read", G_CALLBACK (request_read_cb), serving);
  g_signal_connect (serving->soup, "request-finished", G_CALLBACK (request_finished_cb), serving);
  g_signal_connect (serving->soup, "request-aborted", G_CALLBACK (request_finished_cb), serving);
  {
    g_autoptr (GError) error = NULL;

    /* Without it every connection closes after one answer: slower, and
     * still correct. */
    if (!listen_anchor (serving, &error))
      g_message ("table entry: connections are not kept alive: %s", error->message);
  }

  watch_listener (serving);
  serving->sweep_source = g_timeout_source_new (sweep_ms);
  /* On time however many requests are waiting. */
  g_source_set_priority (serving->sweep_source, G_PRIORITY_HIGH);
  g_source_set_callback (serving->sweep_source, sweep_cb, serving, NULL);
  g_source_attach (serving->sweep_source, serving->context);

  g_main_loop_run (serving->loop);

  g_main_context_pop_thread_default (serving->context);
  return NULL;
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

/* ------------------------------------------------------------------ */
/* The object, in the thread that made it                               */
/* ------------------------------------------------------------------ */

static void
lw_web_server_dispose (GObject *object)
{
  LwWebServer *self = LW_WEB_SERVER (object);

  /* Before the weak references go: the thread may still make one. */
  lw_web_server_stop (self);
  if (self->play != NULL)
    lw_web_play_forget_owner (self->play);

  G_OBJECT_CLASS (lw_web_server_parent_class)->dispose (object);
}

static void
lw_web_server_finalize (GObject *object)
{
  LwWebServer *self = LW_WEB_SERVER (object);

  g_clear_object (&self->entry);
  g_clear_pointer (&self->play, lw_web_play_unref);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_free (self->problem);
  g_mutex_clear (&self->problem_lock);

  G_OBJECT_CLASS (lw_web_server_parent_class)->finalize (object);
}

static void
lw_web_server_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  LwWebServer *self = LW_WEB_SERVER (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, lw_web_server_get_state (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lw_web_server_class_init (LwWebServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = lw_web_server_dispose;
  object_class->finalize = lw_web_server_finalize;
  object_class->get_property = lw_web_server_get_property;

  /**
   * LwWebServer:state:
   *
   * What the server is doing (#LwWebServerState); notified in the
   * main context that made the server.
   */
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, LW_TYPE_WEB_SERVER_STATE, LW_WEB_SERVER_STOPPED,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * LwWebServer::seat-connection:
   * @self: the server
   * @game_id: a hosted table's game (lw_web_server_host_table())
   * @seat: a remote seat
   * @connected: whether a socket holds the seat now
   *
   * A remote seat's socket opened (its hello accepted) or closed;
   * emitted in the main context that made the server.
   */
  signals[SEAT_CONNECTION] =
    g_signal_new ("seat-connection", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_INT64, G_TYPE_UINT, G_TYPE_BOOLEAN);
}

static void
seat_connection_cb (gint64   game_id,
                    guint    seat,
                    gboolean connected,
                    gpointer data)
{
  g_signal_emit (data, signals[SEAT_CONNECTION], 0, game_id, seat, connected);
}

static void
lw_web_server_init (LwWebServer *self)
{
  self->limits = LW_WEB_SERVER_LIMITS_DEFAULT;
  self->context = g_main_context_ref_thread_default ();
  g_mutex_init (&self->problem_lock);
  self->play = lw_web_play_new (self->context, seat_connection_cb, self);
}

LwWebServer *
lw_web_server_new (LwEntryRequests *entry)
{
  LwWebServer *self;

  g_return_val_if_fail (LW_IS_ENTRY_REQUESTS (entry), NULL);

  self = g_object_new (LW_TYPE_WEB_SERVER, NULL);
  self->entry = g_object_ref (entry);
  return self;
}

LwEntryRequests *
lw_web_server_get_entry (LwWebServer *self)
{
  g_return_val_if_fail (LW_IS_WEB_SERVER (self), NULL);

  return self->entry;
}

void
lw_web_server_set_limits (LwWebServer             *self,
                            const LwWebServerLimits *limits)
{
  g_return_if_fail (LW_IS_WEB_SERVER (self));
  g_return_if_fail (limits != NULL);
  g_return_if_fail (limits->max_connections >= 1 && limits->max_per_address >= 1);
  g_return_if_fail (limits->read_timeout_ms >= 1 && limits->idle_timeout_ms >= 1);

  self->limits = *limits;
}

gboolean
lw_web_server_start (LwWebServer  *self,
                       const char     *address,
                       guint           port,
                       GError        **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GInetAddress) inet = NULL;
  g_autoptr (GSocketAddress) socket_address = NULL;
  g_autoptr (GSocket) socket = NULL;
  g_autoptr (GSocketAddress) local = NULL;
  g_autoptr (LwStore) store = NULL;
  Serving *serving;

  g_return_val_if_fail (LW_IS_WEB_SERVER (self), FALSE);
  g_return_val_if_fail (port <= 65535, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  lw_web_server_stop (self);

  if (address == NULL)
    inet = g_inet_address_new_any (G_SOCKET_FAMILY_IPV4);
  else
    inet = g_inet_address_new_from_string (address);
  if (inet == NULL || g_inet_address_get_family (inet) != G_SOCKET_FAMILY_IPV4)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s: not an IPv4 address of this computer", address);
      return FALSE;
    }
  socket_address = g_inet_socket_address_new (inet, (guint16) port);

  /* Our own socket, for a backlog that takes every table's phones
   * connecting at once (GSocket's default queues 10). */
  socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &local_error);
  if (socket != NULL)
    {
      g_socket_set_listen_backlog (socket, LISTEN_BACKLOG);
      g_socket_set_blocking (socket, FALSE);
    }
  if (socket == NULL
      || !g_socket_bind (socket, socket_address, TRUE, &local_error)
      || !g_socket_listen (socket, &local_error))
    {
      g_set_error (error, local_error->domain, local_error->code,
                   "port %u: %s", port, local_error->message);
      return FALSE;
    }
  store = lw_store_open_another (lw_entry_requests_get_store (self->entry), BUSY_TIMEOUT_MS, error);
  if (store == NULL)
    return FALSE;

  /* The port taken (port 0: any free one). */
  local = g_socket_get_local_address (socket, NULL);
  self->port = G_IS_INET_SOCKET_ADDRESS (local)
               ? g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (local)) : port;

  serving = g_new0 (Serving, 1);
  serving->owner = self;
  serving->limits = self->limits;
  serving->context = g_main_context_new ();
  serving->loop = g_main_loop_new (serving->context, FALSE);
  serving->entry = lw_entry_requests_new_sharing (self->entry, store);
  serving->listener = g_steal_pointer (&socket);
  serving->connections = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                                (GDestroyNotify) connection_free);
  serving->per_address = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  serving->play = lw_web_play_ref (self->play);
  self->serving = serving;

  g_atomic_int_set (&self->state, LW_WEB_SERVER_LISTENING);
  self->thread = g_thread_new ("lw-web-server", serve_thread, serving);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  return TRUE;
}

void
lw_web_server_stop (LwWebServer *self)
{
  g_return_if_fail (LW_IS_WEB_SERVER (self));

  if (self->thread != NULL)
    {
      g_autoptr (GSource) source = g_idle_source_new ();

      g_source_set_callback (source, quit_cb, self->serving->loop, NULL);
      g_source_attach (source, self->serving->context);
      g_thread_join (g_steal_pointer (&self->thread));
      /* The sockets before the connections under them. */
      lw_web_play_detach (self->play);
      g_clear_pointer (&self->serving, serving_free);
    }
  self->port = 0;
  if (g_atomic_int_get (&self->state) != LW_WEB_SERVER_STOPPED)
    {
      g_atomic_int_set (&self->state, LW_WEB_SERVER_STOPPED);
      g_mutex_lock (&self->problem_lock);
      g_clear_pointer (&self->problem, g_free);
      g_mutex_unlock (&self->problem_lock);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
    }
}

LwWebServerState
lw_web_server_get_state (LwWebServer *self)
{
  g_return_val_if_fail (LW_IS_WEB_SERVER (self), LW_WEB_SERVER_STOPPED);

  return (LwWebServerState) g_atomic_int_get (&self->state);
}

char *
lw_web_server_get_problem (LwWebServer *self)
{
  char *problem;

  g_return_val_if_fail (LW_IS_WEB_SERVER (self), NULL);

  g_mutex_lock (&self->problem_lock);
  problem = g_strdup (self->problem);
  g_mutex_unlock (&self->problem_lock);
  return problem;
}

/* A question to the server's thread, and its answer. */
typedef struct {
  Serving *serving;
  int      level;
  int      optname;
  GArray  *values;   /* int */
  GMutex   lock;
  GCond    answered;
  gboolean done;
} OptionsQuery;

static gboolean
read_options_cb (gpointer data)
{
  OptionsQuery *query = data;
  GHashTableIter iter;
  Connection *connection;

  g_hash_table_iter_init (&iter, query->serving->connections);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &connection))
    if (!g_io_stream_is_closed (G_IO_STREAM (connection->connection)))
      {
        GSocket *socket = g_socket_connection_get_socket (connection->connection);
        int value = -1;

        if (!g_socket_get_option (socket, query->level, query->optname, &value, NULL))
          value = -1;
        g_array_append_val (query->values, value);
      }
  g_mutex_lock (&query->lock);
  query->done = TRUE;
  g_cond_signal (&query->answered);
  g_mutex_unlock (&query->lock);
  return G_SOURCE_REMOVE;
}

GArray *
lw_web_server_get_socket_options (LwWebServer *self,
                                  int          level,
                                  int          optname)
{
  OptionsQuery query = { NULL, level, optname, NULL, };
  g_autoptr (GSource) source = NULL;

  g_return_val_if_fail (LW_IS_WEB_SERVER (self), NULL);

  query.values = g_array_new (FALSE, FALSE, sizeof (int));
  if (self->thread == NULL)
    return query.values;
  query.serving = self->serving;
  g_mutex_init (&query.lock);
  g_cond_init (&query.answered);
  /* Always in the server's thread, never in this one. */
  source = g_idle_source_new ();
  g_source_set_callback (source, read_options_cb, &query, NULL);
  g_source_attach (source, self->serving->context);
  g_mutex_lock (&query.lock);
  while (!query.done)
    g_cond_wait (&query.answered, &query.lock);
  g_mutex_unlock (&query.lock);
  g_mutex_clear (&query.lock);
  g_cond_clear (&query.answered);
  return query.values;
}

gboolean
lw_web_server_is_running (LwWebServer *self)
{
  g_return_val_if_fail (LW_IS_WEB_SERVER (self), FALSE);

  return self->thread != NULL;
}

guint
lw_web_server_get_port (LwWebServer *self)
{
  g_return_val_if_fail (LW_IS_WEB_SERVER (self), 0);

  return self->port;
}

char *
lw_web_server_table_url (LwWebServer *self,
                           const char    *host,
                           gint64         game_id)
{
  const char *secret;
  g_autofree char *path = NULL;

  g_return_val_if_fail (LW_IS_WEB_SERVER (self), NULL);
  g_return_val_if_fail (host != NULL, NULL);

  secret = lw_entry_requests_get_secret (self->entry, game_id);
  if (secret == NULL || self->thread == NULL)
    return NULL;
  path = lw_entry_requests_page_path (game_id, secret);
  return g_strdup_printf ("http://%s:%u%s", host, self->port, path);
}
