/* lw-club-schema.c — the club server's schema and roles
 * (docs/CLUB-SERVER.md "Schema")
 *
 * Schema `littlewolf`, version 1 (littlewolf.meta 'schema_version'):
 *   meta      key → value: schema_version, club (the club's UUID)
 *   origins   one row per laptop: its UUID, name (unique) and login role
 *   games     one row per game: its UUID, the origin that owns it, the
 *             owner's version of it, when it was played (seconds since
 *             1970), its game record JSON (NULL once deleted: the row
 *             stays so that the deletion reaches every laptop), and seq,
 *             the change number (littlewolf.changes) given at every write
 *   pushes    per origin, the number of its last push the server took
 *
 * Version 2 adds:
 *   events    one row per event: its UUID, the origin that owns it, the
 *             owner's version of it, its facts as JSON (format, players,
 *             rounds, tables, results; NULL once deleted) and seq, a
 *             change number of the same littlewolf.changes as the games',
 *             so that one pull reads games and events in one order
 *
 * Version 3 adds:
 *   suggestions  a correction of another laptop's game sent to it: the
 *             game's UUID, who sent it (origin) and to whom (target, the
 *             game's owner), the game's version it was made at, the
 *             correction (kind replace, insert or delete, the round's
 *             number, its new facts as round JSON), its state (open,
 *             accepted, declined) and when it was made and decided; read
 *             only by its sender and its target (migrate_suggestions)
 * Version 4 adds the club roster:
 *   roster    one row per player of the club: a UUID (the player's stable
 *             ID on every laptop), the origin that added it, its name,
 *             merged_into (the entry it was merged into, NULL: none) and
 *             seq, a change number of the same littlewolf.changes
 *   requests  a laptop's own merge, sent to the admin: the origin that
 *             asks, the two entries, its state (waiting, accepted,
 *             declined) and when it was made and decided
 *   games.players, events.players  the game's or event's players by
 *             roster UUID (a JSON object of names to UUIDs)
 * and the group role `littlewolf_admin`, whose members (club admins'
 * login roles) update roster entries and requests; a laptop may only
 * add entries and requests of its own origin, never change one.
 *
 * Version 5: a laptop withdraws its own waiting request (its merge undone
 * there): requests.state may be 'withdrawn', and the origin's own
 * waiting or withdrawn requests may pass from one to the other (a merge
 * made again sends it again), nothing else (migrate_withdrawals).
 *
 * Row-level security is enabled and forced on every table: everybody
 * reads every row; a laptop's role (a member of `littlewolf_origin`, which
 * owns nothing) inserts, updates and deletes only the rows of its own
 * origin (littlewolf.my_origin(): the origin whose role is current_user);
 * the schema's owner (and its members) may write every row. Pushes take
 * the advisory lock LW_CLUB_PUSH_LOCK, so that change numbers are
 * committed in their order and a pull never passes over one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-club.h"

/* Version 3 (its own step, so that another table's step can be numbered
 * before or after it): a correction of another laptop's game, sent to
 * that laptop as a suggestion (lw-club-suggest.c). An origin inserts
 * suggestions in its own name, open, for a game of another origin's, at
 * that game's owner (target); it reads those it sent and those aimed at
 * its own games; only the target changes a suggestion, and then only its
 * state and when it was decided (column grants), once (open → accepted or
 * declined); nobody but the owner deletes one. */
static const char migrate_suggestions[] =
  "CREATE TABLE littlewolf.suggestions ("
  "  id        bigserial PRIMARY KEY,"
  "  game      uuid NOT NULL REFERENCES littlewolf.games (uuid),"
  "  origin    uuid NOT NULL REFERENCES littlewolf.origins (id),"
  "  target    uuid NOT NULL REFERENCES littlewolf.origins (id),"
  "  version   bigint NOT NULL CHECK (version >= 0),"
  "  kind      text NOT NULL CHECK (kind IN ('replace', 'insert', 'delete')),"
  "  number    integer NOT NULL CHECK (number >= 1),"
  "  round     text,"
  "  state     text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'accepted', 'declined')),"
  "  made      timestamptz NOT NULL DEFAULT now (),"
  "  decided   timestamptz,"
  "  CHECK ((kind = 'delete') = (round IS NULL)),"
  "  CHECK (origin <> target),"
  "  CHECK ((state = 'open') = (decided IS NULL))"
  ");"
  "CREATE INDEX suggestions_target ON littlewolf.suggestions (target);"
  "CREATE INDEX suggestions_origin ON littlewolf.suggestions (origin);"
  "ALTER TABLE littlewolf.suggestions ENABLE ROW LEVEL SECURITY;"
  "ALTER TABLE littlewolf.suggestions FORCE ROW LEVEL SECURITY;"
  "CREATE POLICY owner ON littlewolf.suggestions USING (littlewolf.is_owner ())"
  "  WITH CHECK (littlewolf.is_owner ());"
  "CREATE POLICY read ON littlewolf.suggestions FOR SELECT"
  "  USING (origin = littlewolf.my_origin () OR target = littlewolf.my_origin ());"
  "CREATE POLICY own_insert ON littlewolf.suggestions FOR INSERT"
  "  WITH CHECK (origin = littlewolf.my_origin () AND state = 'open'"
  "    AND target = (SELECT g.origin FROM littlewolf.games AS g WHERE g.uuid = game"
  "                   AND g.record IS NOT NULL));"
  "CREATE POLICY target_update ON littlewolf.suggestions FOR UPDATE"
  "  USING (target = littlewolf.my_origin () AND state = 'open')"
  "  WITH CHECK (target = littlewolf.my_origin () AND state <> 'open');"
  "GRANT SELECT, INSERT ON littlewolf.suggestions TO littlewolf_origin;"
  "GRANT UPDATE (state, decided) ON littlewolf.suggestions TO littlewolf_origin;"
  "GRANT USAGE ON SEQUENCE littlewolf.suggestions_id_seq TO littlewolf_origin;";

/* Version 5: a merge undone on the laptop that asked for it withdraws
 * its request. The origin may change only its own requests, only from
 * waiting to withdrawn (the undo) or back (the merge made again), only
 * their state and times (column grants); a decided request is nobody's
 * but the admin's. */
static const char migrate_withdrawals[] =
  "ALTER TABLE littlewolf.requests DROP CONSTRAINT requests_state_check;"
  "ALTER TABLE littlewolf.requests ADD CONSTRAINT requests_state_check"
  "  CHECK (state IN ('waiting', 'accepted', 'declined', 'withdrawn'));"
  "CREATE POLICY own_withdraw ON littlewolf.requests FOR UPDATE"
  "  USING (origin = littlewolf.my_origin () AND state IN ('waiting', 'withdrawn'))"
  "  WITH CHECK (origin = littlewolf.my_origin ()"
  "    AND ((state = 'withdrawn' AND decided IS NOT NULL)"
  "         OR (state = 'waiting' AND decided IS NULL)));"
  "GRANT UPDATE (state, made, decided) ON littlewolf.requests TO littlewolf_origin;";

/* migrations[i] takes the schema from version i to i + 1. */
static const char *const migrations[] = {
  /* 0 → 1 */
  "CREATE TABLE littlewolf.origins ("
  "  id       uuid PRIMARY KEY,"
  "  name     text NOT NULL UNIQUE CHECK (length (name) > 0),"
  "  role     name NOT NULL UNIQUE,"
  "  created  timestamptz NOT NULL DEFAULT now ()"
  ");"
  "CREATE SEQUENCE littlewolf.changes;"
  "CREATE TABLE littlewolf.games ("
  "  uuid       uuid PRIMARY KEY,"
  "  origin     uuid NOT NULL REFERENCES littlewolf.origins (id),"
  "  version    bigint NOT NULL,"
  "  played_at  bigint NOT NULL,"
  "  record     text,"
  "  seq        bigint NOT NULL DEFAULT nextval ('littlewolf.changes'),"
  "  pushed     timestamptz NOT NULL DEFAULT now ()"
  ");"
  "CREATE INDEX games_seq ON littlewolf.games (seq);"
  "CREATE INDEX games_origin ON littlewolf.games (origin);"
  "CREATE TABLE littlewolf.pushes ("
  "  origin   uuid PRIMARY KEY REFERENCES littlewolf.origins (id),"
  "  counter  bigint NOT NULL CHECK (counter >= 0),"
  "  at       timestamptz NOT NULL DEFAULT now ()"
  ");"
  "CREATE FUNCTION littlewolf.my_origin () RETURNS uuid LANGUAGE sql STABLE"
  "  AS $$ SELECT id FROM littlewolf.origins WHERE role = current_user $$;"
  "CREATE FUNCTION littlewolf.is_owner () RETURNS boolean LANGUAGE sql STABLE"
  "  AS $$ SELECT pg_has_role (current_user, nspowner, 'MEMBER')"
  "        FROM pg_namespace WHERE nspname = 'littlewolf' $$;"
  "DO $$ DECLARE t text; BEGIN"
  "  FOREACH t IN ARRAY ARRAY['meta', 'origins', 'games', 'pushes'] LOOP"
  "    EXECUTE format ('ALTER TABLE littlewolf.%I ENABLE ROW LEVEL SECURITY', t);"
  "    EXECUTE format ('ALTER TABLE littlewolf.%I FORCE ROW LEVEL SECURITY', t);"
  "    EXECUTE format ('CREATE POLICY read ON littlewolf.%I FOR SELECT USING (true)', t);"
  "    EXECUTE format ('CREATE POLICY owner ON littlewolf.%I USING (littlewolf.is_owner ())"
  "                     WITH CHECK (littlewolf.is_owner ())', t);"
  "  END LOOP;"
  "  FOREACH t IN ARRAY ARRAY['games', 'pushes'] LOOP"
  "    EXECUTE format ('CREATE POLICY own_insert ON littlewolf.%I FOR INSERT"
  "                     WITH CHECK (origin = littlewolf.my_origin ())', t);"
  "    EXECUTE format ('CREATE POLICY own_update ON littlewolf.%I FOR UPDATE"
  "                     USING (origin = littlewolf.my_origin ())"
  "                     WITH CHECK (origin = littlewolf.my_origin ())', t);"
  "    EXECUTE format ('CREATE POLICY own_delete ON littlewolf.%I FOR DELETE"
  "                     USING (origin = littlewolf.my_origin ())', t);"
  "  END LOOP;"
  "  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'littlewolf_origin') THEN"
  "    CREATE ROLE littlewolf_origin NOLOGIN;"
  "  END IF;"
  "END $$;"
  "GRANT USAGE ON SCHEMA littlewolf TO littlewolf_origin;"
  "GRANT SELECT ON littlewolf.meta, littlewolf.origins TO littlewolf_origin;"
  "GRANT SELECT, INSERT, UPDATE, DELETE ON littlewolf.games, littlewolf.pushes"
  "  TO littlewolf_origin;"
  "GRANT USAGE ON SEQUENCE littlewolf.changes TO littlewolf_origin;"
  "INSERT INTO littlewolf.meta VALUES ('club', gen_random_uuid ()::text);",

  /* 1 → 2: events */
  "CREATE TABLE littlewolf.events ("
  "  uuid       uuid PRIMARY KEY,"
  "  origin     uuid NOT NULL REFERENCES littlewolf.origins (id),"
  "  version    bigint NOT NULL,"
  "  facts      text,"
  "  seq        bigint NOT NULL DEFAULT nextval ('littlewolf.changes'),"
  "  pushed     timestamptz NOT NULL DEFAULT now ()"
  ");"
  "CREATE INDEX events_seq ON littlewolf.events (seq);"
  "CREATE INDEX events_origin ON littlewolf.events (origin);"
  "ALTER TABLE littlewolf.events ENABLE ROW LEVEL SECURITY;"
  "ALTER TABLE littlewolf.events FORCE ROW LEVEL SECURITY;"
  "CREATE POLICY read ON littlewolf.events FOR SELECT USING (true);"
  "CREATE POLICY owner ON littlewolf.events USING (littlewolf.is_owner ())"
  "  WITH CHECK (littlewolf.is_owner ());"
  "CREATE POLICY own_insert ON littlewolf.events FOR INSERT"
  "  WITH CHECK (origin = littlewolf.my_origin ());"
  "CREATE POLICY own_update ON littlewolf.events FOR UPDATE"
  "  USING (origin = littlewolf.my_origin ()) WITH CHECK (origin = littlewolf.my_origin ());"
  "CREATE POLICY own_delete ON littlewolf.events FOR DELETE"
  "  USING (origin = littlewolf.my_origin ());"
  "GRANT SELECT, INSERT, UPDATE, DELETE ON littlewolf.events TO littlewolf_origin;",

  /* 2 → 3: suggestions */
  migrate_suggestions,
  /* 3 → 4: the club roster, merge requests and the admin role */
  "CREATE TABLE littlewolf.roster ("
  "  uuid         uuid PRIMARY KEY,"
  "  origin       uuid NOT NULL REFERENCES littlewolf.origins (id),"
  "  name         text NOT NULL CHECK (length (name) > 0),"
  "  merged_into  uuid REFERENCES littlewolf.roster (uuid) CHECK (merged_into <> uuid),"
  "  seq          bigint NOT NULL DEFAULT nextval ('littlewolf.changes'),"
  "  added        timestamptz NOT NULL DEFAULT now ()"
  ");"
  "CREATE INDEX roster_seq ON littlewolf.roster (seq);"
  "CREATE TABLE littlewolf.requests ("
  "  id           bigserial PRIMARY KEY,"
  "  origin       uuid NOT NULL REFERENCES littlewolf.origins (id),"
  "  player       uuid NOT NULL REFERENCES littlewolf.roster (uuid),"
  "  into_player  uuid NOT NULL REFERENCES littlewolf.roster (uuid) CHECK (into_player <> player),"
  "  state        text NOT NULL DEFAULT 'waiting'"
  "               CHECK (state IN ('waiting', 'accepted', 'declined')),"
  "  made         timestamptz NOT NULL DEFAULT now (),"
  "  decided      timestamptz,"
  "  UNIQUE (origin, player, into_player)"
  ");"
  "ALTER TABLE littlewolf.games ADD COLUMN players text;"
  "ALTER TABLE littlewolf.events ADD COLUMN players text;"
  "DO $$ BEGIN"
  "  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'littlewolf_admin') THEN"
  "    CREATE ROLE littlewolf_admin NOLOGIN;"
  "  END IF;"
  "END $$;"
  "CREATE FUNCTION littlewolf.is_admin () RETURNS boolean LANGUAGE sql STABLE"
  "  AS $$ SELECT pg_has_role (current_user, 'littlewolf_admin', 'MEMBER') $$;"
  "ALTER TABLE littlewolf.roster ENABLE ROW LEVEL SECURITY;"
  "ALTER TABLE littlewolf.roster FORCE ROW LEVEL SECURITY;"
  "ALTER TABLE littlewolf.requests ENABLE ROW LEVEL SECURITY;"
  "ALTER TABLE littlewolf.requests FORCE ROW LEVEL SECURITY;"
  "CREATE POLICY read ON littlewolf.roster FOR SELECT USING (true);"
  "CREATE POLICY owner ON littlewolf.roster USING (littlewolf.is_owner ())"
  "  WITH CHECK (littlewolf.is_owner ());"
  "CREATE POLICY own_insert ON littlewolf.roster FOR INSERT"
  "  WITH CHECK (origin = littlewolf.my_origin () AND merged_into IS NULL);"
  "CREATE POLICY admin_update ON littlewolf.roster FOR UPDATE"
  "  USING (littlewolf.is_admin ()) WITH CHECK (littlewolf.is_admin ());"
  "CREATE POLICY read ON littlewolf.requests FOR SELECT USING (true);"
  "CREATE POLICY owner ON littlewolf.requests USING (littlewolf.is_owner ())"
  "  WITH CHECK (littlewolf.is_owner ());"
  "CREATE POLICY own_insert ON littlewolf.requests FOR INSERT"
  "  WITH CHECK (origin = littlewolf.my_origin () AND state = 'waiting' AND decided IS NULL);"
  "CREATE POLICY admin_update ON littlewolf.requests FOR UPDATE"
  "  USING (littlewolf.is_admin ()) WITH CHECK (littlewolf.is_admin ());"
  "GRANT SELECT, INSERT ON littlewolf.roster, littlewolf.requests TO littlewolf_origin;"
  "GRANT USAGE ON SEQUENCE littlewolf.requests_id_seq TO littlewolf_origin;"
  "GRANT USAGE ON SCHEMA littlewolf TO littlewolf_admin;"
  "GRANT SELECT ON littlewolf.meta, littlewolf.origins, littlewolf.games, littlewolf.events"
  "  TO littlewolf_admin;"
  "GRANT SELECT, UPDATE ON littlewolf.roster, littlewolf.requests TO littlewolf_admin;"
  "GRANT USAGE ON SEQUENCE littlewolf.changes TO littlewolf_admin;",
  /* 4 → 5: a laptop withdraws its own waiting merge request */
  migrate_withdrawals,
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == LW_CLUB_SCHEMA_VERSION);

static gboolean
run (PGconn      *conn,
     const char  *what,
     const char  *sql,
     GError     **error)
{
  g_autoptr (PGresult) result = PQexec (conn, sql);
  ExecStatusType status = result != NULL ? PQresultStatus (result) : PGRES_FATAL_ERROR;

  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK)
    return TRUE;
  return lw_club_fail (conn, result, what, error);
}

/* The schema version of @conn's database, 0 when it has none; inside a
 * transaction. */
static gboolean
read_version (PGconn   *conn,
              int      *version,
              GError  **error)
{
  g_autoptr (PGresult) result = NULL;

  *version = 0;
  result = lw_club_exec (conn, "reading the schema version",
                         "SELECT (SELECT value FROM littlewolf.meta WHERE key = 'schema_version')"
                         " FROM pg_namespace WHERE nspname = 'littlewolf'"
                         "  AND to_regclass ('littlewolf.meta') IS NOT NULL",
                         0, NULL, PGRES_TUPLES_OK, error);
  if (result == NULL)
    return FALSE;
  if (PQntuples (result) == 1 && !PQgetisnull (result, 0, 0))
    *version = atoi (PQgetvalue (result, 0, 0));
  return TRUE;
}

gboolean
lw_club_init (const char  *conninfo,
              int         *version_out,
              GError     **error)
{
  return lw_club_migrate (conninfo, LW_CLUB_SCHEMA_VERSION, version_out, error);
}

gboolean
lw_club_migrate (const char  *conninfo,
                 int          target,
                 int         *version_out,
                 GError     **error)
{
  g_autoptr (PGconn) conn = NULL;
  int version = 0;
  gboolean ok;

  g_return_val_if_fail (conninfo != NULL, FALSE);
  g_return_val_if_fail (target >= 1 && target <= LW_CLUB_SCHEMA_VERSION, FALSE);

  conn = lw_club_connect (conninfo, error);
  if (conn == NULL)
    return FALSE;
  ok = run (conn, "starting the schema's migration",
            "BEGIN; SELECT pg_advisory_xact_lock (1280790348);"
            "CREATE SCHEMA IF NOT EXISTS littlewolf;"
            "CREATE TABLE IF NOT EXISTS littlewolf.meta (key text PRIMARY KEY, value text NOT NULL)",
            error)
       && read_version (conn, &version, error);
  if (ok && version > LW_CLUB_SCHEMA_VERSION)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_SCHEMA,
                   "club server: its schema is of a newer version of Little Wolf "
                   "(version %d, this version reads up to %d)", version, LW_CLUB_SCHEMA_VERSION);
      ok = FALSE;
    }
  for (int v = version; ok && v < target; v++)
    {
      g_autofree char *what = g_strdup_printf ("migrating the schema to version %d", v + 1);
      g_autofree char *to = g_strdup_printf ("%d", v + 1);
      const char *values[] = { to };
      g_autoptr (PGresult) set = NULL;

      ok = run (conn, what, migrations[v], error)
           && (set = lw_club_exec (conn, what,
                                   "INSERT INTO littlewolf.meta VALUES ('schema_version', $1)"
                                   " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                                   1, values, PGRES_COMMAND_OK, error)) != NULL;
    }
  ok = ok && run (conn, "committing the schema", "COMMIT", error);
  if (!ok)
    {
      g_autoptr (PGresult) rollback = PQexec (conn, "ROLLBACK");
      return FALSE;
    }
  if (version_out != NULL)
    *version_out = MAX (version, target);
  return TRUE;
}

gboolean
lw_club_check_schema (PGconn   *conn,
                      char    **club,
                      char    **origin,
                      GError  **error)
{
  g_autoptr (PGresult) result = NULL;
  int version = 0;

  if (!read_version (conn, &version, error))
    return FALSE;
  if (version == 0 || version > LW_CLUB_SCHEMA_VERSION)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_SCHEMA,
                   version == 0
                   ? "club server: the database %s holds no club schema (littlewolf-cli club init)"
                   : "club server: the database %s holds a schema of a newer version of Little Wolf",
                   PQdb (conn));
      return FALSE;
    }
  result = lw_club_exec (conn, "reading the club",
                         "SELECT (SELECT value FROM littlewolf.meta WHERE key = 'club'),"
                         " littlewolf.my_origin ()",
                         0, NULL, PGRES_TUPLES_OK, error);
  if (result == NULL)
    return FALSE;
  *club = g_strdup (PQgetvalue (result, 0, 0));
  *origin = PQgetisnull (result, 0, 1) ? NULL : g_strdup (PQgetvalue (result, 0, 1));
  return TRUE;
}

char *
lw_club_login_role_sql (PGconn      *conn,
                        const char  *role,
                        const char  *group,
                        const char  *password,
                        GError     **error)
{
  char *quoted_role = PQescapeIdentifier (conn, role, strlen (role));
  char *quoted_hash = NULL;
  char *hash = NULL;
  char *sql = NULL;

  if (password != NULL)
    {
      hash = PQencryptPasswordConn (conn, password, role, NULL);
      quoted_hash = hash != NULL ? PQescapeLiteral (conn, hash, strlen (hash)) : NULL;
    }
  if (quoted_role == NULL || (password != NULL && quoted_hash == NULL))
    g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_FAILED, "club server: adding %s: %s",
                 role, PQerrorMessage (conn));
  else
    sql = g_strdup_printf ("CREATE ROLE %s LOGIN IN ROLE %s%s%s", quoted_role, group,
                           quoted_hash != NULL ? " PASSWORD " : "",
                           quoted_hash != NULL ? quoted_hash : "");
  PQfreemem (quoted_role);
  PQfreemem (quoted_hash);
  PQfreemem (hash);
  return sql;
}

gboolean
lw_club_add_origin (const char  *conninfo,
                    const char  *name,
                    const char  *password,
                    char       **origin_out,
                    char       **role_out,
                    GError     **error)
{
  g_autoptr (PGconn) conn = NULL;
  g_autofree char *origin = g_uuid_string_random ();
  g_autofree char *hex = NULL;
  g_autofree char *role = NULL;
  g_autofree char *sql = NULL;
  g_autofree char *club = NULL;
  g_autofree char *own = NULL;
  gboolean ok;

  g_return_val_if_fail (name != NULL && *name != '\0', FALSE);

  conn = lw_club_connect (conninfo, error);
  if (conn == NULL)
    return FALSE;
  hex = g_strndup (origin, 8);
  role = g_strdup_printf ("lw_origin_%s%.4s", hex, origin + 9);
  sql = lw_club_login_role_sql (conn, role, "littlewolf_origin", password, error);
  if (sql == NULL)
    return FALSE;
  ok = run (conn, "starting to add an origin", "BEGIN", error)
       && lw_club_check_schema (conn, &club, &own, error)
       && run (conn, "creating the origin's role", sql, error);
  if (ok)
    {
      const char *values[] = { origin, name, role };
      g_autoptr (PGresult) insert =
        lw_club_exec (conn, "adding the origin",
                      "INSERT INTO littlewolf.origins (id, name, role) VALUES ($1, $2, $3)",
                      3, values, PGRES_COMMAND_OK, error);

      ok = insert != NULL && run (conn, "committing the origin", "COMMIT", error);
    }
  if (!ok)
    {
      g_autoptr (PGresult) rollback = PQexec (conn, "ROLLBACK");
    }
  else
    {
      *origin_out = g_steal_pointer (&origin);
      *role_out = g_steal_pointer (&role);
    }
  return ok;
}
