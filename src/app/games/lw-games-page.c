/* lw-games-page.c — the start page: every stored game, newest first
 *
 * The list is a GListModel shown by a GtkListView: rows are made only for
 * the games on screen. A worker thread with its own connection to the
 * database reads the newest screenful of games first, then every game's
 * summary (its players, without its rounds), then every game's status
 * (ongoing, finished, or not replaying) from the store's result cache;
 * only the games the cache does not know are replayed, newest first, and
 * their cache rows written. A row's scores and round count come from the
 * engine's replay of that one game: the worker's for the first
 * screenful, which comes whole, else when the row is first shown. One list
 * holds every game, its status in each row; the Ongoing and Finished
 * buttons filter it once the statuses are known.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-games-page.h"
#include "lw-games-page-private.h"
#include "lw-widget-actions.h"

/* ------------------------------------------------------------------ */
/* One game in the list                                                 */
/* ------------------------------------------------------------------ */

typedef enum {
  GAME_STATUS_UNKNOWN,
  GAME_STATUS_ONGOING,
  GAME_STATUS_FINISHED,
  GAME_STATUS_BROKEN,
} GameStatus;

#define LW_TYPE_GAME_ITEM (lw_game_item_get_type ())
G_DECLARE_FINAL_TYPE (LwGameItem, lw_game_item, LW, GAME_ITEM, GObject)

struct _LwGameItem
{
  GObject parent_instance;

  LwGameSummary *summary;
  char *title;          /* made when first shown */
  GameStatus status;
  char *status_text;    /* the scores and result, once shown (ensure_detail()) */
  guint n_rounds;       /* likewise */
  gboolean detailed;    /* status_text and n_rounds are known */
  guint detail_serial;  /* the page's load that read them */
};

G_DEFINE_FINAL_TYPE (LwGameItem, lw_game_item, G_TYPE_OBJECT)

static guint item_changed_signal;

static void
lw_game_item_finalize (GObject *object)
{
  LwGameItem *self = LW_GAME_ITEM (object);

  g_clear_pointer (&self->summary, lw_game_summary_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->status_text, g_free);

  G_OBJECT_CLASS (lw_game_item_parent_class)->finalize (object);
}

static void
lw_game_item_class_init (LwGameItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lw_game_item_finalize;

  item_changed_signal = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass),
                                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                      G_TYPE_NONE, 0);
}

static void
lw_game_item_init (LwGameItem *self)
{
}

static const char *
lw_game_item_get_title (LwGameItem *self)
{
  if (self->title == NULL)
    {
      const LwGameSummary *summary = self->summary;
      g_autoptr (LwGameRecord) record = NULL;

      if (summary->n_players == 0)
        return "?";
      record = lw_game_record_new (summary->ruleset, summary->n_players,
                                   (const char *const *) summary->players);
      if (summary->n_teams > 0)
        lw_game_record_set_teams (record, summary->n_teams, summary->team_of);
      self->title = lw_sides_title (record);
    }

  return self->title;
}

/* ------------------------------------------------------------------ */
/* The worker: each game's status                                      */
/* ------------------------------------------------------------------ */

typedef struct
{
  gint64 id;
  GameStatus status;
  guint n_rounds;
  char *text;
} StatusResult;

static void
status_result_free (StatusResult *result)
{
  g_free (result->text);
  g_free (result);
}

/* Shared by the worker and the page (atomic reference counted). */
typedef struct
{
  char *path;
  LwStore *checked;      /* the page's store, whose damage check the cache rows wait for */
  gboolean first_rows;   /* the list is empty: the newest screenful first */
  GMutex lock;
  GPtrArray *summaries;  /* LwGameSummary*, newest first, under lock until delivered */
  GPtrArray *pending;    /* StatusResult*, under lock */
  GWeakRef page;
} StatusJob;

static void
status_job_clear (gpointer data)
{
  StatusJob *job = data;

  g_free (job->path);
  g_clear_object (&job->checked);
  g_clear_pointer (&job->summaries, g_ptr_array_unref);
  g_ptr_array_unref (job->pending);
  g_mutex_clear (&job->lock);
  g_weak_ref_clear (&job->page);
}

static void
status_job_unref (gpointer data)
{
  g_atomic_rc_box_release_full (data, status_job_clear);
}

/* The scores and result of game @id in a few words, from its replay. */
static StatusResult *
score_game (LwStore *store,
            gint64   id)
{
  StatusResult *result = g_new0 (StatusResult, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *scores = NULL;
  g_autofree char *winner = NULL;
  g_autofree char *dealer = NULL;

  result->id = id;
  game = lw_store_load_game (store, id, &error);
  if (game != NULL)
    {
      result->n_rounds = game->record->rounds->len;
      standings = lw_standings_compute (game->record, &error);
    }
  if (standings == NULL)
    {
      result->status = GAME_STATUS_BROKEN;
      /* TRANSLATORS: %s says what is wrong with a stored game */
      result->text = g_strdup_printf (_("Cannot be scored: %s"), error->message);
      return result;
    }

  scores = lw_format_scores (standings->n_sides, standings->scores);
  g_string_append (text, scores);
  if (standings->finished && standings->winner != LW_NO_SEAT)
    {
      g_string_append (text, " · ");
      g_string_append_printf (text,
                              standings->skunk
                                /* TRANSLATORS: %s is the winning side; a skunk counts double */
                                ? _("%s won with a skunk")
                                /* TRANSLATORS: %s is the winning side */
                                : _("%s won"),
                              winner = lw_isolate_name (g_ptr_array_index (standings->sides, standings->winner)));
    }
  else if (!standings->finished &&
           standings->next_dealer >= 0 && standings->next_dealer < (int) game->record->n_players)
    {
      g_string_append (text, " · ");
      /* TRANSLATORS: %s is the player who deals the next round */
      g_string_append_printf (text, _("%s deals next"),
                              dealer = lw_isolate_name (lw_game_record_current_player (game->record, (int) standings->next_dealer)));
    }

  result->status = standings->finished ? GAME_STATUS_FINISHED : GAME_STATUS_ONGOING;
  result->text = g_string_free (g_steal_pointer (&text), FALSE);

  return result;
}

static void apply_results (LwGamesPage *self,
                           StatusJob   *job);
static void fill_list (LwGamesPage *self,
                       GPtrArray   *summaries);

static gboolean
deliver_results_cb (gpointer data)
{
  StatusJob *job = data;
  g_autoptr (LwGamesPage) page = g_weak_ref_get (&job->page);

  if (page != NULL)
    apply_results (page, job);

  return G_SOURCE_REMOVE;
}

static void
post_results (StatusJob *job,
              GPtrArray *batch)
{
  g_mutex_lock (&job->lock);
  g_ptr_array_extend_and_steal (job->pending, batch);
  g_mutex_unlock (&job->lock);
  /* An idle of the main context, always: never run in this thread. */
  g_idle_add_full (G_PRIORITY_LOW, deliver_results_cb,
                   g_atomic_rc_box_acquire (job), status_job_unref);
}

/* The statuses of the store (LwGameStatus) as the page's results. */
static void
add_statuses (GPtrArray *batch,
              GArray    *statuses)
{
  for (guint i = 0; i < statuses->len; i++)
    {
      const LwGameStatus *status = &g_array_index (statuses, LwGameStatus, i);
      StatusResult *result = g_new0 (StatusResult, 1);

      result->id = status->id;
      result->status = status->state == LW_GAME_STATE_FINISHED ? GAME_STATUS_FINISHED
                       : status->state == LW_GAME_STATE_ONGOING ? GAME_STATUS_ONGOING
                       : GAME_STATUS_BROKEN;
      g_ptr_array_add (batch, result);
    }
}

/* Hands @summaries over to the page (under the job's lock). */
static void
post_summaries (StatusJob *job,
                GPtrArray *summaries)
{
  g_mutex_lock (&job->lock);
  g_clear_pointer (&job->summaries, g_ptr_array_unref);
  job->summaries = summaries;
  g_mutex_unlock (&job->lock);
}

/* How many of the newest games are listed before the rest are read: more
 * than a tall window shows. */
#define FIRST_ROWS 20u
/* How many games the cache does not know are replayed at a time. */
#define REPLAY_BATCH 64u

static void
status_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  StatusJob *job = task_data;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) summaries = NULL;
  g_autoptr (GArray) statuses = NULL;
  g_autoptr (GArray) stale = g_array_new (FALSE, FALSE, sizeof (gint64));
  GPtrArray *batch = g_ptr_array_new_with_free_func ((GDestroyNotify) status_result_free);
  gboolean keep_rows = FALSE;

  /* A connection of its own: SQLite connections are not shared across
   * threads, and WAL lets it read while the window writes. */
  store = lw_store_open (job->path, &error);
  /* The newest screenful at once, before every game's summary. */
  if (store != NULL && job->first_rows)
    {
      g_autoptr (GPtrArray) first = lw_store_list_newest_game_summaries (store, FIRST_ROWS, &error);

      if (first != NULL)
        {
          GPtrArray *scored = g_ptr_array_new_with_free_func ((GDestroyNotify) status_result_free);

          /* Scored here, so that their rows come whole, drawn at once. */
          for (guint i = 0; i < first->len; i++)
            g_ptr_array_add (scored, score_game (store, ((LwGameSummary *) g_ptr_array_index (first, i))->id));
          post_summaries (job, g_steal_pointer (&first));
          post_results (job, scored);
        }
      else
        g_clear_error (&error);
    }
  /* Then every game and its status as the cache knows it, from one
   * state of the file. */
  if (store != NULL && lw_store_begin_read_transaction (store, &error))
    {
      summaries = lw_store_list_game_summaries (store, &error);
      if (summaries != NULL)
        statuses = lw_store_list_game_statuses (store, stale, &error);
      if (statuses != NULL)
        lw_store_commit_transaction (store, &error);
      else
        lw_store_rollback_transaction (store);
    }
  if (summaries == NULL || statuses == NULL)
    {
      g_ptr_array_unref (batch);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_clear_error (&error);

  post_summaries (job, g_steal_pointer (&summaries));
  add_statuses (batch, statuses);
  post_results (job, batch);

  /* The games the cache does not know, newest first, replayed a batch
   * at a time; their rows are written only to a file found sound. */
  if (stale->len > 0)
    keep_rows = lw_store_wait_damage_check (job->checked);
  for (guint i = 0; i < stale->len && !g_cancellable_is_cancelled (cancellable); i += REPLAY_BATCH)
    {
      g_autoptr (GArray) replayed = g_array_new (FALSE, FALSE, sizeof (LwGameStatus));

      if (!lw_store_replay_game_statuses (store, &g_array_index (stale, gint64, i),
                                          MIN (REPLAY_BATCH, stale->len - i), keep_rows,
                                          replayed, &error))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      batch = g_ptr_array_new_with_free_func ((GDestroyNotify) status_result_free);
      add_statuses (batch, replayed);
      post_results (job, batch);
    }

  g_task_return_boolean (task, TRUE);
}

/* ------------------------------------------------------------------ */
/* The page                                                             */
/* ------------------------------------------------------------------ */

typedef enum {
  SHOW_ALL,
  SHOW_ONGOING,
  SHOW_FINISHED,
} ShowMode;

struct _LwGamesPage
{
  AdwBin parent_instance;

  /* template widgets */
  GtkBox *body;
  GtkToggleButton *search_button;
  GtkMenuButton *menu_button;

  /* lw-games-body.ui's widgets, NULL until ensure_body() */
  GtkStack *stack;
  GtkListView *list_view;
  GtkToggleButton *all_button;
  GtkToggleButton *ongoing_button;
  GtkToggleButton *finished_button;
  GtkLabel *progress_label;
  GtkSearchBar *search_bar;
  GtkSearchEntry *search_entry;

  /* owned */
  LwStore *store;
  GListStore *games;         /* LwGameItem */
  GtkCustomFilter *filter;
  GtkFilterListModel *filtered;
  GHashTable *by_id;         /* gint64* → LwGameItem (borrowed) */
  GCancellable *cancellable;
  StatusJob *job;
  guint n_known;
  guint serial;              /* counts the loads (start_status_job()) */

  ShowMode show;
  char *search;              /* casefolded, normalized; NULL: every game */
  guint loading : 1;
  guint start_source;        /* the deferred first load's fallback timeout */
  gulong paint_handler;      /* on the frame clock, until the first frame */
  GdkFrameClock *paint_clock;  /* weak, while paint_handler is set */
  gulong map_handler;        /* until the page is first shown */
};

G_DEFINE_FINAL_TYPE (LwGamesPage, lw_games_page, ADW_TYPE_BIN)

static void ensure_body (LwGamesPage *self);
static void search_toggled_cb (LwGamesPage *self);

void
lw_games_page_set_store (LwGamesPage *self,
                         LwStore     *store)
{
  g_return_if_fail (LW_IS_GAMES_PAGE (self));

  g_set_object (&self->store, store);
}

static void
update_progress (LwGamesPage *self)
{
  guint n;

  /* The list is not built yet: it shows the progress once it is. */
  if (self->progress_label == NULL)
    return;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->games));

  if (self->loading && n > 0)
    {
      g_autofree char *text = NULL;

      /* TRANSLATORS: while the games are being scored: "Scoring games… 1200 of 10000" */
      text = g_strdup_printf (_("Scoring games… %u of %u"), self->n_known, n);
      gtk_label_set_text (self->progress_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->progress_label), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->progress_label), FALSE);
}

static void
apply_results (LwGamesPage *self,
               StatusJob   *job)
{
  g_autoptr (GPtrArray) results = NULL;
  g_autoptr (GPtrArray) summaries = NULL;

  if (job != self->job)
    return;

  g_mutex_lock (&job->lock);
  results = g_steal_pointer (&job->pending);
  job->pending = g_ptr_array_new_with_free_func ((GDestroyNotify) status_result_free);
  summaries = g_steal_pointer (&job->summaries);
  g_mutex_unlock (&job->lock);

  if (summaries != NULL)
    fill_list (self, summaries);

  for (guint i = 0; i < results->len; i++)
    {
      StatusResult *result = g_ptr_array_index (results, i);
      LwGameItem *item = g_hash_table_lookup (self->by_id, &result->id);

      if (item == NULL)
        continue;
      if (item->status == GAME_STATUS_UNKNOWN)
        self->n_known++;
      item->status = result->status;
      if (result->text != NULL)
        {
          /* The first screenful, scored by the worker. */
          g_free (item->status_text);
          item->status_text = g_steal_pointer (&result->text);
          item->n_rounds = result->n_rounds;
          item->detailed = TRUE;
          item->detail_serial = self->serial;
        }
      else if (item->detail_serial != self->serial)
        /* The scores again when the row is shown: the game may have
         * changed since they were read. */
        item->detailed = FALSE;
      g_signal_emit (item, item_changed_signal, 0);
    }

  if (results->len > 0 && self->show != SHOW_ALL)
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_progress (self);
}

static void
status_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  LwGamesPage *self = LW_GAMES_PAGE (object);
  StatusJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;

  if (job != self->job)
    return;

  ensure_body (self);
  /* The last batch may still be queued behind this. */
  apply_results (self, job);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_autofree char *text = NULL;

      /* TRANSLATORS: %s says why the games could not be read */
      text = g_strdup_printf (_("Could not read the games: %s"), error->message);
      gtk_label_set_text (self->progress_label, text);
      gtk_stack_set_visible_child_name (self->stack, "games");
      self->loading = FALSE;
      gtk_widget_set_visible (GTK_WIDGET (self->progress_label), TRUE);
      return;
    }
  self->loading = FALSE;
  update_progress (self);
}

static void
start_status_job (LwGamesPage *self)
{
  g_autoptr (GTask) task = NULL;
  StatusJob *job = g_atomic_rc_box_new0 (StatusJob);

  job->path = g_strdup (lw_store_get_path (self->store));
  job->checked = g_object_ref (self->store);
  job->first_rows = g_list_model_get_n_items (G_LIST_MODEL (self->games)) == 0;
  job->pending = g_ptr_array_new_with_free_func ((GDestroyNotify) status_result_free);
  g_mutex_init (&job->lock);
  g_weak_ref_init (&job->page, self);

  g_clear_pointer (&self->job, status_job_unref);
  self->job = g_atomic_rc_box_acquire (job);
  self->cancellable = g_cancellable_new ();
  self->loading = TRUE;
  self->n_known = 0;
  self->serial++;

  task = g_task_new (self, self->cancellable, status_done_cb, NULL);
  g_task_set_source_tag (task, start_status_job);
  g_task_set_task_data (task, job, status_job_unref);
  g_task_run_in_thread (task, status_thread);
}

static void
cancel_deferred_start (LwGamesPage *self)
{
  g_clear_handle_id (&self->start_source, g_source_remove);
  if (self->paint_clock != NULL)
    {
      g_clear_signal_handler (&self->paint_handler, self->paint_clock);
      g_object_remove_weak_pointer (G_OBJECT (self->paint_clock), (gpointer *) &self->paint_clock);
      self->paint_clock = NULL;
    }
  self->paint_handler = 0;
  g_clear_signal_handler (&self->map_handler, self);
}

static void
deferred_start (LwGamesPage *self)
{
  cancel_deferred_start (self);
  ensure_body (self);
  start_status_job (self);
}

static gboolean
deferred_start_cb (gpointer user_data)
{
  LwGamesPage *self = user_data;

  self->start_source = 0;
  deferred_start (self);
  return G_SOURCE_REMOVE;
}

/* Not in the frame clock's handler itself: the frame is on screen by
 * then, and the work comes just after the other handlers of that frame. */
static void
first_paint_cb (GdkFrameClock *clock,
                LwGamesPage   *self)
{
  cancel_deferred_start (self);
  self->start_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, deferred_start_cb, self, NULL);
}

static void
mapped_cb (GtkWidget   *widget,
           LwGamesPage *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  if (clock == NULL || self->paint_handler != 0)
    return;
  self->paint_clock = clock;
  g_object_add_weak_pointer (G_OBJECT (clock), (gpointer *) &self->paint_clock);
  self->paint_handler = g_signal_connect (clock, "after-paint", G_CALLBACK (first_paint_cb), self);
}

/* The first load waits for the window's first frame, so that the worker's
 * reading does not compete with drawing it; a page that is never shown
 * starts after a moment all the same. */
static void
start_status_job_after_first_frame (LwGamesPage *self)
{
  cancel_deferred_start (self);
  self->loading = TRUE;
  self->start_source = g_timeout_add (500, deferred_start_cb, self);
  self->map_handler = g_signal_connect (self, "map", G_CALLBACK (mapped_cb), self);
}

static void
stop_status_job (LwGamesPage *self)
{
  cancel_deferred_start (self);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->job, status_job_unref);
  self->loading = FALSE;
}

static void
fill_list (LwGamesPage *self,
           GPtrArray   *summaries)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_full (summaries->len, g_object_unref);
  g_autoptr (GPtrArray) kept = g_ptr_array_new_with_free_func (g_object_unref);

  ensure_body (self);
  /* The first screenful's items, scored by this load, stay as they are. */
  for (guint i = 0; i < summaries->len; i++)
    {
      LwGameSummary *summary = g_ptr_array_index (summaries, i);
      LwGameItem *item = g_hash_table_lookup (self->by_id, &summary->id);

      if (item != NULL && item->detailed && item->detail_serial == self->serial)
        g_ptr_array_add (kept, g_object_ref (item));
    }
  g_hash_table_remove_all (self->by_id);
  for (guint i = 0, k = 0; i < summaries->len; i++)
    {
      LwGameSummary *summary = g_ptr_array_index (summaries, i);
      LwGameItem *item;

      if (k < kept->len && ((LwGameItem *) g_ptr_array_index (kept, k))->summary->id == summary->id)
        item = g_object_ref (g_ptr_array_index (kept, k++));
      else
        {
          item = g_object_new (LW_TYPE_GAME_ITEM, NULL);
          item->summary = g_steal_pointer (&g_ptr_array_index (summaries, i));
        }
      g_hash_table_insert (self->by_id, &item->summary->id, item);
      g_ptr_array_add (items, item);
    }
  g_list_store_splice (self->games, 0, g_list_model_get_n_items (G_LIST_MODEL (self->games)),
                       items->pdata, items->len);
  gtk_stack_set_visible_child_name (self->stack, items->len > 0 ? "games" : "empty");
}

gboolean
lw_games_page_reload (LwGamesPage  *self,
                      GError      **error)
{
  g_return_val_if_fail (LW_IS_GAMES_PAGE (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  /* Everything is read by the worker: the page is drawn at once, the
   * games come in as they are read. The rows already there stay until
   * then, so that a reload does not blink. */
  stop_status_job (self);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    start_status_job (self);
  else
    start_status_job_after_first_frame (self);
  update_progress (self);

  return TRUE;
}

static guint
find_item_position (LwGamesPage *self,
                    LwGameItem  *item)
{
  guint position = 0;

  if (!g_list_store_find (self->games, item, &position))
    return G_MAXUINT;
  return position;
}

gboolean
lw_games_page_refresh_game (LwGamesPage  *self,
                            gint64        id,
                            GError      **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GError) local_error = NULL;
  LwGameItem *item;
  StatusResult *result;

  g_return_val_if_fail (LW_IS_GAMES_PAGE (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);
  g_return_val_if_fail (id > 0, FALSE);

  /* While the worker still reads, its answer for this game may be older
   * than the change: read everything again. */
  if (self->loading)
    return lw_games_page_reload (self, error);

  ensure_body (self);
  item = g_hash_table_lookup (self->by_id, &id);
  game = lw_store_load_game (self->store, id, &local_error);
  if (game == NULL)
    {
      if (!g_error_matches (local_error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      /* Deleted. */
      if (item != NULL)
        {
          guint position = find_item_position (self, item);

          g_hash_table_remove (self->by_id, &id);
          if (position != G_MAXUINT)
            g_list_store_remove (self->games, position);
        }
      gtk_stack_set_visible_child_name (self->stack,
                                        g_list_model_get_n_items (G_LIST_MODEL (self->games)) > 0 ? "games" : "empty");
      return TRUE;
    }

  if (item == NULL)
    {
      LwGameSummary *summary = g_new0 (LwGameSummary, 1);

      summary->id = game->id;
      summary->created = game->created;
      summary->played_at = game->played_at;
      summary->ruleset = game->record->ruleset;
      summary->n_players = game->record->n_players;
      summary->players = g_new0 (char *, LW_MAX_SEATS + 1);
      for (guint seat = 0; seat < game->record->n_players; seat++)
        summary->players[seat] = g_strdup (lw_game_record_current_player (game->record, seat));
      summary->n_teams = game->record->n_teams;
      memcpy (summary->team_of, game->record->team_of, sizeof summary->team_of);

      /* A new game is the newest: it goes first. */
      item = g_object_new (LW_TYPE_GAME_ITEM, NULL);
      item->summary = summary;
      g_hash_table_insert (self->by_id, &item->summary->id, item);
      g_list_store_insert (self->games, 0, item);
      g_object_unref (item);
      self->n_known++;
    }
  else
    {
      /* The players may have changed (a substitute). */
      for (guint seat = 0; seat < game->record->n_players && seat < LW_MAX_SEATS; seat++)
        {
          g_free (item->summary->players[seat]);
          item->summary->players[seat] = g_strdup (lw_game_record_current_player (game->record, seat));
        }
      g_clear_pointer (&item->title, g_free);
    }

  result = score_game (self->store, id);
  item->status = result->status;
  item->n_rounds = result->n_rounds;
  g_free (item->status_text);
  item->status_text = g_steal_pointer (&result->text);
  item->detailed = TRUE;
  status_result_free (result);
  g_signal_emit (item, item_changed_signal, 0);

  if (self->show != SHOW_ALL)
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_stack_set_visible_child_name (self->stack, "games");
  update_progress (self);

  return TRUE;
}

gboolean
lw_games_page_get_loading (LwGamesPage *self)
{
  g_return_val_if_fail (LW_IS_GAMES_PAGE (self), FALSE);

  return self->loading;
}

void
lw_games_page_wait (LwGamesPage *self)
{
  g_return_if_fail (LW_IS_GAMES_PAGE (self));

  while (self->loading)
    g_main_context_iteration (NULL, TRUE);
}

guint
lw_games_page_get_n_games (LwGamesPage *self,
                           gboolean     finished)
{
  guint n = 0;

  g_return_val_if_fail (LW_IS_GAMES_PAGE (self), 0);

  lw_games_page_wait (self);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->games)); i++)
    {
      g_autoptr (LwGameItem) item = g_list_model_get_item (G_LIST_MODEL (self->games), i);

      if (item->status == (finished ? GAME_STATUS_FINISHED : GAME_STATUS_ONGOING))
        n++;
    }

  return n;
}

guint
lw_games_page_get_n_shown (LwGamesPage *self)
{
  g_return_val_if_fail (LW_IS_GAMES_PAGE (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
}

gint64
lw_games_page_get_game_id (LwGamesPage *self,
                           guint        position)
{
  g_autoptr (LwGameItem) item = NULL;

  g_return_val_if_fail (LW_IS_GAMES_PAGE (self), 0);

  item = g_list_model_get_item (G_LIST_MODEL (self->filtered), position);
  return item != NULL ? item->summary->id : 0;
}

/* A game's scores, result and round count, from the replay of that one
 * game the first time its row is shown after its status is known. */
static void
ensure_detail (LwGamesPage *self,
               LwGameItem  *item)
{
  StatusResult *result;

  if (item->status == GAME_STATUS_UNKNOWN || item->detailed || self->store == NULL)
    return;
  result = score_game (self->store, item->summary->id);
  item->n_rounds = result->n_rounds;
  g_free (item->status_text);
  item->status_text = g_steal_pointer (&result->text);
  item->detailed = TRUE;
  status_result_free (result);
}

char *
lw_games_page_get_row_text (LwGamesPage *self,
                            guint        position)
{
  g_autoptr (LwGameItem) item = NULL;

  g_return_val_if_fail (LW_IS_GAMES_PAGE (self), NULL);

  item = g_list_model_get_item (G_LIST_MODEL (self->filtered), position);
  if (item == NULL)
    return NULL;
  ensure_detail (self, item);
  return g_strdup_printf ("%s\n%s", lw_game_item_get_title (item),
                          item->status_text != NULL ? item->status_text : "");
}

/* ------------------------------------------------------------------ */
/* Rows                                                                 */
/* ------------------------------------------------------------------ */

typedef struct
{
  GtkWidget *title;     /* the sides */
  GtkWidget *subtitle;  /* the scores and result */
  GtkWidget *details;   /* ruleset, rounds, date */
  GtkWidget *menu_button;
  LwGamesPage *page;      /* borrowed: the rows are the page's */
  LwGameItem *item;       /* bound, borrowed */
  gulong changed_id;
} RowWidgets;

static void create_row_menu (GtkMenuButton *button,
                             gpointer       user_data);

static void
row_widgets_free (RowWidgets *row)
{
  g_free (row);
}

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              LwGamesPage              *self)
{
  RowWidgets *row = g_new0 (RowWidgets, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  row->page = self;
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  gtk_widget_add_css_class (box, "game-row");
  row->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->title), 0);
  /* Three short lines, ellipsized, not wrapped: a list view lays out
   * some 200 rows, and wrapped labels cost several times more to measure.
   * The whole text is in the tooltips. */
  gtk_label_set_ellipsize (GTK_LABEL (row->title), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (row->title, "game-title");
  row->subtitle = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->subtitle), 0);
  gtk_label_set_ellipsize (GTK_LABEL (row->subtitle), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (row->subtitle, "caption");
  row->details = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->details), 0);
  gtk_label_set_ellipsize (GTK_LABEL (row->details), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (row->details, "dim-label");
  gtk_widget_add_css_class (row->details, "caption");
  gtk_widget_set_hexpand (labels, TRUE);
  gtk_widget_set_valign (labels, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (labels), row->title);
  gtk_box_append (GTK_BOX (labels), row->subtitle);
  gtk_box_append (GTK_BOX (labels), row->details);
  gtk_box_append (GTK_BOX (box), labels);

  row->menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (row->menu_button), "view-more-symbolic");
  gtk_widget_set_valign (row->menu_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (row->menu_button, "flat");
  /* The menu is made when it is opened: a popover per row would cost
   * more than the rest of the row. */
  gtk_menu_button_set_create_popup_func (GTK_MENU_BUTTON (row->menu_button), create_row_menu, row, NULL);
  gtk_box_append (GTK_BOX (box), row->menu_button);
  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("go-next-symbolic"));

  g_object_set_data_full (G_OBJECT (box), "lw-row", row, (GDestroyNotify) row_widgets_free);
  gtk_list_item_set_child (list_item, box);
}

static void
create_row_menu (GtkMenuButton *button,
                 gpointer       user_data)
{
  RowWidgets *row = user_data;
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GMenuItem) export_csv = NULL;
  g_autoptr (GMenuItem) delete = NULL;

  if (row->item == NULL)
    return;

  export_csv = g_menu_item_new (_("Export Score Sheet (CSV)…"), NULL);
  g_menu_item_set_action_and_target_value (export_csv, "win.export-csv", g_variant_new_int64 (row->item->summary->id));
  g_menu_append_item (menu, export_csv);
  delete = g_menu_item_new (_("_Delete…"), NULL);
  g_menu_item_set_action_and_target_value (delete, "win.delete-game", g_variant_new_int64 (row->item->summary->id));
  g_menu_append_item (menu, delete);
  gtk_menu_button_set_menu_model (button, G_MENU_MODEL (menu));
}

static void
fill_row (RowWidgets *row)
{
  LwGameItem *item = row->item;
  const LwGameSummary *summary = item->summary;
  g_autoptr (GString) details = g_string_new (NULL);
  /* The day it was played when its details say, else the day it was made. */
  g_autoptr (GDateTime) created =
    g_date_time_new_from_unix_local (summary->played_at > 0 ? summary->played_at : summary->created);
  const char *status;

  ensure_detail (row->page, item);
  if (item->status == GAME_STATUS_UNKNOWN)
    /* TRANSLATORS: in the games list, while the game is being scored */
    status = _("Scoring…");
  else
    status = item->status_text != NULL ? item->status_text : "";

  if (summary->ruleset == LW_RULESET_GARWOLF)
    /* TRANSLATORS: the name of the second ruleset */
    g_string_append (details, _("Garwolf"));

  if (item->status == GAME_STATUS_UNKNOWN)
    ;
  else if (summary->ruleset == LW_RULESET_GARWOLF)
    /* TRANSLATORS: the Garwolf hands played in a game */
    g_string_append_printf (details,
                            g_dngettext (GETTEXT_PACKAGE, " · %u hand", " · %u hands", item->n_rounds),
                            item->n_rounds);
  else
    g_string_append_printf (details,
                            /* TRANSLATORS: the rounds played in a game; the list's third line */
                            g_dngettext (GETTEXT_PACKAGE, "%u round", "%u rounds", item->n_rounds),
                            item->n_rounds);

  if (created != NULL)
    {
      g_autofree char *date = g_date_time_format (created, "%x");

      g_string_append_printf (details, details->len > 0 ? " · %s" : "%s", date);
    }

  gtk_label_set_text (GTK_LABEL (row->title), lw_game_item_get_title (item));
  gtk_label_set_text (GTK_LABEL (row->subtitle), status);
  gtk_label_set_text (GTK_LABEL (row->details), details->str);
  gtk_widget_set_tooltip_text (row->title, lw_game_item_get_title (item));
  gtk_widget_set_tooltip_text (row->subtitle, status);
}

/* The widgets of @list_item's row, kept with its box by setup_row_cb(). */
static RowWidgets *
row_widgets_of (GtkListItem *list_item)
{
  return g_object_get_data (G_OBJECT (gtk_list_item_get_child (list_item)), "lw-row");
}

static void
item_changed_cb (LwGameItem *item,
                 RowWidgets *row)
{
  fill_row (row);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             LwGamesPage              *self)
{
  RowWidgets *row = row_widgets_of (list_item);
  LwGameItem *item = gtk_list_item_get_item (list_item);
  g_autofree char *tooltip = NULL;

  row->item = item;
  row->changed_id = g_signal_connect (item, "changed", G_CALLBACK (item_changed_cb), row);
  fill_row (row);

  /* TRANSLATORS: the tooltip of a game's menu button; %s names the game, "Ann vs Ben" */
  tooltip = g_strdup_printf (_("Actions for “%s”"), lw_game_item_get_title (item));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->menu_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip,
                                  -1);
}

static void
unbind_row_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               LwGamesPage              *self)
{
  RowWidgets *row = row_widgets_of (list_item);

  if (row->item != NULL)
    g_clear_signal_handler (&row->changed_id, row->item);
  row->item = NULL;
}

static void
activate_cb (GtkListView *list_view,
             guint        position,
             LwGamesPage *self)
{
  gint64 id = lw_games_page_get_game_id (self, position);

  if (id > 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.open-game", "x", id);
}

/* Names compared as a reader would: case and accents' composition aside. */
static char *
fold (const char *text)
{
  g_autofree char *normal = g_utf8_normalize (text, -1, G_NORMALIZE_ALL);

  return normal != NULL ? g_utf8_casefold (normal, -1) : g_strdup ("");
}

static gboolean
has_player (LwGameItem *game,
            const char *folded)
{
  for (guint seat = 0; game->summary->players != NULL && game->summary->players[seat] != NULL; seat++)
    {
      g_autofree char *name = fold (game->summary->players[seat]);

      if (strstr (name, folded) != NULL)
        return TRUE;
    }
  return FALSE;
}

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  LwGamesPage *self = user_data;
  LwGameItem *game = item;

  if (self->search != NULL && !has_player (game, self->search))
    return FALSE;

  switch (self->show)
    {
    case SHOW_ONGOING:
      return game->status == GAME_STATUS_ONGOING;
    case SHOW_FINISHED:
      return game->status == GAME_STATUS_FINISHED;
    case SHOW_ALL:
    default:
      return TRUE;
    }
}

static void
search_changed_cb (LwGamesPage *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  g_clear_pointer (&self->search, g_free);
  if (*stripped != '\0')
    self->search = fold (stripped);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

void
lw_games_page_search (LwGamesPage *self,
                      const char  *text)
{
  g_return_if_fail (LW_IS_GAMES_PAGE (self));

  ensure_body (self);
  gtk_search_bar_set_search_mode (self->search_bar, text != NULL);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text != NULL ? text : "");
  search_changed_cb (self);
}

static void
search_action (LwGamesPage *self,
               GVariant    *parameter)
{
  ensure_body (self);
  gtk_search_bar_set_search_mode (self->search_bar, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

void
lw_games_page_set_show (LwGamesPage *self,
                        int          show)
{
  g_return_if_fail (LW_IS_GAMES_PAGE (self));

  ensure_body (self);
  gtk_toggle_button_set_active (show == SHOW_ONGOING ? self->ongoing_button
                                : show == SHOW_FINISHED ? self->finished_button
                                : self->all_button, TRUE);
}

static void
show_toggled_cb (GtkToggleButton *button,
                 LwGamesPage     *self)
{
  ShowMode show;

  if (!gtk_toggle_button_get_active (button))
    return;

  show = button == self->ongoing_button ? SHOW_ONGOING
       : button == self->finished_button ? SHOW_FINISHED
       : SHOW_ALL;
  if (show == self->show)
    return;

  self->show = show;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
lw_games_page_dispose (GObject *object)
{
  LwGamesPage *self = LW_GAMES_PAGE (object);

  stop_status_job (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), LW_TYPE_GAMES_PAGE);
  g_clear_object (&self->filtered);
  g_clear_object (&self->filter);
  g_clear_object (&self->games);
  g_clear_pointer (&self->by_id, g_hash_table_unref);
  g_clear_object (&self->store);
  g_clear_pointer (&self->search, g_free);

  G_OBJECT_CLASS (lw_games_page_parent_class)->dispose (object);
}

/* The page's action, done by a function of the page. */
static const LwWidgetAction games_actions[] = {
  { "games.search", NULL, G_CALLBACK (search_action) },
};

static void
lw_games_page_class_init (LwGamesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_games_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-games-page.ui");
  gtk_widget_class_bind_template_child (widget_class, LwGamesPage, body);
  gtk_widget_class_bind_template_child (widget_class, LwGamesPage, search_button);
  gtk_widget_class_bind_template_child (widget_class, LwGamesPage, menu_button);
  gtk_widget_class_bind_template_callback (widget_class, search_toggled_cb);
  lw_widget_class_install_actions (widget_class, games_actions, G_N_ELEMENTS (games_actions));
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "games.search", NULL);
}

/* Builds lw-games-body.ui, the search bar and the list, into the page:
 * once, after the window's first frame (or sooner, when a caller needs
 * them), so that the first frame has only the header bar to make. */
static void
ensure_body (LwGamesPage *self)
{
  g_autoptr (GtkBuilder) builder = NULL;
  g_autoptr (GtkBuilderScope) scope = NULL;
  g_autoptr (GError) error = NULL;
  GtkListItemFactory *factory;
  GtkSelectionModel *selection;

  if (self->stack != NULL)
    return;

  scope = gtk_builder_cscope_new ();
  gtk_builder_cscope_add_callback (scope, activate_cb);
  gtk_builder_cscope_add_callback (scope, search_changed_cb);
  gtk_builder_cscope_add_callback (scope, show_toggled_cb);
  builder = gtk_builder_new ();
  gtk_builder_set_scope (builder, scope);
  gtk_builder_set_current_object (builder, G_OBJECT (self));
  /* Built into the program: failing is a bug, not a user's error. */
  if (!gtk_builder_add_from_resource (builder, RESOURCE_PREFIX "/lw-games-body.ui", &error))
    g_error ("lw-games-body.ui: %s", error->message);

  self->search_bar = GTK_SEARCH_BAR (gtk_builder_get_object (builder, "search_bar"));
  self->search_entry = GTK_SEARCH_ENTRY (gtk_builder_get_object (builder, "search_entry"));
  self->stack = GTK_STACK (gtk_builder_get_object (builder, "stack"));
  self->list_view = GTK_LIST_VIEW (gtk_builder_get_object (builder, "list_view"));
  self->all_button = GTK_TOGGLE_BUTTON (gtk_builder_get_object (builder, "all_button"));
  self->ongoing_button = GTK_TOGGLE_BUTTON (gtk_builder_get_object (builder, "ongoing_button"));
  self->finished_button = GTK_TOGGLE_BUTTON (gtk_builder_get_object (builder, "finished_button"));
  self->progress_label = GTK_LABEL (gtk_builder_get_object (builder, "progress_label"));
  gtk_box_append (self->body, GTK_WIDGET (self->search_bar));
  gtk_box_append (self->body, GTK_WIDGET (self->stack));

  g_object_bind_property (self->search_button, "active", self->search_bar, "search-mode-enabled",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  /* Typing a name on the page starts a search (the entry sits in a clamp,
   * so the bar is told which it is). */
  gtk_search_bar_connect_entry (self->search_bar, GTK_EDITABLE (self->search_entry));
  gtk_search_bar_set_key_capture_widget (self->search_bar, GTK_WIDGET (self));

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row_cb), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);

  selection = GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->filtered))));
  gtk_list_view_set_model (self->list_view, selection);
  g_object_unref (selection);

  update_progress (self);
}

/* The search button pressed before the list is there. */
static void
search_toggled_cb (LwGamesPage *self)
{
  ensure_body (self);
}

static void
lw_games_page_init (LwGamesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  lw_app_attach_primary_menu (self->menu_button);

  self->games = g_list_store_new (LW_TYPE_GAME_ITEM);
  self->by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->filtered = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->games)),
                                              g_object_ref (GTK_FILTER (self->filter)));
}
