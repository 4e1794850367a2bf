/* test-entry-flood.c — strangers without a link against the entry
 * server (docs/REMOTE-PLAY.md, docs/TABLE-ENTRY.md), over 127.0.0.x:
 *
 * - a flood of WebSocket pings at full speed from one address without a
 *   link, which never reads and reconnects whenever cut, beside a remote
 *   table's two honest seats (/entry-flood/host) and beside a phone at
 *   table entry (/entry-flood/entry): the honest keep at least 90 % of
 *   the actions (or answers) per second of the same run's window before
 *   the flood, their pings' (requests') p99 stays under 1 s, and the
 *   server's peak memory stays within a few MiB of what it was;
 * - a message in fragments that never ends, and frames compressed
 *   (permessage-deflate offered, RSV1 set): closed, memory bounded;
 * - idle connections without a link at every cap (9 addresses × 64,
 *   8 play sockets from the phone's own address): the phone with its
 *   link is served and gets its seat back every time; `/play/socket/x`
 *   is no play socket;
 * - 20 requests on one kept-alive connection answer as fast as on new
 *   ones (TCP_NODELAY).
 *
 * The flood lasts LW_TEST_FLOOD_S seconds (default 30), after a window
 * of 5 s without it. Memory figures mean nothing under AddressSanitizer:
 * suite fault, which the sanitizer pass skips.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <arpa/inet.h>

#include "lw-web-server.h"
#include "lw-play-client.h"
#include "lw-store.h"
#include "lw-table-host.h"
#include "lw-test-util.h"

#define BASE_S 5
#define STEP_MS (20 * 1000)

/* The flooder's address, and the honest clients'. */
#define FLOOD_FROM "127.0.0.2"
#define HONEST_FROM "127.0.0.1"

typedef struct {
  LwTestDb         db;
  LwEntryRequests *entry;
  LwWebServer   *server;
  LwTableHost     *host;
  gint64           game;      /* the hosted table's */
  gint64           entry_game;
  char            *entry_secret;
  guint            port;
} Fixture;

static guint
flood_seconds (void)
{
  const char *text = g_getenv ("LW_TEST_FLOOD_S");
  guint64 seconds = text != NULL ? g_ascii_strtoull (text, NULL, 10) : 0;

  return seconds >= 1 && seconds <= 600 ? (guint) seconds : 30;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = lw_test_pair_record ("Ann", "Ben");

  lw_test_db_set_up (&f->db, data);
  f->entry_game = lw_store_add_game (f->db.store, record, &error);
  g_assert_no_error (error);
  f->entry = lw_entry_requests_new (f->db.store);
  f->entry_secret = g_strdup (lw_entry_requests_open_table (f->entry, f->entry_game, NULL, &error));
  g_assert_no_error (error);
  f->server = lw_web_server_new (f->entry);
  g_assert_true (lw_web_server_start (f->server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  f->port = lw_web_server_get_port (f->server);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->host != NULL)
    lw_web_server_close_host_table (f->server, f->game);
  lw_web_server_stop (f->server);
  g_clear_object (&f->server);
  g_clear_object (&f->host);
  g_clear_object (&f->entry);
  for (int i = 0; i < 100 && g_main_context_iteration (NULL, FALSE); i++)
    ;
  g_free (f->entry_secret);
  lw_test_db_tear_down (&f->db, data);
}

/* A table of two remote seats and a computer. */
static void
host_table (Fixture *f)
{
  const char *names[] = { "Ann", "Ben", "Cleo", NULL };
  LwHostSeatKind kinds[] = { LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_COMPUTER };
  LwBotLevel levels[] = { LW_BOT_EASY, LW_BOT_EASY, LW_BOT_EASY };
  LwHouseRules rules = { FALSE, FALSE };
  g_autoptr (GError) error = NULL;

  f->host = lw_table_host_new (f->db.store, 3, names, kinds, levels, FALSE, 11, &rules, &error);
  g_assert_no_error (error);
  lw_table_host_set_timing (f->host, 0, 0);
  f->game = lw_table_host_get_game_id (f->host);
  g_assert_true (lw_web_server_host_table (f->server, f->host, &error));
  g_assert_no_error (error);
}

static char *
seat_secret (Fixture *f,
             guint    seat)
{
  g_autofree char *url = lw_web_server_seat_url (f->server, "127.0.0.1", f->game, seat);
  const char *s = url != NULL ? strstr (url, "&s=") : NULL;

  g_assert_nonnull (s);
  return g_strdup (s + 3);
}

/* ------------------------------------------------------------------ */
/* Plain sockets from any 127.0.0.x                                     */
/* ------------------------------------------------------------------ */

/* A blocking TCP connection from @from to 127.0.0.1:@port, its sends
 * timed out after @send_ms and its reads after 2 s; -1 if refused. */
static int
connect_from (const char *from,
              guint       port,
              guint       send_ms)
{
  struct sockaddr_in local = { .sin_family = AF_INET };
  struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons ((guint16) port) };
  struct timeval send_timeout = { send_ms / 1000, (send_ms % 1000) * 1000 };
  struct timeval read_timeout = { 2, 0 };
  int fd = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

  if (fd < 0)
    return -1;
  inet_pton (AF_INET, from, &local.sin_addr);
  address.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  setsockopt (fd, SOL_SOCKET, SO_RCVTIMEO, &read_timeout, sizeof read_timeout);
  setsockopt (fd, SOL_SOCKET, SO_SNDTIMEO, &send_timeout, sizeof send_timeout);
  if (bind (fd, (struct sockaddr *) &local, sizeof local) != 0
      || connect (fd, (struct sockaddr *) &address, sizeof address) != 0)
    {
      close (fd);
      return -1;
    }
  return fd;
}

static gboolean
send_text (int         fd,
           const char *text)
{
  gsize length = strlen (text), done = 0;

  while (done < length)
    {
      ssize_t n = send (fd, text + done, length - done, MSG_NOSIGNAL);

      if (n <= 0)
        return FALSE;
      done += (gsize) n;
    }
  return TRUE;
}

/* An answer's head, and its body if it says how long it is; its status,
 * or 0 when the connection ended or timed out first. */
static guint
read_answer (int      fd,
             GString *body)
{
  g_autoptr (GString) text = g_string_new (NULL);
  const char *end = NULL;

  for (int i = 0; i < 1000; i++)
    {
      char buffer[4096];
      ssize_t n;

      if ((end = strstr (text->str, "\r\n\r\n")) != NULL)
        {
          g_autofree char *lower = g_ascii_strdown (text->str, end - text->str);
          const char *header = strstr (lower, "content-length:");
          gsize length = header != NULL ? g_ascii_strtoull (header + 15, NULL, 10) : 0;

          if (text->len >= (gsize) (end - text->str) + 4 + length)
            {
              if (body != NULL)
                g_string_assign (body, end + 4);
              return g_str_has_prefix (text->str, "HTTP/1.1 ")
                     ? (guint) g_ascii_strtoull (text->str + 9, NULL, 10) : 0;
            }
        }
      n = recv (fd, buffer, sizeof buffer, 0);
      if (n <= 0)
        return 0;
      g_string_append_len (text, buffer, n);
    }
  return 0;
}

static char *
upgrade_request (guint       port,
                 const char *path,
                 const char *extra)
{
  return g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nUpgrade: websocket\r\n"
                          "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                          "Sec-WebSocket-Version: 13\r\n%s\r\n", path, port, extra != NULL ? extra : "");
}

/* A client's frame, masked with zeros (the payload as it is). */
static void
append_frame (GByteArray *out,
              guint8      first,
              const char *payload,
              gsize       length)
{
  guint8 head[14];
  gsize n = 0;

  head[n++] = first;
  if (length < 126)
    head[n++] = 0x80 | (guint8) length;
  else
    {
      head[n++] = 0x80 | 126;
      head[n++] = (guint8) (length >> 8);
      head[n++] = (guint8) length;
    }
  memset (head + n, 0, 4);
  n += 4;
  g_byte_array_append (out, head, (guint) n);
  g_byte_array_append (out, (const guint8 *) payload, (guint) length);
}

static gboolean
send_bytes (int         fd,
            GByteArray *bytes)
{
  gsize done = 0;

  while (done < bytes->len)
    {
      ssize_t n = send (fd, bytes->data + done, bytes->len - done, MSG_NOSIGNAL);

      if (n <= 0)
        return FALSE;
      done += (gsize) n;
    }
  return TRUE;
}

/* Whether the server closed @fd (end of stream or reset) within @ms,
 * whatever it sent before. */
static gboolean
closed_within (int   fd,
               guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      struct pollfd poll_fd = { fd, POLLIN, 0 };
      char buffer[4096];

      if (poll (&poll_fd, 1, 50) > 0)
        {
          ssize_t n = recv (fd, buffer, sizeof buffer, MSG_DONTWAIT);

          if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
            return TRUE;
        }
    }
  return FALSE;
}

/* This process's resident memory now (VmRSS) or at its peak since the
 * last reset (VmHWM), in KiB. */
static guint64
memory_kib (const char *field)
{
  g_autofree char *text = lw_test_read_file ("/proc/self/status");
  const char *line = strstr (text, field);

  g_assert_nonnull (line);
  return g_ascii_strtoull (line + strlen (field), NULL, 10);
}

/* The peak starts again from the resident memory now (Linux ≥ 4.0). */
static void
reset_peak (void)
{
  FILE *file = fopen ("/proc/self/clear_refs", "w");

  g_assert_nonnull (file);
  g_assert_cmpint (fputs ("5", file), >=, 0);
  g_assert_cmpint (fclose (file), ==, 0);
}

/* ------------------------------------------------------------------ */
/* The flooder                                                          */
/* ------------------------------------------------------------------ */

typedef struct {
  guint    port;
  gint64   end;           /* monotonic µs */
  guint    connections;   /* opened (101) */
  guint    refused;       /* not opened */
  guint64  pings;         /* frames sent */
  gboolean done;
} Flooder;

/* Pings at full speed on /play/socket from FLOOD_FROM, no hello, never
 * reading; a new connection whenever the server cuts one, until @end. */
static gpointer
flooder_run (gpointer data)
{
  Flooder *f = data;
  g_autoptr (GByteArray) pings = g_byte_array_new ();
  g_autofree char *request = upgrade_request (f->port, "/play/socket", NULL);

  for (int i = 0; i < 1024; i++)
    append_frame (pings, 0x89, "", 0);
  while (g_get_monotonic_time () < f->end)
    {
      int fd = connect_from (FLOOD_FROM, f->port, 200);

      if (fd < 0 || !send_text (fd, request) || read_answer (fd, NULL) != 101)
        {
          f->refused++;
          if (fd >= 0)
            close (fd);
          g_usleep (1000);
          continue;
        }
      f->connections++;
      while (g_get_monotonic_time () < f->end)
        {
          ssize_t n = send (fd, pings->data, pings->len, MSG_NOSIGNAL);

          if (n <= 0)
            break;
          f->pings += (guint64) n / 6;
        }
      close (fd);
    }
  f->done = TRUE;
  g_main_context_wakeup (NULL);
  return NULL;
}

static GThread *
start_flood (Flooder *flooder,
             guint    port,
             guint    seconds)
{
  flooder->port = port;
  flooder->end = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;
  return g_thread_new ("flooder", flooder_run, flooder);
}

static gint
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
percentile (GArray *values,
            double  fraction)
{
  g_autoptr (GArray) sorted = g_array_copy (values);
  guint index;

  if (sorted->len == 0)
    return 0;
  g_array_sort (sorted, compare_doubles);
  index = (guint) (fraction * (sorted->len - 1) + 0.5);
  return g_array_index (sorted, double, index);
}

/* ------------------------------------------------------------------ */
/* The honest seats of a remote table                                   */
/* ------------------------------------------------------------------ */

typedef struct {
  LwPlayClient *client;
  GQueue        sent;      /* gint64* monotonic µs of each ping not answered yet */
  GArray       *rtt_ms;    /* double: the pings' of the current window */
} Honest;

static void
honest_heard_cb (LwPlayClient *client,
                 JsonObject   *message,
                 gpointer      data)
{
  Honest *honest = data;
  const char *type = json_object_get_string_member_with_default (message, "type", "");

  if (g_str_equal (type, "pong") && !g_queue_is_empty (&honest->sent))
    {
      g_autofree gint64 *sent = g_queue_pop_head (&honest->sent);
      double ms = (double) (g_get_monotonic_time () - *sent) / 1000;

      g_array_append_val (honest->rtt_ms, ms);
    }
}

static gboolean
honest_ping_cb (gpointer data)
{
  Honest *honest = data;

  if (honest->client->open && !honest->client->closed && honest->client->seat >= 0)
    {
      g_queue_push_tail (&honest->sent, g_memdup2 (&(gint64) { g_get_monotonic_time () }, sizeof (gint64)));
      lw_play_client_send (honest->client, "{\"type\":\"ping\"}");
    }
  return G_SOURCE_CONTINUE;
}

static guint
honest_actions (Honest *honest)
{
  return honest[0].client->n_actions + honest[1].client->n_actions;
}

static gboolean
flood_done (gpointer data)
{
  return ((Flooder *) data)->done;
}

static gboolean
nothing_done (gpointer data)
{
  return FALSE;
}

/* Two honest seats play (a computer the third) while a stranger floods
 * pings: their actions per second and their own pings' p99. */
static void
test_host (Fixture       *f,
           gconstpointer  data)
{
  guint seconds = flood_seconds ();
  Honest honest[2] = { 0 };
  Flooder flooder = { 0 };
  GThread *thread;
  guint ping_sources[2];
  guint actions_before;
  gint64 start;
  double base_rate, flood_rate, base_p99, flood_p99;
  guint64 idle_kib, peak_kib;

  host_table (f);
  for (guint s = 0; s < 2; s++)
    {
      g_autofree char *secret = seat_secret (f, s);

      honest[s].client = lw_play_client_new (f->port, f->game, secret, "en");
      honest[s].client->auto_play = TRUE;
      honest[s].client->think_ms = 300;
      honest[s].client->func = honest_heard_cb;
      honest[s].client->func_data = &honest[s];
      honest[s].rtt_ms = g_array_new (FALSE, FALSE, sizeof (double));
      g_queue_init (&honest[s].sent);
      lw_play_client_connect (honest[s].client);
      g_assert_true (lw_play_run_until (lw_play_client_has_state, honest[s].client, STEP_MS));
      ping_sources[s] = g_timeout_add (250, honest_ping_cb, &honest[s]);
    }

  /* The window before the flood. */
  actions_before = honest_actions (honest);
  start = g_get_monotonic_time ();
  lw_play_run_until (nothing_done, NULL, BASE_S * 1000);
  base_rate = (honest_actions (honest) - actions_before) / ((g_get_monotonic_time () - start) / 1e6);
  g_array_append_vals (honest[0].rtt_ms, honest[1].rtt_ms->data, honest[1].rtt_ms->len);
  base_p99 = percentile (honest[0].rtt_ms, 0.99);
  for (guint s = 0; s < 2; s++)
    g_array_set_size (honest[s].rtt_ms, 0);
  idle_kib = memory_kib ("VmRSS:");
  reset_peak ();

  /* The flood. */
  actions_before = honest_actions (honest);
  start = g_get_monotonic_time ();
  thread = start_flood (&flooder, f->port, seconds);
  lw_play_run_until (flood_done, &flooder, (seconds + 20) * 1000);
  g_thread_join (thread);
  flood_rate = (honest_actions (honest) - actions_before) / ((g_get_monotonic_time () - start) / 1e6);
  peak_kib = memory_kib ("VmHWM:");
  g_array_append_vals (honest[0].rtt_ms, honest[1].rtt_ms->data, honest[1].rtt_ms->len);
  flood_p99 = percentile (honest[0].rtt_ms, 0.99);

  g_test_message ("flood of %u s: %u connections, %u refused, %" G_GUINT64_FORMAT " pings sent",
                  seconds, flooder.connections, flooder.refused, flooder.pings);
  g_test_message ("honest actions/s %.2f before, %.2f during; ping p99 %.1f ms before, %.1f ms during "
                  "(%u pings); resident %" G_GUINT64_FORMAT " KiB, peak %" G_GUINT64_FORMAT " KiB",
                  base_rate, flood_rate, base_p99, flood_p99, honest[0].rtt_ms->len, idle_kib, peak_kib);

  for (guint s = 0; s < 2; s++)
    {
      g_source_remove (ping_sources[s]);
      g_assert_false (honest[s].client->closed);
      g_assert_false (lw_play_client_game_over (honest[s].client));
    }
  g_assert_cmpuint (flooder.connections, >, 0);
  g_assert_cmpfloat (base_rate, >, 1);
  g_assert_cmpfloat (flood_rate, >=, 0.9 * base_rate);
  g_assert_cmpuint (honest[0].rtt_ms->len, >=, 4 * seconds);
  g_assert_cmpfloat (flood_p99, <, 1000);
  g_assert_cmpuint (peak_kib, <, idle_kib + 8 * 1024);

  for (guint s = 0; s < 2; s++)
    {
      lw_play_client_free (honest[s].client);
      g_array_unref (honest[s].rtt_ms);
      g_queue_clear_full (&honest[s].sent, g_free);
    }
}

/* ------------------------------------------------------------------ */
/* A phone at table entry                                               */
/* ------------------------------------------------------------------ */

typedef struct {
  guint    port;
  char    *path;
  char    *secret;
  gboolean stop;
  GMutex   lock;
  GArray  *times;      /* gint64 µs when each request was sent */
  GArray  *ms;         /* double: its time to the answer, or -1: not served */
} Phone;

/* A poll of the table's version on a new connection every 50 ms, each
 * answered within 2 s or not served. */
static gpointer
phone_run (gpointer data)
{
  Phone *phone = data;
  g_autofree char *request =
    g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Table-Secret: %s\r\n\r\n",
                     phone->path, phone->secret);

  while (!g_atomic_int_get (&phone->stop))
    {
      gint64 sent = g_get_monotonic_time ();
      int fd = connect_from (HONEST_FROM, phone->port, 2000);
      guint status = fd >= 0 && send_text (fd, request) ? read_answer (fd, NULL) : 0;
      double ms = status == 200 ? (g_get_monotonic_time () - sent) / 1000.0 : -1;

      if (fd >= 0)
        close (fd);
      g_mutex_lock (&phone->lock);
      g_array_append_val (phone->times, sent);
      g_array_append_val (phone->ms, ms);
      g_mutex_unlock (&phone->lock);
      g_usleep (50 * 1000);
    }
  return NULL;
}

/* The phone's requests sent from @from to @to (µs): how many, how many
 * served, and the served ones' times into @served_ms. */
static guint
phone_window (Phone  *phone,
              gint64  from,
              gint64  to,
              guint  *n_served,
              GArray *served_ms)
{
  guint n = 0;

  *n_served = 0;
  g_mutex_lock (&phone->lock);
  for (guint i = 0; i < phone->times->len; i++)
    {
      gint64 sent = g_array_index (phone->times, gint64, i);
      double ms = g_array_index (phone->ms, double, i);

      if (sent < from || sent >= to)
        continue;
      n++;
      if (ms >= 0)
        {
          (*n_served)++;
          g_array_append_val (served_ms, ms);
        }
    }
  g_mutex_unlock (&phone->lock);
  return n;
}

static void
test_entry (Fixture       *f,
            gconstpointer  data)
{
  guint seconds = flood_seconds ();
  Phone phone = { 0 };
  Flooder flooder = { 0 };
  GThread *phone_thread, *thread;
  g_autoptr (GArray) base_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) flood_ms = g_array_new (FALSE, FALSE, sizeof (double));
  gint64 base_start, flood_start, flood_end;
  guint base_n, base_served, flood_n, flood_served;
  double base_rate, flood_rate;
  guint64 idle_kib, peak_kib;

  phone.port = f->port;
  phone.path = g_strdup_printf ("/api/tables/%" G_GINT64_FORMAT "/version", f->entry_game);
  phone.secret = f->entry_secret;
  phone.times = g_array_new (FALSE, FALSE, sizeof (gint64));
  phone.ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_mutex_init (&phone.lock);
  phone_thread = g_thread_new ("phone", phone_run, &phone);

  base_start = g_get_monotonic_time ();
  g_usleep (BASE_S * G_USEC_PER_SEC);
  idle_kib = memory_kib ("VmRSS:");
  reset_peak ();
  flood_start = g_get_monotonic_time ();
  thread = start_flood (&flooder, f->port, seconds);
  g_thread_join (thread);
  flood_end = g_get_monotonic_time ();
  peak_kib = memory_kib ("VmHWM:");
  g_atomic_int_set (&phone.stop, TRUE);
  g_thread_join (phone_thread);

  base_n = phone_window (&phone, base_start, flood_start, &base_served, base_ms);
  /* The requests sent in the flood's last 2 s may be answered after it. */
  flood_n = phone_window (&phone, flood_start, flood_end - 2 * G_USEC_PER_SEC, &flood_served, flood_ms);
  base_rate = base_served / ((flood_start - base_start) / 1e6);
  flood_rate = flood_served / ((flood_end - 2 * G_USEC_PER_SEC - flood_start) / 1e6);
  g_test_message ("flood of %u s: %u connections, %u refused, %" G_GUINT64_FORMAT " pings sent",
                  seconds, flooder.connections, flooder.refused, flooder.pings);
  g_test_message ("phone served %u of %u before (%.1f/s, p99 %.1f ms), %u of %u during (%.1f/s, p99 %.1f ms); "
                  "resident %" G_GUINT64_FORMAT " KiB, peak %" G_GUINT64_FORMAT " KiB",
                  base_served, base_n, base_rate, percentile (base_ms, 0.99),
                  flood_served, flood_n, flood_rate, percentile (flood_ms, 0.99), idle_kib, peak_kib);

  g_assert_cmpuint (flooder.connections, >, 0);
  g_assert_cmpuint (base_served, >, 10);
  g_assert_cmpuint (flood_served, >=, flood_n * 9 / 10);
  g_assert_cmpfloat (flood_rate, >=, 0.9 * base_rate);
  g_assert_cmpfloat (percentile (flood_ms, 0.99), <, 1000);
  g_assert_cmpuint (peak_kib, <, idle_kib + 8 * 1024);

  g_mutex_clear (&phone.lock);
  g_array_unref (phone.times);
  g_array_unref (phone.ms);
  g_free (phone.path);
  /* g_thread_join() above freed the thread; cppcheck takes it for a leak. */
  /* cppcheck-suppress memleak */
}

/* ------------------------------------------------------------------ */
/* Memory per socket                                                    */
/* ------------------------------------------------------------------ */

/* A socket opened on /play/socket from @from with @extra headers (its
 * 101 asserted, its head into @head). */
static int
open_socket (const char *from,
             guint       port,
             const char *extra,
             GString    *head)
{
  g_autofree char *request = upgrade_request (port, "/play/socket", extra);
  int fd = connect_from (from, port, 2000);
  g_autoptr (GString) text = g_string_new (NULL);

  g_assert_cmpint (fd, >=, 0);
  g_assert_true (send_text (fd, request));
  /* The head only: frames may follow it. */
  while (strstr (text->str, "\r\n\r\n") == NULL && text->len < 4096)
    {
      char byte;

      if (recv (fd, &byte, 1, 0) != 1)
        break;
      g_string_append_c (text, byte);
    }
  g_assert_true (g_str_has_prefix (text->str, "HTTP/1.1 101"));
  if (head != NULL)
    g_string_assign (head, text->str);
  return fd;
}

/* What an endless fragmented message sends: the start of a text, then
 * continuations of 60,000 bytes for as long as the server takes them
 * (3 s at most). */
static gpointer
fragments_run (gpointer data)
{
  int fd = GPOINTER_TO_INT (data);
  g_autofree char *chunk = g_strnfill (60000, 'a');
  g_autoptr (GByteArray) frame = g_byte_array_new ();
  gint64 end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

  append_frame (frame, 0x01, "{\"type\":", 8);
  if (!send_bytes (fd, frame))
    return NULL;
  g_byte_array_set_size (frame, 0);
  append_frame (frame, 0x00, chunk, 60000);
  while (g_get_monotonic_time () < end && send_bytes (fd, frame))
    ;
  return NULL;
}

/* 60 MiB of zeros deflated (raw, as permessage-deflate sends them):
 * some 60 KB. */
static GBytes *
deflated_bomb (void)
{
  g_autoptr (GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_RAW, 9);
  g_autoptr (GOutputStream) memory = g_memory_output_stream_new_resizable ();
  g_autoptr (GOutputStream) out = g_converter_output_stream_new (memory, G_CONVERTER (compressor));
  g_autofree char *zeros = g_malloc0 (1024 * 1024);
  g_autoptr (GError) error = NULL;

  for (int i = 0; i < 60; i++)
    {
      g_output_stream_write_all (out, zeros, 1024 * 1024, NULL, NULL, &error);
      g_assert_no_error (error);
    }
  g_output_stream_close (out, NULL, &error);
  g_assert_no_error (error);
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (memory));
}

/* Four endless fragmented messages at once, then sixteen frames of 60 KB
 * that inflate to 60 MiB each (compression offered): each socket is
 * closed, no extension is agreed, and the server's peak memory stays
 * within 4 MiB of what it was. */
static void
test_memory (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr (GBytes) bomb = deflated_bomb ();
  g_autoptr (GByteArray) frame = g_byte_array_new ();
  guint64 idle_kib, fragments_kib, peak_kib;
  GThread *threads[4];
  int fds[16];

  g_assert_cmpuint (g_bytes_get_size (bomb), <, 64 * 1024 - 16);
  idle_kib = memory_kib ("VmRSS:");
  reset_peak ();

  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      fds[i] = open_socket (FLOOD_FROM, f->port, NULL, NULL);
      threads[i] = g_thread_new ("fragments", fragments_run, GINT_TO_POINTER (fds[i]));
    }
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      g_thread_join (threads[i]);
      g_assert_true (closed_within (fds[i], 3000));
      close (fds[i]);
    }
  fragments_kib = memory_kib ("VmHWM:");

  /* A frame of the deflated bomb, with RSV1 (compressed) set. */
  {
    gsize length = g_bytes_get_size (bomb);
    guint8 head[8] = { 0xC1, 0x80 | 126, (guint8) (length >> 8), (guint8) length, 0, 0, 0, 0 };

    g_byte_array_append (frame, head, sizeof head);
    g_byte_array_append (frame, g_bytes_get_data (bomb, NULL), (guint) length);
  }
  for (guint i = 0; i < G_N_ELEMENTS (fds); i++)
    {
      g_autoptr (GString) head = g_string_new (NULL);
      g_autofree char *lower = NULL;

      /* 8 from each of two addresses: within the cap of play sockets. */
      fds[i] = open_socket (i < 8 ? "127.0.0.3" : "127.0.0.4", f->port,
                            "Sec-WebSocket-Extensions: permessage-deflate\r\n", head);
      lower = g_ascii_strdown (head->str, -1);
      g_assert_null (strstr (lower, "sec-websocket-extensions"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (fds); i++)
    send_bytes (fds[i], frame);
  for (guint i = 0; i < G_N_ELEMENTS (fds); i++)
    {
      g_assert_true (closed_within (fds[i], 3000));
      close (fds[i]);
    }
  peak_kib = memory_kib ("VmHWM:");
  g_test_message ("resident %" G_GUINT64_FORMAT " KiB; peak %" G_GUINT64_FORMAT " KiB after 4 endless "
                  "fragmented messages, %" G_GUINT64_FORMAT " KiB after 16 compressed frames of %" G_GSIZE_FORMAT
                  " bytes", idle_kib, fragments_kib, peak_kib, g_bytes_get_size (bomb));
  g_assert_cmpuint (fragments_kib, <, idle_kib + 4 * 1024);
  g_assert_cmpuint (peak_kib, <, idle_kib + 4 * 1024);

  /* The server still serves a seat. */
  host_table (f);
  {
    g_autofree char *secret = seat_secret (f, 0);
    g_autoptr (LwPlayClient) client = lw_play_client_new (f->port, f->game, secret, "en");

    lw_play_client_connect (client);
    g_assert_true (lw_play_run_until (lw_play_client_has_state, client, STEP_MS));
  }
}

/* ------------------------------------------------------------------ */
/* The caps                                                             */
/* ------------------------------------------------------------------ */

/* One request with the table's link on a new connection from @from:
 * its status, 0 when none came. */
static guint
linked_request (Fixture    *f,
                const char *from)
{
  g_autofree char *request =
    g_strdup_printf ("GET /api/tables/%" G_GINT64_FORMAT "/version HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     "Connection: close\r\nX-Table-Secret: %s\r\n\r\n", f->entry_game, f->entry_secret);
  int fd = connect_from (from, f->port, 2000);
  guint status = fd >= 0 && send_text (fd, request) ? read_answer (fd, NULL) : 0;

  if (fd >= 0)
    close (fd);
  return status;
}

/* 9 addresses × 64 idle connections without a link (more than the 512
 * of the server's cap), and 8 play sockets without a hello from the
 * phone's own address (its cap of play sockets): the phone's requests
 * with the table's link are all served, its seat's link opens the seat
 * every time, and `/play/socket/x` is no play socket. */
static void
test_caps (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr (GArray) idle = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *secret = NULL;
  struct rlimit limit;
  guint served = 0, opened = 0;

  /* Some 1,200 descriptors in this process, both ends of each. */
  g_assert_cmpint (getrlimit (RLIMIT_NOFILE, &limit), ==, 0);
  limit.rlim_cur = MIN (limit.rlim_max, 4096);
  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &limit), ==, 0);
  if (limit.rlim_cur < 2048)
    {
      g_test_skip ("fewer than 2048 descriptors");
      return;
    }

  host_table (f);
  secret = seat_secret (f, 0);
  for (guint a = 0; a < 9; a++)
    {
      g_autofree char *from = g_strdup_printf ("127.0.0.%u", 11 + a);

      for (guint i = 0; i < 64; i++)
        {
          int fd = connect_from (from, f->port, 2000);

          g_assert_cmpint (fd, >=, 0);
          g_array_append_val (idle, fd);
        }
    }
  for (guint i = 0; i < 8; i++)
    {
      int fd = connect_from (HONEST_FROM, f->port, 2000);
      g_autofree char *request = upgrade_request (f->port, "/play/socket", NULL);

      g_assert_cmpint (fd, >=, 0);
      g_assert_true (send_text (fd, request));
      g_array_append_val (idle, fd);
    }
  g_usleep (300 * 1000);

  for (guint i = 0; i < 20; i++)
    served += linked_request (f, HONEST_FROM) == 200;
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr (LwPlayClient) client = lw_play_client_new (f->port, f->game, secret, "en");

      lw_play_client_connect (client);
      opened += lw_play_run_until (lw_play_client_has_state, client, STEP_MS) && !client->closed;
    }
  g_test_message ("with %u idle connections without a link: %u of 20 requests served, the seat opened %u of 3 times",
                  idle->len, served, opened);
  g_assert_cmpuint (served, ==, 20);
  g_assert_cmpuint (opened, ==, 3);

  /* Another path is no play socket. */
  {
    g_autofree char *request = upgrade_request (f->port, "/play/socket/x", NULL);
    int fd = connect_from (HONEST_FROM, f->port, 2000);

    g_assert_cmpint (fd, >=, 0);
    g_assert_true (send_text (fd, request));
    g_assert_cmpuint (read_answer (fd, NULL), ==, 404);
    close (fd);
  }
  for (guint i = 0; i < idle->len; i++)
    close (g_array_index (idle, int, i));
}

/* ------------------------------------------------------------------ */
/* A kept-alive connection                                              */
/* ------------------------------------------------------------------ */

/* 20 requests one after another on one kept-alive connection: each
 * answered as soon as on a new one (the answer's parts not held back
 * for an ACK: TCP_NODELAY), median under 10 ms. */
static void
test_keep_alive (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *request =
    g_strdup_printf ("GET /api/tables/%" G_GINT64_FORMAT "/version HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     "X-Table-Secret: %s\r\n\r\n", f->entry_game, f->entry_secret);
  int fd = connect_from (HONEST_FROM, f->port, 2000);
  double ms[20];
  double median;

  g_assert_cmpint (fd, >=, 0);
  for (guint i = 0; i < G_N_ELEMENTS (ms); i++)
    {
      gint64 start = g_get_monotonic_time ();

      g_assert_true (send_text (fd, request));
      g_assert_cmpuint (read_answer (fd, NULL), ==, 200);
      ms[i] = lw_test_ms_since (start);
    }
  close (fd);
  median = lw_test_sort_median (ms, G_N_ELEMENTS (ms));
  g_test_message ("20 requests on one kept-alive connection: median %.2f ms, first %.2f ms", median, ms[0]);
  g_assert_cmpfloat (median, <, 10);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/entry-flood/host", Fixture, NULL, fixture_set_up, test_host, fixture_tear_down);
  g_test_add ("/entry-flood/entry", Fixture, NULL, fixture_set_up, test_entry, fixture_tear_down);
  g_test_add ("/entry-flood/memory", Fixture, NULL, fixture_set_up, test_memory, fixture_tear_down);
  g_test_add ("/entry-flood/caps", Fixture, NULL, fixture_set_up, test_caps, fixture_tear_down);
  g_test_add ("/entry-flood/keep-alive", Fixture, NULL, fixture_set_up, test_keep_alive, fixture_tear_down);
  return g_test_run ();
}
