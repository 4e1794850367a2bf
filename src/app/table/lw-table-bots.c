/* lw-table-bots.c — board mode's computer seats (lw-table-board-mode.c):
 * each move is chosen in a worker thread (GTask) on a copy of the board's
 * table and shown after a short pause (none when animations are off); a
 * lead waits until the finished trick before it has been held long enough
 * to read; a move chosen for a table since replaced (another board) is
 * dropped. A game's table has no such loop in the app: its computer seats
 * are its LwTableSession's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-table-page-private.h"

static void
bot_thread (GTask        *task,
            gpointer      source,
            gpointer      task_data,
            GCancellable *cancellable)
{
  lw_bot_job_run (task_data);
  g_task_return_boolean (task, TRUE);
}

static void
apply_bot_move (LwTablePage *self)
{
  g_autoptr (GError) error = NULL;

  self->boards->bot_timeout = 0;
  self->boards->busy = FALSE;
  if (!lw_table_page_apply_action (self, &self->boards->bot_action, &error))
    lw_table_page_show_error (self, error->message);
}

static void
bot_timeout_cb (gpointer user_data)
{
  apply_bot_move (LW_TABLE_PAGE (user_data));
}

/* The pause before a computer's move is shown: none when animations are
 * off (gtk-enable-animations). */
static guint
computer_pause (LwTablePage *self)
{
  gboolean animations = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &animations, NULL);
  return animations ? self->pause_ms : 0;
}

/* Whether the table shows a finished trick: no play of the next yet. */
static gboolean
finished_trick_shown (const LwTable *table)
{
  guint n_current = 0;

  lw_table_get_current (table, &n_current);
  return lw_table_get_phase (table) == LW_PHASE_PLAY && n_current == 0 && lw_table_get_tricks (table)->len > 0;
}

static void
bot_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  LwTablePage *self = LW_TABLE_PAGE (source);
  LwTableBoards *boards = self->boards;
  guint generation = GPOINTER_TO_UINT (user_data);
  gboolean chosen = g_task_propagate_boolean (G_TASK (result), NULL);
  gint64 started = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (result), "lw-started"));
  gint64 waited = (g_get_monotonic_time () - started) / 1000;
  guint wait;

  /* The board was replaced meanwhile, or board mode ended. */
  if (!chosen || boards == NULL || generation != boards->generation || boards->dealt == NULL)
    return;
  boards->bot_action = *lw_bot_job_get_action (g_task_get_task_data (G_TASK (result)));
  wait = computer_pause (self);
  /* A finished trick stays until it can be read, whatever the
   * animations: the computer's lead waits for its hold. */
  if (self->hold_ms > 0 && finished_trick_shown (boards->dealt))
    wait = MAX (wait, self->hold_ms);
  if (waited < (gint64) wait)
    boards->bot_timeout = g_timeout_add_once (wait - (guint) waited, bot_timeout_cb, self);
  else
    apply_bot_move (self);
}

void
lw_table_page_board_start_bot (LwTablePage *self)
{
  LwTableBoards *boards = self->boards;
  g_autoptr (GTask) task = NULL;
  int turn = lw_table_get_turn (boards->dealt);
  LwBotJob *job = lw_bot_job_new (boards->dealt, boards->seats.level[turn], lw_table_page_team_of (self),
                                  lw_table_seats_move_seed (&boards->seats, 1, boards->dealt));

  boards->busy = TRUE;

  task = g_task_new (self, NULL, bot_done_cb, GUINT_TO_POINTER (boards->generation));
  g_object_set_data (G_OBJECT (task), "lw-started", GSIZE_TO_POINTER ((gsize) g_get_monotonic_time ()));
  g_task_set_task_data (task, job, (GDestroyNotify) lw_bot_job_free);
  g_task_run_in_thread (task, bot_thread);
}

void
lw_table_page_board_stop_bot (LwTablePage *self)
{
  static guint generations;
  LwTableBoards *boards = self->boards;

  if (boards == NULL)
    return;
  /* Never a number an earlier board mode gave: a move chosen for it is
   * dropped. */
  boards->generation = ++generations;
  boards->busy = FALSE;
  if (boards->bot_timeout != 0)
    g_source_remove (boards->bot_timeout);
  boards->bot_timeout = 0;
}
