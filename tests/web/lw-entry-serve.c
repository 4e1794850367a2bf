/* lw-entry-serve.c — runs table entry's server on a database for the
 * browser test (test-entry-browser.py) and by hand:
 *
 *   lw-entry-serve --db PATH [--port N] [--tables N] [--players N]
 *   lw-entry-serve --db PATH [--port N] --event ID
 *
 * Makes one new game of N players (default 4) per table, or with --event
 * takes the tables of the event's current round with their games as the
 * director's window does (lw_store_prepare_event_round_games(): a table
 * without a game gets one, a table with a result from paper is left out;
 * a duplicate event's tables take their boards, each known by its
 * lw_entry_board_key()), opens each table for entry and prints one line
 * per table: "GAME URL TABLE" (TABLE numbered from 1), then "ready". Serves on
 * 127.0.0.1 until it gets SIGTERM or SIGINT. With LW_LOCALEDIR set (the
 * build's po/), its answers speak each page's language (Accept-Language)
 * from those translations (LOCPATH may name where fr_FR.UTF-8 and
 * de_DE.UTF-8 are).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <stdio.h>

#include <glib-unix.h>
#include <glib/gi18n.h>

#include "lw-web-server.h"
#include "lw-store.h"

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GOptionContext) context = g_option_context_new ("— serve table entry on 127.0.0.1");
  g_autofree char *db = NULL;
  int port = 0, n_tables = 1, n_players = 4;
  gint64 event_id = 0;
  g_autoptr (LwEvent) duplicate = NULL;
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &db, "The database", "PATH" },
    { "port", 0, 0, G_OPTION_ARG_INT, &port, "The port (0: any free port)", "N" },
    { "tables", 0, 0, G_OPTION_ARG_INT, &n_tables, "Tables to open", "N" },
    { "players", 0, 0, G_OPTION_ARG_INT, &n_players, "Players per table", "N" },
    { "event", 0, 0, G_OPTION_ARG_INT64, &event_id, "Open the tables of this event's current round", "ID" },
    { NULL }
  };
  static const char *const names[] = { "Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal" };
  g_autoptr (LwStore) store = NULL;
  g_autoptr (LwEntryRequests) entry = NULL;
  g_autoptr (LwWebServer) server = NULL;
  g_autoptr (GMainLoop) loop = NULL;

  setlocale (LC_ALL, "");
  if (g_getenv ("LW_LOCALEDIR") != NULL)
    {
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("LW_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || db == NULL
      || n_players < 2 || n_players > 8 || n_tables < 1 || port < 0 || port > 65535 || event_id < 0)
    {
      g_printerr ("lw-entry-serve: %s\n", error != NULL ? error->message : "give --db PATH and sensible counts");
      return 2;
    }

  store = lw_store_open (db, &error);
  if (store == NULL)
    {
      g_printerr ("lw-entry-serve: %s\n", error->message);
      return 1;
    }
  entry = lw_entry_requests_new (store);
  server = lw_web_server_new (entry);
  if (!lw_web_server_start (server, "127.0.0.1", (guint) port, &error))
    {
      g_printerr ("lw-entry-serve: %s\n", error->message);
      return 1;
    }

  if (event_id > 0 && (duplicate = lw_store_load_event (store, event_id, NULL)) != NULL
      && duplicate->config.format == LW_EVENT_DUPLICATE && duplicate->rounds->len > 0)
    {
      /* A duplicate event's tables take their boards (DUPLICATE D9). */
      const LwEventRound *round = g_ptr_array_index (duplicate->rounds, duplicate->rounds->len - 1);

      for (guint i = 0; i < round->tables->len; i++)
        {
          guint number = g_array_index (round->tables, LwEventTable, i).number;
          gint64 key = lw_entry_board_key (event_id, round->number, number);
          g_autofree char *label = g_strdup_printf ("Table %u", number);
          g_autofree char *url = NULL;

          if (lw_entry_requests_open_board_table (entry, event_id, round->number, number, label, &error) == NULL)
            {
              g_printerr ("lw-entry-serve: %s\n", error->message);
              return 1;
            }
          url = lw_web_server_table_url (server, "127.0.0.1", key);
          g_print ("%" G_GINT64_FORMAT " %s %u\n", key, url, number);
        }
    }
  else if (event_id > 0)
    {
      g_autoptr (GPtrArray) games = lw_store_prepare_event_round_games (store, event_id, NULL, &error);

      if (games == NULL)
        {
          g_printerr ("lw-entry-serve: %s\n", error->message);
          return 1;
        }
      for (guint i = 0; i < games->len; i++)
        {
          const LwEventRoundGame *game = g_ptr_array_index (games, i);
          g_autofree char *label = g_strdup_printf ("Table %u", game->table);
          g_autofree char *url = NULL;

          if (lw_entry_requests_open_table (entry, game->game_id, label, &error) == NULL)
            {
              g_printerr ("lw-entry-serve: %s\n", error->message);
              return 1;
            }
          url = lw_web_server_table_url (server, "127.0.0.1", game->game_id);
          g_print ("%" G_GINT64_FORMAT " %s %u\n", game->game_id, url, game->table);
        }
    }
  else
    for (int t = 0; t < n_tables; t++)
      {
        g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, (guint) n_players, names);
        g_autofree char *label = g_strdup_printf ("Table %d", t + 1);
        g_autofree char *url = NULL;
        gint64 id = lw_store_add_game (store, record, &error);

        if (id == 0 || lw_entry_requests_open_table (entry, id, label, &error) == NULL)
          {
            g_printerr ("lw-entry-serve: %s\n", error->message);
            return 1;
          }
        url = lw_web_server_table_url (server, "127.0.0.1", id);
        g_print ("%" G_GINT64_FORMAT " %s %d\n", id, url, t + 1);
      }
  g_print ("ready\n");
  fflush (stdout);

  loop = g_main_loop_new (NULL, FALSE);
  g_unix_signal_add (SIGTERM, quit_cb, loop);
  g_unix_signal_add (SIGINT, quit_cb, loop);
  g_main_loop_run (loop);
  lw_web_server_stop (server);
  return 0;
}
