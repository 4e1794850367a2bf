/* lw-club.h — the club server (docs/CLUB-SERVER.md): a PostgreSQL
 * database that several laptops sync their games with. Its schema and
 * roles (lw-club-schema.c), the connection and its credentials
 * (lw-club-conn.c) and the sync itself (lw-club-sync.c). libpq is used
 * here only; the local half of the sync is the store's (lw-store-club.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <libpq-fe.h>

#include "lw-edit.h"
#include "lw-store.h"

G_BEGIN_DECLS

#define LW_CLUB_ERROR (lw_club_error_quark ())

/**
 * LwClubError:
 * @LW_CLUB_ERROR_CONNECT: the server cannot be reached or refused the
 *   login (libpq's words follow); nothing was changed
 * @LW_CLUB_ERROR_CREDENTIALS: a password where none may be (a conninfo),
 *   or the keyring or password file cannot be written
 * @LW_CLUB_ERROR_SCHEMA: the database holds no club schema (club init),
 *   or one newer than this version reads
 * @LW_CLUB_ERROR_ORIGIN: the login role is no origin of the club, or
 *   another origin than the database joined as
 * @LW_CLUB_ERROR_REFUSED: the server refused a statement (permission,
 *   row-level security)
 * @LW_CLUB_ERROR_FAILED: any other failure of the server (its words)
 * @LW_CLUB_ERROR_INVALID: a request that cannot be carried out as given
 *   (a conninfo libpq cannot read, an admin's name, an entry merged
 *   already, a name of two entries)
 * @LW_CLUB_ERROR_NOT_FOUND: no roster entry of that name or UUID
 * @LW_CLUB_ERROR_BUSY: a statement gave up after its bounded wait
 *   (%LW_CLUB_LOCK_TIMEOUT_MS for a lock another session held,
 *   %LW_CLUB_STATEMENT_TIMEOUT_MS in all); nothing was changed by it
 */
typedef enum {
  LW_CLUB_ERROR_CONNECT,
  LW_CLUB_ERROR_CREDENTIALS,
  LW_CLUB_ERROR_SCHEMA,
  LW_CLUB_ERROR_ORIGIN,
  LW_CLUB_ERROR_REFUSED,
  LW_CLUB_ERROR_FAILED,
  LW_CLUB_ERROR_INVALID,
  LW_CLUB_ERROR_NOT_FOUND,
  LW_CLUB_ERROR_BUSY,
} LwClubError;

GQuark lw_club_error_quark (void);

/* The version of the club schema this program writes (littlewolf.meta's
 * schema_version): the number of migrations in lw-club-schema.c. */
#define LW_CLUB_SCHEMA_VERSION 8

/* The advisory lock every push and every roster change holds ("LWSY"),
 * so that change numbers are committed in their order, on a server
 * before schema 6 (from 6 on the server's functions hold the row of
 * littlewolf.writer instead, which no role takes by hand). */
#define LW_CLUB_PUSH_LOCK "1280791385"

/* The server schema from which laptops and admins write through the
 * schema's functions only (lw-club-schema.c, migrate_definer). */
#define LW_CLUB_SCHEMA_DEFINER 6

/* The server schema from which each laptop's last sync is kept
 * (littlewolf.syncs, lw-club-schema.c migrate_syncs). */
#define LW_CLUB_SCHEMA_SYNCS 7

/* The server schema from which a game's computer seats travel with it
 * (games.computers, lw-club-schema.c, migrate_computers), and their
 * bound there: 8 seats' worth of {"seat": 7, "level": "expert"} and more. */
#define LW_CLUB_SCHEMA_COMPUTERS 8
#define LW_CLUB_COMPUTERS_MAX_BYTES 1024

/* Connections one laptop's role may hold at once (CONNECTION LIMIT). */
#define LW_CLUB_CONNECTION_LIMIT 4

/* Open suggestions one laptop may have sent on one game, and in all. */
#define LW_CLUB_OPEN_PER_GAME 20
#define LW_CLUB_OPEN_PER_SENDER 200

/* The bounded waits of every club connection (lw_club_connect()), in
 * milliseconds: for a lock another session holds (a push of another
 * laptop's, a row it holds), for one statement, and for a transaction
 * of ours left idle. */
#define LW_CLUB_LOCK_TIMEOUT_MS 5000
#define LW_CLUB_STATEMENT_TIMEOUT_MS 120000
#define LW_CLUB_IDLE_TIMEOUT_MS 120000

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PGconn, PQfinish)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PGresult, PQclear)

/**
 * lw_club_connect:
 * @conninfo: a libpq conninfo (keywords or a URI) without a password
 * @error: return location for a #GError
 *
 * Connects to a club server. The password is never taken from @conninfo:
 * it comes from the user's keyring (libsecret, when a Secret Service runs
 * on the session bus), else from the password file of
 * lw_club_password_file() when it exists, else from libpq's own pgpass
 * and service files (PGPASSFILE, ~/.pgpass, PGSERVICEFILE). Every libpq
 * setting of @conninfo is honoured, `sslmode` included; connect_timeout
 * is 10 s unless given.
 *
 * Errors: %LW_CLUB_ERROR_CREDENTIALS for a password in @conninfo (as a
 * keyword or in a URI's user part), %LW_CLUB_ERROR_INVALID for a
 * conninfo libpq cannot read ("club server: bad conninfo: " and libpq's
 * words), %LW_CLUB_ERROR_CONNECT when the connection fails ("club server:
 * cannot connect: " and libpq's message).
 *
 * Returns: (transfer full) (nullable): the connection.
 */
PGconn *lw_club_connect (const char  *conninfo,
                         GError     **error);

/**
 * lw_club_tls_warning:
 * @conninfo: a libpq conninfo
 *
 * Whether a laptop's connection to the server can be read or changed on
 * its way: a connection over TCP (a host name or address; PGHOST and
 * PGHOSTADDR where the conninfo has none) whose `sslmode` (or
 * PGSSLMODE) is not `verify-full`. A Unix socket (no host, or a folder)
 * needs no warning.
 *
 * Returns: (transfer full) (nullable): the warning in words, naming the
 *   host and the sslmode and what to add; %NULL when none is due (or
 *   @conninfo cannot be read: lw_club_join() says so).
 */
char *lw_club_tls_warning (const char *conninfo);

/**
 * lw_club_password_file:
 *
 * Returns: (transfer full): the password file used when no Secret Service
 *   runs: `$XDG_CONFIG_HOME/little-wolf/club.pgpass`, pgpass format,
 *   readable by its user only (0600).
 */
char *lw_club_password_file (void);

/**
 * lw_club_save_password:
 * @conninfo: the conninfo the password is for (host, port, dbname and
 *   user name its entry)
 * @password: the password, not empty
 * @in_keyring: (out) (optional): set to %TRUE when it went to the
 *   keyring, %FALSE when to lw_club_password_file()
 * @error: return location for a #GError (%LW_CLUB_ERROR_CREDENTIALS)
 *
 * Keeps a club login's password where lw_club_connect() finds it: the
 * keyring when a Secret Service runs, else the password file (made
 * 0600; an entry for the same host, port, database and user replaced).
 *
 * Returns: %TRUE when saved.
 */
gboolean lw_club_save_password (const char  *conninfo,
                                const char  *password,
                                gboolean    *in_keyring,
                                GError     **error);

/**
 * lw_club_join:
 * @store: the database that becomes a laptop of the club
 * @conninfo: the club server's conninfo for this laptop's login role,
 *   without a password
 * @origin: the laptop's origin UUID (`club add-origin` gives it)
 * @password: (nullable): the role's password, or %NULL or "" for none to
 *   keep (a Unix socket's peer authentication, a pgpass file of one's own)
 * @in_keyring: (out) (optional): %TRUE when the password went to the
 *   keyring, %FALSE when to lw_club_password_file() or when none was given
 * @error: return location for a #GError
 *
 * `club join` and Preferences → Club → Join: @conninfo read as libpq
 * reads it, then lw_store_club_join(), then lw_club_save_password() for
 * a password given (never logged, never in the database).
 *
 * Errors: %LW_CLUB_ERROR_CREDENTIALS for a password in @conninfo (a
 * keyword, or a URI's "user:password@"), %LW_CLUB_ERROR_INVALID for a
 * conninfo libpq cannot read (nothing stored for either); those of
 * lw_store_club_join() (%LW_STORE_ERROR_INVALID for an origin that is no
 * UUID) and of lw_club_save_password() (%LW_CLUB_ERROR_CREDENTIALS).
 *
 * Returns: %TRUE when joined and the password kept.
 */
gboolean lw_club_join (LwStore     *store,
                       const char  *conninfo,
                       const char  *origin,
                       const char  *password,
                       gboolean    *in_keyring,
                       GError     **error);

/* Sets @error from a failed result (%LW_CLUB_ERROR_REFUSED for a refusal
 * of permission or row-level security, else %LW_CLUB_ERROR_FAILED),
 * "club server: @what: " and the server's words; returns %FALSE. */
gboolean lw_club_fail (PGconn      *conn,
                       PGresult    *result,
                       const char  *what,
                       GError     **error);

/* Runs @sql with @n text parameters @values (%NULL: SQL NULL); returns the
 * result when it is @expect (PGRES_COMMAND_OK, PGRES_TUPLES_OK), else
 * %NULL with @error set by lw_club_fail() naming @what. */
PGresult *lw_club_exec (PGconn             *conn,
                        const char         *what,
                        const char         *sql,
                        int                 n,
                        const char *const  *values,
                        ExecStatusType      expect,
                        GError            **error);

/* Runs @sql, a statement without parameters or rows (BEGIN, COMMIT);
 * %FALSE with @error set by lw_club_fail() naming @what. */
gboolean lw_club_run (PGconn      *conn,
                      const char  *what,
                      const char  *sql,
                      GError     **error);

/* Rolls back @conn's transaction, if one is open; never fails the caller
 * (the error that led here is the one worth reporting). */
void lw_club_rollback (PGconn *conn);

/**
 * lw_club_init:
 * @conninfo: a conninfo of the club's owner role (who owns the schema
 *   `littlewolf`: a role of its own, the database's owner)
 * @version: (out) (optional): the schema version now
 * @error: return location for a #GError
 *
 * Creates the club schema or migrates it to %LW_CLUB_SCHEMA_VERSION, in
 * one transaction (docs/CLUB-SERVER.md "Schema"): the tables of origins,
 * games and pushes (version 1), events (version 2), suggestions (version
 * 3), the roster and merge requests with the group role
 * `littlewolf_admin` (version 4), a laptop's withdrawal of its own
 * waiting request (version 5), row-level security enabled and forced
 * on each, and
 * the group role `littlewolf_origin` whose members (the laptops' roles)
 * may read every row and write their own origin's only; version 6: the
 * club's own group roles (lw_club_group_role()), which read the tables
 * and write through the schema's functions only (docs/CLUB-SERVER.md
 * "The schema"); version 7: each laptop's last sync (littlewolf.syncs,
 * written by littlewolf.record_sync() at the end of every sync).
 *
 * Errors: %LW_CLUB_ERROR_CONNECT, %LW_CLUB_ERROR_SCHEMA for a newer
 * schema, %LW_CLUB_ERROR_REFUSED when the role may not create it,
 * %LW_CLUB_ERROR_FAILED.
 *
 * Returns: %TRUE when the schema is at %LW_CLUB_SCHEMA_VERSION.
 */
gboolean lw_club_init (const char  *conninfo,
                       int         *version,
                       GError     **error);

/**
 * lw_club_migrate:
 * @conninfo: a conninfo of the club's owner role
 * @target: the version to migrate to, 1 to %LW_CLUB_SCHEMA_VERSION
 * @version: (out) (optional): the schema version now (@target, or the
 *   version found when it was newer than @target)
 * @error: return location for a #GError
 *
 * lw_club_init() up to version @target only: each migration of
 * lw-club-schema.c from the version found up to @target, in one
 * transaction holding the schema's advisory lock, so that two at once
 * migrate once; a schema at @target or later is left as it is (the tests
 * make a server of an older version with it).
 *
 * Errors: as lw_club_init().
 *
 * Returns: %TRUE when the schema is at @target or later (up to
 *   %LW_CLUB_SCHEMA_VERSION).
 */
gboolean lw_club_migrate (const char  *conninfo,
                          int          target,
                          int         *version,
                          GError     **error);

/**
 * lw_club_add_origin:
 * @conninfo: a conninfo of the club's owner role
 * @name: the laptop's name, not empty (shown as the owner of its games)
 * @password: (nullable): the password of the new login role, or %NULL
 *   for a role that logs in without one (a Unix socket's peer or
 *   certificate authentication); sent to the server as its SCRAM hash
 *   only (PQencryptPasswordConn()), never as the text
 * @origin: (out) (transfer full): the origin's new UUID
 * @role: (out) (transfer full): its login role, `lw_origin_` and twelve
 *   hex digits of @origin
 * @error: return location for a #GError
 *
 * Adds a laptop to the club, in one transaction: its origin and a login
 * role that owns nothing, limited to %LW_CLUB_CONNECTION_LIMIT
 * connections, and a member of the club's group of origins
 * (lw_club_group_role(): from schema 6 the club's own, which writes
 * through the schema's functions only, its own origin's rows; before it
 * `littlewolf_origin`, limited by row-level security).
 *
 * Errors: as lw_club_init(); %LW_CLUB_ERROR_FAILED for a name taken;
 * %LW_CLUB_ERROR_INVALID for a @password lw_club_check_password()
 * refuses (nothing sent).
 *
 * Returns: %TRUE when added.
 */
gboolean lw_club_add_origin (const char  *conninfo,
                             const char  *name,
                             const char  *password,
                             char       **origin,
                             char       **role,
                             GError     **error);

/**
 * lw_club_group_role:
 * @conn: a connection to the club's database, inside a transaction
 * @club: the club's UUID (lw_club_check_schema())
 * @kind: "origin" (the laptops) or "admin"
 * @group: (out) (transfer full): the group role: from schema 6 the
 *   club's own, `lw_` and @club's 32 hex digits and `_` @kind (as
 *   littlewolf.club_role() names it), before it the cluster's
 *   `littlewolf_` @kind
 * @error: return location for a #GError (as lw_club_read_version())
 *
 * Returns: %TRUE when named.
 */
gboolean lw_club_group_role (PGconn      *conn,
                             const char  *club,
                             const char  *kind,
                             char       **group,
                             GError     **error);

/**
 * LwClubOrigin:
 * @id: (transfer full): the origin's UUID
 * @name: (transfer full): the laptop's name
 * @last_push: when the server took its last push, seconds since 1970
 *   (UTC), 0 never
 * @last_sync: when it last synced (a push or not: the end of its last
 *   sync the server recorded, schema 7), seconds since 1970 (UTC), 0
 *   never; on a server before schema 7, @last_push
 * @revoked: %TRUE when its role may no longer log in
 *   (lw_club_remove_origin())
 *
 * A laptop of the club (`club origins`, the app's admin screen).
 */
typedef struct {
  char     *id;
  char     *name;
  gint64    last_push;
  gint64    last_sync;
  gboolean  revoked;
} LwClubOrigin;

void lw_club_origin_free (LwClubOrigin *origin);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwClubOrigin, lw_club_origin_free)

/**
 * lw_club_list_origins:
 * @conninfo: a conninfo of any role of the club
 * @error: return location for a #GError
 *
 * The club's laptops, sorted by name (docs/CLUB-SERVER.md "Laptops").
 *
 * Errors: %LW_CLUB_ERROR_CONNECT, %LW_CLUB_ERROR_SCHEMA,
 * %LW_CLUB_ERROR_FAILED.
 *
 * Returns: (transfer full) (element-type LwClubOrigin*) (nullable): the
 *   laptops, %NULL on error.
 */
GPtrArray *lw_club_list_origins (const char  *conninfo,
                                 GError     **error);

/* The longest password of a login role the club's commands take, in
 * bytes (a line of `--password-stdin`, the admin's Change Password). */
#define LW_CLUB_PASSWORD_MAX_BYTES 1000

/**
 * lw_club_check_password:
 * @password: a new password of a laptop's or admin's login role
 * @error: return location for a #GError
 *
 * The rule of a new password, as `club add-origin`, `club
 * origin-password` and the admin's Change Password read it: not empty,
 * at most %LW_CLUB_PASSWORD_MAX_BYTES bytes of UTF-8, no control
 * character (a line of standard input holds none). The message names the
 * problem, never the password.
 *
 * Errors: %LW_CLUB_ERROR_INVALID.
 *
 * Returns: %TRUE when @password may be set.
 */
gboolean lw_club_check_password (const char  *password,
                                 GError     **error);

/**
 * lw_club_remove_origin:
 * @conninfo: a conninfo of the club's owner role
 * @name: the laptop's name (as lw_club_add_origin() was given it)
 * @error: return location for a #GError
 *
 * Revokes a laptop (`club remove-origin`): its login role can no longer
 * log in (NOLOGIN, committed first) and its open sessions are ended
 * (pg_terminate_backend(): the owner role needs `pg_signal_backend`
 * unless it is a superuser). Its origin, games, events and roster entries
 * stay on the server and keep counting; lw_club_set_origin_password()
 * does not let it in again.
 *
 * Errors: %LW_CLUB_ERROR_NOT_FOUND for no laptop @name;
 * %LW_CLUB_ERROR_REFUSED when the role may not alter the laptop's role
 * or end its sessions; as lw_club_init().
 *
 * Returns: %TRUE when revoked.
 */
gboolean lw_club_remove_origin (const char  *conninfo,
                                const char  *name,
                                GError     **error);

/**
 * lw_club_set_origin_password:
 * @conninfo: a conninfo of the club's owner role
 * @name: the laptop's name
 * @password: the new password, not empty; sent to the server as its
 *   SCRAM hash only (PQencryptPasswordConn()), never as the text
 * @error: return location for a #GError
 *
 * Gives a laptop's login role a new password (`club origin-password`),
 * in one transaction; its sessions open already stay open.
 *
 * Errors: as lw_club_remove_origin(); %LW_CLUB_ERROR_INVALID for a
 * password lw_club_check_password() refuses (nothing sent).
 *
 * Returns: %TRUE when changed.
 */
gboolean lw_club_set_origin_password (const char  *conninfo,
                                      const char  *name,
                                      const char  *password,
                                      GError     **error);

/* The statement that creates login role @role (not yet quoted), a member
 * of group role @group, with @password's SCRAM hash (PQencryptPasswordConn();
 * %NULL: no password); %NULL with @error set (%LW_CLUB_ERROR_FAILED) when
 * libpq cannot make it. For lw_club_add_origin() and lw_club_add_admin(). */
char *lw_club_login_role_sql (PGconn      *conn,
                              const char  *role,
                              const char  *group,
                              const char  *password,
                              GError     **error);

/* Sets *@version to the schema version of @conn's database (0: none);
 * %FALSE with @error set (as lw_club_exec()) when it cannot be read. */
gboolean lw_club_read_version (PGconn   *conn,
                               int      *version,
                               GError  **error);

/* Checks @conn's club schema is one this version reads; sets *@club to
 * the club's UUID (transfer full) and *@origin (nullable, transfer full)
 * to the origin of the login role, NULL when it is none. */
gboolean lw_club_check_schema (PGconn   *conn,
                               char    **club,
                               char    **origin,
                               GError  **error);

/* Connects as the laptop @store joined as: lw_club_connect() with its
 * conninfo, lw_club_check_schema(), and the login role checked to be the
 * database's origin (%LW_CLUB_ERROR_ORIGIN). Sets *@state (optional) to
 * the sync's state (transfer full) and *@club (optional) to the club's
 * UUID (transfer full). */
PGconn *lw_club_connect_laptop (LwStore       *store,
                                LwClubState  **state,
                                char         **club,
                                GError       **error);

/**
 * LwClubSyncResult:
 * @pushed: own games sent (new or changed)
 * @deleted: own deletions sent
 * @pulled: other laptops' changes taken (games and deletions)
 * @conflicts: own games not sent because another origin's game on the
 *   server has their UUID (the same record imported on two laptops);
 *   they keep waiting
 * @restarted: the database was restored from a backup (the server had
 *   acknowledged pushes it never saw): a new sync from scratch was made
 * @events_pushed: own events sent (new, changed or deleted)
 * @events_pulled: other laptops' events taken (new, changed or deleted)
 * @roster_pushed: roster entries this laptop added that were sent
 * @roster_pulled: roster entries taken (new, renamed or merged, this
 *   laptop's own included)
 * @refused: other laptops' changes not taken, their records or facts
 *   refused here (lw_store_club_apply_pulled()); not in @pulled nor
 *   @events_pulled
 * @taken_back: own games and events not sent because the server holds a
 *   later version of them, or holds them deleted (a database restored
 *   from an older backup, server schema 6): the server's copy of each
 *   game was taken back here (lw_store_club_take_back()); not in @pushed
 *
 * What one lw_club_sync() did.
 */
typedef struct {
  guint     pushed;
  guint     deleted;
  guint     pulled;
  guint     conflicts;
  gboolean  restarted;
  guint     events_pushed;
  guint     events_pulled;
  guint     roster_pushed;
  guint     roster_pulled;
  guint     refused;
  guint     taken_back;
} LwClubSyncResult;

/**
 * lw_club_sync:
 * @store: a database that joined a club (lw_store_club_join())
 * @result: (out caller-allocates) (optional): what was done
 * @error: return location for a #GError
 *
 * One sync (docs/CLUB-SERVER.md "Sync"): pushes what changed here since
 * the last push the server acknowledged (own games with their records
 * and versions, deletions; own events with their facts, after the games,
 * on a server of schema version 2), in one server transaction with this origin's
 * push counter, then acknowledges it locally; pulls what other origins
 * changed since the last pull, in batches of at most 500 changes, each
 * stored locally in one transaction with the change number it reaches.
 * Every step repeats harmlessly: a sync cut anywhere (the program
 * killed, the server stopped, the network gone) loses and doubles
 * nothing, and the next one resumes. A database restored from a backup
 * starts a new sync from scratch (lw_store_club_restart()).
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND when @store joined no club,
 * %LW_CLUB_ERROR_* from the server, another %LW_STORE_ERROR.
 *
 * Another laptop's change whose record or facts this database refuses
 * (lw_store_club_apply_pulled()) is not taken and is counted in
 * @refused; the others are.
 *
 * Returns: %TRUE when both halves completed.
 */
gboolean lw_club_sync (LwStore           *store,
                       LwClubSyncResult  *result,
                       GError           **error);

/**
 * lw_club_sync_with_refusals:
 * @store: as lw_club_sync()
 * @result: (out caller-allocates) (optional): as lw_club_sync()
 * @refusals: (element-type utf8): where each refused change's message
 *   goes ("club server: game UUID from laptop “NAME” not taken: …"), and
 *   each own change the server did not take because it holds a later
 *   version ("club server: game UUID not sent: the server holds version
 *   3, newer than version 2 here …"), an array with g_free() as its free
 *   function
 * @error: as lw_club_sync()
 *
 * lw_club_sync(), telling why each refused change was refused.
 *
 * Returns: %TRUE when both halves completed.
 */
gboolean lw_club_sync_with_refusals (LwStore           *store,
                                     LwClubSyncResult  *result,
                                     GPtrArray         *refusals,
                                     GError           **error);

/**
 * LwClubSuggestion:
 * @id: its number on the server, ≥ 1
 * @game: (transfer full): the game's UUID
 * @local: the game's ID in this database, 0 when it is not here
 * @incoming: %TRUE when aimed at one of this laptop's games, %FALSE when
 *   this laptop sent it
 * @from: (transfer full): the name of the laptop that sent it
 * @to: (transfer full): the name of the laptop that owns the game
 * @version: the game's version it was made at
 * @kind: the correction: %LW_EDIT_REPLACE, %LW_EDIT_INSERT or
 *   %LW_EDIT_DELETE
 * @number: the round it is made at, ≥ 1 (as #LwEdit's @number)
 * @round: (transfer full) (nullable): the new round as round JSON
 *   (lw_round_to_json()), %NULL for a deletion
 * @state: (transfer full): "open", "accepted" or "declined"
 * @made: when it was sent, seconds since 1970 (UTC)
 *
 * A correction of another laptop's game sent to that laptop
 * (docs/CLUB-SERVER.md "Suggestions").
 */
typedef struct {
  gint64      id;
  char       *game;
  gint64      local;
  gboolean    incoming;
  char       *from;
  char       *to;
  gint64      version;
  LwEditKind  kind;
  guint       number;
  char       *round;
  char       *state;
  gint64      made;
} LwClubSuggestion;

void lw_club_suggestion_free (LwClubSuggestion *suggestion);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwClubSuggestion, lw_club_suggestion_free)

/**
 * lw_club_suggest:
 * @store: a database that joined a club
 * @game: the ID of a game held here from another laptop (read-only here)
 * @edit: the correction, as lw_store_replace_round(),
 *   lw_store_insert_round() or lw_store_delete_round() would make it
 * @id: (out) (optional): the suggestion's number on the server
 * @error: return location for a #GError
 *
 * Sends a correction of another laptop's game to that laptop as a
 * suggestion (docs/CLUB-SERVER.md "Suggestions"), made at the version of
 * the game held here. The correction is first checked here as the owner
 * would apply it (lw_edit_apply() on the game held here): one the engine
 * refuses is not sent. Nothing changes in @store.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND for no game @game or no club joined;
 * %LW_STORE_ERROR_INVALID for a game of this laptop's own ("game 3 is
 * this laptop's own: correct it here"); the engine's for a correction it
 * refuses; %LW_CLUB_ERROR_SCHEMA for a server before schema version 3;
 * %LW_CLUB_ERROR_REFUSED when the server refuses it (the game deleted or
 * given another owner since the last pull); other %LW_CLUB_ERROR codes.
 *
 * Returns: %TRUE when sent.
 */
gboolean lw_club_suggest (LwStore       *store,
                          gint64         game,
                          const LwEdit  *edit,
                          gint64        *id,
                          GError       **error);

/* The most suggestions lw_club_list_suggestions() reads at once. */
#define LW_CLUB_SUGGESTIONS_MAX_PAGE 500

/**
 * lw_club_list_suggestions:
 * @store: a database that joined a club
 * @offset: how many of the newest to pass over (0: from the newest)
 * @limit: how many to read, 1 to %LW_CLUB_SUGGESTIONS_MAX_PAGE (more is
 *   read as that many)
 * @more: (out) (optional): set to whether older suggestions are left
 *   past this page
 * @error: return location for a #GError
 *
 * A page of the suggestions this laptop sent and those aimed at its own
 * games, as the server holds them, newest first: however many another
 * laptop's role wrote, a page holds at most @limit of them, and a
 * suggestion's round over %LW_GAME_RECORD_MAX_BYTES is not read (its
 * round is then %NULL).
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND when no club is joined,
 * %LW_CLUB_ERROR_SCHEMA for a server before schema version 3, other
 * %LW_CLUB_ERROR codes.
 *
 * Returns: (transfer full) (element-type LwClubSuggestion*) (nullable):
 *   the suggestions, %NULL on error.
 */
GPtrArray *lw_club_list_suggestions (LwStore   *store,
                                     guint      offset,
                                     guint      limit,
                                     gboolean  *more,
                                     GError   **error);

/**
 * lw_club_decide_suggestion:
 * @store: a database that joined a club
 * @id: a suggestion's number, aimed at one of this laptop's games
 * @accept: %TRUE to accept it, %FALSE to decline it
 * @error: return location for a #GError
 *
 * Accepts or declines an open suggestion, in one server transaction that
 * holds its row. Accepting applies it here as this laptop's own
 * correction, through the store function a correction uses
 * (lw_store_replace_round(), lw_store_insert_round(),
 * lw_store_delete_round(): one local transaction, in the edit log, sent
 * with the next sync), only while the game is at the version the
 * suggestion was made at; then the server notes the decision. Should the
 * server's commit fail after the local one, the game has moved on and
 * the suggestion can only be declined: it is never applied twice.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND for no open suggestion @id aimed at
 * this laptop; %LW_STORE_ERROR_INVALID when the game is not here or
 * changed since the suggestion was made ("game 3 changed since
 * suggestion 2 was made (version 4, now 5): decline it"); the engine's
 * and the store's for a correction refused; %LW_CLUB_ERROR codes.
 *
 * Returns: %TRUE when decided.
 */
gboolean lw_club_decide_suggestion (LwStore   *store,
                                    gint64     id,
                                    gboolean   accept,
                                    GError   **error);

/**
 * lw_club_add_admin:
 * @conninfo: a conninfo of the club's owner role
 * @name: the admin's name: 1 to 40 of a-z, 0-9 and _
 * @password: (nullable): the new login role's password, sent to the
 *   server as its SCRAM hash only (PQencryptPasswordConn()); %NULL for a
 *   role that logs in without one (peer or certificate authentication)
 * @role: (out) (transfer full): its login role, `lw_admin_` and @name
 * @error: return location for a #GError
 *
 * Adds a club admin (docs/CLUB-SERVER.md "The roster"): a login role that
 * owns nothing and is a member of `littlewolf_admin`, which may rename
 * and merge roster entries and decide merge requests, nothing else.
 *
 * Errors: %LW_CLUB_ERROR_INVALID for @name; %LW_CLUB_ERROR_SCHEMA for a
 * server of a schema before 3; as lw_club_add_origin() (a role taken:
 * %LW_CLUB_ERROR_FAILED).
 *
 * Returns: %TRUE when added.
 */
gboolean lw_club_add_admin (const char  *conninfo,
                            const char  *name,
                            const char  *password,
                            char       **role,
                            GError     **error);

/**
 * lw_club_roster_list:
 * @conninfo: a conninfo of any role of the club (laptop, admin, owner)
 * @merged: whether to list the entries merged into others too
 * @error: return location for a #GError
 *
 * The club's roster as the server holds it, sorted by name, then by
 * change number.
 *
 * Errors: %LW_CLUB_ERROR_CONNECT, %LW_CLUB_ERROR_SCHEMA (no roster: a
 * server before schema 3), %LW_CLUB_ERROR_FAILED.
 *
 * Returns: (transfer full) (element-type LwClubRosterEntry*) (nullable):
 *   the entries (@origin, @origin_name: the laptop that added each).
 */
GPtrArray *lw_club_roster_list (const char  *conninfo,
                                gboolean     merged,
                                GError     **error);

/**
 * lw_club_roster_rename:
 * @conninfo: a conninfo of a club admin's role (lw_club_add_admin())
 * @player: the entry: its UUID, or the name of exactly one entry not
 *   merged into another
 * @new_name: its new name (the names rule)
 * @error: return location for a #GError
 *
 * Renames a roster entry, in one transaction holding the push lock, at a
 * new change number: every laptop's next sync renames its local player
 * (lw_store_club_apply_roster()).
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a name the rule refuses;
 * %LW_CLUB_ERROR_NOT_FOUND, %LW_CLUB_ERROR_INVALID (a name of two
 * entries); %LW_CLUB_ERROR_REFUSED when the role is no admin; as
 * lw_club_roster_list().
 *
 * Returns: %TRUE when renamed (or the name was already that).
 */
gboolean lw_club_roster_rename (const char  *conninfo,
                                const char  *player,
                                const char  *new_name,
                                GError     **error);

/**
 * lw_club_roster_merge:
 * @conninfo: a conninfo of a club admin's role
 * @player: the entry that goes (a UUID, or a name of one entry)
 * @into: the entry that stays, another one
 * @error: return location for a #GError
 *
 * Two entries that are one person become one: @player's `merged_into` is
 * set to @into, in one transaction holding the push lock, at a new change
 * number. Every laptop's next sync merges the two local players
 * (lw_store_merge_players(); the ratings, computed from the stored
 * games, are then those of one player), and a pulled game naming
 * @player is @into's.
 *
 * Errors: %LW_CLUB_ERROR_INVALID for one entry twice or an entry merged
 * already; as lw_club_roster_rename().
 *
 * Returns: %TRUE when merged.
 */
gboolean lw_club_roster_merge (const char  *conninfo,
                               const char  *player,
                               const char  *into,
                               GError     **error);

/**
 * LwClubRequest:
 * @id: its number on the server
 * @laptop: (transfer full): the name of the laptop that asked
 * @player: (transfer full): the entry that goes, by UUID
 * @player_name: (transfer full): its name
 * @into: (transfer full): the entry that stays
 * @into_name: (transfer full): its name
 * @state: (transfer full): "waiting", "accepted", "declined" or
 *   "withdrawn" (the laptop undid its merge, server schema 5)
 *
 * A laptop's own merge, sent to the club's admin (`club roster requests`).
 */
typedef struct {
  gint64  id;
  char   *laptop;
  char   *player;
  char   *player_name;
  char   *into;
  char   *into_name;
  char   *state;
} LwClubRequest;

void lw_club_request_free (LwClubRequest *request);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwClubRequest, lw_club_request_free)

/**
 * lw_club_roster_requests:
 * @conninfo: a conninfo of any role of the club
 * @error: return location for a #GError
 *
 * Every merge request the laptops sent, in the order they came.
 *
 * Errors: as lw_club_roster_list().
 *
 * Returns: (transfer full) (element-type LwClubRequest*) (nullable): the
 *   requests.
 */
GPtrArray *lw_club_roster_requests (const char  *conninfo,
                                    GError     **error);

/**
 * lw_club_roster_decide:
 * @conninfo: a conninfo of a club admin's role
 * @id: the request's number
 * @accept: %TRUE to merge the two entries (lw_club_roster_merge()),
 *   %FALSE to refuse
 * @error: return location for a #GError
 *
 * `club roster accept N` / `decline N`, in one transaction holding the
 * push lock: the request is decided (accepted with the merge made, or
 * declined) and every laptop's next sync takes the merge.
 *
 * Errors: %LW_CLUB_ERROR_NOT_FOUND (no such request), %LW_CLUB_ERROR_INVALID
 * (decided or withdrawn already, or one of its entries merged since); as
 * lw_club_roster_merge().
 *
 * Returns: %TRUE when decided.
 */
gboolean lw_club_roster_decide (const char  *conninfo,
                                gint64       id,
                                gboolean     accept,
                                GError     **error);

/**
 * LwClubConflict:
 * @game: the local ID of this laptop's own game
 * @uuid: (transfer full): its id (UUID), which another laptop pushed first
 * @owner: (transfer full): the name of the laptop that owns that id on
 *   the server
 * @version: the version of the owner's game on the server
 * @deleted: the owner has deleted its game (the id stays the owner's)
 *
 * One record imported on two laptops (docs/CLUB-SERVER.md "Ownership and
 * conflicts"): this laptop's copy waits, never sent.
 */
typedef struct {
  gint64    game;
  char     *uuid;
  char     *owner;
  gint64    version;
  gboolean  deleted;
} LwClubConflict;

void lw_club_conflict_free (LwClubConflict *conflict);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwClubConflict, lw_club_conflict_free)

/**
 * lw_club_list_conflicts:
 * @store: a store joined to a club server
 * @error: return location for a #GError
 *
 * Asks the server which of this laptop's own games (by UUID) another
 * laptop owns there: those games wait, never sent, until resolved
 * (lw_club_resolve_conflict()). The UUIDs are sent 1,000 at a time, and
 * at most that many rows are read per batch. Blocks on the network: call
 * it from a worker thread in the app.
 *
 * Errors: %LW_CLUB_ERROR (the server: connection, schema, credentials),
 * %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (element-type LwClubConflict) (nullable): the
 *   conflicts, by UUID; %NULL on error.
 */
GPtrArray *lw_club_list_conflicts (LwStore  *store,
                                   GError  **error);

/**
 * lw_club_resolve_conflict:
 * @store: a store joined to a club server
 * @game: the local ID of this laptop's own game in a conflict
 * @keep_mine: %TRUE: game @game stays this laptop's, a new game with a
 *   new UUID (sent with the next sync), and the other laptop's game is
 *   held here beside it; %FALSE: game @game is replaced by the other
 *   laptop's, held here read-only as every other laptop's game is
 * @theirs_id: (out) (optional): the local ID of the other laptop's game
 *   once held here (0 when it has deleted it)
 * @error: return location for a #GError
 *
 * Reads the other laptop's game from the server (refused without being
 * read when over %LW_GAME_RECORD_MAX_BYTES), then ends the conflict in one
 * local transaction (lw_store_club_resolve_conflict()); the server is not
 * written to. Blocks on the network.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND (no game @game),
 * %LW_STORE_ERROR_INVALID ("game 12 is in no conflict: …"; a record
 * refused), %LW_CLUB_ERROR (the server), the engine's errors for a record
 * it refuses.
 *
 * Returns: %TRUE when resolved.
 */
gboolean lw_club_resolve_conflict (LwStore   *store,
                                   gint64     game,
                                   gboolean   keep_mine,
                                   gint64    *theirs_id,
                                   GError   **error);

G_END_DECLS
