/* lw-settings.h — the app's GSettings (data/io.github.littlewolf.LittleWolf.gschema.xml)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * lw_settings_get:
 *
 * The app's settings, made on first use and kept for the life of the
 * process. When the schema is not installed (a build run without
 * `GSETTINGS_SCHEMA_DIR`), there are no settings: every caller then uses
 * the built-in defaults, which are the schema's defaults.
 *
 * Returns: (transfer none) (nullable): the settings, or %NULL.
 */
GSettings *lw_settings_get (void);

/**
 * lw_settings_get_int:
 * @key: an integer key of the schema
 * @fallback: the value when there are no settings
 *
 * Returns: the key's value, or @fallback.
 */
int lw_settings_get_int (const char *key,
                         int         fallback);

/**
 * lw_settings_get_boolean:
 * @key: a boolean key of the schema
 * @fallback: the value when there are no settings
 *
 * Returns: the key's value, or @fallback.
 */
gboolean lw_settings_get_boolean (const char *key,
                                  gboolean    fallback);

G_END_DECLS
