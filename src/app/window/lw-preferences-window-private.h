/* lw-preferences-window-private.h — what the UI tests read of
 * lw-preferences-window.c: included by that file and the tests only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-preferences-window.h"

G_BEGIN_DECLS

/**
 * lw_preferences_window_get_n_rule_sets:
 * @self: a preferences window
 *
 * Returns: the rule sets its Rule Sets page lists (Little Wolf's, then
 *   Garwolf's, each sorted by name); 0 without a store.
 */
guint lw_preferences_window_get_n_rule_sets (LwPreferencesWindow *self);

/**
 * lw_preferences_window_get_rule_set_row:
 * @self: a preferences window
 * @index: a set's place in the list, < lw_preferences_window_get_n_rule_sets()
 *
 * Returns: (transfer none): its row: the set's name as title, what it
 *   holds as subtitle, Rename and Delete buttons.
 */
AdwActionRow *lw_preferences_window_get_rule_set_row (LwPreferencesWindow *self,
                                                      guint                index);

/**
 * lw_preferences_window_ask_rule_set:
 * @self: a preferences window
 * @index: a set's place in the list
 * @delete: %TRUE for the Delete button, %FALSE for Rename
 *
 * Opens the dialog that row's button opens: Rename Rule Set (its field
 * is the dialog's data "name"; response "rename") or the confirmation of
 * Delete Rule Set? (response "delete").
 */
void lw_preferences_window_ask_rule_set (LwPreferencesWindow *self,
                                         guint                index,
                                         gboolean             delete);

/**
 * lw_preferences_window_get_dialog:
 * @self: a preferences window
 *
 * Returns: (transfer none) (nullable): the rename or delete dialog open.
 */
AdwMessageDialog *lw_preferences_window_get_dialog (LwPreferencesWindow *self);

G_END_DECLS
