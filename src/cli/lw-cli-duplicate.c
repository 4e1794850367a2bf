/* lw-cli-duplicate.c — littlewolf-cli: a duplicate event's boards, board
 * results, travelling sheets and standings (docs/EVENTS.md "Duplicate
 * events", docs/rules/DUPLICATE.md)
 *
 *   event boards ID [--round R] [--json]
 *   event result ID [--round R] --table T --board K (--facts JSON | --facts-file FILE|-)
 *   event travellers ID [--board K] [--json]
 *   event par ID [--round R] [--level LEVEL]
 *   event standings ID [--json]          (a duplicate event's)
 *
 * The subcommands' words are read in lw-cli-event.c, which calls these
 * with the event loaded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "lw-cli.h"
#include "lw-engine.h"
#include "lw-store.h"
#include "lw-store-event-boards.h"
#include "lw-store-event-pars.h"
#include "lw-table-seats.h"

/* The event round whose boards are shown by default: the last paired,
 * else round 1. */
static guint
default_round (const LwEvent *event)
{
  return MAX (event->rounds->len, 1);
}

int
lw_cli_duplicate_boards (const LwEvent *event,
                         guint          round,
                         gboolean       json)
{
  guint first;
  g_autofree char *text = NULL;

  if (event->config.format != LW_EVENT_DUPLICATE)
    return lw_cli_fail (LW_CLI_INVALID, "event boards: %s is not a duplicate event", event->name);
  if (round == 0)
    round = default_round (event);
  first = lw_duplicate_first_board (event, round);

  if (json)
    {
      g_autoptr (JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      lw_json_builder_add_string (builder, "event", event->name);
      json_builder_set_member_name (builder, "boards");
      json_builder_begin_array (builder);
      for (guint k = first; k < first + event->config.boards_per_round; k++)
        {
          LwBoard board;

          lw_event_board (event, k, &board);
          lw_board_add_json (builder, &board, round);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      text = lw_json_builder_to_text (builder);
    }
  else
    {
      GString *out = g_string_new (NULL);

      for (guint k = first; k < first + event->config.boards_per_round; k++)
        {
          LwBoard board;
          g_autofree char *sheet = NULL;

          lw_event_board (event, k, &board);
          sheet = lw_board_sheet_text (event->name, &board, round);
          if (k > first)
            g_string_append_c (out, '\n');
          g_string_append (out, sheet);
        }
      text = g_string_free (out, FALSE);
    }
  if (json)
    fputs (text, stdout);
  else
    lw_cli_print_text (text);
  return LW_CLI_OK;
}

int
lw_cli_duplicate_result (LwStore       *store,
                         gint64         id,
                         const LwEvent *event,
                         guint          round,
                         guint          table,
                         guint          board,
                         const char    *facts_text,
                         const char    *facts_file)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwRound) facts = NULL;
  g_autoptr (LwEvent) entered = NULL;
  g_autofree char *contents = NULL;
  const LwEventTable *t;

  if (event->config.format != LW_EVENT_DUPLICATE)
    return lw_cli_fail (LW_CLI_INVALID, "event result: %s is not a duplicate event: "
                        "--board and --facts are for duplicate events", event->name);
  t = lw_event_get_table ((LwEvent *) event, round, table, &error);
  if (t == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "event result: %s", error->message);
  if (facts_file != NULL)
    {
      gsize length = 0;

      if (!lw_cli_read_input (facts_file, &contents, &length, &error))
        return lw_cli_fail_error (error);
      facts_text = contents;
    }
  /* The round's facts as any round's (D9), seats as at the table. */
  record = lw_duplicate_board_record (event, round, t, board);
  facts = lw_round_from_json (record, facts_text, -1, 1, &error);
  if (facts == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "event result: round %u, table %u, board %u: %s",
                        round, table, board, error->message);
  entered = lw_store_add_event_board_result (store, id, round, table, board, facts, &error);
  return lw_cli_status (entered != NULL, error);
}

/* A level as the sheets show it: "Hard". */
static char *
level_title (LwBotLevel level)
{
  char *title = g_strdup (lw_bot_level_to_string (level));

  title[0] = g_ascii_toupper (title[0]);
  return title;
}

int
lw_cli_duplicate_par (LwCliContext  *ctx,
                      gint64         id,
                      const LwEvent *event,
                      guint          round,
                      LwBotLevel     level)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) pars = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_board_par_free);
  g_autoptr (LwStore) store = NULL;
  g_autofree char *title = level_title (level);
  GString *out;
  guint first;

  if (event->config.format != LW_EVENT_DUPLICATE)
    return lw_cli_fail (LW_CLI_INVALID, "event par: %s is not a duplicate event", event->name);
  if (round == 0)
    round = default_round (event);
  if (round > lw_event_total_rounds (event))
    return lw_cli_fail (LW_CLI_INVALID, "event par: --round %u: %s has %u rounds", round,
                        event->name, lw_event_total_rounds (event));
  first = lw_duplicate_first_board (event, round);
  /* The computers play before the database is opened for writing. */
  for (guint k = first; k < first + event->config.boards_per_round; k++)
    {
      LwBoardPar *par = lw_duplicate_play_par (event, k, level, &error);

      if (par == NULL)
        return lw_cli_fail_error (error);
      g_ptr_array_add (pars, par);
    }
  store = lw_cli_open_store (ctx, TRUE, &error);
  if (store == NULL || !lw_store_set_event_board_pars (store, id, pars, &error))
    return lw_cli_fail_error (error);

  out = g_string_new (NULL);
  for (guint i = 0; i < pars->len; i++)
    {
      const LwBoardPar *par = g_ptr_array_index (pars, i);
      g_autofree char *line = lw_board_par_text (par, title);

      g_string_append_printf (out, "Board %u\t%s\n", par->board, line);
    }
  lw_cli_print_text (out->str);
  g_string_free (out, TRUE);
  return LW_CLI_OK;
}

int
lw_cli_duplicate_travellers (const LwEvent *event,
                             guint          board,
                             GPtrArray     *pars,
                             gboolean       json)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  guint first = board, last = board;

  if (event->config.format != LW_EVENT_DUPLICATE)
    return lw_cli_fail (LW_CLI_INVALID, "event travellers: %s is not a duplicate event",
                        event->name);
  if (board == 0)
    {
      first = 1;
      last = MAX (event->rounds->len, 1) * event->config.boards_per_round;
    }

  if (json)
    text = lw_duplicate_travellers_to_json (event, first, last, pars, &error);
  else
    {
      GString *out = g_string_new (NULL);

      for (guint k = first; k <= last; k++)
        {
          g_autoptr (GArray) rows = lw_duplicate_traveller (event, k, &error);
          g_autofree char *code = NULL;
          const LwBoardPar *par;
          LwBoard b;

          if (rows == NULL)
            {
              g_string_free (out, TRUE);
              return lw_cli_fail_error (error);
            }
          lw_event_board (event, k, &b);
          code = lw_board_check_code (&b);
          g_string_append_printf (out, "%sBoard %u (event round %u), check code %s\n",
                                  k > first ? "\n" : "", k, lw_duplicate_round_of_board (event, k),
                                  code);
          for (guint i = 0; i < rows->len; i++)
            {
              const LwTravellerRow *row = &g_array_index (rows, LwTravellerRow, i);
              g_autofree char *net = lw_fraction_format (row->net, 1);
              g_autofree char *percentage = lw_fraction_format (row->percentage, 100);
              const char *second = row->entrants[1] >= 0
                                   ? ((const LwEntrant *) g_ptr_array_index (event->entrants,
                                                                             (guint) row->entrants[1]))->name
                                   : NULL;

              g_string_append_printf (out, "%d\t%u\t%s%s%s\t%d\t%s\t%u/%u\t%s\n", row->position,
                                      row->table,
                                      ((const LwEntrant *) g_ptr_array_index (event->entrants,
                                                                              (guint) row->entrants[0]))->name,
                                      second != NULL ? " & " : "", second != NULL ? second : "",
                                      row->delta, net, row->matchpoints, row->top, percentage);
            }
          /* D10: the par beside the sheet, never one of its rows. */
          par = lw_duplicate_find_par (pars, k);
          if (par != NULL)
            {
              g_autofree char *title = level_title (par->level);
              g_autofree char *line = lw_board_par_text (par, title);

              g_string_append_printf (out, "%s\n", line);
            }
        }
      text = g_string_free (out, FALSE);
    }
  if (text == NULL)
    return lw_cli_fail_error (error);
  if (json)
    fputs (text, stdout);
  else
    lw_cli_print_text (text);
  return LW_CLI_OK;
}

int
lw_cli_duplicate_standings (const LwEvent *event,
                            gboolean       json,
                            gboolean       csv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) standings = NULL;
  g_autofree char *text = NULL;

  if (csv)
    return lw_cli_fail (LW_CLI_INVALID, "event standings: --csv: a duplicate event's standings "
                        "are text or --json");
  standings = lw_duplicate_compute_standings (event, &error);
  if (standings == NULL)
    return lw_cli_fail_error (error);
  if (json)
    text = lw_duplicate_standings_to_json (event, standings);
  else
    {
      GString *out = g_string_new (NULL);

      for (guint i = 0; i < standings->len; i++)
        {
          const LwDuplicateStanding *row = g_ptr_array_index (standings, i);
          g_autofree char *percentage = lw_fraction_format (row->score, 100);
          g_autofree char *nets = lw_fraction_format (row->nets, 1);

          g_string_append_printf (out, "%u\t%s%s\t%s\t%s\t%u\t%u\n", row->rank, row->name,
                                  row->dropped ? " (dropped)" : "", percentage, nets,
                                  row->matchpoints, row->boards);
        }
      text = g_string_free (out, FALSE);
    }
  if (json)
    fputs (text, stdout);
  else
    lw_cli_print_text (text);
  return LW_CLI_OK;
}
