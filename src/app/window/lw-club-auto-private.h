/* lw-club-auto-private.h — what the UI tests change of lw-club-auto.c:
 * included by that file and the tests only, never by the app's other
 * files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-club-auto.h"

G_BEGIN_DECLS

/**
 * lw_club_auto_set_delays:
 * @self: the object
 * @delay_ms: the wait after a change, at least 1 ms
 * @interval_s: the time between two syncs, at least 1 s
 *
 * Changes the two waits (tests; the defaults otherwise).
 */
void lw_club_auto_set_delays (LwClubAuto *self,
                              guint       delay_ms,
                              guint       interval_s);

G_END_DECLS
