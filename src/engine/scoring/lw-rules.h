/* lw-rules.h — the fixed facts of the game: seats, hand sizes, decks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/** The most seats at one table (SCORING R1). */
#define LW_MAX_SEATS 8
/** The fewest seats at one table (SCORING R1). */
#define LW_MIN_SEATS 2
/** "No seat": nobody declared, no winner, dealer not given. */
#define LW_NO_SEAT (-1)

/**
 * LwRuleset:
 * @LW_RULESET_LITTLE_WOLF: Little Wolf (SCORING R1–R25)
 * @LW_RULESET_GARWOLF: Garwolf (SCORING G1–G3)
 */
typedef enum {
  LW_RULESET_LITTLE_WOLF,
  LW_RULESET_GARWOLF,
} LwRuleset;

/**
 * lw_hand_size:
 * @n_players: players at the table, 2–8
 *
 * Cards dealt to each player in Little Wolf (SCORING R1): 2→13, 3→11,
 * 4→9, 5→13, 6→13, 7→11, 8→9.
 *
 * Returns: the hand size, or 0 when @n_players is out of range.
 */
guint lw_hand_size (guint n_players);

/**
 * lw_decks:
 * @n_players: players at the table, 2–8
 *
 * Returns: 1 for 2–4 players, 2 for 5–8 (SCORING R1), 0 when out of range.
 */
guint lw_decks (guint n_players);

/**
 * lw_total_cards:
 * @n_players: players at the table, 2–8
 *
 * T, the cards in tricks in one round: players × hand size (SCORING R1).
 *
 * Returns: T, or 0 when @n_players is out of range.
 */
guint lw_total_cards (guint n_players);

/** Court cards (J, Q, K of four suits) taken in every Garwolf hand (SCORING G1). */
#define LW_GARWOLF_COURT_CARDS 12

/** The fewest players of Garwolf (SCORING G1). */
#define LW_GARWOLF_MIN_SEATS 3

/** The most players of Garwolf (SCORING G1). */
#define LW_GARWOLF_MAX_SEATS 4

/**
 * lw_garwolves:
 * @n_players: Garwolf players, 3–4
 *
 * Garwolves in the deck and so taken in every hand: one per player
 * (SCORING G1).
 *
 * Returns: the number of Garwolves, 0 when @n_players is out of range.
 */
guint lw_garwolves (guint n_players);

/**
 * LwPassing:
 * @LW_PASS_LEFT: each player passes two cards to the player on the left
 * @LW_PASS_RIGHT: … to the right
 * @LW_PASS_ACROSS: … across the table (four players)
 * @LW_PASS_KEEP: no passing: everyone keeps what was dealt
 *
 * The passing before a Garwolf hand (SCORING G3).
 */
typedef enum {
  LW_PASS_LEFT,
  LW_PASS_RIGHT,
  LW_PASS_ACROSS,
  LW_PASS_KEEP,
} LwPassing;

/**
 * lw_garwolf_passing:
 * @n_players: Garwolf players, 3–4
 * @hand: the hand's 1-based number
 *
 * SCORING G3: three players pass left, right, keep; four players left,
 * right, across, keep; repeating.
 *
 * Returns: the passing before @hand.
 */
LwPassing lw_garwolf_passing (guint n_players,
                              guint hand);

/**
 * lw_passing_to_label:
 * @passing: a passing
 *
 * Returns: (transfer none): the passing in words, translated, e.g.
 *   "Pass two cards left".
 */
const char *lw_passing_to_label (LwPassing passing);

/**
 * lw_ruleset_to_string:
 * @ruleset: a ruleset
 *
 * Returns: (transfer none): the game-record name, "little-wolf" or "garwolf".
 */
const char *lw_ruleset_to_string (LwRuleset ruleset);

/**
 * lw_ruleset_from_string:
 * @name: "little-wolf" or "garwolf"
 * @ruleset: (out): the ruleset
 *
 * Returns: %TRUE when @name is a known ruleset.
 */
gboolean lw_ruleset_from_string (const char *name,
                                 LwRuleset  *ruleset);

/**
 * lw_rules_most_cards:
 * @cards: (array length=n_seats): the cards each seat won, ≥ 0
 * @n_seats: how many seats, 1 to %LW_MAX_SEATS
 *
 * The seats that won the most cards, each of which costs its side a point
 * when everyone declined (SCORING R16); none while no card is won.
 *
 * Returns: a mask of seats (bit s for seat s), 0 when every count is 0.
 */
guint lw_rules_most_cards (const int *cards,
                           guint      n_seats);

G_END_DECLS
