/* test-duplicate.c — duplicate events (docs/rules/DUPLICATE.md D1–D10,
 * lw-duplicate.h): boards and the virtual table's deal, the check code of
 * one fixed board, board scoring, nets, matchpoints and standings worked
 * out by hand, the refusals of D9, and the seating of D8
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-engine.h"
#include "lw-test-util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

/* A duplicate event of @n players named P1, P2, … with no rounds. */
static LwEvent *
new_event (guint    n,
           guint    table_size,
           gboolean partners,
           guint    boards)
{
  LwEventConfig config;

  lw_event_config_init (&config, LW_EVENT_DUPLICATE, table_size);
  config.partners = partners;
  config.boards_per_round = boards;
  config.seed = 42;
  return lw_test_new_event ("Club duplicate", &config, n, 1, 0);
}

/* A round's facts: @declarer (or -1), cards won per seat, no Den cards. */
static LwRound *
facts (int        declarer,
       const int *cards,
       guint      n_seats)
{
  LwRound *round = lw_round_new ();

  round->declarer = declarer;
  for (guint s = 0; s < n_seats; s++)
    round->cards[s] = cards[s];
  return round;
}

static void
assert_fraction (LwFraction f,
                 gint64     num,
                 gint64     den)
{
  g_assert_cmpint (f.num, ==, num);
  g_assert_cmpint (f.den, ==, den);
}

static void
enter (LwEvent       *event,
       guint          table,
       guint          board,
       const LwRound *round)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (lw_event_add_board_result (event, event->rounds->len, table, board, round, &error));
  g_assert_no_error (error);
}

/* A round of two tables seated from @seats, board 1 entered at both:
 * @a at table 1, @b at table 2. */
static void
enter_first_board (LwEvent       *event,
                   const int     *seats,
                   const LwRound *a,
                   const LwRound *b)
{
  lw_test_add_round (event, seats, 2);
  enter (event, 1, 1, a);
  enter (event, 2, 1, b);
}

/* ------------------------------------------------------------------ */
/* Fractions                                                            */
/* ------------------------------------------------------------------ */

static void
test_fractions (void)
{
  static const struct {
    gint64      num, den, scale;
    const char *text;
  } cases[] = {
    { -4, 3, 1, "-1.33" },
    { 2, 3, 100, "66.67" },
    { 1, 8, 1, "0.13" },      /* 0.125: half away from zero */
    { -1, 200, 1, "-0.01" },  /* -0.005 likewise */
    { -1, 300, 1, "0.00" },   /* rounds to zero: no sign */
    { 1, 2, 100, "50.00" },
    { 7, 12, 100, "58.33" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = lw_fraction_format (lw_fraction_make (cases[i].num, cases[i].den),
                                                  cases[i].scale);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
  assert_fraction (lw_fraction_make (6, -4), -3, 2);
  assert_fraction (lw_fraction_add (lw_fraction_make (1, 4), lw_fraction_make (1, 6)), 5, 12);
  g_assert_cmpint (lw_fraction_compare (lw_fraction_make (1, 3), lw_fraction_make (2, 6)), ==, 0);
  g_assert_cmpint (lw_fraction_compare (lw_fraction_make (-1, 2), lw_fraction_make (-1, 3)), <, 0);
}

/* ------------------------------------------------------------------ */
/* Boards (D1–D3)                                                       */
/* ------------------------------------------------------------------ */

/* D3: board 1 of an event seeded 42 at 3 seats. The text and its code
 * were worked out outside the program: the text below, saved to a file,
 * gives `sha256sum` 7c764b671dd8531…; its first 6 digits are the code. */
static void
test_check_code (void)
{
  static const char expected[] =
    "AS 3S 7S JS 7D 9D 10D KD 8C L L\n"
    "QS KS 3H 5H KH 2D 6D 8D 6C QC W\n"
    "4S 10S 2H 6H AD 3D 7C 10C JC B B\n"
    "9C G 9S JH\n";
  LwBoard board;
  g_autofree char *text = NULL;
  g_autofree char *code = NULL;
  g_autofree char *sheet = NULL;

  lw_board_deal (42, 1, 3, FALSE, &board);
  text = lw_board_check_text (&board);
  code = lw_board_check_code (&board);
  g_assert_cmpstr (text, ==, expected);
  g_assert_cmpstr (code, ==, "7c764b");
  g_assert_cmpint (board.dealer, ==, 0);

  sheet = lw_board_sheet_text ("Club duplicate", &board, 1);
  g_assert_cmpstr (sheet, ==,
                   "Club duplicate — board 1 (event round 1)\n"
                   "Dealer: seat 0\n"
                   "Seat 0: AS 3S 7S JS 7D 9D 10D KD 8C L L\n"
                   "Seat 1: QS KS 3H 5H KH 2D 6D 8D 6C QC W\n"
                   "Seat 2: 4S 10S 2H 6H AD 3D 7C 10C JC B B\n"
                   "Pups: 9C G 9S JH\n"
                   "Check code: 7c764b\n");
}

/* D1, D2: the same event seed gives the same boards, the virtual table
 * deals them exactly, and the dealer of board k is seat (k − 1) mod N. */
static void
test_boards_deal (void)
{
  for (guint n = 2; n <= 4; n++)
    for (guint k = 1; k <= 9; k++)
      {
        LwBoard a, b;
        g_autoptr (LwTable) table = NULL;
        LwCard pups[4];
        g_autofree char *ca = NULL;
        g_autofree char *cb = NULL;

        lw_board_deal (7, k, n, n == 4, &a);
        lw_board_deal (7, k, n, n == 4, &b);
        g_assert_cmpint (a.dealer, ==, (int) ((k - 1) % n));
        g_assert_cmpuint (a.seed, ==, lw_board_seed (7, k));
        ca = lw_board_check_code (&a);
        cb = lw_board_check_code (&b);
        g_assert_cmpstr (ca, ==, cb);

        table = lw_board_new_table (&a, NULL);
        g_assert_cmpint (lw_table_get_dealer (table), ==, a.dealer);
        for (guint s = 0; s < n; s++)
          {
            guint count = 0;
            const LwCard *hand = lw_table_get_hand (table, (int) s, &count);
            guint8 in_board[LW_MAX_CARDS] = { 0, };

            g_assert_cmpuint (count, ==, a.n_hand[s]);
            g_assert_cmpuint (count, ==, lw_hand_size (n));
            for (guint i = 0; i < a.n_hand[s]; i++)
              in_board[a.hands[s][i]] = 1;
            for (guint i = 0; i < count; i++)
              g_assert_true (in_board[hand[i]]);
          }
        lw_table_get_pups (table, pups);
        g_assert_cmpmem (pups, 4, a.pups, 4);
        g_assert_cmpint (lw_table_get_revealed (table), ==, a.pups[0]);
      }

  /* Another board or another seed is another deal. */
  {
    LwBoard one, two, other;
    g_autofree char *c1 = NULL;
    g_autofree char *c2 = NULL;
    g_autofree char *c3 = NULL;

    lw_board_deal (7, 1, 3, FALSE, &one);
    lw_board_deal (7, 2, 3, FALSE, &two);
    lw_board_deal (8, 1, 3, FALSE, &other);
    c1 = lw_board_check_code (&one);
    c2 = lw_board_check_code (&two);
    c3 = lw_board_check_code (&other);
    g_assert_cmpstr (c1, !=, c2);
    g_assert_cmpstr (c1, !=, c3);
  }
}

/* ------------------------------------------------------------------ */
/* Scoring (D4–D7), worked out by hand                                  */
/* ------------------------------------------------------------------ */

/* One board at three 3-seat tables (9 players, board 1, dealer seat 0,
 * start score 1, T = 33):
 *   table 1: seat 1 declares and makes the Pack (20 cards): +1 (R10);
 *            deltas 0, 1, 0; nets −1/2, 1, −1/2
 *   table 2: nobody declares, seat 0 has the most cards: −1 (R16);
 *            deltas −1, 0, 0; nets −1, 1/2, 1/2
 *   table 3: seat 2 declares and misses; seat 1 alone has the most of
 *            the others: +2 (R13); deltas 0, 2, 0; nets −1, 2, −1
 * Matchpoints, top 4 (D6): seat 0: 4, 1, 1; seat 1: 2, 0, 4; seat 2:
 * 2, 4, 0. */
static void
test_traveller (void)
{
  static const int seats[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
  static const int cards[3][3] = { { 5, 20, 8 }, { 15, 10, 8 }, { 10, 13, 10 } };
  static const int declarers[3] = { 1, -1, 2 };
  static const struct {
    int    position;
    guint  table;
    int    delta;
    gint64 net_num, net_den;
    guint  mp;
    gint64 pct_num, pct_den;
  } expected[] = {
    { 0, 1, 0, -1, 2, 4, 1, 1 }, { 0, 2, -1, -1, 1, 1, 1, 4 }, { 0, 3, 0, -1, 1, 1, 1, 4 },
    { 1, 1, 1, 1, 1, 2, 1, 2 },  { 1, 2, 0, 1, 2, 0, 0, 1 },   { 1, 3, 2, 2, 1, 4, 1, 1 },
    { 2, 1, 0, -1, 2, 2, 1, 2 }, { 2, 2, 0, 1, 2, 4, 1, 1 },   { 2, 3, 0, -1, 1, 0, 0, 1 },
  };
  g_autoptr (LwEvent) event = new_event (9, 3, FALSE, 1);
  g_autoptr (GArray) rows = NULL;
  g_autoptr (GPtrArray) standings = NULL;
  g_autoptr (GError) error = NULL;
  LwFraction sum[3] = { { 0, 1 }, { 0, 1 }, { 0, 1 } };
  static const struct {
    const char *name;
    guint       rank;
    gint64      num, den;
  } ranking[] = {
    /* score 1: by nets 2, 1/2, −1/2 (D7) */
    { "P8", 1, 1, 1 }, { "P6", 2, 1, 1 }, { "P1", 3, 1, 1 },
    { "P2", 4, 1, 2 }, { "P3", 5, 1, 2 },
    /* 1/4 with nets −1 each and one board each: a shared rank, by name */
    { "P4", 6, 1, 4 }, { "P7", 6, 1, 4 },
    { "P5", 8, 0, 1 }, { "P9", 9, 0, 1 },
  };

  lw_test_add_round (event, seats, 3);
  for (guint t = 0; t < 3; t++)
    {
      g_autoptr (LwRound) round = facts (declarers[t], cards[t], 3);
      enter (event, t + 1, 1, round);
    }

  rows = lw_duplicate_traveller (event, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < rows->len; i++)
    {
      const LwTravellerRow *row = &g_array_index (rows, LwTravellerRow, i);

      g_assert_cmpint (row->position, ==, expected[i].position);
      g_assert_cmpuint (row->table, ==, expected[i].table);
      g_assert_cmpint (row->delta, ==, expected[i].delta);
      assert_fraction (row->net, expected[i].net_num, expected[i].net_den);
      g_assert_cmpuint (row->matchpoints, ==, expected[i].mp);
      g_assert_cmpuint (row->top, ==, 4);
      assert_fraction (row->percentage, expected[i].pct_num, expected[i].pct_den);
      g_assert_cmpint (row->entrants[0], ==, (int) (3 * (row->table - 1)) + row->position);
      sum[row->table - 1] = lw_fraction_add (sum[row->table - 1], row->net);
    }
  /* D5: the nets at one table sum to 0. */
  for (guint t = 0; t < 3; t++)
    assert_fraction (sum[t], 0, 1);

  standings = lw_duplicate_compute_standings (event, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (standings->len, ==, G_N_ELEMENTS (ranking));
  for (guint i = 0; i < standings->len; i++)
    {
      const LwDuplicateStanding *s = g_ptr_array_index (standings, i);

      g_assert_cmpstr (s->name, ==, ranking[i].name);
      g_assert_cmpuint (s->rank, ==, ranking[i].rank);
      assert_fraction (s->score, ranking[i].num, ranking[i].den);
      g_assert_cmpuint (s->boards, ==, 1);
    }
}

/* D6: a board played at one table only gives every position 1/2; D7: the
 * score is the average over the boards played (3/4 after 1 and 1/2). */
static void
test_played_once (void)
{
  static const int seats[] = { 0, 1, 2, 3, 4, 5 };
  static const int pack[3] = { 5, 20, 8 }, most[3] = { 15, 10, 8 };
  g_autoptr (LwEvent) event = new_event (6, 3, FALSE, 2);
  g_autoptr (LwRound) a = facts (1, pack, 3);
  g_autoptr (LwRound) b = facts (-1, most, 3);
  g_autoptr (GArray) rows = NULL;
  g_autoptr (GPtrArray) standings = NULL;
  const LwDuplicateStanding *top;

  enter_first_board (event, seats, a, b);
  enter (event, 1, 2, b);
  g_assert_true (g_array_index (((LwEventRound *) g_ptr_array_index (event->rounds, 0))->tables,
                                LwEventTable, 0).has_result);
  g_assert_false (g_array_index (((LwEventRound *) g_ptr_array_index (event->rounds, 0))->tables,
                                 LwEventTable, 1).has_result);

  rows = lw_duplicate_traveller (event, 2, NULL);
  g_assert_cmpuint (rows->len, ==, 3);
  for (guint i = 0; i < rows->len; i++)
    {
      g_assert_cmpuint (g_array_index (rows, LwTravellerRow, i).top, ==, 0);
      assert_fraction (g_array_index (rows, LwTravellerRow, i).percentage, 1, 2);
    }

  /* Board 1 (top 2): P1 (net −1/2) beats P4 (−1): 1; P2 (1) beats P5
   * (1/2): 1; P6 (1/2) beats P3 (−1/2): 1. Board 2, table 1 alone: 1/2
   * each, nets −1, 1/2, 1/2. P6: 1 over one board, first; P2: (1 + 1/2)
   * / 2 = 3/4, nets 1 + 1/2 = 3/2; P1: 3/4, nets −1/2 − 1 = −3/2. */
  standings = lw_duplicate_compute_standings (event, NULL);
  top = g_ptr_array_index (standings, 0);
  g_assert_cmpstr (top->name, ==, "P6");
  assert_fraction (top->score, 1, 1);
  g_assert_cmpuint (top->boards, ==, 1);
  top = g_ptr_array_index (standings, 1);
  g_assert_cmpstr (top->name, ==, "P2");
  assert_fraction (top->score, 3, 4);
  assert_fraction (top->nets, 3, 2);
  g_assert_cmpuint (top->boards, ==, 2);
  top = g_ptr_array_index (standings, 2);
  g_assert_cmpstr (top->name, ==, "P1");
  assert_fraction (top->score, 3, 4);
  assert_fraction (top->nets, -3, 2);
}

/* D4: a void round (R21) scores only its in-round penalties, and R19's
 * award to the others is always given (no game end applies): seat 0 at 1
 * plays out of turn twice: −1, then at 0 +1 to each other seat. */
static void
test_void_round (void)
{
  static const int seats[] = { 0, 1, 2 };
  g_autoptr (LwEvent) event = new_event (3, 3, FALSE, 1);
  g_autoptr (LwRound) round = lw_round_new ();
  g_autoptr (GArray) rows = NULL;

  round->is_void = TRUE;
  lw_round_add_penalty (round, 0, LW_PENALTY_OUT_OF_TURN);
  lw_round_add_penalty (round, 0, LW_PENALTY_OUT_OF_TURN);
  lw_test_add_round (event, seats, 1);
  enter (event, 1, 1, round);
  rows = lw_duplicate_traveller (event, 1, NULL);
  g_assert_cmpuint (rows->len, ==, 3);
  g_assert_cmpint (g_array_index (rows, LwTravellerRow, 0).delta, ==, -1);
  g_assert_cmpint (g_array_index (rows, LwTravellerRow, 1).delta, ==, 1);
  g_assert_cmpint (g_array_index (rows, LwTravellerRow, 2).delta, ==, 1);
  /* Nets: (3 × −1 − 1) / 2 = −2, (3 − 1) / 2 = 1. */
  assert_fraction (g_array_index (rows, LwTravellerRow, 0).net, -2, 1);
  assert_fraction (g_array_index (rows, LwTravellerRow, 1).net, 1, 1);
  assert_fraction (g_array_index (rows, LwTravellerRow, 2).net, 1, 1);
}

/* Partners (D6, D7): two tables; side 0 (seats 0+2) makes the Pack at
 * table 1 (deltas 1, 0: nets 1, −1), side 1 makes it at table 2 (nets −1,
 * 1). Each side beats the other table's: P1 & P2 (side 0 at table 1)
 * and P7 & P8 (side 1 at table 2) 100 %. */
static void
test_partners (void)
{
  /* Partnerships are entrants 0+1, 2+3, 4+5, 6+7 (P1 & P2, …). */
  static const int seats[] = { 0, 2, 1, 3, 4, 6, 5, 7 };
  static const int first[4] = { 20, 6, 5, 5 }, second[4] = { 6, 20, 5, 5 };
  g_autoptr (LwEvent) event = new_event (8, 4, TRUE, 1);
  g_autoptr (LwRound) a = facts (0, first, 4);
  g_autoptr (LwRound) b = facts (1, second, 4);
  g_autoptr (GArray) rows = NULL;
  g_autoptr (GPtrArray) standings = NULL;
  const LwTravellerRow *row;

  enter_first_board (event, seats, a, b);
  rows = lw_duplicate_traveller (event, 1, NULL);
  g_assert_cmpuint (rows->len, ==, 4);
  row = &g_array_index (rows, LwTravellerRow, 0);
  g_assert_cmpint (row->position, ==, 0);
  g_assert_cmpint (row->entrants[0], ==, 0);
  g_assert_cmpint (row->entrants[1], ==, 1);
  g_assert_cmpint (row->delta, ==, 1);
  assert_fraction (row->net, 1, 1);
  g_assert_cmpuint (row->top, ==, 2);
  assert_fraction (row->percentage, 1, 1);
  row = &g_array_index (rows, LwTravellerRow, 1);
  assert_fraction (row->net, -1, 1);
  assert_fraction (row->percentage, 0, 1);

  standings = lw_duplicate_compute_standings (event, NULL);
  g_assert_cmpuint (standings->len, ==, 4);
  /* Both at 100 % with nets 1 and one board: a shared rank 1, by name. */
  g_assert_cmpstr (((LwDuplicateStanding *) g_ptr_array_index (standings, 0))->name, ==, "P1 & P2");
  g_assert_cmpstr (((LwDuplicateStanding *) g_ptr_array_index (standings, 1))->name, ==, "P7 & P8");
  g_assert_cmpuint (((LwDuplicateStanding *) g_ptr_array_index (standings, 1))->rank, ==, 1);
  g_assert_cmpuint (((LwDuplicateStanding *) g_ptr_array_index (standings, 2))->rank, ==, 3);
}

/* D4 and D9: what is refused, in words, the event unchanged. */
static void
test_refusals (void)
{
  static const int seats[] = { 0, 1, 2 };
  static const int pack[3] = { 5, 20, 8 }, short_cards[3] = { 5, 20, 7 };
  g_autoptr (LwEvent) event = new_event (3, 3, FALSE, 2);
  g_autoptr (LwRound) ok = facts (1, pack, 3);
  g_autoptr (LwRound) unpegged = facts (1, pack, 3);
  g_autoptr (LwRound) bad = facts (1, short_cards, 3);
  g_autoptr (GError) error = NULL;

  lw_test_add_round (event, seats, 1);
  unpegged->unpegged[1] = TRUE;
  g_assert_false (lw_event_add_board_result (event, 1, 1, 1, unpegged, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "pegging does not apply"));
  g_assert_nonnull (strstr (error->message, "D4"));
  g_clear_error (&error);

  g_assert_false (lw_event_add_board_result (event, 1, 1, 3, ok, &error));
  g_assert_cmpstr (error->message, ==,
                   "round 1, table 1 did not play board 3: it plays boards 1–2 (DUPLICATE D9)");
  g_clear_error (&error);

  g_assert_false (lw_event_add_board_result (event, 1, 1, 1, bad, &error));
  g_assert_nonnull (strstr (error->message, "round 1, table 1, board 1: round 1: cards"));
  g_clear_error (&error);
  g_assert_cmpuint (event->board_results->len, ==, 0);

  enter (event, 1, 1, ok);
  g_assert_false (lw_event_add_board_result (event, 1, 1, 1, ok, &error));
  g_assert_cmpstr (error->message, ==,
                   "round 1, table 1, board 1: a result is already entered (DUPLICATE D9); "
                   "correct that board's round instead");
  g_clear_error (&error);
  g_assert_false (lw_event_add_board_result (event, 1, 2, 1, ok, &error));
  g_assert_cmpstr (error->message, ==, "round 1 has no table 2 (it has 1)");
  g_clear_error (&error);
  g_assert_cmpuint (event->board_results->len, ==, 1);

  /* Final scores from paper are not a duplicate table's result (D9). */
  {
    static const int scores[3] = { 15, 9, 4 };

    g_assert_false (lw_event_set_paper_result (event, 1, 1, scores, 3, &error));
    g_assert_nonnull (strstr (error->message, "a duplicate table's results are its boards'"));
  }
}

/* D9: the director corrects a board's result by correcting its round:
 * the new facts are scored and replace the old ones; a board with no
 * result, or facts that are no round, are refused and nothing changes. */
static void
test_correct (void)
{
  static const int seats[] = { 0, 1, 2 };
  static const int pack[3] = { 5, 20, 8 }, even[3] = { 11, 11, 11 }, short_cards[3] = { 5, 20, 7 };
  g_autoptr (LwEvent) event = new_event (3, 3, FALSE, 2);
  g_autoptr (LwRound) first = facts (1, pack, 3);
  g_autoptr (LwRound) corrected = facts (-1, even, 3);
  g_autoptr (LwRound) bad = facts (1, short_cards, 3);
  g_autoptr (GArray) rows = NULL;
  g_autoptr (GError) error = NULL;

  lw_test_add_round (event, seats, 1);
  g_assert_false (lw_event_correct_board_result (event, 1, 1, 1, corrected, &error));
  g_assert_cmpstr (error->message, ==,
                   "round 1, table 1, board 1: no result is entered yet, so none can be corrected "
                   "(DUPLICATE D9)");
  g_clear_error (&error);

  enter (event, 1, 1, first);
  g_assert_false (lw_event_correct_board_result (event, 1, 1, 1, bad, &error));
  g_assert_nonnull (strstr (error->message, "round 1, table 1, board 1: round 1: cards"));
  g_clear_error (&error);
  g_assert_cmpint (lw_event_find_board_result (event, 1, 1, 1)->facts->declarer, ==, 1);

  g_assert_true (lw_event_correct_board_result (event, 1, 1, 1, corrected, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (event->board_results->len, ==, 1);
  g_assert_cmpint (lw_event_find_board_result (event, 1, 1, 1)->facts->declarer, ==, -1);
  /* R16: nobody declared, everyone −1, so every net is 0 (D5). */
  rows = lw_duplicate_traveller (event, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 3);
  for (guint i = 0; i < rows->len; i++)
    {
      g_assert_cmpint (g_array_index (rows, LwTravellerRow, i).delta, ==, -1);
      assert_fraction (g_array_index (rows, LwTravellerRow, i).net, 0, 1);
    }
}

/* ------------------------------------------------------------------ */
/* Seating (D8)                                                         */
/* ------------------------------------------------------------------ */

/* Every table of the last round enters each of its boards: nobody
 * declared, 11 cards each (R16: everyone −1). */
static void
enter_round (LwEvent *event)
{
  const LwEventRound *round = g_ptr_array_index (event->rounds, event->rounds->len - 1);
  guint first = lw_duplicate_first_board (event, round->number);

  for (guint t = 0; t < round->tables->len; t++)
    for (guint b = 0; b < event->config.boards_per_round; b++)
      {
        static const int even3[3] = { 11, 11, 11 }, even4[4] = { 9, 9, 9, 9 };
        g_autoptr (LwRound) facts_ = facts (-1, event->config.table_size == 3 ? even3 : even4,
                                            event->config.table_size);
        enter (event, t + 1, first + b, facts_);
      }
}

/* 12 players at 3-seat tables over 4 rounds: 4 equal tables a round,
 * nobody plays a board twice, each player's seats spread (every seat, never
 * the same seat more than twice in 4 rounds), fewest repeat meetings (no two
 * players meet three times). */
static void
test_seating_individuals (void)
{
  g_autoptr (LwEvent) event = new_event (12, 3, FALSE, 2);
  guint seat_count[12][3] = { { 0, } };
  guint met[12][12] = { { 0, } };
  guint8 boards[12][9] = { { 0, } };
  guint n_missed = 0;

  event->config.n_rounds = 4;
  for (guint r = 1; r <= 4; r++)
    {
      LwEventRound *round = lw_test_pair_next_round (event);

      g_assert_cmpuint (round->tables->len, ==, 4);
      g_assert_cmpuint (round->byes->len, ==, 0);
      for (guint t = 0; t < 4; t++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);

          g_assert_cmpuint (table->n_seats, ==, 3);
          for (guint s = 0; s < 3; s++)
            {
              int p = table->entrants[s];

              seat_count[p][s]++;
              for (guint b = 0; b < 2; b++)
                {
                  guint board = lw_duplicate_first_board (event, r) + b;
                  g_assert_cmpuint (boards[p][board], ==, 0);
                  boards[p][board] = 1;
                }
              for (guint o = 0; o < 3; o++)
                if (o != s)
                  met[p][table->entrants[o]]++;
            }
        }
      enter_round (event);
    }
  for (guint p = 0; p < 12; p++)
    {
      guint missed = 0;

      for (guint s = 0; s < 3; s++)
        {
          missed += seat_count[p][s] == 0;
          g_assert_cmpuint (seat_count[p][s], <=, 2);
        }
      n_missed += missed;
      g_assert_cmpuint (missed, <=, 1);
      for (guint o = 0; o < 12; o++)
        g_assert_cmpuint (met[p][o], <=, 2);
    }
  /* D8: every player sits in every seat (twice in one of them). */
  g_assert_cmpuint (n_missed, ==, 0);
  g_assert_true (lw_event_is_finished (event));
}

/* D8, seats spread as evenly as arithmetic allows: 12 players at 3-seat
 * tables over 4 rounds sit 4 times in 3 seats, so the most even spread is
 * twice in one seat and once in each other: every player's counts differ
 * by at most 1 (nobody misses a seat, nobody sits in one three times),
 * for each of 40 event seeds (the draw). Over 3 rounds the even spread,
 * once in each seat, also needs draws of tables that allow it with the
 * fewest repeat meetings: there a player's counts differ by at most 2,
 * and the test tells how many players (of 480) were not evenly spread. */
static void
test_seating_spread (void)
{
  guint worst[5] = { 0, }, uneven[5] = { 0, };

  for (guint64 seed = 1; seed <= 40; seed++)
    for (guint n_rounds = 3; n_rounds <= 4; n_rounds++)
      {
        g_autoptr (LwEvent) event = new_event (12, 3, FALSE, 2);
        guint seat_count[12][3] = { { 0, } };

        event->config.seed = seed;
        event->config.n_rounds = n_rounds;
        for (guint r = 1; r <= n_rounds; r++)
          {
            LwEventRound *round = lw_test_pair_next_round (event);

            for (guint t = 0; t < round->tables->len; t++)
              for (guint s = 0; s < 3; s++)
                seat_count[g_array_index (round->tables, LwEventTable, t).entrants[s]][s]++;
            enter_round (event);
          }
        for (guint p = 0; p < 12; p++)
          {
            guint lo = MIN (seat_count[p][0], MIN (seat_count[p][1], seat_count[p][2]));
            guint hi = MAX (seat_count[p][0], MAX (seat_count[p][1], seat_count[p][2]));

            worst[n_rounds] = MAX (worst[n_rounds], hi - lo);
            uneven[n_rounds] += hi - lo > 1;
          }
      }
  g_test_message ("seats spread over 4 rounds: worst difference %u, %u of 480 players uneven; "
                  "over 3 rounds: %u, %u of 480", worst[4], uneven[4], worst[3], uneven[3]);
  g_assert_cmpuint (worst[4], <=, 1);
  g_assert_cmpuint (worst[3], <=, 2);
}

/* Partnerships: fixed (P1 & P2 always together), a different partnership
 * met each round, seats 0+2 and 1+3 alternately; with 5 partnerships one
 * sits out each round, never twice before everyone has. */
static void
test_seating_partners (void)
{
  g_autoptr (LwEvent) event = new_event (10, 4, TRUE, 1);
  guint north[5] = { 0, }, sat_out[5] = { 0, };
  guint met[5][5] = { { 0, } };

  g_assert_cmpuint (lw_event_total_rounds (event), ==, 5);
  for (guint r = 1; r <= 5; r++)
    {
      LwEventRound *round = lw_test_pair_next_round (event);

      g_assert_cmpuint (round->tables->len, ==, 2);
      g_assert_cmpuint (round->byes->len, ==, 2);
      g_assert_cmpint (g_array_index (round->byes, int, 0) / 2, ==,
                       g_array_index (round->byes, int, 1) / 2);
      sat_out[g_array_index (round->byes, int, 0) / 2]++;
      for (guint t = 0; t < 2; t++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);
          int a = table->entrants[0] / 2, b = table->entrants[1] / 2;

          g_assert_cmpint (table->entrants[2], ==, table->entrants[0] + 1);
          g_assert_cmpint (table->entrants[3], ==, table->entrants[1] + 1);
          north[a]++;
          met[a][b]++;
          met[b][a]++;
        }
      enter_round (event);
    }
  for (guint p = 0; p < 5; p++)
    {
      g_assert_cmpuint (sat_out[p], ==, 1);
      g_assert_cmpuint (north[p], >=, 1);
      g_assert_cmpuint (north[p], <=, 3);
      for (guint o = 0; o < 5; o++)
        g_assert_cmpuint (met[p][o], <=, 1);
    }
}

/* D8: entries close when round 1 is paired. */
static void
test_entries_close (void)
{
  g_autoptr (LwEvent) event = new_event (6, 3, FALSE, 2);
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (lw_event_pair_next_round (event, NULL));
  g_assert_cmpint (lw_event_add_entrant (event, "Late", LW_ENTRANT_CHECKED_IN, &error), ==, -1);
  g_assert_cmpstr (error->message, ==,
                   "Late: the field of a duplicate event is fixed once round 1 is paired");
}

/* ------------------------------------------------------------------ */
/* Par (D10)                                                            */
/* ------------------------------------------------------------------ */

/* Checks that @par is a legal finished round of board @board of @event,
 * scored as any board (D4) with nets that sum to 0 (D5). */
static void
assert_par_round (const LwEvent    *event,
                  guint             board,
                  const LwBoardPar *par)
{
  g_autoptr (LwGameRecord) record = lw_duplicate_par_record (event, board);
  guint n_seats = event->config.table_size;
  int deltas[LW_EVENT_MAX_SEATS];
  int cards = 0, wolves = 0;
  LwFraction sum = lw_fraction_make (0, 1);
  LwBoard deal;

  lw_event_board (event, board, &deal);
  g_assert_cmpuint (par->board, ==, board);
  g_assert_nonnull (par->facts);
  g_assert_false (par->facts->is_void);
  /* The round was dealt from the board: its dealer is D2's. */
  g_assert_cmpint (par->facts->dealer, ==, deal.dealer);
  for (guint s = 0; s < n_seats; s++)
    {
      g_assert_cmpint (par->facts->cards[s], >=, 0);
      g_assert_cmpint (par->facts->wolves[s], <=, par->facts->cards[s]);
      cards += par->facts->cards[s];
      wolves += par->facts->wolves[s];
    }
  /* Every card of the round was won in a trick: a round played out. */
  g_assert_cmpint (cards, ==, (int) lw_total_cards (n_seats));
  g_assert_cmpint (wolves, <=, 2);
  g_assert_cmpuint (record->n_players, ==, n_seats);
  g_assert_cmpint (record->first_dealer, ==, deal.dealer);
  g_assert_cmpint (record->details.event_board, ==, (int) board);
  /* D4: the deltas are the board scoring's on the same facts. */
  g_assert_true (lw_duplicate_score_board (record, par->facts, deltas, NULL));
  for (guint p = 0; p < par->n_sides; p++)
    {
      g_assert_cmpint (par->deltas[p], ==, deltas[p]);
      sum = lw_fraction_add (sum, par->nets[p]);
    }
  g_assert_cmpint (sum.num, ==, 0);
}

static char *
par_facts_json (const LwEvent    *event,
                const LwBoardPar *par)
{
  g_autoptr (LwGameRecord) record = lw_duplicate_par_record (event, par->board);

  return lw_round_to_json (record, par->facts);
}

/* Plays board @board's par at @level again and asserts that it has
 * @first's facts (a fixed seed: the same par every time); the second par
 * (transfer full). */
static LwBoardPar *
assert_par_again (const LwEvent    *event,
                  guint             board,
                  LwBotLevel        level,
                  const LwBoardPar *first)
{
  g_autoptr (GError) error = NULL;
  LwBoardPar *second = lw_duplicate_play_par (event, board, level, &error);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  g_assert_no_error (error);
  a = par_facts_json (event, first);
  b = par_facts_json (event, second);
  g_assert_cmpstr (a, ==, b);
  return second;
}

static void
test_par (void)
{
  g_autoptr (LwEvent) event = new_event (6, 3, FALSE, 2);
  g_autoptr (GError) error = NULL;

  for (guint board = 1; board <= 2; board++)
    {
      g_autoptr (LwBoardPar) first = lw_duplicate_play_par (event, board, LW_BOT_NORMAL, &error);
      g_autoptr (LwBoardPar) second = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (first);
      g_assert_cmpuint (first->n_sides, ==, 3);
      g_assert_cmpint (first->level, ==, LW_BOT_NORMAL);
      assert_par_round (event, board, first);
      second = assert_par_again (event, board, LW_BOT_NORMAL, first);
      g_assert_cmpmem (first->deltas, sizeof first->deltas, second->deltas, sizeof second->deltas);
    }

  /* Par results are never part of the travelling sheet (D10). */
  {
    g_autoptr (GArray) rows = lw_duplicate_traveller (event, 1, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (rows->len, ==, 0);
  }
}

static void
test_par_hard (void)
{
  g_autoptr (LwEvent) event = new_event (8, 4, TRUE, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwBoardPar) first = lw_duplicate_play_par (event, 3, LW_BOT_HARD, &error);
  g_autoptr (LwBoardPar) second = NULL;
  g_autoptr (LwBoardPar) rescored = NULL;
  g_autofree char *text = NULL;
  g_autofree char *net0 = NULL;

  g_assert_no_error (error);
  /* Partners: two positions, seats 0+2 and 1+3 (D6). */
  g_assert_cmpuint (first->n_sides, ==, 2);
  assert_par_round (event, 3, first);
  g_assert_cmpint (first->nets[0].num, ==, -first->nets[1].num);
  second = assert_par_again (event, 3, LW_BOT_HARD, first);

  /* Scoring the stored facts gives the par back. */
  rescored = lw_duplicate_score_par (event, 3, LW_BOT_HARD, first->facts, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (first->deltas, sizeof first->deltas, rescored->deltas, sizeof rescored->deltas);

  text = lw_board_par_text (first, "Hard");
  net0 = lw_fraction_format (first->nets[0], 1);
  g_assert_true (g_str_has_prefix (text, "Par (Hard): 0: "));
  g_assert_nonnull (strstr (text, net0));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/duplicate/fractions", test_fractions);
  g_test_add_func ("/duplicate/check-code", test_check_code);
  g_test_add_func ("/duplicate/boards-deal", test_boards_deal);
  g_test_add_func ("/duplicate/traveller", test_traveller);
  g_test_add_func ("/duplicate/played-once", test_played_once);
  g_test_add_func ("/duplicate/void-round", test_void_round);
  g_test_add_func ("/duplicate/partners", test_partners);
  g_test_add_func ("/duplicate/refusals", test_refusals);
  g_test_add_func ("/duplicate/correct", test_correct);
  g_test_add_func ("/duplicate/seating-individuals", test_seating_individuals);
  g_test_add_func ("/duplicate/seating-spread", test_seating_spread);
  g_test_add_func ("/duplicate/seating-partners", test_seating_partners);
  g_test_add_func ("/duplicate/entries-close", test_entries_close);
  g_test_add_func ("/duplicate/par", test_par);
  g_test_add_func ("/duplicate/par-hard", test_par_hard);
  return g_test_run ();
}
