/* lw-bot-private.h — what the levels share inside the engine's bots:
 * Normal's judgements, Hard's candidate plays and the round's value for a
 * seat by the scoring engine, used by Expert (lw-bot-expert.c) and its
 * search (lw-bot-search.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-bot.h"
#include "lw-record.h"

G_BEGIN_DECLS

/**
 * LwBotCandidate:
 * @action: a legal action for the seat to act
 * @total: the sum of its values over the deals it was tried on
 */
typedef struct {
  LwAction action;
  double   total;
} LwBotCandidate;

/** lw_bot_side_of: Returns: the side of @seat (its team, or itself). */
static inline int
lw_bot_side_of (const int *team_of,
                int        seat)
{
  return team_of != NULL ? team_of[seat] : seat;
}

/**
 * lw_bot_candidates:
 * @obs: the seat's observation in %LW_PHASE_PLAY
 * @rules: (nullable): house rules
 * @team_of: (nullable): sides in partners play
 * @max: the most plays, ≥ 1
 * @rng: random numbers (only read: Normal's choice is made on a copy)
 * @cands: (element-type LwBotCandidate): receives the plays, Normal's
 *   choice first, then by Normal's preferences; no two with the same faces
 *
 * The plays Hard and Expert compare.
 */
void lw_bot_candidates (const LwObservation *obs,
                        const LwHouseRules  *rules,
                        const int           *team_of,
                        guint                max,
                        LwRng               *rng,
                        GArray              *cands);

/**
 * lw_bot_add_candidate:
 * @cands: (element-type LwBotCandidate): the candidates so far
 * @max: the most candidates
 * @play: a legal play of @seat
 * @seat: the seat
 *
 * Appends @play unless @cands is full or holds a play of the same faces.
 */
void lw_bot_add_candidate (GArray       *cands,
                           guint         max,
                           const LwPlay *play,
                           int           seat);

/**
 * lw_bot_normal_declares:
 * @obs: an observation in %LW_PHASE_BID, or any with @obs->hand the seat's
 *   hand as dealt (for an inference about a seat that declined)
 *
 * Returns: whether Normal Declares with this hand.
 */
gboolean lw_bot_normal_declares (const LwObservation *obs);

/**
 * lw_bot_keep_value:
 * @hand: (array length=n): a declaring Dealer's cards with the Pups
 * @n: how many
 * @i: a position in @hand
 * @trump: the trump suit or %LW_NO_TRUMP
 *
 * Returns: Normal's value of keeping @hand[@i] in the exchange (trumps and
 *   Den cards highest; then rank, Pairs and long suits).
 */
int lw_bot_keep_value (const LwCard *hand,
                       guint         n,
                       guint         i,
                       LwSuit        trump);

/**
 * lw_bot_scoring_record:
 * @n_players: 2–8
 * @dealer: the round's Dealer
 * @team_of: (nullable): sides in partners play
 *
 * Returns: (transfer full): an empty game record for lw_bot_round_value().
 */
LwGameRecord *lw_bot_scoring_record (guint      n_players,
                                     int        dealer,
                                     const int *team_of);

/**
 * lw_bot_round_value:
 * @finished: a table in %LW_PHASE_END
 * @seat: the seat whose side is valued
 * @team_of: (nullable): sides in partners play
 * @record: from lw_bot_scoring_record(); its rounds are replaced
 *
 * The round's value for @seat's side by the scoring engine
 * (lw_standings_compute() on lw_table_round_facts(), so the Pack rule and
 * every award are the engine's): its points minus the best other side's,
 * plus 0.002 per card of margin (fewer cards when no one Declared).
 *
 * Returns: the value, in points.
 */
double lw_bot_round_value (const LwTable *finished,
                           int            seat,
                           const int     *team_of,
                           LwGameRecord  *record);

/**
 * lw_bot_play_out_normal:
 * @table: a table, played to its end in place
 * @team_of: (nullable): sides in partners play
 * @rng: random numbers for the seats
 *
 * Plays @table to the end of the round with Normal in every seat (Hard's
 * playouts).
 */
void lw_bot_play_out_normal (LwTable   *table,
                             const int *team_of,
                             LwRng     *rng);

/**
 * lw_bot_choose_expert:
 * @table: the table (only read)
 * @obs: lw_table_observe() of the seat to act
 * @team_of: (nullable): sides in partners play
 * @options: the resolved budget
 * @rng: random numbers
 * @action: (out caller-allocates): the action chosen
 *
 * Expert's choice in every phase (lw-bot-expert.c).
 */
void lw_bot_choose_expert (const LwTable       *table,
                           const LwObservation *obs,
                           const int           *team_of,
                           const LwBotOptions  *options,
                           LwRng               *rng,
                           LwAction            *action);

/**
 * lw_bot_expert_sample_deal:
 * @table: the table (only read: its house rules)
 * @obs: lw_table_observe() of the seat to act, in %LW_PHASE_PLAY
 * @team_of: (nullable): sides in partners play
 * @rng: random numbers
 * @hands: (out caller-allocates): a hand for every seat, as
 *   lw_bot_sample_deal() gives them
 *
 * One of the deals Expert's leads and follows are valued on:
 * lw_bot_sample_deal() weighed by the inference from the bids (a seat that
 * declined holds a hand Normal declines) and from the cards a seat chose
 * (one that played last to a Single and let it go to another side, the
 * Declarer's side on one end, held no legal card that would have won it).
 * The inference only weighs: a deal is always given, the one that
 * contradicts least of a few.
 */
void lw_bot_expert_sample_deal (const LwTable       *table,
                                const LwObservation *obs,
                                const int           *team_of,
                                LwRng               *rng,
                                LwCard               hands[][LW_MAX_HAND]);

/**
 * LwBotSearch:
 *
 * A trick-by-trick search of a round's end with a transposition table
 * (lw-bot-search.c).
 */
typedef struct _LwBotSearch LwBotSearch;

/**
 * lw_bot_search_new:
 * @seat: the seat whose side maximises (the others minimise)
 * @team_of: (nullable): sides in partners play
 * @record: from lw_bot_scoring_record(), borrowed
 *
 * Returns: (transfer full): a search with an empty transposition table;
 *   lw_bot_search_reset() before the first solve.
 */
LwBotSearch *lw_bot_search_new (int           seat,
                                const int    *team_of,
                                LwGameRecord *record);

/**
 * lw_bot_search_reset:
 * @search: a search
 * @root: the table every following solve starts from or after (a sampled
 *   deal before the candidate plays): the Den cards won in its finished
 *   tricks are the same in every position searched
 *
 * Empties the transposition table, for another deal.
 */
void lw_bot_search_reset (LwBotSearch   *search,
                          const LwTable *root);

/**
 * lw_bot_search_solve:
 * @search: a search
 * @table: a table in %LW_PHASE_PLAY or %LW_PHASE_END (every hand known)
 *   that follows from the table given to lw_bot_search_reset()
 * @max_nodes: the most positions it may visit, ≥ 1
 * @value: (out): the round's value for the seat's side
 *   (lw_bot_round_value()) with every seat playing its best, the seat's
 *   side against all the others
 *
 * Alpha-beta over every legal lead and follow to the end of the round.
 *
 * Returns: %TRUE when solved within @max_nodes (@value is then exact);
 *   %FALSE when the budget ran out (@value is not set).
 */
gboolean lw_bot_search_solve (LwBotSearch   *search,
                              const LwTable *table,
                              guint          max_nodes,
                              double        *value);

/** lw_bot_search_get_nodes: Returns: positions visited since created. */
guint64 lw_bot_search_get_nodes (const LwBotSearch *search);

/** lw_bot_search_free: @search: (nullable): a search */
void lw_bot_search_free (LwBotSearch *search);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwBotSearch, lw_bot_search_free)

G_END_DECLS
