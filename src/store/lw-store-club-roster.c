/* lw-store-club-roster.c — the local half of the club's roster
 * (docs/CLUB-SERVER.md "The roster"; tables club_roster and
 * club_requests of schema 20, club_requests.withdrawn of schema 21)
 *
 * Every local player of a club laptop is linked to one roster entry, a
 * UUID the whole club shares (club_roster.player); a player added here
 * gets a new entry, sent with the next push. A pushed game or event names
 * its players by roster UUID as well as by name (LwClubGame's players),
 * so that a pull finds the same person here whatever the name: the
 * entry's local player, after the admin's merges. The admin's renames
 * and merges come with the roster's pull and rename or merge the local
 * players (lw-store-players.c). Two entries of one name (two people
 * called "Sam Lee" on two laptops) are two local players: the second
 * held here is named after the laptop that added it, "Sam Lee (Front
 * desk)", as players.name is unique.
 *
 * SQLite only: src/club/ talks to PostgreSQL.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-json-text.h"
#include "lw-store-private.h"
#include "lw-store-players.h"

/* Merges followed at most (a chain longer is a cycle). */
#define MAX_MERGES 64

/* Suffixes tried for a name taken here ("Sam Lee (Front desk 2)"). */
#define MAX_SUFFIXES 100

void
lw_club_roster_entry_free (LwClubRosterEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->uuid);
  g_free (entry->origin);
  g_free (entry->origin_name);
  g_free (entry->name);
  g_free (entry->merged_into);
  g_free (entry->player);
  g_free (entry);
}

/* Links entry @uuid to local player @id (0: to none). */
static gboolean
set_player (LwStore     *self,
            const char  *uuid,
            gint64       id,
            GError     **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self, "UPDATE club_roster SET player = ?2 WHERE uuid = ?1", error);

  return stmt != NULL
         && lw_store_bind_text (self, stmt, 1, uuid, error)
         && (id != 0 ? lw_store_bind_int (self, stmt, 2, id, error)
                     : lw_store_bind_null (self, stmt, 2, error))
         && lw_store_step_done (self, stmt, error);
}

/* Reads one row of @sql with text ?1 = @a: its columns 0 and 1 (text,
 * nullable) and 2 (an integer); *@found says whether there was one. */
static gboolean
read_texts (LwStore     *self,
            const char  *sql,
            const char  *a,
            gboolean    *found,
            char       **first,
            char       **second,
            gint64      *third,
            GError     **error)
{
  g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, sql, error);

  *found = FALSE;
  if (stmt == NULL
      || !lw_store_bind_text (self, stmt, 1, a, error)
      || !lw_store_step_row (self, stmt, found, error))
    return FALSE;
  if (*found)
    {
      if (first != NULL)
        *first = lw_store_column_dup_text (stmt, 0);
      if (second != NULL)
        *second = lw_store_column_dup_text (stmt, 1);
      if (third != NULL)
        *third = sqlite3_column_int64 (stmt, 2);
    }
  return TRUE;
}

/* The entry @uuid ends in after the admin's merges (itself when none). */
static gboolean
final_entry (LwStore     *self,
             const char  *uuid,
             char       **target,
             GError     **error)
{
  g_autofree char *at = g_strdup (uuid);

  for (int i = 0; i < MAX_MERGES; i++)
    {
      g_autofree char *next = NULL;
      gboolean found = FALSE;

      if (!read_texts (self, "SELECT merged_into, NULL, 0 FROM club_roster WHERE uuid = ?",
                       at, &found, &next, NULL, NULL, error))
        return FALSE;
      if (!found || next == NULL)
        break;
      g_free (at);
      at = g_steal_pointer (&next);
    }
  *target = g_steal_pointer (&at);
  return TRUE;
}

/* The entry @uuid is here: after the admin's merges (final_entry()) and,
 * when that entry has no local player, after this laptop's own merges
 * (a request not withdrawn: the player merged away here), so that
 * another laptop's game of a player merged here is that of the player it
 * was merged into, as the games held already are. */
static gboolean
local_entry (LwStore     *self,
             const char  *uuid,
             char       **target,
             GError     **error)
{
  g_autofree char *at = NULL;

  if (!final_entry (self, uuid, &at, error))
    return FALSE;
  for (int i = 0; i < MAX_MERGES; i++)
    {
      g_autofree char *into = NULL;
      g_autofree char *next = NULL;
      gboolean found = FALSE;

      if (!read_texts (self,
                       "SELECT q.into_uuid, NULL, 0 FROM club_requests AS q JOIN club_roster AS r"
                       " ON r.uuid = q.from_uuid WHERE q.from_uuid = ? AND q.withdrawn = 0"
                       " AND r.player IS NULL ORDER BY q.id DESC LIMIT 1",
                       at, &found, &into, NULL, NULL, error))
        return FALSE;
      if (!found || into == NULL)
        break;
      if (!final_entry (self, into, &next, error))
        return FALSE;
      if (strcmp (next, at) == 0)
        break;
      g_free (at);
      at = g_steal_pointer (&next);
    }
  *target = g_steal_pointer (&at);
  return TRUE;
}

/* Whether local player @id is some entry's. */
static gboolean
is_linked (LwStore  *self,
           gint64    id,
           gboolean *linked,
           GError  **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_query_row (self, "SELECT 1 FROM club_roster WHERE player = ?", id, 0, linked, error);

  return stmt != NULL;
}

/* The name @base when no player here has it (or it is @current's, the
 * player being renamed), else "@base (@origin_name)", "@base
 * (@origin_name 2)" and on ("@base (2)" without a laptop's name): the
 * first one free. */
static gboolean
free_name (LwStore     *self,
           const char  *base,
           const char  *origin_name,
           const char  *current,
           char       **name,
           GError     **error)
{
  for (int n = 1; n <= MAX_SUFFIXES; n++)
    {
      g_autofree char *candidate = NULL;
      gint64 id = 0;

      if (n == 1)
        candidate = g_strdup (base);
      else if (origin_name != NULL && *origin_name != '\0')
        candidate = n == 2 ? g_strdup_printf ("%s (%s)", base, origin_name)
                           : g_strdup_printf ("%s (%s %d)", base, origin_name, n - 1);
      else
        candidate = g_strdup_printf ("%s (%d)", base, n);
      if (g_strcmp0 (candidate, current) == 0)
        {
          *name = g_steal_pointer (&candidate);
          return TRUE;
        }
      if (!lw_store_find_player_named (self, candidate, &id, error))
        return FALSE;
      if (id == 0)
        {
          *name = g_steal_pointer (&candidate);
          return TRUE;
        }
    }
  g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
               "club roster: \u201c%s\u201d: every name tried is another player's here", base);
  return FALSE;
}

/* Links entry @uuid (no local player yet) to the unlinked local player
 * named @name, or to a new player of that name, or of a free suffixed one
 * (free_name()); its name in *@local. */
static gboolean
link_new_player (LwStore     *self,
                 const char  *uuid,
                 const char  *name,
                 const char  *origin_name,
                 char       **local,
                 GError     **error)
{
  g_autofree char *chosen = NULL;
  gint64 id = 0;
  gboolean linked = FALSE;

  if (!lw_store_find_player_named (self, name, &id, error)
      || (id != 0 && !is_linked (self, id, &linked, error)))
    return FALSE;
  if (id != 0 && !linked)
    chosen = g_strdup (name);
  else if (!free_name (self, name, origin_name, NULL, &chosen, error))
    return FALSE;
  if (!lw_store_player_id (self, chosen, &id, error) || !set_player (self, uuid, id, error))
    return FALSE;
  {
    /* The name as the store keeps it (the names rule). */
    g_autoptr (LwStoreStmt) stmt = lw_store_query_row (self, "SELECT name FROM players WHERE id = ?",
                                                       id, 0, &linked, error);

    if (stmt == NULL)
      return FALSE;
    *local = lw_store_column_dup_text (stmt, 0);
  }
  return TRUE;
}

/* The local player of entry @uuid (after merges), linked now when it has
 * none; @name and @origin_name make a mirror row for an entry not pulled
 * yet. */
static gboolean
resolve (LwStore     *self,
         const char  *uuid,
         const char  *name,
         const char  *origin_name,
         char       **local,
         GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *player = NULL;
  g_autofree char *entry_name = NULL;
  g_autofree char *entry_origin = NULL;
  gboolean found = FALSE;
  g_autoptr (LwStoreStmt) mirror =
    lw_store_stmt (self,
                   "INSERT OR IGNORE INTO club_roster (uuid, name, origin_name) VALUES (?1, ?2, ?3)",
                   error);

  if (mirror == NULL
      || !lw_store_bind_text (self, mirror, 1, uuid, error)
      || !lw_store_bind_text (self, mirror, 2, name, error)
      || !lw_store_bind_text (self, mirror, 3, origin_name, error)
      || !lw_store_step_done (self, mirror, error))
    return FALSE;
  g_clear_pointer (&mirror, lw_store_stmt_release);
  if (!local_entry (self, uuid, &target, error)
      || !read_texts (self,
                      "SELECT p.name, r.name, 0 FROM club_roster AS r"
                      " LEFT JOIN players AS p ON p.id = r.player WHERE r.uuid = ?",
                      target, &found, &player, &entry_name, NULL, error))
    return FALSE;
  if (found && player != NULL)
    {
      *local = g_steal_pointer (&player);
      return TRUE;
    }
  if (!read_texts (self, "SELECT origin_name, NULL, 0 FROM club_roster WHERE uuid = ?",
                   target, &found, &entry_origin, NULL, NULL, error))
    return FALSE;
  return link_new_player (self, target, entry_name != NULL ? entry_name : name,
                          entry_origin != NULL ? entry_origin : origin_name, local, error);
}

gboolean
lw_store_club_parse_players (const char   *players,
                             JsonObject  **parsed,
                             GError      **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) local_error = NULL;
  JsonNode *root;

  *parsed = NULL;
  if (players == NULL)
    return TRUE;
  parser = json_parser_new ();
  root = lw_json_parse_checked (parser, players, -1, "the players map", &local_error);
  if (root == NULL)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID, "%s", local_error->message);
      return FALSE;
    }
  if (JSON_NODE_HOLDS_OBJECT (root))
    *parsed = json_object_ref (json_node_get_object (root));
  return TRUE;
}

gboolean
lw_store_club_local_name (LwStore     *self,
                          JsonObject  *players,
                          const char  *name,
                          const char  *origin_name,
                          char       **local,
                          GError     **error)
{
  JsonNode *node = players != NULL ? json_object_get_member (players, name) : NULL;
  const char *uuid = lw_json_node_string (node);

  if (uuid == NULL || !g_uuid_string_is_valid (uuid))
    {
      *local = g_strdup (name);
      return TRUE;
    }
  return resolve (self, uuid, name, origin_name, local, error);
}

char *
lw_store_club_players_json (LwStore            *self,
                            const char *const  *names,
                            guint               n,
                            GError            **error)
{
  g_autoptr (JsonObject) object = json_object_new ();
  g_autoptr (JsonNode) root = json_node_new (JSON_NODE_OBJECT);
  g_autoptr (JsonGenerator) generator = json_generator_new ();

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *uuid = NULL;
      gboolean found = FALSE;

      if (names[i] == NULL || json_object_has_member (object, names[i]))
        continue;
      if (!read_texts (self,
                       "SELECT r.uuid, NULL, 0 FROM club_roster AS r JOIN players AS p"
                       " ON p.id = r.player WHERE p.name = ?",
                       names[i], &found, &uuid, NULL, NULL, error))
        return NULL;
      if (found)
        json_object_set_string_member (object, names[i], uuid);
    }
  json_node_set_object (root, object);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

/* An entry added here and never sent gives way to the one entry of its
 * name the server holds (another laptop sent it first): its player is
 * that one's. Once sent, an entry is held as pulled (pushed 1) after the
 * roster's next pull, so none of these is on the server. */
static gboolean
adopt_sent_entries (LwStore  *self,
                    GError  **error)
{
  g_autoptr (GPtrArray) pairs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) players = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (LwStoreStmt) stmt =
    lw_store_query (self,
                    "SELECT n.uuid, r.uuid, n.player FROM club_roster AS n JOIN club_roster AS r"
                    " ON r.name = n.name AND r.pushed = 1 AND r.seq > 0"
                    "  AND r.merged_into IS NULL AND r.player IS NULL"
                    " WHERE n.pushed = 0 AND n.player IS NOT NULL"
                    "  AND (SELECT count (*) FROM club_roster AS o WHERE o.name = n.name"
                    "       AND o.pushed = 1 AND o.merged_into IS NULL) = 1 AND ? = ?",
                    0, 0, error);
  gboolean ok = stmt != NULL;

  while (lw_store_next_row (self, stmt, &ok, error))
    {
      gint64 player = sqlite3_column_int64 (stmt, 2);

      g_ptr_array_add (pairs, lw_store_column_dup_text (stmt, 0));
      g_ptr_array_add (pairs, lw_store_column_dup_text (stmt, 1));
      g_array_append_val (players, player);
    }
  g_clear_pointer (&stmt, lw_store_stmt_release);
  for (guint i = 0; ok && i < players->len; i++)
    {
      const char *mine = g_ptr_array_index (pairs, 2 * i);

      ok = lw_store_run_text (self, "DELETE FROM club_roster WHERE uuid = ?1 AND ?2 = ?2",
                              mine, 0, error)
           && set_player (self, g_ptr_array_index (pairs, 2 * i + 1),
                          g_array_index (players, gint64, i), error);
    }
  /* An entry of a merge request waiting stays: the request names it. */
  return ok && lw_store_exec (self,
                              "DELETE FROM club_roster WHERE pushed = 0 AND player IS NULL"
                              " AND uuid NOT IN (SELECT from_uuid FROM club_requests)"
                              " AND uuid NOT IN (SELECT into_uuid FROM club_requests)",
                              error);
}

GPtrArray *
lw_store_club_link_players (LwStore  *self,
                            GError  **error)
{
  g_autoptr (GPtrArray) entries =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_roster_entry_free);
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_write (self, error))
    return NULL;
  /* An entry added here and never sent gives way to the one entry of its
   * name that the server holds (another laptop sent it first): the
   * player is that one. Once sent, an entry is held as pulled (pushed 1)
   * after the roster's next pull, so none of these is on the server. */
  ok = adopt_sent_entries (self, error);
  /* A computer seat's player is no person of the club: never on the
   * roster. */
  ok = ok && lw_store_read_ids (self,
                          "SELECT id FROM players WHERE id NOT IN"
                          " (SELECT player FROM club_roster WHERE player IS NOT NULL)"
                          " AND NOT " LW_STORE_IS_COMPUTER ("id") " ORDER BY id",
                          0, ids, error);
  for (guint i = 0; ok && i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      g_autoptr (LwStoreStmt) match =
        lw_store_query_row (self,
                            "SELECT r.uuid, p.name FROM players AS p LEFT JOIN club_roster AS r"
                            " ON r.name = p.name AND r.merged_into IS NULL AND r.player IS NULL"
                            " WHERE p.id = ? ORDER BY r.seq = 0, r.seq, r.uuid LIMIT 1",
                            id, 0, &ok, error);
      g_autofree char *uuid = NULL;
      g_autofree char *name = NULL;
      gboolean new_entry;

      if (match == NULL || !ok)
        {
          ok = FALSE;
          break;
        }
      new_entry = sqlite3_column_type (match, 0) == SQLITE_NULL;
      uuid = new_entry ? g_uuid_string_random () : lw_store_column_dup_text (match, 0);
      name = lw_store_column_dup_text (match, 1);
      g_clear_pointer (&match, lw_store_stmt_release);
      if (new_entry)
        {
          g_autoptr (LwStoreStmt) insert =
            lw_store_stmt (self,
                           "INSERT INTO club_roster (uuid, name, player, pushed)"
                           " VALUES (?1, ?2, ?3, 0)",
                           error);

          ok = insert != NULL
               && lw_store_bind_text (self, insert, 1, uuid, error)
               && lw_store_bind_text (self, insert, 2, name, error)
               && lw_store_bind_int (self, insert, 3, id, error)
               && lw_store_step_done (self, insert, error);
        }
      else
        ok = set_player (self, uuid, id, error);
    }
  stmt = ok ? lw_store_query (self,
                              "SELECT uuid, name FROM club_roster WHERE pushed = 0 ORDER BY uuid",
                              0, 0, error)
            : NULL;
  while (lw_store_next_row (self, stmt, &ok, error))
    {
      LwClubRosterEntry *entry = g_new0 (LwClubRosterEntry, 1);

      entry->uuid = lw_store_column_dup_text (stmt, 0);
      entry->name = lw_store_column_dup_text (stmt, 1);
      g_ptr_array_add (entries, entry);
    }
  ok = ok && stmt != NULL;
  g_clear_pointer (&stmt, lw_store_stmt_release);
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_steal_pointer (&entries);
}

gboolean
lw_store_club_ack_roster (LwStore    *self,
                          GPtrArray  *entries,
                          GError    **error)
{
  gboolean ok = TRUE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (entries != NULL, FALSE);

  if (entries->len == 0)
    return TRUE;
  if (!lw_store_begin_write (self, error))
    return FALSE;
  for (guint i = 0; ok && i < entries->len; i++)
    {
      const LwClubRosterEntry *entry = g_ptr_array_index (entries, i);

      ok = lw_store_run_text (self, "UPDATE club_roster SET pushed = ?2 WHERE uuid = ?1",
                              entry->uuid, 1, error);
    }
  return lw_store_finish (self, ok, error);
}

/* Renames local player @current to @wanted (free_name() when taken). */
static gboolean
rename_local (LwStore     *self,
              const char  *current,
              const char  *wanted,
              const char  *origin_name,
              GError     **error)
{
  g_autofree char *name = NULL;

  if (g_strcmp0 (current, wanted) == 0)
    return TRUE;
  if (!free_name (self, wanted, origin_name, current, &name, error))
    return FALSE;
  if (strcmp (name, current) == 0)
    return TRUE;
  return lw_store_rename_player (self, current, name, error);
}

/* The admin's change of @entry (already held in club_roster) on its local
 * player, if any. */
static gboolean
apply_entry (LwStore                  *self,
             const LwClubRosterEntry  *entry,
             GError                  **error)
{
  g_autofree char *player = NULL;
  g_autofree char *target = NULL;
  g_autofree char *into_player = NULL;
  g_autofree char *into_name = NULL;
  g_autofree char *into_origin = NULL;
  g_autoptr (GError) local_error = NULL;
  gboolean found = FALSE;
  gint64 player_id = 0;

  if (!read_texts (self,
                   "SELECT p.name, NULL, p.id FROM club_roster AS r JOIN players AS p"
                   " ON p.id = r.player WHERE r.uuid = ?",
                   entry->uuid, &found, &player, NULL, &player_id, error))
    return FALSE;
  if (!found)
    return TRUE;
  if (entry->merged_into == NULL)
    return rename_local (self, player, entry->name, entry->origin_name, error);

  if (!final_entry (self, entry->uuid, &target, error)
      || !read_texts (self,
                      "SELECT p.name, r.name, 0 FROM club_roster AS r"
                      " LEFT JOIN players AS p ON p.id = r.player WHERE r.uuid = ?",
                      target, &found, &into_player, &into_name, NULL, error)
      || !read_texts (self, "SELECT origin_name, NULL, 0 FROM club_roster WHERE uuid = ?",
                      target, &found, &into_origin, NULL, NULL, error))
    return FALSE;
  if (!found || strcmp (target, entry->uuid) == 0)
    return TRUE;
  if (into_player == NULL)
    {
      /* The entry merged into has no player here: this one becomes it. */
      return set_player (self, entry->uuid, 0, error)
             && set_player (self, target, player_id, error)
             && rename_local (self, player, into_name, into_origin, error);
    }
  if (strcmp (into_player, player) == 0)
    return TRUE;
  /* Merged, the player here takes the entry's own name where a laptop's
   * name told two entries of one name apart ("Ben (b)" becomes "Ben",
   * free once the other "Ben" is merged away). */
  if (lw_store_merge_players (self, player, into_player, NULL, &local_error))
    return rename_local (self, into_player, into_name, into_origin, error);
  /* The two sat at one table here: the merge stays undone, the link kept. */
  if (g_error_matches (local_error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID))
    {
      g_debug ("club roster: %s into %s: %s", player, into_player, local_error->message);
      return TRUE;
    }
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

gboolean
lw_store_club_apply_roster (LwStore    *self,
                            GPtrArray  *entries,
                            gint64      roster_seq,
                            GError    **error)
{
  gboolean ok = TRUE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (entries != NULL && roster_seq >= 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  for (guint i = 0; ok && i < entries->len; i++)
    {
      const LwClubRosterEntry *entry = g_ptr_array_index (entries, i);
      g_autoptr (LwStoreStmt) stmt =
        lw_store_stmt (self,
                       "INSERT INTO club_roster (uuid, name, merged_into, origin_name, seq)"
                       " VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (uuid) DO UPDATE SET"
                       "  name = ?2, merged_into = ?3, origin_name = ?4, seq = ?5, pushed = 1",
                       error);

      ok = stmt != NULL
           && lw_store_bind_text (self, stmt, 1, entry->uuid, error)
           && lw_store_bind_text (self, stmt, 2, entry->name, error)
           && lw_store_bind_text (self, stmt, 3, entry->merged_into, error)
           && lw_store_bind_text (self, stmt, 4, entry->origin_name, error)
           && lw_store_bind_int (self, stmt, 5, entry->seq, error)
           && lw_store_step_done (self, stmt, error);
    }
  /* The changes once every entry is held, so that a merge into an entry
   * of the same batch finds it. */
  for (guint i = 0; ok && i < entries->len; i++)
    ok = apply_entry (self, g_ptr_array_index (entries, i), error);
  ok = ok && lw_store_run1 (self, "UPDATE club_state SET roster_seq = max (roster_seq, ?)",
                            roster_seq, error);
  return lw_store_finish (self, ok, error);
}

gboolean
lw_store_club_get_roster_seq (LwStore  *self,
                              gint64   *roster_seq,
                              GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);

  *roster_seq = 0;
  return lw_store_query_int64 (self, "SELECT coalesce ((SELECT roster_seq FROM club_state), 0)",
                               roster_seq, error);
}

GPtrArray *
lw_store_club_list_roster (LwStore  *self,
                           GError  **error)
{
  g_autoptr (GPtrArray) entries =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_roster_entry_free);
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  stmt = lw_store_query (self,
                         "SELECT r.uuid, r.origin_name, r.name, r.seq, p.name,"
                         "  (SELECT count (*) FROM game_seats AS s WHERE s.player = p.id)"
                         " FROM club_roster AS r LEFT JOIN players AS p ON p.id = r.player"
                         " WHERE r.merged_into IS NULL ORDER BY r.name, r.seq = 0, r.seq, r.uuid",
                         0, 0, error);
  while (lw_store_next_row (self, stmt, &ok, error))
    {
      LwClubRosterEntry *entry = g_new0 (LwClubRosterEntry, 1);

      entry->uuid = lw_store_column_dup_text (stmt, 0);
      entry->origin_name = lw_store_column_dup_text (stmt, 1);
      entry->name = lw_store_column_dup_text (stmt, 2);
      entry->seq = sqlite3_column_int64 (stmt, 3);
      entry->player = lw_store_column_dup_text (stmt, 4);
      entry->games = sqlite3_column_int64 (stmt, 5);
      g_ptr_array_add (entries, entry);
    }
  ok = ok && stmt != NULL;
  g_clear_pointer (&stmt, lw_store_stmt_release);
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_steal_pointer (&entries);
}

gboolean
lw_store_club_link_player (LwStore     *self,
                           const char  *name,
                           const char  *uuid,
                           char       **local,
                           GError     **error)
{
  g_autofree char *entry_name = NULL;
  gboolean found = FALSE;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL && uuid != NULL && local != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  ok = read_texts (self, "SELECT name, NULL, 0 FROM club_roster WHERE uuid = ?", uuid, &found,
                   &entry_name, NULL, NULL, error);
  if (ok && !found)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "club roster: no entry %s", uuid);
      ok = FALSE;
    }
  ok = ok && resolve (self, uuid, name, NULL, local, error);
  return lw_store_finish (self, ok, error);
}

char **
lw_store_club_link_seats (LwStore            *self,
                          const char *const  *names,
                          const char *const  *uuids,
                          guint               n,
                          GError            **error)
{
  g_autoptr (GStrvBuilder) locals = g_strv_builder_new ();
  gboolean ok = TRUE;
  gboolean any = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (names != NULL || n == 0, NULL);
  g_return_val_if_fail (n <= 64, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  for (guint i = 0; i < n; i++)
    {
      g_return_val_if_fail (names[i] != NULL, NULL);
      any = any || (uuids != NULL && uuids[i] != NULL);
    }

  /* No name to link (a laptop of no club): no transaction. */
  if (!any)
    {
      for (guint i = 0; i < n; i++)
        g_strv_builder_add (locals, names[i]);
      return g_strv_builder_end (locals);
    }
  if (!lw_store_begin_write (self, error))
    return NULL;
  for (guint i = 0; ok && i < n; i++)
    {
      g_autofree char *local = NULL;
      g_autoptr (GError) local_error = NULL;

      if (uuids == NULL || uuids[i] == NULL)
        local = g_strdup (names[i]);
      else if (!lw_store_club_link_player (self, names[i], uuids[i], &local, &local_error))
        {
          g_set_error (error, local_error->domain, local_error->code, "\u201c%s\u201d: %s",
                       names[i], local_error->message);
          ok = FALSE;
        }
      if (ok)
        g_strv_builder_add (locals, local);
    }
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_strv_builder_end (locals);
}

/* Runs @sql, with ?1 and ?2 a merge request's two UUIDs @from and @into,
 * and with @now, ?3 the time now (seconds since 1970). */
static gboolean
run_on_request (LwStore     *self,
                const char  *sql,
                const char  *from,
                const char  *into,
                gboolean     now,
                GError     **error)
{
  g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, sql, error);

  return stmt != NULL
         && lw_store_bind_text (self, stmt, 1, from, error)
         && lw_store_bind_text (self, stmt, 2, into, error)
         && (!now || lw_store_bind_int (self, stmt, 3, g_get_real_time () / G_USEC_PER_SEC, error))
         && lw_store_step_done (self, stmt, error);
}

/* The roster entry of local player @name (NULL: none), as text. */
static gboolean
entry_of (LwStore     *self,
          const char  *name,
          char       **uuid,
          GError     **error)
{
  g_autofree char *normal = lw_name_normalize (name, "the player's name", NULL);
  gboolean found = FALSE;

  *uuid = NULL;
  return normal == NULL
         || read_texts (self,
                        "SELECT r.uuid, NULL, 0 FROM club_roster AS r JOIN players AS p"
                        " ON p.id = r.player WHERE p.name = ?",
                        normal, &found, uuid, NULL, NULL, error);
}

gboolean
lw_store_club_merge_players (LwStore        *self,
                             const char     *from_name,
                             const char     *into_name,
                             LwPlayerMerge **merge,
                             gboolean       *requested,
                             GError        **error)
{
  g_autofree char *from = NULL;
  g_autofree char *into = NULL;
  g_autoptr (LwPlayerMerge) done = NULL;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (from_name != NULL && into_name != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (requested != NULL)
    *requested = FALSE;
  if (!lw_store_begin_write (self, error))
    return FALSE;
  ok = entry_of (self, from_name, &from, error)
       && entry_of (self, into_name, &into, error)
       && lw_store_merge_players (self, from_name, into_name, &done, error);
  if (ok)
    lw_player_merge_set_entries (done, from, into);
  /* A request withdrawn here whose withdrawal waits, or went, is wanted
   * again: sent again as a request (the server's withdrawn one waits
   * again; one still waiting there stays as it is). */
  if (ok && from != NULL && into != NULL && strcmp (from, into) != 0)
    {
      ok = run_on_request (self,
                           "INSERT INTO club_requests (from_uuid, into_uuid, made_at) VALUES (?1, ?2, ?3)"
                           " ON CONFLICT (from_uuid, into_uuid) DO UPDATE SET sent = 0, withdrawn = 0,"
                           "  made_at = excluded.made_at WHERE withdrawn = 1",
                           from, into, TRUE, error);
      if (ok && requested != NULL)
        *requested = TRUE;
    }
  if (!lw_store_finish (self, ok, error))
    return FALSE;
  if (merge != NULL)
    *merge = g_steal_pointer (&done);
  return TRUE;
}

gboolean
lw_store_club_unmerge_players (LwStore        *self,
                               LwPlayerMerge  *merge,
                               gboolean       *withdrawn,
                               GError        **error)
{
  const char *from = NULL;
  const char *into = NULL;
  const char *from_name = NULL;
  const char *into_name = NULL;
  g_autofree char *merged_into = NULL;
  gint64 from_id = 0;
  gint64 sent = -1;
  gboolean found = FALSE;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (merge != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (withdrawn != NULL)
    *withdrawn = FALSE;
  lw_player_merge_get_entries (merge, &from, &into, &from_id, &from_name, &into_name);
  if (!lw_store_begin_write (self, error))
    return FALSE;
  ok = from == NULL
       || read_texts (self, "SELECT merged_into, NULL, 0 FROM club_roster WHERE uuid = ?",
                      from, &found, &merged_into, NULL, NULL, error);
  if (ok && merged_into != NULL)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_CHANGED,
                   "\u201c%s\u201d can no longer be split from \u201c%s\u201d: the club's admin"
                   " merged \u201c%s\u201d on the club's roster", from_name, into_name, from_name);
      ok = FALSE;
    }
  ok = ok && lw_store_unmerge_players (self, merge, error);
  /* The player back is its roster entry's again (the merge's removal of
   * the player unlinked it). */
  if (ok && from != NULL)
    ok = lw_store_run_text (self,
                            "UPDATE club_roster SET player = ?2 WHERE uuid = ?1 AND player IS NULL"
                            " AND NOT EXISTS (SELECT 1 FROM club_roster WHERE player = ?2)",
                            from, from_id, error);
  if (ok && from != NULL && into != NULL)
    {
      g_autoptr (LwStoreStmt) stmt =
        lw_store_stmt (self,
                       "SELECT sent FROM club_requests WHERE from_uuid = ?1 AND into_uuid = ?2"
                       " AND withdrawn = 0",
                       error);

      ok = stmt != NULL
           && lw_store_bind_text (self, stmt, 1, from, error)
           && lw_store_bind_text (self, stmt, 2, into, error)
           && lw_store_step_row (self, stmt, &found, error);
      if (ok && found)
        sent = sqlite3_column_int64 (stmt, 0);
    }
  /* Never sent: dropped; sent: withdrawn with the next push. */
  if (ok && sent >= 0)
    {
      ok = run_on_request (self,
                           sent == 0
                           ? "DELETE FROM club_requests WHERE from_uuid = ?1 AND into_uuid = ?2"
                           : "UPDATE club_requests SET withdrawn = 1 WHERE from_uuid = ?1 AND into_uuid = ?2",
                           from, into, FALSE, error);
      if (ok && withdrawn != NULL)
        *withdrawn = TRUE;
    }
  return lw_store_finish (self, ok, error);
}

/* The two UUIDs of each request whose (sent, withdrawn) are @sent and
 * @withdrawn, in the order they were made. */
static GPtrArray *
list_requests (LwStore   *self,
               gint64     sent,
               gint64     withdrawn,
               GError   **error)
{
  g_autoptr (GPtrArray) requests = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  stmt = lw_store_query (self,
                         "SELECT from_uuid, into_uuid FROM club_requests WHERE sent = ?1"
                         " AND withdrawn = ?2 ORDER BY id",
                         sent, withdrawn, error);
  while (lw_store_next_row (self, stmt, &ok, error))
    {
      g_ptr_array_add (requests, lw_store_column_dup_text (stmt, 0));
      g_ptr_array_add (requests, lw_store_column_dup_text (stmt, 1));
    }
  ok = ok && stmt != NULL;
  g_clear_pointer (&stmt, lw_store_stmt_release);
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_steal_pointer (&requests);
}

GPtrArray *
lw_store_club_list_requests (LwStore  *self,
                             GError  **error)
{
  return list_requests (self, 0, 0, error);
}

GPtrArray *
lw_store_club_list_withdrawals (LwStore  *self,
                                GError  **error)
{
  return list_requests (self, 1, 1, error);
}

/* Runs @sql (run_on_request()) for each request of @requests, two UUIDs
 * each, in one transaction. With @keep_missing, a request whose row
 * @sql did not find (undone while it was on its way: its row dropped)
 * is kept as sent and withdrawn: the server holds it now, so it is
 * withdrawn with the next push. */
static gboolean
ack_each (LwStore     *self,
          GPtrArray   *requests,
          const char  *sql,
          gboolean     keep_missing,
          GError     **error)
{
  gboolean ok = TRUE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (requests != NULL && requests->len % 2 == 0, FALSE);

  if (requests->len == 0)
    return TRUE;
  if (!lw_store_begin_write (self, error))
    return FALSE;
  for (guint i = 0; ok && i < requests->len; i += 2)
    {
      const char *from = g_ptr_array_index (requests, i);
      const char *into = g_ptr_array_index (requests, i + 1);

      ok = run_on_request (self, sql, from, into, FALSE, error);
      if (ok && keep_missing && sqlite3_changes (lw_store_get_db (self)) == 0)
        ok = run_on_request (self,
                             "INSERT INTO club_requests (from_uuid, into_uuid, made_at, sent, withdrawn)"
                             " VALUES (?1, ?2, ?3, 1, 1)",
                             from, into, TRUE, error);
    }
  return lw_store_finish (self, ok, error);
}

gboolean
lw_store_club_ack_requests (LwStore    *self,
                            GPtrArray  *requests,
                            GError    **error)
{
  return ack_each (self, requests,
                   "UPDATE club_requests SET sent = 1 WHERE from_uuid = ?1 AND into_uuid = ?2",
                   TRUE, error);
}

gboolean
lw_store_club_ack_withdrawals (LwStore    *self,
                               GPtrArray  *withdrawals,
                               GError    **error)
{
  /* One merged again meanwhile (withdrawn 0) stays, to be sent again. */
  return ack_each (self, withdrawals,
                   "DELETE FROM club_requests WHERE from_uuid = ?1 AND into_uuid = ?2"
                   " AND withdrawn = 1",
                   FALSE, error);
}
