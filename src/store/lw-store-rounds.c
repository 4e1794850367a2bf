/* lw-store-rounds.c — a game's rounds: corrected, inserted and deleted
 * through the edit log, appended and removed as they are played
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-json-text.h"
#include "lw-store-private.h"

/* ------------------------------------------------------------------ */
/* The edit log                                                         */
/* ------------------------------------------------------------------ */

void
lw_logged_edit_free (LwLoggedEdit *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->kind);
  g_free (entry->old_json);
  g_free (entry->new_json);
  g_free (entry);
}

void
lw_stored_penalty_free (LwStoredPenalty *penalty)
{
  if (penalty == NULL)
    return;
  g_free (penalty->note);
  g_free (penalty);
}

/* Appends one entry to the log; inside a transaction. */
gboolean
lw_store_log_edit (LwStore     *self,
                   gint64       game_id,
                   const char  *kind,
                   guint        number,
                   const char  *old_json,
                   const char  *new_json,
                   GError     **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self,
              "INSERT INTO edits (game, at, kind, number, old, new) VALUES (?, ?, ?, ?, ?, ?)",
              error);

  return stmt != NULL
         && lw_store_bind_int (self, stmt, 1, game_id, error)
         && lw_store_bind_int (self, stmt, 2, g_get_real_time (), error)
         && lw_store_bind_text (self, stmt, 3, kind, error)
         && lw_store_bind_int (self, stmt, 4, number, error)
         && lw_store_bind_text (self, stmt, 5, old_json, error)
         && lw_store_bind_text (self, stmt, 6, new_json, error)
         && lw_store_step_done (self, stmt, error);
}

gboolean
lw_store_round_id_of (LwStore  *self,
                      gint64    game_id,
                      guint     number,
                      gint64   *round_id,
                      GError  **error)
{
  gboolean has_row = FALSE;
  g_autoptr (LwStoreStmt) stmt =
    lw_store_query_row (self, "SELECT id FROM rounds WHERE game = ? AND number = ?", game_id, number,
                        &has_row, error);

  if (stmt == NULL)
    return FALSE;
  if (!has_row)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT ": no round %u", game_id, number);
      return FALSE;
    }
  *round_id = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

/* Sets a stored penalty's note and time (NULL / 0 for none). */
gboolean
lw_store_write_penalty_note (LwStore     *self,
                             gint64       round_id,
                             guint        ordinal,
                             const char  *note,
                             gint64       time,
                             GError     **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self, "UPDATE penalties SET note = ?, noted_at = ? WHERE round = ? AND ordinal = ?",
              error);

  if (stmt == NULL || !lw_store_bind_text (self, stmt, 1, note, error)
      || !(time > 0 ? lw_store_bind_int (self, stmt, 2, time, error)
                    : lw_store_bind_null (self, stmt, 2, error)))
    return FALSE;
  return lw_store_bind_int (self, stmt, 3, round_id, error)
         && lw_store_bind_int (self, stmt, 4, ordinal, error)
         && lw_store_step_done (self, stmt, error);
}

/* One row of round_penalty_notes()'s query as a penalty; (transfer full). */
static gpointer
read_penalty_note (LwStoreStmt *stmt,
                   guint        index)
{
  LwStoredPenalty *penalty = g_new0 (LwStoredPenalty, 1);

  penalty->ordinal = (guint) sqlite3_column_int (stmt, 0);
  penalty->seat = sqlite3_column_int (stmt, 1);
  lw_penalty_kind_from_string ((const char *) sqlite3_column_text (stmt, 2), &penalty->kind);
  penalty->note = g_strdup ((const char *) sqlite3_column_text (stmt, 3));
  penalty->time = sqlite3_column_int64 (stmt, 4);
  return penalty;
}

/* The notes of one stored round's penalties, by ordinal. */
static GPtrArray *
round_penalty_notes (LwStore  *self,
                     gint64    round_id,
                     GError  **error)
{
  return lw_store_list_rows (self,
                             "SELECT ordinal, seat, kind, note, coalesce (noted_at, 0) FROM penalties"
                             " WHERE round = ? ORDER BY ordinal", round_id,
                             read_penalty_note, (GDestroyNotify) lw_stored_penalty_free, error);
}


/* The SQL text @verb @table @rest, as a string that lives as long as the
 * program (g_intern_string()), so that it can key the connection's
 * statements as SQL text with static storage does. */
static const char *
table_sql (const char *verb,
           const char *table,
           const char *rest)
{
  g_autofree char *sql = g_strconcat (verb, table, rest, NULL);

  return g_intern_string (sql);
}

gboolean
lw_store_renumber_rows (LwStore     *self,
                        const char  *table,
                        gint64       id,
                        LwEditKind   kind,
                        guint        number,
                        GError     **error)
{
  /* Two steps keep (game, number) unique at every row. */
  switch (kind)
    {
    case LW_EDIT_INSERT:
      return lw_store_run2 (self, table_sql ("UPDATE ", table, " SET number = number + 1000000"
                                             " WHERE game = ?1 AND number >= ?2"),
                            id, number, error)
             && lw_store_run2 (self, table_sql ("UPDATE ", table, " SET number = number - 999999"
                                                " WHERE game = ?1 AND number > ?2"),
                               id, 1000000, error);
    case LW_EDIT_DELETE:
      return lw_store_run2 (self, table_sql ("DELETE FROM ", table,
                                             " WHERE game = ?1 AND number = ?2"),
                            id, number, error)
             && lw_store_run2 (self, table_sql ("UPDATE ", table, " SET number = number + 1000000"
                                                " WHERE game = ?1 AND number > ?2"),
                               id, number, error)
             && lw_store_run2 (self, table_sql ("UPDATE ", table, " SET number = number - 1000001"
                                                " WHERE game = ?1 AND number > ?2"),
                               id, 1000000, error);
    case LW_EDIT_REPLACE:
    default:
      return TRUE;
    }
}

/* Writes what lw_edit_apply() worked out for game @id; inside a write
 * transaction, @game loaded in it. */
static gboolean
write_edit (LwStore             *self,
            gint64               id,
            const LwEdit        *edit,
            const LwEditResult  *result,
            GError             **error)
{
  const LwGameRecord *record = result->record;
  guint number = edit->number;

  switch (edit->kind)
    {
    case LW_EDIT_REPLACE:
      {
        g_autoptr (GPtrArray) notes = NULL;
        const LwRound *round = g_ptr_array_index (record->rounds, number - 1);
        gint64 round_id;

        /* Keep the notes of penalties that stay where they were. */
        /* Facts corrected by hand: the round's log no longer gives them. */
        if (!lw_store_round_id_of (self, id, number, &round_id, error)
            || (notes = round_penalty_notes (self, round_id, error)) == NULL
            || !lw_store_round_logs_edited (self, id, LW_EDIT_REPLACE, number, error)
            || !lw_store_run2 (self, "DELETE FROM rounds WHERE game = ?1 AND number = ?2", id, number, error)
            || !lw_store_write_round (self, id, record, number, round, &round_id, error))
          return FALSE;
        for (guint i = 0; i < notes->len; i++)
          {
            const LwStoredPenalty *old = g_ptr_array_index (notes, i);
            const LwPenalty *now;

            if (old->ordinal >= round->penalties->len || (old->note == NULL && old->time == 0))
              continue;
            now = &g_array_index (round->penalties, LwPenalty, old->ordinal);
            if (now->seat == old->seat && now->kind == old->kind
                && !lw_store_write_penalty_note (self, round_id, old->ordinal, old->note, old->time, error))
              return FALSE;
          }
        break;
      }

    case LW_EDIT_INSERT:
      if (!lw_store_renumber_rows (self, "rounds", id, LW_EDIT_INSERT, number, error)
          || !lw_store_write_round (self, id, record, number,
                            g_ptr_array_index (record->rounds, number - 1), NULL, error)
          || !lw_store_round_logs_edited (self, id, LW_EDIT_INSERT, number, error)
          || !lw_store_seat_changes_edited (self, id, LW_EDIT_INSERT, number, error)
          || !lw_store_round_locks_edited (self, id, LW_EDIT_INSERT, number, error))
        return FALSE;
      break;

    case LW_EDIT_DELETE:
    default:
      if (!lw_store_renumber_rows (self, "rounds", id, LW_EDIT_DELETE, number, error)
          || !lw_store_round_logs_edited (self, id, LW_EDIT_DELETE, number, error)
          || !lw_store_seat_changes_edited (self, id, LW_EDIT_DELETE, number, error)
          || !lw_store_round_locks_edited (self, id, LW_EDIT_DELETE, number, error))
        return FALSE;
      break;
    }

  /* Later dealer checks that follow the new rotation. */
  for (guint i = 0; i < result->dealers_rewritten->len; i++)
    {
      guint later = g_array_index (result->dealers_rewritten, guint, i);
      const LwRound *round = g_ptr_array_index (record->rounds, later - 1);

      /* A log dealt by another seat no longer gives the round. */
      if (!lw_store_run3 (self, "UPDATE rounds SET dealer = ? WHERE game = ? AND number = ?", round->dealer, id,
                          later, error)
          || !lw_store_round_logs_edited (self, id, LW_EDIT_REPLACE, later, error))
        return FALSE;
    }
  return TRUE;
}

/* What every change to a game's rounds ends with, in its transaction:
 * the result cache's row, and a finished game kept for an event's table
 * linked as the table's result (lw_store_link_finished_game()). */
gboolean
lw_store_rounds_changed (LwStore             *self,
                         gint64               id,
                         const LwGameRecord  *record,
                         const LwStandings   *standings,
                         GError             **error)
{
  return lw_store_cache_result (self, id, record, standings, error)
         && lw_store_link_finished_game (self, id, record, standings, error);
}

/* lw_store_rounds_changed() for game @id as it is now stored (after an undo);
 * nothing for a game that is not there. */
gboolean
lw_store_rounds_changed_of (LwStore  *self,
                            gint64    id,
                            GError  **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;

  if (!lw_store_find_game (self, id, &game, error))
    return FALSE;
  if (game == NULL)
    return TRUE;
  /* A game that does not replay has a row saying so, and is no table's
   * result. */
  standings = lw_standings_compute (game->record, NULL);
  return lw_store_cache_result (self, id, game->record, standings, error)
         && (standings == NULL
             || lw_store_link_finished_game (self, id, game->record, standings, error));
}

/* An edit of game @id's rounds, checked by the engine first, in its own
 * transaction (nested in one already open). Logged as @log_kind unless
 * that is NULL (an undo). */
gboolean
lw_store_edit_rounds (LwStore       *self,
                      gint64         id,
                      const LwEdit  *edit,
                      const char    *log_kind,
                      GError       **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwEditResult) result = NULL;
  g_autofree char *old_json = NULL;
  g_autofree char *new_json = NULL;

  game = lw_store_begin_game_change (self, id, error);
  if (game == NULL)
    return FALSE;
  result = lw_edit_apply (game->record, edit, error);
  if (result == NULL)
    return lw_store_finish (self, FALSE, error);

  if (edit->kind != LW_EDIT_INSERT)
    old_json = lw_round_to_json (game->record, g_ptr_array_index (game->record->rounds,
                                                                  edit->number - 1));
  if (edit->kind != LW_EDIT_DELETE)
    new_json = lw_round_to_json (result->record, g_ptr_array_index (result->record->rounds,
                                                                    edit->number - 1));

  /* An undo (no log_kind) marks its entry undone afterwards, and its
   * caller writes the result cache then. */
  return lw_store_finish (self,
                          write_edit (self, id, edit, result, error)
                          && (log_kind == NULL
                              || (lw_store_log_edit (self, id, log_kind, edit->number,
                                                     old_json, new_json, error)
                                  && lw_store_rounds_changed (self, id, result->record,
                                                              result->standings, error))),
                          error);
}

/* lw_store_replace_round(), lw_store_insert_round() and
 * lw_store_delete_round(): the edit, logged as its kind (@round %NULL for
 * a deletion). */
static gboolean
edit_rounds (LwStore        *self,
             gint64          id,
             LwEditKind      kind,
             guint           number,
             const LwRound  *round,
             GError        **error)
{
  LwEdit edit = { kind, number, round };

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (round != NULL || kind == LW_EDIT_DELETE, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return lw_store_edit_rounds (self, id, &edit, lw_edit_kind_to_string (kind), error);
}

gboolean
lw_store_replace_round (LwStore        *self,
                        gint64          id,
                        guint           number,
                        const LwRound  *round,
                        GError        **error)
{
  return edit_rounds (self, id, LW_EDIT_REPLACE, number, round, error);
}

gboolean
lw_store_insert_round (LwStore        *self,
                       gint64          id,
                       guint           number,
                       const LwRound  *round,
                       GError        **error)
{
  return edit_rounds (self, id, LW_EDIT_INSERT, number, round, error);
}

gboolean
lw_store_delete_round (LwStore  *self,
                       gint64    id,
                       guint     number,
                       GError  **error)
{
  return edit_rounds (self, id, LW_EDIT_DELETE, number, NULL, error);
}

/* One entry of the edit log, as lw_store_list_edits() selects it. */
static gpointer
read_edit (LwStoreStmt *stmt,
           guint        index)
{
  LwLoggedEdit *entry = g_new0 (LwLoggedEdit, 1);

  entry->id = sqlite3_column_int64 (stmt, 0);
  entry->game = sqlite3_column_int64 (stmt, 1);
  entry->time = sqlite3_column_int64 (stmt, 2);
  entry->kind = g_strdup ((const char *) sqlite3_column_text (stmt, 3));
  entry->number = (guint) sqlite3_column_int (stmt, 4);
  entry->old_json = g_strdup ((const char *) sqlite3_column_text (stmt, 5));
  entry->new_json = g_strdup ((const char *) sqlite3_column_text (stmt, 6));
  entry->undone = sqlite3_column_int64 (stmt, 7);
  return entry;
}

GPtrArray *
lw_store_list_edits (LwStore  *self,
                     gint64    id,
                     GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return lw_store_list_rows (self,
                             "SELECT id, game, at, kind, number, old, new, coalesce (undone_at, 0)"
                             " FROM edits WHERE game = ? ORDER BY id",
                             id, read_edit, (GDestroyNotify) lw_logged_edit_free, error);
}

/* ------------------------------------------------------------------ */
/* Appending and removing rounds as they are played                     */
/* ------------------------------------------------------------------ */

/* Gives the round's penalties the notes of the matching pending ones,
 * then clears the game's pending penalties; inside a transaction. */
static gboolean
take_pending_penalties (LwStore        *self,
                        gint64          game_id,
                        gint64          round_id,
                        const LwRound  *round,
                        GError        **error)
{
  g_autoptr (GPtrArray) pending = NULL;
  g_autofree gboolean *used = NULL;

  pending = lw_store_list_pending_penalties (self, game_id, error);
  if (pending == NULL)
    return FALSE;

  used = g_new0 (gboolean, pending->len + 1);
  for (guint i = 0; i < round->penalties->len; i++)
    {
      const LwPenalty *penalty = &g_array_index (round->penalties, LwPenalty, i);

      for (guint j = 0; j < pending->len; j++)
        {
          const LwStoredPenalty *noted = g_ptr_array_index (pending, j);

          if (used[j] || noted->seat != penalty->seat || noted->kind != penalty->kind)
            continue;
          used[j] = TRUE;
          if (!lw_store_write_penalty_note (self, round_id, i, noted->note, noted->time, error))
            return FALSE;
          break;
        }
    }

  return lw_store_run2 (self, "DELETE FROM pending_penalties WHERE game = ?1 AND ?2 = ?2",
               game_id, 0, error);
}

/* Appends @round to @record, the game @id as stored, inside the write
 * that lw_store_begin_game_change() or append_round_known() began: the
 * record replayed with it (@before %NULL: every round) or only the new
 * round scored from @before, the standings of the rounds before
 * (lw_standings_extend()); then its rows, the pending penalties' notes,
 * the edit log and the result cache written. The write stays open for the
 * caller to finish. On success the record holds the round and *@after
 * its standings; on error the record is as it was. */
static gboolean
write_appended (LwStore             *self,
                gint64               id,
                LwGameRecord        *record,
                const LwStandings   *before,
                const LwRound       *round,
                LwStandings        **after,
                GError             **error)
{
  g_autoptr (LwStandings) standings = NULL;
  g_autofree char *json = NULL;
  gint64 round_id = 0;

  g_ptr_array_add (record->rounds, lw_round_copy (round));
  if (!lw_game_record_check_size (record, error))
    goto undo;
  standings = before != NULL ? lw_standings_extend (before, record, error)
                             : lw_standings_compute (record, error);
  if (standings == NULL)
    goto undo;

  json = lw_round_to_json (record, round);
  if (!lw_store_write_round (self, id, record, record->rounds->len, round, &round_id, error)
      || !take_pending_penalties (self, id, round_id, round, error)
      || !lw_store_log_edit (self, id, "append_round", record->rounds->len, NULL, json, error)
      || !lw_store_rounds_changed (self, id, record, standings, error))
    goto undo;
  *after = g_steal_pointer (&standings);
  return TRUE;

undo:
  g_ptr_array_set_size (record->rounds, record->rounds->len - 1);
  return FALSE;
}

/* lw_store_append_round_numbered(), and lw_store_append_round_read_back()
 * when @read_back is not %NULL: the game after the write, with its
 * history attached inside the same transaction. */
static gboolean
append_round (LwStore        *self,
              gint64          id,
              const LwRound  *round,
              guint          *number,
              LwStoredGame  **read_back,
              GError        **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Hold the write lock from reading the game to storing the round, so
   * the replay checks the rounds that the new one really follows. */
  game = lw_store_begin_game_change (self, id, error);
  if (game == NULL)
    return FALSE;

  if (!lw_store_finish (self,
                        write_appended (self, id, game->record, NULL, round, &standings, error)
                        /* The seats' history and the details, as
                         * lw_store_load_game() reads them: the rounds are
                         * those just replayed and written. */
                        && (read_back == NULL || lw_store_attach_history (self, game, error)),
                        error))
    return FALSE;
  if (number != NULL)
    *number = game->record->rounds->len;
  if (read_back != NULL)
    *read_back = g_steal_pointer (&game);
  return TRUE;
}

gboolean
lw_store_append_round_known (LwStore        *self,
                             gint64          id,
                             gint64         *version,
                             LwGameRecord   *record,
                             LwStandings   **standings,
                             const LwRound  *round,
                             GError        **error)
{
  g_autoptr (LwStandings) after = NULL;
  gint64 now = 0;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (version != NULL && record != NULL, FALSE);
  g_return_val_if_fail (standings != NULL && *standings != NULL, FALSE);
  g_return_val_if_fail ((*standings)->rounds->len == record->rounds->len, FALSE);
  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* The version is checked under the write lock: the record held is the
   * game as stored only while no one has changed the game since. */
  if (!lw_store_begin_write (self, error))
    return FALSE;
  if (!lw_store_get_game_version (self, id, &now, error))
    return lw_store_finish (self, FALSE, error);
  if (now != *version)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_CHANGED,
                   "game %" G_GINT64_FORMAT " changed: it is at version %" G_GINT64_FORMAT
                   ", not %" G_GINT64_FORMAT, id, now, *version);
      return lw_store_finish (self, FALSE, error);
    }
  /* A game held from another club laptop is read-only here. */
  if (!lw_store_club_check_writable (self, id, error))
    return lw_store_finish (self, FALSE, error);
  ok = write_appended (self, id, record, *standings, round, &after, error);
  /* The version the edit log's triggers have just given the game. */
  if (ok && !lw_store_get_game_version (self, id, &now, error))
    {
      g_ptr_array_set_size (record->rounds, record->rounds->len - 1);
      ok = FALSE;
    }
  if (!lw_store_finish (self, ok, error))
    {
      /* A failed commit has rolled the round back: so does the record. */
      if (ok)
        g_ptr_array_set_size (record->rounds, record->rounds->len - 1);
      return FALSE;
    }
  *version = now;
  lw_standings_free (*standings);
  *standings = g_steal_pointer (&after);
  return TRUE;
}

gboolean
lw_store_append_round_numbered (LwStore        *self,
                                gint64          id,
                                const LwRound  *round,
                                guint          *number,
                                GError        **error)
{
  return append_round (self, id, round, number, NULL, error);
}

gboolean
lw_store_append_round (LwStore        *self,
                       gint64          id,
                       const LwRound  *round,
                       GError        **error)
{
  return append_round (self, id, round, NULL, NULL, error);
}

gboolean
lw_store_append_round_read_back (LwStore        *self,
                                 gint64          id,
                                 const LwRound  *round,
                                 LwStoredGame  **game,
                                 GError        **error)
{
  g_return_val_if_fail (game != NULL && *game == NULL, FALSE);

  return append_round (self, id, round, NULL, game, error);
}

gboolean
lw_store_remove_last_round (LwStore  *self,
                            gint64    id,
                            GError  **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  guint last;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  game = lw_store_begin_game_change (self, id, error);
  if (game == NULL)
    return FALSE;
  last = game->record->rounds->len;
  if (last == 0)
    return lw_store_finish (self, TRUE, error);

  {
    /* The round's seats and penalties go with it (ON DELETE CASCADE); a
     * virtual table's log is kept with this change, for its Undo. */
    static const char *const deletions[] = {
      "INSERT INTO taken_back_logs (edit, log) SELECT last_insert_rowid (), log"
      " FROM virtual_round_logs WHERE game = ?1 AND number = ?2",
      "DELETE FROM rounds WHERE game = ?1 AND number = ?2",
      "DELETE FROM virtual_round_logs WHERE game = ?1 AND number = ?2",
      "DELETE FROM round_locks WHERE game = ?1 AND number = ?2",
    };
    g_autofree char *json =
      lw_round_to_json (game->record, g_ptr_array_index (game->record->rounds, last - 1));

    /* The entry first: the log is kept under its ID (last_insert_rowid). */
    gboolean ok = lw_store_log_edit (self, id, "delete_round", last, json, NULL, error);

    for (guint i = 0; ok && i < G_N_ELEMENTS (deletions); i++)
      ok = lw_store_run2 (self, deletions[i], id, last, error);
    g_ptr_array_set_size (game->record->rounds, last - 1);
    return lw_store_finish (self,
                            ok && lw_store_cache_result (self, id, game->record, NULL, error),
                            error);
  }
}
