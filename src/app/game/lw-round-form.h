/* lw-round-form.h — entering one round: declarer, cards and Den cards per
 * seat (Court cards and Garwolves in Garwolf), penalties, pegging, void
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-engine.h"
#include "lw-penalty-row.h"
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

/**
 * lw_round_form_update_game:
 * @self: the form
 * @record: the game as it is now (a past round corrected, details); copied
 * @standings: its standings
 *
 * Like lw_round_form_set_game(), but what is typed stays (unless the seats
 * changed): the round is checked again against @record.
 */
void lw_round_form_update_game (LwRoundForm        *self,
                                const LwGameRecord *record,
                                const LwStandings  *standings);

/**
 * lw_round_form_set_edit:
 * @self: the form
 * @record: the whole game; copied
 * @kind: %LW_EDIT_REPLACE (round @number is corrected) or %LW_EDIT_INSERT
 *   (a round is inserted before round @number)
 * @number: the round's 1-based number
 *
 * Makes the form a correction of a past round: every edit is checked by
 * replaying the whole game with it (lw_edit_apply()), and the preview says
 * what changes later in the game. Every count 0: fill it with
 * lw_round_form_fill().
 */
void lw_round_form_set_edit (LwRoundForm        *self,
                             const LwGameRecord *record,
                             LwEditKind          kind,
                             guint               number);

/**
 * lw_round_form_set_title:
 * @self: the form
 * @title: the heading over the declarer, e.g. "Board 3" (a duplicate
 *   board's round, DUPLICATE D9)
 *
 * Replaces the heading lw_round_form_set_game() gave ("Round 4") until
 * the next lw_round_form_set_game().
 */
void lw_round_form_set_title (LwRoundForm *self,
                              const char  *title);

/**
 * lw_round_form_set_submit:
 * @self: the form
 * @label: the button's label, with a mnemonic
 * @tooltip: its tooltip
 * @action_name: the action it activates
 */
void lw_round_form_set_submit (LwRoundForm *self,
                               const char  *label,
                               const char  *tooltip,
                               const char  *action_name);

/**
 * lw_round_form_add_noted_penalty:
 * @self: the form
 * @pending_id: the store's pending penalty (lw_store_add_pending_penalty())
 * @seat: its seat
 * @kind: its offence
 * @note: (nullable): its note
 * @time: when it was noted, seconds since 1970 (UTC)
 *
 * Adds a penalty noted during the round; it shows its time and note. When
 * it is removed from the form, #LwRoundForm::pending-penalty-removed tells.
 */
void lw_round_form_add_noted_penalty (LwRoundForm   *self,
                                      gint64         pending_id,
                                      int            seat,
                                      LwPenaltyKind  kind,
                                      const char    *note,
                                      gint64         time);

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
 * lw_round_form_check:
 * @self: the form
 * @round: (out) (optional) (transfer full): the round as entered, the one
 *   checked (set whether or not it passed); %NULL when not wanted
 * @error: return location for a #GError
 *
 * Checks the round as entered with the engine once (lw_round_validate()
 * and the round scored from where the game stands, or lw_edit_apply() for
 * a correction), shows the result in the form and hands out the round
 * checked, so that the caller neither builds nor checks it again.
 *
 * Errors: the engine's (%LW_ENGINE_ERROR_INVALID, %LW_ENGINE_ERROR_GAME_OVER…),
 * or %LW_ENGINE_ERROR_INVALID "No game is open." before
 * lw_round_form_set_game().
 *
 * Returns: %TRUE when the round can be added.
 */
gboolean lw_round_form_check (LwRoundForm  *self,
                              LwRound     **round,
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

/** Puts the focus on the first seat's count. */
void lw_round_form_focus (LwRoundForm *self);

G_END_DECLS
