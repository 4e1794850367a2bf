/* lw-store-penalties.c — penalties noted as they happen, before their
 * round is stored, and the notes of stored ones
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-json-text.h"
#include "lw-store-private.h"

/* ------------------------------------------------------------------ */
/* Penalties noted as they happen                                       */
/* ------------------------------------------------------------------ */

gint64
lw_store_add_pending_penalty (LwStore        *self,
                              gint64          id,
                              int             seat,
                              LwPenaltyKind   kind,
                              const char     *note,
                              GError        **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autofree char *clean = NULL;
  gint64 penalty_id = 0;

  g_return_val_if_fail (LW_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  /* docs/rules/GAME-RECORD.md "Names": notes */
  if (note != NULL && (note = clean = lw_notes_normalize (note, "the penalty's note", error)) == NULL)
    return 0;
  game = lw_store_begin_game_change (self, id, error);
  if (game == NULL)
    return 0;
  if (game->record->ruleset != LW_RULESET_LITTLE_WOLF)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT ": Garwolf has no in-round penalties", id);
      goto failed;
    }
  if (seat < 0 || seat >= (int) game->record->n_players)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "seat %d: the game has %u seats", seat, game->record->n_players);
      goto failed;
    }

  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self, "INSERT INTO pending_penalties (game, seat, kind, note, noted_at)"
                      " VALUES (?, ?, ?, ?, ?)", error);

    if (stmt == NULL
        || !lw_store_bind_int (self, stmt, 1, id, error)
        || !lw_store_bind_int (self, stmt, 2, seat, error)
        || !lw_store_bind_text (self, stmt, 3, lw_penalty_kind_to_string (kind), error)
        || !lw_store_bind_text (self, stmt, 4, note, error)
        || !lw_store_bind_int (self, stmt, 5, g_get_real_time () / G_USEC_PER_SEC, error)
        || !lw_store_step_done (self, stmt, error))
      goto failed;
    penalty_id = sqlite3_last_insert_rowid (self->db);
  }
  return lw_store_finish (self, TRUE, error) ? penalty_id : 0;

failed:
  lw_store_finish (self, FALSE, error);
  return 0;
}

/* A penalty as both lists select it: its pending ID (0 for a stored one),
 * round (0 for a pending one), ordinal (NULL for a pending one: its place
 * in the list, @index), seat, kind, note and time. */
static gpointer
read_penalty (LwStoreStmt *stmt,
              guint        index)
{
  LwStoredPenalty *penalty = g_new0 (LwStoredPenalty, 1);

  penalty->id = sqlite3_column_int64 (stmt, 0);
  penalty->round = (guint) sqlite3_column_int (stmt, 1);
  penalty->ordinal = sqlite3_column_type (stmt, 2) == SQLITE_NULL
                     ? index : (guint) sqlite3_column_int (stmt, 2);
  penalty->seat = sqlite3_column_int (stmt, 3);
  lw_penalty_kind_from_string ((const char *) sqlite3_column_text (stmt, 4), &penalty->kind);
  penalty->note = g_strdup ((const char *) sqlite3_column_text (stmt, 5));
  penalty->time = sqlite3_column_int64 (stmt, 6);
  return penalty;
}

GPtrArray *
lw_store_list_pending_penalties (LwStore  *self,
                                 gint64    id,
                                 GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return lw_store_list_rows (self,
                             "SELECT id, 0, NULL, seat, kind, note, noted_at FROM pending_penalties"
                             " WHERE game = ? ORDER BY id",
                             id, read_penalty, (GDestroyNotify) lw_stored_penalty_free, error);
}

gboolean
lw_store_remove_pending_penalty (LwStore  *self,
                                 gint64    penalty_id,
                                 GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  if (!lw_store_run2 (self, "DELETE FROM pending_penalties WHERE id = ?1 AND ?2 = ?2", penalty_id, 0, error))
    return lw_store_finish (self, FALSE, error);
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "no pending penalty with ID %" G_GINT64_FORMAT, penalty_id);
      return lw_store_finish (self, FALSE, error);
    }
  return lw_store_finish (self, TRUE, error);
}

GPtrArray *
lw_store_list_penalties (LwStore  *self,
                         gint64    id,
                         GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return lw_store_list_rows (self,
                             "SELECT 0, r.number, p.ordinal, p.seat, p.kind, p.note,"
                             " coalesce (p.noted_at, 0)"
                             " FROM penalties AS p JOIN rounds AS r ON r.id = p.round"
                             " WHERE r.game = ? ORDER BY r.number, p.ordinal",
                             id, read_penalty, (GDestroyNotify) lw_stored_penalty_free, error);
}

gboolean
lw_store_set_penalty_note (LwStore     *self,
                           gint64       id,
                           guint        round,
                           guint        ordinal,
                           const char  *note,
                           GError     **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* docs/rules/GAME-RECORD.md "Names": notes */
  if (note != NULL && (note = clean = lw_notes_normalize (note, "the penalty's note", error)) == NULL)
    return FALSE;
  if (!lw_store_begin_write (self, error))
    return FALSE;
  stmt = lw_store_stmt (self, "UPDATE penalties SET note = ? WHERE ordinal = ? AND round ="
                         " (SELECT id FROM rounds WHERE game = ? AND number = ?)", error);
  if (stmt == NULL
      || !lw_store_bind_text (self, stmt, 1, note, error)
      || !lw_store_bind_int (self, stmt, 2, ordinal, error)
      || !lw_store_bind_int (self, stmt, 3, id, error)
      || !lw_store_bind_int (self, stmt, 4, round, error)
      || !lw_store_step_done (self, stmt, error))
    return lw_store_finish (self, FALSE, error);
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT ", round %u: no penalty %u", id, round, ordinal + 1);
      return lw_store_finish (self, FALSE, error);
    }
  g_clear_pointer (&stmt, lw_store_stmt_release);
  return lw_store_finish (self, TRUE, error);
}
