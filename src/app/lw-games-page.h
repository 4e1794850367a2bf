/* lw-games-page.h — the start page: ongoing and finished games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_GAMES_PAGE (lw_games_page_get_type ())
G_DECLARE_FINAL_TYPE (LwGamesPage, lw_games_page, LW, GAMES_PAGE, AdwBin)

void lw_games_page_set_store (LwGamesPage *self,
                              LwStore     *store);

/**
 * lw_games_page_reload:
 * @self: the page
 * @error: return location for a #GError
 *
 * Lists the store's games again, newest first, split into ongoing and
 * finished.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_games_page_reload (LwGamesPage  *self,
                               GError      **error);

/**
 * lw_games_page_get_n_games:
 * @self: the page
 * @finished: which list
 *
 * Returns: the rows in the ongoing or finished list.
 */
guint lw_games_page_get_n_games (LwGamesPage *self,
                                 gboolean     finished);

G_END_DECLS
