/* test-bots.c — computer seats: every level makes only legal actions over
 * many seeded rounds, 2–8 players and partners; Hard's sampled deals agree
 * with what its seat has seen; the same seed gives the same choices; a
 * level per seat and duels; the levels' names
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-engine.h"
#include "lw-table-seats.h"
#include "lw-test-util.h"

typedef LwTestSetup Setup;

static const LwBotOptions small_budget = { 6, 4, 0, 4, 2000 };

static void
team_setup (const Setup *setup,
            int         *team_of)
{
  for (guint s = 0; s < setup->players; s++)
    team_of[s] = setup->partners ? (int) (s % (setup->players / 2)) : (int) s;
}

/* Checks one sampled deal against @obs: the seat's own hand as it is,
 * every other seat's size, no card twice, no card seen (played, in the
 * seat's hand, its own discards, a revealed Pup out of play), no card of a
 * suit a seat is void in, no card of a rank it failed to Poach. */
static void
check_sample (const LwObservation *obs,
              LwCard               hands[][LW_MAX_HAND])
{
  gboolean seen[LW_MAX_CARDS] = { FALSE }, dealt[LW_MAX_CARDS] = { FALSE };
  guint32 no_rank[LW_MAX_SEATS] = { 0 };

  for (guint i = 0; i < obs->n_hand; i++)
    {
      g_assert_cmpuint (hands[obs->seat][i], ==, obs->hand[i]);
      seen[obs->hand[i]] = TRUE;
    }
  for (guint i = 0; i < obs->n_discards; i++)
    seen[obs->discards[i]] = TRUE;
  for (guint k = 0; k < obs->tricks->len; k++)
    {
      const LwTrick *t = &g_array_index (obs->tricks, LwTrick, k);
      const LwPlay *lead = &t->plays[0];
      for (guint p = 0; p < t->n_plays; p++)
        for (guint c = 0; c < t->plays[p].n; c++)
          seen[t->plays[p].cards[c]] = TRUE;
      /* A suited Single neither followed nor Poached: that rank is gone. */
      if (lead->n == 1 && !lw_card_is_den (lead->cards[0]))
        for (guint p = 1; p < t->n_plays; p++)
          {
            LwCard c = t->plays[p].cards[0];
            LwSuit s = lw_card_is_trump (lead->cards[0], obs->trump) ? obs->trump
                                                                     : lw_card_suit (lead->cards[0]);
            if (!lw_card_follows_suit (c, s, obs->trump)
                && lw_card_rank (c) != lw_card_rank (lead->cards[0]))
              no_rank[(t->leader + (int) p) % (int) obs->n_players] |= 1u << lw_card_rank (lead->cards[0]);
          }
    }
  for (guint p = 0; p < obs->n_current; p++)
    for (guint c = 0; c < obs->current[p].n; c++)
      seen[obs->current[p].cards[c]] = TRUE;

  for (guint s = 0; s < obs->n_players; s++)
    {
      if ((int) s == obs->seat)
        continue;
      for (guint i = 0; i < obs->hand_sizes[s]; i++)
        {
          LwCard c = hands[s][i];
          g_assert_cmpuint (c, <, LW_DECK_CARDS * lw_decks (obs->n_players));
          g_assert_false (seen[c]);
          g_assert_false (dealt[c]);
          dealt[c] = TRUE;
          if (lw_card_is_trump (c, obs->trump))
            g_assert_false (obs->voids[s] & LW_VOID_TRUMPS);
          else if (!lw_card_is_den (c))
            g_assert_false (obs->voids[s] & (1u << lw_card_suit (c)));
          if (lw_card_is_den (c) && obs->trump == LW_NO_TRUMP)
            g_assert_false (obs->voids[s] & LW_VOID_DENS);
          g_assert_false (no_rank[s] & (1u << lw_card_rank (c)));
        }
    }
  /* The revealed Pup is out of play unless the Dealer Declared. */
  if (obs->declarer != obs->dealer || obs->declarer == LW_NO_SEAT)
    for (guint s = 0; s < obs->n_players; s++)
      if ((int) s != obs->seat)
        for (guint i = 0; i < obs->hand_sizes[s]; i++)
          g_assert_cmpuint (hands[s][i], !=, obs->revealed);
}

/* Plays rounds with every level at every seat (levels mixed by seat),
 * checking each action with the table's rules and Hard's samples. */
static void
test_legal (gconstpointer data)
{
  const Setup *setup = data;
  int team_of[LW_MAX_SEATS];
  guint rounds = g_test_slow () ? 400 : 60, samples = 0, consistent = 0;

  team_setup (setup, team_of);
  for (guint k = 0; k < rounds; k++)
    {
      guint64 seed = 7919u * k + setup->players * 31u + setup->partners;
      g_autoptr (LwTable) table = lw_table_new (setup->players, (int) (k % setup->players), seed, NULL);
      LwRng rng;

      lw_rng_init (&rng, seed);
      while (lw_table_get_phase (table) != LW_PHASE_END)
        {
          int seat = lw_table_get_turn (table);
          LwBotLevel level = (LwBotLevel) ((seat + k) % 5);
          LwAction action;
          g_autoptr (GError) error = NULL;

          lw_bot_choose_full (table, level, setup->partners ? team_of : NULL, &small_budget,
                              &rng, &action);
          g_assert_cmpint (action.seat, ==, seat);
          if (!lw_table_apply (table, &action, &error))
            g_error ("level %d, seed %" G_GUINT64_FORMAT ": %s", level, seed, error->message);

          /* A sample of the hidden hands for the next seat. */
          if (lw_table_get_phase (table) == LW_PHASE_PLAY)
            {
              LwObservation obs;
              LwCard hands[LW_MAX_SEATS][LW_MAX_HAND];
              lw_table_observe (table, lw_table_get_turn (table), &obs);
              consistent += lw_bot_sample_deal (&obs, &rng, hands);
              check_sample (&obs, hands);
              samples++;
            }
        }
    }
  g_test_message ("%u samples, %u met every constraint", samples, consistent);
  g_assert_cmpuint (consistent, ==, samples);
}

/* The same seed and state give the same action, every level. */
static void
test_deterministic (void)
{
  for (guint n = 2; n <= 8; n += 3)
    for (int level = LW_BOT_RANDOM; level <= LW_BOT_EXPERT; level++)
      {
        g_autoptr (LwTable) a = lw_table_new (n, 0, 99 + n, NULL);
        g_autoptr (LwTable) b = lw_table_new (n, 0, 99 + n, NULL);
        LwRng ra, rb;
        lw_rng_init (&ra, 5);
        lw_rng_init (&rb, 5);
        while (lw_table_get_phase (a) != LW_PHASE_END)
          {
            LwAction x, y;
            lw_bot_choose_full (a, (LwBotLevel) level, NULL, &small_budget, &ra, &x);
            lw_bot_choose_full (b, (LwBotLevel) level, NULL, &small_budget, &rb, &y);
            g_assert_cmpint (x.kind, ==, y.kind);
            g_assert_cmpuint (x.play.n, ==, y.play.n);
            g_assert_cmpmem (x.play.cards, x.play.n, y.play.cards, y.play.n);
            g_assert_true (lw_table_apply (a, &x, NULL));
            g_assert_true (lw_table_apply (b, &y, NULL));
          }
        g_assert_true (lw_table_equal (a, b));
      }
}

/* Each level's name is read back as that level (lw-enum-names.c);
 * Expert's is "expert"; an unknown name is no level. */
static void
test_level_names (void)
{
  const char *const names[] = { "random", "easy", "normal", "hard", "expert" };
  LwBotLevel level = LW_BOT_NORMAL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_true (lw_bot_level_from_string (names[i], &level));
      g_assert_cmpint (level, ==, (LwBotLevel) i);
      g_assert_cmpstr (lw_bot_level_to_string (level), ==, names[i]);
    }
  g_assert_cmpint (LW_BOT_EXPERT, ==, 4);
  g_assert_false (lw_bot_level_from_string ("Expert", &level));
  g_assert_false (lw_bot_level_from_string ("master", &level));
  g_assert_false (lw_bot_level_from_string (NULL, &level));
}

/* A copy of the table on another thread chooses as the original does. */
static gpointer
choose_on_thread (gpointer data)
{
  LwTable *copy = data;
  LwAction *action = g_new0 (LwAction, 1);
  LwRng rng;
  lw_rng_init (&rng, 17);
  lw_bot_choose_full (copy, LW_BOT_HARD, NULL, &small_budget, &rng, action);
  return action;
}

static void
test_thread (void)
{
  g_autoptr (LwTable) t = lw_table_new (3, 1, 2024, NULL);
  LwAction here;
  g_autofree LwAction *there = NULL;
  LwRng rng;
  GThread *threads[2];
  LwTable *copies[2];

  /* To the first play. */
  lw_rng_init (&rng, 3);
  while (lw_table_get_phase (t) != LW_PHASE_PLAY)
    {
      LwAction a;
      lw_bot_choose (t, LW_BOT_NORMAL, NULL, &rng, &a);
      g_assert_true (lw_table_apply (t, &a, NULL));
    }
  for (guint i = 0; i < 2; i++)
    {
      copies[i] = lw_table_copy (t);
      threads[i] = g_thread_new ("bot", choose_on_thread, copies[i]);
    }
  lw_rng_init (&rng, 17);
  lw_bot_choose_full (t, LW_BOT_HARD, NULL, &small_budget, &rng, &here);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree LwAction *a = g_thread_join (threads[i]);
      g_assert_cmpuint (a->play.n, ==, here.play.n);
      g_assert_cmpmem (a->play.cards, a->play.n, here.play.cards, here.play.n);
      lw_table_free (copies[i]);
    }
}

/* Seats of different levels; a duel's figures add up. */
static void
test_duel (void)
{
  LwDuelResult r;
  g_autoptr (GError) error = NULL;
  double low, high;

  g_assert_true (lw_bot_duel (LW_BOT_NORMAL, LW_BOT_RANDOM, 2, FALSE, 6, 1, NULL, &r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r.games, ==, 6);
  g_assert_cmpuint (r.wins_a + r.wins_b, ==, 6);
  g_assert_cmpfloat (r.low, <=, r.rate_a);
  g_assert_cmpfloat (r.rate_a, <=, r.high);
  g_assert_cmpuint (r.moves[0], >, 0);

  g_assert_true (lw_bot_duel (LW_BOT_HARD, LW_BOT_EASY, 4, TRUE, 2, 3, &small_budget, &r, &error));
  g_assert_cmpfloat (r.fair_share, ==, 0.5);

  g_assert_false (lw_bot_duel (LW_BOT_HARD, LW_BOT_EASY, 3, TRUE, 2, 3, NULL, &r, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);

  /* Wilson: 0 of 10 is [0, 0.278]; 50 of 100 is [0.404, 0.596]. */
  lw_wilson_interval (0, 10, 1.96, &low, &high);
  g_assert_cmpfloat_with_epsilon (low, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (high, 0.2775, 1e-3);
  lw_wilson_interval (50, 100, 1.96, &low, &high);
  g_assert_cmpfloat_with_epsilon (low, 0.4038, 1e-3);
  g_assert_cmpfloat_with_epsilon (high, 0.5962, 1e-3);
}

/* Easy never spends a trump, Big Bear or Little Wolf on a trick it cannot
 * win when a cheaper legal play exists. */
static void
test_easy_sense (void)
{
  for (guint64 seed = 1; seed <= 300; seed++)
    {
      g_autoptr (LwTable) t = lw_table_new (2, 0, seed, NULL);
      LwRng rng;
      lw_rng_init (&rng, seed);
      while (lw_table_get_phase (t) != LW_PHASE_END)
        {
          LwAction a;
          const LwLead *lead = lw_table_get_lead (t);
          lw_bot_choose (t, LW_BOT_EASY, NULL, &rng, &a);
          if (lead != NULL && lead->type == LW_LEAD_SINGLE)
            {
              /* One follower in a two-player Single: does anything win? */
              g_autoptr (GArray) masks = g_array_new (FALSE, FALSE, sizeof (guint32));
              guint n, wins = 0, cheap = 0;
              const LwCard *hand = lw_table_get_hand (t, lw_table_get_turn (t), &n);
              LwSuit trump = lw_table_get_trump (t);
              lw_table_legal_follows (t, masks);
              for (guint k = 0; k < masks->len; k++)
                {
                  LwPlay p;
                  LwCard c = hand[__builtin_ctz (g_array_index (masks, guint32, k))];
                  lw_play_set (&p, &c, 1);
                  wins += lw_trick_winner (lead, &p, 1, NULL) == 1;
                  cheap += !lw_card_is_trump (c, trump) && lw_card_face (c) != LW_FACE_BEAR
                           && lw_card_face (c) != LW_FACE_WOLF;
                }
              if (wins == 0 && cheap > 0)
                {
                  LwCard c = a.play.cards[0];
                  g_assert_false (lw_card_is_trump (c, trump));
                  g_assert_cmpuint (lw_card_face (c), !=, LW_FACE_BEAR);
                  g_assert_cmpuint (lw_card_face (c), !=, LW_FACE_WOLF);
                }
            }
          g_assert_true (lw_table_apply (t, &a, NULL));
        }
    }
}

/* TRICKS T22's house rule (E24; lw_test_whole_trick_position()): seat 3
 * holds JS JC, which would take the trick from its partner (seat 1,
 * winning under the house rule), and 4S 4C. Normal (Hard's and Expert's
 * first candidate) leaves the trick to the partner and plays 4S 4C; under
 * the rulings too (2H 3H winning, nothing of seat 3's beats them). */
static void
test_whole_trick_partner (void)
{
  static const int team_of[LW_MAX_SEATS] = { 0, 1, 0, 1 };
  static const LwHouseRules whole = { .whole_trick_overtrump = TRUE };

  for (guint r = 0; r < 2; r++)
    {
      const LwHouseRules *rules = r == 0 ? &whole : NULL;
      g_autoptr (LwTable) t = lw_test_whole_trick_position (rules);

      /* The position as described: who is winning under each rule. */
      g_assert_cmpint (lw_table_get_winning_seat (t), ==, r == 0 ? 1 : 2);
      for (guint64 seed = 1; seed <= 4; seed++)
        {
          LwRng rng;
          LwAction a;
          LwCard sorted[LW_MAX_PLAY];
          g_autofree char *played = NULL;

          lw_rng_init (&rng, seed);
          lw_bot_choose (t, LW_BOT_NORMAL, team_of, &rng, &a);
          g_assert_cmpint (a.kind, ==, LW_ACTION_PLAY);
          memcpy (sorted, a.play.cards, a.play.n);
          lw_cards_sort (sorted, a.play.n);
          played = lw_cards_format (sorted, a.play.n);
          g_test_message ("%s, seed %" G_GUINT64_FORMAT ": %s", r == 0 ? "whole trick" : "rulings", seed, played);
          /* Not the Jacks: the partner keeps the trick. */
          g_assert_cmpstr (played, ==, "4S 4C");
        }
    }
}

/* A computer seat's play at TRICKS E24 (lw_test_whole_trick_position())
 * under @rules (nullable), its cards sorted and written as the CLI does. */
static char *
whole_trick_play (const LwHouseRules *rules,
                  LwBotLevel          level,
                  guint64             seed)
{
  static const int team_of[LW_MAX_SEATS] = { 0, 1, 0, 1 };
  g_autoptr (LwTable) t = lw_test_whole_trick_position (rules);
  LwCard sorted[LW_MAX_PLAY];
  LwRng rng;
  LwAction a;
  char *played;

  lw_rng_init (&rng, seed);
  lw_bot_choose (t, level, team_of, &rng, &a);
  g_assert_cmpint (a.kind, ==, LW_ACTION_PLAY);
  memcpy (sorted, a.play.cards, a.play.n);
  lw_cards_sort (sorted, a.play.n);
  played = lw_cards_format (sorted, a.play.n);
  g_test_message ("%s, %s, seed %" G_GUINT64_FORMAT ": %s", lw_bot_level_to_string (level),
                  rules != NULL ? "whole trick" : "rulings", seed, played);
  return played;
}

/* Hard at E24 judges the trick by the round's rules (its candidates and
 * the deals it plays out are the table's, lw_table_get_rules()). Under
 * T22's whole-trick house rule seat 3's JS JC take the trick from its
 * partner, and there is a cause: seat 3 then leads 4S 4C, a Pair, for
 * the last trick; Hard finds it and plays the Jacks. Under the rulings
 * nothing of seat 3's wins (seat 2's 2H 3H) and it keeps the Jacks: a
 * Hard that played the deals out under the default rules would play
 * 4S 4C at every seed. */
static void
test_whole_trick_partner_hard (void)
{
  static const LwHouseRules whole = { .whole_trick_overtrump = TRUE };
  static const guint64 seeds[] = { 1, 2, 4 };

  for (guint k = 0; k < G_N_ELEMENTS (seeds); k++)
    {
      g_autofree char *house = whole_trick_play (&whole, LW_BOT_HARD, seeds[k]);
      g_autofree char *rulings = whole_trick_play (NULL, LW_BOT_HARD, seeds[k]);

      g_assert_cmpstr (house, ==, "JS JC");
      g_assert_cmpstr (rulings, ==, "4S 4C");
    }
}

/* Expert at E24 sees its partner (seat 1) winning under the round's rules
 * (lw-bot-expert.c's overtakes_partner(), with the table's rules as the
 * candidates and the deals it compares): taking a partner's trick needs a
 * cause larger than its margin, and at seeds 1, 3 and 4 it leaves the
 * trick to the partner with 4S 4C; at seed 2 its deals find the cause
 * (the Jacks win, then the 4S 4C Pair led for the last trick) above the
 * margin and it takes the trick. An Expert that judged the partner by the
 * default rules would see seat 2 winning, give the Jacks no margin to
 * clear and play JS JC at every seed; one that played its deals out under
 * the default rules would never see the Jacks win and play 4S 4C at seed
 * 2. Under the rulings it plays 4S 4C (nothing of seat 3's wins). */
static void
test_whole_trick_partner_expert (void)
{
  static const LwHouseRules whole = { .whole_trick_overtrump = TRUE };
  static const struct { guint64 seed; const char *house; } cases[] = {
    { 1, "4S 4C" }, { 2, "JS JC" }, { 3, "4S 4C" }, { 4, "4S 4C" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *house = whole_trick_play (&whole, LW_BOT_EXPERT, cases[k].seed);
      g_autofree char *rulings = whole_trick_play (NULL, LW_BOT_EXPERT, cases[k].seed);

      g_assert_cmpstr (house, ==, cases[k].house);
      g_assert_cmpstr (rulings, ==, "4S 4C");
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  lw_test_add_setups ("/bots/legal", test_legal);
  g_test_add_func ("/bots/deterministic", test_deterministic);
  g_test_add_func ("/bots/level-names", test_level_names);
  g_test_add_func ("/bots/thread", test_thread);
  g_test_add_func ("/bots/duel", test_duel);
  g_test_add_func ("/bots/easy-sense", test_easy_sense);
  g_test_add_func ("/bots/whole-trick-partner", test_whole_trick_partner);
  g_test_add_func ("/bots/whole-trick-partner/hard", test_whole_trick_partner_hard);
  g_test_add_func ("/bots/whole-trick-partner/expert", test_whole_trick_partner_expert);
  return g_test_run ();
}
