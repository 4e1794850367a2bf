/* lw-widget-actions.c — a widget class's actions from one table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-widget-actions.h"

typedef struct
{
  const LwWidgetAction *actions;
  gsize                 n_actions;
} ActionTable;

typedef void (*ActivateFunc) (gpointer    self,
                              GVariant   *parameter,
                              const char *action_name);

static GQuark
action_table_quark (void)
{
  return g_quark_from_static_string ("lw-widget-actions");
}

/* The entry for @action_name in the table of @widget's class or of the
 * nearest class above it that installed one. */
static const LwWidgetAction *
find_action (GtkWidget  *widget,
             const char *action_name)
{
  for (GType type = G_OBJECT_TYPE (widget); type != 0; type = g_type_parent (type))
    {
      const ActionTable *table = g_type_get_qdata (type, action_table_quark ());

      if (table == NULL)
        continue;
      for (gsize i = 0; i < table->n_actions; i++)
        if (g_str_equal (table->actions[i].name, action_name))
          return &table->actions[i];
    }
  return NULL;
}

static void
activate_cb (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  const LwWidgetAction *action = find_action (widget, action_name);

  g_return_if_fail (action != NULL);
  ((ActivateFunc) action->activate) (widget, parameter, action_name);
}

void
lw_widget_class_install_actions (GtkWidgetClass       *widget_class,
                                 const LwWidgetAction *actions,
                                 gsize                 n_actions)
{
  GType type = G_TYPE_FROM_CLASS (widget_class);
  ActionTable *table;

  g_return_if_fail (GTK_IS_WIDGET_CLASS (widget_class));
  g_return_if_fail (actions != NULL || n_actions == 0);
  g_return_if_fail (g_type_get_qdata (type, action_table_quark ()) == NULL);

  /* Kept for the life of the class, as the class itself is. */
  table = g_new (ActionTable, 1);
  table->actions = actions;
  table->n_actions = n_actions;
  g_type_set_qdata (type, action_table_quark (), table);

  for (gsize i = 0; i < n_actions; i++)
    gtk_widget_class_install_action (widget_class, actions[i].name,
                                     actions[i].parameter_type, activate_cb);
}
