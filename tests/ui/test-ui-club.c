/* test-ui-club.c — the app's automatic sync with a club server
 * (docs/CLUB-SERVER.md "In the app") against the throwaway PostgreSQL of
 * build-aux/pg-test-cluster (skipped without one): joining from
 * Preferences → Club, a game stored in the app reaching the server, a
 * game of another laptop's appearing in the Games list, the server gone
 * and back; a refused correction of another laptop's game sent as a
 * suggestion, listed on its owner's Club page, declined and accepted; a
 * game entered on two laptops listed on the Club page of the one that
 * shared it second, and kept there as a game of its own; the club admin's
 * window: a roster entry renamed (and a name refused in words), a merge
 * request declined and one accepted, a merge made there and one of two
 * who sat at one table refused, the laptops listed with their last sync,
 * one revoked and one given a new password; the Club page's suggestions
 * a page at a time (Newer, More)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-club-admin-window-private.h"
#include "lw-club-fixture.h"
#include "lw-club-auto-private.h"
#include "lw-club-page.h"
#include "lw-club-page-private.h"
#include "lw-game-page-private.h"
#include "lw-games-page.h"
#include "lw-games-page-private.h"
#include "lw-preferences-window.h"
#include "lw-round-editor-private.h"
#include "lw-round-form-private.h"
#include "lw-seat-row-private.h"
#include "lw-test-app.h"
#include "lw-test-util.h"
#include "lw-window-private.h"
#include "lw-words.h"

/* How long a sync may take to come, at the most (a loaded machine). */
#define WAIT_US (60 * G_USEC_PER_SEC)

/* Runs the main context until @done (@data) holds, or WAIT_US passed;
 * asserts it holds. */
static void
wait_for (gboolean     (*done) (gpointer data),
          gpointer       data,
          const char    *what)
{
  gint64 end = g_get_monotonic_time () + WAIT_US;

  while (!done (data) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  if (!done (data))
    g_error ("waited %d s for %s", (int) (WAIT_US / G_USEC_PER_SEC), what);
}

/* The Club page's row of suggestion @id (its number on the server),
 * found by its name, or NULL when not shown. */
static GtkWidget *
suggestion_row (GtkWidget *page,
                gint64     id)
{
  g_autofree char *name = g_strdup_printf ("suggestion-%" G_GINT64_FORMAT, id);

  return lw_test_find (page, ADW_TYPE_ACTION_ROW, name);
}

/* The Club page's row of the game @game (its local ID) waiting in a
 * conflict, found by its name, or NULL when not shown. */
static GtkWidget *
conflict_row (GtkWidget *page,
              gint64     game)
{
  g_autofree char *name = g_strdup_printf ("conflict-%" G_GINT64_FORMAT, game);

  return lw_test_find (page, ADW_TYPE_ACTION_ROW, name);
}

static GtkWindow *
open_preferences (LwTestApp *fixture)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "preferences", NULL);
  lw_test_drain ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (LW_IS_PREFERENCES_WINDOW (window))
        return window;
    }
  g_assert_not_reached ();
}

typedef struct {
  LwTestApp    *fixture;
  LwClubServer *server;
  guint         games;
  guint         syncs;
} Waiting;

static gboolean
server_has_games (gpointer data)
{
  Waiting *waiting = data;
  g_autoptr (GHashTable) games = lw_club_server_games (waiting->server);

  return g_hash_table_size (games) == waiting->games;
}

static gboolean
list_has_games (gpointer data)
{
  Waiting *waiting = data;
  LwGamesPage *page = lw_window_get_games_page (waiting->fixture->window);

  return !lw_games_page_get_loading (page)
         && lw_games_page_get_n_games (page, FALSE) + lw_games_page_get_n_games (page, TRUE) == waiting->games;
}

static gboolean
synced_since (gpointer data)
{
  Waiting *waiting = data;
  LwClubAuto *auto_sync = lw_window_get_club_auto (waiting->fixture->window);

  return lw_club_auto_get_count (auto_sync) > waiting->syncs && !lw_club_auto_is_syncing (auto_sync);
}

/* Joined from Preferences → Club (the password field emptied, the
 * password in the password file, never in the database); a game stored
 * in the app is on the server within a bounded time, with no Sync Now;
 * a game another laptop pushed appears in the Games list; with the server
 * unreachable the page says why and offers Retry, and the sync catches
 * up once it is back. */
static void
test_auto_sync (LwTestApp     *fixture,
                gconstpointer  data)
{
  g_autoptr (LwClubServer) server = lw_club_server_new ();
  g_autoptr (LwClubLaptop) other = lw_club_laptop_new (server, fixture->dir, "other");
  g_autoptr (GRand) rng = g_rand_new_with_seed (4);
  g_autoptr (GError) error = NULL;
  g_autofree char *origin = NULL;
  g_autofree char *role = NULL;
  g_autofree char *conninfo = NULL;
  g_autofree char *passfile = NULL;
  g_autofree char *bad = NULL;
  LwClubAuto *auto_sync = lw_window_get_club_auto (fixture->window);
  Waiting waiting = { fixture, server, 0, 0 };
  const char *password = "app laptop's secret";
  GtkWindow *preferences;
  GtkWidget *row, *button;
  gint64 id;

  g_assert_nonnull (auto_sync);
  lw_club_auto_set_delays (auto_sync, 200, 2);
  g_assert_true (lw_club_add_origin (server->owner, "app", password, &origin, &role, &error));
  g_assert_no_error (error);
  conninfo = g_strdup_printf ("host=%s port=%s dbname=%s user=%s", g_getenv ("LW_TEST_PGHOST"),
                              g_getenv ("LW_TEST_PGPORT"), server->dbname, role);

  preferences = open_preferences (fixture);
  row = lw_test_find (GTK_WIDGET (preferences), ADW_TYPE_ACTION_ROW, "Sync");
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "no club laptop"));
  gtk_editable_set_text (GTK_EDITABLE (lw_test_find (GTK_WIDGET (preferences), ADW_TYPE_ENTRY_ROW,
                                                    "Server (host=… dbname=… user=…)")), conninfo);
  gtk_editable_set_text (GTK_EDITABLE (lw_test_find (GTK_WIDGET (preferences), ADW_TYPE_ENTRY_ROW,
                                                    "This Laptop's ID")), origin);
  gtk_editable_set_text (GTK_EDITABLE (lw_test_find (GTK_WIDGET (preferences), ADW_TYPE_ENTRY_ROW,
                                                    "Password")), password);
  button = lw_test_find (GTK_WIDGET (preferences), GTK_TYPE_BUTTON, "_Join");
  g_assert_nonnull (button);
  waiting.syncs = lw_club_auto_get_count (auto_sync);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (lw_test_find (GTK_WIDGET (preferences), ADW_TYPE_ENTRY_ROW,
                                                                     "Password"))), ==, "");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (lw_test_find (GTK_WIDGET (preferences), ADW_TYPE_ACTION_ROW,
                                                                           "Join"))),
                   ==, "Joined; the password is in a file only you can read");
  wait_for (synced_since, &waiting, "the first sync after Join");
  g_assert_null (lw_club_auto_get_error (auto_sync));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "Last sync: "));
  passfile = lw_club_password_file ();
  g_assert_true (g_file_test (passfile, G_FILE_TEST_EXISTS));
  {
    g_autoptr (LwClubState) state = lw_store_club_get_state (lw_window_get_store (fixture->window),
                                                            FALSE, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (state->conninfo, ==, conninfo);
    g_assert_cmpstr (state->origin, ==, origin);
  }
  {
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (fixture->db_path, &text, NULL, NULL));
    g_assert_null (g_strstr_len (text, -1, "secret"));
  }

  /* A game played in the app: on the server without Sync Now. */
  id = lw_test_start_two_player_game (fixture);
  g_assert_cmpint (id, >, 0);
  waiting.games = 1;
  wait_for (server_has_games, &waiting, "the app's game on the server");

  /* Another laptop's game: in the Games list (the interval's pull). */
  lw_club_add_random_game (other->store, rng);
  lw_club_laptop_sync (other);
  lw_test_activate (fixture->window, "win.show-games");
  waiting.games = 2;
  wait_for (list_has_games, &waiting, "the other laptop's game in the Games list");
  g_assert_cmpint (lw_test_sql_int_at (fixture->db_path, "SELECT count (*) FROM club_games"), ==, 1);

  /* Offline: the server unreachable; the page says why and offers Retry;
   * the game stored meanwhile waits, and goes once the server is back. */
  bad = g_strdup_printf ("host=%s port=1 dbname=%s user=%s", g_getenv ("LW_TEST_PGHOST"),
                         server->dbname, role);
  g_assert_true (lw_store_club_join (lw_window_get_store (fixture->window), bad, origin, &error));
  g_assert_no_error (error);
  waiting.syncs = lw_club_auto_get_count (auto_sync);
  lw_club_auto_sync_now (auto_sync);
  wait_for (synced_since, &waiting, "a sync with the server gone");
  g_assert_nonnull (lw_club_auto_get_error (auto_sync));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "\nThe last sync failed: club server "));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ": cannot connect: "));
  button = lw_test_find (GTK_WIDGET (preferences), GTK_TYPE_BUTTON, "_Retry");
  g_assert_nonnull (button);
  {
    const char *pair[] = { "Cleo", "Dan" };

    lw_test_add_won_game (lw_window_get_store (fixture->window), 2, pair, 0);
  }
  g_assert_true (lw_store_club_join (lw_window_get_store (fixture->window), conninfo, origin, &error));
  g_assert_no_error (error);
  waiting.syncs = lw_club_auto_get_count (auto_sync);
  g_signal_emit_by_name (button, "clicked");
  wait_for (synced_since, &waiting, "Retry");
  g_assert_null (lw_club_auto_get_error (auto_sync));
  waiting.games = 3;
  wait_for (server_has_games, &waiting, "the game stored offline on the server");
  g_assert_nonnull (lw_test_find (GTK_WIDGET (preferences), GTK_TYPE_BUTTON, "Sync _Now"));
  gtk_window_destroy (preferences);
  lw_test_drain ();
}

/* The app's database joins @server as a new laptop @name (its password
 * in the password file), and syncs once. */
static void
join_app (LwTestApp    *fixture,
          LwClubServer *server,
          const char   *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *origin = NULL;
  g_autofree char *role = NULL;
  g_autofree char *conninfo = NULL;
  g_autofree char *password = g_strdup_printf ("laptop %s's secret", name);
  LwClubAuto *auto_sync = lw_window_get_club_auto (fixture->window);
  Waiting waiting = { fixture, server, 0, lw_club_auto_get_count (auto_sync) };

  lw_club_auto_set_delays (auto_sync, 200, 3600);
  g_assert_true (lw_club_add_origin (server->owner, name, password, &origin, &role, &error));
  g_assert_no_error (error);
  conninfo = g_strdup_printf ("host=%s port=%s dbname=%s user=%s", g_getenv ("LW_TEST_PGHOST"),
                              g_getenv ("LW_TEST_PGPORT"), server->dbname, role);
  g_assert_true (lw_club_join (lw_window_get_store (fixture->window), conninfo, origin, password, NULL, &error));
  g_assert_no_error (error);
  lw_club_auto_sync_now (auto_sync);
  wait_for (synced_since, &waiting, "the app's first sync");
  g_assert_null (lw_club_auto_get_error (auto_sync));
}

/* The Club page in @widget and below (depth first), or NULL. */
static GtkWidget *
find_club_page (GtkWidget *widget)
{
  if (g_object_get_data (G_OBJECT (widget), "lw-club") != NULL)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_club_page (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Seats 0 and 1 of @form won @cards0 and @cards1 cards. */
static void
set_cards (LwRoundForm *form,
           int          cards0,
           int          cards1)
{
  gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS), cards0);
  gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 1), LW_SEAT_COUNT_CARDS), cards1);
  lw_test_drain ();
}

typedef struct {
  GtkWidget     *page;
  LwRoundEditor *editor;   /* a weak pointer */
  guint          incoming;
} Suggesting;

static gboolean
editor_gone (gpointer data)
{
  return ((Suggesting *) data)->editor == NULL;
}

static gboolean
page_lists (gpointer data)
{
  Suggesting *suggesting = data;

  return !lw_club_page_is_busy (suggesting->page)
         && lw_club_page_get_n_suggestions (suggesting->page, TRUE) == suggesting->incoming;
}

/* On laptop B, the round editor of A's game: @number corrected (seat 0
 * makes the Pack with 22 cards to 4 instead of 20 to 6) or deleted
 * (@delete), refused by the store, then sent from the offer that follows;
 * the editor closes once the server holds it. */
static void
suggest_from_b (LwTestApp    *fixture,
                LwClubLaptop *b,
                guint         number,
                gboolean      delete)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) held = NULL;
  Suggesting suggesting = { 0 };
  AdwMessageDialog *offer;
  LwRoundForm *form;

  held = lw_store_load_game (b->store, lw_test_sql_int_at (b->path, "SELECT id FROM games"), &error);
  g_assert_no_error (error);
  suggesting.editor = lw_round_editor_new (GTK_WINDOW (fixture->window), b->store, held, number);
  g_object_add_weak_pointer (G_OBJECT (suggesting.editor), (gpointer *) &suggesting.editor);
  lw_test_drain ();
  form = lw_round_editor_get_form (suggesting.editor);
  if (delete)
    lw_test_activate (suggesting.editor, "editor.delete");
  else
    {
      set_cards (form, 22, 4);
      lw_test_activate (suggesting.editor, "editor.save");
    }
  lw_test_respond (lw_round_editor_get_confirm_dialog (suggesting.editor), "apply");
  /* Refused: B holds A's game read-only; the offer names its owner. */
  g_assert_nonnull (suggesting.editor);
  offer = lw_round_editor_get_confirm_dialog (suggesting.editor);
  g_assert_nonnull (strstr (lw_round_form_get_error_text (form), "belongs to club laptop “a”"));
  g_assert_nonnull (offer);
  g_assert_cmpstr (adw_message_dialog_get_heading (offer), ==, "This Game Belongs to Another Laptop");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (offer), "belongs to club laptop “a”: it is read-only here"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (offer), "can go to “a” as a suggestion"));
  g_assert_cmpstr (adw_message_dialog_get_response_label (offer, "suggest"), ==, "_Send as Suggestion");
  lw_test_respond (offer, "suggest");
  /* While it is on its way the editor stays, to tell how it went. */
  if (suggesting.editor != NULL && lw_round_editor_is_sending (suggesting.editor))
    {
      gtk_window_close (GTK_WINDOW (suggesting.editor));
      g_assert_nonnull (suggesting.editor);
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (suggesting.editor)));
      g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (lw_round_editor_get_form (suggesting.editor))));
      g_test_message ("the editor stayed, closed while the suggestion was on its way");
    }
  wait_for (editor_gone, &suggesting, "the suggestion sent");
}

/* Laptop B corrects laptop A's game (the app's): refused, and sent as a
 * suggestion from the refusal (the server holds it, with its round and
 * correction); a deletion likewise. A's Club page lists both with what
 * they change; Decline leaves the game as it was; Accept makes the
 * correction in A's game (round 1's facts, a new version), which the
 * game page open on it shows, and the sync sends it to B. */
static void
test_suggestions (LwTestApp     *fixture,
                  gconstpointer  data)
{
  g_autoptr (LwClubServer) server = lw_club_server_new ();
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (server, fixture->dir, "b");
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwRound) suggested = NULL;
  g_autofree char *held = NULL;
  g_autofree char *round_json = NULL;
  g_autofree char *expected = NULL;
  LwStore *store = lw_window_get_store (fixture->window);
  LwClubAuto *auto_sync = lw_window_get_club_auto (fixture->window);
  LwGamePage *game_page = lw_window_get_game_page (fixture->window);
  Waiting waiting = { fixture, server, 0, 0 };
  Suggesting suggesting = { 0 };
  const char *pair[] = { "Ann", "Ben" };
  GtkWindow *preferences;
  GtkWidget *row, *button;
  const LwRound *first;
  gint64 id, version = 0, now = 0;
  guint rounds;

  join_app (fixture, server, "a");
  id = lw_test_add_won_game (store, 2, pair, 0);
  game = lw_store_load_game (store, id, &error);
  g_assert_no_error (error);
  rounds = game->record->rounds->len;
  g_assert_cmpuint (rounds, >=, 2);
  g_assert_true (lw_store_get_game_version (store, id, &version, &error));
  waiting.games = 1;
  waiting.syncs = lw_club_auto_get_count (auto_sync);
  lw_club_auto_sync_now (auto_sync);
  wait_for (synced_since, &waiting, "A's first sync");
  wait_for (server_has_games, &waiting, "A's game on the server");
  lw_club_laptop_sync (b);

  /* B: round 1 corrected, then the last round deleted; each refused and
   * sent as a suggestion. */
  suggest_from_b (fixture, b, 1, FALSE);
  held = lw_club_server_text (server, "SELECT string_agg (id || ' ' || kind || ' ' || number || ' ' || state"
                                      " || ' ' || version, ',' ORDER BY id) FROM littlewolf.suggestions");
  expected = g_strdup_printf ("1 replace 1 open %" G_GINT64_FORMAT, version);
  g_assert_cmpstr (held, ==, expected);
  round_json = lw_club_server_text (server, "SELECT round FROM littlewolf.suggestions WHERE id = 1");
  suggested = lw_round_from_json (game->record, round_json, -1, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (suggested->declarer, ==, 0);
  g_assert_cmpint (suggested->cards[0], ==, 22);
  g_assert_cmpint (suggested->cards[1], ==, 4);
  suggest_from_b (fixture, b, rounds, TRUE);
  g_free (held);
  held = lw_club_server_text (server, "SELECT kind || ' ' || number || ' ' || state || ' ' || (round IS NULL)"
                                      " FROM littlewolf.suggestions WHERE id = 2");
  g_free (expected);
  expected = g_strdup_printf ("delete %u open true", rounds);
  g_assert_cmpstr (held, ==, expected);
  /* A third, round 2 deleted, made at the same version as the others. */
  suggest_from_b (fixture, b, 2, TRUE);
  /* Nothing changed on B: its copy is A's. */
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM rounds"), ==, rounds);
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT cards FROM round_seats AS s JOIN rounds AS r ON r.id = s.round"
                                                " WHERE r.number = 1 AND s.seat = 0"), ==, 20);

  /* A: the game open, and the Club page listing both. */
  g_assert_true (lw_window_open_game (fixture->window, id, &error));
  g_assert_no_error (error);
  lw_test_drain ();
  preferences = open_preferences (fixture);
  suggesting.page = find_club_page (GTK_WIDGET (preferences));
  g_assert_nonnull (suggesting.page);
  suggesting.incoming = 3;
  wait_for (page_lists, &suggesting, "the three suggestions on A's Club page");
  g_assert_cmpuint (lw_club_page_get_n_suggestions (suggesting.page, FALSE), ==, 0);
  row = suggestion_row (suggesting.page, 1);
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Ann vs Ben · Round 1 changed");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "From “b” · "));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "\nNow: "));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "\nBefore: Ann declared"));
  row = suggestion_row (suggesting.page, 2);
  g_free (expected);
  expected = g_strdup_printf ("Ann vs Ben · Round %u deleted", rounds);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, expected);

  /* Decline the deletion: the game stays as it was. */
  button = lw_test_find (row, GTK_TYPE_BUTTON, "_Decline");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  suggesting.incoming = 2;
  wait_for (page_lists, &suggesting, "the declined suggestion gone from the list");
  g_assert_null (suggestion_row (suggesting.page, 2));
  g_assert_true (lw_store_get_game_version (store, id, &now, &error));
  g_assert_cmpint (now, ==, version);
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, rounds);
  g_free (held);
  held = lw_club_server_text (server, "SELECT state FROM littlewolf.suggestions WHERE id = 2");
  g_assert_cmpstr (held, ==, "declined");

  /* Accept the correction: A's own, in the game and on its page. */
  button = lw_test_find (suggestion_row (suggesting.page, 1), GTK_TYPE_BUTTON, "_Accept");
  g_assert_nonnull (button);
  waiting.syncs = lw_club_auto_get_count (auto_sync);
  g_signal_emit_by_name (button, "clicked");
  suggesting.incoming = 1;
  wait_for (page_lists, &suggesting, "the accepted suggestion gone from the list");
  g_clear_pointer (&game, lw_stored_game_free);
  game = lw_store_load_game (store, id, &error);
  g_assert_no_error (error);
  first = g_ptr_array_index (game->record->rounds, 0);
  g_assert_cmpint (first->declarer, ==, 0);
  g_assert_cmpint (first->cards[0], ==, 22);
  g_assert_cmpint (first->cards[1], ==, 4);
  g_assert_true (lw_store_get_game_version (store, id, &now, &error));
  g_assert_cmpint (now, >, version);
  g_assert_cmpint (lw_game_page_get_game_id (game_page), ==, id);
  g_assert_cmpint (((const LwRound *) g_ptr_array_index (lw_game_page_get_record (game_page)->rounds, 0))->cards[0],
                   ==, 22);
  g_free (held);
  held = lw_club_server_text (server, "SELECT state FROM littlewolf.suggestions WHERE id = 1");
  g_assert_cmpstr (held, ==, "accepted");

  /* The third was made at the version before: refused in words, on its
   * row, the game as it was; then declined. */
  g_assert_true (lw_store_get_game_version (store, id, &version, &error));
  button = lw_test_find (suggestion_row (suggesting.page, 3), GTK_TYPE_BUTTON, "_Accept");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  lw_test_drain ();
  wait_for (page_lists, &suggesting, "the stale suggestion refused");
  row = suggestion_row (suggesting.page, 3);
  g_assert_nonnull (row);
  g_free (expected);
  expected = g_strdup_printf ("\nGame %" G_GINT64_FORMAT " changed since suggestion 3 was made (version %"
                              G_GINT64_FORMAT ", now %" G_GINT64_FORMAT "): decline it", id, version - 1, version);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), expected));
  g_assert_true (lw_store_get_game_version (store, id, &now, &error));
  g_assert_cmpint (now, ==, version);
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, rounds);
  g_signal_emit_by_name (lw_test_find (row, GTK_TYPE_BUTTON, "_Decline"), "clicked");
  suggesting.incoming = 0;
  wait_for (page_lists, &suggesting, "the stale suggestion declined");
  g_free (held);
  held = lw_club_server_text (server, "SELECT string_agg (id || state, ',' ORDER BY id) FROM littlewolf.suggestions");
  g_assert_cmpstr (held, ==, "1accepted,2declined,3declined");

  /* The sync after the Accept sends the correction: B holds it. */
  wait_for (synced_since, &waiting, "the sync after Accept");
  lw_club_laptop_sync (b);
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT cards FROM round_seats AS s JOIN rounds AS r ON r.id = s.round"
                                                 " WHERE r.number = 1 AND s.seat = 0"), ==, 22);
  gtk_window_destroy (preferences);
  lw_test_drain ();
}

static gboolean
server_has_suggestion (gpointer data)
{
  g_autofree char *count = lw_club_server_text (data, "SELECT count (*) FROM littlewolf.suggestions");

  return g_strcmp0 (count, "1") == 0;
}

/* A round added on laptop B (the app) to A's game in play is refused and
 * sent as a suggestion from the offer that follows: a round inserted
 * after the last; nothing stored on B; A accepting it has the round. */
static void
test_suggest_round (LwTestApp     *fixture,
                    gconstpointer  data)
{
  g_autoptr (LwClubServer) server = lw_club_server_new ();
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (server, fixture->dir, "a");
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autofree char *held = NULL;
  LwGamePage *page = lw_window_get_game_page (fixture->window);
  LwRoundForm *form = lw_game_page_get_round_form (page);
  const char *pair[] = { "Ann", "Ben" };
  AdwMessageDialog *offer;
  const LwRound *round;
  gint64 own = lw_test_add_game (a->store, LW_RULESET_LITTLE_WOLF, 2, pair, 0);
  gint64 id;

  lw_club_laptop_sync (a);
  join_app (fixture, server, "b");
  id = lw_test_sql_int_at (fixture->db_path, "SELECT id FROM games");
  g_assert_true (lw_window_open_game (fixture->window, id, &error));
  g_assert_no_error (error);
  lw_test_drain ();
  lw_round_form_set_declarer (form, 0);
  set_cards (form, 20, 6);
  lw_test_activate (page, "game.submit-round");
  offer = lw_game_page_get_dialog (page);
  g_assert_nonnull (offer);
  g_assert_cmpstr (adw_message_dialog_get_heading (offer), ==, "This Game Belongs to Another Laptop");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (offer), "can go to “a” as a suggestion"));
  lw_test_respond (offer, "suggest");
  wait_for (server_has_suggestion, server, "the round sent as a suggestion");
  held = lw_club_server_text (server, "SELECT kind || ' ' || number || ' ' || state || ' '"
                                      " || (round::json ->> 'declarer') || ' ' || (round::json -> 'cards')"
                                      " FROM littlewolf.suggestions");
  g_assert_cmpstr (held, ==, "insert 1 open 0 [20,6]");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 0);

  g_assert_true (lw_club_decide_suggestion (a->store, 1, TRUE, &error));
  g_assert_no_error (error);
  game = lw_store_load_game (a->store, own, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->record->rounds->len, ==, 1);
  round = g_ptr_array_index (game->record->rounds, 0);
  g_assert_cmpint (round->declarer, ==, 0);
  g_assert_cmpint (round->cards[0], ==, 20);
}

typedef struct {
  GtkWidget *page;
  guint      conflicts;
} Conflicting;

static gboolean
page_lists_conflicts (gpointer data)
{
  Conflicting *conflicting = data;

  return !lw_club_page_is_busy (conflicting->page)
         && lw_club_page_get_n_conflicts (conflicting->page) == conflicting->conflicts;
}

/* The same record stored on laptop B and in the app (A), B sharing it
 * first: A's Club page lists A's copy under "Same Game on Two Laptops"
 * in words; Keep Mine makes it a game of its own (a new id, shared with
 * the next sync) with B's held beside it, and the group goes. */
static void
test_conflict (LwTestApp     *fixture,
               gconstpointer  data)
{
  g_autoptr (LwClubServer) server = lw_club_server_new ();
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (server, fixture->dir, "b");
  g_autoptr (GRand) rng = g_rand_new_with_seed (3);
  g_autoptr (LwGameRecord) record = lw_club_random_record (rng);
  g_autoptr (GError) error = NULL;
  g_autofree char *title = NULL;
  g_autofree char *uuid = NULL;
  LwStore *store = lw_window_get_store (fixture->window);
  LwClubAuto *auto_sync = lw_window_get_club_auto (fixture->window);
  Waiting waiting = { fixture, server, 0, 0 };
  Conflicting conflicting = { 0 };
  GtkWindow *preferences;
  GtkWidget *row, *button;
  gint64 same = 0, mine;

  g_free (record->id);
  record->id = g_strdup ("0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70");
  g_assert_cmpint (lw_store_import_game (b->store, record, FALSE, &same, &error), >, 0);
  g_assert_no_error (error);
  lw_club_laptop_sync (b);
  mine = lw_store_import_game (store, record, FALSE, &same, &error);
  g_assert_no_error (error);
  g_assert_cmpint (mine, ==, 1);
  join_app (fixture, server, "a");
  title = lw_sides_title (record);

  preferences = open_preferences (fixture);
  conflicting.page = find_club_page (GTK_WIDGET (preferences));
  conflicting.conflicts = 1;
  wait_for (page_lists_conflicts, &conflicting, "A's copy on its Club page");
  row = conflict_row (conflicting.page, mine);
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP)));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, title);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                            "“b” shared the same game first, so this copy is not shared"));
  g_assert_nonnull (lw_test_find (row, GTK_TYPE_BUTTON, "_Use Theirs"));
  button = lw_test_find (row, GTK_TYPE_BUTTON, "_Keep Mine");
  g_assert_nonnull (button);

  waiting.syncs = lw_club_auto_get_count (auto_sync);
  waiting.games = 2;
  g_signal_emit_by_name (button, "clicked");
  conflicting.conflicts = 0;
  wait_for (page_lists_conflicts, &conflicting, "the conflict gone from A's Club page");
  {
    sqlite3 *sql = lw_test_sql_open (fixture->db_path);

    uuid = lw_test_sql_text (sql, "SELECT uuid FROM games WHERE id = 1");
    g_assert_cmpint (lw_test_sql_int (sql, "SELECT count (*) FROM games"), ==, 2);
    g_assert_cmpint (lw_test_sql_int (sql, "SELECT count (*) FROM club_games"
                                           " WHERE uuid = '0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70'"), ==, 1);
    sqlite3_close (sql);
  }
  g_assert_cmpstr (uuid, !=, "0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70");
  /* Kept as A's own, it reaches the server with the sync Keep Mine asked for. */
  wait_for (server_has_games, &waiting, "A's copy on the server as a game of its own");
  gtk_window_destroy (preferences);
  lw_test_drain ();
}

/* The admin's window open from the Club page, or NULL. */
static LwClubAdminWindow *
find_admin_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (LW_IS_CLUB_ADMIN_WINDOW (window))
        return LW_CLUB_ADMIN_WINDOW (window);
    }
  return NULL;
}

static gboolean
admin_idle (gpointer data)
{
  return !lw_club_admin_window_is_busy (data) && lw_club_admin_window_get_n_players (data) > 0;
}

/* A club admin's login (its password in the password file). */
static char *
new_admin (LwClubServer *server)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *role = NULL;
  g_autofree char *owner = g_strdup (server->owner);
  static guint count;
  /* Roles are the cluster's: one name per admin of the program. */
  g_autofree char *name = g_strdup_printf ("ui_%d_%u", (int) getpid (), count++);
  char *user = strstr (owner, "user=");
  char *conninfo;

  g_assert_true (lw_club_add_admin (server->owner, name, "the admin's secret", &role, &error));
  g_assert_no_error (error);
  g_assert_nonnull (user);
  *user = '\0';
  conninfo = g_strdup_printf ("%suser=%s", owner, role);
  g_assert_true (lw_club_save_password (conninfo, "the admin's secret", NULL, &error));
  g_assert_no_error (error);
  return conninfo;
}

/* Laptop B's players on the roster and one merge request of B's; the
 * app's Club page opens the admin's window, which lists both with the
 * admin's login: a rename reaches the server, an empty name is refused in
 * the names rule's words and changes nothing, and Decline declines the
 * request. */
static void
test_admin (LwTestApp     *fixture,
            gconstpointer  data)
{
  g_autoptr (LwClubServer) server = lw_club_server_new ();
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (server, fixture->dir, "b");
  g_autoptr (GRand) rng = g_rand_new_with_seed (9);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = lw_club_random_record (rng);
  g_autoptr (LwPlayerMerge) merge = NULL;
  g_autofree char *conninfo = new_admin (server);
  g_autofree char *uuid = NULL;
  g_autofree char *sql = NULL;
  g_autofree char *held = NULL;
  g_autofree char *expected = NULL;
  LwClubAdminWindow *admin;
  AdwMessageDialog *dialog;
  GtkWindow *preferences;
  GtkWidget *page, *open, *row, *button;
  gboolean requested = FALSE;
  gint64 same = 0;

  /* B: a game of four players, and two of them merged there (a request). */
  g_autoptr (LwGameRecord) other = lw_club_random_record (rng);
  const char *into = NULL;

  g_assert_cmpint (lw_store_import_game (b->store, record, TRUE, &same, &error), >, 0);
  g_assert_no_error (error);
  /* A second game whose first player plays in no other game: the one B
   * merges into a player of the first game, who is not in the second. */
  g_free (other->players[0]);
  other->players[0] = g_strdup ("Quentin Solo");
  for (guint i = 0; i < record->n_players && into == NULL; i++)
    {
      gboolean in_other = FALSE;

      for (guint j = 0; j < other->n_players; j++)
        in_other = in_other || g_str_equal (record->players[i], other->players[j]);
      if (!in_other)
        into = record->players[i];
    }
  g_assert_nonnull (into);
  g_assert_cmpint (lw_store_import_game (b->store, other, TRUE, &same, &error), >, 0);
  g_assert_no_error (error);
  /* Its players on the roster first: a merge of two entries is a request. */
  lw_club_laptop_sync (b);
  g_assert_true (lw_store_club_merge_players (b->store, "Quentin Solo", into, &merge, &requested, &error));
  g_assert_no_error (error);
  g_assert_true (requested);
  lw_club_laptop_sync (b);
  join_app (fixture, server, "a");

  preferences = open_preferences (fixture);
  page = find_club_page (GTK_WIDGET (preferences));
  open = lw_test_find (page, GTK_TYPE_BUTTON, "_Open…");
  g_assert_nonnull (open);
  g_signal_emit_by_name (open, "clicked");
  lw_test_drain ();
  admin = find_admin_window ();
  g_assert_nonnull (admin);
  /* The laptop's own login reads the lists too; the admin's is given. */
  lw_club_admin_window_set_conninfo (admin, conninfo);
  wait_for (admin_idle, admin, "the roster in the admin's window");
  held = lw_club_server_text (server, "SELECT count (*) FROM littlewolf.roster WHERE merged_into IS NULL");
  g_assert_cmpuint (lw_club_admin_window_get_n_players (admin), ==, g_ascii_strtoull (held, NULL, 10));
  g_assert_cmpuint (lw_club_admin_window_get_n_players (admin), >=, 4);
  g_assert_cmpuint (lw_club_admin_window_get_n_requests (admin), ==, 1);
  row = lw_club_admin_window_get_request_row (admin, 1);
  g_assert_nonnull (row);
  expected = g_strdup_printf ("“Quentin Solo” into “%s”", into);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, expected);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "From “b” · waiting for your decision");

  /* Rename the third player. */
  sql = g_strdup_printf ("SELECT uuid FROM littlewolf.roster WHERE name = '%s'", record->players[2]);
  uuid = lw_club_server_text (server, sql);
  row = lw_club_admin_window_get_player_row (admin, uuid);
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, record->players[2]);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Added by “b”");
  gtk_widget_activate_action (GTK_WIDGET (admin), "admin.rename", "s", uuid);
  dialog = lw_club_admin_window_get_dialog (admin);
  g_assert_nonnull (dialog);
  gtk_editable_set_text (GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog)), "Zora Renamed");
  lw_test_respond (dialog, "rename");
  lw_test_drain ();
  wait_for (admin_idle, admin, "the rename");
  g_free (held);
  g_free (sql);
  sql = g_strdup_printf ("SELECT name FROM littlewolf.roster WHERE uuid = '%s'", uuid);
  held = lw_club_server_text (server, sql);
  g_assert_cmpstr (held, ==, "Zora Renamed");
  row = lw_club_admin_window_get_player_row (admin, uuid);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Zora Renamed");

  /* An empty name: the names rule's words on the status row, nothing
   * changed. */
  gtk_widget_activate_action (GTK_WIDGET (admin), "admin.rename", "s", uuid);
  dialog = lw_club_admin_window_get_dialog (admin);
  gtk_editable_set_text (GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog)), "  ");
  lw_test_respond (dialog, "rename");
  lw_test_drain ();
  wait_for (admin_idle, admin, "the empty name refused");
  g_assert_true (g_str_has_suffix (adw_action_row_get_subtitle (lw_club_admin_window_get_status_row (admin)),
                                   " merge request · 2 laptops"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (lw_club_admin_window_get_status_row (admin)),
                            "is empty\n"));
  g_free (held);
  held = lw_club_server_text (server, sql);
  g_assert_cmpstr (held, ==, "Zora Renamed");

  /* Decline the request. */
  button = lw_test_find (lw_club_admin_window_get_request_row (admin, 1), GTK_TYPE_BUTTON, "_Decline");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  lw_test_drain ();
  wait_for (admin_idle, admin, "the request declined");
  g_free (held);
  held = lw_club_server_text (server, "SELECT state FROM littlewolf.requests WHERE id = 1");
  g_assert_cmpstr (held, ==, "declined");
  row = lw_club_admin_window_get_request_row (admin, 1);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "From “b” · declined");
  g_assert_null (lw_test_find (row, GTK_TYPE_BUTTON, "_Decline"));

  gtk_window_destroy (GTK_WINDOW (admin));
  gtk_window_destroy (preferences);
  lw_test_drain ();
}

/* The admin's window opened on the app's window with @conninfo, its
 * lists read. */
static LwClubAdminWindow *
open_admin (LwTestApp  *fixture,
            const char *conninfo)
{
  LwClubAdminWindow *admin = lw_club_admin_window_new (GTK_WINDOW (fixture->window),
                                                       lw_window_get_store (fixture->window));

  gtk_window_present (GTK_WINDOW (admin));
  lw_club_admin_window_set_conninfo (admin, conninfo);
  wait_for (admin_idle, admin, "the lists in the admin's window");
  return admin;
}

/* The laptop @name as lw_club_list_origins() reads it; transfer full. */
static LwClubOrigin *
read_origin (LwClubServer *server,
             const char   *name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) origins = lw_club_list_origins (server->owner, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < origins->len; i++)
    {
      LwClubOrigin *origin = g_ptr_array_index (origins, i);

      if (g_str_equal (origin->name, name))
        return g_ptr_array_steal_index (origins, i);
    }
  g_assert_not_reached ();
}

static gboolean
logs_in (LwClubServer *server,
         const char   *role,
         const char   *password)
{
  g_autofree char *conninfo = g_strdup_printf ("host=%s port=%s dbname=%s user=%s password='%s'",
                                               g_getenv ("LW_TEST_PGHOST"), g_getenv ("LW_TEST_PGPORT"),
                                               server->dbname, role, password);
  PGconn *conn = PQconnectdb (conninfo);
  gboolean ok = PQstatus (conn) == CONNECTION_OK;

  PQfinish (conn);
  return ok;
}

/* The password dialog's two entries set to @first and @second; whether
 * Change is enabled, and the words under the entries in *@why. */
static gboolean
type_passwords (AdwMessageDialog *dialog,
                const char       *first,
                const char       *second,
                const char      **why)
{
  GtkWidget *box = adw_message_dialog_get_extra_child (dialog);
  GtkWidget *one = gtk_widget_get_first_child (box);
  GtkWidget *two = gtk_widget_get_next_sibling (one);

  gtk_editable_set_text (GTK_EDITABLE (one), first);
  gtk_editable_set_text (GTK_EDITABLE (two), second);
  lw_test_drain ();
  *why = gtk_label_get_text (GTK_LABEL (gtk_widget_get_next_sibling (two)));
  return adw_message_dialog_get_response_enabled (dialog, "password");
}

/* The Laptops section with the owner's login: three laptops, two synced
 * (one sent a game, one nothing) with their last sync as the server
 * keeps it, one never; Revoke… names the laptop and says its games stay,
 * and its login then fails; Change Password… takes the same password
 * twice, as the CLI's rule has it, and the new one logs in, the old one
 * no longer. With an admin's login the server refuses, in words. */
static void
test_laptops (LwTestApp     *fixture,
              gconstpointer  data)
{
  g_autoptr (LwClubServer) server = lw_club_server_new ();
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (server, fixture->dir, "Front desk");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (server, fixture->dir, "Bar");
  g_autoptr (LwClubLaptop) d = lw_club_laptop_new (server, fixture->dir, "Cellar");
  g_autoptr (GRand) rng = g_rand_new_with_seed (11);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwClubOrigin) origin = NULL;
  g_autofree char *admin_login = new_admin (server);
  g_autofree char *expected = NULL;
  g_autofree char *when = NULL;
  g_autofree char *games = NULL;
  LwClubAdminWindow *admin;
  AdwMessageDialog *dialog;
  GtkWidget *row;
  const char *why = NULL;
  gboolean enabled;

  lw_club_add_random_game (b->store, rng);
  lw_club_laptop_sync (b);
  lw_club_laptop_sync (c);
  admin = open_admin (fixture, server->owner);
  g_assert_cmpuint (lw_club_admin_window_get_n_laptops (admin), ==, 3);
  g_assert_true (g_str_has_suffix (adw_action_row_get_subtitle (lw_club_admin_window_get_status_row (admin)),
                                   " · 3 laptops"));
  origin = read_origin (server, "Front desk");
  g_assert_cmpint (origin->last_sync, >, 1700000000);
  when = lw_format_time (origin->last_sync, TRUE);
  expected = g_strdup_printf ("Last sync: %s", when);
  row = lw_club_admin_window_get_laptop_row (admin, "Front desk");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Front desk");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, expected);
  g_clear_pointer (&origin, lw_club_origin_free);
  g_free (when);
  g_free (expected);
  origin = read_origin (server, "Bar");
  g_assert_cmpint (origin->last_push, ==, 0);
  g_assert_cmpint (origin->last_sync, >, 1700000000);
  when = lw_format_time (origin->last_sync, TRUE);
  expected = g_strdup_printf ("Last sync: %s", when);
  row = lw_club_admin_window_get_laptop_row (admin, "Bar");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, expected);
  row = lw_club_admin_window_get_laptop_row (admin, "Cellar");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Last sync: never");
  /* Each laptop not revoked has its menu (Change Password…, Revoke…). */
  g_assert_nonnull (lw_test_find (row, GTK_TYPE_MENU_BUTTON, NULL));

  /* Revoke Bar: the dialog names it and says its games stay. */
  gtk_widget_activate_action (GTK_WIDGET (admin), "admin.revoke", "s", "Bar");
  dialog = lw_club_admin_window_get_dialog (admin);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Revoke “Bar”?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Its games, events and players stay"));
  g_assert_true (logs_in (server, c->role, c->password));
  lw_test_respond (dialog, "revoke");
  wait_for (admin_idle, admin, "the revocation");
  g_assert_false (logs_in (server, c->role, c->password));
  g_assert_false (lw_club_sync (c->store, NULL, &error));
  g_assert_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_CONNECT);
  g_clear_error (&error);
  row = lw_club_admin_window_get_laptop_row (admin, "Bar");
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                                   "Revoked: it can no longer log in · Last sync: "));
  g_assert_null (lw_test_find (row, GTK_TYPE_MENU_BUTTON, NULL));
  /* Its games stay on the server. */
  games = lw_club_server_text (server, "SELECT count (*) FROM littlewolf.games WHERE record IS NOT NULL");
  g_assert_cmpstr (games, ==, "1");
  g_assert_true (logs_in (server, b->role, b->password));

  /* A new password for Front desk: Change only with the same valid
   * password twice. */
  gtk_widget_activate_action (GTK_WIDGET (admin), "admin.password", "s", "Front desk");
  dialog = lw_club_admin_window_get_dialog (admin);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "New Password for “Front desk”");
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "password"));
  enabled = type_passwords (dialog, "a fresh secret", "a fresh secreT", &why);
  g_assert_false (enabled);
  g_assert_cmpstr (why, ==, "The two passwords differ");
  enabled = type_passwords (dialog, "tab\there", "tab\there", &why);
  g_assert_false (enabled);
  g_assert_cmpstr (why, ==, "The new password holds a control character");
  enabled = type_passwords (dialog, "a fresh secret", "a fresh secret", &why);
  g_assert_true (enabled);
  g_assert_cmpstr (why, ==, "");
  lw_test_respond (dialog, "password");
  wait_for (admin_idle, admin, "the new password");
  g_assert_true (logs_in (server, b->role, "a fresh secret"));
  g_assert_false (logs_in (server, b->role, b->password));
  g_assert_null (strstr (adw_action_row_get_subtitle (lw_club_admin_window_get_status_row (admin)),
                         "a fresh secret"));
  gtk_window_destroy (GTK_WINDOW (admin));
  lw_test_drain ();

  /* An admin's login lists the laptops but may not revoke one. */
  admin = open_admin (fixture, admin_login);
  g_assert_cmpuint (lw_club_admin_window_get_n_laptops (admin), ==, 3);
  gtk_widget_activate_action (GTK_WIDGET (admin), "admin.revoke", "s", "Cellar");
  lw_test_respond (lw_club_admin_window_get_dialog (admin), "revoke");
  wait_for (admin_idle, admin, "the refused revocation");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (lw_club_admin_window_get_status_row (admin)),
                            "Club server: revoking a laptop: "));
  g_assert_true (logs_in (server, d->role, d->password));
  row = lw_club_admin_window_get_laptop_row (admin, "Cellar");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Last sync: never");
  gtk_window_destroy (GTK_WINDOW (admin));
  lw_test_drain ();
}

/* The index of @name in the merge dialog's drop down. */
static guint
choice_of (AdwMessageDialog *dialog,
           const char       *name)
{
  GListModel *names = gtk_drop_down_get_model (GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog)));

  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (names), i), name))
      return i;
  g_assert_not_reached ();
}

/* Merges @player into @into through the roster's Merge… dialog. */
static void
merge_in_window (LwClubAdminWindow *admin,
                 LwClubServer      *server,
                 const char        *player,
                 const char        *into)
{
  g_autofree char *sql = g_strdup_printf ("SELECT uuid FROM littlewolf.roster WHERE name = '%s'", player);
  g_autofree char *uuid = lw_club_server_text (server, sql);
  AdwMessageDialog *dialog;

  g_assert_nonnull (lw_club_admin_window_get_player_row (admin, uuid));
  gtk_widget_activate_action (GTK_WIDGET (admin), "admin.merge", "s", uuid);
  dialog = lw_club_admin_window_get_dialog (admin);
  g_assert_nonnull (dialog);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog)),
                              choice_of (dialog, into));
  lw_test_respond (dialog, "merge");
  wait_for (admin_idle, admin, "the merge");
}

/* The name of the entry @player was merged into on the server, "" when
 * none. */
static char *
merged_into (LwClubServer *server,
             const char   *player)
{
  g_autofree char *sql = g_strdup_printf ("SELECT coalesce ((SELECT i.name FROM littlewolf.roster AS p"
                                          " JOIN littlewolf.roster AS i ON i.uuid = p.merged_into"
                                          " WHERE p.name = '%s'), '')", player);

  return lw_club_server_text (server, sql);
}

/* Through the admin's window: a laptop's merge request accepted (the two
 * merged on the server), the roster's Merge… of two who never sat at one
 * table, and one of two who did, refused with the game named in words
 * and nothing changed. */
static void
test_admin_merge (LwTestApp     *fixture,
                  gconstpointer  data)
{
  static const char *const first[] = { "Ann Arbor", "Ben Bow", "Cid Cole", "Dot Dale", "Eli Ems",
                                       "Flo Fox", "Guy Gray", "Hans Hill" };
  static const char *const second[] = { "Eve Elm", "Fay Fern", "Gus Gale", "Hal Hope", "Ivy Isle",
                                        "Jo Jay", "Kit Kay", "Lu Lee" };
  g_autoptr (LwClubServer) server = lw_club_server_new ();
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (server, fixture->dir, "b");
  g_autoptr (GRand) rng = g_rand_new_with_seed (12);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) one = lw_club_random_record (rng);
  g_autoptr (LwGameRecord) two = lw_club_random_record (rng);
  g_autoptr (LwPlayerMerge) merge = NULL;
  g_autofree char *conninfo = new_admin (server);
  g_autofree char *held = NULL;
  LwClubAdminWindow *admin;
  GtkWidget *button;
  const char *status;
  gboolean requested = FALSE;
  gint64 same = 0;

  g_assert_cmpuint (one->n_players, <=, G_N_ELEMENTS (first));
  g_assert_cmpuint (two->n_players, <=, G_N_ELEMENTS (second));
  for (guint i = 0; i < one->n_players; i++)
    {
      g_free (one->players[i]);
      one->players[i] = g_strdup (first[i]);
    }
  for (guint i = 0; i < two->n_players; i++)
    {
      g_free (two->players[i]);
      two->players[i] = g_strdup (second[i]);
    }
  g_assert_cmpint (lw_store_import_game (b->store, one, TRUE, &same, &error), >, 0);
  g_assert_no_error (error);
  g_assert_cmpint (lw_store_import_game (b->store, two, TRUE, &same, &error), >, 0);
  g_assert_no_error (error);
  lw_club_laptop_sync (b);
  g_assert_true (lw_store_club_merge_players (b->store, "Eve Elm", "Ann Arbor", &merge, &requested, &error));
  g_assert_no_error (error);
  g_assert_true (requested);
  lw_club_laptop_sync (b);

  admin = open_admin (fixture, conninfo);
  g_assert_cmpuint (lw_club_admin_window_get_n_requests (admin), ==, 1);
  /* Accept the request. */
  button = lw_test_find (lw_club_admin_window_get_request_row (admin, 1), GTK_TYPE_BUTTON, "_Accept");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  lw_test_drain ();
  wait_for (admin_idle, admin, "the request accepted");
  held = lw_club_server_text (server, "SELECT state FROM littlewolf.requests WHERE id = 1");
  g_assert_cmpstr (held, ==, "accepted");
  g_free (held);
  held = merged_into (server, "Eve Elm");
  g_assert_cmpstr (held, ==, "Ann Arbor");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (lw_club_admin_window_get_request_row (admin, 1))),
                   ==, "From “b” · accepted");

  /* Fay and Ben never sat at one table: merged. */
  merge_in_window (admin, server, "Fay Fern", "Ben Bow");
  g_free (held);
  held = merged_into (server, "Fay Fern");
  g_assert_cmpstr (held, ==, "Ben Bow");
  status = adw_action_row_get_subtitle (lw_club_admin_window_get_status_row (admin));
  g_assert_null (strchr (status, '\n'));

  /* Cid and Dot did: refused in words, nothing merged. */
  merge_in_window (admin, server, "Cid Cole", "Dot Dale");
  status = adw_action_row_get_subtitle (lw_club_admin_window_get_status_row (admin));
  g_assert_nonnull (strstr (status, "“Cid Cole” and “Dot Dale” sat at one table, so they are two people"));
  g_assert_nonnull (strstr (status, "of laptop “b” names both\n"));
  g_free (held);
  held = merged_into (server, "Cid Cole");
  g_assert_cmpstr (held, ==, "");
  gtk_window_destroy (GTK_WINDOW (admin));
  lw_test_drain ();
}

/* The row of the Club page that says which suggestions are shown, with
 * its Newer and More, or NULL. */
static GtkWidget *
find_page_row (GtkWidget  *page,
               const char *title)
{
  return lw_test_find (page, ADW_TYPE_ACTION_ROW, title);
}

/* 105 suggestions from B to A's game: the Club page lists the newest 100
 * (suggestion 105 down to 6) with More and no Newer; More lists the last
 * five (5 down to 1) with Newer and no More; Newer lists the first page
 * again. */
static void
test_suggestion_pages (LwTestApp     *fixture,
                       gconstpointer  data)
{
  g_autoptr (LwClubServer) server = lw_club_server_new ();
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (server, fixture->dir, "b");
  g_autoptr (PGconn) owner = NULL;
  g_auto (LwTestRun) run = { 0 };
  g_autofree char *held_id = NULL;
  g_autofree char *count = NULL;
  LwStore *store = lw_window_get_store (fixture->window);
  LwClubAuto *auto_sync = lw_window_get_club_auto (fixture->window);
  Waiting waiting = { fixture, server, 1, 0 };
  Suggesting suggesting = { 0 };
  const char *pair[] = { "Ann", "Ben" };
  GtkWindow *preferences;
  GtkWidget *row, *button;

  join_app (fixture, server, "a");
  lw_test_add_won_game (store, 2, pair, 0);
  waiting.syncs = lw_club_auto_get_count (auto_sync);
  lw_club_auto_sync_now (auto_sync);
  wait_for (synced_since, &waiting, "A's sync");
  wait_for (server_has_games, &waiting, "A's game on the server");
  lw_club_laptop_sync (b);
  held_id = g_strdup_printf ("%" G_GINT64_FORMAT, lw_test_sql_int_at (b->path, "SELECT id FROM games"));
  lw_test_run_cli (&run, b->path, NULL, "club", "suggest", held_id, "--delete", "1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  /* 104 more, written by the owner a second apart (the server's
   * functions take at most 20 open per sender and game). */
  owner = lw_club_fixture_connect (server, NULL, NULL);
  g_assert_cmpint (lw_club_try_sql (owner, "INSERT INTO littlewolf.suggestions"
                                           " (game, origin, target, version, kind, number, made)"
                                           " SELECT game, origin, target, version, kind, number,"
                                           "  made + n * interval '1 second'"
                                           " FROM littlewolf.suggestions, generate_series (1, 104) AS n",
                                    NULL), ==, PGRES_COMMAND_OK);
  count = lw_club_server_text (server, "SELECT count (*) FROM littlewolf.suggestions");
  g_assert_cmpstr (count, ==, "105");

  preferences = open_preferences (fixture);
  suggesting.page = find_club_page (GTK_WIDGET (preferences));
  g_assert_nonnull (suggesting.page);
  suggesting.incoming = 100;
  wait_for (page_lists, &suggesting, "the first page of suggestions");
  g_assert_nonnull (suggestion_row (suggesting.page, 105));
  g_assert_nonnull (suggestion_row (suggesting.page, 6));
  g_assert_null (suggestion_row (suggesting.page, 5));
  row = find_page_row (suggesting.page, "Suggestions 1 to 100, newest first");
  g_assert_nonnull (row);
  g_assert_null (lw_test_find (row, GTK_TYPE_BUTTON, "_Newer"));
  button = lw_test_find (row, GTK_TYPE_BUTTON, "_More");
  g_assert_nonnull (button);

  g_signal_emit_by_name (button, "clicked");
  suggesting.incoming = 5;
  wait_for (page_lists, &suggesting, "the second page of suggestions");
  g_assert_nonnull (suggestion_row (suggesting.page, 5));
  g_assert_nonnull (suggestion_row (suggesting.page, 1));
  g_assert_null (suggestion_row (suggesting.page, 6));
  g_assert_null (find_page_row (suggesting.page, "Suggestions 1 to 100, newest first"));
  row = find_page_row (suggesting.page, "Suggestions 101 to 105, newest first");
  g_assert_nonnull (row);
  g_assert_null (lw_test_find (row, GTK_TYPE_BUTTON, "_More"));
  button = lw_test_find (row, GTK_TYPE_BUTTON, "_Newer");
  g_assert_nonnull (button);

  g_signal_emit_by_name (button, "clicked");
  suggesting.incoming = 100;
  wait_for (page_lists, &suggesting, "the first page again");
  g_assert_nonnull (suggestion_row (suggesting.page, 105));
  g_assert_null (suggestion_row (suggesting.page, 5));
  g_assert_nonnull (find_page_row (suggesting.page, "Suggestions 1 to 100, newest first"));
  gtk_window_destroy (preferences);
  lw_test_drain ();
}

int
main (int   argc,
      char *argv[])
{
  static const LwTestAppCase cases[] = {
    { "/ui-club/auto-sync", test_auto_sync },
    { "/ui-club/suggestions", test_suggestions },
    { "/ui-club/suggest-round", test_suggest_round },
    { "/ui-club/conflict", test_conflict },
    { "/ui-club/admin", test_admin },
    { "/ui-club/laptops", test_laptops },
    { "/ui-club/admin-merge", test_admin_merge },
    { "/ui-club/suggestion-pages", test_suggestion_pages },
  };

  if (!lw_club_fixture_init ())
    return 0;
  return lw_test_app_main (argc, argv, cases, G_N_ELEMENTS (cases));
}
