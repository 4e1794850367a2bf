/* lw-entry-ws.h — a server's WebSocket (RFC 6455) on a connection taken
 * from libsoup, read and written here with every bound kept: the frames
 * read in small turns, each one counted, a message's frames together at
 * most a given size, no extension (no compression), the output to a peer
 * that does not read cut. Internal to src/entry (the play sockets,
 * lw-entry-play-socket.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libsoup/soup.h>

G_BEGIN_DECLS

/* The longest message sent (a seat's state), and the most output a
 * socket may hold unsent: a peer that lets more pile up does not read. */
#define LW_ENTRY_WS_MAX_OUTPUT (256 * 1024)

/* How long a closing socket waits for its peer's close frame. */
#define LW_ENTRY_WS_CLOSE_WAIT_MS 1000

typedef struct _LwEntryWs LwEntryWs;

/**
 * LwEntryWsFuncs:
 * @frame: every frame read, control frames (ping, pong, close) and
 *   continuations included, before what it holds is acted on; the caller
 *   counts it and may close the socket (lw_entry_ws_close()), after which
 *   nothing more is delivered
 * @message: a whole text (@binary %FALSE) or binary message, @length
 *   bytes at @text (NUL-terminated, borrowed); at most the socket's
 *   @max_message bytes
 * @closed: once, when the connection is over (the peer closed it, the
 *   close handshake ended, or a bound cut it); the socket may be freed
 *   in it
 *
 * What a socket tells its owner, in the thread's main context that made
 * it. None of them is called from lw_entry_ws_close() or
 * lw_entry_ws_free().
 */
typedef struct {
  void (*frame)   (LwEntryWs  *ws,
                   gpointer    data);
  void (*message) (LwEntryWs  *ws,
                   const char *text,
                   gsize       length,
                   gboolean    binary,
                   gpointer    data);
  void (*closed)  (LwEntryWs  *ws,
                   gpointer    data);
} LwEntryWsFuncs;

char      *lw_entry_ws_handshake (SoupServerMessage  *msg,
                                  GError            **error);
LwEntryWs *lw_entry_ws_new       (GIOStream            *stream,
                                  const char           *response,
                                  gsize                 max_message,
                                  guint                 ping_s,
                                  const LwEntryWsFuncs *funcs,
                                  gpointer              data);
gboolean   lw_entry_ws_is_open   (LwEntryWs  *ws);
void       lw_entry_ws_send_text (LwEntryWs  *ws,
                                  const char *text);
void       lw_entry_ws_close     (LwEntryWs  *ws,
                                  gushort     code,
                                  const char *reason);
void       lw_entry_ws_free      (LwEntryWs  *ws);

G_END_DECLS
