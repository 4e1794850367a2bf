/* test-table-session.c — the virtual table's loop without a screen or a
 * network (LwTableSession): a game set up from its record (first dealer,
 * target, house rules) played to its end by computer seats, every round
 * stored; a person's action checked, saved and counted; a session opened
 * again where it stopped; the facts the views show; the finished trick's
 * hold counted in steps; Undo, refused once a computer has led since.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-engine.h"
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
  guint changes = 0, turns = 0;
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

  while (!lw_table_session_is_over (session) && turns++ < MAX_TURNS)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (lw_table_session_is_over (session));
  g_assert_cmpuint (changes, ==, lw_table_session_get_version (session));
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
      g_assert_cmpuint (++turns, <, MAX_TURNS);
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
      g_assert_cmpuint (++moves, <, 40);
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
  return g_test_run ();
}
