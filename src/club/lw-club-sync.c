/* lw-club-sync.c — one sync with the club server (docs/CLUB-SERVER.md
 * "Sync"): push, then pull, each step transactional on both sides and
 * harmless to repeat
 *
 * Push: the push's number is noted locally first (push_pending), then
 * the server takes the games and that number for this origin in one
 * transaction, then the database records what the server holds. Killed
 * between the two commits, the next sync sends the same games again (an
 * upsert of the same version changes nothing but the change number). A
 * server that took more pushes than the database knows of (pending
 * included) is talking to a database restored from a backup: a new sync
 * from scratch (lw_store_club_restart()).
 *
 * Pull: the changes of other origins past the change number pulled up
 * to, in that order, a batch at a time; each batch and the number it
 * reaches are stored in one local transaction. Pushes hold an advisory
 * lock while they take change numbers, so numbers are committed in
 * order and a pull never passes over one still to commit.
 *
 * The roster (server schema 3): a push first links every local player to
 * a roster entry (lw_store_club_link_players()) and sends the entries
 * this laptop added, in the push's transaction, before the games and
 * events that name them by UUID; a pull first takes the roster's changes
 * past the roster's own change number (lw_store_club_apply_roster()),
 * then the games and events, so that a pulled game finds the admin's
 * merges and renames already held.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-club.h"
#include "lw-names.h"
#include "lw-record.h"

/* Changes pulled per local transaction. */
#define PULL_BATCH 500

/* The push counter the server holds for @origin (0: none yet). */
static gboolean
read_counter (PGconn      *conn,
              const char  *origin,
              gboolean     for_update,
              gint64      *counter,
              GError     **error)
{
  const char *values[] = { origin };
  g_autoptr (PGresult) result =
    lw_club_exec (conn, "reading the push counter",
                  for_update ? "SELECT counter FROM littlewolf.pushes WHERE origin = $1 FOR UPDATE"
                             : "SELECT counter FROM littlewolf.pushes WHERE origin = $1",
                  1, values, PGRES_TUPLES_OK, error);

  if (result == NULL)
    return FALSE;
  *counter = PQntuples (result) == 1 ? g_ascii_strtoll (PQgetvalue (result, 0, 0), NULL, 10) : 0;
  return TRUE;
}

/* The server's last change number (0: none given yet), *@last, as text
 * in *@text for the pulls' queries; a pull position past it goes back
 * to 0 (lw_store_club_rewind_pull()). A push gives every row a number
 * of the sequence, but a laptop's role may write a row's number by hand:
 * one past the sequence would take every pull past the changes after
 * it, so rows past it are not pulled. */
static gboolean
read_last_change (LwStore     *store,
                  PGconn      *conn,
                  char       **text,
                  GError     **error)
{
  g_autoptr (PGresult) result =
    lw_club_exec (conn, "reading the last change number",
                  "SELECT coalesce (pg_sequence_last_value ('littlewolf.changes'), 0)",
                  0, NULL, PGRES_TUPLES_OK, error);
  gint64 last;

  if (result == NULL)
    return FALSE;
  last = MAX (g_ascii_strtoll (PQgetvalue (result, 0, 0), NULL, 10), 0);
  *text = g_strdup_printf ("%" G_GINT64_FORMAT, last);
  return lw_store_club_rewind_pull (store, last, error);
}

/* Rows of littlewolf.games (uuid, origin, name, version, played_at,
 * record, seq), or of games and events with an eighth column (whether the
 * row is an event's) and a ninth (its players by roster UUID), and a
 * column named computers where the server has it (schema 8), as
 * LwClubGame. */
static GPtrArray *
read_games (PGresult *result)
{
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_game_free);
  int computers = PQfnumber (result, "computers");

  for (int r = 0; r < PQntuples (result); r++)
    {
      LwClubGame *game = g_new0 (LwClubGame, 1);

      game->uuid = g_strdup (PQgetvalue (result, r, 0));
      game->origin = g_strdup (PQgetvalue (result, r, 1));
      game->origin_name = g_strdup (PQgetvalue (result, r, 2));
      game->version = g_ascii_strtoll (PQgetvalue (result, r, 3), NULL, 10);
      game->played_at = g_ascii_strtoll (PQgetvalue (result, r, 4), NULL, 10);
      game->record = PQgetisnull (result, r, 5) ? NULL : g_strdup (PQgetvalue (result, r, 5));
      game->seq = g_ascii_strtoll (PQgetvalue (result, r, 6), NULL, 10);
      game->is_event = PQnfields (result) > 7 && strcmp (PQgetvalue (result, r, 7), "t") == 0;
      game->players = PQnfields (result) > 8 && !PQgetisnull (result, r, 8)
                      ? g_strdup (PQgetvalue (result, r, 8)) : NULL;
      game->too_large = PQnfields (result) > 9 && strcmp (PQgetvalue (result, r, 9), "t") == 0;
      game->computers = computers >= 0 && !PQgetisnull (result, r, computers)
                        ? g_strdup (PQgetvalue (result, r, computers)) : NULL;
      g_ptr_array_add (games, game);
    }
  return games;
}

#define GAME_COLUMNS \
  "SELECT g.uuid, g.origin, o.name, g.version, g.played_at, g.record, g.seq" \
  " FROM littlewolf.games AS g JOIN littlewolf.origins AS o ON o.id = g.origin"

/* The words of a refusal of own @game (or event), at @version here (for
 * an event, the version acknowledged here), because the server holds
 * @copy, a later version or a deletion: its copy is taken back. */
static char *
taken_back_words (const LwClubGame *game,
                  gint64            version,
                  const LwClubGame *copy)
{
  const char *what = game->is_event ? "event" : "game";

  if (copy->record == NULL)
    return g_strdup_printf ("club server: %s %s not sent: the server holds it deleted (this"
                            " database is older): deleted here too", what, game->uuid);
  return g_strdup_printf ("club server: %s %s not sent: the server holds version %" G_GINT64_FORMAT
                          ", newer than version %" G_GINT64_FORMAT " here (this database is"
                          " older): the server's taken back", what, game->uuid, copy->version,
                          version);
}

/* A database restored from a backup: every game of this origin the
 * server holds, and on a server of schema version 2 (@events) every
 * event, in the order of their change numbers (an event after its
 * games), with their players on a server of schema 4 (@roster), for
 * lw_store_club_restart(). The own events older here than the server's
 * copy, taken back by it, are moved to @taken_back, and the words of each
 * added to @refusals (nullable). */
static gboolean
restart (LwStore      *store,
         PGconn       *conn,
         const char   *origin,
         gint64        counter,
         gboolean      events,
         gboolean      roster,
         gboolean      computers,
         GPtrArray    *taken_back,
         GPtrArray    *refusals,
         GError      **error)
{
  const char *values[] = { origin };
  g_autoptr (PGresult) result =
    lw_club_exec (conn, "reading this laptop's games for a new sync",
                  events && roster && computers
                  ? "SELECT * FROM ("
                    " SELECT g.uuid, g.origin, o.name, g.version, g.played_at, g.record, g.seq,"
                    "  false AS is_event, g.players, g.computers"
                    " FROM littlewolf.games AS g JOIN littlewolf.origins AS o ON o.id = g.origin"
                    " WHERE g.origin = $1"
                    " UNION ALL"
                    " SELECT e.uuid, e.origin, o.name, e.version, 0, e.facts, e.seq, true, e.players,"
                    "  NULL"
                    " FROM littlewolf.events AS e JOIN littlewolf.origins AS o ON o.id = e.origin"
                    " WHERE e.origin = $1"
                    ") AS c ORDER BY seq"
                  : events && roster
                  ? "SELECT * FROM ("
                    " SELECT g.uuid, g.origin, o.name, g.version, g.played_at, g.record, g.seq,"
                    "  false AS is_event, g.players"
                    " FROM littlewolf.games AS g JOIN littlewolf.origins AS o ON o.id = g.origin"
                    " WHERE g.origin = $1"
                    " UNION ALL"
                    " SELECT e.uuid, e.origin, o.name, e.version, 0, e.facts, e.seq, true, e.players"
                    " FROM littlewolf.events AS e JOIN littlewolf.origins AS o ON o.id = e.origin"
                    " WHERE e.origin = $1"
                    ") AS c ORDER BY seq"
                  : events
                  ? "SELECT * FROM ("
                    " SELECT g.uuid, g.origin, o.name, g.version, g.played_at, g.record, g.seq,"
                    "  false AS is_event"
                    " FROM littlewolf.games AS g JOIN littlewolf.origins AS o ON o.id = g.origin"
                    " WHERE g.origin = $1"
                    " UNION ALL"
                    " SELECT e.uuid, e.origin, o.name, e.version, 0, e.facts, e.seq, true"
                    " FROM littlewolf.events AS e JOIN littlewolf.origins AS o ON o.id = e.origin"
                    " WHERE e.origin = $1"
                    ") AS c ORDER BY seq"
                  : GAME_COLUMNS " WHERE g.origin = $1 ORDER BY g.seq",
                  1, values, PGRES_TUPLES_OK, error);
  g_autoptr (GPtrArray) own = NULL;
  g_autoptr (GPtrArray) back = g_ptr_array_new ();
  g_autoptr (GArray) versions = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (result == NULL)
    return FALSE;
  own = read_games (result);
  if (!lw_store_club_restart (store, counter, own, back, versions, error))
    return FALSE;
  for (guint i = 0; i < back->len; i++)
    {
      guint index = 0;

      if (refusals != NULL)
        g_ptr_array_add (refusals, taken_back_words (g_ptr_array_index (back, i),
                                                     g_array_index (versions, gint64, i),
                                                     g_ptr_array_index (back, i)));
      if (g_ptr_array_find (own, g_ptr_array_index (back, i), &index))
        g_ptr_array_add (taken_back, g_ptr_array_steal_index (own, index));
    }
  return TRUE;
}

/* push_one() on a server of schema 6: through littlewolf.push_game() or
 * push_event(), which take the origin from the login and the change
 * number from the sequence. *@older is set when the server holds a later
 * version of it, or holds it deleted (a database restored from an older
 * backup): nothing was sent, and *@held is the server's copy (a row of
 * GAME_COLUMNS' columns, as read_games() reads it). */
static gboolean
push_one_definer (PGconn            *conn,
                  const LwClubGame  *game,
                  gboolean           computers,
                  gboolean          *conflict,
                  gboolean          *older,
                  LwClubGame       **held,
                  GError           **error)
{
  g_autofree char *version = g_strdup_printf ("%" G_GINT64_FORMAT, game->version);
  g_autofree char *played_at = g_strdup_printf ("%" G_GINT64_FORMAT, game->played_at);
  /* A deletion of a game whose push was cut before its end (version -1:
   * the server's version unknown here) deletes whatever it holds. */
  const char *game_values[] = { game->uuid,
                                game->record == NULL && game->version < 0 ? NULL : version,
                                played_at, game->record, game->players, game->computers };
  const char *event_values[] = { game->uuid, version, game->record, game->players };
  g_autoptr (PGresult) written =
    game->is_event
    ? lw_club_exec (conn, game->record != NULL ? "sending an event" : "sending an event's deletion",
                    "SELECT littlewolf.push_event ($1, $2, $3, $4)",
                    4, event_values, PGRES_TUPLES_OK, error)
    : computers
    ? lw_club_exec (conn, game->record != NULL ? "sending a game" : "sending a deletion",
                    "SELECT littlewolf.push_game ($1, $2, $3, $4, $5, $6)",
                    6, game_values, PGRES_TUPLES_OK, error)
    : lw_club_exec (conn, game->record != NULL ? "sending a game" : "sending a deletion",
                    "SELECT littlewolf.push_game ($1, $2, $3, $4, $5)",
                    5, game_values, PGRES_TUPLES_OK, error);
  const char *said;
  const char *uuid_values[] = { game->uuid };
  g_autoptr (PGresult) copy = NULL;
  g_autoptr (GPtrArray) copies = NULL;

  *conflict = *older = FALSE;
  if (written == NULL)
    return FALSE;
  said = PQgetvalue (written, 0, 0);
  *conflict = strcmp (said, "conflict") == 0;
  *older = strcmp (said, "older") == 0;
  if (!*older)
    return TRUE;
  copy = lw_club_exec (conn, game->is_event ? "reading the server's copy of an event"
                                            : "reading the server's copy of a game",
                       game->is_event
                       ? "SELECT e.uuid, e.origin, o.name, e.version, 0, e.facts, e.seq, true,"
                         " e.players FROM littlewolf.events AS e JOIN littlewolf.origins AS o"
                         " ON o.id = e.origin WHERE e.uuid = $1"
                       : computers
                       ? "SELECT g.uuid, g.origin, o.name, g.version, g.played_at, g.record, g.seq,"
                         " false, g.players, g.computers FROM littlewolf.games AS g"
                         " JOIN littlewolf.origins AS o ON o.id = g.origin WHERE g.uuid = $1"
                       : "SELECT g.uuid, g.origin, o.name, g.version, g.played_at, g.record, g.seq,"
                         " false, g.players FROM littlewolf.games AS g JOIN littlewolf.origins AS o"
                         " ON o.id = g.origin WHERE g.uuid = $1",
                       1, uuid_values, PGRES_TUPLES_OK, error);
  if (copy == NULL)
    return FALSE;
  copies = read_games (copy);
  if (copies->len == 1)
    *held = g_ptr_array_steal_index (copies, 0);
  return TRUE;
}

/* Sends @game (a record, or a deletion; an event's facts when
 * is_event) in the push's transaction; sets *@conflict when another
 * origin owns its UUID (nothing sent). */
static gboolean
push_one (PGconn            *conn,
          const char        *origin,
          const LwClubGame  *game,
          gboolean           roster,
          gboolean          *conflict,
          GError           **error)
{
  g_autofree char *version = g_strdup_printf ("%" G_GINT64_FORMAT, game->version);
  g_autofree char *played_at = g_strdup_printf ("%" G_GINT64_FORMAT, game->played_at);
  const char *owner_values[] = { game->uuid };
  g_autoptr (PGresult) owner =
    lw_club_exec (conn, game->is_event ? "reading an event's owner" : "reading a game's owner",
                  game->is_event ? "SELECT origin FROM littlewolf.events WHERE uuid = $1"
                                 : "SELECT origin FROM littlewolf.games WHERE uuid = $1",
                  1, owner_values, PGRES_TUPLES_OK, error);
  g_autoptr (PGresult) written = NULL;

  *conflict = FALSE;
  if (owner == NULL)
    return FALSE;
  if (PQntuples (owner) == 1 && strcmp (PQgetvalue (owner, 0, 0), origin) != 0)
    {
      *conflict = TRUE;
      return TRUE;
    }
  if (game->is_event && game->record != NULL && roster)
    {
      const char *values[] = { game->uuid, origin, version, game->record, game->players };

      written = lw_club_exec (conn, "sending an event",
                              "INSERT INTO littlewolf.events (uuid, origin, version, facts, players)"
                              " VALUES ($1, $2, $3, $4, $5)"
                              " ON CONFLICT (uuid) DO UPDATE SET version = EXCLUDED.version,"
                              "  facts = EXCLUDED.facts, players = EXCLUDED.players,"
                              "  seq = nextval ('littlewolf.changes'), pushed = now ()"
                              " WHERE (littlewolf.events.version, littlewolf.events.facts,"
                              "        littlewolf.events.players)"
                              "   IS DISTINCT FROM (EXCLUDED.version, EXCLUDED.facts, EXCLUDED.players)",
                              5, values, PGRES_COMMAND_OK, error);
    }
  else if (game->is_event && game->record != NULL)
    {
      const char *values[] = { game->uuid, origin, version, game->record };

      written = lw_club_exec (conn, "sending an event",
                              "INSERT INTO littlewolf.events (uuid, origin, version, facts)"
                              " VALUES ($1, $2, $3, $4)"
                              " ON CONFLICT (uuid) DO UPDATE SET version = EXCLUDED.version,"
                              "  facts = EXCLUDED.facts,"
                              "  seq = nextval ('littlewolf.changes'), pushed = now ()"
                              " WHERE (littlewolf.events.version, littlewolf.events.facts)"
                              "   IS DISTINCT FROM (EXCLUDED.version, EXCLUDED.facts)",
                              4, values, PGRES_COMMAND_OK, error);
    }
  else if (game->is_event)
    {
      const char *values[] = { game->uuid, origin };

      written = lw_club_exec (conn, "sending an event's deletion",
                              "UPDATE littlewolf.events SET facts = NULL,"
                              "  seq = nextval ('littlewolf.changes'), pushed = now ()"
                              " WHERE uuid = $1 AND origin = $2 AND facts IS NOT NULL",
                              2, values, PGRES_COMMAND_OK, error);
    }
  else if (game->record != NULL && roster)
    {
      const char *values[] = { game->uuid, origin, version, played_at, game->record, game->players };

      written = lw_club_exec (conn, "sending a game",
                              "INSERT INTO littlewolf.games"
                              " (uuid, origin, version, played_at, record, players)"
                              " VALUES ($1, $2, $3, $4, $5, $6)"
                              " ON CONFLICT (uuid) DO UPDATE SET version = EXCLUDED.version,"
                              "  played_at = EXCLUDED.played_at, record = EXCLUDED.record,"
                              "  players = EXCLUDED.players,"
                              "  seq = nextval ('littlewolf.changes'), pushed = now ()"
                              " WHERE (littlewolf.games.version, littlewolf.games.record,"
                              "        littlewolf.games.players)"
                              "   IS DISTINCT FROM (EXCLUDED.version, EXCLUDED.record, EXCLUDED.players)",
                              6, values, PGRES_COMMAND_OK, error);
    }
  else if (game->record != NULL)
    {
      const char *values[] = { game->uuid, origin, version, played_at, game->record };

      written = lw_club_exec (conn, "sending a game",
                              "INSERT INTO littlewolf.games (uuid, origin, version, played_at, record)"
                              " VALUES ($1, $2, $3, $4, $5)"
                              " ON CONFLICT (uuid) DO UPDATE SET version = EXCLUDED.version,"
                              "  played_at = EXCLUDED.played_at, record = EXCLUDED.record,"
                              "  seq = nextval ('littlewolf.changes'), pushed = now ()"
                              " WHERE (littlewolf.games.version, littlewolf.games.record)"
                              "   IS DISTINCT FROM (EXCLUDED.version, EXCLUDED.record)",
                              5, values, PGRES_COMMAND_OK, error);
    }
  else
    {
      const char *values[] = { game->uuid, origin };

      written = lw_club_exec (conn, "sending a deletion",
                              "UPDATE littlewolf.games SET record = NULL,"
                              "  seq = nextval ('littlewolf.changes'), pushed = now ()"
                              " WHERE uuid = $1 AND origin = $2 AND record IS NOT NULL",
                              2, values, PGRES_COMMAND_OK, error);
    }
  return written != NULL;
}

/* The roster's changes past the number pulled up to, a batch at a time,
 * each stored with the number it reaches in one local transaction. */
static gboolean
pull_roster (LwStore           *store,
             PGconn            *conn,
             LwClubSyncResult  *result,
             GError           **error)
{
  g_autofree char *last = NULL;

  if (!read_last_change (store, conn, &last, error))
    return FALSE;
  for (;;)
    {
      g_autoptr (GPtrArray) entries =
        g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_roster_entry_free);
      g_autoptr (PGresult) rows = NULL;
      g_autofree char *since = NULL;
      gint64 roster_seq = 0;
      gint64 reached = 0;
      int n_rows;

      if (!lw_store_club_get_roster_seq (store, &roster_seq, error))
        return FALSE;
      since = g_strdup_printf ("%" G_GINT64_FORMAT, roster_seq);
      {
        const char *values[] = { since, last };

        rows = lw_club_exec (conn, "reading the roster's changes",
                             "SELECT r.uuid, r.origin, o.name,"
                             " CASE WHEN octet_length (r.name) <= " G_STRINGIFY (LW_NAME_MAX_BYTES)
                             "  THEN r.name END, r.merged_into, r.seq"
                             " FROM littlewolf.roster AS r JOIN littlewolf.origins AS o"
                             "  ON o.id = r.origin WHERE r.seq > $1 AND r.seq <= $2"
                             " ORDER BY r.seq LIMIT " G_STRINGIFY (PULL_BATCH),
                             2, values, PGRES_TUPLES_OK, error);
      }
      if (rows == NULL)
        return FALSE;
      n_rows = PQntuples (rows);
      if (n_rows == 0)
        return TRUE;
      for (int r = 0; r < n_rows; r++)
        {
          LwClubRosterEntry *entry;
          g_autofree char *name = NULL;

          /* A name the names rule refuses (one over its bytes is not even
           * read: a laptop's role may write any text) is no entry here. */
          reached = g_ascii_strtoll (PQgetvalue (rows, r, 5), NULL, 10);
          name = PQgetisnull (rows, r, 3) ? NULL
                 : lw_name_normalize (PQgetvalue (rows, r, 3), "a roster name", NULL);
          if (name == NULL || g_strcmp0 (name, PQgetvalue (rows, r, 3)) != 0)
            {
              result->refused++;
              continue;
            }
          entry = g_new0 (LwClubRosterEntry, 1);
          entry->uuid = g_strdup (PQgetvalue (rows, r, 0));
          entry->origin = g_strdup (PQgetvalue (rows, r, 1));
          entry->origin_name = g_strdup (PQgetvalue (rows, r, 2));
          entry->name = g_steal_pointer (&name);
          entry->merged_into = PQgetisnull (rows, r, 4) ? NULL : g_strdup (PQgetvalue (rows, r, 4));
          entry->seq = reached;
          g_ptr_array_add (entries, entry);
        }
      if (!lw_store_club_apply_roster (store, entries, reached, error))
        return FALSE;
      result->roster_pulled += entries->len;
      if (n_rows < PULL_BATCH)
        return TRUE;
    }
}

/* Sends the roster entries this laptop added (@entries), in the push's
 * transaction: one the server holds already (a push sent again) changes
 * nothing. */
static gboolean
push_roster (PGconn      *conn,
             const char  *origin,
             gboolean     definer,
             GPtrArray   *entries,
             GError     **error)
{
  for (guint i = 0; i < entries->len; i++)
    {
      const LwClubRosterEntry *entry = g_ptr_array_index (entries, i);
      const char *values[] = { entry->uuid, origin, entry->name };
      const char *definer_values[] = { entry->uuid, entry->name };
      g_autoptr (PGresult) written =
        definer
        ? lw_club_exec (conn, "sending a roster entry", "SELECT littlewolf.add_roster_entry ($1, $2)",
                        2, definer_values, PGRES_TUPLES_OK, error)
        : lw_club_exec (conn, "sending a roster entry",
                        "INSERT INTO littlewolf.roster (uuid, origin, name) VALUES ($1, $2, $3)"
                        " ON CONFLICT (uuid) DO NOTHING",
                        3, values, PGRES_COMMAND_OK, error);

      if (written == NULL)
        return FALSE;
    }
  return TRUE;
}

/* Sends this laptop's merge requests (@requests: two UUIDs each), in the
 * push's transaction after the roster entries they name; one the server
 * holds already changes nothing, but one this laptop withdrew waits
 * again (@withdrawals: a server of schema 5). Then the withdrawals
 * (@withdrawn: two UUIDs each, a server of schema 5 only): each request
 * of this origin still waiting becomes withdrawn; one decided already
 * stays as the admin decided. */
static gboolean
push_requests (PGconn      *conn,
               const char  *origin,
               GPtrArray   *requests,
               gboolean     withdrawals,
               gboolean     definer,
               GPtrArray   *withdrawn,
               GError     **error)
{
  for (guint i = 0; i + 1 < requests->len; i += 2)
    {
      const char *values[] = { origin, g_ptr_array_index (requests, i),
                               g_ptr_array_index (requests, i + 1) };
      g_autoptr (PGresult) written =
        definer
        ? lw_club_exec (conn, "sending a merge request", "SELECT littlewolf.add_request ($1, $2)",
                        2, values + 1, PGRES_TUPLES_OK, error)
        : lw_club_exec (conn, "sending a merge request",
                      withdrawals
                      ? "INSERT INTO littlewolf.requests (origin, player, into_player)"
                        " VALUES ($1, $2, $3) ON CONFLICT (origin, player, into_player) DO UPDATE"
                        " SET state = 'waiting', made = now (), decided = NULL"
                        " WHERE littlewolf.requests.state = 'withdrawn'"
                      : "INSERT INTO littlewolf.requests (origin, player, into_player)"
                        " VALUES ($1, $2, $3) ON CONFLICT (origin, player, into_player) DO NOTHING",
                      3, values, PGRES_COMMAND_OK, error);

      if (written == NULL)
        return FALSE;
    }
  for (guint i = 0; i + 1 < withdrawn->len; i += 2)
    {
      const char *values[] = { origin, g_ptr_array_index (withdrawn, i),
                               g_ptr_array_index (withdrawn, i + 1) };
      g_autoptr (PGresult) written =
        definer
        ? lw_club_exec (conn, "withdrawing a merge request",
                        "SELECT littlewolf.withdraw_request ($1, $2)",
                        2, values + 1, PGRES_TUPLES_OK, error)
        : lw_club_exec (conn, "withdrawing a merge request",
                        "UPDATE littlewolf.requests SET state = 'withdrawn', decided = now ()"
                        " WHERE origin = $1 AND player = $2 AND into_player = $3"
                        "  AND state = 'waiting'",
                        3, values, PGRES_COMMAND_OK, error);

      if (written == NULL)
        return FALSE;
    }
  return TRUE;
}

static gboolean
push (LwStore           *store,
      PGconn            *conn,
      const char        *club,
      gboolean           events,
      gboolean           roster,
      gboolean           withdrawals,
      gboolean           definer,
      gboolean           computers,
      LwClubSyncResult  *result,
      GPtrArray         *refusals,
      GError           **error)
{
  g_autoptr (LwClubState) state = lw_store_club_get_state (store, FALSE, error);
  g_autoptr (GPtrArray) taken_back =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_game_free);
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (GPtrArray) requests = NULL;
  g_autoptr (GPtrArray) withdrawn = NULL;
  g_autoptr (GPtrArray) outgoing = NULL;
  g_autoptr (GPtrArray) sent = NULL;
  g_autofree char *pending = NULL;
  gint64 counter = 0;
  guint restored_back = 0;
  gboolean ok;

  if (state == NULL || !read_counter (conn, state->origin, FALSE, &counter, error))
    return FALSE;
  /* Pushes this database never saw, or another club's server: a new sync
   * from scratch. */
  if (counter > MAX (state->push_counter, state->push_pending)
      || (state->club != NULL && strcmp (state->club, club) != 0))
    {
      g_autoptr (GPtrArray) back =
        g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_game_free);

      /* Own events older here than on the server are taken back at once. */
      if (!restart (store, conn, state->origin, counter, events, roster, computers, back, refusals,
                    error))
        return FALSE;
      result->restarted = TRUE;
      restored_back = back->len;
      g_clear_pointer (&state, lw_club_state_free);
      if ((state = lw_store_club_get_state (store, FALSE, error)) == NULL)
        return FALSE;
    }

  /* Every local player on the roster first, so that the games name
   * them by UUID; the roster is pulled before, so that a player added
   * here is the entry of the same name another laptop sent. */
  if (roster)
    entries = pull_roster (store, conn, result, error)
              ? lw_store_club_link_players (store, error) : NULL;
  else
    entries = g_ptr_array_new ();
  if (entries == NULL)
    return FALSE;
  requests = roster ? lw_store_club_list_requests (store, error) : g_ptr_array_new ();
  if (requests == NULL)
    return FALSE;
  /* A server before schema 5 takes no withdrawal: they wait. */
  withdrawn = withdrawals ? lw_store_club_list_withdrawals (store, error) : g_ptr_array_new ();
  if (withdrawn == NULL)
    return FALSE;
  outgoing = lw_store_club_list_outgoing (store, error);
  if (outgoing == NULL)
    return FALSE;
  /* Events after the games, so that an event's games come first in the
   * server's order of changes and are held wherever it is pulled. */
  if (events)
    {
      g_autoptr (GPtrArray) outgoing_events = lw_store_club_list_outgoing_events (store, error);

      if (outgoing_events == NULL)
        return FALSE;
      g_ptr_array_set_free_func (outgoing_events, NULL);
      g_ptr_array_extend_and_steal (outgoing, g_steal_pointer (&outgoing_events));
    }
  result->taken_back = restored_back;
  if (outgoing->len == 0 && entries->len == 0 && requests->len == 0 && withdrawn->len == 0)
    return TRUE;
  counter = MAX (counter, state->push_counter) + 1;
  if (!lw_store_club_set_push_pending (store, counter, outgoing, error))
    return FALSE;

  pending = g_strdup_printf ("%" G_GINT64_FORMAT, counter);
  sent = g_ptr_array_new ();
  ok = lw_club_run (conn, "starting a push", "BEGIN", error);
  if (ok)
    {
      /* Schema 6: littlewolf.begin_push() holds the writer row instead. */
      g_autoptr (PGresult) lock =
        lw_club_exec (conn, "waiting for other pushes",
                      definer ? "SELECT littlewolf.begin_push ()"
                              : "SELECT pg_advisory_xact_lock (" LW_CLUB_PUSH_LOCK ")",
                      0, NULL, PGRES_TUPLES_OK, error);
      gint64 held = 0;

      ok = lock != NULL && (definer || read_counter (conn, state->origin, TRUE, &held, error))
           && push_roster (conn, state->origin, definer, entries, error)
           && push_requests (conn, state->origin, requests, withdrawals, definer, withdrawn, error);
    }
  for (guint i = 0; ok && i < outgoing->len; i++)
    {
      LwClubGame *game = g_ptr_array_index (outgoing, i);
      LwClubGame *copy = NULL;
      gboolean conflict = FALSE;
      gboolean older = FALSE;

      ok = definer ? push_one_definer (conn, game, computers, &conflict, &older, &copy, error)
                   : push_one (conn, state->origin, game, roster, &conflict, error);
      if (ok && conflict)
        result->conflicts++;
      else if (ok && older)
        {
          /* The server holds a later version (a database restored from
           * an older backup): its copy comes back here, after the push.
           * An event is sent at the version after the one acknowledged. */
          if (copy != NULL && refusals != NULL)
            g_ptr_array_add (refusals,
                             taken_back_words (game, game->is_event ? game->version - 1
                                                                    : game->version, copy));
          if (copy != NULL)
            g_ptr_array_add (taken_back, copy);
        }
      else if (ok)
        {
          g_ptr_array_add (sent, game);
          if (game->is_event)
            result->events_pushed++;
          else if (game->record != NULL)
            result->pushed++;
          else
            result->deleted++;
        }
    }
  if (ok)
    {
      const char *values[] = { state->origin, pending };
      g_autoptr (PGresult) written =
        definer
        ? lw_club_exec (conn, "recording the push", "SELECT littlewolf.record_push ($1)",
                        1, values + 1, PGRES_TUPLES_OK, error)
        : lw_club_exec (conn, "recording the push",
                        "INSERT INTO littlewolf.pushes (origin, counter) VALUES ($1, $2)"
                        " ON CONFLICT (origin) DO UPDATE SET"
                        "  counter = greatest (littlewolf.pushes.counter, EXCLUDED.counter),"
                        "  at = now ()",
                        2, values, PGRES_COMMAND_OK, error);

      ok = written != NULL && lw_club_run (conn, "committing the push", "COMMIT", error);
    }
  if (!ok)
    {
      lw_club_rollback (conn);
      result->pushed = result->deleted = result->conflicts = result->events_pushed = 0;
      return FALSE;
    }
  result->roster_pushed = entries->len;
  result->taken_back = restored_back + taken_back->len;
  return lw_store_club_ack_push (store, counter, club, sent, error)
         && lw_store_club_ack_roster (store, entries, error)
         && lw_store_club_ack_requests (store, requests, error)
         && lw_store_club_ack_withdrawals (store, withdrawn, error)
         && (taken_back->len == 0 || lw_store_club_take_back (store, taken_back, error));
}

/* The pull's rows: a server row's record or facts and players as read,
 * unless over LW_GAME_RECORD_MAX_BYTES together: then both NULL and
 * column 9 (too large) true; at most PULL_BATCH rows, and no more than
 * PULL_BYTES of records past the first row (so a batch holds at most
 * PULL_BYTES + LW_GAME_RECORD_MAX_BYTES of them, whatever rows a laptop's
 * role wrote); column 10, the rows past $1 (counted up to PULL_BATCH + 1
 * of each table), tells whether more are left; column 11, a game's
 * computer seats (schema 8; NULL when over LW_CLUB_COMPUTERS_MAX_BYTES,
 * which push_game() refuses). Each table gives only its first
 * PULL_BATCH + 1 rows past $1 by the index on seq, so that a batch reads
 * and sorts at most that many of each, not every change left (which made
 * a first pull's batches quadratic in its changes). */
#define PULL_BYTES (128 * 1024 * 1024)
#define ROW_BYTES \
  "coalesce (octet_length (body), 0) + coalesce (octet_length (players), 0)"
#define PULL_QUERY(rows) \
  "SELECT uuid, origin, name, version, played_at, CASE WHEN big THEN NULL ELSE body END, seq," \
  " is_event, CASE WHEN big THEN NULL ELSE players END, big, rest, computers FROM (" \
  "  SELECT *, " ROW_BYTES " > " G_STRINGIFY (LW_GAME_RECORD_MAX_BYTES) " AS big," \
  "   least (" ROW_BYTES ", " G_STRINGIFY (LW_GAME_RECORD_MAX_BYTES) ") AS size," \
  "   sum (least (" ROW_BYTES ", " G_STRINGIFY (LW_GAME_RECORD_MAX_BYTES) "))" \
  "    OVER (ORDER BY seq) AS upto," \
  "   count (*) OVER () AS rest" \
  "  FROM (" rows ") AS c) AS d" \
  " WHERE upto - size < " G_STRINGIFY (PULL_BYTES) \
  " ORDER BY seq LIMIT " G_STRINGIFY (PULL_BATCH)
#define GAMES_PART(players, computers) \
  "(SELECT g.uuid, g.origin, o.name, g.version, g.played_at," \
  " CASE WHEN g.origin = $2 THEN NULL ELSE g.record END AS body, g.seq," \
  " false AS is_event, " players " AS players, " computers " AS computers" \
  " FROM littlewolf.games AS g JOIN littlewolf.origins AS o" \
  "  ON o.id = g.origin WHERE g.seq > $1 AND g.seq <= $3" \
  " ORDER BY g.seq LIMIT " G_STRINGIFY (PULL_BATCH) " + 1)"
#define COMPUTERS_COLUMN \
  "CASE WHEN octet_length (g.computers) <= " G_STRINGIFY (LW_CLUB_COMPUTERS_MAX_BYTES) \
  " THEN g.computers END"
#define EVENTS_PART(players) \
  "(SELECT e.uuid, e.origin, o.name, e.version, 0," \
  " CASE WHEN e.origin = $2 THEN NULL ELSE e.facts END, e.seq, true, " players ", NULL::text" \
  " FROM littlewolf.events AS e JOIN littlewolf.origins AS o" \
  "  ON o.id = e.origin WHERE e.seq > $1 AND e.seq <= $3" \
  " ORDER BY e.seq LIMIT " G_STRINGIFY (PULL_BATCH) " + 1)"

static gboolean
pull (LwStore           *store,
      PGconn            *conn,
      gboolean           events,
      gboolean           roster,
      gboolean           computers,
      LwClubSyncResult  *result,
      GPtrArray         *refusals,
      GError           **error)
{
  g_autofree char *last = NULL;

  if ((roster && !pull_roster (store, conn, result, error))
      || !read_last_change (store, conn, &last, error))
    return FALSE;
  for (guint batch = 0; ; batch++)
    {
      g_autoptr (LwClubState) state = lw_store_club_get_state (store, FALSE, error);
      g_autofree char *since = NULL;
      g_autoptr (PGresult) rows = NULL;
      g_autoptr (GPtrArray) games = NULL;
      gint64 reached;
      guint refused = 0;
      int n_rows;

      if (state == NULL)
        return FALSE;
      since = g_strdup_printf ("%" G_GINT64_FORMAT, state->pull_seq);
      {
        const char *values[] = { since, state->origin, last };

        /* This laptop's own changes move the number on too (without their
         * records), so that the next pull does not read them again. */
        rows = lw_club_exec (conn, "reading other laptops' changes",
                             computers ? PULL_QUERY (GAMES_PART ("g.players", COMPUTERS_COLUMN)
                                                     " UNION ALL " EVENTS_PART ("e.players"))
                             : events && roster ? PULL_QUERY (GAMES_PART ("g.players", "NULL::text")
                                                              " UNION ALL " EVENTS_PART ("e.players"))
                             : events ? PULL_QUERY (GAMES_PART ("NULL::text", "NULL::text")
                                                    " UNION ALL " EVENTS_PART ("NULL::text"))
                             : PULL_QUERY (GAMES_PART ("NULL::text", "NULL::text")),
                             3, values, PGRES_TUPLES_OK, error);
      }
      if (rows == NULL)
        return FALSE;
      n_rows = PQntuples (rows);
      games = read_games (rows);
      reached = n_rows > 0 ? ((LwClubGame *) g_ptr_array_index (games, games->len - 1))->seq
                           : state->pull_seq;
      for (guint i = games->len; i > 0; i--)
        if (strcmp (((LwClubGame *) g_ptr_array_index (games, i - 1))->origin, state->origin) == 0)
          g_ptr_array_remove_index (games, i - 1);
      /* An empty batch still notes the time of the pull (once). */
      if (n_rows == 0 && batch > 0)
        return TRUE;
      if (!lw_store_club_apply_pulled (store, games, reached, &refused, refusals, error))
        return FALSE;
      for (guint i = 0; i < games->len; i++)
        if (((LwClubGame *) g_ptr_array_index (games, i))->is_event)
          result->events_pulled++;
        else
          result->pulled++;
      /* Refused changes are counted apart (and left out of @games). */
      result->refused += refused;
      if (n_rows == 0 || g_ascii_strtoll (PQgetvalue (rows, 0, 10), NULL, 10) <= n_rows)
        return TRUE;
    }
}

PGconn *
lw_club_connect_laptop (LwStore       *store,
                        LwClubState  **state_out,
                        char         **club_out,
                        GError       **error)
{
  g_autoptr (LwClubState) state = lw_store_club_get_state (store, FALSE, error);
  g_autoptr (PGconn) conn = NULL;
  g_autofree char *club = NULL;
  g_autofree char *origin = NULL;

  if (state == NULL)
    return NULL;
  conn = lw_club_connect (state->conninfo, error);
  if (conn == NULL || !lw_club_check_schema (conn, &club, &origin, error))
    return NULL;
  if (g_strcmp0 (origin, state->origin) != 0)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_ORIGIN,
                   origin == NULL
                   ? "club server: the role %s is no laptop of the club (club add-origin)"
                   : "club server: the role %s is another laptop's than this database's",
                   PQuser (conn));
      return NULL;
    }
  if (state_out != NULL)
    *state_out = g_steal_pointer (&state);
  if (club_out != NULL)
    *club_out = g_steal_pointer (&club);
  return g_steal_pointer (&conn);
}

gboolean
lw_club_sync (LwStore           *store,
              LwClubSyncResult  *result_out,
              GError           **error)
{
  return lw_club_sync_with_refusals (store, result_out, NULL, error);
}

gboolean
lw_club_sync_with_refusals (LwStore           *store,
                            LwClubSyncResult  *result_out,
                            GPtrArray         *refusals,
                            GError           **error)
{
  LwClubSyncResult result = { 0, 0, 0, 0, FALSE, 0, 0, 0, 0, 0, 0 };
  gboolean events;
  gboolean roster;
  gboolean withdrawals;
  gboolean definer;
  gboolean syncs;
  gboolean computers;
  g_autoptr (PGconn) conn = NULL;
  g_autofree char *club = NULL;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (store), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (result_out != NULL)
    *result_out = result;
  conn = lw_club_connect_laptop (store, NULL, &club, error);
  if (conn == NULL)
    return FALSE;
  /* A server of schema version 1 has no events: games only; one before
   * version 4 no roster: players by name only; one before version 5
   * takes no withdrawal of a merge request; one before version 7 no
   * computer seats (a game's travel without them). */
  {
    g_autoptr (PGresult) found =
      lw_club_exec (conn, "looking for the events and roster tables",
                    "SELECT to_regclass ('littlewolf.events') IS NOT NULL,"
                    " to_regclass ('littlewolf.roster') IS NOT NULL,"
                    " (SELECT value::integer >= 5 FROM littlewolf.meta"
                    "   WHERE key = 'schema_version') IS TRUE,"
                    " (SELECT value::integer >= " G_STRINGIFY (LW_CLUB_SCHEMA_DEFINER)
                    "   FROM littlewolf.meta WHERE key = 'schema_version') IS TRUE,"
                    " (SELECT value::integer >= " G_STRINGIFY (LW_CLUB_SCHEMA_SYNCS)
                    "   FROM littlewolf.meta WHERE key = 'schema_version') IS TRUE,"
                    " (SELECT value::integer >= " G_STRINGIFY (LW_CLUB_SCHEMA_COMPUTERS)
                    "   FROM littlewolf.meta WHERE key = 'schema_version') IS TRUE",
                    0, NULL, PGRES_TUPLES_OK, error);

    if (found == NULL)
      return FALSE;
    events = strcmp (PQgetvalue (found, 0, 0), "t") == 0;
    roster = strcmp (PQgetvalue (found, 0, 1), "t") == 0;
    withdrawals = roster && strcmp (PQgetvalue (found, 0, 2), "t") == 0;
    definer = strcmp (PQgetvalue (found, 0, 3), "t") == 0;
    syncs = strcmp (PQgetvalue (found, 0, 4), "t") == 0;
    computers = strcmp (PQgetvalue (found, 0, 5), "t") == 0;
  }
  ok = push (store, conn, club, events, roster, withdrawals, definer, computers, &result, refusals,
             error)
       && pull (store, conn, events, roster, computers, &result, refusals, error);
  /* The sync's end, for the admin's list of laptops (schema 7). */
  if (ok && syncs)
    {
      g_autoptr (PGresult) recorded =
        lw_club_exec (conn, "recording the sync", "SELECT littlewolf.record_sync ()",
                      0, NULL, PGRES_TUPLES_OK, error);

      ok = recorded != NULL;
    }
  if (result_out != NULL)
    *result_out = result;
  return ok;
}
