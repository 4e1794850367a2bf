/* lw-table-seats.h — who sits at a virtual table: a person or a computer
 * seat of some level, and the game's seed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-bot.h"
#include "lw-score.h"
#include "lw-table.h"

G_BEGIN_DECLS

/**
 * LwTableSeats:
 * @n_players: 2–8
 * @seed: the game's seed: round k (0-based) is dealt from
 *   lw_seed_mix(@seed, k), as lw_bot_play_game() does
 * @computer: per seat, %TRUE for a computer seat, %FALSE for a person
 *   (hot-seat play on one device)
 * @level: per computer seat, how it plays
 *
 * The setup of a game played at the virtual table, kept beside the game
 * while it runs.
 */
typedef struct {
  guint      n_players;
  guint64    seed;
  gboolean   computer[LW_MAX_SEATS];
  LwBotLevel level[LW_MAX_SEATS];
} LwTableSeats;

/**
 * lw_table_seats_round_seed:
 * @seats: a setup
 * @round_index: the round, 0-based (the rounds already stored)
 *
 * Returns: the seed the round is dealt from.
 */
guint64 lw_table_seats_round_seed (const LwTableSeats *seats,
                                   guint               round_index);

/**
 * lw_table_seats_deal:
 * @seats: the table's seats
 * @record: the game, its rounds so far
 * @standings: @record's standings (its next dealer, SCORING R4, R20)
 *
 * Deals the game's next round at the virtual table: its dealer by the
 * scoring engine's rotation, from the seats' seed for that round
 * (lw_table_seats_round_seed()), with the game's house rules (TRICKS T9,
 * T22). The app's table and the remote table both deal with it.
 *
 * Returns: (transfer full): the round, in %LW_PHASE_BID.
 */
LwTable *lw_table_seats_deal (const LwTableSeats *seats,
                              const LwGameRecord *record,
                              const LwStandings  *standings);

/**
 * lw_table_seats_move_seed:
 * @seats: the table's seats
 * @round_number: the game's round @table deals, 1-based
 * @table: the round being played
 *
 * Returns: the seed of the next computer move's choice (lw_bot_choose()):
 *   the same round, log and seat always give the same move.
 */
guint64 lw_table_seats_move_seed (const LwTableSeats *seats,
                                  guint               round_number,
                                  const LwTable      *table);

/**
 * lw_table_seats_n_people:
 * @seats: a setup
 *
 * Returns: how many seats are played by people.
 */
guint lw_table_seats_n_people (const LwTableSeats *seats);

/**
 * lw_bot_level_to_string:
 * @level: a level
 *
 * Returns: (transfer none): "random", "easy", "normal", "hard" or
 *   "expert" (lw-enum-names.c), as
 *   lw_bot_level_from_string() reads them; an unknown level is "normal".
 */
const char *lw_bot_level_to_string (LwBotLevel level);

/**
 * lw_table_seats_to_json:
 * @seats: a setup
 *
 * `{"format": "little-wolf/seats", "version": 1, "seed": "42",
 * "seats": [{"player": "person"}, {"player": "computer", "level":
 * "normal"}]}` (the seed a decimal string, as in lw_table_to_json()).
 *
 * Returns: (transfer full): compact JSON.
 */
char *lw_table_seats_to_json (const LwTableSeats *seats);

/**
 * lw_table_seats_from_json:
 * @data: what lw_table_seats_to_json() wrote
 * @seats: (out caller-allocates): the setup read
 * @error: return location for a #GError
 *
 * Errors: %LW_ENGINE_ERROR_PARSE for text that is not JSON,
 * %LW_ENGINE_ERROR_INVALID for a setup that is not one ("seat 3: no
 * level").
 *
 * Returns: %TRUE when read.
 */
gboolean lw_table_seats_from_json (const char    *data,
                                   LwTableSeats  *seats,
                                   GError       **error);

/**
 * lw_table_replay_prefix:
 * @table: a table
 * @n_actions: how many of its logged actions to keep, 0..log length
 * @error: return location for a #GError
 *
 * The same deal with only the first @n_actions actions of @table's log
 * applied: an undo replays the log without the actions after it.
 *
 * Errors: as lw_table_from_json().
 *
 * Returns: (transfer full) (nullable): the table.
 */
LwTable *lw_table_replay_prefix (const LwTable  *table,
                                 guint           n_actions,
                                 GError        **error);

G_END_DECLS
