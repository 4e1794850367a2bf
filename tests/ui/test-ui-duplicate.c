/* test-ui-duplicate.c — the app driven in-process: a duplicate event's
 * boards entered with the round form, corrected, refused in words, and
 * the travelling sheets updated at once (docs/rules/DUPLICATE.md D4–D6,
 * D9)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-application.h"
#include "lw-duplicate.h"
#include "lw-entry-dialog.h"
#include "lw-entry-dialog-private.h"
#include "lw-entry-requests.h"
#include "lw-events-duplicate.h"
#include "lw-events-duplicate-private.h"
#include "lw-events-page.h"
#include "lw-events-page-private.h"
#include "lw-round-form.h"
#include "lw-round-form-private.h"
#include "lw-seat-row.h"
#include "lw-seat-row-private.h"
#include "lw-store.h"
#include "lw-store-event-boards.h"
#include "lw-store-events.h"
#include "lw-table-page.h"
#include "lw-table-page-private.h"
#include "lw-store-event-pars.h"
#include "lw-window.h"
#include "lw-window-private.h"
#include "lw-test-app.h"
#include "lw-test-util.h"

typedef LwTestApp Fixture;

/* 6 players at 3-seat tables, 2 boards a round, seed 42, round 1 paired
 * from the page; the page shows it. */
static gint64
make_event (Fixture       *fixture,
            LwEventsPage **page_out)
{
  static const char *const names[] = { "Ann", "Ben", "Cleo", "Dev", "Emil", "Fay", NULL };
  LwStore *store = lw_window_get_store (fixture->window);
  g_autoptr (GError) error = NULL;
  LwEventsPage *page;
  LwEventConfig config;
  gint64 id;

  lw_event_config_init (&config, LW_EVENT_DUPLICATE, 3);
  config.seed = 42;
  config.boards_per_round = 2;
  config.n_rounds = 2;
  id = lw_store_add_event (store, "Duplicate Night", &config, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_add_event_entrants (store, id, names, LW_ENTRANT_CHECKED_IN, &error));
  lw_test_activate (fixture->window, "win.show-events");
  page = lw_window_get_events_page (fixture->window);
  g_assert_true (lw_events_page_show_event (page, id, &error));
  g_assert_no_error (error);
  lw_test_activate (page, "events.pair");
  g_assert_cmpuint (lw_events_page_get_shown_round (page), ==, 1);
  *page_out = page;
  return id;
}

/* events.enter-board for @table, @board: the board's window. */
static LwBoardEntry *
open_board (LwEventsPage *page,
            guint         table,
            guint         board)
{
  LwBoardEntry *entry;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "events.enter-board", "(uu)", table, board));
  lw_test_drain ();
  entry = lw_test_find_item (gtk_window_get_toplevels (), LW_TYPE_BOARD_ENTRY, NULL);
  g_assert_nonnull (entry);
  return entry;
}

/* The form filled: @declarer (or LW_NO_SEAT), cards won per seat. */
static void
fill (LwBoardEntry *entry,
      int           declarer,
      const int    *cards)
{
  LwRoundForm *form = LW_ROUND_FORM (lw_test_find (entry, LW_TYPE_ROUND_FORM, NULL));

  lw_round_form_reset (form);
  lw_round_form_set_declarer (form, declarer);
  for (guint s = 0; s < 3; s++)
    gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, s), LW_SEAT_COUNT_CARDS),
                               cards[s]);
  lw_test_drain ();
}

static LwEvent *
load (Fixture *fixture,
      gint64   id)
{
  g_autoptr (GError) error = NULL;
  LwEvent *event = lw_store_load_event (lw_window_get_store (fixture->window), id, &error);

  g_assert_no_error (error);
  return event;
}

static const char *
name_at (const LwEvent *event,
         guint          table,
         guint          seat)
{
  const LwEventRound *round = g_ptr_array_index (event->rounds, 0);
  const LwEventTable *t = &g_array_index (round->tables, LwEventTable, table - 1);

  return ((const LwEntrant *) g_ptr_array_index (event->entrants, (guint) t->entrants[seat]))->name;
}

/* D9: Enter Board 1 at table 1 opens the round form with the table's
 * players and the board's dealer, stores the result as the board's; the
 * table's status, the standings and the open travelling sheet show it at
 * once; a second Enter Board 1 corrects it; `unpegged` is refused in words
 * (D4) and nothing is stored. D5–D6: the nets and matchpoints as worked
 * out by hand. */
static void
test_enter_boards (Fixture       *fixture,
                   gconstpointer  data)
{
  static const int pack[3] = { 5, 20, 8 }, even[3] = { 11, 11, 11 };
  LwEventsPage *page = NULL;
  gint64 id = make_event (fixture, &page);
  g_autoptr (LwEvent) event = load (fixture, id);
  g_autoptr (LwEvent) after = NULL;
  g_autofree char *table_text = NULL;
  g_autofree char *sheet = NULL;
  g_autofree char *expected = NULL;
  LwTravellerView *view;
  LwBoardEntry *entry;
  LwRoundForm *form;

  /* Board 1 at table 1: its players in their seats, seat 0 deals (D2). */
  entry = open_board (page, 1, 1);
  form = LW_ROUND_FORM (lw_test_find (entry, LW_TYPE_ROUND_FORM, NULL));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (entry)), ==, "Board 1");
  g_assert_cmpstr (lw_round_form_get_submit_label (form), ==, "_Enter Board 1");
  for (guint s = 0; s < 3; s++)
    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (lw_round_form_get_seat_row (form, s))), ==,
                     name_at (event, 1, s));
  fill (entry, 1, pack);
  g_assert_true (lw_round_form_get_valid (form));
  g_assert_true (lw_board_entry_submit (entry));
  lw_test_drain ();

  table_text = lw_events_page_get_table_text (page, 1);
  g_assert_nonnull (strstr (table_text, "Boards 1–2 · 1 of 2 entered"));
  after = load (fixture, id);
  g_assert_cmpuint (after->board_results->len, ==, 1);
  g_assert_cmpint (((LwBoardResult *) g_ptr_array_index (after->board_results, 0))->facts->declarer, ==, 1);
  g_clear_pointer (&after, lw_event_free);

  /* The travelling sheets, open while table 2 enters board 1. */
  lw_test_activate (page, "events.travellers");
  view = lw_test_find_item (gtk_window_get_toplevels (), LW_TYPE_TRAVELLER_VIEW, NULL);
  g_assert_nonnull (view);

  entry = open_board (page, 2, 1);
  fill (entry, LW_NO_SEAT, even);
  g_assert_true (lw_board_entry_submit (entry));
  lw_test_drain ();

  /* Table 1: deltas 0, +1, 0, nets −1/2, 1, −1/2; table 2: −1 each, nets
   * 0. Top 2: seat 2 at table 1 beats table 2, seats 1 and 3 lose. */
  sheet = lw_traveller_view_get_text (view);
  expected = g_strdup_printf ("Board 1 · event round 1 · check code 7c764b\n"
                              "Seat 1 · table 1 · %s · net -0.50 · 0/2 · 0.00 %%\n"
                              "Seat 1 · table 2 · %s · net 0.00 · 2/2 · 100.00 %%\n"
                              "Seat 2 · table 1 · %s · net 1.00 · 2/2 · 100.00 %%\n"
                              "Seat 2 · table 2 · %s · net 0.00 · 0/2 · 0.00 %%\n"
                              "Seat 3 · table 1 · %s · net -0.50 · 0/2 · 0.00 %%\n"
                              "Seat 3 · table 2 · %s · net 0.00 · 2/2 · 100.00 %%\n"
                              "Board 2 · event round 1 · check code ",
                              name_at (event, 1, 0), name_at (event, 2, 0), name_at (event, 1, 1),
                              name_at (event, 2, 1), name_at (event, 1, 2), name_at (event, 2, 2));
  g_assert_true (g_str_has_prefix (sheet, expected));
  g_assert_true (g_str_has_suffix (sheet, "\nNo table has entered this board yet\n"));
  g_clear_pointer (&sheet, g_free);
  g_clear_pointer (&expected, g_free);

  /* Enter Board 1 at table 1 again: the form holds the result and
   * corrects it (D9). */
  entry = open_board (page, 1, 1);
  form = LW_ROUND_FORM (lw_test_find (entry, LW_TYPE_ROUND_FORM, NULL));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (entry)), ==, "Correct Board 1");
  g_assert_cmpstr (lw_round_form_get_submit_label (form), ==, "_Save Correction");
  {
    g_autoptr (LwRound) shown = lw_round_form_build_round (form);

    g_assert_cmpint (shown->declarer, ==, 1);
    g_assert_cmpint (shown->cards[1], ==, 20);
  }
  fill (entry, LW_NO_SEAT, even);
  g_assert_true (lw_board_entry_submit (entry));
  lw_test_drain ();
  after = load (fixture, id);
  g_assert_cmpuint (after->board_results->len, ==, 2);
  g_assert_cmpint (((LwBoardResult *) g_ptr_array_index (after->board_results, 0))->facts->declarer, ==, -1);
  g_clear_pointer (&after, lw_event_free);
  /* Every net 0 now: every position 1/2 (D6). */
  sheet = lw_traveller_view_get_text (view);
  expected = g_strdup_printf ("Seat 2 · table 1 · %s · net 0.00 · 1/2 · 50.00 %%\n", name_at (event, 1, 1));
  g_assert_nonnull (strstr (sheet, expected));
  g_assert_null (strstr (sheet, "100.00"));

  /* Pegging does not apply to a board (D4): said in the form, nothing
   * stored, the window stays. */
  entry = open_board (page, 2, 2);
  form = LW_ROUND_FORM (lw_test_find (entry, LW_TYPE_ROUND_FORM, NULL));
  fill (entry, 1, pack);
  lw_seat_row_set_unpegged (lw_round_form_get_seat_row (form, 0), TRUE);
  lw_test_drain ();
  g_assert_false (lw_board_entry_submit (entry));
  g_assert_nonnull (strstr (lw_round_form_get_error_text (form), "pegging does not apply"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (entry)));
  after = load (fixture, id);
  g_assert_cmpuint (after->board_results->len, ==, 2);
  gtk_window_destroy (GTK_WINDOW (entry));
  gtk_window_destroy (GTK_WINDOW (view));
  lw_test_drain ();

  /* The export gives the duplicate standings (D7), as the CLI's
   * event standings --json does: JSON equal to it, CSV a row a player. */
  {
    g_autofree char *csv_path = g_build_filename (fixture->dir, "duplicate.csv", NULL);
    g_autofree char *json_path = g_build_filename (fixture->dir, "duplicate.json", NULL);
    g_autoptr (GFile) csv = g_file_new_for_path (csv_path);
    g_autoptr (GFile) json = g_file_new_for_path (json_path);
    g_autoptr (GPtrArray) standings = lw_duplicate_compute_standings (after, NULL);
    g_autofree char *expected_json = lw_duplicate_standings_to_json (after, standings);
    g_autofree char *contents = NULL;
    g_autoptr (GError) error = NULL;
    g_auto (GStrv) lines = NULL;

    g_assert_true (lw_events_page_export_standings_to (page, json, TRUE, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (json_path, &contents, NULL, &error));
    g_assert_cmpstr (contents, ==, expected_json);
    g_clear_pointer (&contents, g_free);
    g_assert_true (lw_events_page_export_standings_to (page, csv, FALSE, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (csv_path, &contents, NULL, &error));
    lines = g_strsplit (contents, "\r\n", -1);
    g_assert_cmpstr (lines[0], ==, "rank,player,percentage,nets,matchpoints,boards,dropped");
    g_assert_cmpuint (g_strv_length (lines), ==, 1 + standings->len + 1);
    {
      const LwDuplicateStanding *top = g_ptr_array_index (standings, 0);
      g_autofree char *percentage = lw_fraction_format (top->score, 100);
      g_autofree char *nets = lw_fraction_format (top->nets, 1);
      g_autofree char *row = g_strdup_printf ("%u,%s,%s,%s,%u,%u,false", top->rank, top->name, percentage,
                                              nets, top->matchpoints, top->boards);

      g_assert_cmpstr (lines[1], ==, row);
    }
  }
}

/* The printed travelling sheets: one PDF page for two boards. */
static void
test_print_travellers (Fixture       *fixture,
                       gconstpointer  data)
{
  LwEventsPage *page = NULL;
  gint64 id = make_event (fixture, &page);
  g_autoptr (LwEvent) event = load (fixture, id);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "travellers.pdf", NULL);
  g_autoptr (GtkPrintOperation) operation = lw_traveller_print_new (event);
  g_autoptr (GtkPageSetup) a4 = gtk_page_setup_new ();
  g_autoptr (GtkPaperSize) paper = gtk_paper_size_new (GTK_PAPER_NAME_A4);

  g_assert_nonnull (operation);
  gtk_page_setup_set_paper_size_and_default_margins (a4, paper);
  gtk_print_operation_set_default_page_setup (operation, a4);
  gtk_print_operation_set_export_filename (operation, path);
  g_assert_cmpint (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &error),
                   ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_no_error (error);
  g_assert_cmpuint (lw_test_count_pdf_pages (path), ==, 1);
}

/* Table entry for a duplicate event: one link per table of the round,
 * each for its boards (no game made), known by lw_entry_board_key(). */
static void
test_table_entry (Fixture       *fixture,
                  gconstpointer  data)
{
  LwEventsPage *page = NULL;
  gint64 id = make_event (fixture, &page);
  LwEntryDialog *dialog;

  g_assert_cmpint (id, >, 0);
  lw_test_activate (page, "events.table-entry");
  dialog = lw_test_find_item (gtk_window_get_toplevels (), LW_TYPE_ENTRY_DIALOG, NULL);
  g_assert_nonnull (dialog);
  g_assert_null (lw_entry_dialog_get_error (dialog));
  g_assert_cmpuint (lw_entry_dialog_get_n_tables (dialog), ==, 2);
  for (guint i = 0; i < 2; i++)
    g_assert_cmpint (lw_entry_dialog_get_table_game (dialog, i), ==, lw_entry_board_key (id, 1, i + 1));
  {
    g_autoptr (GPtrArray) games = lw_store_list_games (lw_window_get_store (fixture->window), NULL);

    g_assert_cmpuint (games->len, ==, 0);
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();
}

static gboolean
board_timed_out_cb (gpointer data)
{
  g_error ("a board at the virtual table did not end within 120 s");
  return G_SOURCE_REMOVE;
}

static int
compare_cards (gconstpointer a,
               gconstpointer b)
{
  return (int) *(const LwCard *) a - (int) *(const LwCard *) b;
}

/* The table being played holds board @number of @event exactly (D1):
 * each seat's hand (as sets: the sheet's order is not the table's), the
 * Pups in deal order and the dealer (D2). */
static void
assert_dealt_board (LwTablePage   *page,
                    const LwEvent *event,
                    guint          number)
{
  const LwTable *table = lw_table_page_get_table (page);
  LwCard pups[4];
  LwBoard board;

  g_assert_nonnull (table);
  g_assert_cmpuint (lw_table_page_get_board (page), ==, number);
  lw_event_board (event, number, &board);
  g_assert_cmpint (lw_table_get_phase (table), ==, LW_PHASE_BID);
  g_assert_cmpuint (lw_table_get_log (table)->len, ==, 0);
  g_assert_cmpint (lw_table_get_dealer (table), ==, board.dealer);
  for (guint s = 0; s < board.n_seats; s++)
    {
      guint n = 0;
      const LwCard *hand = lw_table_get_hand (table, (int) s, &n);
      g_autofree LwCard *mine = g_memdup2 (hand, n * sizeof (LwCard));
      g_autofree LwCard *sheet = g_memdup2 (board.hands[s], board.n_hand[s] * sizeof (LwCard));

      g_assert_cmpuint (n, ==, board.n_hand[s]);
      qsort (mine, n, sizeof (LwCard), compare_cards);
      qsort (sheet, n, sizeof (LwCard), compare_cards);
      g_assert_cmpmem (mine, n, sheet, n);
    }
  lw_table_get_pups (table, pups);
  g_assert_cmpmem (pups, sizeof pups, board.pups, sizeof board.pups);
}

/* Until the board at the table has ended (computers only: nobody waits
 * for a person). */
static void
wait_board_end (LwTablePage *page)
{
  guint guard = g_timeout_add_seconds (120, board_timed_out_cb, NULL);

  while (!lw_table_page_get_round_over (page))
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (guard);
  lw_test_drain ();
}

/* Play at the Virtual Table: table 2 of round 1 plays its two boards at
 * the virtual table, every seat a computer. Each board is dealt exactly as
 * its sheet (D1) with the table's players in their seats; at its end the
 * round's facts are entered as the board's result (D9) and the Seating
 * tab shows it; Next Board deals board 2; after it the page says the
 * round's boards are done. A board entered meanwhile by hand is refused
 * in words and not stored twice. */
static void
test_virtual_table (Fixture       *fixture,
                    gconstpointer  data)
{
  LwEventsPage *page = NULL;
  gint64 id = make_event (fixture, &page);
  g_autoptr (LwEvent) event = load (fixture, id);
  LwTablePage *table_page;
  LwTableSeats seats = { 0 };
  g_autofree char *text = NULL;
  LwEvent *after;

  /* The Seating tab's button, on a table with boards to play. */
  text = lw_events_page_get_table_text (page, 2);
  g_assert_nonnull (strstr (text, "0 of 2 entered"));
  g_clear_pointer (&text, g_free);

  /* The window's action opens the table with every seat on this device. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "win.play-event-boards", "(xuu)", id, 1u, 2u));
  lw_test_drain ();
  table_page = lw_window_get_table_page (fixture->window);
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "table");
  g_assert_cmpint (lw_table_page_get_event_id (table_page), ==, id);
  assert_dealt_board (table_page, event, 1);
  g_assert_cmpstr (lw_table_page_get_shown (table_page), ==, "curtain");
  {
    g_autofree char *curtain = g_strconcat ("Pass the device to ", name_at (event, 2, 0), NULL);

    g_assert_cmpstr (lw_table_page_get_curtain_title (table_page), ==, curtain);
  }

  /* The same table, every seat a computer. */
  lw_table_page_set_computer_pause (table_page, 0);
  lw_table_page_set_trick_hold (table_page, 0, FALSE);
  seats.n_players = 3;
  for (guint s = 0; s < 3; s++)
    {
      seats.computer[s] = TRUE;
      seats.level[s] = LW_BOT_EASY;
    }
  {
    g_autoptr (GError) error = NULL;

    g_assert_true (lw_table_page_play_boards (table_page, id, 1, 2, &seats, &error));
    g_assert_no_error (error);
  }
  assert_dealt_board (table_page, event, 1);
  for (guint s = 0; s < 3; s++)
    g_assert_cmpstr (lw_table_page_name_of (table_page, (int) s), ==, name_at (event, 2, s));
  wait_board_end (table_page);
  g_assert_nonnull (strstr (lw_table_page_get_status_text (table_page), "Board 1 is entered."));
  g_assert_false (lw_table_page_get_game_over (table_page));
  after = load (fixture, id);
  g_assert_cmpuint (after->board_results->len, ==, 1);
  {
    const LwBoardResult *result = lw_event_find_board_result (after, 1, 2, 1);

    g_assert_nonnull (result);
    g_assert_cmpint (result->facts->declarer, ==, lw_table_get_declarer (lw_table_page_get_table (table_page)));
  }
  lw_event_free (after);

  /* Next Board: board 2, the next not entered (looked at before the
   * computers move). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table_page), "table.next-round", NULL));
  assert_dealt_board (table_page, event, 2);
  wait_board_end (table_page);
  g_assert_true (lw_table_page_get_game_over (table_page));
  g_assert_nonnull (strstr (lw_table_page_get_status_text (table_page),
                            "Board 2 is entered; the round’s boards are all done at this table."));
  after = load (fixture, id);
  g_assert_cmpuint (after->board_results->len, ==, 2);
  g_assert_nonnull (lw_event_find_board_result (after, 1, 2, 2));
  lw_event_free (after);

  /* Back goes to the event, whose Seating shows both boards entered. */
  lw_test_activate (table_page, "win.show-games");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "events");
  text = lw_events_page_get_table_text (page, 2);
  g_assert_nonnull (strstr (text, "2 of 2 entered"));
  g_clear_pointer (&text, g_free);

  /* All entered: the table has nothing more to play. */
  {
    g_autoptr (GError) error = NULL;

    g_assert_false (lw_table_page_play_boards (table_page, id, 1, 2, &seats, &error));
    g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "table 2"));
  }

  /* D9: table 1's board 1 entered by hand while it is played here: the
   * board's end is refused in words and nothing more is stored. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (LwRound) facts = lw_round_new ();
    g_autoptr (LwEvent) stored = NULL;

    g_assert_true (lw_table_page_play_boards (table_page, id, 1, 1, &seats, &error));
    facts->declarer = LW_NO_SEAT;
    facts->dealer = 0;
    for (guint s = 0; s < 3; s++)
      facts->cards[s] = 11;
    stored = lw_store_add_event_board_result (lw_window_get_store (fixture->window), id, 1, 1, 1, facts, &error);
    g_assert_no_error (error);
    wait_board_end (table_page);
    g_assert_nonnull (strstr (lw_table_page_get_status_text (table_page), "Board 1 was not entered: "));
    after = load (fixture, id);
    g_assert_cmpuint (after->board_results->len, ==, 3);
    g_assert_cmpint (lw_event_find_board_result (after, 1, 1, 1)->facts->declarer, ==, LW_NO_SEAT);
    lw_event_free (after);
    /* Next Board goes on to board 2, the one not entered. */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table_page), "table.next-round", NULL));
    assert_dealt_board (table_page, event, 2);
  }

}

/* Play Par (D10): the computers play round 1's boards on a worker
 * thread; the pars are stored and an open travelling sheet shows them
 * beside the boards; the standings are the same. */
static void
test_play_par (Fixture       *fixture,
               gconstpointer  data)
{
  LwEventsPage *page = NULL;
  gint64 id = make_event (fixture, &page);
  LwStore *store = lw_window_get_store (fixture->window);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = load (fixture, id);
  g_autoptr (GPtrArray) pars = NULL;
  g_autoptr (LwBoardPar) expected = NULL;
  g_autofree char *sheet = NULL;
  g_autofree char *row = NULL;
  g_autofree char *net = NULL;
  LwTravellerView *view;
  gint64 deadline;

  lw_test_activate (page, "events.travellers");
  view = lw_test_find_item (gtk_window_get_toplevels (), LW_TYPE_TRAVELLER_VIEW, NULL);
  g_assert_nonnull (view);
  sheet = lw_traveller_view_get_text (view);
  g_assert_null (strstr (sheet, "Par ("));
  g_clear_pointer (&sheet, g_free);

  lw_test_activate (page, "events.play-par");
  /* Bounded: the worker's two boards at Hard, on a loaded machine. */
  deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  do
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (20000);
      g_clear_pointer (&pars, g_ptr_array_unref);
      pars = lw_store_load_event_board_pars (store, NULL, id, &error);
      g_assert_no_error (error);
    }
  while (pars->len < 2 && g_get_monotonic_time () < deadline);
  lw_test_drain ();
  g_assert_cmpuint (pars->len, ==, 2);
  expected = lw_duplicate_play_par (event, 1, LW_BOT_HARD, &error);
  g_assert_no_error (error);
  g_assert_cmpint (lw_duplicate_find_par (pars, 1)->level, ==, LW_BOT_HARD);
  g_assert_cmpmem (lw_duplicate_find_par (pars, 1)->deltas, sizeof expected->deltas, expected->deltas,
                   sizeof expected->deltas);

  /* The sheet shows the par of board 1 beside it (no table entered it). */
  sheet = lw_traveller_view_get_text (view);
  net = lw_fraction_format (expected->nets[0], 1);
  row = g_strdup_printf ("No table has entered this board yet\nPar (Hard)\nSeat 1 · delta %s%d · net %s%s\n",
                         expected->deltas[0] > 0 ? "+" : expected->deltas[0] < 0 ? "−" : "",
                         ABS (expected->deltas[0]), net[0] == '-' ? "−" : "", net[0] == '-' ? net + 1 : net);
  g_assert_nonnull (strstr (sheet, row));
  g_clear_pointer (&event, lw_event_free);
  event = load (fixture, id);
  g_assert_cmpuint (event->board_results->len, ==, 0);
  gtk_window_destroy (GTK_WINDOW (view));
  lw_test_drain ();
}

static const LwTestAppCase cases[] = {
  { "/ui-duplicate/virtual-table", test_virtual_table },
  { "/ui-duplicate/table-entry", test_table_entry },
  { "/ui-duplicate/enter-boards", test_enter_boards },
  { "/ui-duplicate/print-travellers", test_print_travellers },
  { "/ui-duplicate/play-par", test_play_par },
};

int
main (int   argc,
      char *argv[])
{
  return lw_test_app_main (argc, argv, cases, G_N_ELEMENTS (cases));
}
