/* lw-replay-window.h — a finished round of the virtual table replayed
 * trick by trick from its stored log
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-store.h"
#include "lw-table-view.h"

G_BEGIN_DECLS

#define LW_TYPE_REPLAY_WINDOW (lw_replay_window_get_type ())
G_DECLARE_FINAL_TYPE (LwReplayWindow, lw_replay_window, LW, REPLAY_WINDOW, AdwWindow)

/**
 * lw_replay_window_new:
 * @parent: (nullable): the window it belongs to (modal over it, and as
 *   large)
 * @store: the database
 * @id: a game
 * @number: one of its rounds played at the virtual table, 1-based
 * @error: return location for a #GError
 *
 * Reads the round's log (lw_store_load_round_log()), deals again from it
 * and applies its actions one by one with lw_table_apply(), keeping the
 * table as it stood after each trick; shows the first trick. The table is
 * read-only; the hand shown face up is the one person's at a table
 * against computer seats, else the Declarer's (or the Dealer's when
 * nobody Declared); the others' stay face down.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND for a round without a log (entered by
 * hand, or corrected since), another store error, or the engine's for a
 * log that does not replay.
 *
 * Returns: (transfer none) (nullable): the window, not yet presented; it
 *   is destroyed when closed.
 */
LwReplayWindow *lw_replay_window_new (GtkWindow  *parent,
                                      LwStore    *store,
                                      gint64      id,
                                      guint       number,
                                      GError    **error);

G_END_DECLS
