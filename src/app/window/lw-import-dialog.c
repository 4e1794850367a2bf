/* lw-import-dialog.c — the window of an import of many game records: a
 * worker thread with a connection of its own runs the store's bulk
 * import (lw_store_import_inputs()) and hands its progress to the window
 * at most ten times a second; the window shows "N of M games" and
 * Cancel, then the report: how many stored, each refusal by its place
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-import-dialog.h"
#include "lw-import-dialog-private.h"
#include "lw-widget-actions.h"

/* Refusals listed one by one at most: past them the report counts. */
#define MAX_ROWS 1000

/* The progress interval, in milliseconds. */
#define PROGRESS_MS 100

/* One record not stored. */
typedef struct {
  char   *place;   /* (nullable): the reason names it */
  char   *reason;  /* (nullable): with @same */
  gint64  same;    /* the game it is already stored as, or 0 */
} Refusal;

static void
refusal_free (gpointer data)
{
  Refusal *refusal = data;

  g_free (refusal->place);
  g_free (refusal->reason);
  g_free (refusal);
}

/* What the worker and the window share (reference counted: the worker,
 * the window and a queued progress update each hold one). */
typedef struct {
  GMutex           lock;
  LwImportProgress progress;   /* the latest */
  gboolean         queued;     /* an update of the window is queued */
  GWeakRef         dialog;
  GPtrArray       *refusals;   /* element-type Refusal: the first MAX_ROWS */
} Shared;

static void
shared_clear (gpointer data)
{
  Shared *shared = data;

  g_mutex_clear (&shared->lock);
  g_weak_ref_clear (&shared->dialog);
  g_ptr_array_unref (shared->refusals);
}

static void
shared_unref (Shared *shared)
{
  g_atomic_rc_box_release_full (shared, shared_clear);
}

/* The worker's job: the files' paths and names, its own connection. */
typedef struct {
  Shared   *shared;
  LwStore  *store;
  GPtrArray *paths;   /* element-type utf8 */
  GPtrArray *shown;   /* element-type utf8: each file's name */
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  shared_unref (job->shared);
  g_clear_object (&job->store);
  g_ptr_array_unref (job->paths);
  g_ptr_array_unref (job->shown);
  g_free (job);
}

/* The worker's result. */
typedef struct {
  LwImportReport report;
  GError        *error;  /* (nullable) why it stopped (not a cancel) */
} Outcome;

static void
outcome_free (gpointer data)
{
  Outcome *outcome = data;

  g_clear_error (&outcome->error);
  g_free (outcome);
}

struct _LwImportDialog
{
  AdwWindow       parent_instance;

  Shared         *shared;
  GCancellable   *cancellable;
  gboolean        running;
  guint64         imported;

  /* template widgets */
  GtkStack       *stack;
  GtkLabel       *progress_label;
  GtkProgressBar *progress_bar;
  GtkButton      *cancel_button;
  GtkLabel       *report_heading;
  GtkLabel       *report_body;
  GtkWidget      *refusals_scroll;
  GtkListBox     *refusals;
};

G_DEFINE_FINAL_TYPE (LwImportDialog, lw_import_dialog, ADW_TYPE_WINDOW)

enum {
  SIGNAL_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- the worker ---------------------------------------------------- */

static void
add_refusal (Shared     *shared,
             const char *place,
             const char *reason,
             gint64      same)
{
  Refusal *refusal;

  g_mutex_lock (&shared->lock);
  if (shared->refusals->len < MAX_ROWS)
    {
      refusal = g_new0 (Refusal, 1);
      refusal->place = g_strdup (place);
      refusal->reason = g_strdup (reason);
      refusal->same = same;
      g_ptr_array_add (shared->refusals, refusal);
    }
  g_mutex_unlock (&shared->lock);
}

static void
refused_cb (gpointer    data,
            const char *place,
            const char *reason,
            gint64      same)
{
  add_refusal (data, place, reason, same);
}

static void show_progress (LwImportDialog *self);

static gboolean
progress_timeout_cb (gpointer data)
{
  Shared *shared = data;
  g_autoptr (LwImportDialog) self = g_weak_ref_get (&shared->dialog);

  g_mutex_lock (&shared->lock);
  shared->queued = FALSE;
  g_mutex_unlock (&shared->lock);
  /* Once disposed (its parent closed), the window shows nothing more. */
  if (self != NULL && self->running && self->progress_bar != NULL)
    show_progress (self);
  return G_SOURCE_REMOVE;
}

/* On the worker: the latest progress kept, and the window's update
 * queued once per interval. */
static void
progress_cb (gpointer                data,
             const LwImportProgress *progress)
{
  Shared *shared = data;
  gboolean queue;

  g_mutex_lock (&shared->lock);
  shared->progress = *progress;
  queue = !shared->queued;
  shared->queued = TRUE;
  g_mutex_unlock (&shared->lock);
  if (queue)
    g_timeout_add_full (G_PRIORITY_DEFAULT, PROGRESS_MS, progress_timeout_cb,
                        g_atomic_rc_box_acquire (shared), (GDestroyNotify) shared_unref);
}

static void
import_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  static const LwImportCallbacks callbacks = {
    NULL, NULL, refused_cb, NULL, progress_cb,
  };
  Job *job = task_data;
  g_autoptr (GPtrArray) inputs = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_import_input_free);
  Outcome *outcome = g_new0 (Outcome, 1);
  guint64 unopened = 0;

  /* A file that does not open is refused by its name; the others go on. */
  for (guint i = 0; i < job->paths->len; i++)
    {
      g_autoptr (GError) error = NULL;
      LwImportInput *input = lw_import_input_open (g_ptr_array_index (job->paths, i),
                                                   g_ptr_array_index (job->shown, i), &error);

      if (input != NULL)
        g_ptr_array_add (inputs, input);
      else
        {
          add_refusal (job->shared, NULL, error->message, 0);
          unopened++;
        }
    }

  lw_store_import_inputs (job->store, (LwImportInput **) inputs->pdata, inputs->len,
                          LW_IMPORT_COUNT_FIRST, &callbacks, job->shared, cancellable,
                          &outcome->report, &outcome->error);
  outcome->report.refused += unopened;
  if (g_error_matches (outcome->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_clear_error (&outcome->error);
  g_task_return_pointer (task, outcome, outcome_free);
}

/* ---- the window ---------------------------------------------------- */

static void
show_progress (LwImportDialog *self)
{
  LwImportProgress progress;
  g_autofree char *text = NULL;
  g_autofree char *done = NULL;
  g_autofree char *total = NULL;

  g_mutex_lock (&self->shared->lock);
  progress = self->shared->progress;
  g_mutex_unlock (&self->shared->lock);

  done = g_strdup_printf ("%" G_GUINT64_FORMAT, progress.done);
  total = g_strdup_printf ("%" G_GUINT64_FORMAT, progress.total);
  if (progress.total > 0)
    {
      /* TRANSLATORS: an import's progress: %1$s games done (stored or refused) of %2$s */
      text = g_strdup_printf (_("%1$s of %2$s games"), done, total);
      gtk_progress_bar_set_fraction (self->progress_bar, MIN (1.0, (double) progress.done / (double) progress.total));
    }
  else
    {
      /* TRANSLATORS: an import's progress when the total is not known: %s games done */
      text = g_strdup_printf (_("%s games"), done);
      if (progress.bytes_total > 0)
        gtk_progress_bar_set_fraction (self->progress_bar,
                                       MIN (1.0, (double) progress.bytes_read / (double) progress.bytes_total));
      else
        gtk_progress_bar_pulse (self->progress_bar);
    }
  gtk_progress_bar_set_text (self->progress_bar, text);
}

static GtkWidget *
refusal_row (const Refusal *refusal)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *reason = NULL;

  if (refusal->same > 0)
    {
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, refusal->same);

      /* TRANSLATORS: an import's refusal; %s is the ID of the game stored */
      reason = g_strdup_printf (_("Already stored as game %s"), id);
    }
  else
    reason = g_strdup (refusal->reason);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (refusal->place != NULL)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), refusal->place);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), reason);
    }
  else
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), reason);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  return row;
}

/* The report, once the worker is done. */
static void
show_report (LwImportDialog *self,
             const Outcome  *outcome)
{
  g_autoptr (GString) body = g_string_new (NULL);
  g_autofree char *imported = g_strdup_printf ("%" G_GUINT64_FORMAT, outcome->report.imported);
  g_autofree char *refused = g_strdup_printf ("%" G_GUINT64_FORMAT, outcome->report.refused);
  guint shown = 0;

  if (outcome->error != NULL)
    /* TRANSLATORS: the heading of an import's report when it could not go on */
    gtk_label_set_text (self->report_heading, _("Import Stopped"));
  else if (outcome->report.cancelled)
    /* TRANSLATORS: the heading of an import's report after Cancel */
    gtk_label_set_text (self->report_heading, _("Import Cancelled"));
  else
    /* TRANSLATORS: the heading of an import's report */
    gtk_label_set_text (self->report_heading, _("Import Done"));

  /* TRANSLATORS: an import's report; %s is a count of games */
  g_string_append_printf (body, ngettext ("%s game stored.", "%s games stored.",
                                          (gulong) MIN (outcome->report.imported, G_MAXULONG)), imported);
  if (outcome->report.refused > 0)
    {
      g_string_append_c (body, ' ');
      /* TRANSLATORS: an import's report; %s is a count of game records, listed below */
      g_string_append_printf (body, ngettext ("%s record refused:", "%s records refused:",
                                              (gulong) MIN (outcome->report.refused, G_MAXULONG)), refused);
    }
  if (outcome->report.cancelled)
    {
      g_string_append (body, "\n\n");
      g_string_append (body, _("The games stored before Cancel stay stored; nothing after them was read."));
    }
  if (outcome->error != NULL)
    {
      g_string_append (body, "\n\n");
      g_string_append (body, outcome->error->message);
      g_string_append (body, "\n");
      g_string_append (body, _("The games stored before stay stored."));
    }
  gtk_label_set_text (self->report_body, body->str);

  g_mutex_lock (&self->shared->lock);
  for (guint i = 0; i < self->shared->refusals->len; i++, shown++)
    gtk_list_box_append (self->refusals, refusal_row (g_ptr_array_index (self->shared->refusals, i)));
  g_mutex_unlock (&self->shared->lock);
  if (outcome->report.refused > shown && shown > 0)
    {
      Refusal more = { NULL, NULL, 0 };
      g_autofree char *rest = g_strdup_printf ("%" G_GUINT64_FORMAT, outcome->report.refused - shown);

      /* TRANSLATORS: the last line of an import's refusals when there are too many to list; %s is a count */
      more.reason = g_strdup_printf (_("And %s more"), rest);
      gtk_list_box_append (self->refusals, refusal_row (&more));
      g_free (more.reason);
    }
  gtk_widget_set_visible (self->refusals_scroll, shown > 0);
  gtk_stack_set_visible_child_name (self->stack, "report");
}

static void
import_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  LwImportDialog *self = LW_IMPORT_DIALOG (object);
  g_autoptr (GError) error = NULL;
  Outcome *outcome = g_task_propagate_pointer (G_TASK (result), &error);

  self->running = FALSE;
  /* Disposed meanwhile (its parent closed): the import was cancelled,
   * what it committed stays, and there is no window to tell. */
  if (self->stack == NULL)
    {
      g_clear_pointer (&outcome, outcome_free);
      return;
    }
  if (outcome == NULL)
    {
      Outcome failed = { { 0, 0, 0, FALSE }, g_steal_pointer (&error) };

      show_report (self, &failed);
      g_clear_error (&failed.error);
    }
  else
    {
      self->imported = outcome->report.imported;
      show_report (self, outcome);
      outcome_free (outcome);
    }
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

static void
cancel_action (LwImportDialog *self,
               GVariant       *parameter)
{
  if (!self->running)
    return;
  g_cancellable_cancel (self->cancellable);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cancel_button), FALSE);
  /* TRANSLATORS: an import's progress after Cancel, until it stops */
  gtk_label_set_text (self->progress_label, _("Cancelling…"));
}

/* Closing while it runs is Cancel: the window stays for the report. */
static gboolean
lw_import_dialog_close_request (GtkWindow *window)
{
  LwImportDialog *self = LW_IMPORT_DIALOG (window);

  if (self->running)
    {
      cancel_action (self, NULL);
      return TRUE;
    }
  return GTK_WINDOW_CLASS (lw_import_dialog_parent_class)->close_request (window);
}

static const LwWidgetAction actions[] = {
  { "import.cancel", NULL, G_CALLBACK (cancel_action) },
};

static void
lw_import_dialog_dispose (GObject *object)
{
  LwImportDialog *self = LW_IMPORT_DIALOG (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (object), LW_TYPE_IMPORT_DIALOG);

  G_OBJECT_CLASS (lw_import_dialog_parent_class)->dispose (object);
}

static void
lw_import_dialog_finalize (GObject *object)
{
  LwImportDialog *self = LW_IMPORT_DIALOG (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->shared, shared_unref);

  G_OBJECT_CLASS (lw_import_dialog_parent_class)->finalize (object);
}

static void
lw_import_dialog_class_init (LwImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = lw_import_dialog_dispose;
  object_class->finalize = lw_import_dialog_finalize;
  window_class->close_request = lw_import_dialog_close_request;

  /**
   * LwImportDialog::finished:
   *
   * The import is done (to its end, cancelled or stopped) and its report
   * shown: the store's watch may look for what it stored.
   */
  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-import-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, LwImportDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, LwImportDialog, progress_label);
  gtk_widget_class_bind_template_child (widget_class, LwImportDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, LwImportDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, LwImportDialog, report_heading);
  gtk_widget_class_bind_template_child (widget_class, LwImportDialog, report_body);
  gtk_widget_class_bind_template_child (widget_class, LwImportDialog, refusals_scroll);
  gtk_widget_class_bind_template_child (widget_class, LwImportDialog, refusals);
  lw_widget_class_install_actions (widget_class, actions, G_N_ELEMENTS (actions));
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
lw_import_dialog_init (LwImportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->shared = g_atomic_rc_box_new0 (Shared);
  g_mutex_init (&self->shared->lock);
  g_weak_ref_init (&self->shared->dialog, self);
  self->shared->refusals = g_ptr_array_new_with_free_func (refusal_free);
}

LwImportDialog *
lw_import_dialog_new (GtkWindow *parent,
                      LwStore   *store,
                      GPtrArray *files)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *heading = NULL;
  LwImportDialog *self;
  Job *job;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (files != NULL && files->len > 0, NULL);

  self = g_object_new (LW_TYPE_IMPORT_DIALOG, "transient-for", parent, NULL);
  lw_window_fit_parent (GTK_WINDOW (self), parent, 520, 460);

  job = g_new0 (Job, 1);
  job->shared = g_atomic_rc_box_acquire (self->shared);
  job->paths = g_ptr_array_new_with_free_func (g_free);
  job->shown = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < files->len; i++)
    {
      GFile *file = g_ptr_array_index (files, i);
      char *path = g_file_get_path (file);

      if (path == NULL)
        {
          g_autofree char *uri = g_file_get_uri (file);

          /* TRANSLATORS: an import's refusal of a file that is not on this computer; %s is its address */
          add_refusal (self->shared, uri, _("Only a file on this computer can be imported"), 0);
          continue;
        }
      g_ptr_array_add (job->paths, path);
      g_ptr_array_add (job->shown, g_file_get_basename (file));
    }

  /* TRANSLATORS: the heading of an import's progress; %u is a count of files */
  heading = g_strdup_printf (ngettext ("Importing %u file…", "Importing %u files…", files->len), files->len);
  gtk_label_set_text (self->progress_label, heading);
  /* TRANSLATORS: an import's progress before its records are counted */
  gtk_progress_bar_set_text (self->progress_bar, _("Counting the games…"));

  /* The window's connection stays the window's: the worker writes on
   * its own. */
  job->store = lw_store_open_another (store, 5000, &error);
  self->running = TRUE;
  if (job->store == NULL)
    {
      Outcome failed = { { 0, 0, 0, FALSE }, g_steal_pointer (&error) };

      job_free (job);
      self->running = FALSE;
      show_report (self, &failed);
      g_clear_error (&failed.error);
      return self;
    }
  task = lw_widget_run_worker (GTK_WIDGET (self), &self->cancellable, import_done_cb,
                               lw_import_dialog_new, job, job_free, import_thread);
  /* A cancelled import still reports what it stored. */
  g_task_set_check_cancellable (task, FALSE);
  return self;
}

gboolean
lw_import_dialog_get_running (LwImportDialog *self)
{
  g_return_val_if_fail (LW_IS_IMPORT_DIALOG (self), FALSE);

  return self->running;
}

guint64
lw_import_dialog_get_imported (LwImportDialog *self)
{
  g_return_val_if_fail (LW_IS_IMPORT_DIALOG (self), 0);

  return self->imported;
}
