/* lw-store-entry.c — round locks, the game's version and the games kept
 * for event tables (schema 6)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <sqlite3.h>

#include "lw-store-entry.h"
#include "lw-store-events.h"
#include "lw-store-private.h"

static gboolean
count_rounds (LwStore   *self,
              gint64     id,
              gboolean  *game_found,
              gint64    *n_rounds,
              GError   **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self,
                   "SELECT (SELECT count(*) FROM rounds WHERE game = ?1)"
                   " FROM games WHERE id = ?1", error);

  if (stmt == NULL
      || !lw_store_check (self, sqlite3_bind_int64 (stmt, 1, id), error)
      || !lw_store_step_row (self, stmt, game_found, error))
    return FALSE;
  *n_rounds = *game_found ? sqlite3_column_int64 (stmt, 0) : 0;
  return TRUE;
}

gboolean
lw_store_set_round_locked (LwStore   *self,
                           gint64     id,
                           guint      number,
                           gboolean   locked,
                           GError   **error)
{
  gboolean found = FALSE;
  gint64 n_rounds = 0;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  if (!count_rounds (self, id, &found, &n_rounds, error))
    goto fail;
  if (!found)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "no game with ID %" G_GINT64_FORMAT, id);
      goto fail;
    }
  if (locked && (number < 1 || number > n_rounds))
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT " has no round %u", id, number);
      goto fail;
    }
  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self,
                     locked ? "INSERT OR IGNORE INTO round_locks (game, number, locked_at) VALUES (?, ?, ?)"
                            : "DELETE FROM round_locks WHERE game = ? AND number = ?",
                     error);

    if (stmt == NULL
        || !lw_store_check (self, sqlite3_bind_int64 (stmt, 1, id), error)
        || !lw_store_check (self, sqlite3_bind_int64 (stmt, 2, number), error)
        || (locked && !lw_store_check (self, sqlite3_bind_int64 (stmt, 3, g_get_real_time () / G_USEC_PER_SEC), error))
        || !lw_store_step_done (self, stmt, error))
      goto fail;
  }
  return lw_store_commit (self, error);

fail:
  lw_store_rollback (self);
  return FALSE;
}

GArray *
lw_store_list_locked_rounds (LwStore  *self,
                             gint64    id,
                             GError  **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  g_autoptr (GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean has_row = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  stmt = lw_store_stmt (self, "SELECT number FROM round_locks WHERE game = ? ORDER BY number", error);
  if (stmt == NULL || !lw_store_check (self, sqlite3_bind_int64 (stmt, 1, id), error))
    return NULL;
  for (;;)
    {
      guint number;

      if (!lw_store_step_row (self, stmt, &has_row, error))
        return NULL;
      if (!has_row)
        break;
      number = (guint) CLAMP (sqlite3_column_int64 (stmt, 0), 1, G_MAXINT);
      g_array_append_val (numbers, number);
    }
  return g_steal_pointer (&numbers);
}

gboolean
lw_store_is_round_locked (LwStore   *self,
                          gint64     id,
                          guint      number,
                          gboolean  *locked,
                          GError   **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (locked != NULL, FALSE);

  *locked = FALSE;
  stmt = lw_store_stmt (self, "SELECT 1 FROM round_locks WHERE game = ? AND number = ?", error);
  return stmt != NULL
         && lw_store_check (self, sqlite3_bind_int64 (stmt, 1, id), error)
         && lw_store_check (self, sqlite3_bind_int64 (stmt, 2, number), error)
         && lw_store_step_row (self, stmt, locked, error);
}

gboolean
lw_store_get_game_version (LwStore  *self,
                           gint64    id,
                           gint64   *version,
                           GError  **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean found = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (version != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  stmt = lw_store_stmt (self, "SELECT version FROM games WHERE id = ?", error);
  if (stmt == NULL
      || !lw_store_check (self, sqlite3_bind_int64 (stmt, 1, id), error)
      || !lw_store_step_row (self, stmt, &found, error))
    return FALSE;
  if (!found)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "no game with ID %" G_GINT64_FORMAT, id);
      return FALSE;
    }
  *version = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

gboolean
lw_store_store_entered_round (LwStore        *self,
                              gint64          id,
                              guint           number,
                              gboolean        correction,
                              gint64          version,
                              const LwRound  *round,
                              GError        **error)
{
  gint64 now = 0;
  gboolean locked = FALSE;
  guint stored = 0;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* The checks and the write under one write lock: another program's
   * change between them would otherwise be written over or doubled. */
  if (!lw_store_begin_write (self, error))
    return FALSE;
  if (!lw_store_get_game_version (self, id, &now, error))
    goto fail;
  if (now != version)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_CHANGED,
                   "game %" G_GINT64_FORMAT " changed: it is at version %" G_GINT64_FORMAT
                   ", not %" G_GINT64_FORMAT, id, now, version);
      goto fail;
    }
  if (correction)
    {
      if (!lw_store_is_round_locked (self, id, number, &locked, error))
        goto fail;
      if (locked)
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_LOCKED,
                       "round %u of game %" G_GINT64_FORMAT " is locked by the director", number, id);
          goto fail;
        }
      if (!lw_store_replace_round (self, id, number, round, error))
        goto fail;
    }
  else
    {
      if (!lw_store_append_round_numbered (self, id, round, &stored, error))
        goto fail;
      if (stored != number)
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_CHANGED,
                       "game %" G_GINT64_FORMAT ": round %u would be stored as round %u", id, number, stored);
          goto fail;
        }
    }
  return lw_store_commit (self, error);

fail:
  lw_store_rollback (self);
  return FALSE;
}

/* The event table's row: its ID, linked game, kept game and paper flag. */
static gboolean
find_table_row (LwStore   *self,
                gint64     event_id,
                guint      round,
                guint      table,
                gint64    *row_id,
                gint64    *linked,
                gint64    *kept,
                gboolean  *paper,
                GError   **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self,
                   "SELECT t.id, coalesce (t.game, 0), coalesce (k.game, 0), t.paper"
                   " FROM event_tables t LEFT JOIN event_table_games k ON k.event_table = t.id"
                   " WHERE t.event = ? AND t.round = ? AND t.number = ?", error);
  gboolean has_row = FALSE;

  if (stmt == NULL
      || !lw_store_check (self, sqlite3_bind_int64 (stmt, 1, event_id), error)
      || !lw_store_check (self, sqlite3_bind_int64 (stmt, 2, round), error)
      || !lw_store_check (self, sqlite3_bind_int64 (stmt, 3, table), error)
      || !lw_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  if (!has_row)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "event %" G_GINT64_FORMAT " has no round %u, table %u", event_id, round, table);
      return FALSE;
    }
  *row_id = sqlite3_column_int64 (stmt, 0);
  *linked = sqlite3_column_int64 (stmt, 1);
  *kept = sqlite3_column_int64 (stmt, 2);
  *paper = sqlite3_column_int64 (stmt, 3) != 0;
  return TRUE;
}

gboolean
lw_store_get_event_table_game (LwStore  *self,
                               gint64    event_id,
                               guint     round,
                               guint     table,
                               gint64   *game_id,
                               GError  **error)
{
  gint64 row_id = 0, linked = 0, kept = 0;
  gboolean paper = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  *game_id = 0;
  if (!find_table_row (self, event_id, round, table, &row_id, &linked, &kept, &paper, error))
    return FALSE;
  *game_id = linked != 0 ? linked : kept;
  return TRUE;
}

gint64
lw_store_start_event_table_game (LwStore  *self,
                                 gint64    event_id,
                                 guint     round,
                                 guint     table,
                                 GError  **error)
{
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  const LwEventTable *seats;
  const char *names[LW_EVENT_MAX_SEATS];
  gint64 row_id = 0, linked = 0, kept = 0, game_id;
  gboolean paper = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (!find_table_row (self, event_id, round, table, &row_id, &linked, &kept, &paper, error))
    return 0;
  if (linked != 0 || kept != 0 || paper)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "event %" G_GINT64_FORMAT ", round %u, table %u already has %s",
                   event_id, round, table, paper ? "a result from paper" : "a game");
      return 0;
    }

  event = lw_store_load_event (self, event_id, error);
  if (event == NULL)
    return 0;
  seats = lw_event_get_table (event, round, table, error);
  if (seats == NULL)
    return 0;
  for (guint i = 0; i < seats->n_seats; i++)
    {
      const LwEntrant *entrant = g_ptr_array_index (event->entrants, seats->entrants[i]);

      names[i] = entrant->name;
    }
  record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, seats->n_seats, names);
  record->first_dealer = seats->first_dealer;
  if (event->config.format == LW_EVENT_PARTNERS)
    {
      static const int team_of[4] = { 0, 1, 0, 1 };

      lw_game_record_set_teams (record, 2, team_of);
    }

  game_id = lw_store_add_game (self, record, error);
  if (game_id == 0)
    return 0;

  if (!lw_store_begin_write (self, error))
    goto fail_game;
  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self, "INSERT INTO event_table_games (event_table, game) VALUES (?, ?)", error);

    if (stmt == NULL
        || !lw_store_check (self, sqlite3_bind_int64 (stmt, 1, row_id), error)
        || !lw_store_check (self, sqlite3_bind_int64 (stmt, 2, game_id), error)
        || !lw_store_step_done (self, stmt, error))
      {
        lw_store_rollback (self);
        goto fail_game;
      }
  }
  if (!lw_store_commit (self, error))
    goto fail_game;
  return game_id;

fail_game:
  lw_store_delete_game (self, game_id, NULL);
  return 0;
}

gboolean
lw_store_find_event_table_of_game (LwStore  *self,
                                   gint64    game_id,
                                   gint64   *event_id,
                                   guint    *round,
                                   guint    *table,
                                   GError  **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean has_row = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  stmt = lw_store_stmt (self,
                        "SELECT t.event, t.round, t.number FROM event_tables t"
                        " LEFT JOIN event_table_games k ON k.event_table = t.id"
                        " WHERE t.game = ?1 OR k.game = ?1 LIMIT 1", error);
  if (stmt == NULL
      || !lw_store_check (self, sqlite3_bind_int64 (stmt, 1, game_id), error)
      || !lw_store_step_row (self, stmt, &has_row, error)
      || !has_row)
    return FALSE;
  if (event_id != NULL)
    *event_id = sqlite3_column_int64 (stmt, 0);
  if (round != NULL)
    *round = (guint) sqlite3_column_int64 (stmt, 1);
  if (table != NULL)
    *table = (guint) sqlite3_column_int64 (stmt, 2);
  return TRUE;
}

void
lw_event_round_game_free (LwEventRoundGame *game)
{
  if (game == NULL)
    return;
  g_strfreev (game->players);
  g_free (game);
}

GPtrArray *
lw_store_prepare_event_round_games (LwStore  *self,
                                    gint64    event_id,
                                    guint    *round,
                                    GError  **error)
{
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (GPtrArray) games = NULL;
  const LwEventRound *current;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (round != NULL)
    *round = 0;
  event = lw_store_load_event (self, event_id, error);
  if (event == NULL)
    return NULL;
  games = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_event_round_game_free);
  if (event->rounds->len == 0)
    return g_steal_pointer (&games);

  current = g_ptr_array_index (event->rounds, event->rounds->len - 1);
  if (round != NULL)
    *round = current->number;
  for (guint i = 0; i < current->tables->len; i++)
    {
      const LwEventTable *table = &g_array_index (current->tables, LwEventTable, i);
      LwEventRoundGame *game;
      gint64 game_id = 0;

      if (!lw_store_get_event_table_game (self, event_id, current->number, table->number, &game_id, error))
        return NULL;
      /* A result from paper: no game to enter into. */
      if (game_id == 0 && table->has_result)
        continue;
      if (game_id == 0)
        game_id = lw_store_start_event_table_game (self, event_id, current->number, table->number, error);
      if (game_id == 0)
        return NULL;

      game = g_new0 (LwEventRoundGame, 1);
      game->table = table->number;
      game->game_id = game_id;
      game->players = g_new0 (char *, table->n_seats + 1);
      for (guint s = 0; s < table->n_seats; s++)
        {
          const LwEntrant *entrant = g_ptr_array_index (event->entrants, table->entrants[s]);

          game->players[s] = g_strdup (entrant->name);
        }
      g_ptr_array_add (games, game);
    }
  return g_steal_pointer (&games);
}

gboolean
lw_store_round_locks_edited (LwStore     *self,
                             gint64       id,
                             LwEditKind   kind,
                             guint        number,
                             GError     **error)
{
  /* A director's lock stays with its round, or goes with it. Two steps
   * keep (game, number) unique at every row. */
  switch (kind)
    {
    case LW_EDIT_INSERT:
      return lw_store_run2 (self, "UPDATE round_locks SET number = number + 1000000"
                                  " WHERE game = ?1 AND number >= ?2", id, number, error)
             && lw_store_run2 (self, "UPDATE round_locks SET number = number - 999999"
                                     " WHERE game = ?1 AND number > ?2", id, 1000000, error);
    case LW_EDIT_DELETE:
      return lw_store_run2 (self, "DELETE FROM round_locks WHERE game = ?1 AND number = ?2",
                            id, number, error)
             && lw_store_run2 (self, "UPDATE round_locks SET number = number + 1000000"
                                     " WHERE game = ?1 AND number > ?2", id, number, error)
             && lw_store_run2 (self, "UPDATE round_locks SET number = number - 1000001"
                                     " WHERE game = ?1 AND number > ?2", id, 1000000, error);
    case LW_EDIT_REPLACE:
    default:
      return TRUE;
    }
}
