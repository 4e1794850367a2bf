/* lw-cli.h — shared pieces of littlewolf-cli (docs/rules/CLI.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-store.h"

G_BEGIN_DECLS

/* Exit statuses of docs/rules/CLI.md. */
enum {
  LW_CLI_OK = 0,
  LW_CLI_FAILED = 1,   /* could not be carried out: file, database, disk */
  LW_CLI_INVALID = 2,  /* bad record, bad argument, unknown command */
};

/**
 * LwCliContext:
 * @db_path: (nullable): the `--db` path, or %NULL for the default database
 * @writing: (nullable) (transfer full): the store a command writes to,
 *   with its transaction open (lw_cli_open_store()): committed by main()
 *   once the command succeeded and its output is written and flushed,
 *   rolled back otherwise (docs/rules/CLI.md)
 */
typedef struct {
  const char *db_path;
  LwStore    *writing;
} LwCliContext;

/**
 * lw_cli_fail:
 * @status: the exit status to return (1 or 2; 0 for a warning that
 *   follows a success)
 * @format: printf-style message, one line, no trailing newline
 *
 * Prints "littlewolf-cli: MESSAGE" on stderr, as docs/rules/CLI.md asks.
 *
 * Returns: @status
 */
int lw_cli_fail (int         status,
                 const char *format,
                 ...) G_GNUC_PRINTF (2, 3);

/**
 * lw_cli_fail_error:
 * @error: the error to report
 *
 * Reports @error with lw_cli_fail(), status 2 for invalid input (engine
 * errors) and 1 for everything else.
 *
 * Returns: the exit status.
 */
int lw_cli_fail_error (const GError *error);

/**
 * lw_cli_fail_refused:
 * @error: the error to report
 *
 * lw_cli_fail_error() for a command whose request the store may refuse
 * for what it is (%LW_STORE_ERROR_INVALID: a correction the engine
 * refuses, another club laptop's game, a name the names rule refuses, a
 * refused merge): that is invalid input (status 2) too; any other store
 * error could not be carried out (status 1).
 *
 * Returns: the exit status.
 */
int lw_cli_fail_refused (const GError *error);

/**
 * lw_cli_status:
 * @ok: whether the command's work succeeded
 * @error: (nullable): the error it set when it did not
 *
 * The end of a command that prints nothing on success: %LW_CLI_OK when
 * @ok, else @error reported as lw_cli_fail_error() reports it. Work out
 * @ok before the call, not in its arguments: C leaves the order of their
 * evaluation open, and @error may be read before the work sets it.
 *
 * Returns: the exit status.
 */
int lw_cli_status (gboolean      ok,
                   const GError *error);

/* How long the damage check before a command writes may take
 * (lw_store_check_damage()): a database of up to about 20 MB (4,500
 * games) is checked whole, a larger one as far as it gets. */
#define LW_CLI_DAMAGE_CHECK_MS 500

/* The largest input `score` and `import` read (LW_GAME_RECORD_MAX_BYTES). */
#define LW_CLI_MAX_INPUT_SIZE LW_GAME_RECORD_MAX_BYTES

/**
 * lw_cli_store_missing:
 * @ctx: the command line's context
 *
 * Whether nothing at all is at the `--db` path (or the default one): the
 * commands that only read then list nothing (status 0) or say "no
 * database yet", and create no file. A path that holds anything, even a
 * symbolic link that leads nowhere or cannot be followed (a link to
 * itself, to a folder that is gone), is not missing: opening it fails
 * with status 1, so that no command reports an unreachable database as
 * an empty one.
 *
 * Returns: %TRUE when nothing is there.
 */
gboolean lw_cli_store_missing (LwCliContext *ctx);

/**
 * lw_cli_open_store:
 * @ctx: the command line's context
 * @for_writing: whether the command stores something
 * @error: return location for a #GError (lw_store_open()'s errors;
 *   lw_store_begin_transaction()'s)
 *
 * Opens the `--db` database (or the default one). For a command that
 * stores something, the store's writes go into one transaction that is
 * kept in @ctx and committed only after the command's output is written
 * and flushed (docs/rules/CLI.md: output that cannot be written leaves nothing
 * stored); a command opens at most one store for writing, and not one
 * whose file is damaged (lw_store_check_damage(): %LW_STORE_ERROR_DAMAGED).
 *
 * Returns: (transfer full) (nullable): the store, %NULL on error.
 */
LwStore *lw_cli_open_store (LwCliContext  *ctx,
                            gboolean       for_writing,
                            GError       **error);

/**
 * lw_cli_read_input:
 * @name: a file path, or "-" (or %NULL) for standard input
 * @contents: (out) (transfer full): the bytes read, nul-terminated
 * @length: (out): their length
 * @error: return location for a #GError (G_FILE_ERROR / G_IO_ERROR;
 *   %LW_ENGINE_ERROR_INVALID for an input over %LW_CLI_MAX_INPUT_SIZE
 *   bytes, checked before a regular file is read)
 *
 * Returns: %TRUE when read.
 */
gboolean lw_cli_read_input (const char  *name,
                            char       **contents,
                            gsize       *length,
                            GError     **error);

/**
 * lw_cli_read_record:
 * @name: a file path, or "-" (or %NULL) for standard input
 * @record: (out) (transfer full): the game record read (%NULL when the
 *   input is not a record; set, and the caller's to free, when it reads but
 *   does not replay)
 * @error: return location for a #GError (as lw_cli_read_input(); the
 *   engine's errors for a record that does not parse or replay)
 *
 * Reads a game record's bytes (lw_cli_read_input()) and replays it
 * (lw_standings_read()), as `score` and `import` do; the bytes read are
 * freed before the replay.
 *
 * Returns: (transfer full) (nullable): the record's standings, or %NULL.
 */
LwStandings *lw_cli_read_record (const char     *name,
                                 LwGameRecord  **record,
                                 GError        **error);

/**
 * lw_cli_parse_positive:
 * @text: (nullable): an argument
 * @max: the largest value taken, ≥ 1
 * @value: (out): set to the number when it is one
 *
 * Reads a positive decimal integer, nothing else (no sign, no space, no
 * leading "0x"): a game or event ID, a round, a table.
 *
 * Returns: %TRUE when @text is one from 1 to @max.
 */
gboolean lw_cli_parse_positive (const char *text,
                                gint64      max,
                                gint64     *value);

/**
 * lw_cli_parse_number:
 * @command: the command's words ("show", "round insert")
 * @what: what the number is ("game ID", "round number")
 * @text: (nullable): the argument, %NULL when it is missing
 * @max: the largest value taken, ≥ 1
 * @value: (out): set to the number when it is one
 *
 * Reads the positive integer @text (lw_cli_parse_positive()), a @what of
 * `COMMAND`: a missing one is "COMMAND: a WHAT is needed (see COMMAND
 * --help)", another "COMMAND: a WHAT is a positive integer, not "TEXT"",
 * both invalid input (status 2).
 *
 * Returns: %LW_CLI_OK with *@value set, or the failure's exit status
 *   (already reported).
 */
int lw_cli_parse_number (const char *command,
                         const char *what,
                         const char *text,
                         gint64      max,
                         gint64     *value);

/**
 * lw_cli_wants_help:
 * @argc: arguments of the command, the command's name first
 * @argv: the arguments
 *
 * Returns: %TRUE when one of them is --help or -h.
 */
gboolean lw_cli_wants_help (int    argc,
                            char **argv);

/**
 * lw_cli_print_help:
 * @argc: arguments of the command, the command's name first
 * @argv: the arguments
 * @help: the command's usage text, ending with a newline
 *
 * A command's answer to --help or -h (docs/rules/CLI.md): when
 * lw_cli_wants_help() finds one, prints @help on standard output, and the
 * command ends with status 0.
 *
 * Returns: %TRUE when @help was printed.
 */
gboolean lw_cli_print_help (int          argc,
                            char       **argv,
                            const char  *help);

/**
 * lw_cli_parse_options:
 * @command: the command's name as its messages begin ("host", "entry serve")
 * @entries: the command's options, %NULL-terminated (no --help: the
 *   commands answer it themselves with lw_cli_wants_help())
 * @argc: (inout): the arguments, the command's name first; the options
 *   parsed are taken out
 * @argv: (inout): the arguments
 *
 * Parses a command's options with GOptionContext. An option that does not
 * parse fails with status 2 ("COMMAND: MESSAGE"), and so does an argument
 * left over that is not an option ("COMMAND: unexpected argument "…"").
 *
 * Returns: %LW_CLI_OK, or the exit status of the failure (already
 *   reported).
 */
int lw_cli_parse_options (const char          *command,
                          const GOptionEntry  *entries,
                          int                 *argc,
                          char              ***argv);

/**
 * lw_cli_open_store_to_serve:
 * @ctx: the command line's context
 * @error: return location for a #GError (lw_cli_open_store()'s errors;
 *   %LW_STORE_ERROR_DAMAGED for a damaged file)
 *
 * Opens the database for a command that serves other devices or a club
 * and writes in transactions of its own as it goes (`entry serve`, `host`,
 * `club sync`): no transaction is held in @ctx, and a damaged file
 * (lw_store_check_damage() within %LW_CLI_DAMAGE_CHECK_MS) is refused.
 *
 * Returns: (transfer full) (nullable): the store, %NULL on error.
 */
LwStore *lw_cli_open_store_to_serve (LwCliContext  *ctx,
                                     GError       **error);

/**
 * lw_cli_serve_until_stopped:
 * @loop: the main loop a serving command runs (`entry serve`, `host`)
 *
 * Runs @loop until SIGINT or SIGTERM arrives, or until something else
 * quits it (the hosted game's end); the two signals' sources are removed
 * before it returns, so that a later signal ends the program as usual.
 */
void lw_cli_serve_until_stopped (GMainLoop *loop);

/**
 * lw_cli_escape_text:
 * @text: (nullable): a text that came from outside (a player's, an
 *   event's, a rule set's or a laptop's name, a game's notes…), any bytes
 *
 * @text as one field of a text output: made valid UTF-8, and every
 * control character written out so that it cannot drive a terminal: C0
 * (tab and line break included) and DEL as `\xHH` (ESC is `\x1b`), C1
 * (U+0080–U+009F) as `\u00HH`. Every text (non-JSON) output of a field
 * from outside goes through it; JSON escapes them itself.
 *
 * Returns: (transfer full) (nullable): the escaped text; %NULL for %NULL.
 */
char *lw_cli_escape_text (const char *text);

/**
 * lw_cli_print_text:
 * @text: a text output of whole lines holding texts from outside (a score
 *   sheet, a list built line by line)
 *
 * Writes @text on standard output as lw_cli_escape_text() escapes it, but
 * its line breaks (LF, and CR LF as a CSV ends its lines) and tabs kept:
 * the layout is the program's.
 */
void lw_cli_print_text (const char *text);

/**
 * lw_cli_fail_listen:
 * @command: the command's name as its messages begin
 * @error: the error of a server or table that could not be set up
 *   (lw_web_server_start(), lw_table_host_new())
 *
 * Reports @error as "COMMAND: MESSAGE": status 2 for a
 * %G_IO_ERROR_INVALID_ARGUMENT (a bad address, seat or setting given on
 * the command line), 1 for anything else (the port taken, the database).
 *
 * Returns: the exit status.
 */
int lw_cli_fail_listen (const char   *command,
                        const GError *error);

/* Stored-game commands (lw-cli-games.c). Each gets the arguments after the
 * command's name in argv[1..argc-1] (argv[0] is the command name) and
 * returns the exit status. */
int lw_cli_cmd_games  (LwCliContext *ctx, int argc, char **argv);
int lw_cli_cmd_show   (LwCliContext *ctx, int argc, char **argv);
int lw_cli_cmd_import (LwCliContext *ctx, int argc, char **argv);
int lw_cli_cmd_export (LwCliContext *ctx, int argc, char **argv);

/**
 * lw_cli_print_game_line:
 * @store: an open store (in the command's transaction or not)
 * @id: a stored game's ID
 *
 * Prints game @id's line as `games` prints it
 * (ID<TAB>STATUS<TAB>RULESET<TAB>PLAYERS<TAB>SCORES, docs/rules/CLI.md).
 *
 * Returns: the exit status (a game that cannot be loaded or replayed is
 * reported: status 1).
 */
int lw_cli_print_game_line (LwStore *store,
                            gint64   id);

/**
 * lw_cli_open_game_store:
 * @ctx: the command line's context
 * @id: the stored game the command is for
 * @for_writing: as lw_cli_open_store()
 * @status: (out): the exit status when the database does not open
 *
 * Opens the database for a command on game @id (lw_cli_open_store()): a
 * missing one has no game, "no game with ID N (no database yet)" (status
 * 1), and is not made.
 *
 * Returns: (transfer full) (nullable): the store, or %NULL with the
 *   failure reported and its exit status in *@status.
 */
LwStore *lw_cli_open_game_store (LwCliContext  *ctx,
                                 gint64         id,
                                 gboolean       for_writing,
                                 int           *status);

/* A stored game corrected as the app corrects it (lw-cli-edits.c):
 * `game delete ID` and `round replace|insert|delete ID N [--round FILE]`. */
int lw_cli_cmd_game  (LwCliContext *ctx, int argc, char **argv);
int lw_cli_cmd_round (LwCliContext *ctx, int argc, char **argv);

/* Events and ratings (lw-cli-event.c, docs/EVENTS.md): `event SUBCOMMAND
 * …` and `ratings`, with the same argument convention. */
int lw_cli_cmd_event   (LwCliContext *ctx, int argc, char **argv);

/* lw-cli-duplicate.c: a duplicate event's subcommands, the event loaded
 * (docs/EVENTS.md "Duplicate events"). Each returns the exit status.
 * Boards @round's (0: the last paired, else 1) sheets, as text or JSON. */
int lw_cli_duplicate_boards (const LwEvent *event,
                             guint          round,
                             gboolean       json);
/* Enters one board's result (DUPLICATE D9) from the round's JSON
 * @facts_text, or read from @facts_file ("-": standard input). */
int lw_cli_duplicate_result (LwStore       *store,
                             gint64         id,
                             const LwEvent *event,
                             guint          round,
                             guint          table,
                             guint          board,
                             const char    *facts_text,
                             const char    *facts_file);
/* Board @board's travelling sheet (0: every board of the paired rounds),
 * each board's par (@pars, element-type LwBoardPar, nullable) beside it
 * (DUPLICATE D10). */
int lw_cli_duplicate_travellers (const LwEvent *event,
                                 guint          board,
                                 GPtrArray     *pars,
                                 gboolean       json);
/* Plays every board of event round @round by computers of @level and
 * stores their pars (DUPLICATE D10), replacing earlier ones: @event as
 * loaded, written through @ctx's store. */
int lw_cli_duplicate_par (LwCliContext  *ctx,
                          gint64         id,
                          const LwEvent *event,
                          guint          round,
                          LwBotLevel     level);
/* The event's standings (DUPLICATE D7); @csv refused. */
int lw_cli_duplicate_standings (const LwEvent *event,
                                gboolean       json,
                                gboolean       csv);
int lw_cli_cmd_ratings (LwCliContext *ctx, int argc, char **argv);
/* Virtual-table commands (lw-cli-play.c), called the same way. */
int lw_cli_cmd_play  (LwCliContext *ctx, int argc, char **argv);
int lw_cli_cmd_duel  (LwCliContext *ctx, int argc, char **argv);
int lw_cli_cmd_legal (LwCliContext *ctx, int argc, char **argv);
int lw_cli_cmd_trick (LwCliContext *ctx, int argc, char **argv);
/* Table entry without the app (lw-cli-entry.c): `entry serve …`. */
int lw_cli_cmd_entry (LwCliContext *ctx, int argc, char **argv);
/* Remote play without the app (lw-cli-host.c): `host …`. */
int lw_cli_cmd_host (LwCliContext *ctx, int argc, char **argv);

/* Players as people (lw-cli-player.c): `player list|rename|merge|delete`. */
int lw_cli_cmd_player (LwCliContext *ctx, int argc, char **argv);

/* The club server (lw-cli-club.c): `club init|add-origin|join|sync|status`,
 * `club suggest|suggestions|suggestion`. */
int lw_cli_cmd_club (LwCliContext *ctx, int argc, char **argv);

G_END_DECLS
