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

/**
 * lw_penalty_row_set_noted:
 * @self: the row
 * @pending_id: the pending penalty's ID in the store (lw_store_add_pending_penalty())
 * @note: (nullable): what happened
 * @time: when it was noted, seconds since 1970 (UTC)
 *
 * Marks the row as a penalty noted during the round: it shows the time and
 * the note below the seat and the offence.
 */
void lw_penalty_row_set_noted (LwPenaltyRow *self,
                               gint64        pending_id,
                               const char   *note,
                               gint64        time);

/** Returns: the pending penalty's ID, 0 for a penalty added in the form. */
gint64 lw_penalty_row_get_pending_id (LwPenaltyRow *self);

G_END_DECLS
