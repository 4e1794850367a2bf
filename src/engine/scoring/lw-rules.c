/* lw-rules.c — seats, hand sizes and decks (SCORING R1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n-lib.h>

#include "lw-rules.h"

/* SCORING R1: index = players. */
static const guint hand_sizes[LW_MAX_SEATS + 1] = { 0, 0, 13, 11, 9, 13, 13, 11, 9 };

guint
lw_hand_size (guint n_players)
{
  if (n_players < LW_MIN_SEATS || n_players > LW_MAX_SEATS)
    return 0;
  return hand_sizes[n_players];
}

guint
lw_decks (guint n_players)
{
  if (n_players < LW_MIN_SEATS || n_players > LW_MAX_SEATS)
    return 0;
  return n_players <= 4 ? 1 : 2;
}

guint
lw_total_cards (guint n_players)
{
  return n_players * lw_hand_size (n_players);
}

guint
lw_garwolves (guint n_players)
{
  return n_players >= LW_GARWOLF_MIN_SEATS && n_players <= LW_GARWOLF_MAX_SEATS ? n_players : 0;
}

LwPassing
lw_garwolf_passing (guint n_players,
                    guint hand)
{
  static const LwPassing three[] = { LW_PASS_LEFT, LW_PASS_RIGHT, LW_PASS_KEEP };
  static const LwPassing four[] = { LW_PASS_LEFT, LW_PASS_RIGHT, LW_PASS_ACROSS, LW_PASS_KEEP };

  g_return_val_if_fail (hand >= 1, LW_PASS_KEEP);

  if (n_players == 4)
    return four[(hand - 1) % G_N_ELEMENTS (four)];
  return three[(hand - 1) % G_N_ELEMENTS (three)];
}

const char *
lw_passing_to_label (LwPassing passing)
{
  switch (passing)
    {
    case LW_PASS_LEFT: return _("Pass two cards left");
    case LW_PASS_RIGHT: return _("Pass two cards right");
    case LW_PASS_ACROSS: return _("Pass two cards across");
    case LW_PASS_KEEP: return _("Keep what was dealt");
    default: return "";
    }
}

guint
lw_rules_most_cards (const int *cards,
                     guint      n_seats)
{
  int most = 0;
  guint seats = 0;

  g_return_val_if_fail (cards != NULL && n_seats <= LW_MAX_SEATS, 0);

  for (guint s = 0; s < n_seats; s++)
    most = MAX (most, cards[s]);
  for (guint s = 0; s < n_seats && most > 0; s++)
    if (cards[s] == most)
      seats |= 1u << s;
  return seats;
}
