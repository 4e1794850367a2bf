/* lw-events-page.c — events (tournaments): the list, a new event, an
 * event's players, seating and standings, and its menu (table entry,
 * printing, export, renaming, deleting)
 *
 * Every rule is the engine's (lw-event.h): the page asks the store to
 * change an event (lw-store-events.h), reads the event back and shows
 * what the engine derives from it: the plan of the tables, each table's
 * event points, the standings. A table's game can be kept with the
 * scorekeeper: the page starts a stored game with the table's players,
 * seats and first dealer, and once that game is finished links it as the
 * table's result.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-bracket.h"
#include "lw-print-boards.h"
#include "lw-events-page-private.h"
#include "lw-widget-actions.h"
#include "lw-print-grid.h"
#include "lw-print.h"
#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-entry-dialog.h"
#include "lw-name-completion.h"
#include "lw-roster-choice.h"
#include "lw-page-watch.h"

G_DEFINE_FINAL_TYPE (LwEventsPage, lw_events_page, ADW_TYPE_BIN)

static void fill_event (LwEventsPage *self);

/* ------------------------------------------------------------------ */
/* Words                                                                */
/* ------------------------------------------------------------------ */

const char *
lw_events_format_name (LwEventFormat format)
{
  switch (format)
    {
    case LW_EVENT_SWISS:
      /* TRANSLATORS: an event format: players with similar points meet */
      return _("Swiss");
    case LW_EVENT_ROUND_ROBIN:
      /* TRANSLATORS: an event format: everyone meets everyone */
      return _("Round robin");
    case LW_EVENT_PARTNERS:
      /* TRANSLATORS: an event format: 4-seat partners tables, partners change each round */
      return _("Partners rotation");
    case LW_EVENT_ELIMINATION:
      /* TRANSLATORS: an event format: the loser of each 2-player game is out */
      return _("Single elimination");
    case LW_EVENT_DUPLICATE:
      /* TRANSLATORS: an event format: every table plays the same deals, compared seat by seat */
      return _("Duplicate");
    default:
      return "";
    }
}

char *
lw_events_tables_name (LwEventFormat format,
                       guint         table_size)
{
  if (format == LW_EVENT_PARTNERS)
    /* TRANSLATORS: an event's tables: four seats, two partnerships (SCORING R2) */
    return g_strdup (_("4 seats, partners"));
  /* TRANSLATORS: an event's tables: the seats at each */
  return g_strdup_printf (_("%u seats"), table_size);
}

/* 3 → "3", 2.5 → "2.5", 1.333 → "1.33": event points as read. */
char *
lw_events_format_points (double value)
{
  g_autofree char *text = g_strdup_printf ("%.2f", value);
  char *end = text + strlen (text) - 1;

  if (strchr (text, '.') != NULL || strchr (text, ',') != NULL)
    {
      while (end > text && *end == '0')
        *end-- = '\0';
      if (end > text && !g_ascii_isdigit (*end))
        *end = '\0';
    }
  if (strcmp (text, "-0") == 0)
    return g_strdup ("0");
  return g_steal_pointer (&text);
}

const char *
lw_events_entrant_name (const LwEvent *event,
                        int            entrant)
{
  return ((const LwEntrant *) g_ptr_array_index (event->entrants, entrant))->name;
}

void
lw_events_toast (LwEventsPage *self,
                 const char   *text)
{
  g_autofree char *capitalized = lw_message_capitalize (text);

  lw_widget_add_toast (GTK_WIDGET (self), capitalized);
}

GtkWidget *
lw_events_suffix_label (const char *text,
                        const char *css)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "numeric");
  if (css != NULL)
    gtk_widget_add_css_class (label, css);
  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  return label;
}

/* ------------------------------------------------------------------ */
/* The list of events                                                   */
/* ------------------------------------------------------------------ */

static char *
summary_subtitle (const LwEventSummary *summary)
{
  g_autofree char *tables = lw_events_tables_name (summary->format, summary->table_size);
  g_autofree char *players = NULL;
  g_autofree char *rounds = NULL;

  players = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u player", "%u players",
                                          summary->n_entrants),
                             summary->n_entrants);
  if (summary->rounds_paired == 0)
    /* TRANSLATORS: an event with no round paired yet */
    rounds = g_strdup (_("not started"));
  else
    /* TRANSLATORS: the rounds paired so far, "round 2" */
    rounds = g_strdup_printf (_("round %u"), summary->rounds_paired);

  /* TRANSLATORS: an event in the list: format, tables, players, progress */
  return g_strdup_printf (_("%s · %s · %s · %s"), lw_events_format_name (summary->format), tables, players, rounds);
}

static void
event_row_activated_cb (GtkListBox    *list,
                        GtkListBoxRow *row,
                        gpointer       user_data)
{
  gint64 *id = g_object_get_data (G_OBJECT (row), "lw-event-id");

  if (id != NULL)
    gtk_widget_activate_action (GTK_WIDGET (user_data), "events.open-event", "x", *id);
}

static void
fill_list (LwEventsPage *self)
{
  lw_list_box_remove_all (self->events_list);

  for (guint i = 0; self->summaries != NULL && i < self->summaries->len; i++)
    {
      const LwEventSummary *summary = g_ptr_array_index (self->summaries, i);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *escaped = g_markup_escape_text (summary->name, -1);
      g_autofree char *subtitle = summary_subtitle (summary);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data_full (G_OBJECT (row), "lw-event-id", g_memdup2 (&summary->id, sizeof summary->id), g_free);
      gtk_list_box_append (self->events_list, row);
    }

  gtk_stack_set_visible_child_name (self->list_stack,
                                    self->summaries != NULL && self->summaries->len > 0 ? "events" : "empty");
}

void
lw_events_read_list (LwEventsPage *self)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *summaries = lw_store_list_events (self->store, &error);

  g_clear_pointer (&self->summaries, g_ptr_array_unref);
  self->summaries = summaries;
  if (summaries == NULL)
    {
      AdwStatusPage *status = ADW_STATUS_PAGE (gtk_stack_get_child_by_name (self->list_stack, "empty"));

      adw_status_page_set_title (status, _("Could Not Read the Events"));
      adw_status_page_set_description (status, error->message);
    }
  fill_list (self);
}

static void
read_known_players (LwEventsPage *self)
{
  lw_name_completion_reload (self->names, self->store, NULL);
}

void
lw_events_page_show_list (LwEventsPage *self)
{
  g_return_if_fail (LW_IS_EVENTS_PAGE (self));

  self->event_id = 0;
  g_clear_pointer (&self->event, lw_event_free);
  g_clear_pointer (&self->standings, g_array_unref);
  lw_events_read_list (self);
  gtk_stack_set_visible_child_name (self->stack, "list");
}

/* ------------------------------------------------------------------ */
/* Games kept with the scorekeeper                                      */
/* ------------------------------------------------------------------ */

gint64
lw_events_find_pending (LwEventsPage *self,
                        gint64        event,
                        guint         round,
                        guint         table)
{
  GHashTableIter iter;
  gint64 *id;
  PendingGame *pending;

  g_hash_table_iter_init (&iter, self->pending);
  while (g_hash_table_iter_next (&iter, (gpointer *) &id, (gpointer *) &pending))
    if (pending->event == event && pending->round == round && pending->table == table)
      return *id;
  return 0;
}

/* Whether @pending's table has game @id as its result. */
static gboolean
table_has_game_result (LwEventsPage      *self,
                       const PendingGame *pending,
                       gint64             id)
{
  g_autoptr (LwEvent) event = lw_store_load_event (self->store, pending->event, NULL);
  const LwEventTable *table;

  if (event == NULL)
    return FALSE;
  table = lw_event_get_table (event, pending->round, pending->table, NULL);
  return table != NULL && table->has_result && table->game_id == id;
}

/* Says which games started from a table are finished: the store made
 * each its table's result with the round that finished it; a game
 * deleted since, or finished, is forgotten. */
static void
link_finished_games (LwEventsPage *self)
{
  GHashTableIter iter;
  gint64 *id;
  PendingGame *pending;

  g_hash_table_iter_init (&iter, self->pending);
  while (g_hash_table_iter_next (&iter, (gpointer *) &id, (gpointer *) &pending))
    {
      g_autoptr (LwStoredGame) game = lw_store_load_game (self->store, *id, NULL);
      g_autoptr (LwStandings) standings = NULL;

      if (game == NULL)
        {
          g_hash_table_iter_remove (&iter);
          continue;
        }
      standings = lw_standings_compute (game->record, NULL);
      if (standings == NULL || !standings->finished)
        continue;

      /* The store linked it with the round that finished it (a game
       * finished before it did so stays without a result, to be entered
       * by hand). */
      if (table_has_game_result (self, pending, *id))
        {
          g_autofree char *message = NULL;

          /* TRANSLATORS: a game kept with the scorekeeper became a table's result */
          message = g_strdup_printf (_("Round %u, table %u: result in from the game"),
                                     pending->round, pending->table);
          lw_events_toast (self, message);
        }
      g_hash_table_iter_remove (&iter);
    }
}

/* An event                                                             */
/* ------------------------------------------------------------------ */

/* A single elimination's bracket: its page is shown for that format only. */
static void
fill_bracket (LwEventsPage *self)
{
  gboolean elimination = self->event->config.format == LW_EVENT_ELIMINATION;

  adw_view_stack_page_set_visible (self->bracket_page, elimination);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "events.print-bracket",
                                 elimination && self->event->rounds->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "events.pair-by-rating",
                                 elimination && self->event->rounds->len == 0);
  /* A duplicate event's boards can be printed before round 1 is paired. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "events.print-boards",
                                 self->event->config.format == LW_EVENT_DUPLICATE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "events.print-travellers",
                                 self->event->config.format == LW_EVENT_DUPLICATE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "events.travellers",
                                 self->event->config.format == LW_EVENT_DUPLICATE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "events.play-par",
                                 self->event->config.format == LW_EVENT_DUPLICATE);
  lw_bracket_view_set_event (self->bracket_view, elimination ? self->event : NULL);
  gtk_label_set_text (self->bracket_label,
                      self->event->rounds->len == 0
                        ? self->event->config.seeding == LW_SEEDING_RATING
                          /* TRANSLATORS: the bracket page before round 1 is paired, seeded by rating */
                          ? _("The bracket is drawn when round 1 is paired: seeds by rating, unrated "
                              "players after them in the order of the Players page, the top seeds "
                              "meeting last.")
                          /* TRANSLATORS: the bracket page before round 1 is paired */
                          : _("The bracket is drawn when round 1 is paired: seeds in the order of the "
                              "Players page, the top seeds meeting last.")
                        /* TRANSLATORS: the bracket page: how to read it */
                        : _("Each pair’s winner goes on to the right. Bold: through; faded: out."));
}

static void
fill_event (LwEventsPage *self)
{
  g_autofree char *subtitle = NULL;
  g_autofree char *tables = lw_events_tables_name (self->event->config.format, self->event->config.table_size);

  adw_view_switcher_title_set_title (self->switcher_title, self->event->name);
  /* TRANSLATORS: an event's format and tables, under its name */
  subtitle = self->event->config.seeding == LW_SEEDING_RATING
             /* TRANSLATORS: an event's format and tables, under its name, for an elimination
              * seeded by rating */
             ? g_strdup_printf (_("%s · %s · seeded by rating"), lw_events_format_name (self->event->config.format),
                                tables)
             : g_strdup_printf (_("%s · %s"), lw_events_format_name (self->event->config.format), tables);
  adw_view_switcher_title_set_subtitle (self->switcher_title, subtitle);
  gtk_label_set_text (self->heading_title, self->event->name);
  gtk_label_set_text (self->heading_subtitle, subtitle);

  lw_events_fill_players (self);
  lw_events_fill_rounds (self);
  lw_events_fill_standings (self);
  fill_bracket (self);
}

/* The games kept for the event's tables in the database (from an earlier
 * run too) that have no result yet: linked once they are finished. */
static void
remember_kept_games (LwEventsPage *self)
{
  for (guint r = 0; r < self->event->rounds->len; r++)
    {
      const LwEventRound *round = g_ptr_array_index (self->event->rounds, r);

      for (guint t = 0; t < round->tables->len; t++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);
          gint64 game = 0;
          PendingGame *pending;

          if (table->has_result
              || !lw_store_get_event_table_game (self->store, self->event_id, r + 1, table->number, &game, NULL)
              || game <= 0 || g_hash_table_contains (self->pending, &game))
            continue;
          pending = g_new0 (PendingGame, 1);
          pending->event = self->event_id;
          pending->round = r + 1;
          pending->table = table->number;
          g_hash_table_insert (self->pending, g_memdup2 (&game, sizeof game), pending);
        }
    }
}

/* Reads the event shown again and shows it as it is now. */
static gboolean
read_event (LwEventsPage  *self,
            gint64         id,
            GError       **error)
{
  LwEvent *event = lw_store_load_event (self->store, id, error);

  if (event == NULL)
    return FALSE;
  g_clear_pointer (&self->event, lw_event_free);
  self->event = event;
  if (self->event_id != id)
    self->shown_round = event->rounds->len;
  self->event_id = id;
  remember_kept_games (self);
  fill_event (self);
  return TRUE;
}

gboolean
lw_events_page_show_event (LwEventsPage  *self,
                           gint64         id,
                           GError       **error)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), FALSE);

  link_finished_games (self);
  self->shown_round = 0;
  self->event_id = 0;
  if (!read_event (self, id, error))
    return FALSE;
  read_known_players (self);
  adw_view_stack_set_visible_child_name (self->view_stack,
                                         self->event->rounds->len > 0 ? "rounds" : "players");
  gtk_stack_set_visible_child_name (self->stack, "event");
  return TRUE;
}

void
lw_events_page_reload (LwEventsPage *self)
{
  g_autoptr (GError) error = NULL;

  g_return_if_fail (LW_IS_EVENTS_PAGE (self));
  g_return_if_fail (self->store != NULL);

  link_finished_games (self);
  read_known_players (self);
  if (self->event_id > 0)
    {
      if (!read_event (self, self->event_id, &error))
        {
          lw_events_toast (self, error->message);
          lw_events_page_show_list (self);
        }
      return;
    }
  lw_events_page_show_list (self);
}

/* After a change: the event as stored now, or the error in words. */
void
lw_events_changed (LwEventsPage *self,
                   gboolean      ok,
                   const char   *heading,
                   GError       *error)
{
  g_autoptr (GError) read_error = NULL;

  if (!ok)
    {
      lw_show_error_dialog (GTK_WIDGET (self), heading, error != NULL ? error->message : "");
      return;
    }
  if (!read_event (self, self->event_id, &read_error))
    lw_events_toast (self, read_error->message);
}

/* Actions                                                              */
/* ------------------------------------------------------------------ */

static void
back_action (LwEventsPage *self,
             GVariant     *parameter)
{
  if (self->event_id > 0)
    lw_events_page_show_list (self);
  else
    gtk_widget_activate_action (GTK_WIDGET (self), "win.show-games", NULL);
}

static void
open_event_action (LwEventsPage *self,
                   GVariant     *parameter)
{
  g_autoptr (GError) error = NULL;

  if (!lw_events_page_show_event (self, g_variant_get_int64 (parameter), &error))
    lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Open the Event"), error->message);
}

/* The new entrant's club player known (lw_roster_choice_run()): added
 * under the local name; Cancel adds nobody. */
static void
add_player_chosen_cb (const char *const *locals,
                      const GError      *chosen_error,
                      gpointer           user_data)
{
  LwEventsPage *self = user_data;
  g_autoptr (GError) error = chosen_error != NULL ? g_error_copy (chosen_error) : NULL;
  LwEntrantStatus status = gtk_check_button_get_active (self->check_in_check)
                           ? LW_ENTRANT_CHECKED_IN : LW_ENTRANT_REGISTERED;

  if (locals == NULL && error == NULL)
    return;
  if (error == NULL && self->event != NULL
      && lw_store_add_event_entrant (self->store, self->event_id, locals[0], status, &error))
    {
      gtk_editable_set_text (GTK_EDITABLE (self->add_entry), "");
      lw_events_changed (self, TRUE, NULL, NULL);
      gtk_widget_grab_focus (GTK_WIDGET (self->add_entry));
      return;
    }
  if (error != NULL)
    {
      g_autofree char *text = lw_message_capitalize (error->message);

      lw_events_toast (self, text);
    }
  gtk_widget_error_bell (GTK_WIDGET (self));
}

/* Add: the name typed, the club roster's player of that name (asking
 * which when two share it). */
static void
add_player_action (LwEventsPage *self,
                   GVariant     *parameter)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->add_entry))));
  const char *names[] = { name };

  if (self->event == NULL || *name == '\0')
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  lw_roster_choice_run (GTK_WIDGET (self), self->store, names, 1, add_player_chosen_cb, self);
}

static void
set_status (LwEventsPage    *self,
            const char      *name,
            LwEntrantStatus  status)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (self->event == NULL)
    return;
  ok = lw_store_set_event_entrant_status (self->store, self->event_id, name, status, &error);
  lw_events_changed (self, ok, status == LW_ENTRANT_DROPPED ? _("Could Not Drop the Player")
                                                  : _("Could Not Check the Player In"), error);
}

static void
check_in_action (LwEventsPage *self,
                 GVariant     *parameter)
{
  set_status (self, g_variant_get_string (parameter, NULL), LW_ENTRANT_CHECKED_IN);
}

static void
drop_action (LwEventsPage *self,
             GVariant     *parameter)
{
  set_status (self, g_variant_get_string (parameter, NULL), LW_ENTRANT_DROPPED);
}

static void
pair_action (LwEventsPage *self,
             GVariant     *parameter,
             const char   *action_name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autofree char *heading = NULL;

  if (self->event == NULL)
    return;
  /* events.pair-by-rating: round 1 of a single elimination seeded by rating */
  event = lw_store_pair_event_round_seeded (self->store, self->event_id,
                                            g_str_equal (action_name, "events.pair-by-rating")
                                              ? LW_SEEDING_RATING : LW_SEEDING_REGISTRATION,
                                            &error);
  if (event == NULL)
    {
      /* TRANSLATORS: pairing the next round was refused */
      heading = g_strdup_printf (_("Could Not Pair Round %u"), self->event->rounds->len + 1);
      lw_show_error_dialog (GTK_WIDGET (self), heading, error->message);
      return;
    }
  self->shown_round = event->rounds->len;
  lw_events_changed (self, TRUE, NULL, NULL);
  adw_view_stack_set_visible_child_name (self->view_stack, "rounds");
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->rounds_scroll), 0);
}

static void
score_table_action (LwEventsPage *self,
                    GVariant     *parameter)
{
  guint number = g_variant_get_uint32 (parameter);
  const LwEventTable *table = lw_events_shown_table (self, number);
  g_autoptr (GError) error = NULL;
  g_autofree char *notes = NULL;
  PendingGame *pending;
  gint64 id;

  if (table == NULL)
    return;

  /* A game already kept for the table is opened again. */
  id = table->game_id > 0 ? table->game_id : lw_events_find_pending (self, self->event_id, self->shown_round, number);
  if (id > 0)
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "win.open-event-game", "x", id);
      return;
    }

  /* The table's game, made by the store from the table (its players,
   * seats, first dealer and sides) and kept for it until it is finished. */
  id = lw_store_start_event_table_game (self->store, self->event_id, self->shown_round, number, &error);
  if (id <= 0)
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Start the Game"), error != NULL ? error->message : "");
      return;
    }
  /* TRANSLATORS: a game's notes when it is an event's table: the event, the round, the table */
  notes = g_strdup_printf (_("%s · round %u · table %u"), self->event->name, self->shown_round, number);
  lw_store_set_game_notes (self->store, id, notes, NULL);

  pending = g_new0 (PendingGame, 1);
  pending->event = self->event_id;
  pending->round = self->shown_round;
  pending->table = number;
  g_hash_table_insert (self->pending, g_memdup2 (&id, sizeof id), pending);

  lw_events_fill_rounds (self);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.open-event-game", "x", id);
}

/* A phone entered a round of one of the event's tables: shown at once. */
static void
entry_round_stored_cb (GtkWidget    *dialog,
                       gint64        game_id,
                       guint         number,
                       LwEventsPage *self)
{
  lw_events_page_reload (self);
}

/* Results from every table at once, from phones (docs/TABLE-ENTRY.md):
 * the current round's tables, each with its link and QR code. */
static void
entry_dialog_action (LwEventsPage *self,
                     GVariant     *parameter)
{
  GtkWidget *dialog;

  if (self->event == NULL)
    return;
  dialog = lw_entry_dialog_new (lw_widget_get_window (GTK_WIDGET (self)),
                                      self->store, self->event_id);
  g_signal_connect_object (dialog, "round-stored", G_CALLBACK (entry_round_stored_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  /* The dialog made a game for each table without one. */
  lw_events_page_reload (self);
}

static void
show_round_action (LwEventsPage *self,
                   GVariant     *parameter)
{
  guint round = g_variant_get_uint32 (parameter);

  if (self->event == NULL || round < 1 || round > self->event->rounds->len)
    return;
  self->shown_round = round;
  lw_events_fill_rounds (self);
}

static void
round_selected_cb (GtkDropDown *drop,
                   GParamSpec  *pspec,
                   gpointer     user_data)
{
  LwEventsPage *self = user_data;
  guint selected = gtk_drop_down_get_selected (drop);

  if (self->filling || selected == GTK_INVALID_LIST_POSITION || selected + 1 == self->shown_round)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "events.show-round", "u", selected + 1);
}

/* ------------------------------------------------------------------ */
/* What the tests read                                                  */
/* ------------------------------------------------------------------ */

gint64
lw_events_page_get_event_id (LwEventsPage *self)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), 0);
  return self->event_id;
}

const LwEvent *
lw_events_page_get_event (LwEventsPage *self)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);
  return self->event;
}

guint
lw_events_page_get_n_events (LwEventsPage *self)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), 0);
  return self->summaries != NULL ? self->summaries->len : 0;
}

static char *
row_text (GtkWidget *row)
{
  const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
  GtkWidget *suffix = g_object_get_data (G_OBJECT (row), "lw-suffix");

  return g_strdup_printf ("%s\n%s%s%s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                          subtitle != NULL ? subtitle : "",
                          suffix != NULL ? "\n" : "",
                          suffix != NULL ? gtk_label_get_text (GTK_LABEL (suffix)) : "");
}

char *
lw_events_page_get_event_row_text (LwEventsPage *self,
                                   guint         index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);

  row = gtk_list_box_get_row_at_index (self->events_list, (int) index);
  return row != NULL ? row_text (GTK_WIDGET (row)) : NULL;
}

void
lw_events_page_set_view (LwEventsPage *self,
                         const char   *name)
{
  g_return_if_fail (LW_IS_EVENTS_PAGE (self));
  adw_view_stack_set_visible_child_name (self->view_stack, name);
}

const char *
lw_events_page_get_view (LwEventsPage *self)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);
  return adw_view_stack_get_visible_child_name (self->view_stack);
}

GtkEntry *
lw_events_page_get_add_entry (LwEventsPage *self)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);
  return self->add_entry;
}

GtkCheckButton *
lw_events_page_get_check_in_check (LwEventsPage *self)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);
  return self->check_in_check;
}

char *
lw_events_page_get_player_text (LwEventsPage *self,
                                guint         index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);

  row = gtk_list_box_get_row_at_index (self->players_list, (int) index);
  return row != NULL ? row_text (GTK_WIDGET (row)) : NULL;
}

guint
lw_events_page_get_shown_round (LwEventsPage *self)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), 0);
  return self->event != NULL ? self->shown_round : 0;
}

const char *
lw_events_page_get_plan_text (LwEventsPage *self)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);
  return gtk_label_get_text (self->plan_label);
}

const char *
lw_events_page_get_pair_label (LwEventsPage *self)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);
  return gtk_button_get_label (self->pair_button);
}

char *
lw_events_page_get_table_text (LwEventsPage *self,
                               guint         table)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);

  for (guint i = 0; i < self->table_groups->len; i++)
    {
      AdwPreferencesGroup *group = g_ptr_array_index (self->table_groups, i);
      gboolean byes = g_object_get_data (G_OBJECT (group), "lw-byes") != NULL;
      GtkListBox *list = g_object_get_data (G_OBJECT (group), "lw-list");
      g_autoptr (GString) text = NULL;
      GtkListBoxRow *row;

      if ((table == 0) != byes || (!byes && i + 1 != table))
        continue;
      text = g_string_new (adw_preferences_group_get_title (group));
      g_string_append_printf (text, "\n%s", adw_preferences_group_get_description (group));
      for (int r = 0; (row = gtk_list_box_get_row_at_index (list, r)) != NULL; r++)
        {
          g_autofree char *line = row_text (GTK_WIDGET (row));

          /* one line per seat: name|subtitle|score */
          g_strdelimit (line, "\n", '|');
          g_string_append_printf (text, "\n%s", line);
        }
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  return NULL;
}

gint64
lw_events_page_get_table_game (LwEventsPage *self,
                               guint         number)
{
  const LwEventTable *table;

  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), 0);

  table = lw_events_shown_table (self, number);
  if (table == NULL)
    return 0;
  return table->game_id > 0 ? table->game_id : lw_events_find_pending (self, self->event_id, self->shown_round, number);
}

guint
lw_events_page_get_n_standings (LwEventsPage *self)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), 0);
  return self->standings != NULL ? self->standings->len : 0;
}

char *
lw_events_page_get_standing_text (LwEventsPage *self,
                                  guint         index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);

  row = gtk_list_box_get_row_at_index (self->standings_list, (int) index);
  return row != NULL ? row_text (GTK_WIDGET (row)) : NULL;
}

const char *
lw_events_page_get_tiebreak_text (LwEventsPage *self)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);
  return adw_preferences_group_get_description (self->standings_group);
}

AdwMessageDialog *
lw_events_page_get_dialog (LwEventsPage *self)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);
  return self->dialog;
}

GtkWidget *
lw_events_page_get_dialog_field (LwEventsPage *self,
                                 const char   *name)
{
  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);
  return lw_events_dialog_field (self->dialog, name);
}

void
lw_events_page_set_store (LwEventsPage *self,
                          LwStore      *store)
{
  g_return_if_fail (LW_IS_EVENTS_PAGE (self));

  /* Events, their tables' games and the known players: read again when
   * they change, the event and the tab shown kept. */
  lw_page_watch_set_store (GTK_WIDGET (self), &self->store, store,
                           LW_PAGE_WATCH_EVENTS | LW_PAGE_WATCH_GAMES | LW_PAGE_WATCH_PLAYERS,
                           G_CALLBACK (lw_events_page_reload));
}

/* ------------------------------------------------------------------ */
/* The object                                                           */
/* ------------------------------------------------------------------ */

static void
lw_events_page_dispose (GObject *object)
{
  LwEventsPage *self = LW_EVENTS_PAGE (object);

  if (self->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->dialog));
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  /* The switchers let go of the stack before it goes. */
  if (self->switcher_title != NULL)
    adw_view_switcher_title_set_stack (self->switcher_title, NULL);
  if (self->switcher_bar != NULL)
    adw_view_switcher_bar_set_stack (self->switcher_bar, NULL);

  /* AdwBin's dispose unparents the template's tree; the template
   * children are not disposed one by one here, as the switchers and the
   * view stack refer to each other. */

  G_OBJECT_CLASS (lw_events_page_parent_class)->dispose (object);
}

static void
lw_events_page_finalize (GObject *object)
{
  LwEventsPage *self = LW_EVENTS_PAGE (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->summaries, g_ptr_array_unref);
  g_clear_pointer (&self->event, lw_event_free);
  g_clear_pointer (&self->standings, g_array_unref);
  g_clear_pointer (&self->pending, g_hash_table_unref);
  g_clear_pointer (&self->table_groups, g_ptr_array_unref);
  g_clear_object (&self->names);
  g_clear_object (&self->round_names);

  G_OBJECT_CLASS (lw_events_page_parent_class)->finalize (object);
}

/* The Bracket page: a line on how to read it, the drawing in a scrolled
 * window (a wide bracket scrolls sideways on a phone), and Print. */
static void
add_bracket_page (LwEventsPage *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *view = lw_bracket_view_new ();
  GtkWidget *button;

  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_hexpand (view, TRUE);
  gtk_widget_set_vexpand (view, TRUE);
  /* TRANSLATORS: a button on the bracket page */
  button = gtk_button_new_with_mnemonic (_("_Print Bracket…"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "events.print-bracket");
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  /* The line and the button stay put; the drawing scrolls. */
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_box_append (GTK_BOX (box), button);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  /* TRANSLATORS: the bracket drawing, for a screen reader */
                                  _("Bracket"), -1);

  /* TRANSLATORS: the page of a single elimination's bracket */
  self->bracket_page = adw_view_stack_add_titled (self->view_stack, box, "bracket", _("Bracket"));
  adw_view_stack_page_set_icon_name (self->bracket_page, "view-dual-symbolic");
  adw_view_stack_page_set_visible (self->bracket_page, FALSE);
  self->bracket_view = LW_BRACKET_VIEW (view);
  self->bracket_label = GTK_LABEL (label);
}

static void
print_bracket_action (LwEventsPage *self,
                      GVariant     *parameter)
{
  GtkPrintOperation *operation = self->event != NULL ? lw_print_bracket_new (self->event) : NULL;

  if (operation == NULL)
    {
      lw_events_toast (self, _("No round is paired yet"));
      return;
    }
  lw_print_run (operation, GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))));
}

/* A duplicate event's board sheets for the round shown (round 1 before
 * any is paired; DUPLICATE D3). */
static void
print_boards_action (LwEventsPage *self,
                     GVariant     *parameter)
{
  GtkPrintOperation *operation = NULL;

  if (self->event != NULL && self->event->config.format == LW_EVENT_DUPLICATE)
    operation = lw_print_board_sheets_new (self->event, MAX (self->shown_round, 1));
  if (operation == NULL)
    return;
  lw_print_run (operation, GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))));
}

/* The page's actions, each done by a function of the page. */
static const LwWidgetAction events_actions[] = {
  { "events.back",            NULL, G_CALLBACK (back_action) },
  { "events.new-event",       NULL, G_CALLBACK (lw_events_new_event_action) },
  { "events.open-event",      "x",  G_CALLBACK (open_event_action) },
  { "events.add-player",      NULL, G_CALLBACK (add_player_action) },
  { "events.check-in",        "s",  G_CALLBACK (check_in_action) },
  { "events.drop",            "s",  G_CALLBACK (drop_action) },
  { "events.pair",            NULL, G_CALLBACK (pair_action) },
  { "events.pair-by-rating",  NULL, G_CALLBACK (pair_action) },
  { "events.show-round",      "u",  G_CALLBACK (show_round_action) },
  { "events.score-table",     "u",  G_CALLBACK (score_table_action) },
  { "events.paper-result",    "u",  G_CALLBACK (lw_events_paper_result_action) },
  { "events.print-seating",   NULL, G_CALLBACK (lw_events_print_action) },
  { "events.print-standings", NULL, G_CALLBACK (lw_events_print_action) },
  { "events.print-wall",      NULL, G_CALLBACK (lw_events_print_action) },
  { "events.print-bracket",   NULL, G_CALLBACK (print_bracket_action) },
  { "events.print-boards",    NULL, G_CALLBACK (print_boards_action) },
  { "events.print-travellers", NULL, G_CALLBACK (lw_events_print_travellers_action) },
  { "events.travellers",      NULL, G_CALLBACK (lw_events_travellers_action) },
  { "events.play-par",        NULL, G_CALLBACK (lw_events_play_par_action) },
  { "events.enter-board",     "(uu)", G_CALLBACK (lw_events_enter_board_action) },
  { "events.export-csv",      NULL, G_CALLBACK (lw_events_export_action) },
  { "events.export-json",     NULL, G_CALLBACK (lw_events_export_action) },
  { "events.table-entry",     NULL, G_CALLBACK (entry_dialog_action) },
  { "events.rename",          NULL, G_CALLBACK (lw_events_rename_event_action) },
  { "events.delete",          NULL, G_CALLBACK (lw_events_delete_event_action) },
};

static void
lw_events_page_class_init (LwEventsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_events_page_dispose;
  object_class->finalize = lw_events_page_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-events-page.ui");
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, stack);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, menu_button);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, list_stack);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, events_list);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, heading);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, heading_title);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, heading_subtitle);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, add_entry);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, check_in_check);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, players_group);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, players_list);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, rounds_scroll);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, round_drop);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, pair_button);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, plan_label);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, tables_box);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, standings_group);
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, standings_list);

  lw_widget_class_install_actions (widget_class, events_actions, G_N_ELEMENTS (events_actions));

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "events.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "events.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "events.print-seating", NULL);
}

static void
add_entry_activate_cb (GtkEntry *entry,
                       gpointer  user_data)
{
  gtk_widget_activate_action (GTK_WIDGET (user_data), "events.add-player", NULL);
}

static void
lw_events_page_init (LwEventsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  lw_app_attach_primary_menu (self->menu_button);
  /* The heading always shows, wrapped: in a narrow window the header's
   * title is cut, and the event's whole name is read here. */

  self->pending = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  self->table_groups = g_ptr_array_new ();
  self->names = lw_name_completion_new ();
  lw_name_completion_set_roster (self->names, TRUE);
  self->round_names = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->round_drop, G_LIST_MODEL (self->round_names));

  /* Known players are offered as the name is typed. */
  lw_name_completion_attach (self->names, self->add_entry);

  g_signal_connect (self->add_entry, "activate", G_CALLBACK (add_entry_activate_cb), self);
  g_signal_connect (self->events_list, "row-activated", G_CALLBACK (event_row_activated_cb), self);
  g_signal_connect (self->round_drop, "notify::selected", G_CALLBACK (round_selected_cb), self);
  add_bracket_page (self);
}
