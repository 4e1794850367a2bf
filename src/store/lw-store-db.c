/* lw-store-db.c — the connection's statements, errors and nestable
 * transactions: the one statement type (LwStoreStmt, from the cache of
 * prepared statements) and the one way to bind and step it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <time.h>

#include "lw-store-private.h"

/* How long the quick check that names a malformed file's damage may take
 * (lw_store_check_damage()). */
#define LW_STORE_DAMAGE_CHECK_MS 500

G_DEFINE_QUARK (lw-store-error-quark, lw_store_error)

/* ------------------------------------------------------------------ */
/* Errors                                                               */
/* ------------------------------------------------------------------ */

LwStoreError
lw_store_error_code_for (int rc)
{
  switch (rc & 0xff)
    {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return LW_STORE_ERROR_BUSY;
    case SQLITE_FULL:
      return LW_STORE_ERROR_FULL;
    case SQLITE_NOTADB:
      return LW_STORE_ERROR_NOT_A_DATABASE;
    case SQLITE_CORRUPT:
      return LW_STORE_ERROR_DAMAGED;
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
      return LW_STORE_ERROR_OPEN;
    default:
      return LW_STORE_ERROR_FAILED;
    }
}

/* Sets @error from SQLite result @rc, naming the database file. */
void
lw_store_set_sqlite_error (GError     **error,
                           const char  *path,
                           sqlite3     *db,
                           int          rc)
{
  LwStoreError code = lw_store_error_code_for (rc);
  const char *detail = db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc);

  /* sqlite3_errmsg() describes the last failed call on the connection;
   * when that is not @rc (e.g. a failed COMMIT after a reset), say @rc. */
  if (db != NULL && sqlite3_extended_errcode (db) != rc)
    detail = sqlite3_errstr (rc);

  switch (code)
    {
    case LW_STORE_ERROR_BUSY:
      g_set_error (error, LW_STORE_ERROR, code,
                   "%s: the database is in use by another program (%s)", path, detail);
      break;
    case LW_STORE_ERROR_FULL:
      g_set_error (error, LW_STORE_ERROR, code,
                   "%s: the disk is full (%s)", path, detail);
      break;
    case LW_STORE_ERROR_NOT_A_DATABASE:
      g_set_error (error, LW_STORE_ERROR, code,
                   "%s: not a Little Wolf database, or damaged (%s)", path, detail);
      break;
    case LW_STORE_ERROR_DAMAGED:
      g_set_error (error, LW_STORE_ERROR, code,
                   "the database %s is damaged: restore a backup (%s)", path, detail);
      break;
    case LW_STORE_ERROR_OPEN:
      g_set_error (error, LW_STORE_ERROR, code,
                   "%s: cannot open the database (%s)", path, detail);
      break;
    case LW_STORE_ERROR_NEWER_VERSION:
    case LW_STORE_ERROR_NOT_FOUND:
    case LW_STORE_ERROR_FAILED:
    default:
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_FAILED,
                   "%s: %s", path, detail);
      break;
    }
}

static gboolean check_damage (LwStore  *self,
                              gint64    budget_ms,
                              GError  **error);
static void take_background_check (LwStore *self);

gboolean
lw_store_fail (LwStore  *self,
               int       rc,
               GError  **error)
{
  /* A malformed file: the quick check says where, and nothing more is
   * written to it. */
  if ((rc & 0xff) == SQLITE_CORRUPT && !self->damaged)
    {
      g_autoptr (GError) damage = NULL;

      self->damaged = TRUE;
      if (!check_damage (self, LW_STORE_DAMAGE_CHECK_MS, &damage)
          && damage->code == LW_STORE_ERROR_DAMAGED)
        {
          g_propagate_error (error, g_steal_pointer (&damage));
          return FALSE;
        }
    }
  lw_store_set_sqlite_error (error, self->path, self->db, rc);
  return FALSE;
}

static void
set_damaged (LwStore     *self,
             const char  *detail,
             GError     **error)
{
  self->damaged = TRUE;
  g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_DAMAGED,
               "the database %s is damaged: restore a backup (%s)", self->path, detail);
}

/* Interrupts a statement once the monotonic time passes *@deadline. */
static int
past_deadline (void *deadline)
{
  return g_get_monotonic_time () > *(gint64 *) deadline;
}

/* The CPU time of the calling thread, in microseconds. */
static gint64
thread_cpu_time (void)
{
  struct timespec now;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now) != 0)
    return g_get_monotonic_time ();
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

/* Interrupts a statement once the thread's CPU time passes *@deadline. */
static int
past_cpu_deadline (void *deadline)
{
  return thread_cpu_time () > *(gint64 *) deadline;
}

/* PRAGMA quick_check on @db (the file @path), its first finding only; on
 * its own statement (not the cache: the check runs while a failed
 * statement may be open). With @budget_ms > 0 the check stops after about
 * that long (of the thread's CPU with @cpu_budget, so that a check on a
 * thread of its own checks as much on a busy machine; else of the
 * clock), and what it has not reached by then counts as sound. A finding
 * is %LW_STORE_ERROR_DAMAGED; touches nothing but @db, so that it may run
 * on a thread of its own with its own connection. */
static gboolean
quick_check (sqlite3     *db,
             const char  *path,
             gint64       budget_ms,
             gboolean     cpu_budget,
             GError     **error)
{
  g_autofree char *finding = NULL;
  gint64 deadline = (cpu_budget ? thread_cpu_time () : g_get_monotonic_time ()) + budget_ms * 1000;
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (db, "PRAGMA quick_check (1)", -1, &stmt, NULL);

  if (budget_ms > 0)
    sqlite3_progress_handler (db, 1000, cpu_budget ? past_cpu_deadline : past_deadline, &deadline);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  sqlite3_progress_handler (db, 0, NULL, NULL);
  if (rc == SQLITE_INTERRUPT)
    {
      sqlite3_finalize (stmt);
      return TRUE;
    }
  if (rc == SQLITE_ROW)
    {
      const char *text = (const char *) sqlite3_column_text (stmt, 0);
      const char *prefix = "*** in database main ***";

      if (text != NULL && g_str_has_prefix (text, prefix))
        text += strlen (prefix);
      finding = g_strdup (text != NULL ? text : "");
      g_strdelimit (finding, "\r\n", ' ');
      g_strstrip (finding);
      rc = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_OK && (rc & 0xff) != SQLITE_CORRUPT && (rc & 0xff) != SQLITE_NOTADB)
    {
      lw_store_set_sqlite_error (error, path, db, rc);
      return FALSE;
    }
  if (rc != SQLITE_OK || g_strcmp0 (finding, "ok") != 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_DAMAGED,
                   "the database %s is damaged: restore a backup (%s)", path,
                   rc != SQLITE_OK ? sqlite3_errstr (rc) : finding);
      return FALSE;
    }
  return TRUE;
}

/* The quick check on the store's own connection; a finding marks the
 * store damaged. */
static gboolean
check_damage (LwStore  *self,
              gint64    budget_ms,
              GError  **error)
{
  GError *local_error = NULL;

  if (quick_check (self->db, self->path, budget_ms, FALSE, &local_error))
    return TRUE;
  if (local_error->code == LW_STORE_ERROR_DAMAGED)
    self->damaged = TRUE;
  g_propagate_error (error, local_error);
  return FALSE;
}

/* Waits for the background check of lw_store_check_damage_async(), if
 * one was started, and takes its finding: the store is damaged from
 * then on; and so for the check of the store this one was opened from
 * (check_parent), whose lock is its own. In the store's own thread. */
static void
take_background_check (LwStore *self)
{
  gboolean damaged;

  if (self->check_parent != NULL)
    {
      LwStore *parent = self->check_parent;

      g_mutex_lock (&parent->check_lock);
      while (parent->checking)
        g_cond_wait (&parent->check_done, &parent->check_lock);
      damaged = parent->check_error != NULL && parent->check_error->code == LW_STORE_ERROR_DAMAGED;
      g_mutex_unlock (&parent->check_lock);
      if (damaged)
        self->damaged = TRUE;
    }

  g_mutex_lock (&self->check_lock);
  while (self->checking)
    g_cond_wait (&self->check_done, &self->check_lock);
  damaged = self->check_error != NULL && self->check_error->code == LW_STORE_ERROR_DAMAGED;
  g_mutex_unlock (&self->check_lock);
  if (damaged)
    self->damaged = TRUE;
}

gboolean
lw_store_check_damage (LwStore  *self,
                       gint64    budget_ms,
                       GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (budget_ms >= 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  take_background_check (self);
  if (!check_damage (self, budget_ms, error))
    return FALSE;
  if (self->damaged)
    {
      /* Found malformed by a statement earlier, though the check passes
       * now (another program restored it?): still not written to. */
      set_damaged (self, "found malformed earlier; open it again", error);
      return FALSE;
    }
  return TRUE;
}

/* The background check: its own read-only connection, so that it
 * neither shares the store's connection across threads nor holds up
 * the store's reads (WAL); the finding is left under the lock. */
static void
check_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  LwStore *self = source_object;
  gint64 budget_ms = *(gint64 *) task_data;
  GError *finding = NULL;
  sqlite3 *db = NULL;
  int rc = sqlite3_open_v2 (self->path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL);

  if (rc == SQLITE_OK)
    {
      sqlite3_extended_result_codes (db, 1);
      sqlite3_busy_timeout (db, LW_STORE_BUSY_TIMEOUT_MS);
      quick_check (db, self->path, budget_ms, TRUE, &finding);
    }
  else
    lw_store_set_sqlite_error (&finding, self->path, db, rc);
  sqlite3_close_v2 (db);

  g_mutex_lock (&self->check_lock);
  g_clear_error (&self->check_error);
  self->check_error = finding != NULL ? g_error_copy (finding) : NULL;
  self->checking = FALSE;
  g_cond_broadcast (&self->check_done);
  g_mutex_unlock (&self->check_lock);

  if (finding != NULL)
    g_task_return_error (task, finding);
  else
    g_task_return_boolean (task, TRUE);
}

void
lw_store_check_damage_async (LwStore             *self,
                             gint64               budget_ms,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (LW_IS_STORE (self));
  g_return_if_fail (budget_ms >= 0);

  self->check_later_ms = 0;
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, lw_store_check_damage_async);
  g_task_set_task_data (task, g_memdup2 (&budget_ms, sizeof budget_ms), g_free);

  /* One at a time: a second waits for the first's finding. */
  take_background_check (self);
  g_mutex_lock (&self->check_lock);
  self->checking = TRUE;
  self->check_promised = FALSE;
  g_mutex_unlock (&self->check_lock);
  g_task_run_in_thread (task, check_thread);
}

gboolean
lw_store_check_damage_finish (LwStore       *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  /* The finding was left for the store's thread: it marks the store. */
  take_background_check (self);
  if (!g_task_propagate_boolean (G_TASK (result), &local_error))
    {
      if (local_error->code == LW_STORE_ERROR_DAMAGED)
        self->damaged = TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (self->damaged)
    {
      set_damaged (self, "found malformed earlier; open it again", error);
      return FALSE;
    }
  return TRUE;
}

void
lw_store_check_damage_later (LwStore *self,
                             gint64   budget_ms)
{
  g_return_if_fail (LW_IS_STORE (self));
  g_return_if_fail (budget_ms > 0);

  self->check_later_ms = budget_ms;
  g_mutex_lock (&self->check_lock);
  self->check_promised = TRUE;
  g_mutex_unlock (&self->check_lock);
}

gboolean
lw_store_wait_damage_check (LwStore *self)
{
  gboolean sound;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);

  g_mutex_lock (&self->check_lock);
  while (self->checking)
    g_cond_wait (&self->check_done, &self->check_lock);
  sound = self->check_error == NULL && !self->check_promised;
  g_mutex_unlock (&self->check_lock);
  return sound;
}

void
lw_store_set_not_found (GError      **error,
                        const char   *kind,
                        gint64        id)
{
  g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
               "no %s with ID %" G_GINT64_FORMAT, kind, id);
}

gboolean
lw_store_fail_damaged (LwStore     *self,
                       const char  *kind,
                       gint64       id,
                       const char  *what,
                       GError     **error)
{
  g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE,
               "%s: %s %" G_GINT64_FORMAT " is damaged: %s", self->path, kind, id, what);
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Statements                                                           */
/* ------------------------------------------------------------------ */

void
lw_store_stmt_release (LwStoreStmt *stmt)
{
  if (stmt == NULL)
    return;
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
}

LwStoreStmt *
lw_store_stmt (LwStore     *self,
               const char  *sql,
               GError     **error)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (self->statements, sql);
  int rc;

  if (stmt != NULL)
    return stmt;

  rc = sqlite3_prepare_v3 (self->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      lw_store_fail (self, rc, error);
      return NULL;
    }
  g_hash_table_insert (self->statements, g_strdup (sql), stmt);
  return stmt;
}

LwStoreStmt *
lw_store_stmt_once (LwStore     *self,
                    const char  *sql,
                    GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    {
      sqlite3_finalize (stmt);
      lw_store_fail (self, rc, error);
      return NULL;
    }
  return stmt;
}

gboolean
lw_store_bind_int (LwStore       *self,
                   LwStoreStmt   *stmt,
                   int            index,
                   gint64         value,
                   GError       **error)
{
  int rc = sqlite3_bind_int64 (stmt, index, value);
  return rc == SQLITE_OK || lw_store_fail (self, rc, error);
}

gboolean
lw_store_bind_seat_or_null (LwStore   *self,
                            LwStoreStmt    *stmt,
                            int        index,
                            int        seat,
                            GError   **error)
{
  int rc = seat == LW_NO_SEAT ? sqlite3_bind_null (stmt, index)
                              : sqlite3_bind_int (stmt, index, seat);
  return rc == SQLITE_OK || lw_store_fail (self, rc, error);
}

char *
lw_store_column_dup_text (LwStoreStmt *stmt,
                          int          column)
{
  return g_strdup ((const char *) sqlite3_column_text (stmt, column));
}

gboolean
lw_store_bind_text (LwStore       *self,
                    LwStoreStmt   *stmt,
                    int            index,
                    const char    *value,
                    GError       **error)
{
  int rc = sqlite3_bind_text (stmt, index, value, -1, SQLITE_TRANSIENT);
  return rc == SQLITE_OK || lw_store_fail (self, rc, error);
}

gboolean
lw_store_bind_null (LwStore       *self,
                    LwStoreStmt   *stmt,
                    int            index,
                    GError       **error)
{
  int rc = sqlite3_bind_null (stmt, index);
  return rc == SQLITE_OK || lw_store_fail (self, rc, error);
}

gboolean
lw_store_step_done (LwStore   *self,
                    LwStoreStmt    *stmt,
                    GError   **error)
{
  int rc = sqlite3_step (stmt);

  if (rc == SQLITE_DONE)
    return TRUE;
  if (rc == SQLITE_ROW)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_FAILED,
                   "%s: unexpected result row from \"%s\"", self->path, sqlite3_sql (stmt));
      return FALSE;
    }
  return lw_store_fail (self, rc, error);
}

/* Steps a query: returns %TRUE with *@has_row set (%FALSE when there are no
 * more rows), or %FALSE with @error set. */
gboolean
lw_store_step_row (LwStore   *self,
                   LwStoreStmt    *stmt,
                   gboolean  *has_row,
                   GError   **error)
{
  int rc = sqlite3_step (stmt);

  *has_row = rc == SQLITE_ROW;
  if (rc == SQLITE_ROW || rc == SQLITE_DONE)
    return TRUE;
  return lw_store_fail (self, rc, error);
}

gboolean
lw_store_exec (LwStore     *self,
               const char  *sql,
               GError     **error)
{
  int rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);
  return rc == SQLITE_OK || lw_store_fail (self, rc, error);
}

/* ------------------------------------------------------------------ */
/* Transactions                                                         */
/* ------------------------------------------------------------------ */

/* Transactions nest: the outermost is BEGIN IMMEDIATE (a write) or BEGIN
 * (a read), and one opened inside it is SAVEPOINT lw_N, N its depth, so
 * that a function of the store that writes opens its own transaction
 * whoever calls it, and a failure undoes only its own part. The outermost
 * COMMIT is the one that stores. */
static gboolean
begin_level (LwStore     *self,
             const char  *outermost,
             GError     **error)
{
  g_autofree char *savepoint = NULL;

  /* SQLite may have rolled everything back itself (a full disk, an
   * interrupt): no level is open then. */
  if (self->depth > 0 && sqlite3_get_autocommit (self->db))
    self->depth = 0;
  if (self->depth == 0)
    {
      if (!lw_store_exec (self, outermost, error))
        return FALSE;
    }
  else
    {
      savepoint = g_strdup_printf ("SAVEPOINT lw_%u", self->depth);
      if (!lw_store_exec (self, savepoint, error))
        return FALSE;
    }
  self->depth++;
  return TRUE;
}

gboolean
lw_store_begin_write (LwStore  *self,
                      GError  **error)
{
  /* A write waits for a damage check still running, or runs the one
   * promised (lw_store_check_damage_later()) first. */
  take_background_check (self);
  if (self->check_later_ms > 0)
    {
      g_autoptr (GError) finding = NULL;
      gint64 budget_ms = self->check_later_ms;

      self->check_later_ms = 0;
      check_damage (self, budget_ms, &finding);
      /* What it found is what other threads waiting for it are told. */
      g_mutex_lock (&self->check_lock);
      self->check_promised = FALSE;
      if (finding != NULL && finding->code == LW_STORE_ERROR_DAMAGED && self->check_error == NULL)
        self->check_error = g_error_copy (finding);
      g_mutex_unlock (&self->check_lock);
      if (finding != NULL && finding->code == LW_STORE_ERROR_DAMAGED)
        {
          g_propagate_error (error, g_steal_pointer (&finding));
          return FALSE;
        }
    }
  if (self->damaged)
    {
      set_damaged (self, "nothing is written to a damaged file", error);
      return FALSE;
    }
  return begin_level (self, "BEGIN IMMEDIATE", error);
}

/* The connection's PRAGMA synchronous again once the unsynced
 * transaction is closed (lw_store_begin_write_unsynced()). */
static void
restore_synchronous (LwStore *self)
{
  g_autofree char *sql = NULL;

  if (!self->unsynced || self->depth > 0)
    return;
  self->unsynced = FALSE;
  sql = g_strdup_printf ("PRAGMA synchronous = %" G_GINT64_FORMAT, self->synchronous);
  sqlite3_exec (self->db, sql, NULL, NULL, NULL);
}

gboolean
lw_store_begin_write_unsynced (LwStore  *self,
                               GError  **error)
{
  gboolean outermost = self->depth == 0 || sqlite3_get_autocommit (self->db);

  if (outermost && !self->unsynced)
    {
      if (!lw_store_query_int64 (self, "PRAGMA synchronous", &self->synchronous, error)
          || !lw_store_exec (self, "PRAGMA synchronous = NORMAL", error))
        return FALSE;
      self->unsynced = TRUE;
    }
  if (lw_store_begin_write (self, error))
    return TRUE;
  restore_synchronous (self);
  return FALSE;
}

gboolean
lw_store_begin_read (LwStore  *self,
                     GError  **error)
{
  return begin_level (self, "BEGIN", error);
}

/* Undoes the innermost open level (a savepoint: back to where it began;
 * the outermost: ROLLBACK), if any; never fails the caller (the error
 * that led here is the one worth reporting). */
void
lw_store_rollback (LwStore *self)
{
  g_autofree char *sql = NULL;

  if (self->depth == 0)
    return;
  self->depth--;
  if (sqlite3_get_autocommit (self->db))
    {
      self->depth = 0;
      restore_synchronous (self);
      return;
    }
  if (self->depth == 0)
    {
      sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      restore_synchronous (self);
      return;
    }
  sql = g_strdup_printf ("ROLLBACK TO lw_%u; RELEASE lw_%u", self->depth, self->depth);
  sqlite3_exec (self->db, sql, NULL, NULL, NULL);
}

/* Closes the innermost open level: RELEASE of its savepoint, or the
 * outermost COMMIT; a failed COMMIT is rolled back. */
gboolean
lw_store_commit (LwStore  *self,
                 GError  **error)
{
  g_autofree char *sql = NULL;

  g_return_val_if_fail (self->depth > 0, FALSE);

  if (self->depth > 1)
    sql = g_strdup_printf ("RELEASE lw_%u", self->depth - 1);
  if (lw_store_exec (self, sql != NULL ? sql : "COMMIT", error))
    {
      self->depth--;
      restore_synchronous (self);
      return TRUE;
    }
  lw_store_rollback (self);
  return FALSE;
}

gboolean
lw_store_finish (LwStore  *self,
                 gboolean  ok,
                 GError  **error)
{
  if (!ok)
    {
      lw_store_rollback (self);
      return FALSE;
    }
  /* A failed commit has rolled its level back itself. */
  return lw_store_commit (self, error);
}

gboolean
lw_store_begin_transaction (LwStore  *self,
                            GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return lw_store_begin_write (self, error);
}

gboolean
lw_store_begin_read_transaction (LwStore  *self,
                                 GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return lw_store_begin_read (self, error);
}

gboolean
lw_store_commit_transaction (LwStore  *self,
                             GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->depth > 0 && sqlite3_get_autocommit (self->db))
    self->depth = 0;
  if (self->depth == 0)
    {
      /* SQLite rolled it all back itself (a full disk, an I/O error). */
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_FAILED,
                   "%s: the transaction was rolled back before its commit", self->path);
      return FALSE;
    }
  return lw_store_commit (self, error);
}

void
lw_store_rollback_transaction (LwStore *self)
{
  g_return_if_fail (LW_IS_STORE (self));

  lw_store_rollback (self);
}

/* ------------------------------------------------------------------ */
/* Opening                                                              */
/* ------------------------------------------------------------------ */

/* The prepared statement for @sql with its parameters ?1, ?2… bound to
 * the first of @values, as many as it has and @n_values holds. */
static LwStoreStmt *
stmt_with_ints (LwStore       *self,
                const char    *sql,
                const gint64  *values,
                guint          n_values,
                GError       **error)
{
  g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, sql, error);

  if (stmt == NULL)
    return NULL;
  for (int i = 0; i < sqlite3_bind_parameter_count (stmt) && i < (int) n_values; i++)
    if (!lw_store_bind_int (self, stmt, i + 1, values[i], error))
      return NULL;
  return g_steal_pointer (&stmt);
}

LwStoreStmt *
lw_store_query (LwStore     *self,
                const char  *sql,
                gint64       a,
                gint64       b,
                GError     **error)
{
  const gint64 values[] = { a, b };

  return stmt_with_ints (self, sql, values, G_N_ELEMENTS (values), error);
}

gboolean
lw_store_next_row (LwStore      *self,
                   LwStoreStmt  *stmt,
                   gboolean     *ok,
                   GError      **error)
{
  gboolean has_row = FALSE;

  if (stmt == NULL)
    *ok = FALSE;
  if (!*ok)
    return FALSE;
  *ok = lw_store_step_row (self, stmt, &has_row, error);
  return *ok && has_row;
}

LwStoreStmt *
lw_store_query_row (LwStore     *self,
                    const char  *sql,
                    gint64       a,
                    gint64       b,
                    gboolean    *has_row,
                    GError     **error)
{
  g_autoptr (LwStoreStmt) stmt = lw_store_query (self, sql, a, b, error);

  if (stmt == NULL || !lw_store_step_row (self, stmt, has_row, error))
    return NULL;
  return g_steal_pointer (&stmt);
}

gboolean
lw_store_query_id (LwStore     *self,
                   const char  *sql,
                   gint64       a,
                   gint64       b,
                   gint64      *value,
                   GError     **error)
{
  gboolean has_row = FALSE;
  g_autoptr (LwStoreStmt) stmt = lw_store_query_row (self, sql, a, b, &has_row, error);

  if (stmt == NULL)
    return FALSE;
  *value = has_row ? sqlite3_column_int64 (stmt, 0) : 0;
  return TRUE;
}

gboolean
lw_store_query_int64 (LwStore     *self,
                      const char  *sql,
                      gint64      *value,
                      GError     **error)
{
  return lw_store_query_id (self, sql, 0, 0, value, error);
}

sqlite3 *
lw_store_get_db (LwStore *self)
{
  return self->db;
}

gboolean
lw_store_get_data_version (LwStore  *self,
                           gint64   *version,
                           GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (version != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return lw_store_query_int64 (self, "PRAGMA data_version", version, error);
}

gboolean
lw_store_visit_stmt (LwStore          *self,
                     LwStoreStmt      *stmt,
                     LwStoreRowVisit   visit,
                     gpointer          data,
                     GError          **error)
{
  gboolean has_row = FALSE;
  gboolean ok = TRUE;

  while (ok && (ok = lw_store_step_row (self, stmt, &has_row, error)) && has_row)
    ok = visit (stmt, data, error);
  return ok;
}

gboolean
lw_store_visit_rows (LwStore          *self,
                     const char       *sql,
                     gint64            id,
                     LwStoreRowVisit   visit,
                     gpointer          data,
                     GError          **error)
{
  g_autoptr (LwStoreStmt) stmt = stmt_with_ints (self, sql, &id, 1, error);

  return stmt != NULL && lw_store_visit_stmt (self, stmt, visit, data, error);
}

/* The list lw_store_list_rows() fills, and how it makes an item. */
typedef struct {
  GPtrArray       *rows;
  LwStoreRowFunc   read_row;
} RowList;

static gboolean
add_row (LwStoreStmt  *stmt,
         gpointer      data,
         GError      **error)
{
  RowList *list = data;

  g_ptr_array_add (list->rows, list->read_row (stmt, list->rows->len));
  return TRUE;
}

GPtrArray *
lw_store_list_rows (LwStore         *self,
                    const char      *sql,
                    gint64           id,
                    LwStoreRowFunc   read_row,
                    GDestroyNotify   free_row,
                    GError         **error)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (free_row);
  RowList list = { rows, read_row };

  if (!lw_store_visit_rows (self, sql, id, add_row, &list, error))
    return NULL;
  return g_steal_pointer (&rows);
}

/* Appends the row's first column to @data, a GArray of gint64. */
static gboolean
add_id (LwStoreStmt  *stmt,
        gpointer      data,
        GError      **error)
{
  gint64 id = sqlite3_column_int64 (stmt, 0);

  g_array_append_val ((GArray *) data, id);
  return TRUE;
}

gboolean
lw_store_read_ids (LwStore     *self,
                   const char  *sql,
                   gint64       a,
                   GArray      *ids,
                   GError     **error)
{
  return lw_store_visit_rows (self, sql, a, add_id, ids, error);
}

/* Runs @sql with ?1 … ?@n_values = @values (no result rows). */
static gboolean
run_ints (LwStore       *self,
          const char    *sql,
          const gint64  *values,
          guint          n_values,
          GError       **error)
{
  g_autoptr (LwStoreStmt) stmt = stmt_with_ints (self, sql, values, n_values, error);

  return stmt != NULL && lw_store_step_done (self, stmt, error);
}

gboolean
lw_store_run1 (LwStore     *self,
               const char  *sql,
               gint64       a,
               GError     **error)
{
  return run_ints (self, sql, &a, 1, error);
}

gboolean
lw_store_run2 (LwStore     *self,
               const char  *sql,
               gint64       a,
               gint64       b,
               GError     **error)
{
  const gint64 values[] = { a, b };

  return run_ints (self, sql, values, G_N_ELEMENTS (values), error);
}

gboolean
lw_store_run3 (LwStore     *self,
               const char  *sql,
               gint64       a,
               gint64       b,
               gint64       c,
               GError     **error)
{
  const gint64 values[] = { a, b, c };

  return run_ints (self, sql, values, G_N_ELEMENTS (values), error);
}

gboolean
lw_store_run_text (LwStore     *self,
                   const char  *sql,
                   const char  *a,
                   gint64       b,
                   GError     **error)
{
  g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, sql, error);

  return stmt != NULL
         && lw_store_bind_text (self, stmt, 1, a, error)
         && lw_store_bind_int (self, stmt, 2, b, error)
         && lw_store_step_done (self, stmt, error);
}
