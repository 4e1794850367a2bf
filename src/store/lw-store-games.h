/* lw-store-games.h — games: storing a record (added, imported, many at once), loading it,
 * listing games and players, deleting a game and bringing it back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

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
 * lw_store_add_game() for an import (docs/rules/GAME-RECORD.md "Identity"; docs/rules/CLI.md
 * `import`): unless @as_new, a record already stored is not stored again:
 * the game whose UUID is the record's `id`, or for a record without one, an
 * imported game of the same players and rounds (lw_game_record_body_hash()).
 * The record's `id` becomes the game's UUID (a new one with @as_new or
 * when it has none); its details, its rule set's name and its house rules
 * (run_fill, over_trump, king_and_knave: schema 12) are kept. The check and
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
 * lw_store_import_hashed:
 * @self: a store
 * @record: a game record to import (not as new)
 * @body_hash: (nullable): lw_game_record_body_hash() of @record, made
 *   before, on another thread (a club pull's records, a bulk import's,
 *   are read and hashed ahead while the previous one is written); %NULL:
 *   made here
 * @same: (out): the stored game @record duplicates, or 0
 * @error: return location for a #GError
 *
 * lw_store_import_game() of @record with @as_new %FALSE, its body's hash
 * given.
 *
 * Errors: as lw_store_import_game().
 *
 * Returns: the new game's ID (> 0), or 0 (a duplicate, or an error).
 */
gint64 lw_store_import_hashed (LwStore             *self,
                               const LwGameRecord  *record,
                               const char          *body_hash,
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
 * lw_store_read_game_rules:
 * @self: a store
 * @id: a game ID
 * @record: game @id's record (lw_store_load_game_as_stored())
 * @error: return location for a #GError
 *
 * Gives @record game @id's rule set name and house rules as stored
 * (schema 12: `rule_set`, TRICKS T9 and T22's `run_fill` and
 * `over_trump`, SCORING G3's `king_and_knave`), which
 * lw_store_load_game() reads and lw_store_load_game_as_stored() leaves
 * out. Inside a read transaction when more is read with it.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND, %LW_STORE_ERROR_NOT_A_DATABASE for
 * unknown house rules, another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when read.
 */
gboolean lw_store_read_game_rules (LwStore       *self,
                                   gint64         id,
                                   LwGameRecord  *record,
                                   GError       **error);

/**
 * lw_store_load_game_as_stored:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * Loads game @id as its tables hold it, in one read transaction (nested
 * in one already open): each seat's current player (game_seats), no
 * substitutes, no id, details or house rule in the record; what table
 * entry shows on a phone. lw_store_load_game() gives the whole record.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND, %LW_STORE_ERROR_NOT_A_DATABASE for a
 * stored value a game cannot hold, another %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (nullable): the game, %NULL on error.
 */
LwStoredGame *lw_store_load_game_as_stored (LwStore  *self,
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
 * lw_store_list_newest_game_summaries:
 * @self: a store
 * @limit: how many games at most, the newest (e.g. a screenful)
 * @error: return location for a #GError
 *
 * The summaries of the @limit games of the highest IDs, as
 * lw_store_list_game_summaries() reads them: the first rows of a list,
 * before every game's summary is read. The highest IDs are the newest
 * games but for one given back its old ID and creation time (a restore,
 * an undone deletion), which the whole list puts in its place: found
 * through the games' B-tree and each one's seats through the index, the
 * time grows with @limit, not with the games stored.
 *
 * Errors: a %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (element-type LwGameSummary*) (nullable): at
 *   most @limit summaries, the highest ID first; %NULL on error.
 */
GPtrArray *lw_store_list_newest_game_summaries (LwStore  *self,
                                                guint     limit,
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
 * lw_store_list_game_ids:
 * @self: a store
 * @error: return location for a #GError
 *
 * Every stored game's ID, in ID order (the order in which the games were
 * stored), without reading the games: for a caller that reads them one at
 * a time (`littlewolf-cli export --all`), inside its own read transaction
 * when the list and the games must agree.
 *
 * Errors: a %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (element-type gint64) (nullable): the IDs,
 *   %NULL on error.
 */
GArray *lw_store_list_game_ids (LwStore  *self,
                                GError  **error);

G_END_DECLS
