/* lw-edit.h — correcting a past round: what the whole game looks like after
 * an edit, and which later rounds it changes (SCORING R18–R25)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-record.h"
#include "lw-score.h"

G_BEGIN_DECLS

/**
 * LwEditKind:
 * @LW_EDIT_REPLACE: round @number is replaced by a new round
 * @LW_EDIT_INSERT: a new round is inserted before round @number (so it
 *   becomes round @number); @number = rounds + 1 appends
 * @LW_EDIT_DELETE: round @number is removed; later rounds move up by one
 */
typedef enum {
  LW_EDIT_REPLACE,
  LW_EDIT_INSERT,
  LW_EDIT_DELETE,
} LwEditKind;

/**
 * LwEdit:
 * @kind: what is done
 * @number: the 1-based round number it is done at: 1..rounds for
 *   %LW_EDIT_REPLACE and %LW_EDIT_DELETE, 1..rounds+1 for %LW_EDIT_INSERT
 * @round: (nullable): the new round's facts for %LW_EDIT_REPLACE and
 *   %LW_EDIT_INSERT (borrowed, copied by lw_edit_apply()); %NULL for
 *   %LW_EDIT_DELETE
 *
 * One correction to a game record.
 */
typedef struct {
  LwEditKind     kind;
  guint          number;
  const LwRound *round;
} LwEdit;

/**
 * LwEditResult:
 * @record: (transfer full): the record after the edit
 * @standings: (transfer full): its standings (the whole game replayed)
 * @old_standings: (transfer full): the standings of the record before it
 * @changed: (element-type guint): the 1-based numbers, in the new record,
 *   of the rounds after the edited place whose dealer, deltas or scores
 *   differ from the same round before the edit (the round that followed
 *   the edited place before is compared with the one that follows it
 *   after), ascending
 * @finished_changed: whether the game is over changed
 * @winner_changed: the winning side changed (including from or to none)
 * @skunk_changed: whether the win is a skunk changed (R23)
 * @dealers_rewritten: (element-type guint): the 1-based numbers, in the new
 *   record, of later rounds whose written dealer check was rewritten to the
 *   new rotation (see lw_edit_apply())
 *
 * What an edit does to the whole game. Free with lw_edit_result_free().
 */
typedef struct {
  LwGameRecord *record;
  LwStandings  *standings;
  LwStandings  *old_standings;
  GArray       *changed;
  gboolean      finished_changed;
  gboolean      winner_changed;
  gboolean      skunk_changed;
  GArray       *dealers_rewritten;
} LwEditResult;

/**
 * lw_edit_apply:
 * @record: a valid game record (lw_standings_compute() accepts it); not
 *   changed
 * @edit: the edit
 * @error: return location for a #GError
 *
 * Applies @edit to a copy of @record and replays the whole game through
 * the engine, so the zero floor (R18), in-round penalties and forfeited
 * deals (R19, R20, R20a), void rounds (R21), pegging (R22) and the game end
 * (R23–R25) are all recomputed from the edited place on. Then compares the
 * old and new standings round by round (see #LwEditResult).
 *
 * A round's `dealer` (docs/rules/GAME-RECORD.md) is a check of the rotation. The new
 * round's own check is kept and checked. The checks of the rounds after the
 * edited place were written against the old rotation; when the edit moves
 * the deal (R20, R20a, R21), each such check is rewritten to the seat that
 * deals the round in the new replay, and its number is listed in
 * @dealers_rewritten. Undoing the edit rewrites them back.
 *
 * Errors:
 * - %LW_ENGINE_ERROR_INVALID: @number out of range ("round 7: no such
 *   round, the game has 5"), a missing @round, or a record the engine
 *   refuses after the edit (the new round's facts, its dealer check); the
 *   message names the edit and the engine's place, e.g. "replacing round 3:
 *   round 3: cards sum to 25, expected 26 (2 players × 13)";
 * - %LW_ENGINE_ERROR_GAME_OVER: after the edit the game ends before its
 *   last round (R23–R25), so later rounds would follow the end: "replacing
 *   round 2: the game would end after round 4 (Ann won), but rounds 5–9
 *   follow; delete them first".
 *
 * Returns: (transfer full) (nullable): the result, or %NULL on error.
 */
LwEditResult *lw_edit_apply (const LwGameRecord  *record,
                             const LwEdit        *edit,
                             GError             **error);

/**
 * lw_edit_ends_game_at:
 * @record: a valid game record; not changed
 * @edit: the edit
 * @end: (out): the round after which the edited game ends, 1-based in
 *   the edited record; 0 when the function returns %FALSE
 *
 * Tells whether lw_edit_apply() refuses @edit only because the game would
 * then end before its last round (%LW_ENGINE_ERROR_GAME_OVER, SCORING
 * R23–R25), and where it ends: deleting the rounds after @end and then
 * applying @edit is accepted (the rounds up to @end replay as the edited
 * game). For a penalty fix that ends the game early.
 *
 * Returns: %TRUE when the edit ends the game after round @end, before
 *   later rounds; %FALSE when @edit is accepted as it is or refused for
 *   another reason.
 */
gboolean lw_edit_ends_game_at (const LwGameRecord  *record,
                               const LwEdit        *edit,
                               guint               *end);

/**
 * lw_edit_result_free:
 * @result: (nullable): a result
 */
void lw_edit_result_free (LwEditResult *result);

/**
 * lw_edit_kind_to_string:
 * @kind: an edit kind
 *
 * Returns: (transfer none): "replace_round", "insert_round" or
 *   "delete_round".
 */
const char *lw_edit_kind_to_string (LwEditKind kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwEditResult, lw_edit_result_free)

G_END_DECLS
