/* lw-store-table.c — games played at the virtual table (schema 5; the
 * table is described in lw-store.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-store-private.h"
#include "lw-store-table.h"

typedef sqlite3_stmt LwTableStmt;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwTableStmt, lw_store_stmt_release)

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
check_rc (LwStore  *self,
          int       rc,
          GError  **error)
{
  return rc == SQLITE_OK || lw_store_fail (self, rc, error);
}

static gboolean
game_exists (LwStore   *self,
             gint64     id,
             gboolean  *found,
             GError   **error)
{
  g_autoptr (LwTableStmt) stmt = lw_store_stmt (self, "SELECT 1 FROM games WHERE id = ?", error);

  return stmt != NULL
         && check_rc (self, sqlite3_bind_int64 (stmt, 1, id), error)
         && lw_store_step_row (self, stmt, found, error);
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

  if (!lw_store_begin_write (self, error))
    return FALSE;
  if (!game_exists (self, id, &found, error))
    goto fail;
  if (!found)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "no game with ID %" G_GINT64_FORMAT, id);
      goto fail;
    }
  {
    g_autoptr (LwTableStmt) stmt =
      lw_store_stmt (self,
                     "INSERT OR REPLACE INTO virtual_tables (game, seats, round_number, round, saved_at)"
                     " VALUES (?, ?, ?, ?, ?)", error);

    if (stmt == NULL
        || !check_rc (self, sqlite3_bind_int64 (stmt, 1, id), error)
        || !check_rc (self, sqlite3_bind_text (stmt, 2, seats, -1, SQLITE_TRANSIENT), error)
        || !check_rc (self, sqlite3_bind_int64 (stmt, 3, round != NULL ? round_number : 0), error)
        || !check_rc (self, round != NULL ? sqlite3_bind_text (stmt, 4, round, -1, SQLITE_TRANSIENT)
                                          : sqlite3_bind_null (stmt, 4), error)
        || !check_rc (self, sqlite3_bind_int64 (stmt, 5, g_get_real_time () / G_USEC_PER_SEC), error)
        || !lw_store_step_done (self, stmt, error))
      goto fail;
  }
  return lw_store_commit (self, error);

fail:
  lw_store_rollback (self);
  return FALSE;
}

LwStoredTable *
lw_store_load_table (LwStore  *self,
                     gint64    id,
                     GError  **error)
{
  g_autoptr (LwTableStmt) stmt = NULL;
  g_autoptr (LwStoredTable) table = NULL;
  gboolean has_row = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stmt = lw_store_stmt (self,
                        "SELECT seats, round_number, round, saved_at FROM virtual_tables WHERE game = ?",
                        error);
  if (stmt == NULL
      || !check_rc (self, sqlite3_bind_int64 (stmt, 1, id), error)
      || !lw_store_step_row (self, stmt, &has_row, error))
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
lw_store_has_table (LwStore *self,
                    gint64   id)
{
  g_autoptr (LwTableStmt) stmt = NULL;
  gboolean has_row = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);

  stmt = lw_store_stmt (self, "SELECT 1 FROM virtual_tables WHERE game = ?", NULL);
  return stmt != NULL
         && sqlite3_bind_int64 (stmt, 1, id) == SQLITE_OK
         && lw_store_step_row (self, stmt, &has_row, NULL)
         && has_row;
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
  {
    g_autoptr (LwTableStmt) stmt =
      lw_store_stmt (self, "DELETE FROM virtual_tables WHERE game = ?", error);

    if (stmt == NULL
        || !check_rc (self, sqlite3_bind_int64 (stmt, 1, id), error)
        || !lw_store_step_done (self, stmt, error))
      {
        lw_store_rollback (self);
        return FALSE;
      }
  }
  return lw_store_commit (self, error);
}
