/* lw-store-event-boards.c — a duplicate event's board results in the
 * database (docs/rules/DUPLICATE.md D9; schema 17)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-store-event-boards.h"
#include "lw-store-private.h"

gboolean
lw_store_read_board_results (LwStore  *self,
                             gint64    id,
                             LwEvent  *event,
                             GError  **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_query (self,
                    "SELECT t.round, t.number, b.board, b.facts FROM event_board_results AS b"
                    " JOIN event_tables AS t ON t.id = b.event_table"
                    " WHERE t.event = ? ORDER BY b.entered_at, t.round, t.number, b.board",
                    id, 0, error);
  gboolean stepped = TRUE;

  while (lw_store_next_row (self, stmt, &stepped, error))
    {
      gint64 round = sqlite3_column_int64 (stmt, 0);
      gint64 table = sqlite3_column_int64 (stmt, 1);
      gint64 board = sqlite3_column_int64 (stmt, 2);
      const char *text = (const char *) sqlite3_column_text (stmt, 3);
      const LwEventTable *t;
      g_autoptr (LwGameRecord) record = NULL;
      g_autoptr (LwRound) facts = NULL;

      /* load_tables() checked the rounds and tables. */
      t = round >= 1 && round <= G_MAXUINT && table >= 1 && table <= G_MAXUINT
            ? lw_event_get_table (event, (guint) round, (guint) table, NULL) : NULL;
      if (t == NULL || board < 1 || board > G_MAXUINT || text == NULL)
        return lw_store_fail_damaged (self, "event", id, "a board result names no table", error);
      record = lw_duplicate_board_record (event, (guint) round, t, (guint) board);
      facts = lw_round_from_json (record, text, -1, 1, NULL);
      if (facts == NULL
          || !lw_event_add_board_result (event, (guint) round, (guint) table, (guint) board, facts,
                                         NULL))
        return lw_store_fail_damaged (self, "event", id, "a board result is not a round it can take",
                                      error);
    }
  return stepped;
}

/* What lw_store_add_event_board_result() and
 * lw_store_correct_event_board_result() share: the engine takes the
 * board's result (@correct: its correction) first (DUPLICATE D4, D9),
 * then the round's facts as lw_round_to_json() writes them go into the
 * board's row of event_board_results (inserted, or its facts replaced),
 * in one transaction. The SQL numbers its parameters: ?1 the board, ?2
 * the facts, ?3 the time entered (the insert's only), ?4 to ?6 the
 * event, round and table. */
static LwEvent *
write_board_result (LwStore        *self,
                    gint64          id,
                    guint           round,
                    guint           table,
                    guint           board,
                    const LwRound  *facts,
                    gboolean        correct,
                    GError        **error)
{
  g_autoptr (LwEvent) event = NULL;
  gboolean ok;

  event = lw_store_event_begin_change (self, id, error);
  if (event == NULL)
    return NULL;
  ok = correct ? lw_event_correct_board_result (event, round, table, board, facts, error)
       : lw_event_add_board_result (event, round, table, board, facts, error);
  if (ok)
    {
      g_autoptr (LwStoreStmt) stmt = NULL;
      g_autoptr (LwGameRecord) record =
        lw_duplicate_board_record (event, round, lw_event_get_table (event, round, table, NULL), board);
      g_autofree char *text = lw_round_to_json (record, facts);

      if (correct)
        stmt = lw_store_stmt (self,
                              "UPDATE event_board_results SET facts = ?2"
                              " WHERE board = ?1 AND event_table ="
                              " (SELECT id FROM event_tables WHERE event = ?4 AND round = ?5 AND number = ?6)",
                              error);
      else
        stmt = lw_store_stmt (self,
                              "INSERT INTO event_board_results (event_table, board, facts, entered_at)"
                              " SELECT id, ?1, ?2, ?3 FROM event_tables"
                              " WHERE event = ?4 AND round = ?5 AND number = ?6", error);
      ok = stmt != NULL
           && lw_store_bind_int (self, stmt, 1, board, error)
           && lw_store_bind_text (self, stmt, 2, text, error)
           && lw_store_bind_int (self, stmt, 3, g_get_real_time (), error)
           && lw_store_bind_int (self, stmt, 4, id, error)
           && lw_store_bind_int (self, stmt, 5, round, error)
           && lw_store_bind_int (self, stmt, 6, table, error)
           && lw_store_step_done (self, stmt, error);
      if (ok && sqlite3_changes (sqlite3_db_handle (stmt)) != 1)
        ok = lw_store_fail_damaged (self, "event", id, correct ? "a board result is missing" : "a table is missing",
                                    error);
    }
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_steal_pointer (&event);
}

LwEvent *
lw_store_add_event_board_result (LwStore        *self,
                                 gint64          id,
                                 guint           round,
                                 guint           table,
                                 guint           board,
                                 const LwRound  *facts,
                                 GError        **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (facts != NULL, NULL);

  return write_board_result (self, id, round, table, board, facts, FALSE, error);
}

LwEvent *
lw_store_correct_event_board_result (LwStore        *self,
                                     gint64          id,
                                     guint           round,
                                     guint           table,
                                     guint           board,
                                     const LwRound  *facts,
                                     GError        **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (facts != NULL, NULL);

  return write_board_result (self, id, round, table, board, facts, TRUE, error);
}
