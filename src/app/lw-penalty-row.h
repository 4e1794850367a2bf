/* lw-penalty-row.h — one in-round penalty in the round form: seat + kind
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-engine.h"

G_BEGIN_DECLS

#define LW_TYPE_PENALTY_ROW (lw_penalty_row_get_type ())
G_DECLARE_FINAL_TYPE (LwPenaltyRow, lw_penalty_row, LW, PENALTY_ROW, GtkListBoxRow)

/**
 * lw_penalty_row_new:
 * @seat_names: (transfer none): the players by seat, %NULL-terminated
 *
 * Returns: (transfer floating): a row for seat 0, out of turn.
 */
GtkWidget *lw_penalty_row_new (const char *const *seat_names);

int lw_penalty_row_get_seat (LwPenaltyRow *self);

void lw_penalty_row_set_seat (LwPenaltyRow *self,
                              int           seat);

LwPenaltyKind lw_penalty_row_get_kind (LwPenaltyRow *self);

void lw_penalty_row_set_kind (LwPenaltyRow  *self,
                              LwPenaltyKind  kind);

G_END_DECLS
