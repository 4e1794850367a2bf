/* test-ui-dialogs.c — the app's one dialog helper and its file chooser
 * (lw-app-util.h): the accept callback runs on the accept response only,
 * and not once its owner is gone; a page keeps one dialog open at a time;
 * a destructive choice is not the default; the file chosen reaches the
 * callback, Cancel calls nothing, and the owner's slot is emptied
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "lw-app-util.h"
#include "lw-test-app.h"

typedef struct
{
  GtkWidget *window;
  GObject   *owner;
  guint      accepted;
  char      *response;
  GFile     *chosen;
} Fixture;

static void
drain (void)
{
  /* Bounded: a few hundred idle iterations at most. */
  for (guint i = 0; i < 500 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (fixture->window), gtk_label_new ("content"));
  gtk_window_present (GTK_WINDOW (fixture->window));
  fixture->owner = g_object_new (G_TYPE_OBJECT, NULL);
  g_object_set_data (fixture->owner, "lw-fixture", fixture);
  drain ();
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->owner);
  g_clear_object (&fixture->chosen);
  g_clear_pointer (&fixture->response, g_free);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  drain ();
}

static void
accepted_cb (AdwMessageDialog *dialog,
             const char       *response,
             gpointer          owner)
{
  Fixture *fixture = g_object_get_data (owner, "lw-fixture");

  fixture->accepted++;
  g_free (fixture->response);
  fixture->response = g_strdup (response);
}

/* @response given as a button gives it: the dialog closes after it. */
static void
respond (AdwMessageDialog *dialog,
         const char       *response)
{
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  drain ();
}

static AdwMessageDialog *
new_dialog (Fixture *fixture)
{
  return lw_message_dialog_new (gtk_window_get_child (GTK_WINDOW (fixture->window)),
                                "Delete “Ann vs Ben”?", "The game is deleted for good.", NULL,
                                "delete", "_Delete");
}

static void
test_accept_only (Fixture       *fixture,
                  gconstpointer  data)
{
  AdwMessageDialog *slot = NULL;
  AdwMessageDialog *dialog = new_dialog (fixture);

  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (fixture->window));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "delete");
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "cancel");
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "delete"), ==, ADW_RESPONSE_SUGGESTED);

  lw_message_dialog_present (dialog, G_CALLBACK (accepted_cb), fixture->owner, &slot);
  g_assert_true (slot == dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));

  /* Cancel (and Escape, its close response) calls nothing. */
  respond (dialog, "cancel");
  g_assert_cmpuint (fixture->accepted, ==, 0);
  g_assert_null (slot);

  dialog = new_dialog (fixture);
  lw_message_dialog_present (dialog, G_CALLBACK (accepted_cb), fixture->owner, &slot);
  respond (dialog, "delete");
  g_assert_cmpuint (fixture->accepted, ==, 1);
  g_assert_cmpstr (fixture->response, ==, "delete");
  g_assert_null (slot);
}

static void
test_one_at_a_time (Fixture       *fixture,
                    gconstpointer  data)
{
  AdwMessageDialog *slot = NULL;
  AdwMessageDialog *first = new_dialog (fixture);
  AdwMessageDialog *second = new_dialog (fixture);
  gpointer first_alive = first;

  g_object_add_weak_pointer (G_OBJECT (first), &first_alive);
  lw_message_dialog_present (first, G_CALLBACK (accepted_cb), fixture->owner, &slot);
  lw_message_dialog_present (second, G_CALLBACK (accepted_cb), fixture->owner, &slot);
  drain ();
  /* The first one is gone; the slot holds the second. */
  g_assert_null (first_alive);
  g_assert_true (slot == second);

  gtk_window_destroy (GTK_WINDOW (second));
  drain ();
  g_assert_null (slot);
  g_assert_cmpuint (fixture->accepted, ==, 0);
}

static void
test_owner_gone (Fixture       *fixture,
                 gconstpointer  data)
{
  AdwMessageDialog *dialog = new_dialog (fixture);

  lw_message_dialog_present (dialog, G_CALLBACK (accepted_cb), fixture->owner, NULL);
  g_clear_object (&fixture->owner);
  respond (dialog, "delete");
  g_assert_cmpuint (fixture->accepted, ==, 0);
}

static void
test_destructive (Fixture       *fixture,
                  gconstpointer  data)
{
  AdwMessageDialog *dialog = new_dialog (fixture);

  lw_message_dialog_set_destructive (dialog);
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "delete"), ==, ADW_RESPONSE_DESTRUCTIVE);
  /* Enter gives Cancel. */
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_error_dialog (Fixture       *fixture,
                   gconstpointer  data)
{
  AdwMessageDialog *dialog = lw_show_error_dialog (fixture->window, "Could Not Print", "no printer");

  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Print");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, "No printer");
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "close");
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "close");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
chosen_cb (gpointer        owner,
           GFile          *file,
           GtkFileChooser *chooser)
{
  Fixture *fixture = g_object_get_data (owner, "lw-fixture");

  g_assert_cmpstr (g_object_get_data (G_OBJECT (chooser), "lw-what"), ==, "csv");
  g_set_object (&fixture->chosen, file);
}

static GtkFileChooserNative *
new_chooser (Fixture *fixture,
             GFile   *folder)
{
  GtkFileChooserNative *chooser = lw_file_chooser_new (fixture->window, "Export the Score Sheet",
                                                       GTK_FILE_CHOOSER_ACTION_SAVE, "_Export",
                                                       "little-wolf-game-3.csv");
  GtkFileFilter *filter = lw_file_chooser_add_filter (chooser, "CSV files", "text/csv", "csv");
  g_autoptr (GListModel) filters = gtk_file_chooser_get_filters (GTK_FILE_CHOOSER (chooser));

  g_assert_cmpstr (gtk_file_filter_get_name (filter), ==, "CSV files");
  g_assert_cmpuint (g_list_model_get_n_items (filters), ==, 1);
  g_assert_true (gtk_native_dialog_get_modal (GTK_NATIVE_DIALOG (chooser)));
  g_assert_true (gtk_native_dialog_get_transient_for (GTK_NATIVE_DIALOG (chooser)) == GTK_WINDOW (fixture->window));
  g_object_set_data (G_OBJECT (chooser), "lw-what", (gpointer) "csv");
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
  return chooser;
}

/* The shown chooser reads its folder in the background: at most 5 s
 * (bounded in count too) until it gives the file it was set to. */
static void
wait_for_file (GtkFileChooserNative *chooser)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  for (guint i = 0; i < 5000 && g_get_monotonic_time () < end; i++)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        return;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static void
test_file_chosen (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("lw-dialogs-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "little-wolf-game-3.csv", NULL);
  g_autoptr (GFile) folder = g_file_new_for_path (dir);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  GtkFileChooserNative *slot = NULL;
  GtkFileChooserNative *chooser;
  gpointer alive;

  /* Cancel: nothing chosen, the slot emptied and the chooser freed. */
  chooser = new_chooser (fixture, folder);
  alive = chooser;
  g_object_add_weak_pointer (G_OBJECT (chooser), &alive);
  lw_file_chooser_show (chooser, chosen_cb, fixture->owner, &slot);
  g_assert_true (slot == chooser);
  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_CANCEL);
  drain ();
  g_assert_null (fixture->chosen);
  g_assert_null (slot);
  g_assert_null (alive);

  /* Accept: the file, the suggested name in the folder, reaches the
   * callback. */
  chooser = new_chooser (fixture, folder);
  alive = chooser;
  g_object_add_weak_pointer (G_OBJECT (chooser), &alive);
  lw_file_chooser_show (chooser, chosen_cb, fixture->owner, NULL);
  wait_for_file (chooser);
  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_ACCEPT);
  drain ();
  g_assert_nonnull (fixture->chosen);
  g_assert_true (g_file_equal (fixture->chosen, file));
  /* Without a slot the chooser held itself, and is freed now. */
  g_assert_null (alive);

  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  lw_test_app_init (&argc, &argv);
  adw_init ();

  g_test_add ("/ui-dialogs/accept-only", Fixture, NULL, fixture_set_up, test_accept_only, fixture_tear_down);
  g_test_add ("/ui-dialogs/one-at-a-time", Fixture, NULL, fixture_set_up, test_one_at_a_time, fixture_tear_down);
  g_test_add ("/ui-dialogs/owner-gone", Fixture, NULL, fixture_set_up, test_owner_gone, fixture_tear_down);
  g_test_add ("/ui-dialogs/destructive", Fixture, NULL, fixture_set_up, test_destructive, fixture_tear_down);
  g_test_add ("/ui-dialogs/error-dialog", Fixture, NULL, fixture_set_up, test_error_dialog, fixture_tear_down);
  g_test_add ("/ui-dialogs/file-chosen", Fixture, NULL, fixture_set_up, test_file_chosen, fixture_tear_down);

  return lw_test_app_run ();
}
