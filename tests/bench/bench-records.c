/* bench-records.c — reading and replaying game records, in games per
 * second of CPU (a benchmark, never a timed unit test: `meson test
 * --benchmark bench-records`)
 *
 * The shared cases' valid records (cases/random, cases/scoring, cases/v2:
 * every record lw_standings_read() accepts), each read from its text
 * (lw_game_record_from_json()), replayed (lw_standings_compute()) and both,
 * over and over for about 2 s of CPU each. The floor is the reference
 * scorer's 5,009 games per CPU second on this mix; the targets: reading and
 * replaying at least 10 times it, the replay alone at least 50 times.
 * Prints each figure beside its target and a "MISSED:" line for each
 * missed; exits 1 then. Beside them, json-glib's parse alone of the same
 * texts (a JsonParser as the reader's), without a target: the
 * most any reader over json-glib could read. With an argument, "read",
 * "replay", "both" or "parse", only that figure, for a profiler
 * (`perf record -g bench-records replay`).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <time.h>

#include <json-glib/json-glib.h>

#include "lw-engine.h"
#include "lw-test-util.h"

#define ORACLE_GAMES_PER_S 5009.0

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

typedef enum { READ, REPLAY, BOTH, PARSE } What;

/* Games per CPU second for @what over @texts / @records, run for at
 * least @budget_s of CPU. */
static double
games_per_second (What       what,
                  GPtrArray *texts,
                  GPtrArray *records,
                  double     budget_s)
{
  double start = cpu_seconds (), spent;
  guint64 games = 0;

  do
    {
      for (guint i = 0; i < texts->len; i++)
        {
          if (what == PARSE)
            {
              g_autoptr (JsonParser) parser = json_parser_new ();
              GBytes *text = g_ptr_array_index (texts, i);
              gsize length;
              const char *data = g_bytes_get_data (text, &length);

              g_assert_true (json_parser_load_from_data (parser, data, (gssize) length, NULL));
            }
          else if (what == REPLAY)
            {
              LwStandings *standings = lw_standings_compute (g_ptr_array_index (records, i), NULL);

              g_assert_nonnull (standings);
              lw_standings_free (standings);
            }
          else
            {
              GBytes *text = g_ptr_array_index (texts, i);
              gsize length;
              const char *data = g_bytes_get_data (text, &length);
              LwGameRecord *record = lw_game_record_from_json (data, (gssize) length, NULL);

              g_assert_nonnull (record);
              if (what == BOTH)
                {
                  LwStandings *standings = lw_standings_compute (record, NULL);

                  g_assert_nonnull (standings);
                  lw_standings_free (standings);
                }
              lw_game_record_free (record);
            }
          games++;
        }
      spent = cpu_seconds () - start;
    }
  while (spent < budget_s);
  return (double) games / spent;
}

static gboolean
report (const char *what,
        double      per_s,
        double      target_times)
{
  double times = per_s / ORACLE_GAMES_PER_S;
  gboolean met = times >= target_times;

  if (target_times > 0)
    g_print ("%-18s %9.0f games per CPU second, %5.1fx the reference (target >= %.0fx)\n",
             what, per_s, times, target_times);
  else
    g_print ("%-18s %9.0f games per CPU second, %5.1fx the reference\n", what, per_s, times);
  if (!met)
    g_print ("MISSED: %s: %.1fx the reference, target %.0fx\n", what, times, target_times);
  return met;
}

int
main (int   argc,
      char *argv[])
{
  const char *only = argc > 1 ? argv[1] : NULL;
  static const char *const folders[] = { "random", "scoring", "v2" };
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr (GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_record_free);
  gsize bytes = 0;
  guint rounds = 0;
  gboolean met = TRUE;

  for (guint f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autoptr (GPtrArray) paths = lw_test_case_paths (folders[f], "");

      for (guint i = 0; i < paths->len; i++)
        {
          char *data = NULL;
          gsize length = 0;
          LwGameRecord *record;
          LwStandings *standings;

          if (!g_file_get_contents (g_ptr_array_index (paths, i), &data, &length, NULL))
            continue;
          record = lw_game_record_from_json (data, (gssize) length, NULL);
          standings = record != NULL ? lw_standings_compute (record, NULL) : NULL;
          if (standings == NULL)
            {
              /* a bad input among the cases: not a game to time */
              g_clear_pointer (&record, lw_game_record_free);
              g_free (data);
              continue;
            }
          lw_standings_free (standings);
          rounds += record->rounds->len;
          bytes += length;
          g_ptr_array_add (texts, g_bytes_new_take (data, length));
          g_ptr_array_add (records, record);
        }
    }
  g_assert_cmpuint (texts->len, >, 0);
  g_print ("%u records of the shared cases, %u rounds, %.1f KiB\n",
           texts->len, rounds, (double) bytes / 1024);

  if (only == NULL || g_str_equal (only, "read"))
    met &= report ("read", games_per_second (READ, texts, records, 2.0), 0);
  if (only == NULL || g_str_equal (only, "replay"))
    met &= report ("replay", games_per_second (REPLAY, texts, records, 2.0), 50);
  if (only == NULL || g_str_equal (only, "both"))
    met &= report ("read and replay", games_per_second (BOTH, texts, records, 2.0), 10);
  if (only == NULL || g_str_equal (only, "parse"))
    report ("json-glib's parse", games_per_second (PARSE, texts, records, 2.0), 0);
  return met ? 0 : 1;
}
