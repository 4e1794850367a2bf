/* test-ui-entry.c — table entry in the app, in-process under Xvfb:
 *
 * - the game page's "Open Table Entry…" opens the window, entry off, no
 *   port taken;
 * - switched on, it shows the table's link with a 128-bit secret and its
 *   QR code (the link encoded), and the server answers on that port;
 * - a round sent from a "phone" (an HTTP request to that link) shows at
 *   once in the game page's history;
 * - the history's lock button locks the round: the phone's correction is
 *   refused (423) and the round stays;
 * - closing the window stops the server: the port is free again;
 * - for an event, the window lists the current round's tables, each with
 *   its new scorekeeper game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>
#include <libsoup/soup.h>

#include "lw-application.h"
#include "lw-application-private.h"
#include "lw-game-page.h"
#include "lw-game-page-private.h"
#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-entry-dialog.h"
#include "lw-entry-dialog-private.h"
#include "lw-window.h"
#include "lw-window-private.h"
#include "lw-qr-code-private.h"
#include "lw-test-app.h"

typedef LwTestApp Fixture;

/* Whether a TCP port of 127.0.0.1 can be taken. */
static gboolean
port_is_free (guint port)
{
  g_autoptr (GSocketListener) listener = g_socket_listener_new ();
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, (guint16) port);

  return g_socket_listener_add_address (listener, address, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                                        NULL, NULL, NULL);
}

static guint
free_port (void)
{
  g_autoptr (GSocketListener) listener = g_socket_listener_new ();
  guint16 port = g_socket_listener_add_any_inet_port (listener, NULL, NULL);

  g_assert_cmpuint (port, >, 0);
  g_socket_listener_close (listener);
  return port;
}

typedef struct {
  GBytes *body;
  gboolean done;
} Reply;

static void
sent_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Reply *reply = data;

  reply->body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, NULL);
  reply->done = TRUE;
}

/* A phone's request to the running server, answered by this main loop. */
static guint
phone_request (const char *url,
               const char *method,
               const char *api_path,
               const char *body)
{
  g_autoptr (SoupSession) session = soup_session_new ();
  g_autofree char *base = g_strndup (url, strstr (url, "/t/") - url);
  const char *secret = strchr (url, '#') + 1;
  g_autofree char *target = g_strconcat (base, api_path, NULL);
  g_autoptr (SoupMessage) msg = soup_message_new (method, target);
  Reply reply = { NULL, FALSE };

  soup_message_headers_replace (soup_message_get_request_headers (msg), "X-Table-Secret", secret);
  if (body != NULL)
    {
      g_autoptr (GBytes) bytes = g_bytes_new (body, strlen (body));

      soup_message_set_request_body_from_bytes (msg, "application/json", bytes);
    }
  soup_session_send_and_read_async (session, msg, G_PRIORITY_DEFAULT, NULL, sent_cb, &reply);
  while (!reply.done)
    g_main_context_iteration (NULL, TRUE);
  g_clear_pointer (&reply.body, g_bytes_unref);
  return soup_message_get_status (msg);
}

static LwEntryDialog *
open_entry (LwGamePage *page,
            guint       port)
{
  LwEntryDialog *dialog;
  AdwComboRow *address;
  GListModel *model;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "game.table-entry", NULL));
  lw_test_drain ();
  dialog = LW_ENTRY_DIALOG (lw_game_page_get_entry_dialog (page));
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));

  /* Off until switched on. */
  g_assert_false (gtk_switch_get_active (lw_entry_dialog_get_switch (dialog)));
  g_assert_false (lw_web_server_is_running (lw_entry_dialog_get_server (dialog)));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (lw_entry_dialog_get_port_spin (dialog)), ==,
                   LW_WEB_SERVER_DEFAULT_PORT);
  g_assert_null (lw_entry_dialog_get_table_url (dialog, 0));

  /* This computer only, on a free port. */
  address = lw_entry_dialog_get_address_row (dialog);
  model = adw_combo_row_get_model (address);
  adw_combo_row_set_selected (address, g_list_model_get_n_items (model) - 1);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), adw_combo_row_get_selected (address)),
                   ==, "127.0.0.1");
  gtk_spin_button_set_value (lw_entry_dialog_get_port_spin (dialog), port);
  gtk_switch_set_active (lw_entry_dialog_get_switch (dialog), TRUE);
  lw_test_drain ();
  return dialog;
}

/* A new game of Ann and Ben in the window's database. */
static gint64
add_ann_ben (Fixture *fixture)
{
  static const char *const names[] = { "Ann", "Ben" };

  return lw_test_add_game (lw_window_get_store (fixture->window), LW_RULESET_LITTLE_WOLF, 2, names, 0);
}

static void
test_game (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  LwStore *store = lw_window_get_store (fixture->window);
  gint64 id = add_ann_ben (fixture);
  LwGamePage *page;
  LwEntryDialog *dialog;
  LwQrCode *qr;
  g_autofree char *prefix = NULL;
  g_autofree char *api = g_strdup_printf ("/api/tables/%" G_GINT64_FORMAT, id);
  g_autofree char *rounds = g_strconcat (api, "/rounds", NULL);
  g_autofree char *round1 = g_strconcat (api, "/rounds/1", NULL);
  g_autofree char *body = NULL;
  g_autofree char *correction = NULL;
  const char *url;
  const char *secret;
  gint64 version = 0;
  guint port = free_port ();

  g_assert_no_error (error);
  g_assert_true (lw_window_open_game (fixture->window, id, &error));
  page = lw_window_get_game_page (fixture->window);
  lw_test_drain ();
  g_assert_cmpuint (lw_game_page_get_n_history_rows (page), ==, 0);

  dialog = open_entry (page, port);
  g_assert_null (lw_entry_dialog_get_error (dialog));
  g_assert_true (lw_web_server_is_running (lw_entry_dialog_get_server (dialog)));
  g_assert_cmpuint (lw_web_server_get_port (lw_entry_dialog_get_server (dialog)), ==, port);
  g_assert_false (port_is_free (port));

  /* The link: this computer, the port, the game, a 128-bit secret. */
  g_assert_cmpuint (lw_entry_dialog_get_n_tables (dialog), ==, 1);
  url = lw_entry_dialog_get_table_url (dialog, 0);
  prefix = g_strdup_printf ("http://127.0.0.1:%u/t/%" G_GINT64_FORMAT "#", port, id);
  g_assert_true (g_str_has_prefix (url, prefix));
  secret = url + strlen (prefix);
  g_assert_cmpuint (strlen (secret), ==, 32);
  g_assert_cmpuint (strspn (secret, "0123456789abcdef"), ==, 32);

  /* Its QR code encodes the link and is shown. */
  qr = lw_entry_dialog_get_table_qr_code (dialog, 0);
  g_assert_cmpstr (lw_qr_code_get_text (qr), ==, url);
  g_assert_cmpuint (lw_qr_code_get_modules (qr), >=, 25);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (qr)));

  /* A phone sends round 1: the game page shows it at once. */
  lw_store_get_game_version (store, id, &version, &error);
  body = g_strdup_printf ("{\"number\": 1, \"version\": %" G_GINT64_FORMAT ", \"round\":"
                          " {\"declarer\": 1, \"cards\": [6, 20]}}", version);
  g_assert_cmpuint (phone_request (url, "GET", api, NULL), ==, 200);
  g_assert_cmpuint (phone_request (url, "POST", rounds, body), ==, 201);
  lw_test_drain ();
  g_assert_cmpuint (lw_game_page_get_n_history_rows (page), ==, 1);
  g_assert_nonnull (strstr (lw_game_page_get_history_text (page, 0), "Ben"));

  /* Locked from the history: the phone's correction is refused. */
  g_assert_false (lw_game_page_is_round_locked (page, 1));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "game.lock-round", "u", 1));
  lw_test_drain ();
  g_assert_true (lw_game_page_is_round_locked (page, 1));
  lw_store_get_game_version (store, id, &version, &error);
  correction = g_strdup_printf ("{\"version\": %" G_GINT64_FORMAT ", \"round\":"
                                " {\"declarer\": 0, \"cards\": [20, 6]}}", version);
  g_assert_cmpuint (phone_request (url, "PUT", round1, correction), ==, 423);
  {
    g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);

    g_assert_cmpint (((LwRound *) g_ptr_array_index (game->record->rounds, 0))->declarer, ==, 1);
  }

  /* Closing the window ends entry: the port is free again. */
  gtk_window_close (GTK_WINDOW (dialog));
  lw_test_drain ();
  g_assert_null (lw_game_page_get_entry_dialog (page));
  g_assert_true (port_is_free (port));
}

/* The port is taken: the window says so and entry stays off. */
static void
test_port_in_use (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  gint64 id = add_ann_ben (fixture);
  g_autoptr (GSocketListener) squatter = g_socket_listener_new ();
  guint16 port = g_socket_listener_add_any_inet_port (squatter, NULL, NULL);
  LwEntryDialog *dialog;

  g_assert_true (lw_window_open_game (fixture->window, id, &error));
  dialog = open_entry (lw_window_get_game_page (fixture->window), port);
  g_assert_false (gtk_switch_get_active (lw_entry_dialog_get_switch (dialog)));
  g_assert_false (lw_web_server_is_running (lw_entry_dialog_get_server (dialog)));
  g_assert_nonnull (strstr (lw_entry_dialog_get_error (dialog), "Choose another port"));
  g_assert_null (lw_entry_dialog_get_table_url (dialog, 0));
  gtk_window_close (GTK_WINDOW (dialog));
  lw_test_drain ();
}

/* An event: every table of the current round, each with its game. */
static void
test_event (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  LwStore *store = lw_window_get_store (fixture->window);
  LwEventConfig config;
  const char *names[] = { "Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", NULL };
  g_autoptr (LwEvent) event = NULL;
  GtkWidget *dialog;
  gint64 event_id;

  lw_event_config_init (&config, LW_EVENT_SWISS, 2);
  event_id = lw_store_add_event (store, "Club night", &config, &error);
  lw_store_add_event_entrants (store, event_id, names, LW_ENTRANT_CHECKED_IN, &error);
  event = lw_store_pair_event_round (store, event_id, &error);
  g_assert_no_error (error);

  dialog = lw_entry_dialog_new (GTK_WINDOW (fixture->window), store, event_id);
  gtk_window_present (GTK_WINDOW (dialog));
  lw_test_drain ();
  g_assert_null (lw_entry_dialog_get_error (LW_ENTRY_DIALOG (dialog)));
  g_assert_cmpuint (lw_entry_dialog_get_n_tables (LW_ENTRY_DIALOG (dialog)), ==, 3);
  for (guint t = 0; t < 3; t++)
    {
      gint64 game_id = 0;
      g_autoptr (LwStoredGame) game = NULL;
      const LwEventTable *table = lw_event_get_table (event, 1, t + 1, &error);

      lw_store_get_event_table_game (store, event_id, 1, t + 1, &game_id, &error);
      g_assert_no_error (error);
      g_assert_cmpint (game_id, ==, lw_entry_dialog_get_table_game (LW_ENTRY_DIALOG (dialog), t));
      game = lw_store_load_game (store, game_id, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (game->record->players[0], ==,
                       ((LwEntrant *) g_ptr_array_index (event->entrants, table->entrants[0]))->name);
      g_assert_cmpint (game->record->first_dealer, ==, table->first_dealer);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();

  /* Opened again: the same games, none made twice. */
  dialog = lw_entry_dialog_new (GTK_WINDOW (fixture->window), store, event_id);
  {
    g_autoptr (GPtrArray) games = lw_store_list_games (store, &error);

    g_assert_cmpuint (games->len, ==, 3);
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
  lw_test_drain ();
}

static const LwTestAppCase cases[] = {
  { "/ui-entry/game", test_game },
  { "/ui-entry/port-in-use", test_port_in_use },
  { "/ui-entry/event", test_event },
};

int
main (int    argc,
      char **argv)
{
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
  return lw_test_app_main (argc, argv, cases, G_N_ELEMENTS (cases));
}
