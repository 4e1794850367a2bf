/* test-store-stats.c — the players' statistics as the store keeps them
 * game by game (lw_store_update_player_stats(), lw-store-stats.c) against
 * the page's former computation (every game loaded whole, then
 * lw_stats_compute(); lw_store_compute_player_stats_by_game()): the
 * shared cases, a random set of games with players in common, partners
 * and substitutes, then the cache kept up to date through every kind of
 * change, each time compared with a computation from scratch; and the
 * shares the database keeps (game_stats_cache): written with every write,
 * a stale or damaged row never used, a rename that leaves them right, a
 * merge and its undo that drop them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-store.h"
#include "lw-store-details.h"
#include "lw-store-games.h"
#include "lw-store-players.h"
#include "lw-store-seats.h"
#include "lw-store-stats.h"
#include "lw-test-util.h"

static const char *const pool[] = { "Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jade" };

typedef struct {
  char *dir;
  LwStore *store;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;

  fixture->dir = lw_test_make_tmp_dir ("lw-test-stats-XXXXXX");
  path = g_build_filename (fixture->dir, "games.sqlite3", NULL);
  fixture->store = lw_store_open (path, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->store);
  lw_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
}

static void
assert_same_stats (GPtrArray *got,
                   GPtrArray *want)
{
  g_assert_cmpuint (got->len, ==, want->len);
  for (guint i = 0; i < got->len; i++)
    {
      const LwPlayerStats *a = g_ptr_array_index (got, i);
      const LwPlayerStats *b = g_ptr_array_index (want, i);

      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpuint (a->games, ==, b->games);
      g_assert_cmpuint (a->finished, ==, b->finished);
      g_assert_cmpuint (a->wins, ==, b->wins);
      g_assert_cmpuint (a->skunks_won, ==, b->skunks_won);
      g_assert_cmpuint (a->skunks_suffered, ==, b->skunks_suffered);
      g_assert_cmpint (a->margin_total, ==, b->margin_total);
      g_assert_cmpuint (a->rounds, ==, b->rounds);
      g_assert_cmpuint (a->dealt, ==, b->dealt);
      g_assert_cmpuint (a->declared_as_dealer, ==, b->declared_as_dealer);
      g_assert_cmpuint (a->not_dealt, ==, b->not_dealt);
      g_assert_cmpuint (a->declared_as_other, ==, b->declared_as_other);
      g_assert_cmpuint (a->packs_made, ==, b->packs_made);
      g_assert_cmpuint (a->sweeps, ==, b->sweeps);
      g_assert_cmpuint (a->nobody_declared, ==, b->nobody_declared);
      g_assert_cmpuint (a->worm_pairs, ==, b->worm_pairs);
      g_assert_cmpuint (a->gong_pairs, ==, b->gong_pairs);
      g_assert_cmpuint (a->all_den_rounds, ==, b->all_den_rounds);
      g_assert_cmpuint (a->penalties, ==, b->penalties);
      g_assert_cmpstr (a->best_partner, ==, b->best_partner);
      g_assert_cmpuint (a->best_partner_games, ==, b->best_partner_games);
      g_assert_cmpuint (a->best_partner_wins, ==, b->best_partner_wins);
      g_assert_cmpstr (a->worst_partner, ==, b->worst_partner);
      g_assert_cmpuint (a->worst_partner_games, ==, b->worst_partner_games);
      g_assert_cmpuint (a->worst_partner_wins, ==, b->worst_partner_wins);
    }
}

/* @cache brought up to date, then compared with the former computation
 * from scratch and with lw_store_compute_player_stats(), for 1 and 2
 * games together for a partner; returns the games the update read from
 * their rounds, and *@rows (nullable) the shares it took from their
 * rows. */
static guint
check_rows (LwStore            *store,
            LwPlayerStatsCache *cache,
            guint              *rows)
{
  g_autoptr (GError) error = NULL;
  guint read;

  g_assert_true (lw_store_update_player_stats (store, cache, NULL, &error));
  g_assert_no_error (error);
  read = lw_player_stats_cache_get_games_read (cache);
  if (rows != NULL)
    *rows = lw_player_stats_cache_get_rows_read (cache);
  for (guint min = 1; min <= 2; min++)
    {
      g_autoptr (GPtrArray) want = lw_store_compute_player_stats_by_game (store, min, &error);
      g_autoptr (GPtrArray) got = NULL;
      g_autoptr (GPtrArray) fresh = NULL;

      g_assert_no_error (error);
      got = lw_player_stats_cache_compute (cache, min);
      assert_same_stats (got, want);
      fresh = lw_store_compute_player_stats (store, min, NULL, &error);
      g_assert_no_error (error);
      assert_same_stats (fresh, want);
    }
  return read;
}

static guint
check (LwStore            *store,
       LwPlayerStatsCache *cache)
{
  return check_rows (store, cache, NULL);
}

/* The games a new cache reads from their rounds (their rows stale), the
 * statistics compared as check() compares them. */
static guint
check_fresh (LwStore *store,
             guint   *rows)
{
  g_autoptr (LwPlayerStatsCache) cache = lw_player_stats_cache_new ();

  return check_rows (store, cache, rows);
}

/* Stores every good case of cases/@folder; with @rng, each game's players
 * drawn from the pool (so that players meet again across games) and one
 * game in three given a substitute. Returns the IDs stored. */
static GArray *
store_cases (LwStore    *store,
             const char *folder,
             GRand      *rng)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths (folder, "");
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autofree char *file = g_path_get_basename (path);
      g_autoptr (LwGameRecord) record = NULL;
      g_autoptr (GError) error = NULL;
      gint64 id;

      if (g_str_has_prefix (file, "BAD-"))
        continue;
      record = lw_test_load_record (path);
      if (rng != NULL && record->n_players < G_N_ELEMENTS (pool) && record->substitutes->len == 0)
        {
          guint first = (guint) g_rand_int_range (rng, 0, G_N_ELEMENTS (pool));

          for (guint seat = 0; seat < record->n_players; seat++)
            {
              g_free (record->players[seat]);
              record->players[seat] = g_strdup (pool[(first + seat) % G_N_ELEMENTS (pool)]);
            }
          if (record->rounds->len > 1 && g_rand_int_range (rng, 0, 3) == 0)
            lw_game_record_add_substitute (record, g_rand_int_range (rng, 0, (gint32) record->n_players),
                                           (guint) g_rand_int_range (rng, 2, (gint32) record->rounds->len + 1),
                                           pool[(first + record->n_players) % G_N_ELEMENTS (pool)]);
        }
      id = lw_store_add_game (store, record, &error);
      if (error != NULL)
        continue;  /* a case this store refuses as a game (none should) */
      g_array_append_val (ids, id);
    }
  return ids;
}

/* The shared cases as they are. */
static void
test_shared_cases (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (LwPlayerStatsCache) cache = lw_player_stats_cache_new ();
  const char *const folders[] = { "random", "scoring", "v2" };
  guint n = 0, rows;

  for (guint f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autoptr (GArray) ids = store_cases (fixture->store, folders[f], NULL);

      n += ids->len;
    }
  g_assert_cmpuint (n, >, 50);
  /* Every game's row written with it: none read from its rounds. */
  g_assert_cmpuint (check_rows (fixture->store, cache, &rows), ==, 0);
  g_assert_cmpuint (rows, ==, n);
  g_assert_cmpint (lw_test_sql_int_at (lw_store_get_path (fixture->store),
                                       "SELECT count (*) FROM game_stats_cache"), ==, n);
  /* Nothing changed: nothing read. */
  g_assert_cmpuint (check_rows (fixture->store, cache, &rows), ==, 0);
  g_assert_cmpuint (rows, ==, 0);
}

/* A random set: the shared cases' games among ten players, with
 * substitutes, then every kind of change, the cache kept up to date. */
static void
test_random_and_changes (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr (LwPlayerStatsCache) cache = lw_player_stats_cache_new ();
  g_autoptr (GRand) rng = g_rand_new_with_seed (35);
  g_autoptr (GArray) ids = store_cases (fixture->store, "random", rng);
  g_autoptr (GArray) more = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  gint64 id, zed_game;
  guint rows;

  g_assert_cmpuint (ids->len, >, 20);
  g_assert_cmpuint (check_rows (fixture->store, cache, &rows), ==, 0);
  g_assert_cmpuint (rows, ==, ids->len);

  /* One game's notes: that game read again at most. */
  id = g_array_index (ids, gint64, 3);
  g_assert_true (lw_store_set_game_notes (fixture->store, id, "At the club", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (check_rows (fixture->store, cache, &rows), ==, 0);
  g_assert_cmpuint (rows, ==, 1);

  /* A substitute in one game: that game's row, written with it. */
  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_no_error (error);
  for (guint k = 0; k < G_N_ELEMENTS (pool); k++)
    {
      gboolean seated = FALSE;

      for (guint seat = 0; seat < game->record->n_players; seat++)
        seated |= g_str_equal (lw_game_record_current_player (game->record, (int) seat), pool[k]);
      if (!seated)
        {
          g_assert_true (lw_store_substitute_player (fixture->store, id, 0, pool[k],
                                                     MAX (game->record->rounds->len, 1), &error));
          g_assert_no_error (error);
          break;
        }
    }
  g_assert_cmpuint (check_rows (fixture->store, cache, &rows), ==, 0);
  g_assert_cmpuint (rows, ==, 1);

  /* A rename: no game read, the counts named anew; then to a name that
   * was another's (after a merge) and back. */
  g_assert_true (lw_store_rename_player (fixture->store, "Ann", "Annie", &error));
  g_assert_no_error (error);
  g_test_message ("games read after a rename: %u", check (fixture->store, cache));

  /* A merge, then a game deleted. */
  {
    /* Zed plays one game (the case's seats but the last named from the
     * pool's start), then is merged into the pool's last player, who is
     * not in it: the games of both read again. */
    g_autoptr (GPtrArray) paths = lw_test_case_paths ("random", "");
    g_autoptr (LwGameRecord) record = lw_test_load_record (g_ptr_array_index (paths, 0));

    g_assert_cmpuint (record->n_players, <, G_N_ELEMENTS (pool));
    g_ptr_array_set_size (record->substitutes, 0);
    for (guint seat = 0; seat < record->n_players; seat++)
      {
        g_free (record->players[seat]);
        record->players[seat] = g_strdup (seat == 0 ? "Zed" : pool[seat]);
      }
    zed_game = lw_store_add_game (fixture->store, record, &error);
    g_assert_no_error (error);
    check (fixture->store, cache);
    g_assert_true (lw_store_merge_players (fixture->store, "Zed", pool[G_N_ELEMENTS (pool) - 1], NULL, &error));
    g_assert_no_error (error);
  }
  check (fixture->store, cache);
  g_assert_true (lw_store_delete_game (fixture->store, g_array_index (ids, gint64, 0), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (check (fixture->store, cache), ==, 0);

  /* Games added: those games. */
  more = store_cases (fixture->store, "v2", rng);
  g_assert_cmpuint (check_rows (fixture->store, cache, &rows), ==, 0);
  g_assert_cmpuint (rows, ==, more->len);

  /* Everything deleted: nobody left. */
  for (guint i = 1; i < ids->len; i++)
    {
      g_assert_true (lw_store_delete_game (fixture->store, g_array_index (ids, gint64, i), &error));
      g_assert_no_error (error);
    }
  for (guint i = 0; i < more->len; i++)
    {
      g_assert_true (lw_store_delete_game (fixture->store, g_array_index (more, gint64, i), &error));
      g_assert_no_error (error);
    }
  g_assert_true (lw_store_delete_game (fixture->store, zed_game, &error));
  g_assert_no_error (error);
  check (fixture->store, cache);
  {
    g_autoptr (GPtrArray) none = lw_player_stats_cache_compute (cache, 2);

    g_assert_cmpuint (none->len, ==, 0);
  }
}

/* The rows kept: damaged or stale by hand, each is read from its game's
 * rounds and written again; a rename leaves every row right; a merge and
 * its undo drop the rows of the games they change. */
static void
test_stored_rows (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (7);
  g_autoptr (GArray) ids = store_cases (fixture->store, "random", rng);
  g_autoptr (LwPlayerMerge) merge = NULL;
  g_autoptr (GError) error = NULL;
  const char *path = lw_store_get_path (fixture->store);
  /* Each a way a row goes wrong, on game ids[i] (GAME): its version, counts cut
   * short, counts of zeros, a player who is none, players in another
   * order, the check, counts given to a game that counts for nobody, no
   * row at all. */
  static const char *const damage[] = {
    "UPDATE game_stats_cache SET version = version - 1 WHERE game = GAME",
    "UPDATE game_stats_cache SET counts = substr (counts, 1, length (counts) - 1) WHERE game = GAME",
    "UPDATE game_stats_cache SET counts = zeroblob (length (counts)) WHERE game = GAME",
    "UPDATE game_stats_cache SET players = '999999' || substr (players, instr (players, ' '))"
    " WHERE game = GAME",
    "UPDATE game_stats_cache SET players = substr (players, instr (players, ' ') + 1) || ' '"
    " || substr (players, 1, instr (players, ' ') - 1) WHERE game = GAME",
    "UPDATE game_stats_cache SET checksum = checksum + 1 WHERE game = GAME",
    "UPDATE game_stats_cache SET counts = NULL, players = '' WHERE game = GAME",
    "DELETE FROM game_stats_cache WHERE game = GAME",
  };
  guint rows;

  g_assert_cmpuint (ids->len, >, G_N_ELEMENTS (damage));
  g_assert_cmpuint (check_fresh (fixture->store, &rows), ==, 0);
  g_assert_cmpuint (rows, ==, ids->len);

  for (guint i = 0; i < G_N_ELEMENTS (damage); i++)
    {
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, g_array_index (ids, gint64, i));
      g_auto (GStrv) parts = g_strsplit (damage[i], "GAME", 2);
      g_autofree char *sql = g_strjoinv (id, parts);

      lw_test_sql_exec_at (path, sql);
    }
  g_assert_cmpuint (check_fresh (fixture->store, &rows), ==, G_N_ELEMENTS (damage));
  g_assert_cmpuint (rows, ==, ids->len - G_N_ELEMENTS (damage));
  /* Written again after the read. */
  g_assert_cmpuint (check_fresh (fixture->store, &rows), ==, 0);
  g_assert_cmpuint (rows, ==, ids->len);

  /* A rename: every row stays right, the counts under the new name. */
  g_assert_true (lw_store_rename_player (fixture->store, "Ben", "Benedict", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (check_fresh (fixture->store, &rows), ==, 0);
  g_assert_cmpuint (rows, ==, ids->len);

  /* A merge drops the rows of the games it changes, and so does its
   * undo: Zed, of one game, merged into the pool's last player, who is
   * not in it. */
  {
    g_autoptr (GPtrArray) paths = lw_test_case_paths ("random", "");
    g_autoptr (LwGameRecord) record = lw_test_load_record (g_ptr_array_index (paths, 0));

    g_assert_cmpuint (record->n_players, <, G_N_ELEMENTS (pool));
    g_ptr_array_set_size (record->substitutes, 0);
    for (guint seat = 0; seat < record->n_players; seat++)
      {
        g_free (record->players[seat]);
        record->players[seat] = g_strdup (seat == 0 ? "Zed" : pool[seat]);
      }
    lw_store_add_game (fixture->store, record, &error);
    g_assert_no_error (error);
  }
  g_assert_true (lw_store_merge_players (fixture->store, "Zed", pool[G_N_ELEMENTS (pool) - 1], &merge, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (check_fresh (fixture->store, &rows), ==, 1);
  g_assert_cmpuint (rows, ==, ids->len);
  g_assert_true (lw_store_unmerge_players (fixture->store, merge, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (check_fresh (fixture->store, &rows), ==, 1);
  g_assert_cmpuint (check_fresh (fixture->store, &rows), ==, 0);
  g_assert_cmpuint (rows, ==, ids->len + 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/store-stats/shared-cases", Fixture, NULL, fixture_set_up, test_shared_cases,
              fixture_tear_down);
  g_test_add ("/store-stats/random-and-changes", Fixture, NULL, fixture_set_up,
              test_random_and_changes, fixture_tear_down);
  g_test_add ("/store-stats/stored-rows", Fixture, NULL, fixture_set_up, test_stored_rows,
              fixture_tear_down);
  return g_test_run ();
}
