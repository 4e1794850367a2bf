/* bench-app-players.c — the Players page (Ctrl+3) opened for the first
 * time in the app, on a database of many games
 *
 *   bench-app-players GENERATOR
 *
 * GENERATOR is bench-players, run with LW_BENCH_KEEP to write the
 * database (LW_BENCH_GAMES games, default 10,000; its own figures are
 * printed too); LW_BENCH_DB=PATH uses an existing one instead (opened
 * here, so migrated if it is older). The app opens the database as
 * main.c does, shows the Games list and is let come to rest (its worker
 * reads on after the first rows are shown: up to LW_BENCH_REST seconds,
 * default 180, until a second takes under 50 ms of CPU), then
 * "win.show-players" is activated
 * and the page waited for until its statistics are shown and the next
 * frame drawn: the wall time, the process's CPU time over that span
 * (getrusage(), every thread: the statistics are computed on a worker
 * thread) and its resident memory before and after (VmRSS) and at its
 * peak (VmHWM). Target: under 1 s of CPU and under 50 MB extra at
 * 100,000 games, a MISSED line and a failure when missed. Then one
 * game's notes changed while the page is shown: the reload's wall and
 * CPU time.
 *
 * Run under xvfb-run with `meson test --benchmark` (never part of the
 * plain test run).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE 1  /* RUSAGE_THREAD */

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "lw-application.h"
#include "lw-application-private.h"
#include "lw-games-page.h"
#include "lw-games-page-private.h"
#include "lw-page-watch-private.h"
#include "lw-stats-page.h"
#include "lw-stats-page-private.h"
#include "lw-store-details.h"
#include "lw-store-games.h"
#include "lw-window.h"
#include "lw-window-private.h"
#include "lw-test-util.h"

#define TARGET_CPU_S_PER_GAME (1.0 / 100000.0)
#define TARGET_EXTRA_MB 50.0

/* CPU seconds of the process (@who RUSAGE_SELF: every thread) or of the
 * main thread (RUSAGE_THREAD). */
static double
cpu_of (int who)
{
  struct rusage usage;

  getrusage (who, &usage);
  return (double) usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
         + (double) usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

/* A line of /proc/self/status in MB ("VmRSS:", "VmHWM:"). */
static double
status_mb (const char *key)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || (line = strstr (status, key)) == NULL)
    return 0.0;
  return g_ascii_strtod (line + strlen (key), NULL) / 1024.0;  /* kB */
}

static double
cpu_seconds (void)
{
  return cpu_of (RUSAGE_SELF);
}

static gint64 frame_time;

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       user_data)
{
  if (frame_time == 0)
    frame_time = g_get_monotonic_time ();
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, user_data);
}

/* Iterates until the window draws its next frame. */
static void
wait_frame (GtkWidget *window)
{
  frame_time = 0;
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint_cb), NULL);
  gtk_widget_queue_draw (window);
  while (frame_time == 0)
    g_main_context_iteration (NULL, TRUE);
}

static gboolean
set_flag_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Iterates, waiting, for @ms milliseconds. */
static void
settle (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, set_flag_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static int
measure (const char *db)
{
  g_autoptr (LwApplication) app = lw_application_new (G_APPLICATION_NON_UNIQUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) summaries = NULL;
  LwWindow *window;
  LwStatsPage *page;
  double cpu, main_cpu, rss, hwm, extra, shown_ms;
  gint64 start;
  guint n_games;
  gboolean met;

  gtk_init ();
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);
  window = lw_application_open_database (app, db, &error);
  if (window == NULL)
    g_error ("%s", error->message);
  gtk_window_present (GTK_WINDOW (window));
  summaries = lw_store_list_game_summaries (lw_window_get_store (window), &error);
  g_assert_no_error (error);
  n_games = summaries->len;
  while (n_games > 0 && lw_games_page_get_n_shown (lw_window_get_games_page (window)) == 0)
    g_main_context_iteration (NULL, TRUE);
  wait_frame (GTK_WIDGET (window));
  /* The Games list's reads done (its worker goes on after the first rows
   * are shown): waited for until a second takes under 50 ms of CPU, at
   * most LW_BENCH_REST seconds (default 180). */
  {
    guint most = g_getenv ("LW_BENCH_REST") != NULL ? (guint) atoi (g_getenv ("LW_BENCH_REST")) : 180;
    guint waited = 0;
    double used = 1.0;

    for (; waited < most && used >= 0.05; waited++)
      {
        cpu = cpu_seconds ();
        settle (1000);
        used = cpu_seconds () - cpu;
      }
    g_print ("the app at rest after %u s with the Games list shown: %.0f ms CPU in the last second\n",
             waited, used * 1000);
  }

  /* Ctrl+3, as a person opens the page. */
  page = lw_window_get_stats_page (window);
  rss = status_mb ("VmRSS:");
  hwm = status_mb ("VmHWM:");
  main_cpu = cpu_of (RUSAGE_THREAD);
  cpu = cpu_seconds ();
  start = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-players", NULL);
  lw_stats_page_wait (page);
  wait_frame (GTK_WIDGET (window));
  shown_ms = (frame_time - start) / 1000.0;
  cpu = cpu_seconds () - cpu;
  main_cpu = cpu_of (RUSAGE_THREAD) - main_cpu;
  extra = MAX (status_mb ("VmHWM:"), hwm) - rss;
  met = cpu < MAX (n_games * TARGET_CPU_S_PER_GAME, 0.05) && extra < TARGET_EXTRA_MB;
  g_print ("Players page first shown, %u players over %u games: %.0f ms wall, %.2f s CPU"
           " (the main thread %.2f s, the statistics' worker and others the rest), resident %.1f MB before, %.1f MB after, peak %.1f MB above before"
           " (target < %.3f s CPU, < %.0f MB extra): %s\n",
           lw_stats_page_get_n_players (page), n_games, shown_ms, cpu, main_cpu, rss, status_mb ("VmRSS:"),
           extra, n_games * TARGET_CPU_S_PER_GAME, TARGET_EXTRA_MB, met ? "met" : "MISSED");

  /* A change while the page is shown: the page reads what changed. */
  if (n_games > 0)
    {
      const LwGameSummary *summary = g_ptr_array_index (summaries, n_games / 2);
      guint reloads = lw_page_watch_get_reloads (GTK_WIDGET (page));

      cpu = cpu_seconds ();
      start = g_get_monotonic_time ();
      g_assert_true (lw_store_set_game_notes (lw_window_get_store (window), summary->id,
                                              "Played at the club", &error));
      g_assert_no_error (error);
      while (lw_page_watch_get_reloads (GTK_WIDGET (page)) == reloads)
        g_main_context_iteration (NULL, TRUE);
      lw_stats_page_wait (page);
      wait_frame (GTK_WIDGET (window));
      g_print ("  after one game's notes changed: %.0f ms wall, %.1f ms CPU\n",
               (frame_time - start) / 1000.0, (cpu_seconds () - cpu) * 1000);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  settle (100);
  return met ? 0 : 1;
}

int
main (int   argc,
      char *argv[])
{
  const char *existing = g_getenv ("LW_BENCH_DB");
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  int status = 0;

  if (argc == 3 && g_str_equal (argv[1], "--measure"))
    return measure (argv[2]);

  if (existing != NULL && *existing != '\0')
    path = g_strdup (existing);
  else
    {
      g_autoptr (GError) error = NULL;
      g_auto (GStrv) env = g_get_environ ();
      const char *generator_argv[] = { argc > 1 ? argv[1] : "bench-players", NULL };

      if (argc < 2)
        {
          g_printerr ("usage: %s GENERATOR (bench-players), or LW_BENCH_DB=PATH\n", argv[0]);
          return 2;
        }
      dir = lw_test_make_tmp_dir ("lw-bench-app-players-XXXXXX");
      path = g_build_filename (dir, "bench.sqlite3", NULL);
      env = g_environ_setenv (env, "LW_BENCH_KEEP", path, TRUE);
      if (!g_spawn_sync (NULL, (char **) generator_argv, env, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                         NULL, NULL, &status, &error))
        g_error ("%s", error->message);
      if (!g_spawn_check_wait_status (status, &error))
        g_error ("%s: %s", generator_argv[0], error->message);
    }

  /* Measured in a process of its own: its memory is the app's alone. */
  {
    g_autoptr (GError) error = NULL;
    g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
    const char *child_argv[] = { self_path != NULL ? self_path : argv[0], "--measure", path, NULL };

    if (!g_spawn_sync (NULL, (char **) child_argv, NULL, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                       NULL, NULL, &status, &error))
      g_error ("%s", error->message);
  }

  if (dir != NULL)
    lw_test_remove_tree (dir);
  return g_spawn_check_wait_status (status, NULL) ? 0 : 1;
}
