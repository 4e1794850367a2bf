/* test-event.c — events: seating plans, pairing properties per format,
 * event points, tie-breaks and standings (lw-event.h, docs/EVENTS.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "lw-engine.h"
#include "lw-test-util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* Enters paper results for every table of @round: the sides in a random
 * order with distinct scores, the winner 15. */
static void
enter_random_results (LwEvent      *event,
                      LwEventRound *round,
                      GRand        *rand)
{
  for (guint t = 0; t < round->tables->len; t++)
    {
      LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);
      guint n_sides = event->config.format == LW_EVENT_PARTNERS ? 2 : table->n_seats;
      int scores[LW_EVENT_MAX_SEATS] = { 15, 9, 5, 2 };
      g_autoptr (GError) error = NULL;

      for (guint i = n_sides; i > 1; i--)
        {
          guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
          int s = scores[i - 1];
          scores[i - 1] = scores[j];
          scores[j] = s;
        }
      g_assert_true (lw_event_set_paper_result (event, round->number, table->number,
                                                scores, n_sides, &error));
      g_assert_no_error (error);
    }
}

/* Every checked-in player is in exactly one table or bye of @round, and
 * nobody else is. */
static void
assert_seated_once (const LwEvent      *event,
                    const LwEventRound *round)
{
  g_autofree guint *seen = g_new0 (guint, event->entrants->len);

  for (guint t = 0; t < round->tables->len; t++)
    {
      const LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);

      g_assert_cmpuint (table->number, ==, t + 1);
      g_assert_cmpint (table->first_dealer, >=, 0);
      g_assert_cmpint (table->first_dealer, <, (int) table->n_seats);
      for (guint s = 0; s < table->n_seats; s++)
        seen[table->entrants[s]]++;
    }
  for (guint b = 0; b < round->byes->len; b++)
    seen[g_array_index (round->byes, int, b)]++;
  for (guint i = 0; i < event->entrants->len; i++)
    {
      const LwEntrant *entrant = g_ptr_array_index (event->entrants, i);

      /* In an elimination, the players knocked out sit out. */
      if (event->config.format == LW_EVENT_ELIMINATION)
        g_assert_cmpuint (seen[i], <=, entrant->status == LW_ENTRANT_CHECKED_IN ? 1 : 0);
      else
        g_assert_cmpuint (seen[i], ==, entrant->status == LW_ENTRANT_CHECKED_IN ? 1 : 0);
    }
}

/* Times each pair sat at one table on different sides (or, with
 * @partners, on one side), over every round. */
static guint *
count_pairs (const LwEvent *event,
             gboolean       partners)
{
  guint n = event->entrants->len;
  guint *count = g_new0 (guint, n * n);

  for (guint r = 0; r < event->rounds->len; r++)
    {
      const LwEventRound *round = g_ptr_array_index (event->rounds, r);

      for (guint t = 0; t < round->tables->len; t++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);

          for (guint s = 0; s < table->n_seats; s++)
            for (guint o = 0; o < table->n_seats; o++)
              {
                gboolean same_side = event->config.format == LW_EVENT_PARTNERS
                                     ? s % 2 == o % 2 : s == o;
                if (s != o && same_side == partners)
                  count[table->entrants[s] * n + table->entrants[o]]++;
              }
        }
    }
  return count;
}

static LwEventRound *
pair_ok (LwEvent *event)
{
  LwEventRound *round = lw_test_pair_next_round (event);

  g_assert_nonnull (round);
  assert_seated_once (event, round);
  return round;
}

/* ------------------------------------------------------------------ */
/* Seating plans                                                        */
/* ------------------------------------------------------------------ */

static void
assert_plan (guint        table_size,
             gboolean     partners,
             guint        n_players,
             const guint *expected,
             guint        n_expected,
             guint        expected_byes)
{
  g_autofree guint *sizes = NULL;
  guint n_tables = 0, n_byes = 0, seated = 0;

  lw_event_plan_tables (table_size, partners, n_players, &sizes, &n_tables, &n_byes);
  g_assert_cmpuint (n_tables, ==, n_expected);
  g_assert_cmpuint (n_byes, ==, expected_byes);
  for (guint i = 0; i < n_tables; i++)
    {
      g_assert_cmpuint (sizes[i], ==, expected[i]);
      seated += sizes[i];
    }
  g_assert_cmpuint (seated + n_byes, ==, n_players);
}

static void
test_plan_tables (void)
{
  /* 13 at 4-seat tables: smaller tables, no bye (1×4 + 3×3). */
  assert_plan (4, FALSE, 13, (const guint[]) { 4, 3, 3, 3 }, 4, 0);
  assert_plan (4, FALSE, 16, (const guint[]) { 4, 4, 4, 4 }, 4, 0);
  assert_plan (4, FALSE, 7, (const guint[]) { 4, 3 }, 2, 0);
  assert_plan (4, FALSE, 6, (const guint[]) { 3, 3 }, 2, 0);
  /* 5 cannot be seated at tables of 3 or 4: one bye is unavoidable. */
  assert_plan (4, FALSE, 5, (const guint[]) { 4 }, 1, 1);
  assert_plan (4, FALSE, 2, NULL, 0, 2);
  /* 3-seat events never use 2-seat tables. */
  assert_plan (3, FALSE, 13, (const guint[]) { 3, 3, 3, 3 }, 4, 1);
  assert_plan (3, FALSE, 14, (const guint[]) { 3, 3, 3, 3 }, 4, 2);
  assert_plan (2, FALSE, 7, (const guint[]) { 2, 2, 2 }, 3, 1);
  /* Partners tables are always 4. */
  assert_plan (4, TRUE, 10, (const guint[]) { 4, 4 }, 2, 2);
  assert_plan (4, TRUE, 8, (const guint[]) { 4, 4 }, 2, 0);

  /* In words. */
  {
    g_autofree char *thirteen = lw_event_plan_describe (4, FALSE, 13);
    g_autofree char *five = lw_event_plan_describe (4, FALSE, 5);
    g_autofree char *two = lw_event_plan_describe (4, FALSE, 2);

    g_assert_cmpstr (thirteen, ==, "13 players: 1 table of 4, 3 tables of 3, no bye");
    g_assert_cmpstr (five, ==, "5 players: 1 table of 4, 1 bye");
    g_assert_cmpstr (two, ==, "2 players: no table, 2 byes");
  }
}

/* ------------------------------------------------------------------ */
/* Large fields                                                         */
/* ------------------------------------------------------------------ */

/* The pairing's history of who met whom and who partnered whom, at a
 * size where it must stay small: each case pairs its rounds (random
 * results in between) and its tables and byes, round by round, hash to
 * the SHA-256 the pairing gave when it kept an n × n matrix of counts. */
typedef struct {
  LwEventFormat format;
  guint         table_size;
  guint         n_players;
  guint         n_rounds;
  guint64       seed;
  const char   *sha256;
} LargeField;

static const LargeField large_fields[] = {
  { LW_EVENT_SWISS, 2, 2000, 5, 2026,
    "829c8cea8189ed985aa6d439a545cab9b19eced45b923491f7d70aa8caf60688" },
  { LW_EVENT_SWISS, 4, 2002, 5, 2027,
    "5fc016acb2d007b2a674c908e82f0140418f1765411e03c3dd791b10b56a0c5b" },
  { LW_EVENT_SWISS, 3, 301, 8, 2028,
    "e2269258dfe6b40c01521880232cff2aa94f09bf10b4c6c200adb4cc91dc1dd8" },
  { LW_EVENT_ROUND_ROBIN, 4, 61, 6, 2029,
    "94dd5f2af0b38dbe216f1b01c6613f189cede9fc6a70c488647786b299bff4d4" },
  { LW_EVENT_PARTNERS, 4, 64, 5, 2030,
    "f8558d08d5036889261edde1aa9a8c798fecb1e6f9e9d7f2eb0987bd77e53032" },
  { LW_EVENT_PARTNERS, 4, 66, 5, 2031,
    "6e86f8893a0e19efd3f1b8ed839e89934d816874227da002beea9b0179820f11" },
  /* Small fields over many rounds: repeats the search cannot avoid, the
   * greedy grouping and the swaps that lower them. */
  { LW_EVENT_SWISS, 4, 14, 10, 2032,
    "8139d6b0999117b0e14c620aa774457d1aa9cd65f0c4b6889bb0fdb2e5dbfe21" },
  { LW_EVENT_ROUND_ROBIN, 4, 13, 12, 2033,
    "deea37b7631305e7594770eabc09ce7890cf9d44c72fa8383932c8fdd29adf86" },
  { LW_EVENT_PARTNERS, 4, 10, 9, 2034,
    "e9582bfb2b46dd556b8d7f1ea4e4dd9f218324078c8e5b6311dfd14cb5855b4b" },
};

static void
test_pairing_large_field (gconstpointer data)
{
  const LargeField *field = data;
  g_autoptr (LwEvent) event = lw_test_make_event (field->format, field->table_size, field->n_players,
                                                  field->n_rounds, field->seed);
  g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32) field->seed);
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint r = 0; r < field->n_rounds; r++)
    {
      LwEventRound *round = pair_ok (event);

      g_string_append_printf (text, "round %u:", round->number);
      for (guint t = 0; t < round->tables->len; t++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);

          g_string_append_printf (text, " %u", table->number);
          for (guint s = 0; s < table->n_seats; s++)
            g_string_append_printf (text, "%c%d", s == 0 ? '(' : ',', table->entrants[s]);
          g_string_append_printf (text, ";%d)", table->first_dealer);
        }
      g_string_append (text, " byes");
      for (guint b = 0; b < round->byes->len; b++)
        g_string_append_printf (text, " %d", g_array_index (round->byes, int, b));
      g_string_append_c (text, '\n');
      enter_random_results (event, round, rand);
    }
  g_checksum_update (checksum, (const guchar *) text->str, (gssize) text->len);
  g_test_message ("%s", g_checksum_get_string (checksum));
  g_assert_cmpstr (g_checksum_get_string (checksum), ==, field->sha256);
}

/* ------------------------------------------------------------------ */
/* Swiss                                                                */
/* ------------------------------------------------------------------ */

static void
test_swiss_no_repeats_two_seats (void)
{
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_SWISS, 2, 16, 5, 7);
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autofree guint *met = NULL;

  g_assert_cmpuint (lw_event_total_rounds (event), ==, 5);
  for (guint r = 0; r < 5; r++)
    enter_random_results (event, pair_ok (event), rand);

  met = count_pairs (event, FALSE);
  for (guint i = 0; i < 16 * 16; i++)
    g_assert_cmpuint (met[i], <=, 1);
  g_assert_true (lw_event_is_finished (event));

  /* Round 2 pairs players with equal points: 8 winners, 8 losers of
   * round 1 (3 or 0 points), so every table is level. */
  {
    g_autoptr (LwEvent) two = lw_test_make_event (LW_EVENT_SWISS, 2, 16, 5, 7);
    LwEventRound *first = pair_ok (two);
    LwEventRound *second;
    g_autoptr (GArray) standings = NULL;

    enter_random_results (two, first, rand);
    standings = lw_event_compute_standings (two);
    second = pair_ok (two);
    for (guint t = 0; t < second->tables->len; t++)
      {
        const LwEventTable *table = &g_array_index (second->tables, LwEventTable, t);
        double points[2] = { 0, 0 };

        for (guint k = 0; k < standings->len; k++)
          {
            const LwEventStanding *row = &g_array_index (standings, LwEventStanding, k);
            for (guint s = 0; s < 2; s++)
              if (row->entrant == table->entrants[s])
                points[s] = row->points;
          }
        g_assert_cmpfloat (points[0], ==, points[1]);
      }
  }
}

/* The done-when event of issue 5: 13 players at 4-seat tables. */
static void
test_swiss_thirteen_four_seats (void)
{
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_SWISS, 4, 13, 0, 1);
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  g_autofree guint *met = NULL;

  /* ⌈log2 13⌉ = 4 rounds by default. */
  g_assert_cmpuint (lw_event_total_rounds (event), ==, 4);
  for (guint r = 0; r < 3; r++)
    {
      LwEventRound *round = pair_ok (event);

      g_assert_cmpuint (round->tables->len, ==, 4);
      g_assert_cmpuint (round->byes->len, ==, 0);
      g_assert_cmpuint (g_array_index (round->tables, LwEventTable, 0).n_seats, ==, 4);
      g_assert_cmpuint (g_array_index (round->tables, LwEventTable, 3).n_seats, ==, 3);
      enter_random_results (event, round, rand);
    }
  /* Three rounds of 4 + 3 + 3 + 3 without anyone meeting twice. */
  met = count_pairs (event, FALSE);
  for (guint i = 0; i < 13 * 13; i++)
    g_assert_cmpuint (met[i], <=, 1);
}

static void
test_swiss_byes (void)
{
  /* 7 players, 2 seats, 7 rounds: one bye a round, never twice. */
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_SWISS, 2, 7, 7, 5);
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  guint byes[7] = { 0, };

  for (guint r = 0; r < 7; r++)
    {
      g_autoptr (GArray) before = lw_event_compute_standings (event);
      LwEventRound *round = pair_ok (event);
      int bye;
      double bye_points = -1, lowest = G_MAXDOUBLE;

      g_assert_cmpuint (round->byes->len, ==, 1);
      bye = g_array_index (round->byes, int, 0);
      g_assert_cmpuint (byes[bye], ==, 0);

      /* The lowest-ranked player without a bye: nobody without a bye
       * has fewer points. */
      for (guint k = 0; k < before->len; k++)
        {
          const LwEventStanding *row = &g_array_index (before, LwEventStanding, k);
          if (row->entrant == bye)
            bye_points = row->points;
          if (byes[row->entrant] == 0)
            lowest = MIN (lowest, row->points);
        }
      if (r > 0)
        g_assert_cmpfloat (bye_points, ==, lowest);
      byes[bye]++;
      enter_random_results (event, round, rand);
    }
  for (guint i = 0; i < 7; i++)
    g_assert_cmpuint (byes[i], ==, 1);

  /* A bye is worth a full table's mean: (3 + 0) / 2. */
  g_assert_cmpfloat (lw_event_bye_points (event), ==, 1.5);
}

static void
test_swiss_deterministic (void)
{
  g_autoptr (LwEvent) a = lw_test_make_event (LW_EVENT_SWISS, 3, 12, 3, 42);
  g_autoptr (LwEvent) b = lw_test_make_event (LW_EVENT_SWISS, 3, 12, 3, 42);
  g_autoptr (LwEvent) c = lw_test_make_event (LW_EVENT_SWISS, 3, 12, 3, 43);
  LwEventRound *ra = pair_ok (a), *rb = pair_ok (b), *rc = pair_ok (c);

  g_assert_cmpuint (ra->tables->len, ==, rb->tables->len);
  g_assert_cmpmem (ra->tables->data, ra->tables->len * sizeof (LwEventTable),
                   rb->tables->data, rb->tables->len * sizeof (LwEventTable));
  g_assert_true (memcmp (ra->tables->data, rc->tables->data,
                         ra->tables->len * sizeof (LwEventTable)) != 0);
}

static void
test_drop_and_late_entry (void)
{
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_SWISS, 2, 6, 3, 9);
  g_autoptr (GRand) rand = g_rand_new_with_seed (9);
  g_autoptr (GError) error = NULL;
  LwEventRound *round;
  int late;

  enter_random_results (event, pair_ok (event), rand);
  g_assert_true (lw_event_set_entrant_status (event, 2, LW_ENTRANT_DROPPED, NULL));
  late = lw_event_add_entrant (event, "Late", LW_ENTRANT_CHECKED_IN, NULL);
  g_assert_cmpint (late, ==, 6);
  g_assert_cmpint (lw_event_add_entrant (event, "P01", LW_ENTRANT_CHECKED_IN, &error), ==, -1);
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_clear_error (&error);

  /* A registered player is not paired until checked in. */
  g_assert_cmpint (lw_event_add_entrant (event, "Later", LW_ENTRANT_REGISTERED, NULL), ==, 7);

  round = pair_ok (event);   /* asserts the dropped and registered sit out */
  g_assert_cmpuint (round->tables->len, ==, 3);
  g_assert_cmpuint (((LwEntrant *) g_ptr_array_index (event->entrants, late))->joined_round, ==, 2);

  /* The next round waits for this one's results. */
  g_assert_null (lw_event_pair_next_round (event, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "round 2: table 1 has no result yet"));
}

/* ------------------------------------------------------------------ */
/* Round robin                                                          */
/* ------------------------------------------------------------------ */

static void
run_round_robin_two (guint n)
{
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_ROUND_ROBIN, 2, n, 0, 4);
  g_autoptr (GRand) rand = g_rand_new_with_seed (n);
  g_autofree guint *met = NULL;
  g_autofree guint *byes = g_new0 (guint, n);
  guint rounds = n % 2 == 0 ? n - 1 : n;

  g_assert_cmpuint (lw_event_total_rounds (event), ==, rounds);
  for (guint r = 0; r < rounds; r++)
    {
      LwEventRound *round = pair_ok (event);

      for (guint b = 0; b < round->byes->len; b++)
        byes[g_array_index (round->byes, int, b)]++;
      enter_random_results (event, round, rand);
    }
  g_assert_true (lw_event_is_finished (event));
  g_assert_null (lw_event_pair_next_round (event, NULL));

  /* Every pair met exactly once; with an odd field, one bye each. */
  met = count_pairs (event, FALSE);
  for (guint i = 0; i < n; i++)
    {
      for (guint j = 0; j < n; j++)
        g_assert_cmpuint (met[i * n + j], ==, i == j ? 0 : 1);
      g_assert_cmpuint (byes[i], ==, n % 2);
    }
}

static void
test_round_robin_two_seats (void)
{
  run_round_robin_two (8);
  run_round_robin_two (7);
}

/* Plays a whole round robin at 3- or 4-seat tables; returns the pairs
 * that met and the most times a pair met. */
static void
run_round_robin_tables (guint  n,
                        guint  size,
                        guint  expected_rounds,
                        guint *covered,
                        guint *max)
{
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_ROUND_ROBIN, size, n, 0, 2);
  g_autoptr (GRand) rand = g_rand_new_with_seed (2);
  g_autofree guint *met = NULL;

  g_assert_cmpuint (lw_event_total_rounds (event), ==, expected_rounds);
  for (guint r = 0; r < expected_rounds; r++)
    enter_random_results (event, pair_ok (event), rand);
  g_assert_true (lw_event_is_finished (event));

  *covered = 0;
  *max = 0;
  met = count_pairs (event, FALSE);
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      {
        *covered += met[i * n + j] > 0;
        *max = MAX (*max, met[i * n + j]);
      }
  g_test_message ("round robin, %u players at %u seats: %u of %u pairs met, "
                  "a pair at most %u times", n, size, *covered, n * (n - 1) / 2, *max);
}

static void
test_round_robin_four_seats (void)
{
  guint covered, max;

  /* 9 players at 3 seats: 36 pairs, 9 meetings a round: 4 rounds, and
   * every pair meets exactly once (there is such a schedule: the affine
   * plane of order 3). */
  run_round_robin_tables (9, 3, 4, &covered, &max);
  g_assert_cmpuint (covered, ==, 36);
  g_assert_cmpuint (max, ==, 1);

  /* 12 players at 4 seats: 66 pairs, 18 meetings a round: 4 rounds with
   * 72 meetings. From round 2 on a table of 4 drawn from three earlier
   * tables repeats at least one pair, so full coverage is impossible;
   * the schedule meets 54 pairs (18 new in round 1, then 12 a round)
   * and no pair meets three times. */
  run_round_robin_tables (12, 4, 4, &covered, &max);
  g_assert_cmpuint (covered, >=, 54);
  g_assert_cmpuint (max, <=, 2);

  /* 13 players at 4 seats (4 + 3 + 3 + 3, 15 meetings a round): 78 pairs
   * need 6 rounds (90 meetings). */
  run_round_robin_tables (13, 4, 6, &covered, &max);
  g_assert_cmpuint (covered, >=, 76);
  g_assert_cmpuint (max, <=, 2);
}

/* ------------------------------------------------------------------ */
/* Partners                                                             */
/* ------------------------------------------------------------------ */

static void
run_partners (guint n,
              guint rounds)
{
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_PARTNERS, 4, n, rounds, 8);
  g_autoptr (GRand) rand = g_rand_new_with_seed (8);
  g_autofree guint *partnered = NULL;

  for (guint r = 0; r < rounds; r++)
    {
      LwEventRound *round = pair_ok (event);

      for (guint t = 0; t < round->tables->len; t++)
        g_assert_cmpuint (g_array_index (round->tables, LwEventTable, t).n_seats, ==, 4);
      enter_random_results (event, round, rand);
    }
  g_assert_true (lw_event_is_finished (event));

  /* Everyone partnered a different player each round. */
  partnered = count_pairs (event, TRUE);
  for (guint i = 0; i < n; i++)
    {
      guint distinct = 0;

      for (guint j = 0; j < n; j++)
        {
          g_assert_cmpuint (partnered[i * n + j], <=, 1);
          distinct += partnered[i * n + j];
        }
      g_assert_cmpuint (distinct, ==, rounds);
    }
}

static void
test_partners_rotation (void)
{
  /* 8 players, the default n − 1 = 7 rounds: everyone partners each of
   * the other seven once. */
  {
    g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_PARTNERS, 4, 8, 0, 8);
    g_assert_cmpuint (lw_event_total_rounds (event), ==, 7);
  }
  run_partners (8, 7);
  run_partners (12, 5);
  run_partners (16, 4);
}

static void
test_partners_points (void)
{
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_PARTNERS, 4, 4, 1, 1);
  LwEventRound *round = pair_ok (event);
  LwEventTable *table = &g_array_index (round->tables, LwEventTable, 0);
  g_autoptr (GError) error = NULL;
  double points[4];

  /* Per seat, partners must agree. */
  g_assert_false (lw_event_set_paper_result (event, 1, 1, (const int[]) { 15, 3, 14, 3 }, 4, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (lw_event_set_paper_result (event, 1, 1, (const int[]) { 3, 15 }, 2, &error));
  g_assert_no_error (error);
  g_assert_cmpint (table->scores[2], ==, 3);
  g_assert_cmpint (table->scores[3], ==, 15);
  lw_event_table_points (event, table, points);
  /* Two sides: the winning side's players 3 each, the others 0. */
  g_assert_cmpfloat (points[1], ==, 3);
  g_assert_cmpfloat (points[3], ==, 3);
  g_assert_cmpfloat (points[0], ==, 0);
  g_assert_cmpfloat (points[2], ==, 0);
}

/* ------------------------------------------------------------------ */
/* Single elimination                                                   */
/* ------------------------------------------------------------------ */

static void
test_elimination (void)
{
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_ELIMINATION, 2, 6, 0, 0);
  g_autoptr (GArray) standings = NULL;
  LwEventRound *round;
  g_autoptr (GError) error = NULL;

  g_assert_cmpuint (lw_event_total_rounds (event), ==, 3);
  /* Registered, never checked in: not in the bracket. */
  g_assert_cmpint (lw_event_add_entrant (event, "Reserve", LW_ENTRANT_REGISTERED, NULL), ==, 6);

  /* Bracket of 8: seeds 1 and 2 (P00, P01) have byes; 4 v 5 and 3 v 6. */
  round = pair_ok (event);
  g_assert_cmpuint (round->tables->len, ==, 2);
  g_assert_cmpuint (round->byes->len, ==, 2);
  g_assert_cmpint (g_array_index (round->byes, int, 0), ==, 0);
  g_assert_cmpint (g_array_index (round->byes, int, 1), ==, 1);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 0).entrants[0], ==, 3);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 0).entrants[1], ==, 4);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 1).entrants[0], ==, 2);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 1).entrants[1], ==, 5);

  /* Late entries are refused once the bracket is drawn. */
  g_assert_cmpint (lw_event_add_entrant (event, "Late", LW_ENTRANT_CHECKED_IN, &error), ==, -1);
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (lw_event_set_entrant_status (event, 6, LW_ENTRANT_CHECKED_IN, &error));
  g_assert_nonnull (strstr (error->message, "Reserve: the field of a single elimination is fixed"));
  g_clear_error (&error);

  /* Seed 5 (P04) and seed 6 (P05) win. */
  g_assert_true (lw_event_set_paper_result (event, 1, 1, (const int[]) { 10, 15 }, 2, NULL));
  g_assert_true (lw_event_set_paper_result (event, 1, 2, (const int[]) { 4, 16 }, 2, NULL));

  /* Round 2: 1 v 5's winner (P04), 2 v 6's winner… in bracket order. */
  round = pair_ok (event);
  g_assert_cmpuint (round->tables->len, ==, 2);
  g_assert_cmpuint (round->byes->len, ==, 0);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 0).entrants[0], ==, 0);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 0).entrants[1], ==, 4);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 1).entrants[0], ==, 1);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 1).entrants[1], ==, 5);
  g_assert_true (lw_event_set_paper_result (event, 2, 1, (const int[]) { 15, 0 }, 2, NULL));
  g_assert_true (lw_event_set_paper_result (event, 2, 2, (const int[]) { 12, 15 }, 2, NULL));

  round = pair_ok (event);
  g_assert_cmpuint (round->tables->len, ==, 1);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 0).entrants[0], ==, 0);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 0).entrants[1], ==, 5);
  g_assert_true (lw_event_set_paper_result (event, 3, 1, (const int[]) { 9, 15 }, 2, NULL));
  g_assert_true (lw_event_is_finished (event));
  g_assert_null (lw_event_pair_next_round (event, NULL));

  /* The champion P05 reached "round 4", the finalist 3, the semi-final
   * losers 2, the first-round losers 1. */
  standings = lw_event_compute_standings (event);
  g_assert_cmpuint (standings->len, ==, 6);
  g_assert_cmpstr (g_array_index (standings, LwEventStanding, 0).name, ==, "P05");
  g_assert_cmpuint (g_array_index (standings, LwEventStanding, 0).reached, ==, 4);
  g_assert_cmpstr (g_array_index (standings, LwEventStanding, 1).name, ==, "P00");
  g_assert_cmpuint (g_array_index (standings, LwEventStanding, 1).reached, ==, 3);
  g_assert_cmpuint (g_array_index (standings, LwEventStanding, 2).reached, ==, 2);
  g_assert_cmpuint (g_array_index (standings, LwEventStanding, 5).reached, ==, 1);
}


/* A player who withdraws before her semi-final is out in that round, below
 * the player who played it and lost (docs/EVENTS.md). */
static void
test_elimination_withdrawal (void)
{
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_ELIMINATION, 2, 8, 0, 0);
  g_autoptr (GArray) standings = NULL;
  g_autoptr (GPtrArray) bracket = NULL;
  LwEventRound *round;
  const GArray *slots;
  guint at = 99;
  int p03 = 3;

  /* Round 1 in bracket order: P00-P07, P03-P04, P01-P06, P02-P05; the
   * higher seed wins each, P03 by a skunk (double points). */
  round = pair_ok (event);
  g_assert_cmpuint (round->tables->len, ==, 4);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 1).entrants[0], ==, p03);
  g_assert_true (lw_event_set_paper_result (event, 1, 1, (const int[]) { 15, 7 }, 2, NULL));
  g_assert_true (lw_event_set_paper_result (event, 1, 2, (const int[]) { 11, 0 }, 2, NULL));
  g_assert_true (lw_event_set_paper_result (event, 1, 3, (const int[]) { 15, 9 }, 2, NULL));
  g_assert_true (lw_event_set_paper_result (event, 1, 4, (const int[]) { 15, 14 }, 2, NULL));
  g_assert_cmpint (lw_event_elimination_state (event, 4, &at), ==, LW_ELIMINATION_ELIMINATED);
  g_assert_cmpuint (at, ==, 1);
  g_assert_cmpint (lw_event_elimination_state (event, 0, &at), ==, LW_ELIMINATION_STILL_IN);
  g_assert_cmpuint (at, ==, 2);

  /* P03 withdraws before the semi-final: P00 has a walkover. */
  g_assert_true (lw_event_set_entrant_status (event, p03, LW_ENTRANT_DROPPED, NULL));
  g_assert_cmpint (lw_event_elimination_state (event, p03, &at), ==, LW_ELIMINATION_WITHDREW);
  g_assert_cmpuint (at, ==, 2);
  round = pair_ok (event);
  g_assert_cmpuint (round->tables->len, ==, 1);
  g_assert_cmpuint (round->byes->len, ==, 1);
  g_assert_cmpint (g_array_index (round->byes, int, 0), ==, 0);
  g_assert_true (lw_event_set_paper_result (event, 2, 1, (const int[]) { 15, 10 }, 2, NULL));
  g_assert_cmpint (lw_event_elimination_state (event, p03, &at), ==, LW_ELIMINATION_WITHDREW);
  g_assert_cmpuint (at, ==, 2);
  g_assert_cmpint (lw_event_elimination_state (event, 2, &at), ==, LW_ELIMINATION_ELIMINATED);
  g_assert_cmpuint (at, ==, 2);

  round = pair_ok (event);
  g_assert_true (lw_event_set_paper_result (event, 3, 1, (const int[]) { 15, 12 }, 2, NULL));
  g_assert_cmpint (lw_event_elimination_state (event, 0, &at), ==, LW_ELIMINATION_CHAMPION);
  g_assert_cmpint (lw_event_elimination_state (event, 1, &at), ==, LW_ELIMINATION_ELIMINATED);
  g_assert_cmpuint (at, ==, 3);

  /* P03 has more event points (a skunk win: 6) than P02 (3), but played
   * no semi-final: P02 third, P03 fourth. */
  standings = lw_event_compute_standings (event);
  g_assert_cmpuint (standings->len, ==, 8);
  g_assert_cmpstr (g_array_index (standings, LwEventStanding, 0).name, ==, "P00");
  g_assert_cmpstr (g_array_index (standings, LwEventStanding, 1).name, ==, "P01");
  g_assert_cmpstr (g_array_index (standings, LwEventStanding, 2).name, ==, "P02");
  g_assert_cmpuint (g_array_index (standings, LwEventStanding, 2).rank, ==, 3);
  g_assert_false (g_array_index (standings, LwEventStanding, 2).withdrew);
  g_assert_cmpstr (g_array_index (standings, LwEventStanding, 3).name, ==, "P03");
  g_assert_cmpuint (g_array_index (standings, LwEventStanding, 3).rank, ==, 4);
  g_assert_cmpuint (g_array_index (standings, LwEventStanding, 3).reached, ==, 2);
  g_assert_true (g_array_index (standings, LwEventStanding, 3).withdrew);
  g_assert_cmpfloat (g_array_index (standings, LwEventStanding, 3).points, ==, 6);
  g_assert_cmpfloat (g_array_index (standings, LwEventStanding, 2).points, ==, 3);

  /* The bracket: 8, 4, 2 slots and the champion. */
  bracket = lw_event_bracket (event);
  g_assert_cmpuint (bracket->len, ==, 4);
  slots = g_ptr_array_index (bracket, 0);
  g_assert_cmpuint (slots->len, ==, 8);
  g_assert_cmpint (g_array_index (slots, int, 2), ==, 3);
  g_assert_cmpint (g_array_index (slots, int, 3), ==, 4);
  slots = g_ptr_array_index (bracket, 1);
  g_assert_cmpuint (slots->len, ==, 4);
  g_assert_cmpint (g_array_index (slots, int, 0), ==, 0);
  g_assert_cmpint (g_array_index (slots, int, 1), ==, 3);
  g_assert_cmpint (g_array_index (slots, int, 2), ==, 1);
  g_assert_cmpint (g_array_index (slots, int, 3), ==, 2);
  slots = g_ptr_array_index (bracket, 2);
  g_assert_cmpuint (slots->len, ==, 2);
  g_assert_cmpint (g_array_index (slots, int, 0), ==, 0);
  g_assert_cmpint (g_array_index (slots, int, 1), ==, 1);
  slots = g_ptr_array_index (bracket, 3);
  g_assert_cmpuint (slots->len, ==, 1);
  g_assert_cmpint (g_array_index (slots, int, 0), ==, 0);
}


/* Seeded by a ranking (ratings): the ranked players first, the others in
 * registration order; later rounds follow the bracket of round 1. */
static void
test_elimination_seeded (void)
{
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_ELIMINATION, 2, 5, 0, 0);
  g_autoptr (LwEvent) swiss = lw_test_make_event (LW_EVENT_SWISS, 2, 4, 0, 0);
  const char *const ranking[] = { "P03", "Nobody", "P01", NULL };
  g_autoptr (GError) error = NULL;
  LwEventRound *round;

  g_assert_null (lw_event_pair_next_round_seeded (swiss, ranking, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_clear_error (&error);

  /* Seeds P03, P01, P00, P02, P04: a bracket of 8, 1 v 8 (bye), 4 v 5,
   * 2 v 7 (bye), 3 v 6 (bye). */
  round = lw_event_pair_next_round_seeded (event, ranking, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (round->tables->len, ==, 1);
  g_assert_cmpuint (round->byes->len, ==, 3);
  g_assert_cmpint (g_array_index (round->byes, int, 0), ==, 3);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 0).entrants[0], ==, 2);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 0).entrants[1], ==, 4);
  g_assert_cmpint (g_array_index (round->byes, int, 1), ==, 1);
  g_assert_cmpint (g_array_index (round->byes, int, 2), ==, 0);
  g_assert_null (lw_event_pair_next_round_seeded (event, ranking, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_clear_error (&error);

  /* Seed 5 (P04) wins; round 2: P03 v P04, P01 v P00 (seeds 2 v 3). */
  g_assert_true (lw_event_set_paper_result (event, 1, 1, (const int[]) { 3, 15 }, 2, NULL));
  round = pair_ok (event);
  g_assert_cmpuint (round->tables->len, ==, 2);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 0).entrants[0], ==, 3);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 0).entrants[1], ==, 4);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 1).entrants[0], ==, 1);
  g_assert_cmpint (g_array_index (round->tables, LwEventTable, 1).entrants[1], ==, 0);
}

/* The bracket before the later rounds are played: places not decided. */
static void
test_elimination_bracket_open (void)
{
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_ELIMINATION, 2, 5, 0, 0);
  g_autoptr (GPtrArray) bracket = NULL;
  const GArray *slots;

  bracket = lw_event_bracket (event);
  g_assert_cmpuint (bracket->len, ==, 0);
  g_clear_pointer (&bracket, g_ptr_array_unref);
  pair_ok (event);
  bracket = lw_event_bracket (event);
  /* 5 players: a bracket of 8 (3 rounds) and the champion. */
  g_assert_cmpuint (bracket->len, ==, 4);
  slots = g_ptr_array_index (bracket, 0);
  /* 1 v 8 is a bye: slot 1 is empty. */
  g_assert_cmpint (g_array_index (slots, int, 0), ==, 0);
  g_assert_cmpint (g_array_index (slots, int, 1), ==, -1);
  slots = g_ptr_array_index (bracket, 1);
  g_assert_cmpint (g_array_index (slots, int, 0), ==, 0);
  g_assert_cmpint (g_array_index (slots, int, 1), ==, -1);
  slots = g_ptr_array_index (bracket, 2);
  g_assert_cmpint (g_array_index (slots, int, 0), ==, -1);
}

/* A paper board nobody could have ended a game with (SCORING R23-R24):
 * refused, or entered as time called. */
static void
test_time_called (void)
{
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_SWISS, 3, 3, 1, 1);
  g_autoptr (GArray) standings = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  LwEventTable *table;
  double points[LW_EVENT_MAX_SEATS];

  pair_ok (event);
  g_assert_false (lw_event_set_paper_result (event, 1, 1, (const int[]) { 12, 9, 4 }, 3, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_NOT_ENDED);
  g_assert_cmpstr (error->message, ==,
                   "round 1, table 1: 12\u20139\u20134 cannot have ended a game: nobody "
                   "reached 15 and nobody is at 0 against 11 or more (SCORING R23, R24); a "
                   "game stopped by the clock is entered as time called");
  g_clear_error (&error);
  table = lw_event_get_table (event, 1, 1, NULL);
  g_assert_false (table->has_result);

  g_assert_true (lw_event_set_paper_result_full (event, 1, 1, (const int[]) { 12, 9, 4 }, 3,
                                                 TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (table->has_result);
  g_assert_true (table->time_called);
  g_assert_false (table->skunk);
  text = lw_event_scores_text (event, table);
  g_assert_cmpstr (text, ==, "12\u20139\u20134");
  /* Places by score, as at a finished table: 3 / 1 / 0. */
  lw_event_table_points (event, table, points);
  g_assert_cmpfloat (points[0], ==, 3);
  g_assert_cmpfloat (points[1], ==, 1);
  g_assert_cmpfloat (points[2], ==, 0);
  standings = lw_event_compute_standings (event);
  g_assert_cmpuint (g_array_index (standings, LwEventStanding, 0).time_called, ==, 1);
  g_assert_cmpuint (g_array_index (standings, LwEventStanding, 0).wins, ==, 1);

  /* A board that did end is not time called. */
  g_assert_false (lw_event_set_paper_result_full (event, 1, 1, (const int[]) { 15, 9, 4 }, 3,
                                                  TRUE, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "round 1, table 1: 15\u20139\u20134 ended the game "
                   "(the target reached, SCORING R24); it was not time called");
  g_clear_error (&error);
  g_assert_false (lw_event_set_paper_result_full (event, 1, 1, (const int[]) { 11, 9, 0 }, 3,
                                                  TRUE, &error));
  g_assert_nonnull (strstr (error->message, "(a skunk, SCORING R23)"));
  g_clear_error (&error);
  /* … and a skunk below 15 ends a game: no mark needed. */
  g_assert_true (lw_event_set_paper_result (event, 1, 1, (const int[]) { 11, 9, 0 }, 3, NULL));
  g_assert_false (table->time_called);
  g_assert_true (table->skunk);
  /* Time called still needs one side alone highest. */
  g_assert_false (lw_event_set_paper_result_full (event, 1, 1, (const int[]) { 9, 9, 4 }, 3,
                                                  TRUE, &error));
  g_assert_nonnull (strstr (error->message, "the highest score 9 is shared"));
}

/* ------------------------------------------------------------------ */
/* Event points, results                                                */
/* ------------------------------------------------------------------ */

static void
test_event_points (void)
{
  /* 7 players at 4 seats: a table of 4 and a table of 3. */
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_SWISS, 4, 7, 1, 1);
  LwEventRound *round = pair_ok (event);
  LwEventTable *four = &g_array_index (round->tables, LwEventTable, 0);
  LwEventTable *three = &g_array_index (round->tables, LwEventTable, 1);
  g_autoptr (GError) error = NULL;
  double points[4];

  g_assert_cmpuint (four->n_seats, ==, 4);
  g_assert_cmpuint (three->n_seats, ==, 3);

  /* A full table: 3 / 1 / 0 / 0. */
  g_assert_true (lw_event_set_paper_result (event, 1, 1, (const int[]) { 4, 15, 7, 2 }, 4, NULL));
  lw_event_table_points (event, four, points);
  g_assert_cmpfloat (points[1], ==, 3);
  g_assert_cmpfloat (points[2], ==, 1);
  g_assert_cmpfloat (points[0], ==, 0);
  g_assert_cmpfloat (points[3], ==, 0);
  g_assert_false (four->skunk);

  /* Second place shared at a full table: (1 + 0) / 2 each. */
  g_assert_true (lw_event_set_paper_result (event, 1, 1, (const int[]) { 4, 15, 4, 2 }, 4, NULL));
  lw_event_table_points (event, four, points);
  g_assert_cmpfloat (points[0], ==, 0.5);
  g_assert_cmpfloat (points[2], ==, 0.5);

  /* A table of 3 in a 4-seat event: first stands for the top third of
   * the field, i.e. 3/4 of full first and 1/4 of full second:
   * (3·3 + 1·1) / 4 = 2.5; second (2·1 + 2·0) / 4 = 0.5; third 0. The
   * table's mean stays 1, a full table's. */
  g_assert_true (lw_event_set_paper_result (event, 1, 2, (const int[]) { 6, 0, 11 }, 3, NULL));
  lw_event_table_points (event, three, points);
  g_assert_cmpfloat (points[2], ==, 2.5 * 2);   /* 11 with a side at 0: a skunk, double */
  g_assert_true (three->skunk);
  g_assert_cmpfloat (points[0], ==, 0.5);
  g_assert_cmpfloat (points[1], ==, 0);
  g_assert_true (lw_event_set_paper_result (event, 1, 2, (const int[]) { 6, 1, 15 }, 3, NULL));
  lw_event_table_points (event, three, points);
  g_assert_cmpfloat (points[2], ==, 2.5);
  g_assert_false (three->skunk);
  g_assert_cmpfloat (lw_event_bye_points (event), ==, 1);

  /* Bad results change nothing. */
  g_assert_false (lw_event_set_paper_result (event, 1, 2, (const int[]) { 15, 15, 3 }, 3, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "round 1, table 2: the highest score 15 is shared"));
  g_clear_error (&error);
  g_assert_false (lw_event_set_paper_result (event, 1, 2, (const int[]) { 15, 3 }, 2, &error));
  g_assert_nonnull (strstr (error->message, "2 scores for 3 seats"));
  g_clear_error (&error);
  g_assert_false (lw_event_set_paper_result (event, 1, 2, (const int[]) { 15, -1, 2 }, 3, &error));
  g_clear_error (&error);
  g_assert_false (lw_event_set_paper_result (event, 1, 3, (const int[]) { 15, 1, 2 }, 3, &error));
  g_assert_nonnull (strstr (error->message, "round 1 has no table 3"));
  g_clear_error (&error);
  g_assert_false (lw_event_set_paper_result (event, 2, 1, (const int[]) { 15, 1, 2 }, 3, &error));
  g_assert_nonnull (strstr (error->message, "round 2 is not paired"));
  g_assert_cmpint (three->scores[2], ==, 15);
}

static void
test_config_errors (void)
{
  LwEventConfig config;
  g_autoptr (GError) error = NULL;
  LwEventFormat format;

  lw_event_config_init (&config, LW_EVENT_PARTNERS, 3);
  g_assert_false (lw_event_config_validate (&config, &error));
  g_assert_nonnull (strstr (error->message, "partners play needs 4-seat tables"));
  g_clear_error (&error);
  lw_event_config_init (&config, LW_EVENT_ELIMINATION, 4);
  g_assert_false (lw_event_config_validate (&config, &error));
  g_clear_error (&error);
  lw_event_config_init (&config, LW_EVENT_SWISS, 5);
  g_assert_false (lw_event_config_validate (&config, &error));
  g_clear_error (&error);
  lw_event_config_init (&config, LW_EVENT_SWISS, 4);
  config.points_second = 4;
  g_assert_false (lw_event_config_validate (&config, &error));
  g_clear_error (&error);

  g_assert_true (lw_event_format_from_string ("round-robin", &format));
  g_assert_cmpint (format, ==, LW_EVENT_ROUND_ROBIN);
  g_assert_false (lw_event_format_from_string ("knockout", &format));

  /* Too few players for a table. */
  {
    g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_SWISS, 4, 2, 0, 0);
    g_assert_null (lw_event_pair_next_round (event, &error));
    g_assert_nonnull (strstr (error->message, "2 checked-in players cannot fill"));
    g_assert_cmpuint (event->rounds->len, ==, 0);
  }
}

/* ------------------------------------------------------------------ */
/* Standings and tie-breaks                                             */
/* ------------------------------------------------------------------ */

static const LwEventStanding *
row_of (GArray     *standings,
        const char *name)
{
  for (guint i = 0; i < standings->len; i++)
    if (strcmp (g_array_index (standings, LwEventStanding, i).name, name) == 0)
      return &g_array_index (standings, LwEventStanding, i);
  g_assert_not_reached ();
  return NULL;
}

static void
test_standings_tie_breaks (void)
{
  /* Four players (A, B, C, D = P00…P03), 2 seats, three rounds:
   *   round 1: A 15 – B 9,  C 15 – D 0 (a skunk: 11+ against 0)
   *   round 2: A 15 – C 12, B 15 – D 14
   *   round 3: B 15 – C 13, D 15 – A 5
   * Points (win 3, skunk 6): A 6, B 6, C 6, D 3.
   * Buchholz (opponents' points): A: B 6 + C 6 + D 3 = 15;
   * B: A 6 + D 3 + C 6 = 15; C: D 3 + A 6 + B 6 = 15; D: 6 + 6 + 6 = 18.
   * A, B, C level on both: head-to-head A beat B and C (+2, then lost
   * to nobody of them): A +1 (beat B) +1 (beat C) = +2; B −1 (A) +1 (C)
   * = 0; C −1 −1 = −2.
   * Margins: A +6 +3 −10 = −1; B −6 +1 +2 = −3; C +15 −3 −2 = 10;
   * D −15 −1 +10 = −6. */
  g_autoptr (LwEvent) event = lw_test_make_event (LW_EVENT_SWISS, 2, 4, 3, 0);
  g_autoptr (GArray) standings = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *json = NULL;
  const LwEventStanding *a, *b, *c, *d;

  lw_test_add_round (event, (const int[]) { 0, 1, 2, 3 }, 2);
  g_assert_true (lw_event_set_paper_result (event, 1, 1, (const int[]) { 15, 9 }, 2, NULL));
  g_assert_true (lw_event_set_paper_result (event, 1, 2, (const int[]) { 15, 0 }, 2, NULL));
  lw_test_add_round (event, (const int[]) { 0, 2, 1, 3 }, 2);
  g_assert_true (lw_event_set_paper_result (event, 2, 1, (const int[]) { 15, 12 }, 2, NULL));
  g_assert_true (lw_event_set_paper_result (event, 2, 2, (const int[]) { 15, 14 }, 2, NULL));
  lw_test_add_round (event, (const int[]) { 1, 2, 3, 0 }, 2);
  g_assert_true (lw_event_set_paper_result (event, 3, 1, (const int[]) { 15, 13 }, 2, NULL));
  g_assert_true (lw_event_set_paper_result (event, 3, 2, (const int[]) { 15, 5 }, 2, NULL));
  g_assert_true (lw_event_is_finished (event));
  /* Every round is paired: nobody can join now. */
  {
    g_autoptr (GError) late_error = NULL;

    g_assert_cmpint (lw_event_add_entrant (event, "Late", LW_ENTRANT_CHECKED_IN, &late_error), ==, -1);
    g_assert_error (late_error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
    g_assert_nonnull (strstr (late_error->message, "all 3 rounds"));
  }

  standings = lw_event_compute_standings (event);
  a = row_of (standings, "P00");
  b = row_of (standings, "P01");
  c = row_of (standings, "P02");
  d = row_of (standings, "P03");
  g_assert_cmpfloat (a->points, ==, 6);
  g_assert_cmpfloat (b->points, ==, 6);
  g_assert_cmpfloat (c->points, ==, 6);
  g_assert_cmpfloat (d->points, ==, 3);
  g_assert_cmpfloat (a->buchholz, ==, 15);
  g_assert_cmpfloat (d->buchholz, ==, 18);
  g_assert_cmpint (a->head_to_head, ==, 2);
  g_assert_cmpint (b->head_to_head, ==, 0);
  g_assert_cmpint (c->head_to_head, ==, -2);
  g_assert_cmpint (a->margin, ==, -1);
  g_assert_cmpint (c->margin, ==, 10);
  g_assert_cmpint (d->margin, ==, -6);
  g_assert_cmpuint (c->skunks, ==, 1);
  /* C's one win is a skunk: 2 wins in the standings (R23). */
  g_assert_cmpuint (c->wins, ==, 2);
  g_assert_cmpuint (a->wins, ==, 2);

  /* Head-to-head decides before the margin: A, B, C, then D. */
  g_assert_cmpstr (g_array_index (standings, LwEventStanding, 0).name, ==, "P00");
  g_assert_cmpstr (g_array_index (standings, LwEventStanding, 1).name, ==, "P01");
  g_assert_cmpstr (g_array_index (standings, LwEventStanding, 2).name, ==, "P02");
  g_assert_cmpstr (g_array_index (standings, LwEventStanding, 3).name, ==, "P03");
  g_assert_cmpuint (g_array_index (standings, LwEventStanding, 3).rank, ==, 4);

  csv = lw_event_standings_to_csv (standings);
  g_assert_true (g_str_has_prefix (csv, "rank,player,points,buchholz,head_to_head,margin,"
                                        "skunks,games,wins,byes,dropped\r\n"
                                        "1,P00,6,15,2,-1,0,3,2,0,no\r\n"));
  json = lw_event_standings_to_json (event, standings);
  g_assert_nonnull (strstr (json, "\"finished\" : true"));

  /* The tie-breaks chosen and ordered: the margin first puts C (+10)
   * ahead of A (−1) and B (−3). */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GArray) by_margin = NULL;
    g_autoptr (GArray) by_skunks = NULL;
    g_autofree char *text = NULL;

    g_assert_true (lw_tiebreaks_from_string ("margin, head-to-head", &event->config, &error));
    g_assert_no_error (error);
    text = lw_tiebreaks_to_string (&event->config);
    g_assert_cmpstr (text, ==, "margin,head-to-head");
    by_margin = lw_event_compute_standings (event);
    g_assert_cmpstr (g_array_index (by_margin, LwEventStanding, 0).name, ==, "P02");
    g_assert_cmpstr (g_array_index (by_margin, LwEventStanding, 1).name, ==, "P00");
    g_assert_cmpstr (g_array_index (by_margin, LwEventStanding, 2).name, ==, "P01");
    g_assert_cmpuint (g_array_index (by_margin, LwEventStanding, 2).rank, ==, 3);

    /* Skunks alone: C first; A and B level on everything share rank 2. */
    g_assert_true (lw_tiebreaks_from_string ("skunks", &event->config, &error));
    by_skunks = lw_event_compute_standings (event);
    g_assert_cmpstr (g_array_index (by_skunks, LwEventStanding, 0).name, ==, "P02");
    g_assert_cmpuint (g_array_index (by_skunks, LwEventStanding, 1).rank, ==, 2);
    g_assert_cmpuint (g_array_index (by_skunks, LwEventStanding, 2).rank, ==, 2);
    g_assert_cmpuint (g_array_index (by_skunks, LwEventStanding, 3).rank, ==, 4);

    g_assert_false (lw_tiebreaks_from_string ("margin,margin", &event->config, &error));
    g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "named twice"));
    g_clear_error (&error);
    g_assert_false (lw_tiebreaks_from_string ("luck", &event->config, &error));
    g_assert_nonnull (strstr (error->message, "\"luck\""));
    g_assert_cmpuint (event->config.n_tiebreaks, ==, 1);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/event/plan-tables", test_plan_tables);
  g_test_add_func ("/event/swiss/no-repeats-two-seats", test_swiss_no_repeats_two_seats);
  g_test_add_func ("/event/swiss/thirteen-four-seats", test_swiss_thirteen_four_seats);
  g_test_add_func ("/event/swiss/byes", test_swiss_byes);
  g_test_add_func ("/event/swiss/deterministic", test_swiss_deterministic);
  g_test_add_func ("/event/swiss/drop-and-late-entry", test_drop_and_late_entry);
  g_test_add_func ("/event/round-robin/two-seats", test_round_robin_two_seats);
  g_test_add_func ("/event/round-robin/four-seats", test_round_robin_four_seats);
  g_test_add_func ("/event/partners/rotation", test_partners_rotation);
  g_test_add_func ("/event/partners/points", test_partners_points);
  g_test_add_func ("/event/elimination", test_elimination);
  g_test_add_func ("/event/elimination/withdrawal", test_elimination_withdrawal);
  g_test_add_func ("/event/elimination/bracket-open", test_elimination_bracket_open);
  g_test_add_func ("/event/elimination/seeded", test_elimination_seeded);
  g_test_add_func ("/event/time-called", test_time_called);
  g_test_add_func ("/event/points", test_event_points);
  g_test_add_func ("/event/config-errors", test_config_errors);
  g_test_add_func ("/event/standings/tie-breaks", test_standings_tie_breaks);
  for (guint i = 0; i < G_N_ELEMENTS (large_fields); i++)
    {
      const LargeField *field = &large_fields[i];
      g_autofree char *path = g_strdup_printf ("/event/pairing/large-field/%s-%u-seats-%u-players",
                                               lw_event_format_to_string (field->format),
                                               field->table_size, field->n_players);

      g_test_add_data_func (path, field, test_pairing_large_field);
    }

  return g_test_run ();
}
