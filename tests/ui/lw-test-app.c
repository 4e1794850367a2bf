/* lw-test-app.c — the UI tests' fixture (lw-test-app.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-app-util.h"
#include "lw-test-app.h"
#include "lw-test-util.h"
#include "lw-application-private.h"

void
lw_test_drain (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

GtkWidget *
lw_test_find_widget (GtkWidget *widget,
                     GType      type)
{
  return lw_find_widget (widget, type);
}

void
lw_test_activate (gpointer    widget,
                  const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (widget), action, NULL));
  lw_test_drain ();
}

void
lw_test_app_open (LwTestApp *fixture)
{
  g_autoptr (GError) error = NULL;

  fixture->app = lw_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (fixture->app), NULL, &error));
  g_assert_no_error (error);

  fixture->window = lw_application_open_database (fixture->app, fixture->db_path, &error);
  g_assert_no_error (error);
  g_assert_true (LW_IS_WINDOW (fixture->window));
}

void
lw_test_app_close (LwTestApp *fixture)
{
  if (fixture->window != NULL)
    gtk_window_destroy (GTK_WINDOW (fixture->window));
  fixture->window = NULL;
  lw_test_drain ();
  g_clear_object (&fixture->app);
  lw_test_drain ();
}

void
lw_test_app_set_up (LwTestApp     *fixture,
                    gconstpointer  data)
{
  fixture->dir = lw_test_make_program_dir ();
  fixture->db_path = g_build_filename (fixture->dir, "test.sqlite3", NULL);
  lw_test_app_open (fixture);
  lw_test_drain ();
}

void
lw_test_app_tear_down (LwTestApp     *fixture,
                       gconstpointer  data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  /* Dialogs left open go first. */
  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i - 1);

      if (window != GTK_WINDOW (fixture->window))
        gtk_window_destroy (window);
    }
  lw_test_app_close (fixture);
  g_clear_object (&fixture->writer);
  lw_test_remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->db_path, g_free);
}

LwStore *
lw_test_app_writer (LwTestApp *fixture)
{
  if (fixture->writer == NULL)
    {
      g_autoptr (GError) error = NULL;

      fixture->writer = lw_store_open (fixture->db_path, &error);
      g_assert_no_error (error);
    }
  return fixture->writer;
}
