/* lw-bot-levels.c — how computer seats decide: Random, Easy, Normal and
 * Hard (Monte Carlo over sampled deals)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-bot-private.h"
#include "lw-error.h"
#include "lw-rules.h"
#include "lw-score.h"

/* ---- Small helpers ----------------------------------------------------- */

#define side_of lw_bot_side_of

static inline gboolean
is_wild_face (LwCard c)
{
  guint face = lw_card_face (c);
  return face == LW_FACE_BEAR || face == LW_FACE_WOLF;
}

/* What a card is worth keeping: what it costs to give it up in a follow. */
static guint
card_cost (LwCard c,
           LwSuit trump)
{
  guint cost = lw_card_rank (c);
  if (lw_card_is_trump (c, trump))
    cost += 20;
  if (is_wild_face (c))
    cost += 10;
  return cost;
}

static guint
mask_cost (const LwObservation *obs,
           guint32              mask)
{
  guint cost = 0;
  for (guint i = 0; i < obs->n_hand; i++)
    if (mask & (1u << i))
      cost += card_cost (obs->hand[i], obs->trump);
  return cost;
}

static gboolean
mask_spends (const LwObservation *obs,
             guint32              mask)
{
  for (guint i = 0; i < obs->n_hand; i++)
    if ((mask & (1u << i)) && (lw_card_is_trump (obs->hand[i], obs->trump)
                               || is_wild_face (obs->hand[i])))
      return TRUE;
  return FALSE;
}

static void
mask_to_play (const LwObservation *obs,
              guint32              mask,
              LwPlay              *play)
{
  LwCard cards[LW_MAX_PLAY];
  guint n = 0;
  for (guint i = 0; i < obs->n_hand; i++)
    if (mask & (1u << i))
      cards[n++] = obs->hand[i];
  lw_play_set (play, cards, n);
}

/* The seat whose play is winning the current trick under the round's
 * @rules (§5; TRICKS T22's house rule changes who it is). */
static int
winning_seat (const LwObservation *obs,
              const LwHouseRules  *rules)
{
  guint w = lw_trick_winner (&obs->lead, obs->current + 1, obs->n_current - 1, rules);
  int leader = (obs->seat - (int) obs->n_current + (int) obs->n_players) % (int) obs->n_players;
  return (leader + (int) w) % (int) obs->n_players;
}

/* Whether @mask played now would be winning the trick. */
static gboolean
mask_wins (const LwObservation *obs,
           const LwHouseRules  *rules,
           guint32              mask)
{
  LwPlay plays[LW_MAX_SEATS];
  memcpy (plays, obs->current + 1, sizeof (LwPlay) * (obs->n_current - 1));
  mask_to_play (obs, mask, &plays[obs->n_current - 1]);
  return lw_trick_winner (&obs->lead, plays, obs->n_current, rules) == obs->n_current;
}

static guint
n_wildcards (const LwPlay *play)
{
  guint n = 0;
  for (guint i = 0; i < play->n; i++)
    n += play->as_rank[i] >= 0;
  return n;
}

/* ---- Declaring and the exchange --------------------------------------- */

/* The hand's strength against the revealed trump (Normal): trumps by rank,
 * Den cards, long side suits, high side cards and Pairs. Roughly the
 * tricks' worth of cards the hand can expect to take, per card held. */
static double
hand_strength (const LwCard *hand,
               guint         n,
               LwSuit        trump)
{
  guint suit_len[4] = { 0 }, rank_n[LW_N_RANKS] = { 0 };
  double s = 0;

  for (guint i = 0; i < n; i++)
    {
      LwCard c = hand[i];
      guint r = lw_card_rank (c);
      rank_n[r]++;
      if (!lw_card_is_den (c))
        suit_len[lw_card_suit (c)]++;
      if (lw_card_is_trump (c, trump))
        s += 0.7 + r / 20.0;                     /* W 0.7 … L 1.5 */
      else if (lw_card_is_den (c))
        s += r >= LW_RANK_GONG ? 0.5 + (r - LW_RANK_GONG) * 0.2 : 0.1;  /* No Trump */
      else if (r >= 12)
        s += r == LW_RANK_KING ? 0.5 : 0.3;
    }
  for (guint suit = 0; suit < 4; suit++)
    if ((LwSuit) suit != trump && suit_len[suit] >= 4)
      s += 0.25 * (suit_len[suit] - 3);
  for (guint r = LW_RANK_ACE; r <= LW_RANK_KING; r++)
    if (rank_n[r] >= 2)
      s += 0.15 * r / 13.0 * (rank_n[r] - 1);
  return s;
}

gboolean
lw_bot_normal_declares (const LwObservation *obs)
{
  LwCard hand[LW_MAX_HAND + 1];
  guint n = obs->n_hand;
  double strength, need;

  memcpy (hand, obs->hand, n);
  /* The Dealer would add the Pups: the revealed one is known. */
  if (obs->seat == obs->dealer)
    hand[n++] = obs->revealed;
  strength = hand_strength (hand, n, obs->trump);
  if (obs->seat == obs->dealer)
    strength += 0.9;            /* three unseen Pups and the choice of discards */
  /* A Pack is more than half of every card in play, won alone: harder as
   * the table grows. */
  need = obs->n_hand * (0.42 + 0.06 * (obs->n_players - 2));
  return strength >= need;
}

static void
choose_bid (const LwObservation *obs,
            LwBotLevel           level,
            LwRng               *rng,
            LwAction            *action)
{
  guint trumps = 0;
  gboolean declare;

  for (guint i = 0; i < obs->n_hand; i++)
    {
      LwCard c = obs->hand[i];
      if (obs->trump != LW_NO_TRUMP ? lw_card_is_trump (c, obs->trump) : lw_card_is_den (c))
        trumps++;
    }
  switch (level)
    {
    case LW_BOT_RANDOM:
      declare = lw_rng_below (rng, 2) == 0;
      break;
    case LW_BOT_EASY:
      declare = trumps >= (obs->trump != LW_NO_TRUMP ? 4u : 3u);
      break;
    case LW_BOT_NORMAL:
    case LW_BOT_HARD:
    case LW_BOT_EXPERT:
    default:
      declare = lw_bot_normal_declares (obs);
      break;
    }
  action->kind = declare ? LW_ACTION_DECLARE : LW_ACTION_DECLINE;
}

/* Normal's keep value of a card for the exchange: trumps and Den cards
 * first, then high cards, Pairs and long suits; short plain suits go. */
int
lw_bot_keep_value (const LwCard *hand,
            guint         n,
            guint         i,
            LwSuit        trump)
{
  LwCard c = hand[i];
  guint r = lw_card_rank (c), same_rank = 0, suit_len = 0;

  if (lw_card_is_trump (c, trump) || lw_card_is_den (c))
    return 1000 + (int) r;
  for (guint k = 0; k < n; k++)
    {
      if (k != i && lw_card_rank (hand[k]) == r)
        same_rank++;
      if (!lw_card_is_den (hand[k]) && lw_card_suit (hand[k]) == lw_card_suit (c))
        suit_len++;
    }
  return (int) r * 2 + (int) same_rank * 12 + (int) suit_len * 4;
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
      /* The four of least keep value (Easy: of lowest rank, trumps last). */
      int value[LW_MAX_HAND] = { 0 };

      for (guint i = 0; i < n; i++)
        value[i] = level == LW_BOT_EASY
                   ? (int) card_cost (obs->hand[i], obs->trump)
                   : lw_bot_keep_value (obs->hand, n, i, obs->trump);
      for (guint i = 0; i < 4; i++)
        {
          guint best = i;
          for (guint j = i + 1; j < n; j++)
            if (value[j] < value[best])
              best = j;
          {
            LwCard tc = cards[i];
            int tv = value[i];
            cards[i] = cards[best];
            value[i] = value[best];
            cards[best] = tc;
            value[best] = tv;
          }
        }
    }
  action->kind = LW_ACTION_DISCARD;
  lw_play_set (&action->play, cards, 4);
}

/* ---- Leads -------------------------------------------------------------- */

static gboolean
play_is_trump_lead (const LwPlay *play,
                    LwSuit        trump)
{
  if (trump == LW_NO_TRUMP)
    return FALSE;
  for (guint i = 0; i < play->n; i++)
    if (play->as_rank[i] < 0 && !lw_card_is_trump (play->cards[i], trump))
      return FALSE;
  return TRUE;
}

/* The rank a lead is compared by: a Single's or group's rank, a Run's top. */
static guint
play_rank (const LwPlay *play)
{
  guint top = 0;
  for (guint i = 0; i < play->n; i++)
    top = MAX (top, play->as_rank[i] >= 0 ? (guint) play->as_rank[i] : lw_card_rank (play->cards[i]));
  return top;
}

/* Normal's value of a lead when it wants tricks: strong groups and Runs
 * (many cards, high rank) first, trumps to draw trumps when long in them;
 * wildcards are kept for big Sets. */
static double
normal_lead_value (const LwObservation *obs,
                   const LwPlay        *play,
                   guint                my_trumps)
{
  guint rank = play_rank (play), wild = n_wildcards (play);
  gboolean trump = play_is_trump_lead (play, obs->trump);
  double v;

  if (play->n == 1)
    {
      v = rank / 16.0;
      if (trump)
        v += my_trumps * 2 >= obs->n_hand ? 0.6 : -0.3;
      if (is_wild_face (play->cards[0]) && obs->trump == LW_NO_TRUMP)
        v += 0.2;
      return v;
    }
  v = play->n * (0.4 + rank / 16.0);
  if (trump)
    v += 0.5 * play->n;
  v -= wild * (play->n <= 3 ? 1.0 : 0.4);
  return v;
}

static void
choose_lead (const LwObservation *obs,
             LwBotLevel           level,
             const LwHouseRules  *rules,
             LwRng               *rng,
             LwAction            *action)
{
  g_autoptr (GArray) leads = NULL;
  guint pick = 0;

  action->kind = LW_ACTION_PLAY;
  if (level == LW_BOT_RANDOM)
    {
      /* Uniform over the legal leads, without listing them. */
      guint count = lw_leads_count (obs->hand, obs->n_hand, rules);
      if (!lw_leads_nth (obs->hand, obs->n_hand, rules, lw_rng_below (rng, count), &action->play))
        g_assert_not_reached ();
      return;
    }

  leads = g_array_sized_new (FALSE, FALSE, sizeof (LwPlay), 64);
  lw_leads_enumerate (obs->hand, obs->n_hand, obs->trump, rules, leads);

  if (level == LW_BOT_EASY)
    {
      /* At random among the leads that spend no wildcard and lead no Big
       * Bear or Little Wolf alone. */
      guint ok[512], n_ok = 0;
      for (guint k = 0; k < leads->len && n_ok < G_N_ELEMENTS (ok); k++)
        {
          const LwPlay *p = &g_array_index (leads, LwPlay, k);
          if (n_wildcards (p) == 0 && !(p->n == 1 && is_wild_face (p->cards[0])))
            ok[n_ok++] = k;
        }
      pick = n_ok > 0 ? ok[lw_rng_below (rng, n_ok)] : lw_rng_below (rng, leads->len);
    }
  else if (obs->declarer == LW_NO_SEAT)
    {
      /* No one Declared: the most cards cost a point, so lead the
       * cheapest Single. */
      guint best_cost = G_MAXUINT;
      for (guint k = 0; k < leads->len; k++)
        {
          const LwPlay *p = &g_array_index (leads, LwPlay, k);
          guint cost = card_cost (p->cards[0], obs->trump);
          if (p->n == 1 && cost < best_cost)
            {
              best_cost = cost;
              pick = k;
            }
        }
    }
  else
    {
      guint my_trumps = 0;
      double best = -1e9;
      for (guint i = 0; i < obs->n_hand; i++)
        my_trumps += lw_card_is_trump (obs->hand[i], obs->trump);
      for (guint k = 0; k < leads->len; k++)
        {
          double v = normal_lead_value (obs, &g_array_index (leads, LwPlay, k), my_trumps);
          if (v > best)
            {
              best = v;
              pick = k;
            }
        }
    }
  action->play = g_array_index (leads, LwPlay, pick);
}

/* ---- Follows ------------------------------------------------------------ */

/* Normal's follow among @masks (the legal follows). */
static guint
normal_follow_pick (const LwObservation *obs,
                    const LwHouseRules  *rules,
                    const int           *team_of,
                    const GArray        *masks)
{
  int winner = winning_seat (obs, rules);
  gboolean partner_winning = winner != obs->seat
                             && side_of (team_of, winner) == side_of (team_of, obs->seat);
  gboolean avoid = obs->declarer == LW_NO_SEAT;
  guint pick = 0, cheapest = 0, best_win = G_MAXUINT, best_lose = G_MAXUINT;
  guint cheapest_cost = G_MAXUINT, win_cost = G_MAXUINT;
  int lose_cost = -1;

  for (guint k = 0; k < masks->len; k++)
    {
      guint32 m = g_array_index (masks, guint32, k);
      guint cost = mask_cost (obs, m);
      gboolean wins = mask_wins (obs, rules, m);
      if (cost < cheapest_cost)
        {
          cheapest_cost = cost;
          cheapest = k;
        }
      if (wins && cost < win_cost)
        {
          win_cost = cost;
          best_win = k;
        }
      /* The dearest play that does not win: sheds danger when no one
       * Declared. */
      if (!wins && (int) cost > lose_cost)
        {
          lose_cost = (int) cost;
          best_lose = k;
        }
    }

  if (avoid)
    pick = best_lose != G_MAXUINT ? best_lose : cheapest;
  else if (partner_winning)
    pick = cheapest;
  else
    pick = best_win != G_MAXUINT ? best_win : cheapest;
  return pick;
}

static void
choose_follow (const LwObservation *obs,
               LwBotLevel           level,
               const LwHouseRules  *rules,
               const int           *team_of,
               LwRng               *rng,
               LwAction            *action)
{
  g_autoptr (GArray) masks = g_array_sized_new (FALSE, FALSE, sizeof (guint32), 64);
  guint pick = 0;

  lw_follow_legal (&obs->lead, obs->hand, obs->n_hand, masks);
  if (level == LW_BOT_RANDOM)
    pick = lw_rng_below (rng, masks->len);
  else if (level == LW_BOT_EASY)
    {
      /* At random among the plays that win, or that spend no trump, Big
       * Bear or Little Wolf; when nothing wins, the cheapest. */
      guint ok[2048], n_ok = 0, cheapest = 0, cheapest_cost = G_MAXUINT;
      gboolean any_wins = FALSE;
      for (guint k = 0; k < masks->len; k++)
        {
          guint32 m = g_array_index (masks, guint32, k);
          gboolean wins = mask_wins (obs, rules, m);
          guint cost = mask_cost (obs, m);
          any_wins |= wins;
          if (cost < cheapest_cost)
            {
              cheapest_cost = cost;
              cheapest = k;
            }
          if ((wins || !mask_spends (obs, m)) && n_ok < G_N_ELEMENTS (ok))
            ok[n_ok++] = k;
        }
      pick = !any_wins || n_ok == 0 ? cheapest : ok[lw_rng_below (rng, n_ok)];
    }
  else
    pick = normal_follow_pick (obs, rules, team_of, masks);

  action->kind = LW_ACTION_PLAY;
  mask_to_play (obs, g_array_index (masks, guint32, pick), &action->play);
}

/* ---- Sampling the hidden hands (Hard) ------------------------------------ */

static void
mark_play (gboolean     *known,
           const LwPlay *play)
{
  for (guint i = 0; i < play->n; i++)
    known[play->cards[i]] = TRUE;
}

/* Ranks a seat is known not to hold: a suited Single it did not follow
 * and did not Poach (T13), a Den Single it did not answer with a Den card
 * of the same rank (T14). Bit r for rank r. */
static void
note_rank_voids (const LwObservation *obs,
                 const LwLead        *lead,
                 int                  leader,
                 const LwPlay        *plays,
                 guint                n_plays,
                 guint32             *rank_voids)
{
  if (lead->type != LW_LEAD_SINGLE)
    return;
  for (guint p = 1; p < n_plays; p++)
    {
      int seat = (leader + (int) p) % (int) obs->n_players;
      LwCard c = plays[p].cards[0];
      LwCard led = lead->play.cards[0];
      if (lw_card_is_den (led))
        {
          if (!(lw_card_is_den (c) && lw_card_rank (c) == lead->rank))
            rank_voids[seat] |= 1u << lead->rank;
        }
      else if (!lw_card_follows_suit (c, lead->suit, obs->trump) && lw_card_rank (c) != lead->rank)
        rank_voids[seat] |= 1u << lead->rank;
    }
}

static gboolean
may_hold (const LwObservation *obs,
          guint32              rank_voids,
          int                  seat,
          LwCard               c,
          guint                strictness)
{
  guint32 v = obs->voids[seat];
  LwSuit suit = lw_card_suit (c);

  if (strictness == 0)
    return TRUE;
  if (lw_card_is_trump (c, obs->trump))
    {
      if (v & LW_VOID_TRUMPS)
        return FALSE;
    }
  else if (suit != LW_SUIT_NONE && (v & (1u << suit)))
    return FALSE;
  if (lw_card_is_den (c) && obs->trump == LW_NO_TRUMP && (v & LW_VOID_DENS))
    return FALSE;
  if (strictness >= 2 && (rank_voids & (1u << lw_card_rank (c))))
    return FALSE;
  return TRUE;
}

gboolean
lw_bot_sample_deal (const LwObservation *obs,
                    LwRng               *rng,
                    LwCard               hands[][LW_MAX_HAND])
{
  gboolean known[LW_MAX_CARDS] = { FALSE };
  guint32 rank_voids[LW_MAX_SEATS] = { 0 };
  LwCard pool[LW_MAX_CARDS];
  guint n_pool = 0, total = LW_DECK_CARDS * lw_decks (obs->n_players);
  int forced_seat = LW_NO_SEAT;
  LwCard forced = 0;

  g_return_val_if_fail (obs != NULL && rng != NULL && hands != NULL, FALSE);

  for (guint i = 0; i < obs->n_hand; i++)
    known[obs->hand[i]] = TRUE;
  for (guint i = 0; i < obs->n_discards; i++)
    known[obs->discards[i]] = TRUE;
  if (obs->tricks != NULL)
    for (guint k = 0; k < obs->tricks->len; k++)
      {
        const LwTrick *t = &g_array_index (obs->tricks, LwTrick, k);
        LwLead lead;
        for (guint p = 0; p < t->n_plays; p++)
          mark_play (known, &t->plays[p]);
        if (lw_lead_classify (&t->plays[0], obs->trump, NULL, &lead, NULL))
          note_rank_voids (obs, &lead, t->leader, t->plays, t->n_plays, rank_voids);
      }
  for (guint p = 0; p < obs->n_current; p++)
    mark_play (known, &obs->current[p]);
  if (obs->has_lead)
    note_rank_voids (obs, &obs->lead,
                     (obs->turn - (int) obs->n_current + (int) obs->n_players) % (int) obs->n_players,
                     obs->current, obs->n_current, rank_voids);

  /* The revealed Pup: out of play unless the Dealer Declared and took it. */
  if (!known[obs->revealed])
    {
      known[obs->revealed] = TRUE;
      /* (A Dealer since void in its suit must have discarded it.) */
      if (obs->declarer != LW_NO_SEAT && obs->declarer == obs->dealer && obs->dealer != obs->seat
          && obs->hand_sizes[obs->dealer] > 0
          && may_hold (obs, rank_voids[obs->dealer], obs->dealer, obs->revealed, 2))
        {
          forced_seat = obs->dealer;
          forced = obs->revealed;
        }
    }
  for (guint c = 0; c < total; c++)
    if (!known[c])
      pool[n_pool++] = (LwCard) c;

  /* Tries: all constraints, then without the Poaching ranks, then none. */
  for (guint attempt = 0; attempt < 40; attempt++)
    {
      guint strictness = attempt < 30 ? 2 : attempt < 38 ? 1 : 0;
      gboolean used[LW_MAX_CARDS] = { FALSE };
      int order[LW_MAX_SEATS];
      guint slack[LW_MAX_SEATS] = { 0 }, n_order = 0;
      gboolean ok = TRUE;

      /* A random order of the unseen cards. */
      for (guint i = n_pool; i > 1; i--)
        {
          guint j = lw_rng_below (rng, i);
          LwCard t = pool[i - 1];
          pool[i - 1] = pool[j];
          pool[j] = t;
        }
      memcpy (hands[obs->seat], obs->hand, obs->n_hand);

      /* The most constrained seats choose first. */
      for (guint s = 0; s < obs->n_players; s++)
        {
          guint eligible = 0;
          if ((int) s == obs->seat)
            continue;
          for (guint i = 0; i < n_pool; i++)
            eligible += may_hold (obs, rank_voids[s], (int) s, pool[i], strictness);
          slack[s] = eligible;
          order[n_order++] = (int) s;
        }
      for (guint i = 1; i < n_order; i++)
        for (guint j = i; j > 0 && slack[order[j]] < slack[order[j - 1]]; j--)
          {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
          }

      for (guint k = 0; k < n_order && ok; k++)
        {
          int s = order[k];
          guint got = 0;
          if (s == forced_seat)
            hands[s][got++] = forced;
          for (guint i = 0; i < n_pool && got < obs->hand_sizes[s]; i++)
            if (!used[i] && may_hold (obs, rank_voids[s], s, pool[i], strictness))
              {
                used[i] = TRUE;
                hands[s][got++] = pool[i];
              }
          ok = got == obs->hand_sizes[s];
        }
      if (ok)
        return strictness == 2;
    }
  g_assert_not_reached ();
  return FALSE;
}

/* ---- Hard: Monte Carlo over sampled deals ------------------------------- */

LwGameRecord *
lw_bot_scoring_record (guint      n_players,
                       int        dealer,
                       const int *team_of)
{
  LwGameRecord *record;
  char *names[LW_MAX_SEATS + 1] = { NULL };

  for (guint s = 0; s < n_players; s++)
    names[s] = g_strdup_printf ("Seat %u", s + 1);
  record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, n_players, (const char *const *) names);
  for (guint s = 0; s < n_players; s++)
    g_free (names[s]);
  if (team_of != NULL)
    lw_game_record_set_teams (record, n_players / 2, team_of);
  record->first_dealer = dealer;
  return record;
}

double
lw_bot_round_value (const LwTable *finished,
                    int            seat,
                    const int     *team_of,
                    LwGameRecord  *record)
{
  g_autoptr (LwStandings) standings = NULL;
  LwRound *round;
  int me = side_of (team_of, seat);
  guint n_players = lw_table_get_n_players (finished);
  gboolean nobody = lw_table_get_declarer (finished) == LW_NO_SEAT;
  double best_other = -1e9, cards_me = 0, cards_other = 0;
  const LwRoundResult *r;

  round = lw_round_new ();
  lw_table_round_facts (finished, team_of, round);
  g_ptr_array_set_size (record->rounds, 0);
  g_ptr_array_add (record->rounds, round);
  standings = lw_standings_compute (record, NULL);
  g_assert (standings != NULL);
  r = g_ptr_array_index (standings->rounds, 0);
  for (guint s = 0; s < standings->n_sides; s++)
    if ((int) s != me)
      best_other = MAX (best_other, r->deltas[s]);
  for (guint s = 0; s < n_players; s++)
    {
      if (side_of (team_of, (int) s) == me)
        cards_me += round->cards[s];
      else
        cards_other = MAX (cards_other, round->cards[s]);
    }
  return r->deltas[me] - (standings->n_sides > 1 ? best_other : 0)
         + 0.002 * (nobody ? cards_other - cards_me : cards_me - cards_other);
}

void
lw_bot_play_out_normal (LwTable   *table,
                        const int *team_of,
                        LwRng     *rng)
{
  while (lw_table_get_phase (table) != LW_PHASE_END)
    {
      LwAction action;
      g_autoptr (GError) error = NULL;
      lw_bot_choose_full (table, LW_BOT_NORMAL, team_of, NULL, rng, &action);
      if (!lw_table_apply (table, &action, &error))
        g_error ("a computer seat chose an illegal action: %s", error->message);
    }
}

typedef LwBotCandidate Candidate;

static gboolean
same_faces (const LwPlay *a,
            const LwPlay *b)
{
  guint8 fa[LW_N_FACES] = { 0 };
  if (a->n != b->n)
    return FALSE;
  for (guint i = 0; i < a->n; i++)
    {
      if (a->as_rank[i] != b->as_rank[i] && (a->as_rank[i] < 0 || b->as_rank[i] < 0))
        return FALSE;
      fa[lw_card_face (a->cards[i])]++;
    }
  for (guint i = 0; i < b->n; i++)
    if (fa[lw_card_face (b->cards[i])]-- == 0)
      return FALSE;
  for (guint i = 0; i < a->n; i++)
    if (a->as_rank[i] >= 0 && (a->as_rank[i] != b->as_rank[i] || a->as_suit[i] != b->as_suit[i]))
      return FALSE;
  return TRUE;
}

void
lw_bot_add_candidate (GArray       *cands,
                      guint         max,
                      const LwPlay *play,
                      int           seat)
{
  Candidate c = { { LW_ACTION_PLAY, seat, { 0 } }, 0 };
  if (cands->len >= max)
    return;
  for (guint k = 0; k < cands->len; k++)
    if (same_faces (&g_array_index (cands, Candidate, k).action.play, play))
      return;
  c.action.play = *play;
  g_array_append_val (cands, c);
}

typedef struct {
  guint  index;
  double value;
} Ranked;

static int
ranked_desc (gconstpointer a,
             gconstpointer b)
{
  const Ranked *x = a, *y = b;
  if (x->value != y->value)
    return x->value > y->value ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* The plays Hard compares: Normal's choice first, then by Normal's
 * preferences (for leads: its values and the cheapest Singles; for
 * follows: the cheapest winning plays and the cheapest plays). */
void
lw_bot_candidates (const LwObservation *obs,
                   const LwHouseRules  *rules,
                   const int           *team_of,
                   guint                max,
                   LwRng               *rng,
                   GArray              *cands)
{
  LwAction normal;
  LwRng copy = *rng;

  if (obs->has_lead)
    choose_follow (obs, LW_BOT_NORMAL, rules, team_of, &copy, &normal);
  else
    choose_lead (obs, LW_BOT_NORMAL, rules, &copy, &normal);
  lw_bot_add_candidate (cands, max, &normal.play, obs->seat);

  if (!obs->has_lead)
    {
      g_autoptr (GArray) leads = g_array_sized_new (FALSE, FALSE, sizeof (LwPlay), 64);
      g_autoptr (GArray) ranked = NULL;
      guint my_trumps = 0;

      lw_leads_enumerate (obs->hand, obs->n_hand, obs->trump, rules, leads);
      ranked = g_array_sized_new (FALSE, FALSE, sizeof (Ranked), leads->len);
      for (guint i = 0; i < obs->n_hand; i++)
        my_trumps += lw_card_is_trump (obs->hand[i], obs->trump);
      for (guint k = 0; k < leads->len; k++)
        {
          const LwPlay *p = &g_array_index (leads, LwPlay, k);
          Ranked r = { k, normal_lead_value (obs, p, my_trumps) };
          /* Singles are always worth a look: the cheapest and the best. */
          if (p->n == 1)
            r.value += 2.0 - card_cost (p->cards[0], obs->trump) / 40.0;
          g_array_append_val (ranked, r);
        }
      g_array_sort (ranked, ranked_desc);
      /* Half by value, the rest the lowest Singles. */
      for (guint k = 0; k < ranked->len && cands->len < (max + 1) / 2; k++)
        lw_bot_add_candidate (cands, max, &g_array_index (leads, LwPlay, g_array_index (ranked, Ranked, k).index),
                       obs->seat);
      for (guint k = 0; k < leads->len && cands->len < max; k++)
        {
          const LwPlay *p = &g_array_index (leads, LwPlay, k);
          if (p->n == 1)
            lw_bot_add_candidate (cands, max, p, obs->seat);
        }
      for (guint k = 0; k < ranked->len && cands->len < max; k++)
        lw_bot_add_candidate (cands, max, &g_array_index (leads, LwPlay, g_array_index (ranked, Ranked, k).index),
                       obs->seat);
    }
  else
    {
      g_autoptr (GArray) masks = g_array_sized_new (FALSE, FALSE, sizeof (guint32), 64);
      g_autoptr (GArray) ranked = NULL;

      lw_follow_legal (&obs->lead, obs->hand, obs->n_hand, masks);
      ranked = g_array_sized_new (FALSE, FALSE, sizeof (Ranked), masks->len);
      for (guint k = 0; k < masks->len; k++)
        {
          guint32 m = g_array_index (masks, guint32, k);
          double cost = mask_cost (obs, m);
          /* Winning plays and cheap plays first. */
          Ranked r = { k, (mask_wins (obs, rules, m) ? 1000.0 : 0.0) - cost };
          g_array_append_val (ranked, r);
        }
      g_array_sort (ranked, ranked_desc);
      /* The cheapest winning plays, the cheapest plays, the dearest. */
      for (guint k = 0; k < ranked->len && cands->len < max; k++)
        {
          const Ranked *r = &g_array_index (ranked, Ranked, k);
          LwPlay play;
          if (r->value < 500 && k > 0 && cands->len >= (max + 1) / 2)
            break;
          mask_to_play (obs, g_array_index (masks, guint32, r->index), &play);
          lw_bot_add_candidate (cands, max, &play, obs->seat);
        }
      for (guint k = ranked->len; k > 0 && cands->len < max; k--)
        {
          LwPlay play;
          mask_to_play (obs, g_array_index (masks, guint32, g_array_index (ranked, Ranked, k - 1).index), &play);
          lw_bot_add_candidate (cands, max, &play, obs->seat);
        }
    }
}

static void
choose_hard (const LwTable       *table,
             const LwObservation *obs,
             const int           *team_of,
             const LwBotOptions  *options,
             LwRng               *rng,
             LwAction            *action)
{
  const LwHouseRules *rules = lw_table_get_rules (table);
  g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (Candidate));
  g_autoptr (LwGameRecord) record = NULL;
  guint playouts = options->playouts, max = options->max_candidates, deals, best = 0;
  gint64 deadline = options->time_limit_ms > 0
                    ? g_get_monotonic_time () + (gint64) options->time_limit_ms * 1000 : 0;
  LwCard hands[LW_MAX_SEATS][LW_MAX_HAND];

  lw_bot_candidates (obs, rules, team_of, max, rng, cands);
  if (cands->len == 1)
    {
      *action = g_array_index (cands, Candidate, 0).action;
      return;
    }

  record = lw_bot_scoring_record (obs->n_players, obs->dealer, team_of);

  /* The same deals for every candidate, and the same random numbers for
   * the playouts after it. */
  deals = MAX (1u, playouts / cands->len);
  for (guint d = 0; d < deals; d++)
    {
      g_autoptr (LwTable) base = NULL;
      guint64 playout_seed = lw_rng_next (rng);

      lw_bot_sample_deal (obs, rng, hands);
      base = lw_table_new_from_observation (obs, (const LwCard (*)[LW_MAX_HAND]) hands, rules);
      for (guint k = 0; k < cands->len; k++)
        {
          Candidate *c = &g_array_index (cands, Candidate, k);
          g_autoptr (LwTable) sim = lw_table_copy (base);
          g_autoptr (GError) error = NULL;
          LwRng prng;

          lw_rng_init (&prng, playout_seed);
          if (!lw_table_apply (sim, &c->action, &error))
            g_error ("a computer seat chose an illegal action: %s", error->message);
          lw_bot_play_out_normal (sim, team_of, &prng);
          c->total += lw_bot_round_value (sim, obs->seat, team_of, record);
        }
      if (deadline != 0 && g_get_monotonic_time () >= deadline)
        break;
    }

  /* The best average; ties go to the earlier candidate (Normal's first). */
  for (guint k = 1; k < cands->len; k++)
    if (g_array_index (cands, Candidate, k).total > g_array_index (cands, Candidate, best).total + 1e-9)
      best = k;
  *action = g_array_index (cands, Candidate, best).action;
}

/* ---- Entry points ------------------------------------------------------- */

static void
options_resolve (const LwBotOptions *in,
                 LwBotOptions       *out)
{
  out->playouts = in != NULL && in->playouts > 0 ? MIN (in->playouts, (guint) LW_BOT_MAX_PLAYOUTS) : LW_BOT_DEFAULT_PLAYOUTS;
  out->max_candidates = in != NULL && in->max_candidates > 0 ? CLAMP (in->max_candidates, 2u, 64u) : 10;
  out->time_limit_ms = in != NULL ? in->time_limit_ms : 0;
  out->samples = in != NULL && in->samples > 0 ? MIN (in->samples, (guint) LW_BOT_MAX_SAMPLES) : LW_BOT_DEFAULT_SAMPLES;
  out->search_nodes = in != NULL && in->search_nodes > 0 ? in->search_nodes : LW_BOT_DEFAULT_SEARCH_NODES;
}

void
lw_bot_choose_full (const LwTable      *table,
                    LwBotLevel          level,
                    const int          *team_of,
                    const LwBotOptions *options,
                    LwRng              *rng,
                    LwAction           *action)
{
  LwObservation obs;
  LwBotOptions opts;
  const LwHouseRules *rules;

  g_return_if_fail (table != NULL && rng != NULL && action != NULL);
  g_return_if_fail (lw_table_get_phase (table) != LW_PHASE_END);

  options_resolve (options, &opts);
  rules = lw_table_get_rules (table);
  lw_table_observe (table, lw_table_get_turn (table), &obs);
  memset (action, 0, sizeof *action);
  action->seat = obs.seat;
  if (level == LW_BOT_EXPERT)
    {
      lw_bot_choose_expert (table, &obs, team_of, &opts, rng, action);
      return;
    }
  switch (obs.phase)
    {
    case LW_PHASE_BID:
      choose_bid (&obs, level, rng, action);
      break;
    case LW_PHASE_EXCHANGE:
      choose_discard (&obs, level, rng, action);
      break;
    case LW_PHASE_PLAY:
      if (level == LW_BOT_HARD)
        choose_hard (table, &obs, team_of, &opts, rng, action);
      else if (obs.has_lead)
        choose_follow (&obs, level, rules, team_of, rng, action);
      else
        choose_lead (&obs, level, rules, rng, action);
      break;
    case LW_PHASE_END:
    default:
      g_assert_not_reached ();
    }
}

void
lw_bot_choose (const LwTable *table,
               LwBotLevel     level,
               const int     *team_of,
               LwRng         *rng,
               LwAction      *action)
{
  lw_bot_choose_full (table, level, team_of, NULL, rng, action);
}
