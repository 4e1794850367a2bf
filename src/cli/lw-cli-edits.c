/* lw-cli-edits.c — littlewolf-cli: a stored game corrected as the app
 * corrects it (docs/rules/CLI.md)
 *
 *   game delete ID                    the game deleted (the edit log keeps it)
 *   round replace ID N --round FILE|- round N's facts replaced
 *   round insert ID N --round FILE|-  a round inserted before round N
 *   round delete ID N                 round N deleted
 *
 * Each calls the store function the app calls (lw_store_delete_game(),
 * lw_store_replace_round(), lw_store_insert_round(),
 * lw_store_delete_round()): the engine replays the whole game with the
 * correction (lw_edit_apply(), SCORING R18–R25), the change is logged in
 * the game's edit log, and what the store refuses (another club laptop's
 * game, read-only here) is refused in the same words. One transaction,
 * committed after the output is flushed (lw_cli_open_store()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "lw-cli.h"
#include "lw-engine.h"
#include "lw-store.h"

static const char game_usage[] =
  "Usage: littlewolf-cli [--db PATH] game delete ID\n"
  "\n"
  "  game delete ID   delete a stored game, as the app's Delete Game does: the\n"
  "      deletion is kept in the edit log, from where the app can restore it\n"
  "\n"
  "Exit status: 0 success, 1 could not be carried out (no such game, the\n"
  "database), 2 invalid input (a bad ID, another club laptop's game).\n";

static const char round_usage[] =
  "Usage: littlewolf-cli [--db PATH] round SUBCOMMAND ID N [--round FILE|-]\n"
  "\n"
  "  round replace ID N --round FILE|-   correct round N of game ID: its facts\n"
  "      become the round FILE holds\n"
  "  round insert ID N --round FILE|-    insert the round FILE holds before\n"
  "      round N (N = rounds + 1 appends)\n"
  "  round delete ID N                   delete round N\n"
  "\n"
  "FILE holds one round's JSON as a game record writes it (GAME-RECORD.md;\n"
  "\"-\": standard input). The whole game is replayed with the correction\n"
  "(SCORING R18-R25) before anything is stored, and the correction goes to\n"
  "the game's edit log, as the app's do. Prints the game's line as `games`\n"
  "prints it: ID<TAB>STATUS<TAB>RULESET<TAB>PLAYERS<TAB>SCORES.\n"
  "\n"
  "Exit status: 0 success, 1 could not be carried out (no such game, the\n"
  "database), 2 invalid input (a bad argument, a round the engine refuses,\n"
  "another club laptop's game).\n";

int
lw_cli_cmd_game (LwCliContext  *ctx,
                 int            argc,
                 char         **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  gint64 id = 0;
  int status = LW_CLI_OK;

  if (lw_cli_print_help (argc, argv, game_usage))
    return LW_CLI_OK;
  if (argc < 2 || strcmp (argv[1], "delete") != 0)
    return lw_cli_fail (LW_CLI_INVALID, "game: %s%s%s (see game --help)",
                        argc < 2 ? "a subcommand is needed" : "unknown subcommand \"",
                        argc < 2 ? "" : argv[1], argc < 2 ? "" : "\"");
  if ((status = lw_cli_parse_number ("game delete", "game ID", argc > 2 ? argv[2] : NULL,
                                     G_MAXINT64, &id)) != LW_CLI_OK)
    return status;
  if (argc > 3)
    return lw_cli_fail (LW_CLI_INVALID, "game delete: unexpected argument \"%s\"", argv[3]);

  store = lw_cli_open_game_store (ctx, id, TRUE, &status);
  if (store == NULL)
    return status;
  if (!lw_store_delete_game (store, id, &error))
    return lw_cli_fail_refused (error);
  return LW_CLI_OK;
}

/* The round @file holds ("-": standard input), round @number of @id's
 * record; NULL with the failure reported in *@status. */
static LwRound *
read_round (LwStore     *store,
            gint64       id,
            guint        number,
            const char  *file,
            int         *status)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);
  g_autofree char *text = NULL;
  gsize length = 0;
  LwRound *round;

  if (game == NULL || !lw_cli_read_input (file, &text, &length, &error))
    {
      *status = lw_cli_fail_error (error);
      return NULL;
    }
  round = lw_round_from_json (game->record, text, (gssize) length, number, &error);
  if (round == NULL)
    *status = lw_cli_fail (LW_CLI_INVALID, "%s", error->message);
  return round;
}

int
lw_cli_cmd_round (LwCliContext  *ctx,
                  int            argc,
                  char         **argv)
{
  static const char *const kinds[] = { "replace", "insert", "delete" };
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (LwRound) round = NULL;
  g_autofree char *command = NULL;
  const char *file = NULL;
  const char *positional[2] = { NULL, NULL };
  guint n_positional = 0;
  LwEditKind kind = LW_EDIT_REPLACE;
  gboolean known = FALSE;
  gint64 id = 0;
  gint64 number = 0;
  int status = LW_CLI_OK;
  gboolean done;

  if (lw_cli_print_help (argc, argv, round_usage))
    return LW_CLI_OK;
  for (guint k = 0; argc >= 2 && k < G_N_ELEMENTS (kinds); k++)
    if (strcmp (argv[1], kinds[k]) == 0)
      {
        kind = (LwEditKind) k;
        known = TRUE;
      }
  if (!known)
    return lw_cli_fail (LW_CLI_INVALID, "round: %s%s%s (see round --help)",
                        argc < 2 ? "replace, insert or delete is needed" : "unknown subcommand \"",
                        argc < 2 ? "" : argv[1], argc < 2 ? "" : "\"");
  command = g_strdup_printf ("round %s", argv[1]);

  for (int i = 2; i < argc; i++)
    {
      if (strcmp (argv[i], "--round") == 0 && file == NULL && i + 1 < argc && argv[i + 1][0] != '\0')
        file = argv[++i];
      else if ((argv[i][0] != '-' || argv[i][1] == '\0') && n_positional < G_N_ELEMENTS (positional))
        positional[n_positional++] = argv[i];
      else
        return lw_cli_fail (LW_CLI_INVALID, "%s: unexpected argument \"%s\" (see round --help)",
                            command, argv[i]);
    }
  if ((status = lw_cli_parse_number (command, "game ID", positional[0], G_MAXINT64, &id)) != LW_CLI_OK
      || (status = lw_cli_parse_number (command, "round number", positional[1], G_MAXUINT,
                                        &number)) != LW_CLI_OK)
    return status;
  if ((kind == LW_EDIT_DELETE) != (file == NULL))
    return lw_cli_fail (LW_CLI_INVALID, kind == LW_EDIT_DELETE
                                        ? "%s: takes no --round"
                                        : "%s: needs --round FILE (\"-\": standard input)",
                        command);

  store = lw_cli_open_game_store (ctx, id, TRUE, &status);
  if (store == NULL)
    return status;
  if (file != NULL && (round = read_round (store, id, (guint) number, file, &status)) == NULL)
    return status;

  /* The store functions the app's round editor calls. */
  switch (kind)
    {
    case LW_EDIT_REPLACE:
      done = lw_store_replace_round (store, id, (guint) number, round, &error);
      break;
    case LW_EDIT_INSERT:
      done = lw_store_insert_round (store, id, (guint) number, round, &error);
      break;
    case LW_EDIT_DELETE:
    default:
      done = lw_store_delete_round (store, id, (guint) number, &error);
      break;
    }
  if (!done)
    return lw_cli_fail_refused (error);
  return lw_cli_print_game_line (store, id);
}
