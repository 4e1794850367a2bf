/* bench-app-start.c — how soon the app shows its first frame and the
 * first rows of its Games list with 10,000 stored games (or as many as
 * LW_BENCH_GAMES says, e.g. 100,000), against a bare libadwaita window on
 * the same machine; the CPU the Games list's statuses take; and how long
 * correcting round 1 of a 60-round game takes, replayed and drawn
 *
 *   bench-app-start BARE-WINDOW GENERATOR
 *
 * BARE-WINDOW is bench-bare-window; GENERATOR is bench-store, run with
 * LW_BENCH_KEEP (and LW_BENCH_GAMES) to write the database (LW_BENCH_DB=PATH
 * uses an existing one instead). The two programs are started in turn,
 * several times each, under the same display (run it under xvfb-run);
 * each prints the monotonic time of its first frame (the frame clock's
 * first "after-paint"), the app then that of the first frame showing
 * rows of the Games list, and the times from the spawn are compared with
 * the bare window's: first frame median app / median bare, target ≤ 1.15;
 * first rows, target ≤ 1.3. The bare window opens at the app's default
 * size, 1100x760 (BARE_SIZE), so that both paint as many pixels; it is
 * also timed at its own minimum size, and that ratio is printed too.
 * Each is started 11 times (LW_BENCH_RUNS sets fewer).
 *
 * Then, in this process, on a copy of the database: the CPU seconds
 * (getrusage(), every thread) of the Games list's reload up to every
 * game's status, with the result cache as the database has it (warm),
 * emptied (cold: every game replayed and its row written), and warm again
 * (target < 1 s for 100,000 games, scaled to the games stored). Then
 * round 1 of the 60-round game is replaced (lw_store_replace_round(), a
 * replay of the whole game), the game page reloaded and the next frame
 * drawn: target < 50 ms.
 *
 * Run with `meson test --benchmark` (never part of the plain test run).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <sys/resource.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "lw-application.h"
#include "lw-application-private.h"
#include "lw-game-page.h"
#include "lw-games-page.h"
#include "lw-games-page-private.h"
#include "lw-window.h"
#include "lw-window-private.h"
#include "lw-test-util.h"

/* How many times each program is started, side by side (LW_BENCH_RUNS). */
#define RUNS_MAX 11u
/* The app's default size (lw-window.ui), which fits the 1280x800 screen
 * the benchmark runs on. */
#define BARE_SIZE "1100x760"
#define START_RATIO 1.15
#define ROWS_RATIO 1.3
#define EDIT_TARGET_MS 50.0
/* Every game's status in the Games list, the cache warm: 1 s of CPU for
 * 100,000 games. */
#define STATUS_TARGET_S_PER_GAME (1.0 / 100000.0)

static gint64 frame_time;

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       user_data)
{
  if (frame_time == 0)
    frame_time = g_get_monotonic_time ();
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, user_data);
}

static void
watch_first_frame (GtkWidget *widget)
{
  frame_time = 0;
  g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint", G_CALLBACK (after_paint_cb), NULL);
}

/* The child's steps: the first frame, then the frame that shows the
 * games, which are read after the first one. */
typedef enum {
  CHILD_FIRST_FRAME,
  CHILD_GAMES_READ,
  CHILD_GAMES_SHOWN,
} ChildStep;

static ChildStep child_step;

static gboolean
child_poll_cb (gpointer user_data)
{
  GtkApplication *app = user_data;
  GtkWindow *window = gtk_application_get_active_window (app);

  if (window == NULL || frame_time == 0)
    return G_SOURCE_CONTINUE;

  switch (child_step)
    {
    case CHILD_FIRST_FRAME:
      g_print ("%" G_GINT64_FORMAT "\n", frame_time);
      child_step = CHILD_GAMES_READ;
      G_GNUC_FALLTHROUGH;
    case CHILD_GAMES_READ:
      if (lw_games_page_get_n_shown (lw_window_get_games_page (LW_WINDOW (window))) == 0)
        return G_SOURCE_CONTINUE;
      watch_first_frame (GTK_WIDGET (window));
      child_step = CHILD_GAMES_SHOWN;
      return G_SOURCE_CONTINUE;
    case CHILD_GAMES_SHOWN:
    default:
      g_print ("%" G_GINT64_FORMAT "\n", frame_time);
      g_application_quit (G_APPLICATION (app));
      return G_SOURCE_REMOVE;
    }
}

static void
window_mapped_cb (GtkWidget *widget,
                  gpointer   user_data)
{
  if (child_step == CHILD_FIRST_FRAME && frame_time == 0)
    watch_first_frame (widget);
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window,
                 gpointer        user_data)
{
  g_signal_connect (window, "map", G_CALLBACK (window_mapped_cb), NULL);
}

/* The child: the app started on the database as main.c starts it
 * (g_application_run(): registered, then started, then the command
 * line opens the database); prints the times of its first frame and of
 * the frame that shows the games. */
static int
run_app (const char *db)
{
  g_autoptr (LwApplication) app = lw_application_new (G_APPLICATION_NON_UNIQUE);
  char *argv[] = { (char *) "littlewolf", (char *) "--db", (char *) db, NULL };

  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
  /* Polled rather than waited on, so that the app's own start is not
   * changed by the measuring; 2 ms is well under a frame. */
  g_timeout_add (2, child_poll_cb, app);

  return g_application_run (G_APPLICATION (app), G_N_ELEMENTS (argv) - 1, argv);
}

/* The time from the spawn to the first frame, and to the second time
 * printed (the frame that shows the games) in @listed_ms when given. */
static double
spawn_and_time (char   **argv,
                double  *listed_ms)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  char *end = NULL;
  gint64 start, painted;
  int status;

  start = g_get_monotonic_time ();
  if (!g_spawn_sync (NULL, argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, &error))
    g_error ("%s", error->message);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("%s: %s", argv[0], error->message);
  painted = g_ascii_strtoll (out, &end, 10);
  if (painted <= start)
    g_error ("%s printed no time", argv[0]);
  if (listed_ms != NULL)
    {
      gint64 listed = g_ascii_strtoll (end, NULL, 10);

      if (listed < painted)
        g_error ("%s printed no time for the list", argv[0]);
      *listed_ms = (listed - start) / 1000.0;
    }

  return (painted - start) / 1000.0;
}

/* CPU seconds of this process, every thread, user and system. */
static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (double) usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
         + (double) usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

/* The CPU of the Games list's reload up to every game's status. */
static double
time_reload (LwGamesPage *page)
{
  g_autoptr (GError) error = NULL;
  double start = cpu_seconds ();

  if (!lw_games_page_reload (page, &error))
    g_error ("%s", error->message);
  lw_games_page_wait (page);
  return cpu_seconds () - start;
}

/* The Games list's statuses on a copy of @db: warm, cold (the cache
 * emptied), warm again; returns the games stored. */
static guint
time_statuses (const char *db,
               double     *warm_s,
               double     *cold_s,
               double     *rewarm_s)
{
  g_autoptr (LwApplication) app = lw_application_new (G_APPLICATION_NON_UNIQUE);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = lw_test_make_tmp_dir ("lw-bench-status-XXXXXX");
  g_autofree char *copy = g_build_filename (dir, "copy.sqlite3", NULL);
  g_autoptr (GFile) from = g_file_new_for_path (db);
  g_autoptr (GFile) to = g_file_new_for_path (copy);
  LwGamesPage *page;
  LwWindow *window;
  guint n_games, n_ongoing, n_finished;
  gint64 n_rows;

  if (!g_file_copy (from, to, G_FILE_COPY_NONE, NULL, NULL, NULL, &error))
    g_error ("%s", error->message);
  n_games = (guint) lw_test_sql_int_at (copy, "SELECT count (*) FROM games");

  gtk_init ();
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);
  window = lw_application_open_database (app, copy, &error);
  if (window == NULL)
    g_error ("%s", error->message);
  page = lw_window_get_games_page (window);
  /* The first load and the damage check out of the way. */
  lw_games_page_wait (page);
  {
    /* Started after the first frame: the file is known sound once it has run. */
    gint64 until = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

    while (!lw_store_wait_damage_check (lw_window_get_store (window)) && g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, FALSE);
  }

  *warm_s = time_reload (page);
  lw_test_sql_exec_at (copy, "DELETE FROM game_result_cache");
  *cold_s = time_reload (page);
  n_rows = lw_test_sql_int_at (copy, "SELECT count (*) FROM game_result_cache");
  *rewarm_s = time_reload (page);

  n_ongoing = lw_games_page_get_n_games (page, FALSE);
  n_finished = lw_games_page_get_n_games (page, TRUE);
  g_print ("Games list of %u games: %u ongoing, %u finished, %u not replaying; "
           "%" G_GINT64_FORMAT " cache rows written by the cold reload\n",
           n_games, n_ongoing, n_finished, n_games - n_ongoing - n_finished, n_rows);
  if (n_rows != n_games)
    g_error ("the cold reload wrote %" G_GINT64_FORMAT " cache rows for %u games", n_rows, n_games);

  gtk_window_destroy (GTK_WINDOW (window));
  lw_test_remove_tree (dir);
  return n_games;
}

/* Round 1 of a 60-round game replaced, replayed and drawn. */
static double
time_edit (const char *db,
           double     *max_ms)
{
  g_autoptr (LwApplication) app = lw_application_new (G_APPLICATION_NON_UNIQUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) summaries = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwRound) first = NULL;
  double times[RUNS_MAX * 3];
  LwWindow *window;
  LwStore *store;
  gint64 id = 0;

  gtk_init ();
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);
  window = lw_application_open_database (app, db, &error);
  if (window == NULL)
    g_error ("%s", error->message);
  store = lw_window_get_store (window);

  summaries = lw_store_list_game_summaries (store, &error);
  /* bench-store's long game */
  for (guint i = 0; summaries != NULL && i < summaries->len && id == 0; i++)
    {
      LwGameSummary *summary = g_ptr_array_index (summaries, i);

      if (summary->ruleset != LW_RULESET_LITTLE_WOLF)
        continue;
      g_clear_pointer (&game, lw_stored_game_free);
      game = lw_store_load_game (store, summary->id, &error);
      if (game != NULL && game->record->rounds->len == 60)
        id = summary->id;
    }
  if (id == 0)
    g_error ("no 60-round game in %s", db);

  if (!lw_window_open_game (window, id, &error))
    g_error ("%s", error->message);
  first = lw_round_copy (g_ptr_array_index (game->record->rounds, 0));

  watch_first_frame (GTK_WIDGET (window));
  while (frame_time == 0)
    g_main_context_iteration (NULL, TRUE);

  *max_ms = 0;
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      gint64 start = g_get_monotonic_time ();

      /* The same facts again: the whole game is replayed all the same. */
      if (!lw_store_replace_round (store, id, 1, first, &error)
          || !lw_game_page_load (lw_window_get_game_page (window), id, &error))
        g_error ("%s", error->message);
      gtk_widget_queue_draw (GTK_WIDGET (window));
      watch_first_frame (GTK_WIDGET (window));
      while (frame_time == 0)
        g_main_context_iteration (NULL, TRUE);
      times[i] = (frame_time - start) / 1000.0;
      *max_ms = MAX (*max_ms, times[i]);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  return lw_test_sort_median (times, G_N_ELEMENTS (times));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = NULL;
  g_autofree char *db = NULL;
  g_autofree char *self = NULL;
  double app_ms[RUNS_MAX], bare_ms[RUNS_MAX], small_ms[RUNS_MAX], listed_ms[RUNS_MAX];
  const char *env_runs = g_getenv ("LW_BENCH_RUNS");
  guint n_runs = env_runs != NULL ? CLAMP ((guint) atoi (env_runs), 1, RUNS_MAX) : RUNS_MAX;
  double app_median, bare_median, small_median, listed_median, ratio, rows_ratio, edit_ms, edit_max;
  double warm_s, cold_s, rewarm_s, status_target;
  gboolean status_met;
  guint n_games;
  const char *given = g_getenv ("LW_BENCH_DB");

  if (argc == 3 && g_str_equal (argv[1], "--child-app"))
    return run_app (argv[2]);

  if (argc != 3)
    {
      g_printerr ("usage: bench-app-start BARE-WINDOW GENERATOR\n");
      return 2;
    }

  self = g_canonicalize_filename (argv[0], NULL);
  if (given != NULL)
    db = g_strdup (given);
  else
    {
      char *gen_argv[] = { argv[2], NULL };
      g_auto (GStrv) env = g_get_environ ();
      g_autoptr (GError) error = NULL;
      int status;

      dir = g_dir_make_tmp ("lw-bench-app-XXXXXX", &error);
      if (dir == NULL)
        g_error ("%s", error->message);
      db = g_build_filename (dir, "bench.sqlite3", NULL);
      env = g_environ_setenv (env, "LW_BENCH_KEEP", db, TRUE);
      if (!g_spawn_sync (NULL, gen_argv, env, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error)
          || !g_spawn_check_wait_status (status, &error))
        g_error ("%s: %s", argv[2], error->message);
    }

  /* Side by side: bare, app, bare at its minimum size, bare, app… so
   * that all see the same machine. */
  for (guint i = 0; i < n_runs; i++)
    {
      char *bare_argv[] = { argv[1], (char *) BARE_SIZE, NULL };
      char *small_argv[] = { argv[1], NULL };
      char *app_argv[] = { self, (char *) "--child-app", db, NULL };

      bare_ms[i] = spawn_and_time (bare_argv, NULL);
      app_ms[i] = spawn_and_time (app_argv, &listed_ms[i]);
      small_ms[i] = spawn_and_time (small_argv, NULL);
    }
  bare_median = lw_test_sort_median (bare_ms, n_runs);
  small_median = lw_test_sort_median (small_ms, n_runs);
  app_median = lw_test_sort_median (app_ms, n_runs);
  listed_median = lw_test_sort_median (listed_ms, n_runs);
  ratio = app_median / bare_median;
  rows_ratio = listed_median / bare_median;

  g_print ("first frame, bare libadwaita window at %s: median %.0f ms (min %.0f, max %.0f) over %u runs\n",
           BARE_SIZE, bare_median, bare_ms[0], bare_ms[n_runs - 1], n_runs);
  g_print ("first frame, bare libadwaita window at its minimum size: median %.0f ms (min %.0f, max %.0f); "
           "app / this: %.2f\n", small_median, small_ms[0], small_ms[n_runs - 1], app_median / small_median);
  g_print ("first frame, Little Wolf: median %.0f ms (min %.0f, max %.0f) over %u runs\n",
           app_median, app_ms[0], app_ms[n_runs - 1], n_runs);
  g_print ("first rows of the Games list on screen (read after the first frame): median %.0f ms "
           "(min %.0f, max %.0f); rows / app's first frame: %.2f\n",
           listed_median, listed_ms[0], listed_ms[n_runs - 1], listed_median / app_median);
  g_print ("ratio app / bare at %s: first frame %.2f (target <= %.2f): %s; first rows %.2f (target <= %.2f): %s\n",
           BARE_SIZE, ratio, START_RATIO, ratio <= START_RATIO ? "met" : "NOT met",
           rows_ratio, ROWS_RATIO, rows_ratio <= ROWS_RATIO ? "met" : "NOT met");

  n_games = time_statuses (db, &warm_s, &cold_s, &rewarm_s);
  status_target = MAX (n_games, 1) * STATUS_TARGET_S_PER_GAME;
  status_met = warm_s < status_target && rewarm_s < status_target;
  g_print ("every game's status in the Games list, CPU seconds: %.2f s from the cache, %.2f s with the cache "
           "emptied (every game replayed, its row written), %.2f s from the cache again "
           "(target < %.2f s for %u games): %s\n",
           warm_s, cold_s, rewarm_s, status_target, n_games, status_met ? "met" : "NOT met");

  edit_ms = time_edit (db, &edit_max);
  g_print ("replace round 1 of a 60-round game, replay, reload the page and draw: median %.1f ms, max %.1f ms (target < %.0f ms): %s\n",
           edit_ms, edit_max, EDIT_TARGET_MS, edit_ms < EDIT_TARGET_MS ? "met" : "NOT met");

  if (dir != NULL)
    lw_test_remove_tree (dir);

  return ratio <= START_RATIO && rows_ratio <= ROWS_RATIO && status_met && edit_ms < EDIT_TARGET_MS ? 0 : 1;
}
