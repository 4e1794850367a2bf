/* lw-bot.h — computer seats at the virtual table, and whole games played
 * by them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-record.h"
#include "lw-table.h"

G_BEGIN_DECLS

/**
 * LwBotLevel:
 * @LW_BOT_RANDOM: a uniformly random legal action: Declare or Decline with
 *   even odds; four discards drawn uniformly; a lead drawn uniformly from
 *   the legal leads as lw_leads_enumerate() lists them (two-deck
 *   duplicates once), picked by lw_leads_count() and lw_leads_nth()
 *   without listing them; a follow drawn uniformly from lw_follow_legal()'s
 *   plays
 * @LW_BOT_EASY: Declares with three trumps; leads and follows with its lowest
 *   cards
 * @LW_BOT_NORMAL: Declares with many trumps; wins the trick with the
 *   cheapest play that does, else sheds its lowest
 * @LW_BOT_HARD: as normal, but leads its biggest combination and does not
 *   overtake a partner who is winning
 *
 * Every level is deterministic for a seed.
 */
typedef enum {
  LW_BOT_RANDOM,
  LW_BOT_EASY,
  LW_BOT_NORMAL,
  LW_BOT_HARD,
} LwBotLevel;

/**
 * lw_bot_level_from_string:
 * @name: "random", "easy", "normal" or "hard"
 * @level: (out): the level
 *
 * Returns: %TRUE when @name is a level.
 */
gboolean lw_bot_level_from_string (const char *name,
                                   LwBotLevel *level);

/**
 * lw_bot_choose:
 * @table: a table that is not at its end
 * @level: how the seat plays
 * @team_of: (nullable): the side of each seat (partners), or %NULL
 * @rng: the seat's random numbers (used by every level to break ties)
 * @action: (out caller-allocates): a legal action for the seat to act,
 *   chosen from what lw_table_observe() shows that seat
 */
void lw_bot_choose (const LwTable *table,
                    LwBotLevel     level,
                    const int     *team_of,
                    LwRng         *rng,
                    LwAction      *action);

/**
 * lw_bot_play_round:
 * @n_players: 2–8
 * @dealer: the Dealer
 * @seed: the deal's seed; the seats' choices come from it too
 * @level: how every seat plays
 * @team_of: (nullable): sides in partners play
 * @rules: (nullable): house rules
 *
 * Plays one round to its end with computer seats.
 *
 * Returns: (transfer full): the finished table.
 */
LwTable *lw_bot_play_round (guint               n_players,
                            int                 dealer,
                            guint64             seed,
                            LwBotLevel          level,
                            const int          *team_of,
                            const LwHouseRules *rules);

/**
 * lw_bot_play_game:
 * @n_players: 2–8
 * @partners: partners play: @n_players even (4, 6, 8), teams of two sitting
 *   opposite (seat s is on side s mod @n_players/2, SCORING R2)
 * @seed: the game's seed: round k is dealt from lw_seed_mix(@seed, k)
 * @level: how every seat plays
 * @max_rounds: stop with an error after this many rounds
 * @error: return location for a #GError
 *
 * Plays a whole game (first dealer seat 0, the deal passing by
 * lw_standings_compute()'s next_dealer) until the game ends, each round's
 * facts from lw_table_round_facts() (players are named "Seat 1" …).
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a bad setup or a game still running
 * after @max_rounds.
 *
 * Returns: (transfer full) (nullable): the game record.
 */
LwGameRecord *lw_bot_play_game (guint        n_players,
                                gboolean     partners,
                                guint64      seed,
                                LwBotLevel   level,
                                guint        max_rounds,
                                GError     **error);

G_END_DECLS
