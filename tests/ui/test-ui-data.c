/* test-ui-data.c — the app driven in-process: the score chart, the board's
 * dealer, skunk and hand lines, the games list, statistics, import by drag
 * and drop, Import of many files (its progress, report and Cancel), CSV export, backup and restore, printing
 *
 * Each test runs on its own temporary database, with the application
 * created G_APPLICATION_NON_UNIQUE.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "lw-application.h"
#include "lw-scoreboard.h"
#include "lw-scoreboard-private.h"
#include "lw-game-page.h"
#include "lw-game-page-private.h"
#include "lw-games-page.h"
#include "lw-games-page-private.h"
#include "lw-app-util.h"
#include "lw-import-dialog.h"
#include "lw-import-dialog-private.h"
#include "lw-print.h"
#include "lw-print-private.h"
#include "lw-new-game-page.h"
#include "lw-new-game-page-private.h"
#include "lw-round-form.h"
#include "lw-round-form-private.h"
#include "lw-seat-row.h"
#include "lw-seat-row-private.h"
#include "lw-score-chart.h"
#include "lw-score-chart-private.h"
#include "lw-stats.h"
#include "lw-stats-page.h"
#include "lw-stats-page-private.h"
#include "lw-preferences-window.h"
#include "lw-preferences-window-private.h"
#include "lw-settings.h"
#include "lw-store.h"
#include "lw-window.h"
#include "lw-window-private.h"
#include "lw-test-app.h"
#include "lw-test-util.h"

typedef LwTestApp Fixture;

static void
append (Fixture   *fixture,
        gint64     id,
        int        declarer,
        const int *cards,
        guint      n,
        int        penalty_seat)
{
  g_autoptr (LwRound) round = lw_round_new ();
  g_autoptr (GError) error = NULL;

  round->declarer = declarer;
  for (guint i = 0; i < n; i++)
    round->cards[i] = cards[i];
  if (penalty_seat != LW_NO_SEAT)
    lw_round_add_penalty (round, penalty_seat, LW_PENALTY_LOOKED_AT_DISCARDS);
  lw_store_append_round (lw_test_app_writer (fixture), id, round, &error);
  g_assert_no_error (error);
}

static void
activate_show_games (Fixture *fixture)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-games", NULL));
  lw_test_drain ();
}

/* Ann 10, Ben 0 after 10 rounds; in round 11 Ben looks at the discards
 * while at 0: the award would give Ann a skunk, so nobody scores and Ben
 * forfeits his next deal (R19, R20). */
static gint64
add_forfeit_game (Fixture *fixture)
{
  const char *names[] = { "Ann", "Ben" };
  const int ben_most[] = { 6, 20 }, ann_packs[] = { 20, 6 }, ben_a_little_more[] = { 12, 14 };
  gint64 id = lw_test_add_game (lw_test_app_writer (fixture), LW_RULESET_LITTLE_WOLF, 2, names, 0);

  append (fixture, id, LW_NO_SEAT, ben_most, 2, LW_NO_SEAT);      /* Ann 1, Ben 0 */
  for (int i = 0; i < 9; i++)
    append (fixture, id, 0, ann_packs, 2, LW_NO_SEAT);            /* Ann 10 */
  append (fixture, id, LW_NO_SEAT, ben_a_little_more, 2, 1);      /* the penalty */

  return id;
}

/* The board: who deals when a deal was forfeited, the skunk danger, the
 * hand size. */
static void
test_board_lines (Fixture       *fixture,
                  gconstpointer  data)
{
  gint64 id = add_forfeit_game (fixture);
  LwScoreboard *board;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", id));
  lw_test_drain ();
  board = lw_game_page_get_scoreboard (lw_window_get_game_page (fixture->window));

  g_assert_cmpstr (lw_scoreboard_get_score_text (board, 0), ==, "10");
  g_assert_cmpstr (lw_scoreboard_get_score_text (board, 1), ==, "0");
  /* Round 12 would be Ben's deal; he is passed over. */
  g_assert_cmpstr (lw_scoreboard_get_status_text (board), ==, "Round 12 · Ben owes a deal: Ann deals");
  g_assert_cmpstr (lw_scoreboard_get_deal_text (board), ==, "");
  g_assert_cmpstr (lw_scoreboard_get_warning_text (board), ==, "Skunk danger: Ben at 0, Ann needs 1 for a skunk");
  g_assert_cmpstr (lw_scoreboard_get_hand_text (board), ==, "13 cards each · 26 in tricks");
}

/* Four players: 9 cards each, 36 in tricks; a penalty in a round whose next
 * deal is not the offender's leaves the debt on the board. */
static void
test_board_owed_deal (Fixture       *fixture,
                      gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben", "Cleo", "Dev" };
  const int most[] = { 3, 3, 3, 27 }, cleo[] = { 5, 5, 20, 6 }, tie[] = { 9, 9, 9, 9 };
  gint64 id = lw_test_add_game (lw_test_app_writer (fixture), LW_RULESET_LITTLE_WOLF, 4, names, 0);
  LwScoreboard *board;

  /* Dev to 0 */
  append (fixture, id, LW_NO_SEAT, most, 4, LW_NO_SEAT);
  /* Cleo packs to 11 − skunk with Dev at 0 would end the game: stop at 10 */
  for (int i = 0; i < 9; i++)
    append (fixture, id, 2, cleo, 4, LW_NO_SEAT);
  /* Round 11: Dev at 0 looks at the discards: +1 to everyone would give
   * Cleo 11, a skunk, so Dev forfeits his next deal. Round 11 was dealt
   * by Cleo (seat 2); the next is Dev's own, so it is passed over at once. */
  append (fixture, id, LW_NO_SEAT, tie, 4, 3);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", id));
  lw_test_drain ();
  board = lw_game_page_get_scoreboard (lw_window_get_game_page (fixture->window));
  g_assert_cmpstr (lw_scoreboard_get_hand_text (board), ==, "9 cards each · 36 in tricks");
  g_assert_cmpstr (lw_scoreboard_get_status_text (board), ==, "Round 12 · Dev owes a deal: Ann deals");
}

/* The chart holds each side's score from the start to the last round. */
static void
test_chart (Fixture       *fixture,
            gconstpointer  data)
{
  gint64 id = add_forfeit_game (fixture);
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GError) error = NULL;
  GtkWidget *chart = g_object_ref_sink (lw_score_chart_new ());
  GtkWidget *window = gtk_window_new ();
  int min_height, nat_height;

  game = lw_store_load_game (lw_window_get_store (fixture->window), id, &error);
  g_assert_no_error (error);
  standings = lw_standings_compute (game->record, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (lw_score_chart_get_n_sides (LW_SCORE_CHART (chart)), ==, 0);
  lw_score_chart_set_game (LW_SCORE_CHART (chart), game->record, standings);
  g_assert_cmpuint (lw_score_chart_get_n_sides (LW_SCORE_CHART (chart)), ==, 2);
  g_assert_cmpuint (lw_score_chart_get_n_points (LW_SCORE_CHART (chart)), ==, 12);
  g_assert_cmpint (lw_score_chart_get_score (LW_SCORE_CHART (chart), 0, 0), ==, 1);
  g_assert_cmpint (lw_score_chart_get_score (LW_SCORE_CHART (chart), 1, 0), ==, 1);
  g_assert_cmpint (lw_score_chart_get_score (LW_SCORE_CHART (chart), 1, 1), ==, 0);
  g_assert_cmpint (lw_score_chart_get_score (LW_SCORE_CHART (chart), 0, 11), ==, 10);

  /* It fits a phone: no wider than 360 px asked for. */
  gtk_widget_measure (chart, GTK_ORIENTATION_HORIZONTAL, -1, &min_height, &nat_height, NULL, NULL);
  g_assert_cmpint (min_height, <=, 340);
  gtk_window_set_child (GTK_WINDOW (window), chart);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 300);
  gtk_window_present (GTK_WINDOW (window));
  lw_test_drain ();
  gtk_widget_measure (chart, GTK_ORIENTATION_VERTICAL, 340, &min_height, &nat_height, NULL, NULL);
  g_assert_cmpint (min_height, >, 150);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (chart);
}

static gboolean
drop_file (Fixture    *fixture,
           const char *path)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (fixture->window));
  GtkDropTarget *target = lw_test_find_item (controllers, GTK_TYPE_DROP_TARGET, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  GSList *files = g_slist_prepend (NULL, file);
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;

  g_assert_nonnull (target);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_set_boxed (&value, files);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  g_slist_free (files);

  while (lw_window_get_busy (fixture->window))
    g_main_context_iteration (NULL, TRUE);
  lw_test_drain ();

  return accepted;
}

/* A game record dropped on the window is imported and opened; a broken one
 * is refused with the problem named, and nothing is stored. */
static void
test_drop_import (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *good = g_build_filename (fixture->dir, "good.json", NULL);
  g_autofree char *bad = g_build_filename (fixture->dir, "bad.json", NULL);
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GError) error = NULL;
  AdwMessageDialog *dialog;
  const LwGameRecord *record;

  g_file_set_contents (bad,
                       "{ \"format\": \"little-wolf/game\", \"version\": 1, \"players\": [\"Ann\", \"Ben\"],"
                       "  \"rounds\": [ { \"declarer\": 0, \"cards\": [20, 5] } ] }",
                       -1, &error);
  g_assert_no_error (error);
  g_assert_true (drop_file (fixture, bad));
  dialog = lw_test_find_item (gtk_window_get_toplevels (), ADW_TYPE_MESSAGE_DIALOG, NULL);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "bad.json"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "cards sum to 25"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();
  games = lw_store_list_games (lw_window_get_store (fixture->window), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 0);
  g_clear_pointer (&games, g_ptr_array_unref);

  /* Over 64 MiB (a sparse file): refused by its size, before reading. */
  {
    g_autofree char *huge = g_build_filename (fixture->dir, "huge.json", NULL);
    FILE *out = fopen (huge, "w");

    g_assert_nonnull (out);
    g_assert_cmpint (fseek (out, LW_GAME_RECORD_MAX_BYTES, SEEK_SET), ==, 0);
    g_assert_cmpint (fputc ('}', out), ==, '}');
    fclose (out);
    g_assert_true (drop_file (fixture, huge));
    dialog = lw_test_find_item (gtk_window_get_toplevels (), ADW_TYPE_MESSAGE_DIALOG, NULL);
    g_assert_nonnull (dialog);
    g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "huge.json"));
    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "larger than 64 MiB"));
    gtk_window_destroy (GTK_WINDOW (dialog));
    lw_test_drain ();
    g_unlink (huge);
  }

  g_file_set_contents (good,
                       "{ \"format\": \"little-wolf/game\", \"version\": 1, \"players\": [\"Ann\", \"Ben\"],"
                       "  \"rounds\": [ { \"declarer\": 0, \"cards\": [20, 6] } ] }",
                       -1, &error);
  g_assert_no_error (error);
  g_assert_true (drop_file (fixture, good));
  g_assert_null (lw_test_find_item (gtk_window_get_toplevels (), ADW_TYPE_MESSAGE_DIALOG, NULL));
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "game");
  record = lw_game_page_get_record (lw_window_get_game_page (fixture->window));
  g_assert_nonnull (record);
  g_assert_cmpuint (record->rounds->len, ==, 1);
  games = lw_store_list_games (lw_window_get_store (fixture->window), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 1);
}

/* A game's score sheet as CSV: a line per round after the header. */
static void
test_export_csv (Fixture       *fixture,
                 gconstpointer  data)
{
  gint64 id = add_forfeit_game (fixture);
  g_autofree char *path = g_build_filename (fixture->dir, "sheet.csv", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;

  g_assert_true (lw_window_export_csv_to (fixture->window, id, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_nonnull (strstr (contents, "Ann"));
  g_assert_nonnull (strstr (contents, "Ben"));
  lines = g_strsplit (contents, "\n", -1);
  /* at least the header and 11 rounds */
  g_assert_cmpuint (g_strv_length (lines), >=, 12);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.export-csv", "x", id));
}

/* A backup, a game added, a restore confirmed: the game added is gone,
 * and the list shows the backup's games; Cancel changes nothing. */
static void
test_backup_restore (Fixture       *fixture,
                     gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben" };
  g_autofree char *backup = g_build_filename (fixture->dir, "backup.sqlite3", NULL);
  g_autofree char *body = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = NULL;
  LwGamesPage *page = lw_window_get_games_page (fixture->window);
  AdwMessageDialog *dialog;

  add_forfeit_game (fixture);
  g_assert_true (lw_store_backup_to (lw_window_get_store (fixture->window), backup, &error));
  g_assert_no_error (error);
  lw_test_add_game (lw_test_app_writer (fixture), LW_RULESET_LITTLE_WOLF, 2, names, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-games", NULL));
  lw_test_drain ();
  g_assert_cmpuint (lw_games_page_get_n_games (page, FALSE), ==, 2);

  lw_window_confirm_restore (fixture->window, backup);
  lw_test_drain ();
  dialog = lw_test_find_item (gtk_window_get_toplevels (), ADW_TYPE_MESSAGE_DIALOG, NULL);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();
  g_assert_cmpuint (lw_games_page_get_n_games (page, FALSE), ==, 2);

  lw_window_confirm_restore (fixture->window, backup);
  lw_test_drain ();
  dialog = lw_test_find_item (gtk_window_get_toplevels (), ADW_TYPE_MESSAGE_DIALOG, NULL);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "backup.sqlite3"));
  body = g_strdup (adw_message_dialog_get_body (dialog));
  g_assert_nonnull (strstr (body, ".before-restore-"));
  adw_message_dialog_response (dialog, "restore");
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();

  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "games");
  g_assert_cmpuint (lw_games_page_get_n_games (page, FALSE), ==, 1);
  g_assert_cmpuint (lw_games_page_get_n_shown (page), ==, 1);
  games = lw_store_list_games (lw_window_get_store (fixture->window), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 1);
  g_clear_pointer (&games, g_ptr_array_unref);

  /* The safety copy the dialog named is next to the database, and Undo
   * Restore (the toast's button) brings both games back. */
  {
    g_autofree char *db_dir = g_path_get_dirname (lw_store_get_path (lw_window_get_store (fixture->window)));
    g_autoptr (GDir) dir = g_dir_open (db_dir, 0, &error);
    g_autofree char *copy = NULL;
    const char *name;

    g_assert_no_error (error);
    while ((name = g_dir_read_name (dir)) != NULL)
      if (strstr (name, ".before-restore-") != NULL && g_str_has_suffix (name, ".bak"))
        {
          g_assert_null (copy);
          copy = g_build_filename (db_dir, name, NULL);
          /* The dialog said where. */
          g_assert_nonnull (strstr (body, name));
          g_assert_nonnull (strstr (body, db_dir));
        }
    g_assert_nonnull (copy);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo-restore", "s", copy));
    lw_test_drain ();
  }
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "games");
  g_assert_cmpuint (lw_games_page_get_n_games (page, FALSE), ==, 2);
  games = lw_store_list_games (lw_window_get_store (fixture->window), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
}

/* The list: one row per game once read, filtered by status. */
static void
test_games_list (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben", "Cleo" };
  LwGamesPage *page = lw_window_get_games_page (fixture->window);
  g_autofree char *text = NULL;
  gint64 ongoing;

  add_forfeit_game (fixture);
  ongoing = lw_test_add_game (lw_test_app_writer (fixture), LW_RULESET_GARWOLF, 3, names, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-games", NULL));
  lw_test_drain ();
  lw_games_page_wait (page);
  g_assert_false (lw_games_page_get_loading (page));
  g_assert_cmpuint (lw_games_page_get_n_shown (page), ==, 2);
  g_assert_cmpuint (lw_games_page_get_n_games (page, FALSE), ==, 2);
  g_assert_cmpuint (lw_games_page_get_n_games (page, TRUE), ==, 0);

  /* newest first */
  g_assert_cmpint (lw_games_page_get_game_id (page, 0), ==, ongoing);
  text = lw_games_page_get_row_text (page, 1);
  g_assert_cmpstr (text, ==, "Ann vs Ben\n10 – 0 · Ann deals next");

  lw_games_page_set_show (page, 2);
  g_assert_cmpuint (lw_games_page_get_n_shown (page), ==, 0);
  lw_games_page_set_show (page, 1);
  g_assert_cmpuint (lw_games_page_get_n_shown (page), ==, 2);
  lw_games_page_set_show (page, 0);

  /* A player's games (Ctrl+F): part of a name, any case. */
  lw_games_page_search (page, "cle");
  g_assert_cmpuint (lw_games_page_get_n_shown (page), ==, 1);
  g_assert_cmpint (lw_games_page_get_game_id (page, 0), ==, ongoing);
  lw_games_page_search (page, "ANN");
  g_assert_cmpuint (lw_games_page_get_n_shown (page), ==, 2);
  lw_games_page_search (page, "Zoë");
  g_assert_cmpuint (lw_games_page_get_n_shown (page), ==, 0);
  lw_games_page_search (page, NULL);
  g_assert_cmpuint (lw_games_page_get_n_shown (page), ==, 2);
}

/* Back on the start page, only the games changed here are read again
 * (no worker, the new score at once); a change by another program reads
 * everything again. */
static void
test_games_list_refresh (Fixture       *fixture,
                         gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben" };
  const char *others[] = { "Cleo", "Dan" };
  const int cards[] = { 20, 6 };
  LwGamesPage *page = lw_window_get_games_page (fixture->window);
  g_autoptr (LwRound) round = lw_round_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 first, second;

  first = lw_test_add_game (lw_test_app_writer (fixture), LW_RULESET_LITTLE_WOLF, 2, names, 0);
  second = lw_test_add_game (lw_test_app_writer (fixture), LW_RULESET_LITTLE_WOLF, 2, others, 0);
  activate_show_games (fixture);
  lw_games_page_wait (page);
  g_assert_cmpint (lw_games_page_get_game_id (page, 1), ==, first);
  before = lw_games_page_get_row_text (page, 1);
  g_assert_cmpstr (before, ==, "Ann vs Ben\n1 – 1 · Ann deals next");

  /* A round entered while the game is open (the window's connection). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", first));
  lw_test_drain ();
  round->declarer = 0;
  round->cards[0] = cards[0];
  round->cards[1] = cards[1];
  lw_store_append_round (lw_window_get_store (fixture->window), first, round, &error);
  g_assert_no_error (error);
  activate_show_games (fixture);
  g_assert_false (lw_games_page_get_loading (page));
  after = lw_games_page_get_row_text (page, 1);
  /* SCORING R10: the declarer makes the Pack (20 of 26 cards): +1 */
  g_assert_cmpstr (after, ==, "Ann vs Ben\n2 – 1 · Ben deals next");
  g_assert_cmpuint (lw_games_page_get_n_shown (page), ==, 2);

  /* Deleted here: its row goes; restored (the toast's Undo): it is back. */
  g_assert_true (lw_store_delete_game (lw_window_get_store (fixture->window), second, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.game-changed", "x", second));
  lw_test_drain ();
  g_assert_false (lw_games_page_get_loading (page));
  g_assert_cmpuint (lw_games_page_get_n_shown (page), ==, 1);
  g_assert_cmpint (lw_games_page_get_game_id (page, 0), ==, first);
  g_assert_true (lw_store_restore_game (lw_window_get_store (fixture->window), second, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.game-changed", "x", second));
  lw_test_drain ();
  g_assert_cmpuint (lw_games_page_get_n_shown (page), ==, 2);

  /* Another program's write: everything is read again (a game this
   * window never saw is listed). */
  lw_test_add_game (lw_test_app_writer (fixture), LW_RULESET_LITTLE_WOLF, 2, others, 0);
  activate_show_games (fixture);
  lw_games_page_wait (page);
  g_assert_cmpuint (lw_games_page_get_n_shown (page), ==, 3);
}

/* Preferences (GSettings, the memory backend here): the style follows
 * the choice, New Game starts with the chosen target and game, and offers
 * the last game's players. */
static void
test_preferences (Fixture       *fixture,
                  gconstpointer  data)
{
  GSettings *settings = lw_settings_get ();
  LwNewGamePage *new_game;
  g_auto (GStrv) last = NULL;

  g_assert_nonnull (settings);
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (fixture->app), "preferences"));
  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "preferences", NULL);
  lw_test_drain ();
  {
    GListModel *toplevels = gtk_window_get_toplevels ();
    GtkWindow *preferences = NULL;

    for (guint i = 0; i < g_list_model_get_n_items (toplevels) && preferences == NULL; i++)
      {
        g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

        if (LW_IS_PREFERENCES_WINDOW (window))
          preferences = window;
      }
    g_assert_nonnull (preferences);
    g_assert_true (gtk_window_get_transient_for (preferences) == GTK_WINDOW (fixture->window));
    gtk_window_destroy (preferences);
    lw_test_drain ();
  }

  g_settings_set_enum (settings, "color-scheme", 2);
  lw_test_drain ();
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==, ADW_COLOR_SCHEME_FORCE_DARK);
  g_settings_set_enum (settings, "color-scheme", 0);
  lw_test_drain ();
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==, ADW_COLOR_SCHEME_DEFAULT);

  g_settings_set_int (settings, "default-target", 21);
  g_settings_set_strv (settings, "last-players", NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.new-game", NULL));
  lw_test_drain ();
  new_game = lw_window_get_new_game_page (fixture->window);
  lw_new_game_page_set_player (new_game, 0, "Ann");
  lw_new_game_page_set_player (new_game, 1, "Ben");
  {
    g_autoptr (LwGameRecord) record = lw_new_game_page_build_record (new_game, NULL);

    g_assert_nonnull (record);
    g_assert_cmpint (record->target, ==, 21);
    g_assert_cmpint (record->skunk, ==, 11);
  }
  lw_new_game_page_set_n_players (new_game, 3);
  lw_new_game_page_set_player (new_game, 0, "Ann");
  lw_new_game_page_set_player (new_game, 1, "Ben");
  lw_new_game_page_set_player (new_game, 2, "Cleo");
  lw_test_drain ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (new_game), "new-game.start", NULL));
  lw_test_drain ();
  last = g_settings_get_strv (settings, "last-players");
  g_assert_cmpuint (g_strv_length (last), ==, 3);
  g_assert_cmpstr (last[2], ==, "Cleo");

  /* The next New Game: empty seats, and Last Players fills them. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.new-game", NULL));
  lw_test_drain ();
  g_assert_null (lw_new_game_page_build_record (new_game, NULL));   /* no names yet */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (new_game), "new-game.last-players", NULL));
  lw_test_drain ();
  {
    g_autoptr (LwGameRecord) record = lw_new_game_page_build_record (new_game, NULL);

    g_assert_nonnull (record);
    g_assert_cmpuint (record->n_players, ==, 3);
    g_assert_cmpstr (record->players[1], ==, "Ben");
  }

  g_settings_reset (settings, "default-target");
  g_settings_reset (settings, "last-players");
}

/* Fills the Garwolf hand form (Court cards and Garwolves per seat) and
 * adds the hand. */
static void
enter_garwolf_hand (LwGamePage *page,
                    const int  *court,
                    const int  *garwolves)
{
  LwRoundForm *form = lw_game_page_get_round_form (page);

  lw_round_form_reset (form);
  for (guint seat = 0; seat < lw_game_page_get_record (page)->n_players; seat++)
    {
      LwSeatRow *row = lw_round_form_get_seat_row (form, seat);

      gtk_spin_button_set_value (lw_seat_row_get_spin (row, LW_SEAT_COUNT_COURT), court[seat]);
      gtk_spin_button_set_value (lw_seat_row_get_spin (row, LW_SEAT_COUNT_GARWOLVES), garwolves[seat]);
    }
  lw_test_drain ();
  g_assert_true (lw_round_form_get_valid (form));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "game.submit-round", NULL));
  lw_test_drain ();
}

/* Garwolf with the King and Knave house rule (SCORING G3), chosen on the
 * New Game page: no passing before hand 1, then the board names the top
 * and bottom scorers of the hand before, not the running score. */
static void
test_king_and_knave (Fixture       *fixture,
                     gconstpointer  data)
{
  LwNewGamePage *new_game;
  LwGamePage *page;
  LwScoreboard *board;
  const int court1[] = { 4, 8, 0 }, garwolves1[] = { 1, 0, 2 };   /* Ann 7, Ben 8, Cleo 6 */
  const int court2[] = { 2, 10, 0 }, garwolves2[] = { 3, 0, 0 };  /* Ann 11, Ben 10, Cleo 0 */
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.new-game", NULL));
  lw_test_drain ();
  new_game = lw_window_get_new_game_page (fixture->window);
  lw_new_game_page_set_ruleset (new_game, LW_RULESET_GARWOLF);
  lw_new_game_page_set_n_players (new_game, 3);
  lw_new_game_page_set_player (new_game, 0, "Ann");
  lw_new_game_page_set_player (new_game, 1, "Ben");
  lw_new_game_page_set_player (new_game, 2, "Cleo");
  gtk_switch_set_active (GTK_SWITCH (lw_test_find (new_game, GTK_TYPE_SWITCH, "king_and_knave_switch")), TRUE);
  lw_test_drain ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (new_game), "new-game.start", NULL));
  lw_test_drain ();

  page = lw_window_get_game_page (fixture->window);
  board = lw_game_page_get_scoreboard (page);
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "game");
  game = lw_store_load_game (lw_window_get_store (fixture->window), lw_game_page_get_game_id (page), &error);
  g_assert_no_error (error);
  g_assert_true (game->king_and_knave);
  g_assert_true (game->record->ruleset == LW_RULESET_GARWOLF);
  g_assert_cmpstr (lw_scoreboard_get_status_text (board), ==, "Hand 1: no passing · Ann deals");

  enter_garwolf_hand (page, court1, garwolves1);
  g_assert_cmpstr (lw_scoreboard_get_status_text (board), ==,
                   "Hand 2: King Ben gives Cleo two cards of choice; "
                   "Knave Cleo gives Ben his two highest (Ace low) · Ben deals");

  /* Ann and Ben tie at 18 on the board: the King is hand 2's top
   * scorer, Ann, whatever the running score. */
  enter_garwolf_hand (page, court2, garwolves2);
  g_assert_cmpstr (lw_scoreboard_get_score_text (board, 0), ==, "18");
  g_assert_cmpstr (lw_scoreboard_get_score_text (board, 1), ==, "18");
  g_assert_cmpstr (lw_scoreboard_get_score_text (board, 2), ==, "6");
  g_assert_cmpstr (lw_scoreboard_get_status_text (board), ==,
                   "Hand 3: King Ann gives Cleo two cards of choice; "
                   "Knave Cleo gives Ann his two highest (Ace low) · Cleo deals");

  /* The house rule dropped from the game's details: hand 3 keeps its
   * cards (G3: left, right, keep), the scores stay. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "game.details", NULL));
  lw_test_drain ();
  g_assert_nonnull (lw_game_page_get_dialog_field (page, "king-and-knave"));
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (lw_game_page_get_dialog_field (page, "king-and-knave"))));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (lw_game_page_get_dialog_field (page, "king-and-knave")), FALSE);
  adw_message_dialog_response (lw_game_page_get_dialog (page), "save");
  lw_test_drain ();
  g_clear_pointer (&game, lw_stored_game_free);
  game = lw_store_load_game (lw_window_get_store (fixture->window), lw_game_page_get_game_id (page), &error);
  g_assert_no_error (error);
  g_assert_false (game->king_and_knave);
  g_assert_cmpstr (lw_scoreboard_get_status_text (board), ==, "Hand 3 · Cleo deals · Keep what was dealt");
  g_assert_cmpstr (lw_scoreboard_get_score_text (board, 0), ==, "18");
}

/* Ann and Ben again: Ann makes the Pack 14 times and wins 15 to 1. */
static gint64
add_won_game (Fixture *fixture)
{
  const char *names[] = { "Ann", "Ben" };
  const int ann_packs[] = { 20, 6 };
  gint64 id = lw_test_add_game (lw_test_app_writer (fixture), LW_RULESET_LITTLE_WOLF, 2, names, 0);

  for (int i = 0; i < 14; i++)
    append (fixture, id, 0, ann_packs, 2, LW_NO_SEAT);

  return id;
}

/* 40 rounds where the cards are even and nobody declared, then Ann
 * makes the Pack until she wins: 51 rounds. */
static gint64
add_long_game (Fixture *fixture)
{
  const char *names[] = { "Ann", "Ben" };
  const int even[] = { 13, 13 }, ann_packs[] = { 20, 6 };
  gint64 id = lw_test_add_game (lw_test_app_writer (fixture), LW_RULESET_LITTLE_WOLF, 2, names, 0);

  for (int i = 0; i < 40; i++)
    append (fixture, id, LW_NO_SEAT, even, 2, LW_NO_SEAT);
  for (int i = 0; i < 11; i++)
    append (fixture, id, 0, ann_packs, 2, LW_NO_SEAT);

  return id;
}

/* lw_stats_compute() over every stored game, as the page computes it. */
static GPtrArray *
compute_stats (Fixture *fixture)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = lw_store_list_games (lw_window_get_store (fixture->window), &error);
  g_autoptr (GPtrArray) standings = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_standings_free);
  g_autoptr (GPtrArray) players = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr (GArray) input = g_array_new (FALSE, TRUE, sizeof (LwStatsGame));

  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      LwStoredGame *game = g_ptr_array_index (games, i);
      LwStatsGame one = { game->record, NULL, NULL };

      one.standings = lw_standings_compute (game->record, &error);
      g_assert_no_error (error);
      g_ptr_array_add (standings, (gpointer) one.standings);
      one.round_players = lw_store_list_round_players (lw_window_get_store (fixture->window), game->id, &error);
      g_assert_no_error (error);
      g_ptr_array_add (players, one.round_players);
      g_array_append_val (input, one);
    }

  return lw_stats_compute ((const LwStatsGame *) (gpointer) input->data, input->len,
                           LW_STATS_PAGE_MIN_PARTNER_GAMES);
}

/* The players page: each player's figures as lw_stats_compute() counts
 * them, and as counted by hand. */
static void
test_stats_page (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr (GPtrArray) stats = NULL;
  LwPlayerStats *ann, *ben;
  LwStatsPage *page;
  g_autofree char *games = NULL;
  g_autofree char *wins = NULL;
  g_autofree char *rounds = NULL;

  add_forfeit_game (fixture);
  add_won_game (fixture);
  stats = compute_stats (fixture);
  g_assert_cmpuint (stats->len, ==, 2);
  ann = g_ptr_array_index (stats, 0);
  ben = g_ptr_array_index (stats, 1);
  g_assert_cmpstr (ann->name, ==, "Ann");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-players", NULL));
  page = lw_window_get_stats_page (fixture->window);
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "players");
  lw_stats_page_wait (page);
  g_assert_cmpuint (lw_stats_page_get_n_players (page), ==, 2);
  g_assert_cmpstr (lw_stats_page_get_player_name (page, 0), ==, "Ann");
  g_assert_cmpstr (lw_stats_page_get_player_name (page, 1), ==, "Ben");
  g_assert_null (lw_stats_page_get_shown_player (page));

  g_assert_true (lw_stats_page_show_player (page, "Ann"));
  g_assert_cmpstr (lw_stats_page_get_shown_player (page), ==, "Ann");
  games = g_strdup_printf ("%u", ann->games);
  wins = g_strdup_printf ("%u", ann->wins);
  rounds = g_strdup_printf ("%u", ann->rounds);
  g_assert_cmpstr (lw_stats_page_get_value (page, "games"), ==, games);
  g_assert_cmpstr (lw_stats_page_get_value (page, "wins"), ==, wins);
  g_assert_cmpstr (lw_stats_page_get_value (page, "rounds"), ==, rounds);
  g_assert_cmpfloat (lw_player_stats_win_rate (ann), ==, 1.0);
  /* by hand: two games, the second won 15 to 1, 11 + 14 rounds */
  g_assert_cmpstr (lw_stats_page_get_value (page, "games"), ==, "2");
  g_assert_cmpstr (lw_stats_page_get_value (page, "wins"), ==, "1");
  g_assert_cmpstr (lw_stats_page_get_value (page, "win-rate"), ==, "100 % · 1 of 1");
  g_assert_cmpstr (lw_stats_page_get_value (page, "rounds"), ==, "25");
  g_assert_cmpstr (lw_stats_page_get_value (page, "margin"), ==, "14.0");
  g_assert_cmpstr (lw_stats_page_get_value (page, "skunks-won"), ==, "0");
  /* No skunk: both counts of wins agree. */
  g_assert_cmpstr (lw_stats_page_get_value (page, "wins-skunk-double"), ==, "1");

  /* Ben: the penalty of the first game, no win */
  g_assert_true (lw_stats_page_show_player (page, "Ben"));
  g_assert_cmpfloat (lw_player_stats_win_rate (ben), ==, 0.0);
  g_assert_cmpstr (lw_stats_page_get_value (page, "wins"), ==, "0");
  g_assert_cmpstr (lw_stats_page_get_value (page, "win-rate"), ==, "0 % · 0 of 1");
  g_assert_cmpuint (ben->penalties, ==, 1);
  g_assert_cmpstr (lw_stats_page_get_value (page, "penalties"), ==, "1");
  g_assert_null (lw_stats_page_get_value (page, "no-such-value"));

  /* Back goes to the list, then to the games. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "stats.back", NULL));
  g_assert_null (lw_stats_page_get_shown_player (page));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "stats.back", NULL));
  lw_test_drain ();
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "games");
  lw_games_page_wait (lw_window_get_games_page (fixture->window));
}

/* A game's score sheet and a blank one, exported to PDF. */
static void
test_print (Fixture       *fixture,
            gconstpointer  data)
{
  gint64 id = add_forfeit_game (fixture);
  g_autofree char *sheet_path = g_build_filename (fixture->dir, "sheet.pdf", NULL);
  g_autofree char *blank_path = g_build_filename (fixture->dir, "blank.pdf", NULL);
  g_autoptr (GtkPrintOperation) sheet = NULL;
  g_autoptr (GtkPrintOperation) blank = NULL;
  g_autoptr (GtkPrintOperation) long_sheet = NULL;
  g_autofree char *long_path = g_build_filename (fixture->dir, "long.pdf", NULL);
  g_autoptr (GtkPageSetup) a4 = gtk_page_setup_new ();
  g_autoptr (GtkPaperSize) paper = gtk_paper_size_new (GTK_PAPER_NAME_A4);
  g_autoptr (GError) error = NULL;
  LwGamePage *page;
  int n_pages;

  gtk_page_setup_set_paper_size_and_default_margins (a4, paper);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", id));
  lw_test_drain ();
  page = lw_window_get_game_page (fixture->window);

  /* A4: 11 rounds, the result and the chart on one page */
  sheet = lw_print_score_sheet_new (lw_game_page_get_record (page), lw_game_page_get_standings (page));
  gtk_print_operation_set_default_page_setup (sheet, a4);
  n_pages = lw_print_export_pdf (sheet, sheet_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (n_pages, ==, 1);
  g_assert_cmpuint (lw_test_count_pdf_pages (sheet_path), ==, 1);

  /* 51 rounds: the rounds go on over a second page, the chart on a third */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x",
                                             add_long_game (fixture)));
  lw_test_drain ();
  long_sheet = lw_print_score_sheet_new (lw_game_page_get_record (page), lw_game_page_get_standings (page));
  g_assert_cmpuint (lw_game_page_get_standings (page)->rounds->len, ==, 51);
  gtk_print_operation_set_default_page_setup (long_sheet, a4);
  n_pages = lw_print_export_pdf (long_sheet, long_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (n_pages, ==, 3);
  g_assert_cmpuint (lw_test_count_pdf_pages (long_path), ==, 3);

  blank = lw_print_blank_sheet_new (LW_PRINT_BLANK_SIDES);
  gtk_print_operation_set_default_page_setup (blank, a4);
  n_pages = lw_print_export_pdf (blank, blank_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (n_pages, ==, 1);
  g_assert_cmpuint (lw_test_count_pdf_pages (blank_path), ==, 1);

  if (g_getenv ("LW_KEEP_PDF") != NULL)
    {
      g_autofree char *keep = g_build_filename (g_getenv ("LW_KEEP_PDF"), "sheet.pdf", NULL);
      g_autofree char *keep_blank = g_build_filename (g_getenv ("LW_KEEP_PDF"), "blank.pdf", NULL);

      g_autofree char *keep_long = g_build_filename (g_getenv ("LW_KEEP_PDF"), "long.pdf", NULL);

      g_assert_no_errno (rename (long_path, keep_long));
      g_assert_no_errno (rename (sheet_path, keep));
      g_assert_no_errno (rename (blank_path, keep_blank));
    }
}

/* The window of the preferences, opened from the app's action. */
static LwPreferencesWindow *
open_preferences (Fixture *fixture)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "preferences", NULL);
  lw_test_drain ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (LW_IS_PREFERENCES_WINDOW (window))
        return LW_PREFERENCES_WINDOW (window);
    }
  g_assert_not_reached ();
}

static void
answer (LwPreferencesWindow *preferences,
        const char          *response)
{
  AdwMessageDialog *dialog = lw_preferences_window_get_dialog (preferences);

  g_assert_nonnull (dialog);
  lw_test_respond (dialog, response);
  if (lw_preferences_window_get_dialog (preferences) != NULL)
    gtk_window_destroy (GTK_WINDOW (lw_preferences_window_get_dialog (preferences)));
  lw_test_drain ();
}

/* The names of the saved sets of @ruleset, joined by "|". */
static char *
stored_sets (Fixture   *fixture,
             LwRuleset  ruleset)
{
  g_autoptr (GPtrArray) sets = lw_store_list_rule_sets (lw_test_app_writer (fixture), ruleset, NULL);
  g_autoptr (GString) names = g_string_new (NULL);

  for (guint i = 0; i < sets->len; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? "|" : "",
                            ((const LwRuleSet *) g_ptr_array_index (sets, i))->name);
  return g_string_free (g_steal_pointer (&names), FALSE);
}

/* Preferences → Rule Sets: the saved sets listed with what they hold,
 * renamed (a name another set has refused with a message, nothing
 * changed), deleted only once confirmed. */
static void
test_preferences_rule_sets (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRuleSet) club = lw_test_club_nights ();
  g_autoptr (LwRuleSet) court = lw_rule_set_new_standard (LW_RULESET_GARWOLF);
  g_autoptr (LwRuleSet) markup = lw_rule_set_new_standard (LW_RULESET_LITTLE_WOLF);
  LwPreferencesWindow *preferences;
  AdwMessageDialog *error_dialog;
  g_autofree char *after_rename = NULL;
  g_autofree char *after_cancel = NULL;
  g_autofree char *after_delete = NULL;
  g_autofree char *garwolf = NULL;

  court->name = g_strdup ("Court night");
  court->king_and_knave = TRUE;
  markup->name = g_strdup ("<b>Bold</b> & co");
  g_assert_cmpint (lw_store_create_rule_set (lw_test_app_writer (fixture), club, &error), >, 0);
  g_assert_cmpint (lw_store_create_rule_set (lw_test_app_writer (fixture), court, &error), >, 0);
  g_assert_cmpint (lw_store_create_rule_set (lw_test_app_writer (fixture), markup, &error), >, 0);
  g_assert_no_error (error);

  preferences = open_preferences (fixture);
  g_assert_cmpuint (lw_preferences_window_get_n_rule_sets (preferences), ==, 3);
  /* Little Wolf's by name, then Garwolf's; a name shown as written. */
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (lw_preferences_window_get_rule_set_row (preferences, 0))),
                   ==, "<b>Bold</b> & co");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (lw_preferences_window_get_rule_set_row (preferences, 1))),
                   ==, "Club nights");
  g_assert_cmpstr (adw_action_row_get_subtitle (lw_preferences_window_get_rule_set_row (preferences, 1)),
                   ==, "Little Wolf · start 1 · target 21 · skunk 11 · Little Wolf fills only inside a Run");
  g_assert_cmpstr (adw_action_row_get_subtitle (lw_preferences_window_get_rule_set_row (preferences, 2)),
                   ==, "Garwolf · start 0 · target 100 · King and Knave");

  /* Renamed. */
  lw_preferences_window_ask_rule_set (preferences, 1, FALSE);
  gtk_editable_set_text (g_object_get_data (G_OBJECT (lw_preferences_window_get_dialog (preferences)), "name"),
                         " Thursday nights ");
  answer (preferences, "rename");
  after_rename = stored_sets (fixture, LW_RULESET_LITTLE_WOLF);
  g_assert_cmpstr (after_rename, ==, "<b>Bold</b> & co|Thursday nights");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (lw_preferences_window_get_rule_set_row (preferences, 1))),
                   ==, "Thursday nights");

  /* The name of another set: refused, said, nothing changed. */
  lw_preferences_window_ask_rule_set (preferences, 1, FALSE);
  gtk_editable_set_text (g_object_get_data (G_OBJECT (lw_preferences_window_get_dialog (preferences)), "name"),
                         "<b>Bold</b> & co");
  answer (preferences, "rename");
  error_dialog = lw_test_find_item (gtk_window_get_toplevels (), ADW_TYPE_MESSAGE_DIALOG, NULL);
  g_assert_nonnull (error_dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (error_dialog), ==, "Could Not Rename the Rule Set");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (error_dialog), "exists already"));
  gtk_window_destroy (GTK_WINDOW (error_dialog));
  lw_test_drain ();
  g_free (after_rename);
  after_rename = stored_sets (fixture, LW_RULESET_LITTLE_WOLF);
  g_assert_cmpstr (after_rename, ==, "<b>Bold</b> & co|Thursday nights");

  /* Delete, cancelled: nothing deleted; confirmed: deleted. */
  lw_preferences_window_ask_rule_set (preferences, 1, TRUE);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (lw_preferences_window_get_dialog (preferences)),
                            "Thursday nights"));
  answer (preferences, "cancel");
  after_cancel = stored_sets (fixture, LW_RULESET_LITTLE_WOLF);
  g_assert_cmpstr (after_cancel, ==, "<b>Bold</b> & co|Thursday nights");
  lw_preferences_window_ask_rule_set (preferences, 1, TRUE);
  answer (preferences, "delete");
  after_delete = stored_sets (fixture, LW_RULESET_LITTLE_WOLF);
  g_assert_cmpstr (after_delete, ==, "<b>Bold</b> & co");
  garwolf = stored_sets (fixture, LW_RULESET_GARWOLF);
  g_assert_cmpstr (garwolf, ==, "Court night");
  g_assert_cmpuint (lw_preferences_window_get_n_rule_sets (preferences), ==, 2);
  gtk_window_destroy (GTK_WINDOW (preferences));
  lw_test_drain ();
}

/* The game's details show its rules (read only): the rule set and house
 * rules, or Standard rules, then start, target and skunk. */
static void
test_details_rules (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = lw_test_pair_record ("Ann", "Ben");
  g_autoptr (GError) error = NULL;
  LwGamePage *page;
  gint64 club, plain;

  record->rule_set = g_strdup ("Club nights");
  record->target = 21;
  record->over_trump = LW_OVER_TRUMP_WHOLE_TRICK;
  club = lw_store_add_game (lw_test_app_writer (fixture), record, &error);
  g_clear_pointer (&record->rule_set, g_free);
  record->target = 15;
  record->over_trump = LW_OVER_TRUMP_WINNING_PLAY;
  plain = lw_store_add_game (lw_test_app_writer (fixture), record, &error);
  g_assert_no_error (error);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", club));
  lw_test_drain ();
  page = lw_window_get_game_page (fixture->window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "game.details", NULL));
  lw_test_drain ();
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (lw_game_page_get_dialog_field (page, "rules"))), ==,
                   "Club nights — a trump over a plain lead beats every trump in the trick\n"
                   "Start 1 · target 21 · skunk 11");
  gtk_window_destroy (GTK_WINDOW (lw_game_page_get_dialog (page)));
  lw_test_drain ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", plain));
  lw_test_drain ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "game.details", NULL));
  lw_test_drain ();
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (lw_game_page_get_dialog_field (page, "rules"))), ==,
                   "Standard rules\nStart 1 · target 15 · skunk 11");
  gtk_window_destroy (GTK_WINDOW (lw_game_page_get_dialog (page)));
  lw_test_drain ();
}

/* The printed sheet names the rule set and the house rules that are not
 * the rulings below its title; a game of Standard rules has no such line. */
static void
test_print_rules (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = lw_test_pair_record ("Ann", "Ben");
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GtkPrintOperation) sheet = NULL;
  g_autoptr (GtkPrintOperation) plain = NULL;
  g_autofree char *details = NULL;
  g_autofree char *plain_details = NULL;

  record->rule_set = g_strdup ("Club nights");
  record->run_fill = LW_RUN_FILL_INSIDE_ONLY;
  standings = lw_standings_compute (record, NULL);
  sheet = lw_print_score_sheet_new (record, standings);
  details = lw_print_score_sheet_details (sheet);
  g_assert_nonnull (strstr (details, "\nRules: Club nights — Little Wolf fills only inside a Run\n"));
  g_assert_null (strstr (details, "plain lead"));

  g_clear_pointer (&record->rule_set, g_free);
  record->run_fill = LW_RUN_FILL_INSIDE_OR_END;
  plain = lw_print_score_sheet_new (record, standings);
  plain_details = lw_print_score_sheet_details (plain);
  g_assert_null (strstr (plain_details, "Rules:"));
}

/* New Game's Rules row follows Preferences → Rule Sets while it is open:
 * a set renamed there shows its new name, still chosen; a set deleted
 * there leaves the list, Standard rules chosen in its place. */
static void
test_new_game_rule_sets_follow (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRuleSet) club = lw_rule_set_new_standard (LW_RULESET_LITTLE_WOLF);
  LwPreferencesWindow *preferences;
  LwNewGamePage *form;
  g_autofree char *before = NULL;
  g_autofree char *renamed = NULL;
  g_autofree char *deleted = NULL;
  guint selected = 99;

  club->name = g_strdup ("Club nights");
  club->target = 21;
  g_assert_cmpint (lw_store_create_rule_set (lw_test_app_writer (fixture), club, &error), >, 0);
  g_assert_no_error (error);

  lw_test_activate (fixture->window, "win.new-game");
  form = lw_window_get_new_game_page (fixture->window);
  before = lw_new_game_page_get_rule_set_names (form, NULL);
  g_assert_cmpstr (before, ==, "Standard rules|Club nights");
  g_assert_true (lw_new_game_page_select_rule_set (form, "Club nights"));

  preferences = open_preferences (fixture);
  lw_preferences_window_ask_rule_set (preferences, 0, FALSE);
  gtk_editable_set_text (g_object_get_data (G_OBJECT (lw_preferences_window_get_dialog (preferences)), "name"),
                         "Thursday nights");
  answer (preferences, "rename");
  renamed = lw_new_game_page_get_rule_set_names (form, &selected);
  g_assert_cmpstr (renamed, ==, "Standard rules|Thursday nights");
  g_assert_cmpuint (selected, ==, 1);

  lw_preferences_window_ask_rule_set (preferences, 0, TRUE);
  answer (preferences, "delete");
  deleted = lw_new_game_page_get_rule_set_names (form, &selected);
  g_assert_cmpstr (deleted, ==, "Standard rules");
  g_assert_cmpuint (selected, ==, 0);
  gtk_window_destroy (GTK_WINDOW (preferences));
  lw_test_drain ();
}

/* Before its first round a game's rules can be changed in its details
 * (a saved set, stored with its name and options); once a round is
 * played the choice is gone and a note says why. */
static void
test_details_change_rules (Fixture       *fixture,
                           gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben" };
  g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 2, names);
  g_autoptr (LwRuleSet) club = lw_rule_set_new_standard (LW_RULESET_LITTLE_WOLF);
  g_autoptr (LwStoredGame) stored = NULL;
  g_autoptr (GError) error = NULL;
  LwStore *store = lw_window_get_store (fixture->window);
  LwGamePage *page;
  GtkWidget *drop_down, *note;
  gint64 id;

  club->name = g_strdup ("Club nights");
  club->target = 21;
  club->run_fill = LW_RUN_FILL_INSIDE_ONLY;
  g_assert_cmpint (lw_store_create_rule_set (store, club, &error), >, 0);
  id = lw_store_add_game (store, record, &error);
  g_assert_no_error (error);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", id));
  lw_test_drain ();
  page = lw_window_get_game_page (fixture->window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "game.details", NULL));
  lw_test_drain ();
  drop_down = lw_game_page_get_dialog_field (page, "rule-set");
  g_assert_nonnull (drop_down);
  g_assert_null (lw_game_page_get_dialog_field (page, "rules-note"));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (drop_down)), ==, 0);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (drop_down), 1);
  lw_test_respond (lw_game_page_get_dialog (page), "save");
  lw_test_drain ();
  stored = lw_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (stored->record->target, ==, 21);
  g_assert_cmpint (stored->record->run_fill, ==, LW_RUN_FILL_INSIDE_ONLY);
  g_assert_cmpstr (stored->record->rule_set, ==, "Club nights");
  g_assert_cmpint (lw_game_page_get_record (page)->target, ==, 21);

  /* A round played: the rules stay, said under them. */
  if (lw_game_page_get_dialog (page) != NULL)
    gtk_window_destroy (GTK_WINDOW (lw_game_page_get_dialog (page)));
  lw_test_drain ();
  {
    LwRound *round = lw_round_new ();

    round->declarer = 0;
    round->cards[0] = 20;
    round->cards[1] = 6;
    g_assert_true (lw_store_append_round (store, id, round, &error));
    g_assert_no_error (error);
    lw_round_free (round);
  }
  g_assert_true (lw_game_page_refresh (page, TRUE));
  lw_test_drain ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "game.details", NULL));
  lw_test_drain ();
  g_assert_null (lw_game_page_get_dialog_field (page, "rule-set"));
  note = lw_game_page_get_dialog_field (page, "rules-note");
  g_assert_nonnull (note);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (note)), "once a round is played"));
  gtk_window_destroy (GTK_WINDOW (lw_game_page_get_dialog (page)));
  lw_test_drain ();
}

/* A two-player record whose first round's cards are @ann and 26 - @ann:
 * each @ann makes a record of its own body (not a duplicate). */
static char *
record_text (int ann)
{
  return g_strdup_printf ("{ \"format\": \"little-wolf/game\", \"version\": 1, \"players\": [\"Ann\", \"Ben\"],"
                          " \"rounds\": [ { \"declarer\": 0, \"cards\": [%d, %d] } ] }", ann, 26 - ann);
}

/* Starts win.import-files on @paths and returns its window, once its
 * worker is done unless @cancel (then Cancel is pressed at once). */
static LwImportDialog *
import_files (Fixture            *fixture,
              const char *const  *paths,
              gboolean            cancel)
{
  LwImportDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.import-files", "^as", paths));
  dialog = lw_test_find_item (gtk_window_get_toplevels (), LW_TYPE_IMPORT_DIALOG, NULL);
  g_assert_nonnull (dialog);
  g_assert_true (lw_import_dialog_get_running (dialog));
  /* The window is not held up: the import runs on a worker. */
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (fixture->window)));
  if (cancel)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "import.cancel", NULL));
  while (lw_import_dialog_get_running (dialog))
    g_main_context_iteration (NULL, TRUE);
  lw_test_drain ();
  return dialog;
}

static guint
stored_games (Fixture *fixture)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = lw_store_list_games (lw_window_get_store (fixture->window), &error);

  g_assert_no_error (error);
  return games->len;
}

/* Import… of three files at once: one record, JSON Lines with a bad
 * record on its line 2, an array. The good ones are stored, the report
 * counts them and names the bad one by file and line; the games list
 * shows them. */
static void
test_import_many (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *one = g_build_filename (fixture->dir, "one.json", NULL);
  g_autofree char *lines = g_build_filename (fixture->dir, "lines.jsonl", NULL);
  g_autofree char *array = g_build_filename (fixture->dir, "array.json", NULL);
  g_autofree char *r1 = record_text (20), *r2 = record_text (19), *r3 = record_text (18);
  g_autofree char *r4 = record_text (17), *r5 = record_text (16);
  g_autofree char *lines_text = NULL, *array_text = NULL;
  const char *paths[] = { one, lines, array, NULL };
  g_autoptr (GError) error = NULL;
  LwImportDialog *dialog;
  GtkWidget *row;

  lines_text = g_strdup_printf ("%s\n%s\n%s\n", r2,
                                "{ \"format\": \"little-wolf/game\", \"version\": 1, \"players\": [\"Ann\", \"Ben\"],"
                                " \"rounds\": [ { \"declarer\": 0, \"cards\": [20, 5] } ] }", r3);
  array_text = g_strdup_printf ("[\n%s,\n%s\n]\n", r4, r5);
  g_file_set_contents (one, r1, -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (lines, lines_text, -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (array, array_text, -1, &error);
  g_assert_no_error (error);

  dialog = import_files (fixture, paths, FALSE);
  g_assert_cmpuint (lw_import_dialog_get_imported (dialog), ==, 5);
  g_assert_cmpuint (stored_games (fixture), ==, 5);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (lw_test_find (dialog, GTK_TYPE_LABEL, "import-report-heading"))),
                   ==, "Import Done");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (lw_test_find (dialog, GTK_TYPE_LABEL, "import-report-body"))),
                   ==, "5 games stored. 1 record refused:");
  row = lw_test_find (dialog, ADW_TYPE_ACTION_ROW, NULL);
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "lines.jsonl, line 2");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "cards sum to 25"));
  g_assert_cmpuint (lw_widget_count_children (lw_test_find (dialog, GTK_TYPE_LIST_BOX, "import-refusals")), ==, 1);
  /* The start page, shown, lists them at once (the worker wrote on a
   * connection of its own). */
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "games");
  lw_games_page_wait (lw_window_get_games_page (fixture->window));
  g_assert_cmpuint (lw_games_page_get_n_shown (lw_window_get_games_page (fixture->window)), ==, 5);
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();

  /* Again: every record is already stored, each refused by its place. */
  dialog = import_files (fixture, paths, FALSE);
  g_assert_cmpuint (lw_import_dialog_get_imported (dialog), ==, 0);
  g_assert_cmpuint (stored_games (fixture), ==, 5);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (lw_test_find (dialog, GTK_TYPE_LABEL, "import-report-body"))),
                   ==, "0 games stored. 6 records refused:");
  row = lw_test_find (dialog, ADW_TYPE_ACTION_ROW, NULL);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "one.json");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Already stored as game 1");
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();
}

/* Cancel: the import stops between two records; what it committed stays
 * (each record whole) and the report says so. */
static void
test_import_cancel (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *lines = g_build_filename (fixture->dir, "many.jsonl", NULL);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  const char *paths[] = { lines, NULL };
  LwImportDialog *dialog;
  const char *body;

  for (int i = 0; i < 2000; i++)
    {
      g_string_append_printf (text, "{ \"format\": \"little-wolf/game\", \"version\": 1,"
                              " \"players\": [\"Ann %d\", \"Ben\"],"
                              " \"rounds\": [ { \"declarer\": 0, \"cards\": [20, 6] } ] }\n", i);
    }
  g_file_set_contents (lines, text->str, (gssize) text->len, &error);
  g_assert_no_error (error);

  dialog = import_files (fixture, paths, TRUE);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (lw_test_find (dialog, GTK_TYPE_LABEL, "import-report-heading"))),
                   ==, "Import Cancelled");
  body = gtk_label_get_text (GTK_LABEL (lw_test_find (dialog, GTK_TYPE_LABEL, "import-report-body")));
  g_assert_nonnull (strstr (body, "stay stored; nothing after them was read"));
  g_assert_cmpuint (lw_import_dialog_get_imported (dialog), <, 2000);
  g_assert_cmpuint (stored_games (fixture), ==, lw_import_dialog_get_imported (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();
}

static const LwTestAppCase cases[] = {
  { "/ui-data/board-lines", test_board_lines },
  { "/ui-data/print-rules", test_print_rules },
  { "/ui-data/details-rules", test_details_rules },
  { "/ui-data/preferences-rule-sets", test_preferences_rule_sets },
  { "/ui-data/board-owed-deal", test_board_owed_deal },
  { "/ui-data/chart", test_chart },
  { "/ui-data/preferences", test_preferences },
  { "/ui-data/games-list-refresh", test_games_list_refresh },
  { "/ui-data/drop-import", test_drop_import },
  { "/ui-data/import-many", test_import_many },
  { "/ui-data/import-cancel", test_import_cancel },
  { "/ui-data/export-csv", test_export_csv },
  { "/ui-data/backup-restore", test_backup_restore },
  { "/ui-data/games-list", test_games_list },
  { "/ui-data/stats-page", test_stats_page },
  { "/ui-data/print", test_print },
  { "/ui-data/king-and-knave", test_king_and_knave },
  { "/ui-data/new-game-rule-sets-follow", test_new_game_rule_sets_follow },
  { "/ui-data/details-change-rules", test_details_change_rules },
};

int
main (int   argc,
      char *argv[])
{
  return lw_test_app_main (argc, argv, cases, G_N_ELEMENTS (cases));
}
