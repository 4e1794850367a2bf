/* test-score-extend.c — scoring only a game's new rounds gives what a
 * whole replay gives; the replay counter counts whole replays
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-score.h"
#include "lw-score-private.h"
#include "lw-test-util.h"

/* Every shared scoring case that replays: for each split of its rounds,
 * the standings of the first rounds extended by the rest are the whole
 * replay's, to the last item (compared as standings JSON). */
static void
test_cases (void)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths ("scoring", "");
  guint checked = 0;

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autofree char *name = g_path_get_basename (path);
      g_autofree char *text = NULL;
      g_autoptr (LwGameRecord) record = NULL;
      g_autoptr (LwStandings) whole = NULL;
      g_autofree char *want = NULL;

      if (g_str_has_prefix (name, "BAD-"))
        continue;
      text = lw_test_read_file (path);
      record = lw_game_record_from_json (text, -1, NULL);
      if (record == NULL || (whole = lw_standings_compute (record, NULL)) == NULL)
        continue;
      want = lw_standings_to_json (whole);

      for (guint split = 0; split <= record->rounds->len; split++)
        {
          g_autoptr (LwGameRecord) prefix = lw_game_record_copy (record);
          g_autoptr (LwStandings) first = NULL;
          g_autoptr (LwStandings) extended = NULL;
          g_autoptr (GError) error = NULL;
          g_autofree char *got = NULL;

          g_ptr_array_set_size (prefix->rounds, split);
          first = lw_standings_compute (prefix, &error);
          g_assert_no_error (error);
          g_assert_true (lw_game_record_extends (record, prefix));
          extended = lw_standings_extend (first, record, &error);
          g_assert_no_error (error);
          got = lw_standings_to_json (extended);
          g_assert_cmpstr (got, ==, want);
          /* The standings extended are left as they were. */
          g_assert_cmpuint (first->rounds->len, ==, split);
        }
      checked++;
    }
  g_assert_cmpuint (checked, >=, 20);
}

#define GAME "{'format':'little-wolf/game','version':1,'players':['Ann','Ben'],'rounds':[" \
             "{'declarer':null,'cards':[13,13]},{'declarer':null,'cards':[20,6]}]}"

/* A record with another round in the middle, other players or another
 * target does not extend the first rounds. */
static void
test_extends (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (GAME);
  g_autoptr (LwGameRecord) prefix = lw_game_record_copy (record);
  g_autoptr (LwGameRecord) other_round = lw_game_record_copy (record);
  g_autoptr (LwGameRecord) other_target = lw_game_record_copy (record);
  g_autoptr (LwGameRecord) longer = lw_game_record_copy (record);
  LwRound *first;

  g_ptr_array_set_size (prefix->rounds, 1);
  g_assert_true (lw_game_record_extends (record, prefix));
  g_assert_true (lw_game_record_extends (record, record));
  g_assert_false (lw_game_record_extends (prefix, record));

  first = g_ptr_array_index (other_round->rounds, 0);
  first->cards[0] = 14;
  first->cards[1] = 12;
  g_assert_false (lw_game_record_extends (record, other_round));

  other_target->target = record->target + 1;
  g_assert_false (lw_game_record_extends (record, other_target));

  g_ptr_array_add (longer->rounds, lw_round_copy (g_ptr_array_index (record->rounds, 0)));
  g_assert_true (lw_game_record_extends (longer, record));
}

/* A new round that breaks a rule is refused in the whole replay's words. */
static void
test_extend_refused (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (GAME);
  g_autoptr (LwStandings) standings = lw_standings_compute (record, NULL);
  g_autoptr (LwRound) bad = lw_test_round_from (record, "{'declarer':null,'cards':[13,13]}");
  g_autoptr (LwStandings) extended = NULL;
  g_autoptr (GError) error = NULL;

  bad->cards[0] = 20;
  g_ptr_array_add (record->rounds, g_steal_pointer (&bad));
  extended = lw_standings_extend (standings, record, &error);
  g_assert_null (extended);
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "round 3: "));
}

/* The counter counts lw_standings_compute(), not lw_standings_extend(). */
static void
test_replay_count (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (GAME);
  guint before = lw_score_get_replay_count ();
  g_autoptr (LwStandings) standings = lw_standings_compute (record, NULL);
  g_autoptr (LwStandings) extended = NULL;

  g_assert_cmpuint (lw_score_get_replay_count (), ==, before + 1);
  extended = lw_standings_extend (standings, record, NULL);
  g_assert_nonnull (extended);
  g_assert_cmpuint (lw_score_get_replay_count (), ==, before + 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/score-extend/cases", test_cases);
  g_test_add_func ("/score-extend/extends", test_extends);
  g_test_add_func ("/score-extend/refused", test_extend_refused);
  g_test_add_func ("/score-extend/replay-count", test_replay_count);

  return g_test_run ();
}
