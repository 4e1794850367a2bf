/* lw-club-conflicts.c — one record imported on two laptops: listed, and
 * resolved by the laptop whose copy waits (docs/CLUB-SERVER.md "Ownership
 * and conflicts")
 *
 * The first laptop to push a UUID owns it on the server; the other's copy
 * stays its own and is never sent. The conflict is found by asking the
 * server which of this laptop's own UUIDs another origin owns; resolving
 * it reads that origin's game and ends the conflict in one local
 * transaction (lw_store_club_resolve_conflict()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-club.h"

void
lw_club_conflict_free (LwClubConflict *conflict)
{
  if (conflict == NULL)
    return;
  g_free (conflict->uuid);
  g_free (conflict->owner);
  g_free (conflict);
}

/* The UUIDs of @uuids (from index @from, at most @count) as a PostgreSQL
 * array literal. Only valid UUIDs are written (hex digits and dashes:
 * nothing to quote); an id that is none cannot be on the server. */
static char *
uuid_array (GPtrArray *uuids,
            guint      from,
            guint      count)
{
  g_autoptr (GString) text = g_string_new ("{");

  for (guint i = from; i < uuids->len && i < from + count; i++)
    {
      const char *uuid = g_ptr_array_index (uuids, i);

      if (!g_uuid_string_is_valid (uuid))
        continue;
      if (text->len > 1)
        g_string_append_c (text, ',');
      g_string_append (text, uuid);
    }
  g_string_append_c (text, '}');
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* UUIDs asked about at once: a bounded statement, whatever the number of
 * games here. */
#define CONFLICT_BATCH 1000

GPtrArray *
lw_club_list_conflicts (LwStore  *store,
                        GError  **error)
{
  g_autoptr (GPtrArray) conflicts =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_conflict_free);
  g_autoptr (GPtrArray) uuids = NULL;
  g_autoptr (LwClubState) state = NULL;
  g_autoptr (PGconn) conn = NULL;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  uuids = lw_store_club_list_own_uuids (store, error);
  if (uuids == NULL)
    return NULL;
  conn = lw_club_connect_laptop (store, &state, NULL, error);
  if (conn == NULL)
    return NULL;

  for (guint from = 0; from < uuids->len; from += CONFLICT_BATCH)
    {
      g_autofree char *array = uuid_array (uuids, from, CONFLICT_BATCH);
      const char *values[] = { array, state->origin };
      g_autoptr (PGresult) rows =
        lw_club_exec (conn, "looking for conflicts",
                      "SELECT g.uuid, o.name, g.version, g.record IS NULL"
                      " FROM littlewolf.games AS g JOIN littlewolf.origins AS o ON o.id = g.origin"
                      " WHERE g.uuid = ANY ($1::uuid[]) AND g.origin <> $2 ORDER BY g.uuid",
                      2, values, PGRES_TUPLES_OK, error);

      if (rows == NULL)
        return NULL;
      for (int r = 0; r < PQntuples (rows) && r < CONFLICT_BATCH; r++)
        {
          g_autoptr (LwClubConflict) conflict = g_new0 (LwClubConflict, 1);

          conflict->uuid = g_strdup (PQgetvalue (rows, r, 0));
          conflict->owner = g_utf8_make_valid (PQgetvalue (rows, r, 1), -1);
          conflict->version = g_ascii_strtoll (PQgetvalue (rows, r, 2), NULL, 10);
          conflict->deleted = strcmp (PQgetvalue (rows, r, 3), "t") == 0;
          if (!lw_store_club_find_game (store, 0, &conflict->uuid, &conflict->game, NULL, NULL, error))
            return NULL;
          /* A game deleted here since it was listed is in no conflict. */
          if (conflict->game != 0)
            g_ptr_array_add (conflicts, g_steal_pointer (&conflict));
        }
    }
  return g_steal_pointer (&conflicts);
}

/* Other origins' game of @uuid on the server, read as a pull reads it (a
 * record over LW_GAME_RECORD_MAX_BYTES with its players is refused
 * without being read); %NULL with @error set when there is none. */
static LwClubGame *
read_theirs (PGconn      *conn,
             const char  *origin,
             gint64       id,
             const char  *uuid,
             GError     **error)
{
  const char *values[] = { uuid, origin };
  g_autoptr (PGresult) found =
    lw_club_exec (conn, "looking for the server's players column",
                  "SELECT to_regclass ('littlewolf.roster') IS NOT NULL,"
                  " EXISTS (SELECT 1 FROM pg_attribute WHERE attname = 'computers'"
                  "  AND attrelid = to_regclass ('littlewolf.games') AND NOT attisdropped)",
                  0, NULL, PGRES_TUPLES_OK, error);
  g_autoptr (PGresult) rows = NULL;
  g_autoptr (LwClubGame) game = NULL;
  gboolean roster;
  gboolean computers;

  if (found == NULL)
    return NULL;
  roster = strcmp (PQgetvalue (found, 0, 0), "t") == 0;
  computers = strcmp (PQgetvalue (found, 0, 1), "t") == 0;
#define ROW_BYTES(players) \
  "coalesce (octet_length (g.record), 0) + coalesce (octet_length (" players "), 0)"
#define THEIRS(players, computers) \
  "SELECT g.origin, o.name, g.version, g.played_at," \
  " " ROW_BYTES (players) " > " G_STRINGIFY (LW_GAME_RECORD_MAX_BYTES) " AS big," \
  " CASE WHEN " ROW_BYTES (players) " > " G_STRINGIFY (LW_GAME_RECORD_MAX_BYTES) \
  "  THEN NULL ELSE g.record END," \
  " CASE WHEN " ROW_BYTES (players) " > " G_STRINGIFY (LW_GAME_RECORD_MAX_BYTES) \
  "  THEN NULL ELSE " players " END, " computers \
  " FROM littlewolf.games AS g JOIN littlewolf.origins AS o ON o.id = g.origin" \
  " WHERE g.uuid = $1::uuid AND g.origin <> $2"
  rows = lw_club_exec (conn, "reading the other laptop's game",
                       computers ? THEIRS ("g.players", "CASE WHEN octet_length (g.computers) <= "
                                                        G_STRINGIFY (LW_CLUB_COMPUTERS_MAX_BYTES)
                                                        " THEN g.computers END")
                       : roster ? THEIRS ("g.players", "NULL::text")
                       : THEIRS ("NULL::text", "NULL::text"),
                       2, values, PGRES_TUPLES_OK, error);
#undef THEIRS
#undef ROW_BYTES
  if (rows == NULL)
    return NULL;
  if (PQntuples (rows) != 1)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT " is in no conflict: no other club laptop has sent "
                   "a game with its id", id);
      return NULL;
    }
  if (strcmp (PQgetvalue (rows, 0, 4), "t") == 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "club server: game %s: its record is over the limit of a game record (%d MiB)",
                   uuid, LW_GAME_RECORD_MAX_BYTES / (1024 * 1024));
      return NULL;
    }
  game = g_new0 (LwClubGame, 1);
  game->uuid = g_strdup (uuid);
  game->origin = g_strdup (PQgetvalue (rows, 0, 0));
  game->origin_name = g_utf8_make_valid (PQgetvalue (rows, 0, 1), -1);
  game->version = g_ascii_strtoll (PQgetvalue (rows, 0, 2), NULL, 10);
  game->played_at = g_ascii_strtoll (PQgetvalue (rows, 0, 3), NULL, 10);
  game->record = PQgetisnull (rows, 0, 5) ? NULL : g_strdup (PQgetvalue (rows, 0, 5));
  game->players = PQgetisnull (rows, 0, 6) ? NULL : g_strdup (PQgetvalue (rows, 0, 6));
  game->computers = PQgetisnull (rows, 0, 7) ? NULL : g_strdup (PQgetvalue (rows, 0, 7));
  return g_steal_pointer (&game);
}

gboolean
lw_club_resolve_conflict (LwStore   *store,
                          gint64     game,
                          gboolean   keep_mine,
                          gint64    *theirs_id,
                          GError   **error)
{
  g_autoptr (LwClubState) state = NULL;
  g_autoptr (PGconn) conn = NULL;
  g_autoptr (LwClubGame) theirs = NULL;
  g_autofree char *uuid = NULL;
  g_autofree char *held_from = NULL;
  gint64 found = 0;

  g_return_val_if_fail (LW_IS_STORE (store), FALSE);
  g_return_val_if_fail (game > 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (theirs_id != NULL)
    *theirs_id = 0;
  if (!lw_store_club_find_game (store, game, &uuid, &found, &held_from, NULL, error))
    return FALSE;
  if (held_from != NULL)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT " is in no conflict: it is club laptop \u201c%s\u201d's, "
                   "held here read-only", game, held_from);
      return FALSE;
    }
  conn = lw_club_connect_laptop (store, &state, NULL, error);
  if (conn == NULL)
    return FALSE;
  theirs = read_theirs (conn, state->origin, game, uuid, error);
  if (theirs == NULL)
    return FALSE;
  /* The local change is one transaction; the store checks again that the
   * game is still this laptop's with that UUID. */
  return lw_store_club_resolve_conflict (store, game, theirs, keep_mine, theirs_id, error);
}
