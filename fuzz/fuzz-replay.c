/* fuzz-replay.c — one input through the game-record reader and the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "fuzz-replay.h"
#include "lw-csv.h"
#include "lw-edit.h"
#include "lw-engine.h"
#include "lw-stats.h"

void
lw_fuzz_replay (const uint8_t *data,
                size_t         size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwGameRecord) again = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (LwStandings) standings_again = NULL;
  g_autofree char *json = NULL;
  g_autofree char *text = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *record_json = NULL;
  g_autofree char *json_again = NULL;
  g_autoptr (GPtrArray) stats = NULL;
  LwStatsGame game = { NULL };

  record = lw_game_record_from_json ((const char *) data, (gssize) size, &error);
  if (record == NULL)
    {
      g_assert (error != NULL && error->message != NULL);
      return;
    }
  g_assert_no_error (error);

  standings = lw_standings_compute (record, &error);
  if (standings == NULL)
    {
      g_assert (error != NULL);
      return;
    }

  json = lw_standings_to_json (standings);
  text = lw_standings_to_text (record, standings);
  csv = lw_csv_score_sheet (record, standings);
  g_assert (json != NULL && text != NULL && csv != NULL);

  game.record = record;
  game.standings = standings;
  stats = lw_stats_compute (&game, 1, 1);

  /* Written back, the record reads to the same game. */
  record_json = lw_game_record_to_json (record);
  again = lw_game_record_from_json (record_json, -1, &error);
  g_assert_no_error (error);
  standings_again = lw_standings_compute (again, &error);
  g_assert_no_error (error);
  json_again = lw_standings_to_json (standings_again);
  g_assert_cmpstr (json, ==, json_again);

  /* Deleting the last round always gives a game the engine accepts. */
  if (record->rounds->len > 0)
    {
      LwEdit edit = { LW_EDIT_DELETE, record->rounds->len, NULL };
      LwEditResult *result = lw_edit_apply (record, &edit, &error);

      g_assert_no_error (error);
      lw_edit_result_free (result);
    }
}
