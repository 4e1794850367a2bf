/* lw-store-backup.c — backup and restore with SQLite's online backup
 * API, and the copy made before a migration
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "lw-store-private.h"

/* ------------------------------------------------------------------ */
/* Backup and restore (SQLite's online backup API)                      */
/* ------------------------------------------------------------------ */

/* Copies database "main" of @from into "main" of @to; SQLite writes @to in
 * one transaction. */
static int
copy_database (sqlite3 *to,
               sqlite3 *from)
{
  sqlite3_backup *backup = sqlite3_backup_init (to, "main", from, "main");
  gint64 deadline = g_get_monotonic_time () + LW_STORE_BUSY_TIMEOUT_MS * (gint64) 1000;
  int rc;

  if (backup == NULL)
    return sqlite3_extended_errcode (to);
  while ((rc = sqlite3_backup_step (backup, -1)) == SQLITE_BUSY || rc == SQLITE_LOCKED)
    {
      if (g_get_monotonic_time () >= deadline)
        break;
      g_usleep (10 * 1000);
    }
  sqlite3_backup_finish (backup);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static void
remove_database_files (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autofree char *journal = g_strconcat (path, "-journal", NULL);

  g_remove (path);
  g_remove (wal);
  g_remove (shm);
  g_remove (journal);
}

/* Whether @a and @b name the same existing file. */
static gboolean
same_file (const char *a,
           const char *b)
{
  GStatBuf sa, sb;

  if (g_stat (a, &sa) != 0 || g_stat (b, &sb) != 0)
    return FALSE;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

char *
lw_store_migration_backup_path (const char *path,
                                int         version)
{
  g_return_val_if_fail (path != NULL, NULL);

  return g_strdup_printf ("%s.v%d.bak", path, version);
}

/* Where the copy made before migrating @path from @version goes: the
 * first of PATH.vVERSION.bak, PATH.vVERSION.1.bak, PATH.vVERSION.2.bak, …
 * that does not exist, so that the copies of earlier migrations stay. */
char *
lw_store_new_migration_backup_path (const char *path,
                                    int         version)
{
  char *backup = lw_store_migration_backup_path (path, version);

  for (guint n = 1; g_file_test (backup, G_FILE_TEST_EXISTS); n++)
    {
      g_free (backup);
      backup = g_strdup_printf ("%s.v%d.%u.bak", path, version, n);
    }
  return backup;
}

char *
lw_store_new_safety_copy_path (LwStore *self)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = NULL;
  char *copy;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);

  stamp = g_date_time_format (now, "%Y%m%dT%H%M%SZ");
  copy = g_strdup_printf ("%s.before-restore-%s.bak", self->path, stamp);
  for (guint n = 1; g_file_test (copy, G_FILE_TEST_EXISTS); n++)
    {
      g_free (copy);
      copy = g_strdup_printf ("%s.before-restore-%s.%u.bak", self->path, stamp, n);
    }
  return copy;
}

gboolean
lw_store_restore_keeping_copy (LwStore     *self,
                               const char  *path,
                               const char  *safety_copy,
                               GError     **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (safety_copy != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (same_file (path, safety_copy))
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "%s: the safety copy cannot be the backup restored", safety_copy);
      return FALSE;
    }
  if (!lw_store_backup_to (self, safety_copy, error))
    return FALSE;
  if (!lw_store_restore_from (self, path, error))
    {
      /* Nothing was replaced: the copy of it is not needed. */
      remove_database_files (safety_copy);
      return FALSE;
    }
  return TRUE;
}

/* Copies the database, of schema @version, to @backup in one read
 * transaction, and sets *@data_version to the file's PRAGMA data_version
 * in that transaction. */
gboolean
lw_store_backup_before_migration (LwStore     *self,
                                  int          version,
                                  const char  *backup,
                                  gint64      *data_version,
                                  GError     **error)
{
  g_autoptr (GError) local_error = NULL;

  if (!lw_store_begin_read (self, error))
    return FALSE;
  if (!lw_store_query_int64 (self, "PRAGMA data_version", data_version, error))
    return lw_store_finish (self, FALSE, error);
  if (!lw_store_backup_to (self, backup, &local_error))
    {
      g_set_error (error, LW_STORE_ERROR,
                   local_error->code == LW_STORE_ERROR_FULL ? LW_STORE_ERROR_FULL
                                                            : LW_STORE_ERROR_OPEN,
                   "%s: not upgraded from version %d, no backup copy could be made (%s)",
                   self->path, version, local_error->message);
      return lw_store_finish (self, FALSE, error);
    }
  return lw_store_finish (self, TRUE, error);
}

gboolean
lw_store_backup_to (LwStore     *self,
                    const char  *path,
                    GError     **error)
{
  g_autofree char *folder = NULL;
  g_autofree char *base = NULL;
  g_autofree char *temp = NULL;
  sqlite3 *db = NULL;
  int rc;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (path != NULL && *path != '\0', FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_str_equal (path, self->path) || same_file (path, self->path))
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "%s: a backup cannot replace the open database itself", path);
      return FALSE;
    }

  folder = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  temp = g_strdup_printf ("%s%c.%s.%d-%" G_GINT64_FORMAT ".partial", folder, G_DIR_SEPARATOR,
                          base, (int) getpid (), g_get_real_time ());

  rc = sqlite3_open_v2 (temp, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc == SQLITE_OK)
    rc = copy_database (db, self->db);
  if (rc != SQLITE_OK)
    {
      lw_store_set_sqlite_error (error, path, db, rc);
      sqlite3_close_v2 (db);
      remove_database_files (temp);
      return FALSE;
    }
  sqlite3_close_v2 (db);

  if (g_rename (temp, path) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_OPEN,
                   "%s: cannot write the backup: %s", path, g_strerror (saved_errno));
      remove_database_files (temp);
      return FALSE;
    }
  return TRUE;
}

gboolean
lw_store_restore_from (LwStore     *self,
                       const char  *path,
                       GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *temp = NULL;
  g_autoptr (LwStore) copy = NULL;
  g_autoptr (GError) local_error = NULL;
  sqlite3 *source = NULL;
  sqlite3 *db = NULL;
  gint64 version = 0;
  gboolean ok = FALSE;
  int rc;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (path != NULL && *path != '\0', FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_OPEN,
                   "%s: no such file to restore from", path);
      return FALSE;
    }
  if (same_file (path, self->path))
    return TRUE;

  dir = g_dir_make_tmp ("little-wolf-restore-XXXXXX", &local_error);
  if (dir == NULL)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_OPEN,
                   "%s: cannot make a temporary copy: %s", path, local_error->message);
      return FALSE;
    }
  temp = g_build_filename (dir, "restore.sqlite3", NULL);

  /* 1. A copy of @path, read only once. */
  rc = sqlite3_open_v2 (path, &source, SQLITE_OPEN_READONLY, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_open_v2 (temp, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc == SQLITE_OK)
    rc = copy_database (db, source);
  if (rc != SQLITE_OK)
    {
      lw_store_set_sqlite_error (error, path, source, rc);
      goto out;
    }

  /* 2. It must be ours: a version-0 (empty) file would be made a new,
   * empty database by lw_store_open(), which is no backup. */
  {
    sqlite3_stmt *stmt = NULL;

    rc = sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &stmt, NULL);
    if (rc == SQLITE_OK && sqlite3_step (stmt) == SQLITE_ROW)
      version = sqlite3_column_int64 (stmt, 0);
    sqlite3_finalize (stmt);
  }
  g_clear_pointer (&db, sqlite3_close_v2);
  g_clear_pointer (&source, sqlite3_close_v2);
  if (version < 1)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE,
                   "%s: not a Little Wolf database", path);
      goto out;
    }

  /* 3. Checked (tables, version) and migrated as any store is. */
  copy = lw_store_open (temp, &local_error);
  if (copy == NULL)
    {
      const char *message = local_error->message;

      if (g_str_has_prefix (message, temp))
        message += strlen (temp);
      g_set_error (error, LW_STORE_ERROR, local_error->code, "%s%s", path, message);
      goto out;
    }

  /* 4. Into the live database, in one transaction. */
  rc = copy_database (self->db, copy->db);
  if (rc != SQLITE_OK)
    {
      lw_store_set_sqlite_error (error, self->path, self->db, rc);
      goto out;
    }
  ok = TRUE;

out:
  g_clear_object (&copy);
  if (db != NULL)
    sqlite3_close_v2 (db);
  if (source != NULL)
    sqlite3_close_v2 (source);
  remove_database_files (temp);
  /* Opening the copy of an older version backed it up beside it. */
  for (int v = 1; v < LW_STORE_SCHEMA_VERSION; v++)
    {
      g_autofree char *backup = lw_store_migration_backup_path (temp, v);

      remove_database_files (backup);
    }
  g_rmdir (dir);
  return ok;
}
