/* lw-club-roster.c — the club roster on the server (docs/CLUB-SERVER.md
 * "The roster"): its admins, the list, and an admin's renames and merges
 *
 * Laptops add entries with their pushes (lw-club-sync.c) and never change
 * one: row-level security lets only a member of `littlewolf_admin` update
 * roster rows. A rename or merge takes the push lock and a new change
 * number, so that every laptop's next pull takes it, in the order of the
 * other changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-club.h"
#include "lw-names.h"

/* Whether @conn's club schema has the roster (version 4 and later); else
 * %LW_CLUB_ERROR_SCHEMA. */
static gboolean
has_roster (PGconn  *conn,
            GError **error)
{
  g_autoptr (PGresult) found =
    lw_club_exec (conn, "looking for the roster",
                  "SELECT to_regclass ('littlewolf.roster') IS NOT NULL",
                  0, NULL, PGRES_TUPLES_OK, error);

  if (found == NULL)
    return FALSE;
  if (strcmp (PQgetvalue (found, 0, 0), "t") != 0)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_SCHEMA,
                   "club server: the database %s has no roster yet (littlewolf-cli club init"
                   " migrates it)", PQdb (conn));
      return FALSE;
    }
  return TRUE;
}

/* Whether @name may be an admin's role suffix: a-z, 0-9 and _, 1 to 40. */
static gboolean
valid_admin_name (const char *name)
{
  gsize length = strlen (name);

  if (length == 0 || length > 40)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_islower (name[i]) && !g_ascii_isdigit (name[i]) && name[i] != '_')
      return FALSE;
  return TRUE;
}

gboolean
lw_club_add_admin (const char  *conninfo,
                   const char  *name,
                   const char  *password,
                   char       **role_out,
                   GError     **error)
{
  g_autoptr (PGconn) conn = NULL;
  g_autofree char *role = NULL;
  g_autofree char *sql = NULL;
  g_autofree char *club = NULL;
  g_autofree char *own = NULL;
  g_autofree char *group = NULL;
  gboolean ok;

  g_return_val_if_fail (conninfo != NULL && name != NULL && role_out != NULL, FALSE);

  if (!valid_admin_name (name))
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_INVALID,
                   "club add-admin: \"%s\": an admin's name is 1 to 40 of a-z, 0-9 and _", name);
      return FALSE;
    }
  conn = lw_club_connect (conninfo, error);
  if (conn == NULL)
    return FALSE;
  role = g_strdup_printf ("lw_admin_%s", name);
  ok = lw_club_run (conn, "starting to add an admin", "BEGIN", error)
       && lw_club_check_schema (conn, &club, &own, error)
       && has_roster (conn, error)
       && lw_club_group_role (conn, club, "admin", &group, error)
       && (sql = lw_club_login_role_sql (conn, role, group, password, error)) != NULL
       && lw_club_run (conn, "creating the admin's role", sql, error)
       && lw_club_run (conn, "committing the admin", "COMMIT", error);
  if (!ok)
    lw_club_rollback (conn);
  else
    *role_out = g_steal_pointer (&role);
  return ok;
}

#define ROSTER_COLUMNS \
  "SELECT r.uuid, r.origin, o.name, r.name, r.merged_into, r.seq" \
  " FROM littlewolf.roster AS r JOIN littlewolf.origins AS o ON o.id = r.origin"

static LwClubRosterEntry *
read_entry (PGresult *result,
            int       row)
{
  LwClubRosterEntry *entry = g_new0 (LwClubRosterEntry, 1);

  entry->uuid = g_strdup (PQgetvalue (result, row, 0));
  entry->origin = g_strdup (PQgetvalue (result, row, 1));
  entry->origin_name = g_strdup (PQgetvalue (result, row, 2));
  entry->name = g_strdup (PQgetvalue (result, row, 3));
  entry->merged_into = PQgetisnull (result, row, 4) ? NULL : g_strdup (PQgetvalue (result, row, 4));
  entry->seq = g_ascii_strtoll (PQgetvalue (result, row, 5), NULL, 10);
  return entry;
}

/* A connection to a club server of schema 3 or later. */
static PGconn *
connect_roster (const char  *conninfo,
                GError     **error)
{
  g_autoptr (PGconn) conn = lw_club_connect (conninfo, error);
  g_autofree char *club = NULL;
  g_autofree char *origin = NULL;

  if (conn == NULL || !lw_club_check_schema (conn, &club, &origin, error)
      || !has_roster (conn, error))
    return NULL;
  return g_steal_pointer (&conn);
}

GPtrArray *
lw_club_roster_list (const char  *conninfo,
                     gboolean     merged,
                     GError     **error)
{
  g_autoptr (PGconn) conn = NULL;
  g_autoptr (PGresult) rows = NULL;
  GPtrArray *entries;

  g_return_val_if_fail (conninfo != NULL, NULL);

  conn = connect_roster (conninfo, error);
  if (conn == NULL)
    return NULL;
  rows = lw_club_exec (conn, "reading the roster",
                       merged ? ROSTER_COLUMNS " ORDER BY r.name, r.seq"
                              : ROSTER_COLUMNS " WHERE r.merged_into IS NULL ORDER BY r.name, r.seq",
                       0, NULL, PGRES_TUPLES_OK, error);
  if (rows == NULL)
    return NULL;
  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_roster_entry_free);
  for (int r = 0; r < PQntuples (rows); r++)
    g_ptr_array_add (entries, read_entry (rows, r));
  return entries;
}

/* The entry @player names (its UUID, or a name of exactly one entry not
 * merged into another), inside a transaction. */
static LwClubRosterEntry *
find_entry (PGconn      *conn,
            const char  *player,
            GError     **error)
{
  g_autoptr (PGresult) rows = NULL;
  g_autofree char *name = NULL;

  if (g_uuid_string_is_valid (player))
    {
      const char *values[] = { player };

      rows = lw_club_exec (conn, "finding a roster entry", ROSTER_COLUMNS " WHERE r.uuid = $1",
                           1, values, PGRES_TUPLES_OK, error);
    }
  else
    {
      name = lw_name_normalize (player, "the player's name", error);
      if (name == NULL)
        return NULL;
      {
        const char *values[] = { name };

        rows = lw_club_exec (conn, "finding a roster entry",
                             ROSTER_COLUMNS " WHERE r.name = $1 AND r.merged_into IS NULL"
                             " ORDER BY r.seq",
                             1, values, PGRES_TUPLES_OK, error);
      }
    }
  if (rows == NULL)
    return NULL;
  if (PQntuples (rows) == 1)
    return read_entry (rows, 0);
  if (PQntuples (rows) == 0)
    g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_NOT_FOUND,
                 "club roster: no player \u201c%s\u201d", player);
  else
    g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_INVALID,
                 "club roster: %d players are named \u201c%s\u201d (club roster lists their"
                 " UUIDs): name one by its UUID", PQntuples (rows), player);
  return NULL;
}

/* Runs @sql (an UPDATE of the roster with @n parameters) under the push
 * lock in its own transaction; a row-level security refusal (no row
 * updated: the role is no admin) is an error in words. */
static gboolean
admin_update (PGconn             *conn,
              const char         *what,
              const char         *sql,
              int                 n,
              const char *const  *values,
              GError            **error)
{
  g_autoptr (PGresult) written = lw_club_exec (conn, what, sql, n, values, PGRES_COMMAND_OK, error);

  if (written == NULL)
    return FALSE;
  if (strcmp (PQcmdTuples (written), "1") != 0)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_REFUSED,
                   "club server: %s: refused; the role %s is no club admin (club add-admin)",
                   what, PQuser (conn));
      return FALSE;
    }
  return TRUE;
}

/* Whether @conn's server takes the admin's writes through its functions
 * (schema 6), which hold the writer row themselves. */
static gboolean
begin_locked (PGconn    *conn,
              gboolean  *definer,
              GError   **error)
{
  g_autoptr (PGresult) lock = NULL;
  int schema = 0;

  if (!lw_club_read_version (conn, &schema, error)
      || !lw_club_run (conn, "starting a roster change", "BEGIN", error))
    return FALSE;
  *definer = schema >= LW_CLUB_SCHEMA_DEFINER;
  if (*definer)
    return TRUE;
  lock = lw_club_exec (conn, "waiting for the laptops' pushes",
                       "SELECT pg_advisory_xact_lock (" LW_CLUB_PUSH_LOCK ")",
                       0, NULL, PGRES_TUPLES_OK, error);
  return lock != NULL;
}

/* Calls one of the admin's functions of schema 6 (@sql, a SELECT of a
 * boolean): %FALSE with %LW_CLUB_ERROR_INVALID naming @what when it made
 * no change (@why), else as lw_club_exec(). */
static gboolean
admin_call (PGconn             *conn,
            const char         *what,
            const char         *sql,
            int                 n,
            const char *const  *values,
            const char         *why,
            GError            **error)
{
  g_autoptr (PGresult) done = lw_club_exec (conn, what, sql, n, values, PGRES_TUPLES_OK, error);

  if (done == NULL)
    return FALSE;
  if (strcmp (PQgetvalue (done, 0, 0), "t") != 0)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_INVALID, "club roster: %s: %s", what, why);
      return FALSE;
    }
  return TRUE;
}

gboolean
lw_club_roster_rename (const char  *conninfo,
                       const char  *player,
                       const char  *new_name,
                       GError     **error)
{
  g_autoptr (PGconn) conn = NULL;
  g_autoptr (LwClubRosterEntry) entry = NULL;
  g_autofree char *name = NULL;
  gboolean definer = FALSE;
  gboolean ok;

  g_return_val_if_fail (conninfo != NULL && player != NULL && new_name != NULL, FALSE);

  name = lw_name_normalize (new_name, "the new name", error);
  if (name == NULL)
    return FALSE;
  conn = connect_roster (conninfo, error);
  if (conn == NULL)
    return FALSE;
  ok = begin_locked (conn, &definer, error) && (entry = find_entry (conn, player, error)) != NULL;
  if (ok && strcmp (entry->name, name) != 0)
    {
      const char *values[] = { entry->uuid, name };

      ok = definer
           ? admin_call (conn, "renaming a roster entry", "SELECT littlewolf.rename_entry ($1, $2)",
                         2, values, "the entry is gone", error)
           : admin_update (conn, "renaming a roster entry",
                           "UPDATE littlewolf.roster SET name = $2,"
                           "  seq = nextval ('littlewolf.changes') WHERE uuid = $1",
                           2, values, error);
    }
  ok = ok && lw_club_run (conn, "committing the rename", "COMMIT", error);
  if (!ok)
    lw_club_rollback (conn);
  return ok;
}

/* Merges entry @from into @to, inside a locked transaction: both must be
 * two entries not merged. */
static gboolean
merge_entries (PGconn                   *conn,
               gboolean                  definer,
               const LwClubRosterEntry  *from,
               const LwClubRosterEntry  *to,
               GError                  **error)
{
  const char *values[] = { from->uuid, to->uuid };

  if (strcmp (from->uuid, to->uuid) == 0 || from->merged_into != NULL || to->merged_into != NULL)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_INVALID,
                   strcmp (from->uuid, to->uuid) == 0
                   ? "club roster: \u201c%s\u201d and \u201c%s\u201d are one entry"
                   : "club roster: \u201c%s\u201d or \u201c%s\u201d was merged into another entry"
                     " already", from->name, to->name);
      return FALSE;
    }
  /* Two who sat at one table are two people: a merge would leave a game
   * with one player twice, which every laptop would refuse. Every entry
   * merged into either one counts as it; a players map is searched as
   * text, since a laptop's role may have written one that is no JSON. */
  {
    g_autoptr (PGresult) shared =
      lw_club_exec (conn, "looking for a table the two shared",
                    "WITH RECURSIVE a (u) AS (SELECT $1::text UNION"
                    "   SELECT r.uuid::text FROM littlewolf.roster AS r JOIN a"
                    "   ON r.merged_into::text = a.u),"
                    " b (u) AS (SELECT $2::text UNION"
                    "   SELECT r.uuid::text FROM littlewolf.roster AS r JOIN b"
                    "   ON r.merged_into::text = b.u)"
                    " SELECT c.kind, c.uuid, o.name FROM ("
                    "  SELECT 'game' AS kind, uuid::text, origin, players FROM littlewolf.games"
                    "   WHERE record IS NOT NULL"
                    "  UNION ALL SELECT 'event', uuid::text, origin, players FROM littlewolf.events"
                    "   WHERE facts IS NOT NULL) AS c"
                    " JOIN littlewolf.origins AS o ON o.id = c.origin"
                    " WHERE c.players IS NOT NULL"
                    "  AND EXISTS (SELECT 1 FROM a WHERE strpos (c.players, a.u) > 0)"
                    "  AND EXISTS (SELECT 1 FROM b WHERE strpos (c.players, b.u) > 0)"
                    " ORDER BY c.kind DESC, c.uuid LIMIT 1",
                    2, values, PGRES_TUPLES_OK, error);

    if (shared == NULL)
      return FALSE;
    if (PQntuples (shared) > 0)
      {
        g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_INVALID,
                     "club roster: \u201c%s\u201d and \u201c%s\u201d sat at one table, so they are"
                     " two people: %s %s of laptop \u201c%s\u201d names both",
                     from->name, to->name, PQgetvalue (shared, 0, 0), PQgetvalue (shared, 0, 1),
                     PQgetvalue (shared, 0, 2));
        return FALSE;
      }
  }
  if (definer)
    return admin_call (conn, "merging roster entries", "SELECT littlewolf.merge_entry ($1, $2)",
                       2, values, "one of the two was merged into another entry meanwhile", error);
  return admin_update (conn, "merging roster entries",
                       "UPDATE littlewolf.roster SET merged_into = $2,"
                       "  seq = nextval ('littlewolf.changes') WHERE uuid = $1",
                       2, values, error);
}

gboolean
lw_club_roster_merge (const char  *conninfo,
                      const char  *player,
                      const char  *into,
                      GError     **error)
{
  g_autoptr (PGconn) conn = NULL;
  g_autoptr (LwClubRosterEntry) from = NULL;
  g_autoptr (LwClubRosterEntry) to = NULL;
  gboolean definer = FALSE;
  gboolean ok;

  g_return_val_if_fail (conninfo != NULL && player != NULL && into != NULL, FALSE);

  conn = connect_roster (conninfo, error);
  if (conn == NULL)
    return FALSE;
  ok = begin_locked (conn, &definer, error)
       && (from = find_entry (conn, player, error)) != NULL
       && (to = find_entry (conn, into, error)) != NULL
       && merge_entries (conn, definer, from, to, error);
  ok = ok && lw_club_run (conn, "committing the merge", "COMMIT", error);
  if (!ok)
    lw_club_rollback (conn);
  return ok;
}

void
lw_club_request_free (LwClubRequest *request)
{
  if (request == NULL)
    return;
  g_free (request->laptop);
  g_free (request->player);
  g_free (request->player_name);
  g_free (request->into);
  g_free (request->into_name);
  g_free (request->state);
  g_free (request);
}

#define REQUEST_COLUMNS \
  "SELECT q.id, o.name, q.player, p.name, q.into_player, i.name, q.state" \
  " FROM littlewolf.requests AS q JOIN littlewolf.origins AS o ON o.id = q.origin" \
  " JOIN littlewolf.roster AS p ON p.uuid = q.player" \
  " JOIN littlewolf.roster AS i ON i.uuid = q.into_player"

static LwClubRequest *
read_request (PGresult *result,
              int       row)
{
  LwClubRequest *request = g_new0 (LwClubRequest, 1);

  request->id = g_ascii_strtoll (PQgetvalue (result, row, 0), NULL, 10);
  request->laptop = g_strdup (PQgetvalue (result, row, 1));
  request->player = g_strdup (PQgetvalue (result, row, 2));
  request->player_name = g_strdup (PQgetvalue (result, row, 3));
  request->into = g_strdup (PQgetvalue (result, row, 4));
  request->into_name = g_strdup (PQgetvalue (result, row, 5));
  request->state = g_strdup (PQgetvalue (result, row, 6));
  return request;
}

GPtrArray *
lw_club_roster_requests (const char  *conninfo,
                         GError     **error)
{
  g_autoptr (PGconn) conn = NULL;
  g_autoptr (PGresult) rows = NULL;
  GPtrArray *requests;

  g_return_val_if_fail (conninfo != NULL, NULL);

  conn = connect_roster (conninfo, error);
  if (conn == NULL)
    return NULL;
  rows = lw_club_exec (conn, "reading the merge requests", REQUEST_COLUMNS " ORDER BY q.id",
                       0, NULL, PGRES_TUPLES_OK, error);
  if (rows == NULL)
    return NULL;
  requests = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_request_free);
  for (int r = 0; r < PQntuples (rows); r++)
    g_ptr_array_add (requests, read_request (rows, r));
  return requests;
}

gboolean
lw_club_roster_decide (const char  *conninfo,
                       gint64       id,
                       gboolean     accept,
                       GError     **error)
{
  g_autoptr (PGconn) conn = NULL;
  g_autoptr (PGresult) rows = NULL;
  g_autoptr (LwClubRequest) request = NULL;
  g_autoptr (LwClubRosterEntry) from = NULL;
  g_autoptr (LwClubRosterEntry) to = NULL;
  g_autofree char *id_text = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  const char *values[] = { id_text, accept ? "accepted" : "declined" };
  gboolean definer = FALSE;
  gboolean ok;

  g_return_val_if_fail (conninfo != NULL, FALSE);

  conn = connect_roster (conninfo, error);
  if (conn == NULL)
    return FALSE;
  /* Schema 6: littlewolf.decide_request() decides it only while it
   * waits (an admin may not lock rows itself). */
  ok = begin_locked (conn, &definer, error)
       && (rows = lw_club_exec (conn, "reading the merge request",
                                definer ? REQUEST_COLUMNS " WHERE q.id = $1"
                                        : REQUEST_COLUMNS " WHERE q.id = $1 FOR UPDATE OF q",
                                1, values, PGRES_TUPLES_OK, error)) != NULL;
  if (ok && PQntuples (rows) == 0)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_NOT_FOUND,
                   "club roster: no merge request %" G_GINT64_FORMAT, id);
      ok = FALSE;
    }
  if (ok)
    request = read_request (rows, 0);
  if (ok && strcmp (request->state, "waiting") != 0)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_INVALID,
                   "club roster: merge request %" G_GINT64_FORMAT " was %s already", id,
                   request->state);
      ok = FALSE;
    }
  if (ok && accept)
    ok = (from = find_entry (conn, request->player, error)) != NULL
         && (to = find_entry (conn, request->into, error)) != NULL
         && merge_entries (conn, definer, from, to, error);
  ok = ok
       && (definer
           ? admin_call (conn, "deciding the merge request",
                         "SELECT littlewolf.decide_request ($1, $2)",
                         2, values, "it was decided or withdrawn meanwhile", error)
           : admin_update (conn, "deciding the merge request",
                           "UPDATE littlewolf.requests SET state = $2, decided = now ()"
                           " WHERE id = $1",
                           2, values, error))
       && lw_club_run (conn, "committing the decision", "COMMIT", error);
  if (!ok)
    lw_club_rollback (conn);
  return ok;
}
