/* lw-edit-log.h — a game's edit log in words: every change, when, what it
 * was before and after
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-game-view.h"
#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_EDIT_LOG (lw_edit_log_get_type ())
G_DECLARE_FINAL_TYPE (LwEditLog, lw_edit_log, LW, EDIT_LOG, AdwWindow)

/**
 * lw_edit_log_new:
 * @parent: the window it belongs to
 * @store: the database
 * @view: the game as its page shows it (read, with who sat in each round);
 *   the log keeps a reference and is read again with each of its readings
 * @error: return location for a #GError
 *
 * A modal window listing the game's edit log (lw_store_list_edits()),
 * newest first, told with the view's record. Escape closes it. Each change that stands has a Revert
 * button ("edit-log.revert", the entry's ID): the change's inverse is
 * stored as a new change (lw_store_revert_edit()) and the log is shown
 * again, with #LwEditLog::reverted emitted; a refusal is shown in a
 * message with the store's or the engine's words
 * (lw_edit_log_get_error_dialog()).
 *
 * Returns: (transfer none) (nullable): the window, shown; %NULL when the
 *   log cannot be read.
 */
LwEditLog *lw_edit_log_new (GtkWindow           *parent,
                            LwStore             *store,
                            LwGameView          *view,
                            GError             **error);

/**
 * lw_logged_edit_describe:
 * @record: the game (its seats and ruleset read the rounds' JSON)
 * @entry: an entry of its edit log
 * @title: (out) (transfer full): what was done, "Round 3 changed"
 * @subtitle: (out) (transfer full): when, and before → after in words
 */
void lw_logged_edit_describe (const LwGameRecord  *record,
                              const LwLoggedEdit  *entry,
                              char               **title,
                              char               **subtitle);

G_END_DECLS
