/* lw-game-actions.c — the game's actions that leave the page or open
 * another window: back to the table, table entry from phones and the
 * locks of its rounds, the edit log, deleting the game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-edit-log.h"
#include "lw-entry-dialog.h"
#include "lw-game-page-private.h"

/* The window's @win_action ("win.…", x) on the game shown. */
static void
activate_on_game (GtkWidget  *widget,
                  const char *win_action)
{
  LwGamePage *self = LW_GAME_PAGE (widget);

  if (self->game != NULL)
    gtk_widget_activate_action (widget, win_action, "x", self->game->id);
}

/* "game.back-to-table": the virtual table of the game shown. */
static void
back_to_table_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  activate_on_game (widget, "win.open-game");
}

/* "game.table-entry": entry of this game's rounds from phones. */
static void
entry_dialog_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);

  if (self->game == NULL)
    return;
  if (self->entry_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->entry_dialog));
      return;
    }
  self->entry_dialog = lw_entry_dialog_new_for_game (lw_widget_get_window (widget),
                                                           self->store, self->game->id);
  g_object_add_weak_pointer (G_OBJECT (self->entry_dialog), (gpointer *) &self->entry_dialog);
  gtk_window_present (GTK_WINDOW (self->entry_dialog));
}

/* "game.lock-round" (u): locks round N against corrections from phones,
 * or unlocks it. */
static void
lock_round_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  guint number = g_variant_get_uint32 (parameter);
  gboolean locked;
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;

  if (self->game == NULL)
    return;
  locked = !lw_game_page_is_round_locked (self, number);
  if (!lw_store_set_round_locked (self->store, self->game->id, number, locked, &error)
      || !lw_game_page_refresh (self, TRUE))
    {
      lw_game_page_show_error_toast (self, error);
      return;
    }
  message = locked
    /* TRANSLATORS: a toast after the lock button of a round in the history */
    ? g_strdup_printf (_("Round %u locked: phones can no longer correct it"), number)
    /* TRANSLATORS: a toast after the lock button of a round in the history */
    : g_strdup_printf (_("Round %u unlocked"), number);
  lw_game_page_toast (self, message);
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  activate_on_game (widget, "win.delete-game");
}

/* A change reverted from the edit log: the page shows the game as it is. */
static void
log_reverted_cb (LwEditLog  *log,
                 gint64      id,
                 LwGamePage *self)
{
  g_autoptr (GError) error = NULL;

  if (self->game != NULL && self->game->id == id && !lw_game_page_refresh (self, TRUE))
    lw_game_page_show_error_toast (self, error);
}

static void
edit_log_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  g_autoptr (GError) error = NULL;
  LwEditLog *log;

  if (self->game == NULL)
    return;

  log = lw_edit_log_new (lw_widget_get_window (widget), self->store, self->view, &error);
  if (log == NULL)
    lw_game_page_show_error_toast (self, error);
  else
    g_signal_connect_object (log, "reverted", G_CALLBACK (log_reverted_cb), self, 0);
}

void
lw_game_page_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "game.back-to-table", NULL, back_to_table_action);
  gtk_widget_class_install_action (widget_class, "game.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "game.edit-log", NULL, edit_log_action);
  gtk_widget_class_install_action (widget_class, "game.table-entry", NULL, entry_dialog_action);
  gtk_widget_class_install_action (widget_class, "game.lock-round", "u", lock_round_action);
  /* Alt+T, as the header's Table button had before it moved into the menu. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_ALT_MASK, "game.back-to-table", NULL);
}
