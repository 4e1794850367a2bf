/* lw-record.h — the game record (docs/rules/GAME-RECORD.md): a game as the
 * scorekeeper writes it down, round by round
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-json-text.h"
#include "lw-play.h"
#include "lw-rules.h"

G_BEGIN_DECLS

/**
 * LwPenaltyKind:
 * @LW_PENALTY_OUT_OF_TURN: played cards out of turn (SCORING R19)
 * @LW_PENALTY_LOOKED_AT_DISCARDS: looked at discarded or face-down cards,
 *   the Pups included (SCORING R19)
 */
typedef enum {
  LW_PENALTY_OUT_OF_TURN,
  LW_PENALTY_LOOKED_AT_DISCARDS,
} LwPenaltyKind;

/**
 * LwPenalty:
 * @seat: the offender's seat, 0..n_players-1
 * @kind: what they did
 *
 * One in-round penalty, in the order it happened.
 */
typedef struct {
  int           seat;
  LwPenaltyKind kind;
} LwPenalty;

/**
 * LwRound:
 * @is_void: the dealer declared and did not discard four cards (SCORING R21);
 *   only @penalties count beside it
 * @declarer: the seat that declared, or %LW_NO_SEAT when everyone declined
 * @dealer: the dealer as written in the record, a check only; %LW_NO_SEAT when
 *   not given
 * @all_but_last: the declarer's side won every trick but the final one (R11)
 * @cards: cards won in tricks per seat (R5); the sum is T
 * @worms: Worms among each seat's won cards (likewise @gongs, @bears, @wolves)
 * @court: Garwolf only: Court cards won per seat (G1)
 * @garwolves: Garwolf only: Garwolves won per seat (G1)
 * @unpegged: seats whose gains were not pegged in time (R22)
 * @penalties: (element-type LwPenalty): in-round penalties in order (R19);
 *   never %NULL
 *
 * The facts of one round as entered. Points are never part of it: they come
 * from lw_standings_compute().
 */
typedef struct {
  gboolean is_void;
  int      declarer;
  int      dealer;
  gboolean all_but_last;
  int      cards[LW_MAX_SEATS];
  int      worms[LW_MAX_SEATS];
  int      gongs[LW_MAX_SEATS];
  int      bears[LW_MAX_SEATS];
  int      wolves[LW_MAX_SEATS];
  int      court[LW_MAX_SEATS];
  int      garwolves[LW_MAX_SEATS];
  gboolean unpegged[LW_MAX_SEATS];
  GArray  *penalties;
} LwRound;

/**
 * LwSubstitute:
 * @seat: the seat taken over, 0..n_players-1
 * @from_round: the first round the substitute plays, 1..rounds+1
 *   (docs/rules/GAME-RECORD.md `substitutes`)
 * @name: the substitute's name (the names rule, NFC); owned
 *
 * One seat change: from round @from_round on, @seat is played by @name.
 * Scoring is by seat and does not change.
 */
typedef struct {
  int    seat;
  guint  from_round;
  char  *name;
} LwSubstitute;

/**
 * LwRunFill:
 * @LW_RUN_FILL_INSIDE_OR_END: a leader's Little Wolf may fill a Run inside
 *   or at its end (TRICKS T9; the default)
 * @LW_RUN_FILL_INSIDE_ONLY: only inside
 */
typedef enum {
  LW_RUN_FILL_INSIDE_OR_END,
  LW_RUN_FILL_INSIDE_ONLY,
} LwRunFill;

/**
 * LwOverTrump:
 * @LW_OVER_TRUMP_WINNING_PLAY: an all-trump play must beat the winning
 *   play (TRICKS T22; the default)
 * @LW_OVER_TRUMP_WHOLE_TRICK: it must beat every trump of the trick
 */
typedef enum {
  LW_OVER_TRUMP_WINNING_PLAY,
  LW_OVER_TRUMP_WHOLE_TRICK,
} LwOverTrump;

/**
 * lw_run_fill_to_string:
 * @run_fill: a choice of TRICKS T9
 *
 * Returns: (transfer none): its name in a game record's `rules`
 *   (docs/rules/GAME-RECORD.md): "inside_or_end" or "inside_only".
 */
const char *lw_run_fill_to_string (LwRunFill run_fill);

/**
 * lw_run_fill_from_string:
 * @name: (nullable): "inside_or_end" or "inside_only"
 * @run_fill: (out): the choice
 *
 * Returns: %TRUE when @name is one of the two (compared exactly).
 */
gboolean lw_run_fill_from_string (const char *name,
                                  LwRunFill  *run_fill);

/**
 * lw_over_trump_to_string:
 * @over_trump: a choice of TRICKS T22
 *
 * Returns: (transfer none): its name in a game record's `rules`:
 *   "winning_play" or "whole_trick".
 */
const char *lw_over_trump_to_string (LwOverTrump over_trump);

/**
 * lw_over_trump_from_string:
 * @name: (nullable): "winning_play" or "whole_trick"
 * @over_trump: (out): the choice
 *
 * Returns: %TRUE when @name is one of the two (compared exactly).
 */
gboolean lw_over_trump_from_string (const char  *name,
                                    LwOverTrump *over_trump);

/**
 * lw_penalty_kind_to_string:
 * @kind: a penalty of SCORING R19
 *
 * The name of the kind wherever a penalty is written down: a game record's
 * `penalties` (docs/rules/GAME-RECORD.md), the CSV export's penalties
 * column, the store's penalties tables.
 *
 * Returns: (transfer none): "out_of_turn" or "looked_at_discards"
 */
const char *lw_penalty_kind_to_string (LwPenaltyKind kind);

/**
 * lw_penalty_kind_from_string:
 * @name: (nullable): "out_of_turn" or "looked_at_discards"
 * @kind: (out): the kind; left as it was when @name is neither
 *
 * Returns: %TRUE when @name is one of the two (compared exactly).
 */
gboolean lw_penalty_kind_from_string (const char    *name,
                                      LwPenaltyKind *kind);

/**
 * LwGameDetails:
 * @played_at: when the game was played, seconds since 1970 (UTC); 0 when
 *   not given
 * @place: (nullable): where (a name by the names rule)
 * @notes: (nullable): free text (the notes rule)
 * @event_name: (nullable): the event's name (informative only)
 * @event_round: the event round, 0 when not given (likewise @event_table,
 *   @event_board)
 *
 * docs/rules/GAME-RECORD.md `details`: informative, never part of the scoring.
 */
typedef struct {
  gint64  played_at;
  char   *place;
  char   *notes;
  char   *event_name;
  int     event_round;
  int     event_table;
  int     event_board;
} LwGameDetails;

/**
 * LwGameRecord:
 * @ruleset: Little Wolf or Garwolf
 * @start_score: every side's score before round 1 (R3; Garwolf G2: 0)
 * @target: the score that ends the game (R24; Garwolf 100)
 * @skunk: the skunk threshold (R23; Little Wolf only)
 * @n_players: 2–8 (Garwolf 3–4)
 * @players: the names of the seats' first players, seat order clockwise
 *   (before any substitute); owned. Who sits in a round:
 *   lw_game_record_player_at(); who sits now: lw_game_record_current_player()
 * @n_teams: 0 for solo play, else the number of sides (R2)
 * @team_of: the side of each seat when @n_teams > 0
 * @first_dealer: seat of the first dealer (R4)
 * @rounds: (element-type LwRound*): the rounds in play order; owned
 * @id: (nullable): the game's stable identity, a lowercase UUID; owned
 * @details: the game's details (docs/rules/GAME-RECORD.md version 2); owned
 * @substitutes: (element-type LwSubstitute*): seat changes sorted by
 *   from_round, then seat; never %NULL; owned
 * @rule_set: (nullable): the named set the options came from; owned
 * @run_fill: Little Wolf's house rule TRICKS T9
 * @over_trump: Little Wolf's house rule TRICKS T22
 * @king_and_knave: Garwolf's King and Knave (SCORING G3)
 *
 * One game as docs/rules/GAME-RECORD.md describes it. Free with lw_game_record_free().
 */
typedef struct {
  LwRuleset  ruleset;
  int        start_score;
  int        target;
  int        skunk;
  guint      n_players;
  char      *players[LW_MAX_SEATS];
  guint      n_teams;
  int        team_of[LW_MAX_SEATS];
  int        first_dealer;
  GPtrArray *rounds;
  char      *id;
  LwGameDetails details;
  GPtrArray *substitutes;
  char      *rule_set;
  LwRunFill  run_fill;
  LwOverTrump over_trump;
  gboolean   king_and_knave;
} LwGameRecord;

/**
 * lw_game_record_house_rules:
 * @record: a game record
 * @rules: (out caller-allocates): the house rules trick play takes
 *
 * The rules the virtual table plays @record's rounds with: its `run_fill`
 * and `over_trump` (TRICKS T9 and T22's house rules) as #LwHouseRules.
 * A Garwolf record has no trick play of its own here: all-default rules.
 */
void lw_game_record_house_rules (const LwGameRecord *record,
                                 LwHouseRules       *rules);

/**
 * LwRulesWords:
 * @inside_only: TRICKS T9's house rule `inside_only`
 * @whole_trick: TRICKS T22's house rule `whole_trick`
 * @king_and_knave: SCORING G3's King and Knave
 *
 * The words lw_game_record_rules_text() names the house rules with, so
 * that the app can give them translated; the CLI's sheet takes the
 * English ones (%NULL).
 */
typedef struct {
  const char *inside_only;
  const char *whole_trick;
  const char *king_and_knave;
} LwRulesWords;

/**
 * lw_game_record_rules_text:
 * @record: a game record
 * @words: (nullable): the house rules' names; %NULL for English ("Little
 *   Wolf fills only inside a Run", "a trump over a plain lead beats every
 *   trump in the trick", "King and Knave")
 *
 * What a score sheet's header says of @record's rules beyond its start
 * score, target and skunk: the rule set it was started from
 * (GAME-RECORD.md `rules.rule_set`), then " — " and the house rules that
 * are not the rulings (TRICKS T9, T22 for Little Wolf; SCORING G3 for
 * Garwolf), joined by "; ". "Club nights — Little Wolf fills only inside
 * a Run"; "Club nights"; a house rule alone when no set is named.
 *
 * Returns: (transfer full) (nullable): the text, %NULL for a game of
 *   Standard rules (no set, the rulings).
 */
char *lw_game_record_rules_text (const LwGameRecord *record,
                                 const LwRulesWords *words);

/**
 * lw_round_new:
 *
 * Returns: (transfer full): an empty round: nobody declared, no dealer
 *   check, every count 0, no penalties. Free with lw_round_free().
 */
LwRound *lw_round_new (void);

/**
 * lw_round_copy:
 * @round: a round
 *
 * Returns: (transfer full): a deep copy of @round.
 */
LwRound *lw_round_copy (const LwRound *round);

/**
 * lw_round_add_penalty:
 * @round: a round
 * @seat: the offender's seat
 * @kind: the offence
 *
 * Appends one in-round penalty (SCORING R19) after those already there.
 */
void lw_round_add_penalty (LwRound       *round,
                           int            seat,
                           LwPenaltyKind  kind);

/**
 * lw_round_free:
 * @round: (nullable): a round
 */
void lw_round_free (LwRound *round);

/**
 * lw_game_record_new:
 * @ruleset: the ruleset
 * @n_players: 2–8 (Garwolf 3–4); not checked here, see lw_game_record_validate()
 * @names: (array length=n_players): player names, copied
 *
 * Makes a record with the ruleset's default rules (R3 / G2), solo play,
 * first dealer 0 and no rounds. Each name is kept as lw_name_normalize()
 * gives it (trimmed, Unicode NFC: docs/rules/GAME-RECORD.md "Names"); a name that
 * breaks the names rule is kept as given, and lw_game_record_validate()
 * refuses it.
 *
 * Returns: (transfer full): the record.
 */
LwGameRecord *lw_game_record_new (LwRuleset          ruleset,
                                  guint              n_players,
                                  const char *const *names);

/**
 * lw_game_record_copy:
 * @record: a record
 *
 * Returns: (transfer full): a deep copy of @record, rounds included.
 */
LwGameRecord *lw_game_record_copy (const LwGameRecord *record);

/**
 * lw_game_record_free:
 * @record: (nullable): a record
 */
void lw_game_record_free (LwGameRecord *record);

/**
 * lw_game_record_set_teams:
 * @record: a record
 * @n_teams: number of sides, ≥ 2, or 0 for solo play
 * @team_of: (array length=n_players): the side of each seat, 0..n_teams-1
 *
 * Sets partners play (SCORING R2). Not checked here; see
 * lw_game_record_validate().
 */
void lw_game_record_set_teams (LwGameRecord *record,
                               guint         n_teams,
                               const int    *team_of);

/**
 * lw_game_record_add_substitute:
 * @record: a record
 * @seat: the seat, 0..n_players-1
 * @from_round: the first round @name plays, 1..rounds+1
 * @name: the substitute's name, kept as lw_name_normalize() gives it
 *
 * Adds a seat change (docs/rules/GAME-RECORD.md `substitutes`) in its sorted place; one
 * already there for the same seat and round is replaced. Not checked here;
 * see lw_game_record_validate().
 */
void lw_game_record_add_substitute (LwGameRecord *record,
                                    int           seat,
                                    guint         from_round,
                                    const char   *name);

/**
 * lw_game_record_player_at:
 * @record: a record
 * @seat: a seat, 0..n_players-1
 * @round: a 1-based round number; rounds+1 (or more) for who sits after
 *   the last round
 *
 * Returns: (transfer none): the name of who played @seat in @round: the
 *   seat's first player, or the last substitute whose from_round ≤ @round.
 */
const char *lw_game_record_player_at (const LwGameRecord *record,
                                      int                 seat,
                                      guint               round);

/**
 * lw_game_record_current_player:
 * @record: a record
 * @seat: a seat, 0..n_players-1
 *
 * Returns: (transfer none): who sits at @seat after the last round
 *   (lw_game_record_player_at() of rounds+1).
 */
const char *lw_game_record_current_player (const LwGameRecord *record,
                                           int                 seat);

/**
 * lw_game_record_seat_label:
 * @record: a record
 * @seat: a seat, 0..n_players-1
 *
 * Returns: (transfer full): who played @seat, in turn, joined by " → "
 *   ("Ben → Dev"; "Ben → Dev → Ben" when Ben came back); the seat's player
 *   alone when it never changed hands.
 */
char *lw_game_record_seat_label (const LwGameRecord *record,
                                 int                 seat);

/**
 * lw_game_record_rounds_played:
 * @record: a record
 * @seat: a seat, 0..n_players-1
 * @name: a player's name (compared in NFC)
 *
 * Returns: how many of the record's rounds @name played at @seat (for
 *   partial-play credit: statistics, ratings).
 */
guint lw_game_record_rounds_played (const LwGameRecord *record,
                                    int                 seat,
                                    const char         *name);

/**
 * lw_game_record_n_sides:
 * @record: a record
 *
 * Returns: the number of sides: the teams in partners play, else the players.
 */
guint lw_game_record_n_sides (const LwGameRecord *record);

/**
 * lw_game_record_side_of:
 * @record: a record
 * @seat: a seat, 0..n_players-1
 *
 * Returns: the side of @seat (the seat itself in solo play).
 */
int lw_game_record_side_of (const LwGameRecord *record,
                            int                 seat);

/**
 * lw_game_record_side_name:
 * @record: a record
 * @side: a side, 0..n_sides-1
 *
 * Returns: (transfer full): the player's name in solo play, else the team's
 *   players joined with " & " in seat order (docs/rules/GAME-RECORD.md); the players
 *   seated after the last round (lw_game_record_current_player()).
 */
char *lw_game_record_side_name (const LwGameRecord *record,
                                int                 side);

/**
 * lw_game_record_side_name_at:
 * @record: a record
 * @side: a side, 0..n_sides-1
 * @round: a 1-based round number
 *
 * Returns: (transfer full): as lw_game_record_side_name(), with the players
 *   who sat in the side's seats in @round (lw_game_record_player_at()).
 */
char *lw_game_record_side_name_at (const LwGameRecord *record,
                                   int                 side,
                                   guint               round);

/**
 * lw_game_record_validate:
 * @record: a record
 * @error: return location for a #GError
 *
 * Checks the setup (players, names by lw_name_normalize() and unique in
 * Unicode NFC (docs/rules/GAME-RECORD.md "Names"), teams, rules, first dealer) and every
 * round's facts on their own (seats in range, counts ≥ 0, card sums = T
 * (R1, R5), Den counts (at most 2 per deck, never above the seat's cards),
 * Garwolf totals (G1), all_but_last with a declarer). The replay-dependent
 * checks (the dealer check, a round after the end) are made by
 * lw_standings_compute(), which calls this first.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID with a message naming the place, e.g.
 * "round 3: cards sum to 25, expected 26 (2 players × 13)".
 *
 * Returns: %TRUE when the record is valid.
 */
gboolean lw_game_record_validate (const LwGameRecord  *record,
                                  GError             **error);

/**
 * lw_round_validate:
 * @record: the game the round belongs to (its setup is used, not its rounds)
 * @round: the round
 * @number: the round's 1-based number, for the message
 * @error: return location for a #GError
 *
 * The per-round part of lw_game_record_validate(), for checking a round
 * being entered before it is added.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID, message "round N: …".
 *
 * Returns: %TRUE when the round's facts are consistent.
 */
gboolean lw_round_validate (const LwGameRecord  *record,
                            const LwRound       *round,
                            guint                number,
                            GError             **error);

/**
 * LW_GAME_RECORD_MAX_BYTES:
 *
 * The largest game record text that is read (the CLI's `score` and
 * `import`, the app's Import): far beyond any game (a record of 100,000
 * rounds of eight players takes about 20 MiB), small enough that reading
 * and parsing it keeps memory bounded.
 */
#define LW_GAME_RECORD_MAX_BYTES (64 * 1024 * 1024)

/**
 * lw_game_record_from_json:
 * @data: UTF-8 JSON text
 * @length: length of @data in bytes, or -1 when nul-terminated
 * @error: return location for a #GError
 *
 * Reads a game record (docs/rules/GAME-RECORD.md): unknown keys, wrong types,
 * non-integers and out-of-range values are errors, then
 * lw_game_record_validate() is applied.
 *
 * Errors: %LW_ENGINE_ERROR_PARSE for text that is not JSON (or is empty),
 * %LW_ENGINE_ERROR_INVALID for a record that breaks the format, with the
 * place named ("round 2: key \"worm\" is not allowed").
 *
 * Returns: (transfer full) (nullable): the record, or %NULL on error.
 */
LwGameRecord *lw_game_record_from_json (const char  *data,
                                        gssize       length,
                                        GError     **error);

/**
 * LwRoundFunc:
 * @record: the record being read: its players, sides and rules checked,
 *   its details and substitutes read but checked only after the last
 *   round; no rounds
 * @round: round @number as read, not checked (lw_round_validate() is the
 *   function's to call); freed after the call
 * @number: the round's number, from 1
 * @user_data: the caller's data
 * @error: return location for a #GError
 *
 * Takes one round of a record read by lw_game_record_read_rounds().
 *
 * Returns: %FALSE, with @error set, to stop the reading there.
 */
typedef gboolean (*LwRoundFunc) (const LwGameRecord  *record,
                                 const LwRound       *round,
                                 guint                number,
                                 gpointer             user_data,
                                 GError             **error);

/**
 * lw_game_record_read_rounds:
 * @data: UTF-8 JSON text
 * @length: length of @data in bytes, or -1 when nul-terminated
 * @func: called with each round, in order, as it is read and checked
 * @user_data: passed to @func
 * @error: return location for a #GError
 *
 * Reads a game record as lw_game_record_from_json() does but keeps none of
 * its rounds: each is handed to @func as read, then freed, so that the
 * memory a large record takes is that of its text and one round. The
 * checks are lw_game_record_from_json()'s, in its order, but those of the
 * rounds themselves (lw_round_validate()), which are @func's: a @func that
 * goes on to the next round after one it refuses, and reports its first
 * refusal once the reading succeeded, reports what
 * lw_game_record_from_json() and lw_game_record_validate() would. When a
 * round's text cannot be read alone, the record is read whole and @func is
 * given the rounds again from round 1: a @func that keeps a state starts
 * it again at round 1.
 *
 * Errors: those of lw_game_record_from_json() but the rounds' checks, and
 * @func's.
 *
 * Returns: (transfer full) (nullable): the record without rounds (its
 *   @rounds empty), or %NULL on error.
 */
LwGameRecord *lw_game_record_read_rounds (const char   *data,
                                          gssize        length,
                                          LwRoundFunc   func,
                                          gpointer      user_data,
                                          GError      **error);

/**
 * lw_game_record_to_json:
 * @record: a record
 *
 * Writes the record as docs/rules/GAME-RECORD.md JSON, rules always explicit, zero Den
 * counts and empty lists left out. lw_game_record_from_json() reads it back
 * to an equal record.
 *
 * Returns: (transfer full): pretty-printed UTF-8 JSON with a final newline.
 */
char *lw_game_record_to_json (const LwGameRecord *record);

/**
 * lw_game_record_write_json:
 * @record: a record
 * @pretty: %TRUE for the text of lw_game_record_to_json() (indented by 2),
 *   %FALSE for the same JSON without any white space (the form that keeps
 *   the largest games within %LW_GAME_RECORD_MAX_BYTES)
 * @write: where the text goes, in pieces (lw_json_write_to_file() for a
 *   stdio stream)
 * @write_data: passed to @write
 * @error: return location for a #GError
 *
 * Writes the record one round at a time: the memory it takes is that of
 * one round, however long the game.
 *
 * Errors: those of @write (writing stops at the first).
 *
 * Returns: %TRUE when everything was written.
 */
gboolean lw_game_record_write_json (const LwGameRecord  *record,
                                    gboolean             pretty,
                                    LwJsonWriteFunc      write,
                                    gpointer             write_data,
                                    GError             **error);

/**
 * lw_game_record_json_length:
 * @record: a record
 * @pretty: as for lw_game_record_write_json()
 *
 * Returns: the bytes lw_game_record_write_json() writes (counted as it is
 *   written, never held whole).
 */
guint64 lw_game_record_json_length (const LwGameRecord *record,
                                    gboolean            pretty);

/**
 * lw_game_record_export_indented:
 * @record: a record the store keeps (lw_game_record_check_size())
 *
 * How a game is exported (the CLI's `export`, the app's Export): indented
 * when that text fits in %LW_GAME_RECORD_MAX_BYTES, else without white
 * space, which lw_game_record_check_size() keeps within it; so that every
 * export is read back by import.
 *
 * Returns: %TRUE for indented, %FALSE for no white space (the @pretty of
 *   lw_game_record_write_json()).
 */
gboolean lw_game_record_export_indented (const LwGameRecord *record);

/**
 * lw_game_record_check_size:
 * @record: a record
 * @error: return location for a #GError
 *
 * The same limit both ways: a game is kept (stored, or a round added to
 * it) only while its record, written without white space, takes at most
 * %LW_GAME_RECORD_MAX_BYTES, the most that is read; so that what `export`
 * writes is always read back by `import`. Quick for any real game (a bound
 * from the counts of rounds, seats and penalties); the text is counted only
 * near the limit.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID ("the game record of 1500000 rounds
 * takes 64.2 MiB even without white space, more than the 64 MiB a game
 * record may take").
 *
 * Returns: %TRUE when the record is within the limit.
 */
gboolean lw_game_record_check_size (const LwGameRecord  *record,
                                    GError             **error);

/**
 * lw_round_to_json:
 * @record: the game the round belongs to (its ruleset and seats are used)
 * @round: one round
 *
 * Writes one round exactly as it appears in the "rounds" list of
 * lw_game_record_to_json() (docs/rules/GAME-RECORD.md), e.g. for an edit log.
 *
 * Returns: (transfer full): pretty-printed UTF-8 JSON of one object, with a
 *   final newline.
 */
char *lw_round_to_json (const LwGameRecord *record,
                        const LwRound      *round);

/**
 * lw_round_from_json:
 * @record: the game the round belongs to (its ruleset and seats are used,
 *   not its rounds)
 * @data: UTF-8 JSON text of one round object (docs/rules/GAME-RECORD.md)
 * @length: length of @data in bytes, or -1 when nul-terminated
 * @number: the round's 1-based number, for messages
 * @error: return location for a #GError
 *
 * Reads what lw_round_to_json() writes, with the checks of
 * lw_game_record_from_json() for one round and then lw_round_validate().
 *
 * Errors: %LW_ENGINE_ERROR_PARSE for text that is not JSON,
 * %LW_ENGINE_ERROR_INVALID with the message "round N: …".
 *
 * Returns: (transfer full) (nullable): the round, or %NULL on error.
 */
LwRound *lw_round_from_json (const LwGameRecord  *record,
                             const char          *data,
                             gssize               length,
                             guint                number,
                             GError             **error);

/**
 * lw_game_record_extends:
 * @record: a record
 * @prefix: another record
 *
 * Whether @record is @prefix with 0 or more rounds added at the end: the
 * same setup (players, sides, rules, substitutes; the identity and details,
 * which no score depends on, may differ) and @prefix's rounds, fact by
 * fact, first. Then the standings of @prefix are those of @record's first
 * rounds, and lw_standings_extend() scores only the rest.
 *
 * Returns: %TRUE when @record extends @prefix.
 */
gboolean lw_game_record_extends (const LwGameRecord *record,
                                 const LwGameRecord *prefix);

/**
 * lw_game_record_body_hash:
 * @record: a record
 *
 * What makes two records "the same players and rounds" when neither has an
 * `id` (an import made twice): a SHA-256 of the record written without its
 * `id` and `details`, in its normal form (names in NFC, rules explicit).
 *
 * Returns: (transfer full): the hash, lowercase hex.
 */
char *lw_game_record_body_hash (const LwGameRecord *record);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwRound, lw_round_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwGameRecord, lw_game_record_free)

G_END_DECLS
