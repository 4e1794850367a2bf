/* test-play-props.c — properties of whole rounds at the virtual table over
 * thousands of seeded random games, 2–8 players and partners: every play
 * legal, hands equal, cards and Den cards conserved, every round ends,
 * the action log replays to the same state, the facts score
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-engine.h"
#include "lw-test-util.h"

static int team_of[LW_MAX_SEATS];
static const LwBotOptions small_budget = { 6, 4, 0 };

/* Plays one round, checking each step against the invariants. */
static void
check_round (guint n_players, gboolean partners, guint64 seed, LwBotLevel level)
{
  int dealer = (int) (seed % n_players);
  g_autoptr (LwTable) table = lw_table_new (n_players, dealer, seed, NULL);
  g_autoptr (LwTable) replay = NULL;
  g_autoptr (LwRound) round = lw_round_new ();
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = NULL;
  guint hand = lw_hand_size (n_players), steps = 0, dens_taken = 0, sum = 0;
  char *names[LW_MAX_SEATS];
  LwRng rng;

  lw_rng_init (&rng, lw_seed_mix (seed, 99));
  while (lw_table_get_phase (table) != LW_PHASE_END)
    {
      LwAction action;
      const LwLead *lead = lw_table_get_lead (table);
      int seat = lw_table_get_turn (table);

      /* Hard with a small budget: the same code, fewer playouts. */
      lw_bot_choose_full (table, level, partners ? team_of : NULL, &small_budget, &rng, &action);

      /* Another seat is always refused, and nothing changes. */
      {
        g_autoptr (LwTable) before = lw_table_copy (table);
        LwAction wrong = action;
        g_autoptr (GError) refused = NULL;
        wrong.seat = (seat + 1) % (int) n_players;
        g_assert_false (lw_table_apply (table, &wrong, &refused));
        g_assert_error (refused, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY);
        g_assert_true (lw_table_equal (before, table));
      }

      if (lead != NULL)
        {
          guint n;
          const LwCard *cards = lw_table_get_hand (table, seat, &n);
          g_assert_true (lw_follow_check (lead, cards, n, action.play.cards, action.play.n, NULL));
        }
      g_assert_true (lw_table_apply (table, &action, &error));
      g_assert_no_error (error);

      /* Between tricks, in play, every hand has the same size (§2.6). */
      if (lw_table_get_phase (table) == LW_PHASE_PLAY && lw_table_get_lead (table) == NULL)
        {
          guint n0, n;
          lw_table_get_hand (table, 0, &n0);
          for (guint s = 1; s < n_players; s++)
            {
              lw_table_get_hand (table, (int) s, &n);
              g_assert_cmpuint (n, ==, n0);
            }
        }
      steps++;
      g_assert_cmpuint (steps, <, 1000);
    }

  /* Cards taken add up to players × hand size; the Den cards taken plus
   * those still out of play are all of the decks' Den cards. */
  lw_table_round_facts (table, partners ? team_of : NULL, round);
  for (guint s = 0; s < n_players; s++)
    {
      sum += (guint) round->cards[s];
      dens_taken += (guint) (round->worms[s] + round->gongs[s] + round->bears[s] + round->wolves[s]);
      g_assert_cmpint (round->worms[s] + round->gongs[s] + round->bears[s] + round->wolves[s], <=, round->cards[s]);
    }
  g_assert_cmpuint (sum, ==, n_players * hand);
  {
    const GArray *tricks = lw_table_get_tricks (table);
    guint dens_played = 0;
    for (guint k = 0; k < tricks->len; k++)
      {
        const LwTrick *t = &g_array_index (tricks, LwTrick, k);
        g_assert_cmpuint (t->n_plays, ==, n_players);
        for (guint p = 0; p < t->n_plays; p++)
          for (guint c = 0; c < t->plays[p].n; c++)
            dens_played += lw_card_is_den (t->plays[p].cards[c]);
      }
    g_assert_cmpuint (dens_taken, ==, dens_played);
    g_assert_cmpuint (dens_played, <=, 8 * lw_decks (n_players));
  }

  /* The log replays to the same state. */
  saved = lw_table_to_json (table);
  replay = lw_table_from_json (saved, -1, &error);
  g_assert_no_error (error);
  g_assert_true (lw_table_equal (table, replay));

  /* The facts are a valid round that the scoring engine accepts. */
  for (guint s = 0; s < n_players; s++)
    names[s] = g_strdup_printf ("P%u", s);
  record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, n_players, (const char *const *) names);
  for (guint s = 0; s < n_players; s++)
    g_free (names[s]);
  if (partners)
    lw_game_record_set_teams (record, n_players / 2, team_of);
  record->first_dealer = dealer;
  g_ptr_array_add (record->rounds, g_steal_pointer (&round));
  standings = lw_standings_compute (record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (standings);
}

typedef LwTestSetup Setup;

static void
test_rounds (gconstpointer data)
{
  const Setup *setup = data;
  guint rounds = g_test_slow () ? 20000 : 1500;

  for (guint s = 0; s < setup->players; s++)
    team_of[s] = setup->partners ? (int) (s % (setup->players / 2)) : (int) s;
  for (guint k = 0; k < rounds; k++)
    check_round (setup->players, setup->partners, 1000003u * k + setup->players,
                 k % 8 == 7 ? (LwBotLevel) (k / 8 % 4) : LW_BOT_RANDOM);
}

/* A refused action names its rule and changes nothing; the round in order. */
static void
test_state_machine (void)
{
  g_autoptr (LwTable) t = lw_table_new (2, 0, 42, NULL);
  g_autoptr (GError) error = NULL;
  LwAction a = { LW_ACTION_PLAY, 0, { 0 } };
  guint n;
  const LwCard *hand;

  g_assert_cmpint (lw_table_get_phase (t), ==, LW_PHASE_BID);
  g_assert_cmpint (lw_table_get_turn (t), ==, 0);
  hand = lw_table_get_hand (t, 0, &n);
  g_assert_cmpuint (n, ==, 13);
  lw_play_set (&a.play, hand, 1);
  g_assert_false (lw_table_apply (t, &a, &error));
  g_assert_nonnull (strstr (error->message, "Declare or Decline"));
  g_clear_error (&error);

  /* The Dealer Declares: 17 cards, must discard exactly four (T3). */
  a.kind = LW_ACTION_DECLARE;
  g_assert_true (lw_table_apply (t, &a, NULL));
  g_assert_cmpint (lw_table_get_declarer (t), ==, 0);
  g_assert_cmpint (lw_table_get_phase (t), ==, LW_PHASE_EXCHANGE);
  hand = lw_table_get_hand (t, 0, &n);
  g_assert_cmpuint (n, ==, 17);
  a.kind = LW_ACTION_DISCARD;
  lw_play_set (&a.play, hand, 3);
  g_assert_false (lw_table_apply (t, &a, &error));
  g_assert_nonnull (strstr (error->message, "exactly four"));
  g_clear_error (&error);
  a.kind = LW_ACTION_PLAY;
  lw_play_set (&a.play, hand, 1);
  g_assert_false (lw_table_apply (t, &a, &error));
  g_assert_nonnull (strstr (error->message, "T3"));
  g_clear_error (&error);
  a.kind = LW_ACTION_DISCARD;
  lw_play_set (&a.play, hand, 4);
  g_assert_true (lw_table_apply (t, &a, NULL));
  hand = lw_table_get_hand (t, 0, &n);
  g_assert_cmpuint (n, ==, 13);
  g_assert_cmpint (lw_table_get_phase (t), ==, LW_PHASE_PLAY);
  g_assert_cmpint (lw_table_get_turn (t), ==, 0);

  /* The observation of seat 1 shows its own hand, not the Dealer's
   * discards; the Dealer's shows them. */
  {
    LwObservation o;
    lw_table_observe (t, 1, &o);
    g_assert_cmpuint (o.n_hand, ==, 13);
    g_assert_cmpuint (o.n_discards, ==, 0);
    lw_table_observe (t, 0, &o);
    g_assert_cmpuint (o.n_discards, ==, 4);
  }
}

/* Everyone declines: no Declarer, the Dealer leads (§2.4). */
static void
test_all_decline (void)
{
  g_autoptr (LwTable) t = lw_table_new (3, 2, 7, NULL);
  for (int s = 2, k = 0; k < 3; k++, s = (s + 1) % 3)
    {
      LwAction a = { LW_ACTION_DECLINE, s, { 0 } };
      g_assert_cmpint (lw_table_get_turn (t), ==, s);
      g_assert_true (lw_table_apply (t, &a, NULL));
    }
  g_assert_cmpint (lw_table_get_declarer (t), ==, LW_NO_SEAT);
  g_assert_cmpint (lw_table_get_phase (t), ==, LW_PHASE_PLAY);
  g_assert_cmpint (lw_table_get_turn (t), ==, 2);
}

/* A whole game of computer seats is a valid game record, the same for the
 * same seed. */
static void
test_games (void)
{
  for (guint n = 2; n <= 8; n++)
    for (guint p = 0; p < 2; p++)
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (LwGameRecord) a = NULL;
        g_autoptr (LwGameRecord) b = NULL;
        g_autofree char *ja = NULL, *jb = NULL;
        g_autoptr (LwStandings) standings = NULL;

        if (p && n % 2 != 0)
          continue;
        if (p && n == 2)
          continue;
        a = lw_bot_play_game (n, p, 5 + n, LW_BOT_NORMAL, 10000, &error);
        g_assert_no_error (error);
        b = lw_bot_play_game (n, p, 5 + n, LW_BOT_NORMAL, 10000, &error);
        ja = lw_game_record_to_json (a);
        jb = lw_game_record_to_json (b);
        g_assert_cmpstr (ja, ==, jb);
        standings = lw_standings_compute (a, &error);
        g_assert_no_error (error);
        g_assert_true (standings->finished);
      }
}

/* The shortcuts agree with the full listings: lw_leads_count() and
 * lw_leads_nth() with lw_leads_enumerate(), and lw_follow_check() (which
 * works out the best obligation from counts for Singles, Pairs and Runs)
 * with lw_follow_legal() on every subset of the follower's hand. */
static void
test_shortcuts (void)
{
  static const LwHouseRules inside_only = { FALSE, TRUE };
  g_autoptr (GArray) leads = g_array_new (FALSE, FALSE, sizeof (LwPlay));
  g_autoptr (GArray) masks = g_array_new (FALSE, FALSE, sizeof (guint32));
  LwRng rng;
  guint checked = 0;

  lw_rng_init (&rng, 4242);
  for (guint k = 0; k < 1500; k++)
    {
      guint decks = 1 + k % 2, n_hand = 4 + lw_rng_below (&rng, 10);
      const LwHouseRules *rules = k % 3 == 2 ? &inside_only : NULL;
      LwSuit trump = (LwSuit) lw_rng_below (&rng, 5);
      LwCard deck[LW_MAX_CARDS];
      LwCard *leader = deck, *follower = deck + n_hand;
      LwPlay nth = { 0 };
      LwLead lead;
      guint count, pick;
      guint32 limit = (guint32) 1 << n_hand;

      lw_deck_shuffled (decks, lw_rng_next (&rng), deck);
      lw_cards_sort (leader, n_hand);
      lw_cards_sort (follower, n_hand);

      g_array_set_size (leads, 0);
      lw_leads_enumerate (leader, n_hand, trump, rules, leads);
      count = lw_leads_count (leader, n_hand, rules);
      g_assert_cmpuint (count, ==, leads->len);
      for (guint i = 0; i < count; i++)
        {
          const LwPlay *want = &g_array_index (leads, LwPlay, i);
          g_assert_true (lw_leads_nth (leader, n_hand, rules, i, &nth));
          g_assert_cmpuint (nth.n, ==, want->n);
          g_assert_cmpmem (nth.cards, nth.n, want->cards, want->n);
          g_assert_cmpmem (nth.as_rank, nth.n, want->as_rank, want->n);
          g_assert_cmpmem (nth.as_suit, nth.n, want->as_suit, want->n);
        }
      g_assert_false (lw_leads_nth (leader, n_hand, rules, count, &nth));

      /* A lead, favouring the longer ones, and every follow of its size. */
      pick = count - 1 - lw_rng_below (&rng, MIN (count, 12));
      if (!lw_lead_classify (&g_array_index (leads, LwPlay, pick), trump, rules, &lead, NULL))
        g_assert_not_reached ();
      g_array_set_size (masks, 0);
      lw_follow_legal (&lead, follower, n_hand, masks);
      for (guint32 m = 1; m < limit; m++)
        {
          LwCard sel[LW_MAX_PLAY];
          guint ns = 0;
          gboolean listed = FALSE;
          if ((guint) __builtin_popcount (m) != lead.n)
            continue;
          for (guint i = 0; i < n_hand; i++)
            if (m & (1u << i))
              sel[ns++] = follower[i];
          for (guint j = 0; j < masks->len && !listed; j++)
            listed = g_array_index (masks, guint32, j) == m;
          g_assert_cmpint (lw_follow_check (&lead, follower, n_hand, sel, ns, NULL), ==, listed);
          checked++;
        }
    }
  g_test_message ("%u follows checked", checked);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  lw_test_add_setups ("/play/rounds", test_rounds);
  g_test_add_func ("/play/state-machine", test_state_machine);
  g_test_add_func ("/play/all-decline", test_all_decline);
  g_test_add_func ("/play/games", test_games);
  g_test_add_func ("/play/shortcuts", test_shortcuts);
  return g_test_run ();
}
