/* test-rating.c — Weng-Lin Plackett-Luce ratings against worked numbers,
 * and the leaderboard (lw-rating.h)
 *
 * The expected values follow from Weng & Lin (2011), Algorithm 4, with the
 * default priors mu = 25, sigma = 25/3, beta = 25/6, kappa = 0.0001; each
 * case shows the arithmetic. Every player starts equal, so every
 * exp(mu/c) is the same and each p_{i,q} is 1 / (number of sides in C_q).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "lw-engine.h"

#define TOLERANCE 5e-5   /* the figures below are given to 6 decimals */

static void
assert_rating (const LwRating *rating,
               double          mu,
               double          sigma)
{
  g_assert_cmpfloat_with_epsilon (rating->mu, mu, TOLERANCE);
  g_assert_cmpfloat_with_epsilon (rating->sigma, sigma, TOLERANCE);
}

/* Two players, A beats B.
 *   sigma² = 625/9 = 69.444444, beta² = 625/36 = 17.361111
 *   c² = 2 (sigma² + beta²) = 173.611111, c = 13.176157
 *   A: q = A (C = {A, B}): p = 1/2
 *      Ω = sigma²/c · (1 − 1/2) = 5.270463 · 0.5 = 2.635231
 *      Δ = (sigma/c) · sigma²/c² · (1/2 · 1/2) = 0.632456 · 0.4 · 0.25 = 0.063246
 *      mu = 25 + 2.635231 = 27.635231
 *      sigma = 8.333333 · sqrt (1 − 0.063246) = 8.065506
 *   B: q = A: p = 1/2 → Ω −= 1/2, Δ += 1/4; q = B (C = {B}): p = 1 → 0
 *      mu = 25 − 2.635231 = 22.364769, sigma = 8.065506 */
static void
test_two_players (void)
{
  LwRatingModel model;
  LwRating ratings[2];

  lw_rating_model_init (&model);
  g_assert_cmpfloat (model.beta, ==, 25.0 / 6.0);
  lw_rating_init (&model, &ratings[0]);
  lw_rating_init (&model, &ratings[1]);
  lw_rating_rate (&model, 2, (const guint[]) { 1, 1 }, (const guint[]) { 0, 1 }, ratings);

  assert_rating (&ratings[0], 27.635231, 8.065506);
  assert_rating (&ratings[1], 22.364769, 8.065506);
  /* Shown conservatively: 27.635231 − 3 · 8.065506 = 3.438713. */
  g_assert_cmpfloat_with_epsilon (lw_rating_conservative (&ratings[0]), 3.438713, 1e-4);
}

/* Three players, A first, B second, C third.
 *   c² = 3 (sigma² + beta²) = 260.416667, c = 16.137431
 *   sigma²/c = 4.303315, (sigma/c) · sigma²/c² = 0.516398 · 0.266667 = 0.137706
 *   A: q = A (C = {A,B,C}) p = 1/3: Ω = 4.303315 · 2/3 = 2.868877
 *      Δ = 0.137706 · (1/3 · 2/3) = 0.030601
 *      mu = 27.868877, sigma = 8.333333 · sqrt (0.969399) = 8.204837
 *   B: q = A p = 1/3 (−1/3); q = B (C = {B,C}) p = 1/2 (+1/2):
 *      Ω = 4.303315 · 1/6 = 0.717219, Δ = 0.137706 · (2/9 + 1/4) = 0.065074
 *      mu = 25.717219, sigma = 8.333333 · sqrt (0.934926) = 8.057830
 *   C: q = A −1/3, q = B −1/2, q = C p = 1 (0):
 *      Ω = 4.303315 · (−5/6) = −3.586096, Δ = 0.065074
 *      mu = 21.413904, sigma = 8.057830 */
static void
test_three_players (void)
{
  LwRatingModel model;
  LwRating ratings[3];

  lw_rating_model_init (&model);
  for (guint i = 0; i < 3; i++)
    lw_rating_init (&model, &ratings[i]);
  lw_rating_rate (&model, 3, (const guint[]) { 1, 1, 1 }, (const guint[]) { 0, 1, 2 }, ratings);

  assert_rating (&ratings[0], 27.868877, 8.204837);
  assert_rating (&ratings[1], 25.717219, 8.057830);
  assert_rating (&ratings[2], 21.413904, 8.057830);
}

/* Three players, B and C tied second: A as above; for B (and C) the sets
 * q with rank_q ≤ rank_B are A (p = 1/3, A_q = 1), B and C (C_q = {B,C},
 * p = 1/2, A_q = 2 each):
 *   Ω = 4.303315 · (−1/3 + (1 − 1/2)/2 − (1/2)/2) = 4.303315 · (−1/3) = −1.434438
 *   mu = 23.565562; Δ = 0.137706 · (2/9 + 1/8 + 1/8) = 0.064996,
 *   sigma = 8.057830 (to 6 decimals, the same as a clear second). */
static void
test_tie (void)
{
  LwRatingModel model;
  LwRating ratings[3];

  lw_rating_model_init (&model);
  for (guint i = 0; i < 3; i++)
    lw_rating_init (&model, &ratings[i]);
  lw_rating_rate (&model, 3, (const guint[]) { 1, 1, 1 }, (const guint[]) { 0, 1, 1 }, ratings);

  assert_rating (&ratings[0], 27.868877, 8.204837);
  g_assert_cmpfloat_with_epsilon (ratings[1].mu, 23.565562, TOLERANCE);
  g_assert_cmpfloat (ratings[1].mu, ==, ratings[2].mu);
  g_assert_cmpfloat (ratings[1].sigma, ==, ratings[2].sigma);
}

/* Partners, two sides of two: a side's sigma² = 2 · 69.444444 = 138.888889,
 *   c² = 2 (138.888889 + 17.361111) = 312.5, c = 17.677670
 *   winners: Ω = 138.888889 / 17.677670 · 1/2 = 3.928371; each player
 *   takes sigma²_j / sigma²_side = 1/2: mu = 25 + 1.964186 = 26.964186
 *   Δ = (11.785113 / 17.677670) · (138.888889 / 312.5) · 1/4 = 0.074074;
 *   sigma = 8.333333 · sqrt (1 − 0.5 · 0.074074) = 8.177556. */
static void
test_partners (void)
{
  LwRatingModel model;
  LwRating ratings[4];

  lw_rating_model_init (&model);
  for (guint i = 0; i < 4; i++)
    lw_rating_init (&model, &ratings[i]);
  lw_rating_rate (&model, 2, (const guint[]) { 2, 2 }, (const guint[]) { 0, 1 }, ratings);

  assert_rating (&ratings[0], 26.964186, 8.177556);
  assert_rating (&ratings[1], 26.964186, 8.177556);
  assert_rating (&ratings[2], 23.035814, 8.177556);
  assert_rating (&ratings[3], 23.035814, 8.177556);
}

/* Ratings move the right way: the winner up, the loser down, sigmas
 * shrink; beating a stronger player is worth more. */
static void
test_directions (void)
{
  LwRatingModel model;
  LwRating strong[2], weak[2];

  lw_rating_model_init (&model);
  strong[0] = (LwRating) { 25, 8 };
  strong[1] = (LwRating) { 35, 4 };
  weak[0] = (LwRating) { 25, 8 };
  weak[1] = (LwRating) { 15, 4 };
  lw_rating_rate (&model, 2, (const guint[]) { 1, 1 }, (const guint[]) { 0, 1 }, strong);
  lw_rating_rate (&model, 2, (const guint[]) { 1, 1 }, (const guint[]) { 0, 1 }, weak);

  g_assert_cmpfloat (strong[0].mu, >, 25);
  g_assert_cmpfloat (strong[1].mu, <, 35);
  g_assert_cmpfloat (strong[0].sigma, <, 8);
  g_assert_cmpfloat (strong[1].sigma, <, 4);
  g_assert_cmpfloat (strong[0].mu - 25, >, weak[0].mu - 25);
  g_assert_cmpfloat (weak[0].mu, >, 25);
  /* The upset moves the favourite more than the expected win moves the
   * underdog. */
  g_assert_cmpfloat (35 - strong[1].mu, >, 15 - weak[1].mu);

  /* Eight sides, one each: the order of the places is the order of mu. */
  {
    LwRating eight[8];
    guint sizes[8], ranks[8];

    for (guint i = 0; i < 8; i++)
      {
        lw_rating_init (&model, &eight[i]);
        sizes[i] = 1;
        ranks[i] = i;
      }
    lw_rating_rate (&model, 8, sizes, ranks, eight);
    for (guint i = 1; i < 8; i++)
      g_assert_cmpfloat (eight[i - 1].mu, >, eight[i].mu);
  }
}

static void
add_game (LwRatingGames *games,
          gint64         id,
          gint64         time,
          const char    *names,
          const int     *scores,
          guint          n_teams,
          gboolean       skunk)
{
  g_auto (GStrv) split = g_strsplit (names, ",", -1);
  LwRatedGame game = { 0, };

  game.id = id;
  game.time = time;
  game.n_players = g_strv_length (split);
  game.n_teams = n_teams;
  for (guint i = 0; i < game.n_players; i++)
    {
      game.players[i] = lw_rating_games_intern (games, split[i]);
      game.side_of[i] = n_teams > 0 ? (int) (i % n_teams) : (int) i;
    }
  memcpy (game.scores, scores, sizeof (int) * (n_teams > 0 ? n_teams : game.n_players));
  game.skunk = skunk;
  lw_rating_games_add (games, &game);
}

static const LwLeaderboardRow *
row_named (GArray     *rows,
           const char *name)
{
  for (guint i = 0; i < rows->len; i++)
    if (strcmp (g_array_index (rows, LwLeaderboardRow, i).name, name) == 0)
      return &g_array_index (rows, LwLeaderboardRow, i);
  return NULL;
}

static void
test_leaderboard (void)
{
  g_autoptr (LwRatingGames) games = lw_rating_games_new ();
  LwLeaderboardOptions options;
  g_autoptr (GArray) rows = NULL;
  g_autoptr (GArray) two = NULL;
  g_autoptr (GArray) partners = NULL;
  g_autoptr (GArray) period = NULL;
  g_autofree char *json = NULL;
  g_autofree char *text = NULL;
  const LwLeaderboardRow *ann, *ben;

  /* Added out of time order: they are rated by time. */
  add_game (games, 2, 200, "Ann,Ben,Cat", (const int[]) { 15, 7, 3 }, 0, FALSE);
  add_game (games, 1, 100, "Ann,Ben", (const int[]) { 11, 0 }, 0, TRUE);
  add_game (games, 3, 300, "Ann,Ben,Cat,Dan", (const int[]) { 9, 15 }, 2, FALSE);
  g_assert_cmpuint (lw_rating_games_get_n_games (games), ==, 3);

  lw_leaderboard_options_init (&options);
  rows = lw_leaderboard_compute (games, &options);
  g_assert_cmpuint (rows->len, ==, 4);
  ann = row_named (rows, "Ann");
  g_assert_cmpuint (ann->games, ==, 3);
  /* Won games 1 (a skunk: 2 wins, R23) and 2. */
  g_assert_cmpuint (ann->wins, ==, 3);
  g_assert_cmpuint (ann->skunks, ==, 1);
  g_assert_cmpfloat_with_epsilon (ann->rating, ann->mu - 3 * ann->sigma, 1e-9);
  for (guint i = 1; i < rows->len; i++)
    g_assert_cmpfloat (g_array_index (rows, LwLeaderboardRow, i - 1).rating, >=,
                       g_array_index (rows, LwLeaderboardRow, i).rating);

  /* The 2-player ladder holds game 1 only: the worked numbers of
   * test_two_players(); the trend from the prior's 0 is the rating. */
  options.ladder = LW_LADDER_TWO;
  two = lw_leaderboard_compute (games, &options);
  g_assert_cmpuint (two->len, ==, 2);
  ann = row_named (two, "Ann");
  ben = row_named (two, "Ben");
  g_assert_cmpuint (ann->rank, ==, 1);
  g_assert_cmpfloat_with_epsilon (ann->mu, 27.635231, TOLERANCE);
  g_assert_cmpfloat_with_epsilon (ann->rating, 3.438713, 1e-4);
  g_assert_cmpfloat_with_epsilon (ann->trend, 3.438713, 1e-4);
  g_assert_cmpfloat_with_epsilon (ben->mu, 22.364769, TOLERANCE);
  g_assert_cmpuint (ann->skunks, ==, 1);

  /* Partners: Ann and Cat (side 0) lost to Ben and Dan. */
  options.ladder = LW_LADDER_PARTNERS;
  partners = lw_leaderboard_compute (games, &options);
  g_assert_cmpuint (partners->len, ==, 4);
  g_assert_cmpfloat_with_epsilon (row_named (partners, "Ben")->mu, 26.964186, TOLERANCE);
  g_assert_cmpfloat_with_epsilon (row_named (partners, "Ann")->mu, 23.035814, TOLERANCE);

  /* A period: games from time 150 count; ratings include game 1. */
  options.ladder = LW_LADDER_ALL;
  options.from = 150;
  options.to = 250;
  period = lw_leaderboard_compute (games, &options);
  g_assert_cmpuint (period->len, ==, 3);
  g_assert_null (row_named (period, "Dan"));
  g_assert_cmpuint (row_named (period, "Ann")->games, ==, 1);
  g_assert_cmpuint (row_named (period, "Ann")->skunks, ==, 0);
  /* Ann's rating went up in game 2: the trend is positive but smaller
   * than her whole rating (game 1 is before the counted games). */
  g_assert_cmpfloat (row_named (period, "Ann")->trend, >, 0);
  g_assert_cmpfloat (row_named (period, "Ann")->trend, <, row_named (period, "Ann")->rating);

  /* JSON: 4 decimals, no digits of binary noise after them. */
  options.ladder = LW_LADDER_TWO;
  json = lw_leaderboard_to_json (two, &options);
  g_assert_cmpstr (json, ==,
                   "{\n"
                   "  \"ladder\" : \"2p\",\n"
                   "  \"leaderboard\" : [\n"
                   "    {\n"
                   "      \"rank\" : 1,\n"
                   "      \"player\" : \"Ann\",\n"
                   "      \"rating\" : 3.4387,\n"
                   "      \"mu\" : 27.6352,\n"
                   "      \"sigma\" : 8.0655,\n"
                   "      \"games\" : 1,\n"
                   "      \"wins\" : 2,\n"
                   "      \"skunks\" : 1,\n"
                   "      \"trend\" : 3.4387\n"
                   "    },\n"
                   "    {\n"
                   "      \"rank\" : 2,\n"
                   "      \"player\" : \"Ben\",\n"
                   "      \"rating\" : -1.8318,\n"
                   "      \"mu\" : 22.3648,\n"
                   "      \"sigma\" : 8.0655,\n"
                   "      \"games\" : 1,\n"
                   "      \"wins\" : 0,\n"
                   "      \"skunks\" : 0,\n"
                   "      \"trend\" : -1.8318\n"
                   "    }\n"
                   "  ]\n"
                   "}\n");
  text = lw_leaderboard_to_text (two);
  g_assert_true (g_str_has_prefix (text, "1\tAnn\t3.44\t1\t2\t1\t+3.44\n2\tBen\t-1.83\t1\t0\t0\t-1.83\n"));
}

/* Equal ratings share a rank and are listed by name; JSON escapes names
 * and writes an empty leaderboard as []. */
static void
test_ties (void)
{
  g_autoptr (LwRatingGames) games = lw_rating_games_new ();
  g_autoptr (LwRatingGames) none = lw_rating_games_new ();
  LwLeaderboardOptions options;
  g_autoptr (GArray) rows = NULL;
  g_autoptr (GArray) empty = NULL;
  g_autofree char *json = NULL;
  g_autofree char *text = NULL;

  /* Four games of the same shape: their winners tie, and their losers.
   * Tests run in the C locale, where names collate by code point (É after
   * Z). */
  add_game (games, 1, 100, "Zoë,Ben", (const int[]) { 15, 3 }, 0, FALSE);
  add_game (games, 2, 100, "Abe,\"Q\" Dan", (const int[]) { 15, 3 }, 0, FALSE);
  add_game (games, 3, 100, "Émile,Cat", (const int[]) { 15, 3 }, 0, FALSE);
  add_game (games, 4, 100, "Mo,Ann", (const int[]) { 15, 3 }, 0, FALSE);
  lw_leaderboard_options_init (&options);
  rows = lw_leaderboard_compute (games, &options);
  text = lw_leaderboard_to_text (rows);
  g_assert_cmpstr (text, ==,
                   "1\tAbe\t3.44\t1\t1\t0\t+3.44\n"
                   "1\tMo\t3.44\t1\t1\t0\t+3.44\n"
                   "1\tZoë\t3.44\t1\t1\t0\t+3.44\n"
                   "1\tÉmile\t3.44\t1\t1\t0\t+3.44\n"
                   "5\t\"Q\" Dan\t-1.83\t1\t0\t0\t-1.83\n"
                   "5\tAnn\t-1.83\t1\t0\t0\t-1.83\n"
                   "5\tBen\t-1.83\t1\t0\t0\t-1.83\n"
                   "5\tCat\t-1.83\t1\t0\t0\t-1.83\n");
  json = lw_leaderboard_to_json (rows, &options);
  g_assert_nonnull (strstr (json, "\"player\" : \"\\\"Q\\\" Dan\",\n"));
  g_clear_pointer (&json, g_free);

  empty = lw_leaderboard_compute (none, &options);
  json = lw_leaderboard_to_json (empty, &options);
  g_assert_cmpstr (json, ==, "{\n  \"ladder\" : \"all\",\n  \"leaderboard\" : []\n}\n");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rating/two-players", test_two_players);
  g_test_add_func ("/rating/three-players", test_three_players);
  g_test_add_func ("/rating/tie", test_tie);
  g_test_add_func ("/rating/partners", test_partners);
  g_test_add_func ("/rating/directions", test_directions);
  g_test_add_func ("/rating/leaderboard", test_leaderboard);
  g_test_add_func ("/rating/ties", test_ties);

  return g_test_run ();
}
