/* lw-application.h — the Little Wolf application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-store.h"

G_BEGIN_DECLS

/* The window is the application's child: its header includes this one. */
typedef struct _LwWindow LwWindow;

#define LW_TYPE_APPLICATION (lw_application_get_type ())
G_DECLARE_FINAL_TYPE (LwApplication, lw_application, LW, APPLICATION, AdwApplication)

/**
 * lw_application_new:
 * @flags: extra flags, e.g. %G_APPLICATION_NON_UNIQUE for tests
 *
 * Returns: (transfer full): the application; it handles `--db PATH`.
 */
LwApplication *lw_application_new (GApplicationFlags flags);

/**
 * lw_application_open_database:
 * @self: a registered application
 * @path: the database file (created when missing)
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * Opens a window on the database at @path and presents it at once. The
 * file's damage check (lw_store_check_damage_async(), within 500 ms of
 * its thread's CPU) runs on a thread of its own once the window's first
 * frame is drawn; a write waits for it. A damaged file
 * is then said as a file that cannot be opened is (on standard error and
 * in the "Could Not Open the Scores Database" dialog, the message naming
 * the file) and its window is closed; nothing is written to it.
 *
 * Returns: (transfer none) (nullable): the window, or %NULL on error.
 */
/**
 * lw_application_bind_text_domain:
 *
 * Binds the app's gettext domain and makes it the default one; call it
 * after setlocale(). The translations are looked up in LOCALEDIR, or in
 * the folder named by the environment variable LW_LOCALEDIR when it is
 * set: a build folder's po/ holds LANG/LC_MESSAGES/little-wolf.mo, so
 * `LW_LOCALEDIR=build/po` runs the app (or a test) translated without
 * installing it.
 */
void lw_application_bind_text_domain (void);

G_END_DECLS
