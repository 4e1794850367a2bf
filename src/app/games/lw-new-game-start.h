/* lw-new-game-start.h — New Game's Start: the game stored, set at the
 * virtual table, or hosted for remote seats on the app's server and
 * opened at the table page (docs/REMOTE-PLAY.md "Hosting from the app")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "lw-store.h"
#include "lw-web-server.h"
#include "lw-table-host.h"

G_BEGIN_DECLS

/**
 * LwSeatChoice:
 * @LW_SEAT_CHOICE_HERE: a person on this device ("This Device")
 * @LW_SEAT_CHOICE_EASY: the computer, Easy
 * @LW_SEAT_CHOICE_NORMAL: the computer, Normal
 * @LW_SEAT_CHOICE_HARD: the computer, Hard
 * @LW_SEAT_CHOICE_EXPERT: the computer, Expert
 * @LW_SEAT_CHOICE_REMOTE: a person on another device, through a link
 *   ("Remote Player")
 *
 * Who plays a seat at the virtual table, in the order New Game's seat
 * rows offer them.
 */
typedef enum {
  LW_SEAT_CHOICE_HERE,
  LW_SEAT_CHOICE_EASY,
  LW_SEAT_CHOICE_NORMAL,
  LW_SEAT_CHOICE_HARD,
  LW_SEAT_CHOICE_EXPERT,
  LW_SEAT_CHOICE_REMOTE,
} LwSeatChoice;

/**
 * lw_new_game_start:
 * @page: the New Game page: it emits "host-table" for a hosted table,
 *   and opens the game with "win.open-game"
 * @store: the store the game is kept in
 * @record: the game as set up, validated; its players are renamed to
 *   @locals
 * @locals: (array length=record->n_players) (nullable): each seat's
 *   local player, as lw_roster_choice_run() found them for the names
 *   typed ("Sam Lee (Front desk)" for a second Sam Lee of the club);
 *   %NULL: the names as typed
 * @choices: (array length=record->n_players) (nullable): who plays each
 *   seat at the virtual table; %NULL for a game on paper
 * @seed: the virtual table's seed, 0 for a random one
 * @address: (nullable): with a remote seat, the IPv4 address to listen
 *   on and to name in the links; %NULL: this computer's first network
 *   address (lw_entry_list_lan_addresses()) on port 8642
 * @port: the TCP port with @address, 0 for any free one
 * @error: return location for a #GError
 *
 * The seats take the names of @locals first (checked again with
 * lw_game_record_validate(): two seats may not end as one player).
 * Without a remote seat: stores the game (lw_store_add_game()), at the
 * virtual table with its seats (lw_store_save_table()), in one
 * transaction each, and opens it. With one: starts a server for remote
 * play first (a port in use stores no game), then the hosted table
 * (lw_table_host_new(): the game stored, its first round dealt; its
 * players, partners and house rules TRICKS T9 and T22 are @record's),
 * serves it (lw_web_server_host_table()) and hands it to the window
 * through the page's "host-table" signal.
 *
 * Errors: lw_game_record_validate()'s; the store's; the socket's (%G_IO_ERROR_ADDRESS_IN_USE: "port
 * 8642: Address already in use") in a sentence saying what to do;
 * lw_table_host_new()'s; %G_IO_ERROR_FAILED when no window took the
 * hosted table.
 *
 * Returns: the game's ID, or 0.
 */
gint64 lw_new_game_start (GtkWidget          *page,
                          LwStore            *store,
                          LwGameRecord       *record,
                          const char *const  *locals,
                          const LwSeatChoice *choices,
                          guint64             seed,
                          const char         *address,
                          guint               port,
                          GError            **error);

/**
 * lw_new_game_reopen_hosted:
 * @store: the store game @id is kept in
 * @id: a game at the virtual table whose table was hosted (lw_store_is_table_hosted())
 * @address: (nullable): the IPv4 address to listen on; %NULL: the
 *   computer's first network address at the default port, as New Game
 * @port: with @address, the TCP port (0: any free one)
 * @server_out: (out) (transfer full): the server the table is hosted on
 * @link_address: (out) (transfer full): the address its links name
 * @error: LW_TABLE_HOST_ERROR_GAME_OVER (then the game opens as any
 *   other), _HOSTED (another program hosts it now), _NOT_VIRTUAL,
 *   _UNREADABLE, LW_STORE_ERROR_* from the store, or G_IO_ERROR_* when
 *   the port is taken (said in words)
 *
 * Hosts game @id again where it stopped, after the app was closed or
 * stopped (lw_table_host_open(), docs/REMOTE-PLAY.md): the seats as last
 * hosted, the links given before opening their seats again.
 *
 * Returns: (transfer full) (nullable): the table, served on @server_out
 */
LwTableHost *lw_new_game_reopen_hosted (LwStore        *store,
                                        gint64          id,
                                        const char     *address,
                                        guint           port,
                                        LwWebServer **server_out,
                                        char          **link_address,
                                        GError        **error);

G_END_DECLS
