/* test-large-records.c — game records near the 64 MiB limit, run as the
 * CLI runs them (suite large: long, and run in the plain build only, where
 * memory figures mean something)
 *
 * - `score` of a record of about 24 MB: its peak memory (the child's
 *   ru_maxrss from wait4()) at most 4 times the record's size (the text,
 *   where each round starts, one round; 20 times when every round and its
 *   result were kept);
 * - a game whose record indented would pass 64 MiB: imported, exported
 *   without white space, and that export imported again to the same game;
 * - the size limit of the store (lw_game_record_check_size()) at the very
 *   last round that fits, for the largest rounds there are;
 * - with -m perf (the benchmark bench-large-records): `score` of records of
 *   about 60 MB, their time and peak memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "lw-engine.h"
#include "lw-store.h"
#include "lw-test-util.h"

#if defined(__SANITIZE_ADDRESS__)
#define LW_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LW_TEST_ASAN 1
#endif
#endif

static char *tmp_dir;

typedef struct {
  int     status;
  long    max_rss_kib;
  double  seconds;
  double  cpu_seconds;
  char   *err;
} Measured;

static void
measured_clear (Measured *run)
{
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Measured, measured_clear)

/* Runs littlewolf-cli with @args (NULL-terminated, after the program's
 * name), standard input from @in_path (nullable: /dev/null), standard output
 * to @out_path (nullable: /dev/null); waits for it alone, so that its own
 * peak memory is known. */
static void
run_measured (Measured          *run,
              const char *const *args,
              const char        *in_path,
              const char        *out_path)
{
  g_autofree char *err_path = g_build_filename (tmp_dir, "stderr", NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  struct rusage usage;
  gint64 start;
  pid_t pid;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) lw_test_cli_path ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  start = g_get_monotonic_time ();
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      int in = open (in_path != NULL ? in_path : "/dev/null", O_RDONLY);
      int out = open (out_path != NULL ? out_path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0600);
      int err = open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

      if (in < 0 || out < 0 || err < 0
          || dup2 (in, 0) < 0 || dup2 (out, 1) < 0 || dup2 (err, 2) < 0)
        _exit (127);
      /* The allocator as a user runs it: meson's MALLOC_PERTURB_ writes
       * over memory as it is handed out and freed, touching pages a plain
       * run never would, which adds to the peak. */
      unsetenv ("MALLOC_PERTURB_");
      execv (argv->pdata[0], (char **) argv->pdata);
      _exit (127);
    }
  while (wait4 (pid, &status, 0, &usage) < 0)
    g_assert_cmpint (errno, ==, EINTR);
  run->seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  g_assert_true (WIFEXITED (status));
  run->status = WEXITSTATUS (status);
  run->max_rss_kib = usage.ru_maxrss;
  run->cpu_seconds = (double) usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
                     + (double) usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
  g_assert_true (g_file_get_contents (err_path, &run->err, NULL, NULL));
  {
    g_autofree char *line = g_strjoinv (" ", (char **) args);
    g_test_message ("littlewolf-cli %s: status %d in %.2f s (%.2f s of CPU), peak memory %ld MiB",
                    line, run->status, run->seconds, run->cpu_seconds, run->max_rss_kib / 1024);
  }
}

/* Writes a record of @n_players seats and @n_rounds rounds that never end
 * the game (nobody Declares; the cards shared evenly), without white
 * space. Returns its size in bytes. */
static gsize
write_record (const char *path,
              guint       n_players,
              guint       n_rounds)
{
  static const char *const names[] = { "Ann", "Ben", "Cleo", "Dev", "Eve", "Fay", "Gus", "Hal" };
  g_autoptr (GString) round = g_string_new ("{\"declarer\":null,\"cards\":[");
  g_autoptr (GString) text = g_string_new ("{\"format\":\"little-wolf/game\",\"version\":1,\"players\":[");
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < n_players; i++)
    {
      g_string_append_printf (text, "%s\"%s\"", i > 0 ? "," : "", names[i]);
      g_string_append_printf (round, "%s%u", i > 0 ? "," : "", lw_hand_size (n_players));
    }
  g_string_append (round, "]}");
  g_string_append (text, "],\"rounds\":[");
  for (guint r = 0; r < n_rounds; r++)
    {
      if (r > 0)
        g_string_append_c (text, ',');
      g_string_append_len (text, round->str, (gssize) round->len);
    }
  g_string_append (text, "]}\n");
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, &error));
  g_assert_no_error (error);
  return text->len;
}

/* `score` keeps memory within 4 times the record's size: the rounds are
 * read, replayed and written one at a time, none kept
 * (lw_standings_write_record_json()). */
static void
test_score_peak_memory (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "score.json", NULL);
  g_autofree char *out = g_build_filename (tmp_dir, "standings.json", NULL);
  g_autofree char *tail = NULL;
  g_auto (Measured) run = { 0 };
  gsize size, out_size = 0;
  g_autofree char *text = NULL;

#ifdef LW_TEST_ASAN
  g_test_skip ("AddressSanitizer's quarantine makes peak memory meaningless");
  return;
#endif
  size = write_record (path, 2, 480000);
  run_measured (&run, (const char *const[]) { "score", path, NULL }, NULL, out);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_test_message ("record %.1f MiB: peak memory %.1f times its size",
                  (double) size / (1024 * 1024), run.max_rss_kib * 1024.0 / (double) size);
  g_assert_cmpfloat (run.max_rss_kib * 1024.0, <=, 4.0 * (double) size);

  /* The standings of every round, whole to the end. */
  g_assert_true (g_file_get_contents (out, &text, &out_size, NULL));
  g_assert_nonnull (g_strstr_len (text, (gssize) out_size, "\"number\" : 480000,"));
  tail = g_strndup (text + out_size - 40, 40);
  g_assert_true (g_str_has_suffix (tail, "\"forfeits_next_deal\" : []\n}\n"));
  g_remove (out);
  g_remove (path);
}

/* A game too large to export indented within 64 MiB is exported without
 * white space, and that is imported again: the same limits both ways. */
static void
test_export_importable (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "large.json", NULL);
  g_autofree char *db = g_build_filename (tmp_dir, "large.sqlite3", NULL);
  /* The export goes to another laptop's database: the same game (its id)
   * is a duplicate in the first one. */
  g_autofree char *other_db = g_build_filename (tmp_dir, "other.sqlite3", NULL);
  g_autofree char *exported = g_build_filename (tmp_dir, "exported.json", NULL);
  g_autofree char *again = g_build_filename (tmp_dir, "again.json", NULL);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (Measured) import = { 0 };
  g_auto (Measured) export = { 0 };
  g_auto (Measured) reimport = { 0 };
  g_auto (Measured) export_again = { 0 };
  gsize size, first_size = 0, second_size = 0;

  size = write_record (path, 8, 470000);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  record = lw_game_record_from_json (contents, (gssize) size, &error);
  g_assert_no_error (error);
  g_clear_pointer (&contents, g_free);
  g_assert_cmpuint (lw_game_record_json_length (record, TRUE), >, LW_GAME_RECORD_MAX_BYTES);
  g_assert_cmpuint (lw_game_record_json_length (record, FALSE), <=, LW_GAME_RECORD_MAX_BYTES);
  g_test_message ("%u rounds: %.1f MiB indented, %.1f MiB without white space",
                  record->rounds->len,
                  (double) lw_game_record_json_length (record, TRUE) / (1024 * 1024),
                  (double) lw_game_record_json_length (record, FALSE) / (1024 * 1024));

  run_measured (&import, (const char *const[]) { "--db", db, "import", path, NULL }, NULL, NULL);
  g_assert_cmpint (import.status, ==, 0);
  /* import frees the text once it is read and keeps only the store's
   * replay: about 20 times the record (31 times when it kept both). */
#ifndef LW_TEST_ASAN
  g_test_message ("import of %.1f MiB: peak memory %.1f times its size",
                  (double) size / (1024 * 1024), import.max_rss_kib * 1024.0 / (double) size);
  g_assert_cmpfloat (import.max_rss_kib * 1024.0, <=, 22.0 * (double) size);
#endif
  run_measured (&export, (const char *const[]) { "--db", db, "export", "1", NULL }, NULL, exported);
  g_assert_cmpint (export.status, ==, 0);
  g_assert_cmpstr (export.err, ==, "");

  g_assert_true (g_file_get_contents (exported, &first, &first_size, NULL));
  g_assert_cmpuint (first_size, <=, LW_GAME_RECORD_MAX_BYTES);
  /* One line: no indentation. */
  g_assert_true (memchr (first, '\n', first_size) == first + first_size - 1);

  run_measured (&reimport, (const char *const[]) { "--db", other_db, "import", exported, NULL }, NULL, NULL);
  g_assert_cmpint (reimport.status, ==, 0);
  g_assert_cmpstr (reimport.err, ==, "");
  run_measured (&export_again, (const char *const[]) { "--db", other_db, "export", "1", NULL }, NULL, again);
  g_assert_cmpint (export_again.status, ==, 0);
  g_assert_true (g_file_get_contents (again, &second, &second_size, NULL));
  g_assert_cmpuint (first_size, ==, second_size);
  g_assert_true (memcmp (first, second, first_size) == 0);

  g_remove (path);
  g_remove (exported);
  g_remove (again);
}

/* The largest rounds there are (8 seats, every list, the largest counts,
 * penalties): a record of them is kept up to LW_GAME_RECORD_MAX_BYTES
 * without white space and refused one round later, whatever the quick
 * bound says. */
static void
test_record_size_limit (void)
{
  const char *names[LW_MAX_SEATS] = { "Ann", "Ben", "Cleo", "Dev", "Eve", "Fay", "Gus", "Hal" };
  g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 8, names);
  g_autoptr (LwRound) round = lw_round_new ();
  g_autoptr (GError) error = NULL;
  guint64 one, two, per_round, head;
  guint n;

  round->dealer = 7;
  round->declarer = 7;
  round->all_but_last = TRUE;
  for (guint i = 0; i < 8; i++)
    {
      round->cards[i] = round->worms[i] = round->gongs[i] = 999999;
      round->bears[i] = round->wolves[i] = 999999;
      round->unpegged[i] = TRUE;
    }
  for (guint i = 0; i < 3; i++)
    lw_round_add_penalty (round, 7, LW_PENALTY_LOOKED_AT_DISCARDS);

  g_ptr_array_add (record->rounds, lw_round_copy (round));
  one = lw_game_record_json_length (record, FALSE);
  g_ptr_array_add (record->rounds, lw_round_copy (round));
  two = lw_game_record_json_length (record, FALSE);
  per_round = two - one;
  head = one - per_round;
  g_test_message ("a round takes %" G_GUINT64_FORMAT " bytes without white space", per_round);

  /* As many rounds as fit, then one more. */
  n = (guint) ((LW_GAME_RECORD_MAX_BYTES - head) / per_round);
  while (record->rounds->len < n)
    g_ptr_array_add (record->rounds, lw_round_copy (round));
  g_assert_cmpuint (lw_game_record_json_length (record, FALSE), <=, LW_GAME_RECORD_MAX_BYTES);
  g_assert_true (lw_game_record_check_size (record, &error));
  g_assert_no_error (error);

  g_ptr_array_add (record->rounds, lw_round_copy (round));
  g_assert_cmpuint (lw_game_record_json_length (record, FALSE), >, LW_GAME_RECORD_MAX_BYTES);
  g_assert_false (lw_game_record_check_size (record, &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  if (strstr (error->message, "more than the 64 MiB a game record may take") == NULL)
    g_error ("message \"%s\"", error->message);
  g_clear_error (&error);

  /* The store refuses it with that message (before it replays it), and
   * stores nothing. */
  {
    g_autofree char *db = g_build_filename (tmp_dir, "limit.sqlite3", NULL);
    g_autoptr (LwStore) store = lw_store_open (db, &error);
    g_autoptr (GPtrArray) games = NULL;

    g_assert_no_error (error);
    g_assert_cmpint (lw_store_add_game (store, record, &error), ==, 0);
    g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "more than the 64 MiB a game record may take"));
    g_clear_error (&error);
    games = lw_store_list_games (store, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (games->len, ==, 0);
  }
}

/* The figures of `score` on records of about 60 MB (benchmark only:
 * `meson test --benchmark bench-large-records`): size, time, peak memory. */
static void
bench_score (void)
{
  static const struct {
    guint n_players, n_rounds;
    const char *what;
  } records[] = {
    { 2, 1750000, "2 players, no white space (the smallest rounds)" },
    { 3, 1500000, "3 players, no white space" },
    { 8, 1300000, "8 players, no white space" },
  };

  if (!g_test_perf ())
    {
      g_test_skip ("a benchmark: meson test --benchmark bench-large-records");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (records); i++)
    {
      g_autofree char *path = g_build_filename (tmp_dir, "bench.json", NULL);
      g_auto (Measured) run = { 0 };
      gsize size = write_record (path, records[i].n_players, records[i].n_rounds);

      run_measured (&run, (const char *const[]) { "score", path, NULL }, NULL, NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_test_minimized_result (run.cpu_seconds, "score, %s: %.1f MiB, %u rounds: %.1f s "
                               "(%.1f s of CPU), peak memory %.0f MiB (%.1f times the size)",
                               records[i].what, (double) size / (1024 * 1024), records[i].n_rounds,
                               run.seconds, run.cpu_seconds, run.max_rss_kib / 1024.0,
                               run.max_rss_kib * 1024.0 / (double) size);
      g_remove (path);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/large-records/score-peak-memory", test_score_peak_memory);
  g_test_add_func ("/large-records/export-importable", test_export_importable);
  g_test_add_func ("/large-records/size-limit", test_record_size_limit);
  g_test_add_func ("/large-records/bench-score", bench_score);
  return lw_test_run_in_tmp_dir (&tmp_dir, "lw-large-records-XXXXXX");
}
