/* lw-new-game-page.h — setting up a game: ruleset, players, partners,
 * first dealer, rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-store.h"
#include "lw-table-seats.h"

G_BEGIN_DECLS

#define LW_TYPE_NEW_GAME_PAGE (lw_new_game_page_get_type ())
G_DECLARE_FINAL_TYPE (LwNewGamePage, lw_new_game_page, LW, NEW_GAME_PAGE, AdwBin)

void lw_new_game_page_set_store (LwNewGamePage *self,
                                 LwStore       *store);

/**
 * lw_new_game_page_reset:
 * @self: the page
 *
 * Back to a fresh form: Little Wolf, 2 players, no names, no partners,
 * the known players offered again.
 */
void lw_new_game_page_reset (LwNewGamePage *self);

/** Puts the keyboard focus on the first player's name. */
void lw_new_game_page_focus (LwNewGamePage *self);

G_END_DECLS
