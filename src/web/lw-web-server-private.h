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

G_END_DECLS
