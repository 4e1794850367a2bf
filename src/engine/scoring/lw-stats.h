/* lw-stats.h — statistics per player over many games, from the stored
 * rounds replayed (docs/rules/SCORING.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-record.h"
#include "lw-score.h"

G_BEGIN_DECLS

/**
 * LwStatsGame:
 * @record: (transfer none): a game record
 * @standings: (transfer none): its standings (lw_standings_compute())
 * @round_players: (nullable) (element-type GStrv) (transfer none): who sat
 *   in each seat in each round when a substitute took a seat: element i
 *   holds the n_players names of round i + 1; %NULL to take them from
 *   @record's substitutes (lw_game_record_player_at())
 *
 * One game given to lw_stats_compute().
 */
typedef struct {
  const LwGameRecord *record;
  const LwStandings  *standings;
  GPtrArray          *round_players;
} LwStatsGame;

/**
 * LwPlayerStats:
 * @name: (transfer full): the player's name
 *
 * Game counts. A game counts for every player who played a round of it
 * (a substitute and the player they replaced alike; a seat's current
 * player when the game has no rounds yet):
 * @games: games played, finished or not, both rulesets
 * @finished: of @games, those that have ended (R23, R24; G2)
 * @wins: finished games won by the player's side (a skunk counts once here;
 *   its double worth is in @skunks_won)
 * @skunks_won: finished games the player's side won with a skunk (R23)
 * @skunks_suffered: skunk games where the player's side ended at 0 (R23)
 * @margin_total: over the @finished games, the winner's final score minus the best
 *   final score of any other side, summed
 *
 * Round counts. A round counts for whoever sat in the seat that round
 * (@round_players). Only Little Wolf rounds that were played count (a void
 * round (R21) and a Garwolf hand count for none of these, except
 * @penalties):
 * @rounds: Little Wolf rounds played (void rounds excluded)
 * @dealt: of @rounds, those the player dealt
 * @declared_as_dealer: rounds the player dealt and declared
 * @not_dealt: of @rounds, those the player did not deal
 * @declared_as_other: rounds the player did not deal and declared
 * @packs_made: rounds the player declared and made the Pack (R9: own cards
 *   more than half of T), all_but_last (R11) included
 * @sweeps: rounds where the player (solo play) or the player's side
 *   (partners) won every trick, declared or not (R10, R14, R17)
 * @nobody_declared: rounds where every player declined (R16, R17)
 * @worm_pairs: pairs of Worms the player possessed (R6), before Worms and
 *   Gongs cancel (R7); with two decks four Worms are two pairs
 * @gong_pairs: pairs of Gongs the player possessed (R6), before cancelling
 * @all_den_rounds: rounds where the player possessed at least one complete
 *   set of Den cards (R8)
 * @penalties: in-round penalties the player incurred (R19), void rounds
 *   included
 *
 * Partners (Little Wolf games with teams, finished):
 * @best_partner: (nullable) (transfer full): the partner with whom the
 *   player's win rate is highest, among partners of at least
 *   `min_partner_games` finished games together; ties go to more games
 *   together, then to the name first in byte order; %NULL when none
 *   qualifies
 * @best_partner_games: finished games with @best_partner
 * @best_partner_wins: of those, games won
 * @worst_partner: (nullable) (transfer full): likewise the lowest win rate
 *   (ties: more games together, then name first in byte order)
 * @worst_partner_games: finished games with @worst_partner
 * @worst_partner_wins: of those, games won
 *
 * One player's statistics. The rates are ratios of these counts, see
 * lw_player_stats_win_rate() and the functions after it.
 */
typedef struct {
  char  *name;
  guint  games;
  guint  finished;
  guint  wins;
  guint  skunks_won;
  guint  skunks_suffered;
  int    margin_total;
  guint  rounds;
  guint  dealt;
  guint  declared_as_dealer;
  guint  not_dealt;
  guint  declared_as_other;
  guint  packs_made;
  guint  sweeps;
  guint  nobody_declared;
  guint  worm_pairs;
  guint  gong_pairs;
  guint  all_den_rounds;
  guint  penalties;
  char  *best_partner;
  guint  best_partner_games;
  guint  best_partner_wins;
  char  *worst_partner;
  guint  worst_partner_games;
  guint  worst_partner_wins;
} LwPlayerStats;

/**
 * lw_stats_compute:
 * @games: (array length=n_games): the games; each record must be the one
 *   its standings were computed from
 * @n_games: number of games, may be 0
 * @min_partner_games: the fewest finished games together for a partner to
 *   be best or worst partner, ≥ 1
 *
 * Counts every statistic of #LwPlayerStats for every player of @games.
 * Players are told apart by name, exactly as written.
 *
 * Returns: (transfer full) (element-type LwPlayerStats*): one entry per
 *   player, sorted by name (byte order). Never %NULL.
 */
GPtrArray *lw_stats_compute (const LwStatsGame *games,
                             guint              n_games,
                             guint              min_partner_games);

/**
 * lw_player_stats_free:
 * @stats: (nullable): statistics
 */
void lw_player_stats_free (LwPlayerStats *stats);

/**
 * lw_player_stats_win_rate:
 * @stats: statistics
 *
 * Returns: @wins / @finished, in 0..1; 0 when @finished is 0.
 */
double lw_player_stats_win_rate (const LwPlayerStats *stats);

/**
 * lw_player_stats_declare_rate_as_dealer:
 * @stats: statistics
 *
 * Returns: @declared_as_dealer / @dealt (rounds the player dealt and
 *   declared / rounds the player dealt, void rounds excluded); 0 when
 *   @dealt is 0.
 */
double lw_player_stats_declare_rate_as_dealer (const LwPlayerStats *stats);

/**
 * lw_player_stats_declare_rate_as_other:
 * @stats: statistics
 *
 * Returns: @declared_as_other / @not_dealt; 0 when @not_dealt is 0.
 */
double lw_player_stats_declare_rate_as_other (const LwPlayerStats *stats);

/**
 * lw_player_stats_pack_rate:
 * @stats: statistics
 *
 * Pack success (R9): rounds declared where the Pack was made / rounds
 * declared (as dealer or not).
 *
 * Returns: the rate in 0..1; 0 when the player never declared.
 */
double lw_player_stats_pack_rate (const LwPlayerStats *stats);

/**
 * lw_player_stats_average_margin:
 * @stats: statistics
 *
 * Returns: @margin_total / @finished, the average final margin (winner's
 *   score minus the best other side's score) of the finished games the
 *   player played; 0 when there are none.
 */
double lw_player_stats_average_margin (const LwPlayerStats *stats);

/**
 * lw_player_stats_skunk_double_wins:
 * @stats: statistics
 *
 * The player's wins as standings and leaderboards count them, a skunk win
 * worth 2 (SCORING R23): @wins + @skunks_won. (@wins counts a skunk once.)
 *
 * Returns: the wins, a skunk counting 2.
 */
guint lw_player_stats_skunk_double_wins (const LwPlayerStats *stats);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwPlayerStats, lw_player_stats_free)

/**
 * LwStatsShare:
 *
 * One game's share of every statistic of #LwPlayerStats, for each of its
 * players: what lw_stats_compute() counts for that game alone, partners'
 * games together included, kept small (a few hundred bytes for a game of
 * four) so that many games' shares can be kept and a changed game's share
 * taken out of an #LwStatsTally again. Players' names are interned
 * (g_intern_string()).
 */
typedef struct _LwStatsShare LwStatsShare;

/**
 * lw_stats_share_new:
 * @game: a game, as given to lw_stats_compute()
 *
 * Counts @game as lw_stats_compute() counts each of its games.
 *
 * Returns: (transfer full): @game's share.
 */
LwStatsShare *lw_stats_share_new (const LwStatsGame *game);

/**
 * lw_stats_share_free:
 * @share: (nullable): a share
 */
void lw_stats_share_free (LwStatsShare *share);

/**
 * LW_STATS_SHARE_MAX_PLAYERS:
 *
 * The most players a share read back from its counts may have
 * (lw_stats_share_new_from_counts()): every player of eight seats, each
 * seat changing hands in many rounds, is far fewer.
 */
#define LW_STATS_SHARE_MAX_PLAYERS 255

/**
 * lw_stats_share_get_players:
 * @share: a share
 * @n_players: (out): how many players the game counts for, ≥ 1
 *
 * Returns: (array length=n_players) (transfer none): the interned names
 *   of the players @share counts for, in the order its counts
 *   (lw_stats_share_get_counts()) refer to them.
 */
const char *const *lw_stats_share_get_players (const LwStatsShare *share,
                                               guint              *n_players);

/**
 * lw_stats_share_get_counts:
 * @share: a share
 * @length: (out): the number of bytes
 *
 * @share's counts as bytes to keep (a database column): for each player
 * of lw_stats_share_get_players(), in that order, a varint mask of its
 * non-zero counts and each of them as a varint; then each pair of
 * partners' games together and won. Players are named by their place in
 * lw_stats_share_get_players(), never by name, so that the bytes stay
 * right when a player is renamed.
 *
 * Returns: (array length=length) (transfer none): the bytes, valid while
 *   @share is.
 */
const guint8 *lw_stats_share_get_counts (const LwStatsShare *share,
                                         gsize              *length);

/**
 * lw_stats_share_new_from_counts:
 * @players: (array length=n_players): interned names (g_intern_string()),
 *   the players the counts refer to, in the order
 *   lw_stats_share_get_players() gave them
 * @n_players: their number, 1..%LW_STATS_SHARE_MAX_PLAYERS
 * @counts: (array length=length) (nullable): bytes of
 *   lw_stats_share_get_counts()
 * @length: their number
 *
 * A share read back from its kept counts, with @players' names (those the
 * players have now). Bytes that do not read back whole are refused: a
 * varint cut short or over 32 bits, a mask naming no count or without
 * games, a player with no game, a partner count naming a player out of
 * range or the player themself, more wins than games, or bytes left over;
 * and so are names given twice.
 *
 * Returns: (transfer full) (nullable): the share, %NULL when refused.
 */
LwStatsShare *lw_stats_share_new_from_counts (const char *const *players,
                                              guint              n_players,
                                              const guint8      *counts,
                                              gsize              length);

/**
 * lw_stats_share_has_player:
 * @share: a share
 * @name: (not nullable): an interned name (g_intern_string())
 *
 * Returns: whether @name played in the share's game (a game counts for
 *   them).
 */
gboolean lw_stats_share_has_player (const LwStatsShare *share,
                                    const char         *name);

/**
 * lw_stats_share_rename:
 * @share: a share
 * @old_name: an interned name
 * @new_name: an interned name that does not play in the share's game
 *
 * Names @old_name's counts @new_name: a player renamed, the game the same.
 */
void lw_stats_share_rename (LwStatsShare *share,
                            const char   *old_name,
                            const char   *new_name);

/**
 * LwStatsTally:
 *
 * The sum of many games' shares: lw_stats_tally_compute() gives what
 * lw_stats_compute() gives over those games, exactly.
 */
typedef struct _LwStatsTally LwStatsTally;

/** Returns: (transfer full): an empty tally. */
LwStatsTally *lw_stats_tally_new (void);

/**
 * lw_stats_tally_free:
 * @tally: (nullable): a tally
 */
void lw_stats_tally_free (LwStatsTally *tally);

/**
 * lw_stats_tally_add:
 * @tally: a tally
 * @share: a game's share
 *
 * Counts @share's game in @tally.
 */
void lw_stats_tally_add (LwStatsTally       *tally,
                         const LwStatsShare *share);

/**
 * lw_stats_tally_remove:
 * @tally: a tally
 * @share: a share added before with lw_stats_tally_add()
 *
 * Takes @share's game out of @tally again: a player who played none of
 * the games left is no longer counted.
 */
void lw_stats_tally_remove (LwStatsTally       *tally,
                            const LwStatsShare *share);

/**
 * lw_stats_tally_rename:
 * @tally: a tally
 * @old_name: an interned name
 * @new_name: an interned name no game of @tally counts for
 *
 * Names @old_name's counts, and the games others played with them as
 * partner, @new_name (lw_stats_share_rename() on every share added).
 */
void lw_stats_tally_rename (LwStatsTally *tally,
                            const char   *old_name,
                            const char   *new_name);

/**
 * lw_stats_tally_compute:
 * @tally: a tally
 * @min_partner_games: as for lw_stats_compute(), ≥ 1
 *
 * Returns: (transfer full) (element-type LwPlayerStats*): what
 *   lw_stats_compute() gives over the games counted in @tally: one entry
 *   per player, sorted by name (byte order). Never %NULL.
 */
GPtrArray *lw_stats_tally_compute (const LwStatsTally *tally,
                                   guint               min_partner_games);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwStatsShare, lw_stats_share_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwStatsTally, lw_stats_tally_free)

G_END_DECLS
