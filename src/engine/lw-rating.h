/* lw-rating.h — player ratings and leaderboards over stored games
 *
 * The rating is the Bayesian approximation of Weng and Lin for the
 * Plackett-Luce model: R. C. Weng and C.-J. Lin, "A Bayesian Approximation
 * Method for Online Ranking", Journal of Machine Learning Research 12
 * (2011) 267–300, Algorithm 4 (the same model and defaults as OpenSkill).
 * It rates games of 2–8 sides, a side being one player or a team of
 * partners. Ratings are recomputed from the games every time; they are
 * never stored (docs/EVENTS.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-record.h"
#include "lw-score.h"

G_BEGIN_DECLS

/**
 * LwRatingModel:
 * @mu: the prior mean skill (default 25)
 * @sigma: the prior standard deviation (default 25/3)
 * @beta: the performance noise of one game (default @sigma / 2)
 * @kappa: the floor of a variance's shrink factor (default 0.0001), which
 *   keeps every sigma positive
 */
typedef struct {
  double mu;
  double sigma;
  double beta;
  double kappa;
} LwRatingModel;

/**
 * LwRating:
 * @mu: the mean skill
 * @sigma: its uncertainty (standard deviation), > 0
 */
typedef struct {
  double mu;
  double sigma;
} LwRating;

/**
 * lw_rating_model_init:
 * @model: (out caller-allocates): the model to fill with the defaults
 *   (mu 25, sigma 25/3, beta 25/6, kappa 0.0001)
 */
void lw_rating_model_init (LwRatingModel *model);

/**
 * lw_rating_init:
 * @model: a model
 * @rating: (out caller-allocates): a new player's rating (@model's prior)
 */
void lw_rating_init (const LwRatingModel *model,
                     LwRating            *rating);

/**
 * lw_rating_conservative:
 * @rating: a rating
 * Returns: mu − 3·sigma, the value shown and ranked by.
 */
double lw_rating_conservative (const LwRating *rating);

/**
 * lw_rating_rate:
 * @model: the model
 * @n_teams: the game's sides, 2–8
 * @team_sizes: (array length=n_teams): players per side, each ≥ 1; at most
 *   8 players in all
 * @ranks: (array length=n_teams): each side's finishing place, 0 the
 *   winner; equal places are a tie
 * @ratings: (inout) (array): the players' ratings side by side (the first
 *   side's players, then the second's, …), updated in place
 *
 * One game's update, Weng & Lin (2011) Algorithm 4 (Plackett-Luce): with
 * a side's mu_i and sigma²_i the sums over its players,
 * c = sqrt(Σ_i (sigma²_i + beta²)), C_q = Σ_{s: rank_s ≥ rank_q}
 * exp(mu_s / c), A_q the sides sharing rank_q and
 * p_{i,q} = exp(mu_i / c) / C_q:
 * Ω_i = sigma²_i / c · Σ_{q: rank_q ≤ rank_i} ([i = q] − p_{i,q}) / A_q,
 * Δ_i = γ_i · sigma²_i / c² · Σ_{q: rank_q ≤ rank_i} p_{i,q} (1 − p_{i,q}) / A_q
 * with γ_i = sigma_i / c; each player j of side i:
 * mu_j += sigma²_j / sigma²_i · Ω_i,
 * sigma_j *= sqrt (max (1 − sigma²_j / sigma²_i · Δ_i, kappa)).
 */
void lw_rating_rate (const LwRatingModel *model,
                     guint                n_teams,
                     const guint         *team_sizes,
                     const guint         *ranks,
                     LwRating            *ratings);

/**
 * LwLadder:
 * @LW_LADDER_ALL: every finished Little Wolf game
 * @LW_LADDER_TWO: 2-player games
 * @LW_LADDER_THREE_FOUR: 3- and 4-player games without partners
 * @LW_LADDER_PARTNERS: partners games (sides of 2 or more)
 */
typedef enum {
  LW_LADDER_ALL,
  LW_LADDER_TWO,
  LW_LADDER_THREE_FOUR,
  LW_LADDER_PARTNERS,
} LwLadder;

/**
 * lw_ladder_to_string:
 * Returns: (transfer none): "all", "2p", "3-4p" or "partners".
 */
const char *lw_ladder_to_string (LwLadder ladder);

/**
 * lw_ladder_from_string:
 * @text: a name of lw_ladder_to_string()
 * @ladder: (out): the ladder
 * Returns: %TRUE when @text names a ladder.
 */
gboolean lw_ladder_from_string (const char *text,
                                LwLadder   *ladder);

/**
 * LwRatedGame:
 * @id: the stored game's ID
 * @time: when it was played (seconds since 1970, UTC): orders the games
 * @n_players: 2–8
 * @players: each seat's player, an index of lw_rating_games_intern()
 * @n_teams: 0 for solo play, else the sides (SCORING R2)
 * @side_of: each seat's side when @n_teams > 0
 * @scores: each side's final score
 * @skunk: the winner won a skunk (SCORING R23)
 *
 * A finished game as the ratings see it.
 */
typedef struct {
  gint64   id;
  gint64   time;
  guint    n_players;
  guint    players[LW_MAX_SEATS];
  guint    n_teams;
  int      side_of[LW_MAX_SEATS];
  int      scores[LW_MAX_SEATS];
  gboolean skunk;
} LwRatedGame;

/**
 * LwRatingGames:
 *
 * The games to rate and the players' names. Opaque; free with
 * lw_rating_games_free().
 */
typedef struct _LwRatingGames LwRatingGames;

/**
 * lw_rating_games_new:
 * Returns: (transfer full): an empty set of games.
 */
LwRatingGames *lw_rating_games_new (void);

/**
 * lw_rating_games_free:
 * @games: (nullable): a set of games
 */
void lw_rating_games_free (LwRatingGames *games);

/**
 * lw_rating_games_intern:
 * @games: a set of games
 * @name: a player's name
 * Returns: the player's index in @games (the same for the same name).
 */
guint lw_rating_games_intern (LwRatingGames *games,
                              const char    *name);

/**
 * lw_rating_games_add:
 * @games: a set of games
 * @game: a finished game (copied); its players from
 *   lw_rating_games_intern()
 */
void lw_rating_games_add (LwRatingGames     *games,
                          const LwRatedGame *game);

/**
 * lw_rating_is_rated:
 * @record: a game
 * @standings: its standings (lw_standings_compute())
 *
 * Whether the ratings count the game: a finished Little Wolf game with a
 * winner (docs/EVENTS.md, "Ratings"). A game still being played and a
 * Garwolf game are not rated.
 *
 * Returns: %TRUE when the game is rated.
 */
gboolean lw_rating_is_rated (const LwGameRecord *record,
                             const LwStandings  *standings);

/**
 * lw_rating_games_add_record:
 * @games: a set of games
 * @id: the stored game's ID
 * @time: when it was played (seconds since 1970, UTC)
 * @record: the game
 * @standings: its standings (lw_standings_compute())
 *
 * Adds the game when it is rated (lw_rating_is_rated()); a game still
 * being played, or a Garwolf game, is left out.
 *
 * Returns: %TRUE when the game was added.
 */
gboolean lw_rating_games_add_record (LwRatingGames      *games,
                                     gint64              id,
                                     gint64              time,
                                     const LwGameRecord *record,
                                     const LwStandings  *standings);

/**
 * lw_rating_games_get_n_games:
 * Returns: the games added.
 */
guint lw_rating_games_get_n_games (const LwRatingGames *games);

/**
 * LwLeaderboardOptions:
 * @ladder: which games rate and count
 * @from: the period's start (seconds since 1970, UTC), or 0 for none
 * @to: the period's end (exclusive), or 0 for none; ratings are as at
 *   the end of the period
 * @only_games: (array length=n_only_games) (nullable): when set, only
 *   these games count (e.g. an event's); ratings still use every game
 * @n_only_games: the length of @only_games
 * @trend_games: the trend is the rating change over the player's last
 *   this many counted games (default 5, at least 1)
 * @model: the rating model
 */
typedef struct {
  LwLadder       ladder;
  gint64         from;
  gint64         to;
  const gint64  *only_games;
  guint          n_only_games;
  guint          trend_games;
  LwRatingModel  model;
} LwLeaderboardOptions;

/**
 * lw_leaderboard_options_init:
 * @options: (out caller-allocates): the defaults: every game, no period,
 *   no game filter, trend over 5 games, the default model
 */
void lw_leaderboard_options_init (LwLeaderboardOptions *options);

/**
 * LwLeaderboardRow:
 * @rank: 1-based, by @rating (equal ratings share a rank)
 * @player: the player's index in the games
 * @name: (transfer none): the player's name, owned by the games
 * @rating: mu − 3·sigma at the end of the period
 * @mu: the mean skill
 * @sigma: its uncertainty
 * @games: counted games (in the ladder, period and filter)
 * @wins: counted games won, a skunk win counting 2 (SCORING R23)
 * @skunks: counted games won with a skunk (SCORING R23)
 * @trend: the change of @rating over the player's last @trend_games
 *   counted games
 */
typedef struct {
  guint       rank;
  guint       player;
  const char *name;
  double      rating;
  double      mu;
  double      sigma;
  guint       games;
  guint       wins;
  guint       skunks;
  double      trend;
} LwLeaderboardRow;

/**
 * lw_leaderboard_compute:
 * @games: the games
 * @options: what to count
 *
 * Rates every game of the ladder up to the period's end in time order
 * (then by ID) with lw_rating_rate() (each side's place by its final
 * score, equal scores tied) and lists the players with at least one
 * counted game, best rating first; equal ratings by name in the order of
 * the user's locale (g_utf8_collate_key()), then byte for byte.
 *
 * Returns: (transfer full) (element-type LwLeaderboardRow): the rows;
 *   the names belong to @games.
 */
GArray *lw_leaderboard_compute (const LwRatingGames        *games,
                                const LwLeaderboardOptions *options);

/**
 * lw_leaderboard_to_json:
 * @rows: (element-type LwLeaderboardRow): lw_leaderboard_compute()
 * @options: the options they were computed with
 *
 * Returns: (transfer full): {"ladder", "leaderboard": [{"rank", "player",
 *   "rating", "mu", "sigma", "games", "wins", "skunks", "trend"}]},
 *   pretty-printed as lw_json_builder_to_text() lays JSON out, with a final
 *   newline; rating, mu, sigma and trend rounded to 4 decimals and written
 *   with exactly 4 ("24.4887", "0.0000").
 */
char *lw_leaderboard_to_json (GArray                     *rows,
                              const LwLeaderboardOptions *options);

/**
 * lw_leaderboard_to_text:
 * @rows: (element-type LwLeaderboardRow): lw_leaderboard_compute()
 *
 * Returns: (transfer full): one line per row,
 *   `RANK<TAB>PLAYER<TAB>RATING<TAB>GAMES<TAB>WINS<TAB>SKUNKS<TAB>TREND`,
 *   ratings with 2 decimals, the trend signed.
 */
char *lw_leaderboard_to_text (GArray *rows);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwRatingGames, lw_rating_games_free)

G_END_DECLS
