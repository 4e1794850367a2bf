/* test-cli-play.c — littlewolf-cli `play`, `legal` and `trick` as docs/rules/CLI.md
 * describes them, run as a separate process
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>

#include "lw-bot.h"
#include "lw-test-util.h"

/* `play` prints a game record that `score` accepts; the same seed gives
 * the same output. */
static void
test_play (void)
{
  static const char *const setups[][3] = {
    { "2", NULL, "random" }, { "3", NULL, "easy" }, { "4", "--partners", "normal" },
    { "5", NULL, "hard" }, { "6", "--partners", "random" }, { "7", NULL, "normal" },
    { "8", "--partners", "hard" }, { "8", NULL, "random" }, { "2", NULL, "expert" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      g_auto (LwTestRun) a = { 0 };
      g_auto (LwTestRun) b = { 0 };
      g_auto (LwTestRun) scored = { 0 };
      const char *args[12];
      guint n = 0;

      args[n++] = "play";
      args[n++] = "--players";
      args[n++] = setups[i][0];
      if (setups[i][1] != NULL)
        args[n++] = setups[i][1];
      args[n++] = "--seed";
      args[n++] = "20240601";
      args[n++] = "--bots";
      args[n++] = setups[i][2];
      /* Hard with a small budget: a whole game stays quick. */
      if (strcmp (setups[i][2], "hard") == 0)
        {
          args[n++] = "--playouts";
          args[n++] = "6";
        }
      args[n] = NULL;
      lw_test_run_cli_argv (&a, NULL, NULL, args);
      g_assert_cmpint (a.status, ==, 0);
      g_assert_cmpstr (a.err, ==, "");
      lw_test_run_cli_argv (&b, NULL, NULL, args);
      g_assert_cmpstr (a.out, ==, b.out);
      lw_test_run_cli (&scored, NULL, a.out, "score", "-", NULL);
      g_assert_cmpint (scored.status, ==, 0);
      g_assert_nonnull (strstr (scored.out, "\"finished\" : true"));
    }
}

/* Runs `littlewolf-cli @args…` (NULL last): it exits with 0, printing
 * @out. */
static void
assert_prints (const char *const *args,
               const char        *out)
{
  g_auto (LwTestRun) run = { 0 };

  lw_test_run_cli_argv (&run, NULL, NULL, args);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, out);
}

static void
test_legal (void)
{
  /* E15 */
  assert_prints ((const char *const[]) { "legal", "--trump", "H", "--lead", "9S 9C",
                                         "--hand", "9D 2S KC L", NULL },
                 "2S 9D\n9D KC\n9D L\n");
  /* Two decks: identical plays once. */
  assert_prints ((const char *const[]) { "legal", "--trump=none", "--lead=5C",
                                         "--hand=3C 3C 9H", NULL },
                 "3C\n");
}

/* --run-fill (TRICKS T9): a Run whose Little Wolf fills an end is a lead
 * by the ruling, refused by inside_only; one filled inside is a lead by
 * both, with the same follows. */
static void
test_legal_run_fill (void)
{
  g_auto (LwTestRun) end = { 0 };
  g_auto (LwTestRun) end_default = { 0 };
  g_auto (LwTestRun) end_inside = { 0 };
  g_auto (LwTestRun) inside = { 0 };
  g_auto (LwTestRun) inside_only = { 0 };
  g_auto (LwTestRun) bad = { 0 };

  lw_test_run_cli (&end, NULL, NULL, "legal", "--trump", "H", "--lead", "5S 6S L=7S",
                   "--hand", "8S 9S 10S 2H KD", NULL);
  g_assert_cmpint (end.status, ==, 0);
  g_assert_cmpstr (end.out, ==, "8S 9S 10S\n");
  lw_test_run_cli (&end_default, NULL, NULL, "legal", "--trump", "H", "--lead", "5S 6S L=7S",
                   "--hand", "8S 9S 10S 2H KD", "--run-fill", "inside_or_end", NULL);
  g_assert_cmpint (end_default.status, ==, 0);
  g_assert_cmpstr (end_default.out, ==, end.out);
  lw_test_run_cli (&end_inside, NULL, NULL, "legal", "--trump", "H", "--lead", "5S 6S L=7S",
                   "--hand", "8S 9S 10S 2H KD", "--run-fill=inside_only", NULL);
  lw_test_assert_cli_failed (&end_inside, 2, "legal: --lead: ");
  g_assert_nonnull (strstr (end_inside.err, "fills only a gap inside a Run (T9"));

  lw_test_run_cli (&inside, NULL, NULL, "legal", "--trump", "H", "--lead", "5S L=6S 7S",
                   "--hand", "8S 9S 10S 2H KD", NULL);
  lw_test_run_cli (&inside_only, NULL, NULL, "legal", "--trump", "H", "--lead", "5S L=6S 7S",
                   "--hand", "8S 9S 10S 2H KD", "--run-fill", "inside_only", NULL);
  g_assert_cmpint (inside.status, ==, 0);
  g_assert_cmpint (inside_only.status, ==, 0);
  g_assert_cmpstr (inside.out, ==, "8S 9S 10S\n");
  g_assert_cmpstr (inside_only.out, ==, inside.out);

  lw_test_run_cli (&bad, NULL, NULL, "legal", "--trump", "H", "--lead", "5S",
                   "--hand", "8S", "--run-fill", "ends", NULL);
  lw_test_assert_cli_failed (&bad, 2, "legal: --run-fill must be inside_or_end or inside_only");
}

/* A lead's Big Bear or Little Wolf written without what it stands for is
 * refused with how to write it (TRICKS T6–T8); written, the lead is read. */
static void
test_legal_unwritten_wildcard (void)
{
  static const char *const leads[] = { "5S 5H 5D B", "5S L", "5S 6S L" };
  g_auto (LwTestRun) written = { 0 };
  g_auto (LwTestRun) single = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (leads); i++)
    {
      g_auto (LwTestRun) run = { 0 };

      lw_test_run_cli (&run, NULL, NULL, "legal", "--trump", "H", "--lead", leads[i],
                       "--hand", "2C 3C 4C 6C", NULL);
      lw_test_assert_cli_failed (&run, 2, "written with what it stands for: B=5, L=7S");
    }
  lw_test_run_cli (&written, NULL, NULL, "legal", "--trump", "H", "--lead", "5S 5H 5D B=5",
                   "--hand", "2C 3C 4C 6C", NULL);
  g_assert_cmpint (written.status, ==, 0);
  g_assert_cmpstr (written.out, ==, "2C 3C 4C 6C\n");
  /* A single wildcard names nothing: no hint on another refusal */
  lw_test_run_cli (&single, NULL, NULL, "legal", "--trump", "H", "--lead", "B",
                   "--hand", "2C", NULL);
  g_assert_cmpint (single.status, ==, 0);
}

/* --over-trump (TRICKS T22, E24): 2H 3H trumps the winning 10S 10D, but
 * not the lead's 9H; by the whole-trick house rule 10S 10D keeps it. */
static void
test_trick_over_trump (void)
{
  static const char *const choices[][2] = {
    { NULL, "2\n" }, { "winning_play", "2\n" }, { "whole_trick", "1\n" },
  };
  g_auto (LwTestRun) bad = { 0 };
  g_auto (LwTestRun) trump_lead = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    {
      g_auto (LwTestRun) run = { 0 };

      lw_test_run_cli (&run, NULL, NULL, "trick", "--trump", "H", "--lead", "9H 9S",
                       "--plays", "10S 10D;2H 3H",
                       choices[i][0] != NULL ? "--over-trump" : NULL, choices[i][0], NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpstr (run.out, ==, choices[i][1]);
    }
  /* A TRUMP lead is unchanged (E26: G G does not beat W W). */
  lw_test_run_cli (&trump_lead, NULL, NULL, "trick", "--trump", "H", "--lead", "W W",
                   "--plays", "KH QH;G G", "--players", "5", "--over-trump", "whole_trick", NULL);
  g_assert_cmpint (trump_lead.status, ==, 0);
  g_assert_cmpstr (trump_lead.out, ==, "2\n");

  lw_test_run_cli (&bad, NULL, NULL, "trick", "--trump", "H", "--lead", "9H 9S",
                   "--plays", "10S 10D;2H 3H", "--over-trump", "WHOLE_TRICK", NULL);
  lw_test_assert_cli_failed (&bad, 2, "trick: --over-trump must be winning_play or whole_trick");
}

/* The lead of @play is a Run whose Little Wolf fills one of its ends (by
 * the engine's own classification, lw_lead_classify() with the rulings). */
static gboolean
run_end_filled (const LwPlay *play,
                LwSuit        trump)
{
  LwLead lead;

  if (!lw_lead_classify (play, trump, NULL, &lead, NULL) || lead.type != LW_LEAD_RUN)
    return FALSE;
  for (guint i = 0; i < play->n; i++)
    if (play->as_rank[i] >= 0
        && ((guint) play->as_rank[i] == lead.rank || (guint) play->as_rank[i] + play->n - 1 == lead.rank))
      return TRUE;
  return FALSE;
}

/* Replays @record's rounds at the engine's table with @rules (the same
 * seats, dealers and seeds as `play --bots random`), checks that each gives
 * the record's facts, and counts the Runs led with an end filled. */
static guint
count_end_fills (const LwGameRecord *record,
                 guint64             seed,
                 const LwHouseRules *rules,
                 guint              *n_runs)
{
  g_autoptr (LwGameRecord) prefix = lw_game_record_copy (record);
  guint fills = 0;

  g_ptr_array_set_size (prefix->rounds, 0);
  for (guint k = 0; k < record->rounds->len; k++)
    {
      g_autoptr (LwStandings) standings = lw_standings_compute (prefix, NULL);
      g_autoptr (LwTable) table = NULL;
      g_autoptr (LwRound) facts = lw_round_new ();
      g_autofree char *want = NULL, *got = NULL;
      const GArray *tricks;

      g_assert_nonnull (standings);
      table = lw_bot_play_round (record->n_players, standings->next_dealer, lw_seed_mix (seed, k),
                                 LW_BOT_RANDOM, NULL, rules);
      lw_table_round_facts (table, NULL, facts);
      want = lw_round_to_json (record, g_ptr_array_index (record->rounds, k));
      got = lw_round_to_json (record, facts);
      g_assert_cmpstr (got, ==, want);
      tricks = lw_table_get_tricks (table);
      for (guint t = 0; t < tricks->len; t++)
        {
          const LwTrick *trick = &g_array_index (tricks, LwTrick, t);
          LwLead lead;

          if (lw_lead_classify (&trick->plays[0], lw_table_get_trump (table), NULL, &lead, NULL)
              && lead.type == LW_LEAD_RUN)
            (*n_runs)++;
          if (run_end_filled (&trick->plays[0], lw_table_get_trump (table)))
            fills++;
        }
      g_ptr_array_add (prefix->rounds, lw_round_copy (g_ptr_array_index (record->rounds, k)));
    }
  return fills;
}

/* `play --run-fill inside_only`: the record says so, and no Run led in
 * the game has an end filled by the Little Wolf; the same seeds by the
 * ruling do lead such Runs (the check can fail). `--over-trump` is named
 * in the record too; bad values are status 2. */
static void
test_play_house_rules (void)
{
  static const char *const seeds[] = { "1", "2", "3", "4" };
  LwHouseRules inside_only = { .runs_inside_only = TRUE };
  guint fills_inside_only = 0, fills_ruling = 0, runs = 0;
  g_auto (LwTestRun) named = { 0 };
  g_auto (LwTestRun) bad = { 0 };
  g_auto (LwTestRun) bad_trump = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    {
      g_auto (LwTestRun) house = { 0 };
      g_auto (LwTestRun) ruling = { 0 };
      g_autoptr (LwGameRecord) a = NULL, b = NULL;
      g_autoptr (GError) error = NULL;
      guint64 seed = g_ascii_strtoull (seeds[i], NULL, 10);

      lw_test_run_cli (&house, NULL, NULL, "play", "--players", "3", "--seed", seeds[i],
                       "--bots", "random", "--run-fill", "inside_only", NULL);
      g_assert_cmpint (house.status, ==, 0);
      a = lw_game_record_from_json (house.out, -1, &error);
      g_assert_no_error (error);
      g_assert_cmpint (a->run_fill, ==, LW_RUN_FILL_INSIDE_ONLY);
      g_assert_cmpint (a->over_trump, ==, LW_OVER_TRUMP_WINNING_PLAY);
      fills_inside_only += count_end_fills (a, seed, &inside_only, &runs);

      lw_test_run_cli (&ruling, NULL, NULL, "play", "--players", "3", "--seed", seeds[i],
                       "--bots", "random", NULL);
      g_assert_cmpint (ruling.status, ==, 0);
      g_assert_null (strstr (ruling.out, "run_fill"));
      b = lw_game_record_from_json (ruling.out, -1, &error);
      g_assert_no_error (error);
      fills_ruling += count_end_fills (b, seed, NULL, &runs);
    }
  g_test_message ("%u Runs led, %u with an end filled by the ruling", runs, fills_ruling);
  g_assert_cmpuint (fills_inside_only, ==, 0);
  g_assert_cmpuint (fills_ruling, >, 0);

  lw_test_run_cli (&named, NULL, NULL, "play", "--players", "2", "--seed", "9", "--bots", "random",
                   "--over-trump", "whole_trick", "--run-fill", "inside_or_end", NULL);
  g_assert_cmpint (named.status, ==, 0);
  {
    g_autoptr (LwGameRecord) c = lw_game_record_from_json (named.out, -1, NULL);

    g_assert_nonnull (c);
    g_assert_cmpint (c->over_trump, ==, LW_OVER_TRUMP_WHOLE_TRICK);
    g_assert_cmpint (c->run_fill, ==, LW_RUN_FILL_INSIDE_OR_END);
    g_assert_nonnull (strstr (named.out, "\"over_trump\" : \"whole_trick\""));
  }

  lw_test_run_cli (&bad, NULL, NULL, "play", "--players", "2", "--seed", "9", "--bots", "random",
                   "--run-fill", "inside", NULL);
  lw_test_assert_cli_failed (&bad, 2, "play: --run-fill must be inside_or_end or inside_only (TRICKS T9), not \"inside\"");
  lw_test_run_cli (&bad_trump, NULL, NULL, "play", "--players", "2", "--seed", "9", "--bots", "random",
                   "--over-trump", NULL);
  lw_test_assert_cli_failed (&bad_trump, 2, "play: --over-trump needs winning_play or whole_trick");
}

/* `score` reads the options and gives the standings it gives without
 * them: they change play, not the scoring of round facts (docs/rules/GAME-RECORD.md);
 * the standings name none of them. */
static void
test_score_ignores_house_rules (void)
{
  static const char with[] =
    "{\"format\":\"little-wolf/game\",\"version\":2,\"rules\":{\"target\":15,"
    "\"rule_set\":\"Club\",\"run_fill\":\"inside_only\",\"over_trump\":\"whole_trick\"},"
    "\"players\":[\"Ann\",\"Ben\"],\"rounds\":[{\"declarer\":0,\"cards\":[20,6]}]}";
  static const char without[] =
    "{\"format\":\"little-wolf/game\",\"version\":1,\"rules\":{\"target\":15},"
    "\"players\":[\"Ann\",\"Ben\"],\"rounds\":[{\"declarer\":0,\"cards\":[20,6]}]}";
  g_auto (LwTestRun) a = { 0 };
  g_auto (LwTestRun) b = { 0 };

  lw_test_run_cli (&a, NULL, with, "score", "-", NULL);
  lw_test_run_cli (&b, NULL, without, "score", "-", NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpstr (a.out, ==, b.out);
  g_assert_nonnull (strstr (a.out, "\"sides\""));
  g_assert_null (strstr (a.out, "Club"));
  g_assert_null (strstr (a.out, "inside_only"));
}

static void
test_trick (void)
{
  /* E23 */
  assert_prints ((const char *const[]) { "trick", "--trump", "H", "--lead", "9S 9C",
                                         "--plays", "KS KD;2H 4H;5H G", NULL },
                 "3\n");
  /* E40 */
  assert_prints ((const char *const[]) { "trick", "--trump", "none", "--lead", "9S 9C B=9",
                                         "--plays", "9D 9H B; KS KC KD", NULL },
                 "2\n");
}

/* Runs `legal` or `trick` (@command) in hearts with @lead, @option (--hand
 * or --plays) @cards, and --players @players unless that is NULL. */
static void
run_cards (LwTestRun  *run,
           const char *command,
           const char *lead,
           const char *option,
           const char *cards,
           const char *players)
{
  const char *args[] = { command, "--trump", "H", "--lead", lead, option, cards,
                         players != NULL ? "--players" : NULL, players, NULL };

  lw_test_run_cli_argv (run, NULL, NULL, args);
}

/* No card is written more often than the decks in play hold (TRICKS §1.5):
 * the table's size says how many decks (SCORING R1), by default the lead
 * and its plays, one play a player. */
static void
test_trick_decks (void)
{
  static const struct {
    const char *lead, *plays, *players, *needle;
  } refused[] = {
    /* Three players: one deck, one King of spades. */
    { "9S", "KS;KS", NULL, "KS is written 2 times; one deck holds 1" },
    /* Four Worms at a table of three. */
    { "W W", "W W;2S 3S", NULL, "W is written 4 times; one deck holds 2" },
    { "W W", "W W;2S 3S", "4", "W is written 4 times; one deck holds 2" },
    /* Two decks hold four Worms, not five. */
    { "W W", "W W;W 3S", "5", "W is written 5 times; two decks hold 4" },
    /* More plays than the players to make them. */
    { "9S", "KS;QS;JS", "3", "4 plays, but 3 players" },
    /* Leads larger than the table's hands (R1: 4 players hold 9). */
    { "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", "4",
      "a hand holds 9 cards with 4 players" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_auto (LwTestRun) run = { 0 };

      run_cards (&run, "trick", refused[i].lead, "--plays", refused[i].plays, refused[i].players);
      lw_test_assert_cli_failed (&run, 2, refused[i].needle);
    }

  /* The same cards at a table of two decks. E12: a tie goes to the
   * earliest play. */
  {
    g_auto (LwTestRun) e12 = { 0 };
    g_auto (LwTestRun) worms = { 0 };
    g_auto (LwTestRun) long_run = { 0 };

    lw_test_run_cli (&e12, NULL, NULL, "trick", "--trump", "H", "--lead", "9S",
                     "--plays", "KS;KS;QS", "--players", "5", NULL);
    g_assert_cmpint (e12.status, ==, 0);
    g_assert_cmpstr (e12.out, ==, "1\n");
    /* T26: identical Worm pairs, the Leader keeps the trick. */
    lw_test_run_cli (&worms, NULL, NULL, "trick", "--trump", "H", "--lead", "W W",
                     "--plays", "W W;2S 3S", "--players=6", NULL);
    g_assert_cmpint (worms.status, ==, 0);
    g_assert_cmpstr (worms.out, ==, "0\n");
    /* Two players hold 13: a Run of ten fits. */
    lw_test_run_cli (&long_run, NULL, NULL, "trick", "--trump", "H",
                     "--lead", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
                     "--plays", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", NULL);
    g_assert_cmpint (long_run.status, ==, 0);
    g_assert_cmpstr (long_run.out, ==, "1\n");
  }
}

/* A hand in play holds no more than R1 deals (13, 11 or 9 by the table's
 * size; the Dealer's 4 Pups are discarded again before the first lead), and
 * a hand and the lead together hold no more copies than the decks. */
static void
test_legal_hand_sizes (void)
{
  static const char *const thirteen = "AS 2S 3S 4S 5S 6S 7S 8S 10S JS QS KS AD";
  static const struct {
    const char *lead, *hand, *players, *needle;
  } refused[] = {
    { "9H", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AC", NULL,
      "--hand holds 14 cards; a hand holds at most 13 (SCORING R1)" },
    { "9H", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AC 2C 3C 4C", NULL,
      "--hand holds 17 cards; a hand holds at most 13 (SCORING R1)" },
    { "9H", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AC 2C 3C 4C", "5",
      "--hand holds 17 cards; a hand holds 13 cards with 5 players (SCORING R1)" },
    { "9H", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "4",
      "--hand holds 10 cards; a hand holds 9 cards with 4 players (SCORING R1)" },
    { "9H", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", "3",
      "--hand holds 12 cards; a hand holds 11 cards with 3 players (SCORING R1)" },
    /* One deck: one 3 of clubs, and the lead's 9S is not in the hand too. */
    { "5C", "3C 3C 9H", "2", "3C is written 2 times; one deck holds 1" },
    { "9S", "9S 2S", "4", "9S is written 2 times; one deck holds 1" },
    { "G", "G G W", "3", "G is written 3 times; one deck holds 2" },
    { "9S", "2S", "9", "--players must be 2 to 8" },
  };
  g_auto (LwTestRun) full = { 0 };
  g_auto (LwTestRun) nine = { 0 };
  g_auto (LwTestRun) two_decks = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_auto (LwTestRun) run = { 0 };

      run_cards (&run, "legal", refused[i].lead, "--hand", refused[i].hand, refused[i].players);
      lw_test_assert_cli_failed (&run, 2, refused[i].needle);
    }

  /* Thirteen cards: a hand of 2, 5 or 6 players; void in hearts, no 9 to
   * poach with, no trump: any card. */
  lw_test_run_cli (&full, NULL, NULL, "legal", "--trump", "C", "--lead", "9H", "--hand", thirteen,
                   "--players", "2", NULL);
  g_assert_cmpint (full.status, ==, 0);
  g_assert_cmpstr (full.out, ==, "10S\n2S\n3S\n4S\n5S\n6S\n7S\n8S\nAD\nAS\nJS\nKS\nQS\n");
  /* Nine cards with 4 players (E2's hand among them: it follows suit). */
  lw_test_run_cli (&nine, NULL, NULL, "legal", "--trump", "H", "--lead", "7S",
                   "--hand", "3S QS 7D L 2C 3C 4C 5C 6C", "--players", "4", NULL);
  g_assert_cmpint (nine.status, ==, 0);
  g_assert_cmpstr (nine.out, ==, "3S\nQS\n");
  /* Two decks: 5 players hold 13, two of each suited card. */
  lw_test_run_cli (&two_decks, NULL, NULL, "legal", "--trump", "none", "--lead", "5C",
                   "--hand", "3C 3C 9H", "--players", "5", NULL);
  g_assert_cmpint (two_decks.status, ==, 0);
  g_assert_cmpstr (two_decks.out, ==, "3C\n");
}

/* A hard seat's budget is bounded, so that a whole game's running time is
 * (LW_BOT_MAX_PLAYOUTS, documented in --help and docs/BOTS.md). */
static void
test_playouts_bounded (void)
{
  g_autofree char *max = g_strdup_printf ("%d", LW_BOT_MAX_PLAYOUTS);
  g_autofree char *over = g_strdup_printf ("%d", LW_BOT_MAX_PLAYOUTS + 1);
  g_autofree char *needle = g_strdup_printf ("--playouts must be 1 to %d", LW_BOT_MAX_PLAYOUTS);
  const char *const too_many[][14] = {
    { "play", "--players", "2", "--seed", "1", "--bots", "hard", "--playouts", over, NULL },
    { "play", "--players", "2", "--seed", "1", "--bots", "hard", "--playouts", "100000", NULL },
    { "duel", "--a", "hard", "--b", "easy", "--games", "1", "--playouts", over, NULL },
    { "duel", "--a", "hard", "--b", "easy", "--games", "1", "--playouts=100000", NULL },
  };
  g_auto (LwTestRun) at_max = { 0 };

  g_assert_cmpint (LW_BOT_MAX_PLAYOUTS, >=, LW_BOT_DEFAULT_PLAYOUTS);
  for (guint i = 0; i < G_N_ELEMENTS (too_many); i++)
    {
      g_auto (LwTestRun) run = { 0 };
      lw_test_run_cli_argv (&run, NULL, NULL, too_many[i]);
      lw_test_assert_cli_failed (&run, 2, needle);
    }
  /* The bound itself is accepted (random seats do not search: quick). */
  lw_test_run_cli_argv (&at_max, NULL, NULL, (const char *const[]) {
                          "play", "--players", "2", "--seed", "1", "--bots", "random",
                          "--playouts", max, NULL });
  g_assert_cmpint (at_max.status, ==, 0);
  g_assert_cmpstr (at_max.err, ==, "");
}

/* A tiny duel: both levels' wins add up to the games, A's rate comes with
 * its interval, the same seed gives the same figures (but the times). */
static void
test_duel (void)
{
  const char *const args[] = { "duel", "--a", "hard", "--b", "easy", "--games", "4",
                               "--seed", "9", "--playouts", "6", NULL };
  g_auto (LwTestRun) a = { 0 };
  g_auto (LwTestRun) b = { 0 };
  g_auto (LwTestRun) partners = { 0 };
  unsigned wins_a = 0, wins_b = 0;
  const char *line;
  g_auto (GStrv) la = NULL, lb = NULL;

  lw_test_run_cli_argv (&a, NULL, NULL, args);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpstr (a.err, ==, "");
  g_assert_true (g_str_has_prefix (a.out, "games: 4 (2 players)\n"));
  line = strstr (a.out, "wins: A (hard) ");
  g_assert_nonnull (line);
  g_assert_cmpint (sscanf (line, "wins: A (hard) %u, B (easy) %u", &wins_a, &wins_b), ==, 2);
  g_assert_cmpuint (wins_a + wins_b, ==, 4);
  g_assert_nonnull (strstr (a.out, "(95% CI "));
  g_assert_nonnull (strstr (a.out, "Wilson); even play: 50.0%"));
  g_assert_nonnull (strstr (a.out, "move time, A (hard): average "));

  lw_test_run_cli_argv (&b, NULL, NULL, args);
  la = g_strsplit (a.out, "\n", -1);
  lb = g_strsplit (b.out, "\n", -1);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpstr (la[i], ==, lb[i]);

  lw_test_run_cli_argv (&partners, NULL, NULL, (const char *const[]) { "duel", "--a", "normal", "--b", "random",
                                                    "--games", "2", "--players", "4",
                                                    "--partners", NULL });
  g_assert_cmpint (partners.status, ==, 0);
  g_assert_true (g_str_has_prefix (partners.out, "games: 2 (4 players, partners)\n"));
}

static void
test_bad_input (void)
{
  static const char *const cases[][12] = {
    { "play", "--players", "9", "--seed", "1", "--bots", "random", NULL },
    { "play", "--players", "3", "--partners", "--seed", "1", "--bots", "random", NULL },
    { "play", "--players", "2", "--seed", "-1", "--bots", "random", NULL },
    { "play", "--players", "2", "--seed", "1", "--bots", "clever", NULL },
    { "play", "--players", "2", "--seed", "1", NULL },
    { "play", "--players", NULL },
    { "legal", "--trump", "X", "--lead", "9S", "--hand", "2S", NULL },
    { "legal", "--trump", "H", "--lead", "5S B", "--hand", "2S 3S", NULL },
    { "legal", "--trump", "H", "--lead", "9S 9C", "--hand", "2S", NULL },
    { "legal", "--trump", "H", "--lead", "9S", "--hand", "2S B=9", NULL },
    { "legal", "--trump", "H", "--lead", "9S", "--hand", "1S", NULL },
    { "legal", "--trump", "H", "--lead", "9S", "--hand", "9S 9S 9S", NULL },
    { "legal", "--trump", "H", "--lead", "9S", NULL },
    { "trick", "--trump", "H", "--lead", "9S", "--plays", "2S 3S", NULL },
    { "trick", "--trump", "H", "--lead", "QS KS AS", "--plays", "2S 3S 4S", NULL },
    { "trick", "--trump", "H", "--lead", "9S", "--plays", "", NULL },
    { "trick", "--bogus", NULL },
    { "duel", "--a", "hard", "--b", "normal", NULL },
    { "duel", "--a", "clever", "--b", "normal", "--games", "2", NULL },
    { "duel", "--a", "hard", "--b", "normal", "--games", "0", NULL },
    { "duel", "--a", "easy", "--b", "normal", "--games", "2", "--players", "3", "--partners", NULL },
    { "duel", "--a", "easy", "--b", "normal", "--games", "2", "--playouts", "0", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (LwTestRun) run = { 0 };
      lw_test_run_cli_argv (&run, NULL, NULL, cases[i]);
      lw_test_assert_cli_failed (&run, 2, NULL);
    }
}

static void
test_help (void)
{
  const char *const commands[] = { "play", "legal", "trick", "duel" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (LwTestRun) run = { 0 };
      lw_test_run_cli (&run, NULL, NULL, commands[i], "--help", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_true (g_str_has_prefix (run.out, "Usage: littlewolf-cli "));
      g_assert_cmpstr (run.err, ==, "");
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/play", test_play);
  g_test_add_func ("/cli/legal", test_legal);
  g_test_add_func ("/cli/trick", test_trick);
  g_test_add_func ("/cli/legal/run-fill", test_legal_run_fill);
  g_test_add_func ("/cli/legal/unwritten-wildcard", test_legal_unwritten_wildcard);
  g_test_add_func ("/cli/trick/over-trump", test_trick_over_trump);
  g_test_add_func ("/cli/play/house-rules", test_play_house_rules);
  g_test_add_func ("/cli/score/house-rules", test_score_ignores_house_rules);
  g_test_add_func ("/cli/trick/decks", test_trick_decks);
  g_test_add_func ("/cli/legal/hand-sizes", test_legal_hand_sizes);
  g_test_add_func ("/cli/playouts-bounded", test_playouts_bounded);
  g_test_add_func ("/cli/duel", test_duel);
  g_test_add_func ("/cli/bad-input", test_bad_input);
  g_test_add_func ("/cli/help", test_help);
  return g_test_run ();
}
