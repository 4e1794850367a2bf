/* lw-follow.c — follow obligations: the legal follows to a lead and the
 * check of a follow played (TRICKS §4)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-error.h"
#include "lw-play.h"
#include "lw-play-private.h"

/* ---- Follows (TRICKS §4) ---------------------------------------------- */

typedef enum {
  FOLLOW_SINGLE,
  FOLLOW_PAIR_PLAIN,
  FOLLOW_PAIR_TRUMP,     /* ≥ 2 trumps held */
  FOLLOW_PAIR_ONE_TRUMP, /* exactly 1 trump held */
  FOLLOW_SET_PLAIN,
  FOLLOW_SET_TRUMP,      /* ≥ N trumps held */
  FOLLOW_SET_SOME_TRUMP, /* 1..N-1 trumps held */
  FOLLOW_RUN_PLAIN,
  FOLLOW_RUN_TRUMP,      /* a TRUMP Run, ≥ 1 trump held */
} FollowKind;

typedef struct {
  FollowKind kind;
  guint      n;
  guint      rank;
  LwSuit     trump;
  /* Per hand position. */
  guint8     rank_of[32];
  guint8     suit_of[32];
  guint8     level1[32];  /* Single: the first class; else "is a trump" */
  guint8     level2[32];  /* Single: the second class */
  guint8     in_suit[32]; /* Run: follows the lead's suit */
  /* The same as bit masks over hand positions, and per suit the ranks
   * held (bit r), for the keys that only count. */
  guint32    level1_bits;
  guint32    in_suit_bits;
  guint32    suit_ranks[4];
  guint8     rank_count[LW_N_RANKS];
  guint8     rank_plain[LW_N_RANKS];  /* non-trump cards of each rank */
  guint      n_level1;
} FollowContext;

/* A pair, set or run led (T29): the trumps of @hand are the cards that
 * follow first. */
static void
mark_trumps (FollowContext *ctx,
             const LwCard  *hand,
             guint          n_hand,
             LwSuit         trump)
{
  for (guint i = 0; i < n_hand; i++)
    ctx->level1[i] = (guint8) lw_card_is_trump (hand[i], trump);
}

static void
follow_context_fill (FollowContext *ctx,
                     const LwLead  *lead,
                     const LwCard  *hand,
                     guint          n_hand)
{
  guint trumps = 0;
  LwSuit trump = lead->trump;

  memset (ctx, 0, sizeof *ctx);
  ctx->n = lead->n;
  ctx->rank = lead->rank;
  ctx->trump = trump;
  for (guint i = 0; i < n_hand; i++)
    {
      LwCard c = hand[i];
      ctx->rank_of[i] = (guint8) lw_card_rank (c);
      ctx->suit_of[i] = (guint8) lw_card_suit (c);
      if (lw_card_is_trump (c, trump))
        trumps++;
      else
        ctx->rank_plain[ctx->rank_of[i]]++;
      ctx->in_suit[i] = (guint8) lw_card_follows_suit (c, lead->suit, trump);
      ctx->rank_count[ctx->rank_of[i]]++;
      if (ctx->suit_of[i] < 4)
        ctx->suit_ranks[ctx->suit_of[i]] |= 1u << ctx->rank_of[i];
    }

  switch (lead->type)
    {
    case LW_LEAD_SINGLE:
      ctx->kind = FOLLOW_SINGLE;
      for (guint i = 0; i < n_hand; i++)
        {
          LwCard c = hand[i];
          gboolean lead_den = lw_card_is_den (lead->play.cards[0]);
          if (lead_den)
            {
              /* A Den card of the same rank (T14), then any trump (trump
               * round) or any Den card (NT). */
              ctx->level1[i] = (guint8) (lw_card_is_den (c) && lw_card_rank (c) == lead->rank);
              ctx->level2[i] = (guint8) (trump != LW_NO_TRUMP ? lw_card_is_trump (c, trump)
                                                             : lw_card_is_den (c));
            }
          else
            {
              /* Suit (any trump for a trump-suit lead), then Poaching (T13). */
              ctx->level1[i] = (guint8) lw_card_follows_suit (c, lead->suit, trump);
              ctx->level2[i] = (guint8) (lw_card_rank (c) == lead->rank);
            }
        }
      return;

    case LW_LEAD_PAIR:
    case LW_LEAD_SET:
      {
        /* The same three cases for a Pair (of 2) as for a Set of N (T29). */
        gboolean pair = lead->type == LW_LEAD_PAIR;

        mark_trumps (ctx, hand, n_hand, trump);
        if (!lead->trump_class || trumps == 0)
          ctx->kind = pair ? FOLLOW_PAIR_PLAIN : FOLLOW_SET_PLAIN;
        else if (trumps >= (pair ? 2 : lead->n))
          ctx->kind = pair ? FOLLOW_PAIR_TRUMP : FOLLOW_SET_TRUMP;
        else
          ctx->kind = pair ? FOLLOW_PAIR_ONE_TRUMP : FOLLOW_SET_SOME_TRUMP;
      }
      return;

    case LW_LEAD_RUN:
      mark_trumps (ctx, hand, n_hand, trump);
      ctx->kind = lead->trump_class && trumps > 0 ? FOLLOW_RUN_TRUMP : FOLLOW_RUN_PLAIN;
      if (lead->trump_class && trumps == 0)
        memset (ctx->in_suit, 0, sizeof ctx->in_suit);
      return;

    default:
      g_assert_not_reached ();
    }
}

static void
follow_context (FollowContext *ctx,
                const LwLead  *lead,
                const LwCard  *hand,
                guint          n_hand)
{
  follow_context_fill (ctx, lead, hand, n_hand);
  for (guint i = 0; i < n_hand; i++)
    {
      ctx->level1_bits |= (guint32) (ctx->level1[i] != 0) << i;
      ctx->in_suit_bits |= (guint32) (ctx->in_suit[i] != 0) << i;
    }
  ctx->n_level1 = popcount32 (ctx->level1_bits);
}

/* step[c]: how much V grows when a rank's group in the play grows from c
 * to c + 1 cards. V is the sum over the play's groups of 14^size: since a
 * play has at most 13 cards, comparing these sums compares the sorted
 * group sizes lexicographically, biggest first (§4.3's V). */
static const guint64 v_step[LW_MAX_PLAY] = {
  G_GUINT64_CONSTANT (14),
  G_GUINT64_CONSTANT (182),
  G_GUINT64_CONSTANT (2548),
  G_GUINT64_CONSTANT (35672),
  G_GUINT64_CONSTANT (499408),
  G_GUINT64_CONSTANT (6991712),
  G_GUINT64_CONSTANT (97883968),
  G_GUINT64_CONSTANT (1370375552),
  G_GUINT64_CONSTANT (19185257728),
  G_GUINT64_CONSTANT (268593608192),
  G_GUINT64_CONSTANT (3760310514688),
  G_GUINT64_CONSTANT (52644347205632),
  G_GUINT64_CONSTANT (737020860878848),
};

/* §4.3's key: V (above), then the rank-r count if ≥ 2 (g), then the lone
 * helpers (hs), as (V << 8) | (g << 4) | hs. */
static inline guint64
set_key (const FollowContext *ctx,
         guint32              mask,
         guint64             *n_bears,
         guint64             *n_trump,
         guint64             *n_rank_plain)
{
  guint8 counts[LW_N_RANKS] = { 0 };
  guint64 v = 0;
  guint g, hs = 0;
  guint r = ctx->rank;

  *n_trump = popcount32 (mask & ctx->level1_bits);
  *n_rank_plain = 0;
  for (guint32 m = mask; m != 0; m &= m - 1)
    {
      guint i = (guint) __builtin_ctz (m);
      guint rank = ctx->rank_of[i];
      v += v_step[counts[rank]++];
      if (!ctx->level1[i] && rank == r)
        (*n_rank_plain)++;
    }
  g = counts[r] >= 2 ? counts[r] : 0;
  if (counts[r] == 1)
    hs++;
  if (r != LW_RANK_BEAR && counts[LW_RANK_BEAR] == 1)
    hs++;
  *n_bears = counts[LW_RANK_BEAR];
  return (v << 8) | (g << 4) | hs;
}

static inline gboolean
is_run (const FollowContext *ctx,
        guint32              mask,
        guint               *top)
{
  guint32 ranks = 0;
  int suit = -1;
  guint lo = LW_N_RANKS, hi = 0;

  for (guint32 m = mask; m != 0; m &= m - 1)
    {
      guint i = (guint) __builtin_ctz (m);
      guint rank = ctx->rank_of[i];
      if (ctx->suit_of[i] > LW_SUIT_CLUBS)
        return FALSE;
      if (suit >= 0 && ctx->suit_of[i] != suit)
        return FALSE;
      suit = ctx->suit_of[i];
      if (ranks & (1u << rank))
        return FALSE;
      ranks |= 1u << rank;
      lo = MIN (lo, rank);
      hi = MAX (hi, rank);
    }
  *top = hi;
  return hi - lo == ctx->n - 1;
}

/* The key of one candidate follow: the legal follows are those with the
 * highest key (a lexicographic order folded into one integer). */
static guint64
follow_key (const FollowContext *ctx,
            guint32              mask)
{
  switch (ctx->kind)
    {
    case FOLLOW_SINGLE:
      {
        guint i = (guint) __builtin_ctz (mask);
        return ctx->level1[i] ? 2 : ctx->level2[i] ? 1 : 0;
      }

    case FOLLOW_PAIR_PLAIN:
    case FOLLOW_PAIR_TRUMP:
    case FOLLOW_PAIR_ONE_TRUMP:
      {
        guint a = (guint) __builtin_ctz (mask);
        guint b = (guint) __builtin_ctz (mask & (mask - 1));
        gboolean pair = ctx->rank_of[a] == ctx->rank_of[b];
        if (ctx->kind == FOLLOW_PAIR_TRUMP)
          /* A trump Pair of any rank (T18), then any two trumps. */
          return ctx->level1[a] && ctx->level1[b] ? 2u + (guint) pair : 0;
        if (ctx->kind == FOLLOW_PAIR_ONE_TRUMP)
          {
            /* The trump held, with a card of the lead's rank if held. */
            guint other = ctx->level1[a] ? b : a;
            if (!ctx->level1[a] && !ctx->level1[b])
              return 0;
            return 1u + (ctx->rank_of[other] == ctx->rank);
          }
        /* P(r) → P → a card of rank r + X → X X (§4.2). */
        if (pair)
          return ctx->rank_of[a] == ctx->rank ? 3 : 2;
        return ctx->rank_of[a] == ctx->rank || ctx->rank_of[b] == ctx->rank ? 1 : 0;
      }

    case FOLLOW_SET_PLAIN:
    case FOLLOW_SET_TRUMP:
    case FOLLOW_SET_SOME_TRUMP:
      {
        guint64 bears, trumps, rank_plain;
        guint64 key = set_key (ctx, mask, &bears, &trumps, &rank_plain);
        if (ctx->kind == FOLLOW_SET_PLAIN)
          return key;
        if (ctx->kind == FOLLOW_SET_TRUMP)
          /* N trumps maximising (V, #B) (T20). */
          return trumps == ctx->n ? (G_GUINT64_CONSTANT (1) << 62) | ((key >> 8) << 4) | bears : 0;
        /* Every trump held, then non-trump cards of the lead's rank. */
        return (trumps << 8) | rank_plain;
      }

    case FOLLOW_RUN_PLAIN:
    case FOLLOW_RUN_TRUMP:
      {
        guint top = 0;
        guint64 in_suit = popcount32 (mask & ctx->in_suit_bits);
        guint64 trumps = popcount32 (mask & ctx->level1_bits);
        gboolean run = is_run (ctx, mask, &top);
        if (ctx->kind == FOLLOW_RUN_TRUMP)
          /* R_T → T^N → T* + X (§4.5). */
          return ((guint64) (run && trumps == ctx->n) << 8) | trumps;
        /* R(r) → R → s^N → s* + X → X^N (§4.5, T10, T11). */
        if (run)
          return top == ctx->rank ? 0x200 : 0x100;
        return in_suit;
      }

    default:
      g_assert_not_reached ();
    }
  return 0;
}

/* Whether suit @suit holds every rank from @top − @n + 1 to @top. */
static inline gboolean
holds_run (const FollowContext *ctx,
           guint                suit,
           guint                top,
           guint                n)
{
  guint32 want;
  if (top > LW_RANK_KING || top + 1 < LW_RANK_ACE + n)
    return FALSE;
  want = (((guint32) 1 << n) - 1) << (top + 1 - n);
  return (ctx->suit_ranks[suit] & want) == want;
}

/* The best key the hand can reach, worked out from its counts where that
 * is simple (Singles, Pairs, Runs): the same value as the greatest
 * follow_key() over every subset. Returns %FALSE for the Set kinds, whose
 * key needs the subsets. */
static gboolean
best_key_direct (const FollowContext *ctx,
                 guint                n_hand,
                 guint64             *best)
{
  switch (ctx->kind)
    {
    case FOLLOW_SINGLE:
      {
        guint64 b = 0;
        for (guint i = 0; i < n_hand && b < 2; i++)
          b = MAX (b, ctx->level1[i] ? 2u : ctx->level2[i] ? 1u : 0u);
        *best = b;
        return TRUE;
      }

    case FOLLOW_PAIR_PLAIN:
      {
        gboolean any_pair = FALSE;
        for (guint r = 0; r < LW_N_RANKS; r++)
          any_pair |= ctx->rank_count[r] >= 2;
        *best = ctx->rank_count[ctx->rank] >= 2 ? 3 : any_pair ? 2 : ctx->rank_count[ctx->rank] >= 1;
        return TRUE;
      }

    case FOLLOW_PAIR_TRUMP:
      {
        /* Two trumps of one rank: a trump Pair. */
        guint8 trump_count[LW_N_RANKS] = { 0 };
        gboolean pair = FALSE;
        for (guint i = 0; i < n_hand; i++)
          if (ctx->level1[i] && ++trump_count[ctx->rank_of[i]] >= 2)
            pair = TRUE;
        *best = 2u + (guint) pair;
        return TRUE;
      }

    case FOLLOW_PAIR_ONE_TRUMP:
      *best = 1u + (ctx->rank_plain[ctx->rank] > 0);
      return TRUE;

    case FOLLOW_RUN_PLAIN:
    case FOLLOW_RUN_TRUMP:
      {
        gboolean run_r = FALSE, run = FALSE, trump_run = FALSE;
        for (guint suit = 0; suit < 4; suit++)
          for (guint top = LW_RANK_ACE + ctx->n - 1; top <= LW_RANK_KING; top++)
            if (holds_run (ctx, suit, top, ctx->n))
              {
                run = TRUE;
                run_r |= top == ctx->rank;
                trump_run |= ctx->trump == (LwSuit) suit;
              }
        if (ctx->kind == FOLLOW_RUN_TRUMP)
          *best = trump_run ? (0x100u | ctx->n) : MIN (ctx->n, ctx->n_level1);
        else
          *best = run_r ? 0x200 : run ? 0x100 : MIN (ctx->n, popcount32 (ctx->in_suit_bits));
        return TRUE;
      }

    case FOLLOW_SET_PLAIN:
    case FOLLOW_SET_TRUMP:
    case FOLLOW_SET_SOME_TRUMP:
    default:
      return FALSE;
    }
}

/* One candidate of best_follows(): keeps @mask in @out (from position
 * @first) when its key is at least the best so far, clearing the masks
 * it beats; *@best and *@any follow the best key. */
static void
consider_follow (const FollowContext *ctx,
                 guint32              mask,
                 guint64             *best,
                 gboolean            *any,
                 GArray              *out,
                 guint                first)
{
  guint64 key = follow_key (ctx, mask);

  if (!*any || key > *best)
    {
      *best = key;
      *any = TRUE;
      if (out != NULL)
        g_array_set_size (out, first);
    }
  if (key == *best && out != NULL)
    g_array_append_val (out, mask);
}

/* Calls the key on every @n-subset of @n_hand positions; keeps the masks
 * of the best key in @out (from position @first). */
static guint64
best_follows (const FollowContext *ctx,
              guint                n_hand,
              GArray              *out,
              guint                first)
{
  guint64 best = 0;
  gboolean any = FALSE;
  guint32 limit = (guint32) 1 << n_hand;
  guint32 mask = ((guint32) 1 << ctx->n) - 1;

  if (ctx->kind == FOLLOW_SINGLE)
    {
      for (guint i = 0; i < n_hand; i++)
        consider_follow (ctx, 1u << i, &best, &any, out, first);
      return best;
    }

  while (mask < limit)
    {
      guint32 t;

      consider_follow (ctx, mask, &best, &any, out, first);

      /* Gosper's hack: the next mask with as many bits set. */
      t = mask | (mask - 1);
      mask = (t + 1) | (((~t & -~t) - 1) >> (__builtin_ctz (mask) + 1));
    }
  return best;
}

guint
lw_follow_legal (const LwLead *lead,
                 const LwCard *hand,
                 guint         n_hand,
                 GArray       *out)
{
  FollowContext ctx;
  guint first;

  g_return_val_if_fail (lead != NULL && hand != NULL && out != NULL, 0);
  g_return_val_if_fail (n_hand <= 31 && lead->n >= 1 && lead->n <= n_hand, 0);

  first = out->len;
  follow_context (&ctx, lead, hand, n_hand);
  best_follows (&ctx, n_hand, out, first);
  return out->len - first;
}

/* The obligation a hand that could reach @best failed (TRICKS §4). */
static LwRefusalKind
obligation (const FollowContext *ctx,
            const LwLead        *lead,
            guint64              best)
{
  switch (ctx->kind)
    {
    case FOLLOW_SINGLE:
      if (lw_card_is_den (lead->play.cards[0]))
        return best == 2 ? LW_REFUSAL_DEN_SAME_RANK
               : lead->trump != LW_NO_TRUMP ? LW_REFUSAL_TRUMP
               : LW_REFUSAL_DEN;
      return best == 2 ? LW_REFUSAL_FOLLOW_SUIT : LW_REFUSAL_POACH;
    case FOLLOW_PAIR_PLAIN:
      return best == 3 ? LW_REFUSAL_PAIR_OF_RANK
             : best == 2 ? LW_REFUSAL_PAIR
             : LW_REFUSAL_CARD_OF_RANK;
    case FOLLOW_PAIR_TRUMP:
      return best == 3 ? LW_REFUSAL_TRUMP_PAIR : LW_REFUSAL_TWO_TRUMPS;
    case FOLLOW_PAIR_ONE_TRUMP:
      return best == 2 ? LW_REFUSAL_TRUMP_WITH_RANK : LW_REFUSAL_THE_TRUMP;
    case FOLLOW_SET_PLAIN:
      return LW_REFUSAL_SET_GROUPS;
    case FOLLOW_SET_TRUMP:
      return LW_REFUSAL_SET_TRUMPS;
    case FOLLOW_SET_SOME_TRUMP:
      return LW_REFUSAL_EVERY_TRUMP;
    case FOLLOW_RUN_PLAIN:
      return best == 0x200 ? LW_REFUSAL_RUN_OF_RANK
             : best == 0x100 ? LW_REFUSAL_RUN
             : LW_REFUSAL_RUN_SUIT;
    case FOLLOW_RUN_TRUMP:
      return best >= 0x100 ? LW_REFUSAL_TRUMP_RUN : LW_REFUSAL_RUN_TRUMPS;
    default:
      g_assert_not_reached ();
    }
  return LW_REFUSAL_NONE;
}

/* The ruling each refusal cites, in the engine's own (untranslated) words
 * for the CLI and the logs; the UIs word LwRefusal themselves. */
static const char *const refusal_text[] = {
  [LW_REFUSAL_NONE] = "",
  [LW_REFUSAL_COUNT] = "must play as many cards as the lead (T5)",
  [LW_REFUSAL_NOT_IN_HAND] = "is not in the hand",
  [LW_REFUSAL_FOLLOW_SUIT] = "must follow suit (TRICKS §4.1)",
  [LW_REFUSAL_POACH] = "must Poach with a card of the same rank (T13, TRICKS §4.1)",
  [LW_REFUSAL_DEN_SAME_RANK] = "must play a Den card of the same rank (T14, TRICKS §4.1)",
  [LW_REFUSAL_TRUMP] = "must play a trump (TRICKS §4.1)",
  [LW_REFUSAL_DEN] = "must play a Den card (TRICKS §4.1)",
  [LW_REFUSAL_PAIR_OF_RANK] = "must follow with the Pair of the lead's rank (TRICKS §4.2)",
  [LW_REFUSAL_PAIR] = "must follow with a Pair (TRICKS §4.2)",
  [LW_REFUSAL_CARD_OF_RANK] = "must play the card of the lead's rank (TRICKS §4.2)",
  [LW_REFUSAL_TRUMP_PAIR] = "must follow with a trump Pair (T18, TRICKS §4.2)",
  [LW_REFUSAL_TWO_TRUMPS] = "must play two trumps (TRICKS §4.2)",
  [LW_REFUSAL_TRUMP_WITH_RANK] = "must play the trump held with the card of the lead's rank (TRICKS §4.2)",
  [LW_REFUSAL_THE_TRUMP] = "must play the trump held (TRICKS §4.2)",
  [LW_REFUSAL_SET_GROUPS] = "must follow with the biggest groups held, then the lead's rank, then Big Bears and cards of the lead's rank (T15, T16, TRICKS §4.3)",
  [LW_REFUSAL_SET_TRUMPS] = "must play trumps only, Pairs and Big Bears first (T20, TRICKS §4.4)",
  [LW_REFUSAL_EVERY_TRUMP] = "must play every trump held, then cards of the lead's rank (TRICKS §4.4)",
  [LW_REFUSAL_RUN_OF_RANK] = "must follow with the Run of the same top card (T10, TRICKS §4.5)",
  [LW_REFUSAL_RUN] = "must follow with a Run (TRICKS §4.5)",
  [LW_REFUSAL_RUN_SUIT] = "must follow suit (TRICKS §4.5)",
  [LW_REFUSAL_TRUMP_RUN] = "must follow with a trump Run (TRICKS §4.5)",
  [LW_REFUSAL_RUN_TRUMPS] = "must play trumps (TRICKS §4.5)",
};

G_STATIC_ASSERT (G_N_ELEMENTS (refusal_text) == LW_REFUSAL_RUN_TRUMPS + 1);

const char *
lw_refusal_kind_describe (LwRefusalKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (refusal_text), "");
  return refusal_text[kind];
}

/* How many cards of each face @mask holds of @hand; only the faces of
 * @hand are written. */
static void
count_faces (const LwCard *hand,
             guint         n_hand,
             guint32       mask,
             guint8        counts[LW_N_FACES])
{
  for (guint i = 0; i < n_hand; i++)
    counts[lw_card_face (hand[i])] = 0;
  for (guint i = 0; i < n_hand; i++)
    if (mask & (1u << i))
      counts[lw_card_face (hand[i])]++;
}

/* The obligatory (@must) and possible (@could) cards of @hand given its
 * legal follows @legal (masks over @hand) and the cards @picked, face by
 * face, since two copies of a face (two decks) are the same card to the
 * rules: a follow holds the picks when it holds as many copies of each
 * face as are picked, and among the follows that do (every follow when
 * none does), a face is owed the fewest copies any of them holds beyond
 * the picked ones, and possible when one holds more copies than are
 * picked. @must marks as many copies of each face as are owed, the first
 * ones not picked in @hand's order; @could every copy not picked of a
 * possible face. */
static void
fold_faces (const LwCard *hand,
            guint         n_hand,
            const GArray *legal,
            guint32       picked,
            guint32      *must,
            guint32      *could)
{
  guint8 in_picked[LW_N_FACES], in_follow[LW_N_FACES];
  guint8 fewest[LW_N_FACES], most[LW_N_FACES];
  gboolean any = FALSE;

  count_faces (hand, n_hand, picked, in_picked);
  for (int pass = 0; pass < 2 && !any; pass++)
    {
      for (guint i = 0; i < n_hand; i++)
        {
          fewest[lw_card_face (hand[i])] = G_MAXUINT8;
          most[lw_card_face (hand[i])] = 0;
        }
      for (guint k = 0; k < legal->len; k++)
        {
          gboolean holds = TRUE;

          count_faces (hand, n_hand, g_array_index (legal, guint32, k), in_follow);
          for (guint i = 0; i < n_hand && holds; i++)
            holds = in_follow[lw_card_face (hand[i])] >= in_picked[lw_card_face (hand[i])];
          if (pass == 0 && !holds)
            continue;
          any = TRUE;
          for (guint i = 0; i < n_hand; i++)
            {
              guint f = lw_card_face (hand[i]);

              fewest[f] = MIN (fewest[f], in_follow[f]);
              most[f] = MAX (most[f], in_follow[f]);
            }
        }
    }

  *must = *could = 0;
  if (!any)
    return;
  /* fewest[] becomes the copies owed beyond the picked ones, counted
   * down as they are marked. */
  for (guint i = 0; i < n_hand; i++)
    {
      guint f = lw_card_face (hand[i]);

      if (picked & (1u << i))
        continue;
      if (fewest[f] > in_picked[f])
        {
          *must |= 1u << i;
          fewest[f]--;
        }
      if (most[f] > in_picked[f])
        *could |= 1u << i;
    }
}

guint32
lw_follow_obligatory (const LwLead *lead,
                      const LwCard *hand,
                      guint         n_hand,
                      guint32       picked,
                      guint32      *could)
{
  g_autoptr (GArray) legal = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 must = 0, some = 0;

  g_return_val_if_fail (lead != NULL && hand != NULL, 0);
  g_return_val_if_fail (n_hand <= 31 && lead->n >= 1 && lead->n <= n_hand, 0);

  lw_follow_legal (lead, hand, n_hand, legal);
  fold_faces (hand, n_hand, legal, picked, &must, &some);
  if (could != NULL)
    *could = some;
  return must;
}

gboolean
lw_follow_refusal (const LwLead  *lead,
                   const LwCard  *hand,
                   guint          n_hand,
                   const LwCard  *cards,
                   guint          n,
                   LwRefusal     *refusal)
{
  FollowContext ctx;
  guint32 mask = 0;
  guint64 best;
  g_autoptr (GArray) legal = NULL;

  g_return_val_if_fail (lead != NULL && hand != NULL && n_hand <= 31, FALSE);
  g_return_val_if_fail (refusal != NULL && (cards != NULL || n == 0), FALSE);

  memset (refusal, 0, sizeof *refusal);
  refusal->n_lead = lead->n;
  refusal->missing = LW_NO_CARD;
  if (n != lead->n)
    {
      refusal->kind = LW_REFUSAL_COUNT;
      return TRUE;
    }
  for (guint k = 0; k < n; k++)
    {
      guint i;
      for (i = 0; i < n_hand; i++)
        if (hand[i] == cards[k] && !(mask & (1u << i)))
          break;
      if (i == n_hand)
        {
          refusal->kind = LW_REFUSAL_NOT_IN_HAND;
          refusal->missing = cards[k];
          return TRUE;
        }
      mask |= 1u << i;
    }

  follow_context (&ctx, lead, hand, n_hand);
  if (!best_key_direct (&ctx, n_hand, &best))
    best = best_follows (&ctx, n_hand, NULL, 0);
  if (follow_key (&ctx, mask) == best)
    return FALSE;

  legal = g_array_new (FALSE, FALSE, sizeof (guint32));
  best_follows (&ctx, n_hand, legal, 0);
  refusal->kind = obligation (&ctx, lead, best);
  fold_faces (hand, n_hand, legal, 0, &refusal->must, &refusal->could);
  refusal->played = mask;
  refusal->n_legal = legal->len;
  for (guint k = 0; k < legal->len && k < G_N_ELEMENTS (refusal->legal); k++)
    refusal->legal[k] = g_array_index (legal, guint32, k);
  return TRUE;
}

gboolean
lw_follow_check (const LwLead  *lead,
                 const LwCard  *hand,
                 guint          n_hand,
                 const LwCard  *cards,
                 guint          n,
                 GError       **error)
{
  LwRefusal refusal;
  g_autoptr (GString) could = NULL;
  g_autofree char *shown = NULL;

  g_return_val_if_fail (lead != NULL && hand != NULL && n_hand <= 31, FALSE);

  if (!lw_follow_refusal (lead, hand, n_hand, cards, n, &refusal))
    return TRUE;

  shown = lw_cards_format (cards, n);
  if (refusal.kind == LW_REFUSAL_COUNT)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                   "%s: must play %u card%s, as many as the lead (T5)",
                   shown, lead->n, lead->n == 1 ? "" : "s");
      return FALSE;
    }
  if (refusal.kind == LW_REFUSAL_NOT_IN_HAND)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                   "%s: %s is not in the hand", shown, lw_face_to_string (lw_card_face (refusal.missing)));
      return FALSE;
    }

  could = g_string_new (NULL);
  for (guint k = 0; k < refusal.n_legal && k < G_N_ELEMENTS (refusal.legal); k++)
    {
      LwCard sel[32];
      guint ns = lw_cards_pick (hand, n_hand, refusal.legal[k], sel);
      g_autofree char *text = NULL;

      lw_cards_sort (sel, ns);
      text = lw_cards_format (sel, ns);
      g_string_append_printf (could, "%s%s", k > 0 ? " / " : "", text);
    }
  if (refusal.n_legal > G_N_ELEMENTS (refusal.legal))
    g_string_append (could, " / …");
  g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY,
               "%s: %s: you could play %s", shown, lw_refusal_kind_describe (refusal.kind), could->str);
  return FALSE;
}
