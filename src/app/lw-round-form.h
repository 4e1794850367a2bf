/* lw-round-form.h — entering one round: declarer, cards and Den cards per
 * seat (Court cards and Garwolves in Garwolf), penalties, pegging, void
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-engine.h"
#include "lw-seat-row.h"

G_BEGIN_DECLS

#define LW_TYPE_ROUND_FORM (lw_round_form_get_type ())
G_DECLARE_FINAL_TYPE (LwRoundForm, lw_round_form, LW, ROUND_FORM, AdwBin)

/**
 * lw_round_form_set_game:
 * @self: the form
 * @record: the game so far; copied
 * @standings: its standings (for the round's number and dealer)
 *
 * Makes the form ready for the next round of @record, every count 0.
 */
void lw_round_form_set_game (LwRoundForm        *self,
                             const LwGameRecord *record,
                             const LwStandings  *standings);

/** Every count back to 0, nobody declared, no penalties. */
void lw_round_form_reset (LwRoundForm *self);

/**
 * lw_round_form_fill:
 * @self: the form
 * @round: a round's facts
 *
 * Puts @round's facts in the form (to correct a round taken back).
 */
void lw_round_form_fill (LwRoundForm   *self,
                         const LwRound *round);

/**
 * lw_round_form_build_round:
 * @self: the form
 *
 * Returns: (transfer full): the round as entered so far (not checked).
 */
LwRound *lw_round_form_build_round (LwRoundForm *self);

/**
 * lw_round_form_check:
 * @self: the form
 * @error: return location for a #GError
 *
 * Checks the round as entered with the engine (lw_round_validate() and a
 * replay of the game with it) and shows the result in the form.
 *
 * Returns: %TRUE when the round can be added.
 */
gboolean lw_round_form_check (LwRoundForm  *self,
                              GError      **error);

/**
 * lw_round_form_show_error:
 * @self: the form
 * @message: (nullable): an error in words, or %NULL to hide it
 *
 * Shows @message below the form and rings the bell.
 */
void lw_round_form_show_error (LwRoundForm *self,
                               const char  *message);

/** Returns: %TRUE when the round as entered can be added. */
gboolean lw_round_form_get_valid (LwRoundForm *self);

/** Puts the focus on the first seat's count. */
void lw_round_form_focus (LwRoundForm *self);

/** Returns: (transfer none) (nullable): the row of @seat. */
LwSeatRow *lw_round_form_get_seat_row (LwRoundForm *self,
                                       guint        seat);

/**
 * lw_round_form_set_declarer:
 * @self: the form
 * @seat: a seat, or %LW_NO_SEAT for "nobody declared"
 */
void lw_round_form_set_declarer (LwRoundForm *self,
                                 int          seat);

void lw_round_form_set_void (LwRoundForm *self,
                             gboolean     is_void);

void lw_round_form_set_all_but_last (LwRoundForm *self,
                                     gboolean     all_but_last);

/** Adds a penalty row for @seat and @kind, after those there. */
void lw_round_form_add_penalty (LwRoundForm   *self,
                                int            seat,
                                LwPenaltyKind  kind);

/** Returns: (transfer none): the inline error, "" when there is none. */
const char *lw_round_form_get_error_text (LwRoundForm *self);

/** Returns: (transfer none): the live totals check, e.g. "20 of 26 cards · 6 to go". */
const char *lw_round_form_get_totals_text (LwRoundForm *self);

/** Returns: whether the error shows below the totals check (else above the button). */
gboolean lw_round_form_get_error_beside_totals (LwRoundForm *self);

/** Returns: (transfer none): the submit button's label ("_Add Round", "_Add Hand"). */
const char *lw_round_form_get_submit_label (LwRoundForm *self);

/** Returns: (transfer none): the declarers offered, "Nobody declared" first. */
GListModel *lw_round_form_get_declarer_model (LwRoundForm *self);

G_END_DECLS
