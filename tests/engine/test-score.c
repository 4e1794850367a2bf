/* test-score.c — the scoring rulings (docs/rules/SCORING.md) and the record format
 * (docs/rules/GAME-RECORD.md), on games built for each ruling beyond the shared cases
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-engine.h"
#include "lw-test-util.h"

static LwStandings *
standings_from (const char *text)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (text);
  g_autoptr (GError) error = NULL;
  LwStandings *standings = lw_standings_compute (record, &error);

  g_assert_no_error (error);
  return standings;
}

#define HEAD2 "{'format':'little-wolf/game','version':1,'players':['Ann','Ben'],"
#define HEAD3 "{'format':'little-wolf/game','version':1,'players':['Ann','Ben','Cleo'],"
#define HEAD4P "{'format':'little-wolf/game','version':1,'players':['Ann','Ben','Cleo','Dev'],'teams':[[0,2],[1,3]],"
#define HEAD5 "{'format':'little-wolf/game','version':1,'players':['Ann','Ben','Cleo','Dev','Eve'],"

typedef struct {
  const char *name;
  const char *ruling;
  const char *record;
  int         n_sides;
  int         scores[LW_MAX_SEATS];
  gboolean    finished;
  int         winner;
  gboolean    skunk;
  int         next_dealer;
  guint       owes_mask;  /* bit per seat: owes a forfeited deal */
} ScoreCase;

static const ScoreCase score_cases[] = {
  /* R1: five players share two decks, T = 65; a Pack is 33 cards. */
  { "five-players-pack-by-one", "R1 R9", HEAD5 "'rounds':[{'declarer':1,'cards':[8,33,8,8,8]}]}",
    5, { 1, 2, 1, 1, 1 }, FALSE, -1, FALSE, 1, 0 },
  /* R6/R8 with two decks: four Gongs are two pairs. */
  { "two-decks-two-gong-pairs", "R6", HEAD5 "'rounds':[{'declarer':null,'cards':[20,15,10,10,10],'gongs':[0,4,0,0,0]}]}",
    5, { 0, 3, 1, 1, 1 }, FALSE, -1, FALSE, 1, 0 },
  /* R7 + R8, two decks: 4 Worms, 2 Gongs, 2 Bears, 2 Wolves: one pair
   * cancels, one Worm pair is left (−1), one complete set (+2). */
  { "two-decks-set-and-spare-worms", "R7 R8", HEAD5 "'rounds':[{'declarer':0,'cards':[33,8,8,8,8],'worms':[4,0,0,0,0],'gongs':[2,0,0,0,0],'bears':[2,0,0,0,0],'wolves':[2,0,0,0,0]}]}",
    5, { 3, 1, 1, 1, 1 }, FALSE, -1, FALSE, 1, 0 },
  /* R12 + R15: the declarer missed with both Gongs (void +1) and both
   * Worms... cancelled first (R7), so nothing is void; the award is 2. */
  { "missed-pack-worms-gongs-cancel", "R7 R12 R15", HEAD2 "'rounds':[{'declarer':0,'cards':[13,13],'worms':[2,0],'gongs':[2,0]}]}",
    2, { 1, 3 }, FALSE, -1, FALSE, 1, 0 },
  /* R15 never below 0: void all-Dens (+2) and Gongs... with R7 only +2;
   * a tied award of 1 each − 2 → 0. */
  { "void-bonus-exceeds-tied-award", "R13 R15", HEAD3 "'rounds':[{'declarer':0,'cards':[15,9,9],'worms':[2,0,0],'gongs':[2,0,0],'bears':[2,0,0],'wolves':[2,0,0]}]}",
    3, { 1, 1, 1 }, FALSE, -1, FALSE, 1, 0 },
  /* R13 partners: the other side's cards are summed. */
  { "partners-missed-pack-award", "R13", HEAD4P "'rounds':[{'declarer':0,'cards':[10,9,8,9]}]}",
    2, { 1, 3 }, FALSE, -1, FALSE, 1, 0 },
  /* R14 partners: the dealer's side missed, the other side swept. */
  { "partners-dealer-missed-other-side-swept", "R14", HEAD4P "'rounds':[{'declarer':0,'cards':[0,20,0,16]}]}",
    2, { 1, 4 }, FALSE, -1, FALSE, 1, 0 },
  /* R16 partners: each tied partner costs the team 1, floored at 0 (R18). */
  { "partners-tied-partners-cost-two", "R16 R18", HEAD4P "'rules':{'start_score':3},'rounds':[{'declarer':null,'cards':[12,6,12,6]}]}",
    2, { 1, 3 }, FALSE, -1, FALSE, 1, 0 },
  /* R18: at 0 a loss is waived but a gain counts. */
  { "zero-waives-worms-keeps-gongs", "R18", HEAD3 "'rules':{'start_score':0},'rounds':[{'declarer':null,'cards':[13,10,10],'worms':[2,0,0],'gongs':[0,2,0]}]}",
    3, { 0, 1, 0 }, FALSE, -1, FALSE, 1, 0 },
  /* R19 twice in one round: the first takes Ben to 0, the second gives
   * Ann a point instead (no game end at 3 of 15). */
  { "two-penalties-in-one-round", "R18 R19", HEAD2 "'rounds':[{'declarer':null,'cards':[13,13],'penalties':[{'seat':1,'kind':'out_of_turn'},{'seat':1,'kind':'looked_at_discards'}]}]}",
    2, { 1, 0 }, FALSE, -1, FALSE, 1, 0 },
  /* R19 + R20a: an award that would end the game is blocked; Ben owes a
   * deal and is skipped: Ann deals again. */
  { "blocked-award-skips-next-dealer", "R19 R20 R20a", HEAD2 "'rules':{'start_score':0,'target':1},'rounds':[{'declarer':null,'cards':[12,14],'penalties':[{'seat':1,'kind':'out_of_turn'}]}]}",
    2, { 0, 0 }, FALSE, -1, FALSE, 0, 0 },
  /* R20a: two seats owe; both are skipped in one passing of the deal.
   * Round 1: Ann's Pack (1 of target 2). Round 2, dealt by Ann: Ben and
   * Cleo at 0 offend; each award would give Ann 2 alone: both blocked. */
  { "two-debts-skipped-together", "R19 R20a", HEAD3 "'first_dealer':2,'rules':{'start_score':0,'target':2},'rounds':[{'declarer':0,'cards':[17,8,8]},{'declarer':null,'cards':[9,12,12],'penalties':[{'seat':1,'kind':'out_of_turn'},{'seat':2,'kind':'out_of_turn'}]}]}",
    3, { 1, 0, 0 }, FALSE, -1, FALSE, 0, 0 },
  /* R20a: a debt not yet due stays in the list. */
  { "debt-still-owed", "R19 R20a", HEAD3 "'first_dealer':2,'rules':{'start_score':0,'target':2},'rounds':[{'declarer':0,'cards':[17,8,8]},{'declarer':null,'cards':[9,12,12],'penalties':[{'seat':2,'kind':'out_of_turn'}]}]}",
    3, { 1, 0, 0 }, FALSE, -1, FALSE, 1, 1 << 2 },
  /* R19/R25: an award that leaves a shared highest score does not end the
   * game, so it is given. */
  { "tied-award-is-given", "R19 R25", HEAD3 "'rules':{'start_score':0,'target':1},'rounds':[{'declarer':1,'cards':[8,17,8],'penalties':[{'seat':1,'kind':'out_of_turn'}]}]}",
    3, { 1, 1, 1 }, FALSE, -1, FALSE, 1, 0 },
  /* R21: a void round keeps its penalties and passes the deal. */
  { "void-round-penalty-counts", "R19 R21", HEAD2 "'rounds':[{'void':'dealer_did_not_discard','penalties':[{'seat':0,'kind':'out_of_turn'}]}]}",
    2, { 0, 1 }, FALSE, -1, FALSE, 1, 0 },
  /* R22 partners: a partner's unpegged seat forfeits the side's gain. */
  { "partners-unpegged-forfeits-side", "R22", HEAD4P "'rounds':[{'declarer':0,'cards':[20,4,8,4],'unpegged':[2]}]}",
    2, { 1, 1 }, FALSE, -1, FALSE, 1, 0 },
  /* R23: a skunk needs another side at 0; the highest wins it. */
  { "skunk-needs-a-zero", "R23", HEAD3 "'rules':{'skunk':2},'rounds':[{'declarer':0,'cards':[17,8,8]}]}",
    3, { 2, 1, 1 }, FALSE, -1, FALSE, 1, 0 },
  { "skunk-win-ends", "R17 R18 R23", HEAD3 "'rules':{'skunk':2},'rounds':[{'declarer':null,'cards':[0,33,0]},{'declarer':0,'cards':[17,8,8]}]}",
    3, { 2, 0, 1 }, TRUE, 0, TRUE, 2, 0 },
  /* R25: 15–15 plays on, then one side alone is highest. */
  { "tie-at-target-plays-on", "R24 R25", HEAD2 "'rules':{'start_score':14},'rounds':[{'declarer':0,'cards':[14,12],'gongs':[0,2]},{'declarer':1,'cards':[6,20]}]}",
    2, { 15, 16 }, TRUE, 1, FALSE, 0, 0 },
  /* G1/G2: Garwolf starts at 0 and has no skunk, floor or dealer debts. */
  { "garwolf-four-players", "G1 G2", "{'format':'little-wolf/game','version':1,'ruleset':'garwolf','players':['A','B','C','D'],'first_dealer':2,'rounds':[{'court':[3,3,3,3],'garwolves':[4,0,0,0]}]}",
    4, { 15, 3, 3, 3 }, FALSE, -1, FALSE, 3, 0 },
};

static void
test_score_case (gconstpointer data)
{
  const ScoreCase *c = data;
  g_autoptr (LwStandings) standings = standings_from (c->record);

  g_test_message ("%s (%s)", c->name, c->ruling);
  g_assert_cmpuint (standings->n_sides, ==, (guint) c->n_sides);
  for (int s = 0; s < c->n_sides; s++)
    g_assert_cmpint (standings->scores[s], ==, c->scores[s]);
  g_assert_cmpint (standings->finished, ==, c->finished);
  g_assert_cmpint (standings->winner, ==, c->winner);
  g_assert_cmpint (standings->skunk, ==, c->skunk);
  g_assert_cmpint (standings->next_dealer, ==, c->next_dealer);
  for (int seat = 0; seat < LW_MAX_SEATS; seat++)
    g_assert_cmpint (standings->owes_deal[seat], ==, (c->owes_mask >> seat) & 1);
}

/* lw_standings_read(): the record read and its standings, as reading and
 * replaying apart give them; a text that is not a record, or a record
 * that does not replay, gives no standings and the reader's error. */
static void
test_read_and_replay (void)
{
  static const char *const texts[] = {
    HEAD3 "'rounds':[{'declarer':0,'cards':[17,8,8]}]}",
    "{'format':'little-wolf/game',",
    HEAD2 "'rules':{'start_score':14},'rounds':[{'declarer':0,'cards':[20,6]},{'declarer':1,'cards':[6,20]}]}",
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (LwStandings) apart = standings_from (texts[0]);

  standings = lw_standings_read (g_strdelimit (g_strdup (texts[0]), "'", '"'), -1, &record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (record);
  g_assert_cmpuint (record->rounds->len, ==, 1);
  g_assert_cmpuint (standings->n_sides, ==, 3);
  g_assert_cmpmem (standings->scores, sizeof standings->scores, apart->scores, sizeof apart->scores);
  g_assert_cmpint (standings->scores[0], ==, 2);
  g_clear_pointer (&record, lw_game_record_free);
  g_clear_pointer (&standings, lw_standings_free);

  standings = lw_standings_read (g_strdelimit (g_strdup (texts[1]), "'", '"'), -1, &record, &error);
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE);
  g_assert_null (standings);
  g_assert_null (record);
  g_clear_error (&error);

  /* Round 1 ends the game at 15–2: round 2 is one round too many. */
  standings = lw_standings_read (g_strdelimit (g_strdup (texts[2]), "'", '"'), -1, NULL, &error);
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER);
  g_assert_null (standings);
}

/* Items name the ruling and add up to the delta (docs/rules/GAME-RECORD.md). */
static void
test_items (void)
{
  g_autoptr (LwStandings) standings = standings_from (
    HEAD2 "'rules':{'start_score':0},'rounds':[{'declarer':null,'cards':[20,6],'worms':[2,0],'penalties':[{'seat':0,'kind':'out_of_turn'}]}]}");
  const LwRoundResult *result = g_ptr_array_index (standings->rounds, 0);
  int sum0 = 0, sum1 = 0;
  gboolean saw_award = FALSE, saw_waived = FALSE;

  for (guint i = 0; i < result->items->len; i++)
    {
      const LwItem *item = &g_array_index (result->items, LwItem, i);

      if (item->side == 0)
        sum0 += item->points;
      else
        sum1 += item->points;
      saw_award |= item->reason == LW_REASON_PENALTY_AWARD && item->side == 1;
      saw_waived |= item->reason == LW_REASON_WAIVED && item->side == 0;
    }
  g_assert_true (saw_award);
  g_assert_true (saw_waived);
  g_assert_cmpint (sum0, ==, result->deltas[0]);
  g_assert_cmpint (sum1, ==, result->deltas[1]);
  g_assert_cmpint (result->deltas[0], ==, 0);
  g_assert_cmpint (result->deltas[1], ==, 1);
}

/* A loss waived at 0 reads on the loss itself (R18, R19). */
static void
test_describe_side (void)
{
  g_autoptr (LwStandings) standings = standings_from (
    HEAD2 "'rounds':[{'declarer':null,'cards':[20,6],'penalties':[{'seat':1,'kind':'out_of_turn'}]},"
          "{'declarer':0,'cards':[20,6],'worms':[0,2],'penalties':[{'seat':1,'kind':'looked_at_discards'}]}]}");
  const LwRoundResult *first = g_ptr_array_index (standings->rounds, 0);
  const LwRoundResult *second = g_ptr_array_index (standings->rounds, 1);
  g_autofree char *ann1 = lw_round_result_describe_side (first, 0);
  g_autofree char *ben1 = lw_round_result_describe_side (first, 1);
  g_autofree char *ann2 = lw_round_result_describe_side (second, 0);
  g_autofree char *ben2 = lw_round_result_describe_side (second, 1);

  /* Round 1: Ben's penalty takes him 1 → 0; Ann's most cards −1 → 0. */
  g_assert_cmpstr (ann1, ==, "Most cards, nobody declared \u22121");
  g_assert_cmpstr (ben1, ==, "Played out of turn \u22121");
  /* Round 2: both at 0. Ben's penalty is waived and gives Ann a point;
   * Ann's Pack counts; Ben's Worms are waived. */
  g_assert_cmpstr (ann2, ==, "Penalty at 0: point to the others +1, Pack +1");
  g_assert_cmpstr (ben2, ==, "Looked at discards or Pups \u22121 (waived at 0), "
                          "Worms \u22121 (waived at 0)");
  g_assert_cmpint (standings->scores[0], ==, 2);
  g_assert_cmpint (standings->scores[1], ==, 0);
}


/* The rules that change an item are named where they apply (R8, R15,
 * R19): each case a game, a round, a side and the exact text. */
typedef struct {
  const char *name;
  const char *record;
  guint       round;
  int         side;
  const char *text;  /* NULL: nothing to show */
} ExplainCase;

static const ExplainCase explain_cases[] = {
  { "R15 void Gongs cut the award", HEAD2 "'rounds':[{'declarer':0,'cards':[13,13],'gongs':[2,0]}]}", 1, 1,
    "Declarer missed the Pack +1 (void Gongs reduce the award: 2 \u2212 1, R15)" },
  { "R15 the declarer's side shows nothing", HEAD2 "'rounds':[{'declarer':0,'cards':[13,13],'gongs':[2,0]}]}", 1, 0,
    NULL },
  { "R15 an award cut to 0", HEAD3 "'rounds':[{'declarer':0,'cards':[15,9,9],'gongs':[2,0,0]}]}", 1, 2,
    "Declarer missed the Pack +0 (void Gongs reduce the award: 1 \u2212 1, R15)" },
  { "R15 a void Den set", HEAD2 "'rounds':[{'declarer':0,'cards':[13,13],'worms':[2,0],'gongs':[2,0],'bears':[2,0],'wolves':[2,0]}]}", 1, 1,
    "Declarer missed the Pack +0 (void Den set reduces the award: 2 \u2212 2, R15)" },
  { "R15 not cut: no void bonus", HEAD2 "'rounds':[{'declarer':0,'cards':[13,13]}]}", 1, 1,
    "Declarer missed the Pack +2" },
  { "R8 one deck", HEAD2 "'rounds':[{'declarer':0,'cards':[20,6],'worms':[2,0],'gongs':[2,0],'bears':[2,0],'wolves':[2,0]}]}", 1, 0,
    "All eight Den cards +2, Pack +1" },
  { "R8 two decks, one set", HEAD5 "'rounds':[{'declarer':null,'cards':[30,10,10,10,5],'worms':[2,0,0,0,0],'gongs':[2,0,0,0,0],'bears':[2,0,0,0,0],'wolves':[2,0,0,0,0]}]}", 1, 0,
    "A complete set of eight Den cards +2, Most cards, nobody declared \u22121" },
  { "R8 two decks, both sets", HEAD5 "'rounds':[{'declarer':null,'cards':[30,10,10,10,5],'worms':[4,0,0,0,0],'gongs':[4,0,0,0,0],'bears':[4,0,0,0,0],'wolves':[4,0,0,0,0]}]}", 1, 0,
    "Both complete sets of eight Den cards +4, Most cards, nobody declared \u22121" },
  { "R19 a point to the others would end the game",
    HEAD2 "'rules':{'target':3},'rounds':[{'declarer':null,'cards':[20,6]},{'declarer':1,'cards':[6,20]},"
          "{'declarer':null,'cards':[20,6],'penalties':[{'seat':0,'kind':'out_of_turn'}]}]}", 3, 0,
    "Played out of turn \u22121 (waived at 0: a point to the others would end the game, so Ann "
    "forfeits their next deal, R19), Most cards, nobody declared \u22121 (waived at 0)" },
  { "R19 a point to the others", HEAD2 "'rounds':[{'declarer':null,'cards':[6,20]},"
          "{'declarer':null,'cards':[20,6],'penalties':[{'seat':1,'kind':'looked_at_discards'}]}]}", 2, 1,
    "Looked at discards or Pups \u22121 (waived at 0)" },
};

static void
test_explain_side (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (explain_cases); i++)
    {
      const ExplainCase *c = &explain_cases[i];
      g_autoptr (LwGameRecord) record = lw_test_record_from (c->record);
      g_autoptr (GError) error = NULL;
      g_autoptr (LwStandings) standings = lw_standings_compute (record, &error);
      g_autofree char *text = NULL;

      g_test_message ("%s", c->name);
      g_assert_no_error (error);
      g_assert_cmpuint (standings->rounds->len, >=, c->round);
      text = lw_round_result_explain_side (record, g_ptr_array_index (standings->rounds, c->round - 1),
                                           c->side);
      g_assert_cmpstr (text, ==, c->text);
    }
}

/* R9/R11: the result says when a Pack was made, and when it was worth 0. */
static void
test_pack_flags (void)
{
  g_autoptr (LwStandings) standings = standings_from (
    HEAD2 "'rounds':[{'declarer':0,'cards':[20,6],'all_but_last':true},{'declarer':0,'cards':[20,6]},{'declarer':0,'cards':[13,13]},{'declarer':null,'cards':[20,6]}]}");
  const gboolean made[] = { TRUE, TRUE, FALSE, FALSE };
  const gboolean zero[] = { TRUE, FALSE, FALSE, FALSE };

  for (guint i = 0; i < G_N_ELEMENTS (made); i++)
    {
      const LwRoundResult *result = g_ptr_array_index (standings->rounds, i);

      g_assert_cmpint (result->pack_made, ==, made[i]);
      g_assert_cmpint (result->pack_worth_zero, ==, zero[i]);
    }
  /* Round 1 scores nothing for Ann; round 2 (Ben dealt) +1. */
  g_assert_cmpint (((LwRoundResult *) g_ptr_array_index (standings->rounds, 0))->deltas[0], ==, 0);
  g_assert_cmpint (((LwRoundResult *) g_ptr_array_index (standings->rounds, 1))->deltas[0], ==, 1);
}

static void
test_describe (void)
{
  LwItem pack = { 0, 1, LW_REASON_PACK };
  LwItem worms = { 0, -1, LW_REASON_WORMS };
  g_autofree char *a = lw_item_describe (&pack);
  g_autofree char *b = lw_item_describe (&worms);

  g_assert_cmpstr (a, ==, "Pack +1");
  g_assert_cmpstr (b, ==, "Worms \u22121");
  g_assert_cmpstr (lw_reason_to_string (LW_REASON_SWEEP_AWARD), ==, "sweep_award");
  g_assert_cmpstr (lw_reason_to_string (LW_REASON_FORFEITED), ==, "forfeited");
}

typedef struct {
  const char *record;
  const char *message;  /* expected substring */
  int         code;
} BadCase;

static const BadCase bad_cases[] = {
  { "", "empty", LW_ENGINE_ERROR_PARSE },
  { "   ", "empty", LW_ENGINE_ERROR_PARSE },
  { "[1,2]", "must be a JSON object", LW_ENGINE_ERROR_INVALID },
  /* A message that names a seat names who sits there. */
  { "{'format':'little-wolf/game','version':2,'id':'0b9c1a52-6f0e-4c7a-9a51-1f2e3d4c5b6a',"
    "'players':['Ann','Ben'],'rounds':[{'declarer':0,'cards':[16,10]}],"
    "'substitutes':[{'seat':1,'from_round':2,'name':'Dev'},{'seat':1,'from_round':2,'name':'Eve'}]}",
    "substitutes: entry 2: seat 1 (Ben) changes twice from round 2 (to \"Dev\" and to \"Eve\")",
    LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[{'declarer':0,'cards':[16.0,10]}]}", "round 1: cards of seat 0 (Ann) must be an integer", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[{'declarer':true,'cards':[16,10]}]}", "round 1: declarer must be an integer", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[{'declarer':0,'cards':[16,10,0]}]}", "round 1: cards has 3 values, expected one per player (2)", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[{'declarer':0,'cards':[99999999999,10]}]}", "round 1: cards of seat 0", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[{'declarer':0}]}", "round 1: cards is missing", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[{'cards':[16,10]}]}", "round 1: declarer is missing", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[{'declarer':0,'cards':[16,10]},{'declarer':0,'cards':[16,10],'unpegged':[5]}]}", "round 2: unpegged seat is 5", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[{'declarer':0,'cards':[26,0],'all_but_last':true}]}", "round 1: \"every trick but the last\" is set but the declarer's side won every card (SCORING R11)", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[{'void':'dealer_did_not_discard','dealer':0}]}", "round 1: a void round may hold only penalties", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[{'void':'yes'}]}", "round 1: void must be", LW_ENGINE_ERROR_INVALID },
  { "{'format':'little-wolf/game','version':1,'players':['Ann','  '],'rounds':[]}", "players: the name of seat 1 is only spaces", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[], 'rules':{'target':0}}", "rules: target is 0", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[], 'rules':{'start':1}}", "rules: key \"start\" is not allowed", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[], 'first_dealer':2}", "first_dealer is 2", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[], 'teams':[[0],[1]]}", "teams: sides must be of equal size", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'version':3,'rounds':[]}", "version is 3, expected 1 to 2", LW_ENGINE_ERROR_INVALID },
  { "{'format':'little-wolf/game','version':1,'ruleset':'garwolf','players':['A','B'],'rounds':[]}", "played by 3 to 4", LW_ENGINE_ERROR_INVALID },
  { "{'format':'little-wolf/game','version':1,'ruleset':'garwolf','players':['A','B','C'],'rules':{'skunk':5},'rounds':[]}", "skunk is for Little Wolf only", LW_ENGINE_ERROR_INVALID },
  { "{'format':'little-wolf/game','version':1,'ruleset':'garwolf','players':['A','B','C'],'rounds':[{'court':[4,4,4],'garwolves':[1,1,1],'declarer':0}]}", "round 1: key \"declarer\" is not allowed", LW_ENGINE_ERROR_INVALID },
  { "{'format':'little-wolf/game','version':1,'ruleset':'garwolf','players':['A','B','C'],'rounds':[{'court':[4,4,4],'garwolves':[1,1,2]}]}", "round 1: Garwolves sum to 4, expected 3", LW_ENGINE_ERROR_INVALID },
  { HEAD2 "'rounds':[{'declarer':0,'cards':[26,0]},{'declarer':0,'cards':[26,0]},{'declarer':0,'cards':[26,0]},{'declarer':0,'cards':[26,0]},{'declarer':0,'cards':[26,0]},{'declarer':0,'cards':[26,0]},{'declarer':0,'cards':[26,0]},{'declarer':0,'cards':[26,0]},{'declarer':0,'cards':[26,0]},{'declarer':0,'cards':[26,0]}]}",
    "round 10: the game ended after round 9 (Ann won)", LW_ENGINE_ERROR_GAME_OVER },
  { HEAD2 "'rounds':[{'declarer':0,'cards':[16,10]},{'declarer':0,'cards':[16,10],'dealer':0}]}", "round 2: dealer is seat 0 (Ann), but the deal passes to seat 1 (Ben)", LW_ENGINE_ERROR_INVALID },
  { HEAD5 "'rounds':[{'declarer':0,'cards':[33,8,8,8,8],'wolves':[5,0,0,0,0]}]}", "round 1: wolves sum to 5, but 2 decks hold only 4", LW_ENGINE_ERROR_INVALID },
  /* What json-glib would read wrongly: integers that wrap around (this one
   * as 13), hexadecimal and octal numbers, a cut string, a second value. */
  { HEAD2 "'rounds':[{'declarer':null,'cards':[-18446744073709551603,13]}]}", "line 1: the number -18446744073709551603 is too large", LW_ENGINE_ERROR_PARSE },
  { HEAD2 "'rounds':[{'declarer':null,\n'cards':[18446744073709551629,13]}]}", "line 2: the number 18446744073709551629 is too large", LW_ENGINE_ERROR_PARSE },
  { HEAD2 "'rounds':[{'declarer':null,'cards':[0x0d,13]}]}", "line 1: 0x0d is not a JSON number", LW_ENGINE_ERROR_PARSE },
  { HEAD2 "'rounds':[{'declarer':null,'cards':[013,13]}]}", "line 1: 013 is not a JSON number", LW_ENGINE_ERROR_PARSE },
  { "{'format':'little-wolf/game','version':1,'players':['Ann\\u0000a','Ann\\u0000b'],'rounds':[]}", "line 1: a string holds the character \\u0000", LW_ENGINE_ERROR_PARSE },
  { HEAD2 "'rounds':[]} {}", "line 1: more text after the end of the game record", LW_ENGINE_ERROR_PARSE },
  { HEAD2 "'rounds':[]}\n[1]", "line 2: more text after the end of the game record", LW_ENGINE_ERROR_PARSE },
  /* A name is one line of text. */
  { "{'format':'little-wolf/game','version':1,'players':['Ann','Ben\\tBo'],'rounds':[]}", "players: the name of seat 1 holds a control character", LW_ENGINE_ERROR_INVALID },
  { "{'format':'little-wolf/game','version':1,'players':['Ann\\nLee','Ben'],'rounds':[]}", "players: the name of seat 0 holds a control character", LW_ENGINE_ERROR_INVALID },
  /* The messages name the ruleset and count that apply. */
  { "{'format':'little-wolf/game','version':1,'ruleset':'garwolf','players':['A','B','C','D','E','F','G','H','I'],'rounds':[]}", "players: 9 players, but Garwolf is played by 3 to 4", LW_ENGINE_ERROR_INVALID },
  { "{'format':'little-wolf/game','version':1,'players':['A','B','C','D'],'teams':[[0,1,2,3]],'rounds':[]}", "teams: 1 side, expected 2 to 4", LW_ENGINE_ERROR_INVALID },
};

static void
test_bad_record (gconstpointer data)
{
  const BadCase *c = data;
  g_autofree char *json = g_strdelimit (g_strdup (c->record), "'", '"');
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = lw_game_record_from_json (json, -1, &error);
  g_autoptr (LwStandings) standings = NULL;

  if (record != NULL)
    standings = lw_standings_compute (record, &error);
  g_assert_null (standings);
  g_assert_error (error, LW_ENGINE_ERROR, c->code);
  if (strstr (error->message, c->message) == NULL)
    g_error ("message \"%s\" lacks \"%s\"", error->message, c->message);
}

/* Nesting far deeper than a record needs is refused before the parser,
 * which recurses once per level, runs out of stack. */
static void
test_deep_nesting (void)
{
  const guint depth = 100000;
  g_autoptr (GString) text = g_string_new (HEAD2 "'rounds':[],'extra':");
  g_autofree char *json = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;

  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, '[');
  for (guint i = 0; i < depth; i++)
    g_string_append_c (text, ']');
  g_string_append_c (text, '}');
  json = g_strdelimit (g_strdup (text->str), "'", '"');

  record = lw_game_record_from_json (json, -1, &error);
  g_assert_null (record);
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "line 1: lists and objects nested more than"));
}

/* Leniencies of json-glib that stay accepted (DESIGN.md), and JSON
 * numbers and strings the checks must not mistake. */
static void
test_lenient_json (void)
{
  static const char *const records[] = {
    "/* a comment with 0x1 and [[[ */ " HEAD2 "'rounds':[{'declarer':null,'cards':[13,13]}]}",
    HEAD2 "'rounds':[{'declarer':null,'cards':[13,13]}]} /* 013 */ \n",
    "{'format':'little-wolf/game','version':1,'players':['0x0d [[[ 013','-1e5'],'rounds':[]}",
    "{'format':'little-wolf/game','version':1,'players':['A\\\\u0000','B'],'rounds':[]}",
    HEAD2 "'rounds':[{'declarer':null,'cards':[13,13]},{'declarer':-0,'cards':[999999999999999999,0]}]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (records); i++)
    {
      g_autofree char *json = g_strdelimit (g_strdup (records[i]), "'", '"');
      g_autoptr (GError) error = NULL;
      g_autoptr (LwGameRecord) record = lw_game_record_from_json (json, -1, &error);

      /* The last one is read, then refused for its range, not its text. */
      if (i == G_N_ELEMENTS (records) - 1)
        {
          g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, "round 2: cards of seat 0 (Ann) is 999999999999999999"));
          continue;
        }
      g_assert_no_error (error);
      g_assert_nonnull (record);
    }
}

/* The rounds are read one at a time (lw_json_split_array()), and the
 * record reads as if its text were parsed whole: comments and duplicate
 * keys as json-glib takes them, and a round that is not JSON named by its
 * line in the whole text. */
static void
test_rounds_one_at_a_time (void)
{
#define A "{'declarer':null,'cards':[13,13]}"
#define B "{'declarer':0,'cards':[20,6]}"
  static const struct {
    const char *text;
    int         rounds;       /* -1: refused */
    int         first_declarer;
    const char *message;
  } cases[] = {
    { HEAD2 "'rounds':[" A "," B "]}", 2, LW_NO_SEAT, NULL },
    { HEAD2 "'rounds' : [ /* ], { */ " A " , /* ] */\n " B "\n]}", 2, LW_NO_SEAT, NULL },
    /* json-glib 1.6 knows no // comment: refused, as when parsed whole. */
    { HEAD2 "'rounds':[" A ", // x\n" B "]}", -1, 0, "the game record is not JSON: line 1, column" },
    { HEAD2 "'rounds':[" A "],'rounds':[" B "," B "]}", 2, 0, NULL },
    { HEAD2 "'rounds':[" B "," B "],'rounds':[" A "]}", 1, LW_NO_SEAT, NULL },
    /* A later key spelt with an escape is the same key. */
    { HEAD2 "'rounds':[" A "],'rou\\u006eds':[" B "," B "," B "]}", 3, 0, NULL },
    { HEAD2 "'rou\\u006eds':[" B "," B "," B "],'rounds':[" A "]}", 1, LW_NO_SEAT, NULL },
    /* A member of a round, or a string, named like the array. */
    { HEAD2 "'rounds':[{'declarer':null,'cards':[13,13],'rounds':[]}]}", -1, 0,
      "round 1: key \"rounds\" is not allowed" },
    { "{'format':'little-wolf/game','version':1,'players':['rounds','Ben'],'rounds':[" A "]}",
      1, LW_NO_SEAT, NULL },
    { HEAD2 "'rounds':[]}", 0, 0, NULL },
    { HEAD2 "'rounds':[ ]}", 0, 0, NULL },
    /* Not JSON: the place in the whole text. */
    { HEAD2 "\n'rounds':[\n" A ",\n" A ",\n{'declarer':null,'cards':[13 13]}]}", -1, 0,
      "the game record is not JSON: line 5, column 28" },
    { HEAD2 "'rounds':[" A " " A "]}", -1, 0, "the game record is not JSON: line 1, column" },
    { HEAD2 "'rounds':[" A ",," A "]}", -1, 0, "the game record is not JSON: line 1, column" },
    { HEAD2 "'rounds':[," A "]}", -1, 0, "the game record is not JSON: line 1, column" },
    { HEAD2 "'rounds':[" A ",\n]}", -1, 0, "the game record is not JSON: line 1, column" },
    { HEAD2 "'rounds':[" A, -1, 0, "the game record is not JSON: line 1, column" },
    /* A round checked as ever, by its number. */
    { HEAD2 "'rounds':[" A "," A ",{'declarer':null,'cards':[13,12]}]}", -1, 0,
      "round 3: cards sum to 25, expected 26" },
  };
#undef A
#undef B

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *json = g_strdelimit (g_strdup (cases[i].text), "'", '"');
      g_autoptr (GError) error = NULL;
      g_autoptr (LwGameRecord) record = lw_game_record_from_json (json, -1, &error);

      g_test_message ("%s", json);
      if (cases[i].rounds < 0)
        {
          g_assert_null (record);
          g_assert_nonnull (error);
          if (strstr (error->message, cases[i].message) == NULL)
            g_error ("message \"%s\" lacks \"%s\"", error->message, cases[i].message);
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmpuint (record->rounds->len, ==, (guint) cases[i].rounds);
      if (cases[i].rounds > 0)
        g_assert_cmpint (((LwRound *) g_ptr_array_index (record->rounds, 0))->declarer, ==,
                         cases[i].first_declarer);
    }
}

/* A number over the program's bound (far above any real game) is refused
 * with that bound: "expected 1 or more" would say the opposite of what is
 * wrong with 1000000000. */
static void
test_count_bounds (void)
{
  static const struct { const char *record; const char *message; } cases[] = {
    { HEAD2 "'rules':{'target':1000000000},'rounds':[]}",
      "rules: target is 1000000000, expected 1 to 1000000" },
    { HEAD2 "'rules':{'skunk':2000000},'rounds':[]}",
      "rules: skunk is 2000000, expected 1 to 1000000" },
    { HEAD2 "'rules':{'start_score':-1},'rounds':[]}",
      "rules: start_score is -1, expected 0 to 1000000" },
    { HEAD2 "'rounds':[{'declarer':null,'cards':[13,13],'worms':[1000001,0]}]}",
      "round 1: worms of seat 0 (Ann) is 1000001, expected 0 to 1000000" },
    { HEAD2 "'rounds':[{'declarer':null,'cards':[-1,27]}]}",
      "round 1: cards of seat 0 (Ann) is -1, expected 0 to 1000000" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *json = g_strdelimit (g_strdup (cases[i].record), "'", '"');
      g_autoptr (GError) error = NULL;
      g_autoptr (LwGameRecord) record = lw_game_record_from_json (json, -1, &error);

      g_assert_null (record);
      g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* A round being entered is checked on its own before it is stored. */
static void
test_round_validate (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (HEAD3 "'rounds':[]}");
  g_autoptr (LwRound) round = lw_round_new ();
  g_autoptr (GError) error = NULL;

  round->declarer = 1;
  round->cards[0] = 10;
  round->cards[1] = 20;
  round->cards[2] = 2;
  g_assert_false (lw_round_validate (record, round, 4, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "round 4: cards sum to 32, expected 33"));
  g_clear_error (&error);

  round->cards[2] = 3;
  g_assert_true (lw_round_validate (record, round, 4, &error));
  g_assert_no_error (error);

  lw_round_add_penalty (round, 3, LW_PENALTY_OUT_OF_TURN);
  g_assert_false (lw_round_validate (record, round, 4, &error));
  g_assert_nonnull (strstr (error->message, "penalty 1 is seat 3"));
}

/* @record written out reads back to the same text. */
static void
assert_reads_back (const LwGameRecord *record)
{
  g_autofree char *json = lw_game_record_to_json (record);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) again = lw_game_record_from_json (json, -1, &error);
  g_autofree char *json_again = NULL;

  g_assert_no_error (error);
  json_again = lw_game_record_to_json (again);
  g_assert_cmpstr (json, ==, json_again);
}

/* Building a record in code, as the app does, and writing it out. */
static void
test_build_and_write (void)
{
  const char *names[] = { "Ann", "Ben", "Cleo", "Dev" };
  const int teams[] = { 0, 1, 0, 1 };
  g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 4, names);
  g_autoptr (LwGameRecord) copy = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *side = NULL;
  g_autofree char *text = NULL;
  LwRound *round = lw_round_new ();

  lw_game_record_set_teams (record, 2, teams);
  record->first_dealer = 3;
  round->declarer = 3;
  round->cards[0] = 5;
  round->cards[1] = 6;
  round->cards[2] = 5;
  round->cards[3] = 20;
  round->gongs[3] = 2;
  round->unpegged[1] = TRUE;
  lw_round_add_penalty (round, 0, LW_PENALTY_LOOKED_AT_DISCARDS);
  g_ptr_array_add (record->rounds, round);

  g_assert_cmpuint (lw_game_record_n_sides (record), ==, 2);
  side = lw_game_record_side_name (record, 1);
  g_assert_cmpstr (side, ==, "Ben & Dev");

  standings = lw_standings_compute (record, &error);
  g_assert_no_error (error);
  /* Ann's penalty: 1 → 0; Dev's Pack as dealer +1, Gongs +1, unpegged
   * (Ben's side) forfeits the +2. */
  g_assert_cmpint (standings->scores[0], ==, 0);
  g_assert_cmpint (standings->scores[1], ==, 1);
  g_assert_cmpint (lw_standings_needed_to_win (record, standings, 1), ==, 14);
  g_assert_cmpint (standings->next_dealer, ==, 0);

  copy = lw_game_record_copy (record);
  assert_reads_back (record);
  g_assert_cmpuint (copy->rounds->len, ==, 1);
  g_assert_cmpuint (((LwRound *) g_ptr_array_index (copy->rounds, 0))->penalties->len, ==, 1);

  text = lw_standings_to_text (record, standings);
  g_assert_nonnull (strstr (text, "Ann & Cleo"));
  g_assert_nonnull (strstr (text, "Looked at discards or Pups"));
  g_assert_nonnull (strstr (text, "Next dealer: Ann"));
}

/* GAME-RECORD.md substitutes: the text sheet's columns name who sits
 * now, and a line says who sat in a seat from the round they came in. */
static void
test_text_substitutes (void)
{
  g_autofree char *path = g_build_filename (lw_test_cases_dir (), "v2", "V2-substitute-and-details.json", NULL);
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autofree char *text = NULL;
  const char *dev, *back, *round3;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  record = lw_game_record_from_json (contents, -1, &error);
  g_assert_no_error (error);
  standings = lw_standings_compute (record, &error);
  g_assert_no_error (error);
  text = lw_standings_to_text (record, standings);
  dev = strstr (text, "From round 3: Dev in Ben's seat\n");
  back = strstr (text, "From round 4: Ben in Dev's seat\n");
  round3 = strstr (text, "\n    3  Cleo");
  g_assert_nonnull (dev);
  g_assert_nonnull (back);
  g_assert_nonnull (round3);
  /* Each just above its round's row, and nothing said for rounds 1 and 2. */
  g_assert_true (dev < round3 && round3 < back);
  g_assert_cmpuint (strstr (text, "From round") - text, ==, dev - text);
}

/* The text sheet's "Rules:" line: the rule set, then the house rules
 * that are not the rulings (TRICKS T9, T22; SCORING G3); none for
 * Standard rules. */
static void
test_text_rules (void)
{
  static const struct {
    const char *file;
    const char *line;
  } cases[] = {
    { "V2-substitute-and-details.json",
      "\nRules: Club standard — Little Wolf fills only inside a Run; a trump over a plain lead "
      "beats every trump in the trick\n\n" },
    { "V2-garwolf-king-and-knave.json", "\nRules: Court night — King and Knave\n\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (lw_test_cases_dir (), "v2", cases[i].file, NULL);
      g_autofree char *contents = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (LwGameRecord) record = NULL;
      g_autoptr (LwStandings) standings = NULL;
      g_autofree char *text = NULL;
      const char *first_end;

      g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
      record = lw_game_record_from_json (contents, -1, &error);
      g_assert_no_error (error);
      standings = lw_standings_compute (record, &error);
      g_assert_no_error (error);
      text = lw_standings_to_text (record, standings);
      first_end = strchr (text, '\n');
      /* Just below the first line, and only there. */
      g_assert_true (g_str_has_prefix (first_end, cases[i].line));
      g_assert_null (strstr (first_end + 1 + 6, "Rules: "));
    }

  /* Standard rules: no line; a set alone; a house rule alone. */
  {
    g_autoptr (LwGameRecord) record = lw_test_pair_record ("Ann", "Ben");
    g_autoptr (LwStandings) standings = lw_standings_compute (record, NULL);
    g_autofree char *text = lw_standings_to_text (record, standings);
    g_autofree char *set_only = NULL;
    g_autofree char *house_only = NULL;
    const LwRulesWords words = { "seulement dedans", "tout le pli", "Roi et Valet" };

    g_assert_null (strstr (text, "Rules:"));
    g_assert_null (lw_game_record_rules_text (record, NULL));
    record->over_trump = LW_OVER_TRUMP_WHOLE_TRICK;
    house_only = lw_game_record_rules_text (record, &words);
    g_assert_cmpstr (house_only, ==, "tout le pli");
    record->over_trump = LW_OVER_TRUMP_WINNING_PLAY;
    record->rule_set = g_strdup ("Club nights");
    set_only = lw_game_record_rules_text (record, &words);
    g_assert_cmpstr (set_only, ==, "Club nights");
  }
}

static void
test_garwolf_passing (void)
{
  /* G3 */
  static const LwPassing three[] = { LW_PASS_LEFT, LW_PASS_RIGHT, LW_PASS_KEEP, LW_PASS_LEFT, LW_PASS_RIGHT, LW_PASS_KEEP, LW_PASS_LEFT };
  static const LwPassing four[] = { LW_PASS_LEFT, LW_PASS_RIGHT, LW_PASS_ACROSS, LW_PASS_KEEP, LW_PASS_LEFT, LW_PASS_RIGHT, LW_PASS_ACROSS, LW_PASS_KEEP, LW_PASS_LEFT };

  for (guint i = 0; i < G_N_ELEMENTS (three); i++)
    g_assert_cmpint (lw_garwolf_passing (3, i + 1), ==, three[i]);
  for (guint i = 0; i < G_N_ELEMENTS (four); i++)
    g_assert_cmpint (lw_garwolf_passing (4, i + 1), ==, four[i]);
  g_assert_cmpstr (lw_passing_to_label (LW_PASS_ACROSS), ==, "Pass two cards across");
}

/* R23/R24: what a side needs, to the target and to a skunk. */
static void
test_needed (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (HEAD3 "'rules':{'start_score':8},'rounds':[{'declarer':null,'cards':[0,33,0]}]}");
  g_autoptr (LwStandings) standings = lw_standings_compute (record, NULL);
  g_autoptr (LwGameRecord) garwolf = lw_test_record_from ("{'format':'little-wolf/game','version':1,'ruleset':'garwolf','players':['A','B','C'],'rounds':[]}");
  g_autoptr (LwStandings) garwolf_standings = lw_standings_compute (garwolf, NULL);

  /* Ben swept undeclared: 8 − 2 = 6. Nobody is at 0 yet. */
  g_assert_cmpint (standings->scores[1], ==, 6);
  g_assert_cmpint (lw_standings_needed_to_win (record, standings, 0), ==, 7);
  g_assert_cmpint (lw_standings_needed_for_skunk (record, standings, 0), ==, -1);
  g_assert_cmpint (lw_standings_needed_for_skunk (garwolf, garwolf_standings, 0), ==, -1);
  g_assert_cmpint (lw_standings_needed_to_win (garwolf, garwolf_standings, 2), ==, 100);
}

static void
test_needed_skunk (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (HEAD2 "'rules':{'start_score':1},'rounds':[{'declarer':null,'cards':[6,20]},{'declarer':0,'cards':[20,6]}]}");
  g_autoptr (LwStandings) standings = lw_standings_compute (record, NULL);

  /* Ben at 0, Ann at 2: 9 more for an 11-point skunk, 13 for the target. */
  g_assert_cmpint (standings->scores[0], ==, 2);
  g_assert_cmpint (standings->scores[1], ==, 0);
  g_assert_cmpint (lw_standings_needed_for_skunk (record, standings, 0), ==, 9);
  g_assert_cmpint (lw_standings_needed_to_win (record, standings, 0), ==, 13);
  g_assert_cmpint (lw_standings_needed_for_skunk (record, standings, 1), ==, -1);
}

static void
test_hand_sizes (void)
{
  /* R1 */
  static const guint sizes[] = { 0, 0, 13, 11, 9, 13, 13, 11, 9, 0 };
  static const guint decks[] = { 0, 0, 1, 1, 1, 2, 2, 2, 2, 0 };

  for (guint n = 0; n < G_N_ELEMENTS (sizes); n++)
    {
      g_assert_cmpuint (lw_hand_size (n), ==, sizes[n]);
      g_assert_cmpuint (lw_decks (n), ==, decks[n]);
      g_assert_cmpuint (lw_total_cards (n), ==, n * sizes[n]);
    }
}

/* R9 and R8 as the engine states them once (lw_round_pack_made(),
 * lw_round_den_sets()): two players, T = 26: 14 cards make the Pack, 13
 * (half) do not, and nobody declaring makes none; two decks (five
 * players) can give a seat two complete sets of Den cards. */
static void
test_pack_made_den_sets (void)
{
  g_autoptr (LwGameRecord) two = lw_test_record_from (
    HEAD2 "'rounds':[{'declarer':0,'cards':[14,12],'worms':[2,0],'gongs':[2,0],'bears':[2,0],'wolves':[1,1]},"
    "{'declarer':1,'cards':[13,13]},{'declarer':null,'cards':[20,6]}]}");
  g_autoptr (LwGameRecord) five = lw_test_record_from (
    HEAD5 "'rounds':[{'declarer':0,'cards':[33,8,8,8,8],'worms':[4,0,0,0,0],'gongs':[4,0,0,0,0],"
    "'bears':[4,0,0,0,0],'wolves':[3,1,0,0,0]},"
    "{'declarer':0,'cards':[33,8,8,8,8],'worms':[4,0,0,0,0],'gongs':[4,0,0,0,0],'bears':[4,0,0,0,0],'wolves':[4,0,0,0,0]}]}");
  static const gboolean made[] = { TRUE, FALSE, FALSE };

  for (guint i = 0; i < G_N_ELEMENTS (made); i++)
    g_assert_cmpint (lw_round_pack_made (two, g_ptr_array_index (two->rounds, i)), ==, made[i]);
  /* Seat 0 of the first round holds one Little Wolf only: no set. */
  g_assert_cmpint (lw_round_den_sets (g_ptr_array_index (two->rounds, 0), 0), ==, 0);
  g_assert_cmpint (lw_round_den_sets (g_ptr_array_index (two->rounds, 1), 0), ==, 0);
  g_assert_true (lw_round_pack_made (five, g_ptr_array_index (five->rounds, 0)));
  g_assert_cmpint (lw_round_den_sets (g_ptr_array_index (five->rounds, 0), 0), ==, 1);
  g_assert_cmpint (lw_round_den_sets (g_ptr_array_index (five->rounds, 1), 0), ==, 2);
  g_assert_cmpint (lw_round_den_sets (g_ptr_array_index (five->rounds, 1), 1), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_named_rows ("/score", score_cases, G_N_ELEMENTS (score_cases), sizeof score_cases[0], test_score_case);
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/record/bad/%u", i + 1);
      g_test_add_data_func (path, &bad_cases[i], test_bad_record);
    }
  g_test_add_func ("/score/items", test_items);
  g_test_add_func ("/score/read-and-replay", test_read_and_replay);
  g_test_add_func ("/score/describe", test_describe);
  g_test_add_func ("/score/pack-flags", test_pack_flags);
  g_test_add_func ("/score/describe-side", test_describe_side);
  g_test_add_func ("/score/explain-side", test_explain_side);
  g_test_add_func ("/record/deep-nesting", test_deep_nesting);
  g_test_add_func ("/record/lenient-json", test_lenient_json);
  g_test_add_func ("/record/round-validate", test_round_validate);
  g_test_add_func ("/record/rounds-one-at-a-time", test_rounds_one_at_a_time);
  g_test_add_func ("/record/count-bounds", test_count_bounds);
  g_test_add_func ("/record/build-and-write", test_build_and_write);
  g_test_add_func ("/rules/hand-sizes", test_hand_sizes);
  g_test_add_func ("/rules/garwolf-passing", test_garwolf_passing);
  g_test_add_func ("/score/text-substitutes", test_text_substitutes);
  g_test_add_func ("/score/text-rules", test_text_rules);
  g_test_add_func ("/score/needed", test_needed);
  g_test_add_func ("/score/needed-skunk", test_needed_skunk);
  g_test_add_func ("/score/pack-made-den-sets", test_pack_made_den_sets);

  return g_test_run ();
}
