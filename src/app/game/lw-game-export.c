/* lw-game-export.c — a game's score sheet exported (CSV) and printed,
 * filled in or blank
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-game-page-private.h"
#include "lw-print.h"
#include "lw-entry-dialog.h"

static void
export_saved_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (LwGamePage) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (object), result, NULL, &error))
    {
      g_autofree char *message = NULL;

      /* TRANSLATORS: %s is the reason */
      message = g_strdup_printf (_("Could not export: %s"), error->message);
      lw_game_page_toast (self, message);
      return;
    }

  lw_game_page_toast (self, _("Game record exported"));
}

static void
export_chosen (gpointer        owner,
               GFile          *file,
               GtkFileChooser *chooser)
{
  LwGamePage *self = owner;
  g_autoptr (GBytes) bytes = NULL;
  GString *json;

  if (self->game == NULL)
    return;

  /* As the CLI's export: what Import reads back, however large. */
  json = g_string_new (NULL);
  lw_game_record_write_json (self->game->record,
                             lw_game_record_export_indented (self->game->record),
                             lw_json_write_to_string, json, NULL);
  bytes = g_string_free_to_bytes (json);
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_NONE,
                                       NULL, export_saved_cb, g_object_ref (self));
}

/* game.export: the score sheet to a CSV file chosen. */
static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  g_autofree char *name = NULL;

  if (self->game == NULL || self->chooser != NULL)
    return;

  /* TRANSLATORS: the suggested file name of an exported game; %d is its number */
  name = g_strdup_printf (_("little-wolf-game-%d.json"), (int) self->game->id);
  lw_file_chooser_show (lw_file_chooser_new (widget, _("Export the Game Record"), GTK_FILE_CHOOSER_ACTION_SAVE,
                                             _("_Export"), name),
                        export_chosen, self, &self->chooser);
}

/* game.print: the filled-in score sheet. */
static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);

  if (self->game != NULL && self->standings != NULL)
    lw_print_run (lw_print_score_sheet_new (self->game->record, self->standings),
                  lw_widget_get_window (widget));
}

/* "game.print-blank": a blank score sheet with a column for each of
 * this game's sides (win.print-blank). */
static void
print_blank_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);

  if (self->standings != NULL)
    gtk_widget_activate_action (widget, "win.print-blank", "u", self->standings->n_sides);
}

/* The actions above, on the page's class (lw-game-page-private.h). */
void
lw_game_page_install_export_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "game.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "game.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "game.print-blank", NULL, print_blank_action);
}
