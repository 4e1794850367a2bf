/* lw-web-socket.h — a server's WebSocket (RFC 6455) on a connection taken
 * from libsoup, read and written here with every bound kept: the frames
 * read in small turns, each one counted, a message's frames together at
 * most a given size, no extension (no compression), the output to a peer
 * that does not read cut. Internal to src/web (the play sockets,
 * lw-web-play-socket.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libsoup/soup.h>

G_BEGIN_DECLS

/* The longest message sent (a seat's state), and the most output a
 * socket may hold unsent: a peer that lets more pile up does not read. */
#define LW_WEB_SOCKET_MAX_OUTPUT (256 * 1024)

/* How long a closing socket waits for its peer's close frame. */
#define LW_WEB_SOCKET_CLOSE_WAIT_MS 1000

typedef struct _LwWebSocket LwWebSocket;

/**
 * LwWebSocketFuncs:
 * @frame: every frame read, control frames (ping, pong, close) and
 *   continuations included, before what it holds is acted on; the caller
 *   counts it and may close the socket (lw_web_socket_close()), after which
 *   nothing more is delivered
 * @message: a whole text (@binary %FALSE) or binary message, @length
 *   bytes at @text (NUL-terminated, borrowed); at most the socket's
 *   @max_message bytes
 * @closed: once, when the connection is over (the peer closed it, the
 *   close handshake ended, or a bound cut it); the socket may be freed
 *   in it
 *
 * What a socket tells its owner, in the thread's main context that made
 * it. None of them is called from lw_web_socket_close() or
 * lw_web_socket_free().
 */
typedef struct {
  void (*frame)   (LwWebSocket  *ws,
                   gpointer    data);
  void (*message) (LwWebSocket  *ws,
                   const char *text,
                   gsize       length,
                   gboolean    binary,
                   gpointer    data);
  void (*closed)  (LwWebSocket  *ws,
                   gpointer    data);
} LwWebSocketFuncs;

char      *lw_web_socket_handshake (SoupServerMessage  *msg,
                                  GError            **error);
LwWebSocket *lw_web_socket_new       (GIOStream            *stream,
                                  const char           *response,
                                  gsize                 max_message,
                                  guint                 ping_s,
                                  const LwWebSocketFuncs *funcs,
                                  gpointer              data);
gboolean   lw_web_socket_is_open   (LwWebSocket  *ws);
void       lw_web_socket_send_text (LwWebSocket  *ws,
                                  const char *text);
void       lw_web_socket_close     (LwWebSocket  *ws,
                                  gushort     code,
                                  const char *reason);
void       lw_web_socket_free      (LwWebSocket  *ws);

G_END_DECLS
