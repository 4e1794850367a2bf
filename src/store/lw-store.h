/* lw-store.h — the SQLite database of players, games and rounds
 *
 * Scores, game status and winners are never stored: they are the engine's
 * replay (lw_standings_compute()) of the stored rounds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "lw-engine.h"

G_BEGIN_DECLS

#define LW_STORE_ERROR (lw_store_error_quark ())

/**
 * LwStoreError:
 * @LW_STORE_ERROR_OPEN: the file cannot be opened or created
 * @LW_STORE_ERROR_NOT_A_DATABASE: the file is not a Little Wolf database
 *   (or is damaged); it is left untouched
 * @LW_STORE_ERROR_NEWER_VERSION: the database was written by a newer
 *   version; it is left untouched
 * @LW_STORE_ERROR_BUSY: another program held the database too long
 * @LW_STORE_ERROR_FULL: the disk is full
 * @LW_STORE_ERROR_NOT_FOUND: no game with that ID
 * @LW_STORE_ERROR_FAILED: any other SQLite failure (message from SQLite)
 * @LW_STORE_ERROR_NOTHING_TO_UNDO: the game's edit log has no change left
 *   to undo
 * @LW_STORE_ERROR_INVALID: an argument the store refuses (a seat out of
 *   range, an empty name, a name already seated, a backup onto the open
 *   database itself); the message names it
 * @LW_STORE_ERROR_CHANGED: the game is no longer at the version a change
 *   was made against (table entry); nothing was stored
 * @LW_STORE_ERROR_LOCKED: the round is locked by the director (table
 *   entry); nothing was stored
 * @LW_STORE_ERROR_DAMAGED: the database file is damaged (SQLite found it
 *   malformed; PRAGMA quick_check says where); the message says to
 *   restore a backup. From then on the store writes nothing to it.
 */
typedef enum {
  LW_STORE_ERROR_OPEN,
  LW_STORE_ERROR_NOT_A_DATABASE,
  LW_STORE_ERROR_NEWER_VERSION,
  LW_STORE_ERROR_BUSY,
  LW_STORE_ERROR_FULL,
  LW_STORE_ERROR_NOT_FOUND,
  LW_STORE_ERROR_FAILED,
  LW_STORE_ERROR_NOTHING_TO_UNDO,
  LW_STORE_ERROR_INVALID,
  LW_STORE_ERROR_CHANGED,
  LW_STORE_ERROR_LOCKED,
  LW_STORE_ERROR_DAMAGED,
} LwStoreError;

GQuark lw_store_error_quark (void);

#define LW_TYPE_STORE (lw_store_get_type ())
G_DECLARE_FINAL_TYPE (LwStore, lw_store, LW, STORE, GObject)

/**
 * LwStoredGame:
 * @id: the game's ID, > 0
 * @created: creation time, seconds since 1970 (UTC)
 * @record: (transfer full): the game as stored, rounds included, as its
 *   game record (GAME-RECORD.md version 2): the seats' first players and
 *   the substitutes (lw_game_record_player_at(); who sits now:
 *   lw_game_record_current_player()), the game's UUID as its id, its
 *   details and house rule
 * @notes: (nullable) (transfer full): free text about the game (schema 2)
 * @played_at: when the game was played, seconds since 1970 (UTC), or 0
 *   when not given (schema 2)
 * @place: (nullable) (transfer full): where it was played (schema 2)
 * @king_and_knave: Garwolf is played with the King and Knave house rule
 *   (SCORING G3; schema 3); %FALSE for every game stored before it. Not
 *   part of @record: the game record format has no such key.
 */
typedef struct {
  gint64        id;
  gint64        created;
  LwGameRecord *record;
  char         *notes;
  gint64        played_at;
  char         *place;
  gboolean      king_and_knave;
} LwStoredGame;

void lw_stored_game_free (LwStoredGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwStoredGame, lw_stored_game_free)

/**
 * lw_store_default_path:
 *
 * Returns: (transfer full): `$XDG_DATA_HOME/little-wolf/little-wolf.sqlite3`.
 */
char *lw_store_default_path (void);

/**
 * lw_store_open:
 * @path: the database file; its folder is created when missing
 * @error: return location for a #GError
 *
 * Opens (creating or migrating as needed) a database: WAL, foreign keys on,
 * busy timeout set, schema by `user_version`. A database of an older
 * schema is first copied to lw_store_migration_backup_path(), or when a
 * copy of that name is there already (an earlier migration's), to
 * `PATH.vVERSION.1.bak`, `.2.bak`, … (the first free name: every copy is
 * kept), then migrated in one transaction; when no copy
 * can be made it is not migrated (%LW_STORE_ERROR_OPEN or
 * %LW_STORE_ERROR_FULL). A database of a newer schema, or a file that is
 * not a Little Wolf database, is refused and left untouched, byte for
 * byte: a database is ours when its `PRAGMA application_id` is 0x4C574F4C
 * ("LWOL", set when it is created), or when it has none and its tables,
 * indexes, triggers and columns are exactly those of our schema of its
 * `user_version` (it then gets the ID in the transaction that opens it).
 * A file SQLite finds malformed while it is opened is
 * %LW_STORE_ERROR_DAMAGED (lw_store_check_damage() checks the whole file).
 *
 * Errors: %LW_STORE_ERROR_OPEN, %LW_STORE_ERROR_NOT_A_DATABASE,
 * %LW_STORE_ERROR_NEWER_VERSION, %LW_STORE_ERROR_BUSY,
 * %LW_STORE_ERROR_DAMAGED.
 *
 * Returns: (transfer full) (nullable): the store, or %NULL on error.
 */
LwStore *lw_store_open (const char  *path,
                        GError     **error);

/**
 * lw_store_open_another:
 * @store: an open store
 * @busy_timeout_ms: how long a statement waits for another connection's
 *   write lock before failing with %LW_STORE_ERROR_BUSY, in milliseconds
 *   (lw_store_open()'s connection waits 5 s)
 * @error: return location for a #GError
 *
 * A second connection to @store's database, for another thread (a
 * connection is used by one thread at a time): foreign keys on, the
 * database's WAL journal (so that its reads never wait for a writer),
 * nothing created or migrated (@store did that), so that it opens at once
 * even while another program writes.
 *
 * Errors: %LW_STORE_ERROR_OPEN when the file cannot be opened again.
 *
 * Returns: (transfer full) (nullable): the store, or %NULL on error.
 */
LwStore *lw_store_open_another (LwStore  *store,
                                guint     busy_timeout_ms,
                                GError  **error);

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
 * lw_store_begin_transaction:
 * @self: a store
 * @error: return location for a #GError (%LW_STORE_ERROR_BUSY,
 *   %LW_STORE_ERROR_DAMAGED for a file found damaged, another
 *   %LW_STORE_ERROR)
 *
 * Opens a write transaction of the caller's, so that the caller can do
 * something between the store's writes and their commit: the CLI prints
 * and flushes a command's result before it commits (CLI.md), so that
 * output that cannot be written leaves nothing stored.
 *
 * Transactions nest. With none open this is BEGIN IMMEDIATE; inside an
 * open one (the caller's, or the store's own) it is a savepoint, so that
 * every function of the store, which opens its own transaction, can be
 * called inside the caller's: a failed write undoes only itself, and
 * nothing is stored before the outermost transaction commits. A store
 * finalized with transactions open rolls them all back. Each successful
 * call is paired with one lw_store_commit_transaction() or
 * lw_store_rollback_transaction().
 *
 * Returns: %TRUE when the transaction is open.
 */
gboolean lw_store_begin_transaction (LwStore  *self,
                                     GError  **error);

/**
 * lw_store_commit_transaction:
 * @self: a store with a transaction of lw_store_begin_transaction() open
 * @error: return location for a #GError (%LW_STORE_ERROR_BUSY,
 *   %LW_STORE_ERROR_FULL, %LW_STORE_ERROR_FAILED when SQLite had rolled
 *   the transaction back already, another %LW_STORE_ERROR)
 *
 * Closes the innermost open transaction: a nested one (a savepoint) is
 * kept as part of the one around it; the outermost is committed to the
 * file. When that fails, everything in it is rolled back.
 *
 * Returns: %TRUE when kept (nested) or stored (outermost).
 */
gboolean lw_store_commit_transaction (LwStore  *self,
                                      GError  **error);

/**
 * lw_store_rollback_transaction:
 * @self: a store
 *
 * Undoes every write of the innermost open transaction and closes it; the
 * transactions around it stay open with their own writes. Nothing happens
 * when none is open.
 */
void lw_store_rollback_transaction (LwStore *self);

/**
 * lw_store_check_damage:
 * @self: a store
 * @budget_ms: how long the check may take, in milliseconds; 0 for no
 *   limit (the whole file)
 * @error: return location for a #GError (%LW_STORE_ERROR_DAMAGED, or
 *   another %LW_STORE_ERROR when the check itself cannot run)
 *
 * Runs SQLite's `PRAGMA quick_check` over the file: about 25 ms per MiB
 * (1 s for a database of 10,000 games, 44 MB). With a budget it stops
 * after about @budget_ms and what it has not reached counts as sound
 * (statements that read a damaged page still find it). A damaged file is
 * reported as %LW_STORE_ERROR_DAMAGED, "the database FILE is damaged:
 * restore a backup (…)", and the store refuses every write to it from
 * then on. The app checks at open; the CLI before a command writes. Any
 * statement that finds the file malformed (SQLITE_CORRUPT) does the same
 * check (with a budget of 500 ms).
 *
 * Returns: %TRUE when no damage was found.
 */
gboolean lw_store_check_damage (LwStore  *self,
                                gint64    budget_ms,
                                GError  **error);

/**
 * lw_store_get_path:
 *
 * Returns: (transfer none): the database file's path.
 */
const char *lw_store_get_path (LwStore *self);

/**
 * lw_store_get_data_version:
 * @self: a store
 * @version: (out): set to the file's `PRAGMA data_version`
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * The version changes when another connection (another program, the CLI)
 * commits to the file; this store's own writes leave it as it is. Compare
 * two readings to learn whether anybody else changed the database.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_store_get_data_version (LwStore  *self,
                                    gint64   *version,
                                    GError  **error);

/**
 * lw_store_add_game:
 * @self: a store
 * @record: a game record, rounds included (import) or none (new game)
 * @error: return location for a #GError
 *
 * Checks @record with lw_standings_compute() and stores it (its players are
 * added to the players table when new) in one transaction; on any error
 * nothing is stored.
 *
 * Errors: the engine's (%LW_ENGINE_ERROR_*) for a bad record, or a
 * %LW_STORE_ERROR.
 *
 * Returns: the new game's ID (> 0), or 0 on error.
 */
gint64 lw_store_add_game (LwStore             *self,
                          const LwGameRecord  *record,
                          GError             **error);

/**
 * lw_store_import_game:
 * @self: a store
 * @record: a game record to import
 * @as_new: %TRUE to store it as a new game (with a new UUID) even when it
 *   is already stored
 * @same: (out): the stored game @record duplicates, or 0
 * @error: return location for a #GError
 *
 * lw_store_add_game() for an import (GAME-RECORD.md "Identity"; CLI.md
 * `import`): unless @as_new, a record already stored is not stored again:
 * the game whose UUID is the record's `id`, or for a record without one, an
 * imported game of the same players and rounds (lw_game_record_body_hash()).
 * The record's `id` becomes the game's UUID (a new one with @as_new or
 * when it has none); its details and house rule are kept. The check and
 * the insert are one transaction.
 *
 * Errors: as lw_store_add_game(). A duplicate is no error: 0 is returned
 * with *@same set and nothing stored.
 *
 * Returns: the new game's ID (> 0), or 0 (a duplicate, or an error).
 */
gint64 lw_store_import_game (LwStore             *self,
                             const LwGameRecord  *record,
                             gboolean             as_new,
                             gint64              *same,
                             GError             **error);

/**
 * lw_store_load_game:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (nullable): the stored game.
 */
LwStoredGame *lw_store_load_game (LwStore  *self,
                                  gint64    id,
                                  GError  **error);

/**
 * lw_store_list_games:
 * @self: a store
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type LwStoredGame*) (nullable): every
 *   stored game, newest first (by creation time, then ID).
 */
GPtrArray *lw_store_list_games (LwStore  *self,
                                GError  **error);

/**
 * LwGameSummary:
 * @id: the game's ID
 * @created: creation time, seconds since 1970 (UTC)
 * @ruleset: Little Wolf or Garwolf
 * @n_players: the seats
 * @players: (transfer full): the seats' current names, seat order,
 *   %NULL-terminated
 * @n_teams: 0 for solo play, else the sides (SCORING R2)
 * @team_of: the side of each seat when @n_teams > 0
 *
 * What a list of games shows before any replay: cheap to read for every
 * game (no rounds are read). The rounds, status and scores need
 * lw_store_load_game() and lw_standings_compute().
 */
typedef struct {
  gint64     id;
  gint64     created;
  LwRuleset  ruleset;
  guint      n_players;
  char     **players;
  guint      n_teams;
  int        team_of[LW_MAX_SEATS];
} LwGameSummary;

void lw_game_summary_free (LwGameSummary *summary);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwGameSummary, lw_game_summary_free)

/**
 * lw_store_list_game_summaries:
 * @self: a store
 * @error: return location for a #GError
 *
 * Every game's summary in one query, newest first (the order of
 * lw_store_list_games()); for 10,000 games a small fraction of the time
 * lw_store_list_games() takes.
 *
 * Errors: a %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (element-type LwGameSummary*) (nullable): the
 *   summaries, %NULL on error.
 */
GPtrArray *lw_store_list_game_summaries (LwStore  *self,
                                         GError  **error);

/**
 * lw_store_append_round:
 * @self: a store
 * @id: a game ID
 * @round: the round's facts as entered
 * @error: return location for a #GError
 *
 * Appends @round to the game after replaying the game with it through the
 * engine; a round the engine refuses (bad facts, the game already over) is
 * not stored. Logged as "append_round" (lw_store_list_edits()); the notes
 * and times of the game's pending penalties go to the round's matching
 * penalties, and the pending ones are cleared
 * (lw_store_add_pending_penalty()). A round that finishes a game kept for
 * an event's table (lw_store_start_event_table_game()) makes the game the
 * table's result in the same transaction; a result the event refuses
 * (lw_store_set_event_game_result()'s errors) fails the round. The same
 * holds for lw_store_replace_round(), lw_store_insert_round() and
 * lw_store_delete_round().
 *
 * Errors: %LW_ENGINE_ERROR_INVALID, %LW_ENGINE_ERROR_GAME_OVER,
 * %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_append_round (LwStore        *self,
                                gint64          id,
                                const LwRound  *round,
                                GError        **error);

/**
 * lw_store_remove_last_round:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * Removes the game's last round (undo). Nothing happens when it has none.
 * Logged as "delete_round".
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_store_remove_last_round (LwStore  *self,
                                     gint64    id,
                                     GError  **error);

/**
 * lw_store_delete_game:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * Removes the game's rows. A copy of the game is kept in its edit log
 * ("delete_game"), so lw_store_restore_game() or lw_store_undo_last_edit()
 * bring it back.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when deleted.
 */
gboolean lw_store_delete_game (LwStore  *self,
                               gint64    id,
                               GError  **error);

/**
 * lw_store_list_player_names:
 * @self: a store
 * @error: return location for a #GError
 *
 * The names the app offers as a name is typed (one completion for every
 * name entry): the players of a stored game (seated or substituting) or
 * of a stored event. A name typed only into an event that was deleted
 * since is not offered; it stays in lw_store_list_players() until it is
 * deleted there.
 *
 * Returns: (transfer full) (nullable): the names, sorted
 *   case-insensitively (then as stored), %NULL-terminated.
 */
char **lw_store_list_player_names (LwStore  *self,
                                   GError  **error);

/* ------------------------------------------------------------------ */
/* Schema 2: corrections, the edit log, penalties noted as they happen,  */
/* substitutes, game details, backup and restore                         */
/* ------------------------------------------------------------------ */

/**
 * LwEditEntry:
 * @id: the entry's ID, > 0, growing with time
 * @game: the game's ID (the entry outlives a deleted game, so that the
 *   deletion can be undone)
 * @time: when the change was made, microseconds since 1970 (UTC)
 * @kind: (transfer full): what was done: "append_round", "replace_round",
 *   "insert_round", "delete_round" (@number the round), "substitute"
 *   (@number the first round of the new player), "notes", "details" (date
 *   and place), "delete_game"
 * @number: the round number the change was made at, 0 when none
 * @old_json: (nullable) (transfer full): the facts before: for rounds the
 *   engine's JSON of the round (lw_round_to_json()); for "substitute"
 *   `{"seat": S, "from_round": R, "name": "…"}`; for "notes"
 *   `{"notes": "…"|null}`; for "details" `{"played_at": N|null,
 *   "place": "…"|null}`; for "delete_game" the whole game (record JSON and
 *   its details); %NULL when there was nothing (an appended or inserted
 *   round)
 * @new_json: (nullable) (transfer full): the facts after, likewise; %NULL
 *   for a deleted round or game
 * @undone: when the change was undone (lw_store_undo_last_edit()),
 *   microseconds since 1970, or 0 while it stands
 *
 * One change to a game, as kept in its edit log.
 */
typedef struct {
  gint64  id;
  gint64  game;
  gint64  time;
  char   *kind;
  guint   number;
  char   *old_json;
  char   *new_json;
  gint64  undone;
} LwEditEntry;

void lw_edit_entry_free (LwEditEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwEditEntry, lw_edit_entry_free)

/**
 * lw_store_replace_round:
 * @self: a store
 * @id: a game ID
 * @number: the round to replace, 1..rounds
 * @round: its new facts
 * @error: return location for a #GError
 *
 * Replaces round @number after lw_edit_apply() has replayed the whole game
 * with it (SCORING R18–R25), in one transaction, and logs the change
 * ("replace_round", old and new round JSON). Later rounds' dealer checks
 * follow the new rotation (lw_edit_apply()). The notes of the round's
 * penalties are kept for the penalties that stay at the same place with
 * the same seat and kind. On any error nothing changes.
 *
 * Errors: the engine's (%LW_ENGINE_ERROR_INVALID, %LW_ENGINE_ERROR_GAME_OVER:
 * "replacing round 2: the game would end after round 3 …"),
 * %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_replace_round (LwStore        *self,
                                 gint64          id,
                                 guint           number,
                                 const LwRound  *round,
                                 GError        **error);

/**
 * lw_store_insert_round:
 * @self: a store
 * @id: a game ID
 * @number: the new round's number, 1..rounds+1: it goes before the round
 *   that has @number now (rounds + 1 appends)
 * @round: its facts
 * @error: return location for a #GError
 *
 * Like lw_store_replace_round(); later rounds are renumbered, and
 * substitutes that took a seat from a later round move with them. Logged
 * as "insert_round".
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_insert_round (LwStore        *self,
                                gint64          id,
                                guint           number,
                                const LwRound  *round,
                                GError        **error);

/**
 * lw_store_delete_round:
 * @self: a store
 * @id: a game ID
 * @number: the round to delete, 1..rounds
 * @error: return location for a #GError
 *
 * Like lw_store_replace_round(); later rounds move up by one. Logged as
 * "delete_round" with the round's JSON. The notes of its penalties go with
 * it (an undo brings the round back, not its notes).
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_delete_round (LwStore  *self,
                                gint64    id,
                                guint     number,
                                GError  **error);

/**
 * lw_store_list_edits:
 * @self: a store
 * @id: a game ID; the game may have been deleted
 * @error: return location for a #GError
 *
 * The game's edit log, oldest first. Every change made through the store
 * is there: rounds appended (lw_store_append_round()), replaced, inserted
 * and deleted (lw_store_remove_last_round() too), substitutes, notes,
 * details, the game's deletion. Undone changes stay, marked @undone.
 *
 * Returns: (transfer full) (element-type LwEditEntry*) (nullable): the
 *   entries (empty for a game without changes or an unknown ID), %NULL on
 *   error.
 */
GPtrArray *lw_store_list_edits (LwStore  *self,
                                gint64    id,
                                GError  **error);

/**
 * lw_store_undo_last_edit:
 * @self: a store
 * @id: a game ID (also of a deleted game)
 * @error: return location for a #GError
 *
 * Reverts the game's latest change that has not been undone, in one
 * transaction. The entry stays in the log and is marked undone (no new
 * entry is written), so calling this again reverts the change before it.
 * A round change is reverted through the engine like any edit; a deleted
 * game comes back with its ID, rounds, details, substitutes and penalty
 * notes (lw_store_restore_game()).
 *
 * Errors: %LW_STORE_ERROR_NOTHING_TO_UNDO, the engine's errors when the
 * revert would make the game invalid (never for the latest change),
 * another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when reverted.
 */
gboolean lw_store_undo_last_edit (LwStore  *self,
                                  gint64    id,
                                  GError  **error);

/**
 * lw_store_restore_game:
 * @self: a store
 * @id: the ID of a deleted game
 * @error: return location for a #GError
 *
 * Brings back a game deleted with lw_store_delete_game(), from the copy
 * its "delete_game" log entry keeps; the entry is marked undone. The game
 * keeps its ID. (lw_store_delete_game() removes the game's rows; this
 * copy, not a deleted_at mark, is what makes the deletion undoable.)
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND when no deletion of @id can be
 * undone, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when restored.
 */
gboolean lw_store_restore_game (LwStore  *self,
                                gint64    id,
                                GError  **error);

/**
 * lw_store_get_last_edit:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * The change that lw_store_undo_last_edit() would undo now: the game's
 * latest edit log entry that stands (not undone, not a rename of the
 * names migration).
 *
 * Errors: %LW_STORE_ERROR_NOTHING_TO_UNDO, another %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (nullable): the entry, or %NULL on error.
 */
LwEditEntry *lw_store_get_last_edit (LwStore  *self,
                                     gint64    id,
                                     GError  **error);

/**
 * lw_store_revert_edit:
 * @self: a store
 * @id: a game ID
 * @entry_id: the ID of an entry of the game's edit log (#LwEditEntry)
 * @error: return location for a #GError
 *
 * Reverts one past change of the game, whatever came after it, by applying
 * its inverse as a new change, in one transaction: the log only grows, and
 * the revert is itself an entry that can be reverted or undone. A round
 * appended or inserted is deleted ("delete_round"), a round replaced gets
 * its old facts back ("replace_round"), a round deleted comes back at its
 * place ("insert_round"); each through the engine like any edit (SCORING
 * R18–R25), with the same replay checks. A substitute is reverted while
 * the seat still has the player it left (the seat given back is logged as
 * "substitute" with `"gives_back": true` in its new JSON); notes, date and
 * place get their old values. A deleted game comes back as with
 * lw_store_restore_game() (the deletion is marked undone). On any error
 * nothing changes.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND (no such entry for @id),
 * %LW_STORE_ERROR_INVALID (the entry was undone already; a rename of the
 * names migration; the round the change left, or the seat's player, has
 * changed since: "round 3 is no longer the round this change left …"),
 * the engine's errors when the game no longer replays with the revert
 * (%LW_ENGINE_ERROR_INVALID, %LW_ENGINE_ERROR_GAME_OVER), another
 * %LW_STORE_ERROR.
 *
 * Returns: %TRUE when reverted.
 */
gboolean lw_store_revert_edit (LwStore  *self,
                               gint64    id,
                               gint64    entry_id,
                               GError  **error);

/**
 * lw_store_replace_round_ending_game:
 * @self: a store
 * @id: a game ID
 * @number: the round to replace, 1..rounds
 * @round: its new facts
 * @end: (out) (optional): the round after which the game now ends when
 *   later rounds were deleted, else 0
 * @error: return location for a #GError
 *
 * Like lw_store_replace_round(), for a correction after which the game
 * ends before its last round (SCORING R23–R25; lw_edit_ends_game_at()):
 * the rounds after the new end are deleted first, from the last, each
 * logged as "delete_round" (so each can be brought back from the edit
 * log), then round @number is replaced, all in one transaction. A
 * correction that does not end the game early is just stored.
 *
 * Errors: as lw_store_replace_round(), without %LW_ENGINE_ERROR_GAME_OVER.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_replace_round_ending_game (LwStore        *self,
                                             gint64          id,
                                             guint           number,
                                             const LwRound  *round,
                                             guint          *end,
                                             GError        **error);

/**
 * LwStoredPenalty:
 * @id: a pending penalty's ID (lw_store_list_pending_penalties()), or 0
 * @round: the round it belongs to, 1-based; 0 for a pending penalty
 * @ordinal: its place among the round's penalties, 0-based (R19 order);
 *   for a pending penalty its place among the pending ones
 * @seat: the offender's seat
 * @kind: the offence (SCORING R19)
 * @note: (nullable) (transfer full): what happened, as noted
 * @time: when it was noted, seconds since 1970 (UTC), or 0 when not known
 *   (penalties stored before schema 2 or given without a time)
 *
 * An in-round penalty with what the store keeps beside the game record:
 * a note and a time. (The game record format, GAME-RECORD.md, has neither
 * and is not changed.)
 */
typedef struct {
  gint64         id;
  guint          round;
  guint          ordinal;
  int            seat;
  LwPenaltyKind  kind;
  char          *note;
  gint64         time;
} LwStoredPenalty;

void lw_stored_penalty_free (LwStoredPenalty *penalty);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwStoredPenalty, lw_stored_penalty_free)

/**
 * lw_store_add_pending_penalty:
 * @self: a store
 * @id: a game ID
 * @seat: the offender's seat, 0..n_players-1
 * @kind: the offence (SCORING R19)
 * @note: (nullable): what happened; notes as lw_notes_normalize() takes
 *   them (up to 10,000 characters, lines allowed, stored in NFC)
 * @error: return location for a #GError
 *
 * Notes a penalty the moment it happens, during the round being played,
 * with the time now. It does not change the score yet: the app reads the
 * pending penalties back (lw_store_list_pending_penalties()) to prefill
 * the round, and lw_store_append_round() stores the round's penalties with
 * the notes and times of the pending ones that match them in order (same
 * seat and kind), then clears the game's pending penalties.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a note the rule refuses,
 * %LW_STORE_ERROR_NOT_FOUND, %LW_STORE_ERROR_INVALID (seat out of range, a
 * Garwolf game), another %LW_STORE_ERROR.
 *
 * Returns: the pending penalty's ID (> 0), or 0 on error.
 */
gint64 lw_store_add_pending_penalty (LwStore        *self,
                                     gint64          id,
                                     int             seat,
                                     LwPenaltyKind   kind,
                                     const char     *note,
                                     GError        **error);

/**
 * lw_store_list_pending_penalties:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type LwStoredPenalty*) (nullable): the
 *   game's pending penalties in the order they were noted (@round 0).
 */
GPtrArray *lw_store_list_pending_penalties (LwStore  *self,
                                            gint64    id,
                                            GError  **error);

/**
 * lw_store_remove_pending_penalty:
 * @self: a store
 * @penalty_id: a pending penalty's ID
 * @error: return location for a #GError
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when removed.
 */
gboolean lw_store_remove_pending_penalty (LwStore  *self,
                                          gint64    penalty_id,
                                          GError  **error);

/**
 * lw_store_list_penalties:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * The penalties of the game's stored rounds, in play order, with their
 * notes and times, for the history.
 *
 * Returns: (transfer full) (element-type LwStoredPenalty*) (nullable): the
 *   penalties (@id 0).
 */
GPtrArray *lw_store_list_penalties (LwStore  *self,
                                    gint64    id,
                                    GError  **error);

/**
 * lw_store_set_penalty_note:
 * @self: a store
 * @id: a game ID
 * @round: a round number, 1-based
 * @ordinal: the penalty's place in the round, 0-based
 * @note: (nullable): the note (lw_notes_normalize(): up to 10,000
 *   characters, lines allowed, stored in NFC); %NULL removes it
 * @error: return location for a #GError
 *
 * Sets the note of a stored penalty (its time is kept). Not logged: a note
 * does not change the game.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a note the rule refuses,
 * %LW_STORE_ERROR_NOT_FOUND when there is no such penalty.
 *
 * Returns: %TRUE when set.
 */
gboolean lw_store_set_penalty_note (LwStore     *self,
                                    gint64       id,
                                    guint        round,
                                    guint        ordinal,
                                    const char  *note,
                                    GError     **error);

/**
 * lw_store_substitute_player:
 * @self: a store
 * @id: a game ID
 * @seat: the seat taken over, 0..n_players-1
 * @new_name: the substitute's name (the names rule, lw_name_normalize();
 *   stored in NFC; not already seated in the game, compared in NFC)
 * @from_round: the first round the substitute plays, 1..rounds+1
 * @error: return location for a #GError
 *
 * A substitute takes a seat mid-game. The seat is the same, so its score
 * and side are kept (nothing is replayed differently); the seat's name is
 * @new_name from now on: the game's record (lw_store_load_game(), export)
 * names the current players. Who sat in each round stays known
 * (lw_store_list_round_players()). Logged as "substitute".
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND, %LW_STORE_ERROR_INVALID ("seat 5: the
 * game has 4 seats", "from round 9: the game has 6 rounds", "Cleo already
 * sits at seat 2"), the engine's %LW_ENGINE_ERROR_INVALID for a name it
 * refuses, another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_substitute_player (LwStore     *self,
                                     gint64       id,
                                     int          seat,
                                     const char  *new_name,
                                     guint        from_round,
                                     GError     **error);

/**
 * lw_store_list_round_players:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type GStrv) (nullable): per round (in
 *   order), the names of the players who sat in each seat; suitable for
 *   #LwStatsGame's round_players.
 */
GPtrArray *lw_store_list_round_players (LwStore  *self,
                                        gint64    id,
                                        GError  **error);

/**
 * lw_store_set_game_notes:
 * @self: a store
 * @id: a game ID
 * @notes: (nullable): free text, UTF-8, lines allowed, up to 10,000
 *   characters (lw_notes_normalize(), stored in NFC); %NULL or "" removes
 *   the notes
 * @error: return location for a #GError
 *
 * Read back as #LwStoredGame's notes. Logged as "notes".
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for notes the rule refuses ("notes: 10001
 * characters; at most 10000"), %LW_STORE_ERROR_NOT_FOUND, or another
 * %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_set_game_notes (LwStore     *self,
                                  gint64       id,
                                  const char  *notes,
                                  GError     **error);

/**
 * lw_store_set_game_details:
 * @self: a store
 * @id: a game ID
 * @played_at: when it was played, seconds since 1970 (UTC); 0 for not given
 * @place: (nullable): where; %NULL or "" for not given; a name by the
 *   names rule (lw_name_normalize(), GAME-RECORD.md "Names"), stored in NFC
 * @error: return location for a #GError
 *
 * Read back as #LwStoredGame's played_at and place. Logged as "details".
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a place the names rule refuses
 * ("place holds a control character (a tab)"), %LW_STORE_ERROR_NOT_FOUND,
 * or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_set_game_details (LwStore     *self,
                                    gint64       id,
                                    gint64       played_at,
                                    const char  *place,
                                    GError     **error);

/**
 * lw_store_set_game_king_and_knave:
 * @self: a store
 * @id: a game ID
 * @king_and_knave: whether the game is played with Garwolf's King and
 *   Knave house rule (SCORING G3): no passing in the first hand, then the
 *   hand's top and bottom scorers exchange two cards
 * @error: return location for a #GError
 *
 * Read back as #LwStoredGame's king_and_knave (schema 3); kept in the copy
 * of a deleted game, so lw_store_restore_game() brings it back. The game
 * record and its JSON are unchanged. Set right after lw_store_add_game(),
 * or changed later (the game's details); not logged: it changes which
 * cards are passed, never a score.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND; %LW_STORE_ERROR_INVALID when
 *   @king_and_knave is %TRUE for a Little Wolf game; or another
 *   %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_set_game_king_and_knave (LwStore   *self,
                                           gint64     id,
                                           gboolean   king_and_knave,
                                           GError   **error);

/**
 * lw_store_add_games:
 * @self: a store
 * @records: (element-type LwGameRecord*): game records
 * @error: return location for a #GError
 *
 * lw_store_add_game() for many records in one transaction (an import of
 * many games): all are stored or none.
 *
 * Errors: as lw_store_add_game(); an engine error names the record:
 * "game 3: round 2: …".
 *
 * Returns: (transfer full) (element-type gint64) (nullable): the new IDs in
 *   the order of @records, or %NULL on error.
 */
GArray *lw_store_add_games (LwStore     *self,
                            GPtrArray   *records,
                            GError     **error);

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
