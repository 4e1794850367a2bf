/* lw-round-form-private.h — what the UI tests read of lw-round-form.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-round-form.h"

G_BEGIN_DECLS

/**
 * lw_round_form_get_check_count:
 *
 * How many times a round form has asked the engine for its verdict on
 * its round (lw_round_validate() with the round scored, or
 * lw_edit_apply() for a correction) in this process: for tests, which
 * take the count before and after an operation to count the checks it
 * costs (as lw_score_get_replay_count() counts replays).
 *
 * Returns: the count since the program started.
 */
guint lw_round_form_get_check_count (void);

/** Adds a penalty row for @seat and @kind, after those there. */
void lw_round_form_add_penalty (LwRoundForm   *self,
                                int            seat,
                                LwPenaltyKind  kind);

/** Returns: (transfer none): the declarers offered, "Nobody declared" first. */
GListModel *lw_round_form_get_declarer_model (LwRoundForm *self);

/** Returns: whether the error shows with the counts, below the seats' rows (else above the button). */
gboolean lw_round_form_get_error_beside_totals (LwRoundForm *self);

/** Returns: (transfer none): the inline error, "" when there is none. */
const char *lw_round_form_get_error_text (LwRoundForm *self);

/** Returns: the number of penalty rows. */
guint lw_round_form_get_n_penalties (LwRoundForm *self);

/** Returns: (transfer none) (nullable): penalty row @index, 0 the first. */
LwPenaltyRow *lw_round_form_get_penalty_row (LwRoundForm *self,
                                             guint        index);

/** Returns: (transfer none): the preview of what the round scores, "" when hidden. */
const char *lw_round_form_get_preview_text (LwRoundForm *self);

/** Returns: (transfer none) (nullable): the row of @seat. */
LwSeatRow *lw_round_form_get_seat_row (LwRoundForm *self,
                                       guint        seat);

/** Returns: (transfer none): the submit button's label ("_Add Round", "_Add Hand"). */
const char *lw_round_form_get_submit_label (LwRoundForm *self);

/** Returns: (transfer none): the live totals check, e.g. "20 of 26 cards · 6 to go". */
const char *lw_round_form_get_totals_text (LwRoundForm *self);

/** Returns: %TRUE when the round as entered can be added. */
gboolean lw_round_form_get_valid (LwRoundForm *self);

/** Every count back to 0, nobody declared, no penalties. */
void lw_round_form_reset (LwRoundForm *self);

void lw_round_form_set_all_but_last (LwRoundForm *self,
                                     gboolean     all_but_last);

/**
 * lw_round_form_set_declarer:
 * @self: the form
 * @seat: a seat, or %LW_NO_SEAT for "nobody declared"
 */
void lw_round_form_set_declarer (LwRoundForm *self,
                                 int          seat);

void lw_round_form_set_void (LwRoundForm *self,
                             gboolean     is_void);

/**
 * lw_round_form_build_round:
 * @self: the form
 *
 * Returns: (transfer full): the round as entered so far (not checked).
 */
LwRound *lw_round_form_build_round (LwRoundForm *self);

G_END_DECLS
