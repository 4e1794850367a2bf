/* lw-record-write.c — writing a game record's JSON, streamed, indented or
 * one round; its length and size check (docs/rules/GAME-RECORD.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-error.h"
#include "lw-json-text.h"
#include "lw-record.h"
#include "lw-record-private.h"

/* ------------------------------------------------------------------ */
/* Writing JSON */

static void
add_per_seat (JsonBuilder        *builder,
              const LwGameRecord *record,
              const char         *key,
              const int          *counts,
              gboolean            always)
{
  gboolean any = always;

  for (guint i = 0; i < record->n_players && !any; i++)
    any = counts[i] != 0;
  if (!any)
    return;

  json_builder_set_member_name (builder, key);
  json_builder_begin_array (builder);
  for (guint i = 0; i < record->n_players; i++)
    json_builder_add_int_value (builder, counts[i]);
  json_builder_end_array (builder);
}

static void
add_round (JsonBuilder        *builder,
           const LwGameRecord *record,
           const LwRound      *round)
{
  json_builder_begin_object (builder);

  if (record->ruleset == LW_RULESET_GARWOLF)
    {
      add_per_seat (builder, record, "court", round->court, TRUE);
      add_per_seat (builder, record, "garwolves", round->garwolves, TRUE);
      json_builder_end_object (builder);
      return;
    }

  if (round->is_void)
    {
      json_builder_set_member_name (builder, "void");
      json_builder_add_string_value (builder, "dealer_did_not_discard");
    }
  else
    {
      gboolean any_unpegged = FALSE;

      if (round->dealer != LW_NO_SEAT)
        {
          json_builder_set_member_name (builder, "dealer");
          json_builder_add_int_value (builder, round->dealer);
        }
      json_builder_set_member_name (builder, "declarer");
      if (round->declarer == LW_NO_SEAT)
        json_builder_add_null_value (builder);
      else
        json_builder_add_int_value (builder, round->declarer);
      add_per_seat (builder, record, "cards", round->cards, TRUE);
      if (round->all_but_last)
        {
          json_builder_set_member_name (builder, "all_but_last");
          json_builder_add_boolean_value (builder, TRUE);
        }
      add_per_seat (builder, record, "worms", round->worms, FALSE);
      add_per_seat (builder, record, "gongs", round->gongs, FALSE);
      add_per_seat (builder, record, "bears", round->bears, FALSE);
      add_per_seat (builder, record, "wolves", round->wolves, FALSE);

      for (guint i = 0; i < record->n_players; i++)
        any_unpegged |= round->unpegged[i];
      if (any_unpegged)
        {
          json_builder_set_member_name (builder, "unpegged");
          json_builder_begin_array (builder);
          for (guint i = 0; i < record->n_players; i++)
            if (round->unpegged[i])
              json_builder_add_int_value (builder, i);
          json_builder_end_array (builder);
        }
    }

  if (round->penalties->len > 0)
    {
      json_builder_set_member_name (builder, "penalties");
      json_builder_begin_array (builder);
      for (guint i = 0; i < round->penalties->len; i++)
        {
          const LwPenalty *penalty = &g_array_index (round->penalties, LwPenalty, i);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "seat");
          json_builder_add_int_value (builder, penalty->seat);
          json_builder_set_member_name (builder, "kind");
          json_builder_add_string_value (builder, lw_penalty_kind_to_string (penalty->kind));
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }

  json_builder_end_object (builder);
}

/* The details that are given, or nothing when none is. */
static void
add_details (JsonBuilder         *builder,
             const LwGameDetails *details)
{
  gboolean event = details->event_name != NULL || details->event_round > 0
                   || details->event_table > 0 || details->event_board > 0;

  if (details->played_at == 0 && details->place == NULL && details->notes == NULL && !event)
    return;
  json_builder_set_member_name (builder, "details");
  json_builder_begin_object (builder);
  if (details->played_at != 0)
    {
      g_autoptr (GDateTime) time = g_date_time_new_from_unix_utc (details->played_at);
      g_autofree char *text = time != NULL ? g_date_time_format (time, "%Y-%m-%dT%H:%M:%SZ") : NULL;

      if (text != NULL)
        {
          json_builder_set_member_name (builder, "played_at");
          json_builder_add_string_value (builder, text);
        }
    }
  if (details->place != NULL)
    {
      json_builder_set_member_name (builder, "place");
      json_builder_add_string_value (builder, details->place);
    }
  if (details->notes != NULL)
    {
      json_builder_set_member_name (builder, "notes");
      json_builder_add_string_value (builder, details->notes);
    }
  if (event)
    {
      json_builder_set_member_name (builder, "event");
      json_builder_begin_object (builder);
      if (details->event_name != NULL)
        {
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, details->event_name);
        }
      if (details->event_round > 0)
        {
          json_builder_set_member_name (builder, "round");
          json_builder_add_int_value (builder, details->event_round);
        }
      if (details->event_table > 0)
        {
          json_builder_set_member_name (builder, "table");
          json_builder_add_int_value (builder, details->event_table);
        }
      if (details->event_board > 0)
        {
          json_builder_set_member_name (builder, "board");
          json_builder_add_int_value (builder, details->event_board);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);
}

/* The house rules that differ from the defaults, and the rule set's name. */
static void
add_house_rules (JsonBuilder        *builder,
                 const LwGameRecord *record)
{
  if (record->rule_set != NULL)
    {
      json_builder_set_member_name (builder, "rule_set");
      json_builder_add_string_value (builder, record->rule_set);
    }
  if (record->ruleset == LW_RULESET_LITTLE_WOLF && record->run_fill != LW_RUN_FILL_INSIDE_OR_END)
    {
      json_builder_set_member_name (builder, "run_fill");
      json_builder_add_string_value (builder, lw_run_fill_to_string (record->run_fill));
    }
  if (record->ruleset == LW_RULESET_LITTLE_WOLF && record->over_trump != LW_OVER_TRUMP_WINNING_PLAY)
    {
      json_builder_set_member_name (builder, "over_trump");
      json_builder_add_string_value (builder, lw_over_trump_to_string (record->over_trump));
    }
  if (record->ruleset == LW_RULESET_GARWOLF && record->king_and_knave)
    {
      json_builder_set_member_name (builder, "king_and_knave");
      json_builder_add_boolean_value (builder, TRUE);
    }
}

/* The record without its rounds ("rounds": []), for lw_json_write_streamed(). */
static JsonNode *
record_head (const LwGameRecord *record)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, FORMAT_NAME);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, FORMAT_VERSION);
  if (record->id != NULL)
    {
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, record->id);
    }
  add_details (builder, &record->details);
  json_builder_set_member_name (builder, "ruleset");
  json_builder_add_string_value (builder, lw_ruleset_to_string (record->ruleset));

  json_builder_set_member_name (builder, "rules");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "start_score");
  json_builder_add_int_value (builder, record->start_score);
  json_builder_set_member_name (builder, "target");
  json_builder_add_int_value (builder, record->target);
  if (record->ruleset == LW_RULESET_LITTLE_WOLF)
    {
      json_builder_set_member_name (builder, "skunk");
      json_builder_add_int_value (builder, record->skunk);
    }
  add_house_rules (builder, record);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint i = 0; i < record->n_players; i++)
    json_builder_add_string_value (builder, record->players[i]);
  json_builder_end_array (builder);

  if (record->n_teams > 0)
    {
      json_builder_set_member_name (builder, "teams");
      json_builder_begin_array (builder);
      for (guint t = 0; t < record->n_teams; t++)
        {
          json_builder_begin_array (builder);
          for (guint seat = 0; seat < record->n_players; seat++)
            if (record->team_of[seat] == (int) t)
              json_builder_add_int_value (builder, seat);
          json_builder_end_array (builder);
        }
      json_builder_end_array (builder);
    }

  if (record->substitutes != NULL && record->substitutes->len > 0)
    {
      json_builder_set_member_name (builder, "substitutes");
      json_builder_begin_array (builder);
      for (guint i = 0; i < record->substitutes->len; i++)
        {
          const LwSubstitute *sub = g_ptr_array_index (record->substitutes, i);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "seat");
          json_builder_add_int_value (builder, sub->seat);
          json_builder_set_member_name (builder, "from_round");
          json_builder_add_int_value (builder, sub->from_round);
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, sub->name);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }

  json_builder_set_member_name (builder, "first_dealer");
  json_builder_add_int_value (builder, record->first_dealer);

  /* Filled one round at a time as it is written. */
  json_builder_set_member_name (builder, "rounds");
  json_builder_begin_array (builder);
  json_builder_end_array (builder);

  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static JsonNode *
round_node (guint    index,
            gpointer user_data)
{
  const LwGameRecord *record = user_data;
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  add_round (builder, record, g_ptr_array_index (record->rounds, index));
  return json_builder_get_root (builder);
}

gboolean
lw_game_record_write_json (const LwGameRecord  *record,
                           gboolean             pretty,
                           LwJsonWriteFunc      write,
                           gpointer             write_data,
                           GError             **error)
{
  g_autoptr (JsonNode) head = NULL;

  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (write != NULL, FALSE);

  head = record_head (record);
  return lw_json_write_streamed (head, "rounds", record->rounds->len, round_node,
                                 (gpointer) record, pretty, write, write_data, error);
}

char *
lw_game_record_to_json (const LwGameRecord *record)
{
  GString *out;

  g_return_val_if_fail (record != NULL, NULL);

  out = g_string_new (NULL);
  lw_game_record_write_json (record, TRUE, lw_json_write_to_string, out, NULL);
  return g_string_free (out, FALSE);
}

static gboolean
count_bytes (const char  *text,
             gsize        length,
             gpointer     user_data,
             GError     **error)
{
  guint64 *total = user_data;

  (void) text;
  (void) error;
  *total += length;
  return TRUE;
}

guint64
lw_game_record_json_length (const LwGameRecord *record,
                            gboolean            pretty)
{
  guint64 total = 0;

  g_return_val_if_fail (record != NULL, 0);

  lw_game_record_write_json (record, pretty, count_bytes, &total, NULL);
  return total;
}

gboolean
lw_game_record_export_indented (const LwGameRecord *record)
{
  g_return_val_if_fail (record != NULL, TRUE);

  return lw_game_record_json_length (record, TRUE) <= LW_GAME_RECORD_MAX_BYTES;
}

/* More bytes than any round takes without white space: the keys (under
 * 160 bytes with their punctuation), 10 per count of each seat in each of
 * the 8 per-seat lists, 48 per penalty; checked against the writer by
 * test-score. */
static guint64
round_length_bound (const LwGameRecord *record,
                    const LwRound      *round)
{
  return 200 + 80 * (guint64) record->n_players + 48 * (guint64) round->penalties->len;
}

gboolean
lw_game_record_check_size (const LwGameRecord  *record,
                           GError             **error)
{
  guint64 bound = 1024, length;

  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Quick when far from the limit: a bound, not the text. */
  for (guint i = 0; i < record->n_players; i++)
    bound += 6 * (guint64) strlen (record->players[i]) + 8;
  for (guint i = 0; record->substitutes != NULL && i < record->substitutes->len; i++)
    bound += 6 * (guint64) strlen (((LwSubstitute *) g_ptr_array_index (record->substitutes, i))->name) + 64;
  bound += 6 * (guint64) (strlen (record->details.notes ? record->details.notes : "")
                          + strlen (record->details.place ? record->details.place : "")
                          + strlen (record->details.event_name ? record->details.event_name : "")
                          + strlen (record->rule_set ? record->rule_set : "")) + 256;
  for (guint i = 0; i < record->rounds->len && bound <= LW_GAME_RECORD_MAX_BYTES; i++)
    bound += round_length_bound (record, g_ptr_array_index (record->rounds, i));
  if (bound <= LW_GAME_RECORD_MAX_BYTES)
    return TRUE;

  length = lw_game_record_json_length (record, FALSE);
  if (length <= LW_GAME_RECORD_MAX_BYTES)
    return TRUE;
  g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
               "the game record of %u rounds takes %.1f MiB even without white space, "
               "more than the %d MiB a game record may take",
               record->rounds->len, (double) length / (1024 * 1024),
               LW_GAME_RECORD_MAX_BYTES / (1024 * 1024));
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* One round's JSON */

char *
lw_round_to_json (const LwGameRecord *record,
                  const LwRound      *round)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (round != NULL, NULL);

  add_round (builder, record, round);
  return lw_json_builder_to_text (builder);
}
