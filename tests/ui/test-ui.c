/* test-ui.c — the app driven in-process: a whole 2-player game, reopening
 * the database, importing a game record, the round form's checks
 *
 * Each test runs on its own temporary database, with the application
 * created G_APPLICATION_NON_UNIQUE; it acts through the widgets' actions
 * and values, then checks what the widgets and the database hold.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "lw-app-util.h"
#include "lw-application.h"
#include "lw-scoreboard.h"
#include "lw-scoreboard-private.h"
#include "lw-edit-log.h"
#include "lw-edit-log-private.h"
#include "lw-game-page.h"
#include "lw-game-page-private.h"
#include "lw-games-page.h"
#include "lw-games-page-private.h"
#include "lw-new-game-page.h"
#include "lw-new-game-page-private.h"
#include "lw-penalty-row.h"
#include "lw-penalty-row-private.h"
#include "lw-round-form.h"
#include "lw-round-form-private.h"
#include "lw-store.h"
#include "lw-entry-requests.h"
#include "lw-window.h"
#include "lw-window-private.h"
#include "lw-test-app.h"
#include "lw-test-util.h"
#include "lw-round-editor-private.h"
#include "lw-score-chart-private.h"
#include "lw-seat-row-private.h"

typedef LwTestApp Fixture;

/* Fills the round form: the declarer (or LW_NO_SEAT), cards per seat,
 * Worms per seat, then submits with the page's action. */
static void
enter_round (LwGamePage *page,
             int         declarer,
             const int  *cards,
             const int  *worms)
{
  LwRoundForm *form = lw_game_page_get_round_form (page);
  const LwGameRecord *record = lw_game_page_get_record (page);

  lw_round_form_reset (form);
  lw_round_form_set_declarer (form, declarer);
  for (guint seat = 0; seat < record->n_players; seat++)
    {
      LwSeatRow *row = lw_round_form_get_seat_row (form, seat);

      gtk_spin_button_set_value (lw_seat_row_get_spin (row, LW_SEAT_COUNT_CARDS), cards[seat]);
      if (worms != NULL)
        gtk_spin_button_set_value (lw_seat_row_get_spin (row, LW_SEAT_COUNT_WORMS), worms[seat]);
    }
  lw_test_drain ();
  lw_test_activate (page, "game.submit-round");
}

static void
assert_board (LwScoreboard    *board,
              const char *score0,
              const char *score1)
{
  g_assert_cmpuint (lw_scoreboard_get_n_sides (board), ==, 2);
  g_assert_cmpstr (lw_scoreboard_get_score_text (board, 0), ==, score0);
  g_assert_cmpstr (lw_scoreboard_get_score_text (board, 1), ==, score1);
}

/* A 2-player game to a skunk, with a rejected round, an undo, the
 * breakdowns; then the same database reopened shows the same board. */
static void
test_two_player_game (Fixture       *fixture,
                      gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwScoreboard *board = lw_game_page_get_scoreboard (page);
  LwRoundForm *form = lw_game_page_get_round_form (page);
  LwGamesPage *games;
  const int most_to_ben[] = { 10, 16 };
  const int ann_pack[] = { 20, 6 };
  const int ben_worms[] = { 0, 2 };
  const int short_cards[] = { 20, 5 };
  gint64 id;

  id = lw_test_start_two_player_game (fixture);

  /* SCORING R3: both start at 1; Ann (seat 0, the first dealer) deals. */
  assert_board (board, "1", "1");
  g_assert_cmpstr (lw_scoreboard_get_status_text (board), ==, "Round 1 · Ann deals");
  g_assert_cmpstr (lw_scoreboard_get_needs_text (board, 0), ==, "needs 14 to win");
  g_assert_cmpstr (lw_scoreboard_get_badge_text (board, 0), ==, "Deals");
  g_assert_true (lw_game_page_get_form_visible (page));
  g_assert_cmpuint (lw_game_page_get_n_history_rows (page), ==, 0);

  /* A round whose cards do not add up is shown, not stored. */
  lw_round_form_set_declarer (form, 0);
  gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS), 20);
  gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 1), LW_SEAT_COUNT_CARDS), 5);
  lw_test_drain ();
  g_assert_cmpstr (lw_round_form_get_totals_text (form), ==, "25 of 26 cards · 1 to go");
  g_assert_false (lw_round_form_get_valid (form));
  lw_test_activate (page, "game.submit-round");
  g_assert_true (g_str_has_prefix (lw_round_form_get_error_text (form), "Round 1: cards sum to 25, expected 26"));
  /* It shows below the totals check, where the counts are edited. */
  g_assert_true (lw_round_form_get_error_beside_totals (form));
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 0);
  /* ...and what was typed is still there to be corrected. */
  g_assert_cmpint (lw_seat_row_get_count (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS), ==, 20);
  (void) short_cards;

  /* Round 1: nobody declared, Ben won the most cards: Ben −1 (R16). */
  enter_round (page, LW_NO_SEAT, most_to_ben, NULL);
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 1);
  assert_board (board, "1", "0");
  g_assert_cmpstr (lw_scoreboard_get_status_text (board), ==, "Round 2 · Ben deals");
  g_assert_nonnull (strstr (lw_game_page_get_last_round_text (page), "Ben −1"));
  g_assert_cmpstr (lw_game_page_get_last_round_title (page), ==, "Round 1 Scored");
  /* The history shows the round's facts above its points. */
  g_assert_cmpstr (lw_game_page_get_history_text (page, 0), ==,
                   "Nobody declared · Ann 10 · Ben 16\nBen −1: Most cards, nobody declared −1");
  /* R23: Ben has 0, so Ann's skunk (11) is nearer than the target (15). */
  g_assert_cmpstr (lw_scoreboard_get_needs_text (board, 0), ==, "needs 14 to win\n10 for a skunk");
  g_assert_cmpstr (lw_scoreboard_get_needs_text (board, 1), ==, "needs 15 to win");
  /* Read out in words, the dealer named, not shown by colour alone. */
  g_assert_cmpstr (lw_scoreboard_get_accessible_text (board, 0), ==, "Ann, 1 point, needs 14 to win, 10 for a skunk");
  g_assert_cmpstr (lw_scoreboard_get_accessible_text (board, 1), ==, "Ben, 0 points, needs 15 to win, deals next");

  /* Round 2: Ann makes the Pack; Ben's Worms are waived at 0 (R18). */
  {
    AdwToast *toast = lw_game_page_get_round_toast (page);

    g_assert_nonnull (toast);
    g_object_add_weak_pointer (G_OBJECT (toast), (gpointer *) &toast);
    enter_round (page, 0, ann_pack, ben_worms);
    /* The toast of round 1 says round 2 now: toasts never queue up. */
    g_assert_true (toast == NULL || toast == lw_game_page_get_round_toast (page));
    if (toast != NULL)
      {
        g_assert_cmpstr (adw_toast_get_title (toast), ==, "Round 2 added");
        g_object_remove_weak_pointer (G_OBJECT (toast), (gpointer *) &toast);
      }
  }
  g_assert_true (g_str_has_prefix (lw_game_page_get_history_text (page, 0),
                                   "Ann declared · Ann 20 · Ben 6 · Ben 2 Worms\nAnn +1: Pack +1\n"));
  assert_board (board, "2", "0");
  g_assert_nonnull (strstr (lw_game_page_get_last_round_text (page), "Pack +1"));
  g_assert_nonnull (strstr (lw_game_page_get_last_round_text (page), "Worms −1"));
  g_assert_nonnull (strstr (lw_game_page_get_last_round_text (page), "Worms \u22121 (waived at 0)"));

  /* Round 3, then taken back: the board goes back and the round's facts
   * are in the form again. */
  enter_round (page, 0, ann_pack, NULL);
  assert_board (board, "3", "0");
  lw_test_activate (page, "game.undo-round");
  assert_board (board, "2", "0");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 2);
  g_assert_cmpint (lw_seat_row_get_count (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS), ==, 20);
  g_assert_true (lw_round_form_get_valid (form));
  lw_test_activate (page, "game.submit-round");
  assert_board (board, "3", "0");

  /* Ann's Pack every round until 11 while Ben has 0: a skunk (R23). */
  for (int round = 4; round <= 11; round++)
    {
      g_assert_true (lw_game_page_get_form_visible (page));
      enter_round (page, 0, ann_pack, NULL);
    }

  assert_board (board, "11", "0");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 11);
  g_assert_false (lw_game_page_get_form_visible (page));
  g_assert_cmpstr (lw_game_page_get_result_text (page), ==, "Ann won");
  g_assert_cmpstr (lw_scoreboard_get_status_text (board), ==, "Game over after 11 rounds");
  g_assert_cmpuint (lw_game_page_get_n_history_rows (page), ==, 11);
  g_assert_true (lw_game_page_get_standings (page)->skunk);
  g_assert_cmpstr (lw_scoreboard_get_badge_text (board, 0), ==, "Winner · Skunk");
  g_assert_cmpstr (lw_scoreboard_get_badge_text (board, 1), ==, "");
  /* Once the game is over no round can be added. */
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (page), "game.submit-round", NULL) &&
                  lw_test_stored_rounds (fixture, id) != 11);

  /* Reopen the same database: the same board, from the stored rounds. */
  lw_test_app_close (fixture);
  lw_test_app_open (fixture);
  lw_test_drain ();

  games = lw_window_get_games_page (fixture->window);
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "games");
  g_assert_cmpuint (lw_games_page_get_n_games (games, TRUE), ==, 1);
  g_assert_cmpuint (lw_games_page_get_n_games (games, FALSE), ==, 0);

  /* The players are offered by name for the next game. */
  lw_test_activate (fixture->window, "win.new-game");
  g_assert_cmpuint (lw_new_game_page_get_n_known_players (lw_window_get_new_game_page (fixture->window)), ==, 2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", id));
  lw_test_drain ();
  page = lw_window_get_game_page (fixture->window);
  board = lw_game_page_get_scoreboard (page);
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "game");
  assert_board (board, "11", "0");
  g_assert_cmpstr (lw_game_page_get_result_text (page), ==, "Ann won");
  g_assert_false (lw_game_page_get_form_visible (page));
  g_assert_cmpuint (lw_game_page_get_n_history_rows (page), ==, 11);
}

/* A void round with a penalty, then a penalty at 0 (SCORING R19, R21),
 * entered through the form's switches and penalty rows. */
static void
test_void_and_penalty (Fixture       *fixture,
                       gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwScoreboard *board = lw_game_page_get_scoreboard (page);
  LwRoundForm *form = lw_game_page_get_round_form (page);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  const LwRound *round;
  gint64 id;

  id = lw_test_start_two_player_game (fixture);

  lw_round_form_set_void (form, TRUE);
  lw_round_form_add_penalty (form, 0, LW_PENALTY_OUT_OF_TURN);
  lw_test_drain ();
  g_assert_true (lw_round_form_get_valid (form));
  lw_test_activate (page, "game.submit-round");
  assert_board (board, "0", "1");
  g_assert_nonnull (strstr (lw_game_page_get_last_round_text (page), "Played out of turn −1"));
  g_assert_cmpstr (lw_scoreboard_get_status_text (board), ==, "Round 2 · Ben deals");

  /* The form is fresh again: no void, no penalty. */
  g_assert_false (lw_round_form_get_valid (form));
  g_assert_cmpstr (lw_round_form_get_totals_text (form), ==, "0 of 26 cards · 26 to go");

  /* Ann, at 0, looks at the discards: a point to Ben instead. */
  lw_round_form_set_void (form, TRUE);
  lw_round_form_add_penalty (form, 0, LW_PENALTY_LOOKED_AT_DISCARDS);
  lw_test_drain ();
  lw_test_activate (page, "game.submit-round");
  assert_board (board, "0", "2");
  g_assert_nonnull (strstr (lw_game_page_get_last_round_text (page), "Penalty at 0: point to the others +1"));

  game = lw_store_load_game (lw_window_get_store (fixture->window), id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->record->rounds->len, ==, 2);
  round = g_ptr_array_index (game->record->rounds, 1);
  g_assert_true (round->is_void);
  g_assert_cmpuint (round->penalties->len, ==, 1);
  g_assert_cmpint (g_array_index (round->penalties, LwPenalty, 0).kind, ==, LW_PENALTY_LOOKED_AT_DISCARDS);
}

static void
import_and_wait (Fixture    *fixture,
                 const char *path)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.import-file", "s", path));
  lw_test_drain ();
  while (lw_window_get_busy (fixture->window))
    g_main_context_iteration (NULL, TRUE);
  lw_test_drain ();
}

/* An imported record shows the scores its .expected.json gives. */
/* Imports one record and checks the game page shows its expected standings. */
static void
import_and_check (Fixture    *fixture,
                  const char *path)
{
  g_autofree char *stem = g_strndup (path, strlen (path) - strlen (".json"));
  g_autofree char *expected_path = g_strconcat (stem, ".expected.json", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwScoreboard *board = lw_game_page_get_scoreboard (page);
  JsonObject *expected;
  JsonArray *scores, *sides;

  g_test_message ("importing %s", path);
  json_parser_load_from_file (parser, expected_path, &error);
  g_assert_no_error (error);
  expected = json_node_get_object (json_parser_get_root (parser));
  scores = json_object_get_array_member (expected, "scores");
  sides = json_object_get_array_member (expected, "sides");

  import_and_wait (fixture, path);

  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "game");
  g_assert_cmpuint (lw_scoreboard_get_n_sides (board), ==, json_array_get_length (scores));
  for (guint i = 0; i < json_array_get_length (scores); i++)
    {
      g_autofree char *score = g_strdup_printf ("%" G_GINT64_FORMAT, json_array_get_int_element (scores, i));

      g_assert_cmpstr (lw_scoreboard_get_score_text (board, i), ==, score);
    }
  g_assert_cmpuint (lw_game_page_get_n_history_rows (page), ==,
                    json_array_get_length (json_object_get_array_member (expected, "rounds")));

  if (json_object_get_boolean_member (expected, "finished"))
    {
      gint64 winner = json_object_get_int_member (expected, "winner");
      g_autofree char *won = g_strdup_printf ("%s won", json_array_get_string_element (sides, winner));

      g_assert_false (lw_game_page_get_form_visible (page));
      g_assert_cmpstr (lw_game_page_get_result_text (page), ==, won);
    }
  else
    g_assert_true (lw_game_page_get_form_visible (page));
}

/* Every record of cases/random, imported through the app, shows its
 * expected scores, and all of them are listed on the start page. */
static void
test_import (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr (GPtrArray) names = lw_test_case_paths ("random", "");
  LwGamesPage *games_page = lw_window_get_games_page (fixture->window);

  g_assert_cmpuint (names->len, >, 0);

  for (guint i = 0; i < names->len; i++)
    import_and_check (fixture, g_ptr_array_index (names, i));

  lw_test_activate (fixture->window, "win.show-games");
  g_assert_cmpuint (lw_games_page_get_n_games (games_page, TRUE) +
                    lw_games_page_get_n_games (games_page, FALSE), ==, names->len);
}

/* A broken file is refused in words, and nothing is stored. */
static void
test_import_error (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "broken.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = NULL;
  AdwMessageDialog *dialog;

  g_file_set_contents (path,
                       "{ \"format\": \"little-wolf/game\", \"version\": 1, \"players\": [\"Ann\", \"Ben\"],"
                       "  \"rounds\": [ { \"declarer\": 0, \"cards\": [20, 5] } ] }",
                       -1, &error);
  g_assert_no_error (error);

  import_and_wait (fixture, path);

  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "games");
  dialog = lw_test_find_item (gtk_window_get_toplevels (), ADW_TYPE_MESSAGE_DIALOG, NULL);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "broken.json"));
  /* The engine's words, with a capital first letter. */
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog), "Round 1: "));
  gtk_window_destroy (GTK_WINDOW (dialog));

  games = lw_store_list_games (lw_window_get_store (fixture->window), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 0);
}

/* Partners for 4 players, shown as sides; Garwolf's totals check. */
static void
test_partners_and_garwolf (Fixture       *fixture,
                           gconstpointer  data)
{
  LwNewGamePage *new_game = lw_window_get_new_game_page (fixture->window);
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  const char *names[] = { "Ann", "Ben", "Cleo", "Dev" };
  LwRoundForm *form;

  lw_test_new_game_form (fixture->window, 4, names, FALSE);
  lw_test_drain ();

  /* Partners play is a choice: off until turned on. */
  record = lw_new_game_page_build_record (new_game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (record->n_teams, ==, 0);
  g_clear_pointer (&record, lw_game_record_free);
  lw_new_game_page_set_partners (new_game, TRUE);
  lw_test_drain ();

  record = lw_new_game_page_build_record (new_game, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (record->n_teams, ==, 2);
  g_assert_cmpint (record->team_of[0], ==, record->team_of[2]);
  g_assert_cmpint (record->team_of[1], ==, record->team_of[3]);
  g_assert_cmpint (record->team_of[0], !=, record->team_of[1]);

  lw_test_activate (new_game, "new-game.start");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "game");
  g_assert_cmpuint (lw_scoreboard_get_n_sides (lw_game_page_get_scoreboard (page)), ==, 2);
  g_assert_cmpstr (lw_game_page_get_standings (page)->sides->pdata[0], ==, "Ann & Cleo");
  /* The side's badge names which partner deals. */
  g_assert_cmpstr (lw_scoreboard_get_badge_text (lw_game_page_get_scoreboard (page), 0), ==, "Ann deals");

  /* Garwolf, 3 players: Court cards must make 12 and Garwolves 3. */
  lw_test_activate (fixture->window, "win.new-game");
  {
    g_autoptr (LwGameRecord) garwolf = lw_game_record_new (LW_RULESET_GARWOLF, 3, names);
    gint64 id = lw_store_add_game (lw_window_get_store (fixture->window), garwolf, &error);
    const int court[] = { 5, 4, 3 };
    const int garwolves[] = { 1, 1, 1 };

    g_assert_no_error (error);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", id));
    lw_test_drain ();
    form = lw_game_page_get_round_form (page);
    /* G3: the passing before the hand; Garwolf speaks of hands. */
    g_assert_cmpstr (lw_scoreboard_get_status_text (lw_game_page_get_scoreboard (page)), ==,
                     "Hand 1 · Ann deals · Pass two cards left");
    g_assert_cmpstr (lw_round_form_get_submit_label (form), ==, "_Add Hand");
    /* The Garwolves are needed every hand: shown beside the Court count,
     * the seat not expanded. */
    g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 0),
                                                                            LW_SEAT_COUNT_GARWOLVES))));
    g_assert_false (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (lw_round_form_get_seat_row (form, 0))));
    for (guint seat = 0; seat < 3; seat++)
      gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, seat),
                                                       LW_SEAT_COUNT_COURT), court[seat]);
    lw_test_drain ();
    g_assert_cmpstr (lw_round_form_get_totals_text (form), ==, "Court 12 of 12 · Garwolves 0 of 3");
    g_assert_false (lw_round_form_get_valid (form));
    for (guint seat = 0; seat < 3; seat++)
      gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, seat),
                                                       LW_SEAT_COUNT_GARWOLVES), garwolves[seat]);
    lw_test_drain ();
    g_assert_true (lw_round_form_get_valid (form));
    lw_test_activate (page, "game.submit-round");
    /* G1: 5 + 3, 4 + 3, 3 + 3 */
    g_assert_cmpstr (lw_scoreboard_get_score_text (lw_game_page_get_scoreboard (page), 0), ==, "8");
    g_assert_cmpstr (lw_scoreboard_get_score_text (lw_game_page_get_scoreboard (page), 1), ==, "7");
    g_assert_cmpstr (lw_scoreboard_get_score_text (lw_game_page_get_scoreboard (page), 2), ==, "6");
    g_assert_cmpstr (lw_game_page_get_last_round_title (page), ==, "Hand 1 Scored");
    g_assert_cmpstr (adw_toast_get_title (lw_game_page_get_round_toast (page)), ==, "Hand 1 added");
    g_assert_true (g_str_has_prefix (lw_game_page_get_history_text (page, 0),
                                     "Court Ann 5, Ben 4, Cleo 3 · Garwolves Ann 1, Ben 1, Cleo 1\n"));
    g_assert_cmpstr (lw_scoreboard_get_status_text (lw_game_page_get_scoreboard (page)), ==,
                     "Hand 2 · Ben deals · Pass two cards right");
  }
}

/* Ctrl+Z and Ctrl+Enter belong to the game page even in a count: caught
 * before the count's text, whose own undo is off. */
static void
test_shortcuts (Fixture       *fixture,
                gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwRoundForm *form = lw_game_page_get_round_form (page);
  g_autoptr (GListModel) controllers = NULL;
  g_autoptr (GtkShortcutTrigger) ctrl_z = gtk_shortcut_trigger_parse_string ("<Control>z");
  g_autoptr (GtkShortcutTrigger) ctrl_enter = gtk_shortcut_trigger_parse_string ("<Control>Return");
  GtkShortcutController *shortcuts = NULL;
  gboolean undo = FALSE, submit = FALSE;

  lw_test_start_two_player_game (fixture);

  controllers = gtk_widget_observe_controllers (GTK_WIDGET (page));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_SHORTCUT_CONTROLLER (controller) &&
          g_strcmp0 (gtk_event_controller_get_name (controller), "game-shortcuts") == 0)
        shortcuts = GTK_SHORTCUT_CONTROLLER (controller);
    }
  g_assert_nonnull (shortcuts);
  g_assert_cmpint (gtk_event_controller_get_propagation_phase (GTK_EVENT_CONTROLLER (shortcuts)), ==, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (shortcuts)); i++)
    {
      g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (shortcuts), i);
      GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
      const char *name = GTK_IS_NAMED_ACTION (action) ? gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)) : "";

      if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), ctrl_z))
        undo = g_str_equal (name, "game.undo");
      if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), ctrl_enter))
        submit = g_str_equal (name, "game.submit-round");
    }
  g_assert_true (undo);
  g_assert_true (submit);

  for (guint seat = 0; seat < 2; seat++)
    for (guint count = 0; count < LW_N_SEAT_COUNTS; count++)
      g_assert_false (gtk_editable_get_enable_undo (GTK_EDITABLE (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, seat), count))));
}

/* The keyboard shortcuts window is built only when asked for (Ctrl+?),
 * on top of the main window, and lists the game's shortcuts. */
static void
test_shortcuts_window (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkWindow *shortcuts = NULL;
  guint n_before = g_list_length (gtk_application_get_windows (GTK_APPLICATION (fixture->app)));

  g_assert_cmpuint (n_before, ==, 1);
  lw_test_activate (fixture->window, "win.show-help-overlay");
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (fixture->app)); l != NULL; l = l->next)
    if (GTK_IS_SHORTCUTS_WINDOW (l->data))
      shortcuts = l->data;
  if (shortcuts == NULL)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();

      for (guint i = 0; i < g_list_model_get_n_items (toplevels) && shortcuts == NULL; i++)
        {
          g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

          if (GTK_IS_SHORTCUTS_WINDOW (window))
            shortcuts = window;
        }
    }
  g_assert_nonnull (shortcuts);
  g_assert_true (gtk_window_get_transient_for (shortcuts) == GTK_WINDOW (fixture->window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (shortcuts)));
  gtk_window_destroy (shortcuts);
  lw_test_drain ();
}

static GtkWidget *
find_primary_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_primary_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Runs the main context until @done (@data) holds, 20 s at the most (an
 * animation takes a fraction of a second; a loaded machine draws its
 * frames late); stops the test naming @what when it does not. */
static void
wait_until (gboolean   (*done) (gpointer data),
            gpointer     data,
            const char  *what)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < end)
    {
      g_usleep (5000);
      lw_test_drain ();
    }
  if (!done (data))
    g_error ("waited 20 s for %s", what);
  lw_test_drain ();
}

/* @page is its leaflet's visible child and the leaflet's transition to
 * it has ended. */
static gboolean
leaflet_shows (gpointer page)
{
  AdwLeaflet *leaflet = ADW_LEAFLET (gtk_widget_get_ancestor (gtk_widget_get_parent (page), ADW_TYPE_LEAFLET));

  return adw_leaflet_get_visible_child (leaflet) == page && !adw_leaflet_get_child_transition_running (leaflet);
}

/* The revealer has opened all the way. */
static gboolean
revealer_open (gpointer revealer)
{
  return gtk_revealer_get_child_revealed (GTK_REVEALER (revealer));
}

/* The start page's main menu is made when first opened, and then holds
 * every item: New Game and Import, the pages, backup, preferences. */
static void
test_main_menu (Fixture       *fixture,
                gconstpointer  data)
{
  GtkWidget *button = find_primary_menu_button (GTK_WIDGET (lw_window_get_games_page (fixture->window)));
  GMenuModel *model;
  GtkPopover *popover;
  guint n_items = 0;

  g_assert_nonnull (button);
  g_assert_null (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)));
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  lw_test_drain ();

  model = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  g_assert_nonnull (model);
  g_assert_cmpint (g_menu_model_get_n_items (model), ==, 4);
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      n_items += (guint) g_menu_model_get_n_items (section);
    }
  g_assert_cmpuint (n_items, ==, 11);
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  lw_test_drain ();

  /* Opened again: the same menu, not a second one. */
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  lw_test_drain ();
  g_assert_true (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)) == model);
  g_assert_true (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)) == popover);
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  lw_test_drain ();

  /* Every section of the view switcher has it in its header: the same
   * menu, so Preferences, Restore and the blank sheets are one click away
   * wherever one is. */
  {
    const struct { const char *action; GtkWidget *page; } sections[] = {
      { "win.show-events", GTK_WIDGET (lw_window_get_events_page (fixture->window)) },
      { "win.show-players", GTK_WIDGET (lw_window_get_stats_page (fixture->window)) },
      { "win.show-leaderboard", GTK_WIDGET (lw_window_get_leaderboard_page (fixture->window)) },
    };

    for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
      {
        GtkWidget *other;

        lw_test_activate (fixture->window, sections[i].action);
        /* the switch's transition ends, then the header is where it will stay */
        wait_until (leaflet_shows, sections[i].page, "the section's page shown, its transition ended");
        other = find_primary_menu_button (sections[i].page);
        g_assert_nonnull (other);
        g_assert_true (other != button);
        g_assert_true (gtk_widget_is_drawable (other));
        gtk_menu_button_popup (GTK_MENU_BUTTON (other));
        lw_test_drain ();
        g_assert_true (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (other)) == model);
        g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (other)))));
        gtk_menu_button_popdown (GTK_MENU_BUTTON (other));
        lw_test_drain ();
      }
  }
}

/* After a round the declarer list is a fresh one, "Nobody declared"
 * selected, so that its keyboard highlight starts there. */
static void
test_declarer_reset (Fixture       *fixture,
                     gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwRoundForm *form = lw_game_page_get_round_form (page);
  const int ann_pack[] = { 20, 6 };
  GListModel *before;

  lw_test_start_two_player_game (fixture);
  before = lw_round_form_get_declarer_model (form);
  g_object_add_weak_pointer (G_OBJECT (before), (gpointer *) &before);
  enter_round (page, 1, ann_pack, NULL);
  g_assert_true (before == NULL || before != lw_round_form_get_declarer_model (form));
  if (before != NULL)
    g_object_remove_weak_pointer (G_OBJECT (before), (gpointer *) &before);
  g_assert_cmpuint (g_list_model_get_n_items (lw_round_form_get_declarer_model (form)), ==, 3);
  g_assert_cmpint (lw_round_form_build_round (form)->declarer, ==, LW_NO_SEAT);
}

static GtkWidget *
tab_from (LwWindow  *window,
          GtkWidget *widget)
{
  gtk_widget_grab_focus (widget);
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
  return gtk_root_get_focus (GTK_ROOT (window));
}

/* One Tab from a value to the next: the rows around the counts and names
 * take no focus; Alt+Down's way in is the seat's expander. */
static void
test_tab_order (Fixture       *fixture,
                gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwRoundForm *form = lw_game_page_get_round_form (page);
  const char *const names[] = { "Ann", "Ben", "Cleo" };
  LwNewGamePage *new_game = lw_test_new_game_form (fixture->window, 3, names, FALSE);
  GtkWidget *focus;
  LwSeatRow *row;

  lw_test_drain ();
  lw_new_game_page_focus (new_game);
  focus = gtk_root_get_focus (GTK_ROOT (fixture->window));
  g_assert_true (GTK_IS_ENTRY (focus) || GTK_IS_ENTRY (gtk_widget_get_ancestor (focus, GTK_TYPE_ENTRY)));
  focus = tab_from (fixture->window, gtk_widget_get_ancestor (focus, GTK_TYPE_ENTRY) ? gtk_widget_get_ancestor (focus, GTK_TYPE_ENTRY) : focus);
  g_assert_nonnull (gtk_widget_get_ancestor (focus, GTK_TYPE_ENTRY));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (gtk_widget_get_ancestor (focus, GTK_TYPE_ENTRY))), ==, "Ben");
  lw_test_activate (new_game, "new-game.start");

  row = lw_round_form_get_seat_row (form, 0);
  focus = tab_from (fixture->window, GTK_WIDGET (lw_seat_row_get_spin (row, LW_SEAT_COUNT_CARDS)));
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 1),
                                                                                  LW_SEAT_COUNT_CARDS))));

  /* Expanded, the Den counts follow the seat's count, one Tab each. */
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
  /* The Den counts can take the focus once the expander has opened. */
  wait_until (revealer_open, lw_test_find (GTK_WIDGET (row), GTK_TYPE_REVEALER, NULL),
              "the seat's Den counts revealed");
  focus = tab_from (fixture->window, GTK_WIDGET (lw_seat_row_get_spin (row, LW_SEAT_COUNT_CARDS)));
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (lw_seat_row_get_spin (row, LW_SEAT_COUNT_WORMS))));
  focus = tab_from (fixture->window, GTK_WIDGET (lw_seat_row_get_spin (row, LW_SEAT_COUNT_WORMS)));
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (lw_seat_row_get_spin (row, LW_SEAT_COUNT_GONGS))));
}

/* A long name in a penalty (and everywhere else) never widens the window
 * beyond a phone's 360 px. */
static void
test_narrow_long_names (Fixture       *fixture,
                        gconstpointer  data)
{
  const char *names[] = { "Maximiliane Oberhuber", "Bartholomew Featherstonehaugh", "Konstantinos Papadopoulos",
                          "Anneliese Winterbottom", "Guinevere Montgomery-Smythe", "Fitzgerald Abernathy-Crowe" };
  g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 6, names);
  g_autoptr (GError) error = NULL;
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwRoundForm *form = lw_game_page_get_round_form (page);
  int minimum = 0;
  gint64 id;

  id = lw_store_add_game (lw_window_get_store (fixture->window), record, &error);
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", id));
  lw_test_drain ();
  lw_round_form_set_declarer (form, 0);
  lw_round_form_add_penalty (form, 0, LW_PENALTY_LOOKED_AT_DISCARDS);
  lw_round_form_add_penalty (form, 5, LW_PENALTY_OUT_OF_TURN);
  lw_test_drain ();

  gtk_widget_measure (GTK_WIDGET (fixture->window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 360);

  /* The new game page with six long names, partners on. */
  lw_new_game_page_set_partners (lw_test_new_game_form (fixture->window, 6, names, FALSE), TRUE);
  lw_test_drain ();
  gtk_widget_measure (GTK_WIDGET (fixture->window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 360);
}

/* Every seat needs a name: said inline, and the game cannot start. */
static void
test_new_game_names (Fixture       *fixture,
                     gconstpointer  data)
{
  LwNewGamePage *new_game = lw_window_get_new_game_page (fixture->window);

  lw_test_activate (fixture->window, "win.new-game");
  lw_new_game_page_set_player (new_game, 0, "Ann");
  lw_test_drain ();
  g_assert_cmpstr (lw_new_game_page_get_error_text (new_game), ==, "Seat 2 needs a name");
  gtk_widget_activate_action (GTK_WIDGET (new_game), "new-game.start", NULL);
  lw_test_drain ();
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "new-game");
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) games = lw_store_list_games (lw_window_get_store (fixture->window), &error);

    g_assert_no_error (error);
    g_assert_cmpuint (games->len, ==, 0);
  }

  lw_new_game_page_set_player (new_game, 1, "Ben");
  lw_test_drain ();
  g_assert_cmpstr (lw_new_game_page_get_error_text (new_game), ==, "");
}

/* A Pack made with every trick but the last scores 0, and says so. */
static void
test_pack_worth_zero (Fixture       *fixture,
                      gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwRoundForm *form = lw_game_page_get_round_form (page);
  LwSeatRow *ann, *ben;

  lw_test_start_two_player_game (fixture);
  ann = lw_round_form_get_seat_row (form, 0);
  ben = lw_round_form_get_seat_row (form, 1);
  lw_round_form_set_declarer (form, 0);
  lw_round_form_set_all_but_last (form, TRUE);
  gtk_spin_button_set_value (lw_seat_row_get_spin (ann, LW_SEAT_COUNT_CARDS), 24);
  gtk_spin_button_set_value (lw_seat_row_get_spin (ben, LW_SEAT_COUNT_CARDS), 2);
  lw_test_drain ();
  lw_test_activate (page, "game.submit-round");
  assert_board (lw_game_page_get_scoreboard (page), "1", "1");
  g_assert_cmpstr (lw_game_page_get_last_round_text (page), ==,
                   "Ann 0: Pack made, worth 0 (every trick but the last)");
  g_assert_cmpstr (lw_game_page_get_history_text (page, 0), ==,
                   "Ann declared, all but the last trick · Ann 24 · Ben 2\n"
                   "Ann 0: Pack made, worth 0 (every trick but the last)");
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0 &&
      gtk_widget_get_mapped (widget))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* A game is deleted from the start page, after a confirmation naming it;
 * Undo in the toast brings it back. */
static void
test_delete_game (Fixture       *fixture,
                  gconstpointer  data)
{
  LwGamesPage *games = lw_window_get_games_page (fixture->window);
  g_autoptr (GPtrArray) stored = NULL;
  g_autoptr (GError) error = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *undo;
  gint64 id;

  id = lw_test_start_two_player_game (fixture);
  lw_test_activate (fixture->window, "win.show-games");
  g_assert_cmpuint (lw_games_page_get_n_games (games, FALSE), ==, 1);

  /* Cancel keeps it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.delete-game", "x", id));
  lw_test_drain ();
  dialog = lw_test_find_item (gtk_window_get_toplevels (), ADW_TYPE_MESSAGE_DIALOG, NULL);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Delete “Ann vs Ben”?");
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();
  g_assert_cmpuint (lw_games_page_get_n_games (games, FALSE), ==, 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.delete-game", "x", id));
  lw_test_drain ();
  dialog = lw_test_find_item (gtk_window_get_toplevels (), ADW_TYPE_MESSAGE_DIALOG, NULL);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "delete");
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();

  g_assert_cmpuint (lw_games_page_get_n_games (games, FALSE), ==, 0);
  stored = lw_store_list_games (lw_window_get_store (fixture->window), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stored->len, ==, 0);
  g_clear_pointer (&stored, g_ptr_array_unref);

  /* Undo in the toast brings it back, with its ID. */
  undo = find_button (GTK_WIDGET (fixture->window), "_Undo");
  g_assert_nonnull (undo);
  g_signal_emit_by_name (undo, "clicked");
  lw_test_drain ();
  stored = lw_store_list_games (lw_window_get_store (fixture->window), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stored->len, ==, 1);
  g_assert_cmpint (((LwStoredGame *) g_ptr_array_index (stored, 0))->id, ==, id);
  g_assert_cmpuint (lw_games_page_get_n_games (games, FALSE), ==, 1);
}

/* Answers a message dialog; it may close itself (and the editor with it). */
static void
respond (AdwMessageDialog *dialog,
         const char       *response)
{
  g_assert_nonnull (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  adw_message_dialog_response (dialog, response);
  lw_test_drain ();
  if (dialog != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
      gtk_window_destroy (GTK_WINDOW (dialog));
      lw_test_drain ();
    }
}

static LwRoundEditor *
open_editor (LwGamePage *page,
             guint       number)
{
  LwRoundEditor *editor;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "game.edit-round", "u", number));
  lw_test_drain ();
  editor = lw_game_page_get_round_editor (page);
  g_assert_nonnull (editor);
  return editor;
}

static void
set_cards (LwRoundForm *form,
           int          declarer,
           int          card0,
           int          card1)
{
  lw_round_form_set_declarer (form, declarer);
  gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS), card0);
  gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 1), LW_SEAT_COUNT_CARDS), card1);
  lw_test_drain ();
}

static LwStoredGame *
load_game (Fixture *fixture,
           gint64   id)
{
  g_autoptr (GError) error = NULL;
  LwStoredGame *game = lw_store_load_game (lw_window_get_store (fixture->window), id, &error);

  g_assert_no_error (error);
  return game;
}

static const LwRound *
stored_round (LwStoredGame *game,
              guint         number)
{
  g_assert_cmpuint (number, <=, game->record->rounds->len);
  return g_ptr_array_index (game->record->rounds, number - 1);
}

/* Round 1 most cards to Ben (1 – 0), rounds 2 and 3 Ann's Pack (2 – 0,
 * 3 – 0), Ben holding 2 Worms in round 2 (waived at 0, R18). */
static gint64
play_three_rounds (Fixture *fixture)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  const int most_to_ben[] = { 10, 16 };
  const int ann_pack[] = { 20, 6 };
  const int ben_worms[] = { 0, 2 };
  gint64 id = lw_test_start_two_player_game (fixture);

  enter_round (page, LW_NO_SEAT, most_to_ben, NULL);
  enter_round (page, 0, ann_pack, ben_worms);
  enter_round (page, 0, ann_pack, NULL);
  assert_board (lw_game_page_get_scoreboard (page), "3", "0");
  return id;
}

/* Round 1 of 3 corrected: the later rounds are replayed (Ben's Worms in
 * round 2 are no longer waived), the confirmation says so, the database
 * holds the new round, and Undo in the toast brings the old one back. */
static void
test_edit_past_round (Fixture       *fixture,
                      gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwScoreboard *board = lw_game_page_get_scoreboard (page);
  g_autoptr (LwStoredGame) game = NULL;
  LwRoundEditor *editor;
  LwRoundForm *form;
  AdwMessageDialog *dialog;
  AdwToast *toast;
  gint64 id;

  id = play_three_rounds (fixture);
  /* Something typed for round 4 stays through the correction. */
  gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (lw_game_page_get_round_form (page), 0),
                                                   LW_SEAT_COUNT_CARDS), 7);

  /* Enter on (or a click of) round 1's row in the history opens it. */
  g_signal_emit_by_name (lw_game_page_get_history_row (page, 2), "activate");
  lw_test_drain ();
  editor = lw_game_page_get_round_editor (page);
  g_assert_nonnull (editor);
  g_object_add_weak_pointer (G_OBJECT (editor), (gpointer *) &editor);
  form = lw_round_editor_get_form (editor);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (editor)), ==, "Correct Round 1");
  /* It opens with round 1's facts. */
  g_assert_cmpint (lw_seat_row_get_count (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS), ==, 10);
  g_assert_cmpint (lw_seat_row_get_count (lw_round_form_get_seat_row (form, 1), LW_SEAT_COUNT_CARDS), ==, 16);
  g_assert_true (lw_round_form_get_valid (form));
  g_assert_cmpstr (lw_round_form_get_submit_label (form), ==, "_Save Changes…");

  /* Ann declared and made the Pack in round 1. */
  set_cards (form, 0, 20, 6);
  g_assert_true (lw_round_form_get_valid (form));
  g_assert_nonnull (strstr (lw_round_form_get_preview_text (form), "Rounds 2–3 change."));
  g_assert_nonnull (strstr (lw_round_form_get_preview_text (form), "Ann’s score after round 3: 3 → 4"));
  /* Ben's score at the end stays 0: not listed. */
  g_assert_null (strstr (lw_round_form_get_preview_text (form), "Ben’s score"));

  lw_test_activate (editor, "editor.save");
  dialog = lw_round_editor_get_confirm_dialog (editor);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save Round 1?");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "Rounds 2–3 change.\nAnn’s score after round 3: 3 → 4");
  /* Nothing is stored before the answer. */
  game = load_game (fixture, id);
  g_assert_cmpint (stored_round (game, 1)->declarer, ==, LW_NO_SEAT);
  g_clear_pointer (&game, lw_stored_game_free);

  respond (dialog, "apply");
  g_assert_null (editor);
  g_assert_null (lw_game_page_get_round_editor (page));

  /* Round 1 Ann +1 (2 – 1); round 2 Pack +1 and Ben's Worms −1 at 1
   * (3 – 0); round 3 Pack +1 (4 – 0). */
  assert_board (board, "4", "0");
  g_assert_cmpuint (lw_game_page_get_n_history_rows (page), ==, 3);
  /* The chart below the board follows: Ann 2 after round 1, 4 after 3. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (lw_game_page_get_chart (page))));
  g_assert_cmpuint (lw_score_chart_get_n_points (lw_game_page_get_chart (page)), ==, 4);
  g_assert_cmpint (lw_score_chart_get_score (lw_game_page_get_chart (page), 0, 1), ==, 2);
  g_assert_cmpint (lw_score_chart_get_score (lw_game_page_get_chart (page), 1, 1), ==, 1);
  g_assert_cmpint (lw_score_chart_get_score (lw_game_page_get_chart (page), 0, 3), ==, 4);
  g_assert_true (g_str_has_prefix (lw_game_page_get_history_text (page, 2),
                                   "Ann declared · Ann 20 · Ben 6\nAnn +1: Pack +1"));
  g_assert_nonnull (strstr (lw_game_page_get_history_text (page, 1), "Worms −1"));
  g_assert_null (strstr (lw_game_page_get_history_text (page, 1), "waived"));
  game = load_game (fixture, id);
  g_assert_cmpuint (game->record->rounds->len, ==, 3);
  g_assert_cmpint (stored_round (game, 1)->declarer, ==, 0);
  g_assert_cmpint (stored_round (game, 1)->cards[0], ==, 20);
  g_assert_cmpint (stored_round (game, 1)->cards[1], ==, 6);
  g_clear_pointer (&game, lw_stored_game_free);
  /* The round being typed is still there. */
  g_assert_cmpint (lw_seat_row_get_count (lw_round_form_get_seat_row (lw_game_page_get_round_form (page), 0),
                                          LW_SEAT_COUNT_CARDS), ==, 7);

  /* Undo in the toast: round 1 as it was, and the scores with it. */
  toast = lw_game_page_get_round_toast (page);
  g_assert_nonnull (toast);
  g_assert_cmpstr (adw_toast_get_title (toast), ==, "Round 1 changed");
  g_assert_cmpstr (adw_toast_get_button_label (toast), ==, "_Undo");
  g_signal_emit_by_name (toast, "button-clicked");
  lw_test_drain ();
  assert_board (board, "3", "0");
  game = load_game (fixture, id);
  g_assert_cmpint (stored_round (game, 1)->declarer, ==, LW_NO_SEAT);
  g_assert_cmpint (stored_round (game, 1)->cards[1], ==, 16);
  g_assert_cmpstr (adw_toast_get_title (lw_game_page_get_round_toast (page)), ==, "Change undone");
  g_assert_null (adw_toast_get_button_label (lw_game_page_get_round_toast (page)));
}

/* A correction that would end the game before its last round is refused
 * with the engine's words, and nothing changes. */
static void
test_refused_edit (Fixture       *fixture,
                   gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwScoreboard *board = lw_game_page_get_scoreboard (page);
  const int most_to_ben[] = { 10, 16 };
  const int most_to_ann[] = { 16, 10 };
  const int ann_pack[] = { 20, 6 };
  g_autoptr (LwStoredGame) game = NULL;
  AdwMessageDialog *dialog;
  LwRoundEditor *editor;
  LwRoundForm *form;
  gint64 id;

  id = lw_test_start_two_player_game (fixture);
  enter_round (page, LW_NO_SEAT, most_to_ben, NULL);         /* 1 – 0 */
  for (int round = 2; round <= 10; round++)
    enter_round (page, 0, ann_pack, NULL);                   /* 10 – 0 */
  enter_round (page, LW_NO_SEAT, most_to_ann, NULL);         /* 9 – 0 */
  enter_round (page, LW_NO_SEAT, most_to_ann, NULL);         /* 8 – 0 */
  assert_board (board, "8", "0");

  /* Round 11 as Ann's Pack: 11 – 0, a skunk, so round 12 cannot follow. */
  editor = open_editor (page, 11);
  form = lw_round_editor_get_form (editor);
  set_cards (form, 0, 20, 6);
  g_assert_false (lw_round_form_get_valid (form));
  g_assert_nonnull (strstr (lw_round_form_get_error_text (form), "the game would end after round 11"));
  g_assert_true (g_str_has_prefix (lw_round_form_get_error_text (form), "Replacing round 11"));

  /* Saving offers to end the game there, the reason in the body;
   * cancelled, nothing changes. */
  lw_test_activate (editor, "editor.save");
  dialog = lw_round_editor_get_confirm_dialog (editor);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Round 11 Now Ends the Game Earlier");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "Replacing round 11: the game would end after round 11 (Ann won), but round 12"
                   " follows; delete it first.\n\nSaved this way, the game ends after round 11 and"
                   " round 12 is deleted. The deletion stays in the Edit Log, from where it can be"
                   " reverted.");
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, "end"), ==, "_Apply and End the Game Here");
  respond (dialog, "cancel");
  g_assert_nonnull (strstr (lw_round_form_get_error_text (form), "the game would end after round 11"));

  game = load_game (fixture, id);
  g_assert_cmpuint (game->record->rounds->len, ==, 12);
  g_assert_cmpint (stored_round (game, 11)->declarer, ==, LW_NO_SEAT);
  g_assert_cmpint (stored_round (game, 11)->cards[0], ==, 16);
  g_clear_pointer (&game, lw_stored_game_free);

  /* Applied: round 11 is Ann's Pack, round 12 gone, the game over; each
   * step is undone from the page. */
  lw_test_activate (editor, "editor.save");
  respond (lw_round_editor_get_confirm_dialog (editor), "end");
  lw_test_drain ();
  g_assert_null (lw_game_page_get_round_editor (page));
  game = load_game (fixture, id);
  g_assert_cmpuint (game->record->rounds->len, ==, 11);
  g_assert_cmpint (stored_round (game, 11)->declarer, ==, 0);
  g_clear_pointer (&game, lw_stored_game_free);
  assert_board (board, "11", "0");
  g_assert_cmpstr (lw_game_page_get_result_text (page), ==, "Ann won");
  g_assert_cmpstr (lw_game_page_get_undo_text (page), ==, "Undo “Round 11 changed” (Ctrl+Z)");

  lw_test_activate (page, "game.undo");
  g_assert_cmpstr (lw_game_page_get_undo_text (page), ==, "Undo “Round 12 deleted” (Ctrl+Z)");
  lw_test_activate (page, "game.undo");
  assert_board (board, "8", "0");
  g_assert_cmpuint (lw_game_page_get_n_history_rows (page), ==, 12);
}

/* A round deleted and one inserted before round 1, each confirmed, each
 * undoable. */
static void
test_insert_delete_round (Fixture       *fixture,
                          gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwScoreboard *board = lw_game_page_get_scoreboard (page);
  g_autoptr (LwStoredGame) game = NULL;
  LwRoundEditor *editor;
  LwRoundForm *form;
  AdwMessageDialog *dialog;
  gint64 id;

  id = play_three_rounds (fixture);

  /* Delete round 2 (Ann's Pack): round 3 becomes round 2. */
  editor = open_editor (page, 2);
  lw_test_activate (editor, "editor.delete");
  dialog = lw_round_editor_get_confirm_dialog (editor);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Delete Round 2?");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "Round 2 changes.\nAnn’s score after round 2: 3 → 2");
  respond (dialog, "apply");
  g_assert_null (lw_game_page_get_round_editor (page));
  assert_board (board, "2", "0");
  g_assert_cmpuint (lw_game_page_get_n_history_rows (page), ==, 2);
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 2);
  g_assert_cmpstr (adw_toast_get_title (lw_game_page_get_round_toast (page)), ==, "Round 2 deleted");

  /* Insert Ann's Pack before round 1. */
  editor = open_editor (page, 1);
  lw_test_activate (editor, "editor.insert-before");
  g_assert_cmpint (lw_round_editor_get_kind (editor), ==, LW_EDIT_INSERT);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (editor)), ==, "New Round Before Round 1");
  form = lw_round_editor_get_form (editor);
  g_assert_cmpstr (lw_round_form_get_totals_text (form), ==, "0 of 26 cards · 26 to go");
  set_cards (form, 0, 20, 6);
  g_assert_true (lw_round_form_get_valid (form));
  lw_test_activate (editor, "editor.save");
  dialog = lw_round_editor_get_confirm_dialog (editor);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Insert a Round Before Round 1?");
  respond (dialog, "apply");

  /* 2 – 1, then most cards to Ben 2 – 0, then the Pack 3 – 0. */
  assert_board (board, "3", "0");
  g_assert_cmpuint (lw_game_page_get_n_history_rows (page), ==, 3);
  game = load_game (fixture, id);
  g_assert_cmpuint (game->record->rounds->len, ==, 3);
  g_assert_cmpint (stored_round (game, 1)->declarer, ==, 0);
  g_assert_cmpint (stored_round (game, 2)->declarer, ==, LW_NO_SEAT);
  g_clear_pointer (&game, lw_stored_game_free);
  g_assert_cmpstr (adw_toast_get_title (lw_game_page_get_round_toast (page)), ==, "Round 1 inserted");

  /* Undo takes the inserted round out again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "game.undo-edit", NULL));
  lw_test_drain ();
  assert_board (board, "2", "0");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 2);
  game = load_game (fixture, id);
  g_assert_cmpint (stored_round (game, 1)->declarer, ==, LW_NO_SEAT);
}

/* A phone's round stored: the app's views show it (as the table entry
 * window does). */
static void
phone_round_stored_cb (LwEntryRequests *entry,
                       gint64           game_id,
                       guint            number,
                       LwWindow        *window)
{
  lw_window_reload_game (window, game_id);
}

/* The director adds round 3; before the toast's Undo is pressed, a phone
 * at the table stores round 4 (table entry). Undo takes back the
 * director's change, or nothing: never the phone's round. */
static void
test_undo_after_phone_round (Fixture       *fixture,
                             gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  g_autoptr (LwEntryRequests) entry = lw_entry_requests_new (lw_window_get_store (fixture->window));
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autofree char *path = NULL;
  g_autofree char *body = NULL;
  g_autofree char *response = NULL;
  const char *secret;
  AdwToast *toast;
  gboolean phone_round_kept = FALSE;
  gint64 id, version = 0;

  id = play_three_rounds (fixture);
  toast = lw_game_page_get_round_toast (page);
  g_assert_nonnull (toast);
  g_assert_cmpstr (adw_toast_get_title (toast), ==, "Round 3 added");
  g_assert_cmpstr (adw_toast_get_button_label (toast), ==, "_Undo");

  /* Ben's Pack from the table's phone, as round 4. */
  g_signal_connect (entry, "round-stored", G_CALLBACK (phone_round_stored_cb), fixture->window);
  secret = lw_entry_requests_open_table (entry, id, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_get_game_version (lw_window_get_store (fixture->window), id, &version, &error));
  path = g_strdup_printf ("/api/tables/%" G_GINT64_FORMAT "/rounds", id);
  body = g_strdup_printf ("{\"number\": 4, \"version\": %" G_GINT64_FORMAT ","
                          " \"round\": {\"declarer\": 1, \"cards\": [6, 20]}}", version);
  g_assert_cmpuint (lw_entry_requests_handle (entry, "POST", path, secret, body, strlen (body), &response),
                    ==, 201);
  lw_test_drain ();
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 4);
  g_assert_cmpuint (lw_game_page_get_n_history_rows (page), ==, 4);

  /* The director presses Undo on the toast still shown: it has lost its
   * button, the game having changed since its round. */
  toast = lw_game_page_get_round_toast (page);
  g_assert_true (toast == NULL || adw_toast_get_button_label (toast) == NULL);
  if (toast != NULL && adw_toast_get_button_label (toast) != NULL)
    {
      g_signal_emit_by_name (toast, "button-clicked");
      lw_test_drain ();
    }

  game = load_game (fixture, id);
  for (guint i = 0; i < game->record->rounds->len; i++)
    if (((LwRound *) g_ptr_array_index (game->record->rounds, i))->declarer == 1)
      phone_round_kept = TRUE;
  g_assert_true (phone_round_kept);
}

/* A penalty noted during the round, with a note, is in the form with its
 * time, goes into the round when it is added, and shows in the history. */
static void
test_noted_penalty (Fixture       *fixture,
                    gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwRoundForm *form = lw_game_page_get_round_form (page);
  LwStore *store;
  g_autoptr (GPtrArray) penalties = NULL;
  g_autoptr (GPtrArray) pending = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GError) error = NULL;
  const LwStoredPenalty *penalty;
  const LwPenalty *in_round;
  g_autofree char *history_line = NULL;
  g_autofree char *when = NULL;
  gint64 id;

  id = lw_test_start_two_player_game (fixture);
  store = lw_window_get_store (fixture->window);

  lw_test_activate (page, "game.note-penalty");
  g_assert_nonnull (lw_game_page_get_dialog (page));
  g_assert_cmpstr (adw_message_dialog_get_heading (lw_game_page_get_dialog (page)), ==, "Note a Penalty");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (lw_game_page_get_dialog_field (page, "seat")), 1);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (lw_game_page_get_dialog_field (page, "kind")), 0);
  gtk_editable_set_text (GTK_EDITABLE (lw_game_page_get_dialog_field (page, "note")), "led before Ann");
  respond (lw_game_page_get_dialog (page), "note");
  g_assert_null (lw_game_page_get_dialog (page));

  /* In the form, with the time it was noted. */
  g_assert_cmpuint (lw_round_form_get_n_penalties (form), ==, 1);
  g_assert_cmpint (lw_penalty_row_get_seat (lw_round_form_get_penalty_row (form, 0)), ==, 1);
  g_assert_true (g_str_has_prefix (lw_penalty_row_get_noted_text (lw_round_form_get_penalty_row (form, 0)), "Noted at "));
  g_assert_true (g_str_has_suffix (lw_penalty_row_get_noted_text (lw_round_form_get_penalty_row (form, 0)),
                                   ": led before Ann"));
  pending = lw_store_list_pending_penalties (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pending->len, ==, 1);
  g_clear_pointer (&pending, g_ptr_array_unref);

  /* A second one, removed from the form, is removed from the store. */
  lw_test_activate (page, "game.note-penalty");
  respond (lw_game_page_get_dialog (page), "note");
  g_assert_cmpuint (lw_round_form_get_n_penalties (form), ==, 2);
  g_signal_emit_by_name (lw_round_form_get_penalty_row (form, 1), "remove");
  lw_test_drain ();
  g_assert_cmpuint (lw_round_form_get_n_penalties (form), ==, 1);
  pending = lw_store_list_pending_penalties (store, id, &error);
  g_assert_cmpuint (pending->len, ==, 1);

  /* The round: Ann's Pack +1, Ben out of turn −1 (R19): 2 – 0. */
  set_cards (form, 0, 20, 6);
  lw_test_activate (page, "game.submit-round");
  assert_board (lw_game_page_get_scoreboard (page), "2", "0");

  game = load_game (fixture, id);
  in_round = &g_array_index (stored_round (game, 1)->penalties, LwPenalty, 0);
  g_assert_cmpuint (stored_round (game, 1)->penalties->len, ==, 1);
  g_assert_cmpint (in_round->seat, ==, 1);
  g_assert_cmpint (in_round->kind, ==, LW_PENALTY_OUT_OF_TURN);
  penalties = lw_store_list_penalties (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (penalties->len, ==, 1);
  penalty = g_ptr_array_index (penalties, 0);
  g_assert_cmpstr (penalty->note, ==, "led before Ann");
  g_assert_cmpint (penalty->time, >, 0);

  /* The history gives its time and note. */
  when = lw_format_time (penalty->time, FALSE);
  history_line = g_strdup_printf ("\nPenalty at %s: Ben played out of turn — led before Ann", when);
  g_assert_true (g_str_has_suffix (lw_game_page_get_history_text (page, 0), history_line));
  /* The form is fresh for round 2. */
  g_assert_cmpuint (lw_round_form_get_n_penalties (form), ==, 0);

  /* The note corrected later, from the round's editor: stored at once,
   * its time kept, the score untouched, the history showing it. */
  {
    LwRoundEditor *editor;
    AdwEntryRow *row;
    g_autofree char *corrected = NULL;
    g_autoptr (GPtrArray) again = NULL;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "game.edit-round", "u", 1));
    lw_test_drain ();
    editor = lw_game_page_get_round_editor (page);
    g_assert_nonnull (editor);
    g_assert_null (lw_round_editor_get_note_row (editor, 1));
    row = lw_round_editor_get_note_row (editor, 0);
    g_assert_nonnull (row);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "led before Ann");
    gtk_editable_set_text (GTK_EDITABLE (row), "  led a Worm before Ann ");
    g_signal_emit_by_name (row, "apply");
    lw_test_drain ();
    again = lw_store_list_penalties (store, id, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (((LwStoredPenalty *) g_ptr_array_index (again, 0))->note, ==, "led a Worm before Ann");
    g_assert_cmpint (((LwStoredPenalty *) g_ptr_array_index (again, 0))->time, ==, penalty->time);
    corrected = g_strdup_printf ("\nPenalty at %s: Ben played out of turn — led a Worm before Ann", when);
    g_assert_true (g_str_has_suffix (lw_game_page_get_history_text (page, 0), corrected));
    assert_board (lw_game_page_get_scoreboard (page), "2", "0");
    gtk_window_destroy (GTK_WINDOW (editor));
    lw_test_drain ();
  }
}

/* A substitute takes Ben's seat from round 2: the seat keeps its score,
 * the board names Cleo, round 1 still names Ben, and the log has it. */
static void
test_substitute (Fixture       *fixture,
                 gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwScoreboard *board = lw_game_page_get_scoreboard (page);
  const int most_to_ann[] = { 16, 10 };
  g_autoptr (GPtrArray) round_players = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *entry = NULL;
  GListModel *toplevels;
  LwEditLog *log = NULL;
  gint64 id;

  id = lw_test_start_two_player_game (fixture);
  enter_round (page, LW_NO_SEAT, most_to_ann, NULL);   /* Ann 0, Ben 1 */
  assert_board (board, "0", "1");
  g_assert_cmpstr (lw_scoreboard_get_status_text (board), ==, "Round 2 · Ben deals");

  lw_test_activate (page, "game.substitute");
  g_assert_cmpstr (adw_message_dialog_get_heading (lw_game_page_get_dialog (page)), ==, "Substitute a Player");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (lw_game_page_get_dialog_field (page, "seat")), 1);
  gtk_editable_set_text (GTK_EDITABLE (lw_game_page_get_dialog_field (page, "name")), "Cleo");
  respond (lw_game_page_get_dialog (page), "substitute");

  assert_board (board, "0", "1");
  g_assert_cmpstr (lw_scoreboard_get_status_text (board), ==, "Round 2 · Cleo deals");
  g_assert_cmpstr (adw_toast_get_title (lw_game_page_get_round_toast (page)), ==, "Cleo takes over from Ben");
  game = load_game (fixture, id);
  /* The record names the seat's first player and the substitute
   * (docs/rules/GAME-RECORD.md version 2), so an export keeps Ben. */
  g_assert_cmpstr (lw_game_record_current_player (game->record, 1), ==, "Cleo");
  g_assert_cmpstr (game->record->players[1], ==, "Ben");
  g_assert_cmpuint (game->record->substitutes->len, ==, 1);
  g_assert_cmpstr (lw_game_record_player_at (game->record, 1, 1), ==, "Ben");
  round_players = lw_store_list_round_players (lw_window_get_store (fixture->window), id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (((char **) g_ptr_array_index (round_players, 0))[1], ==, "Ben");
  /* The form's seats name Cleo. */
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (lw_round_form_get_seat_row (lw_game_page_get_round_form (page), 1))), ==, "Cleo");

  /* The edit log, newest first. */
  lw_test_activate (page, "game.edit-log");
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (LW_IS_EDIT_LOG (window))
        log = LW_EDIT_LOG (window);
    }
  g_assert_nonnull (log);
  g_assert_cmpuint (lw_edit_log_get_n_entries (log), ==, 2);
  entry = lw_edit_log_get_entry_text (log, 0);
  g_assert_true (g_str_has_prefix (entry, "Cleo took a seat from round 2\n"));
  g_assert_true (g_str_has_suffix (entry, "\nBen at seat 2\n→ Cleo at seat 2"));
  g_clear_pointer (&entry, g_free);
  entry = lw_edit_log_get_entry_text (log, 1);
  g_assert_true (g_str_has_prefix (entry, "Round 1 added\n"));
  g_assert_true (g_str_has_suffix (entry, "\nNobody declared · Ann 16 · Ben 10"));
  lw_test_activate (log, "window.close");

  /* Undo: Ben sits there again. */
  g_signal_emit_by_name (lw_game_page_get_round_toast (page), "button-clicked");
  lw_test_drain ();
  g_assert_cmpstr (lw_scoreboard_get_status_text (board), ==, "Round 2 · Ben deals");
  assert_board (board, "0", "1");
}


/* The edit log window on top of the main window, once opened. */
static LwEditLog *
find_edit_log (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  LwEditLog *log = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);

      if (LW_IS_EDIT_LOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        log = LW_EDIT_LOG (window);
    }
  return log;
}

/* Undo, long after the toast has gone, undoes the game's last change
 * whatever it was (a correction here, then the round added, which goes
 * back into the form); the Edit Log reverts any change that stands, and
 * says why when the game no longer allows it. */
static void
test_undo_any_change (Fixture       *fixture,
                      gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwScoreboard *board = lw_game_page_get_scoreboard (page);
  LwRoundForm *form = lw_game_page_get_round_form (page);
  const int most_to_ann[] = { 16, 10 };
  const int ann_pack[] = { 20, 6 };
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GPtrArray) log_entries = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  LwRoundEditor *editor;
  LwEditLog *log;
  gint64 id;

  id = lw_test_start_two_player_game (fixture);
  g_assert_cmpstr (lw_game_page_get_undo_text (page), ==, "Nothing to Undo");
  enter_round (page, LW_NO_SEAT, most_to_ann, NULL);     /* Ann 0, Ben 1 */
  enter_round (page, 0, ann_pack, NULL);                 /* Ann 1, Ben 1 */
  assert_board (board, "1", "1");
  /* The last change added the last round: Ctrl+Z takes it back. */
  g_assert_cmpstr (lw_game_page_get_undo_text (page), ==,
                   "Take Back Last Round (Ctrl+Z): round 2 goes back to the form");

  /* Round 1 corrected to Ann's Pack: 3 – 1. The toast goes. */
  editor = open_editor (page, 1);
  set_cards (lw_round_editor_get_form (editor), 0, 20, 6);
  lw_test_activate (editor, "editor.save");
  respond (lw_round_editor_get_confirm_dialog (editor), "apply");
  lw_test_drain ();
  assert_board (board, "3", "1");
  adw_toast_dismiss (lw_game_page_get_round_toast (page));
  lw_test_drain ();
  g_assert_null (lw_game_page_get_round_toast (page));
  g_assert_cmpstr (lw_game_page_get_undo_text (page), ==, "Undo “Round 1 changed” (Ctrl+Z)");

  /* Undo: the correction goes, most cards to Ann again. */
  lw_test_activate (page, "game.undo");
  assert_board (board, "1", "1");
  game = load_game (fixture, id);
  g_assert_cmpint (stored_round (game, 1)->declarer, ==, LW_NO_SEAT);
  g_clear_pointer (&game, lw_stored_game_free);
  g_assert_cmpstr (adw_toast_get_title (lw_game_page_get_round_toast (page)), ==, "Undone: Round 1 changed");

  /* Undo again: round 2 is taken back into the form. */
  lw_test_activate (page, "game.undo");
  assert_board (board, "0", "1");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 1);
  g_assert_cmpint (lw_seat_row_get_count (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS), ==, 20);
  g_assert_cmpstr (adw_toast_get_title (lw_game_page_get_round_toast (page)), ==, "Round 2 back in the form");
  g_assert_cmpstr (adw_toast_get_button_label (lw_game_page_get_round_toast (page)), ==, "_Undo");
  lw_test_activate (page, "game.submit-round");
  assert_board (board, "1", "1");

  /* The Edit Log: revert round 1's addition (not the last change). */
  lw_test_activate (page, "game.edit-log");
  log = find_edit_log ();
  g_assert_nonnull (log);
  log_entries = lw_test_list_edits (lw_window_get_store (fixture->window), id);
  /* round 1 added, 2 added, 1 changed (undone), 2 taken back (deleted),
   * 2 added; the list shows the newest first. */
  g_assert_cmpuint (log_entries->len, ==, 5);
  g_assert_cmpuint (lw_edit_log_get_n_entries (log), ==, 5);
  g_assert_true (lw_edit_log_get_entry_revertible (log, 0));
  g_assert_false (lw_edit_log_get_entry_revertible (log, 2));   /* undone */
  g_assert_true (lw_edit_log_get_entry_revertible (log, 4));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (log), "edit-log.revert", "x",
                                             ((LwLoggedEdit *) g_ptr_array_index (log_entries, 0))->id));
  lw_test_drain ();
  g_assert_null (lw_edit_log_get_error_dialog (log));
  g_assert_cmpuint (lw_edit_log_get_n_entries (log), ==, 6);
  text = lw_edit_log_get_entry_text (log, 0);
  g_assert_true (g_str_has_prefix (text, "Round 1 deleted\n"));
  g_clear_pointer (&text, g_free);
  /* The page shows it: Ann's Pack is round 1 now, 2 – 1. */
  assert_board (board, "2", "1");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 1);

  /* Refused: round 2, which the last "Round 2 added" left, is gone. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (log), "edit-log.revert", "x",
                                             ((LwLoggedEdit *) g_ptr_array_index (log_entries, 4))->id));
  lw_test_drain ();
  g_assert_nonnull (lw_edit_log_get_error_dialog (log));
  g_assert_cmpstr (adw_message_dialog_get_heading (lw_edit_log_get_error_dialog (log)), ==,
                   "Could Not Revert the Change");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (lw_edit_log_get_error_dialog (log)),
                                   "Round 2 is no longer the round this change left"));
  respond (lw_edit_log_get_error_dialog (log), "close");
  g_assert_cmpuint (lw_edit_log_get_n_entries (log), ==, 6);
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 1);

  /* The revert reverted: round 1 is back. */
  log_entries = (g_ptr_array_unref (log_entries),
                 lw_store_list_edits (lw_window_get_store (fixture->window), id, &error));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (log), "edit-log.revert", "x",
                                             ((LwLoggedEdit *) g_ptr_array_index (log_entries, 5))->id));
  lw_test_drain ();
  assert_board (board, "1", "1");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 2);
  lw_test_activate (log, "window.close");
}

/* Notes, date and place saved, shown on the page, undone together. */
static void
test_game_details (Fixture       *fixture,
                   gconstpointer  data)
{
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GDateTime) played = g_date_time_new_local (2024, 5, 12, 19, 30, 0);
  GtkTextBuffer *buffer;
  gint64 id;

  id = lw_test_start_two_player_game (fixture);
  g_assert_cmpstr (lw_game_page_get_details_text (page, FALSE), ==, "");

  /* A date that is not one: nothing is saved. */
  lw_test_activate (page, "game.details");
  gtk_editable_set_text (GTK_EDITABLE (lw_game_page_get_dialog_field (page, "date")), "12/05/2024");
  gtk_editable_set_text (GTK_EDITABLE (lw_game_page_get_dialog_field (page, "place")), "Nowhere");
  respond (lw_game_page_get_dialog (page), "save");
  game = load_game (fixture, id);
  g_assert_null (game->place);
  g_assert_cmpint (game->played_at, ==, 0);
  g_clear_pointer (&game, lw_stored_game_free);

  lw_test_activate (page, "game.details");
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (lw_game_page_get_dialog_field (page, "notes")));
  gtk_text_buffer_set_text (buffer, "Friday club\nsecond table", -1);
  gtk_editable_set_text (GTK_EDITABLE (lw_game_page_get_dialog_field (page, "date")), "2024-05-12 19:30");
  gtk_editable_set_text (GTK_EDITABLE (lw_game_page_get_dialog_field (page, "place")), " The Fox Inn ");
  respond (lw_game_page_get_dialog (page), "save");

  game = load_game (fixture, id);
  g_assert_cmpstr (game->notes, ==, "Friday club\nsecond table");
  g_assert_cmpstr (game->place, ==, "The Fox Inn");
  g_assert_cmpint (game->played_at, ==, g_date_time_to_unix (played));
  g_clear_pointer (&game, lw_stored_game_free);
  g_assert_cmpstr (lw_game_page_get_details_text (page, FALSE), ==, "2024-05-12 19:30 · The Fox Inn");
  g_assert_cmpstr (lw_game_page_get_details_text (page, TRUE), ==, "Friday club\nsecond table");

  /* The dialog opens with them. */
  lw_test_activate (page, "game.details");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (lw_game_page_get_dialog_field (page, "date"))), ==,
                   "2024-05-12 19:30");
  respond (lw_game_page_get_dialog (page), "cancel");

  /* One Undo takes back the notes and the date and place. */
  g_assert_cmpstr (adw_toast_get_title (lw_game_page_get_round_toast (page)), ==, "Game details saved");
  g_signal_emit_by_name (lw_game_page_get_round_toast (page), "button-clicked");
  lw_test_drain ();
  game = load_game (fixture, id);
  g_assert_null (game->notes);
  g_assert_null (game->place);
  g_assert_cmpint (game->played_at, ==, 0);
  g_assert_cmpstr (lw_game_page_get_details_text (page, FALSE), ==, "");
}

static const LwTestAppCase cases[] = {
  { "/ui/two-player-game", test_two_player_game },
  { "/ui/main-menu", test_main_menu },
  { "/ui/shortcuts-window", test_shortcuts_window },
  { "/ui/void-and-penalty", test_void_and_penalty },
  { "/ui/import", test_import },
  { "/ui/import-error", test_import_error },
  { "/ui/partners-and-garwolf", test_partners_and_garwolf },
  { "/ui/shortcuts", test_shortcuts },
  { "/ui/declarer-reset", test_declarer_reset },
  { "/ui/tab-order", test_tab_order },
  { "/ui/narrow-long-names", test_narrow_long_names },
  { "/ui/new-game-names", test_new_game_names },
  { "/ui/pack-worth-zero", test_pack_worth_zero },
  { "/ui/delete-game", test_delete_game },
  { "/ui/edit-past-round", test_edit_past_round },
  { "/ui/refused-edit", test_refused_edit },
  { "/ui/insert-delete-round", test_insert_delete_round },
  { "/ui/undo-after-phone-round", test_undo_after_phone_round },
  { "/ui/noted-penalty", test_noted_penalty },
  { "/ui/substitute", test_substitute },
  { "/ui/undo-any-change", test_undo_any_change },
  { "/ui/game-details", test_game_details },
};

int
main (int   argc,
      char *argv[])
{
  return lw_test_app_main (argc, argv, cases, G_N_ELEMENTS (cases));
}
