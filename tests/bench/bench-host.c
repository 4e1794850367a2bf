/* bench-host.c — remote play under load (docs/REMOTE-PLAY.md): 25 tables
 * × 4 scripted socket clients on 127.0.0.1 playing whole games at once
 * against one server (the per-address caps raised for it), every action
 * sent twice with the same id. Prints the delay from an action that is
 * played to the moment every seat of its table has the new state (p50,
 * p99, max; targets p50 < 10 ms and p99 < 50 ms, issue 35: a target
 * missed is said on a line starting "MISSED" and fails the run), and
 * fails when a game does not end, a client is closed, or an action is
 * played twice (a second copy answered other than with the state is
 * counted as stale).
 *
 * LW_BENCH_TABLES=N plays N tables instead of 25; LW_BENCH_THINK_MS=MS
 * makes every client wait that long before each move (default 0: as fast
 * as the server answers, the worst case).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw-web-server.h"
#include "lw-play-client.h"
#include "lw-store.h"
#include "lw-table-host.h"
#include "lw-test-util.h"

#define SEATS 4
#define GAME_MS (600 * 1000)

/* An action to every seat's update (issue 35). */
#define TARGET_P50_MS 10.0
#define TARGET_P99_MS 50.0

/* An action sent, until every seat has a state of a later version. */
typedef struct {
  gint64  sent_us;
  guint64 version;
  guint   updated;   /* a bit per seat */
} Pending;

typedef struct {
  LwTableHost  *host;
  gint64        game;
  LwPlayClient *clients[SEATS];
  GArray       *pending;      /* Pending */
  GArray       *delays;       /* double ms, every table's */
} Table;

/* In the clients' thread, as what follows. */
static void
sent_cb (LwPlayClient *client,
         JsonObject   *message,
         gpointer      data)
{
  Table *table = data;
  Pending pending = { g_get_monotonic_time (), client->version, 0 };

  g_array_append_val (table->pending, pending);
}

static void
message_cb (LwPlayClient *client,
            JsonObject   *message,
            gpointer      data)
{
  Table *table = data;
  const char *type = json_object_get_string_member_with_default (message, "type", "");
  guint64 version;

  if (!g_str_equal (type, "state") || client->seat < 0)
    return;
  version = (guint64) json_object_get_int_member (message, "version");
  for (guint i = 0; i < table->pending->len;)
    {
      Pending *pending = &g_array_index (table->pending, Pending, i);

      if (version > pending->version)
        pending->updated |= 1u << client->seat;
      if (pending->updated == (1u << SEATS) - 1)
        {
          double ms = lw_test_ms_since (pending->sent_us);

          g_array_append_val (table->delays, ms);
          g_array_remove_index (table->pending, i);
        }
      else
        i++;
    }
}

typedef struct {
  Table   *tables;
  guint    n;
  guint    port;
  char   **secrets;           /* n × SEATS */
  guint    think_ms;
  gboolean over;              /* every client saw the game's end */
  guint    n_closed;          /* clients closed by the server before the end */
  int      done;              /* atomic: the clients' thread is done */
} Run;

static gboolean
all_over (gpointer data)
{
  Run *run = data;

  for (guint t = 0; t < run->n; t++)
    for (guint s = 0; s < SEATS; s++)
      if (!lw_play_client_game_over (run->tables[t].clients[s]) || run->tables[t].clients[s]->closed)
        return FALSE;
  return TRUE;
}

/* The clients in a thread of their own, as other devices would be, so
 * that the server's thread and the tables' are measured, not the
 * clients' reading of 45,000 states. */
static gpointer
clients_thread (gpointer data)
{
  Run *run = data;
  g_autoptr (GMainContext) context = g_main_context_new ();

  g_main_context_push_thread_default (context);
  for (guint t = 0; t < run->n; t++)
    for (guint s = 0; s < SEATS; s++)
      {
        LwPlayClient *client = lw_play_client_new (run->port, run->tables[t].game,
                                                   run->secrets[t * SEATS + s], s % 2 ? "fr" : "de");

        client->auto_play = TRUE;
        client->send_twice = TRUE;
        client->think_ms = run->think_ms;
        client->func = message_cb;
        client->sent = sent_cb;
        client->func_data = &run->tables[t];
        run->tables[t].clients[s] = client;
        lw_play_client_connect (client);
      }
  run->over = lw_play_run_until (all_over, run, GAME_MS);
  for (guint t = 0; t < run->n; t++)
    for (guint s = 0; s < SEATS; s++)
      if (run->tables[t].clients[s]->closed)
        {
          g_printerr ("bench-host: table %u seat %u closed with %u\n", t, s, run->tables[t].clients[s]->close_code);
          run->n_closed++;
        }
  for (guint t = 0; t < run->n; t++)
    for (guint s = 0; s < SEATS; s++)
      lw_play_client_close (run->tables[t].clients[s]);
  /* The closes sent. */
  for (int i = 0; i < 200 && g_main_context_iteration (context, FALSE); i++)
    ;
  g_main_context_pop_thread_default (context);
  g_atomic_int_set (&run->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

int
main (void)
{
  static const char *const names[SEATS] = { "Ann", "Ben", "Cleo", "Dev" };
  const LwHostSeatKind kinds[SEATS] = { LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_REMOTE,
                                        LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_REMOTE };
  const LwBotLevel levels[SEATS] = { LW_BOT_EASY, LW_BOT_EASY, LW_BOT_EASY, LW_BOT_EASY };
  LwHouseRules rules = { FALSE, FALSE };
  LwWebServerLimits limits = LW_WEB_SERVER_LIMITS_DEFAULT;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = lw_test_make_tmp_dir ("bench-host-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "little-wolf.sqlite3", NULL);
  g_autoptr (LwStore) store = lw_store_open (path, &error);
  g_autoptr (LwEntryRequests) entry = NULL;
  g_autoptr (LwWebServer) server = NULL;
  g_autoptr (GArray) delays = g_array_new (FALSE, FALSE, sizeof (double));
  const char *env = g_getenv ("LW_BENCH_TABLES");
  const char *think = g_getenv ("LW_BENCH_THINK_MS");
  guint n_tables = env != NULL ? (guint) CLAMP (atoi (env), 1, 100) : 25;
  Table *tables = g_new0 (Table, n_tables);
  Run run = { tables, n_tables, 0, NULL, 0, FALSE, 0, 0 };
  guint actions = 0, refused = 0, stale = 0, states = 0, tries_max = 0;
  gboolean ok = TRUE;
  GThread *thread;
  gint64 start;
  double elapsed;

  g_assert_no_error (error);
  run.think_ms = think != NULL ? (guint) CLAMP (atoi (think), 0, 10000) : 0;
  entry = lw_entry_requests_new (store);
  server = lw_web_server_new (entry);
  limits.max_per_address = n_tables * SEATS * 2;
  lw_web_server_set_limits (server, &limits);
  lw_web_server_set_max_play_sockets (server, n_tables * SEATS);
  if (!lw_web_server_start (server, "127.0.0.1", 0, &error))
    g_error ("%s", error->message);

  for (guint t = 0; t < n_tables; t++)
    {
      Table *table = &tables[t];

      table->delays = delays;
      table->host = lw_table_host_new (store, SEATS, names, kinds, levels, TRUE, 1000 + t, &rules, &error);
      g_assert_no_error (error);
      lw_table_host_set_timing (table->host, 0, 0);
      g_assert_true (lw_web_server_host_table (server, table->host, &error));
      table->game = lw_table_host_get_game_id (table->host);
      table->pending = g_array_new (FALSE, FALSE, sizeof (Pending));
    }
  run.port = lw_web_server_get_port (server);
  run.secrets = g_new0 (char *, n_tables * SEATS + 1);
  for (guint t = 0; t < n_tables; t++)
    for (guint s = 0; s < SEATS; s++)
      {
        g_autofree char *url = lw_web_server_seat_url (server, "127.0.0.1", tables[t].game, s);

        run.secrets[t * SEATS + s] = g_strdup (strstr (url, "&s=") + 3);
      }
  start = g_get_monotonic_time ();
  thread = g_thread_new ("bench-host-clients", clients_thread, &run);
  /* The tables' thread: the hosts, their computers' timers, the store. */
  while (!g_atomic_int_get (&run.done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
  if (run.n_closed > 0)
    ok = FALSE;
  if (!run.over)
    {
      g_printerr ("bench-host: not every game ended within %d s\n", GAME_MS / 1000);
      ok = FALSE;
    }
  elapsed = lw_test_ms_since (start);

  for (guint t = 0; t < n_tables; t++)
    {
      if (!lw_table_host_is_over (tables[t].host))
        ok = FALSE;
      for (guint s = 0; s < SEATS; s++)
        {
          LwPlayClient *client = tables[t].clients[s];

          actions += client->n_actions;
          refused += client->n_refused;
          states += client->n_states;
          tries_max = MAX (tries_max, client->n_tries_max);
          stale += client->n_stale;
        }
    }

  g_array_sort (delays, compare_doubles);
  printf ("remote play: %u tables × %u socket clients on 127.0.0.1, whole partners games, every action sent twice, "
          "%u ms to think\n", n_tables, (guint) SEATS, run.think_ms);
  printf ("games over: %s in %.1f s; %u actions sent (×2), %u refused (%u of them stale), "
          "at most %u tries for one move, %u states received\n",
          run.over ? "all" : "NOT ALL", elapsed / 1000, actions, refused, stale, tries_max, states);
  if (delays->len > 0)
    {
      double p50 = g_array_index (delays, double, delays->len / 2);
      double p99 = g_array_index (delays, double, MIN (delays->len - 1, (guint) (delays->len * 0.99)));

      printf ("action → every seat's update: %u samples, p50 %.1f ms, p99 %.1f ms, max %.1f ms "
              "(targets p50 < %.0f ms, p99 < %.0f ms)\n",
              delays->len, p50, p99, g_array_index (delays, double, delays->len - 1),
              TARGET_P50_MS, TARGET_P99_MS);
      if (p50 >= TARGET_P50_MS)
        {
          printf ("MISSED: an action reached every seat in %.1f ms at p50, over its target of %.0f ms\n",
                  p50, TARGET_P50_MS);
          ok = FALSE;
        }
      if (p99 >= TARGET_P99_MS)
        {
          printf ("MISSED: an action reached every seat in %.1f ms at p99, over its target of %.0f ms\n",
                  p99, TARGET_P99_MS);
          ok = FALSE;
        }
    }

  for (guint t = 0; t < n_tables; t++)
    {
      for (guint s = 0; s < SEATS; s++)
        lw_play_client_free (tables[t].clients[s]);
      g_array_unref (tables[t].pending);
      lw_web_server_close_host_table (server, lw_table_host_get_game_id (tables[t].host));
      g_object_unref (tables[t].host);
    }
  lw_web_server_stop (server);
  g_free (tables);
  g_strfreev (run.secrets);
  g_clear_object (&store);
  lw_test_remove_tree (dir);
  return ok ? 0 : 1;
}
