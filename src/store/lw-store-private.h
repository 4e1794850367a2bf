/* lw-store-private.h — what the store's files share with each other
 * (lw-store.c, one file per group of tables; the connection's helpers are
 * in lw-store-db.h); not for the app, the CLI or table entry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>
#include <sqlite3.h>

#include "lw-rating.h"
#include "lw-store.h"
#include "lw-store-db.h"
#include "lw-store-rule-sets.h"

G_BEGIN_DECLS

/* The connection, for the change hooks of lw-store-watch.c (which never
 * run SQL from inside a hook); (transfer none). */
sqlite3 *lw_store_get_db (LwStore *self);

/* How many times a game's rounds have been read from SQLite (each
 * lw_store_load_game(), lw_store_load_game_as_stored() and game listed)
 * in this process, by every thread and connection: for tests, which take
 * the count before and after an operation to count the readings of a
 * game it costs (as lw_score_get_replay_count() counts replays). */
guint lw_store_get_game_read_count (void);

/* lw-store-read.c: the store's one reader of games' rows. */
typedef struct _LwGameReader LwGameReader;

typedef enum {
  LW_GAME_READER_RULES         = 1 << 0,  /* the house rules, as lw_store_read_game_rules() */
  LW_GAME_READER_ROUND_PLAYERS = 1 << 1,  /* each round's players, from the seat changes */
} LwGameReaderFlags;

/* Opens a reader over every game (@only NULL) or over those whose IDs
 * the JSON array @only lists, in ID order: four queries (five with
 * %LW_GAME_READER_ROUND_PLAYERS) walked side by side, however many games
 * and rounds; inside a transaction, the reader freed before it ends.
 * NULL with @error set on an SQLite error. */
LwGameReader *lw_game_reader_open (LwStore            *self,
                                   const char         *only,
                                   LwGameReaderFlags   flags,
                                   GError            **error);
void lw_game_reader_free (LwGameReader *reader);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwGameReader, lw_game_reader_free)

/* Whether the reader is at a game; its ID, version and creation time. */
gboolean lw_game_reader_has_game (LwGameReader *reader);
gint64 lw_game_reader_get_id (LwGameReader *reader);
gint64 lw_game_reader_get_version (LwGameReader *reader);
gint64 lw_game_reader_get_created (LwGameReader *reader);

/* Reads the game the reader is at and moves to the next: when @wanted,
 * *@game_out (transfer full) is the game as stored (its seats' current
 * players, no substitutes; counted by lw_store_get_game_read_count()),
 * and *@round_players_out (nullable; transfer full; NULL when no seat
 * changed or without %LW_GAME_READER_ROUND_PLAYERS) each round's players
 * (as lw_store_round_players_new() makes them); else both NULL and the
 * game's rows passed over. FALSE with @error set: an SQLite error, or
 * %LW_STORE_ERROR_DAMAGED ("unknown ruleset", "its seats are not
 * numbered 0, 1, 2…", "a seat has no side", "its seats do not match its
 * setup", "unknown house rules", "its rounds are not numbered 1, 2, 3…",
 * "a round names a seat out of range", "a penalty names a seat out of
 * range", "a penalty of an unknown kind"). */
gboolean lw_game_reader_read (LwGameReader  *reader,
                              gboolean       wanted,
                              LwStoredGame **game_out,
                              GPtrArray    **round_players_out,
                              GError       **error);

/* Game @id through a reader over it alone (a constant number of
 * statements, whatever its rounds); inside a transaction; *@round_players_out
 * (nullable) as lw_game_reader_read() gives it.
 * %LW_STORE_ERROR_NOT_FOUND when there is no such game, else as
 * lw_game_reader_read(). */
LwStoredGame *lw_store_read_one_game (LwStore            *self,
                                      gint64              id,
                                      LwGameReaderFlags   flags,
                                      GPtrArray         **round_players_out,
                                      GError            **error);

/* lw-store-seats.c: each of @n_rounds rounds' players, @current's
 * @n_seats names (a GPtrArray, transfer full, of NULL-terminated string
 * arrays, one a round), as lw_store_list_round_players() gives them. */
GPtrArray *lw_store_round_players_new (guint              n_rounds,
                                       guint              n_seats,
                                       const char *const *current);

/* One seat change, walked back from the latest: the rounds of @rounds
 * before @from_round had @old_name in @seat (one of @n_seats; others
 * passed over). */
void lw_store_name_before_change (GPtrArray  *rounds,
                                  guint       n_seats,
                                  int         seat,
                                  gint64      from_round,
                                  const char *old_name);

/* The player's ID, added to the players table when new; inside a write
 * transaction. */
gboolean lw_store_player_id (LwStore     *self,
                             const char  *name,
                             gint64      *id,
                             GError     **error);

/* Sets *@id to the ID of the stored player named @name (as the names
 * rule stores it), 0 when there is none; FALSE with @error set on an
 * SQLite error. */
gboolean lw_store_find_player_named (LwStore     *self,
                                     const char  *name,
                                     gint64      *id,
                                     GError     **error);

/* The order of lw_store_list_player_names(): case-insensitive, then as
 * stored (a GCompareFunc on char **). */
int lw_store_compare_names (gconstpointer a,
                            gconstpointer b);

/* Notes a rename of @what (ID @id) from @old_text to @new_text in the
 * edit log (kind "rename") of every game that @games_sql (one ?
 * parameter, @id) lists; inside a write transaction. */
gboolean lw_store_log_rename (LwStore     *self,
                              const char  *games_sql,
                              const char  *what,
                              gint64       id,
                              const char  *old_text,
                              const char  *new_text,
                              GError     **error);

/* Renames the players in the deleted games' snapshots of the edit log
 * as @renamed (old name → new name) says; inside a write transaction. */
gboolean lw_store_rename_in_snapshots (LwStore     *self,
                                       GHashTable  *renamed,
                                       GError     **error);

/* Sets the old and new texts of edit @id (either %NULL: SQL NULL), e.g.
 * a deleted game's snapshot back as it was; inside a write transaction. */
gboolean lw_store_set_edit_texts (LwStore     *self,
                                  gint64       id,
                                  const char  *old_text,
                                  const char  *new_text,
                                  GError     **error);

/* Appends @round to game @id as lw_store_append_round() does (in its own
 * transaction, nested in one already open); *@number (nullable) receives
 * the round's number. */
gboolean lw_store_append_round_numbered (LwStore        *self,
                                         gint64          id,
                                         const LwRound  *round,
                                         guint          *number,
                                         GError        **error);

/* Game @id as stored (lw_store_load_game_as_stored()) in *@game
 * (transfer full), or %NULL there when no such game is stored (a game
 * deleted since it was named): %TRUE; %FALSE with @error set for any other
 * failure (the file, a damaged game). */
gboolean lw_store_find_game (LwStore        *self,
                             gint64          id,
                             LwStoredGame  **game,
                             GError        **error);

/* The start of every change to one game: opens a write transaction (a
 * savepoint inside one already open) and loads game @id in it as stored
 * (lw_store_load_game_as_stored(); transfer full). On %NULL (@error set:
 * %LW_STORE_ERROR_NOT_FOUND, %LW_STORE_ERROR_BUSY, …) the transaction is
 * rolled back already; else the caller closes it with lw_store_finish().
 * A game held from another club laptop is refused (%LW_STORE_ERROR_INVALID,
 * lw_store_club_check_writable()). */
LwStoredGame *lw_store_begin_game_change (LwStore  *self,
                                          gint64    id,
                                          GError  **error);

/* lw_store_load_game_as_stored() gives the record as stored: the players
 * who sit now, no substitutes, no id. This makes it the record
 * lw_store_load_game() gives (docs/rules/GAME-RECORD.md version 2): the seats' first
 * players with the substitutes from seat_changes, the game's uuid as its
 * id, its details and house rule; inside a transaction. */
gboolean lw_store_attach_history (LwStore       *self,
                                  LwStoredGame  *game,
                                  GError       **error);


/* Adds every event table's result entered from paper to @games
 * (lw_rating_games_add_paper()), each at the time its round was paired,
 * read in one transaction (nested in one already open; lw-store-events.c). */
gboolean lw_store_add_paper_rating_games (LwStore        *self,
                                          LwRatingGames  *games,
                                          GError        **error);

/* lw-store-events.c, for lw-store-event-rounds.c */

/* Reads event @id (transfer full; %NULL with @error set: not found,
 * damaged, an SQLite error); inside a transaction (lw_store_load_event()
 * opens one). */
LwEvent *lw_store_read_event (LwStore  *self,
                              gint64    id,
                              GError  **error);

/* Reads the board results of duplicate event @id into @event
 * (lw_event_add_board_result(): each scored again, its table's result
 * complete once all its boards are in); inside a transaction
 * (lw-store-event-boards.c). */
gboolean lw_store_read_board_results (LwStore  *self,
                                      gint64    id,
                                      LwEvent  *event,
                                      GError  **error);

/* Opens a write transaction and loads event @id in it (transfer full);
 * on %NULL (@error set) the transaction is rolled back already, else it
 * is closed with lw_store_finish(). */
LwEvent *lw_store_event_begin_change (LwStore  *self,
                                      gint64    id,
                                      GError  **error);

/* The result cache (lw-store-results.c), inside a write transaction,
 * after the change to game @id is logged: its row is written with the
 * game's version as it is then, from the record as now stored and its
 * @standings (nullable: replayed here; a record that does not replay gets
 * a row saying so); and its share of the players' statistics with it
 * (lw_store_cache_stats_share()). */
gboolean lw_store_cache_result (LwStore             *self,
                                gint64               id,
                                const LwGameRecord  *record,
                                const LwStandings   *standings,
                                GError             **error);

/* lw-store-stats.c: game @id's row of game_stats_cache (schema 24) written
 * at the game's version as it is now, from the @record now stored and its
 * @standings (NULL: the rounds do not replay, the game counts for nobody)
 * and each round's players walked back through the seat changes; called
 * by lw_store_cache_result(), so in the same transaction as every write
 * to a game. A share naming a player by a name that is no player's of
 * the game (a record spelt otherwise than stored) deletes the row
 * instead: the statistics read that game again. */
gboolean lw_store_cache_stats_share (LwStore             *self,
                                     gint64               id,
                                     const LwGameRecord  *record,
                                     const LwStandings   *standings,
                                     GError             **error);

/* lw-store-stats.c: game @id's row of game_stats_cache, when it was
 * current at version @before, made current at the game's version now:
 * after an edit that changes nothing the share counts (a rename logged,
 * lw_store_log_rename(): the row names players by ID). A stale row stays
 * stale. */
gboolean lw_store_carry_stats_share (LwStore  *self,
                                     gint64    id,
                                     gint64    before,
                                     GError  **error);

/* lw-store-results.c: @n integers as text, space-separated (transfer
 * full). */
char *lw_store_ints_to_text (const gint64 *values,
                             guint         n);

/* Reads the space-separated integers of @text (nullable; decimal, at most
 * 18 digits, a leading minus sign for a negative one) into @values: at
 * most @max of them, each in @min..@limit; %FALSE for anything else. */
gboolean lw_store_ints_from_text (const char *text,
                                  gint64     *values,
                                  guint       max,
                                  gint64      min,
                                  gint64      limit,
                                  guint      *n);

/* The rule "a finished game becomes its event table's result", in one
 * place (lw-store-event-rounds.c): called by every change to the rounds of game
 * @game_id (lw-store-rounds.c), inside the transaction that stores it,
 * with the @record and @standings now stored. Once the game is finished,
 * a game kept for an event's table (lw_store_start_event_table_game())
 * becomes the table's result, as lw_store_set_event_game_result() makes
 * it, in the same transaction as the round that finished it (its own
 * write nests in it). Nothing happens for a game that is not finished,
 * not kept for a table, or whose table has a result. Errors: as
 * lw_store_set_event_game_result(): a result the engine refuses fails the
 * change. */
gboolean lw_store_link_finished_game (LwStore             *self,
                                      gint64               game_id,
                                      const LwGameRecord  *record,
                                      const LwStandings   *standings,
                                      GError             **error);

/* The migration to schema 8 (lw-store-names.c), inside its transaction:
 * every stored name that breaks the names rule (docs/rules/GAME-RECORD.md "Names":
 * players, events, places; and notes) is renamed, and the rename noted in
 * the edit log of each game concerned (kind "rename"); the snapshots of
 * deleted games in the log are renamed the same way. */
gboolean lw_store_migrate_names (LwStore  *self,
                                 GError  **error);

/* lw-store-schema.c */

/* The checks of check_existing_in_transaction() on one state of the file:
 * a program creating the same database at the same moment must not be
 * seen half-way (its tables without its user_version). */
gboolean lw_store_schema_check_existing (LwStore  *self,
                                         GError  **error);

gboolean lw_store_schema_set_wal (LwStore  *self,
                                  GError  **error);

gboolean lw_store_schema_migrate (LwStore  *self,
                                  GError  **error);


/* lw-store-games.c */

/* Inserts @round as round @number of game @game_id; inside a transaction. */
gboolean lw_store_write_round (LwStore             *self,
                               gint64               game_id,
                               const LwGameRecord  *record,
                               guint                number,
                               const LwRound       *round,
                               gint64              *round_id_out,
                               GError             **error);

/* One row of seat_changes: from round @from_round on, @seat of game @game
 * is played by @new_player instead of @old_player. */
gboolean lw_store_insert_seat_change (LwStore  *self,
                                      gint64    game,
                                      gint64    seat,
                                      gint64    from_round,
                                      gint64    old_player,
                                      gint64    new_player,
                                      gint64    changed_at,
                                      GError  **error);

/* Inserts the whole of @record as a game, and its row of the result
 * cache from @standings (nullable: replayed here); inside a transaction.
 * @id 0 gives a new ID, else the game gets @id back (a restore); @created
 * 0 is now. */
gint64 lw_store_insert_game (LwStore             *self,
                             const LwGameRecord  *record,
                             gint64               id,
                             gint64               created,
                             const LwStandings   *standings,
                             GError             **error);



/* lw-store-rounds.c */

/* Appends one entry to the log; inside a transaction. */
gboolean lw_store_log_edit (LwStore     *self,
                            gint64       game_id,
                            const char  *kind,
                            guint        number,
                            const char  *old_json,
                            const char  *new_json,
                            GError     **error);


gboolean lw_store_round_id_of (LwStore  *self,
                               gint64    game_id,
                               guint     number,
                               gint64   *round_id,
                               GError  **error);

/* Sets a stored penalty's note and time (NULL / 0 for none). */
gboolean lw_store_write_penalty_note (LwStore     *self,
                                      gint64       round_id,
                                      guint        ordinal,
                                      const char  *note,
                                      gint64       time,
                                      GError     **error);

/* What every change to a game's rounds ends with, in its transaction:
 * the result cache's row, and a finished game kept for an event's table
 * linked as the table's result (lw_store_link_finished_game()). */
gboolean lw_store_rounds_changed (LwStore             *self,
                                  gint64               id,
                                  const LwGameRecord  *record,
                                  const LwStandings   *standings,
                                  GError             **error);

/* lw_store_rounds_changed() for game @id as it is now stored (after an undo);
 * nothing for a game that is not there. */
gboolean lw_store_rounds_changed_of (LwStore  *self,
                                     gint64    id,
                                     GError  **error);

/* An edit of game @id's rounds, checked by the engine first, in its own
 * transaction (nested in one already open). Logged as @log_kind unless
 * that is NULL (an undo). */
gboolean lw_store_edit_rounds (LwStore       *self,
                               gint64         id,
                               const LwEdit  *edit,
                               const char    *log_kind,
                               GError       **error);


/* lw-store-delete.c */

/* The copy of a whole game that its "delete_game" entry keeps: the record
 * (current names), creation time, details, substitutes and penalty notes. */
char *lw_store_game_snapshot (LwStore             *self,
                              const LwStoredGame  *game,
                              GError             **error);

gboolean lw_store_write_details (LwStore     *self,
                                 gint64       id,
                                 const char  *notes,
                                 gint64       played_at,
                                 const char  *place,
                                 GError     **error);

gboolean lw_store_write_king_and_knave (LwStore   *self,
                                        gint64     id,
                                        gboolean   king_and_knave,
                                        GError   **error);

gboolean lw_store_damaged_log (LwStore  *self,
                               gint64    id,
                               GError  **error);

/* Re-creates game @id from a snapshot; inside a write transaction. */
gboolean lw_store_restore_snapshot (LwStore     *self,
                                    gint64       id,
                                    const char  *snapshot,
                                    GError     **error);


/* lw-store-undo.c */

/* @new_name takes @seat from @old_name from round @from_round again (a
 * seat given back is taken again). */
gboolean lw_store_take_seat (LwStore     *self,
                             gint64       id,
                             gint64       seat,
                             gint64       from_round,
                             const char  *old_name,
                             const char  *new_name,
                             GError     **error);


/* lw-store-seats.c */

char *lw_store_seat_json (int          seat,
                          guint        from_round,
                          const char  *name,
                          gboolean     gives_back);


/* lw-store-details.c */

char *lw_store_notes_json (const char *notes);

char *lw_store_details_json (gint64      played_at,
                             const char *place);


/* lw-store-backup.c */

/* Where the copy made before migrating @path from @version goes: the
 * first of PATH.vVERSION.bak, PATH.vVERSION.1.bak, PATH.vVERSION.2.bak, …
 * that does not exist, so that the copies of earlier migrations stay. */
char *lw_store_new_migration_backup_path (const char *path,
                                          int         version);

/* Copies the database, of schema @version, to @backup in one read
 * transaction, and sets *@data_version to the file's PRAGMA data_version
 * in that transaction. */
gboolean lw_store_backup_before_migration (LwStore     *self,
                                           int          version,
                                           const char  *backup,
                                           gint64      *data_version,
                                           GError     **error);

/* The rows of @table (a table of the schema keyed by game and round
 * number: "rounds", "virtual_round_logs", "round_locks") after round
 * @number of game @id is inserted (@kind %LW_EDIT_INSERT: the rows from
 * @number on move up one) or deleted (%LW_EDIT_DELETE: its row goes, the
 * later ones move down one), in two steps that keep (game, number) unique
 * at every row; nothing for %LW_EDIT_REPLACE. Inside a write transaction. */
gboolean lw_store_renumber_rows (LwStore     *self,
                                 const char  *table,
                                 gint64       id,
                                 LwEditKind   kind,
                                 guint        number,
                                 GError     **error);

/* Round @number of game @id was replaced, inserted or deleted (@kind;
 * write_edit() of lw-store-rounds.c, inside its transaction): each file
 * that owns a table kept by round number follows. The virtual table's
 * round logs (lw-store-table.c): a replaced or deleted round's log goes,
 * later ones are renumbered. Substitutes (lw-store-seats.c): a seat change
 * from a later round moves with it. The director's round locks
 * (lw-store-locks.c): a lock stays with its round, or goes with it. */
/* Whether @sql (with ?1 = @id) gives a row; an error reads as %FALSE
 * (lw-store-table.c). */
gboolean lw_store_has_row (LwStore     *self,
                           const char  *sql,
                           gint64       id);

gboolean lw_store_round_logs_edited (LwStore     *self,
                                     gint64       id,
                                     LwEditKind   kind,
                                     guint        number,
                                     GError     **error);
gboolean lw_store_seat_changes_edited (LwStore     *self,
                                       gint64       id,
                                       LwEditKind   kind,
                                       guint        number,
                                       GError     **error);
gboolean lw_store_round_locks_edited (LwStore     *self,
                                      gint64       id,
                                      LwEditKind   kind,
                                      guint        number,
                                      GError     **error);

/* Whether @set's values are those a game record may hold
 * (docs/rules/GAME-RECORD.md `rules`): start score ≥ 0, target and skunk
 * ≥ 1, known house rules, each of its own ruleset; else
 * %LW_STORE_ERROR_INVALID naming the set and the value. */
gboolean lw_store_check_rule_set (const LwRuleSet  *set,
                                  GError          **error);

/* Records, inside lw_store_club_ack_push()'s transaction, that the
 * server holds own @event (is_event) at its version with its facts (a
 * deletion: no longer waits). lw-store-club-events.c */
gboolean lw_store_club_ack_event (LwStore           *self,
                                  const LwClubGame  *event,
                                  GError           **error);

/* Counts, inside lw_store_club_get_state()'s read transaction, the own
 * events that wait to be pushed (their facts differ from the facts the
 * server acknowledged, as lw_store_club_list_outgoing_events() compares
 * them, or were never pushed), the own events deleted here since they
 * were pushed, and the events held from other laptops.
 * lw-store-club-events.c */
gboolean lw_store_club_count_events (LwStore  *self,
                                     gint64   *waiting,
                                     gint64   *deletions,
                                     gint64   *held,
                                     GError  **error);

/* Inside the transaction of a pull's batch (lw_store_club_apply_pulled())
 * or a new sync (lw_store_club_restart(), @restored: this laptop's own
 * events taken back from the server's facts too): every table of a held
 * event that has no game here, whose owner's facts (club_events.facts)
 * name its result's game by a UUID held here now, gets that game as its
 * result, as on the owner's laptop. */
gboolean lw_store_club_link_held_tables (LwStore   *self,
                                         gboolean   restored,
                                         GError   **error);

/* Stores pulled @event (is_event) of another laptop, inside
 * lw_store_club_apply_pulled()'s transaction: new here, imported from its
 * facts (players by name, games by UUID) and held read-only; held at
 * another version, replaced under the same ID; deleted, removed. @own
 * (this laptop's origin, a new sync after a restore): an event the
 * database lost comes back as its own; one it holds at the server's
 * version stays as it is; one the server holds at a later version or
 * deleted is taken back (lw_store_club_take_back_event()), and
 * *@taken_back (not %NULL when @own) is set to the version acknowledged
 * here before; else -1. */
gboolean lw_store_club_apply_event (LwStore           *self,
                                    const LwClubGame  *event,
                                    gboolean           own,
                                    gint64            *taken_back,
                                    GError           **error);

/* This laptop's own @event (is_event) becomes the server's copy, inside a
 * write transaction, for a database older than the server (restored from
 * a backup): held here, it is replaced by @event's facts under the same
 * ID, still this laptop's own and writable, counted as pushed at
 * @event's version; @record %NULL (the server holds it deleted): deleted
 * here, nothing waiting. lw-store-club-events.c */
gboolean lw_store_club_take_back_event (LwStore           *self,
                                        const LwClubGame  *event,
                                        GError           **error);

/* The roster UUIDs of the local players named @names (@n of them), as a
 * JSON object name → UUID (players with no roster entry left out), for a
 * pushed game's or event's @players. lw-store-club-roster.c */
char *lw_store_club_players_json (LwStore            *self,
                                  const char *const  *names,
                                  guint               n,
                                  GError            **error);

/* SQL: whether the player whose ID is the SQL expression @player sat at a
 * computer seat of a virtual table here (its seats, virtual_tables.seats:
 * lw_table_seats_from_json()'s format) or of a game taken from the club
 * server that a computer played where it was hosted (club_computer_seats,
 * schema 23). Such a player ("Computer 2") is no person: not rated
 * (lw_store_load_rating_games()), never on the club roster
 * (lw_store_club_link_players()). */
#define LW_STORE_IS_COMPUTER(player) \
  "(EXISTS (SELECT 1 FROM game_seats AS computer_seat JOIN virtual_tables AS computer_table" \
  "  ON computer_table.game = computer_seat.game WHERE computer_seat.player = " player \
  "  AND json_valid (computer_table.seats) AND json_extract (computer_table.seats," \
  "   '$.seats[' || computer_seat.seat || '].player') = 'computer')" \
  " OR EXISTS (SELECT 1 FROM game_seats AS held_seat JOIN club_computer_seats AS held_computer" \
  "  ON held_computer.game = held_seat.game AND held_computer.seat = held_seat.seat" \
  "  WHERE held_seat.player = " player "))"

/* SQL: the computer seats of the game whose ID is the SQL expression
 * @game, as the club server's games.computers holds them (schema 7): a
 * JSON array of {"seat": 0…7, "level": a LwBotLevel's name}, by seat, or
 * NULL when a person played every seat. From the virtual table's seats of
 * a game played here, else from club_computer_seats (a game taken back
 * from the server). */
#define LW_STORE_COMPUTER_SEATS(game) \
  "(SELECT json_group_array (json_object ('seat', seat, 'level', level)) FROM (" \
  "  SELECT CAST (s.key AS INTEGER) AS seat," \
  "   coalesce (json_extract (s.value, '$.level'), 'normal') AS level" \
  "  FROM virtual_tables AS t, json_each (t.seats, '$.seats') AS s" \
  "  WHERE t.game = " game " AND json_valid (t.seats)" \
  "   AND json_extract (s.value, '$.player') = 'computer'" \
  "  UNION SELECT seat, level FROM club_computer_seats WHERE game = " game \
  "  ORDER BY seat) HAVING count (*) > 0)"

/* Parses @players (LwClubGame's, nullable) into *@parsed: a JSON object
 * of names to UUIDs, or %NULL (none, or not an object). Text that
 * lw_json_parse_checked() refuses (another laptop's role wrote it) is
 * refused: %LW_STORE_ERROR_INVALID naming the place. */
gboolean lw_store_club_parse_players (const char   *players,
                                      JsonObject  **parsed,
                                      GError      **error);

/* The local player's name for @name of a pulled game or event whose
 * players map @players (nullable: by name alone) gives, inside a write
 * transaction: the player of its roster entry (after the admin's
 * merges, and this laptop's own merges of the entry's player: its
 * requests not withdrawn), else linked to it now
 * (lw_store_club_link_player()'s rule);
 * @origin_name names the sending laptop for a suffix. */
gboolean lw_store_club_local_name (LwStore     *self,
                                   JsonObject  *players,
                                   const char  *name,
                                   const char  *origin_name,
                                   char       **local,
                                   GError     **error);

/* A club laptop's merge (lw_store_club_merge_players()) keeps with its
 * LwPlayerMerge the roster entries of the two players (nullable: none),
 * so that its undo (lw_store_club_unmerge_players()) links the player
 * again and withdraws the request; lw-store-players.c holds them. */
void lw_player_merge_set_entries (LwPlayerMerge *merge,
                                  const char    *from_entry,
                                  const char    *into_entry);
/* The entries kept (nullable, transfer none), the merged player's ID and
 * the two names. */
void lw_player_merge_get_entries (const LwPlayerMerge  *merge,
                                  const char          **from_entry,
                                  const char          **into_entry,
                                  gint64               *from_id,
                                  const char          **from_name,
                                  const char          **into_name);

G_END_DECLS
