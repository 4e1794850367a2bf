/* lw-club-fixture.h — a club server for the club tests and benchmark: a
 * new database in the throwaway PostgreSQL cluster of
 * build-aux/pg-test-cluster (LW_TEST_PGHOST, LW_TEST_PGPORT,
 * LW_TEST_PGUSER), laptops joined to it, random games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-club.h"

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

G_END_DECLS
