/* lw-store.c — the SQLite database of players, games and rounds
 *
 * One connection per LwStore. Prepared statements are kept for the life of
 * the connection and reset after each use; every value is bound, never
 * written into SQL text. Every write runs in one BEGIN IMMEDIATE transaction
 * that is rolled back on any error, and every read of more than one
 * statement runs in one read transaction, so it sees one state of the file.
 *
 * The schema (version 9, PRAGMA user_version):
 *
 *   players      a person who sat at a game, by name
 *   games        the setup of a game: ruleset, rules, first dealer, sides
 *   game_seats   who sat in each seat of a game, and on which side
 *   rounds       a round's facts that are not per seat
 *   round_seats  a round's facts per seat (cards, Den cards, Garwolf counts,
 *                unpegged); a void round has none
 *   penalties    a round's in-round penalties, in the order they happened
 *                (version 2: a note and the time it was noted, both
 *                nullable: rows of version 1 have neither)
 *
 * Added in version 2:
 *   games.notes, games.played_at, games.place   details of a game
 *   pending_penalties  penalties noted during the round being played,
 *                before the round is stored
 *   seat_changes  substitutes: from which round a seat changed hands,
 *                 and who sat there before (game_seats holds who sits now)
 *   edits         the edit log: every change to a game, old and new facts
 *                 as JSON; no foreign key, so that a deleted game's log
 *                 (with the copy that brings it back) stays
 *
 * Added in version 3:
 *   games.king_and_knave  Garwolf's King and Knave house rule (SCORING G3)
 *                 is played; 0 or 1. Not part of the game record (its JSON
 *                 format has no such key): it lives in the store only.
 *
 * Added in version 4 (events, lw-store-events.c):
 *   events         a tournament: name, format, table size, rounds (0: the
 *                  format's default), event points, the pairing seed
 *   event_players  its entrants in registration order (entrant 0, 1, …),
 *                  each a player, with check-in/drop status and the first
 *                  round they could play
 *   event_rounds   the rounds paired
 *   event_byes     who sat out with a bye in a round
 *   event_tables   a round's tables: first dealer, and the result: a
 *                  stored game (games.id; set to NULL when the game is
 *                  deleted) or paper = 1 with event_seats.paper_score
 *   event_seats    who sits in each seat, and the paper score
 * Event points, standings and ratings are never stored: the engine
 * derives them (lw-event.h, lw-rating.h).
 *
 * Added in version 5 (the virtual table, lw-store-table.c):
 *   virtual_tables  a game played at the virtual table: who sits where
 *                  (person or computer, its level) and the game's seed as
 *                  JSON, and the round in progress (the table's JSON: its
 *                  deal and action log) with the game's round number it
 *                  deals; NULL between rounds. The finished rounds are the
 *                  game's rounds, as for any game.
 *
 * Added in version 6 (replays, lw-store-table.c; table entry, lw-store-entry.c;
 * tie-breaks, lw-store-events.c):
 *   virtual_round_logs  the action log (the table's JSON) of each round
 *                  played to its end at the virtual table, by the game's
 *                  round number; renumbered with the rounds, and dropped
 *                  when its round is deleted or its facts are corrected by
 *                  hand (the log would no longer give them).
 *   round_locks   rounds the director has locked: table entry from a
 *                 phone can no longer correct them (the app still can);
 *                 kept by round number
 *   event_table_games  the scorekeeper game kept for an event's table
 *                 while it is being played (event_tables.game is set only
 *                 once the game is finished and its result counts)
 *
 * Added in version 7 (the result cache, lw-store-results.c):
 *   games.version  the game's version (lw_store_get_game_version()): the
 *                 number of its edit log entries plus those undone, kept
 *                 by triggers on the edit log, so that every change to the
 *                 game makes it grow (a restored game takes it back from
 *                 its log)
 *   game_result_cache  a cache, never the truth: each game's final result
 *                 as the engine's replay of its rounds gave it at a
 *                 version of the game (the seats' players and sides, the
 *                 final scores, finished, winner, skunk, rated). A row
 *                 whose version is not the game's is stale and is
 *                 recomputed from the rounds; every write to a game
 *                 writes its row again in the same transaction. Dropping
 *                 every row loses nothing.
 *
 * Version 8 (the names rule, GAME-RECORD.md "Names"; lw-store-names.c):
 *   edits.kind may be 'rename': a stored name that broke the names rule
 *                 (a player's, an event's, a place) or notes that broke the
 *                 notes rule, renamed once by the migration; old and new
 *                 are {"what": "player" | "event" | "place" | "notes",
 *                 "id", "text" (the old text cut to 200 characters),
 *                 ("length": its length when cut)}. Not undone by Undo.
 *
 * Version 9 (game record version 2, GAME-RECORD.md "Identity"):
 *   games.uuid    the game's stable identity, a lowercase UUID, given when
 *                 the game is created (or kept from the record imported)
 *                 and written by export as the record's "id"; unique
 *   games.body_hash  for an imported game, lw_game_record_body_hash() of
 *                 the record it came from (NULL otherwise): the same
 *                 players and rounds imported again are a duplicate
 *
 * Scores, status and winners are never stored as the truth: they are the
 * engine's replay of the stored rounds (lw_standings_compute()); the
 * result cache only keeps the last replay for the version it was made at.
 *
 * Whose file it is (PRAGMA application_id): LW_STORE_APPLICATION_ID,
 * 0x4C574F4C ("LWOL"), set when the database is created. A file with
 * another application_id belongs to another program; one with 0 (made
 * before the ID was set, or by another program) is ours only when its
 * tables, indexes, triggers and columns are exactly those our migrations
 * give for its user_version; it then gets the ID. Anything else is
 * refused before anything is written (no backup, no WAL, no migration).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sqlite3.h>

#include "lw-json-text.h"
#include "lw-store.h"
#include "lw-store-private.h"

/* PRAGMA application_id of a Little Wolf database: "LWOL". */
#define LW_STORE_APPLICATION_ID 0x4C574F4C
G_STATIC_ASSERT (LW_STORE_APPLICATION_ID == 1280790348);  /* the PRAGMA below */

/* How long the quick check that names a malformed file's damage may take
 * (lw_store_check_damage()). */
#define LW_STORE_DAMAGE_CHECK_MS 500

/* How long a statement waits for another program's lock before giving up. */
#define LW_STORE_BUSY_TIMEOUT_MS 5000

struct _LwStore
{
  GObject     parent_instance;

  /* owned */
  char       *path;
  sqlite3    *db;
  GHashTable *statements;  /* SQL text (static) → sqlite3_stmt* */

  /* How many transactions are open, one inside the other (0: none; 1:
   * BEGIN; more: savepoints inside it). */
  guint       depth;
  /* The file was found damaged: nothing more is written to it. */
  gboolean    damaged;
};

G_DEFINE_TYPE (LwStore, lw_store, G_TYPE_OBJECT)

G_DEFINE_QUARK (lw-store-error-quark, lw_store_error)

/* ------------------------------------------------------------------ */
/* The schema and its migrations                                        */
/* ------------------------------------------------------------------ */

/* The triggers that keep games.version from the edit log (schema 7), made
 * again when schema 8 makes the edit log again. */
#define EDITS_VERSION_TRIGGERS \
  "CREATE TRIGGER edits_insert_version AFTER INSERT ON edits BEGIN" \
  "  UPDATE games SET version = version + 1 + (NEW.undone_at IS NOT NULL)" \
  "    WHERE id = NEW.game;" \
  "END;" \
  "CREATE TRIGGER edits_update_version AFTER UPDATE ON edits BEGIN" \
  "  UPDATE games SET version = version + 1 WHERE id IN (OLD.game, NEW.game);" \
  "END;" \
  "CREATE TRIGGER edits_delete_version AFTER DELETE ON edits BEGIN" \
  "  UPDATE games SET version = version + 1 WHERE id = OLD.game;" \
  "END;" \
  "CREATE TRIGGER games_insert_version AFTER INSERT ON games" \
  "  WHEN EXISTS (SELECT 1 FROM edits WHERE game = NEW.id) BEGIN" \
  "  UPDATE games SET version = (SELECT count (*) + count (undone_at) FROM edits" \
  "                              WHERE game = NEW.id)" \
  "    WHERE id = NEW.id;" \
  "END;"

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

  /* 1 → 2 */
  "ALTER TABLE games ADD COLUMN notes TEXT;"
  "ALTER TABLE games ADD COLUMN played_at INTEGER;"
  "ALTER TABLE games ADD COLUMN place TEXT;"
  "ALTER TABLE penalties ADD COLUMN note TEXT;"
  "ALTER TABLE penalties ADD COLUMN noted_at INTEGER;"
  "CREATE TABLE pending_penalties ("
  "  id        INTEGER PRIMARY KEY,"
  "  game      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  seat      INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),"
  "  kind      TEXT NOT NULL CHECK (kind IN ('out_of_turn', 'looked_at_discards')),"
  "  note      TEXT,"
  "  noted_at  INTEGER NOT NULL"
  ");"
  "CREATE INDEX pending_penalties_game ON pending_penalties (game);"
  "CREATE TABLE seat_changes ("
  "  id          INTEGER PRIMARY KEY,"
  "  game        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  seat        INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),"
  "  from_round  INTEGER NOT NULL CHECK (from_round >= 1),"
  "  old_player  INTEGER NOT NULL REFERENCES players (id),"
  "  new_player  INTEGER NOT NULL REFERENCES players (id),"
  "  changed_at  INTEGER NOT NULL"
  ");"
  "CREATE INDEX seat_changes_game ON seat_changes (game);"
  "CREATE TABLE edits ("
  "  id         INTEGER PRIMARY KEY AUTOINCREMENT,"
  "  game       INTEGER NOT NULL,"
  "  at         INTEGER NOT NULL,"
  "  kind       TEXT NOT NULL CHECK (kind IN ('append_round', 'replace_round', 'insert_round',"
  "               'delete_round', 'substitute', 'notes', 'details', 'delete_game')),"
  "  number     INTEGER NOT NULL DEFAULT 0 CHECK (number >= 0),"
  "  old        TEXT,"
  "  new        TEXT,"
  "  undone_at  INTEGER"
  ");"
  "CREATE INDEX edits_game ON edits (game, id);"
  "PRAGMA user_version = 2;",

  /* 2 → 3 */
  "ALTER TABLE games ADD COLUMN king_and_knave INTEGER NOT NULL DEFAULT 0;"
  "PRAGMA user_version = 3;",

  /* 3 → 4 */
  "CREATE TABLE events ("
  "  id             INTEGER PRIMARY KEY AUTOINCREMENT,"
  "  name           TEXT NOT NULL CHECK (length (name) > 0),"
  "  format         TEXT NOT NULL"
  "                 CHECK (format IN ('swiss', 'round-robin', 'partners', 'elimination')),"
  "  table_size     INTEGER NOT NULL CHECK (table_size BETWEEN 2 AND 4),"
  "  rounds         INTEGER NOT NULL DEFAULT 0 CHECK (rounds BETWEEN 0 AND 1000),"
  "  points_win     INTEGER NOT NULL DEFAULT 3 CHECK (points_win BETWEEN 0 AND 1000),"
  "  points_second  INTEGER NOT NULL DEFAULT 1 CHECK (points_second BETWEEN 0 AND 1000),"
  "  points_other   INTEGER NOT NULL DEFAULT 0 CHECK (points_other BETWEEN 0 AND 1000),"
  "  seed           INTEGER NOT NULL DEFAULT 0,"
  "  created        INTEGER NOT NULL"
  ");"
  "CREATE TABLE event_players ("
  "  event         INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,"
  "  entrant       INTEGER NOT NULL CHECK (entrant >= 0),"
  "  player        INTEGER NOT NULL REFERENCES players (id),"
  "  status        TEXT NOT NULL CHECK (status IN ('registered', 'checked_in', 'dropped')),"
  "  joined_round  INTEGER NOT NULL CHECK (joined_round >= 1),"
  "  PRIMARY KEY (event, entrant),"
  "  UNIQUE (event, player)"
  ") WITHOUT ROWID;"
  "CREATE INDEX event_players_player ON event_players (player);"
  "CREATE TABLE event_rounds ("
  "  event      INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,"
  "  number     INTEGER NOT NULL CHECK (number >= 1),"
  "  paired_at  INTEGER NOT NULL,"
  "  PRIMARY KEY (event, number)"
  ") WITHOUT ROWID;"
  "CREATE TABLE event_byes ("
  "  event    INTEGER NOT NULL,"
  "  round    INTEGER NOT NULL,"
  "  entrant  INTEGER NOT NULL,"
  "  PRIMARY KEY (event, round, entrant),"
  "  FOREIGN KEY (event, round) REFERENCES event_rounds (event, number) ON DELETE CASCADE,"
  "  FOREIGN KEY (event, entrant) REFERENCES event_players (event, entrant)"
  ") WITHOUT ROWID;"
  "CREATE TABLE event_tables ("
  "  id            INTEGER PRIMARY KEY,"
  "  event         INTEGER NOT NULL,"
  "  round         INTEGER NOT NULL,"
  "  number        INTEGER NOT NULL CHECK (number >= 1),"
  "  first_dealer  INTEGER NOT NULL CHECK (first_dealer BETWEEN 0 AND 3),"
  "  game          INTEGER REFERENCES games (id) ON DELETE SET NULL,"
  "  paper         INTEGER NOT NULL DEFAULT 0 CHECK (paper IN (0, 1)),"
  "  UNIQUE (event, round, number),"
  "  FOREIGN KEY (event, round) REFERENCES event_rounds (event, number) ON DELETE CASCADE"
  ");"
  "CREATE INDEX event_tables_game ON event_tables (game);"
  "CREATE TABLE event_seats ("
  "  event_table  INTEGER NOT NULL REFERENCES event_tables (id) ON DELETE CASCADE,"
  "  seat         INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),"
  "  entrant      INTEGER NOT NULL CHECK (entrant >= 0),"
  "  paper_score  INTEGER CHECK (paper_score IS NULL OR paper_score BETWEEN 0 AND 999),"
  "  PRIMARY KEY (event_table, seat)"
  ") WITHOUT ROWID;"
  "PRAGMA user_version = 4;",

  /* 4 → 5 */
  "CREATE TABLE virtual_tables ("
  "  game          INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  seats         TEXT NOT NULL,"
  "  round_number  INTEGER NOT NULL DEFAULT 0 CHECK (round_number >= 0),"
  "  round         TEXT,"
  "  saved_at      INTEGER NOT NULL"
  ");"
  "PRAGMA user_version = 5;",
  /* 5 → 6: an event's tie-breaks, chosen and ordered (NULL: the default
   * order, docs/EVENTS.md); the action logs of finished virtual rounds,
   * for their replay */
  "ALTER TABLE events ADD COLUMN tiebreaks TEXT;"
  "CREATE TABLE virtual_round_logs ("
  "  game    INTEGER REFERENCES games (id) ON DELETE CASCADE,"
  "  number  INTEGER CHECK (number >= 1),"
  "  log     TEXT NOT NULL,"
  "  PRIMARY KEY (game, number)"
  ");"
  "CREATE TABLE round_locks ("
  "  game       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  number     INTEGER NOT NULL CHECK (number >= 1),"
  "  locked_at  INTEGER NOT NULL,"
  "  PRIMARY KEY (game, number)"
  ") WITHOUT ROWID;"
  "CREATE TABLE event_table_games ("
  "  event_table  INTEGER PRIMARY KEY REFERENCES event_tables (id) ON DELETE CASCADE,"
  "  game         INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE"
  ");"
  "PRAGMA user_version = 6;",

  /* 6 → 7: the game's version, kept by triggers on the edit log (one for
   * each entry, one more when it is undone: lw_store_get_game_version()),
   * and the cache of each game's final result at a version. Any other
   * change to the log makes the version grow too; a game restored with
   * its ID takes the version its log gives. */
  "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;"
  "UPDATE games SET version = (SELECT count (*) + count (undone_at) FROM edits"
  "                            WHERE edits.game = games.id)"
  "  WHERE id IN (SELECT game FROM edits);"
  EDITS_VERSION_TRIGGERS
  /* A cache, never the truth (lw-store-results.c): a row counts only
   * while its version is the game's; anything else is recomputed from
   * the rounds. players: players.id per seat, sides: each seat's side
   * (its seat in solo play), scores: each side's final score; all three
   * space-separated integers, scores '' when the rounds do not replay. */
  "CREATE TABLE game_result_cache ("
  "  game      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  version   INTEGER NOT NULL,"
  "  players   TEXT NOT NULL,"
  "  sides     TEXT NOT NULL,"
  "  replays   INTEGER NOT NULL CHECK (replays IN (0, 1)),"
  "  finished  INTEGER NOT NULL CHECK (finished IN (0, 1)),"
  "  winner    INTEGER CHECK (winner IS NULL OR winner BETWEEN 0 AND 7),"
  "  skunk     INTEGER NOT NULL CHECK (skunk IN (0, 1)),"
  "  scores    TEXT NOT NULL,"
  "  rated     INTEGER NOT NULL CHECK (rated IN (0, 1))"
  ");"
  "PRAGMA user_version = 7;",

  /* 7 → 8: the names rule (GAME-RECORD.md "Names"). The edit log takes a
   * kind "rename" (the table is made again with the new CHECK, its
   * AUTOINCREMENT sequence and triggers kept); then every stored name that
   * breaks the rule is renamed by lw_store_migrate_names() (lw-store-names.c),
   * each rename logged, in the same transaction. */
  "DROP TRIGGER games_insert_version;"
  "CREATE TABLE edits_v8 ("
  "  id         INTEGER PRIMARY KEY AUTOINCREMENT,"
  "  game       INTEGER NOT NULL,"
  "  at         INTEGER NOT NULL,"
  "  kind       TEXT NOT NULL CHECK (kind IN ('append_round', 'replace_round', 'insert_round',"
  "               'delete_round', 'substitute', 'notes', 'details', 'delete_game', 'rename')),"
  "  number     INTEGER NOT NULL DEFAULT 0 CHECK (number >= 0),"
  "  old        TEXT,"
  "  new        TEXT,"
  "  undone_at  INTEGER"
  ");"
  "INSERT INTO edits_v8 (id, game, at, kind, number, old, new, undone_at)"
  "  SELECT id, game, at, kind, number, old, new, undone_at FROM edits;"
  "DELETE FROM sqlite_sequence WHERE name = 'edits_v8';"
  "INSERT INTO sqlite_sequence (name, seq) SELECT 'edits_v8', seq FROM sqlite_sequence"
  "  WHERE name = 'edits';"
  "DROP TABLE edits;"
  "ALTER TABLE edits_v8 RENAME TO edits;"
  "CREATE INDEX edits_game ON edits (game, id);"
  EDITS_VERSION_TRIGGERS
  "PRAGMA user_version = 8;",

  /* 8 → 9: game record version 2 (GAME-RECORD.md "Identity"). Every game
   * gets a stable UUID (filled for the games already stored by
   * fill_game_uuids()), and an imported game keeps the hash of the record
   * it came from, so that the same record imported again is known. */
  "ALTER TABLE games ADD COLUMN uuid TEXT;"
  "ALTER TABLE games ADD COLUMN body_hash TEXT;"
  "CREATE UNIQUE INDEX games_uuid ON games (uuid);"
  "CREATE INDEX games_body_hash ON games (body_hash);"
  "PRAGMA user_version = 9;",
};

static gboolean fill_game_uuids (LwStore *self, GError **error);
static gboolean run_text (LwStore *self, const char *sql, const char *a, gint64 b, GError **error);
static gboolean set_details (LwStore *self, gint64 id, const char *notes, gint64 played_at,
                             const char *place, GError **error);
static gboolean set_king_and_knave (LwStore *self, gint64 id, gboolean king_and_knave,
                                    GError **error);

/* The step of a migration that SQL cannot do: after migrations[i] (NULL:
 * none). */
static gboolean (*const migration_steps[]) (LwStore *, GError **) = {
  [7] = lw_store_migrate_names,
  [8] = fill_game_uuids,
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

static gboolean
fail (LwStore  *self,
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
  set_sqlite_error (error, self->path, self->db, rc);
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

/* PRAGMA quick_check, its first finding only; on its own statement (not
 * the cache: the check runs while a failed statement may be open). With
 * @budget_ms > 0 the check stops after about that long, and what it has
 * not reached by then counts as sound. */
static gboolean
check_damage (LwStore  *self,
              gint64    budget_ms,
              GError  **error)
{
  g_autofree char *finding = NULL;
  gint64 deadline = g_get_monotonic_time () + budget_ms * 1000;
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, "PRAGMA quick_check (1)", -1, &stmt, NULL);

  if (budget_ms > 0)
    sqlite3_progress_handler (self->db, 1000, past_deadline, &deadline);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  sqlite3_progress_handler (self->db, 0, NULL, NULL);
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
      set_sqlite_error (error, self->path, self->db, rc);
      return FALSE;
    }
  if (rc != SQLITE_OK)
    {
      set_damaged (self, sqlite3_errstr (rc), error);
      return FALSE;
    }
  if (g_strcmp0 (finding, "ok") != 0)
    {
      set_damaged (self, finding, error);
      return FALSE;
    }
  return TRUE;
}

gboolean
lw_store_check_damage (LwStore  *self,
                       gint64    budget_ms,
                       GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (budget_ms >= 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

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

gboolean
lw_store_bind_int (LwStore       *self,
                   sqlite3_stmt  *stmt,
                   int            index,
                   gint64         value,
                   GError       **error)
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

gboolean
lw_store_bind_text (LwStore       *self,
                    sqlite3_stmt  *stmt,
                    int            index,
                    const char    *value,
                    GError       **error)
{
  int rc = sqlite3_bind_text (stmt, index, value, -1, SQLITE_TRANSIENT);
  return rc == SQLITE_OK || fail (self, rc, error);
}

gboolean
lw_store_bind_null (LwStore       *self,
                    sqlite3_stmt  *stmt,
                    int            index,
                    GError       **error)
{
  int rc = sqlite3_bind_null (stmt, index);
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
      if (!exec_sql (self, outermost, error))
        return FALSE;
    }
  else
    {
      savepoint = g_strdup_printf ("SAVEPOINT lw_%u", self->depth);
      if (!exec_sql (self, savepoint, error))
        return FALSE;
    }
  self->depth++;
  return TRUE;
}

static gboolean
begin_write (LwStore  *self,
             GError  **error)
{
  if (self->damaged)
    {
      set_damaged (self, "nothing is written to a damaged file", error);
      return FALSE;
    }
  return begin_level (self, "BEGIN IMMEDIATE", error);
}

static gboolean
begin_read (LwStore  *self,
            GError  **error)
{
  return begin_level (self, "BEGIN", error);
}

/* Undoes the innermost open level (a savepoint: back to where it began;
 * the outermost: ROLLBACK), if any; never fails the caller (the error
 * that led here is the one worth reporting). */
static void
rollback (LwStore *self)
{
  g_autofree char *sql = NULL;

  if (self->depth == 0)
    return;
  self->depth--;
  if (sqlite3_get_autocommit (self->db))
    {
      self->depth = 0;
      return;
    }
  if (self->depth == 0)
    {
      sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      return;
    }
  sql = g_strdup_printf ("ROLLBACK TO lw_%u; RELEASE lw_%u", self->depth, self->depth);
  sqlite3_exec (self->db, sql, NULL, NULL, NULL);
}

/* Closes the innermost open level: RELEASE of its savepoint, or the
 * outermost COMMIT; a failed COMMIT is rolled back. */
static gboolean
commit (LwStore  *self,
        GError  **error)
{
  g_autofree char *sql = NULL;

  g_return_val_if_fail (self->depth > 0, FALSE);

  if (self->depth > 1)
    sql = g_strdup_printf ("RELEASE lw_%u", self->depth - 1);
  if (exec_sql (self, sql != NULL ? sql : "COMMIT", error))
    {
      self->depth--;
      return TRUE;
    }
  rollback (self);
  return FALSE;
}

gboolean
lw_store_begin_transaction (LwStore  *self,
                            GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return begin_write (self, error);
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
  return commit (self, error);
}

void
lw_store_rollback_transaction (LwStore *self)
{
  g_return_if_fail (LW_IS_STORE (self));

  rollback (self);
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
      while (self->depth > 0)
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

gboolean
lw_store_get_data_version (LwStore  *self,
                           gint64   *version,
                           GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (version != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return query_int64 (self, "PRAGMA data_version", version, error);
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
         && lw_store_bind_text (self, stmt, 1, name, error)
         && step_row (self, stmt, found, error);
}

/* ------------------------------------------------------------------ */
/* Whose database: application_id and the schema                        */
/* ------------------------------------------------------------------ */

/* A text of @db's schema that two databases share exactly when they have
 * the same tables, indexes and triggers (SQLite's own left out), and the
 * same columns in each table in the same order; the SQL text itself
 * (spacing, an older ALTER) is not compared. */
static int
schema_signature (sqlite3  *db,
                  char    **signature)
{
  static const char sql[] =
    "SELECT type, name, tbl_name,"
    "  (SELECT group_concat (name, ',')"
    "     FROM (SELECT name FROM pragma_table_info (s.name) ORDER BY cid))"
    " FROM sqlite_schema AS s WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
    " ORDER BY type, name";
  g_autoptr (GString) text = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);

  while (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      for (int c = 0; c < 4; c++)
        {
          const char *value = (const char *) sqlite3_column_text (stmt, c);
          g_string_append (text, value != NULL ? value : "");
          g_string_append_c (text, c < 3 ? '|' : '\n');
        }
      rc = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    return rc;
  *signature = g_string_free (g_steal_pointer (&text), FALSE);
  return SQLITE_OK;
}

/* Whether the open database's schema is exactly the one our migrations
 * give for @version (1..LW_STORE_SCHEMA_VERSION): they are run on an
 * empty database in memory and the two schema_signature()s compared. */
static gboolean
schema_is_ours (LwStore   *self,
                int        version,
                gboolean  *ours,
                GError   **error)
{
  g_autofree char *expected = NULL;
  g_autofree char *actual = NULL;
  sqlite3 *reference = NULL;
  int rc = sqlite3_open_v2 (":memory:", &reference, SQLITE_OPEN_READWRITE, NULL);

  for (int v = 0; rc == SQLITE_OK && v < version; v++)
    rc = sqlite3_exec (reference, migrations[v], NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = schema_signature (reference, &expected);
  sqlite3_close (reference);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_FAILED,
                   "%s: cannot build the schema of version %d to compare (%s)",
                   self->path, version, sqlite3_errstr (rc));
      return FALSE;
    }
  rc = schema_signature (self->db, &actual);
  if (rc != SQLITE_OK)
    return fail (self, rc, error);
  *ours = g_strcmp0 (expected, actual) == 0;
  return TRUE;
}

/* Inside a read transaction, before anything is written: refuses a file
 * that is not ours (LW_STORE_APPLICATION_ID above). @version is the
 * file's user_version, 1..LW_STORE_SCHEMA_VERSION. */
static gboolean
check_owner (LwStore  *self,
             gint64    application_id,
             int       version,
             GError  **error)
{
  gboolean ours = FALSE;

  if (application_id == LW_STORE_APPLICATION_ID)
    return TRUE;
  if (!schema_is_ours (self, version, &ours, error))
    return FALSE;
  if (!ours)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE,
                   "%s: an SQLite database of another program, not a Little Wolf database "
                   "(its tables are not those of a Little Wolf database of version %d); "
                   "it was left as it is", self->path, version);
      return FALSE;
    }
  return TRUE;
}

/* Inside the write transaction that opens the database: a database of
 * ours (check_owner()) that does not say so yet gets the ID. */
static gboolean
set_application_id (LwStore  *self,
                    GError  **error)
{
  gint64 application_id = 0;

  if (!query_int64 (self, "PRAGMA application_id", &application_id, error))
    return FALSE;
  if (application_id == LW_STORE_APPLICATION_ID)
    return TRUE;
  return exec_sql (self, "PRAGMA application_id = 1280790348" /* LW_STORE_APPLICATION_ID */,
                   error);
}

/* Checks, before anything is written, that the file is ours (or empty)
 * and not from a newer version; inside a read transaction. */
static gboolean
check_existing_in_transaction (LwStore  *self,
                               GError  **error)
{
  int version = 0;
  gint64 application_id = 0;

  if (!read_user_version (self, &version, error)
      || !query_int64 (self, "PRAGMA application_id", &application_id, error))
    return FALSE;

  if (application_id != 0 && application_id != LW_STORE_APPLICATION_ID)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE,
                   "%s: an SQLite database of another program (application ID 0x%08" G_GINT64_MODIFIER
                   "x), not a Little Wolf database; it was left as it is",
                   self->path, application_id);
      return FALSE;
    }

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
  return check_owner (self, application_id, version, error);
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

static gboolean backup_before_migration (LwStore     *self,
                                         int          version,
                                         const char  *backup,
                                         gint64      *data_version,
                                         GError     **error);
static char *new_migration_backup_path (const char *path,
                                        int         version);

static gboolean
migrate (LwStore  *self,
         GError  **error)
{
  /* The data_version the backup copy was made at; -1: none made yet. */
  gint64 backed_up_at = -1;
  /* The copy's file, chosen once: a copy made again replaces it. */
  g_autofree char *backup = NULL;

  for (int attempt = 0; ; attempt++)
    {
      int version = 0;
      gint64 data_version = 0;

      if (!begin_write (self, error))
        return FALSE;

      /* Read again under the write lock: another program may have migrated
       * the file since check_existing(). */
      if (!read_user_version (self, &version, error)
          || !query_int64 (self, "PRAGMA data_version", &data_version, error))
        goto failed;
      if (version > LW_STORE_SCHEMA_VERSION)
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NEWER_VERSION,
                       "%s: written by a newer version of Little Wolf "
                       "(database version %d, this version reads up to %d)",
                       self->path, version, LW_STORE_SCHEMA_VERSION);
          goto failed;
        }
      if (version == LW_STORE_SCHEMA_VERSION)
        {
          if (!set_application_id (self, error))
            goto failed;
          return commit (self, error);
        }

      /* A database of an older version is copied first (the copy cannot
       * be made under this write lock); when another program wrote to it
       * in between, the copy is made again. */
      if (version >= 1 && backed_up_at != data_version)
        {
          rollback (self);
          if (attempt >= 5)
            {
              g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_BUSY,
                           "%s: the database is in use by another program "
                           "(it kept changing while being copied before the upgrade)",
                           self->path);
              return FALSE;
            }
          if (backup == NULL)
            backup = new_migration_backup_path (self->path, version);
          if (!backup_before_migration (self, version, backup, &backed_up_at, error))
            return FALSE;
          continue;
        }

      for (int v = version; v < LW_STORE_SCHEMA_VERSION; v++)
        if (!exec_sql (self, migrations[v], error)
            || (v < (int) G_N_ELEMENTS (migration_steps) && migration_steps[v] != NULL
                && !migration_steps[v] (self, error)))
          goto failed;
      if (!set_application_id (self, error))
        goto failed;

      return commit (self, error);

    failed:
      rollback (self);
      return FALSE;
    }
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
  if (!exec_sql (self, "PRAGMA foreign_keys = ON", error))
    return NULL;
  return g_steal_pointer (&self);
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

/* The player's ID by name, compared in NFC (GAME-RECORD.md "Names"): a
 * name typed two ways is one player; added when new. */
static gboolean
player_id (LwStore     *self,
           const char  *text,
           gint64      *id,
           GError     **error)
{
  g_autofree char *name = lw_name_normalize (text, "a player's name", error);
  gboolean has_row;

  if (name == NULL)
    return FALSE;

  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self, "INSERT OR IGNORE INTO players (name) VALUES (?)", error);

    if (stmt == NULL
        || !lw_store_bind_text (self, stmt, 1, name, error)
        || !step_done (self, stmt, error))
      return FALSE;
  }

  {
    g_autoptr (LwStmt) stmt = get_stmt (self, "SELECT id FROM players WHERE name = ?", error);

    if (stmt == NULL
        || !lw_store_bind_text (self, stmt, 1, name, error)
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
              gint64              *round_id_out,
              GError             **error)
{
  gint64 round_id;

  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self,
                "INSERT INTO rounds (game, number, is_void, declarer, all_but_last, dealer)"
                " VALUES (?, ?, ?, ?, ?, ?)", error);

    if (stmt == NULL
        || !lw_store_bind_int (self, stmt, 1, game_id, error)
        || !lw_store_bind_int (self, stmt, 2, number, error)
        || !lw_store_bind_int (self, stmt, 3, round->is_void ? 1 : 0, error)
        || !bind_seat_or_null (self, stmt, 4, round->declarer, error)
        || !lw_store_bind_int (self, stmt, 5, round->all_but_last ? 1 : 0, error)
        || !bind_seat_or_null (self, stmt, 6, round->dealer, error)
        || !step_done (self, stmt, error))
      return FALSE;
    round_id = sqlite3_last_insert_rowid (self->db);
    if (round_id_out != NULL)
      *round_id_out = round_id;
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
            || !lw_store_bind_int (self, stmt, 1, round_id, error)
            || !lw_store_bind_int (self, stmt, 2, seat, error)
            || !lw_store_bind_int (self, stmt, 3, round->cards[seat], error)
            || !lw_store_bind_int (self, stmt, 4, round->worms[seat], error)
            || !lw_store_bind_int (self, stmt, 5, round->gongs[seat], error)
            || !lw_store_bind_int (self, stmt, 6, round->bears[seat], error)
            || !lw_store_bind_int (self, stmt, 7, round->wolves[seat], error)
            || !lw_store_bind_int (self, stmt, 8, round->court[seat], error)
            || !lw_store_bind_int (self, stmt, 9, round->garwolves[seat], error)
            || !lw_store_bind_int (self, stmt, 10, round->unpegged[seat] ? 1 : 0, error)
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
          || !lw_store_bind_int (self, stmt, 1, round_id, error)
          || !lw_store_bind_int (self, stmt, 2, i, error)
          || !lw_store_bind_int (self, stmt, 3, penalty->seat, error)
          || !lw_store_bind_text (self, stmt, 4, penalty_kind_to_string (penalty->kind), error)
          || !step_done (self, stmt, error))
        return FALSE;
    }

  return TRUE;
}

/* One row of seat_changes: from round @from_round on, @seat of game @game
 * is played by @new_player instead of @old_player. */
static gboolean
insert_seat_change (LwStore  *self,
                    gint64    game,
                    gint64    seat,
                    gint64    from_round,
                    gint64    old_player,
                    gint64    new_player,
                    gint64    changed_at,
                    GError  **error)
{
  g_autoptr (LwStmt) stmt =
    get_stmt (self, "INSERT INTO seat_changes (game, seat, from_round, old_player, new_player,"
                    " changed_at) VALUES (?, ?, ?, ?, ?, ?)", error);

  return stmt != NULL
         && lw_store_bind_int (self, stmt, 1, game, error)
         && lw_store_bind_int (self, stmt, 2, seat, error)
         && lw_store_bind_int (self, stmt, 3, from_round, error)
         && lw_store_bind_int (self, stmt, 4, old_player, error)
         && lw_store_bind_int (self, stmt, 5, new_player, error)
         && lw_store_bind_int (self, stmt, 6, changed_at, error)
         && step_done (self, stmt, error);
}

/* Inserts the whole of @record as a game, and its row of the result
 * cache from @standings (nullable: replayed here); inside a transaction.
 * @id 0 gives a new ID, else the game gets @id back (a restore); @created
 * 0 is now. */
static gint64
insert_game (LwStore             *self,
             const LwGameRecord  *record,
             gint64               id,
             gint64               created,
             const LwStandings   *standings,
             GError             **error)
{
  gint64 game_id;

  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self,
                "INSERT INTO games (id, ruleset, start_score, target, skunk, first_dealer,"
                " n_teams, created, uuid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", error);
    g_autofree char *uuid = record->id != NULL ? g_strdup (record->id) : g_uuid_string_random ();

    if (stmt == NULL
        || !(id > 0 ? lw_store_bind_int (self, stmt, 1, id, error)
                    : bind_seat_or_null (self, stmt, 1, LW_NO_SEAT, error))
        || !lw_store_bind_text (self, stmt, 2, lw_ruleset_to_string (record->ruleset), error)
        || !lw_store_bind_int (self, stmt, 3, record->start_score, error)
        || !lw_store_bind_int (self, stmt, 4, record->target, error)
        || !lw_store_bind_int (self, stmt, 5, record->skunk, error)
        || !lw_store_bind_int (self, stmt, 6, record->first_dealer, error)
        || !lw_store_bind_int (self, stmt, 7, record->n_teams, error)
        || !lw_store_bind_int (self, stmt, 8, created > 0 ? created
                                                 : g_get_real_time () / G_USEC_PER_SEC, error)
        || !lw_store_bind_text (self, stmt, 9, uuid, error)
        || !step_done (self, stmt, error))
      return 0;
    game_id = sqlite3_last_insert_rowid (self->db);
  }

  /* game_seats holds who sits now; seat_changes who sat before. */
  for (guint seat = 0; seat < record->n_players; seat++)
    {
      gint64 player = 0;
      g_autoptr (LwStmt) stmt = NULL;

      if (!player_id (self, lw_game_record_current_player (record, (int) seat), &player, error))
        return 0;

      stmt = get_stmt (self,
                       "INSERT INTO game_seats (game, seat, player, team) VALUES (?, ?, ?, ?)",
                       error);
      if (stmt == NULL
          || !lw_store_bind_int (self, stmt, 1, game_id, error)
          || !lw_store_bind_int (self, stmt, 2, seat, error)
          || !lw_store_bind_int (self, stmt, 3, player, error)
          || !bind_seat_or_null (self, stmt, 4,
                                 record->n_teams > 0 ? record->team_of[seat] : LW_NO_SEAT,
                                 error)
          || !step_done (self, stmt, error))
        return 0;
    }

  for (guint i = 0; record->substitutes != NULL && i < record->substitutes->len; i++)
    {
      const LwSubstitute *sub = g_ptr_array_index (record->substitutes, i);
      const char *before = lw_game_record_player_at (record, sub->seat, sub->from_round - 1);
      gint64 old_player = 0, new_player = 0;

      /* A seat's first player other than players[S] (R = 1): its change
       * names the record's player before it. */
      if (sub->from_round <= 1)
        before = record->players[sub->seat];
      if (!player_id (self, before, &old_player, error)
          || !player_id (self, sub->name, &new_player, error)
          || !insert_seat_change (self, game_id, sub->seat, sub->from_round, old_player, new_player,
                                  g_get_real_time () / G_USEC_PER_SEC, error))
        return 0;
    }

  for (guint i = 0; i < record->rounds->len; i++)
    if (!insert_round (self, game_id, record, i + 1, g_ptr_array_index (record->rounds, i),
                       NULL, error))
      return 0;

  if (!lw_store_cache_result (self, game_id, record, standings, error))
    return 0;
  return game_id;
}

/* The record's details, its house rule and the hash of its body (an
 * import: lw_game_record_body_hash()) kept with new game @id. */
static gboolean
set_record_extras (LwStore             *self,
                   gint64               id,
                   const LwGameRecord  *record,
                   GError             **error)
{
  const LwGameDetails *details = &record->details;

  if ((details->played_at != 0 || details->place != NULL || details->notes != NULL)
      && !set_details (self, id, details->notes, details->played_at, details->place, error))
    return FALSE;
  if (record->king_and_knave && !set_king_and_knave (self, id, TRUE, error))
    return FALSE;
  if (record->rounds->len > 0)
    {
      g_autofree char *hash = lw_game_record_body_hash (record);

      if (!run_text (self, "UPDATE games SET body_hash = ?1 WHERE id = ?2", hash, id, error))
        return FALSE;
    }
  return TRUE;
}

/* The stored game @record duplicates (GAME-RECORD.md "Identity"), or 0;
 * inside a transaction. */
static gboolean
find_same_game (LwStore             *self,
                const LwGameRecord  *record,
                gint64              *id,
                GError             **error)
{
  g_autofree char *hash = record->id == NULL ? lw_game_record_body_hash (record) : NULL;
  g_autoptr (LwStmt) stmt =
    get_stmt (self, record->id != NULL
                    ? "SELECT id FROM games WHERE uuid = ?"
                    : "SELECT id FROM games WHERE body_hash = ? ORDER BY id LIMIT 1", error);
  gboolean has_row = FALSE;

  *id = 0;
  if (stmt == NULL
      || !lw_store_bind_text (self, stmt, 1, record->id != NULL ? record->id : hash, error)
      || !step_row (self, stmt, &has_row, error))
    return FALSE;
  if (has_row)
    *id = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

/* Checks @record (the engine's verdict first: a record it refuses is
 * never stored, nor one that export could not write within the limit
 * import reads) and stores it with its extras in one write transaction;
 * with @check_same, a record already stored is not (*@same names it). */
static gint64
store_record (LwStore             *self,
              const LwGameRecord  *record,
              gboolean             check_same,
              gint64              *same,
              GError             **error)
{
  g_autoptr (LwStandings) standings = NULL;
  gint64 id;

  *same = 0;
  if (!lw_game_record_check_size (record, error))
    return 0;
  standings = lw_standings_compute (record, error);
  if (standings == NULL)
    return 0;

  /* The check and the insert in one transaction: two imports of one
   * record at once store it once. */
  if (!begin_write (self, error))
    return 0;
  if (check_same && !find_same_game (self, record, same, error))
    goto failed;
  if (*same > 0)
    {
      rollback (self);
      return 0;
    }
  id = insert_game (self, record, 0, 0, standings, error);
  if (id <= 0 || !set_record_extras (self, id, record, error) || !commit (self, error))
    goto failed;
  return id;

failed:
  rollback (self);
  return 0;
}

gint64
lw_store_add_game (LwStore             *self,
                   const LwGameRecord  *record,
                   GError             **error)
{
  gint64 same = 0;

  g_return_val_if_fail (LW_IS_STORE (self), 0);
  g_return_val_if_fail (record != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  return store_record (self, record, FALSE, &same, error);
}

gint64
lw_store_import_game (LwStore             *self,
                      const LwGameRecord  *record,
                      gboolean             as_new,
                      gint64              *same,
                      GError             **error)
{
  g_autoptr (LwGameRecord) copy = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), 0);
  g_return_val_if_fail (record != NULL, 0);
  g_return_val_if_fail (same != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (as_new && record->id != NULL)
    {
      copy = lw_game_record_copy (record);
      g_clear_pointer (&copy->id, g_free);
      record = copy;
    }
  return store_record (self, record, !as_new, same, error);
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

  if (stmt == NULL || !lw_store_bind_int (self, stmt, 1, round_id, error))
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

  if (stmt == NULL || !lw_store_bind_int (self, stmt, 1, round_id, error))
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

    if (stmt == NULL || !lw_store_bind_int (self, stmt, 1, game_id, error))
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
                "SELECT ruleset, start_score, target, skunk, first_dealer, n_teams, created,"
                " notes, played_at, place, king_and_knave FROM games WHERE id = ?", error);
    gboolean has_row;

    if (stmt == NULL
        || !lw_store_bind_int (self, stmt, 1, id, error)
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
    game->notes = g_strdup ((const char *) sqlite3_column_text (stmt, 7));
    game->played_at = sqlite3_column_int64 (stmt, 8);
    game->place = g_strdup ((const char *) sqlite3_column_text (stmt, 9));
    game->king_and_knave = sqlite3_column_int64 (stmt, 10) != 0;
  }

  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self,
                "SELECT s.seat, p.name, s.team FROM game_seats AS s"
                " JOIN players AS p ON p.id = s.player"
                " WHERE s.game = ? ORDER BY s.seat", error);
    gboolean has_row;

    if (stmt == NULL || !lw_store_bind_int (self, stmt, 1, id, error))
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

gboolean
lw_store_attach_history (LwStore       *self,
                         LwStoredGame  *game,
                         GError       **error)
{
  LwGameRecord *record = game->record;
  gboolean first[LW_MAX_SEATS] = { FALSE };
  gboolean has_row = FALSE;
  gboolean ok;

  /* Walk forward from the seats' first players: each change's old player
   * sat there before the seat's first change. */
  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self, "SELECT c.seat, c.from_round, o.name, n.name FROM seat_changes AS c"
                      " JOIN players AS o ON o.id = c.old_player"
                      " JOIN players AS n ON n.id = c.new_player"
                      " WHERE c.game = ? ORDER BY c.from_round, c.id", error);
    g_autoptr (GPtrArray) changes = g_ptr_array_new_with_free_func (g_free);

    ok = stmt != NULL && lw_store_bind_int (self, stmt, 1, game->id, error);
    while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
      {
        int seat = sqlite3_column_int (stmt, 0);
        gint64 from_round = sqlite3_column_int64 (stmt, 1);

        if (seat < 0 || seat >= (int) record->n_players)
          continue;
        if (!first[seat])
          {
            g_free (record->players[seat]);
            record->players[seat] = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
            first[seat] = TRUE;
          }
        /* GAME-RECORD.md: 1 ≤ R ≤ rounds + 1. */
        from_round = CLAMP (from_round, 1, (gint64) record->rounds->len + 1);
        lw_game_record_add_substitute (record, seat, (guint) from_round,
                                       (const char *) sqlite3_column_text (stmt, 3));
      }
  }
  if (!ok)
    return FALSE;

  {
    g_autoptr (LwStmt) stmt = get_stmt (self, "SELECT uuid FROM games WHERE id = ?", error);

    ok = stmt != NULL
         && lw_store_bind_int (self, stmt, 1, game->id, error)
         && step_row (self, stmt, &has_row, error);
    if (ok && has_row && sqlite3_column_type (stmt, 0) != SQLITE_NULL)
      {
        g_free (record->id);
        record->id = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      }
  }
  if (!ok)
    return FALSE;

  g_free (record->details.notes);
  record->details.notes = g_strdup (game->notes != NULL && *game->notes != '\0' ? game->notes : NULL);
  g_free (record->details.place);
  record->details.place = g_strdup (game->place != NULL && *game->place != '\0' ? game->place : NULL);
  record->details.played_at = game->played_at;
  record->king_and_knave = record->ruleset == LW_RULESET_GARWOLF && game->king_and_knave;
  return TRUE;
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
  if (game == NULL || !lw_store_attach_history (self, game, error) || !commit (self, error))
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

      if (game != NULL && !lw_store_attach_history (self, game, error))
        g_clear_pointer (&game, lw_stored_game_free);
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

void
lw_game_summary_free (LwGameSummary *summary)
{
  if (summary == NULL)
    return;
  g_strfreev (summary->players);
  g_free (summary);
}

GPtrArray *
lw_store_list_game_summaries (LwStore  *self,
                              GError  **error)
{
  g_autoptr (GPtrArray) summaries =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_summary_free);
  g_autoptr (GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr (GHashTable) names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  gboolean has_row = FALSE;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Flat queries (games, players, seats) in one read transaction: far quicker
   * than a subquery per game. The rounds are not read at all (counting
   * them for every game would cost more than the rest). */
  if (!begin_read (self, error))
    return NULL;

  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self, "SELECT id, created, ruleset, n_teams FROM games"
                      " ORDER BY created DESC, id DESC", error);

    ok = stmt != NULL;
    while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
      {
        LwGameSummary *summary = g_new0 (LwGameSummary, 1);

        summary->id = sqlite3_column_int64 (stmt, 0);
        summary->created = sqlite3_column_int64 (stmt, 1);
        if (!lw_ruleset_from_string ((const char *) sqlite3_column_text (stmt, 2), &summary->ruleset))
          summary->ruleset = LW_RULESET_LITTLE_WOLF;
        summary->n_teams = (guint) CLAMP (sqlite3_column_int64 (stmt, 3), 0, LW_MAX_SEATS);
        summary->players = g_new0 (char *, LW_MAX_SEATS + 1);
        g_ptr_array_add (summaries, summary);
        g_hash_table_insert (by_id, &summary->id, summary);
      }
  }

  /* The names by ID, then the seats in their table's order: a join would
   * go through the players' index and look up each seat's row again. */
  if (ok)
    {
      g_autoptr (LwStmt) stmt = get_stmt (self, "SELECT id, name FROM players", error);

      ok = stmt != NULL;
      while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
        {
          gint64 *id = g_new (gint64, 1);

          *id = sqlite3_column_int64 (stmt, 0);
          g_hash_table_insert (names, id, g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
        }
    }

  if (ok)
    {
      g_autoptr (LwStmt) stmt =
        get_stmt (self, "SELECT game, seat, player, team FROM game_seats", error);
      LwGameSummary *summary = NULL;

      ok = stmt != NULL;
      while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
        {
          gint64 game = sqlite3_column_int64 (stmt, 0);
          gint64 seat = sqlite3_column_int64 (stmt, 1);
          gint64 player = sqlite3_column_int64 (stmt, 2);

          if (summary == NULL || summary->id != game)
            summary = g_hash_table_lookup (by_id, &game);
          if (summary == NULL || seat < 0 || seat >= LW_MAX_SEATS || summary->players[seat] != NULL)
            continue;
          summary->players[seat] = g_strdup (g_hash_table_lookup (names, &player));
          summary->team_of[seat] = (int) CLAMP (sqlite3_column_int64 (stmt, 3), 0, LW_MAX_SEATS - 1);
        }
    }

  if (!ok)
    {
      rollback (self);
      return NULL;
    }
  if (!commit (self, error))
    return NULL;

  /* The seats are numbered 0, 1, 2…: the players end at the first gap. */
  for (guint i = 0; i < summaries->len; i++)
    {
      LwGameSummary *summary = g_ptr_array_index (summaries, i);

      while (summary->n_players < LW_MAX_SEATS && summary->players[summary->n_players] != NULL)
        summary->n_players++;
      for (guint seat = summary->n_players; seat < LW_MAX_SEATS; seat++)
        g_clear_pointer (&summary->players[seat], g_free);
    }

  return g_steal_pointer (&summaries);
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

  /* Players of a stored game or event only: a name typed into an event
   * that was deleted since is offered no more (it stays in
   * lw_store_list_players(), to be deleted). */
  stmt = get_stmt (self,
                   "SELECT name FROM players AS p WHERE"
                   " EXISTS (SELECT 1 FROM game_seats WHERE player = p.id)"
                   " OR EXISTS (SELECT 1 FROM seat_changes"
                   "   WHERE old_player = p.id OR new_player = p.id)"
                   " OR EXISTS (SELECT 1 FROM event_players WHERE player = p.id)", error);
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
/* The edit log                                                         */
/* ------------------------------------------------------------------ */

void
lw_edit_entry_free (LwEditEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->kind);
  g_free (entry->old_json);
  g_free (entry->new_json);
  g_free (entry);
}

void
lw_stored_penalty_free (LwStoredPenalty *penalty)
{
  if (penalty == NULL)
    return;
  g_free (penalty->note);
  g_free (penalty);
}

/* Appends one entry to the log; inside a transaction. */
static gboolean
log_edit (LwStore     *self,
          gint64       game_id,
          const char  *kind,
          guint        number,
          const char  *old_json,
          const char  *new_json,
          GError     **error)
{
  g_autoptr (LwStmt) stmt =
    get_stmt (self,
              "INSERT INTO edits (game, at, kind, number, old, new) VALUES (?, ?, ?, ?, ?, ?)",
              error);

  return stmt != NULL
         && lw_store_bind_int (self, stmt, 1, game_id, error)
         && lw_store_bind_int (self, stmt, 2, g_get_real_time (), error)
         && lw_store_bind_text (self, stmt, 3, kind, error)
         && lw_store_bind_int (self, stmt, 4, number, error)
         && lw_store_bind_text (self, stmt, 5, old_json, error)
         && lw_store_bind_text (self, stmt, 6, new_json, error)
         && step_done (self, stmt, error);
}

/* Runs @sql with ?1 = @a and ?2 = @b (no result rows). */
static gboolean
run2 (LwStore     *self,
      const char  *sql,
      gint64       a,
      gint64       b,
      GError     **error)
{
  g_autoptr (LwStmt) stmt = get_stmt (self, sql, error);

  return stmt != NULL
         && lw_store_bind_int (self, stmt, 1, a, error)
         && lw_store_bind_int (self, stmt, 2, b, error)
         && step_done (self, stmt, error);
}

/* Runs @sql with ?1 = @a, ?2 = @b and ?3 = @c (no result rows). */
static gboolean
run3 (LwStore     *self,
      const char  *sql,
      gint64       a,
      gint64       b,
      gint64       c,
      GError     **error)
{
  g_autoptr (LwStmt) stmt = get_stmt (self, sql, error);

  return stmt != NULL
         && lw_store_bind_int (self, stmt, 1, a, error)
         && lw_store_bind_int (self, stmt, 2, b, error)
         && lw_store_bind_int (self, stmt, 3, c, error)
         && step_done (self, stmt, error);
}

/* Runs @sql with a text ?1 and an integer ?2. */
static gboolean
run_text (LwStore     *self,
          const char  *sql,
          const char  *a,
          gint64       b,
          GError     **error)
{
  g_autoptr (LwStmt) stmt = get_stmt (self, sql, error);

  return stmt != NULL
         && lw_store_bind_text (self, stmt, 1, a, error)
         && lw_store_bind_int (self, stmt, 2, b, error)
         && step_done (self, stmt, error);
}

/* The step of migration 8 → 9: a new UUID for every game stored before. */
static gboolean
fill_game_uuids (LwStore  *self,
                 GError  **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  gboolean has_row = FALSE;
  gboolean ok;

  {
    g_autoptr (LwStmt) stmt = get_stmt (self, "SELECT id FROM games WHERE uuid IS NULL", error);

    ok = stmt != NULL;
    while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
      {
        gint64 id = sqlite3_column_int64 (stmt, 0);
        g_array_append_val (ids, id);
      }
  }
  for (guint i = 0; ok && i < ids->len; i++)
    {
      g_autofree char *uuid = g_uuid_string_random ();

      ok = run_text (self, "UPDATE games SET uuid = ?1 WHERE id = ?2", uuid,
                     g_array_index (ids, gint64, i), error);
    }
  return ok;
}

static gboolean
round_id_of (LwStore  *self,
             gint64    game_id,
             guint     number,
             gint64   *round_id,
             GError  **error)
{
  g_autoptr (LwStmt) stmt =
    get_stmt (self, "SELECT id FROM rounds WHERE game = ? AND number = ?", error);
  gboolean has_row;

  if (stmt == NULL
      || !lw_store_bind_int (self, stmt, 1, game_id, error)
      || !lw_store_bind_int (self, stmt, 2, number, error)
      || !step_row (self, stmt, &has_row, error))
    return FALSE;
  if (!has_row)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT ": no round %u", game_id, number);
      return FALSE;
    }
  *round_id = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

/* Sets a stored penalty's note and time (NULL / 0 for none). */
static gboolean
set_penalty_note (LwStore     *self,
                  gint64       round_id,
                  guint        ordinal,
                  const char  *note,
                  gint64       time,
                  GError     **error)
{
  g_autoptr (LwStmt) stmt =
    get_stmt (self, "UPDATE penalties SET note = ?, noted_at = ? WHERE round = ? AND ordinal = ?",
              error);
  int rc;

  if (stmt == NULL || !lw_store_bind_text (self, stmt, 1, note, error))
    return FALSE;
  rc = time > 0 ? sqlite3_bind_int64 (stmt, 2, time) : sqlite3_bind_null (stmt, 2);
  if (rc != SQLITE_OK)
    return fail (self, rc, error);
  return lw_store_bind_int (self, stmt, 3, round_id, error)
         && lw_store_bind_int (self, stmt, 4, ordinal, error)
         && step_done (self, stmt, error);
}

/* The notes of one stored round's penalties, by ordinal. */
static GPtrArray *
round_penalty_notes (LwStore  *self,
                     gint64    round_id,
                     GError  **error)
{
  g_autoptr (GPtrArray) notes =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_stored_penalty_free);
  g_autoptr (LwStmt) stmt =
    get_stmt (self,
              "SELECT ordinal, seat, kind, note, coalesce (noted_at, 0) FROM penalties"
              " WHERE round = ? ORDER BY ordinal", error);
  gboolean has_row = FALSE;
  gboolean ok;

  ok = stmt != NULL && lw_store_bind_int (self, stmt, 1, round_id, error);
  while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
    {
      LwStoredPenalty *penalty = g_new0 (LwStoredPenalty, 1);

      penalty->ordinal = (guint) sqlite3_column_int (stmt, 0);
      penalty->seat = sqlite3_column_int (stmt, 1);
      penalty_kind_from_string ((const char *) sqlite3_column_text (stmt, 2), &penalty->kind);
      penalty->note = g_strdup ((const char *) sqlite3_column_text (stmt, 3));
      penalty->time = sqlite3_column_int64 (stmt, 4);
      g_ptr_array_add (notes, penalty);
    }
  return ok ? g_steal_pointer (&notes) : NULL;
}

/* Writes what lw_edit_apply() worked out for game @id; inside a write
 * transaction, @game loaded in it. */
static gboolean
write_edit (LwStore             *self,
            gint64               id,
            const LwEdit        *edit,
            const LwEditResult  *result,
            GError             **error)
{
  const LwGameRecord *record = result->record;
  guint number = edit->number;

  switch (edit->kind)
    {
    case LW_EDIT_REPLACE:
      {
        g_autoptr (GPtrArray) notes = NULL;
        const LwRound *round = g_ptr_array_index (record->rounds, number - 1);
        gint64 round_id;

        /* Keep the notes of penalties that stay where they were. */
        /* Facts corrected by hand: the round's log no longer gives them. */
        if (!round_id_of (self, id, number, &round_id, error)
            || (notes = round_penalty_notes (self, round_id, error)) == NULL
            || !run2 (self, "DELETE FROM virtual_round_logs WHERE game = ?1 AND number = ?2",
                      id, number, error)
            || !run2 (self, "DELETE FROM rounds WHERE game = ?1 AND number = ?2", id, number, error)
            || !insert_round (self, id, record, number, round, &round_id, error))
          return FALSE;
        for (guint i = 0; i < notes->len; i++)
          {
            const LwStoredPenalty *old = g_ptr_array_index (notes, i);
            const LwPenalty *now;

            if (old->ordinal >= round->penalties->len || (old->note == NULL && old->time == 0))
              continue;
            now = &g_array_index (round->penalties, LwPenalty, old->ordinal);
            if (now->seat == old->seat && now->kind == old->kind
                && !set_penalty_note (self, round_id, old->ordinal, old->note, old->time, error))
              return FALSE;
          }
        break;
      }

    case LW_EDIT_INSERT:
      /* Two steps keep (game, number) unique at every row. */
      if (!run2 (self, "UPDATE rounds SET number = number + 1000000"
                       " WHERE game = ?1 AND number >= ?2", id, number, error)
          || !run2 (self, "UPDATE rounds SET number = number - 999999"
                          " WHERE game = ?1 AND number > ?2", id, 1000000, error)
          || !insert_round (self, id, record, number,
                            g_ptr_array_index (record->rounds, number - 1), NULL, error)
          || !run2 (self, "UPDATE virtual_round_logs SET number = number + 1000000"
                          " WHERE game = ?1 AND number >= ?2", id, number, error)
          || !run2 (self, "UPDATE virtual_round_logs SET number = number - 999999"
                          " WHERE game = ?1 AND number > ?2", id, 1000000, error)
          || !run2 (self, "UPDATE seat_changes SET from_round = from_round + 1"
                          " WHERE game = ?1 AND from_round > ?2", id, number, error)
          /* A director's lock stays with its round. */
          || !run2 (self, "UPDATE round_locks SET number = number + 1000000"
                          " WHERE game = ?1 AND number >= ?2", id, number, error)
          || !run2 (self, "UPDATE round_locks SET number = number - 999999"
                          " WHERE game = ?1 AND number > ?2", id, 1000000, error))
        return FALSE;
      break;

    case LW_EDIT_DELETE:
    default:
      if (!run2 (self, "DELETE FROM rounds WHERE game = ?1 AND number = ?2", id, number, error)
          || !run2 (self, "UPDATE rounds SET number = number + 1000000"
                          " WHERE game = ?1 AND number > ?2", id, number, error)
          || !run2 (self, "UPDATE rounds SET number = number - 1000001"
                          " WHERE game = ?1 AND number > ?2", id, 1000000, error)
          || !run2 (self, "DELETE FROM virtual_round_logs WHERE game = ?1 AND number = ?2",
                    id, number, error)
          || !run2 (self, "UPDATE virtual_round_logs SET number = number + 1000000"
                          " WHERE game = ?1 AND number > ?2", id, number, error)
          || !run2 (self, "UPDATE virtual_round_logs SET number = number - 1000001"
                          " WHERE game = ?1 AND number > ?2", id, 1000000, error)
          || !run2 (self, "UPDATE seat_changes SET from_round = from_round - 1"
                          " WHERE game = ?1 AND from_round > ?2", id, number, error)
          /* A director's lock goes with its round, or stays with it. */
          || !run2 (self, "DELETE FROM round_locks WHERE game = ?1 AND number = ?2",
                    id, number, error)
          || !run2 (self, "UPDATE round_locks SET number = number + 1000000"
                          " WHERE game = ?1 AND number > ?2", id, number, error)
          || !run2 (self, "UPDATE round_locks SET number = number - 1000001"
                          " WHERE game = ?1 AND number > ?2", id, 1000000, error))
        return FALSE;
      break;
    }

  /* Later dealer checks that follow the new rotation. */
  for (guint i = 0; i < result->dealers_rewritten->len; i++)
    {
      guint later = g_array_index (result->dealers_rewritten, guint, i);
      const LwRound *round = g_ptr_array_index (record->rounds, later - 1);
      g_autoptr (LwStmt) stmt =
        get_stmt (self, "UPDATE rounds SET dealer = ? WHERE game = ? AND number = ?", error);

      /* A log dealt by another seat no longer gives the round. */
      if (stmt == NULL
          || !lw_store_bind_int (self, stmt, 1, round->dealer, error)
          || !lw_store_bind_int (self, stmt, 2, id, error)
          || !lw_store_bind_int (self, stmt, 3, later, error)
          || !step_done (self, stmt, error)
          || !run2 (self, "DELETE FROM virtual_round_logs WHERE game = ?1 AND number = ?2",
                    id, later, error))
        return FALSE;
    }
  return TRUE;
}

/* What every change to a game's rounds ends with, in its transaction:
 * the result cache's row, and a finished game kept for an event's table
 * linked as the table's result (lw_store_link_event_table_game_locked()). */
static gboolean
rounds_changed (LwStore             *self,
                gint64               id,
                const LwGameRecord  *record,
                const LwStandings   *standings,
                GError             **error)
{
  return lw_store_cache_result (self, id, record, standings, error)
         && lw_store_link_event_table_game_locked (self, id, record, standings, error);
}

/* rounds_changed() for game @id as it is now stored (after an undo);
 * nothing for a game that is not there. */
static gboolean
rounds_changed_of (LwStore  *self,
                   gint64    id,
                   GError  **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GError) local_error = NULL;

  if (!lw_store_cache_result_of (self, id, error))
    return FALSE;
  game = load_game (self, id, &local_error);
  if (game == NULL)
    {
      if (g_error_matches (local_error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  /* A game that does not replay is no table's result. */
  standings = lw_standings_compute (game->record, NULL);
  return standings == NULL
         || lw_store_link_event_table_game_locked (self, id, game->record, standings, error);
}

/* An edit of game @id's rounds, checked by the engine first; inside a
 * write transaction. Logged as @log_kind unless that is NULL (an undo). */
static gboolean
edit_rounds (LwStore       *self,
             gint64         id,
             const LwEdit  *edit,
             const char    *log_kind,
             GError       **error)
{
  g_autoptr (LwStoredGame) game = load_game (self, id, error);
  g_autoptr (LwEditResult) result = NULL;
  g_autofree char *old_json = NULL;
  g_autofree char *new_json = NULL;

  if (game == NULL)
    return FALSE;
  result = lw_edit_apply (game->record, edit, error);
  if (result == NULL)
    return FALSE;

  if (edit->kind != LW_EDIT_INSERT)
    old_json = lw_round_to_json (game->record, g_ptr_array_index (game->record->rounds,
                                                                  edit->number - 1));
  if (edit->kind != LW_EDIT_DELETE)
    new_json = lw_round_to_json (result->record, g_ptr_array_index (result->record->rounds,
                                                                    edit->number - 1));

  /* An undo (no log_kind) marks its entry undone afterwards, and its
   * caller writes the result cache then. */
  return write_edit (self, id, edit, result, error)
         && (log_kind == NULL
             || (log_edit (self, id, log_kind, edit->number, old_json, new_json, error)
                 && rounds_changed (self, id, result->record, result->standings, error)));
}

static gboolean
edit_rounds_in_transaction (LwStore        *self,
                            gint64          id,
                            LwEditKind      kind,
                            guint           number,
                            const LwRound  *round,
                            GError        **error)
{
  LwEdit edit = { kind, number, round };

  if (!begin_write (self, error))
    return FALSE;
  if (!edit_rounds (self, id, &edit, lw_edit_kind_to_string (kind), error)
      || !commit (self, error))
    {
      rollback (self);
      return FALSE;
    }
  return TRUE;
}

gboolean
lw_store_replace_round_locked (LwStore        *self,
                               gint64          id,
                               guint           number,
                               const LwRound  *round,
                               GError        **error)
{
  LwEdit edit = { LW_EDIT_REPLACE, number, round };

  return edit_rounds (self, id, &edit, lw_edit_kind_to_string (LW_EDIT_REPLACE), error);
}

gboolean
lw_store_replace_round (LwStore        *self,
                        gint64          id,
                        guint           number,
                        const LwRound  *round,
                        GError        **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return edit_rounds_in_transaction (self, id, LW_EDIT_REPLACE, number, round, error);
}

gboolean
lw_store_insert_round (LwStore        *self,
                       gint64          id,
                       guint           number,
                       const LwRound  *round,
                       GError        **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return edit_rounds_in_transaction (self, id, LW_EDIT_INSERT, number, round, error);
}

gboolean
lw_store_delete_round (LwStore  *self,
                       gint64    id,
                       guint     number,
                       GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return edit_rounds_in_transaction (self, id, LW_EDIT_DELETE, number, NULL, error);
}

GPtrArray *
lw_store_list_edits (LwStore  *self,
                     gint64    id,
                     GError  **error)
{
  g_autoptr (GPtrArray) entries =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_edit_entry_free);
  g_autoptr (LwStmt) stmt = NULL;
  gboolean has_row = FALSE;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stmt = get_stmt (self,
                   "SELECT id, game, at, kind, number, old, new, coalesce (undone_at, 0)"
                   " FROM edits WHERE game = ? ORDER BY id", error);
  ok = stmt != NULL && lw_store_bind_int (self, stmt, 1, id, error);
  while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
    {
      LwEditEntry *entry = g_new0 (LwEditEntry, 1);

      entry->id = sqlite3_column_int64 (stmt, 0);
      entry->game = sqlite3_column_int64 (stmt, 1);
      entry->time = sqlite3_column_int64 (stmt, 2);
      entry->kind = g_strdup ((const char *) sqlite3_column_text (stmt, 3));
      entry->number = (guint) sqlite3_column_int (stmt, 4);
      entry->old_json = g_strdup ((const char *) sqlite3_column_text (stmt, 5));
      entry->new_json = g_strdup ((const char *) sqlite3_column_text (stmt, 6));
      entry->undone = sqlite3_column_int64 (stmt, 7);
      g_ptr_array_add (entries, entry);
    }
  return ok ? g_steal_pointer (&entries) : NULL;
}

/* ------------------------------------------------------------------ */
/* Appending and removing rounds as they are played                     */
/* ------------------------------------------------------------------ */

/* Gives the round's penalties the notes of the matching pending ones,
 * then clears the game's pending penalties; inside a transaction. */
static gboolean
take_pending_penalties (LwStore        *self,
                        gint64          game_id,
                        gint64          round_id,
                        const LwRound  *round,
                        GError        **error)
{
  g_autoptr (GPtrArray) pending = NULL;
  g_autofree gboolean *used = NULL;

  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self, "SELECT seat, kind, note, noted_at FROM pending_penalties"
                      " WHERE game = ? ORDER BY id", error);
    gboolean has_row = FALSE;
    gboolean ok;

    pending = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_stored_penalty_free);
    ok = stmt != NULL && lw_store_bind_int (self, stmt, 1, game_id, error);
    while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
      {
        LwStoredPenalty *penalty = g_new0 (LwStoredPenalty, 1);

        penalty->seat = sqlite3_column_int (stmt, 0);
        penalty_kind_from_string ((const char *) sqlite3_column_text (stmt, 1), &penalty->kind);
        penalty->note = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
        penalty->time = sqlite3_column_int64 (stmt, 3);
        g_ptr_array_add (pending, penalty);
      }
    if (!ok)
      return FALSE;
  }

  used = g_new0 (gboolean, pending->len + 1);
  for (guint i = 0; i < round->penalties->len; i++)
    {
      const LwPenalty *penalty = &g_array_index (round->penalties, LwPenalty, i);

      for (guint j = 0; j < pending->len; j++)
        {
          const LwStoredPenalty *noted = g_ptr_array_index (pending, j);

          if (used[j] || noted->seat != penalty->seat || noted->kind != penalty->kind)
            continue;
          used[j] = TRUE;
          if (!set_penalty_note (self, round_id, i, noted->note, noted->time, error))
            return FALSE;
          break;
        }
    }

  return run2 (self, "DELETE FROM pending_penalties WHERE game = ?1 AND ?2 = ?2",
               game_id, 0, error);
}

/* Appends @round to game @id, checked by the engine; inside a write
 * transaction. */
gboolean
lw_store_append_round_locked (LwStore        *self,
                              gint64          id,
                              const LwRound  *round,
                              guint          *number,
                              GError        **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autofree char *json = NULL;
  gint64 round_id = 0;

  game = load_game (self, id, error);
  if (game == NULL)
    return FALSE;

  g_ptr_array_add (game->record->rounds, lw_round_copy (round));
  if (!lw_game_record_check_size (game->record, error))
    return FALSE;
  standings = lw_standings_compute (game->record, error);
  if (standings == NULL)
    return FALSE;

  json = lw_round_to_json (game->record, round);
  if (!insert_round (self, id, game->record, game->record->rounds->len, round, &round_id, error)
      || !take_pending_penalties (self, id, round_id, round, error)
      || !log_edit (self, id, "append_round", game->record->rounds->len, NULL, json, error)
      || !rounds_changed (self, id, game->record, standings, error))
    return FALSE;
  if (number != NULL)
    *number = game->record->rounds->len;
  return TRUE;
}

gboolean
lw_store_append_round (LwStore        *self,
                       gint64          id,
                       const LwRound  *round,
                       GError        **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Hold the write lock from reading the game to storing the round, so
   * the replay checks the rounds that the new one really follows. */
  if (!begin_write (self, error))
    return FALSE;

  if (!lw_store_append_round_locked (self, id, round, NULL, error)
      || !commit (self, error))
    {
      rollback (self);
      return FALSE;
    }
  return TRUE;
}

gboolean
lw_store_remove_last_round (LwStore  *self,
                            gint64    id,
                            GError  **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  guint last;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!begin_write (self, error))
    return FALSE;

  game = load_game (self, id, error);
  if (game == NULL)
    goto failed;
  last = game->record->rounds->len;

  if (last > 0)
    {
      /* The round's seats and penalties go with it (ON DELETE CASCADE). */
      g_autofree char *json =
        lw_round_to_json (game->record, g_ptr_array_index (game->record->rounds, last - 1));

      if (!run2 (self, "DELETE FROM rounds WHERE game = ?1 AND number = ?2", id, last, error)
          || !run2 (self, "DELETE FROM virtual_round_logs WHERE game = ?1 AND number = ?2",
                    id, last, error)
          || !run2 (self, "DELETE FROM round_locks WHERE game = ?1 AND number = ?2",
                    id, last, error)
          || !log_edit (self, id, "delete_round", last, json, NULL, error))
        goto failed;
      g_ptr_array_set_size (game->record->rounds, last - 1);
      if (!lw_store_cache_result (self, id, game->record, NULL, error))
        goto failed;
    }

  if (!commit (self, error))
    goto failed;
  return TRUE;

failed:
  rollback (self);
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Deleting a game, and bringing it back                                */
/* ------------------------------------------------------------------ */

static void
add_nullable_string (JsonBuilder *builder,
                     const char  *key,
                     const char  *value)
{
  json_builder_set_member_name (builder, key);
  if (value == NULL)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, value);
}

/* The copy of a whole game that its "delete_game" entry keeps: the record
 * (current names), creation time, details, substitutes and penalty notes. */
static char *
game_snapshot (LwStore             *self,
               const LwStoredGame  *game,
               GError             **error)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();
  g_autofree char *record = NULL;
  gboolean has_row = FALSE;
  gboolean ok;

  /* The record as stored (current names), with the game's identity. */
  {
    g_autoptr (LwGameRecord) copy = lw_game_record_copy (game->record);
    g_autoptr (LwStmt) stmt = get_stmt (self, "SELECT uuid FROM games WHERE id = ?", error);

    if (stmt == NULL
        || !lw_store_bind_int (self, stmt, 1, game->id, error)
        || !step_row (self, stmt, &has_row, error))
      return NULL;
    if (has_row && sqlite3_column_type (stmt, 0) != SQLITE_NULL)
      copy->id = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    record = lw_game_record_to_json (copy);
  }

  json_builder_begin_object (builder);
  add_nullable_string (builder, "record", record);
  json_builder_set_member_name (builder, "created");
  json_builder_add_int_value (builder, game->created);
  add_nullable_string (builder, "notes", game->notes);
  json_builder_set_member_name (builder, "played_at");
  json_builder_add_int_value (builder, game->played_at);
  add_nullable_string (builder, "place", game->place);
  json_builder_set_member_name (builder, "king_and_knave");
  json_builder_add_boolean_value (builder, game->king_and_knave);

  json_builder_set_member_name (builder, "seat_changes");
  json_builder_begin_array (builder);
  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self,
                "SELECT c.seat, c.from_round, o.name, n.name, c.changed_at"
                " FROM seat_changes AS c JOIN players AS o ON o.id = c.old_player"
                " JOIN players AS n ON n.id = c.new_player WHERE c.game = ? ORDER BY c.id",
                error);

    ok = stmt != NULL && lw_store_bind_int (self, stmt, 1, game->id, error);
    while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
      {
        json_builder_begin_array (builder);
        json_builder_add_int_value (builder, sqlite3_column_int64 (stmt, 0));
        json_builder_add_int_value (builder, sqlite3_column_int64 (stmt, 1));
        json_builder_add_string_value (builder, (const char *) sqlite3_column_text (stmt, 2));
        json_builder_add_string_value (builder, (const char *) sqlite3_column_text (stmt, 3));
        json_builder_add_int_value (builder, sqlite3_column_int64 (stmt, 4));
        json_builder_end_array (builder);
      }
    if (!ok)
      return NULL;
  }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "penalty_notes");
  json_builder_begin_array (builder);
  {
    g_autoptr (LwStmt) stmt =
      get_stmt (self,
                "SELECT r.number, p.ordinal, p.note, coalesce (p.noted_at, 0)"
                " FROM penalties AS p JOIN rounds AS r ON r.id = p.round"
                " WHERE r.game = ? AND (p.note IS NOT NULL OR p.noted_at IS NOT NULL)"
                " ORDER BY r.number, p.ordinal", error);

    ok = stmt != NULL && lw_store_bind_int (self, stmt, 1, game->id, error);
    while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
      {
        json_builder_begin_array (builder);
        json_builder_add_int_value (builder, sqlite3_column_int64 (stmt, 0));
        json_builder_add_int_value (builder, sqlite3_column_int64 (stmt, 1));
        if (sqlite3_column_type (stmt, 2) == SQLITE_NULL)
          json_builder_add_null_value (builder);
        else
          json_builder_add_string_value (builder, (const char *) sqlite3_column_text (stmt, 2));
        json_builder_add_int_value (builder, sqlite3_column_int64 (stmt, 3));
        json_builder_end_array (builder);
      }
    if (!ok)
      return NULL;
  }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return lw_json_builder_to_text (builder);
}

static gboolean
set_details (LwStore     *self,
             gint64       id,
             const char  *notes,
             gint64       played_at,
             const char  *place,
             GError     **error)
{
  g_autoptr (LwStmt) stmt =
    get_stmt (self, "UPDATE games SET notes = ?, played_at = ?, place = ? WHERE id = ?", error);
  int rc;

  if (stmt == NULL || !lw_store_bind_text (self, stmt, 1, notes, error))
    return FALSE;
  rc = played_at != 0 ? sqlite3_bind_int64 (stmt, 2, played_at) : sqlite3_bind_null (stmt, 2);
  if (rc != SQLITE_OK)
    return fail (self, rc, error);
  return lw_store_bind_text (self, stmt, 3, place, error)
         && lw_store_bind_int (self, stmt, 4, id, error)
         && step_done (self, stmt, error);
}

static gboolean
set_king_and_knave (LwStore   *self,
                    gint64     id,
                    gboolean   king_and_knave,
                    GError   **error)
{
  g_autoptr (LwStmt) stmt =
    get_stmt (self, "UPDATE games SET king_and_knave = ? WHERE id = ?", error);

  return stmt != NULL
         && lw_store_bind_int (self, stmt, 1, king_and_knave ? 1 : 0, error)
         && lw_store_bind_int (self, stmt, 2, id, error)
         && step_done (self, stmt, error);
}

static gboolean
damaged_log (LwStore  *self,
             gint64    id,
             GError  **error)
{
  return fail_damaged (self, id, "its edit log holds a copy that cannot be read", error);
}

/* Re-creates game @id from a snapshot; inside a write transaction. */
static gboolean
restore_snapshot (LwStore     *self,
                  gint64       id,
                  const char  *snapshot,
                  GError     **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (LwGameRecord) record = NULL;
  JsonObject *object;
  JsonArray *array;
  const char *notes = NULL, *place = NULL;

  if (snapshot == NULL
      || !json_parser_load_from_data (parser, snapshot, -1, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return damaged_log (self, id, error);
  object = json_node_get_object (json_parser_get_root (parser));

  record = lw_game_record_from_json (json_object_get_string_member_with_default (object, "record", ""),
                                     -1, NULL);
  if (record == NULL)
    return damaged_log (self, id, error);
  if (!json_object_get_null_member (object, "notes"))
    notes = json_object_get_string_member_with_default (object, "notes", NULL);
  if (!json_object_get_null_member (object, "place"))
    place = json_object_get_string_member_with_default (object, "place", NULL);

  if (insert_game (self, record, id,
                   json_object_get_int_member_with_default (object, "created", 0), NULL,
                   error) != id
      || !set_details (self, id, notes,
                       json_object_get_int_member_with_default (object, "played_at", 0),
                       place, error)
      || !set_king_and_knave (self, id,
                              json_object_get_boolean_member_with_default (object, "king_and_knave",
                                                                           FALSE),
                              error))
    return FALSE;

  array = json_object_get_array_member (object, "seat_changes");
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonArray *change = json_array_get_array_element (array, i);
      gint64 old_player, new_player;

      if (change == NULL || json_array_get_length (change) != 5)
        return damaged_log (self, id, error);
      if (!player_id (self, json_array_get_string_element (change, 2), &old_player, error)
          || !player_id (self, json_array_get_string_element (change, 3), &new_player, error))
        return FALSE;
      if (!insert_seat_change (self, id, json_array_get_int_element (change, 0),
                               json_array_get_int_element (change, 1), old_player, new_player,
                               json_array_get_int_element (change, 4), error))
        return FALSE;
    }

  array = json_object_get_array_member (object, "penalty_notes");
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonArray *note = json_array_get_array_element (array, i);
      gint64 round_id;

      if (note == NULL || json_array_get_length (note) != 4)
        return damaged_log (self, id, error);
      if (!round_id_of (self, id, (guint) json_array_get_int_element (note, 0), &round_id, error)
          || !set_penalty_note (self, round_id, (guint) json_array_get_int_element (note, 1),
                                json_array_get_null_element (note, 2)
                                  ? NULL : json_array_get_string_element (note, 2),
                                json_array_get_int_element (note, 3), error))
        return FALSE;
    }
  return TRUE;
}

gboolean
lw_store_delete_game (LwStore  *self,
                      gint64    id,
                      GError  **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autofree char *snapshot = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!begin_write (self, error))
    return FALSE;

  game = load_game (self, id, error);
  if (game == NULL || (snapshot = game_snapshot (self, game, error)) == NULL)
    goto failed;

  {
    /* Seats and rounds go with the game (ON DELETE CASCADE); its players
     * stay known for the next game. */
    g_autoptr (LwStmt) stmt = get_stmt (self, "DELETE FROM games WHERE id = ?", error);

    if (stmt == NULL
        || !lw_store_bind_int (self, stmt, 1, id, error)
        || !step_done (self, stmt, error))
      goto failed;
  }

  if (!log_edit (self, id, "delete_game", 0, snapshot, NULL, error)
      || !commit (self, error))
    goto failed;
  return TRUE;

failed:
  rollback (self);
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Undo                                                                 */
/* ------------------------------------------------------------------ */

static gboolean
mark_undone (LwStore  *self,
             gint64    entry_id,
             GError  **error)
{
  return run2 (self, "UPDATE edits SET undone_at = ?2 WHERE id = ?1",
               entry_id, g_get_real_time (), error);
}

/* The seat, first round and name of one side of a substitute's log entry;
 * @gives_back tells a revert of a substitute (the seat given back). */
static gboolean
parse_seat_json (LwStore      *self,
                 gint64        id,
                 const char   *json,
                 gint64       *seat,
                 gint64       *from_round,
                 char        **name,
                 gboolean     *gives_back,
                 GError      **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  JsonObject *object;

  if (json == NULL
      || !json_parser_load_from_data (parser, json, -1, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return damaged_log (self, id, error);
  object = json_node_get_object (json_parser_get_root (parser));
  *seat = json_object_get_int_member_with_default (object, "seat", -1);
  *from_round = json_object_get_int_member_with_default (object, "from_round", 0);
  *name = g_strdup (json_object_get_string_member_with_default (object, "name", ""));
  if (gives_back != NULL)
    *gives_back = json_object_get_boolean_member_with_default (object, "gives_back", FALSE);
  return TRUE;
}

static gboolean
set_seat_player (LwStore  *self,
                 gint64    id,
                 gint64    seat,
                 gint64    player,
                 GError  **error)
{
  return run3 (self, "UPDATE game_seats SET player = ?1 WHERE game = ?2 AND seat = ?3",
               player, id, seat, error);
}

/* Reverts a substitute of @seat from round @from_round: @name, the seat's
 * earlier player, sits again, and the seat change is forgotten. */
static gboolean
give_seat_back (LwStore     *self,
                gint64       id,
                gint64       seat,
                gint64       from_round,
                const char  *name,
                GError     **error)
{
  gint64 player = 0;

  return player_id (self, name, &player, error)
         && set_seat_player (self, id, seat, player, error)
         && run3 (self, "DELETE FROM seat_changes WHERE id = (SELECT max (id) FROM seat_changes"
                        " WHERE game = ?1 AND seat = ?2 AND from_round = ?3)",
                  id, seat, from_round, error);
}

/* @new_name takes @seat from @old_name from round @from_round again (a
 * seat given back is taken again). */
static gboolean
take_seat (LwStore     *self,
           gint64       id,
           gint64       seat,
           gint64       from_round,
           const char  *old_name,
           const char  *new_name,
           GError     **error)
{
  gint64 old_player = 0, new_player = 0;

  if (!player_id (self, old_name, &old_player, error)
      || !player_id (self, new_name, &new_player, error)
      || !set_seat_player (self, id, seat, new_player, error))
    return FALSE;
  return insert_seat_change (self, id, seat, from_round, old_player, new_player,
                             g_get_real_time () / G_USEC_PER_SEC, error);
}

static char *seat_json (int          seat,
                        guint        from_round,
                        const char  *name,
                        gboolean     gives_back);

/* Reverts a substitute entry: the seat's earlier player sits again, or, for
 * an entry that gave the seat back, the substitute sits again. With @log,
 * the revert is logged as a new "substitute" entry (lw_store_revert_edit()),
 * after checking that the seat's player is still the one the entry left. */
static gboolean
undo_substitute (LwStore            *self,
                 gint64              id,
                 const LwEditEntry  *entry,
                 gboolean            log,
                 GError            **error)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *old_json = NULL;
  g_autofree char *new_json = NULL;
  gint64 seat, from_round, seat2, from2;
  gboolean gives_back = FALSE;

  if (!parse_seat_json (self, id, entry->old_json, &seat, &from_round, &before, NULL, error)
      || !parse_seat_json (self, id, entry->new_json, &seat2, &from2, &after, &gives_back, error))
    return FALSE;

  if (log)
    {
      g_autoptr (LwStoredGame) game = load_game (self, id, error);

      if (game == NULL)
        return FALSE;
      if (seat < 0 || seat >= (int) game->record->n_players)
        return damaged_log (self, id, error);
      if (!lw_names_equal (game->record->players[seat], after))
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                       "seat %" G_GINT64_FORMAT ": %s sits there now, not %s; revert the later"
                       " change of the seat first", seat + 1, game->record->players[seat], after);
          return FALSE;
        }
      old_json = seat_json ((int) seat, (guint) from_round, after, FALSE);
      new_json = seat_json ((int) seat, (guint) from_round, before, !gives_back);
      if (!log_edit (self, id, "substitute", (guint) from_round, old_json, new_json, error))
        return FALSE;
    }

  if (gives_back)
    return take_seat (self, id, seat, from_round, after, before, error);
  return give_seat_back (self, id, seat, from_round, before, error);
}

static char *notes_json (const char *notes);
static char *details_json (gint64      played_at,
                           const char *place);

/* Reverts a "notes" or "details" entry: the game's notes, or its date and
 * place, as they were before it. With @log, logged as a new entry of the
 * same kind (lw_store_revert_edit()). */
static gboolean
undo_details (LwStore            *self,
              gint64              id,
              const LwEditEntry  *entry,
              gboolean            log,
              GError            **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (LwStoredGame) game = load_game (self, id, error);
  g_autofree char *now_json = NULL;
  const char *notes, *place;
  gint64 played_at;
  JsonObject *object;

  if (game == NULL)
    return FALSE;
  if (entry->old_json == NULL
      || !json_parser_load_from_data (parser, entry->old_json, -1, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return damaged_log (self, id, error);
  object = json_node_get_object (json_parser_get_root (parser));

  notes = game->notes;
  played_at = game->played_at;
  place = game->place;
  if (g_str_equal (entry->kind, "notes"))
    {
      notes = json_object_get_null_member (object, "notes")
                ? NULL : json_object_get_string_member_with_default (object, "notes", NULL);
      now_json = notes_json (game->notes);
    }
  else
    {
      played_at = json_object_get_null_member (object, "played_at")
                    ? 0 : json_object_get_int_member_with_default (object, "played_at", 0);
      place = json_object_get_null_member (object, "place")
                ? NULL : json_object_get_string_member_with_default (object, "place", NULL);
      now_json = details_json (game->played_at, game->place);
    }
  return set_details (self, id, notes, played_at, place, error)
         && (!log || log_edit (self, id, entry->kind, 0, now_json, entry->old_json, error));
}

/* Whether round @number of @game has the facts of @json (a round of the
 * log), its dealer check aside (edits before it may have rewritten it). */
static gboolean
round_is (const LwStoredGame  *game,
          guint                number,
          const char          *json)
{
  g_autoptr (LwRound) logged = NULL;
  g_autoptr (LwRound) now = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  if (json == NULL || number < 1 || number > game->record->rounds->len)
    return FALSE;
  logged = lw_round_from_json (game->record, json, -1, number, NULL);
  if (logged == NULL)
    return FALSE;
  now = lw_round_copy (g_ptr_array_index (game->record->rounds, number - 1));
  logged->dealer = now->dealer = LW_NO_SEAT;
  a = lw_round_to_json (game->record, logged);
  b = lw_round_to_json (game->record, now);
  return g_str_equal (a, b);
}

/* Reverts log entry @entry of game @id; inside a write transaction. Without
 * @log (Undo) the entry is then marked undone by the caller; with @log
 * (lw_store_revert_edit()) the revert is checked against the game as it is
 * now and logged as a new entry, and the caller writes the result cache. */
static gboolean
undo_entry (LwStore            *self,
            gint64              id,
            const LwEditEntry  *entry,
            gboolean            log,
            GError            **error)
{
  const char *kind = entry->kind;

  if (g_str_equal (kind, "delete_game"))
    return restore_snapshot (self, id, entry->old_json, error);
  if (g_str_equal (kind, "substitute"))
    return undo_substitute (self, id, entry, log, error);
  if (g_str_equal (kind, "notes") || g_str_equal (kind, "details"))
    return undo_details (self, id, entry, log, error);

  {
    g_autoptr (LwStoredGame) game = load_game (self, id, error);
    g_autoptr (LwRound) round = NULL;
    gboolean removes = g_str_equal (kind, "append_round") || g_str_equal (kind, "insert_round");
    LwEdit edit = { LW_EDIT_DELETE, entry->number, NULL };

    if (game == NULL)
      return FALSE;
    /* A revert takes away or overwrites the round the change left: only
     * while it is still there. */
    if (log && !g_str_equal (kind, "delete_round") && !round_is (game, entry->number, entry->new_json))
      {
        g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                     "round %u is no longer the round this change left (it was changed,"
                     " moved or deleted since): revert the later changes first", entry->number);
        return FALSE;
      }
    if (!removes)
      {
        /* replace_round, delete_round: the old round comes back. */
        edit.kind = g_str_equal (kind, "replace_round") ? LW_EDIT_REPLACE : LW_EDIT_INSERT;
        round = lw_round_from_json (game->record, entry->old_json != NULL ? entry->old_json : "",
                                    -1, entry->number, NULL);
        if (round == NULL)
          return damaged_log (self, id, error);
        edit.round = round;
      }
    return edit_rounds (self, id, &edit, log ? lw_edit_kind_to_string (edit.kind) : NULL, error);
  }
}

/* The game's latest entry not undone (of @kind when not NULL). */
static LwEditEntry *
last_entry (LwStore     *self,
            gint64       id,
            const char  *kind,
            GError     **error)
{
  g_autoptr (GPtrArray) entries = lw_store_list_edits (self, id, error);

  if (entries == NULL)
    return NULL;
  for (guint i = entries->len; i > 0; i--)
    {
      LwEditEntry *entry = g_ptr_array_index (entries, i - 1);

      /* A rename of the names rule's migration is not a change to undo. */
      if (entry->undone != 0 || g_str_equal (entry->kind, "rename"))
        continue;
      if (kind != NULL && !g_str_equal (entry->kind, kind))
        break;
      return g_ptr_array_steal_index (entries, i - 1);
    }
  if (kind != NULL)
    g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                 "no deleted game with ID %" G_GINT64_FORMAT " to restore", id);
  else
    g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOTHING_TO_UNDO,
                 "game %" G_GINT64_FORMAT ": no change to undo", id);
  return NULL;
}

static gboolean
undo_last (LwStore     *self,
           gint64       id,
           const char  *kind,
           GError     **error)
{
  g_autoptr (LwEditEntry) entry = NULL;

  if (!begin_write (self, error))
    return FALSE;
  entry = last_entry (self, id, kind, error);
  if (entry == NULL
      || !undo_entry (self, id, entry, FALSE, error)
      || !mark_undone (self, entry->id, error)
      || !rounds_changed_of (self, id, error)
      || !commit (self, error))
    {
      rollback (self);
      return FALSE;
    }
  return TRUE;
}

gboolean
lw_store_undo_last_edit (LwStore  *self,
                         gint64    id,
                         GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return undo_last (self, id, NULL, error);
}

gboolean
lw_store_restore_game (LwStore  *self,
                       gint64    id,
                       GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return undo_last (self, id, "delete_game", error);
}

LwEditEntry *
lw_store_get_last_edit (LwStore  *self,
                        gint64    id,
                        GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return last_entry (self, id, NULL, error);
}

gboolean
lw_store_revert_edit (LwStore  *self,
                      gint64    id,
                      gint64    entry_id,
                      GError  **error)
{
  g_autoptr (GPtrArray) entries = NULL;
  const LwEditEntry *entry = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!begin_write (self, error))
    return FALSE;
  entries = lw_store_list_edits (self, id, error);
  if (entries == NULL)
    goto failed;
  for (guint i = 0; i < entries->len && entry == NULL; i++)
    if (((LwEditEntry *) g_ptr_array_index (entries, i))->id == entry_id)
      entry = g_ptr_array_index (entries, i);

  if (entry == NULL)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT ": no change %" G_GINT64_FORMAT " in its edit log",
                   id, entry_id);
      goto failed;
    }
  if (entry->undone != 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "change %" G_GINT64_FORMAT " was undone already", entry_id);
      goto failed;
    }
  if (g_str_equal (entry->kind, "rename"))
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "change %" G_GINT64_FORMAT ": a rename to follow the names rule is not reverted",
                   entry_id);
      goto failed;
    }

  /* A deletion of the game has no entry to log its revert as: the game
   * comes back and the deletion is marked undone, as with Undo. */
  if (g_str_equal (entry->kind, "delete_game"))
    {
      if (!undo_entry (self, id, entry, FALSE, error) || !mark_undone (self, entry->id, error))
        goto failed;
    }
  else if (!undo_entry (self, id, entry, TRUE, error))
    goto failed;

  if (!rounds_changed_of (self, id, error) || !commit (self, error))
    goto failed;
  return TRUE;

failed:
  rollback (self);
  return FALSE;
}

gboolean
lw_store_replace_round_ending_game (LwStore        *self,
                                    gint64          id,
                                    guint           number,
                                    const LwRound  *round,
                                    guint          *end,
                                    GError        **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  LwEdit edit = { LW_EDIT_REPLACE, number, round };
  guint last = 0;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!begin_write (self, error))
    return FALSE;
  game = load_game (self, id, error);
  if (game == NULL)
    goto failed;
  if (number >= 1 && number <= game->record->rounds->len
      && lw_edit_ends_game_at (game->record, &edit, &last))
    {
      /* The later rounds go one by one from the last, each in the log
       * (so each can be brought back); then the round is corrected. */
      for (guint n = game->record->rounds->len; n > last; n--)
        {
          LwEdit deletion = { LW_EDIT_DELETE, n, NULL };

          if (!edit_rounds (self, id, &deletion, lw_edit_kind_to_string (LW_EDIT_DELETE), error))
            goto failed;
        }
    }
  if (!edit_rounds (self, id, &edit, lw_edit_kind_to_string (LW_EDIT_REPLACE), error)
      || !commit (self, error))
    goto failed;
  if (end != NULL)
    *end = last;
  return TRUE;

failed:
  rollback (self);
  return FALSE;
}

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

  /* GAME-RECORD.md "Names": notes */
  if (note != NULL && (note = clean = lw_notes_normalize (note, "the penalty's note", error)) == NULL)
    return 0;
  if (!begin_write (self, error))
    return 0;
  game = load_game (self, id, error);
  if (game == NULL)
    goto failed;
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
    g_autoptr (LwStmt) stmt =
      get_stmt (self, "INSERT INTO pending_penalties (game, seat, kind, note, noted_at)"
                      " VALUES (?, ?, ?, ?, ?)", error);

    if (stmt == NULL
        || !lw_store_bind_int (self, stmt, 1, id, error)
        || !lw_store_bind_int (self, stmt, 2, seat, error)
        || !lw_store_bind_text (self, stmt, 3, penalty_kind_to_string (kind), error)
        || !lw_store_bind_text (self, stmt, 4, note, error)
        || !lw_store_bind_int (self, stmt, 5, g_get_real_time () / G_USEC_PER_SEC, error)
        || !step_done (self, stmt, error))
      goto failed;
    penalty_id = sqlite3_last_insert_rowid (self->db);
  }

  if (!commit (self, error))
    goto failed;
  return penalty_id;

failed:
  rollback (self);
  return 0;
}

GPtrArray *
lw_store_list_pending_penalties (LwStore  *self,
                                 gint64    id,
                                 GError  **error)
{
  g_autoptr (GPtrArray) penalties =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_stored_penalty_free);
  g_autoptr (LwStmt) stmt = NULL;
  gboolean has_row = FALSE;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stmt = get_stmt (self, "SELECT id, seat, kind, note, noted_at FROM pending_penalties"
                         " WHERE game = ? ORDER BY id", error);
  ok = stmt != NULL && lw_store_bind_int (self, stmt, 1, id, error);
  while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
    {
      LwStoredPenalty *penalty = g_new0 (LwStoredPenalty, 1);

      penalty->id = sqlite3_column_int64 (stmt, 0);
      penalty->ordinal = penalties->len;
      penalty->seat = sqlite3_column_int (stmt, 1);
      penalty_kind_from_string ((const char *) sqlite3_column_text (stmt, 2), &penalty->kind);
      penalty->note = g_strdup ((const char *) sqlite3_column_text (stmt, 3));
      penalty->time = sqlite3_column_int64 (stmt, 4);
      g_ptr_array_add (penalties, penalty);
    }
  return ok ? g_steal_pointer (&penalties) : NULL;
}

gboolean
lw_store_remove_pending_penalty (LwStore  *self,
                                 gint64    penalty_id,
                                 GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!begin_write (self, error))
    return FALSE;
  if (!run2 (self, "DELETE FROM pending_penalties WHERE id = ?1 AND ?2 = ?2", penalty_id, 0, error))
    goto failed;
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "no pending penalty with ID %" G_GINT64_FORMAT, penalty_id);
      goto failed;
    }
  return commit (self, error);

failed:
  rollback (self);
  return FALSE;
}

GPtrArray *
lw_store_list_penalties (LwStore  *self,
                         gint64    id,
                         GError  **error)
{
  g_autoptr (GPtrArray) penalties =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_stored_penalty_free);
  g_autoptr (LwStmt) stmt = NULL;
  gboolean has_row = FALSE;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stmt = get_stmt (self,
                   "SELECT r.number, p.ordinal, p.seat, p.kind, p.note, coalesce (p.noted_at, 0)"
                   " FROM penalties AS p JOIN rounds AS r ON r.id = p.round"
                   " WHERE r.game = ? ORDER BY r.number, p.ordinal", error);
  ok = stmt != NULL && lw_store_bind_int (self, stmt, 1, id, error);
  while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
    {
      LwStoredPenalty *penalty = g_new0 (LwStoredPenalty, 1);

      penalty->round = (guint) sqlite3_column_int (stmt, 0);
      penalty->ordinal = (guint) sqlite3_column_int (stmt, 1);
      penalty->seat = sqlite3_column_int (stmt, 2);
      penalty_kind_from_string ((const char *) sqlite3_column_text (stmt, 3), &penalty->kind);
      penalty->note = g_strdup ((const char *) sqlite3_column_text (stmt, 4));
      penalty->time = sqlite3_column_int64 (stmt, 5);
      g_ptr_array_add (penalties, penalty);
    }
  return ok ? g_steal_pointer (&penalties) : NULL;
}

gboolean
lw_store_set_penalty_note (LwStore     *self,
                           gint64       id,
                           guint        round,
                           guint        ordinal,
                           const char  *note,
                           GError     **error)
{
  g_autoptr (LwStmt) stmt = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* GAME-RECORD.md "Names": notes */
  if (note != NULL && (note = clean = lw_notes_normalize (note, "the penalty's note", error)) == NULL)
    return FALSE;
  if (!begin_write (self, error))
    return FALSE;
  stmt = get_stmt (self, "UPDATE penalties SET note = ? WHERE ordinal = ? AND round ="
                         " (SELECT id FROM rounds WHERE game = ? AND number = ?)", error);
  if (stmt == NULL
      || !lw_store_bind_text (self, stmt, 1, note, error)
      || !lw_store_bind_int (self, stmt, 2, ordinal, error)
      || !lw_store_bind_int (self, stmt, 3, id, error)
      || !lw_store_bind_int (self, stmt, 4, round, error)
      || !step_done (self, stmt, error))
    goto failed;
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT ", round %u: no penalty %u", id, round, ordinal + 1);
      goto failed;
    }
  g_clear_pointer (&stmt, lw_stmt_release);
  return commit (self, error);

failed:
  rollback (self);
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Substitutes                                                          */
/* ------------------------------------------------------------------ */

static char *
seat_json (int          seat,
           guint        from_round,
           const char  *name,
           gboolean     gives_back)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "seat");
  json_builder_add_int_value (builder, seat);
  json_builder_set_member_name (builder, "from_round");
  json_builder_add_int_value (builder, from_round);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, name);
  if (gives_back)
    {
      json_builder_set_member_name (builder, "gives_back");
      json_builder_add_boolean_value (builder, TRUE);
    }
  json_builder_end_object (builder);
  return lw_json_builder_to_text (builder);
}

gboolean
lw_store_substitute_player (LwStore     *self,
                            gint64       id,
                            int          seat,
                            const char  *new_name,
                            guint        from_round,
                            GError     **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwGameRecord) renamed = NULL;
  g_autofree char *old_json = NULL;
  g_autofree char *new_json = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (new_name != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* GAME-RECORD.md "Names" */
  clean = lw_name_normalize (new_name, "substitute: the new player's name", error);
  if (clean == NULL)
    return FALSE;
  new_name = clean;

  if (!begin_write (self, error))
    return FALSE;
  game = load_game (self, id, error);
  if (game == NULL)
    goto failed;

  if (seat < 0 || seat >= (int) game->record->n_players)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "seat %d: the game has %u seats", seat, game->record->n_players);
      goto failed;
    }
  if (from_round < 1 || from_round > game->record->rounds->len + 1)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "from round %u: the game has %u rounds", from_round,
                   game->record->rounds->len);
      goto failed;
    }
  for (guint s = 0; s < game->record->n_players; s++)
    if (lw_names_equal (game->record->players[s], new_name))
      {
        g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                     "%s already sits at seat %u", new_name, s);
        goto failed;
      }

  /* The engine's checks of a name (one line, not blank). */
  renamed = lw_game_record_copy (game->record);
  g_free (renamed->players[seat]);
  renamed->players[seat] = g_strdup (new_name);
  if (!lw_game_record_validate (renamed, error))
    goto failed;

  old_json = seat_json (seat, from_round, game->record->players[seat], FALSE);
  new_json = seat_json (seat, from_round, new_name, FALSE);

  if (!take_seat (self, id, seat, from_round, game->record->players[seat], new_name, error))
    goto failed;

  if (!log_edit (self, id, "substitute", from_round, old_json, new_json, error)
      || !lw_store_cache_result (self, id, renamed, NULL, error)
      || !commit (self, error))
    goto failed;
  return TRUE;

failed:
  rollback (self);
  return FALSE;
}

GPtrArray *
lw_store_list_round_players (LwStore  *self,
                             gint64    id,
                             GError  **error)
{
  g_autoptr (GPtrArray) rounds = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr (GPtrArray) changes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (LwStoredGame) game = NULL;
  gboolean ok = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!begin_read (self, error))
    return NULL;
  game = load_game (self, id, error);
  if (game != NULL)
    {
      g_autoptr (LwStmt) stmt =
        get_stmt (self, "SELECT c.seat, c.from_round, o.name FROM seat_changes AS c"
                        " JOIN players AS o ON o.id = c.old_player"
                        " WHERE c.game = ? ORDER BY c.from_round DESC, c.id DESC", error);
      gboolean has_row = FALSE;
      guint n = game->record->n_players;

      /* Walk back from the current names: before each change's first
       * round, the seat had the change's old player. */
      for (guint r = 0; r < game->record->rounds->len; r++)
        {
          char **names = g_new0 (char *, n + 1);

          for (guint s = 0; s < n; s++)
            names[s] = g_strdup (game->record->players[s]);
          g_ptr_array_add (rounds, names);
        }
      ok = stmt != NULL && lw_store_bind_int (self, stmt, 1, id, error);
      while (ok && (ok = step_row (self, stmt, &has_row, error)) && has_row)
        {
          int seat = sqlite3_column_int (stmt, 0);
          guint from_round = (guint) sqlite3_column_int (stmt, 1);
          const char *name = (const char *) sqlite3_column_text (stmt, 2);

          if (seat < 0 || seat >= (int) n)
            continue;
          for (guint r = 0; r + 1 < from_round && r < rounds->len; r++)
            {
              char **names = g_ptr_array_index (rounds, r);

              g_free (names[seat]);
              names[seat] = g_strdup (name);
            }
        }
    }

  if (!ok || !commit (self, error))
    {
      rollback (self);
      return NULL;
    }
  return g_steal_pointer (&rounds);
}

/* ------------------------------------------------------------------ */
/* Game details                                                         */
/* ------------------------------------------------------------------ */

static char *
notes_json (const char *notes)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  add_nullable_string (builder, "notes", notes);
  json_builder_end_object (builder);
  return lw_json_builder_to_text (builder);
}

static char *
details_json (gint64      played_at,
              const char *place)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "played_at");
  if (played_at == 0)
    json_builder_add_null_value (builder);
  else
    json_builder_add_int_value (builder, played_at);
  add_nullable_string (builder, "place", place);
  json_builder_end_object (builder);
  return lw_json_builder_to_text (builder);
}

static const char *
empty_to_null (const char *text)
{
  return text != NULL && *text != '\0' ? text : NULL;
}

gboolean
lw_store_set_game_notes (LwStore     *self,
                         gint64       id,
                         const char  *notes,
                         GError     **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autofree char *old_json = NULL;
  g_autofree char *new_json = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* GAME-RECORD.md "Names": notes */
  clean = lw_notes_normalize (notes, "notes", error);
  if (clean == NULL)
    return FALSE;
  notes = empty_to_null (clean);
  if (!begin_write (self, error))
    return FALSE;
  game = load_game (self, id, error);
  if (game == NULL)
    goto failed;
  old_json = notes_json (game->notes);
  new_json = notes_json (notes);
  if (!set_details (self, id, notes, game->played_at, game->place, error)
      || !log_edit (self, id, "notes", 0, old_json, new_json, error)
      || !lw_store_cache_result (self, id, game->record, NULL, error)
      || !commit (self, error))
    goto failed;
  return TRUE;

failed:
  rollback (self);
  return FALSE;
}

gboolean
lw_store_set_game_details (LwStore     *self,
                           gint64       id,
                           gint64       played_at,
                           const char  *place,
                           GError     **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autofree char *old_json = NULL;
  g_autofree char *new_json = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* GAME-RECORD.md "Names": a place is a name */
  place = empty_to_null (place);
  if (place != NULL && (clean = lw_name_normalize (place, "place", error)) == NULL)
    return FALSE;
  if (place != NULL)
    place = clean;
  if (!begin_write (self, error))
    return FALSE;
  game = load_game (self, id, error);
  if (game == NULL)
    goto failed;
  old_json = details_json (game->played_at, game->place);
  new_json = details_json (played_at, place);
  if (!set_details (self, id, game->notes, played_at, place, error)
      || !log_edit (self, id, "details", 0, old_json, new_json, error)
      || !lw_store_cache_result (self, id, game->record, NULL, error)
      || !commit (self, error))
    goto failed;
  return TRUE;

failed:
  rollback (self);
  return FALSE;
}

gboolean
lw_store_set_game_king_and_knave (LwStore   *self,
                                  gint64     id,
                                  gboolean   king_and_knave,
                                  GError   **error)
{
  g_autoptr (LwStoredGame) game = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!begin_write (self, error))
    return FALSE;
  game = load_game (self, id, error);
  if (game == NULL)
    goto failed;
  if (game->record->ruleset != LW_RULESET_GARWOLF && king_and_knave)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT ": King and Knave is a Garwolf house rule", id);
      goto failed;
    }
  if (!set_king_and_knave (self, id, king_and_knave, error)
      || !commit (self, error))
    goto failed;
  return TRUE;

failed:
  rollback (self);
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Many games at once                                                   */
/* ------------------------------------------------------------------ */

GArray *
lw_store_add_games (LwStore    *self,
                    GPtrArray  *records,
                    GError    **error)
{
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GPtrArray) all_standings = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (records != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The engine's verdict on every record first. */
  all_standings = g_ptr_array_new_full (records->len, (GDestroyNotify) lw_standings_free);
  for (guint i = 0; i < records->len; i++)
    {
      g_autoptr (GError) local_error = NULL;
      LwStandings *standings = NULL;

      if (lw_game_record_check_size (g_ptr_array_index (records, i), &local_error))
        standings = lw_standings_compute (g_ptr_array_index (records, i), &local_error);

      if (standings == NULL)
        {
          g_set_error (error, local_error->domain, local_error->code,
                       "game %u: %s", i + 1, local_error->message);
          return NULL;
        }
      g_ptr_array_add (all_standings, standings);
    }

  ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), records->len);
  if (!begin_write (self, error))
    return NULL;
  for (guint i = 0; i < records->len; i++)
    {
      gint64 id = insert_game (self, g_ptr_array_index (records, i), 0, 0,
                               g_ptr_array_index (all_standings, i), error);

      if (id <= 0 || !set_record_extras (self, id, g_ptr_array_index (records, i), error))
        {
          rollback (self);
          return NULL;
        }
      g_array_append_val (ids, id);
    }
  if (!commit (self, error))
    return NULL;
  return g_steal_pointer (&ids);
}

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
static char *
new_migration_backup_path (const char *path,
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
static gboolean
backup_before_migration (LwStore     *self,
                         int          version,
                         const char  *backup,
                         gint64      *data_version,
                         GError     **error)
{
  g_autoptr (GError) local_error = NULL;

  if (!begin_read (self, error))
    return FALSE;
  if (!query_int64 (self, "PRAGMA data_version", data_version, error))
    goto failed;
  if (!lw_store_backup_to (self, backup, &local_error))
    {
      g_set_error (error, LW_STORE_ERROR,
                   local_error->code == LW_STORE_ERROR_FULL ? LW_STORE_ERROR_FULL
                                                            : LW_STORE_ERROR_OPEN,
                   "%s: not upgraded from version %d, no backup copy could be made (%s)",
                   self->path, version, local_error->message);
      goto failed;
    }
  return commit (self, error);

failed:
  rollback (self);
  return FALSE;
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
      set_sqlite_error (error, path, db, rc);
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
      set_sqlite_error (error, path, source, rc);
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
      set_sqlite_error (error, self->path, self->db, rc);
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

/* ------------------------------------------------------------------ */
/* Shared with the store's other files (lw-store-private.h)            */
/* ------------------------------------------------------------------ */

sqlite3_stmt *
lw_store_stmt (LwStore     *self,
               const char  *sql,
               GError     **error)
{
  return get_stmt (self, sql, error);
}

void
lw_store_stmt_release (sqlite3_stmt *stmt)
{
  if (stmt != NULL)
    lw_stmt_release (stmt);
}

gboolean
lw_store_fail (LwStore  *self,
               int       rc,
               GError  **error)
{
  return fail (self, rc, error);
}

gboolean
lw_store_check (LwStore  *self,
                int       rc,
                GError  **error)
{
  return rc == SQLITE_OK || fail (self, rc, error);
}

gboolean
lw_store_step_done (LwStore       *self,
                    sqlite3_stmt  *stmt,
                    GError       **error)
{
  return step_done (self, stmt, error);
}

gboolean
lw_store_step_row (LwStore       *self,
                   sqlite3_stmt  *stmt,
                   gboolean      *has_row,
                   GError       **error)
{
  return step_row (self, stmt, has_row, error);
}

gboolean
lw_store_begin_write (LwStore  *self,
                      GError  **error)
{
  return begin_write (self, error);
}

gboolean
lw_store_begin_read (LwStore  *self,
                     GError  **error)
{
  return begin_read (self, error);
}

gboolean
lw_store_commit (LwStore  *self,
                 GError  **error)
{
  return commit (self, error);
}

void
lw_store_rollback (LwStore *self)
{
  rollback (self);
}

gboolean
lw_store_player_id (LwStore     *self,
                    const char  *name,
                    gint64      *id,
                    GError     **error)
{
  return player_id (self, name, id, error);
}

LwStoredGame *
lw_store_load_game_locked (LwStore  *self,
                           gint64    id,
                           GError  **error)
{
  return load_game (self, id, error);
}

int
lw_store_compare_names (gconstpointer a,
                        gconstpointer b)
{
  return compare_names (a, b);
}
