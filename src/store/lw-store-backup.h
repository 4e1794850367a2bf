/* lw-store-backup.h — backup and restore of the whole database, and the copy
 * made before a migration
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * lw_store_migration_backup_path:
 * @path: a database file
 * @version: the schema version (`user_version`) it had
 *
 * Returns: (transfer full): where lw_store_open() keeps the copy of @path
 *   made before migrating it from @version: `PATH.vVERSION.bak`; when
 *   that file exists already, the copy goes to `PATH.vVERSION.1.bak`, or
 *   the first free `PATH.vVERSION.N.bak`.
 */
char *lw_store_migration_backup_path (const char *path,
                                      int         version);

/**
 * lw_store_backup_to:
 * @self: a store
 * @path: the backup file; replaced when it exists; not the store's own file
 * @error: return location for a #GError
 *
 * Copies the whole database, as one consistent state, with SQLite's online
 * backup API, into a new file next to @path that is then renamed over it:
 * @path is never left half written.
 *
 * Errors: %LW_STORE_ERROR_INVALID for the store's own file,
 * %LW_STORE_ERROR_OPEN, %LW_STORE_ERROR_FULL, another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when written.
 */
gboolean lw_store_backup_to (LwStore     *self,
                             const char  *path,
                             GError     **error);

/**
 * lw_store_restore_from:
 * @self: a store
 * @path: a backup (lw_store_backup_to()) or any Little Wolf database
 * @error: return location for a #GError
 *
 * Replaces everything in the store with the contents of @path. First @path
 * is copied to a temporary file and opened as a store, which checks that it
 * is a Little Wolf database of a supported version (and migrates an older
 * one, the copy only); then the copy is written into the live database
 * with the online backup API, which SQLite does as one transaction: on any
 * error the database is as it was. @path itself is only read.
 *
 * Errors: %LW_STORE_ERROR_OPEN (missing file),
 * %LW_STORE_ERROR_NOT_A_DATABASE, %LW_STORE_ERROR_NEWER_VERSION,
 * %LW_STORE_ERROR_BUSY, another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when restored.
 */
gboolean lw_store_restore_from (LwStore     *self,
                                const char  *path,
                                GError     **error);

/**
 * lw_store_new_safety_copy_path:
 * @self: a store
 *
 * Where a copy of the database goes before a restore replaces it: next to
 * the store's file, `PATH.before-restore-YYYYMMDDTHHMMSSZ.bak` (the time
 * in UTC), or `….N.bak` with the first N for which no such file exists.
 * Nothing is written.
 *
 * Returns: (transfer full): the path.
 */
char *lw_store_new_safety_copy_path (LwStore *self);

/**
 * lw_store_restore_keeping_copy:
 * @self: a store
 * @path: a backup, as for lw_store_restore_from()
 * @safety_copy: where the current contents go first
 *   (lw_store_new_safety_copy_path()); replaced when it exists
 * @error: return location for a #GError
 *
 * Copies the whole database to @safety_copy (lw_store_backup_to()), then
 * replaces everything with the contents of @path
 * (lw_store_restore_from()). Restoring @safety_copy afterwards goes back.
 * When the restore fails the database is as it was and the copy is
 * removed; when the copy cannot be written nothing is restored.
 *
 * Errors: %LW_STORE_ERROR_INVALID when @safety_copy is @path or the
 * store's own file, and those of lw_store_backup_to() and
 * lw_store_restore_from().
 *
 * Returns: %TRUE when restored, the copy written.
 */
gboolean lw_store_restore_keeping_copy (LwStore     *self,
                                        const char  *path,
                                        const char  *safety_copy,
                                        GError     **error);

G_END_DECLS
