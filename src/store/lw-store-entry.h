/* lw-store-entry.h — what table entry keeps beside the games (schema 6):
 * rounds locked by the director, the game's version, and the scorekeeper
 * game kept for an event's table while it is played
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * lw_store_set_round_locked:
 * @self: a store
 * @id: a game ID
 * @number: a stored round, 1..rounds
 * @locked: %TRUE to lock the round, %FALSE to unlock it
 * @error: return location for a #GError
 *
 * Locks or unlocks a round for table entry: a locked round can no longer
 * be corrected from a phone (lw-table-entry.h); the app still can. The
 * lock belongs to the round number: it stays at that number when rounds
 * are corrected, inserted or deleted in the app. Not logged: it changes no
 * score. Setting the state a round already has does nothing.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND ("game 3 has no round 9"), or another
 * %LW_STORE_ERROR.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_store_set_round_locked (LwStore   *self,
                                    gint64     id,
                                    guint      number,
                                    gboolean   locked,
                                    GError   **error);

/**
 * lw_store_list_locked_rounds:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type guint) (nullable): the numbers of
 *   the game's locked rounds, ascending (empty for none or an unknown
 *   game), %NULL on error.
 */
GArray *lw_store_list_locked_rounds (LwStore  *self,
                                     gint64    id,
                                     GError  **error);

/**
 * lw_store_is_round_locked:
 * @self: a store
 * @id: a game ID
 * @number: a round number
 * @locked: (out): whether the round is locked
 * @error: return location for a #GError
 *
 * Returns: %TRUE on success (an unknown round reads as unlocked).
 */
gboolean lw_store_is_round_locked (LwStore   *self,
                                   gint64     id,
                                   guint      number,
                                   gboolean  *locked,
                                   GError   **error);

/**
 * lw_store_get_game_version:
 * @self: a store
 * @id: a game ID
 * @version: (out): the game's version
 * @error: return location for a #GError
 *
 * A number that grows with every change to the game made through the
 * store: each entry of its edit log counts once when made and once more
 * when undone (lw_store_list_edits()). Two readings that are equal saw the
 * same rounds. A client that read the game at one version and writes at
 * another has not seen the latest change. Kept in the game's row (schema
 * 7: games.version) by triggers on the edit log, which make it grow with
 * any change to the log; the result cache (lw_store_load_rating_games())
 * is keyed by it.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_store_get_game_version (LwStore  *self,
                                    gint64    id,
                                    gint64   *version,
                                    GError  **error);

/**
 * lw_store_store_entered_round:
 * @self: a store
 * @id: a game ID
 * @number: the round, 1-based: the game's next round to append, or an
 *   existing round to correct
 * @correction: %TRUE to replace round @number, %FALSE to append it
 * @version: the game's version the round was entered against
 *   (lw_store_get_game_version())
 * @round: the round's facts; copied
 * @error: return location for a #GError
 *
 * Stores a round entered at a table (docs/TABLE-ENTRY.md), in one write
 * transaction that first checks that the game is still at @version and,
 * for a correction, that the director has not locked the round; the
 * engine checks the round as lw_store_append_round() and
 * lw_store_replace_round() do. Nothing is stored on an error.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND (no such game),
 * %LW_STORE_ERROR_CHANGED (the game changed since @version, or @number is
 * not the next round), %LW_STORE_ERROR_LOCKED (a correction of a locked
 * round), an engine error for a round the rules refuse, or another
 * %LW_STORE_ERROR.
 *
 * Returns: %TRUE when the round is stored.
 */
gboolean lw_store_store_entered_round (LwStore        *self,
                                       gint64          id,
                                       guint           number,
                                       gboolean        correction,
                                       gint64          version,
                                       const LwRound  *round,
                                       GError        **error);

/**
 * lw_store_get_event_table_game:
 * @self: a store
 * @event_id: an event ID
 * @round: a paired round, 1-based
 * @table: a table of it, 1-based
 * @game_id: (out): the table's game: the linked game of a finished table
 *   (lw_store_set_event_game_result()), else the game kept for it while it
 *   is played (lw_store_start_event_table_game()), else 0
 * @error: return location for a #GError
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND ("event 2 has no round 3, table 4"),
 * or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_store_get_event_table_game (LwStore  *self,
                                        gint64    event_id,
                                        guint     round,
                                        guint     table,
                                        gint64   *game_id,
                                        GError  **error);

/**
 * lw_store_start_event_table_game:
 * @self: a store
 * @event_id: an event ID
 * @round: a paired round, 1-based
 * @table: a table of it, 1-based, without a game yet
 * @error: return location for a #GError
 *
 * Creates the scorekeeper game of an event's table: the table's players in
 * its seat order, its first dealer (SCORING R4), Little Wolf's default
 * rules, and at a partners table the sides of seats 0 & 2 and 1 & 3
 * (SCORING R2). The game is kept for the table; the round that finishes
 * it (lw_store_append_round(), a correction, table entry) links it as the
 * table's result in the same transaction, as
 * lw_store_set_event_game_result() would, and its result counts.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND (no such table),
 * %LW_STORE_ERROR_INVALID (the table already has a game or a paper
 * result), the engine's errors, or another %LW_STORE_ERROR.
 *
 * Returns: the new game's ID (> 0), or 0 on error.
 */
gint64 lw_store_start_event_table_game (LwStore  *self,
                                        gint64    event_id,
                                        guint     round,
                                        guint     table,
                                        GError  **error);

/**
 * lw_store_find_event_table_of_game:
 * @self: a store
 * @game_id: a game ID
 * @event_id: (out) (optional): the event
 * @round: (out) (optional): the round
 * @table: (out) (optional): the table
 * @error: return location for a #GError
 *
 * Finds the event table a game is kept for or linked to.
 *
 * Returns: %TRUE when found; %FALSE with @error unset when the game
 *   belongs to no table, %FALSE with @error set on failure.
 */
gboolean lw_store_find_event_table_of_game (LwStore  *self,
                                            gint64    game_id,
                                            gint64   *event_id,
                                            guint    *round,
                                            guint    *table,
                                            GError  **error);

/**
 * LwEventRoundGame:
 * @table: the table's number in its round, 1-based
 * @game_id: the table's game (> 0)
 * @players: (array zero-terminated=1) (transfer full): the table's
 *   players' names, seat 0 first (clockwise)
 *
 * A table of an event's round and the game its rounds are entered into.
 */
typedef struct {
  guint    table;
  gint64   game_id;
  char   **players;
} LwEventRoundGame;

/**
 * lw_event_round_game_free:
 * @game: (nullable) (transfer full): a table's game
 *
 * Frees the table's game and its players' names.
 */
void lw_event_round_game_free (LwEventRoundGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwEventRoundGame, lw_event_round_game_free)

/**
 * lw_store_prepare_event_round_games:
 * @self: a store
 * @event_id: an event ID
 * @round: (out) (optional): the event's current round (its last paired
 *   round, 1-based), 0 when no round is paired yet
 * @error: return location for a #GError
 *
 * The games of the current round's tables, for table entry
 * (docs/TABLE-ENTRY.md): each table's game from
 * lw_store_get_event_table_game(), and for a table without one its
 * scorekeeper game, started with lw_store_start_event_table_game() (so
 * that asking again makes no second game). A table whose result came
 * from paper is left out. The director's window and the test server
 * (tests/lw-entry-serve.c) both open an event's tables with this.
 *
 * Each game is started in its own transaction: after an error the games
 * started before it stay kept for their tables and are found again.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND ("no event with ID 7"), the errors of
 * lw_store_start_event_table_game(), or another %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (element-type LwEventRoundGame) (nullable): the
 *   tables in number order (empty when no round is paired or every table
 *   has a result from paper), %NULL on error.
 */
GPtrArray *lw_store_prepare_event_round_games (LwStore  *self,
                                               gint64    event_id,
                                               guint    *round,
                                               GError  **error);

G_END_DECLS
