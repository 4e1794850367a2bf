/* ui-demo.c — opens the app on one screen, filled in, to look at it
 * (screenshots under Xvfb); not a test.
 *
 *   ui-demo SCREEN DB [WIDTHxHEIGHT]
 *
 * SCREEN: games (LW_DEMO_SHOW=ongoing or finished: the list filtered
 *         once every game's status is known), new-game, new-game-error, new-game-rules, save-rule-set, partners, game,
 *         game-history (40 rounds, LW_DEMO_ROUNDS, scrolled to the history
 *         with LW_DEMO_SCROLL=1),
 *         game-rule-set, game-rule-set-details, preferences-rule-sets (on the
 *         Rule Sets page: choose it), preferences-club (Preferences → Club
 *         of a database joined to a club server that cannot be reached,
 *         a game and an event waiting to be sent:
 *         the automatic sync's failure and Retry after 2 s; LW_DEMO_EMPTY=1:
 *         the database as it is, not joined unless it was), game-error,
 *         game-over, garwolf, import-error,
 *         import-many (Import of three files: a record, JSON Lines with
 *         a bad line 2, an array; the report once done),
 *         import-progress (Import of LW_DEMO_GAMES records, 20,000 by
 *         default, as JSON Lines: its progress while it runs), chart, players, player-stats, player-merge,
 *         virtual-new-game, table, table-4, table-bid, table-bid-heard, table-follow,
 *         table-last-trick, curtain, table-partners, table-partners-bid,
 *         table-wildcard (a computer's lead with a wildcard, its tag),
 *         table-thinking (Ann has played and the computer seat is still
 *         to move: the status line while it thinks, its pause held),
 *         events, new-event, new-elimination, event-players, event-seating, event-paper,
 *         event-standings, event-duplicate (a duplicate event's standings
 *         after 2 rounds; LW_DEMO_VIEW as for event-bracket;
 *         LW_DEMO_BOARDS_PDF=PATH also prints round 2's board sheets to PATH;
 *         LW_DEMO_OPEN=travellers the travelling sheets, board table 1's
 *         board 3 in the round form, par: Play Par for round 2, then the
 *         travelling sheets),
 *         event-duplicate-virtual (the same, table 1's round 2 not
 *         entered and played at the virtual table: Ann and two computers;
 *         LW_DEMO_OPEN=seating the Seating page, curtain every seat a
 *         person, end every seat a computer and board 3 played to its end),
 *         new-duplicate,
 *         event-bracket (LW_DEMO_BRACKET_PDF=PATH also
 *         prints the bracket to PATH; LW_DEMO_VIEW=players|rounds|standings
 *         shows that page of the same event), event-rename, event-delete, partners-seating, leaderboard, replay,
 *         table-entry, table-entry-event, game-locked, edit-ends-game,
 *         undo-tooltip, restore-confirm,
 *         table-add-round (Add Round while the table plays the round),
 *         table-take-back (a table's round taken back: the toast),
 *         table-pups (the Dealer declared: Undo disabled, its tooltip printed),
 *         table-hosted, table-hosted-seats (a hosted table: Ann on this
 *         device, Ben remote, two computers; its Players panel; the link
 *         of Ben's seat printed on stdout, for a browser to play it),
 *         table-hosted-reopened (the same table left, then opened again
 *         from the history: its Players panel with the link given before),
 *         table-hosted-play (the same, Ann's seat played through the
 *         page's actions as a Normal computer would, until the game's end:
 *         then "game over, N rounds" is printed and the demo exits 0),
 *         stored-edit-log (the edit log of game 1 as DB holds it),
 *         suggest-offer (DB as it is, a club laptop holding another
 *         laptop's 2-player game 1: round 1 corrected to Ann's Pack, 20
 *         – 6, refused, and the offer to send it as a suggestion;
 *         LW_DEMO_SEND=1: sent from it, the toast that says so),
 *         new-game-roster (a club laptop's New Game, "Sa" typed in seat 1:
 *         the names offered, this laptop's and the club roster's),
 *         roster-ask (its Start with Sam Lee, whom two roster entries
 *         share: the dialog that asks which),
 *         club-admin (DB as it is, a club laptop: Preferences → Club and
 *         the club admin's window over it, read with LW_DEMO_CONNINFO, an
 *         admin's login, else the laptop's; LW_DEMO_OPEN=rename or merge:
 *         the Rename or Merge dialog of roster entry LW_DEMO_PLAYER once
 *         read; revoke or password: the Revoke or Change Password dialog
 *         of the laptop named LW_DEMO_PLAYER; laptops: the page scrolled
 *         to its end, the Laptops)
 *
 * With LW_DEMO_LONG_NAMES=1 in the environment, the first two players are
 * named with the longest names the names rule allows: 100 letters without
 * a space, and an e-mail address; the events' names are 100 letters too.
 * With LW_DEMO_OVERRIDE_NAME=1, the second player's name starts with
 * U+202E (right-to-left override), to look at how lines that name it
 * read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-application.h"
#include "lw-application-private.h"
#include "lw-bracket.h"
#include "lw-club-admin-window-private.h"
#include "lw-print-boards.h"
#include "lw-store-event-boards.h"
#include "lw-events-page.h"
#include "lw-events-page-private.h"
#include "lw-games-page.h"
#include "lw-games-page-private.h"
#include "lw-leaderboard-page.h"
#include "lw-game-page.h"
#include "lw-game-page-private.h"
#include "lw-new-game-page.h"
#include "lw-new-game-page-private.h"
#include "lw-replay-window.h"
#include "lw-replay-window-private.h"
#include "lw-round-form.h"
#include "lw-round-form-private.h"
#include "lw-score-chart.h"
#include "lw-score-chart-private.h"
#include "lw-stats-page.h"
#include "lw-stats-page-private.h"
#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-entry-dialog.h"
#include "lw-entry-dialog-private.h"
#include "lw-store-table.h"
#include "lw-table-page.h"
#include "lw-table-page-private.h"
#include "lw-table-view-private.h"
#include "lw-store-events.h"
#include "lw-window.h"
#include "lw-window-private.h"
#include "lw-round-editor-private.h"
#include "lw-test-app.h"
#include "lw-test-util.h"
#include "lw-seat-row-private.h"

static void
import_files_later (gpointer data)
{
  lw_window_import_files (data, g_object_get_data (G_OBJECT (data), "lw-demo-files"));
}

static void
append (LwStore   *store,
        gint64     id,
        int        declarer,
        guint      n,
        const int *cards,
        const int *worms)
{
  g_autoptr (LwRound) round = lw_round_new ();
  g_autoptr (GError) error = NULL;

  round->declarer = declarer;
  for (guint i = 0; i < n; i++)
    {
      round->cards[i] = cards[i];
      round->worms[i] = worms != NULL ? worms[i] : 0;
    }
  if (!lw_store_append_round (store, id, round, &error))
    g_error ("%s", error->message);
}

/* Round 1 of game @id played to its end by two Normal computer seats from
 * @seed, stored with its log. */
static void
append_bot_round (LwStore *store,
                  gint64   id,
                  guint64  seed)
{
  g_autoptr (LwTable) table = lw_table_new (2, 0, seed, NULL);
  g_autoptr (LwRound) round = lw_round_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *log = NULL;
  LwRng rng;

  lw_rng_init (&rng, seed);
  while (lw_table_get_phase (table) != LW_PHASE_END)
    {
      LwAction action;

      lw_bot_choose (table, LW_BOT_NORMAL, NULL, &rng, &action);
      if (!lw_table_apply (table, &action, &error))
        g_error ("%s", error->message);
    }
  lw_table_round_facts (table, NULL, round);
  log = lw_table_to_json (table);
  if (!lw_store_append_virtual_round (store, id, round, log, NULL, &error))
    g_error ("%s", error->message);
}

/* A game at the virtual table with its first round played by the computer
 * until seat 0 (a person) is to follow in a trick after @min_tricks tricks
 * (or to bid, when @bid); partners across the table (seats 0 and 2, 1 and
 * 3) when @partners. */
static gint64
add_table_game_full (LwStore           *store,
                     guint              n_players,
                     const char *const *names,
                     guint              n_people,
                     guint              min_tricks,
                     gboolean           bid,
                     gboolean           partners)
{
  g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, n_players, names);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwTable) table = NULL;
  g_autofree char *seats_json = NULL;
  g_autofree char *round_json = NULL;
  LwTableSeats seats = { 0 };
  LwRng rng;
  const int team_of[] = { 0, 1, 0, 1 };
  gint64 id;

  if (partners && n_players == 4)
    lw_game_record_set_teams (record, 2, team_of);
  id = lw_store_add_game (store, record, &error);

  if (id <= 0)
    g_error ("%s", error->message);
  seats.n_players = n_players;
  seats.seed = 2024;
  for (guint s = n_people; s < n_players; s++)
    {
      seats.computer[s] = TRUE;
      seats.level[s] = LW_BOT_NORMAL;
    }
  seats_json = lw_table_seats_to_json (&seats);
  table = lw_table_new (n_players, 0, lw_table_seats_round_seed (&seats, 0), NULL);
  lw_rng_init (&rng, 1);
  while (!bid)
    {
      LwAction action;
      guint n_current = 0;

      lw_table_get_current (table, &n_current);
      /* Partners: a whole trick of four plays on the table, won by the
       * person, who leads next; else the person to follow a trick. */
      if (lw_table_get_phase (table) == LW_PHASE_PLAY && lw_table_get_turn (table) == 0
          && (partners ? n_current == 0 : n_current > 0) && lw_table_get_tricks (table)->len >= min_tricks)
        break;
      if (lw_table_get_phase (table) == LW_PHASE_END)
        g_error ("the round ended before the screen's trick");
      lw_bot_choose (table, LW_BOT_NORMAL, partners ? team_of : NULL, &rng, &action);
      if (!lw_table_apply (table, &action, &error))
        g_error ("%s", error->message);
    }
  round_json = lw_table_to_json (table);
  if (!lw_store_save_table (store, id, seats_json, 1, round_json, &error))
    g_error ("%s", error->message);
  return id;
}

/* A four-seat game at the virtual table, played by the computer seats
 * until seat 2 (the person, Cleo) is to bid after the Dealer and seat 1 spoke
 * (@follow FALSE), or to follow a lead of two cards or more with cards she
 * must play (@follow TRUE): the first seed that gets there. */
static gint64
add_narrated_table (LwStore           *store,
                    const char *const *names,
                    gboolean           follow)
{
  g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 4, names);
  g_autoptr (GError) error = NULL;
  g_autofree char *seats_json = NULL;
  LwTableSeats seats = { 0 };
  gint64 id = lw_store_add_game (store, record, &error);

  if (id <= 0)
    g_error ("%s", error->message);
  seats.n_players = 4;
  seats.seed = 2024;
  for (guint s = 0; s < 4; s++)
    {
      seats.computer[s] = s != 2;
      seats.level[s] = LW_BOT_NORMAL;
    }
  seats_json = lw_table_seats_to_json (&seats);
  for (guint64 seed = 1; seed < 500; seed++)
    {
      g_autoptr (LwTable) table = lw_table_new (4, 0, seed, NULL);
      g_autofree char *round_json = NULL;
      LwRng rng;

      lw_rng_init (&rng, seed);
      for (guint step = 0; step < 200 && lw_table_get_phase (table) != LW_PHASE_END; step++)
        {
          LwAction action;

          if (lw_table_get_turn (table) == 2)
            {
              const LwLead *lead = lw_table_get_lead (table);

              if (!follow && lw_table_get_phase (table) == LW_PHASE_BID)
                break;
              if (follow && lead != NULL && lead->n >= 2 && lw_table_obligatory (table, 0, NULL) != 0)
                break;
            }
          lw_bot_choose (table, LW_BOT_NORMAL, NULL, &rng, &action);
          if (!lw_table_apply (table, &action, &error))
            g_error ("%s", error->message);
        }
      if (lw_table_get_turn (table) != 2 || lw_table_get_phase (table) == LW_PHASE_END
          || (follow && lw_table_get_lead (table) == NULL))
        continue;
      round_json = lw_table_to_json (table);
      if (!lw_store_save_table (store, id, seats_json, 1, round_json, &error))
        g_error ("%s", error->message);
      return id;
    }
  g_error ("no deal gets there");
  return 0;
}

/* A two-seat game at the virtual table, the computer's lead with a
 * wildcard on the table for the person to follow: the first seed that
 * gets there. */
static gint64
add_wildcard_table (LwStore           *store,
                    const char *const *names)
{
  g_autoptr (GError) error = NULL;

  for (guint64 seed = 1; seed < 200; seed++)
    {
      g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 2, names);
      g_autoptr (LwTable) table = NULL;
      g_autofree char *seats_json = NULL;
      g_autofree char *round_json = NULL;
      LwTableSeats seats = { 0 };
      LwRng rng;
      gint64 id;

      seats.n_players = 2;
      seats.seed = seed;
      seats.computer[1] = TRUE;
      seats.level[1] = LW_BOT_NORMAL;
      table = lw_table_new (2, 0, lw_table_seats_round_seed (&seats, 0), NULL);
      lw_rng_init (&rng, seed);
      while (lw_table_get_phase (table) != LW_PHASE_END)
        {
          LwAction action;
          guint n_current = 0;
          const LwPlay *current = lw_table_get_current (table, &n_current);
          LwWildcard wild[LW_MAX_PLAY];

          if (n_current == 1 && lw_table_get_turn (table) == 0 && lw_play_wildcards (&current[0], wild) > 0)
            break;
          lw_bot_choose (table, LW_BOT_NORMAL, NULL, &rng, &action);
          if (!lw_table_apply (table, &action, &error))
            g_error ("%s", error->message);
        }
      if (lw_table_get_phase (table) == LW_PHASE_END)
        continue;
      id = lw_store_add_game (store, record, &error);
      if (id <= 0)
        g_error ("%s", error->message);
      seats_json = lw_table_seats_to_json (&seats);
      round_json = lw_table_to_json (table);
      if (!lw_store_save_table (store, id, seats_json, 1, round_json, &error))
        g_error ("%s", error->message);
      return id;
    }
  g_error ("no seed leads a wildcard");
}

static gint64
add_table_game (LwStore           *store,
                guint              n_players,
                const char *const *names,
                guint              n_people,
                guint              min_tricks,
                gboolean           bid)
{
  return add_table_game_full (store, n_players, names, n_people, min_tricks, bid, FALSE);
}

/* Every table of the event's last round gets a paper result: a different
 * seat wins at each table. */
static void
enter_paper_results (LwStore *store,
                     gint64   id,
                     guint    n_tables)
{
  g_autoptr (LwEvent) event = lw_store_load_event (store, id, NULL);
  LwEventRound *round = g_ptr_array_index (event->rounds, event->rounds->len - 1);

  for (guint t = 0; t < round->tables->len && t < n_tables; t++)
    {
      const LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);
      const int pattern[] = { 15, 7, 4, 2 };
      int scores[LW_EVENT_MAX_SEATS];
      guint n = event->config.format == LW_EVENT_PARTNERS ? 2 : table->n_seats;

      for (guint s = 0; s < n; s++)
        scores[s] = pattern[(s + t) % n];
      if (!lw_store_set_event_paper_result (store, id, round->number, table->number, scores, n, NULL))
        g_error ("paper result refused");
    }
}

#define LONG_NAME \
  "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"
#define EMAIL_NAME "annabelle.mcallister-featherstonehaugh@example.org"
#define LONG_EVENT_NAME \
  "SpringOpenAtTheFoxInnSpringOpenAtTheFoxInnSpringOpenAtTheFoxInnSpringOpenAtTheFoxInnSpringOpenAtTheF"

static gboolean
long_names (void)
{
  return g_getenv ("LW_DEMO_LONG_NAMES") != NULL;
}

static gint64
add_event (LwStore       *store,
           const char    *name,
           LwEventFormat  format,
           guint          table_size,
           guint          n_players)
{
  const char *players[] = { "Maximiliane Oberhuber", "Benedikt Alexander-Smith", "Cleo", "Dev", "Émile",
                            "Fay", "Gus", "Hana", "Ines", "Jo", "Kofi", "Lena", "Mo", "Nia", "Oli", "Pia" };
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  LwEventConfig config;
  gint64 id;

  lw_event_config_init (&config, format, table_size);
  config.seed = 7;
  if (long_names ())
    {
      players[0] = LONG_NAME;
      players[1] = EMAIL_NAME;
      name = LONG_EVENT_NAME;
    }
  id = lw_store_add_event (store, name, &config, NULL);
  for (guint i = 0; i < n_players && i < G_N_ELEMENTS (players); i++)
    g_ptr_array_add (names, (gpointer) players[i]);
  g_ptr_array_add (names, NULL);
  if (id <= 0 || !lw_store_add_event_entrants (store, id, (const char *const *) names->pdata,
                                               LW_ENTRANT_CHECKED_IN, NULL))
    g_error ("could not add the event");
  return id;
}

/* LW_DEMO_SUBMIT=SECONDS: the round in the form is added that long after
 * the start, as a click on Add Round does. */
/* The offer of a suggestion answered "suggest". */
static void
send_suggestion (gpointer data)
{
  AdwMessageDialog *dialog = lw_round_editor_get_confirm_dialog (LW_ROUND_EDITOR (data));

  if (dialog != NULL)
    adw_message_dialog_response (dialog, "suggest");
}

/* The editor's confirmation answered "apply" (suggest-offer: the store
 * then refuses). */
static void
apply_confirm (gpointer data)
{
  AdwMessageDialog *dialog = lw_round_editor_get_confirm_dialog (LW_ROUND_EDITOR (data));

  if (dialog != NULL)
    adw_message_dialog_response (dialog, "apply");
  if (g_getenv ("LW_DEMO_SEND") != NULL)
    g_timeout_add_once (1000, send_suggestion, data);
}

/* The round editor open on @round of a 2-player game, changed to seat 0
 * declaring with 20 cards against @other_cards (not saved). */
static LwRoundEditor *
edit_round (LwGamePage *page,
            guint       round,
            int         other_cards)
{
  LwRoundEditor *editor;
  LwRoundForm *form;

  gtk_widget_activate_action (GTK_WIDGET (page), "game.edit-round", "u", round);
  editor = lw_game_page_get_round_editor (page);
  form = lw_round_editor_get_form (editor);
  lw_round_form_set_declarer (form, 0);
  gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS), 20);
  gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 1), LW_SEAT_COUNT_CARDS),
                             other_cards);
  return editor;
}

/* game-history: the page scrolled to its history (the page's scroller at
 * the history's top), once laid out. */
static gboolean
scroll_to_history (gpointer page)
{
  GtkScrolledWindow *scroller = lw_game_page_get_scroller (page);
  GtkWidget *row = lw_game_page_get_history_row (page, 0);
  graphene_point_t at = GRAPHENE_POINT_INIT (0, 0);
  graphene_point_t in_view;

  if (row != NULL && gtk_widget_compute_point (row, gtk_scrolled_window_get_child (scroller), &at, &in_view))
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (scroller), in_view.y - 120);
  return G_SOURCE_REMOVE;
}

static gboolean
submit_round (gpointer page)
{
  gtk_widget_activate_action (GTK_WIDGET (page), "game.submit-round", NULL);
  return G_SOURCE_REMOVE;
}

static void
focus_note_row (gpointer page)
{
  gtk_widget_grab_focus (GTK_WIDGET (lw_round_editor_get_note_row (lw_game_page_get_round_editor (page), 0)));
}

/* Scrolls the scrolled window @data to its end, once laid out. */
static gboolean
scroll_to_end_cb (gpointer data)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (data));

  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  return G_SOURCE_REMOVE;
}

/* table-hosted-play: Ann's moves made through the table page's actions
 * (a wildcard's question answered with its first reading), every 50 ms. */
static gboolean
play_ann_cb (gpointer data)
{
  LwTablePage *page = data;
  LwTableHost *host = lw_table_page_get_host (page);
  const LwTable *table = lw_table_page_get_table (page);
  g_autoptr (GList) toplevels = gtk_window_list_toplevels ();
  LwTableView *view = lw_table_page_get_view (page);
  LwAction action;
  LwRng rng;

  if (host == NULL || lw_table_host_is_over (host))
    {
      if (host != NULL)
        g_print ("game over, %u rounds\n", lw_table_page_get_record (page)->rounds->len);
      fflush (stdout);
      exit (host != NULL ? 0 : 1);
    }
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      {
        adw_message_dialog_response (ADW_MESSAGE_DIALOG (l->data), "0");
        gtk_window_destroy (GTK_WINDOW (l->data));
        return G_SOURCE_CONTINUE;
      }
  if (table == NULL || lw_table_page_get_round_over (page) || lw_table_get_turn (table) != 0)
    return G_SOURCE_CONTINUE;
  lw_rng_init (&rng, lw_table_get_log (table)->len + 3);
  lw_bot_choose (table, LW_BOT_NORMAL, NULL, &rng, &action);
  if (action.kind == LW_ACTION_DISCARD || action.kind == LW_ACTION_PLAY)
    lw_table_view_set_selection (view, lw_test_hand_mask (table, 0, action.play.cards, action.play.n));
  gtk_widget_activate_action (GTK_WIDGET (page),
                              action.kind == LW_ACTION_DECLARE ? "table.declare"
                              : action.kind == LW_ACTION_DECLINE ? "table.decline"
                              : action.kind == LW_ACTION_DISCARD ? "table.discard" : "table.play", NULL);
  return G_SOURCE_CONTINUE;
}

/* new-game-roster, roster-ask: "Sa" typed with the focus in seat 1, or
 * Sam Lee and Ann started. */
static gboolean
roster_demo_cb (gpointer data)
{
  LwWindow *window = data;
  LwNewGamePage *page = lw_window_get_new_game_page (window);

  if (g_object_get_data (G_OBJECT (window), "lw-demo-ask") != NULL)
    {
      lw_new_game_page_set_player (page, 0, "Sam Lee");
      lw_new_game_page_set_player (page, 1, "Ann");
      gtk_widget_activate_action (GTK_WIDGET (page), "new-game.start", NULL);
      return G_SOURCE_REMOVE;
    }
  lw_new_game_page_focus (page);
  lw_new_game_page_set_player (page, 0, "Sa");
  return G_SOURCE_REMOVE;
}

/* A club laptop whose Ann, Ben and Sasha played here; its roster holds
 * two Sam Lees (one of whom played here) and players of other laptops. */
static void
roster_demo (LwWindow *window,
             LwStore  *store,
             gboolean  ask)
{
  const char *uuids[] = { "1d2e3f40-5a6b-4c7d-8e9f-a0b1c2d3e4f5", "2e3f4051-6b7c-4d8e-9fa0-b1c2d3e4f506",
                          "3f405162-7c8d-4e9f-a0b1-c2d3e4f50617", "0b6c1a52-3f0e-4c41-9a49-6f3b8a1f7e01" };
  const char *names[] = { "Sam Lee", "Sam Lee", "Samira Okonkwo-Delacroix", "Zoë Park" };
  const char *laptops[] = { "Front desk", "Back room by the bar, upstairs", "Front desk", "Back room by the bar, upstairs" };
  const char *games[][2] = { { "Ann", "Ben" }, { "Sasha", "Ann" }, { "Sam Lee", "Ben" } };
  const char *sam[] = { "Sam Lee" };
  g_auto (GStrv) locals = NULL;

  lw_test_seed_roster (store, G_N_ELEMENTS (uuids), uuids, names, laptops);
  locals = lw_store_club_link_seats (store, sam, uuids, 1, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 2, games[i], 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  if (ask)
    g_object_set_data (G_OBJECT (window), "lw-demo-ask", GINT_TO_POINTER (1));
  g_timeout_add (1500, roster_demo_cb, window);
}

/* The first scrolled window in @widget and below (depth first), or NULL. */
static GtkWidget *
find_scrolled (GtkWidget *widget)
{
  if (GTK_IS_SCROLLED_WINDOW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_scrolled (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* club-admin, once the lists are read: LW_DEMO_OPEN's dialog for the
 * player LW_DEMO_PLAYER (a roster UUID). */
static gboolean
club_admin_open_cb (gpointer data)
{
  LwClubAdminWindow *admin = data;
  const char *open = g_getenv ("LW_DEMO_OPEN");
  const char *uuid = g_getenv ("LW_DEMO_PLAYER");

  if (lw_club_admin_window_is_busy (admin))
    return G_SOURCE_CONTINUE;
  if (g_strcmp0 (open, "laptops") == 0)
    {
      /* The page scrolled to its end, where the laptops are. */
      GtkWidget *scrolled = find_scrolled (GTK_WIDGET (admin));

      if (scrolled != NULL)
        {
          GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

          if (gtk_adjustment_get_upper (adjustment) <= gtk_adjustment_get_page_size (adjustment))
            return G_SOURCE_CONTINUE;
          gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
        }
    }
  else if (open != NULL && (g_str_equal (open, "revoke") || g_str_equal (open, "password")) && uuid != NULL)
    gtk_widget_activate_action (GTK_WIDGET (admin), g_str_equal (open, "revoke") ? "admin.revoke" : "admin.password",
                                "s", uuid);
  else if (open != NULL && *open != '\0' && uuid != NULL)
    gtk_widget_activate_action (GTK_WIDGET (admin), g_str_equal (open, "merge") ? "admin.merge" : "admin.rename",
                                "s", uuid);
  return G_SOURCE_REMOVE;
}

/* club-admin: Preferences → Club, and the admin's window over it. */
static void
club_admin_demo (LwApplication *app,
                 LwStore       *store,
                 int            width,
                 int            height)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  const char *conninfo = g_getenv ("LW_DEMO_CONNINFO");
  GtkWindow *preferences = NULL;
  LwClubAdminWindow *admin;

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) shown = g_list_model_get_item (toplevels, i);

      if (ADW_IS_PREFERENCES_WINDOW (shown))
        {
          adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (shown), "club");
          preferences = shown;
        }
    }
  admin = lw_club_admin_window_new (preferences, store);
  if (width > 0)
    gtk_window_set_default_size (GTK_WINDOW (admin), width, height);
  if (conninfo != NULL)
    lw_club_admin_window_set_conninfo (admin, conninfo);
  gtk_window_present (GTK_WINDOW (admin));
  g_timeout_add (200, club_admin_open_cb, admin);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (LwApplication) app = NULL;
  g_autoptr (GError) error = NULL;
  const char *names[] = { "Maximiliane Oberhuber", "Benedikt Alexander-Smith", "Cleo", "Dev", "Émile", "Fay", NULL };
  const char *screen;
  LwWindow *window;
  LwStore *store;
  int width = 0, height = 0;

  if (argc != 3 && argc != 4)
    {
      g_printerr ("usage: ui-demo SCREEN DB [WIDTHxHEIGHT]\n");
      return 2;
    }
  screen = argv[1];
  if (long_names ())
    {
      names[0] = LONG_NAME;
      names[1] = EMAIL_NAME;
    }
  if (g_getenv ("LW_DEMO_OVERRIDE_NAME") != NULL)
    names[1] = "\u202eRight to left";

  gtk_init ();
  /* LW_LOCALEDIR=build/po with LANG set shows the screen translated */
  lw_application_bind_text_domain ();
  app = lw_application_new (G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);
  window = lw_application_open_database (app, argv[2], &error);
  if (window == NULL)
    g_error ("%s", error->message);
  store = lw_window_get_store (window);
  if (argc == 4 && sscanf (argv[3], "%dx%d", &width, &height) == 2)
    gtk_window_set_default_size (GTK_WINDOW (window), width, height);

  if (g_str_equal (screen, "new-game"))
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
      lw_new_game_page_set_n_players (lw_window_get_new_game_page (window), 3);
      lw_new_game_page_set_player (lw_window_get_new_game_page (window), 0, "Ann");
    }
  else if (g_str_equal (screen, "new-game-rules"))
    {
      /* A saved rule set chosen, the house rules open and in view. */
      LwNewGamePage *page = lw_window_get_new_game_page (window);
      GtkWidget *expander;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
      lw_new_game_page_set_player (page, 0, "Ann");
      lw_new_game_page_set_player (page, 1, "Ben");
      lw_new_game_page_set_house_rules (page, LW_RUN_FILL_INSIDE_ONLY, LW_OVER_TRUMP_WHOLE_TRICK);
      lw_new_game_page_save_rule_set (page, "Club nights", NULL);
      /* LW_DEMO_STANDARD=1: Standard rules, the rulings' labels. */
      if (g_getenv ("LW_DEMO_STANDARD") != NULL)
        lw_new_game_page_select_rule_set (page, NULL);
      expander = lw_find_widget (GTK_WIDGET (page), ADW_TYPE_EXPANDER_ROW);
      if (expander != NULL)
        {
          adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), TRUE);
          gtk_widget_grab_focus (expander);
        }
      g_timeout_add (3000, scroll_to_end_cb, lw_find_widget (GTK_WIDGET (page), GTK_TYPE_SCROLLED_WINDOW));
    }
  else if (g_str_equal (screen, "save-rule-set"))
    {
      LwNewGamePage *page = lw_window_get_new_game_page (window);

      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
      lw_new_game_page_set_house_rules (page, LW_RUN_FILL_INSIDE_ONLY, LW_OVER_TRUMP_WINNING_PLAY);
      gtk_widget_activate_action (GTK_WIDGET (page), "new-game.save-rule-set", NULL);
    }
  else if (g_str_equal (screen, "game-rule-set") || g_str_equal (screen, "game-rule-set-details"))
    {
      /* A game started from a saved set: the subtitle names it (and the
       * details show its rules). */
      g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 2, names);
      gint64 id;

      record->rule_set = g_strdup ("Club nights");
      record->run_fill = LW_RUN_FILL_INSIDE_ONLY;
      id = lw_store_add_game (store, record, NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
      if (g_str_equal (screen, "game-rule-set-details"))
        gtk_widget_activate_action (GTK_WIDGET (lw_window_get_game_page (window)), "game.details", NULL);
    }
  else if (g_str_equal (screen, "preferences-rule-sets") || g_str_equal (screen, "preferences-club"))
    {
      /* Preferences → Rule Sets with three saved sets (LW_DEMO_EMPTY=1: none). */
      const char *set_names[] = { "Club nights", "Friday ladder, long games", "Court night" };
      gboolean club = g_str_equal (screen, "preferences-club");

      if (club && g_getenv ("LW_DEMO_EMPTY") == NULL)
        {
          lw_store_club_join (store, "host=club.example.org dbname=club user=lw_origin_8e14c1d01987",
                              "8e14c1d0-1987-4045-a5de-af7960d234f1", NULL);
          const char *pair[] = { "Ann", "Ben" };
          g_autoptr (LwGameRecord) waiting = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 2, pair);

          lw_store_add_game (store, waiting, NULL);
          add_event (store, "Club night", LW_EVENT_ROUND_ROBIN, 2, 4);
        }
      for (guint i = 0; i < G_N_ELEMENTS (set_names) && g_getenv ("LW_DEMO_EMPTY") == NULL && !club; i++)
        {
          g_autoptr (LwRuleSet) set = lw_rule_set_new_standard (i < 2 ? LW_RULESET_LITTLE_WOLF
                                                                      : LW_RULESET_GARWOLF);

          set->name = g_strdup (set_names[i]);
          if (i == 0)
            set->run_fill = LW_RUN_FILL_INSIDE_ONLY;
          if (i == 1)
            {
              set->target = 31;
              set->over_trump = LW_OVER_TRUMP_WHOLE_TRICK;
            }
          if (i == 2)
            set->king_and_knave = TRUE;
          lw_store_create_rule_set (store, set, NULL);
        }
      g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
      {
        GListModel *toplevels = gtk_window_get_toplevels ();

        for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
          {
            g_autoptr (GtkWindow) shown = g_list_model_get_item (toplevels, i);

            if (ADW_IS_PREFERENCES_WINDOW (shown))
              {
                adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (shown),
                                                              club ? "club" : "rule-sets");
                if (width > 0)
                  gtk_window_set_default_size (shown, width, height);
              }
          }
      }
    }
  else if (g_str_equal (screen, "new-game-error"))
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
      lw_new_game_page_set_player (lw_window_get_new_game_page (window), 0, "Ann");
      lw_new_game_page_set_player (lw_window_get_new_game_page (window), 1, "Ann");
    }
  else if (g_str_equal (screen, "import-error"))
    {
      g_autofree char *path = g_strconcat (argv[2], ".json", NULL);
      g_autoptr (GFile) file = g_file_new_for_path (path);

      g_file_set_contents (path, "{ \"format\": \"little-wolf/game\", \"version\": 1, "
                                 "\"players\": [\"Ann\", \"Ben\"], \"rounds\": [ { \"declarer\": 0, "
                                 "\"cards\": [20, 5], \"worm\": [0, 0] } ] }", -1, NULL);
      lw_window_import_file (window, file);
    }
  else if (g_str_equal (screen, "import-many") || g_str_equal (screen, "import-progress"))
    {
      g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
#define DEMO_RECORD "{ \"format\": \"little-wolf/game\", \"version\": 1, " \
                    "\"players\": [\"Ann %d\", \"Ben\"], \"rounds\": [ { \"declarer\": 0, " \
                    "\"cards\": [%d, %d] } ] }\n"
      g_autoptr (GString) text = g_string_new (NULL);
      g_autofree char *lines = g_strconcat (argv[2], ".games.jsonl", NULL);

      if (g_str_equal (screen, "import-many"))
        {
          g_autofree char *one = g_strconcat (argv[2], ".one.json", NULL);
          g_autofree char *array = g_strconcat (argv[2], ".array.json", NULL);

          g_string_printf (text, DEMO_RECORD, 1, 20, 6);
          g_file_set_contents (one, text->str, -1, NULL);
          g_string_printf (text, DEMO_RECORD, 2, 20, 6);
          g_string_append_printf (text, DEMO_RECORD, 3, 20, 5);
          g_string_append_printf (text, DEMO_RECORD, 4, 20, 6);
          g_file_set_contents (lines, text->str, -1, NULL);
          g_string_assign (text, "[\n");
          g_string_append_printf (text, DEMO_RECORD, 5, 20, 6);
          g_string_append (text, ",\n");
          g_string_append_printf (text, DEMO_RECORD, 6, 19, 6);
          g_string_append (text, "]\n");
          g_file_set_contents (array, text->str, -1, NULL);
          g_ptr_array_add (files, g_file_new_for_path (one));
          g_ptr_array_add (files, g_file_new_for_path (lines));
          g_ptr_array_add (files, g_file_new_for_path (array));
        }
      else
        {
          const char *env = g_getenv ("LW_DEMO_GAMES");
          int n = env != NULL ? atoi (env) : 20000;

          for (int i = 0; i < n; i++)
            g_string_append_printf (text, DEMO_RECORD, i, 20, 6);
          g_file_set_contents (lines, text->str, (gssize) text->len, NULL);
          g_ptr_array_add (files, g_file_new_for_path (lines));
        }
#undef DEMO_RECORD
      /* Once the window has its size, which the import's window fits. */
      g_object_set_data_full (G_OBJECT (window), "lw-demo-files", g_ptr_array_ref (files),
                              (GDestroyNotify) g_ptr_array_unref);
      g_timeout_add_once (500, import_files_later, window);
    }
  else if (g_str_equal (screen, "partners"))
    {
      LwNewGamePage *page = lw_window_get_new_game_page (window);

      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
      lw_new_game_page_set_n_players (page, 6);
      for (guint i = 0; i < 6; i++)
        lw_new_game_page_set_player (page, i, names[i]);
      lw_new_game_page_set_partners (page, TRUE);
    }
  else if (g_str_equal (screen, "game") || g_str_equal (screen, "game-error"))
    {
      const int c1[] = { 10, 16 }, c2[] = { 20, 6 }, w2[] = { 0, 2 };
      gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 2, names, 0);
      LwRoundForm *form;

      append (store, id, LW_NO_SEAT, 2, c1, NULL);
      append (store, id, 0, 2, c2, w2);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
      form = lw_game_page_get_round_form (lw_window_get_game_page (window));
      lw_round_form_set_declarer (form, 1);
      gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS), 8);
      if (g_str_equal (screen, "game"))
        {
          gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 1), LW_SEAT_COUNT_CARDS), 18);
          gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 1), LW_SEAT_COUNT_GONGS), 2);
          lw_round_form_add_penalty (form, 0, LW_PENALTY_LOOKED_AT_DISCARDS);
        }
      else
        gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 1), LW_SEAT_COUNT_CARDS), 16);
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (lw_round_form_get_seat_row (form, 1)), TRUE);
      if (g_getenv ("LW_DEMO_SUBMIT") != NULL)
        g_timeout_add_seconds ((guint) atoi (g_getenv ("LW_DEMO_SUBMIT")), submit_round, lw_window_get_game_page (window));
    }
  else if (g_str_equal (screen, "game-history"))
    {
      /* A game of 40 rounds (LW_DEMO_ROUNDS), some declared, the page
       * scrolled to its history (LW_DEMO_SCROLL=1) */
      const int plain[] = { 13, 13 }, won[] = { 20, 6 }, lost[] = { 8, 18 }, w[] = { 1, 1 };
      const char *rounds_text = g_getenv ("LW_DEMO_ROUNDS");
      guint n = rounds_text != NULL ? (guint) atoi (rounds_text) : 40;
      gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 2, names, 0);

      for (guint i = 0; i < n; i++)
        if (i % 7 == 3)
          append (store, id, 0, 2, won, w);
        else if (i % 7 == 5)
          append (store, id, 1, 2, lost, NULL);
        else
          append (store, id, LW_NO_SEAT, 2, plain, NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
      if (g_getenv ("LW_DEMO_SCROLL") != NULL)
        g_timeout_add (1500, scroll_to_history, lw_window_get_game_page (window));
    }
  else if (g_str_equal (screen, "game-4"))
    {
      /* Four players, two with long names: the title at 360 px */
      gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 4, names, 0);

      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
    }
  else if (g_str_equal (screen, "game-over"))
    {
      const int c[] = { 20, 6, 3, 7 };
      gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 4, names, 2);

      for (int i = 0; i < 14; i++)
        append (store, id, 0, 4, c, NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
      gtk_widget_activate_action (GTK_WIDGET (lw_window_get_game_page (window)), "game.undo-round", NULL);
      gtk_widget_activate_action (GTK_WIDGET (lw_window_get_game_page (window)), "game.submit-round", NULL);
    }
  else if (g_str_equal (screen, "garwolf") || g_str_equal (screen, "garwolf-details"))
    {
      gint64 id = lw_test_add_game (store, LW_RULESET_GARWOLF, 4, names, 0);
      LwRoundForm *form;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
      form = lw_game_page_get_round_form (lw_window_get_game_page (window));
      gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_COURT), 5);
      gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 2), LW_SEAT_COUNT_COURT), 4);
      if (g_str_equal (screen, "garwolf-details"))
        gtk_widget_activate_action (GTK_WIDGET (lw_window_get_game_page (window)), "game.details", NULL);
    }

  else if (g_str_equal (screen, "virtual-new-game"))
    {
      LwNewGamePage *page = lw_window_get_new_game_page (window);

      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
      lw_new_game_page_set_n_players (page, 3);
      lw_new_game_page_set_virtual (page, TRUE);
      lw_new_game_page_set_player (page, 0, "Ann");
      lw_new_game_page_set_seat_player (page, 1, TRUE, LW_BOT_EXPERT);
      lw_new_game_page_set_seat_player (page, 2, TRUE, LW_BOT_HARD);
    }
  else if (g_str_equal (screen, "table") || g_str_equal (screen, "table-4")
           || g_str_equal (screen, "table-bid") || g_str_equal (screen, "table-last-trick"))
    {
      const char *short_names[] = { "Ann", "Benedikt Alexander-Smith", "Cleo", "Dev" };
      guint n = g_str_equal (screen, "table-4") ? 4 : 2;
      gint64 id = add_table_game (store, n, long_names () ? names : short_names, 1, 3,
                                  g_str_equal (screen, "table-bid"));
      LwTablePage *page = lw_window_get_table_page (window);

      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
      if (!g_str_equal (screen, "table-bid"))
        {
          /* Two cards selected. */
          lw_table_view_toggle_card (lw_table_page_get_view (page), 1);
          lw_table_view_toggle_card (lw_table_page_get_view (page), 3);
        }
      if (g_str_equal (screen, "table-last-trick"))
        gtk_widget_activate_action (GTK_WIDGET (page), "table.hint", NULL);
    }
  else if (g_str_equal (screen, "table-thinking"))
    {
      const char *short_names[] = { "Ann", "Benedikt Alexander-Smith" };
      gint64 id = add_table_game (store, 2, long_names () ? names : short_names, 1, 3, FALSE);
      LwTablePage *page = lw_window_get_table_page (window);
      LwAction action;
      LwRng rng;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
      /* Ann follows as Normal would; the computer's move is then chosen
       * and held for an hour, so that the screen shows it thinking. */
      lw_table_page_set_computer_pause (page, 3600 * 1000);
      lw_rng_init (&rng, 7);
      lw_bot_choose (lw_table_page_get_table (page), LW_BOT_NORMAL, NULL, &rng, &action);
      if (!lw_table_page_apply_action (page, &action, &error))
        g_error ("%s", error->message);
      g_clear_error (&error);
    }
  else if (g_str_equal (screen, "table-bid-heard") || g_str_equal (screen, "table-follow"))
    {
      const char *short_names[] = { "Ann", "Benedikt Alexander-Smith", "Cleo", "Dev" };
      gint64 id = add_narrated_table (store, long_names () ? names : short_names,
                                      g_str_equal (screen, "table-follow"));

      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
    }
  else if (g_str_equal (screen, "table-partners") || g_str_equal (screen, "table-partners-bid"))
    {
      /* Four players, partners across; a whole trick of four plays or the bidding. */
      const char *short_names[] = { "Ann", "Benedikt Alexander-Smith", "Cleo", "Computer 3" };
      gboolean bid = g_str_equal (screen, "table-partners-bid");
      gint64 id = add_table_game_full (store, 4, long_names () ? names : short_names, 1, 2, bid, TRUE);

      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
    }
  else if (g_str_equal (screen, "table-wildcard"))
    {
      const char *short_names[] = { "Ann", "Benedikt Alexander-Smith" };
      gint64 id = add_wildcard_table (store, short_names);

      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
    }
  else if (g_str_equal (screen, "table-add-round") || g_str_equal (screen, "table-take-back"))
    {
      const char *short_names[] = { "Ann", "Benedikt Alexander-Smith" };
      gint64 id = add_table_game (store, 2, short_names, 1, 3, FALSE);
      LwGamePage *page = lw_window_get_game_page (window);

      /* Round 1 played to its end and stored with its log. */
      if (g_str_equal (screen, "table-take-back"))
        append_bot_round (store, id, 7);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-scores", "x", id);
      if (g_str_equal (screen, "table-take-back"))
        gtk_widget_activate_action (GTK_WIDGET (page), "game.undo", NULL);
      else
        {
          LwRoundForm *form = lw_game_page_get_round_form (page);

          lw_round_form_set_declarer (form, 0);
          gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 0), LW_SEAT_COUNT_CARDS), 20);
          gtk_spin_button_set_value (lw_seat_row_get_spin (lw_round_form_get_seat_row (form, 1), LW_SEAT_COUNT_CARDS), 6);
          gtk_widget_activate_action (GTK_WIDGET (page), "game.submit-round", NULL);
        }
    }
  else if (g_str_equal (screen, "table-pups"))
    {
      const char *short_names[] = { "Ann", "Ben" };
      gint64 id = add_table_game (store, 2, short_names, 1, 0, TRUE);
      LwTablePage *page = lw_window_get_table_page (window);

      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
      gtk_widget_activate_action (GTK_WIDGET (page), "table.declare", NULL);
      gtk_widget_activate_action (GTK_WIDGET (page), "table.undo", NULL);
    }
  else if (g_str_equal (screen, "replay"))
    {
      /* Round 1 played by two computer seats, replayed at trick 4. */
      const char *short_names[] = { "Ann", "Benedikt Alexander-Smith" };
      gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 2, short_names, 0);
      LwReplayWindow *replay;

      append_bot_round (store, id, 31);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
      gtk_window_present (GTK_WINDOW (window));
      while (g_main_context_iteration (NULL, FALSE))
        ;
      replay = lw_replay_window_new (GTK_WINDOW (window), store, id, 1, &error);
      if (replay == NULL)
        g_error ("%s", error->message);
      lw_replay_window_set_trick (replay, 4);
      gtk_window_present (GTK_WINDOW (replay));
    }
  else if (g_str_equal (screen, "curtain"))
    {
      const char *short_names[] = { "Ann", "Ben", "Cleo" };
      gint64 id = add_table_game (store, 3, short_names, 2, 0, TRUE);

      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
    }

  else if (g_str_equal (screen, "chart"))
    {
      const int c[][3] = { { 20, 6, 7 }, { 3, 25, 5 }, { 10, 11, 12 }, { 22, 5, 6 }, { 2, 4, 27 }, { 24, 4, 5 } };
      gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 3, names, 0);
      g_autoptr (LwStoredGame) game = NULL;
      g_autoptr (LwStandings) standings = NULL;
      GtkWidget *chart_window = gtk_window_new ();
      GtkWidget *chart = lw_score_chart_new ();

      for (guint i = 0; i < G_N_ELEMENTS (c); i++)
        append (store, id, i % 2 ? 1 : 0, 3, c[i], NULL);
      game = lw_store_load_game (store, id, &error);
      standings = lw_standings_compute (game->record, &error);
      lw_score_chart_set_game (LW_SCORE_CHART (chart), game->record, standings);
      gtk_widget_set_margin_start (chart, 12);
      gtk_widget_set_margin_end (chart, 12);
      gtk_widget_set_margin_top (chart, 12);
      gtk_widget_set_margin_bottom (chart, 12);
      gtk_window_set_child (GTK_WINDOW (chart_window), chart);
      gtk_window_set_default_size (GTK_WINDOW (chart_window), 360, 300);
      gtk_window_set_application (GTK_WINDOW (chart_window), GTK_APPLICATION (app));
      gtk_window_present (GTK_WINDOW (chart_window));
    }

  else if (g_str_equal (screen, "players") || g_str_equal (screen, "player-stats")
           || g_str_equal (screen, "player-merge"))
    {
      const int team[] = { 20, 6, 3, 7 }, solo[] = { 10, 16 }, pack[] = { 20, 6 };
      LwStatsPage *page;

      for (int game = 0; game < 3; game++)
        {
          gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 4, names, 2);

          for (int i = 0; i < 14; i++)
            append (store, id, 0, 4, team, NULL);
        }
      {
        gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 2, names, 0);

        append (store, id, LW_NO_SEAT, 2, solo, NULL);
        for (int i = 0; i < 5; i++)
          append (store, id, 0, 2, pack, NULL);
      }
      /* A name typed into an event that is gone: no games or events. */
      {
        LwEventConfig config;
        gint64 event;

        lw_event_config_init (&config, LW_EVENT_SWISS, 2);
        event = lw_store_add_event (store, "Gone", &config, NULL);
        lw_store_add_event_entrant (store, event, "Zed", LW_ENTRANT_CHECKED_IN, NULL);
        lw_store_delete_event (store, event, NULL);
      }
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-players", NULL);
      page = lw_window_get_stats_page (window);
      if (g_str_equal (screen, "player-stats"))
        {
          lw_stats_page_wait (page);
          lw_stats_page_show_player (page, names[0]);
        }
      else if (g_str_equal (screen, "player-merge"))
        {
          lw_stats_page_wait (page);
          gtk_widget_activate_action (GTK_WIDGET (page), "stats.merge-player", "s", "Zed");
        }
    }

  else if (g_str_equal (screen, "suggest-offer"))
    {
      LwGamePage *page = lw_window_get_game_page (window);
      LwRoundEditor *editor;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", (gint64) 1);
      editor = edit_round (page, 1, 6);
      gtk_widget_activate_action (GTK_WIDGET (editor), "editor.save", NULL);
      g_timeout_add_once (1000, apply_confirm, editor);
    }
  else if (g_str_equal (screen, "edit-ends-game") || g_str_equal (screen, "undo-tooltip"))
    {
      /* Round 11 corrected to Ann's Pack ends the game (a skunk) before
       * round 12: the editor offers to end the game there. */
      const int most_to_ben[] = { 10, 16 }, most_to_ann[] = { 16, 10 }, pack[] = { 20, 6 };
      gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 2, names, 0);
      LwGamePage *page = lw_window_get_game_page (window);

      append (store, id, LW_NO_SEAT, 2, most_to_ben, NULL);
      for (int round = 2; round <= 10; round++)
        append (store, id, 0, 2, pack, NULL);
      append (store, id, LW_NO_SEAT, 2, most_to_ann, NULL);
      append (store, id, LW_NO_SEAT, 2, most_to_ann, NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
      if (g_str_equal (screen, "edit-ends-game"))
        {
          LwRoundEditor *editor = edit_round (page, 11, 6);

          gtk_widget_activate_action (GTK_WIDGET (editor), "editor.save", NULL);
        }
      else
        g_printerr ("%s\n", lw_game_page_get_undo_text (page));
    }
  else if (g_str_has_prefix (screen, "edit-") || g_str_equal (screen, "details") ||
           g_str_equal (screen, "note-penalty") || g_str_equal (screen, "substitute") ||
           g_str_equal (screen, "game-notes"))
    {
      /* Corrections: three rounds, a penalty noted with a note, details. */
      const int c1[] = { 10, 16 }, c2[] = { 20, 6 }, w2[] = { 0, 2 };
      gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 2, names, 0);
      g_autoptr (GDateTime) played = g_date_time_new_local (2024, 5, 12, 19, 30, 0);
      LwGamePage *page = lw_window_get_game_page (window);

      append (store, id, LW_NO_SEAT, 2, c1, NULL);
      lw_store_add_pending_penalty (store, id, 1, LW_PENALTY_OUT_OF_TURN, "led the Wolf before Maximiliane had played", NULL);
      {
        g_autoptr (LwRound) round = lw_round_new ();

        round->declarer = 0;
        round->cards[0] = 20;
        round->cards[1] = 6;
        round->worms[1] = 2;
        lw_round_add_penalty (round, 1, LW_PENALTY_OUT_OF_TURN);
        lw_store_append_round (store, id, round, NULL);
      }
      (void) w2;
      append (store, id, 0, 2, c2, NULL);
      lw_store_set_game_details (store, id, g_date_time_to_unix (played), "The Fox Inn, back room", NULL);
      lw_store_set_game_notes (store, id, "Friday club, second table. Benedikt arrived late.", NULL);
      lw_store_add_pending_penalty (store, id, 0, LW_PENALTY_LOOKED_AT_DISCARDS, "peeked at the Pups", NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);

      if (g_str_equal (screen, "edit-round") || g_str_equal (screen, "edit-confirm") ||
          g_str_equal (screen, "edit-refused"))
        {
          LwRoundEditor *editor = edit_round (page, 1, g_str_equal (screen, "edit-refused") ? 5 : 6);

          if (g_str_equal (screen, "edit-confirm"))
            gtk_widget_activate_action (GTK_WIDGET (editor), "editor.save", NULL);
          if (g_str_equal (screen, "edit-refused"))
            gtk_widget_activate_action (GTK_WIDGET (editor), "editor.save", NULL);
        }
      else if (g_str_equal (screen, "edit-penalty-note"))
        {
          gtk_widget_activate_action (GTK_WIDGET (page), "game.edit-round", "u", 2);
          /* Once shown, the note's row takes the focus: scrolled to it. */
          g_timeout_add_once (800, focus_note_row, page);
        }
      else if (g_str_equal (screen, "edit-log"))
        {
          lw_store_substitute_player (store, id, 1, "Cleo", 4, NULL);
          lw_store_remove_last_round (store, id, NULL);
          lw_store_undo_last_edit (store, id, NULL);
          gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
          gtk_widget_activate_action (GTK_WIDGET (page), "game.edit-log", NULL);
        }
      else if (g_str_equal (screen, "details"))
        gtk_widget_activate_action (GTK_WIDGET (page), "game.details", NULL);
      else if (g_str_equal (screen, "note-penalty"))
        gtk_widget_activate_action (GTK_WIDGET (page), "game.note-penalty", NULL);
      else if (g_str_equal (screen, "substitute"))
        gtk_widget_activate_action (GTK_WIDGET (page), "game.substitute", NULL);
    }

  else if (g_str_has_prefix (screen, "event") || g_str_equal (screen, "new-event") ||
           g_str_equal (screen, "new-elimination") || g_str_equal (screen, "new-duplicate") ||
           g_str_equal (screen, "partners-seating"))
    {
      LwEventsPage *page = lw_window_get_events_page (window);
      gint64 id;

      add_event (store, "Friday Club Ladder Night", LW_EVENT_ROUND_ROBIN, 3, 9);
      if (g_str_equal (screen, "event-bracket"))
        {
          /* Eight players: round 1 played (one time called), Dev withdrew
           * before the semi-final, the other semi-final played. */
          const int r1[][2] = { { 15, 7 }, { 11, 0 }, { 12, 9 }, { 15, 14 } };

          id = add_event (store, "Winter Knockout", LW_EVENT_ELIMINATION, 2, 8);
          lw_store_pair_event_round (store, id, NULL);
          for (guint t = 0; t < G_N_ELEMENTS (r1); t++)
            if (!lw_store_set_event_paper_result_full (store, id, 1, t + 1, r1[t], 2, t == 2, NULL))
              g_error ("paper result refused");
          lw_store_set_event_entrant_status (store, id, "Dev", LW_ENTRANT_DROPPED, NULL);
          lw_store_pair_event_round (store, id, NULL);
          lw_store_set_event_paper_result (store, id, 2, 1, (const int[]) { 15, 10 }, 2, NULL);
          if (g_getenv ("LW_DEMO_BRACKET_PDF") != NULL)
            {
              g_autoptr (LwEvent) event = lw_store_load_event (store, id, NULL);
              g_autoptr (GtkPrintOperation) operation = lw_print_bracket_new (event);
              g_autoptr (GError) pdf_error = NULL;

              gtk_print_operation_set_export_filename (operation, g_getenv ("LW_DEMO_BRACKET_PDF"));
              if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &pdf_error)
                  == GTK_PRINT_OPERATION_RESULT_ERROR)
                g_error ("bracket PDF: %s", pdf_error->message);
            }
        }
      else if (g_str_equal (screen, "event-duplicate") || g_str_equal (screen, "event-duplicate-virtual"))
        {
          /* 12 players at 3-seat tables, 2 rounds of 2 boards entered. */
          id = add_event (store, "Duplicate Night", LW_EVENT_DUPLICATE, 3, 12);
          for (guint r = 1; r <= 2; r++)
            {
              g_autoptr (LwEvent) event = lw_store_pair_event_round (store, id, NULL);

              for (guint t = 1; t <= 4; t++)
                for (guint b = 0; b < 2; b++)
                  {
                    static const int cards[3][3] = { { 5, 20, 8 }, { 15, 10, 8 }, { 10, 13, 10 } };
                    guint kind = (t + 2 * b + r) % 3;
                    g_autoptr (LwRound) facts = lw_round_new ();
                    g_autoptr (LwEvent) entered = NULL;

                    /* event-duplicate-virtual: table 1's round 2 left to play. */
                    if (r == 2 && t == 1 && g_str_equal (screen, "event-duplicate-virtual"))
                      continue;
                    facts->declarer = kind == 1 ? LW_NO_SEAT : (int) kind;
                    for (guint s = 0; s < 3; s++)
                      facts->cards[(s + t) % 3] = cards[kind][s];
                    if (facts->declarer != LW_NO_SEAT)
                      facts->declarer = (facts->declarer + (int) t) % 3;
                    entered = lw_store_add_event_board_result (store, id, r, t, (r - 1) * 2 + b + 1,
                                                               facts, NULL);
                    if (entered == NULL)
                      g_error ("board result refused");
                  }
            }
          if (g_getenv ("LW_DEMO_BOARDS_PDF") != NULL)
            {
              g_autoptr (LwEvent) event = lw_store_load_event (store, id, NULL);
              g_autoptr (GtkPrintOperation) operation = lw_print_board_sheets_new (event, 2);
              g_autoptr (GError) pdf_error = NULL;

              gtk_print_operation_set_export_filename (operation, g_getenv ("LW_DEMO_BOARDS_PDF"));
              if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &pdf_error)
                  == GTK_PRINT_OPERATION_RESULT_ERROR)
                g_error ("board sheets PDF: %s", pdf_error->message);
            }
        }
      else if (g_str_equal (screen, "partners-seating"))
        {
          id = add_event (store, "Partners Cup", LW_EVENT_PARTNERS, 4, 8);
          lw_store_pair_event_round (store, id, NULL);
          enter_paper_results (store, id, 1);
        }
      else
        {
          id = add_event (store, "Spring Open at the Fox Inn", LW_EVENT_SWISS, 4, 13);
          if (!g_str_equal (screen, "event-players") && !g_str_equal (screen, "events") &&
              !g_str_equal (screen, "new-event") && !g_str_equal (screen, "new-elimination") &&
              !g_str_equal (screen, "new-duplicate"))
            {
              lw_store_pair_event_round (store, id, NULL);
              enter_paper_results (store, id, g_str_equal (screen, "event-standings") ? 4 : 2);
              if (g_str_equal (screen, "event-standings"))
                lw_store_set_event_entrant_status (store, id, "Mo", LW_ENTRANT_DROPPED, NULL);
            }
        }
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-events", NULL);
      if (g_str_equal (screen, "new-event"))
        gtk_widget_activate_action (GTK_WIDGET (page), "events.new-event", NULL);
      else if (g_str_equal (screen, "new-duplicate"))
        {
          gtk_widget_activate_action (GTK_WIDGET (page), "events.new-event", NULL);
          gtk_editable_set_text (GTK_EDITABLE (lw_events_page_get_dialog_field (page, "name")),
                                 "Duplicate Night");
          adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "format")),
                                      LW_EVENT_DUPLICATE);
        }
      else if (g_str_equal (screen, "new-elimination"))
        {
          /* The New Event dialog for a single elimination seeded by rating. */
          gtk_widget_activate_action (GTK_WIDGET (page), "events.new-event", NULL);
          gtk_editable_set_text (GTK_EDITABLE (lw_events_page_get_dialog_field (page, "name")),
                                 "Spring Cup");
          adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "format")),
                                      LW_EVENT_ELIMINATION);
          adw_combo_row_set_selected (ADW_COMBO_ROW (lw_events_page_get_dialog_field (page, "seeding")),
                                      LW_SEEDING_RATING);
        }
      else if (!g_str_equal (screen, "events"))
        {
          lw_events_page_show_event (page, id, NULL);
          if (g_str_equal (screen, "event-players"))
            lw_events_page_set_view (page, "players");
          else if (g_str_equal (screen, "event-standings"))
            lw_events_page_set_view (page, "standings");
          else if (g_str_equal (screen, "event-bracket") || g_str_equal (screen, "event-duplicate"))
            lw_events_page_set_view (page, g_getenv ("LW_DEMO_VIEW") != NULL ? g_getenv ("LW_DEMO_VIEW")
                                     : g_str_equal (screen, "event-duplicate") ? "standings" : "bracket");
          else
            lw_events_page_set_view (page, "rounds");
          /* LW_DEMO_OPEN=travellers: the travelling sheets' window;
           * board: table 1's board 3 in the round form (a correction). */
          if (g_str_equal (screen, "event-duplicate") && g_strcmp0 (g_getenv ("LW_DEMO_OPEN"), "travellers") == 0)
            gtk_widget_activate_action (GTK_WIDGET (page), "events.travellers", NULL);
          else if (g_str_equal (screen, "event-duplicate") && g_strcmp0 (g_getenv ("LW_DEMO_OPEN"), "par") == 0)
            {
              /* Play Par for the round shown (round 2), then the sheets:
               * they show the pars once stored. */
              gtk_widget_activate_action (GTK_WIDGET (page), "events.play-par", NULL);
              gtk_widget_activate_action (GTK_WIDGET (page), "events.travellers", NULL);
            }
          else if (g_str_equal (screen, "event-duplicate") && g_strcmp0 (g_getenv ("LW_DEMO_OPEN"), "board") == 0)
            gtk_widget_activate_action (GTK_WIDGET (page), "events.enter-board", "(uu)", 1, 3);
          /* event-duplicate-virtual: table 1 plays round 2's boards at the
           * virtual table, Ann on this device and two computers
           * (LW_DEMO_OPEN=seating: the Seating page with its button;
           * curtain: every seat a person, the first curtain). */
          if (g_str_equal (screen, "event-duplicate-virtual") && g_strcmp0 (g_getenv ("LW_DEMO_OPEN"), "seating") != 0)
            {
              LwTablePage *table_page = lw_window_get_table_page (window);
              LwTableSeats seats = { .n_players = 3, .computer = { FALSE, TRUE, TRUE },
                                     .level = { LW_BOT_NORMAL, LW_BOT_NORMAL, LW_BOT_NORMAL } };

              gtk_widget_activate_action (GTK_WIDGET (window), "win.play-event-boards", "(xuu)", id, 2u, 1u);
              /* end: every seat a computer, board 3 played to its end. */
              if (g_strcmp0 (g_getenv ("LW_DEMO_OPEN"), "end") == 0)
                {
                  gint64 until = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

                  seats.computer[0] = TRUE;
                  lw_table_page_set_computer_pause (table_page, 0);
                  lw_table_page_set_trick_hold (table_page, 0, FALSE);
                  if (!lw_table_page_play_boards (table_page, id, 2, 1, &seats, NULL))
                    g_error ("the boards could not be played");
                  while (!lw_table_page_get_round_over (table_page) && g_get_monotonic_time () < until)
                    g_main_context_iteration (NULL, TRUE);
                }
              else if (g_strcmp0 (g_getenv ("LW_DEMO_OPEN"), "curtain") != 0
                       && !lw_table_page_play_boards (table_page, id, 2, 1, &seats, NULL))
                g_error ("the boards could not be played");
            }
          if (g_str_equal (screen, "event-paper"))
            gtk_widget_activate_action (GTK_WIDGET (page), "events.paper-result", "u", 3);
          else if (g_str_equal (screen, "event-rename"))
            gtk_widget_activate_action (GTK_WIDGET (page), "events.rename", NULL);
          else if (g_str_equal (screen, "event-delete"))
            gtk_widget_activate_action (GTK_WIDGET (page), "events.delete", NULL);
        }
    }

  else if (g_str_equal (screen, "leaderboard"))
    {
      const int two[] = { 20, 6 }, four[] = { 20, 6, 5, 5 }, team[] = { 20, 6, 3, 7 };
      const char *pairs[][2] = { { "Ann", "Ben" }, { "Cleo", "Ben" }, { "Ann", "Cleo" }, { "Dev", "Ann" } };

      for (guint g = 0; g < G_N_ELEMENTS (pairs); g++)
        {
          gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 2, pairs[g], 0);

          for (int i = 0; i < 14; i++)
            append (store, id, 0, 2, two, NULL);
        }
      for (int game = 0; game < 2; game++)
        {
          gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 4, names, game ? 2 : 0);

          for (int i = 0; i < 14; i++)
            append (store, id, 0, 4, game ? team : four, NULL);
        }
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-leaderboard", NULL);
    }
  else if (g_str_equal (screen, "table-entry") || g_str_equal (screen, "game-locked"))
    {
      const int c1[] = { 10, 16 }, c2[] = { 20, 6 }, w2[] = { 0, 2 };
      gint64 id = lw_test_add_game (store, LW_RULESET_LITTLE_WOLF, 2, names, 0);
      LwGamePage *page = lw_window_get_game_page (window);

      append (store, id, LW_NO_SEAT, 2, c1, NULL);
      append (store, id, 0, 2, c2, w2);
      lw_store_set_round_locked (store, id, 1, TRUE, NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", id);
      if (g_str_equal (screen, "table-entry"))
        {
          GtkWidget *dialog;

          gtk_widget_activate_action (GTK_WIDGET (page), "game.table-entry", NULL);
          dialog = lw_game_page_get_entry_dialog (page);
          if (width > 0)
            gtk_window_set_default_size (GTK_WINDOW (dialog), MIN (width, 600), height);
          lw_entry_dialog_set_open (LW_ENTRY_DIALOG (dialog), TRUE);
        }
    }
  else if (g_str_equal (screen, "table-hosted") || g_str_equal (screen, "table-hosted-seats")
           || g_str_equal (screen, "table-hosted-play") || g_str_equal (screen, "table-hosted-reopened"))
    {
      const char *players[] = { "Ann", "Ben", "Cleo", "Dev" };
      LwNewGamePage *form = lw_window_get_new_game_page (window);
      LwTablePage *page = lw_window_get_table_page (window);
      GtkWidget *dialog;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
      lw_new_game_page_set_n_players (form, 4);
      lw_new_game_page_set_virtual (form, TRUE);
      for (guint s = 0; s < 4; s++)
        lw_new_game_page_set_player (form, s, long_names () && s < 2 ? names[s] : players[s]);
      lw_new_game_page_set_remote_seat (form, 1);
      lw_new_game_page_set_seat_player (form, 2, TRUE, LW_BOT_NORMAL);
      lw_new_game_page_set_seat_player (form, 3, TRUE, LW_BOT_NORMAL);
      lw_new_game_page_set_partners (form, TRUE);
      lw_new_game_page_set_table_seed (form, 1818);
      lw_new_game_page_set_host_address (form, "127.0.0.1", g_getenv ("LW_DEMO_PORT") != NULL
                                         ? (guint) g_ascii_strtoull (g_getenv ("LW_DEMO_PORT"), NULL, 10) : 0);
      gtk_widget_activate_action (GTK_WIDGET (form), "new-game.start", NULL);
      dialog = lw_table_page_get_seats_dialog (page);
      if (dialog == NULL)
        g_error ("the hosted table did not open: %s", lw_new_game_page_get_error_text (form));
      {
        g_autofree char *url = lw_web_server_seat_url (page->server, "127.0.0.1",
                                                         lw_table_page_get_game_id (page), 1);

        g_print ("%s\n", url);
        fflush (stdout);
      }
      if (g_str_equal (screen, "table-hosted-reopened"))
        {
          g_autoptr (GError) reopen_error = NULL;
          gint64 id = lw_table_page_get_game_id (page);

          /* Left, then opened again from the history: hosted again */
          gtk_widget_activate_action (GTK_WIDGET (window), "win.show-games", NULL);
          lw_window_set_host_address (window, "127.0.0.1", 0);
          if (!lw_window_open_game (window, id, &reopen_error))
            g_error ("the hosted table did not open again: %s", reopen_error->message);
          dialog = lw_table_page_get_seats_dialog (page);
          if (dialog == NULL)
            g_error ("the hosted table opened again without its Players panel");
        }
      else if (!g_str_equal (screen, "table-hosted-seats"))
        gtk_window_close (GTK_WINDOW (dialog));
      if (g_str_equal (screen, "table-hosted-play"))
        {
          lw_table_host_set_timing (lw_table_page_get_host (page), 30, 100);
          g_timeout_add (50, play_ann_cb, page);
        }
      else if (width > 0)
        gtk_window_set_default_size (GTK_WINDOW (dialog), MIN (width, 520), height);
    }
  else if (g_str_equal (screen, "restore-confirm"))
    {
      g_autofree char *backup = g_strconcat (lw_store_get_path (store), ".demo-backup.sqlite3", NULL);

      lw_store_backup_to (store, backup, NULL);
      lw_window_confirm_restore (window, backup);
    }
  else if (g_str_equal (screen, "stored-edit-log"))
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-game", "x", (gint64) 1);
      gtk_widget_activate_action (GTK_WIDGET (lw_window_get_game_page (window)), "game.edit-log", NULL);
    }
  else if (g_str_equal (screen, "table-entry-event"))
    {
      const char *entrants[] = { "Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal", NULL };
      LwEventConfig config;
      gint64 event_id;
      GtkWidget *dialog;

      if (long_names ())
        {
          entrants[0] = LONG_NAME;
          entrants[1] = EMAIL_NAME;
        }
      lw_event_config_init (&config, LW_EVENT_SWISS, 4);
      event_id = lw_store_add_event (store, long_names () ? LONG_EVENT_NAME : "Club Night", &config, &error);
      if (event_id == 0
          || !lw_store_add_event_entrants (store, event_id, entrants, LW_ENTRANT_CHECKED_IN, &error))
        g_error ("%s", error->message);
      {
        g_autoptr (LwEvent) event = lw_store_pair_event_round (store, event_id, &error);

        if (event == NULL)
          g_error ("%s", error->message);
      }
      dialog = lw_entry_dialog_new (GTK_WINDOW (window), store, event_id);
      if (width > 0)
        gtk_window_set_default_size (GTK_WINDOW (dialog), MIN (width, 900), height);
      gtk_window_present (GTK_WINDOW (dialog));
      lw_entry_dialog_set_open (LW_ENTRY_DIALOG (dialog), TRUE);
    }
  else if (g_str_equal (screen, "new-game-roster") || g_str_equal (screen, "roster-ask"))
    roster_demo (window, store, g_str_equal (screen, "roster-ask"));
  else if (g_str_equal (screen, "club-admin"))
    club_admin_demo (app, store, width, height);
  else if (g_str_equal (screen, "games") && g_getenv ("LW_DEMO_SHOW") != NULL)
    {
      LwGamesPage *page = lw_window_get_games_page (window);

      lw_games_page_wait (page);
      lw_games_page_set_show (page, g_str_equal (g_getenv ("LW_DEMO_SHOW"), "finished") ? 2 : 1);
    }

  g_application_hold (G_APPLICATION (app));
  while (TRUE)
    g_main_context_iteration (NULL, TRUE);

  return 0;
}
