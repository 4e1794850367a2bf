/* lw-store-event-rounds.c — an event's rounds in the database: pairing
 * and storing the next round (its byes, tables and seats), its tables'
 * results (scores from paper, or a stored game), a finished game becoming
 * its table's result, and the games an event's results name
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-store-event-rounds.h"
#include "lw-store-private.h"

static gboolean
insert_round (LwStore             *self,
              gint64               id,
              const LwEventRound  *round,
              GError             **error)
{
  if (!lw_store_run3 (self, "INSERT INTO event_rounds (event, number, paired_at) VALUES (?, ?, ?)",
                      id, round->number, g_get_real_time () / G_USEC_PER_SEC, error))
    return FALSE;
  for (guint b = 0; b < round->byes->len; b++)
    if (!lw_store_run3 (self, "INSERT INTO event_byes (event, round, entrant) VALUES (?, ?, ?)",
                        id, round->number, g_array_index (round->byes, int, b), error))
      return FALSE;
  for (guint t = 0; t < round->tables->len; t++)
    {
      const LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);
      gint64 table_id;

      {
        g_autoptr (LwStoreStmt) stmt =
          lw_store_stmt (self,
                         "INSERT INTO event_tables (event, round, number, first_dealer)"
                         " VALUES (?, ?, ?, ?)", error);

        if (stmt == NULL
            || !lw_store_bind_int (self, stmt, 1, id, error)
            || !lw_store_bind_int (self, stmt, 2, round->number, error)
            || !lw_store_bind_int (self, stmt, 3, table->number, error)
            || !lw_store_bind_int (self, stmt, 4, table->first_dealer, error)
            || !lw_store_step_done (self, stmt, error))
          return FALSE;
        table_id = sqlite3_last_insert_rowid (sqlite3_db_handle (stmt));
      }
      for (guint s = 0; s < table->n_seats; s++)
        if (!lw_store_run3 (self, "INSERT INTO event_seats (event_table, seat, entrant) VALUES (?, ?, ?)",
                            table_id, s, table->entrants[s], error))
          return FALSE;
    }
  return TRUE;
}

/* A game kept for one of the event's tables that is finished but is not
 * its table's result (a database written before the round that finishes
 * a game linked it, lw_store_link_finished_game()) is linked
 * now, inside the open write transaction, and *@event read again. */
static gboolean
link_finished_kept_games (LwStore   *self,
                          gint64     id,
                          LwEvent  **event,
                          GError   **error)
{
  g_autoptr (GArray) games = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint linked = 0;

  if (!lw_store_read_ids (self,
                          "SELECT k.game FROM event_table_games k"
                          " JOIN event_tables t ON t.id = k.event_table"
                          " WHERE t.event = ? AND t.game IS NULL AND t.paper = 0",
                          id, games, error))
    return FALSE;

  for (guint i = 0; i < games->len; i++)
    {
      gint64 game_id = g_array_index (games, gint64, i);
      g_autoptr (LwStoredGame) game = lw_store_load_game_as_stored (self, game_id, error);
      g_autoptr (LwStandings) standings = NULL;

      if (game == NULL)
        return FALSE;
      standings = lw_standings_compute (game->record, NULL);
      if (standings == NULL || !standings->finished)
        continue;
      if (!lw_store_link_finished_game (self, game_id, game->record, standings, error))
        return FALSE;
      linked++;
    }
  if (linked > 0)
    {
      LwEvent *reread = lw_store_load_event (self, id, error);

      if (reread == NULL)
        return FALSE;
      lw_event_free (*event);
      *event = reread;
    }
  return TRUE;
}

LwEvent *
lw_store_pair_event_round (LwStore  *self,
                           gint64    id,
                           GError  **error)
{
  g_autoptr (LwEvent) event = lw_store_load_event (self, id, error);

  if (event == NULL)
    return NULL;
  /* The event's own seeding, for its round 1 (later rounds follow the
   * bracket). */
  return lw_store_pair_event_round_seeded (self, id,
                                           event->rounds->len == 0 ? event->config.seeding
                                                                   : LW_SEEDING_REGISTRATION,
                                           error);
}

/* Every rated player's name, best rating first (lw_leaderboard_compute()
 * over every stored game); the names are copied. */
static GStrv
rating_order (LwStore  *self,
              GError  **error)
{
  g_autoptr (LwRatingGames) games = lw_store_load_rating_games (self, error);
  g_autoptr (GArray) rows = NULL;
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  LwLeaderboardOptions options;

  if (games == NULL)
    return NULL;
  lw_leaderboard_options_init (&options);
  rows = lw_leaderboard_compute (games, &options);
  for (guint i = 0; i < rows->len; i++)
    g_strv_builder_add (names, g_array_index (rows, LwLeaderboardRow, i).name);
  return g_strv_builder_end (names);
}

LwEvent *
lw_store_pair_event_round_seeded (LwStore    *self,
                                  gint64      id,
                                  LwSeeding   seeding,
                                  GError    **error)
{
  g_autoptr (LwEvent) event = NULL;
  g_auto (GStrv) ranking = NULL;
  LwEventRound *round;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The ratings are read before the write begins (reading them may store
   * results in their cache). */
  if (seeding == LW_SEEDING_RATING && (ranking = rating_order (self, error)) == NULL)
    return NULL;

  event = lw_store_event_begin_change (self, id, error);
  if (event == NULL)
    return NULL;
  if (!link_finished_kept_games (self, id, &event, error))
    {
      lw_store_finish (self, FALSE, error);
      return NULL;
    }
  round = ranking != NULL ? lw_event_pair_next_round_seeded (event, (const char *const *) ranking, error)
                          : lw_event_pair_next_round (event, error);
  ok = round != NULL && insert_round (self, id, round, error);
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_steal_pointer (&event);
}

/* The table's row ID. */
static gboolean
table_row (LwStore  *self,
           gint64    id,
           guint     round,
           guint     table,
           gint64   *table_id,
           GError  **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self, "SELECT id FROM event_tables WHERE event = ? AND round = ? AND number = ?",
                   error);
  gboolean has_row;

  if (stmt == NULL
      || !lw_store_bind_int (self, stmt, 1, id, error)
      || !lw_store_bind_int (self, stmt, 2, round, error)
      || !lw_store_bind_int (self, stmt, 3, table, error)
      || !lw_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  if (!has_row)
    return lw_store_fail_damaged (self, "event", id, "a table is missing", error);
  *table_id = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

/* Writes a table's result: @game (0 for none) or the paper scores. */
static gboolean
write_result (LwStore             *self,
              gint64               id,
              guint                round,
              const LwEventTable  *table,
              gint64               game,
              GError             **error)
{
  gint64 table_id = 0;

  if (!table_row (self, id, round, table->number, &table_id, error))
    return FALSE;
  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self, "UPDATE event_tables SET game = ?, paper = ? WHERE id = ?", error);

    if (stmt == NULL
        || !(game > 0 ? lw_store_bind_int (self, stmt, 1, game, error) : lw_store_bind_null (self, stmt, 1, error))
        || !lw_store_bind_int (self, stmt, 2, game > 0 ? 0 : 1, error)
        || !lw_store_bind_int (self, stmt, 3, table_id, error)
        || !lw_store_step_done (self, stmt, error))
      return FALSE;
  }
  for (guint s = 0; s < table->n_seats; s++)
    {
      g_autoptr (LwStoreStmt) stmt =
        lw_store_stmt (self, "UPDATE event_seats SET paper_score = ?"
                             " WHERE event_table = ? AND seat = ?", error);

      if (stmt == NULL
          || !(game > 0 ? lw_store_bind_null (self, stmt, 1, error)
                        : lw_store_bind_int (self, stmt, 1, table->scores[s], error))
          || !lw_store_bind_int (self, stmt, 2, table_id, error)
          || !lw_store_bind_int (self, stmt, 3, s, error)
          || !lw_store_step_done (self, stmt, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
lw_store_set_event_paper_result (LwStore    *self,
                                 gint64      id,
                                 guint       round,
                                 guint       table,
                                 const int  *scores,
                                 guint       n_scores,
                                 GError    **error)
{
  return lw_store_set_event_paper_result_full (self, id, round, table, scores, n_scores,
                                               FALSE, error);
}

gboolean
lw_store_set_event_paper_result_full (LwStore    *self,
                                      gint64      id,
                                      guint       round,
                                      guint       table,
                                      const int  *scores,
                                      guint       n_scores,
                                      gboolean    time_called,
                                      GError    **error)
{
  g_autoptr (LwEvent) event = NULL;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (scores != NULL || n_scores == 0, FALSE);

  event = lw_store_event_begin_change (self, id, error);
  if (event == NULL)
    return FALSE;
  ok = lw_event_set_paper_result_full (event, round, table, scores, n_scores, time_called,
                                       error)
       && write_result (self, id, round, lw_event_get_table (event, round, table, NULL), 0, error);
  return lw_store_finish (self, ok, error);
}

/* Makes game @game_id, whose @record and @standings are as now stored,
 * the result of table @table of round @round of event @id, as
 * lw_store_set_event_game_result() does, in its own transaction (nested
 * in one already open). */
static gboolean
store_game_result (LwStore             *self,
                   gint64               id,
                   guint                round,
                   guint                table,
                   gint64               game_id,
                   const LwGameRecord  *record,
                   const LwStandings   *standings,
                   GError             **error)
{
  g_autoptr (LwEvent) event = NULL;

  if (!lw_store_begin_write (self, error))
    return FALSE;
  event = lw_store_club_check_event_writable (self, id, error)
          ? lw_store_read_event (self, id, error) : NULL;
  if (event == NULL)
    return lw_store_finish (self, FALSE, error);

  /* One game is one table's result. */
  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self,
                     "SELECT event, round, number FROM event_tables WHERE game = ?"
                     " AND NOT (event = ? AND round = ? AND number = ?)", error);
    gboolean has_row = FALSE;

    if (stmt == NULL
        || !lw_store_bind_int (self, stmt, 1, game_id, error)
        || !lw_store_bind_int (self, stmt, 2, id, error)
        || !lw_store_bind_int (self, stmt, 3, round, error)
        || !lw_store_bind_int (self, stmt, 4, table, error)
        || !lw_store_step_row (self, stmt, &has_row, error))
      return lw_store_finish (self, FALSE, error);
    if (has_row)
      {
        g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                     "game %" G_GINT64_FORMAT " is already the result of event %"
                     G_GINT64_FORMAT ", round %d, table %d", game_id,
                     (gint64) sqlite3_column_int64 (stmt, 0), sqlite3_column_int (stmt, 1),
                     sqlite3_column_int (stmt, 2));
        return lw_store_finish (self, FALSE, error);
      }
  }

  return lw_store_finish (self,
                        lw_event_set_game_result (event, round, table, game_id, record,
                                                  standings, error)
                        && write_result (self, id, round,
                                         lw_event_get_table (event, round, table, NULL),
                                         game_id, error),
                        error);
}

gboolean
lw_store_set_event_game_result (LwStore  *self,
                                gint64    id,
                                guint     round,
                                guint     table,
                                gint64    game_id,
                                GError  **error)
{
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  gboolean ok = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);

  if (game_id <= 0)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "a game ID is a positive integer");
      return FALSE;
    }

  /* The event is loaded here first only to say "no event" before the
   * game is read. */
  event = lw_store_event_begin_change (self, id, error);
  if (event == NULL)
    return FALSE;
  game = lw_store_load_game_as_stored (self, game_id, error);
  if (game != NULL)
    standings = lw_standings_compute (game->record, error);
  if (standings != NULL)
    ok = store_game_result (self, id, round, table, game_id, game->record, standings, error);
  return lw_store_finish (self, ok, error);
}

gboolean
lw_store_link_finished_game (LwStore             *self,
                             gint64               game_id,
                             const LwGameRecord  *record,
                             const LwStandings   *standings,
                             GError             **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean has_row = FALSE;
  gint64 event_id;
  guint round, table;

  if (!standings->finished)
    return TRUE;

  /* The table the game is kept for, while it has no result yet. */
  stmt = lw_store_query_row (self,
                             "SELECT t.event, t.round, t.number FROM event_table_games k"
                             " JOIN event_tables t ON t.id = k.event_table"
                             " WHERE k.game = ? AND t.game IS NULL AND t.paper = 0",
                             game_id, 0, &has_row, error);
  if (stmt == NULL)
    return FALSE;
  if (!has_row)
    return TRUE;
  event_id = sqlite3_column_int64 (stmt, 0);
  round = (guint) sqlite3_column_int64 (stmt, 1);
  table = (guint) sqlite3_column_int64 (stmt, 2);
  g_clear_pointer (&stmt, lw_store_stmt_release);

  return store_game_result (self, event_id, round, table, game_id, record, standings, error);
}

GArray *
lw_store_event_game_ids (LwStore  *self,
                         gint64    id,
                         GError  **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 found = 0;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  if (!lw_store_query_id (self, "SELECT count (*) FROM events WHERE id = ?", id, 0, &found, error))
    goto failed;
  if (found == 0)
    {
      lw_store_set_not_found (error, "event", id);
      goto failed;
    }
  if (!lw_store_finish (self,
                        lw_store_read_ids (self,
                                           "SELECT game FROM event_tables"
                                           " WHERE event = ?1 AND game IS NOT NULL"
                                           " UNION ALL SELECT -id FROM event_tables WHERE event = ?1"
                                           " AND game IS NULL AND paper = 1 ORDER BY 1",
                                           id, ids, error),
                        error))
    return NULL;
  return g_steal_pointer (&ids);

failed:
  lw_store_finish (self, FALSE, error);
  return NULL;
}
