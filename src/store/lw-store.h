/* lw-store.h — the SQLite database of players, games and rounds: the
 * store object, its errors and transactions, the types its parts share;
 * and, as the one header to include, every part's header (at the end)
 *
 * Scores, game status and winners are never stored: they are the engine's
 * replay (lw_standings_compute()) of the stored rounds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
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
 *   game record (docs/rules/GAME-RECORD.md version 2): the seats' first players and
 *   the substitutes (lw_game_record_player_at(); who sits now:
 *   lw_game_record_current_player()), the game's UUID as its id, its
 *   details, its rule set's name and house rules (schema 12: run_fill and
 *   over_trump; the rulings for a game stored before)
 * @notes: (nullable) (transfer full): free text about the game (schema 2)
 * @played_at: when the game was played, seconds since 1970 (UTC), or 0
 *   when not given (schema 2)
 * @place: (nullable) (transfer full): where it was played (schema 2)
 * @king_and_knave: Garwolf is played with the King and Knave house rule
 *   (SCORING G3; schema 3); %FALSE for every game stored before it. A
 *   game loaded with its history has it in @record too (record version 2).
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
 * A database already of this schema with the ID is opened by reading
 * only: it opens while another program holds the write lock. One to
 * create or migrate waits for the write lock at most the busy timeout
 * (5 s, then %LW_STORE_ERROR_BUSY), reading its schema again every
 * 100 ms meanwhile, so that when another program opening it at the same
 * moment has created or migrated it, it opens at once.
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
 * even while another program writes. Its writes wait for @store's damage
 * check as @store's own do (lw_store_check_damage_async(),
 * lw_store_check_damage_later()): none is written to a damaged file.
 *
 * Errors: %LW_STORE_ERROR_OPEN when the file cannot be opened again.
 *
 * Returns: (transfer full) (nullable): the store, or %NULL on error.
 */
LwStore *lw_store_open_another (LwStore  *store,
                                guint     busy_timeout_ms,
                                GError  **error);

/**
 * lw_store_begin_transaction:
 * @self: a store
 * @error: return location for a #GError (%LW_STORE_ERROR_BUSY,
 *   %LW_STORE_ERROR_DAMAGED for a file found damaged, another
 *   %LW_STORE_ERROR)
 *
 * Opens a write transaction of the caller's, so that the caller can do
 * something between the store's writes and their commit: the CLI prints
 * and flushes a command's result before it commits (docs/rules/CLI.md), so that
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
 * lw_store_begin_read_transaction:
 * @self: a store
 * @error: return location for a #GError (%LW_STORE_ERROR_BUSY, another
 *   %LW_STORE_ERROR)
 *
 * Opens a read transaction (BEGIN; inside an open transaction, a
 * savepoint), so that several reads see one state of the file; closed
 * with lw_store_commit_transaction() or lw_store_rollback_transaction()
 * as lw_store_begin_transaction() is. A write inside it may find the
 * file locked by another program (%LW_STORE_ERROR_BUSY).
 *
 * Returns: %TRUE when the transaction is open.
 */
gboolean lw_store_begin_read_transaction (LwStore  *self,
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
 * then on. The app checks at open, in the background
 * (lw_store_check_damage_async()); the CLI before a command writes. Any
 * statement that finds the file malformed (SQLITE_CORRUPT) does the same
 * check (with a budget of 500 ms).
 *
 * Returns: %TRUE when no damage was found.
 */
gboolean lw_store_check_damage (LwStore  *self,
                                gint64    budget_ms,
                                GError  **error);

/**
 * lw_store_check_damage_async:
 * @self: a store
 * @budget_ms: how long the check may take, in milliseconds of its
 *   thread's CPU (a busy machine does not make it check less); 0 for no
 *   limit (as lw_store_check_damage())
 * @cancellable: (nullable): a #GCancellable; the check runs to its end
 *   all the same (a write waits for it)
 * @callback: called in the thread-default main context of the caller
 *   when the check is done
 * @user_data: for @callback
 *
 * The check of lw_store_check_damage() on a thread and a read-only
 * connection of its own, so that opening a large database need not wait
 * for it: the store reads meanwhile. It is not weakened: a write that
 * comes before the check has finished (lw_store_begin_transaction() and
 * every function of the store that writes) waits for it, and when the
 * file is damaged is refused with %LW_STORE_ERROR_DAMAGED as after
 * lw_store_check_damage(). Finish with lw_store_check_damage_finish().
 */
void lw_store_check_damage_async (LwStore             *self,
                                  gint64               budget_ms,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data);

/**
 * lw_store_check_damage_finish:
 * @self: a store
 * @result: the #GAsyncResult given to the callback
 * @error: return location for a #GError (%LW_STORE_ERROR_DAMAGED, "the
 *   database FILE is damaged: restore a backup (…)", or another
 *   %LW_STORE_ERROR when the check itself cannot run)
 *
 * Returns: %TRUE when no damage was found.
 */
gboolean lw_store_check_damage_finish (LwStore       *self,
                                       GAsyncResult  *result,
                                       GError       **error);

/**
 * lw_store_check_damage_later:
 * @self: a store
 * @budget_ms: the check's budget, in milliseconds, > 0
 *
 * Promises a damage check that is not started yet (the app starts
 * lw_store_check_damage_async() once its window is drawn): until it
 * starts, the first write runs it on the store's own connection
 * (lw_store_check_damage() with @budget_ms) and is refused with
 * %LW_STORE_ERROR_DAMAGED when the file is damaged.
 */
void lw_store_check_damage_later (LwStore *self,
                                  gint64   budget_ms);

/**
 * lw_store_wait_damage_check:
 * @self: a store
 *
 * Waits for the check of lw_store_check_damage_async(), if one runs.
 * Safe from any thread (another connection's thread asks before it
 * writes what a store only keeps, e.g. the result cache).
 *
 * Returns: %FALSE when the last such check found damage or could not
 *   run, or while a check is only promised (lw_store_check_damage_later():
 *   the file is not known sound yet); %TRUE when it found none, or none
 *   was started or promised.
 */
gboolean lw_store_wait_damage_check (LwStore *self);

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
 * LwGameSummary:
 * @id: the game's ID
 * @created: creation time, seconds since 1970 (UTC)
 * @played_at: when it was played (its details), seconds since 1970 (UTC),
 *   or 0 when not given
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
  gint64     played_at;
  LwRuleset  ruleset;
  guint      n_players;
  char     **players;
  guint      n_teams;
  int        team_of[LW_MAX_SEATS];
} LwGameSummary;

void lw_game_summary_free (LwGameSummary *summary);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwGameSummary, lw_game_summary_free)

/**
 * LwLoggedEdit:
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
} LwLoggedEdit;

void lw_logged_edit_free (LwLoggedEdit *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwLoggedEdit, lw_logged_edit_free)

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
 * a note and a time. (The game record format, docs/rules/GAME-RECORD.md, has neither
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

G_END_DECLS

/* The store's parts, one header per group of tables. */
#include "lw-store-games.h"
#include "lw-store-import.h"
#include "lw-store-rounds.h"
#include "lw-store-penalties.h"
#include "lw-store-seats.h"
#include "lw-store-details.h"
#include "lw-store-backup.h"
#include "lw-store-players.h"
#include "lw-store-events.h"
#include "lw-store-event-rounds.h"
#include "lw-store-results.h"
#include "lw-store-locks.h"
#include "lw-store-event-tables.h"
#include "lw-store-table.h"
#include "lw-store-hosted.h"
#include "lw-store-rule-sets.h"
#include "lw-store-club.h"
