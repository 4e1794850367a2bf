/* lw-store-locks.c — the rounds a director has locked against table
 * entry from a phone (round_locks), the game's version, and a round
 * entered from a phone stored under both checks (schema 6)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <sqlite3.h>

#include "lw-store-private.h"

static gboolean
count_rounds (LwStore   *self,
              gint64     id,
              gboolean  *game_found,
              gint64    *n_rounds,
              GError   **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self,
                   "SELECT (SELECT count(*) FROM rounds WHERE game = ?1)"
                   " FROM games WHERE id = ?1", error);

  if (stmt == NULL
      || !lw_store_bind_int (self, stmt, 1, id, error)
      || !lw_store_step_row (self, stmt, game_found, error))
    return FALSE;
  *n_rounds = *game_found ? sqlite3_column_int64 (stmt, 0) : 0;
  return TRUE;
}

gboolean
lw_store_set_round_locked (LwStore   *self,
                           gint64     id,
                           guint      number,
                           gboolean   locked,
                           GError   **error)
{
  gboolean found = FALSE, ok;
  gint64 n_rounds = 0;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  if (!count_rounds (self, id, &found, &n_rounds, error))
    return lw_store_finish (self, FALSE, error);
  if (!found)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "no game with ID %" G_GINT64_FORMAT, id);
      return lw_store_finish (self, FALSE, error);
    }
  if (locked && (number < 1 || number > n_rounds))
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT " has no round %u", id, number);
      return lw_store_finish (self, FALSE, error);
    }
  if (locked)
    ok = lw_store_run3 (self, "INSERT OR IGNORE INTO round_locks (game, number, locked_at) VALUES (?, ?, ?)",
                        id, number, g_get_real_time () / G_USEC_PER_SEC, error);
  else
    ok = lw_store_run2 (self, "DELETE FROM round_locks WHERE game = ? AND number = ?", id, number, error);
  return lw_store_finish (self, ok, error);
}

GArray *
lw_store_list_locked_rounds (LwStore  *self,
                             gint64    id,
                             GError  **error)
{
  g_autoptr (GArray) stored = g_array_new (FALSE, FALSE, sizeof (gint64));
  GArray *numbers;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_read_ids (self, "SELECT number FROM round_locks WHERE game = ? ORDER BY number",
                          id, stored, error))
    return NULL;
  numbers = g_array_sized_new (FALSE, FALSE, sizeof (guint), stored->len);
  for (guint i = 0; i < stored->len; i++)
    {
      guint number = (guint) CLAMP (g_array_index (stored, gint64, i), 1, G_MAXINT);

      g_array_append_val (numbers, number);
    }
  return numbers;
}

gboolean
lw_store_is_round_locked (LwStore   *self,
                          gint64     id,
                          guint      number,
                          gboolean  *locked,
                          GError   **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (locked != NULL, FALSE);

  *locked = FALSE;
  stmt = lw_store_stmt (self, "SELECT 1 FROM round_locks WHERE game = ? AND number = ?", error);
  return stmt != NULL
         && lw_store_bind_int (self, stmt, 1, id, error)
         && lw_store_bind_int (self, stmt, 2, number, error)
         && lw_store_step_row (self, stmt, locked, error);
}

gboolean
lw_store_get_game_version (LwStore  *self,
                           gint64    id,
                           gint64   *version,
                           GError  **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean found = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (version != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  stmt = lw_store_stmt (self, "SELECT version FROM games WHERE id = ?", error);
  if (stmt == NULL
      || !lw_store_bind_int (self, stmt, 1, id, error)
      || !lw_store_step_row (self, stmt, &found, error))
    return FALSE;
  if (!found)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "no game with ID %" G_GINT64_FORMAT, id);
      return FALSE;
    }
  *version = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

gboolean
lw_store_store_entered_round (LwStore        *self,
                              gint64          id,
                              guint           number,
                              gboolean        correction,
                              gint64          version,
                              const LwRound  *round,
                              GError        **error)
{
  gint64 now = 0;
  gboolean locked = FALSE;
  guint stored = 0;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* The checks and the write under one write lock: another program's
   * change between them would otherwise be written over or doubled. */
  if (!lw_store_begin_write (self, error))
    return FALSE;
  if (!lw_store_get_game_version (self, id, &now, error))
    return lw_store_finish (self, FALSE, error);
  if (now != version)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_CHANGED,
                   "game %" G_GINT64_FORMAT " changed: it is at version %" G_GINT64_FORMAT
                   ", not %" G_GINT64_FORMAT, id, now, version);
      return lw_store_finish (self, FALSE, error);
    }
  if (correction)
    {
      if (!lw_store_is_round_locked (self, id, number, &locked, error))
        return lw_store_finish (self, FALSE, error);
      if (locked)
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_LOCKED,
                       "round %u of game %" G_GINT64_FORMAT " is locked by the director", number, id);
          return lw_store_finish (self, FALSE, error);
        }
      if (!lw_store_replace_round (self, id, number, round, error))
        return lw_store_finish (self, FALSE, error);
    }
  else
    {
      if (!lw_store_append_round_numbered (self, id, round, &stored, error))
        return lw_store_finish (self, FALSE, error);
      if (stored != number)
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_CHANGED,
                       "game %" G_GINT64_FORMAT ": round %u would be stored as round %u", id, number, stored);
          return lw_store_finish (self, FALSE, error);
        }
    }
  return lw_store_finish (self, TRUE, error);
}

gboolean
lw_store_round_locks_edited (LwStore     *self,
                             gint64       id,
                             LwEditKind   kind,
                             guint        number,
                             GError     **error)
{
  /* A director's lock stays with its round, or goes with it. */
  return lw_store_renumber_rows (self, "round_locks", id, kind, number, error);
}
