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
#include "lw-events-page-private.h"
#include "lw-new-game-page.h"
#include "lw-stats-page.h"
#include "lw-stats-page-private.h"
#include "lw-store-events.h"
#include "lw-test-app.h"
#include "lw-test-util.h"
#include "lw-window-private.h"

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

  lw_test_add_game (lw_test_app_writer (fixture), LW_RULESET_LITTLE_WOLF, 3, known, 0);
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

  /* A known name is offered, never written into what is typed: "Cl"
   * stays "Cl", Enter takes "Cl" as typed; picked from the list (as
   * Down and Enter or a click do: match-selected), "Cleo" is taken. */
  {
    GtkEntryCompletion *completion = gtk_entry_get_completion (entry);
    GtkTreeModel *model = gtk_entry_completion_get_model (completion);
    GtkTreeIter iter;
    gboolean found = FALSE, handled = FALSE;
    int start = 0, end = 0;

    type_text (entry, "Cl", 0);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "Cl");
    g_assert_false (gtk_editable_get_selection_bounds (GTK_EDITABLE (entry), &start, &end));
    type_text (entry, "x", 0);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "Clx");
    gtk_editable_set_text (GTK_EDITABLE (entry), "");

    type_text (entry, "cl", 0);
    for (gboolean valid = gtk_tree_model_get_iter_first (model, &iter); valid && !found;
         valid = gtk_tree_model_iter_next (model, &iter))
      {
        g_autofree char *name = NULL;

        gtk_tree_model_get (model, &iter, 0, &name, -1);
        found = g_strcmp0 (name, "Cleo") == 0;
        if (found)
          break;
      }
    g_assert_true (found);
    /* The list opens above the entry and picks nothing under the pointer */
    for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (entry)); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_POPOVER (child))
        {
          GtkWidget *view = lw_test_find (child, GTK_TYPE_TREE_VIEW, NULL);

          g_assert_cmpint (gtk_popover_get_position (GTK_POPOVER (child)), ==, GTK_POS_TOP);
          g_assert_nonnull (view);
          g_assert_false (gtk_tree_view_get_hover_selection (GTK_TREE_VIEW (view)));
          handled = TRUE;
        }
    g_assert_true (handled);
    handled = FALSE;
    g_signal_emit_by_name (completion, "match-selected", model, &iter, &handled);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "Cleo");
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
  }

  /* The known three stay one player each; Dev is the one new player. */
  players = lw_store_list_player_names (lw_window_get_store (fixture->window), NULL);
  joined = g_strjoinv (", ", players);
  g_assert_cmpstr (joined, ==, "Ann, Cleo, Dev, Eve");
}

/* The rows of the players list, "NAME · SUBTITLE", joined by " | ". */
static char *
list_text (LwStatsPage *page)
{
  g_autoptr (GString) text = g_string_new (NULL);
  char *row;

  for (guint i = 0; (row = lw_stats_page_get_row_text (page, i)) != NULL; i++)
    {
      g_string_append_printf (text, "%s%s", i > 0 ? " | " : "", row);
      g_free (row);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static LwStatsPage *
show_players (Fixture *fixture)
{
  LwStatsPage *page;

  lw_test_activate (fixture->window, "win.show-players");
  page = lw_window_get_stats_page (fixture->window);
  lw_stats_page_wait (page);
  lw_test_drain ();
  return page;
}

static void
respond (LwStatsPage *page,
         const char  *response)
{
  lw_test_respond (lw_stats_page_get_dialog (page), response);
  lw_stats_page_wait (page);
  lw_test_drain ();
}

/* Every player listed, with and without games; rename, a rename to a
 * taken name that offers the merge, the merge and its Undo, delete. */
static void
test_players_list (Fixture       *fixture,
                   gconstpointer  data)
{
  const char *one[] = { "Ann", "Ben" };
  const char *two[] = { "Anne", "Cleo" };
  LwStore *store = lw_window_get_store (fixture->window);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  LwStatsPage *page;
  gint64 event;

  lw_test_add_game (lw_test_app_writer (fixture), LW_RULESET_LITTLE_WOLF, 2, one, 0);
  lw_test_add_game (lw_test_app_writer (fixture), LW_RULESET_LITTLE_WOLF, 2, two, 0);
  /* Zed was typed into an event that is gone. */
  {
    LwEventConfig config = { 0 };

    lw_event_config_init (&config, LW_EVENT_SWISS, 2);
    event = lw_store_add_event (store, "Gone", &config, &error);
    g_assert_no_error (error);
    g_assert_true (lw_store_add_event_entrant (store, event, "Zed", LW_ENTRANT_CHECKED_IN, &error));
    g_assert_true (lw_store_delete_event (store, event, &error));
  }

  page = show_players (fixture);
  text = list_text (page);
  g_assert_cmpstr (text, ==, "Ann · 1 game · 0 won | Anne · 1 game · 0 won | Ben · 1 game · 0 won"
                             " | Cleo · 1 game · 0 won | Zed · No games or events");
  g_clear_pointer (&text, g_free);

  /* Renamed: Cleo is Cleo Diaz in her game. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "stats.rename-player", "s", "Cleo"));
  lw_test_drain ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (lw_stats_page_get_dialog_field (page))), ==, "Cleo");
  gtk_editable_set_text (GTK_EDITABLE (lw_stats_page_get_dialog_field (page)), " Cleo Diaz ");
  respond (page, "rename");
  text = list_text (page);
  g_assert_nonnull (strstr (text, "| Cleo Diaz · 1 game · 0 won |"));
  g_clear_pointer (&text, g_free);

  /* Anne renamed to Ann: the merge is offered, then made. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "stats.rename-player", "s", "Anne"));
  lw_test_drain ();
  gtk_editable_set_text (GTK_EDITABLE (lw_stats_page_get_dialog_field (page)), "Ann");
  respond (page, "rename");
  g_assert_nonnull (lw_stats_page_get_dialog (page));
  g_assert_cmpstr (adw_message_dialog_get_heading (lw_stats_page_get_dialog (page)), ==, "“Ann” Exists Already");
  respond (page, "merge");
  text = list_text (page);
  g_assert_cmpstr (text, ==, "Ann · 2 games · 0 won | Ben · 1 game · 0 won | Cleo Diaz · 1 game · 0 won"
                             " | Zed · No games or events");
  g_clear_pointer (&text, g_free);

  /* Undo splits them again. */
  g_assert_true (lw_stats_page_undo_merge (page, &error));
  g_assert_no_error (error);
  lw_stats_page_wait (page);
  lw_test_drain ();
  text = list_text (page);
  g_assert_cmpstr (text, ==, "Ann · 1 game · 0 won | Anne · 1 game · 0 won | Ben · 1 game · 0 won"
                             " | Cleo Diaz · 1 game · 0 won | Zed · No games or events");
  g_clear_pointer (&text, g_free);
  g_assert_false (lw_stats_page_undo_merge (page, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOTHING_TO_UNDO);
  g_clear_error (&error);

  /* Merge Into… from the menu: the choice lists the others. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "stats.merge-player", "s", "Anne"));
  lw_test_drain ();
  {
    GtkDropDown *drop = GTK_DROP_DOWN (lw_stats_page_get_dialog_field (page));

    g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (drop)), ==, 4);
    gtk_drop_down_set_selected (drop, 0);
    g_assert_cmpstr (gtk_string_object_get_string (gtk_drop_down_get_selected_item (drop)), ==, "Ann");
  }
  respond (page, "merge");
  text = list_text (page);
  g_assert_true (g_str_has_prefix (text, "Ann · 2 games · 0 won | Ben"));
  g_clear_pointer (&text, g_free);

  /* Zed, with no games, is deleted. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "stats.delete-player", "s", "Zed"));
  lw_test_drain ();
  lw_stats_page_wait (page);
  lw_test_drain ();
  text = list_text (page);
  g_assert_cmpstr (text, ==, "Ann · 2 games · 0 won | Ben · 1 game · 0 won | Cleo Diaz · 1 game · 0 won");
}

/* On a club laptop, the page's merge of two roster entries queues a
 * merge request for the club's admin, and its Undo withdraws it (never
 * sent: dropped) and links the player back to its entry. */
static void
test_club_undo (Fixture       *fixture,
                gconstpointer  data)
{
  const char *one[] = { "Ann", "Ben" };
  const char *two[] = { "Anne", "Cleo" };
  LwStore *writer = lw_test_app_writer (fixture);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  g_autofree char *text = NULL;
  LwStatsPage *page;

  lw_test_add_game (writer, LW_RULESET_LITTLE_WOLF, 2, one, 0);
  lw_test_add_game (writer, LW_RULESET_LITTLE_WOLF, 2, two, 0);
  /* A server that is never reached: each automatic sync fails at once. */
  g_assert_true (lw_store_club_join (writer, "host=/nonexistent port=1 dbname=club user=lw_origin_1",
                                     "8e14c1d0-1987-4045-a5de-af7960d234f1", &error));
  g_assert_no_error (error);
  entries = lw_store_club_link_players (writer, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 4);
  g_assert_true (lw_store_club_ack_roster (writer, entries, &error));
  g_assert_no_error (error);

  page = show_players (fixture);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "stats.merge-player", "s", "Anne"));
  lw_test_drain ();
  gtk_drop_down_set_selected (GTK_DROP_DOWN (lw_stats_page_get_dialog_field (page)), 0);
  respond (page, "merge");
  text = list_text (page);
  g_assert_true (g_str_has_prefix (text, "Ann · 2 games · 0 won | Ben"));
  g_clear_pointer (&text, g_free);
  g_assert_cmpint (lw_test_sql_int_at (fixture->db_path, "SELECT count (*) FROM club_requests"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (fixture->db_path,
                                       "SELECT count (*) FROM club_roster WHERE player IS NULL"), ==, 1);

  g_assert_true (lw_stats_page_undo_merge (page, &error));
  g_assert_no_error (error);
  lw_stats_page_wait (page);
  lw_test_drain ();
  text = list_text (page);
  g_assert_cmpstr (text, ==, "Ann · 1 game · 0 won | Anne · 1 game · 0 won | Ben · 1 game · 0 won"
                             " | Cleo · 1 game · 0 won");
  g_assert_cmpint (lw_test_sql_int_at (fixture->db_path, "SELECT count (*) FROM club_requests"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (fixture->db_path,
                                       "SELECT count (*) FROM club_roster WHERE player IS NULL"), ==, 0);
}

static const LwTestAppCase cases[] = {
  { "/ui-players/event-box", test_event_box },
  { "/ui-players/players-list", test_players_list },
  { "/ui-players/club-undo", test_club_undo },
};

int
main (int   argc,
      char *argv[])
{
  return lw_test_app_main (argc, argv, cases, G_N_ELEMENTS (cases));
}
