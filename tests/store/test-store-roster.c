/* test-store-roster.c — the club roster's names taken for a game's seats
 * or an event's entrant (lw_store_club_link_seats(), docs/CLUB-SERVER.md
 * "The roster in the app"), with no server: the roster held as a pull
 * gives it (lw_test_seed_roster()):
 *
 * - each name with an entry is that entry's local player: a new player
 *   linked to it, the one it has already, or the second of one name here
 *   "Sam Lee (Front desk)"; a name with none stays as typed, and with no
 *   entry at all nothing is linked;
 * - an unknown entry is refused, naming the name, and nothing of the
 *   call is linked (one transaction);
 * - a merge request the server took while its merge was undone here (the
 *   row dropped) is kept as sent and withdrawn, to be withdrawn on the
 *   server with the next push (lw_store_club_ack_requests()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-store.h"
#include "lw-test-util.h"

typedef LwTestDb Fixture;

#define ZOE "0b6c1a52-3f0e-4c41-9a49-6f3b8a1f7e01"
#define SAM_FRONT "1d2e3f40-5a6b-4c7d-8e9f-a0b1c2d3e4f5"
#define SAM_BACK "2e3f4051-6b7c-4d8e-9fa0-b1c2d3e4f506"
#define UMA "3f405162-7c8d-4e9f-a0b1-c2d3e4f50617"

static void
seed (Fixture *fixture)
{
  const char *uuids[] = { SAM_FRONT, SAM_BACK, UMA, ZOE };
  const char *names[] = { "Sam Lee", "Sam Lee", "Uma", "Zoë Park" };
  const char *laptops[] = { "Front desk", "Back room", "Front desk", "Front desk" };

  lw_test_seed_roster (fixture->store, G_N_ELEMENTS (uuids), uuids, names, laptops);
}

static void
assert_player (Fixture    *fixture,
               const char *uuid,
               const char *expected)
{
  g_autofree char *player = lw_test_roster_player (fixture->store, uuid);

  g_assert_cmpstr (player, ==, expected);
}

static void
test_link_seats (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  const char *names[] = { "Sam Lee", "Zoë Park", "Ann" };
  const char *uuids[] = { SAM_BACK, ZOE, NULL };
  const char *again[] = { "Sam Lee" };
  const char *front[] = { SAM_FRONT };
  g_auto (GStrv) typed = NULL;
  g_auto (GStrv) locals = NULL;
  g_auto (GStrv) second = NULL;
  g_auto (GStrv) same = NULL;

  seed (fixture);
  /* With no entry the names stay as typed and nobody is linked. */
  typed = lw_store_club_link_seats (fixture->store, names, NULL, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (typed[0], ==, "Sam Lee");
  g_assert_cmpstr (typed[2], ==, "Ann");
  g_assert_null (typed[3]);
  assert_player (fixture, SAM_BACK, NULL);

  locals = lw_store_club_link_seats (fixture->store, names, uuids, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (locals), ==, 3);
  g_assert_cmpstr (locals[0], ==, "Sam Lee");
  g_assert_cmpstr (locals[1], ==, "Zoë Park");
  g_assert_cmpstr (locals[2], ==, "Ann");
  assert_player (fixture, SAM_BACK, "Sam Lee");
  assert_player (fixture, ZOE, "Zoë Park");
  assert_player (fixture, SAM_FRONT, NULL);

  /* The other Sam Lee is a second player here, named after its laptop. */
  second = lw_store_club_link_seats (fixture->store, again, front, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (second[0], ==, "Sam Lee (Front desk)");
  assert_player (fixture, SAM_FRONT, "Sam Lee (Front desk)");
  assert_player (fixture, SAM_BACK, "Sam Lee");

  /* Asked again, the entry's player is the one it has. */
  same = lw_store_club_link_seats (fixture->store, again, front, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (same[0], ==, "Sam Lee (Front desk)");
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM players"), ==, 3);
}

static void
test_link_seats_refused (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  const char *names[] = { "Uma", "Vic" };
  const char *uuids[] = { UMA, "4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d" };
  g_auto (GStrv) locals = NULL;

  seed (fixture);
  locals = lw_store_club_link_seats (fixture->store, names, uuids, 2, &error);
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_assert_null (locals);
  g_assert_nonnull (strstr (error->message, "\u201cVic\u201d"));
  /* Uma's link went back with the rest. */
  assert_player (fixture, UMA, NULL);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM players"), ==, 0);
}

/* Two requests are on their way to the server; the merge of the second
 * is undone meanwhile (an unsent request's row is dropped). Once the
 * server holds both, the first is sent and the second waits to be
 * withdrawn; after the withdrawal is acknowledged, it is gone. */
static void
test_ack_undone_request (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) requests = NULL;
  g_autoptr (GPtrArray) withdrawals = NULL;

  lw_test_sql_exec_at (fixture->path,
                       "INSERT INTO club_requests (from_uuid, into_uuid, made_at)"
                       " VALUES ('" SAM_BACK "', '" SAM_FRONT "', 1767300000),"
                       " ('" UMA "', '" ZOE "', 1767300001)");
  requests = lw_store_club_list_requests (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (requests->len, ==, 4);
  lw_test_sql_exec_at (fixture->path, "DELETE FROM club_requests WHERE from_uuid = '" UMA "'");

  g_assert_true (lw_store_club_ack_requests (fixture->store, requests, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM club_requests"
                                       " WHERE from_uuid = '" SAM_BACK "' AND sent = 1 AND withdrawn = 0"),
                   ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM club_requests"
                                       " WHERE from_uuid = '" UMA "' AND into_uuid = '" ZOE "'"
                                       " AND sent = 1 AND withdrawn = 1"),
                   ==, 1);
  withdrawals = lw_store_club_list_withdrawals (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (withdrawals->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (withdrawals, 0), ==, UMA);
  g_assert_cmpstr (g_ptr_array_index (withdrawals, 1), ==, ZOE);

  g_assert_true (lw_store_club_ack_withdrawals (fixture->store, withdrawals, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM club_requests"), ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lw_test_add_db ("/store-roster/link-seats", test_link_seats);
  lw_test_add_db ("/store-roster/link-seats-refused", test_link_seats_refused);
  lw_test_add_db ("/store-roster/ack-undone-request", test_ack_undone_request);
  return g_test_run ();
}
