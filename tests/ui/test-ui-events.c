/* test-ui-events.c — the app driven in-process: events (a 13-player Swiss
 * event at 4-seat tables, an 8-player partners event) and the leaderboard
 *
 * Each test runs on its own temporary database, with the application
 * created G_APPLICATION_NON_UNIQUE.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "lw-application.h"
#include "lw-events-page.h"
#include "lw-events-page-private.h"
#include "lw-game-page.h"
#include "lw-game-page-private.h"
#include "lw-leaderboard-page.h"
#include "lw-leaderboard-page-private.h"
#include "lw-print-grid.h"
#include "lw-print-grid-private.h"
#include "lw-round-form.h"
#include "lw-round-form-private.h"
#include "lw-seat-row.h"
#include "lw-seat-row-private.h"
#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-entry-dialog.h"
#include "lw-window.h"
#include "lw-window-private.h"
#include "lw-test-app.h"
#include "lw-test-util.h"

typedef LwTestApp Fixture;

/* An error dialog (not the page's own dialogs), or NULL. */
static AdwMessageDialog *
find_error_dialog (LwEventsPage *page)
{
  return lw_test_find_item (gtk_window_get_toplevels (), ADW_TYPE_MESSAGE_DIALOG, lw_events_page_get_dialog (page));
}

static void
respond (LwEventsPage *page,
         const char   *response)
{
  lw_test_respond (lw_events_page_get_dialog (page), response);
  if (lw_events_page_get_dialog (page) != NULL)
    gtk_window_destroy (GTK_WINDOW (lw_events_page_get_dialog (page)));
  lw_test_drain ();
}

static LwEventsPage *
show_events (Fixture *fixture)
{
  lw_test_activate (fixture->window, "win.show-events");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "events");
  return lw_window_get_events_page (fixture->window);
}

/* events.new-event, filled in and created. */
static void
create_event (LwEventsPage *page,
              const char   *name,
              guint         format,
              guint         tables,
              guint         rounds)
{
  lw_test_activate (page, "events.new-event");
  gtk_editable_set_text (GTK_EDITABLE (lw_events_page_get_dialog_field (page, "name")), name);
  adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "format")), format);
  if (tables != G_MAXUINT)
    adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "tables")), tables);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (lw_events_page_get_dialog_field (page, "rounds")), rounds);
  respond (page, "create");
}

static void
enter_player (LwEventsPage *page,
              const char   *name,
              gboolean      check_in)
{
  gtk_check_button_set_active (lw_events_page_get_check_in_check (page), check_in);
  gtk_editable_set_text (GTK_EDITABLE (lw_events_page_get_add_entry (page)), name);
  lw_test_activate (page, "events.add-player");
}

/* create_event(), then @n @players entered and checked in on its
 * Players tab. Returns the event's ID. */
static gint64
create_event_with (LwEventsPage      *page,
                   const char        *name,
                   guint              format,
                   guint              tables,
                   guint              rounds,
                   const char *const *players,
                   guint              n)
{
  create_event (page, name, format, tables, rounds);
  for (guint i = 0; i < n; i++)
    enter_player (page, players[i], TRUE);
  return lw_events_page_get_event_id (page);
}

static void
paper_result (LwEventsPage *page,
              guint         table,
              const int    *scores,
              guint         n)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "events.paper-result", "u", table));
  lw_test_drain ();
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *key = g_strdup_printf ("score-%u", i);
      GtkWidget *spin = lw_events_page_get_dialog_field (page, key);

      g_assert_nonnull (spin);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), scores[i]);
    }
  g_autofree char *extra = g_strdup_printf ("score-%u", n);
  g_assert_null (lw_events_page_get_dialog_field (page, extra));
  respond (page, "enter");
}

static LwEvent *
load_event (Fixture *fixture,
            gint64   id)
{
  g_autoptr (GError) error = NULL;
  LwEvent *event = lw_store_load_event (lw_window_get_store (fixture->window), id, &error);

  g_assert_no_error (error);
  return event;
}

static LwEventTable *
table_of (LwEvent *event,
          guint    round,
          guint    table)
{
  LwEventRound *r = g_ptr_array_index (event->rounds, round - 1);

  return &g_array_index (r->tables, LwEventTable, table - 1);
}

static const char *
name_at (const LwEvent      *event,
         const LwEventTable *table,
         guint               seat)
{
  return ((LwEntrant *) g_ptr_array_index (event->entrants, table->entrants[seat]))->name;
}

/* The page's standings rows against the engine's standings of the event
 * as stored: same order, ranks, names and points. */
static void
assert_standings_shown (Fixture      *fixture,
                        LwEventsPage *page)
{
  g_autoptr (LwEvent) event = load_event (fixture, lw_events_page_get_event_id (page));
  g_autoptr (GArray) standings = lw_event_compute_standings (event);

  g_assert_cmpuint (lw_events_page_get_n_standings (page), ==, standings->len);
  for (guint i = 0; i < standings->len; i++)
    {
      const LwEventStanding *row = &g_array_index (standings, LwEventStanding, i);
      g_autofree char *text = lw_events_page_get_standing_text (page, i);
      g_autofree char *title = g_strdup_printf ("%u. %s\n", row->rank, row->name);
      g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
      guint n = g_strv_length (lines);

      g_assert_true (g_str_has_prefix (text, title));
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (lines[n - 1], NULL), row->points, 0.006);
      if (i > 0)
        g_assert_cmpfloat (row->points, <=, g_array_index (standings, LwEventStanding, i - 1).points);
    }
}

/* Keeps score of the game shown on the game page through its round form:
 * seat 0 declares and makes the Pack every round until the game is over. */
static void
play_game_to_the_end (LwGamePage *page)
{
  LwRoundForm *form = lw_game_page_get_round_form (page);
  guint n = lw_game_page_get_record (page)->n_players;
  int cards[LW_MAX_SEATS] = { 0 };
  guint total = lw_total_cards (n);

  cards[0] = 20;
  for (guint s = 1; s < n; s++)
    cards[s] = (int) (total - 20) / (int) (n - 1) + ((guint) s <= (total - 20) % (n - 1) ? 1 : 0);

  for (guint round = 0; round < 60 && lw_game_page_get_form_visible (page); round++)
    {
      lw_round_form_reset (form);
      lw_round_form_set_declarer (form, 0);
      for (guint s = 0; s < n; s++)
        gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, s),
                                                         LW_SEAT_COUNT_CARDS), cards[s]);
      lw_test_drain ();
      g_assert_true (lw_round_form_get_valid (form));
      lw_test_activate (page, "game.submit-round");
    }
  g_assert_false (lw_game_page_get_form_visible (page));
  g_assert_true (lw_game_page_get_standings (page)->finished);
  g_assert_cmpint (lw_game_page_get_standings (page)->winner, ==, 0);
}

static guint
export_pdf (GtkPrintOperation *operation,
            const char        *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GtkPageSetup) a4 = gtk_page_setup_new ();
  g_autoptr (GtkPaperSize) paper = gtk_paper_size_new (GTK_PAPER_NAME_A4);

  gtk_page_setup_set_paper_size_and_default_margins (a4, paper);
  gtk_print_operation_set_default_page_setup (operation, a4);
  gtk_print_operation_set_export_filename (operation, path);
  g_assert_cmpint (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &error),
                   ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_no_error (error);
  g_assert_cmpuint (lw_test_count_pdf_pages (path), ==, lw_print_grid_get_n_pages (operation));
  return lw_print_grid_get_n_pages (operation);
}

/* ------------------------------------------------------------------ */
/* A Swiss event: 13 players at 4-seat tables, two rounds               */
/* ------------------------------------------------------------------ */

static void
test_swiss_13 (Fixture       *fixture,
               gconstpointer  data)
{
  LwEventsPage *page = show_events (fixture);
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *plan13 = lw_event_plan_describe (4, FALSE, 13);
  g_autofree char *text = NULL;
  LwGamePage *game_page;
  LwEventTable *table;
  gint64 id, game_id;
  double points[LW_EVENT_MAX_SEATS];

  g_assert_cmpuint (lw_events_page_get_n_events (page), ==, 0);

  /* Swiss (format 0), 4 seats (choice 2), 2 rounds */
  create_event (page, "Club Open", 0, 2, 2);
  id = lw_events_page_get_event_id (page);
  g_assert_cmpint (id, >, 0);
  list = lw_store_list_events (lw_window_get_store (fixture->window), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
  event = load_event (fixture, id);
  g_assert_cmpstr (event->name, ==, "Club Open");
  g_assert_cmpint (event->config.format, ==, LW_EVENT_SWISS);
  g_assert_cmpuint (event->config.table_size, ==, 4);
  g_assert_cmpuint (event->config.n_rounds, ==, 2);
  g_assert_cmpint (event->config.points_win, ==, 3);
  g_assert_cmpint (event->config.points_second, ==, 1);
  g_clear_pointer (&event, lw_event_free);
  g_assert_cmpstr (lw_events_page_get_view (page), ==, "players");

  /* 12 present, the 13th registered, then checked in; a name entered
   * twice is refused. */
  for (guint i = 1; i <= 12; i++)
    {
      g_autofree char *name = g_strdup_printf ("P%02u", i);
      enter_player (page, name, TRUE);
    }
  enter_player (page, "P13", FALSE);
  enter_player (page, "P01", TRUE);
  event = load_event (fixture, id);
  g_assert_cmpuint (event->entrants->len, ==, 13);
  g_assert_cmpint (((LwEntrant *) g_ptr_array_index (event->entrants, 12))->status, ==, LW_ENTRANT_REGISTERED);
  g_clear_pointer (&event, lw_event_free);
  text = lw_events_page_get_player_text (page, 12);
  g_assert_cmpstr (text, ==, "P13\nRegistered, not checked in");
  g_clear_pointer (&text, g_free);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "events.check-in", "s", "P13"));
  lw_test_drain ();
  text = lw_events_page_get_player_text (page, 12);
  g_assert_cmpstr (text, ==, "P13\nChecked in");
  g_clear_pointer (&text, g_free);

  /* Before round 1: what pairing would give; then round 1 paired. */
  lw_events_page_set_view (page, "rounds");
  g_assert_nonnull (strstr (lw_events_page_get_plan_text (page), plan13));
  g_assert_cmpstr (plan13, ==, "13 players: 1 table of 4, 3 tables of 3, no bye");
  g_assert_cmpstr (lw_events_page_get_pair_label (page), ==, "_Pair Round 1");
  lw_test_activate (page, "events.pair");
  g_assert_cmpuint (lw_events_page_get_shown_round (page), ==, 1);
  g_assert_true (g_str_has_prefix (lw_events_page_get_plan_text (page), plan13));
  g_assert_nonnull (strstr (lw_events_page_get_plan_text (page), "0 of 4 tables have their result"));
  event = load_event (fixture, id);
  g_assert_cmpuint (event->rounds->len, ==, 1);
  g_assert_cmpuint (table_of (event, 1, 1)->n_seats, ==, 4);
  for (guint t = 2; t <= 4; t++)
    g_assert_cmpuint (table_of (event, 1, t)->n_seats, ==, 3);

  /* The seating shown: each seat's player, the first dealer named. */
  text = lw_events_page_get_table_text (page, 2);
  {
    g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
    table = table_of (event, 1, 2);

    g_assert_cmpuint (g_strv_length (lines), ==, 2 + 3);
    g_assert_cmpstr (lines[0], ==, "Table 2");
    g_assert_cmpstr (lines[1], ==, "No result yet");
    for (guint s = 0; s < 3; s++)
      {
        g_autofree char *line = g_strdup_printf ("%s|Seat %u%s", name_at (event, table, s), s + 1,
                                                 (int) s == table->first_dealer ? " · deals first" : "");
        g_assert_cmpstr (lines[2 + s], ==, line);
      }
  }
  g_clear_pointer (&text, g_free);

  /* No second round before every result is in. */
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (page), "events.pair", NULL)
                  && lw_events_page_get_shown_round (page) == 2);
  lw_test_drain ();
  {
    g_autoptr (LwEvent) again = load_event (fixture, id);
    g_assert_cmpuint (again->rounds->len, ==, 1);
  }

  /* Table 1 kept with the scorekeeper: a game with the table's players in
   * their seats and its first dealer, opened on the game page. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "events.score-table", "u", 1));
  lw_test_drain ();
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "game");
  game_page = lw_window_get_game_page (fixture->window);
  game_id = lw_game_page_get_game_id (game_page);
  g_assert_cmpint (game_id, >, 0);
  g_assert_cmpint (lw_events_page_get_table_game (page, 1), ==, game_id);
  table = table_of (event, 1, 1);
  g_assert_cmpuint (lw_game_page_get_record (game_page)->n_players, ==, 4);
  for (guint s = 0; s < 4; s++)
    g_assert_cmpstr (lw_game_page_get_record (game_page)->players[s], ==, name_at (event, table, s));
  g_assert_cmpint (lw_game_page_get_record (game_page)->first_dealer, ==, table->first_dealer);
  play_game_to_the_end (game_page);
  /* Back returns to the event, and the finished game is the table's result. */
  lw_test_activate (fixture->window, "win.show-games");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "events");
  g_clear_pointer (&event, lw_event_free);
  event = load_event (fixture, id);
  table = table_of (event, 1, 1);
  g_assert_true (table->has_result);
  g_assert_cmpint (table->game_id, ==, game_id);
  lw_event_table_points (event, table, points);
  /* seat 0 won: 3 points (a skunk doubles), the others by their place */
  g_assert_cmpfloat (points[0], ==, table->skunk ? 6.0 : 3.0);
  text = lw_events_page_get_table_text (page, 1);
  {
    g_autofree char *status = g_strdup_printf ("%s won%s · game %ld", name_at (event, table, 0),
                                               table->skunk ? " with a skunk" : "", (long) game_id);
    g_assert_nonnull (strstr (text, status));
  }
  g_clear_pointer (&text, g_free);

  /* A paper result with the top score shared is refused, naming the table. */
  {
    const int tied[] = { 7, 7, 3 };
    AdwMessageDialog *error_dialog;

    paper_result (page, 2, tied, 3);
    error_dialog = find_error_dialog (page);
    g_assert_nonnull (error_dialog);
    g_assert_cmpstr (adw_message_dialog_get_heading (error_dialog), ==, "Could Not Enter the Result of Table 2");
    gtk_window_destroy (GTK_WINDOW (error_dialog));
    lw_test_drain ();
    g_clear_pointer (&event, lw_event_free);
    event = load_event (fixture, id);
    g_assert_false (table_of (event, 1, 2)->has_result);
  }

  /* A board no game ends with (nobody at 15, nobody at 0) is not taken as
   * a win: the page warns and offers it as time called (SCORING R23-R24). */
  {
    const int unfinished[] = { 12, 9, 4 };
    AdwMessageDialog *warning;
    g_autofree char *status = NULL;

    paper_result (page, 2, unfinished, 3);
    warning = find_error_dialog (page);
    g_assert_nonnull (warning);
    g_assert_cmpstr (adw_message_dialog_get_heading (warning), ==, "This Game Has Not Ended");
    g_assert_nonnull (strstr (adw_message_dialog_get_body (warning),
                              "Round 1, table 2: 12\u20139\u20134 cannot have ended a game"));
    g_clear_pointer (&event, lw_event_free);
    event = load_event (fixture, id);
    g_assert_false (table_of (event, 1, 2)->has_result);
    adw_message_dialog_response (warning, "time-called");
    lw_test_drain ();
    g_clear_pointer (&event, lw_event_free);
    event = load_event (fixture, id);
    g_assert_true (table_of (event, 1, 2)->has_result);
    g_assert_true (table_of (event, 1, 2)->time_called);
    status = lw_events_page_get_table_text (page, 2);
    g_assert_nonnull (strstr (status, "ahead when time was called \u00b7 from paper"));
  }

  /* Tables 2–4 from paper; table 4's winner has a skunk (11, another 0). */
  {
    const int t2[] = { 15, 6, 3 }, t3[] = { 4, 15, 7 }, t4[] = { 11, 0, 5 };

    paper_result (page, 2, t2, 3);
    paper_result (page, 3, t3, 3);
    /* live: three tables in, the standings already count them */
    g_assert_nonnull (strstr (lw_events_page_get_plan_text (page), "3 of 4 tables have their result"));
    assert_standings_shown (fixture, page);
    paper_result (page, 4, t4, 3);
  }
  g_clear_pointer (&event, lw_event_free);
  event = load_event (fixture, id);

  /* By hand (docs/EVENTS.md): at a 3-seat table in a 4-seat event first
   * is worth 2.5, second 0.5, third 0; a skunk doubles the winner's. */
  lw_event_table_points (event, table_of (event, 1, 2), points);
  g_assert_cmpfloat (points[0], ==, 2.5);
  g_assert_cmpfloat (points[1], ==, 0.5);
  g_assert_cmpfloat (points[2], ==, 0.0);
  g_assert_true (table_of (event, 1, 4)->skunk);
  {
    const LwEventTable *t4 = table_of (event, 1, 4);
    g_autofree char *first = NULL;
    g_autofree char *row = lw_events_page_get_standing_text (fixture->window != NULL ? page : NULL, 0);

    lw_event_table_points (event, t4, points);
    g_assert_cmpfloat (points[0], ==, 5.0);
    if (!table_of (event, 1, 1)->skunk)
      {
        /* the skunk winner leads with 5 points */
        first = g_strdup_printf ("1. %s\n", name_at (event, t4, 0));
        g_assert_true (g_str_has_prefix (row, first));
        g_assert_true (g_str_has_suffix (row, "\n5"));
      }
  }
  assert_standings_shown (fixture, page);
  g_assert_cmpuint (lw_events_page_get_n_standings (page), ==, 13);

  /* Round 2: every table from paper, the first seat winning. */
  g_assert_cmpstr (lw_events_page_get_pair_label (page), ==, "_Pair Round 2");
  lw_test_activate (page, "events.pair");
  g_assert_cmpuint (lw_events_page_get_shown_round (page), ==, 2);
  g_clear_pointer (&event, lw_event_free);
  event = load_event (fixture, id);
  for (guint t = 1; t <= 4; t++)
    {
      const int four[] = { 15, 5, 3, 2 }, three[] = { 15, 5, 3 };
      table = table_of (event, 2, t);
      paper_result (page, t, table->n_seats == 4 ? four : three, table->n_seats);
    }
  g_clear_pointer (&event, lw_event_free);
  event = load_event (fixture, id);
  g_assert_true (lw_event_is_finished (event));
  g_assert_cmpstr (lw_events_page_get_pair_label (page), ==, "Event Over");

  /* Final standings: every player's points are the sum of their seats'
   * table points over both rounds. */
  assert_standings_shown (fixture, page);
  {
    g_autoptr (GArray) standings = lw_event_compute_standings (event);

    for (guint i = 0; i < standings->len; i++)
      {
        const LwEventStanding *row = &g_array_index (standings, LwEventStanding, i);
        double sum = 0;

        for (guint r = 1; r <= 2; r++)
          for (guint t = 1; t <= 4; t++)
            {
              table = table_of (event, r, t);
              lw_event_table_points (event, table, points);
              for (guint s = 0; s < table->n_seats; s++)
                if (table->entrants[s] == row->entrant)
                  sum += points[s];
            }
        g_assert_cmpfloat_with_epsilon (row->points, sum, 1e-9);
        g_assert_cmpuint (row->games, ==, 2);
      }
  }
  g_assert_nonnull (strstr (lw_events_page_get_tiebreak_text (page), "Buchholz"));

  /* Exports: CSV (a header and 13 rows) and JSON (finished). */
  {
    g_autofree char *csv_path = g_build_filename (fixture->dir, "standings.csv", NULL);
    g_autofree char *json_path = g_build_filename (fixture->dir, "standings.json", NULL);
    g_autoptr (GFile) csv = g_file_new_for_path (csv_path);
    g_autoptr (GFile) json = g_file_new_for_path (json_path);
    g_autofree char *contents = NULL;
    g_autoptr (JsonParser) parser = json_parser_new ();
    g_auto (GStrv) lines = NULL;
    JsonObject *root;

    g_assert_true (lw_events_page_export_standings_to (page, csv, FALSE, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (csv_path, &contents, NULL, &error));
    lines = g_strsplit (contents, "\r\n", -1);
    g_assert_cmpstr (lines[0], ==, "rank,player,points,buchholz,head_to_head,margin,skunks,games,wins,byes,dropped");
    g_assert_cmpuint (g_strv_length (lines), ==, 1 + 13 + 1);

    g_assert_true (lw_events_page_export_standings_to (page, json, TRUE, &error));
    g_assert_no_error (error);
    g_assert_true (json_parser_load_from_file (parser, json_path, &error));
    g_assert_no_error (error);
    root = json_node_get_object (json_parser_get_root (parser));
    g_assert_cmpstr (json_object_get_string_member (root, "event"), ==, "Club Open");
    g_assert_true (json_object_get_boolean_member (root, "finished"));
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "standings")), ==, 13);
  }

  /* Printed: the seating of round 2 and the standings. */
  {
    g_autofree char *seating_path = g_build_filename (fixture->dir, "seating.pdf", NULL);
    g_autofree char *standings_path = g_build_filename (fixture->dir, "standings.pdf", NULL);
    g_autoptr (GtkPrintOperation) seating = lw_events_page_print_new (page, FALSE);
    g_autoptr (GtkPrintOperation) printed = lw_events_page_print_new (page, TRUE);

    g_assert_cmpuint (export_pdf (seating, seating_path), ==, 1);
    g_assert_cmpuint (export_pdf (printed, standings_path), ==, 1);
  }

  /* Back: the list, the event in it. */
  lw_test_activate (page, "events.back");
  g_assert_cmpint (lw_events_page_get_event_id (page), ==, 0);
  g_assert_cmpuint (lw_events_page_get_n_events (page), ==, 1);
  text = lw_events_page_get_event_row_text (page, 0);
  g_assert_cmpstr (text, ==, "Club Open\nSwiss · 4 seats · 13 players · round 2");
  lw_test_activate (page, "events.back");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "games");
}

/* ------------------------------------------------------------------ */
/* A partners event: 8 players                                          */
/* ------------------------------------------------------------------ */

static void
test_partners_8 (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben", "Cleo", "Dev", "Emil", "Fay", "Gus", "Hana" };
  LwEventsPage *page = show_events (fixture);
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (GArray) standings = NULL;
  g_autofree char *text = NULL;
  LwEventTable *table;
  gint64 id;

  /* Partners rotation (format 2) chooses the 4-seat partners tables;
   * rounds 0: the format's default, n − 1. */
  create_event (page, "Partners Night", 2, G_MAXUINT, 0);
  id = lw_events_page_get_event_id (page);
  g_assert_cmpint (id, >, 0);
  event = load_event (fixture, id);
  g_assert_cmpint (event->config.format, ==, LW_EVENT_PARTNERS);
  g_assert_cmpuint (event->config.table_size, ==, 4);
  g_clear_pointer (&event, lw_event_free);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    enter_player (page, names[i], TRUE);
  /* a player leaves and comes back before round 1 */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "events.drop", "s", "Dev"));
  lw_test_drain ();
  text = lw_events_page_get_player_text (page, 3);
  g_assert_cmpstr (text, ==, "Dev\nDropped out");
  g_clear_pointer (&text, g_free);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "events.check-in", "s", "Dev"));
  lw_test_drain ();

  lw_test_activate (page, "events.pair");
  event = load_event (fixture, id);
  g_assert_cmpuint (lw_event_total_rounds (event), ==, 7);
  g_assert_cmpuint (((LwEventRound *) g_ptr_array_index (event->rounds, 0))->tables->len, ==, 2);
  g_assert_cmpuint (((LwEventRound *) g_ptr_array_index (event->rounds, 0))->byes->len, ==, 0);
  g_assert_true (g_str_has_prefix (lw_events_page_get_plan_text (page), "8 players: 2 tables of 4, no bye"));

  /* Partners sit across: seat 1's partner is seat 3. */
  table = table_of (event, 1, 1);
  text = lw_events_page_get_table_text (page, 1);
  {
    g_autofree char *expected = g_strdup_printf ("%s & %s vs %s & %s · No result yet",
                                                 name_at (event, table, 0), name_at (event, table, 2),
                                                 name_at (event, table, 1), name_at (event, table, 3));
    g_autofree char *seat2 = g_strdup_printf ("%s|Seat 2 · partner of %s", name_at (event, table, 1),
                                              name_at (event, table, 3));

    g_assert_nonnull (strstr (text, expected));
    g_assert_nonnull (strstr (text, seat2));
  }
  g_clear_pointer (&text, g_free);

  /* One score per partnership: table 1 won by seats 0 and 2, table 2 by
   * seats 1 and 3. */
  {
    const int first[] = { 15, 4 }, second[] = { 6, 15 };

    paper_result (page, 1, first, 2);
    paper_result (page, 2, second, 2);
  }
  g_clear_pointer (&event, lw_event_free);
  event = load_event (fixture, id);
  standings = lw_event_compute_standings (event);
  g_assert_cmpuint (standings->len, ==, 8);
  {
    /* the four winners: 3 points each, both partners; the others 0 */
    const LwEventTable *t1 = table_of (event, 1, 1), *t2 = table_of (event, 1, 2);
    const char *winners[] = { name_at (event, t1, 0), name_at (event, t1, 2),
                              name_at (event, t2, 1), name_at (event, t2, 3) };

    g_assert_cmpint (t1->scores[0], ==, 15);
    g_assert_cmpint (t1->scores[2], ==, 15);
    for (guint i = 0; i < 8; i++)
      {
        const LwEventStanding *row = &g_array_index (standings, LwEventStanding, i);
        gboolean won = FALSE;

        for (guint w = 0; w < 4; w++)
          won = won || g_str_equal (row->name, winners[w]);
        g_assert_cmpfloat (row->points, ==, won ? 3.0 : 0.0);
        g_assert_cmpuint (won ? row->rank : 5, <=, won ? 4 : row->rank);
      }
  }
  assert_standings_shown (fixture, page);

  /* Round 2 pairs new partnerships (the circle method). */
  lw_test_activate (page, "events.pair");
  g_clear_pointer (&event, lw_event_free);
  event = load_event (fixture, id);
  g_assert_cmpuint (event->rounds->len, ==, 2);
  for (guint t = 1; t <= 2; t++)
    {
      const LwEventTable *now = table_of (event, 2, t);

      for (guint s = 0; s < 2; s++)
        for (guint u = 1; u <= 2; u++)
          {
            const LwEventTable *before = table_of (event, 1, u);

            for (guint b = 0; b < 2; b++)
              g_assert_false ((before->entrants[b] == now->entrants[s] && before->entrants[b + 2] == now->entrants[s + 2])
                              || (before->entrants[b] == now->entrants[s + 2] && before->entrants[b + 2] == now->entrants[s]));
          }
    }
}

/* ------------------------------------------------------------------ */
/* The leaderboard                                                      */
/* ------------------------------------------------------------------ */

static void
assert_board (LwLeaderboardPage *page,
              Fixture           *fixture,
              LwLadder           ladder)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRatingGames) games = lw_store_load_rating_games (lw_window_get_store (fixture->window), &error);
  g_autoptr (GArray) rows = NULL;
  LwLeaderboardOptions options;

  g_assert_no_error (error);
  lw_leaderboard_options_init (&options);
  options.ladder = ladder;
  rows = lw_leaderboard_compute (games, &options);
  g_assert_cmpuint (lw_leaderboard_page_get_n_rows (page), ==, rows->len);
  for (guint i = 0; i < rows->len; i++)
    {
      const LwLeaderboardRow *row = &g_array_index (rows, LwLeaderboardRow, i);
      g_autofree char *text = lw_leaderboard_page_get_row_text (page, i);
      g_autofree char *title = g_strdup_printf ("%u. %s\n", row->rank, row->name);
      g_autofree char *rating = g_strdup_printf ("\n%.2f\n", row->rating);

      g_assert_true (g_str_has_prefix (text, title));
      g_assert_nonnull (strstr (text, rating));
      g_assert_cmpuint (lw_leaderboard_page_get_row (page, i)->games, ==, row->games);
    }
}

static void
test_leaderboard (Fixture       *fixture,
                  gconstpointer  data)
{
  const char *ann_ben[] = { "Ann", "Ben" }, *ann_cleo[] = { "Ann", "Cleo" }, *ben_cleo[] = { "Ben", "Cleo" };
  const char *four[] = { "Dev", "Emil", "Fay", "Gus", NULL };
  g_auto (GStrv) seated = g_new0 (char *, 5);
  g_autoptr (GError) error = NULL;
  LwLeaderboardPage *page;
  g_autofree char *text = NULL;
  LwEventConfig config;
  gint64 event, partners_game;

  /* A partners event of four, paired: its table's partnerships play. */
  lw_event_config_init (&config, LW_EVENT_PARTNERS, 4);
  event = lw_store_add_event (lw_test_app_writer (fixture), "Pairs", &config, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_add_event_entrants (lw_test_app_writer (fixture), event, four, LW_ENTRANT_CHECKED_IN, &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwEvent) paired = lw_store_pair_event_round (lw_test_app_writer (fixture), event, &error);
    const LwEventTable *table;

    g_assert_no_error (error);
    table = table_of (paired, 1, 1);
    for (guint s = 0; s < 4; s++)
      seated[s] = g_strdup (name_at (paired, table, s));
  }

  /* Ann beats Ben twice and Cleo once; Ben beats Cleo; in the partners
   * game seats 0 and 2 win. */
  lw_test_add_won_game (lw_test_app_writer (fixture), 2, ann_ben, 0);
  lw_test_add_won_game (lw_test_app_writer (fixture), 2, ann_ben, 0);
  lw_test_add_won_game (lw_test_app_writer (fixture), 2, ann_cleo, 0);
  lw_test_add_won_game (lw_test_app_writer (fixture), 2, ben_cleo, 0);
  partners_game = lw_test_add_won_game (lw_test_app_writer (fixture), 4, (const char *const *) seated, 2);

  lw_test_activate (fixture->window, "win.show-leaderboard");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "leaderboard");
  page = lw_window_get_leaderboard_page (fixture->window);
  lw_leaderboard_page_wait (page);
  lw_test_drain ();
  /* The page fits the window as it was: it does not widen it. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), <=, 1100);
  assert_board (page, fixture, LW_LADDER_ALL);
  g_assert_cmpuint (lw_leaderboard_page_get_n_rows (page), ==, 7);
  /* by hand: Ann won all three of her games, Cleo lost both of hers */
  text = lw_leaderboard_page_get_row_text (page, 0);
  g_assert_true (g_str_has_prefix (text, "1. Ann\n3 games · wins 3 · skunks 0\nμ "));
  /* Three games rated: provisional, with the uncertainty shown (± 2σ). */
  g_assert_true (lw_leaderboard_page_get_row (page, 0)->provisional);
  {
    g_autofree char *spread = g_strdup_printf (" ± %.2f (2σ)\n",
                                               2 * lw_leaderboard_page_get_row (page, 0)->sigma);
    g_assert_nonnull (strstr (text, spread));
  }
  g_assert_true (g_str_has_suffix (text, "\nProvisional"));
  g_clear_pointer (&text, g_free);
  g_assert_cmpstr (lw_leaderboard_page_get_row (page, 6)->name, ==, "Cleo");
  g_assert_cmpfloat (lw_leaderboard_page_get_row (page, 0)->rating, >, lw_leaderboard_page_get_row (page, 1)->rating);

  /* The 2-player ladder leaves the partners out; the partners ladder has
   * only them, the winners first. */
  lw_leaderboard_page_set_ladder (page, LW_LADDER_TWO);
  lw_leaderboard_page_wait (page);
  assert_board (page, fixture, LW_LADDER_TWO);
  g_assert_cmpuint (lw_leaderboard_page_get_n_rows (page), ==, 3);
  g_assert_cmpstr (lw_leaderboard_page_get_row (page, 0)->name, ==, "Ann");
  g_assert_cmpstr (lw_leaderboard_page_get_row (page, 1)->name, ==, "Ben");
  lw_leaderboard_page_set_ladder (page, LW_LADDER_PARTNERS);
  lw_leaderboard_page_wait (page);
  assert_board (page, fixture, LW_LADDER_PARTNERS);
  g_assert_cmpuint (lw_leaderboard_page_get_n_rows (page), ==, 4);
  g_assert_true (g_str_equal (lw_leaderboard_page_get_row (page, 0)->name, seated[0])
                 || g_str_equal (lw_leaderboard_page_get_row (page, 0)->name, seated[2]));
  g_assert_cmpuint (lw_leaderboard_page_get_row (page, 0)->wins, ==, 1);
  g_assert_cmpuint (lw_leaderboard_page_get_row (page, 3)->wins, ==, 0);
  lw_leaderboard_page_set_ladder (page, LW_LADDER_THREE_FOUR);
  lw_leaderboard_page_wait (page);
  g_assert_cmpuint (lw_leaderboard_page_get_n_rows (page), ==, 0);

  /* A period long past counts no game; a bad day computes nothing. */
  lw_leaderboard_page_set_ladder (page, LW_LADDER_ALL);
  lw_leaderboard_page_set_period (page, LW_LEADERBOARD_DATES, "2001-01-01", "2001-12-31");
  lw_leaderboard_page_wait (page);
  g_assert_cmpuint (lw_leaderboard_page_get_n_rows (page), ==, 0);
  lw_leaderboard_page_set_period (page, LW_LEADERBOARD_LAST_30_DAYS, NULL, NULL);
  lw_leaderboard_page_wait (page);
  g_assert_cmpuint (lw_leaderboard_page_get_n_rows (page), ==, 7);
  lw_leaderboard_page_set_period (page, LW_LEADERBOARD_DATES, "2001-13-01", NULL);
  g_assert_false (lw_leaderboard_page_get_loading (page));
  lw_leaderboard_page_set_period (page, LW_LEADERBOARD_ALL_TIME, NULL, NULL);
  lw_leaderboard_page_wait (page);

  /* An event whose one table is the partners game counts only it. */
  g_assert_true (lw_store_set_event_game_result (lw_test_app_writer (fixture), event, 1, 1, partners_game, &error));
  g_assert_no_error (error);
  lw_test_activate (fixture->window, "win.show-leaderboard");
  lw_leaderboard_page_wait (page);
  g_assert_true (lw_leaderboard_page_set_event (page, event));
  lw_leaderboard_page_wait (page);
  g_assert_cmpuint (lw_leaderboard_page_get_n_rows (page), ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (lw_leaderboard_page_get_row (page, i)->games, ==, 1);

  lw_test_activate (page, "leaderboard.back");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "games");
}

/* The tie-breaks chosen in the New Event dialog: stored in that order,
 * said so above the standings; a repeated one is refused. */
static void
test_tiebreaks (Fixture       *fixture,
                gconstpointer  data)
{
  LwEventsPage *page = show_events (fixture);
  g_autofree char *order = NULL;

  lw_test_activate (page, "events.new-event");
  gtk_editable_set_text (GTK_EDITABLE (lw_events_page_get_dialog_field (page, "name")), "Twice");
  /* margin first, then margin again: refused by name */
  adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "tiebreak-0")), 3);
  adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "tiebreak-1")), 3);
  respond (page, "create");
  g_assert_cmpuint (lw_events_page_get_n_events (page), ==, 0);
  {
    AdwMessageDialog *error_dialog = find_error_dialog (page);

    g_assert_nonnull (error_dialog);
    g_assert_nonnull (strstr (adw_message_dialog_get_body (error_dialog), "\"margin\" is named twice"));
    gtk_window_destroy (GTK_WINDOW (error_dialog));
    lw_test_drain ();
  }

  lw_test_activate (page, "events.new-event");
  gtk_editable_set_text (GTK_EDITABLE (lw_events_page_get_dialog_field (page, "name")), "Skunks first");
  /* skunk wins, then the margin, and no more */
  adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "tiebreak-0")), 4);
  adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "tiebreak-1")), 3);
  adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "tiebreak-2")), 0);
  adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "tiebreak-3")), 0);
  respond (page, "create");
  g_assert_cmpuint (lw_events_page_get_n_events (page), ==, 1);
  order = lw_tiebreaks_to_string (&lw_events_page_get_event (page)->config);
  g_assert_cmpstr (order, ==, "skunks,margin");
  g_assert_cmpstr (lw_events_page_get_tiebreak_text (page), ==,
                   "Ranked by event points, then skunk wins and total margin. "
                   "Tables without a result count for nothing yet.");
}

/* Seeding by rating is chosen in the New Event dialog for a single
 * elimination only, and kept with the event. */
static void
test_seeding (Fixture       *fixture,
              gconstpointer  data)
{
  LwEventsPage *page = show_events (fixture);
  GtkWidget *seeding;

  lw_test_activate (page, "events.new-event");
  seeding = lw_events_page_get_dialog_field (page, "seeding");
  g_assert_false (gtk_widget_get_visible (seeding));
  gtk_editable_set_text (GTK_EDITABLE (lw_events_page_get_dialog_field (page, "name")), "Cup");
  adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "format")),
                              LW_EVENT_ELIMINATION);
  g_assert_true (gtk_widget_get_visible (seeding));
  adw_combo_row_set_selected (ADW_COMBO_ROW (seeding), 1);
  respond (page, "create");
  g_assert_cmpuint (lw_events_page_get_n_events (page), ==, 1);
  g_assert_cmpint (lw_events_page_get_event (page)->config.seeding, ==, LW_SEEDING_RATING);

  /* Chosen, then the format changed: a Swiss event is seeded by lot. */
  lw_test_activate (page, "events.new-event");
  seeding = lw_events_page_get_dialog_field (page, "seeding");
  gtk_editable_set_text (GTK_EDITABLE (lw_events_page_get_dialog_field (page, "name")), "Club");
  adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "format")),
                              LW_EVENT_ELIMINATION);
  adw_combo_row_set_selected (ADW_COMBO_ROW (seeding), 1);
  adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "format")),
                              LW_EVENT_SWISS);
  g_assert_false (gtk_widget_get_visible (seeding));
  respond (page, "create");
  g_assert_cmpuint (lw_events_page_get_n_events (page), ==, 2);
  g_assert_cmpint (lw_events_page_get_event (page)->config.seeding, ==, LW_SEEDING_REGISTRATION);
}

/* New Event's Rules row offers Standard rules and the saved Little Wolf
 * sets (not the Garwolf ones); the event keeps the set chosen. */
static void
test_rule_set (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRuleSet) club = lw_test_club_nights ();
  g_autoptr (LwRuleSet) garwolf = lw_rule_set_new_standard (LW_RULESET_GARWOLF);
  g_autoptr (LwRuleSet) kept = NULL;
  LwEventsPage *page;
  GListModel *choices;

  garwolf->name = g_strdup ("Big Garwolf");
  g_assert_cmpint (lw_store_create_rule_set (lw_test_app_writer (fixture), club, &error), >, 0);
  g_assert_cmpint (lw_store_create_rule_set (lw_test_app_writer (fixture), garwolf, &error), >, 0);
  g_assert_no_error (error);

  page = show_events (fixture);
  lw_test_activate (page, "events.new-event");
  choices = adw_combo_row_get_model (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "rule-set")));
  g_assert_cmpuint (g_list_model_get_n_items (choices), ==, 2);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (choices), 0), ==, "Standard rules");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (choices), 1), ==, "Club nights");
  gtk_editable_set_text (GTK_EDITABLE (lw_events_page_get_dialog_field (page, "name")), "Thursday");
  adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "rule-set")), 1);
  respond (page, "create");
  g_assert_cmpuint (lw_events_page_get_n_events (page), ==, 1);
  kept = lw_store_get_event_rule_set (lw_test_app_writer (fixture), lw_events_page_get_event_id (page), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kept->name, ==, "Club nights");
  g_assert_cmpint (kept->target, ==, 21);
  g_assert_cmpint (kept->run_fill, ==, LW_RUN_FILL_INSIDE_ONLY);
  g_clear_pointer (&kept, lw_rule_set_free);

  /* Left at Standard rules. */
  create_event (page, "Friday", LW_EVENT_SWISS, G_MAXUINT, 0);
  kept = lw_store_get_event_rule_set (lw_test_app_writer (fixture), lw_events_page_get_event_id (page), &error);
  g_assert_no_error (error);
  g_assert_null (kept->name);
  g_assert_cmpint (kept->target, ==, 15);
}

/* Table entry for an event's round: the window opens from the event's
 * menu and each table of the round has its scorekeeper game. */
static void
test_table_entry (Fixture       *fixture,
                  gconstpointer  data)
{
  LwEventsPage *page = show_events (fixture);
  const char *players[] = { "Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal" };
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *entry = NULL;
  gint64 id;

  id = create_event_with (page, "Phones", 0, 0, 1, players, G_N_ELEMENTS (players));
  lw_test_activate (page, "events.pair");
  lw_test_activate (page, "events.table-entry");

  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && entry == NULL; i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (LW_IS_ENTRY_DIALOG (window))
        entry = window;
    }
  g_assert_nonnull (entry);
  /* 8 players at 2 seats: 4 tables, each with its game */
  for (guint t = 1; t <= 4; t++)
    {
      gint64 game = 0;

      g_assert_true (lw_store_get_event_table_game (lw_window_get_store (fixture->window), id, 1, t, &game, NULL));
      g_assert_cmpint (game, >, 0);
    }
  gtk_window_destroy (entry);
  lw_test_drain ();
}

/* An event renamed and deleted from its menu; a blank name and a
 * cancelled deletion change nothing. */

/* A single elimination: round 1 seeded by rating from the menu (nobody is
 * rated here: registration order), where each player stands, the Bracket
 * page shown for this format only. */
static void
test_elimination (Fixture       *fixture,
                  gconstpointer  data)
{
  LwEventsPage *page = show_events (fixture);
  const char *players[] = { "Ann", "Ben", "Cleo", "Dev" };
  const int first[] = { 15, 3 }, second[] = { 4, 15 };
  g_autoptr (LwEvent) event = NULL;
  g_autofree char *dev = NULL;
  g_autofree char *ann = NULL;
  gint64 id;

  id = create_event_with (page, "Knockout", 3, G_MAXUINT, 0, players, G_N_ELEMENTS (players));
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (page)));
  lw_test_activate (page, "events.pair-by-rating");
  event = load_event (fixture, id);
  g_assert_cmpuint (event->rounds->len, ==, 1);
  /* Table 1: seeds 1 v 4 (Ann v Dev), the higher seed in seat 0. */
  g_assert_cmpint (table_of (event, 1, 1)->entrants[0], ==, 0);
  g_assert_cmpint (table_of (event, 1, 1)->entrants[1], ==, 3);
  paper_result (page, 1, first, 2);
  paper_result (page, 2, second, 2);
  dev = lw_events_page_get_player_text (page, 3);
  g_assert_nonnull (strstr (dev, "Eliminated in round 1"));
  ann = lw_events_page_get_player_text (page, 0);
  g_assert_nonnull (strstr (ann, "Still in \u00b7 round 2"));
  lw_events_page_set_view (page, "bracket");
  g_assert_cmpstr (lw_events_page_get_view (page), ==, "bracket");
}

static void
test_rename_delete (Fixture       *fixture,
                    gconstpointer  data)
{
  LwEventsPage *page = show_events (fixture);
  const char *players[] = { "Ann", "Ben", "Cleo", "Dev" };
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) stored = NULL;
  AdwMessageDialog *dialog;
  gint64 id;

  id = create_event_with (page, "Spring", 0, 0, 2, players, G_N_ELEMENTS (players));
  lw_test_activate (page, "events.pair");

  /* Renamed: the dialog starts from the name; Enter in the row renames. */
  lw_test_activate (page, "events.rename");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (lw_events_page_get_dialog_field (page, "name"))),
                   ==, "Spring");
  gtk_editable_set_text (GTK_EDITABLE (lw_events_page_get_dialog_field (page, "name")), "  Autumn Cup ");
  g_signal_emit_by_name (gtk_editable_get_delegate (GTK_EDITABLE (lw_events_page_get_dialog_field (page, "name"))),
                         "activate");
  /* A button activated from the keyboard clicks once it has shown itself
   * pressed (GTK's 250 ms). */
  for (gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
       lw_events_page_get_dialog (page) != NULL && g_get_monotonic_time () < end; )
    {
      g_usleep (10000);
      lw_test_drain ();
    }
  g_assert_null (lw_events_page_get_dialog (page));
  g_assert_cmpstr (lw_events_page_get_event (page)->name, ==, "Autumn Cup");
  stored = load_event (fixture, id);
  g_assert_cmpstr (stored->name, ==, "Autumn Cup");
  g_assert_cmpuint (stored->rounds->len, ==, 1);
  g_clear_pointer (&stored, lw_event_free);

  /* A blank name is refused, with a reason. */
  lw_test_activate (page, "events.rename");
  gtk_editable_set_text (GTK_EDITABLE (lw_events_page_get_dialog_field (page, "name")), "   ");
  respond (page, "rename");
  dialog = find_error_dialog (page);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Rename the Event");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, "An event needs a name.");
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();
  stored = load_event (fixture, id);
  g_assert_cmpstr (stored->name, ==, "Autumn Cup");
  g_clear_pointer (&stored, lw_event_free);

  /* Deleting asks first, by name, the deletion not the default. */
  lw_test_activate (page, "events.delete");
  dialog = lw_events_page_get_dialog (page);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Delete “Autumn Cup”?");
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "delete"), ==,
                   ADW_RESPONSE_DESTRUCTIVE);
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  respond (page, "cancel");
  g_assert_cmpint (lw_events_page_get_event_id (page), ==, id);
  stored = load_event (fixture, id);
  g_clear_pointer (&stored, lw_event_free);

  lw_test_activate (page, "events.delete");
  respond (page, "delete");
  g_assert_cmpint (lw_events_page_get_event_id (page), ==, 0);
  g_assert_cmpuint (lw_events_page_get_n_events (page), ==, 0);
  g_assert_null (lw_store_load_event (lw_window_get_store (fixture->window), id, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
}

static const LwTestAppCase cases[] = {
  { "/ui-events/swiss-13", test_swiss_13 },
  { "/ui-events/partners-8", test_partners_8 },
  { "/ui-events/leaderboard", test_leaderboard },
  { "/ui-events/tiebreaks", test_tiebreaks },
  { "/ui-events/table-entry", test_table_entry },
  { "/ui-events/seeding", test_seeding },
  { "/ui-events/rule-set", test_rule_set },
  { "/ui-events/rename-delete", test_rename_delete },
  { "/ui-events/elimination", test_elimination },
};

int
main (int   argc,
      char *argv[])
{
  return lw_test_app_main (argc, argv, cases, G_N_ELEMENTS (cases));
}
