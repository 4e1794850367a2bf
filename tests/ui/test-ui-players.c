/* test-ui-players.c — names typed into the app's name entries, letter by
 * letter as a person types them, and the players list (rename, merge,
 * delete)
 *
 * Each test runs on its own temporary database, with the application
 * created G_APPLICATION_NON_UNIQUE.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-events-page.h"
#include "lw-new-game-page.h"
#include "lw-stats-page.h"
#include "lw-store-events.h"
#include "lw-test-app.h"

typedef LwTestApp Fixture;

/* Types @text into @entry one character at a time, as the keyboard does
 * (GtkText's own way: the selection replaced, the character inserted at
 * the cursor, the cursor put after it), @pause_ms between the keys; then
 * waits half a second, as a person does before Enter, for anything the
 * completion does. */
static void
type_text (GtkEntry   *entry,
           const char *text,
           guint       pause_ms)
{
  GtkEditable *editable = GTK_EDITABLE (entry);

  /* (Taking the focus selects the whole text: once only.) */
  if (!gtk_widget_is_focus (GTK_WIDGET (gtk_editable_get_delegate (editable))))
    gtk_widget_grab_focus (GTK_WIDGET (entry));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      int position;

      gtk_editable_delete_selection (editable);
      position = gtk_editable_get_position (editable);
      gtk_editable_insert_text (editable, p, (int) (g_utf8_next_char (p) - p), &position);
      gtk_editable_select_region (editable, position, position);
      for (gint64 end = g_get_monotonic_time () + pause_ms * 1000; g_get_monotonic_time () < end; )
        {
          g_usleep (1000);
          lw_test_drain ();
        }
    }
  for (gint64 end = g_get_monotonic_time () + 500 * 1000; g_get_monotonic_time () < end; )
    {
      g_usleep (10000);
      lw_test_drain ();
    }
}

static gint64
add_game (LwStore           *store,
          guint              n_players,
          const char *const *names)
{
  g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, n_players, names);
  g_autoptr (GError) error = NULL;
  gint64 id = lw_store_add_game (store, record, &error);

  g_assert_no_error (error);
  return id;
}

static LwEventsPage *
new_event (Fixture    *fixture,
           const char *name)
{
  LwEventsPage *page;

  lw_test_activate (fixture->window, "win.show-events");
  page = lw_window_get_events_page (fixture->window);
  lw_test_activate (page, "events.new-event");
  gtk_editable_set_text (GTK_EDITABLE (lw_events_page_get_dialog_field (page, "name")), name);
  adw_message_dialog_response (lw_events_page_get_dialog (page), "create");
  lw_test_drain ();
  if (lw_events_page_get_dialog (page) != NULL)
    gtk_window_destroy (GTK_WINDOW (lw_events_page_get_dialog (page)));
  lw_test_drain ();
  g_assert_cmpint (lw_events_page_get_event_id (page), >, 0);
  return page;
}

/* The names of the event's entrants, in entry order, joined by ", ". */
static char *
entrant_names (Fixture *fixture,
               gint64   id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = lw_store_load_event (lw_window_get_store (fixture->window), id, &error);
  g_autoptr (GString) names = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < event->entrants->len; i++)
    {
      const LwEntrant *entrant = g_ptr_array_index (event->entrants, i);

      g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", entrant->name);
    }
  return g_string_free (g_steal_pointer (&names), FALSE);
}

/* Typed letter by letter into the event's Enter Players box, then Enter:
 * the entrant is stored with exactly the typed name, for names known from
 * a game (the same player, not a new one) and for a new name. */
static void
test_event_box (Fixture       *fixture,
                gconstpointer  data)
{
  const char *known[] = { "Ann", "Eve", "Cleo" };
  const char *typed[] = { "Ann", "Eve", "Cleo", "Dev" };
  LwEventsPage *page;
  GtkEntry *entry;
  g_autofree char *names = NULL;
  g_autofree char *joined = NULL;
  g_auto (GStrv) players = NULL;

  add_game (lw_test_app_writer (fixture), 3, known);
  page = new_event (fixture, "Spring");
  entry = lw_events_page_get_add_entry (page);

  /* Quick (no pause between the keys) and slow (a key a tenth of a
   * second) typing. */
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      type_text (entry, typed[i], i % 2 == 0 ? 0 : 100);
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, typed[i]);
      g_signal_emit_by_name (entry, "activate");
      lw_test_drain ();
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
    }
  names = entrant_names (fixture, lw_events_page_get_event_id (page));
  g_assert_cmpstr (names, ==, "Ann, Eve, Cleo, Dev");

  /* A known name is completed in place, its rest selected: the next key
   * replaces it, Enter takes it. */
  {
    int start = 0, end = 0;

    type_text (entry, "Cl", 0);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "Cleo");
    g_assert_true (gtk_editable_get_selection_bounds (GTK_EDITABLE (entry), &start, &end));
    g_assert_cmpint (start, ==, 2);
    g_assert_cmpint (end, ==, 4);
    type_text (entry, "x", 0);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "Clx");
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
  }

  /* The known three stay one player each; Dev is the one new player. */
  players = lw_store_list_player_names (lw_window_get_store (fixture->window), NULL);
  joined = g_strjoinv (", ", players);
  g_assert_cmpstr (joined, ==, "Ann, Cleo, Dev, Eve");
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/ui-players/event-box", Fixture, NULL, lw_test_app_set_up, test_event_box, lw_test_app_tear_down);
  return g_test_run ();
}
