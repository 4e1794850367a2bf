/* test-edit.c — correcting past rounds (lw-edit.h): the whole game is
 * replayed, so floors, forfeited deals, skunks and the game end follow
 * (SCORING R18–R25)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-engine.h"
#include "lw-test-util.h"

static void
assert_numbers (GArray      *numbers,
                const guint *expected,
                guint        n_expected)
{
  g_assert_cmpuint (numbers->len, ==, n_expected);
  for (guint i = 0; i < n_expected; i++)
    g_assert_cmpuint (g_array_index (numbers, guint, i), ==, expected[i]);
}

static const LwRoundResult *
result_of (const LwStandings *standings,
           guint              number)
{
  return g_ptr_array_index (standings->rounds, number - 1);
}

#define HEAD2 "{'format':'little-wolf/game','version':1,'players':['Ann','Ben'],"

/* R18: correcting round 1 lifts Ann off 0, so her later loss, waived at 0
 * before, now counts. */
static void
test_floor (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (HEAD2 "'rounds':["
    "{'declarer':null,'cards':[13,13]},"  /* R16: both most: 0, 0 */
    "{'declarer':null,'cards':[20,6]},"   /* Ann most: waived at 0 (R18) */
    "{'declarer':1,'cards':[6,20]}]}");   /* Ben's Pack: 0, 1 */
  g_autoptr (LwRound) round = lw_test_round_from (record, "{'declarer':1,'cards':[6,20]}");
  LwEdit edit = { LW_EDIT_REPLACE, 1, round };
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEditResult) result = lw_edit_apply (record, &edit, &error);
  static const guint changed[] = { 2, 3 };

  g_assert_no_error (error);
  g_assert_nonnull (result);

  /* Before: round 2's loss was waived at 0. */
  g_assert_cmpint (result_of (result->old_standings, 2)->deltas[0], ==, 0);
  g_assert_cmpint (result_of (result->old_standings, 2)->scores[0], ==, 0);
  /* After: round 1 gives 1, 2; round 2 costs Ann her point: 0, 2. */
  g_assert_cmpint (result_of (result->standings, 1)->scores[1], ==, 2);
  g_assert_cmpint (result_of (result->standings, 2)->deltas[0], ==, -1);
  g_assert_cmpint (result_of (result->standings, 2)->scores[0], ==, 0);
  g_assert_cmpint (result_of (result->standings, 3)->scores[1], ==, 3);
  assert_numbers (result->changed, changed, G_N_ELEMENTS (changed));
  g_assert_false (result->finished_changed);
  g_assert_false (result->winner_changed);
  g_assert_false (result->skunk_changed);

  /* The input is never changed. */
  g_assert_cmpint (((LwRound *) g_ptr_array_index (record->rounds, 0))->declarer, ==, LW_NO_SEAT);
  g_assert_cmpuint (result->record->rounds->len, ==, 3);
}

/* R19, R20, R20a: a penalty at 0 whose award would end the game forfeits
 * the offender's next deal, so every later dealer moves; the written dealer
 * checks of later rounds follow the new rotation. */
static void
test_forfeited_deal (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (HEAD2
    "'rules':{'start_score':0,'target':1,'skunk':11},'rounds':["
    "{'declarer':null,'cards':[13,13]},"
    "{'dealer':1,'declarer':null,'cards':[13,13]},"
    "{'dealer':0,'declarer':null,'cards':[13,13]}]}");
  g_autoptr (LwRound) round =
    lw_test_round_from (record, "{'declarer':null,'cards':[13,13],"
                                "'penalties':[{'seat':1,'kind':'out_of_turn'}]}");
  LwEdit edit = { LW_EDIT_REPLACE, 1, round };
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEditResult) result = lw_edit_apply (record, &edit, &error);
  static const guint changed[] = { 2, 3 };
  LwRound *third;

  g_assert_no_error (error);
  g_assert_nonnull (result);

  /* Ben at 0 offends; Ann's award would end the game (R19): nobody
   * scores, Ben forfeits his next deal: Ann deals round 2 (R20a). */
  g_assert_cmpint (result_of (result->standings, 1)->scores[0], ==, 0);
  g_assert_cmpint (result_of (result->old_standings, 2)->dealer, ==, 1);
  g_assert_cmpint (result_of (result->standings, 2)->dealer, ==, 0);
  g_assert_cmpint (result_of (result->standings, 3)->dealer, ==, 1);
  assert_numbers (result->changed, changed, G_N_ELEMENTS (changed));
  assert_numbers (result->dealers_rewritten, changed, G_N_ELEMENTS (changed));
  third = g_ptr_array_index (result->record->rounds, 2);
  g_assert_cmpint (third->dealer, ==, 1);

  /* Undoing it (the old round back) gives the old record again. */
  {
    LwEdit undo = { LW_EDIT_REPLACE, 1, g_ptr_array_index (record->rounds, 0) };
    g_autoptr (LwEditResult) back = lw_edit_apply (result->record, &undo, &error);
    g_autofree char *before = lw_game_record_to_json (record);
    g_autofree char *after = NULL;

    g_assert_no_error (error);
    after = lw_game_record_to_json (back->record);
    g_assert_cmpstr (after, ==, before);
  }
}

#define SKUNK3 HEAD2 "'rules':{'start_score':1,'target':15,'skunk':3},"

/* R23: an early correction takes a skunk away (and gives it back). */
static void
test_skunk (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (SKUNK3 "'rounds':["
    "{'declarer':0,'cards':[20,6]},"     /* 2, 1 */
    "{'declarer':null,'cards':[6,20]},"  /* Ben most: 2, 0 */
    "{'declarer':0,'cards':[20,6]}]}");  /* 3, 0: skunk, Ann wins */
  g_autoptr (LwRound) round = lw_test_round_from (record, "{'declarer':null,'cards':[20,6]}");
  LwEdit edit = { LW_EDIT_REPLACE, 2, round };
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEditResult) result = lw_edit_apply (record, &edit, &error);
  static const guint changed[] = { 3 };

  g_assert_no_error (error);
  g_assert_true (result->old_standings->finished);
  g_assert_true (result->old_standings->skunk);
  g_assert_cmpint (result->old_standings->winner, ==, 0);

  /* Ann most instead: 1, 1; then 2, 1: no skunk, the game goes on. */
  g_assert_false (result->standings->finished);
  g_assert_false (result->standings->skunk);
  g_assert_cmpint (result->standings->scores[0], ==, 2);
  g_assert_cmpint (result->standings->scores[1], ==, 1);
  assert_numbers (result->changed, changed, G_N_ELEMENTS (changed));
  g_assert_true (result->finished_changed);
  g_assert_true (result->winner_changed);
  g_assert_true (result->skunk_changed);
}

/* R23–R25: an edit that ends the game earlier leaves later rounds after
 * the end: refused, with the rounds named. */
static void
test_ends_earlier_refused (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (SKUNK3 "'rounds':["
    "{'declarer':0,'cards':[20,6]},"     /* 2, 1 */
    "{'declarer':null,'cards':[20,6]},"  /* 1, 1 */
    "{'declarer':0,'cards':[20,6]},"     /* 2, 1 */
    "{'declarer':0,'cards':[20,6]},"     /* 3, 1 */
    "{'declarer':1,'cards':[6,20]}]}");  /* 3, 2 */
  g_autoptr (LwRound) round = lw_test_round_from (record, "{'declarer':null,'cards':[6,20]}");
  g_autofree char *before = lw_game_record_to_json (record);
  g_autofree char *after = NULL;
  g_autoptr (GError) error = NULL;
  LwEdit edit = { LW_EDIT_REPLACE, 2, round };
  LwEditResult *result = lw_edit_apply (record, &edit, &error);

  /* Ben most in round 2: 2, 0; round 3: 3, 0, a skunk: the game ends
   * after round 3, but rounds 4 and 5 follow. */
  g_assert_null (result);
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER);
  g_assert_cmpstr (error->message, ==,
                   "replacing round 2: the game would end after round 3 (Ann won), "
                   "but rounds 4–5 follow; delete them first");
  after = lw_game_record_to_json (record);
  g_assert_cmpstr (after, ==, before);
  g_clear_error (&error);

  /* Where it ends: after round 3; the edit with rounds 4–5 deleted is
   * accepted. An edit that is accepted, or refused for another reason,
   * ends nothing early. */
  {
    g_autoptr (LwGameRecord) head = lw_game_record_copy (record);
    g_autoptr (LwEditResult) ok = NULL;
    g_autoptr (LwRound) bad = lw_test_round_from (record, "{'declarer':null,'cards':[6,20]}");
    LwEdit accepted = { LW_EDIT_REPLACE, 5, round };
    LwEdit invalid = { LW_EDIT_REPLACE, 2, bad };
    guint end = 99;

    g_assert_true (lw_edit_ends_game_at (record, &edit, &end));
    g_assert_cmpuint (end, ==, 3);
    g_ptr_array_set_size (head->rounds, end);
    ok = lw_edit_apply (head, &edit, &error);
    g_assert_no_error (error);
    g_assert_true (ok->standings->finished);
    g_assert_false (lw_edit_ends_game_at (record, &accepted, &end));
    g_assert_cmpuint (end, ==, 0);
    bad->cards[0] = 7;
    end = 99;
    g_assert_false (lw_edit_ends_game_at (record, &invalid, &end));
    g_assert_cmpuint (end, ==, 0);
  }

  /* One round after the end is named alone. */
  {
    g_autoptr (LwRound) fifth = lw_test_round_from (record, "{'declarer':0,'cards':[20,6]}");
    LwEdit last = { LW_EDIT_REPLACE, 5, fifth };  /* 4, 1 */
    g_autoptr (LwEditResult) ok = lw_edit_apply (record, &last, &error);
    g_autoptr (LwRound) longer = lw_test_round_from (record, "{'declarer':null,'cards':[6,20]}");
    LwEdit early = { LW_EDIT_REPLACE, 2, longer };
    LwEditResult *refused;

    g_assert_no_error (error);
    g_ptr_array_set_size (ok->record->rounds, 4);
    refused = lw_edit_apply (ok->record, &early, &error);
    g_assert_null (refused);
    g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER);
    g_assert_cmpstr (error->message, ==,
                     "replacing round 2: the game would end after round 3 (Ann won), "
                     "but round 4 follows; delete it first");
  }
}

/* Inserting and deleting renumber the later rounds; they are compared with
 * the rounds they were before. */
static void
test_insert_delete (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (SKUNK3 "'rounds':["
    "{'declarer':0,'cards':[20,6]},"     /* 2, 1 */
    "{'declarer':null,'cards':[6,20]},"  /* 2, 0 */
    "{'declarer':0,'cards':[20,6]}]}");  /* 3, 0 skunk */
  g_autoptr (GError) error = NULL;

  /* Delete round 2: round 3 becomes round 2 (dealer 1 now): 3, 1. */
  {
    LwEdit edit = { LW_EDIT_DELETE, 2, NULL };
    g_autoptr (LwEditResult) result = lw_edit_apply (record, &edit, &error);
    static const guint changed[] = { 2 };

    g_assert_no_error (error);
    g_assert_cmpuint (result->record->rounds->len, ==, 2);
    g_assert_cmpint (result_of (result->standings, 2)->dealer, ==, 1);
    g_assert_cmpint (result->standings->scores[0], ==, 3);
    g_assert_cmpint (result->standings->scores[1], ==, 1);
    assert_numbers (result->changed, changed, G_N_ELEMENTS (changed));
    g_assert_true (result->finished_changed);
    g_assert_true (result->skunk_changed);
  }

  /* Insert before round 1 a round where Ben makes the Pack: 1, 2. Then
   * Ann's Pack 2, 2; Ben most 2, 1; Ann's Pack 3, 1: no skunk. */
  {
    g_autoptr (LwRound) round = lw_test_round_from (record, "{'declarer':1,'cards':[6,20]}");
    LwEdit edit = { LW_EDIT_INSERT, 1, round };
    g_autoptr (LwEditResult) result = lw_edit_apply (record, &edit, &error);
    static const guint changed[] = { 2, 3, 4 };

    g_assert_no_error (error);
    g_assert_cmpuint (result->record->rounds->len, ==, 4);
    g_assert_cmpint (result->standings->scores[0], ==, 3);
    g_assert_cmpint (result->standings->scores[1], ==, 1);
    assert_numbers (result->changed, changed, G_N_ELEMENTS (changed));
    g_assert_false (result->standings->finished);
  }

  /* Insert at rounds + 1 appends; after the end it is refused. */
  {
    g_autoptr (LwRound) round = lw_test_round_from (record, "{'declarer':1,'cards':[6,20]}");
    LwEdit edit = { LW_EDIT_INSERT, 4, round };
    LwEditResult *result = lw_edit_apply (record, &edit, &error);

    g_assert_null (result);
    lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER);
  }
}

/* Numbers out of range and rounds the engine refuses. */
static void
test_refused (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (HEAD2 "'rounds':["
    "{'declarer':null,'cards':[13,13]},{'declarer':null,'cards':[13,13]}]}");
  g_autoptr (LwRound) bad = lw_round_new ();
  g_autoptr (LwRound) wrong_dealer =
    lw_test_round_from (record, "{'dealer':0,'declarer':null,'cards':[13,13]}");
  g_autoptr (GError) error = NULL;
  struct { LwEditKind kind; guint number; const LwRound *round; int code; const char *message; } cases[] = {
    { LW_EDIT_REPLACE, 0, bad, LW_ENGINE_ERROR_INVALID, "round 0: no such round, the game has 2" },
    { LW_EDIT_REPLACE, 3, bad, LW_ENGINE_ERROR_INVALID, "round 3: no such round, the game has 2" },
    { LW_EDIT_DELETE, 3, NULL, LW_ENGINE_ERROR_INVALID, "round 3: no such round, the game has 2" },
    { LW_EDIT_INSERT, 4, bad, LW_ENGINE_ERROR_INVALID, "round 4: no such round, the game has 2" },
    { LW_EDIT_INSERT, 1, NULL, LW_ENGINE_ERROR_INVALID, "inserting a round before round 1: the new round is missing" },
    /* R1, R5: the cards must add up. */
    { LW_EDIT_REPLACE, 2, bad, LW_ENGINE_ERROR_INVALID,
      "replacing round 2: round 2: cards sum to 0, expected 26 (2 players × 13)" },
    /* R4: the new round's own dealer check is kept and checked. */
    { LW_EDIT_REPLACE, 2, wrong_dealer, LW_ENGINE_ERROR_INVALID,
      "replacing round 2: round 2: dealer is seat 0 (Ann), but the deal passes to seat 1 (Ben)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      LwEdit edit = { cases[i].kind, cases[i].number, cases[i].round };
      LwEditResult *result = lw_edit_apply (record, &edit, &error);

      g_assert_null (result);
      g_assert_error (error, LW_ENGINE_ERROR, cases[i].code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      g_clear_error (&error);
    }
}

/* lw_round_to_json() and lw_round_from_json() agree with the record JSON. */
static void
test_round_json (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (HEAD2 "'rounds':["
    "{'dealer':0,'declarer':1,'cards':[6,20],'worms':[2,0],"
    "'penalties':[{'seat':0,'kind':'looked_at_discards'}],'unpegged':[1]},"
    "{'void':'dealer_did_not_discard'}]}");
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < record->rounds->len; i++)
    {
      g_autofree char *json = lw_round_to_json (record, g_ptr_array_index (record->rounds, i));
      g_autoptr (LwRound) back = lw_round_from_json (record, json, -1, i + 1, &error);
      g_autofree char *again = NULL;

      g_assert_no_error (error);
      again = lw_round_to_json (record, back);
      g_assert_cmpstr (again, ==, json);
    }

  g_assert_null (lw_round_from_json (record, "{\"declarer\":null,\"cards\":[1,2]}", -1, 4, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "round 4: "));
  g_clear_error (&error);
  g_assert_null (lw_round_from_json (record, "{\"worm\":[0,0]}", -1, 2, &error));
  lw_test_assert_error_clear (&error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_null (lw_round_from_json (record, "", 0, 2, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/edit/R18-floor-later", test_floor);
  g_test_add_func ("/edit/R20a-forfeited-deal", test_forfeited_deal);
  g_test_add_func ("/edit/R23-skunk", test_skunk);
  g_test_add_func ("/edit/R23-R25-ends-earlier-refused", test_ends_earlier_refused);
  g_test_add_func ("/edit/insert-delete", test_insert_delete);
  g_test_add_func ("/edit/refused", test_refused);
  g_test_add_func ("/edit/round-json", test_round_json);

  return g_test_run ();
}
