/* lw-web-play.h — remote play's sockets on the web server: the
 * seats' secrets, the hello, pushing each seat's state, reconnects
 * (docs/REMOTE-PLAY.md). Internal to src/web: the public face is
 * lw-web-server.h's lw_web_server_host_table() and its neighbours.
 *
 * Two threads share an #LwWebPlay: the owner's (the thread that made
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
 * LW_WEB_PLAY_MAX_MESSAGE:
 *
 * The longest message a seat may send, in bytes, its frames together; a
 * longer one closes its socket with code 1009 before its bytes are read.
 */
#define LW_WEB_PLAY_MAX_MESSAGE 4096

/**
 * LW_WEB_PLAY_MAX_RATE:
 *
 * The most frames a socket may send in one window of a second (from the
 * window's first frame): a message's, a continuation, a ping, a pong or
 * a close, before the hello as after it; one more closes it with
 * %LW_WEB_PLAY_CLOSE_FLOOD.
 */
#define LW_WEB_PLAY_MAX_RATE 20

/**
 * LW_WEB_PLAY_MAX_PER_ADDRESS:
 *
 * The default cap on play sockets open at once from one address.
 */
#define LW_WEB_PLAY_MAX_PER_ADDRESS 8

/**
 * LW_WEB_PLAY_HELLO_MS:
 *
 * How long a new socket has to send its hello, in milliseconds.
 */
#define LW_WEB_PLAY_HELLO_MS 5000

/**
 * LW_WEB_PLAY_PING_S:
 *
 * Seconds between the server's pings on an open socket.
 */
#define LW_WEB_PLAY_PING_S 20

/**
 * LW_WEB_PLAY_HEARTBEAT_MS:
 *
 * The default interval, in milliseconds, at which a page sends
 * `{"type":"ping"}` (given to it in the welcome as `ping_ms`).
 */
#define LW_WEB_PLAY_HEARTBEAT_MS 15000

/**
 * LW_WEB_PLAY_SILENCE_MS:
 *
 * The default time, in milliseconds, after which a socket that has sent
 * nothing is closed with %LW_WEB_PLAY_CLOSE_SILENT and its seat is
 * Not connected.
 */
#define LW_WEB_PLAY_SILENCE_MS 45000

/**
 * LwWebPlayClose:
 * @LW_WEB_PLAY_CLOSE_BAD_SECRET: the hello named no open table's seat
 * @LW_WEB_PLAY_CLOSE_TIMEOUT: no hello within %LW_WEB_PLAY_HELLO_MS
 * @LW_WEB_PLAY_CLOSE_ELSEWHERE: the seat was opened by another socket
 * @LW_WEB_PLAY_CLOSE_FLOOD: more than %LW_WEB_PLAY_MAX_RATE frames
 *   in a second
 * @LW_WEB_PLAY_CLOSE_TABLE_CLOSED: the host closed the table
 * @LW_WEB_PLAY_CLOSE_SILENT: nothing came from the socket for the
 *   silence limit (%LW_WEB_PLAY_SILENCE_MS): its peer is gone
 *
 * The close codes of a play socket (besides WebSocket's own: 1001 when
 * the server stops, 1002 for a frame against the protocol, 1003 for a
 * binary message, 1007 for a text that is not UTF-8, 1009 for a message
 * over %LW_WEB_PLAY_MAX_MESSAGE bytes).
 */
typedef enum {
  LW_WEB_PLAY_CLOSE_BAD_SECRET = 4001,
  LW_WEB_PLAY_CLOSE_TIMEOUT = 4002,
  LW_WEB_PLAY_CLOSE_ELSEWHERE = 4003,
  LW_WEB_PLAY_CLOSE_FLOOD = 4004,
  LW_WEB_PLAY_CLOSE_TABLE_CLOSED = 4005,
  LW_WEB_PLAY_CLOSE_SILENT = 4006,
} LwWebPlayClose;

typedef struct _LwWebPlay LwWebPlay;

/**
 * LwWebPlaySeatFunc:
 * @game_id: the table's game
 * @seat: the seat whose socket opened or closed
 * @connected: whether a socket holds the seat now
 * @data: the data given to lw_web_play_new()
 *
 * Called in the owner's main context when a seat's socket comes or goes.
 */
typedef void (*LwWebPlaySeatFunc) (gint64   game_id,
                                     guint    seat,
                                     gboolean connected,
                                     gpointer data);

/* In the owner's thread. */
LwWebPlay *lw_web_play_new    (GMainContext        *owner_context,
                                   LwWebPlaySeatFunc  seat_func,
                                   gpointer             data);
LwWebPlay *lw_web_play_ref    (LwWebPlay *self);
void         lw_web_play_unref  (LwWebPlay *self);
void         lw_web_play_forget_owner (LwWebPlay *self);
gboolean     lw_web_play_add_table    (LwWebPlay  *self,
                                         LwTableHost  *host,
                                         GError      **error);
gboolean     lw_web_play_remove_table (LwWebPlay *self,
                                         gint64       game_id);
char        *lw_web_play_dup_secret   (LwWebPlay *self,
                                         gint64       game_id,
                                         guint        seat);
gboolean     lw_web_play_new_secret   (LwWebPlay  *self,
                                         gint64        game_id,
                                         guint         seat,
                                         GError      **error);
gboolean     lw_web_play_is_connected (LwWebPlay *self,
                                         gint64       game_id,
                                         guint        seat);
void         lw_web_play_set_max_per_address (LwWebPlay *self,
                                                guint        max);
void         lw_web_play_set_heartbeat (LwWebPlay *self,
                                          guint        ping_ms,
                                          guint        silence_ms);

/* Around the server's thread: attached by it at its start, detached by
 * the owner once it is joined (every socket then closed and freed). */
void         lw_web_play_attach (LwWebPlay  *self,
                                   GMainContext *server_context);
void         lw_web_play_detach (LwWebPlay *self);

/* In the server's thread. */
gboolean     lw_web_play_address_full (LwWebPlay *self,
                                         const char  *address);
GIOStream   *lw_web_play_evict_seatless (LwWebPlay *self,
                                           const char  *address);
void         lw_web_play_take_socket  (LwWebPlay *self,
                                         GIOStream   *stream,
                                         const char  *response,
                                         GIOStream   *base,
                                         const char  *address);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwWebPlay, lw_web_play_unref)

G_END_DECLS
