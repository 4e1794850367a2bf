/* lw-entry-requests.c — the requests of table entry, without HTTP
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "lw-json-text.h"
#include "lw-store.h"
#include "lw-entry-requests.h"
#include "lw-entry-boards-private.h"

/* A table open for entry: a game's, or a duplicate event's table
 * (@event_id > 0; @game_id is then its lw_entry_board_key()). */
typedef struct {
  gint64  game_id;
  char   *secret;
  char   *label;
  gint64  event_id;
  guint   event_round;
  guint   event_table;
} EntryTable;

static void
entry_table_free (EntryTable *table);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EntryTable, entry_table_free)

static void
entry_table_free (EntryTable *table)
{
  /* The secret is wiped before its memory goes back. */
  if (table->secret != NULL)
    memset (table->secret, 0, strlen (table->secret));
  g_free (table->secret);
  g_free (table->label);
  g_free (table);
}

/* The open tables, shared by a table entry and those made with
 * lw_entry_requests_new_sharing(): changed by the thread that made the
 * first, read by the server's thread, under @lock. */
typedef struct {
  gatomicrefcount  ref;
  GMutex           lock;
  GHashTable      *tables;  /* gint64* game ID → EntryTable* */
} EntryTables;

static EntryTables *
entry_tables_new (void)
{
  EntryTables *shared = g_new0 (EntryTables, 1);

  g_atomic_ref_count_init (&shared->ref);
  g_mutex_init (&shared->lock);
  shared->tables = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL,
                                          (GDestroyNotify) entry_table_free);
  return shared;
}

static EntryTables *
entry_tables_ref (EntryTables *shared)
{
  g_atomic_ref_count_inc (&shared->ref);
  return shared;
}

static void
entry_tables_unref (EntryTables *shared)
{
  if (!g_atomic_ref_count_dec (&shared->ref))
    return;
  g_hash_table_unref (shared->tables);
  g_mutex_clear (&shared->lock);
  g_free (shared);
}

struct _LwEntryRequests
{
  GObject parent_instance;

  /* owned */
  LwStore         *store;
  EntryTables     *shared;
  LwEntryRequests *origin;   /* the requests whose tables these are, or NULL */
  GMainContext    *context;  /* where #LwEntryRequests::round-stored is emitted */
  GThread         *thread;   /* the thread that made the object (borrowed) */
  GHashTable      *held;     /* gint64* game ID → HeldGame*, read and written
                              * by the thread that handles the requests */
  gint64           data_version;  /* the connection's when @held was last checked */
  gboolean         own_connection;  /* @store is this object's alone (new_sharing()) */
};

G_DEFINE_FINAL_TYPE (LwEntryRequests, lw_entry_requests, G_TYPE_OBJECT)

/* A table's game as this object's connection last read or wrote it, so
 * that a request costs what it changes rather than a read and a replay of
 * the whole game: the record as stored with its house rules, its
 * standings, the version they are of, and each round's part of the
 * table's state as JSON text (made once per round). Good while the game is
 * at @version and no other connection has written to the file
 * (a player renamed changes no version): held_game_read() checks both. */
typedef struct {
  gint64        game_id;
  gint64        version;
  LwGameRecord *record;
  LwStandings  *standings;
  GPtrArray    *heads;   /* char*, a round's result members up to "locked": */
  GPtrArray    *tails;   /* char*, its "round" member and the closing brace */
} HeldGame;

static void
held_game_free (HeldGame *held)
{
  lw_game_record_free (held->record);
  lw_standings_free (held->standings);
  g_ptr_array_unref (held->heads);
  g_ptr_array_unref (held->tails);
  g_free (held);
}

enum {
  SIGNAL_ROUND_STORED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
lw_entry_requests_finalize (GObject *object)
{
  LwEntryRequests *self = LW_ENTRY_REQUESTS (object);

  g_clear_pointer (&self->shared, entry_tables_unref);
  g_clear_object (&self->origin);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_pointer (&self->held, g_hash_table_unref);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (lw_entry_requests_parent_class)->finalize (object);
}

static void
lw_entry_requests_class_init (LwEntryRequestsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = lw_entry_requests_finalize;

  /**
   * LwEntryRequests::round-stored:
   * @self: table entry
   * @game_id: the game
   * @number: the round stored or corrected
   *
   * A phone stored or corrected a round; the game's views reload.
   */
  signals[SIGNAL_ROUND_STORED] =
    g_signal_new ("round-stored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_UINT);
}

static void
lw_entry_requests_init (LwEntryRequests *self)
{
  self->context = g_main_context_ref_thread_default ();
  self->thread = g_thread_self ();
  self->held = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) held_game_free);
  self->data_version = -1;
}

LwEntryRequests *
lw_entry_requests_new (LwStore *store)
{
  LwEntryRequests *self;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);

  self = g_object_new (LW_TYPE_ENTRY_REQUESTS, NULL);
  self->store = g_object_ref (store);
  self->shared = entry_tables_new ();
  return self;
}

LwEntryRequests *
lw_entry_requests_new_sharing (LwEntryRequests *origin,
                               LwStore         *store)
{
  LwEntryRequests *self;

  g_return_val_if_fail (LW_IS_ENTRY_REQUESTS (origin), NULL);
  g_return_val_if_fail (LW_IS_STORE (store), NULL);

  self = g_object_new (LW_TYPE_ENTRY_REQUESTS, NULL);
  self->store = g_object_ref (store);
  self->origin = g_object_ref (origin->origin != NULL ? origin->origin : origin);
  self->shared = entry_tables_ref (origin->shared);
  self->own_connection = TRUE;
  return self;
}

typedef struct {
  LwEntryRequests *entry;
  gint64        game_id;
  guint         number;
} RoundStored;

static gboolean
emit_round_stored_cb (gpointer data)
{
  RoundStored *stored = data;

  g_signal_emit (stored->entry, signals[SIGNAL_ROUND_STORED], 0, stored->game_id, stored->number);
  return G_SOURCE_REMOVE;
}

static void
round_stored_free (gpointer data)
{
  RoundStored *stored = data;

  g_object_unref (stored->entry);
  g_free (stored);
}

/* #LwEntryRequests::round-stored, on the table entry that opened the tables,
 * in the thread and main context that made it: at once from that thread,
 * else from an idle callback there. */
static void
emit_round_stored (LwEntryRequests *self,
                   gint64           game_id,
                   guint            number)
{
  LwEntryRequests *target = self->origin != NULL ? self->origin : self;
  RoundStored *stored;

  if (g_thread_self () == target->thread)
    {
      g_signal_emit (target, signals[SIGNAL_ROUND_STORED], 0, game_id, number);
      return;
    }
  stored = g_new0 (RoundStored, 1);
  stored->entry = g_object_ref (target);
  stored->game_id = game_id;
  stored->number = number;
  /* Not g_main_context_invoke(): it would call back in this thread when
   * no one runs the target's context at the moment. */
  {
    g_autoptr (GSource) source = g_idle_source_new ();

    g_source_set_priority (source, G_PRIORITY_DEFAULT);
    g_source_set_callback (source, emit_round_stored_cb, stored, round_stored_free);
    g_source_attach (source, target->context);
  }
  /* @stored is the source's, freed by round_stored_free(). */
  /* cppcheck-suppress memleak */
}

LwStore *
lw_entry_requests_get_store (LwEntryRequests *self)
{
  g_return_val_if_fail (LW_IS_ENTRY_REQUESTS (self), NULL);

  return self->store;
}

/* ------------------------------------------------------------------ */
/* Secrets                                                              */
/* ------------------------------------------------------------------ */

static gboolean
read_random (guint8   *buffer,
             gsize     length,
             GError  **error)
{
  gsize done = 0;
  int fd;

  while (done < length)
    {
      ssize_t n = getrandom (buffer + done, length - done, 0);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      done += (gsize) n;
    }
  if (done == length)
    return TRUE;

  /* A kernel without getrandom(): the same source as a file. */
  fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    goto fail;
  done = 0;
  while (done < length)
    {
      ssize_t n = read (fd, buffer + done, length - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          close (fd);
          goto fail;
        }
      done += (gsize) n;
    }
  close (fd);
  return TRUE;

fail:
  g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_FAILED,
               "table entry: no random bytes for a secret (%s)", g_strerror (errno));
  return FALSE;
}

char *
lw_entry_requests_random_secret (GError **error)
{
  guint8 bytes[LW_ENTRY_SECRET_LENGTH / 2];
  char *secret;

  if (!read_random (bytes, sizeof bytes, error))
    return NULL;
  secret = g_malloc (LW_ENTRY_SECRET_LENGTH + 1);
  for (gsize i = 0; i < sizeof bytes; i++)
    {
      secret[2 * i] = "0123456789abcdef"[bytes[i] >> 4];
      secret[2 * i + 1] = "0123456789abcdef"[bytes[i] & 0xf];
    }
  secret[LW_ENTRY_SECRET_LENGTH] = '\0';
  memset (bytes, 0, sizeof bytes);
  return secret;
}

/* Compares in a time that does not depend on where the texts differ. */
gboolean
lw_entry_requests_secret_equal (const char *expected,
                                const char *given)
{
  gsize length = strlen (expected);
  guint8 diff = 0;

  if (strlen (given) != length)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    diff |= (guint8) (expected[i] ^ given[i]);
  return diff == 0;
}

char *
lw_entry_requests_secret_hash (const char *secret)
{
  g_return_val_if_fail (secret != NULL, NULL);

  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, secret, -1);
}

const char *
lw_entry_requests_open_table (LwEntryRequests  *self,
                              gint64            game_id,
                              const char       *label,
                              GError          **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  EntryTable *table;

  g_return_val_if_fail (LW_IS_ENTRY_REQUESTS (self), NULL);
  g_return_val_if_fail (self->origin == NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  game = lw_store_load_game (self->store, game_id, error);
  if (game == NULL)
    return NULL;

  table = g_new0 (EntryTable, 1);
  table->game_id = game_id;
  table->secret = lw_entry_requests_random_secret (error);
  if (table->secret == NULL)
    {
      entry_table_free (table);
      return NULL;
    }
  if (label != NULL && *label != '\0')
    table->label = g_strdup (label);
  else
    table->label = g_strjoinv (", ", game->record->players);
  g_mutex_lock (&self->shared->lock);
  g_hash_table_replace (self->shared->tables, &table->game_id, table);
  g_mutex_unlock (&self->shared->lock);
  return table->secret;
}

gint64
lw_entry_board_key (gint64 event_id,
                    guint  round,
                    guint  table)
{
  g_return_val_if_fail (event_id > 0 && event_id < ((gint64) 1 << 38), 0);
  g_return_val_if_fail (round >= 1 && round < 4096 && table >= 1 && table < 4096, 0);

  return -((event_id << 24) | ((gint64) round << 12) | (gint64) table);
}

const char *
lw_entry_requests_open_board_table (LwEntryRequests  *self,
                                    gint64            event_id,
                                    guint             round,
                                    guint             table,
                                    const char       *label,
                                    GError          **error)
{
  g_autoptr (LwEvent) event = NULL;
  const LwEventTable *t;
  EntryTable *entry;

  g_return_val_if_fail (LW_IS_ENTRY_REQUESTS (self), NULL);
  g_return_val_if_fail (self->origin == NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  event = lw_store_load_event (self->store, event_id, error);
  if (event == NULL)
    return NULL;
  if (event->config.format != LW_EVENT_DUPLICATE)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s is not a duplicate event: its tables are entered as games", event->name);
      return NULL;
    }
  t = lw_event_get_table (event, round, table, error);
  if (t == NULL || round >= 4096 || table >= 4096)
    return NULL;

  entry = g_new0 (EntryTable, 1);
  entry->game_id = lw_entry_board_key (event_id, round, table);
  entry->event_id = event_id;
  entry->event_round = round;
  entry->event_table = table;
  entry->secret = lw_entry_requests_random_secret (error);
  if (entry->secret == NULL)
    {
      entry_table_free (entry);
      return NULL;
    }
  entry->label = label != NULL && *label != '\0' ? g_strdup (label)
                 : g_strdup_printf ("%s · table %u", event->name, table);
  g_mutex_lock (&self->shared->lock);
  g_hash_table_replace (self->shared->tables, &entry->game_id, entry);
  g_mutex_unlock (&self->shared->lock);
  return entry->secret;
}

void
lw_entry_requests_close_table (LwEntryRequests *self,
                               gint64           game_id)
{
  g_return_if_fail (LW_IS_ENTRY_REQUESTS (self));
  g_return_if_fail (self->origin == NULL);

  g_mutex_lock (&self->shared->lock);
  g_hash_table_remove (self->shared->tables, &game_id);
  g_mutex_unlock (&self->shared->lock);
}

void
lw_entry_requests_close_all (LwEntryRequests *self)
{
  g_return_if_fail (LW_IS_ENTRY_REQUESTS (self));
  g_return_if_fail (self->origin == NULL);

  g_mutex_lock (&self->shared->lock);
  g_hash_table_remove_all (self->shared->tables);
  g_mutex_unlock (&self->shared->lock);
}

const char *
lw_entry_requests_get_secret (LwEntryRequests *self,
                              gint64           game_id)
{
  EntryTable *table;

  g_return_val_if_fail (LW_IS_ENTRY_REQUESTS (self), NULL);

  /* Only this thread changes the tables: no lock for reading here. */
  table = g_hash_table_lookup (self->shared->tables, &game_id);
  return table != NULL ? table->secret : NULL;
}

char *
lw_entry_requests_page_path (gint64      game_id,
                          const char *secret)
{
  g_return_val_if_fail (secret != NULL, NULL);

  /* A duplicate event's table: "/t/eEVENT-ROUND-TABLE". */
  if (game_id < 0)
    return g_strdup_printf ("/t/e%" G_GINT64_FORMAT "-%u-%u#%s", (-game_id) >> 24,
                            (guint) (((-game_id) >> 12) & 0xfff), (guint) ((-game_id) & 0xfff), secret);
  return g_strdup_printf ("/t/%" G_GINT64_FORMAT "#%s", game_id, secret);
}

/* ------------------------------------------------------------------ */
/* Answers                                                              */
/* ------------------------------------------------------------------ */

static guint
fail (char       **response,
      guint        status,
      const char  *format,
      ...) G_GNUC_PRINTF (3, 4);

/* @n as text, for a translated message (gettext's formats know no
 * G_GINT64_FORMAT); a static buffer per thread, one use a message. */
static const char *
game_text (gint64 n)
{
  static GPrivate key = G_PRIVATE_INIT (g_free);
  char *buffer = g_private_get (&key);

  if (buffer == NULL)
    {
      buffer = g_malloc (24);
      g_private_set (&key, buffer);
    }
  g_snprintf (buffer, 24, "%" G_GINT64_FORMAT, n);
  return buffer;
}

static guint
fail (char       **response,
      guint        status,
      const char  *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  *response = lw_entry_requests_error_response (message);
  return status;
}

char *
lw_entry_requests_error_response (const char *message)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (message != NULL, NULL);

  json_builder_begin_object (builder);
  lw_json_builder_add_string (builder, "error", message);
  json_builder_end_object (builder);
  return lw_json_builder_to_text (builder);
}

/* A failure of the store, answered without the database's path or
 * SQLite's words (those go to the director's log): 404 for a game no
 * longer stored, 503 while another program holds the write lock (the
 * server adds Retry-After), else 500. */
static guint
store_failure (char         **response,
               gint64         game_id,
               const GError  *error)
{
  if (g_error_matches (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND))
    return fail (response, 404,
                 /* TRANSLATORS: table entry's answer to a phone; %s the game's number */
                 _("game %s is no longer stored (deleted by the director?)"), game_text (game_id));
  g_message ("table entry: game %" G_GINT64_FORMAT ": %s", game_id, error->message);
  if (g_error_matches (error, LW_STORE_ERROR, LW_STORE_ERROR_BUSY))
    return fail (response, LW_ENTRY_STATUS_BUSY, "%s",
                 /* TRANSLATORS: table entry's answer to a phone */
                 _("the director's database is busy (another program is writing to it): "
                   "nothing was stored; try again in a moment"));
  return fail (response, 500, "%s",
               /* TRANSLATORS: table entry's answer to a phone */
               _("the director's database failed (its computer logs why): nothing more was stored"));
}

/* A failure to read a held game: the store's (store_failure()), or the
 * engine's for a game stored that does not replay. */
static guint
held_failure (char         **response,
              gint64         game_id,
              const GError  *error)
{
  if (error->domain == LW_ENGINE_ERROR)
    return fail (response, 500, "game %" G_GINT64_FORMAT ": %s", game_id, error->message);
  return store_failure (response, game_id, error);
}

/* Round @index of @held as the table's state shows it (answer_state()):
 * its result and facts as compact JSON, in two texts that its "locked"
 * member goes between. Made once per round held. */
static void
held_game_add_round (HeldGame *held,
                     guint     index)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *result = NULL;
  g_autofree char *facts = lw_round_to_json (held->record, g_ptr_array_index (held->record->rounds, index));

  json_builder_begin_object (builder);
  lw_round_result_add_members (builder, held->standings, index);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  result = json_generator_to_data (generator, NULL);
  /* "{…}" without its closing brace (it has members: "number" is one). */
  result[strlen (result) - 1] = '\0';
  g_ptr_array_add (held->heads, g_strconcat (result, ",\"locked\":", NULL));
  g_ptr_array_add (held->tails, g_strconcat (",\"round\":", g_strchomp (facts), "}", NULL));
}

/* The game of @game_id as held, checked against the file inside the
 * transaction the caller has open: kept when the game is at the version
 * held and no other connection has written since the last check (and the
 * connection is this object's own), else
 * read and replayed again (and every other game held dropped when another
 * connection wrote). %NULL with @error set when the game cannot be read
 * (the store's errors, or the engine's for a game that does not replay).
 * Borrowed: good until the next call. */
static HeldGame *
held_game_read (LwEntryRequests  *self,
                gint64            game_id,
                GError          **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  HeldGame *held;
  gint64 data_version = 0, version = 0;

  if (!lw_store_get_data_version (self->store, &data_version, error))
    return NULL;
  /* On a connection shared with other writers (the app's), a player
   * renamed there changes neither the game's version nor the connection's
   * data_version: such an object reads the game for every request. */
  if (data_version != self->data_version || !self->own_connection)
    {
      g_hash_table_remove_all (self->held);
      self->data_version = data_version;
    }
  if (!lw_store_get_game_version (self->store, game_id, &version, error))
    {
      g_hash_table_remove (self->held, &game_id);
      return NULL;
    }
  held = g_hash_table_lookup (self->held, &game_id);
  if (held != NULL && held->version == version)
    return held;

  g_hash_table_remove (self->held, &game_id);
  game = lw_store_load_game_as_stored (self->store, game_id, error);
  if (game == NULL || !lw_store_read_game_rules (self->store, game_id, game->record, error))
    return NULL;
  standings = lw_standings_compute (game->record, error);
  if (standings == NULL)
    return NULL;
  held = g_new0 (HeldGame, 1);
  held->game_id = game_id;
  held->version = version;
  held->record = g_steal_pointer (&game->record);
  held->standings = g_steal_pointer (&standings);
  held->heads = g_ptr_array_new_with_free_func (g_free);
  held->tails = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < held->record->rounds->len; i++)
    held_game_add_round (held, i);
  g_hash_table_insert (self->held, &held->game_id, held);
  return held;
}

/* The table's state (docs/TABLE-ENTRY.md): what the page shows, from the
 * game held (held_game_read()); its rounds' parts made once each. */
static guint
answer_state (LwEntryRequests  *self,
              EntryTable       *table,
              guint             status,
              char            **response)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) locks = NULL;
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autofree char *head = NULL;
  const LwGameRecord *record;
  const LwStandings *standings;
  HeldGame *held;
  GString *text;

  /* The board, its version and the locks as of one moment. */
  if (!lw_store_begin_read_transaction (self->store, &error))
    return store_failure (response, table->game_id, error);
  held = held_game_read (self, table->game_id, &error);
  if (held == NULL || (locks = lw_store_list_locked_rounds (self->store, table->game_id, &error)) == NULL)
    {
      lw_store_rollback_transaction (self->store);
      return held_failure (response, table->game_id, error);
    }
  if (!lw_store_commit_transaction (self->store, &error))
    return store_failure (response, table->game_id, error);
  record = held->record;
  standings = held->standings;

  json_builder_begin_object (builder);
  lw_json_builder_add_int (builder, "table", table->game_id);
  lw_json_builder_add_string (builder, "label", table->label);
  lw_json_builder_add_string (builder, "ruleset", lw_ruleset_to_string (record->ruleset));
  lw_json_builder_add_int (builder, "version", held->version);
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint i = 0; i < record->n_players; i++)
    json_builder_add_string_value (builder, record->players[i]);
  json_builder_end_array (builder);
  lw_standings_add_sides (builder, standings);
  json_builder_set_member_name (builder, "side_of");
  json_builder_begin_array (builder);
  for (guint i = 0; i < record->n_players; i++)
    json_builder_add_int_value (builder, lw_game_record_side_of (record, (int) i));
  json_builder_end_array (builder);
  lw_json_builder_add_int_array (builder, "scores", standings->scores, standings->n_sides);
  lw_json_builder_add_int (builder, "target", record->target);
  /* The rule set the game was started from (null for none) and the
   * "Rules:" line of the text score sheet (null for Standard rules). */
  {
    g_autofree char *rules = lw_game_record_rules_text (record, NULL);
    const char *texts[] = { record->rule_set, rules };
    const char *names[] = { "rule_set", "rules" };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      lw_json_builder_add_nullable_string (builder, names[i], texts[i]);
  }
  lw_json_builder_add_int (builder, "total_cards", lw_total_cards (record->n_players));
  lw_json_builder_add_int (builder, "decks", lw_decks (record->n_players));
  lw_json_builder_add_int (builder, "next_round", record->rounds->len + 1);
  lw_json_builder_add_int (builder, "next_dealer", standings->next_dealer);
  lw_standings_add_outcome (builder, standings);
  json_builder_end_object (builder);
  head = lw_json_builder_to_text (builder);

  /* The rounds, each from its parts held, go in before the object's
   * closing brace. */
  text = g_string_sized_new (strlen (head) + 32 + record->rounds->len * 160);
  g_string_append_len (text, head, strrchr (head, '}') - head);
  g_string_append (text, ",\n  \"rounds\" : [");
  for (guint i = 0; i < record->rounds->len; i++)
    {
      gboolean locked = FALSE;

      for (guint j = 0; j < locks->len; j++)
        locked = locked || g_array_index (locks, guint, j) == i + 1;
      if (i > 0)
        g_string_append_c (text, ',');
      g_string_append (text, g_ptr_array_index (held->heads, i));
      g_string_append (text, locked ? "true" : "false");
      g_string_append (text, g_ptr_array_index (held->tails, i));
    }
  g_string_append (text, "]\n}\n");

  *response = g_string_free (text, FALSE);
  return status;
}

/* What a page polls to see whether its board is still the table's: the
 * game's version and the locked rounds (a lock changes no version), read
 * without replaying the game. */
static guint
answer_version (LwEntryRequests  *self,
                EntryTable       *table,
                char            **response)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) locks = NULL;
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  gint64 version = 0;

  if (!lw_store_get_game_version (self->store, table->game_id, &version, &error))
    return store_failure (response, table->game_id, error);
  locks = lw_store_list_locked_rounds (self->store, table->game_id, &error);
  if (locks == NULL)
    return store_failure (response, table->game_id, error);

  json_builder_begin_object (builder);
  lw_json_builder_add_int (builder, "version", version);
  json_builder_set_member_name (builder, "locked");
  json_builder_begin_array (builder);
  for (guint i = 0; i < locks->len; i++)
    json_builder_add_int_value (builder, g_array_index (locks, guint, i));
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  *response = lw_json_builder_to_text (builder);
  return 200;
}

/* ------------------------------------------------------------------ */
/* Requests                                                             */
/* ------------------------------------------------------------------ */

typedef struct {
  gboolean  has_number;
  gint64    number;
  gboolean  has_version;
  gint64    version;
  char     *round;   /* the round object's JSON text */
} EntryBody;

static void
entry_body_clear (EntryBody *body)
{
  g_clear_pointer (&body->round, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (EntryBody, entry_body_clear)

JsonObject *
lw_entry_read_object (JsonParser  *parser,
                      const char  *data,
                      gsize        length,
                      char       **message)
{
  g_autoptr (GError) error = NULL;
  JsonNode *root;

  if (data == NULL || length == 0)
    {
      *message = g_strdup ("the request has no body: send the round as JSON");
      return NULL;
    }
  if (!lw_json_text_check (data, length, &error)
      || !json_parser_load_from_data (parser, data, (gssize) length, &error))
    {
      *message = g_strdup_printf ("the request is not JSON: %s", error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      *message = g_strdup ("the request must be a JSON object");
      return NULL;
    }
  return json_node_get_object (root);
}

/* Reads {"number": N, "version": V, "round": {…}}; a message in @message. */
static gboolean
parse_body (const char  *data,
            gsize        length,
            EntryBody   *body,
            char       **message)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) generator = NULL;
  g_autoptr (GList) members = NULL;
  JsonObject *object;

  object = lw_entry_read_object (parser, data, length, message);
  if (object == NULL)
    return FALSE;
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *node = json_object_get_member (object, name);

      if (g_str_equal (name, "number") || g_str_equal (name, "version"))
        {
          gboolean is_number = g_str_equal (name, "number");

          if (!lw_json_node_holds (node, G_TYPE_INT64) || json_node_get_int (node) < 0)
            {
              *message = g_strdup_printf ("key \"%s\" must be an integer ≥ 0", name);
              return FALSE;
            }
          if (is_number)
            {
              body->has_number = TRUE;
              body->number = json_node_get_int (node);
            }
          else
            {
              body->has_version = TRUE;
              body->version = json_node_get_int (node);
            }
        }
      else if (g_str_equal (name, "round"))
        {
          if (!JSON_NODE_HOLDS_OBJECT (node))
            {
              *message = g_strdup ("key \"round\" must be an object (GAME-RECORD.md)");
              return FALSE;
            }
          generator = json_generator_new ();
          json_generator_set_root (generator, node);
          g_free (body->round);
          body->round = json_generator_to_data (generator, NULL);
        }
      else
        {
          *message = g_strdup_printf ("key \"%s\" is not allowed", name);
          return FALSE;
        }
    }
  if (body->round == NULL || !body->has_version)
    {
      *message = g_strdup (body->round == NULL ? "key \"round\" is missing"
                                               : "key \"version\" is missing");
      return FALSE;
    }
  return TRUE;
}

/* Whether the store's error is the engine refusing the round. */
static gboolean
is_engine_error (const GError *error)
{
  return error->domain == LW_ENGINE_ERROR;
}

/* The checks of a round entered and its write, inside the write
 * transaction handle_round() holds: round @number corrected, or the
 * game's next round appended (onto the game held, only the new round
 * scored: lw_store_append_round_known()). 0 when stored, else the
 * answer's status with @response set. */
static guint
store_round (LwEntryRequests  *self,
             EntryTable       *table,
             guint            *number,
             gboolean          correction,
             const EntryBody  *body,
             char            **response)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRound) round = NULL;
  HeldGame *held;
  guint n_rounds;
  gboolean stored;

  held = held_game_read (self, table->game_id, &error);
  if (held == NULL)
    return held_failure (response, table->game_id, error);
  n_rounds = held->record->rounds->len;

  if (correction)
    {
      gboolean locked = FALSE;

      if (body->has_number && body->number != *number)
        return fail (response, 400, "key \"number\" is %" G_GINT64_FORMAT ", but the path names round %u",
                     body->number, *number);
      if (*number < 1 || *number > n_rounds)
        return fail (response, 404,
                     /* TRANSLATORS: table entry's answer to a phone: a round that does not exist */
                     _("round %u: the game has %u rounds"), *number, n_rounds);
      if (!lw_store_is_round_locked (self->store, table->game_id, *number, &locked, &error))
        return store_failure (response, table->game_id, error);
      if (locked)
        return fail (response, 423,
                     /* TRANSLATORS: table entry's answer to a phone */
                     _("round %u is locked by the director: only they can correct it now"), *number);
    }
  else
    {
      *number = n_rounds + 1;
      if (!body->has_number)
        return fail (response, 400, "key \"number\" is missing");
      if (body->number != (gint64) n_rounds + 1)
        return fail (response, 409,
                     /* TRANSLATORS: table entry's answer to a phone: %s a round's number, %u how
                      * many rounds the board shows, the last %u the round to enter next */
                     g_dngettext (NULL, "round %s has already been entered at this table; the board "
                                  "now shows %u round: check it, then enter round %u",
                                  "round %s has already been entered at this table; the board "
                                  "now shows %u rounds: check them, then enter round %u", n_rounds),
                     game_text (body->number), n_rounds, n_rounds + 1);
    }
  if (body->version != held->version)
    return fail (response, 409, "%s",
                 /* TRANSLATORS: table entry's answer to a phone */
                 _("the game changed while this round was entered (another phone or the app); "
                   "check the board, then send it again"));

  round = lw_round_from_json (held->record, body->round, -1, *number, &error);
  if (round == NULL)
    return fail (response, 422, "%s", error->message);
  if (correction)
    stored = lw_store_store_entered_round (self->store, table->game_id, *number, TRUE, held->version, round,
                                           &error);
  else
    {
      stored = lw_store_append_round_known (self->store, table->game_id, &held->version, held->record,
                                            &held->standings, round, &error);
      if (stored)
        held_game_add_round (held, n_rounds);
    }
  if (stored)
    return 0;

  /* A refusal leaves the game held as it was; another failure drops it. */
  if (!is_engine_error (error) && !g_error_matches (error, LW_STORE_ERROR, LW_STORE_ERROR_LOCKED))
    g_hash_table_remove (self->held, &table->game_id);
  if (g_error_matches (error, LW_STORE_ERROR, LW_STORE_ERROR_CHANGED))
    return fail (response, 409, "%s",
                 _("the game changed while this round was entered (another phone or the app); "
                   "check the board, then send it again"));
  if (g_error_matches (error, LW_STORE_ERROR, LW_STORE_ERROR_LOCKED))
    return fail (response, 423,
                 /* TRANSLATORS: table entry's answer to a phone */
                 _("round %u is locked by the director: only they can correct it now"), *number);
  if (is_engine_error (error))
    return fail (response, 422, "%s", error->message);
  return store_failure (response, table->game_id, error);
}

/* A round entered: POST appends the game's next round (@number is then
 * the game's), PUT corrects round @number. The body is read first, then
 * the checks and the write hold one write lock: another program's change
 * between them would otherwise be written over or doubled. */
static guint
handle_round (LwEntryRequests  *self,
              EntryTable       *table,
              guint             number,
              gboolean          correction,
              const char       *data,
              gsize             length,
              char            **response)
{
  g_auto (EntryBody) body = { 0, };
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  guint status;

  if (length > LW_ENTRY_MAX_BODY)
    return fail (response, 413, "the request is larger than %d bytes", LW_ENTRY_MAX_BODY);
  if (!parse_body (data, length, &body, &message))
    return fail (response, 400, "%s", message);

  if (!lw_store_begin_transaction (self->store, &error))
    return store_failure (response, table->game_id, error);
  status = store_round (self, table, &number, correction, &body, response);
  if (status != 0)
    {
      lw_store_rollback_transaction (self->store);
      return status;
    }
  if (!lw_store_commit_transaction (self->store, &error))
    {
      /* Rolled back: the round held is not stored. */
      g_hash_table_remove (self->held, &table->game_id);
      return store_failure (response, table->game_id, error);
    }

  emit_round_stored (self, table->game_id, number);

  return answer_state (self, table, correction ? 200 : 201, response);
}

/* A duplicate event's table in a path, "e5-1-2" (event 5, round 1,
 * table 2): its lw_entry_board_key(). */
static gboolean
parse_board_key (const char *text,
                 gint64     *key)
{
  g_auto (GStrv) numbers = text[0] == 'e' ? g_strsplit (text + 1, "-", 0) : NULL;
  gint64 event = 0;
  guint64 round = 0, table = 0;

  if (numbers == NULL || g_strv_length (numbers) != 3
      || !g_ascii_string_to_signed (numbers[0], 10, 1, ((gint64) 1 << 38) - 1, &event, NULL)
      || !g_ascii_string_to_unsigned (numbers[1], 10, 1, 4095, &round, NULL)
      || !g_ascii_string_to_unsigned (numbers[2], 10, 1, 4095, &table, NULL))
    return FALSE;
  *key = lw_entry_board_key (event, (guint) round, (guint) table);
  return TRUE;
}

/* The path's parts: "", "api", "tables", GAME (or eEVENT-ROUND-TABLE)
 * [, "version" | "rounds" [, N]]; %FALSE for any other path. */
static gboolean
parse_path (const char  *path,
            GStrv       *parts_out,
            gint64      *game_id,
            guint64     *number)
{
  g_auto (GStrv) parts = g_strsplit (path, "/", 0);
  guint n_parts = g_strv_length (parts);

  if (n_parts < 4 || n_parts > 6 || *parts[0] != '\0' || !g_str_equal (parts[1], "api")
      || !g_str_equal (parts[2], "tables")
      || (!g_ascii_string_to_signed (parts[3], 10, 1, G_MAXINT64, game_id, NULL)
          && !parse_board_key (parts[3], game_id))
      || (n_parts == 5 && !g_str_equal (parts[4], "rounds") && !g_str_equal (parts[4], "version"))
      || (n_parts == 6 && !g_str_equal (parts[4], "rounds"))
      || (n_parts == 6 && !g_ascii_string_to_unsigned (parts[5], 10, 1, G_MAXUINT32, number, NULL)))
    return FALSE;
  *parts_out = g_steal_pointer (&parts);
  return TRUE;
}

/* Finds the open table of @game_id that @secret opens, copied (the
 * server's thread reads while the director's may close it). A table not
 * open and a wrong secret get the same answer, so that no one learns
 * which games are open without a link. */
static guint
find_table (LwEntryRequests  *self,
            const char       *path,
            const char       *secret,
            EntryTable      **found,
            GStrv            *parts,
            guint64          *number,
            char            **response)
{
  EntryTable *table;
  gint64 game_id = 0;
  gboolean valid;

  *found = NULL;
  if (!parse_path (path, parts, &game_id, number))
    return fail (response, 404, "%s: no such page", path);

  g_mutex_lock (&self->shared->lock);
  table = g_hash_table_lookup (self->shared->tables, &game_id);
  valid = table != NULL && secret != NULL && lw_entry_requests_secret_equal (table->secret, secret);
  if (valid)
    {
      *found = g_new0 (EntryTable, 1);
      (*found)->game_id = game_id;
      (*found)->label = g_strdup (table->label);
      (*found)->event_id = table->event_id;
      (*found)->event_round = table->event_round;
      (*found)->event_table = table->event_table;
    }
  g_mutex_unlock (&self->shared->lock);
  if (!valid)
    return fail (response, 403,
                 /* TRANSLATORS: table entry's answer to a phone; %s the table's game number */
                 _("this link is not valid for table %s (entry closed, or the table has a new link): "
                   "scan the table's code again"), game_id > 0 ? game_text (game_id) : (*parts)[3]);
  return 0;
}

guint
lw_entry_requests_check_access (LwEntryRequests  *self,
                                const char       *path,
                                const char       *secret,
                                char            **response)
{
  g_auto (GStrv) parts = NULL;
  EntryTable *table = NULL;
  guint64 number = 0;
  guint status;

  g_return_val_if_fail (LW_IS_ENTRY_REQUESTS (self), 500);
  g_return_val_if_fail (path != NULL && response != NULL, 500);

  *response = NULL;
  status = find_table (self, path, secret, &table, &parts, &number, response);
  if (table != NULL)
    entry_table_free (table);
  return status;
}

guint
lw_entry_requests_handle (LwEntryRequests  *self,
                          const char       *method,
                          const char       *path,
                          const char       *secret,
                          const char       *body,
                          gsize             length,
                          char            **response)
{
  g_auto (GStrv) parts = NULL;
  g_autoptr (EntryTable) table = NULL;
  guint64 number = 0;
  guint n_parts, status;

  g_return_val_if_fail (LW_IS_ENTRY_REQUESTS (self), 500);
  g_return_val_if_fail (method != NULL && path != NULL && response != NULL, 500);

  *response = NULL;

  status = find_table (self, path, secret, &table, &parts, &number, response);
  if (status != 0)
    return status;
  n_parts = g_strv_length (parts);
  if (table->event_id > 0)
    return lw_entry_boards_handle (self->store, table->event_id, table->event_round, table->event_table,
                                   table->label, method, path, (const char *const *) parts, body, length,
                                   response);

  if (n_parts == 4)
    {
      if (!g_str_equal (method, "GET"))
        return fail (response, 405, "%s %s: use GET", method, path);
      return answer_state (self, table, 200, response);
    }
  if (n_parts == 5 && g_str_equal (parts[4], "version"))
    {
      if (!g_str_equal (method, "GET"))
        return fail (response, 405, "%s %s: use GET", method, path);
      return answer_version (self, table, response);
    }
  if (n_parts == 5)
    {
      if (!g_str_equal (method, "POST"))
        return fail (response, 405, "%s %s: use POST", method, path);
      return handle_round (self, table, 0, FALSE, body, length, response);
    }
  if (!g_str_equal (method, "PUT"))
    return fail (response, 405, "%s %s: use PUT", method, path);
  return handle_round (self, table, (guint) number, TRUE, body, length, response);
}
