/* test-club-roster.c — the club roster (docs/CLUB-SERVER.md "The
 * roster") against a real PostgreSQL 15 (build-aux/pg-test-cluster;
 * skipped without one): stable player IDs across laptops, an admin's
 * renames and merges reaching every laptop with the ratings of one
 * player, row-level security on the roster and the requests, the
 * migration from schema 2
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <unistd.h>

#include "lw-club-fixture.h"
#include "lw-store-players.h"
#include "lw-store-private.h"
#include "lw-test-util.h"

typedef LwClubTest Fixture;

#define ADD_TEST(path, func) \
  g_test_add (path, Fixture, TEMPLATE, lw_club_test_set_up, func, lw_club_test_tear_down)
/* A server of schema 5: its row-level security against laptops that
 * wrote rows by hand (from schema 6 they write none: test-club-hostile
 * /club-hostile/no-table-writes). */
#define ADD_TEST5(path, func) \
  g_test_add (path, Fixture, TEMPLATE, lw_club_test_set_up_schema5, func, lw_club_test_tear_down)
#define TEMPLATE "lw-test-club-roster-XXXXXX"

/* Players of the seats after the first two. */
static const char *const fillers[] = { "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea" };

/* Stores a game of @a and @b (and fillers[] in its other seats) on
 * @store at @played_at; its record as stored (with its id). */
static LwGameRecord *
add_game (LwStore    *store,
          GRand      *rng,
          const char *a,
          const char *b,
          gint64      played_at)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwStoredGame) stored = NULL;
  gint64 id = 0, same = 0;

  /* A record stored already (the same case with the same players) is
   * drawn again. */
  for (guint tries = 0; id == 0 && tries < 200; tries++)
    {
      g_clear_pointer (&record, lw_game_record_free);
      record = lw_club_random_record (rng);
      for (guint s = 0; s < record->n_players; s++)
        {
          g_free (record->players[s]);
          record->players[s] = g_strdup (s == 0 ? a : s == 1 ? b : fillers[s - 2]);
        }
      record->details.played_at = played_at;
      id = lw_store_import_game (store, record, FALSE, &same, &error);
      g_assert_no_error (error);
    }
  g_assert_cmpint (id, >, 0);
  stored = lw_store_load_game (store, id, &error);
  g_assert_no_error (error);
  return lw_game_record_copy (stored->record);
}

/* The local players of @store, by name, one a line. */
static char *
players_of (LwStore *store)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) players = lw_store_list_players (store, &error);
  GString *text = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < players->len; i++)
    g_string_append_printf (text, "%s\n", ((LwStoredPlayer *) g_ptr_array_index (players, i))->name);
  return g_string_free (text, FALSE);
}

/* The seats of @laptop's games that player @name sits in. */
static gint64
seats_of (LwClubLaptop *laptop,
          const char   *name)
{
  g_autofree char *sql = g_strdup_printf ("SELECT count (*) FROM game_seats AS s JOIN players AS p"
                                          " ON p.id = s.player WHERE p.name = '%s'", name);

  return lw_test_sql_int_at (laptop->path, sql);
}

/* Every local player of @laptop on its roster once (lw_club_roster_links()). */
static void
assert_linked_once (LwClubLaptop *laptop)
{
  g_autofree char *links = lw_club_roster_links (laptop);

  g_assert_cmpuint (strlen (links), >, 0);
}

static char *
admin_conninfo (Fixture    *fixture,
                const char *role)
{
  g_autofree char *owner = g_strdup (fixture->server->owner);
  char *user = strstr (owner, "user=");

  g_assert_nonnull (user);
  *user = '\0';
  return g_strdup_printf ("%suser=%s", owner, role);
}

/* The UUID of the roster entry named @name on the server (the owner's
 * view: merged entries too). */
static char *
roster_uuid (Fixture    *fixture,
             const char *name)
{
  g_autofree char *sql = g_strdup_printf ("SELECT uuid FROM littlewolf.roster WHERE name = '%s'", name);

  return lw_club_server_text (fixture->server, sql);
}

/* The UUID (transfer full) of the roster entry named @name that laptop
 * @origin sent. */
static char *
roster_uuid_of (Fixture    *fixture,
                const char *name,
                const char *origin)
{
  g_autofree char *sql = g_strdup_printf ("SELECT uuid FROM littlewolf.roster"
                                          " WHERE name = '%s' AND origin = '%s'", name, origin);

  return lw_club_server_text (fixture->server, sql);
}

/* A new club admin with a password in the password file; its conninfo.
 * Roles are the cluster's, shared by the tests' databases: a name of its
 * own each time. */
static char *
new_admin (Fixture    *fixture,
           const char *prefix)
{
  static guint count;
  g_autoptr (GError) error = NULL;
  g_autofree char *role = NULL;
  g_autofree char *name = g_strdup_printf ("%s_%d_%u", prefix, (int) getpid (), count++);
  g_autofree char *expected = g_strdup_printf ("lw_admin_%s", name);
  g_autofree char *password = g_strdup_printf ("admin pw %u", g_random_int ());
  char *conninfo;

  g_assert_true (lw_club_add_admin (fixture->server->owner, name, password, &role, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (role, ==, expected);
  conninfo = admin_conninfo (fixture, role);
  g_assert_true (lw_club_save_password (conninfo, password, NULL, &error));
  g_assert_no_error (error);
  return conninfo;
}

/* A player typed on two laptops is one roster entry: the second laptop's
 * own player of that name, added offline, becomes the first one's entry
 * at its sync; pushed games name their players by roster UUID, and a
 * third laptop's pull links them to one local player each. */
static void
test_ids (Fixture       *fixture,
          gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (31);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");
  g_autoptr (LwGameRecord) g1 = add_game (a->store, rng, "Ann", "Ben", 1767300000);
  g_autoptr (LwGameRecord) g2 = add_game (b->store, rng, "Ann", "Cleo", 1767400000);
  g_autofree char *entries = NULL;
  g_autofree char *ann = NULL;
  g_autofree char *sql = NULL;
  g_autofree char *players = NULL;
  g_autofree char *on_c = NULL;

  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  lw_club_laptop_sync (c);
  lw_club_laptop_sync (a);

  entries = lw_club_server_text (fixture->server,
                         "SELECT string_agg (name, ',' ORDER BY name) FROM littlewolf.roster"
                         " WHERE name IN ('Ann', 'Ben', 'Cleo')");
  g_assert_cmpstr (entries, ==, "Ann,Ben,Cleo");
  g_free (entries);
  entries = lw_club_server_text (fixture->server,
                         "SELECT count (*) - count (DISTINCT name) FROM littlewolf.roster");
  g_assert_cmpstr (entries, ==, "0");
  ann = roster_uuid (fixture, "Ann");
  sql = g_strdup_printf ("SELECT string_agg (players, ',') FROM littlewolf.games"
                         " WHERE players LIKE '%%%s%%'", ann);
  players = lw_club_server_text (fixture->server, sql);
  g_assert_nonnull (strstr (players, "\"Ann\""));
  g_assert_nonnull (strstr (strstr (players, ann) + 1, ann));  /* both games */
  on_c = players_of (c->store);
  g_assert_nonnull (strstr (on_c, "Ann\nBen\nCleo\n"));
  assert_linked_once (a);
  assert_linked_once (b);
  assert_linked_once (c);
  g_assert_cmpint (lw_test_count_games (c->store), ==, 2);
  g_assert_cmpint (seats_of (c, "Ann"), ==, 2);
}

/* An admin renames "Ben" and merges "Annie" (laptop B's name for Ann)
 * into "Ann": after the sync every laptop of three has Benjamin and one
 * Ann, and the Leaderboard of each, on every ladder, is the one of a
 * single database where the two were one player from the start, bit for
 * bit; a laptop's role cannot make the change. */
static void
test_rename_merge (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (32);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwClubLaptop) c = lw_club_laptop_new (fixture->server, fixture->dir, "c");
  g_autofree char *admin = new_admin (fixture, "anna");
  g_autofree char *one_path = g_build_filename (fixture->dir, "one.sqlite3", NULL);
  g_autoptr (LwStore) one = lw_store_open (one_path, NULL);
  g_autoptr (GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_record_free);
  g_autoptr (GError) error = NULL;
  static const char *const others[] = { "Cleo", "Dev", "Eva" };

  for (guint i = 0; i < 18; i++)
    {
      LwClubLaptop *on = i % 3 == 0 ? a : i % 3 == 1 ? b : c;
      const char *first = on == b ? "Annie" : "Ann";
      const char *second = i % 2 == 0 ? "Ben" : others[i % 3];

      g_ptr_array_add (records, add_game (on->store, rng, first, second,
                                          1767300000 + (gint64) (i * 7919 % 18) * 3600));
    }
  for (guint round = 0; round < 2; round++)
    {
      lw_club_laptop_sync (a);
      lw_club_laptop_sync (b);
      lw_club_laptop_sync (c);
    }
  g_assert_cmpint (lw_test_count_games (a->store), ==, 18);

  /* A laptop's own role may not rename or merge. */
  g_assert_false (lw_club_roster_rename (a->conninfo, "Ben", "Benjamin", &error));
  g_assert_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_REFUSED);
  g_clear_error (&error);

  g_assert_true (lw_club_roster_rename (admin, "Ben", "Benjamin", &error));
  g_assert_no_error (error);
  g_assert_true (lw_club_roster_merge (admin, "Annie", "Ann", &error));
  g_assert_no_error (error);
  g_assert_false (lw_club_roster_merge (admin, "Annie", "Ann", &error));
  g_assert_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_NOT_FOUND);
  g_clear_error (&error);
  /* A laptop joining before the others sync pulls the 18 games in one
   * batch (their records read ahead on a worker thread), the server's
   * records still naming Ben and Annie: each is stored under the names of
   * the roster, and its body hash (what an import without an id is
   * checked against) is that of the game as stored, not of the record as
   * pulled. */
  {
    g_autoptr (LwClubLaptop) d = lw_club_laptop_new (fixture->server, fixture->dir, "d");
    g_autoptr (GPtrArray) games = NULL;
    g_autofree char *names = NULL;
    sqlite3 *db;
    guint renamed = 0;

    lw_club_laptop_sync (d);
    names = players_of (d->store);
    g_assert_nonnull (strstr (names, "Ann\nBenjamin\nCleo\nDev\nEva\n"));
    g_assert_null (strstr (names, "Annie"));
    games = lw_store_list_games (d->store, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (games->len, ==, 18);
    db = lw_test_sql_open (d->path);
    for (guint i = 0; i < games->len; i++)
      {
        const LwStoredGame *game = g_ptr_array_index (games, i);
        g_autofree char *hash = lw_game_record_body_hash (game->record);
        g_autofree char *sql = g_strdup_printf ("SELECT body_hash FROM games WHERE id = %"
                                                G_GINT64_FORMAT, game->id);
        g_autofree char *stored = lw_test_sql_text (db, sql);

        g_assert_cmpstr (stored, ==, hash);
        for (guint s = 0; s < game->record->n_players; s++)
          renamed += strcmp (game->record->players[s], "Benjamin") == 0;
      }
    sqlite3_close (db);
    g_assert_cmpuint (renamed, >, 0);
  }
  for (guint round = 0; round < 2; round++)
    {
      lw_club_laptop_sync (a);
      lw_club_laptop_sync (b);
      lw_club_laptop_sync (c);
    }

  /* One database where they were one player from the start. */
  for (guint i = 0; i < records->len; i++)
    {
      LwGameRecord *record = g_ptr_array_index (records, i);

      for (guint s = 0; s < record->n_players; s++)
        if (strcmp (record->players[s], "Annie") == 0 || strcmp (record->players[s], "Ben") == 0)
          {
            const char *name = strcmp (record->players[s], "Ben") == 0 ? "Benjamin" : "Ann";

            g_free (record->players[s]);
            record->players[s] = g_strdup (name);
          }
      gint64 same = 0;

      g_assert_cmpint (lw_store_import_game (one, record, FALSE, &same, &error), >, 0);
      g_assert_no_error (error);
    }
  for (LwLadder ladder = LW_LADDER_ALL; ladder <= LW_LADDER_PARTNERS; ladder++)
    {
      g_autofree char *expected = lw_club_leaderboard_of (one, ladder);
      LwClubLaptop *laptops[] = { a, b, c };

      if (ladder == LW_LADDER_ALL)
        {
          g_test_message ("%s", expected);
          g_assert_nonnull (strstr (expected, " Ann "));
          g_assert_nonnull (strstr (expected, " Benjamin "));
        }
      for (guint l = 0; l < G_N_ELEMENTS (laptops); l++)
        {
          g_autofree char *on = lw_club_leaderboard_of (laptops[l]->store, ladder);

          g_assert_cmpstr (on, ==, expected);
        }
    }
  for (guint l = 0; l < 3; l++)
    {
      LwClubLaptop *laptop = l == 0 ? a : l == 1 ? b : c;
      g_autofree char *names = players_of (laptop->store);

      g_assert_nonnull (strstr (names, "Ann\nBenjamin\nCleo\nDev\nEva\n"));
      g_assert_null (strstr (names, "Annie"));
      assert_linked_once (laptop);
    }
}

/* Through libpq directly, a laptop's role cannot add a roster entry or a
 * request under another origin, nor change or remove any roster row or
 * another origin's request; an admin changes the roster but no game. */
static void
test_security (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (33);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwGameRecord) game = add_game (a->store, rng, "Ann", "Ben", 1767300000);
  g_autofree char *admin = new_admin (fixture, "anna");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *ann = NULL;
  g_autofree char *ben = NULL;
  g_autofree char *own_request = NULL;
  g_autofree char *other_origin = NULL;
  g_autofree char *born_merged = NULL;
  g_autofree char *other_request = NULL;
  PGconn *conn;
  int rows = 0;

  lw_club_laptop_sync (a);
  ann = roster_uuid (fixture, "Ann");
  ben = roster_uuid (fixture, "Ben");
  conn = lw_club_fixture_connect (fixture->server, a->role, a->password);
  own_request = g_strdup_printf ("INSERT INTO littlewolf.requests (origin, player, into_player)"
                         " VALUES ('%s', '%s', '%s')", a->origin, ben, ann);
  g_assert_cmpint (lw_club_try_sql (conn, own_request, NULL), ==, PGRES_COMMAND_OK);
  PQfinish (conn);
  before = lw_club_server_text (fixture->server,
                        "SELECT (SELECT string_agg (uuid || name || coalesce (merged_into::text, '')"
                        "  || seq, ',' ORDER BY uuid) FROM littlewolf.roster) || '/' ||"
                        " (SELECT string_agg (id || state, ',') FROM littlewolf.requests)");

  conn = lw_club_fixture_connect (fixture->server, b->role, b->password);
  other_origin = g_strdup_printf ("INSERT INTO littlewolf.roster (uuid, origin, name)"
                         " VALUES (gen_random_uuid (), '%s', 'Zed')", a->origin);
  g_assert_cmpint (lw_club_try_sql (conn, other_origin, NULL), ==, PGRES_FATAL_ERROR);
  /* Not even its own entry born merged. */
  born_merged = g_strdup_printf ("INSERT INTO littlewolf.roster (uuid, origin, name, merged_into)"
                         " VALUES (gen_random_uuid (), '%s', 'Zed', '%s')", b->origin, ann);
  g_assert_cmpint (lw_club_try_sql (conn, born_merged, NULL), ==, PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.roster SET name = 'x'", &rows), ==,
                   PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "DELETE FROM littlewolf.roster", &rows), ==, PGRES_FATAL_ERROR);
  /* Its own requests' state is a laptop's to withdraw (schema 5): an
   * update of another's finds no row. */
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.requests SET state = 'accepted'", &rows), ==,
                   PGRES_COMMAND_OK);
  g_assert_cmpint (rows, ==, 0);
  g_assert_cmpint (lw_club_try_sql (conn, "DELETE FROM littlewolf.requests", &rows), ==, PGRES_FATAL_ERROR);
  other_request = g_strdup_printf ("INSERT INTO littlewolf.requests (origin, player, into_player)"
                         " VALUES ('%s', '%s', '%s')", a->origin, ann, ben);
  g_assert_cmpint (lw_club_try_sql (conn, other_request, NULL), ==, PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "TRUNCATE littlewolf.roster", NULL), ==, PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "ALTER TABLE littlewolf.roster NO FORCE ROW LEVEL SECURITY", NULL),
                   ==, PGRES_FATAL_ERROR);
  PQfinish (conn);
  after = lw_club_server_text (fixture->server,
                       "SELECT (SELECT string_agg (uuid || name || coalesce (merged_into::text, '')"
                       "  || seq, ',' ORDER BY uuid) FROM littlewolf.roster) || '/' ||"
                       " (SELECT string_agg (id || state, ',') FROM littlewolf.requests)");
  g_assert_cmpstr (after, ==, before);
  g_assert_nonnull (strstr (after, "waiting"));

  /* The admin: the roster and the requests, no game. */
  {
    g_autoptr (GError) error = NULL;
    PGconn *admin_conn = lw_club_connect (admin, &error);

    g_assert_no_error (error);
    g_assert_cmpint (lw_club_try_sql (admin_conn, "UPDATE littlewolf.roster SET name = name", &rows), ==,
                     PGRES_COMMAND_OK);
    g_assert_cmpint (rows, >=, 2);
    g_assert_cmpint (lw_club_try_sql (admin_conn, "UPDATE littlewolf.games SET record = NULL", NULL), ==,
                     PGRES_FATAL_ERROR);
    g_assert_cmpint (lw_club_try_sql (admin_conn, "DELETE FROM littlewolf.roster", NULL), ==,
                     PGRES_FATAL_ERROR);
    PQfinish (admin_conn);
  }
}

/* A laptop's own `player merge` merges there and sends a request; the
 * admin lists the requests (`club roster requests --json`), accepts one
 * (every laptop's next sync merges) and declines another (nothing
 * merged); a laptop's role cannot decide one, and one decided stays. */
static void
test_requests (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (35);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwGameRecord) g1 = add_game (a->store, rng, "Ann", "Ben", 1767300000);
  g_autoptr (LwGameRecord) g2 = add_game (a->store, rng, "Anne", "Cleo", 1767400000);
  g_autoptr (LwGameRecord) g3 = add_game (a->store, rng, "Dev", "Eva", 1767500000);
  g_autoptr (LwGameRecord) g4 = add_game (b->store, rng, "Anne", "Dev", 1767600000);
  g_autofree char *admin = new_admin (fixture, "rita");
  g_autofree char *listed = NULL;
  g_autofree char *names = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_auto (LwTestRun) run = { 0 };
  const char *merge_anne[] = { "player", "merge", "Anne", "Ann", NULL };
  const char *merge_eva[] = { "player", "merge", "Eva", "Ben", NULL };
  const char *requests[] = { "club", "roster", "requests", "--json", "--conninfo", admin, NULL };

  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  lw_club_laptop_sync (a);
  g_free (lw_test_cli_ok_argv (a->path, merge_anne));
  g_free (lw_test_cli_ok_argv (a->path, merge_eva));
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM club_requests"), ==, 2);
  lw_club_laptop_sync (a);
  g_assert_cmpint (lw_test_sql_int_at (a->path,
                                       "SELECT count (*) FROM club_requests WHERE sent = 0"), ==, 0);
  listed = lw_test_cli_ok_argv (a->path, requests);
  g_test_message ("%s", listed);
  g_assert_nonnull (strstr (listed, "\"player_name\" : \"Anne\""));
  g_assert_nonnull (strstr (listed, "\"into_name\" : \"Ben\""));
  g_assert_nonnull (strstr (listed, "\"state\" : \"waiting\""));
  first = lw_club_server_text (fixture->server,
                       "SELECT id FROM littlewolf.requests AS q JOIN littlewolf.roster AS r"
                       " ON r.uuid = q.player WHERE r.name = 'Anne'");
  second = lw_club_server_text (fixture->server,
                        "SELECT id FROM littlewolf.requests AS q JOIN littlewolf.roster AS r"
                        " ON r.uuid = q.player WHERE r.name = 'Eva'");

  /* B still has its Anne (a player of its own game) until the admin
   * decides. */
  lw_club_laptop_sync (b);
  names = players_of (b->store);
  g_assert_nonnull (strstr (names, "Anne\n"));

  lw_test_run_cli (&run, a->path, NULL, "club", "roster", "accept", first, "--conninfo",
                   a->conninfo, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "permission denied"));
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, a->path, NULL, "club", "roster", "accept", first, "--conninfo", admin,
                   NULL);
  lw_test_assert_cli_ok (&run, "club roster accept");
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, a->path, NULL, "club", "roster", "decline", second, "--conninfo", admin,
                   NULL);
  lw_test_assert_cli_ok (&run, "club roster decline");
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, a->path, NULL, "club", "roster", "accept", second, "--conninfo", admin,
                   NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "declined already"));

  lw_club_laptop_sync (b);
  g_clear_pointer (&names, g_free);
  names = players_of (b->store);
  g_assert_null (strstr (names, "Anne\n"));
  g_assert_nonnull (strstr (names, "Eva\n"));
  g_assert_cmpint (seats_of (b, "Ann"), ==, 3);
  g_clear_pointer (&listed, g_free);
  listed = lw_test_cli_ok_argv (a->path, requests);
  g_assert_nonnull (strstr (listed, "\"state\" : \"accepted\""));
  g_assert_nonnull (strstr (listed, "\"state\" : \"declined\""));
}

/* The state of every merge request on @server, "Anne>Ann waiting" a
 * line, in the order they came ("" for none). */
static char *
server_requests (LwClubServer *server)
{
  return lw_club_server_text (server,
                              "SELECT coalesce (string_agg (p.name || '>' || i.name || ' ' || q.state,"
                              "  E'\\n' ORDER BY q.id), '') FROM littlewolf.requests AS q"
                              " JOIN littlewolf.roster AS p ON p.uuid = q.player"
                              " JOIN littlewolf.roster AS i ON i.uuid = q.into_player");
}

/* Merges @from into @into on @laptop as the Players page does; the merge
 * for its undo, with a request queued. */
static LwPlayerMerge *
merge_queued (LwClubLaptop *laptop,
              const char   *from,
              const char   *into)
{
  g_autoptr (GError) error = NULL;
  LwPlayerMerge *merge = NULL;
  gboolean requested = FALSE;

  g_assert_true (lw_store_club_merge_players (laptop->store, from, into, &merge, &requested, &error));
  g_assert_no_error (error);
  g_assert_true (requested);
  g_assert_nonnull (merge);
  return merge;
}

/* The undo of @merge on @laptop (the Players page's Undo); whether a
 * request was withdrawn is asserted to be @withdrawn. */
static void
undo_merge (LwClubLaptop  *laptop,
            LwPlayerMerge *merge,
            gboolean       withdrawn)
{
  g_autoptr (GError) error = NULL;
  gboolean done = !withdrawn;

  g_assert_true (lw_store_club_unmerge_players (laptop->store, merge, &done, &error));
  g_assert_no_error (error);
  g_assert_true (done == withdrawn);
}

/* The undo of a merge withdraws its request: undone before a sync,
 * nothing reaches the server; undone after it, the next sync marks it
 * withdrawn there (the admin lists it so and can no longer accept it);
 * the merge made again sends it again. The player undone is its roster
 * entry again. A request the admin decided stays decided; once the
 * laptop holds the admin's merge, its undo is refused. Through libpq, another laptop's role changes none of A's
 * requests, and A's role can only withdraw its own waiting ones. */
static void
test_withdraw (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (36);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwGameRecord) g1 = add_game (a->store, rng, "Ann", "Ben", 1767300000);
  g_autoptr (LwGameRecord) g2 = add_game (a->store, rng, "Anne", "Cleo", 1767400000);
  g_autoptr (LwGameRecord) g3 = add_game (b->store, rng, "Dev", "Eva", 1767500000);
  g_autoptr (LwPlayerMerge) merge = NULL;
  g_autofree char *admin = new_admin (fixture, "wanda");
  g_autofree char *links_before = NULL;
  g_autofree char *links = NULL;
  g_autofree char *requests = NULL;
  g_autofree char *listed = NULL;
  g_autofree char *id = NULL;
  g_autofree char *sql = NULL;
  g_auto (LwTestRun) run = { 0 };
  const char *list[] = { "club", "roster", "requests", "--json", "--conninfo", admin, NULL };
  PGconn *conn;
  int rows = -1;

  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  lw_club_laptop_sync (a);
  links_before = lw_club_roster_links (a);
  g_assert_nonnull (strstr (links_before, "Anne"));

  /* Undone before a sync: nothing reaches the server. */
  merge = merge_queued (a, "Anne", "Ann");
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM club_requests"), ==, 1);
  undo_merge (a, merge, TRUE);
  g_clear_pointer (&merge, lw_player_merge_free);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM club_requests"), ==, 0);
  links = lw_club_roster_links (a);
  g_assert_cmpstr (links, ==, links_before);
  lw_club_laptop_sync (a);
  requests = server_requests (fixture->server);
  g_assert_cmpstr (requests, ==, "");
  g_clear_pointer (&links, g_free);
  links = lw_club_roster_links (a);
  g_assert_cmpstr (links, ==, links_before);

  /* Undone after a sync: withdrawn with the next one. */
  merge = merge_queued (a, "Anne", "Ann");
  lw_club_laptop_sync (a);
  g_clear_pointer (&requests, g_free);
  requests = server_requests (fixture->server);
  g_assert_cmpstr (requests, ==, "Anne>Ann waiting");
  undo_merge (a, merge, TRUE);
  g_clear_pointer (&merge, lw_player_merge_free);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM club_requests"
                                       " WHERE sent = 1 AND withdrawn = 1"), ==, 1);
  g_clear_pointer (&requests, g_free);
  requests = server_requests (fixture->server);
  g_assert_cmpstr (requests, ==, "Anne>Ann waiting");
  lw_club_laptop_sync (a);
  g_clear_pointer (&requests, g_free);
  requests = server_requests (fixture->server);
  g_assert_cmpstr (requests, ==, "Anne>Ann withdrawn");
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM club_requests"), ==, 0);
  g_clear_pointer (&links, g_free);
  links = lw_club_roster_links (a);
  g_assert_cmpstr (links, ==, links_before);
  listed = lw_test_cli_ok_argv (a->path, list);
  g_assert_nonnull (strstr (listed, "\"state\" : \"withdrawn\""));
  g_assert_null (strstr (listed, "\"state\" : \"waiting\""));
  id = lw_club_server_text (fixture->server, "SELECT id FROM littlewolf.requests");
  lw_test_run_cli (&run, a->path, NULL, "club", "roster", "accept", id, "--conninfo", admin, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "withdrawn already"));
  lw_test_run_clear (&run);
  /* B still has its own players, and A's Anne is no one else. */
  lw_club_laptop_sync (b);
  g_assert_cmpint (lw_test_sql_int_at (b->path, "SELECT count (*) FROM players"
                                       " WHERE name IN ('Ann', 'Anne')"), ==, 2);

  /* Merged again: the request waits again, the one row. */
  merge = merge_queued (a, "Anne", "Ann");
  lw_club_laptop_sync (a);
  g_clear_pointer (&requests, g_free);
  requests = server_requests (fixture->server);
  g_assert_cmpstr (requests, ==, "Anne>Ann waiting");

  /* Through libpq: B's role changes none of A's requests; A's role
   * neither decides its own nor changes anything but a waiting one's
   * state to withdrawn. */
  conn = lw_club_fixture_connect (fixture->server, b->role, b->password);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.requests SET state = 'withdrawn',"
                                    " decided = now ()", &rows), ==, PGRES_FATAL_ERROR);
  /* Schema 6: through the function, a laptop withdraws its own only. */
  g_assert_cmpint (lw_club_try_sql (conn, "SELECT littlewolf.withdraw_request (player, into_player)"
                                    " FROM littlewolf.requests", NULL), ==, PGRES_TUPLES_OK);
  g_assert_cmpint (lw_club_try_sql (conn, "DELETE FROM littlewolf.requests", NULL), ==,
                   PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.requests SET origin = littlewolf.my_origin ()",
                                    NULL), ==, PGRES_FATAL_ERROR);
  PQfinish (conn);
  conn = lw_club_fixture_connect (fixture->server, a->role, a->password);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.requests SET state = 'accepted',"
                                    " decided = now ()", NULL), ==, PGRES_FATAL_ERROR);
  g_assert_cmpint (lw_club_try_sql (conn, "UPDATE littlewolf.requests SET state = 'withdrawn'",
                                    NULL), ==, PGRES_FATAL_ERROR);
  sql = g_strdup_printf ("UPDATE littlewolf.requests SET into_player = player WHERE origin = '%s'",
                         a->origin);
  g_assert_cmpint (lw_club_try_sql (conn, sql, NULL), ==, PGRES_FATAL_ERROR);
  PQfinish (conn);
  g_clear_pointer (&requests, g_free);
  requests = server_requests (fixture->server);
  g_assert_cmpstr (requests, ==, "Anne>Ann waiting");

  /* Decided, a request stays as the admin decided it: the undo's
   * withdrawal changes nothing, and the accepted merge comes back. */
  lw_test_run_cli (&run, a->path, NULL, "club", "roster", "accept", id, "--conninfo", admin, NULL);
  lw_test_assert_cli_ok (&run, "club roster accept");
  lw_test_run_clear (&run);
  undo_merge (a, merge, TRUE);
  lw_club_laptop_sync (a);
  g_clear_pointer (&requests, g_free);
  requests = server_requests (fixture->server);
  g_assert_cmpstr (requests, ==, "Anne>Ann accepted");
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM club_requests"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM players WHERE name = 'Anne'"),
                   ==, 0);
  g_assert_cmpint (seats_of (a, "Ann"), ==, 2);
  g_clear_pointer (&merge, lw_player_merge_free);

  /* Once this laptop holds the admin's merge, the undo is refused. */
  merge = merge_queued (a, "Cleo", "Ben");
  lw_club_laptop_sync (a);
  g_clear_pointer (&id, g_free);
  id = lw_club_server_text (fixture->server,
                            "SELECT q.id FROM littlewolf.requests AS q JOIN littlewolf.roster AS r"
                            " ON r.uuid = q.player WHERE r.name = 'Cleo'");
  lw_test_run_cli (&run, a->path, NULL, "club", "roster", "accept", id, "--conninfo", admin, NULL);
  lw_test_assert_cli_ok (&run, "club roster accept");
  lw_test_run_clear (&run);
  lw_club_laptop_sync (a);
  {
    g_autoptr (GError) error = NULL;
    gboolean withdrawn = TRUE;

    g_assert_false (lw_store_club_unmerge_players (a->store, merge, &withdrawn, &error));
    g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_CHANGED);
    g_assert_cmpstr (error->message, ==, "\u201cCleo\u201d can no longer be split from \u201cBen\u201d:"
                     " the club's admin merged \u201cCleo\u201d on the club's roster");
    g_assert_false (withdrawn);
  }
  g_assert_cmpint (seats_of (a, "Cleo"), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM club_requests"), ==, 1);
}

/* A server of schema 4 takes no withdrawal: the undo's withdrawal waits
 * on the laptop, the request waits on the server, and the first sync
 * after `club init` migrated it to 5 withdraws it. */
static void
test_withdraw_schema4 (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr (LwClubServer) old = lw_club_server_new_at (4);
  g_autoptr (GRand) rng = g_rand_new_with_seed (38);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (old, fixture->dir, "a");
  g_autoptr (LwGameRecord) g1 = add_game (a->store, rng, "Ann", "Ben", 1767300000);
  g_autoptr (LwGameRecord) g2 = add_game (a->store, rng, "Anne", "Cleo", 1767400000);
  g_autoptr (LwPlayerMerge) merge = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *requests = NULL;
  int now = 0;

  lw_club_laptop_sync (a);
  merge = merge_queued (a, "Anne", "Ann");
  lw_club_laptop_sync (a);
  undo_merge (a, merge, TRUE);
  lw_club_laptop_sync (a);
  requests = server_requests (old);
  g_assert_cmpstr (requests, ==, "Anne>Ann waiting");
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM club_requests"
                                       " WHERE withdrawn = 1"), ==, 1);

  g_assert_true (lw_club_init (old->owner, &now, &error));
  g_assert_no_error (error);
  g_assert_cmpint (now, ==, LW_CLUB_SCHEMA_VERSION);
  lw_club_laptop_sync (a);
  g_clear_pointer (&requests, g_free);
  requests = server_requests (old);
  g_assert_cmpstr (requests, ==, "Anne>Ann withdrawn");
  g_assert_cmpint (lw_test_sql_int_at (a->path, "SELECT count (*) FROM club_requests"), ==, 0);
}

/* A laptop's own rename and merge (`player rename`, `player merge`)
 * change its copies of other laptops' games, and they stay so when those
 * games change and are pulled again, or new ones come: the renamed
 * player keeps the name given here, the merged player's games are those
 * of the one it was merged into (no second "Anne" comes back), until
 * the admin decides otherwise. */
static void
test_local_changes (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (37);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwGameRecord) g1 = add_game (a->store, rng, "Ann", "Cleo", 1767300000);
  g_autoptr (LwGameRecord) g2 = add_game (b->store, rng, "Anne", "Ben", 1767400000);
  g_autoptr (LwGameRecord) g3 = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *names = NULL;
  const char *merge_anne[] = { "player", "merge", "Anne", "Ann", NULL };
  const char *rename_ben[] = { "player", "rename", "Ben", "Benny", NULL };
  gint64 held;

  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);
  lw_club_laptop_sync (a);
  g_free (lw_test_cli_ok_argv (a->path, merge_anne));
  g_free (lw_test_cli_ok_argv (a->path, rename_ben));
  names = players_of (a->store);
  g_assert_null (strstr (names, "Anne\n"));
  g_assert_nonnull (strstr (names, "Benny\n"));
  lw_club_laptop_sync (a);

  /* B's game changes, and B plays another with Anne and Ben. */
  held = lw_test_sql_int_at (b->path, "SELECT id FROM games");
  g_assert_true (lw_store_set_game_notes (b->store, held, "Anne dealt first", &error));
  g_assert_no_error (error);
  g3 = add_game (b->store, rng, "Ben", "Anne", 1767500000);
  lw_club_laptop_sync (b);
  lw_club_laptop_sync (a);
  g_clear_pointer (&names, g_free);
  names = players_of (a->store);
  g_test_message ("%s", names);
  g_assert_null (strstr (names, "Anne\n"));
  g_assert_null (strstr (names, "Ben\n"));
  g_assert_nonnull (strstr (names, "Benny\n"));
  g_assert_cmpint (seats_of (a, "Ann"), ==, 3);
  g_assert_cmpint (seats_of (a, "Benny"), ==, 2);
  assert_linked_once (a);
  /* B is as it was: the merge waits for the admin. */
  g_clear_pointer (&names, g_free);
  names = players_of (b->store);
  g_assert_nonnull (strstr (names, "Anne\n"));
  g_assert_nonnull (strstr (names, "Ben\n"));
}

/* A server of schema 2 with a laptop's game is migrated to this version
 * (through 3's suggestions to 4's roster; twice: the
 * second changes nothing): the game stays, the roster has row-level
 * security enabled and forced, and the laptop's next sync puts its
 * players on the roster and names them in the game by UUID. */
static void
test_schema (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr (LwClubServer) old = lw_club_server_new_at (2);
  g_autoptr (GRand) rng = g_rand_new_with_seed (34);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (old, fixture->dir, "a");
  g_autoptr (LwGameRecord) game = add_game (a->store, rng, "Ann", "Ben", 1767300000);
  g_autoptr (GError) error = NULL;
  g_autofree char *games_before = NULL;
  g_autofree char *games_after = NULL;
  g_autofree char *security = NULL;
  g_autofree char *players = NULL;
  int now = 0;

  lw_club_laptop_sync (a);
  games_before = lw_club_server_text (old, "SELECT string_agg (uuid::text || version || record, ',')"
                                   " FROM littlewolf.games");
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (lw_club_init (old->owner, &now, &error));
      g_assert_no_error (error);
      g_assert_cmpint (now, ==, LW_CLUB_SCHEMA_VERSION);
    }
  games_after = lw_club_server_text (old, "SELECT string_agg (uuid::text || version || record, ',')"
                                  " FROM littlewolf.games");
  g_assert_cmpstr (games_after, ==, games_before);
  security = lw_club_server_text (old, "SELECT string_agg (relrowsecurity::text || relforcerowsecurity::text,"
                               " ',') FROM pg_class WHERE oid IN ('littlewolf.roster'::regclass,"
                               " 'littlewolf.requests'::regclass)");
  g_assert_cmpstr (security, ==, "truetrue,truetrue");
  /* The game waits for nothing: its players go on the roster, and it is
   * sent again once changed. */
  g_assert_true (lw_store_rename_player (a->store, "Ben", "Benjamin", &error));
  g_assert_no_error (error);
  lw_club_laptop_sync (a);
  g_clear_pointer (&security, g_free);
  security = lw_club_server_text (old, "SELECT string_agg (name, ',' ORDER BY name) FROM littlewolf.roster");
  g_assert_nonnull (strstr (security, "Ann,Benjamin"));
  players = lw_club_server_text (old, "SELECT players FROM littlewolf.games");
  g_assert_nonnull (strstr (players, "\"Benjamin\""));
}

/* `club roster` (with --merged, as text and --json) and `club roster
 * requests` as text: one line a roster entry (its UUID, name and laptop,
 * and the entry it was merged into), one line a request (its number,
 * laptop, player, the player it merges into and its state). */
static void
test_listings (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (41);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwGameRecord) g1 = add_game (a->store, rng, "Ann", "Ben", 1767300000);
  g_autoptr (LwGameRecord) g2 = add_game (a->store, rng, "Anne", "Ben", 1767400000);
  g_autofree char *admin = new_admin (fixture, "lena");
  g_autofree char *laptop = NULL;
  g_autofree char *ann = NULL;
  g_autofree char *anne = NULL;
  g_autofree char *ben = NULL;
  g_autofree char *request = NULL;
  g_autofree char *listed = NULL;
  g_autofree char *waiting = NULL;
  g_autofree char *first_lines = NULL;
  g_autofree char *n_entries = NULL;
  g_auto (GStrv) lines = NULL;
  const char *roster[] = { "club", "roster", "--merged", "--conninfo", admin, NULL };
  const char *roster_json[] = { "club", "roster", "--merged", "--json", "--conninfo", admin, NULL };
  const char *requests[] = { "club", "roster", "requests", "--conninfo", admin, NULL };
  const char *merge[] = { "player", "merge", "Anne", "Ann", NULL };
  const char *accept[] = { "club", "roster", "accept", NULL, "--conninfo", admin, NULL };

  lw_club_laptop_sync (a);
  g_free (lw_test_cli_ok_argv (a->path, merge));
  lw_club_laptop_sync (a);
  laptop = lw_club_server_text (fixture->server, "SELECT name FROM littlewolf.origins");
  ann = roster_uuid (fixture, "Ann");
  anne = roster_uuid (fixture, "Anne");
  ben = roster_uuid (fixture, "Ben");
  request = lw_club_server_text (fixture->server, "SELECT id FROM littlewolf.requests");

  listed = lw_test_cli_ok_argv (a->path, requests);
  g_test_message ("%s", listed);
  waiting = g_strdup_printf ("%s\t%s\tAnne\tAnn\twaiting\n", request, laptop);
  g_assert_cmpstr (listed, ==, waiting);

  accept[3] = request;
  g_free (lw_test_cli_ok_argv (a->path, accept));
  g_clear_pointer (&listed, g_free);
  listed = lw_test_cli_ok_argv (a->path, roster);
  g_test_message ("%s", listed);
  /* By name: Ann, Anne and Ben, then the games' other players. */
  first_lines = g_strdup_printf ("%s\tAnn\t%s\n%s\tAnne\t%s\tmerged into %s\n%s\tBen\t%s\n",
                                 ann, laptop, anne, laptop, ann, ben, laptop);
  g_assert_true (g_str_has_prefix (listed, first_lines));
  n_entries = lw_club_server_text (fixture->server, "SELECT count (*) FROM littlewolf.roster");
  lines = g_strsplit (listed, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, g_ascii_strtoull (n_entries, NULL, 10) + 1);
  g_assert_cmpstr (lines[g_strv_length (lines) - 1], ==, "");

  g_clear_pointer (&listed, g_free);
  listed = lw_test_cli_ok_argv (a->path, roster_json);
  {
    g_autoptr (JsonNode) node = lw_test_parse_json (listed);
    JsonArray *entries = json_node_get_array (node);
    JsonObject *first = json_array_get_object_element (entries, 0);
    JsonObject *second = json_array_get_object_element (entries, 1);

    g_assert_cmpuint (json_array_get_length (entries), ==, g_strv_length (lines) - 1);
    g_assert_cmpstr (json_object_get_string_member (first, "uuid"), ==, ann);
    g_assert_cmpstr (json_object_get_string_member (first, "name"), ==, "Ann");
    g_assert_cmpstr (json_object_get_string_member (first, "laptop"), ==, laptop);
    g_assert_true (json_object_get_null_member (first, "merged_into"));
    g_assert_cmpstr (json_object_get_string_member (second, "uuid"), ==, anne);
    g_assert_cmpstr (json_object_get_string_member (second, "name"), ==, "Anne");
    g_assert_cmpstr (json_object_get_string_member (second, "merged_into"), ==, ann);
  }
}

/* club roster as text: a roster name and a laptop name written with a
 * terminal's escape code on the server (as the owner, or a role writing
 * SQL by hand) are listed with it escaped, \x1b (docs/rules/CLI.md). */
static void
test_listings_controls (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (43);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwGameRecord) g1 = add_game (a->store, rng, "Ann", "Ben", 1767300000);
  g_autofree char *admin = new_admin (fixture, "lena");
  g_autofree char *ann = NULL;
  g_autofree char *name = NULL;
  g_autofree char *laptop = NULL;
  g_autofree char *listed = NULL;
  g_autofree char *line = NULL;
  const char *roster[] = { "club", "roster", "--conninfo", admin, NULL };

  lw_club_laptop_sync (a);
  ann = roster_uuid (fixture, "Ann");
  name = lw_club_server_text (fixture->server,
                              "UPDATE littlewolf.roster SET name = 'A' || chr (27) || '[2JB'"
                              " WHERE name = 'Ann' RETURNING name");
  g_assert_cmpstr (name, ==, "A\x1b[2JB");
  laptop = lw_club_server_text (fixture->server,
                                "UPDATE littlewolf.origins SET name = name || chr (27) || ']0;x' || chr (7)"
                                " RETURNING name");
  g_assert_nonnull (strchr (laptop, '\x1b'));

  listed = lw_test_cli_ok_argv (a->path, roster);
  g_test_message ("%s", listed);
  g_assert_null (strchr (listed, '\x1b'));
  g_assert_null (strchr (listed, '\a'));
  *strchr (laptop, '\x1b') = '\0';
  line = g_strdup_printf ("%s\tA\\x1b[2JB\t%s\\x1b]0;x\\x07\n", ann, laptop);
  g_assert_nonnull (strstr (listed, line));
}

/* A virtual table's game of four seats, two of them computer seats
 * ("Computer 3" and "Computer 4"): the ratings list its two people only
 * (the game rated between them), and the roster pushed has the people and
 * no computer. */
static void
test_computer_seats (Fixture       *fixture,
                     gconstpointer  data)
{
  static const char *const names[] = { "Ann", "Ben", "Computer 3", "Computer 4" };
  g_autoptr (GRand) rng = g_rand_new_with_seed (51);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (LwTestRun) run = { 0 };
  g_autofree char *roster = NULL;
  gint64 same = 0;
  gint64 id;

  while (record == NULL || record->n_players != 4)
    {
      g_clear_pointer (&record, lw_game_record_free);
      record = lw_club_random_record (rng);
    }
  for (guint s = 0; s < 4; s++)
    {
      g_free (record->players[s]);
      record->players[s] = g_strdup (names[s]);
    }
  id = lw_store_import_game (a->store, record, FALSE, &same, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_save_table (a->store, id,
                                      "{\"format\": \"little-wolf/seats\", \"seed\": \"7\","
                                      " \"seats\": [{\"player\": \"person\"},"
                                      " {\"player\": \"person\"},"
                                      " {\"player\": \"computer\", \"level\": \"easy\"},"
                                      " {\"player\": \"computer\", \"level\": \"expert\"}]}",
                                      0, NULL, &error));
  g_assert_no_error (error);

  lw_test_run_cli (&run, a->path, NULL, "ratings", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "\"Ann\""));
  g_assert_nonnull (strstr (run.out, "\"Ben\""));
  g_assert_null (strstr (run.out, "Computer"));

  lw_club_laptop_sync (a);
  roster = lw_club_server_text (fixture->server,
                                "SELECT string_agg (name, ',' ORDER BY name) FROM littlewolf.roster");
  g_assert_cmpstr (roster, ==, "Ann,Ben");
}

/* The names of @laptop's players, a line each, sorted. */
static char *
player_names (LwClubLaptop *laptop)
{
  g_autoptr (GString) text = g_string_new (NULL);

  lw_test_sql_append_rows (lw_store_get_db (laptop->store),
                           "SELECT name FROM players ORDER BY name", text);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Two entries of one name (the admin renamed "Benny" of laptop B to
 * "Ben", the name of laptop A's entry): laptop A shows B's as "Ben (b)".
 * Once the admin merges A's entry into B's, both laptops show the one
 * player "Ben", with no laptop's name (A showed "Ben (b)" before). */
static void
test_merge_one_name (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (52);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autofree char *admin = new_admin (fixture, "benadmin");
  g_autoptr (GError) error = NULL;
  const char *first[] = { "Ben", "Cleo" };
  const char *second[] = { "Benny", "Dev" };
  LwClubLaptop *laptops[] = { a, b };
  const char **names[] = { first, second };

  for (guint l = 0; l < 2; l++)
    {
      g_autoptr (LwGameRecord) record = NULL;
      gint64 same = 0;

      while (record == NULL || record->n_players != 2)
        {
          g_clear_pointer (&record, lw_game_record_free);
          record = lw_club_random_record (rng);
        }
      for (guint s = 0; s < 2; s++)
        {
          g_free (record->players[s]);
          record->players[s] = g_strdup (names[l][s]);
        }
      lw_store_import_game (laptops[l]->store, record, FALSE, &same, &error);
      g_assert_no_error (error);
      lw_club_laptop_sync (laptops[l]);
    }
  g_assert_true (lw_club_roster_rename (admin, "Benny", "Ben", &error));
  g_assert_no_error (error);
  for (guint round = 0; round < 2; round++)
    for (guint l = 0; l < 2; l++)
      lw_club_laptop_sync (laptops[l]);
  {
    g_autofree char *names_a = player_names (a);

    g_assert_cmpstr (names_a, ==, "Ben|\nBen (b)|\nCleo|\nDev|\n");
  }

  {
    g_autofree char *from_b = roster_uuid_of (fixture, "Ben", b->origin);
    g_autofree char *from_a = roster_uuid_of (fixture, "Ben", a->origin);

    g_assert_true (lw_club_roster_merge (admin, from_a, from_b, &error));
    g_assert_no_error (error);
  }
  for (guint round = 0; round < 2; round++)
    for (guint l = 0; l < 2; l++)
      lw_club_laptop_sync (laptops[l]);
  for (guint l = 0; l < 2; l++)
    {
      g_autofree char *shown = player_names (laptops[l]);

      g_assert_cmpstr (shown, ==, "Ben|\nCleo|\nDev|\n");
    }
}

/* The admin's merge of two entries who sat at one table (Ann and Ben of
 * one game of laptop A) is refused in words naming the game, and the
 * roster stays as it was; the merge of two who never did (Ann and Cleo
 * of laptop B's game) is made. */
static void
test_merge_shared_table (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (53);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autofree char *admin = new_admin (fixture, "sharer");
  g_autoptr (GError) error = NULL;
  g_autofree char *game = NULL;
  g_autofree char *merged = NULL;
  const char *first[] = { "Ann", "Ben" };
  const char *second[] = { "Cleo", "Dev" };
  LwClubLaptop *laptops[] = { a, b };
  const char **names[] = { first, second };

  for (guint l = 0; l < 2; l++)
    {
      g_autoptr (LwGameRecord) record = NULL;
      gint64 same = 0;

      while (record == NULL || record->n_players != 2)
        {
          g_clear_pointer (&record, lw_game_record_free);
          record = lw_club_random_record (rng);
        }
      for (guint s = 0; s < 2; s++)
        {
          g_free (record->players[s]);
          record->players[s] = g_strdup (names[l][s]);
        }
      lw_store_import_game (laptops[l]->store, record, FALSE, &same, &error);
      g_assert_no_error (error);
      lw_club_laptop_sync (laptops[l]);
    }
  {
    g_autofree char *sql = g_strdup_printf ("SELECT uuid FROM littlewolf.games WHERE origin = '%s'",
                                            a->origin);

    game = lw_club_server_text (fixture->server, sql);
  }

  g_assert_false (lw_club_roster_merge (admin, "Ann", "Ben", &error));
  g_assert_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "sat at one table"));
  g_assert_nonnull (strstr (error->message, game));
  g_clear_error (&error);
  merged = lw_club_server_text (fixture->server,
                                "SELECT count (*) FROM littlewolf.roster WHERE merged_into IS NOT NULL");
  g_assert_cmpstr (merged, ==, "0");

  g_assert_true (lw_club_roster_merge (admin, "Cleo", "Ann", &error));
  g_assert_no_error (error);
}

/* A merge of two who sat at one table written by hand (the owner's SQL,
 * past lw_club_roster_merge()'s refusal): laptop B, which holds A's game
 * of the two, still takes A's next version of it (under the names A gave)
 * instead of refusing it at every pull. */
static void
test_merge_by_hand (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr (GRand) rng = g_rand_new_with_seed (54);
  g_autoptr (LwClubLaptop) a = lw_club_laptop_new (fixture->server, fixture->dir, "a");
  g_autoptr (LwClubLaptop) b = lw_club_laptop_new (fixture->server, fixture->dir, "b");
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) refusals = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) on_a = NULL;
  g_autoptr (GHashTable) on_b = NULL;
  g_autofree char *ann = NULL;
  g_autofree char *ben = NULL;
  g_autofree char *sql = NULL;
  LwClubSyncResult result;
  gint64 same = 0;
  gint64 id;
  PGconn *conn;

  while (record == NULL || record->n_players != 2)
    {
      g_clear_pointer (&record, lw_game_record_free);
      record = lw_club_random_record (rng);
    }
  g_free (record->players[0]);
  record->players[0] = g_strdup ("Ann");
  g_free (record->players[1]);
  record->players[1] = g_strdup ("Ben");
  id = lw_store_import_game (a->store, record, FALSE, &same, &error);
  g_assert_no_error (error);
  lw_club_laptop_sync (a);
  lw_club_laptop_sync (b);

  ann = roster_uuid (fixture, "Ann");
  ben = roster_uuid (fixture, "Ben");
  sql = g_strdup_printf ("UPDATE littlewolf.roster SET merged_into = '%s',"
                         " seq = nextval ('littlewolf.changes') WHERE uuid = '%s'", ben, ann);
  conn = lw_club_fixture_connect (fixture->server, NULL, NULL);
  g_assert_cmpint (lw_club_try_sql (conn, sql, NULL), ==, PGRES_COMMAND_OK);
  PQfinish (conn);

  g_assert_true (lw_store_set_game_details (a->store, id, 1780000000, "The Den", &error));
  g_assert_no_error (error);
  lw_club_laptop_sync (a);
  g_assert_true (lw_club_sync_with_refusals (b->store, &result, refusals, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.refused, ==, 0);
  g_assert_cmpuint (result.pulled, ==, 1);
  on_a = lw_club_local_games (a->store);
  on_b = lw_club_local_games (b->store);
  lw_club_assert_same_games (on_a, on_b, "B after a merge by hand");
}

int
main (int    argc,
      char **argv)
{
  if (!lw_club_fixture_init ())
    return 0;
  g_test_init (&argc, &argv, NULL);
  ADD_TEST ("/club-roster/ids", test_ids);
  ADD_TEST ("/club-roster/rename-merge", test_rename_merge);
  ADD_TEST5 ("/club-roster/security", test_security);
  ADD_TEST ("/club-roster/listings", test_listings);
  ADD_TEST ("/club-roster/listings-controls", test_listings_controls);
  ADD_TEST ("/club-roster/requests", test_requests);
  ADD_TEST ("/club-roster/withdraw", test_withdraw);
  ADD_TEST ("/club-roster/withdraw-schema4", test_withdraw_schema4);
  ADD_TEST ("/club-roster/local-changes", test_local_changes);
  ADD_TEST ("/club-roster/schema", test_schema);
  ADD_TEST ("/club-roster/computer-seats", test_computer_seats);
  ADD_TEST ("/club-roster/merge-one-name", test_merge_one_name);
  ADD_TEST ("/club-roster/merge-shared-table", test_merge_shared_table);
  ADD_TEST ("/club-roster/merge-by-hand", test_merge_by_hand);
  return g_test_run ();
}
