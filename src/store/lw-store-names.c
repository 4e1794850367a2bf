/* lw-store-names.c — schema 8: stored names made to follow the names rule
 *
 * Databases written before the names rule (docs/rules/GAME-RECORD.md "Names") may
 * hold names it refuses: a tab, a line break or a terminal's escape code,
 * a name of millions of characters, one only of invisible characters, or
 * one not in NFC. Such a file made the app fail at start and wrote
 * exports that no copy of the app could import again. The migration to
 * schema 8 renames each such name once, and notes every rename in the
 * edit log of the games concerned (kind "rename"), so that the director
 * sees what changed. The snapshots of deleted games in the log (which
 * bring them back) get the same new names, places and notes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-json-text.h"
#include "lw-store-locks.h"
#include "lw-store-private.h"

/* The old text kept in the edit log: at most this many characters. */
#define LOGGED_CHARS 200

/* The end of both repairs below: @kept (valid UTF-8) in NFC, trimmed of
 * white space at both ends when @strip, cut to its first @max_chars
 * characters. NULL when @kept does not normalize. */
static char *
normalize_and_cut (const char *kept,
                   gboolean    strip,
                   glong       max_chars)
{
  g_autofree char *nfc = g_utf8_normalize (kept, -1, G_NORMALIZE_NFC);

  if (nfc == NULL)
    return NULL;
  if (strip)
    g_strstrip (nfc);
  return g_utf8_substring (nfc, 0, MIN (g_utf8_strlen (nfc, -1), max_chars));
}

/* @raw made to follow the names rule: made valid UTF-8; a tab, a line
 * break, a line or paragraph separator becomes a space, any other control
 * character is dropped; NFC; trimmed; cut to LW_NAME_MAX_CHARS characters.
 * NULL when nothing visible is left. */
static char *
repair_name (const char *raw)
{
  g_autofree char *valid = g_utf8_make_valid (raw, -1);
  g_autoptr (GString) kept = g_string_new (NULL);
  g_autofree char *cut = NULL;
  const char *end;

  /* A name of millions of characters keeps its first ones only: the
   * filtering and NFC need not see more. */
  end = g_utf8_offset_to_pointer (valid, MIN (g_utf8_strlen (valid, -1), 4 * LW_NAME_MAX_CHARS));
  for (const char *p = valid; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeType type = g_unichar_type (c);

      if (type == G_UNICODE_LINE_SEPARATOR || type == G_UNICODE_PARAGRAPH_SEPARATOR
          || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f')
        g_string_append_c (kept, ' ');
      else if (type != G_UNICODE_CONTROL)
        g_string_append_unichar (kept, c);
    }
  cut = normalize_and_cut (kept->str, TRUE, LW_NAME_MAX_CHARS);
  if (cut == NULL)
    return NULL;
  return lw_name_normalize (cut, "name", NULL);
}

/* @base with " (N)" for the smallest N ≥ 2 that @taken does not hold,
 * @base cut so that the whole stays within LW_NAME_MAX_CHARS. */
static char *
unique_name (const char *base,
             GHashTable *taken)
{
  if (!g_hash_table_contains (taken, base))
    return g_strdup (base);
  for (guint n = 2; ; n++)
    {
      g_autofree char *suffix = g_strdup_printf (" (%u)", n);
      glong room = LW_NAME_MAX_CHARS - g_utf8_strlen (suffix, -1);
      g_autofree char *stem = g_utf8_substring (base, 0, MIN (g_utf8_strlen (base, -1), room));
      g_autofree char *candidate = NULL;

      g_strchomp (stem);
      candidate = g_strconcat (stem, suffix, NULL);
      if (!g_hash_table_contains (taken, candidate))
        return g_steal_pointer (&candidate);
    }
}

/* The edit log's JSON of one side of a rename: what was renamed and its
 * text (the old one shortened to LOGGED_CHARS, made valid UTF-8). */
static char *
rename_json (const char *what,
             gint64      id,
             const char *text)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();
  g_autofree char *valid = text != NULL ? g_utf8_make_valid (text, -1) : NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "what");
  json_builder_add_string_value (builder, what);
  json_builder_set_member_name (builder, "id");
  json_builder_add_int_value (builder, id);
  json_builder_set_member_name (builder, "text");
  if (valid == NULL)
    json_builder_add_null_value (builder);
  else
    {
      glong length = g_utf8_strlen (valid, -1);
      g_autofree char *shown = g_utf8_substring (valid, 0, MIN (length, LOGGED_CHARS));

      json_builder_add_string_value (builder, shown);
      if (length > LOGGED_CHARS)
        {
          json_builder_set_member_name (builder, "length");
          json_builder_add_int_value (builder, length);
        }
    }
  json_builder_end_object (builder);
  return lw_json_builder_to_text (builder);
}

/* Notes the rename in the log of every game that @games_sql (one ?
 * parameter, @id) lists. */
gboolean
lw_store_log_rename (LwStore     *self,
                     const char  *games_sql,
                     const char  *what,
                     gint64       id,
                     const char  *old_text,
                     const char  *new_text,
                     GError     **error)
{
  g_autofree char *old_json = rename_json (what, id, old_text);
  g_autofree char *new_json = rename_json (what, id, new_text);
  g_autoptr (GArray) games = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 now = g_get_real_time ();
  gint64 schema = 0;

  /* The names migrations (schemas 8 and 22) run before game_stats_cache
   * (schema 24) is there. */
  if (!lw_store_read_ids (self, games_sql, id, games, error)
      || !lw_store_query_int64 (self, "PRAGMA user_version", &schema, error))
    return FALSE;

  for (guint i = 0; i < games->len; i++)
    {
      g_autoptr (LwStoreStmt) stmt = NULL;
      gint64 before = 0;

      /* The game's share of the players' statistics stays right (its row
       * names players by ID): carried to the version the entry gives. */
      if (schema >= 24
          && !lw_store_get_game_version (self, g_array_index (games, gint64, i), &before, error))
        return FALSE;
      stmt = lw_store_stmt (self,
                            "INSERT INTO edits (game, at, kind, number, old, new)"
                            " VALUES (?, ?, 'rename', 0, ?, ?)", error);
      if (stmt == NULL
          || !lw_store_bind_int (self, stmt, 1, g_array_index (games, gint64, i), error)
          || !lw_store_bind_int (self, stmt, 2, now, error)
          || !lw_store_bind_text (self, stmt, 3, old_json, error)
          || !lw_store_bind_text (self, stmt, 4, new_json, error)
          || !lw_store_step_done (self, stmt, error)
          || (schema >= 24
              && !lw_store_carry_stats_share (self, g_array_index (games, gint64, i), before, error)))
        return FALSE;
    }
  return TRUE;
}

typedef struct {
  gint64  id;
  char   *text;
} Row;

static void
row_clear (gpointer data)
{
  g_free (((Row *) data)->text);
}

/* Appends the row (id, text) to @data, a GArray of Row. */
static gboolean
add_row (LwStoreStmt  *stmt,
         gpointer      data,
         GError      **error)
{
  GArray *rows = data;
  const char *text = (const char *) sqlite3_column_text (stmt, 1);
  Row *row;

  /* The new row is filled in place: the array owns its text. */
  g_array_set_size (rows, rows->len + 1);
  row = &g_array_index (rows, Row, rows->len - 1);
  row->id = sqlite3_column_int64 (stmt, 0);
  row->text = text != NULL ? g_strndup (text, (gsize) sqlite3_column_bytes (stmt, 1)) : NULL;
  return TRUE;
}

/* The rows (id, text) of @sql; text NULL for NULL. */
static GArray *
read_rows (LwStore     *self,
           const char  *sql,
           GError     **error)
{
  g_autoptr (GArray) rows = g_array_new (FALSE, TRUE, sizeof (Row));

  g_array_set_clear_func (rows, row_clear);
  if (!lw_store_visit_rows (self, sql, 0, add_row, rows, error))
    return NULL;
  return g_steal_pointer (&rows);
}

static gboolean
update_text (LwStore     *self,
             const char  *sql,
             const char  *text,
             gint64       id,
             GError     **error)
{
  g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, sql, error);

  return stmt != NULL
         && (text != NULL ? lw_store_bind_text (self, stmt, 1, text, error)
                          : lw_store_bind_null (self, stmt, 1, error))
         && lw_store_bind_int (self, stmt, 2, id, error)
         && lw_store_step_done (self, stmt, error);
}

/* Whether @text is stored as the names rule would store it. */
static gboolean
follows_rule (const char *text)
{
  g_autofree char *name = lw_name_normalize (text, "name", NULL);

  return name != NULL && strcmp (name, text) == 0;
}

/* Renames the players whose names break the rule; @renamed gets each
 * old name (as stored) → the new one. */
static gboolean
repair_players (LwStore     *self,
                GHashTable  *renamed,
                GError     **error)
{
  g_autoptr (GArray) rows = read_rows (self, "SELECT id, name FROM players ORDER BY id", error);
  g_autoptr (GHashTable) taken = NULL;

  if (rows == NULL)
    return FALSE;

  /* Names that follow the rule stay; the others take a name no other
   * player has, compared as stored (NFC). */
  taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = &g_array_index (rows, Row, i);

      if (row->text != NULL && follows_rule (row->text))
        g_hash_table_add (taken, g_strdup (row->text));
    }

  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = &g_array_index (rows, Row, i);
      g_autofree char *repaired = NULL;
      g_autofree char *name = NULL;

      if (row->text != NULL && follows_rule (row->text))
        continue;
      repaired = row->text != NULL ? repair_name (row->text) : NULL;
      if (repaired == NULL)
        repaired = g_strdup_printf ("Player %" G_GINT64_FORMAT, row->id);
      name = unique_name (repaired, taken);
      g_hash_table_add (taken, g_strdup (name));
      if (row->text != NULL)
        g_hash_table_insert (renamed, g_strdup (row->text), g_strdup (name));

      if (!update_text (self, "UPDATE players SET name = ?1 WHERE id = ?2", name, row->id, error)
          || !lw_store_log_rename (self,
                          "SELECT game FROM game_seats WHERE player = ?1"
                          " UNION SELECT game FROM seat_changes"
                          "   WHERE old_player = ?1 OR new_player = ?1",
                          "player", row->id, row->text, name, error))
        return FALSE;
    }
  return TRUE;
}

/* @raw made to follow the rule for notes: the lines kept, any other
 * control character dropped, NFC, cut to LW_NOTES_MAX_CHARS characters;
 * NULL when nothing is left. */
static char *
repair_notes_text (const char *raw)
{
  g_autofree char *valid = g_utf8_make_valid (raw, -1);
  g_autoptr (GString) kept = g_string_new (NULL);
  g_autofree char *notes = NULL;

  for (const char *p = valid; *p != '\0' && kept->len < 4 * LW_NOTES_MAX_CHARS; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\n' || c == '\r' || g_unichar_type (c) != G_UNICODE_CONTROL)
        g_string_append_unichar (kept, c);
    }
  notes = normalize_and_cut (kept->str, FALSE, LW_NOTES_MAX_CHARS);
  return notes != NULL && *notes != '\0' ? g_steal_pointer (&notes) : NULL;
}

/* Whether @text is stored as the rule for notes would store it. */
static gboolean
notes_follow_rule (const char *text)
{
  g_autofree char *notes = lw_notes_normalize (text, "notes", NULL);

  return notes != NULL && strcmp (notes, text) == 0;
}

/* A column of text with a rule, and how a text that breaks it is
 * renamed. */
typedef struct {
  const char *what;        /* in the log: "event", "place", "notes" */
  const char *select_sql;  /* rows (id, text) */
  const char *update_sql;  /* ?1 the new text (NULL: none), ?2 the id */
  const char *games_sql;   /* the games whose log notes it; ?1 the id */
  gboolean  (*follows) (const char *text);
  char     *(*repair) (const char *text);  /* NULL: nothing is left */
  const char *fallback;    /* with the id, the text when nothing is left;
                            * NULL: the text is removed */
} Column;

static const Column columns[] = {
  { "event",
    "SELECT id, name FROM events ORDER BY id",
    "UPDATE events SET name = ?1 WHERE id = ?2",
    "SELECT game FROM event_tables WHERE event = ?1 AND game IS NOT NULL"
    " UNION SELECT g.game FROM event_table_games AS g"
    "   JOIN event_tables AS t ON t.id = g.event_table WHERE t.event = ?1",
    follows_rule, repair_name, "Event " },
  /* A game's place is a name; one with nothing visible left is removed. */
  { "place",
    "SELECT id, place FROM games WHERE place IS NOT NULL AND place != '' ORDER BY id",
    "UPDATE games SET place = ?1 WHERE id = ?2",
    "SELECT ?1",
    follows_rule, repair_name, NULL },
  { "notes",
    "SELECT id, notes FROM games WHERE notes IS NOT NULL AND notes != '' ORDER BY id",
    "UPDATE games SET notes = ?1 WHERE id = ?2",
    "SELECT ?1",
    notes_follow_rule, repair_notes_text, NULL },
};

static gboolean
repair_column (LwStore       *self,
               const Column  *column,
               GError       **error)
{
  g_autoptr (GArray) rows = read_rows (self, column->select_sql, error);

  if (rows == NULL)
    return FALSE;
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = &g_array_index (rows, Row, i);
      g_autofree char *text = NULL;

      if (row->text != NULL && column->follows (row->text))
        continue;
      text = row->text != NULL ? column->repair (row->text) : NULL;
      if (text == NULL && column->fallback != NULL)
        text = g_strdup_printf ("%s%" G_GINT64_FORMAT, column->fallback, row->id);
      if (!update_text (self, column->update_sql, text, row->id, error)
          || !lw_store_log_rename (self, column->games_sql, column->what, row->id, row->text, text, error))
        return FALSE;
    }
  return TRUE;
}

/* Element @index of @array, a string, renamed as @renamed says; %TRUE
 * when it was. */
static gboolean
rename_in_array (JsonArray  *array,
                 guint       index,
                 GHashTable *renamed)
{
  JsonNode *node = json_array_get_element (array, index);
  const char *name;

  if (!lw_json_node_holds (node, G_TYPE_STRING))
    return FALSE;
  name = g_hash_table_lookup (renamed, json_node_get_string (node));
  if (name == NULL)
    return FALSE;
  json_node_set_string (node, name);
  return TRUE;
}

/* The text @member of @object made to follow @column's rule (null when
 * nothing is left); %TRUE when it changed. */
static gboolean
repair_member (JsonObject   *object,
               const char   *member,
               const Column *column)
{
  const char *text = json_object_get_string_member_with_default (object, member, NULL);
  g_autofree char *repaired = NULL;

  if (text == NULL || *text == '\0' || column->follows (text))
    return FALSE;
  repaired = column->repair (text);
  if (repaired != NULL)
    json_object_set_string_member (object, member, repaired);
  else
    json_object_set_null_member (object, member);
  return TRUE;
}

/* A deleted game's snapshot in the log (kind "delete_game", which brings
 * it back) holds its players' names, place and notes as they were: they
 * are renamed as the stored ones were, so that the game can come back.
 * NULL when nothing changed. */
static char *
repair_snapshot (const char *snapshot,
                 GHashTable *renamed)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) record_parser = json_parser_new ();
  JsonObject *object, *record;
  JsonArray *array;
  const char *text;
  gboolean changed = FALSE;

  g_assert (g_str_equal (columns[1].what, "place") && g_str_equal (columns[2].what, "notes"));

  if (snapshot == NULL || lw_json_parse_checked (parser, snapshot, -1, "a deleted game", NULL) == NULL
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return NULL;
  object = json_node_get_object (json_parser_get_root (parser));

  text = json_object_get_string_member_with_default (object, "record", NULL);
  if (text != NULL && lw_json_parse_checked (record_parser, text, -1, "a deleted game's record", NULL) != NULL
      && JSON_NODE_HOLDS_OBJECT (json_parser_get_root (record_parser)))
    {
      gboolean renamed_player = FALSE;

      record = json_node_get_object (json_parser_get_root (record_parser));
      array = json_object_get_array_member (record, "players");
      for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
        renamed_player |= rename_in_array (array, i, renamed);
      if (renamed_player)
        {
          g_autofree char *record_text = json_to_string (json_parser_get_root (record_parser), TRUE);

          json_object_set_string_member (object, "record", record_text);
          changed = TRUE;
        }
    }

  array = json_object_has_member (object, "seat_changes")
          && JSON_NODE_HOLDS_ARRAY (json_object_get_member (object, "seat_changes"))
          ? json_object_get_array_member (object, "seat_changes") : NULL;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *change = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_ARRAY (change) && json_array_get_length (json_node_get_array (change)) == 5)
        {
          changed |= rename_in_array (json_node_get_array (change), 2, renamed);
          changed |= rename_in_array (json_node_get_array (change), 3, renamed);
        }
    }

  changed |= repair_member (object, "place", &columns[1]);
  changed |= repair_member (object, "notes", &columns[2]);
  return changed ? json_to_string (json_parser_get_root (parser), FALSE) : NULL;
}

gboolean
lw_store_rename_in_snapshots (LwStore     *self,
                              GHashTable  *renamed,
                              GError     **error)
{
  g_autoptr (GArray) rows =
    read_rows (self, "SELECT id, old FROM edits WHERE kind = 'delete_game' ORDER BY id", error);

  if (rows == NULL)
    return FALSE;
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = &g_array_index (rows, Row, i);
      g_autofree char *snapshot = repair_snapshot (row->text, renamed);

      if (snapshot != NULL
          && !update_text (self, "UPDATE edits SET old = ?1 WHERE id = ?2", snapshot, row->id, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
lw_store_migrate_names (LwStore  *self,
                        GError  **error)
{
  g_autoptr (GHashTable) renamed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  if (!repair_players (self, renamed, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    if (!repair_column (self, &columns[i], error))
      return FALSE;
  return lw_store_rename_in_snapshots (self, renamed, error);
}

gboolean
lw_store_set_edit_texts (LwStore     *self,
                         gint64       id,
                         const char  *old_text,
                         const char  *new_text,
                         GError     **error)
{
  return update_text (self, "UPDATE edits SET old = ?1 WHERE id = ?2", old_text, id, error)
         && update_text (self, "UPDATE edits SET new = ?1 WHERE id = ?2", new_text, id, error);
}
