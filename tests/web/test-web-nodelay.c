/* test-web-nodelay.c — every socket the web server accepts has
 * TCP_NODELAY, read back on the server's side (lw-web-server-private.h):
 * a table entry phone's connection and a remote seat's WebSocket. Without
 * it an answer written in two parts waits for the client's delayed ACK
 * of the first (some 40 ms on a kept-alive connection).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>

#include "lw-host-fixture.h"
#include "lw-play-client.h"
#include "lw-store.h"
#include "lw-table-host.h"
#include "lw-test-util.h"
#include "lw-web-server.h"
#include "lw-web-server-private.h"

/* How long the server may take to accept a connection. */
#define ACCEPT_MS 10000

static LwWebServer *
start_server (LwStore *store)
{
  g_autoptr (LwEntryRequests) entry = lw_entry_requests_new (store);
  g_autoptr (LwWebServer) server = lw_web_server_new (entry);
  g_autoptr (GError) error = NULL;

  g_assert_true (lw_web_server_start (server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lw_web_server_get_port (server), >, 0);
  return g_steal_pointer (&server);
}

/* Waits for the server's thread to take a connection accepted by the
 * kernel already. */
static void
wait_for_connection (LwWebServer *server)
{
  gint64 deadline = g_get_monotonic_time () + ACCEPT_MS * 1000;

  guint n = 0;

  do
    {
      g_autoptr (GArray) values = lw_web_server_get_socket_options (server, IPPROTO_TCP, TCP_NODELAY);

      n = values->len;
      if (n == 0)
        g_usleep (1000);
    }
  while (n == 0 && g_get_monotonic_time () < deadline);
  g_assert_cmpuint (n, ==, 1);
}

/* Asserts that the server holds @n connections and that each has
 * TCP_NODELAY. */
static void
assert_nodelay (LwWebServer *server,
                guint        n)
{
  g_autoptr (GArray) values = lw_web_server_get_socket_options (server, IPPROTO_TCP, TCP_NODELAY);

  g_assert_cmpuint (values->len, ==, n);
  for (guint i = 0; i < values->len; i++)
    g_assert_cmpint (g_array_index (values, int, i), !=, 0);
}

/* A phone's connection to table entry, before and after its first
 * request: its socket has TCP_NODELAY (the client's, made by GLib, has
 * not: the option is the server's doing). */
static void
test_entry_connection (LwTestDb      *fixture,
                       gconstpointer  data)
{
  g_autoptr (LwWebServer) server = start_server (fixture->store);
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GSocketConnection) connection = NULL;
  g_autoptr (GError) error = NULL;
  const char *request = "GET /entry.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  GSocket *socket;
  char answer[16] = { 0 };
  gsize n_read = 0;
  int value = -1;

  connection = g_socket_client_connect_to_host (client, "127.0.0.1", (guint16) lw_web_server_get_port (server),
                                                NULL, &error);
  g_assert_no_error (error);
  socket = g_socket_connection_get_socket (connection);
  g_assert_true (g_socket_get_option (socket, IPPROTO_TCP, TCP_NODELAY, &value, &error));
  g_assert_no_error (error);
  g_assert_cmpint (value, ==, 0);

  wait_for_connection (server);
  assert_nodelay (server, 1);

  /* Kept alive after an answer, and still so. */
  g_assert_true (g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)),
                                            request, strlen (request), NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_input_stream_read_all (g_io_stream_get_input_stream (G_IO_STREAM (connection)),
                                          answer, sizeof answer - 1, &n_read, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (answer, "HTTP/1.1 200"));
  assert_nodelay (server, 1);

  lw_web_server_stop (server);
}

/* A remote seat's WebSocket at a hosted table, once its state came: its
 * connection, taken from libsoup, has TCP_NODELAY. */
static void
test_play_socket (LwTestDb      *fixture,
                  gconstpointer  data)
{
  g_autoptr (LwWebServer) server = start_server (fixture->store);
  g_autoptr (LwTableHost) host = lw_test_two_remote (fixture->store);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwPlayClient) client = NULL;
  gint64 game = lw_table_host_get_game_id (host);
  g_autofree char *url = NULL;
  const char *secret;

  g_assert_true (lw_web_server_host_table (server, host, &error));
  g_assert_no_error (error);
  url = lw_web_server_seat_url (server, "127.0.0.1", game, 0);
  g_assert_nonnull (url);
  secret = strstr (url, "&s=");
  g_assert_nonnull (secret);
  client = lw_play_client_new (lw_web_server_get_port (server), game, secret + 3, "en");
  lw_play_client_connect (client);
  g_assert_true (lw_play_run_until (lw_play_client_has_state, client, ACCEPT_MS));
  g_assert_cmpint (client->seat, ==, 0);

  assert_nodelay (server, 1);

  lw_play_client_close (client);
  lw_web_server_close_host_table (server, game);
  lw_web_server_stop (server);
}

int
main (int    argc,
      char **argv)
{
  /* Loopback only: no proxy lookups. */
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
  g_test_init (&argc, &argv, NULL);
  lw_test_add_db ("/web-server/nodelay/entry", test_entry_connection);
  lw_test_add_db ("/web-server/nodelay/play-socket", test_play_socket);
  return g_test_run ();
}
