/* lw-preferences-window.h — the app's preferences (GSettings)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define LW_TYPE_PREFERENCES_WINDOW (lw_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (LwPreferencesWindow, lw_preferences_window, LW, PREFERENCES_WINDOW, AdwPreferencesWindow)

/**
 * lw_preferences_window_new:
 * @parent: (nullable): the window it belongs to
 *
 * The style (follow the system, light, dark) and what New Game starts
 * with, each control bound to its key (lw_settings_get()); without
 * settings the controls are insensitive. When @parent is an #LwWindow
 * with a store, a Rule Sets page lists the saved rule sets, each renamed
 * (lw_store_rename_rule_set()) or, once confirmed, deleted
 * (lw_store_delete_rule_set()) from its row.
 *
 * Returns: (transfer none): the preferences window, shown.
 */
LwPreferencesWindow *lw_preferences_window_new (GtkWindow *parent);

G_END_DECLS
