/* lw-cli-club.c — littlewolf-cli: the club server (docs/CLUB-SERVER.md)
 *
 *   club init --conninfo C                the club's schema, created or migrated
 *   club add-origin NAME --conninfo C     a laptop's origin and login role
 *   club remove-origin NAME --conninfo C  a laptop revoked
 *   club origin-password NAME --conninfo C   a laptop's new password
 *   club join --conninfo C --origin UUID  this database becomes that laptop
 *   club sync                             push, then pull
 *   club status [--json]                  the sync's state, what waits
 *   club suggest GAME --replace N --round FILE | --insert N --round FILE
 *                     | --delete N          a correction of another
 *                                           laptop's game sent to it
 *   club suggestions [--json] [--limit N] [--offset N]
 *                                         those sent and those received
 *   club suggestion accept|decline N      the owner's decision
 *   club add-admin NAME --conninfo C      a club admin's login role
 *   club login --conninfo C               keeps a login's password
 *   club roster [--json] [--conninfo C]   the club's roster
 *   club roster rename PLAYER NEW-NAME --conninfo C   (an admin's)
 *   club roster merge PLAYER INTO --conninfo C        (an admin's)
 *   club roster requests [--json] [--conninfo C]      the laptops' merges
 *   club roster accept|decline N --conninfo C         (an admin's)
 *   club conflicts [--json]               own games another laptop's id holds
 *   club resolve GAME --keep-mine|--take-theirs   one conflict ended
 *
 * A password is read from standard input (--password-stdin), never from
 * the command line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "lw-cli.h"
#include "lw-club.h"

static const char club_usage[] =
  "Usage: littlewolf-cli [--db PATH] club SUBCOMMAND [OPTIONS]\n"
  "\n"
  "  club init --conninfo C    create or migrate the club's schema on the\n"
  "      PostgreSQL database C names (as the club's owner role); prints its version\n"
  "  club add-origin NAME --conninfo C [--password-stdin]\n"
  "      add a laptop (as the owner role): prints ORIGIN<TAB>ROLE, its UUID and\n"
  "      login role; the role's password is read from standard input\n"
  "  club remove-origin NAME --conninfo C\n"
  "      revoke a laptop (as the owner role): its role can no longer log in and\n"
  "      its sessions end; its games stay and keep counting\n"
  "  club origin-password NAME --conninfo C --password-stdin\n"
  "      give a laptop's role a new password, read from standard input\n"
  "  club join --conninfo C --origin UUID [--password-stdin]\n"
  "      this database syncs as that laptop with the server C names (C holds\n"
  "      no password; one read from standard input goes to the keyring, else\n"
  "      to ~/.config/little-wolf/club.pgpass, readable by you only)\n"
  "  club sync                 send what changed here, take what other laptops\n"
  "      changed: prints what was done\n"
  "  club status [--json]      the last push and pull, what waits to be sent\n"
  "      (games and events, and the deletions of each), what is held\n"
  "  club suggest GAME --replace N --round FILE|-\n"
  "  club suggest GAME --insert N --round FILE|-\n"
  "  club suggest GAME --delete N\n"
  "      send a correction of another laptop's game (read-only here) to that\n"
  "      laptop: round N replaced, a round inserted before round N (N = rounds\n"
  "      + 1 appends) or round N deleted; FILE holds the round's JSON\n"
  "      (GAME-RECORD.md, \"-\": standard input); prints the suggestion's number\n"
  "  club suggestions [--json] [--limit N] [--offset N]  the suggestions\n"
  "      sent from here and those aimed at this laptop's games, newest first,\n"
  "      N at a time (100; at most 500) from the --offset newest passed over:\n"
  "      NUMBER, STATE, from and to, the game (its ID here), the correction\n"
  "  club suggestion accept N   apply suggestion N to this laptop's game, as\n"
  "      its own correction (sent with the next sync)\n"
  "  club suggestion decline N  decline it\n"
  "  club add-admin NAME --conninfo C [--password-stdin]\n"
  "      add a club admin (as the owner role): prints its login role, lw_admin_NAME;\n"
  "      the role's password is read from standard input\n"
  "  club login --conninfo C --password-stdin\n"
  "      keep the password of the login C names (an admin's) where club commands\n"
  "      find it: the keyring, else ~/.config/little-wolf/club.pgpass\n"
  "  club roster [--json] [--merged] [--conninfo C]\n"
  "      the club's players: UUID, name, the laptop that added each (C: any\n"
  "      login of the club; without it, this database's club server)\n"
  "  club roster rename PLAYER NEW-NAME --conninfo C\n"
  "  club roster merge PLAYER INTO --conninfo C\n"
  "      as a club admin (C names its login): PLAYER is a UUID or a name of one\n"
  "      entry; every laptop's next sync renames or merges its players\n"
  "  club roster requests [--json] [--conninfo C]\n"
  "      the merges laptops sent (player merge on a club laptop): N, laptop,\n"
  "      the entry that goes, the one that stays, waiting|accepted|declined\n"
  "  club roster accept N --conninfo C / club roster decline N --conninfo C\n"
  "      as a club admin: make request N's merge, or refuse it\n"
  "  club conflicts [--json]   this laptop's games whose id another laptop sent\n"
  "      first (the same record imported on both): they wait, never sent.\n"
  "      GAME<TAB>UUID<TAB>OWNER (the laptop that owns the id), \"deleted\"\n"
  "      after it when the owner deleted its game\n"
  "  club resolve GAME --keep-mine\n"
  "      game GAME stays this laptop's as a new game (a new id, sent with the\n"
  "      next sync); the other laptop's is held here beside it\n"
  "  club resolve GAME --take-theirs\n"
  "      game GAME is replaced by the other laptop's (its edit log with it),\n"
  "      held here read-only as other laptops' games are\n"
  "      Either prints the other laptop's game's ID here (0: deleted there)\n"
  "\n"
  "C is a libpq conninfo (\"host=… port=… dbname=… user=… sslmode=…\").\n"
  "Exit status: 0 success, 1 could not be carried out (the server, the\n"
  "database), 2 invalid input.\n";

/* The value of option @name at argv[*i] (as "--name V"), moving *i on. */
static const char *
take_value (int      argc,
            char   **argv,
            int     *i,
            int     *status)
{
  if (*i + 1 >= argc || argv[*i + 1][0] == '\0')
    {
      *status = lw_cli_fail (LW_CLI_INVALID, "club: %s needs a value", argv[*i]);
      return NULL;
    }
  *i += 1;
  return argv[*i];
}

typedef struct {
  const char *conninfo;
  const char *origin;
  const char *name;
  gboolean    password_stdin;
  gboolean    json;
  gboolean    merged;
  /* Words after `club roster` (rename PLAYER NEW-NAME, merge PLAYER INTO). */
  const char *words[3];
  guint       n_words;
} Options;

static int
parse (const char  *command,
       int          argc,
       char       **argv,
       Options     *options)
{
  int status = LW_CLI_OK;

  for (int i = 2; i < argc; i++)
    {
      if (strcmp (argv[i], "--conninfo") == 0)
        options->conninfo = take_value (argc, argv, &i, &status);
      else if (strcmp (argv[i], "--origin") == 0)
        options->origin = take_value (argc, argv, &i, &status);
      else if (strcmp (argv[i], "--password-stdin") == 0)
        options->password_stdin = TRUE;
      else if (strcmp (argv[i], "--json") == 0
               && (strcmp (command, "status") == 0 || strcmp (command, "roster") == 0))
        options->json = TRUE;
      else if (strcmp (argv[i], "--merged") == 0 && strcmp (command, "roster") == 0)
        options->merged = TRUE;
      else if (argv[i][0] != '-' && options->name == NULL
               && (strcmp (command, "add-origin") == 0 || strcmp (command, "add-admin") == 0
                   || strcmp (command, "remove-origin") == 0
                   || strcmp (command, "origin-password") == 0))
        options->name = argv[i];
      else if (argv[i][0] != '-' && strcmp (command, "roster") == 0
               && options->n_words < G_N_ELEMENTS (options->words))
        options->words[options->n_words++] = argv[i];
      else
        return lw_cli_fail (LW_CLI_INVALID, "club %s: unexpected argument \"%s\" (see club --help)",
                            command, argv[i]);
      if (status != LW_CLI_OK)
        return status;
    }
  return LW_CLI_OK;
}

/* One line of standard input, without its newline; %NULL with a message
 * when there is none. */
static char *
read_password (void)
{
  char line[1024];
  gsize length;

  if (fgets (line, sizeof line, stdin) == NULL)
    return NULL;
  length = strcspn (line, "\r\n");
  line[length] = '\0';
  return length > 0 ? g_strdup (line) : NULL;
}

/* A club command's failure: status 2 for invalid input (a password or
 * a conninfo libpq cannot read, a request that cannot be as given), else
 * 1 (CLI.md). */
static int
fail_club (const GError *error)
{
  gboolean invalid = (error->domain == LW_CLUB_ERROR
                      && (error->code == LW_CLUB_ERROR_CREDENTIALS
                          || error->code == LW_CLUB_ERROR_INVALID))
                     || (error->domain == LW_STORE_ERROR && error->code == LW_STORE_ERROR_INVALID);

  return invalid ? lw_cli_fail (LW_CLI_INVALID, "%s", error->message) : lw_cli_fail_error (error);
}

static int
cmd_init (const Options *options)
{
  g_autoptr (GError) error = NULL;
  int version = 0;

  if (options->conninfo == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "club init: --conninfo is needed");
  if (!lw_club_init (options->conninfo, &version, &error))
    return fail_club (error);
  printf ("schema version %d\n", version);
  return LW_CLI_OK;
}

static int
cmd_add_origin (const Options *options)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *password = NULL;
  g_autofree char *origin = NULL;
  g_autofree char *role = NULL;

  if (options->conninfo == NULL || options->name == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "club add-origin: a NAME and --conninfo are needed");
  if (options->password_stdin && (password = read_password ()) == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "club add-origin: no password on standard input");
  if (!lw_club_add_origin (options->conninfo, options->name, password, &origin, &role, &error))
    return fail_club (error);
  printf ("%s\t%s\n", origin, role);
  return LW_CLI_OK;
}

/* `club remove-origin NAME --conninfo C` and `club origin-password NAME
 * --conninfo C` (the new password on standard input, as add-origin). */
static int
cmd_change_origin (const char    *command,
                   const Options *options)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *password = NULL;
  gboolean ok;

  if (options->conninfo == NULL || options->name == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "club %s: a NAME and --conninfo are needed", command);
  if (strcmp (command, "remove-origin") == 0)
    ok = lw_club_remove_origin (options->conninfo, options->name, &error);
  else if ((password = read_password ()) == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "club origin-password: no password on standard input");
  else
    ok = lw_club_set_origin_password (options->conninfo, options->name, password, &error);
  if (!ok && error->domain == LW_CLUB_ERROR && error->code == LW_CLUB_ERROR_NOT_FOUND)
    return lw_cli_fail (LW_CLI_INVALID, "%s", error->message);
  return ok ? LW_CLI_OK : fail_club (error);
}

static int
cmd_join (LwCliContext  *ctx,
          const Options *options)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autofree char *password = NULL;

  if (options->conninfo == NULL || options->origin == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "club join: --conninfo and --origin are needed");
  if (options->password_stdin && (password = read_password ()) == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "club join: no password on standard input");
  store = lw_cli_open_store (ctx, TRUE, &error);
  if (store == NULL)
    return lw_cli_fail_error (error);
  if (!lw_club_join (store, options->conninfo, options->origin, password, NULL, &error))
    return fail_club (error);
  /* Joined all the same: the warning on standard error. */
  {
    g_autofree char *warning = lw_club_tls_warning (options->conninfo);

    if (warning != NULL)
      lw_cli_fail (LW_CLI_OK, "%s", warning);
  }
  return LW_CLI_OK;
}

/* @seconds (since 1970, UTC) as ISO 8601, %NULL for 0: never. */
static char *
format_time (gint64 seconds)
{
  g_autoptr (GDateTime) time = seconds > 0 ? g_date_time_new_from_unix_utc (seconds) : NULL;

  return time != NULL ? g_date_time_format_iso8601 (time) : NULL;
}

/* Member @name: format_time() of @seconds, or null. */
static void
add_time (JsonBuilder *builder,
          const char  *name,
          gint64       seconds)
{
  g_autofree char *text = format_time (seconds);

  lw_json_builder_add_nullable_string (builder, name, text);
}

static int
cmd_add_admin (const Options *options)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *password = NULL;
  g_autofree char *role = NULL;

  if (options->conninfo == NULL || options->name == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "club add-admin: a NAME and --conninfo are needed");
  if (options->password_stdin && (password = read_password ()) == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "club add-admin: no password on standard input");
  if (!lw_club_add_admin (options->conninfo, options->name, password, &role, &error))
    return fail_club (error);
  printf ("%s\n", role);
  return LW_CLI_OK;
}

static int
cmd_login (const Options *options)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *password = NULL;

  if (options->conninfo == NULL || !options->password_stdin)
    return lw_cli_fail (LW_CLI_INVALID, "club login: --conninfo and --password-stdin are needed");
  if ((password = read_password ()) == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "club login: no password on standard input");
  if (!lw_club_save_password (options->conninfo, password, NULL, &error))
    return fail_club (error);
  return LW_CLI_OK;
}

/* Adds one of a list's items as the members of the object being built. */
typedef void (*AddMembersFunc) (JsonBuilder   *builder,
                                gconstpointer  item);
/* Prints one of a list's items as a line of text, tab-separated. */
typedef void (*PrintLineFunc) (gconstpointer item);

/* Prints @items, with --json as a JSON array (lw_json_builder_to_text()'s
 * layout) of one object each, its members from @add_members, else a line
 * each from @print_line: the output of club roster, club roster requests
 * and club suggestions. */
static int
print_list (GPtrArray      *items,
            gboolean        json,
            AddMembersFunc  add_members,
            PrintLineFunc   print_line)
{
  g_autoptr (JsonBuilder) builder = NULL;
  g_autofree char *text = NULL;

  if (!json)
    {
      for (guint i = 0; i < items->len; i++)
        print_line (g_ptr_array_index (items, i));
      return LW_CLI_OK;
    }
  builder = json_builder_new ();
  json_builder_begin_array (builder);
  for (guint i = 0; i < items->len; i++)
    {
      json_builder_begin_object (builder);
      add_members (builder, g_ptr_array_index (items, i));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  text = lw_json_builder_to_text (builder);
  fputs (text, stdout);
  return LW_CLI_OK;
}

static void
add_roster_entry (JsonBuilder   *builder,
                  gconstpointer  item)
{
  const LwClubRosterEntry *entry = item;

  lw_json_builder_add_nullable_string (builder, "uuid", entry->uuid);
  lw_json_builder_add_nullable_string (builder, "name", entry->name);
  lw_json_builder_add_nullable_string (builder, "laptop", entry->origin_name);
  lw_json_builder_add_nullable_string (builder, "merged_into", entry->merged_into);
}

static void
print_roster_entry (gconstpointer item)
{
  const LwClubRosterEntry *entry = item;
  g_autofree char *uuid = lw_cli_escape_text (entry->uuid);
  g_autofree char *name = lw_cli_escape_text (entry->name);
  g_autofree char *laptop = lw_cli_escape_text (entry->origin_name);
  g_autofree char *into = lw_cli_escape_text (entry->merged_into);

  printf ("%s\t%s\t%s%s%s\n", uuid, name, laptop,
          into != NULL ? "\tmerged into " : "", into != NULL ? into : "");
}

static void
add_request (JsonBuilder   *builder,
             gconstpointer  item)
{
  const LwClubRequest *request = item;

  lw_json_builder_add_int (builder, "id", request->id);
  lw_json_builder_add_nullable_string (builder, "laptop", request->laptop);
  lw_json_builder_add_nullable_string (builder, "player", request->player);
  lw_json_builder_add_nullable_string (builder, "player_name", request->player_name);
  lw_json_builder_add_nullable_string (builder, "into", request->into);
  lw_json_builder_add_nullable_string (builder, "into_name", request->into_name);
  lw_json_builder_add_nullable_string (builder, "state", request->state);
}

static void
print_request (gconstpointer item)
{
  const LwClubRequest *request = item;
  g_autofree char *laptop = lw_cli_escape_text (request->laptop);
  g_autofree char *player = lw_cli_escape_text (request->player_name);
  g_autofree char *into = lw_cli_escape_text (request->into_name);

  printf ("%" G_GINT64_FORMAT "\t%s\t%s\t%s\t%s\n", request->id, laptop, player, into, request->state);
}

/* The conninfo of --conninfo, else of the database's club server. */
static const char *
roster_conninfo (LwCliContext   *ctx,
                 const Options  *options,
                 LwClubState   **state,
                 int            *status)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;

  if (options->conninfo != NULL)
    return options->conninfo;
  if (lw_cli_store_missing (ctx))
    {
      *status = LW_CLI_FAILED;
      return NULL;
    }
  store = lw_cli_open_store (ctx, FALSE, &error);
  if (store == NULL || (*state = lw_store_club_get_state (store, FALSE, &error)) == NULL)
    {
      *status = lw_cli_fail_error (error);
      return NULL;
    }
  return (*state)->conninfo;
}

/* A roster command's failure: 2 for a request that cannot be (an
 * unknown or ambiguous player or request), else as fail_club(). */
static int
fail_roster (const GError *error)
{
  if (error->domain == LW_CLUB_ERROR
      && (error->code == LW_CLUB_ERROR_INVALID || error->code == LW_CLUB_ERROR_NOT_FOUND))
    return lw_cli_fail (LW_CLI_INVALID, "%s", error->message);
  return fail_club (error);
}

static int
cmd_roster (LwCliContext  *ctx,
            const Options *options)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (LwClubState) state = NULL;
  const char *verb = options->n_words > 0 ? options->words[0] : NULL;
  const char *conninfo = options->conninfo;

  int status = LW_CLI_OK;

  if (verb != NULL && strcmp (verb, "rename") != 0 && strcmp (verb, "merge") != 0
      && strcmp (verb, "requests") != 0 && strcmp (verb, "accept") != 0
      && strcmp (verb, "decline") != 0)
    return lw_cli_fail (LW_CLI_INVALID, "club roster: unknown subcommand \"%s\" (see club --help)",
                        verb);
  if (verb != NULL && (strcmp (verb, "rename") == 0 || strcmp (verb, "merge") == 0))
    {
      gboolean ok;

      if (options->n_words != 3 || conninfo == NULL)
        return lw_cli_fail (LW_CLI_INVALID,
                            "club roster %s: PLAYER, %s and an admin's --conninfo are needed",
                            verb, strcmp (verb, "rename") == 0 ? "NEW-NAME" : "INTO");
      ok = strcmp (verb, "rename") == 0
           ? lw_club_roster_rename (conninfo, options->words[1], options->words[2], &error)
           : lw_club_roster_merge (conninfo, options->words[1], options->words[2], &error);
      return ok ? LW_CLI_OK : fail_roster (error);
    }
  if (verb != NULL && (strcmp (verb, "accept") == 0 || strcmp (verb, "decline") == 0))
    {
      char *end = NULL;
      gint64 id = options->n_words == 2 ? g_ascii_strtoll (options->words[1], &end, 10) : 0;

      if (options->n_words != 2 || conninfo == NULL || end == NULL || *end != '\0' || id <= 0)
        return lw_cli_fail (LW_CLI_INVALID,
                            "club roster %s: a request's number N and an admin's --conninfo are needed",
                            verb);
      if (!lw_club_roster_decide (conninfo, id, strcmp (verb, "accept") == 0, &error))
        return fail_roster (error);
      return LW_CLI_OK;
    }
  if (options->n_words > 1)
    return lw_cli_fail (LW_CLI_INVALID, "club roster: unexpected argument \"%s\"",
                        options->words[1]);
  conninfo = roster_conninfo (ctx, options, &state, &status);
  if (conninfo == NULL)
    return status;
  if (verb != NULL)
    {
      g_autoptr (GPtrArray) requests = lw_club_roster_requests (conninfo, &error);

      return requests != NULL ? print_list (requests, options->json, add_request, print_request) : fail_club (error);
    }
  entries = lw_club_roster_list (conninfo, options->merged, &error);
  if (entries == NULL)
    return fail_club (error);
  return print_list (entries, options->json, add_roster_entry, print_roster_entry);
}

static void
print_time (const char *label,
            gint64      seconds)
{
  g_autofree char *text = format_time (seconds);

  printf ("%s: %s\n", label, text != NULL ? text : "never");
}

/* `club status --json`: one object of the state's members (times as
 * ISO 8601 in UTC, null: never). */
static char *
status_json (const LwClubState *state)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  lw_json_builder_add_string (builder, "server", state->conninfo);
  lw_json_builder_add_string (builder, "origin", state->origin);
  lw_json_builder_add_nullable_string (builder, "club", state->club);
  add_time (builder, "last_push", state->pushed_at);
  add_time (builder, "last_pull", state->pulled_at);
  lw_json_builder_add_int (builder, "pushes", state->push_counter);
  lw_json_builder_add_int (builder, "pulled_up_to", state->pull_seq);
  json_builder_set_member_name (builder, "waiting");
  json_builder_begin_object (builder);
  lw_json_builder_add_int (builder, "games", state->waiting);
  lw_json_builder_add_int (builder, "game_deletions", state->waiting_deletions);
  lw_json_builder_add_int (builder, "events", state->waiting_events);
  lw_json_builder_add_int (builder, "event_deletions", state->waiting_event_deletions);
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "held");
  json_builder_begin_object (builder);
  lw_json_builder_add_int (builder, "games", state->held);
  lw_json_builder_add_int (builder, "events", state->held_events);
  json_builder_end_object (builder);
  json_builder_end_object (builder);
  return lw_json_builder_to_text (builder);
}

static int
cmd_status (LwCliContext *ctx,
            gboolean      json)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (LwClubState) state = NULL;

  if (lw_cli_store_missing (ctx))
    return LW_CLI_FAILED;
  store = lw_cli_open_store (ctx, FALSE, &error);
  if (store == NULL || (state = lw_store_club_get_state (store, TRUE, &error)) == NULL)
    return lw_cli_fail_error (error);
  if (json)
    {
      g_autofree char *text = status_json (state);

      fputs (text, stdout);
      return LW_CLI_OK;
    }
  /* The conninfo is the user's, the club's UUID the server's: escaped,
   * so that neither drives the terminal nor forges a line. */
  {
    g_autofree char *server = lw_cli_escape_text (state->conninfo);
    g_autofree char *origin = lw_cli_escape_text (state->origin);
    g_autofree char *club = lw_cli_escape_text (state->club);

    printf ("server: %s\n", server);
    printf ("origin: %s\n", origin);
    printf ("club: %s\n", club != NULL ? club : "not synced yet");
  }
  print_time ("last push", state->pushed_at);
  print_time ("last pull", state->pulled_at);
  printf ("pushes: %" G_GINT64_FORMAT "\n", state->push_counter);
  printf ("pulled up to change: %" G_GINT64_FORMAT "\n", state->pull_seq);
  printf ("waiting: %" G_GINT64_FORMAT " games, %" G_GINT64_FORMAT " deletions\n",
          state->waiting, state->waiting_deletions);
  printf ("waiting events: %" G_GINT64_FORMAT " events, %" G_GINT64_FORMAT " deletions\n",
          state->waiting_events, state->waiting_event_deletions);
  printf ("held from other laptops: %" G_GINT64_FORMAT " games, %" G_GINT64_FORMAT " events\n",
          state->held, state->held_events);
  return LW_CLI_OK;
}

static int
cmd_sync (LwCliContext *ctx)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GPtrArray) refusals = g_ptr_array_new_with_free_func (g_free);
  LwClubSyncResult result;

  if (lw_cli_store_missing (ctx))
    return LW_CLI_FAILED;
  /* Each step of the sync commits on its own (lw_club_sync()). */
  store = lw_cli_open_store_to_serve (ctx, &error);
  if (store == NULL)
    return lw_cli_fail_error (error);
  if (!lw_club_sync_with_refusals (store, &result, refusals, &error))
    return fail_club (error);
  printf ("pushed %u, deleted %u, pulled %u, conflicts %u%s\n", result.pushed, result.deleted,
          result.pulled, result.conflicts, result.restarted ? ", new sync after a restore" : "");
  /* Another laptop's row this database refuses: the sync goes on, and
   * each is told on standard error. */
  if (result.refused > 0)
    printf ("refused %u\n", result.refused);
  /* Own games the server holds later versions of (a database restored
   * from an older backup): each is named on standard error. */
  if (result.taken_back > 0)
    printf ("taken back from the server %u\n", result.taken_back);
  for (guint i = 0; i < refusals->len; i++)
    lw_cli_fail (LW_CLI_OK, "%s", (const char *) g_ptr_array_index (refusals, i));
  if (result.events_pushed > 0 || result.events_pulled > 0)
    printf ("events pushed %u, pulled %u\n", result.events_pushed, result.events_pulled);
  if (result.roster_pushed > 0 || result.roster_pulled > 0)
    printf ("roster entries pushed %u, pulled %u\n", result.roster_pushed, result.roster_pulled);
  return LW_CLI_OK;
}

/* fail_club() for a suggestion's correction: one the engine refuses is
 * invalid input (status 2). */
static int
fail_correction (const GError *error)
{
  return error->domain == LW_ENGINE_ERROR ? lw_cli_fail (LW_CLI_INVALID, "%s", error->message)
                                          : fail_club (error);
}

/* `club suggest GAME --replace N --round FILE | --insert N --round FILE
 * | --delete N`. */
static int
cmd_suggest (LwCliContext  *ctx,
             int            argc,
             char         **argv)
{
  static const char *const kinds[] = { "--replace", "--insert", "--delete" };
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (LwStoredGame) stored = NULL;
  g_autoptr (LwRound) round = NULL;
  g_autofree char *text = NULL;
  const char *round_file = NULL;
  LwEdit edit = { LW_EDIT_REPLACE, 0, NULL };
  gboolean has_kind = FALSE;
  gint64 game = 0;
  gint64 number = 0;
  gint64 id = 0;
  gsize length = 0;

  if (argc < 3 || !lw_cli_parse_positive (argv[2], G_MAXINT64, &game))
    return lw_cli_fail (LW_CLI_INVALID, "club suggest: a game ID is needed (see club --help)");
  for (int i = 3; i < argc; i++)
    {
      gboolean known = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        if (strcmp (argv[i], kinds[k]) == 0)
          {
            if (has_kind || i + 1 >= argc || !lw_cli_parse_positive (argv[i + 1], G_MAXUINT, &number))
              return lw_cli_fail (LW_CLI_INVALID,
                                  "club suggest: one of --replace, --insert or --delete, "
                                  "with a round number");
            edit.kind = (LwEditKind) k;
            edit.number = (guint) number;
            has_kind = known = TRUE;
            i++;
          }
      if (!known && strcmp (argv[i], "--round") == 0 && i + 1 < argc && round_file == NULL)
        {
          round_file = argv[++i];
          known = TRUE;
        }
      if (!known)
        return lw_cli_fail (LW_CLI_INVALID, "club suggest: unexpected argument \"%s\" "
                                            "(see club --help)", argv[i]);
    }
  if (!has_kind)
    return lw_cli_fail (LW_CLI_INVALID, "club suggest: --replace N, --insert N or --delete N is needed");
  if ((edit.kind == LW_EDIT_DELETE) != (round_file == NULL))
    return lw_cli_fail (LW_CLI_INVALID,
                        edit.kind == LW_EDIT_DELETE
                        ? "club suggest: --delete takes no --round"
                        : "club suggest: --replace and --insert need --round FILE (\"-\": standard input)");
  if (lw_cli_store_missing (ctx))
    return LW_CLI_FAILED;
  store = lw_cli_open_store (ctx, FALSE, &error);
  if (store == NULL || (round_file != NULL && (stored = lw_store_load_game (store, game, &error)) == NULL))
    return lw_cli_fail_error (error);
  if (round_file != NULL)
    {
      if (!lw_cli_read_input (round_file, &text, &length, &error))
        return lw_cli_fail_error (error);
      round = lw_round_from_json (stored->record, text, (gssize) length, edit.number, &error);
      if (round == NULL)
        return lw_cli_fail (LW_CLI_INVALID, "%s", error->message);
      edit.round = round;
    }
  if (!lw_club_suggest (store, game, &edit, &id, &error))
    return fail_correction (error);
  printf ("%" G_GINT64_FORMAT "\n", id);
  return LW_CLI_OK;
}

/* A suggestion's correction in words: "replace round 2". */
static const char *
correction_name (LwEditKind kind)
{
  return kind == LW_EDIT_REPLACE ? "replace" : kind == LW_EDIT_INSERT ? "insert" : "delete";
}

static void
add_suggestion (JsonBuilder   *builder,
                gconstpointer  item)
{
  const LwClubSuggestion *suggestion = item;
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *parsed = suggestion->round != NULL
                     ? lw_json_parse_checked (parser, suggestion->round, -1, "the round", NULL)
                     : NULL;
  g_autoptr (JsonNode) round = parsed != NULL ? json_node_copy (parsed) : NULL;

  lw_json_builder_add_int (builder, "number", suggestion->id);
  lw_json_builder_add_string (builder, "state", suggestion->state);
  lw_json_builder_add_boolean (builder, "incoming", suggestion->incoming);
  lw_json_builder_add_string (builder, "from", suggestion->from);
  lw_json_builder_add_string (builder, "to", suggestion->to);
  lw_json_builder_add_string (builder, "game_uuid", suggestion->game);
  json_builder_set_member_name (builder, "game");
  if (suggestion->local > 0)
    json_builder_add_int_value (builder, suggestion->local);
  else
    json_builder_add_null_value (builder);
  lw_json_builder_add_int (builder, "version", suggestion->version);
  lw_json_builder_add_string (builder, "kind", correction_name (suggestion->kind));
  lw_json_builder_add_int (builder, "round_number", suggestion->number);
  json_builder_set_member_name (builder, "round");
  if (round != NULL)
    json_builder_add_value (builder, g_steal_pointer (&round));
  else
    json_builder_add_null_value (builder);
  add_time (builder, "made", suggestion->made);
}

static void
print_suggestion (gconstpointer item)
{
  const LwClubSuggestion *suggestion = item;
  g_autofree char *game = suggestion->local > 0
                          ? g_strdup_printf ("game %" G_GINT64_FORMAT, suggestion->local)
                          : g_strdup_printf ("game %s (not here)", suggestion->game);
  g_autofree char *shown_game = lw_cli_escape_text (game);
  g_autofree char *laptop = lw_cli_escape_text (suggestion->incoming ? suggestion->from : suggestion->to);

  printf ("%" G_GINT64_FORMAT "\t%s\t%s \u201c%s\u201d\t%s\t%s round %u\n", suggestion->id,
          suggestion->state, suggestion->incoming ? "from" : "to", laptop, shown_game,
          correction_name (suggestion->kind), suggestion->number);
}

/* Suggestions listed at once without --limit. */
#define SUGGESTIONS_PAGE 100

static int
cmd_suggestions (LwCliContext *ctx,
                 int           argc,
                 char        **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GPtrArray) suggestions = NULL;
  gboolean json = FALSE;
  gboolean more = FALSE;
  guint64 offset = 0, limit = SUGGESTIONS_PAGE;
  int status;

  for (int i = 2; i < argc; i++)
    {
      gboolean is_limit = strcmp (argv[i], "--limit") == 0;

      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if ((is_limit || strcmp (argv[i], "--offset") == 0) && i + 1 < argc)
        {
          if (!g_ascii_string_to_unsigned (argv[++i], 10, is_limit ? 1 : 0,
                                           is_limit ? LW_CLUB_SUGGESTIONS_MAX_PAGE : G_MAXUINT,
                                           is_limit ? &limit : &offset, NULL))
            return lw_cli_fail (LW_CLI_INVALID, "club suggestions: %s \"%s\": a number%s",
                                argv[i - 1], argv[i],
                                is_limit ? " from 1 to " G_STRINGIFY (LW_CLUB_SUGGESTIONS_MAX_PAGE)
                                         : " from 0");
        }
      else
        return lw_cli_fail (LW_CLI_INVALID, "club suggestions: unexpected argument \"%s\" "
                                            "(see club --help)", argv[i]);
    }
  if (lw_cli_store_missing (ctx))
    return LW_CLI_FAILED;
  store = lw_cli_open_store (ctx, FALSE, &error);
  if (store == NULL
      || (suggestions = lw_club_list_suggestions (store, (guint) offset, (guint) limit, &more,
                                                  &error)) == NULL)
    return fail_club (error);
  status = print_list (suggestions, json, add_suggestion, print_suggestion);
  if (more)
    fprintf (stderr, "littlewolf-cli: club suggestions: more are left: --offset %" G_GUINT64_FORMAT
             " lists the next ones\n", offset + limit);
  return status;
}

/* `club suggestion accept|decline N`. */
static int
cmd_suggestion (LwCliContext  *ctx,
                int            argc,
                char         **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  gboolean accept = argc >= 3 && strcmp (argv[2], "accept") == 0;
  gint64 id = 0;

  if (argc != 4 || (!accept && strcmp (argv[2], "decline") != 0)
      || !lw_cli_parse_positive (argv[3], G_MAXINT64, &id))
    return lw_cli_fail (LW_CLI_INVALID, "club suggestion: accept N or decline N (see club --help)");
  if (lw_cli_store_missing (ctx))
    return LW_CLI_FAILED;
  /* The correction commits on its own, inside the server's transaction
   * (lw_club_decide_suggestion()). */
  store = lw_cli_open_store_to_serve (ctx, &error);
  if (store == NULL)
    return lw_cli_fail_error (error);
  if (!lw_club_decide_suggestion (store, id, accept, &error))
    return fail_correction (error);
  return LW_CLI_OK;
}

static void
add_conflict (JsonBuilder   *builder,
              gconstpointer  item)
{
  const LwClubConflict *conflict = item;

  lw_json_builder_add_int (builder, "game", conflict->game);
  json_builder_set_member_name (builder, "uuid");
  json_builder_add_string_value (builder, conflict->uuid);
  json_builder_set_member_name (builder, "owner");
  json_builder_add_string_value (builder, conflict->owner);
  lw_json_builder_add_int (builder, "version", conflict->version);
  json_builder_set_member_name (builder, "deleted");
  json_builder_add_boolean_value (builder, conflict->deleted);
}

static void
print_conflict (gconstpointer item)
{
  const LwClubConflict *conflict = item;

  printf ("%" G_GINT64_FORMAT "\t%s\t%s%s\n", conflict->game, conflict->uuid, conflict->owner,
          conflict->deleted ? "\tdeleted" : "");
}

/* `club conflicts [--json]`. */
static int
cmd_conflicts (LwCliContext *ctx,
               int           argc,
               char        **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GPtrArray) conflicts = NULL;
  gboolean json = argc == 3 && strcmp (argv[2], "--json") == 0;

  if (argc > 3 || (argc == 3 && !json))
    return lw_cli_fail (LW_CLI_INVALID, "club conflicts: unexpected argument \"%s\" "
                                        "(see club --help)", argv[argc - 1]);
  if (lw_cli_store_missing (ctx))
    return LW_CLI_FAILED;
  store = lw_cli_open_store (ctx, FALSE, &error);
  if (store == NULL || (conflicts = lw_club_list_conflicts (store, &error)) == NULL)
    return fail_club (error);
  return print_list (conflicts, json, add_conflict, print_conflict);
}

/* `club resolve GAME --keep-mine|--take-theirs`. */
static int
cmd_resolve (LwCliContext  *ctx,
             int            argc,
             char         **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  const char *how = argc == 4 ? argv[3] : "";
  gboolean keep_mine = strcmp (how, "--keep-mine") == 0;
  gint64 game = 0;
  gint64 theirs = 0;

  if (argc != 4 || !lw_cli_parse_positive (argv[2], G_MAXINT64, &game)
      || (!keep_mine && strcmp (how, "--take-theirs") != 0))
    return lw_cli_fail (LW_CLI_INVALID, "club resolve: GAME --keep-mine or GAME --take-theirs "
                                        "(see club --help)");
  if (lw_cli_store_missing (ctx))
    return LW_CLI_FAILED;
  /* The local change commits on its own (lw_club_resolve_conflict()). */
  store = lw_cli_open_store_to_serve (ctx, &error);
  if (store == NULL)
    return lw_cli_fail_error (error);
  if (!lw_club_resolve_conflict (store, game, keep_mine, &theirs, &error))
    return fail_club (error);
  printf ("%" G_GINT64_FORMAT "\n", theirs);
  return LW_CLI_OK;
}

int
lw_cli_cmd_club (LwCliContext *ctx,
                 int           argc,
                 char        **argv)
{
  Options options = { 0 };
  const char *command = argc >= 2 ? argv[1] : NULL;
  int status;

  if (command == NULL || strcmp (command, "--help") == 0 || strcmp (command, "-h") == 0)
    {
      fputs (club_usage, command != NULL ? stdout : stderr);
      return command != NULL ? LW_CLI_OK : LW_CLI_INVALID;
    }
  if (strcmp (command, "suggest") == 0)
    return cmd_suggest (ctx, argc, argv);
  if (strcmp (command, "suggestions") == 0)
    return cmd_suggestions (ctx, argc, argv);
  if (strcmp (command, "suggestion") == 0)
    return cmd_suggestion (ctx, argc, argv);
  if (strcmp (command, "conflicts") == 0)
    return cmd_conflicts (ctx, argc, argv);
  if (strcmp (command, "resolve") == 0)
    return cmd_resolve (ctx, argc, argv);
  if ((status = parse (command, argc, argv, &options)) != LW_CLI_OK)
    return status;
  if (strcmp (command, "init") == 0)
    return cmd_init (&options);
  if (strcmp (command, "add-origin") == 0)
    return cmd_add_origin (&options);
  if (strcmp (command, "join") == 0)
    return cmd_join (ctx, &options);
  if (strcmp (command, "sync") == 0)
    return cmd_sync (ctx);
  if (strcmp (command, "status") == 0)
    return cmd_status (ctx, options.json);
  if (strcmp (command, "add-admin") == 0)
    return cmd_add_admin (&options);
  if (strcmp (command, "login") == 0)
    return cmd_login (&options);
  if (strcmp (command, "roster") == 0)
    return cmd_roster (ctx, &options);
  if (strcmp (command, "remove-origin") == 0 || strcmp (command, "origin-password") == 0)
    return cmd_change_origin (command, &options);
  return lw_cli_fail (LW_CLI_INVALID, "club: unknown subcommand \"%s\" (see club --help)", command);
}
