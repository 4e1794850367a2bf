/* lw-cli.c — littlewolf-cli: command dispatch and `score` (docs/rules/CLI.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "lw-cli.h"
#include "lw-engine.h"

static const char usage[] =
  "Usage: littlewolf-cli [--db PATH] COMMAND [ARGS]\n"
  "\n"
  "Commands:\n"
  "  score [--text] [FILE|-]   the standings of a game record\n"
  "  games                     the stored games, newest first\n"
  "  show [--text] ID          the standings of a stored game\n"
  "  import [--as-new] FILE|-  store a game record; prints its ID (--as-new:\n"
  "                            a copy of a game already stored)\n"
  "  import [--as-new] DIR|FILE|-\n"
  "                            many records: every *.json of a folder, JSON\n"
  "                            Lines or a JSON array (see import --help)\n"
  "  export ID                 the game record of a stored game\n"
  "  export --all              every stored game, one record per line\n"
  "  game delete ID            delete a stored game (see game --help)\n"
  "  round replace|insert|delete ID N [--round FILE|-]\n"
  "                            correct a stored game: round N replaced, a round\n"
  "                            inserted before round N, round N deleted\n"
  "                            (see round --help)\n"
  "  event SUBCOMMAND ...      run an event: new, add, checkin, drop, pair,\n"
  "                            seating, result, standings, wall, list, rename,\n"
  "                            delete\n"
  "                            (see event --help)\n"
  "  player list|rename OLD NEW|merge FROM INTO|delete NAME\n"
  "                            the stored players (see player --help)\n"
  "  ratings [--ladder L] [--json] [--from DAY] [--to DAY] [--event ID] [--trend N]\n"
  "                            the players' ratings (see ratings --help)\n"
  "  play --players N [--partners] --seed S --bots LEVEL [--playouts P]\n"
  "                            a whole game by computer seats, as a game record\n"
  "  duel --a LEVEL --b LEVEL --games N [--players N] [--partners] [--seed S]\n"
  "       [--playouts P]       computer seats of two levels play N games; prints\n"
  "                            the wins, A's win rate with its 95% interval\n"
  "                            and the move times (see duel --help)\n"
  "  legal --trump T --lead CARDS --hand CARDS [--players N]\n"
  "                            the legal follows of a hand\n"
  "  trick --trump T --lead CARDS --plays \"CARDS;CARDS;…\" [--players N]\n"
  "                            the index of the play that wins a trick\n"
  "  entry serve --event ID | --game ID [--address A] [--port P]\n"
  "                            table entry from phones without the app: prints\n"
  "                            each table's link, serves until stopped\n"
  "                            (see entry --help)\n"
  "  host --players N --names A,B,… --seats remote,computer:LEVEL,… [--partners]\n"
  "       [--seed S] [--address A] [--port P]\n"
  "                            a virtual table played from other devices:\n"
  "                            prints each remote seat's link, serves until\n"
  "                            the game ends (see host --help)\n"
  "  club init|add-origin|join|sync|status|suggest|suggestions|suggestion|\n"
  "       add-admin|login|roster|conflicts|resolve\n"
  "                            share games with a club's PostgreSQL server\n"
  "                            (see club --help)\n"
  "\n"
  "Exit status: 0 success, 1 could not be carried out, 2 invalid input.\n";

/* @text with its control characters escaped (lw_cli_escape_text()), LF,
 * CR LF (a CSV's line end) and tab kept when @keep_layout. */
static char *
escape_controls (const char *text,
                 gboolean    keep_layout)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (keep_layout && (c == '\n' || c == '\t' || (c == '\r' && p[1] == '\n')))
        g_string_append_c (out, (char) c);
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else if (c >= 0x80 && c <= 0x9f)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  return g_string_free (out, FALSE);
}

int
lw_cli_fail (int         status,
             const char *format,
             ...)
{
  va_list args;
  g_autofree char *raw = NULL;
  g_autofree char *message = NULL;

  va_start (args, format);
  raw = g_strdup_vprintf (format, args);
  va_end (args);

  /* One line, whatever the message holds, valid UTF-8 (a parser may
   * quote bad bytes) and no other control character than a tab (a name
   * quoted cannot drive the terminal). */
  g_strdelimit (raw, "\r\n", ' ');
  message = escape_controls (raw, TRUE);
  fflush (stdout);
  fprintf (stderr, "littlewolf-cli: %s\n", message);
  return status;
}

int
lw_cli_fail_error (const GError *error)
{
  int status = error->domain == LW_ENGINE_ERROR ? LW_CLI_INVALID : LW_CLI_FAILED;
  return lw_cli_fail (status, "%s", error->message);
}

int
lw_cli_fail_refused (const GError *error)
{
  if (error->domain == LW_STORE_ERROR && error->code == LW_STORE_ERROR_INVALID)
    return lw_cli_fail (LW_CLI_INVALID, "%s", error->message);
  return lw_cli_fail_error (error);
}

int
lw_cli_status (gboolean      ok,
               const GError *error)
{
  return ok ? LW_CLI_OK : lw_cli_fail_error (error);
}

gboolean
lw_cli_read_input (const char  *name,
                   char       **contents,
                   gsize       *length,
                   GError     **error)
{
  if (name == NULL || strcmp (name, "-") == 0)
    return lw_import_read_bytes (stdin, "standard input", NULL, contents, length, error);
  return lw_import_read_bytes (NULL, name, NULL, contents, length, error);
}

gboolean
lw_cli_store_missing (LwCliContext *ctx)
{
  g_autofree char *default_path = NULL;
  const char *path = ctx->db_path;
  GStatBuf buf;

  g_return_val_if_fail (ctx != NULL, TRUE);

  if (path == NULL)
    path = default_path = lw_store_default_path ();
  /* lstat(): a link is there even when what it points to is not. */
  return g_lstat (path, &buf) != 0 && errno == ENOENT;
}

LwStore *
lw_cli_open_store (LwCliContext  *ctx,
                   gboolean       for_writing,
                   GError       **error)
{
  g_autofree char *default_path = NULL;
  g_autoptr (LwStore) store = NULL;

  g_return_val_if_fail (ctx != NULL, NULL);
  g_return_val_if_fail (!for_writing || ctx->writing == NULL, NULL);

  if (ctx->db_path == NULL)
    default_path = lw_store_default_path ();
  store = lw_store_open (ctx->db_path != NULL ? ctx->db_path : default_path, error);
  if (store == NULL)
    return NULL;
  if (for_writing)
    {
      /* A damaged file is not written to, even where the write would not
       * touch the damaged part. */
      if (!lw_store_check_damage (store, LW_CLI_DAMAGE_CHECK_MS, error)
          || !lw_store_begin_transaction (store, error))
        return NULL;
      ctx->writing = g_object_ref (store);
    }
  return g_steal_pointer (&store);
}

LwStandings *
lw_cli_read_record (const char     *name,
                    LwGameRecord  **record,
                    GError        **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!lw_cli_read_input (name, &contents, &length, error))
    return NULL;
  /* lw_standings_read() frees the text before it replays. */
  return lw_standings_read (g_steal_pointer (&contents), (gssize) length, record, error);
}

LwStandings *
lw_cli_read_record_rest (const char     *name,
                         GString        *start,
                         FILE           *stream,
                         LwGameRecord  **record,
                         GError        **error)
{
  const char *shown = name == NULL || strcmp (name, "-") == 0 ? "standard input" : name;
  char *contents = NULL;
  gsize length = 0;

  if (!lw_import_read_bytes (stream, shown, start, &contents, &length, error))
    return NULL;
  return lw_standings_read (contents, (gssize) length, record, error);
}

gboolean
lw_cli_parse_positive (const char *text,
                       gint64      max,
                       gint64     *value)
{
  guint64 parsed = 0;

  if (text == NULL || *text == '\0')
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  if (!g_ascii_string_to_unsigned (text, 10, 1, (guint64) max, &parsed, NULL))
    return FALSE;
  *value = (gint64) parsed;
  return TRUE;
}

int
lw_cli_parse_number (const char *command,
                     const char *what,
                     const char *text,
                     gint64      max,
                     gint64     *value)
{
  if (text == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "%s: a %s is needed (see %s --help)", command, what,
                        command);
  if (!lw_cli_parse_positive (text, max, value))
    return lw_cli_fail (LW_CLI_INVALID, "%s: a %s is a positive integer, not \"%s\"", command,
                        what, text);
  return LW_CLI_OK;
}

gboolean
lw_cli_wants_help (int    argc,
                   char **argv)
{
  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
      return TRUE;
  return FALSE;
}

gboolean
lw_cli_print_help (int          argc,
                   char       **argv,
                   const char  *help)
{
  if (!lw_cli_wants_help (argc, argv))
    return FALSE;
  fputs (help, stdout);
  return TRUE;
}

int
lw_cli_parse_options (const char          *command,
                      const GOptionEntry  *entries,
                      int                 *argc,
                      char              ***argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (command != NULL && entries != NULL, LW_CLI_INVALID);
  g_return_val_if_fail (argc != NULL && argv != NULL, LW_CLI_INVALID);

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_help_enabled (context, FALSE);
  if (!g_option_context_parse (context, argc, argv, &error))
    return lw_cli_fail (LW_CLI_INVALID, "%s: %s", command, error->message);
  if (*argc > 1)
    return lw_cli_fail (LW_CLI_INVALID, "%s: unexpected argument \"%s\"", command, (*argv)[1]);
  return LW_CLI_OK;
}

LwStore *
lw_cli_open_store_to_serve (LwCliContext  *ctx,
                            GError       **error)
{
  g_autoptr (LwStore) store = lw_cli_open_store (ctx, FALSE, error);

  if (store == NULL || !lw_store_check_damage (store, LW_CLI_DAMAGE_CHECK_MS, error))
    return NULL;
  return g_steal_pointer (&store);
}

/* SIGINT or SIGTERM: the loop ends; the source stays until
 * lw_cli_serve_until_stopped() removes it with the other signal's. */
static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_CONTINUE;
}

void
lw_cli_serve_until_stopped (GMainLoop *loop)
{
  guint sigint = g_unix_signal_add (SIGINT, quit_cb, loop);
  guint sigterm = g_unix_signal_add (SIGTERM, quit_cb, loop);

  g_main_loop_run (loop);
  g_source_remove (sigint);
  g_source_remove (sigterm);
}

char *
lw_cli_escape_text (const char *text)
{
  return text != NULL ? escape_controls (text, FALSE) : NULL;
}

void
lw_cli_print_text (const char *text)
{
  g_autofree char *escaped = NULL;

  g_return_if_fail (text != NULL);
  escaped = escape_controls (text, TRUE);
  fputs (escaped, stdout);
}

int
lw_cli_fail_listen (const char   *command,
                    const GError *error)
{
  return lw_cli_fail (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT)
                      ? LW_CLI_INVALID : LW_CLI_FAILED, "%s: %s", command, error->message);
}

static int
cmd_score (LwCliContext *ctx,
           int           argc,
           char        **argv)
{
  gboolean text = FALSE;
  const char *file = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autofree char *out = NULL;

  if (lw_cli_print_help (argc, argv,
                         "Usage: littlewolf-cli score [--text] [FILE|-]\n"
                         "Prints the standings of a game record (standard input when FILE is - or missing).\n"))
    return LW_CLI_OK;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--text") == 0)
        text = TRUE;
      else if (file == NULL && (argv[i][0] != '-' || strcmp (argv[i], "-") == 0))
        file = argv[i];
      else
        return lw_cli_fail (LW_CLI_INVALID, "score: unexpected argument \"%s\"", argv[i]);
    }

  if (text)
    {
      standings = lw_cli_read_record (file, &record, &error);
      if (standings == NULL)
        return lw_cli_fail_error (error);
      out = lw_standings_to_text (record, standings);
      lw_cli_print_text (out);
      return LW_CLI_OK;
    }

  /* The JSON is written as the record is replayed, round by round: the
   * memory is the text's, not that of its rounds and their results. */
  {
    g_autofree char *contents = NULL;
    gsize length = 0;

    if (!lw_cli_read_input (file, &contents, &length, &error)
        || !lw_standings_write_record_json (contents, (gssize) length, lw_json_write_to_file, stdout,
                                            &error))
      return lw_cli_fail_error (error);
  }
  return LW_CLI_OK;
}

/* A command's output that could not be written (a full disk, a closed
 * pipe) is a failure (status 1), not a success; what the command stored is
 * committed only after its output is written and flushed, and rolled back
 * when the command failed or its output could not be written (docs/rules/CLI.md). */
static int
finish_output (LwCliContext *ctx,
               int           status)
{
  g_autoptr (LwStore) writing = g_steal_pointer (&ctx->writing);
  g_autoptr (GError) error = NULL;
  int saved_errno;

  if (status != LW_CLI_OK)
    {
      if (writing != NULL)
        lw_store_rollback_transaction (writing);
      return status;
    }
  errno = 0;
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      saved_errno = errno;
      if (writing != NULL)
        lw_store_rollback_transaction (writing);
      return lw_cli_fail (LW_CLI_FAILED, "cannot write the output: %s%s",
                          saved_errno != 0 ? g_strerror (saved_errno) : "write error",
                          writing != NULL ? " (nothing was stored)" : "");
    }
  if (writing != NULL && !lw_store_commit_transaction (writing, &error))
    return lw_cli_fail (LW_CLI_FAILED, "%s: the printed result was not stored",
                        error->message);
  return status;
}

/* A standard stream that is closed at start is opened on /dev/null, so
 * that no file the command opens (the database) takes its number; stdout
 * is opened read-only, so that writing the output fails as it should. */
static void
reserve_standard_streams (void)
{
  static const int flags[] = { O_RDONLY, O_RDONLY, O_WRONLY };

  for (int fd = 0; fd < 3; fd++)
    if (fcntl (fd, F_GETFD) == -1 && errno == EBADF)
      {
        int opened = open ("/dev/null", flags[fd]);

        if (opened >= 0 && opened != fd)
          {
            dup2 (opened, fd);
            close (opened);
          }
      }
}

typedef int (*LwCliCommand) (LwCliContext *ctx, int argc, char **argv);

static const struct {
  const char   *name;
  LwCliCommand  run;
} commands[] = {
  { "score",  cmd_score },
  { "games",  lw_cli_cmd_games },
  { "show",   lw_cli_cmd_show },
  { "import", lw_cli_cmd_import },
  { "export", lw_cli_cmd_export },
  { "game",   lw_cli_cmd_game },
  { "round",  lw_cli_cmd_round },
  { "event",  lw_cli_cmd_event },
  { "ratings", lw_cli_cmd_ratings },
  { "play",   lw_cli_cmd_play },
  { "duel",   lw_cli_cmd_duel },
  { "legal",  lw_cli_cmd_legal },
  { "trick",  lw_cli_cmd_trick },
  { "entry",  lw_cli_cmd_entry },
  { "host",   lw_cli_cmd_host },
  { "player", lw_cli_cmd_player },
  { "club",   lw_cli_cmd_club },
};

int
main (int   argc,
      char *argv[])
{
  LwCliContext ctx = { NULL, NULL };
  int i = 1;

  /* A pipe whose reader has gone is a write error (EPIPE, status 1) that
   * rolls the command's writes back, not a signal that ends the program
   * after them. */
  signal (SIGPIPE, SIG_IGN);
  reserve_standard_streams ();

  /* A locale named in the environment but not installed would leave
   * "C", whose ASCII cannot carry the non-ASCII names given as options:
   * C.UTF-8 (always in glibc) keeps them. */
  if (setlocale (LC_ALL, "") == NULL)
    setlocale (LC_ALL, "C.UTF-8");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  while (i < argc && argv[i][0] == '-')
    {
      if (strcmp (argv[i], "--db") == 0)
        {
          if (i + 1 >= argc || argv[i + 1][0] == '\0')
            return lw_cli_fail (LW_CLI_INVALID, "--db needs a path");
          ctx.db_path = argv[i + 1];
          i += 2;
        }
      else if (g_str_has_prefix (argv[i], "--db="))
        {
          ctx.db_path = argv[i] + strlen ("--db=");
          if (*ctx.db_path == '\0')
            return lw_cli_fail (LW_CLI_INVALID, "--db needs a path");
          i++;
        }
      else if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
        {
          fputs (usage, stdout);
          return LW_CLI_OK;
        }
      else
        return lw_cli_fail (LW_CLI_INVALID, "unknown option \"%s\" (see --help)", argv[i]);
    }

  if (i >= argc)
    return lw_cli_fail (LW_CLI_INVALID, "no command given (see --help)");

  /* A file is made for a new database, not the folders above it: a
   * mistyped folder is said, not created. */
  if (ctx.db_path != NULL)
    {
      g_autofree char *folder = g_path_get_dirname (ctx.db_path);

      if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
        return lw_cli_fail (LW_CLI_FAILED, "--db %s: there is no folder %s", ctx.db_path, folder);
    }

  for (gsize c = 0; c < G_N_ELEMENTS (commands); c++)
    if (strcmp (argv[i], commands[c].name) == 0)
      return finish_output (&ctx, commands[c].run (&ctx, argc - i, argv + i));

  return lw_cli_fail (LW_CLI_INVALID, "unknown command \"%s\" (see --help)", argv[i]);
}
