/* lw-entry-play.h — remote play's sockets on the entry server: the
 * seats' secrets, the hello, pushing each seat's state, reconnects
 * (docs/REMOTE-PLAY.md). Internal to src/entry: the public face is
 * lw-entry-server.h's lw_entry_server_host_table() and its neighbours.
 *
 * Two threads share an #LwEntryPlay: the owner's (the thread that made
 * the server, where each #LwTableHost lives and acts) and the server's
 * (where the sockets live). Each function says in which it is called.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libsoup/soup.h>

#include "lw-table-host.h"

G_BEGIN_DECLS

/**
 * LW_ENTRY_PLAY_MAX_MESSAGE:
 *
 * The longest message a seat may send, in bytes, its frames together; a
 * longer one closes its socket with code 1009 before its bytes are read.
 */
#define LW_ENTRY_PLAY_MAX_MESSAGE 4096

/**
 * LW_ENTRY_PLAY_MAX_RATE:
 *
 * The most frames a socket may send in one window of a second (from the
 * window's first frame): a message's, a continuation, a ping, a pong or
 * a close, before the hello as after it; one more closes it with
 * %LW_ENTRY_PLAY_CLOSE_FLOOD.
 */
#define LW_ENTRY_PLAY_MAX_RATE 20

/**
 * LW_ENTRY_PLAY_MAX_PER_ADDRESS:
 *
 * The default cap on play sockets open at once from one address.
 */
#define LW_ENTRY_PLAY_MAX_PER_ADDRESS 8

/**
 * LW_ENTRY_PLAY_HELLO_MS:
 *
 * How long a new socket has to send its hello, in milliseconds.
 */
#define LW_ENTRY_PLAY_HELLO_MS 5000

/**
 * LW_ENTRY_PLAY_PING_S:
 *
 * Seconds between the server's pings on an open socket.
 */
#define LW_ENTRY_PLAY_PING_S 20

/**
 * LW_ENTRY_PLAY_HEARTBEAT_MS:
 *
 * The default interval, in milliseconds, at which a page sends
 * `{"type":"ping"}` (given to it in the welcome as `ping_ms`).
 */
#define LW_ENTRY_PLAY_HEARTBEAT_MS 15000

/**
 * LW_ENTRY_PLAY_SILENCE_MS:
 *
 * The default time, in milliseconds, after which a socket that has sent
 * nothing is closed with %LW_ENTRY_PLAY_CLOSE_SILENT and its seat is
 * Not connected.
 */
#define LW_ENTRY_PLAY_SILENCE_MS 45000

/**
 * LwEntryPlayClose:
 * @LW_ENTRY_PLAY_CLOSE_BAD_SECRET: the hello named no open table's seat
 * @LW_ENTRY_PLAY_CLOSE_TIMEOUT: no hello within %LW_ENTRY_PLAY_HELLO_MS
 * @LW_ENTRY_PLAY_CLOSE_ELSEWHERE: the seat was opened by another socket
 * @LW_ENTRY_PLAY_CLOSE_FLOOD: more than %LW_ENTRY_PLAY_MAX_RATE frames
 *   in a second
 * @LW_ENTRY_PLAY_CLOSE_TABLE_CLOSED: the host closed the table
 * @LW_ENTRY_PLAY_CLOSE_SILENT: nothing came from the socket for the
 *   silence limit (%LW_ENTRY_PLAY_SILENCE_MS): its peer is gone
 *
 * The close codes of a play socket (besides WebSocket's own: 1001 when
 * the server stops, 1002 for a frame against the protocol, 1003 for a
 * binary message, 1007 for a text that is not UTF-8, 1009 for a message
 * over %LW_ENTRY_PLAY_MAX_MESSAGE bytes).
 */
typedef enum {
  LW_ENTRY_PLAY_CLOSE_BAD_SECRET = 4001,
  LW_ENTRY_PLAY_CLOSE_TIMEOUT = 4002,
  LW_ENTRY_PLAY_CLOSE_ELSEWHERE = 4003,
  LW_ENTRY_PLAY_CLOSE_FLOOD = 4004,
  LW_ENTRY_PLAY_CLOSE_TABLE_CLOSED = 4005,
  LW_ENTRY_PLAY_CLOSE_SILENT = 4006,
} LwEntryPlayClose;

typedef struct _LwEntryPlay LwEntryPlay;

/**
 * LwEntryPlaySeatFunc:
 * @game_id: the table's game
 * @seat: the seat whose socket opened or closed
 * @connected: whether a socket holds the seat now
 * @data: the data given to lw_entry_play_new()
 *
 * Called in the owner's main context when a seat's socket comes or goes.
 */
typedef void (*LwEntryPlaySeatFunc) (gint64   game_id,
                                     guint    seat,
                                     gboolean connected,
                                     gpointer data);

/* In the owner's thread. */
LwEntryPlay *lw_entry_play_new    (GMainContext        *owner_context,
                                   LwEntryPlaySeatFunc  seat_func,
                                   gpointer             data);
LwEntryPlay *lw_entry_play_ref    (LwEntryPlay *self);
void         lw_entry_play_unref  (LwEntryPlay *self);
void         lw_entry_play_forget_owner (LwEntryPlay *self);
gboolean     lw_entry_play_add_table    (LwEntryPlay  *self,
                                         LwTableHost  *host,
                                         GError      **error);
gboolean     lw_entry_play_remove_table (LwEntryPlay *self,
                                         gint64       game_id);
char        *lw_entry_play_dup_secret   (LwEntryPlay *self,
                                         gint64       game_id,
                                         guint        seat);
gboolean     lw_entry_play_new_secret   (LwEntryPlay  *self,
                                         gint64        game_id,
                                         guint         seat,
                                         GError      **error);
gboolean     lw_entry_play_is_connected (LwEntryPlay *self,
                                         gint64       game_id,
                                         guint        seat);
void         lw_entry_play_set_max_per_address (LwEntryPlay *self,
                                                guint        max);
void         lw_entry_play_set_heartbeat (LwEntryPlay *self,
                                          guint        ping_ms,
                                          guint        silence_ms);

/* Around the server's thread: attached by it at its start, detached by
 * the owner once it is joined (every socket then closed and freed). */
void         lw_entry_play_attach (LwEntryPlay  *self,
                                   GMainContext *server_context);
void         lw_entry_play_detach (LwEntryPlay *self);

/* In the server's thread. */
gboolean     lw_entry_play_address_full (LwEntryPlay *self,
                                         const char  *address);
GIOStream   *lw_entry_play_evict_seatless (LwEntryPlay *self,
                                           const char  *address);
void         lw_entry_play_take_socket  (LwEntryPlay *self,
                                         GIOStream   *stream,
                                         const char  *response,
                                         GIOStream   *base,
                                         const char  *address);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwEntryPlay, lw_entry_play_unref)

G_END_DECLS
