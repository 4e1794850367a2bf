/* test-ui-paper.c — at the table and on paper: the app's sections in a
 * view switcher with Ctrl+1…4, the New Event dialog on a 1280×800 screen,
 * the round form's rows that stay put under the pointer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>

#include "lw-application.h"
#include "lw-events-page.h"
#include "lw-events-page-private.h"
#include "lw-print.h"
#include "lw-print-private.h"
#include "lw-print-grid.h"
#include "lw-print-grid-private.h"
#include "lw-store-events.h"
#include "lw-game-page.h"
#include "lw-game-page-private.h"
#include "lw-round-form.h"
#include "lw-round-form-private.h"
#include "lw-seat-row.h"
#include "lw-store.h"
#include "lw-window.h"
#include "lw-window-private.h"
#include "lw-test-app.h"

typedef LwTestApp Fixture;

/* Presses Ctrl+@keyval on @widget: the shortcut its class binds to it is
 * looked up among its controllers and activated, as a key press would. */
static void
press_ctrl (GtkWidget *widget,
            guint      keyval)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr (GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, GDK_CONTROL_MASK);
  gboolean done = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !done; i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)) && !done; k++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            {
              g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                           gtk_shortcut_get_arguments (shortcut)));
              done = TRUE;
            }
        }
    }
  g_assert_true (done);
  lw_test_drain ();
}

/* Ctrl+1…4 show Games, Events, Players and Leaderboard; the switchers
 * follow, and a section picked in the switcher is shown. */
static void
test_sections (Fixture       *fixture,
               gconstpointer  data)
{
  static const char *const names[] = { "games", "events", "players", "leaderboard" };
  GtkWidget *window = GTK_WIDGET (fixture->window);
  AdwViewSwitcherBar *bar = ADW_VIEW_SWITCHER_BAR (lw_test_find (window, ADW_TYPE_VIEW_SWITCHER_BAR, NULL));
  AdwViewStack *stack;
  GtkWidget *title;

  g_assert_nonnull (bar);
  stack = adw_view_switcher_bar_get_stack (bar);
  g_assert_nonnull (stack);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (adw_view_stack_get_pages (stack))), ==, 4);
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "games");
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "games");

  /* The start page's header holds the switcher. */
  title = lw_test_find (GTK_WIDGET (lw_window_get_games_page (fixture->window)), ADW_TYPE_VIEW_SWITCHER_TITLE, NULL);
  g_assert_nonnull (title);
  g_assert_true (adw_view_switcher_title_get_stack (ADW_VIEW_SWITCHER_TITLE (title)) == stack);

  press_ctrl (window, GDK_KEY_2);
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "events");
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "events");
  /* Each section's page has the switcher too. */
  title = lw_test_find (GTK_WIDGET (lw_window_get_events_page (fixture->window)), ADW_TYPE_VIEW_SWITCHER_TITLE, NULL);
  g_assert_nonnull (title);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      press_ctrl (window, GDK_KEY_1 + i);
      g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, names[i]);
      g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, names[i]);
    }

  /* Picked in the switcher (its buttons set the stack's page). */
  adw_view_stack_set_visible_child_name (stack, "players");
  lw_test_drain ();
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "players");
  adw_view_stack_set_visible_child_name (stack, "games");
  lw_test_drain ();
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "games");

  /* A game is no section: the bar at the bottom is hidden there. */
  lw_test_activate (window, "win.new-game");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "new-game");
  g_assert_false (adw_view_switcher_bar_get_reveal (bar));
}

/* The New Event dialog with its tie-breaks unfolded fits a 1280×800
 * screen: its settings scroll, Create and Cancel stay in view. */
static void
test_new_event_height (Fixture       *fixture,
                       gconstpointer  data)
{
  LwEventsPage *page;
  AdwMessageDialog *dialog;
  GtkWidget *tiebreaks, *scrolled;
  int natural = 0, content = 0, width = 0;

  /* Unfolded at once, not over an animation's frames. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  lw_test_activate (fixture->window, "win.show-events");
  page = lw_window_get_events_page (fixture->window);
  lw_test_activate (page, "events.new-event");
  dialog = lw_events_page_get_dialog (page);
  g_assert_nonnull (dialog);
  tiebreaks = lw_events_page_get_dialog_field (page, "tiebreaks");
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (tiebreaks), TRUE);
  lw_test_drain ();

  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_VERTICAL, width, NULL, &natural, NULL, NULL);
  scrolled = lw_test_find (GTK_WIDGET (dialog), GTK_TYPE_SCROLLED_WINDOW, NULL);
  g_assert_nonnull (scrolled);
  gtk_widget_measure (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)),
                      GTK_ORIENTATION_VERTICAL, width, NULL, &content, NULL, NULL);
  g_test_message ("New Event, tie-breaks unfolded: settings %d px, dialog %d px (%d px wide)",
                  content, natural, width);
  /* Without the scrolling the settings alone would not leave room. */
  g_assert_cmpint (content, >, 600);
  g_assert_cmpint (natural, <=, 800 - 60);
  g_assert_cmpint (natural, >, 300);
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();
}

/* The round form: the seats' rows keep their place when the validation
 * message appears and goes (nothing moves under the pointer). */
static void
test_round_form_rows (Fixture       *fixture,
                      gconstpointer  data)
{
  static const char *const names[] = { "Ann", "Ben", "Cleo" };
  g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 3, names);
  g_autoptr (GError) error = NULL;
  gint64 id = lw_store_add_game (lw_window_get_store (fixture->window), record, &error);
  LwGamePage *page;
  LwRoundForm *form;
  graphene_point_t before[3], after[3];

  g_assert_no_error (error);
  g_assert_true (lw_window_open_game (fixture->window, id, &error));
  g_assert_no_error (error);
  lw_test_drain ();
  page = lw_window_get_game_page (fixture->window);
  form = lw_game_page_get_round_form (page);
  gtk_widget_measure (GTK_WIDGET (form), GTK_ORIENTATION_VERTICAL, -1, NULL, NULL, NULL, NULL);
  lw_test_drain ();

  for (guint seat = 0; seat < 3; seat++)
    g_assert_true (gtk_widget_compute_point (GTK_WIDGET (lw_round_form_get_seat_row (form, seat)),
                                             GTK_WIDGET (form), &GRAPHENE_POINT_INIT (0, 0),
                                             &before[seat]));
  g_assert_cmpstr (lw_round_form_get_error_text (form), ==, "");

  /* Typing the counts: the message shows with them. */
  lw_seat_row_focus (lw_round_form_get_seat_row (form, 0));
  lw_round_form_show_error (form, "round 1: cards sum to 25, expected 39");
  lw_test_drain ();
  g_assert_cmpstr (lw_round_form_get_error_text (form), ==, "Round 1: cards sum to 25, expected 39");
  g_assert_true (lw_round_form_get_error_beside_totals (form));
  for (guint seat = 0; seat < 3; seat++)
    {
      g_assert_true (gtk_widget_compute_point (GTK_WIDGET (lw_round_form_get_seat_row (form, seat)),
                                               GTK_WIDGET (form), &GRAPHENE_POINT_INIT (0, 0),
                                               &after[seat]));
      g_assert_cmpfloat (after[seat].y, ==, before[seat].y);
    }

  lw_round_form_show_error (form, NULL);
  lw_test_drain ();
  g_assert_cmpstr (lw_round_form_get_error_text (form), ==, "");
}

/* With $LW_KEEP_PDF set, the PDF is moved there as @name to look at. */
static void
keep_pdf (const char *path,
          const char *name)
{
  if (g_getenv ("LW_KEEP_PDF") != NULL)
    {
      g_autofree char *keep = g_build_filename (g_getenv ("LW_KEEP_PDF"), name, NULL);

      g_assert_no_errno (rename (path, keep));
    }
}

/* The blank score sheet for 2 to 8 sides, one page each, and an event
 * round's wall sheet in large type: every player once, alphabetical. */
static void
test_printouts (Fixture       *fixture,
                gconstpointer  data)
{
  const char *players[] = { "zed", "Émile", "Ann", "ben", "Cleo", "Dev", "Bob", "Eve", "Fay", NULL };
  g_autoptr (GtkPageSetup) a4 = gtk_page_setup_new ();
  g_autoptr (GtkPaperSize) paper = gtk_paper_size_new (GTK_PAPER_NAME_A4);
  g_autoptr (GError) error = NULL;
  LwStore *store = lw_window_get_store (fixture->window);
  LwEventConfig config;
  LwEventsPage *page;
  gint64 id;

  gtk_page_setup_set_paper_size (a4, paper);
  for (guint n = 2; n <= LW_MAX_SEATS; n++)
    {
      g_autofree char *name = g_strdup_printf ("blank-%u.pdf", n);
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
      g_autoptr (GtkPrintOperation) blank = lw_print_blank_sheet_new (n);

      gtk_print_operation_set_default_page_setup (blank, a4);
      g_assert_cmpint (lw_print_export_pdf (blank, path, &error), ==, 1);
      g_assert_no_error (error);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
      keep_pdf (path, name);
    }

  lw_event_config_init (&config, LW_EVENT_SWISS, 4);
  config.seed = 7;
  id = lw_store_add_event (store, "Spring", &config, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_add_event_entrants (store, id, players, LW_ENTRANT_CHECKED_IN, &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwEvent) paired = lw_store_pair_event_round (store, id, &error);

    g_assert_no_error (error);
    g_assert_nonnull (paired);
  }

  lw_test_activate (fixture->window, "win.show-events");
  page = lw_window_get_events_page (fixture->window);
  g_assert_true (lw_events_page_show_event (page, id, &error));
  g_assert_no_error (error);
  lw_events_page_set_view (page, "rounds");
  lw_test_drain ();
  {
    g_autofree char *path = g_build_filename (fixture->dir, "wall.pdf", NULL);
    g_autoptr (GtkPrintOperation) wall = lw_events_page_print_wall_new (page);
    g_autoptr (GArray) lines = lw_event_wall_sheet (lw_events_page_get_event (page),
                                                    g_ptr_array_index (lw_events_page_get_event (page)->rounds, 0));
    /* Capitals ignored; under C.UTF-8 (set in main()) the collation is
     * by code point, so "Émile" comes last (in fr_FR, after "Dev"). */
    static const char *const order[] = { "Ann", "ben", "Bob", "Cleo", "Dev", "Eve", "Fay", "zed", "Émile" };

    g_assert_nonnull (wall);
    gtk_print_operation_set_default_page_setup (wall, a4);
    gtk_print_operation_set_export_filename (wall, path);
    g_assert_cmpint (gtk_print_operation_run (wall, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &error),
                     ==, GTK_PRINT_OPERATION_RESULT_APPLY);
    g_assert_no_error (error);
    g_assert_cmpuint (lw_print_grid_get_n_pages (wall), ==, 1);
    /* Every player once, in the order of the names, not the seats. */
    g_assert_cmpuint (lines->len, ==, G_N_ELEMENTS (order));
    for (guint i = 0; i < lines->len; i++)
      {
        const LwWallLine *line = &g_array_index (lines, LwWallLine, i);

        g_assert_cmpstr (line->name, ==, order[i]);
        g_assert_true (line->table == 0 || (line->seat >= 1 && line->seat <= 4));
      }
    keep_pdf (path, "wall.pdf");
  }
}

static const LwTestAppCase cases[] = {
  { "/ui-paper/sections", test_sections },
  { "/ui-paper/new-event-height", test_new_event_height },
  { "/ui-paper/printouts", test_printouts },
  { "/ui-paper/round-form-rows", test_round_form_rows },
};

int
main (int   argc,
      char *argv[])
{
  return lw_test_app_main (argc, argv, cases, G_N_ELEMENTS (cases));
}
