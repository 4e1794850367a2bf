/* test-ui-table.c — the virtual table driven in-process: a whole round
 * against a computer seat, refused plays, the hot-seat curtain, save and
 * resume, hint and undo, the replay of a finished round, the house rules
 * and rule sets chosen on New Game (played by, kept on resume, named on
 * the game page)
 *
 * Each test runs on its own temporary database with the application
 * created G_APPLICATION_NON_UNIQUE. A game is started from the New Game
 * page; the person's moves are made by selecting cards in the table view
 * and activating the page's actions, and the checks read the engine's
 * table, the page and the database.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>

#include "lw-app-util.h"
#include "lw-application.h"
#include "lw-card-renderer.h"
#include "lw-game-page.h"
#include "lw-game-page-private.h"
#include "lw-round-form.h"
#include "lw-round-form-private.h"
#include "lw-seat-row-private.h"
#include "lw-new-game-page.h"
#include "lw-new-game-page-private.h"
#include "lw-replay-window.h"
#include "lw-replay-window-private.h"
#include "lw-store-table.h"
#include "lw-table-page.h"
#include "lw-table-page-private.h"
#include "lw-table-view-private.h"
#include "lw-window.h"
#include "lw-window-private.h"
#include "lw-test-app.h"
#include "lw-test-util.h"

typedef LwTestApp Fixture;

/* The app opened again, its computer seats moving without a pause. */
static void
open_app (Fixture *fixture)
{
  lw_test_app_open (fixture);
  lw_table_page_set_computer_pause (lw_window_get_table_page (fixture->window), 0);
  lw_table_page_set_trick_hold (lw_window_get_table_page (fixture->window), 0, FALSE);
  lw_test_drain ();
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  lw_test_app_set_up (fixture, data);
  lw_table_page_set_computer_pause (lw_window_get_table_page (fixture->window), 0);
  lw_table_page_set_trick_hold (lw_window_get_table_page (fixture->window), 0, FALSE);
  lw_test_drain ();
}

static gboolean
timed_out_cb (gpointer data)
{
  g_error ("a computer seat did not move within 20 s");
  return G_SOURCE_REMOVE;
}

/* Until no computer seat is moving. */
static void
wait_idle (LwTablePage *page)
{
  guint guard = g_timeout_add_seconds (20, timed_out_cb, NULL);

  while (lw_table_page_is_busy (page))
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (guard);
  lw_test_drain ();
}

/* A game from the New Game page: @people[s] TRUE for a person, the
 * computer seats at @level, partners when @partners. */
static LwTablePage *
start_game_full (Fixture           *fixture,
                 guint              n_players,
                 const char *const *names,
                 const gboolean    *people,
                 guint64            seed,
                 LwBotLevel         level,
                 gboolean           partners)
{
  LwNewGamePage *form;
  LwTablePage *page = lw_window_get_table_page (fixture->window);

  form = lw_test_new_game_form (fixture->window, n_players, names, TRUE);
  for (guint s = 0; s < n_players; s++)
    lw_new_game_page_set_seat_player (form, s, !people[s], level);
  if (partners)
    lw_new_game_page_set_partners (form, TRUE);
  lw_new_game_page_set_table_seed (form, seed);
  g_assert_cmpstr (lw_new_game_page_get_error_text (form), ==, "");
  lw_test_activate (form, "new-game.start");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "table");
  g_assert_nonnull (lw_table_page_get_table (page));
  wait_idle (page);
  return page;
}

static LwTablePage *
start_game (Fixture           *fixture,
            guint              n_players,
            const char *const *names,
            const gboolean    *people,
            guint64            seed)
{
  return start_game_full (fixture, n_players, names, people, seed, LW_BOT_NORMAL, FALSE);
}

/* Ann, at this device, against Ben, a computer at Normal: the table of
 * most tests here, dealt with @seed. */
static const char *const ann_ben[] = { "Ann", "Ben" };

static LwTablePage *
start_against_computer (Fixture *fixture,
                        guint64  seed)
{
  static const gboolean people[] = { TRUE, FALSE };

  return start_game (fixture, 2, ann_ben, people, seed);
}

/* The person to act makes a legal move through the widgets; also checks
 * that the dimmed cards are exactly those in no legal follow, and tries
 * an illegal follow first when one exists (counted in @refused). */
static void
person_moves (LwTablePage *page,
              guint       *refused)
{
  const LwTable *table = lw_table_page_get_table (page);
  LwTableView *view = lw_table_page_get_view (page);
  int seat = lw_table_get_turn (table);
  guint n_hand = 0, n_after = 0, log_len = lw_table_get_log (table)->len;
  LwPhase phase = lw_table_get_phase (table);

  g_assert_cmpint (lw_table_view_get_viewer (view), ==, seat);
  lw_table_get_hand (table, seat, &n_hand);

  if (phase == LW_PHASE_BID)
    {
      /* The Dealer Declares (and discards), the others Decline. */
      lw_test_activate (page, seat == lw_table_get_dealer (table) ? "table.declare" : "table.decline");
    }
  else if (phase == LW_PHASE_EXCHANGE)
    {
      g_assert_cmpuint (n_hand, ==, lw_hand_size (lw_table_get_n_players (table)) + 4);
      lw_table_view_set_selection (view, 0xf);
      lw_test_activate (page, "table.discard");
      lw_table_get_hand (lw_table_page_get_table (page), seat, &n_after);
      g_assert_cmpuint (n_after, ==, n_hand - 4);
    }
  else if (lw_table_get_lead (table) == NULL)
    {
      g_autoptr (GArray) leads = g_array_new (FALSE, FALSE, sizeof (LwPlay));
      const LwPlay *play;

      lw_table_legal_leads (table, leads);
      g_assert_cmpuint (leads->len, >, 0);

      /* The lowest and the highest card together are no lead (different
       * ranks, not a Run of two): refused in words, nothing changes. */
      if (n_hand >= 2)
        {
          const LwCard *hand = lw_table_get_hand (table, seat, &n_hand);

          if (lw_card_rank (hand[0]) != lw_card_rank (hand[n_hand - 1]))
            {
              g_autofree char *before = lw_table_to_json (table);
              g_autofree char *after = NULL;

              lw_table_view_set_selection (view, 1u | (1u << (n_hand - 1)));
              lw_test_activate (page, "table.play");
              after = lw_table_to_json (lw_table_page_get_table (page));
              g_assert_cmpstr (before, ==, after);
              g_assert_cmpstr (lw_table_page_get_status_text (page), !=, "");
              (*refused)++;
            }
        }
      /* The biggest lead without wildcards, so that Pairs and more are
       * led too (a wildcard's reading may need asking). */
      play = NULL;
      for (guint k = 0; k < leads->len; k++)
        {
          const LwPlay *p = &g_array_index (leads, LwPlay, k);
          gboolean wild = FALSE;

          for (guint c = 0; c < p->n; c++)
            wild = wild || p->as_rank[c] >= 0;
          if (!wild && (play == NULL || p->n > play->n))
            play = p;
        }
      g_assert_nonnull (play);
      {
        g_autofree char *text = lw_play_format (play);
        g_test_message ("lead %s", text);
      }
      lw_table_view_set_selection (view, lw_test_hand_mask (table, seat, play->cards, play->n));
      lw_test_activate (page, "table.play");
      g_test_message ("status %s", lw_table_page_get_status_text (page));
      lw_table_get_hand (lw_table_page_get_table (page), seat, &n_after);
      g_assert_cmpuint (n_after + play->n, ==, n_hand);
    }
  else
    {
      g_autoptr (GArray) masks = g_array_new (FALSE, FALSE, sizeof (guint32));
      guint32 any = 0, legal;
      guint n = lw_table_get_lead (table)->n;

      lw_table_legal_follows (table, masks);
      for (guint k = 0; k < masks->len; k++)
        any |= g_array_index (masks, guint32, k);
      for (guint i = 0; i < n_hand; i++)
        g_assert_cmpint (lw_table_view_card_is_dimmed (view, i), ==, !(any & (1u << i)));

      /* The cards every legal follow holds are marked, face by face (of
       * two copies of a face, as many as every follow holds), and named
       * in the status ("You must play 9♦, 9♥."). */
      {
        guint32 must = lw_table_view_get_obligatory (view);
        const LwCard *hand = lw_table_get_hand (table, seat, &n_hand);
        guint owed[256], marked[256];
        g_autofree char *cards = NULL;
        g_autofree char *words = NULL;

        for (guint i = 0; i < n_hand; i++)
          owed[lw_card_face (hand[i])] = G_MAXUINT, marked[lw_card_face (hand[i])] = 0;
        for (guint k = 0; k < masks->len; k++)
          for (guint i = 0; i < n_hand; i++)
            {
              guint face = lw_card_face (hand[i]), held = 0;

              for (guint j = 0; j < n_hand; j++)
                held += lw_card_face (hand[j]) == face && (g_array_index (masks, guint32, k) & (1u << j));
              owed[face] = MIN (owed[face], held);
            }
        for (guint i = 0; i < n_hand; i++)
          if (must & (1u << i))
            marked[lw_card_face (hand[i])]++;
        for (guint i = 0; i < n_hand; i++)
          g_assert_cmpuint (marked[lw_card_face (hand[i])], ==, owed[lw_card_face (hand[i])]);
        g_assert_cmpuint (must & ~any, ==, 0);
        cards = lw_describe_cards (hand, n_hand, must);
        words = g_strdup_printf ("You must play %s.", cards);
        g_assert_cmpint (strstr (lw_table_page_get_status_text (page), words) != NULL, ==, must != 0);
      }

      /* A card in no legal follow, played with others: refused in words,
       * nothing changes. */
      for (guint i = 0; i < n_hand; i++)
        if (!(any & (1u << i)))
          {
            guint32 bad = 1u << i;
            g_autofree char *before = lw_table_to_json (table);
            g_autofree char *after = NULL;

            for (guint j = 0; j < n_hand && (guint) __builtin_popcount (bad) < n; j++)
              bad |= 1u << j;
            lw_table_view_set_selection (view, bad);
            lw_test_activate (page, "table.play");
            after = lw_table_to_json (lw_table_page_get_table (page));
            g_assert_cmpstr (before, ==, after);
            /* The reason in words, with the cards that meet it. */
            {
              LwRefusal refusal;
              LwCard cards[LW_MAX_PLAY];
              guint nc = 0;
              const LwCard *hand = lw_table_get_hand (table, seat, &n_hand);
              g_autofree char *words = NULL;

              for (guint j = 0; j < n_hand; j++)
                if (bad & (1u << j))
                  cards[nc++] = hand[j];
              g_assert_true (lw_follow_refusal (lw_table_get_lead (table), hand, n_hand, cards, nc, &refusal));
              words = lw_describe_refusal (&refusal, hand, n_hand);
              g_assert_cmpstr (lw_table_page_get_status_text (page), ==, words);
              g_assert_true (g_str_has_prefix (words, "You must "));
              g_assert_nonnull (strstr (words, ": you hold "));
            }
            g_test_message ("refused: %s", lw_table_page_get_status_text (page));
            (*refused)++;
            break;
          }

      legal = g_array_index (masks, guint32, 0);
      lw_table_view_set_selection (view, legal);
      lw_test_activate (page, "table.play");
      lw_table_get_hand (lw_table_page_get_table (page), seat, &n_after);
      g_assert_cmpuint (n_after + n, ==, n_hand);
    }
  g_assert_cmpuint (lw_table_get_log (lw_table_page_get_table (page))->len, >, log_len);
}

/* A whole round against a computer seat: every play through the page,
 * the round stored as the game's round 1 with the table's facts, scored by
 * the engine, and the next round dealt by the next dealer. */
static void
test_round_against_computer (Fixture       *fixture,
                             gconstpointer  data)
{
  LwTablePage *page = start_against_computer (fixture, 11);
  LwStore *store = lw_window_get_store (fixture->window);
  g_autoptr (LwTable) finished = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GError) error = NULL;
  gint64 id = lw_table_page_get_game_id (page);
  guint refused = 0, moves = 0;
  const LwRound *round;

  g_assert_cmpint (lw_table_view_get_viewer (lw_table_page_get_view (page)), ==, 0);
  g_assert_cmpint (lw_table_page_get_curtain_seat (page), ==, LW_NO_SEAT);
  g_assert_true (lw_store_has_table (store, id));

  while (!lw_table_page_get_round_over (page))
    {
      const LwTable *table = lw_table_page_get_table (page);

      g_assert_cmpint (lw_table_get_turn (table), ==, 0);
      person_moves (page, &refused);
      moves++;
      if (lw_table_get_phase (lw_table_page_get_table (page)) != LW_PHASE_END)
        {
          /* Saved after every move: the store holds this very round. */
          g_autoptr (LwStoredTable) stored = lw_store_load_table (store, id, &error);
          g_autoptr (LwTable) loaded = lw_table_from_json (stored->round, -1, &error);

          g_assert_no_error (error);
          g_assert_cmpuint (stored->round_number, ==, 1);
          g_assert_true (lw_table_equal (loaded, lw_table_page_get_table (page)));
        }
      wait_idle (page);
      g_assert_cmpuint (moves, <, 100);
    }
  g_assert_cmpuint (refused, >, 0);

  finished = lw_table_copy (lw_table_page_get_table (page));
  g_assert_cmpint (lw_table_get_phase (finished), ==, LW_PHASE_END);
  game = lw_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->record->rounds->len, ==, 1);
  round = g_ptr_array_index (game->record->rounds, 0);
  g_assert_cmpint (round->cards[0], ==, (int) lw_table_get_taken (finished, 0));
  g_assert_cmpint (round->cards[1], ==, (int) lw_table_get_taken (finished, 1));
  g_assert_cmpint (round->cards[0] + round->cards[1], ==, 26);
  g_assert_cmpint (round->declarer, ==, lw_table_get_declarer (finished));
  g_assert_cmpint (round->declarer, ==, 0);
  standings = lw_standings_compute (game->record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (lw_table_page_get_status_text (page), "Round 1 is over"));

  /* Between rounds nothing is in progress; the next deal is round 2,
   * dealt by the seat the scoring engine names. */
  {
    g_autoptr (LwStoredTable) stored = lw_store_load_table (store, id, &error);
    g_assert_null (stored->round);
  }
  lw_test_activate (page, "table.next-round");
  g_assert_false (lw_table_page_get_round_over (page));
  g_assert_cmpint (lw_table_get_dealer (lw_table_page_get_table (page)), ==, standings->next_dealer);
  {
    g_autoptr (LwStoredTable) stored = lw_store_load_table (store, id, &error);
    g_assert_cmpuint (stored->round_number, ==, 2);
  }

  /* The game is listed and scored like any other. */
  {
    g_autoptr (GPtrArray) games = lw_store_list_games (store, &error);
    g_assert_cmpuint (games->len, ==, 1);
  }
}

/* Three players, two of them people: a curtain between their turns, the
 * hand shown only after "I am …". */
static void
test_hot_seat_curtain (Fixture       *fixture,
                       gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben", "Cleo" };
  const gboolean people[] = { TRUE, TRUE, FALSE };
  LwTablePage *page = start_game (fixture, 3, names, people, 5);
  LwTableView *view = lw_table_page_get_view (page);
  guint curtains = 0, refused = 0;
  int last_viewer = LW_NO_SEAT;

  /* Ann deals and speaks first: the round starts behind the curtain. */
  g_assert_cmpint (lw_table_page_get_curtain_seat (page), ==, 0);
  g_assert_cmpstr (lw_table_page_get_curtain_title (page), ==, "Pass the device to Ann");
  g_assert_cmpstr (lw_table_page_get_shown (page), ==, "curtain");

  for (guint step = 0; step < 60 && !lw_table_page_get_round_over (page); step++)
    {
      const LwTable *table = lw_table_page_get_table (page);
      int turn = lw_table_get_turn (table);
      int curtain = lw_table_page_get_curtain_seat (page);

      g_assert_true (turn == 0 || turn == 1);
      if (turn != last_viewer)
        {
          g_autofree char *title = g_strdup_printf ("Pass the device to %s", names[turn]);

          /* A new person's turn: the table is hidden until they confirm. */
          g_assert_cmpint (curtain, ==, turn);
          g_assert_cmpstr (lw_table_page_get_curtain_title (page), ==, title);
          g_assert_cmpstr (lw_table_page_get_shown (page), ==, "curtain");
          lw_test_activate (page, "table.confirm-seat");
          curtains++;
          g_assert_cmpint (lw_table_page_get_curtain_seat (page), ==, LW_NO_SEAT);
          g_assert_cmpint (lw_table_view_get_viewer (view), ==, turn);
          g_assert_cmpstr (lw_table_page_get_shown (page), ==, "table");
          last_viewer = turn;
        }
      else
        g_assert_cmpint (curtain, ==, LW_NO_SEAT);
      person_moves (page, &refused);
      wait_idle (page);
    }
  g_assert_cmpuint (curtains, >=, 3);
}

/* Closed mid-round and opened again: the same deal, hands and trick. */
static void
test_save_resume (Fixture       *fixture,
                  gconstpointer  data)
{
  LwTablePage *page = start_against_computer (fixture, 23);
  g_autoptr (LwTable) before = NULL;
  g_autoptr (GError) error = NULL;
  gint64 id = lw_table_page_get_game_id (page);
  guint refused = 0, n_before = 0, n_after = 0, cur_before = 0, cur_after = 0;
  const LwCard *hand_before, *hand_after;

  /* Into the tricks: a few moves. */
  for (guint k = 0; k < 5 && !lw_table_page_get_round_over (page); k++)
    {
      person_moves (page, &refused);
      wait_idle (page);
    }
  before = lw_table_copy (lw_table_page_get_table (page));
  g_assert_cmpint (lw_table_get_phase (before), ==, LW_PHASE_PLAY);
  g_assert_cmpuint (lw_table_get_tricks (before)->len, >, 0);

  lw_test_app_close (fixture);
  open_app (fixture);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", id));
  lw_test_drain ();
  page = lw_window_get_table_page (fixture->window);
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "table");
  g_assert_true (lw_table_equal (lw_table_page_get_table (page), before));
  hand_before = lw_table_get_hand (before, 0, &n_before);
  hand_after = lw_table_get_hand (lw_table_page_get_table (page), 0, &n_after);
  g_assert_cmpuint (n_before, ==, n_after);
  g_assert_cmpmem (hand_before, n_before, hand_after, n_after);
  lw_table_get_current (before, &cur_before);
  lw_table_get_current (lw_table_page_get_table (page), &cur_after);
  g_assert_cmpuint (cur_before, ==, cur_after);
  g_assert_cmpint (lw_table_view_get_viewer (lw_table_page_get_view (page)), ==, 0);

  /* And it plays on. */
  person_moves (page, &refused);
  (void) error;
}

/* Hint selects what the Normal level would play; undo takes the person's
 * last play back (and the computer's answer with it). */
static void
test_hint_undo (Fixture       *fixture,
                gconstpointer  data)
{
  LwTablePage *page = start_against_computer (fixture, 31);
  LwTableView *view = lw_table_page_get_view (page);
  g_autoptr (LwTable) before = NULL;
  guint refused = 0;

  /* Nothing of Ann's to take back yet. */
  g_assert_cmpuint (lw_table_get_log (lw_table_page_get_table (page))->len, ==, 0);
  lw_test_activate (page, "table.undo");
  g_assert_cmpuint (lw_table_get_log (lw_table_page_get_table (page))->len, ==, 0);
  while (lw_table_get_phase (lw_table_page_get_table (page)) != LW_PHASE_PLAY)
    {
      person_moves (page, &refused);
      wait_idle (page);
    }

  before = lw_table_copy (lw_table_page_get_table (page));
  lw_table_view_set_selection (view, 0);
  lw_test_activate (page, "table.hint");
  g_assert_cmpuint (lw_table_view_get_selection (view), !=, 0);
  g_assert_true (g_str_has_prefix (lw_table_page_get_status_text (page), "Hint: play "));
  lw_test_activate (page, "table.play");
  wait_idle (page);
  g_assert_cmpuint (lw_table_get_log (lw_table_page_get_table (page))->len, >,
                    lw_table_get_log (before)->len);

  lw_test_activate (page, "table.undo");
  wait_idle (page);
  g_assert_true (lw_table_equal (lw_table_page_get_table (page), before));
  g_assert_cmpint (lw_table_get_turn (lw_table_page_get_table (page)), ==, 0);
}

static LwReplayWindow *find_replay (void);

/* Every text a person or a screen reader can get from @widget and below:
 * labels, button labels, tooltips, titles and subtitles, entries. */
static void
collect_texts (GtkWidget *widget,
               GString   *out)
{
  const char *texts[4] = { NULL };

  if (GTK_IS_LABEL (widget))
    texts[0] = gtk_label_get_text (GTK_LABEL (widget));
  else if (GTK_IS_BUTTON (widget))
    texts[0] = gtk_button_get_label (GTK_BUTTON (widget));
  else if (GTK_IS_EDITABLE (widget))
    texts[0] = gtk_editable_get_text (GTK_EDITABLE (widget));
  else if (ADW_IS_WINDOW_TITLE (widget))
    {
      texts[0] = adw_window_title_get_title (ADW_WINDOW_TITLE (widget));
      texts[1] = adw_window_title_get_subtitle (ADW_WINDOW_TITLE (widget));
    }
  else if (ADW_IS_STATUS_PAGE (widget))
    {
      texts[0] = adw_status_page_get_title (ADW_STATUS_PAGE (widget));
      texts[1] = adw_status_page_get_description (ADW_STATUS_PAGE (widget));
    }
  else if (ADW_IS_ACTION_ROW (widget))
    {
      texts[0] = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));
      texts[1] = adw_action_row_get_subtitle (ADW_ACTION_ROW (widget));
    }
  else if (ADW_IS_MESSAGE_DIALOG (widget))
    {
      texts[0] = adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (widget));
      texts[1] = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (widget));
    }
  if (GTK_IS_WINDOW (widget))
    texts[2] = gtk_window_get_title (GTK_WINDOW (widget));
  texts[3] = gtk_widget_get_tooltip_text (widget);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    if (texts[i] != NULL)
      g_string_append_printf (out, "%s\n", texts[i]);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_texts (child, out);
}

/* The texts of every window shown. */
static char *
all_texts (void)
{
  g_autoptr (GList) toplevels = gtk_window_list_toplevels ();
  GString *out = g_string_new (NULL);

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (gtk_widget_get_visible (l->data))
      collect_texts (l->data, out);
  return g_string_free (out, FALSE);
}

/* The declaring Dealer takes the Pups (face down until then): Undo cannot
 * take that Declare back (SCORING R19), the Undo button says why, and no
 * text in any window names the Pups; the discard after it can still be
 * taken back, to the Pups in hand again. */
static void
test_undo_keeps_pups (Fixture       *fixture,
                      gconstpointer  data)
{
  LwTablePage *page = start_against_computer (fixture, 31);
  const LwTable *table = lw_table_page_get_table (page);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwTable) declared = NULL;
  g_autofree char *texts = NULL;
  LwCard before[LW_MAX_HAND], pups[4];
  guint n_before = 0, n_after = 0, n_pups = 0;
  const LwCard *hand;

  g_assert_cmpint (lw_table_get_dealer (table), ==, 0);
  g_assert_cmpint (lw_table_get_turn (table), ==, 0);
  hand = lw_table_get_hand (table, 0, &n_before);
  memcpy (before, hand, n_before * sizeof *hand);

  lw_test_activate (page, "table.declare");
  wait_idle (page);
  table = lw_table_page_get_table (page);
  g_assert_cmpint (lw_table_get_phase (table), ==, LW_PHASE_EXCHANGE);
  hand = lw_table_get_hand (table, 0, &n_after);
  g_assert_cmpuint (n_after, ==, n_before + 4);
  for (guint i = 0; i < n_after; i++)
    {
      gboolean had = FALSE;

      for (guint j = 0; j < n_before; j++)
        had = had || before[j] == hand[i];
      if (!had)
        pups[n_pups++] = hand[i];
    }
  g_assert_cmpuint (n_pups, ==, 4);
  declared = lw_table_copy (table);

  /* The engine refuses, in words that name no card. */
  g_assert_cmpuint (lw_table_undo_floor (table, 0), ==, 1);
  g_assert_cmpuint (lw_table_undo_floor (table, 1), ==, 0);
  g_assert_false (lw_table_check_undo (table, 0, 0, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY);
  g_assert_nonnull (strstr (error->message, "R19"));
  g_assert_true (lw_table_check_undo (table, 0, 1, NULL));

  /* The page: Undo disabled, its tooltip says why; Ctrl+Z does nothing. */
  g_assert_false (gtk_widget_get_sensitive (page->undo_button));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (page->undo_button), "seen the Pups"));
  gtk_widget_activate_action (GTK_WIDGET (page), "table.undo", NULL);
  lw_test_drain ();
  wait_idle (page);
  g_assert_true (lw_table_equal (lw_table_page_get_table (page), declared));

  /* Nothing shown names the Pups turned down (the first is public). */
  texts = all_texts ();
  for (guint k = 0; k < 4; k++)
    {
      g_autofree char *notation = lw_cards_format (&pups[k], 1);
      g_autofree char *face = lw_card_face_short (lw_card_face (pups[k]));
      g_autofree char *words = lw_card_face_name (lw_card_face (pups[k]));

      g_test_message ("Pup %s (%s)", notation, words);
      if (pups[k] == lw_table_get_revealed (table) || lw_card_is_den (pups[k]))
        continue;
      g_assert_null (strstr (texts, notation));
      g_assert_null (strstr (texts, face));
      g_assert_null (strstr (texts, words));
    }

  /* The discard can be taken back: to the Pups in hand again. */
  lw_table_view_set_selection (lw_table_page_get_view (page), 0xf);
  lw_test_activate (page, "table.discard");
  wait_idle (page);
  g_assert_cmpint (lw_table_get_phase (lw_table_page_get_table (page)), !=, LW_PHASE_EXCHANGE);
  g_assert_true (gtk_widget_get_sensitive (page->undo_button));
  lw_test_activate (page, "table.undo");
  wait_idle (page);
  g_assert_true (lw_table_equal (lw_table_page_get_table (page), declared));
  g_assert_false (gtk_widget_get_sensitive (page->undo_button));
}

/* Undo Last Play never lets Ann see Ben's next lead and play again
 * knowing it: after a play of hers that Ben answers within the trick, it
 * takes both back; once Ben has won the trick and led the next, Undo is
 * off, its tooltip says why, and Ctrl+Z changes nothing. */
static void
test_undo_after_lead (Fixture       *fixture,
                      gconstpointer  data)
{
  LwTablePage *page = start_against_computer (fixture, 31);
  guint refused = 0, answered = 0, led = 0, moves = 0;

  while (!lw_table_page_get_game_over (page) && (answered == 0 || led == 0))
    {
      g_autoptr (LwTable) before = lw_table_copy (lw_table_page_get_table (page));
      g_autoptr (LwTable) after = NULL;
      guint n_current = 0;
      gboolean ben_led;

      moves++;

      g_assert_cmpuint (moves, <, 300);
      person_moves (page, &refused);
      wait_idle (page);
      if (lw_table_page_get_round_over (page))
        {
          if (!lw_table_page_get_game_over (page))
            lw_test_activate (page, "table.next-round");
          wait_idle (page);
          continue;
        }
      after = lw_table_copy (lw_table_page_get_table (page));
      g_assert_cmpint (lw_table_get_turn (after), ==, 0);
      lw_table_get_current (after, &n_current);
      ben_led = n_current > 0 && (lw_table_get_tricks (after)->len > lw_table_get_tricks (before)->len
                                  || lw_table_get_phase (before) != LW_PHASE_PLAY);
      if (ben_led)
        {
          /* Ann sees Ben's lead: her play stands. */
          g_assert_false (gtk_widget_get_sensitive (page->undo_button));
          g_assert_cmpstr (gtk_widget_get_tooltip_text (page->undo_button), ==,
                           "Ben has led the next trick: that can’t be taken back.");
          gtk_widget_activate_action (GTK_WIDGET (page), "table.undo", NULL);
          wait_idle (page);
          g_assert_true (lw_table_equal (lw_table_page_get_table (page), after));
          led++;
        }
      else if (lw_table_get_phase (before) == LW_PHASE_PLAY
               && lw_table_get_log (after)->len > lw_table_get_log (before)->len + 1)
        {
          /* Ben followed within the trick: both taken back, and played
           * again the same. */
          g_assert_true (gtk_widget_get_sensitive (page->undo_button));
          lw_test_activate (page, "table.undo");
          wait_idle (page);
          g_assert_true (lw_table_equal (lw_table_page_get_table (page), before));
          g_assert_cmpstr (lw_table_page_get_status_text (page), ==, "Your last play was taken back.");
          person_moves (page, &refused);
          wait_idle (page);
          g_assert_true (lw_table_equal (lw_table_page_get_table (page), after));
          answered++;
        }
    }
  g_test_message ("%u moves: %u undos of a play Ben answered, %u refused after his lead", moves, answered, led);
  g_assert_cmpuint (answered, >, 0);
  g_assert_cmpuint (led, >, 0);
}

/* Hot-seat play: a person may take back their own last play while the
 * table is still theirs (no curtain down), never past the Pups; once the
 * curtain is down for the next person, and for that person, no undo. */
static void
test_hot_seat_undo (Fixture       *fixture,
                    gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben" };
  const gboolean people[] = { TRUE, TRUE };
  LwTablePage *page = start_game (fixture, 2, names, people, 31);
  g_autoptr (LwTable) declared = NULL;
  guint refused = 0;

  g_assert_cmpint (lw_table_page_get_curtain_seat (page), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (page->undo_button));
  lw_test_activate (page, "table.confirm-seat");
  lw_test_activate (page, "table.declare");
  g_assert_cmpint (lw_table_page_get_curtain_seat (page), ==, LW_NO_SEAT);
  g_assert_false (gtk_widget_get_sensitive (page->undo_button));
  declared = lw_table_copy (lw_table_page_get_table (page));

  /* Ann's discard, and she leads: still her table, the discard undone. */
  lw_table_view_set_selection (lw_table_page_get_view (page), 0xf);
  lw_test_activate (page, "table.discard");
  g_assert_cmpint (lw_table_get_turn (lw_table_page_get_table (page)), ==, 0);
  g_assert_true (gtk_widget_get_sensitive (page->undo_button));
  lw_test_activate (page, "table.undo");
  g_assert_true (lw_table_equal (lw_table_page_get_table (page), declared));
  g_assert_cmpint (lw_table_page_get_curtain_seat (page), ==, LW_NO_SEAT);

  /* Ann discards and leads: the curtain for Ben, no undo for anyone. */
  person_moves (page, &refused);
  person_moves (page, &refused);
  g_assert_cmpint (lw_table_page_get_curtain_seat (page), ==, 1);
  g_assert_false (gtk_widget_get_sensitive (page->undo_button));
  lw_test_activate (page, "table.confirm-seat");
  g_assert_cmpint (lw_table_page_get_curtain_seat (page), ==, LW_NO_SEAT);
  g_assert_false (gtk_widget_get_sensitive (page->undo_button));
}

/* Fills the Scores page's round form with a round of two players. */
static void
fill_round (LwGamePage *game_page)
{
  LwRoundForm *form = lw_game_page_get_round_form (game_page);

  lw_round_form_reset (form);
  lw_round_form_set_declarer (form, 0);
  gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS), 20);
  gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 1), LW_SEAT_COUNT_CARDS), 6);
  lw_test_drain ();
}

/* Add Round on the Scores page while the table plays that round: a
 * question, Keep Playing the default; Keep Playing keeps the round as it
 * was, Add Round Anyway adds the round typed in. */
static void
test_add_round_while_playing (Fixture       *fixture,
                              gconstpointer  data)
{
  LwTablePage *page = start_against_computer (fixture, 31);
  LwStore *store = lw_window_get_store (fixture->window);
  gint64 id = lw_table_page_get_game_id (page);
  LwGamePage *game_page;
  AdwMessageDialog *dialog;
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = NULL;

  lw_test_activate (page, "table.declare");
  wait_idle (page);
  saved = lw_table_to_json (lw_table_page_get_table (page));

  lw_test_activate (page, "table.show-scores");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "game");
  game_page = lw_window_get_game_page (fixture->window);
  fill_round (game_page);
  lw_test_activate (game_page, "game.submit-round");
  dialog = lw_game_page_get_dialog (game_page);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "A Round Is Being Played at the Table");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Round 1 is being played"));
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, "cancel"), ==, "_Keep Playing");
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "cancel");

  /* Keep Playing: nothing added, the round at the table as it was. */
  lw_test_respond (dialog, "cancel");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 0);
  {
    g_autoptr (LwStoredTable) stored = lw_store_load_table (store, id, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (stored->round_number, ==, 1);
    g_assert_cmpstr (stored->round, ==, saved);
  }

  /* Add Round Anyway: the round typed in is round 1. */
  lw_test_activate (game_page, "game.submit-round");
  dialog = lw_game_page_get_dialog (game_page);
  g_assert_nonnull (dialog);
  lw_test_respond (dialog, "add");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 1);
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);
    const LwRound *round = g_ptr_array_index (game->record->rounds, 0);

    g_assert_no_error (error);
    g_assert_cmpint (round->declarer, ==, 0);
    g_assert_cmpint (round->cards[0], ==, 20);
    g_assert_false (lw_store_has_round_log (store, id, 1));
  }

  /* With no round at the table any more, no question: added at once. */
  fill_round (game_page);
  lw_test_activate (game_page, "game.submit-round");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 2);
}

/* A round played at the table, taken back on the Scores page with Ctrl+Z
 * (game.undo) and brought back with the toast's Undo: the round and its
 * log return, and its replay works. */
/* Whether a menu of @model (or its sections) names @action. */
static gboolean
model_has_action (GMenuModel *model,
                  const char *action)
{
  for (int i = 0; model != NULL && i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_str_equal (name, action))
        return TRUE;
      if (model_has_action (section, action))
        return TRUE;
    }
  return FALSE;
}

/* Whether a menu button under @widget has @action in its menu. */
static gboolean
menu_has_action (GtkWidget  *widget,
                 const char *action)
{
  if (GTK_IS_MENU_BUTTON (widget) && model_has_action (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)), action))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (menu_has_action (child, action))
      return TRUE;
  return FALSE;
}

static void
test_take_back_keeps_log (Fixture       *fixture,
                          gconstpointer  data)
{
  LwTablePage *page = start_against_computer (fixture, 23);
  LwStore *store = lw_window_get_store (fixture->window);
  gint64 id = lw_table_page_get_game_id (page);
  g_autoptr (GError) error = NULL;
  g_autofree char *log = NULL;
  g_autofree char *back = NULL;
  LwGamePage *game_page;
  AdwToast *toast;
  guint refused = 0, moves = 0;
  LwReplayWindow *replay;

  while (!lw_table_page_get_round_over (page))
    {
      person_moves (page, &refused);
      wait_idle (page);
      moves++;
      g_assert_cmpuint (moves, <, 100);
    }
  log = lw_store_load_round_log (store, id, 1, &error);
  g_assert_no_error (error);

  lw_test_activate (page, "table.show-scores");
  game_page = lw_window_get_game_page (fixture->window);
  g_assert_cmpstr (lw_game_page_get_undo_text (game_page), ==,
                   "Take Back Last Round (Ctrl+Z): round 1 goes back to the form");

  /* Ctrl+Z: the round taken back, into the form, with Undo offered. */
  lw_test_activate (game_page, "game.undo");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 0);
  g_assert_false (lw_store_has_round_log (store, id, 1));
  toast = lw_game_page_get_round_toast (game_page);
  g_assert_nonnull (toast);
  g_assert_cmpstr (adw_toast_get_title (toast), ==, "Round 1 back in the form");
  g_assert_cmpstr (adw_toast_get_button_label (toast), ==, "_Undo");

  /* Undo: the round and its log are back, and the replay plays it. */
  lw_test_activate (game_page, "game.undo-edit");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 1);
  back = lw_store_load_round_log (store, id, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back, ==, log);
  g_assert_null (find_replay ());
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (game_page), "game.replay-round", "u", 1));
  lw_test_drain ();
  replay = find_replay ();
  g_assert_nonnull (replay);
  g_assert_cmpuint (lw_replay_window_get_n_tricks (replay), >=, 3);
  gtk_window_destroy (GTK_WINDOW (replay));
  lw_test_drain ();

  /* The button "Take Back the Last Round" does the same. */
  lw_test_activate (game_page, "game.undo-round");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 0);
  lw_test_activate (game_page, "game.undo-edit");
  g_assert_cmpuint (lw_test_stored_rounds (fixture, id), ==, 1);
  g_assert_true (lw_store_has_round_log (store, id, 1));

  /* Back to the Table, from the game menu of the Scores page of a game
   * played there. */
  g_assert_true (menu_has_action (GTK_WIDGET (game_page), "game.back-to-table"));
  lw_test_activate (game_page, "game.back-to-table");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "table");
  g_assert_cmpint (lw_table_page_get_game_id (page), ==, id);
}

/* Plays a game at the table to its end through the page: the people's
 * moves (after the curtain when it is shown), Next Round between rounds.
 * Returns: the rounds played. */
static guint
play_to_the_end (LwTablePage *page)
{
  guint rounds = 1, refused = 0, steps = 0;

  while (!lw_table_page_get_game_over (page))
    {
      steps++;
      g_assert_cmpuint (steps, <, 20000);
      if (lw_table_page_get_round_over (page))
        {
          lw_test_activate (page, "table.next-round");
          rounds++;
        }
      else if (lw_table_page_get_curtain_seat (page) != LW_NO_SEAT)
        lw_test_activate (page, "table.confirm-seat");
      else
        person_moves (page, &refused);
      wait_idle (page);
    }
  return rounds;
}

/* The stored game agrees with the table's rounds, and is over (R24). */
static void
assert_game_over (Fixture     *fixture,
                  LwTablePage *page,
                  guint        rounds)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game (lw_window_get_store (fixture->window),
                                                      lw_table_page_get_game_id (page), &error);
  g_autoptr (LwStandings) standings = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (game->record->rounds->len, ==, rounds);
  g_test_message ("%u players: %u rounds", game->record->n_players, rounds);
  standings = lw_standings_compute (game->record, &error);
  g_assert_no_error (error);
  g_assert_true (standings->finished);
  g_assert_cmpint (standings->winner, !=, LW_NO_SEAT);
  /* The end says the winner, the last round and the final board. */
  {
    g_autofree char *winner = lw_game_record_side_name (game->record, standings->winner);
    g_autofree char *board = g_strdup_printf ("Final board: %s %d", lw_game_record_side_name (game->record, 0),
                                              standings->scores[0]);
    const char *status = lw_table_page_get_status_text (page);

    g_assert_true (g_str_has_prefix (status, winner));
    g_assert_nonnull (strstr (status, " wins the game"));
    g_assert_nonnull (strstr (status, board));
  }
  /* R24 the target, or R23 a skunk (11 against a side at 0) */
  if (standings->skunk)
    g_assert_cmpint (standings->scores[standings->winner], >=, game->record->skunk);
  else
    g_assert_cmpint (standings->scores[standings->winner], >=, game->record->target);
}

static gboolean
send_key (GtkWidget *widget,
          guint      keyval)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, (GdkModifierType) 0, &handled);
    }
  lw_test_drain ();
  return handled;
}

/* A card played from the keyboard: Home, → to it, Space, Enter. */
static void
test_keyboard_play (Fixture       *fixture,
                    gconstpointer  data)
{
  LwTablePage *page = start_against_computer (fixture, 11);
  LwTableView *view = lw_table_page_get_view (page);
  guint refused = 0, n_hand = 0, n_after = 0, index = G_MAXUINT;
  const LwTable *table;
  const LwCard *hand;

  /* To the first trick where Ann plays one card. */
  for (guint step = 0; step < 40; step++)
    {
      table = lw_table_page_get_table (page);
      if (lw_table_get_phase (table) == LW_PHASE_PLAY && lw_table_get_turn (table) == 0
          && (lw_table_get_lead (table) == NULL || lw_table_get_lead (table)->n == 1))
        break;
      person_moves (page, &refused);
      wait_idle (page);
    }
  table = lw_table_page_get_table (page);
  g_assert_cmpint (lw_table_get_phase (table), ==, LW_PHASE_PLAY);
  hand = lw_table_get_hand (table, 0, &n_hand);
  if (lw_table_get_lead (table) == NULL)
    {
      g_autoptr (GArray) leads = g_array_new (FALSE, FALSE, sizeof (LwPlay));

      lw_table_legal_leads (table, leads);
      for (guint k = 0; k < leads->len && index == G_MAXUINT; k++)
        {
          const LwPlay *play = &g_array_index (leads, LwPlay, k);

          if (play->n == 1 && play->as_rank[0] < 0)
            for (guint i = 0; i < n_hand; i++)
              if (hand[i] == play->cards[0])
                index = i;
        }
    }
  else
    {
      g_autoptr (GArray) masks = g_array_new (FALSE, FALSE, sizeof (guint32));

      lw_table_legal_follows (table, masks);
      index = (guint) __builtin_ctz (g_array_index (masks, guint32, 0));
    }
  g_assert_cmpuint (index, <, n_hand);

  gtk_widget_grab_focus (GTK_WIDGET (view));
  g_assert_true (send_key (GTK_WIDGET (view), GDK_KEY_Home));
  for (guint i = 0; i < index; i++)
    g_assert_true (send_key (GTK_WIDGET (view), GDK_KEY_Right));
  g_assert_cmpuint (lw_table_view_get_cursor (view), ==, index);
  g_assert_true (send_key (GTK_WIDGET (view), GDK_KEY_space));
  g_assert_cmphex (lw_table_view_get_selection (view), ==, 1u << index);
  g_assert_true (send_key (GTK_WIDGET (view), GDK_KEY_Return));
  lw_table_get_hand (lw_table_page_get_table (page), 0, &n_after);
  g_assert_cmpuint (n_after, ==, n_hand - 1);
}

/* Enter after Hint plays the hinted cards: the focus goes from the Hint
 * button to the hand, where Enter is Play. */
static void
test_hint_then_enter (Fixture       *fixture,
                      gconstpointer  data)
{
  LwTablePage *page = start_against_computer (fixture, 31);
  LwTableView *view = lw_table_page_get_view (page);
  GtkWidget *hint = lw_test_find_action_button (GTK_WIDGET (page), "table.hint");
  guint refused = 0, n_hand = 0, n_after = 0, n_hinted;

  while (lw_table_get_phase (lw_table_page_get_table (page)) != LW_PHASE_PLAY
         || lw_table_get_turn (lw_table_page_get_table (page)) != 0)
    {
      person_moves (page, &refused);
      wait_idle (page);
    }
  lw_table_get_hand (lw_table_page_get_table (page), 0, &n_hand);
  g_assert_nonnull (hint);
  gtk_widget_grab_focus (hint);
  lw_test_drain ();
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (hint)) == hint);

  lw_test_activate (page, "table.hint");
  n_hinted = (guint) __builtin_popcount (lw_table_view_get_selection (view));
  g_assert_cmpuint (n_hinted, >, 0);
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (hint)) == GTK_WIDGET (view));
  g_assert_true (send_key (GTK_WIDGET (view), GDK_KEY_Return));
  lw_table_get_hand (lw_table_page_get_table (page), 0, &n_after);
  g_assert_cmpuint (n_after + n_hinted, ==, n_hand);
}

/* The three games of the issue, each played through to the end: two
 * players against Hard, three with two people in hot-seat, four in
 * partners. */
static void
test_whole_games (Fixture       *fixture,
                  gconstpointer  data)
{
  {
    const char *names[] = { "Ann", "Ben" };
    const gboolean people[] = { TRUE, FALSE };
    LwTablePage *page = start_game_full (fixture, 2, names, people, 21, LW_BOT_HARD, FALSE);

    assert_game_over (fixture, page, play_to_the_end (page));
  }
  {
    const char *names[] = { "Ann", "Ben", "Cleo" };
    const gboolean people[] = { TRUE, TRUE, FALSE };
    LwTablePage *page = start_game_full (fixture, 3, names, people, 22, LW_BOT_NORMAL, FALSE);

    assert_game_over (fixture, page, play_to_the_end (page));
  }
  {
    const char *names[] = { "Ann", "Ben", "Cleo", "Dev" };
    const gboolean people[] = { TRUE, FALSE, FALSE, FALSE };
    LwTablePage *page = start_game_full (fixture, 4, names, people, 23, LW_BOT_EASY, TRUE);
    g_autoptr (LwStoredGame) game = NULL;

    assert_game_over (fixture, page, play_to_the_end (page));
    game = lw_store_load_game (lw_window_get_store (fixture->window), lw_table_page_get_game_id (page), NULL);
    /* SCORING R2: partners across the table, two sides. */
    g_assert_cmpuint (game->record->n_teams, ==, 2);
    g_assert_cmpint (game->record->team_of[0], ==, game->record->team_of[2]);
  }
}

/* A seat chosen as Expert in New Game is stored as an Expert seat and
 * plays a whole two-player game through the table's worker thread. */
static void
test_expert_game (Fixture       *fixture,
                  gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben" };
  const gboolean people[] = { TRUE, FALSE };
  LwTablePage *page = start_game_full (fixture, 2, names, people, 24, LW_BOT_EXPERT, FALSE);
  LwStore *store = lw_window_get_store (fixture->window);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredTable) stored = lw_store_load_table (store, lw_table_page_get_game_id (page), &error);
  LwTableSeats seats;

  g_assert_no_error (error);
  g_assert_true (lw_table_seats_from_json (stored->seats, &seats, &error));
  g_assert_false (seats.computer[0]);
  g_assert_true (seats.computer[1]);
  g_assert_cmpint (seats.level[1], ==, LW_BOT_EXPERT);
  assert_game_over (fixture, page, play_to_the_end (page));
}

/* The replay window shown (the newest), or NULL. */
static LwReplayWindow *
find_replay (void)
{
  g_autoptr (GList) toplevels = gtk_window_list_toplevels ();
  LwReplayWindow *found = NULL;

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (LW_IS_REPLAY_WINDOW (l->data) && gtk_widget_get_visible (l->data))
      found = l->data;
  return found;
}

static void
assert_same_trick (const LwTrick *a,
                   const LwTrick *b)
{
  g_assert_cmpint (a->leader, ==, b->leader);
  g_assert_cmpint (a->winner, ==, b->winner);
  g_assert_cmpuint (a->n_plays, ==, b->n_plays);
  for (guint k = 0; k < a->n_plays; k++)
    {
      g_assert_cmpuint (a->plays[k].n, ==, b->plays[k].n);
      for (guint c = 0; c < a->plays[k].n; c++)
        g_assert_cmpuint (a->plays[k].cards[c], ==, b->plays[k].cards[c]);
    }
}

/* A round against a computer seat played to its end, then replayed from
 * the table page and from the game's history: trick by trick, each trick
 * the one the stored log gives, stepping past either end refused. */
static void
test_replay (Fixture       *fixture,
             gconstpointer  data)
{
  LwTablePage *page = start_against_computer (fixture, 23);
  LwStore *store = lw_window_get_store (fixture->window);
  g_autoptr (LwTable) finished = NULL;
  g_autoptr (LwTable) at_three = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *log = NULL;
  g_autofree char *heading = NULL;
  gint64 id = lw_table_page_get_game_id (page);
  guint refused = 0, moves = 0, n_tricks;
  LwReplayWindow *replay;
  const GArray *shown;

  g_assert_null (find_replay ());
  while (!lw_table_page_get_round_over (page))
    {
      person_moves (page, &refused);
      wait_idle (page);
      moves++;
      g_assert_cmpuint (moves, <, 100);
    }
  finished = lw_table_copy (lw_table_page_get_table (page));
  n_tricks = lw_table_get_tricks (finished)->len;
  g_assert_cmpuint (n_tricks, >=, 3);

  /* The round's log is stored with it, and replays to the same table. */
  g_assert_true (lw_store_has_round_log (store, id, 1));
  log = lw_store_load_round_log (store, id, 1, &error);
  g_assert_no_error (error);
  {
    g_autoptr (LwTable) loaded = lw_table_from_json (log, -1, &error);

    g_assert_no_error (error);
    g_assert_true (lw_table_equal (loaded, finished));
  }

  /* From the table page: the first trick. */
  lw_test_activate (page, "table.replay-round");
  replay = find_replay ();
  g_assert_nonnull (replay);
  g_assert_cmpuint (lw_replay_window_get_n_tricks (replay), ==, n_tricks);
  g_assert_cmpuint (lw_replay_window_get_trick (replay), ==, 1);
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (replay), "replay.previous", NULL)
                  && lw_replay_window_get_trick (replay) != 1);
  g_assert_cmpuint (lw_replay_window_get_trick (replay), ==, 1);
  g_assert_false (lw_replay_window_set_trick (replay, 0));

  /* Trick 3: the table after three tricks, as the log replayed with
   * lw_table_apply() gives it. */
  lw_test_activate (replay, "replay.next");
  lw_test_activate (replay, "replay.next");
  g_assert_cmpuint (lw_replay_window_get_trick (replay), ==, 3);
  heading = g_strdup_printf ("Trick 3 of %u", n_tricks);
  g_assert_cmpstr (lw_replay_window_get_heading (replay), ==, heading);
  {
    g_autoptr (LwTable) table = lw_table_replay_prefix (finished, 0, &error);
    const GArray *actions = lw_table_get_log (finished);

    g_assert_no_error (error);
    for (guint i = 0; i < actions->len && lw_table_get_tricks (table)->len < 3; i++)
      {
        g_assert_true (lw_table_apply (table, &g_array_index (actions, LwAction, i), &error));
        g_assert_no_error (error);
      }
    at_three = g_steal_pointer (&table);
  }
  shown = lw_table_get_tricks (lw_replay_window_get_table (replay));
  g_assert_cmpuint (shown->len, ==, 3);
  for (guint k = 0; k < 3; k++)
    assert_same_trick (&g_array_index (shown, LwTrick, k), &g_array_index (lw_table_get_tricks (at_three), LwTrick, k));
  assert_same_trick (&g_array_index (shown, LwTrick, 2), &g_array_index (lw_table_get_tricks (finished), LwTrick, 2));
  for (int s = 0; s < 2; s++)
    g_assert_cmpuint (lw_table_get_taken (lw_replay_window_get_table (replay), s), ==,
                      lw_table_get_taken (at_three, s));
  {
    const LwTrick *third = &g_array_index (shown, LwTrick, 2);
    g_autofree char *detail = g_strdup_printf ("%s led · %s took it", ann_ben[third->leader], ann_ben[third->winner]);
    g_autofree char *taken = g_strdup_printf ("Taken so far: Ann %u · Ben %u", lw_table_get_taken (at_three, 0),
                                              lw_table_get_taken (at_three, 1));

    g_assert_cmpstr (lw_replay_window_get_detail (replay), ==, detail);
    g_assert_cmpstr (lw_replay_window_get_taken (replay), ==, taken);
  }
  /* Read-only, the person's hand face up, this trick in the middle. */
  g_assert_cmpint (lw_table_view_get_viewer (lw_replay_window_get_view (replay)), ==, 0);
  g_assert_true (lw_table_view_get_show_last_trick (lw_replay_window_get_view (replay)));
  g_assert_cmpuint (lw_table_view_get_selection (lw_replay_window_get_view (replay)), ==, 0);

  /* Back one, then to the end: a step past the last trick is refused. */
  lw_test_activate (replay, "replay.previous");
  g_assert_cmpuint (lw_replay_window_get_trick (replay), ==, 2);
  g_assert_true (lw_replay_window_set_trick (replay, n_tricks));
  g_assert_false (lw_replay_window_set_trick (replay, n_tricks + 1));
  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.next", NULL);
  lw_test_drain ();
  g_assert_cmpuint (lw_replay_window_get_trick (replay), ==, n_tricks);
  g_assert_cmpuint (lw_table_get_tricks (lw_replay_window_get_table (replay))->len, ==, n_tricks);
  gtk_window_destroy (GTK_WINDOW (replay));
  lw_test_drain ();
  g_assert_null (find_replay ());

  /* From the game's history: the row of a round with a log offers it. */
  {
    LwGamePage *game_page;
    GtkWidget *row, *button;

    /* The game is still at its table: its score sheet shows the history. */
    lw_test_activate (page, "table.show-scores");
    g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "game");
    game_page = lw_window_get_game_page (fixture->window);
    g_assert_cmpuint (lw_game_page_get_n_history_rows (game_page), ==, 1);
    row = lw_game_page_get_history_row (game_page, 0);
    button = g_object_get_data (G_OBJECT (row), "replay-button");
    g_assert_nonnull (button);
    g_assert_true (gtk_widget_get_visible (button));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (game_page), "game.replay-round", "u", 1));
    lw_test_drain ();
    replay = find_replay ();
    g_assert_nonnull (replay);
    g_assert_cmpuint (lw_replay_window_get_trick (replay), ==, 1);
    g_assert_cmpuint (lw_replay_window_get_n_tricks (replay), ==, n_tricks);
    gtk_window_destroy (GTK_WINDOW (replay));
    lw_test_drain ();

    /* Corrected by hand: the log is dropped, the button goes. */
    {
      g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);
      g_autoptr (LwRound) same = lw_round_copy (g_ptr_array_index (game->record->rounds, 0));

      g_assert_true (lw_store_replace_round (store, id, 1, same, &error));
      g_assert_no_error (error);
    }
    g_assert_true (lw_game_page_load (game_page, id, &error));
    g_assert_no_error (error);
    lw_test_drain ();
    row = lw_game_page_get_history_row (game_page, 0);
    g_assert_false (gtk_widget_get_visible (g_object_get_data (G_OBJECT (row), "replay-button")));
  }
}

/* New Game's house rules and rule sets: a set saved from the rows, a
 * virtual game started with it deals by its rules (TRICKS T9, T22) and
 * keeps them when resumed; choosing the set again fills the rows, a change
 * by hand drops its name; the game page names the set. */
static void
test_house_rules (Fixture       *fixture,
                  gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben" };
  LwNewGamePage *form;
  LwTablePage *page = lw_window_get_table_page (fixture->window);
  LwStore *store = lw_window_get_store (fixture->window);
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  const LwHouseRules *rules;
  gint64 id, set_id;

  form = lw_test_new_game_form (fixture->window, 2, names, TRUE);
  for (guint s = 0; s < 2; s++)
    lw_new_game_page_set_seat_player (form, s, s == 1, LW_BOT_NORMAL);
  lw_new_game_page_set_table_seed (form, 77);
  lw_new_game_page_set_house_rules (form, LW_RUN_FILL_INSIDE_ONLY, LW_OVER_TRUMP_WHOLE_TRICK);
  set_id = lw_new_game_page_save_rule_set (form, "Club nights", &error);
  g_assert_no_error (error);
  g_assert_cmpint (set_id, >, 0);
  /* The same name again is refused. */
  g_assert_cmpint (lw_new_game_page_save_rule_set (form, " Club nights", &error), ==, 0);
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpstr (lw_new_game_page_get_rule_set_note (form), ==, "");
  record = lw_new_game_page_build_record (form, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (record->rule_set, ==, "Club nights");
  g_clear_pointer (&record, lw_game_record_free);

  lw_test_activate (form, "new-game.start");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "table");
  wait_idle (page);
  id = lw_table_page_get_game_id (page);
  rules = lw_table_get_rules (lw_table_page_get_table (page));
  g_assert_true (rules->runs_inside_only);
  g_assert_true (rules->whole_trick_overtrump);
  game = lw_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (game->record->rule_set, ==, "Club nights");
  g_assert_cmpint (game->record->run_fill, ==, LW_RUN_FILL_INSIDE_ONLY);
  g_assert_cmpint (game->record->over_trump, ==, LW_OVER_TRUMP_WHOLE_TRICK);

  /* Resumed in a new run of the app: the same rules. */
  lw_test_app_close (fixture);
  open_app (fixture);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-game", "x", id));
  lw_test_drain ();
  page = lw_window_get_table_page (fixture->window);
  wait_idle (page);
  rules = lw_table_get_rules (lw_table_page_get_table (page));
  g_assert_true (rules->runs_inside_only);
  g_assert_true (rules->whole_trick_overtrump);

  /* New Game: Standard rules first, the saved set fills the rows. */
  form = lw_test_new_game_form (fixture->window, 2, names, FALSE);
  record = lw_new_game_page_build_record (form, &error);
  g_assert_no_error (error);
  g_assert_null (record->rule_set);
  g_assert_cmpint (record->run_fill, ==, LW_RUN_FILL_INSIDE_OR_END);
  g_clear_pointer (&record, lw_game_record_free);
  g_assert_true (lw_new_game_page_select_rule_set (form, "Club nights"));
  g_assert_false (lw_new_game_page_select_rule_set (form, "No such set"));
  lw_test_drain ();
  record = lw_new_game_page_build_record (form, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (record->rule_set, ==, "Club nights");
  g_assert_cmpint (record->run_fill, ==, LW_RUN_FILL_INSIDE_ONLY);
  g_assert_cmpint (record->over_trump, ==, LW_OVER_TRUMP_WHOLE_TRICK);
  g_clear_pointer (&record, lw_game_record_free);

  /* Changed by hand: the game no longer names the set. */
  lw_new_game_page_set_house_rules (form, LW_RUN_FILL_INSIDE_ONLY, LW_OVER_TRUMP_WINNING_PLAY);
  lw_test_drain ();
  g_assert_cmpstr (lw_new_game_page_get_rule_set_note (form), !=, "");
  record = lw_new_game_page_build_record (form, &error);
  g_assert_no_error (error);
  g_assert_null (record->rule_set);
  g_assert_cmpint (record->run_fill, ==, LW_RUN_FILL_INSIDE_ONLY);
  g_clear_pointer (&record, lw_game_record_free);
  lw_new_game_page_set_house_rules (form, LW_RUN_FILL_INSIDE_ONLY, LW_OVER_TRUMP_WHOLE_TRICK);
  lw_test_drain ();
  g_assert_cmpstr (lw_new_game_page_get_rule_set_note (form), ==, "");

  /* A scorekeeper game of the set: the game page names it. */
  lw_test_activate (form, "new-game.start");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "game");
  g_assert_cmpstr (gtk_label_get_text (lw_window_get_game_page (fixture->window)->subtitle_label), ==,
                   "Little Wolf · Club nights · in play");

  /* Standard rules again: the rulings. */
  lw_test_activate (fixture->window, "win.new-game");
  form = lw_window_get_new_game_page (fixture->window);
  g_assert_true (lw_new_game_page_select_rule_set (form, "Club nights"));
  g_assert_true (lw_new_game_page_select_rule_set (form, NULL));
  lw_new_game_page_set_player (form, 0, "Ann");
  lw_new_game_page_set_player (form, 1, "Ben");
  record = lw_new_game_page_build_record (form, &error);
  g_assert_no_error (error);
  g_assert_null (record->rule_set);
  g_assert_cmpint (record->run_fill, ==, LW_RUN_FILL_INSIDE_OR_END);
  g_assert_cmpint (record->over_trump, ==, LW_OVER_TRUMP_WINNING_PLAY);
}

/* The bidding is announced: each seat's Declare or Decline as it is
 * spoken, then its outcome until the first trick is taken (TRICKS §2.4). */
static void
test_bid_announced (Fixture       *fixture,
                    gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben", "Cleo" };
  const gboolean people[] = { TRUE, FALSE, FALSE };
  guint checked = 0;

  for (guint64 seed = 1; seed <= 6; seed++)
    {
      LwTablePage *page = start_game (fixture, 3, names, people, seed);
      const LwTable *table = lw_table_page_get_table (page);
      const char *status = lw_table_page_get_status_text (page);
      g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (LwBidEvent));

      lw_table_bid_events (table, events);
      if (lw_table_get_phase (table) == LW_PHASE_BID)
        {
          /* Ann's turn: every seat before her declined, in order. */
          g_autoptr (GString) want = g_string_new (NULL);

          for (guint k = 0; k < events->len; k++)
            {
              const LwBidEvent *e = &g_array_index (events, LwBidEvent, k);

              g_assert_cmpint (e->kind, ==, LW_BID_DECLINES);
              g_string_append_printf (want, "%s declines. ", names[e->seat]);
            }
          g_assert_true (g_str_has_prefix (status, want->str));
          g_assert_nonnull (strstr (status, "Ann"));
          if (events->len > 0)
            checked++;
          lw_test_activate (page, "table.decline");
          wait_idle (page);
          table = lw_table_page_get_table (page);
          status = lw_table_page_get_status_text (page);
          g_array_set_size (events, 0);
          lw_table_bid_events (table, events);
        }
      if (lw_table_get_phase (table) == LW_PHASE_PLAY && lw_table_get_tricks (table)->len == 0
          && lw_table_get_turn (table) == 0)
        {
          const LwBidEvent *last = &g_array_index (events, LwBidEvent, events->len - 1);

          if (last->kind == LW_BID_ALL_DECLINED)
            g_assert_true (g_str_has_prefix (status, "Everyone declined: "));
          else
            {
              g_autofree char *want = g_strdup_printf ("%s declares", names[last->seat]);
              g_assert_true (g_str_has_prefix (status, want));
            }
          checked++;
        }
      g_test_message ("seed %" G_GUINT64_FORMAT ": %s", seed, status);
    }
  g_assert_cmpuint (checked, >, 0);
}

/* What a wildcard stood for and why a follow is refused, in words. */
static void
test_words (Fixture       *fixture,
            gconstpointer  data)
{
  guint8 used[LW_N_FACES] = { 0 };
  LwPlay play, hand;
  LwLead lead;
  LwRefusal refusal;
  g_autofree char *run = NULL;
  g_autofree char *set = NULL;
  g_autofree char *refused = NULL;

  lw_test_read_play ("5S 6S L=7S", used, &play);
  run = lw_describe_wildcards (&play);
  g_assert_cmpstr (run, ==, "Little Wolf as 7♠");

  memset (used, 0, sizeof used);
  lw_test_read_play ("9S 9C B=9", used, &play);
  set = lw_describe_wildcards (&play);
  g_assert_cmpstr (set, ==, "Big Bear as 9");

  /* E6: a Gong led with hearts trump, the follower without Gong. */
  memset (used, 0, sizeof used);
  lw_test_read_play ("G", used, &play);
  g_assert_true (lw_lead_classify (&play, LW_SUIT_HEARTS, NULL, &lead, NULL));
  g_assert_null (lw_describe_wildcards (&play));
  lw_test_read_play ("5H QH 2S", used, &hand);
  g_assert_true (lw_follow_refusal (&lead, hand.cards, hand.n, &hand.cards[2], 1, &refusal));
  refused = lw_describe_refusal (&refusal, hand.cards, hand.n);
  g_assert_cmpstr (refused, ==, "You must play a trump: you hold 5♥, Q♥.");
}

static void
flag_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
}

/* Lets the window lay itself out and draw again: a few frames, bounded
 * in count. */
static void
settle (void)
{
  for (guint i = 0; i < 15; i++)
    {
      gboolean fired = FALSE;

      g_timeout_add_once (15, flag_cb, &fired);
      while (!fired)
        g_main_context_iteration (NULL, TRUE);
    }
  lw_test_drain ();
}

/* @view's bounds in @window once the layout has stopped moving: settled
 * until two readings in a row agree (at most 20 times), so that a
 * transition left running by an earlier test is not taken for a jump. */
static void
steady_bounds (GtkWidget       *view,
               GtkWidget       *window,
               graphene_rect_t *bounds)
{
  graphene_rect_t before;

  g_assert_true (gtk_widget_compute_bounds (view, window, bounds));
  for (guint i = 0; i < 20; i++)
    {
      before = *bounds;
      settle ();
      g_assert_true (gtk_widget_compute_bounds (view, window, bounds));
      if (graphene_rect_equal (&before, bounds))
        return;
    }
}

/* Until a computer seat is done, or holds a finished trick before its
 * lead. */
static void
wait_idle_or_holding (LwTablePage *page)
{
  guint guard = g_timeout_add_seconds (20, timed_out_cb, NULL);

  while (lw_table_page_is_busy (page) && !lw_table_page_is_holding (page))
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (guard);
  lw_test_drain ();
}

/* The person (seat 0) moves until a computer's turn: a Declaring Dealer
 * discards and leads first. Returns: the person's moves. */
static guint
person_moves_until_computer (LwTablePage *page)
{
  guint refused = 0, moves = 0;

  while (moves < 4 && lw_table_get_turn (lw_table_page_get_table (page)) == 0)
    {
      person_moves (page, &refused);
      moves++;
    }
  return moves;
}

static gboolean
rects_meet (const graphene_rect_t *a,
            const graphene_rect_t *b)
{
  return a->origin.x < b->origin.x + b->size.width && b->origin.x < a->origin.x + a->size.width
         && a->origin.y < b->origin.y + b->size.height && b->origin.y < a->origin.y + a->size.height;
}

/* A four-player partners game from New Game, the trick hold on (1.5 s),
 * played until a finished trick is held on the table before a computer
 * leads. */
static LwTablePage *
start_holding_partners (Fixture           *fixture,
                        const char *const *names,
                        const gboolean    *people)
{
  LwTablePage *page = lw_window_get_table_page (fixture->window);
  guint moves = 0, refused = 0;

  lw_table_page_set_trick_hold (page, 1500, TRUE);
  page = start_game_full (fixture, 4, names, people, 5, LW_BOT_NORMAL, TRUE);
  wait_idle_or_holding (page);
  while (!lw_table_page_is_holding (page))
    {
      g_assert_false (lw_table_page_get_round_over (page));
      if (!lw_table_page_is_busy (page))
        person_moves (page, &refused);
      wait_idle_or_holding (page);
      moves++;
      g_assert_cmpuint (moves, <, 100);
    }
  return page;
}

/* A finished trick of a four-player partners game stays on the table for
 * the set hold before a computer leads (stepped, not timed), is named by
 * its winner, and shows every player's name whole under its cards at
 * 1280 px, and whole, wrapped, never over a card at 360 px. */
static void
test_trick_hold_names (Fixture       *fixture,
                       gconstpointer  data)
{
  const char *names[] = { "Annabelle", "Benedikt Alexander", "Cleo", "Devendra" };
  const gboolean people[] = { TRUE, FALSE, FALSE, FALSE };
  LwTablePage *page = start_holding_partners (fixture, names, people);
  LwTableView *view = lw_table_page_get_view (page);
  LwTrickLabel labels[LW_MAX_SEATS];
  guint log_len, n;

  /* Held: the finished trick, four plays, none of the next yet. */
  n = lw_table_view_measure_trick (view, 1280, 640, labels);
  g_assert_cmpuint (n, ==, 4);
  for (guint k = 0; k < n; k++)
    {
      g_test_message ("1280: %s width %d of %.0f, %d lines", names[labels[k].seat], labels[k].text_width,
                      labels[k].label.size.width, labels[k].lines);
      g_assert_false (labels[k].ellipsized);
      g_assert_cmpint (labels[k].lines, ==, 1);
      g_assert_cmpfloat (labels[k].text_width, <=, labels[k].label.size.width);
      for (guint j = 0; j < n; j++)
        if (j != k)
          g_assert_false (rects_meet (&labels[k].label, &labels[j].label));
    }
  n = lw_table_view_measure_trick (view, 360, 600, labels);
  g_assert_cmpuint (n, ==, 4);
  for (guint k = 0; k < n; k++)
    {
      g_test_message ("360: %s width %d of %.0f, %d lines", names[labels[k].seat], labels[k].text_width,
                      labels[k].label.size.width, labels[k].lines);
      g_assert_false (labels[k].ellipsized);
      g_assert_cmpint (labels[k].lines, <=, 2);
      g_assert_cmpfloat (labels[k].text_width, <=, labels[k].label.size.width);
      for (guint j = 0; j < n; j++)
        {
          g_assert_false (rects_meet (&labels[k].label, &labels[j].card));
          if (j != k)
            g_assert_false (rects_meet (&labels[k].label, &labels[j].label));
        }
    }

  /* In a phone's window of 360 × 740 the view gets some 490 px: the
   * hand gives up height so that the trick's cards stay readable (they
   * were slivers 30 px tall under the seats and the scores). */
  n = lw_table_view_measure_trick (view, 360, 490, labels);
  g_assert_cmpuint (n, ==, 4);
  for (guint k = 0; k < n; k++)
    {
      g_test_message ("360 × 490: %s's cards %.0f px tall", names[labels[k].seat], labels[k].card.size.height);
      g_assert_cmpfloat (labels[k].card.size.height, >=, 44);
    }

  /* The hold counts the time given, not the clock. */
  log_len = lw_table_get_log (lw_table_page_get_table (page))->len;
  g_assert_true (lw_table_page_step_hold (page, 1000));
  g_assert_true (lw_table_page_step_hold (page, 499));
  settle ();
  g_assert_true (lw_table_page_is_holding (page));
  g_assert_cmpuint (lw_table_get_log (lw_table_page_get_table (page))->len, ==, log_len);
  g_assert_cmpuint (lw_table_view_measure_trick (view, 1280, 640, labels), ==, 4);
  g_assert_false (lw_table_page_step_hold (page, 1));
  g_assert_false (lw_table_page_is_holding (page));
  g_assert_cmpuint (lw_table_get_log (lw_table_page_get_table (page))->len, ==, log_len + 1);
  g_assert_cmpuint (lw_table_view_measure_trick (view, 1280, 640, labels), ==, 1);
  lw_table_page_set_trick_hold (page, 0, FALSE);
}

/* The table keeps its place and size on the person's turn and off it:
 * the step buttons stay in their row, insensitive. */
static void
test_steady_hand (Fixture       *fixture,
                  gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben", "Cleo" };
  const gboolean people[] = { TRUE, FALSE, FALSE };
  LwTablePage *page = start_game (fixture, 3, names, people, 11);
  LwTableView *view = lw_table_page_get_view (page);
  graphene_rect_t mine, theirs;

  g_object_set (gtk_widget_get_settings (GTK_WIDGET (page)), "gtk-enable-animations", TRUE, NULL);
  g_assert_cmpint (lw_table_get_turn (lw_table_page_get_table (page)), ==, 0);
  steady_bounds (GTK_WIDGET (view), GTK_WIDGET (fixture->window), &mine);
  g_assert_cmpfloat (mine.size.height, >, 100);

  /* The next seat's move waits (a long pause): the person's turn is over. */
  lw_table_page_set_computer_pause (page, 600000);
  person_moves_until_computer (page);
  g_assert_true (lw_table_page_is_busy (page));
  steady_bounds (GTK_WIDGET (view), GTK_WIDGET (fixture->window), &theirs);
  g_assert_true (lw_table_page_is_busy (page));
  g_test_message ("view %.0f×%.0f at %.0f,%.0f; off turn %.0f×%.0f at %.0f,%.0f", mine.size.width, mine.size.height,
                  mine.origin.x, mine.origin.y, theirs.size.width, theirs.size.height, theirs.origin.x,
                  theirs.origin.y);
  g_assert_true (graphene_rect_equal (&mine, &theirs));
  lw_table_page_stop_bot (page);
}

/* With animations off a computer seat moves without its pause. */
static void
test_no_pause_without_animations (Fixture       *fixture,
                                  gconstpointer  data)
{
  LwTablePage *page = start_against_computer (fixture, 11);
  GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (page));
  guint log_len;

  /* Ten minutes: the guard of wait_idle() (20 s) fails if it is waited. */
  lw_table_page_set_computer_pause (page, 600000);
  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  g_assert_cmpint (lw_table_get_turn (lw_table_page_get_table (page)), ==, 0);
  log_len = lw_table_get_log (lw_table_page_get_table (page))->len;
  /* The person's moves, then the computer's without waiting. */
  log_len += person_moves_until_computer (page);
  wait_idle (page);
  g_assert_cmpuint (lw_table_get_log (lw_table_page_get_table (page))->len, >, log_len);
}

/* By Suit: the hand shown grouped by suit, by rank within each, the
 * choice kept in the settings; the selection is of the same cards. */
static void
test_hand_by_suit (Fixture       *fixture,
                   gconstpointer  data)
{
  LwTablePage *page = start_against_computer (fixture, 11);
  LwTableView *view = lw_table_page_get_view (page);
  g_autoptr (GSettings) settings = g_settings_new ("io.github.littlewolf.LittleWolf");
  guint order[LW_MAX_HAND];
  guint n_hand = 0, n, moved = 0;
  const LwCard *hand = lw_table_get_hand (lw_table_page_get_table (page), 0, &n_hand);
  static const guint place[] = { [LW_SUIT_SPADES] = 0, [LW_SUIT_HEARTS] = 1, [LW_SUIT_CLUBS] = 2,
                                 [LW_SUIT_DIAMONDS] = 3, [LW_SUIT_NONE] = 4 };

  g_assert_false (lw_table_view_get_sort_by_suit (view));
  n = lw_table_view_get_hand_order (view, order);
  g_assert_cmpuint (n, ==, n_hand);
  for (guint p = 0; p < n; p++)
    g_assert_cmpuint (order[p], ==, p);

  lw_table_view_set_selection (view, 1u << 0);
  lw_test_activate (page, "view.hand-by-suit");
  g_assert_true (lw_table_view_get_sort_by_suit (view));
  g_assert_true (g_settings_get_boolean (settings, "hand-by-suit"));
  g_assert_cmpuint (lw_table_view_get_selection (view), ==, 1u << 0);
  n = lw_table_view_get_hand_order (view, order);
  g_assert_cmpuint (n, ==, n_hand);
  for (guint p = 0; p < n; p++)
    {
      moved += order[p] != p;
      if (p > 0)
        {
          guint a = place[lw_card_suit (hand[order[p - 1]])], b = place[lw_card_suit (hand[order[p]])];

          g_assert_cmpuint (a, <=, b);
          if (a == b)
            g_assert_cmpuint (order[p - 1], <, order[p]);
        }
    }
  g_assert_cmpuint (moved, >, 0);

  lw_test_activate (page, "view.hand-by-suit");
  g_assert_false (lw_table_view_get_sort_by_suit (view));
  g_assert_false (g_settings_get_boolean (settings, "hand-by-suit"));
}

/* At a phone's 360 px the Scores page of a game played at the table
 * reads its title whole: Back to the Table is in the game menu, not in
 * the header beside the title. */
static void
test_scores_title_narrow (Fixture       *fixture,
                          gconstpointer  data)
{
  const char *names[] = { "Ann", "Benedikt Alexander-Smith", "Cleo", "Computer 3" };
  const gboolean people[] = { TRUE, FALSE, TRUE, FALSE };
  LwTablePage *page;
  LwGamePage *game_page = lw_window_get_game_page (fixture->window);
  GtkLabel *shown;

  page = start_game_full (fixture, 4, names, people, 5, LW_BOT_NORMAL, TRUE);
  lw_test_activate (page, "table.show-scores");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "game");
  settle ();

  /* The page laid out at 360 px: the squeezer shows the names or the
   * count; whichever it shows is whole. */
  gtk_widget_size_allocate (GTK_WIDGET (game_page), &(GtkAllocation) { 0, 0, 360, 740 }, -1);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (game_page)), ==, 360);
  shown = GTK_LABEL (adw_squeezer_get_visible_child (ADW_SQUEEZER (gtk_widget_get_parent (GTK_WIDGET (game_page->title_label)))));
  g_assert_true (shown == game_page->title_label || shown == game_page->short_title_label);
  {
    graphene_rect_t bounds;
    int natural = 0;

    gtk_widget_measure (GTK_WIDGET (shown), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (shown), GTK_WIDGET (game_page), &bounds));
    g_test_message ("title \"%s\": %d px wanted, %.0f px at %.0f", gtk_label_get_text (shown), natural,
                    bounds.size.width, bounds.origin.x);
    g_assert_cmpstr (gtk_label_get_text (shown), !=, "");
    g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (shown)));
    g_assert_cmpint (natural, <=, (int) bounds.size.width);
    g_assert_cmpfloat (bounds.origin.x, >=, 0);
    g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, 360);
  }

  /* Back to the Table is in the game menu, and goes back. */
  g_assert_true (menu_has_action (GTK_WIDGET (game_page), "game.back-to-table"));
  lw_test_activate (game_page, "game.back-to-table");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "table");
  lw_table_page_stop_bot (page);
}

/* Whether @rect lies inside @box. */
static gboolean
rect_inside (const graphene_rect_t *rect,
             const graphene_rect_t *box)
{
  return rect->origin.x >= box->origin.x - 0.5 && rect->origin.y >= box->origin.y - 0.5
         && rect->origin.x + rect->size.width <= box->origin.x + box->size.width + 0.5
         && rect->origin.y + rect->size.height <= box->origin.y + box->size.height + 0.5;
}

/* The names of a four-player partners game, one of them long, with a
 * whole trick of four plays on the table: at 1280 px every name under a
 * trick card, in a seat box and on the score board is whole, the Partner
 * badge is on the partner's seat alone and each side has one line (one
 * score) on the board; at 360 px every seat's name and counts are whole,
 * wrapped inside their boxes, the boxes apart. */
static void
test_partners_names (Fixture       *fixture,
                     gconstpointer  data)
{
  const char *names[] = { "Ann", "Benedikt Alexander-Smith", "Cleo", "Computer 3" };
  const gboolean people[] = { TRUE, FALSE, FALSE, FALSE };
  LwTablePage *page = start_holding_partners (fixture, names, people);
  LwTableView *view = lw_table_page_get_view (page);
  LwTrickLabel plays[LW_MAX_SEATS];
  LwNameLabel labels[3 * LW_MAX_SEATS];
  guint n, n_board = 0, n_seat = 0;

  /* 1280 px: the trick's four names whole. */
  n = lw_table_view_measure_trick (view, 1280, 640, plays);
  g_assert_cmpuint (n, ==, 4);
  for (guint k = 0; k < n; k++)
    g_assert_false (plays[k].ellipsized);

  /* The seats and the board whole; Partner on seat 2 only; one line per side. */
  n = lw_table_view_measure_names (view, 1280, 640, labels);
  for (guint k = 0; k < n; k++)
    {
      g_test_message ("1280: kind %d seat %d \"%s\" %d lines%s%s", labels[k].kind, labels[k].seat, labels[k].text,
                      labels[k].lines, labels[k].ellipsized ? " ellipsized" : "",
                      labels[k].partner_badge ? " Partner" : "");
      g_assert_false (labels[k].ellipsized);
      if (labels[k].kind == LW_NAME_SEAT)
        {
          n_seat++;
          g_assert_cmpstr (labels[k].text, ==, names[labels[k].seat]);
          g_assert_cmpint (labels[k].partner_badge, ==, labels[k].seat == 2);
          g_assert_true (rect_inside (&labels[k].text_rect, &labels[k].box));
        }
      if (labels[k].kind == LW_NAME_BOARD)
        n_board++;
    }
  g_assert_cmpuint (n_seat, ==, 3);
  g_assert_cmpuint (n_board, ==, 2);
  for (guint s = 0; s < 4; s++)
    {
      guint lines = 0;

      for (guint k = 0; k < n; k++)
        if (labels[k].kind == LW_NAME_BOARD && strstr (labels[k].text, names[s]) != NULL)
          {
            lines++;
            /* On the line of the side of seats 0 and 2, or of 1 and 3. */
            g_assert_cmpint (labels[k].seat, ==, (int) s % 2);
          }
      g_assert_cmpuint (lines, ==, 1);
    }

  /* 360 px: every seat's name and counts whole, inside its box. */
  n = lw_table_view_measure_names (view, 360, 530, labels);
  for (guint k = 0; k < n; k++)
    {
      g_test_message ("360: kind %d seat %d \"%s\" %d lines%s", labels[k].kind, labels[k].seat, labels[k].text,
                      labels[k].lines, labels[k].ellipsized ? " ellipsized" : "");
      g_assert_false (labels[k].ellipsized);
      if (labels[k].kind != LW_NAME_BOARD)
        {
          g_assert_true (rect_inside (&labels[k].text_rect, &labels[k].box));
          for (guint j = 0; j < n; j++)
            if (labels[j].kind != LW_NAME_BOARD && labels[j].seat != labels[k].seat)
              g_assert_false (rects_meet (&labels[k].box, &labels[j].box));
        }
    }
  lw_table_page_set_trick_hold (page, 0, FALSE);
}

/* The plays of the trick the table shows: the current one, else the
 * last finished. Returns: how many. */
static guint
shown_plays (const LwTable *table,
             const LwPlay **plays)
{
  guint n_current = 0;
  const GArray *tricks = lw_table_get_tricks (table);

  *plays = lw_table_get_current (table, &n_current);
  if (n_current > 0)
    return n_current;
  if (tricks->len == 0)
    return 0;
  *plays = g_array_index (tricks, LwTrick, tricks->len - 1).plays;
  return g_array_index (tricks, LwTrick, tricks->len - 1).n_plays;
}

/* A wildcard led in a trick carries a tag saying what it stood for ("as
 * 10♣", the engine's annotation), under its card in the trick and in the
 * last trick; a play without wildcards has none. */
static void
test_wildcard_tags (Fixture       *fixture,
                    gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben" };
  const gboolean people[] = { TRUE, FALSE };
  guint tagged = 0, plain = 0, refused = 0, steps = 0;

  for (guint64 seed = 1; seed <= 12 && tagged == 0; seed++)
    {
      LwTablePage *page = start_game (fixture, 2, names, people, seed);
      LwTableView *view = lw_table_page_get_view (page);

      while (!lw_table_page_get_round_over (page) && steps++ < 400)
        {
          const LwPlay *plays = NULL;
          LwTrickLabel labels[LW_MAX_SEATS];
          guint n = shown_plays (lw_table_page_get_table (page), &plays);
          guint m = lw_table_view_measure_trick (view, 1280, 640, labels);

          g_assert_cmpuint (m, ==, n);
          for (guint k = 0; k < n; k++)
            {
              g_autofree char *words = lw_describe_wildcards (&plays[k]);

              if (words == NULL)
                {
                  g_assert_cmpstr (labels[k].wild, ==, "");
                  plain++;
                }
              else
                {
                  /* "Little Wolf as 10♣" names the card the tag shows: "as 10♣". */
                  g_test_message ("%s: tag \"%s\"", words, labels[k].wild);
                  g_assert_cmpstr (labels[k].wild, !=, "");
                  g_assert_true (g_str_has_suffix (words, labels[k].wild + strlen ("as ")));
                  g_assert_true (g_str_has_prefix (labels[k].wild, "as "));
                  tagged++;
                }
            }
          if (lw_table_page_is_busy (page))
            wait_idle (page);
          else
            person_moves (page, &refused);
          wait_idle (page);
        }
      /* The last trick reviewed shows its tags too. */
      lw_table_view_set_show_last_trick (view, TRUE);
      {
        const GArray *tricks = lw_table_get_tricks (lw_table_page_get_table (page));
        LwTrickLabel labels[LW_MAX_SEATS];

        if (tricks->len > 0 && lw_table_view_measure_trick (view, 1280, 640, labels) > 0)
          {
            const LwTrick *last = &g_array_index (tricks, LwTrick, tricks->len - 1);
            g_autofree char *words = lw_describe_wildcards (&last->plays[0]);

            g_assert_cmpint (words != NULL, ==, labels[0].wild[0] != '\0');
          }
      }
      lw_table_view_set_show_last_trick (view, FALSE);
    }
  g_test_message ("%u plays with wildcards, %u without", tagged, plain);
  g_assert_cmpuint (tagged, >, 0);
  g_assert_cmpuint (plain, >, 0);
}

/* TRICKS T22's house rule on the table (lw_test_whole_trick_position():
 * seat 1 winning under it, seat 2 under the rulings): the words above the
 * trick name the seat winning under the round's rules, and its name alone
 * is in bold; the same position under the rulings names seat 2. */
static void
test_whole_trick_winning (void)
{
  static const char *const names[] = { "Ann", "Ben", "Cleo", "Dan" };
  static const LwHouseRules whole = { .whole_trick_overtrump = TRUE };

  for (guint r = 0; r < 2; r++)
    {
      g_autoptr (LwTable) table = lw_test_whole_trick_position (r == 0 ? &whole : NULL);
      LwTableView *view = g_object_ref_sink (g_object_new (LW_TYPE_TABLE_VIEW, NULL));
      int winner = r == 0 ? 1 : 2;
      g_autofree char *want = g_strdup_printf ("%s, winning", names[winner]);
      g_autofree char *title = NULL;
      LwTrickLabel labels[LW_MAX_SEATS];
      guint n;

      lw_table_view_set_table (view, table, 3, names, NULL, TRUE);
      title = lw_table_view_get_trick_title (view);
      g_assert_cmpstr (title, ==, want);
      n = lw_table_view_measure_trick (view, 1280, 640, labels);
      g_assert_cmpuint (n, ==, 3);
      for (guint k = 0; k < n; k++)
        g_assert_cmpint (labels[k].winning, ==, labels[k].seat == winner);
      g_object_unref (view);
    }
}

int
main (int   argc,
      char *argv[])
{
  lw_test_app_init (&argc, &argv);

  g_test_add ("/ui-table/round-against-computer", Fixture, NULL, fixture_set_up, test_round_against_computer, lw_test_app_tear_down);
  g_test_add ("/ui-table/hot-seat-curtain", Fixture, NULL, fixture_set_up, test_hot_seat_curtain, lw_test_app_tear_down);
  g_test_add ("/ui-table/save-resume", Fixture, NULL, fixture_set_up, test_save_resume, lw_test_app_tear_down);
  g_test_add ("/ui-table/hint-undo", Fixture, NULL, fixture_set_up, test_hint_undo, lw_test_app_tear_down);
  g_test_add ("/ui-table/hint-then-enter", Fixture, NULL, fixture_set_up, test_hint_then_enter, lw_test_app_tear_down);
  g_test_add ("/ui-table/hot-seat-undo", Fixture, NULL, fixture_set_up, test_hot_seat_undo, lw_test_app_tear_down);
  g_test_add ("/ui-table/undo-after-lead", Fixture, NULL, fixture_set_up, test_undo_after_lead, lw_test_app_tear_down);
  g_test_add ("/ui-table/undo-keeps-pups", Fixture, NULL, fixture_set_up, test_undo_keeps_pups, lw_test_app_tear_down);
  g_test_add ("/ui-table/add-round-while-playing", Fixture, NULL, fixture_set_up, test_add_round_while_playing, lw_test_app_tear_down);
  g_test_add ("/ui-table/take-back-keeps-log", Fixture, NULL, fixture_set_up, test_take_back_keeps_log, lw_test_app_tear_down);
  g_test_add ("/ui-table/replay", Fixture, NULL, fixture_set_up, test_replay, lw_test_app_tear_down);
  g_test_add ("/ui-table/whole-games", Fixture, NULL, fixture_set_up, test_whole_games, lw_test_app_tear_down);
  g_test_add ("/ui-table/expert-game", Fixture, NULL, fixture_set_up, test_expert_game, lw_test_app_tear_down);
  g_test_add ("/ui-table/keyboard-play", Fixture, NULL, fixture_set_up, test_keyboard_play, lw_test_app_tear_down);
  g_test_add ("/ui-table/bid-announced", Fixture, NULL, fixture_set_up, test_bid_announced, lw_test_app_tear_down);
  g_test_add ("/ui-table/words", Fixture, NULL, fixture_set_up, test_words, lw_test_app_tear_down);
  g_test_add ("/ui-table/trick-hold-names", Fixture, NULL, fixture_set_up, test_trick_hold_names, lw_test_app_tear_down);
  g_test_add ("/ui-table/steady-hand", Fixture, NULL, fixture_set_up, test_steady_hand, lw_test_app_tear_down);
  g_test_add ("/ui-table/no-pause-without-animations", Fixture, NULL, fixture_set_up, test_no_pause_without_animations, lw_test_app_tear_down);
  g_test_add ("/ui-table/hand-by-suit", Fixture, NULL, fixture_set_up, test_hand_by_suit, lw_test_app_tear_down);
  g_test_add ("/ui-table/house-rules", Fixture, NULL, fixture_set_up, test_house_rules, lw_test_app_tear_down);
  g_test_add ("/ui-table/partners-names", Fixture, NULL, fixture_set_up, test_partners_names, lw_test_app_tear_down);
  g_test_add ("/ui-table/wildcard-tags", Fixture, NULL, fixture_set_up, test_wildcard_tags, lw_test_app_tear_down);
  g_test_add_func ("/ui-table/whole-trick-winning", test_whole_trick_winning);
  g_test_add ("/ui-table/scores-title-narrow", Fixture, NULL, fixture_set_up, test_scores_title_narrow, lw_test_app_tear_down);

  return lw_test_app_run ();
}
