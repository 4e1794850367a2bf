/* lw-club-conn.c — connecting to the club server, its credentials (the
 * keyring through libsecret, else a password file of the user's only),
 * and running its statements
 *
 * A password is never taken from a conninfo, a command line or the
 * database, and never written to a log: libpq gets it as its own
 * "password" setting, from the keyring, or reads it itself from a
 * pgpass file ("passfile").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <libsecret/secret.h>

#include "lw-club.h"

G_DEFINE_QUARK (lw-club-error-quark, lw_club_error)

static const SecretSchema *
password_schema (void)
{
  static const SecretSchema schema = {
    "io.github.littlewolf.LittleWolf.ClubServer", SECRET_SCHEMA_NONE,
    {
      { "host", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "port", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "dbname", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "user", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { NULL, 0 },
    },
    0, 0, 0, 0, 0, 0, 0, 0,
  };
  return &schema;
}

/* The Secret Service is asked only on a session bus: without one (CI, a
 * server) libsecret could only fail, after trying to start a bus. */
static gboolean
have_session_bus (void)
{
  return g_getenv ("DBUS_SESSION_BUS_ADDRESS") != NULL;
}

/* The entry's four names of a parsed conninfo: host, port, dbname, user,
 * as libpq would use them (its defaults where the conninfo has none). */
typedef struct {
  char *host;
  char *port;
  char *dbname;
  char *user;
} Entry;

static void
entry_clear (Entry *entry)
{
  g_free (entry->host);
  g_free (entry->port);
  g_free (entry->dbname);
  g_free (entry->user);
}

static gboolean
parse_conninfo (const char         *conninfo,
                PQconninfoOption  **options,
                Entry              *entry,
                GError            **error)
{
  char *message = NULL;

  *options = PQconninfoParse (conninfo, &message);
  if (*options == NULL)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_INVALID, "club server: bad conninfo: %s",
                   message != NULL ? g_strchomp (message) : "out of memory");
      PQfreemem (message);
      return FALSE;
    }
  for (PQconninfoOption *o = *options; o->keyword != NULL; o++)
    {
      const char *value = o->val != NULL ? o->val : "";

      if (strcmp (o->keyword, "password") == 0 && *value != '\0')
        {
          g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_CREDENTIALS,
                       "club server: the conninfo holds a password; keep it in the keyring or "
                       "a pgpass file (docs/CLUB-SERVER.md \"Credentials\")");
          PQconninfoFree (*options);
          *options = NULL;
          return FALSE;
        }
      if (strcmp (o->keyword, "host") == 0)
        entry->host = g_strdup (*value != '\0' ? value : (g_getenv ("PGHOST") ?: "localhost"));
      else if (strcmp (o->keyword, "port") == 0)
        entry->port = g_strdup (*value != '\0' ? value : (g_getenv ("PGPORT") ?: "5432"));
      else if (strcmp (o->keyword, "dbname") == 0)
        entry->dbname = g_strdup (value);
      else if (strcmp (o->keyword, "user") == 0)
        entry->user = g_strdup (*value != '\0' ? value : g_get_user_name ());
    }
  if (entry->dbname == NULL || *entry->dbname == '\0')
    {
      g_free (entry->dbname);
      entry->dbname = g_strdup (entry->user);
    }
  return TRUE;
}

char *
lw_club_tls_warning (const char *conninfo)
{
  PQconninfoOption *options = PQconninfoParse (conninfo, NULL);
  const char *host = g_getenv ("PGHOST");
  const char *hostaddr = g_getenv ("PGHOSTADDR");
  const char *mode = g_getenv ("PGSSLMODE");
  char *warning = NULL;

  if (options == NULL)
    return NULL;
  for (PQconninfoOption *o = options; o->keyword != NULL; o++)
    if (o->val != NULL && *o->val != '\0')
      {
        if (strcmp (o->keyword, "host") == 0)
          host = o->val;
        else if (strcmp (o->keyword, "hostaddr") == 0)
          hostaddr = o->val;
        else if (strcmp (o->keyword, "sslmode") == 0)
          mode = o->val;
      }
  /* No host, or a folder (or an abstract socket): a Unix socket. */
  if (((hostaddr != NULL && *hostaddr != '\0')
       || (host != NULL && *host != '\0' && *host != '/' && *host != '@'))
      && g_strcmp0 (mode, "verify-full") != 0)
    warning = g_strdup_printf ("club server: the connection to %s is not sslmode=verify-full"
                               " (sslmode=%s): its certificate is not checked, and a machine"
                               " between the laptop and the server could read or change the"
                               " sync; add sslmode=verify-full and sslrootcert"
                               " (docs/CLUB-SERVER.md \"TLS\")",
                               hostaddr != NULL && *hostaddr != '\0' ? hostaddr : host,
                               mode != NULL ? mode : "prefer");
  PQconninfoFree (options);
  return warning;
}

char *
lw_club_password_file (void)
{
  return g_build_filename (g_get_user_config_dir (), "little-wolf", "club.pgpass", NULL);
}

/* The server's notices ("schema … already exists, skipping") are no
 * concern of the user's: nothing is printed. */
static void
ignore_notice (void       *data,
               const char *message)
{
}

PGconn *
lw_club_connect (const char  *conninfo,
                 GError     **error)
{
  PQconninfoOption *options = NULL;
  Entry entry = { NULL, NULL, NULL, NULL };
  g_autoptr (GPtrArray) keywords = g_ptr_array_new ();
  g_autoptr (GPtrArray) values = g_ptr_array_new ();
  g_autofree char *file = lw_club_password_file ();
  char *password = NULL;
  gboolean has_timeout = FALSE, has_passfile = FALSE;
  PGconn *conn;

  g_return_val_if_fail (conninfo != NULL, NULL);

  if (!parse_conninfo (conninfo, &options, &entry, error))
    {
      entry_clear (&entry);
      return NULL;
    }
  for (PQconninfoOption *o = options; o->keyword != NULL; o++)
    if (o->val != NULL && *o->val != '\0')
      {
        has_timeout |= strcmp (o->keyword, "connect_timeout") == 0;
        has_passfile |= strcmp (o->keyword, "passfile") == 0;
        g_ptr_array_add (keywords, o->keyword);
        g_ptr_array_add (values, o->val);
      }
  if (!has_timeout)
    {
      g_ptr_array_add (keywords, (gpointer) "connect_timeout");
      g_ptr_array_add (values, (gpointer) "10");
    }
  g_ptr_array_add (keywords, (gpointer) "application_name");
  g_ptr_array_add (values, (gpointer) "littlewolf");
  if (have_session_bus ())
    password = secret_password_lookup_sync (password_schema (), NULL, NULL,
                                            "host", entry.host, "port", entry.port,
                                            "dbname", entry.dbname, "user", entry.user, NULL);
  if (password != NULL)
    {
      g_ptr_array_add (keywords, (gpointer) "password");
      g_ptr_array_add (values, password);
    }
  else if (!has_passfile && g_file_test (file, G_FILE_TEST_IS_REGULAR))
    {
      g_ptr_array_add (keywords, (gpointer) "passfile");
      g_ptr_array_add (values, file);
    }
  g_ptr_array_add (keywords, NULL);
  g_ptr_array_add (values, NULL);

  conn = PQconnectdbParams ((const char *const *) keywords->pdata,
                            (const char *const *) values->pdata, 0);
  secret_password_free (password);
  PQconninfoFree (options);
  if (conn == NULL || PQstatus (conn) != CONNECTION_OK)
    {
      g_autofree char *message = g_strdup (conn != NULL ? PQerrorMessage (conn) : "out of memory");

      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_CONNECT,
                   "club server %s:%s, database %s, user %s: cannot connect: %s",
                   entry.host, entry.port, entry.dbname, entry.user, g_strstrip (message));
      PQfinish (conn);
      entry_clear (&entry);
      return NULL;
    }
  entry_clear (&entry);
  PQsetNoticeProcessor (conn, ignore_notice, NULL);
  /* Every statement waits a bounded time: a lock another laptop holds
   * (by hand, or a push left open) makes this one give up in words. */
  {
    g_autoptr (PGresult) set =
      PQexec (conn, "SET lock_timeout = " G_STRINGIFY (LW_CLUB_LOCK_TIMEOUT_MS) ";"
                    " SET statement_timeout = " G_STRINGIFY (LW_CLUB_STATEMENT_TIMEOUT_MS) ";"
                    " SET idle_in_transaction_session_timeout = "
                    G_STRINGIFY (LW_CLUB_IDLE_TIMEOUT_MS));

    if (set == NULL || PQresultStatus (set) != PGRES_COMMAND_OK)
      {
        lw_club_fail (conn, set, "setting the bounded waits", error);
        PQfinish (conn);
        return NULL;
      }
  }
  return conn;
}

/* A pgpass field: ':' and '\' escaped with '\'. */
static void
append_pgpass_field (GString    *line,
                     const char *value)
{
  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == ':' || *p == '\\')
        g_string_append_c (line, '\\');
      g_string_append_c (line, *p);
    }
}

/* Writes the password file with @entry's line for @password, the other
 * entries kept, readable by its user only. */
static gboolean
save_to_file (const Entry  *entry,
              const char   *password,
              GError      **error)
{
  g_autofree char *file = lw_club_password_file ();
  g_autofree char *dir = g_path_get_dirname (file);
  g_autofree char *old = NULL;
  g_autoptr (GString) key = g_string_new (NULL);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *tmp = g_strconcat (file, ".new", NULL);
  int fd;
  gssize written;

  append_pgpass_field (key, entry->host);
  g_string_append_c (key, ':');
  append_pgpass_field (key, entry->port);
  g_string_append_c (key, ':');
  append_pgpass_field (key, entry->dbname);
  g_string_append_c (key, ':');
  append_pgpass_field (key, entry->user);
  g_string_append_c (key, ':');

  if (g_file_get_contents (file, &old, NULL, NULL))
    {
      g_auto (GStrv) lines = g_strsplit (old, "\n", -1);

      for (guint i = 0; lines[i] != NULL; i++)
        if (*lines[i] != '\0' && !g_str_has_prefix (lines[i], key->str))
          g_string_append_printf (text, "%s\n", lines[i]);
    }
  g_string_append (text, key->str);
  append_pgpass_field (text, password);
  g_string_append_c (text, '\n');

  if (g_mkdir_with_parents (dir, 0700) != 0)
    goto failed;
  fd = g_open (tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0)
    goto failed;
  written = fchmod (fd, 0600) == 0 ? write (fd, text->str, text->len) : -1;
  if (written != (gssize) text->len || fsync (fd) != 0)
    {
      int saved = errno;

      close (fd);
      g_unlink (tmp);
      errno = saved;
      goto failed;
    }
  close (fd);
  if (g_rename (tmp, file) != 0)
    goto failed;
  return TRUE;

failed:
  g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_CREDENTIALS,
               "%s: cannot write the club server's password file: %s", file, g_strerror (errno));
  return FALSE;
}

gboolean
lw_club_save_password (const char  *conninfo,
                       const char  *password,
                       gboolean    *in_keyring,
                       GError     **error)
{
  PQconninfoOption *options = NULL;
  Entry entry = { NULL, NULL, NULL, NULL };
  gboolean ok = FALSE;

  g_return_val_if_fail (conninfo != NULL && password != NULL && *password != '\0', FALSE);

  if (in_keyring != NULL)
    *in_keyring = FALSE;
  if (!parse_conninfo (conninfo, &options, &entry, error))
    {
      entry_clear (&entry);
      return FALSE;
    }
  PQconninfoFree (options);
  if (have_session_bus ())
    {
      g_autofree char *label = g_strdup_printf ("Little Wolf club server %s (%s)",
                                                entry.dbname, entry.user);

      ok = secret_password_store_sync (password_schema (), SECRET_COLLECTION_DEFAULT, label,
                                       password, NULL, NULL,
                                       "host", entry.host, "port", entry.port,
                                       "dbname", entry.dbname, "user", entry.user, NULL);
      if (ok && in_keyring != NULL)
        *in_keyring = TRUE;
    }
  if (!ok)
    ok = save_to_file (&entry, password, error);
  entry_clear (&entry);
  return ok;
}

gboolean
lw_club_fail (PGconn      *conn,
              PGresult    *result,
              const char  *what,
              GError     **error)
{
  const char *state = result != NULL ? PQresultErrorField (result, PG_DIAG_SQLSTATE) : NULL;
  g_autofree char *message =
    g_strdup (result != NULL && *PQresultErrorMessage (result) != '\0'
              ? PQresultErrorMessage (result) : PQerrorMessage (conn));
  /* 42501 insufficient_privilege (row-level security's refusals too). */
  LwClubError code = g_strcmp0 (state, "42501") == 0 ? LW_CLUB_ERROR_REFUSED
                     : PQstatus (conn) != CONNECTION_OK ? LW_CLUB_ERROR_CONNECT
                     : LW_CLUB_ERROR_FAILED;

  /* 55P03 lock_not_available (lock_timeout), 57014 query_canceled
   * (statement_timeout): another session held what this one needed. */
  if (g_strcmp0 (state, "55P03") == 0 || g_strcmp0 (state, "57014") == 0)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_BUSY,
                   "club server: %s: gave up after %d s: %s (another laptop's sync, or a"
                   " session holding the club's rows; try again later)", what,
                   (g_strcmp0 (state, "55P03") == 0 ? LW_CLUB_LOCK_TIMEOUT_MS
                                                    : LW_CLUB_STATEMENT_TIMEOUT_MS) / 1000,
                   g_strstrip (message));
      return FALSE;
    }
  g_set_error (error, LW_CLUB_ERROR, code, "club server: %s: %s", what, g_strstrip (message));
  return FALSE;
}

PGresult *
lw_club_exec (PGconn             *conn,
              const char         *what,
              const char         *sql,
              int                 n,
              const char *const  *values,
              ExecStatusType      expect,
              GError            **error)
{
  PGresult *result = PQexecParams (conn, sql, n, NULL, values, NULL, NULL, 0);

  if (result != NULL && PQresultStatus (result) == expect)
    return result;
  lw_club_fail (conn, result, what, error);
  PQclear (result);
  return NULL;
}

gboolean
lw_club_join (LwStore     *store,
              const char  *conninfo,
              const char  *origin,
              const char  *password,
              gboolean    *in_keyring,
              GError     **error)
{
  g_return_val_if_fail (LW_IS_STORE (store), FALSE);
  g_return_val_if_fail (conninfo != NULL && origin != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (in_keyring != NULL)
    *in_keyring = FALSE;
  /* The conninfo as libpq reads it: a password in a URI's user part
   * ("postgresql://user:secret@host/club") is refused before the
   * database keeps the conninfo, as one given as a keyword. */
  {
    PQconninfoOption *options = NULL;
    Entry entry = { NULL, NULL, NULL, NULL };
    gboolean readable = parse_conninfo (conninfo, &options, &entry, error);

    PQconninfoFree (options);
    entry_clear (&entry);
    if (!readable)
      return FALSE;
  }
  if (!lw_store_club_join (store, conninfo, origin, error))
    return FALSE;
  return password == NULL || *password == '\0'
         || lw_club_save_password (conninfo, password, in_keyring, error);
}

gboolean
lw_club_run (PGconn      *conn,
             const char  *what,
             const char  *sql,
             GError     **error)
{
  g_autoptr (PGresult) result = lw_club_exec (conn, what, sql, 0, NULL, PGRES_COMMAND_OK, error);

  return result != NULL;
}

void
lw_club_rollback (PGconn *conn)
{
  if (PQtransactionStatus (conn) != PQTRANS_IDLE)
    {
      g_autoptr (PGresult) result = PQexec (conn, "ROLLBACK");
    }
}
