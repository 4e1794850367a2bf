/* lw-score.h — replaying a game record into standings (docs/rules/SCORING.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-json-text.h"
#include "lw-record.h"

G_BEGIN_DECLS

/**
 * LwReason:
 * One ruling applied in a round, with the reason code of docs/rules/GAME-RECORD.md.
 * The last three are corrections that make a side's items add up to its
 * delta.
 */
typedef enum {
  LW_REASON_PACK,                  /* R10, R11 */
  LW_REASON_ALL_TRICKS,            /* R10 */
  LW_REASON_WORMS,                 /* R6, R7 */
  LW_REASON_GONGS,                 /* R6, R7 */
  LW_REASON_ALL_DENS,              /* R8 */
  LW_REASON_MOST_CARDS,            /* R16 */
  LW_REASON_ALL_TRICKS_UNDECLARED, /* R17 */
  LW_REASON_MISSED_PACK_AWARD,     /* R13, R15 */
  LW_REASON_SWEEP_AWARD,           /* R14, R15 */
  LW_REASON_OUT_OF_TURN,           /* R19 */
  LW_REASON_LOOKED_AT_DISCARDS,    /* R19 */
  LW_REASON_PENALTY_AWARD,         /* R19 */
  LW_REASON_COURT,                 /* G1 */
  LW_REASON_GARWOLVES,             /* G1 */
  LW_REASON_WAIVED,                /* R18, R19 */
  LW_REASON_FLOOR,                 /* R18 */
  LW_REASON_FORFEITED,             /* R22 */
} LwReason;

/**
 * LwItem:
 * @side: the side the points go to
 * @points: the nominal points, never 0
 * @reason: the ruling applied
 */
typedef struct {
  int      side;
  int      points;
  LwReason reason;
} LwItem;

/**
 * LwRoundResult:
 * @number: 1-based round number
 * @dealer: the seat that dealt the round (R4, R20)
 * @is_void: the round was void (R21)
 * @deltas: per side, the round's whole change
 * @scores: per side, the board after the round
 * @items: (element-type LwItem): what made the change; per side the items
 *   add up to the delta
 * @pack_made: a player declared and made the Pack (R9)
 * @pack_worth_zero: the Pack was made with every trick but the last, so it
 *   scored nothing (R11); no item says so, as items of 0 are left out
 * @void_gongs: the declarer's side missed the Pack: its Gong points made
 *   void (R12), subtracted from each award (R15); 0 otherwise
 * @void_dens: the same for its complete Den sets (R8, R12, R15)
 * @award_before_void: per side, the award of R13/R14 before R15 took
 *   @void_gongs + @void_dens off it (0: no award); an award taken down to
 *   0 has no item, so this says that it was there
 * @forfeits_deal: per seat, a penalty of the round found the seat's side
 *   at 0 and the others' point would have ended the game: nobody scored and
 *   the seat forfeits its next deal (R19, R20)
 */
typedef struct {
  guint    number;
  int      dealer;
  gboolean is_void;
  gboolean pack_made;
  gboolean pack_worth_zero;
  int      deltas[LW_MAX_SEATS];
  int      scores[LW_MAX_SEATS];
  GArray  *items;
  int      void_gongs;
  int      void_dens;
  int      award_before_void[LW_MAX_SEATS];
  gboolean forfeits_deal[LW_MAX_SEATS];
} LwRoundResult;

/**
 * LwStandings:
 * @n_sides: players in solo play, teams in partners play
 * @sides: (element-type utf8): side names (docs/rules/GAME-RECORD.md)
 * @rounds: (element-type LwRoundResult*): one result per round
 * @scores: the board after the last round (start scores with no rounds)
 * @finished: the game has ended (R23, R24; G2)
 * @winner: the winning side, or %LW_NO_SEAT
 * @skunk: the win is a skunk, worth double (R23)
 * @next_dealer: the seat that deals the next round (R4, R20, R20a)
 * @owes_deal: per seat, whether it still owes a forfeited deal (R19, R20a)
 *
 * A game's state, derived from its record. Free with lw_standings_free().
 */
typedef struct {
  guint      n_sides;
  GPtrArray *sides;
  GPtrArray *rounds;
  int        scores[LW_MAX_SEATS];
  gboolean   finished;
  int        winner;
  gboolean   skunk;
  int        next_dealer;
  gboolean   owes_deal[LW_MAX_SEATS];
} LwStandings;

/**
 * lw_standings_compute:
 * @record: a game record
 * @error: return location for a #GError
 *
 * Validates @record (lw_game_record_validate()) and replays every round
 * through SCORING R1–R25 (Little Wolf) or G1–G2 (Garwolf).
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for an invalid record or a dealer check
 * that does not match the rotation ("round 1: dealer is seat 1 (Ben), but
 * the deal passes to seat 0 (Ann)"); %LW_ENGINE_ERROR_GAME_OVER for a round
 * after the end of the game.
 *
 * Returns: (transfer full) (nullable): the standings, or %NULL on error.
 */
LwStandings *lw_standings_compute (const LwGameRecord  *record,
                                   GError             **error);

/**
 * lw_standings_read:
 * @text: (transfer full): a game record's JSON text (docs/rules/GAME-RECORD.md),
 *   UTF-8 of @length bytes; freed once it is read, before the replay, so
 *   that a large record's text and its standings never take memory at once
 * @length: length of @text in bytes, or -1 when nul-terminated
 * @record: (out) (transfer full) (optional): the record read, %NULL when
 *   the text is not a valid record; free with lw_game_record_free()
 * @error: return location for a #GError
 *
 * Reads a game record and replays it: lw_game_record_from_json(), then
 * lw_standings_compute() (SCORING R1–R25, G1–G2), as `littlewolf-cli score`
 * and `import` do before anything else.
 *
 * Errors: those of lw_game_record_from_json() (%LW_ENGINE_ERROR_PARSE,
 *   %LW_ENGINE_ERROR_INVALID) and of lw_standings_compute()
 *   (%LW_ENGINE_ERROR_INVALID, %LW_ENGINE_ERROR_GAME_OVER).
 *
 * Returns: (transfer full) (nullable): the standings, or %NULL on error
 *   (@record may then be a record that reads but does not replay).
 */
LwStandings *lw_standings_read (char          *text,
                                gssize         length,
                                LwGameRecord **record,
                                GError       **error);

/**
 * lw_standings_copy:
 * @standings: standings
 *
 * Returns: (transfer full): a deep copy of @standings (no replay); free
 *   with lw_standings_free().
 */
LwStandings *lw_standings_copy (const LwStandings *standings);

/**
 * lw_standings_extend:
 * @standings: the standings of @record's first `@standings->rounds->len`
 *   rounds, as lw_standings_compute() or this function made them (for
 *   another record with the same setup and those rounds first:
 *   lw_game_record_extends())
 * @record: the game record, with 0 or more rounds after those
 * @error: return location for a #GError
 *
 * Scores only @record's rounds that @standings has not scored, from the
 * state @standings left (scores, the deal, the deals owed): the same
 * rulings in the same code as lw_standings_compute() (SCORING R1–R25,
 * G1–G2), without replaying the rounds before. Each new round is checked
 * with lw_round_validate(). @standings is not changed.
 *
 * Errors: those of lw_standings_compute() for the new rounds.
 *
 * Returns: (transfer full) (nullable): the standings of the whole of
 *   @record, or %NULL on error.
 */
LwStandings *lw_standings_extend (const LwStandings   *standings,
                                  const LwGameRecord  *record,
                                  GError             **error);

/**
 * lw_standings_free:
 * @standings: (nullable): standings
 */
void lw_standings_free (LwStandings *standings);

/**
 * lw_standings_to_json:
 * @standings: standings
 *
 * Writes the standings JSON of docs/rules/GAME-RECORD.md, items included.
 *
 * Returns: (transfer full): pretty-printed UTF-8 JSON with a final newline.
 */
char *lw_standings_to_json (const LwStandings *standings);

/**
 * lw_standings_write_json:
 * @standings: standings
 * @write: where the text goes, in pieces (lw_json_write_to_file() for a
 *   stdio stream)
 * @write_data: passed to @write
 * @error: return location for a #GError
 *
 * Writes the same text as lw_standings_to_json(), one round at a time: the
 * memory it takes is that of one round, however long the game (a record of
 * a million rounds is written without its standings text or JSON tree ever
 * existing whole).
 *
 * Errors: those of @write (writing stops at the first).
 *
 * Returns: %TRUE when everything was written.
 */
gboolean lw_standings_write_json (const LwStandings  *standings,
                                  LwJsonWriteFunc     write,
                                  gpointer            write_data,
                                  GError            **error);

/**
 * lw_standings_write_record_json:
 * @data: a game record's JSON text, as lw_game_record_from_json() reads it
 * @length: the length of @data in bytes, or -1 when nul-terminated
 * @write: where the standings JSON goes, in pieces
 * @write_data: passed to @write
 * @error: return location for a #GError
 *
 * Writes the standings of the record in @data, the text
 * lw_standings_read() and then lw_standings_write_json() give, in memory
 * of @data's size and one round's, whatever the number of rounds: the
 * record is read and replayed round by round (lw_game_record_read_rounds())
 * twice, once whole to check it and find the standings at its end, which
 * the JSON gives first, then again with each round's result written as it
 * is scored. Nothing is written for a record refused. Of two errors in a
 * record, the first met round by round is the one reported
 * (lw_game_record_read_rounds()).
 *
 * Errors: those of lw_standings_read() and of @write.
 *
 * Returns: %TRUE when the standings were written whole.
 */
gboolean lw_standings_write_record_json (const char       *data,
                                         gssize            length,
                                         LwJsonWriteFunc   write,
                                         gpointer          write_data,
                                         GError          **error);

/**
 * lw_standings_add_sides:
 * @builder: a builder inside an object
 * @standings: standings
 *
 * Adds the member `sides` of the standings JSON (docs/rules/GAME-RECORD.md,
 * "Output: standings"): the names of the sides, in side order (the players
 * in solo play, the teams in partners play).
 */
void lw_standings_add_sides (JsonBuilder       *builder,
                             const LwStandings *standings);

/**
 * lw_standings_add_outcome:
 * @builder: a builder inside an object
 * @standings: standings
 *
 * Adds the members `finished`, `winner` (the winning side, or null while
 * the game goes on) and `skunk`, in that order: the game's end as SCORING
 * R23–R25 decide it, as the standings JSON and the table entry's board
 * write it.
 */
void lw_standings_add_outcome (JsonBuilder       *builder,
                               const LwStandings *standings);

/**
 * lw_round_result_add_members:
 * @builder: a builder inside a round's object
 * @standings: standings
 * @index: the round, 0 to `@standings->rounds->len` − 1
 *
 * Adds the members every round of the standings JSON starts with
 * (docs/rules/GAME-RECORD.md, "Output: standings"), in that order:
 * `number`, `dealer`, `deltas` (the round's whole change per side,
 * in-round penalties included) and `scores` (the board after the round,
 * SCORING R1–R25). The standings JSON adds the round's `items`, the table
 * entry's board whether the round is locked and its facts.
 */
void lw_round_result_add_members (JsonBuilder       *builder,
                                  const LwStandings *standings,
                                  guint              index);

/**
 * lw_standings_to_text:
 * @record: the record @standings were computed from
 * @standings: standings
 *
 * A score sheet to read: the game and its rules (a "Rules: …" line,
 * lw_game_record_rules_text(), when a rule set is named or a house rule
 * is not the ruling), the sides, one line per round (dealer, deltas,
 * scores, reasons) and the result.
 *
 * Returns: (transfer full): UTF-8 text with a final newline.
 */
char *lw_standings_to_text (const LwGameRecord *record,
                            const LwStandings  *standings);

/**
 * lw_round_pack_made:
 * @record: a Little Wolf game record
 * @round: one of its rounds
 *
 * Whether someone declared in @round and made the Pack: the declarer won
 * more than half of the cards in tricks, T (SCORING R9). The replay scores
 * the round by it and the statistics count the Packs made with it.
 *
 * Returns: %TRUE when the declarer made the Pack; %FALSE when nobody
 *   declared or the declarer did not.
 */
gboolean lw_round_pack_made (const LwGameRecord *record,
                             const LwRound      *round);

/**
 * lw_round_den_sets:
 * @round: a Little Wolf round
 * @seat: a seat of its game
 *
 * The complete sets of Den cards @seat won in @round: a pair of each of
 * Worms, Gongs, Big Bears and Little Wolves is one set (SCORING R8; two
 * decks can give two).
 *
 * Returns: the number of sets, 0 or more.
 */
int lw_round_den_sets (const LwRound *round,
                       guint          seat);

/**
 * lw_reason_to_string:
 * @reason: a reason
 *
 * Returns: (transfer none): the reason code of docs/rules/GAME-RECORD.md, e.g. "pack".
 */
const char *lw_reason_to_string (LwReason reason);

/**
 * lw_reason_to_label:
 * @reason: a reason
 *
 * Returns: (transfer none): the reason in words for people, translated,
 *   e.g. "Pack", "Worms", "Waived at 0".
 */
const char *lw_reason_to_label (LwReason reason);

/**
 * lw_item_describe:
 * @item: an item
 *
 * Returns: (transfer full): the item for people, e.g. "Pack +1",
 *   "Worms −1" (with a true minus sign).
 */
char *lw_item_describe (const LwItem *item);

/**
 * lw_round_result_describe_side:
 * @result: one round's result
 * @side: a side, 0..n_sides-1
 *
 * A side's items in words, in the order they were applied, joined with
 * ", ". A loss waived at 0 (SCORING R18, R19) is shown on the loss itself
 * rather than as a separate correction: "Pack +1, Worms −1 (waived at 0)".
 *
 * Returns: (transfer full) (nullable): the text, or %NULL when the side has
 *   no items in the round.
 */
char *lw_round_result_describe_side (const LwRoundResult *result,
                                     int                  side);

/**
 * lw_round_result_explain_side:
 * @record: (nullable): the game the round belongs to, for the players'
 *   names and the decks in play (lw_decks()); %NULL: no names, one deck
 * @result: one round's result of @record
 * @side: a side, 0..n_sides-1
 *
 * lw_round_result_describe_side() with the rules that change an item
 * named where they apply: an award cut by the declarer's void Den bonuses
 * "Declarer missed the Pack +1 (void Gongs reduce the award: 2 − 1, R15)",
 * also when cut to 0; a penalty at 0 whose point to the others would have
 * ended the game "Played out of turn −1 (waived at 0: a point to the
 * others would end the game, so Ann forfeits their next deal, R19)"; a
 * complete Den set in a two-deck game "A complete set of eight Den cards
 * +2" (one deck: "All eight Den cards +2", R8).
 *
 * Returns: (transfer full) (nullable): the text, or %NULL when the side has
 *   nothing to show in the round.
 */
char *lw_round_result_explain_side (const LwGameRecord  *record,
                                    const LwRoundResult *result,
                                    int                  side);

/**
 * lw_standings_needed_to_win:
 * @record: the record
 * @standings: its standings
 * @side: a side
 *
 * Returns: the points @side still needs to reach the target (R24, G2),
 *   0 when it already has it.
 */
int lw_standings_needed_to_win (const LwGameRecord *record,
                                const LwStandings  *standings,
                                int                 side);

/**
 * lw_standings_needed_for_skunk:
 * @record: the record
 * @standings: its standings
 * @side: a side
 *
 * While another side has 0, reaching the skunk threshold ends the game
 * with a skunk (SCORING R23), often sooner than the target.
 *
 * Returns: the points @side still needs for a skunk (0 when it already has
 *   them), or -1 when no skunk is in reach (no other side at 0, or Garwolf).
 */
int lw_standings_needed_for_skunk (const LwGameRecord *record,
                                   const LwStandings  *standings,
                                   int                 side);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwStandings, lw_standings_free)

G_END_DECLS
