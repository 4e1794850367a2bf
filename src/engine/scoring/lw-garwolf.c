/* lw-garwolf.c — Garwolf's points won in a hand (SCORING G1) and its King
 * and Knave house rule (G3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "lw-garwolf.h"

/* G1: a Garwolf won is worth 3 (a Court card 1). */
#define GARWOLF_POINTS 3

int
lw_garwolf_points_won (const LwRound *round,
                       guint          seat,
                       int           *court_points,
                       int           *garwolf_points)
{
  int court, garwolves;

  g_return_val_if_fail (round != NULL, 0);
  g_return_val_if_fail (seat < LW_MAX_SEATS, 0);

  court = round->court[seat];
  garwolves = GARWOLF_POINTS * round->garwolves[seat];
  if (court_points != NULL)
    *court_points = court;
  if (garwolf_points != NULL)
    *garwolf_points = garwolves;
  return court + garwolves;
}

gboolean
lw_garwolf_king_and_knave (const LwGameRecord *record,
                           const LwStandings  *standings,
                           guint               hand,
                           LwKingAndKnave     *out)
{
  const LwRound *previous;
  int most = G_MININT, fewest = G_MAXINT;

  g_return_val_if_fail (out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (standings != NULL, FALSE);
  g_return_val_if_fail (record->ruleset == LW_RULESET_GARWOLF, FALSE);
  g_return_val_if_fail (standings->rounds->len == record->rounds->len, FALSE);
  g_return_val_if_fail (hand >= 1 && hand <= record->rounds->len + 1, FALSE);

  out->hand = hand;
  /* G3: no passing in the first hand. */
  if (hand == 1)
    return TRUE;

  previous = g_ptr_array_index (record->rounds, hand - 2);
  for (guint seat = 0; seat < record->n_players; seat++)
    {
      most = MAX (most, lw_garwolf_points_won (previous, seat, NULL, NULL));
      fewest = MIN (fewest, lw_garwolf_points_won (previous, seat, NULL, NULL));
    }

  if (most == fewest)
    {
      out->everyone_tied = TRUE;
      return TRUE;
    }

  for (guint seat = 0; seat < record->n_players; seat++)
    {
      int points = lw_garwolf_points_won (previous, seat, NULL, NULL);

      if (points == most)
        out->kings[out->n_kings++] = (int) seat;
      else if (points == fewest)
        out->knaves[out->n_knaves++] = (int) seat;
    }
  out->exchange = TRUE;
  return TRUE;
}

/* "Ann", "Ann and Ben", "Ann, Ben and Cleo" */
static char *
join_names (const LwGameRecord *record,
            const int          *seats,
            guint               n)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        /* TRANSLATORS: between names in a list: "Ann, Ben and Cleo" */
        g_string_append (text, i + 1 == n ? _(" and ") : _(", "));
      g_string_append (text, record->players[seats[i]]);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
lw_king_and_knave_describe (const LwGameRecord   *record,
                            const LwKingAndKnave *kk)
{
  g_autofree char *kings = NULL;
  g_autofree char *knaves = NULL;
  g_autofree char *king_part = NULL;
  g_autofree char *knave_part = NULL;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (kk != NULL, NULL);

  if (kk->hand <= 1)
    /* TRANSLATORS: Garwolf, King and Knave house rule: the first hand */
    return g_strdup_printf (_("Hand %u: no passing"), kk->hand);

  if (!kk->exchange)
    /* TRANSLATORS: Garwolf, King and Knave house rule: everyone won the
     * same points in the hand before, so there is no King and no Knave */
    return g_strdup_printf (_("Hand %u: everyone tied in hand %u, no exchange"),
                            kk->hand, kk->hand - 1);

  kings = join_names (record, kk->kings, kk->n_kings);
  knaves = join_names (record, kk->knaves, kk->n_knaves);

  if (kk->n_kings == 1)
    /* TRANSLATORS: Garwolf house rule; King is the hand's top scorer:
     * "King Ann gives Ben two cards of choice" */
    king_part = g_strdup_printf (_("King %s gives %s two cards of choice"), kings, knaves);
  else
    /* TRANSLATORS: "Kings Ann and Cleo give Ben two cards of choice" */
    king_part = g_strdup_printf (_("Kings %s give %s two cards of choice"), kings, knaves);

  if (kk->n_knaves == 1)
    /* TRANSLATORS: Garwolf house rule; Knave is the hand's bottom scorer:
     * "Knave Ben gives Ann his two highest (Ace low)" */
    knave_part = g_strdup_printf (_("Knave %s gives %s his two highest (Ace low)"), knaves, kings);
  else
    /* TRANSLATORS: "Knaves Ben and Dev give Ann their two highest (Ace low)" */
    knave_part = g_strdup_printf (_("Knaves %s give %s their two highest (Ace low)"), knaves, kings);

  /* TRANSLATORS: "Hand 3: <what the King gives>; <what the Knave gives>" */
  return g_strdup_printf (_("Hand %u: %s; %s"), kk->hand, king_part, knave_part);
}
