/* lw-leaderboard-page.c — the players' ratings over the stored games
 *
 * Reading every stored game's result takes a while with many games (a
 * fraction of a second from the store's result cache; as long as
 * replaying them the first time after an upgrade), so a worker thread
 * with its own connection reads them (lw_store_load_rating_games(), which
 * also writes the cache rows it had to recompute) and runs
 * lw_leaderboard_compute(). The
 * games read are kept, shared with the next worker, so that choosing
 * another ladder, period or event only computes again. The rows' names
 * belong to the games: the page keeps the games as long as it shows rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gi18n.h>

#include "lw-leaderboard-page-private.h"
#include "lw-app-util.h"
#include "lw-widget-actions.h"
#include "lw-page-watch.h"
#include "lw-store-events.h"

#define DAY_SECONDS 86400

/* The games read, shared by the page and its workers (an atomic
 * reference-counted box). */
typedef struct {
  LwRatingGames *games;
} Games;

static void
games_clear (gpointer data)
{
  Games *games = data;

  g_clear_pointer (&games->games, lw_rating_games_free);
}

static void
games_release (Games *games)
{
  g_atomic_rc_box_release_full (games, games_clear);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Games, games_release)

typedef struct {
  LwStore              *store;   /* (nullable): a connection of its own, when games are read */
  GError               *error;   /* why there is none */
  Games                *games;   /* (nullable): read them first */
  gint64                event;   /* count only its games, or 0 */
  LwLeaderboardOptions  options;
} Job;

typedef struct {
  Games  *games;
  GArray *rows;                  /* LwLeaderboardRow, names in @games */
} Result;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_object (&job->store);
  g_clear_error (&job->error);
  g_clear_pointer (&job->games, games_release);
  g_free (job);
}

static void
result_free (gpointer data)
{
  Result *result = data;

  g_clear_pointer (&result->rows, g_array_unref);
  g_clear_pointer (&result->games, games_release);
  g_free (result);
}

struct _LwLeaderboardPage
{
  AdwBin parent_instance;

  /* template widgets */
  AdwWindowTitle *title;
  GtkMenuButton *menu_button;
  AdwComboRow *ladder_row;
  AdwComboRow *period_row;
  AdwEntryRow *from_row;
  AdwEntryRow *to_row;
  AdwComboRow *event_row;
  GtkStack *stack;
  AdwStatusPage *empty_status;
  GtkListBox *rows_list;

  /* owned */
  LwStore *store;
  GCancellable *cancellable;
  GTask *task;                  /* the worker whose result is wanted, or NULL */
  Games *games;                 /* the games read, or NULL */
  GArray *rows;                 /* LwLeaderboardRow, names in @games */
  GArray *event_ids;            /* gint64 per row of the Event list after "All games" */
  GtkStringList *event_names;

  guint filling : 1;
};

G_DEFINE_FINAL_TYPE (LwLeaderboardPage, lw_leaderboard_page, ADW_TYPE_BIN)

/* ------------------------------------------------------------------ */
/* The worker                                                           */
/* ------------------------------------------------------------------ */

static void
leaderboard_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  Job *job = task_data;
  LwStore *store = job->store;   /* a connection of its own: SQLite connections are not shared across threads */
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GError) error = NULL;
  static const gint64 none = 0;
  Result *result;

  if ((job->games == NULL || job->event > 0) && store == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&job->error));
      return;
    }
  if (job->games == NULL)
    {
      LwRatingGames *games = lw_store_load_rating_games (store, &error);

      if (games == NULL)
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      job->games = g_atomic_rc_box_new0 (Games);
      job->games->games = games;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  if (job->event > 0)
    {
      ids = lw_store_event_game_ids (store, job->event, &error);
      if (ids == NULL)
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      /* An event without linked games counts none. */
      job->options.only_games = ids->len > 0 ? (const gint64 *) (gpointer) ids->data : &none;
      job->options.n_only_games = ids->len;
    }

  result = g_new0 (Result, 1);
  result->rows = lw_leaderboard_compute (job->games->games, &job->options);
  result->games = g_atomic_rc_box_acquire (job->games);
  job->options.only_games = NULL;
  g_task_return_pointer (task, result, result_free);
}

/* ------------------------------------------------------------------ */
/* The rows                                                             */
/* ------------------------------------------------------------------ */

static char *
format_trend (double trend)
{
  if (trend > -0.005 && trend < 0.005)
    return g_strdup ("±0.00");
  return g_strdup_printf ("%+.2f", trend);
}

static void
fill_rows (LwLeaderboardPage *self)
{
  lw_list_box_remove_all (self->rows_list);

  for (guint i = 0; self->rows != NULL && i < self->rows->len; i++)
    {
      const LwLeaderboardRow *row = &g_array_index (self->rows, LwLeaderboardRow, i);
      GtkWidget *action_row = adw_action_row_new ();
      GtkWidget *values = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *rating, *trend;
      g_autofree char *title = NULL;
      g_autofree char *escaped = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *rating_text = g_strdup_printf ("%.2f", row->rating);
      g_autofree char *trend_text = format_trend (row->trend);
      g_autofree char *games = NULL;

      /* TRANSLATORS: a row of the leaderboard: the rank, the player */
      title = g_strdup_printf (_("%u. %s"), row->rank, row->name);
      escaped = g_markup_escape_text (title, -1);
      games = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            /* TRANSLATORS: a leaderboard row: games counted, wins (a skunk
                                             * counts 2, SCORING R23), games won with a skunk */
                                            "%u game · wins %u · skunks %u",
                                            "%u games · wins %u · skunks %u", row->games),
                               row->games, row->wins, row->skunks);
      /* TRANSLATORS: a leaderboard row: the counts, then the skill (mu) with twice its
       * uncertainty (± 2 sigma: the skill lies in this range with 95 % confidence) */
      subtitle = g_strdup_printf (_("%s\nμ %.2f ± %.2f (2σ)"), games, row->mu, 2 * row->sigma);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (action_row), escaped);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (action_row), subtitle);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (action_row), 0);

      rating = gtk_label_new (rating_text);
      gtk_widget_add_css_class (rating, "numeric");
      gtk_widget_add_css_class (rating, "title-4");
      gtk_label_set_xalign (GTK_LABEL (rating), 1.0);
      /* TRANSLATORS: the tooltip of a player's rating on the leaderboard */
      gtk_widget_set_tooltip_text (rating, _("Rating (μ − 3σ)"));
      trend = gtk_label_new (trend_text);
      gtk_widget_add_css_class (trend, "numeric");
      gtk_widget_add_css_class (trend, "caption");
      gtk_widget_add_css_class (trend, row->trend >= 0.005 ? "success" : row->trend <= -0.005 ? "error" : "dim-label");
      gtk_label_set_xalign (GTK_LABEL (trend), 1.0);
      /* TRANSLATORS: the tooltip of a player's trend on the leaderboard */
      gtk_widget_set_tooltip_text (trend, _("Trend: the rating’s change over the last games counted"));
      gtk_box_append (GTK_BOX (values), rating);
      gtk_box_append (GTK_BOX (values), trend);
      if (row->provisional)
        {
          GtkWidget *tag = gtk_label_new (_("Provisional"));
          g_autofree char *why = NULL;

          gtk_widget_add_css_class (tag, "caption");
          gtk_widget_add_css_class (tag, "warning");
          gtk_label_set_xalign (GTK_LABEL (tag), 1.0);
          why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              /* TRANSLATORS: the tooltip of "Provisional" on the
                                               * leaderboard: games rated so far, games needed */
                                              "Rated in %u game: a rating is established after %u",
                                              "Rated in %u games: a rating is established after %u",
                                              row->rated),
                                 row->rated, LW_RATING_PROVISIONAL_GAMES);
          gtk_widget_set_tooltip_text (tag, why);
          gtk_box_append (GTK_BOX (values), tag);
          g_object_set_data (G_OBJECT (action_row), "lw-provisional", tag);
        }
      gtk_widget_set_valign (values, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (action_row), values);
      g_object_set_data (G_OBJECT (action_row), "lw-rating", rating);
      g_object_set_data (G_OBJECT (action_row), "lw-trend", trend);
      gtk_list_box_append (self->rows_list, action_row);
    }

  gtk_stack_set_visible_child_name (self->stack, self->rows != NULL && self->rows->len > 0 ? "rows" : "empty");
}

static void
done_cb (GObject      *object,
         GAsyncResult *async_result,
         gpointer      user_data)
{
  LwLeaderboardPage *self = LW_LEADERBOARD_PAGE (object);
  g_autoptr (GError) error = NULL;
  Result *result = g_task_propagate_pointer (G_TASK (async_result), &error);

  if ((GTask *) async_result != self->task)
    {
      /* a result no longer wanted */
      g_clear_pointer (&result, result_free);
      return;
    }
  g_clear_object (&self->task);

  if (result == NULL)
    {
      g_clear_pointer (&self->rows, g_array_unref);
      adw_status_page_set_title (self->empty_status, _("Could Not Read the Games"));
      adw_status_page_set_description (self->empty_status, error->message);
      fill_rows (self);
      return;
    }

  adw_status_page_set_title (self->empty_status, _("No Rated Games"));
  adw_status_page_set_description (self->empty_status,
                                   _("Finished Little Wolf games and results entered from paper of this ladder and period rate their players."));
  g_clear_pointer (&self->rows, g_array_unref);
  self->rows = g_steal_pointer (&result->rows);
  if (self->games != result->games)
    {
      g_clear_pointer (&self->games, games_release);
      self->games = g_atomic_rc_box_acquire (result->games);
    }
  result_free (result);
  fill_rows (self);
}

/* A Dates row's day (lw_leaderboard_parse_day()), or 0 when empty; the
 * row is marked when it holds no day. */
static gboolean
read_day (AdwEntryRow *row,
          gint64      *time)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
  gboolean ok = *text == '\0' || lw_leaderboard_parse_day (text, time);

  if (*text == '\0')
    *time = 0;
  if (ok)
    gtk_widget_remove_css_class (GTK_WIDGET (row), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (row), "error");
  return ok;
}

/* Starts a worker for the filters chosen; @read_games reads the games
 * again first. */
static void
compute (LwLeaderboardPage *self,
         gboolean           read_games)
{
  Job *job;
  guint period = adw_combo_row_get_selected (self->period_row);
  guint event = adw_combo_row_get_selected (self->event_row);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  if (self->store == NULL || self->filling)
    return;

  job = g_new0 (Job, 1);
  lw_leaderboard_options_init (&job->options);
  job->options.ladder = (LwLadder) adw_combo_row_get_selected (self->ladder_row);
  switch (period)
    {
    case LW_LEADERBOARD_LAST_30_DAYS:
      job->options.from = now - 30 * DAY_SECONDS;
      break;
    case LW_LEADERBOARD_LAST_YEAR:
      job->options.from = now - 365 * DAY_SECONDS;
      break;
    case LW_LEADERBOARD_DATES:
      {
        gboolean from_ok = read_day (self->from_row, &job->options.from);
        gboolean to_ok = read_day (self->to_row, &job->options.to);

        if (!from_ok || !to_ok)
          {
            job_free (job);
            return;
          }
        /* the last day is included */
        if (job->options.to != 0)
          job->options.to += DAY_SECONDS;
      }
      break;
    default:
      break;
    }
  if (event > 0 && event != GTK_INVALID_LIST_POSITION && event - 1 < self->event_ids->len)
    job->event = g_array_index (self->event_ids, gint64, event - 1);
  if (!read_games && self->games != NULL)
    job->games = g_atomic_rc_box_acquire (self->games);
  /* Opened from the window's connection, so that the ratings' cache rows
   * it writes wait for the window's damage check. */
  if (job->games == NULL || job->event > 0)
    job->store = lw_store_open_another (self->store, 5000, &job->error);

  g_clear_object (&self->task);
  gtk_stack_set_visible_child_name (self->stack, "loading");
  self->task = lw_widget_run_worker (GTK_WIDGET (self), &self->cancellable, done_cb, compute,
                                     job, job_free, leaderboard_thread);
}

static void
read_events (LwLeaderboardPage *self)
{
  g_autoptr (GPtrArray) summaries = lw_store_list_events (self->store, NULL);
  gint64 selected = 0;
  guint index = adw_combo_row_get_selected (self->event_row);
  guint new_index = 0;

  if (index > 0 && index != GTK_INVALID_LIST_POSITION && index - 1 < self->event_ids->len)
    selected = g_array_index (self->event_ids, gint64, index - 1);

  self->filling = TRUE;
  g_array_set_size (self->event_ids, 0);
  gtk_string_list_splice (self->event_names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->event_names)), NULL);
  /* TRANSLATORS: the Event filter of the leaderboard: no event chosen */
  gtk_string_list_append (self->event_names, _("Any game"));
  for (guint i = 0; summaries != NULL && i < summaries->len; i++)
    {
      const LwEventSummary *summary = g_ptr_array_index (summaries, i);

      g_array_append_val (self->event_ids, summary->id);
      gtk_string_list_append (self->event_names, summary->name);
      if (summary->id == selected)
        new_index = i + 1;
    }
  adw_combo_row_set_selected (self->event_row, new_index);
  self->filling = FALSE;
}

void
lw_leaderboard_page_reload (LwLeaderboardPage *self)
{
  g_return_if_fail (LW_IS_LEADERBOARD_PAGE (self));
  g_return_if_fail (self->store != NULL);

  read_events (self);
  compute (self, TRUE);
}

static void
filter_changed_cb (LwLeaderboardPage *self)
{
  gboolean dates = adw_combo_row_get_selected (self->period_row) == LW_LEADERBOARD_DATES;
  const char *ladder = gtk_string_object_get_string (adw_combo_row_get_selected_item (self->ladder_row));

  gtk_widget_set_visible (GTK_WIDGET (self->from_row), dates);
  gtk_widget_set_visible (GTK_WIDGET (self->to_row), dates);
  adw_window_title_set_subtitle (self->title, ladder);
  compute (self, FALSE);
}

/* ------------------------------------------------------------------ */
/* Public                                                               */
/* ------------------------------------------------------------------ */

void
lw_leaderboard_page_set_store (LwLeaderboardPage *self,
                               LwStore           *store)
{
  g_return_if_fail (LW_IS_LEADERBOARD_PAGE (self));

  /* The games rated, their players and the events to choose from: read
   * again when they change, the filters kept. */
  lw_page_watch_set_store (GTK_WIDGET (self), &self->store, store,
                           LW_PAGE_WATCH_GAMES | LW_PAGE_WATCH_PLAYERS | LW_PAGE_WATCH_EVENTS,
                           G_CALLBACK (lw_leaderboard_page_reload));
}

gboolean
lw_leaderboard_page_get_loading (LwLeaderboardPage *self)
{
  g_return_val_if_fail (LW_IS_LEADERBOARD_PAGE (self), FALSE);

  return self->task != NULL;
}

void
lw_leaderboard_page_wait (LwLeaderboardPage *self)
{
  g_return_if_fail (LW_IS_LEADERBOARD_PAGE (self));

  while (self->task != NULL)
    g_main_context_iteration (NULL, TRUE);
}

void
lw_leaderboard_page_set_ladder (LwLeaderboardPage *self,
                                LwLadder           ladder)
{
  g_return_if_fail (LW_IS_LEADERBOARD_PAGE (self));

  if (adw_combo_row_get_selected (self->ladder_row) == (guint) ladder)
    compute (self, FALSE);
  else
    adw_combo_row_set_selected (self->ladder_row, ladder);
}

void
lw_leaderboard_page_set_period (LwLeaderboardPage   *self,
                                LwLeaderboardPeriod  period,
                                const char          *from,
                                const char          *to)
{
  g_return_if_fail (LW_IS_LEADERBOARD_PAGE (self));

  self->filling = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->from_row), from != NULL ? from : "");
  gtk_editable_set_text (GTK_EDITABLE (self->to_row), to != NULL ? to : "");
  adw_combo_row_set_selected (self->period_row, period);
  self->filling = FALSE;
  filter_changed_cb (self);
}

gboolean
lw_leaderboard_page_set_event (LwLeaderboardPage *self,
                               gint64             event)
{
  g_return_val_if_fail (LW_IS_LEADERBOARD_PAGE (self), FALSE);

  if (event == 0)
    {
      adw_combo_row_set_selected (self->event_row, 0);
      return TRUE;
    }
  for (guint i = 0; i < self->event_ids->len; i++)
    if (g_array_index (self->event_ids, gint64, i) == event)
      {
        adw_combo_row_set_selected (self->event_row, i + 1);
        return TRUE;
      }
  return FALSE;
}

guint
lw_leaderboard_page_get_n_rows (LwLeaderboardPage *self)
{
  g_return_val_if_fail (LW_IS_LEADERBOARD_PAGE (self), 0);

  return self->rows != NULL ? self->rows->len : 0;
}

const LwLeaderboardRow *
lw_leaderboard_page_get_row (LwLeaderboardPage *self,
                             guint              index)
{
  g_return_val_if_fail (LW_IS_LEADERBOARD_PAGE (self), NULL);

  if (self->rows == NULL || index >= self->rows->len)
    return NULL;
  return &g_array_index (self->rows, LwLeaderboardRow, index);
}

char *
lw_leaderboard_page_get_row_text (LwLeaderboardPage *self,
                                  guint              index)
{
  GtkListBoxRow *row;
  GtkLabel *tag;

  g_return_val_if_fail (LW_IS_LEADERBOARD_PAGE (self), NULL);

  row = gtk_list_box_get_row_at_index (self->rows_list, (int) index);
  if (row == NULL)
    return NULL;
  tag = g_object_get_data (G_OBJECT (row), "lw-provisional");
  return g_strdup_printf ("%s\n%s\n%s\n%s%s%s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                          adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                          gtk_label_get_text (g_object_get_data (G_OBJECT (row), "lw-rating")),
                          gtk_label_get_text (g_object_get_data (G_OBJECT (row), "lw-trend")),
                          tag != NULL ? "\n" : "", tag != NULL ? gtk_label_get_text (tag) : "");
}

/* ------------------------------------------------------------------ */
/* The object                                                           */
/* ------------------------------------------------------------------ */

static void
back_action (LwLeaderboardPage *self,
             GVariant          *parameter)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-games", NULL);
}

static void
lw_leaderboard_page_dispose (GObject *object)
{
  LwLeaderboardPage *self = LW_LEADERBOARD_PAGE (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);

  gtk_widget_dispose_template (GTK_WIDGET (self), LW_TYPE_LEADERBOARD_PAGE);

  G_OBJECT_CLASS (lw_leaderboard_page_parent_class)->dispose (object);
}

static void
lw_leaderboard_page_finalize (GObject *object)
{
  LwLeaderboardPage *self = LW_LEADERBOARD_PAGE (object);

  g_clear_object (&self->store);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->task);
  g_clear_pointer (&self->rows, g_array_unref);
  g_clear_pointer (&self->games, games_release);
  g_clear_pointer (&self->event_ids, g_array_unref);
  g_clear_object (&self->event_names);

  G_OBJECT_CLASS (lw_leaderboard_page_parent_class)->finalize (object);
}

/* The page's action, done by a function of the page. */
static const LwWidgetAction leaderboard_actions[] = {
  { "leaderboard.back", NULL, G_CALLBACK (back_action) },
};

static void
lw_leaderboard_page_class_init (LwLeaderboardPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_leaderboard_page_dispose;
  object_class->finalize = lw_leaderboard_page_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-leaderboard-page.ui");
  gtk_widget_class_bind_template_child (widget_class, LwLeaderboardPage, title);
  gtk_widget_class_bind_template_child (widget_class, LwLeaderboardPage, ladder_row);
  gtk_widget_class_bind_template_child (widget_class, LwLeaderboardPage, period_row);
  gtk_widget_class_bind_template_child (widget_class, LwLeaderboardPage, from_row);
  gtk_widget_class_bind_template_child (widget_class, LwLeaderboardPage, to_row);
  gtk_widget_class_bind_template_child (widget_class, LwLeaderboardPage, event_row);
  gtk_widget_class_bind_template_child (widget_class, LwLeaderboardPage, stack);
  gtk_widget_class_bind_template_child (widget_class, LwLeaderboardPage, menu_button);
  gtk_widget_class_bind_template_child (widget_class, LwLeaderboardPage, empty_status);
  gtk_widget_class_bind_template_child (widget_class, LwLeaderboardPage, rows_list);

  lw_widget_class_install_actions (widget_class, leaderboard_actions, G_N_ELEMENTS (leaderboard_actions));
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "leaderboard.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "leaderboard.back", NULL);
}

static void
lw_leaderboard_page_init (LwLeaderboardPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  lw_app_attach_primary_menu (self->menu_button);

  self->event_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->event_names = gtk_string_list_new (NULL);
  self->filling = TRUE;
  adw_combo_row_set_model (self->event_row, G_LIST_MODEL (self->event_names));
  self->filling = FALSE;

  g_signal_connect_swapped (self->ladder_row, "notify::selected", G_CALLBACK (filter_changed_cb), self);
  g_signal_connect_swapped (self->period_row, "notify::selected", G_CALLBACK (filter_changed_cb), self);
  g_signal_connect_swapped (self->event_row, "notify::selected", G_CALLBACK (filter_changed_cb), self);
  g_signal_connect_swapped (self->from_row, "apply", G_CALLBACK (filter_changed_cb), self);
  g_signal_connect_swapped (self->to_row, "apply", G_CALLBACK (filter_changed_cb), self);
  g_signal_connect_swapped (self->from_row, "entry-activated", G_CALLBACK (filter_changed_cb), self);
  g_signal_connect_swapped (self->to_row, "entry-activated", G_CALLBACK (filter_changed_cb), self);
}
