/* lw-scoreboard.h — the scoreboard: each side's score, large, what it needs to win,
 * and who deals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-engine.h"

G_BEGIN_DECLS

#define LW_TYPE_SCOREBOARD (lw_scoreboard_get_type ())
G_DECLARE_FINAL_TYPE (LwScoreboard, lw_scoreboard, LW, SCOREBOARD, AdwBin)

/**
 * lw_scoreboard_update:
 * @self: the scoreboard
 * @record: the game
 * @standings: its standings (lw_standings_compute())
 *
 * Shows the scoreboard after the last round of @record.
 */
void lw_scoreboard_update (LwScoreboard            *self,
                      const LwGameRecord *record,
                      const LwStandings  *standings);

/**
 * lw_scoreboard_set_king_and_knave:
 * @self: the scoreboard
 * @king_and_knave: the Garwolf game is played with the King and Knave house
 *   rule (SCORING G3)
 *
 * With it, the status of a Garwolf game names the King(s) and Knave(s) of
 * the hand being entered (lw_garwolf_king_and_knave()) instead of the
 * passing. Takes effect at the next lw_scoreboard_update().
 */
void lw_scoreboard_set_king_and_knave (LwScoreboard  *self,
                                  gboolean  king_and_knave);

G_END_DECLS
