/* lw-web-play-private.h — what remote play's two files share
 *
 * For lw-web-play.c (the owner's thread: the tables, their secrets,
 * the jobs posted between the threads) and lw-web-play-socket.c (the
 * server's thread: the sockets) only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "lw-web-play.h"

G_BEGIN_DECLS

#define MAX_SEATS 8

#include "lw-web-socket.h"

/* A table, owned by the owner's thread; its secrets, connected and lang
 * under the mutex. */
typedef struct {
  gint64       game_id;
  guint        n_players;
  LwTableHost *host;
  gulong       changed_id;
  LwWebPlay *play;                     /* borrowed: it holds the table */
  char        *secret[MAX_SEATS];        /* NULL: not a remote seat, or its link made before a restart */
  char        *hash[MAX_SEATS];          /* its SHA-256, what a hello is checked against; NULL: no link */
  gboolean     connected[MAX_SEATS];
  char         lang[MAX_SEATS][3];
} PlayTable;

/* A socket, in the server's thread. */
typedef struct {
  LwWebPlay             *play;     /* borrowed: it holds the socket */
  LwWebSocket               *ws;
  GIOStream               *base;     /* the server's connection under it */
  char                    *address;
  guint64                  serial;
  gint64                   game_id;
  int                      seat;     /* -1 until its hello */
  char                     lang[3];
  GSource                 *hello_timeout;
  GSource                 *silence_check;
  gint64                   last_heard;   /* monotonic µs of its last message */
  gint64                   window_start; /* the rate's window: its first frame's time */
  guint                    window_count; /* frames read in it */
} PlaySocket;

struct _LwWebPlay
{
  gatomicrefcount      ref_count;
  GMainContext        *owner_context;
  LwWebPlaySeatFunc  seat_func;   /* owner's thread; NULL once forgotten */
  gpointer             seat_data;

  GMutex               lock;
  GHashTable          *tables;      /* gint64* → PlayTable*, under lock */
  GMainContext        *server_context;  /* under lock; NULL while stopped */
  guint                max_per_address; /* atomic */
  guint                ping_ms;         /* atomic: the page's heartbeat */
  guint                silence_ms;      /* atomic: closed after this silence */

  /* the server's thread */
  GHashTable          *sockets;     /* guint64* serial → PlaySocket* */
  GHashTable          *seats;       /* "game:seat" → PlaySocket* (borrowed) */
  GHashTable          *per_address; /* char* → count */
  guint64              next_serial;
};

/* A text for a socket, or a close, posted by the owner's thread to the
 * server's (lw-web-play.c's post_delivery()). */
typedef struct {
  LwWebPlay *play;
  gint64       game_id;
  int          seat;     /* -1: every socket of the table */
  guint64      serial;   /* 0: whichever socket holds the seat */
  char        *text;     /* to send, or NULL */
  guint        close_code;  /* 0, or close with it after the text */
} Delivery;

/* In the server's thread: runs a #Delivery posted by the owner's. */
gboolean lw_web_play_deliver_cb (gpointer data);

/* In the server's thread: @socket's seat wants its state (@action and
 * @message %NULL) or acts or asks for readings (@action, transfer full,
 * whose shape lw_table_host_read_message() checked into @message, which
 * borrows from it), posted to the owner's. */
void lw_web_play_post_request (PlaySocket               *socket,
                               JsonNode                 *action,
                               const LwTableHostMessage *message);

/* In the server's thread: tells the owner's that @socket's seat is
 * @connected now (the seat function, lw_web_play_new()). */
void lw_web_play_tell_owner (PlaySocket *socket,
                               gboolean    connected);

/* A refusal `{"type":"refused","id":…,"reason":…,"message":…}` as text
 * (transfer full); @id nullable. */
char *lw_web_play_refusal_text (const char *id,
                                  const char *reason,
                                  const char *message);

/* @object's member @name if it is a string, else %NULL (borrowed). */
const char *lw_web_play_string_member (JsonObject *object,
                                         const char *name);

G_END_DECLS
