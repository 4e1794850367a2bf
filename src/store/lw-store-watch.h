/* lw-store-watch.h — what changed in a store, told to whoever shows it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_STORE_WATCH (lw_store_watch_get_type ())
G_DECLARE_FINAL_TYPE (LwStoreWatch, lw_store_watch, LW, STORE_WATCH, GObject)

/**
 * lw_store_watch_new:
 * @store: an open store; the watch keeps a reference
 *
 * Watches every write made through @store's connection (SQLite's update,
 * commit and rollback hooks: the hooks only note which rows changed, and
 * never run SQL) and, once per committed transaction, emits what changed:
 *
 * - #LwStoreWatch::game-changed for each game whose row in `games` (or in
 *   its result cache or its virtual table) changed — an edit of a game's
 *   rounds bumps its `version` there (the schema's triggers), so it shows
 *   as that game; with ID 0 when rows that do not name their game changed
 *   (rounds, seats, penalties, locks), which may be any game's;
 * - #LwStoreWatch::games-changed when a game was added or deleted;
 * - #LwStoreWatch::events-changed (an event's ID, or 0: some event);
 * - #LwStoreWatch::players-changed;
 * - then #LwStoreWatch::done, once, after the signals of that batch.
 *
 * A rolled-back transaction emits nothing. The signals come from an idle
 * in the thread-default main context of the caller of this function (never
 * from inside SQLite), or at once from lw_store_watch_flush().
 *
 * Writes by another connection or program (the web server's
 * connection, the CLI, another computer on a shared file) are found by
 * lw_store_watch_check() (`PRAGMA data_version`), which emits
 * #LwStoreWatch::all-changed and #LwStoreWatch::done.
 *
 * One watch per store: lw_store_watch_find() returns it.
 *
 * Returns: (transfer full): the watch.
 */
LwStoreWatch *lw_store_watch_new (LwStore *store);

/**
 * lw_store_watch_find:
 * @store: a store
 *
 * Returns: (transfer none) (nullable): the watch made with
 *   lw_store_watch_new() for @store while it lives, else %NULL.
 */
LwStoreWatch *lw_store_watch_find (LwStore *store);

/** Returns: (transfer none): the watched store. */
LwStore *lw_store_watch_get_store (LwStoreWatch *self);

/**
 * lw_store_watch_flush:
 * @self: a watch
 *
 * Emits now what committed transactions changed and is not told yet (the
 * idle then has nothing left to do): for a writer that wants the views to
 * show its change before it goes on. Nothing when nothing changed.
 */
void lw_store_watch_flush (LwStoreWatch *self);

/**
 * lw_store_watch_check:
 * @self: a watch
 *
 * Reads the file's `PRAGMA data_version` (lw_store_get_data_version()):
 * when another connection or program wrote to the file since the last
 * check, emits #LwStoreWatch::all-changed then #LwStoreWatch::done. The
 * one place the app asks; lw_store_watch_set_polling() calls it on a
 * timer. A failed read is taken as no change (the next check reads again).
 *
 * Returns: %TRUE when the file was changed by somebody else.
 */
gboolean lw_store_watch_check (LwStoreWatch *self);

/**
 * lw_store_watch_set_polling:
 * @self: a watch
 * @polling: %TRUE to call lw_store_watch_check() every second (while the
 *   window is active), %FALSE to stop
 */
void lw_store_watch_set_polling (LwStoreWatch *self,
                                 gboolean      polling);

/**
 * lw_store_watch_emit_all:
 * @self: a watch
 *
 * Emits #LwStoreWatch::all-changed and #LwStoreWatch::done now: for a
 * change the hooks do not see (a restore from a backup copies pages, not
 * rows).
 */
void lw_store_watch_emit_all (LwStoreWatch *self);

G_END_DECLS
