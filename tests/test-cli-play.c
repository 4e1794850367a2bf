/* test-cli-play.c — littlewolf-cli `play`, `legal` and `trick` as CLI.md
 * describes them, run as a separate process
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_cli (Run               *run,
         const char        *input,
         const char *const *args)
{
  const char *cli = g_getenv ("LW_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;

  if (cli == NULL || !g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    g_error ("LW_CLI does not name the built littlewolf-cli: %s", cli ? cli : "(unset)");
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  process = g_subprocess_newv ((const char *const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                               G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input ? input : "", NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

static void
assert_failed (const Run  *run,
               const char *needle)
{
  g_assert_cmpint (run->status, ==, 2);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_true (g_str_has_prefix (run->err, "littlewolf-cli: "));
  g_assert_true (strchr (run->err, '\n') == run->err + strlen (run->err) - 1);
  if (needle != NULL && strstr (run->err, needle) == NULL)
    g_error ("stderr \"%s\" lacks \"%s\"", run->err, needle);
}

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
      g_auto (Run) a = { 0 };
      g_auto (Run) b = { 0 };
      g_auto (Run) scored = { 0 };
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
      run_cli (&a, NULL, args);
      g_assert_cmpint (a.status, ==, 0);
      g_assert_cmpstr (a.err, ==, "");
      run_cli (&b, NULL, args);
      g_assert_cmpstr (a.out, ==, b.out);
      run_cli (&scored, a.out, (const char *const[]) { "score", "-", NULL });
      g_assert_cmpint (scored.status, ==, 0);
      g_assert_nonnull (strstr (scored.out, "\"finished\" : true"));
    }
}

static void
test_legal (void)
{
  g_auto (Run) run = { 0 };
  g_auto (Run) two = { 0 };

  /* E15 */
  run_cli (&run, NULL, (const char *const[]) { "legal", "--trump", "H", "--lead", "9S 9C",
                                               "--hand", "9D 2S KC L", NULL });
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "2S 9D\n9D KC\n9D L\n");

  /* Two decks: identical plays once. */
  run_cli (&two, NULL, (const char *const[]) { "legal", "--trump=none", "--lead=5C",
                                               "--hand=3C 3C 9H", NULL });
  g_assert_cmpint (two.status, ==, 0);
  g_assert_cmpstr (two.out, ==, "3C\n");
}

static void
test_trick (void)
{
  g_auto (Run) run = { 0 };
  g_auto (Run) nt = { 0 };

  /* E23 */
  run_cli (&run, NULL, (const char *const[]) { "trick", "--trump", "H", "--lead", "9S 9C",
                                               "--plays", "KS KD;2H 4H;5H G", NULL });
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "3\n");
  /* E40 */
  run_cli (&nt, NULL, (const char *const[]) { "trick", "--trump", "none", "--lead", "9S 9C B=9",
                                              "--plays", "9D 9H B; KS KC KD", NULL });
  g_assert_cmpstr (nt.out, ==, "2\n");
}

/* A tiny duel: both levels' wins add up to the games, A's rate comes with
 * its interval, the same seed gives the same figures (but the times). */
static void
test_duel (void)
{
  const char *const args[] = { "duel", "--a", "hard", "--b", "easy", "--games", "4",
                               "--seed", "9", "--playouts", "6", NULL };
  g_auto (Run) a = { 0 };
  g_auto (Run) b = { 0 };
  g_auto (Run) partners = { 0 };
  unsigned wins_a = 0, wins_b = 0;
  const char *line;
  g_auto (GStrv) la = NULL, lb = NULL;

  run_cli (&a, NULL, args);
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

  run_cli (&b, NULL, args);
  la = g_strsplit (a.out, "\n", -1);
  lb = g_strsplit (b.out, "\n", -1);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpstr (la[i], ==, lb[i]);

  run_cli (&partners, NULL, (const char *const[]) { "duel", "--a", "normal", "--b", "random",
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
      g_auto (Run) run = { 0 };
      run_cli (&run, NULL, cases[i]);
      assert_failed (&run, NULL);
    }
}

static void
test_help (void)
{
  const char *const commands[] = { "play", "legal", "trick", "duel" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (Run) run = { 0 };
      run_cli (&run, NULL, (const char *const[]) { commands[i], "--help", NULL });
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
