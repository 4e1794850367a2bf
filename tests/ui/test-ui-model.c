/* test-ui-model.c — one reading of the game per change: a round entered
 * through the game page replays the game once; a change by another
 * program reaches the page through the store's watch
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

typedef LwTestApp Fixture;

static gint64
start_two_player_game (Fixture *fixture)
{
  LwNewGamePage *new_game = lw_window_get_new_game_page (fixture->window);
  LwGamePage *page = lw_window_get_game_page (fixture->window);

  lw_test_activate (fixture->window, "win.new-game");
  lw_new_game_page_set_n_players (new_game, 2);
  lw_new_game_page_set_player (new_game, 0, "Ann");
  lw_new_game_page_set_player (new_game, 1, "Ben");
  lw_test_activate (new_game, "new-game.start");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "game");
  lw_test_drain ();
  return lw_game_page_get_game_id (page);
}

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

  start_two_player_game (fixture);

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

/* Another program changes the game's notes: the watch's data_version
 * check tells the view, and the page shows them. */
static void
test_other_program (Fixture       *fixture,
                    gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwGameView *view = lw_game_page_get_view (page);
  LwStoreWatch *watch = lw_store_watch_find (lw_window_get_store (fixture->window));
  gint64 id = start_two_player_game (fixture);
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

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/ui-model/one-replay-per-round", Fixture, NULL, lw_test_app_set_up,
              test_one_replay_per_round, lw_test_app_tear_down);
  g_test_add ("/ui-model/other-program", Fixture, NULL, lw_test_app_set_up,
              test_other_program, lw_test_app_tear_down);

  return g_test_run ();
}
