/* test-large-input.c — littlewolf-cli on very large and hostile inputs
 *
 * - a 1 GiB file (sparse, so made at once) and more than 64 MiB on
 *   standard input: refused before being read whole (status 2, one line);
 *   `import` leaves no database behind;
 * - a game of 100,000 rounds: scored correctly (JSON and score sheet),
 *   imported and listed, each within the test's time;
 * - player names of 10,000 and 7,000,000 characters: refused (docs/rules/GAME-RECORD.md
 *   "Names": at most 100), nothing stored;
 * - JSON nested 100,000 deep: refused with a clear message.
 * The largest memory use of the programs run is logged.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <fcntl.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "lw-test-util.h"

typedef struct {
  int    status;
  GBytes *out;
  char  *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_bytes_unref);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static char *tmp_dir;

/* Runs littlewolf-cli with ARGS… (NULL-terminated), @input (nullable) on
 * standard input. */
static void
run_cli (Run    *run,
         GBytes *input,
         ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) err = NULL;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autofree char *stdin_path = NULL;
  const char *arg;
  va_list args;
  gint64 start = g_get_monotonic_time ();

  g_ptr_array_add (argv, (gpointer) lw_test_cli_path ());
  va_start (args, input);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  /* Standard input from a file: the program may stop reading it early. */
  stdin_path = g_build_filename (tmp_dir, "stdin", NULL);
  g_assert_true (g_file_set_contents (stdin_path,
                                      input != NULL ? g_bytes_get_data (input, NULL) : "",
                                      input != NULL ? (gssize) g_bytes_get_size (input) : 0,
                                      &error));
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_stdin_file_path (launcher, stdin_path);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate (process, NULL, NULL, &run->out, &err, &error);
  g_remove (stdin_path);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
  run->err = g_strndup (g_bytes_get_data (err, NULL), g_bytes_get_size (err));
  g_test_message ("littlewolf-cli %s: status %d in %.2f s",
                  (const char *) argv->pdata[1], run->status,
                  (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
}

static void
assert_refused (const Run  *run,
                const char *expected)
{
  g_assert_cmpint (run->status, ==, 2);
  g_assert_cmpuint (g_bytes_get_size (run->out), ==, 0);
  g_assert_true (g_str_has_prefix (run->err, "littlewolf-cli: "));
  g_assert_true (strchr (run->err, '\n') == run->err + strlen (run->err) - 1);
  if (strstr (run->err, expected) == NULL)
    g_error ("\"%s\" does not say \"%s\"", run->err, expected);
}

static gboolean
out_contains (const Run  *run,
              const char *text)
{
  gsize size = 0;
  const char *data = g_bytes_get_data (run->out, &size);

  return data != NULL && g_strstr_len (data, (gssize) size, text) != NULL;
}

static void
test_huge_file (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "huge.json", NULL);
  g_autofree char *db = g_build_filename (tmp_dir, "huge.sqlite3", NULL);
  g_auto (Run) score = { 0 };
  g_auto (Run) import = { 0 };
  g_auto (Run) piped = { 0 };
  g_autoptr (GBytes) big_input = NULL;
  gint64 start;
  int fd;

  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) 1 << 30), ==, 0);
  close (fd);

  start = g_get_monotonic_time ();
  run_cli (&score, NULL, "score", path, NULL);
  assert_refused (&score, "too large for a game record (the limit is 64 MiB)");
  run_cli (&import, NULL, "--db", db, "import", path, NULL);
  assert_refused (&import, "too large");
  g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));
  /* Refused before being read: far quicker than reading 1 GiB. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  g_remove (path);

  /* Standard input is read up to the limit only. */
  big_input = g_bytes_new_take (g_malloc0 (65 * 1024 * 1024), 65 * 1024 * 1024);
  run_cli (&piped, big_input, "score", "-", NULL);
  assert_refused (&piped, "standard input: too large");
}

static void
test_many_rounds (void)
{
  char *json = lw_test_undeclared_record_json (100000, TRUE);
  g_autoptr (GBytes) record = g_bytes_new_take (json, strlen (json));
  g_autofree char *path = g_build_filename (tmp_dir, "100000.json", NULL);
  g_autofree char *db = g_build_filename (tmp_dir, "many.sqlite3", NULL);
  g_auto (Run) score = { 0 };
  g_auto (Run) text = { 0 };
  g_auto (Run) import = { 0 };
  g_auto (Run) games = { 0 };
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (record, NULL),
                                      (gssize) g_bytes_get_size (record), &error));

  run_cli (&score, NULL, "score", path, NULL);
  g_assert_cmpint (score.status, ==, 0);
  g_assert_true (out_contains (&score, "\"number\" : 100000,"));
  g_assert_false (out_contains (&score, "\"number\" : 100001,"));

  run_cli (&text, NULL, "score", "--text", path, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_true (out_contains (&text, "\n100000 "));

  run_cli (&import, NULL, "--db", db, "import", path, NULL);
  g_assert_cmpint (import.status, ==, 0);
  g_assert_true (out_contains (&import, "1\n"));
  run_cli (&games, NULL, "--db", db, "games", NULL);
  g_assert_cmpint (games.status, ==, 0);
  g_assert_true (out_contains (&games, "1\tplaying\tlittle-wolf\tAnn, Ben, Cleo\t"));
  g_remove (path);
}

/* A two-player record of one round, in seat 0 a name of @length
 * letters A and Ben in seat 1, as the bytes of standard input. */
static GBytes *
long_name_input (gsize length)
{
  g_autofree char *first = g_strnfill (length, 'A');
  char *json = g_strdup_printf ("{\"format\": \"little-wolf/game\", \"version\": 1,"
                                " \"players\": [\"%s\", \"Ben\"],"
                                " \"rounds\": [{\"declarer\": 0, \"cards\": [20, 6]}]}", first);

  return g_bytes_new_take (json, strlen (json));
}

/* `games` on the database @db succeeds and lists nothing: what was
 * refused stored nothing. */
static void
assert_no_games (const char *db)
{
  g_auto (Run) games = { 0 };

  run_cli (&games, NULL, "--db", db, "games", NULL);
  g_assert_cmpint (games.status, ==, 0);
  g_assert_cmpuint (g_bytes_get_size (games.out), ==, 0);
}

/* docs/rules/GAME-RECORD.md "Names": at most 100 characters; a name of 10,000 is
 * refused by `score` and by `import`, which stores nothing. */
static void
test_long_names (void)
{
  g_autoptr (GBytes) input = long_name_input (10000);
  g_autofree char *db = g_build_filename (tmp_dir, "long-names.sqlite3", NULL);
  g_auto (Run) score = { 0 };
  g_auto (Run) text = { 0 };
  g_auto (Run) import = { 0 };

  run_cli (&score, input, "score", "-", NULL);
  assert_refused (&score, "players: the name of seat 0 is 10000 characters; at most 100");
  run_cli (&text, input, "score", "--text", "-", NULL);
  assert_refused (&text, "at most 100");
  run_cli (&import, input, "--db", db, "import", "-", NULL);
  assert_refused (&import, "players: the name of seat 0 is 10000 characters; at most 100");
  assert_no_games (db);
}

/* A name of 7,000,000 characters (which once made the app fail at every
 * start) is refused at once: in well under the test's time, reading the
 * file once. */
static void
test_huge_name (void)
{
  g_autoptr (GBytes) input = long_name_input (7000000);
  g_autofree char *db = g_build_filename (tmp_dir, "huge-name.sqlite3", NULL);
  g_auto (Run) import = { 0 };
  gint64 start = g_get_monotonic_time ();
  double seconds;

  run_cli (&import, input, "--db", db, "import", "-", NULL);
  seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  assert_refused (&import, "players: the name of seat 0 is 7000000 characters; at most 100");
  g_test_message ("a 7,000,000-character name refused in %.2f s", seconds);
  g_assert_cmpfloat (seconds, <, 20.0);
  assert_no_games (db);
}

static void
test_deep_nesting (void)
{
  const guint depth = 100000;
  g_autofree char *open = g_strnfill (depth, '[');
  g_autofree char *close = g_strnfill (depth, ']');
  g_autofree char *json = g_strdup_printf ("{\"format\": \"little-wolf/game\", \"version\": 1,"
                                           " \"players\": %s%s}", open, close);
  g_autoptr (GBytes) input = g_bytes_new_static (json, strlen (json));
  g_auto (Run) score = { 0 };
  g_auto (Run) score_objects = { 0 };
  GString *nested = g_string_new (NULL);
  g_autoptr (GBytes) objects_input = NULL;

  run_cli (&score, input, "score", "-", NULL);
  assert_refused (&score, "nested more than 32 deep");

  for (guint i = 0; i < depth; i++)
    g_string_append (nested, "{\"a\":");
  g_string_append (nested, "1");
  for (guint i = 0; i < depth; i++)
    g_string_append_c (nested, '}');
  objects_input = g_string_free_to_bytes (nested);
  run_cli (&score_objects, objects_input, "score", "-", NULL);
  assert_refused (&score_objects, "nested more than 32 deep");
}

int
main (int   argc,
      char *argv[])
{
  struct rusage usage;
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/large-input/huge-file", test_huge_file);
  g_test_add_func ("/large-input/100000-rounds", test_many_rounds);
  g_test_add_func ("/large-input/long-names", test_long_names);
  g_test_add_func ("/large-input/huge-name", test_huge_name);
  g_test_add_func ("/large-input/deep-nesting", test_deep_nesting);
  status = lw_test_run_in_tmp_dir (&tmp_dir, "lw-large-XXXXXX");

  if (getrusage (RUSAGE_CHILDREN, &usage) == 0)
    g_print ("# the largest littlewolf-cli run used %ld MiB\n", usage.ru_maxrss / 1024);
  return status;
}
