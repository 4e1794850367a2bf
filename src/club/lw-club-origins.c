/* lw-club-origins.c — the club's laptops on the server, as its owner
 * manages them (docs/CLUB-SERVER.md "Laptops"): each added with a login
 * role of its own, listed, given a new password, or revoked
 *
 * A laptop's login role is a member of the club's group of origins
 * (lw_club_group_role()), limited to LW_CLUB_CONNECTION_LIMIT
 * connections. A revoked laptop's role can no longer log in (NOLOGIN,
 * its sessions ended); its origin and games stay and keep counting.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-club.h"

void
lw_club_origin_free (LwClubOrigin *origin)
{
  if (origin == NULL)
    return;
  g_free (origin->id);
  g_free (origin->name);
  g_free (origin);
}

gboolean
lw_club_group_role (PGconn      *conn,
                    const char  *club,
                    const char  *kind,
                    char       **group,
                    GError     **error)
{
  int version = 0;
  GString *text;

  if (!lw_club_read_version (conn, &version, error))
    return FALSE;
  if (version < LW_CLUB_SCHEMA_DEFINER)
    {
      *group = g_strdup_printf ("littlewolf_%s", kind);
      return TRUE;
    }
  /* As littlewolf.club_role() names it: the UUID's hex digits. */
  text = g_string_new ("lw_");
  for (const char *p = club; *p != '\0'; p++)
    if (g_ascii_isxdigit (*p))
      g_string_append_c (text, g_ascii_tolower (*p));
  g_string_append_printf (text, "_%s", kind);
  *group = g_string_free (text, FALSE);
  return TRUE;
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
  g_autofree char *group = NULL;
  gboolean ok;

  g_return_val_if_fail (name != NULL && *name != '\0', FALSE);

  if (password != NULL && !lw_club_check_password (password, error))
    {
      g_prefix_error (error, "club server: adding an origin: ");
      return FALSE;
    }
  conn = lw_club_connect (conninfo, error);
  if (conn == NULL)
    return FALSE;
  hex = g_strndup (origin, 8);
  role = g_strdup_printf ("lw_origin_%s%.4s", hex, origin + 9);
  ok = lw_club_run (conn, "starting to add an origin", "BEGIN", error)
       && lw_club_check_schema (conn, &club, &own, error)
       && lw_club_group_role (conn, club, "origin", &group, error)
       && (sql = lw_club_login_role_sql (conn, role, group, password, error)) != NULL;
  if (ok)
    {
      g_autofree char *limited =
        g_strdup_printf ("%s CONNECTION LIMIT %d", sql, LW_CLUB_CONNECTION_LIMIT);

      ok = lw_club_run (conn, "creating the origin's role", limited, error);
    }
  if (ok)
    {
      const char *values[] = { origin, name, role };
      g_autoptr (PGresult) insert =
        lw_club_exec (conn, "adding the origin",
                      "INSERT INTO littlewolf.origins (id, name, role) VALUES ($1, $2, $3)",
                      3, values, PGRES_COMMAND_OK, error);

      ok = insert != NULL && lw_club_run (conn, "committing the origin", "COMMIT", error);
    }
  if (!ok)
    {
      lw_club_rollback (conn);
      return FALSE;
    }
  *origin_out = g_steal_pointer (&origin);
  *role_out = g_steal_pointer (&role);
  return TRUE;
}

/* Connects as the owner and starts a transaction; *@role (transfer full)
 * is the login role of the laptop named @name. */
static PGconn *
begin_on_origin (const char  *conninfo,
                 const char  *what,
                 const char  *name,
                 char       **role,
                 GError     **error)
{
  g_autoptr (PGconn) conn = lw_club_connect (conninfo, error);
  g_autoptr (PGresult) found = NULL;
  g_autofree char *club = NULL;
  g_autofree char *own = NULL;
  const char *values[] = { name };

  if (conn == NULL
      || !lw_club_run (conn, what, "BEGIN", error)
      || !lw_club_check_schema (conn, &club, &own, error)
      || (found = lw_club_exec (conn, what,
                                "SELECT role FROM littlewolf.origins WHERE name = $1",
                                1, values, PGRES_TUPLES_OK, error)) == NULL)
    return NULL;
  if (PQntuples (found) != 1)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_NOT_FOUND,
                   "club server: %s: no laptop \u201c%s\u201d (club origins lists them)", what, name);
      lw_club_rollback (conn);
      return NULL;
    }
  *role = g_strdup (PQgetvalue (found, 0, 0));
  return g_steal_pointer (&conn);
}

/* Runs "ALTER ROLE @role @rest" (@rest already quoted where needed). */
static gboolean
alter_role (PGconn      *conn,
            const char  *what,
            const char  *role,
            const char  *rest,
            GError     **error)
{
  char *quoted = PQescapeIdentifier (conn, role, strlen (role));
  g_autofree char *sql = NULL;

  if (quoted == NULL)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_FAILED, "club server: %s: %s", what,
                   PQerrorMessage (conn));
      return FALSE;
    }
  sql = g_strdup_printf ("ALTER ROLE %s %s", quoted, rest);
  PQfreemem (quoted);
  return lw_club_run (conn, what, sql, error);
}

gboolean
lw_club_remove_origin (const char  *conninfo,
                       const char  *name,
                       GError     **error)
{
  const char *what = "revoking a laptop";
  g_autoptr (PGconn) conn = NULL;
  g_autoptr (PGresult) ended = NULL;
  g_autofree char *role = NULL;

  g_return_val_if_fail (conninfo != NULL && name != NULL, FALSE);

  conn = begin_on_origin (conninfo, what, name, &role, error);
  if (conn == NULL)
    return FALSE;
  if (!alter_role (conn, what, role, "NOLOGIN", error)
      || !lw_club_run (conn, what, "COMMIT", error))
    {
      lw_club_rollback (conn);
      return FALSE;
    }
  /* Its sessions end once it can no longer log in again. */
  {
    const char *values[] = { role };

    ended = lw_club_exec (conn, "ending the revoked laptop's sessions",
                          "SELECT pg_terminate_backend (pid) FROM pg_stat_activity"
                          " WHERE usename = $1",
                          1, values, PGRES_TUPLES_OK, error);
  }
  return ended != NULL;
}

gboolean
lw_club_check_password (const char  *password,
                        GError     **error)
{
  g_return_val_if_fail (password != NULL, FALSE);

  if (*password == '\0')
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_INVALID, "the new password is empty");
      return FALSE;
    }
  if (strlen (password) > LW_CLUB_PASSWORD_MAX_BYTES)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_INVALID,
                   "the new password is over %d bytes", LW_CLUB_PASSWORD_MAX_BYTES);
      return FALSE;
    }
  if (!g_utf8_validate (password, -1, NULL))
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_INVALID, "the new password is not UTF-8 text");
      return FALSE;
    }
  for (const char *p = password; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      {
        g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_INVALID,
                     "the new password holds a control character");
        return FALSE;
      }
  return TRUE;
}

gboolean
lw_club_set_origin_password (const char  *conninfo,
                             const char  *name,
                             const char  *password,
                             GError     **error)
{
  const char *what = "changing a laptop's password";
  g_autoptr (PGconn) conn = NULL;
  g_autofree char *role = NULL;
  g_autofree char *rest = NULL;
  char *hash = NULL;
  char *quoted = NULL;
  gboolean ok;

  g_return_val_if_fail (conninfo != NULL && name != NULL, FALSE);
  g_return_val_if_fail (password != NULL, FALSE);

  if (!lw_club_check_password (password, error))
    {
      g_prefix_error (error, "club server: %s: ", what);
      return FALSE;
    }
  conn = begin_on_origin (conninfo, what, name, &role, error);
  if (conn == NULL)
    return FALSE;
  /* Its SCRAM hash only goes to the server, never the password. */
  hash = PQencryptPasswordConn (conn, password, role, NULL);
  quoted = hash != NULL ? PQescapeLiteral (conn, hash, strlen (hash)) : NULL;
  PQfreemem (hash);
  if (quoted == NULL)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_FAILED, "club server: %s: %s", what,
                   PQerrorMessage (conn));
      lw_club_rollback (conn);
      return FALSE;
    }
  rest = g_strdup_printf ("PASSWORD %s", quoted);
  PQfreemem (quoted);
  ok = alter_role (conn, what, role, rest, error) && lw_club_run (conn, what, "COMMIT", error);
  if (!ok)
    lw_club_rollback (conn);
  return ok;
}

GPtrArray *
lw_club_list_origins (const char  *conninfo,
                      GError     **error)
{
  g_autoptr (PGconn) conn = NULL;
  g_autoptr (PGresult) rows = NULL;
  g_autofree char *club = NULL;
  g_autofree char *own = NULL;
  GPtrArray *origins;
  int version = 0;

  g_return_val_if_fail (conninfo != NULL, NULL);

  conn = lw_club_connect (conninfo, error);
  if (conn == NULL || !lw_club_check_schema (conn, &club, &own, error)
      || !lw_club_read_version (conn, &version, error))
    return NULL;
  /* Before schema 7 the server kept no sync but a push. */
  rows = lw_club_exec (conn, "reading the laptops",
                       version >= LW_CLUB_SCHEMA_SYNCS
                       ? "SELECT o.id, o.name, coalesce (extract (epoch FROM p.at)::bigint, 0),"
                         " NOT coalesce (r.rolcanlogin, false),"
                         " coalesce (extract (epoch FROM greatest (p.at, s.at))::bigint, 0)"
                         " FROM littlewolf.origins AS o"
                         " LEFT JOIN littlewolf.pushes AS p ON p.origin = o.id"
                         " LEFT JOIN littlewolf.syncs AS s ON s.origin = o.id"
                         " LEFT JOIN pg_roles AS r ON r.rolname = o.role"
                         " ORDER BY o.name"
                       : "SELECT o.id, o.name, coalesce (extract (epoch FROM p.at)::bigint, 0),"
                         " NOT coalesce (r.rolcanlogin, false),"
                         " coalesce (extract (epoch FROM p.at)::bigint, 0)"
                         " FROM littlewolf.origins AS o"
                         " LEFT JOIN littlewolf.pushes AS p ON p.origin = o.id"
                         " LEFT JOIN pg_roles AS r ON r.rolname = o.role"
                         " ORDER BY o.name",
                       0, NULL, PGRES_TUPLES_OK, error);
  if (rows == NULL)
    return NULL;
  origins = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_origin_free);
  for (int r = 0; r < PQntuples (rows); r++)
    {
      LwClubOrigin *origin = g_new0 (LwClubOrigin, 1);

      origin->id = g_strdup (PQgetvalue (rows, r, 0));
      origin->name = g_strdup (PQgetvalue (rows, r, 1));
      origin->last_push = g_ascii_strtoll (PQgetvalue (rows, r, 2), NULL, 10);
      origin->revoked = strcmp (PQgetvalue (rows, r, 3), "t") == 0;
      origin->last_sync = g_ascii_strtoll (PQgetvalue (rows, r, 4), NULL, 10);
      g_ptr_array_add (origins, origin);
    }
  return origins;
}
