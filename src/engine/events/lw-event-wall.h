/* lw-event-wall.h — the wall sheet: where each player sits in a round
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-event.h"

G_BEGIN_DECLS

/**
 * LwWallLine:
 * @name: (transfer none): the player's name, borrowed from the event's
 *   entrant
 * @table: the 1-based table number, or 0 for a player who sits out with
 *   a bye
 * @seat: the 1-based seat at the table, clockwise (0 with a bye)
 * @first_dealer: the seat deals first at its table (SCORING R4)
 *
 * One line of a wall sheet.
 */
typedef struct {
  const char *name;
  guint       table;
  guint       seat;
  gboolean    first_dealer;
} LwWallLine;

/**
 * lw_event_wall_sheet:
 * @event: an event
 * @round: one of @event's rounds
 *
 * The "find your table" list that directors post on the wall: every
 * player seated in @round, and every player with a bye, in alphabetical
 * order. Names are compared with g_utf8_collate_key() of their
 * g_utf8_casefold() form (so "ann" sits beside "Ann" and "Émile" after
 * "Edgar" in the user's locale), ties by the names' bytes, so that the
 * order never depends on the seating.
 *
 * Returns: (transfer container) (element-type LwWallLine): the lines;
 *   they borrow the names of @event, which must outlive the array.
 */
GArray *lw_event_wall_sheet (const LwEvent      *event,
                             const LwEventRound *round);

/**
 * lw_event_wall_sheet_to_text:
 * @event: an event
 * @round: one of @event's rounds
 *
 * The wall sheet as plain text for `littlewolf-cli event wall`: a heading
 * "EVENT — Round R", an empty line, then one line per player
 * "NAME — Table N, Seat S" (a "*" after the seat marks the table's first
 * dealer), or "NAME — Bye", in the order of lw_event_wall_sheet().
 *
 * Returns: (transfer full): UTF-8 text, each line ended by "\n".
 */
char *lw_event_wall_sheet_to_text (const LwEvent      *event,
                                   const LwEventRound *round);

G_END_DECLS
