/* lw-club-fixture.h — a club server for the club tests and benchmark: a
 * new database in the throwaway PostgreSQL cluster of
 * build-aux/pg-test-cluster (LW_TEST_PGHOST, LW_TEST_PGPORT,
 * LW_TEST_PGUSER), laptops joined to it, random games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-club.h"
#include "lw-rating.h"

G_BEGIN_DECLS

/* Called first by main(): when no cluster is given, prints TAP's skip
 * plan ("1..0 # SKIP", which meson's TAP reader counts as skipped) and
 * returns FALSE (main then returns 0); else points the
 * password file at a new temporary folder (no Secret Service: its file
 * fallback is what is tested) and returns TRUE. */
gboolean lw_club_fixture_init (void);

typedef struct {
  char *dbname;
  char *owner;   /* the owner's conninfo */
} LwClubServer;

/* A new database with the club schema (lw_club_init()). */
LwClubServer *lw_club_server_new (void);
/* The same with the schema at version @at (lw_club_migrate()). */
LwClubServer *lw_club_server_new_at (int at);
void          lw_club_server_free (LwClubServer *server);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwClubServer, lw_club_server_free)

typedef struct {
  char    *path;      /* its database */
  char    *name;
  char    *origin;
  char    *role;
  char    *password;
  char    *conninfo;  /* without the password */
  LwStore *store;
} LwClubLaptop;

/* A laptop of @server in folder @dir: an origin with a password (kept in
 * the password file), a new database joined as it. */
LwClubLaptop *lw_club_laptop_new (LwClubServer *server,
                                  const char   *dir,
                                  const char   *name);
void          lw_club_laptop_free (LwClubLaptop *laptop);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwClubLaptop, lw_club_laptop_free)

/* A plain libpq connection as @role with @password (NULL: the owner). */
PGconn *lw_club_fixture_connect (LwClubServer *server,
                                 const char   *role,
                                 const char   *password);

/* A finished game from cases/random with players from a pool of 12 and
 * a random played_at in 2026, no id (a new UUID when stored). */
LwGameRecord *lw_club_random_record (GRand *rng);

/* Stores lw_club_random_record() in @store; its ID. */
gint64 lw_club_add_random_game (LwStore *store,
                                GRand   *rng);

/* uuid → canonical record JSON (read and written again by the engine)
 * of every game @server holds (not deleted) / @store holds. */
GHashTable *lw_club_server_games (LwClubServer *server);
GHashTable *lw_club_local_games (LwStore *store);

/* Asserts that two such tables hold the same games. */
void lw_club_assert_same_games (GHashTable *a,
                                GHashTable *b,
                                const char *what);

/* lw_club_sync() of @laptop, asserted to succeed. */
void lw_club_laptop_sync (LwClubLaptop *laptop);

/* A test's folder and club server (a GTest fixture). */
typedef struct {
  char         *dir;
  LwClubServer *server;
} LwClubTest;

/* A new temporary folder (named after @data, a template such as
 * "lw-test-club-XXXXXX") and a new club server. */
void lw_club_test_set_up (LwClubTest    *test,
                          gconstpointer  data);
/* The same with a server of schema 5, the last one whose laptops wrote
 * rows by hand (row-level security limited them): the tests of its
 * policies and of the pull's defences against such rows (a server not
 * migrated yet) run there. */
void lw_club_test_set_up_schema5 (LwClubTest    *test,
                                  gconstpointer  data);
void lw_club_test_tear_down (LwClubTest    *test,
                             gconstpointer  data);

/* Runs @sql on @conn; its status, and the rows it changed in *@rows
 * (nullable; -1 when it failed); a refusal's words go to the test log. */
ExecStatusType lw_club_try_sql (PGconn     *conn,
                                const char *sql,
                                int        *rows);

/* The first column of the one row @sql reads on @server, as the owner
 * ("" for NULL); transfer full. */
char *lw_club_server_text (LwClubServer *server,
                           const char   *sql);

/* Asserts that every local player of @laptop is linked to one roster
 * entry (none twice, none missing) and that no entry waits to be sent;
 * returns the links as text, a line "name uuid" each, sorted by name. */
char *lw_club_roster_links (LwClubLaptop *laptop);

/* The Leaderboard's rows (lw_store_load_rating_games(),
 * lw_leaderboard_compute()) of @store on @ladder, as text that keeps
 * every double's bits ("%a"), so that equal texts are equal figures. */
char *lw_club_leaderboard_of (LwStore  *store,
                              LwLadder  ladder);

G_END_DECLS
