/* lw-duplicate-par.c — a duplicate board's par (docs/rules/DUPLICATE.md
 * D10): played by computers only, scored as any board (D4, D5)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-duplicate-par.h"
#include "lw-enum-names.h"
#include "lw-error.h"
#include "lw-event-private.h"
#include "lw-json-text.h"
#include "lw-rules.h"
#include "lw-table-seats.h"

void
lw_board_par_free (LwBoardPar *par)
{
  if (par == NULL)
    return;
  lw_round_free (par->facts);
  g_free (par);
}

LwGameRecord *
lw_duplicate_par_record (const LwEvent *event,
                         guint          board)
{
  char *names[LW_EVENT_MAX_SEATS] = { NULL, };
  guint n_seats;
  LwGameRecord *record;

  g_return_val_if_fail (event != NULL && event->config.format == LW_EVENT_DUPLICATE, NULL);
  g_return_val_if_fail (board >= 1, NULL);

  n_seats = event->config.table_size;
  for (guint s = 0; s < n_seats; s++)
    names[s] = g_strdup_printf ("Seat %u", s + 1);
  record = lw_duplicate_seat_record (event, lw_duplicate_round_of_board (event, board), 0, n_seats,
                                     (const char *const *) names, board);
  for (guint s = 0; s < n_seats; s++)
    g_free (names[s]);
  return record;
}

LwBoardPar *
lw_duplicate_score_par (const LwEvent  *event,
                        guint           board,
                        LwBotLevel      level,
                        const LwRound  *facts,
                        GError        **error)
{
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwBoardPar) par = NULL;

  g_return_val_if_fail (event != NULL && event->config.format == LW_EVENT_DUPLICATE, NULL);
  g_return_val_if_fail (board >= 1 && facts != NULL, NULL);

  record = lw_duplicate_par_record (event, board);
  par = g_new0 (LwBoardPar, 1);
  par->board = board;
  par->level = level;
  par->n_sides = lw_event_is_partners (event) ? 2 : event->config.table_size;
  /* D4: the same path a board result takes. */
  if (!lw_duplicate_score_board (record, facts, par->deltas, error))
    return NULL;
  lw_duplicate_nets (par->n_sides, par->deltas, par->nets);
  par->facts = lw_round_copy (facts);
  return g_steal_pointer (&par);
}

LwBoardPar *
lw_duplicate_play_par (const LwEvent  *event,
                       guint           board,
                       LwBotLevel      level,
                       GError        **error)
{
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwTable) table = NULL;
  g_autoptr (LwRound) facts = NULL;
  LwHouseRules rules;
  LwBoard deal;
  LwRng rng;
  int team_of[LW_MAX_SEATS] = { 0, 1, 0, 1 };
  gboolean partners;

  g_return_val_if_fail (event != NULL && event->config.format == LW_EVENT_DUPLICATE, NULL);
  g_return_val_if_fail (board >= 1, NULL);

  partners = lw_event_is_partners (event);
  record = lw_duplicate_par_record (event, board);
  lw_game_record_house_rules (record, &rules);
  lw_event_board (event, board, &deal);
  table = lw_board_new_table (&deal, &rules);
  lw_rng_init (&rng, lw_seed_mix (deal.seed, LW_PAR_SEED_SALT));
  while (lw_table_get_phase (table) != LW_PHASE_END)
    {
      g_autoptr (GError) local = NULL;
      LwAction action;

      lw_bot_choose_full (table, level, partners ? team_of : NULL, NULL, &rng, &action);
      if (!lw_table_apply (table, &action, &local))
        g_error ("board %u: a computer seat chose an illegal action: %s", board, local->message);
    }
  facts = lw_round_new ();
  lw_table_round_facts (table, partners ? team_of : NULL, facts);
  return lw_duplicate_score_par (event, board, level, facts, error);
}

const LwBoardPar *
lw_duplicate_find_par (GPtrArray *pars,
                       guint      board)
{
  if (pars == NULL)
    return NULL;
  for (guint i = 0; i < pars->len; i++)
    {
      const LwBoardPar *par = g_ptr_array_index (pars, i);

      if (par->board == board)
        return par;
    }
  return NULL;
}

void
lw_board_par_add_json (JsonBuilder      *builder,
                       const LwBoardPar *par)
{
  g_return_if_fail (builder != NULL);

  if (par == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }
  json_builder_begin_object (builder);
  lw_json_builder_add_string (builder, "level", lw_bot_level_to_string (par->level));
  json_builder_set_member_name (builder, "rows");
  json_builder_begin_array (builder);
  for (guint p = 0; p < par->n_sides; p++)
    {
      json_builder_begin_object (builder);
      lw_json_builder_add_int (builder, "position", p);
      lw_json_builder_add_int (builder, "delta", par->deltas[p]);
      lw_duplicate_add_fraction (builder, "net", par->nets[p], 1);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

char *
lw_board_par_text (const LwBoardPar *par,
                   const char       *level_name)
{
  GString *out;

  g_return_val_if_fail (par != NULL && level_name != NULL, NULL);

  out = g_string_new (NULL);
  g_string_append_printf (out, "Par (%s):", level_name);
  for (guint p = 0; p < par->n_sides; p++)
    {
      g_autofree char *net = lw_fraction_format (par->nets[p], 1);

      g_string_append_printf (out, "%s %u: %d (%s)", p > 0 ? "," : "", p, par->deltas[p], net);
    }
  return g_string_free (out, FALSE);
}
