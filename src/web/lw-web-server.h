/* lw-web-server.h — the HTTP server of table entry: libsoup in a
 * thread of its own, with its own database connection, serving the phone
 * page and handing the API's requests to lw_entry_requests_handle()
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "lw-entry-requests.h"
#include "lw-table-host.h"

G_BEGIN_DECLS

/**
 * LW_WEB_SERVER_DEFAULT_PORT:
 *
 * The port offered when the director has not chosen one.
 */
#define LW_WEB_SERVER_DEFAULT_PORT 8642

/**
 * LwWebServerLimits:
 * @max_connections: connections open at once, all clients together; one
 *   more is closed as soon as it is accepted (default 512)
 * @max_per_address: connections open at once from one IP address
 *   (default 64)
 * @read_timeout_ms: how long a request's headers, then its body, then
 *   the taking of its answer may each last, in milliseconds (default
 *   10 000); a connection slower than that is closed
 * @idle_timeout_ms: how long a kept-alive connection may wait for its
 *   next request, in milliseconds (default 30 000)
 *
 * What one client may hold of the server, so that no client (a phone
 * left open, a program opening connections by the thousand, a slow or
 * hostile one) takes table entry down for the others. Long-lived
 * connections of later features keep themselves alive by ping and pong.
 */
typedef struct {
  guint max_connections;
  guint max_per_address;
  guint read_timeout_ms;
  guint idle_timeout_ms;
} LwWebServerLimits;

/**
 * LW_WEB_SERVER_LIMITS_DEFAULT:
 *
 * The limits a new server has: 512 connections, 64 per address, 10 s to
 * read a request, 30 s idle.
 */
#define LW_WEB_SERVER_LIMITS_DEFAULT ((LwWebServerLimits) { 512, 64, 10000, 30000 })

/**
 * LwWebServerState:
 * @LW_WEB_SERVER_STOPPED: not listening
 * @LW_WEB_SERVER_LISTENING: listening and accepting connections
 * @LW_WEB_SERVER_SATURATED: listening, but new connections cannot be
 *   accepted at the moment (the process is out of file descriptors, see
 *   lw_web_server_get_problem()); accepting is tried again every
 *   100 ms, and resumes by itself once descriptors are free
 *
 * What the server is doing, for the director's window to show.
 */
typedef enum {
  LW_WEB_SERVER_STOPPED,
  LW_WEB_SERVER_LISTENING,
  LW_WEB_SERVER_SATURATED,
} LwWebServerState;

#define LW_TYPE_WEB_SERVER_STATE (lw_web_server_state_get_type ())
GType lw_web_server_state_get_type (void);

#define LW_TYPE_WEB_SERVER (lw_web_server_get_type ())
G_DECLARE_FINAL_TYPE (LwWebServer, lw_web_server, LW, WEB_SERVER, GObject)

/**
 * lw_web_server_new:
 * @entry: the tables open for entry
 *
 * A server that is not listening yet (lw_web_server_start()).
 *
 * Returns: (transfer full): the server.
 */
LwWebServer *lw_web_server_new (LwEntryRequests *entry);

/**
 * lw_web_server_get_entry:
 *
 * Returns: (transfer none): the tables open for entry.
 */
LwEntryRequests *lw_web_server_get_entry (LwWebServer *self);

/**
 * lw_web_server_set_limits:
 * @self: a server
 * @limits: the limits (each count and time ≥ 1)
 *
 * Sets the limits the next lw_web_server_start() uses (a load test
 * from 127.0.0.1 raises @max_per_address; a test shortens the timeouts).
 */
void lw_web_server_set_limits (LwWebServer             *self,
                                 const LwWebServerLimits *limits);

/**
 * lw_web_server_start:
 * @self: a server
 * @address: (nullable): an IPv4 address of this computer to listen on
 *   (e.g. "192.168.1.20", or "127.0.0.1" for this computer only); %NULL
 *   for every IPv4 address
 * @port: the TCP port, 1–65535, or 0 for any free port
 * @error: return location for a #GError
 *
 * Listens, in a thread of the server's own with its own main context and
 * its own connection to the table entry's database
 * (lw_store_open_another(), with a busy timeout of 250 ms: a request
 * that meets another program's write lock is answered 503 at once rather
 * than waiting), so that neither a slow client nor a busy database ever
 * holds up the calling thread's main loop. The table entry's
 * #LwEntryRequests::round-stored and the server's notify::state are emitted
 * in the calling thread's thread-default main context. A server already
 * listening is stopped first.
 *
 * Each request's headers are checked before its body is read: a path
 * that is not the API's, or a secret that opens no open table, is
 * answered at once (lw_entry_requests_check_access()); a body over
 * %LW_ENTRY_MAX_BODY bytes, announced or counted as it arrives
 * (chunked too), is answered 413 with `{"error": …}` and the connection
 * closed, so that no request takes more memory than that.
 *
 * Errors: %G_IO_ERROR_INVALID_ARGUMENT for an address that is not IPv4,
 * or the socket's error, e.g. %G_IO_ERROR_ADDRESS_IN_USE, the message
 * naming the port ("port 8642: Address already in use"); a
 * %LW_STORE_ERROR when the database cannot be opened again.
 *
 * Returns: %TRUE when listening.
 */
gboolean lw_web_server_start (LwWebServer  *self,
                                const char     *address,
                                guint           port,
                                GError        **error);

/**
 * lw_web_server_stop:
 * @self: a server
 *
 * Stops listening and closes every connection (the server's thread ends
 * once the request it is answering, if any, is answered): the port is
 * free again.
 */
void lw_web_server_stop (LwWebServer *self);

/**
 * lw_web_server_get_state:
 *
 * The server's state; #GObject::notify for "state" tells when it changes.
 *
 * Returns: the state.
 */
LwWebServerState lw_web_server_get_state (LwWebServer *self);

/**
 * lw_web_server_get_problem:
 *
 * Returns: (transfer full) (nullable): why the server is
 *   %LW_WEB_SERVER_SATURATED (the system's message, e.g. "Too many
 *   open files"); %NULL in another state.
 */
char *lw_web_server_get_problem (LwWebServer *self);

/**
 * lw_web_server_is_running:
 *
 * Returns: whether the server listens (%LW_WEB_SERVER_LISTENING or
 *   %LW_WEB_SERVER_SATURATED).
 */
gboolean lw_web_server_is_running (LwWebServer *self);

/**
 * lw_web_server_get_port:
 *
 * Returns: the port listened on, 0 when stopped.
 */
guint lw_web_server_get_port (LwWebServer *self);

/**
 * lw_web_server_table_url:
 * @self: a running server
 * @host: the address the phones reach this computer at
 *   (lw_entry_list_lan_addresses())
 * @game_id: an open table's game
 *
 * Returns: (transfer full) (nullable): the table's page with its secret,
 *   `http://HOST:PORT/t/GAME#SECRET`; %NULL when the table is not open or
 *   the server is stopped.
 */
char *lw_web_server_table_url (LwWebServer *self,
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

/**
 * lw_web_server_host_table:
 * @self: a server
 * @host: a virtual table with remote seats (one reference taken)
 * @error: return location for a #GError
 *
 * Serves @host for remote play (docs/REMOTE-PLAY.md): each of its
 * remote seats gets a secret of 128 bits from the system's cryptographic
 * random source (lw_entry_requests_random_secret()), the link of
 * lw_web_server_seat_url(). A socket at `/play/socket` whose hello names
 * the table and a seat's secret (compared in constant time) holds that
 * seat: it receives the seat's state (lw_table_host_get_state()) at once
 * and after every #LwTableHost::changed, and its actions go to
 * lw_table_host_act(). A second socket with the same secret takes the seat
 * over (the first is closed with 4003). The secrets are kept in memory
 * only, never logged, and forgotten with
 * lw_web_server_close_host_table() or the server; their SHA-256 is
 * kept in the store by @host (lw_table_host_set_link_hash()), so that a
 * seat that has a link already (a table hosted again with
 * lw_table_host_open()) keeps it and its old link opens it again, the
 * hello's secret checked against the hash. Call it in the
 * thread that made the server, where @host lives; the server may be
 * stopped or running, and keeps the table across a restart.
 *
 * Errors: %G_IO_ERROR_EXISTS when @host's game is served already;
 * %LW_STORE_ERROR_FAILED when no random bytes can be read.
 *
 * Returns: %TRUE when served.
 */
gboolean lw_web_server_host_table (LwWebServer  *self,
                                     LwTableHost    *host,
                                     GError        **error);

/**
 * lw_web_server_close_host_table:
 * @self: a server
 * @game_id: a hosted table's game
 *
 * Forgets the table's secrets (wiped from memory) and closes its seats'
 * sockets with code 4005.
 *
 * Returns: %FALSE when the table was not hosted.
 */
gboolean lw_web_server_close_host_table (LwWebServer *self,
                                           gint64         game_id);

/**
 * lw_web_server_seat_url:
 * @self: a running server
 * @host: the address the devices reach this computer at
 *   (lw_entry_list_lan_addresses())
 * @game_id: a hosted table's game
 * @seat: a seat, 0 to n_players − 1
 *
 * Returns: (transfer full) (nullable): the seat's link,
 *   `http://HOST:PORT/play#t=GAME&s=SECRET` (the secret in the fragment,
 *   which no browser sends to a server); %NULL when the table is not
 *   hosted, @seat is not remote, its link was made before the host
 *   restarted (only its hash is known: the old link still opens it; a
 *   New Link gives one to show) or the server is stopped.
 */
char *lw_web_server_seat_url (LwWebServer *self,
                                const char    *host,
                                gint64         game_id,
                                guint          seat);

/**
 * lw_web_server_new_seat_link:
 * @self: a server
 * @game_id: a hosted table's game
 * @seat: a seat of it
 * @error: return location for a #GError
 *
 * New Link: a new secret for @seat, its hash kept in the store; the old
 * one opens nothing from now on, not even after a restart, and the seat's
 * socket, if any, is closed with 4003.
 *
 * Errors: %G_IO_ERROR_NOT_FOUND for a table not hosted or a seat not at
 * it; %LW_STORE_ERROR_FAILED when no random bytes can be read, or another
 * %LW_STORE_ERROR when the hash cannot be stored (the old link stays).
 *
 * Returns: %TRUE when the seat has its new secret.
 */
gboolean lw_web_server_new_seat_link (LwWebServer  *self,
                                        gint64          game_id,
                                        guint           seat,
                                        GError        **error);

/**
 * lw_web_server_is_seat_connected:
 * @self: a server
 * @game_id: a hosted table's game
 * @seat: a seat of it
 *
 * #LwWebServer::seat-connection tells when it changes.
 *
 * Returns: whether a socket holds @seat now.
 */
gboolean lw_web_server_is_seat_connected (LwWebServer *self,
                                            gint64         game_id,
                                            guint          seat);

/**
 * lw_web_server_set_max_play_sockets:
 * @self: a server
 * @max_per_address: ≥ 1 (default 8)
 *
 * The cap on play sockets open at once from one address; one more is
 * answered 429 before its handshake (a load test from 127.0.0.1 raises
 * it). Sockets already open stay.
 */
void lw_web_server_set_max_play_sockets (LwWebServer *self,
                                           guint          max_per_address);

/**
 * lw_web_server_set_play_heartbeat:
 * @self: a server
 * @ping_ms: how often a remote page sends `{"type":"ping"}`, in
 *   milliseconds, ≥ 10 (default 15000); told to it in the welcome
 * @silence_ms: a play socket that sends nothing for this long, in
 *   milliseconds, > @ping_ms (default 45000), is closed with code 4006
 *   ("nothing heard") and its seat is Not connected at once
 *   (#LwWebServer::seat-connection), so that the host can give it to a
 *   computer
 *
 * The application's heartbeat of remote play (libsoup 3.2 has no pong
 * timeout, so a vanished peer would otherwise hold its seat): it applies
 * to the sockets opened from now on. Tests shorten it.
 */
void lw_web_server_set_play_heartbeat (LwWebServer *self,
                                         guint          ping_ms,
                                         guint          silence_ms);

G_END_DECLS
