/* test-stats.c — statistics per player (lw-stats.h), on games counted by
 * hand
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-engine.h"
#include "lw-test-util.h"

#define FMT "{'format':'little-wolf/game','version':1,"

static const char *const games_json[] = {
  /* A: solo, skunk 3. R9/R10 Ann's Pack 2,1; R16 Ben most 2,0; Ann's Pack
   * 3,0: a skunk (R23), margin 3. */
  FMT "'players':['Ann','Ben'],'rules':{'start_score':1,'target':15,'skunk':3},'rounds':["
  "{'declarer':0,'cards':[20,6]},{'declarer':null,'cards':[6,20]},{'declarer':0,'cards':[20,6]}]}",
  /* B: partners, not finished. Ben sweeps with all eight Den cards (R8);
   * a void round with Cleo's penalty (R19, R21); Dev misses the Pack. */
  FMT "'players':['Ann','Ben','Cleo','Dev'],'teams':[[0,2],[1,3]],'rounds':["
  "{'declarer':1,'cards':[0,36,0,0],'worms':[0,2,0,0],'gongs':[0,2,0,0],'bears':[0,2,0,0],'wolves':[0,2,0,0]},"
  "{'void':'dealer_did_not_discard','penalties':[{'seat':2,'kind':'out_of_turn'}]},"
  "{'declarer':3,'cards':[10,8,10,8]}]}",
  /* C: Ann & Cleo win at target 2 by Ann's Pack, margin 1. */
  FMT "'players':['Ann','Ben','Cleo','Dev'],'teams':[[0,2],[1,3]],"
  "'rules':{'start_score':1,'target':2,'skunk':11},'rounds':[{'declarer':0,'cards':[19,17,0,0]}]}",
  /* D: Ann & Dev win the same way. */
  FMT "'players':['Ann','Ben','Dev','Cleo'],'teams':[[0,2],[1,3]],"
  "'rules':{'start_score':1,'target':2,'skunk':11},'rounds':[{'declarer':0,'cards':[19,17,0,0]}]}",
  /* E: Ben & Cleo beat Ann & Dev by Ben's Pack. */
  FMT "'players':['Ann','Ben','Dev','Cleo'],'teams':[[0,2],[1,3]],"
  "'rules':{'start_score':1,'target':2,'skunk':11},'rounds':[{'declarer':1,'cards':[17,19,0,0]}]}",
};

typedef struct {
  const char *name;
  guint games, finished, wins, skunks_won, skunks_suffered;
  int   margin_total;
  guint rounds, dealt, declared_as_dealer, not_dealt, declared_as_other;
  guint packs_made, sweeps, nobody_declared, worm_pairs, gong_pairs, all_den_rounds, penalties;
  const char *best, *worst;
  guint best_games, best_wins, worst_games, worst_wins;
} Expected;

static const Expected expected_min1[] = {
  /*         g  f  w sw ss  m  r  d dd nd do pk sw nb wp gp ad pe */
  { "Ann",   5, 4, 3, 1, 0, 6, 8, 6, 4, 2, 0, 4, 0, 1, 0, 0, 0, 0, "Cleo", "Dev", 1, 1, 2, 1 },
  { "Ben",   5, 4, 1, 0, 1, 6, 8, 1, 0, 7, 2, 2, 1, 1, 1, 1, 1, 0, "Cleo", "Dev", 2, 1, 1, 0 },
  { "Cleo",  4, 3, 2, 0, 0, 3, 5, 1, 0, 4, 0, 0, 0, 0, 0, 0, 0, 1, "Ann", "Ben", 1, 1, 2, 1 },
  { "Dev",   4, 3, 1, 0, 0, 3, 5, 0, 0, 5, 1, 0, 1, 0, 0, 0, 0, 0, "Ann", "Ben", 2, 1, 1, 0 },
};

static GPtrArray *
compute (GPtrArray **records,
         GPtrArray **standings,
         guint       min_partner_games)
{
  g_autofree LwStatsGame *games = g_new0 (LwStatsGame, G_N_ELEMENTS (games_json));

  *records = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_record_free);
  *standings = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_standings_free);
  for (guint i = 0; i < G_N_ELEMENTS (games_json); i++)
    {
      g_autoptr (GError) error = NULL;
      LwGameRecord *record = lw_test_record_from (games_json[i]);
      LwStandings *result = lw_standings_compute (record, &error);

      g_assert_no_error (error);
      g_ptr_array_add (*records, record);
      g_ptr_array_add (*standings, result);
      games[i].record = record;
      games[i].standings = result;
    }
  return lw_stats_compute (games, G_N_ELEMENTS (games_json), min_partner_games);
}

static void
test_table (void)
{
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GPtrArray) standings = NULL;
  g_autoptr (GPtrArray) stats = compute (&records, &standings, 1);

  g_assert_cmpuint (stats->len, ==, G_N_ELEMENTS (expected_min1));
  for (guint i = 0; i < stats->len; i++)
    {
      const LwPlayerStats *s = g_ptr_array_index (stats, i);
      const Expected *e = &expected_min1[i];

      g_test_message ("player %s", e->name);
      g_assert_cmpstr (s->name, ==, e->name);
      g_assert_cmpuint (s->games, ==, e->games);
      g_assert_cmpuint (s->finished, ==, e->finished);
      g_assert_cmpuint (s->wins, ==, e->wins);
      g_assert_cmpuint (s->skunks_won, ==, e->skunks_won);
      /* The player page's second count: a skunk worth 2 (R23). */
      g_assert_cmpuint (lw_player_stats_skunk_double_wins (s), ==, e->wins + e->skunks_won);
      g_assert_cmpuint (s->skunks_suffered, ==, e->skunks_suffered);
      g_assert_cmpint (s->margin_total, ==, e->margin_total);
      g_assert_cmpuint (s->rounds, ==, e->rounds);
      g_assert_cmpuint (s->dealt, ==, e->dealt);
      g_assert_cmpuint (s->declared_as_dealer, ==, e->declared_as_dealer);
      g_assert_cmpuint (s->not_dealt, ==, e->not_dealt);
      g_assert_cmpuint (s->declared_as_other, ==, e->declared_as_other);
      g_assert_cmpuint (s->packs_made, ==, e->packs_made);
      g_assert_cmpuint (s->sweeps, ==, e->sweeps);
      g_assert_cmpuint (s->nobody_declared, ==, e->nobody_declared);
      g_assert_cmpuint (s->worm_pairs, ==, e->worm_pairs);
      g_assert_cmpuint (s->gong_pairs, ==, e->gong_pairs);
      g_assert_cmpuint (s->all_den_rounds, ==, e->all_den_rounds);
      g_assert_cmpuint (s->penalties, ==, e->penalties);
      g_assert_cmpstr (s->best_partner, ==, e->best);
      g_assert_cmpstr (s->worst_partner, ==, e->worst);
      g_assert_cmpuint (s->best_partner_games, ==, e->best_games);
      g_assert_cmpuint (s->best_partner_wins, ==, e->best_wins);
      g_assert_cmpuint (s->worst_partner_games, ==, e->worst_games);
      g_assert_cmpuint (s->worst_partner_wins, ==, e->worst_wins);
    }
}

static void
test_rates (void)
{
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GPtrArray) standings = NULL;
  g_autoptr (GPtrArray) stats = compute (&records, &standings, 1);
  const LwPlayerStats *ann = g_ptr_array_index (stats, 0);
  const LwPlayerStats *ben = g_ptr_array_index (stats, 1);
  const LwPlayerStats *dev = g_ptr_array_index (stats, 3);
  LwPlayerStats none = { 0 };

  g_assert_cmpfloat_with_epsilon (lw_player_stats_win_rate (ann), 0.75, 1e-9);
  g_assert_cmpfloat_with_epsilon (lw_player_stats_declare_rate_as_dealer (ann), 4.0 / 6.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (lw_player_stats_declare_rate_as_other (ben), 2.0 / 7.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (lw_player_stats_pack_rate (ann), 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (lw_player_stats_pack_rate (dev), 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (lw_player_stats_average_margin (ann), 1.5, 1e-9);
  /* No denominator: 0, never NaN. */
  g_assert_cmpfloat (lw_player_stats_win_rate (&none), ==, 0.0);
  g_assert_cmpfloat (lw_player_stats_pack_rate (&none), ==, 0.0);
  g_assert_cmpfloat (lw_player_stats_average_margin (&none), ==, 0.0);
}

/* With at least 2 games together only Ann & Dev (2) and Ben & Cleo (2)
 * qualify. */
static void
test_partner_minimum (void)
{
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GPtrArray) standings = NULL;
  g_autoptr (GPtrArray) stats = compute (&records, &standings, 2);
  static const char *const best[] = { "Dev", "Cleo", "Ben", "Ann" };

  for (guint i = 0; i < stats->len; i++)
    {
      const LwPlayerStats *s = g_ptr_array_index (stats, i);

      g_assert_cmpstr (s->best_partner, ==, best[i]);
      g_assert_cmpstr (s->worst_partner, ==, best[i]);
      g_assert_cmpuint (s->best_partner_games, ==, 2);
      g_assert_cmpuint (s->best_partner_wins, ==, 1);
    }
}

/* The statistics of a game where Eve took Dev's seat (seat 3): five
 * players, Dev and Eve last; *@dev and *@eve are theirs. */
static void
dev_and_eve (GPtrArray            *stats,
             const LwPlayerStats **dev,
             const LwPlayerStats **eve)
{
  g_assert_cmpuint (stats->len, ==, 5);
  *dev = g_ptr_array_index (stats, 3);
  *eve = g_ptr_array_index (stats, 4);
  g_assert_cmpstr ((*dev)->name, ==, "Dev");
  g_assert_cmpstr ((*eve)->name, ==, "Eve");
}

/* A substitute: round 3 of game B was played by Eve in Dev's seat. */
static void
test_round_players (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (games_json[1]);
  g_autoptr (LwStandings) standings = lw_standings_compute (record, NULL);
  g_autoptr (GPtrArray) round_players = g_ptr_array_new ();
  static const char *const before[] = { "Ann", "Ben", "Cleo", "Dev", NULL };
  static const char *const after[] = { "Ann", "Ben", "Cleo", "Eve", NULL };
  LwStatsGame game = { record, standings, round_players };
  g_autoptr (GPtrArray) stats = NULL;
  const LwPlayerStats *dev, *eve;

  g_ptr_array_add (round_players, (gpointer) before);
  g_ptr_array_add (round_players, (gpointer) before);
  g_ptr_array_add (round_players, (gpointer) after);
  stats = lw_stats_compute (&game, 1, 1);
  dev_and_eve (stats, &dev, &eve);
  g_assert_cmpuint (dev->games, ==, 1);
  g_assert_cmpuint (dev->rounds, ==, 1);
  g_assert_cmpuint (dev->declared_as_other, ==, 0);
  /* She played a round of it: the game counts for her too. */
  g_assert_cmpuint (eve->games, ==, 1);
  g_assert_cmpuint (eve->rounds, ==, 1);
  g_assert_cmpuint (eve->declared_as_other, ==, 1);
}

/* The same from the record's substitutes (docs/rules/GAME-RECORD.md version 2):
 * Eve takes Dev's seat from round 3; each is credited for their rounds. */
static void
test_record_substitutes (void)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (games_json[1]);
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GPtrArray) stats = NULL;
  g_autofree char *label = NULL;
  const LwPlayerStats *dev, *eve;
  LwStatsGame game = { record, NULL, NULL };

  lw_game_record_add_substitute (record, 3, 3, "Eve");
  standings = lw_standings_compute (record, NULL);
  g_assert_nonnull (standings);
  game.standings = standings;
  g_assert_cmpstr (lw_game_record_player_at (record, 3, 2), ==, "Dev");
  g_assert_cmpstr (lw_game_record_player_at (record, 3, 3), ==, "Eve");
  g_assert_cmpstr (lw_game_record_current_player (record, 3), ==, "Eve");
  g_assert_cmpuint (lw_game_record_rounds_played (record, 3, "Dev"), ==, 2);
  g_assert_cmpuint (lw_game_record_rounds_played (record, 3, "Eve"), ==, record->rounds->len - 2);
  label = lw_game_record_seat_label (record, 3);
  g_assert_cmpstr (label, ==, "Dev → Eve");

  stats = lw_stats_compute (&game, 1, 1);
  dev_and_eve (stats, &dev, &eve);
  g_assert_cmpuint (dev->games, ==, 1);
  g_assert_cmpuint (dev->rounds, ==, 1);  /* round 2 is void */
  g_assert_cmpuint (eve->games, ==, 1);
  g_assert_cmpuint (eve->rounds, ==, 1);
}

/* Each game's share kept as bytes (lw_stats_share_get_counts()) and read
 * back with its players' names (lw_stats_share_new_from_counts()): the
 * tally of the shares read back is lw_stats_compute() over the games,
 * with Ann under the name given instead; bytes cut short, one too many, a
 * mask without games or a name given twice are refused. */
static void
test_share_counts (void)
{
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GPtrArray) standings = NULL;
  g_autoptr (GPtrArray) want = compute (&records, &standings, 1);
  g_autoptr (LwStatsTally) tally = lw_stats_tally_new ();
  g_autoptr (GPtrArray) got = NULL;
  const char *ann = g_intern_string ("Ann"), *zoe = g_intern_string ("Zoe");

  for (guint i = 0; i < records->len; i++)
    {
      LwStatsGame game = { g_ptr_array_index (records, i), g_ptr_array_index (standings, i), NULL };
      g_autoptr (LwStatsShare) share = lw_stats_share_new (&game);
      g_autoptr (LwStatsShare) back = NULL;
      g_autoptr (LwStatsShare) refused = NULL;
      g_autofree const char **names = NULL;
      g_autofree guint8 *longer = NULL;
      g_autofree guint8 *no_games = NULL;
      const char *const *players;
      const guint8 *counts;
      guint n;
      gsize length;

      players = lw_stats_share_get_players (share, &n);
      counts = lw_stats_share_get_counts (share, &length);
      g_assert_cmpuint (n, ==, ((LwGameRecord *) g_ptr_array_index (records, i))->n_players);
      g_assert_cmpuint (length, >, n);
      names = g_memdup2 (players, n * sizeof *names);
      for (guint k = 0; k < n; k++)
        if (names[k] == ann)
          names[k] = zoe;

      back = lw_stats_share_new_from_counts (names, n, counts, length);
      g_assert_nonnull (back);
      lw_stats_tally_add (tally, back);

      refused = lw_stats_share_new_from_counts (names, n, counts, length - 1);
      g_assert_null (refused);
      longer = g_malloc (length + 1);
      memcpy (longer, counts, length);
      longer[length] = 1;
      refused = lw_stats_share_new_from_counts (names, n, longer, length + 1);
      g_assert_null (refused);
      no_games = g_memdup2 (counts, length);
      no_games[0] &= 0xfe;  /* the first player's mask without games */
      refused = lw_stats_share_new_from_counts (names, n, no_games, length);
      g_assert_null (refused);
      refused = lw_stats_share_new_from_counts (names, n - 1, counts, length);
      g_assert_null (refused);
      names[1] = names[0];
      refused = lw_stats_share_new_from_counts (names, n, counts, length);
      g_assert_null (refused);
    }

  got = lw_stats_tally_compute (tally, 1);
  g_assert_cmpuint (got->len, ==, want->len);
  for (guint i = 0; i < want->len; i++)
    {
      const LwPlayerStats *w = g_ptr_array_index (want, i);
      const LwPlayerStats *g = NULL;

      /* Sorted by name: Zoe comes last. */
      g = g_ptr_array_index (got, g_str_equal (w->name, "Ann") ? got->len - 1 : i - 1);
      g_assert_cmpstr (g->name, ==, g_str_equal (w->name, "Ann") ? "Zoe" : w->name);
      g_assert_cmpuint (g->games, ==, w->games);
      g_assert_cmpuint (g->wins, ==, w->wins);
      g_assert_cmpuint (g->skunks_won, ==, w->skunks_won);
      g_assert_cmpint (g->margin_total, ==, w->margin_total);
      g_assert_cmpuint (g->rounds, ==, w->rounds);
      g_assert_cmpuint (g->declared_as_dealer, ==, w->declared_as_dealer);
      g_assert_cmpuint (g->packs_made, ==, w->packs_made);
      g_assert_cmpuint (g->sweeps, ==, w->sweeps);
      g_assert_cmpuint (g->all_den_rounds, ==, w->all_den_rounds);
      g_assert_cmpuint (g->penalties, ==, w->penalties);
      g_assert_cmpuint (g->best_partner_games, ==, w->best_partner_games);
      g_assert_cmpuint (g->worst_partner_wins, ==, w->worst_partner_wins);
    }
}

static void
test_empty (void)
{
  g_autoptr (GPtrArray) stats = lw_stats_compute (NULL, 0, 1);

  g_assert_nonnull (stats);
  g_assert_cmpuint (stats->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stats/table", test_table);
  g_test_add_func ("/stats/rates", test_rates);
  g_test_add_func ("/stats/partner-minimum", test_partner_minimum);
  g_test_add_func ("/stats/round-players", test_round_players);
  g_test_add_func ("/stats/record-substitutes", test_record_substitutes);
  g_test_add_func ("/stats/share-counts", test_share_counts);
  g_test_add_func ("/stats/empty", test_empty);

  return g_test_run ();
}
