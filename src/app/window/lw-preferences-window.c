/* lw-preferences-window.c — the app's preferences, bound to GSettings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-preferences-window.h"
#include "lw-settings.h"

struct _LwPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  /* template widgets */
  AdwComboRow *style_row;
  AdwComboRow *ruleset_row;
  GtkSpinButton *target_spin;
  GtkSpinButton *skunk_spin;
  GtkSwitch *king_switch;
};

G_DEFINE_FINAL_TYPE (LwPreferencesWindow, lw_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* An enum key, its value the row's position, shown in a combo row. */
static void
bind_enum (GSettings   *settings,
           const char  *key,
           AdwComboRow *row)
{
  adw_combo_row_set_selected (row, (guint) g_settings_get_enum (settings, key));
  g_object_set_data_full (G_OBJECT (row), "lw-key", g_strdup (key), g_free);
}

static void
combo_selected_cb (AdwComboRow *row,
                   GParamSpec  *pspec,
                   gpointer     user_data)
{
  GSettings *settings = lw_settings_get ();
  const char *key = g_object_get_data (G_OBJECT (row), "lw-key");

  if (settings != NULL && key != NULL)
    g_settings_set_enum (settings, key, (int) adw_combo_row_get_selected (row));
}

LwPreferencesWindow *
lw_preferences_window_new (GtkWindow *parent)
{
  LwPreferencesWindow *self = g_object_new (LW_TYPE_PREFERENCES_WINDOW,
                                            "transient-for", parent,
                                            NULL);
  GSettings *settings = lw_settings_get ();

  if (settings != NULL)
    {
      bind_enum (settings, "color-scheme", self->style_row);
      bind_enum (settings, "default-ruleset", self->ruleset_row);
      g_signal_connect (self->style_row, "notify::selected", G_CALLBACK (combo_selected_cb), NULL);
      g_signal_connect (self->ruleset_row, "notify::selected", G_CALLBACK (combo_selected_cb), NULL);
      g_settings_bind (settings, "default-target", self->target_spin, "value", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "default-skunk", self->skunk_spin, "value", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "king-and-knave", self->king_switch, "active", G_SETTINGS_BIND_DEFAULT);
    }
  else
    gtk_widget_set_sensitive (GTK_WIDGET (self), FALSE);

  gtk_window_present (GTK_WINDOW (self));
  return self;
}

static void
lw_preferences_window_class_init (LwPreferencesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LwPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, LwPreferencesWindow, ruleset_row);
  gtk_widget_class_bind_template_child (widget_class, LwPreferencesWindow, target_spin);
  gtk_widget_class_bind_template_child (widget_class, LwPreferencesWindow, skunk_spin);
  gtk_widget_class_bind_template_child (widget_class, LwPreferencesWindow, king_switch);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
lw_preferences_window_init (LwPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
