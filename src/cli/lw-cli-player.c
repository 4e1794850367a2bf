/* lw-cli-player.c — littlewolf-cli: players as people (docs/rules/CLI.md)
 *
 *   player list               NAME<TAB>GAMES<TAB>EVENTS, every stored player
 *   player rename OLD NEW     rename a player everywhere
 *   player merge FROM INTO    two entries that are one person become INTO
 *   player delete NAME        delete a player with no games or events
 *
 * A change is one transaction, committed after the output is flushed
 * (lw_cli_open_store()); rename and merge print the player's list line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "lw-cli.h"
#include "lw-store-players.h"

static const char player_usage[] =
  "Usage: littlewolf-cli [--db PATH] player SUBCOMMAND [ARGS]\n"
  "\n"
  "  player list               every stored player, with and without games,\n"
  "      sorted by name: NAME<TAB>GAMES<TAB>EVENTS (games sat in or substituted\n"
  "      in, events entered)\n"
  "  player rename OLD NEW     rename a player in every game and event; prints\n"
  "      the player's list line (a name another player has: merge instead)\n"
  "  player merge FROM INTO    two entries that are one person: FROM's games,\n"
  "      substitutions and event entries become INTO's, FROM is removed;\n"
  "      prints INTO's list line. Refused when both play in one game or event\n"
  "  player delete NAME        delete a player with no games or events\n"
  "\n"
  "Exit status: 0 success, 1 could not be carried out (no such player, the\n"
  "database), 2 invalid input (a name the names rule refuses, a refused merge).\n";

/* Appends the list line of @player to @out. */
static void
append_line (GString              *out,
             const LwStoredPlayer *player)
{
  g_string_append_printf (out, "%s\t%u\t%u\n", player->name, player->n_games, player->n_events);
}

/* Prints the list lines of every player, or of the player named @name
 * (as stored) only. */
static int
print_players (LwStore    *store,
               const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) players = lw_store_list_players (store, &error);
  g_autoptr (GString) out = g_string_new (NULL);

  if (players == NULL)
    return lw_cli_fail_error (error);
  for (guint i = 0; i < players->len; i++)
    {
      const LwStoredPlayer *player = g_ptr_array_index (players, i);

      if (name == NULL || g_str_equal (player->name, name))
        append_line (out, player);
    }
  lw_cli_print_text (out->str);
  return LW_CLI_OK;
}

static int
player_list (LwCliContext *ctx,
             int           argc,
             char        **argv)
{
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;

  if (argc > 1)
    return lw_cli_fail (LW_CLI_INVALID, "player list: unexpected argument \"%s\"", argv[1]);
  if (lw_cli_store_missing (ctx))
    return LW_CLI_OK;
  store = lw_cli_open_store (ctx, FALSE, &error);
  if (store == NULL)
    return lw_cli_fail_error (error);
  return print_players (store, NULL);
}

/* Opens the database for a change to a player; a missing one has none. */
static LwStore *
open_for_change (LwCliContext  *ctx,
                 const char    *name,
                 int           *status)
{
  g_autoptr (GError) error = NULL;
  LwStore *store;

  if (lw_cli_store_missing (ctx))
    {
      *status = lw_cli_fail (LW_CLI_FAILED, "no player named “%s” (no database yet)", name);
      return NULL;
    }
  store = lw_cli_open_store (ctx, TRUE, &error);
  if (store == NULL)
    *status = lw_cli_fail_error (error);
  return store;
}

/* `player rename OLD NEW` and `player merge FROM INTO`: the second name
 * checked by the names rule before the database is opened, then the
 * change, then the list line of the player named so. */
static int
player_two_names (LwCliContext *ctx,
                  int           argc,
                  char        **argv,
                  gboolean      merge)
{
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  int status = LW_CLI_OK;
  gboolean ok;

  if (argc != 3)
    return lw_cli_fail (LW_CLI_INVALID, merge
                          ? "player merge: the name that goes and the one it becomes are needed"
                          : "player rename: the old name and the new one are needed");
  name = lw_name_normalize (argv[2], merge ? "player merge: the name merged into"
                                           : "player rename: the new name", &error);
  if (name == NULL)
    return lw_cli_fail_error (error);
  store = open_for_change (ctx, argv[1], &status);
  if (store == NULL)
    return status;
  ok = merge ? lw_store_club_merge_players (store, argv[1], name, NULL, NULL, &error)
             : lw_store_rename_player (store, argv[1], name, &error);
  if (!ok)
    return lw_cli_fail_refused (error);
  return print_players (store, name);
}

static int
player_delete (LwCliContext *ctx,
               int           argc,
               char        **argv)
{
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;
  int status = LW_CLI_OK;

  if (argc != 2)
    return lw_cli_fail (LW_CLI_INVALID, "player delete: one name is needed");
  store = open_for_change (ctx, argv[1], &status);
  if (store == NULL)
    return status;
  if (!lw_store_delete_player (store, argv[1], &error))
    return lw_cli_fail_refused (error);
  return LW_CLI_OK;
}

int
lw_cli_cmd_player (LwCliContext *ctx,
                   int           argc,
                   char        **argv)
{
  const char *sub;

  if (argc < 2)
    return lw_cli_fail (LW_CLI_INVALID, "player: a subcommand is needed (see player --help)");
  if (lw_cli_print_help (argc, argv, player_usage))
    return LW_CLI_OK;

  sub = argv[1];
  argc--;
  argv++;
  if (strcmp (sub, "list") == 0)
    return player_list (ctx, argc, argv);
  if (strcmp (sub, "rename") == 0 || strcmp (sub, "merge") == 0)
    return player_two_names (ctx, argc, argv, strcmp (sub, "merge") == 0);
  if (strcmp (sub, "delete") == 0)
    return player_delete (ctx, argc, argv);
  return lw_cli_fail (LW_CLI_INVALID, "player: unknown subcommand \"%s\" (see player --help)", sub);
}
