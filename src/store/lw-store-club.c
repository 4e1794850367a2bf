/* lw-store-club.c — the local half of the club server's sync
 * (docs/CLUB-SERVER.md; tables club_state, club_pushed and club_games of
 * schema 16, club_computer_seats of schema 23: the computer seats of a
 * game taken from the server). SQLite only: src/club/ talks to
 * PostgreSQL.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-bot.h"
#include "lw-json-text.h"
#include "lw-store-private.h"
#include "lw-table-seats.h"

/* The latest time a pulled game is given (9999-12-31 23:59:59 UTC). */
#define MAX_TIME G_GINT64_CONSTANT (253402300799)

void
lw_club_state_free (LwClubState *state)
{
  if (state == NULL)
    return;
  g_free (state->conninfo);
  g_free (state->origin);
  g_free (state->club);
  g_free (state);
}

void
lw_club_game_free (LwClubGame *game)
{
  if (game == NULL)
    return;
  g_free (game->uuid);
  g_free (game->origin);
  g_free (game->origin_name);
  g_free (game->record);
  g_free (game->players);
  g_free (game->computers);
  g_free (game);
}

/* Whether @conninfo names a password (as a keyword of either form). */
static gboolean
conninfo_has_password (const char *conninfo)
{
  g_autofree char *lower = g_ascii_strdown (conninfo, -1);

  return strstr (lower, "password") != NULL;
}

gboolean
lw_store_club_join (LwStore     *self,
                    const char  *conninfo,
                    const char  *origin,
                    GError     **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (conninfo != NULL && origin != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (conninfo_has_password (conninfo))
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "club server: the conninfo holds a password; keep it in the keyring "
                   "or a pgpass file (docs/CLUB-SERVER.md), never in the database");
      return FALSE;
    }
  if (!g_uuid_string_is_valid (origin))
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "club server: origin \"%s\" is not a UUID", origin);
      return FALSE;
    }
  if (!lw_store_begin_write (self, error))
    return FALSE;
  stmt = lw_store_stmt (self,
                        "INSERT INTO club_state (id, conninfo, origin) VALUES (1, ?1, ?2)"
                        " ON CONFLICT (id) DO UPDATE SET conninfo = ?1,"
                        "  origin = ?2, club = CASE WHEN origin = ?2 THEN club END,"
                        "  push_counter = CASE WHEN origin = ?2 THEN push_counter ELSE 0 END,"
                        "  push_pending = CASE WHEN origin = ?2 THEN push_pending ELSE 0 END,"
                        "  pull_seq = CASE WHEN origin = ?2 THEN pull_seq ELSE 0 END,"
                        "  roster_seq = CASE WHEN origin = ?2 THEN roster_seq ELSE 0 END",
                        error);
  ok = stmt != NULL
       && lw_store_bind_text (self, stmt, 1, conninfo, error)
       && lw_store_bind_text (self, stmt, 2, origin, error)
       && lw_store_step_done (self, stmt, error);
  /* Another origin: nothing of this database is on that one's server. */
  ok = ok && lw_store_exec (self,
                            "DELETE FROM club_pushed WHERE (SELECT push_counter FROM club_state) = 0",
                            error)
       && lw_store_exec (self,
                         "DELETE FROM club_roster WHERE (SELECT roster_seq FROM club_state) = 0",
                         error);
  return lw_store_finish (self, ok, error);
}

LwClubState *
lw_store_club_get_state (LwStore   *self,
                         gboolean   counts,
                         GError   **error)
{
  g_autoptr (LwClubState) state = g_new0 (LwClubState, 1);
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean has_row = FALSE;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  stmt = lw_store_query_row (self,
                             counts ?
                             "SELECT conninfo, origin, club, push_counter, push_pending, pull_seq,"
                             "  pushed_at, pulled_at,"
                             "  (SELECT count (*) FROM games AS g WHERE g.uuid NOT IN"
                             "     (SELECT uuid FROM club_games) AND NOT EXISTS (SELECT 1 FROM"
                             "     club_pushed AS p WHERE p.uuid = g.uuid AND p.version = g.version)),"
                             "  (SELECT count (*) FROM club_pushed AS p WHERE p.uuid NOT IN"
                             "     (SELECT uuid FROM games)),"
                             "  (SELECT count (*) FROM club_games)"
                             " FROM club_state"
                             : "SELECT conninfo, origin, club, push_counter, push_pending, pull_seq,"
                               "  pushed_at, pulled_at, 0, 0, 0 FROM club_state",
                             0, 0, &has_row, error);
  ok = stmt != NULL;
  if (ok && !has_row)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "%s: this database has joined no club server (club join)", self->path);
      ok = FALSE;
    }
  if (ok)
    {
      state->conninfo = lw_store_column_dup_text (stmt, 0);
      state->origin = lw_store_column_dup_text (stmt, 1);
      state->club = lw_store_column_dup_text (stmt, 2);
      state->push_counter = sqlite3_column_int64 (stmt, 3);
      state->push_pending = sqlite3_column_int64 (stmt, 4);
      state->pull_seq = sqlite3_column_int64 (stmt, 5);
      state->pushed_at = sqlite3_column_int64 (stmt, 6);
      state->pulled_at = sqlite3_column_int64 (stmt, 7);
      state->waiting = sqlite3_column_int64 (stmt, 8);
      state->waiting_deletions = sqlite3_column_int64 (stmt, 9);
      state->held = sqlite3_column_int64 (stmt, 10);
    }
  g_clear_pointer (&stmt, lw_store_stmt_release);
  ok = ok && (!counts
              || lw_store_club_count_events (self, &state->waiting_events,
                                             &state->waiting_event_deletions,
                                             &state->held_events, error));
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_steal_pointer (&state);
}

/* The roster UUIDs of @record's players and substitutes
 * (lw_store_club_players_json()). */
static char *
record_players (LwStore             *self,
                const LwGameRecord  *record,
                GError             **error)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < record->n_players; i++)
    g_ptr_array_add (names, record->players[i]);
  for (guint i = 0; record->substitutes != NULL && i < record->substitutes->len; i++)
    g_ptr_array_add (names, ((LwSubstitute *) g_ptr_array_index (record->substitutes, i))->name);
  return lw_store_club_players_json (self, (const char *const *) names->pdata, names->len, error);
}

/* Gives @record's players and substitutes their local names: those of
 * their roster entries' players here (lw_store_club_local_name());
 * *@renamed is set when a name may have changed. */
static gboolean
localize_record (LwStore           *self,
                 LwGameRecord      *record,
                 const LwClubGame  *game,
                 gboolean          *renamed,
                 GError           **error)
{
  g_autoptr (JsonObject) players = NULL;
  g_autoptr (LwGameRecord) given = NULL;

  if (!lw_store_club_parse_players (game->players, &players, error))
    return FALSE;
  if (players == NULL)
    return TRUE;
  given = lw_game_record_copy (record);
  for (guint i = 0; i < record->n_players; i++)
    {
      char *local = NULL;

      if (!lw_store_club_local_name (self, players, record->players[i], game->origin_name,
                                     &local, error))
        return FALSE;
      *renamed |= strcmp (local, record->players[i]) != 0;
      g_free (record->players[i]);
      record->players[i] = local;
    }
  for (guint i = 0; record->substitutes != NULL && i < record->substitutes->len; i++)
    {
      LwSubstitute *substitute = g_ptr_array_index (record->substitutes, i);
      char *local = NULL;

      if (!lw_store_club_local_name (self, players, substitute->name, game->origin_name,
                                     &local, error))
        return FALSE;
      *renamed |= strcmp (local, substitute->name) != 0;
      g_free (substitute->name);
      substitute->name = local;
    }
  /* Two seats whose entries were merged into one (the admin's merge of
   * two who sat at this table, written by hand): the game keeps the
   * names its laptop gave, so that it is taken rather than refused at
   * every pull. */
  for (guint i = 0; i < record->n_players; i++)
    for (guint j = 0; j < i; j++)
      if (lw_names_equal (record->players[i], record->players[j]))
        {
          for (guint k = 0; k < record->n_players; k++)
            {
              g_free (record->players[k]);
              record->players[k] = g_strdup (given->players[k]);
            }
          for (guint k = 0; record->substitutes != NULL && k < record->substitutes->len; k++)
            {
              LwSubstitute *substitute = g_ptr_array_index (record->substitutes, k);

              g_free (substitute->name);
              substitute->name = g_strdup (((LwSubstitute *) g_ptr_array_index (given->substitutes,
                                                                                 k))->name);
            }
          return TRUE;
        }
  return TRUE;
}

/* Game @id's computer seats as LwClubGame's @computers (NULL: none). */
static gboolean
computer_seats (LwStore   *self,
                gint64     id,
                char     **computers,
                GError   **error)
{
  gboolean has_row = FALSE;
  g_autoptr (LwStoreStmt) stmt =
    lw_store_query_row (self, "SELECT " LW_STORE_COMPUTER_SEATS ("?1"), id, 0, &has_row, error);

  if (stmt == NULL)
    return FALSE;
  *computers = has_row ? lw_store_column_dup_text (stmt, 0) : NULL;
  return TRUE;
}

/* Stores pulled @game's computer seats (its @computers) as those of game
 * @id here (club_computer_seats), inside a write transaction; a list
 * that is not one (another laptop's role may have written it) is
 * refused, naming the game. */
static gboolean
store_computer_seats (LwStore           *self,
                      const LwClubGame  *game,
                      gint64             id,
                      guint              n_seats,
                      GError           **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) local_error = NULL;
  JsonNode *root;
  JsonArray *seats;

  if (game->computers == NULL)
    return TRUE;
  root = lw_json_parse_checked (parser, game->computers, -1, "its computer seats", &local_error);
  seats = root != NULL && JSON_NODE_HOLDS_ARRAY (root) ? json_node_get_array (root) : NULL;
  if (seats == NULL || json_array_get_length (seats) > n_seats)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "club server: game %s: %s", game->uuid,
                   local_error != NULL ? local_error->message
                   : "its computer seats are no list of at most one per seat");
      return FALSE;
    }
  for (guint i = 0; i < json_array_get_length (seats); i++)
    {
      JsonNode *node = json_array_get_element (seats, i);
      JsonObject *seat = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonNode *number = seat != NULL ? json_object_get_member (seat, "seat") : NULL;
      JsonNode *level = seat != NULL ? json_object_get_member (seat, "level") : NULL;
      LwBotLevel parsed = LW_BOT_NORMAL;
      gint64 n = -1;
      g_autoptr (LwStoreStmt) stmt = NULL;

      if (number != NULL && lw_json_node_holds (number, G_TYPE_INT64))
        n = json_node_get_int (number);
      if (n < 0 || n >= n_seats || level == NULL || !lw_json_node_holds (level, G_TYPE_STRING)
          || !lw_bot_level_from_string (json_node_get_string (level), &parsed))
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                       "club server: game %s: computer seat %u is no seat of its %u with a level",
                       game->uuid, i + 1, n_seats);
          return FALSE;
        }
      stmt = lw_store_stmt (self, "INSERT OR REPLACE INTO club_computer_seats (game, seat, level)"
                                  " VALUES (?1, ?2, ?3)", error);
      if (stmt == NULL
          || !lw_store_bind_int (self, stmt, 1, id, error)
          || !lw_store_bind_int (self, stmt, 2, n, error)
          || !lw_store_bind_text (self, stmt, 3, lw_bot_level_to_string (parsed), error)
          || !lw_store_step_done (self, stmt, error))
        return FALSE;
    }
  return TRUE;
}

GPtrArray *
lw_store_club_list_outgoing (LwStore  *self,
                             GError  **error)
{
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_game_free);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  ok = lw_store_read_ids (self,
                          "SELECT id FROM games AS g WHERE g.uuid NOT IN (SELECT uuid FROM club_games)"
                          " AND NOT EXISTS (SELECT 1 FROM club_pushed AS p"
                          "   WHERE p.uuid = g.uuid AND p.version = g.version)"
                          " ORDER BY id",
                          0, ids, error);
  for (guint i = 0; ok && i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      g_autoptr (LwStoredGame) stored = lw_store_load_game (self, id, error);
      LwClubGame *game;
      gint64 version = 0;

      ok = stored != NULL && lw_store_get_game_version (self, id, &version, error);
      if (!ok)
        break;
      game = g_new0 (LwClubGame, 1);
      game->uuid = g_strdup (stored->record->id);
      game->version = version;
      game->played_at = stored->played_at != 0 ? stored->played_at : stored->created;
      game->record = lw_game_record_to_json (stored->record);
      g_ptr_array_add (games, game);
      game->players = record_players (self, stored->record, error);
      ok = game->players != NULL && computer_seats (self, id, &game->computers, error);
    }
  stmt = ok ? lw_store_query (self,
                              "SELECT uuid, version FROM club_pushed WHERE uuid NOT IN"
                              " (SELECT uuid FROM games) ORDER BY uuid",
                              0, 0, error)
            : NULL;
  while (lw_store_next_row (self, stmt, &ok, error))
    {
      LwClubGame *game = g_new0 (LwClubGame, 1);

      game->uuid = lw_store_column_dup_text (stmt, 0);
      game->version = sqlite3_column_int64 (stmt, 1);
      g_ptr_array_add (games, game);
    }
  ok = ok && stmt != NULL;
  g_clear_pointer (&stmt, lw_store_stmt_release);
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_steal_pointer (&games);
}

gboolean
lw_store_club_set_push_pending (LwStore    *self,
                                gint64      pending,
                                GPtrArray  *games,
                                GError    **error)
{
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (pending >= 1 && games != NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  /* Each own game the server may hold after this push gets its row
   * before the push (version -1: still waiting), so that a game deleted
   * here after a push cut between the server's commit and ours still
   * leaves a row, and its deletion is sent (one the server never took
   * changes nothing there). */
  ok = lw_store_run1 (self, "UPDATE club_state SET push_pending = ?", pending, error);
  for (guint i = 0; ok && i < games->len; i++)
    {
      const LwClubGame *game = g_ptr_array_index (games, i);

      if (!game->is_event && game->record != NULL)
        ok = lw_store_run_text (self,
                                "INSERT OR IGNORE INTO club_pushed (uuid, version)"
                                " SELECT uuid, -1 FROM games WHERE uuid = ?1 AND ?2 = ?2"
                                "  AND uuid NOT IN (SELECT uuid FROM club_games)",
                                game->uuid, 0, error);
    }
  return lw_store_finish (self, ok, error);
}

gboolean
lw_store_club_ack_push (LwStore     *self,
                        gint64       counter,
                        const char  *club,
                        GPtrArray   *games,
                        GError     **error)
{
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (counter >= 1 && club != NULL && games != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  ok = TRUE;
  for (guint i = 0; ok && i < games->len; i++)
    {
      const LwClubGame *game = g_ptr_array_index (games, i);
      g_autoptr (LwStoreStmt) stmt = NULL;

      if (game->is_event)
        {
          ok = lw_store_club_ack_event (self, game, error);
          continue;
        }
      stmt = lw_store_stmt (self,
                            game->record != NULL
                            ? "INSERT OR REPLACE INTO club_pushed (uuid, version) VALUES (?1, ?2)"
                            : "DELETE FROM club_pushed WHERE uuid = ?1 AND ?2 = ?2",
                            error);

      ok = stmt != NULL
           && lw_store_bind_text (self, stmt, 1, game->uuid, error)
           && lw_store_bind_int (self, stmt, 2, game->version, error)
           && lw_store_step_done (self, stmt, error);
    }
  if (ok)
    {
      g_autoptr (LwStoreStmt) stmt =
        lw_store_stmt (self,
                       "UPDATE club_state SET push_counter = ?1, push_pending = ?1, club = ?2,"
                       " pushed_at = ?3",
                       error);

      ok = stmt != NULL
           && lw_store_bind_int (self, stmt, 1, counter, error)
           && lw_store_bind_text (self, stmt, 2, club, error)
           && lw_store_bind_int (self, stmt, 3, g_get_real_time () / G_USEC_PER_SEC, error)
           && lw_store_step_done (self, stmt, error);
    }
  return lw_store_finish (self, ok, error);
}

/* A pull's records are read and hashed (lw_game_record_from_json(),
 * lw_game_record_body_hash(): the engine's part of storing a pulled game,
 * about half of its time) on a worker thread, while the store's thread
 * stores the games before them: at most PREPARE_AHEAD bytes of records
 * ahead of the next game to store (always that one), so that a batch's
 * records take little more memory read than as text. The worker touches
 * the engine only, never the database. */
#define PREPARE_AHEAD (4 * 1024 * 1024)

typedef struct {
  LwGameRecord *record;  /* NULL: not read (error says why), or nothing to read */
  char         *hash;    /* lw_game_record_body_hash() of record as read, or NULL */
  GError       *error;
  gsize         size;    /* bytes of its record's text */
} Prepared;

typedef struct {
  GMutex     lock;
  GCond      cond;
  GPtrArray *games;     /* the pull's games, in order (a copy of the pointers) */
  Prepared  *prepared;  /* one per game */
  guint      done;      /* games prepared */
  guint      taken;     /* games taken by the store's thread */
  gsize      ahead;     /* bytes of the records prepared and not taken */
  gboolean   stop;
  GThread   *thread;
} Preparer;

static void
prepared_clear (Prepared *prepared)
{
  g_clear_pointer (&prepared->record, lw_game_record_free);
  g_clear_pointer (&prepared->hash, g_free);
  g_clear_error (&prepared->error);
}

static gpointer
prepare_games (gpointer data)
{
  Preparer *self = data;

  for (guint i = 0; i < self->games->len; i++)
    {
      const LwClubGame *game = g_ptr_array_index (self->games, i);
      Prepared prepared = { NULL, NULL, NULL, 0 };
      gboolean stop;

      g_mutex_lock (&self->lock);
      while (!self->stop && i > self->taken && self->ahead >= PREPARE_AHEAD)
        g_cond_wait (&self->cond, &self->lock);
      stop = self->stop;
      g_mutex_unlock (&self->lock);
      if (stop)
        break;
      if (!game->is_event && !game->too_large && game->record != NULL)
        {
          prepared.size = strlen (game->record);
          prepared.record = lw_game_record_from_json (game->record, -1, &prepared.error);
          if (prepared.record != NULL && prepared.record->rounds->len > 0)
            prepared.hash = lw_game_record_body_hash (prepared.record);
        }
      g_mutex_lock (&self->lock);
      self->prepared[i] = prepared;
      self->ahead += prepared.size;
      self->done = i + 1;
      g_cond_broadcast (&self->cond);
      g_mutex_unlock (&self->lock);
    }
  return NULL;
}

/* Starts reading @games' records ahead (@games is not changed meanwhile:
 * a copy of its pointers is read; each game stays alive until taken). */
static Preparer *
preparer_start (GPtrArray *games)
{
  Preparer *self = g_new0 (Preparer, 1);

  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
  self->games = g_ptr_array_copy (games, NULL, NULL);
  g_ptr_array_set_free_func (self->games, NULL);  /* the copy frees no game */
  self->prepared = g_new0 (Prepared, games->len);
  self->thread = g_thread_new ("lw-club-pull", prepare_games, self);
  return self;
}

/* Game @i's preparation, moved into *@prepared (to clear), once the
 * worker has made it; in order, once each. */
static void
preparer_take (Preparer  *self,
               guint      i,
               Prepared  *prepared)
{
  g_return_if_fail (i == self->taken && i < self->games->len);

  g_mutex_lock (&self->lock);
  while (self->done <= i)
    g_cond_wait (&self->cond, &self->lock);
  *prepared = self->prepared[i];
  memset (&self->prepared[i], 0, sizeof self->prepared[i]);
  self->ahead -= prepared->size;
  self->taken = i + 1;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
}

/* Stops the worker and frees what it prepared and was not taken. */
static void
preparer_free (Preparer *self)
{
  g_mutex_lock (&self->lock);
  self->stop = TRUE;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
  g_thread_join (self->thread);
  for (guint i = self->taken; i < self->done; i++)
    prepared_clear (&self->prepared[i]);
  g_free (self->prepared);
  g_ptr_array_unref (self->games);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->cond);
  g_free (self);
}

/* Game @id's rows go (0: none), as a pull removes or replaces a game held
 * from another laptop: no copy is kept in the edit log (the game is the
 * other laptop's, and the server keeps it). The tables of events held
 * here whose result it is are added to @tables, to stay linked to its new
 * copy (import_relinked()). */
static gboolean
remove_held_game (LwStore  *self,
                  gint64    id,
                  GArray   *tables,
                  GError  **error)
{
  return id == 0
         || (lw_store_read_ids (self, "SELECT id FROM event_tables WHERE game = ?", id, tables, error)
             && lw_store_run1 (self, "DELETE FROM edits WHERE game = ?", id, error)
             && lw_store_run1 (self, "DELETE FROM games WHERE id = ?", id, error));
}

/* Stores pulled @game (a record, not a deletion) as a new game here;
 * @prepared (nullable): its record read ahead (prepare_games()), taken. */
static gboolean
import_pulled (LwStore           *self,
               const LwClubGame  *game,
               Prepared          *prepared,
               GError           **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autofree char *hash = NULL;
  gboolean renamed = FALSE;
  gint64 same = 0;
  gint64 id = 0;

  if (prepared != NULL && (prepared->record != NULL || prepared->error != NULL))
    {
      record = g_steal_pointer (&prepared->record);
      hash = g_steal_pointer (&prepared->hash);
      local_error = g_steal_pointer (&prepared->error);
    }
  else
    record = lw_game_record_from_json (game->record, -1, &local_error);

  /* The game keeps its owner's time (its played time, else when it was
   * made there: what push sends as played_at), not the pull's, so that
   * the Games list and the ratings' order are the owner's; a time a
   * laptop's role wrote out of range (before 1970, past 9999) is not
   * taken. */
  if (record != NULL && g_strcmp0 (record->id, game->uuid) == 0
      && localize_record (self, record, game, &renamed, &local_error)
      && (id = lw_store_import_hashed (self, record, renamed ? NULL : hash, &same,
                                       &local_error)) > 0)
    return store_computer_seats (self, game, id, record->n_players, error)
           && (game->played_at <= 0 || game->played_at > MAX_TIME
               || lw_store_run2 (self, "UPDATE games SET created = ?1 WHERE id = ?2",
                                 game->played_at, id, error));
  if (local_error == NULL)
    g_set_error (&local_error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                 same != 0 ? "stored here already" : "its record's id is not its UUID");
  g_set_error (error, local_error->domain, local_error->code,
               "club server: game %s: %s", game->uuid, local_error->message);
  return FALSE;
}

/* Stores pulled @game (a record) as import_pulled() does, and links the
 * event tables of @tables (remove_held_game()) to it: their events name
 * it by UUID. */
static gboolean
import_relinked (LwStore           *self,
                 const LwClubGame  *game,
                 GArray            *tables,
                 Prepared          *prepared,
                 GError           **error)
{
  if (!import_pulled (self, game, prepared, error))
    return FALSE;
  for (guint i = 0; i < tables->len; i++)
    if (!lw_store_run_text (self,
                            "UPDATE event_tables SET game = (SELECT id FROM games WHERE uuid = ?1)"
                            " WHERE id = ?2",
                            game->uuid, g_array_index (tables, gint64, i), error))
      return FALSE;
  return TRUE;
}

/* Game @id here (0: none) becomes pulled @game (a record, or a deletion),
 * held from @game's origin: as a pull replaces a held game, and as
 * lw_store_club_resolve_conflict() replaces this laptop's copy. Inside a
 * write transaction. */
static gboolean
replace_with_pulled (LwStore           *self,
                     gint64             id,
                     const LwClubGame  *game,
                     Prepared          *prepared,
                     GError           **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  g_autoptr (GArray) tables = g_array_new (FALSE, FALSE, sizeof (gint64));

  /* The tables of events held here whose result the game is stay linked
   * to its new copy (their events name it by UUID). */
  if (!remove_held_game (self, id, tables, error))
    return FALSE;
  if (game->record == NULL)
    {
      stmt = lw_store_stmt (self, "DELETE FROM club_games WHERE uuid = ?", error);
      return stmt != NULL
             && lw_store_bind_text (self, stmt, 1, game->uuid, error)
             && lw_store_step_done (self, stmt, error);
    }
  if (!import_relinked (self, game, tables, prepared, error))
    return FALSE;
  stmt = lw_store_stmt (self,
                        "INSERT OR REPLACE INTO club_games (uuid, origin, origin_name, version)"
                        " VALUES (?, ?, ?, ?)",
                        error);
  return stmt != NULL
         && lw_store_bind_text (self, stmt, 1, game->uuid, error)
         && lw_store_bind_text (self, stmt, 2, game->origin, error)
         && lw_store_bind_text (self, stmt, 3, game->origin_name, error)
         && lw_store_bind_int (self, stmt, 4, game->version, error)
         && lw_store_step_done (self, stmt, error);
}

/* One change of the server, inside lw_store_club_apply_pulled()'s
 * transaction; @own: the change is of this laptop's own origin (then
 * *@taken_back, nullable, is set to the version acknowledged here when the
 * change was an own event older here, taken back; else -1:
 * lw_store_club_apply_event()); @prepared (nullable): its record read
 * ahead. */
static gboolean
apply_one (LwStore           *self,
           const LwClubGame  *game,
           gboolean           own,
           gint64            *taken_back,
           Prepared          *prepared,
           GError           **error)
{
  gint64 event_taken_back = -1;
  gint64 id = 0;
  gint64 held_version = -1;
  gboolean has_row = FALSE;
  g_autoptr (LwStoreStmt) stmt = NULL;

  if (game->too_large)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "club server: %s %s: its %s over the limit of a game record (%d MiB)",
                   game->is_event ? "event" : "game", game->uuid,
                   game->is_event ? "facts are" : "record is",
                   LW_GAME_RECORD_MAX_BYTES / (1024 * 1024));
      return FALSE;
    }
  if (taken_back != NULL)
    *taken_back = -1;
  if (game->is_event)
    return lw_store_club_apply_event (self, game, own,
                                      taken_back != NULL ? taken_back : &event_taken_back, error);
  stmt = lw_store_stmt (self,
                        "SELECT g.id, c.version FROM games AS g LEFT JOIN club_games AS c"
                        " ON c.uuid = g.uuid WHERE g.uuid = ?",
                        error);
  if (stmt == NULL
      || !lw_store_bind_text (self, stmt, 1, game->uuid, error)
      || !lw_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  if (has_row)
    {
      id = sqlite3_column_int64 (stmt, 0);
      if (sqlite3_column_type (stmt, 1) != SQLITE_NULL)
        held_version = sqlite3_column_int64 (stmt, 1);
    }
  g_clear_pointer (&stmt, lw_store_stmt_release);

  if (own)
    {
      /* A new sync after a restore: what the server holds of this laptop
       * and the database lost comes back as its own; what it holds stays. */
      if (id != 0 || game->record == NULL)
        return TRUE;
      if (!import_pulled (self, game, prepared, error))
        return FALSE;
      stmt = lw_store_stmt (self,
                            "INSERT OR REPLACE INTO club_pushed (uuid, version)"
                            " SELECT uuid, version FROM games WHERE uuid = ?",
                            error);
      return stmt != NULL
             && lw_store_bind_text (self, stmt, 1, game->uuid, error)
             && lw_store_step_done (self, stmt, error);
    }

  /* A game of this laptop's own with the same UUID (the same record
   * imported on two laptops) stays as it is: the server names the
   * conflict, and lw_store_club_resolve_conflict() ends it. */
  if (id != 0 && held_version < 0)
    return TRUE;
  if (id != 0 && held_version == game->version && game->record != NULL)
    return TRUE;
  return replace_with_pulled (self, id, game, prepared, error);
}

/* Whether @error is about the change's own data (its record or facts),
 * not the store's failure (a full disk, a lock). */
static gboolean
is_refusal (const GError *error)
{
  return error->domain != LW_STORE_ERROR || error->code == LW_STORE_ERROR_INVALID;
}

gboolean
lw_store_club_apply_pulled (LwStore     *self,
                            GPtrArray   *games,
                            gint64       pull_seq,
                            guint       *refused,
                            GPtrArray   *refusals,
                            GError     **error)
{
  g_autoptr (LwClubState) state = NULL;
  Preparer *preparer = NULL;
  guint next = 0;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (games != NULL && pull_seq >= 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (refused != NULL)
    *refused = 0;
  if (!lw_store_begin_write (self, error))
    return FALSE;
  state = lw_store_club_get_state (self, FALSE, error);
  ok = state != NULL;
  /* One change is read here; more are read ahead on a worker thread. */
  if (ok && games->len > 1)
    preparer = preparer_start (games);
  for (guint i = 0; ok && i < games->len; i++)
    {
      const LwClubGame *game = g_ptr_array_index (games, i);
      g_autoptr (GError) local_error = NULL;
      Prepared prepared = { NULL, NULL, NULL, 0 };
      gboolean applied;

      if (preparer != NULL)
        preparer_take (preparer, next++, &prepared);
      /* Each change in a level of its own: a refused one is undone alone. */
      ok = lw_store_begin_write (self, error);
      if (!ok)
        {
          prepared_clear (&prepared);
          break;
        }
      applied = apply_one (self, game, g_strcmp0 (game->origin, state->origin) == 0, NULL,
                           preparer != NULL ? &prepared : NULL, &local_error);
      prepared_clear (&prepared);
      if (lw_store_finish (self, applied, &local_error))
        continue;
      if (local_error == NULL)
        g_set_error (&local_error, LW_STORE_ERROR, LW_STORE_ERROR_FAILED,
                     "club server: %s: cannot be stored", game->uuid);
      if (!is_refusal (local_error))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          ok = FALSE;
          break;
        }
      if (refused != NULL)
        *refused += 1;
      if (refusals != NULL)
        {
          g_autofree char *place = g_strdup_printf ("club server: %s %s: ",
                                                    game->is_event ? "event" : "game", game->uuid);
          const char *why = g_str_has_prefix (local_error->message, place)
                            ? local_error->message + strlen (place) : local_error->message;

          g_ptr_array_add (refusals,
                           g_strdup_printf ("club server: %s %s from laptop \u201c%s\u201d"
                                            " not taken: %s",
                                            game->is_event ? "event" : "game", game->uuid,
                                            game->origin_name != NULL ? game->origin_name : "?",
                                            why));
        }
      g_ptr_array_remove_index (games, i--);
    }
  g_clear_pointer (&preparer, preparer_free);
  ok = ok && lw_store_club_link_held_tables (self, FALSE, error);
  if (ok)
    {
      g_autoptr (LwStoreStmt) stmt =
        lw_store_stmt (self, "UPDATE club_state SET pull_seq = max (pull_seq, ?1), pulled_at = ?2",
                       error);

      ok = stmt != NULL
           && lw_store_bind_int (self, stmt, 1, pull_seq, error)
           && lw_store_bind_int (self, stmt, 2, g_get_real_time () / G_USEC_PER_SEC, error)
           && lw_store_step_done (self, stmt, error);
    }
  return lw_store_finish (self, ok, error);
}

gboolean
lw_store_club_rewind_pull (LwStore  *self,
                           gint64    last,
                           GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (last >= 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  return lw_store_finish (self,
                          lw_store_run1 (self,
                                         "UPDATE club_state SET"
                                         " pull_seq = CASE WHEN pull_seq > ?1 THEN 0 ELSE pull_seq END,"
                                         " roster_seq = CASE WHEN roster_seq > ?1 THEN 0"
                                         "  ELSE roster_seq END"
                                         " WHERE pull_seq > ?1 OR roster_seq > ?1",
                                         last, error),
                          error);
}

gboolean
lw_store_club_restart (LwStore    *self,
                       gint64      counter,
                       GPtrArray  *own,
                       GPtrArray  *taken_back,
                       GArray     *versions,
                       GError    **error)
{
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (counter >= 0 && own != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  /* Own events are pushed again as they are here; a deletion the backup
   * does not know of is not sent. */
  ok = lw_store_exec (self, "DELETE FROM club_pushed", error)
       && lw_store_exec (self,
                         "DELETE FROM club_events WHERE origin IS NULL AND event IS NULL", error)
       && lw_store_exec (self, "UPDATE club_events SET facts = NULL WHERE origin IS NULL", error)
       && lw_store_run1 (self,
                         "UPDATE club_state SET push_counter = ?1, push_pending = ?1, pull_seq = 0,"
                         " roster_seq = 0",
                         counter, error);
  for (guint i = 0; ok && i < own->len; i++)
    {
      gint64 back = -1;

      ok = apply_one (self, g_ptr_array_index (own, i), TRUE, &back, NULL, error);
      if (ok && back >= 0 && taken_back != NULL)
        g_ptr_array_add (taken_back, g_ptr_array_index (own, i));
      if (ok && back >= 0 && versions != NULL)
        g_array_append_val (versions, back);
    }
  /* The own events taken back (their facts kept as acknowledged) link the
   * games that came after them. */
  ok = ok && lw_store_club_link_held_tables (self, TRUE, error);
  return lw_store_finish (self, ok, error);
}

/* One game of lw_store_club_take_back(), inside its transaction. */
static gboolean
take_back_one (LwStore           *self,
               const LwClubGame  *game,
               GError           **error)
{
  g_autoptr (GArray) tables = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, "SELECT id FROM games WHERE uuid = ?", error);
  gboolean has_row = FALSE;
  gint64 id = 0;

  if (stmt == NULL
      || !lw_store_bind_text (self, stmt, 1, game->uuid, error)
      || !lw_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  if (has_row)
    id = sqlite3_column_int64 (stmt, 0);
  g_clear_pointer (&stmt, lw_store_stmt_release);
  if (!remove_held_game (self, id, tables, error))
    return FALSE;
  if (game->record == NULL)
    return lw_store_run_text (self, "DELETE FROM club_pushed WHERE uuid = ?1 AND ?2 = ?2",
                              game->uuid, 0, error);
  if (!import_relinked (self, game, tables, NULL, error))
    return FALSE;
  /* The server's version, so that the game counts as pushed and its next
   * change here is a later version than the server's. */
  return lw_store_run_text (self, "UPDATE games SET version = ?2 WHERE uuid = ?1",
                            game->uuid, game->version, error)
         && lw_store_run_text (self,
                               "INSERT OR REPLACE INTO club_pushed (uuid, version) VALUES (?1, ?2)",
                               game->uuid, game->version, error);
}

gboolean
lw_store_club_take_back (LwStore    *self,
                         GPtrArray  *games,
                         GError    **error)
{
  gboolean ok = TRUE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (games != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  for (guint i = 0; ok && i < games->len; i++)
    {
      const LwClubGame *game = g_ptr_array_index (games, i);

      ok = game->is_event ? lw_store_club_take_back_event (self, game, error)
                          : take_back_one (self, game, error);
    }
  return lw_store_finish (self, ok, error);
}

gboolean
lw_store_club_check_writable (LwStore  *self,
                              gint64    id,
                              GError  **error)
{
  gboolean has_row = FALSE;
  g_autoptr (LwStoreStmt) stmt =
    lw_store_query_row (self,
                        "SELECT c.origin_name FROM games AS g JOIN club_games AS c"
                        " ON c.uuid = g.uuid WHERE g.id = ?",
                        id, 0, &has_row, error);

  if (stmt == NULL)
    return FALSE;
  if (!has_row)
    return TRUE;
  g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
               "game %" G_GINT64_FORMAT " belongs to club laptop \u201c%s\u201d: it is read-only "
               "here; correct it on that laptop", id, sqlite3_column_text (stmt, 0));
  return FALSE;
}

gboolean
lw_store_club_find_game (LwStore      *self,
                         gint64        id,
                         char        **uuid,
                         gint64       *found,
                         char        **origin_name,
                         gint64       *version,
                         GError      **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean has_row = FALSE;
  gboolean held = FALSE;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (uuid != NULL && found != NULL, FALSE);
  g_return_val_if_fail (id > 0 || *uuid != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  *found = 0;
  if (origin_name != NULL)
    *origin_name = NULL;
  if (version != NULL)
    *version = 0;
  if (!lw_store_begin_read (self, error))
    return FALSE;
  stmt = lw_store_stmt (self,
                        "SELECT g.id, g.uuid, c.origin_name, c.version FROM games AS g"
                        " LEFT JOIN club_games AS c ON c.uuid = g.uuid"
                        " WHERE (?1 > 0 AND g.id = ?1) OR (?1 = 0 AND g.uuid = ?2)",
                        error);
  ok = stmt != NULL
       && lw_store_bind_int (self, stmt, 1, id, error)
       && lw_store_bind_text (self, stmt, 2, id > 0 ? NULL : *uuid, error)
       && lw_store_step_row (self, stmt, &has_row, error);
  if (ok && has_row)
    {
      *found = sqlite3_column_int64 (stmt, 0);
      if (id > 0)
        *uuid = lw_store_column_dup_text (stmt, 1);
      held = sqlite3_column_type (stmt, 2) != SQLITE_NULL;
      if (origin_name != NULL)
        *origin_name = lw_store_column_dup_text (stmt, 2);
      if (version != NULL && held)
        *version = sqlite3_column_int64 (stmt, 3);
    }
  else if (ok && id > 0)
    {
      lw_store_set_not_found (error, "game", id);
      ok = FALSE;
    }
  g_clear_pointer (&stmt, lw_store_stmt_release);
  if (ok && has_row && !held && version != NULL)
    ok = lw_store_get_game_version (self, *found, version, error);
  return lw_store_finish (self, ok, error);
}

GPtrArray *
lw_store_club_list_own_uuids (LwStore  *self,
                              GError  **error)
{
  g_autoptr (GPtrArray) uuids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  stmt = lw_store_query (self,
                         "SELECT uuid FROM games WHERE uuid NOT IN (SELECT uuid FROM club_games)"
                         " ORDER BY id",
                         0, 0, error);
  while (lw_store_next_row (self, stmt, &ok, error))
    g_ptr_array_add (uuids, lw_store_column_dup_text (stmt, 0));
  ok = ok && stmt != NULL;
  g_clear_pointer (&stmt, lw_store_stmt_release);
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_steal_pointer (&uuids);
}

/* The push's row of @uuid goes: the UUID is no longer sent from here (no
 * deletion of it either). */
static gboolean
forget_pushed (LwStore     *self,
               const char  *uuid,
               GError     **error)
{
  g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, "DELETE FROM club_pushed WHERE uuid = ?", error);

  return stmt != NULL
         && lw_store_bind_text (self, stmt, 1, uuid, error)
         && lw_store_step_done (self, stmt, error);
}

gboolean
lw_store_club_resolve_conflict (LwStore           *self,
                                gint64             id,
                                const LwClubGame  *theirs,
                                gboolean           keep_mine,
                                gint64            *theirs_id,
                                GError           **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  g_autoptr (LwClubState) state = NULL;
  g_autofree char *uuid = NULL;
  g_autofree char *held_from = NULL;
  gboolean has_row = FALSE;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (id > 0 && theirs != NULL && theirs->uuid != NULL, FALSE);
  g_return_val_if_fail (!theirs->is_event && !theirs->too_large, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (theirs_id != NULL)
    *theirs_id = 0;
  if (!lw_store_begin_write (self, error))
    return FALSE;
  state = lw_store_club_get_state (self, FALSE, error);
  stmt = state != NULL
         ? lw_store_query_row (self,
                               "SELECT g.uuid, c.origin_name FROM games AS g"
                               " LEFT JOIN club_games AS c ON c.uuid = g.uuid WHERE g.id = ?",
                               id, 0, &has_row, error)
         : NULL;
  ok = stmt != NULL;
  if (ok && has_row)
    {
      uuid = lw_store_column_dup_text (stmt, 0);
      held_from = lw_store_column_dup_text (stmt, 1);
    }
  g_clear_pointer (&stmt, lw_store_stmt_release);
  if (ok && !has_row)
    {
      lw_store_set_not_found (error, "game", id);
      ok = FALSE;
    }
  else if (ok && (held_from != NULL || g_strcmp0 (uuid, theirs->uuid) != 0
                  || state->origin == NULL || g_strcmp0 (theirs->origin, state->origin) == 0))
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT " is in no conflict: %s", id,
                   held_from != NULL ? "it is another club laptop's, held here read-only"
                   : state->origin == NULL ? "this database syncs with no club server"
                   : "no other club laptop has sent a game with its id");
      ok = FALSE;
    }

  if (ok && keep_mine)
    {
      /* Mine becomes a new game of this laptop (a new UUID, sent with the
       * next sync); the id it shared goes to theirs, held here as every
       * other laptop's game is. */
      g_autofree char *fresh = g_uuid_string_random ();

      ok = lw_store_run_text (self, "UPDATE games SET uuid = ?1 WHERE id = ?2", fresh, id, error)
           && forget_pushed (self, uuid, error)
           && replace_with_pulled (self, 0, theirs, NULL, error);
    }
  else if (ok)
    {
      /* Mine goes, with its edit log, as a held game replaced by a pull. */
      ok = forget_pushed (self, uuid, error)
           && replace_with_pulled (self, id, theirs, NULL, error);
    }
  if (ok && theirs_id != NULL && theirs->record != NULL)
    {
      stmt = lw_store_stmt (self, "SELECT id FROM games WHERE uuid = ?", error);
      ok = stmt != NULL
           && lw_store_bind_text (self, stmt, 1, theirs->uuid, error)
           && lw_store_step_row (self, stmt, &has_row, error);
      if (ok && has_row)
        *theirs_id = sqlite3_column_int64 (stmt, 0);
      g_clear_pointer (&stmt, lw_store_stmt_release);
    }
  return lw_store_finish (self, ok, error);
}
