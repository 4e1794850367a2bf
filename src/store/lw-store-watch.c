/* lw-store-watch.c — what changed in a store, from SQLite's hooks and the
 * file's data_version
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-store-private.h"
#include "lw-store-watch.h"

/* The check of other connections' writes while polling. */
#define POLL_INTERVAL_MS 1000

/* What one or more transactions changed. */
typedef struct {
  GHashTable *games;     /* gint64* game ID, a set */
  GHashTable *events;    /* gint64* event ID, a set */
  gboolean    some_game;
  gboolean    some_event;
  gboolean    games_list;
  gboolean    players;
  gint64      rows;      /* rows the update hook was told of */
} Changes;

struct _LwStoreWatch
{
  GObject parent_instance;

  /* owned */
  LwStore      *store;
  GMainContext *context;    /* where the signals are emitted */
  GMutex        lock;       /* @collecting, @pending, @idle */
  Changes       collecting; /* the open transaction's */
  Changes       pending;    /* committed, not told yet */
  GSource      *idle;       /* tells @pending, while scheduled */
  gint64        total_changes;  /* sqlite3_total_changes64() at the last end of a transaction */
  gint64        data_version;   /* the file's, at the last check */
  guint         poll_id;
};

G_DEFINE_FINAL_TYPE (LwStoreWatch, lw_store_watch, G_TYPE_OBJECT)

enum {
  SIGNAL_GAME_CHANGED,
  SIGNAL_GAMES_CHANGED,
  SIGNAL_EVENTS_CHANGED,
  SIGNAL_PLAYERS_CHANGED,
  SIGNAL_ALL_CHANGED,
  SIGNAL_DONE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GQuark
watch_quark (void)
{
  return g_quark_from_static_string ("lw-store-watch");
}

static void
changes_init (Changes *changes)
{
  memset (changes, 0, sizeof *changes);
  changes->games = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  changes->events = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

static void
changes_clear (Changes *changes)
{
  g_clear_pointer (&changes->games, g_hash_table_unref);
  g_clear_pointer (&changes->events, g_hash_table_unref);
}

static void
changes_reset (Changes *changes)
{
  changes_clear (changes);
  changes_init (changes);
}

static gboolean
changes_empty (const Changes *changes)
{
  return g_hash_table_size (changes->games) == 0 && g_hash_table_size (changes->events) == 0
         && !changes->some_game && !changes->some_event && !changes->games_list
         && !changes->players;
}

static void
add_id (GHashTable *set,
        gint64      id)
{
  if (!g_hash_table_contains (set, &id))
    g_hash_table_add (set, g_memdup2 (&id, sizeof id));
}

static void
merge_ids (GHashTable *into,
           GHashTable *from)
{
  GHashTableIter iter;
  gint64 *id;

  g_hash_table_iter_init (&iter, from);
  while (g_hash_table_iter_next (&iter, (gpointer *) &id, NULL))
    add_id (into, *id);
}

/* ------------------------------------------------------------------ */
/* The hooks: in the connection's thread, inside SQLite; they only note  */
/* ------------------------------------------------------------------ */

/* A row of a rowid table was inserted, updated or deleted (also by a
 * trigger or a foreign key's cascade). Rows of WITHOUT ROWID tables are
 * not told: commit_hook() finds them in the count of changes. */
static void
update_hook (void          *data,
             int            op,
             const char    *db_name,
             const char    *table,
             sqlite3_int64  rowid)
{
  LwStoreWatch *self = data;
  Changes *changes = &self->collecting;

  if (g_strcmp0 (db_name, "main") != 0)
    return;

  g_mutex_lock (&self->lock);
  changes->rows++;
  if (strcmp (table, "games") == 0)
    {
      add_id (changes->games, rowid);
      if (op != SQLITE_UPDATE)
        changes->games_list = TRUE;
    }
  else if (strcmp (table, "game_result_cache") == 0 || strcmp (table, "game_stats_cache") == 0
           || strcmp (table, "virtual_tables") == 0
           || strcmp (table, "hosted_tables") == 0)
    add_id (changes->games, rowid);  /* keyed by the game */
  else if (strcmp (table, "players") == 0)
    changes->players = TRUE;
  else if (strcmp (table, "events") == 0)
    add_id (changes->events, rowid);
  else if (g_str_has_prefix (table, "event_"))
    changes->some_event = TRUE;
  else if (strcmp (table, "sqlite_sequence") != 0)
    changes->some_game = TRUE;  /* rounds, edits, substitutes, …: a game's */
  g_mutex_unlock (&self->lock);
}

static gboolean idle_cb (gpointer data);

/* Called with @lock held. */
static void
schedule (LwStoreWatch *self)
{
  if (self->idle != NULL)
    return;
  self->idle = g_idle_source_new ();
  g_source_set_priority (self->idle, G_PRIORITY_DEFAULT);
  g_source_set_callback (self->idle, idle_cb, self, NULL);
  g_source_set_static_name (self->idle, "[littlewolf] store changes");
  g_source_attach (self->idle, self->context);
}

static int
commit_hook (void *data)
{
  LwStoreWatch *self = data;
  gint64 total = sqlite3_total_changes64 (lw_store_get_db (self->store));
  Changes *changes = &self->collecting;

  g_mutex_lock (&self->lock);
  /* More rows changed than the update hook was told of: rows of WITHOUT
   * ROWID tables (seats, penalties, locks; an event's players, rounds,
   * byes, seats), which name no game or event here. */
  if (total - self->total_changes > changes->rows)
    changes->some_game = changes->some_event = TRUE;
  self->total_changes = total;

  if (!changes_empty (changes))
    {
      merge_ids (self->pending.games, changes->games);
      merge_ids (self->pending.events, changes->events);
      self->pending.some_game |= changes->some_game;
      self->pending.some_event |= changes->some_event;
      self->pending.games_list |= changes->games_list;
      self->pending.players |= changes->players;
      schedule (self);
    }
  changes_reset (changes);
  g_mutex_unlock (&self->lock);

  return 0;  /* the commit goes on */
}

static void
rollback_hook (void *data)
{
  LwStoreWatch *self = data;

  g_mutex_lock (&self->lock);
  changes_reset (&self->collecting);
  self->total_changes = sqlite3_total_changes64 (lw_store_get_db (self->store));
  g_mutex_unlock (&self->lock);
}

/* ------------------------------------------------------------------ */
/* Telling                                                               */
/* ------------------------------------------------------------------ */

static void
emit_ids (LwStoreWatch *self,
          guint         signal,
          GHashTable   *ids,
          gboolean      some)
{
  g_autoptr (GList) keys = g_hash_table_get_keys (ids);

  for (GList *l = keys; l != NULL; l = l->next)
    g_signal_emit (self, signals[signal], 0, *(gint64 *) l->data);
  if (some)
    g_signal_emit (self, signals[signal], 0, (gint64) 0);
}

void
lw_store_watch_flush (LwStoreWatch *self)
{
  g_autoptr (LwStoreWatch) alive = NULL;
  Changes told;

  g_return_if_fail (LW_IS_STORE_WATCH (self));

  g_mutex_lock (&self->lock);
  if (self->idle != NULL)
    {
      g_source_destroy (self->idle);
      g_clear_pointer (&self->idle, g_source_unref);
    }
  told = self->pending;
  changes_init (&self->pending);
  g_mutex_unlock (&self->lock);

  /* A handler's own writes go to the next batch. */
  alive = g_object_ref (self);
  if (!changes_empty (&told))
    {
      if (told.games_list)
        g_signal_emit (self, signals[SIGNAL_GAMES_CHANGED], 0);
      emit_ids (self, SIGNAL_GAME_CHANGED, told.games, told.some_game);
      emit_ids (self, SIGNAL_EVENTS_CHANGED, told.events, told.some_event);
      if (told.players)
        g_signal_emit (self, signals[SIGNAL_PLAYERS_CHANGED], 0);
      g_signal_emit (self, signals[SIGNAL_DONE], 0);
    }
  changes_clear (&told);
}

static gboolean
idle_cb (gpointer data)
{
  lw_store_watch_flush (data);
  return G_SOURCE_REMOVE;
}

void
lw_store_watch_emit_all (LwStoreWatch *self)
{
  g_autoptr (LwStoreWatch) alive = NULL;

  g_return_if_fail (LW_IS_STORE_WATCH (self));

  alive = g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_ALL_CHANGED], 0);
  g_signal_emit (self, signals[SIGNAL_DONE], 0);
}

gboolean
lw_store_watch_check (LwStoreWatch *self)
{
  gint64 version = 0;

  g_return_val_if_fail (LW_IS_STORE_WATCH (self), FALSE);

  if (!lw_store_get_data_version (self->store, &version, NULL) || version == self->data_version)
    return FALSE;
  self->data_version = version;
  lw_store_watch_emit_all (self);
  return TRUE;
}

static gboolean
poll_cb (gpointer data)
{
  lw_store_watch_check (data);
  return G_SOURCE_CONTINUE;
}

void
lw_store_watch_set_polling (LwStoreWatch *self,
                            gboolean      polling)
{
  g_return_if_fail (LW_IS_STORE_WATCH (self));

  if (polling && self->poll_id == 0)
    {
      GSource *source = g_timeout_source_new (POLL_INTERVAL_MS);

      g_source_set_callback (source, poll_cb, self, NULL);
      g_source_set_static_name (source, "[littlewolf] data_version");
      self->poll_id = g_source_attach (source, self->context);
      g_source_unref (source);
    }
  else if (!polling && self->poll_id != 0)
    {
      GSource *source = g_main_context_find_source_by_id (self->context, self->poll_id);

      if (source != NULL)
        g_source_destroy (source);
      self->poll_id = 0;
    }
}

LwStore *
lw_store_watch_get_store (LwStoreWatch *self)
{
  g_return_val_if_fail (LW_IS_STORE_WATCH (self), NULL);

  return self->store;
}

LwStoreWatch *
lw_store_watch_find (LwStore *store)
{
  g_return_val_if_fail (LW_IS_STORE (store), NULL);

  return g_object_get_qdata (G_OBJECT (store), watch_quark ());
}

LwStoreWatch *
lw_store_watch_new (LwStore *store)
{
  LwStoreWatch *self;
  sqlite3 *db;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (lw_store_watch_find (store) == NULL, NULL);

  self = g_object_new (LW_TYPE_STORE_WATCH, NULL);
  self->store = g_object_ref (store);
  self->context = g_main_context_ref_thread_default ();
  db = lw_store_get_db (store);
  self->total_changes = sqlite3_total_changes64 (db);
  if (!lw_store_get_data_version (store, &self->data_version, NULL))
    self->data_version = -1;

  sqlite3_update_hook (db, update_hook, self);
  sqlite3_commit_hook (db, commit_hook, self);
  sqlite3_rollback_hook (db, rollback_hook, self);
  g_object_set_qdata (G_OBJECT (store), watch_quark (), self);

  return self;
}

static void
lw_store_watch_dispose (GObject *object)
{
  LwStoreWatch *self = LW_STORE_WATCH (object);

  lw_store_watch_set_polling (self, FALSE);
  if (self->store != NULL)
    {
      sqlite3 *db = lw_store_get_db (self->store);

      if (db != NULL)
        {
          sqlite3_update_hook (db, NULL, NULL);
          sqlite3_commit_hook (db, NULL, NULL);
          sqlite3_rollback_hook (db, NULL, NULL);
        }
      g_object_set_qdata (G_OBJECT (self->store), watch_quark (), NULL);
    }
  g_mutex_lock (&self->lock);
  if (self->idle != NULL)
    {
      g_source_destroy (self->idle);
      g_clear_pointer (&self->idle, g_source_unref);
    }
  g_mutex_unlock (&self->lock);
  g_clear_object (&self->store);
  g_clear_pointer (&self->context, g_main_context_unref);

  G_OBJECT_CLASS (lw_store_watch_parent_class)->dispose (object);
}

static void
lw_store_watch_finalize (GObject *object)
{
  LwStoreWatch *self = LW_STORE_WATCH (object);

  changes_clear (&self->collecting);
  changes_clear (&self->pending);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (lw_store_watch_parent_class)->finalize (object);
}

static void
lw_store_watch_class_init (LwStoreWatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  /* Every signal has the ID of what changed as its one argument, or none. */
  static const struct {
    guint        signal;
    const char  *name;
    gboolean     with_id;
  } kinds[] = {
    /**
     * LwStoreWatch::game-changed:
     * @self: the watch
     * @id: the game, or 0 when rows that do not name their game changed
     *
     * A committed transaction changed game @id (its rounds, edits, details,
     * seats, result or virtual table), deleted or added it.
     */
    { SIGNAL_GAME_CHANGED, "game-changed", TRUE },
    /**
     * LwStoreWatch::games-changed:
     * @self: the watch
     *
     * A game was added or deleted: the list of games is another.
     */
    { SIGNAL_GAMES_CHANGED, "games-changed", FALSE },
    /**
     * LwStoreWatch::events-changed:
     * @self: the watch
     * @id: the event, or 0 for some event (its players, rounds, tables)
     */
    { SIGNAL_EVENTS_CHANGED, "events-changed", TRUE },
    /**
     * LwStoreWatch::players-changed:
     * @self: the watch
     *
     * A player was added, renamed or merged.
     */
    { SIGNAL_PLAYERS_CHANGED, "players-changed", FALSE },
    /**
     * LwStoreWatch::all-changed:
     * @self: the watch
     *
     * Another connection or program wrote to the file (or the store was
     * restored from a backup): anything may have changed.
     */
    { SIGNAL_ALL_CHANGED, "all-changed", FALSE },
    /**
     * LwStoreWatch::done:
     * @self: the watch
     *
     * The signals of one batch of changes have all been emitted: a view
     * that noted several of them reads its data once, here.
     */
    { SIGNAL_DONE, "done", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    signals[kinds[i].signal] =
      g_signal_new (kinds[i].name, G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, kinds[i].with_id ? 1 : 0, G_TYPE_INT64);

  object_class->dispose = lw_store_watch_dispose;
  object_class->finalize = lw_store_watch_finalize;
}

static void
lw_store_watch_init (LwStoreWatch *self)
{
  g_mutex_init (&self->lock);
  changes_init (&self->collecting);
  changes_init (&self->pending);
}
