/* lw-table-host.c — a game at the virtual table played from other devices
 *
 * The host owns the round (an LwTable); every action goes through
 * lw_table_apply() and the round is saved at once (lw_store_save_table()),
 * as the app's table does. The game's loop is the app's: the deal from
 * lw_table_seats_deal(), the end of a round through
 * lw_store_finish_virtual_round() (the round and its log stored, the game
 * read again, the next dealer and the end of the game from the scoring
 * engine). Computer seats choose in a worker thread (GTask) on a copy of
 * the table, their moves shown after a pause, a finished trick held
 * before a computer leads the next.
 *
 * Each seat's state is built from lw_table_observe() for that seat; the
 * words come from lw-words.c in the seat's language (uselocale()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE  /* F_OFD_SETLK */
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "lw-enum-names.h"
#include "lw-json-text.h"
#include "lw-store-table.h"
#include "lw-table-seats.h"
#include "lw-table-host.h"
#include "lw-table-host-private.h"
#include "lw-words.h"

/* The round's end stays this many trick holds before the next deal. */
#define ROUND_HOLDS 4


G_DEFINE_FINAL_TYPE (LwTableHost, lw_table_host, G_TYPE_OBJECT)

G_DEFINE_QUARK (lw-table-host-error-quark, lw_table_host_error)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void after_change (LwTableHost *self);

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

const int *
lw_table_host_team_of (LwTableHost *self)
{
  return self->record->n_teams > 0 ? self->record->team_of : NULL;
}

void
lw_table_host_seat_names (LwTableHost *self,
            const char  *names[LW_MAX_SEATS])
{
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    names[s] = s < self->record->n_players ? lw_game_record_current_player (self->record, (int) s) : "";
}

static void
changed (LwTableHost *self)
{
  self->version++;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
stop_timer (LwTableHost *self)
{
  if (self->timer != NULL)
    {
      g_source_destroy (self->timer);
      g_clear_pointer (&self->timer, g_source_unref);
    }
}

static void
start_timer (LwTableHost *self,
             guint        msec,
             GSourceFunc  func)
{
  stop_timer (self);
  self->timer = g_timeout_source_new (msec);
  g_source_set_callback (self->timer, func, self, NULL);
  g_source_attach (self->timer, self->context);
}

/* Saves the round with the version the table has once this change is
 * made (every save is followed by changed()). */
static gboolean
save (LwTableHost  *self,
      GError      **error)
{
  g_autofree char *json = NULL;

  if (self->table != NULL && !self->round_over)
    json = lw_table_to_json (self->table);
  return lw_store_save_hosted_round (self->store, self->id, self->seats_json,
                                     json != NULL ? self->round_number : 0, json, self->version + 1, error);
}

/* Who plays a seat, as the stored hosted table names it
 * (lw_store_host_table()), each name at the index of its value. */
static const char *const kind_names[] = {
  [LW_HOST_SEAT_REMOTE] = "remote",
  [LW_HOST_SEAT_COMPUTER] = "computer",
  [LW_HOST_SEAT_LOCAL] = "local",
};

/* Any value but a computer or a local seat is written as remote. */
static const char *
kind_name (LwHostSeatKind kind)
{
  return kind_names[(guint) kind < G_N_ELEMENTS (kind_names) ? (guint) kind : LW_HOST_SEAT_REMOTE];
}

/* A name that is none of kind_names reads as a remote seat. */
static LwHostSeatKind
kind_of_name (const char *name)
{
  guint kind;

  return lw_enum_from_name (kind_names, G_N_ELEMENTS (kind_names), name, &kind)
         ? (LwHostSeatKind) kind : LW_HOST_SEAT_REMOTE;
}

/* Who plays each seat, kept with the table (lw_store_host_table()). */
static gboolean
store_kinds (LwTableHost  *self,
             GError      **error)
{
  const char *kinds[LW_MAX_SEATS];

  for (guint s = 0; s < self->seats.n_players; s++)
    kinds[s] = kind_name (self->kinds[s]);
  return lw_store_host_table (self->store, self->id, self->seats.n_players, kinds, self->seats.level, error);
}

/* Holds game @id of @store for this table: a lock on byte @id of the
 * file "DATABASE-hosts" beside the database, taken on an open file
 * description of its own (F_OFD_SETLK), so that a second table, of this
 * process or another, is refused, and the kernel lets it go when the
 * holder's process ends, however it ends (a crash, SIGKILL). A file of
 * its own and not the database: closing any descriptor of the database
 * would drop SQLite's own locks on it. */
static gboolean
hold_game (LwTableHost  *self,
           GError      **error)
{
  g_autofree char *path = g_strconcat (lw_store_get_path (self->store), "-hosts", NULL);
  struct flock lock = { 0 };
  int fd = open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);

  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   "game %" G_GINT64_FORMAT ": %s cannot be opened to hold the game: %s",
                   self->id, path, g_strerror (saved));
      return FALSE;
    }
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  lock.l_start = (off_t) self->id;
  lock.l_len = 1;
  if (fcntl (fd, F_OFD_SETLK, &lock) != 0)
    {
      int saved = errno;

      close (fd);
      if (saved == EAGAIN || saved == EACCES)
        {
          g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, self->id);

          g_set_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_HOSTED,
                       /* TRANSLATORS: a game of the virtual table is served to other devices already; %s its number */
                       _("Game %s is hosted already, on this computer."), number);
        }
      else
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                     "game %" G_GINT64_FORMAT ": %s: the game cannot be held: %s",
                     self->id, path, g_strerror (saved));
      return FALSE;
    }
  self->hold_fd = fd;
  return TRUE;
}

static void
release_game (LwTableHost *self)
{
  if (self->hold_fd >= 0)
    close (self->hold_fd);
  self->hold_fd = -1;
}

/* ------------------------------------------------------------------ */
/* The game's loop                                                      */
/* ------------------------------------------------------------------ */

static gboolean
new_round (LwTableHost  *self,
           GError      **error)
{
  g_clear_pointer (&self->table, lw_table_free);
  g_clear_pointer (&self->round_end, g_free);
  self->round_number = self->record->rounds->len + 1;
  self->table = lw_table_seats_deal (&self->seats, self->record, self->standings);
  self->round_over = FALSE;
  return save (self, error);
}

static gboolean
next_deal_cb (gpointer user_data)
{
  LwTableHost *self = LW_TABLE_HOST (user_data);
  g_autoptr (GError) error = NULL;

  g_clear_pointer (&self->timer, g_source_unref);
  if (!new_round (self, &error))
    g_warning ("game %" G_GINT64_FORMAT ", round %u: the deal could not be saved: %s",
               self->id, self->round_number, error->message);
  changed (self);
  after_change (self);
  return G_SOURCE_REMOVE;
}

/* The round played to its end: stored with its log, the next deal after
 * the round's end has been shown, or the game over. */
static void
finish_round (LwTableHost *self)
{
  g_autoptr (GError) error = NULL;
  LwStandings *before = self->standings;
  const char *names[LW_MAX_SEATS];

  if (!lw_store_finish_virtual_round (self->store, self->id, self->table, self->seats_json,
                                      &self->record, &self->standings, &error))
    {
      g_warning ("game %" G_GINT64_FORMAT ", round %u: %s", self->id, self->round_number, error->message);
      if (self->standings == before)
        return;
    }
  self->round_over = TRUE;
  self->game_over = self->standings->finished;
  lw_table_host_seat_names (self, names);
  g_free (self->round_end);
  self->round_end = lw_describe_round_end (self->record, self->standings, self->table, names,
                                           self->round_number);
  if (!self->game_over)
    start_timer (self, ROUND_HOLDS * self->hold_ms, next_deal_cb);
}

/* Whether the table shows a finished trick: no play of the next yet. */
static gboolean
finished_trick_shown (LwTableHost *self)
{
  guint n_current = 0;

  lw_table_get_current (self->table, &n_current);
  return lw_table_get_phase (self->table) == LW_PHASE_PLAY && n_current == 0
         && lw_table_get_tricks (self->table)->len > 0;
}

/* What a computer's move is chosen for: the table's version then. */
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
  LwTableHost *self = LW_TABLE_HOST (user_data);
  g_autoptr (GError) error = NULL;

  g_clear_pointer (&self->timer, g_source_unref);
  if (!self->move_ready)
    return G_SOURCE_REMOVE;
  self->move_ready = FALSE;
  if (!lw_table_apply (self->table, &self->move, &error))
    {
      g_warning ("game %" G_GINT64_FORMAT ": the computer's move was refused: %s", self->id, error->message);
      return G_SOURCE_REMOVE;
    }
  if (!save (self, &error))
    g_warning ("game %" G_GINT64_FORMAT ": the round could not be saved: %s", self->id, error->message);
  if (lw_table_get_phase (self->table) == LW_PHASE_END)
    finish_round (self);
  changed (self);
  after_change (self);
  return G_SOURCE_REMOVE;
}

static void
bot_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  LwTableHost *self = LW_TABLE_HOST (source);
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
    wait = MAX (wait, self->hold_ms);
  waited = (g_get_monotonic_time () - data->started) / 1000;
  start_timer (self, waited < (gint64) wait ? wait - (guint) waited : 0, apply_bot_cb);
}

static void
start_bot (LwTableHost *self)
{
  g_autoptr (GTask) task = NULL;
  BotTask *data = g_new0 (BotTask, 1);
  int turn = lw_table_get_turn (self->table);

  self->choosing = TRUE;
  data->job = lw_bot_job_new (self->table, self->seats.level[turn], lw_table_host_team_of (self),
                              lw_table_seats_move_seed (&self->seats, self->round_number, self->table));
  data->version = self->version;
  data->started = g_get_monotonic_time ();

  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  /* The task's callback runs in the host's context. */
  g_main_context_push_thread_default (self->context);
  task = g_task_new (self, self->cancellable, bot_done_cb, NULL);
  g_main_context_pop_thread_default (self->context);
  g_task_set_task_data (task, data, bot_task_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, bot_thread);
}

/* After every change: a computer's move when it is a computer's turn. */
static void
after_change (LwTableHost *self)
{
  int turn;

  if (self->table == NULL || self->round_over || self->game_over || self->choosing || self->timer != NULL)
    return;
  turn = lw_table_get_turn (self->table);
  if (turn != LW_NO_SEAT && self->kinds[turn] == LW_HOST_SEAT_COMPUTER)
    start_bot (self);
}

/* ------------------------------------------------------------------ */
/* Actions                                                              */
/* ------------------------------------------------------------------ */

static gboolean
act (LwTableHost  *self,
     int           seat,
     JsonObject   *action,
     GError      **error)
{
  JsonNode *node;
  const char *id, *what;
  JsonArray *cards = NULL, *as = NULL;
  LwAction move = { 0 };
  g_autoptr (GError) local = NULL;
  gint64 version;
  int turn;

  /* The message's shape. */
  node = json_object_get_member (action, "type");
  if (g_strcmp0 (lw_json_node_string (node), "action") != 0)
    return lw_table_host_bad_message (error, "\"type\" is not \"action\"");
  node = json_object_get_member (action, "id");
  if (!lw_json_node_holds (node, G_TYPE_STRING))
    return lw_table_host_bad_message (error, "\"id\" is missing or not a string");
  id = json_node_get_string (node);
  if (*id == '\0' || strlen (id) > LW_TABLE_HOST_MAX_ID || !g_utf8_validate (id, -1, NULL))
    return lw_table_host_bad_message (error, "\"id\" is empty or longer than 64 characters");
  node = json_object_get_member (action, "version");
  if (!lw_json_node_holds (node, G_TYPE_INT64))
    return lw_table_host_bad_message (error, "\"version\" is missing or not an integer");
  version = json_node_get_int (node);
  node = json_object_get_member (action, "do");
  if (!lw_json_node_holds (node, G_TYPE_STRING))
    return lw_table_host_bad_message (error, "\"do\" is missing or not a string");
  what = json_node_get_string (node);
  if (strcmp (what, "declare") == 0)
    move.kind = LW_ACTION_DECLARE;
  else if (strcmp (what, "decline") == 0)
    move.kind = LW_ACTION_DECLINE;
  else if (strcmp (what, "discard") == 0)
    move.kind = LW_ACTION_DISCARD;
  else if (strcmp (what, "play") == 0)
    move.kind = LW_ACTION_PLAY;
  else
    return lw_table_host_bad_message (error, "\"do\" is not declare, decline, discard or play");
  node = json_object_get_member (action, "cards");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!JSON_NODE_HOLDS_ARRAY (node))
        return lw_table_host_bad_message (error, "\"cards\" is not an array");
      cards = json_node_get_array (node);
    }
  node = json_object_get_member (action, "as");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!JSON_NODE_HOLDS_ARRAY (node) || json_array_get_length (json_node_get_array (node)) > LW_MAX_PLAY)
        return lw_table_host_bad_message (error, "\"as\" is not an array of wildcard meanings");
      as = json_node_get_array (node);
    }
  if ((move.kind == LW_ACTION_DISCARD || move.kind == LW_ACTION_PLAY) && cards == NULL)
    return lw_table_host_bad_message (error, "\"cards\" is missing");

  /* Played once: the same id again changes nothing. */
  if (g_hash_table_contains (self->applied[seat], id))
    {
      g_set_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_DUPLICATE,
                   "action %s of seat %d was already played", id, seat + 1);
      return FALSE;
    }
  if (version < 0 || (guint64) version != self->version)
    {
      g_set_error_literal (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_STALE,
                           /* TRANSLATORS: a remote player acted on a table that has moved on since */
                           _("The table has moved on since: look again and play once more."));
      return FALSE;
    }
  turn = self->table != NULL && !self->round_over && !self->game_over ? lw_table_get_turn (self->table) : LW_NO_SEAT;
  if (turn != seat || self->kinds[seat] == LW_HOST_SEAT_COMPUTER)
    {
      g_set_error_literal (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_NOT_YOUR_TURN,
                           /* TRANSLATORS: a remote player acted when it was not their turn */
                           _("It is not your turn."));
      return FALSE;
    }

  move.seat = seat;
  if (move.kind == LW_ACTION_DISCARD || move.kind == LW_ACTION_PLAY)
    {
      LwCard picked[LW_MAX_HAND];
      guint n = 0;

      if (!lw_table_host_cards_from_json (self, seat, cards, picked, &n, error))
        return FALSE;
      if (move.kind == LW_ACTION_DISCARD)
        {
          if (n != 4)
            {
              g_set_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_REFUSED,
                           /* TRANSLATORS: the declaring Dealer's discard; %u cards chosen */
                           _("Choose 4 cards to discard, not %u."), n);
              return FALSE;
            }
          lw_play_set (&move.play, picked, n);
        }
      else if (!lw_table_host_make_play (self, seat, picked, n, as, &move.play, error))
        return FALSE;
    }

  if (!lw_table_apply (self->table, &move, &local))
    {
      g_autofree char *text = lw_message_capitalize (local->message);

      g_set_error_literal (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_REFUSED, text);
      return FALSE;
    }
  g_hash_table_add (self->applied[seat], g_strdup (id));
  if (!save (self, &local))
    g_warning ("game %" G_GINT64_FORMAT ": the round could not be saved: %s", self->id, local->message);
  if (lw_table_get_phase (self->table) == LW_PHASE_END)
    finish_round (self);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Public API                                                           */
/* ------------------------------------------------------------------ */

static gboolean
invalid (GError    **error,
         const char *message)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, message);
  return FALSE;
}

LwTableHost *
lw_table_host_new (LwStore              *store,
                   guint                 n_players,
                   const char *const    *names,
                   const LwHostSeatKind *kinds,
                   const LwBotLevel     *levels,
                   gboolean              partners,
                   guint64               seed,
                   const LwHouseRules   *rules,
                   GError              **error)
{
  g_autoptr (LwTableHost) self = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (n_players < LW_MIN_SEATS || n_players > LW_MAX_SEATS)
    return invalid (error, "a table has 2 to 8 seats"), NULL;
  if (names == NULL || kinds == NULL)
    return invalid (error, "every seat needs a name and a kind"), NULL;
  if (partners && n_players != 4)
    return invalid (error, "partners play takes 4 seats"), NULL;
  for (guint s = 0; s < n_players; s++)
    {
      if (names[s] == NULL)
        return invalid (error, "every seat needs a name"), NULL;
      if (kinds[s] > LW_HOST_SEAT_LOCAL || (levels != NULL && levels[s] > LW_BOT_EXPERT))
        return invalid (error, "a seat's kind or level is out of range"), NULL;
    }

  record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, n_players, names);
  if (partners)
    lw_game_record_set_teams (record, 2, (const int[]) { 0, 1, 0, 1 });
  if (rules != NULL)
    {
      record->run_fill = rules->runs_inside_only ? LW_RUN_FILL_INSIDE_ONLY : LW_RUN_FILL_INSIDE_OR_END;
      record->over_trump = rules->whole_trick_overtrump ? LW_OVER_TRUMP_WHOLE_TRICK : LW_OVER_TRUMP_WINNING_PLAY;
    }
  if (!lw_game_record_validate (record, &local))
    return invalid (error, local->message), NULL;

  self = g_object_new (LW_TYPE_TABLE_HOST, NULL);
  self->store = g_object_ref (store);
  self->context = g_main_context_ref_thread_default ();
  self->seats.n_players = n_players;
  self->seats.seed = seed != 0 ? seed : ((guint64) g_random_int () << 32) | g_random_int ();
  for (guint s = 0; s < n_players; s++)
    {
      self->kinds[s] = kinds[s];
      self->seats.computer[s] = kinds[s] == LW_HOST_SEAT_COMPUTER;
      self->seats.level[s] = levels != NULL ? levels[s] : LW_BOT_NORMAL;
    }
  self->seats_json = lw_table_seats_to_json (&self->seats);

  /* Stored as New Game → virtual table stores a game. */
  self->id = lw_store_add_game (store, record, error);
  if (self->id <= 0)
    return NULL;
  if (!hold_game (self, error)
      || !lw_store_save_table (store, self->id, self->seats_json, 0, NULL, error)
      || !store_kinds (self, error)
      || !lw_store_reload_game (store, self->id, &self->record, &self->standings, error)
      || !new_round (self, error))
    return NULL;
  self->version = 1;
  after_change (self);
  return g_steal_pointer (&self);
}

static LwTableHost *
open_failed (GError     **error,
             int          code,
             const char  *message)
{
  g_set_error_literal (error, LW_TABLE_HOST_ERROR, code, message);
  return NULL;
}

/* Who plays each seat of a game hosted again: @kinds and @levels given,
 * else as last hosted, else the seats' setup (people remote). */
static gboolean
resume_kinds (LwTableHost          *self,
              const LwHostedTable  *hosted,
              const LwHostSeatKind *kinds,
              const LwBotLevel     *levels,
              GError              **error)
{
  for (guint s = 0; s < self->seats.n_players; s++)
    {
      if (kinds != NULL)
        {
          if (kinds[s] > LW_HOST_SEAT_LOCAL || (levels != NULL && levels[s] > LW_BOT_EXPERT))
            return invalid (error, "a seat's kind or level is out of range");
          self->kinds[s] = kinds[s];
        }
      else if (hosted != NULL && s < hosted->n_seats)
        self->kinds[s] = kind_of_name (hosted->seats[s].kind);
      else
        self->kinds[s] = self->seats.computer[s] ? LW_HOST_SEAT_COMPUTER : LW_HOST_SEAT_REMOTE;
      if (levels != NULL)
        self->seats.level[s] = levels[s];
      else if (hosted != NULL && s < hosted->n_seats && self->kinds[s] == LW_HOST_SEAT_COMPUTER)
        self->seats.level[s] = hosted->seats[s].level;
      self->seats.computer[s] = self->kinds[s] == LW_HOST_SEAT_COMPUTER;
      if (hosted != NULL && s < hosted->n_seats)
        self->link_hash[s] = g_strdup (hosted->seats[s].link_hash);
    }
  return TRUE;
}

LwTableHost *
lw_table_host_open (LwStore              *store,
                    gint64                game_id,
                    const LwHostSeatKind *kinds,
                    const LwBotLevel     *levels,
                    GError              **error)
{
  g_autoptr (LwTableHost) self = NULL;
  g_autoptr (LwStoredTable) stored = NULL;
  g_autoptr (LwHostedTable) hosted = NULL;
  g_autoptr (LwTable) table = NULL;
  g_autoptr (GError) local = NULL;
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, game_id);
  g_autofree char *text = NULL;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (LW_TYPE_TABLE_HOST, NULL);
  self->store = g_object_ref (store);
  self->context = g_main_context_ref_thread_default ();
  self->id = game_id;
  if (!lw_store_reload_game (store, game_id, &self->record, &self->standings, error))
    return NULL;
  if (self->standings->finished)
    return open_failed (error, LW_TABLE_HOST_ERROR_GAME_OVER,
                        /* TRANSLATORS: hosting a game again for remote play; %s the game's number */
                        (text = g_strdup_printf (_("Game %s is over: there is nothing left to play."), number)));
  stored = lw_store_load_table (store, game_id, &local);
  if (stored == NULL && g_error_matches (local, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND))
    return open_failed (error, LW_TABLE_HOST_ERROR_NOT_VIRTUAL,
                        /* TRANSLATORS: hosting a game again for remote play; %s the game's number */
                        (text = g_strdup_printf (_("Game %s is not played at the virtual table."), number)));
  if (stored == NULL)
    return g_propagate_error (error, g_steal_pointer (&local)), NULL;
  if (!lw_table_seats_from_json (stored->seats, &self->seats, &local)
      || self->seats.n_players != self->record->n_players)
    return open_failed (error, LW_TABLE_HOST_ERROR_UNREADABLE,
                        (text = g_strdup_printf ("game %s: the virtual table's seats cannot be read: %s", number,
                                                 local != NULL ? local->message
                                                               : "not as many seats as the game's")));
  hosted = lw_store_load_hosted_table (store, game_id, &local);
  if (hosted == NULL && !g_error_matches (local, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND))
    return g_propagate_error (error, g_steal_pointer (&local)), NULL;
  g_clear_error (&local);
  if (!resume_kinds (self, hosted, kinds, levels, error))
    return NULL;
  /* The round saved, when it is still the game's next one (as the app's
   * table reads it: a round saved before the game's rounds were
   * corrected is dealt again). */
  if (stored->round != NULL && stored->round_number == self->record->rounds->len + 1)
    {
      table = lw_table_from_json (stored->round, -1, &local);
      if (table == NULL)
        return open_failed (error, LW_TABLE_HOST_ERROR_UNREADABLE,
                            (text = g_strdup_printf ("game %s, round %u: the round in progress cannot be read: %s",
                                                     number, stored->round_number, local->message)));
      if (lw_table_get_n_players (table) != self->record->n_players
          || lw_table_get_dealer (table) != self->standings->next_dealer)
        g_clear_pointer (&table, lw_table_free);
    }
  if (!hold_game (self, error))
    return NULL;
  self->seats_json = lw_table_seats_to_json (&self->seats);
  self->version = hosted != NULL ? hosted->version + 1 : 1;
  if (!store_kinds (self, error))
    return NULL;
  if (table != NULL)
    {
      self->table = g_steal_pointer (&table);
      self->round_number = stored->round_number;
      /* The stop came between the round's last card and its storing. */
      if (lw_table_get_phase (self->table) == LW_PHASE_END)
        finish_round (self);
      else if (!save (self, error))
        return NULL;
    }
  else if (!new_round (self, error))
    return NULL;
  after_change (self);
  return g_steal_pointer (&self);
}

gboolean
lw_table_host_close (LwTableHost  *self,
                     GError      **error)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_forget_hosted_table (self->store, self->id, error))
    return FALSE;
  stop_timer (self);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->choosing = FALSE;
  self->move_ready = FALSE;
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    g_clear_pointer (&self->link_hash[s], g_free);
  release_game (self);
  return TRUE;
}

const char *
lw_table_host_get_link_hash (LwTableHost *self,
                             int          seat)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), NULL);
  g_return_val_if_fail (seat >= 0 && (guint) seat < self->record->n_players, NULL);

  return self->link_hash[seat];
}

gboolean
lw_table_host_set_link_hash (LwTableHost  *self,
                             int           seat,
                             const char   *link_hash,
                             GError      **error)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), FALSE);
  g_return_val_if_fail (seat >= 0 && (guint) seat < self->record->n_players, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_set_seat_link_hash (self->store, self->id, (guint) seat, link_hash, error))
    return FALSE;
  g_free (self->link_hash[seat]);
  self->link_hash[seat] = g_strdup (link_hash);
  return TRUE;
}

gint64
lw_table_host_get_game_id (LwTableHost *self)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), 0);

  return self->id;
}

guint
lw_table_host_get_n_players (LwTableHost *self)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), 0);

  return self->record->n_players;
}

const char *
lw_table_host_get_name (LwTableHost *self,
                        int          seat)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), NULL);
  g_return_val_if_fail (seat >= 0 && (guint) seat < self->record->n_players, NULL);

  return lw_game_record_current_player (self->record, seat);
}

JsonNode *
lw_table_host_get_state (LwTableHost *self,
                         int          seat,
                         const char  *lang)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  locale_t old;

  g_return_val_if_fail (LW_IS_TABLE_HOST (self), NULL);
  g_return_val_if_fail (seat >= 0 && (guint) seat < self->record->n_players, NULL);

  old = lw_words_use_lang (lang);
  lw_table_host_build_state (builder, self, seat);
  lw_words_restore_lang (old);
  return json_builder_get_root (builder);
}

guint64
lw_table_host_get_version (LwTableHost *self)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), 0);

  return self->version;
}

gboolean
lw_table_host_act (LwTableHost  *self,
                   int           seat,
                   JsonObject   *action,
                   const char   *lang,
                   GError      **error)
{
  locale_t old;
  gboolean done;

  g_return_val_if_fail (LW_IS_TABLE_HOST (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (seat < 0 || (guint) seat >= self->record->n_players || action == NULL)
    {
      g_set_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_BAD_MESSAGE,
                   "seat %d: no such seat, or no action", seat + 1);
      return FALSE;
    }
  old = lw_words_use_lang (lang);
  done = act (self, seat, action, error);
  lw_words_restore_lang (old);
  if (!done)
    return FALSE;
  changed (self);
  after_change (self);
  return TRUE;
}

void
lw_table_host_set_timing (LwTableHost *self,
                          guint        pause_ms,
                          guint        hold_ms)
{
  g_return_if_fail (LW_IS_TABLE_HOST (self));

  self->pause_ms = pause_ms;
  self->hold_ms = hold_ms;
}

void
lw_table_host_set_seat_kind (LwTableHost    *self,
                             int             seat,
                             LwHostSeatKind  kind,
                             LwBotLevel      level)
{
  g_return_if_fail (LW_IS_TABLE_HOST (self));
  g_return_if_fail (seat >= 0 && (guint) seat < self->record->n_players);
  g_return_if_fail (kind <= LW_HOST_SEAT_LOCAL && level <= LW_BOT_EXPERT);

  if (self->kinds[seat] == kind && (kind != LW_HOST_SEAT_COMPUTER || self->seats.level[seat] == level))
    return;
  /* A computer's move chosen or waiting is dropped when the seat goes back to a person. */
  if (self->kinds[seat] == LW_HOST_SEAT_COMPUTER && kind != LW_HOST_SEAT_COMPUTER && self->table != NULL
      && lw_table_get_turn (self->table) == seat && !self->round_over)
    {
      if (self->cancellable != NULL)
        g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
      self->choosing = FALSE;
      if (self->move_ready)
        stop_timer (self);
      self->move_ready = FALSE;
    }
  self->kinds[seat] = kind;
  self->seats.computer[seat] = kind == LW_HOST_SEAT_COMPUTER;
  if (kind == LW_HOST_SEAT_COMPUTER)
    self->seats.level[seat] = level;
  {
    g_autoptr (GError) error = NULL;

    /* Kept for a restart (its version counts too: it is a change). */
    if (!store_kinds (self, &error) || !save (self, &error))
      g_warning ("game %" G_GINT64_FORMAT ", seat %d: who plays it could not be stored: %s",
                 self->id, seat + 1, error->message);
  }
  changed (self);
  after_change (self);
}

LwHostSeatKind
lw_table_host_get_seat_kind (LwTableHost *self,
                             int          seat)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), LW_HOST_SEAT_REMOTE);
  g_return_val_if_fail (seat >= 0 && (guint) seat < self->record->n_players, LW_HOST_SEAT_REMOTE);

  return self->kinds[seat];
}

gboolean
lw_table_host_is_over (LwTableHost *self)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), FALSE);

  return self->game_over;
}

const LwTable *
lw_table_host_get_table (LwTableHost *self)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), NULL);

  return self->table;
}

/* ------------------------------------------------------------------ */
/* GObject                                                              */
/* ------------------------------------------------------------------ */

static void
lw_table_host_dispose (GObject *object)
{
  LwTableHost *self = LW_TABLE_HOST (object);

  stop_timer (self);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  release_game (self);

  G_OBJECT_CLASS (lw_table_host_parent_class)->dispose (object);
}

static void
lw_table_host_finalize (GObject *object)
{
  LwTableHost *self = LW_TABLE_HOST (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_pointer (&self->record, lw_game_record_free);
  g_clear_pointer (&self->standings, lw_standings_free);
  g_clear_pointer (&self->table, lw_table_free);
  g_clear_pointer (&self->seats_json, g_free);
  g_clear_pointer (&self->round_end, g_free);
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    {
      g_clear_pointer (&self->applied[s], g_hash_table_unref);
      g_clear_pointer (&self->link_hash[s], g_free);
    }

  G_OBJECT_CLASS (lw_table_host_parent_class)->finalize (object);
}

static void
lw_table_host_class_init (LwTableHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = lw_table_host_dispose;
  object_class->finalize = lw_table_host_finalize;

  /**
   * LwTableHost::changed:
   * @self: the table
   *
   * Emitted after every change (a play, a bid, a round stored, a deal,
   * the game over, a seat's kind): every seat's state is to be sent again.
   */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lw_table_host_init (LwTableHost *self)
{
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    self->applied[s] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->hold_ms = 1500;
  self->pause_ms = 600;
  self->hold_fd = -1;
}
