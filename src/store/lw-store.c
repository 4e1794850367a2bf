/* lw-store.c — the store object: opening a database file (checked, put
 * in WAL mode, migrated: lw-store-schema.c) and closing it. The
 * connection's helpers are in lw-store-db.c, each group of tables in a
 * file of its own (lw-store.h lists them).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>

#include <glib/gstdio.h>

#include "lw-store-private.h"

G_DEFINE_TYPE (LwStore, lw_store, G_TYPE_OBJECT)

/* ------------------------------------------------------------------ */
/* The object                                                           */
/* ------------------------------------------------------------------ */

static void
lw_store_finalize (GObject *object)
{
  LwStore *self = LW_STORE (object);

  g_clear_pointer (&self->statements, g_hash_table_unref);
  if (self->db != NULL)
    {
      while (self->depth > 0)
        lw_store_rollback (self);
      sqlite3_close_v2 (self->db);
      self->db = NULL;
    }
  g_clear_pointer (&self->path, g_free);
  g_clear_error (&self->check_error);
  g_clear_object (&self->check_parent);
  g_mutex_clear (&self->check_lock);
  g_cond_clear (&self->check_done);

  G_OBJECT_CLASS (lw_store_parent_class)->finalize (object);
}

static void
lw_store_class_init (LwStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = lw_store_finalize;
}

static void
finalize_stmt (gpointer stmt)
{
  sqlite3_finalize (stmt);
}

static void
lw_store_init (LwStore *self)
{
  self->statements = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, finalize_stmt);
  g_mutex_init (&self->check_lock);
  g_cond_init (&self->check_done);
}

void
lw_stored_game_free (LwStoredGame *game)
{
  if (game == NULL)
    return;
  g_clear_pointer (&game->record, lw_game_record_free);
  g_free (game->notes);
  g_free (game->place);
  g_free (game);
}

char *
lw_store_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "little-wolf",
                           "little-wolf.sqlite3", NULL);
}

const char *
lw_store_get_path (LwStore *self)
{
  g_return_val_if_fail (LW_IS_STORE (self), NULL);

  return self->path;
}

/* ------------------------------------------------------------------ */
/* Opening                                                              */
/* ------------------------------------------------------------------ */

LwStore *
lw_store_open (const char  *path,
               GError     **error)
{
  g_autoptr (LwStore) self = NULL;
  g_autofree char *folder = NULL;
  int rc;

  g_return_val_if_fail (path != NULL && *path != '\0', NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (LW_TYPE_STORE, NULL);
  self->path = g_strdup (path);

  folder = g_path_get_dirname (path);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_OPEN,
                   "%s: cannot create the folder %s: %s",
                   path, folder, g_strerror (saved_errno));
      return NULL;
    }

  rc = sqlite3_open_v2 (path, &self->db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK)
    {
      /* The handle, if any, is closed by finalize. */
      g_set_error (error, LW_STORE_ERROR,
                   lw_store_error_code_for (rc) == LW_STORE_ERROR_NOT_A_DATABASE
                     ? LW_STORE_ERROR_NOT_A_DATABASE : LW_STORE_ERROR_OPEN,
                   "%s: cannot open the database (%s)", path,
                   self->db != NULL ? sqlite3_errmsg (self->db) : sqlite3_errstr (rc));
      return NULL;
    }

  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, LW_STORE_BUSY_TIMEOUT_MS);

  if (!lw_store_exec (self, "PRAGMA foreign_keys = ON", error)
      || !lw_store_schema_check_existing (self, error)
      || !lw_store_schema_set_wal (self, error)
      || !lw_store_schema_migrate (self, error))
    return NULL;

  return g_steal_pointer (&self);
}

LwStore *
lw_store_open_another (LwStore     *store,
                       guint        busy_timeout_ms,
                       GError     **error)
{
  g_autoptr (LwStore) self = NULL;
  int rc;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (LW_TYPE_STORE, NULL);
  self->path = g_strdup (store->path);

  /* The file exists and was checked and migrated by @store: no creation,
   * no migration, so that opening never waits for another program's
   * write lock. */
  rc = sqlite3_open_v2 (self->path, &self->db, SQLITE_OPEN_READWRITE, NULL);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_OPEN,
                   "%s: cannot open the database (%s)", self->path,
                   self->db != NULL ? sqlite3_errmsg (self->db) : sqlite3_errstr (rc));
      return NULL;
    }
  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, (int) MIN (busy_timeout_ms, (guint) G_MAXINT));
  if (!lw_store_exec (self, "PRAGMA foreign_keys = ON", error))
    return NULL;

  /* Its writes wait for @store's damage check as @store's own do: one
   * promised and not started is run on this connection before its first
   * write, one running is waited for, and a file found damaged is
   * written to by neither. */
  self->damaged = store->damaged;
  self->check_later_ms = store->check_later_ms;
  g_mutex_lock (&store->check_lock);
  if (store->checking)
    self->check_parent = g_object_ref (store);
  else if (store->check_error != NULL && store->check_error->code == LW_STORE_ERROR_DAMAGED)
    self->damaged = TRUE;
  g_mutex_unlock (&store->check_lock);
  return g_steal_pointer (&self);
}
