/* lw-entry-server.h — the HTTP server of table entry: libsoup in the
 * program's main loop, serving the phone page and handing the API's
 * requests to lw_table_entry_handle()
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "lw-table-entry.h"

G_BEGIN_DECLS

/**
 * LW_ENTRY_SERVER_DEFAULT_PORT:
 *
 * The port offered when the director has not chosen one.
 */
#define LW_ENTRY_SERVER_DEFAULT_PORT 8642

#define LW_TYPE_ENTRY_SERVER (lw_entry_server_get_type ())
G_DECLARE_FINAL_TYPE (LwEntryServer, lw_entry_server, LW, ENTRY_SERVER, GObject)

/**
 * lw_entry_server_new:
 * @entry: the tables open for entry
 *
 * A server that is not listening yet (lw_entry_server_start()).
 *
 * Returns: (transfer full): the server.
 */
LwEntryServer *lw_entry_server_new (LwTableEntry *entry);

/**
 * lw_entry_server_get_entry:
 *
 * Returns: (transfer none): the tables open for entry.
 */
LwTableEntry *lw_entry_server_get_entry (LwEntryServer *self);

/**
 * lw_entry_server_start:
 * @self: a server
 * @address: (nullable): an IPv4 address of this computer to listen on
 *   (e.g. "192.168.1.20", or "127.0.0.1" for this computer only); %NULL
 *   for every IPv4 address
 * @port: the TCP port, 1–65535, or 0 for any free port
 * @error: return location for a #GError
 *
 * Listens, in the thread-default main context. A server already listening
 * is stopped first.
 *
 * Errors: %G_IO_ERROR_INVALID_ARGUMENT for an address that is not IPv4,
 * or the socket's error, e.g. %G_IO_ERROR_ADDRESS_IN_USE, the message
 * naming the port ("port 8642: Address already in use").
 *
 * Returns: %TRUE when listening.
 */
gboolean lw_entry_server_start (LwEntryServer  *self,
                                const char     *address,
                                guint           port,
                                GError        **error);

/**
 * lw_entry_server_stop:
 * @self: a server
 *
 * Stops listening and closes every connection: the port is free again.
 */
void lw_entry_server_stop (LwEntryServer *self);

/**
 * lw_entry_server_is_running:
 *
 * Returns: whether the server listens.
 */
gboolean lw_entry_server_is_running (LwEntryServer *self);

/**
 * lw_entry_server_get_port:
 *
 * Returns: the port listened on, 0 when stopped.
 */
guint lw_entry_server_get_port (LwEntryServer *self);

/**
 * lw_entry_server_table_url:
 * @self: a running server
 * @host: the address the phones reach this computer at
 *   (lw_entry_list_lan_addresses())
 * @game_id: an open table's game
 *
 * Returns: (transfer full) (nullable): the table's page with its secret,
 *   `http://HOST:PORT/t/GAME#SECRET`; %NULL when the table is not open or
 *   the server is stopped.
 */
char *lw_entry_server_table_url (LwEntryServer *self,
                                 const char    *host,
                                 gint64         game_id);

/**
 * lw_entry_list_lan_addresses:
 *
 * The IPv4 addresses of this computer's network interfaces that are up,
 * loopback last, so that the first is the one to show to phones.
 *
 * Returns: (transfer full): the addresses in dotted form,
 *   %NULL-terminated; never empty ("127.0.0.1" at least).
 */
char **lw_entry_list_lan_addresses (void);

G_END_DECLS
