/* lw-entry-server-private.h — the entry server's object, for its files
 *
 * For lw-entry-server.c (the server and its thread) and
 * lw-entry-server-play.c (its remote play) only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-entry-play.h"
#include "lw-entry-server.h"

G_BEGIN_DECLS

typedef struct _Serving Serving;

struct _LwEntryServer
{
  GObject parent_instance;

  /* owned */
  LwEntryRequests     *entry;
  LwEntryServerLimits  limits;
  GMainContext        *context;   /* where notify::state is emitted */
  Serving             *serving;   /* while running; owned by its thread until joined */
  GThread             *thread;
  guint                port;

  /* set by the server's thread */
  int                  state;     /* LwEntryServerState, atomic */
  guint                n_connections;  /* atomic */
  GMutex               problem_lock;
  char                *problem;

  /* remote play's tables and sockets, shared with the thread */
  LwEntryPlay         *play;
};

G_END_DECLS
