/* lw-club-auto.c — the app's automatic sync with the club server
 * (docs/CLUB-SERVER.md "In the app")
 *
 * The store's watch says when this connection stored a change to a game;
 * a timer of LW_CLUB_AUTO_DELAY_MS, started again by each change, then
 * starts one sync. The sync itself is lw_club_sync() on a worker thread
 * with a second connection: libpq waits there, never here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-club-auto.h"
#include "lw-club-auto-private.h"
#include "lw-store-watch.h"

struct _LwClubAuto
{
  GObject        parent_instance;

  /* owned */
  LwStore       *store;
  LwStoreWatch  *watch;
  char          *error;        /* the last sync's failure, or NULL */

  guint          delay_ms;
  guint          interval_s;
  guint          delay_id;     /* the debounce timer, or 0 */
  guint          interval_id;  /* the periodic timer */
  gboolean       syncing;
  gboolean       again;        /* a change came during the sync */
  guint          count;        /* syncs completed */
};

G_DEFINE_FINAL_TYPE (LwClubAuto, lw_club_auto, G_TYPE_OBJECT)

enum { CHANGED, PULLED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
emit_changed (LwClubAuto *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
sync_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  LwStore *store = data;
  LwClubSyncResult *result = g_new0 (LwClubSyncResult, 1);
  GError *error = NULL;

  if (lw_club_sync (store, result, &error))
    g_task_return_pointer (task, result, g_free);
  else
    {
      g_free (result);
      g_task_return_error (task, error);
    }
}

static void
sync_done (GObject      *source,
           GAsyncResult *async,
           gpointer      data)
{
  LwClubAuto *self = LW_CLUB_AUTO (source);
  g_autoptr (GError) error = NULL;
  g_autofree LwClubSyncResult *result = g_task_propagate_pointer (G_TASK (async), &error);

  self->syncing = FALSE;
  self->count++;
  g_clear_pointer (&self->error, g_free);
  if (result == NULL)
    self->error = g_strdup (error->message);
  /* Other laptops' games came in through the sync's connection: the
   * views read them again. */
  if (result != NULL && (result->pulled > 0 || result->restarted))
    {
      if (self->watch != NULL)
        lw_store_watch_check (self->watch);
      g_signal_emit (self, signals[PULLED], 0);
    }
  emit_changed (self);
  if (self->again)
    {
      self->again = FALSE;
      lw_club_auto_sync_now (self);
    }
}

void
lw_club_auto_sync_now (LwClubAuto *self)
{
  g_autoptr (LwClubState) state = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GTask) task = NULL;
  LwStore *other;

  g_return_if_fail (LW_IS_CLUB_AUTO (self));

  g_clear_handle_id (&self->delay_id, g_source_remove);
  if (self->syncing)
    {
      self->again = TRUE;
      return;
    }
  state = lw_store_club_get_state (self->store, FALSE, NULL);
  if (state == NULL)
    return;
  /* The sync's own connection: a connection is used by one thread at a
   * time. */
  other = lw_store_open_another (self->store, 5000, &error);
  if (other == NULL)
    {
      g_free (self->error);
      self->error = g_strdup (error->message);
      emit_changed (self);
      return;
    }
  self->syncing = TRUE;
  emit_changed (self);
  task = g_task_new (self, NULL, sync_done, NULL);
  g_task_set_source_tag (task, lw_club_auto_sync_now);
  g_task_set_task_data (task, other, g_object_unref);
  g_task_run_in_thread (task, sync_thread);
}

static gboolean
delay_cb (gpointer data)
{
  LwClubAuto *self = data;

  self->delay_id = 0;
  lw_club_auto_sync_now (self);
  return G_SOURCE_REMOVE;
}

static gboolean
interval_cb (gpointer data)
{
  lw_club_auto_sync_now (LW_CLUB_AUTO (data));
  return G_SOURCE_CONTINUE;
}

/* A change stored through the window's connection: a sync once the
 * changes stop for the delay. */
static void
game_changed_cb (LwClubAuto *self)
{
  g_clear_handle_id (&self->delay_id, g_source_remove);
  self->delay_id = g_timeout_add (self->delay_ms, delay_cb, self);
}

static void
start_interval (LwClubAuto *self)
{
  g_clear_handle_id (&self->interval_id, g_source_remove);
  self->interval_id = g_timeout_add_seconds (self->interval_s, interval_cb, self);
}

void
lw_club_auto_set_delays (LwClubAuto *self,
                         guint       delay_ms,
                         guint       interval_s)
{
  g_return_if_fail (LW_IS_CLUB_AUTO (self));
  g_return_if_fail (delay_ms >= 1 && interval_s >= 1);

  self->delay_ms = delay_ms;
  self->interval_s = interval_s;
  start_interval (self);
}

gboolean
lw_club_auto_is_syncing (LwClubAuto *self)
{
  g_return_val_if_fail (LW_IS_CLUB_AUTO (self), FALSE);
  return self->syncing;
}

const char *
lw_club_auto_get_error (LwClubAuto *self)
{
  g_return_val_if_fail (LW_IS_CLUB_AUTO (self), NULL);
  return self->error;
}

guint
lw_club_auto_get_count (LwClubAuto *self)
{
  g_return_val_if_fail (LW_IS_CLUB_AUTO (self), 0);
  return self->count;
}

/* What waits to be sent, in words: the counts that are not 0 of games,
 * deleted games, events and deleted events, or "nothing". */
static char *
describe_waiting (const LwClubState *state)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  guint games = (guint) state->waiting;
  guint deleted_games = (guint) state->waiting_deletions;
  guint events = (guint) state->waiting_events;
  guint deleted_events = (guint) state->waiting_event_deletions;

  if (games > 0)
    /* TRANSLATORS: Preferences → Club: games new or changed, waiting to be sent */
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u game", "%u games", games), games));
  if (deleted_games > 0)
    /* TRANSLATORS: Preferences → Club: games deleted here, the deletion waiting to be sent */
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u deleted game", "%u deleted games",
                                                       deleted_games), deleted_games));
  if (events > 0)
    /* TRANSLATORS: Preferences → Club: events new or changed, waiting to be sent */
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u event", "%u events", events), events));
  if (deleted_events > 0)
    /* TRANSLATORS: Preferences → Club: events deleted here, the deletion waiting to be sent */
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u deleted event", "%u deleted events",
                                                       deleted_events), deleted_events));
  if (parts->len == 0)
    /* TRANSLATORS: Preferences → Club: "Waiting to be sent: nothing" */
    return g_strdup (_("nothing"));
  g_ptr_array_add (parts, NULL);
  /* TRANSLATORS: Preferences → Club: the separator between "2 games" and "1 event" */
  return g_strjoinv (_(", "), (char **) parts->pdata);
}

char *
lw_club_auto_describe (LwClubAuto *self)
{
  g_autoptr (LwClubState) state = NULL;
  g_autofree char *text = NULL;
  g_autofree char *waiting = NULL;
  gint64 last;

  g_return_val_if_fail (LW_IS_CLUB_AUTO (self), NULL);

  state = lw_store_club_get_state (self->store, TRUE, NULL);
  if (state == NULL)
    /* TRANSLATORS: Preferences → Club when the database has not joined a club server */
    return g_strdup (_("This database is no club laptop: join a club below, or with littlewolf-cli club join"));
  waiting = describe_waiting (state);
  last = MAX (state->pushed_at, state->pulled_at);
  if (self->syncing)
    /* TRANSLATORS: Preferences → Club while a sync runs */
    text = g_strdup (_("Syncing…"));
  else if (last > 0)
    {
      g_autoptr (GDateTime) utc = g_date_time_new_from_unix_utc (last);
      g_autoptr (GDateTime) local = g_date_time_to_local (utc);
      g_autofree char *when = g_date_time_format (local, "%Y-%m-%d %H:%M");

      /* TRANSLATORS: Preferences → Club: the time of the last sync, then what waits
       * ("2 games, 1 deleted event", or "nothing") */
      text = g_strdup_printf (_("Last sync: %s · Waiting to be sent: %s"), when, waiting);
    }
  else
    /* TRANSLATORS: Preferences → Club: what waits to be sent ("2 games, 1 event", or "nothing") */
    text = g_strdup_printf (_("Never synced · Waiting to be sent: %s"), waiting);
  if (self->error != NULL && !self->syncing)
    /* TRANSLATORS: Preferences → Club: the state, then why the last sync failed */
    return g_strdup_printf (_("%s\nThe last sync failed: %s"), text, self->error);
  return g_steal_pointer (&text);
}

static void
lw_club_auto_dispose (GObject *object)
{
  LwClubAuto *self = LW_CLUB_AUTO (object);

  g_clear_handle_id (&self->delay_id, g_source_remove);
  g_clear_handle_id (&self->interval_id, g_source_remove);
  if (self->watch != NULL)
    g_signal_handlers_disconnect_by_data (self->watch, self);
  g_clear_object (&self->watch);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (lw_club_auto_parent_class)->dispose (object);
}

static void
lw_club_auto_finalize (GObject *object)
{
  LwClubAuto *self = LW_CLUB_AUTO (object);

  g_free (self->error);

  G_OBJECT_CLASS (lw_club_auto_parent_class)->finalize (object);
}

static void
lw_club_auto_class_init (LwClubAutoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = lw_club_auto_dispose;
  object_class->finalize = lw_club_auto_finalize;

  /**
   * LwClubAuto::changed:
   *
   * The sync started or ended, or failed to start: what
   * lw_club_auto_describe() says may have changed.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * LwClubAuto::pulled:
   *
   * A sync took other laptops' changes (through its own connection; the
   * store's watch was told with lw_store_watch_check()).
   */
  signals[PULLED] = g_signal_new ("pulled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lw_club_auto_init (LwClubAuto *self)
{
  self->delay_ms = LW_CLUB_AUTO_DELAY_MS;
  self->interval_s = LW_CLUB_AUTO_INTERVAL_S;
}

LwClubAuto *
lw_club_auto_new (LwStore *store)
{
  LwClubAuto *self;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);

  self = g_object_new (LW_TYPE_CLUB_AUTO, NULL);
  self->store = g_object_ref (store);
  self->watch = lw_store_watch_find (store);
  if (self->watch != NULL)
    {
      g_object_ref (self->watch);
      g_signal_connect_swapped (self->watch, "game-changed", G_CALLBACK (game_changed_cb), self);
      g_signal_connect_swapped (self->watch, "games-changed", G_CALLBACK (game_changed_cb), self);
    }
  start_interval (self);
  return self;
}
