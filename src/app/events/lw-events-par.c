/* lw-events-par.c — a duplicate event's par in the app (DUPLICATE D10)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-events-page-private.h"
#include "lw-events-par.h"
#include "lw-store-event-pars.h"

char *
lw_events_par_level_name (LwBotLevel level)
{
  /* The computer levels as New Game names them. */
  switch (level)
    {
    case LW_BOT_RANDOM:
      /* TRANSLATORS: the computer level that plays any legal card at random (docs/BOTS.md) */
      return g_strdup (C_("computer level", "Random"));
    case LW_BOT_EASY:
      return g_strdup (_("Easy"));
    case LW_BOT_NORMAL:
      return g_strdup (_("Normal"));
    case LW_BOT_EXPERT:
      return g_strdup (_("Expert"));
    case LW_BOT_HARD:
    default:
      return g_strdup (_("Hard"));
    }
}

/* What the worker plays: a copy of the event and the boards. */
typedef struct {
  LwEvent *event;
  gint64   event_id;
  guint    round;
  guint    first;
  guint    last;
} ParJob;

static void
par_job_free (ParJob *job)
{
  lw_event_free (job->event);
  g_free (job);
}

static void
play_par_thread (GTask        *task,
                 gpointer      source,
                 gpointer      data,
                 GCancellable *cancellable)
{
  ParJob *job = data;
  g_autoptr (GPtrArray) pars = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_board_par_free);

  for (guint k = job->first; k <= job->last; k++)
    {
      GError *error = NULL;
      LwBoardPar *par = lw_duplicate_play_par (job->event, k, LW_BOT_HARD, &error);

      if (par == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      g_ptr_array_add (pars, par);
    }
  g_task_return_pointer (task, g_steal_pointer (&pars), (GDestroyNotify) g_ptr_array_unref);
}

static void
play_par_done (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  LwEventsPage *self = LW_EVENTS_PAGE (source);
  ParJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) pars = g_task_propagate_pointer (G_TASK (result), &error);

  /* The page closed meanwhile: nothing is stored. */
  if (self->store == NULL)
    return;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "events.play-par", TRUE);
  if (pars == NULL || !lw_store_set_event_board_pars (self->store, job->event_id, pars, &error))
    {
      lw_events_toast (self, error->message);
      return;
    }
  /* TRANSLATORS: a toast once the computers played an event round's boards (DUPLICATE D10) */
  g_autofree char *text = g_strdup_printf (_("Par played for the boards of round %u"), job->round);
  lw_events_toast (self, text);
}

void
lw_events_play_par_action (LwEventsPage *self,
                           GVariant     *parameter)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (LwEvent) event = NULL;
  ParJob *job;
  guint round;

  if (self->event == NULL || self->event->config.format != LW_EVENT_DUPLICATE)
    return;
  /* The worker plays from its own copy of the event as stored. */
  event = lw_store_load_event (self->store, self->event_id, NULL);
  if (event == NULL)
    return;
  round = self->shown_round >= 1 ? self->shown_round : 1;
  job = g_new0 (ParJob, 1);
  job->event = g_steal_pointer (&event);
  job->event_id = self->event_id;
  job->round = round;
  job->first = lw_duplicate_first_board (job->event, round);
  job->last = job->first + job->event->config.boards_per_round - 1;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "events.play-par", FALSE);
  task = g_task_new (self, NULL, play_par_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) par_job_free);
  g_task_run_in_thread (task, play_par_thread);
}
