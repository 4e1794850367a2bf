/* lw-store.c — the SQLite database of players, games and rounds
 *
 * One connection per LwStore. Prepared statements are kept for the life of
 * the connection and reset after each use; every value is bound, never
 * written into SQL text. Every write runs in one BEGIN IMMEDIATE transaction
 * that is rolled back on any error, and every read of more than one
 * statement runs in one read transaction, so it sees one state of the file.
 *
 * The schema (version 1, PRAGMA user_version):
 *
 *   players      a person who sat at a game, by name
 *   games        the setup of a game: ruleset, rules, first dealer, sides
 *   game_seats   who sat in each seat of a game, and on which side
 *   rounds       a round's facts that are not per seat
 *   round_seats  a round's facts per seat (cards, Den cards, Garwolf counts,
 *                unpegged); a void round has none
 *   penalties    a round's in-round penalties, in the order they happened
 *
 * Scores, status and winners are never stored: they are the engine's replay
 * of the stored rounds (lw_standings_compute()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <string.h>

#include <sqlite3.h>

#include "lw-store.h"

/* How long a statement waits for another program's lock before giving up. */
#define LW_STORE_BUSY_TIMEOUT_MS 5000

struct _LwStore
{
  GObject     parent_instance;

  /* owned */
  char       *path;
  sqlite3    *db;
  GHashTable *statements;  /* SQL text (static) → sqlite3_stmt* */
};

G_DEFINE_TYPE (LwStore, lw_store, G_TYPE_OBJECT)

G_DEFINE_QUARK (lw-store-error-quark, lw_store_error)

/* ------------------------------------------------------------------ */
/* The schema and its migrations                                        */
/* ------------------------------------------------------------------ */

/* migrations[i] takes a database from user_version i to i + 1. Each runs
 * inside the transaction that opens the database, and ends by setting
 * user_version. */
static const char *const migrations[] = {
  /* 0 → 1 */
  "CREATE TABLE players ("
  "  id    INTEGER PRIMARY KEY,"
  "  name  TEXT NOT NULL UNIQUE CHECK (length (name) > 0)"
  ");"
  "CREATE TABLE games ("
  "  id            INTEGER PRIMARY KEY AUTOINCREMENT,"
  "  ruleset       TEXT NOT NULL CHECK (ruleset IN ('little-wolf', 'garwolf')),"
  "  start_score   INTEGER NOT NULL,"
  "  target        INTEGER NOT NULL,"
  "  skunk         INTEGER NOT NULL,"
  "  first_dealer  INTEGER NOT NULL CHECK (first_dealer BETWEEN 0 AND 7),"
  "  n_teams       INTEGER NOT NULL DEFAULT 0 CHECK (n_teams BETWEEN 0 AND 8),"
  "  created       INTEGER NOT NULL"
  ");"
  "CREATE TABLE game_seats ("
  "  game    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  seat    INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),"
  "  player  INTEGER NOT NULL REFERENCES players (id),"
  "  team    INTEGER CHECK (team IS NULL OR team BETWEEN 0 AND 7),"
  "  PRIMARY KEY (game, seat),"
  "  UNIQUE (game, player)"
  ") WITHOUT ROWID;"
  "CREATE INDEX game_seats_player ON game_seats (player);"
  "CREATE TABLE rounds ("
  "  id            INTEGER PRIMARY KEY,"
  "  game          INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  number        INTEGER NOT NULL CHECK (number >= 1),"
  "  is_void       INTEGER NOT NULL DEFAULT 0 CHECK (is_void IN (0, 1)),"
  "  declarer      INTEGER CHECK (declarer IS NULL OR declarer BETWEEN 0 AND 7),"
  "  all_but_last  INTEGER NOT NULL DEFAULT 0 CHECK (all_but_last IN (0, 1)),"
  "  dealer        INTEGER CHECK (dealer IS NULL OR dealer BETWEEN 0 AND 7),"
  "  UNIQUE (game, number)"
  ");"
  "CREATE TABLE round_seats ("
  "  round      INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,"
  "  seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),"
  "  cards      INTEGER NOT NULL DEFAULT 0 CHECK (cards >= 0),"
  "  worms      INTEGER NOT NULL DEFAULT 0 CHECK (worms >= 0),"
  "  gongs      INTEGER NOT NULL DEFAULT 0 CHECK (gongs >= 0),"
  "  bears      INTEGER NOT NULL DEFAULT 0 CHECK (bears >= 0),"
  "  wolves     INTEGER NOT NULL DEFAULT 0 CHECK (wolves >= 0),"
  "  court      INTEGER NOT NULL DEFAULT 0 CHECK (court >= 0),"
  "  garwolves  INTEGER NOT NULL DEFAULT 0 CHECK (garwolves >= 0),"
  "  unpegged   INTEGER NOT NULL DEFAULT 0 CHECK (unpegged IN (0, 1)),"
  "  PRIMARY KEY (round, seat)"
  ") WITHOUT ROWID;"
  "CREATE TABLE penalties ("
  "  round    INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,"
  "  ordinal  INTEGER NOT NULL CHECK (ordinal >= 0),"
  "  seat     INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),"
  "  kind     TEXT NOT NULL CHECK (kind IN ('out_of_turn', 'looked_at_discards')),"
  "  PRIMARY KEY (round, ordinal)"
  ") WITHOUT ROWID;"
  "PRAGMA user_version = 1;",
};

#define LW_STORE_SCHEMA_VERSION ((int) G_N_ELEMENTS (migrations))

/* The tables a database of any version ≥ 1 has. */
static const char *const schema_tables[] = {
  "players", "games", "game_seats", "rounds", "round_seats", "penalties",
};

/* ------------------------------------------------------------------ */
/* Errors                                                               */
/* ------------------------------------------------------------------ */

static LwStoreError
error_code_for (int rc)
{
  switch (rc & 0xff)
    {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return LW_STORE_ERROR_BUSY;
    case SQLITE_FULL:
      return LW_STORE_ERROR_FULL;
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
      return LW_STORE_ERROR_NOT_A_DATABASE;
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
      return LW_STORE_ERROR_OPEN;
    default:
      return LW_STORE_ERROR_FAILED;
    }
}

/* Sets @error from SQLite result @rc, naming the database file. */
static void
set_sqlite_error (GError     **error,
                  const char  *path,
                  sqlite3     *db,
                  int          rc)
{
  LwStoreError code = error_code_for (rc);
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

static gboolean
fail (LwStore  *self,
      int       rc,
      GError  **error)
{
  set_sqlite_error (error, self->path, self->db, rc);
  return FALSE;
}

static void
set_not_found (GError **error,
               gint64   id)
{
  g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
               "no game with ID %" G_GINT64_FORMAT, id);
}

/* A stored value the schema allows but a game cannot hold. */
static gboolean
fail_damaged (LwStore     *self,
              gint64       id,
              const char  *what,
              GError     **error)
{
  g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE,
               "%s: game %" G_GINT64_FORMAT " is damaged: %s", self->path, id, what);
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Statements                                                           */
/* ------------------------------------------------------------------ */

/* A prepared statement lent by the store's cache: at the end of its scope
 * it is reset and its bindings cleared (not finalized). */
typedef sqlite3_stmt LwStmt;

static void
lw_stmt_release (LwStmt *stmt)
{
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwStmt, lw_stmt_release)

/* Returns the prepared statement for @sql, which must be a string with
 * static storage (it keys the cache). */
static LwStmt *
get_stmt (LwStore     *self,
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
      fail (self, rc, error);
      return NULL;
    }
  g_hash_table_insert (self->statements, (gpointer) sql, stmt);
  return stmt;
}

static gboolean
bind_int (LwStore   *self,
          LwStmt    *stmt,
          int        index,
          gint64     value,
          GError   **error)
{
  int rc = sqlite3_bind_int64 (stmt, index, value);
  return rc == SQLITE_OK || fail (self, rc, error);
}

/* Binds a seat, or NULL for %LW_NO_SEAT. */
static gboolean
bind_seat_or_null (LwStore   *self,
                   LwStmt    *stmt,
                   int        index,
                   int        seat,
                   GError   **error)
{
  int rc = seat == LW_NO_SEAT ? sqlite3_bind_null (stmt, index)
                              : sqlite3_bind_int (stmt, index, seat);
  return rc == SQLITE_OK || fail (self, rc, error);
}

static gboolean
bind_text (LwStore     *self,
           LwStmt      *stmt,
           int          index,
           const char  *value,
           GError     **error)
{
  int rc = sqlite3_bind_text (stmt, index, value, -1, SQLITE_TRANSIENT);
  return rc == SQLITE_OK || fail (self, rc, error);
}

/* Steps a statement that returns no rows. */
static gboolean
step_done (LwStore   *self,
           LwStmt    *stmt,
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
  return fail (self, rc, error);
}

/* Steps a query: returns %TRUE with *@has_row set (%FALSE when there are no
 * more rows), or %FALSE with @error set. */
static gboolean
step_row (LwStore   *self,
          LwStmt    *stmt,
          gboolean  *has_row,
          GError   **error)
{
  int rc = sqlite3_step (stmt);

  *has_row = rc == SQLITE_ROW;
  if (rc == SQLITE_ROW || rc == SQLITE_DONE)
    return TRUE;
  return fail (self, rc, error);
}

/* Runs SQL text that has no values in it (transaction control, the
 * constant migrations). */
static gboolean
exec_sql (LwStore     *self,
          const char  *sql,
          GError     **error)
{
  int rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);
  return rc == SQLITE_OK || fail (self, rc, error);
}

/* ------------------------------------------------------------------ */
/* Transactions                                                         */
/* ------------------------------------------------------------------ */

static gboolean
begin_write (LwStore  *self,
             GError  **error)
{
  return exec_sql (self, "BEGIN IMMEDIATE", error);
}

static gboolean
begin_read (LwStore  *self,
            GError  **error)
{
  return exec_sql (self, "BEGIN", error);
}

/* Undoes the open transaction, if any; never fails the caller (the error
 * that led here is the one worth reporting). */
static void
rollback (LwStore *self)
{
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

static gboolean
commit (LwStore  *self,
        GError  **error)
{
  if (exec_sql (self, "COMMIT", error))
    return TRUE;
  rollback (self);
  return FALSE;
}

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
      rollback (self);
      sqlite3_close_v2 (self->db);
      self->db = NULL;
    }
  g_clear_pointer (&self->path, g_free);

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
  self->statements = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, finalize_stmt);
}

void
lw_stored_game_free (LwStoredGame *game)
{
  if (game == NULL)
    return;
  g_clear_pointer (&game->record, lw_game_record_free);
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

/* Runs @sql, a query of one integer (0 when it gives no row). */
static gboolean
query_int64 (LwStore     *self,
             const char  *sql,
             gint64      *value,
             GError     **error)
{
  g_autoptr (LwStmt) stmt = get_stmt (self, sql, error);
  gboolean has_row;

  if (stmt == NULL || !step_row (self, stmt, &has_row, error))
    return FALSE;
  *value = has_row ? sqlite3_column_int64 (stmt, 0) : 0;
  return TRUE;
}

static gboolean
read_user_version (LwStore  *self,
                   int      *version,
                   GError  **error)
{
  gint64 value;

  if (!query_int64 (self, "PRAGMA user_version", &value, error))
    return FALSE;
  *version = (int) value;
  return TRUE;
}

static gboolean
has_table (LwStore     *self,
           const char  *name,
           gboolean    *found,
           GError     **error)
{
  g_autoptr (LwStmt) stmt =
    get_stmt (self, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", error);

  return stmt != NULL
         && bind_text (self, stmt, 1, name, error)
         && step_row (self, stmt, found, error);
}

/* Checks, before anything is written, that the file is ours (or empty)
 * and not from a newer version; inside a read transaction. */
static gboolean
check_existing_in_transaction (LwStore  *self,
                               GError  **error)
{
  int version = 0;

  if (!read_user_version (self, &version, error))
    return FALSE;

  if (version > LW_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NEWER_VERSION,
                   "%s: written by a newer version of Little Wolf "
                   "(database version %d, this version reads up to %d)",
                   self->path, version, LW_STORE_SCHEMA_VERSION);
      return FALSE;
    }

  if (version == 0)
    {
      gint64 count = 0;

      /* A new database is empty; anything else belongs to another program. */
      if (!query_int64 (self, "SELECT count(*) FROM sqlite_schema", &count, error))
        return FALSE;
      if (count > 0)
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE,
                       "%s: an SQLite database of another program, not a Little Wolf database",
                       self->path);
          return FALSE;
        }
      return TRUE;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (schema_tables); i++)
    {
      gboolean found = FALSE;

      if (!has_table (self, schema_tables[i], &found, error))
        return FALSE;
      if (!found)
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE,
                       "%s: not a Little Wolf database (no table \"%s\")",
                       self->path, schema_tables[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/* The checks of check_existing_in_transaction() on one state of the file:
 * a program creating the same database at the same moment must not be
 * seen half-way (its tables without its user_version). */
static gboolean
check_existing (LwStore  *self,
                GError  **error)
{
  if (!begin_read (self, error))
    return FALSE;
  if (!check_existing_in_transaction (self, error))
    {
      rollback (self);
      return FALSE;
    }
  return commit (self, error);
}

static gboolean
set_wal (LwStore  *self,
         GError  **error)
{
  g_autoptr (LwStmt) stmt = get_stmt (self, "PRAGMA journal_mode = WAL", error);
  gint64 deadline = g_get_monotonic_time () + LW_STORE_BUSY_TIMEOUT_MS * (gint64) 1000;
  int rc;

  if (stmt == NULL)
    return FALSE;

  /* Changing the journal mode needs the file to itself, and SQLite does
   * not wait for that with the busy timeout: another program opening the
   * same new database at the same moment makes it fail at once. Wait as
   * long as the busy timeout would. The result row names the mode now in
   * force; a database that cannot use WAL (e.g. in memory) keeps its own. */
  while (((rc = sqlite3_step (stmt)) & 0xff) == SQLITE_BUSY
         && g_get_monotonic_time () < deadline)
    {
      sqlite3_reset (stmt);
      g_usleep (10 * 1000);
    }
  if (rc == SQLITE_ROW || rc == SQLITE_DONE)
    return TRUE;
  return fail (self, rc, error);
}

static gboolean
migrate (LwStore  *self,
         GError  **error)
{
  int version = 0;

  if (!begin_write (self, error))
    return FALSE;

  /* Read again under the write lock: another program may have migrated
   * the file since check_existing(). */
  if (!read_user_version (self, &version, error))
    goto failed;
  if (version > LW_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NEWER_VERSION,
                   "%s: written by a newer version of Little Wolf "
                   "(database version %d, this version reads up to %d)",
                   self->path, version, LW_STORE_SCHEMA_VERSION);
      goto failed;
    }

  for (int v = version; v < LW_STORE_SCHEMA_VERSION; v++)
    if (!exec_sql (self, migrations[v], error))
      goto failed;

  return commit (self, error);

failed:
  rollback (self);
  return FALSE;
}

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
                   error_code_for (rc) == LW_STORE_ERROR_NOT_A_DATABASE
                     ? LW_STORE_ERROR_NOT_A_DATABASE : LW_STORE_ERROR_OPEN,
                   "%s: cannot open the database (%s)", path,
                   self->db != NULL ? sqlite3_errmsg (self->db) : sqlite3_errstr (rc));
      return NULL;
    }

  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, LW_STORE_BUSY_TIMEOUT_MS);

  if (!exec_sql (self, "PRAGMA foreign_keys = ON", error)
      || !check_existing (self, error)
      || !set_wal (self, error)
      || !migrate (self, error))
    return NULL;

  return g_steal_pointer (&self);
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

static gboolean
player_id (LwStore     *self,
           const char  *name,
           gint64      *id,
           GError     **error)
{
  gboolean has_row;

  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self, "INSERT OR IGNORE INTO players (name) VALUES (?)", error);

    if (stmt == NULL
        || !bind_text (self, stmt, 1, name, error)
        || !step_done (self, stmt, error))
      return FALSE;
  }

  {
    g_autoptr (LwStmt) stmt = get_stmt (self, "SELECT id FROM players WHERE name = ?", error);

    if (stmt == NULL
        || !bind_text (self, stmt, 1, name, error)
        || !step_row (self, stmt, &has_row, error))
      return FALSE;
    if (!has_row)
      {
        g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_FAILED,
                     "%s: player \"%s\" was not stored", self->path, name);
        return FALSE;
      }
    *id = sqlite3_column_int64 (stmt, 0);
  }
  return TRUE;
}

/* The kind's name in the penalties table, as in GAME-RECORD.md. */
static const char *
penalty_kind_to_string (LwPenaltyKind kind)
{
  return kind == LW_PENALTY_LOOKED_AT_DISCARDS ? "looked_at_discards" : "out_of_turn";
}

static gboolean
penalty_kind_from_string (const char    *name,
                          LwPenaltyKind *kind)
{
  if (g_strcmp0 (name, "out_of_turn") == 0)
    *kind = LW_PENALTY_OUT_OF_TURN;
  else if (g_strcmp0 (name, "looked_at_discards") == 0)
    *kind = LW_PENALTY_LOOKED_AT_DISCARDS;
  else
    return FALSE;
  return TRUE;
}

/* Inserts @round as round @number of game @game_id; inside a transaction. */
static gboolean
insert_round (LwStore             *self,
              gint64               game_id,
              const LwGameRecord  *record,
              guint                number,
              const LwRound       *round,
              GError             **error)
{
  gint64 round_id;

  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self,
                "INSERT INTO rounds (game, number, is_void, declarer, all_but_last, dealer)"
                " VALUES (?, ?, ?, ?, ?, ?)", error);

    if (stmt == NULL
        || !bind_int (self, stmt, 1, game_id, error)
        || !bind_int (self, stmt, 2, number, error)
        || !bind_int (self, stmt, 3, round->is_void ? 1 : 0, error)
        || !bind_seat_or_null (self, stmt, 4, round->declarer, error)
        || !bind_int (self, stmt, 5, round->all_but_last ? 1 : 0, error)
        || !bind_seat_or_null (self, stmt, 6, round->dealer, error)
        || !step_done (self, stmt, error))
      return FALSE;
    round_id = sqlite3_last_insert_rowid (self->db);
  }

  /* A void round was not played: it has no per-seat facts. */
  if (!round->is_void)
    for (guint seat = 0; seat < record->n_players; seat++)
      {
        g_autoptr (LwStmt) stmt =
          get_stmt (self,
                    "INSERT INTO round_seats (round, seat, cards, worms, gongs, bears,"
                    " wolves, court, garwolves, unpegged)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", error);

        if (stmt == NULL
            || !bind_int (self, stmt, 1, round_id, error)
            || !bind_int (self, stmt, 2, seat, error)
            || !bind_int (self, stmt, 3, round->cards[seat], error)
            || !bind_int (self, stmt, 4, round->worms[seat], error)
            || !bind_int (self, stmt, 5, round->gongs[seat], error)
            || !bind_int (self, stmt, 6, round->bears[seat], error)
            || !bind_int (self, stmt, 7, round->wolves[seat], error)
            || !bind_int (self, stmt, 8, round->court[seat], error)
            || !bind_int (self, stmt, 9, round->garwolves[seat], error)
            || !bind_int (self, stmt, 10, round->unpegged[seat] ? 1 : 0, error)
            || !step_done (self, stmt, error))
          return FALSE;
      }

  for (guint i = 0; round->penalties != NULL && i < round->penalties->len; i++)
    {
      const LwPenalty *penalty = &g_array_index (round->penalties, LwPenalty, i);
      g_autoptr (LwStmt) stmt =
        get_stmt (self,
                  "INSERT INTO penalties (round, ordinal, seat, kind) VALUES (?, ?, ?, ?)",
                  error);

      if (stmt == NULL
          || !bind_int (self, stmt, 1, round_id, error)
          || !bind_int (self, stmt, 2, i, error)
          || !bind_int (self, stmt, 3, penalty->seat, error)
          || !bind_text (self, stmt, 4, penalty_kind_to_string (penalty->kind), error)
          || !step_done (self, stmt, error))
        return FALSE;
    }

  return TRUE;
}

/* Inserts the whole of @record as a new game; inside a transaction. */
static gint64
insert_game (LwStore             *self,
             const LwGameRecord  *record,
             GError             **error)
{
  gint64 game_id;

  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self,
                "INSERT INTO games (ruleset, start_score, target, skunk, first_dealer,"
                " n_teams, created) VALUES (?, ?, ?, ?, ?, ?, ?)", error);

    if (stmt == NULL
        || !bind_text (self, stmt, 1, lw_ruleset_to_string (record->ruleset), error)
        || !bind_int (self, stmt, 2, record->start_score, error)
        || !bind_int (self, stmt, 3, record->target, error)
        || !bind_int (self, stmt, 4, record->skunk, error)
        || !bind_int (self, stmt, 5, record->first_dealer, error)
        || !bind_int (self, stmt, 6, record->n_teams, error)
        || !bind_int (self, stmt, 7, g_get_real_time () / G_USEC_PER_SEC, error)
        || !step_done (self, stmt, error))
      return 0;
    game_id = sqlite3_last_insert_rowid (self->db);
  }

  for (guint seat = 0; seat < record->n_players; seat++)
    {
      gint64 player = 0;
      g_autoptr (LwStmt) stmt = NULL;

      if (!player_id (self, record->players[seat], &player, error))
        return 0;

      stmt = get_stmt (self,
                       "INSERT INTO game_seats (game, seat, player, team) VALUES (?, ?, ?, ?)",
                       error);
      if (stmt == NULL
          || !bind_int (self, stmt, 1, game_id, error)
          || !bind_int (self, stmt, 2, seat, error)
          || !bind_int (self, stmt, 3, player, error)
          || !bind_seat_or_null (self, stmt, 4,
                                 record->n_teams > 0 ? record->team_of[seat] : LW_NO_SEAT,
                                 error)
          || !step_done (self, stmt, error))
        return 0;
    }

  for (guint i = 0; i < record->rounds->len; i++)
    if (!insert_round (self, game_id, record, i + 1, g_ptr_array_index (record->rounds, i), error))
      return 0;

  return game_id;
}

gint64
lw_store_add_game (LwStore             *self,
                   const LwGameRecord  *record,
                   GError             **error)
{
  g_autoptr (LwStandings) standings = NULL;
  gint64 id;

  g_return_val_if_fail (LW_IS_STORE (self), 0);
  g_return_val_if_fail (record != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  /* The engine's verdict first: a record it refuses is never stored. */
  standings = lw_standings_compute (record, error);
  if (standings == NULL)
    return 0;

  if (!begin_write (self, error))
    return 0;
  id = insert_game (self, record, error);
  if (id <= 0 || !commit (self, error))
    {
      rollback (self);
      return 0;
    }
  return id;
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */
/* ------------------------------------------------------------------ */

/* Reads seat @column of the current row into *@seat: %LW_NO_SEAT for
 * NULL, else a seat of the game's table. */
static gboolean
column_seat (LwStmt  *stmt,
             int      column,
             guint    n_players,
             int     *seat)
{
  gint64 value;

  if (sqlite3_column_type (stmt, column) == SQLITE_NULL)
    {
      *seat = LW_NO_SEAT;
      return TRUE;
    }
  value = sqlite3_column_int64 (stmt, column);
  if (value < 0 || value >= n_players)
    return FALSE;
  *seat = (int) value;
  return TRUE;
}

static gboolean
load_round_seats (LwStore       *self,
                  gint64         game_id,
                  gint64         round_id,
                  guint          n_players,
                  LwRound       *round,
                  GError       **error)
{
  g_autoptr (LwStmt) stmt =
    get_stmt (self,
              "SELECT seat, cards, worms, gongs, bears, wolves, court, garwolves, unpegged"
              " FROM round_seats WHERE round = ? ORDER BY seat", error);
  gboolean has_row;

  if (stmt == NULL || !bind_int (self, stmt, 1, round_id, error))
    return FALSE;

  while (step_row (self, stmt, &has_row, error))
    {
      int seat;

      if (!has_row)
        return TRUE;
      if (!column_seat (stmt, 0, n_players, &seat) || seat == LW_NO_SEAT)
        return fail_damaged (self, game_id, "a round names a seat out of range", error);

      round->cards[seat] = sqlite3_column_int (stmt, 1);
      round->worms[seat] = sqlite3_column_int (stmt, 2);
      round->gongs[seat] = sqlite3_column_int (stmt, 3);
      round->bears[seat] = sqlite3_column_int (stmt, 4);
      round->wolves[seat] = sqlite3_column_int (stmt, 5);
      round->court[seat] = sqlite3_column_int (stmt, 6);
      round->garwolves[seat] = sqlite3_column_int (stmt, 7);
      round->unpegged[seat] = sqlite3_column_int (stmt, 8) != 0;
    }
  return FALSE;
}

static gboolean
load_penalties (LwStore  *self,
                gint64    game_id,
                gint64    round_id,
                guint     n_players,
                LwRound  *round,
                GError  **error)
{
  g_autoptr (LwStmt) stmt =
    get_stmt (self, "SELECT seat, kind FROM penalties WHERE round = ? ORDER BY ordinal", error);
  gboolean has_row;

  if (stmt == NULL || !bind_int (self, stmt, 1, round_id, error))
    return FALSE;

  while (step_row (self, stmt, &has_row, error))
    {
      int seat;
      LwPenaltyKind kind;

      if (!has_row)
        return TRUE;
      if (!column_seat (stmt, 0, n_players, &seat) || seat == LW_NO_SEAT)
        return fail_damaged (self, game_id, "a penalty names a seat out of range", error);
      if (!penalty_kind_from_string ((const char *) sqlite3_column_text (stmt, 1), &kind))
        return fail_damaged (self, game_id, "a penalty of an unknown kind", error);
      lw_round_add_penalty (round, seat, kind);
    }
  return FALSE;
}

static gboolean
load_rounds (LwStore       *self,
             gint64         game_id,
             LwGameRecord  *record,
             GError       **error)
{
  g_autoptr (GPtrArray) rounds = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_round_free);
  g_autoptr (GArray) round_ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  /* First the rounds themselves, then their seats and penalties (one
   * statement at a time keeps each cached statement's use simple). */
  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self,
                "SELECT id, number, is_void, declarer, all_but_last, dealer"
                " FROM rounds WHERE game = ? ORDER BY number", error);
    gboolean has_row = FALSE;

    if (stmt == NULL || !bind_int (self, stmt, 1, game_id, error))
      return FALSE;

    for (;;)
      {
        g_autoptr (LwRound) round = NULL;
        gint64 round_id;

        if (!step_row (self, stmt, &has_row, error))
          return FALSE;
        if (!has_row)
          break;

        if (sqlite3_column_int64 (stmt, 1) != (gint64) rounds->len + 1)
          return fail_damaged (self, game_id, "its rounds are not numbered 1, 2, 3…", error);

        round = lw_round_new ();
        round_id = sqlite3_column_int64 (stmt, 0);
        round->is_void = sqlite3_column_int (stmt, 2) != 0;
        round->all_but_last = sqlite3_column_int (stmt, 4) != 0;
        if (!column_seat (stmt, 3, record->n_players, &round->declarer)
            || !column_seat (stmt, 5, record->n_players, &round->dealer))
          return fail_damaged (self, game_id, "a round names a seat out of range", error);

        g_array_append_val (round_ids, round_id);
        g_ptr_array_add (rounds, g_steal_pointer (&round));
      }
  }

  for (guint i = 0; i < rounds->len; i++)
    {
      LwRound *round = g_ptr_array_index (rounds, i);
      gint64 round_id = g_array_index (round_ids, gint64, i);

      if (!load_round_seats (self, game_id, round_id, record->n_players, round, error)
          || !load_penalties (self, game_id, round_id, record->n_players, round, error))
        return FALSE;
    }

  g_ptr_array_extend_and_steal (record->rounds, g_steal_pointer (&rounds));
  return TRUE;
}

/* Loads game @id; inside a (read or write) transaction. */
static LwStoredGame *
load_game (LwStore  *self,
           gint64    id,
           GError  **error)
{
  g_autoptr (LwStoredGame) game = g_new0 (LwStoredGame, 1);
  LwRuleset ruleset;
  int start_score, target, skunk;
  gint64 first_dealer, n_teams;
  char *names[LW_MAX_SEATS] = { NULL, };
  int team_of[LW_MAX_SEATS] = { 0, };
  guint n_players = 0;
  gboolean ok = FALSE;

  game->id = id;

  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self,
                "SELECT ruleset, start_score, target, skunk, first_dealer, n_teams, created"
                " FROM games WHERE id = ?", error);
    gboolean has_row;

    if (stmt == NULL
        || !bind_int (self, stmt, 1, id, error)
        || !step_row (self, stmt, &has_row, error))
      return NULL;
    if (!has_row)
      {
        set_not_found (error, id);
        return NULL;
      }
    if (!lw_ruleset_from_string ((const char *) sqlite3_column_text (stmt, 0), &ruleset))
      {
        fail_damaged (self, id, "unknown ruleset", error);
        return NULL;
      }
    start_score = sqlite3_column_int (stmt, 1);
    target = sqlite3_column_int (stmt, 2);
    skunk = sqlite3_column_int (stmt, 3);
    first_dealer = sqlite3_column_int64 (stmt, 4);
    n_teams = sqlite3_column_int64 (stmt, 5);
    game->created = sqlite3_column_int64 (stmt, 6);
  }

  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self,
                "SELECT s.seat, p.name, s.team FROM game_seats AS s"
                " JOIN players AS p ON p.id = s.player"
                " WHERE s.game = ? ORDER BY s.seat", error);
    gboolean has_row;

    if (stmt == NULL || !bind_int (self, stmt, 1, id, error))
      return NULL;

    while ((ok = step_row (self, stmt, &has_row, error)) && has_row)
      {
        if (n_players >= LW_MAX_SEATS || sqlite3_column_int64 (stmt, 0) != n_players)
          {
            ok = fail_damaged (self, id, "its seats are not numbered 0, 1, 2…", error);
            break;
          }
        names[n_players] = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
        if (n_teams > 0)
          {
            gint64 team = sqlite3_column_int64 (stmt, 2);

            if (sqlite3_column_type (stmt, 2) == SQLITE_NULL || team < 0 || team >= n_teams)
              {
                ok = fail_damaged (self, id, "a seat has no side", error);
                n_players++;
                break;
              }
            team_of[n_players] = (int) team;
          }
        n_players++;
      }
  }

  if (ok && (n_players == 0 || first_dealer < 0 || first_dealer >= n_players))
    ok = fail_damaged (self, id, "its seats do not match its setup", error);

  if (ok)
    {
      game->record = lw_game_record_new (ruleset, n_players, (const char *const *) names);
      game->record->start_score = start_score;
      game->record->target = target;
      game->record->skunk = skunk;
      game->record->first_dealer = (int) first_dealer;
      if (n_teams > 0)
        lw_game_record_set_teams (game->record, (guint) n_teams, team_of);
    }

  for (guint i = 0; i < n_players; i++)
    g_free (names[i]);

  if (!ok || !load_rounds (self, id, game->record, error))
    return NULL;

  return g_steal_pointer (&game);
}

LwStoredGame *
lw_store_load_game (LwStore  *self,
                    gint64    id,
                    GError  **error)
{
  g_autoptr (LwStoredGame) game = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!begin_read (self, error))
    return NULL;
  game = load_game (self, id, error);
  if (game == NULL || !commit (self, error))
    {
      rollback (self);
      return NULL;
    }
  return g_steal_pointer (&game);
}

GPtrArray *
lw_store_list_games (LwStore  *self,
                     GError  **error)
{
  g_autoptr (GPtrArray) games =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_stored_game_free);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!begin_read (self, error))
    return NULL;

  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self, "SELECT id FROM games ORDER BY created DESC, id DESC", error);
    gboolean has_row = FALSE;
    gboolean ok = stmt != NULL;

    while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
      {
        gint64 id = sqlite3_column_int64 (stmt, 0);
        g_array_append_val (ids, id);
      }
    if (!ok)
      {
        rollback (self);
        return NULL;
      }
  }

  for (guint i = 0; i < ids->len; i++)
    {
      LwStoredGame *game = load_game (self, g_array_index (ids, gint64, i), error);

      if (game == NULL)
        {
          rollback (self);
          return NULL;
        }
      g_ptr_array_add (games, game);
    }

  if (!commit (self, error))
    return NULL;
  return g_steal_pointer (&games);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  const char *name_a = *(const char *const *) a;
  const char *name_b = *(const char *const *) b;
  g_autofree char *fold_a = g_utf8_casefold (name_a, -1);
  g_autofree char *fold_b = g_utf8_casefold (name_b, -1);
  int order = g_utf8_collate (fold_a, fold_b);

  /* Names that differ only in case keep one order. */
  return order != 0 ? order : strcmp (name_a, name_b);
}

char **
lw_store_list_player_names (LwStore  *self,
                            GError  **error)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (LwStmt) stmt = NULL;
  gboolean has_row = FALSE;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stmt = get_stmt (self, "SELECT name FROM players", error);
  ok = stmt != NULL;
  while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
    g_ptr_array_add (names, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  if (!ok)
    return NULL;

  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

/* ------------------------------------------------------------------ */
/* Changing a stored game                                               */
/* ------------------------------------------------------------------ */

gboolean
lw_store_append_round (LwStore        *self,
                       gint64          id,
                       const LwRound  *round,
                       GError        **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Hold the write lock from reading the game to storing the round, so
   * the replay checks the rounds that the new one really follows. */
  if (!begin_write (self, error))
    return FALSE;

  game = load_game (self, id, error);
  if (game == NULL)
    goto failed;

  g_ptr_array_add (game->record->rounds, lw_round_copy (round));
  standings = lw_standings_compute (game->record, error);
  if (standings == NULL)
    goto failed;

  if (!insert_round (self, id, game->record, game->record->rounds->len, round, error)
      || !commit (self, error))
    goto failed;
  return TRUE;

failed:
  rollback (self);
  return FALSE;
}

static gboolean
game_exists (LwStore  *self,
             gint64    id,
             GError  **error)
{
  g_autoptr (LwStmt) stmt = get_stmt (self, "SELECT 1 FROM games WHERE id = ?", error);
  gboolean has_row;

  if (stmt == NULL
      || !bind_int (self, stmt, 1, id, error)
      || !step_row (self, stmt, &has_row, error))
    return FALSE;
  if (!has_row)
    {
      set_not_found (error, id);
      return FALSE;
    }
  return TRUE;
}

gboolean
lw_store_remove_last_round (LwStore  *self,
                            gint64    id,
                            GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!begin_write (self, error))
    return FALSE;

  if (!game_exists (self, id, error))
    goto failed;

  {
    /* The round's seats and penalties go with it (ON DELETE CASCADE). */
    g_autoptr (LwStmt) stmt =
      get_stmt (self,
                "DELETE FROM rounds WHERE game = ?1 AND number ="
                " (SELECT max (number) FROM rounds WHERE game = ?1)", error);

    if (stmt == NULL
        || !bind_int (self, stmt, 1, id, error)
        || !step_done (self, stmt, error))
      goto failed;
  }

  if (!commit (self, error))
    goto failed;
  return TRUE;

failed:
  rollback (self);
  return FALSE;
}

gboolean
lw_store_delete_game (LwStore  *self,
                      gint64    id,
                      GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!begin_write (self, error))
    return FALSE;

  {
    /* Seats and rounds go with the game (ON DELETE CASCADE); its players
     * stay known for the next game. */
    g_autoptr (LwStmt) stmt = get_stmt (self, "DELETE FROM games WHERE id = ?", error);

    if (stmt == NULL
        || !bind_int (self, stmt, 1, id, error)
        || !step_done (self, stmt, error))
      goto failed;
    if (sqlite3_changes (self->db) == 0)
      {
        set_not_found (error, id);
        goto failed;
      }
  }

  if (!commit (self, error))
    goto failed;
  return TRUE;

failed:
  rollback (self);
  return FALSE;
}
