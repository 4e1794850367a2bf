/* lw-store-seats.c — seats and substitutes: who sits in a seat from
 * which round (seat_changes)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-json-text.h"
#include "lw-store-private.h"

/* ------------------------------------------------------------------ */
/* Substitutes                                                          */
/* ------------------------------------------------------------------ */

char *
lw_store_seat_json (int          seat,
                    guint        from_round,
                    const char  *name,
                    gboolean     gives_back)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "seat");
  json_builder_add_int_value (builder, seat);
  json_builder_set_member_name (builder, "from_round");
  json_builder_add_int_value (builder, from_round);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, name);
  if (gives_back)
    {
      json_builder_set_member_name (builder, "gives_back");
      json_builder_add_boolean_value (builder, TRUE);
    }
  json_builder_end_object (builder);
  return lw_json_builder_to_text (builder);
}

gboolean
lw_store_substitute_player (LwStore     *self,
                            gint64       id,
                            int          seat,
                            const char  *new_name,
                            guint        from_round,
                            GError     **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwGameRecord) renamed = NULL;
  g_autofree char *old_json = NULL;
  g_autofree char *new_json = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (new_name != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* docs/rules/GAME-RECORD.md "Names" */
  clean = lw_name_normalize (new_name, "substitute: the new player's name", error);
  if (clean == NULL)
    return FALSE;
  new_name = clean;

  game = lw_store_begin_game_change (self, id, error);
  if (game == NULL)
    return FALSE;

  if (seat < 0 || seat >= (int) game->record->n_players)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "seat %d: the game has %u seats", seat, game->record->n_players);
      goto failed;
    }
  if (from_round < 1 || from_round > game->record->rounds->len + 1)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "from round %u: the game has %u rounds", from_round,
                   game->record->rounds->len);
      goto failed;
    }
  for (guint s = 0; s < game->record->n_players; s++)
    if (lw_names_equal (game->record->players[s], new_name))
      {
        g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                     "%s already sits at seat %u", new_name, s);
        goto failed;
      }

  /* The engine's checks of a name (one line, not blank). */
  renamed = lw_game_record_copy (game->record);
  g_free (renamed->players[seat]);
  renamed->players[seat] = g_strdup (new_name);
  if (!lw_game_record_validate (renamed, error))
    goto failed;

  old_json = lw_store_seat_json (seat, from_round, game->record->players[seat], FALSE);
  new_json = lw_store_seat_json (seat, from_round, new_name, FALSE);

  return lw_store_finish (self,
                          lw_store_take_seat (self, id, seat, from_round,
                                              game->record->players[seat], new_name, error)
                          && lw_store_log_edit (self, id, "substitute", from_round,
                                                old_json, new_json, error)
                          && lw_store_cache_result (self, id, renamed, NULL, error),
                          error);

failed:
  return lw_store_finish (self, FALSE, error);
}

GPtrArray *
lw_store_round_players_new (guint              n_rounds,
                            guint              n_seats,
                            const char *const *current)
{
  GPtrArray *rounds = g_ptr_array_new_full (n_rounds, (GDestroyNotify) g_strfreev);

  for (guint r = 0; r < n_rounds; r++)
    {
      char **names = g_new0 (char *, n_seats + 1);

      for (guint s = 0; s < n_seats; s++)
        names[s] = g_strdup (current[s]);
      g_ptr_array_add (rounds, names);
    }
  return rounds;
}

void
lw_store_name_before_change (GPtrArray  *rounds,
                             guint       n_seats,
                             int         seat,
                             gint64      from_round,
                             const char *old_name)
{
  if (seat < 0 || seat >= (int) n_seats)
    return;
  for (guint r = 0; (gint64) r + 1 < from_round && r < rounds->len; r++)
    {
      char **names = g_ptr_array_index (rounds, r);

      g_free (names[seat]);
      names[seat] = g_strdup (old_name);
    }
}

/* One seat change (seat, from_round, old name) of a game of @data's
 * rounds. */
typedef struct {
  GPtrArray *rounds;  /* of char **, one a round */
  guint      n;       /* seats */
} RoundPlayers;

static gboolean
name_before_change (LwStoreStmt  *stmt,
                    gpointer      data,
                    GError      **error)
{
  RoundPlayers *players = data;

  lw_store_name_before_change (players->rounds, players->n, sqlite3_column_int (stmt, 0),
                               sqlite3_column_int64 (stmt, 1),
                               (const char *) sqlite3_column_text (stmt, 2));
  return TRUE;
}

/* Per round of game @id (@n_rounds of them), the names in its seats,
 * walked back from @current (the names seated now) through the game's
 * seat changes; inside a read transaction. */
static gboolean
walk_back_seats (LwStore            *self,
                 gint64              id,
                 guint               n_rounds,
                 guint               n_seats,
                 const char *const  *current,
                 GPtrArray         **rounds,
                 GError            **error)
{
  RoundPlayers players = { lw_store_round_players_new (n_rounds, n_seats, current), n_seats };

  *rounds = players.rounds;
  return lw_store_visit_rows (self, "SELECT c.seat, c.from_round, o.name FROM seat_changes AS c"
                                    " JOIN players AS o ON o.id = c.old_player"
                                    " WHERE c.game = ? ORDER BY c.from_round DESC, c.id DESC",
                              id, name_before_change, &players, error);
}

GPtrArray *
lw_store_list_round_players (LwStore  *self,
                             gint64    id,
                             GError  **error)
{
  g_autoptr (GPtrArray) rounds = NULL;
  g_autoptr (LwStoredGame) game = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The store's reader walks the seat changes with the game's rows. */
  if (!lw_store_begin_read (self, error))
    return NULL;
  game = lw_store_read_one_game (self, id, LW_GAME_READER_ROUND_PLAYERS, &rounds, error);
  if (!lw_store_finish (self, game != NULL, error))
    return NULL;
  if (rounds == NULL)
    rounds = lw_store_round_players_new (game->record->rounds->len, game->record->n_players,
                                         (const char *const *) game->record->players);
  return g_steal_pointer (&rounds);
}

GPtrArray *
lw_store_list_round_players_of (LwStore             *self,
                                const LwStoredGame  *game,
                                GError             **error)
{
  g_autoptr (GPtrArray) rounds = NULL;
  const char *current[LW_MAX_SEATS + 1] = { NULL, };
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (game != NULL && game->record != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Those seated now, as the game's row stores them: the record's last
   * player in each seat. */
  for (guint s = 0; s < game->record->n_players && s < LW_MAX_SEATS; s++)
    current[s] = lw_game_record_current_player (game->record, (int) s);

  if (!lw_store_begin_read (self, error))
    return NULL;
  ok = walk_back_seats (self, game->id, game->record->rounds->len, game->record->n_players,
                        current, &rounds, error);
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_steal_pointer (&rounds);
}

gboolean
lw_store_seat_changes_edited (LwStore     *self,
                              gint64       id,
                              LwEditKind   kind,
                              guint        number,
                              GError     **error)
{
  switch (kind)
    {
    case LW_EDIT_INSERT:
      return lw_store_run2 (self, "UPDATE seat_changes SET from_round = from_round + 1"
                                  " WHERE game = ?1 AND from_round > ?2", id, number, error);
    case LW_EDIT_DELETE:
      return lw_store_run2 (self, "UPDATE seat_changes SET from_round = from_round - 1"
                                  " WHERE game = ?1 AND from_round > ?2", id, number, error);
    case LW_EDIT_REPLACE:
    default:
      return TRUE;
    }
}
