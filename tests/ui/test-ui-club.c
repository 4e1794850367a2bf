/* test-ui-club.c — the app's automatic sync with a club server
 * (docs/CLUB-SERVER.md "In the app") against the throwaway PostgreSQL of
 * build-aux/pg-test-cluster (skipped without one): joining from
 * Preferences → Club, a game stored in the app reaching the server, a
 * game of another laptop's appearing in the Games list, the server gone
 * and back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-club-fixture.h"
#include "lw-games-page.h"
#include "lw-preferences-window.h"
#include "lw-test-app.h"
#include "lw-test-util.h"
#include "lw-window-private.h"

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

/* The first widget below @widget (depth first) that is a @type whose
 * title (a preferences row's) or label (a button's) is @text. */
static GtkWidget *
find_titled (GtkWidget  *widget,
             GType       type,
             const char *text)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    {
      const char *title = ADW_IS_PREFERENCES_ROW (widget)
                          ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget))
                          : GTK_IS_BUTTON (widget) ? gtk_button_get_label (GTK_BUTTON (widget)) : NULL;

      if (g_strcmp0 (title, text) == 0)
        return widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_titled (child, type, text);

      if (found != NULL)
        return found;
    }
  return NULL;
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
  row = find_titled (GTK_WIDGET (preferences), ADW_TYPE_ACTION_ROW, "Sync");
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "no club laptop"));
  gtk_editable_set_text (GTK_EDITABLE (find_titled (GTK_WIDGET (preferences), ADW_TYPE_ENTRY_ROW,
                                                    "Server (host=… dbname=… user=…)")), conninfo);
  gtk_editable_set_text (GTK_EDITABLE (find_titled (GTK_WIDGET (preferences), ADW_TYPE_ENTRY_ROW,
                                                    "This Laptop's ID")), origin);
  gtk_editable_set_text (GTK_EDITABLE (find_titled (GTK_WIDGET (preferences), ADW_TYPE_ENTRY_ROW,
                                                    "Password")), password);
  button = find_titled (GTK_WIDGET (preferences), GTK_TYPE_BUTTON, "_Join");
  g_assert_nonnull (button);
  waiting.syncs = lw_club_auto_get_count (auto_sync);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_titled (GTK_WIDGET (preferences), ADW_TYPE_ENTRY_ROW,
                                                                     "Password"))), ==, "");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find_titled (GTK_WIDGET (preferences), ADW_TYPE_ACTION_ROW,
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
  button = find_titled (GTK_WIDGET (preferences), GTK_TYPE_BUTTON, "_Retry");
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
  g_assert_nonnull (find_titled (GTK_WIDGET (preferences), GTK_TYPE_BUTTON, "Sync _Now"));
  gtk_window_destroy (preferences);
  lw_test_drain ();
}

int
main (int   argc,
      char *argv[])
{
  static const LwTestAppCase cases[] = {
    { "/ui-club/auto-sync", test_auto_sync },
  };

  if (!lw_club_fixture_init ())
    return 0;
  return lw_test_app_main (argc, argv, cases, G_N_ELEMENTS (cases));
}
