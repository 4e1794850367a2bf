/* test-rating.c — Weng-Lin Plackett-Luce ratings against worked numbers,
 * and the leaderboard (lw-rating.h)
 *
 * The worked values follow from Weng & Lin (2011), Algorithm 4, with the
 * default priors mu = 25, sigma = 25/3, beta = 25/6, kappa = 0.0001 and
 * without OpenSkill's dynamics factor (tau = 0); each case shows the
 * arithmetic. Every player starts equal, so every exp(mu/c) is the same
 * and each p_{i,q} is 1 / (number of sides in C_q). With the defaults
 * (tau = 25/300, limitSigma off or on, partial play weights) the ratings
 * over 153 games are openskill.js's, to 4 decimals: the reference numbers
 * are tests/data/openskill-reference.json (made by
 * tests/tools/openskill-reference.mjs with openskill.js 5.0.1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-engine.h"

#define TOLERANCE 5e-5   /* the figures below are given to 6 decimals */

/* The defaults without the dynamics factor: the worked numbers below. */
static void
model_without_tau (LwRatingModel *model)
{
  lw_rating_model_init (model);
  model->tau = 0;
}

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

  model_without_tau (&model);
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

  model_without_tau (&model);
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

  model_without_tau (&model);
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

  model_without_tau (&model);
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
  g_autofree char *key = g_strdup_printf ("game-%012" G_GINT64_FORMAT, id);
  LwRatedGame game = { 0, };

  /* At the same second the games are rated in the order of their IDs. */
  game.id = id;
  game.key = key;
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
  options.model.tau = 0;   /* the worked numbers */
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
                   "      \"trend\" : 3.4387,\n"
                   "      \"rated\" : 1,\n"
                   "      \"provisional\" : true\n"
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
                   "      \"trend\" : -1.8318,\n"
                   "      \"rated\" : 1,\n"
                   "      \"provisional\" : true\n"
                   "    }\n"
                   "  ]\n"
                   "}\n");
  text = lw_leaderboard_to_text (two);
  g_assert_true (g_str_has_prefix (text, "1\tAnn\t3.44\t1\t2\t1\t+3.44\t8.07\tprovisional\n"
                                         "2\tBen\t-1.83\t1\t0\t0\t-1.83\t8.07\tprovisional\n"));
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
  options.model.tau = 0;
  rows = lw_leaderboard_compute (games, &options);
  text = lw_leaderboard_to_text (rows);
  g_assert_cmpstr (text, ==,
                   "1\tAbe\t3.44\t1\t1\t0\t+3.44\t8.07\tprovisional\n"
                   "1\tMo\t3.44\t1\t1\t0\t+3.44\t8.07\tprovisional\n"
                   "1\tZoë\t3.44\t1\t1\t0\t+3.44\t8.07\tprovisional\n"
                   "1\tÉmile\t3.44\t1\t1\t0\t+3.44\t8.07\tprovisional\n"
                   "5\t\"Q\" Dan\t-1.83\t1\t0\t0\t-1.83\t8.07\tprovisional\n"
                   "5\tAnn\t-1.83\t1\t0\t0\t-1.83\t8.07\tprovisional\n"
                   "5\tBen\t-1.83\t1\t0\t0\t-1.83\t8.07\tprovisional\n"
                   "5\tCat\t-1.83\t1\t0\t0\t-1.83\t8.07\tprovisional\n");
  json = lw_leaderboard_to_json (rows, &options);
  g_assert_nonnull (strstr (json, "\"player\" : \"\\\"Q\\\" Dan\",\n"));
  g_clear_pointer (&json, g_free);

  empty = lw_leaderboard_compute (none, &options);
  json = lw_leaderboard_to_json (empty, &options);
  g_assert_cmpstr (json, ==, "{\n  \"ladder\" : \"all\",\n  \"leaderboard\" : []\n}\n");
}

/* OpenSkill's defaults: tau = 25/300 is added to each sigma before the
 * game (sigma² = 625/9 + 1/144), then the update as above; openskill.js
 * 5.0.1 gives 27.635389493 / 8.065901414 for the winner. */
static void
test_tau (void)
{
  LwRatingModel model;
  LwRating ratings[2];

  lw_rating_model_init (&model);
  g_assert_cmpfloat (model.tau, ==, 25.0 / 300.0);
  g_assert_false (model.limit_sigma);
  lw_rating_init (&model, &ratings[0]);
  lw_rating_init (&model, &ratings[1]);
  lw_rating_rate (&model, 2, (const guint[]) { 1, 1 }, (const guint[]) { 0, 1 }, ratings);
  g_assert_cmpfloat_with_epsilon (ratings[0].mu, 27.635389493, 1e-8);
  g_assert_cmpfloat_with_epsilon (ratings[0].sigma, 8.065901414, 1e-8);
  g_assert_cmpfloat_with_epsilon (ratings[1].mu, 22.364610507, 1e-8);

  /* A weight of 1 each is the unweighted update, bit for bit; a player
   * of weight 0 is left as they were. */
  {
    LwRating a[3], b[2];

    for (guint i = 0; i < 3; i++)
      lw_rating_init (&model, &a[i]);
    for (guint i = 0; i < 2; i++)
      lw_rating_init (&model, &b[i]);
    lw_rating_rate_weighted (&model, 2, (const guint[]) { 1, 1 }, (const guint[]) { 0, 1 },
                             (const double[]) { 1, 1 }, b);
    g_assert_cmpfloat (b[0].mu, ==, ratings[0].mu);
    g_assert_cmpfloat (b[1].sigma, ==, ratings[1].sigma);
    lw_rating_rate_weighted (&model, 2, (const guint[]) { 2, 1 }, (const guint[]) { 0, 1 },
                             (const double[]) { 1, 0, 1 }, a);
    g_assert_cmpfloat (a[0].mu, ==, ratings[0].mu);
    g_assert_cmpfloat (a[1].mu, ==, 25);
    g_assert_cmpfloat (a[1].sigma, ==, 25.0 / 3.0);
  }
}

static JsonObject *
reference (JsonParser **parser)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "openskill-reference.json",
                                                 NULL);
  g_autoptr (GError) error = NULL;

  *parser = json_parser_new ();
  json_parser_load_from_file (*parser, path, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (*parser));
}

/* The fixture's games, added last first (they are rated in played-at
 * order, then by ID, whatever the order they come in). */
static LwRatingGames *
reference_games (JsonArray *list)
{
  LwRatingGames *games = lw_rating_games_new ();

  for (guint i = json_array_get_length (list); i-- > 0;)
    {
      JsonObject *object = json_array_get_object_element (list, i);
      JsonArray *seats = json_object_get_array_member (object, "seats");
      JsonArray *scores = json_object_get_array_member (object, "scores");
      LwRatedGame game = { 0, };
      g_autofree char *key = NULL;

      game.id = json_object_get_int_member (object, "id");
      key = g_strdup_printf ("game-%012" G_GINT64_FORMAT, game.id);
      game.key = key;
      game.time = json_object_get_int_member (object, "time");
      game.n_teams = (guint) json_object_get_int_member (object, "n_teams");
      game.n_players = json_array_get_length (seats);
      for (guint s = 0; s < game.n_players; s++)
        {
          JsonObject *seat = json_array_get_object_element (seats, s);

          game.players[s] = lw_rating_games_intern (games,
                                                    json_object_get_string_member (seat, "player"));
          game.side_of[s] = (int) json_object_get_int_member (seat, "side");
        }
      for (guint s = 0; s < json_array_get_length (scores); s++)
        game.scores[s] = (int) json_array_get_int_element (scores, s);
      lw_rating_games_add (games, &game);
      for (guint s = 0; s < game.n_players; s++)
        {
          JsonArray *subs = json_object_get_array_member (json_array_get_object_element (seats, s),
                                                          "subs");

          for (guint k = 0; k < json_array_get_length (subs); k++)
            {
              JsonObject *sub = json_array_get_object_element (subs, k);

              g_assert_true (lw_rating_games_add_sub (games, game.id, s,
                                                      json_object_get_string_member (sub, "player"),
                                                      json_object_get_double_member (sub, "weight")));
            }
        }
    }
  return games;
}

/* Every player's mu and sigma equal the reference's to 4 decimals. */
static void
assert_as_openskill (const LwRatingGames *games,
                     gboolean             tau,
                     gboolean             limit_sigma,
                     JsonObject          *expected)
{
  LwLeaderboardOptions options;
  g_autoptr (GArray) rows = NULL;
  g_autoptr (GList) names = json_object_get_members (expected);
  guint compared = 0;

  lw_leaderboard_options_init (&options);
  if (!tau)
    options.model.tau = 0;
  options.model.limit_sigma = limit_sigma;
  rows = lw_leaderboard_compute (games, &options);
  g_assert_cmpuint (rows->len, ==, g_list_length (names));
  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonObject *want = json_object_get_object_member (expected, l->data);
      const LwLeaderboardRow *row = row_named (rows, l->data);

      g_assert_nonnull (row);
      g_assert_cmpfloat_with_epsilon (row->mu, json_object_get_double_member (want, "mu"), 5e-5);
      g_assert_cmpfloat_with_epsilon (row->sigma, json_object_get_double_member (want, "sigma"),
                                      5e-5);
      compared++;
    }
  g_assert_cmpuint (compared, >, 0);
}

static void
test_openskill (void)
{
  g_autoptr (JsonParser) parser = NULL;
  JsonObject *root = reference (&parser);
  JsonObject *expected = json_object_get_object_member (root, "expected");
  g_autoptr (LwRatingGames) games = reference_games (json_object_get_array_member (root, "games"));
  g_autoptr (LwRatingGames) subs = reference_games (json_object_get_array_member (root, "sub_games"));

  g_assert_cmpuint (lw_rating_games_get_n_games (games), ==, 153);
  assert_as_openskill (games, TRUE, FALSE, json_object_get_object_member (expected, "tau"));
  assert_as_openskill (games, TRUE, TRUE, json_object_get_object_member (expected, "limit_sigma"));
  assert_as_openskill (games, FALSE, FALSE, json_object_get_object_member (expected, "no_tau"));
  assert_as_openskill (subs, TRUE, FALSE, json_object_get_object_member (expected, "weights"));
}

/* limitSigma holds a sigma that a game would raise: late in a long run of
 * expected wins the shrink is less than tau adds. */
static void
test_limit_sigma (void)
{
  g_autoptr (JsonParser) parser = NULL;
  JsonObject *root = reference (&parser);
  JsonObject *expected = json_object_get_object_member (root, "expected");
  JsonObject *streak = json_object_get_object_member (root, "streak");
  g_autoptr (LwRatingGames) games = lw_rating_games_new ();
  guint winner = lw_rating_games_intern (games, json_object_get_string_member (streak, "winner"));
  guint loser = lw_rating_games_intern (games, json_object_get_string_member (streak, "loser"));
  gint64 count = json_object_get_int_member (streak, "count");
  JsonObject *plain = json_object_get_object_member (expected, "streak_tau");
  JsonObject *held = json_object_get_object_member (expected, "streak_limit_sigma");

  for (gint64 i = 1; i <= count; i++)
    {
      LwRatedGame game = { .id = i, .time = i, .n_players = 2,
                           .players = { winner, loser }, .side_of = { 0, 1 },
                           .scores = { 15, 3 } };
      lw_rating_games_add (games, &game);
    }
  assert_as_openskill (games, TRUE, FALSE, plain);
  assert_as_openskill (games, TRUE, TRUE, held);
  /* The two differ: limitSigma had something to hold. */
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (plain, "A"),
                                                    "sigma")
                     - json_object_get_double_member (json_object_get_object_member (held, "A"),
                                                      "sigma"), >, 0.1);
}

/* A player rated in fewer than 5 games is provisional and listed after
 * the established players, whatever their ratings: Ann, who won her one
 * 4 games, comes after Ben and Cat, who won 3 of their 6 each. */
static void
test_provisional (void)
{
  g_autoptr (LwRatingGames) games = lw_rating_games_new ();
  LwLeaderboardOptions options;
  g_autoptr (GArray) rows = NULL;
  g_autofree char *text = NULL;
  const LwLeaderboardRow *ann, *ben, *cat;

  for (gint64 i = 1; i <= 6; i++)
    add_game (games, i, i, "Ben,Cat",
              i % 2 ? (const int[]) { 15, 14 } : (const int[]) { 14, 15 }, 0, FALSE);
  add_game (games, 7, 7, "Ann,Dan", (const int[]) { 15, 0 }, 0, FALSE);
  add_game (games, 8, 8, "Ann,Dan", (const int[]) { 15, 0 }, 0, FALSE);
  add_game (games, 9, 9, "Ann,Dan", (const int[]) { 15, 0 }, 0, FALSE);
  add_game (games, 10, 10, "Ann,Dan", (const int[]) { 15, 0 }, 0, FALSE);
  lw_leaderboard_options_init (&options);
  rows = lw_leaderboard_compute (games, &options);
  g_assert_cmpuint (rows->len, ==, 4);
  ann = row_named (rows, "Ann");
  ben = row_named (rows, "Ben");
  cat = row_named (rows, "Cat");
  g_assert_false (ben->provisional);
  g_assert_cmpuint (ben->rated, ==, 6);
  g_assert_true (ann->provisional);
  g_assert_cmpuint (ann->rated, ==, 4);
  /* Ann's rating is the best, but she is listed third, after the two
   * established players. */
  g_assert_cmpfloat (ann->rating, >, ben->rating);
  g_assert_cmpuint (ben->rank + cat->rank, ==, 1 + 2);
  g_assert_cmpuint (ann->rank, ==, 3);
  g_assert_cmpuint (row_named (rows, "Dan")->rank, ==, 4);
  g_assert_cmpstr (g_array_index (rows, LwLeaderboardRow, 2).name, ==, "Ann");
  text = lw_leaderboard_to_text (rows);
  g_assert_nonnull (strstr (text, "\tprovisional\n"));
  g_assert_nonnull (strstr (text, "\testablished\n"));

  /* A fifth game makes her established: she leads. */
  add_game (games, 11, 11, "Ann,Dan", (const int[]) { 15, 0 }, 0, FALSE);
  g_clear_pointer (&rows, g_array_unref);
  rows = lw_leaderboard_compute (games, &options);
  g_assert_false (row_named (rows, "Ann")->provisional);
  g_assert_cmpuint (row_named (rows, "Ann")->rank, ==, 1);
}

/* A substitute: a seat played by Cat for 3 of 10 rounds and then by Ann
 * is rated as a side of Ann (weight 0.7) and Cat (0.3). Both count the
 * game and its win; each moves by their share. */
static void
test_substitute (void)
{
  g_autoptr (LwRatingGames) games = lw_rating_games_new ();
  g_autoptr (LwRatingGames) whole = lw_rating_games_new ();
  LwLeaderboardOptions options;
  g_autoptr (GArray) rows = NULL;
  g_autoptr (GArray) plain = NULL;
  const LwLeaderboardRow *ann, *cat;

  add_game (games, 1, 1, "Ann,Ben", (const int[]) { 15, 3 }, 0, FALSE);
  g_assert_true (lw_rating_games_add_sub (games, 1, 0, "Cat", 0.3));
  /* Not a seat, not the last game, a player of the game, a weight out of range. */
  g_assert_false (lw_rating_games_add_sub (games, 1, 2, "Dan", 0.1));
  g_assert_false (lw_rating_games_add_sub (games, 2, 0, "Dan", 0.1));
  g_assert_false (lw_rating_games_add_sub (games, 1, 1, "Ann", 0.1));
  g_assert_false (lw_rating_games_add_sub (games, 1, 1, "Dan", 1.5));
  add_game (whole, 1, 1, "Ann,Ben", (const int[]) { 15, 3 }, 0, FALSE);

  lw_leaderboard_options_init (&options);
  rows = lw_leaderboard_compute (games, &options);
  plain = lw_leaderboard_compute (whole, &options);
  g_assert_cmpuint (rows->len, ==, 3);
  ann = row_named (rows, "Ann");
  cat = row_named (rows, "Cat");
  g_assert_cmpuint (ann->games, ==, 1);
  g_assert_cmpuint (cat->games, ==, 1);
  g_assert_cmpuint (cat->wins, ==, 1);
  /* Equal players: each gains by their weight, and the two together what
   * one player alone would. */
  g_assert_cmpfloat_with_epsilon ((ann->mu - 25) / (cat->mu - 25), 0.7 / 0.3, 1e-9);
  g_assert_cmpfloat_with_epsilon (ann->mu - 25 + cat->mu - 25,
                                  row_named (plain, "Ann")->mu - 25, 1e-9);
  g_assert_cmpfloat_with_epsilon (row_named (rows, "Ben")->mu, row_named (plain, "Ben")->mu, 1e-9);
}

/* Results entered from paper are rated as games, their places by score:
 * a partners table's two sides of two (seats 0 and 2, 1 and 3) as the
 * partners game of test_partners() with tau; a table without a result is
 * left out. */
static void
test_paper (void)
{
  LwEventConfig config;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (LwRatingGames) games = lw_rating_games_new ();
  g_autoptr (GError) error = NULL;
  LwLeaderboardOptions options;
  g_autoptr (GArray) rows = NULL;
  const char *names[] = { "Ann", "Ben", "Cat", "Dan" };
  const LwEventTable *table;
  LwRating ratings[4];
  LwRatingModel model;

  lw_event_config_init (&config, LW_EVENT_PARTNERS, 4);
  event = lw_event_new ("Pairs", &config);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (lw_event_add_entrant (event, names[i], LW_ENTRANT_CHECKED_IN, &error), ==, (int) i);
  g_assert_nonnull (lw_event_pair_next_round (event, &error));
  g_assert_no_error (error);
  g_assert_false (lw_rating_games_add_paper (games, event, 1, 1, 7, 90, 100));
  g_assert_true (lw_event_set_paper_result (event, 1, 1, (const int[]) { 15, 4 }, 2, &error));
  g_assert_no_error (error);
  g_assert_true (lw_rating_games_add_paper (games, event, 1, 1, 7, 90, 100));
  g_assert_cmpuint (lw_rating_games_get_n_games (games), ==, 1);

  lw_leaderboard_options_init (&options);
  options.ladder = LW_LADDER_PARTNERS;
  rows = lw_leaderboard_compute (games, &options);
  g_assert_cmpuint (rows->len, ==, 4);
  lw_rating_model_init (&model);
  for (guint i = 0; i < 4; i++)
    lw_rating_init (&model, &ratings[i]);
  lw_rating_rate (&model, 2, (const guint[]) { 2, 2 }, (const guint[]) { 0, 1 }, ratings);
  table = lw_event_get_table (event, 1, 1, &error);
  g_assert_no_error (error);
  for (guint seat = 0; seat < 4; seat++)
    {
      const char *name = ((LwEntrant *) g_ptr_array_index (event->entrants, table->entrants[seat]))->name;
      const LwLeaderboardRow *row = row_named (rows, name);

      /* Seats 0 and 2 scored 15: they won. */
      g_assert_cmpfloat (row->mu, ==, ratings[seat % 2 == 0 ? 0 : 2].mu);
      g_assert_cmpuint (row->wins, ==, seat % 2 == 0 ? 1 : 0);
    }

  /* The event's filter names the result by minus its table's ID. */
  options.only_games = (const gint64[]) { -7 };
  options.n_only_games = 1;
  g_clear_pointer (&rows, g_array_unref);
  rows = lw_leaderboard_compute (games, &options);
  g_assert_cmpuint (rows->len, ==, 4);
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
  g_test_add_func ("/rating/tau", test_tau);
  g_test_add_func ("/rating/openskill", test_openskill);
  g_test_add_func ("/rating/limit-sigma", test_limit_sigma);
  g_test_add_func ("/rating/provisional", test_provisional);
  g_test_add_func ("/rating/substitute", test_substitute);
  g_test_add_func ("/rating/paper", test_paper);

  return g_test_run ();
}
