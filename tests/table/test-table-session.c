/* test-table-session.c — the virtual table's loop without a screen or a
 * network (LwTableSession): a game set up from its record (first dealer,
 * target, house rules) played to its end by computer seats, every round
 * stored (and the game replayed once per round, by the store's check);
 * a person's action checked, saved and counted; a session opened
 * again where it stopped; the facts the views show; the finished trick's
 * hold counted in steps; Undo, refused once a computer has led since; a
 * duplicate board played to its end and entered as its result, as the
 * app's board mode enters it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-engine.h"
#include "lw-score-private.h"
#include "lw-store-event-boards.h"
#include "lw-store-event-rounds.h"
#include "lw-store-events.h"
#include "lw-store-private.h"
#include "lw-store-table.h"
#include "lw-table-session.h"
#include "lw-test-util.h"

/* Bounds of one game: main loop turns. */
#define MAX_TURNS 200000

static void
count_change (LwTableSession *session,
              guint          *changes)
{
  (*changes)++;
}

/* A record of @n players: Ann, Ben, …; seat 2 (or the last) deals first,
 * a low target, TRICKS T22's whole-trick house rule. */
static LwGameRecord *
record_new (guint n)
{
  static const char *const names[] = { "Ann", "Ben", "Cleo", "Dan" };
  LwGameRecord *record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, n, names);

  record->first_dealer = (int) MIN (2, n - 1);
  record->target = 4;
  record->over_trump = LW_OVER_TRUMP_WHOLE_TRICK;
  return record;
}

/* New Game's record sets up the table: its first dealer deals round 1 by
 * its house rules; computers play the game to its end (the target the
 * record's), every round stored with its log and the table removed. */
static void
test_whole_game (LwTestDb      *db,
                 gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = record_new (3);
  LwTableSeats seats = { .n_players = 3, .seed = 5 };
  g_autoptr (LwTableSession) session = NULL;
  g_autoptr (LwGameRecord) stored = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GError) error = NULL;
  guint changes = 0, turns = 0, replays;
  const LwTable *table;

  for (guint s = 0; s < 3; s++)
    {
      seats.computer[s] = TRUE;
      seats.level[s] = LW_BOT_RANDOM;
    }
  session = lw_table_session_new (db->store, record, &seats, &error);
  g_assert_no_error (error);
  lw_table_session_set_timing (session, 0, 0);
  g_signal_connect (session, "changed", G_CALLBACK (count_change), &changes);
  g_assert_null (lw_table_session_get_table (session));
  g_assert_true (lw_table_session_start (session, &error));
  g_assert_no_error (error);

  table = lw_table_session_get_table (session);
  g_assert_cmpint (lw_table_get_dealer (table), ==, 2);
  g_assert_true (lw_table_get_rules (table)->whole_trick_overtrump);
  g_assert_cmpuint (lw_table_session_get_round_number (session), ==, 1);
  g_assert_cmpint (lw_table_session_get_record (session)->target, ==, 4);

  replays = lw_score_get_replay_count ();
  while (!lw_table_session_is_over (session) && turns++ < MAX_TURNS)
    g_main_context_iteration (NULL, TRUE);
  replays = lw_score_get_replay_count () - replays;
  g_assert_true (lw_table_session_is_over (session));
  g_assert_cmpuint (changes, ==, lw_table_session_get_version (session));
  /* A round's end replays the game once, where the store checks the
   * round; the session's standings only score the new round. */
  g_assert_cmpuint (replays, ==, lw_table_session_get_record (session)->rounds->len);
  g_test_message ("%u rounds, %u changes", lw_table_session_get_record (session)->rounds->len, changes);

  /* Every round stored, as the session holds them; the game over. */
  g_assert_true (lw_store_reload_game (db->store, lw_table_session_get_game_id (session), &stored, &standings,
                                       &error));
  g_assert_no_error (error);
  g_assert_true (standings->finished);
  g_assert_cmpuint (stored->rounds->len, ==, lw_table_session_get_record (session)->rounds->len);
  g_assert_cmpuint (stored->rounds->len, >, 0);
  g_assert_cmpint (((LwRound *) g_ptr_array_index (stored->rounds, 0))->dealer, ==, 2);
  g_assert_true (lw_table_session_get_standings (session)->finished);
  {
    g_autofree char *held = lw_standings_to_json (lw_table_session_get_standings (session));
    g_autofree char *replayed = lw_standings_to_json (standings);

    g_assert_cmpstr (held, ==, replayed);
  }
  g_assert_false (lw_store_has_table (db->store, lw_table_session_get_game_id (session)));
}

/* A person's action: refused when it is not the seat's turn or the rules
 * refuse it (nothing changed, nothing saved), applied and saved when
 * legal; the session opened again holds the round where it stopped. */
static void
test_person_action (LwTestDb      *db,
                    gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = record_new (2);
  LwTableSeats seats = { .n_players = 2, .seed = 9 };
  g_autoptr (LwTableSession) session = NULL;
  g_autoptr (LwTableSession) again = NULL;
  g_autoptr (LwStoredTable) saved = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *json_again = NULL;
  LwAction action = { 0 };
  guint changes = 0;
  int turn;

  session = lw_table_session_new (db->store, record, &seats, &error);
  g_assert_no_error (error);
  g_signal_connect (session, "changed", G_CALLBACK (count_change), &changes);
  g_assert_true (lw_table_session_start (session, &error));
  turn = lw_table_session_get_turn (session);
  g_assert_cmpint (turn, ==, 1);   /* the first dealer bids first */

  /* Not the seat's turn. */
  action.kind = LW_ACTION_DECLINE;
  action.seat = 1 - turn;
  g_assert_false (lw_table_session_apply (session, &action, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_clear_error (&error);
  /* A play at the bidding: the engine refuses it. */
  action.kind = LW_ACTION_PLAY;
  action.seat = turn;
  g_assert_false (lw_table_session_apply (session, &action, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY);
  g_clear_error (&error);
  g_assert_cmpuint (changes, ==, 0);
  g_assert_cmpuint (lw_table_session_get_version (session), ==, 0);

  action.kind = LW_ACTION_DECLINE;
  g_assert_true (lw_table_session_apply (session, &action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpint (lw_table_session_get_turn (session), ==, 1 - turn);

  /* Saved after the action, as the session holds it. */
  json = lw_table_to_json (lw_table_session_get_table (session));
  saved = lw_store_load_table (db->store, lw_table_session_get_game_id (session), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (saved->round, ==, json);
  g_assert_cmpuint (saved->round_number, ==, 1);

  /* Opened again: the same round, where it stopped. */
  lw_table_session_stop (session);
  again = lw_table_session_open (db->store, lw_table_session_get_game_id (session), &error);
  g_assert_no_error (error);
  g_assert_true (lw_table_session_start (again, &error));
  json_again = lw_table_to_json (lw_table_session_get_table (again));
  g_assert_cmpstr (json_again, ==, json);
  g_assert_cmpint (lw_table_session_get_turn (again), ==, 1 - turn);
  g_assert_true (lw_table_get_rules (lw_table_session_get_table (again))->whole_trick_overtrump);
}

/* A computer seat given back to a person before it moved: its move is
 * dropped, the person acts; given to a computer again, it moves. */
static void
test_seat_handover (LwTestDb      *db,
                    gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = record_new (2);
  LwTableSeats seats = { .n_players = 2, .seed = 3, .computer = { FALSE, TRUE } };
  g_autoptr (LwTableSession) session = NULL;
  g_autoptr (GError) error = NULL;
  LwAction action = { .kind = LW_ACTION_DECLINE, .seat = 1 };
  guint turns = 0;

  session = lw_table_session_new (db->store, record, &seats, &error);
  g_assert_no_error (error);
  /* A long pause: the computer's move waits. */
  lw_table_session_set_timing (session, 60000, 0);
  g_assert_true (lw_table_session_start (session, &error));
  g_assert_cmpint (lw_table_session_get_turn (session), ==, 1);
  g_assert_true (lw_table_session_is_choosing (session));
  while (turns++ < 1000 && g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_false (lw_table_session_apply (session, &action, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_clear_error (&error);

  lw_table_session_set_seat (session, 1, FALSE, LW_BOT_NORMAL);
  g_assert_false (lw_table_session_is_choosing (session));
  g_assert_true (lw_table_session_apply (session, &action, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lw_table_session_get_turn (session), ==, 0);
  g_assert_false (lw_table_session_get_seats (session)->computer[1]);
}

/* Until no computer seat is choosing (or its lead waits for a stepped
 * hold). */
static void
run_until_idle (LwTableSession *session)
{
  guint turns = 0;

  while (lw_table_session_is_choosing (session) && !lw_table_session_is_holding (session))
    {
      g_main_context_iteration (NULL, TRUE);
      turns++;
      g_assert_cmpuint (turns, <, MAX_TURNS);
    }
}

/* The person in @seat makes the move the Random level would. */
static LwAction
person_move (LwTableSession *session,
             int             seat)
{
  g_autoptr (GError) error = NULL;
  const LwTable *table = lw_table_session_get_table (session);
  LwAction action;
  LwRng rng;

  lw_rng_init (&rng, lw_table_get_log (table)->len + 17);
  lw_bot_choose (table, LW_BOT_RANDOM, lw_table_session_get_team_of (session), &rng, &action);
  g_assert_cmpint (action.seat, ==, seat);
  g_assert_true (lw_table_session_apply (session, &action, &error));
  g_assert_no_error (error);
  return action;
}

/* A session of two: Ann (seat 0) a person, Ben a computer at Random. */
static LwTableSession *
person_against_computer (LwTestDb *db,
                         guint64   seed)
{
  g_autoptr (LwGameRecord) record = record_new (2);
  LwTableSeats seats = { .n_players = 2, .seed = seed, .computer = { FALSE, TRUE } };
  g_autoptr (GError) error = NULL;
  LwTableSession *session;

  seats.level[1] = LW_BOT_RANDOM;
  session = lw_table_session_new (db->store, record, &seats, &error);
  g_assert_no_error (error);
  lw_table_session_set_timing (session, 0, 0);
  lw_table_session_set_deal_on_request (session, TRUE);
  g_assert_true (lw_table_session_start (session, &error));
  run_until_idle (session);
  return session;
}

/* The finished trick's hold counted in steps: the computer's lead waits
 * until the steps make the hold, then is played once. */
static void
test_stepped_hold (LwTestDb      *db,
                   gconstpointer  data)
{
  g_autoptr (LwTableSession) session = person_against_computer (db, 21);
  guint moves = 0, log_len;

  lw_table_session_set_timing (session, 0, 1500);
  lw_table_session_set_hold_stepped (session, TRUE);
  g_assert_false (lw_table_session_step_hold (session, 1500));
  while (!lw_table_session_is_holding (session))
    {
      g_assert_false (lw_table_session_is_round_over (session));
      g_assert_cmpint (lw_table_session_get_turn (session), ==, 0);
      person_move (session, 0);
      run_until_idle (session);
      moves++;
      g_assert_cmpuint (moves, <, 40);
    }
  /* Held: the trick finished, none of the next played, Ben's turn. */
  g_assert_cmpint (lw_table_session_get_turn (session), ==, 1);
  g_assert_true (lw_table_session_is_choosing (session));
  log_len = lw_table_get_log (lw_table_session_get_table (session))->len;
  g_assert_true (lw_table_session_step_hold (session, 1000));
  g_assert_true (lw_table_session_step_hold (session, 499));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_true (lw_table_session_is_holding (session));
  g_assert_cmpuint (lw_table_get_log (lw_table_session_get_table (session))->len, ==, log_len);
  g_assert_false (lw_table_session_step_hold (session, 1));
  g_assert_false (lw_table_session_is_holding (session));
  g_assert_cmpuint (lw_table_get_log (lw_table_session_get_table (session))->len, ==, log_len + 1);
  g_assert_cmpint (lw_table_session_get_turn (session), ==, 0);
  g_assert_false (lw_table_session_step_hold (session, 1500));
}

/* Undo at every move of Ann's for some rounds: it takes back her action
 * with Ben's answers in the same trick (the table as it was before it),
 * but is refused once Ben has led a trick after it (she has seen the
 * lead), and never goes back past the Pups she has seen (SCORING R19). */
static void
test_undo (LwTestDb      *db,
           gconstpointer  data)
{
  g_autoptr (LwTableSession) session = person_against_computer (db, 9);
  guint n_allowed = 0, n_answered = 0, n_led = 0, n_pups = 0;

  for (guint round = 0; round < 6 && !lw_table_session_is_over (session); round++)
    {
      while (!lw_table_session_is_round_over (session))
        {
          g_autoptr (LwTable) before = lw_table_copy (lw_table_session_get_table (session));
          g_autoptr (GError) error = NULL;
          const LwTable *after;
          guint n_current = 0, n_back = 0;
          gboolean led;
          LwTableUndo want;
          int led_by = LW_NO_SEAT;
          LwAction action;

          g_assert_cmpint (lw_table_session_get_turn (session), ==, 0);
          action = person_move (session, 0);
          run_until_idle (session);
          if (lw_table_session_is_round_over (session))
            {
              g_assert_cmpint (lw_table_session_undo_point (session, 0, NULL, NULL), ==, LW_TABLE_UNDO_NOTHING);
              break;
            }
          after = lw_table_session_get_table (session);
          /* Ben has led since: a trick of the play begun after Ann's. */
          lw_table_get_current (after, &n_current);
          led = n_current > 0 && (lw_table_get_tricks (after)->len > lw_table_get_tricks (before)->len
                                  || lw_table_get_phase (before) != LW_PHASE_PLAY);
          want = led ? LW_TABLE_UNDO_LED
                 : lw_table_check_undo (after, 0, lw_table_get_log (before)->len, NULL) ? LW_TABLE_UNDO_ALLOWED
                 : LW_TABLE_UNDO_PUPS_SEEN;
          /* Ben is never asked: it is a person's undo. */
          g_assert_cmpint (lw_table_session_undo_point (session, 1, NULL, NULL), ==, LW_TABLE_UNDO_NOTHING);
          g_assert_cmpint (lw_table_session_undo_point (session, 0, &n_back, &led_by), ==, want);
          if (want == LW_TABLE_UNDO_ALLOWED)
            {
              g_autoptr (LwTable) kept = NULL;

              g_assert_cmpuint (n_back, ==, lw_table_get_log (before)->len);
              n_allowed++;
              if (lw_table_get_log (after)->len > n_back + 1)
                n_answered++;
              kept = lw_table_copy (after);
              g_assert_true (lw_table_session_undo (session, 0, &error));
              g_assert_no_error (error);
              g_assert_true (lw_table_equal (lw_table_session_get_table (session), before));
              g_assert_cmpint (lw_table_session_get_turn (session), ==, 0);
              /* The same action again: the same answers. */
              g_assert_true (lw_table_session_apply (session, &action, &error));
              g_assert_no_error (error);
              run_until_idle (session);
              g_assert_true (lw_table_equal (lw_table_session_get_table (session), kept));
              continue;
            }
          if (want == LW_TABLE_UNDO_LED)
            {
              g_assert_cmpint (led_by, ==, 1);
              n_led++;
            }
          else
            n_pups++;
          g_assert_false (lw_table_session_undo (session, 0, &error));
          g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
          g_assert_true (lw_table_equal (lw_table_session_get_table (session), after));
        }
      if (!lw_table_session_is_over (session))
        {
          g_autoptr (GError) error = NULL;

          g_assert_true (lw_table_session_next_round (session, &error));
          g_assert_no_error (error);
          run_until_idle (session);
        }
    }
  g_test_message ("%u undos (%u with Ben's answers), %u refused after Ben's lead, %u after the Pups",
                  n_allowed, n_answered, n_led, n_pups);
  g_assert_cmpuint (n_answered, >, 0);
  g_assert_cmpuint (n_led, >, 0);
}

/* A duplicate event's table size, how many players it seats, and the
 * computers' level at the table. */
typedef struct {
  guint      seats;
  gboolean   partners;
  guint      n_players;
  LwBotLevel level;
} BoardSetup;

static const BoardSetup solo3 = { 3, FALSE, 6, LW_BOT_EASY };
static const BoardSetup partners4 = { 4, TRUE, 8, LW_BOT_NORMAL };

/* A duplicate event of @setup: 2 boards a round, seed 42, its players
 * checked in and round 1 paired. */
static gint64
add_duplicate_event (LwStore          *store,
                     const BoardSetup *setup)
{
  static const char *const names[] = { "Ann", "Ben", "Cleo", "Dev", "Emil", "Fay", "Gus", "Hal", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autofree const char **some = g_memdup2 (names, sizeof names);
  LwEventConfig config;
  gint64 id;

  lw_event_config_init (&config, LW_EVENT_DUPLICATE, setup->seats);
  config.partners = setup->partners;
  config.seed = 42;
  config.boards_per_round = 2;
  config.n_rounds = 2;
  id = lw_store_add_event (store, "Duplicate Night", &config, &error);
  g_assert_no_error (error);
  some[setup->n_players] = NULL;
  g_assert_true (lw_store_add_event_entrants (store, id, some, LW_ENTRANT_CHECKED_IN, &error));
  g_assert_no_error (error);
  event = lw_store_pair_event_round (store, id, &error);
  g_assert_no_error (error);
  return id;
}

/* Every seat a computer of @level. */
static LwTableSeats
computer_seats (guint      n,
                LwBotLevel level)
{
  LwTableSeats seats = { .n_players = n, .seed = 77 };

  for (guint s = 0; s < n; s++)
    {
      seats.computer[s] = TRUE;
      seats.level[s] = level;
    }
  return seats;
}

/* What the app's board mode (src/app/table/lw-table-board-mode.c) enters
 * for board @number at @table of @event's round 1, every seat a computer
 * of @seats: dealt from the board with its one-round game's house rules,
 * each move chosen with the board's seed, the round's facts at its end. */
static LwRound *
board_mode_facts (LwEvent            *event,
                  guint               table,
                  guint               number,
                  const LwTableSeats *seats)
{
  const LwEventTable *t = lw_event_get_table (event, 1, table, NULL);
  g_autoptr (LwGameRecord) record = lw_duplicate_board_record (event, 1, t, number);
  const int *team_of = record->n_teams > 0 ? record->team_of : NULL;
  LwTableSeats board_seats = *seats;
  LwRound *facts = lw_round_new ();
  LwHouseRules rules;
  LwTable *round;
  LwBoard board;

  lw_event_board (event, number, &board);
  lw_game_record_house_rules (record, &rules);
  round = lw_board_new_table (&board, &rules);
  board_seats.seed = board.seed;
  while (lw_table_get_phase (round) != LW_PHASE_END)
    {
      int turn = lw_table_get_turn (round);
      LwBotJob *job = lw_bot_job_new (round, board_seats.level[turn], team_of,
                                      lw_table_seats_move_seed (&board_seats, 1, round));
      g_autoptr (GError) error = NULL;

      lw_bot_job_run (job);
      g_assert_true (lw_table_apply (round, lw_bot_job_get_action (job), &error));
      g_assert_no_error (error);
      lw_bot_job_free (job);
    }
  lw_table_round_facts (round, team_of, facts);
  lw_table_free (round);
  return facts;
}

/* The board results stored for event @id: round, table, board, facts. */
static char *
board_rows (LwStore *store,
            gint64   id)
{
  GString *out = g_string_new (NULL);
  g_autofree char *sql = g_strdup_printf ("SELECT t.round, t.number, r.board, r.facts FROM event_board_results r"
                                          " JOIN event_tables t ON t.id = r.event_table WHERE t.event = %"
                                          G_GINT64_FORMAT " ORDER BY t.round, t.number, r.board", id);

  lw_test_sql_append_rows (lw_store_get_db (store), sql, out);
  return g_string_free (out, FALSE);
}

/* Runs the main loop until @session is over. */
static void
play_out (LwTableSession *session)
{
  guint turns = 0;

  while (!lw_table_session_is_over (session) && turns++ < MAX_TURNS)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (lw_table_session_is_over (session));
}

/* A board played through the session by computer seats: dealt from the
 * board exactly by its dealer (DUPLICATE D1, D2), nothing saved while it
 * is played and no game stored; at its end the same event_board_results
 * row as board mode enters with lw_store_add_event_board_result() (D9),
 * the round scored as the board's one-round game (D4), no next deal. The
 * next board is the caller's: board 0 is the first not yet entered, a
 * board entered already is refused (D9), and so is any once all are. */
static void
test_board (LwTestDb      *db,
            gconstpointer  data)
{
  const BoardSetup *setup = data;
  gint64 id = add_duplicate_event (db->store, setup);
  gint64 twin = add_duplicate_event (db->store, setup);
  LwTableSeats seats = computer_seats (setup->seats, setup->level);
  g_autoptr (LwEvent) event = lw_store_load_event (db->store, id, NULL);
  g_autoptr (LwEvent) twin_event = lw_store_load_event (db->store, twin, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *rows = NULL;
  g_autofree char *expected_rows = NULL;
  guint first = lw_duplicate_first_board (event, 1);

  /* The twin event seats the same players at the same tables. */
  for (guint s = 0; s < setup->seats; s++)
    g_assert_cmpint (lw_event_get_table (event, 1, 1, NULL)->entrants[s], ==,
                     lw_event_get_table (twin_event, 1, 1, NULL)->entrants[s]);

  for (guint k = 0; k < 2; k++)
    {
      g_autoptr (LwTableSession) session = NULL;
      g_autoptr (LwRound) facts = NULL;
      g_autoptr (LwEvent) entered = NULL;
      const LwTable *table;
      LwBoard board;
      guint changes = 0;

      session = lw_table_session_new_board (db->store, id, 1, 1, 0, &seats, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (lw_table_session_get_board (session), ==, first + k);
      lw_table_session_set_timing (session, 0, 0);
      g_signal_connect (session, "changed", G_CALLBACK (count_change), &changes);
      g_assert_true (lw_table_session_start (session, &error));
      g_assert_no_error (error);

      /* Dealt from the board exactly, by the board's dealer. */
      lw_event_board (event, first + k, &board);
      table = lw_table_session_get_table (session);
      g_assert_cmpint (lw_table_get_dealer (table), ==, (int) ((first + k - 1) % setup->seats));
      g_assert_cmpint (lw_table_get_dealer (table), ==, board.dealer);
      for (guint s = 0; s < setup->seats; s++)
        {
          guint n = 0;
          const LwCard *hand = lw_table_get_hand (table, (int) s, &n);
          g_autofree LwCard *sorted = g_memdup2 (hand, n * sizeof (LwCard));
          g_autofree LwCard *sheet = g_memdup2 (board.hands[s], board.n_hand[s] * sizeof (LwCard));

          g_assert_cmpuint (n, ==, board.n_hand[s]);
          lw_cards_sort (sorted, n);
          lw_cards_sort (sheet, n);
          g_assert_cmpmem (sorted, n * sizeof (LwCard), sheet, n * sizeof (LwCard));
        }
      g_assert_cmpint (lw_table_session_get_record (session)->n_teams, ==, setup->partners ? 2 : 0);

      play_out (session);
      g_assert_true (lw_table_session_is_round_over (session));
      g_assert_cmpint (lw_table_session_get_turn (session), ==, LW_NO_SEAT);
      g_assert_cmpuint (changes, ==, lw_table_session_get_version (session));
      g_assert_cmpuint (changes, >, 0);
      g_assert_null (lw_table_session_get_board_error (session));
      g_assert_cmpint (lw_table_session_get_game_id (session), ==, 0);
      /* Nothing more: no next deal comes. */
      for (guint i = 0; i < 100 && g_main_context_iteration (NULL, FALSE); i++)
        ;
      g_assert_true (lw_table_session_get_table (session) == table);

      /* Board mode's own entry of the same board, at the twin event. */
      facts = board_mode_facts (twin_event, 1, first + k, &seats);
      entered = lw_store_add_event_board_result (db->store, twin, 1, 1, first + k, facts, &error);
      g_assert_no_error (error);
      g_assert_cmpint (facts->declarer, ==, lw_table_get_declarer (table));

      /* The event as stored, and the board's round scored (D4). */
      g_assert_nonnull (lw_event_find_board_result (lw_table_session_get_event (session), 1, 1, first + k));
      g_assert_cmpuint (lw_table_session_get_record (session)->rounds->len, ==, 1);
      {
        int deltas[4] = { 0 };
        const LwStandings *standings = lw_table_session_get_standings (session);
        const LwRoundResult *score = g_ptr_array_index (standings->rounds, 0);
        g_autoptr (LwGameRecord) record = lw_duplicate_board_record (event, 1, lw_event_get_table (event, 1, 1, NULL),
                                                                     first + k);

        g_assert_cmpuint (standings->rounds->len, ==, 1);
        g_assert_true (lw_duplicate_score_board (record, facts, deltas, &error));
        g_assert_no_error (error);
        for (guint side = 0; side < lw_game_record_n_sides (record); side++)
          g_assert_cmpint (score->deltas[side], ==, deltas[side]);
      }
    }

  /* The same rows as board mode stores. */
  rows = board_rows (db->store, id);
  expected_rows = board_rows (db->store, twin);
  g_test_message ("%s", rows);
  g_assert_cmpuint (strlen (rows), >, 0);
  g_assert_cmpstr (rows, ==, expected_rows);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM games"), ==, 0);

  /* A board entered already, and none left. */
  {
    g_autoptr (LwTableSession) again = lw_table_session_new_board (db->store, id, 1, 1, first, &seats, &error);

    g_assert_null (again);
    g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
    g_clear_error (&error);
    again = lw_table_session_new_board (db->store, id, 1, 1, 0, &seats, &error);
    g_assert_null (again);
    g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
    g_clear_error (&error);
  }
}

/* A board entered by hand while the session plays it: the session's
 * result is refused (D9) and said, nothing stored twice; the session is
 * over all the same. Set-ups the session refuses: not a duplicate event,
 * a board of another round, seats not the table's. */
static void
test_board_refused (LwTestDb      *db,
                    gconstpointer  data)
{
  gint64 id = add_duplicate_event (db->store, &solo3);
  LwTableSeats seats = computer_seats (3, LW_BOT_EASY);
  LwTableSeats two = computer_seats (2, LW_BOT_EASY);
  g_autoptr (LwTableSession) session = NULL;
  g_autoptr (LwEvent) event = lw_store_load_event (db->store, id, NULL);
  g_autoptr (LwEvent) entered = NULL;
  g_autoptr (LwRound) facts = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  session = lw_table_session_new_board (db->store, id, 1, 2, 2, &seats, &error);
  g_assert_no_error (error);
  lw_table_session_set_timing (session, 0, 0);

  /* Entered from the form meanwhile. */
  facts = board_mode_facts (event, 2, 2, &seats);
  entered = lw_store_add_event_board_result (db->store, id, 1, 2, 2, facts, &error);
  g_assert_no_error (error);
  before = board_rows (db->store, id);

  g_assert_true (lw_table_session_start (session, &error));
  play_out (session);
  g_assert_error ((GError *) lw_table_session_get_board_error (session), LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_nonnull (lw_event_find_board_result (lw_table_session_get_event (session), 1, 2, 2));
  after = board_rows (db->store, id);
  g_assert_cmpstr (after, ==, before);

  /* Refused set-ups. */
  g_assert_null (lw_table_session_new_board (db->store, id, 1, 2, 3, &seats, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (lw_table_session_new_board (db->store, id, 1, 2, 1, &two, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (lw_table_session_new_board (db->store, id, 2, 1, 0, &seats, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (lw_table_session_new_board (db->store, id + 100, 1, 1, 0, &seats, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
}

/* A board's seats all people's (no seats given): the board's round
 * dealt, a person's action checked (out of turn refused, naming the
 * board) and applied as at board mode's table, nothing saved while the
 * board is played. */
static void
test_board_person (LwTestDb      *db,
                   gconstpointer  data)
{
  gint64 id = add_duplicate_event (db->store, &solo3);
  g_autoptr (LwEvent) event = lw_store_load_event (db->store, id, NULL);
  g_autoptr (LwTableSession) session = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *expected = NULL;
  LwAction action = { .kind = LW_ACTION_DECLINE };
  LwHouseRules rules;
  LwTable *table;
  LwBoard board;
  guint changes = 0;
  int turn;

  session = lw_table_session_new_board (db->store, id, 1, 1, 2, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lw_table_session_get_seats (session)->n_players, ==, 3);
  for (guint s = 0; s < 3; s++)
    g_assert_false (lw_table_session_get_seats (session)->computer[s]);
  g_signal_connect (session, "changed", G_CALLBACK (count_change), &changes);
  g_assert_true (lw_table_session_start (session, &error));
  g_assert_no_error (error);
  g_assert_false (lw_table_session_is_choosing (session));
  turn = lw_table_session_get_turn (session);
  g_assert_cmpint (lw_table_get_dealer (lw_table_session_get_table (session)), ==, 1);   /* board 2: seat 1 (D2) */

  action.seat = (turn + 1) % 3;
  g_assert_false (lw_table_session_apply (session, &action, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_nonnull (strstr (error->message, "board 2"));
  g_clear_error (&error);
  action.seat = turn;
  g_assert_true (lw_table_session_apply (session, &action, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes, ==, 1);

  /* As board mode's table: the board dealt, the same decline applied. */
  lw_event_board (event, 2, &board);
  record = lw_duplicate_board_record (event, 1, lw_event_get_table (event, 1, 1, NULL), 2);
  lw_game_record_house_rules (record, &rules);
  table = lw_board_new_table (&board, &rules);
  g_assert_true (lw_table_apply (table, &action, &error));
  expected = lw_table_to_json (table);
  lw_table_free (table);
  json = lw_table_to_json (lw_table_session_get_table (session));
  g_assert_cmpstr (json, ==, expected);

  /* Nothing saved, no game stored. */
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM virtual_tables"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM games"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (db->path, "SELECT count(*) FROM event_board_results"), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_db ("/table-session/whole-game", test_whole_game);
  lw_test_add_db ("/table-session/person-action", test_person_action);
  lw_test_add_db ("/table-session/seat-handover", test_seat_handover);
  lw_test_add_db ("/table-session/stepped-hold", test_stepped_hold);
  lw_test_add_db ("/table-session/undo", test_undo);
  g_test_add ("/table-session/board/3", LwTestDb, &solo3, lw_test_db_set_up, test_board, lw_test_db_tear_down);
  g_test_add ("/table-session/board/4-partners", LwTestDb, &partners4, lw_test_db_set_up, test_board,
              lw_test_db_tear_down);
  lw_test_add_db ("/table-session/board-refused", test_board_refused);
  lw_test_add_db ("/table-session/board-person", test_board_person);
  return g_test_run ();
}
