/* lw-table-session.h — one virtual table's loop, without a screen or a
 * network: the game's set-up from its record, the deal, an action checked
 * by the engine, computer seats choosing on a worker thread, the finished
 * trick held before a computer leads, the round saved after each action,
 * the round's end stored and the next deal; or one duplicate board played
 * and entered as its result (lw_table_session_new_board()); a "changed"
 * signal for the views and transports above it (the remote table's
 * LwTableHost, the app's table page).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-bot.h"
#include "lw-store.h"
#include "lw-table-seats.h"

G_BEGIN_DECLS

#define LW_TYPE_TABLE_SESSION (lw_table_session_get_type ())
G_DECLARE_FINAL_TYPE (LwTableSession, lw_table_session, LW, TABLE_SESSION, GObject)

/**
 * lw_table_session_new:
 * @store: the store the game is kept in
 * @record: the game as New Game made it: its players, sides, first
 *   dealer, target and house rules (TRICKS T9, T22) are the game's; it
 *   must have no rounds
 * @seats: who plays each seat (computer seats and their levels) and the
 *   deals' seed (0: a random one); @seats->n_players must be
 *   @record->n_players
 * @error: return location for a #GError
 *
 * Stores a new game played at the virtual table (lw_store_add_game(),
 * then lw_store_save_table() with no round) and reads it back. Nothing is
 * dealt until lw_table_session_start(). Timers and the computers' results
 * are attached to the thread-default main context of this call; the
 * session and @store are used from that thread only.
 *
 * Errors: %G_IO_ERROR_INVALID_ARGUMENT for seats that do not fit the
 * record, or a record with rounds; %LW_ENGINE_ERROR_* for a record the
 * engine refuses; %LW_STORE_ERROR_* from the store.
 *
 * Returns: (transfer full) (nullable): the session, or %NULL.
 */
LwTableSession *lw_table_session_new (LwStore            *store,
                                      const LwGameRecord *record,
                                      const LwTableSeats *seats,
                                      GError            **error);

/**
 * lw_table_session_open:
 * @store: the store the game is kept in
 * @game_id: a game played at the virtual table
 * @error: return location for a #GError
 *
 * Opens a stored game of the virtual table: the game and its standings,
 * its seats (lw_table_seats_from_json()) and the round in progress when it
 * is still the game's next one (a round saved before the game's rounds
 * were corrected, or dealt by another dealer, is dealt again). Nothing
 * moves until lw_table_session_start().
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND when the game or its table is not
 * stored; %LW_ENGINE_ERROR_* when its seats or round cannot be read (the
 * message names the game and round); other %LW_STORE_ERROR_*.
 *
 * Returns: (transfer full) (nullable): the session, or %NULL.
 */
LwTableSession *lw_table_session_open (LwStore  *store,
                                       gint64    game_id,
                                       GError  **error);

/**
 * lw_table_session_new_board:
 * @store: the store the duplicate event is kept in
 * @event_id: a duplicate event's ID
 * @round: the event round, 1-based, paired
 * @table: one of its tables, 1-based
 * @board: the board to play, one of the event round's
 *   (lw_duplicate_first_board() and the boards_per_round after it) not yet
 *   entered at @table; 0 for the first of them not yet entered
 * @seats: (nullable): who plays each seat (computer seats and their
 *   levels; the seed is not read: the computers' moves are seeded by the
 *   board's seed); @seats->n_players must be the table's seats; %NULL:
 *   every seat a person's
 * @error: return location for a #GError
 *
 * A session that plays one board of a duplicate event at one table, as the
 * app's board mode does: the round is dealt from the board exactly
 * (lw_board_new_table(), DUPLICATE D1), the board's dealer deals (D2), the
 * game is the board's one-round game (lw_duplicate_board_record(): the
 * table's players in their seats, partners as the event says, the event's
 * rule set, D4). No game is stored and nothing is saved while the board
 * is played (lw_table_session_get_game_id() is 0). When the round is over,
 * its facts (lw_table_round_facts()) are entered as the board's result by
 * lw_store_add_event_board_result() (D9: one row of event_board_results),
 * the store's watch, if any, is flushed, the round is added to the record
 * and the standings scored again (D4), and the session is over
 * (lw_table_session_is_over()): it deals no next board, which is the
 * caller's choice (a new session). A result the store refuses (a board
 * entered meanwhile, D9) leaves nothing stored: the session is over all
 * the same, lw_table_session_get_board_error() says why and the event is
 * read again. Use lw_table_session_start() and the rest as for a game;
 * lw_table_session_set_hosted() does not apply. The thread rules are
 * lw_table_session_new()'s.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND for no such event (or another
 * %LW_STORE_ERROR_*); %LW_ENGINE_ERROR_INVALID for an event that is not
 * duplicate, a round not paired or a table it lacks, a board not of the
 * round, a board entered already at the table (D9), or every board of the
 * round entered when @board is 0; %G_IO_ERROR_INVALID_ARGUMENT for @seats
 * not as many as the table's.
 *
 * Returns: (transfer full) (nullable): the session, or %NULL.
 */
LwTableSession *lw_table_session_new_board (LwStore             *store,
                                            gint64               event_id,
                                            guint                round,
                                            guint                table,
                                            guint                board,
                                            const LwTableSeats  *seats,
                                            GError             **error);

/**
 * lw_table_session_set_hosted:
 * @self: a session not started
 * @version: the version the table counts on from (0 for a new table,
 *   whose first deal is saved as version 1 and counts as it)
 *
 * Saves the round from now on as a hosted table's
 * (lw_store_save_hosted_round()), each save with the version the table
 * has once the change is made: every change counts one more, so that a
 * remote seat's answer to an old state is known to be stale.
 */
void lw_table_session_set_hosted (LwTableSession *self,
                                  guint64         version);

/**
 * lw_table_session_start:
 * @self: a session
 * @error: return location for a #GError
 *
 * Starts the loop: the round opened goes on where it stopped (one played
 * to its end whose storing was cut short is stored now, once), else the
 * game's next round is dealt (lw_table_seats_deal(): the dealer by the
 * scoring engine, SCORING R4, R20) and saved; a computer to act starts
 * choosing. Called once.
 *
 * Errors: %LW_STORE_ERROR_* when the deal cannot be saved.
 *
 * Returns: %TRUE when started.
 */
gboolean lw_table_session_start (LwTableSession  *self,
                                 GError         **error);

/**
 * lw_table_session_apply:
 * @self: a started session
 * @action: a person's action for the seat to act (@action->seat)
 *
 * @error: return location for a #GError
 *
 * Applies @action through the engine (lw_table_apply()), saves the round,
 * stores it when it is over (lw_store_finish_virtual_round(): the next
 * deal after the round's end has been shown, or the game over), emits
 * #LwTableSession::changed and lets a computer to act choose.
 *
 * Errors: %G_IO_ERROR_PERMISSION_DENIED when no person may act now (the
 * round or the game over, the seat a computer's, or not @action->seat's
 * turn); %LW_ENGINE_ERROR_* when the rules refuse the action (nothing
 * changed). A save that fails afterwards is logged, not returned: the
 * action stands.
 *
 * Returns: %TRUE when applied.
 */
gboolean lw_table_session_apply (LwTableSession  *self,
                                 const LwAction  *action,
                                 GError         **error);

/**
 * lw_table_session_set_seat:
 * @self: a session
 * @seat: a seat, 0…n−1
 * @computer: the seat is played by the computer from now on
 * @level: its level (read when @computer)
 *
 * Gives a seat to a computer or back to a person (or a new level): a
 * computer's move chosen or waiting for that seat is dropped when it goes
 * back to a person. Once started, it is a change: the round is saved and
 * #LwTableSession::changed emitted.
 */
void lw_table_session_set_seat (LwTableSession *self,
                                int             seat,
                                gboolean        computer,
                                LwBotLevel      level);

/**
 * lw_table_session_set_timing:
 * @self: a session
 * @pause_ms: how long a computer's move waits before it is played, ms
 * @hold_ms: how long a finished trick stays before a computer leads the
 *   next, ms; the round's end stays four holds before the next deal
 */
void lw_table_session_set_timing (LwTableSession *self,
                                  guint           pause_ms,
                                  guint           hold_ms);

/**
 * LwTableUndo:
 * @LW_TABLE_UNDO_ALLOWED: the undo may be made
 * @LW_TABLE_UNDO_NOTHING: nothing to take back: no round under way, no
 *   action of the seat's yet, or another person has acted since
 * @LW_TABLE_UNDO_PUPS_SEEN: the seat has seen the Pups since (SCORING R19)
 * @LW_TABLE_UNDO_LED: a computer seat has led a trick since
 *
 * Whether a person's last action may be taken back
 * (lw_table_session_undo_point()).
 */
typedef enum
{
  LW_TABLE_UNDO_ALLOWED,
  LW_TABLE_UNDO_NOTHING,
  LW_TABLE_UNDO_PUPS_SEEN,
  LW_TABLE_UNDO_LED,
} LwTableUndo;

/**
 * lw_table_session_undo_point:
 * @self: a session
 * @seat: the person asking, 0…n−1
 * @n_actions: (out) (optional): with %LW_TABLE_UNDO_ALLOWED, the length
 *   of the round's log the undo goes back to
 * @led_by: (out) (optional): with %LW_TABLE_UNDO_LED, the computer seat
 *   that led
 *
 * How far an undo may go now. The undo takes back @seat's last action
 * together with the computer seats' answers after it within the same
 * trick, when no other person has acted since. It is refused once a
 * computer seat has led a trick after that action: the person has seen
 * the lead, and taking it back would let them play again knowing it. It
 * never goes back past the Pups @seat has seen (lw_table_check_undo(),
 * SCORING R19).
 *
 * Returns: %LW_TABLE_UNDO_ALLOWED, or why not.
 */
LwTableUndo lw_table_session_undo_point (LwTableSession *self,
                                         int             seat,
                                         guint          *n_actions,
                                         int            *led_by);

/**
 * lw_table_session_undo:
 * @self: a started session
 * @seat: the person asking
 * @error: return location for a #GError
 *
 * Takes back @seat's last action and the computers' answers after it
 * (lw_table_session_undo_point()): the round replayed to the point before
 * it (lw_table_replay_prefix()), a computer's move chosen or waiting
 * dropped, the round saved and #LwTableSession::changed emitted.
 *
 * Errors: %G_IO_ERROR_PERMISSION_DENIED when lw_table_session_undo_point()
 * refuses (the message says why, in English); %LW_ENGINE_ERROR_* from the
 * replay.
 *
 * Returns: %TRUE when taken back.
 */
gboolean lw_table_session_undo (LwTableSession  *self,
                                int              seat,
                                GError         **error);

/**
 * lw_table_session_set_deal_on_request:
 * @self: a session
 * @on_request: the next round is dealt by lw_table_session_next_round()
 *   only (a person's Next Round), not on its own after the round's end
 */
void lw_table_session_set_deal_on_request (LwTableSession *self,
                                           gboolean        on_request);

/**
 * lw_table_session_next_round:
 * @self: a started session whose round is over (not the game)
 * @error: return location for a #GError
 *
 * Deals the game's next round now (the dealer by the scoring engine,
 * SCORING R4, R20), saves it and emits #LwTableSession::changed.
 *
 * Errors: %G_IO_ERROR_PERMISSION_DENIED when the round is not over or
 * the game is; %LW_STORE_ERROR_* when the deal cannot be saved.
 *
 * Returns: %TRUE when dealt.
 */
gboolean lw_table_session_next_round (LwTableSession  *self,
                                      GError         **error);

/**
 * lw_table_session_set_hold_stepped:
 * @self: a session
 * @stepped: count the finished trick's hold only by
 *   lw_table_session_step_hold(), not by the clock (tests: the hold seen
 *   from both sides of its end without waiting for it)
 *
 * With @stepped, a computer's lead chosen while a finished trick is shown
 * waits (lw_table_session_is_holding()) until lw_table_session_step_hold()
 * has counted the hold of lw_table_session_set_timing(); the computer's
 * other moves keep their pause.
 */
void lw_table_session_set_hold_stepped (LwTableSession *self,
                                        gboolean        stepped);

/**
 * lw_table_session_step_hold:
 * @self: a session with a stepped hold (lw_table_session_set_hold_stepped())
 * @msec: time passed, milliseconds
 *
 * Counts @msec of the finished trick's hold; once the hold is over, the
 * computer's lead is played (saved, #LwTableSession::changed emitted).
 *
 * Returns: %TRUE while the finished trick is still held, %FALSE once the
 *   lead is played or when nothing is held.
 */
gboolean lw_table_session_step_hold (LwTableSession *self,
                                     guint           msec);

/** lw_table_session_is_holding: Returns: whether a computer's lead waits for the finished trick's stepped hold. */
gboolean lw_table_session_is_holding (LwTableSession *self);

/**
 * lw_table_session_stop:
 * @self: a session
 *
 * Stops the loop for good: a computer's choice under way is cancelled,
 * a move or deal waiting is dropped. The stored game is untouched.
 */
void lw_table_session_stop (LwTableSession *self);

/** lw_table_session_get_game_id: Returns: the game's ID in the store. */
gint64 lw_table_session_get_game_id (LwTableSession *self);

/** lw_table_session_get_record: Returns: (transfer none): the game as stored, its rounds so far. */
const LwGameRecord *lw_table_session_get_record (LwTableSession *self);

/** lw_table_session_get_standings: Returns: (transfer none): the game's standings. */
const LwStandings *lw_table_session_get_standings (LwTableSession *self);

/**
 * lw_table_session_get_table:
 * @self: a session
 *
 * Returns: (transfer none) (nullable): the round dealt (kept once it is
 *   over, until the next deal), %NULL before the start.
 */
const LwTable *lw_table_session_get_table (LwTableSession *self);

/** lw_table_session_get_seats: Returns: (transfer none): the seats: who is a computer, their levels, the seed. */
const LwTableSeats *lw_table_session_get_seats (LwTableSession *self);

/** lw_table_session_get_team_of: Returns: (transfer none) (nullable): each seat's side in partners play, else %NULL. */
const int *lw_table_session_get_team_of (LwTableSession *self);

/** lw_table_session_get_round_number: Returns: the game's round the table deals, 1-based. */
guint lw_table_session_get_round_number (LwTableSession *self);

/** lw_table_session_get_version: Returns: the number of changes so far (from the version given lw_table_session_set_hosted()). */
guint64 lw_table_session_get_version (LwTableSession *self);

/** lw_table_session_is_round_over: Returns: whether the round dealt is over and stored. */
gboolean lw_table_session_is_round_over (LwTableSession *self);

/** lw_table_session_is_over: Returns: whether the game is over (SCORING R23, R24). */
gboolean lw_table_session_is_over (LwTableSession *self);

/** lw_table_session_is_choosing: Returns: whether a computer's move is being chosen or waits for its pause. */
gboolean lw_table_session_is_choosing (LwTableSession *self);

/**
 * lw_table_session_get_turn:
 * @self: a session
 *
 * Returns: the seat to act now, or %LW_NO_SEAT (none dealt, the round or
 *   the game over).
 */
int lw_table_session_get_turn (LwTableSession *self);

/**
 * lw_table_session_get_winning_seat:
 * @self: a session
 *
 * Returns: the seat winning the trick under way under the game's house
 *   rules (lw_table_get_winning_seat(), TRICKS §5, T22), or %LW_NO_SEAT.
 */
int lw_table_session_get_winning_seat (LwTableSession *self);

/**
 * lw_table_session_get_obligatory:
 * @self: a session
 * @picked: the cards of the seat to follow picked so far, a mask of
 *   lw_table_get_hand() positions (0: none)
 *
 * Returns: the cards of the hand of the seat to follow that every legal
 *   follow holds and are not among @picked (lw_table_obligatory(),
 *   TRICKS §4), as a mask of lw_table_get_hand() positions; 0 when no
 *   follow is due.
 */
guint32 lw_table_session_get_obligatory (LwTableSession *self,
                                         guint32         picked);

/** lw_table_session_get_board: Returns: the duplicate board played (lw_table_session_new_board()), 0 for a game. */
guint lw_table_session_get_board (LwTableSession *self);

/**
 * lw_table_session_get_event:
 * @self: a session
 *
 * Returns: (transfer none) (nullable): the board's duplicate event as last
 *   read or stored (with the board's result once entered), %NULL for a
 *   game.
 */
const LwEvent *lw_table_session_get_event (LwTableSession *self);

/**
 * lw_table_session_get_board_error:
 * @self: a session
 *
 * Returns: (transfer none) (nullable): why the board's result was not
 *   entered at its end (lw_store_add_event_board_result()'s error, such as
 *   %LW_ENGINE_ERROR_INVALID for a board entered meanwhile, DUPLICATE D9),
 *   %NULL when it was or is still to come.
 */
const GError *lw_table_session_get_board_error (LwTableSession *self);

G_END_DECLS
