/* test-ui-model.c — one reading of the game per change: a round entered
 * through the game page replays the game once; a change by another
 * program reaches the page through the store's watch; the Events,
 * Leaderboard and Players pages read themselves again when the store
 * says they changed, at once when shown, once when next shown if hidden
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <sqlite3.h>

#include "lw-scoreboard.h"
#include "lw-scoreboard-private.h"
#include "lw-game-page.h"
#include "lw-game-page-private.h"
#include "lw-game-view.h"
#include "lw-game-view-private.h"
#include "lw-new-game-page.h"
#include "lw-new-game-page-private.h"
#include "lw-round-form.h"
#include "lw-round-form-private.h"
#include "lw-score-private.h"
#include "lw-store-private.h"
#include "lw-store-watch.h"
#include "lw-window.h"
#include "lw-window-private.h"
#include "lw-test-app.h"
#include "lw-test-util.h"
#include "lw-seat-row-private.h"
#include "lw-events-page.h"
#include "lw-events-page-private.h"
#include "lw-leaderboard-page.h"
#include "lw-leaderboard-page-private.h"
#include "lw-page-watch.h"
#include "lw-page-watch-private.h"
#include "lw-stats-page.h"
#include "lw-stats-page-private.h"
#include "lw-store-events.h"

typedef LwTestApp Fixture;

/* Types a round into the form (no declarer) and adds it. */
static void
enter_round (LwGamePage *page,
             int         ann,
             int         ben)
{
  LwRoundForm *form = lw_game_page_get_round_form (page);

  lw_round_form_reset (form);
  lw_round_form_set_declarer (form, LW_NO_SEAT);
  gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS), ann);
  gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 1), LW_SEAT_COUNT_CARDS), ben);
  lw_test_drain ();
  lw_test_activate (page, "game.submit-round");
  /* Idles too: a second reading there would count. */
  lw_test_drain ();
}

static int
count_statement (unsigned  type,
                 void     *data,
                 void     *p,
                 void     *x)
{
  (*(guint *) data)++;
  return 0;
}

/* Each round typed and added costs one replay of the game (the store's,
 * which checks it under its write lock): the form scores only the new
 * round, the view extends its standings by it, and the view reads the
 * game once. */
static void
test_one_replay_per_round (Fixture       *fixture,
                           gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwGameView *view = lw_game_page_get_view (page);
  LwScoreboard *board = lw_game_page_get_scoreboard (page);
  sqlite3 *db = lw_store_get_db (lw_window_get_store (fixture->window));
  static const int rounds[][2] = { { 10, 16 }, { 16, 10 }, { 14, 12 } };

  lw_test_start_two_player_game (fixture);

  for (guint i = 0; i < G_N_ELEMENTS (rounds); i++)
    {
      guint replays = lw_score_get_replay_count ();
      guint loads = lw_game_view_get_load_count (view);
      guint statements = 0;

      sqlite3_trace_v2 (db, SQLITE_TRACE_STMT, count_statement, &statements);
      enter_round (page, rounds[i][0], rounds[i][1]);
      sqlite3_trace_v2 (db, 0, NULL, NULL);

      g_assert_cmpuint (lw_score_get_replay_count () - replays, ==, 1);
      g_assert_cmpuint (lw_game_view_get_load_count (view) - loads, ==, 1);

      /* What the page shows is a whole replay's of what is stored. */
      g_assert_cmpuint (lw_game_page_get_n_history_rows (page), ==, i + 1);
      {
        g_autoptr (LwStoredGame) game = lw_store_load_game (lw_window_get_store (fixture->window),
                                                            lw_game_page_get_game_id (page), NULL);
        g_autoptr (LwStandings) replayed = lw_standings_compute (game->record, NULL);
        g_autofree char *want = lw_standings_to_json (replayed);
        g_autofree char *shown = lw_standings_to_json (lw_game_view_get_standings (view));

        g_assert_cmpuint (game->record->rounds->len, ==, i + 1);
        g_assert_cmpstr (shown, ==, want);
        for (guint side = 0; side < 2; side++)
          {
            g_autofree char *score = g_strdup_printf ("%d", replayed->scores[side]);

            g_assert_cmpstr (lw_scoreboard_get_score_text (board, side), ==, score);
          }
      }
      g_test_message ("round %u: 1 replay, 1 reading of the game, %u SQL statements", i + 1, statements);
    }
}

/* One Add Round press reads the game from SQLite once (the store, under
 * its write lock, hands the game it stored to the view) and checks the
 * round twice: once in the form, once in the store (its replay). */
static void
test_add_round_reads_once (Fixture       *fixture,
                           gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwStore *store = lw_window_get_store (fixture->window);
  LwRoundForm *form = lw_game_page_get_round_form (page);
  static const int rounds[][2] = { { 10, 16 }, { 16, 10 }, { 14, 12 } };

  lw_test_start_two_player_game (fixture);

  for (guint i = 0; i < G_N_ELEMENTS (rounds); i++)
    {
      guint reads, checks, replays;

      lw_round_form_reset (form);
      lw_round_form_set_declarer (form, LW_NO_SEAT);
      gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS),
                                 rounds[i][0]);
      gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 1), LW_SEAT_COUNT_CARDS),
                                 rounds[i][1]);
      lw_test_drain ();

      reads = lw_store_get_game_read_count ();
      checks = lw_round_form_get_check_count ();
      replays = lw_score_get_replay_count ();
      lw_test_activate (page, "game.submit-round");
      lw_test_drain ();
      reads = lw_store_get_game_read_count () - reads;
      checks = lw_round_form_get_check_count () - checks;
      replays = lw_score_get_replay_count () - replays;

      g_test_message ("round %u: %u reading(s) of the game, %u check(s) in the form, %u replay(s)",
                      i + 1, reads, checks, replays);
      g_assert_cmpuint (reads, ==, 1);
      g_assert_cmpuint (replays, ==, 1);
      g_assert_cmpuint (checks + replays, <=, 2);

      /* Added, and shown as stored. */
      g_assert_cmpuint (lw_game_page_get_n_history_rows (page), ==, i + 1);
      {
        g_autoptr (LwStoredGame) game = lw_store_load_game (store, lw_game_page_get_game_id (page), NULL);
        g_autoptr (LwStandings) replayed = lw_standings_compute (game->record, NULL);
        g_autofree char *want = lw_standings_to_json (replayed);
        g_autofree char *shown = lw_standings_to_json (lw_game_page_get_standings (page));

        g_assert_cmpuint (game->record->rounds->len, ==, i + 1);
        g_assert_cmpint (((LwRound *) g_ptr_array_index (game->record->rounds, i))->cards[0], ==, rounds[i][0]);
        g_assert_cmpstr (shown, ==, want);
      }
    }
}

/* Another program changes the game's notes: the watch's data_version
 * check tells the view, and the page shows them. */
static void
test_other_program (Fixture       *fixture,
                    gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwGameView *view = lw_game_page_get_view (page);
  LwStoreWatch *watch = lw_store_watch_find (lw_window_get_store (fixture->window));
  gint64 id = lw_test_start_two_player_game (fixture);
  g_autofree char *sql = g_strdup_printf ("UPDATE games SET notes = 'Table by the window' WHERE id = %"
                                          G_GINT64_FORMAT, id);
  guint loads = lw_game_view_get_load_count (view);

  g_assert_nonnull (watch);
  g_assert_cmpstr (lw_game_page_get_details_text (page, TRUE), ==, "");
  lw_test_sql_exec_at (fixture->db_path, sql);

  g_assert_true (lw_store_watch_check (watch));
  g_assert_cmpuint (lw_game_view_get_load_count (view), ==, loads + 1);
  g_assert_cmpstr (lw_game_page_get_details_text (page, TRUE), ==, "Table by the window");
  /* Told once. */
  g_assert_false (lw_store_watch_check (watch));
  g_assert_cmpuint (lw_game_view_get_load_count (view), ==, loads + 1);
}

static const char *const ann_ben[] = { "Ann", "Ben" };
static const char *const cleo_dev[] = { "Cleo", "Dev" };

/* The window's store and watch, and the pages that listen to them. */
typedef struct
{
  LwStore *store;
  LwStoreWatch *watch;
  LwEventsPage *events;
  LwLeaderboardPage *board;
  LwStatsPage *stats;
} Pages;

static Pages
pages_of (Fixture *fixture)
{
  Pages pages = {
    .store = lw_window_get_store (fixture->window),
    .events = lw_window_get_events_page (fixture->window),
    .board = lw_window_get_leaderboard_page (fixture->window),
    .stats = lw_window_get_stats_page (fixture->window),
  };

  pages.watch = lw_store_watch_find (pages.store);
  g_assert_nonnull (pages.watch);
  return pages;
}

static gint64
add_event (LwStore    *store,
           const char *name)
{
  g_autoptr (GError) error = NULL;
  LwEventConfig config;
  gint64 id;

  lw_event_config_init (&config, LW_EVENT_SWISS, 2);
  id = lw_store_add_event (store, name, &config, &error);
  g_assert_no_error (error);
  return id;
}

/* While shown, each page shows a write as soon as the watch tells it:
 * one by the window's own connection (flushed), one by another program
 * (checked), without navigating. */
static void
test_shown_pages_listen (Fixture       *fixture,
                         gconstpointer  data)
{
  Pages pages = pages_of (fixture);
  g_autofree char *row = NULL;
  guint reloads;

  lw_test_activate (fixture->window, "win.show-events");
  g_assert_cmpuint (lw_events_page_get_n_events (pages.events), ==, 0);
  reloads = lw_page_watch_get_reloads (GTK_WIDGET (pages.events));
  add_event (pages.store, "Spring Cup");
  lw_store_watch_flush (pages.watch);
  lw_test_drain ();
  g_assert_cmpuint (lw_events_page_get_n_events (pages.events), ==, 1);
  row = lw_events_page_get_event_row_text (pages.events, 0);
  g_assert_true (g_str_has_prefix (row, "Spring Cup"));
  add_event (lw_test_app_writer (fixture), "Autumn Cup");
  g_assert_true (lw_store_watch_check (pages.watch));
  lw_test_drain ();
  g_assert_cmpuint (lw_events_page_get_n_events (pages.events), ==, 2);
  g_assert_cmpuint (lw_page_watch_get_reloads (GTK_WIDGET (pages.events)), ==, reloads + 2);
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "events");

  lw_test_activate (fixture->window, "win.show-leaderboard");
  lw_leaderboard_page_wait (pages.board);
  g_assert_cmpuint (lw_leaderboard_page_get_n_rows (pages.board), ==, 0);
  lw_test_add_won_game (pages.store, 2, ann_ben, 0);
  lw_store_watch_flush (pages.watch);
  lw_test_drain ();
  lw_leaderboard_page_wait (pages.board);
  g_assert_cmpuint (lw_leaderboard_page_get_n_rows (pages.board), ==, 2);
  g_assert_cmpstr (lw_leaderboard_page_get_row (pages.board, 0)->name, ==, "Ann");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "leaderboard");

  /* The player shown stays shown. */
  lw_test_activate (fixture->window, "win.show-players");
  lw_stats_page_wait (pages.stats);
  g_assert_cmpuint (lw_stats_page_get_n_players (pages.stats), ==, 2);
  g_assert_true (lw_stats_page_show_player (pages.stats, "Ben"));
  lw_test_add_won_game (lw_test_app_writer (fixture), 2, cleo_dev, 0);
  g_assert_true (lw_store_watch_check (pages.watch));
  lw_test_drain ();
  lw_stats_page_wait (pages.stats);
  g_assert_cmpuint (lw_stats_page_get_n_players (pages.stats), ==, 4);
  g_assert_cmpstr (lw_stats_page_get_shown_player (pages.stats), ==, "Ben");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "players");
}

/* Written while hidden: no reading then, one when the page is shown
 * again; the event and the tab shown are kept across a reload. */
static void
test_hidden_pages_reload_once (Fixture       *fixture,
                               gconstpointer  data)
{
  Pages pages = pages_of (fixture);
  g_autoptr (GError) error = NULL;
  gint64 id = add_event (pages.store, "Spring Cup");
  guint reloads;

  lw_test_activate (fixture->window, "win.show-events");
  g_assert_true (lw_events_page_show_event (pages.events, id, &error));
  g_assert_no_error (error);
  lw_events_page_set_view (pages.events, "standings");
  lw_test_activate (fixture->window, "win.show-games");
  lw_test_wait_unmapped (pages.events);
  reloads = lw_page_watch_get_reloads (GTK_WIDGET (pages.events));

  g_assert_true (lw_store_rename_event (pages.store, id, "Spring Open", &error));
  g_assert_no_error (error);
  lw_store_watch_flush (pages.watch);
  lw_test_sql_exec_at (fixture->db_path, "INSERT INTO players (name) VALUES ('Cleo')");
  g_assert_true (lw_store_watch_check (pages.watch));
  lw_test_drain ();
  g_assert_cmpuint (lw_page_watch_get_reloads (GTK_WIDGET (pages.events)), ==, reloads);
  g_assert_cmpstr (lw_events_page_get_event (pages.events)->name, ==, "Spring Cup");

  lw_test_activate (fixture->window, "win.show-events");
  lw_test_drain ();
  g_assert_cmpuint (lw_page_watch_get_reloads (GTK_WIDGET (pages.events)), ==, reloads + 1);
  g_assert_cmpint (lw_events_page_get_event_id (pages.events), ==, id);
  g_assert_cmpstr (lw_events_page_get_event (pages.events)->name, ==, "Spring Open");
  g_assert_cmpstr (lw_events_page_get_view (pages.events), ==, "standings");
  /* Shown again with nothing new: no reading. */
  lw_test_activate (fixture->window, "win.show-games");
  lw_test_wait_unmapped (pages.events);
  lw_test_activate (fixture->window, "win.show-events");
  g_assert_cmpuint (lw_page_watch_get_reloads (GTK_WIDGET (pages.events)), ==, reloads + 1);

  lw_test_add_won_game (pages.store, 2, cleo_dev, 0);
  lw_test_activate (fixture->window, "win.show-players");
  lw_stats_page_wait (pages.stats);
  g_assert_cmpuint (lw_stats_page_get_n_players (pages.stats), ==, 2);
  lw_test_activate (fixture->window, "win.show-games");
  lw_test_wait_unmapped (pages.stats);
  reloads = lw_page_watch_get_reloads (GTK_WIDGET (pages.stats));
  lw_test_add_won_game (pages.store, 2, ann_ben, 0);
  lw_store_watch_flush (pages.watch);
  lw_test_drain ();
  g_assert_cmpuint (lw_page_watch_get_reloads (GTK_WIDGET (pages.stats)), ==, reloads);
  lw_test_activate (fixture->window, "win.show-players");
  lw_stats_page_wait (pages.stats);
  g_assert_cmpuint (lw_page_watch_get_reloads (GTK_WIDGET (pages.stats)), ==, reloads + 1);
  g_assert_cmpuint (lw_stats_page_get_n_players (pages.stats), ==, 4);
}

/* A reload while shown keeps the list where it was scrolled to. */
static void
test_reload_keeps_scroll (Fixture       *fixture,
                          gconstpointer  data)
{
  Pages pages = pages_of (fixture);
  GtkScrolledWindow *scroller;
  GtkAdjustment *adjustment;
  gint64 end;

  for (guint i = 0; i < 30; i++)
    {
      g_autofree char *name = g_strdup_printf ("Club night %u", i + 1);

      add_event (pages.store, name);
    }
  lw_test_activate (fixture->window, "win.show-events");
  g_assert_cmpuint (lw_events_page_get_n_events (pages.events), ==, 30);
  scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (pages.events->events_list),
                                                           GTK_TYPE_SCROLLED_WINDOW));
  adjustment = gtk_scrolled_window_get_vadjustment (scroller);
  /* Laid out: 30 rows are taller than the window. */
  end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment) < 400
         && g_get_monotonic_time () < end)
    {
      g_usleep (10000);
      lw_test_drain ();
    }
  gtk_adjustment_set_value (adjustment, 400);
  lw_test_drain ();
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 400);

  add_event (lw_test_app_writer (fixture), "Spring Cup");
  g_assert_true (lw_store_watch_check (pages.watch));
  lw_test_drain ();
  g_assert_cmpuint (lw_events_page_get_n_events (pages.events), ==, 31);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 400);
}

static const LwTestAppCase cases[] = {
  { "/ui-model/one-replay-per-round", test_one_replay_per_round },
  { "/ui-model/add-round-reads-once", test_add_round_reads_once },
  { "/ui-model/other-program", test_other_program },
  { "/ui-model/shown-pages-listen", test_shown_pages_listen },
  { "/ui-model/hidden-pages-reload-once", test_hidden_pages_reload_once },
  { "/ui-model/reload-keeps-scroll", test_reload_keeps_scroll },
};

int
main (int   argc,
      char *argv[])
{
  return lw_test_app_main (argc, argv, cases, G_N_ELEMENTS (cases));
}
