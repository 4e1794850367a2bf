/* lw-events-tabs.c — an event's tabs: its players, its seating and results,
 * its standings (what the engine derives from the event, shown)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-events-page-private.h"
#include "lw-print-grid.h"
#include "lw-print.h"
#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-entry-dialog.h"

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

void
lw_events_fill_players (LwEventsPage *self)
{
  const LwEvent *event = self->event;
  guint checked_in = 0;
  g_autofree char *description = NULL;

  lw_list_box_remove_all (self->players_list);
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

gboolean
lw_events_is_partners (const LwEvent *event)
{
  return event->config.format == LW_EVENT_PARTNERS;
}

const LwEventRound *
lw_events_shown_round (LwEventsPage *self)
{
  if (self->event == NULL || self->shown_round == 0 || self->shown_round > self->event->rounds->len)
    return NULL;
  return g_ptr_array_index (self->event->rounds, self->shown_round - 1);
}

const LwEventTable *
lw_events_shown_table (LwEventsPage *self,
                       guint         number)
{
  const LwEventRound *round = lw_events_shown_round (self);

  if (round == NULL || number < 1 || number > round->tables->len)
    return NULL;
  return &g_array_index (round->tables, LwEventTable, number - 1);
}

/* "Ann & Cleo": a partners side, seats @side and @side + 2. */
char *
lw_events_side_names (const LwEvent      *event,
                      const LwEventTable *table,
                      guint               side)
{
  /* TRANSLATORS: two partners, "Ann & Cleo" */
  return g_strdup_printf (_("%s & %s"), lw_events_entrant_name (event, table->entrants[side]),
                          lw_events_entrant_name (event, table->entrants[side + 2]));
}

static char *
table_status (LwEventsPage       *self,
              const LwEventTable *table,
              gint64              pending)
{
  const LwEvent *event = self->event;

  if (event->config.format == LW_EVENT_DUPLICATE)
    {
      guint first = lw_duplicate_first_board (event, self->shown_round), entered = 0;

      for (guint b = 0; b < event->config.boards_per_round; b++)
        if (lw_event_find_board_result (event, self->shown_round, table->number, first + b) != NULL)
          entered++;
      if (event->config.boards_per_round == 1)
        /* TRANSLATORS: a duplicate table's board (DUPLICATE D8) and whether its result is in */
        return g_strdup_printf (entered > 0 ? _("Board %u · entered") : _("Board %u · not entered yet"),
                                first);
      /* TRANSLATORS: a duplicate table's boards, e.g. "Boards 3–4 · 1 of 2 entered" */
      return g_strdup_printf (_("Boards %u–%u · %u of %u entered"), first,
                              first + event->config.boards_per_round - 1, entered,
                              event->config.boards_per_round);
    }
  if (table->has_result)
    {
      int best = 0;
      g_autofree char *winner = NULL;

      for (guint s = 1; s < table->n_seats; s++)
        if (table->scores[s] > table->scores[best])
          best = (int) s;
      if (lw_events_is_partners (event))
        winner = lw_events_side_names (event, table, (guint) best % 2);
      else
        winner = g_strdup (lw_events_entrant_name (event, table->entrants[best]));

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
  gint64 pending = lw_events_find_pending (self, self->event_id, self->shown_round, table->number);
  g_autofree char *title = NULL;
  g_autofree char *status = table_status (self, table, pending);
  double points[LW_EVENT_MAX_SEATS] = { 0 };
  /* A duplicate table's results are its boards' (DUPLICATE D9): no final
   * scores, no game kept at it. */
  gboolean duplicate = event->config.format == LW_EVENT_DUPLICATE;

  if (table->has_result && !duplicate)
    lw_event_table_points (event, table, points);

  /* TRANSLATORS: a table of an event's round */
  title = g_strdup_printf (_("Table %u"), table->number);
  if (lw_events_is_partners (event))
    {
      g_autofree char *a = lw_events_side_names (event, table, 0);
      g_autofree char *b = lw_events_side_names (event, table, 1);
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
      g_autofree char *escaped = g_markup_escape_text (lw_events_entrant_name (event, table->entrants[s]), -1);
      g_autofree char *subtitle = NULL;

      if (lw_events_is_partners (event))
        /* TRANSLATORS: a seat at a partners table: its number, the partner */
        subtitle = g_strdup_printf (_("Seat %u · partner of %s"), s + 1,
                                    lw_events_entrant_name (event, table->entrants[(s + 2) % 4]));
      else
        /* TRANSLATORS: a seat at an event's table, numbered clockwise from 1 */
        subtitle = g_strdup_printf (_("Seat %u"), s + 1);
      if ((int) s == table->first_dealer && !duplicate)
        {
          /* TRANSLATORS: the seat that deals the table's first round (SCORING R4) */
          g_autofree char *dealer = g_strdup_printf (_("%s · deals first"), subtitle);

          g_free (subtitle);
          subtitle = g_steal_pointer (&dealer);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      if (table->has_result && !duplicate)
        {
          g_autofree char *value = lw_events_format_points (points[s]);
          g_autofree char *text = NULL;
          GtkWidget *label;

          /* TRANSLATORS: a seat's final score, then the event points it earned */
          text = g_strdup_printf (_("%d · %s pts"), table->scores[s], value);
          label = lw_events_suffix_label (text, NULL);
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
  gtk_widget_set_visible (buttons, !duplicate);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), buttons);
  if (duplicate)
    lw_events_add_board_buttons (self, group, table);

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
  g_autofree char *points = lw_events_format_points (lw_event_bye_points (event));
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
      g_autofree char *escaped = g_markup_escape_text (lw_events_entrant_name (event, g_array_index (round->byes, int, b)), -1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
  g_object_set_data (G_OBJECT (group), "lw-list", list);
  g_object_set_data (G_OBJECT (group), "lw-byes", GINT_TO_POINTER (TRUE));
  gtk_box_append (self->tables_box, group);
  g_ptr_array_add (self->table_groups, group);
}

void
lw_events_fill_rounds (LwEventsPage *self)
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

  round = lw_events_shown_round (self);
  if (round == NULL)
    {
      g_autofree char *would = lw_event_plan_describe (event->config.table_size, lw_events_is_partners (event),
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
      described = lw_event_plan_describe (event->config.table_size, lw_events_is_partners (event), n_players);
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
  g_autofree char *buchholz = lw_events_format_points (row->buchholz);
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
const char *
lw_events_tiebreak_name (LwTiebreak tiebreak)
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
char *
lw_events_tiebreak_text (const LwEvent *event)
{
  g_autoptr (GString) order = g_string_new (NULL);

  for (guint i = 0; i < event->config.n_tiebreaks; i++)
    {
      if (i > 0)
        g_string_append (order, i + 1 == event->config.n_tiebreaks
                                  /* TRANSLATORS: before the last of a list of tie-breaks */
                                  ? _(" and ") : ", ");
      g_string_append (order, lw_events_tiebreak_name (event->config.tiebreaks[i]));
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

/* Appends a row of the standings list, of either kind: "RANK. NAME" over
 * @subtitle (all its lines), @suffix (transfer none: the row takes it;
 * the row's "lw-suffix") after them, dimmed for a player who dropped. */
static void
append_standing_row (LwEventsPage *self,
                     guint         rank,
                     const char   *name,
                     const char   *subtitle,
                     GtkWidget    *suffix,
                     gboolean      dropped)
{
  GtkWidget *action_row = adw_action_row_new ();
  /* TRANSLATORS: a row of the standings: the rank, the player */
  g_autofree char *title = g_strdup_printf (_("%u. %s"), rank, name);
  g_autofree char *escaped = g_markup_escape_text (title, -1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (action_row), escaped);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (action_row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (action_row), 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (action_row), suffix);
  g_object_set_data (G_OBJECT (action_row), "lw-suffix", suffix);
  if (dropped)
    gtk_widget_add_css_class (action_row, "dim-label");
  gtk_list_box_append (self->standings_list, action_row);
}

/* A duplicate event's standings (DUPLICATE D7): each player's percentage
 * of the matchpoints, their nets and boards. */
static void
fill_duplicate_standings (LwEventsPage *self)
{
  g_autoptr (GPtrArray) rows = lw_duplicate_compute_standings (self->event, NULL);

  /* TRANSLATORS: how a duplicate event's standings are ordered (DUPLICATE D7) */
  adw_preferences_group_set_description (self->standings_group,
                                         _("By the average board percentage, then the sum of nets, then the boards played"));
  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      const LwDuplicateStanding *row = g_ptr_array_index (rows, i);
      g_autofree char *percentage = lw_fraction_format (row->score, 100);
      g_autofree char *net_digits = lw_fraction_format (row->nets, 1);
      /* A true minus sign, as the app writes points. */
      g_autofree char *nets = net_digits[0] == '-' ? g_strconcat ("−", net_digits + 1, NULL)
                                                   : g_strdup (net_digits);
      /* TRANSLATORS: a percentage in a duplicate event's standings, e.g. "58.33 %" */
      g_autofree char *shown = g_strdup_printf (_("%s %%"), percentage);
      /* TRANSLATORS: a duplicate event's standing: the sum of nets (e.g. "1.50"), the boards
       * played and the matchpoints (DUPLICATE D5–D7) */
      g_autofree char *subtitle = g_strdup_printf (_("Nets %s · %u boards · %u matchpoints"),
                                                   nets, row->boards, row->matchpoints);
      GtkWidget *label = lw_events_suffix_label (shown, "title-3");

      /* TRANSLATORS: the tooltip of a player's percentage in a duplicate event's standings */
      gtk_widget_set_tooltip_text (label, _("Average board percentage"));
      append_standing_row (self, row->rank, row->name, subtitle, label, row->dropped);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->standings_list), rows != NULL && rows->len > 0);
}

void
lw_events_fill_standings (LwEventsPage *self)
{
  g_clear_pointer (&self->standings, g_array_unref);

  lw_list_box_remove_all (self->standings_list);
  if (self->event->config.format == LW_EVENT_DUPLICATE)
    {
      /* The event-point standings stay empty: printing and export read them. */
      self->standings = g_array_new (FALSE, TRUE, sizeof (LwEventStanding));
      fill_duplicate_standings (self);
      return;
    }
  self->standings = lw_event_compute_standings (self->event);
  {
    g_autofree char *order = lw_events_tiebreak_text (self->event);

    adw_preferences_group_set_description (self->standings_group, order);
  }
  for (guint i = 0; i < self->standings->len; i++)
    {
      const LwEventStanding *row = &g_array_index (self->standings, LwEventStanding, i);
      g_autofree char *subtitle = standing_subtitle (self->event, row);
      g_autofree char *points = lw_events_format_points (row->points);
      GtkWidget *label = lw_events_suffix_label (points, "title-3");

      /* TRANSLATORS: the tooltip of a player's event points in the standings */
      gtk_widget_set_tooltip_text (label, _("Event points"));
      append_standing_row (self, row->rank, row->name, subtitle, label, row->dropped);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->standings_list), self->standings->len > 0);
}

/* ------------------------------------------------------------------ */
