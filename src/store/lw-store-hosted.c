/* lw-store-hosted.c — a virtual table hosted for remote play (schema 15;
 * the tables are described in lw-store-schema.c)
 *
 * A link's secret is stored as its SHA-256 only. A plain hash, not an
 * HMAC with a key of the database's: the secret is 128 bits from the
 * system's random source (lw_entry_requests_random_secret()), so that
 * there is no dictionary to try and nothing to salt, and finding a
 * secret from its hash is a search of 2^128; a key kept in the same file
 * as the hashes would add nothing against whoever reads the file, and a
 * key kept elsewhere would be one more thing to lose on a restart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-store-private.h"
#include "lw-store-hosted.h"
#include "lw-table-seats.h"

#define HASH_LENGTH 64

void
lw_hosted_table_free (LwHostedTable *table)
{
  if (table == NULL)
    return;
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    {
      g_free (table->seats[s].kind);
      g_free (table->seats[s].link_hash);
    }
  g_free (table);
}

static gboolean
is_kind (const char *kind)
{
  return kind != NULL
         && (strcmp (kind, "remote") == 0 || strcmp (kind, "computer") == 0 || strcmp (kind, "local") == 0);
}

static gboolean
is_hash (const char *hash)
{
  if (strlen (hash) != HASH_LENGTH)
    return FALSE;
  for (const char *c = hash; *c != '\0'; c++)
    if (!g_ascii_isdigit (*c) && !(*c >= 'a' && *c <= 'f'))
      return FALSE;
  return TRUE;
}

/* Inside a transaction: whether the game has a virtual table (@table)
 * and whether it is hosted (@hosted). */
static gboolean
find (LwStore   *self,
      gint64     id,
      gboolean  *table,
      gboolean  *hosted,
      GError   **error)
{
  {
    g_autoptr (LwStoreStmt) stmt = lw_store_query_row (self, "SELECT 1 FROM virtual_tables WHERE game = ?",
                                                       id, 0, table, error);
    if (stmt == NULL)
      return FALSE;
  }
  {
    g_autoptr (LwStoreStmt) stmt = lw_store_query_row (self, "SELECT 1 FROM hosted_tables WHERE game = ?",
                                                       id, 0, hosted, error);
    return stmt != NULL;
  }
}

gboolean
lw_store_host_table (LwStore            *self,
                     gint64              id,
                     guint               n_seats,
                     const char *const  *kinds,
                     const LwBotLevel   *levels,
                     GError            **error)
{
  gboolean table = FALSE, hosted = FALSE;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (kinds != NULL && levels != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (n_seats < LW_MIN_SEATS || n_seats > LW_MAX_SEATS)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT ": a hosted table has 2 to 8 seats, not %u", id, n_seats);
      return FALSE;
    }
  for (guint s = 0; s < n_seats; s++)
    if (!is_kind (kinds[s]) || levels[s] > LW_BOT_EXPERT)
      {
        g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                     "game %" G_GINT64_FORMAT ", seat %u: \"%s\" is not remote, computer or local",
                     id, s + 1, kinds[s] != NULL ? kinds[s] : "");
        return FALSE;
      }

  if (!lw_store_begin_write (self, error))
    return FALSE;
  if (!find (self, id, &table, &hosted, error))
    return lw_store_finish (self, FALSE, error);
  if (!table)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT " is not played at the virtual table", id);
      return lw_store_finish (self, FALSE, error);
    }
  ok = hosted || lw_store_run1 (self, "INSERT INTO hosted_tables (game) VALUES (?1)", id, error);
  ok = ok && lw_store_run2 (self, "DELETE FROM hosted_seats WHERE game = ?1 AND seat >= ?2", id, n_seats, error);
  for (guint s = 0; ok && s < n_seats; s++)
    {
      g_autoptr (LwStoreStmt) stmt =
        lw_store_stmt (self,
                       "INSERT INTO hosted_seats (game, seat, kind, level) VALUES (?1, ?2, ?3, ?4)"
                       " ON CONFLICT (game, seat) DO UPDATE SET kind = excluded.kind, level = excluded.level",
                       error);

      ok = stmt != NULL
           && lw_store_bind_int (self, stmt, 1, id, error)
           && lw_store_bind_int (self, stmt, 2, s, error)
           && lw_store_bind_text (self, stmt, 3, kinds[s], error)
           && lw_store_bind_text (self, stmt, 4, lw_bot_level_to_string (levels[s]), error)
           && lw_store_step_done (self, stmt, error);
    }
  return lw_store_finish (self, ok, error);
}

LwHostedTable *
lw_store_load_hosted_table (LwStore  *self,
                            gint64    id,
                            GError  **error)
{
  g_autoptr (LwHostedTable) table = NULL;
  g_autoptr (LwStoreStmt) rows = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  {
    gboolean has_row = FALSE;
    g_autoptr (LwStoreStmt) stmt = lw_store_query_row (self, "SELECT version FROM hosted_tables WHERE game = ?",
                                                       id, 0, &has_row, error);

    if (stmt == NULL)
      return lw_store_finish (self, FALSE, error), NULL;
    if (!has_row)
      {
        g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                     "game %" G_GINT64_FORMAT ": its table is not hosted", id);
        return lw_store_finish (self, FALSE, error), NULL;
      }
    table = g_new0 (LwHostedTable, 1);
    table->game = id;
    table->version = (guint64) MAX (sqlite3_column_int64 (stmt, 0), 0);
  }
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    {
      table->seats[s].kind = g_strdup ("local");
      table->seats[s].level = LW_BOT_NORMAL;
    }
  rows = lw_store_query (self, "SELECT seat, kind, level, link_hash FROM hosted_seats WHERE game = ?1 ORDER BY seat",
                         id, 0, error);
  while (lw_store_next_row (self, rows, &ok, error))
    {
      gint64 seat = sqlite3_column_int64 (rows, 0);
      const char *level = (const char *) sqlite3_column_text (rows, 2);
      const char *hash = (const char *) sqlite3_column_text (rows, 3);

      /* The schema's checks keep seat, kind and level in range. */
      if (seat < 0 || seat >= LW_MAX_SEATS)
        continue;
      g_free (table->seats[seat].kind);
      table->seats[seat].kind = g_strdup ((const char *) sqlite3_column_text (rows, 1));
      if (!lw_bot_level_from_string (level, &table->seats[seat].level))
        table->seats[seat].level = LW_BOT_NORMAL;
      table->seats[seat].link_hash = g_strdup (hash);
      table->n_seats = MAX (table->n_seats, (guint) seat + 1);
    }
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_steal_pointer (&table);
}

gboolean
lw_store_is_table_hosted (LwStore *self,
                          gint64   id)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);

  return lw_store_has_row (self, "SELECT 1 FROM hosted_tables WHERE game = ?", id);
}

/* The version a hosted table keeps is a ceiling this far above the
 * table's: only a save that passes it writes the next one and waits for
 * the disk, the others do not (lw_store_begin_write_unsynced()); a power
 * cut that loses the latest saves cannot take the ceiling below a version
 * a seat has seen. */
#define HOSTED_VERSION_STEP 1024

gboolean
lw_store_save_hosted_round (LwStore     *self,
                            gint64       id,
                            const char  *seats,
                            guint        round_number,
                            const char  *round,
                            guint64      version,
                            GError     **error)
{
  gint64 wanted = (gint64) MIN (version, (guint64) (G_MAXINT64 - HOSTED_VERSION_STEP));
  gboolean found = FALSE;
  gboolean synced;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (seats != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* The ceiling only grows (MAX below): once read at or above @version,
   * it stays so. */
  {
    g_autoptr (LwStoreStmt) stmt = lw_store_query_row (self, "SELECT version FROM hosted_tables WHERE game = ?",
                                                       id, 0, &found, error);

    if (stmt == NULL)
      return FALSE;
    synced = found && sqlite3_column_int64 (stmt, 0) < wanted;
  }
  if (!(synced ? lw_store_begin_write (self, error) : lw_store_begin_write_unsynced (self, error)))
    return FALSE;
  /* lw_store_save_table()'s transaction nests in this one. */
  return lw_store_finish (self,
                          lw_store_save_table (self, id, seats, round_number, round, error)
                          && (!synced
                              || lw_store_run2 (self, "UPDATE hosted_tables SET version = MAX (version, ?2)"
                                                " WHERE game = ?1", id, wanted + HOSTED_VERSION_STEP, error)),
                          error);
}

gboolean
lw_store_set_seat_link_hash (LwStore     *self,
                             gint64       id,
                             guint        seat,
                             const char  *link_hash,
                             GError     **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (link_hash != NULL && !is_hash (link_hash))
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT ", seat %u: a link's hash is 64 lowercase hex digits", id, seat + 1);
      return FALSE;
    }
  if (!lw_store_begin_write (self, error))
    return FALSE;
  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self, "UPDATE hosted_seats SET link_hash = ?3 WHERE game = ?1 AND seat = ?2", error);

    if (stmt == NULL
        || !lw_store_bind_int (self, stmt, 1, id, error)
        || !lw_store_bind_int (self, stmt, 2, seat, error)
        || !lw_store_bind_text (self, stmt, 3, link_hash, error)
        || !lw_store_step_done (self, stmt, error))
      return lw_store_finish (self, FALSE, error);
  }
  if (sqlite3_changes (lw_store_get_db (self)) == 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT ", seat %u: no such seat at a hosted table", id, seat + 1);
      return lw_store_finish (self, FALSE, error);
    }
  return lw_store_finish (self, TRUE, error);
}

gboolean
lw_store_forget_hosted_table (LwStore  *self,
                              gint64    id,
                              GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  /* Its seats go with it (ON DELETE CASCADE). */
  return lw_store_finish (self, lw_store_run1 (self, "DELETE FROM hosted_tables WHERE game = ?1", id, error),
                          error);
}
