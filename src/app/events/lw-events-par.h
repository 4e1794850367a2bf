/* lw-events-par.h — a duplicate event's par in the app (DUPLICATE D10):
 * the event menu's Play Par, played on a worker thread, and the level's
 * name on the travelling sheets (lw-events-par.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "lw-engine.h"
#include "lw-events-page.h"

G_BEGIN_DECLS

/**
 * lw_events_par_level_name:
 * @level: a computer level
 *
 * Returns: (transfer full): the level as New Game names it, translated
 *   ("Hard"), for a travelling sheet's "Par (Hard)" row.
 */
char *lw_events_par_level_name (LwBotLevel level);

/**
 * lw_events_play_par_action:
 * @self: the events page, a duplicate event shown
 * @parameter: (nullable): unused
 *
 * events.play-par: plays every board of the event round shown (round 1
 * before any is paired) by computers at Hard (lw_duplicate_play_par(),
 * DUPLICATE D10) on a worker thread (GTask, on a copy of the event), then
 * stores the pars (lw_store_set_event_board_pars(), replacing earlier
 * ones) on the main thread and says so in a toast; an open travelling
 * sheet shows them at once (the store's watch). The action is disabled
 * while a par is played. A failure is said in a toast and stores nothing.
 */
void lw_events_play_par_action (LwEventsPage *self,
                                GVariant     *parameter);

G_END_DECLS
