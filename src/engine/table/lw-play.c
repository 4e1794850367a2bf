/* lw-play.c — leads, follow obligations and the trick's winner
 * (TRICKS §3–§5)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-error.h"
#include "lw-play.h"

static const LwHouseRules default_rules = { FALSE, FALSE };

/* Bits set in @x (SWAR; the builtin becomes a library call without
 * -mpopcnt). */
static inline guint
popcount32 (guint32 x)
{
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return (x * 0x01010101u) >> 24;
}

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

/* Where the walk over the leads puts them: every lead into @out, or, with
 * @out %NULL, only the one numbered @target into @found (G_MAXUINT: none,
 * to count them). Leads are numbered in the order lw_leads_enumerate()
 * lists them. */
typedef struct {
  GArray *out;
  guint   index;
  guint   target;
  LwPlay *found;
  gboolean done;
} LeadSink;

/* Skips @count leads at once when none of them is wanted. */
static inline gboolean
sink_skip (LeadSink *sink,
           guint     count)
{
  if (sink->out != NULL || sink->index + count > sink->target)
    return FALSE;
  sink->index += count;
  return TRUE;
}

/* Whether the next lead is wanted (then build it and call sink_put()). */
static inline gboolean
sink_want (LeadSink *sink)
{
  if (sink->out != NULL)
    return TRUE;
  return sink->index++ == sink->target;
}

static inline void
sink_put (LeadSink     *sink,
          const LwPlay *play)
{
  if (sink->out != NULL)
    g_array_append_val (sink->out, *play);
  else
    {
      *sink->found = *play;
      sink->done = TRUE;
    }
}

static guint
binomial (guint n,
          guint k)
{
  guint64 r = 1;
  if (k > n)
    return 0;
  for (guint i = 1; i <= k; i++)
    r = r * (n - k + i) / i;
  return (guint) r;
}

static void
leads_walk (const LwCard       *hand,
            guint               n_hand,
            const LwHouseRules *rules,
            LeadSink           *sink)
{
  LwCard sorted[LW_MAX_HAND];
  LwCard bears[8], wolves[8];
  guint n_bears = 0, n_wolves = 0, n_singles = 0;
  guint32 suit_ranks[4] = { 0 };   /* bit r: a card of rank r held */
  LwCard by_rank[4][LW_N_RANKS];   /* its first card */
  guint rank_count[LW_N_RANKS] = { 0 };

  memcpy (sorted, hand, n_hand * sizeof (LwCard));
  lw_cards_sort (sorted, n_hand);
  for (guint i = 0; i < n_hand; i++)
    {
      LwCard c = sorted[i];
      guint suit = lw_card_suit (c), rank = lw_card_rank (c);
      if (lw_card_face (c) == LW_FACE_BEAR)
        bears[n_bears++] = c;
      else if (lw_card_face (c) == LW_FACE_WOLF)
        wolves[n_wolves++] = c;
      if (i == 0 || lw_card_face (c) != lw_card_face (sorted[i - 1]))
        n_singles++;
      rank_count[rank]++;
      if (suit < 4 && !(suit_ranks[suit] & (1u << rank)))
        {
          suit_ranks[suit] |= 1u << rank;
          by_rank[suit][rank] = c;
        }
    }

  /* Singles: identical two-deck cards (adjacent once sorted) once. */
  if (!sink_skip (sink, n_singles))
    for (guint i = 0; i < n_hand; i++)
      if (i == 0 || lw_card_face (sorted[i]) != lw_card_face (sorted[i - 1]))
        if (sink_want (sink))
          {
            LwPlay play = { 0 };
            play_push (&play, sorted[i], -1, LW_SUIT_NONE);
            sink_put (sink, &play);
            if (sink->done)
              return;
          }

  /* Pairs and Sets: for each rank, every multiset of ≥ 2 naturals (how
   * many of each face, so two-deck duplicates give one play), plus any
   * number of the Big Bears and Little Wolves not of that rank. */
  for (guint rank = 0; rank < LW_N_RANKS; rank++)
    {
      LwCard faces[LW_MAX_HAND];     /* first card of each face */
      guint mult[LW_MAX_HAND];       /* copies held */
      guint take[LW_MAX_HAND] = { 0 };
      guint n_faces = 0;
      guint max_b = rank == LW_RANK_BEAR ? 0 : n_bears;
      guint max_l = rank == LW_RANK_WOLF ? 0 : n_wolves;

      if (rank_count[rank] < 2)
        continue;
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
          }

      if (sink->out == NULL)
        {
          /* How many leads this rank gives: ways[k] multisets of k
           * naturals, each with the wildcards that fit. */
          guint ways[LW_MAX_HAND + 1] = { 1 }, top = 0, count = 0;
          for (guint f = 0; f < n_faces; f++)
            {
              for (int k = (int) (top + mult[f]); k >= 0; k--)
                {
                  guint sum = 0;
                  for (guint c = 0; c <= mult[f] && (int) c <= k; c++)
                    if ((guint) k - c <= top)
                      sum += ways[k - (int) c];
                  ways[k] = sum;
                }
              top += mult[f];
            }
          for (guint k = 2; k <= top; k++)
            for (guint nb = 0; nb <= max_b; nb++)
              if (k + nb <= LW_MAX_PLAY)
                count += ways[k] * (MIN (max_l, LW_MAX_PLAY - k - nb) + 1);
          if (sink_skip (sink, count))
            continue;
        }

      /* Odometer over take[f] in 0..mult[f]. */
      for (;;)
        {
          guint f, k = 0;
          for (f = 0; f < n_faces; f++)
            k += take[f];
          if (k >= 2)
            for (guint nb = 0; nb <= max_b; nb++)
              for (guint nl = 0; nl <= max_l && k + nb + nl <= LW_MAX_PLAY; nl++)
                if (sink_want (sink))
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
                    sink_put (sink, &play);
                    if (sink->done)
                      return;
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
      if (popcount32 (suit_ranks[suit]) < 2)
        continue;
      for (guint lo = LW_RANK_ACE; lo + 2 <= LW_RANK_KING; lo++)
        for (guint hi = lo + 2; hi <= LW_RANK_KING && hi - lo + 1 <= LW_MAX_PLAY; hi++)
          {
            guint width = hi - lo + 1;
            /* bit k: rank lo + k is held */
            guint32 held = (suit_ranks[suit] >> lo) & (((guint32) 1 << width) - 1);
            guint n_held = popcount32 (held), gaps = width - n_held;

            /* Wider windows from @lo only have more gaps. */
            if (gaps > n_wolves)
              break;
            if (n_held < 2)
              continue;
            if (sink->out == NULL)
              {
                /* Up to n_wolves − gaps held ranks may be played by a
                 * Little Wolf too, keeping two naturals; inside-only Runs
                 * keep both ends natural. */
                guint count = 0;
                if (!rules->runs_inside_only)
                  for (guint z = 0; z + gaps <= n_wolves && z + 2 <= n_held; z++)
                    count += binomial (n_held, z);
                else if ((held & 1) && (held >> (width - 1)))
                  for (guint z = 0; z + gaps <= n_wolves && z + 2 <= n_held; z++)
                    count += binomial (n_held - 2, z);
                if (sink_skip (sink, count))
                  continue;
              }
            /* Up to the Little Wolves left over, held ranks may be played
             * by a Little Wolf too: @swap picks them among the held ranks
             * (bit k: the k-th held rank from @lo). */
            for (guint z = 0; z + gaps <= n_wolves && z + 2 <= n_held; z++)
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
                      if ((!rules->runs_inside_only || (nat_lo == lo && nat_hi == hi))
                          && sink_want (sink))
                        {
                          LwPlay play = { 0 };
                          guint w = 0;
                          for (guint r = lo; r <= hi; r++)
                            {
                              if (natural & (1u << (r - lo)))
                                play_push (&play, by_rank[suit][r], -1, LW_SUIT_NONE);
                              else
                                play_push (&play, wolves[w++], (int) r, (int) suit);
                            }
                          sink_put (sink, &play);
                          if (sink->done)
                            return;
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
}

void
lw_leads_enumerate (const LwCard       *hand,
                    guint               n_hand,
                    LwSuit              trump,
                    const LwHouseRules *rules,
                    GArray             *out)
{
  LeadSink sink = { out, 0, G_MAXUINT, NULL, FALSE };

  g_return_if_fail (n_hand >= 1 && n_hand <= LW_MAX_HAND);
  g_return_if_fail (out != NULL);
  if (rules == NULL)
    rules = &default_rules;
  leads_walk (hand, n_hand, rules, &sink);
  (void) trump;
}

guint
lw_leads_count (const LwCard       *hand,
                guint               n_hand,
                const LwHouseRules *rules)
{
  LeadSink sink = { NULL, 0, G_MAXUINT, NULL, FALSE };

  g_return_val_if_fail (n_hand >= 1 && n_hand <= LW_MAX_HAND, 0);
  if (rules == NULL)
    rules = &default_rules;
  leads_walk (hand, n_hand, rules, &sink);
  return sink.index;
}

gboolean
lw_leads_nth (const LwCard       *hand,
              guint               n_hand,
              const LwHouseRules *rules,
              guint               index,
              LwPlay             *play)
{
  LeadSink sink = { NULL, 0, index, play, FALSE };

  g_return_val_if_fail (n_hand >= 1 && n_hand <= LW_MAX_HAND, FALSE);
  g_return_val_if_fail (play != NULL, FALSE);
  if (rules == NULL)
    rules = &default_rules;
  leads_walk (hand, n_hand, rules, &sink);
  return sink.done;
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

  if (n != lead->n)
    {
      shown = lw_cards_format (cards, n);
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
          shown = lw_cards_format (cards, n);
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                       "%s: %s is not in the hand", shown, lw_face_to_string (lw_card_face (cards[k])));
          return FALSE;
        }
      mask |= 1u << i;
    }

  follow_context (&ctx, lead, hand, n_hand);
  if (!best_key_direct (&ctx, n_hand, &best))
    best = best_follows (&ctx, n_hand, NULL, 0);
  if (follow_key (&ctx, mask) == best)
    return TRUE;

  shown = lw_cards_format (cards, n);
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
      info->shape = suited && same_suit && popcount32 (ranks) == play->n
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
