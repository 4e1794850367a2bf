/* lw-store-seats.h — seats and substitutes: who sits in a seat from which
 * round (schema 2)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

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
 * lw_store_list_round_players_of:
 * @self: a store
 * @game: a game as lw_store_load_game() reads it (with its seats'
 *   history), e.g. handed out by lw_store_append_round_read_back()
 * @error: return location for a #GError
 *
 * lw_store_list_round_players() for a game already read: only its seat
 * changes are read, not the game again.
 *
 * Errors: an %LW_STORE_ERROR of the file.
 *
 * Returns: (transfer full) (element-type GStrv) (nullable): per round of
 *   @game's record (in order), the names of the players who sat in each
 *   seat.
 */
GPtrArray *lw_store_list_round_players_of (LwStore             *self,
                                           const LwStoredGame  *game,
                                           GError             **error);

G_END_DECLS
