/* bench-players.c — the Players page's statistics at a club's scale: a
 * database of many random games (some with a substitute), then each
 * player's statistics over every game as the page computes them
 * (lw_store_update_player_stats()), their CPU time and the peak memory
 * they add (getrusage()'s user + system time; the peak resident size,
 * VmHWM), measured in a process of their own so that making the games
 * does not count.
 * Target: under 1 s of CPU and under 50 MB extra at 100,000 games.
 *
 * Run with `meson test --benchmark` (never part of the plain test run).
 * LW_BENCH_GAMES sets the number of games (default 10000); LW_BENCH_SEED
 * the random seed (default 1); LW_BENCH_KEEP=PATH keeps the database
 * there; LW_BENCH_DB=PATH measures an existing database (not changed);
 * LW_BENCH_OLD=1 measures the statistics as the page computed them before
 * they were kept game by game (lw_store_compute_player_stats_by_game()).
 * Then, on the database made, what an update costs after no change, a
 * change of one game and a rename.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <gio/gio.h>

#include "lw-store.h"
#include "lw-store-details.h"
#include "lw-store-games.h"
#include "lw-store-players.h"
#include "lw-store-stats.h"
#include "lw-test-util.h"

/* The page's fewest games together for a best or worst partner
 * (LW_STATS_PAGE_MIN_PARTNER_GAMES). */
#define MIN_PARTNER_GAMES 2
#define TARGET_CPU_S_PER_GAME (1.0 / 100000.0)
#define TARGET_EXTRA_MB 50.0

static const char *const names[] = {
  "Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jade",
  "Kai", "Lena", "Milo", "Nora", "Otto", "Pia", "Quin", "Rosa", "Sven", "Tess",
  "Uma", "Vik", "Wren", "Xavi", "Yara", "Zoë", "Abe", "Bea", "Cyd", "Dora",
};

/* Gives @count cards to random seats, at most @room[seat] each (when
 * @room is not NULL); returns how many found a seat. */
static void
deal_out (GRand *rng,
          int    count,
          guint  n,
          int   *into,
          int   *room)
{
  for (int c = 0; c < count; c++)
    {
      guint seat = (guint) g_rand_int_range (rng, 0, (gint32) n);

      if (room != NULL)
        {
          guint tries = 0;

          while (room[seat] <= 0 && tries++ < n)
            seat = (seat + 1) % n;
          if (room[seat] <= 0)
            return;
          room[seat]--;
        }
      into[seat]++;
    }
}

/* A random round with valid facts (SCORING R1, R5–R8, R19, R21; G1). */
static LwRound *
random_round (const LwGameRecord *record,
              GRand              *rng)
{
  LwRound *round = lw_round_new ();
  guint n = record->n_players;

  if (record->ruleset == LW_RULESET_GARWOLF)
    {
      deal_out (rng, LW_GARWOLF_COURT_CARDS, n, round->court, NULL);
      deal_out (rng, (int) lw_garwolves (n), n, round->garwolves, NULL);
      return round;
    }

  if (g_rand_int_range (rng, 0, 100) < 3)
    lw_round_add_penalty (round, g_rand_int_range (rng, 0, (gint32) n),
                          g_rand_boolean (rng) ? LW_PENALTY_OUT_OF_TURN
                                               : LW_PENALTY_LOOKED_AT_DISCARDS);
  if (g_rand_int_range (rng, 0, 100) < 2)
    {
      round->is_void = TRUE;
      return round;
    }

  {
    int total = (int) lw_total_cards (n);
    int strong = g_rand_int_range (rng, 0, (gint32) n);
    int share = g_rand_int_range (rng, total / 4, total + 1);
    int room[LW_MAX_SEATS];
    int roll = g_rand_int_range (rng, 0, 100);

    round->cards[strong] = share;
    deal_out (rng, total - share, n, round->cards, NULL);

    if (roll < 60)
      round->declarer = strong;
    else if (roll < 70)
      round->declarer = g_rand_int_range (rng, 0, (gint32) n);

    memcpy (room, round->cards, sizeof room);
    deal_out (rng, 2 * (int) lw_decks (n), n, round->worms, room);
    deal_out (rng, 2 * (int) lw_decks (n), n, round->gongs, room);
    deal_out (rng, 2 * (int) lw_decks (n), n, round->bears, room);
    deal_out (rng, 2 * (int) lw_decks (n), n, round->wolves, room);
  }
  return round;
}

static LwGameRecord *
random_setup (GRand *rng)
{
  const char *seated[LW_MAX_SEATS];
  gboolean garwolf = g_rand_int_range (rng, 0, 100) < 15;
  guint n = garwolf ? (guint) g_rand_int_range (rng, 3, 5) : (guint) g_rand_int_range (rng, 2, 9);
  guint first = (guint) g_rand_int_range (rng, 0, G_N_ELEMENTS (names));
  LwGameRecord *record;

  /* n different names from the pool. */
  for (guint i = 0; i < n; i++)
    seated[i] = names[(first + i * 7) % G_N_ELEMENTS (names)];

  record = lw_game_record_new (garwolf ? LW_RULESET_GARWOLF : LW_RULESET_LITTLE_WOLF, n, seated);
  record->first_dealer = g_rand_int_range (rng, 0, (gint32) n);
  if (!garwolf && n % 2 == 0 && n >= 4 && g_rand_int_range (rng, 0, 100) < 40)
    {
      int team_of[LW_MAX_SEATS];
      guint n_teams = n == 6 && g_rand_boolean (rng) ? 3 : 2;

      for (guint seat = 0; seat < n; seat++)
        team_of[seat] = (int) (seat % n_teams);
      lw_game_record_set_teams (record, n_teams, team_of);
    }
  return record;
}

/* Plays random rounds until the game ends (or @max_rounds), or, when
 * @keep_going, exactly @max_rounds rounds that do not end it. */
static LwGameRecord *
random_game (GRand    *rng,
             guint     max_rounds,
             gboolean  keep_going)
{
  LwGameRecord *record = random_setup (rng);

  /* A long game is Little Wolf: Garwolf reaches 100 in far fewer hands. */
  while (keep_going && record->ruleset != LW_RULESET_LITTLE_WOLF)
    {
      lw_game_record_free (record);
      record = random_setup (rng);
    }

  while (record->rounds->len < max_rounds)
    {
      g_autoptr (LwStandings) standings = NULL;
      guint tries = 0;

      for (;;)
        {
          g_ptr_array_add (record->rounds, random_round (record, rng));
          standings = lw_standings_compute (record, NULL);
          if (standings != NULL && !(keep_going && standings->finished))
            break;
          g_clear_pointer (&standings, lw_standings_free);
          g_ptr_array_set_size (record->rounds, record->rounds->len - 1);
          if (++tries > 1000)
            g_error ("cannot find a round that keeps the game going");
        }
      if (standings->finished)
        break;
    }
  return record;
}


static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (double) usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
         + (double) usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

/* The process's peak resident memory, MB: VmHWM, its own since exec();
 * getrusage()'s ru_maxrss when there is none (ru_maxrss keeps the peak of
 * the parent that forked it, the generator's here). */
static double
peak_mb (void)
{
  g_autofree char *status = NULL;
  struct rusage usage;

  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    {
      const char *line = strstr (status, "VmHWM:");

      if (line != NULL)
        return g_ascii_strtod (line + strlen ("VmHWM:"), NULL) / 1024.0;  /* kB */
    }
  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;  /* KiB on Linux */
}

/* Times lw_store_update_player_stats() on @cache after a change; prints
 * its CPU time and the games it read. */
static void
time_update (LwStore            *store,
             LwPlayerStatsCache *cache,
             const char         *what)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) stats = NULL;
  double cpu = cpu_seconds ();

  lw_store_update_player_stats (store, cache, NULL, &error);
  g_assert_no_error (error);
  stats = lw_player_stats_cache_compute (cache, MIN_PARTNER_GAMES);
  g_print ("  after %s: %.1f ms CPU, %u games read\n", what, (cpu_seconds () - cpu) * 1000,
           lw_player_stats_cache_get_games_read (cache));
}

/* The measuring process: the statistics over the database at @path (as
 * the page computed them up to now with LW_BENCH_OLD=1), then, unless
 * @read_only, what a change costs. */
static int
measure (const char *path,
         gboolean    read_only)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = lw_store_open (path, &error);
  g_autoptr (LwPlayerStatsCache) cache = lw_player_stats_cache_new ();
  g_autoptr (GPtrArray) stats = NULL;
  g_autoptr (GPtrArray) summaries = NULL;
  gboolean old = g_strcmp0 (g_getenv ("LW_BENCH_OLD"), "1") == 0;
  double cpu, before, after, wall;
  gint64 start;

  g_assert_no_error (error);
  before = peak_mb ();
  cpu = cpu_seconds ();
  start = g_get_monotonic_time ();
  if (old)
    stats = lw_store_compute_player_stats_by_game (store, MIN_PARTNER_GAMES, &error);
  else if (lw_store_update_player_stats (store, cache, NULL, &error))
    stats = lw_player_stats_cache_compute (cache, MIN_PARTNER_GAMES);
  g_assert_no_error (error);
  wall = lw_test_ms_since (start) / 1000.0;
  cpu = cpu_seconds () - cpu;
  after = peak_mb ();

  summaries = lw_store_list_game_summaries (store, &error);
  g_assert_no_error (error);
  g_print ("statistics of %u players over %u games%s: %.2f s CPU (%.2f s wall), peak %.1f MB,"
           " %.1f MB over the %.1f MB before (target < %.3f s CPU, < %.0f MB extra): %s\n",
           stats->len, summaries->len, old ? " (as computed before, LW_BENCH_OLD)" : "",
           cpu, wall, after, after - before, before,
           summaries->len * TARGET_CPU_S_PER_GAME, TARGET_EXTRA_MB,
           cpu < MAX (summaries->len * TARGET_CPU_S_PER_GAME, 0.01) && after - before < TARGET_EXTRA_MB
           ? "met" : "MISSED");

  if (!old && !read_only && summaries->len > 0)
    {
      const LwGameSummary *summary = g_ptr_array_index (summaries, summaries->len / 2);

      time_update (store, cache, "no change");
      g_assert_true (lw_store_set_game_notes (store, summary->id, "Played at the club", &error));
      g_assert_no_error (error);
      time_update (store, cache, "one game's notes changed");
      g_assert_true (lw_store_rename_player (store, "Ann", "Ann Two", &error));
      g_assert_no_error (error);
      time_update (store, cache, "a rename (every game of Ann's)");
      g_assert_true (lw_store_rename_player (store, "Ann Two", "Ann", &error));
      g_assert_no_error (error);
    }
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  const char *env_games = g_getenv ("LW_BENCH_GAMES");
  const char *env_seed = g_getenv ("LW_BENCH_SEED");
  const char *keep = g_getenv ("LW_BENCH_KEEP");
  const char *existing = g_getenv ("LW_BENCH_DB");
  guint n_games = env_games != NULL ? (guint) atoi (env_games) : 10000;
  g_autoptr (GRand) rng = g_rand_new_with_seed (env_seed != NULL ? (guint32) atoi (env_seed) : 1);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *self_path = NULL;
  const char *child_argv[5];
  int status = 0;

  if (argc == 4 && g_str_equal (argv[1], "--measure"))
    return measure (argv[2], g_str_equal (argv[3], "read-only"));

  if (existing != NULL && *existing != '\0')
    path = g_strdup (existing);
  else
    {
      g_autoptr (LwStore) store = NULL;
      g_autoptr (GPtrArray) batch = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_record_free);
      guint total_rounds = 0, n_substitutes = 0;
      gint64 start = g_get_monotonic_time ();

      if (keep != NULL)
        path = g_strdup (keep);
      else
        {
          dir = lw_test_make_tmp_dir ("lw-bench-XXXXXX");
          path = g_build_filename (dir, "bench.sqlite3", NULL);
        }
      store = lw_store_open (path, &error);
      g_assert_no_error (error);

      for (guint i = 0; i < MAX (n_games, 1u); i++)
        {
          LwGameRecord *record = random_game (rng, 200, FALSE);

          /* One game in ten has a substitute from a later round. */
          if (record->rounds->len > 1 && g_rand_int_range (rng, 0, 10) == 0)
            {
              guint first = 0;

              while (first < G_N_ELEMENTS (names) && !g_str_equal (names[first], record->players[0]))
                first++;
              lw_game_record_add_substitute (record, g_rand_int_range (rng, 0, (gint32) record->n_players),
                                             (guint) g_rand_int_range (rng, 2, (gint32) record->rounds->len + 1),
                                             names[(first + record->n_players * 7) % G_N_ELEMENTS (names)]);
              n_substitutes++;
            }
          total_rounds += record->rounds->len;
          g_ptr_array_add (batch, record);
          if (batch->len == 1000 || i + 1 == MAX (n_games, 1u))
            {
              g_autoptr (GArray) ids = lw_store_add_games (store, batch, &error);

              g_assert_no_error (error);
              g_ptr_array_set_size (batch, 0);
            }
        }
      g_print ("generated %u games (%u rounds, %u with a substitute) in %.0f ms\n",
               n_games, total_rounds, n_substitutes, lw_test_ms_since (start));
    }

  /* Measured in a process of its own: its peak memory is the statistics'. */
  self_path = g_file_read_link ("/proc/self/exe", NULL);
  child_argv[0] = self_path != NULL ? self_path : argv[0];
  child_argv[1] = "--measure";
  child_argv[2] = path;
  child_argv[3] = existing != NULL && *existing != '\0' ? "read-only" : "change";
  child_argv[4] = NULL;
  g_spawn_sync (NULL, (char **) child_argv, NULL, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                NULL, NULL, &status, &error);
  g_assert_no_error (error);

  if (dir != NULL)
    lw_test_remove_tree (dir);
  return g_spawn_check_wait_status (status, NULL) ? 0 : 1;
}
