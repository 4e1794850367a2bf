/* test-cli-play.c — littlewolf-cli `play`, `legal` and `trick` as CLI.md
 * describes them, run as a separate process
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>

#include "lw-test-util.h"

/* `play` prints a game record that `score` accepts; the same seed gives
 * the same output. */
static void
test_play (void)
{
  static const char *const setups[][3] = {
    { "2", NULL, "random" }, { "3", NULL, "easy" }, { "4", "--partners", "normal" },
    { "5", NULL, "hard" }, { "6", "--partners", "random" }, { "7", NULL, "normal" },
    { "8", "--partners", "hard" }, { "8", NULL, "random" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      g_auto (LwTestRun) a = { 0 };
      g_auto (LwTestRun) b = { 0 };
      g_auto (LwTestRun) scored = { 0 };
      const char *args[12];
      guint n = 0;

      args[n++] = "play";
      args[n++] = "--players";
      args[n++] = setups[i][0];
      if (setups[i][1] != NULL)
        args[n++] = setups[i][1];
      args[n++] = "--seed";
      args[n++] = "20240601";
      args[n++] = "--bots";
      args[n++] = setups[i][2];
      /* Hard with a small budget: a whole game stays quick. */
      if (strcmp (setups[i][2], "hard") == 0)
        {
          args[n++] = "--playouts";
          args[n++] = "6";
        }
      args[n] = NULL;
      lw_test_run_cli_argv (&a, NULL, NULL, args);
      g_assert_cmpint (a.status, ==, 0);
      g_assert_cmpstr (a.err, ==, "");
      lw_test_run_cli_argv (&b, NULL, NULL, args);
      g_assert_cmpstr (a.out, ==, b.out);
      lw_test_run_cli (&scored, NULL, a.out, "score", "-", NULL);
      g_assert_cmpint (scored.status, ==, 0);
      g_assert_nonnull (strstr (scored.out, "\"finished\" : true"));
    }
}

static void
test_legal (void)
{
  g_auto (LwTestRun) run = { 0 };
  g_auto (LwTestRun) two = { 0 };

  /* E15 */
  lw_test_run_cli (&run, NULL, NULL, "legal", "--trump", "H", "--lead", "9S 9C",
                   "--hand", "9D 2S KC L", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "2S 9D\n9D KC\n9D L\n");

  /* Two decks: identical plays once. */
  lw_test_run_cli (&two, NULL, NULL, "legal", "--trump=none", "--lead=5C",
                   "--hand=3C 3C 9H", NULL);
  g_assert_cmpint (two.status, ==, 0);
  g_assert_cmpstr (two.out, ==, "3C\n");
}

static void
test_trick (void)
{
  g_auto (LwTestRun) run = { 0 };
  g_auto (LwTestRun) nt = { 0 };

  /* E23 */
  lw_test_run_cli (&run, NULL, NULL, "trick", "--trump", "H", "--lead", "9S 9C",
                   "--plays", "KS KD;2H 4H;5H G", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "3\n");
  /* E40 */
  lw_test_run_cli (&nt, NULL, NULL, "trick", "--trump", "none", "--lead", "9S 9C B=9",
                   "--plays", "9D 9H B; KS KC KD", NULL);
  g_assert_cmpstr (nt.out, ==, "2\n");
}

/* A tiny duel: both levels' wins add up to the games, A's rate comes with
 * its interval, the same seed gives the same figures (but the times). */
static void
test_duel (void)
{
  const char *const args[] = { "duel", "--a", "hard", "--b", "easy", "--games", "4",
                               "--seed", "9", "--playouts", "6", NULL };
  g_auto (LwTestRun) a = { 0 };
  g_auto (LwTestRun) b = { 0 };
  g_auto (LwTestRun) partners = { 0 };
  unsigned wins_a = 0, wins_b = 0;
  const char *line;
  g_auto (GStrv) la = NULL, lb = NULL;

  lw_test_run_cli_argv (&a, NULL, NULL, args);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpstr (a.err, ==, "");
  g_assert_true (g_str_has_prefix (a.out, "games: 4 (2 players)\n"));
  line = strstr (a.out, "wins: A (hard) ");
  g_assert_nonnull (line);
  g_assert_cmpint (sscanf (line, "wins: A (hard) %u, B (easy) %u", &wins_a, &wins_b), ==, 2);
  g_assert_cmpuint (wins_a + wins_b, ==, 4);
  g_assert_nonnull (strstr (a.out, "(95% CI "));
  g_assert_nonnull (strstr (a.out, "Wilson); even play: 50.0%"));
  g_assert_nonnull (strstr (a.out, "move time, A (hard): average "));

  lw_test_run_cli_argv (&b, NULL, NULL, args);
  la = g_strsplit (a.out, "\n", -1);
  lb = g_strsplit (b.out, "\n", -1);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpstr (la[i], ==, lb[i]);

  lw_test_run_cli_argv (&partners, NULL, NULL, (const char *const[]) { "duel", "--a", "normal", "--b", "random",
                                                    "--games", "2", "--players", "4",
                                                    "--partners", NULL });
  g_assert_cmpint (partners.status, ==, 0);
  g_assert_true (g_str_has_prefix (partners.out, "games: 2 (4 players, partners)\n"));
}

static void
test_bad_input (void)
{
  static const char *const cases[][12] = {
    { "play", "--players", "9", "--seed", "1", "--bots", "random", NULL },
    { "play", "--players", "3", "--partners", "--seed", "1", "--bots", "random", NULL },
    { "play", "--players", "2", "--seed", "-1", "--bots", "random", NULL },
    { "play", "--players", "2", "--seed", "1", "--bots", "clever", NULL },
    { "play", "--players", "2", "--seed", "1", NULL },
    { "play", "--players", NULL },
    { "legal", "--trump", "X", "--lead", "9S", "--hand", "2S", NULL },
    { "legal", "--trump", "H", "--lead", "5S B", "--hand", "2S 3S", NULL },
    { "legal", "--trump", "H", "--lead", "9S 9C", "--hand", "2S", NULL },
    { "legal", "--trump", "H", "--lead", "9S", "--hand", "2S B=9", NULL },
    { "legal", "--trump", "H", "--lead", "9S", "--hand", "1S", NULL },
    { "legal", "--trump", "H", "--lead", "9S", "--hand", "9S 9S 9S", NULL },
    { "legal", "--trump", "H", "--lead", "9S", NULL },
    { "trick", "--trump", "H", "--lead", "9S", "--plays", "2S 3S", NULL },
    { "trick", "--trump", "H", "--lead", "QS KS AS", "--plays", "2S 3S 4S", NULL },
    { "trick", "--trump", "H", "--lead", "9S", "--plays", "", NULL },
    { "trick", "--bogus", NULL },
    { "duel", "--a", "hard", "--b", "normal", NULL },
    { "duel", "--a", "clever", "--b", "normal", "--games", "2", NULL },
    { "duel", "--a", "hard", "--b", "normal", "--games", "0", NULL },
    { "duel", "--a", "easy", "--b", "normal", "--games", "2", "--players", "3", "--partners", NULL },
    { "duel", "--a", "easy", "--b", "normal", "--games", "2", "--playouts", "0", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (LwTestRun) run = { 0 };
      lw_test_run_cli_argv (&run, NULL, NULL, cases[i]);
      lw_test_assert_cli_failed (&run, 2, NULL);
    }
}

static void
test_help (void)
{
  const char *const commands[] = { "play", "legal", "trick", "duel" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (LwTestRun) run = { 0 };
      lw_test_run_cli (&run, NULL, NULL, commands[i], "--help", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_true (g_str_has_prefix (run.out, "Usage: littlewolf-cli "));
      g_assert_cmpstr (run.err, ==, "");
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/play", test_play);
  g_test_add_func ("/cli/legal", test_legal);
  g_test_add_func ("/cli/trick", test_trick);
  g_test_add_func ("/cli/duel", test_duel);
  g_test_add_func ("/cli/bad-input", test_bad_input);
  g_test_add_func ("/cli/help", test_help);
  return g_test_run ();
}
