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

/** lw_replay_window_get_n_tricks: Returns: the round's tricks. */
guint lw_replay_window_get_n_tricks (LwReplayWindow *self);

/** lw_replay_window_get_trick: Returns: the trick shown, 1-based. */
guint lw_replay_window_get_trick (LwReplayWindow *self);

/**
 * lw_replay_window_set_trick:
 * @self: the window
 * @trick: 1..lw_replay_window_get_n_tricks()
 *
 * Shows the table as it stood once trick @trick was taken, that trick in
 * the middle. What "replay.previous" and "replay.next" (← and →) do.
 *
 * Returns: %FALSE, with nothing changed, for a trick out of range.
 */
gboolean lw_replay_window_set_trick (LwReplayWindow *self,
                                     guint           trick);

/**
 * lw_replay_window_get_table:
 * @self: the window
 *
 * Returns: (transfer none): the table as it stood after the trick shown
 *   (lw_table_get_tricks() ends with that trick).
 */
const LwTable *lw_replay_window_get_table (LwReplayWindow *self);

/** lw_replay_window_get_heading: Returns: (transfer none): "Trick 4 of 13". */
const char *lw_replay_window_get_heading (LwReplayWindow *self);

/** lw_replay_window_get_detail: Returns: (transfer none): who led and who took the trick. */
const char *lw_replay_window_get_detail (LwReplayWindow *self);

/** lw_replay_window_get_taken: Returns: (transfer none): the cards each seat has taken so far, in words. */
const char *lw_replay_window_get_taken (LwReplayWindow *self);

/** lw_replay_window_get_view: Returns: (transfer none): the drawing of the table. */
LwTableView *lw_replay_window_get_view (LwReplayWindow *self);

G_END_DECLS
