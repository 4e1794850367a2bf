/* lw-events-print.c — printing an event (seating, standings, wall sheet)
 * and exporting its standings (CSV, JSON)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-csv.h"
#include "lw-duplicate.h"
#include "lw-events-page-private.h"
#include "lw-print-grid.h"
#include "lw-print.h"
#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-entry-dialog.h"

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
          cells[2] = lw_events_format_points (row->points);
          cells[3] = lw_events_format_points (row->buchholz);
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
      subtitle = lw_events_tiebreak_text (self->event);
      return lw_print_grid_new (title, subtitle, G_N_ELEMENTS (headers), headers, widths, rows);
    }
  else
    {
      /* TRANSLATORS: column headings of a printed seating */
      const char *headers[] = { C_("column", "Table"), C_("column", "Seat"), C_("column", "Player"),
                                C_("column", "Notes"), C_("column", "Score") };
      const double widths[] = { 0.8, 0.6, 3, 2.4, 1 };
      const LwEventRound *round = lw_events_shown_round (self);
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

              if (lw_events_is_partners (self->event))
                g_string_append_printf (notes, _("partner of %s"),
                                        lw_events_entrant_name (self->event, table->entrants[(s + 2) % 4]));
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
              cells[2] = g_strdup (lw_events_entrant_name (self->event, table->entrants[s]));
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
          cells[2] = g_strdup (lw_events_entrant_name (self->event, g_array_index (round->byes, int, b)));
          cells[3] = g_strdup ("");
          cells[4] = g_strdup ("");
          g_ptr_array_add (rows, cells);
        }
      /* TRANSLATORS: the title of a printed seating: the event, the round */
      title = g_strdup_printf (_("%s: Round %u"), self->event->name, round->number);
      subtitle = lw_event_plan_describe (self->event->config.table_size, lw_events_is_partners (self->event), n_players);
      return lw_print_grid_new (title, subtitle, G_N_ELEMENTS (headers), headers, widths, rows);
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

  if (self->event == NULL || (round = lw_events_shown_round (self)) == NULL)
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
  operation = lw_print_grid_new (title, _("Find your name: your table and seat"),
                                  G_N_ELEMENTS (headers), headers, widths, rows);
  lw_print_grid_set_large_type (operation);
  return operation;
}

void
lw_events_print_action (LwEventsPage *self,
                        GVariant     *parameter,
                        const char   *action_name)
{
  GtkPrintOperation *operation = g_str_equal (action_name, "events.print-wall")
                                 ? lw_events_page_print_wall_new (self)
                                 : lw_events_page_print_new (self, g_str_equal (action_name, "events.print-standings"));

  if (operation == NULL)
    {
      lw_events_toast (self, _("No round is paired yet"));
      return;
    }
  lw_print_run (operation, GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))));
}

/* A duplicate event's standings (DUPLICATE D7) as the export writes
 * them: the JSON of `event standings --json`, or CSV with a header and a
 * row a player (the percentage and nets with two decimals). */
static char *
duplicate_standings_text (const LwEvent  *event,
                          gboolean        json,
                          GError        **error)
{
  g_autoptr (GPtrArray) standings = lw_duplicate_compute_standings (event, error);
  GString *out;

  if (standings == NULL)
    return NULL;
  if (json)
    return lw_duplicate_standings_to_json (event, standings);
  out = g_string_new ("rank,player,percentage,nets,matchpoints,boards,dropped\r\n");
  for (guint i = 0; i < standings->len; i++)
    {
      const LwDuplicateStanding *row = g_ptr_array_index (standings, i);
      g_autofree char *percentage = lw_fraction_format (row->score, 100);
      g_autofree char *nets = lw_fraction_format (row->nets, 1);

      lw_csv_append_number (out, row->rank);
      g_string_append_c (out, ',');
      lw_csv_append_field (out, row->name);
      g_string_append_printf (out, ",%s,%s,", percentage, nets);
      lw_csv_append_number (out, row->matchpoints);
      g_string_append_c (out, ',');
      lw_csv_append_number (out, row->boards);
      g_string_append (out, row->dropped ? ",true\r\n" : ",false\r\n");
    }
  return g_string_free (out, FALSE);
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
  if (self->event->config.format == LW_EVENT_DUPLICATE)
    text = duplicate_standings_text (self->event, json, error);
  else
    text = json ? lw_event_standings_to_json (self->event, self->standings)
                : lw_event_standings_to_csv (self->standings);
  if (text == NULL)
    return FALSE;
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

static void
export_chosen (gpointer        owner,
               GFile          *file,
               GtkFileChooser *chooser)
{
  LwEventsPage *self = owner;
  gboolean json = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "lw-json"));
  g_autoptr (GError) error = NULL;

  if (lw_events_page_export_standings_to (self, file, json, &error))
    lw_events_toast (self, _("Standings saved"));
  else
    lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Save the Standings"), error->message);
}

void
lw_events_export_action (LwEventsPage *self,
                         GVariant     *parameter,
                         const char   *action_name)
{
  gboolean json = g_str_equal (action_name, "events.export-json");
  g_autofree char *name = NULL;
  g_autofree char *file_name = NULL;
  GtkFileChooserNative *chooser;

  if (self->event == NULL)
    return;
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  /* a file name without a path's separators */
  name = g_strdelimit (g_strdup (self->event->name), "/\\", '-');
  /* TRANSLATORS: the suggested file name of exported standings; %s is the event's name */
  file_name = g_strdup_printf (_("%s-standings.%s"), name, json ? "json" : "csv");
  chooser = lw_file_chooser_new (GTK_WIDGET (self), json ? _("Export the Standings as JSON") : _("Export the Standings as CSV"),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), file_name);
  lw_file_chooser_add_filter (chooser, json ? _("JSON files") : _("CSV files"),
                              json ? "application/json" : "text/csv", json ? "json" : "csv");
  g_object_set_data (G_OBJECT (chooser), "lw-json", GINT_TO_POINTER (json));
  lw_file_chooser_show (chooser, export_chosen, self, &self->chooser);
}

/* ------------------------------------------------------------------ */
