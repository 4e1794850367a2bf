/* lw-events-page.h — events (tournaments): the list, a new event, and an
 * event's players, seating and standings (docs/EVENTS.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-engine.h"
#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_EVENTS_PAGE (lw_events_page_get_type ())
G_DECLARE_FINAL_TYPE (LwEventsPage, lw_events_page, LW, EVENTS_PAGE, AdwBin)

void lw_events_page_set_store (LwEventsPage *self,
                               LwStore      *store);

/**
 * lw_events_page_reload:
 * @self: the page
 *
 * Reads the list of events and the event shown again. A game started
 * from a table (events.score-table) that is now finished becomes the
 * table's result first (lw_store_set_event_game_result()); a refusal is
 * shown in a toast naming the table and the problem.
 */
void lw_events_page_reload (LwEventsPage *self);

/** Shows the list of events. */
void lw_events_page_show_list (LwEventsPage *self);

/**
 * lw_events_page_show_event:
 * @self: the page
 * @id: an event's ID
 * @error: return location for a #GError
 *
 * Shows event @id (its players, seating and standings), as choosing its
 * row does, at its last round.
 *
 * Returns: %FALSE when it could not be read.
 */
gboolean lw_events_page_show_event (LwEventsPage  *self,
                                    gint64         id,
                                    GError       **error);

G_END_DECLS
