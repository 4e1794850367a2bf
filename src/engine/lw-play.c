/* lw-play.c — leads, follow obligations and the trick's winner
 * (TRICKS §3–§5)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-error.h"
#include "lw-play.h"

static const LwHouseRules default_rules = { FALSE, FALSE };

void
lw_play_set (LwPlay       *play,
             const LwCard *cards,
             guint         n)
{
  g_return_if_fail (n >= 1 && n <= LW_MAX_PLAY);
  play->n = n;
  for (guint i = 0; i < n; i++)
    {
      play->cards[i] = cards[i];
      play->as_rank[i] = -1;
      play->as_suit[i] = LW_SUIT_NONE;
    }
}

gboolean
lw_play_from_tokens (LwPlay             *play,
                     const LwCardToken  *tokens,
                     guint               n,
                     guint8             *used,
                     GError            **error)
{
  if (n < 1 || n > LW_MAX_PLAY)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "a play has 1 to %d cards", LW_MAX_PLAY);
      return FALSE;
    }
  if (!lw_card_tokens_to_cards (tokens, n, used, play->cards, error))
    return FALSE;
  play->n = n;
  for (guint i = 0; i < n; i++)
    {
      play->as_rank[i] = tokens[i].as_rank;
      play->as_suit[i] = tokens[i].as_suit;
    }
  return TRUE;
}

char *
lw_play_format (const LwPlay *play)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < play->n; i++)
    {
      LwCardToken token = { (guint8) lw_card_face (play->cards[i]), play->as_rank[i], play->as_suit[i] };
      g_autofree char *text = lw_card_token_format (&token);
      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, text);
    }
  return g_string_free (out, FALSE);
}

static gboolean G_GNUC_PRINTF (3, 4)
refuse (GError       **error,
        const LwPlay  *play,
        const char    *format,
        ...)
{
  va_list args;
  g_autofree char *why = NULL;
  g_autofree char *cards = lw_play_format (play);

  va_start (args, format);
  why = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY, "%s %s", cards, why);
  return FALSE;
}

/* ---- Leads (TRICKS §3) ------------------------------------------------ */

static gboolean
classify_run (const LwPlay       *play,
              const LwHouseRules *rules,
              LwLead             *lead,
              GError            **error)
{
  guint seen = 0;       /* bit per rank */
  int suit = -1;
  guint lo = LW_N_RANKS, hi = 0, nat_lo = LW_N_RANKS, nat_hi = 0;

  for (guint i = 0; i < play->n; i++)
    {
      LwCard c = play->cards[i];
      guint rank;
      int s;

      if (play->as_rank[i] >= 0)
        {
          if (lw_card_face (c) != LW_FACE_WOLF)
            return refuse (error, play, "is not a Run: a Big Bear is never part of a Run (T9)");
          if (play->as_suit[i] == LW_SUIT_NONE)
            return refuse (error, play, "is not a Run: a Little Wolf in a Run stands for a rank and the Run's suit, e.g. L=7S (TRICKS §3)");
          rank = (guint) play->as_rank[i];
          s = play->as_suit[i];
        }
      else
        {
          if (lw_card_is_den (c))
            return refuse (error, play, "is not a Run: Den cards cannot sit in a Run (T9)");
          rank = lw_card_rank (c);
          s = lw_card_suit (c);
          nat_lo = MIN (nat_lo, rank);
          nat_hi = MAX (nat_hi, rank);
        }
      if (suit >= 0 && s != suit)
        return refuse (error, play, "is not a Run: its cards are not all of one suit (TRICKS §3)");
      suit = s;
      if (seen & (1u << rank))
        return refuse (error, play, "is not a Run: a rank is there twice (TRICKS §3)");
      seen |= 1u << rank;
      lo = MIN (lo, rank);
      hi = MAX (hi, rank);
    }
  if (hi - lo != play->n - 1)
    return refuse (error, play, "is not a Run: the ranks are not in sequence, Ace low, no wrap (T9)");
  if (rules->runs_inside_only)
    for (guint i = 0; i < play->n; i++)
      if (play->as_rank[i] >= 0
          && ((guint) play->as_rank[i] < nat_lo || (guint) play->as_rank[i] > nat_hi))
        return refuse (error, play, "is not a Run: a Little Wolf fills only a gap inside a Run (T9, house rule)");

  lead->type = LW_LEAD_RUN;
  lead->rank = hi;
  lead->suit = (LwSuit) suit;
  lead->trump_class = lead->trump != LW_NO_TRUMP && (LwSuit) suit == lead->trump;
  return TRUE;
}

gboolean
lw_lead_classify (const LwPlay        *play,
                  LwSuit               trump,
                  const LwHouseRules  *rules,
                  LwLead              *lead,
                  GError             **error)
{
  guint n_natural = 0, n_wild = 0, n_suited_wild = 0;
  int nat_rank = -1;
  gboolean one_rank = TRUE;

  g_return_val_if_fail (play != NULL && lead != NULL, FALSE);
  g_return_val_if_fail (trump <= LW_NO_TRUMP, FALSE);
  if (rules == NULL)
    rules = &default_rules;

  memset (lead, 0, sizeof *lead);
  lead->play = *play;
  lead->n = play->n;
  lead->trump = trump;
  lead->suit = LW_SUIT_NONE;

  if (play->n < 1 || play->n > LW_MAX_PLAY)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                   "a lead has 1 to %d cards", LW_MAX_PLAY);
      return FALSE;
    }

  for (guint i = 0; i < play->n; i++)
    {
      if (play->as_rank[i] >= 0)
        {
          guint face = lw_card_face (play->cards[i]);
          if (face != LW_FACE_BEAR && face != LW_FACE_WOLF)
            return refuse (error, play, "is not a lead: only a Big Bear or a Little Wolf is a wildcard (TRICKS §3)");
          n_wild++;
          if (play->as_suit[i] != LW_SUIT_NONE)
            n_suited_wild++;
        }
      else
        {
          guint rank = lw_card_rank (play->cards[i]);
          if (nat_rank >= 0 && (guint) nat_rank != rank)
            one_rank = FALSE;
          nat_rank = (int) rank;
          n_natural++;
        }
    }

  if (play->n == 1)
    {
      LwCard c = play->cards[0];
      if (n_wild > 0)
        return refuse (error, play, "is not a lead: a Single is never annotated; a Big Bear or Little Wolf led alone is an ordinary Den card (TRICKS §3)");
      lead->type = LW_LEAD_SINGLE;
      lead->rank = lw_card_rank (c);
      lead->trump_class = lw_card_is_trump (c, trump);
      lead->suit = lead->trump_class ? trump : lw_card_suit (c);
      return TRUE;
    }

  if (n_natural < 2)
    return refuse (error, play, "is not a lead: a Set or Run needs at least two natural cards; a wildcard never makes a combination of a lone card (T8)");

  if (play->n == 2)
    {
      if (n_wild > 0)
        return refuse (error, play, "is not a Pair: a wildcard never makes a Pair (TRICKS §3)");
      if (!one_rank)
        return refuse (error, play, "is not a Pair: a Pair is two cards of one rank (TRICKS §3)");
      lead->type = LW_LEAD_PAIR;
      lead->rank = (guint) nat_rank;
    }
  else if (n_suited_wild > 0 || (n_wild == 0 && !one_rank))
    {
      if (n_suited_wild != n_wild)
        return refuse (error, play, "is not a lead: a Set's wildcard stands for a rank only (B=9), a Run's Little Wolf for a rank and the Run's suit (L=7S) (TRICKS §3)");
      if (!classify_run (play, rules, lead, error))
        return FALSE;
      return TRUE;
    }
  else
    {
      if (!one_rank)
        return refuse (error, play, "is not a Set: its natural cards are not all of one rank (TRICKS §3)");
      for (guint i = 0; i < play->n; i++)
        if (play->as_rank[i] >= 0 && play->as_rank[i] != nat_rank)
          return refuse (error, play, "is not a Set: a wildcard must stand for the Set's rank, %s (T8)",
                         lw_rank_to_string ((guint) nat_rank));
      lead->type = LW_LEAD_SET;
      lead->rank = (guint) nat_rank;
    }

  /* Pair or Set: TRUMP only when every natural card is a trump (T6, T7). */
  lead->trump_class = trump != LW_NO_TRUMP;
  for (guint i = 0; i < play->n; i++)
    if (play->as_rank[i] < 0 && !lw_card_is_trump (play->cards[i], trump))
      lead->trump_class = FALSE;
  if (!lead->trump_class)
    for (guint i = 0; i < play->n; i++)
      if (play->as_rank[i] < 0 && lw_card_is_trump (play->cards[i], trump))
        lead->embedded[lead->n_embedded++] = (guint8) lw_card_rank (play->cards[i]);
  return TRUE;
}

static void
play_push (LwPlay *play,
           LwCard  card,
           int     as_rank,
           int     as_suit)
{
  play->cards[play->n] = card;
  play->as_rank[play->n] = (gint8) as_rank;
  play->as_suit[play->n] = (guint8) as_suit;
  play->n++;
}

void
lw_leads_enumerate (const LwCard       *hand,
                    guint               n_hand,
                    LwSuit              trump,
                    const LwHouseRules *rules,
                    GArray             *out)
{
  LwCard sorted[LW_MAX_HAND];
  LwCard bears[8], wolves[8];
  guint n_bears = 0, n_wolves = 0;

  g_return_if_fail (n_hand >= 1 && n_hand <= LW_MAX_HAND);
  if (rules == NULL)
    rules = &default_rules;

  memcpy (sorted, hand, n_hand * sizeof (LwCard));
  lw_cards_sort (sorted, n_hand);
  for (guint i = 0; i < n_hand; i++)
    {
      if (lw_card_face (sorted[i]) == LW_FACE_BEAR)
        bears[n_bears++] = sorted[i];
      else if (lw_card_face (sorted[i]) == LW_FACE_WOLF)
        wolves[n_wolves++] = sorted[i];
    }

  /* Singles: identical two-deck cards (adjacent once sorted) once. */
  for (guint i = 0; i < n_hand; i++)
    if (i == 0 || lw_card_face (sorted[i]) != lw_card_face (sorted[i - 1]))
      {
        LwPlay play = { 0 };
        play_push (&play, sorted[i], -1, LW_SUIT_NONE);
        g_array_append_val (out, play);
      }

  /* Pairs and Sets: for each rank, every multiset of ≥ 2 naturals (how
   * many of each face, so two-deck duplicates give one play), plus any
   * number of the Big Bears and Little Wolves not of that rank. */
  for (guint rank = 0; rank < LW_N_RANKS; rank++)
    {
      LwCard faces[LW_MAX_HAND];     /* first card of each face */
      guint mult[LW_MAX_HAND];       /* copies held */
      guint take[LW_MAX_HAND] = { 0 };
      guint n_faces = 0, n_nat = 0;
      guint max_b = rank == LW_RANK_BEAR ? 0 : n_bears;
      guint max_l = rank == LW_RANK_WOLF ? 0 : n_wolves;

      for (guint i = 0; i < n_hand; i++)
        if (lw_card_rank (sorted[i]) == rank)
          {
            if (n_faces > 0 && lw_card_face (faces[n_faces - 1]) == lw_card_face (sorted[i]))
              mult[n_faces - 1]++;
            else
              {
                faces[n_faces] = sorted[i];
                mult[n_faces++] = 1;
              }
            n_nat++;
          }
      if (n_nat < 2)
        continue;

      /* Odometer over take[f] in 0..mult[f]. */
      for (;;)
        {
          guint f, k = 0;
          for (f = 0; f < n_faces; f++)
            k += take[f];
          if (k >= 2)
            for (guint nb = 0; nb <= max_b; nb++)
              for (guint nl = 0; nl <= max_l && k + nb + nl <= LW_MAX_PLAY; nl++)
                {
                  LwPlay play = { 0 };
                  /* Copies of one face sit next to each other in @sorted. */
                  for (f = 0; f < n_faces; f++)
                    {
                      const LwCard *first = memchr (sorted, faces[f], n_hand);
                      for (guint c = 0; c < take[f]; c++)
                        play_push (&play, first[c], -1, LW_SUIT_NONE);
                    }
                  for (guint i = 0; i < nb; i++)
                    play_push (&play, bears[i], (int) rank, LW_SUIT_NONE);
                  for (guint i = 0; i < nl; i++)
                    play_push (&play, wolves[i], (int) rank, LW_SUIT_NONE);
                  /* Two naturals and no wildcard is a Pair; more is a Set. */
                  g_array_append_val (out, play);
                }
          for (f = 0; f < n_faces; f++)
            {
              if (take[f] < mult[f])
                {
                  take[f]++;
                  break;
                }
              take[f] = 0;
            }
          if (f == n_faces)
            break;
        }
    }

  /* Runs: for each suit and window of ranks, one natural per rank held,
   * Little Wolves for the missing ones (T9). */
  for (guint suit = 0; suit < 4; suit++)
    {
      LwCard by_rank[LW_N_RANKS];
      gboolean has[LW_N_RANKS] = { FALSE };

      for (guint i = 0; i < n_hand; i++)
        if (lw_card_suit (sorted[i]) == (LwSuit) suit && !has[lw_card_rank (sorted[i])])
          {
            has[lw_card_rank (sorted[i])] = TRUE;
            by_rank[lw_card_rank (sorted[i])] = sorted[i];
          }
      for (guint lo = LW_RANK_ACE; lo <= LW_RANK_KING; lo++)
        for (guint hi = lo + 2; hi <= LW_RANK_KING && hi - lo + 1 <= LW_MAX_PLAY; hi++)
          {
            guint32 held = 0;   /* bit k: rank lo + k is held */
            guint width = hi - lo + 1, n_held = 0;

            for (guint r = lo; r <= hi; r++)
              if (has[r])
                {
                  held |= 1u << (r - lo);
                  n_held++;
                }
            if (n_held < 2 || width - n_held > n_wolves)
              continue;
            /* Up to the Little Wolves left over, held ranks may be played
             * by a Little Wolf too: @swap picks them among the held ranks
             * (bit k: the k-th held rank from @lo). */
            for (guint z = 0; z + (width - n_held) <= n_wolves && z + 2 <= n_held; z++)
              {
                guint32 swap = ((guint32) 1 << z) - 1;
                while (swap < ((guint32) 1 << n_held))
                  {
                    guint32 natural = 0, t;
                    guint k = 0;
                    for (guint r = lo; r <= hi; r++)
                      if (held & (1u << (r - lo)))
                        {
                          if (!(swap & (1u << k)))
                            natural |= 1u << (r - lo);
                          k++;
                        }
                    {
                      guint nat_lo = lo + (guint) __builtin_ctz (natural);
                      guint nat_hi = lo + 31 - (guint) __builtin_clz (natural);
                      if (!rules->runs_inside_only || (nat_lo == lo && nat_hi == hi))
                        {
                          LwPlay play = { 0 };
                          guint w = 0;
                          for (guint r = lo; r <= hi; r++)
                            {
                              if (natural & (1u << (r - lo)))
                                play_push (&play, by_rank[r], -1, LW_SUIT_NONE);
                              else
                                play_push (&play, wolves[w++], (int) r, (int) suit);
                            }
                          g_array_append_val (out, play);
                        }
                    }
                    if (swap == 0)
                      break;
                    /* Gosper's hack: the next set of as many held ranks. */
                    t = swap | (swap - 1);
                    swap = (t + 1) | (((~t & -~t) - 1) >> (__builtin_ctz (swap) + 1));
                  }
              }
          }
    }
  (void) trump;
}

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
  /* Per hand position. */
  guint8     rank_of[32];
  guint8     suit_of[32];
  guint8     level1[32];  /* Single: the first class; else "is a trump" */
  guint8     level2[32];  /* Single: the second class */
  guint8     in_suit[32]; /* Run: follows the lead's suit */
} FollowContext;

static void
follow_context (FollowContext *ctx,
                const LwLead  *lead,
                const LwCard  *hand,
                guint          n_hand)
{
  guint trumps = 0;
  LwSuit trump = lead->trump;

  memset (ctx, 0, sizeof *ctx);
  ctx->n = lead->n;
  ctx->rank = lead->rank;
  for (guint i = 0; i < n_hand; i++)
    {
      LwCard c = hand[i];
      ctx->rank_of[i] = (guint8) lw_card_rank (c);
      ctx->suit_of[i] = (guint8) lw_card_suit (c);
      if (lw_card_is_trump (c, trump))
        trumps++;
      ctx->in_suit[i] = (guint8) lw_card_follows_suit (c, lead->suit, trump);
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
      for (guint i = 0; i < n_hand; i++)
        ctx->level1[i] = (guint8) lw_card_is_trump (hand[i], trump);
      if (!lead->trump_class || trumps == 0)
        ctx->kind = FOLLOW_PAIR_PLAIN;           /* T29 */
      else
        ctx->kind = trumps >= 2 ? FOLLOW_PAIR_TRUMP : FOLLOW_PAIR_ONE_TRUMP;
      return;

    case LW_LEAD_SET:
      for (guint i = 0; i < n_hand; i++)
        ctx->level1[i] = (guint8) lw_card_is_trump (hand[i], trump);
      if (!lead->trump_class || trumps == 0)
        ctx->kind = FOLLOW_SET_PLAIN;            /* T29 */
      else
        ctx->kind = trumps >= lead->n ? FOLLOW_SET_TRUMP : FOLLOW_SET_SOME_TRUMP;
      return;

    case LW_LEAD_RUN:
      for (guint i = 0; i < n_hand; i++)
        ctx->level1[i] = (guint8) lw_card_is_trump (hand[i], trump);
      ctx->kind = lead->trump_class && trumps > 0 ? FOLLOW_RUN_TRUMP : FOLLOW_RUN_PLAIN;
      if (lead->trump_class && trumps == 0)
        memset (ctx->in_suit, 0, sizeof ctx->in_suit);
      return;

    default:
      g_assert_not_reached ();
    }
}

/* The sorted group sizes of the ranks in @mask as 4-bit digits, biggest
 * first (§4.3's V), then the rank-r count if ≥ 2 (g) and the lone helpers
 * (hs). */
static inline guint64
set_key (const FollowContext *ctx,
         guint32              mask,
         guint64             *n_bears,
         guint64             *n_trump,
         guint64             *n_rank_plain)
{
  guint8 counts[LW_N_RANKS] = { 0 };
  guint8 sizes[LW_MAX_PLAY + 1] = { 0 };
  guint64 v = 0;
  guint digits = 0, g, hs = 0;
  guint r = ctx->rank;

  *n_trump = 0;
  *n_rank_plain = 0;
  for (guint32 m = mask; m != 0; m &= m - 1)
    {
      guint i = (guint) __builtin_ctz (m);
      counts[ctx->rank_of[i]]++;
      *n_trump += ctx->level1[i];
      if (!ctx->level1[i] && ctx->rank_of[i] == r)
        (*n_rank_plain)++;
    }
  for (guint k = 0; k < LW_N_RANKS; k++)
    if (counts[k] > 0)
      sizes[counts[k]]++;
  for (int s = LW_MAX_PLAY; s >= 1; s--)
    for (guint k = 0; k < sizes[s]; k++)
      {
        v = (v << 4) | (guint) s;
        digits++;
      }
  v <<= 4 * (LW_MAX_PLAY - digits);
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
        guint64 in_suit = 0, trumps = 0;
        gboolean run = is_run (ctx, mask, &top);
        for (guint32 m = mask; m != 0; m &= m - 1)
          {
            guint i = (guint) __builtin_ctz (m);
            in_suit += ctx->in_suit[i];
            trumps += ctx->level1[i];
          }
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
        {
          guint64 key = follow_key (ctx, 1u << i);
          if (!any || key > best)
            {
              best = key;
              any = TRUE;
              if (out != NULL)
                g_array_set_size (out, first);
            }
          if (key == best && out != NULL)
            {
              guint32 m = 1u << i;
              g_array_append_val (out, m);
            }
        }
      return best;
    }

  while (mask < limit)
    {
      guint64 key = follow_key (ctx, mask);
      guint32 t;

      if (!any || key > best)
        {
          best = key;
          any = TRUE;
          if (out != NULL)
            g_array_set_size (out, first);
        }
      if (key == best && out != NULL)
        g_array_append_val (out, mask);

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

static const char *
obligation (const FollowContext *ctx,
            const LwLead        *lead,
            guint64              best)
{
  switch (ctx->kind)
    {
    case FOLLOW_SINGLE:
      if (lw_card_is_den (lead->play.cards[0]))
        return best == 2 ? "must play a Den card of the same rank (T14, TRICKS §4.1)"
               : lead->trump != LW_NO_TRUMP ? "must play a trump (TRICKS §4.1)"
               : "must play a Den card (TRICKS §4.1)";
      return best == 2 ? "must follow suit (TRICKS §4.1)"
             : "must Poach with a card of the same rank (T13, TRICKS §4.1)";
    case FOLLOW_PAIR_PLAIN:
      return best == 3 ? "must follow with the Pair of the lead's rank (TRICKS §4.2)"
             : best == 2 ? "must follow with a Pair (TRICKS §4.2)"
             : "must play the card of the lead's rank (TRICKS §4.2)";
    case FOLLOW_PAIR_TRUMP:
      return best == 3 ? "must follow with a trump Pair (T18, TRICKS §4.2)"
             : "must play two trumps (TRICKS §4.2)";
    case FOLLOW_PAIR_ONE_TRUMP:
      return best == 2 ? "must play the trump held with the card of the lead's rank (TRICKS §4.2)"
             : "must play the trump held (TRICKS §4.2)";
    case FOLLOW_SET_PLAIN:
      return "must follow with the biggest groups held, then the lead's rank, then Big Bears and cards of the lead's rank (T15, T16, TRICKS §4.3)";
    case FOLLOW_SET_TRUMP:
      return "must play trumps only, Pairs and Big Bears first (T20, TRICKS §4.4)";
    case FOLLOW_SET_SOME_TRUMP:
      return "must play every trump held, then cards of the lead's rank (TRICKS §4.4)";
    case FOLLOW_RUN_PLAIN:
      return best == 0x200 ? "must follow with the Run of the same top card (T10, TRICKS §4.5)"
             : best == 0x100 ? "must follow with a Run (TRICKS §4.5)"
             : "must follow suit (TRICKS §4.5)";
    case FOLLOW_RUN_TRUMP:
      return best >= 0x100 ? "must follow with a trump Run (TRICKS §4.5)"
             : "must play trumps (TRICKS §4.5)";
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

gboolean
lw_follow_check (const LwLead  *lead,
                 const LwCard  *hand,
                 guint          n_hand,
                 const LwCard  *cards,
                 guint          n,
                 GError       **error)
{
  FollowContext ctx;
  guint32 mask = 0;
  guint64 best;
  g_autoptr (GArray) legal = NULL;
  g_autoptr (GString) could = NULL;
  g_autofree char *shown = NULL;

  g_return_val_if_fail (lead != NULL && hand != NULL && n_hand <= 31, FALSE);

  shown = lw_cards_format (cards, n);
  if (n != lead->n)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                   "%s: must play %u card%s, as many as the lead (T5)",
                   shown, lead->n, lead->n == 1 ? "" : "s");
      return FALSE;
    }
  for (guint k = 0; k < n; k++)
    {
      guint i;
      for (i = 0; i < n_hand; i++)
        if (hand[i] == cards[k] && !(mask & (1u << i)))
          break;
      if (i == n_hand)
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                       "%s: %s is not in the hand", shown, lw_face_to_string (lw_card_face (cards[k])));
          return FALSE;
        }
      mask |= 1u << i;
    }

  follow_context (&ctx, lead, hand, n_hand);
  if (follow_key (&ctx, mask) == (best = best_follows (&ctx, n_hand, NULL, 0)))
    return TRUE;

  legal = g_array_new (FALSE, FALSE, sizeof (guint32));
  best_follows (&ctx, n_hand, legal, 0);
  could = g_string_new (NULL);
  for (guint k = 0; k < legal->len && k < 4; k++)
    {
      guint32 m = g_array_index (legal, guint32, k);
      LwCard sel[32];
      guint ns = 0;
      g_autofree char *text = NULL;
      for (guint i = 0; i < n_hand; i++)
        if (m & (1u << i))
          sel[ns++] = hand[i];
      lw_cards_sort (sel, ns);
      text = lw_cards_format (sel, ns);
      g_string_append_printf (could, "%s%s", k > 0 ? " / " : "", text);
    }
  if (legal->len > 4)
    g_string_append (could, " / …");
  g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY,
               "%s: %s: you could play %s", shown, obligation (&ctx, lead, best), could->str);
  return FALSE;
}

/* ---- The trick (TRICKS §5) -------------------------------------------- */

typedef struct {
  gboolean all_trump;
  gboolean shape;
  guint    rank;
  guint    n_trumps;
  guint8   trumps[LW_MAX_PLAY];   /* sorted descending */
} PlayInfo;

static void
sort_desc (guint8 *v,
           guint   n)
{
  for (guint i = 1; i < n; i++)
    {
      guint8 x = v[i];
      guint j = i;
      while (j > 0 && v[j - 1] < x)
        {
          v[j] = v[j - 1];
          j--;
        }
      v[j] = x;
    }
}

static void
follow_info (const LwLead *lead,
             const LwPlay *play,
             PlayInfo     *info)
{
  guint lo = LW_N_RANKS, hi = 0;
  guint32 ranks = 0;
  gboolean same_rank = TRUE, same_suit = TRUE, suited = TRUE;

  memset (info, 0, sizeof *info);
  info->all_trump = lead->trump != LW_NO_TRUMP;
  for (guint i = 0; i < play->n; i++)
    {
      LwCard c = play->cards[i];
      guint rank = lw_card_rank (c);
      if (lw_card_is_trump (c, lead->trump))
        info->trumps[info->n_trumps++] = (guint8) rank;
      else
        info->all_trump = FALSE;
      if (rank != lw_card_rank (play->cards[0]))
        same_rank = FALSE;
      if (lw_card_suit (c) != lw_card_suit (play->cards[0]))
        same_suit = FALSE;
      if (lw_card_is_den (c))
        suited = FALSE;
      ranks |= 1u << rank;
      lo = MIN (lo, rank);
      hi = MAX (hi, rank);
    }
  sort_desc (info->trumps, info->n_trumps);

  /* shape(F): the lead's own type and size, natural cards only (T27). */
  switch (lead->type)
    {
    case LW_LEAD_PAIR:
    case LW_LEAD_SET:
      info->shape = same_rank;
      info->rank = lo;
      break;
    case LW_LEAD_RUN:
      info->shape = suited && same_suit && (guint) __builtin_popcount (ranks) == play->n
                    && hi - lo == play->n - 1;
      info->rank = hi;
      break;
    case LW_LEAD_SINGLE:
    default:
      info->shape = TRUE;
      info->rank = lo;
      break;
    }
}

/* T23: sorted descending, a[i] > b[i] for every card of b. */
static gboolean
dominates (const guint8 *a,
           guint         n_a,
           const guint8 *b,
           guint         n_b)
{
  if (n_a < n_b)
    return FALSE;
  for (guint i = 0; i < n_b; i++)
    if (a[i] <= b[i])
      return FALSE;
  return TRUE;
}

static gboolean
single_beats (const LwLead *lead,
              LwCard        f,
              LwCard        w)
{
  LwSuit trump = lead->trump;

  if (trump != LW_NO_TRUMP)
    {
      if (lw_card_is_trump (f, trump))
        return !lw_card_is_trump (w, trump) || lw_card_rank (f) > lw_card_rank (w);
      if (lw_card_is_trump (w, trump))
        return FALSE;
      /* A poached card never wins (T13). */
      return lw_card_suit (f) == lead->suit && lw_card_rank (f) > lw_card_rank (w);
    }
  if (lw_card_is_den (lead->play.cards[0]))
    return lw_card_is_den (f) && lw_card_rank (f) > lw_card_rank (w);
  return !lw_card_is_den (f) && lw_card_suit (f) == lead->suit && lw_card_rank (f) > lw_card_rank (w);
}

guint
lw_trick_winner (const LwLead       *lead,
                 const LwPlay       *follows,
                 guint               n_follows,
                 const LwHouseRules *rules)
{
  guint winner = 0;
  PlayInfo best;
  guint8 all_trumps[LW_MAX_PLAY * 8];
  guint n_all = 0;

  g_return_val_if_fail (lead != NULL && (follows != NULL || n_follows == 0), 0);
  if (rules == NULL)
    rules = &default_rules;

  if (lead->type == LW_LEAD_SINGLE)
    {
      LwCard w = lead->play.cards[0];
      for (guint i = 0; i < n_follows; i++)
        if (single_beats (lead, follows[i].cards[0], w))
          {
            w = follows[i].cards[0];
            winner = i + 1;
          }
      return winner;
    }

  /* The lead as the first winner: its rank, its embedded trumps (T7). */
  memset (&best, 0, sizeof best);
  best.all_trump = lead->trump_class;
  best.shape = TRUE;
  best.rank = lead->rank;
  if (!lead->trump_class)
    {
      best.n_trumps = lead->n_embedded;
      memcpy (best.trumps, lead->embedded, lead->n_embedded);
      sort_desc (best.trumps, best.n_trumps);
      memcpy (all_trumps, best.trumps, best.n_trumps);
      n_all = best.n_trumps;
    }

  for (guint i = 0; i < n_follows; i++)
    {
      PlayInfo f;
      gboolean beats;

      follow_info (lead, &follows[i], &f);
      if (lead->trump_class)
        /* Only a higher all-trump play of the lead's shape wins (T19). */
        beats = f.all_trump && f.shape && f.rank > best.rank;
      else if (f.all_trump)
        {
          /* Over-trumping card for card (T21–T24); T22's house rule
           * compares with every trump in the trick so far. */
          if (rules->whole_trick_overtrump)
            beats = dominates (f.trumps, f.n_trumps, all_trumps, n_all);
          else
            beats = dominates (f.trumps, f.n_trumps, best.trumps, best.n_trumps);
        }
      else if (best.all_trump)
        beats = FALSE;                                   /* T21 */
      else
        beats = f.shape && f.rank > best.rank;           /* T25, T12 */

      if (beats)
        {
          best = f;
          winner = i + 1;
        }
      if (!lead->trump_class)
        {
          for (guint k = 0; k < f.n_trumps && n_all < sizeof all_trumps; k++)
            all_trumps[n_all++] = f.trumps[k];
          sort_desc (all_trumps, n_all);
        }
    }
  return winner;
}
