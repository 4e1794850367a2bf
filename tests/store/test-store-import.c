/* test-store-import.c — many records imported at once
 * (lw_store_import_inputs()): the progress told (records counted first,
 * bytes), refusals by place, Cancel between two records (what was stored
 * stays, each record whole), inputs of every form in one import, a
 * folder whose *.json are not all files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "lw-store.h"
#include "lw-store-db.h"
#include "lw-test-util.h"

/* A two-player record of two rounds; @n makes its players its own (no
 * two records are one game). */
static void
append_record (GString *out,
               guint    n)
{
  g_string_append_printf (out, "{ \"format\": \"little-wolf/game\", \"version\": 1,"
                          " \"players\": [\"Ann %u\", \"Ben\"], \"rounds\": ["
                          " { \"declarer\": 0, \"cards\": [20, 6] },"
                          " { \"declarer\": 1, \"cards\": [6, 20] } ] }", n);
}

typedef struct {
  GCancellable     *cancellable;
  guint64           cancel_at;   /* cancels once this many are done; 0 never */
  guint             calls;
  LwImportProgress  last;
  GPtrArray        *refusals;    /* "PLACE: REASON" */
} Seen;

static void
progress_cb (gpointer                data,
             const LwImportProgress *progress)
{
  Seen *seen = data;

  /* Every call counts one record more, of the same total. */
  g_assert_cmpuint (progress->done, ==, seen->last.done + 1);
  g_assert_true (seen->calls == 0 || progress->total == seen->last.total);
  g_assert_cmpuint (progress->bytes_read, >=, seen->last.bytes_read);
  seen->calls++;
  seen->last = *progress;
  if (seen->cancel_at > 0 && progress->done == seen->cancel_at)
    g_cancellable_cancel (seen->cancellable);
}

static void
refused_cb (gpointer    data,
            const char *place,
            const char *reason,
            gint64      same)
{
  Seen *seen = data;

  if (same > 0)
    g_ptr_array_add (seen->refusals, g_strdup_printf ("%s: game %" G_GINT64_FORMAT, place, same));
  else
    g_ptr_array_add (seen->refusals, g_strdup_printf ("%s: %s", place, reason));
}

static const LwImportCallbacks callbacks = { NULL, NULL, refused_cb, NULL, progress_cb };

static gint64
count_rows (LwStore    *store,
            const char *table)
{
  g_autofree char *sql = g_strdup_printf ("SELECT count (*) FROM %s", table);
  gint64 n = -1;

  g_assert_true (lw_store_query_int64 (store, sql, &n, NULL));
  return n;
}

/* 1,000 records as JSON Lines, cancelled once 700 are done: the first
 * batch of 500 was committed, the 200 of the open batch are committed
 * whole at the cancel, nothing after them is read; the progress counted
 * 1,000 first and told every record. */
static void
test_cancel (LwTestDb      *db,
             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (db->dir, "games.jsonl", NULL);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (LwImportInput) input = NULL;
  Seen seen = { cancellable, 700, 0, { 0 }, g_ptr_array_new_with_free_func (g_free) };
  LwImportReport report = { 0, 0, 0, FALSE };

  for (guint i = 0; i < 1000; i++)
    {
      append_record (text, i);
      g_string_append_c (text, '\n');
    }
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
  input = lw_import_input_open (path, "games.jsonl", &error);
  g_assert_no_error (error);
  g_assert_cmpint (lw_import_input_get_form (input), ==, LW_IMPORT_LINES);

  g_assert_false (lw_store_import_inputs (db->store, &input, 1, LW_IMPORT_COUNT_FIRST, &callbacks, &seen,
                                          cancellable, &report, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_true (report.cancelled);
  g_assert_cmpuint (report.imported, ==, 700);
  g_assert_cmpuint (report.refused, ==, 0);
  g_assert_cmpuint (seen.calls, ==, 700);
  g_assert_cmpuint (seen.last.total, ==, 1000);
  g_assert_cmpuint (seen.last.bytes_total, ==, text->len);
  /* Line 700 ends where the 700th record's line does. */
  g_assert_cmpuint (seen.last.bytes_read, >, text->len * 69 / 100);
  g_assert_cmpuint (seen.last.bytes_read, <, text->len * 71 / 100);
  g_assert_cmpuint (seen.refusals->len, ==, 0);

  /* Each game whole: 700 games of 2 rounds of 2 seats. */
  g_assert_cmpint (count_rows (db->store, "games"), ==, 700);
  g_assert_cmpint (count_rows (db->store, "rounds"), ==, 1400);
  g_assert_cmpint (count_rows (db->store, "round_seats"), ==, 2800);
  g_ptr_array_unref (seen.refusals);
}

/* Three inputs of three forms in one import, a bad record in two of them,
 * one already stored: each refusal named by its place, the others
 * stored; the total counted first is every record tried. */
static void
test_many_inputs (LwTestDb      *db,
                  gconstpointer  data)
{
  g_autofree char *one = g_build_filename (db->dir, "one.json", NULL);
  g_autofree char *lines = g_build_filename (db->dir, "lines.jsonl", NULL);
  g_autofree char *array = g_build_filename (db->dir, "array.json", NULL);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  LwImportInput *inputs[3];
  Seen seen = { NULL, 0, 0, { 0 }, g_ptr_array_new_with_free_func (g_free) };
  LwImportReport report = { 0, 0, 0, FALSE };

  append_record (text, 1);
  g_assert_true (g_file_set_contents (one, text->str, -1, NULL));
  g_string_truncate (text, 0);
  append_record (text, 2);
  g_string_append (text, "\n{ \"format\": \"little-wolf/game\" }\n\n");
  append_record (text, 1);   /* one.json's record again */
  g_string_append_c (text, '\n');
  g_assert_true (g_file_set_contents (lines, text->str, -1, NULL));
  g_string_assign (text, "[ ");
  append_record (text, 3);
  g_string_append (text, ", 17, ");
  append_record (text, 4);
  g_string_append (text, " ]");
  g_assert_true (g_file_set_contents (array, text->str, -1, NULL));

  inputs[0] = lw_import_input_open (one, "one.json", &error);
  g_assert_no_error (error);
  inputs[1] = lw_import_input_open (lines, "lines.jsonl", &error);
  g_assert_no_error (error);
  inputs[2] = lw_import_input_open (array, "array.json", &error);
  g_assert_no_error (error);
  g_assert_cmpint (lw_import_input_get_form (inputs[0]), ==, LW_IMPORT_RECORD);
  g_assert_cmpint (lw_import_input_get_form (inputs[1]), ==, LW_IMPORT_LINES);
  g_assert_cmpint (lw_import_input_get_form (inputs[2]), ==, LW_IMPORT_ARRAY);

  g_assert_true (lw_store_import_inputs (db->store, inputs, 3, LW_IMPORT_COUNT_FIRST, &callbacks, &seen,
                                         NULL, &report, &error));
  g_assert_no_error (error);
  g_assert_false (report.cancelled);
  g_assert_cmpuint (report.imported, ==, 4);
  g_assert_cmpuint (report.refused, ==, 3);
  g_assert_cmpuint (seen.last.total, ==, 7);
  g_assert_cmpuint (seen.last.done, ==, 7);
  g_assert_cmpuint (seen.refusals->len, ==, 3);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (seen.refusals, 0), "lines.jsonl, line 2: "));
  g_assert_cmpstr (g_ptr_array_index (seen.refusals, 1), ==, "lines.jsonl, line 4: game 1");
  g_assert_true (g_str_has_prefix (g_ptr_array_index (seen.refusals, 2), "array.json, index 1: "));
  g_assert_cmpint (count_rows (db->store, "games"), ==, 4);

  for (guint i = 0; i < 3; i++)
    lw_import_input_free (inputs[i]);
  g_ptr_array_unref (seen.refusals);
}

/* A folder whose *.json are a record, a pipe no program writes to, a
 * folder and a record: the pipe and the folder are refused by their path
 * without waiting for a writer, the two records stored. */
static void
test_folder_not_files (LwTestDb      *db,
                       gconstpointer  data)
{
  g_autofree char *folder = g_build_filename (db->dir, "records", NULL);
  g_autofree char *a = g_build_filename (folder, "a.json", NULL);
  g_autofree char *b = g_build_filename (folder, "b.json", NULL);
  g_autofree char *c = g_build_filename (folder, "c.json", NULL);
  g_autofree char *d = g_build_filename (folder, "d.json", NULL);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwImportInput) input = NULL;
  Seen seen = { NULL, 0, 0, { 0 }, g_ptr_array_new_with_free_func (g_free) };
  LwImportReport report = { 0, 0, 0, FALSE };

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  append_record (text, 1);
  g_assert_true (g_file_set_contents (a, text->str, -1, NULL));
  g_assert_cmpint (mkfifo (b, 0600), ==, 0);
  g_assert_cmpint (g_mkdir (c, 0700), ==, 0);
  g_string_truncate (text, 0);
  append_record (text, 2);
  g_assert_true (g_file_set_contents (d, text->str, -1, NULL));

  input = lw_import_input_open (folder, "records", &error);
  g_assert_no_error (error);
  g_assert_cmpint (lw_import_input_get_form (input), ==, LW_IMPORT_FOLDER);
  /* A wait for the pipe's writer would be for ever: the test fails at 20 s. */
  alarm (20);
  g_assert_true (lw_store_import_inputs (db->store, &input, 1, LW_IMPORT_COUNT_FIRST, &callbacks, &seen,
                                         NULL, &report, &error));
  alarm (0);
  g_assert_no_error (error);
  g_assert_cmpuint (report.imported, ==, 2);
  g_assert_cmpuint (report.refused, ==, 2);
  g_assert_cmpuint (seen.refusals->len, ==, 2);
  g_assert_true (strstr (g_ptr_array_index (seen.refusals, 0), "b.json: not a regular file") != NULL);
  g_assert_true (strstr (g_ptr_array_index (seen.refusals, 1), "c.json: not a regular file") != NULL);
  g_assert_cmpint (count_rows (db->store, "games"), ==, 2);
  g_assert_cmpint (count_rows (db->store, "rounds"), ==, 4);

  g_unlink (a);
  g_unlink (b);
  g_rmdir (c);
  g_unlink (d);
  g_rmdir (folder);
  g_ptr_array_unref (seen.refusals);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_db ("/store-import/cancel", test_cancel);
  lw_test_add_db ("/store-import/many-inputs", test_many_inputs);
  lw_test_add_db ("/store-import/folder-not-files", test_folder_not_files);

  return g_test_run ();
}
