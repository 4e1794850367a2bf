/* lw-cli-entry.c — `littlewolf-cli entry serve`: table entry without the
 * app (docs/TABLE-ENTRY.md), for a director's computer with no screen and
 * for tests: the same server as the app's window (lw-web-server.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "lw-cli.h"
#include "lw-web-server.h"
#include "lw-store.h"

static const char usage[] =
  "Usage: littlewolf-cli entry serve --event ID | --game ID [--address A] [--port P]\n"
  "         [--max-connections N] [--max-per-address N]\n"
  "         [--read-timeout SECONDS] [--idle-timeout SECONDS]\n"
  "Opens table entry from phones (docs/TABLE-ENTRY.md) for one stored game\n"
  "(--game) or for the tables of an event's current round (--event), as the\n"
  "app's window does, and serves until stopped (Ctrl+C, SIGINT or SIGTERM;\n"
  "exit status 0). Prints one line per table, once it listens:\n"
  "  GAME<TAB>TABLE<TAB>LINK\n"
  "TABLE is the event's table number (1 for --game); LINK holds the table's\n"
  "secret: whoever has it enters that table's rounds.\n"
  "  --address A          the IPv4 address to listen on (default: every one;\n"
  "                       the links then name this computer's first LAN address)\n"
  "  --port P             the TCP port, 0 for any free one (default 8642)\n"
  "  --max-connections N  connections open at once (default 512)\n"
  "  --max-per-address N  connections open at once from one address (default 64)\n"
  "  --read-timeout S     seconds a request may take to arrive (default 10)\n"
  "  --idle-timeout S     seconds a kept-alive connection may wait (default 30)\n";

/* Seconds as milliseconds, ≥ 1 ms and at most a day. */
static gboolean
seconds_to_ms (double  seconds,
               guint  *ms)
{
  if (!(seconds >= 0.001 && seconds <= 86400))
    return FALSE;
  *ms = (guint) (seconds * 1000 + 0.5);
  return TRUE;
}

/* One line of the links printed: GAME, TABLE and the table's entry link
 * at @host, tab-separated (docs/rules/CLI.md, `entry serve`). */
static void
print_link_line (LwWebServer *server,
                 const char    *host,
                 gint64         key,
                 guint          table)
{
  g_autofree char *url = lw_web_server_table_url (server, host, key);

  g_print ("%" G_GINT64_FORMAT "\t%u\t%s\n", key, table, url);
}

static gboolean
print_entry_link (LwWebServer  *server,
             const char     *host,
             gint64          game_id,
             guint           table,
             GError        **error)
{
  g_autofree char *label = g_strdup_printf ("Table %u", table);

  if (lw_entry_requests_open_table (lw_web_server_get_entry (server), game_id, label, error) == NULL)
    return FALSE;
  print_link_line (server, host, game_id, table);
  return TRUE;
}

/* A duplicate event's tables of its last round, each for its boards
 * (DUPLICATE D9): GAME is the table's lw_entry_board_key(). %FALSE with
 * @error unset when @event_id is no duplicate event (its tables are
 * games). */
static gboolean
print_board_links (LwWebServer  *server,
                   LwStore        *store,
                   const char     *host,
                   gint64          event_id,
                   gboolean       *done,
                   GError        **error)
{
  g_autoptr (LwEvent) event = lw_store_load_event (store, event_id, NULL);
  const LwEventRound *round;

  *done = FALSE;
  if (event == NULL || event->config.format != LW_EVENT_DUPLICATE || event->rounds->len == 0)
    return TRUE;
  *done = TRUE;
  round = g_ptr_array_index (event->rounds, event->rounds->len - 1);
  for (guint i = 0; i < round->tables->len; i++)
    {
      guint number = g_array_index (round->tables, LwEventTable, i).number;
      gint64 key = lw_entry_board_key (event_id, round->number, number);
      g_autofree char *label = g_strdup_printf ("Table %u", number);

      if (lw_entry_requests_open_board_table (lw_web_server_get_entry (server), event_id, round->number, number,
                                              label, error) == NULL)
        return FALSE;
      print_link_line (server, host, key, number);
    }
  return TRUE;
}

static int
cmd_serve (LwCliContext  *ctx,
           int            argc,
           char         **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *address = NULL;
  gint64 event_id = 0, game_id = 0;
  gboolean duplicate = FALSE;
  int port = LW_WEB_SERVER_DEFAULT_PORT;
  /* Not given: the server's defaults (0 is refused, as a negative is). */
  int max_connections = G_MININT, max_per_address = G_MININT;
  double read_timeout = -G_MAXDOUBLE, idle_timeout = -G_MAXDOUBLE;
  GOptionEntry entries[] = {
    { "event", 0, 0, G_OPTION_ARG_INT64, &event_id, NULL, NULL },
    { "game", 0, 0, G_OPTION_ARG_INT64, &game_id, NULL, NULL },
    { "address", 0, 0, G_OPTION_ARG_STRING, &address, NULL, NULL },
    { "port", 0, 0, G_OPTION_ARG_INT, &port, NULL, NULL },
    { "max-connections", 0, 0, G_OPTION_ARG_INT, &max_connections, NULL, NULL },
    { "max-per-address", 0, 0, G_OPTION_ARG_INT, &max_per_address, NULL, NULL },
    { "read-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &read_timeout, NULL, NULL },
    { "idle-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &idle_timeout, NULL, NULL },
    { NULL }
  };
  LwWebServerLimits limits = LW_WEB_SERVER_LIMITS_DEFAULT;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (LwEntryRequests) entry = NULL;
  g_autoptr (LwWebServer) server = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_auto (GStrv) lan = NULL;
  const char *host;
  int status;

  status = lw_cli_parse_options ("entry serve", entries, &argc, &argv);
  if (status != LW_CLI_OK)
    return status;
  if ((event_id > 0) == (game_id > 0) || event_id < 0 || game_id < 0)
    return lw_cli_fail (LW_CLI_INVALID, "entry serve: give --event ID or --game ID (a positive ID)");
  if (port < 0 || port > 65535)
    return lw_cli_fail (LW_CLI_INVALID, "entry serve: --port %d: not a port (0–65535)", port);
  if ((max_connections != G_MININT && max_connections < 1) || (max_per_address != G_MININT && max_per_address < 1))
    return lw_cli_fail (LW_CLI_INVALID, "entry serve: the connection caps must be at least 1");
  if (max_connections != G_MININT)
    limits.max_connections = (guint) max_connections;
  if (max_per_address != G_MININT)
    limits.max_per_address = (guint) max_per_address;
  if ((read_timeout != -G_MAXDOUBLE && !seconds_to_ms (read_timeout, &limits.read_timeout_ms))
      || (idle_timeout != -G_MAXDOUBLE && !seconds_to_ms (idle_timeout, &limits.idle_timeout_ms)))
    return lw_cli_fail (LW_CLI_INVALID, "entry serve: a timeout is from 0.001 to 86400 seconds");

  /* The phones write to it: a damaged file is not served. */
  store = lw_cli_open_store_to_serve (ctx, &error);
  if (store == NULL)
    return lw_cli_fail_error (error);
  entry = lw_entry_requests_new (store);
  server = lw_web_server_new (entry);
  lw_web_server_set_limits (server, &limits);
  if (!lw_web_server_start (server, address, (guint) port, &error))
    return lw_cli_fail_listen ("entry serve", error);

  lan = lw_entry_list_lan_addresses ();
  host = address != NULL && !g_str_equal (address, "0.0.0.0") ? address : lan[0];
  if (event_id > 0 && !print_board_links (server, store, host, event_id, &duplicate, &error))
    return lw_cli_fail_error (error);
  if (event_id > 0 && !duplicate)
    {
      g_autoptr (GPtrArray) games = lw_store_prepare_event_round_games (store, event_id, NULL, &error);

      if (games == NULL)
        return lw_cli_fail_error (error);
      if (games->len == 0)
        return lw_cli_fail (LW_CLI_FAILED, "entry serve: event %" G_GINT64_FORMAT
                            " has no table to enter (no round paired, or every result in)", event_id);
      for (guint i = 0; i < games->len; i++)
        {
          const LwEventRoundGame *game = g_ptr_array_index (games, i);

          if (!print_entry_link (server, host, game->game_id, game->table, &error))
            return lw_cli_fail_error (error);
        }
    }
  else if (event_id == 0 && !print_entry_link (server, host, game_id, 1, &error))
    return lw_cli_fail_error (error);
  fflush (stdout);

  loop = g_main_loop_new (NULL, FALSE);
  lw_cli_serve_until_stopped (loop);
  lw_web_server_stop (server);
  return LW_CLI_OK;
}

int
lw_cli_cmd_entry (LwCliContext  *ctx,
                  int            argc,
                  char         **argv)
{
  if (argc < 2 || lw_cli_wants_help (argc, argv))
    {
      fputs (usage, argc < 2 ? stderr : stdout);
      return argc < 2 ? LW_CLI_INVALID : LW_CLI_OK;
    }
  if (strcmp (argv[1], "serve") == 0)
    return cmd_serve (ctx, argc - 1, argv + 1);
  return lw_cli_fail (LW_CLI_INVALID, "entry: unknown subcommand \"%s\" (see entry --help)", argv[1]);
}
