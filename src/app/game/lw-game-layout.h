/* lw-game-layout.h — the game page's layout: one column when narrow, two
 * when wide
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LW_TYPE_GAME_LAYOUT (lw_game_layout_get_type ())
G_DECLARE_FINAL_TYPE (LwGameLayout, lw_game_layout, LW, GAME_LAYOUT, GtkWidget)

G_END_DECLS
