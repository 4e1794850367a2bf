/* lw-game-layout-private.h — what the UI tests read of lw-game-layout.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-game-layout.h"

G_BEGIN_DECLS

/**
 * lw_game_layout_get_wide:
 * @self: a layout
 *
 * Returns: whether the last allocation put the round form beside the board
 *   (two columns) rather than below it.
 */
gboolean lw_game_layout_get_wide (LwGameLayout *self);

G_END_DECLS
