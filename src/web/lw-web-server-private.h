/* lw-web-server-private.h — the web server's object, for its files
 *
 * For lw-web-server.c (the server and its thread) and
 * lw-web-server-play.c (its remote play) only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-web-play.h"
#include "lw-web-server.h"

G_BEGIN_DECLS

typedef struct _Serving Serving;

struct _LwWebServer
{
  GObject parent_instance;

  /* owned */
  LwEntryRequests     *entry;
  LwWebServerLimits  limits;
  GMainContext        *context;   /* where notify::state is emitted */
  Serving             *serving;   /* while running; owned by its thread until joined */
  GThread             *thread;
  guint                port;

  /* set by the server's thread */
  int                  state;     /* LwWebServerState, atomic */
  GMutex               problem_lock;
  char                *problem;

  /* remote play's tables and sockets, shared with the thread */
  LwWebPlay         *play;
};

/**
 * lw_web_server_get_socket_options:
 * @self: a running server (lw_web_server_start())
 * @level: the option's level, as for g_socket_get_option() (`IPPROTO_TCP`)
 * @optname: the option (`TCP_NODELAY`)
 *
 * Reads @optname back with g_socket_get_option() from the socket of
 * every connection the server holds open (table entry's requests and
 * remote play's WebSockets alike), in the server's thread, and waits for
 * the answer; for the tests of what take_connection() sets on each
 * accepted socket. Call it from the thread that started the server.
 *
 * Returns: (transfer full) (element-type int): the option's value per
 *   open connection, in no particular order; -1 where it could not be
 *   read. Empty when the server is not running.
 */
GArray *lw_web_server_get_socket_options (LwWebServer *self,
                                          int          level,
                                          int          optname);

G_END_DECLS
