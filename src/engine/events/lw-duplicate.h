/* lw-duplicate.h — duplicate events (docs/rules/DUPLICATE.md D1–D10):
 * boards and their sheets, board scoring, nets, matchpoints, travelling
 * sheets and the event's standings
 *
 * A duplicate event is an LwEvent of format %LW_EVENT_DUPLICATE. Event
 * round r plays boards (r − 1) × B + 1 … r × B (B =
 * LwEventConfig.boards_per_round, D8) at every table; each table enters
 * one result per board (lw_event_add_board_result()). Everything else
 * here derives from the event and is never stored.
 *
 * Positions: at an individuals' table a position is a seat (0…N−1); at a
 * partners table a side, 0 (seats 0+2) or 1 (seats 1+3) (D6).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "lw-cards.h"
#include "lw-event.h"
#include "lw-record.h"
#include "lw-table.h"

G_BEGIN_DECLS

/* The salt of D1's seed derivation ("BOARDS" in ASCII). */
#define LW_BOARD_SEED_SALT G_GUINT64_CONSTANT (0x424F41524453)

/* The target and skunk threshold a board is scored with: more than any
 * score one round can reach, so that no game end applies (D4). */
#define LW_BOARD_NO_END 1000000

/**
 * LwFraction:
 * @num: the numerator
 * @den: the denominator, > 0; the fraction is kept in lowest terms
 *
 * An exact fraction (DUPLICATE D5–D7: nets, board percentages and event
 * scores are never rounded until they are shown).
 */
typedef struct {
  gint64 num;
  gint64 den;
} LwFraction;

/**
 * lw_fraction_make:
 * @num: the numerator
 * @den: the denominator, ≠ 0
 *
 * Returns: @num / @den in lowest terms, its denominator positive.
 */
LwFraction lw_fraction_make (gint64 num,
                             gint64 den);

/**
 * lw_fraction_add:
 * @a: a fraction
 * @b: another
 *
 * Returns: @a + @b in lowest terms.
 */
LwFraction lw_fraction_add (LwFraction a,
                            LwFraction b);

/**
 * lw_fraction_compare:
 * @a: a fraction
 * @b: another
 *
 * Returns: < 0, 0 or > 0 as @a is less than, equal to or greater than @b
 *   (exactly: no floating point).
 */
int lw_fraction_compare (LwFraction a,
                         LwFraction b);

/**
 * lw_fraction_format:
 * @value: a fraction
 * @scale: what to multiply it by first: 1 for a net, 100 for a percentage
 *
 * Shows @value × @scale with two decimals, rounded half away from zero
 * (D5, D7): "0.50", "-1.33", "58.33"; a value that rounds to zero is
 * "0.00" (no sign).
 *
 * Returns: (transfer full): the text, ASCII.
 */
char *lw_fraction_format (LwFraction value,
                          gint64     scale);

/**
 * lw_board_seed:
 * @event_seed: the event's seed (LwEventConfig.seed)
 * @board: the board's number k, ≥ 1
 *
 * DUPLICATE D1, the documented derivation (docs/EVENTS.md "Boards"):
 * `lw_seed_mix (lw_seed_mix (event_seed, LW_BOARD_SEED_SALT), k)`, where
 * lw_seed_mix() is splitmix64's output function (lw-cards.h).
 *
 * Returns: the seed board @board is shuffled from (lw_table_new()).
 */
guint64 lw_board_seed (guint64 event_seed,
                       guint   board);

/**
 * lw_board_dealer:
 * @n_seats: seats at the table, 2–4
 * @board: the board's number k, ≥ 1
 *
 * Returns: the dealer of board k, seat (k − 1) mod @n_seats (DUPLICATE D2).
 */
int lw_board_dealer (guint n_seats,
                     guint board);

/**
 * LwBoard:
 * @number: the board's number k, ≥ 1
 * @n_seats: 2–4
 * @partners: seats 0+2 play against 1+3
 * @dealer: the dealer (D2)
 * @seed: the shuffle's seed (lw_board_seed())
 * @n_hand: each seat's cards dealt
 * @hands: each seat's cards in the sheet's order (D3: S, H, D, C, each A,
 *   2 … 10, J, Q, K, then W, G, B, L)
 * @pups: the four Pups in deal order, the first turned up for trump (D1)
 *
 * One deal for one table size (DUPLICATE D1).
 */
typedef struct {
  guint    number;
  guint    n_seats;
  gboolean partners;
  int      dealer;
  guint64  seed;
  guint    n_hand[LW_EVENT_MAX_SEATS];
  LwCard   hands[LW_EVENT_MAX_SEATS][LW_MAX_HAND];
  LwCard   pups[4];
} LwBoard;

/**
 * lw_board_deal:
 * @event_seed: the event's seed
 * @number: the board's number k, ≥ 1
 * @n_seats: 2–4
 * @partners: a partners board (4 seats)
 * @board: (out caller-allocates): the board
 *
 * Deals board k exactly as the virtual table deals it: lw_table_new() with
 * @n_seats, lw_board_dealer() and lw_board_seed() (DUPLICATE D1, D2); the
 * hands then put in the sheet's order.
 */
void lw_board_deal (guint64   event_seed,
                    guint     number,
                    guint     n_seats,
                    gboolean  partners,
                    LwBoard  *board);

/**
 * lw_event_board:
 * @event: a duplicate event
 * @number: a board's number, ≥ 1
 * @board: (out caller-allocates): board @number of @event (lw_board_deal()
 *   with the event's seed, table size and partners)
 */
void lw_event_board (const LwEvent *event,
                     guint          number,
                     LwBoard       *board);

/**
 * lw_board_new_table:
 * @board: a board
 * @rules: (nullable): the house rules to play it with (%NULL: the rulings)
 *
 * The virtual table that plays @board: its hands and Pups are the
 * board's exactly (DUPLICATE D1).
 *
 * Returns: (transfer full): the round, in %LW_PHASE_BID.
 */
LwTable *lw_board_new_table (const LwBoard      *board,
                             const LwHouseRules *rules);

/**
 * lw_board_check_text:
 * @board: a board
 *
 * The text the check code is computed from, exactly as DUPLICATE D3 says:
 * one line per seat 0…N−1 with its cards in the sheet's order separated by
 * single spaces, then one line with the Pups in deal order, each line
 * ending in "\n"; UTF-8 (ASCII), no labels.
 *
 * Returns: (transfer full): the text.
 */
char *lw_board_check_text (const LwBoard *board);

/**
 * lw_board_check_code:
 * @board: a board
 *
 * Returns: (transfer full): the first 6 lowercase hexadecimal digits of
 *   the SHA-256 of lw_board_check_text() (DUPLICATE D3).
 */
char *lw_board_check_code (const LwBoard *board);

/**
 * lw_board_sheet_text:
 * @event_name: the event's name
 * @board: a board
 * @round: the event round the board is played in, ≥ 1
 *
 * The board sheet of DUPLICATE D3 as text: the event, the board, the
 * dealer, every seat's cards, the Pups and the check code, e.g.
 * "Club night — board 3 (event round 2)\nDealer: seat 2\nSeat 0: AS 4S …\n
 * …\nPups: 7D W 2C KH\nCheck code: 1a2b3c\n".
 *
 * Returns: (transfer full): UTF-8 text, each line ending in "\n".
 */
char *lw_board_sheet_text (const char    *event_name,
                           const LwBoard *board,
                           guint          round);

/**
 * lw_board_add_json:
 * @builder: a builder where a value goes (in an array)
 * @board: a board
 * @round: the event round it is played in
 *
 * Adds one board as docs/EVENTS.md "Boards" shows it: {"board", "round",
 * "dealer", "seats", "partners", "hands": ["AS 4S …", …], "pups",
 * "check_code"}.
 */
void lw_board_add_json (JsonBuilder   *builder,
                        const LwBoard *board,
                        guint          round);

/**
 * lw_duplicate_round_of_board:
 * @event: a duplicate event
 * @board: a board's number, ≥ 1
 *
 * Returns: the event round board @board is played in,
 *   ⌈@board / boards_per_round⌉ (DUPLICATE D8).
 */
guint lw_duplicate_round_of_board (const LwEvent *event,
                                   guint          board);

/**
 * lw_duplicate_first_board:
 * @event: a duplicate event
 * @round: an event round, ≥ 1
 *
 * Returns: the first board of event round @round, (@round − 1) ×
 *   boards_per_round + 1 (board numbers continue from one event round to
 *   the next, D8).
 */
guint lw_duplicate_first_board (const LwEvent *event,
                                guint          round);

/**
 * lw_duplicate_board_record:
 * @event: a duplicate event
 * @round: an event round, paired
 * @table: one of its tables
 * @board: a board the table plays in that round
 *
 * The one-round game a board is scored as (DUPLICATE D4): the table's
 * players in their seats, partners as sides 0+2 and 1+3, the first dealer
 * the board's (D2), the start score of R3, and target and skunk threshold
 * %LW_BOARD_NO_END, so that no game end applies: R19's award to the other
 * sides is always given and nobody forfeits a deal. Its details name the
 * event, round, table and board.
 *
 * Returns: (transfer full): a record with no rounds.
 */
LwGameRecord *lw_duplicate_board_record (const LwEvent      *event,
                                         guint               round,
                                         const LwEventTable *table,
                                         guint               board);

/**
 * lw_duplicate_score_board:
 * @record: a board's record (lw_duplicate_board_record())
 * @facts: the board's round as entered
 * @deltas: (out caller-allocates) (array fixed-size=4): each side's delta
 *   on the board (its round's whole change, in-round penalties included)
 * @error: return location for a #GError
 *
 * Scores a board by the scoring engine (lw_standings_compute(), SCORING
 * R1–R22, with D4's exceptions from @record's settings). A void round
 * (R21) scores only its in-round penalties.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for `unpegged` ("board 3: pegging does
 * not apply to a board (seat 1 is unpegged), DUPLICATE D4") and for facts
 * that do not make a round ("board 3: round 1: cards sum to 25, expected
 * 33 (3 players × 11)"), the board named in front.
 *
 * Returns: %TRUE when scored.
 */
gboolean lw_duplicate_score_board (const LwGameRecord  *record,
                                   const LwRound       *facts,
                                   int                 *deltas,
                                   GError             **error);

/**
 * lw_duplicate_nets:
 * @n_sides: the sides at the table, 2–4
 * @deltas: (array length=n_sides): each side's delta on the board
 * @nets: (out caller-allocates) (array length=n_sides): each side's net
 *
 * DUPLICATE D5: a side's net is its delta minus the average delta of the
 * other sides, an exact fraction; the nets at one table sum to 0.
 */
void lw_duplicate_nets (guint       n_sides,
                        const int  *deltas,
                        LwFraction *nets);

/**
 * lw_event_add_board_result:
 * @event: a duplicate event
 * @round: the event round, 1-based
 * @table: the table, 1-based
 * @board: the board's number
 * @facts: the round's facts (copied), seats as at the event's table
 * @error: return location for a #GError
 *
 * Enters one board's result at one table (DUPLICATE D9) after scoring it
 * (lw_duplicate_score_board(), D4). The table's result is complete
 * (LwEventTable.has_result) once all its boards are in.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID, the place named: not a duplicate
 * event; "round 4 is not paired"; "round 2 has no table 7"; "round 1,
 * table 2 did not play board 5: it plays boards 1–2 (DUPLICATE D9)";
 * "round 1, table 2, board 1: a result is already entered (DUPLICATE
 * D9); correct that board's round instead"; those of
 * lw_duplicate_score_board(). @event is then unchanged.
 *
 * Returns: %TRUE when entered.
 */
gboolean lw_event_add_board_result (LwEvent        *event,
                                    guint           round,
                                    guint           table,
                                    guint           board,
                                    const LwRound  *facts,
                                    GError        **error);

/**
 * lw_event_correct_board_result:
 * @event: a duplicate event
 * @round: the event round, 1-based
 * @table: the table, 1-based
 * @board: the board's number
 * @facts: the board's round as it should have been entered (copied)
 * @error: return location for a #GError
 *
 * Corrects a board's result as any round is corrected (DUPLICATE D9: the
 * director corrects that board's round): the new facts are scored first
 * (lw_duplicate_score_board(), D4) and then replace the ones entered.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID: "round 1, table 2, board 3: no result
 * is entered yet, so none can be corrected (DUPLICATE D9)"; those of
 * lw_duplicate_score_board(), the round and table named in front. @event
 * is then unchanged.
 *
 * Returns: %TRUE when corrected.
 */
gboolean lw_event_correct_board_result (LwEvent        *event,
                                        guint           round,
                                        guint           table,
                                        guint           board,
                                        const LwRound  *facts,
                                        GError        **error);

/**
 * lw_event_find_board_result:
 * @event: a duplicate event
 * @round: the event round
 * @table: the table
 * @board: the board's number
 *
 * Returns: (transfer none) (nullable): the result, or %NULL when none is
 *   entered.
 */
const LwBoardResult *lw_event_find_board_result (const LwEvent *event,
                                                 guint          round,
                                                 guint          table,
                                                 guint          board);

/**
 * LwTravellerRow:
 * @round: the event round
 * @table: the table
 * @position: the seat (individuals) or the side, 0 = seats 0+2 and 1 =
 *   seats 1+3 (partners; D6)
 * @entrants: the entrant(s) at the position: one, the second -1
 *   (individuals), or the two partners
 * @delta: the position's delta on the board (D4)
 * @net: its net (D5)
 * @matchpoints: 2 for each net it beats at the same position of the other
 *   tables, 1 for each equal one (D6)
 * @top: 2 × (times played − 1) (D6)
 * @percentage: @matchpoints / @top, or 1/2 when the board was played once
 *   (D6)
 *
 * One line of a board's travelling sheet.
 */
typedef struct {
  guint      round;
  guint      table;
  int        position;
  int        entrants[2];
  int        delta;
  LwFraction net;
  guint      matchpoints;
  guint      top;
  LwFraction percentage;
} LwTravellerRow;

/**
 * lw_duplicate_traveller:
 * @event: a duplicate event
 * @board: a board's number, ≥ 1
 * @error: return location for a #GError
 *
 * Board @board's travelling sheet (DUPLICATE D5, D6): one row per
 * position of each table that entered the board, by position, then table.
 * A board nobody has played has no rows. Par results (D10) are never part
 * of it.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID when a stored result no longer scores
 * (lw_duplicate_score_board()).
 *
 * Returns: (transfer full) (element-type LwTravellerRow) (nullable): the
 *   rows, or %NULL on error.
 */
GArray *lw_duplicate_traveller (const LwEvent  *event,
                                guint           board,
                                GError        **error);

/**
 * LwDuplicateStanding:
 * @rank: 1-based; equal on score, nets and boards share a rank (D7)
 * @entrants: the player, the second -1; partners: both partners
 * @name: (transfer full): the player's name, or the partners' joined by
 *   " & "
 * @score: the average of the board percentages over the boards played,
 *   0…1 (D7)
 * @nets: the sum of the nets (D7's first tie-break)
 * @matchpoints: the matchpoints summed (shown, never a tie-break)
 * @boards: the boards played (D7's second tie-break)
 * @dropped: the player (a partner) dropped out
 */
typedef struct {
  guint      rank;
  int        entrants[2];
  char      *name;
  LwFraction score;
  LwFraction nets;
  guint      matchpoints;
  guint      boards;
  gboolean   dropped;
} LwDuplicateStanding;

/**
 * lw_duplicate_standing_free:
 * @standing: (nullable): a row
 */
void lw_duplicate_standing_free (LwDuplicateStanding *standing);

/**
 * lw_duplicate_compute_standings:
 * @event: a duplicate event
 * @error: return location for a #GError
 *
 * The event's standings (DUPLICATE D7): every player (partnership) who
 * played a board, by score, then the higher sum of nets, then the more
 * boards played; still equal, they share the rank and are listed by name.
 * Live after every board entered.
 *
 * Errors: as lw_duplicate_traveller().
 *
 * Returns: (transfer full) (element-type LwDuplicateStanding) (nullable):
 *   the rows, best first.
 */
GPtrArray *lw_duplicate_compute_standings (const LwEvent  *event,
                                           GError        **error);

/**
 * lw_duplicate_standings_to_json:
 * @event: a duplicate event
 * @standings: (element-type LwDuplicateStanding): its standings
 *
 * Returns: (transfer full): docs/EVENTS.md "Duplicate events": {"event",
 *   "format": "duplicate", "table_size", "rounds", "rounds_paired",
 *   "finished", "partners", "boards_per_round", "standings": [{"rank",
 *   "player", "players", "score": {"numerator", "denominator"},
 *   "percentage": "58.33", "nets": {…, "text"}, "matchpoints", "boards",
 *   "dropped"}]}, pretty-printed with a final newline.
 */
char *lw_duplicate_standings_to_json (const LwEvent *event,
                                      GPtrArray     *standings);

/**
 * lw_duplicate_travellers_to_json:
 * @event: a duplicate event
 * @first: the first board, ≥ 1
 * @last: the last board, ≥ @first
 * @pars: (nullable) (element-type LwBoardPar): the boards' pars
 *   (lw-duplicate-par.h), or %NULL for none
 * @error: return location for a #GError
 *
 * Errors: as lw_duplicate_traveller().
 *
 * Returns: (transfer full) (nullable): docs/EVENTS.md "Travelling sheets":
 *   {"event", "travellers": [{"board", "round", "dealer", "check_code",
 *   "rows": [{"position", "table", "players", "delta", "net",
 *   "matchpoints", "top", "percentage"}], "par"}]}, one per board
 *   @first…@last, "par" the board's par beside its rows
 *   (lw_board_par_add_json(), null when it has none; DUPLICATE D10),
 *   pretty-printed with a final newline.
 */
char *lw_duplicate_travellers_to_json (const LwEvent  *event,
                                       guint           first,
                                       guint           last,
                                       GPtrArray      *pars,
                                       GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwDuplicateStanding, lw_duplicate_standing_free)

G_END_DECLS
