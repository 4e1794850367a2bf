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
#include "lw-events-page.h"
#include "lw-print-table.h"
#include "lw-print.h"
#include "lw-store-entry.h"
#include "lw-store-events.h"
#include "lw-table-entry-dialog.h"
#include "lw-name-completion.h"

/* A game started from a table, not finished yet. */
typedef struct {
  gint64 event;
  guint  round;
  guint  table;
} PendingGame;

/* The New Event dialog's settings at most this tall (px), scrolled
 * beyond: with the heading and the buttons the dialog fits in 800 px. */
#define NEW_EVENT_MAX_HEIGHT 560

struct _LwEventsPage
{
  AdwBin parent_instance;

  /* template widgets */
  GtkStack *stack;
  GtkStack *list_stack;
  GtkListBox *events_list;
  AdwViewSwitcherTitle *switcher_title;
  GtkWidget *heading;
  GtkLabel *heading_title;
  GtkLabel *heading_subtitle;
  AdwViewSwitcherBar *switcher_bar;
  AdwViewStack *view_stack;
  GtkEntry *add_entry;
  GtkCheckButton *check_in_check;
  AdwPreferencesGroup *players_group;
  GtkListBox *players_list;
  GtkScrolledWindow *rounds_scroll;
  GtkDropDown *round_drop;
  GtkButton *pair_button;
  GtkLabel *plan_label;
  GtkBox *tables_box;
  AdwPreferencesGroup *standings_group;
  GtkListBox *standings_list;

  /* borrowed: the bracket page, built in code (single eliminations only) */
  AdwViewStackPage *bracket_page;
  LwBracketView *bracket_view;
  GtkLabel *bracket_label;

  /* owned */
  LwStore *store;
  GPtrArray *summaries;        /* LwEventSummary*, newest first */
  LwEvent *event;              /* the event shown, or NULL */
  gint64 event_id;
  GArray *standings;           /* LwEventStanding of @event */
  GHashTable *pending;         /* gint64* game ID → PendingGame* */
  LwNameCompletion *names;      /* the known players, offered as typed */
  GtkStringList *round_names;
  GPtrArray *table_groups;     /* the tables shown, borrowed */
  GtkFileChooserNative *chooser;

  /* borrowed: the dialog while shown */
  AdwMessageDialog *dialog;

  guint shown_round;
  guint filling : 1;
};

G_DEFINE_FINAL_TYPE (LwEventsPage, lw_events_page, ADW_TYPE_BIN)

static void fill_event (LwEventsPage *self);

/* ------------------------------------------------------------------ */
/* Words                                                                */
/* ------------------------------------------------------------------ */

static const char *
format_name (LwEventFormat format)
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
    default:
      return "";
    }
}

static char *
tables_name (LwEventFormat format,
             guint         table_size)
{
  if (format == LW_EVENT_PARTNERS)
    /* TRANSLATORS: an event's tables: four seats, two partnerships (SCORING R2) */
    return g_strdup (_("4 seats, partners"));
  /* TRANSLATORS: an event's tables: the seats at each */
  return g_strdup_printf (_("%u seats"), table_size);
}

/* 3 → "3", 2.5 → "2.5", 1.333 → "1.33": event points as read. */
static char *
format_points (double value)
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

static const char *
entrant_name (const LwEvent *event,
              int            entrant)
{
  return ((const LwEntrant *) g_ptr_array_index (event->entrants, entrant))->name;
}

static void
toast (LwEventsPage *self,
       const char   *text)
{
  g_autofree char *capitalized = lw_message_capitalize (text);

  lw_widget_add_toast (GTK_WIDGET (self), capitalized);
}

static void
show_error (LwEventsPage *self,
            const char   *heading,
            const char   *body)
{
  g_autofree char *text = lw_message_capitalize (body);
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), heading, text);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static GtkWidget *
suffix_label (const char *text,
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
  g_autofree char *tables = tables_name (summary->format, summary->table_size);
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
  return g_strdup_printf (_("%s · %s · %s · %s"), format_name (summary->format), tables, players, rounds);
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
  clear_list (self->events_list);

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

static void
read_list (LwEventsPage *self)
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
  read_list (self);
  gtk_stack_set_visible_child_name (self->stack, "list");
}

/* ------------------------------------------------------------------ */
/* Games kept with the scorekeeper                                      */
/* ------------------------------------------------------------------ */

static gint64
find_pending (LwEventsPage *self,
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
          toast (self, message);
        }
      g_hash_table_iter_remove (&iter);
    }
}

/* ------------------------------------------------------------------ */
/* An event: players                                                    */
/* ------------------------------------------------------------------ */

/* A single elimination's entrant once round 1 is paired: where they
 * stand (docs/EVENTS.md), or NULL when not in the field. */
static char *
elimination_status_text (const LwEvent *event,
                         int            entrant)
{
  guint round = 0;

  if (event->config.format != LW_EVENT_ELIMINATION)
    return NULL;
  switch (lw_event_elimination_state (event, entrant, &round))
    {
    case LW_ELIMINATION_STILL_IN:
      /* TRANSLATORS: a player of a single elimination who has lost no game */
      return g_strdup_printf (_("Still in · round %u"), round);
    case LW_ELIMINATION_ELIMINATED:
      /* TRANSLATORS: a player of a single elimination who lost a game */
      return g_strdup_printf (_("Eliminated in round %u"), round);
    case LW_ELIMINATION_WITHDREW:
      /* TRANSLATORS: a player of a single elimination who dropped out: a loss in that round */
      return g_strdup_printf (_("Withdrew in round %u"), round);
    case LW_ELIMINATION_CHAMPION:
      /* TRANSLATORS: the winner of a single elimination */
      return g_strdup (_("Champion"));
    case LW_ELIMINATION_NOT_IN_FIELD:
    default:
      return NULL;
    }
}

static char *
entrant_status_text (const LwEvent   *event,
                     const LwEntrant *entrant)
{
  const char *status;
  int index = lw_event_find_entrant (event, entrant->name);
  g_autofree char *bracket = index >= 0 ? elimination_status_text (event, index) : NULL;

  if (bracket != NULL)
    return g_steal_pointer (&bracket);

  switch (entrant->status)
    {
    case LW_ENTRANT_CHECKED_IN:
      /* TRANSLATORS: an event's player who is present: paired in the next round */
      status = _("Checked in");
      break;
    case LW_ENTRANT_DROPPED:
      /* TRANSLATORS: an event's player who left: never paired again */
      status = _("Dropped out");
      break;
    case LW_ENTRANT_REGISTERED:
    default:
      /* TRANSLATORS: an event's player entered but not present yet */
      status = _("Registered, not checked in");
      break;
    }
  if (entrant->joined_round > 1)
    /* TRANSLATORS: a late entry: the status, then the first round they could play */
    return g_strdup_printf (_("%s · joined in round %u"), status, entrant->joined_round);
  return g_strdup (status);
}

static void
fill_players (LwEventsPage *self)
{
  const LwEvent *event = self->event;
  guint checked_in = 0;
  g_autofree char *description = NULL;

  clear_list (self->players_list);
  for (guint i = 0; i < event->entrants->len; i++)
    {
      const LwEntrant *entrant = g_ptr_array_index (event->entrants, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button;
      g_autofree char *escaped = g_markup_escape_text (entrant->name, -1);
      g_autofree char *subtitle = entrant_status_text (event, entrant);

      if (entrant->status == LW_ENTRANT_CHECKED_IN)
        checked_in++;
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      /* Out of a single elimination, or its champion: nothing to drop or
       * check in (the field is fixed). */
      if (event->config.format == LW_EVENT_ELIMINATION && event->rounds->len > 0
          && lw_event_elimination_state (event, (int) i, NULL) != LW_ELIMINATION_STILL_IN)
        {
          gtk_list_box_append (self->players_list, row);
          continue;
        }
      if (entrant->status == LW_ENTRANT_CHECKED_IN)
        {
          /* TRANSLATORS: a button: the player leaves the event */
          button = gtk_button_new_with_mnemonic (_("_Drop"));
          gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "events.drop");
        }
      else
        {
          /* TRANSLATORS: a button: the player is present, paired in the next round */
          button = gtk_button_new_with_mnemonic (_("_Check In"));
          gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "events.check-in");
        }
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", entrant->name);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      gtk_list_box_append (self->players_list, row);
    }

  /* TRANSLATORS: the players of an event: entered, then how many are present */
  description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u player · %u checked in",
                                              "%u players · %u checked in", event->entrants->len),
                                 event->entrants->len, checked_in);
  adw_preferences_group_set_description (self->players_group, description);
  gtk_widget_set_visible (GTK_WIDGET (self->players_list), event->entrants->len > 0);
}

/* ------------------------------------------------------------------ */
/* An event: seating and results                                        */
/* ------------------------------------------------------------------ */

static guint
checked_in_count (const LwEvent *event)
{
  guint n = 0;

  for (guint i = 0; i < event->entrants->len; i++)
    if (((const LwEntrant *) g_ptr_array_index (event->entrants, i))->status == LW_ENTRANT_CHECKED_IN)
      n++;
  return n;
}

static gboolean
is_partners (const LwEvent *event)
{
  return event->config.format == LW_EVENT_PARTNERS;
}

static const LwEventRound *
shown_round (LwEventsPage *self)
{
  if (self->event == NULL || self->shown_round == 0 || self->shown_round > self->event->rounds->len)
    return NULL;
  return g_ptr_array_index (self->event->rounds, self->shown_round - 1);
}

static const LwEventTable *
shown_table (LwEventsPage *self,
             guint         number)
{
  const LwEventRound *round = shown_round (self);

  if (round == NULL || number < 1 || number > round->tables->len)
    return NULL;
  return &g_array_index (round->tables, LwEventTable, number - 1);
}

/* "Ann & Cleo": a partners side, seats @side and @side + 2. */
static char *
side_names (const LwEvent      *event,
            const LwEventTable *table,
            guint               side)
{
  /* TRANSLATORS: two partners, "Ann & Cleo" */
  return g_strdup_printf (_("%s & %s"), entrant_name (event, table->entrants[side]),
                          entrant_name (event, table->entrants[side + 2]));
}

static char *
table_status (LwEventsPage       *self,
              const LwEventTable *table,
              gint64              pending)
{
  const LwEvent *event = self->event;

  if (table->has_result)
    {
      int best = 0;
      g_autofree char *winner = NULL;

      for (guint s = 1; s < table->n_seats; s++)
        if (table->scores[s] > table->scores[best])
          best = (int) s;
      if (is_partners (event))
        winner = side_names (event, table, (guint) best % 2);
      else
        winner = g_strdup (entrant_name (event, table->entrants[best]));

      if (table->game_id > 0)
        return g_strdup_printf (table->skunk
                                  /* TRANSLATORS: a table's result kept with the scorekeeper: the winner, the game */
                                  ? _("%s won with a skunk · game %ld")
                                  : _("%s won · game %ld"),
                                winner, (long) table->game_id);
      if (table->time_called)
        /* TRANSLATORS: a table's result from paper, the game stopped by the
         * clock: the player with the highest score */
        return g_strdup_printf (_("%s ahead when time was called · from paper"), winner);
      return g_strdup_printf (table->skunk
                                /* TRANSLATORS: a table's result entered from paper: the winner */
                                ? _("%s won with a skunk · from paper")
                                : _("%s won · from paper"),
                              winner);
    }
  if (pending > 0)
    /* TRANSLATORS: a table whose game is being kept with the scorekeeper */
    return g_strdup_printf (_("In play · game %ld"), (long) pending);
  /* TRANSLATORS: a table without a result yet */
  return g_strdup (_("No result yet"));
}

static void
add_table_group (LwEventsPage       *self,
                 const LwEventTable *table)
{
  const LwEvent *event = self->event;
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *score_button, *paper_button;
  gint64 pending = find_pending (self, self->event_id, self->shown_round, table->number);
  g_autofree char *title = NULL;
  g_autofree char *status = table_status (self, table, pending);
  double points[LW_EVENT_MAX_SEATS] = { 0 };

  if (table->has_result)
    lw_event_table_points (event, table, points);

  /* TRANSLATORS: a table of an event's round */
  title = g_strdup_printf (_("Table %u"), table->number);
  if (is_partners (event))
    {
      g_autofree char *a = side_names (event, table, 0);
      g_autofree char *b = side_names (event, table, 1);
      g_autofree char *sides = NULL;

      /* TRANSLATORS: a partners table: the partnerships, then the table's status */
      sides = g_strdup_printf (_("%s vs %s · %s"), a, b, status);
      g_free (status);
      status = g_steal_pointer (&sides);
    }
  {
    g_autofree char *escaped = g_markup_escape_text (title, -1);
    g_autofree char *escaped_status = g_markup_escape_text (status, -1);

    adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), escaped);
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), escaped_status);
  }

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint s = 0; s < table->n_seats; s++)
    {
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *escaped = g_markup_escape_text (entrant_name (event, table->entrants[s]), -1);
      g_autofree char *subtitle = NULL;

      if (is_partners (event))
        /* TRANSLATORS: a seat at a partners table: its number, the partner */
        subtitle = g_strdup_printf (_("Seat %u · partner of %s"), s + 1,
                                    entrant_name (event, table->entrants[(s + 2) % 4]));
      else
        /* TRANSLATORS: a seat at an event's table, numbered clockwise from 1 */
        subtitle = g_strdup_printf (_("Seat %u"), s + 1);
      if ((int) s == table->first_dealer)
        {
          /* TRANSLATORS: the seat that deals the table's first round (SCORING R4) */
          g_autofree char *dealer = g_strdup_printf (_("%s · deals first"), subtitle);

          g_free (subtitle);
          subtitle = g_steal_pointer (&dealer);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      if (table->has_result)
        {
          g_autofree char *value = format_points (points[s]);
          g_autofree char *text = NULL;
          GtkWidget *label;

          /* TRANSLATORS: a seat's final score, then the event points it earned */
          text = g_strdup_printf (_("%d · %s pts"), table->scores[s], value);
          label = suffix_label (text, NULL);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
          g_object_set_data (G_OBJECT (row), "lw-suffix", label);
        }
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);

  score_button = gtk_button_new_with_mnemonic (table->game_id > 0 ? _("_Open Game")
                                               : pending > 0 ? _("_Go On Scoring")
                                               /* TRANSLATORS: a button: keep the table's game with the scorekeeper */
                                               : _("_Keep Score"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (score_button), "events.score-table");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (score_button), "u", table->number);
  /* TRANSLATORS: a button: type in the table's final scores kept on paper */
  paper_button = gtk_button_new_with_mnemonic (_("_Paper Result…"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (paper_button), "events.paper-result");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (paper_button), "u", table->number);
  gtk_box_set_homogeneous (GTK_BOX (buttons), TRUE);
  gtk_widget_set_margin_top (buttons, 6);
  gtk_box_append (GTK_BOX (buttons), score_button);
  gtk_box_append (GTK_BOX (buttons), paper_button);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), buttons);

  g_object_set_data (G_OBJECT (group), "lw-list", list);
  gtk_box_append (self->tables_box, group);
  g_ptr_array_add (self->table_groups, group);
}

static void
add_byes_group (LwEventsPage       *self,
                const LwEventRound *round)
{
  const LwEvent *event = self->event;
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *list = gtk_list_box_new ();
  g_autofree char *points = format_points (lw_event_bye_points (event));
  g_autofree char *description = NULL;

  /* TRANSLATORS: the players who sit out a round */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Byes"));
  /* TRANSLATORS: what a bye is worth: the mean points of a full table */
  description = g_strdup_printf (_("A bye is worth %s points"), points);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint b = 0; b < round->byes->len; b++)
    {
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *escaped = g_markup_escape_text (entrant_name (event, g_array_index (round->byes, int, b)), -1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
  g_object_set_data (G_OBJECT (group), "lw-list", list);
  g_object_set_data (G_OBJECT (group), "lw-byes", GINT_TO_POINTER (TRUE));
  gtk_box_append (self->tables_box, group);
  g_ptr_array_add (self->table_groups, group);
}

static void
fill_rounds (LwEventsPage *self)
{
  const LwEvent *event = self->event;
  const LwEventRound *round;
  guint total = lw_event_total_rounds (event);
  guint paired = event->rounds->len;
  gboolean can_pair;
  g_autofree char *pair_label = NULL;
  g_autofree char *plan = NULL;

  for (guint i = 0; i < self->table_groups->len; i++)
    gtk_box_remove (self->tables_box, g_ptr_array_index (self->table_groups, i));
  g_ptr_array_set_size (self->table_groups, 0);

  self->filling = TRUE;
  {
    g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

    for (guint r = 1; r <= paired; r++)
      /* TRANSLATORS: a round of an event, of its rounds: "Round 2 of 4" */
      g_ptr_array_add (names, g_strdup_printf (_("Round %u of %u"), r, MAX (total, paired)));
    g_ptr_array_add (names, NULL);
    gtk_string_list_splice (self->round_names, 0,
                            g_list_model_get_n_items (G_LIST_MODEL (self->round_names)),
                            (const char *const *) names->pdata);
  }
  if (self->shown_round == 0 || self->shown_round > paired)
    self->shown_round = paired;
  if (paired > 0)
    gtk_drop_down_set_selected (self->round_drop, self->shown_round - 1);
  gtk_widget_set_visible (GTK_WIDGET (self->round_drop), paired > 0);
  self->filling = FALSE;

  can_pair = !lw_event_is_finished (event) && paired < total
             && (paired == 0 || lw_event_round_is_complete (g_ptr_array_index (event->rounds, paired - 1)));
  if (lw_event_is_finished (event))
    /* TRANSLATORS: the pairing button of an event whose every round is played */
    pair_label = g_strdup (_("Event Over"));
  else
    /* TRANSLATORS: a button: pair and seat the next round */
    pair_label = g_strdup_printf (_("_Pair Round %u"), MIN (paired + 1, MAX (total, 1)));
  gtk_button_set_label (self->pair_button, pair_label);
  gtk_button_set_use_underline (self->pair_button, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "events.pair", can_pair);

  round = shown_round (self);
  if (round == NULL)
    {
      g_autofree char *would = lw_event_plan_describe (event->config.table_size, is_partners (event),
                                                       checked_in_count (event));

      /* TRANSLATORS: before round 1: what pairing the players checked in now would give */
      plan = g_strdup_printf (_("No round paired yet. Checked in now: %s."), would);
    }
  else
    {
      guint n_players = round->byes->len, done = 0;
      g_autofree char *described = NULL;

      for (guint t = 0; t < round->tables->len; t++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);

          n_players += table->n_seats;
          if (table->has_result)
            done++;
        }
      described = lw_event_plan_describe (event->config.table_size, is_partners (event), n_players);
      plan = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           /* TRANSLATORS: a round's plan (players, tables, byes), then its results in */
                                           "%s. %u of %u table has its result.",
                                           "%s. %u of %u tables have their result.", round->tables->len),
                              described, done, round->tables->len);

      for (guint t = 0; t < round->tables->len; t++)
        add_table_group (self, &g_array_index (round->tables, LwEventTable, t));
      if (round->byes->len > 0)
        add_byes_group (self, round);
    }
  gtk_label_set_text (self->plan_label, plan);
}

/* ------------------------------------------------------------------ */
/* An event: standings                                                  */
/* ------------------------------------------------------------------ */

static char *
standing_subtitle (const LwEvent         *event,
                   const LwEventStanding *row)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *buchholz = format_points (row->buchholz);
  g_autofree char *h2h = lw_format_signed (row->head_to_head);
  g_autofree char *margin = lw_format_signed (row->margin);

  if (event->config.format == LW_EVENT_ELIMINATION)
    {
      g_autofree char *state = elimination_status_text (event, row->entrant);

      if (state != NULL)
        g_string_append_printf (text, "%s · ", state);
      else
        /* TRANSLATORS: the round a player of a single elimination reached */
        g_string_append_printf (text, _("Reached round %u · "), row->reached);
    }
  /* TRANSLATORS: tie-breaks of an event's standings: Buchholz (the opponents' points),
   * head-to-head, total margin, then skunk wins (SCORING R23) */
  g_string_append_printf (text, _("Buchholz %s · head-to-head %s · margin %s · skunks %u"),
                          buchholz, h2h, margin, row->skunks);
  g_string_append (text, "\n");
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                             /* TRANSLATORS: an event's player: games with a result, wins
                                              * (a skunk counts 2, SCORING R23) */
                                             "%u game, wins %u", "%u games, wins %u", row->games),
                          row->games, row->wins);
  if (row->byes > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " · %u bye", " · %u byes", row->byes),
                            row->byes);
  if (row->dropped && !row->withdrew)
    /* TRANSLATORS: an event's player who dropped out */
    g_string_append (text, _(" · dropped out"));
  if (row->time_called > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               /* TRANSLATORS: games whose result was entered
                                                * as time called (placed by score) */
                                               " · %u game time called",
                                               " · %u games time called", row->time_called),
                            row->time_called);
  /* A narrow row breaks its line after a "·", not before it. */
  g_string_replace (text, " · ", "\u00a0· ", 0);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A tie-break's name in the standings' explanation and the New Event
 * dialog. */
static const char *
tiebreak_name (LwTiebreak tiebreak)
{
  switch (tiebreak)
    {
    case LW_TIEBREAK_BUCHHOLZ:
      /* TRANSLATORS: a tie-break: the sum of the opponents' event points */
      return _("Buchholz (the opponents’ points)");
    case LW_TIEBREAK_HEAD_TO_HEAD:
      /* TRANSLATORS: a tie-break: games won against the players level */
      return _("head-to-head among the players level");
    case LW_TIEBREAK_MARGIN:
      /* TRANSLATORS: a tie-break: own score minus the best other side's, summed */
      return _("total margin");
    case LW_TIEBREAK_SKUNKS:
    default:
      /* TRANSLATORS: a tie-break: games won with a skunk */
      return _("skunk wins");
    }
}

/* How the standings are ordered: event points, then the event's
 * tie-breaks in its order. */
static char *
tiebreak_text (const LwEvent *event)
{
  g_autoptr (GString) order = g_string_new (NULL);

  for (guint i = 0; i < event->config.n_tiebreaks; i++)
    {
      if (i > 0)
        g_string_append (order, i + 1 == event->config.n_tiebreaks
                                  /* TRANSLATORS: before the last of a list of tie-breaks */
                                  ? _(" and ") : ", ");
      g_string_append (order, tiebreak_name (event->config.tiebreaks[i]));
    }

  if (event->config.format == LW_EVENT_ELIMINATION)
    return order->len > 0
      /* TRANSLATORS: the order of an elimination's standings; %s lists the tie-breaks */
      ? g_strdup_printf (_("Ranked by the round reached, then event points, then %s."), order->str)
      /* TRANSLATORS: the order of an elimination's standings without tie-breaks */
      : g_strdup (_("Ranked by the round reached, then event points."));
  return order->len > 0
    /* TRANSLATORS: the order of an event's standings; %s lists the tie-breaks */
    ? g_strdup_printf (_("Ranked by event points, then %s. Tables without a result count for nothing yet."), order->str)
    /* TRANSLATORS: the order of an event's standings without tie-breaks */
    : g_strdup (_("Ranked by event points. Tables without a result count for nothing yet."));
}

static void
fill_standings (LwEventsPage *self)
{
  g_clear_pointer (&self->standings, g_array_unref);
  self->standings = lw_event_compute_standings (self->event);

  clear_list (self->standings_list);
  {
    g_autofree char *order = tiebreak_text (self->event);

    adw_preferences_group_set_description (self->standings_group, order);
  }
  for (guint i = 0; i < self->standings->len; i++)
    {
      const LwEventStanding *row = &g_array_index (self->standings, LwEventStanding, i);
      GtkWidget *action_row = adw_action_row_new ();
      g_autofree char *title = NULL;
      g_autofree char *escaped = NULL;
      g_autofree char *subtitle = standing_subtitle (self->event, row);
      g_autofree char *points = format_points (row->points);
      GtkWidget *label;

      /* TRANSLATORS: a row of the standings: the rank, the player */
      title = g_strdup_printf (_("%u. %s"), row->rank, row->name);
      escaped = g_markup_escape_text (title, -1);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (action_row), escaped);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (action_row), subtitle);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (action_row), 0);
      label = suffix_label (points, "title-3");
      /* TRANSLATORS: the tooltip of a player's event points in the standings */
      gtk_widget_set_tooltip_text (label, _("Event points"));
      adw_action_row_add_suffix (ADW_ACTION_ROW (action_row), label);
      g_object_set_data (G_OBJECT (action_row), "lw-suffix", label);
      if (row->dropped)
        gtk_widget_add_css_class (action_row, "dim-label");
      gtk_list_box_append (self->standings_list, action_row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->standings_list), self->standings->len > 0);
}

/* ------------------------------------------------------------------ */
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
  g_autofree char *tables = tables_name (self->event->config.format, self->event->config.table_size);

  adw_view_switcher_title_set_title (self->switcher_title, self->event->name);
  /* TRANSLATORS: an event's format and tables, under its name */
  subtitle = self->event->config.seeding == LW_SEEDING_RATING
             /* TRANSLATORS: an event's format and tables, under its name, for an elimination
              * seeded by rating */
             ? g_strdup_printf (_("%s · %s · seeded by rating"), format_name (self->event->config.format),
                                tables)
             : g_strdup_printf (_("%s · %s"), format_name (self->event->config.format), tables);
  adw_view_switcher_title_set_subtitle (self->switcher_title, subtitle);
  gtk_label_set_text (self->heading_title, self->event->name);
  gtk_label_set_text (self->heading_subtitle, subtitle);

  fill_players (self);
  fill_rounds (self);
  fill_standings (self);
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
          toast (self, error->message);
          lw_events_page_show_list (self);
        }
      return;
    }
  lw_events_page_show_list (self);
}

/* After a change: the event as stored now, or the error in words. */
static void
changed (LwEventsPage *self,
         gboolean      ok,
         const char   *heading,
         GError       *error)
{
  g_autoptr (GError) read_error = NULL;

  if (!ok)
    {
      show_error (self, heading, error != NULL ? error->message : "");
      return;
    }
  if (!read_event (self, self->event_id, &read_error))
    toast (self, read_error->message);
}

/* ------------------------------------------------------------------ */
/* Dialogs                                                              */
/* ------------------------------------------------------------------ */

static void
dialog_destroy_cb (GtkWidget *dialog,
                   gpointer   user_data)
{
  LwEventsPage *self = user_data;

  if (self->dialog == (AdwMessageDialog *) dialog)
    self->dialog = NULL;
}

static AdwMessageDialog *
open_dialog (LwEventsPage *self,
             const char   *heading,
             const char   *body,
             GtkWidget    *extra,
             const char   *accept_id,
             const char   *accept_label)
{
  GtkWidget *dialog;

  if (self->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->dialog));

  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), heading, body);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), extra);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    accept_id, accept_label,
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), accept_id, ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), accept_id);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (dialog_destroy_cb), self, 0);
  self->dialog = ADW_MESSAGE_DIALOG (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  return self->dialog;
}

static GtkWidget *
dialog_field (AdwMessageDialog *dialog,
              const char       *name)
{
  return dialog != NULL ? g_object_get_data (G_OBJECT (dialog), name) : NULL;
}

static GtkWidget *
spin_row (GtkWidget  *list,
          const char *title,
          const char *subtitle,
          double      min,
          double      max,
          double      value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);
  g_autofree char *escaped = g_markup_escape_text (title, -1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  return spin;
}

static GtkWidget *
boxed_list (void)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  return list;
}

/* The table-size choices: 2, 3 or 4 seats, or 4 in partners. */
enum { TABLES_2, TABLES_3, TABLES_4, TABLES_PARTNERS };

static void
format_selected_cb (AdwComboRow *format_row,
                    GParamSpec  *pspec,
                    gpointer     user_data)
{
  AdwMessageDialog *dialog = user_data;
  AdwComboRow *tables_row = ADW_COMBO_ROW (dialog_field (dialog, "tables"));
  GtkWidget *rounds = dialog_field (dialog, "rounds");
  guint format = adw_combo_row_get_selected (format_row);
  guint tables = adw_combo_row_get_selected (tables_row);

  /* Partners play needs 4-seat partners tables; an elimination is played
   * at 2 seats and has as many rounds as its bracket. */
  if (format == LW_EVENT_PARTNERS)
    adw_combo_row_set_selected (tables_row, TABLES_PARTNERS);
  else if (format == LW_EVENT_ELIMINATION)
    adw_combo_row_set_selected (tables_row, TABLES_2);
  else if (tables == TABLES_PARTNERS)
    adw_combo_row_set_selected (tables_row, TABLES_4);
  if (format == LW_EVENT_ELIMINATION)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (rounds), 0);
  /* Seeding by rating is an elimination's option only. */
  gtk_widget_set_visible (dialog_field (dialog, "seeding"), format == LW_EVENT_ELIMINATION);
  gtk_widget_set_sensitive (gtk_widget_get_ancestor (rounds, ADW_TYPE_ACTION_ROW),
                            format != LW_EVENT_ELIMINATION);
}

static void
tables_selected_cb (AdwComboRow *tables_row,
                    GParamSpec  *pspec,
                    gpointer     user_data)
{
  AdwMessageDialog *dialog = user_data;
  AdwComboRow *format_row = ADW_COMBO_ROW (dialog_field (dialog, "format"));

  if (adw_combo_row_get_selected (tables_row) == TABLES_PARTNERS)
    adw_combo_row_set_selected (format_row, LW_EVENT_PARTNERS);
  else if (adw_combo_row_get_selected (format_row) == LW_EVENT_PARTNERS)
    adw_combo_row_set_selected (format_row, LW_EVENT_SWISS);
}

static void
new_event_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       gpointer          user_data)
{
  LwEventsPage *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  LwEventConfig config;
  LwEventFormat format;
  guint tables;
  gint64 id;

  if (g_strcmp0 (response, "create") != 0)
    return;

  name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (dialog_field (dialog, "name")))));
  format = (LwEventFormat) adw_combo_row_get_selected (ADW_COMBO_ROW (dialog_field (dialog, "format")));
  tables = adw_combo_row_get_selected (ADW_COMBO_ROW (dialog_field (dialog, "tables")));
  lw_event_config_init (&config, format, tables == TABLES_PARTNERS ? 4 : tables + 2);
  config.n_rounds = (guint) lw_spin_get_int (GTK_SPIN_BUTTON (dialog_field (dialog, "rounds")));
  config.points_win = lw_spin_get_int (GTK_SPIN_BUTTON (dialog_field (dialog, "win")));
  config.points_second = lw_spin_get_int (GTK_SPIN_BUTTON (dialog_field (dialog, "second")));
  config.points_other = lw_spin_get_int (GTK_SPIN_BUTTON (dialog_field (dialog, "other")));
  /* The seats are drawn by lot: a seed of its own for each event. */
  config.seed = (guint64) g_random_int_range (1, G_MAXINT32);
  if (format == LW_EVENT_ELIMINATION
      && adw_combo_row_get_selected (ADW_COMBO_ROW (dialog_field (dialog, "seeding"))) == 1)
    config.seeding = LW_SEEDING_RATING;
  /* The tie-breaks chosen, in order; a repeated one is refused below. */
  config.n_tiebreaks = 0;
  for (guint i = 0; i < LW_N_TIEBREAKS; i++)
    {
      g_autofree char *key = g_strdup_printf ("tiebreak-%u", i);
      guint chosen = adw_combo_row_get_selected (ADW_COMBO_ROW (dialog_field (dialog, key)));

      if (chosen > 0 && chosen <= LW_N_TIEBREAKS)
        config.tiebreaks[config.n_tiebreaks++] = (LwTiebreak) (chosen - 1);
    }

  if (*name == '\0')
    {
      show_error (self, _("Could Not Create the Event"), _("An event needs a name."));
      return;
    }
  if (!lw_event_config_validate (&config, &error))
    {
      show_error (self, _("Could Not Create the Event"), error->message);
      return;
    }
  id = lw_store_add_event (self->store, name, &config, &error);
  if (id <= 0)
    {
      show_error (self, _("Could Not Create the Event"), error != NULL ? error->message : "");
      return;
    }
  read_list (self);
  if (!lw_events_page_show_event (self, id, &error))
    {
      show_error (self, _("Could Not Open the Event"), error->message);
      return;
    }
  adw_view_stack_set_visible_child_name (self->view_stack, "players");
  gtk_widget_grab_focus (GTK_WIDGET (self->add_entry));
}

static void
new_event_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *list = boxed_list ();
  GtkWidget *points = boxed_list ();
  GtkWidget *name = adw_entry_row_new ();
  GtkWidget *format = adw_combo_row_new ();
  GtkWidget *tables = adw_combo_row_new ();
  GtkStringList *formats = gtk_string_list_new (NULL);
  GtkStringList *sizes = gtk_string_list_new (NULL);
  AdwMessageDialog *dialog;
  GtkWidget *rounds, *win, *second, *other, *points_label, *tiebreaks, *scrolled;
  GtkWidget *seeding = adw_combo_row_new ();
  g_autoptr (GtkStringList) seedings = gtk_string_list_new (NULL);

  for (int f = LW_EVENT_SWISS; f <= LW_EVENT_ELIMINATION; f++)
    gtk_string_list_append (formats, format_name ((LwEventFormat) f));
  for (guint size = 2; size <= 4; size++)
    {
      g_autofree char *text = tables_name (LW_EVENT_SWISS, size);

      gtk_string_list_append (sizes, text);
    }
  {
    g_autofree char *text = tables_name (LW_EVENT_PARTNERS, 4);

    gtk_string_list_append (sizes, text);
  }

  /* TRANSLATORS: the name of an event being created */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (name), _("Name"));
  gtk_list_box_append (GTK_LIST_BOX (list), name);
  /* TRANSLATORS: an event's format: Swiss, round robin, partners rotation, single elimination */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (format), _("Format"));
  adw_combo_row_set_model (ADW_COMBO_ROW (format), G_LIST_MODEL (formats));
  gtk_list_box_append (GTK_LIST_BOX (list), format);
  /* TRANSLATORS: the seats at an event's tables */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (tables), _("Tables"));
  adw_combo_row_set_model (ADW_COMBO_ROW (tables), G_LIST_MODEL (sizes));
  adw_combo_row_set_selected (ADW_COMBO_ROW (tables), TABLES_4);
  gtk_list_box_append (GTK_LIST_BOX (list), tables);
  /* TRANSLATORS: the rounds of an event; 0 means the format's own number */
  rounds = spin_row (list, C_("event", "Rounds"), _("0: as many as the format needs"), 0, 100, 0);

  /* How a single elimination's round 1 is seeded, kept with the event. */
  /* TRANSLATORS: seeds of a single elimination in the order players were entered */
  gtk_string_list_append (seedings, _("Registration Order"));
  /* TRANSLATORS: seeds of a single elimination by the players' ratings */
  gtk_string_list_append (seedings, _("By Rating"));
  /* TRANSLATORS: how a single elimination's bracket is seeded */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (seeding), _("Seeding"));
  adw_combo_row_set_model (ADW_COMBO_ROW (seeding), G_LIST_MODEL (seedings));
  gtk_widget_set_visible (seeding, FALSE);
  gtk_list_box_append (GTK_LIST_BOX (list), seeding);

  /* The tie-breaks, chosen and ordered: four places, each a tie-break or
   * none (SCORING R23 for skunks; docs/EVENTS.md). */
  tiebreaks = adw_expander_row_new ();
  /* TRANSLATORS: what orders players level on event points */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (tiebreaks), _("Tie-Breaks"));
  /* TRANSLATORS: the New Event dialog's tie-breaks row, folded */
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (tiebreaks), _("After event points, in this order"));
  gtk_list_box_append (GTK_LIST_BOX (list), tiebreaks);
  for (guint i = 0; i < LW_N_TIEBREAKS; i++)
    {
      g_autoptr (GtkStringList) choices = gtk_string_list_new (NULL);
      GtkWidget *row = adw_combo_row_new ();
      g_autofree char *key = g_strdup_printf ("tiebreak-%u", i);
      /* TRANSLATORS: the place of a tie-break in the New Event dialog: 1 first, 2 next… */
      g_autofree char *place = g_strdup_printf (_("Tie-Break %u"), i + 1);

      /* TRANSLATORS: no tie-break at this place */
      gtk_string_list_append (choices, _("None"));
      for (guint t = 0; t < LW_N_TIEBREAKS; t++)
        {
          g_autofree char *choice = g_strdup (tiebreak_name ((LwTiebreak) t));

          /* As a choice, capitalized. */
          choice[0] = g_ascii_toupper (choice[0]);
          gtk_string_list_append (choices, choice);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), place);
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (choices));
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), i + 1);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tiebreaks), row);
      g_object_set_data (G_OBJECT (tiebreaks), key, row);
    }

  /* TRANSLATORS: event points for first place at a full table */
  win = spin_row (points, _("Win"), NULL, 0, 1000, 3);
  /* TRANSLATORS: event points for second place at a table of 3 or more */
  second = spin_row (points, _("Second"), NULL, 0, 1000, 1);
  /* TRANSLATORS: event points for any other place */
  other = spin_row (points, _("Other"), NULL, 0, 1000, 0);
  /* TRANSLATORS: above the event points of each place in the New Event dialog */
  points_label = gtk_label_new (_("Event points by place. Smaller tables are scaled; a skunk win counts double."));
  gtk_label_set_wrap (GTK_LABEL (points_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (points_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (points_label), 0);
  gtk_widget_add_css_class (points_label, "dim-label");
  gtk_widget_add_css_class (points_label, "caption");

  gtk_box_append (GTK_BOX (box), list);
  gtk_box_append (GTK_BOX (box), points_label);
  gtk_box_append (GTK_BOX (box), points);
  g_object_unref (formats);
  g_object_unref (sizes);

  /* The settings scroll when the tie-breaks are unfolded, so that Create
   * and Cancel stay on a 1280×800 or a 360×740 screen. */
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), NEW_EVENT_MAX_HEIGHT);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);

  dialog = open_dialog (self, _("New Event"), NULL, scrolled, "create", _("C_reate"));
  g_object_set_data (G_OBJECT (dialog), "name", name);
  g_object_set_data (G_OBJECT (dialog), "format", format);
  g_object_set_data (G_OBJECT (dialog), "tables", tables);
  g_object_set_data (G_OBJECT (dialog), "rounds", rounds);
  g_object_set_data (G_OBJECT (dialog), "seeding", seeding);
  g_object_set_data (G_OBJECT (dialog), "tiebreaks", tiebreaks);
  for (guint i = 0; i < LW_N_TIEBREAKS; i++)
    {
      g_autofree char *key = g_strdup_printf ("tiebreak-%u", i);

      g_object_set_data (G_OBJECT (dialog), key, g_object_get_data (G_OBJECT (tiebreaks), key));
    }
  g_object_set_data (G_OBJECT (dialog), "win", win);
  g_object_set_data (G_OBJECT (dialog), "second", second);
  g_object_set_data (G_OBJECT (dialog), "other", other);
  g_signal_connect_object (format, "notify::selected", G_CALLBACK (format_selected_cb), dialog, 0);
  g_signal_connect_object (tables, "notify::selected", G_CALLBACK (tables_selected_cb), dialog, 0);
  g_signal_connect_object (dialog, "response", G_CALLBACK (new_event_response_cb), self, 0);
  gtk_widget_grab_focus (name);
}

/* Stores a paper result; a game started for the table is then no longer
 * its result. */
static gboolean
store_paper_result (LwEventsPage  *self,
                    guint          round,
                    guint          table,
                    const int     *scores,
                    guint          n,
                    gboolean       time_called,
                    GError       **error)
{
  gint64 pending;

  if (!lw_store_set_event_paper_result_full (self->store, self->event_id, round, table, scores,
                                             n, time_called, error))
    return FALSE;
  pending = find_pending (self, self->event_id, round, table);
  if (pending > 0)
    g_hash_table_remove (self->pending, &pending);
  return TRUE;
}

/* The round, table and number of scores a paper result's dialog is for. */
static void
dialog_table (AdwMessageDialog *dialog,
              guint            *round,
              guint            *table,
              guint            *n)
{
  *round = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "lw-round"));
  *table = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "lw-table"));
  *n = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "lw-n-scores"));
}

static void
set_dialog_table (GtkWidget *dialog,
                  guint      round,
                  guint      table,
                  guint      n)
{
  g_object_set_data (G_OBJECT (dialog), "lw-round", GUINT_TO_POINTER (round));
  g_object_set_data (G_OBJECT (dialog), "lw-table", GUINT_TO_POINTER (table));
  g_object_set_data (G_OBJECT (dialog), "lw-n-scores", GUINT_TO_POINTER (n));
}

/* After a paper result: the event read again, or the refusal shown. */
static void
paper_result_changed (LwEventsPage *self,
                      gboolean      ok,
                      guint         table,
                      GError       *error)
{
  /* TRANSLATORS: a table's paper result was refused */
  g_autofree char *heading = g_strdup_printf (_("Could Not Enter the Result of Table %u"), table);

  changed (self, ok, heading, error);
}

static void
time_called_response_cb (AdwMessageDialog *dialog,
                         const char       *response,
                         gpointer          user_data)
{
  LwEventsPage *self = user_data;
  const int *scores = g_object_get_data (G_OBJECT (dialog), "lw-scores");
  g_autoptr (GError) error = NULL;
  guint round, table, n;
  gboolean ok;

  if (g_strcmp0 (response, "time-called") != 0 || self->event == NULL)
    return;
  dialog_table (dialog, &round, &table, &n);
  ok = store_paper_result (self, round, table, scores, n, TRUE, &error);
  paper_result_changed (self, ok, table, error);
}

/* SCORING R23-R24: the board cannot have ended a game. Warn, and offer it
 * as a game stopped by the clock. */
static void
offer_time_called (LwEventsPage *self,
                   guint         round,
                   guint         table,
                   const int    *scores,
                   guint         n,
                   const char   *message)
{
  g_autofree char *body = lw_message_capitalize (message);
  GtkWidget *dialog;

  /* TRANSLATORS: a paper result whose scores no game ends with */
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("This Game Has Not Ended"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    /* TRANSLATORS: a button: the game was stopped by the clock;
                                     * its places go by score */
                                    "time-called", _("_Record as Time Called"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "time-called",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  set_dialog_table (dialog, round, table, n);
  g_object_set_data_full (G_OBJECT (dialog), "lw-scores",
                          g_memdup2 (scores, sizeof (int) * n), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (time_called_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
paper_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   gpointer          user_data)
{
  LwEventsPage *self = user_data;
  int scores[LW_EVENT_MAX_SEATS] = { 0 };
  g_autoptr (GError) error = NULL;
  guint round, table, n;
  gboolean ok;

  if (g_strcmp0 (response, "enter") != 0 || self->event == NULL)
    return;
  dialog_table (dialog, &round, &table, &n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *key = g_strdup_printf ("score-%u", i);

      scores[i] = lw_spin_get_int (GTK_SPIN_BUTTON (dialog_field (dialog, key)));
    }
  ok = store_paper_result (self, round, table, scores, n, FALSE, &error);
  if (g_error_matches (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_NOT_ENDED))
    {
      offer_time_called (self, round, table, scores, n, error->message);
      return;
    }
  paper_result_changed (self, ok, table, error);
}

static void
paper_result_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);
  guint number = g_variant_get_uint32 (parameter);
  const LwEventTable *table = shown_table (self, number);
  GtkWidget *list;
  AdwMessageDialog *dialog;
  g_autofree char *heading = NULL;
  guint n;

  if (table == NULL)
    return;

  list = boxed_list ();
  n = is_partners (self->event) ? 2 : table->n_seats;
  /* TRANSLATORS: the paper result dialog's heading: a round and a table */
  heading = g_strdup_printf (_("Round %u, Table %u"), self->shown_round, number);
  dialog = open_dialog (self, heading,
                        is_partners (self->event)
                          /* TRANSLATORS: the paper result dialog of a partners table */
                          ? _("The final score of each partnership, as kept on paper.")
                          /* TRANSLATORS: the paper result dialog */
                          : _("Each player’s final score, as kept on paper."),
                        list, "enter", _("_Enter Result"));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *title = is_partners (self->event) ? side_names (self->event, table, i)
                                                         : g_strdup (entrant_name (self->event, table->entrants[i]));
      g_autofree char *key = g_strdup_printf ("score-%u", i);
      GtkWidget *spin = spin_row (list, title, NULL, 0, 999, table->has_result ? table->scores[i] : 0);

      g_object_set_data (G_OBJECT (dialog), g_intern_string (key), spin);
    }
  set_dialog_table (GTK_WIDGET (dialog), self->shown_round, number, n);
  g_signal_connect_object (dialog, "response", G_CALLBACK (paper_response_cb), self, 0);
}

/* ------------------------------------------------------------------ */
/* Renaming and deleting an event                                       */
/* ------------------------------------------------------------------ */

static void
rename_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  LwEventsPage *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  gboolean ok;

  if (g_strcmp0 (response, "rename") != 0 || self->event == NULL)
    return;

  name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (dialog_field (dialog, "name")))));
  if (*name == '\0')
    {
      show_error (self, _("Could Not Rename the Event"), _("An event needs a name."));
      return;
    }
  ok = lw_store_rename_event (self->store, self->event_id, name, &error);
  changed (self, ok, _("Could Not Rename the Event"), error);
}

static void
rename_event_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);
  GtkWidget *list, *name;
  AdwMessageDialog *dialog;

  if (self->event == NULL)
    return;

  list = boxed_list ();
  name = adw_entry_row_new ();
  /* TRANSLATORS: the name of an event being renamed */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (name), _("Name"));
  gtk_editable_set_text (GTK_EDITABLE (name), self->event->name);
  /* Enter renames: the dialog's default response. */
  adw_entry_row_set_activates_default (ADW_ENTRY_ROW (name), TRUE);
  gtk_list_box_append (GTK_LIST_BOX (list), name);

  /* TRANSLATORS: the heading of the dialog that gives an event a new name */
  dialog = open_dialog (self, _("Rename Event"), NULL, list, "rename",
                        /* TRANSLATORS: the button that renames an event */
                        _("_Rename"));
  g_object_set_data (G_OBJECT (dialog), "name", name);
  g_signal_connect_object (dialog, "response", G_CALLBACK (rename_response_cb), self, 0);
  gtk_widget_grab_focus (name);
}

static void
delete_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  LwEventsPage *self = user_data;
  g_autoptr (GError) error = NULL;
  GHashTableIter iter;
  PendingGame *pending;
  gint64 id = self->event_id;

  if (g_strcmp0 (response, "delete") != 0 || self->event == NULL)
    return;

  if (!lw_store_delete_event (self->store, id, &error))
    {
      show_error (self, _("Could Not Delete the Event"), error->message);
      return;
    }
  /* Its tables' games stay ordinary games: no result to link any more. */
  g_hash_table_iter_init (&iter, self->pending);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &pending))
    if (pending->event == id)
      g_hash_table_iter_remove (&iter);
  lw_events_page_show_list (self);
  /* TRANSLATORS: a toast once an event is deleted */
  toast (self, _("Event deleted"));
}

static void
delete_event_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);
  g_autofree char *heading = NULL;
  AdwMessageDialog *dialog;

  if (self->event == NULL)
    return;

  /* TRANSLATORS: %s names the event */
  heading = g_strdup_printf (_("Delete “%s”?"), self->event->name);
  dialog = open_dialog (self, heading,
                        /* TRANSLATORS: deleting an event: what is lost and what stays */
                        _("Its players, rounds, tables and results are deleted for good. "
                          "The games played at its tables stay, and so do the ratings."),
                        NULL, "delete", _("_Delete"));
  adw_message_dialog_set_response_appearance (dialog, "delete", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (delete_response_cb), self, 0);
}

/* ------------------------------------------------------------------ */
/* Actions                                                              */
/* ------------------------------------------------------------------ */

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);

  if (self->event_id > 0)
    lw_events_page_show_list (self);
  else
    gtk_widget_activate_action (widget, "win.show-games", NULL);
}

static void
open_event_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);
  g_autoptr (GError) error = NULL;

  if (!lw_events_page_show_event (self, g_variant_get_int64 (parameter), &error))
    show_error (self, _("Could Not Open the Event"), error->message);
}

static void
add_player_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->add_entry))));
  g_autoptr (GError) error = NULL;
  LwEntrantStatus status = gtk_check_button_get_active (self->check_in_check)
                           ? LW_ENTRANT_CHECKED_IN : LW_ENTRANT_REGISTERED;

  if (self->event == NULL || *name == '\0')
    {
      gtk_widget_error_bell (widget);
      return;
    }
  if (!lw_store_add_event_entrant (self->store, self->event_id, name, status, &error))
    {
      g_autofree char *text = lw_message_capitalize (error->message);

      toast (self, text);
      gtk_widget_error_bell (widget);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->add_entry), "");
  changed (self, TRUE, NULL, NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->add_entry));
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
  changed (self, ok, status == LW_ENTRANT_DROPPED ? _("Could Not Drop the Player")
                                                  : _("Could Not Check the Player In"), error);
}

static void
check_in_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  set_status (LW_EVENTS_PAGE (widget), g_variant_get_string (parameter, NULL), LW_ENTRANT_CHECKED_IN);
}

static void
drop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  set_status (LW_EVENTS_PAGE (widget), g_variant_get_string (parameter, NULL), LW_ENTRANT_DROPPED);
}

static void
pair_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);
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
      show_error (self, heading, error->message);
      return;
    }
  self->shown_round = event->rounds->len;
  changed (self, TRUE, NULL, NULL);
  adw_view_stack_set_visible_child_name (self->view_stack, "rounds");
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->rounds_scroll), 0);
}

static void
score_table_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);
  guint number = g_variant_get_uint32 (parameter);
  const LwEventTable *table = shown_table (self, number);
  g_autoptr (GError) error = NULL;
  g_autofree char *notes = NULL;
  PendingGame *pending;
  gint64 id;

  if (table == NULL)
    return;

  /* A game already kept for the table is opened again. */
  id = table->game_id > 0 ? table->game_id : find_pending (self, self->event_id, self->shown_round, number);
  if (id > 0)
    {
      gtk_widget_activate_action (widget, "win.open-event-game", "x", id);
      return;
    }

  /* The table's game, made by the store from the table (its players,
   * seats, first dealer and sides) and kept for it until it is finished. */
  id = lw_store_start_event_table_game (self->store, self->event_id, self->shown_round, number, &error);
  if (id <= 0)
    {
      show_error (self, _("Could Not Start the Game"), error != NULL ? error->message : "");
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

  fill_rounds (self);
  gtk_widget_activate_action (widget, "win.open-event-game", "x", id);
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
table_entry_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *dialog;

  if (self->event == NULL)
    return;
  dialog = lw_table_entry_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                      self->store, self->event_id);
  g_signal_connect_object (dialog, "round-stored", G_CALLBACK (entry_round_stored_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  /* The dialog made a game for each table without one. */
  lw_events_page_reload (self);
}

static void
show_round_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);
  guint round = g_variant_get_uint32 (parameter);

  if (self->event == NULL || round < 1 || round > self->event->rounds->len)
    return;
  self->shown_round = round;
  fill_rounds (self);
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
/* Print and export                                                     */
/* ------------------------------------------------------------------ */

GtkPrintOperation *
lw_events_page_print_new (LwEventsPage *self,
                          gboolean      standings)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);

  if (self->event == NULL)
    return NULL;

  if (standings)
    {
      /* TRANSLATORS: column headings of printed standings; Buchholz, H2H (head-to-head) are tie-breaks */
      const char *headers[] = { C_("column", "Rank"), C_("column", "Player"), C_("column", "Points"),
                                C_("column", "Buchholz"), C_("column", "H2H"), C_("column", "Margin"),
                                C_("column", "Skunks"), C_("column", "Games"), C_("column", "Wins"),
                                C_("column", "Byes") };
      const double widths[] = { 0.6, 3, 0.9, 1, 0.6, 0.9, 0.8, 0.8, 0.7, 0.6 };

      for (guint i = 0; i < self->standings->len; i++)
        {
          const LwEventStanding *row = &g_array_index (self->standings, LwEventStanding, i);
          char **cells = g_new0 (char *, G_N_ELEMENTS (headers) + 1);

          cells[0] = g_strdup_printf ("%u", row->rank);
          /* TRANSLATORS: a dropped player in printed standings */
          cells[1] = row->dropped ? g_strdup_printf (_("%s (dropped)"), row->name) : g_strdup (row->name);
          cells[2] = format_points (row->points);
          cells[3] = format_points (row->buchholz);
          cells[4] = lw_format_signed (row->head_to_head);
          cells[5] = lw_format_signed (row->margin);
          cells[6] = g_strdup_printf ("%u", row->skunks);
          cells[7] = g_strdup_printf ("%u", row->games);
          cells[8] = g_strdup_printf ("%u", row->wins);
          cells[9] = g_strdup_printf ("%u", row->byes);
          g_ptr_array_add (rows, cells);
        }
      /* TRANSLATORS: the title of printed standings: the event's name */
      title = g_strdup_printf (_("%s: Standings"), self->event->name);
      subtitle = tiebreak_text (self->event);
      return lw_print_table_new (title, subtitle, G_N_ELEMENTS (headers), headers, widths, rows);
    }
  else
    {
      /* TRANSLATORS: column headings of a printed seating */
      const char *headers[] = { C_("column", "Table"), C_("column", "Seat"), C_("column", "Player"),
                                C_("column", "Notes"), C_("column", "Score") };
      const double widths[] = { 0.8, 0.6, 3, 2.4, 1 };
      const LwEventRound *round = shown_round (self);
      guint n_players;

      if (round == NULL)
        return NULL;
      n_players = round->byes->len;
      for (guint t = 0; t < round->tables->len; t++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);

          if (t > 0)
            g_ptr_array_add (rows, NULL);
          n_players += table->n_seats;
          for (guint s = 0; s < table->n_seats; s++)
            {
              char **cells = g_new0 (char *, G_N_ELEMENTS (headers) + 1);
              g_autoptr (GString) notes = g_string_new (NULL);

              if (is_partners (self->event))
                g_string_append_printf (notes, _("partner of %s"),
                                        entrant_name (self->event, table->entrants[(s + 2) % 4]));
              if ((int) s == table->first_dealer)
                {
                  if (notes->len > 0)
                    g_string_append (notes, " · ");
                  /* TRANSLATORS: printed seating: the seat that deals first */
                  g_string_append (notes, _("deals first"));
                }
              if (s == 0 && table->has_result && table->time_called)
                {
                  if (notes->len > 0)
                    g_string_append (notes, " · ");
                  /* TRANSLATORS: printed seating: the table's game was stopped by the clock */
                  g_string_append (notes, _("time called"));
                }
              cells[0] = s == 0 ? g_strdup_printf ("%u", table->number) : g_strdup ("");
              cells[1] = g_strdup_printf ("%u", s + 1);
              cells[2] = g_strdup (entrant_name (self->event, table->entrants[s]));
              cells[3] = g_string_free (g_steal_pointer (&notes), FALSE);
              cells[4] = table->has_result ? g_strdup_printf ("%d", table->scores[s]) : g_strdup ("");
              g_ptr_array_add (rows, cells);
            }
        }
      for (guint b = 0; b < round->byes->len; b++)
        {
          char **cells = g_new0 (char *, G_N_ELEMENTS (headers) + 1);

          if (b == 0)
            g_ptr_array_add (rows, NULL);
          /* TRANSLATORS: printed seating: a player who sits out the round */
          cells[0] = g_strdup (_("Bye"));
          cells[1] = g_strdup ("");
          cells[2] = g_strdup (entrant_name (self->event, g_array_index (round->byes, int, b)));
          cells[3] = g_strdup ("");
          cells[4] = g_strdup ("");
          g_ptr_array_add (rows, cells);
        }
      /* TRANSLATORS: the title of a printed seating: the event, the round */
      title = g_strdup_printf (_("%s: Round %u"), self->event->name, round->number);
      subtitle = lw_event_plan_describe (self->event->config.table_size, is_partners (self->event), n_players);
      return lw_print_table_new (title, subtitle, G_N_ELEMENTS (headers), headers, widths, rows);
    }
}

GtkPrintOperation *
lw_events_page_print_wall_new (LwEventsPage *self)
{
  /* TRANSLATORS: column headings of a printed wall sheet ("find your table") */
  const char *headers[] = { C_("column", "Player"), C_("column", "Table"), C_("column", "Seat") };
  const double widths[] = { 3, 1, 1 };
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr (GArray) lines = NULL;
  g_autofree char *title = NULL;
  const LwEventRound *round;
  GtkPrintOperation *operation;

  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), NULL);

  if (self->event == NULL || (round = shown_round (self)) == NULL)
    return NULL;

  lines = lw_event_wall_sheet (self->event, round);
  for (guint i = 0; i < lines->len; i++)
    {
      const LwWallLine *line = &g_array_index (lines, LwWallLine, i);
      char **cells = g_new0 (char *, G_N_ELEMENTS (headers) + 1);

      cells[0] = g_strdup (line->name);
      /* TRANSLATORS: a wall sheet: a player who sits out the round */
      cells[1] = line->table == 0 ? g_strdup (_("Bye")) : g_strdup_printf ("%u", line->table);
      cells[2] = line->table == 0 ? g_strdup ("") : g_strdup_printf ("%u", line->seat);
      g_ptr_array_add (rows, cells);
    }
  title = g_strdup_printf (_("%s: Round %u"), self->event->name, round->number);
  /* TRANSLATORS: the line below a wall sheet's title */
  operation = lw_print_table_new (title, _("Find your name: your table and seat"),
                                  G_N_ELEMENTS (headers), headers, widths, rows);
  lw_print_table_set_large_type (operation);
  return operation;
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);
  GtkPrintOperation *operation = g_str_equal (action_name, "events.print-wall")
                                 ? lw_events_page_print_wall_new (self)
                                 : lw_events_page_print_new (self, g_str_equal (action_name, "events.print-standings"));

  if (operation == NULL)
    {
      toast (self, _("No round is paired yet"));
      return;
    }
  lw_print_run (operation, GTK_WINDOW (gtk_widget_get_root (widget)));
}

gboolean
lw_events_page_export_standings_to (LwEventsPage  *self,
                                    GFile         *file,
                                    gboolean       json,
                                    GError       **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (LW_IS_EVENTS_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->event == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("No event is shown."));
      return FALSE;
    }
  text = json ? lw_event_standings_to_json (self->event, self->standings)
              : lw_event_standings_to_csv (self->standings);
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

static void
export_response_cb (GtkNativeDialog *dialog,
                    int              response,
                    gpointer         user_data)
{
  LwEventsPage *self = user_data;
  gboolean json = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "lw-json"));
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (file != NULL)
    {
      if (lw_events_page_export_standings_to (self, file, json, &error))
        toast (self, _("Standings saved"));
      else
        show_error (self, _("Could Not Save the Standings"), error->message);
    }
  g_clear_object (&self->chooser);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);
  gboolean json = g_str_equal (action_name, "events.export-json");
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = NULL;
  g_autofree char *file_name = NULL;

  if (self->event == NULL)
    return;
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  /* a file name without a path's separators */
  name = g_strdelimit (g_strdup (self->event->name), "/\\", '-');
  /* TRANSLATORS: the suggested file name of exported standings; %s is the event's name */
  file_name = g_strdup_printf (_("%s-standings.%s"), name, json ? "json" : "csv");
  self->chooser = gtk_file_chooser_native_new (json ? _("Export the Standings as JSON")
                                                    : _("Export the Standings as CSV"),
                                               GTK_WINDOW (gtk_widget_get_root (widget)),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), file_name);
  gtk_file_filter_set_name (filter, json ? _("JSON files") : _("CSV files"));
  gtk_file_filter_add_mime_type (filter, json ? "application/json" : "text/csv");
  gtk_file_filter_add_suffix (filter, json ? "json" : "csv");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_object_set_data (G_OBJECT (self->chooser), "lw-json", GINT_TO_POINTER (json));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect (self->chooser, "response", G_CALLBACK (export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
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

  table = shown_table (self, number);
  if (table == NULL)
    return 0;
  return table->game_id > 0 ? table->game_id : find_pending (self, self->event_id, self->shown_round, number);
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
  return dialog_field (self->dialog, name);
}

void
lw_events_page_set_store (LwEventsPage *self,
                          LwStore      *store)
{
  g_return_if_fail (LW_IS_EVENTS_PAGE (self));

  g_set_object (&self->store, store);
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
print_bracket_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  LwEventsPage *self = LW_EVENTS_PAGE (widget);
  GtkPrintOperation *operation = self->event != NULL ? lw_print_bracket_new (self->event) : NULL;

  if (operation == NULL)
    {
      toast (self, _("No round is paired yet"));
      return;
    }
  lw_print_run (operation, GTK_WINDOW (gtk_widget_get_root (widget)));
}

static void
lw_events_page_class_init (LwEventsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_events_page_dispose;
  object_class->finalize = lw_events_page_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-events-page.ui");
  gtk_widget_class_bind_template_child (widget_class, LwEventsPage, stack);
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

  gtk_widget_class_install_action (widget_class, "events.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "events.new-event", NULL, new_event_action);
  gtk_widget_class_install_action (widget_class, "events.open-event", "x", open_event_action);
  gtk_widget_class_install_action (widget_class, "events.add-player", NULL, add_player_action);
  gtk_widget_class_install_action (widget_class, "events.check-in", "s", check_in_action);
  gtk_widget_class_install_action (widget_class, "events.drop", "s", drop_action);
  gtk_widget_class_install_action (widget_class, "events.pair", NULL, pair_action);
  gtk_widget_class_install_action (widget_class, "events.pair-by-rating", NULL, pair_action);
  gtk_widget_class_install_action (widget_class, "events.show-round", "u", show_round_action);
  gtk_widget_class_install_action (widget_class, "events.score-table", "u", score_table_action);
  gtk_widget_class_install_action (widget_class, "events.paper-result", "u", paper_result_action);
  gtk_widget_class_install_action (widget_class, "events.print-seating", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "events.print-standings", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "events.print-wall", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "events.print-bracket", NULL, print_bracket_action);
  gtk_widget_class_install_action (widget_class, "events.export-csv", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "events.export-json", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "events.table-entry", NULL, table_entry_action);
  gtk_widget_class_install_action (widget_class, "events.rename", NULL, rename_event_action);
  gtk_widget_class_install_action (widget_class, "events.delete", NULL, delete_event_action);

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
  /* The heading always shows, wrapped: in a narrow window the header's
   * title is cut, and the event's whole name is read here. */

  self->pending = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  self->table_groups = g_ptr_array_new ();
  self->names = lw_name_completion_new ();
  self->round_names = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->round_drop, G_LIST_MODEL (self->round_names));

  /* Known players are offered as the name is typed. */
  lw_name_completion_attach (self->names, self->add_entry);

  g_signal_connect (self->add_entry, "activate", G_CALLBACK (add_entry_activate_cb), self);
  g_signal_connect (self->events_list, "row-activated", G_CALLBACK (event_row_activated_cb), self);
  g_signal_connect (self->round_drop, "notify::selected", G_CALLBACK (round_selected_cb), self);
  add_bracket_page (self);
}
