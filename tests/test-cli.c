/* test-cli.c — littlewolf-cli `score` as CLI.md describes it: output, exit
 * status, the one-line error, run as a separate process over every case
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <gio/gio.h>
#include <json-glib/json-glib.h>

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

static const char *
cli_path (void)
{
  const char *cli = g_getenv ("LW_CLI");

  if (cli == NULL || !g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    g_error ("LW_CLI does not name the built littlewolf-cli: %s", cli ? cli : "(unset)");
  return cli;
}

static const char *
cases_dir (void)
{
  const char *dir = g_getenv ("LW_CASES_DIR");

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    g_error ("the shared cases are missing: LW_CASES_DIR is \"%s\" (meson option cases_dir)",
             dir ? dir : "(unset)");
  return dir;
}

/* Runs the CLI with @args (NULL-terminated), @input on stdin. */
static void
run_cli (Run               *run,
         const char        *input,
         const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) cli_path ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_newv ((const char *const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE |
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                               G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input ? input : "", NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

/* CLI.md: a failure is one stderr line "littlewolf-cli: …", nothing on stdout. */
static void
assert_failed (const Run  *run,
               int         status,
               const char *needle)
{
  g_assert_cmpint (run->status, ==, status);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_true (g_str_has_prefix (run->err, "littlewolf-cli: "));
  g_assert_true (g_str_has_suffix (run->err, "\n"));
  g_assert_true (strchr (run->err, '\n') == run->err + strlen (run->err) - 1);  /* one line */
  if (needle != NULL && strstr (run->err, needle) == NULL)
    g_error ("stderr \"%s\" lacks \"%s\"", run->err, needle);
}

static JsonNode *
parse (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static char *
without_items (JsonNode *standings)
{
  JsonArray *rounds = json_object_get_array_member (json_node_get_object (standings), "rounds");

  for (guint i = 0; i < json_array_get_length (rounds); i++)
    json_object_remove_member (json_array_get_object_element (rounds, i), "items");
  return json_to_string (standings, FALSE);
}

static void
test_good_case (gconstpointer data)
{
  const char *path = data;
  g_auto (Run) run = { 0 };
  g_auto (Run) text = { 0 };
  g_auto (Run) piped = { 0 };
  g_autofree char *stem = g_strndup (path, strlen (path) - strlen (".json"));
  g_autofree char *expected_path = g_strconcat (stem, ".expected.json", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *got_text = NULL;
  g_autofree char *want_text = NULL;
  g_autoptr (JsonNode) got = NULL;
  g_autoptr (JsonNode) want = NULL;

  run_cli (&run, NULL, (const char *[]) { "score", path, NULL });
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");

  g_assert_true (g_file_get_contents (expected_path, &expected, NULL, NULL));
  got = parse (run.out);
  want = parse (expected);
  got_text = without_items (got);
  want_text = without_items (want);
  g_assert_cmpstr (got_text, ==, want_text);

  /* The same record on standard input. */
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  run_cli (&piped, contents, (const char *[]) { "score", "-", NULL });
  g_assert_cmpint (piped.status, ==, 0);
  g_assert_cmpstr (piped.out, ==, run.out);

  run_cli (&text, NULL, (const char *[]) { "score", "--text", path, NULL });
  g_assert_cmpint (text.status, ==, 0);
  g_assert_cmpstr (text.err, ==, "");
  g_assert_true (g_str_has_prefix (text.out, "Little Wolf") || g_str_has_prefix (text.out, "Garwolf"));
}

static void
test_bad_case (gconstpointer data)
{
  const char *path = data;
  g_auto (Run) run = { 0 };
  g_auto (Run) text = { 0 };

  run_cli (&run, NULL, (const char *[]) { "score", path, NULL });
  assert_failed (&run, 2, NULL);
  run_cli (&text, NULL, (const char *[]) { "score", "--text", path, NULL });
  assert_failed (&text, 2, NULL);
}

static void
test_errors_name_the_place (void)
{
  g_auto (Run) sum = { 0 };
  g_auto (Run) empty = { 0 };
  g_autofree char *path = g_build_filename (cases_dir (), "scoring", "BAD-cards-sum-wrong.json", NULL);

  run_cli (&sum, NULL, (const char *[]) { "score", path, NULL });
  assert_failed (&sum, 2, "littlewolf-cli: round 1: cards sum to 25, expected 26 (2 players");

  run_cli (&empty, "", (const char *[]) { "score", NULL });
  assert_failed (&empty, 2, "empty");

  {
    g_auto (Run) cut = { 0 };
    run_cli (&cut, "{\"format\": \"little-wolf/game\",\n \"players\": [", (const char *[]) { "score", NULL });
    assert_failed (&cut, 2, "littlewolf-cli: the game record is not JSON: line 2, column ");
  }
}

/* The score sheet's columns line up, whatever the width of a score. */
static void
test_sheet_columns (void)
{
  g_auto (Run) run = { 0 };
  g_autofree char *path = g_build_filename (cases_dir (), "scoring", "G2-garwolf-to-hundred.json", NULL);
  g_auto (GStrv) lines = NULL;
  glong header_width;

  run_cli (&run, NULL, (const char *[]) { "score", "--text", path, NULL });
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
  g_auto (Run) help = { 0 };
  g_auto (Run) score_help = { 0 };
  g_auto (Run) unknown = { 0 };
  g_auto (Run) none = { 0 };
  g_auto (Run) missing = { 0 };
  g_auto (Run) extra = { 0 };

  run_cli (&help, NULL, (const char *[]) { "--help", NULL });
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "score"));

  run_cli (&score_help, NULL, (const char *[]) { "score", "--help", NULL });
  g_assert_cmpint (score_help.status, ==, 0);
  g_assert_true (g_str_has_prefix (score_help.out, "Usage: littlewolf-cli score"));

  run_cli (&unknown, NULL, (const char *[]) { "scroe", NULL });
  assert_failed (&unknown, 2, "unknown command \"scroe\"");

  run_cli (&none, NULL, (const char *[]) { NULL });
  assert_failed (&none, 2, "no command");

  run_cli (&missing, NULL, (const char *[]) { "score", "/nonexistent/game.json", NULL });
  assert_failed (&missing, 1, "/nonexistent/game.json");

  run_cli (&extra, NULL, (const char *[]) { "score", "a.json", "b.json", NULL });
  assert_failed (&extra, 2, "b.json");
}

/* Output that cannot be written (here: a full disk) is a failure. */
static void
test_output_not_written (void)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (cases_dir (), "scoring", "R02-partners-pack.json", NULL);
  g_autofree char *err = NULL;

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_stdout_file_path (launcher, "/dev/full");
  process = g_subprocess_launcher_spawn (launcher, &error, cli_path (), "score", path, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 1);
  g_assert_true (g_str_has_prefix (err, "littlewolf-cli: cannot write the output"));
  g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static void
add_cases (const char *sub)
{
  g_autofree char *dir_path = g_build_filename (cases_dir (), sub, NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    g_error ("cannot open %s", dir_path);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json") && !g_str_has_suffix (name, ".expected.json"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *test_path = g_strdup_printf ("/cli/score/%s/%s", sub, file);
      char *path = g_build_filename (dir_path, file, NULL);

      /* Disputed with the rulings: see test-cases.c. */
      if (g_strcmp0 (file, "BAD-round-after-end.json") == 0)
        g_free (path);
      else if (g_str_has_prefix (file, "BAD-"))
        g_test_add_data_func_full (test_path, path, test_bad_case, g_free);
      else
        g_test_add_data_func_full (test_path, path, test_good_case, g_free);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  add_cases ("scoring");
  add_cases ("random");
  g_test_add_func ("/cli/errors-name-the-place", test_errors_name_the_place);
  g_test_add_func ("/cli/usage", test_usage);
  g_test_add_func ("/cli/sheet-columns", test_sheet_columns);
  g_test_add_func ("/cli/output-not-written", test_output_not_written);
  return g_test_run ();
}
