/* lw-entry-server.c — libsoup's server around lw_table_entry_handle()
 *
 * Thin on purpose: the page's files come from GResource, and every API
 * request goes, as method, path, secret and body, to the table entry.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include <libsoup/soup.h>

#include "lw-entry-server.h"

#define WEB_PREFIX RESOURCE_PREFIX "/web/"

/* Connections waiting to be accepted: a phone or two at each of many
 * tables, all at once. */
#define LISTEN_BACKLOG 128

struct _LwEntryServer
{
  GObject parent_instance;

  /* owned */
  LwTableEntry *entry;
  SoupServer   *server;
  guint         port;
};

G_DEFINE_FINAL_TYPE (LwEntryServer, lw_entry_server, G_TYPE_OBJECT)

static void
lw_entry_server_finalize (GObject *object)
{
  LwEntryServer *self = LW_ENTRY_SERVER (object);

  lw_entry_server_stop (self);
  g_clear_object (&self->entry);

  G_OBJECT_CLASS (lw_entry_server_parent_class)->finalize (object);
}

static void
lw_entry_server_class_init (LwEntryServerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lw_entry_server_finalize;
}

static void
lw_entry_server_init (LwEntryServer *self)
{
}

LwEntryServer *
lw_entry_server_new (LwTableEntry *entry)
{
  LwEntryServer *self;

  g_return_val_if_fail (LW_IS_TABLE_ENTRY (entry), NULL);

  self = g_object_new (LW_TYPE_ENTRY_SERVER, NULL);
  self->entry = g_object_ref (entry);
  return self;
}

LwTableEntry *
lw_entry_server_get_entry (LwEntryServer *self)
{
  g_return_val_if_fail (LW_IS_ENTRY_SERVER (self), NULL);

  return self->entry;
}

/* Headers on every answer: nothing cached (the secret's page, the
 * board), nothing loaded from elsewhere, no Referer. */
static void
set_common_headers (SoupServerMessage *msg)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);

  soup_message_headers_replace (headers, "Cache-Control", "no-store");
  soup_message_headers_replace (headers, "X-Content-Type-Options", "nosniff");
  soup_message_headers_replace (headers, "Referrer-Policy", "no-referrer");
  soup_message_headers_replace (headers, "Content-Security-Policy",
                                "default-src 'none'; script-src 'self'; style-src 'self'; "
                                "connect-src 'self'; img-src 'self' data:; base-uri 'none'; "
                                "form-action 'none'; frame-ancestors 'none'");
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
           gpointer           user_data)
{
  LwEntryServer *self = user_data;
  const char *method = soup_server_message_get_method (msg);

  set_common_headers (msg);

  if (g_str_has_prefix (path, "/api/"))
    {
      SoupMessageBody *request = soup_server_message_get_request_body (msg);
      SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
      g_autoptr (GBytes) body = soup_message_body_flatten (request);
      g_autofree char *response = NULL;
      gsize length = 0;
      const char *data = g_bytes_get_data (body, &length);
      guint status;

      status = lw_table_entry_handle (self->entry, method, path,
                                      soup_message_headers_get_one (headers, "X-Table-Secret"),
                                      data, length, &response);
      soup_server_message_set_status (msg, status, NULL);
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
  else
    soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
}

/* A body announced as larger than the API reads is refused before it is
 * read: its memory is never taken. */
static void
got_headers_cb (SoupServerMessage *msg,
                gpointer           user_data)
{
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);

  if (soup_message_headers_get_encoding (headers) == SOUP_ENCODING_CONTENT_LENGTH
      && soup_message_headers_get_content_length (headers) > LW_TABLE_ENTRY_MAX_BODY)
    {
      set_common_headers (msg);
      soup_server_message_set_status (msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE, NULL);
    }
}

static void
request_started_cb (SoupServer        *server,
                    SoupServerMessage *msg,
                    gpointer           user_data)
{
  g_signal_connect (msg, "got-headers", G_CALLBACK (got_headers_cb), NULL);
}

gboolean
lw_entry_server_start (LwEntryServer  *self,
                       const char     *address,
                       guint           port,
                       GError        **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (SoupServer) server = NULL;
  g_autoptr (GInetAddress) inet = NULL;
  g_autoptr (GSocketAddress) socket_address = NULL;
  g_autoptr (GSocket) socket = NULL;
  g_autoptr (GSocketAddress) local = NULL;

  g_return_val_if_fail (LW_IS_ENTRY_SERVER (self), FALSE);
  g_return_val_if_fail (port <= 65535, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  lw_entry_server_stop (self);

  server = soup_server_new ("server-header", "LittleWolf ", NULL);
  soup_server_add_handler (server, NULL, handle_cb, self, NULL);
  g_signal_connect (server, "request-started", G_CALLBACK (request_started_cb), NULL);

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
    g_socket_set_listen_backlog (socket, LISTEN_BACKLOG);
  if (socket == NULL
      || !g_socket_bind (socket, socket_address, TRUE, &local_error)
      || !g_socket_listen (socket, &local_error)
      || !soup_server_listen_socket (server, socket, 0, &local_error))
    {
      g_set_error (error, local_error->domain, local_error->code,
                   "port %u: %s", port, local_error->message);
      return FALSE;
    }

  /* The port taken (port 0: any free one). (soup_server_get_uris() of
   * libsoup 3.2 leaks a socket address.) */
  local = g_socket_get_local_address (socket, NULL);
  self->port = G_IS_INET_SOCKET_ADDRESS (local)
               ? g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (local)) : port;
  self->server = g_steal_pointer (&server);
  return TRUE;
}

void
lw_entry_server_stop (LwEntryServer *self)
{
  g_return_if_fail (LW_IS_ENTRY_SERVER (self));

  if (self->server != NULL)
    {
      soup_server_disconnect (self->server);
      g_clear_object (&self->server);
    }
  self->port = 0;
}

gboolean
lw_entry_server_is_running (LwEntryServer *self)
{
  g_return_val_if_fail (LW_IS_ENTRY_SERVER (self), FALSE);

  return self->server != NULL;
}

guint
lw_entry_server_get_port (LwEntryServer *self)
{
  g_return_val_if_fail (LW_IS_ENTRY_SERVER (self), 0);

  return self->port;
}

char *
lw_entry_server_table_url (LwEntryServer *self,
                           const char    *host,
                           gint64         game_id)
{
  const char *secret;
  g_autofree char *path = NULL;

  g_return_val_if_fail (LW_IS_ENTRY_SERVER (self), NULL);
  g_return_val_if_fail (host != NULL, NULL);

  secret = lw_table_entry_get_secret (self->entry, game_id);
  if (secret == NULL || self->server == NULL)
    return NULL;
  path = lw_table_entry_page_path (game_id, secret);
  return g_strdup_printf ("http://%s:%u%s", host, self->port, path);
}

char **
lw_entry_list_lan_addresses (void)
{
  g_autoptr (GPtrArray) lan = g_ptr_array_new ();
  struct ifaddrs *list = NULL;

  if (getifaddrs (&list) == 0)
    {
      for (struct ifaddrs *ifa = list; ifa != NULL; ifa = ifa->ifa_next)
        {
          char text[INET_ADDRSTRLEN];
          const struct sockaddr_in *in;

          if (ifa->ifa_addr == NULL || ifa->ifa_addr->sa_family != AF_INET
              || (ifa->ifa_flags & IFF_UP) == 0 || (ifa->ifa_flags & IFF_LOOPBACK) != 0)
            continue;
          in = (const struct sockaddr_in *) (const void *) ifa->ifa_addr;
          {
            g_autoptr (GInetAddress) inet =
              g_inet_address_new_from_bytes ((const guint8 *) &in->sin_addr, G_SOCKET_FAMILY_IPV4);
            g_autofree char *dotted = g_inet_address_to_string (inet);

            g_strlcpy (text, dotted, sizeof text);
          }
          if (!g_ptr_array_find_with_equal_func (lan, text, g_str_equal, NULL))
            g_ptr_array_add (lan, g_strdup (text));
        }
      freeifaddrs (list);
    }
  g_ptr_array_add (lan, g_strdup ("127.0.0.1"));
  g_ptr_array_add (lan, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&lan), FALSE);
}
