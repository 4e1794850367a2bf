/* lw-replay-window-private.h — what the UI tests read of lw-replay-window.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-replay-window.h"

G_BEGIN_DECLS

/** lw_replay_window_get_detail: Returns: (transfer none): who led and who took the trick. */
const char *lw_replay_window_get_detail (LwReplayWindow *self);

/** lw_replay_window_get_heading: Returns: (transfer none): "Trick 4 of 13". */
const char *lw_replay_window_get_heading (LwReplayWindow *self);

/** lw_replay_window_get_n_tricks: Returns: the round's tricks. */
guint lw_replay_window_get_n_tricks (LwReplayWindow *self);

/**
 * lw_replay_window_get_table:
 * @self: the window
 *
 * Returns: (transfer none): the table as it stood after the trick shown
 *   (lw_table_get_tricks() ends with that trick).
 */
const LwTable *lw_replay_window_get_table (LwReplayWindow *self);

/** lw_replay_window_get_taken: Returns: (transfer none): the cards each seat has taken so far, in words. */
const char *lw_replay_window_get_taken (LwReplayWindow *self);

/** lw_replay_window_get_trick: Returns: the trick shown, 1-based. */
guint lw_replay_window_get_trick (LwReplayWindow *self);

/** lw_replay_window_get_view: Returns: (transfer none): the drawing of the table. */
LwTableView *lw_replay_window_get_view (LwReplayWindow *self);

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

G_END_DECLS
