/* lw-cli-games.c — placeholder for the stored-game commands */
#include "lw-cli.h"

int lw_cli_cmd_games  (LwCliContext *ctx, int argc, char **argv) { return lw_cli_fail (LW_CLI_FAILED, "not built yet"); }
int lw_cli_cmd_show   (LwCliContext *ctx, int argc, char **argv) { return lw_cli_fail (LW_CLI_FAILED, "not built yet"); }
int lw_cli_cmd_import (LwCliContext *ctx, int argc, char **argv) { return lw_cli_fail (LW_CLI_FAILED, "not built yet"); }
int lw_cli_cmd_export (LwCliContext *ctx, int argc, char **argv) { return lw_cli_fail (LW_CLI_FAILED, "not built yet"); }
