/* test-ui-roster.c — the club roster in the app's name entries
 * (docs/CLUB-SERVER.md "The roster in the app"), with no server: the
 * roster held as a pull gives it (lw_test_seed_roster()):
 *
 * - New Game's seats offer the roster's names after this laptop's
 *   players, each name once (a completion that did not ask for them,
 *   this laptop's players only);
 * - a roster name no player here has starts as a local player linked to
 *   that entry;
 * - a name two entries share asks which: the dialog lists each with its
 *   laptop and games here; choosing the second seats that player ("Sam
 *   Lee (Back room)", linked to its entry); Cancel starts nothing and
 *   links nothing;
 * - an event's Enter Players offers the same names, asks the same and
 *   enters the one chosen;
 *   a name of one entry is entered and linked without a question.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-events-page-private.h"
#include "lw-game-page-private.h"
#include "lw-name-completion.h"
#include "lw-new-game-page-private.h"
#include "lw-test-app.h"
#include "lw-test-util.h"
#include "lw-window-private.h"

#define ZOE "0b6c1a52-3f0e-4c41-9a49-6f3b8a1f7e01"
#define SAM_FRONT "1d2e3f40-5a6b-4c7d-8e9f-a0b1c2d3e4f5"
#define SAM_BACK "2e3f4051-6b7c-4d8e-9fa0-b1c2d3e4f506"
#define ANN "3f405162-7c8d-4e9f-a0b1-c2d3e4f50617"

/* A club laptop whose own Ann and Ben played a game, Sam Lee of the
 * Front desk one more with Ann here; the roster also holds another Sam
 * Lee (Back room) and Zoë Park, whom no game here names. */
static void
seed (LwTestApp *fixture)
{
  LwStore *store = lw_test_app_writer (fixture);
  const char *uuids[] = { ANN, SAM_FRONT, SAM_BACK, ZOE };
  const char *names[] = { "Ann", "Sam Lee", "Sam Lee", "Zoë Park" };
  const char *laptops[] = { "Front desk", "Front desk", "Back room", "Front desk" };
  const char *ann_ben[] = { "Ann", "Ben" };
  const char *sam_ann[] = { "Sam Lee", "Ann" };
  const char *link_names[] = { "Sam Lee", "Ann" };
  const char *link_uuids[] = { SAM_FRONT, ANN };
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) locals = NULL;

  lw_test_seed_roster (store, G_N_ELEMENTS (uuids), uuids, names, laptops);
  locals = lw_store_club_link_seats (store, link_names, link_uuids, 2, &error);
  g_assert_no_error (error);
  lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 2, ann_ben, 0);
  lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 2, sam_ann, 0);
  lw_test_drain ();
}

static char *
roster_player (LwTestApp  *fixture,
               const char *uuid)
{
  return lw_test_roster_player (lw_test_app_writer (fixture), uuid);
}

/* The ask-which dialog open now, or NULL. */
static AdwMessageDialog *
ask_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window))
          && g_str_has_prefix (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (window)), "Which "))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

/* The dialog's row @index (asserted there). */
static AdwActionRow *
ask_row (AdwMessageDialog *dialog,
         int               index)
{
  GtkListBox *list = GTK_LIST_BOX (adw_message_dialog_get_extra_child (dialog));
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, index);

  g_assert_true (ADW_IS_ACTION_ROW (row));
  return ADW_ACTION_ROW (row);
}

/* Answers the dialog with @response, row @index picked first (-1: none),
 * and closes it as a click on its button does. */
static void
answer (AdwMessageDialog *dialog,
        int               index,
        const char       *response)
{
  if (index >= 0)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (lw_test_find (GTK_WIDGET (ask_row (dialog, index)),
                                                                 GTK_TYPE_CHECK_BUTTON, NULL)),
                                 TRUE);
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "choose") == (index >= 0));
  lw_test_respond (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();
}

/* The dialog asks about Sam Lee: the Front desk's, who played here, and
 * the Back room's, who has not. */
static void
assert_asks_sam (AdwMessageDialog *dialog)
{
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Which Sam Lee?");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (ask_row (dialog, 0))), ==,
                   "From \u201cFront desk\u201d");
  g_assert_cmpstr (adw_action_row_get_subtitle (ask_row (dialog, 0)), ==, "1 game here");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (ask_row (dialog, 1))), ==,
                   "From \u201cBack room\u201d");
  g_assert_cmpstr (adw_action_row_get_subtitle (ask_row (dialog, 1)), ==, "No games here yet");
  g_assert_null (gtk_list_box_get_row_at_index (GTK_LIST_BOX (adw_message_dialog_get_extra_child (dialog)), 2));
}

/* The players of game @id as stored, joined with ", ". */
static char *
game_players (LwTestApp *fixture,
              gint64     id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game (lw_test_app_writer (fixture), id, &error);

  g_assert_no_error (error);
  return g_strjoinv (", ", game->record->players);
}

/* Starts New Game with @first and @second at the seats; the game's ID
 * once started, 0 while New Game is still shown. */
static gint64
start_with (LwTestApp  *fixture,
            const char *first,
            const char *second,
            gboolean    asks)
{
  const char *names[] = { first, second };
  LwNewGamePage *page = lw_test_new_game_form (fixture->window, 2, names, FALSE);

  lw_test_activate (page, "new-game.start");
  g_assert_true ((ask_dialog () != NULL) == asks);
  return g_strcmp0 (lw_window_get_visible_page (fixture->window), "game") == 0
         ? lw_game_page_get_game_id (lw_window_get_game_page (fixture->window)) : 0;
}

/* The names @entry's completion offers, each followed by "|". */
static char *
offered_names (GtkEntry *entry)
{
  GtkTreeModel *model = gtk_entry_completion_get_model (gtk_entry_get_completion (entry));
  GString *offered = g_string_new (NULL);
  GtkTreeIter iter;

  for (gboolean valid = gtk_tree_model_get_iter_first (model, &iter); valid;
       valid = gtk_tree_model_iter_next (model, &iter))
    {
      g_autofree char *name = NULL;

      gtk_tree_model_get (model, &iter, 0, &name, -1);
      g_string_append_printf (offered, "%s|", name);
    }
  return g_string_free (offered, FALSE);
}

static void
test_completion (LwTestApp     *fixture,
                 gconstpointer  data)
{
  const char *names[] = { "", "" };
  g_autoptr (LwNameCompletion) plain = lw_name_completion_new ();
  g_autoptr (GError) error = NULL;
  LwNewGamePage *page;
  g_autofree char *offered = NULL;

  seed (fixture);
  page = lw_test_new_game_form (fixture->window, 2, names, FALSE);
  offered = offered_names (GTK_ENTRY (lw_test_find (GTK_WIDGET (page), GTK_TYPE_ENTRY, NULL)));
  /* This laptop's players, then the roster's other names, each once. */
  g_assert_cmpstr (offered, ==, "Ann|Ben|Sam Lee|Zoë Park|");
  g_assert_cmpuint (lw_new_game_page_get_n_known_players (page), ==, 4);

  /* A completion that did not ask for the roster (a rename's) offers this
   * laptop's players only. */
  g_assert_true (lw_name_completion_reload (plain, lw_test_app_writer (fixture), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (lw_name_completion_get_n_names (plain), ==, 3);
}

static void
test_roster_name_links (LwTestApp     *fixture,
                        gconstpointer  data)
{
  g_autofree char *players = NULL;
  g_autofree char *zoe = NULL;
  gint64 id;

  seed (fixture);
  id = start_with (fixture, "Zoë Park", "Ben", FALSE);
  g_assert_cmpint (id, >, 0);
  players = game_players (fixture, id);
  g_assert_cmpstr (players, ==, "Zoë Park, Ben");
  zoe = roster_player (fixture, ZOE);
  g_assert_cmpstr (zoe, ==, "Zoë Park");
}

static void
test_ask_which (LwTestApp     *fixture,
                gconstpointer  data)
{
  g_autofree char *players = NULL;
  g_autofree char *back = NULL;
  g_autofree char *front = NULL;
  AdwMessageDialog *dialog;
  gint64 id;

  seed (fixture);
  g_assert_cmpint (start_with (fixture, "Sam Lee", "Ben", TRUE), ==, 0);
  dialog = ask_dialog ();
  assert_asks_sam (dialog);
  answer (dialog, 1, "choose");
  g_assert_null (ask_dialog ());
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "game");
  id = lw_game_page_get_game_id (lw_window_get_game_page (fixture->window));
  players = game_players (fixture, id);
  g_assert_cmpstr (players, ==, "Sam Lee (Back room), Ben");
  back = roster_player (fixture, SAM_BACK);
  g_assert_cmpstr (back, ==, "Sam Lee (Back room)");
  front = roster_player (fixture, SAM_FRONT);
  g_assert_cmpstr (front, ==, "Sam Lee");
}

static void
test_ask_cancel (LwTestApp     *fixture,
                 gconstpointer  data)
{
  g_autofree char *back = NULL;
  guint games;

  seed (fixture);
  games = lw_test_count_games (lw_test_app_writer (fixture));
  g_assert_cmpint (start_with (fixture, "Ben", "Sam Lee", TRUE), ==, 0);
  /* Nothing is chosen yet: Choose waits for a row. */
  answer (ask_dialog (), -1, "cancel");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "new-game");
  g_assert_cmpuint (lw_test_count_games (lw_test_app_writer (fixture)), ==, games);
  back = roster_player (fixture, SAM_BACK);
  g_assert_null (back);
  g_assert_cmpint (lw_test_sql_int_at (fixture->db_path, "SELECT count (*) FROM players"), ==, 3);
}

/* Enters @name on the event's Players tab (events.add-player). */
static void
enter_player (LwEventsPage *page,
              const char   *name)
{
  gtk_editable_set_text (GTK_EDITABLE (lw_events_page_get_add_entry (page)), name);
  lw_test_activate (page, "events.add-player");
}

/* The index of entrant @name of event @id as stored, -1 for none. */
static int
entrant_index (LwTestApp  *fixture,
               gint64      id,
               const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = lw_store_load_event (lw_test_app_writer (fixture), id, &error);

  g_assert_no_error (error);
  return lw_event_find_entrant (event, name);
}

static void
test_event_asks (LwTestApp     *fixture,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *offered = NULL;
  g_autofree char *front = NULL;
  g_autofree char *zoe = NULL;
  LwEventsPage *page;
  AdwMessageDialog *dialog;
  gint64 id;

  seed (fixture);
  id = lw_test_add_swiss_event (lw_test_app_writer (fixture), "Club night", 4, 0, NULL);
  lw_test_drain ();
  lw_test_activate (fixture->window, "win.show-events");
  page = lw_window_get_events_page (fixture->window);
  g_assert_true (lw_events_page_show_event (page, id, &error));
  g_assert_no_error (error);
  offered = offered_names (lw_events_page_get_add_entry (page));
  g_assert_cmpstr (offered, ==, "Ann|Ben|Sam Lee|Zoë Park|");
  enter_player (page, "Sam Lee");
  dialog = ask_dialog ();
  assert_asks_sam (dialog);
  answer (dialog, 0, "choose");
  g_assert_cmpint (entrant_index (fixture, id, "Sam Lee"), ==, 0);
  g_assert_cmpint (entrant_index (fixture, id, "Sam Lee (Back room)"), ==, -1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (lw_events_page_get_add_entry (page))), ==, "");
  front = roster_player (fixture, SAM_FRONT);
  g_assert_cmpstr (front, ==, "Sam Lee");

  /* Zoë Park, of one entry, is entered and linked without a question. */
  enter_player (page, "Zoë Park");
  g_assert_null (ask_dialog ());
  g_assert_cmpint (entrant_index (fixture, id, "Zoë Park"), ==, 1);
  zoe = roster_player (fixture, ZOE);
  g_assert_cmpstr (zoe, ==, "Zoë Park");
}

int
main (int    argc,
      char **argv)
{
  static const LwTestAppCase cases[] = {
    { "/ui-roster/completion", test_completion },
    { "/ui-roster/roster-name-links", test_roster_name_links },
    { "/ui-roster/ask-which", test_ask_which },
    { "/ui-roster/ask-cancel", test_ask_cancel },
    { "/ui-roster/event-asks", test_event_asks },
  };

  return lw_test_app_main (argc, argv, cases, G_N_ELEMENTS (cases));
}
