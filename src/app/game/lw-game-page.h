/* lw-game-page.h — one game: the board, the round form, the history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_GAME_PAGE (lw_game_page_get_type ())
G_DECLARE_FINAL_TYPE (LwGamePage, lw_game_page, LW, GAME_PAGE, AdwBin)

/**
 * lw_game_page_set_store:
 * @self: the page
 * @store: the database; the page keeps a reference. Its #LwStoreWatch
 *   (lw_store_watch_new(), made by the window) tells the page's
 *   #LwGameView what changed.
 */
void lw_game_page_set_store (LwGamePage *self,
                             LwStore    *store);

/**
 * lw_game_page_load:
 * @self: the page
 * @id: a stored game's ID
 * @error: return location for a #GError
 *
 * Loads game @id from the store and shows it.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_game_page_load (LwGamePage  *self,
                            gint64       id,
                            GError     **error);

/** Puts the focus in the round form (when the game goes on). */
void lw_game_page_focus_form (LwGamePage *self);

G_END_DECLS
