/* lw-table-host.c — a game at the virtual table played from other devices
 *
 * The game's loop is an LwTableSession (src/table/): the deal, every
 * action through the engine, the round saved with the table's version,
 * its end stored, computer seats on a worker thread and the trick held.
 * The host is its transport: it reads a seat's "action" message, refuses
 * what is stale, not the seat's turn or played already, keeps who plays
 * each seat and its link, holds the game against a second host, and
 * builds each seat's state from lw_table_observe() for that seat; the
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


G_DEFINE_FINAL_TYPE (LwTableHost, lw_table_host, G_TYPE_OBJECT)

G_DEFINE_QUARK (lw-table-host-error-quark, lw_table_host_error)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

const int *
lw_table_host_team_of (LwTableHost *self)
{
  return lw_table_session_get_team_of (self->session);
}

void
lw_table_host_seat_names (LwTableHost *self,
                          const char  *names[LW_MAX_SEATS])
{
  const LwGameRecord *record = lw_table_session_get_record (self->session);

  for (guint s = 0; s < LW_MAX_SEATS; s++)
    names[s] = s < record->n_players ? lw_game_record_current_player (record, (int) s) : "";
}

/* Every change of the session is one of the table's: its states are
 * sent again. */
static void
session_changed (LwTableSession *session,
                 LwTableHost    *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
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

  const LwTableSeats *seats = lw_table_session_get_seats (self->session);

  for (guint s = 0; s < seats->n_players; s++)
    kinds[s] = kind_name (self->kinds[s]);
  return lw_store_host_table (self->store, self->id, seats->n_players, kinds, seats->level, error);
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
/* Actions                                                              */
/* ------------------------------------------------------------------ */

static gboolean
act (LwTableHost               *self,
     int                        seat,
     const LwTableHostMessage  *action,
     GError                   **error)
{
  LwAction move = { 0 };
  g_autoptr (GError) local = NULL;
  const char *id = action->id;
  int turn;

  /* Its shape was checked (lw_table_host_read_message()): a readings
   * request is not an action. */
  if (action->readings)
    return lw_table_host_bad_message (error, "\"type\" is not \"action\"");
  move.kind = action->kind;

  /* Played once: the same id again changes nothing. */
  if (g_hash_table_contains (self->applied[seat], id))
    {
      g_set_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_DUPLICATE,
                   "action %s of seat %d was already played", id, seat + 1);
      return FALSE;
    }
  if (action->version < 0 || (guint64) action->version != lw_table_session_get_version (self->session))
    {
      g_set_error_literal (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_STALE,
                           /* TRANSLATORS: a remote player acted on a table that has moved on since */
                           _("The table has moved on since: look again and play once more."));
      return FALSE;
    }
  turn = lw_table_session_get_turn (self->session);
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

      if (!lw_table_host_cards_from_json (self, seat, action->cards, picked, &n, error))
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
      else if (!lw_table_host_make_play (self, seat, picked, n, action->as, &move.play, error))
        return FALSE;
    }

  if (!lw_table_session_apply (self->session, &move, &local))
    {
      g_autofree char *text = lw_message_capitalize (local->message);

      g_set_error_literal (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_REFUSED, text);
      return FALSE;
    }
  g_hash_table_add (self->applied[seat], g_strdup (id));
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

/* A host for @session, its seats played as @kinds say. */
static LwTableHost *
host_new (LwStore        *store,
          LwTableSession *session)
{
  LwTableHost *self = g_object_new (LW_TYPE_TABLE_HOST, NULL);

  self->store = g_object_ref (store);
  self->session = g_object_ref (session);
  self->id = lw_table_session_get_game_id (session);
  g_signal_connect (session, "changed", G_CALLBACK (session_changed), self);
  return self;
}

LwTableHost *
lw_table_host_new_for_game (LwStore              *store,
                            const LwGameRecord   *record,
                            const LwHostSeatKind *kinds,
                            const LwBotLevel     *levels,
                            guint64               seed,
                            GError              **error)
{
  g_autoptr (LwTableHost) self = NULL;
  g_autoptr (LwTableSession) session = NULL;
  LwTableSeats seats = { 0 };

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (record == NULL || record->n_players < LW_MIN_SEATS || record->n_players > LW_MAX_SEATS)
    return invalid (error, "a table has 2 to 8 seats"), NULL;
  if (kinds == NULL)
    return invalid (error, "every seat needs a name and a kind"), NULL;
  seats.n_players = record->n_players;
  seats.seed = seed;
  for (guint s = 0; s < record->n_players; s++)
    {
      if (kinds[s] > LW_HOST_SEAT_LOCAL || (levels != NULL && levels[s] > LW_BOT_EXPERT))
        return invalid (error, "a seat's kind or level is out of range"), NULL;
      seats.computer[s] = kinds[s] == LW_HOST_SEAT_COMPUTER;
      seats.level[s] = levels != NULL ? levels[s] : LW_BOT_NORMAL;
    }

  /* Stored as New Game → virtual table stores a game. */
  session = lw_table_session_new (store, record, &seats, error);
  if (session == NULL)
    return NULL;
  self = host_new (store, session);
  memcpy (self->kinds, kinds, sizeof (LwHostSeatKind) * record->n_players);
  lw_table_session_set_hosted (session, 0);
  if (!hold_game (self, error)
      || !store_kinds (self, error)
      || !lw_table_session_start (session, error))
    return NULL;
  return g_steal_pointer (&self);
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
    if (names[s] == NULL)
      return invalid (error, "every seat needs a name"), NULL;

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
  return lw_table_host_new_for_game (store, record, kinds, levels, seed, error);
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
  const LwTableSeats *seats = lw_table_session_get_seats (self->session);

  for (guint s = 0; s < seats->n_players; s++)
    {
      LwBotLevel level = seats->level[s];

      if (kinds != NULL)
        {
          if (kinds[s] > LW_HOST_SEAT_LOCAL || (levels != NULL && levels[s] > LW_BOT_EXPERT))
            return invalid (error, "a seat's kind or level is out of range");
          self->kinds[s] = kinds[s];
        }
      else if (hosted != NULL && s < hosted->n_seats)
        self->kinds[s] = kind_of_name (hosted->seats[s].kind);
      else
        self->kinds[s] = seats->computer[s] ? LW_HOST_SEAT_COMPUTER : LW_HOST_SEAT_REMOTE;
      if (levels != NULL)
        level = levels[s];
      else if (hosted != NULL && s < hosted->n_seats && self->kinds[s] == LW_HOST_SEAT_COMPUTER)
        level = hosted->seats[s].level;
      /* Not started yet: only noted. */
      lw_table_session_set_seat (self->session, (int) s, self->kinds[s] == LW_HOST_SEAT_COMPUTER,
                                 level <= LW_BOT_EXPERT ? level : LW_BOT_NORMAL);
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
  g_autoptr (LwTableSession) session = NULL;
  g_autoptr (LwHostedTable) hosted = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GError) local = NULL;
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, game_id);
  g_autofree char *text = NULL;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_reload_game (store, game_id, &record, &standings, error))
    return NULL;
  if (standings->finished)
    return open_failed (error, LW_TABLE_HOST_ERROR_GAME_OVER,
                        /* TRANSLATORS: hosting a game again for remote play; %s the game's number */
                        (text = g_strdup_printf (_("Game %s is over: there is nothing left to play."), number)));
  session = lw_table_session_open (store, game_id, &local);
  if (session == NULL && g_error_matches (local, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND))
    return open_failed (error, LW_TABLE_HOST_ERROR_NOT_VIRTUAL,
                        /* TRANSLATORS: hosting a game again for remote play; %s the game's number */
                        (text = g_strdup_printf (_("Game %s is not played at the virtual table."), number)));
  if (session == NULL && g_error_matches (local, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID))
    return open_failed (error, LW_TABLE_HOST_ERROR_UNREADABLE, local->message);
  if (session == NULL)
    return g_propagate_error (error, g_steal_pointer (&local)), NULL;
  hosted = lw_store_load_hosted_table (store, game_id, &local);
  if (hosted == NULL && !g_error_matches (local, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND))
    return g_propagate_error (error, g_steal_pointer (&local)), NULL;
  g_clear_error (&local);
  self = host_new (store, session);
  if (!resume_kinds (self, hosted, kinds, levels, error))
    return NULL;
  if (!hold_game (self, error))
    return NULL;
  lw_table_session_set_hosted (session, hosted != NULL ? hosted->version + 1 : 1);
  if (!store_kinds (self, error)
      || !lw_table_session_start (session, error))
    return NULL;
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
  lw_table_session_stop (self->session);
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
  g_return_val_if_fail (seat >= 0 && (guint) seat < lw_table_host_get_n_players (self), NULL);

  return self->link_hash[seat];
}

gboolean
lw_table_host_set_link_hash (LwTableHost  *self,
                             int           seat,
                             const char   *link_hash,
                             GError      **error)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), FALSE);
  g_return_val_if_fail (seat >= 0 && (guint) seat < lw_table_host_get_n_players (self), FALSE);
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

  return lw_table_session_get_record (self->session)->n_players;
}

const char *
lw_table_host_get_name (LwTableHost *self,
                        int          seat)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), NULL);
  g_return_val_if_fail (seat >= 0 && (guint) seat < lw_table_host_get_n_players (self), NULL);

  return lw_game_record_current_player (lw_table_session_get_record (self->session), seat);
}

JsonNode *
lw_table_host_get_state (LwTableHost *self,
                         int          seat,
                         const char  *lang)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  locale_t old;

  g_return_val_if_fail (LW_IS_TABLE_HOST (self), NULL);
  g_return_val_if_fail (seat >= 0 && (guint) seat < lw_table_host_get_n_players (self), NULL);

  old = lw_words_use_lang (lang);
  lw_table_host_build_state (builder, self, seat);
  lw_words_restore_lang (old);
  return json_builder_get_root (builder);
}

guint64
lw_table_host_get_version (LwTableHost *self)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), 0);

  return lw_table_session_get_version (self->session);
}

/* Whether @seat is one of the table's and there is an action. */
static gboolean
check_seat (LwTableHost  *self,
            int           seat,
            gconstpointer action,
            GError      **error)
{
  if (seat >= 0 && (guint) seat < lw_table_host_get_n_players (self) && action != NULL)
    return TRUE;
  g_set_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_BAD_MESSAGE,
               "seat %d: no such seat, or no action", seat + 1);
  return FALSE;
}

gboolean
lw_table_host_act (LwTableHost  *self,
                   int           seat,
                   JsonObject   *action,
                   const char   *lang,
                   GError      **error)
{
  LwTableHostMessage message;
  locale_t old;
  gboolean done;

  g_return_val_if_fail (LW_IS_TABLE_HOST (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_seat (self, seat, action, error))
    return FALSE;
  old = lw_words_use_lang (lang);
  done = lw_table_host_read_message (action, &message, error) && act (self, seat, &message, error);
  lw_words_restore_lang (old);
  return done;
}

gboolean
lw_table_host_act_message (LwTableHost               *self,
                           int                        seat,
                           const LwTableHostMessage  *action,
                           const char                *lang,
                           GError                   **error)
{
  locale_t old;
  gboolean done;

  g_return_val_if_fail (LW_IS_TABLE_HOST (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_seat (self, seat, action, error))
    return FALSE;
  old = lw_words_use_lang (lang);
  done = act (self, seat, action, error);
  lw_words_restore_lang (old);
  return done;
}

void
lw_table_host_set_timing (LwTableHost *self,
                          guint        pause_ms,
                          guint        hold_ms)
{
  g_return_if_fail (LW_IS_TABLE_HOST (self));

  lw_table_session_set_timing (self->session, pause_ms, hold_ms);
}

void
lw_table_host_set_seat_kind (LwTableHost    *self,
                             int             seat,
                             LwHostSeatKind  kind,
                             LwBotLevel      level)
{
  g_return_if_fail (LW_IS_TABLE_HOST (self));
  g_return_if_fail (seat >= 0 && (guint) seat < lw_table_host_get_n_players (self));
  g_return_if_fail (kind <= LW_HOST_SEAT_LOCAL && level <= LW_BOT_EXPERT);

  if (self->kinds[seat] == kind
      && (kind != LW_HOST_SEAT_COMPUTER || lw_table_session_get_seats (self->session)->level[seat] == level))
    return;
  self->kinds[seat] = kind;
  /* A computer's move chosen or waiting is dropped when the seat goes
   * back to a person; the change counts in the version. */
  lw_table_session_set_seat (self->session, seat, kind == LW_HOST_SEAT_COMPUTER,
                             kind == LW_HOST_SEAT_COMPUTER ? level
                                                           : lw_table_session_get_seats (self->session)->level[seat]);
  {
    g_autoptr (GError) error = NULL;

    /* Kept for a restart. */
    if (!store_kinds (self, &error))
      g_warning ("game %" G_GINT64_FORMAT ", seat %d: who plays it could not be stored: %s",
                 self->id, seat + 1, error->message);
  }
}

LwHostSeatKind
lw_table_host_get_seat_kind (LwTableHost *self,
                             int          seat)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), LW_HOST_SEAT_REMOTE);
  g_return_val_if_fail (seat >= 0 && (guint) seat < lw_table_host_get_n_players (self), LW_HOST_SEAT_REMOTE);

  return self->kinds[seat];
}

gboolean
lw_table_host_is_over (LwTableHost *self)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), FALSE);

  return lw_table_session_is_over (self->session);
}

const LwTable *
lw_table_host_get_table (LwTableHost *self)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), NULL);

  return lw_table_session_get_table (self->session);
}

LwTableSession *
lw_table_host_get_session (LwTableHost *self)
{
  g_return_val_if_fail (LW_IS_TABLE_HOST (self), NULL);

  return self->session;
}

/* ------------------------------------------------------------------ */
/* GObject                                                              */
/* ------------------------------------------------------------------ */

static void
lw_table_host_dispose (GObject *object)
{
  LwTableHost *self = LW_TABLE_HOST (object);

  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      lw_table_session_stop (self->session);
    }
  g_clear_object (&self->session);
  release_game (self);

  G_OBJECT_CLASS (lw_table_host_parent_class)->dispose (object);
}

static void
lw_table_host_finalize (GObject *object)
{
  LwTableHost *self = LW_TABLE_HOST (object);

  g_clear_object (&self->store);
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
  self->hold_fd = -1;
}
