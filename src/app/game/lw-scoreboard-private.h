/* lw-scoreboard-private.h — what the UI tests read of lw-scoreboard.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-scoreboard.h"

G_BEGIN_DECLS

/**
 * lw_scoreboard_get_accessible_text:
 * @self: the scoreboard
 * @side: a side, 0..lw_scoreboard_get_n_sides()-1
 *
 * Returns: (transfer none): the accessible label of @side's card, as a
 *   screen reader reads it: "Ann, 7 points, needs 8 to win, deals next".
 */
const char *lw_scoreboard_get_accessible_text (LwScoreboard *self,
                                          guint    side);

/** Returns: (transfer none): the badge under @side's score ("Deals", "Winner · Skunk"), "" when none. */
const char *lw_scoreboard_get_badge_text (LwScoreboard *self,
                                     guint    side);

/** Returns: (transfer none): the seats that still owe a deal (R19, R20), one a line, "" when none. */
const char *lw_scoreboard_get_deal_text (LwScoreboard *self);

/** Returns: (transfer none): what is dealt (R1, G1), "9 cards each · 36 in tricks"; "" when the game is over. */
const char *lw_scoreboard_get_hand_text (LwScoreboard *self);

/** Returns: the number of sides shown. */
guint lw_scoreboard_get_n_sides (LwScoreboard *self);

/** Returns: (transfer none): the line under @side's score, e.g. "needs 4 to win". */
const char *lw_scoreboard_get_needs_text (LwScoreboard *self,
                                     guint    side);

/** Returns: (transfer none): the score shown for @side, e.g. "16". */
const char *lw_scoreboard_get_score_text (LwScoreboard *self,
                                     guint    side);

/** Returns: (transfer none): the line above the scores, e.g. "Round 4 · Ann deals". */
const char *lw_scoreboard_get_status_text (LwScoreboard *self);

/** Returns: (transfer none): the skunk warning (R23), "" when none. */
const char *lw_scoreboard_get_warning_text (LwScoreboard *self);

G_END_DECLS
