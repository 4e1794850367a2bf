/* lw-store-event-pars.c — a duplicate event's par results in the
 * database (docs/rules/DUPLICATE.md D10; schema 19)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-store-event-pars.h"
#include "lw-store-private.h"
#include "lw-table-seats.h"

/* The boards event @event has: boards_per_round of each of its rounds
 * (D8). */
static guint
n_boards (const LwEvent *event)
{
  return lw_event_total_rounds (event) * event->config.boards_per_round;
}

gboolean
lw_store_set_event_board_pars (LwStore    *self,
                               gint64      id,
                               GPtrArray  *pars,
                               GError    **error)
{
  g_autoptr (LwEvent) event = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (pars != NULL, FALSE);

  event = lw_store_event_begin_change (self, id, error);
  if (event == NULL)
    return FALSE;
  if (event->config.format != LW_EVENT_DUPLICATE)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "%s is not a duplicate event: its boards have no par", event->name);
      ok = FALSE;
    }
  for (guint i = 0; ok && i < pars->len; i++)
    {
      const LwBoardPar *par = g_ptr_array_index (pars, i);
      g_autoptr (LwBoardPar) scored = NULL;
      g_autoptr (LwGameRecord) record = NULL;
      g_autoptr (LwStoreStmt) stmt = NULL;
      g_autofree char *text = NULL;

      if (par->board < 1 || par->board > n_boards (event))
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                       "board %u: %s plays boards 1–%u (DUPLICATE D8)", par->board, event->name,
                       n_boards (event));
          ok = FALSE;
          break;
        }
      /* The par is scored as any board before it is kept (D4). */
      scored = lw_duplicate_score_par (event, par->board, par->level, par->facts, error);
      if (scored == NULL)
        {
          ok = FALSE;
          break;
        }
      record = lw_duplicate_par_record (event, par->board);
      text = lw_round_to_json (record, par->facts);
      stmt = lw_store_stmt (self,
                            "INSERT OR REPLACE INTO event_board_pars (event, board, level, facts, played_at)"
                            " VALUES (?, ?, ?, ?, ?)", error);
      ok = stmt != NULL
           && lw_store_bind_int (self, stmt, 1, id, error)
           && lw_store_bind_int (self, stmt, 2, par->board, error)
           && lw_store_bind_text (self, stmt, 3, lw_bot_level_to_string (par->level), error)
           && lw_store_bind_text (self, stmt, 4, text, error)
           && lw_store_bind_int (self, stmt, 5, g_get_real_time (), error)
           && lw_store_step_done (self, stmt, error);
    }
  return lw_store_finish (self, ok, error);
}

/* Reads @event's pars (inside a transaction). */
static GPtrArray *
read_pars (LwStore        *self,
           const LwEvent  *event,
           gint64          id,
           GError        **error)
{
  g_autoptr (GPtrArray) pars = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_board_par_free);
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean stepped = TRUE;

  if (event->config.format != LW_EVENT_DUPLICATE)
    return g_steal_pointer (&pars);
  stmt = lw_store_query (self, "SELECT board, level, facts FROM event_board_pars"
                               " WHERE event = ? ORDER BY board", id, 0, error);
  while (lw_store_next_row (self, stmt, &stepped, error))
    {
      gint64 board = sqlite3_column_int64 (stmt, 0);
      const char *level_name = (const char *) sqlite3_column_text (stmt, 1);
      const char *text = (const char *) sqlite3_column_text (stmt, 2);
      g_autoptr (LwGameRecord) record = NULL;
      g_autoptr (LwRound) facts = NULL;
      LwBoardPar *par = NULL;
      LwBotLevel level;

      if (board < 1 || board > n_boards (event) || level_name == NULL || text == NULL
          || !lw_bot_level_from_string (level_name, &level))
        {
          lw_store_fail_damaged (self, "event", id, "a par names no board of it", error);
          return NULL;
        }
      record = lw_duplicate_par_record (event, (guint) board);
      facts = lw_round_from_json (record, text, -1, 1, NULL);
      if (facts != NULL)
        par = lw_duplicate_score_par (event, (guint) board, level, facts, NULL);
      if (par == NULL)
        {
          lw_store_fail_damaged (self, "event", id, "a par is not a round of its board", error);
          return NULL;
        }
      g_ptr_array_add (pars, par);
    }
  return stepped ? g_steal_pointer (&pars) : NULL;
}

GPtrArray *
lw_store_load_event_board_pars (LwStore        *self,
                                const LwEvent  *event,
                                gint64          id,
                                GError        **error)
{
  g_autoptr (LwEvent) loaded = NULL;
  g_autoptr (GPtrArray) pars = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  if (event == NULL)
    {
      loaded = lw_store_read_event (self, id, error);
      event = loaded;
    }
  if (event != NULL)
    pars = read_pars (self, event, id, error);
  if (pars == NULL)
    {
      lw_store_rollback (self);
      return NULL;
    }
  if (!lw_store_commit (self, error))
    return NULL;
  return g_steal_pointer (&pars);
}
