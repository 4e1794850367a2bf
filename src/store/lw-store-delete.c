/* lw-store-delete.c — deleting a game, with the snapshot in its edit log
 * that brings it back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-json-text.h"
#include "lw-store-private.h"

/* ------------------------------------------------------------------ */
/* Deleting a game, and bringing it back                                */
/* ------------------------------------------------------------------ */

/* A row of a snapshot's member: an array of its columns, each as the
 * letter of its place in @columns says: 'i' an integer, 's' a text, 'n' a
 * text or null. */
typedef struct {
  JsonBuilder *builder;
  const char  *columns;
} SnapshotRows;

static gboolean
add_row (LwStoreStmt  *stmt,
         gpointer      data,
         GError      **error)
{
  SnapshotRows *rows = data;

  json_builder_begin_array (rows->builder);
  for (int i = 0; rows->columns[i] != '\0'; i++)
    if (rows->columns[i] == 'i')
      json_builder_add_int_value (rows->builder, sqlite3_column_int64 (stmt, i));
    else if (rows->columns[i] == 'n' && sqlite3_column_type (stmt, i) == SQLITE_NULL)
      json_builder_add_null_value (rows->builder);
    else
      json_builder_add_string_value (rows->builder, (const char *) sqlite3_column_text (stmt, i));
  json_builder_end_array (rows->builder);
  return TRUE;
}

/* Adds @member to @builder: an array of the rows of @sql (?1 the game
 * @id), each an array of its @columns (as add_row() reads them). */
static gboolean
add_rows (LwStore      *self,
          JsonBuilder  *builder,
          const char   *member,
          const char   *sql,
          gint64        id,
          const char   *columns,
          GError      **error)
{
  SnapshotRows rows = { builder, columns };

  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  if (!lw_store_visit_rows (self, sql, id, add_row, &rows, error))
    return FALSE;
  json_builder_end_array (builder);
  return TRUE;
}

/* The copy of a whole game that its "delete_game" entry keeps: the record
 * (current names), creation time, details, substitutes and penalty notes. */
char *
lw_store_game_snapshot (LwStore             *self,
                        const LwStoredGame  *game,
                        GError             **error)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();
  g_autofree char *record = NULL;
  gboolean has_row = FALSE;

  /* The record as stored (current names), with the game's identity and
   * its house rules (schema 12). */
  {
    g_autoptr (LwGameRecord) copy = lw_game_record_copy (game->record);
    g_autoptr (LwStoreStmt) stmt =
      lw_store_query_row (self, "SELECT uuid, rule_set, run_fill, over_trump FROM games WHERE id = ?",
                          game->id, 0, &has_row, error);

    if (stmt == NULL)
      return NULL;
    if (has_row && sqlite3_column_type (stmt, 0) != SQLITE_NULL)
      copy->id = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    if (has_row)
      {
        g_free (copy->rule_set);
        copy->rule_set = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
        if (copy->ruleset == LW_RULESET_LITTLE_WOLF)
          {
            /* The CHECKs keep the names known; an unknown one stays the ruling. */
            (void) lw_run_fill_from_string ((const char *) sqlite3_column_text (stmt, 2), &copy->run_fill);
            (void) lw_over_trump_from_string ((const char *) sqlite3_column_text (stmt, 3),
                                              &copy->over_trump);
          }
      }
    record = lw_game_record_to_json (copy);
  }

  json_builder_begin_object (builder);
  lw_json_builder_add_nullable_string (builder, "record", record);
  json_builder_set_member_name (builder, "created");
  json_builder_add_int_value (builder, game->created);
  lw_json_builder_add_nullable_string (builder, "notes", game->notes);
  json_builder_set_member_name (builder, "played_at");
  json_builder_add_int_value (builder, game->played_at);
  lw_json_builder_add_nullable_string (builder, "place", game->place);
  json_builder_set_member_name (builder, "king_and_knave");
  json_builder_add_boolean_value (builder, game->king_and_knave);

  if (!add_rows (self, builder, "seat_changes",
                 "SELECT c.seat, c.from_round, o.name, n.name, c.changed_at"
                 " FROM seat_changes AS c JOIN players AS o ON o.id = c.old_player"
                 " JOIN players AS n ON n.id = c.new_player WHERE c.game = ? ORDER BY c.id",
                 game->id, "iissi", error)
      || !add_rows (self, builder, "penalty_notes",
                    "SELECT r.number, p.ordinal, p.note, coalesce (p.noted_at, 0)"
                    " FROM penalties AS p JOIN rounds AS r ON r.id = p.round"
                    " WHERE r.game = ? AND (p.note IS NOT NULL OR p.noted_at IS NOT NULL)"
                    " ORDER BY r.number, p.ordinal",
                    game->id, "iini", error))
    return NULL;
  json_builder_end_object (builder);

  return lw_json_builder_to_text (builder);
}

gboolean
lw_store_write_details (LwStore     *self,
                        gint64       id,
                        const char  *notes,
                        gint64       played_at,
                        const char  *place,
                        GError     **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self, "UPDATE games SET notes = ?, played_at = ?, place = ? WHERE id = ?", error);

  if (stmt == NULL || !lw_store_bind_text (self, stmt, 1, notes, error)
      || !(played_at != 0 ? lw_store_bind_int (self, stmt, 2, played_at, error)
                          : lw_store_bind_null (self, stmt, 2, error)))
    return FALSE;
  return lw_store_bind_text (self, stmt, 3, place, error)
         && lw_store_bind_int (self, stmt, 4, id, error)
         && lw_store_step_done (self, stmt, error);
}

gboolean
lw_store_write_king_and_knave (LwStore   *self,
                               gint64     id,
                               gboolean   king_and_knave,
                               GError   **error)
{
  return lw_store_run2 (self, "UPDATE games SET king_and_knave = ? WHERE id = ?", king_and_knave ? 1 : 0, id,
                        error);
}

gboolean
lw_store_damaged_log (LwStore  *self,
                      gint64    id,
                      GError  **error)
{
  return lw_store_fail_damaged (self, "game", id,
                                "its edit log holds a copy that cannot be read", error);
}

/* Re-creates game @id from a snapshot; inside a write transaction. */
gboolean
lw_store_restore_snapshot (LwStore     *self,
                           gint64       id,
                           const char  *snapshot,
                           GError     **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (LwGameRecord) record = NULL;
  JsonObject *object;
  JsonArray *array;
  const char *notes = NULL, *place = NULL;

  if (snapshot == NULL
      || lw_json_parse_checked (parser, snapshot, -1, "a deleted game", NULL) == NULL
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return lw_store_damaged_log (self, id, error);
  object = json_node_get_object (json_parser_get_root (parser));

  record = lw_game_record_from_json (json_object_get_string_member_with_default (object, "record", ""),
                                     -1, NULL);
  if (record == NULL)
    return lw_store_damaged_log (self, id, error);
  if (!json_object_get_null_member (object, "notes"))
    notes = json_object_get_string_member_with_default (object, "notes", NULL);
  if (!json_object_get_null_member (object, "place"))
    place = json_object_get_string_member_with_default (object, "place", NULL);

  if (lw_store_insert_game (self, record, id,
                   json_object_get_int_member_with_default (object, "created", 0), NULL,
                   error) != id
      || !lw_store_write_details (self, id, notes,
                       json_object_get_int_member_with_default (object, "played_at", 0),
                       place, error)
      || !lw_store_write_king_and_knave (self, id,
                              json_object_get_boolean_member_with_default (object, "king_and_knave",
                                                                           FALSE),
                              error))
    return FALSE;

  array = json_object_get_array_member (object, "seat_changes");
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonArray *change = json_array_get_array_element (array, i);
      gint64 old_player, new_player;

      if (change == NULL || json_array_get_length (change) != 5)
        return lw_store_damaged_log (self, id, error);
      if (!lw_store_player_id (self, json_array_get_string_element (change, 2), &old_player, error)
          || !lw_store_player_id (self, json_array_get_string_element (change, 3), &new_player, error))
        return FALSE;
      if (!lw_store_insert_seat_change (self, id, json_array_get_int_element (change, 0),
                               json_array_get_int_element (change, 1), old_player, new_player,
                               json_array_get_int_element (change, 4), error))
        return FALSE;
    }

  array = json_object_get_array_member (object, "penalty_notes");
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonArray *note = json_array_get_array_element (array, i);
      gint64 round_id;

      if (note == NULL || json_array_get_length (note) != 4)
        return lw_store_damaged_log (self, id, error);
      if (!lw_store_round_id_of (self, id, (guint) json_array_get_int_element (note, 0), &round_id, error)
          || !lw_store_write_penalty_note (self, round_id, (guint) json_array_get_int_element (note, 1),
                                json_array_get_null_element (note, 2)
                                  ? NULL : json_array_get_string_element (note, 2),
                                json_array_get_int_element (note, 3), error))
        return FALSE;
    }
  return TRUE;
}

gboolean
lw_store_delete_game (LwStore  *self,
                      gint64    id,
                      GError  **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autofree char *snapshot = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  game = lw_store_begin_game_change (self, id, error);
  if (game == NULL)
    return FALSE;
  snapshot = lw_store_game_snapshot (self, game, error);
  /* Seats and rounds go with the game (ON DELETE CASCADE); its players
   * stay known for the next game. */
  return lw_store_finish (self,
                          snapshot != NULL
                          && lw_store_run1 (self, "DELETE FROM games WHERE id = ?", id, error)
                          && lw_store_log_edit (self, id, "delete_game", 0, snapshot, NULL, error),
                          error);
}
