/* lw-test-app.c — the UI tests' fixture (lw-test-app.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <string.h>

#include "lw-app-util.h"
#include "lw-test-app.h"
#include "lw-test-util.h"
#include "lw-application-private.h"
#include "lw-game-page.h"
#include "lw-game-page-private.h"
#include "lw-new-game-page.h"
#include "lw-new-game-page-private.h"
#include "lw-window-private.h"

void
lw_test_drain (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

void
lw_test_wait_unmapped (gpointer widget)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (gtk_widget_get_mapped (GTK_WIDGET (widget)) && g_get_monotonic_time () < end)
    {
      g_usleep (10000);
      lw_test_drain ();
    }
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (widget)));
}

/* @text without its mnemonic underscores ("_Save" is "Save", "__" is "_"). */
static char *
strip_mnemonic (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] != '_')
            continue;
          p++;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* Whether @widget shows @name as its "label", its "title" or its
 * tooltip (an icon button's words). */
static gboolean
shows_text (GtkWidget  *widget,
            const char *name)
{
  static const char *const properties[] = { "label", "title", "tooltip-text" };

  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), name) == 0)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (properties); i++)
    {
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (widget), properties[i]);
      g_autofree char *text = NULL;
      g_autofree char *plain = NULL;

      if (pspec == NULL || pspec->value_type != G_TYPE_STRING || !(pspec->flags & G_PARAM_READABLE))
        continue;
      g_object_get (widget, properties[i], &text, NULL);
      if (text == NULL)
        continue;
      plain = strip_mnemonic (text);
      if (g_str_equal (text, name) || g_str_equal (plain, name))
        return TRUE;
    }
  return FALSE;
}

/* The widget inside @widget (a template child of its class or a parent
 * class) bound as @name, or NULL. */
static GtkWidget *
template_child (GtkWidget  *widget,
                const char *name)
{
  for (GType type = G_OBJECT_TYPE (widget); type != GTK_TYPE_WIDGET; type = g_type_parent (type))
    {
      GObject *child = gtk_widget_get_template_child (widget, type, name);

      if (child != NULL && GTK_IS_WIDGET (child))
        return GTK_WIDGET (child);
    }
  return NULL;
}

GtkWidget *
lw_test_find (gpointer    root,
              GType       type,
              const char *name)
{
  GtkWidget *widget = root;

  g_return_val_if_fail (GTK_IS_WIDGET (root), NULL);

  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type)
      && (name == NULL
          || g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)), name) == 0))
    return widget;
  if (name != NULL)
    {
      GtkWidget *child = template_child (widget, name);

      if (child != NULL && G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        return child;
      if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type)
          && (g_str_equal (gtk_widget_get_name (widget), name) || shows_text (widget, name)))
        return widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = lw_test_find (child, type, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

gpointer
lw_test_find_item (GListModel    *model,
                   GType          type,
                   gconstpointer  except)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (model, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (item, type) && (gconstpointer) item != except)
        return item;
    }
  return NULL;
}

guint
lw_test_stored_rounds (LwTestApp *fixture,
                       gint64     id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game (lw_window_get_store (fixture->window), id, &error);

  g_assert_no_error (error);
  return game->record->rounds->len;
}

GtkWidget *
lw_test_find_action_button (GtkWidget  *widget,
                            const char *action)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = lw_test_find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

void
lw_test_respond (AdwMessageDialog *dialog,
                 const char       *response)
{
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, response);
  lw_test_drain ();
}

void
lw_test_activate (gpointer    widget,
                  const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (widget), action, NULL));
  lw_test_drain ();
}

LwNewGamePage *
lw_test_new_game_form (LwWindow          *window,
                       guint              n_players,
                       const char *const *names,
                       gboolean           virtual_table)
{
  LwNewGamePage *form;

  lw_test_activate (window, "win.new-game");
  form = lw_window_get_new_game_page (window);
  lw_new_game_page_set_n_players (form, n_players);
  if (virtual_table)
    lw_new_game_page_set_virtual (form, TRUE);
  for (guint s = 0; s < n_players; s++)
    lw_new_game_page_set_player (form, s, names[s]);
  return form;
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

/* Ends g_application_run() before it registers or opens anything:
 * ::handle-local-options returning an exit status of 0. */
static int
end_at_once (GApplication *app,
             GVariantDict *options,
             gpointer      user_data)
{
  return 0;
}

void
lw_test_app_close (LwTestApp *fixture)
{
  gpointer app = fixture->app;
  gint64 end;

  if (fixture->window != NULL)
    gtk_window_destroy (GTK_WINDOW (fixture->window));
  fixture->window = NULL;
  lw_test_drain ();
  if (app == NULL)
    return;

  /* The application ends as g_application_run() ends it, with nothing to
   * run first (end_at_once()): ::shutdown, in which GtkApplication drops
   * the reference its action muxer holds on the application (its "app"
   * actions), then its objects unexported from the session bus. Without
   * it the application lives on, exported, and the next test's
   * g_application_register() fails there ("An object is already exported
   * for the interface org.gtk.Application"). */
  g_object_add_weak_pointer (G_OBJECT (app), &app);
  g_signal_connect (app, "handle-local-options", G_CALLBACK (end_at_once), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 0, NULL), ==, 0);
  g_clear_object (&fixture->app);

  /* The icon theme's reading (lw_application_startup()) holds the
   * application until its task is told done in the main context: 5 s
   * at the most. */
  end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (app != NULL && g_get_monotonic_time () < end)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  if (app != NULL)
    {
      GObject *object = app;
      guint refs = object->ref_count;

      g_object_remove_weak_pointer (object, &app);
      g_test_message ("the application was not finalized: %u references left", refs);
      g_assert_cmpuint (refs, ==, 0);
    }
  lw_test_drain ();
}

void
lw_test_app_set_up (LwTestApp     *fixture,
                    gconstpointer  data)
{
  /* Animations off, as the test knobs have them: a toast shown or
   * dismissed, a move of the table, are then done at once rather than on
   * the frame clock, which a loaded machine can starve. A test of an
   * animation turns them on itself. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
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

gint64
lw_test_start_two_player_game (LwTestApp *fixture)
{
  LwNewGamePage *new_game = lw_window_get_new_game_page (fixture->window);
  LwGamePage *page = lw_window_get_game_page (fixture->window);

  lw_test_activate (fixture->window, "win.new-game");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "new-game");

  lw_new_game_page_set_n_players (new_game, 2);
  lw_new_game_page_set_player (new_game, 0, "Ann");
  lw_new_game_page_set_player (new_game, 1, "Ben");
  lw_test_activate (new_game, "new-game.start");

  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "game");
  g_assert_cmpint (lw_game_page_get_game_id (page), >, 0);
  lw_test_drain ();
  return lw_game_page_get_game_id (page);
}

gint64
lw_test_add_game (LwStore           *store,
                  LwRuleset          ruleset,
                  guint              n,
                  const char *const *names,
                  guint              n_teams)
{
  g_autoptr (LwGameRecord) record = lw_game_record_new (ruleset, n, names);
  g_autoptr (GError) error = NULL;
  gint64 id;

  if (n_teams > 0)
    {
      int team_of[LW_MAX_SEATS];

      for (guint i = 0; i < n; i++)
        team_of[i] = (int) (i % n_teams);
      lw_game_record_set_teams (record, n_teams, team_of);
    }
  id = lw_store_add_game (store, record, &error);
  g_assert_no_error (error);
  return id;
}

gint64
lw_test_add_won_game (LwStore           *store,
                      guint              n,
                      const char *const *names,
                      guint              n_teams)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  guint total = lw_total_cards (n);
  gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, n, names, n_teams);
  for (guint r = 0; r < 60; r++)
    {
      g_autoptr (LwRound) round = lw_round_new ();

      g_clear_pointer (&game, lw_stored_game_free);
      g_clear_pointer (&standings, lw_standings_free);
      game = lw_store_load_game (store, id, &error);
      g_assert_no_error (error);
      standings = lw_standings_compute (game->record, &error);
      g_assert_no_error (error);
      if (standings->finished)
        break;
      round->declarer = 0;
      round->cards[0] = 20;
      for (guint s = 1; s < n; s++)
        round->cards[s] = (int) (total - 20) / (int) (n - 1) + (s <= (total - 20) % (n - 1) ? 1 : 0);
      lw_store_append_round (store, id, round, &error);
      g_assert_no_error (error);
    }
  g_assert_true (standings->finished);
  return id;
}

/* The private session bus of lw_test_app_init(), taken down by
 * lw_test_app_run(). */
static GTestDBus *test_bus;

void
lw_test_app_init (int    *argc,
                  char ***argv)
{
  g_autofree char *daemon = g_find_program_in_path ("dbus-daemon");

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);

  /* A session bus of the program's own (as the desktop's may hold
   * another Little Wolf), when dbus-daemon is there. GTestDBus unsets
   * DISPLAY and XDG_RUNTIME_DIR with the desktop's bus address: the X
   * server is put back. */
  if (test_bus == NULL && daemon != NULL)
    {
      g_autofree char *display = g_strdup (g_getenv ("DISPLAY"));
      g_autofree char *runtime_dir = g_strdup (g_getenv ("XDG_RUNTIME_DIR"));

      test_bus = g_test_dbus_new (G_TEST_DBUS_NONE);
      g_test_dbus_up (test_bus);
      if (display != NULL)
        g_setenv ("DISPLAY", display, TRUE);
      if (runtime_dir != NULL)
        g_setenv ("XDG_RUNTIME_DIR", runtime_dir, TRUE);
    }

  gtk_test_init (argc, argv, NULL);
  /* gtk_test_init() switches to en_US.UTF-8 wherever that locale is
   * installed, whatever LC_ALL says: the tests expect C.UTF-8's numbers
   * ("7000000") and sorting. */
  if (setlocale (LC_ALL, "C.UTF-8") == NULL)
    g_error ("lw_test_app_init: the C.UTF-8 locale is missing");
}

int
lw_test_app_run (void)
{
  int status = g_test_run ();

  /* The bus stopped without g_test_dbus_down(), which would wait 30 s
   * for the process's connection to it to be freed (GTK keeps it for the
   * life of the process), nor unreferenced (the same wait); the
   * connection no longer exits the process when it is closed. */
  if (test_bus != NULL)
    {
      g_autoptr (GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);

      if (bus != NULL)
        g_dbus_connection_set_exit_on_close (bus, FALSE);
      g_test_dbus_stop (test_bus);
    }
  return status;
}

int
lw_test_app_main (int                  argc,
                  char               **argv,
                  const LwTestAppCase *cases,
                  guint                n_cases)
{
  lw_test_app_init (&argc, &argv);
  for (guint i = 0; i < n_cases; i++)
    g_test_add (cases[i].path, LwTestApp, NULL, lw_test_app_set_up, cases[i].test, lw_test_app_tear_down);
  return lw_test_app_run ();
}

guint32
lw_test_hand_mask (const LwTable *table,
                   int            seat,
                   const LwCard  *cards,
                   guint          n)
{
  guint n_hand = 0;
  const LwCard *hand = lw_table_get_hand (table, seat, &n_hand);
  guint32 mask = 0;

  for (guint c = 0; c < n; c++)
    for (guint i = 0; i < n_hand; i++)
      if (hand[i] == cards[c] && !(mask & (1u << i)))
        {
          mask |= 1u << i;
          break;
        }
  g_assert_cmpuint ((guint) __builtin_popcount (mask), ==, n);
  return mask;
}
