/* test-ui-names.c — the longest names the names rule allows (100 letters
 * without a space, an e-mail address) never widen the window: each page
 * that shows them still fits a phone's 360 pixels, and the window stays
 * within the 1280-pixel screen (docs/rules/GAME-RECORD.md "Names")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-app-util.h"
#include "lw-edit-log.h"
#include "lw-events-page.h"
#include "lw-events-page-private.h"
#include "lw-game-page.h"
#include "lw-game-page-private.h"
#include "lw-leaderboard-page.h"
#include "lw-leaderboard-page-private.h"
#include "lw-new-game-page.h"
#include "lw-new-game-page-private.h"
#include "lw-stats-page.h"
#include "lw-stats-page-private.h"
#include "lw-store-events.h"
#include "lw-test-app.h"
#include "lw-test-util.h"
#include "lw-window-private.h"
#include "lw-round-form-private.h"
#include "lw-seat-row-private.h"

typedef LwTestApp Fixture;

#define LONG_NAME \
  "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"
#define EMAIL_NAME "annabelle.mcallister-featherstonehaugh@example.org"

/* The narrowest the window can be, and as wide as it is, on @page. */
static void
assert_fits (Fixture    *fixture,
             const char *page)
{
  int minimum = 0, natural = 0;

  lw_test_drain ();
  gtk_widget_measure (GTK_WIDGET (fixture->window), GTK_ORIENTATION_HORIZONTAL, -1,
                      &minimum, &natural, NULL, NULL);
  g_test_message ("%s (%s): the window is %d px wide, at least %d", page,
                  lw_window_get_visible_page (fixture->window),
                  gtk_widget_get_width (GTK_WIDGET (fixture->window)), minimum);
  g_assert_cmpint (minimum, <=, 360);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), <=, 1280);
}

static gint64
add_game (LwStore           *store,
          guint              n_players,
          const char *const *names)
{
  g_autoptr (GError) error = NULL;
  gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, n_players, names, 0);

  /* Two rounds: seat 0, of the longest name, deals the next. */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (LwRound) round = lw_round_new ();
      int cards = (int) lw_total_cards (n_players);

      round->declarer = (int) (i % n_players);
      round->cards[i % n_players] = cards - 6;
      round->cards[(i + 1) % n_players] = 6;
      lw_store_append_round (store, id, round, &error);
      g_assert_no_error (error);
    }
  return id;
}

static void
test_long_names (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *two[] = { LONG_NAME, EMAIL_NAME };
  const char *entrants[] = { LONG_NAME, EMAIL_NAME, "Cleo", "Dev", NULL };
  LwStore *store = lw_window_get_store (fixture->window);
  g_autoptr (GError) error = NULL;
  LwEventsPage *events;
  LwNewGamePage *new_game;
  LwEventConfig config;
  gint64 game, event;

  game = add_game (store, 2, two);
  lw_event_config_init (&config, LW_EVENT_SWISS, 2);
  event = lw_store_add_event (store, LONG_NAME, &config, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_add_event_entrants (store, event, entrants, LW_ENTRANT_CHECKED_IN, &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwEvent) paired = lw_store_pair_event_round (store, event, &error);

    g_assert_no_error (error);
  }

  lw_test_activate (fixture->window, "win.show-games");
  assert_fits (fixture, "games");

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", game);
  assert_fits (fixture, "game");

  lw_test_activate (fixture->window, "win.new-game");
  new_game = lw_window_get_new_game_page (fixture->window);
  lw_new_game_page_set_player (new_game, 0, LONG_NAME);
  lw_new_game_page_set_player (new_game, 1, EMAIL_NAME);
  assert_fits (fixture, "new game");
  g_assert_cmpstr (lw_new_game_page_get_error_text (new_game), ==, "");

  /* A name the rule refuses: the engine's message, under the seats. */
  lw_new_game_page_set_player (new_game, 1, LONG_NAME "W");
  lw_test_drain ();
  g_assert_cmpstr (lw_new_game_page_get_error_text (new_game), ==,
                   "Players: the name of seat 1 is 101 characters; at most 100");
  lw_new_game_page_set_player (new_game, 1, "Ann\u2028Lee");
  lw_test_drain ();
  g_assert_cmpstr (lw_new_game_page_get_error_text (new_game), ==,
                   "Players: the name of seat 1 holds a line or paragraph separator (U+2028)");
  lw_new_game_page_set_player (new_game, 1, "Zo\u00eb");
  lw_new_game_page_set_player (new_game, 0, "Zoe\u0308");
  lw_test_drain ();
  g_assert_nonnull (strstr (lw_new_game_page_get_error_text (new_game), "names must be unique"));

  lw_test_activate (fixture->window, "win.show-events");
  assert_fits (fixture, "events");
  events = lw_window_get_events_page (fixture->window);
  g_assert_true (lw_events_page_show_event (events, event, &error));
  g_assert_no_error (error);
  lw_events_page_set_view (events, "players");
  assert_fits (fixture, "event players");
  lw_events_page_set_view (events, "rounds");
  assert_fits (fixture, "event seating");
  lw_events_page_set_view (events, "standings");
  assert_fits (fixture, "event standings");

  lw_test_activate (fixture->window, "win.show-leaderboard");
  lw_leaderboard_page_wait (lw_window_get_leaderboard_page (fixture->window));
  assert_fits (fixture, "leaderboard");

  lw_test_activate (fixture->window, "win.show-players");
  lw_stats_page_wait (lw_window_get_stats_page (fixture->window));
  assert_fits (fixture, "players");
  g_assert_true (lw_stats_page_show_player (lw_window_get_stats_page (fixture->window), LONG_NAME));
  assert_fits (fixture, "player");
}

/* The edit log tells a rename of the names rule's migration, the old
 * name's control characters shown as code points. */
/* A name starting with U+202E (right-to-left override; the names rule
 * allows a format character beside visible ones) must not turn a line
 * around: the games list showed "1 – 2 – 1 – 1 · \u202eDan deals next"
 * as a right-to-left line, the scores in reverse order. */
static void
test_isolate_name (void)
{
  const char *players[] = { "Ann", "\u202eDan", "\u05e9\u05e8\u05d4", NULL };
  g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 3, players);
  g_autofree char *plain = lw_isolate_name ("Ann");
  g_autofree char *override = lw_isolate_name (players[1]);
  g_autofree char *hebrew = lw_isolate_name (players[2]);
  g_autofree char *title = lw_sides_title (record);
  g_autofree char *line = NULL;
  g_autoptr (GtkWidget) label = NULL;
  g_autoptr (PangoLayout) layout = NULL;
  g_autoptr (LwRound) round = NULL;
  g_autofree char *facts = NULL;

  g_assert_cmpstr (plain, ==, "Ann");
  g_assert_cmpstr (override, ==, "\u200e\u2068\u202eDan\u2069");
  g_assert_cmpstr (hebrew, ==, "\u200e\u2068\u05e9\u05e8\u05d4\u2069");
  g_assert_cmpstr (title, ==, "Ann vs \u200e\u2068\u202eDan\u2069 vs \u200e\u2068\u05e9\u05e8\u05d4\u2069");

  /* An isolate the name leaves open is closed, a U+2069 of the name that
   * closes none of its own is dropped: neither lets its override out. */
  {
    g_autofree char *open = lw_isolate_name ("\u2066\u202eOpen");
    g_autofree char *stray = lw_isolate_name ("\u2069\u202eStray");
    g_autofree char *nested = lw_isolate_name ("a\u2067b\u2069\u2069c");

    g_assert_cmpstr (open, ==, "\u200e\u2068\u2066\u202eOpen\u2069\u2069");
    g_assert_cmpstr (stray, ==, "\u200e\u2068\u202eStray\u2069");
    g_assert_cmpstr (nested, ==, "\u200e\u2068a\u2067b\u2069c\u2069");
  }

  /* A round's facts in the history name the players the same way. */
  round = lw_round_new ();
  round->declarer = 1;
  round->cards[0] = 10;
  round->cards[1] = 16;
  round->cards[2] = 10;
  facts = lw_describe_round_facts (record, round);
  g_test_message ("%s", facts);
  g_assert_nonnull (strstr (facts, "\u200e\u2068\u202eDan\u2069 declared"));
  g_assert_nonnull (strstr (facts, "\u200e\u2068\u202eDan\u2069 16"));

  /* Pango takes a label's direction from its first strong character. */
  line = g_strdup_printf ("1 \u2013 2 \u2013 1 \u00b7 %s deals next", override);
  label = g_object_ref_sink (gtk_label_new (NULL));
  layout = gtk_widget_create_pango_layout (label, line);
  g_assert_cmpint (pango_layout_get_line_readonly (layout, 0)->resolved_dir, ==, PANGO_DIRECTION_LTR);
}

static void
test_edit_log_rename (void)
{
  g_autoptr (LwGameRecord) record = lw_test_pair_record ("Ann", "Ben");
  LwLoggedEdit entry = {
    .id = 1, .game = 1, .time = 0, .kind = (char *) "rename", .number = 0,
    .old_json = (char *) "{\"what\":\"player\",\"id\":2,\"text\":\"Ann\\u001b]0;x\\u0007\",\"length\":7000000}",
    .new_json = (char *) "{\"what\":\"player\",\"id\":2,\"text\":\"Ann]0;x\"}",
    .undone = 0,
  };
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  lw_logged_edit_describe (record, &entry, &title, &subtitle);
  g_assert_cmpstr (title, ==, "Player name changed to follow the names rule");
  g_test_message ("%s", subtitle);
  g_assert_nonnull (strstr (subtitle, "\n\u201cAnn<U+001B>]0;x<U+0007>\u2026\u201d (7000000 characters)\n"
                                      "\u2192 \u201cAnn]0;x\u201d"));
  g_assert_null (strchr (subtitle, '\x1b'));
}

/* At a phone's 360 by 740 pixels, a round added from the form scrolled
 * into view brings the page back to its top, the new scores in view,
 * though the form below takes the focus for the next round. */
static void
test_narrow_round_added (Fixture       *fixture,
                         gconstpointer  data)
{
  const char *two[] = { "Ann", "Ben" };
  LwStore *store = lw_window_get_store (fixture->window);
  gint64 game = add_game (store, 2, two);
  LwGamePage *page;
  LwRoundForm *form;
  GtkAdjustment *adjustment;

  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 360, 740);
  gtk_window_unmaximize (GTK_WINDOW (fixture->window));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", game);
  lw_test_drain ();
  page = lw_window_get_game_page (fixture->window);
  form = lw_game_page_get_round_form (page);
  adjustment = gtk_scrolled_window_get_vadjustment (lw_game_page_get_scroller (page));

  for (guint round = 1; round <= 2; round++)
    {
      lw_round_form_reset (form);
      lw_round_form_set_declarer (form, LW_NO_SEAT);
      gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS), 10);
      gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 1), LW_SEAT_COUNT_CARDS), 16);
      lw_test_drain ();
      /* Scrolled down to the form, as after typing the round in */
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
      lw_test_drain ();
      g_test_message ("round %u: %.0f px down of %.0f, the page %.0f high", round,
                      gtk_adjustment_get_value (adjustment), gtk_adjustment_get_upper (adjustment),
                      gtk_adjustment_get_page_size (adjustment));
      g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);
      lw_test_activate (page, "game.submit-round");
      lw_test_drain ();
      g_assert_cmpuint (lw_game_page_get_record (page)->rounds->len, ==, 2 + round);
      g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);
    }
}

int
main (int   argc,
      char *argv[])
{
  lw_test_app_init (&argc, &argv);

  g_test_add_func ("/ui-names/edit-log-rename", test_edit_log_rename);
  g_test_add_func ("/ui-names/isolate-name", test_isolate_name);
  g_test_add ("/ui-names/narrow-round-added", Fixture, NULL,
              lw_test_app_set_up, test_narrow_round_added, lw_test_app_tear_down);
  g_test_add ("/ui-names/long-names", Fixture, NULL,
              lw_test_app_set_up, test_long_names, lw_test_app_tear_down);

  return lw_test_app_run ();
}
