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

/* Every output of the standings is written, and the statistics taken. */
static void
write_outputs (const LwGameRecord *record,
               const LwStandings  *standings)
{
  g_autofree char *text = lw_standings_to_text (record, standings);
  g_autofree char *csv = lw_csv_score_sheet (record, standings);
  LwStatsGame game = { NULL };
  g_autoptr (GPtrArray) stats = NULL;

  g_assert (text != NULL && csv != NULL);
  game.record = record;
  game.standings = standings;
  stats = lw_stats_compute (&game, 1, 1);
}

/* Written back, the record reads to the same game: the standings JSON of
 * the record read again is @json. */
static void
assert_reads_back (const LwGameRecord *record,
                   const char         *json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStandings) again = lw_standings_read (lw_game_record_to_json (record), -1,
                                                     NULL, &error);
  g_autofree char *json_again = NULL;

  g_assert_no_error (error);
  json_again = lw_standings_to_json (again);
  g_assert_cmpstr (json, ==, json_again);
}

void
lw_fuzz_replay (const uint8_t *data,
                size_t         size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autofree char *json = NULL;

  char *text = g_malloc (size + 1);

  /* A copy, as the reader is given the text to free (even an empty one). */
  memcpy (text, data, size);
  text[size] = '\0';
  standings = lw_standings_read (text, (gssize) size, &record, &error);
  if (standings == NULL)
    {
      g_assert (error != NULL && error->message != NULL);
      return;
    }
  g_assert_no_error (error);

  json = lw_standings_to_json (standings);
  g_assert (json != NULL);
  write_outputs (record, standings);
  assert_reads_back (record, json);

  /* Deleting the last round always gives a game the engine accepts. */
  if (record->rounds->len > 0)
    {
      LwEdit edit = { LW_EDIT_DELETE, record->rounds->len, NULL };
      LwEditResult *result = lw_edit_apply (record, &edit, &error);

      g_assert_no_error (error);
      lw_edit_result_free (result);
    }
}
