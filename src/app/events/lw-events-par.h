/* lw-events-par.h — a duplicate event's par in the app (DUPLICATE D10):
 * the level's name on the travelling sheets; the event menu's Play Par,
 * played on a worker thread, is declared with the page's other actions in
 * lw-events-page-private.h (lw-events-par.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "lw-engine.h"

G_BEGIN_DECLS

/**
 * lw_events_par_level_name:
 * @level: a computer level
 *
 * Returns: (transfer full): the level as New Game names it, translated
 *   ("Hard"), for a travelling sheet's "Par (Hard)" row.
 */
char *lw_events_par_level_name (LwBotLevel level);

G_END_DECLS
