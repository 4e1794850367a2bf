/* lw-table.h — the virtual table: one round of Little Wolf as a state
 * machine (TRICKS §2), what each seat may see, and the action log
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-cards.h"
#include "lw-play.h"
#include "lw-record.h"

G_BEGIN_DECLS

/**
 * LwPhase:
 * @LW_PHASE_BID: Declare or Decline, from the Dealer clockwise (§2.4)
 * @LW_PHASE_EXCHANGE: the declaring Dealer discards four cards (§2.5, T3)
 * @LW_PHASE_PLAY: tricks: the Leader leads, the others follow (§2.6)
 * @LW_PHASE_END: the hands are empty (§2.7)
 *
 * CUT is the game's business (the first dealer is given); DEAL and REVEAL
 * happen in lw_table_new().
 */
typedef enum {
  LW_PHASE_BID,
  LW_PHASE_EXCHANGE,
  LW_PHASE_PLAY,
  LW_PHASE_END,
} LwPhase;

/**
 * LwActionKind:
 * @LW_ACTION_DECLARE: accept the revealed trump (or No Trump, T2)
 * @LW_ACTION_DECLINE: pass the chance to Declare on
 * @LW_ACTION_DISCARD: the declaring Dealer's four discards
 * @LW_ACTION_PLAY: a lead or a follow
 */
typedef enum {
  LW_ACTION_DECLARE,
  LW_ACTION_DECLINE,
  LW_ACTION_DISCARD,
  LW_ACTION_PLAY,
} LwActionKind;

/**
 * LwAction:
 * @kind: what is done
 * @seat: who does it, 0..n_players-1
 * @play: the cards of a discard or a play (a lead's wildcards annotated)
 */
typedef struct {
  LwActionKind kind;
  int          seat;
  LwPlay       play;
} LwAction;

/**
 * LwTrick:
 * @leader: the seat that led
 * @n_plays: plays, one per seat, the lead first, clockwise
 * @plays: the plays
 * @winner: the seat that took the trick (TRICKS §5)
 */
typedef struct {
  int    leader;
  guint  n_plays;
  LwPlay plays[LW_MAX_SEATS];
  int    winner;
} LwTrick;

typedef struct _LwTable LwTable;

/**
 * lw_table_new:
 * @n_players: 2–8 (SCORING R1)
 * @dealer: the Dealer's seat
 * @seed: the shuffle's seed
 * @rules: (nullable): house rules (%NULL: the rulings)
 *
 * Shuffles one deck (2–4 players) or two (5–8) with lw_deck_shuffled(),
 * deals the hands one card at a time clockwise from the Dealer's left, then
 * the four Pups, and turns the top Pup (TRICKS §2.2–§2.3): a Den card
 * means No Trump (T2). The round starts in %LW_PHASE_BID, the Dealer to
 * speak.
 *
 * Returns: (transfer full): the table. Free with lw_table_free().
 */
LwTable *lw_table_new (guint               n_players,
                       int                 dealer,
                       guint64             seed,
                       const LwHouseRules *rules);

/** lw_table_copy: Returns: (transfer full): a copy of @table, log included. */
LwTable *lw_table_copy (const LwTable *table);

/** lw_table_free: @table: (nullable): a table */
void lw_table_free (LwTable *table);

/** lw_table_get_phase: Returns: where the round is. */
LwPhase lw_table_get_phase (const LwTable *table);

/** lw_table_get_turn: Returns: the seat to act, %LW_NO_SEAT at the end. */
int lw_table_get_turn (const LwTable *table);

/** lw_table_get_n_players: Returns: 2–8. */
guint lw_table_get_n_players (const LwTable *table);

/** lw_table_get_dealer: Returns: the Dealer's seat. */
int lw_table_get_dealer (const LwTable *table);

/** lw_table_get_trump: Returns: the trump suit or %LW_NO_TRUMP. */
LwSuit lw_table_get_trump (const LwTable *table);

/** lw_table_get_revealed: Returns: the turned Pup (public, §2.3). */
LwCard lw_table_get_revealed (const LwTable *table);

/**
 * lw_table_get_pups:
 * @table: a table
 * @pups: (out caller-allocates) (array fixed-size=4): the four Pups in deal
 *   order, the first the one turned up (TRICKS §2.2–§2.3), as dealt
 *   (a duplicate board's sheet shows them: DUPLICATE D1, D3)
 */
void lw_table_get_pups (const LwTable *table,
                        LwCard        *pups);

/** lw_table_get_declarer: Returns: the Declarer, or %LW_NO_SEAT. */
int lw_table_get_declarer (const LwTable *table);

/**
 * lw_table_get_rules:
 * @table: a table
 *
 * Returns: (transfer none): the house rules the round is played with.
 */
const LwHouseRules *lw_table_get_rules (const LwTable *table);

/**
 * lw_table_get_winning_seat:
 * @table: a table
 *
 * Who is winning the trick under way so far: the lead, or the play that
 * beats it and every play before (TRICKS §5), under the round's house
 * rules (lw_table_get_rules(): with T22's whole-trick over-trumping an
 * all-trump play must outrank every trump in the trick, not only the
 * winning play's). The same judgement closes the trick when its last
 * play is made.
 *
 * Returns: the seat, or %LW_NO_SEAT when no trick is under way (no lead
 *   yet, or outside the play).
 */
int lw_table_get_winning_seat (const LwTable *table);

/**
 * lw_table_get_hand:
 * @table: a table
 * @seat: a seat
 * @n: (out): how many cards
 *
 * Returns: (transfer none) (array length=n): @seat's cards, sorted.
 */
const LwCard *lw_table_get_hand (const LwTable *table,
                                 int            seat,
                                 guint         *n);

/**
 * lw_table_get_lead:
 * @table: a table
 *
 * Returns: (transfer none) (nullable): the current trick's lead, or %NULL
 *   when the next play is a lead.
 */
const LwLead *lw_table_get_lead (const LwTable *table);

/**
 * lw_table_get_current:
 * @table: a table
 * @n: (out): plays made in the current trick, the lead first
 *
 * Returns: (transfer none) (array length=n): those plays.
 */
const LwPlay *lw_table_get_current (const LwTable *table,
                                    guint         *n);

/**
 * lw_table_get_tricks:
 * @table: a table
 *
 * Returns: (transfer none) (element-type LwTrick): the finished tricks.
 */
const GArray *lw_table_get_tricks (const LwTable *table);

/**
 * lw_table_get_taken:
 * @table: a table
 * @seat: a seat
 *
 * Returns: the cards @seat has won in tricks so far (SCORING R5).
 */
guint lw_table_get_taken (const LwTable *table,
                          int            seat);

/**
 * lw_table_get_log:
 * @table: a table
 *
 * Returns: (transfer none) (element-type LwAction): every action applied,
 *   in order.
 */
const GArray *lw_table_get_log (const LwTable *table);

/**
 * lw_table_apply:
 * @table: a table
 * @action: the action
 * @error: return location for a #GError
 *
 * Applies one action when it is @action->seat's turn and the rules allow
 * it: Declare/Decline in %LW_PHASE_BID (§2.4), exactly four discards from
 * the Dealer's Hand+4 in %LW_PHASE_EXCHANGE (T3), a legal lead (§3) or
 * follow (§4) in %LW_PHASE_PLAY. A card named twice in two-deck play is
 * taken as the lowest-numbered copy in the hand. After the last play of a
 * trick its winner (§5) takes the cards and leads next.
 *
 * Errors: %LW_ENGINE_ERROR_ILLEGAL_PLAY naming the rule ("it is seat 2's
 * turn", "must follow with a Pair: …"); the table is unchanged.
 *
 * Returns: %TRUE when applied.
 */
gboolean lw_table_apply (LwTable         *table,
                         const LwAction  *action,
                         GError         **error);

/**
 * lw_table_undo_floor:
 * @table: a table
 * @seat: the seat that would take its actions back, 0..n_players-1
 *
 * How far back an undo by @seat may go: an undo must never cross a step
 * that showed @seat cards dealt face down. The one such step is the
 * declaring Dealer's Declare, which puts the Pups in the Dealer's hand
 * (TRICKS §2.4): taking it back would let the Dealer look at the Pups and
 * then Decline, looking at face-down cards for free (SCORING R19). Cards
 * played face up are seen by every seat alike and are not counted.
 *
 * Returns: the fewest logged actions an undo by @seat must keep: one past
 *   that Declare when @seat made it, else 0.
 */
guint lw_table_undo_floor (const LwTable *table,
                           int            seat);

/**
 * lw_table_check_undo:
 * @table: a table
 * @seat: the seat that would take its actions back
 * @n_actions: how many logged actions the undo would keep, 0..log length
 * @error: return location for a #GError
 *
 * Whether going back to the first @n_actions actions keeps what @seat
 * has seen face down (lw_table_undo_floor(), SCORING R19).
 *
 * Errors: %LW_ENGINE_ERROR_ILLEGAL_PLAY ("seat 0 has seen the Pups (action
 * 1, Declare): an undo cannot take that back (SCORING R19)"), naming no
 * card.
 *
 * Returns: %TRUE when the undo may go there.
 */
gboolean lw_table_check_undo (const LwTable  *table,
                              int             seat,
                              guint           n_actions,
                              GError        **error);

/**
 * lw_table_legal_leads:
 * @table: a table whose next play is a lead
 * @out: (element-type LwPlay): receives the Leader's legal leads
 *   (lw_leads_enumerate())
 */
void lw_table_legal_leads (const LwTable *table,
                           GArray        *out);

/**
 * lw_table_legal_follows:
 * @table: a table whose next play is a follow
 * @out: (element-type guint32): receives the legal follows, as masks over
 *   lw_table_get_hand() of the seat to play (lw_follow_legal())
 *
 * Returns: the number of masks appended.
 */
guint lw_table_legal_follows (const LwTable *table,
                              GArray        *out);

/**
 * lw_table_round_facts:
 * @table: a table in %LW_PHASE_END
 * @team_of: (nullable) (array): the side of each seat in partners play, or
 *   %NULL for solo play
 * @round: (out caller-allocates): filled with the round's facts for the
 *   game record: declarer, cards won per seat, Den cards won per seat,
 *   all_but_last (the declarer's side won every trick but the final one,
 *   SCORING R11), the dealer as a check (docs/rules/GAME-RECORD.md)
 *
 * @round must come from lw_round_new(); its counts are overwritten.
 */
void lw_table_round_facts (const LwTable *table,
                           const int     *team_of,
                           LwRound       *round);

/**
 * LwObservation:
 * @seat: whose view this is
 * @n_players: players
 * @dealer: the Dealer
 * @phase: the phase
 * @turn: the seat to act
 * @revealed: the turned Pup
 * @trump: the trump suit or %LW_NO_TRUMP
 * @declarer: the Declarer or %LW_NO_SEAT
 * @n_hand: cards in @hand
 * @hand: the seat's own cards
 * @hand_sizes: every seat's number of cards (public)
 * @n_discards: 4 for the declaring Dealer after the exchange, else 0
 * @discards: the Dealer's own discards (only the Dealer saw them)
 * @has_lead: a trick is under way
 * @lead: its lead when @has_lead
 * @n_current: plays made in the current trick
 * @current: those plays
 * @tricks: (element-type LwTrick) (transfer none): the finished tricks,
 *   public; borrowed from the table
 * @taken: cards won per seat
 * @voids: per seat, what it is known not to hold: bit s (0..3) for a suit
 *   it failed to follow on a Single, %LW_VOID_TRUMPS for trumps, %LW_VOID_DENS
 *   for Den cards (No Trump)
 *
 * What one seat may know: for computer seats and for hot-seat play. The
 * other hands, the Pups (but the revealed one), other discards and the
 * undealt cards are never in it (§2.5).
 */
#define LW_VOID_TRUMPS (1u << 4)
#define LW_VOID_DENS   (1u << 5)

typedef struct {
  int            seat;
  guint          n_players;
  int            dealer;
  LwPhase        phase;
  int            turn;
  LwCard         revealed;
  LwSuit         trump;
  int            declarer;
  guint          n_hand;
  LwCard         hand[LW_MAX_HAND];
  guint          hand_sizes[LW_MAX_SEATS];
  guint          n_discards;
  LwCard         discards[4];
  gboolean       has_lead;
  LwLead         lead;
  guint          n_current;
  LwPlay         current[LW_MAX_SEATS];
  const GArray  *tricks;
  guint          taken[LW_MAX_SEATS];
  guint32        voids[LW_MAX_SEATS];
} LwObservation;

/**
 * lw_table_observe:
 * @table: a table
 * @seat: a seat
 * @obs: (out caller-allocates): what @seat may know now
 */
void lw_table_observe (const LwTable *table,
                       int            seat,
                       LwObservation *obs);

/**
 * lw_table_new_from_observation:
 * @obs: what one seat sees, in %LW_PHASE_PLAY
 * @hands: (array fixed-size=8): a hand for every seat; @hands[@obs->seat]
 *   must be @obs->hand, the others as many cards as @obs->hand_sizes says
 *   (a guess at the hidden hands, e.g. lw_bot_sample_deal())
 * @rules: (nullable): the round's house rules
 *
 * A table at the point @obs shows, with @hands as the hands: the finished
 * tricks, the current trick, the cards taken, the voids, the Declarer and
 * the trump as seen. For playing a round out from a guessed deal (a
 * computer seat's look-ahead); its log starts empty and its seed is 0, so
 * it is not a saved round.
 *
 * Returns: (transfer full): the table. Free with lw_table_free().
 */
LwTable *lw_table_new_from_observation (const LwObservation *obs,
                                        const LwCard         hands[][LW_MAX_HAND],
                                        const LwHouseRules  *rules);

/**
 * lw_table_to_json:
 * @table: a table
 *
 * The save format: the seed, the setup and every action applied, from
 * which lw_table_from_json() replays the round exactly:
 * `{"format": "little-wolf/table", "version": 1, "players": 4,
 * "dealer": 0, "seed": "123", "house_rules": {...}, "actions":
 * [{"seat": 0, "do": "decline"}, {"seat": 1, "do": "play", "cards":
 * "9S 9C B=9"}, …]}` (the seed is a decimal string: JSON numbers do not
 * hold every 64-bit value).
 *
 * Returns: (transfer full): pretty-printed JSON with a final newline.
 */
char *lw_table_to_json (const LwTable *table);

/**
 * lw_table_from_json:
 * @data: what lw_table_to_json() wrote
 * @length: its length, or -1 when nul-terminated
 * @error: return location for a #GError
 *
 * Deals again from the seed and applies every action in order.
 *
 * Errors: %LW_ENGINE_ERROR_PARSE for text that is not JSON,
 * %LW_ENGINE_ERROR_INVALID for a bad save ("action 7: …"),
 * %LW_ENGINE_ERROR_ILLEGAL_PLAY for an action the rules refuse.
 *
 * Returns: (transfer full) (nullable): the table, or %NULL on error.
 */
LwTable *lw_table_from_json (const char  *data,
                             gssize       length,
                             GError     **error);

/**
 * lw_table_equal:
 * @a: a table
 * @b: another
 *
 * Returns: %TRUE when both hold the same deal, phase, hands, tricks,
 *   scores so far and log.
 */
gboolean lw_table_equal (const LwTable *a,
                         const LwTable *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwTable, lw_table_free)

G_END_DECLS
