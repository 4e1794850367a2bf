/* lw-settings.c — the app's GSettings, or none when the schema is missing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-settings.h"

GSettings *
lw_settings_get (void)
{
  static GSettings *settings;
  static gsize looked;

  if (g_once_init_enter (&looked))
    {
      GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
      g_autoptr (GSettingsSchema) schema = NULL;

      /* g_settings_new() aborts on a missing schema: look first. */
      if (source != NULL)
        schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
      if (schema != NULL)
        settings = g_settings_new_full (schema, NULL, NULL);
      else
        g_debug ("settings schema %s not found: the defaults are used", APP_ID);
      g_once_init_leave (&looked, 1);
    }

  return settings;
}

/* The settings to read @key from, %NULL when there are none (its caller
 * gives its fallback then). */
static GSettings *
settings_for (const char *key)
{
  g_return_val_if_fail (key != NULL, NULL);

  return lw_settings_get ();
}

int
lw_settings_get_int (const char *key,
                     int         fallback)
{
  GSettings *settings = settings_for (key);

  return settings != NULL ? g_settings_get_int (settings, key) : fallback;
}

gboolean
lw_settings_get_boolean (const char *key,
                         gboolean    fallback)
{
  GSettings *settings = settings_for (key);

  return settings != NULL ? g_settings_get_boolean (settings, key) : fallback;
}
