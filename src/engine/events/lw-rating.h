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

#include "lw-event.h"
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
 * @tau: the dynamics factor (default 25/300, OpenSkill's): before each
 *   game every player's sigma becomes sqrt (sigma² + tau²), so that sigma
 *   never freezes and a ladder keeps moving over the years; 0 turns it off
 * @limit_sigma: OpenSkill's `limitSigma` (default %FALSE): a game never
 *   leaves a player's sigma above what it was before the game (before
 *   @tau was added); only has an effect when @tau > 0
 */
typedef struct {
  double   mu;
  double   sigma;
  double   beta;
  double   kappa;
  double   tau;
  gboolean limit_sigma;
} LwRatingModel;

/* The most players one game rates: 8 seats and the substitutes who
 * played part of them (LwRatedGame.subs). */
#define LW_RATING_MAX_PLAYERS 24

/* A player is provisional while rated in fewer games than this
 * (docs/EVENTS.md, "Provisional ratings"). */
#define LW_RATING_PROVISIONAL_GAMES 5

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
 *   (mu 25, sigma 25/3, beta 25/6, kappa 0.0001, tau 25/300, limit_sigma
 *   off: OpenSkill's defaults)
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
 * lw_rating_rate_weighted:
 * @model: the model
 * @n_teams: the game's sides, 2–8
 * @team_sizes: (array length=n_teams): players per side, each ≥ 1; at most
 *   %LW_RATING_MAX_PLAYERS players in all
 * @ranks: (array length=n_teams): each side's finishing place, 0 the
 *   winner; equal places are a tie
 * @weights: (array) (nullable): each player's weight, in 0–1 (the share
 *   of the game's rounds they played in their seat; the weights of one
 *   seat's players sum to 1); %NULL for 1 each
 * @ratings: (inout) (array): the players' ratings side by side, updated
 *   in place
 *
 * One game's update as OpenSkill's rate() makes it with the Plackett-Luce
 * model: first each sigma becomes sqrt (sigma² + tau²) (@model's tau),
 * then the update of lw_rating_rate()'s formula, in which a player's
 * weight w_j scales what they bring to the side and what they take from
 * it: mu_i = Σ_j w_j mu_j, sigma²_i = Σ_j w_j sigma²_j,
 * mu_j += w_j sigma²_j / sigma²_i · Ω_i and
 * sigma_j *= sqrt (max (1 − w_j sigma²_j / sigma²_i · Δ_i, kappa)); a
 * weight of 0 leaves the player as they were. With every weight 1 this is
 * OpenSkill's update exactly. Last, with @model's limit_sigma, no sigma
 * ends above its value before the game (docs/EVENTS.md, "Ratings").
 */
void lw_rating_rate_weighted (const LwRatingModel *model,
                              guint                n_teams,
                              const guint         *team_sizes,
                              const guint         *ranks,
                              const double        *weights,
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
 * LwRatedSub:
 * @seat: the seat, 0 … n_players − 1
 * @player: a player who sat there before its current player, an index of
 *   lw_rating_games_intern()
 * @weight: the share of the game's rounds they played in the seat, 0–1
 *
 * One earlier player of a seat that changed hands (a substitute).
 */
typedef struct {
  guint  seat;
  guint  player;
  double weight;
} LwRatedSub;

/* The most earlier players of seats in one rated game. */
#define LW_RATED_MAX_SUBS (LW_RATING_MAX_PLAYERS - LW_MAX_SEATS)

/**
 * LwRatedGame:
 * @id: the stored game's ID, or for a result entered from paper minus the
 *   event table's ID (so that an event's filter can name it); never
 *   orders the games (a database's row IDs differ from another's)
 * @key: (nullable): the game's stable key, which orders games played in
 *   the same second, byte for byte: a game record's `id` (docs/rules/GAME-RECORD.md
 *   "Identity"), a paper result's lw_rating_paper_key(); %NULL reads as
 *   "". lw_rating_games_add() keeps a copy (the set owns it)
 * @time: when it was played (seconds since 1970, UTC): orders the games
 * @n_players: 2–8
 * @players: each seat's player, an index of lw_rating_games_intern()
 * @n_teams: 0 for solo play, else the sides (SCORING R2)
 * @side_of: each seat's side when @n_teams > 0
 * @scores: each side's final score
 * @skunk: the winner won a skunk (SCORING R23)
 * @n_subs: the earlier players of seats that changed hands, 0 when none
 * @subs: them; a seat's current player (@players) has the weight that
 *   is left (1 − its earlier players' weights)
 *
 * A finished game, or a result entered from paper, as the ratings see it.
 */
typedef struct {
  gint64      id;
  const char *key;
  gint64      time;
  guint       n_players;
  guint       players[LW_MAX_SEATS];
  guint       n_teams;
  int         side_of[LW_MAX_SEATS];
  int         scores[LW_MAX_SEATS];
  gboolean    skunk;
  guint       n_subs;
  LwRatedSub  subs[LW_RATED_MAX_SUBS];
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
 * lw_rating_games_set_computer:
 * @games: a set of games
 * @name: a player's name: one who sat at a computer seat of a virtual
 *   table ("Computer 2", one name for every level)
 *
 * Marks @name as a computer seat, which is no player: it is left out of
 * every game's rating by lw_leaderboard_compute() (the game rated among
 * its people alone, their sides numbered again; unrated when fewer than
 * two sides keep a person), so that it is never on the leaderboard and
 * its games move the people's ratings as a game among them would.
 */
void lw_rating_games_set_computer (LwRatingGames *games,
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
 * @record: the game; its `id` (@record->id, nullable) is the rated game's
 *   key (LwRatedGame.key)
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
 * lw_rating_games_add_paper:
 * @games: a set of games
 * @event: an event
 * @round: 1-based round number
 * @table: 1-based table number in the round
 * @table_id: the stored event table's ID, > 0
 * @created: when the event was created (seconds since 1970, UTC), part of
 *   its key (lw_rating_paper_key())
 * @time: when the round was played (seconds since 1970, UTC)
 *
 * Adds a table's result entered from paper (a final board without rounds)
 * as a rated game: its sides placed by their final scores as a game's
 * are, the skunk as lw_event_set_paper_result() found it; its ID is
 * −@table_id, its key lw_rating_paper_key(). A table without a result, or
 * whose result is a stored game (rated as that game), is left out.
 *
 * Returns: %TRUE when the result was added.
 */
gboolean lw_rating_games_add_paper (LwRatingGames *games,
                                    const LwEvent *event,
                                    guint          round,
                                    guint          table,
                                    gint64         table_id,
                                    gint64         created,
                                    gint64         time);

/**
 * lw_rating_paper_key:
 * @event: an event
 * @created: when it was created (seconds since 1970, UTC)
 * @round: 1-based round number
 * @table: 1-based table number in the round
 *
 * The stable key of a table's result entered from paper (LwRatedGame.key),
 * made of the event's identity (events carry no ID of their own outside
 * a database: its creation second, its seed and its name), the round and
 * the table, never of a database's row IDs: "paper/" then @created (12
 * digits), the seed (20 digits), @round and @table (6 digits each), each
 * followed by "/", then the name. Fixed widths order them as numbers,
 * byte for byte, and "paper/" sorts after every game record's UUID (hex
 * digits), so at the same second games are rated before paper results.
 *
 * Returns: (transfer full): the key.
 */
char *lw_rating_paper_key (const LwEvent *event,
                           gint64         created,
                           guint          round,
                           guint          table);

/**
 * lw_rating_games_add_sub:
 * @games: a set of games
 * @id: a game's ID, as added last (lw_rating_games_add(),
 *   lw_rating_games_add_record())
 * @seat: one of its seats
 * @name: a player who played the seat before its current player
 * @weight: the share of the game's rounds they played there, 0–1
 *
 * Rates a substitute's part of the last game added (docs/EVENTS.md,
 * "Substitutes"). Ignored when the last game added is not @id, when the
 * player plays another seat of the game, or when the game has
 * %LW_RATED_MAX_SUBS earlier players already.
 *
 * Returns: %TRUE when added.
 */
gboolean lw_rating_games_add_sub (LwRatingGames *games,
                                  gint64         id,
                                  guint          seat,
                                  const char    *name,
                                  double         weight);

/**
 * lw_rating_game_order:
 * @a: a rated game
 * @b: another
 *
 * The order in which games are rated, so that every database holding the
 * same games rates them alike (docs/EVENTS.md, "Ratings"): by played-at
 * time, then by key (LwRatedGame.key: the record's `id`, a paper result's
 * lw_rating_paper_key()), byte for byte; never by a database's row IDs.
 *
 * Returns: < 0, 0 or > 0 as @a is rated before, with or after @b.
 */
int lw_rating_game_order (const LwRatedGame *a,
                          const LwRatedGame *b);

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
 * lw_leaderboard_parse_day:
 * @text: (nullable): a day as YYYY-MM-DD, exactly ten characters, e.g.
 *   "2026-03-01"
 * @time: (out): where to put the day's midnight UTC, in seconds since 1970
 *
 * Reads a bound of a leaderboard's period (#LwLeaderboardOptions's @from
 * and @to), as the leaderboard's Dates and `ratings --from/--to` take it.
 * @time is left alone when @text is not such a day (%NULL, another
 * length or form, or a date that does not exist, such as 2026-02-30).
 *
 * Returns: whether @text is a day
 */
gboolean lw_leaderboard_parse_day (const char *text,
                                   gint64     *time);

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
 * @rated: the games that rated the player (the ladder's games up to the
 *   end of the period, the filter aside)
 * @provisional: @rated < %LW_RATING_PROVISIONAL_GAMES: the rating is not
 *   yet established; such rows come after the established ones
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
  guint       rated;
  gboolean    provisional;
} LwLeaderboardRow;

/**
 * lw_leaderboard_compute:
 * @games: the games
 * @options: what to count
 *
 * Rates every game of the ladder up to the period's end in the order of
 * lw_rating_game_order() with lw_rating_rate_weighted() (each side's
 * place by its final score, equal scores tied; a substitute by their
 * share of the seat's rounds) and lists the players with at least one
 * counted game: the established ones first, then the provisional ones
 * (fewer than %LW_RATING_PROVISIONAL_GAMES rated games), each group best
 * rating first; equal ratings by name in the order of the user's locale
 * (g_utf8_collate_key()), then byte for byte. Ranks run on through both
 * groups. Every player who played in a seat counts the game, and its win
 * when the seat won.
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
 *   "rating", "mu", "sigma", "games", "wins", "skunks", "trend", "rated",
 *   "provisional"}]},
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
 *   `RANK<TAB>PLAYER<TAB>RATING<TAB>GAMES<TAB>WINS<TAB>SKUNKS<TAB>TREND<TAB>SIGMA<TAB>STATUS`,
 *   ratings and sigma with 2 decimals, the trend signed, STATUS
 *   `provisional` or `established`.
 */
char *lw_leaderboard_to_text (GArray *rows);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwRatingGames, lw_rating_games_free)

G_END_DECLS
