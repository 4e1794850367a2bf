/* lw-duplicate-par.h — a duplicate board's par (docs/rules/DUPLICATE.md
 * D10): the board played by computers only, shown beside its travelling
 * sheet and never counted
 *
 * A par is played at a table of the event's size whose every seat is a
 * computer of one level, from the board's exact deal (lw_board_new_table())
 * to the round's end; its round is then scored as any board's (D4,
 * lw_duplicate_score_board()) and netted (D5). It takes no part in times
 * played, matchpoints or standings: lw_duplicate_traveller() and
 * lw_duplicate_compute_standings() never see it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "lw-bot.h"
#include "lw-duplicate.h"

G_BEGIN_DECLS

/* The salt of a par's seat generator ("PAR" in ASCII). */
#define LW_PAR_SEED_SALT G_GUINT64_CONSTANT (0x504152)

/**
 * LwBoardPar:
 * @board: the board's number k, ≥ 1
 * @level: the level every seat played at
 * @facts: (transfer full): the round's facts, seats as at the par's table
 *   (seat s of the board's deal)
 * @n_sides: the positions: the table's seats, or 2 at a partners table
 * @deltas: each position's delta on the board (D4)
 * @nets: each position's net (D5); they sum to 0
 *
 * One board's par (DUPLICATE D10).
 */
typedef struct {
  guint       board;
  LwBotLevel  level;
  LwRound    *facts;
  guint       n_sides;
  int         deltas[LW_EVENT_MAX_SEATS];
  LwFraction  nets[LW_EVENT_MAX_SEATS];
} LwBoardPar;

/**
 * lw_board_par_free:
 * @par: (nullable): a par
 */
void lw_board_par_free (LwBoardPar *par);

/**
 * lw_duplicate_par_record:
 * @event: a duplicate event
 * @board: a board's number, ≥ 1
 *
 * The one-round game a par is scored as: lw_duplicate_board_record()'s
 * (DUPLICATE D4) with the seats named "Seat 1" … and table 0 (no table of
 * the event). Its house rules (lw_game_record_house_rules()) are the ones
 * the par is played with.
 *
 * Returns: (transfer full): a record with no rounds.
 */
LwGameRecord *lw_duplicate_par_record (const LwEvent *event,
                                       guint          board);

/**
 * lw_duplicate_score_par:
 * @event: a duplicate event
 * @board: a board's number, ≥ 1
 * @level: the level the par was played at
 * @facts: the par's round (copied)
 * @error: return location for a #GError
 *
 * Scores a par's round exactly as a board result is scored
 * (lw_duplicate_score_board() on lw_duplicate_par_record(), DUPLICATE D4)
 * and nets it (lw_duplicate_nets(), D5).
 *
 * Errors: those of lw_duplicate_score_board() ("board 3: round 1: …").
 *
 * Returns: (transfer full) (nullable): the par, or %NULL on error.
 */
LwBoardPar *lw_duplicate_score_par (const LwEvent  *event,
                                    guint           board,
                                    LwBotLevel      level,
                                    const LwRound  *facts,
                                    GError        **error);

/**
 * lw_duplicate_play_par:
 * @event: a duplicate event
 * @board: a board's number, ≥ 1
 * @level: how every seat plays (docs/BOTS.md); Hard is the usual par
 * @error: return location for a #GError
 *
 * Plays board @board by computers only (DUPLICATE D10): the table of
 * lw_board_new_table() (the board's deal exactly, D1) with the house rules
 * of lw_duplicate_par_record(), every seat at @level with the default
 * budget (#LwBotOptions, no time limit), partners as sides 0+2 and 1+3,
 * every choice drawn from one generator seeded with
 * `lw_seed_mix (board seed, LW_PAR_SEED_SALT)` (lw_board_seed()), played
 * to the round's end; its facts (lw_table_round_facts()) are then scored
 * by lw_duplicate_score_par(). The same event, board and level give the
 * same par on every machine (Expert: unless its safety limit of
 * %LW_BOT_EXPERT_SAFETY_MS per decision cuts a search short).
 *
 * Takes milliseconds (Normal) to about 0.2 s (Hard) or 0.7 s (Expert) of
 * wall time per board at a 4-seat table on a loaded machine: call it from
 * a worker thread in an interface. Uses no global mutable state.
 *
 * Errors: those of lw_duplicate_score_par() (not expected from a finished
 * table).
 *
 * Returns: (transfer full) (nullable): the par, or %NULL on error.
 */
LwBoardPar *lw_duplicate_play_par (const LwEvent  *event,
                                   guint           board,
                                   LwBotLevel      level,
                                   GError        **error);

/**
 * lw_duplicate_find_par:
 * @pars: (nullable) (element-type LwBoardPar): pars
 * @board: a board's number
 *
 * Returns: (transfer none) (nullable): the par of @board in @pars, or
 *   %NULL when there is none.
 */
const LwBoardPar *lw_duplicate_find_par (GPtrArray *pars,
                                         guint      board);

/**
 * lw_board_par_add_json:
 * @builder: a builder where a value goes
 * @par: (nullable): a par, or %NULL for JSON null
 *
 * Adds a par as docs/EVENTS.md "Travelling sheets" shows it: {"level":
 * "hard", "rows": [{"position", "delta", "net": {"numerator",
 * "denominator", "text"}}]}, one row per position.
 */
void lw_board_par_add_json (JsonBuilder      *builder,
                            const LwBoardPar *par);

/**
 * lw_board_par_text:
 * @par: a par
 * @level_name: the level as shown ("Hard")
 *
 * The par as one line of a travelling sheet: "Par (Hard): 0: -3 (-4.50),
 * 1: 3 (4.50)", each position with its delta and, in brackets, its net
 * (lw_fraction_format()).
 *
 * Returns: (transfer full): UTF-8 text, no final newline.
 */
char *lw_board_par_text (const LwBoardPar *par,
                         const char       *level_name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwBoardPar, lw_board_par_free)

G_END_DECLS
