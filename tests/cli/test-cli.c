/* test-cli.c — littlewolf-cli `score` as docs/rules/CLI.md describes it: output, exit
 * status, the one-line error, run as a separate process over every case
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "lw-test-util.h"

static char *
without_items (JsonNode *standings)
{
  JsonArray *rounds = json_object_get_array_member (json_node_get_object (standings), "rounds");

  for (guint i = 0; i < json_array_get_length (rounds); i++)
    json_object_remove_member (json_array_get_object_element (rounds, i), "items");
  return json_to_string (standings, FALSE);
}

/* The standings @out printed for the case @path are its expected
 * standings, items aside (cases/README.md). */
static void
assert_expected_standings (const char *out,
                           const char *path)
{
  g_autofree char *expected_path = lw_test_expected_path (path);
  g_autofree char *expected = NULL;
  g_autoptr (JsonNode) got = lw_test_parse_json (out);
  g_autoptr (JsonNode) want = NULL;
  g_autofree char *got_text = NULL;
  g_autofree char *want_text = NULL;

  g_assert_true (g_file_get_contents (expected_path, &expected, NULL, NULL));
  want = lw_test_parse_json (expected);
  got_text = without_items (got);
  want_text = without_items (want);
  g_assert_cmpstr (got_text, ==, want_text);
}

static void
test_good_case (gconstpointer data)
{
  const char *path = data;
  g_auto (LwTestRun) run = { 0 };
  g_auto (LwTestRun) text = { 0 };
  g_auto (LwTestRun) piped = { 0 };
  g_autofree char *contents = NULL;

  lw_test_run_cli (&run, NULL, NULL, "score", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  assert_expected_standings (run.out, path);

  /* The same record on standard input. */
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lw_test_run_cli (&piped, NULL, contents, "score", "-", NULL);
  g_assert_cmpint (piped.status, ==, 0);
  g_assert_cmpstr (piped.out, ==, run.out);

  lw_test_run_cli (&text, NULL, NULL, "score", "--text", path, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_cmpstr (text.err, ==, "");
  g_assert_true (g_str_has_prefix (text.out, "Little Wolf") || g_str_has_prefix (text.out, "Garwolf"));
}

/* score --text names the rule set and the house rules that are not the
 * rulings below its first line. */
static void
test_text_rules (void)
{
  g_autofree char *path = g_build_filename (lw_test_cases_dir (), "v2", "V2-substitute-and-details.json", NULL);
  g_auto (LwTestRun) text = { 0 };

  lw_test_run_cli (&text, NULL, NULL, "score", "--text", path, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "\nRules: Club standard — Little Wolf fills only inside a Run; "
                                      "a trump over a plain lead beats every trump in the trick\n\n"));
}

static void
test_bad_case (gconstpointer data)
{
  const char *path = data;
  g_auto (LwTestRun) run = { 0 };
  g_auto (LwTestRun) text = { 0 };

  lw_test_run_cli (&run, NULL, NULL, "score", path, NULL);
  lw_test_assert_cli_failed (&run, 2, NULL);
  lw_test_run_cli (&text, NULL, NULL, "score", "--text", path, NULL);
  lw_test_assert_cli_failed (&text, 2, NULL);
}


/* score --text names the rules that change an item (R15, R19), counts
 * seats from 1 beside a name, and says no key names. */
static void
test_text_breakdowns (void)
{
  g_auto (LwTestRun) run = { 0 };
  g_auto (LwTestRun) dealer = { 0 };
  g_auto (LwTestRun) zero = { 0 };
  const char *r15 = "{\"format\": \"little-wolf/game\", \"version\": 1, \"players\": [\"Ann\", \"Ben\"],"
                    " \"rounds\": [{\"declarer\": 0, \"cards\": [13, 13], \"gongs\": [2, 0]}]}";
  const char *bad_dealer = "{\"format\": \"little-wolf/game\", \"version\": 1, \"players\": [\"Ann\", \"Ben\"],"
                           " \"rounds\": [{\"declarer\": 0, \"cards\": [16, 10]},"
                           " {\"declarer\": 0, \"cards\": [16, 10], \"dealer\": 0}]}";
  const char *no_declarer = "{\"format\": \"little-wolf/game\", \"version\": 1, \"players\": [\"Ann\", \"Ben\"],"
                            " \"rounds\": [{\"declarer\": null, \"cards\": [16, 10], \"all_but_last\": true}]}";

  lw_test_run_cli (&run, NULL, r15, "score", "--text", "-", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Ben: Declarer missed the Pack +1 (void Gongs reduce the award: "
                                     "2 \u2212 1, R15)"));
  lw_test_run_cli (&dealer, NULL, bad_dealer, "score", "--text", "-", NULL);
  lw_test_assert_cli_failed (&dealer, 2, "round 2: dealer is seat 0 (Ann), but the deal passes to "
                                         "seat 1 (Ben)");
  lw_test_run_cli (&zero, NULL, no_declarer, "score", "-", NULL);
  lw_test_assert_cli_failed (&zero, 2, "round 1: \"every trick but the last\" is set but nobody "
                                       "declared (SCORING R11)");
  g_assert_null (strstr (zero.err, "all_but_last"));
}

static void
test_errors_name_the_place (void)
{
  g_auto (LwTestRun) sum = { 0 };
  g_auto (LwTestRun) empty = { 0 };
  g_autofree char *path = g_build_filename (lw_test_cases_dir (), "scoring",
                                           "BAD-cards-sum-wrong.json", NULL);

  lw_test_run_cli (&sum, NULL, NULL, "score", path, NULL);
  lw_test_assert_cli_failed (&sum, 2,
                             "littlewolf-cli: round 1: cards sum to 25, expected 26 (2 players");

  lw_test_run_cli (&empty, NULL, "", "score", NULL);
  lw_test_assert_cli_failed (&empty, 2, "empty");

  {
    g_auto (LwTestRun) cut = { 0 };
    lw_test_run_cli (&cut, NULL, "{\"format\": \"little-wolf/game\",\n \"players\": [",
                     "score", NULL);
    lw_test_assert_cli_failed (&cut, 2,
                               "littlewolf-cli: the game record is not JSON: line 2, column ");
  }
}

/* The score sheet's columns line up, whatever the width of a score. */
static void
test_sheet_columns (void)
{
  g_auto (LwTestRun) run = { 0 };
  g_autofree char *path = g_build_filename (lw_test_cases_dir (), "scoring",
                                           "G2-garwolf-to-hundred.json", NULL);
  g_auto (GStrv) lines = NULL;
  glong header_width;

  lw_test_run_cli (&run, NULL, NULL, "score", "--text", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  /* Line 2 is the header ("Hand  Dealer  Ann  Ben  Cleo  Dev"); rounds
   * follow, every one as wide as the header, one digit or three. */
  g_assert_true (g_str_has_prefix (lines[2] + strspn (lines[2], " "), "Hand"));
  header_width = g_utf8_strlen (lines[2], -1);
  for (guint i = 3; lines[i] != NULL && lines[i][0] != '\0'; i++)
    if (g_ascii_isdigit (lines[i][strspn (lines[i], " ")]))
      g_assert_cmpint (g_utf8_strlen (lines[i], -1), ==, header_width);
  g_assert_nonnull (strstr (run.out, "108 (+12)"));
  g_assert_nonnull (strstr (run.out, "Ann won."));
}

static void
test_usage (void)
{
  g_auto (LwTestRun) help = { 0 };
  g_auto (LwTestRun) score_help = { 0 };
  g_auto (LwTestRun) unknown = { 0 };
  g_auto (LwTestRun) none = { 0 };
  g_auto (LwTestRun) missing = { 0 };
  g_auto (LwTestRun) extra = { 0 };

  lw_test_run_cli (&help, NULL, NULL, "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "score"));

  lw_test_run_cli (&score_help, NULL, NULL, "score", "--help", NULL);
  g_assert_cmpint (score_help.status, ==, 0);
  g_assert_true (g_str_has_prefix (score_help.out, "Usage: littlewolf-cli score"));

  lw_test_run_cli (&unknown, NULL, NULL, "scroe", NULL);
  lw_test_assert_cli_failed (&unknown, 2, "unknown command \"scroe\"");

  lw_test_run_cli (&none, NULL, NULL, NULL);
  lw_test_assert_cli_failed (&none, 2, "no command");

  lw_test_run_cli (&missing, NULL, NULL, "score", "/nonexistent/game.json", NULL);
  lw_test_assert_cli_failed (&missing, 1, "/nonexistent/game.json");

  lw_test_run_cli (&extra, NULL, NULL, "score", "a.json", "b.json", NULL);
  lw_test_assert_cli_failed (&extra, 2, "b.json");
}

/* Output that cannot be written (here: a full disk) is a failure. */
static void
test_output_not_written (void)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (lw_test_cases_dir (), "scoring",
                                           "R02-partners-pack.json", NULL);
  g_autofree char *err = NULL;

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_stdout_file_path (launcher, "/dev/full");
  process = g_subprocess_launcher_spawn (launcher, &error, lw_test_cli_path (), "score", path, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 1);
  g_assert_true (g_str_has_prefix (err, "littlewolf-cli: cannot write the output"));
  g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);
}

/* A --db that is there but cannot be opened (a symbolic link to itself,
 * one to a folder that is gone, as an unmounted stick leaves it) is not
 * "no database yet": the commands that only read fail with status 1
 * instead of listing nothing with status 0. A path with nothing at all
 * there still lists nothing. */
static void
test_db_unreachable (void)
{
  g_autofree char *dir = g_dir_make_tmp ("lw-cli-db-XXXXXX", NULL);
  g_autofree char *loop = g_build_filename (dir, "loop.sqlite3", NULL);
  g_autofree char *gone = g_build_filename (dir, "gone.sqlite3", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.sqlite3", NULL);
  const char *const paths[] = { loop, gone };
  const char *const *commands[] = {
    (const char *const[]) { "games", NULL },
    (const char *const[]) { "show", "1", NULL },
    (const char *const[]) { "export", "1", NULL },
    (const char *const[]) { "event", "list", NULL },
    (const char *const[]) { "event", "standings", "1", NULL },
    (const char *const[]) { "ratings", NULL },
    (const char *const[]) { "player", "list", NULL },
  };
  g_auto (LwTestRun) nothing = { 0 };

  g_assert_cmpint (symlink (loop, loop), ==, 0);
  g_assert_cmpint (symlink ("/nonexistent-folder-of-little-wolf/x.sqlite3", gone), ==, 0);
  for (guint p = 0; p < G_N_ELEMENTS (paths); p++)
    for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
      {
        g_auto (LwTestRun) run = { 0 };

        lw_test_run_cli_argv (&run, paths[p], NULL, commands[c]);
        g_test_message ("%s %s: %d %s", paths[p], commands[c][0], run.status, run.err);
        lw_test_assert_cli_failed (&run, 1, "cannot open the database");
        g_assert_false (g_file_test (gone, G_FILE_TEST_EXISTS));
      }

  lw_test_run_cli (&nothing, missing, NULL, "games", NULL);
  g_assert_cmpint (nothing.status, ==, 0);
  g_assert_cmpstr (nothing.out, ==, "");
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));

  g_unlink (loop);
  g_unlink (gone);
  g_rmdir (dir);
}

/* A locale the system lacks (LANG set by hand to one not installed) falls
 * back to C.UTF-8 rather than to "C": non-ASCII names given as options
 * still reach the command, which then says what is wrong with the rest. */
static void
test_missing_locale (void)
{
  g_auto (LwTestRun) run = { 0 };
  g_autofree char *saved = g_strdup (g_getenv ("LC_ALL"));

  g_setenv ("LC_ALL", "xx_XX.UTF-8", TRUE);
  lw_test_run_cli (&run, NULL, NULL, "host", "--players", "9", "--names", "Zoë,Åsa", NULL);
  if (saved != NULL)
    g_setenv ("LC_ALL", saved, TRUE);
  else
    g_unsetenv ("LC_ALL");
  lw_test_assert_cli_failed (&run, 2, "host: --players 9: from 2 to 8 players");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  lw_test_add_cases ("/cli/score", "scoring", test_good_case, test_bad_case);
  lw_test_add_cases ("/cli/score", "random", test_good_case, test_bad_case);
  g_test_add_func ("/cli/errors-name-the-place", test_errors_name_the_place);
  g_test_add_func ("/cli/text-breakdowns", test_text_breakdowns);
  g_test_add_func ("/cli/text-rules", test_text_rules);
  g_test_add_func ("/cli/usage", test_usage);
  g_test_add_func ("/cli/missing-locale", test_missing_locale);
  g_test_add_func ("/cli/sheet-columns", test_sheet_columns);
  g_test_add_func ("/cli/output-not-written", test_output_not_written);
  g_test_add_func ("/cli/db-unreachable", test_db_unreachable);
  return g_test_run ();
}
