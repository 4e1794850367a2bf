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
 * @LW_BOT_EASY: a random legal play with simple sense: it Declares with
 *   four trumps (No Trump: three Den cards), discards its lowest plain
 *   cards, leads at random without spending a Big Bear or Little Wolf as a
 *   wildcard, and never spends a trump, Big Bear or Little Wolf on a trick
 *   it cannot win (it then follows with its cheapest cards)
 * @LW_BOT_NORMAL: hand-written heuristics: Declares when the hand's
 *   strength against the revealed trump (trumps, Den cards, long suits,
 *   high cards) reaches what a Pack needs at this table; as the declaring
 *   Dealer keeps trumps and Den cards and voids its short suits; leads its
 *   strongest groups and Runs first and trumps to draw trumps; wins a trick
 *   with its cheapest winning play, else sheds its cheapest cards; leaves a
 *   winning partner alone; when no one Declared, it tries to take few cards
 * @LW_BOT_HARD: Monte Carlo: for each lead or follow it samples the hidden
 *   hands consistently with what its seat has seen (lw_bot_sample_deal()),
 *   plays each candidate out to the end of the round with Normal seats and
 *   keeps the one with the best average round score for its side (the
 *   scoring engine on the round's facts); Declares and discards as Normal.
 *   Its budget is in #LwBotOptions.
 *
 * @LW_BOT_EXPERT: Perfect-Information Monte Carlo with a search: for every
 *   decision (Declare or Decline, the four discards, each lead and follow)
 *   it samples the hidden hands from what its seat has seen, with
 *   inference (the voids and Poaching ranks of Hard's sampler, and the
 *   seats that declined, whose hands as dealt must be ones Normal would
 *   decline with), and values each candidate on each deal: once the hands
 *   are small, by an alpha-beta search of every lead and follow to the end
 *   of the round with a transposition table (its side against the others),
 *   before that by a playout with Normal seats; the value is the round's
 *   points by the scoring engine (so the Pack counts only the declarer's
 *   own cards, SCORING), its side's against the best other side's, so that
 *   a partner's trick is its own. Its budget is #LwBotOptions' samples and
 *   search nodes.
 *
 * Every level is deterministic for a seed (Hard and Expert: unless a time
 * limit cuts their search short). Every level decides from lw_table_observe() of its own
 * seat only.
 */
typedef enum {
  LW_BOT_RANDOM,
  LW_BOT_EASY,
  LW_BOT_NORMAL,
  LW_BOT_HARD,
  LW_BOT_EXPERT,
} LwBotLevel;

/**
 * LwBotOptions:
 * @playouts: Hard: rounds played out per decision, shared among the
 *   candidate plays (each candidate is played out on the same sampled
 *   deals); 1..%LW_BOT_MAX_PLAYOUTS, default %LW_BOT_DEFAULT_PLAYOUTS
 *   (more is taken as the maximum)
 * @max_candidates: Hard: the most plays it compares (the others are
 *   dropped by Normal's preferences); 2..64, default 10
 * @time_limit_ms: Hard and Expert: stop sampling after this many
 *   milliseconds of wall time, 0 for no limit (the default; a limit makes
 *   the choice depend on the machine's speed). Expert stops at
 *   %LW_BOT_EXPERT_SAFETY_MS when no limit is set, a safety net that its
 *   default budget stays far below
 * @samples: Expert: sampled deals per decision, each valued for every
 *   candidate; 1..%LW_BOT_MAX_SAMPLES, default %LW_BOT_DEFAULT_SAMPLES
 * @search_nodes: Expert: the positions its end-of-round searches may visit
 *   per decision, all deals together; default
 *   %LW_BOT_DEFAULT_SEARCH_NODES. A deal whose search would go past it is
 *   valued by a playout instead
 *
 * The search budget of a Hard or Expert seat, counted in playouts, samples
 * and positions so that a seed gives the same move on every machine. Zero
 * fields mean the defaults.
 */
typedef struct {
  guint playouts;
  guint max_candidates;
  guint time_limit_ms;
  guint samples;
  guint search_nodes;
} LwBotOptions;

#define LW_BOT_DEFAULT_PLAYOUTS 160
/* The most playouts a Hard seat takes per decision: a move's time grows
 * in proportion, and this bounds a whole game by computer seats (8 Hard
 * seats at the maximum: about 9 minutes, 2 Hard seats: about 12 s). */
#define LW_BOT_MAX_PLAYOUTS 1000
#define LW_BOT_DEFAULT_SAMPLES 48
#define LW_BOT_MAX_SAMPLES 400
#define LW_BOT_DEFAULT_SEARCH_NODES 120000
#define LW_BOT_EXPERT_SAFETY_MS 5000

/**
 * lw_bot_level_from_string:
 * @name: "random", "easy", "normal", "hard" or "expert" (the names of
 *   lw-enum-names.c)
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
 *
 * Hard and Expert search with their default budgets (lw_bot_choose_full()
 * takes another).
 */
void lw_bot_choose (const LwTable *table,
                    LwBotLevel     level,
                    const int     *team_of,
                    LwRng         *rng,
                    LwAction      *action);

/**
 * lw_bot_choose_full:
 * @table: a table that is not at its end; only read (through
 *   lw_table_observe() of the seat to act), so a worker thread may use a
 *   copy of the table (lw_table_copy()) while the caller keeps the original
 * @level: how the seat plays
 * @team_of: (nullable) (array fixed-size=8): the side of each seat in
 *   partners play, or %NULL
 * @options: (nullable): Hard's budget (%NULL: the defaults)
 * @rng: the seat's random numbers; every choice comes from it, so the same
 *   state and the same @rng give the same action
 * @action: (out caller-allocates): a legal action for the seat to act
 *
 * lw_bot_choose() with a budget for Hard. Uses no global mutable state:
 * safe to call from several threads at once on different tables and
 * generators.
 */
void lw_bot_choose_full (const LwTable      *table,
                         LwBotLevel          level,
                         const int          *team_of,
                         const LwBotOptions *options,
                         LwRng              *rng,
                         LwAction           *action);

/**
 * lw_bot_sample_deal:
 * @obs: a seat's observation in %LW_PHASE_PLAY
 * @rng: random numbers
 * @hands: (out caller-allocates): a hand for every seat: @obs->hand for
 *   the observing seat, @obs->hand_sizes[s] cards for each other seat s
 *
 * Guesses the hidden hands from what @obs shows (Hard's sampling): the
 * cards not seen (not in the seat's hand, its own discards, a trick or the
 * current trick, nor the revealed Pup when it left play) are dealt at
 * random to the other seats, respecting each seat's known voids
 * (@obs->voids) and the ranks it failed to Poach (a Single of a suit it did
 * not follow, answered with a card of another rank: it holds no card of
 * that rank, T13; likewise a Den card of the lead's rank for a Den Single,
 * T14). When the Dealer Declared, the revealed Pup went to the Dealer's
 * hand and is placed there unless it has been played (a Dealer keeps its
 * trumps).
 *
 * Returns: %TRUE when every constraint is met; %FALSE when none of the
 *   tries met them all and some were relaxed (not expected from a real
 *   table).
 */
gboolean lw_bot_sample_deal (const LwObservation *obs,
                             LwRng               *rng,
                             LwCard               hands[][LW_MAX_HAND]);

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

/**
 * lw_bot_play_game_seats:
 * @n_players: 2–8
 * @partners: partners play, as for lw_bot_play_game()
 * @seed: the game's seed, as for lw_bot_play_game()
 * @levels: (array fixed-size=8): how each seat plays, @n_players of them
 * @options: (nullable): Hard's budget
 * @max_rounds: stop with an error after this many rounds
 * @error: return location for a #GError
 *
 * lw_bot_play_game() with a level per seat. Errors as lw_bot_play_game().
 *
 * Returns: (transfer full) (nullable): the game record.
 */
LwGameRecord *lw_bot_play_game_seats (guint               n_players,
                                      gboolean            partners,
                                      guint64             seed,
                                      const LwBotLevel   *levels,
                                      const LwBotOptions *options,
                                      guint               max_rounds,
                                      GError            **error);

/**
 * lw_bot_play_game_rules:
 * @n_players: 2–8
 * @partners: partners play, as for lw_bot_play_game()
 * @seed: the game's seed, as for lw_bot_play_game()
 * @levels: (array fixed-size=8): how each seat plays, @n_players of them
 * @options: (nullable): Hard's budget
 * @run_fill: where a leader's Little Wolf may fill a Run (TRICKS T9)
 * @over_trump: which trumps an all-trump play must beat (TRICKS T22)
 * @max_rounds: stop with an error after this many rounds
 * @error: return location for a #GError
 *
 * lw_bot_play_game_seats() with house rules: every round is played by
 * them (lw_game_record_house_rules()), and the record names them in its
 * `rules` (docs/rules/GAME-RECORD.md). With the defaults it is
 * lw_bot_play_game_seats(), the same game for the same seed. Errors as
 * lw_bot_play_game().
 *
 * Returns: (transfer full) (nullable): the game record.
 */
LwGameRecord *lw_bot_play_game_rules (guint               n_players,
                                      gboolean            partners,
                                      guint64             seed,
                                      const LwBotLevel   *levels,
                                      const LwBotOptions *options,
                                      LwRunFill           run_fill,
                                      LwOverTrump         over_trump,
                                      guint               max_rounds,
                                      GError            **error);

#define LW_DUEL_HIST_MS 5000

/**
 * LwDuelResult:
 * @games: games played
 * @wins_a: games won by A's side
 * @wins_b: games won by B's side
 * @rate_a: @wins_a / @games
 * @low: the lower end of the 95% Wilson interval of A's win rate
 * @high: its upper end
 * @fair_share: A's win rate if A and B played equally well (1 / sides)
 * @moves: per level (A, B), the leads and follows it chose
 * @move_usec_total: per level (A, B), the wall time of those choices, µs
 * @move_usec_max: per level (A, B), the longest one, µs
 * @decision_ms: per level (A, B), how many of its decisions (bids and
 *   discards as well as leads and follows) took k ms, rounded down, at
 *   index k < %LW_DUEL_HIST_MS; the last index counts the longer ones
 * @decision_usec_max: per level (A, B), its longest decision, µs
 * @decision_cpu_ms: as @decision_ms, in the CPU time of the thread that
 *   chose (CLOCK_THREAD_CPUTIME_ID): the fair figure on a loaded machine,
 *   where wall time also counts the other processes
 * @decision_cpu_usec_max: per level (A, B), its longest decision in CPU
 *   time, µs
 */
typedef struct {
  guint  games;
  guint  wins_a;
  guint  wins_b;
  double rate_a;
  double low;
  double high;
  double fair_share;
  guint  moves[2];
  gint64 move_usec_total[2];
  gint64 move_usec_max[2];
  guint  decision_ms[2][LW_DUEL_HIST_MS + 1];
  gint64 decision_usec_max[2];
  guint  decision_cpu_ms[2][LW_DUEL_HIST_MS + 1];
  gint64 decision_cpu_usec_max[2];
} LwDuelResult;

/**
 * LwDuelGameFunc:
 * @game: the game's index in the duel (from #LwDuelSetup's @first_game)
 * @outcome: 1 when A's side won it, -1 when B's did, 0 for neither
 * @so_far: the duel's figures with this game counted
 * @data: the setup's @data
 *
 * Called after each game of lw_bot_duel_play().
 */
typedef void (*LwDuelGameFunc) (guint               game,
                                int                 outcome,
                                const LwDuelResult *so_far,
                                gpointer            data);

/**
 * LwDuelSetup:
 * @a: level A, the first seat of A's side
 * @a_partner: in partners play the other seat of A's side (@a for a side
 *   of one level)
 * @b: level B, every seat of the other sides
 * @n_players: 2–8
 * @partners: partners play (4, 6 or 8 players)
 * @first_game: the index of the first game played, 0..1000000: game g is
 *   the same game whatever the range it is played in, so that ranges
 *   played apart (shards of one duel) add up to the whole duel exactly
 * @games: how many, 1..1000000
 * @seed: the duel's seed
 * @options: (nullable): Hard's and Expert's budget
 * @on_game: (nullable): called after each game
 * @data: for @on_game
 *
 * A duel for lw_bot_duel_play().
 */
typedef struct {
  LwBotLevel          a;
  LwBotLevel          a_partner;
  LwBotLevel          b;
  guint               n_players;
  gboolean            partners;
  guint               first_game;
  guint               games;
  guint64             seed;
  const LwBotOptions *options;
  LwDuelGameFunc      on_game;
  gpointer            data;
} LwDuelSetup;

/**
 * lw_bot_duel_play:
 * @setup: the duel
 * @result: (out caller-allocates): the figures of the games played
 * @error: return location for a #GError
 *
 * Plays games @setup->first_game to @setup->first_game + @setup->games − 1
 * of the duel lw_bot_duel() describes (or, with @setup->a_partner, one
 * whose A side has two levels), seat rotation and seeds as there (game g:
 * A's side is g mod the number of sides, dealt from lw_seed_mix(@seed,
 * g / sides)). Errors as lw_bot_duel().
 *
 * Returns: %TRUE when every game was played.
 */
gboolean lw_bot_duel_play (const LwDuelSetup *setup,
                           LwDuelResult      *result,
                           GError           **error);

/**
 * lw_bot_duel:
 * @a: level A
 * @b: level B
 * @n_players: 2–8
 * @partners: partners play (4, 6 or 8 players): A takes one side, B the
 *   others
 * @games: 1..1000000
 * @seed: the duel's seed
 * @options: (nullable): Hard's budget
 * @result: (out caller-allocates): the figures
 * @error: return location for a #GError
 *
 * Plays @games whole games between computer seats: A holds one seat (in
 * partners play, one side) and B the others. Seats rotate from game to
 * game, and each rotation deals the same seeds (game g is dealt from
 * lw_seed_mix(@seed, g / rotation)), so that A and B are dealt the same
 * cards. The interval is Wilson's score interval at z = 1.96.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a bad setup or a game that does not
 * end.
 *
 * Returns: %TRUE when every game was played.
 */
gboolean lw_bot_duel (LwBotLevel          a,
                      LwBotLevel          b,
                      guint               n_players,
                      gboolean            partners,
                      guint               games,
                      guint64             seed,
                      const LwBotOptions *options,
                      LwDuelResult       *result,
                      GError            **error);

/**
 * lw_bot_duel_percentile:
 * @result: a duel's figures
 * @slot: 0 for level A, 1 for level B
 * @p: the share of decisions, 0..1 (0.5 the median, 0.99 the 99th
 *   percentile)
 *
 * Returns: the time within which a share @p of the level's decisions were
 *   made, in whole ms (from @result->decision_ms, so rounded down to the
 *   ms; %LW_DUEL_HIST_MS for longer); 0 when it made none.
 */
guint lw_bot_duel_percentile (const LwDuelResult *result,
                              guint               slot,
                              double              p);

/**
 * lw_duel_hist_percentile:
 * @hist: (array fixed-size=5001): a histogram of decision times as
 *   #LwDuelResult keeps them (@decision_ms or @decision_cpu_ms of a slot)
 * @p: the share of decisions, 0..1
 *
 * Returns: the time within which a share @p of the decisions counted in
 *   @hist were made, in whole ms; 0 when it counts none.
 */
guint lw_duel_hist_percentile (const guint *hist,
                               double       p);

/**
 * lw_wilson_interval:
 * @wins: successes
 * @n: trials, ≥ 1
 * @z: the normal quantile (1.96 for 95%)
 * @low: (out): the lower end, 0..1
 * @high: (out): the upper end, 0..1
 *
 * Wilson's score interval of a binomial proportion (Wilson, 1927).
 */
void lw_wilson_interval (guint   wins,
                         guint   n,
                         double  z,
                         double *low,
                         double *high);

/**
 * LwBotJob:
 *
 * A computer seat's move to be chosen away from the table, in a worker
 * thread: the app's table and the remote table run it in a GTask so that
 * a Hard seat's search does not hold up their main loop.
 */
typedef struct _LwBotJob LwBotJob;

/**
 * lw_bot_job_new:
 * @table: a table that is not at its end (copied: the job owns its copy)
 * @level: how the seat to act plays
 * @team_of: (nullable) (array): the side of each seat (partners), or %NULL
 * @seed: the choice's seed (lw_table_seats_move_seed(): the same round,
 *   log and seat always give the same move)
 *
 * Returns: (transfer full): the job, for lw_bot_job_run().
 */
LwBotJob *lw_bot_job_new (const LwTable *table,
                          LwBotLevel     level,
                          const int     *team_of,
                          guint64        seed);

/**
 * lw_bot_job_run:
 * @job: a job
 *
 * Chooses the move (lw_bot_choose()); in any one thread at a time.
 */
void lw_bot_job_run (LwBotJob *job);

/**
 * lw_bot_job_get_action:
 * @job: a job that has run
 *
 * Returns: (transfer none): the move chosen, legal for the job's table.
 */
const LwAction *lw_bot_job_get_action (const LwBotJob *job);

/**
 * lw_bot_job_free:
 * @job: (nullable): a job
 */
void lw_bot_job_free (LwBotJob *job);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwBotJob, lw_bot_job_free)

G_END_DECLS
