/* test-table-facts.c — the virtual table's facts for the UIs: the
 * obligatory cards of a follow, why a follow is refused, the bidding's
 * events and what a wildcard stood for (TRICKS §2.4, §3, §4; SCORING R16)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-engine.h"
#include "lw-test-util.h"

typedef struct {
  LwLead lead;
  LwCard hand[LW_MAX_HAND];
  guint  n_hand;
} Follow;

/* A lead and a follower's hand from one deck (two when a face repeats). */
static void
read_follow (const char *trump,
             const char *lead,
             const char *hand,
             Follow     *f)
{
  guint8 used[LW_N_FACES] = { 0 };
  LwPlay play;
  g_autoptr (GError) error = NULL;

  lw_test_read_play (lead, used, &play);
  g_assert_true (lw_lead_classify (&play, lw_test_trump_of (trump), NULL, &f->lead, &error));
  g_assert_no_error (error);
  lw_test_read_play (hand, used, &play);
  memcpy (f->hand, play.cards, play.n);
  f->n_hand = play.n;
}

/* The cards of @mask, sorted, in the notation ("9D 9H"). */
static char *
mask_text (const Follow *f,
           guint32       mask)
{
  LwCard sel[LW_MAX_HAND];
  guint n = 0;

  for (guint i = 0; i < f->n_hand; i++)
    if (mask & (1u << i))
      sel[n++] = f->hand[i];
  lw_cards_sort (sel, n);
  return lw_cards_format (sel, n);
}

/* The mask of @cards ("9D KC") in @f's hand. */
static guint32
mask_of (const Follow *f,
         const char   *cards)
{
  g_auto (GStrv) names = g_strsplit (cards, " ", -1);
  guint32 mask = 0;

  for (guint k = 0; names[k] != NULL; k++)
    {
      guint i;
      for (i = 0; i < f->n_hand; i++)
        if (!(mask & (1u << i)) && strcmp (lw_face_to_string (lw_card_face (f->hand[i])), names[k]) == 0)
          break;
      g_assert_cmpuint (i, <, f->n_hand);
      mask |= 1u << i;
    }
  return mask;
}

typedef struct {
  const char *id, *trump, *lead, *hand, *picked, *must, *could;
} ObligatoryCase;

/* The worked examples of TRICKS §7: the cards in every legal follow. */
static const ObligatoryCase obligatory_cases[] = {
  /* E13: the same-rank Pair is the only follow */
  { "E13", "H", "9S 9C", "9D 9H 3S 3D KC", "", "9D 9H", "9D 9H" },
  /* E15: the card of the lead's rank, with any other */
  { "E15", "H", "9S 9C", "9D 2S KC L", "", "9D", "2S 9D KC L" },
  /* E15 with KC picked: 9D is still owed, and nothing else fits */
  { "E15-picked", "H", "9S 9C", "9D 2S KC L", "KC", "9D", "9D" },
  /* E19: the one trump held, then any card */
  { "E19", "H", "W W", "5H 3S 3D QC", "", "5H", "3S 5H 3D QC" },
  /* E27: P(r)+B, one play */
  { "E27", "NT", "9S 9C B=9", "9D 9H 5S 5D B", "", "9D 9H B", "9D 9H B" },
  /* E2: follow suit, either spade: nothing is obligatory */
  { "E2", "H", "7S", "3S QS 7D L", "", "", "3S QS" },
  /* E36: three trumps, W W first (T20) */
  { "E36", "H", "G G B=G", "W W 5H KH L 3S", "", "W W", "5H KH W W L" },
  /* E46: no trump: the Run of the lead's rank (T11) */
  { "E46", "H", "5H 6H L=7H", "9S 10S JS 5C 6C 7C", "", "5C 6C 7C", "5C 6C 7C" },
  /* Two decks: either 3S follows suit, so one 3S is owed, not both */
  { "two-decks-single", "H", "7S", "3S 3S 7D L", "", "3S", "3S 3S" },
  /* Two decks: a trump for the Den Single led, either Worm */
  { "two-decks-den", "H", "G", "W W 2S", "", "W", "W W" },
  /* Two decks: the Run of the lead's top card with either 7D */
  { "two-decks-run", "H", "5C 6C 7C", "5D 6D 7D 7D 2S", "", "5D 6D 7D", "5D 6D 7D 7D" },
  /* ... with a 7D picked: the 7D owed is there */
  { "two-decks-run-picked", "H", "5C 6C 7C", "5D 6D 7D 7D 2S", "7D", "5D 6D", "5D 6D" },
};

static void
test_obligatory (gconstpointer data)
{
  const ObligatoryCase *c = data;
  Follow f;
  guint32 picked, must, could = 0;
  g_autofree char *must_text = NULL;
  g_autofree char *could_text = NULL;
  g_autofree char *want_must = NULL;
  g_autofree char *want_could = NULL;
  Follow want;

  read_follow (c->trump, c->lead, c->hand, &f);
  picked = *c->picked != '\0' ? mask_of (&f, c->picked) : 0;
  must = lw_follow_obligatory (&f.lead, f.hand, f.n_hand, picked, &could);
  must_text = mask_text (&f, must);
  could_text = mask_text (&f, could);
  /* The expected cards, sorted the same way. */
  want = f;
  want_must = *c->must != '\0' ? mask_text (&want, mask_of (&want, c->must)) : g_strdup ("");
  want_could = mask_text (&want, mask_of (&want, c->could));
  g_assert_cmpstr (must_text, ==, want_must);
  g_assert_cmpstr (could_text, ==, want_could);
  g_assert_cmpuint (must & picked, ==, 0);
}

typedef struct {
  const char   *id, *trump, *lead, *hand, *play;
  LwRefusalKind kind;
  const char   *must;   /* the cards in every legal follow, NULL: unchecked */
} RefusalCase;

static const RefusalCase refusal_cases[] = {
  { "count", "H", "7S", "3S QS 7D L", "3S QS", LW_REFUSAL_COUNT, NULL },
  { "not-in-hand", "H", "7S", "3S QS 7D L", "KS", LW_REFUSAL_NOT_IN_HAND, NULL },
  { "follow-suit", "H", "7S", "3S QS 7D L", "7D", LW_REFUSAL_FOLLOW_SUIT, "" },
  { "follow-suit-two-decks", "H", "7S", "3S 3S 7D L", "7D", LW_REFUSAL_FOLLOW_SUIT, "3S" },
  { "poach", "H", "7S", "2H 7D 7H KC", "KC", LW_REFUSAL_POACH, "" },
  { "den-same-rank", "H", "G", "G L 5H 2S", "5H", LW_REFUSAL_DEN_SAME_RANK, "G" },
  { "trump", "H", "G", "W 5H 2S", "2S", LW_REFUSAL_TRUMP, "" },
  { "den", "NT", "G", "W B KH", "KH", LW_REFUSAL_DEN, "" },
  { "pair-of-rank", "H", "9S 9C", "9D 9H 3S 3D KC", "3S 3D", LW_REFUSAL_PAIR_OF_RANK, "9D 9H" },
  { "pair", "H", "9S 9C", "3S 3D KH QH", "KH QH", LW_REFUSAL_PAIR, "3S 3D" },
  { "card-of-rank", "H", "9S 9C", "9D 2S KC L", "KC 2S", LW_REFUSAL_CARD_OF_RANK, "9D" },
  { "trump-pair", "H", "W W", "G G 5H 5S 5D", "5S 5D", LW_REFUSAL_TRUMP_PAIR, "G G" },
  { "two-trumps", "H", "W W", "5H KH 3S 3D", "3S 3D", LW_REFUSAL_TWO_TRUMPS, "5H KH" },
  { "trump-with-rank", "H", "7H 7H", "KH 7S 2C 2D", "KH 2C", LW_REFUSAL_TRUMP_WITH_RANK, "KH 7S" },
  { "the-trump", "H", "W W", "5H 3S 3D QC", "3S 3D", LW_REFUSAL_THE_TRUMP, "5H" },
  { "set-groups", "NT", "9S 9C B=9", "5S 5D 9D KC QC", "KC QC 9D", LW_REFUSAL_SET_GROUPS, "5S 5D 9D" },
  { "set-trumps", "H", "G G B=G", "W W 5H KH L 3S", "5H KH L", LW_REFUSAL_SET_TRUMPS, "W W" },
  { "every-trump", "H", "G G B=G", "5H 3S 3D QC", "3S 3D QC", LW_REFUSAL_EVERY_TRUMP, "5H" },
  { "run-of-rank", "H", "5S 6S 7S", "5D 6D 7D 8D 2S", "8D 7D 6D", LW_REFUSAL_RUN_OF_RANK, "5D 6D 7D" },
  { "run", "H", "5S 6S 7S", "8D 9D 10D 2S 3S", "2S 3S 8D", LW_REFUSAL_RUN, "8D 9D 10D" },
  { "run-suit", "H", "5S 6S 7S", "2S 9S KD 4H G", "KD 4H G", LW_REFUSAL_RUN_SUIT, "2S 9S" },
  { "trump-run", "H", "5H 6H L=7H", "JH QH KH 2C", "JH QH 2C", LW_REFUSAL_TRUMP_RUN, "JH QH KH" },
  { "run-trumps", "H", "5H 6H L=7H", "W 2H G 9S 10S JS", "9S 10S JS", LW_REFUSAL_RUN_TRUMPS, "W 2H G" },
};

static void
test_refusal (gconstpointer data)
{
  const RefusalCase *c = data;
  Follow f;
  LwPlay play;
  LwRefusal refusal;
  guint8 used[LW_N_FACES] = { 0 };
  g_autoptr (GError) error = NULL;

  read_follow (c->trump, c->lead, c->hand, &f);
  lw_test_read_play (c->play, used, &play);
  g_assert_true (lw_follow_refusal (&f.lead, f.hand, f.n_hand, play.cards, play.n, &refusal));
  g_assert_cmpint (refusal.kind, ==, c->kind);
  g_assert_cmpuint (refusal.n_lead, ==, f.lead.n);
  if (c->kind == LW_REFUSAL_NOT_IN_HAND)
    g_assert_cmpstr (lw_face_to_string (lw_card_face (refusal.missing)), ==, "KS");
  else
    g_assert_cmpuint (refusal.missing, ==, LW_NO_CARD);
  if (c->must != NULL)
    {
      g_autofree char *must = mask_text (&f, refusal.must);
      g_autofree char *want = *c->must != '\0' ? mask_text (&f, mask_of (&f, c->must)) : g_strdup ("");

      g_assert_cmpstr (must, ==, want);
      g_assert_cmpuint (refusal.played, ==, mask_of (&f, c->play));
      g_assert_cmpuint (refusal.n_legal, >=, 1);
      g_assert_cmpuint (refusal.must & ~refusal.could, ==, 0);
    }

  /* lw_follow_check() says the same obligation in the engine's words. */
  g_assert_false (lw_follow_check (&f.lead, f.hand, f.n_hand, play.cards, play.n, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY);
  if (c->kind != LW_REFUSAL_COUNT)
    g_assert_nonnull (strstr (error->message, lw_refusal_kind_describe (c->kind)));
}

/* A legal follow is not refused. */
static void
test_refusal_none (void)
{
  Follow f;
  LwPlay play;
  LwRefusal refusal;
  guint8 used[LW_N_FACES] = { 0 };

  read_follow ("H", "9S 9C", "9D 9H 3S 3D KC", &f);
  lw_test_read_play ("9D 9H", used, &play);
  g_assert_false (lw_follow_refusal (&f.lead, f.hand, f.n_hand, play.cards, play.n, &refusal));
  g_assert_cmpint (refusal.kind, ==, LW_REFUSAL_NONE);
}

/* TRICKS §3 "Annotation": a Run's Little Wolf stands for a rank and the
 * Run's suit, a Set's Big Bear for a rank only, a Single is never wild. */
static void
test_wildcards (void)
{
  guint8 used[LW_N_FACES] = { 0 };
  LwPlay play;
  LwWildcard wild[LW_MAX_PLAY];

  lw_test_read_play ("5S 6S L=7S", used, &play);
  g_assert_cmpuint (lw_play_wildcards (&play, wild), ==, 1);
  g_assert_cmpuint (wild[0].index, ==, 2);
  g_assert_cmpuint (lw_card_face (wild[0].card), ==, LW_FACE_WOLF);
  g_assert_cmpuint (wild[0].rank, ==, 7);
  g_assert_cmpint (wild[0].suit, ==, LW_SUIT_SPADES);

  memset (used, 0, sizeof used);
  lw_test_read_play ("9S 9C B=9 L=9", used, &play);
  g_assert_cmpuint (lw_play_wildcards (&play, wild), ==, 2);
  g_assert_cmpuint (lw_card_face (wild[0].card), ==, LW_FACE_BEAR);
  g_assert_cmpuint (wild[0].rank, ==, 9);
  g_assert_cmpint (wild[0].suit, ==, LW_SUIT_NONE);
  g_assert_cmpuint (wild[1].index, ==, 3);
  g_assert_cmpuint (lw_card_face (wild[1].card), ==, LW_FACE_WOLF);

  memset (used, 0, sizeof used);
  lw_test_read_play ("L", used, &play);
  g_assert_cmpuint (lw_play_wildcards (&play, wild), ==, 0);
}

static void
apply_bid (LwTable      *table,
           LwActionKind  kind)
{
  LwAction action = { kind, lw_table_get_turn (table), { 0 } };
  g_autoptr (GError) error = NULL;

  g_assert_true (lw_table_apply (table, &action, &error));
  g_assert_no_error (error);
}

/* TRICKS §2.4: the Dealer speaks first, the first Declare ends bidding. */
static void
test_bid_declares (void)
{
  g_autoptr (LwTable) table = lw_table_new (4, 2, 7, NULL);
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (LwBidEvent));
  const LwBidEvent *e;

  g_assert_cmpuint (lw_table_bid_events (table, events), ==, 0);
  apply_bid (table, LW_ACTION_DECLINE);
  apply_bid (table, LW_ACTION_DECLARE);
  g_assert_cmpuint (lw_table_bid_events (table, events), ==, 2);
  e = &g_array_index (events, LwBidEvent, 0);
  g_assert_cmpint (e->kind, ==, LW_BID_DECLINES);
  g_assert_cmpint (e->seat, ==, 2);
  g_assert_true (e->dealer);
  e = &g_array_index (events, LwBidEvent, 1);
  g_assert_cmpint (e->kind, ==, LW_BID_DECLARES);
  g_assert_cmpint (e->seat, ==, 3);
  g_assert_false (e->dealer);
  g_assert_cmpint (lw_table_get_declarer (table), ==, 3);
}

/* Everyone declines: the Dealer leads, and at the end the seats with the
 * most cards are charged (SCORING R16). */
static void
test_bid_all_declined (void)
{
  g_autoptr (LwTable) table = lw_table_new (3, 1, 11, NULL);
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (LwBidEvent));
  const LwBidEvent *e;
  guint most = 0;
  guint32 charged = 0;

  for (guint i = 0; i < 3; i++)
    apply_bid (table, LW_ACTION_DECLINE);
  g_assert_cmpuint (lw_table_bid_events (table, events), ==, 4);
  e = &g_array_index (events, LwBidEvent, 3);
  g_assert_cmpint (e->kind, ==, LW_BID_ALL_DECLINED);
  g_assert_cmpint (e->seat, ==, 1);
  g_assert_cmpuint (e->charged, ==, 0);   /* no card won yet */
  g_assert_cmpint (lw_table_get_turn (table), ==, 1);

  /* Play the round out with the first legal play each time. */
  for (guint step = 0; step < 200 && lw_table_get_phase (table) != LW_PHASE_END; step++)
    {
      LwAction action = { LW_ACTION_PLAY, lw_table_get_turn (table), { 0 } };
      g_autoptr (GError) error = NULL;

      if (lw_table_get_lead (table) == NULL)
        {
          g_autoptr (GArray) leads = g_array_new (FALSE, FALSE, sizeof (LwPlay));
          lw_table_legal_leads (table, leads);
          action.play = g_array_index (leads, LwPlay, 0);
        }
      else
        {
          g_autoptr (GArray) masks = g_array_new (FALSE, FALSE, sizeof (guint32));
          guint n;
          const LwCard *hand = lw_table_get_hand (table, action.seat, &n);
          guint32 m;
          LwCard sel[LW_MAX_PLAY];
          guint ns = 0;

          lw_table_legal_follows (table, masks);
          m = g_array_index (masks, guint32, 0);
          g_assert_cmpuint (lw_table_obligatory (table, 0, NULL) & ~m, ==, 0);
          for (guint i = 0; i < n; i++)
            if (m & (1u << i))
              sel[ns++] = hand[i];
          lw_play_set (&action.play, sel, ns);
        }
      g_assert_true (lw_table_apply (table, &action, &error));
    }
  g_assert_cmpint (lw_table_get_phase (table), ==, LW_PHASE_END);
  for (int s = 0; s < 3; s++)
    most = MAX (most, lw_table_get_taken (table, s));
  for (int s = 0; s < 3; s++)
    if (lw_table_get_taken (table, s) == most)
      charged |= 1u << s;
  g_array_set_size (events, 0);
  lw_table_bid_events (table, events);
  e = &g_array_index (events, LwBidEvent, 3);
  g_assert_cmpuint (e->charged, ==, charged);
  g_assert_cmpuint (e->charged, !=, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_named_rows ("/table-facts/obligatory", obligatory_cases, G_N_ELEMENTS (obligatory_cases), sizeof obligatory_cases[0], test_obligatory);
  lw_test_add_named_rows ("/table-facts/refusal", refusal_cases, G_N_ELEMENTS (refusal_cases), sizeof refusal_cases[0], test_refusal);
  g_test_add_func ("/table-facts/refusal/none", test_refusal_none);
  g_test_add_func ("/table-facts/wildcards", test_wildcards);
  g_test_add_func ("/table-facts/bid/declares", test_bid_declares);
  g_test_add_func ("/table-facts/bid/all-declined", test_bid_all_declined);
  return g_test_run ();
}
