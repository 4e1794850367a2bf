/* test-club.c — the club server (docs/CLUB-SERVER.md) against a real
 * PostgreSQL 15 (build-aux/pg-test-cluster; skipped without one): row
 * level security, three laptops syncing in random orders, the league's
 * ratings, ownership, a restore from a backup
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-club-fixture.h"
#include "lw-event.h"
#include "lw-rating.h"
#include "lw-store-private.h"
#include "lw-store-results.h"
#include "lw-store-stats.h"
#include "lw-test-util.h"

typedef LwClubTest Fixture;

#define ADD_TEST(path, func) \
  g_test_add (path, Fixture, TEMPLATE, lw_club_test_set_up, func, lw_club_test_tear_down)
/* A server of schema 5: its row-level security against laptops that
 * wrote rows by hand (from schema 6 they write none: test-club-hostile
 * /club-hostile/no-table-writes). */
#define ADD_TEST5(path, func) \
  g_test_add (path, Fixture, TEMPLATE, lw_club_test_set_up_schema5, func, lw_club_test_tear_down)
#define TEMPLATE "lw-test-club-XXXXXX"

/* Laptop B's own credentials, through plain libpq and hand-written SQL,
 * cannot change a row of laptop A's: updates and deletes find no row,
 * inserts and a change of owner are refused, and nothing of A's moved. */
static void
test_security (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (20);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *sql = NULL;
  PGconn *conn;
  int rows = 0;

  lw_club_add_random_game (a->store, rng);
  lw_club_add_random_game (b->store, rng);
  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  before = lw_club_server_text (fixture->server,
                        "SELECT string_agg (uuid::text || version || record || seq, ',' ORDER BY uuid)"
                        " FROM littlewolf.games");

  conn = lw_club_fixture_connect (fixture->server, b->role, b->password);
  sql = g_strdup_printf ("UPDATE littlewolf.games SET record = '{}' WHERE origin = '%s'", a->origin);
  g_assert_cmpint (lw_club_try_sql (conn, sql, &rows), ==, PGRES_COMMAND_OK);
  g_assert_cmpint (rows, ==, 0);
  g_free (sql);
  sql = g_strdup_printf ("DELETE FROM littlewolf.games WHERE origin = '%s'", a->origin);
  g_assert_cmpint (lw_club_try_sql (conn, sql, &rows), ==, PGRES_COMMAND_OK);
  g_assert_cmpint (rows, ==, 0);
  g_free (sql);
  sql = g_strdup_printf ("UPDATE littlewolf.pushes SET counter = 0 WHERE origin = '%s'", a->origin);
  g_assert_cmpint (lw_club_try_sql (conn, sql, &rows), ==, PGRES_COMMAND_OK);
  g_assert_cmpint (rows, ==, 0);
  g_free (sql);
  sql = g_strdup_printf ("INSERT INTO littlewolf.games (uuid, origin, version, played_at, record)"
                         " VALUES (gen_random_uuid (), '%s', 1, 0, '{}')", a->origin);
  g_assert_cmpint (lw_club_try_sql (conn, sql, NULL), ==, PGRES_FATAL_ERROR);
  g_free (sql);
  /* B's own row may not be given to A. */
  sql = g_strdup_printf ("UPDATE littlewolf.games SET origin = '%s' WHERE origin = '%s'",
                         a->origin, b->origin);
  g_assert_cmpint (lw_club_try_sql (conn, sql, NULL), ==, PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.origins SET name = 'x'", &rows), ==,
                   PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "INSERT INTO littlewolf.origins VALUES"
                                  " (gen_random_uuid (), 'z', 'z')", NULL), ==, PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "ALTER TABLE littlewolf.games DISABLE ROW LEVEL SECURITY", NULL),
                   ==, PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "TRUNCATE littlewolf.games", NULL), ==, PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "SET row_security = off", NULL), ==, PGRES_COMMAND_OK);
  g_free (sql);
  sql = g_strdup_printf ("DELETE FROM littlewolf.games WHERE origin = '%s'", a->origin);
  /* With row security off, a query that it would filter is an error. */
  g_assert_cmpint (lw_club_try_sql (conn, sql, NULL), ==, PGRES_FATAL_ERROR);
  PQfinish (conn);

  after = lw_club_server_text (fixture->server,
                       "SELECT string_agg (uuid::text || version || record || seq, ',' ORDER BY uuid)"
                       " FROM littlewolf.games");
  g_assert_cmpstr (after, ==, before);
  g_assert_true (strlen (after) > 100);
}

/* A server of schema 1 with a laptop's game is migrated to 2
 * (lw_club_migrate(), as club init does; twice: the second changes nothing); the game stays; the new
 * events table has row-level security enabled and forced, and another
 * laptop's role can neither write nor remove a laptop's event rows. */
static void
test_schema (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr (LwClubServer) old = lw_club_server_new_at (1);
  g_autoptr (GRand) rng = g_rand_new_with_seed (3);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (old, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (old, fixture->dir, "b");
  g_autoptr (GError) error = NULL;
  g_autofree char *games_before = NULL;
  g_autofree char *games_after = NULL;
  g_autofree char *security = NULL;
  g_autofree char *version = NULL;
  g_autofree char *sql = NULL;
  PGconn *conn;
  int now = 0, rows = 0;

  lw_club_add_random_game (a->store, rng);
  lw_club_laptop_sync (a);
  version = lw_club_server_text (old, "SELECT value FROM littlewolf.meta WHERE key = 'schema_version'");
  g_assert_cmpstr (version, ==, "1");
  games_before = lw_club_server_text (old, "SELECT string_agg (uuid::text || version || record, ',') FROM littlewolf.games");
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (lw_club_migrate (old->owner, 2, &now, &error));
      g_assert_no_error (error);
      g_assert_cmpint (now, ==, 2);
    }
  g_clear_pointer (&version, g_free);
  version = lw_club_server_text (old, "SELECT value FROM littlewolf.meta WHERE key = 'schema_version'");
  g_assert_cmpstr (version, ==, "2");
  games_after = lw_club_server_text (old, "SELECT string_agg (uuid::text || version || record, ',') FROM littlewolf.games");
  g_assert_cmpstr (games_after, ==, games_before);
  security = lw_club_server_text (old, "SELECT relrowsecurity::text || relforcerowsecurity::text FROM pg_class"
                               " WHERE oid = 'littlewolf.events'::regclass");
  g_assert_cmpstr (security, ==, "truetrue");
  lw_club_laptop_sync (b);

  conn = lw_club_fixture_connect (old, a->role, a->password);
  sql = g_strdup_printf ("INSERT INTO littlewolf.events (uuid, origin, version, facts)"
                         " VALUES (gen_random_uuid (), '%s', 1, '{}')", a->origin);
  g_assert_cmpint (lw_club_try_sql (conn, sql, NULL), ==, PGRES_COMMAND_OK);
  PQfinish (conn);
  conn = lw_club_fixture_connect (old, b->role, b->password);
  g_assert_cmpint (lw_club_try_sql (conn, sql, NULL), ==, PGRES_FATAL_ERROR);
  g_free (sql);
  sql = g_strdup_printf ("UPDATE littlewolf.events SET facts = NULL WHERE origin = '%s'", a->origin);
  g_assert_cmpint (lw_club_try_sql (conn, sql, &rows), ==, PGRES_COMMAND_OK);
  g_assert_cmpint (rows, ==, 0);
  g_free (sql);
  sql = g_strdup_printf ("DELETE FROM littlewolf.events WHERE origin = '%s'", a->origin);
  g_assert_cmpint (lw_club_try_sql (conn, sql, &rows), ==, PGRES_COMMAND_OK);
  g_assert_cmpint (rows, ==, 0);
  g_assert_cmpint (lw_club_try_sql (conn, "ALTER TABLE littlewolf.events NO FORCE ROW LEVEL SECURITY", NULL), ==,
                   PGRES_FATAL_ERROR);
  PQfinish (conn);
  g_clear_pointer (&security, g_free);
  security = lw_club_server_text (old, "SELECT count (*) || coalesce (string_agg (facts, ''), '') FROM littlewolf.events");
  g_assert_cmpstr (security, ==, "1{}");
}

/* `littlewolf-cli ratings --json` of the database at @path. */
static char *
ratings_of (const char *path)
{
  g_auto (LwTestRun) run = { 0 };

  lw_test_run_cli (&run, path, NULL, "ratings", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  return g_strdup (run.out);
}

/* `littlewolf-cli event standings ID --json` of the database at @path. */
static char *
standings_of (const char *path,
              const char *id)
{
  const char *args[] = { "event", "standings", id, "--json", NULL };

  return lw_test_cli_ok_argv (path, args);
}

/* Makes game @game_id of @store the result of table @table of round 1 of
 * event 1: a finished two-player game from cases/random with the
 * table's players in its seats. */
static void
add_table_game (LwStore *store,
                GRand   *rng,
                guint    table)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = lw_store_load_event (store, 1, &error);
  g_autoptr (LwGameRecord) record = NULL;
  LwEventTable *seats;
  gint64 game_id;

  g_assert_no_error (error);
  seats = lw_event_get_table (event, 1, table, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (seats->n_seats, ==, 2);
  for (guint tries = 0; tries < 1000 && record == NULL; tries++)
    {
      record = lw_club_random_record (rng);
      if (record->n_players != 2)
        g_clear_pointer (&record, lw_game_record_free);
    }
  g_assert_nonnull (record);
  for (guint s = 0; s < 2; s++)
    {
      const LwEntrant *entrant = g_ptr_array_index (event->entrants, seats->entrants[s]);

      g_free (record->players[s]);
      record->players[s] = g_strdup (entrant->name);
    }
  game_id = lw_store_add_game (store, record, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_set_event_game_result (store, 1, 1, table, game_id, &error));
  g_assert_no_error (error);
}

/* Makes event 1 on @laptop, a round-robin @name of Ann, Ben, Cat and Dan
 * at tables of two (pairing seed @seed), its first round paired. */
static void
pair_round_robin (LwClubLaptop *laptop,
                  const char   *name,
                  const char   *seed)
{
  const char *new_args[] = { "event", "new", "--name", name, "--format", "round-robin",
                             "--table-size", "2", "--seed", seed, NULL };
  const char *add_args[] = { "event", "add", "1", "Ann", "Ben", "Cat", "Dan", NULL };
  const char *pair_args[] = { "event", "pair", "1", NULL };
  g_autofree char *made = lw_test_cli_ok_argv (laptop->path, new_args);

  g_assert_cmpstr (made, ==, "1\n");
  g_free (lw_test_cli_ok_argv (laptop->path, add_args));
  g_free (lw_test_cli_ok_argv (laptop->path, pair_args));
}

/* Runs "Club night" on @laptop (pair_round_robin(), seed 3): table 1's
 * result from paper (15 to 6), table 2's a game (add_table_game()). */
static void
run_club_night (LwClubLaptop *laptop,
                GRand        *rng)
{
  g_autoptr (GError) error = NULL;
  const int paper[] = { 15, 6 };

  pair_round_robin (laptop, "Club night", "3");
  g_assert_true (lw_store_set_event_paper_result (laptop->store, 1, 1, 1, paper, 2, &error));
  g_assert_no_error (error);
  add_table_game (laptop->store, rng, 2);
}

/* @laptop's event 1: a round-robin of four at 2-seat tables, round 1
 * paired and its two tables' results games of the laptop's (paper
 * results would be rating games of the event's own, which the one
 * database of the ratings' comparison does not hold). */
static void
run_event (LwClubLaptop *laptop,
           GRand        *rng,
           guint         n)
{
  g_autofree char *name = g_strdup_printf ("%s night", laptop->name);
  g_autofree char *seed = g_strdup_printf ("%u", n + 1);

  pair_round_robin (laptop, name, seed);
  for (guint table = 1; table <= 2; table++)
    add_table_game (laptop->store, rng, table);
}

/* Three laptops play, correct and delete games and sync in a random
 * order (seeded, 60 steps); afterwards, with each synced twice more,
 * every laptop and the server hold the same games, and the league's
 * ratings on each laptop are those of one database holding every game.
 * Each laptop also runs an event (its tables' results games, which the
 * steps may correct or delete), renames it now and then and is refused
 * changes to the others'; every laptop shows each event's standings as
 * its owner does, byte for byte. */
static void
test_interleavings (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (2026);
  LwClubLaptop *laptops[3];
  g_autoptr (GHashTable) server_games = NULL;
  g_autofree char *one_path = g_build_filename (fixture->dir, "one.sqlite3", NULL);
  g_autoptr (LwStore) one = NULL;
  g_autofree char *expected = NULL;
  g_autoptr (GRand) event_rng = g_rand_new_with_seed (19);
  guint refused = 0, pushes = 0, events_refused = 0;

  for (guint l = 0; l < 3; l++)
    {
      g_autofree char *name = g_strdup_printf ("laptop%u", l);

      laptops[l] = lw_club_laptop_new (fixture->server, fixture->dir, name);
      run_event (laptops[l], event_rng, l);
    }
  for (guint step = 0; step < 60; step++)
    {
      /* Now and then a laptop renames its own event (its ID 1 there) and
       * is refused a change to another's (its own random numbers, so that
       * the games' steps are as they were). */
      if (g_rand_int_range (event_rng, 0, 6) == 0)
        {
          LwClubLaptop *owner = laptops[g_rand_int_range (event_rng, 0, 3)];
          g_autofree char *name = g_strdup_printf ("%s night %u", owner->name, step);
          gint64 held = lw_test_sql_int_at (owner->path,
                                            "SELECT coalesce (max (event), 0) FROM club_events"
                                            " WHERE origin IS NOT NULL");
          g_autoptr (GError) error = NULL;

          g_assert_true (lw_store_rename_event (owner->store, 1, name, &error));
          g_assert_no_error (error);
          if (held != 0)
            {
              g_assert_false (lw_store_rename_event (owner->store, held, name, &error));
              g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
              g_assert_nonnull (strstr (error->message, "read-only"));
              events_refused++;
            }
        }
      LwClubLaptop *laptop = laptops[g_rand_int_range (rng, 0, 3)];
      int roll = g_rand_int_range (rng, 0, 100);
      g_autoptr (GError) error = NULL;
      g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
      g_autoptr (GPtrArray) games = lw_store_list_games (laptop->store, &error);
      gint64 id;

      g_assert_no_error (error);
      for (guint i = 0; i < games->len; i++)
        g_array_append_val (ids, ((LwStoredGame *) g_ptr_array_index (games, i))->id);
      id = ids->len > 0 ? g_array_index (ids, gint64, g_rand_int_range (rng, 0, (gint32) ids->len)) : 0;

      if (roll < 35 || id == 0)
        lw_club_add_random_game (laptop->store, rng);
      else if (roll < 50)
        {
          /* A correction: its own games take it, others' refuse it. */
          gboolean ok = lw_store_remove_last_round (laptop->store, id, &error);

          if (!ok)
            {
              g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
              g_assert_nonnull (strstr (error->message, "read-only"));
              refused++;
            }
        }
      else if (roll < 60)
        {
          gboolean ok = lw_store_set_game_details (laptop->store, id,
                                                   1767225600 + g_rand_int_range (rng, 0, 86400 * 365),
                                                   "Club", &error);

          g_assert_true (ok || g_error_matches (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID));
          refused += !ok;
        }
      else if (roll < 70)
        {
          gboolean ok = lw_store_delete_game (laptop->store, id, &error);

          g_assert_true (ok || g_error_matches (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID));
          refused += !ok;
        }
      else
        {
          lw_club_laptop_sync (laptop);
          pushes++;
        }
    }
  for (guint round = 0; round < 2; round++)
    for (guint l = 0; l < 3; l++)
      lw_club_laptop_sync (laptops[l]);
  g_test_message ("%u corrections of other laptops' games refused, %u syncs", refused, pushes);
  g_assert_cmpuint (refused, >, 0);

  server_games = lw_club_server_games (fixture->server);
  g_assert_cmpuint (g_hash_table_size (server_games), >, 10);
  for (guint l = 0; l < 3; l++)
    {
      g_autoptr (GHashTable) local = lw_club_local_games (laptops[l]->store);
      g_autoptr (GError) error = NULL;
      g_autoptr (LwClubState) state = lw_store_club_get_state (laptops[l]->store, TRUE, &error);

      g_assert_no_error (error);
      lw_club_assert_same_games (server_games, local, laptops[l]->name);
      g_assert_cmpint (state->waiting, ==, 0);
      g_assert_cmpint (state->waiting_deletions, ==, 0);
      g_assert_true (lw_store_check_damage (laptops[l]->store, 0, &error));
    }

  /* One database holding every game, each imported with its UUID. */
  one = lw_store_open (one_path, NULL);
  {
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init (&iter, server_games);
    while (g_hash_table_iter_next (&iter, &key, &value))
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (LwGameRecord) record = lw_game_record_from_json (value, -1, &error);
        gint64 same = 0;

        g_assert_no_error (error);
        g_assert_cmpint (lw_store_import_game (one, record, FALSE, &same, &error), >, 0);
        g_assert_no_error (error);
      }
  }
  /* Each laptop's event: the same standings, byte for byte, everywhere. */
  g_test_message ("%u changes of other laptops' events refused", events_refused);
  g_assert_cmpuint (events_refused, >, 0);
  for (guint l = 0; l < 3; l++)
    {
      g_autofree char *owned = standings_of (laptops[l]->path, "1");

      for (guint m = 0; m < 3; m++)
        {
          g_autofree char *sql = g_strdup_printf ("SELECT event FROM club_events WHERE origin = '%s'",
                                                  laptops[l]->origin);
          g_autofree char *id = NULL;
          g_autofree char *held = NULL;

          if (m == l)
            continue;
          id = g_strdup_printf ("%" G_GINT64_FORMAT, lw_test_sql_int_at (laptops[m]->path, sql));
          held = standings_of (laptops[m]->path, id);
          g_assert_cmpstr (held, ==, owned);
        }
    }

  /* Each laptop's players' statistics, from the rows it keeps (pulled
   * games' among them), are those counted from every game's rounds; the
   * rows a pull left stale (a game taken back at the server's version)
   * are written back by the first computation. */
  for (guint l = 0; l < 3; l++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (LwPlayerStatsCache) first = lw_player_stats_cache_new ();
      g_autoptr (LwPlayerStatsCache) again = lw_player_stats_cache_new ();
      g_autoptr (GPtrArray) want = lw_store_compute_player_stats_by_game (laptops[l]->store, 2, &error);
      g_autoptr (GPtrArray) got = NULL;
      gint64 n_games = lw_test_sql_int_at (laptops[l]->path, "SELECT count (*) FROM games");

      g_assert_no_error (error);
      g_assert_true (lw_store_update_player_stats (laptops[l]->store, first, NULL, &error));
      g_assert_no_error (error);
      g_test_message ("%s: %u shares from rows, %u games from their rounds", laptops[l]->name,
                      lw_player_stats_cache_get_rows_read (first),
                      lw_player_stats_cache_get_games_read (first));
      g_assert_cmpuint (lw_player_stats_cache_get_rows_read (first), >, 0);
      got = lw_player_stats_cache_compute (first, 2);
      g_assert_cmpuint (got->len, ==, want->len);
      for (guint i = 0; i < want->len; i++)
        {
          const LwPlayerStats *a = g_ptr_array_index (got, i);
          const LwPlayerStats *b = g_ptr_array_index (want, i);

          g_assert_cmpstr (a->name, ==, b->name);
          g_assert_cmpuint (a->games, ==, b->games);
          g_assert_cmpuint (a->finished, ==, b->finished);
          g_assert_cmpuint (a->wins, ==, b->wins);
          g_assert_cmpint (a->margin_total, ==, b->margin_total);
          g_assert_cmpuint (a->rounds, ==, b->rounds);
          g_assert_cmpuint (a->declared_as_dealer, ==, b->declared_as_dealer);
          g_assert_cmpuint (a->packs_made, ==, b->packs_made);
          g_assert_cmpuint (a->penalties, ==, b->penalties);
          g_assert_cmpstr (a->best_partner, ==, b->best_partner);
          g_assert_cmpuint (a->best_partner_games, ==, b->best_partner_games);
        }
      g_assert_true (lw_store_update_player_stats (laptops[l]->store, again, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (lw_player_stats_cache_get_games_read (again), ==, 0);
      g_assert_cmpint (lw_player_stats_cache_get_rows_read (again), ==, n_games);
    }

  expected = ratings_of (one_path);
  g_assert_nonnull (strstr (expected, "\"rating\""));
  for (guint l = 0; l < 3; l++)
    {
      g_autofree char *ratings = ratings_of (laptops[l]->path);

      g_assert_cmpstr (ratings, ==, expected);
      lw_club_laptop_free (laptops[l]);
    }
}

/* Two laptops play games whose times interleave (two of them, one from
 * each, at the same second, so that the order falls to their ids) and
 * sync: the Leaderboard of each, on every ladder, is the one of a single
 * database holding all those games, bit for bit. */
static void
test_league (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (5);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autofree char *one_path = g_build_filename (fixture->dir, "one.sqlite3", NULL);
  g_autoptr (LwStore) one = lw_store_open (one_path, NULL);
  g_autoptr (GHashTable) server_games = NULL;
  g_autoptr (GError) error = NULL;
  GHashTableIter iter;
  gpointer key, value;
  gint64 tie_a = 0, tie_b = 0;

  for (guint i = 0; i < 40; i++)
    {
      gint64 id = lw_club_add_random_game (i % 2 == 0 ? a->store : b->store, rng);

      if (i == 10)
        tie_a = id;
      else if (i == 11)
        tie_b = id;
      if (i % 7 == 6)
        {
          lw_club_laptop_sync (a);
          lw_club_laptop_sync (b);
        }
    }
  g_assert_true (lw_store_set_game_details (a->store, tie_a, 1780000000, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_set_game_details (b->store, tie_b, 1780000000, NULL, &error));
  g_assert_no_error (error);
  for (guint round = 0; round < 2; round++)
    {
      lw_club_laptop_sync (a);
      lw_club_laptop_sync (b);
    }
  g_assert_cmpint (lw_test_count_games (a->store), ==, 40);
  g_assert_cmpint (lw_test_count_games (b->store), ==, 40);

  server_games = lw_club_server_games (fixture->server);
  g_assert_cmpuint (g_hash_table_size (server_games), ==, 40);
  g_hash_table_iter_init (&iter, server_games);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_autoptr (LwGameRecord) record = lw_game_record_from_json (value, -1, &error);
      gint64 same = 0;

      g_assert_no_error (error);
      g_assert_cmpint (lw_store_import_game (one, record, FALSE, &same, &error), >, 0);
      g_assert_no_error (error);
    }
  for (LwLadder ladder = LW_LADDER_ALL; ladder <= LW_LADDER_PARTNERS; ladder++)
    {
      g_autofree char *expected = lw_club_leaderboard_of (one, ladder);
      g_autofree char *on_a = lw_club_leaderboard_of (a->store, ladder);
      g_autofree char *on_b = lw_club_leaderboard_of (b->store, ladder);

      g_test_message ("ladder %d:\n%s", ladder, expected);
      if (ladder == LW_LADDER_ALL)
        g_assert_cmpuint (strlen (expected), >, 100);
      g_assert_cmpstr (on_a, ==, expected);
      g_assert_cmpstr (on_b, ==, expected);
    }
}

/* The JSON that `littlewolf-cli` prints with @args on @path, parsed. */
static JsonNode *
cli_json (const char        *path,
          const char *const *args)
{
  g_autofree char *out = lw_test_cli_ok_argv (path, args);
  g_autoptr (GError) error = NULL;
  JsonNode *node = json_from_string (out, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);
  return node;
}

/* `club status --json`'s member @member of object @group, on @path. */
static gint64
status_count (const char *path,
              const char *group,
              const char *member)
{
  const char *args[] = { "club", "status", "--json", NULL };
  g_autoptr (JsonNode) node = cli_json (path, args);
  JsonObject *root = json_node_get_object (node);

  return json_object_get_int_member (json_object_get_object_member (root, group), member);
}

/* `club status` (text and --json) counts what waits to be pushed, games
 * and events and the deletions of each: a new event waits, then nothing
 * after a sync; a result entered waits again; a deletion waits as one;
 * the other laptop holds the event and has nothing waiting. */
static void
test_waiting (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (5);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (GError) error = NULL;
  const char *status_args[] = { "club", "status", NULL };
  const int paper[] = { 15, 6 };
  g_autofree char *text = NULL;

  run_event (a, rng, 0);
  g_assert_cmpint (status_count (a->path, "waiting", "games"), ==, 2);
  g_assert_cmpint (status_count (a->path, "waiting", "events"), ==, 1);
  g_assert_cmpint (status_count (a->path, "waiting", "event_deletions"), ==, 0);
  text = lw_test_cli_ok_argv (a->path, status_args);
  g_assert_nonnull (strstr (text, "\nwaiting: 2 games, 0 deletions\n"
                                  "waiting events: 1 events, 0 deletions\n"));
  g_clear_pointer (&text, g_free);

  lw_club_laptop_sync (a);
  g_assert_cmpint (status_count (a->path, "waiting", "games"), ==, 0);
  g_assert_cmpint (status_count (a->path, "waiting", "events"), ==, 0);
  text = lw_test_cli_ok_argv (a->path, status_args);
  g_assert_nonnull (strstr (text, "\nwaiting events: 0 events, 0 deletions\n"));
  g_clear_pointer (&text, g_free);

  /* A result entered: the event waits again, no game does. */
  g_assert_true (lw_store_set_event_paper_result (a->store, 1, 1, 1, paper, 2, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status_count (a->path, "waiting", "events"), ==, 1);
  g_assert_cmpint (status_count (a->path, "waiting", "games"), ==, 0);
  lw_club_laptop_sync (a);
  g_assert_cmpint (status_count (a->path, "waiting", "events"), ==, 0);

  lw_club_laptop_sync (b);
  g_assert_cmpint (status_count (b->path, "held", "events"), ==, 1);
  g_assert_cmpint (status_count (b->path, "held", "games"), ==, 2);
  g_assert_cmpint (status_count (b->path, "waiting", "events"), ==, 0);
  g_assert_cmpint (status_count (b->path, "waiting", "games"), ==, 0);

  /* Deleted: it waits as a deletion, then nothing. */
  g_assert_true (lw_store_delete_event (a->store, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status_count (a->path, "waiting", "events"), ==, 0);
  g_assert_cmpint (status_count (a->path, "waiting", "event_deletions"), ==, 1);
  text = lw_test_cli_ok_argv (a->path, status_args);
  g_assert_nonnull (strstr (text, "\nwaiting events: 0 events, 1 deletions\n"));
  lw_club_laptop_sync (a);
  g_assert_cmpint (status_count (a->path, "waiting", "event_deletions"), ==, 0);
}

/* A correction of a game pulled from another laptop is refused in
 * words; the laptop that owns it corrects it and the change arrives. */
static void
test_read_only (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (7);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (GError) error = NULL;
  gint64 id = lw_club_add_random_game (a->store, rng);
  g_autoptr (GHashTable) on_a = NULL;
  g_autoptr (GHashTable) on_b = NULL;
  g_autofree char *message = NULL;
  gint64 held;

  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  held = lw_test_sql_int_at (b->path, "SELECT id FROM games");
  g_assert_false (lw_store_remove_last_round (b->store, held, &error));
  message = g_strdup_printf ("game %" G_GINT64_FORMAT " belongs to club laptop \u201ca\u201d: it is "
                             "read-only here; correct it on that laptop", held);
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, message);
  g_clear_error (&error);
  g_assert_false (lw_store_delete_game (b->store, held, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (lw_store_remove_last_round (a->store, id, &error));
  g_assert_no_error (error);
  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  on_a = lw_club_local_games (a->store);
  on_b = lw_club_local_games (b->store);
  lw_club_assert_same_games (on_a, on_b, "a correction");

  g_assert_true (lw_store_delete_game (a->store, id, &error));
  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM games"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM club_games"), ==, 0);
}

/* A laptop restored from a backup starts a new sync: the server is not
 * rewound (a game stored after the backup comes back, and so does an
 * event made after it, with its results: tables' games and a paper
 * result, as the laptop's own and writable), nothing doubles, and the
 * next sync has nothing to send. */
static void
test_restore (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (11);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autofree char *backup = g_build_filename (fixture->dir, "a-backup.sqlite3", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) server_games = NULL;
  g_autoptr (GHashTable) local = NULL;
  g_autofree char *standings = NULL;
  g_autofree char *restored = NULL;
  g_autofree char *on_b = NULL;
  g_autofree char *id = NULL;
  const char *pair_args[] = { "event", "pair", "1", NULL };
  const int paper[] = { 15, 4 };
  const int corrected[] = { 15, 8 };
  LwClubSyncResult result;

  lw_club_add_random_game (a->store, rng);
  lw_club_laptop_sync (a);
  g_assert_true (lw_store_backup_to (a->store, backup, &error));
  g_assert_no_error (error);
  lw_club_add_random_game (a->store, rng);
  lw_club_laptop_sync (a);
  /* An event after the backup: round 1's tables' results are games,
   * round 2's first table's a paper result. */
  run_event (a, rng, 0);
  g_free (lw_test_cli_ok_argv (a->path, pair_args));
  g_assert_true (lw_store_set_event_paper_result (a->store, 1, 2, 1, paper, 2, &error));
  g_assert_no_error (error);
  lw_club_add_random_game (a->store, rng);
  lw_club_laptop_sync (a);
  /* A table's game changed after the event: later in the server's order,
   * taken back after the event, which still links it. */
  g_assert_true (lw_store_set_game_notes (a->store,
                                          lw_test_sql_int_at (a->path, "SELECT game FROM event_tables"
                                                                       " WHERE round = 1 AND number = 1"),
                                          "Ben dealt first", &error));
  g_assert_no_error (error);
  lw_club_laptop_sync (a);
  standings = standings_of (a->path, "1");

  g_assert_true (lw_store_restore_from (a->store, backup, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lw_test_count_games (a->store), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM events"), ==, 0);
  g_assert_true (lw_club_sync (a->store, &result, &error));
  g_assert_no_error (error);
  g_assert_true (result.restarted);
  g_assert_cmpuint (result.deleted, ==, 0);

  server_games = lw_club_server_games (fixture->server);
  local = lw_club_local_games (a->store);
  g_assert_cmpuint (g_hash_table_size (server_games), ==, 5);
  lw_club_assert_same_games (server_games, local, "after the restore");
  /* The event is back as the laptop's own, its results linked to its
   * games, its standings as before. */
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM events"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM club_events"
                                                " WHERE origin IS NULL AND event IS NOT NULL"), ==, 1);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM event_tables"
                                                " WHERE game IS NOT NULL"), ==, 2);
  id = g_strdup_printf ("%" G_GINT64_FORMAT, lw_test_sql_int_at (a->path, "SELECT id FROM events"));
  restored = standings_of (a->path, id);
  g_assert_cmpstr (restored, ==, standings);
  g_assert_true (lw_club_sync (a->store, &result, &error));
  g_assert_no_error (error);
  g_assert_false (result.restarted);
  g_assert_cmpuint (result.pushed + result.pulled + result.deleted, ==, 0);
  g_assert_cmpuint (result.events_pushed + result.events_pulled, ==, 0);

  /* Its own: a correction there is taken and reaches another laptop. */
  g_assert_true (lw_store_set_event_paper_result (a->store, lw_test_sql_int_at (a->path,
                                                                              "SELECT id FROM events"),
                                                  2, 1, corrected, 2, &error));
  g_assert_no_error (error);
  g_assert_true (lw_club_sync (a->store, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.events_pushed, ==, 1);
  g_clear_pointer (&restored, g_free);
  restored = standings_of (a->path, id);
  g_assert_cmpstr (restored, !=, standings);
  lw_club_laptop_sync (b);
  on_b = standings_of (b->path, "1");
  g_assert_cmpstr (on_b, ==, restored);
}

/* Laptop A runs a round-robin (a table's result from paper, another's
 * from a game) and syncs; laptop B pulls it: its standings are A's byte
 * for byte, a change to it there is refused in words and changes
 * nothing, and A's correction reaches B with the next sync. */
static void
test_events (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (11);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (GError) error = NULL;
  g_autofree char *on_a = NULL;
  g_autofree char *on_b = NULL;
  g_autofree char *corrected_a = NULL;
  g_autofree char *corrected_b = NULL;
  g_autofree char *after_refusal = NULL;
  g_autofree char *facts = NULL;
  g_auto (LwTestRun) run = { 0 };
  LwClubSyncResult result;
  const int refused[] = { 2, 15 };
  const int corrected[] = { 9, 15 };

  run_club_night (a, rng);

  g_assert_true (lw_club_sync (a->store, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.pushed, ==, 1);
  g_assert_cmpuint (result.events_pushed, ==, 1);
  /* Nothing changed: nothing sent again. */
  g_assert_true (lw_club_sync (a->store, &result, &error));
  g_assert_cmpuint (result.events_pushed, ==, 0);
  facts = lw_club_server_text (fixture->server, "SELECT facts FROM littlewolf.events");
  g_assert_nonnull (strstr (facts, "\"player_name\":\"Ann\""));
  g_assert_nonnull (strstr (facts, "\"game_uuid\":\""));

  g_assert_true (lw_club_sync (b->store, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.pulled, ==, 1);
  g_assert_cmpuint (result.events_pulled, ==, 1);
  on_a = standings_of (a->path, "1");
  on_b = standings_of (b->path, "1");
  g_assert_cmpstr (on_b, ==, on_a);
  g_assert_nonnull (strstr (on_a, "Ann"));
  /* The table's game is the game pulled, by its UUID. */
  g_assert_cmpint (lw_test_sql_int_at (b->path,
                                       "SELECT count (*) FROM event_tables AS t JOIN games AS g"
                                       " ON g.id = t.game JOIN club_games AS c ON c.uuid = g.uuid"),
                   ==, 1);

  /* B holds it read-only: refused in words, nothing changed; nor is it
   * pushed from there. */
  g_assert_false (lw_store_set_event_paper_result (b->store, 1, 1, 1, refused, 2, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "event 1 belongs to club laptop \u201ca\u201d: it is read-only here; "
                   "change it on that laptop");
  g_clear_error (&error);
  lw_test_run_cli (&run, b->path, NULL, "event", "rename", "1", "Mine now", NULL);
  g_assert_cmpint (run.status, !=, 0);
  g_assert_nonnull (strstr (run.err, "belongs to club laptop \u201ca\u201d"));
  after_refusal = standings_of (b->path, "1");
  g_assert_cmpstr (after_refusal, ==, on_a);
  g_assert_true (lw_club_sync (b->store, &result, &error));
  g_assert_cmpuint (result.events_pushed, ==, 0);

  /* A corrects a result; B shows the correction. */
  g_assert_true (lw_store_set_event_paper_result (a->store, 1, 1, 1, corrected, 2, &error));
  g_assert_no_error (error);
  lw_club_laptop_sync (a);
  g_assert_true (lw_club_sync (b->store, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.events_pulled, ==, 1);
  corrected_a = standings_of (a->path, "1");
  corrected_b = standings_of (b->path, "1");
  g_assert_cmpstr (corrected_a, !=, on_a);
  g_assert_cmpstr (corrected_b, ==, corrected_a);
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM events"), ==, 1);

  /* A corrects the game that is table 2's result: B's copy of the game is
   * replaced and stays table 2's result. */
  {
    gint64 game_id = lw_test_sql_int_at (a->path, "SELECT game FROM event_tables WHERE number = 2");
    g_autofree char *game_a = NULL;
    g_autofree char *game_b = NULL;

    g_assert_true (lw_store_remove_last_round (a->store, game_id, &error));
    g_assert_no_error (error);
    lw_club_laptop_sync (a);
    lw_club_laptop_sync (b);
    game_a = standings_of (a->path, "1");
    game_b = standings_of (b->path, "1");
    g_assert_cmpstr (game_a, !=, corrected_a);
    g_assert_cmpstr (game_b, ==, game_a);
    g_assert_cmpint (lw_test_sql_int_at (b->path,
                                         "SELECT count (*) FROM event_tables WHERE game IS NOT NULL"),
                     ==, 1);
  }

  /* A deletes it: it goes from B too; the games stay. */
  g_assert_true (lw_store_delete_event (a->store, 1, &error));
  g_assert_no_error (error);
  g_assert_true (lw_club_sync (a->store, &result, &error));
  g_assert_cmpuint (result.events_pushed, ==, 1);
  lw_club_laptop_sync (b);
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM events"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM club_events"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM club_events"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM games"), ==, 1);
}

/* An event's table whose game is not held when the event arrives: laptop
 * A corrects the game that is table 2's result after pushing the event,
 * so the game's change comes after the event in the server's order; a
 * new laptop C pulls the event first, and the game, once it arrives in
 * the same pull, is table 2's result there as on A: C's standings are
 * A's byte for byte, in one pull and in pulls cut between the event and
 * the game. Then A deletes that game: A's table has no result, and so
 * have B's and C's after the sync, their standings A's again. */
static void
test_held_table (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (12);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (GError) error = NULL;
  g_autofree char *on_a = NULL;
  g_autofree char *on_b = NULL;
  g_autofree char *on_c = NULL;
  g_autofree char *deleted_a = NULL;
  g_autofree char *facts = NULL;
  g_autofree char *later = NULL;
  gint64 game_id;

  run_club_night (a, rng);
  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  game_id = lw_test_sql_int_at (a->path, "SELECT game FROM event_tables WHERE number = 2");
  g_assert_true (lw_store_set_game_notes (a->store, game_id, "Ann dealt the last round", &error));
  g_assert_no_error (error);
  lw_club_laptop_sync (a);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM club_events"), ==, 1);
  /* The game's change is after the event's in the server's order. */
  later = lw_club_server_text (fixture->server,
                               "SELECT (SELECT max (seq) FROM littlewolf.games)"
                               " > (SELECT max (seq) FROM littlewolf.events)");
  g_assert_cmpstr (later, ==, "t");
  on_a = standings_of (a->path, "1");
  g_assert_nonnull (strstr (on_a, "Ann"));

  /* A new laptop pulls the event before the game. */
  {
    g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");

    lw_club_laptop_sync (c);
    on_c = standings_of (c->path, "1");
    g_assert_cmpstr (on_c, ==, on_a);
    g_assert_cmpint (lw_test_sql_int_at (c->path, "SELECT count (*) FROM event_tables AS t"
                                         " JOIN games AS g ON g.id = t.game"
                                         " JOIN club_games AS h ON h.uuid = g.uuid"), ==, 1);
  }
  /* The same with the pull cut between the event and the game: the
   * event's batch stored, the game's taken by the next sync. */
  {
    g_autoptr (LwClubLaptop) d = lw_club_laptop_new (fixture->server, fixture->dir, "d");
    g_autoptr (GPtrArray) first = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_game_free);
    LwClubGame *event = g_new0 (LwClubGame, 1);
    g_autofree char *on_d = NULL;
    g_autofree char *event_seq = lw_club_server_text (fixture->server,
                                                      "SELECT seq FROM littlewolf.events");
    g_autofree char *version = lw_club_server_text (fixture->server,
                                                    "SELECT version FROM littlewolf.events");

    /* As the pull reads it (lw-club-sync.c), alone in its batch. */
    event->uuid = lw_club_server_text (fixture->server, "SELECT uuid FROM littlewolf.events");
    event->origin = g_strdup (a->origin);
    event->origin_name = g_strdup (a->name);
    event->version = g_ascii_strtoll (version, NULL, 10);
    event->record = lw_club_server_text (fixture->server, "SELECT facts FROM littlewolf.events");
    event->players = lw_club_server_text (fixture->server, "SELECT players FROM littlewolf.events");
    event->seq = g_ascii_strtoll (event_seq, NULL, 10);
    event->is_event = TRUE;
    g_ptr_array_add (first, event);
    g_assert_true (lw_store_club_apply_pulled (d->store, first, event->seq, NULL, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpint (lw_test_sql_int_at (d->path, "SELECT count (*) FROM event_tables"
                                         " WHERE game IS NOT NULL"), ==, 0);
    lw_club_laptop_sync (d);
    on_d = standings_of (d->path, "1");
    g_assert_cmpstr (on_d, ==, on_a);
  }

  /* A deletes the game: no result at table 2 on A, nor on B and C. */
  g_assert_true (lw_store_delete_game (a->store, game_id, &error));
  g_assert_no_error (error);
  deleted_a = standings_of (a->path, "1");
  g_assert_cmpstr (deleted_a, !=, on_a);
  lw_club_laptop_sync (a);
  facts = lw_club_server_text (fixture->server, "SELECT facts FROM littlewolf.events");
  g_assert_null (strstr (facts, "\"game_uuid\":\""));
  lw_club_laptop_sync (b);
  on_b = standings_of (b->path, "1");
  g_assert_cmpstr (on_b, ==, deleted_a);
}

/* `club suggestions --json` of @path, parsed. */
static JsonNode *
suggestions_of (const char *path)
{
  const char *args[] = { "club", "suggestions", "--json", NULL };
  JsonNode *node = cli_json (path, args);

  g_assert_true (JSON_NODE_HOLDS_ARRAY (node));
  return node;
}

/* The member @member of element @index of the array @node. */
static const char *
suggestion_text (JsonNode   *node,
                 guint       index,
                 const char *member)
{
  JsonArray *array = json_node_get_array (node);

  return json_object_get_string_member (json_array_get_object_element (array, index), member);
}

/* Laptop B sends corrections of laptop A's game to A as suggestions
 * (`club suggest`), refused when the engine refuses them or the game is
 * its own; A lists them, accepts one (its own correction, in its edit
 * log, reaching B with the sync) and declines the other, which the first
 * made stale; neither can be decided twice. Laptop C sees neither; and
 * through libpq directly no role but A's can decide them, nobody can
 * alter what a suggestion says or remove it, and nobody can send one in
 * another laptop's name or at a laptop that does not own the game. */
static void
test_suggestions (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (13);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) stored = NULL;
  g_autoptr (JsonNode) on_a = NULL;
  g_autoptr (JsonNode) on_b = NULL;
  g_autoptr (JsonNode) on_c = NULL;
  g_autoptr (GHashTable) games_a = NULL;
  g_autoptr (GHashTable) games_b = NULL;
  g_autoptr (GPtrArray) edits = NULL;
  g_auto (LwTestRun) run = { 0 };
  g_autofree char *round_file = g_build_filename (fixture->dir, "round.json", NULL);
  g_autofree char *round_json = NULL;
  g_autofree char *held_id = NULL;
  g_autofree char *own_id = NULL;
  g_autofree char *last = NULL;
  g_autofree char *sql = NULL;
  g_autofree char *line = NULL;
  gint64 own = lw_club_add_random_game (a->store, rng);
  guint rounds;
  PGconn *conn;
  int rows = 0;

  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  lw_club_laptop_sync (c);
  stored = lw_store_load_game (a->store, own, &error);
  g_assert_no_error (error);
  rounds = stored->record->rounds->len;
  g_assert_cmpuint (rounds, >=, 2);
  round_json = lw_round_to_json (stored->record, g_ptr_array_index (stored->record->rounds, 0));
  g_assert_true (g_file_set_contents (round_file, round_json, -1, &error));
  held_id = g_strdup_printf ("%" G_GINT64_FORMAT, lw_test_sql_int_at (b->path, "SELECT id FROM games"));
  own_id = g_strdup_printf ("%" G_GINT64_FORMAT, own);
  last = g_strdup_printf ("%u", rounds);

  /* Refused before anything is sent: a round that is not there, a game
   * of one's own, a round that is no round. */
  lw_test_run_cli (&run, b->path, NULL, "club", "suggest", held_id, "--delete", "99", NULL);
  lw_test_assert_cli_failed (&run, 2, "no such round");
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, a->path, NULL, "club", "suggest", own_id, "--delete", "1", NULL);
  lw_test_assert_cli_failed (&run, 2, "is this laptop's own: correct it here");
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, b->path, "{\"cards\": 3}", "club", "suggest", held_id, "--replace", "1",
                   "--round", "-", NULL);
  lw_test_assert_cli_failed (&run, 2, "round 1");
  lw_test_run_clear (&run);
  {
    g_autofree char *none = lw_club_server_text (fixture->server, "SELECT count (*) FROM littlewolf.suggestions");

    g_assert_cmpstr (none, ==, "0");
  }

  lw_test_assert_cli_prints (b->path, "1\n", "club", "suggest", held_id, "--delete", last, NULL);
  lw_test_assert_cli_prints (b->path, "2\n", "club", "suggest", held_id, "--replace", "1",
                             "--round", round_file, NULL);

  on_a = suggestions_of (a->path);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (on_a)), ==, 2);
  g_assert_cmpstr (suggestion_text (on_a, 1, "state"), ==, "open");
  g_assert_cmpstr (suggestion_text (on_a, 1, "from"), ==, "b");
  g_assert_cmpstr (suggestion_text (on_a, 1, "kind"), ==, "delete");
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (json_node_get_array (on_a), 1),
                                                 "incoming"));
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (json_node_get_array (on_a), 1),
                                               "game"), ==, own);
  g_assert_cmpstr (suggestion_text (on_a, 0, "kind"), ==, "replace");
  on_c = suggestions_of (c->path);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (on_c)), ==, 0);
  line = lw_test_cli_ok (a->path, "club", "suggestions", NULL);
  g_assert_nonnull (strstr (line, "1\topen\tfrom \u201cb\u201d\tgame "));
  g_assert_nonnull (strstr (line, "\tdelete round "));

  /* Through libpq directly. */
  conn = lw_club_fixture_connect (fixture->server, c->role, c->password);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.suggestions SET state = 'accepted',"
                                  " decided = now ()", &rows), ==, PGRES_FATAL_ERROR);
  /* Schema 6: through the function, only the target decides. */
  g_assert_cmpint (lw_club_try_sql (conn, "SELECT littlewolf.decide_suggestion (id, 'accepted')"
                                    " FROM generate_series (1, 10) AS id", NULL), ==, PGRES_TUPLES_OK);
  sql = g_strdup_printf ("INSERT INTO littlewolf.suggestions (game, origin, target, version, kind, number)"
                         " SELECT uuid, '%s', origin, version, 'delete', 1 FROM littlewolf.games",
                         b->origin);
  g_assert_cmpint (lw_club_try_sql (conn, sql, NULL), ==, PGRES_FATAL_ERROR);
  g_free (sql);
  sql = g_strdup_printf ("INSERT INTO littlewolf.suggestions (game, origin, target, version, kind, number)"
                         " SELECT uuid, '%s', '%s', version, 'delete', 1 FROM littlewolf.games",
                         c->origin, b->origin);
  g_assert_cmpint (lw_club_try_sql (conn, sql, NULL), ==, PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "DELETE FROM littlewolf.suggestions", NULL), ==, PGRES_FATAL_ERROR);
  PQfinish (conn);
  conn = lw_club_fixture_connect (fixture->server, b->role, b->password);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.suggestions SET state = 'accepted',"
                                  " decided = now ()", &rows), ==, PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "SELECT littlewolf.decide_suggestion (id, 'accepted')"
                                    " FROM generate_series (1, 10) AS id", NULL), ==, PGRES_TUPLES_OK);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.suggestions SET number = 1", NULL), ==,
                   PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "DELETE FROM littlewolf.suggestions", NULL), ==, PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "ALTER TABLE littlewolf.suggestions NO FORCE ROW LEVEL SECURITY",
                            NULL), ==, PGRES_FATAL_ERROR);
  PQfinish (conn);
  conn = lw_club_fixture_connect (fixture->server, a->role, a->password);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.suggestions SET kind = 'insert'", NULL), ==,
                   PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.suggestions SET target = origin", NULL), ==,
                   PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "TRUNCATE littlewolf.suggestions", NULL), ==, PGRES_FATAL_ERROR);
  PQfinish (conn);
  {
    g_autofree char *held = lw_club_server_text (fixture->server,
                                         "SELECT string_agg (id || kind || number || state, ','"
                                         " ORDER BY id) FROM littlewolf.suggestions");
    g_autofree char *expected = g_strdup_printf ("1delete%uopen,2replace1open", rounds);

    g_assert_cmpstr (held, ==, expected);
  }

  /* A accepts the first: its own correction, in its edit log. */
  lw_test_assert_cli_prints (a->path, "", "club", "suggestion", "accept", "1", NULL);
  g_clear_pointer (&stored, lw_stored_game_free);
  stored = lw_store_load_game (a->store, own, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stored->record->rounds->len, ==, rounds - 1);
  edits = lw_store_list_edits (a->store, own, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (((LwLoggedEdit *) g_ptr_array_index (edits, edits->len - 1))->kind, ==,
                   "delete_round");
  lw_test_run_cli (&run, a->path, NULL, "club", "suggestion", "accept", "1", NULL);
  lw_test_assert_cli_failed (&run, 1, "no open suggestion 1");
  lw_test_run_clear (&run);
  /* The second was made at the version before: stale, only declined. */
  lw_test_run_cli (&run, a->path, NULL, "club", "suggestion", "accept", "2", NULL);
  lw_test_assert_cli_failed (&run, 2, "changed since suggestion 2 was made");
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, b->path, NULL, "club", "suggestion", "decline", "2", NULL);
  lw_test_assert_cli_failed (&run, 1, "no open suggestion 2");
  lw_test_run_clear (&run);
  lw_test_assert_cli_prints (a->path, "", "club", "suggestion", "decline", "2", NULL);

  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  games_a = lw_club_local_games (a->store);
  games_b = lw_club_local_games (b->store);
  lw_club_assert_same_games (games_a, games_b, "the accepted suggestion");
  on_b = suggestions_of (b->path);
  g_assert_cmpstr (suggestion_text (on_b, 0, "state"), ==, "declined");
  g_assert_cmpstr (suggestion_text (on_b, 1, "state"), ==, "accepted");
  g_assert_cmpstr (suggestion_text (on_b, 1, "to"), ==, "a");
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (json_node_get_array (on_b), 1),
                                                  "incoming"));
}

/* `littlewolf-cli ratings --json` of the database at @path. */
static char *
ratings_json (const char *path)
{
  g_auto (LwTestRun) run = { 0 };

  lw_test_run_cli (&run, path, NULL, "ratings", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  return g_strdup (run.out);
}

/* Each game's UUID and the time the Games list shows for it (its played
 * time, else its creation time), a line each, by UUID. */
static char *
game_times (LwStore *store)
{
  g_autoptr (GString) text = g_string_new (NULL);

  lw_test_sql_append_rows (lw_store_get_db (store),
                           "SELECT uuid, CASE WHEN coalesce (played_at, 0) > 0 THEN played_at"
                           " ELSE created END FROM games ORDER BY uuid",
                           text);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Games made as New Game makes them (no played time of their own: their
 * time is when they were made), four on each of three laptops at known
 * times that interleave, synced: every laptop shows each game at its
 * owner's time, not the time it was pulled, so that the ratings (whose
 * order is the games' times) are the same on all three and the same as
 * one database that holds every game at its time. */
static void
test_owner_time (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (41);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");
  LwClubLaptop *laptops[] = { a, b, c };
  g_autofree char *one_path = g_build_filename (fixture->dir, "one.sqlite3", NULL);
  g_autoptr (LwStore) one = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *one_ratings = NULL;
  g_autofree char *one_times = NULL;

  one = lw_store_open (one_path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 12; i++)
    {
      LwClubLaptop *owner = laptops[i % 3];
      g_autoptr (LwGameRecord) record = lw_club_random_record (rng);
      /* Older games last: an order of times the pulls do not follow. */
      gint64 made = 1767225600 + (gint64) (12 - i) * 86400 + (gint64) (i % 3) * 3600;
      gint64 same = 0;
      gint64 id;

      record->details.played_at = 0;
      id = lw_store_import_game (owner->store, record, FALSE, &same, &error);
      g_assert_no_error (error);
      g_assert_true (lw_store_run2 (owner->store, "UPDATE games SET created = ?1 WHERE id = ?2",
                                    made, id, &error));
      g_assert_no_error (error);
      {
        g_autoptr (LwStoredGame) stored = lw_store_load_game (owner->store, id, &error);
        gint64 one_id;

        g_assert_no_error (error);
        one_id = lw_store_import_game (one, stored->record, FALSE, &same, &error);
        g_assert_no_error (error);
        g_assert_true (lw_store_run2 (one, "UPDATE games SET created = ?1 WHERE id = ?2",
                                      made, one_id, &error));
        g_assert_no_error (error);
      }
    }
  for (guint round = 0; round < 2; round++)
    for (guint l = 0; l < G_N_ELEMENTS (laptops); l++)
      lw_club_laptop_sync (laptops[l]);

  one_ratings = ratings_json (one_path);
  one_times = game_times (one);
  g_assert_nonnull (strstr (one_ratings, "\"rating\""));
  for (guint l = 0; l < G_N_ELEMENTS (laptops); l++)
    {
      g_autofree char *ratings = ratings_json (laptops[l]->path);
      g_autofree char *times = game_times (laptops[l]->store);

      g_assert_cmpstr (times, ==, one_times);
      g_assert_cmpstr (ratings, ==, one_ratings);
    }
}

/* Stores @record in @store (its UUID kept); its ID. */
static gint64
import_record (LwStore            *store,
               const LwGameRecord *record)
{
  g_autoptr (GError) error = NULL;
  gint64 same = 0;
  gint64 id = lw_store_import_game (store, record, FALSE, &same, &error);

  g_assert_no_error (error);
  return id;
}

/* Computer seats travel with their game: laptop A hosts a virtual table
 * of four, seats 3 and 4 computers ("Computer 3" at easy, "Computer 4"
 * at expert); B and C play games of people. After the syncs, `ratings
 * --json` is the same on all three and the same as one database holding
 * every game (the hosted one with its table's seats): no computer in
 * it; B and C hold which seats were computers and at what level; no
 * laptop's roster, nor the server's, has a computer's player. */
static void
test_computer_seats (Fixture       *fixture,
                     gconstpointer  data)
{
  static const char seats[] =
    "{\"format\": \"little-wolf/seats\", \"seed\": \"7\","
    " \"seats\": [{\"player\": \"person\"}, {\"player\": \"person\"},"
    " {\"player\": \"computer\", \"level\": \"easy\"},"
    " {\"player\": \"computer\", \"level\": \"expert\"}]}";
  g_autoptr (GRand) rng = g_rand_new_with_seed (43);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");
  LwClubLaptop *laptops[] = { a, b, c };
  g_autofree char *one_path = g_build_filename (fixture->dir, "one.sqlite3", NULL);
  g_autoptr (LwStore) one = NULL;
  g_autoptr (LwGameRecord) hosted = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *one_ratings = NULL;
  g_autofree char *roster = NULL;
  g_autofree char *computers = NULL;
  gint64 id;

  one = lw_store_open (one_path, &error);
  g_assert_no_error (error);
  while (hosted == NULL || hosted->n_players != 4)
    {
      g_clear_pointer (&hosted, lw_game_record_free);
      hosted = lw_club_random_record (rng);
    }
  g_free (hosted->players[2]);
  hosted->players[2] = g_strdup ("Computer 3");
  g_free (hosted->players[3]);
  hosted->players[3] = g_strdup ("Computer 4");
  id = import_record (a->store, hosted);
  g_assert_true (lw_store_save_table (a->store, id, seats, 0, NULL, &error));
  g_assert_no_error (error);
  {
    g_autoptr (LwStoredGame) stored = lw_store_load_game (a->store, id, &error);

    g_assert_no_error (error);
    id = import_record (one, stored->record);
    g_assert_true (lw_store_save_table (one, id, seats, 0, NULL, &error));
    g_assert_no_error (error);
  }
  for (guint i = 0; i < 6; i++)
    {
      LwClubLaptop *owner = laptops[1 + i % 2];
      gint64 game = lw_club_add_random_game (owner->store, rng);
      g_autoptr (LwStoredGame) stored = lw_store_load_game (owner->store, game, &error);

      g_assert_no_error (error);
      import_record (one, stored->record);
    }
  for (guint round = 0; round < 2; round++)
    for (guint l = 0; l < G_N_ELEMENTS (laptops); l++)
      lw_club_laptop_sync (laptops[l]);

  computers = lw_club_server_text (fixture->server, "SELECT computers FROM littlewolf.games"
                                                    " WHERE computers IS NOT NULL");
  g_assert_cmpstr (computers, ==, "[{\"seat\":2,\"level\":\"easy\"},{\"seat\":3,\"level\":\"expert\"}]");
  one_ratings = ratings_json (one_path);
  g_assert_nonnull (strstr (one_ratings, "\"rating\""));
  g_assert_null (strstr (one_ratings, "Computer"));
  for (guint l = 0; l < G_N_ELEMENTS (laptops); l++)
    {
      g_autofree char *ratings = ratings_json (laptops[l]->path);

      g_test_message ("laptop %s", laptops[l]->name);
      g_assert_cmpstr (ratings, ==, one_ratings);
      g_assert_cmpint (lw_test_sql_int_at (laptops[l]->path, "SELECT count (*) FROM club_roster"
                                                             " WHERE name LIKE 'Computer%'"), ==, 0);
      g_assert_cmpint (lw_test_sql_int_at (laptops[l]->path, "SELECT count (*) FROM players"
                                                             " WHERE name LIKE 'Computer%'"), ==, 2);
    }
  for (guint l = 1; l < G_N_ELEMENTS (laptops); l++)
    {
      g_autofree char *held = lw_test_sql_text (lw_store_get_db (laptops[l]->store),
                                                "SELECT group_concat (seat || ' ' || level, ',')"
                                                " FROM club_computer_seats");

      g_assert_cmpstr (held, ==, "2 easy,3 expert");
    }
  roster = lw_club_server_text (fixture->server, "SELECT count (*) FROM littlewolf.roster"
                                                 " WHERE name LIKE 'Computer%'");
  g_assert_cmpstr (roster, ==, "0");
}

/* Schema 6 → 7 (club init's migration, twice: the second changes
 * nothing): a laptop keeps syncing with a server of schema 6, its game
 * of computer seats pushed without them (B rates "Computer 3" there);
 * once migrated, the game's next change brings them, and B's ratings are
 * A's. The five-argument push_game() is gone, and computer seats over
 * their bound are refused. */
static void
test_schema_computers (Fixture       *fixture,
                       gconstpointer  data)
{
  static const char seats[] =
    "{\"format\": \"little-wolf/seats\", \"seed\": \"7\","
    " \"seats\": [{\"player\": \"person\"}, {\"player\": \"computer\", \"level\": \"hard\"}]}";
  g_autoptr (LwClubServer) old = lw_club_server_new_at (6);
  g_autoptr (GRand) rng = g_rand_new_with_seed (44);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (old, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (old, fixture->dir, "b");
  g_autoptr (LwGameRecord) hosted = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *version = NULL;
  g_autofree char *on_a = NULL;
  g_autofree char *on_b = NULL;
  g_autofree char *computers = NULL;
  PGconn *conn;
  gint64 id;
  int now = 0;

  while (hosted == NULL || hosted->n_players != 2)
    {
      g_clear_pointer (&hosted, lw_game_record_free);
      hosted = lw_club_random_record (rng);
    }
  g_free (hosted->players[1]);
  hosted->players[1] = g_strdup ("Computer 2");
  id = import_record (a->store, hosted);
  g_assert_true (lw_store_save_table (a->store, id, seats, 0, NULL, &error));
  g_assert_no_error (error);
  lw_club_add_random_game (b->store, rng);
  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  lw_club_laptop_sync (a);
  on_a = ratings_json (a->path);
  on_b = ratings_json (b->path);
  g_assert_null (strstr (on_a, "Computer 2"));
  g_assert_nonnull (strstr (on_b, "Computer 2"));

  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (lw_club_migrate (old->owner, LW_CLUB_SCHEMA_VERSION, &now, &error));
      g_assert_no_error (error);
      g_assert_cmpint (now, ==, LW_CLUB_SCHEMA_VERSION);
    }
  version = lw_club_server_text (old, "SELECT value FROM littlewolf.meta WHERE key = 'schema_version'");
  g_assert_cmpstr (version, ==, "8");
  g_assert_true (lw_store_set_game_notes (a->store, id, "Computer 2 played hard", &error));
  g_assert_no_error (error);
  lw_club_laptop_sync (a);
  computers = lw_club_server_text (old, "SELECT computers FROM littlewolf.games WHERE computers IS NOT NULL");
  g_assert_cmpstr (computers, ==, "[{\"seat\":1,\"level\":\"hard\"}]");
  lw_club_laptop_sync (b);
  g_clear_pointer (&on_a, g_free);
  g_clear_pointer (&on_b, g_free);
  on_a = ratings_json (a->path);
  on_b = ratings_json (b->path);
  g_assert_cmpstr (on_b, ==, on_a);
  g_assert_null (strstr (on_b, "Computer 2"));

  conn = lw_club_fixture_connect (old, b->role, b->password);
  g_assert_cmpint (lw_club_try_sql (conn, "SELECT littlewolf.push_game (gen_random_uuid (), 1, 0,"
                                    " '{}', NULL)", NULL), ==, PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "SELECT littlewolf.push_game (gen_random_uuid (), 1, 0,"
                                    " '{}', NULL, repeat ('x', 2000))", NULL), ==, PGRES_FATAL_ERROR);
  PQfinish (conn);
}

/* Suggestions are listed a page at a time: five sent from B to A's game,
 * read by lw_club_list_suggestions() two at a time (newest first, "more"
 * until the last page) and by `club suggestions --limit 2 --offset 4`;
 * a limit over the page's most reads that most. */
static void
test_suggestion_pages (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (42);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (GError) error = NULL;
  g_autofree char *held_id = NULL;
  g_auto (LwTestRun) run = { 0 };
  gint64 expected = 5;

  lw_club_add_random_game (a->store, rng);
  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  held_id = g_strdup_printf ("%" G_GINT64_FORMAT, lw_test_sql_int_at (b->path, "SELECT id FROM games"));
  for (guint i = 1; i <= 5; i++)
    {
      g_autofree char *number = g_strdup_printf ("%u\n", i);

      lw_test_assert_cli_prints (b->path, number, "club", "suggest", held_id, "--delete", "1", NULL);
    }
  for (guint offset = 0; offset < 6; offset += 2)
    {
      gboolean more = TRUE;
      g_autoptr (GPtrArray) page = lw_club_list_suggestions (a->store, offset, 2, &more, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (page->len, ==, MIN (2, 5 - offset));
      g_assert_true (more == (offset + 2 < 5));
      for (guint i = 0; i < page->len; i++, expected--)
        g_assert_cmpint (((LwClubSuggestion *) g_ptr_array_index (page, i))->id, ==, expected);
    }
  {
    gboolean more = TRUE;
    g_autoptr (GPtrArray) all = lw_club_list_suggestions (a->store, 0, G_MAXUINT, &more, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (all->len, ==, 5);
    g_assert_false (more);
  }
  lw_test_run_cli (&run, a->path, NULL, "club", "suggestions", "--limit", "2", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "5\t"));
  g_assert_nonnull (strstr (run.err, "more are left: --offset 2"));
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, a->path, NULL, "club", "suggestions", "--limit", "2", "--offset", "4", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "1\t"));
  g_assert_null (strchr (strchr (run.out, '\n') + 1, '\n'));
  g_assert_cmpstr (run.err, ==, "");
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, a->path, NULL, "club", "suggestions", "--limit", "0", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  if (!lw_club_fixture_init ())
    return 0;
  g_test_init (&argc, &argv, NULL);

  ADD_TEST5 ("/club/security", test_security);
  ADD_TEST ("/club/schema", test_schema);
  ADD_TEST ("/club/interleavings", test_interleavings);
  ADD_TEST ("/club/league", test_league);
  ADD_TEST ("/club/owner-time", test_owner_time);
  ADD_TEST ("/club/computer-seats", test_computer_seats);
  ADD_TEST ("/club/schema-computers", test_schema_computers);
  ADD_TEST ("/club/read-only", test_read_only);
  ADD_TEST ("/club/restore", test_restore);
  ADD_TEST ("/club/events", test_events);
  ADD_TEST ("/club/held-table", test_held_table);
  ADD_TEST ("/club/waiting", test_waiting);
  ADD_TEST ("/club/suggestions", test_suggestions);
  ADD_TEST ("/club/suggestion-pages", test_suggestion_pages);
  return g_test_run ();
}
