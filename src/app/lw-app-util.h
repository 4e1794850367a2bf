/* lw-app-util.h — small helpers shared by the app's widgets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "lw-engine.h"

G_BEGIN_DECLS

/**
 * lw_spin_get_int:
 * @spin: an integer spin button
 *
 * The number as typed so far (the spin button itself only takes the text
 * in on Enter or when it loses focus), clamped to the spin button's range
 * as it will be then. Empty text counts as the lower bound.
 *
 * Returns: the value
 */
int lw_spin_get_int (GtkSpinButton *spin);

/**
 * lw_spin_connect_activate:
 * @spin: a spin button
 * @callback: called as `void (*) (GtkText *, gpointer)` on Enter
 * @user_data: data for @callback
 *
 * Enter in the spin button's text (GTK 4.8 spin buttons have no signal
 * of their own for it).
 */
void lw_spin_connect_activate (GtkSpinButton *spin,
                               GCallback      callback,
                               gpointer       user_data);

/**
 * lw_spin_connect_changed:
 * @spin: a spin button
 * @callback: called as `void (*) (GtkEditable *, gpointer)` on every edit
 * @user_data: data for @callback
 *
 * Every change of the text, typed or stepped.
 */
void lw_spin_connect_changed (GtkSpinButton *spin,
                              GCallback      callback,
                              gpointer       user_data);

/**
 * lw_describe_round:
 * @standings: the standings the round belongs to
 * @result: one of its rounds
 *
 * Returns: (transfer full): one line per side with items or a change:
 *   "Ann +1: Pack +1", a side's delta first, then what made it.
 */
char *lw_describe_round (const LwStandings   *standings,
                         const LwRoundResult *result);

/**
 * lw_format_signed:
 * @value: a number
 *
 * Returns: (transfer full): "+3", "−2" (a true minus sign) or "0".
 */
char *lw_format_signed (int value);

/**
 * lw_format_scores:
 * @n: number of sides
 * @scores: (array length=n): scores
 *
 * Returns: (transfer full): "4 – 16".
 */
char *lw_format_scores (guint      n,
                        const int *scores);

/**
 * lw_sides_title:
 * @record: a record
 *
 * Returns: (transfer full): the sides joined with " vs ".
 */
char *lw_sides_title (const LwGameRecord *record);

G_END_DECLS
