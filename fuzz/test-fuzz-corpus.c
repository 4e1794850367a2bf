/* test-fuzz-corpus.c — every saved fuzzing input (fuzz/corpus: seeds and
 * what the fuzzer kept; fuzz/crashes: inputs that once crashed) through
 * the game-record reader and the engine's replay, and those of the club
 * pull's target (fuzz/pull/corpus, fuzz/pull/crashes) through the pull's
 * readers
 *
 * Arguments: the folders to read; a folder inside one named "pull" is
 * the pull's. A missing crashes/ folder is no error (there may be no
 * crash to keep); a missing or empty first folder is.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "fuzz-pull-apply.h"
#include "fuzz-replay.h"

static void
replay_file (gconstpointer data)
{
  const char *path = data;
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  lw_fuzz_replay ((const guint8 *) contents, length);
}

static void
apply_pulled_file (gconstpointer data)
{
  const char *path = data;
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  lw_fuzz_pull_apply ((const guint8 *) contents, length);
}

/* Whether @dir is inside a folder named "pull". */
static gboolean
is_pull (const char *dir)
{
  g_autofree char *parent = g_path_get_dirname (dir);
  g_autofree char *name = g_path_get_basename (parent);

  return g_str_equal (name, "pull");
}

static int
compare_paths (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  guint n_corpus = 0;

  g_test_init (&argc, &argv, NULL);

  if (argc < 2)
    g_error ("usage: test-fuzz-corpus CORPUS-DIR [CRASHES-DIR…]");

  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GDir) dir = g_dir_open (argv[i], 0, &error);
      guint first = paths->len;
      const char *name;

      if (dir == NULL)
        {
          if (i == 1)
            g_error ("%s", error->message);
          continue;
        }
      while ((name = g_dir_read_name (dir)) != NULL)
        if (name[0] != '.')
          g_ptr_array_add (paths, g_build_filename (argv[i], name, NULL));
      g_qsort_with_data (paths->pdata + first, (gint) (paths->len - first), sizeof (gpointer),
                         compare_paths, NULL);
      if (i == 1)
        n_corpus = paths->len;
    }
  if (n_corpus == 0)
    g_error ("%s: no inputs", argv[1]);

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = paths->pdata[i];
      g_autofree char *dir = g_path_get_dirname (path);
      g_autofree char *dir_name = g_path_get_basename (dir);
      g_autofree char *base = g_path_get_basename (path);
      gboolean pull = is_pull (dir);
      g_autofree char *test_path = g_strdup_printf ("/fuzz/%s%s/%s", pull ? "pull-" : "",
                                                    dir_name, base);

      g_test_add_data_func (test_path, path, pull ? apply_pulled_file : replay_file);
    }
  return g_test_run ();
}
