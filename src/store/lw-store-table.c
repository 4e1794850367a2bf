/* lw-store-table.c — games played at the virtual table (schema 5) and the
 * logs of their finished rounds (schema 6; the tables are described in
 * lw-store-schema.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-store-private.h"
#include "lw-store-table.h"
#include "lw-table.h"

void
lw_stored_table_free (LwStoredTable *table)
{
  if (table == NULL)
    return;
  g_free (table->seats);
  g_free (table->round);
  g_free (table);
}

static gboolean
game_exists (LwStore   *self,
             gint64     id,
             gboolean  *found,
             GError   **error)
{
  g_autoptr (LwStoreStmt) stmt = lw_store_query_row (self, "SELECT 1 FROM games WHERE id = ?", id, 0,
                                                     found, error);

  return stmt != NULL;
}

gboolean
lw_store_save_table (LwStore     *self,
                     gint64       id,
                     const char  *seats,
                     guint        round_number,
                     const char  *round,
                     GError     **error)
{
  gboolean found = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (seats != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (round != NULL && round_number == 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT ": a round in progress needs its round number", id);
      return FALSE;
    }

  /* A round in progress, saved after every play: lost to a power cut at
   * worst, never to a crash of the program. */
  if (!lw_store_begin_write_unsynced (self, error))
    return FALSE;
  if (!game_exists (self, id, &found, error))
    return lw_store_finish (self, FALSE, error);
  if (!found)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "no game with ID %" G_GINT64_FORMAT, id);
      return lw_store_finish (self, FALSE, error);
    }
  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self,
                     "INSERT OR REPLACE INTO virtual_tables (game, seats, round_number, round, saved_at)"
                     " VALUES (?, ?, ?, ?, ?)", error);

    if (stmt == NULL
        || !lw_store_bind_int (self, stmt, 1, id, error)
        || !lw_store_bind_text (self, stmt, 2, seats, error)
        || !lw_store_bind_int (self, stmt, 3, round != NULL ? round_number : 0, error)
        || !lw_store_bind_text (self, stmt, 4, round, error)
        || !lw_store_bind_int (self, stmt, 5, g_get_real_time () / G_USEC_PER_SEC, error)
        || !lw_store_step_done (self, stmt, error))
      return lw_store_finish (self, FALSE, error);
  }
  return lw_store_finish (self, TRUE, error);
}

LwStoredTable *
lw_store_load_table (LwStore  *self,
                     gint64    id,
                     GError  **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  g_autoptr (LwStoredTable) table = NULL;
  gboolean has_row = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stmt = lw_store_query_row (self,
                             "SELECT seats, round_number, round, saved_at FROM virtual_tables WHERE game = ?",
                             id, 0, &has_row, error);
  if (stmt == NULL)
    return NULL;
  if (!has_row)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT " is not played at the virtual table", id);
      return NULL;
    }

  table = g_new0 (LwStoredTable, 1);
  table->game = id;
  table->seats = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  table->round_number = (guint) CLAMP (sqlite3_column_int64 (stmt, 1), 0, G_MAXINT);
  if (sqlite3_column_type (stmt, 2) != SQLITE_NULL)
    table->round = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
  table->saved_at = sqlite3_column_int64 (stmt, 3);
  if (table->round == NULL)
    table->round_number = 0;
  return g_steal_pointer (&table);
}

gboolean
lw_store_has_row (LwStore     *self,
                  const char  *sql,
                  gint64       id)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean has_row = FALSE;

  stmt = lw_store_query_row (self, sql, id, 0, &has_row, NULL);
  return stmt != NULL && has_row;
}

gboolean
lw_store_has_table (LwStore *self,
                    gint64   id)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);

  return lw_store_has_row (self, "SELECT 1 FROM virtual_tables WHERE game = ?", id);
}

gboolean
lw_store_remove_table (LwStore  *self,
                       gint64    id,
                       GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  /* A hosted table's links are forgotten with it (lw-store-hosted.c). */
  if (!lw_store_run1 (self, "DELETE FROM virtual_tables WHERE game = ?", id, error)
      || !lw_store_run1 (self, "DELETE FROM hosted_tables WHERE game = ?1", id, error))
    {
      lw_store_rollback (self);
      return FALSE;
    }
  return lw_store_commit (self, error);
}

/* ------------------------------------------------------------------ */
/* The logs of finished rounds                                          */
/* ------------------------------------------------------------------ */

/* A log is kept only when it replays to a finished round. */
static gboolean
check_log (gint64       id,
           const char  *log_json,
           GError     **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (LwTable) table = lw_table_from_json (log_json, -1, &local);

  if (table == NULL)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT ": the round's log cannot be replayed: %s",
                   id, local->message);
      return FALSE;
    }
  if (lw_table_get_phase (table) != LW_PHASE_END)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT ": the round's log is of a round not played to its end", id);
      return FALSE;
    }
  return TRUE;
}

/* Inside a write transaction. */
static gboolean
insert_log (LwStore     *self,
            gint64       id,
            guint        number,
            const char  *log_json,
            GError     **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self, "INSERT OR REPLACE INTO virtual_round_logs (game, number, log) VALUES (?, ?, ?)",
                   error);

  return stmt != NULL
         && lw_store_bind_int (self, stmt, 1, id, error)
         && lw_store_bind_int (self, stmt, 2, number, error)
         && lw_store_bind_text (self, stmt, 3, log_json, error)
         && lw_store_step_done (self, stmt, error);
}

/* lw_store_append_virtual_round(), and the game after the write in
 * *@read_back (lw_store_append_round_read_back()) when that is not %NULL. */
static gboolean
append_virtual_round (LwStore        *self,
                      gint64          id,
                      const LwRound  *round,
                      const char     *log_json,
                      guint          *number,
                      LwStoredGame  **read_back,
                      GError        **error)
{
  g_autoptr (LwStoredGame) game = NULL;

  if (!check_log (id, log_json, error) || !lw_store_begin_write (self, error))
    return FALSE;
  if (!lw_store_finish (self,
                        lw_store_append_round_read_back (self, id, round, &game, error)
                        && insert_log (self, id, game->record->rounds->len, log_json, error),
                        error))
    return FALSE;
  if (number != NULL)
    *number = game->record->rounds->len;
  if (read_back != NULL)
    *read_back = g_steal_pointer (&game);
  return TRUE;
}

gboolean
lw_store_append_virtual_round (LwStore        *self,
                               gint64          id,
                               const LwRound  *round,
                               const char     *log_json,
                               guint          *number,
                               GError        **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (log_json != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return append_virtual_round (self, id, round, log_json, number, NULL, error);
}

gboolean
lw_store_add_round_log (LwStore     *self,
                        gint64       id,
                        guint        number,
                        const char  *log_json,
                        GError     **error)
{
  gboolean found = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (log_json != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_log (id, log_json, error) || !lw_store_begin_write (self, error))
    return FALSE;
  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_query_row (self, "SELECT 1 FROM rounds WHERE game = ? AND number = ?", id, number,
                          &found, error);

    if (stmt == NULL)
      return lw_store_finish (self, FALSE, error);
  }
  if (!found)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT ": no round %u", id, number);
      return lw_store_finish (self, FALSE, error);
    }
  return lw_store_finish (self, insert_log (self, id, number, log_json, error), error);
}

char *
lw_store_load_round_log (LwStore  *self,
                         gint64    id,
                         guint     number,
                         GError  **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean has_row = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stmt = lw_store_query_row (self, "SELECT log FROM virtual_round_logs WHERE game = ? AND number = ?",
                             id, number, &has_row, error);
  if (stmt == NULL)
    return NULL;
  if (!has_row)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT ": round %u was not played at the virtual table"
                   " (or was corrected since)", id, number);
      return NULL;
    }
  return g_strdup ((const char *) sqlite3_column_text (stmt, 0));
}

gboolean
lw_store_has_round_log (LwStore *self,
                        gint64   id,
                        guint    number)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean has_row = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);

  stmt = lw_store_query_row (self, "SELECT 1 FROM virtual_round_logs WHERE game = ? AND number = ?",
                             id, number, &has_row, NULL);
  return stmt != NULL && has_row;
}

gboolean
lw_store_round_logs_edited (LwStore     *self,
                            gint64       id,
                            LwEditKind   kind,
                            guint        number,
                            GError     **error)
{
  /* A corrected or deleted round's log no longer gives it; the later
   * ones are renumbered with the rounds. */
  if (kind == LW_EDIT_REPLACE)
    return lw_store_run2 (self, "DELETE FROM virtual_round_logs WHERE game = ?1 AND number = ?2",
                          id, number, error);
  return lw_store_renumber_rows (self, "virtual_round_logs", id, kind, number, error);
}

gboolean
lw_store_reload_game (LwStore        *self,
                      gint64          id,
                      LwGameRecord  **record,
                      LwStandings   **standings,
                      GError        **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) now = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (record != NULL && standings != NULL, FALSE);

  game = lw_store_load_game (self, id, error);
  if (game == NULL)
    return FALSE;
  now = lw_standings_compute (game->record, error);
  if (now == NULL)
    return FALSE;
  g_clear_pointer (record, lw_game_record_free);
  g_clear_pointer (standings, lw_standings_free);
  *record = g_steal_pointer (&game->record);
  *standings = g_steal_pointer (&now);
  return TRUE;
}

gboolean
lw_store_finish_virtual_round (LwStore        *self,
                               gint64          id,
                               const LwTable  *table,
                               const char     *seats,
                               LwGameRecord  **record,
                               LwStandings   **standings,
                               GError        **error)
{
  g_autoptr (LwRound) round = lw_round_new ();
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) now = NULL;
  g_autofree char *log = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (table != NULL && seats != NULL, FALSE);
  g_return_val_if_fail (record != NULL && *record != NULL && standings != NULL, FALSE);

  lw_table_round_facts (table, (*record)->n_teams > 0 ? (*record)->team_of : NULL, round);
  log = lw_table_to_json (table);
  /* The round and its log, kept for a replay, in one transaction, and the
   * game as that transaction leaves it (not read again). */
  if (!append_virtual_round (self, id, round, log, NULL, &game, error))
    return FALSE;
  /* Only the new round scored, unless another program has changed the
   * game since @record was read. */
  now = lw_game_record_extends (game->record, *record) ? lw_standings_extend (*standings, game->record, error)
                                                        : lw_standings_compute (game->record, error);
  if (now == NULL)
    return FALSE;
  g_clear_pointer (record, lw_game_record_free);
  g_clear_pointer (standings, lw_standings_free);
  *record = g_steal_pointer (&game->record);
  *standings = g_steal_pointer (&now);
  /* The game is over (SCORING R23, R24): its table goes; else the seats
   * stay for the next deal. */
  if ((*standings)->finished)
    return lw_store_remove_table (self, id, error);
  return lw_store_save_table (self, id, seats, 0, NULL, error);
}
