/* lw-table-facts.c — the bidding's events and the wildcards' meanings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-rules.h"
#include "lw-table-facts.h"

guint
lw_table_bid_events (const LwTable *table,
                     GArray        *out)
{
  const GArray *log;
  guint first, declines = 0;
  int dealer;
  guint n_players;

  g_return_val_if_fail (table != NULL && out != NULL, 0);

  log = lw_table_get_log (table);
  first = out->len;
  dealer = lw_table_get_dealer (table);
  n_players = lw_table_get_n_players (table);
  for (guint i = 0; i < log->len; i++)
    {
      const LwAction *action = &g_array_index (log, LwAction, i);
      LwBidEvent event = { 0 };

      if (action->kind != LW_ACTION_DECLARE && action->kind != LW_ACTION_DECLINE)
        break;
      event.kind = action->kind == LW_ACTION_DECLARE ? LW_BID_DECLARES : LW_BID_DECLINES;
      event.seat = action->seat;
      event.dealer = action->seat == dealer;
      g_array_append_val (out, event);
      if (action->kind == LW_ACTION_DECLINE)
        declines++;
    }

  if (declines == n_players)
    {
      LwBidEvent event = { LW_BID_ALL_DECLINED, dealer, TRUE, 0 };
      int taken[LW_MAX_SEATS] = { 0 };

      /* R16: the seats with the most cards (none while no card is won). */
      for (guint s = 0; s < n_players; s++)
        taken[s] = (int) lw_table_get_taken (table, (int) s);
      event.charged = lw_rules_most_cards (taken, n_players);
      g_array_append_val (out, event);
    }
  return out->len - first;
}

guint
lw_play_wildcards (const LwPlay *play,
                   LwWildcard    out[LW_MAX_PLAY])
{
  guint n = 0;

  g_return_val_if_fail (play != NULL && out != NULL, 0);

  for (guint i = 0; i < play->n && i < LW_MAX_PLAY; i++)
    if (play->as_rank[i] >= 0)
      {
        out[n].index = i;
        out[n].card = play->cards[i];
        out[n].rank = (guint) play->as_rank[i];
        out[n].suit = (LwSuit) play->as_suit[i];
        n++;
      }
  return n;
}

guint32
lw_table_obligatory (const LwTable *table,
                     guint32        picked,
                     guint32       *could)
{
  const LwLead *lead;
  const LwCard *hand;
  guint n_hand;
  int turn;

  g_return_val_if_fail (table != NULL, 0);

  if (could != NULL)
    *could = 0;
  lead = lw_table_get_lead (table);
  turn = lw_table_get_turn (table);
  if (lw_table_get_phase (table) != LW_PHASE_PLAY || lead == NULL || turn == LW_NO_SEAT)
    return 0;
  hand = lw_table_get_hand (table, turn, &n_hand);
  if (n_hand < lead->n)
    return 0;
  return lw_follow_obligatory (lead, hand, n_hand, picked, could);
}

/* Whether @play holds the faces of @cards, as many of each. */
static gboolean
same_faces (const LwPlay *play,
            const LwCard *cards,
            guint         n)
{
  guint8 a[LW_N_FACES] = { 0 }, b[LW_N_FACES] = { 0 };

  if (play->n != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      a[lw_card_face (play->cards[i])]++;
      b[lw_card_face (cards[i])]++;
    }
  return memcmp (a, b, sizeof a) == 0;
}

/* @lead played with the very cards of @cards (copies of the same faces). */
static void
play_with_cards (const LwPlay *lead,
                 const LwCard *cards,
                 guint         n,
                 LwPlay       *out)
{
  gboolean used[LW_MAX_PLAY] = { FALSE };

  *out = *lead;
  for (guint i = 0; i < lead->n; i++)
    for (guint j = 0; j < n; j++)
      if (!used[j] && lw_card_face (cards[j]) == lw_card_face (lead->cards[i]))
        {
          out->cards[i] = cards[j];
          used[j] = TRUE;
          break;
        }
}

guint
lw_table_lead_readings (const LwTable *table,
                        const LwCard  *cards,
                        guint          n,
                        GArray        *out)
{
  g_autoptr (GArray) leads = g_array_new (FALSE, FALSE, sizeof (LwPlay));
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  guint before;

  g_return_val_if_fail (table != NULL && cards != NULL && out != NULL, 0);

  before = out->len;
  if (n == 0 || n > LW_MAX_PLAY)
    return 0;
  lw_table_legal_leads (table, leads);
  for (guint k = 0; k < leads->len; k++)
    {
      const LwPlay *lead = &g_array_index (leads, LwPlay, k);
      g_autofree char *text = NULL;
      gboolean dup = FALSE;
      LwPlay play;

      if (!same_faces (lead, cards, n))
        continue;
      text = lw_play_format (lead);
      for (guint j = 0; j < seen->len && !dup; j++)
        dup = strcmp (seen->pdata[j], text) == 0;
      if (dup)
        continue;
      g_ptr_array_add (seen, g_steal_pointer (&text));
      play_with_cards (lead, cards, n, &play);
      g_array_append_val (out, play);
    }
  return out->len - before;
}
