/* lw-store-players.c — players as people: list, rename, merge, delete
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-store-players.h"
#include "lw-store-private.h"

/* The games a player (?1) sits in or substitutes in. */
#define GAMES_OF_PLAYER \
  "SELECT game FROM game_seats WHERE player = ?1" \
  " UNION SELECT game FROM seat_changes WHERE old_player = ?1 OR new_player = ?1"

void
lw_stored_player_free (LwStoredPlayer *player)
{
  if (player == NULL)
    return;
  g_free (player->name);
  g_free (player);
}

static int
compare_players (gconstpointer a,
                 gconstpointer b)
{
  const LwStoredPlayer *player_a = *(LwStoredPlayer *const *) a;
  const LwStoredPlayer *player_b = *(LwStoredPlayer *const *) b;

  return lw_store_compare_names (&player_a->name, &player_b->name);
}

/* A player as lw_store_list_players() selects it. */
static gpointer
read_player (LwStoreStmt *stmt,
             guint        index)
{
  LwStoredPlayer *player = g_new0 (LwStoredPlayer, 1);

  player->id = sqlite3_column_int64 (stmt, 0);
  player->name = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
  player->n_games = (guint) sqlite3_column_int64 (stmt, 2);
  player->n_events = (guint) sqlite3_column_int64 (stmt, 3);
  return player;
}

GPtrArray *
lw_store_list_players (LwStore  *self,
                       GError  **error)
{
  g_autoptr (GPtrArray) players = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  players = lw_store_list_rows (self,
                                "SELECT p.id, p.name,"
                                " (SELECT count (*) FROM (SELECT game FROM game_seats WHERE player = p.id"
                                "   UNION SELECT game FROM seat_changes"
                                "     WHERE old_player = p.id OR new_player = p.id)),"
                                " (SELECT count (*) FROM event_players WHERE player = p.id)"
                                " FROM players AS p",
                                0, read_player, (GDestroyNotify) lw_stored_player_free, error);
  if (!lw_store_finish (self, players != NULL, error))
    return NULL;
  g_ptr_array_sort (players, compare_players);
  return g_steal_pointer (&players);
}

/* The ID of the stored player @text names (after the names rule): 0 with
 * @error set when there is none. */
static gint64
find_player (LwStore     *self,
             const char  *text,
             const char  *place,
             char       **name_out,
             GError     **error)
{
  g_autofree char *name = lw_name_normalize (text, place, error);
  gint64 id = 0;

  if (name == NULL || !lw_store_find_player_named (self, name, &id, error))
    return 0;
  if (id == 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "no player named “%s”", name);
      return 0;
    }
  if (name_out != NULL)
    *name_out = g_steal_pointer (&name);
  return id;
}

/* @json (a substitution's side in the edit log: seat, from_round, name)
 * with the name @new_name when it was @old_name; NULL when unchanged. */
static char *
rename_substitution_side (const char *json,
                          const char *old_name,
                          const char *new_name)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *object;

  if (json == NULL || lw_json_parse_checked (parser, json, -1, "an edit's JSON", NULL) == NULL
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return NULL;
  object = json_node_get_object (json_parser_get_root (parser));
  if (g_strcmp0 (json_object_get_string_member_with_default (object, "name", NULL), old_name) != 0)
    return NULL;
  json_object_set_string_member (object, "name", new_name);
  return json_to_string (json_parser_get_root (parser), FALSE);
}

/* Where read_edit_texts() puts the rows it reads. */
typedef struct {
  GArray    *ids;    /* of gint64 */
  GPtrArray *texts;  /* two a row: old, new */
} EditTexts;

static gboolean
add_edit_texts (LwStoreStmt  *stmt,
                gpointer      data,
                GError      **error)
{
  EditTexts *edits = data;
  gint64 id = sqlite3_column_int64 (stmt, 0);

  g_array_append_val (edits->ids, id);
  g_ptr_array_add (edits->texts, g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
  g_ptr_array_add (edits->texts, g_strdup ((const char *) sqlite3_column_text (stmt, 2)));
  return TRUE;
}

/* Appends the rows (id, old, new) of @sql, edits of the log, to @ids and
 * their two texts to @texts (of strings, owned): old, then new. */
static gboolean
read_edit_texts (LwStore     *self,
                 const char  *sql,
                 GArray      *ids,
                 GPtrArray   *texts,
                 GError     **error)
{
  EditTexts edits = { ids, texts };

  return lw_store_visit_rows (self, sql, 0, add_edit_texts, &edits, error);
}

/* The substitutions in the edit log name @new_name where they named
 * @old_name, so that undoing one seats the player as now named. */
static gboolean
rename_in_substitutions (LwStore     *self,
                         const char  *old_name,
                         const char  *new_name,
                         GError     **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  if (!read_edit_texts (self, "SELECT id, old, new FROM edits WHERE kind = 'substitute'",
                        ids, texts, error))
    return FALSE;
  for (guint i = 0; i < ids->len; i++)
    {
      const char *old_text = g_ptr_array_index (texts, 2 * i);
      const char *new_text = g_ptr_array_index (texts, 2 * i + 1);
      g_autofree char *old_json = rename_substitution_side (old_text, old_name, new_name);
      g_autofree char *new_json = rename_substitution_side (new_text, old_name, new_name);

      if (old_json == NULL && new_json == NULL)
        continue;
      if (!lw_store_set_edit_texts (self, g_array_index (ids, gint64, i),
                                    old_json != NULL ? old_json : old_text,
                                    new_json != NULL ? new_json : new_text, error))
        return FALSE;
    }
  return TRUE;
}

/* The deleted games' snapshots, the logged substitutions and the edit log
 * follow a rename of
 * @old_name to @new_name (player @id, whose games are listed by
 * @games_sql). */
static gboolean
note_rename (LwStore     *self,
             const char  *games_sql,
             gint64       id,
             const char  *old_name,
             const char  *new_name,
             GError     **error)
{
  g_autoptr (GHashTable) renamed = g_hash_table_new (g_str_hash, g_str_equal);

  g_hash_table_insert (renamed, (gpointer) old_name, (gpointer) new_name);
  return lw_store_log_rename (self, games_sql, "player", id, old_name, new_name, error)
         && lw_store_rename_in_snapshots (self, renamed, error)
         && rename_in_substitutions (self, old_name, new_name, error);
}

gboolean
lw_store_rename_player (LwStore     *self,
                        const char  *old_name,
                        const char  *new_name,
                        GError     **error)
{
  g_autofree char *old_stored = NULL;
  g_autofree char *name = NULL;
  gint64 id, other = 0;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  name = lw_name_normalize (new_name, "the new name", error);
  if (name == NULL || !lw_store_begin_write (self, error))
    return FALSE;
  id = find_player (self, old_name, "the player's name", &old_stored, error);
  if (id == 0)
    return lw_store_finish (self, FALSE, error);
  if (g_str_equal (old_stored, name))
    return lw_store_commit (self, error);

  if (!lw_store_find_player_named (self, name, &other, error))
    return lw_store_finish (self, FALSE, error);
  if (other != 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "a player named “%s” exists already: merge the two instead", name);
      return lw_store_finish (self, FALSE, error);
    }

  {
    g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, "UPDATE players SET name = ?1 WHERE id = ?2", error);

    if (stmt == NULL
        || !lw_store_bind_text (self, stmt, 1, name, error)
        || !lw_store_bind_int (self, stmt, 2, id, error)
        || !lw_store_step_done (self, stmt, error))
      return lw_store_finish (self, FALSE, error);
  }
  return lw_store_finish (self, note_rename (self, GAMES_OF_PLAYER, id, old_stored, name, error),
                          error);
}

/* One row a merge moved: a table's key and the column that changed. */
typedef enum {
  MOVED_SEAT,          /* game_seats (game, seat) */
  MOVED_OLD_PLAYER,    /* seat_changes.old_player (id) */
  MOVED_NEW_PLAYER,    /* seat_changes.new_player (id) */
  MOVED_ENTRANT,       /* event_players (event, entrant) */
} MovedKind;

typedef struct {
  MovedKind kind;
  gint64    a;
  gint64    b;
} Moved;

struct _LwPlayerMerge {
  gint64  from_id;
  char   *from_name;
  gint64  into_id;
  char   *into_name;
  GArray *moved;      /* Moved */
  GArray *games;      /* gint64: the games concerned */
  GArray *snapshots;  /* gint64 edit IDs of deleted games' snapshots and
                       * substitutions … */
  GPtrArray *texts;   /* … and their old and new texts before the merge,
                       * two for each */
  char   *from_entry; /* a club laptop's: the two players' roster entries */
  char   *into_entry; /* (NULL: none), lw_player_merge_set_entries() */
};

void
lw_player_merge_free (LwPlayerMerge *merge)
{
  if (merge == NULL)
    return;
  g_free (merge->from_name);
  g_free (merge->into_name);
  g_clear_pointer (&merge->moved, g_array_unref);
  g_clear_pointer (&merge->games, g_array_unref);
  g_clear_pointer (&merge->snapshots, g_array_unref);
  g_clear_pointer (&merge->texts, g_ptr_array_unref);
  g_free (merge->from_entry);
  g_free (merge->into_entry);
  g_free (merge);
}

void
lw_player_merge_set_entries (LwPlayerMerge *merge,
                             const char    *from_entry,
                             const char    *into_entry)
{
  g_free (merge->from_entry);
  g_free (merge->into_entry);
  merge->from_entry = g_strdup (from_entry);
  merge->into_entry = g_strdup (into_entry);
}

void
lw_player_merge_get_entries (const LwPlayerMerge  *merge,
                             const char          **from_entry,
                             const char          **into_entry,
                             gint64               *from_id,
                             const char          **from_name,
                             const char          **into_name)
{
  *from_entry = merge->from_entry;
  *into_entry = merge->into_entry;
  *from_id = merge->from_id;
  *from_name = merge->from_name;
  *into_name = merge->into_name;
}

/* Where read_moved() puts the rows it reads, and as what. */
typedef struct {
  MovedKind  kind;
  GArray    *moved;  /* of Moved */
} MovedRows;

static gboolean
add_moved (LwStoreStmt  *stmt,
           gpointer      data,
           GError      **error)
{
  MovedRows *rows = data;
  Moved row = { rows->kind, sqlite3_column_int64 (stmt, 0), sqlite3_column_int64 (stmt, 1) };

  g_array_append_val (rows->moved, row);
  return TRUE;
}

/* Reads the rows of @sql (?1 the player; two key columns) as @kind. */
static gboolean
read_moved (LwStore     *self,
            const char  *sql,
            MovedKind    kind,
            gint64       player,
            GArray      *moved,
            GError     **error)
{
  MovedRows rows = { kind, moved };

  return lw_store_visit_rows (self, sql, player, add_moved, &rows, error);
}

/* Points the rows of @merge at @to (which they held as @from); with
 * @check, each must still hold @from (else %LW_STORE_ERROR_CHANGED). */
static gboolean
move_rows (LwStore        *self,
           LwPlayerMerge  *merge,
           gint64          from,
           gint64          to,
           gboolean        check,
           GError        **error)
{
  for (guint i = 0; i < merge->moved->len; i++)
    {
      const Moved *row = &g_array_index (merge->moved, Moved, i);
      g_autoptr (LwStoreStmt) stmt = NULL;

      switch (row->kind)
        {
        case MOVED_SEAT:
          stmt = lw_store_stmt (self, "UPDATE game_seats SET player = ?1"
                                " WHERE game = ?2 AND seat = ?3 AND player = ?4", error);
          break;
        case MOVED_OLD_PLAYER:
          stmt = lw_store_stmt (self, "UPDATE seat_changes SET old_player = ?1"
                                " WHERE id = ?2 AND ?3 = ?3 AND old_player = ?4", error);
          break;
        case MOVED_NEW_PLAYER:
          stmt = lw_store_stmt (self, "UPDATE seat_changes SET new_player = ?1"
                                " WHERE id = ?2 AND ?3 = ?3 AND new_player = ?4", error);
          break;
        case MOVED_ENTRANT:
        default:
          stmt = lw_store_stmt (self, "UPDATE event_players SET player = ?1"
                                " WHERE event = ?2 AND entrant = ?3 AND player = ?4", error);
          break;
        }
      if (stmt == NULL
          || !lw_store_bind_int (self, stmt, 1, to, error)
          || !lw_store_bind_int (self, stmt, 2, row->a, error)
          || !lw_store_bind_int (self, stmt, 3, row->b, error)
          || !lw_store_bind_int (self, stmt, 4, from, error)
          || !lw_store_step_done (self, stmt, error))
        return FALSE;
      if (check && sqlite3_changes (sqlite3_db_handle (stmt)) != 1)
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_CHANGED,
                       "“%s” can no longer be split from “%s”: their games or events"
                       " changed since the merge", merge->from_name, merge->into_name);
          return FALSE;
        }
    }
  return TRUE;
}

/* Drops the cached results and statistics' shares of the merge's games
 * (replayed on the next read with the seats' new players: the games'
 * versions stay). */
static gboolean
drop_cached_results (LwStore        *self,
                     LwPlayerMerge  *merge,
                     GError        **error)
{
  for (guint i = 0; i < merge->games->len; i++)
    if (!lw_store_run2 (self, "DELETE FROM game_result_cache WHERE game = ?1 AND ?2 = ?2",
                   g_array_index (merge->games, gint64, i), 0, error)
        || !lw_store_run2 (self, "DELETE FROM game_stats_cache WHERE game = ?1 AND ?2 = ?2",
                           g_array_index (merge->games, gint64, i), 0, error))
      return FALSE;
  return TRUE;
}

/* Reads the deleted games' snapshots and the logged substitutions into
 * @merge (before a merge). */
static gboolean
read_snapshots (LwStore        *self,
                LwPlayerMerge  *merge,
                GError        **error)
{
  return read_edit_texts (self, "SELECT id, old, new FROM edits WHERE kind IN ('delete_game', 'substitute')",
                          merge->snapshots, merge->texts, error);
}

gboolean
lw_store_merge_players (LwStore        *self,
                        const char     *from_name,
                        const char     *into_name,
                        LwPlayerMerge **merge_out,
                        GError        **error)
{
  g_autoptr (LwPlayerMerge) merge = g_new0 (LwPlayerMerge, 1);
  gint64 shared = 0;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  merge->moved = g_array_new (FALSE, FALSE, sizeof (Moved));
  merge->games = g_array_new (FALSE, FALSE, sizeof (gint64));
  merge->snapshots = g_array_new (FALSE, FALSE, sizeof (gint64));
  merge->texts = g_ptr_array_new_with_free_func (g_free);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  merge->from_id = find_player (self, from_name, "the merged player's name", &merge->from_name, error);
  if (merge->from_id == 0)
    goto fail;
  merge->into_id = find_player (self, into_name, "the name merged into", &merge->into_name, error);
  if (merge->into_id == 0)
    goto fail;
  if (merge->from_id == merge->into_id)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "“%s” cannot be merged into itself", merge->from_name);
      goto fail;
    }

  /* One person sits once at a table: no game or event of both. */
  if (!lw_store_query_id (self,
                 "SELECT game FROM (" GAMES_OF_PLAYER ")"
                 " INTERSECT SELECT game FROM (SELECT game FROM game_seats WHERE player = ?2"
                 "   UNION SELECT game FROM seat_changes WHERE old_player = ?2 OR new_player = ?2)"
                 " ORDER BY game LIMIT 1",
                 merge->from_id, merge->into_id, &shared, error))
    goto fail;
  if (shared != 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "“%s” and “%s” both play in game %" G_GINT64_FORMAT
                   ": one person cannot sit twice at one table",
                   merge->from_name, merge->into_name, shared);
      goto fail;
    }
  if (!lw_store_query_id (self,
                 "SELECT a.event FROM event_players AS a JOIN event_players AS b"
                 " ON a.event = b.event WHERE a.player = ?1 AND b.player = ?2"
                 " ORDER BY a.event LIMIT 1",
                 merge->from_id, merge->into_id, &shared, error))
    goto fail;
  if (shared != 0)
    {
      g_autofree char *event = NULL;
      gboolean has_row = FALSE;
      g_autoptr (LwStoreStmt) stmt =
        lw_store_query_row (self, "SELECT name FROM events WHERE id = ?", shared, 0, &has_row, error);

      if (stmt == NULL)
        goto fail;
      event = g_strdup (has_row ? (const char *) sqlite3_column_text (stmt, 0) : "?");
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "“%s” and “%s” are both entered in the event “%s”"
                   ": one person cannot play twice in one event",
                   merge->from_name, merge->into_name, event);
      goto fail;
    }

  if (!lw_store_read_ids (self, GAMES_OF_PLAYER " ORDER BY game", merge->from_id, merge->games, error)
      || !read_moved (self, "SELECT game, seat FROM game_seats WHERE player = ?1",
                      MOVED_SEAT, merge->from_id, merge->moved, error)
      || !read_moved (self, "SELECT id, 0 FROM seat_changes WHERE old_player = ?1",
                      MOVED_OLD_PLAYER, merge->from_id, merge->moved, error)
      || !read_moved (self, "SELECT id, 0 FROM seat_changes WHERE new_player = ?1",
                      MOVED_NEW_PLAYER, merge->from_id, merge->moved, error)
      || !read_moved (self, "SELECT event, entrant FROM event_players WHERE player = ?1",
                      MOVED_ENTRANT, merge->from_id, merge->moved, error)
      || !read_snapshots (self, merge, error))
    goto fail;

  /* The log first, while the seats still name the player that goes. */
  if (!note_rename (self, GAMES_OF_PLAYER, merge->from_id, merge->from_name, merge->into_name, error)
      || !move_rows (self, merge, merge->from_id, merge->into_id, FALSE, error)
      || !drop_cached_results (self, merge, error)
      || !lw_store_run2 (self, "DELETE FROM players WHERE id = ?1 AND ?2 = ?2", merge->from_id, 0, error)
      || !lw_store_commit (self, error))
    goto fail;

  if (merge_out != NULL)
    *merge_out = g_steal_pointer (&merge);
  return TRUE;

fail:
  lw_store_rollback (self);
  return FALSE;
}

gboolean
lw_store_unmerge_players (LwStore        *self,
                          LwPlayerMerge  *merge,
                          GError        **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (merge != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;

  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self, "INSERT OR IGNORE INTO players (id, name) VALUES (?, ?)", error);

    if (stmt == NULL
        || !lw_store_bind_int (self, stmt, 1, merge->from_id, error)
        || !lw_store_bind_text (self, stmt, 2, merge->from_name, error)
        || !lw_store_step_done (self, stmt, error))
      return lw_store_finish (self, FALSE, error);
    if (sqlite3_changes (sqlite3_db_handle (stmt)) != 1)
      {
        g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_CHANGED,
                     "“%s” can no longer be split from “%s”: the name or its ID was"
                     " taken since the merge", merge->from_name, merge->into_name);
        return lw_store_finish (self, FALSE, error);
      }
  }
  if (!move_rows (self, merge, merge->into_id, merge->from_id, TRUE, error)
      || !drop_cached_results (self, merge, error)
      || !lw_store_log_rename (self, GAMES_OF_PLAYER, "player", merge->from_id,
                               merge->into_name, merge->from_name, error))
    return lw_store_finish (self, FALSE, error);
  for (guint i = 0; i < merge->snapshots->len; i++)
    if (!lw_store_set_edit_texts (self, g_array_index (merge->snapshots, gint64, i),
                                  g_ptr_array_index (merge->texts, 2 * i),
                                  g_ptr_array_index (merge->texts, 2 * i + 1), error))
      return lw_store_finish (self, FALSE, error);
  return lw_store_finish (self, TRUE, error);
}

gboolean
lw_store_delete_player (LwStore     *self,
                        const char  *name,
                        GError     **error)
{
  g_autofree char *stored = NULL;
  gint64 id, n_games = 0, n_events = 0;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  id = find_player (self, name, "the player's name", &stored, error);
  if (id == 0
      || !lw_store_query_id (self, "SELECT count (*) FROM (" GAMES_OF_PLAYER ") WHERE ?2 = ?2", id, 0, &n_games, error)
      || !lw_store_query_id (self, "SELECT count (*) FROM event_players WHERE player = ?1 AND ?2 = ?2",
                    id, 0, &n_events, error))
    return lw_store_finish (self, FALSE, error);
  if (n_games > 0 || n_events > 0)
    {
      g_autofree char *games = g_strdup_printf ("%" G_GINT64_FORMAT " game%s", n_games, n_games == 1 ? "" : "s");
      g_autofree char *events = g_strdup_printf ("%" G_GINT64_FORMAT " event%s", n_events, n_events == 1 ? "" : "s");

      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "“%s” has %s and %s: rename or merge the player instead", stored, games, events);
      return lw_store_finish (self, FALSE, error);
    }
  return lw_store_finish (self, lw_store_run1 (self, "DELETE FROM players WHERE id = ?1", id, error),
                          error);
}
