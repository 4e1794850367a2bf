/* test-entry-load.c — many phones at many tables at once, over loopback:
 *
 * the server runs in its own thread on 127.0.0.1 (its connection cap per
 * address raised to the total cap: every phone here is 127.0.0.1); one
 * thread per table (its own libsoup session) sends its rounds one after
 * another,
 * and sends each one a second time as a second phone at the table would.
 * Asserted: every first copy is stored (201), every second one refused
 * (409), and each game holds exactly its rounds, in order, none lost and
 * none doubled. The figures (requests per second, latencies) are printed.
 *
 * With --floor (the benchmark bench-entry-load), the same phones then send
 * the same requests to a bare libsoup server in a thread of its own that
 * answers each at once, the floor; table entry's requests per second
 * must be at least half the floor's (issue 35), or a line starting
 * "MISSED" says by how much it fell short and the program fails.
 *
 *   test-entry-load [--tables N] [--rounds N] [--floor]   (default 20 × 100)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "lw-web-server.h"
#include "lw-store.h"
#include "lw-test-util.h"

static int n_tables = 20;
static int n_rounds = 100;
static gboolean floor_too;
static int remaining;
static GMainLoop *loop;

/* In the main thread: one more phone is done. */
static gboolean
worker_done_cb (gpointer data)
{
  if (--remaining == 0)
    g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

typedef struct {
  guint   port;
  gboolean floor;   /* the bare server's: every POST answered 201 */
  gint64  game;
  char   *secret;
  /* results */
  guint   created;
  guint   conflicts;
  guint   other;
  char   *first_failure;
  GArray *latencies;  /* gint64 µs */
} Worker;

static guint
send_json (SoupSession  *session,
           Worker       *worker,
           const char   *method,
           const char   *path,
           const char   *body,
           JsonObject  **answer)
{
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%u%s", worker->port, path);
  g_autoptr (SoupMessage) msg = soup_message_new (method, url);
  g_autoptr (GBytes) reply = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  gint64 start = g_get_monotonic_time ();
  gint64 elapsed;

  soup_message_headers_replace (soup_message_get_request_headers (msg), "X-Table-Secret", worker->secret);
  if (body != NULL)
    {
      g_autoptr (GBytes) bytes = g_bytes_new (body, strlen (body));

      soup_message_set_request_body_from_bytes (msg, "application/json", bytes);
    }
  reply = soup_session_send_and_read (session, msg, NULL, &error);
  elapsed = g_get_monotonic_time () - start;
  g_array_append_val (worker->latencies, elapsed);
  if (reply == NULL)
    {
      if (worker->first_failure == NULL)
        worker->first_failure = g_strdup (error->message);
      return 0;
    }
  if (answer != NULL
      && json_parser_load_from_data (parser, g_bytes_get_data (reply, NULL), (gssize) g_bytes_get_size (reply), NULL)
      && JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    *answer = json_object_ref (json_node_get_object (json_parser_get_root (parser)));
  return soup_message_get_status (msg);
}

static gpointer
worker_thread (gpointer data)
{
  Worker *worker = data;
  g_autoptr (GMainContext) context = g_main_context_new ();
  g_autoptr (SoupSession) phone = NULL;
  g_autoptr (SoupSession) second = NULL;
  g_autofree char *state_path = g_strdup_printf ("/api/tables/%" G_GINT64_FORMAT, worker->game);
  g_autofree char *rounds_path = g_strdup_printf ("/api/tables/%" G_GINT64_FORMAT "/rounds", worker->game);
  g_autoptr (JsonObject) state = NULL;
  gint64 version;

  g_main_context_push_thread_default (context);
  phone = soup_session_new ();
  second = soup_session_new ();

  if (send_json (phone, worker, "GET", state_path, NULL, &state) != 200 || state == NULL)
    {
      worker->other++;
      goto out;
    }
  version = json_object_get_int_member (state, "version");

  for (int n = 1; n <= n_rounds; n++)
    {
      /* Round n: seat (n % 2) declares and takes every card. */
      int seat = n % 2;
      g_autofree char *body =
        g_strdup_printf ("{\"number\": %d, \"version\": %" G_GINT64_FORMAT ", \"round\": "
                         "{\"declarer\": %d, \"cards\": [%d, %d]}}",
                         n, version, seat, seat == 0 ? 26 : 0, seat == 0 ? 0 : 26);
      g_autoptr (JsonObject) answer = NULL;
      guint status = send_json (phone, worker, "POST", rounds_path, body, &answer);

      if (status == 201 && answer != NULL)
        {
          worker->created++;
          version = json_object_get_int_member (answer, "version");
        }
      else
        {
          worker->other++;
          if (worker->first_failure == NULL)
            worker->first_failure = g_strdup_printf ("round %d: status %u", n, status);
        }

      /* The second phone sends the same round from the same board. */
      status = send_json (second, worker, "POST", rounds_path, body, NULL);
      if (status == 409 || (worker->floor && status == 201))
        worker->conflicts++;
      else
        {
          worker->other++;
          if (worker->first_failure == NULL)
            worker->first_failure = g_strdup_printf ("round %d again: status %u", n, status);
        }
    }

out:
  g_clear_object (&phone);
  g_clear_object (&second);
  g_main_context_pop_thread_default (context);
  g_main_context_invoke (NULL, worker_done_cb, NULL);
  return NULL;
}

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

/* The floor: a bare libsoup server that answers every request at once,
 * in a thread of its own as table entry's server is. */
typedef struct {
  GMainContext *context;
  GMainLoop    *loop;
  GThread      *thread;
  guint         port;
  GMutex        lock;
  GCond         listening;
} Floor;

static void
floor_handle_cb (SoupServer        *soup,
                 SoupServerMessage *msg,
                 const char        *path,
                 GHashTable        *query,
                 gpointer           data)
{
  static const char body[] = "{\"version\": 1}";
  gboolean post = g_str_equal (soup_server_message_get_method (msg), "POST");

  soup_server_message_set_status (msg, post ? 201 : 200, NULL);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_STATIC, body, strlen (body));
}

static gpointer
floor_thread (gpointer data)
{
  Floor *floor = data;
  g_autoptr (SoupServer) soup = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GSList) uris = NULL;

  g_main_context_push_thread_default (floor->context);
  soup = soup_server_new (NULL, NULL);
  soup_server_add_handler (soup, NULL, floor_handle_cb, NULL, NULL);
  if (!soup_server_listen_local (soup, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error))
    g_error ("the floor's server: %s", error->message);
  uris = soup_server_get_uris (soup);
  g_mutex_lock (&floor->lock);
  floor->port = g_uri_get_port (uris->data);
  g_cond_signal (&floor->listening);
  g_mutex_unlock (&floor->lock);
  g_slist_free_full (g_steal_pointer (&uris), (GDestroyNotify) g_uri_unref);
  g_main_loop_run (floor->loop);
  soup_server_disconnect (soup);
  g_main_context_pop_thread_default (floor->context);
  return NULL;
}

static gboolean
floor_quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

/* Sends every table's rounds from its two phones, one thread per table,
 * (@workers, n_tables of them, each with its server's port); returns the
 * µs it took, every request's latency added to @all, sorted. */
static gint64
run_phones (Worker *workers,
            GArray *all)
{
  GThread **threads = g_new0 (GThread *, n_tables);
  gint64 start, elapsed;

  loop = g_main_loop_new (NULL, FALSE);
  start = g_get_monotonic_time ();
  for (int t = 0; t < n_tables; t++)
    threads[t] = g_thread_new ("phone", worker_thread, &workers[t]);
  /* The server answers in this thread's main loop while the phones wait;
   * each phone says when it is done. */
  remaining = n_tables;
  g_main_loop_run (loop);
  for (int t = 0; t < n_tables; t++)
    g_thread_join (threads[t]);
  elapsed = g_get_monotonic_time () - start;
  for (int t = 0; t < n_tables; t++)
    g_array_append_vals (all, workers[t].latencies->data, workers[t].latencies->len);
  g_array_sort (all, compare_gint64);
  g_clear_pointer (&loop, g_main_loop_unref);
  g_free (threads);
  return elapsed;
}

/* The same phones' requests against the floor; returns its requests per
 * second. */
static double
measure_floor (void)
{
  Floor floor = { 0, };
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (gint64));
  Worker *workers = g_new0 (Worker, n_tables);
  guint other = 0;
  gint64 elapsed;
  double seconds;

  floor.context = g_main_context_new ();
  floor.loop = g_main_loop_new (floor.context, FALSE);
  g_mutex_init (&floor.lock);
  g_cond_init (&floor.listening);
  floor.thread = g_thread_new ("floor", floor_thread, &floor);
  g_mutex_lock (&floor.lock);
  while (floor.port == 0)
    g_cond_wait (&floor.listening, &floor.lock);
  g_mutex_unlock (&floor.lock);

  for (int t = 0; t < n_tables; t++)
    {
      workers[t].port = floor.port;
      workers[t].floor = TRUE;
      workers[t].game = t + 1;
      workers[t].secret = g_strdup ("floor");
      workers[t].latencies = g_array_new (FALSE, FALSE, sizeof (gint64));
    }
  elapsed = run_phones (workers, all);
  for (int t = 0; t < n_tables; t++)
    {
      other += workers[t].other;
      g_free (workers[t].secret);
      g_free (workers[t].first_failure);
      g_array_unref (workers[t].latencies);
    }
  g_free (workers);

  {
    g_autoptr (GSource) source = g_idle_source_new ();

    g_source_set_callback (source, floor_quit_cb, floor.loop, NULL);
    g_source_attach (source, floor.context);
    g_thread_join (floor.thread);
  }
  g_main_loop_unref (floor.loop);
  g_main_context_unref (floor.context);
  g_mutex_clear (&floor.lock);
  g_cond_clear (&floor.listening);

  seconds = (double) elapsed / G_USEC_PER_SEC;
  g_print ("# the floor, a bare libsoup server answering at once: %u requests in %.2f s (%.0f requests/s)\n",
           all->len, seconds, all->len / seconds);
  g_print ("# its latency: median %.2f ms, 99th percentile %.2f ms, max %.2f ms\n",
           g_array_index (all, gint64, all->len / 2) / 1000.0,
           g_array_index (all, gint64, (all->len * 99) / 100) / 1000.0,
           g_array_index (all, gint64, all->len - 1) / 1000.0);
  g_assert_cmpuint (other, ==, 0);
  return all->len / seconds;
}

static void
test_load (LwTestDb      *fixture,
           gconstpointer  data)
{
  LwStore *store = fixture->store;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEntryRequests) entry = lw_entry_requests_new (store);
  g_autoptr (LwWebServer) server = lw_web_server_new (entry);
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (gint64));
  Worker *workers = g_new0 (Worker, n_tables);
  const char *names[] = { "Ann", "Ben" };
  guint created = 0, conflicts = 0, other = 0;
  gint64 elapsed, sum = 0;
  double seconds;

  /* Every phone of the test comes from 127.0.0.1, each with two sessions
   * that keep their connections alive. */
  {
    LwWebServerLimits limits = LW_WEB_SERVER_LIMITS_DEFAULT;

    limits.max_per_address = limits.max_connections;
    lw_web_server_set_limits (server, &limits);
  }
  lw_web_server_start (server, "127.0.0.1", 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lw_web_server_get_port (server), >, 0);

  for (int t = 0; t < n_tables; t++)
    {
      g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 2, names);

      /* A game that goes on for every round sent. */
      record->target = 1000000;
      record->skunk = 1000000;
      workers[t].game = lw_store_add_game (store, record, &error);
      g_assert_no_error (error);
      workers[t].secret = g_strdup (lw_entry_requests_open_table (entry, workers[t].game, NULL, &error));
      g_assert_no_error (error);
      workers[t].port = lw_web_server_get_port (server);
      workers[t].latencies = g_array_new (FALSE, FALSE, sizeof (gint64));
    }

  elapsed = run_phones (workers, all);

  for (int t = 0; t < n_tables; t++)
    {
      g_autoptr (LwStoredGame) game = lw_store_load_game (store, workers[t].game, &error);

      g_assert_no_error (error);
      if (workers[t].first_failure != NULL)
        g_test_message ("table %d: %s", t + 1, workers[t].first_failure);
      created += workers[t].created;
      conflicts += workers[t].conflicts;
      other += workers[t].other;

      /* Exactly the rounds sent, in order: none lost, none doubled. */
      g_assert_cmpuint (game->record->rounds->len, ==, (guint) n_rounds);
      for (int n = 1; n <= n_rounds; n++)
        {
          const LwRound *round = g_ptr_array_index (game->record->rounds, n - 1);

          g_assert_cmpint (round->declarer, ==, n % 2);
          g_assert_cmpint (round->cards[n % 2], ==, 26);
        }
    }

  for (guint i = 0; i < all->len; i++)
    sum += g_array_index (all, gint64, i);
  seconds = (double) elapsed / G_USEC_PER_SEC;
  g_print ("# table entry load: %d tables × %d rounds, each sent twice: %u requests in %.2f s "
           "(%.0f requests/s); stored %u, refused as stale %u, other %u\n",
           n_tables, n_rounds, all->len, seconds, all->len / seconds, created, conflicts, other);
  g_print ("# latency: mean %.1f ms, median %.1f ms, 99th percentile %.1f ms, max %.1f ms\n",
           sum / 1000.0 / MAX (all->len, 1),
           g_array_index (all, gint64, all->len / 2) / 1000.0,
           g_array_index (all, gint64, (all->len * 99) / 100) / 1000.0,
           g_array_index (all, gint64, all->len - 1) / 1000.0);

  g_assert_cmpuint (other, ==, 0);
  g_assert_cmpuint (created, ==, (guint) (n_tables * n_rounds));
  g_assert_cmpuint (conflicts, ==, (guint) (n_tables * n_rounds));

  for (int t = 0; t < n_tables; t++)
    {
      g_free (workers[t].secret);
      g_free (workers[t].first_failure);
      g_array_unref (workers[t].latencies);
    }
  g_free (workers);
  lw_web_server_stop (server);
  g_clear_object (&server);
  g_clear_object (&entry);

  if (floor_too)
    {
      double floor_rate = measure_floor ();
      double rate = all->len / seconds;

      g_print ("# table entry at %.2f× the floor's requests per second (target at least 0.5×)\n",
               rate / floor_rate);
      if (rate < 0.5 * floor_rate)
        {
          g_print ("MISSED: table entry served %.0f requests/s, under half the floor's %.0f\n", rate, floor_rate);
          g_test_fail ();
        }
    }
}

int
main (int    argc,
      char **argv)
{
  GOptionEntry entries[] = {
    { "tables", 0, 0, G_OPTION_ARG_INT, &n_tables, "Tables", "N" },
    { "rounds", 0, 0, G_OPTION_ARG_INT, &n_rounds, "Rounds per table", "N" },
    { "floor", 0, 0, G_OPTION_ARG_NONE, &floor_too, "The same requests to a bare libsoup server, the floor", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);

  /* Loopback only: no proxy lookups in the figures. */
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, NULL) || n_tables < 1 || n_rounds < 1)
    return 2;
  lw_test_add_db ("/entry/load", test_load);
  return g_test_run ();
}
