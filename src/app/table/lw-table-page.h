/* lw-table-page.h — a game played at the virtual table, a view of its
 * loop (LwTableSession): the table, the step buttons (Declare, Decline,
 * Discard, Play, Next Round), the curtain between two people's turns,
 * hint, undo; a hosted table; a duplicate event's boards
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-web-server.h"
#include "lw-store.h"
#include "lw-table-host.h"
#include "lw-table-seats.h"
#include "lw-table-view.h"

G_BEGIN_DECLS

#define LW_TYPE_TABLE_PAGE (lw_table_page_get_type ())
G_DECLARE_FINAL_TYPE (LwTablePage, lw_table_page, LW, TABLE_PAGE, AdwBin)

void lw_table_page_set_store (LwTablePage *self,
                              LwStore     *store);

/**
 * lw_table_page_load:
 * @self: the page
 * @id: a game with a virtual table (lw_store_load_table())
 * @error: return location for a #GError
 *
 * Opens the game at its table with lw_table_session_open() and starts
 * the session: the round in progress as saved, or a new deal when none
 * is (the game's next round, its dealer by the scoring engine's
 * rotation). Computer seats start moving on their own; the next round is
 * dealt when the person asks (Next Round).
 *
 * Errors: those of lw_table_session_open() and lw_table_session_start()
 * (the store's, or the engine's for a damaged save).
 *
 * Returns: %TRUE when opened.
 */
gboolean lw_table_page_load (LwTablePage  *self,
                             gint64        id,
                             GError      **error);

/**
 * lw_table_page_host:
 * @self: the page
 * @host: a hosted table (lw_table_host_new()), served by @server
 *   (lw_web_server_host_table()); a reference is taken
 * @server: the running server the remote seats connect to; a reference
 *   is taken, and the page stops it when the hosting ends
 * @link_address: the address the seats' links name (the one the server
 *   listens on, as other devices reach it)
 * @error: return location for a #GError
 *
 * Hosted mode (docs/REMOTE-PLAY.md "Hosting from the app"): the page shows
 * @host's table (lw_table_host_get_table()), redrawn at its every
 * "changed"; the seats played on this device act through
 * lw_table_host_act(); the computers, the round's end and the next deal
 * are the host's, and Undo is off (a remote player's move cannot be taken
 * back). With no seat played here the page only watches: no hand shown.
 * The Seats panel opens once.
 *
 * Errors: the store's, reading the game.
 *
 * Returns: %TRUE when shown.
 */
gboolean lw_table_page_host (LwTablePage    *self,
                             LwTableHost    *host,
                             LwWebServer  *server,
                             const char     *link_address,
                             GError        **error);

/**
 * lw_table_page_stop_hosting:
 * @self: the page
 *
 * Ends hosted mode, when on: the table is closed on the server
 * (lw_web_server_close_host_table(): the secrets forgotten, the seats'
 * sockets closed), the server stopped and the Seats panel closed. The game
 * stays stored; it opens from the history like any game at the virtual
 * table.
 */
void lw_table_page_stop_hosting (LwTablePage *self);

/**
 * lw_table_page_play_boards:
 * @self: the page
 * @event_id: a duplicate event's ID
 * @round: one of its event rounds, paired, 1-based
 * @table: one of the round's tables, 1-based
 * @seats: (nullable): who plays each seat (a person on this device or a
 *   computer level; its seed is not used), as many as the table has;
 *   %NULL: every seat a person on this device
 * @error: return location for a #GError
 *
 * Board mode (docs/EVENTS.md "Playing a table's boards at the virtual
 * table"): the page plays the boards of event round @round at table
 * @table, the first one not yet entered first, each in a session of its
 * own (lw_table_session_new_board()). Each is dealt from the
 * board exactly (lw_board_new_table(), DUPLICATE D1) with the table's
 * players in their seats, partners as the event says, the board's dealer
 * (D2) and the event's rule set (lw_duplicate_board_record()). Nothing is
 * saved while a board is played; at its end its round's facts are entered
 * as the board's result with lw_store_add_event_board_result(), as Enter
 * Board does (D9: a board already entered is refused, and the page says
 * so in words), and Next Board deals the next board not yet entered.
 * After the last the page says the round's boards are done. Opening a
 * game (lw_table_page_load(), lw_table_page_host()) ends board mode.
 *
 * Errors: lw_table_session_new_board()'s: the store's
 *   (%LW_STORE_ERROR_NOT_FOUND for no such event), the engine's
 *   %LW_ENGINE_ERROR_INVALID for an event that is not duplicate, a round
 *   or table it does not have, or a round whose boards are all entered at
 *   @table; %G_IO_ERROR_INVALID_ARGUMENT for @seats of another size.
 *
 * Returns: %TRUE when the first board is dealt.
 */
gboolean lw_table_page_play_boards (LwTablePage         *self,
                                    gint64               event_id,
                                    guint                round,
                                    guint                table,
                                    const LwTableSeats  *seats,
                                    GError             **error);

/** lw_table_page_is_playing_boards: Returns: %TRUE in board mode (lw_table_page_play_boards()). */
gboolean lw_table_page_is_playing_boards (LwTablePage *self);

/**
 * lw_table_page_focus_table:
 * @self: the page
 *
 * Gives the keyboard to the table (the hand's cards, Enter plays).
 */
void lw_table_page_focus_table (LwTablePage *self);

G_END_DECLS
