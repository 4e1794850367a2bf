/* lw-widget-actions.h — a widget class's actions from one table, each
 * done by a function of the widget and the action's parameter
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * LwWidgetAction:
 * @name: the action's name, with its group: "win.new-game"
 * @parameter_type: (nullable): its parameter's #GVariant type string
 *   ("x", "s", "u"), %NULL for none
 * @activate: called as `void (*) (Self *self, GVariant *parameter,
 *   const char *action_name)`, with @self the widget the action is
 *   activated on (of the class that installed it), @parameter of
 *   @parameter_type (%NULL without one) and @name; as a signal handler
 *   may, a function that does not use the last arguments leaves them out
 *   of its declaration (most need only @self and @parameter)
 *
 * One action of a widget class (gtk_widget_class_install_action()).
 */
typedef struct
{
  const char *name;
  const char *parameter_type;
  GCallback   activate;
} LwWidgetAction;

/**
 * lw_widget_class_install_actions:
 * @widget_class: the class, in its class_init
 * @actions: (array length=n_actions): its actions, static (the class
 *   keeps the pointer)
 * @n_actions: how many (G_N_ELEMENTS())
 *
 * Installs each of @actions on @widget_class with one activate function,
 * which calls the entry's @activate with the widget and the parameter:
 * the action callbacks take the widget as its own type and need not cast
 * it. Call it once per class.
 */
void lw_widget_class_install_actions (GtkWidgetClass       *widget_class,
                                      const LwWidgetAction *actions,
                                      gsize                 n_actions);

G_END_DECLS
