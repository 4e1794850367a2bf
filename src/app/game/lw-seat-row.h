/* lw-seat-row.h — one seat's counts in the round form: cards won (or
 * Court cards), Den cards, Garwolves, pegging
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-engine.h"

G_BEGIN_DECLS

/**
 * LwSeatCount:
 * The counts a seat row holds (LwRound's per-seat arrays).
 */
typedef enum {
  LW_SEAT_COUNT_CARDS,
  LW_SEAT_COUNT_WORMS,
  LW_SEAT_COUNT_GONGS,
  LW_SEAT_COUNT_BEARS,
  LW_SEAT_COUNT_WOLVES,
  LW_SEAT_COUNT_COURT,
  LW_SEAT_COUNT_GARWOLVES,
  LW_N_SEAT_COUNTS
} LwSeatCount;

#define LW_TYPE_SEAT_ROW (lw_seat_row_get_type ())
G_DECLARE_FINAL_TYPE (LwSeatRow, lw_seat_row, LW, SEAT_ROW, AdwExpanderRow)

GtkWidget *lw_seat_row_new (void);

/**
 * lw_seat_row_configure:
 * @self: a seat row
 * @ruleset: which counts are shown
 * @name: the player's name
 * @n_players: players at the table, for the ranges
 *
 * Shows the counts of @ruleset, every one 0.
 */
void lw_seat_row_configure (LwSeatRow  *self,
                            LwRuleset   ruleset,
                            const char *name,
                            guint       n_players);

/** Sets every count to 0 and the seat as pegged. */
void lw_seat_row_reset (LwSeatRow *self);

/** Returns: the count as typed so far. */
int lw_seat_row_get_count (LwSeatRow   *self,
                           LwSeatCount  which);

void lw_seat_row_set_count (LwSeatRow   *self,
                            LwSeatCount  which,
                            int          value);

gboolean lw_seat_row_get_unpegged (LwSeatRow *self);

void lw_seat_row_set_unpegged (LwSeatRow *self,
                               gboolean   unpegged);

/** Puts the focus on the main count (cards, or Court cards). */
void lw_seat_row_focus (LwSeatRow *self);

G_END_DECLS
