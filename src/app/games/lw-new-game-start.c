/* lw-new-game-start.c — New Game's Start: a game on paper, at the virtual
 * table, or hosted for remote seats
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-web-server.h"
#include "lw-new-game-start.h"
#include "lw-store-table.h"
#include "lw-table-seats.h"
#include "lw-table-session.h"

static void
seat_of_choice (LwSeatChoice    choice,
                LwHostSeatKind *kind,
                LwBotLevel     *level)
{
  *kind = choice == LW_SEAT_CHOICE_HERE ? LW_HOST_SEAT_LOCAL
          : choice == LW_SEAT_CHOICE_REMOTE ? LW_HOST_SEAT_REMOTE : LW_HOST_SEAT_COMPUTER;
  *level = choice == LW_SEAT_CHOICE_EASY ? LW_BOT_EASY
           : choice == LW_SEAT_CHOICE_HARD ? LW_BOT_HARD
           : choice == LW_SEAT_CHOICE_EXPERT ? LW_BOT_EXPERT : LW_BOT_NORMAL;
}

/* The server a hosted table is served on, listening on @address:@port,
 * or on the computer's first network address at the default port when
 * @address is %NULL; @link_address receives the address its links name. */
static LwWebServer *
open_server (LwStore     *store,
             const char  *address,
             guint        port,
             char       **link_address,
             GError     **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (LwEntryRequests) entry = lw_entry_requests_new (store);
  g_autoptr (LwWebServer) server = lw_web_server_new (entry);
  g_auto (GStrv) lan = NULL;

  if (address == NULL)
    {
      lan = lw_entry_list_lan_addresses ();
      address = lan[0];
      port = LW_WEB_SERVER_DEFAULT_PORT;
    }
  if (!lw_web_server_start (server, address, port, &local))
    {
      g_set_error (error, local->domain, local->code,
                   /* TRANSLATORS: %s is the system's reason, e.g. "port 8642: Address already in use" */
                   _("Remote play could not be opened: %s. Close Table Entry or the program that uses the port, then start again."),
                   local->message);
      return NULL;
    }
  *link_address = g_strdup (address);
  return g_steal_pointer (&server);
}

/* The hosted table: the server first, then the game. */
static gint64
start_hosted (GtkWidget            *page,
              LwStore              *store,
              const LwGameRecord   *record,
              const LwHostSeatKind *kinds,
              const LwBotLevel     *levels,
              guint64               seed,
              const char           *address,
              guint                 port,
              GError              **error)
{
  g_autofree char *link_address = NULL;
  g_autoptr (LwWebServer) server = open_server (store, address, port, &link_address, error);
  g_autoptr (LwTableHost) host = NULL;
  gboolean shown = FALSE;

  if (server == NULL)
    return 0;

  /* The game as New Game set it up: first dealer, target, rule set. */
  host = lw_table_host_new_for_game (store, record, kinds, levels, seed, error);
  if (host == NULL || !lw_web_server_host_table (server, host, error))
    {
      lw_web_server_stop (server);
      return 0;
    }
  g_signal_emit_by_name (page, "host-table", host, server, link_address, &shown);
  if (!shown)
    {
      lw_web_server_close_host_table (server, lw_table_host_get_game_id (host));
      lw_web_server_stop (server);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The hosted table could not be opened."));
      return 0;
    }
  return lw_table_host_get_game_id (host);
}

gint64
lw_new_game_start (GtkWidget          *page,
                   LwStore            *store,
                   LwGameRecord       *record,
                   const char *const  *locals,
                   const LwSeatChoice *choices,
                   guint64             seed,
                   const char         *address,
                   guint               port,
                   GError            **error)
{
  LwHostSeatKind kinds[LW_MAX_SEATS];
  LwBotLevel levels[LW_MAX_SEATS];
  gboolean remote = FALSE;
  LwTableSeats seats = { 0 };
  gint64 id;

  g_return_val_if_fail (GTK_IS_WIDGET (page), 0);
  g_return_val_if_fail (LW_IS_STORE (store), 0);
  g_return_val_if_fail (record != NULL && record->n_players <= LW_MAX_SEATS, 0);

  for (guint i = 0; locals != NULL && i < record->n_players; i++)
    {
      g_free (record->players[i]);
      record->players[i] = g_strdup (locals[i]);
    }
  if (locals != NULL && !lw_game_record_validate (record, error))
    return 0;
  for (guint i = 0; choices != NULL && i < record->n_players; i++)
    {
      seat_of_choice (choices[i], &kinds[i], &levels[i]);
      remote = remote || kinds[i] == LW_HOST_SEAT_REMOTE;
    }
  /* Remote seats: the hosted table stores the game itself. */
  if (remote)
    return start_hosted (page, store, record, kinds, levels, seed, address, port, error);

  /* The record holds the rule set's name and the house rules (SCORING
   * G3, TRICKS T9, T22): stored with the game in one transaction. */
  if (choices == NULL)
    id = lw_store_add_game (store, record, error);
  else
    {
      g_autoptr (LwTableSession) session = NULL;

      /* At the virtual table: the session stores the game and its seats
       * (the deal waits for the table page, which opens it). */
      seats.n_players = record->n_players;
      seats.seed = seed;
      for (guint i = 0; i < record->n_players; i++)
        {
          seats.computer[i] = kinds[i] == LW_HOST_SEAT_COMPUTER;
          seats.level[i] = levels[i];
        }
      session = lw_table_session_new (store, record, &seats, error);
      id = session != NULL ? lw_table_session_get_game_id (session) : 0;
    }
  if (id > 0)
    gtk_widget_activate_action (page, "win.open-game", "x", id);
  return id;
}

LwTableHost *
lw_new_game_reopen_hosted (LwStore        *store,
                           gint64          id,
                           const char     *address,
                           guint           port,
                           LwWebServer **server_out,
                           char          **link_address,
                           GError        **error)
{
  g_autoptr (LwWebServer) server = NULL;
  g_autoptr (LwTableHost) host = NULL;
  g_autofree char *shown_address = NULL;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (server_out != NULL && link_address != NULL, NULL);

  host = lw_table_host_open (store, id, NULL, NULL, error);
  if (host == NULL)
    return NULL;
  server = open_server (store, address, port, &shown_address, error);
  if (server == NULL)
    return NULL;
  if (!lw_web_server_host_table (server, host, error))
    {
      lw_web_server_stop (server);
      return NULL;
    }
  *server_out = g_steal_pointer (&server);
  *link_address = g_steal_pointer (&shown_address);
  return g_steal_pointer (&host);
}
