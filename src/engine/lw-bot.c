/* lw-bot.c — computer seats and games played by them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-bot.h"
#include "lw-error.h"
#include "lw-rules.h"
#include "lw-score.h"

gboolean
lw_bot_level_from_string (const char *name,
                          LwBotLevel *level)
{
  static const char *const names[] = { "random", "easy", "normal", "hard" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (name != NULL && strcmp (name, names[i]) == 0)
      {
        *level = (LwBotLevel) i;
        return TRUE;
      }
  return FALSE;
}

static guint
rank_sum (const LwCard *hand,
          guint         n_hand,
          guint32       mask)
{
  guint sum = 0;
  for (guint i = 0; i < n_hand; i++)
    if (mask & (1u << i))
      sum += lw_card_rank (hand[i]);
  return sum;
}

static void
choose_bid (const LwObservation *obs,
            LwBotLevel           level,
            LwRng               *rng,
            LwAction            *action)
{
  guint trumps = 0, high = 0;
  gboolean declare;

  for (guint i = 0; i < obs->n_hand; i++)
    {
      LwCard c = obs->hand[i];
      if (obs->trump != LW_NO_TRUMP ? lw_card_is_trump (c, obs->trump) : lw_card_is_den (c))
        trumps++;
      if (lw_card_rank (c) >= 12)
        high++;
    }
  switch (level)
    {
    case LW_BOT_RANDOM:
      declare = lw_rng_below (rng, 2) == 0;
      break;
    case LW_BOT_EASY:
      declare = trumps >= 3;
      break;
    case LW_BOT_NORMAL:
      declare = trumps * 3 >= obs->n_hand;
      break;
    case LW_BOT_HARD:
    default:
      declare = trumps * 2 + high >= obs->n_hand;
      break;
    }
  action->kind = declare ? LW_ACTION_DECLARE : LW_ACTION_DECLINE;
}

static void
choose_discard (const LwObservation *obs,
                LwBotLevel           level,
                LwRng               *rng,
                LwAction            *action)
{
  LwCard cards[LW_MAX_HAND];
  guint n = obs->n_hand;

  memcpy (cards, obs->hand, n);
  if (level == LW_BOT_RANDOM)
    {
      for (guint i = 0; i < 4; i++)
        {
          guint j = i + lw_rng_below (rng, n - i);
          LwCard t = cards[i];
          cards[i] = cards[j];
          cards[j] = t;
        }
    }
  else
    {
      /* The four lowest cards, trumps last. */
      LwCard plain[LW_MAX_HAND] = { 0 }, trumps[LW_MAX_HAND] = { 0 };
      guint np = 0, nt = 0;
      for (guint i = 0; i < n; i++)
        {
          if (lw_card_is_trump (obs->hand[i], obs->trump))
            trumps[nt++] = obs->hand[i];
          else
            plain[np++] = obs->hand[i];
        }
      memcpy (cards, plain, np);
      memcpy (cards + np, trumps, nt);
    }
  action->kind = LW_ACTION_DISCARD;
  lw_play_set (&action->play, cards, 4);
}

static void
choose_lead (const LwTable       *table,
             const LwObservation *obs,
             LwBotLevel           level,
             LwRng               *rng,
             LwAction            *action)
{
  action->kind = LW_ACTION_PLAY;
  switch (level)
    {
    case LW_BOT_EASY:
      lw_play_set (&action->play, &obs->hand[0], 1);
      return;
    case LW_BOT_NORMAL:
      lw_play_set (&action->play, &obs->hand[obs->n_hand - 1], 1);
      return;
    case LW_BOT_RANDOM:
    case LW_BOT_HARD:
    default:
      {
        g_autoptr (GArray) leads = NULL;
        guint pick = 0;
        if (level == LW_BOT_RANDOM)
          {
            /* Uniform over the legal leads, without listing them. */
            const LwHouseRules *rules = lw_table_get_rules (table);
            guint count = lw_leads_count (obs->hand, obs->n_hand, rules);
            if (!lw_leads_nth (obs->hand, obs->n_hand, rules, lw_rng_below (rng, count),
                               &action->play))
              g_assert_not_reached ();
            return;
          }
        leads = g_array_sized_new (FALSE, FALSE, sizeof (LwPlay), 64);
        lw_table_legal_leads (table, leads);
        for (guint k = 1; k < leads->len; k++)
            {
              const LwPlay *a = &g_array_index (leads, LwPlay, k);
              const LwPlay *b = &g_array_index (leads, LwPlay, pick);
              if (a->n > b->n || (a->n == b->n && a->n == 1
                                  && lw_card_rank (a->cards[0]) > lw_card_rank (b->cards[0])))
                pick = k;
            }
        action->play = g_array_index (leads, LwPlay, pick);
        return;
      }
    }
}

static void
choose_follow (const LwTable       *table,
               const LwObservation *obs,
               LwBotLevel           level,
               const int           *team_of,
               LwRng               *rng,
               LwAction            *action)
{
  g_autoptr (GArray) masks = g_array_sized_new (FALSE, FALSE, sizeof (guint32), 64);
  guint pick = 0;
  guint32 mask;
  LwCard cards[LW_MAX_PLAY];
  guint n = 0;

  lw_table_legal_follows (table, masks);
  if (level == LW_BOT_RANDOM)
    pick = lw_rng_below (rng, masks->len);
  else
    {
      gboolean partner_winning = FALSE;
      int best_win = -1;
      guint best_win_sum = G_MAXUINT, best_sum = G_MAXUINT;

      if (level == LW_BOT_HARD && team_of != NULL)
        {
          guint w = lw_trick_winner (&obs->lead, obs->current + 1, obs->n_current - 1, NULL);
          int seat = (obs->seat - (int) obs->n_current + (int) w + 2 * (int) obs->n_players)
                     % (int) obs->n_players;
          partner_winning = team_of[seat] == team_of[obs->seat];
        }
      for (guint k = 0; k < masks->len; k++)
        {
          guint32 m = g_array_index (masks, guint32, k);
          guint sum = rank_sum (obs->hand, obs->n_hand, m);
          if (sum < best_sum)
            {
              best_sum = sum;
              pick = k;
            }
          if (level != LW_BOT_EASY && !partner_winning)
            {
              LwPlay plays[LW_MAX_SEATS];
              LwCard sel[LW_MAX_PLAY];
              guint ns = 0;
              memcpy (plays, obs->current + 1, sizeof (LwPlay) * (obs->n_current - 1));
              for (guint i = 0; i < obs->n_hand; i++)
                if (m & (1u << i))
                  sel[ns++] = obs->hand[i];
              lw_play_set (&plays[obs->n_current - 1], sel, ns);
              if (lw_trick_winner (&obs->lead, plays, obs->n_current, NULL) == obs->n_current
                  && sum < best_win_sum)
                {
                  best_win_sum = sum;
                  best_win = (int) k;
                }
            }
        }
      if (best_win >= 0)
        pick = (guint) best_win;
    }

  mask = g_array_index (masks, guint32, pick);
  for (guint i = 0; i < obs->n_hand; i++)
    if (mask & (1u << i))
      cards[n++] = obs->hand[i];
  action->kind = LW_ACTION_PLAY;
  lw_play_set (&action->play, cards, n);
}

void
lw_bot_choose (const LwTable *table,
               LwBotLevel     level,
               const int     *team_of,
               LwRng         *rng,
               LwAction      *action)
{
  LwObservation obs;

  g_return_if_fail (lw_table_get_phase (table) != LW_PHASE_END);

  lw_table_observe (table, lw_table_get_turn (table), &obs);
  memset (action, 0, sizeof *action);
  action->seat = obs.seat;
  switch (obs.phase)
    {
    case LW_PHASE_BID:
      choose_bid (&obs, level, rng, action);
      break;
    case LW_PHASE_EXCHANGE:
      choose_discard (&obs, level, rng, action);
      break;
    case LW_PHASE_PLAY:
      if (obs.has_lead)
        choose_follow (table, &obs, level, team_of, rng, action);
      else
        choose_lead (table, &obs, level, rng, action);
      break;
    case LW_PHASE_END:
    default:
      g_assert_not_reached ();
    }
}

LwTable *
lw_bot_play_round (guint               n_players,
                   int                 dealer,
                   guint64             seed,
                   LwBotLevel          level,
                   const int          *team_of,
                   const LwHouseRules *rules)
{
  LwTable *table = lw_table_new (n_players, dealer, seed, rules);
  LwRng rng;

  lw_rng_init (&rng, lw_seed_mix (seed, 0xB07));
  while (lw_table_get_phase (table) != LW_PHASE_END)
    {
      LwAction action;
      g_autoptr (GError) error = NULL;

      lw_bot_choose (table, level, team_of, &rng, &action);
      if (!lw_table_apply (table, &action, &error))
        g_error ("a computer seat chose an illegal action: %s", error->message);
    }
  return table;
}

LwGameRecord *
lw_bot_play_game (guint        n_players,
                  gboolean     partners,
                  guint64      seed,
                  LwBotLevel   level,
                  guint        max_rounds,
                  GError     **error)
{
  g_autoptr (LwGameRecord) record = NULL;
  char *names[LW_MAX_SEATS + 1] = { NULL };
  int team_of[LW_MAX_SEATS];

  if (n_players < LW_MIN_SEATS || n_players > LW_MAX_SEATS)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "players: %u is not 2 to 8", n_players);
      return NULL;
    }
  if (partners && (n_players % 2 != 0 || n_players < 4))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "partners play needs 4, 6 or 8 players, not %u (SCORING R2)", n_players);
      return NULL;
    }

  for (guint s = 0; s < n_players; s++)
    names[s] = g_strdup_printf ("Seat %u", s + 1);
  record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, n_players, (const char *const *) names);
  for (guint s = 0; s < n_players; s++)
    g_free (names[s]);
  if (partners)
    {
      for (guint s = 0; s < n_players; s++)
        team_of[s] = (int) (s % (n_players / 2));
      lw_game_record_set_teams (record, n_players / 2, team_of);
    }

  for (guint k = 0;; k++)
    {
      g_autoptr (LwStandings) standings = lw_standings_compute (record, error);
      g_autoptr (LwTable) table = NULL;
      LwRound *round;

      if (standings == NULL)
        return NULL;
      if (standings->finished)
        break;
      if (k >= max_rounds)
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "the game has not ended after %u rounds", max_rounds);
          return NULL;
        }
      table = lw_bot_play_round (n_players, standings->next_dealer, lw_seed_mix (seed, k),
                                 level, partners ? team_of : NULL, NULL);
      round = lw_round_new ();
      lw_table_round_facts (table, partners ? team_of : NULL, round);
      g_ptr_array_add (record->rounds, round);
    }
  return g_steal_pointer (&record);
}
