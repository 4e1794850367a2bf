/* lw-window.h — a window on one database: the games, a new game, a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-club-auto.h"
#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_WINDOW (lw_window_get_type ())
G_DECLARE_FINAL_TYPE (LwWindow, lw_window, LW, WINDOW, AdwApplicationWindow)

typedef struct _LwApplication LwApplication;

/**
 * lw_window_new:
 * @application: the application
 * @store: the open database; the window keeps a reference
 *
 * Returns: (transfer none): a new window showing the games of @store.
 */
LwWindow *lw_window_new (LwApplication *application,
                         LwStore       *store);

/** Returns: (transfer none): the window's database. */
LwStore *lw_window_get_store (LwWindow *self);

/** Returns: (transfer none): the automatic sync of the window's database
 *  with its club server (lw-club-auto.h). */
LwClubAuto *lw_window_get_club_auto (LwWindow *self);

G_END_DECLS
