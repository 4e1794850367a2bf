/* lw-bot-expert.c — Expert: Perfect-Information Monte Carlo over deals
 * sampled from what the seat has seen (with the bids' inference), each
 * candidate valued on each deal by lw-bot-search.c's search of the
 * round's end once the hands are small, by a playout with Normal seats
 * before that; Declare or Decline and the four discards by playouts of
 * the whole round on sampled deals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-bot-private.h"
#include "lw-rules.h"

/* Deals tried per sample until one agrees with the bids and the cards
 * chosen (sample_play_deal()); else the one that agrees best is kept. */
#define INFERENCE_TRIES 8
/* A candidate that takes a trick from a winning partner must beat
 * Normal's choice by this many points a deal on average. */
#define PARTNER_MARGIN 0.05
/* The most positions one deal's searches may visit, all candidates
 * together: a deal past it is valued by playouts. */
#define DEAL_NODES 6000

typedef struct {
  const LwObservation *obs;
  const LwHouseRules  *rules;
  const int           *team_of;
  const LwBotOptions  *options;
  LwGameRecord        *record;
  gint64               deadline;
} Expert;

static gboolean
out_of_time (const Expert *ex)
{
  return g_get_monotonic_time () >= ex->deadline;
}

/* ---- Inference from the bids ------------------------------------------- */

/* Whether @seat declined: the Dealer speaks first, then clockwise; the
 * first Declare ends the bidding (TRICKS §2.4). */
static gboolean
seat_declined (const LwObservation *obs,
               int                  seat)
{
  guint n = obs->n_players;
  int stop = obs->phase == LW_PHASE_BID ? obs->seat : obs->declarer;

  if (seat == obs->seat)
    return FALSE;
  if (obs->phase != LW_PHASE_BID && obs->declarer == LW_NO_SEAT)
    return TRUE;
  for (guint k = 0; k < n; k++)
    {
      int s = (obs->dealer + (int) k) % (int) n;
      if (s == stop)
        return FALSE;
      if (s == seat)
        return TRUE;
    }
  return FALSE;
}

/* What @seat saw when it spoke, holding @hand (@n cards): for Normal's
 * bid. */
static void
bidding_observation (const LwObservation *obs,
                     int                  seat,
                     const LwCard        *hand,
                     guint                n,
                     LwObservation       *out)
{
  memset (out, 0, sizeof *out);
  out->seat = seat;
  out->n_players = obs->n_players;
  out->dealer = obs->dealer;
  out->phase = LW_PHASE_BID;
  out->turn = seat;
  out->revealed = obs->revealed;
  out->trump = obs->trump;
  out->declarer = LW_NO_SEAT;
  out->n_hand = n;
  memcpy (out->hand, hand, n);
}

/* The cards @seat held when finished trick @first began: its cards now
 * (@hand, @n_hand of them) and those it has played since, in the finished
 * tricks from @first on and in the trick in play. Returns how many, at
 * most %LW_MAX_HAND, in @out. */
static guint
hand_since (const LwObservation *obs,
            int                  seat,
            const LwCard        *hand,
            guint                n_hand,
            guint                first,
            LwCard              *out)
{
  guint n = MIN (n_hand, (guint) LW_MAX_HAND);
  int n_players = (int) obs->n_players;

  memcpy (out, hand, n);
  if (obs->tricks != NULL)
    for (guint k = first; k < obs->tricks->len; k++)
      {
        const LwTrick *t = &g_array_index (obs->tricks, LwTrick, k);
        const LwPlay *p = &t->plays[(seat - t->leader + n_players) % n_players];
        for (guint i = 0; i < p->n && n < LW_MAX_HAND; i++)
          out[n++] = p->cards[i];
      }
  if (obs->phase == LW_PHASE_PLAY)
    {
      int leader = (obs->turn - (int) obs->n_current + n_players) % n_players;
      guint pos = (guint) ((seat - leader + n_players) % n_players);
      if (pos < obs->n_current)
        for (guint i = 0; i < obs->current[pos].n && n < LW_MAX_HAND; i++)
          out[n++] = obs->current[pos].cards[i];
    }
  return n;
}

/* Whether Normal would have declined with the hand @seat was dealt: its
 * cards now (@hand) and those it has played. */
static gboolean
would_decline (const LwObservation *obs,
               int                  seat,
               const LwCard        *hand,
               guint                n_hand)
{
  LwObservation as_dealt;
  LwCard dealt[LW_MAX_HAND];
  guint n = hand_since (obs, seat, hand, n_hand, 0, dealt);

  bidding_observation (obs, seat, dealt, n, &as_dealt);
  return !lw_bot_normal_declares (&as_dealt);
}

static gboolean
bids_consistent (const LwObservation *obs,
                 LwCard               hands[][LW_MAX_HAND],
                 const guint         *sizes)
{
  for (guint s = 0; s < obs->n_players; s++)
    if (seat_declined (obs, (int) s) && !would_decline (obs, (int) s, hands[s], sizes[s]))
      return FALSE;
  return TRUE;
}

/* ---- Inference from the cards a seat chose ----------------------------- */

/* Whether the hand @hand (@n cards) that @seat held when it played last to
 * finished trick @t had a legal follow that would have taken the trick. */
static gboolean
could_have_won (const Expert  *ex,
                const LwTrick *t,
                const LwLead  *lead,
                const LwCard  *hand,
                guint          n)
{
  g_autoptr (GArray) masks = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint last = t->n_plays - 1;
  LwPlay plays[LW_MAX_SEATS];

  if (lw_follow_legal (lead, hand, n, masks) < 2)
    return FALSE;               /* no choice: the card chosen tells nothing */
  memcpy (plays, t->plays + 1, sizeof (LwPlay) * last);
  for (guint k = 0; k < masks->len; k++)
    {
      guint32 m = g_array_index (masks, guint32, k);
      for (guint i = 0; i < n; i++)
        if (m & (1u << i))
          lw_play_set (&plays[last - 1], &hand[i], 1);
      if (lw_trick_winner (lead, plays, last, ex->rules) == last)
        return TRUE;
    }
  return FALSE;
}

/* How many of the seats' choices a deal contradicts. A seat that played
 * last to a Single it was losing to another side, the Declarer's side on
 * one end of it (the Declarer's side wants the cards, the others want to
 * keep them from it), and let the trick go when it had a choice, is taken
 * to have held no legal card that would have won it: a deal that gives it
 * one counts once per such trick. A weight, not a rule: a seat may keep a
 * winner back (a Worm's −1, a trump saved for later), so the sampler
 * prefers deals with fewer of these and never refuses one. */
static guint
play_contradictions (const Expert *ex,
                     LwCard        hands[][LW_MAX_HAND],
                     const guint  *sizes)
{
  const LwObservation *obs = ex->obs;
  int n_players = (int) obs->n_players;
  guint found = 0;

  if (obs->tricks == NULL || obs->declarer == LW_NO_SEAT || n_players < 2)
    return 0;
  for (guint k = 0; k < obs->tricks->len; k++)
    {
      const LwTrick *t = &g_array_index (obs->tricks, LwTrick, k);
      int last = (t->leader + n_players - 1) % n_players;
      int before;
      LwLead lead;
      LwCard then[LW_MAX_HAND];
      guint n;

      if (t->plays[0].n != 1 || last == obs->seat || t->winner == last)
        continue;
      if (!lw_lead_classify (&t->plays[0], obs->trump, ex->rules, &lead, NULL))
        continue;
      before = (t->leader + (int) lw_trick_winner (&lead, t->plays + 1, (guint) n_players - 2, ex->rules))
               % n_players;
      if (lw_bot_side_of (ex->team_of, before) == lw_bot_side_of (ex->team_of, last)
          || (lw_bot_side_of (ex->team_of, before) != lw_bot_side_of (ex->team_of, obs->declarer)
              && lw_bot_side_of (ex->team_of, last) != lw_bot_side_of (ex->team_of, obs->declarer)))
        continue;
      n = hand_since (obs, last, hands[last], sizes[last], k, then);
      if (could_have_won (ex, t, &lead, then, n))
        found++;
    }
  return found;
}

/* lw_bot_sample_deal() with the inference: of up to %INFERENCE_TRIES
 * deals, the first that contradicts nothing, else the first that
 * contradicts least (the bids count once, as one play does: neither is
 * sure). Always a deal: an inference that no deal meets only makes every
 * try count alike. */
static void
sample_play_deal (const Expert *ex,
                  LwRng        *rng,
                  LwCard        hands[][LW_MAX_HAND])
{
  LwCard best[LW_MAX_SEATS][LW_MAX_HAND];
  guint best_score = G_MAXUINT;

  for (guint k = 0; k < INFERENCE_TRIES; k++)
    {
      guint score;
      lw_bot_sample_deal (ex->obs, rng, hands);
      score = (bids_consistent (ex->obs, hands, ex->obs->hand_sizes) ? 0 : 1)
              + play_contradictions (ex, hands, ex->obs->hand_sizes);
      if (score == 0)
        return;
      if (score < best_score)
        {
          best_score = score;
          memcpy (best, hands, sizeof best);
        }
    }
  memcpy (hands, best, sizeof best);
}

void
lw_bot_expert_sample_deal (const LwTable       *table,
                           const LwObservation *obs,
                           const int           *team_of,
                           LwRng               *rng,
                           LwCard               hands[][LW_MAX_HAND])
{
  const Expert ex = { .obs = obs, .rules = lw_table_get_rules (table), .team_of = team_of };

  g_return_if_fail (table != NULL && obs != NULL && rng != NULL && hands != NULL);
  g_return_if_fail (obs->phase == LW_PHASE_PLAY);
  sample_play_deal (&ex, rng, hands);
}

/* Before the play: the unseen cards dealt to the other seats (the bids'
 * inference as above), and three unseen Pups beside the revealed one. */
static void
sample_start_deal (const Expert *ex,
                   LwRng        *rng,
                   LwCard        hands[][LW_MAX_HAND],
                   LwCard       *pups)
{
  const LwObservation *obs = ex->obs;
  gboolean known[LW_MAX_CARDS] = { FALSE };
  LwCard pool[LW_MAX_CARDS];
  guint n_pool = 0, total = LW_DECK_CARDS * lw_decks (obs->n_players);
  guint size = lw_hand_size (obs->n_players), sizes[LW_MAX_SEATS];

  for (guint i = 0; i < obs->n_hand; i++)
    known[obs->hand[i]] = TRUE;
  known[obs->revealed] = TRUE;
  for (guint c = 0; c < total; c++)
    if (!known[c])
      pool[n_pool++] = (LwCard) c;
  for (guint s = 0; s < obs->n_players; s++)
    sizes[s] = size;

  for (guint k = 0; k < INFERENCE_TRIES; k++)
    {
      guint next = 0;
      for (guint i = n_pool; i > 1; i--)
        {
          guint j = lw_rng_below (rng, i);
          LwCard t = pool[i - 1];
          pool[i - 1] = pool[j];
          pool[j] = t;
        }
      for (guint s = 0; s < obs->n_players; s++)
        if ((int) s != obs->seat)
          for (guint i = 0; i < size; i++)
            hands[s][i] = pool[next++];
      pups[0] = obs->revealed;
      for (guint i = 1; i < 4; i++)
        pups[i] = pool[next++];
      if (bids_consistent (obs, hands, sizes))
        return;
    }
}

/* ---- Valuing a round from its start ------------------------------------ */

/* Normal's four discards of @hand (the least keep values). */
static void
normal_discards (const LwCard *hand,
                 guint         n,
                 LwSuit        trump,
                 guint32      *mask)
{
  int value[LW_MAX_HAND];

  for (guint i = 0; i < n; i++)
    value[i] = lw_bot_keep_value (hand, n, i, trump);
  *mask = 0;
  for (guint k = 0; k < 4; k++)
    {
      guint best = n;
      for (guint i = 0; i < n; i++)
        if (!(*mask & (1u << i)) && (best == n || value[i] < value[best]))
          best = i;
      g_assert (best < n);      /* the exchange holds at least 8 cards */
      *mask |= 1u << best;
    }
}

/* The table at the first lead, for a deal and the bids: @declarer
 * Declared (%LW_NO_SEAT: no one); when it is the Dealer, it kept @hand
 * less the cards of @discards (a mask over @hand). */
static LwTable *
start_play (const Expert *ex,
            LwCard        hands[][LW_MAX_HAND],
            int           declarer,
            const LwCard *dealer_hand,
            guint         n_dealer_hand,
            guint32       discards)
{
  const LwObservation *obs = ex->obs;
  LwObservation o;
  LwCard play_hands[LW_MAX_SEATS][LW_MAX_HAND];
  guint size = lw_hand_size (obs->n_players);

  memset (&o, 0, sizeof o);
  o.seat = obs->seat;
  o.n_players = obs->n_players;
  o.dealer = obs->dealer;
  o.phase = LW_PHASE_PLAY;
  o.revealed = obs->revealed;
  o.trump = obs->trump;
  o.declarer = declarer;
  o.turn = declarer != LW_NO_SEAT ? declarer : obs->dealer;
  memcpy (play_hands, hands, sizeof play_hands);
  if (declarer != LW_NO_SEAT && declarer == obs->dealer)
    {
      guint n = 0;
      for (guint i = 0; i < n_dealer_hand; i++)
        if (discards & (1u << i))
          {
            if (declarer == obs->seat)
              o.discards[o.n_discards++] = dealer_hand[i];
          }
        else
          play_hands[declarer][n++] = dealer_hand[i];
    }
  for (guint s = 0; s < obs->n_players; s++)
    o.hand_sizes[s] = size;
  o.n_hand = size;
  memcpy (o.hand, play_hands[obs->seat], size);
  return lw_table_new_from_observation (&o, (const LwCard (*)[LW_MAX_HAND]) play_hands, ex->rules);
}

/* The value of the round for the seat when it says @declare, on a deal:
 * the seats after it bid as Normal does, a declaring Dealer discards as
 * Normal does, and the round is played out by Normal seats. */
static double
value_bid (const Expert *ex,
           LwCard        hands[][LW_MAX_HAND],
           const LwCard *pups,
           gboolean      declare,
           guint64       seed)
{
  const LwObservation *obs = ex->obs;
  g_autoptr (LwTable) table = NULL;
  int declarer = LW_NO_SEAT;
  LwCard dealer_hand[LW_MAX_HAND + 4];
  guint size = lw_hand_size (obs->n_players), n_dealer = 0;
  guint32 discards = 0;
  LwRng rng;

  if (declare)
    declarer = obs->seat;
  else
    for (guint k = 1; k < obs->n_players; k++)
      {
        int s = (obs->seat + (int) k) % (int) obs->n_players;
        LwObservation bidder;
        if (s == obs->dealer)
          break;                /* the Dealer spoke first */
        bidding_observation (obs, s, hands[s], size, &bidder);
        if (lw_bot_normal_declares (&bidder))
          {
            declarer = s;
            break;
          }
      }
  if (declarer != LW_NO_SEAT && declarer == obs->dealer)
    {
      memcpy (dealer_hand, hands[declarer], size);
      n_dealer = size;
      for (guint i = 0; i < 4; i++)
        dealer_hand[n_dealer++] = pups[i];
      normal_discards (dealer_hand, n_dealer, obs->trump, &discards);
    }
  table = start_play (ex, hands, declarer, dealer_hand, n_dealer, discards);
  lw_rng_init (&rng, seed);
  lw_bot_play_out_normal (table, ex->team_of, &rng);
  return lw_bot_round_value (table, obs->seat, ex->team_of, ex->record);
}

static void
expert_bid (const Expert *ex,
            LwRng        *rng,
            LwAction     *action)
{
  double totals[2] = { 0, 0 };   /* Decline, Declare */
  LwCard hands[LW_MAX_SEATS][LW_MAX_HAND];
  LwCard pups[4];

  memcpy (hands[ex->obs->seat], ex->obs->hand, ex->obs->n_hand);
  for (guint d = 0; d < ex->options->samples; d++)
    {
      guint64 seed = lw_rng_next (rng);
      sample_start_deal (ex, rng, hands, pups);
      for (guint k = 0; k < 2; k++)
        totals[k] += value_bid (ex, hands, pups, k == 1, seed);
      if (out_of_time (ex))
        break;
    }
  action->kind = totals[1] > totals[0] ? LW_ACTION_DECLARE : LW_ACTION_DECLINE;
}

/* The exchange: Normal's four first, then the other fours among the six
 * cards of least keep value; each valued on the same deals. */
static void
expert_discard (const Expert *ex,
                LwRng        *rng,
                LwAction     *action)
{
  const LwObservation *obs = ex->obs;
  guint32 choices[16], normal;
  guint order[LW_MAX_HAND + 4], n_choices = 0, n = obs->n_hand, best = 0;
  double totals[16] = { 0 };
  int value[LW_MAX_HAND + 4];
  LwCard hands[LW_MAX_SEATS][LW_MAX_HAND], pups[4];
  guint samples = MAX (1u, ex->options->samples / 2);

  normal_discards (obs->hand, n, obs->trump, &normal);
  choices[n_choices++] = normal;
  for (guint i = 0; i < n; i++)
    {
      value[i] = lw_bot_keep_value (obs->hand, n, i, obs->trump);
      order[i] = i;
    }
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && value[order[j]] < value[order[j - 1]]; j--)
      {
        guint t = order[j];
        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  /* Every four of the six lowest (15), Normal's among them. */
  for (guint32 m = 0; m < 64 && n >= 6; m++)
    if (__builtin_popcount (m) == 4)
      {
        guint32 mask = 0;
        for (guint b = 0; b < 6; b++)
          if (m & (1u << b))
            mask |= 1u << order[b];
        if (mask != normal && n_choices < G_N_ELEMENTS (choices))
          choices[n_choices++] = mask;
      }

  /* The Dealer holds the Pups: the other hands are from the rest. */
  memcpy (hands[obs->seat], obs->hand, MIN (n, (guint) LW_MAX_HAND));
  for (guint d = 0; d < samples; d++)
    {
      guint64 seed = lw_rng_next (rng);
      sample_start_deal (ex, rng, hands, pups);
      for (guint k = 0; k < n_choices; k++)
        {
          g_autoptr (LwTable) table = start_play (ex, hands, obs->seat, obs->hand, n, choices[k]);
          LwRng prng;
          lw_rng_init (&prng, seed);
          lw_bot_play_out_normal (table, ex->team_of, &prng);
          totals[k] += lw_bot_round_value (table, obs->seat, ex->team_of, ex->record);
        }
      if (out_of_time (ex))
        break;
    }
  for (guint k = 1; k < n_choices; k++)
    if (totals[k] > totals[best] + 1e-9)
      best = k;
  {
    LwCard cards[4];
    guint nc = 0;
    for (guint i = 0; i < n; i++)
      if (choices[best] & (1u << i))
        cards[nc++] = obs->hand[i];
    action->kind = LW_ACTION_DISCARD;
    lw_play_set (&action->play, cards, nc);
  }
}

/* ---- Leads and follows -------------------------------------------------- */

/* Whether @play takes the trick from a partner who is winning it. */
static gboolean
overtakes_partner (const Expert *ex,
                   const LwPlay *play)
{
  const LwObservation *obs = ex->obs;
  LwPlay plays[LW_MAX_SEATS];
  int leader;
  guint w;

  if (ex->team_of == NULL || !obs->has_lead)
    return FALSE;
  leader = (obs->seat - (int) obs->n_current + (int) obs->n_players) % (int) obs->n_players;
  w = lw_trick_winner (&obs->lead, obs->current + 1, obs->n_current - 1, ex->rules);
  if (ex->team_of[(leader + (int) w) % (int) obs->n_players] != ex->team_of[obs->seat])
    return FALSE;
  memcpy (plays, obs->current + 1, sizeof (LwPlay) * (obs->n_current - 1));
  plays[obs->n_current - 1] = *play;
  return lw_trick_winner (&obs->lead, plays, obs->n_current, ex->rules) == obs->n_current;
}

/* Whether the end of the round is small enough to search: every hand at
 * most this many cards. */
static guint
search_depth (guint n_players)
{
  return n_players <= 2 ? 5 : n_players == 3 ? 4 : n_players <= 4 ? 3 : 2;
}

static gboolean
small_enough (const LwTable *t)
{
  guint most = 0, n_players = lw_table_get_n_players (t);

  for (guint s = 0; s < n_players; s++)
    {
      guint n = 0;
      lw_table_get_hand (t, (int) s, &n);
      most = MAX (most, n);
    }
  return most <= search_depth (n_players);
}

/* One deal's values for every candidate: each searched to the end when
 * the deal is small enough and the budget allows it, else each played
 * out with Normal seats on the same random numbers. One way or the other
 * for all of them, so that they are compared alike. */
static void
value_deal (const Expert *ex,
            LwBotSearch  *search,
            guint64      *nodes_left,
            const LwTable *base,
            GArray        *cands,
            guint64        seed,
            double        *values)
{
  gboolean solved = TRUE;
  LwTable *after[64] = { NULL };
  guint n = MIN (cands->len, G_N_ELEMENTS (after));

  for (guint k = 0; k < n; k++)
    {
      g_autoptr (GError) error = NULL;
      after[k] = lw_table_copy (base);
      if (!lw_table_apply (after[k], &g_array_index (cands, LwBotCandidate, k).action, &error))
        g_error ("a computer seat chose an illegal action: %s", error->message);
    }

  if (*nodes_left > 0 && small_enough (after[0]))
    {
      guint64 start = lw_bot_search_get_nodes (search);
      lw_bot_search_reset (search, base);
      for (guint k = 0; k < n && solved; k++)
        {
          guint64 used = lw_bot_search_get_nodes (search) - start;
          guint64 allowed = MIN (*nodes_left, (guint64) DEAL_NODES);
          solved = used < allowed
                   && lw_bot_search_solve (search, after[k], (guint) (allowed - used), &values[k]);
        }
      *nodes_left -= MIN (*nodes_left, lw_bot_search_get_nodes (search) - start);
    }
  else
    solved = FALSE;

  for (guint k = 0; k < n; k++)
    {
      if (!solved)
        {
          LwRng prng;
          lw_rng_init (&prng, seed);
          lw_bot_play_out_normal (after[k], ex->team_of, &prng);
          values[k] = lw_bot_round_value (after[k], ex->obs->seat, ex->team_of, ex->record);
        }
      lw_table_free (after[k]);
    }
}

static void
expert_play (const Expert *ex,
             LwRng        *rng,
             LwAction     *action)
{
  const LwObservation *obs = ex->obs;
  g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (LwBotCandidate));
  g_autoptr (LwBotSearch) search = NULL;
  LwCard hands[LW_MAX_SEATS][LW_MAX_HAND];
  guint64 nodes_left = ex->options->search_nodes;
  double values[64];
  guint best = 0, deals = 0;

  lw_bot_candidates (obs, ex->rules, ex->team_of, MIN (ex->options->max_candidates, 64u), rng, cands);
  if (cands->len == 1)
    {
      *action = g_array_index (cands, LwBotCandidate, 0).action;
      return;
    }
  search = lw_bot_search_new (obs->seat, ex->team_of, ex->record);
  for (guint d = 0; d < ex->options->samples; d++)
    {
      g_autoptr (LwTable) base = NULL;
      guint64 seed = lw_rng_next (rng);

      sample_play_deal (ex, rng, hands);
      base = lw_table_new_from_observation (obs, (const LwCard (*)[LW_MAX_HAND]) hands, ex->rules);
      value_deal (ex, search, &nodes_left, base, cands, seed, values);
      for (guint k = 0; k < cands->len; k++)
        g_array_index (cands, LwBotCandidate, k).total += values[k];
      deals++;
      if (out_of_time (ex))
        break;
    }

  /* The best total; ties go to the earlier candidate (Normal's first),
   * and taking a partner's trick needs a cause. */
  for (guint k = 1; k < cands->len; k++)
    {
      const LwBotCandidate *c = &g_array_index (cands, LwBotCandidate, k);
      double margin = overtakes_partner (ex, &c->action.play) ? PARTNER_MARGIN * deals : 1e-9;
      if (c->total > g_array_index (cands, LwBotCandidate, best).total + margin)
        best = k;
    }
  *action = g_array_index (cands, LwBotCandidate, best).action;
}

void
lw_bot_choose_expert (const LwTable       *table,
                      const LwObservation *obs,
                      const int           *team_of,
                      const LwBotOptions  *options,
                      LwRng               *rng,
                      LwAction            *action)
{
  g_autoptr (LwGameRecord) record = NULL;
  guint limit_ms = options->time_limit_ms > 0 ? options->time_limit_ms : LW_BOT_EXPERT_SAFETY_MS;
  Expert ex = {
    .obs = obs, .rules = lw_table_get_rules (table), .team_of = team_of, .options = options,
    .deadline = g_get_monotonic_time () + (gint64) limit_ms * 1000,
  };

  g_return_if_fail (table != NULL && obs != NULL && options != NULL && rng != NULL && action != NULL);

  record = lw_bot_scoring_record (obs->n_players, obs->dealer, team_of);
  ex.record = record;
  action->seat = obs->seat;
  switch (obs->phase)
    {
    case LW_PHASE_BID:
      expert_bid (&ex, rng, action);
      break;
    case LW_PHASE_EXCHANGE:
      expert_discard (&ex, rng, action);
      break;
    case LW_PHASE_PLAY:
      expert_play (&ex, rng, action);
      break;
    case LW_PHASE_END:
    default:
      g_assert_not_reached ();
    }
}
