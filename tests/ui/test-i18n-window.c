/* test-i18n-window.c — the app's window shows the translation of the
 * locale it runs in
 *
 * Run by tests/test-translations.sh under Xvfb with LANG=de_DE.UTF-8,
 * LOCPATH naming a folder with that locale and LW_LOCALEDIR the build
 * folder's po/: the games page and the New Game page must show their
 * labels translated (the translations themselves are German), and none of
 * them in English.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "lw-application.h"
#include "lw-application-private.h"
#include "lw-window.h"

static void
drain (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Every label's text under @widget, its mnemonic underscore kept */
static void
collect_labels (GtkWidget  *widget,
                GHashTable *labels)
{
  if (GTK_IS_LABEL (widget))
    g_hash_table_add (labels, g_strdup (gtk_label_get_label (GTK_LABEL (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, labels);
}

/* Each of @english is translated, shown translated in @widget and not
 * shown in English. */
static void
assert_labels (GtkWidget         *widget,
               const char *const *english)
{
  g_autoptr (GHashTable) labels = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  collect_labels (widget, labels);
  for (guint i = 0; english[i] != NULL; i++)
    {
      const char *translated = _(english[i]);

      if (g_str_equal (translated, english[i]))
        g_error ("“%s” has no translation", english[i]);
      if (!g_hash_table_contains (labels, translated))
        g_error ("no label “%s” (“%s”) in the window", translated, english[i]);
      if (g_hash_table_contains (labels, english[i]))
        g_error ("the label “%s” is shown untranslated", english[i]);
    }
}

static void
test_german_window (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwApplication) app = NULL;
  g_autofree char *dir = g_dir_make_tmp ("lw-i18n-XXXXXX", &error);
  g_autofree char *db_path = NULL;
  LwWindow *window;
  const char *const games[] = { "No Games Yet", "_New Game", "_Import…", NULL };
  const char *const new_game[] = { "Ruleset", "Seats", "Skunk", "_Start", "First dealer", NULL };

  g_assert_no_error (error);
  db_path = g_build_filename (dir, "test.sqlite3", NULL);

  /* German, not only some translation */
  g_assert_cmpstr (_("New Game"), ==, "Neues Spiel");
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u round", "%u rounds", 2), ==, "%u Runden");

  app = lw_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  window = lw_application_open_database (app, db_path, &error);
  g_assert_no_error (error);
  drain ();

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Little Wolf");
  assert_labels (GTK_WIDGET (window), games);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  drain ();
  assert_labels (GTK_WIDGET (window), new_game);

  gtk_window_destroy (GTK_WINDOW (window));
  drain ();
  g_clear_object (&app);
  drain ();
  for (const char *const *suffix = (const char *const[]) { "", "-wal", "-shm", "-journal", NULL }; *suffix; suffix++)
    {
      g_autofree char *path = g_strconcat (db_path, *suffix, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  lw_application_bind_text_domain ();
  gtk_disable_setlocale ();
  g_test_init (&argc, &argv, NULL);
  gtk_init ();

  g_test_add_func ("/i18n/german-window", test_german_window);

  return g_test_run ();
}
