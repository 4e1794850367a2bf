/* test-garwolf.c — a hand's points won (SCORING G1) and the King and
 * Knave house rule (G3, lw-garwolf.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-engine.h"
#include "lw-test-util.h"

#define FMT "{'format':'little-wolf/game','version':1,'ruleset':'garwolf',"

typedef struct {
  const char *name;
  const char *json;          /* ' for " */
  guint       hand;
  gboolean    exchange;
  gboolean    everyone_tied;
  const char *kings;         /* seats, e.g. "0" or "0,2"; "" for none */
  const char *knaves;
  const char *text;
} Case;

static const Case cases[] = {
  { "first-hand", FMT "'players':['Ann','Ben','Cleo'],'rounds':[]}",
    1, FALSE, FALSE, "", "",
    "Hand 1: no passing" },
  /* Hand 1: Ann 4+3=7, Ben 8+0=8, Cleo 0+6=6. */
  { "three-players", FMT "'players':['Ann','Ben','Cleo'],'rounds':["
    "{'court':[4,8,0],'garwolves':[1,0,2]}]}",
    2, TRUE, FALSE, "1", "2",
    "Hand 2: King Ben gives Cleo two cards of choice; Knave Cleo gives Ben his two highest (Ace low)" },
  /* Hand 2 is decided by hand 2's points, not the running score: after
   * hand 1 Ben leads, but in hand 2 Ann 2+9=11, Ben 10+0=10, Cleo 0+0=0. */
  { "previous-hand-only", FMT "'players':['Ann','Ben','Cleo'],'rounds':["
    "{'court':[0,12,0],'garwolves':[1,1,1]},{'court':[2,10,0],'garwolves':[3,0,0]}]}",
    3, TRUE, FALSE, "0", "2",
    "Hand 3: King Ann gives Cleo two cards of choice; Knave Cleo gives Ann his two highest (Ace low)" },
  /* An earlier hand: hand 2 looks at hand 1 (Ben 12+3=15, Ann and Cleo 3). */
  { "earlier-hand", FMT "'players':['Ann','Ben','Cleo'],'rounds':["
    "{'court':[0,12,0],'garwolves':[1,1,1]},{'court':[2,10,0],'garwolves':[3,0,0]}]}",
    2, TRUE, FALSE, "1", "0,2",
    "Hand 2: King Ben gives Ann and Cleo two cards of choice; Knaves Ann and Cleo give Ben their two highest (Ace low)" },
  /* Four players: Ann 3+6=9 and Cleo 6+3=9 tie on top, Ben 3+3=6, Dev 0
   * alone at the bottom. */
  { "two-kings", FMT "'players':['Ann','Ben','Cleo','Dev'],'rounds':["
    "{'court':[3,3,6,0],'garwolves':[2,1,1,0]}]}",
    2, TRUE, FALSE, "0,2", "3",
    "Hand 2: Kings Ann and Cleo give Dev two cards of choice; Knave Dev gives Ann and Cleo his two highest (Ace low)" },
  /* Four players: three share the bottom (Ann 4, Ben 4, Cleo 4), Dev 0+12=12. */
  { "three-knaves", FMT "'players':['Ann','Ben','Cleo','Dev'],'rounds':["
    "{'court':[4,4,4,0],'garwolves':[0,0,0,4]}]}",
    2, TRUE, FALSE, "3", "0,1,2",
    "Hand 2: King Dev gives Ann, Ben and Cleo two cards of choice; Knaves Ann, Ben and Cleo give Dev their two highest (Ace low)" },
  /* Everyone 4+3=7: no King, no Knave. */
  { "everyone-tied", FMT "'players':['Ann','Ben','Cleo'],'rounds':["
    "{'court':[4,4,4],'garwolves':[1,1,1]}]}",
    2, FALSE, TRUE, "", "",
    "Hand 2: everyone tied in hand 1, no exchange" },
  /* Four players, everyone 3+3=6. */
  { "everyone-tied-four", FMT "'players':['Ann','Ben','Cleo','Dev'],'rounds':["
    "{'court':[3,3,3,3],'garwolves':[1,1,1,1]}]}",
    2, FALSE, TRUE, "", "",
    "Hand 2: everyone tied in hand 1, no exchange" },
  /* Garwolves weigh 3: Ben's one Garwolf (3) beats Ann's 2 Court cards. */
  { "garwolf-counts-three", FMT "'players':['Ann','Ben','Cleo'],'rounds':["
    "{'court':[2,0,10],'garwolves':[0,1,2]}]}",
    2, TRUE, FALSE, "2", "0",
    "Hand 2: King Cleo gives Ann two cards of choice; Knave Ann gives Cleo his two highest (Ace low)" },
};

static char *
seats_to_string (const int *seats,
                 guint      n)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, i > 0 ? ",%d" : "%d", seats[i]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = lw_test_record_from (c->json);
  g_autoptr (LwStandings) standings = NULL;
  g_autofree char *kings = NULL;
  g_autofree char *knaves = NULL;
  g_autofree char *text = NULL;
  LwKingAndKnave kk;

  standings = lw_standings_compute (record, &error);
  g_assert_no_error (error);

  g_assert_true (lw_garwolf_king_and_knave (record, standings, c->hand, &kk));
  g_assert_cmpuint (kk.hand, ==, c->hand);
  g_assert_cmpint (kk.exchange, ==, c->exchange);
  g_assert_cmpint (kk.everyone_tied, ==, c->everyone_tied);
  kings = seats_to_string (kk.kings, kk.n_kings);
  knaves = seats_to_string (kk.knaves, kk.n_knaves);
  g_assert_cmpstr (kings, ==, c->kings);
  g_assert_cmpstr (knaves, ==, c->knaves);

  text = lw_king_and_knave_describe (record, &kk);
  g_assert_cmpstr (text, ==, c->text);
}

/* A hand beyond the next one, hand 0 and a Little Wolf game are refused. */
static void
test_out_of_range (void)
{
  static const char *const jsons[] = {
    FMT "'players':['Ann','Ben','Cleo'],'rounds':[{'court':[4,8,0],'garwolves':[1,0,2]}]}",
    "{'format':'little-wolf/game','version':1,'players':['Ann','Ben'],'rounds':[]}",
  };
  static const struct { guint record, hand; } refused[] = { { 0, 3 }, { 0, 0 }, { 1, 1 } };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr (LwGameRecord) record = lw_test_record_from (jsons[refused[i].record]);
      g_autoptr (LwStandings) standings = lw_standings_compute (record, NULL);
      LwKingAndKnave kk;

      g_assert_nonnull (standings);
      g_test_expect_message (NULL, G_LOG_LEVEL_CRITICAL, "*lw_garwolf_king_and_knave*");
      g_assert_false (lw_garwolf_king_and_knave (record, standings, refused[i].hand, &kk));
      g_test_assert_expected_messages ();
      g_assert_cmpuint (kk.n_kings, ==, 0);
      g_assert_cmpuint (kk.n_knaves, ==, 0);
    }
}

/* G1: a Court card is worth 1 and a Garwolf 3, per seat, the two parts
 * told apart as the replay's items are; the replay scores a hand so. */
static void
test_points_won (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (
    FMT "'players':['Ann','Ben','Cleo','Dan'],'rounds':[{'court':[5,0,7,0],'garwolves':[0,2,1,1]}]}");
  g_autoptr (LwStandings) standings = lw_standings_compute (record, NULL);
  const LwRound *round = g_ptr_array_index (record->rounds, 0);
  static const int court[] = { 5, 0, 7, 0 }, garwolves[] = { 0, 6, 3, 3 }, points[] = { 5, 6, 10, 3 };

  g_assert_nonnull (standings);
  for (guint seat = 0; seat < 4; seat++)
    {
      int c = -1, g = -1;

      g_assert_cmpint (lw_garwolf_points_won (round, seat, &c, &g), ==, points[seat]);
      g_assert_cmpint (c, ==, court[seat]);
      g_assert_cmpint (g, ==, garwolves[seat]);
      g_assert_cmpint (lw_garwolf_points_won (round, seat, NULL, NULL), ==, points[seat]);
      g_assert_cmpint (standings->scores[seat], ==, points[seat]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_named_rows ("/garwolf/king-and-knave", cases, G_N_ELEMENTS (cases), sizeof cases[0], test_case);
  g_test_add_func ("/garwolf/king-and-knave/out-of-range", test_out_of_range);
  g_test_add_func ("/garwolf/points-won", test_points_won);

  return g_test_run ();
}
