/* lw-table-facts.c — the bidding's events and the wildcards' meanings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
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
