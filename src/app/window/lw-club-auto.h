/* lw-club-auto.h — the app's automatic sync with the club server
 * (docs/CLUB-SERVER.md "In the app")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "lw-club.h"

G_BEGIN_DECLS

/* The wait after a stored change before the sync it starts (changes
 * closer together than this make one sync), and the time between two
 * syncs while nothing changes here. */
#define LW_CLUB_AUTO_DELAY_MS      2000
#define LW_CLUB_AUTO_INTERVAL_S    (5 * 60)

#define LW_TYPE_CLUB_AUTO (lw_club_auto_get_type ())
G_DECLARE_FINAL_TYPE (LwClubAuto, lw_club_auto, LW, CLUB_AUTO, GObject)

/**
 * lw_club_auto_new:
 * @store: the window's store; the object keeps a reference
 *
 * Syncs @store with its club server (lw_club_sync()) while it is a club
 * laptop (lw_store_club_join()): %LW_CLUB_AUTO_DELAY_MS after each change
 * stored through @store (its #LwStoreWatch's game signals, debounced),
 * every %LW_CLUB_AUTO_INTERVAL_S seconds, and at once on
 * lw_club_auto_sync_now(). Each sync runs on a worker thread (GTask) with
 * a connection of its own (lw_store_open_another()), one at a time: a
 * change made during a sync makes one more after it. The main thread
 * never waits for the server. When a sync took other laptops' changes,
 * lw_store_watch_check() tells the views and #LwClubAuto::pulled is
 * emitted. A failure (the server
 * unreachable, offline) is kept in words (lw_club_auto_get_error()) and
 * the next sync, from a change, the interval or Retry, catches up.
 * #LwClubAuto::changed is emitted whenever what lw_club_auto_describe()
 * says may have changed.
 *
 * Returns: (transfer full): the object.
 */
LwClubAuto *lw_club_auto_new (LwStore *store);

/**
 * lw_club_auto_sync_now:
 * @self: the object
 *
 * Starts a sync at once (Sync Now, Retry, a join), or one more after the
 * sync running now. Nothing when the store is no club laptop.
 */
void lw_club_auto_sync_now (LwClubAuto *self);

/** Returns: whether a sync runs now. */
gboolean lw_club_auto_is_syncing (LwClubAuto *self);

/**
 * lw_club_auto_get_error:
 * @self: the object
 *
 * Returns: (transfer none) (nullable): why the last sync failed, in
 *   words (the server's, libpq's), or %NULL when it did not.
 */
const char *lw_club_auto_get_error (LwClubAuto *self);

/**
 * lw_club_auto_get_count:
 * @self: the object
 *
 * Returns: how many syncs completed since @self was made (tests).
 */
guint lw_club_auto_get_count (LwClubAuto *self);

/**
 * lw_club_auto_describe:
 * @self: the object
 *
 * Returns: (transfer full): the sync's state for Preferences → Club, in
 *   the user's language: "This database is no club laptop…", "Syncing…",
 *   "Last sync: 2026-12-02 01:10 · Waiting to be sent: 2 games, 1 event"
 *   (the counts of games, deleted games, events and deleted events that
 *   are not 0, or "nothing"), "Never synced
 *   · …"; the failure of the last sync follows on a line of its own.
 */
char *lw_club_auto_describe (LwClubAuto *self);

G_END_DECLS
