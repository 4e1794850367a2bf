/* lw-table-session.c — one virtual table's loop (lw-table-session.h)
 *
 * The session owns the round (an LwTable); every action goes through
 * lw_table_apply() and the round is saved at once (lw_store_save_table(),
 * or lw_store_save_hosted_round() with the version for a hosted table).
 * The deal comes from lw_table_seats_deal(), the end of a round goes
 * through lw_store_finish_virtual_round() (the round and its log stored,
 * the game read again, the next dealer and the end of the game from the
 * scoring engine). A duplicate board (lw_table_session_new_board()) is
 * dealt from the board, saved nowhere while it is played, and its end is
 * the board's result (lw_store_add_event_board_result()), as the app's
 * board mode enters it; no next deal follows. Computer seats choose in a worker thread (GTask) on a
 * copy of the table, their moves played after a pause, a finished trick
 * held before a computer leads the next.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gio.h>

#include "lw-store-event-boards.h"
#include "lw-store-events.h"
#include "lw-store-hosted.h"
#include "lw-store-table.h"
#include "lw-store-watch.h"
#include "lw-table-facts.h"
#include "lw-table-session.h"

/* The round's end stays this many trick holds before the next deal. */
#define ROUND_HOLDS 4

struct _LwTableSession
{
  GObject parent_instance;

  /* owned */
  LwStore *store;
  GMainContext *context;
  LwGameRecord *record;
  LwStandings *standings;
  LwTable *table;            /* the round dealt; kept once it is over, until the next deal */
  char *seats_json;
  GSource *timer;            /* a computer's move or the next deal, waiting */
  GCancellable *cancellable; /* the computer's choice being made */
  LwEvent *event;            /* a board's event, as last read or stored; NULL for a game */
  GError *board_error;       /* why the board's result was refused, or NULL */

  LwTableSeats seats;
  gint64 id;
  guint round_number;        /* the game's round the table deals, 1-based */
  guint64 version;
  guint pause_ms;
  guint hold_ms;
  gboolean hosted;
  gboolean deal_on_request;  /* the next round waits for lw_table_session_next_round() */
  gboolean on_board;         /* plays one duplicate board (lw_table_session_new_board()) */
  gint64 event_id;
  guint event_round;         /* the board's event round, table and number, 1-based */
  guint event_table;
  guint board;
  gboolean fresh;            /* made by lw_table_session_new(): no round dealt before */
  gboolean started;
  gboolean stopped;
  gboolean round_over;
  gboolean game_over;
  gboolean choosing;         /* a computer seat's move is being chosen */
  gboolean move_ready;       /* the move waits for its pause to be played */
  gboolean hold_stepped;     /* the hold counts lw_table_session_step_hold() only */
  gboolean holding;          /* a computer's lead waits for the finished trick's hold */
  guint held_ms;             /* of the hold, stepped so far */
  LwAction move;
};

G_DEFINE_FINAL_TYPE (LwTableSession, lw_table_session, G_TYPE_OBJECT)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void after_change (LwTableSession *self);

static void
changed (LwTableSession *self)
{
  self->version++;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
stop_timer (LwTableSession *self)
{
  if (self->timer != NULL)
    {
      g_source_destroy (self->timer);
      g_clear_pointer (&self->timer, g_source_unref);
    }
}

static void
start_timer (LwTableSession *self,
             guint           msec,
             GSourceFunc     func)
{
  stop_timer (self);
  self->timer = g_timeout_source_new (msec);
  g_source_set_callback (self->timer, func, self, NULL);
  g_source_attach (self->timer, self->context);
}

/* Drops a computer's choice under way and its move waiting. */
static void
drop_computer_move (LwTableSession *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->choosing = FALSE;
  if (self->move_ready)
    stop_timer (self);
  self->move_ready = FALSE;
  self->holding = FALSE;
}

/* Saves the round; a hosted table's with the version it has once this
 * change is made (every save is followed by changed()). */
static gboolean
save (LwTableSession  *self,
      GError         **error)
{
  g_autofree char *json = NULL;

  /* A board is saved nowhere until its end, its result (as board mode). */
  if (self->on_board)
    return TRUE;
  if (self->table != NULL && !self->round_over)
    json = lw_table_to_json (self->table);
  if (self->hosted)
    return lw_store_save_hosted_round (self->store, self->id, self->seats_json,
                                       json != NULL ? self->round_number : 0, json, self->version + 1, error);
  return lw_store_save_table (self->store, self->id, self->seats_json,
                              json != NULL ? self->round_number : 0, json, error);
}

static void
save_or_warn (LwTableSession *self)
{
  g_autoptr (GError) error = NULL;

  if (!save (self, &error))
    g_warning ("game %" G_GINT64_FORMAT ", round %u: the round could not be saved: %s",
               self->id, self->round_number, error->message);
}

/* ------------------------------------------------------------------ */
/* The game's loop                                                      */
/* ------------------------------------------------------------------ */

static gboolean
new_round (LwTableSession  *self,
           GError         **error)
{
  g_clear_pointer (&self->table, lw_table_free);
  self->round_number = self->record->rounds->len + 1;
  self->table = lw_table_seats_deal (&self->seats, self->record, self->standings);
  self->round_over = FALSE;
  return save (self, error);
}

static gboolean
next_deal_cb (gpointer user_data)
{
  LwTableSession *self = LW_TABLE_SESSION (user_data);
  g_autoptr (GError) error = NULL;

  g_clear_pointer (&self->timer, g_source_unref);
  if (!new_round (self, &error))
    g_warning ("game %" G_GINT64_FORMAT ", round %u: the deal could not be saved: %s",
               self->id, self->round_number, error->message);
  changed (self);
  after_change (self);
  return G_SOURCE_REMOVE;
}

/* A board played to its end: its round's facts entered as the board's
 * result (DUPLICATE D9; refused for a board entered meanwhile, the event
 * read again), the round scored as the board's one-round game (D4); the
 * session is over, the next board being the caller's. */
static void
finish_board (LwTableSession *self)
{
  g_autoptr (LwRound) facts = lw_round_new ();
  g_autoptr (LwEvent) event = NULL;
  LwStandings *after;

  lw_table_round_facts (self->table, lw_table_session_get_team_of (self), facts);
  g_clear_error (&self->board_error);
  event = lw_store_add_event_board_result (self->store, self->event_id, self->event_round, self->event_table,
                                           self->board, facts, &self->board_error);
  self->round_over = TRUE;
  self->game_over = TRUE;
  if (event == NULL)
    {
      g_debug ("event %" G_GINT64_FORMAT ", round %u, table %u: board %u was not entered: %s", self->event_id,
               self->event_round, self->event_table, self->board, self->board_error->message);
      event = lw_store_load_event (self->store, self->event_id, NULL);
      if (event != NULL)
        {
          lw_event_free (self->event);
          self->event = g_steal_pointer (&event);
        }
      return;
    }
  lw_event_free (self->event);
  self->event = g_steal_pointer (&event);
  {
    LwStoreWatch *watch = lw_store_watch_find (self->store);

    if (watch != NULL)
      lw_store_watch_flush (watch);
  }
  g_ptr_array_add (self->record->rounds, lw_round_copy (facts));
  after = lw_standings_compute (self->record, NULL);
  if (after != NULL)
    {
      lw_standings_free (self->standings);
      self->standings = after;
    }
}

/* The round played to its end: stored with its log, the next deal after
 * the round's end has been shown, or the game over. */
static void
finish_round (LwTableSession *self)
{
  g_autoptr (GError) error = NULL;
  LwStandings *before = self->standings;

  if (self->on_board)
    {
      finish_board (self);
      return;
    }
  if (!lw_store_finish_virtual_round (self->store, self->id, self->table, self->seats_json,
                                      &self->record, &self->standings, &error))
    {
      g_warning ("game %" G_GINT64_FORMAT ", round %u: %s", self->id, self->round_number, error->message);
      if (self->standings == before)
        return;
    }
  self->round_over = TRUE;
  self->game_over = self->standings->finished;
  if (!self->game_over && !self->deal_on_request)
    start_timer (self, ROUND_HOLDS * self->hold_ms, next_deal_cb);
}

/* After an action applied: saved, and stored when the round is over. */
static void
applied (LwTableSession *self)
{
  save_or_warn (self);
  if (lw_table_get_phase (self->table) == LW_PHASE_END)
    finish_round (self);
}

/* Whether the table shows a finished trick: no play of the next yet. */
static gboolean
finished_trick_shown (LwTableSession *self)
{
  guint n_current = 0;

  lw_table_get_current (self->table, &n_current);
  return lw_table_get_phase (self->table) == LW_PHASE_PLAY && n_current == 0
         && lw_table_get_tricks (self->table)->len > 0;
}

/* What a computer's move is chosen for: the session's version then. */
typedef struct
{
  LwBotJob *job;
  guint64   version;
  gint64    started;
} BotTask;

static void
bot_task_free (gpointer data)
{
  BotTask *task = data;

  lw_bot_job_free (task->job);
  g_free (task);
}

static void
bot_thread (GTask        *task,
            gpointer      source,
            gpointer      task_data,
            GCancellable *cancellable)
{
  lw_bot_job_run (((BotTask *) task_data)->job);
  g_task_return_boolean (task, TRUE);
}

static gboolean
apply_bot_cb (gpointer user_data)
{
  LwTableSession *self = LW_TABLE_SESSION (user_data);
  g_autoptr (GError) error = NULL;

  g_clear_pointer (&self->timer, g_source_unref);
  if (!self->move_ready)
    return G_SOURCE_REMOVE;
  self->move_ready = FALSE;
  self->holding = FALSE;
  if (!lw_table_apply (self->table, &self->move, &error))
    {
      g_warning ("game %" G_GINT64_FORMAT ": the computer's move was refused: %s", self->id, error->message);
      return G_SOURCE_REMOVE;
    }
  applied (self);
  changed (self);
  after_change (self);
  return G_SOURCE_REMOVE;
}

static void
bot_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  LwTableSession *self = LW_TABLE_SESSION (source);
  BotTask *data = g_task_get_task_data (G_TASK (result));
  gint64 waited;
  guint wait;

  if (!g_task_propagate_boolean (G_TASK (result), NULL)
      || g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  self->choosing = FALSE;
  g_clear_object (&self->cancellable);
  /* Something changed meanwhile (the seat given back to a person). */
  if (data->version != self->version || self->table == NULL)
    {
      after_change (self);
      return;
    }
  self->move = *lw_bot_job_get_action (data->job);
  self->move_ready = TRUE;
  wait = self->pause_ms;
  /* A finished trick stays until it can be read: the lead waits. */
  if (self->hold_ms > 0 && finished_trick_shown (self))
    {
      if (self->hold_stepped)
        {
          self->holding = TRUE;
          self->held_ms = 0;
          return;
        }
      wait = MAX (wait, self->hold_ms);
    }
  waited = (g_get_monotonic_time () - data->started) / 1000;
  start_timer (self, waited < (gint64) wait ? wait - (guint) waited : 0, apply_bot_cb);
}

static void
start_bot (LwTableSession *self)
{
  g_autoptr (GTask) task = NULL;
  BotTask *data = g_new0 (BotTask, 1);
  int turn = lw_table_get_turn (self->table);

  self->choosing = TRUE;
  data->job = lw_bot_job_new (self->table, self->seats.level[turn], lw_table_session_get_team_of (self),
                              lw_table_seats_move_seed (&self->seats, self->round_number, self->table));
  data->version = self->version;
  data->started = g_get_monotonic_time ();

  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  /* The task's callback runs in the session's context. */
  g_main_context_push_thread_default (self->context);
  task = g_task_new (self, self->cancellable, bot_done_cb, NULL);
  g_main_context_pop_thread_default (self->context);
  g_task_set_task_data (task, data, bot_task_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, bot_thread);
}

/* After every change: a computer's move when it is a computer's turn. */
static void
after_change (LwTableSession *self)
{
  int turn;

  if (self->stopped || self->table == NULL || self->round_over || self->game_over || self->choosing
      || self->move_ready || self->timer != NULL)
    return;
  turn = lw_table_get_turn (self->table);
  if (turn != LW_NO_SEAT && self->seats.computer[turn])
    start_bot (self);
}

/* ------------------------------------------------------------------ */
/* Public API                                                           */
/* ------------------------------------------------------------------ */

static LwTableSession *
session_new (LwStore *store)
{
  LwTableSession *self = g_object_new (LW_TYPE_TABLE_SESSION, NULL);

  self->store = g_object_ref (store);
  self->context = g_main_context_ref_thread_default ();
  return self;
}

LwTableSession *
lw_table_session_new (LwStore            *store,
                      const LwGameRecord *record,
                      const LwTableSeats *seats,
                      GError            **error)
{
  g_autoptr (LwTableSession) self = NULL;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (record != NULL && seats != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (seats->n_players != record->n_players || record->rounds->len > 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "a new virtual table: %u seats for a game of %u players%s", seats->n_players,
                   record->n_players, record->rounds->len > 0 ? " with rounds already" : "");
      return NULL;
    }
  if (!lw_game_record_validate (record, error))
    return NULL;
  self = session_new (store);
  self->fresh = TRUE;
  self->seats = *seats;
  if (self->seats.seed == 0)
    self->seats.seed = ((guint64) g_random_int () << 32) | g_random_int ();
  self->seats_json = lw_table_seats_to_json (&self->seats);

  /* Stored as New Game → virtual table stores a game. */
  self->id = lw_store_add_game (store, record, error);
  if (self->id <= 0
      || !lw_store_save_table (store, self->id, self->seats_json, 0, NULL, error)
      || !lw_store_reload_game (store, self->id, &self->record, &self->standings, error))
    return NULL;
  return g_steal_pointer (&self);
}

LwTableSession *
lw_table_session_open (LwStore  *store,
                       gint64    game_id,
                       GError  **error)
{
  g_autoptr (LwTableSession) self = NULL;
  g_autoptr (LwStoredTable) stored = NULL;
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = session_new (store);
  self->id = game_id;
  if (!lw_store_reload_game (store, game_id, &self->record, &self->standings, error))
    return NULL;
  self->game_over = self->standings->finished;
  stored = lw_store_load_table (store, game_id, error);
  if (stored == NULL)
    return NULL;
  if (!lw_table_seats_from_json (stored->seats, &self->seats, &local)
      || self->seats.n_players != self->record->n_players)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT ": the virtual table's seats cannot be read: %s", game_id,
                   local != NULL ? local->message : "not as many seats as the game's");
      return NULL;
    }
  /* The round saved, when it is still the game's next one. */
  if (stored->round != NULL && stored->round_number == self->record->rounds->len + 1)
    {
      LwTable *table = lw_table_from_json (stored->round, -1, &local);

      if (table == NULL)
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "game %" G_GINT64_FORMAT ", round %u: the round in progress cannot be read: %s",
                       game_id, stored->round_number, local->message);
          return NULL;
        }
      if (lw_table_get_n_players (table) == self->record->n_players
          && lw_table_get_dealer (table) == self->standings->next_dealer)
        {
          self->table = table;
          self->round_number = stored->round_number;
        }
      else
        lw_table_free (table);
    }
  self->seats_json = lw_table_seats_to_json (&self->seats);
  return g_steal_pointer (&self);
}

/* The first board of @round not yet entered at @table, 0 once they all are. */
static guint
first_open_board (const LwEvent *event,
                  guint          round,
                  guint          table)
{
  guint first = lw_duplicate_first_board (event, round);

  for (guint k = first; k < first + event->config.boards_per_round; k++)
    if (lw_event_find_board_result (event, round, table, k) == NULL)
      return k;
  return 0;
}

LwTableSession *
lw_table_session_new_board (LwStore             *store,
                            gint64               event_id,
                            guint                round,
                            guint                table,
                            guint                board,
                            const LwTableSeats  *seats,
                            GError             **error)
{
  g_autoptr (LwTableSession) self = NULL;
  g_autoptr (LwEvent) event = NULL;
  const LwEventTable *t;
  LwHouseRules rules;
  LwBoard dealt;
  guint first;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  event = lw_store_load_event (store, event_id, error);
  if (event == NULL)
    return NULL;
  if (event->config.format != LW_EVENT_DUPLICATE)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "event %" G_GINT64_FORMAT ": not a duplicate event: it has no boards", event_id);
      return NULL;
    }
  t = lw_event_get_table (event, round, table, error);
  if (t == NULL)
    return NULL;
  if (seats != NULL && seats->n_players != t->n_seats)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "event round %u, table %u: it has %u seats, the virtual table %u", round, table,
                   t->n_seats, seats->n_players);
      return NULL;
    }
  first = lw_duplicate_first_board (event, round);
  if (board == 0)
    board = first_open_board (event, round, table);
  if (board == 0)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "event round %u, table %u: the round's boards are all entered", round, table);
      return NULL;
    }
  if (board < first || board >= first + event->config.boards_per_round)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "event round %u, table %u: board %u is not one of the round's boards (%u to %u)", round,
                   table, board, first, first + event->config.boards_per_round - 1);
      return NULL;
    }
  if (lw_event_find_board_result (event, round, table, board) != NULL)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "event round %u, table %u: board %u is entered already (DUPLICATE D9)", round, table, board);
      return NULL;
    }

  self = session_new (store);
  self->on_board = TRUE;
  self->event_id = event_id;
  self->event_round = round;
  self->event_table = table;
  self->board = board;
  self->record = lw_duplicate_board_record (event, round, t, board);
  self->standings = lw_standings_compute (self->record, error);
  if (self->standings == NULL)
    return NULL;
  if (seats != NULL)
    self->seats = *seats;
  else
    self->seats.n_players = t->n_seats;   /* every seat a person's */
  /* Dealt from the board exactly (D1), its dealer the board's (D2); the
   * computers' moves seeded by the board, as board mode seeds them. */
  lw_event_board (event, board, &dealt);
  lw_game_record_house_rules (self->record, &rules);
  self->table = lw_board_new_table (&dealt, &rules);
  self->seats.seed = dealt.seed;
  self->round_number = 1;
  self->seats_json = lw_table_seats_to_json (&self->seats);
  self->event = g_steal_pointer (&event);
  return g_steal_pointer (&self);
}

void
lw_table_session_set_hosted (LwTableSession *self,
                             guint64         version)
{
  g_return_if_fail (LW_IS_TABLE_SESSION (self));
  g_return_if_fail (!self->started);
  g_return_if_fail (!self->on_board);

  self->hosted = TRUE;
  self->version = version;
}

gboolean
lw_table_session_start (LwTableSession  *self,
                        GError         **error)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), FALSE);
  g_return_val_if_fail (!self->started, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_clear_pointer (&self->seats_json, g_free);
  self->seats_json = lw_table_seats_to_json (&self->seats);
  if (self->table != NULL)
    {
      /* The stop came between the round's last card and its storing. */
      if (lw_table_get_phase (self->table) == LW_PHASE_END)
        finish_round (self);
      else if (!save (self, error))
        return FALSE;
    }
  else if (!self->game_over && !new_round (self, error))
    return FALSE;
  /* A new hosted table's first deal is saved as its version 1. */
  if (self->hosted && self->fresh)
    self->version++;
  self->started = TRUE;
  after_change (self);
  return TRUE;
}

int
lw_table_session_get_turn (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), LW_NO_SEAT);

  if (self->table == NULL || self->round_over || self->game_over)
    return LW_NO_SEAT;
  return lw_table_get_turn (self->table);
}

gboolean
lw_table_session_apply (LwTableSession  *self,
                        const LwAction  *action,
                        GError         **error)
{
  int turn;

  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  turn = lw_table_session_get_turn (self);
  if (!self->started || self->stopped || turn == LW_NO_SEAT || turn != action->seat || self->seats.computer[turn])
    {
      if (self->on_board)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                     "event round %u, table %u, board %u: seat %d may not act now", self->event_round,
                     self->event_table, self->board, action->seat + 1);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                     "game %" G_GINT64_FORMAT ", round %u: seat %d may not act now", self->id,
                     self->round_number, action->seat + 1);
      return FALSE;
    }
  if (!lw_table_apply (self->table, action, error))
    return FALSE;
  applied (self);
  changed (self);
  after_change (self);
  return TRUE;
}

void
lw_table_session_set_seat (LwTableSession *self,
                           int             seat,
                           gboolean        computer,
                           LwBotLevel      level)
{
  g_return_if_fail (LW_IS_TABLE_SESSION (self));
  g_return_if_fail (seat >= 0 && (guint) seat < self->seats.n_players);
  g_return_if_fail (level <= LW_BOT_EXPERT);

  /* A computer's move chosen or waiting is dropped when the seat goes back to a person. */
  if (self->seats.computer[seat] && !computer && lw_table_session_get_turn (self) == seat)
    drop_computer_move (self);
  self->seats.computer[seat] = computer;
  if (computer)
    self->seats.level[seat] = level;
  g_clear_pointer (&self->seats_json, g_free);
  self->seats_json = lw_table_seats_to_json (&self->seats);
  if (!self->started)
    return;
  save_or_warn (self);
  changed (self);
  after_change (self);
}

void
lw_table_session_set_timing (LwTableSession *self,
                             guint           pause_ms,
                             guint           hold_ms)
{
  g_return_if_fail (LW_IS_TABLE_SESSION (self));

  self->pause_ms = pause_ms;
  self->hold_ms = hold_ms;
}

LwTableUndo
lw_table_session_undo_point (LwTableSession *self,
                             int             seat,
                             guint          *n_actions,
                             int            *led_by)
{
  const GArray *log;
  guint i, n_plays = 0, n_players;

  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), LW_TABLE_UNDO_NOTHING);

  if (!self->started || self->stopped || self->table == NULL || self->round_over || self->game_over
      || seat < 0 || (guint) seat >= self->seats.n_players)
    return LW_TABLE_UNDO_NOTHING;
  log = lw_table_get_log (self->table);
  for (i = log->len; i-- > 0;)
    if (!self->seats.computer[g_array_index (log, LwAction, i).seat])
      break;
  /* Nothing of a person's yet, or another person acted since. */
  if (i == G_MAXUINT || g_array_index (log, LwAction, i).seat != seat)
    return LW_TABLE_UNDO_NOTHING;
  /* A trick is one play by every seat: its lead is every n-th play. */
  n_players = lw_table_get_n_players (self->table);
  for (guint j = 0; j < log->len; j++)
    {
      const LwAction *action = &g_array_index (log, LwAction, j);

      if (action->kind != LW_ACTION_PLAY)
        continue;
      if (j > i && n_plays % n_players == 0)
        {
          if (led_by != NULL)
            *led_by = action->seat;
          return LW_TABLE_UNDO_LED;
        }
      n_plays++;
    }
  if (!lw_table_check_undo (self->table, seat, i, NULL))
    return LW_TABLE_UNDO_PUPS_SEEN;
  if (n_actions != NULL)
    *n_actions = i;
  return LW_TABLE_UNDO_ALLOWED;
}

gboolean
lw_table_session_undo (LwTableSession  *self,
                       int              seat,
                       GError         **error)
{
  LwTable *earlier;
  guint n_actions = 0;
  int led_by = LW_NO_SEAT;

  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  switch (lw_table_session_undo_point (self, seat, &n_actions, &led_by))
    {
    case LW_TABLE_UNDO_ALLOWED:
      break;
    case LW_TABLE_UNDO_PUPS_SEEN:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   "seat %d has seen the Pups: the undo cannot take that back (SCORING R19)", seat + 1);
      return FALSE;
    case LW_TABLE_UNDO_LED:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   "seat %d has led the next trick: that cannot be taken back", led_by + 1);
      return FALSE;
    case LW_TABLE_UNDO_NOTHING:
    default:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   "seat %d has nothing to take back", seat + 1);
      return FALSE;
    }
  earlier = lw_table_replay_prefix (self->table, n_actions, error);
  if (earlier == NULL)
    return FALSE;
  drop_computer_move (self);
  stop_timer (self);
  lw_table_free (self->table);
  self->table = earlier;
  save_or_warn (self);
  changed (self);
  after_change (self);
  return TRUE;
}

void
lw_table_session_set_deal_on_request (LwTableSession *self,
                                      gboolean        on_request)
{
  g_return_if_fail (LW_IS_TABLE_SESSION (self));

  self->deal_on_request = on_request;
}

gboolean
lw_table_session_next_round (LwTableSession  *self,
                             GError         **error)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!self->started || self->stopped || !self->round_over || self->game_over)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   "game %" G_GINT64_FORMAT ", round %u: no next round to deal now", self->id, self->round_number);
      return FALSE;
    }
  stop_timer (self);
  if (!new_round (self, error))
    return FALSE;
  changed (self);
  after_change (self);
  return TRUE;
}

void
lw_table_session_set_hold_stepped (LwTableSession *self,
                                   gboolean        stepped)
{
  g_return_if_fail (LW_IS_TABLE_SESSION (self));

  self->hold_stepped = stepped;
}

gboolean
lw_table_session_step_hold (LwTableSession *self,
                            guint           msec)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), FALSE);

  if (!self->holding)
    return FALSE;
  self->held_ms += msec;
  if (self->held_ms < self->hold_ms)
    return TRUE;
  apply_bot_cb (self);
  return FALSE;
}

gboolean
lw_table_session_is_holding (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), FALSE);
  return self->holding;
}

void
lw_table_session_stop (LwTableSession *self)
{
  g_return_if_fail (LW_IS_TABLE_SESSION (self));

  self->stopped = TRUE;
  stop_timer (self);
  drop_computer_move (self);
}

gint64
lw_table_session_get_game_id (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), 0);
  return self->id;
}

const LwGameRecord *
lw_table_session_get_record (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), NULL);
  return self->record;
}

const LwStandings *
lw_table_session_get_standings (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), NULL);
  return self->standings;
}

const LwTable *
lw_table_session_get_table (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), NULL);
  return self->table;
}

const LwTableSeats *
lw_table_session_get_seats (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), NULL);
  return &self->seats;
}

const int *
lw_table_session_get_team_of (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), NULL);
  return self->record->n_teams > 0 ? self->record->team_of : NULL;
}

guint
lw_table_session_get_round_number (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), 0);
  return self->round_number;
}

guint64
lw_table_session_get_version (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), 0);
  return self->version;
}

gboolean
lw_table_session_is_round_over (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), FALSE);
  return self->round_over;
}

gboolean
lw_table_session_is_over (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), FALSE);
  return self->game_over;
}

gboolean
lw_table_session_is_choosing (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), FALSE);
  return self->choosing || self->move_ready;
}

int
lw_table_session_get_winning_seat (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), LW_NO_SEAT);
  return self->table != NULL && !self->round_over ? lw_table_get_winning_seat (self->table) : LW_NO_SEAT;
}

guint32
lw_table_session_get_obligatory (LwTableSession *self,
                                 guint32         picked)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), 0);
  if (lw_table_session_get_turn (self) == LW_NO_SEAT || lw_table_get_lead (self->table) == NULL)
    return 0;
  return lw_table_obligatory (self->table, picked, NULL);
}

guint
lw_table_session_get_board (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), 0);
  return self->board;
}

const LwEvent *
lw_table_session_get_event (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), NULL);
  return self->event;
}

const GError *
lw_table_session_get_board_error (LwTableSession *self)
{
  g_return_val_if_fail (LW_IS_TABLE_SESSION (self), NULL);
  return self->board_error;
}

/* ------------------------------------------------------------------ */
/* GObject                                                              */
/* ------------------------------------------------------------------ */

static void
lw_table_session_dispose (GObject *object)
{
  LwTableSession *self = LW_TABLE_SESSION (object);

  stop_timer (self);
  drop_computer_move (self);

  G_OBJECT_CLASS (lw_table_session_parent_class)->dispose (object);
}

static void
lw_table_session_finalize (GObject *object)
{
  LwTableSession *self = LW_TABLE_SESSION (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_pointer (&self->record, lw_game_record_free);
  g_clear_pointer (&self->standings, lw_standings_free);
  g_clear_pointer (&self->table, lw_table_free);
  g_clear_pointer (&self->seats_json, g_free);
  g_clear_pointer (&self->event, lw_event_free);
  g_clear_error (&self->board_error);

  G_OBJECT_CLASS (lw_table_session_parent_class)->finalize (object);
}

static void
lw_table_session_class_init (LwTableSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = lw_table_session_dispose;
  object_class->finalize = lw_table_session_finalize;

  /**
   * LwTableSession::changed:
   * @self: the session
   *
   * Emitted after every change (a play, a bid, a round stored, a deal,
   * the game over, a seat given to a computer or a person), once the
   * round is saved: the views show the table again.
   */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lw_table_session_init (LwTableSession *self)
{
  self->hold_ms = 1500;
  self->pause_ms = 600;
}
