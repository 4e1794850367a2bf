/* bench-game-history.c — how long a game of 20,000 rounds takes to open:
 * its page shown, with its board, chart and history, up to the first
 * frame drawn
 *
 *   bench-game-history
 *
 * A valid game of 20,000 rounds (nobody declares, the scores stay at 0, so
 * it never ends) is imported into a new database (lw_store_import_game(),
 * as File → Import does), then the app opens it (lw_window_open_game())
 * and the time from the call to the next frame drawn is taken, RUNS times,
 * each after a 2-round game was opened in its place. Target: < 2 s. The
 * app's CPU time for each opening is printed beside it (the wall clock
 * counts what else the machine runs).
 * LW_BENCH_CAP_S (default 300) caps the wait for one opening: past it the
 * benchmark says so and fails (a history of a row widget per round took
 * more than that).
 *
 * Run under xvfb-run with `meson test --benchmark bench-game-history`
 * (never part of the plain test run).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "lw-application.h"
#include "lw-application-private.h"
#include "lw-game-page.h"
#include "lw-game-page-private.h"
#include "lw-window.h"
#include "lw-window-private.h"
#include "lw-test-util.h"

#define N_ROUNDS 20000u
#define RUNS 3u
#define TARGET_MS 2000.0

static gint64 frame_time;

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       user_data)
{
  if (frame_time == 0)
    frame_time = g_get_monotonic_time ();
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, user_data);
}

/* This process's CPU time, in µs. */
static gint64
cpu_time (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

static double cpu_ms;

/* Opens game @id and waits for the next frame; returns the time taken
 * (wall clock), and the app's CPU time in cpu_ms. */
static double
open_and_draw (LwWindow *window,
               gint64    id)
{
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  gint64 cpu_start = cpu_time ();

  if (!lw_window_open_game (window, id, &error))
    g_error ("%s", error->message);
  gtk_widget_queue_draw (GTK_WIDGET (window));
  frame_time = 0;
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (after_paint_cb), NULL);
  while (frame_time == 0)
    g_main_context_iteration (NULL, TRUE);
  cpu_ms = (cpu_time () - cpu_start) / 1000.0;
  return (frame_time - start) / 1000.0;
}

/* A game record of @n_rounds rounds: nobody declares, each side loses a
 * point that it does not have (SCORING R13), so the game goes on. */
static LwGameRecord *
make_record (guint n_rounds)
{
  g_autoptr (GString) json = g_string_new ("{\"format\":\"little-wolf/game\",\"version\":1,"
                                           "\"players\":[\"Ann\",\"Ben\"],\"rounds\":[");
  g_autoptr (GError) error = NULL;
  LwGameRecord *record;

  for (guint i = 0; i < n_rounds; i++)
    g_string_append_printf (json, "%s{\"declarer\":null,\"cards\":[%u,%u]}",
                            i > 0 ? "," : "", 13 + i % 3, 13 - i % 3);
  g_string_append (json, "]}");
  record = lw_game_record_from_json (json->str, (gssize) json->len, &error);
  if (record == NULL)
    g_error ("%s", error->message);
  return record;
}

static gpointer
watchdog (gpointer data)
{
  guint cap = GPOINTER_TO_UINT (data);

  g_usleep ((gulong) cap * G_USEC_PER_SEC);
  printf ("the game of %u rounds was not open after %u s (LW_BENCH_CAP_S): stopped there, target NOT met\n",
          N_ROUNDS, cap);
  fflush (stdout);
  _exit (1);
  return NULL;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (LwApplication) app = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwGameRecord) small = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *db = NULL;
  const char *cap_text = g_getenv ("LW_BENCH_CAP_S");
  guint cap = cap_text != NULL ? (guint) g_ascii_strtoull (cap_text, NULL, 10) : 300;
  double times[RUNS], median, import_ms;
  LwWindow *window;
  LwStore *store;
  gint64 id, small_id, start, same = 0;

  gtk_init ();
  app = lw_application_new (G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);
  dir = g_dir_make_tmp ("lw-bench-history-XXXXXX", &error);
  if (dir == NULL)
    g_error ("%s", error->message);
  db = g_build_filename (dir, "bench.sqlite3", NULL);
  window = lw_application_open_database (app, db, &error);
  if (window == NULL)
    g_error ("%s", error->message);
  store = lw_window_get_store (window);

  record = make_record (N_ROUNDS);
  small = make_record (2);
  start = g_get_monotonic_time ();
  id = lw_store_import_game (store, record, TRUE, &same, &error);
  if (id == 0)
    g_error ("%s", error != NULL ? error->message : "not imported");
  import_ms = (g_get_monotonic_time () - start) / 1000.0;
  small_id = lw_store_import_game (store, small, TRUE, &same, &error);
  if (small_id == 0)
    g_error ("%s", error != NULL ? error->message : "not imported");
  printf ("imported a game of %u rounds in %.0f ms\n", N_ROUNDS, import_ms);
  fflush (stdout);

  g_thread_unref (g_thread_new ("watchdog", watchdog, GUINT_TO_POINTER (MAX (cap, 1u))));
  for (guint i = 0; i < RUNS; i++)
    {
      open_and_draw (window, small_id);
      times[i] = open_and_draw (window, id);
      printf ("opened the game of %u rounds, first frame: %.0f ms, %.0f ms of the app's CPU (history: %u rounds)\n",
              N_ROUNDS, times[i], cpu_ms, lw_game_page_get_n_history_rows (lw_window_get_game_page (window)));
      fflush (stdout);
    }
  median = lw_test_sort_median (times, RUNS);
  printf ("opening a game of %u rounds up to its first frame: median %.0f ms over %u runs (target < %.0f ms): %s\n",
          N_ROUNDS, median, RUNS, TARGET_MS, median < TARGET_MS ? "met" : "NOT met");

  gtk_window_destroy (GTK_WINDOW (window));
  lw_test_remove_tree (dir);
  return median < TARGET_MS ? 0 : 1;
}
