/* lw-store-event-tables.h — the scorekeeper game kept for an event's
 * table while it is played (schema 6), and an event round's tables with
 * their games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

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
 * its seat order, its first dealer (SCORING R4), the event's rules
 * (lw_store_get_event_rule_set(): start score, target, skunk and house
 * rules, and the rule set's name), and at a partners table the sides of seats 0 & 2 and 1 & 3
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
 * (tests/web/lw-entry-serve.c) both open an event's tables with this.
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
