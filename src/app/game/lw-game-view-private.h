/* lw-game-view-private.h — what the UI tests read of lw-game-view.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-game-view.h"

G_BEGIN_DECLS

/**
 * lw_game_view_get_load_count:
 *
 * Returns: how many times the view has read its game (for tests: one
 *   reading per change).
 */
guint lw_game_view_get_load_count (LwGameView *self);

G_END_DECLS
