/* lw-web-socket.c — a server's WebSocket on a connection taken from libsoup
 *
 * libsoup 3.2's own WebSocket cannot be bounded against a peer that
 * floods it: its read loop reads for as long as bytes arrive, never
 * yielding to the thread's other sources (the timeouts, the other
 * sockets); it answers every ping with a pong queued behind a walk of
 * its whole queue, without bound when the peer does not read; it keeps
 * every fragment of an unfinished message; and it inflates a compressed
 * frame without a limit on what comes out. Here the frames are read in
 * turns of READ_TURN bytes (one per main loop iteration, so every other
 * source runs in between), each frame is told to the owner to count, a
 * message is refused with 1009 as soon as its frames together announce
 * more than its limit (before they are read), no extension is offered,
 * and a peer that leaves more than LW_WEB_SOCKET_MAX_OUTPUT bytes unread
 * is cut.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-web-socket.h"

/* Bytes read in one turn of the main loop. */
#define READ_TURN 4096

/* A frame's longest header: 2 bytes, 8 of length, 4 of mask. */
#define MAX_HEADER 14

/* Frames a closing socket still reads while it waits for the peer's
 * close: a peer that sends more does not mean to close, and is cut. */
#define CLOSING_FRAMES 32

/* RFC 6455 §1.3. */
#define ACCEPT_GUID "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

enum {
  OP_CONTINUATION = 0x0,
  OP_TEXT = 0x1,
  OP_BINARY = 0x2,
  OP_CLOSE = 0x8,
  OP_PING = 0x9,
  OP_PONG = 0xA,
};

typedef enum {
  WS_OPEN,
  WS_CLOSING,   /* our close frame sent or queued: nothing more delivered */
  WS_CLOSED,
} WsState;

struct _LwWebSocket {
  GMainContext         *context;    /* the thread's that made it: its sources */
  GIOStream            *stream;
  GPollableInputStream *input;
  GPollableOutputStream *output;
  LwWebSocketFuncs        funcs;
  gpointer              data;
  gsize                 max_message;
  WsState               state;
  guint                 closing_frames;  /* read since our close frame */

  GByteArray           *in;         /* bytes read, not yet a whole frame */
  GByteArray           *message;    /* an unfinished message's frames */
  int                   message_op; /* its opcode, or -1: none */
  GByteArray           *out;        /* bytes to write */

  GSource              *input_source;
  GSource              *output_source;
  GSource              *ping_source;
  GSource              *close_source;  /* closing: the wait for the peer's close */
  GSource              *end_source;    /* ending at the next iteration */
};

static void
destroy_source (GSource **source)
{
  if (*source != NULL)
    {
      g_source_destroy (*source);
      g_clear_pointer (source, g_source_unref);
    }
}

static GSource *
attach (GSource     *source,
        GSourceFunc  func,
        LwWebSocket   *ws)
{
  g_source_set_callback (source, func, ws, NULL);
  g_source_attach (source, ws->context);
  return source;
}

/* The end of the connection: every source gone, the stream closed, and
 * closed() told, last (it may free @ws). */
static void
finish (LwWebSocket *ws)
{
  if (ws->state == WS_CLOSED)
    return;
  ws->state = WS_CLOSED;
  destroy_source (&ws->input_source);
  destroy_source (&ws->output_source);
  destroy_source (&ws->ping_source);
  destroy_source (&ws->close_source);
  destroy_source (&ws->end_source);
  g_io_stream_close (ws->stream, NULL, NULL);
  if (ws->funcs.closed != NULL)
    ws->funcs.closed (ws, ws->data);
}

static gboolean
end_cb (gpointer data)
{
  LwWebSocket *ws = data;

  g_clear_pointer (&ws->end_source, g_source_unref);
  finish (ws);
  return G_SOURCE_REMOVE;
}

/* Ends the connection at the next iteration of the main loop, never
 * from the caller's own call. */
static void
end_soon (LwWebSocket *ws)
{
  if (ws->state == WS_CLOSED || ws->end_source != NULL)
    return;
  destroy_source (&ws->input_source);
  ws->end_source = g_idle_source_new ();
  /* Not after every other socket's input: an idle one would wait for
   * the end of a flood. */
  g_source_set_priority (ws->end_source, G_PRIORITY_DEFAULT);
  attach (ws->end_source, end_cb, ws);
}

static gboolean output_cb (GObject  *stream,
                           gpointer  data);

/* Writes what it can without blocking; the rest when the peer reads. */
static void
flush (LwWebSocket *ws)
{
  while (ws->out->len > 0)
    {
      g_autoptr (GError) error = NULL;
      gssize n = g_pollable_output_stream_write_nonblocking (ws->output, ws->out->data, ws->out->len,
                                                             NULL, &error);

      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        {
          if (ws->output_source == NULL)
            ws->output_source = attach (g_pollable_output_stream_create_source (ws->output, NULL),
                                        G_SOURCE_FUNC (output_cb), ws);
          return;
        }
      if (n <= 0)
        {
          g_byte_array_set_size (ws->out, 0);
          end_soon (ws);
          return;
        }
      g_byte_array_remove_range (ws->out, 0, (guint) n);
    }
  destroy_source (&ws->output_source);
}

static gboolean
output_cb (GObject  *stream,
           gpointer  data)
{
  LwWebSocket *ws = data;

  g_clear_pointer (&ws->output_source, g_source_unref);
  flush (ws);
  return G_SOURCE_REMOVE;
}

/* Queues a frame of @opcode (final, unmasked) and writes it; a peer
 * that leaves too much unread is cut instead. */
static void
send_frame (LwWebSocket  *ws,
            guint8      opcode,
            const void *payload,
            gsize       length)
{
  guint8 head[10];
  gsize n = 0;

  if (ws->state == WS_CLOSED || ws->end_source != NULL)
    return;
  if (ws->out->len + length + sizeof head > LW_WEB_SOCKET_MAX_OUTPUT)
    {
      g_debug ("a WebSocket's peer left %u bytes unread: cut", ws->out->len);
      end_soon (ws);
      return;
    }
  head[n++] = 0x80 | opcode;
  if (length < 126)
    head[n++] = (guint8) length;
  else if (length <= G_MAXUINT16)
    {
      head[n++] = 126;
      head[n++] = (guint8) (length >> 8);
      head[n++] = (guint8) length;
    }
  else
    {
      head[n++] = 127;
      for (int i = 7; i >= 0; i--)
        head[n++] = (guint8) ((guint64) length >> (8 * i));
    }
  g_byte_array_append (ws->out, head, (guint) n);
  if (length > 0)
    g_byte_array_append (ws->out, payload, (guint) length);
  flush (ws);
}

static gboolean
close_wait_cb (gpointer data)
{
  LwWebSocket *ws = data;

  g_clear_pointer (&ws->close_source, g_source_unref);
  finish (ws);
  return G_SOURCE_REMOVE;
}

/**
 * lw_web_socket_close:
 * @code: the close code (RFC 6455 §7.4, or 4000–4999 the application's)
 * @reason: (nullable): its words, cut at 123 bytes
 *
 * Sends the close frame; nothing more is delivered. The connection ends
 * when the peer answers with its own, or after
 * %LW_WEB_SOCKET_CLOSE_WAIT_MS. Does nothing once closing.
 */
void
lw_web_socket_close (LwWebSocket  *ws,
                   gushort     code,
                   const char *reason)
{
  guint8 payload[125];
  gsize length = reason != NULL ? MIN (strlen (reason), sizeof payload - 2) : 0;

  if (ws->state != WS_OPEN)
    return;
  ws->state = WS_CLOSING;
  payload[0] = (guint8) (code >> 8);
  payload[1] = (guint8) code;
  if (length > 0)
    memcpy (payload + 2, reason, length);
  send_frame (ws, OP_CLOSE, payload, length + 2);
  destroy_source (&ws->ping_source);
  if (ws->close_source == NULL && ws->state != WS_CLOSED)
    ws->close_source = attach (g_timeout_source_new (LW_WEB_SOCKET_CLOSE_WAIT_MS), close_wait_cb, ws);
}

/* A frame the peer broke the protocol with: closed with 1002. */
static void
protocol_error (LwWebSocket  *ws,
                const char *reason)
{
  lw_web_socket_close (ws, SOUP_WEBSOCKET_CLOSE_PROTOCOL_ERROR, reason);
}

/* One whole frame (@payload unmasked), told and acted on. */
static void
take_frame (LwWebSocket *ws,
            guint8     opcode,
            gboolean   fin,
            guint8    *payload,
            gsize      length)
{
  if (ws->state == WS_OPEN && ws->funcs.frame != NULL)
    ws->funcs.frame (ws, ws->data);

  switch (opcode)
    {
    case OP_CLOSE:
      if (ws->state == WS_OPEN)
        {
          /* Its code echoed, then the end once written. */
          ws->state = WS_CLOSING;
          send_frame (ws, OP_CLOSE, payload, MIN (length, (gsize) 2));
        }
      end_soon (ws);
      return;
    case OP_PING:
      if (ws->state == WS_OPEN)
        send_frame (ws, OP_PONG, payload, length);
      return;
    case OP_PONG:
      return;
    default:
      break;
    }
  if (ws->state != WS_OPEN)
    return;
  g_byte_array_append (ws->message, payload, (guint) length);
  if (opcode != OP_CONTINUATION)
    ws->message_op = opcode;
  if (!fin)
    return;
  if (ws->message_op == OP_TEXT
      && !g_utf8_validate_len ((const char *) ws->message->data, ws->message->len, NULL))
    {
      lw_web_socket_close (ws, SOUP_WEBSOCKET_CLOSE_BAD_DATA, "a text is UTF-8");
      return;
    }
  /* A NUL after it, for the reader of a text. */
  g_byte_array_append (ws->message, (const guint8 *) "", 1);
  if (ws->funcs.message != NULL)
    ws->funcs.message (ws, (const char *) ws->message->data, ws->message->len - 1,
                       ws->message_op == OP_BINARY, ws->data);
  g_byte_array_set_size (ws->message, 0);
  ws->message_op = -1;
}

/* The whole frames in @ws->in, each checked before its payload is read,
 * then taken; what is left of the last waits for the next read. */
static void
take_frames (LwWebSocket *ws)
{
  gsize done = 0;

  while (ws->state != WS_CLOSED && ws->end_source == NULL)
    {
      guint8 *p = ws->in->data + done;
      gsize available = ws->in->len - done;
      gsize header = 2;
      guint64 length;
      guint8 opcode;
      gboolean fin;
      guint8 *mask;

      if (available < 2)
        break;
      fin = (p[0] & 0x80) != 0;
      opcode = p[0] & 0x0f;
      length = p[1] & 0x7f;
      if (length == 126)
        header += 2;
      else if (length == 127)
        header += 8;
      header += 4;
      if (available < header)
        break;
      if (length == 126)
        length = ((guint64) p[2] << 8) | p[3];
      else if (length == 127)
        {
          length = 0;
          for (int i = 0; i < 8; i++)
            length = (length << 8) | p[2 + i];
        }

      if (ws->state == WS_OPEN)
        {
          const char *problem = NULL;

          if ((p[1] & 0x80) == 0)
            problem = "a client's frame is masked";
          else if ((p[0] & 0x70) != 0)
            problem = "no extension was agreed";
          else if (opcode >= 0x8 && (!fin || length > 125))
            problem = "a control frame is whole and at most 125 bytes";
          else if (opcode != OP_CONTINUATION && opcode != OP_TEXT && opcode != OP_BINARY
                   && opcode != OP_CLOSE && opcode != OP_PING && opcode != OP_PONG)
            problem = "an unknown opcode";
          else if (opcode == OP_CONTINUATION && ws->message_op < 0)
            problem = "a continuation of no message";
          else if ((opcode == OP_TEXT || opcode == OP_BINARY) && ws->message_op >= 0)
            problem = "a message before the last was finished";
          if (problem != NULL)
            {
              protocol_error (ws, problem);
              break;
            }
          if (opcode < 0x8 && length > ws->max_message - ws->message->len)
            {
              g_autofree char *reason = g_strdup_printf ("a message is at most %" G_GSIZE_FORMAT " bytes",
                                                         ws->max_message);

              /* Refused before its bytes are read. */
              lw_web_socket_close (ws, SOUP_WEBSOCKET_CLOSE_TOO_BIG, reason);
              break;
            }
        }
      else if (length > ws->max_message || (p[1] & 0x80) == 0 || ++ws->closing_frames > CLOSING_FRAMES)
        {
          /* Closing: nothing that large is read any more, nor a flood. */
          end_soon (ws);
          break;
        }
      if (available - header < length)
        break;

      mask = p + header - 4;
      for (gsize i = 0; i < length; i++)
        p[header + i] ^= mask[i % 4];
      done += header + length;
      take_frame (ws, opcode, fin, p + header, (gsize) length);
    }
  if (ws->state != WS_CLOSED && done > 0)
    g_byte_array_remove_range (ws->in, 0, (guint) done);
}

/* One turn: at most READ_TURN bytes read and their frames taken; the
 * source stays, so the next turn comes after the loop's other sources. */
static gboolean
input_cb (GObject  *stream,
          gpointer  data)
{
  LwWebSocket *ws = data;
  g_autoptr (GError) error = NULL;
  guint before = ws->in->len;
  gssize n;

  /* The buffer holds at most a frame's header and the longest message. */
  if (before >= ws->max_message + MAX_HEADER + READ_TURN)
    {
      end_soon (ws);
      return G_SOURCE_CONTINUE;
    }
  g_byte_array_set_size (ws->in, before + READ_TURN);
  n = g_pollable_input_stream_read_nonblocking (ws->input, ws->in->data + before, READ_TURN, NULL, &error);
  g_byte_array_set_size (ws->in, before + (guint) MAX (n, 0));
  if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
    return G_SOURCE_CONTINUE;
  if (n <= 0)
    {
      /* The peer is gone. */
      g_clear_pointer (&ws->input_source, g_source_unref);
      finish (ws);
      return G_SOURCE_REMOVE;
    }
  take_frames (ws);
  return G_SOURCE_CONTINUE;
}

static gboolean
ping_cb (gpointer data)
{
  LwWebSocket *ws = data;

  send_frame (ws, OP_PING, NULL, 0);
  return G_SOURCE_CONTINUE;
}

/**
 * lw_web_socket_handshake:
 * @msg: a request whose headers are read
 * @error: %G_IO_ERROR_INVALID_DATA when it is not a WebSocket's opening
 *   handshake (RFC 6455 §4.2.1): its method, Upgrade, Connection,
 *   Sec-WebSocket-Version 13 and a key of 16 bytes checked
 *
 * Returns: (transfer full): the server's answer, "101 Switching
 *   Protocols" with its Sec-WebSocket-Accept and no extension, or %NULL
 */
char *
lw_web_socket_handshake (SoupServerMessage  *msg,
                       GError            **error)
{
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  const char *key = soup_message_headers_get_one (headers, "Sec-WebSocket-Key");
  const char *version = soup_message_headers_get_one (headers, "Sec-WebSocket-Version");
  g_autoptr (GChecksum) sha1 = NULL;
  g_autofree guchar *decoded = NULL;
  g_autofree char *accept = NULL;
  guint8 digest[20];
  gsize length = sizeof digest;
  gsize key_length = 0;

  if (!g_str_equal (soup_server_message_get_method (msg), "GET")
      || !soup_message_headers_header_contains (headers, "Upgrade", "websocket")
      || !soup_message_headers_header_contains (headers, "Connection", "upgrade"))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "the play socket is a WebSocket: a GET with Upgrade: websocket");
      return NULL;
    }
  if (version == NULL || !g_str_equal (version, "13"))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "the play socket speaks Sec-WebSocket-Version 13 only");
      return NULL;
    }
  if (key != NULL && strlen (key) == 24)
    decoded = g_base64_decode (key, &key_length);
  if (key_length != 16)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "Sec-WebSocket-Key is not 16 bytes in base64");
      return NULL;
    }
  sha1 = g_checksum_new (G_CHECKSUM_SHA1);
  g_checksum_update (sha1, (const guchar *) key, -1);
  g_checksum_update (sha1, (const guchar *) ACCEPT_GUID, -1);
  g_checksum_get_digest (sha1, digest, &length);
  accept = g_base64_encode (digest, length);
  return g_strdup_printf ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                          "Connection: Upgrade\r\nSec-WebSocket-Accept: %s\r\n\r\n", accept);
}

/**
 * lw_web_socket_new:
 * @stream: the connection, taken from libsoup after the request's
 *   headers (its input and output pollable; a reference taken, closed
 *   with the socket)
 * @response: the handshake's answer (lw_web_socket_handshake()), written first
 * @max_message: the most bytes a message may hold, its frames together
 *   (≥ 1); more closes the socket with 1009 before they are read
 * @ping_s: seconds between the server's pings (≥ 1)
 * @funcs: what the socket tells (copied)
 * @data: given to @funcs
 *
 * Serves a WebSocket on @stream in the thread-default main context.
 *
 * Returns: (transfer full): the socket, freed by lw_web_socket_free()
 */
LwWebSocket *
lw_web_socket_new (GIOStream            *stream,
                 const char           *response,
                 gsize                 max_message,
                 guint                 ping_s,
                 const LwWebSocketFuncs *funcs,
                 gpointer              data)
{
  LwWebSocket *ws;

  g_return_val_if_fail (max_message >= 1 && ping_s >= 1, NULL);

  ws = g_new0 (LwWebSocket, 1);
  ws->context = g_main_context_ref_thread_default ();
  ws->stream = g_object_ref (stream);
  ws->input = G_POLLABLE_INPUT_STREAM (g_io_stream_get_input_stream (stream));
  ws->output = G_POLLABLE_OUTPUT_STREAM (g_io_stream_get_output_stream (stream));
  ws->funcs = *funcs;
  ws->data = data;
  ws->max_message = max_message;
  ws->in = g_byte_array_new ();
  ws->message = g_byte_array_new ();
  ws->message_op = -1;
  ws->out = g_byte_array_new ();
  g_byte_array_append (ws->out, (const guint8 *) response, (guint) strlen (response));
  flush (ws);
  ws->input_source = attach (g_pollable_input_stream_create_source (ws->input, NULL),
                             G_SOURCE_FUNC (input_cb), ws);
  ws->ping_source = attach (g_timeout_source_new_seconds (ping_s), ping_cb, ws);
  return ws;
}

/**
 * lw_web_socket_is_open:
 *
 * Returns: whether messages are still sent and delivered (no close frame
 *   sent or received yet)
 */
gboolean
lw_web_socket_is_open (LwWebSocket *ws)
{
  return ws->state == WS_OPEN && ws->end_source == NULL;
}

/**
 * lw_web_socket_send_text:
 * @text: a UTF-8 text, sent as one frame
 *
 * Queues @text if the socket is open; a peer that has left more than
 * %LW_WEB_SOCKET_MAX_OUTPUT bytes unread is cut instead.
 */
void
lw_web_socket_send_text (LwWebSocket  *ws,
                       const char *text)
{
  if (lw_web_socket_is_open (ws))
    send_frame (ws, OP_TEXT, text, strlen (text));
}

/**
 * lw_web_socket_free:
 *
 * Frees @ws: a socket still open is sent 1001 (Going Away) if that can
 * be written at once, and its stream closed; nothing is told.
 */
void
lw_web_socket_free (LwWebSocket *ws)
{
  if (ws == NULL)
    return;
  ws->funcs.closed = NULL;
  if (ws->state == WS_OPEN)
    lw_web_socket_close (ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
  ws->funcs.closed = NULL;
  finish (ws);
  g_object_unref (ws->stream);
  g_byte_array_unref (ws->in);
  g_byte_array_unref (ws->message);
  g_byte_array_unref (ws->out);
  g_main_context_unref (ws->context);
  g_free (ws);
}
