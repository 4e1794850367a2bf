/* lw-edit.c — correcting a past round (SCORING R18–R25 replayed)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-edit.h"
#include "lw-error.h"

/* Each kind's name in the edit log and its words in messages ("deleting
 * round 3: …"), at the index of its value. */
static const struct {
  const char *name;
  const char *verb;
} kind_words[] = {
  [LW_EDIT_REPLACE] = { "replace_round", "replacing round" },
  [LW_EDIT_INSERT] = { "insert_round", "inserting a round before round" },
  [LW_EDIT_DELETE] = { "delete_round", "deleting round" },
};

/* @kind's place in kind_words: any value but an insert or a deletion is a
 * replacement, as it always was. */
static guint
kind_index (LwEditKind kind)
{
  return (guint) kind < G_N_ELEMENTS (kind_words) ? (guint) kind : LW_EDIT_REPLACE;
}

const char *
lw_edit_kind_to_string (LwEditKind kind)
{
  return kind_words[kind_index (kind)].name;
}

void
lw_edit_result_free (LwEditResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->record, lw_game_record_free);
  g_clear_pointer (&result->standings, lw_standings_free);
  g_clear_pointer (&result->old_standings, lw_standings_free);
  g_clear_pointer (&result->changed, g_array_unref);
  g_clear_pointer (&result->dealers_rewritten, g_array_unref);
  g_free (result);
}

static const char *
edit_verb (LwEditKind kind)
{
  return kind_words[kind_index (kind)].verb;
}

static gboolean
round_results_differ (const LwRoundResult *a,
                      const LwRoundResult *b,
                      guint                n_sides)
{
  if (a->dealer != b->dealer || a->is_void != b->is_void)
    return TRUE;
  for (guint s = 0; s < n_sides; s++)
    if (a->deltas[s] != b->deltas[s] || a->scores[s] != b->scores[s])
      return TRUE;
  return FALSE;
}

/* The round after which @edited (a record the engine refuses because
 * rounds follow its end) ends: the rounds up to there replay without
 * error. @ended is set to the standings up to there. */
static guint
ended_after (const LwGameRecord  *edited,
             LwStandings        **ended)
{
  g_autoptr (LwGameRecord) head = lw_game_record_copy (edited);
  guint n = edited->rounds->len;
  guint end;

  g_ptr_array_set_size (head->rounds, 0);
  for (end = 1; end <= n; end++)
    {
      g_clear_pointer (ended, lw_standings_free);
      g_ptr_array_add (head->rounds, lw_round_copy (g_ptr_array_index (edited->rounds, end - 1)));
      *ended = lw_standings_compute (head, NULL);
      if (*ended == NULL || (*ended)->finished)
        break;
    }
  return end;
}

LwEditResult *
lw_edit_apply (const LwGameRecord  *record,
               const LwEdit        *edit,
               GError             **error)
{
  g_autoptr (LwEditResult) result = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autofree gboolean *had_check = NULL;
  guint n_old, n_new, first_later;
  int shift;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (edit != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  n_old = record->rounds->len;
  if (edit->number < 1
      || edit->number > n_old + (edit->kind == LW_EDIT_INSERT ? 1 : 0))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "round %u: no such round, the game has %u", edit->number, n_old);
      return NULL;
    }
  if (edit->kind != LW_EDIT_DELETE && edit->round == NULL)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s %u: the new round is missing", edit_verb (edit->kind), edit->number);
      return NULL;
    }

  result = g_new0 (LwEditResult, 1);
  result->changed = g_array_new (FALSE, FALSE, sizeof (guint));
  result->dealers_rewritten = g_array_new (FALSE, FALSE, sizeof (guint));

  result->old_standings = lw_standings_compute (record, error);
  if (result->old_standings == NULL)
    return NULL;

  result->record = lw_game_record_copy (record);
  switch (edit->kind)
    {
    case LW_EDIT_REPLACE:
      lw_round_free (g_ptr_array_index (result->record->rounds, edit->number - 1));
      g_ptr_array_index (result->record->rounds, edit->number - 1) = lw_round_copy (edit->round);
      break;
    case LW_EDIT_INSERT:
      g_ptr_array_insert (result->record->rounds, (int) edit->number - 1,
                          lw_round_copy (edit->round));
      break;
    case LW_EDIT_DELETE:
    default:
      g_ptr_array_remove_index (result->record->rounds, edit->number - 1);
      break;
    }
  n_new = result->record->rounds->len;

  /* What the store keeps, export writes within the limit import reads. */
  if (edit->kind != LW_EDIT_DELETE && !lw_game_record_check_size (result->record, error))
    return NULL;

  /* The rounds after the edited place, in the new record: from here on the
   * written dealer checks follow the new rotation. */
  first_later = edit->kind == LW_EDIT_DELETE ? edit->number : edit->number + 1;
  shift = edit->kind == LW_EDIT_INSERT ? 1 : edit->kind == LW_EDIT_DELETE ? -1 : 0;
  had_check = g_new0 (gboolean, n_new + 1);
  for (guint number = first_later; number <= n_new; number++)
    {
      LwRound *round = g_ptr_array_index (result->record->rounds, number - 1);

      had_check[number] = round->dealer != LW_NO_SEAT;
      round->dealer = LW_NO_SEAT;
    }

  result->standings = lw_standings_compute (result->record, &local_error);
  if (result->standings == NULL)
    {
      if (g_error_matches (local_error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER))
        {
          g_autoptr (LwStandings) ended = NULL;
          guint end = ended_after (result->record, &ended);

          g_assert (ended != NULL && ended->finished && end < n_new);

          if (end + 1 == n_new)
            g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER,
                         "%s %u: the game would end after round %u (%s won), "
                         "but round %u follows; delete it first",
                         edit_verb (edit->kind), edit->number, end,
                         (const char *) g_ptr_array_index (ended->sides, ended->winner),
                         n_new);
          else
            g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER,
                         "%s %u: the game would end after round %u (%s won), "
                         "but rounds %u–%u follow; delete them first",
                         edit_verb (edit->kind), edit->number, end,
                         (const char *) g_ptr_array_index (ended->sides, ended->winner),
                         end + 1, n_new);
        }
      else
        g_set_error (error, local_error->domain, local_error->code,
                     "%s %u: %s", edit_verb (edit->kind), edit->number,
                     local_error->message);
      return NULL;
    }

  /* Write the checks back, as the new rotation has them. */
  for (guint number = first_later; number <= n_new; number++)
    if (had_check[number])
      {
        LwRound *round = g_ptr_array_index (result->record->rounds, number - 1);
        const LwRoundResult *now = g_ptr_array_index (result->standings->rounds, number - 1);
        const LwRound *before = g_ptr_array_index (record->rounds, (guint) ((int) number - 1 - shift));

        round->dealer = now->dealer;
        if (before->dealer != now->dealer)
          g_array_append_val (result->dealers_rewritten, number);
      }

  for (guint number = first_later; number <= n_new; number++)
    {
      const LwRoundResult *now = g_ptr_array_index (result->standings->rounds, number - 1);
      const LwRoundResult *then =
        g_ptr_array_index (result->old_standings->rounds, (guint) ((int) number - 1 - shift));

      if (round_results_differ (now, then, result->standings->n_sides))
        g_array_append_val (result->changed, number);
    }

  result->finished_changed = result->standings->finished != result->old_standings->finished;
  result->winner_changed = result->standings->winner != result->old_standings->winner;
  result->skunk_changed = result->standings->skunk != result->old_standings->skunk;

  return g_steal_pointer (&result);
}

gboolean
lw_edit_ends_game_at (const LwGameRecord  *record,
                      const LwEdit        *edit,
                      guint               *end)
{
  g_autoptr (LwEditResult) result = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) edited = NULL;
  g_autoptr (LwStandings) ended = NULL;
  guint first_later;

  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (edit != NULL, FALSE);
  g_return_val_if_fail (end != NULL, FALSE);

  *end = 0;
  result = lw_edit_apply (record, edit, &error);
  if (result != NULL || !g_error_matches (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER))
    return FALSE;

  /* The edited record as lw_edit_apply() replayed it: later dealer checks
   * follow the new rotation. */
  edited = lw_game_record_copy (record);
  switch (edit->kind)
    {
    case LW_EDIT_REPLACE:
      lw_round_free (g_ptr_array_index (edited->rounds, edit->number - 1));
      g_ptr_array_index (edited->rounds, edit->number - 1) = lw_round_copy (edit->round);
      break;
    case LW_EDIT_INSERT:
      g_ptr_array_insert (edited->rounds, (int) edit->number - 1, lw_round_copy (edit->round));
      break;
    case LW_EDIT_DELETE:
    default:
      g_ptr_array_remove_index (edited->rounds, edit->number - 1);
      break;
    }
  first_later = edit->kind == LW_EDIT_DELETE ? edit->number : edit->number + 1;
  for (guint number = first_later; number <= edited->rounds->len; number++)
    ((LwRound *) g_ptr_array_index (edited->rounds, number - 1))->dealer = LW_NO_SEAT;

  *end = ended_after (edited, &ended);
  return ended != NULL && ended->finished && *end < edited->rounds->len;
}
