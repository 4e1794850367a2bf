/* lw-store-event-tables.c — the scorekeeper games kept for an event's
 * tables while they are played (event_table_games, schema 6), and an
 * event round's tables with their games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-store-private.h"

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
      || !lw_store_bind_int (self, stmt, 1, event_id, error)
      || !lw_store_bind_int (self, stmt, 2, round, error)
      || !lw_store_bind_int (self, stmt, 3, table, error)
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
  g_autoptr (LwRuleSet) rules = NULL;
  const LwEventTable *seats;
  const char *names[LW_EVENT_MAX_SEATS];
  gint64 row_id = 0, linked = 0, kept = 0, game_id;
  gboolean paper = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (!lw_store_club_check_event_writable (self, event_id, error)
      || !find_table_row (self, event_id, round, table, &row_id, &linked, &kept, &paper, error))
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
  rules = lw_store_get_event_rule_set (self, event_id, error);
  if (rules == NULL)
    return 0;
  record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, seats->n_seats, names);
  lw_rule_set_apply (rules, record);
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
  if (!lw_store_run2 (self, "INSERT INTO event_table_games (event_table, game) VALUES (?, ?)", row_id, game_id,
                      error))
    {
      lw_store_rollback (self);
      goto fail_game;
    }
  if (!lw_store_commit (self, error))
    goto fail_game;
  return game_id;

fail_game:
  lw_store_delete_game (self, game_id, NULL);
  return 0;
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
