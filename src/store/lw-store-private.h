/* lw-store-private.h — the connection's helpers, shared by the store's
 * files (lw-store.c, lw-store-events.c, …); not for the app or the CLI
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sqlite3.h>

#include "lw-rating.h"
#include "lw-store.h"

G_BEGIN_DECLS

/* The connection, for the change hooks of lw-store-watch.c (which never
 * run SQL from inside a hook); (transfer none). */
sqlite3 *lw_store_get_db (LwStore *self);

/* The prepared statement for @sql (a string with static storage: it keys
 * the cache); reset and cleared with lw_store_stmt_release() after use. */
sqlite3_stmt *lw_store_stmt (LwStore     *self,
                             const char  *sql,
                             GError     **error);
void          lw_store_stmt_release (sqlite3_stmt *stmt);

/* A statement of lw_store_stmt(), released when it goes out of scope:
 * g_autoptr (LwStoreStmt). */
typedef sqlite3_stmt LwStoreStmt;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwStoreStmt, lw_store_stmt_release)

/* Sets @error from SQLite result @rc, naming the file; returns FALSE. */
gboolean lw_store_fail (LwStore  *self,
                        int       rc,
                        GError  **error);

/* %TRUE when @rc is SQLITE_OK; otherwise as lw_store_fail(). */
gboolean lw_store_check (LwStore  *self,
                         int       rc,
                         GError  **error);

/* Bind a value to the statement's parameter @index (1-based); on an
 * SQLite error, @error is set as lw_store_fail() sets it. */
gboolean lw_store_bind_int (LwStore       *self,
                            sqlite3_stmt  *stmt,
                            int            index,
                            gint64         value,
                            GError       **error);
gboolean lw_store_bind_text (LwStore       *self,
                             sqlite3_stmt  *stmt,
                             int            index,
                             const char    *value,
                             GError       **error);
gboolean lw_store_bind_null (LwStore       *self,
                             sqlite3_stmt  *stmt,
                             int            index,
                             GError       **error);

/* Steps a statement that returns no rows / a query (*@has_row FALSE when
 * there are no more rows). */
gboolean lw_store_step_done (LwStore       *self,
                             sqlite3_stmt  *stmt,
                             GError       **error);
gboolean lw_store_step_row (LwStore       *self,
                            sqlite3_stmt  *stmt,
                            gboolean      *has_row,
                            GError       **error);

/* BEGIN IMMEDIATE / BEGIN; COMMIT (rolled back when it fails); ROLLBACK
 * of the open transaction, if any. */
gboolean lw_store_begin_write (LwStore *self, GError **error);
gboolean lw_store_begin_read (LwStore *self, GError **error);
gboolean lw_store_commit (LwStore *self, GError **error);
void     lw_store_rollback (LwStore *self);

/* The player's ID, added to the players table when new; inside a write
 * transaction. */
gboolean lw_store_player_id (LwStore     *self,
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

/* Replaces round @number (1-based) of game @id as lw_store_replace_round()
 * does, inside a write transaction. */
gboolean lw_store_replace_round_locked (LwStore        *self,
                                        gint64          id,
                                        guint           number,
                                        const LwRound  *round,
                                        GError        **error);

/* Appends @round to game @id as lw_store_append_round() does, inside an
 * open write transaction; *@number (nullable) receives its number. */
gboolean lw_store_append_round_locked (LwStore        *self,
                                       gint64          id,
                                       const LwRound  *round,
                                       guint          *number,
                                       GError        **error);

/* Loads game @id inside an open transaction. */
/* lw_store_load_game_locked() gives the record as stored: the players who
 * sit now, no substitutes, no id. This makes it the record
 * lw_store_load_game() gives (GAME-RECORD.md version 2): the seats' first
 * players with the substitutes from seat_changes, the game's uuid as its
 * id, its details and house rule; inside a transaction. */
gboolean lw_store_attach_history (LwStore       *self,
                                  LwStoredGame  *game,
                                  GError       **error);

LwStoredGame *lw_store_load_game_locked (LwStore  *self,
                                         gint64    id,
                                         GError  **error);

/* Adds every event table's result entered from paper to @games
 * (lw_rating_games_add_paper()), each at the time its round was paired,
 * inside an open transaction (lw-store-events.c). */
gboolean lw_store_add_paper_rating_games_locked (LwStore        *self,
                                                 LwRatingGames  *games,
                                                 GError        **error);

/* The result cache (lw-store-results.c), inside a write transaction,
 * after the change to game @id is logged: its row is written with the
 * game's version as it is then. _cache_result() takes the record as now
 * stored and its @standings (nullable: replayed here; a record that does
 * not replay gets a row saying so); _cache_result_of() reads the game
 * back (nothing for a game that is not there). */
gboolean lw_store_cache_result (LwStore             *self,
                                gint64               id,
                                const LwGameRecord  *record,
                                const LwStandings   *standings,
                                GError             **error);
gboolean lw_store_cache_result_of (LwStore  *self,
                                   gint64    id,
                                   GError  **error);

/* Inside a write transaction, after a change to the rounds of game
 * @game_id, whose @record and @standings are those now stored: once the
 * game is finished, a game kept for an event's table
 * (lw_store_start_event_table_game()) becomes the table's result, as
 * lw_store_set_event_game_result() makes it, in the same transaction as
 * the round that finished it (lw-store-events.c). Nothing happens for a
 * game that is not finished, not kept for a table, or whose table has a
 * result. Errors: as lw_store_set_event_game_result(): a result the
 * engine refuses fails the change. */
gboolean lw_store_link_event_table_game_locked (LwStore             *self,
                                                gint64               game_id,
                                                const LwGameRecord  *record,
                                                const LwStandings   *standings,
                                                GError             **error);

/* The migration to schema 8 (lw-store-names.c), inside its transaction:
 * every stored name that breaks the names rule (GAME-RECORD.md "Names":
 * players, events, places; and notes) is renamed, and the rename noted in
 * the edit log of each game concerned (kind "rename"); the snapshots of
 * deleted games in the log are renamed the same way. */
gboolean lw_store_migrate_names (LwStore  *self,
                                 GError  **error);

G_END_DECLS
