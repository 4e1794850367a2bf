/* bench-bulk.c — many games in and out through littlewolf-cli
 * (docs/rules/CLI.md `import` of many records, `export --all`):
 *
 *   - N games (LW_BENCH_GAMES, default 100,000) made from the shared
 *     random cases, each with players of its own from a pool of 200
 *     names and an id of its own, written as JSON Lines;
 *   - `import FILE` of them into a new database: target under 60 s;
 *   - `export --all` of that database: target under 60 s, every game
 *     written once, byte for byte the lines imported;
 *   - a single `import --as-new` of one record into that database of N
 *     games: the median of 5 runs (no target: the damage check of the
 *     opening, PRAGMA quick_check within its 500 ms, is most of it).
 *
 * Each figure is the wall time and the CPU time (user + system) of the
 * littlewolf-cli process. A missed target is said on a line of its own
 * starting "MISSED" and the program exits 1, so that
 * `meson test --benchmark bench-bulk` fails. LW_BENCH_KEEP=FOLDER keeps
 * the records and the database there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sys/resource.h>
#include <sys/time.h>

#include "lw-engine.h"
#include "lw-test-util.h"

#define TARGET_S 60.0
#define POOL 200

/* The children's CPU time so far, in seconds. */
static double
children_cpu (void)
{
  struct rusage usage;

  getrusage (RUSAGE_CHILDREN, &usage);
  return (double) usage.ru_utime.tv_sec + (double) usage.ru_utime.tv_usec / 1e6
         + (double) usage.ru_stime.tv_sec + (double) usage.ru_stime.tv_usec / 1e6;
}

typedef struct {
  double wall_s;
  double cpu_s;
} Timing;

/* Runs littlewolf-cli @args (NULL-terminated) with its stdout into
 * @out_path and stderr into @err_path; asserts status @status. */
static Timing
run_cli (const char *const *args,
         const char        *out_path,
         const char        *err_path,
         int                status)
{
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  double cpu = children_cpu ();
  gint64 start = g_get_monotonic_time ();
  Timing timing;

  g_ptr_array_add (argv, (gpointer) lw_test_cli_path ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_subprocess_launcher_set_stdout_file_path (launcher, out_path);
  g_subprocess_launcher_set_stderr_file_path (launcher, err_path);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait (process, NULL, &error));
  g_assert_no_error (error);
  timing.wall_s = lw_test_ms_since (start) / 1000.0;
  timing.cpu_s = children_cpu () - cpu;
  if (!g_subprocess_get_if_exited (process) || g_subprocess_get_exit_status (process) != status)
    {
      g_autofree char *err = NULL;

      g_file_get_contents (err_path, &err, NULL, NULL);
      g_error ("littlewolf-cli %s: status %d, expected %d: %s", args[0],
               g_subprocess_get_exit_status (process), status, err != NULL ? err : "");
    }
  return timing;
}

/* Prints @what's figures against the target; returns whether it is met. */
static gboolean
report (const char *what,
        Timing      timing,
        guint       n_games)
{
  g_print ("%s: %.1f s wall, %.1f s CPU (%.0f games per CPU second; target < %.0f s)\n",
           what, timing.wall_s, timing.cpu_s, timing.cpu_s > 0 ? n_games / timing.cpu_s : 0.0,
           TARGET_S);
  if (timing.wall_s < TARGET_S)
    return TRUE;
  g_print ("MISSED: %s took %.1f s, over its target of %.0f s\n", what, timing.wall_s, TARGET_S);
  return FALSE;
}

/* N records as JSON Lines in @path, from the shared random cases. */
static gsize
write_records (const char *path,
               guint       n_games)
{
  g_autoptr (GPtrArray) cases = lw_test_case_paths ("random", "game-");
  g_autoptr (GPtrArray) bases = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_record_free);
  g_autoptr (GRand) rng = g_rand_new_with_seed (35);
  g_autoptr (GError) error = NULL;
  char *pool[POOL];
  FILE *file = g_fopen (path, "wb");
  gsize size;

  g_assert_nonnull (file);
  for (guint i = 0; i < cases->len; i++)
    g_ptr_array_add (bases, lw_test_load_record (g_ptr_array_index (cases, i)));
  for (guint i = 0; i < POOL; i++)
    pool[i] = g_strdup_printf ("Player %03u", i);

  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr (LwGameRecord) record = lw_game_record_copy (g_ptr_array_index (bases, i % bases->len));
      guint first = (guint) g_rand_int_range (rng, 0, POOL);
      guint step = (guint) g_rand_int_range (rng, 1, 20);

      /* Different names at one table: POOL is not a multiple of a step
       * under 20 times 8 seats. */
      for (guint seat = 0; seat < record->n_players; seat++)
        {
          g_free (record->players[seat]);
          record->players[seat] = g_strdup (pool[(first + seat * (step * 2 + 1)) % POOL]);
        }
      g_free (record->id);
      record->id = g_uuid_string_random ();
      g_assert_true (lw_game_record_write_json (record, FALSE, lw_json_write_to_file, file, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (fclose (file), ==, 0);
  for (guint i = 0; i < POOL; i++)
    g_free (pool[i]);

  {
    GStatBuf info;

    g_assert_cmpint (g_stat (path, &info), ==, 0);
    size = (gsize) info.st_size;
  }
  return size;
}

static guint
count_lines (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  guint lines = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  for (gsize i = 0; i < length; i++)
    lines += contents[i] == '\n';
  return lines;
}

int
main (int   argc,
      char *argv[])
{
  const char *env_games = g_getenv ("LW_BENCH_GAMES");
  const char *keep = g_getenv ("LW_BENCH_KEEP");
  guint n_games = env_games != NULL ? (guint) atoi (env_games) : 100000;
  g_autofree char *dir = keep != NULL ? g_strdup (keep) : lw_test_make_tmp_dir ("lw-bench-bulk-XXXXXX");
  g_autofree char *records = g_build_filename (dir, "games.jsonl", NULL);
  g_autofree char *db = g_build_filename (dir, "bulk.sqlite3", NULL);
  g_autofree char *ids = g_build_filename (dir, "ids.txt", NULL);
  g_autofree char *exported = g_build_filename (dir, "exported.jsonl", NULL);
  g_autofree char *err = g_build_filename (dir, "stderr.txt", NULL);
  g_autofree char *one = g_build_filename (dir, "one.json", NULL);
  g_autofree char *out = g_build_filename (dir, "one-id.txt", NULL);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  double singles[5], single_cpu[5];
  gboolean met = TRUE;
  gint64 start;
  gsize size, a_size = 0, b_size = 0;
  Timing timing;

  if (n_games < 1)
    n_games = 1;
  g_mkdir_with_parents (dir, 0700);
  g_remove (db);

  start = g_get_monotonic_time ();
  size = write_records (records, n_games);
  g_print ("made %u games as JSON Lines (%.1f MiB) in %.1f s\n", n_games,
           (double) size / (1024 * 1024), lw_test_ms_since (start) / 1000.0);

  timing = run_cli ((const char *const[]) { "--db", db, "import", records, NULL }, ids, err, 0);
  g_assert_cmpuint (count_lines (ids), ==, n_games);
  met &= report ("bulk import (JSON Lines) into a new database", timing, n_games);

  timing = run_cli ((const char *const[]) { "--db", db, "export", "--all", NULL }, exported, err, 0);
  g_assert_cmpuint (count_lines (exported), ==, n_games);
  met &= report ("export --all", timing, n_games);

  /* What was exported is what was imported. */
  g_assert_true (g_file_get_contents (records, &a, &a_size, NULL));
  g_assert_true (g_file_get_contents (exported, &b, &b_size, NULL));
  g_assert_cmpuint (a_size, ==, b_size);
  g_assert_true (memcmp (a, b, a_size) == 0);

  /* One record (the first line) imported alone, again and again. */
  {
    const char *end = strchr (a, '\n');

    g_assert_true (g_file_set_contents (one, a, end - a + 1, NULL));
  }
  g_clear_pointer (&a, g_free);
  g_clear_pointer (&b, g_free);
  for (guint i = 0; i < G_N_ELEMENTS (singles); i++)
    {
      timing = run_cli ((const char *const[]) { "--db", db, "import", "--as-new", one, NULL }, out, err, 0);
      singles[i] = timing.wall_s * 1000.0;
      single_cpu[i] = timing.cpu_s * 1000.0;
    }
  {
    double wall = lw_test_sort_median (singles, G_N_ELEMENTS (singles));
    double cpu = lw_test_sort_median (single_cpu, G_N_ELEMENTS (single_cpu));

    g_print ("a single import into the database of %u games: median %.0f ms wall, %.0f ms CPU "
             "over %u runs (no target)\n", n_games, wall, cpu, (guint) G_N_ELEMENTS (singles));
  }

  if (keep == NULL)
    lw_test_remove_tree (dir);
  return met ? 0 : 1;
}
