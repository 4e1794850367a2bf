/* lw-play.c — leads and the trick's winner (TRICKS §3, §5); follow
 * obligations are in lw-follow.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-error.h"
#include "lw-play.h"
#include "lw-play-private.h"

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
