/* test-follow-bruteforce.c — the engine's legal follows against a
 * reference that tries every N-card subset of the hand on the literal,
 * ordered pattern lists of TRICKS §4 (the Set lists of §4.3 for N = 3..5,
 * the generic key for N ≥ 6), over many random hands, one and two decks;
 * and the obligatory cards, face by face, against those legal follows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "lw-engine.h"

/* ---- The reference --------------------------------------------------- */

typedef struct {
  const LwLead *lead;
  LwSuit        trump;
  guint         r;
  guint         n;
  LwCard        cards[LW_MAX_PLAY];   /* the candidate follow */
} Cand;

static gboolean
trump_card (const Cand *c, LwCard x)
{
  return lw_card_is_trump (x, c->trump);
}

/* Pattern components (§4 "Pattern symbols"). */
enum { GROUP_R = 1, GROUP, BEAR, HELPER, ANY };
typedef struct { int what; guint size; } Comp;

/* Can the cards not in @used be split into @comps[0..n_comps)? */
static gboolean
match_from (const Cand *c, guint32 used, const Comp *comps, guint n_comps)
{
  if (n_comps == 0)
    return used == (1u << c->n) - 1;
  const Comp *k = &comps[0];
  if (k->what == GROUP_R || k->what == GROUP)
    {
      /* Choose k->size unused cards of one rank. */
      for (guint32 m = 1; m < (1u << c->n); m++)
        {
          int rank = -1;
          gboolean ok = TRUE;
          if ((m & used) || (guint) __builtin_popcount (m) != k->size)
            continue;
          for (guint i = 0; i < c->n && ok; i++)
            if (m & (1u << i))
              {
                if (rank >= 0 && (guint) rank != lw_card_rank (c->cards[i]))
                  ok = FALSE;
                rank = (int) lw_card_rank (c->cards[i]);
              }
          if (ok && k->what == GROUP_R && (guint) rank != c->r)
            ok = FALSE;
          if (ok && match_from (c, used | m, comps + 1, n_comps - 1))
            return TRUE;
        }
      return FALSE;
    }
  for (guint i = 0; i < c->n; i++)
    {
      LwCard x = c->cards[i];
      gboolean fits;
      if (used & (1u << i))
        continue;
      switch (k->what)
        {
        case BEAR: fits = lw_card_face (x) == LW_FACE_BEAR; break;
        case HELPER: fits = lw_card_rank (x) == c->r || lw_card_face (x) == LW_FACE_BEAR; break;
        default: fits = TRUE; break;
        }
      if (fits && match_from (c, used | (1u << i), comps + 1, n_comps - 1))
        return TRUE;
    }
  return FALSE;
}

/* The Set lists of §4.3, written out: "S3r" a group of 3 of rank r, "P"
 * a pair, "B", "H", "X". */
static const char *const set3[] = { "S3r", "S3", "P2r B", "P2r X", "P2 H", "P2 X", "H H X", "H X X", "X X X", NULL };
static const char *const set4[] = { "S4r", "S4", "S3r B", "S3r X", "S3 H", "S3 X", "P2r P2", "P2 P2",
                                    "P2 H H", "P2 H X", "P2 X X", "H H X X", "H X X X", "X X X X", NULL };
static const char *const set5[] = { "S5r", "S5", "S4r B", "S4r X", "S4 H", "S4 X",
                                    "S3r P2", "S3 P2r", "S3 P2",
                                    "S3r B X", "S3 H H", "S3 H X", "S3 X X",
                                    "P2r P2 H", "P2r P2 X", "P2 P2 H", "P2 P2 X",
                                    "P2 H H X", "P2 H X X", "P2 X X X", "H H X X X", "H X X X X",
                                    "X X X X X", NULL };

static gboolean
match_pattern (const Cand *c, const char *pattern)
{
  g_auto (GStrv) parts = g_strsplit (pattern, " ", -1);
  Comp comps[LW_MAX_PLAY];
  guint n = 0;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *p = parts[i];
      if (p[0] == 'S' || p[0] == 'P')
        {
          comps[n].size = (guint) (p[1] - '0');
          comps[n].what = p[2] == 'r' ? GROUP_R : GROUP;
        }
      else
        comps[n].what = p[0] == 'B' ? BEAR : p[0] == 'H' ? HELPER : ANY;
      n++;
    }
  /* Groups first, so the singles take what is left. */
  return match_from (c, 0, comps, n);
}

static int
desc (const void *a, const void *b)
{
  return (int) *(const guint *) b - (int) *(const guint *) a;
}

/* §4.3's generic key, written independently: (V, g, hs) as a list. */
static void
generic_key (const Cand *c, guint *key, guint *len)
{
  guint counts[LW_N_RANKS] = { 0 };
  guint n = 0, hs = 0;
  for (guint i = 0; i < c->n; i++)
    counts[lw_card_rank (c->cards[i])]++;
  for (guint k = 0; k < LW_N_RANKS; k++)
    if (counts[k] > 0)
      key[n++] = counts[k];
  qsort (key, n, sizeof (guint), desc);
  while (n < LW_MAX_PLAY)
    key[n++] = 0;
  key[n++] = counts[c->r] >= 2 ? counts[c->r] : 0;
  for (guint i = 0; i < c->n; i++)
    if ((lw_card_rank (c->cards[i]) == c->r || lw_card_face (c->cards[i]) == LW_FACE_BEAR)
        && counts[lw_card_rank (c->cards[i])] == 1)
      hs++;
  key[n++] = hs;
  *len = n;
}

static gboolean
is_run (const Cand *c, guint *top)
{
  guint lo = 99, hi = 0;
  guint32 seen = 0;
  for (guint i = 0; i < c->n; i++)
    {
      LwCard x = c->cards[i];
      if (lw_card_is_den (x) || lw_card_suit (x) != lw_card_suit (c->cards[0])
          || (seen & (1u << lw_card_rank (x))))
        return FALSE;
      seen |= 1u << lw_card_rank (x);
      lo = MIN (lo, lw_card_rank (x));
      hi = MAX (hi, lw_card_rank (x));
    }
  *top = hi;
  return hi - lo + 1 == c->n;
}

static guint
count_if (const LwCard *cards, guint n, gboolean (*pred) (const Cand *, LwCard), const Cand *c)
{
  guint k = 0;
  for (guint i = 0; i < n; i++)
    k += pred (c, cards[i]) ? 1 : 0;
  return k;
}

static gboolean
of_suit_s (const Cand *c, LwCard x)
{
  /* A PLAIN Run's suit: its suited cards, never a Den card (T1). */
  return !lw_card_is_den (x) && lw_card_suit (x) == c->lead->suit;
}

static gboolean
non_trump_rank_r (const Cand *c, LwCard x)
{
  return !trump_card (c, x) && lw_card_rank (x) == c->r;
}

/* Which level of the lead's list @c meets, given the whole hand: 0 best;
 * a large number when it meets none before "anything". For the keyed
 * obligations (§4.3 N ≥ 6, §4.4), returns -1 and fills @key. */
static int
level (const Cand *c, const LwCard *hand, guint n_hand, guint *key, guint *key_len)
{
  const LwLead *lead = c->lead;
  guint trumps_held = count_if (hand, n_hand, trump_card, c);
  guint in_c_trumps = count_if (c->cards, c->n, trump_card, c);
  guint top;

  *key_len = 0;
  switch (lead->type)
    {
    case LW_LEAD_SINGLE:
      {
        LwCard x = c->cards[0];
        LwCard led = lead->play.cards[0];
        if (lw_card_is_den (led))
          {
            if (lw_card_is_den (x) && lw_card_rank (x) == c->r)
              return 0;
            if (c->trump != LW_NO_TRUMP ? trump_card (c, x) : lw_card_is_den (x))
              return 1;
            return 2;
          }
        if (c->trump != LW_NO_TRUMP && lw_card_suit (led) == c->trump)
          {
            if (trump_card (c, x))
              return 0;
          }
        else if (!lw_card_is_den (x) && lw_card_suit (x) == lw_card_suit (led))
          return 0;
        if (lw_card_rank (x) == c->r)
          return 1;
        return 2;
      }

    case LW_LEAD_PAIR:
      {
        gboolean pair = lw_card_rank (c->cards[0]) == lw_card_rank (c->cards[1]);
        if (lead->trump_class && trumps_held >= 2)
          return in_c_trumps == 2 ? (pair ? 0 : 1) : 2;
        if (lead->trump_class && trumps_held == 1)
          return in_c_trumps == 1 ? (count_if (c->cards, 2, non_trump_rank_r, c) == 1 ? 0 : 1) : 2;
        if (pair)
          return lw_card_rank (c->cards[0]) == c->r ? 0 : 1;
        if (lw_card_rank (c->cards[0]) == c->r || lw_card_rank (c->cards[1]) == c->r)
          return 2;
        return 3;
      }

    case LW_LEAD_SET:
      {
        const char *const *list = c->n == 3 ? set3 : c->n == 4 ? set4 : c->n == 5 ? set5 : NULL;
        if (lead->trump_class && trumps_held >= c->n)
          {
            /* N trumps maximising (V, #B) (T20). */
            guint bears = 0;
            if (in_c_trumps != c->n)
              return 1000;
            generic_key (c, key, key_len);
            *key_len -= 2;
            for (guint i = 0; i < c->n; i++)
              bears += lw_card_face (c->cards[i]) == LW_FACE_BEAR;
            key[(*key_len)++] = bears;
            return -1;
          }
        if (lead->trump_class && trumps_held > 0)
          {
            guint plain_r = count_if (hand, n_hand, non_trump_rank_r, c);
            guint want = MIN (plain_r, c->n - trumps_held);
            if (in_c_trumps != trumps_held)
              return 1000;
            return count_if (c->cards, c->n, non_trump_rank_r, c) == want ? 0 : 1;
          }
        if (list == NULL)
          {
            generic_key (c, key, key_len);
            return -1;
          }
        for (int k = 0; list[k] != NULL; k++)
          if (match_pattern (c, list[k]))
            return k;
        g_assert_not_reached ();
      }

    case LW_LEAD_RUN:
      {
        gboolean run = is_run (c, &top);
        if (lead->trump_class && trumps_held > 0)
          {
            if (run && lw_card_suit (c->cards[0]) == c->trump)
              return 0;
            if (in_c_trumps == MIN (trumps_held, c->n))
              return 1;
            return 1000;
          }
        if (run && top == c->r)
          return 0;
        if (run)
          return 1;
        if (!lead->trump_class)
          {
            guint held = count_if (hand, n_hand, of_suit_s, c);
            if (count_if (c->cards, c->n, of_suit_s, c) == MIN (held, c->n))
              return 2;
          }
        return 3;
      }
    default:
      g_assert_not_reached ();
    }
  return 0;
}

/* Every N-subset; those of the best level (or key) are legal. A level
 * becomes a score, higher better, with a keyed obligation above every
 * level and ordered by its key. */
#define SCORE_LEN (LW_MAX_PLAY + 4)

static void
reference_legal (const LwLead *lead, const LwCard *hand, guint n_hand, GArray *out)
{
  guint best[SCORE_LEN] = { 0 };
  gboolean any = FALSE;

  for (guint32 m = 1; m < (1u << n_hand); m++)
    {
      Cand c = { lead, lead->trump, lead->rank, 0, { 0 } };
      guint key[SCORE_LEN] = { 0 }, score[SCORE_LEN] = { 0 }, len;
      int lv, cmp = 0;

      if ((guint) __builtin_popcount (m) != lead->n)
        continue;
      for (guint i = 0; i < n_hand; i++)
        if (m & (1u << i))
          c.cards[c.n++] = hand[i];
      lv = level (&c, hand, n_hand, key, &len);
      if (lv < 0)
        {
          score[0] = 100000;
          memcpy (score + 1, key, len * sizeof (guint));
        }
      else
        score[0] = 99999 - (guint) lv;
      for (guint k = 0; k < SCORE_LEN && cmp == 0; k++)
        cmp = score[k] > best[k] ? 1 : score[k] < best[k] ? -1 : 0;
      if (!any || cmp > 0)
        {
          memcpy (best, score, sizeof best);
          g_array_set_size (out, 0);
          any = TRUE;
          cmp = 0;
        }
      if (cmp == 0)
        g_array_append_val (out, m);
    }
}

/* ---- The comparison -------------------------------------------------- */

static int
cmp_u32 (gconstpointer a, gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;
  return x < y ? -1 : x > y;
}

static guint n_by_type[4];

typedef struct {
  LwLead lead;
  LwPlay play;
  LwCard hand[13];
  guint  n_hand;
} Position;

/* A random position: a lead from the leader's 13 cards (often a
 * combination) and the follower's hand from the cards left. %FALSE when
 * too few cards are left for a follow. */
static gboolean
random_position (LwRng    *rng,
                 guint     decks,
                 gboolean  clumpy,
                 Position *pos)
{
  LwCard deck[LW_MAX_CARDS], pool[LW_MAX_CARDS];
  guint n_deck = lw_deck_shuffled (decks, lw_rng_next (rng), deck), n_pool = 0;
  LwSuit trump = (LwSuit) lw_rng_below (rng, 5);
  g_autoptr (GArray) leads = g_array_new (FALSE, FALSE, sizeof (LwPlay));
  guint first_rank = 1 + lw_rng_below (rng, 9);

  /* A clumpy deal keeps four ranks and the Den cards, so that groups,
   * Runs and trumps are common. */
  for (guint i = 0; i < n_deck; i++)
    if (!clumpy || lw_card_is_den (deck[i])
        || (lw_card_rank (deck[i]) >= first_rank && lw_card_rank (deck[i]) < first_rank + 4))
      pool[n_pool++] = deck[i];

  lw_leads_enumerate (pool, MIN (13, n_pool), trump, NULL, leads);
  {
    guint pick = lw_rng_below (rng, leads->len);
    if (lw_rng_below (rng, 5) != 0)
      for (guint tries = 0; tries < 20 && g_array_index (leads, LwPlay, pick).n == 1; tries++)
        pick = lw_rng_below (rng, leads->len);
    pos->play = g_array_index (leads, LwPlay, pick);
  }
  g_assert_true (lw_lead_classify (&pos->play, trump, NULL, &pos->lead, NULL));

  pos->n_hand = pos->lead.n + lw_rng_below (rng, 14 - pos->lead.n);
  if (pos->n_hand > n_pool - 13)
    pos->n_hand = n_pool - 13;
  if (pos->n_hand < pos->lead.n)
    return FALSE;
  memcpy (pos->hand, pool + 13, pos->n_hand);
  return TRUE;
}

static void
compare_one (LwRng *rng, guint decks, gboolean clumpy)
{
  g_autoptr (GArray) got = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) want = g_array_new (FALSE, FALSE, sizeof (guint32));
  Position pos;

  if (!random_position (rng, decks, clumpy, &pos))
    return;
  n_by_type[pos.lead.type]++;

  lw_follow_legal (&pos.lead, pos.hand, pos.n_hand, got);
  reference_legal (&pos.lead, pos.hand, pos.n_hand, want);
  g_array_sort (got, cmp_u32);
  g_array_sort (want, cmp_u32);
  if (got->len != want->len || memcmp (got->data, want->data, got->len * sizeof (guint32)) != 0)
    {
      g_autofree char *l = lw_play_format (&pos.play);
      g_autofree char *h = lw_cards_format (pos.hand, pos.n_hand);
      g_error ("trump %s, lead %s, hand %s: the engine has %u legal follows, the reference %u",
               lw_suit_to_string (pos.lead.trump), l, h, got->len, want->len);
    }
}

static void
test_compare (gconstpointer data)
{
  guint decks = GPOINTER_TO_UINT (data);
  guint trials = g_test_slow () ? 200000 : 10000;
  LwRng rng;

  lw_rng_init (&rng, 0xF0110 + decks);
  memset (n_by_type, 0, sizeof n_by_type);
  for (guint k = 0; k < trials; k++)
    compare_one (&rng, decks, k % 2 == 1);
  g_test_message ("%u decks: %u Singles, %u Pairs, %u Sets, %u Runs", decks,
                  n_by_type[0], n_by_type[1], n_by_type[2], n_by_type[3]);
  g_assert_cmpuint (n_by_type[LW_LEAD_SET], >, trials / 20);
  g_assert_cmpuint (n_by_type[LW_LEAD_RUN], >, trials / 20);
}

/* ---- The obligatory cards ------------------------------------------- */

/* How many cards of each face @mask holds of @hand. */
static void
count_faces (const LwCard *hand, guint n_hand, guint32 mask, guint counts[LW_N_FACES])
{
  memset (counts, 0, LW_N_FACES * sizeof counts[0]);
  for (guint i = 0; i < n_hand; i++)
    if (mask & (1u << i))
      counts[lw_card_face (hand[i])]++;
}

/* lw_follow_obligatory() of one position and picks against every legal
 * follow of the reference: for each face, the fewest copies beyond the
 * picked ones that a legal follow holding the picks (as many of each face)
 * holds; a face is possible when some such follow holds more copies than
 * are picked. With no such follow, every legal follow counts. */
static void
check_obligatory (const Position *pos, guint32 picked, guint *n_owed_copy)
{
  g_autoptr (GArray) legal = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint held[LW_N_FACES], in_picked[LW_N_FACES], in_follow[LW_N_FACES];
  guint fewest[LW_N_FACES] = { 0 }, most[LW_N_FACES] = { 0 };
  guint got_must[LW_N_FACES], got_could[LW_N_FACES];
  guint32 must, could = 0;
  gboolean any = FALSE;

  reference_legal (&pos->lead, pos->hand, pos->n_hand, legal);
  g_assert_cmpuint (legal->len, >, 0);
  count_faces (pos->hand, pos->n_hand, (1u << pos->n_hand) - 1, held);
  count_faces (pos->hand, pos->n_hand, picked, in_picked);
  for (int pass = 0; pass < 2 && !any; pass++)
    {
      for (guint f = 0; f < LW_N_FACES; f++)
        fewest[f] = G_MAXUINT, most[f] = 0;
      for (guint k = 0; k < legal->len; k++)
        {
          gboolean holds = TRUE;

          count_faces (pos->hand, pos->n_hand, g_array_index (legal, guint32, k), in_follow);
          for (guint f = 0; f < LW_N_FACES; f++)
            holds = holds && in_follow[f] >= in_picked[f];
          if (pass == 0 && !holds)
            continue;
          any = TRUE;
          for (guint f = 0; f < LW_N_FACES; f++)
            {
              fewest[f] = MIN (fewest[f], in_follow[f]);
              most[f] = MAX (most[f], in_follow[f]);
            }
        }
    }

  must = lw_follow_obligatory (&pos->lead, pos->hand, pos->n_hand, picked, &could);
  g_assert_cmpuint (must & picked, ==, 0);
  g_assert_cmpuint (could & picked, ==, 0);
  count_faces (pos->hand, pos->n_hand, must, got_must);
  count_faces (pos->hand, pos->n_hand, could, got_could);
  for (guint f = 0; f < LW_N_FACES; f++)
    {
      guint owed = fewest[f] > in_picked[f] ? fewest[f] - in_picked[f] : 0;
      guint possible = most[f] > in_picked[f] ? held[f] - in_picked[f] : 0;

      if (got_must[f] != owed || got_could[f] != possible)
        {
          g_autofree char *l = lw_play_format (&pos->play);
          g_autofree char *h = lw_cards_format (pos->hand, pos->n_hand);
          g_error ("trump %s, lead %s, hand %s, picked 0x%x: face %s: %u obligatory and %u possible, "
                   "the reference %u and %u", lw_suit_to_string (pos->lead.trump), l, h, picked,
                   lw_face_to_string (f), got_must[f], got_could[f], owed, possible);
        }
      if (owed > 0 && owed < held[f] - in_picked[f])
        (*n_owed_copy)++;
    }
}

/* Random positions, each with no pick, a random pick of some legal
 * follow's cards and a random pick of any cards of the hand. */
static void
test_obligatory (gconstpointer data)
{
  guint decks = GPOINTER_TO_UINT (data);
  guint trials = g_test_slow () ? 50000 : 3000;
  guint n_owed_copy = 0;
  LwRng rng;

  lw_rng_init (&rng, 0x0B11 + decks);
  for (guint k = 0; k < trials; k++)
    {
      g_autoptr (GArray) legal = g_array_new (FALSE, FALSE, sizeof (guint32));
      Position pos;
      guint32 m;

      if (!random_position (&rng, decks, k % 2 == 1, &pos))
        continue;
      check_obligatory (&pos, 0, &n_owed_copy);
      lw_follow_legal (&pos.lead, pos.hand, pos.n_hand, legal);
      m = g_array_index (legal, guint32, lw_rng_below (&rng, legal->len));
      check_obligatory (&pos, m & (guint32) lw_rng_next (&rng), &n_owed_copy);
      check_obligatory (&pos, (guint32) lw_rng_next (&rng) & ((1u << pos.n_hand) - 1), &n_owed_copy);
    }
  g_test_message ("%u decks: %u faces owed in fewer copies than held", decks, n_owed_copy);
  /* Two decks: a face owed once while two copies are held is common. */
  if (decks == 2)
    g_assert_cmpuint (n_owed_copy, >, trials / 100);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/follow/bruteforce/one-deck", GUINT_TO_POINTER (1), test_compare);
  g_test_add_data_func ("/follow/bruteforce/two-decks", GUINT_TO_POINTER (2), test_compare);
  g_test_add_data_func ("/follow/bruteforce/obligatory-one-deck", GUINT_TO_POINTER (1), test_obligatory);
  g_test_add_data_func ("/follow/bruteforce/obligatory-two-decks", GUINT_TO_POINTER (2), test_obligatory);
  return g_test_run ();
}
