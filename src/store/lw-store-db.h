/* lw-store-db.h — the connection and its statements (lw-store-db.c): the
 * store's one statement type and one way to bind and step it, its errors
 * named after the file, and nestable transactions; for the store's files
 * only (lw-store-private.h includes it)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sqlite3.h>

#include "lw-store.h"

G_BEGIN_DECLS

/* The schema version (PRAGMA user_version) this store writes: the number
 * of migrations in lw-store-schema.c. */
#define LW_STORE_SCHEMA_VERSION 24

/* How long a statement waits for another program's lock before giving up. */
#define LW_STORE_BUSY_TIMEOUT_MS 5000

/* The store's connection (lw-store.c opens it, lw-store-db.c runs its
 * statements and transactions). */
struct _LwStore
{
  GObject     parent_instance;

  /* owned */
  char       *path;
  sqlite3    *db;
  GHashTable *statements;  /* SQL text (owned) → sqlite3_stmt* */

  /* How many transactions are open, one inside the other (0: none; 1:
   * BEGIN; more: savepoints inside it). */
  guint       depth;
  /* The file was found damaged: nothing more is written to it. */
  gboolean    damaged;
  /* The open transaction commits without waiting for the disk
   * (lw_store_begin_write_unsynced()); PRAGMA synchronous to set again
   * once it is closed. */
  gboolean    unsynced;
  gint64      synchronous;

  /* The damage check of lw_store_check_damage_async(), on a thread and a
   * connection of its own: a write waits for it (lw_store_begin_write()).
   * Under check_lock: checking while it runs, then check_error (NULL
   * when it found no damage) until the owner's thread takes it. */
  gint64      check_later_ms;  /* > 0: lw_store_check_damage_later()'s budget, until a check runs */
  GMutex      check_lock;
  GCond       check_done;
  gboolean    checking;
  GError     *check_error;
  gboolean    check_promised;  /* lw_store_check_damage_later() until a check has run */
  /* A connection opened from another store (lw_store_open_another())
   * while that store's check ran: its writes wait for that check too. */
  LwStore    *check_parent;
};

/* The store's one statement type: a prepared statement lent by the
 * connection's cache (lw_store_stmt()), reset and its bindings cleared
 * when it goes out of scope: g_autoptr (LwStoreStmt). */
typedef sqlite3_stmt LwStoreStmt;

/* The prepared statement for @sql (copied to key the connection's cache,
 * so @sql may be freed after the call; keep the set of texts small, as
 * each is kept for the life of the connection); reset and cleared with
 * lw_store_stmt_release() after use. Returns NULL with @error set
 * (LW_STORE_ERROR) when SQLite refuses @sql. */
LwStoreStmt *lw_store_stmt (LwStore     *self,
                            const char  *sql,
                            GError     **error);
void         lw_store_stmt_release (LwStoreStmt *stmt);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwStoreStmt, lw_store_stmt_release)

/* A statement prepared for one use, outside the cache: for SQL text made
 * from data (a row's members), whose variety has no bound. Freed with
 * sqlite3_finalize(): g_autoptr (LwStoreOnceStmt). */
typedef sqlite3_stmt LwStoreOnceStmt;

/* A new statement for @sql, not cached (transfer full: free it with
 * sqlite3_finalize()). Returns NULL with @error set (LW_STORE_ERROR)
 * when SQLite refuses @sql. */
LwStoreOnceStmt *lw_store_stmt_once (LwStore     *self,
                                     const char  *sql,
                                     GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwStoreOnceStmt, sqlite3_finalize)

/* Sets @error from SQLite result @rc, naming the file; returns FALSE. */
gboolean lw_store_fail (LwStore  *self,
                        int       rc,
                        GError  **error);

/* The one way to bind: a value to the statement's parameter @index
 * (1-based); on an SQLite error, @error is set as lw_store_fail() sets it.
 * A %NULL text binds SQL NULL. */
gboolean lw_store_bind_int (LwStore       *self,
                            LwStoreStmt   *stmt,
                            int            index,
                            gint64         value,
                            GError       **error);
gboolean lw_store_bind_text (LwStore       *self,
                             LwStoreStmt   *stmt,
                             int            index,
                             const char    *value,
                             GError       **error);
gboolean lw_store_bind_null (LwStore       *self,
                             LwStoreStmt   *stmt,
                             int            index,
                             GError       **error);

/* Steps a statement that returns no rows / a query (*@has_row FALSE when
 * there are no more rows). */
gboolean lw_store_step_done (LwStore       *self,
                             LwStoreStmt   *stmt,
                             GError       **error);
gboolean lw_store_step_row (LwStore       *self,
                            LwStoreStmt   *stmt,
                            gboolean      *has_row,
                            GError       **error);

/* BEGIN IMMEDIATE / BEGIN; COMMIT (rolled back when it fails); ROLLBACK
 * of the open transaction, if any. */
gboolean lw_store_begin_write (LwStore *self, GError **error);

/* lw_store_begin_write() for a write that may be lost to a power cut, not
 * to a crash of the program: when it is the outermost transaction, its
 * COMMIT does not wait for the disk (PRAGMA synchronous = NORMAL, the
 * file being in WAL mode: never damaged, only the latest such commits
 * lost, up to the last one that waited, whose sync writes them all);
 * the connection's setting comes back once it is closed. Inside another
 * transaction, that one's commit decides. For a virtual table's round in
 * progress, saved after every play. */
gboolean lw_store_begin_write_unsynced (LwStore *self, GError **error);
gboolean lw_store_begin_read (LwStore *self, GError **error);
gboolean lw_store_commit (LwStore *self, GError **error);
void     lw_store_rollback (LwStore *self);

/* Closes the innermost open transaction: committed when @ok (a failed
 * commit is rolled back, @error set), else rolled back (@error as the
 * caller set it). Returns %TRUE when @ok and committed. */
gboolean lw_store_finish (LwStore  *self,
                          gboolean  ok,
                          GError  **error);

LwStoreError lw_store_error_code_for (int rc);

/* Sets @error from SQLite result @rc, naming the database file. */
void lw_store_set_sqlite_error (GError     **error,
                                const char  *path,
                                sqlite3     *db,
                                int          rc);

/* Sets %LW_STORE_ERROR_NOT_FOUND, "no @kind with ID @id" (@kind: "game",
 * "event"). */
void lw_store_set_not_found (GError      **error,
                             const char   *kind,
                             gint64        id);

/* A stored value of @kind (a "game", an "event") @id that the schema
 * allows but it cannot hold: %LW_STORE_ERROR_NOT_A_DATABASE, "PATH: @kind
 * @id is damaged: @what"; returns %FALSE. */
gboolean lw_store_fail_damaged (LwStore     *self,
                                const char  *kind,
                                gint64       id,
                                const char  *what,
                                GError     **error);

/* Binds a seat, or NULL for %LW_NO_SEAT. */
gboolean lw_store_bind_seat_or_null (LwStore   *self,
                                     LwStoreStmt    *stmt,
                                     int        index,
                                     int        seat,
                                     GError   **error);

/* A copy of the text in @column of the row @stmt stands on (transfer
 * full), %NULL for NULL. */
char *lw_store_column_dup_text (LwStoreStmt *stmt,
                                int          column);

/* Runs SQL text that has no values in it (transaction control, the
 * constant migrations). */
gboolean lw_store_exec (LwStore     *self,
                        const char  *sql,
                        GError     **error);

/* Runs @sql, a query of one integer (0 when it gives no row). */
gboolean lw_store_query_int64 (LwStore     *self,
                               const char  *sql,
                               gint64      *value,
                               GError     **error);

/* Sets *@value to the first column of @sql's first row (0 when it gives
 * no row); @sql takes @a as ?1 and @b as ?2, as many as it has
 * parameters (none, one or two). */
gboolean lw_store_query_id (LwStore     *self,
                            const char  *sql,
                            gint64       a,
                            gint64       b,
                            gint64      *value,
                            GError     **error);

/* The prepared statement for @sql with ?1 = @a and ?2 = @b bound (as
 * many as it has parameters: none, one or two), to step with
 * lw_store_next_row() and release with g_autoptr (LwStoreStmt); %NULL with
 * @error set on an SQLite error (as lw_store_fail() sets it). */
LwStoreStmt *lw_store_query (LwStore     *self,
                             const char  *sql,
                             gint64       a,
                             gint64       b,
                             GError     **error);

/* The one way to step a query's rows by hand, with the loop's body in
 * place: `while (lw_store_next_row (self, stmt, &ok, error)) { … }`.
 * Steps @stmt (%NULL: a query that failed to prepare) to its next row and
 * returns %TRUE on one; %FALSE at the end, or with *@ok set to %FALSE on
 * an SQLite error (@error set, as lw_store_fail() sets it), or when *@ok
 * (or @stmt) was already %FALSE (%NULL), without stepping. */
gboolean lw_store_next_row (LwStore      *self,
                            LwStoreStmt  *stmt,
                            gboolean     *ok,
                            GError      **error);

/* Prepares @sql, binds ?1 = @a and ?2 = @b (as many as it has parameters:
 * none, one or two) and steps it to its first row: *@has_row is %FALSE
 * when it gives none. Returns the statement on that row, to read its
 * columns and release with g_autoptr (LwStoreStmt); %NULL with @error set
 * on an SQLite error (as lw_store_fail() sets it). */
LwStoreStmt *lw_store_query_row (LwStore     *self,
                                 const char  *sql,
                                 gint64       a,
                                 gint64       b,
                                 gboolean    *has_row,
                                 GError     **error);

/* Reads one result row of @stmt with @data; returns %FALSE with @error set
 * to stop at a row it refuses (a damaged value). */
typedef gboolean (*LwStoreRowVisit) (LwStoreStmt  *stmt,
                                     gpointer      data,
                                     GError      **error);

/* Steps @stmt, prepared and bound by the caller, to its end, giving each
 * row to @visit with @data, until the rows end or @visit refuses one.
 * Returns %FALSE with @error set on an SQLite error (as lw_store_fail()
 * sets it) or as @visit set it. */
gboolean lw_store_visit_stmt (LwStore          *self,
                              LwStoreStmt      *stmt,
                              LwStoreRowVisit   visit,
                              gpointer          data,
                              GError          **error);

/* The one way to step a query's rows by hand: runs @sql (with ?1 = @id
 * when it has a parameter) and gives each row to @visit with @data, in
 * order, as lw_store_visit_stmt() does. */
gboolean lw_store_visit_rows (LwStore          *self,
                              const char       *sql,
                              gint64            id,
                              LwStoreRowVisit   visit,
                              gpointer          data,
                              GError          **error);

/* Makes the item of one result row of @stmt, the @index-th row (0-based);
 * (transfer full). */
typedef gpointer (*LwStoreRowFunc) (LwStoreStmt *stmt,
                                    guint        index);

/* The one way to read a query's rows into a list: runs @sql (with ?1 =
 * @id when it has a parameter) and makes each row an item with
 * @read_row, freed by @free_row with the list. Returns the list
 * (transfer full; empty when there are no rows), or %NULL with @error
 * set (an SQLite error, as lw_store_fail() sets it). */
GPtrArray *lw_store_list_rows (LwStore         *self,
                               const char      *sql,
                               gint64           id,
                               LwStoreRowFunc   read_row,
                               GDestroyNotify   free_row,
                               GError         **error);

/* Appends to @ids (of gint64) every value of the first column of @sql
 * (with ?1 = @a when it has a parameter), in the order of its rows. */
gboolean lw_store_read_ids (LwStore     *self,
                            const char  *sql,
                            gint64       a,
                            GArray      *ids,
                            GError     **error);

/* Runs @sql with ?1 = @a (no result rows). */
gboolean lw_store_run1 (LwStore     *self,
                        const char  *sql,
                        gint64       a,
                        GError     **error);

/* Runs @sql with ?1 = @a and ?2 = @b (no result rows). */
gboolean lw_store_run2 (LwStore     *self,
                        const char  *sql,
                        gint64       a,
                        gint64       b,
                        GError     **error);

/* Runs @sql with ?1 = @a, ?2 = @b and ?3 = @c (no result rows). */
gboolean lw_store_run3 (LwStore     *self,
                        const char  *sql,
                        gint64       a,
                        gint64       b,
                        gint64       c,
                        GError     **error);

/* Runs @sql with a text ?1 and an integer ?2. */
gboolean lw_store_run_text (LwStore     *self,
                            const char  *sql,
                            const char  *a,
                            gint64       b,
                            GError     **error);

G_END_DECLS
