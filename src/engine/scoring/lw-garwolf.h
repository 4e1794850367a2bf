/* lw-garwolf.h — Garwolf's points won in a hand (SCORING G1) and its King
 * and Knave house rule (G3, `king_and_knave`)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-record.h"
#include "lw-score.h"

G_BEGIN_DECLS

/**
 * lw_garwolf_points_won:
 * @round: a Garwolf hand, its counts checked (lw_round_validate())
 * @seat: a seat of the hand's game, 0..players − 1
 * @court_points: (out) (optional): the points of the seat's Court cards
 * @garwolf_points: (out) (optional): the points of the seat's Garwolves
 *
 * What @seat won in the hand @round (SCORING G1): each Court card won
 * (J, Q, K) is worth 1, each Garwolf 3. The replay scores a hand with it
 * (lw_standings_compute()) and the King and Knave house rule compares
 * the seats' points with it (lw_garwolf_king_and_knave()).
 *
 * Returns: the seat's points in the hand, @court_points + @garwolf_points.
 */
int lw_garwolf_points_won (const LwRound *round,
                           guint          seat,
                           int           *court_points,
                           int           *garwolf_points);

/**
 * LwKingAndKnave:
 * @hand: the 1-based hand the exchange comes before
 * @exchange: %TRUE when cards change hands before @hand; %FALSE for hand 1
 *   (no passing at all) and when everyone won the same points in the
 *   hand before
 * @everyone_tied: every player won the same points in the hand before
 *   (so there is no King and no Knave)
 * @n_kings: the number of Kings, 0 when there is no exchange
 * @kings: (array length=n_kings): the King seats in seat order: the
 *   player(s) who won the most points in the hand before
 * @n_knaves: the number of Knaves, 0 when there is no exchange
 * @knaves: (array length=n_knaves): the Knave seats in seat order: the
 *   player(s) who won the fewest points in the hand before
 *
 * Who exchanges cards before one Garwolf hand under the King and Knave
 * house rule (SCORING G3). Points won in a hand are lw_garwolf_points_won()
 * (G1).
 */
typedef struct {
  guint    hand;
  gboolean exchange;
  gboolean everyone_tied;
  guint    n_kings;
  int      kings[LW_MAX_SEATS];
  guint    n_knaves;
  int      knaves[LW_MAX_SEATS];
} LwKingAndKnave;

/**
 * lw_garwolf_king_and_knave:
 * @record: a Garwolf game record
 * @standings: its standings (lw_standings_compute())
 * @hand: a 1-based hand number, 1..(hands played + 1)
 * @out: (out caller-allocates): where the result goes
 *
 * Finds the King(s) and Knave(s) before @hand (SCORING G3, house rule
 * `king_and_knave`): none before hand 1, where nobody passes; from hand 2
 * on, the player(s) with the most points won (lw_garwolf_points_won(), G1)
 * in hand @hand − 1 are Kings and those with the fewest are Knaves. Ties
 * give several Kings or Knaves; when everyone tied there is no exchange.
 *
 * Returns: %TRUE when @out was filled; %FALSE (with a critical) when
 *   @record is not Garwolf, @standings do not belong to it or @hand is
 *   out of range.
 */
gboolean lw_garwolf_king_and_knave (const LwGameRecord *record,
                                    const LwStandings  *standings,
                                    guint               hand,
                                    LwKingAndKnave     *out);

/**
 * lw_king_and_knave_describe:
 * @record: the record @kk was found in (for the player names)
 * @kk: a result of lw_garwolf_king_and_knave()
 *
 * The exchange before a hand in one sentence for people, translated
 * (SCORING G3):
 * "Hand 3: King Ann gives Ben two cards of choice; Knave Ben gives Ann
 * his two highest (Ace low)", "Hand 1: no passing", "Hand 4: everyone
 * tied in hand 3, no exchange".
 *
 * Returns: (transfer full): UTF-8 text without a final newline.
 */
char *lw_king_and_knave_describe (const LwGameRecord   *record,
                                  const LwKingAndKnave *kk);

G_END_DECLS
