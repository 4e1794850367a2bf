/* test-cli-host.c — `littlewolf-cli host` refusing before it serves: a
 * name of invisible characters only (docs/rules/GAME-RECORD.md "Names"),
 * a busy port and an address that is not this computer's; each time no
 * game is stored (`littlewolf-cli games` lists nothing). Nothing is sent
 * anywhere: the busy port is one this test binds on 127.0.0.1, and the
 * foreign address (192.0.2.1, TEST-NET-1) only fails to bind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <gio/gio.h>

#include "lw-test-util.h"

/* Runs `host` for a new game of two seats named @names, on @address
 * (NULL: the default) and @port, and returns how it ended; the game must
 * be refused before any seat plays: no game is stored. */
static int
host_refused (LwTestDb   *db,
              const char *names,
              const char *seats,
              const char *address,
              const char *port,
              const char *message)
{
  g_auto (LwTestRun) run = { 0, };
  const char *args[16] = { "host", "--players", "2", "--names", names, "--seats", seats,
                           "--port", port, "--pause", "0", "--hold", "0", NULL };

  if (address != NULL)
    {
      args[13] = "--address";
      args[14] = address;
    }
  lw_test_run_cli_argv (&run, db->path, NULL, args);
  g_test_message ("host: status %d, stderr %s", run.status, run.err);
  g_assert_cmpint (run.status, >, 0);
  g_assert_nonnull (strstr (run.err, message));
  g_assert_cmpstr (run.out, ==, "");
  lw_test_assert_cli_prints (db->path, "", "games", NULL);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count (*) FROM games"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count (*) FROM hosted_tables"), ==, 0);
  return run.status;
}

/* A Hangul filler (U+3164) is a letter that shows nothing: a name of it
 * alone is refused as an empty one is, and so is one of two Hangul
 * fillers and a variation selector. */
static void
test_invisible_name (LwTestDb      *db,
                     gconstpointer  data)
{
  g_assert_cmpint (host_refused (db, "\u3164,Ben", "computer,computer", NULL, "0",
                                 "is only spaces or invisible characters"), ==, 2);
  g_assert_cmpint (host_refused (db, "Ann,\u115f\u1160\ufe0f", "remote,computer", NULL, "0",
                                 "is only spaces or invisible characters"), ==, 2);
}

/* A port another program listens on: refused, nothing stored. */
static void
test_busy_port (LwTestDb      *db,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSocketListener) listener = g_socket_listener_new ();
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) any = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) bound = NULL;
  g_autofree char *port = NULL;

  g_assert_true (g_socket_listener_add_address (listener, any, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                                                NULL, &bound, &error));
  g_assert_no_error (error);
  port = g_strdup_printf ("%u", g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound)));
  host_refused (db, "Ann,Ben", "remote,computer", NULL, port, port);
  host_refused (db, "Ann,Ben", "remote,computer", "127.0.0.1", port, port);
  g_socket_listener_close (listener);
}

/* An address that is not this computer's: binding it fails. */
static void
test_foreign_address (LwTestDb      *db,
                      gconstpointer  data)
{
  host_refused (db, "Ann,Ben", "remote,computer", "192.0.2.1", "0", "192.0.2.1");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_db_closed ("/cli-host/invisible-name", test_invisible_name);
  lw_test_add_db_closed ("/cli-host/busy-port", test_busy_port);
  lw_test_add_db_closed ("/cli-host/foreign-address", test_foreign_address);
  return g_test_run ();
}
