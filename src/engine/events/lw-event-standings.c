/* lw-event-standings.c — standings and tie-breaks, as CSV and JSON
 * (docs/EVENTS.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-csv.h"
#include "lw-event.h"
#include "lw-event-private.h"
#include "lw-json-text.h"

/* ------------------------------------------------------------------ */
/* Standings                                                            */
/* ------------------------------------------------------------------ */

gboolean
lw_event_points_equal (double a,
                       double b)
{
  return fabs (a - b) < POINTS_EPSILON;
}

/* One tie-break: -1 when @a is ahead, 1 when @b is, 0 when level. */
static int
compare_tiebreak (const LwEventStanding *a,
                  const LwEventStanding *b,
                  LwTiebreak             tiebreak)
{
  switch (tiebreak)
    {
    case LW_TIEBREAK_BUCHHOLZ:
      return lw_event_points_equal (a->buchholz, b->buchholz) ? 0 : a->buchholz > b->buchholz ? -1 : 1;
    case LW_TIEBREAK_HEAD_TO_HEAD:
      return a->head_to_head == b->head_to_head ? 0 : a->head_to_head > b->head_to_head ? -1 : 1;
    case LW_TIEBREAK_MARGIN:
      return a->margin == b->margin ? 0 : a->margin > b->margin ? -1 : 1;
    case LW_TIEBREAK_SKUNKS:
    default:
      return a->skunks == b->skunks ? 0 : a->skunks > b->skunks ? -1 : 1;
    }
}

/* Round reached (elimination), event points, then the first @n_used of
 * the event's tie-breaks, in its order. */
static int
compare_keys_upto (const LwEventStanding *a,
                   const LwEventStanding *b,
                   const LwEventConfig   *config,
                   guint                  n_used)
{
  if (a->reached != b->reached)
    return a->reached > b->reached ? -1 : 1;
  if (a->withdrew != b->withdrew)
    return a->withdrew ? 1 : -1;
  if (!lw_event_points_equal (a->points, b->points))
    return a->points > b->points ? -1 : 1;
  for (guint i = 0; i < n_used && i < config->n_tiebreaks; i++)
    {
      int c = compare_tiebreak (a, b, config->tiebreaks[i]);

      if (c != 0)
        return c;
    }
  return 0;
}

static int
compare_keys (const LwEventStanding *a,
              const LwEventStanding *b,
              const LwEventConfig   *config)
{
  return compare_keys_upto (a, b, config, config->n_tiebreaks);
}

static int
compare_rows (gconstpointer pa,
              gconstpointer pb,
              gpointer      user_data)
{
  const LwEventStanding *a = pa, *b = pb;
  int c = compare_keys (a, b, user_data);

  if (c != 0)
    return c;
  c = g_utf8_collate (a->name, b->name);
  if (c != 0)
    return c;
  return a->entrant - b->entrant;
}

/* The tie-breaks before head-to-head in @config's order. */
static guint
n_before_head_to_head (const LwEventConfig *config)
{
  guint i;

  for (i = 0; i < config->n_tiebreaks; i++)
    if (config->tiebreaks[i] == LW_TIEBREAK_HEAD_TO_HEAD)
      break;
  return i;
}

/* Orders the tallies by event points and the tie-breaks before
 * head-to-head, which groups the players level on them. */
static int
compare_before_head_to_head (gconstpointer pa,
                             gconstpointer pb,
                             gpointer      user_data)
{
  const LwEventConfig *config = user_data;
  const LwEventTally *a = *(LwEventTally *const *) pa, *b = *(LwEventTally *const *) pb;
  int c = compare_keys_upto (&a->row, &b->row, config, n_before_head_to_head (config));

  return c != 0 ? c : a->row.entrant - b->row.entrant;
}

/* The tables of every round of @event that have a result, in round and
 * table order (pointers into @event's rounds). */
static GPtrArray *
played_tables (const LwEvent *event)
{
  GPtrArray *played = g_ptr_array_new ();

  for (guint r = 0; r < event->rounds->len; r++)
    {
      const LwEventRound *round = g_ptr_array_index (event->rounds, r);

      for (guint k = 0; k < round->tables->len; k++)
        {
          LwEventTable *table = &g_array_index (round->tables, LwEventTable, k);

          if (table->has_result)
            g_ptr_array_add (played, table);
        }
    }
  return played;
}

/* Points, games, wins, skunks, byes and margins of every entrant; the
 * Buchholz too when @with_buchholz. */
LwEventTally *
lw_event_tally (const LwEvent *event,
                gboolean       with_buchholz)
{
  guint n = event->entrants->len;
  LwEventTally *tally = g_new0 (LwEventTally, MAX (n, 1));
  double bye = lw_event_bye_points (event);

  for (guint i = 0; i < n; i++)
    {
      const LwEntrant *entrant = lw_event_entrant_at (event, (int) i);

      tally[i].row.entrant = (int) i;
      tally[i].row.name = entrant->name;
      tally[i].row.dropped = entrant->status == LW_ENTRANT_DROPPED;
      tally[i].listed = entrant->status == LW_ENTRANT_CHECKED_IN;
    }

  for (guint r = 0; r < event->rounds->len; r++)
    {
      const LwEventRound *round = g_ptr_array_index (event->rounds, r);

      for (guint b = 0; b < round->byes->len; b++)
        {
          LwEventTally *t = &tally[g_array_index (round->byes, int, b)];
          t->row.points += bye;
          t->row.byes++;
          t->listed = TRUE;
        }
      for (guint k = 0; k < round->tables->len; k++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, k);
          double points[LW_EVENT_MAX_SEATS];

          for (guint s = 0; s < table->n_seats; s++)
            tally[table->entrants[s]].listed = TRUE;
          if (!table->has_result)
            continue;
          lw_event_table_points (event, table, points);
          for (guint s = 0; s < table->n_seats; s++)
            {
              LwEventTally *t = &tally[table->entrants[s]];
              int own = table->scores[s], best_other = G_MININT;
              gboolean won = TRUE;

              for (guint o = 0; o < table->n_seats; o++)
                if (lw_event_side_of_seat (event, o) != lw_event_side_of_seat (event, s))
                  {
                    best_other = MAX (best_other, table->scores[o]);
                    if (table->scores[o] >= own)
                      won = FALSE;
                  }
              t->row.points += points[s];
              t->row.games++;
              if (table->time_called)
                t->row.time_called++;
              t->row.margin += own - best_other;
              /* A skunk is worth double: 2 wins in the standings (R23). */
              if (won)
                {
                  t->row.wins += table->skunk ? 2 : 1;
                  if (table->skunk)
                    t->row.skunks++;
                }
            }
        }
    }

  if (with_buchholz)
    {
      g_autoptr (GPtrArray) played = played_tables (event);

      for (guint k = 0; k < played->len; k++)
        {
          const LwEventTable *table = g_ptr_array_index (played, k);

          for (guint s = 0; s < table->n_seats; s++)
            {
              double sum = 0;
              guint count = 0;

              for (guint o = 0; o < table->n_seats; o++)
                if (lw_event_side_of_seat (event, o) != lw_event_side_of_seat (event, s))
                  {
                    sum += tally[table->entrants[o]].row.points;
                    count++;
                  }
              if (count > 0)
                tally[table->entrants[s]].row.buchholz += sum / count;
            }
        }
    }
  return tally;
}

GArray *
lw_event_compute_standings (const LwEvent *event)
{
  guint n;
  g_autofree LwEventTally *tally = NULL;
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  g_autoptr (GPtrArray) played = NULL;
  GArray *rows;
  guint groups = 0;

  g_return_val_if_fail (event != NULL, NULL);

  n = event->entrants->len;
  tally = lw_event_tally (event, TRUE);

  /* Elimination: the round reached (one more for each round won or
   * passed with a bye); a withdrawal is a loss in the round not played. */
  if (event->config.format == LW_EVENT_ELIMINATION)
    {
      for (guint i = 0; i < n; i++)
        if (tally[i].listed)
          tally[i].row.reached = 1;
      for (guint r = 0; r < event->rounds->len; r++)
        {
          const LwEventRound *round = g_ptr_array_index (event->rounds, r);

          for (guint b = 0; b < round->byes->len; b++)
            tally[g_array_index (round->byes, int, b)].row.reached++;
          for (guint k = 0; k < round->tables->len; k++)
            {
              int winner = lw_event_table_winner (&g_array_index (round->tables, LwEventTable, k));
              if (winner >= 0)
                tally[winner].row.reached++;
            }
        }
      for (guint i = 0; i < n; i++)
        tally[i].row.withdrew = tally[i].listed
                                && lw_event_elimination_state (event, (int) i, NULL)
                                   == LW_ELIMINATION_WITHDREW;
    }

  /* Head-to-head among the players level on points and Buchholz. */
  for (guint i = 0; i < n; i++)
    if (tally[i].listed)
      g_ptr_array_add (order, &tally[i]);
  g_ptr_array_sort_with_data (order, compare_before_head_to_head, (gpointer) &event->config);
  for (guint i = 0; i < order->len; i++)
    {
      LwEventTally *t = g_ptr_array_index (order, i);
      const LwEventTally *previous = i > 0 ? g_ptr_array_index (order, i - 1) : NULL;

      if (previous == NULL
          || compare_keys_upto (&previous->row, &t->row, &event->config,
                                n_before_head_to_head (&event->config)) != 0)
        groups++;
      t->group = groups;
    }
  played = played_tables (event);
  for (guint k = 0; k < played->len; k++)
    {
      const LwEventTable *table = g_ptr_array_index (played, k);

      for (guint s = 0; s < table->n_seats; s++)
        for (guint o = 0; o < table->n_seats; o++)
          {
            LwEventTally *a = &tally[table->entrants[s]], *b = &tally[table->entrants[o]];

            if (lw_event_side_of_seat (event, s) == lw_event_side_of_seat (event, o) || a->group != b->group)
              continue;
            if (table->scores[s] > table->scores[o])
              a->row.head_to_head++;
            else if (table->scores[s] < table->scores[o])
              a->row.head_to_head--;
          }
    }

  rows = g_array_new (FALSE, FALSE, sizeof (LwEventStanding));
  for (guint i = 0; i < n; i++)
    if (tally[i].listed)
      g_array_append_val (rows, tally[i].row);
  g_array_sort_with_data (rows, compare_rows, (gpointer) &event->config);
  for (guint i = 0; i < rows->len; i++)
    {
      LwEventStanding *row = &g_array_index (rows, LwEventStanding, i);

      if (i > 0 && compare_keys (row - 1, row, &event->config) == 0)
        row->rank = (row - 1)->rank;
      else
        row->rank = i + 1;
    }
  return rows;
}

/* Event points as text: an integer when whole, else up to 2 decimals. */
static char *
format_points (double points)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  double rounded = round (points * 100) / 100;

  if (lw_event_points_equal (rounded, round (rounded)))
    return g_strdup_printf ("%.0f", rounded);
  g_ascii_formatd (buffer, sizeof buffer, "%.2f", rounded);
  /* 2.50 → 2.5 */
  if (g_str_has_suffix (buffer, "0"))
    buffer[strlen (buffer) - 1] = '\0';
  return g_strdup (buffer);
}

char *
lw_event_standings_to_csv (GArray *standings)
{
  GString *out = g_string_new ("rank,player,points,buchholz,head_to_head,margin,"
                               "skunks,games,wins,byes,dropped\r\n");

  g_return_val_if_fail (standings != NULL, NULL);

  for (guint i = 0; i < standings->len; i++)
    {
      const LwEventStanding *row = &g_array_index (standings, LwEventStanding, i);
      g_autofree char *points = format_points (row->points);
      g_autofree char *buchholz = format_points (row->buchholz);

      g_string_append_printf (out, "%u,", row->rank);
      lw_csv_append_field (out, row->name);
      g_string_append_printf (out, ",%s,%s,%d,%d,%u,%u,%u,%u,%s\r\n", points, buchholz,
                              row->head_to_head, row->margin, row->skunks, row->games,
                              row->wins, row->byes, row->dropped ? "yes" : "no");
    }
  return g_string_free (out, FALSE);
}

void
lw_event_add_json_head (JsonBuilder   *builder,
                        const LwEvent *event)
{
  lw_json_builder_add_string (builder, "event", event->name);
  lw_json_builder_add_string (builder, "format", lw_event_format_to_string (event->config.format));
  lw_json_builder_add_int (builder, "table_size", event->config.table_size);
  lw_json_builder_add_int (builder, "rounds", lw_event_total_rounds (event));
  lw_json_builder_add_int (builder, "rounds_paired", event->rounds->len);
  lw_json_builder_add_boolean (builder, "finished", lw_event_is_finished (event));
}

char *
lw_event_standings_to_json (const LwEvent *event,
                            GArray        *standings)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (event != NULL && standings != NULL, NULL);

  json_builder_begin_object (builder);
  lw_event_add_json_head (builder, event);
  json_builder_set_member_name (builder, "tiebreaks");
  json_builder_begin_array (builder);
  for (guint i = 0; i < event->config.n_tiebreaks; i++)
    json_builder_add_string_value (builder, lw_event_tiebreak_names[event->config.tiebreaks[i]]);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "standings");
  json_builder_begin_array (builder);
  for (guint i = 0; i < standings->len; i++)
    {
      const LwEventStanding *row = &g_array_index (standings, LwEventStanding, i);

      json_builder_begin_object (builder);
      lw_json_builder_add_int (builder, "rank", row->rank);
      lw_json_builder_add_string (builder, "player", row->name);
      lw_json_builder_add_double (builder, "points", round (row->points * 1e6) / 1e6);
      lw_json_builder_add_double (builder, "buchholz", round (row->buchholz * 1e6) / 1e6);
      lw_json_builder_add_int (builder, "head_to_head", row->head_to_head);
      lw_json_builder_add_int (builder, "margin", row->margin);
      lw_json_builder_add_int (builder, "skunks", row->skunks);
      lw_json_builder_add_int (builder, "games", row->games);
      lw_json_builder_add_int (builder, "wins", row->wins);
      lw_json_builder_add_int (builder, "byes", row->byes);
      if (event->config.format == LW_EVENT_ELIMINATION)
        {
          lw_json_builder_add_int (builder, "reached", row->reached);
          lw_json_builder_add_boolean (builder, "withdrew", row->withdrew);
        }
      lw_json_builder_add_boolean (builder, "dropped", row->dropped);
      lw_json_builder_add_int (builder, "time_called", row->time_called);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return lw_json_builder_to_text (builder);
}
