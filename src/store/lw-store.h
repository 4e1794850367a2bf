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
 */
typedef enum {
  LW_STORE_ERROR_OPEN,
  LW_STORE_ERROR_NOT_A_DATABASE,
  LW_STORE_ERROR_NEWER_VERSION,
  LW_STORE_ERROR_BUSY,
  LW_STORE_ERROR_FULL,
  LW_STORE_ERROR_NOT_FOUND,
  LW_STORE_ERROR_FAILED,
} LwStoreError;

GQuark lw_store_error_quark (void);

#define LW_TYPE_STORE (lw_store_get_type ())
G_DECLARE_FINAL_TYPE (LwStore, lw_store, LW, STORE, GObject)

/**
 * LwStoredGame:
 * @id: the game's ID, > 0
 * @created: creation time, seconds since 1970 (UTC)
 * @record: (transfer full): the game as stored, rounds included
 */
typedef struct {
  gint64        id;
  gint64        created;
  LwGameRecord *record;
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
 * busy timeout set, schema by `user_version`.
 *
 * Errors: %LW_STORE_ERROR_OPEN, %LW_STORE_ERROR_NOT_A_DATABASE,
 * %LW_STORE_ERROR_NEWER_VERSION, %LW_STORE_ERROR_BUSY.
 *
 * Returns: (transfer full) (nullable): the store, or %NULL on error.
 */
LwStore *lw_store_open (const char  *path,
                        GError     **error);

/**
 * lw_store_get_path:
 *
 * Returns: (transfer none): the database file's path.
 */
const char *lw_store_get_path (LwStore *self);

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
 * lw_store_append_round:
 * @self: a store
 * @id: a game ID
 * @round: the round's facts as entered
 * @error: return location for a #GError
 *
 * Appends @round to the game after replaying the game with it through the
 * engine; a round the engine refuses (bad facts, the game already over) is
 * not stored.
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
 * Returns: (transfer full) (nullable): the names of every known player,
 *   sorted case-insensitively, %NULL-terminated.
 */
char **lw_store_list_player_names (LwStore  *self,
                                   GError  **error);

G_END_DECLS
