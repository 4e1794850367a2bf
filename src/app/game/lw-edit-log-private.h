/* lw-edit-log-private.h — what the UI tests read of lw-edit-log.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-edit-log.h"

G_BEGIN_DECLS

/**
 * lw_edit_log_get_entry_revertible:
 * @self: the log
 * @index: 0 for the newest entry
 *
 * Returns: whether the entry has a Revert button (a change that stands;
 *   not a deletion of the game nor a rename of the names migration).
 */
gboolean lw_edit_log_get_entry_revertible (LwEditLog *self,
                                           guint      index);

/**
 * lw_edit_log_get_entry_text:
 * @self: the log
 * @index: 0 for the newest entry
 *
 * Returns: (transfer full) (nullable): the entry's title and subtitle, one
 *   line break between them.
 */
char *lw_edit_log_get_entry_text (LwEditLog *self,
                                  guint      index);

/**
 * lw_edit_log_get_error_dialog:
 * @self: the log
 *
 * Returns: (transfer none) (nullable): the message of the last refused
 *   revert while it is shown.
 */
AdwMessageDialog *lw_edit_log_get_error_dialog (LwEditLog *self);

/** Returns: the entries listed. */
guint lw_edit_log_get_n_entries (LwEditLog *self);

G_END_DECLS
