/* lw-cli-games.c — littlewolf-cli: the stored-game commands (docs/rules/CLI.md)
 *
 *   games          one line per stored game, newest first
 *   show ID        the standings JSON of a stored game
 *   import [--as-new] FILE|-  store a game record, print its ID
 *   export ID      the game record JSON of a stored game
 *
 * Output is built whole before anything is printed, so a failure leaves
 * stdout empty.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "lw-cli.h"
#include "lw-engine.h"
#include "lw-store.h"

/* The one argument of `show ID` and `export ID`. Returns LW_CLI_OK with
 * *@id set, or the failure's exit status (already reported). */
static int
get_id_argument (const char  *command,
                 int          argc,
                 char       **argv,
                 gint64      *id)
{
  if (argc > 2)
    return lw_cli_fail (LW_CLI_INVALID, "%s: unexpected argument \"%s\"", command, argv[2]);
  return lw_cli_parse_number (command, "game ID", argc > 1 ? argv[1] : NULL, G_MAXINT64, id);
}

LwStore *
lw_cli_open_game_store (LwCliContext  *ctx,
                        gint64         id,
                        gboolean       for_writing,
                        int           *status)
{
  g_autoptr (GError) error = NULL;
  LwStore *store;

  if (lw_cli_store_missing (ctx))
    {
      *status = lw_cli_fail (LW_CLI_FAILED, "no game with ID %" G_GINT64_FORMAT " (no database yet)", id);
      return NULL;
    }
  store = lw_cli_open_store (ctx, for_writing, &error);
  if (store == NULL)
    *status = lw_cli_fail_error (error);
  return store;
}

/* The common part of `show ID` and `export ID`: usage, the ID, the stored
 * game. Returns LW_CLI_OK with *@game set, or the exit status (the failure
 * already reported; `--help` printed with status 0 and *@game NULL). */
static int
load_stored_game (LwCliContext  *ctx,
                  int            argc,
                  char         **argv,
                  const char    *usage,
                  gint64        *id,
                  LwStoredGame **game)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  int status;

  *game = NULL;
  if (lw_cli_print_help (argc, argv, usage))
    return LW_CLI_OK;
  if ((status = get_id_argument (argv[0], argc, argv, id)) != LW_CLI_OK)
    return status;
  store = lw_cli_open_game_store (ctx, *id, FALSE, &status);
  if (store == NULL)
    return status;

  *game = lw_store_load_game (store, *id, &error);
  if (*game == NULL)
    return lw_cli_fail_error (error);
  return LW_CLI_OK;
}

/* A stored game the engine no longer accepts cannot be shown; that is a
 * fault of the database, not of the command line (status 1). */
static int
fail_stored (gint64        id,
             const GError *error)
{
  return lw_cli_fail (LW_CLI_FAILED, "game %" G_GINT64_FORMAT ": %s", id, error->message);
}

/* A name for one field of a tab-separated line: tabs and line breaks
 * become spaces. */
static void
append_field_text (GString    *line,
                   const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    g_string_append_c (line, (*p == '\t' || *p == '\n' || *p == '\r') ? ' ' : *p);
}

/* The line of a game that cannot be read or replayed (a damaged file, or
 * rows the engine refuses): STATUS "damaged", its players from the summary
 * in seat order, no scores. */
static void
append_damaged_line (GString             *out,
                     const LwGameSummary *summary)
{
  g_string_append_printf (out, "%" G_GINT64_FORMAT "\tdamaged\t%s\t", summary->id,
                          lw_ruleset_to_string (summary->ruleset));
  for (guint seat = 0; summary->players[seat] != NULL; seat++)
    {
      if (seat > 0)
        g_string_append (out, ", ");
      append_field_text (out, summary->players[seat]);
    }
  g_string_append (out, "\t\n");
}

static void
append_game_line (GString            *out,
                  const LwStoredGame *game,
                  const LwStandings  *standings)
{
  g_string_append_printf (out, "%" G_GINT64_FORMAT "\t%s\t%s\t",
                          game->id,
                          standings->finished ? "finished" : "playing",
                          lw_ruleset_to_string (game->record->ruleset));
  for (guint side = 0; side < standings->n_sides; side++)
    {
      if (side > 0)
        g_string_append (out, ", ");
      append_field_text (out, g_ptr_array_index (standings->sides, side));
    }
  g_string_append_c (out, '\t');
  for (guint side = 0; side < standings->n_sides; side++)
    g_string_append_printf (out, "%s%d", side > 0 ? ", " : "", standings->scores[side]);
  g_string_append_c (out, '\n');
}

int
lw_cli_print_game_line (LwStore *store,
                        gint64   id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GString) out = g_string_new (NULL);

  if (game == NULL)
    return lw_cli_fail_error (error);
  standings = lw_standings_compute (game->record, &error);
  if (standings == NULL)
    return fail_stored (id, error);
  append_game_line (out, game, standings);
  fputs (out->str, stdout);
  return LW_CLI_OK;
}

int
lw_cli_cmd_games (LwCliContext  *ctx,
                  int            argc,
                  char         **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) first_damage = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GPtrArray) summaries = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  gint64 first_damaged = 0;
  guint n_damaged = 0;

  if (lw_cli_print_help (argc, argv,
                         "Usage: littlewolf-cli games\n"
                         "Lists the stored games, newest first, one per line:\n"
                         "  ID<TAB>STATUS<TAB>RULESET<TAB>PLAYERS<TAB>SCORES\n"
                         "STATUS is playing or finished; PLAYERS the sides (a team is its players\n"
                         "joined with \" & \") joined with \", \"; SCORES the sides' scores in the\n"
                         "same order, joined with \", \". A game that cannot be read or replayed\n"
                         "(a damaged database) is listed as damaged, its players in seat order and\n"
                         "no scores, with a warning on standard error.\n"))
    return LW_CLI_OK;
  if (argc > 1)
    return lw_cli_fail (LW_CLI_INVALID, "games: unexpected argument \"%s\"", argv[1]);
  if (lw_cli_store_missing (ctx))
    return LW_CLI_OK;

  store = lw_cli_open_store (ctx, FALSE, &error);
  if (store == NULL)
    return lw_cli_fail_error (error);

  /* The games one by one, so that one that cannot be read or replayed
   * does not hide the others. */
  summaries = lw_store_list_game_summaries (store, &error);
  if (summaries == NULL)
    return lw_cli_fail_error (error);

  for (guint i = 0; i < summaries->len; i++)
    {
      const LwGameSummary *summary = g_ptr_array_index (summaries, i);
      g_autoptr (LwStoredGame) game = lw_store_load_game (store, summary->id, &error);
      g_autoptr (LwStandings) standings = NULL;

      if (game != NULL)
        standings = lw_standings_compute (game->record, &error);
      if (standings != NULL)
        {
          append_game_line (out, game, standings);
          continue;
        }
      append_damaged_line (out, summary);
      if (n_damaged++ == 0)
        {
          first_damaged = summary->id;
          first_damage = g_steal_pointer (&error);
        }
      g_clear_error (&error);
    }

  lw_cli_print_text (out->str);
  if (n_damaged > 0)
    {
      /* Whether the file itself is damaged, or only a game's rows. */
      g_autoptr (GError) damage = NULL;

      if (!lw_store_check_damage (store, LW_CLI_DAMAGE_CHECK_MS, &damage))
        lw_cli_fail (LW_CLI_OK, "warning: %u game%s listed as damaged: %s", n_damaged,
                     n_damaged == 1 ? "" : "s", damage->message);
      else
        lw_cli_fail (LW_CLI_OK, "warning: %u game%s listed as damaged (game %" G_GINT64_FORMAT
                     ": %s); restore a backup", n_damaged, n_damaged == 1 ? "" : "s",
                     first_damaged, first_damage->message);
    }
  return LW_CLI_OK;
}

int
lw_cli_cmd_show (LwCliContext  *ctx,
                 int            argc,
                 char         **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_autofree char *out = NULL;
  gboolean text = FALSE;
  gint64 id = 0;
  int status;

  /* `--text` anywhere after the command, as with `score`. */
  for (int i = 0; i < argc; i++)
    {
      if (i > 0 && strcmp (argv[i], "--text") == 0)
        text = TRUE;
      else
        g_ptr_array_add (args, argv[i]);
    }

  status = load_stored_game (ctx, (int) args->len, (char **) args->pdata,
                             "Usage: littlewolf-cli show [--text] ID\n"
                             "Prints the standings JSON of stored game ID (see `games`),\n"
                             "or with --text a score sheet to read.\n",
                             &id, &game);
  if (game == NULL)
    return status;

  standings = lw_standings_compute (game->record, &error);
  if (standings == NULL)
    return fail_stored (id, error);

  out = text ? lw_standings_to_text (game->record, standings) : lw_standings_to_json (standings);
  if (text)
    lw_cli_print_text (out);
  else
    fputs (out, stdout);
  return LW_CLI_OK;
}

int
lw_cli_cmd_import (LwCliContext  *ctx,
                   int            argc,
                   char         **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwStandings) standings = NULL;
  gboolean as_new = FALSE;
  gint64 id, same = 0;

  if (lw_cli_print_help (argc, argv,
                         "Usage: littlewolf-cli import [--as-new] FILE|-\n"
                         "Stores a game record (standard input for -) and prints the new game's ID.\n"
                         "A bad record is refused with status 2 and nothing is stored. A record\n"
                         "already stored (its id, or for a record without one the same players\n"
                         "and rounds) is refused with status 1 naming the stored game, unless\n"
                         "--as-new makes it a new game with a new id.\n"))
    return LW_CLI_OK;
  if (argc >= 2 && g_str_equal (argv[1], "--as-new"))
    {
      as_new = TRUE;
      argc--;
      argv++;
    }
  if (argc < 2)
    return lw_cli_fail (LW_CLI_INVALID, "import: a file is needed, or - for standard input");
  if (argc > 2)
    return lw_cli_fail (LW_CLI_INVALID, "import: unexpected argument \"%s\"", argv[2]);

  /* The record is checked (and replayed) before the database is opened:
   * a bad record leaves no trace, not even a new database file. */
  standings = lw_cli_read_record (argv[1], &record, &error);
  if (standings == NULL)
    return lw_cli_fail_error (error);
  /* Only the verdict was needed: the store replays the record again. */
  g_clear_pointer (&standings, lw_standings_free);

  store = lw_cli_open_store (ctx, TRUE, &error);
  if (store == NULL)
    return lw_cli_fail_error (error);

  /* docs/rules/CLI.md, docs/rules/GAME-RECORD.md "Identity": a duplicate is refused unless a new
   * game (with a new id) is asked for. */
  id = lw_store_import_game (store, record, as_new, &same, &error);
  if (same > 0)
    return lw_cli_fail (LW_CLI_FAILED,
                        "import: %s: this game is already stored as game %" G_GINT64_FORMAT
                        "; nothing stored (--as-new imports it as a new game)",
                        g_str_equal (argv[1], "-") ? "standard input" : argv[1], same);
  if (id <= 0)
    return lw_cli_fail_error (error);

  printf ("%" G_GINT64_FORMAT "\n", id);
  return LW_CLI_OK;
}

int
lw_cli_cmd_export (LwCliContext  *ctx,
                   int            argc,
                   char         **argv)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GError) error = NULL;
  gint64 id = 0;
  int status;

  status = load_stored_game (ctx, argc, argv,
                             "Usage: littlewolf-cli export ID\n"
                             "Prints the game record JSON of stored game ID, as `score` and `import` read it:\n"
                             "indented, or on one line without white space when indented it would pass\n"
                             "the 64 MiB that `import` reads.\n",
                             &id, &game);
  if (game == NULL)
    return status;

  if (!lw_game_record_write_json (game->record, lw_game_record_export_indented (game->record),
                                  lw_json_write_to_file, stdout, &error))
    return lw_cli_fail (LW_CLI_FAILED, "%s", error->message);
  return LW_CLI_OK;
}
