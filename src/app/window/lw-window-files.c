/* lw-window-files.c — a window's files: a game imported (opened,
 * dropped), many chosen at once (LwImportDialog), the score sheet exported (CSV), the database backed up
 * and restored
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-games-page.h"
#include "lw-import-dialog.h"
#include "lw-window-private.h"

static void
show_too_large (LwWindow *self,
                GFile    *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  /* TRANSLATORS: %s is a file name */
  heading = g_strdup_printf (_("Could Not Import “%s”"), basename);
  /* TRANSLATORS: %u is a size in MiB */
  body = g_strdup_printf (_("The file is larger than %u MiB, far too large for a game record."),
                          (guint) (LW_GAME_RECORD_MAX_BYTES / (1024 * 1024)));
  lw_show_error_dialog (GTK_WIDGET (self), heading, body);
}

/* Opens the game just imported and says so. */
static void
open_imported (LwWindow   *self,
               gint64      id,
               const char *heading,
               const char *basename)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;

  if (!lw_window_open_game (self, id, &error))
    {
      lw_show_error_dialog (GTK_WIDGET (self), heading, error->message);
      return;
    }
  /* TRANSLATORS: %s is a file name */
  message = g_strdup_printf (_("Imported “%s”"), basename);
  lw_window_add_toast (self, message);
}

static void
duplicate_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       gpointer          user_data)
{
  LwWindow *self = user_data;
  const LwGameRecord *record = g_object_get_data (G_OBJECT (dialog), "lw-record");
  const char *heading = g_object_get_data (G_OBJECT (dialog), "lw-heading");
  const char *basename = g_object_get_data (G_OBJECT (dialog), "lw-basename");
  const gint64 *same = g_object_get_data (G_OBJECT (dialog), "lw-same");

  if (g_str_equal (response, "open"))
    {
      g_autoptr (GError) error = NULL;

      if (!lw_window_open_game (self, *same, &error))
        lw_show_error_dialog (GTK_WIDGET (self), heading, error->message);
    }
  else if (g_str_equal (response, "new"))
    {
      g_autoptr (GError) error = NULL;
      gint64 again = 0;
      gint64 id = lw_store_import_game (self->store, record, TRUE, &again, &error);

      if (id <= 0)
        lw_show_error_dialog (GTK_WIDGET (self), heading, error != NULL ? error->message : _("The game could not be stored."));
      else
        open_imported (self, id, heading, basename);
    }
}

/* docs/rules/GAME-RECORD.md "Identity": the record is already stored as game @same;
 * the user chooses. */
static void
ask_duplicate (LwWindow     *self,
               LwGameRecord *record,
               gint64        same,
               const char   *heading,
               const char   *basename)
{
  GtkWidget *dialog;
  g_autofree char *body = NULL;

  /* TRANSLATORS: %s is a file name, %ld the ID of the stored game */
  body = g_strdup_printf (_("“%s” holds a game that is already stored as game %ld. Import it again "
                            "as a new game, with an identity of its own?"), basename, (long) same);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("This Game Is Already Stored"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "new", _("Import as a _New Game"),
                                    "open", _("_Open It"),
                                    NULL);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "open");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "open",
                                              ADW_RESPONSE_SUGGESTED);
  g_object_set_data_full (G_OBJECT (dialog), "lw-record", record, (GDestroyNotify) lw_game_record_free);
  g_object_set_data_full (G_OBJECT (dialog), "lw-heading", g_strdup (heading), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "lw-basename", g_strdup (basename), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "lw-same", g_memdup2 (&same, sizeof same), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (duplicate_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
import_loaded_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr (LwWindow) self = user_data;
  GFile *file = G_FILE (object);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *heading = NULL;
  gsize length = 0;
  gint64 id, same = 0;

  /* TRANSLATORS: %s is a file name */
  heading = g_strdup_printf (_("Could Not Import “%s”"), basename);

  if (!g_file_load_contents_finish (file, result, &contents, &length, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          lw_window_set_busy (self, FALSE);
          lw_show_error_dialog (GTK_WIDGET (self), heading, error->message);
        }
      return;
    }

  lw_window_set_busy (self, FALSE);

  if (length > LW_GAME_RECORD_MAX_BYTES)
    {
      show_too_large (self, file);
      return;
    }

  if (!g_utf8_validate (contents, length, NULL))
    {
      lw_show_error_dialog (GTK_WIDGET (self), heading, _("The file is not UTF-8 text, so it is not a game record."));
      return;
    }

  record = lw_game_record_from_json (contents, length, &error);
  if (record == NULL)
    {
      lw_show_error_dialog (GTK_WIDGET (self), heading, error->message);
      return;
    }

  id = lw_store_import_game (self->store, record, FALSE, &same, &error);
  if (same > 0)
    {
      ask_duplicate (self, g_steal_pointer (&record), same, heading, basename);
      return;
    }
  if (id <= 0)
    {
      lw_show_error_dialog (GTK_WIDGET (self), heading, error != NULL ? error->message : _("The game could not be stored."));
      return;
    }
  open_imported (self, id, heading, basename);
}

/* The size is looked at first: a huge file is refused without reading it. */
static void
import_sized_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (LwWindow) self = user_data;
  GFile *file = G_FILE (object);
  g_autoptr (GFileInfo) info = g_file_query_info_finish (file, result, NULL);

  if (g_cancellable_is_cancelled (self->cancellable))
    return;
  if (info != NULL
      && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE)
      && g_file_info_get_size (info) > LW_GAME_RECORD_MAX_BYTES)
    {
      lw_window_set_busy (self, FALSE);
      show_too_large (self, file);
      return;
    }
  /* Not known (a pipe, say): the length is checked once read. The
   * cancellable is read before the reference is handed on: the order in
   * which arguments are evaluated is not fixed. */
  {
    GCancellable *cancellable = self->cancellable;

    g_file_load_contents_async (file, cancellable, import_loaded_cb, g_steal_pointer (&self));
  }
}

void
lw_window_import_file (LwWindow *self,
                       GFile    *file)
{
  g_return_if_fail (LW_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  lw_window_set_busy (self, TRUE);
  g_file_query_info_async (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                           G_PRIORITY_DEFAULT, self->cancellable, import_sized_cb, g_object_ref (self));
}

/* Many records at once (docs/rules/CLI.md `import`): a window of
 * their own shows the import's progress and its report; the window's
 * views see the games stored once it is done. */
static void
import_finished_cb (LwImportDialog *dialog,
                    gpointer        user_data)
{
  LwWindow *self = user_data;

  /* The Games list, when shown, shows them at once; the other pages read
   * them when next shown. */
  if (g_strcmp0 (lw_window_get_visible_page (self), "games") == 0)
    lw_window_show_games (self);
  else if (self->watch != NULL)
    lw_store_watch_check (self->watch);
}

void
lw_window_import_files (LwWindow  *self,
                        GPtrArray *files)
{
  LwImportDialog *dialog;

  g_return_if_fail (LW_IS_WINDOW (self));
  g_return_if_fail (files != NULL && files->len > 0);

  dialog = lw_import_dialog_new (GTK_WINDOW (self), self->store, files);
  g_signal_connect_object (dialog, "finished", G_CALLBACK (import_finished_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
import_chosen (gpointer        owner,
               GFile          *file,
               GtkFileChooser *chooser)
{
  g_autoptr (GListModel) chosen = gtk_file_chooser_get_files (chooser);
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < g_list_model_get_n_items (chosen); i++)
    g_ptr_array_add (files, g_list_model_get_item (chosen, i));
  if (files->len == 0)
    g_ptr_array_add (files, g_object_ref (file));
  lw_window_import_files (owner, files);
}

void
lw_window_import_action (LwWindow *self,
                         GVariant *parameter)
{
  GtkFileChooserNative *chooser;
  GtkFileFilter *records;

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
      return;
    }

  /* TRANSLATORS: the title of Import's file chooser, which takes many files */
  chooser = lw_file_chooser_new (GTK_WIDGET (self), _("Import Game Records"), GTK_FILE_CHOOSER_ACTION_OPEN,
                                 _("_Import"), NULL);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  /* TRANSLATORS: a file chooser's filter: a record per file, JSON Lines or a JSON array of records */
  records = lw_file_chooser_add_filter (chooser, _("Game records (JSON, JSON Lines)"), "application/json", "json");
  gtk_file_filter_add_suffix (records, "jsonl");
  gtk_file_filter_add_suffix (records, "ndjson");
  lw_file_chooser_add_filter (chooser, _("All files"), NULL, NULL);
  lw_file_chooser_show (chooser, import_chosen, self, &self->chooser);
}

/* win.import-files (as): the files named, imported as Import… imports
 * the files chosen. */
void
lw_window_import_files_action (LwWindow *self,
                               GVariant *parameter)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree const char **names = g_variant_get_strv (parameter, NULL);

  for (guint i = 0; names[i] != NULL; i++)
    g_ptr_array_add (files, g_file_new_for_commandline_arg (names[i]));
  if (files->len > 0)
    lw_window_import_files (self, files);
}

void
lw_window_import_file_action (LwWindow *self,
                              GVariant *parameter)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (parameter, NULL));

  lw_window_import_file (self, file);
}

/* ------------------------------------------------------------------ */
/* Score sheet (CSV), backup and restore                                */
/* ------------------------------------------------------------------ */

gboolean
lw_window_export_csv_to (LwWindow  *self,
                         gint64     id,
                         GFile     *file,
                         GError   **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autofree char *csv = NULL;

  g_return_val_if_fail (LW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  game = lw_store_load_game (self->store, id, error);
  if (game == NULL)
    return FALSE;
  standings = lw_standings_compute (game->record, error);
  if (standings == NULL)
    return FALSE;
  csv = lw_csv_score_sheet (game->record, standings);

  return g_file_replace_contents (file, csv, strlen (csv), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

static void
save_chosen (gpointer        owner,
             GFile          *file,
             GtkFileChooser *chooser)
{
  LwWindow *self = owner;
  const char *what = g_object_get_data (G_OBJECT (chooser), "lw-what");
  const gint64 *id = g_object_get_data (G_OBJECT (chooser), "lw-game-id");
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (what, "csv") == 0 && id != NULL)
    {
      if (lw_window_export_csv_to (self, *id, file, &error))
        lw_window_add_toast (self, _("Score sheet saved"));
      else
        lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Save the Score Sheet"), error->message);
    }
  else if (g_strcmp0 (what, "backup") == 0)
    {
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL && lw_store_backup_to (self->store, path, &error))
        lw_window_add_toast (self, _("Backup saved"));
      else
        lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Back Up the Scores"),
                    error != NULL ? error->message : _("The backup must be a local file."));
    }
  else if (g_strcmp0 (what, "restore") == 0)
    {
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        lw_window_confirm_restore (self, path);
    }
}

/* The files a restore reads: the app's backups (little-wolf-backup-DATE
 * .sqlite3), the copies the store keeps before a migration (PATH.vN.bak,
 * PATH.vN.K.bak) or a restore (PATH.before-restore-TIME.bak); any file
 * too, since any Little Wolf database can be restored. */
static void
add_backup_filters (GtkFileChooserNative *chooser)
{
  GtkFileFilter *backups;

  /* TRANSLATORS: a file chooser's filter: the files a restore reads */
  backups = lw_file_chooser_add_filter (chooser, _("Backups (.bak, .sqlite3)"), "application/vnd.sqlite3", "bak");
  gtk_file_filter_add_suffix (backups, "sqlite3");
  gtk_file_filter_add_suffix (backups, "sqlite");
  /* TRANSLATORS: a file chooser's filter */
  lw_file_chooser_add_filter (chooser, _("All Files"), NULL, NULL);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (chooser), backups);
}

static void
run_chooser (LwWindow             *self,
             const char           *what,
             const char           *title,
             GtkFileChooserAction  action,
             const char           *accept,
             const char           *suggested_name,
             const char           *mime,
             const char           *suffix,
             gint64                id)
{
  GtkFileChooserNative *chooser = lw_file_chooser_new (GTK_WIDGET (self), title, action, accept, suggested_name);

  if (mime != NULL)
    lw_file_chooser_add_filter (chooser, title, mime, suffix);
  if (g_str_equal (what, "restore"))
    add_backup_filters (chooser);
  g_object_set_data (G_OBJECT (chooser), "lw-what", (gpointer) what);
  g_object_set_data_full (G_OBJECT (chooser), "lw-game-id", g_memdup2 (&id, sizeof id), g_free);
  lw_file_chooser_show (chooser, save_chosen, self, NULL);
}

void
lw_window_export_csv_action (LwWindow *self,
                             GVariant *parameter)
{
  gint64 id = g_variant_get_int64 (parameter);
  g_autofree char *name = NULL;

  /* TRANSLATORS: the suggested file name of a game's score sheet; %ld is the game's ID */
  name = g_strdup_printf (_("little-wolf-game-%ld.csv"), (long) id);
  run_chooser (self, "csv", _("Export the Score Sheet"), GTK_FILE_CHOOSER_ACTION_SAVE,
               _("_Export"), name, "text/csv", "csv", id);
}

void
lw_window_backup_action (LwWindow *self,
                         GVariant *parameter)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *name = NULL;

  /* TRANSLATORS: the suggested file name of a backup; %s is today's date */
  name = g_strdup_printf (_("little-wolf-backup-%s.sqlite3"), date);
  run_chooser (self, "backup", _("Back Up the Scores"), GTK_FILE_CHOOSER_ACTION_SAVE,
               _("_Save"), name, "application/vnd.sqlite3", "sqlite3", 0);
}

void
lw_window_restore_action (LwWindow *self,
                          GVariant *parameter)
{
  run_chooser (self, "restore", _("Restore the Scores From a Backup"),
               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Restore…"), NULL, NULL, NULL, 0);
}

/* Everything shown came from the old contents. */
static void
show_restored (LwWindow *self)
{
  lw_store_watch_emit_all (self->watch);
  self->reload_games = TRUE;
  lw_window_show_games (self);
}

gboolean
lw_window_restore_from (LwWindow    *self,
                        const char  *path,
                        GError     **error)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!lw_store_restore_from (self->store, path, error))
    return FALSE;
  show_restored (self);
  return TRUE;
}

/* "win.undo-restore" (s): the safety copy a restore made is restored. */
void
lw_window_undo_restore_action (LwWindow *self,
                               GVariant *parameter)
{
  g_autoptr (GError) error = NULL;

  if (!lw_window_restore_from (self, g_variant_get_string (parameter, NULL), &error))
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Restore the Scores"), error->message);
      return;
    }
  /* TRANSLATORS: a toast after Undo Restore */
  lw_window_add_toast (self, _("Scores back as they were before the restore"));
}

static void
restore_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     gpointer          user_data)
{
  LwWindow *self = LW_WINDOW (user_data);
  const char *path = g_object_get_data (G_OBJECT (dialog), "lw-path");
  const char *safety = g_object_get_data (G_OBJECT (dialog), "lw-safety-copy");
  g_autoptr (GError) error = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *message = NULL;
  AdwToast *toast;

  if (path == NULL || safety == NULL)
    return;

  if (!lw_store_restore_keeping_copy (self->store, path, safety, &error))
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Restore the Scores"), error->message);
      return;
    }
  show_restored (self);

  basename = g_path_get_basename (safety);
  /* TRANSLATORS: a toast after a restore; %s is the file name of the copy of the scores replaced */
  message = g_strdup_printf (_("Scores restored. The scores before are in “%s”"), basename);
  toast = lw_window_add_toast (self, message);
  /* TRANSLATORS: the button of the toast after a restore */
  adw_toast_set_button_label (toast, _("_Undo Restore"));
  adw_toast_set_action_target_value (toast, g_variant_new_string (safety));
  adw_toast_set_action_name (toast, "win.undo-restore");
  adw_toast_set_timeout (toast, 10);
}

void
lw_window_confirm_restore (LwWindow   *self,
                           const char *path)
{
  g_autofree char *basename = g_path_get_basename (path);
  g_autofree char *safety = NULL;
  g_autofree char *safety_name = NULL;
  g_autofree char *safety_dir = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  g_return_if_fail (LW_IS_WINDOW (self));

  safety = lw_store_new_safety_copy_path (self->store);
  safety_name = g_path_get_basename (safety);
  safety_dir = g_path_get_dirname (safety);
  /* TRANSLATORS: %1$s is the backup's file name; %2$s the file name of the copy made first, %3$s its folder */
  body = g_strdup_printf (_("Every game now stored is replaced by the games in “%1$s”.\n\n"
                            "First the scores now stored are copied to “%2$s” in %3$s: "
                            "restoring that file goes back."),
                          basename, safety_name, safety_dir);
  dialog = lw_message_dialog_new (GTK_WIDGET (self), _("Restore the Scores From the Backup?"), body, NULL,
                                  "restore", _("_Restore"));
  lw_message_dialog_set_destructive (dialog);
  g_object_set_data_full (G_OBJECT (dialog), "lw-path", g_strdup (path), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "lw-safety-copy", g_steal_pointer (&safety), g_free);
  lw_message_dialog_present (dialog, G_CALLBACK (restore_response_cb), self, NULL);
}
