/* test-crash.c — nothing stored is lost: programs killed while writing,
 * a full disk, several programs writing at once
 *
 * Runs the helper lw-append-rounds ($LW_APPEND_ROUNDS) and littlewolf-cli
 * ($LW_CLI) as separate processes on a temporary database.
 *
 * - /crash/sigkill: the helper, writing round after round, is killed with
 *   SIGKILL at a random moment, $LW_CRASH_KILLS times (default 300) on the
 *   same database. After each kill the file passes PRAGMA integrity_check,
 *   every round the helper reported stored is there, and the store (as the
 *   app and the CLI open it) opens it.
 * - /crash/disk-full: a database on a 512 KiB tmpfs (needs root and mount;
 *   skipped otherwise) filled by the helper and by imports: a clear
 *   "disk is full" error, the state before the failed write intact.
 * - /crash/concurrent: four helpers and eight imports at once on one
 *   database: every write stored, none lost.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "lw-store.h"
#include "lw-test-util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static void
assert_integrity (const char *path)
{
  sqlite3 *db = lw_test_sql_open (path);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA integrity_check", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "ok");
  sqlite3_finalize (stmt);
  sqlite3_close (db);
}

/* One `GAME ROUND` line of lw-append-rounds: round 0 is a new game. */
typedef struct {
  gint64 game;
  gint64 round;
} Written;

static GArray *
parse_written (const char *out)
{
  GArray *written = g_array_new (FALSE, FALSE, sizeof (Written));
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      Written w;

      if (lines[i][0] == '\0')
        continue;
      g_assert_cmpint (sscanf (lines[i], "%" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
                               &w.game, &w.round), ==, 2);
      g_array_append_val (written, w);
    }
  return written;
}

/* Every reported round (and game) is in the database at @path. */
static void
assert_written (const char *path,
                GArray     *written)
{
  sqlite3 *db = lw_test_sql_open (path);

  for (guint i = 0; i < written->len; i++)
    {
      const Written *w = &g_array_index (written, Written, i);

      if (w->round == 0)
        g_assert_cmpint (lw_test_sql_int_with (db, "SELECT count(*) FROM games WHERE id = ?",
                                               w->game, 0), ==, 1);
      else
        g_assert_cmpint (lw_test_sql_int_with (db, "SELECT count(*) FROM rounds WHERE game = ? AND number = ?",
                                               w->game, w->round), ==, 1);
    }
  sqlite3_close (db);
}

static GSubprocess *
spawn_helper (const char *db,
              const char *n)
{
  g_autoptr (GError) error = NULL;
  GSubprocess *process =
    g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                      lw_test_program ("LW_APPEND_ROUNDS"), db, n, NULL);

  g_assert_no_error (error);
  return process;
}

static void
assert_cli_ok (const LwTestRun *run)
{
  if (run->status != 0)
    g_error ("littlewolf-cli exited %d: %s", run->status, run->err);
}

/* ------------------------------------------------------------------ */
/* Killed while writing                                                 */
/* ------------------------------------------------------------------ */

static void
test_sigkill (LwTestDb      *fixture,
              gconstpointer  data)
{
  const char *dir = fixture->dir;
  g_autoptr (GError) error = NULL;
  g_autofree char *db = g_build_filename (dir, "kill.sqlite3", NULL);
  const char *kills_text = g_getenv ("LW_CRASH_KILLS");
  guint kills = kills_text != NULL ? (guint) atoi (kills_text) : 300;
  guint total_rounds = 0, killed_writing = 0, k;

  /* At least @kills kills, and on until 1000 rounds were written between
   * them: a loaded machine writes fewer rounds before each kill, so it
   * takes more kills (three times as many at the most) to test as much. */
  for (k = 0; k < kills || (total_rounds < 1000 && k < 3 * kills); k++)
    {
      g_autoptr (GSubprocess) helper = spawn_helper (db, "1000000");
      g_autoptr (GArray) written = NULL;
      g_auto (LwTestRun) run = { 0 };
      g_autoptr (LwStore) store = NULL;

      /* Mostly early (opening, the first rounds), sometimes later. */
      g_usleep (k % 4 == 3 ? g_test_rand_int_range (50000, 250000)
                           : g_test_rand_int_range (0, 40000));
      g_subprocess_send_signal (helper, SIGKILL);
      lw_test_run_finish (helper, NULL, &run);
      if (run.status != -SIGKILL)
        g_error ("the helper was not killed (status %d): %s", run.status, run.err);

      written = parse_written (run.out);
      total_rounds += written->len;
      if (written->len > 0)
        killed_writing++;

      /* Killed before it made the file (a slow start, e.g. under a
       * sanitizer): nothing was written, so nothing can be lost. */
      if (!g_file_test (db, G_FILE_TEST_EXISTS))
        {
          g_assert_cmpuint (written->len, ==, 0);
          continue;
        }

      assert_integrity (db);
      assert_written (db, written);

      store = lw_store_open (db, &error);
      g_assert_no_error (error);
      g_clear_object (&store);

      if (k % 25 == 0)
        {
          g_auto (LwTestRun) games = { 0 };

          lw_test_run_cli (&games, db, NULL, "games", NULL);
          assert_cli_ok (&games);
        }
    }

  /* The last game, as the CLI shows it, has every round written to it. */
  {
    g_auto (LwTestRun) games = { 0 };
    g_auto (LwTestRun) show = { 0 };
    sqlite3 *raw = lw_test_sql_open (db);
    gint64 last = lw_test_sql_int (raw, "SELECT max(id) FROM games");
    g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, last);

    sqlite3_close (raw);
    lw_test_run_cli (&games, db, NULL, "games", NULL);
    assert_cli_ok (&games);
    lw_test_run_cli (&show, db, NULL, "show", id, NULL);
    assert_cli_ok (&show);
  }

  g_test_message ("%u kills survived, %u while rounds were being written, %u rounds reported",
                  k, killed_writing, total_rounds);
  g_print ("# %u kills survived (%u while writing rounds), %u rounds reported stored and found\n",
           k, killed_writing, total_rounds);
  g_assert_cmpuint (total_rounds, >=, 1000);
}

/* ------------------------------------------------------------------ */
/* A full disk                                                          */
/* ------------------------------------------------------------------ */

static char *
games_list (const char *db)
{
  g_auto (LwTestRun) run = { 0 };

  lw_test_run_cli (&run, db, NULL, "games", NULL);
  assert_cli_ok (&run);
  return g_steal_pointer (&run.out);
}

static void
test_disk_full (LwTestDb      *fixture,
                gconstpointer  data)
{
  const char *dir = fixture->dir;
  g_autoptr (GError) error = NULL;
  g_autofree char *mnt = g_build_filename (dir, "mnt", NULL);
  g_autofree char *db = g_build_filename (mnt, "full.sqlite3", NULL);
  g_autofree char *record_path = g_build_filename (dir, "record.json", NULL);
  g_autofree char *record = lw_test_undeclared_record_json (60, FALSE);
  g_autofree char *before = NULL;
  g_autoptr (GArray) written = NULL;
  g_auto (LwTestRun) helper_run = { 0 };
  guint imports = 0;

  g_assert_cmpint (g_mkdir (mnt, 0700), ==, 0);
  if (geteuid () != 0 || mount ("tmpfs", mnt, "tmpfs", 0, "size=1m") != 0)
    {
      g_test_skip ("a small tmpfs cannot be mounted here (needs root)");
      return;
    }

  g_assert_true (g_file_set_contents (record_path, record, -1, &error));

  /* Rounds one by one until the disk is full: status 3, a clear message,
   * every round reported stored is there. */
  {
    g_autoptr (GSubprocess) helper = spawn_helper (db, "1000000");

    lw_test_run_finish (helper, NULL, &helper_run);
  }
  g_assert_cmpint (helper_run.status, ==, 3);
  g_assert_nonnull (strstr (helper_run.err, "the disk is full"));
  written = parse_written (helper_run.out);
  g_assert_cmpuint (written->len, >, 10);
  assert_integrity (db);
  assert_written (db, written);
  g_test_message ("disk full after %u rounds", written->len);

  /* Imports until one fails: status 1, one clear line, and the games
   * listed before it unchanged. */
  before = games_list (db);
  for (;;)
    {
      g_auto (LwTestRun) run = { 0 };
      g_autofree char *after = NULL;

      lw_test_run_cli (&run, db, NULL, "import", "--as-new", record_path, NULL);
      if (run.status == 0)
        {
          imports++;
          g_free (before);
          before = games_list (db);
          g_assert_cmpuint (imports, <, 1000);
          continue;
        }
      g_assert_cmpint (run.status, ==, 1);
      /* docs/rules/CLI.md: the ID is printed before the commit; when the commit is
       * what fails, the ID was printed and the line says it was not
       * stored. Either way nothing is stored. */
      if (run.out[0] != '\0')
        {
          g_test_message ("the commit failed after the ID was printed: %s", run.err);
          g_assert_nonnull (strstr (run.err, "the printed result was not stored"));
        }
      g_assert_true (g_str_has_prefix (run.err, "littlewolf-cli: "));
      g_assert_nonnull (strstr (run.err, "the disk is full"));
      g_assert_true (strchr (run.err, '\n') == run.err + strlen (run.err) - 1);
      after = games_list (db);
      g_assert_cmpstr (after, ==, before);
      break;
    }
  assert_integrity (db);
  assert_written (db, written);

  g_assert_cmpint (umount2 (mnt, MNT_DETACH), ==, 0);
}

/* ------------------------------------------------------------------ */
/* Several programs at once                                             */
/* ------------------------------------------------------------------ */

static void
test_concurrent (LwTestDb      *fixture,
                 gconstpointer  data)
{
  const char *dir = fixture->dir;
  g_autoptr (GError) error = NULL;
  g_autofree char *db = g_build_filename (dir, "shared.sqlite3", NULL);
  g_autofree char *record_path = g_build_filename (dir, "record.json", NULL);
  g_autofree char *record = lw_test_undeclared_record_json (20, FALSE);
  GSubprocess *helpers[4];
  GSubprocess *imports[8];
  GHashTable *ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_rounds = 0;

  g_assert_true (g_file_set_contents (record_path, record, -1, &error));

  /* All start on a database that does not exist yet. */
  for (guint i = 0; i < G_N_ELEMENTS (helpers); i++)
    helpers[i] = spawn_helper (db, "150");
  for (guint i = 0; i < G_N_ELEMENTS (imports); i++)
    {
      imports[i] = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                                     &error, lw_test_program ("LW_CLI"), "--db", db, "import", "--as-new",
                                     record_path, NULL);
      g_assert_no_error (error);
    }

  for (guint i = 0; i < G_N_ELEMENTS (helpers); i++)
    {
      g_auto (LwTestRun) run = { 0 };
      g_autoptr (GArray) written = NULL;

      lw_test_run_finish (helpers[i], NULL, &run);
      if (run.status != 0)
        g_error ("helper %u exited %d: %s", i, run.status, run.err);
      written = parse_written (run.out);
      assert_written (db, written);
      for (guint w = 0; w < written->len; w++)
        if (g_array_index (written, Written, w).round > 0)
          n_rounds++;
      g_object_unref (helpers[i]);
    }
  g_assert_cmpuint (n_rounds, ==, 4 * 150);

  for (guint i = 0; i < G_N_ELEMENTS (imports); i++)
    {
      g_auto (LwTestRun) run = { 0 };

      lw_test_run_finish (imports[i], NULL, &run);
      assert_cli_ok (&run);
      g_assert_true (g_hash_table_add (ids, g_strdup (run.out)));
      g_object_unref (imports[i]);
    }

  assert_integrity (db);
  {
    sqlite3 *raw = lw_test_sql_open (db);

    g_assert_cmpint (lw_test_sql_int (raw, "SELECT count(*) FROM rounds"), ==, 4 * 150 + 8 * 20);
    sqlite3_close (raw);
  }
  g_hash_table_unref (ids);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_db_closed ("/crash/sigkill", test_sigkill);
  lw_test_add_db_closed ("/crash/disk-full", test_disk_full);
  lw_test_add_db_closed ("/crash/concurrent", test_concurrent);
  return g_test_run ();
}
