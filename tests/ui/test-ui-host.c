/* test-ui-host.c — hosting from the app (docs/REMOTE-PLAY.md "Hosting from
 * the app"): a 4-seat game started on New Game with seat 1 on this device,
 * seat 2 a remote player and seats 3–4 computers, played to its end:
 * seat 1 through the table page's own actions, seat 2 through a real
 * WebSocket client (lw-play-client.c) on the seat's link on 127.0.0.1.
 *
 * Checked on the way: the hand shown is always seat 1's (never the remote
 * seat's), Undo is hidden, the Players panel's connection follows the
 * client (Connected, Not connected), New Link makes the old secret fail
 * (4001), Play for Them makes a computer move for seat 2 and Give Back
 * hands it back; at the end every round is stored with its log, leaving
 * the table closes the sockets (4005) and the game opens again from the
 * history. With no seat on this device the host only watches; a port in
 * use is said in words.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-new-game-page.h"
#include "lw-new-game-page-private.h"
#include "lw-play-client.h"
#include "lw-seats-dialog.h"
#include "lw-seats-dialog-private.h"
#include "lw-store-hosted.h"
#include "lw-store-table.h"
#include "lw-table-page.h"
#include "lw-table-page-private.h"
#include "lw-table-view-private.h"
#include "lw-window.h"
#include "lw-window-private.h"
#include "lw-test-app.h"
#include "lw-test-util.h"

typedef LwTestApp Fixture;

/* The remote client playing now, named when the game stalls. */
static LwPlayClient *playing;

/* The whole game's bound: the computers play without a pause. */
#define GAME_TIMEOUT_S 240

typedef struct {
  guint   port;
  gint64  table;
  char   *secret;
} Link;

static void
link_clear (Link *link)
{
  g_clear_pointer (&link->secret, g_free);
}

/* "http://127.0.0.1:PORT/play#t=GAME&s=SECRET" */
static void
parse_link (const char *url,
            Link       *link)
{
  const char *colon, *t, *s;

  g_assert_nonnull (url);
  g_assert_true (g_str_has_prefix (url, "http://127.0.0.1:"));
  colon = url + strlen ("http://127.0.0.1:");
  link->port = (guint) g_ascii_strtoull (colon, NULL, 10);
  t = strstr (url, "#t=");
  s = strstr (url, "&s=");
  g_assert_nonnull (t);
  g_assert_nonnull (s);
  link->table = g_ascii_strtoll (t + 3, NULL, 10);
  link->secret = g_strdup (s + 3);
  g_assert_cmpuint (strlen (link->secret), ==, 32);
  g_assert_cmpuint (link->port, >, 0);
}

/* A button of the panel pressed, as a click does (at once: activate
 * waits for its animation). */
static void
click (GtkWidget *button)
{
  g_assert_true (gtk_widget_is_visible (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  lw_test_drain ();
}

static LwSeatsDialog *
seats_dialog (LwTablePage *page)
{
  GtkWidget *dialog = lw_table_page_get_seats_dialog (page);

  g_assert_nonnull (dialog);
  return LW_SEATS_DIALOG (dialog);
}

/* The Players panel's widget of remote seat @seat (0-based) that is a
 * @type named @name (lw_test_find()), in the seat's group, found by its
 * name ("seat-1"); NULL for a seat that is not remote. */
static GtkWidget *
seat_widget (LwSeatsDialog *dialog,
             guint          seat,
             GType          type,
             const char    *name)
{
  g_autofree char *group_name = g_strdup_printf ("seat-%u", seat);
  GtkWidget *group = lw_test_find (dialog, ADW_TYPE_PREFERENCES_GROUP, group_name);

  return group != NULL ? lw_test_find (group, type, name) : NULL;
}

/* The remote seat's connection as shown ("Connected", "Not connected",
 * "A computer plays for them"), NULL for a seat that is not remote. */
static const char *
seat_connection (LwSeatsDialog *dialog,
                 guint          seat)
{
  GtkWidget *row = seat_widget (dialog, seat, ADW_TYPE_ACTION_ROW, "Connection");

  return row != NULL ? adw_action_row_get_subtitle (ADW_ACTION_ROW (row)) : NULL;
}

/* The button of the remote seat's group labelled @label ("_New Link",
 * "Copy Link"), NULL for a seat that is not remote. */
static GtkWidget *
seat_button (LwSeatsDialog *dialog,
             guint          seat,
             const char    *label)
{
  return seat_widget (dialog, seat, GTK_TYPE_BUTTON, label);
}

typedef struct {
  LwSeatsDialog *dialog;
  const char    *want;
} ConnectionWait;

static gboolean
connection_is (gpointer data)
{
  ConnectionWait *wait = data;

  return g_strcmp0 (seat_connection (wait->dialog, 1), wait->want) == 0;
}

static void
wait_connection (LwTablePage *page,
                 const char  *want)
{
  ConnectionWait wait = { seats_dialog (page), want };

  g_assert_true (lw_play_run_until (connection_is, &wait, 10000));
}

static gboolean
client_closed (gpointer data)
{
  LwPlayClient *client = data;

  return client->closed || client->failed;
}

static gboolean
client_welcomed (gpointer data)
{
  LwPlayClient *client = data;

  return client->seat >= 0 && client->state != NULL;
}

static LwPlayClient *
connect_client (const Link *link,
                gboolean    auto_play)
{
  LwPlayClient *client = lw_play_client_new (link->port, link->table, link->secret, "en");

  client->auto_play = auto_play;
  lw_play_client_connect (client);
  return client;
}

/* The hand shown is seat 1's, whatever the moment (the remote seat's
 * cards never on the host's screen). */
static void
assert_view_is_seat_1 (LwTablePage *page)
{
  LwTableView *view = lw_table_page_get_view (page);

  g_assert_cmpint (lw_table_view_get_viewer (view), ==, 0);
  if (g_strcmp0 (lw_table_page_get_shown (page), "table") != 0)
    g_error ("the hosted table with one local seat shows %s", lw_table_page_get_shown (page));
}

/* The wildcard question of the page, answered with its first reading. */
static void
answer_reading (void)
{
  g_autoptr (GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      {
        lw_test_respond (ADW_MESSAGE_DIALOG (l->data), "0");
        /* As a click does: the answered question goes away. */
        gtk_window_destroy (GTK_WINDOW (l->data));
        return;
      }
}

/* Seat 1 moves through the page's actions, as a Normal computer would. */
static void
local_moves (LwTablePage *page)
{
  const LwTable *table = lw_table_page_get_table (page);
  LwTableView *view = lw_table_page_get_view (page);
  guint log_len = lw_table_get_log (table)->len;
  guint64 version = lw_table_host_get_version (lw_table_page_get_host (page));
  LwAction action;
  LwRng rng;

  lw_rng_init (&rng, log_len + 7);
  lw_bot_choose (table, LW_BOT_NORMAL, NULL, &rng, &action);
  switch (action.kind)
    {
    case LW_ACTION_DECLARE:
      lw_test_activate (page, "table.declare");
      break;
    case LW_ACTION_DECLINE:
      lw_test_activate (page, "table.decline");
      break;
    case LW_ACTION_DISCARD:
      lw_table_view_set_selection (view, lw_test_hand_mask (table, 0, action.play.cards, action.play.n));
      lw_test_activate (page, "table.discard");
      break;
    case LW_ACTION_PLAY:
    default:
      lw_table_view_set_selection (view, lw_test_hand_mask (table, 0, action.play.cards, action.play.n));
      lw_test_activate (page, "table.play");
      answer_reading ();
      break;
    }
  lw_test_drain ();
  /* Played (the round may have ended and the next been dealt since). */
  g_assert_cmpuint (lw_table_host_get_version (lw_table_page_get_host (page)), >, version);
  g_assert_cmpstr (lw_table_page_get_status_text (page), !=, "");
}

/* Plays on (seat 1 through the page, the rest by themselves) until
 * @done (@data) or the game's end; asserts it came within the bound. */
static void
play_until (LwTablePage *page,
            gboolean   (*done) (gpointer data),
            gpointer     data,
            guint       *n_local)
{
  LwTableHost *host = lw_table_page_get_host (page);
  gint64 end = g_get_monotonic_time () + GAME_TIMEOUT_S * G_USEC_PER_SEC;

  while (!(done != NULL && done (data)) && !lw_table_host_is_over (host))
    {
      const LwTable *table = lw_table_page_get_table (page);

      if (g_get_monotonic_time () > end && playing == NULL)
        g_error ("the hosted game did not get on within %d s: turn %d, phase %d, round over %d, seat 2 %d, status \"%s\"",
                 GAME_TIMEOUT_S, lw_table_get_turn (table), lw_table_get_phase (table),
                 lw_table_page_get_round_over (page), lw_table_host_get_seat_kind (host, 1),
                 lw_table_page_get_status_text (page));
      if (playing != NULL && g_get_monotonic_time () > end)
        g_error ("client: open %d closed %d seat %d, %u states, %u actions, %u refused (%s)",
                 playing->open, playing->closed, playing->seat, playing->n_states, playing->n_actions,
                 playing->n_refused, playing->last_reason != NULL ? playing->last_reason : "");
      assert_view_is_seat_1 (page);
      if (!lw_table_page_get_round_over (page) && lw_table_get_turn (table) == 0)
        {
          local_moves (page);
          (*n_local)++;
        }
      else if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

static gboolean
a_round_stored (gpointer data)
{
  Fixture *fixture = data;
  LwTablePage *page = lw_window_get_table_page (fixture->window);

  return lw_test_stored_rounds (fixture, lw_table_page_get_game_id (page)) >= 1;
}

typedef struct {
  LwTablePage *page;
  guint        from;   /* the log's length when the computer took over */
  guint        round;
} SeatMoved;

/* A move of seat 2 in the log since @from (or a new round begun). */
static gboolean
seat_2_moved (gpointer data)
{
  SeatMoved *moved = data;
  const LwTable *table = lw_table_page_get_table (moved->page);
  const GArray *log = lw_table_get_log (table);

  if (lw_table_page_get_round_over (moved->page))
    return FALSE;
  for (guint i = moved->from; i < log->len; i++)
    if (g_array_index (log, LwAction, i).seat == 1)
      return TRUE;
  return FALSE;
}

/* New Game at the virtual table for @n players named @names, hosting on
 * 127.0.0.1:@port (0: any free port); the seats' players are the
 * caller's. */
static LwNewGamePage *
host_form (Fixture           *fixture,
           guint              n,
           const char *const *names,
           guint              port)
{
  LwNewGamePage *form = lw_test_new_game_form (fixture->window, n, names, TRUE);

  lw_new_game_page_set_host_address (form, "127.0.0.1", port);
  return form;
}

static void
test_hosted_game (Fixture       *fixture,
                  gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben", "Cleo", "Dev" };
  LwNewGamePage *form;
  LwTablePage *page = lw_window_get_table_page (fixture->window);
  LwSeatsDialog *dialog;
  LwTableHost *host;
  g_autoptr (LwPlayClient) client = NULL;
  g_autoptr (LwPlayClient) late = NULL;
  g_autoptr (LwPlayClient) old = NULL;
  Link link = { 0 }, renewed = { 0 };
  guint n_local = 0, n_rounds;
  gint64 id;
  SeatMoved moved = { page, 0, 0 };

  form = host_form (fixture, 4, names, 0);
  lw_new_game_page_set_seat_player (form, 0, FALSE, LW_BOT_NORMAL);
  lw_new_game_page_set_remote_seat (form, 1);
  lw_new_game_page_set_seat_player (form, 2, TRUE, LW_BOT_NORMAL);
  lw_new_game_page_set_seat_player (form, 3, TRUE, LW_BOT_EASY);
  lw_new_game_page_set_partners (form, TRUE);
  lw_new_game_page_set_table_seed (form, 1818);
  g_assert_cmpstr (lw_new_game_page_get_error_text (form), ==, "");
  lw_test_activate (form, "new-game.start");

  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "table");
  g_assert_true (lw_table_page_is_hosted (page));
  host = lw_table_page_get_host (page);
  lw_table_host_set_timing (host, 0, 0);
  id = lw_table_page_get_game_id (page);
  g_assert_cmpint (id, ==, lw_table_host_get_game_id (host));
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 0), ==, LW_HOST_SEAT_LOCAL);
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 1), ==, LW_HOST_SEAT_REMOTE);
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 2), ==, LW_HOST_SEAT_COMPUTER);
  /* Undo is hidden: a remote player's move cannot be taken back. */
  g_assert_false (gtk_widget_get_visible (lw_test_find_action_button (GTK_WIDGET (page), "table.undo")));
  g_assert_true (gtk_widget_get_visible (lw_test_find_action_button (GTK_WIDGET (page), "table.seats")));

  /* The Players panel opened by itself, with seat 2's link only. */
  dialog = seats_dialog (page);
  g_assert_null (lw_seats_dialog_get_link (dialog, 0));
  g_assert_null (lw_seats_dialog_get_link (dialog, 2));
  parse_link (lw_seats_dialog_get_link (dialog, 1), &link);
  g_assert_cmpint (link.table, ==, id);
  g_assert_cmpstr (seat_connection (dialog, 1), ==, "Not connected");
  g_assert_true (gtk_widget_is_visible (seat_button (dialog, 1, "_Play for Them")));
  g_assert_false (gtk_widget_is_visible (seat_button (dialog, 1, "_Give Back")));

  /* The remote player connects and plays seat 2 by itself. */
  client = connect_client (&link, TRUE);
  wait_connection (page, "Connected");
  g_assert_true (lw_play_run_until (client_welcomed, client, 10000));
  g_assert_cmpint (client->seat, ==, 1);
  g_assert_false (gtk_widget_is_visible (seat_button (dialog, 1, "_Play for Them")));

  /* The first round played to its end. */
  play_until (page, a_round_stored, fixture, &n_local);
  g_assert_false (lw_table_host_is_over (host));
  g_assert_cmpuint (n_local, >, 0);
  g_assert_cmpuint (client->n_actions, >, 0);

  /* The remote player leaves: Not connected. */
  lw_play_client_close (client);
  wait_connection (page, "Not connected");
  g_assert_true (gtk_widget_is_visible (seat_button (dialog, 1, "_Play for Them")));

  /* New Link: the old secret opens nothing (4001). */
  click (seat_button (dialog, 1, "_New Link"));
  lw_test_drain ();
  parse_link (lw_seats_dialog_get_link (dialog, 1), &renewed);
  g_assert_cmpstr (renewed.secret, !=, link.secret);
  old = connect_client (&link, FALSE);
  g_assert_true (lw_play_run_until (client_closed, old, 10000));
  g_assert_cmpuint (old->close_code, ==, 4001);
  g_assert_cmpstr (seat_connection (dialog, 1), ==, "Not connected");

  /* Play for Them: a computer moves for seat 2. */
  moved.from = lw_table_get_log (lw_table_page_get_table (page))->len;
  if (lw_table_page_get_round_over (page))
    moved.from = 0;
  click (seat_button (dialog, 1, "_Play for Them"));
  lw_test_drain ();
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 1), ==, LW_HOST_SEAT_COMPUTER);
  g_assert_cmpstr (seat_connection (dialog, 1), ==, "A computer plays for them");
  g_assert_true (gtk_widget_is_visible (seat_button (dialog, 1, "_Give Back")));
  play_until (page, seat_2_moved, &moved, &n_local);
  g_assert_true (seat_2_moved (&moved) || lw_table_host_is_over (host));

  /* Give Back, and the new link plays on to the game's end. */
  click (seat_button (dialog, 1, "_Give Back"));
  lw_test_drain ();
  g_assert_cmpint (lw_table_host_get_seat_kind (host, 1), ==, LW_HOST_SEAT_REMOTE);
  late = lw_play_client_new (renewed.port, renewed.table, renewed.secret, "en");
  late->auto_play = TRUE;
  /* Ids of its own: the host plays an id once per seat (a page makes
   * fresh ones). */
  late->next_id = 1000000;
  lw_play_client_connect (late);
  playing = late;
  wait_connection (page, "Connected");
  play_until (page, NULL, NULL, &n_local);
  g_assert_true (lw_table_host_is_over (host));
  lw_test_drain ();
  g_assert_true (lw_table_page_get_game_over (page));
  assert_view_is_seat_1 (page);

  /* Every round stored with its log. */
  n_rounds = lw_test_stored_rounds (fixture, id);
  g_test_message ("hosted game: %u rounds, %u moves of seat 1 made on the page, %u actions of the remote client",
                  n_rounds, n_local, client->n_actions + late->n_actions);
  g_assert_cmpuint (n_rounds, >=, 2);
  for (guint r = 1; r <= n_rounds; r++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *log = lw_store_load_round_log (lw_window_get_store (fixture->window), id, r, &error);

      g_assert_no_error (error);
      g_assert_nonnull (log);
    }

  /* Leaving the table closes it: the socket is closed (4005), the link
   * opens nothing, and the game opens from the history. */
  lw_test_activate (fixture->window, "win.show-games");
  g_assert_false (lw_table_page_is_hosted (page));
  g_assert_null (lw_table_page_get_seats_dialog (page));
  g_assert_true (lw_play_run_until (client_closed, late, 10000));
  g_assert_cmpuint (late->close_code, ==, 4005);
  {
    g_autoptr (GError) error = NULL;

    g_assert_true (lw_window_open_game (fixture->window, id, &error));
    g_assert_no_error (error);
    g_assert_false (lw_table_page_is_hosted (page));
    g_assert_cmpint (lw_table_page_get_game_id (page), ==, id);
  }
  link_clear (&link);
  link_clear (&renewed);
}

/* No seat on this device: the host only watches (no hand shown, no move
 * of its own) while the remote player and the computer play a round. */
static void
test_watch_only (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben" };
  LwNewGamePage *form;
  LwTablePage *page = lw_window_get_table_page (fixture->window);
  LwTableView *view = lw_table_page_get_view (page);
  g_autoptr (LwPlayClient) client = NULL;
  Link link = { 0 };
  gint64 end;

  form = host_form (fixture, 2, names, 0);
  lw_new_game_page_set_remote_seat (form, 0);
  lw_new_game_page_set_seat_player (form, 1, TRUE, LW_BOT_EASY);
  g_assert_cmpstr (lw_new_game_page_get_error_text (form), ==, "");
  lw_test_activate (form, "new-game.start");
  g_assert_true (lw_table_page_is_hosted (page));
  lw_table_host_set_timing (lw_table_page_get_host (page), 0, 0);
  parse_link (lw_seats_dialog_get_link (seats_dialog (page), 0), &link);
  client = connect_client (&link, TRUE);

  end = g_get_monotonic_time () + GAME_TIMEOUT_S * G_USEC_PER_SEC;
  while (lw_test_stored_rounds (fixture, lw_table_page_get_game_id (page)) < 1)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_assert_cmpint (lw_table_view_get_viewer (view), ==, LW_NO_SEAT);
      g_assert_false (gtk_widget_is_sensitive (lw_test_find_action_button (GTK_WIDGET (page), "table.play")));
      g_assert_cmpstr (lw_table_page_get_shown (page), ==, "table");
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  g_assert_cmpuint (client->n_actions, >, 0);
  g_assert_cmpstr (lw_table_page_get_status_text (page), !=, "");
  link_clear (&link);
}

/* The first label at or below @widget whose text begins with @prefix, or
 * NULL. */
static GtkLabel *
label_with_prefix (GtkWidget  *widget,
                   const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = label_with_prefix (child, prefix);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Names a markup parser would read (an ampersand, a tag, a right-to-left
 * override) are shown as typed in the Players panel's heading. */
static void
test_hostile_names (Fixture       *fixture,
                    gconstpointer  data)
{
  const char *names[] = { "Ann & <b>Co</b>", "\u202eBen <i>" };
  LwNewGamePage *form;
  LwTablePage *page = lw_window_get_table_page (fixture->window);
  GtkLabel *title;

  form = host_form (fixture, 2, names, 0);
  lw_new_game_page_set_remote_seat (form, 0);
  lw_new_game_page_set_seat_player (form, 1, TRUE, LW_BOT_EASY);
  lw_test_activate (form, "new-game.start");
  g_assert_true (lw_table_page_is_hosted (page));
  title = label_with_prefix (GTK_WIDGET (seats_dialog (page)), "Seat 1:");
  g_assert_nonnull (title);
  g_assert_cmpstr (gtk_label_get_text (title), ==, "Seat 1: Ann & <b>Co</b>");
}

/* A table left (or the app closed) in the middle of the game is hosted
 * again when the game is opened from the history: the seats as they were,
 * and the link given before opens the remote seat again, though only its
 * hash was kept (so the panel shows no link until New Link). */
static void
test_reopen (Fixture       *fixture,
             gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben", "Cleo" };
  LwNewGamePage *form;
  LwTablePage *page = lw_window_get_table_page (fixture->window);
  LwSeatsDialog *dialog;
  g_autoptr (LwPlayClient) first = NULL;
  g_autoptr (LwPlayClient) again = NULL;
  g_autoptr (GError) error = NULL;
  Link link = { 0 };
  gint64 id;

  form = host_form (fixture, 3, names, 0);
  lw_new_game_page_set_seat_player (form, 0, FALSE, LW_BOT_NORMAL);
  lw_new_game_page_set_remote_seat (form, 1);
  lw_new_game_page_set_seat_player (form, 2, TRUE, LW_BOT_EASY);
  lw_test_activate (form, "new-game.start");
  g_assert_true (lw_table_page_is_hosted (page));
  id = lw_table_page_get_game_id (page);
  parse_link (lw_seats_dialog_get_link (seats_dialog (page), 1), &link);
  first = connect_client (&link, FALSE);
  g_assert_true (lw_play_run_until (client_welcomed, first, 10000));
  g_assert_cmpint (first->seat, ==, 1);

  /* Left in the middle of round 1: the table closes, its link with it. */
  lw_test_activate (fixture->window, "win.show-games");
  g_assert_false (lw_table_page_is_hosted (page));
  g_assert_true (lw_play_run_until (client_closed, first, 10000));
  g_assert_true (lw_store_is_table_hosted (lw_window_get_store (fixture->window), id));

  /* Opened again from the history, on the port the link names. */
  lw_window_set_host_address (fixture->window, "127.0.0.1", link.port);
  g_assert_true (lw_window_open_game (fixture->window, id, &error));
  g_assert_no_error (error);
  g_assert_true (lw_table_page_is_hosted (page));
  g_assert_cmpint (lw_table_page_get_game_id (page), ==, id);
  g_assert_cmpint (lw_table_host_get_seat_kind (lw_table_page_get_host (page), 0), ==, LW_HOST_SEAT_LOCAL);
  g_assert_cmpint (lw_table_host_get_seat_kind (lw_table_page_get_host (page), 1), ==, LW_HOST_SEAT_REMOTE);
  g_assert_cmpint (lw_table_host_get_seat_kind (lw_table_page_get_host (page), 2), ==, LW_HOST_SEAT_COMPUTER);
  g_assert_cmpint (lw_table_view_get_viewer (lw_table_page_get_view (page)), ==, 0);
  dialog = seats_dialog (page);
  g_assert_null (lw_seats_dialog_get_link (dialog, 1));
  g_assert_nonnull (seat_button (dialog, 1, "_New Link"));
  g_assert_false (gtk_widget_is_sensitive (seat_button (dialog, 1, "Copy Link")));
  g_assert_null (seat_button (dialog, 0, "_New Link"));

  again = connect_client (&link, FALSE);
  g_assert_true (lw_play_run_until (client_welcomed, again, 10000));
  g_assert_cmpint (again->seat, ==, 1);
  wait_connection (page, "Connected");

  /* New Link: one to show, and the old one opens nothing. */
  click (seat_button (dialog, 1, "_New Link"));
  g_assert_nonnull (lw_seats_dialog_get_link (dialog, 1));
  g_assert_true (gtk_widget_is_sensitive (seat_button (dialog, 1, "Copy Link")));
  g_assert_true (lw_play_run_until (client_closed, again, 10000));
  lw_test_activate (fixture->window, "win.show-games");
  link_clear (&link);
}

/* A port in use: said in words on New Game, and no game stored. */
static void
test_port_taken (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *names[] = { "Ann", "Ben" };
  g_autoptr (GSocketListener) listener = g_socket_listener_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = NULL;
  LwNewGamePage *form;
  guint16 port;

  port = g_socket_listener_add_any_inet_port (listener, NULL, &error);
  g_assert_no_error (error);
  form = host_form (fixture, 2, names, port);
  lw_new_game_page_set_remote_seat (form, 1);
  lw_test_activate (form, "new-game.start");
  g_assert_cmpstr (lw_window_get_visible_page (fixture->window), ==, "new-game");
  g_assert_true (g_str_has_prefix (lw_new_game_page_get_error_text (form), "Remote play could not be opened: "));
  g_assert_nonnull (strstr (lw_new_game_page_get_error_text (form), "Address already in use"));
  games = lw_store_list_games (lw_window_get_store (fixture->window), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  static const LwTestAppCase cases[] = {
    { "/ui-host/hosted-game", test_hosted_game },
    { "/ui-host/watch-only", test_watch_only },
    { "/ui-host/hostile-names", test_hostile_names },
    { "/ui-host/port-taken", test_port_taken },
    { "/ui-host/reopen", test_reopen },
  };

  return lw_test_app_main (argc, argv, cases, G_N_ELEMENTS (cases));
}
