/* lw-store-games.c — games: storing a record (added or imported, one
 * or many at once), loading it back, listing the games and the players
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-json-text.h"
#include "lw-store-private.h"

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

/* The player's ID by name, compared in NFC (docs/rules/GAME-RECORD.md "Names"): a
 * name typed two ways is one player; added when new. */
gboolean
lw_store_player_id (LwStore     *self,
                    const char  *text,
                    gint64      *id,
                    GError     **error)
{
  g_autofree char *name = lw_name_normalize (text, "a player's name", error);

  if (name == NULL)
    return FALSE;

  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self, "INSERT OR IGNORE INTO players (name) VALUES (?)", error);

    if (stmt == NULL
        || !lw_store_bind_text (self, stmt, 1, name, error)
        || !lw_store_step_done (self, stmt, error))
      return FALSE;
  }

  if (!lw_store_find_player_named (self, name, id, error))
    return FALSE;
  if (*id == 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_FAILED,
                   "%s: player \"%s\" was not stored", self->path, name);
      return FALSE;
    }
  return TRUE;
}

gboolean
lw_store_find_player_named (LwStore     *self,
                            const char  *name,
                            gint64      *id,
                            GError     **error)
{
  g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, "SELECT id FROM players WHERE name = ?", error);
  gboolean has_row = FALSE;

  if (stmt == NULL
      || !lw_store_bind_text (self, stmt, 1, name, error)
      || !lw_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  *id = has_row ? sqlite3_column_int64 (stmt, 0) : 0;
  return TRUE;
}

/* Inserts @round as round @number of game @game_id; inside a transaction. */
gboolean
lw_store_write_round (LwStore             *self,
                      gint64               game_id,
                      const LwGameRecord  *record,
                      guint                number,
                      const LwRound       *round,
                      gint64              *round_id_out,
                      GError             **error)
{
  gint64 round_id;

  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self,
                "INSERT INTO rounds (game, number, is_void, declarer, all_but_last, dealer)"
                " VALUES (?, ?, ?, ?, ?, ?)", error);

    if (stmt == NULL
        || !lw_store_bind_int (self, stmt, 1, game_id, error)
        || !lw_store_bind_int (self, stmt, 2, number, error)
        || !lw_store_bind_int (self, stmt, 3, round->is_void ? 1 : 0, error)
        || !lw_store_bind_seat_or_null (self, stmt, 4, round->declarer, error)
        || !lw_store_bind_int (self, stmt, 5, round->all_but_last ? 1 : 0, error)
        || !lw_store_bind_seat_or_null (self, stmt, 6, round->dealer, error)
        || !lw_store_step_done (self, stmt, error))
      return FALSE;
    round_id = sqlite3_last_insert_rowid (self->db);
    if (round_id_out != NULL)
      *round_id_out = round_id;
  }

  /* A void round was not played: it has no per-seat facts. Each
   * statement is looked up once for the round's rows, every parameter
   * bound again for each row. */
  if (!round->is_void)
    {
      g_autoptr (LwStoreStmt) stmt =
        lw_store_stmt (self,
                  "INSERT INTO round_seats (round, seat, cards, worms, gongs, bears,"
                  " wolves, court, garwolves, unpegged)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", error);

      if (stmt == NULL)
        return FALSE;
      for (guint seat = 0; seat < record->n_players; seat++)
        {
          if (!lw_store_bind_int (self, stmt, 1, round_id, error)
              || !lw_store_bind_int (self, stmt, 2, seat, error)
              || !lw_store_bind_int (self, stmt, 3, round->cards[seat], error)
              || !lw_store_bind_int (self, stmt, 4, round->worms[seat], error)
              || !lw_store_bind_int (self, stmt, 5, round->gongs[seat], error)
              || !lw_store_bind_int (self, stmt, 6, round->bears[seat], error)
              || !lw_store_bind_int (self, stmt, 7, round->wolves[seat], error)
              || !lw_store_bind_int (self, stmt, 8, round->court[seat], error)
              || !lw_store_bind_int (self, stmt, 9, round->garwolves[seat], error)
              || !lw_store_bind_int (self, stmt, 10, round->unpegged[seat] ? 1 : 0, error)
              || !lw_store_step_done (self, stmt, error))
            return FALSE;
          sqlite3_reset (stmt);
        }
    }

  if (round->penalties != NULL && round->penalties->len > 0)
    {
      g_autoptr (LwStoreStmt) stmt =
        lw_store_stmt (self,
                  "INSERT INTO penalties (round, ordinal, seat, kind) VALUES (?, ?, ?, ?)",
                  error);

      if (stmt == NULL)
        return FALSE;
      for (guint i = 0; i < round->penalties->len; i++)
        {
          const LwPenalty *penalty = &g_array_index (round->penalties, LwPenalty, i);

          if (!lw_store_bind_int (self, stmt, 1, round_id, error)
              || !lw_store_bind_int (self, stmt, 2, i, error)
              || !lw_store_bind_int (self, stmt, 3, penalty->seat, error)
              || !lw_store_bind_text (self, stmt, 4, lw_penalty_kind_to_string (penalty->kind), error)
              || !lw_store_step_done (self, stmt, error))
            return FALSE;
          sqlite3_reset (stmt);
        }
    }

  return TRUE;
}

/* One row of seat_changes: from round @from_round on, @seat of game @game
 * is played by @new_player instead of @old_player. */
gboolean
lw_store_insert_seat_change (LwStore  *self,
                             gint64    game,
                             gint64    seat,
                             gint64    from_round,
                             gint64    old_player,
                             gint64    new_player,
                             gint64    changed_at,
                             GError  **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self, "INSERT INTO seat_changes (game, seat, from_round, old_player, new_player,"
                    " changed_at) VALUES (?, ?, ?, ?, ?, ?)", error);

  return stmt != NULL
         && lw_store_bind_int (self, stmt, 1, game, error)
         && lw_store_bind_int (self, stmt, 2, seat, error)
         && lw_store_bind_int (self, stmt, 3, from_round, error)
         && lw_store_bind_int (self, stmt, 4, old_player, error)
         && lw_store_bind_int (self, stmt, 5, new_player, error)
         && lw_store_bind_int (self, stmt, 6, changed_at, error)
         && lw_store_step_done (self, stmt, error);
}

/* Inserts the whole of @record as a game, and its row of the result
 * cache from @standings (nullable: replayed here); inside a transaction.
 * @id 0 gives a new ID, else the game gets @id back (a restore); @created
 * 0 is now. */
gint64
lw_store_insert_game (LwStore             *self,
                      const LwGameRecord  *record,
                      gint64               id,
                      gint64               created,
                      const LwStandings   *standings,
                      GError             **error)
{
  gboolean garwolf = record->ruleset == LW_RULESET_GARWOLF;
  gint64 game_id;

  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self,
                "INSERT INTO games (id, ruleset, start_score, target, skunk, first_dealer,"
                " n_teams, created, uuid, rule_set, run_fill, over_trump)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", error);
    g_autofree char *uuid = record->id != NULL ? g_strdup (record->id) : g_uuid_string_random ();

    if (stmt == NULL
        || !(id > 0 ? lw_store_bind_int (self, stmt, 1, id, error)
                    : lw_store_bind_seat_or_null (self, stmt, 1, LW_NO_SEAT, error))
        || !lw_store_bind_text (self, stmt, 2, lw_ruleset_to_string (record->ruleset), error)
        || !lw_store_bind_int (self, stmt, 3, record->start_score, error)
        || !lw_store_bind_int (self, stmt, 4, record->target, error)
        || !lw_store_bind_int (self, stmt, 5, record->skunk, error)
        || !lw_store_bind_int (self, stmt, 6, record->first_dealer, error)
        || !lw_store_bind_int (self, stmt, 7, record->n_teams, error)
        || !lw_store_bind_int (self, stmt, 8, created > 0 ? created
                                                 : g_get_real_time () / G_USEC_PER_SEC, error)
        || !lw_store_bind_text (self, stmt, 9, uuid, error)
        /* The house rules (schema 12); Garwolf's only is king_and_knave. */
        || !lw_store_bind_text (self, stmt, 10, record->rule_set, error)
        || !lw_store_bind_text (self, stmt, 11,
                                lw_run_fill_to_string (garwolf ? LW_RUN_FILL_INSIDE_OR_END
                                                               : record->run_fill), error)
        || !lw_store_bind_text (self, stmt, 12,
                                lw_over_trump_to_string (garwolf ? LW_OVER_TRUMP_WINNING_PLAY
                                                                 : record->over_trump), error)
        || !lw_store_step_done (self, stmt, error))
      return 0;
    game_id = sqlite3_last_insert_rowid (self->db);
  }

  /* game_seats holds who sits now; seat_changes who sat before. */
  for (guint seat = 0; seat < record->n_players; seat++)
    {
      gint64 player = 0;
      g_autoptr (LwStoreStmt) stmt = NULL;

      if (!lw_store_player_id (self, lw_game_record_current_player (record, (int) seat), &player, error))
        return 0;

      stmt = lw_store_stmt (self,
                       "INSERT INTO game_seats (game, seat, player, team) VALUES (?, ?, ?, ?)",
                       error);
      if (stmt == NULL
          || !lw_store_bind_int (self, stmt, 1, game_id, error)
          || !lw_store_bind_int (self, stmt, 2, seat, error)
          || !lw_store_bind_int (self, stmt, 3, player, error)
          || !lw_store_bind_seat_or_null (self, stmt, 4,
                                 record->n_teams > 0 ? record->team_of[seat] : LW_NO_SEAT,
                                 error)
          || !lw_store_step_done (self, stmt, error))
        return 0;
    }

  for (guint i = 0; record->substitutes != NULL && i < record->substitutes->len; i++)
    {
      const LwSubstitute *sub = g_ptr_array_index (record->substitutes, i);
      const char *before = lw_game_record_player_at (record, sub->seat, sub->from_round - 1);
      gint64 old_player = 0, new_player = 0;

      /* A seat's first player other than players[S] (R = 1): its change
       * names the record's player before it. */
      if (sub->from_round <= 1)
        before = record->players[sub->seat];
      if (!lw_store_player_id (self, before, &old_player, error)
          || !lw_store_player_id (self, sub->name, &new_player, error)
          || !lw_store_insert_seat_change (self, game_id, sub->seat, sub->from_round, old_player, new_player,
                                  g_get_real_time () / G_USEC_PER_SEC, error))
        return 0;
    }

  for (guint i = 0; i < record->rounds->len; i++)
    if (!lw_store_write_round (self, game_id, record, i + 1, g_ptr_array_index (record->rounds, i),
                       NULL, error))
      return 0;

  if (!lw_store_cache_result (self, game_id, record, standings, error))
    return 0;
  return game_id;
}

/* The record's details, its house rule and the hash of its body (an
 * import: lw_game_record_body_hash()) kept with new game @id. */
static gboolean
set_record_extras (LwStore             *self,
                   gint64               id,
                   const LwGameRecord  *record,
                   const char          *body_hash,
                   GError             **error)
{
  const LwGameDetails *details = &record->details;

  if ((details->played_at != 0 || details->place != NULL || details->notes != NULL)
      && !lw_store_write_details (self, id, details->notes, details->played_at, details->place, error))
    return FALSE;
  if (record->king_and_knave && !lw_store_write_king_and_knave (self, id, TRUE, error))
    return FALSE;
  if (details->event_name != NULL || details->event_round > 0 || details->event_table > 0
      || details->event_board > 0)
    {
      g_autoptr (LwStoreStmt) stmt =
        lw_store_stmt (self, "UPDATE games SET event_name = ?1, event_round = ?2, event_table = ?3,"
                             " event_board = ?4 WHERE id = ?5", error);

      if (stmt == NULL
          /* A NULL name binds NULL (sqlite3_bind_text()). */
          || !lw_store_bind_text (self, stmt, 1, details->event_name, error)
          || !lw_store_bind_int (self, stmt, 2, details->event_round, error)
          || !lw_store_bind_int (self, stmt, 3, details->event_table, error)
          || !lw_store_bind_int (self, stmt, 4, details->event_board, error)
          || !lw_store_bind_int (self, stmt, 5, id, error)
          || !lw_store_step_done (self, stmt, error))
        return FALSE;
    }
  if (record->rounds->len > 0)
    {
      g_autofree char *hash = body_hash == NULL ? lw_game_record_body_hash (record) : NULL;

      if (!lw_store_run_text (self, "UPDATE games SET body_hash = ?1 WHERE id = ?2",
                              body_hash != NULL ? body_hash : hash, id, error))
        return FALSE;
    }
  return TRUE;
}

/* The stored game @record duplicates (docs/rules/GAME-RECORD.md "Identity"), or 0;
 * inside a transaction. */
static gboolean
find_same_game (LwStore             *self,
                const LwGameRecord  *record,
                const char          *body_hash,
                gint64              *id,
                GError             **error)
{
  g_autofree char *made = record->id == NULL && body_hash == NULL
                          ? lw_game_record_body_hash (record) : NULL;
  const char *hash = body_hash != NULL ? body_hash : made;
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self, record->id != NULL
                    ? "SELECT id FROM games WHERE uuid = ?"
                    : "SELECT id FROM games WHERE body_hash = ? ORDER BY id LIMIT 1", error);
  gboolean has_row = FALSE;

  *id = 0;
  if (stmt == NULL
      || !lw_store_bind_text (self, stmt, 1, record->id != NULL ? record->id : hash, error)
      || !lw_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  if (has_row)
    *id = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

/* Checks @record (the engine's verdict first: a record it refuses is
 * never stored, nor one that export could not write within the limit
 * import reads) and stores it with its extras in one write transaction;
 * with @check_same, a record already stored is not (*@same names it).
 * @body_hash: lw_game_record_body_hash() of @record, made already (NULL:
 * made here). */
static gint64
store_record (LwStore             *self,
              const LwGameRecord  *record,
              gboolean             check_same,
              const char          *body_hash,
              gint64              *same,
              GError             **error)
{
  g_autoptr (LwStandings) standings = NULL;
  g_autofree char *hash = NULL;
  gboolean ok;
  gint64 id;

  *same = 0;
  if (!lw_game_record_check_size (record, error))
    return 0;
  /* A record without an id is found by the hash of its body, which is
   * also kept with it: made once for both. */
  if (check_same && record->id == NULL && body_hash == NULL)
    body_hash = hash = lw_game_record_body_hash (record);
  standings = lw_standings_compute (record, error);
  if (standings == NULL)
    return 0;

  /* The check and the insert in one transaction: two imports of one
   * record at once store it once. */
  if (!lw_store_begin_write (self, error))
    return 0;
  if ((check_same && !find_same_game (self, record, body_hash, same, error)) || *same > 0)
    {
      lw_store_finish (self, FALSE, error);
      return 0;
    }
  id = lw_store_insert_game (self, record, 0, 0, standings, error);
  ok = id > 0 && set_record_extras (self, id, record, body_hash, error);
  return lw_store_finish (self, ok, error) ? id : 0;
}

gint64
lw_store_add_game (LwStore             *self,
                   const LwGameRecord  *record,
                   GError             **error)
{
  gint64 same = 0;

  g_return_val_if_fail (LW_IS_STORE (self), 0);
  g_return_val_if_fail (record != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  return store_record (self, record, FALSE, NULL, &same, error);
}

gint64
lw_store_import_game (LwStore             *self,
                      const LwGameRecord  *record,
                      gboolean             as_new,
                      gint64              *same,
                      GError             **error)
{
  g_autoptr (LwGameRecord) copy = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), 0);
  g_return_val_if_fail (record != NULL, 0);
  g_return_val_if_fail (same != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (as_new && record->id != NULL)
    {
      copy = lw_game_record_copy (record);
      g_clear_pointer (&copy->id, g_free);
      record = copy;
    }
  return store_record (self, record, !as_new, NULL, same, error);
}

gint64
lw_store_import_hashed (LwStore             *self,
                        const LwGameRecord  *record,
                        const char          *body_hash,
                        gint64              *same,
                        GError             **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), 0);
  g_return_val_if_fail (record != NULL && same != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  return store_record (self, record, TRUE, body_hash, same, error);
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */
/* ------------------------------------------------------------------ */

/* Loads game @id as stored; inside a (read or write) transaction. */
static LwStoredGame *
read_game (LwStore  *self,
           gint64    id,
           GError  **error)
{
  return lw_store_read_one_game (self, id, 0, NULL, error);
}

gboolean
lw_store_attach_history (LwStore       *self,
                         LwStoredGame  *game,
                         GError       **error)
{
  LwGameRecord *record = game->record;
  gboolean first[LW_MAX_SEATS] = { FALSE };
  gboolean has_row = FALSE;
  gboolean ok;

  /* Walk forward from the seats' first players: each change's old player
   * sat there before the seat's first change. */
  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self, "SELECT c.seat, c.from_round, o.name, n.name FROM seat_changes AS c"
                      " JOIN players AS o ON o.id = c.old_player"
                      " JOIN players AS n ON n.id = c.new_player"
                      " WHERE c.game = ? ORDER BY c.from_round, c.id", error);
    g_autoptr (GPtrArray) changes = g_ptr_array_new_with_free_func (g_free);

    ok = stmt != NULL && lw_store_bind_int (self, stmt, 1, game->id, error);
    while (lw_store_next_row (self, stmt, &ok, error))
      {
        int seat = sqlite3_column_int (stmt, 0);
        gint64 from_round = sqlite3_column_int64 (stmt, 1);

        if (seat < 0 || seat >= (int) record->n_players)
          continue;
        if (!first[seat])
          {
            g_free (record->players[seat]);
            record->players[seat] = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
            first[seat] = TRUE;
          }
        /* docs/rules/GAME-RECORD.md: 1 ≤ R ≤ rounds + 1. */
        from_round = CLAMP (from_round, 1, (gint64) record->rounds->len + 1);
        lw_game_record_add_substitute (record, seat, (guint) from_round,
                                       (const char *) sqlite3_column_text (stmt, 3));
      }
  }
  if (!ok)
    return FALSE;

  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_query_row (self, "SELECT uuid, event_name, event_round, event_table, event_board"
                                " FROM games WHERE id = ?", game->id, 0, &has_row, error);

    ok = stmt != NULL;
    if (ok && has_row && sqlite3_column_type (stmt, 0) != SQLITE_NULL)
      {
        g_free (record->id);
        record->id = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      }
    if (ok && has_row)
      {
        /* As read from a record: bounded there (lw_game_record_from_json()). */
        g_free (record->details.event_name);
        record->details.event_name = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
        record->details.event_round = CLAMP (sqlite3_column_int64 (stmt, 2), 0, G_MAXINT);
        record->details.event_table = CLAMP (sqlite3_column_int64 (stmt, 3), 0, G_MAXINT);
        record->details.event_board = CLAMP (sqlite3_column_int64 (stmt, 4), 0, G_MAXINT);
      }
  }
  if (!ok || !lw_store_read_game_rules (self, game->id, record, error))
    return FALSE;

  g_free (record->details.notes);
  record->details.notes = g_strdup (game->notes != NULL && *game->notes != '\0' ? game->notes : NULL);
  g_free (record->details.place);
  record->details.place = g_strdup (game->place != NULL && *game->place != '\0' ? game->place : NULL);
  record->details.played_at = game->played_at;
  return TRUE;
}

gboolean
lw_store_read_game_rules (LwStore       *self,
                          gint64         id,
                          LwGameRecord  *record,
                          GError       **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean has_row = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  stmt = lw_store_stmt (self, "SELECT rule_set, run_fill, over_trump, king_and_knave"
                              " FROM games WHERE id = ?", error);
  if (stmt == NULL
      || !lw_store_bind_int (self, stmt, 1, id, error)
      || !lw_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  if (!has_row)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "no game with ID %" G_GINT64_FORMAT, id);
      return FALSE;
    }
  /* The house rules (schema 12): the CHECKs keep their values. */
  g_free (record->rule_set);
  record->rule_set = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  if (record->ruleset == LW_RULESET_LITTLE_WOLF
      && (!lw_run_fill_from_string ((const char *) sqlite3_column_text (stmt, 1), &record->run_fill)
          || !lw_over_trump_from_string ((const char *) sqlite3_column_text (stmt, 2),
                                         &record->over_trump)))
    return lw_store_fail_damaged (self, "game", id, "unknown house rules", error);
  record->king_and_knave = record->ruleset == LW_RULESET_GARWOLF && sqlite3_column_int64 (stmt, 3) != 0;
  return TRUE;
}

/* Game @id in one read transaction (nested in one already open): as
 * stored, or with its history attached (lw_store_load_game()). */
static LwStoredGame *
load_game (LwStore   *self,
           gint64     id,
           gboolean   with_history,
           GError   **error)
{
  g_autoptr (LwStoredGame) game = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  game = read_game (self, id, error);
  if (game == NULL || (with_history && !lw_store_attach_history (self, game, error)))
    {
      lw_store_rollback (self);
      return NULL;
    }
  if (!lw_store_commit (self, error))
    return NULL;
  return g_steal_pointer (&game);
}

LwStoredGame *
lw_store_load_game (LwStore  *self,
                    gint64    id,
                    GError  **error)
{
  return load_game (self, id, TRUE, error);
}

LwStoredGame *
lw_store_load_game_as_stored (LwStore  *self,
                              gint64    id,
                              GError  **error)
{
  return load_game (self, id, FALSE, error);
}

gboolean
lw_store_find_game (LwStore        *self,
                    gint64          id,
                    LwStoredGame  **game,
                    GError        **error)
{
  g_autoptr (GError) local_error = NULL;

  *game = lw_store_load_game_as_stored (self, id, &local_error);
  if (*game != NULL || g_error_matches (local_error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

LwStoredGame *
lw_store_begin_game_change (LwStore  *self,
                            gint64    id,
                            GError  **error)
{
  LwStoredGame *game;

  if (!lw_store_begin_write (self, error))
    return NULL;
  /* A game held from another club laptop is read-only here. */
  game = lw_store_club_check_writable (self, id, error)
         ? lw_store_load_game_as_stored (self, id, error) : NULL;
  if (game == NULL)
    lw_store_rollback (self);
  return game;
}

/* Newest first: by creation time, then ID. */
static int
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  const LwStoredGame *game_a = *(LwStoredGame *const *) a;
  const LwStoredGame *game_b = *(LwStoredGame *const *) b;

  if (game_a->created != game_b->created)
    return game_a->created < game_b->created ? 1 : -1;
  return game_a->id < game_b->id ? 1 : game_a->id > game_b->id ? -1 : 0;
}

GPtrArray *
lw_store_list_games (LwStore  *self,
                     GError  **error)
{
  g_autoptr (GPtrArray) games =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_stored_game_free);
  g_autoptr (LwGameReader) reader = NULL;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  /* Every game's rows through the store's reader, then each one's
   * history. */
  reader = lw_game_reader_open (self, NULL, 0, error);
  ok = reader != NULL;
  while (ok && lw_game_reader_has_game (reader))
    {
      LwStoredGame *game = NULL;

      ok = lw_game_reader_read (reader, TRUE, &game, NULL, error);
      if (ok)
        g_ptr_array_add (games, game);
    }
  g_clear_pointer (&reader, lw_game_reader_free);
  for (guint i = 0; ok && i < games->len; i++)
    ok = lw_store_attach_history (self, g_ptr_array_index (games, i), error);
  if (!lw_store_finish (self, ok, error))
    return NULL;
  g_ptr_array_sort (games, compare_newest_first);
  return g_steal_pointer (&games);
}

void
lw_game_summary_free (LwGameSummary *summary)
{
  if (summary == NULL)
    return;
  g_strfreev (summary->players);
  g_free (summary);
}

/* A summary of a row of "SELECT id, created, ruleset, n_teams,
 * coalesce (played_at, 0) FROM games", its seats still to fill. */
static LwGameSummary *
summary_from_row (LwStoreStmt *stmt)
{
  LwGameSummary *summary = g_new0 (LwGameSummary, 1);

  summary->id = sqlite3_column_int64 (stmt, 0);
  summary->created = sqlite3_column_int64 (stmt, 1);
  if (!lw_ruleset_from_string ((const char *) sqlite3_column_text (stmt, 2), &summary->ruleset))
    summary->ruleset = LW_RULESET_LITTLE_WOLF;
  summary->n_teams = (guint) CLAMP (sqlite3_column_int64 (stmt, 3), 0, LW_MAX_SEATS);
  summary->played_at = sqlite3_column_int64 (stmt, 4);
  summary->players = g_new0 (char *, LW_MAX_SEATS + 1);
  return summary;
}

/* The seats are numbered 0, 1, 2…: each summary's players end at the
 * first gap. */
static void
end_players_at_gaps (GPtrArray *summaries)
{
  for (guint i = 0; i < summaries->len; i++)
    {
      LwGameSummary *summary = g_ptr_array_index (summaries, i);

      while (summary->n_players < LW_MAX_SEATS && summary->players[summary->n_players] != NULL)
        summary->n_players++;
      for (guint seat = summary->n_players; seat < LW_MAX_SEATS; seat++)
        g_clear_pointer (&summary->players[seat], g_free);
    }
}

GPtrArray *
lw_store_list_game_summaries (LwStore  *self,
                              GError  **error)
{
  g_autoptr (GPtrArray) summaries =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_summary_free);
  g_autoptr (GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr (GHashTable) names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Flat queries (games, players, seats) in one read transaction: far quicker
   * than a subquery per game. The rounds are not read at all (counting
   * them for every game would cost more than the rest). */
  if (!lw_store_begin_read (self, error))
    return NULL;

  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self, "SELECT id, created, ruleset, n_teams, coalesce (played_at, 0) FROM games"
                      " ORDER BY created DESC, id DESC", error);

    ok = stmt != NULL;
    while (lw_store_next_row (self, stmt, &ok, error))
      {
        LwGameSummary *summary = summary_from_row (stmt);
        g_ptr_array_add (summaries, summary);
        g_hash_table_insert (by_id, &summary->id, summary);
      }
  }

  /* The names by ID, then the seats in their table's order: a join would
   * go through the players' index and look up each seat's row again. */
  if (ok)
    {
      g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, "SELECT id, name FROM players", error);

      ok = stmt != NULL;
      while (lw_store_next_row (self, stmt, &ok, error))
        {
          gint64 *id = g_new (gint64, 1);

          *id = sqlite3_column_int64 (stmt, 0);
          g_hash_table_insert (names, id, g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
        }
    }

  if (ok)
    {
      g_autoptr (LwStoreStmt) stmt =
        lw_store_stmt (self, "SELECT game, seat, player, team FROM game_seats", error);
      LwGameSummary *summary = NULL;

      ok = stmt != NULL;
      while (lw_store_next_row (self, stmt, &ok, error))
        {
          gint64 game = sqlite3_column_int64 (stmt, 0);
          gint64 seat = sqlite3_column_int64 (stmt, 1);
          gint64 player = sqlite3_column_int64 (stmt, 2);

          if (summary == NULL || summary->id != game)
            summary = g_hash_table_lookup (by_id, &game);
          if (summary == NULL || seat < 0 || seat >= LW_MAX_SEATS || summary->players[seat] != NULL)
            continue;
          summary->players[seat] = g_strdup (g_hash_table_lookup (names, &player));
          summary->team_of[seat] = (int) CLAMP (sqlite3_column_int64 (stmt, 3), 0, LW_MAX_SEATS - 1);
        }
    }

  if (!ok)
    {
      lw_store_rollback (self);
      return NULL;
    }
  if (!lw_store_commit (self, error))
    return NULL;

  end_players_at_gaps (summaries);

  return g_steal_pointer (&summaries);
}

GPtrArray *
lw_store_list_newest_game_summaries (LwStore  *self,
                                     guint     limit,
                                     GError  **error)
{
  g_autoptr (GPtrArray) summaries =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_summary_free);
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;

  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self, "SELECT id, created, ruleset, n_teams, coalesce (played_at, 0) FROM games"
                      " ORDER BY id DESC LIMIT ?", error);

    ok = stmt != NULL && lw_store_bind_int (self, stmt, 1, limit, error);
    while (lw_store_next_row (self, stmt, &ok, error))
      {
        LwGameSummary *summary = summary_from_row (stmt);
        g_ptr_array_add (summaries, summary);
      }
  }

  /* A few games: each one's seats through the index, with their names. */
  for (guint i = 0; ok && i < summaries->len; i++)
    {
      LwGameSummary *summary = g_ptr_array_index (summaries, i);
      g_autoptr (LwStoreStmt) stmt =
        lw_store_stmt (self, "SELECT s.seat, p.name, s.team FROM game_seats AS s"
                        " JOIN players AS p ON p.id = s.player WHERE s.game = ?", error);

      ok = stmt != NULL && lw_store_bind_int (self, stmt, 1, summary->id, error);
      while (lw_store_next_row (self, stmt, &ok, error))
        {
          gint64 seat = sqlite3_column_int64 (stmt, 0);
          const char *name = (const char *) sqlite3_column_text (stmt, 1);

          if (seat < 0 || seat >= LW_MAX_SEATS || summary->players[seat] != NULL)
            continue;
          summary->players[seat] = g_strdup (name != NULL ? name : "");
          summary->team_of[seat] = (int) CLAMP (sqlite3_column_int64 (stmt, 2), 0, LW_MAX_SEATS - 1);
        }
    }

  if (!lw_store_finish (self, ok, error))
    return NULL;

  end_players_at_gaps (summaries);

  return g_steal_pointer (&summaries);
}

int
lw_store_compare_names (gconstpointer a,
                        gconstpointer b)
{
  const char *name_a = *(const char *const *) a;
  const char *name_b = *(const char *const *) b;
  g_autofree char *fold_a = g_utf8_casefold (name_a, -1);
  g_autofree char *fold_b = g_utf8_casefold (name_b, -1);
  int order = g_utf8_collate (fold_a, fold_b);

  /* Names that differ only in case keep one order. */
  return order != 0 ? order : strcmp (name_a, name_b);
}

/* The text of column 0 (transfer full). */
static gpointer
read_text (LwStoreStmt *stmt,
           guint        index)
{
  return g_strdup ((const char *) sqlite3_column_text (stmt, 0));
}

char **
lw_store_list_player_names (LwStore  *self,
                            GError  **error)
{
  g_autoptr (GPtrArray) names = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Players of a stored game or event only: a name typed into an event
   * that was deleted since is offered no more (it stays in
   * lw_store_list_players(), to be deleted). */
  names = lw_store_list_rows (self,
                              "SELECT name FROM players AS p WHERE"
                              " EXISTS (SELECT 1 FROM game_seats WHERE player = p.id)"
                              " OR EXISTS (SELECT 1 FROM seat_changes"
                              "   WHERE old_player = p.id OR new_player = p.id)"
                              " OR EXISTS (SELECT 1 FROM event_players WHERE player = p.id)",
                              0, read_text, g_free, error);
  if (names == NULL)
    return NULL;

  g_ptr_array_sort (names, lw_store_compare_names);
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

/* ------------------------------------------------------------------ */
/* Many games at once                                                   */
/* ------------------------------------------------------------------ */

GArray *
lw_store_add_games (LwStore    *self,
                    GPtrArray  *records,
                    GError    **error)
{
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GPtrArray) all_standings = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (records != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The engine's verdict on every record first. */
  all_standings = g_ptr_array_new_full (records->len, (GDestroyNotify) lw_standings_free);
  for (guint i = 0; i < records->len; i++)
    {
      g_autoptr (GError) local_error = NULL;
      LwStandings *standings = NULL;

      if (lw_game_record_check_size (g_ptr_array_index (records, i), &local_error))
        standings = lw_standings_compute (g_ptr_array_index (records, i), &local_error);

      if (standings == NULL)
        {
          g_set_error (error, local_error->domain, local_error->code,
                       "game %u: %s", i + 1, local_error->message);
          return NULL;
        }
      g_ptr_array_add (all_standings, standings);
    }

  ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), records->len);
  if (!lw_store_begin_write (self, error))
    return NULL;
  for (guint i = 0; ok && i < records->len; i++)
    {
      gint64 id = lw_store_insert_game (self, g_ptr_array_index (records, i), 0, 0,
                                        g_ptr_array_index (all_standings, i), error);

      ok = id > 0 && set_record_extras (self, id, g_ptr_array_index (records, i), NULL, error);
      if (ok)
        g_array_append_val (ids, id);
    }
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_steal_pointer (&ids);
}

GArray *
lw_store_list_game_ids (LwStore  *self,
                        GError  **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_read_ids (self, "SELECT id FROM games ORDER BY id", 0, ids, error))
    return NULL;
  return g_steal_pointer (&ids);
}
