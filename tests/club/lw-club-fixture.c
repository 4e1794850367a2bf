/* lw-club-fixture.c — a club server and its laptops for the club tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lw-club-fixture.h"
#include "lw-rating.h"
#include "lw-store-private.h"
#include "lw-store-results.h"
#include "lw-test-util.h"

static char *config_dir;  /* the laptops' credentials' folder (XDG_CONFIG_HOME) */

static void
remove_config_dir (void)
{
  if (config_dir != NULL)
    lw_test_remove_tree (config_dir);
  g_clear_pointer (&config_dir, g_free);
}

gboolean
lw_club_fixture_init (void)
{
  if (g_getenv ("LW_TEST_PGHOST") == NULL || g_getenv ("LW_TEST_PGPORT") == NULL)
    {
      printf ("1..0 # SKIP no PostgreSQL cluster given (run under build-aux/pg-test-cluster)\n");
      return FALSE;
    }
  config_dir = lw_test_make_tmp_dir ("lw-club-config-XXXXXX");
  atexit (remove_config_dir);
  g_setenv ("XDG_CONFIG_HOME", config_dir, TRUE);
  g_unsetenv ("DBUS_SESSION_BUS_ADDRESS");
  g_unsetenv ("PGPASSWORD");
  return TRUE;
}

static char *
conninfo_for (const char *dbname,
              const char *user)
{
  return g_strdup_printf ("host=%s port=%s dbname=%s user=%s", g_getenv ("LW_TEST_PGHOST"),
                          g_getenv ("LW_TEST_PGPORT"), dbname, user);
}

static const char *
owner_name (void)
{
  return g_getenv ("LW_TEST_PGUSER") != NULL ? g_getenv ("LW_TEST_PGUSER") : "lwowner";
}

LwClubServer *
lw_club_server_new (void)
{
  return lw_club_server_new_at (LW_CLUB_SCHEMA_VERSION);
}

LwClubServer *
lw_club_server_new_at (int at)
{
  static guint count;
  LwClubServer *server = g_new0 (LwClubServer, 1);
  g_autofree char *admin = conninfo_for ("postgres", owner_name ());
  g_autofree char *sql = NULL;
  g_autoptr (GError) error = NULL;
  PGconn *conn = PQconnectdb (admin);
  PGresult *result;
  int version = 0;

  g_assert_cmpint (PQstatus (conn), ==, CONNECTION_OK);
  server->dbname = g_strdup_printf ("lwtest_%d_%u", (int) getpid (), count++);
  sql = g_strdup_printf ("CREATE DATABASE %s", server->dbname);
  result = PQexec (conn, sql);
  g_assert_cmpint (PQresultStatus (result), ==, PGRES_COMMAND_OK);
  PQclear (result);
  PQfinish (conn);
  server->owner = conninfo_for (server->dbname, owner_name ());
  g_assert_true (lw_club_migrate (server->owner, at, &version, &error));
  g_assert_no_error (error);
  g_assert_cmpint (version, ==, at);
  return server;
}

void
lw_club_server_free (LwClubServer *server)
{
  if (server == NULL)
    return;
  g_free (server->dbname);
  g_free (server->owner);
  g_free (server);
}

LwClubLaptop *
lw_club_laptop_new (LwClubServer *server,
                    const char   *dir,
                    const char   *name)
{
  LwClubLaptop *laptop = g_new0 (LwClubLaptop, 1);
  g_autoptr (GError) error = NULL;
  g_autofree char *file = NULL;

  laptop->name = g_strdup (name);
  laptop->password = g_strdup_printf ("pw %s %u", name, g_random_int ());
  g_assert_true (lw_club_add_origin (server->owner, name, laptop->password, &laptop->origin,
                                     &laptop->role, &error));
  g_assert_no_error (error);
  laptop->conninfo = conninfo_for (server->dbname, laptop->role);
  file = g_strdup_printf ("%s.sqlite3", name);
  laptop->path = g_build_filename (dir, file, NULL);
  laptop->store = lw_store_open (laptop->path, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_club_join (laptop->store, laptop->conninfo, laptop->origin, &error));
  g_assert_no_error (error);
  g_assert_true (lw_club_save_password (laptop->conninfo, laptop->password, NULL, &error));
  g_assert_no_error (error);
  return laptop;
}

void
lw_club_laptop_free (LwClubLaptop *laptop)
{
  if (laptop == NULL)
    return;
  g_clear_object (&laptop->store);
  g_free (laptop->path);
  g_free (laptop->name);
  g_free (laptop->origin);
  g_free (laptop->role);
  g_free (laptop->password);
  g_free (laptop->conninfo);
  g_free (laptop);
}

PGconn *
lw_club_fixture_connect (LwClubServer *server,
                         const char   *role,
                         const char   *password)
{
  const char *keywords[] = { "host", "port", "dbname", "user", "password", NULL };
  const char *values[] = { g_getenv ("LW_TEST_PGHOST"), g_getenv ("LW_TEST_PGPORT"),
                           server->dbname, role != NULL ? role : owner_name (), password, NULL };
  PGconn *conn = PQconnectdbParams (keywords, values, 0);

  g_assert_cmpint (PQstatus (conn), ==, CONNECTION_OK);
  return conn;
}

static const char *const names[] = {
  "Ann", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea",
};

LwGameRecord *
lw_club_random_record (GRand *rng)
{
  static GPtrArray *cases;
  g_autoptr (GError) error = NULL;
  LwGameRecord *record = NULL;
  guint first;

  if (cases == NULL)
    {
      GPtrArray *paths = lw_test_case_paths ("random", "");

      cases = g_ptr_array_new ();
      for (guint i = 0; i < paths->len; i++)
        {
          LwGameRecord *found = lw_test_load_record (g_ptr_array_index (paths, i));

          if (lw_test_is_finished (found) && found->n_players <= G_N_ELEMENTS (names))
            g_ptr_array_add (cases, found);
          else
            lw_game_record_free (found);
        }
      g_ptr_array_unref (paths);
      g_assert_cmpuint (cases->len, >, 0);
    }
  {
    g_autofree char *json =
      lw_game_record_to_json (g_ptr_array_index (cases, g_rand_int_range (rng, 0, (gint32) cases->len)));

    record = lw_game_record_from_json (json, -1, &error);
    g_assert_no_error (error);
  }
  first = (guint) g_rand_int_range (rng, 0, G_N_ELEMENTS (names));
  for (guint s = 0; s < record->n_players; s++)
    {
      g_free (record->players[s]);
      record->players[s] = g_strdup (names[(first + s * 5) % G_N_ELEMENTS (names)]);
    }
  /* Substitutes would name players of the case: none in these games. */
  g_ptr_array_set_size (record->substitutes, 0);
  g_clear_pointer (&record->id, g_free);
  record->details.played_at = 1767225600 + g_rand_int_range (rng, 0, 365 * 86400);
  return record;
}

gint64
lw_club_add_random_game (LwStore *store,
                         GRand   *rng)
{
  g_autoptr (LwGameRecord) record = lw_club_random_record (rng);
  g_autoptr (GError) error = NULL;
  gint64 same = 0;
  gint64 id = lw_store_import_game (store, record, TRUE, &same, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static char *
canonical (const char *json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = lw_game_record_from_json (json, -1, &error);

  g_assert_no_error (error);
  return lw_game_record_to_json (record);
}

GHashTable *
lw_club_server_games (LwClubServer *server)
{
  GHashTable *games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  PGconn *conn = lw_club_fixture_connect (server, NULL, NULL);
  PGresult *result = PQexec (conn, "SELECT uuid, record FROM littlewolf.games"
                                   " WHERE record IS NOT NULL");

  g_assert_cmpint (PQresultStatus (result), ==, PGRES_TUPLES_OK);
  for (int r = 0; r < PQntuples (result); r++)
    g_hash_table_insert (games, g_strdup (PQgetvalue (result, r, 0)),
                         canonical (PQgetvalue (result, r, 1)));
  PQclear (result);
  PQfinish (conn);
  return games;
}

GHashTable *
lw_club_local_games (LwStore *store)
{
  GHashTable *games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) list = lw_store_list_games (store, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < list->len; i++)
    {
      const LwStoredGame *game = g_ptr_array_index (list, i);

      g_assert_false (g_hash_table_contains (games, game->record->id));
      g_hash_table_insert (games, g_strdup (game->record->id),
                           lw_game_record_to_json (game->record));
    }
  return games;
}

void
lw_club_assert_same_games (GHashTable *a,
                           GHashTable *b,
                           const char *what)
{
  GHashTableIter iter;
  gpointer key, value;

  if (g_hash_table_size (a) != g_hash_table_size (b))
    g_error ("%s: %u games against %u", what, g_hash_table_size (a), g_hash_table_size (b));
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *other = g_hash_table_lookup (b, key);

      if (g_strcmp0 (other, value) != 0)
        g_error ("%s: game %s differs:\n%s\nagainst\n%s", what, (const char *) key,
                 (const char *) value, other != NULL ? other : "(missing)");
    }
}

void
lw_club_laptop_sync (LwClubLaptop *laptop)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (lw_club_sync (laptop->store, NULL, &error));
  g_assert_no_error (error);
}

/* The Leaderboard page's rows (lw_store_load_rating_games(),
 * lw_leaderboard_compute()) of @store on @ladder, as text that keeps
 * every double's bits ("%a"), so that equal texts are equal figures. */
char *
lw_club_leaderboard_of (LwStore  *store,
                        LwLadder  ladder)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRatingGames) games = lw_store_load_rating_games (store, &error);
  g_autoptr (GArray) rows = NULL;
  LwLeaderboardOptions options;
  GString *text = g_string_new (NULL);

  g_assert_no_error (error);
  lw_leaderboard_options_init (&options);
  options.ladder = ladder;
  rows = lw_leaderboard_compute (games, &options);
  for (guint i = 0; i < rows->len; i++)
    {
      const LwLeaderboardRow *row = &g_array_index (rows, LwLeaderboardRow, i);

      g_string_append_printf (text, "%u %s %a %a %a %u %u %u %a %u %d\n", row->rank, row->name,
                              row->rating, row->mu, row->sigma, row->games, row->wins, row->skunks,
                              row->trend, row->rated, row->provisional);
    }
  return g_string_free (text, FALSE);
}

char *
lw_club_roster_links (LwClubLaptop *laptop)
{
  g_autoptr (GString) text = g_string_new (NULL);
  gint64 players = lw_test_sql_int_at (laptop->path, "SELECT count (*) FROM players");
  gint64 linked = lw_test_sql_int_at (laptop->path,
                                      "SELECT count (DISTINCT player) FROM club_roster"
                                      " WHERE player IS NOT NULL");

  g_assert_cmpint (linked, ==, players);
  g_assert_cmpint (lw_test_sql_int_at (laptop->path,
                                       "SELECT count (*) FROM club_roster WHERE pushed = 0"), ==, 0);
  lw_test_sql_append_rows (lw_store_get_db (laptop->store),
                           "SELECT p.name, r.uuid FROM club_roster AS r JOIN players AS p"
                           " ON p.id = r.player ORDER BY p.name",
                           text);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

ExecStatusType
lw_club_try_sql (PGconn     *conn,
                 const char *sql,
                 int        *rows)
{
  PGresult *result = PQexec (conn, sql);
  ExecStatusType status = PQresultStatus (result);

  if (rows != NULL)
    *rows = status == PGRES_COMMAND_OK ? atoi (PQcmdTuples (result)) : -1;
  if (status == PGRES_FATAL_ERROR)
    g_test_message ("refused: %s", PQresultErrorMessage (result));
  PQclear (result);
  return status;
}

char *
lw_club_server_text (LwClubServer *server,
                     const char   *sql)
{
  PGconn *conn = lw_club_fixture_connect (server, NULL, NULL);
  PGresult *result = PQexec (conn, sql);
  char *text;

  g_assert_cmpint (PQresultStatus (result), ==, PGRES_TUPLES_OK);
  g_assert_cmpint (PQntuples (result), ==, 1);
  text = g_strdup (PQgetisnull (result, 0, 0) ? "" : PQgetvalue (result, 0, 0));
  PQclear (result);
  PQfinish (conn);
  return text;
}

void
lw_club_test_set_up (LwClubTest    *test,
                     gconstpointer  data)
{
  test->dir = lw_test_make_tmp_dir (data);
  test->server = lw_club_server_new ();
}

void
lw_club_test_set_up_schema5 (LwClubTest    *test,
                             gconstpointer  data)
{
  test->dir = lw_test_make_tmp_dir (data);
  test->server = lw_club_server_new_at (5);
}

void
lw_club_test_tear_down (LwClubTest    *test,
                        gconstpointer  data)
{
  lw_test_remove_tree (test->dir);
  g_free (test->dir);
  lw_club_server_free (test->server);
}
