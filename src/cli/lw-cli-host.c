/* lw-cli-host.c — `littlewolf-cli host`: a virtual table with remote
 * seats and computers, without the app (docs/REMOTE-PLAY.md), for
 * scripts and tests: the same table (lw-table-host.h) and the same server
 * (lw-web-server.h) as the app's
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "lw-cli.h"
#include "lw-web-server.h"
#include "lw-store.h"
#include "lw-table-host.h"

static const char usage[] =
  "Usage: littlewolf-cli host --players N --names A,B,… --seats KIND,KIND,…\n"
  "         [--partners] [--seed S] [--address A] [--port P] [--database FILE]\n"
  "         [--pause MS] [--hold MS]\n"
  "       littlewolf-cli host --resume GAME_ID [--new-links] [--address A]\n"
  "         [--port P] [--database FILE] [--pause MS] [--hold MS]\n"
  "Hosts a new game at a virtual table whose seats are played from other\n"
  "devices through their links (docs/REMOTE-PLAY.md) or by computers, and\n"
  "serves until the game ends (exit status 0) or it is stopped (Ctrl+C,\n"
  "SIGINT or SIGTERM: exit status 1, the rounds played so far stored).\n"
  "Prints one line per remote seat once it listens:\n"
  "  seat SEAT NAME: LINK\n"
  "SEAT counts from 0; LINK holds the seat's secret: whoever has it plays\n"
  "that seat.\n"
  "With --resume, hosts again a game hosted before (stopped, crashed or\n"
  "killed) or played on one screen, where it stopped. Each remote seat's\n"
  "link of before opens it again (give the same --address and --port), and\n"
  "its line says so instead of a link:\n"
  "  seat SEAT NAME: the link given before (http://ADDRESS:PORT/play#t=GAME_ID)\n"
  "--new-links gives every remote seat a new link instead (the old ones\n"
  "open nothing), printed as for a new game.\n"
  "  --players N     2–8 seats\n"
  "  --names A,B,…   the N players' names, in seat order\n"
  "  --seats K,K,…   each seat: remote, or computer:LEVEL (random, easy,\n"
  "                  normal, hard, expert; computer alone is normal)\n"
  "  --partners      4 players in two sides (seats 0 & 2, 1 & 3)\n"
  "  --seed S        the deal's seed, ≥ 1 (default: random)\n"
  "  --address A     the IPv4 address to listen on (default 127.0.0.1, this\n"
  "                  computer only; 0.0.0.0 for every one)\n"
  "  --port P        the TCP port, 0 for any free one (default 8642)\n"
  "  --database FILE the database the game is stored in (as --db)\n"
  "  --pause MS      milliseconds between computer moves (default 600)\n"
  "  --hold MS       milliseconds a finished trick stays (default 1500)\n"
  "  --resume GAME_ID  the stored game to host again (not with --players,\n"
  "                  --names, --seats, --partners or --seed: those are the\n"
  "                  game's)\n"
  "  --new-links     with --resume: a new link for every remote seat\n";

/* After the game's end the last states are sent before the server stops. */
#define LINGER_MS 500

typedef struct {
  GMainLoop *loop;
  gboolean   ended;
  guint      linger;
} HostRun;

static gboolean
linger_done_cb (gpointer data)
{
  HostRun *run = data;

  run->linger = 0;
  g_main_loop_quit (run->loop);
  return G_SOURCE_REMOVE;
}

static void
changed_cb (LwTableHost *host,
            gpointer     data)
{
  HostRun *run = data;

  if (!run->ended && lw_table_host_is_over (host))
    {
      run->ended = TRUE;
      run->linger = g_timeout_add (LINGER_MS, linger_done_cb, run);
    }
}

/* "remote", "computer" or "computer:LEVEL". */
static gboolean
parse_seat (const char     *text,
            LwHostSeatKind *kind,
            LwBotLevel     *level)
{
  *level = LW_BOT_NORMAL;
  if (g_str_equal (text, "remote"))
    {
      *kind = LW_HOST_SEAT_REMOTE;
      return TRUE;
    }
  *kind = LW_HOST_SEAT_COMPUTER;
  if (g_str_equal (text, "computer"))
    return TRUE;
  return g_str_has_prefix (text, "computer:")
         && lw_bot_level_from_string (text + strlen ("computer:"), level);
}

/* One line per remote seat: its link, or, for a link made before the
 * host restarted (only its hash is known), where the old link leads;
 * @new_links: every remote seat a New Link first. A table with no remote
 * seat says so in one line, so that a silent host is never a puzzle. */
static gboolean
print_links (LwWebServer  *server,
             LwTableHost    *host,
             const char     *link_host,
             gboolean        new_links,
             GError        **error)
{
  gint64 id = lw_table_host_get_game_id (host);
  guint remote = 0;

  for (int s = 0; s < (int) lw_table_host_get_n_players (host); s++)
    {
      g_autofree char *url = NULL;
      g_autofree char *name = NULL;

      if (lw_table_host_get_seat_kind (host, s) != LW_HOST_SEAT_REMOTE)
        continue;
      name = lw_cli_escape_text (lw_table_host_get_name (host, s));
      remote++;
      if (new_links && !lw_web_server_new_seat_link (server, id, (guint) s, error))
        return FALSE;
      url = lw_web_server_seat_url (server, link_host, id, (guint) s);
      if (url != NULL)
        g_print ("seat %d %s: %s\n", s, name, url);
      else if (lw_table_host_get_link_hash (host, s) != NULL)
        g_print ("seat %d %s: the link given before (http://%s:%u/play#t=%" G_GINT64_FORMAT ")\n", s,
                 name, link_host, lw_web_server_get_port (server), id);
    }
  if (remote == 0)
    g_print ("game %" G_GINT64_FORMAT ": no remote seat: the computers play it to its end\n", id);
  fflush (stdout);
  return TRUE;
}

/* The new game's setup from --names, --seats, --partners and --seed:
 * LW_CLI_OK, or the failure's status (its line written). */
static int
check_setup (const char      *names_text,
             const char      *seats_text,
             int              players,
             gboolean         partners,
             gint64           seed,
             GStrv           *names_out,
             LwHostSeatKind  *kinds,
             LwBotLevel      *levels)
{
  g_auto (GStrv) names = g_strsplit (names_text, ",", -1);
  g_auto (GStrv) seats = NULL;

  seats = g_strsplit (seats_text, ",", -1);
  if (g_strv_length (names) != (guint) players)
    return lw_cli_fail (LW_CLI_INVALID, "host: --names: %u names for %d seats",
                        g_strv_length (names), players);
  if (g_strv_length (seats) != (guint) players)
    return lw_cli_fail (LW_CLI_INVALID, "host: --seats: %u seats for %d players",
                        g_strv_length (seats), players);
  for (int s = 0; s < players; s++)
    {
      g_strstrip (names[s]);
      if (names[s][0] == '\0')
        return lw_cli_fail (LW_CLI_INVALID, "host: --names: seat %d has no name", s);
      if (!parse_seat (g_strstrip (seats[s]), &kinds[s], &levels[s]))
        return lw_cli_fail (LW_CLI_INVALID, "host: --seats: seat %d: \"%s\" is not remote or "
                            "computer:LEVEL (random, easy, normal, hard, expert)", s, seats[s]);
    }
  if (partners && players != 4)
    return lw_cli_fail (LW_CLI_INVALID, "host: --partners needs 4 players, not %d", players);
  if (seed < 0)
    return lw_cli_fail (LW_CLI_INVALID, "host: --seed %" G_GINT64_FORMAT ": a seed is at least 1", seed);
  *names_out = g_steal_pointer (&names);
  return LW_CLI_OK;
}

static int
cmd_host (LwCliContext  *ctx,
          int            argc,
          char         **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *names_text = NULL;
  g_autofree char *seats_text = NULL;
  g_autofree char *address = NULL;
  g_autofree char *database = NULL;
  gboolean partners = FALSE, new_links = FALSE;
  int players = 0;
  gint64 seed = 0, resume = 0;
  int port = LW_WEB_SERVER_DEFAULT_PORT;
  int pause_ms = 600, hold_ms = 1500;
  GOptionEntry entries[] = {
    { "players", 0, 0, G_OPTION_ARG_INT, &players, NULL, NULL },
    { "names", 0, 0, G_OPTION_ARG_STRING, &names_text, NULL, NULL },
    { "seats", 0, 0, G_OPTION_ARG_STRING, &seats_text, NULL, NULL },
    { "partners", 0, 0, G_OPTION_ARG_NONE, &partners, NULL, NULL },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, NULL, NULL },
    { "address", 0, 0, G_OPTION_ARG_STRING, &address, NULL, NULL },
    { "port", 0, 0, G_OPTION_ARG_INT, &port, NULL, NULL },
    { "database", 0, 0, G_OPTION_ARG_FILENAME, &database, NULL, NULL },
    { "pause", 0, 0, G_OPTION_ARG_INT, &pause_ms, NULL, NULL },
    { "hold", 0, 0, G_OPTION_ARG_INT, &hold_ms, NULL, NULL },
    { "resume", 0, 0, G_OPTION_ARG_INT64, &resume, NULL, NULL },
    { "new-links", 0, 0, G_OPTION_ARG_NONE, &new_links, NULL, NULL },
    { NULL }
  };
  g_auto (GStrv) names = NULL;
  LwHostSeatKind kinds[8];
  LwBotLevel levels[8];
  LwHouseRules rules = { FALSE, FALSE };
  g_autoptr (LwStore) store = NULL;
  g_autoptr (LwTableHost) host = NULL;
  g_autoptr (LwEntryRequests) entry = NULL;
  g_autoptr (LwWebServer) server = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_auto (GStrv) lan = NULL;
  HostRun run = { NULL, FALSE, 0 };
  const char *link_host;
  gulong changed;
  int status;

  status = lw_cli_parse_options ("host", entries, &argc, &argv);
  if (status != LW_CLI_OK)
    return status;
  if (resume < 0)
    return lw_cli_fail (LW_CLI_INVALID, "host: --resume %" G_GINT64_FORMAT ": a game's ID is at least 1", resume);
  if (resume > 0 && (players != 0 || names_text != NULL || seats_text != NULL || partners || seed != 0))
    return lw_cli_fail (LW_CLI_INVALID, "host: --resume hosts a stored game with its own seats, names, "
                        "sides and seed: give none of --players, --names, --seats, --partners, --seed");
  if (new_links && resume == 0)
    return lw_cli_fail (LW_CLI_INVALID, "host: --new-links goes with --resume");
  if (resume == 0)
    {
      int failed;

      if (players < 2 || players > 8)
        return lw_cli_fail (LW_CLI_INVALID, "host: --players %d: from 2 to 8 players", players);
      if (names_text == NULL || seats_text == NULL)
        return lw_cli_fail (LW_CLI_INVALID, "host: give --names and --seats, one for each of the %d seats",
                            players);
      failed = check_setup (names_text, seats_text, players, partners, seed, &names, kinds, levels);
      if (failed != LW_CLI_OK)
        return failed;
    }
  if (port < 0 || port > 65535)
    return lw_cli_fail (LW_CLI_INVALID, "host: --port %d: not a port (0–65535)", port);
  if (pause_ms < 0 || pause_ms > 60000 || hold_ms < 0 || hold_ms > 60000)
    return lw_cli_fail (LW_CLI_INVALID, "host: --pause and --hold are from 0 to 60000 ms");
  /* --database is --db given after the command: two different files
   * named are refused rather than one silently chosen. */
  if (database != NULL && ctx->db_path != NULL && strcmp (database, ctx->db_path) != 0)
    return lw_cli_fail (LW_CLI_INVALID, "host: --database %s and --db %s name two databases: give one",
                        database, ctx->db_path);
  if (database != NULL)
    ctx->db_path = database;

  /* No transaction held: each round is stored in its own as it ends. */
  store = lw_cli_open_store_to_serve (ctx, &error);
  if (store == NULL)
    return lw_cli_fail_error (error);

  /* Listening first: a busy port or an address that is not this
   * computer's stores no game and touches no stored one. */
  entry = lw_entry_requests_new (store);
  server = lw_web_server_new (entry);
  if (!lw_web_server_start (server, address != NULL ? address : "127.0.0.1", (guint) port, &error))
    return lw_cli_fail_listen ("host", error);

  if (resume > 0)
    host = lw_table_host_open (store, resume, NULL, NULL, &error);
  else
    host = lw_table_host_new (store, (guint) players, (const char *const *) names, kinds, levels,
                              partners, (guint64) seed, &rules, &error);
  if (host == NULL)
    return lw_cli_fail_listen ("host", error);
  players = (int) lw_table_host_get_n_players (host);
  lw_table_host_set_timing (host, (guint) pause_ms, (guint) hold_ms);
  if (!lw_web_server_host_table (server, host, &error))
    return lw_cli_fail_error (error);

  lan = lw_entry_list_lan_addresses ();
  link_host = address == NULL ? "127.0.0.1" : g_str_equal (address, "0.0.0.0") ? lan[0] : address;
  if (!print_links (server, host, link_host, new_links, &error))
    return lw_cli_fail (LW_CLI_FAILED, "host: %s", error->message);

  loop = g_main_loop_new (NULL, FALSE);
  run.loop = loop;
  changed = g_signal_connect (host, "changed", G_CALLBACK (changed_cb), &run);
  /* A game of computers only may be over already. */
  changed_cb (host, &run);
  lw_cli_serve_until_stopped (loop);
  if (run.linger != 0)
    g_source_remove (run.linger);
  g_signal_handler_disconnect (host, changed);
  lw_web_server_stop (server);
  lw_web_server_close_host_table (server, lw_table_host_get_game_id (host));
  if (!run.ended)
    return lw_cli_fail (LW_CLI_FAILED, "host: stopped before the game's end (game %" G_GINT64_FORMAT
                        ", its finished rounds stored)", lw_table_host_get_game_id (host));
  return LW_CLI_OK;
}

int
lw_cli_cmd_host (LwCliContext  *ctx,
                 int            argc,
                 char         **argv)
{
  if (lw_cli_print_help (argc, argv, usage))
    return LW_CLI_OK;
  if (argc < 2)
    {
      fputs (usage, stderr);
      return LW_CLI_INVALID;
    }
  return cmd_host (ctx, argc, argv);
}
