/* lw-store-club-events.c — events on the club server, the local half
 * (docs/CLUB-SERVER.md "What is synced"; table club_events of schema 18)
 *
 * An event's facts are one JSON document, its rows as stored:
 *
 *   { "facts": 1,
 *     "event":   { every column of events but id },
 *     "players": [ { event_players' columns but event and player,
 *                    "player_name": the player's name } ],
 *     "rounds":  [ { event_rounds' columns but event } ],
 *     "byes":    [ { event_byes' columns but event } ],
 *     "tables":  [ { event_tables' columns but id, event and game,
 *                    "game_uuid": the UUID of the game that is its result
 *                    (null: none), "seats": [ event_seats' columns but
 *                    event_table ], "boards": [ event_board_results'
 *                    columns but event_table ] } ] }
 *
 * Standings, points and tie-breaks are not in it: they are derived from
 * these rows and the games, as on the laptop that owns the event (scores
 * are never stored as the truth). A table whose game is not held when
 * its event arrives (a change of the game after the event's comes later
 * in the server's order) gets it once it arrives: a held event's facts
 * stay in club_events.facts, and every pull's batch links such tables
 * (lw_store_club_link_held_tables()). A game the owner deleted leaves
 * its table without a result there (event_tables.game is set to NULL),
 * and so its facts name no game: no result on every laptop. The
 * columns are read and written by name, so that a column added to one of
 * these tables travels without a change here; a name that is no column
 * of the table is refused.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-store-private.h"

/* The version of the facts document this program writes and reads. */
#define FACTS_VERSION 1

/* Adds the columns of @stmt's row to @builder's open object, but those
 * named in @skip (NULL-terminated). */
static void
add_row (JsonBuilder        *builder,
         LwStoreStmt        *stmt,
         const char *const  *skip)
{
  for (int c = 0; c < sqlite3_column_count (stmt); c++)
    {
      const char *name = sqlite3_column_name (stmt, c);

      if (skip != NULL && g_strv_contains (skip, name))
        continue;
      json_builder_set_member_name (builder, name);
      switch (sqlite3_column_type (stmt, c))
        {
        case SQLITE_NULL:
          json_builder_add_null_value (builder);
          break;
        case SQLITE_INTEGER:
          json_builder_add_int_value (builder, sqlite3_column_int64 (stmt, c));
          break;
        case SQLITE_FLOAT:
          json_builder_add_double_value (builder, sqlite3_column_double (stmt, c));
          break;
        default:
          json_builder_add_string_value (builder, (const char *) sqlite3_column_text (stmt, c));
          break;
        }
    }
}

/* Adds member @member, an array of an object per row of @sql (?1 = @id). */
static gboolean
add_rows (LwStore            *self,
          JsonBuilder        *builder,
          const char         *member,
          const char         *sql,
          gint64              id,
          const char *const  *skip,
          GError            **error)
{
  g_autoptr (LwStoreStmt) stmt = lw_store_query (self, sql, id, 0, error);
  gboolean ok = stmt != NULL;

  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  while (lw_store_next_row (self, stmt, &ok, error))
    {
      json_builder_begin_object (builder);
      add_row (builder, stmt, skip);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  return ok;
}

/* Event @id's facts document (compact JSON); inside a transaction. */
static char *
event_facts (LwStore  *self,
             gint64    id,
             GError  **error)
{
  static const char *const skip_event[] = { "id", NULL };
  static const char *const skip_player[] = { "event", "player", NULL };
  static const char *const skip_round[] = { "event", NULL };
  static const char *const skip_table[] = { "id", "event", "game", NULL };
  static const char *const skip_seat[] = { "event_table", NULL };
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autoptr (LwStoreStmt) tables = NULL;
  g_autoptr (JsonNode) root = NULL;
  gboolean ok;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "facts");
  json_builder_add_int_value (builder, FACTS_VERSION);
  {
    gboolean has_row = FALSE;
    g_autoptr (LwStoreStmt) stmt =
      lw_store_query_row (self, "SELECT * FROM events WHERE id = ?", id, 0, &has_row, error);

    if (stmt == NULL)
      return NULL;
    if (!has_row)
      {
        lw_store_set_not_found (error, "event", id);
        return NULL;
      }
    json_builder_set_member_name (builder, "event");
    json_builder_begin_object (builder);
    add_row (builder, stmt, skip_event);
    json_builder_end_object (builder);
  }
  ok = add_rows (self, builder, "players",
                 "SELECT ep.*, p.name AS player_name FROM event_players AS ep"
                 " JOIN players AS p ON p.id = ep.player WHERE ep.event = ? ORDER BY ep.entrant",
                 id, skip_player, error)
       && add_rows (self, builder, "rounds",
                    "SELECT * FROM event_rounds WHERE event = ? ORDER BY number",
                    id, skip_round, error)
       && add_rows (self, builder, "byes",
                    "SELECT * FROM event_byes WHERE event = ? ORDER BY round, entrant",
                    id, skip_round, error);
  if (!ok)
    return NULL;
  json_builder_set_member_name (builder, "tables");
  json_builder_begin_array (builder);
  tables = lw_store_query (self,
                           "SELECT t.*, g.uuid AS game_uuid FROM event_tables AS t"
                           " LEFT JOIN games AS g ON g.id = t.game"
                           " WHERE t.event = ? ORDER BY t.round, t.number",
                           id, 0, error);
  ok = tables != NULL;
  while (lw_store_next_row (self, tables, &ok, error))
    {
      gint64 table = sqlite3_column_int64 (tables, 0);

      json_builder_begin_object (builder);
      add_row (builder, tables, skip_table);
      ok = add_rows (self, builder, "seats",
                     "SELECT * FROM event_seats WHERE event_table = ? ORDER BY seat",
                     table, skip_seat, error)
           && add_rows (self, builder, "boards",
                        "SELECT * FROM event_board_results WHERE event_table = ? ORDER BY board",
                        table, skip_seat, error);
      json_builder_end_object (builder);
    }
  if (!ok)
    return NULL;
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  return json_to_string (root, FALSE);
}

/* The roster UUIDs of event @id's entrants (lw_store_club_players_json()). */
static char *
event_players (LwStore  *self,
               gint64    id,
               GError  **error)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (LwStoreStmt) stmt =
    lw_store_query (self,
                    "SELECT p.name FROM event_players AS ep JOIN players AS p ON p.id = ep.player"
                    " WHERE ep.event = ? ORDER BY ep.entrant",
                    id, 0, error);
  gboolean ok = stmt != NULL;

  while (lw_store_next_row (self, stmt, &ok, error))
    g_ptr_array_add (names, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  if (!ok)
    return NULL;
  return lw_store_club_players_json (self, (const char *const *) names->pdata, names->len, error);
}

GPtrArray *
lw_store_club_list_outgoing_events (LwStore  *self,
                                    GError  **error)
{
  g_autoptr (GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_game_free);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* A write: an own event gets its UUID the first time it is listed, and
   * keeps it, so that a push sent again sends the same event. */
  if (!lw_store_begin_write (self, error))
    return NULL;
  ok = lw_store_read_ids (self,
                          "SELECT id FROM events WHERE id NOT IN"
                          " (SELECT event FROM club_events WHERE event IS NOT NULL) ORDER BY id",
                          0, ids, error);
  for (guint i = 0; ok && i < ids->len; i++)
    {
      g_autofree char *uuid = g_uuid_string_random ();

      ok = lw_store_run_text (self, "INSERT INTO club_events (uuid, event) VALUES (?1, ?2)",
                              uuid, g_array_index (ids, gint64, i), error);
    }
  stmt = ok ? lw_store_query (self,
                              "SELECT uuid, event, version, facts FROM club_events"
                              " WHERE origin IS NULL AND (event IS NOT NULL OR facts IS NOT NULL)"
                              " ORDER BY event IS NULL, event, uuid",
                              0, 0, error)
            : NULL;
  while (lw_store_next_row (self, stmt, &ok, error))
    {
      const char *acked = (const char *) sqlite3_column_text (stmt, 3);
      g_autofree char *facts = NULL;
      LwClubGame *event;

      if (sqlite3_column_type (stmt, 1) != SQLITE_NULL)
        {
          facts = event_facts (self, sqlite3_column_int64 (stmt, 1), error);
          if (facts == NULL)
            {
              ok = FALSE;
              break;
            }
          if (g_strcmp0 (facts, acked) == 0)
            continue;
        }
      event = g_new0 (LwClubGame, 1);
      event->is_event = TRUE;
      event->uuid = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      event->version = sqlite3_column_int64 (stmt, 2) + 1;
      event->record = g_steal_pointer (&facts);
      g_ptr_array_add (events, event);
      if (event->record != NULL)
        {
          event->players = event_players (self, sqlite3_column_int64 (stmt, 1), error);
          ok = event->players != NULL;
          if (!ok)
            break;
        }
    }
  ok = ok && stmt != NULL;
  g_clear_pointer (&stmt, lw_store_stmt_release);
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_steal_pointer (&events);
}

gboolean
lw_store_club_count_events (LwStore  *self,
                            gint64   *waiting,
                            gint64   *deletions,
                            gint64   *held,
                            GError  **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_query (self,
                    "SELECT e.id, c.facts FROM events AS e LEFT JOIN club_events AS c"
                    " ON c.event = e.id WHERE c.origin IS NULL ORDER BY e.id",
                    0, 0, error);
  gboolean ok = stmt != NULL;

  *waiting = *deletions = *held = 0;
  while (lw_store_next_row (self, stmt, &ok, error))
    {
      g_autofree char *facts = event_facts (self, sqlite3_column_int64 (stmt, 0), error);

      if (facts == NULL)
        {
          ok = FALSE;
          break;
        }
      if (g_strcmp0 (facts, (const char *) sqlite3_column_text (stmt, 1)) != 0)
        *waiting += 1;
    }
  g_clear_pointer (&stmt, lw_store_stmt_release);
  if (!ok)
    return FALSE;
  stmt = lw_store_query_row (self,
                             "SELECT (SELECT count (*) FROM club_events WHERE origin IS NULL"
                             "   AND event IS NULL AND facts IS NOT NULL),"
                             " (SELECT count (*) FROM club_events WHERE origin IS NOT NULL)",
                             0, 0, &ok, error);
  if (stmt == NULL)
    return FALSE;
  *deletions = sqlite3_column_int64 (stmt, 0);
  *held = sqlite3_column_int64 (stmt, 1);
  return TRUE;
}

gboolean
lw_store_club_ack_event (LwStore           *self,
                         const LwClubGame  *event,
                         GError           **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self,
                   event->record != NULL
                   ? "UPDATE club_events SET version = ?2, facts = ?3 WHERE uuid = ?1"
                   : "DELETE FROM club_events WHERE uuid = ?1 AND event IS NULL AND ?2 = ?2"
                     " AND ?3 IS NULL",
                   error);

  return stmt != NULL
         && lw_store_bind_text (self, stmt, 1, event->uuid, error)
         && lw_store_bind_int (self, stmt, 2, event->version, error)
         && lw_store_bind_text (self, stmt, 3, event->record, error)
         && lw_store_step_done (self, stmt, error);
}

/* The columns of @table (a name of this file's, never the server's). */
static GPtrArray *
table_columns (LwStore     *self,
               const char  *table,
               GError     **error)
{
  g_autoptr (GPtrArray) columns = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *sql = g_strdup_printf ("SELECT name FROM pragma_table_info ('%s')", table);
  g_autoptr (LwStoreStmt) stmt = lw_store_query (self, sql, 0, 0, error);
  gboolean ok = stmt != NULL;

  while (lw_store_next_row (self, stmt, &ok, error))
    g_ptr_array_add (columns, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  return ok ? g_steal_pointer (&columns) : NULL;
}

/* Inserts a row of @table: @object's members (but those named in @skip
 * and those whose value is an array: a member that is no column of
 * @table is refused, naming event @event_uuid) and @n_fixed more columns
 * @fixed with integer values @values (0 binds NULL for the column
 * `game`: no game). Sets *@rowid (nullable) to the new row's ID. */
static gboolean
insert_row (LwStore            *self,
            const char         *event_uuid,
            const char         *table,
            JsonObject         *object,
            const char *const  *skip,
            const char *const  *fixed,
            const gint64       *values,
            guint               n_fixed,
            gint64             *rowid,
            GError            **error)
{
  g_autoptr (GPtrArray) columns = table_columns (self, table, error);
  g_autoptr (GString) names = g_string_new (NULL);
  g_autoptr (GString) marks = g_string_new (NULL);
  g_autoptr (GList) members = NULL;
  g_autoptr (GPtrArray) nodes = g_ptr_array_new ();
  g_autoptr (LwStoreOnceStmt) stmt = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autofree char *sql = NULL;
  gboolean ok;
  int index = 1;

  if (columns == NULL)
    return FALSE;
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *node = json_object_get_member (object, name);

      if ((skip != NULL && g_strv_contains (skip, name)) || JSON_NODE_HOLDS_ARRAY (node))
        continue;
      if (!g_ptr_array_find_with_equal_func (columns, name, g_str_equal, NULL)
          || JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                       "club server: event %s: \"%s\" is no column of %s here",
                       event_uuid, name, table);
          return FALSE;
        }
      g_string_append_printf (names, "%s\"%s\"", names->len > 0 ? ", " : "", name);
      g_string_append_printf (marks, "%s?", marks->len > 0 ? ", " : "");
      g_ptr_array_add (nodes, node);
    }
  for (guint i = 0; i < n_fixed; i++)
    {
      g_string_append_printf (names, "%s\"%s\"", names->len > 0 ? ", " : "", fixed[i]);
      g_string_append_printf (marks, "%s?", marks->len > 0 ? ", " : "");
    }
  sql = g_strdup_printf ("INSERT INTO %s (%s) VALUES (%s)", table, names->str, marks->str);
  stmt = lw_store_stmt_once (self, sql, error);
  ok = stmt != NULL;
  for (guint i = 0; ok && i < nodes->len; i++, index++)
    {
      JsonNode *node = g_ptr_array_index (nodes, i);
      GType type = json_node_get_value_type (node);

      if (JSON_NODE_HOLDS_NULL (node))
        ok = lw_store_bind_null (self, stmt, index, error);
      else if (type == G_TYPE_INT64 || type == G_TYPE_BOOLEAN)
        ok = lw_store_bind_int (self, stmt, index, json_node_get_int (node), error);
      else if (type == G_TYPE_DOUBLE)
        ok = sqlite3_bind_double (stmt, index, json_node_get_double (node)) == SQLITE_OK
             || lw_store_fail (self, SQLITE_ERROR, error);
      else
        ok = lw_store_bind_text (self, stmt, index, json_node_get_string (node), error);
    }
  for (guint i = 0; ok && i < n_fixed; i++, index++)
    ok = values[i] != 0 || strcmp (fixed[i], "game") != 0
         ? lw_store_bind_int (self, stmt, index, values[i], error)
         : lw_store_bind_null (self, stmt, index, error);
  if (ok && !lw_store_step_done (self, stmt, &local_error))
    {
      /* A row the schema refuses (a column missing, a value out of its
       * range) is the facts' fault, refused alone: not the store's. */
      if ((sqlite3_errcode (lw_store_get_db (self)) & 0xff) == SQLITE_CONSTRAINT)
        g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                     "club server: event %s: its facts break a rule of %s here: %s",
                     event_uuid, table, local_error->message);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      ok = FALSE;
    }
  if (ok && rowid != NULL)
    *rowid = sqlite3_last_insert_rowid (lw_store_get_db (self));
  return ok;
}

/* The objects of array @member of @object (none when missing). */
static GList *
objects_of (JsonObject  *object,
            const char  *member)
{
  JsonNode *member_node = json_object_get_member (object, member);
  JsonArray *array = member_node != NULL && JSON_NODE_HOLDS_ARRAY (member_node)
                     ? json_node_get_array (member_node) : NULL;
  GList *objects = NULL;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_OBJECT (node))
        objects = g_list_prepend (objects, json_node_get_object (node));
    }
  return g_list_reverse (objects);
}

/* Stores @facts of event @uuid as event @id (0: a new ID); sets *@stored
 * to its ID. Inside a write transaction. */
static gboolean
import_facts (LwStore           *self,
              const LwClubGame  *pulled,
              gint64             id,
              gint64            *stored,
              GError           **error)
{
  const char *uuid = pulled->uuid;
  const char *facts = pulled->record;
  g_autoptr (JsonObject) roster = NULL;
  static const char *const skip_player[] = { "player_name", NULL };
  static const char *const skip_table[] = { "game_uuid", NULL };
  static const char *const event_column[] = { "event" };
  static const char *const id_column[] = { "id" };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GList) players = NULL;
  g_autoptr (GList) rounds = NULL;
  g_autoptr (GList) byes = NULL;
  g_autoptr (GList) tables = NULL;
  JsonObject *root = NULL;
  JsonObject *event = NULL;
  JsonNode *parsed;
  gboolean ok;

  if (!lw_store_club_parse_players (pulled->players, &roster, &local_error))
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "club server: event %s: %s", uuid, local_error->message);
      return FALSE;
    }
  parsed = lw_json_parse_checked (parser, facts, -1, "its facts", &local_error);
  if (parsed != NULL && JSON_NODE_HOLDS_OBJECT (parsed))
    {
      root = json_node_get_object (parsed);
      JsonNode *node = json_object_get_member (root, "event");

      if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
        event = json_node_get_object (node);
    }
  if (event == NULL || json_object_get_int_member_with_default (root, "facts", 0) != FACTS_VERSION)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "club server: event %s: %s", uuid,
                   local_error != NULL ? local_error->message
                                       : "its facts are no event of this version");
      return FALSE;
    }
  ok = insert_row (self, uuid, "events", event, NULL, id_column, &id, id != 0 ? 1 : 0,
                   stored, error);
  id = *stored;
  players = objects_of (root, "players");
  for (GList *l = players; ok && l != NULL; l = l->next)
    {
      const char *name = json_object_get_string_member_with_default (l->data, "player_name", "");
      const char *const fixed[] = { "event", "player" };
      gint64 values[] = { id, 0 };
      g_autofree char *local = NULL;

      ok = lw_store_club_local_name (self, roster, name, pulled->origin_name, &local, error)
           && lw_store_player_id (self, local, &values[1], error)
           && insert_row (self, uuid, "event_players", l->data, skip_player, fixed, values, 2,
                          NULL, error);
    }
  rounds = objects_of (root, "rounds");
  for (GList *l = rounds; ok && l != NULL; l = l->next)
    ok = insert_row (self, uuid, "event_rounds", l->data, NULL, event_column, &id, 1, NULL, error);
  byes = objects_of (root, "byes");
  for (GList *l = byes; ok && l != NULL; l = l->next)
    ok = insert_row (self, uuid, "event_byes", l->data, NULL, event_column, &id, 1, NULL, error);
  tables = objects_of (root, "tables");
  for (GList *l = tables; ok && l != NULL; l = l->next)
    {
      const char *game_uuid = json_object_get_string_member_with_default (l->data, "game_uuid", NULL);
      const char *const fixed[] = { "event", "game" };
      const char *const table_column[] = { "event_table" };
      gint64 values[] = { id, 0 };
      g_autoptr (GList) seats = objects_of (l->data, "seats");
      g_autoptr (GList) boards = objects_of (l->data, "boards");
      gint64 table = 0;

      /* A game not held here (deleted on its laptop) leaves no result. */
      if (game_uuid != NULL)
        {
          gboolean has_row = FALSE;
          g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, "SELECT id FROM games WHERE uuid = ?",
                                                        error);

          ok = stmt != NULL
               && lw_store_bind_text (self, stmt, 1, game_uuid, error)
               && lw_store_step_row (self, stmt, &has_row, error);
          if (ok && has_row)
            values[1] = sqlite3_column_int64 (stmt, 0);
        }
      ok = ok && insert_row (self, uuid, "event_tables", l->data, skip_table, fixed, values, 2,
                             &table, error);
      for (GList *s = seats; ok && s != NULL; s = s->next)
        ok = insert_row (self, uuid, "event_seats", s->data, NULL, table_column, &table, 1,
                         NULL, error);
      for (GList *b = boards; ok && b != NULL; b = b->next)
        ok = insert_row (self, uuid, "event_board_results", b->data, NULL, table_column, &table, 1,
                         NULL, error);
    }
  return ok;
}

gboolean
lw_store_club_take_back_event (LwStore           *self,
                               const LwClubGame  *event,
                               GError           **error)
{
  gboolean has_row = FALSE;
  gint64 id = 0;
  gint64 stored = 0;
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self, "SELECT event FROM club_events WHERE uuid = ? AND origin IS NULL", error);

  if (stmt == NULL
      || !lw_store_bind_text (self, stmt, 1, event->uuid, error)
      || !lw_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  if (has_row)
    id = sqlite3_column_int64 (stmt, 0);
  g_clear_pointer (&stmt, lw_store_stmt_release);
  /* Its tables, seats and results go with it (ON DELETE CASCADE); the
   * server's copy keeps its ID here. */
  if (id != 0 && !lw_store_run1 (self, "DELETE FROM events WHERE id = ?", id, error))
    return FALSE;
  if (event->record == NULL)
    return lw_store_run_text (self, "DELETE FROM club_events WHERE uuid = ?1 AND ?2 = ?2",
                              event->uuid, 0, error);
  if (!import_facts (self, event, id, &stored, error))
    return FALSE;
  /* At the server's version, with its facts as the ones acknowledged: the
   * event counts as pushed, and its next change here is the version after
   * the server's. */
  stmt = lw_store_stmt (self,
                        "INSERT OR REPLACE INTO club_events (uuid, event, version, facts)"
                        " VALUES (?1, ?2, ?3, ?4)",
                        error);
  return stmt != NULL
         && lw_store_bind_text (self, stmt, 1, event->uuid, error)
         && lw_store_bind_int (self, stmt, 2, stored, error)
         && lw_store_bind_int (self, stmt, 3, event->version, error)
         && lw_store_bind_text (self, stmt, 4, event->record, error)
         && lw_store_step_done (self, stmt, error);
}

/* Own @event as the server holds it, in a new sync after a restore
 * (lw_store_club_restart()). One the backup lost comes back as its own,
 * from its facts, and counts as pushed at that version. One the database
 * holds at the server's version counts as pushed with the server's facts
 * (a change made here after them is sent at the next version). One the
 * server holds at a later version, or deleted, is older here: the
 * server's copy is taken back (lw_store_club_take_back_event()) and
 * *@taken_back set to the version acknowledged here before (else -1);
 * the server is never rewound. */
static gboolean
restore_own_event (LwStore           *self,
                   const LwClubGame  *event,
                   gint64            *taken_back,
                   GError           **error)
{
  gboolean has_row = FALSE;
  gboolean held = FALSE;
  gint64 version = 0;
  gint64 stored = 0;
  g_autoptr (LwStoreStmt) stmt = NULL;

  *taken_back = -1;
  stmt = lw_store_stmt (self, "SELECT version, event IS NOT NULL FROM club_events"
                              " WHERE uuid = ? AND origin IS NULL", error);
  if (stmt == NULL
      || !lw_store_bind_text (self, stmt, 1, event->uuid, error)
      || !lw_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  if (has_row)
    {
      version = sqlite3_column_int64 (stmt, 0);
      held = sqlite3_column_int64 (stmt, 1) != 0;
    }
  g_clear_pointer (&stmt, lw_store_stmt_release);
  if (held && (event->record == NULL || event->version > version))
    {
      *taken_back = version;
      return lw_store_club_take_back_event (self, event, error);
    }
  if (event->record == NULL)
    return TRUE;
  if (has_row && event->version < version)
    return TRUE;
  if (has_row)
    {
      stmt = lw_store_stmt (self, "UPDATE club_events SET facts = ?2 WHERE uuid = ?1 AND origin IS NULL",
                            error);
      return stmt != NULL
             && lw_store_bind_text (self, stmt, 1, event->uuid, error)
             && lw_store_bind_text (self, stmt, 2, event->record, error)
             && lw_store_step_done (self, stmt, error);
    }
  if (!import_facts (self, event, 0, &stored, error))
    return FALSE;
  stmt = lw_store_stmt (self,
                        "INSERT INTO club_events (uuid, event, version, facts) VALUES (?1, ?2, ?3, ?4)",
                        error);
  return stmt != NULL
         && lw_store_bind_text (self, stmt, 1, event->uuid, error)
         && lw_store_bind_int (self, stmt, 2, stored, error)
         && lw_store_bind_int (self, stmt, 3, event->version, error)
         && lw_store_bind_text (self, stmt, 4, event->record, error)
         && lw_store_step_done (self, stmt, error);
}

gboolean
lw_store_club_apply_event (LwStore           *self,
                           const LwClubGame  *event,
                           gboolean           own,
                           gint64            *taken_back,
                           GError           **error)
{
  gint64 id = 0;
  gint64 held_version = -1;
  gint64 stored = 0;
  gboolean has_row = FALSE;
  gboolean mine = FALSE;
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self, "SELECT event, origin IS NULL, version FROM club_events WHERE uuid = ?",
                   error);

  if (own)
    return restore_own_event (self, event, taken_back, error);
  if (stmt == NULL
      || !lw_store_bind_text (self, stmt, 1, event->uuid, error)
      || !lw_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  if (has_row)
    {
      id = sqlite3_column_int64 (stmt, 0);
      mine = sqlite3_column_int64 (stmt, 1) != 0;
      held_version = sqlite3_column_int64 (stmt, 2);
    }
  g_clear_pointer (&stmt, lw_store_stmt_release);
  if (mine || (held_version == event->version && event->record != NULL))
    return TRUE;
  if (id != 0 && !lw_store_run1 (self, "DELETE FROM events WHERE id = ?", id, error))
    return FALSE;
  if (event->record == NULL)
    {
      stmt = lw_store_stmt (self, "DELETE FROM club_events WHERE uuid = ?", error);
      return stmt != NULL
             && lw_store_bind_text (self, stmt, 1, event->uuid, error)
             && lw_store_step_done (self, stmt, error);
    }
  if (!import_facts (self, event, id, &stored, error))
    return FALSE;
  /* The facts are kept, so that a table's game that comes after its event
   * links to it then (lw_store_club_link_held_tables()). */
  stmt = lw_store_stmt (self,
                        "INSERT OR REPLACE INTO club_events"
                        " (uuid, event, origin, origin_name, version, facts)"
                        " VALUES (?, ?, ?, ?, ?, ?)",
                        error);
  return stmt != NULL
         && lw_store_bind_text (self, stmt, 1, event->uuid, error)
         && lw_store_bind_int (self, stmt, 2, stored, error)
         && lw_store_bind_text (self, stmt, 3, event->origin, error)
         && lw_store_bind_text (self, stmt, 4, event->origin_name, error)
         && lw_store_bind_int (self, stmt, 5, event->version, error)
         && lw_store_bind_text (self, stmt, 6, event->record, error)
         && lw_store_step_done (self, stmt, error);
}

gboolean
lw_store_club_link_held_tables (LwStore   *self,
                                gboolean   restored,
                                GError   **error)
{
  /* A table that has no game here, whose owner's facts name a game by a
   * UUID held here now, gets it: the owner's table has it. */
  return lw_store_run1 (self,
                        "UPDATE event_tables SET game = g.id"
                        " FROM club_events AS c, json_each (c.facts, '$.tables') AS j, games AS g"
                        " WHERE c.event = event_tables.event AND c.facts IS NOT NULL"
                        "  AND (c.origin IS NOT NULL OR ?1 = 1)"
                        "  AND event_tables.game IS NULL AND event_tables.paper = 0"
                        "  AND json_type (j.value, '$.game_uuid') = 'text'"
                        "  AND event_tables.round = json_extract (j.value, '$.round')"
                        "  AND event_tables.number = json_extract (j.value, '$.number')"
                        "  AND g.uuid = json_extract (j.value, '$.game_uuid')",
                        restored ? 1 : 0, error);
}

gboolean
lw_store_club_check_event_writable (LwStore  *self,
                                    gint64    id,
                                    GError  **error)
{
  gboolean has_row = FALSE;
  g_autoptr (LwStoreStmt) stmt =
    lw_store_query_row (self,
                        "SELECT origin_name FROM club_events WHERE event = ? AND origin IS NOT NULL",
                        id, 0, &has_row, error);

  if (stmt == NULL)
    return FALSE;
  if (!has_row)
    return TRUE;
  g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
               "event %" G_GINT64_FORMAT " belongs to club laptop \u201c%s\u201d: it is read-only "
               "here; change it on that laptop", id, sqlite3_column_text (stmt, 0));
  return FALSE;
}
