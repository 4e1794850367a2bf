/* lw-club-suggest.c — a correction of another laptop's game sent to that
 * laptop as a suggestion (docs/CLUB-SERVER.md "Suggestions"; the server's
 * table littlewolf.suggestions of schema version 3)
 *
 * The suggestion lives on the server only: its sender writes it, its
 * target (the game's owner) reads it and decides; row-level security
 * keeps everybody else out. Accepting applies it through the store's own
 * correction (lw_store_replace_round() and its siblings), so that it is
 * the owner's correction, in its edit log, sent with the next sync.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-club.h"
#include "lw-store-rounds.h"

static const char *const kind_names[] = { "replace", "insert", "delete" };

void
lw_club_suggestion_free (LwClubSuggestion *suggestion)
{
  if (suggestion == NULL)
    return;
  g_free (suggestion->game);
  g_free (suggestion->from);
  g_free (suggestion->to);
  g_free (suggestion->round);
  g_free (suggestion->state);
  g_free (suggestion);
}

/* Connects as @store's laptop to a server that has suggestions. */
static PGconn *
connect_for_suggestions (LwStore      *store,
                         LwClubState **state,
                         GError      **error)
{
  g_autoptr (PGconn) conn = lw_club_connect_laptop (store, state, NULL, error);
  g_autoptr (PGresult) found = NULL;

  if (conn == NULL)
    return NULL;
  found = lw_club_exec (conn, "looking for the suggestions table",
                        "SELECT to_regclass ('littlewolf.suggestions') IS NOT NULL",
                        0, NULL, PGRES_TUPLES_OK, error);
  if (found == NULL)
    return NULL;
  if (strcmp (PQgetvalue (found, 0, 0), "t") != 0)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_SCHEMA,
                   "club server: the database %s takes no suggestions yet "
                   "(its schema is older: littlewolf-cli club init as the club's owner)",
                   PQdb (conn));
      return NULL;
    }
  return g_steal_pointer (&conn);
}

gboolean
lw_club_suggest (LwStore       *store,
                 gint64         game,
                 const LwEdit  *edit,
                 gint64        *id_out,
                 GError       **error)
{
  g_autoptr (PGconn) conn = NULL;
  g_autoptr (LwStoredGame) stored = NULL;
  g_autoptr (LwEditResult) checked = NULL;
  g_autoptr (PGresult) inserted = NULL;
  g_autofree char *uuid = NULL;
  g_autofree char *owner = NULL;
  g_autofree char *round = NULL;
  g_autofree char *version = NULL;
  g_autofree char *number = NULL;
  gint64 found = 0;
  gint64 held_version = 0;
  int schema = 0;

  g_return_val_if_fail (LW_IS_STORE (store), FALSE);
  g_return_val_if_fail (game > 0 && edit != NULL && edit->kind <= LW_EDIT_DELETE, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_club_find_game (store, game, &uuid, &found, &owner, &held_version, error))
    return FALSE;
  if (owner == NULL)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT " is this laptop's own: correct it here", game);
      return FALSE;
    }
  stored = lw_store_load_game (store, game, error);
  if (stored == NULL)
    return FALSE;
  /* As the owner would apply it: refused here, never sent. */
  checked = lw_edit_apply (stored->record, edit, error);
  if (checked == NULL)
    return FALSE;
  if (edit->kind != LW_EDIT_DELETE)
    {
      g_autofree char *pretty = lw_round_to_json (stored->record, edit->round);
      g_autoptr (JsonNode) node = json_from_string (pretty, NULL);

      round = node != NULL ? json_to_string (node, FALSE) : g_steal_pointer (&pretty);
    }
  conn = connect_for_suggestions (store, NULL, error);
  if (conn == NULL)
    return FALSE;
  version = g_strdup_printf ("%" G_GINT64_FORMAT, held_version);
  number = g_strdup_printf ("%u", edit->number);
  if (!lw_club_read_version (conn, &schema, error))
    return FALSE;
  {
    const char *values[] = { uuid, version, kind_names[edit->kind], number, round };

    /* Schema 6: through littlewolf.suggest(), which bounds the open
     * suggestions of a sender (NULL: no such game to suggest on). */
    inserted = lw_club_exec (conn, "sending a suggestion",
                             schema >= LW_CLUB_SCHEMA_DEFINER
                             ? "SELECT id FROM littlewolf.suggest ($1, $2, $3, $4, $5) AS id"
                               " WHERE id IS NOT NULL"
                             : "INSERT INTO littlewolf.suggestions"
                               " (game, origin, target, version, kind, number, round)"
                               " SELECT $1, littlewolf.my_origin (), g.origin, $2, $3, $4, $5"
                               " FROM littlewolf.games AS g WHERE g.uuid = $1 RETURNING id",
                             5, values, PGRES_TUPLES_OK, error);
  }
  if (inserted == NULL)
    return FALSE;
  if (PQntuples (inserted) != 1)
    {
      g_set_error (error, LW_CLUB_ERROR, LW_CLUB_ERROR_REFUSED,
                   "club server: game %" G_GINT64_FORMAT " (%s) is not on the server", game, uuid);
      return FALSE;
    }
  if (id_out != NULL)
    *id_out = g_ascii_strtoll (PQgetvalue (inserted, 0, 0), NULL, 10);
  return TRUE;
}

#define SUGGESTION_COLUMNS \
  "SELECT s.id, s.game, s.target = littlewolf.my_origin (), f.name, t.name, s.version," \
  " s.kind, s.number, CASE WHEN octet_length (s.round) <= " \
  G_STRINGIFY (LW_GAME_RECORD_MAX_BYTES) " THEN s.round END, s.state," \
  " extract (epoch FROM s.made)::bigint" \
  " FROM littlewolf.suggestions AS s" \
  " JOIN littlewolf.origins AS f ON f.id = s.origin" \
  " JOIN littlewolf.origins AS t ON t.id = s.target"

/* Row @r of a SUGGESTION_COLUMNS result; the local game looked up in
 * @store. */
static LwClubSuggestion *
read_suggestion (LwStore   *store,
                 PGresult  *result,
                 int        r,
                 GError   **error)
{
  g_autoptr (LwClubSuggestion) suggestion = g_new0 (LwClubSuggestion, 1);
  const char *kind = PQgetvalue (result, r, 6);

  suggestion->id = g_ascii_strtoll (PQgetvalue (result, r, 0), NULL, 10);
  suggestion->game = g_strdup (PQgetvalue (result, r, 1));
  suggestion->incoming = strcmp (PQgetvalue (result, r, 2), "t") == 0;
  suggestion->from = g_strdup (PQgetvalue (result, r, 3));
  suggestion->to = g_strdup (PQgetvalue (result, r, 4));
  suggestion->version = g_ascii_strtoll (PQgetvalue (result, r, 5), NULL, 10);
  suggestion->kind = LW_EDIT_REPLACE;
  for (guint k = 0; k < G_N_ELEMENTS (kind_names); k++)
    if (strcmp (kind, kind_names[k]) == 0)
      suggestion->kind = (LwEditKind) k;
  suggestion->number = (guint) g_ascii_strtoull (PQgetvalue (result, r, 7), NULL, 10);
  suggestion->round = PQgetisnull (result, r, 8) ? NULL : g_strdup (PQgetvalue (result, r, 8));
  suggestion->state = g_strdup (PQgetvalue (result, r, 9));
  suggestion->made = g_ascii_strtoll (PQgetvalue (result, r, 10), NULL, 10);
  if (!lw_store_club_find_game (store, 0, &suggestion->game, &suggestion->local, NULL, NULL, error))
    return NULL;
  return g_steal_pointer (&suggestion);
}

GPtrArray *
lw_club_list_suggestions (LwStore   *store,
                          guint      offset,
                          guint      limit,
                          gboolean  *more,
                          GError   **error)
{
  g_autoptr (PGconn) conn = NULL;
  g_autoptr (PGresult) result = NULL;
  g_autoptr (GPtrArray) suggestions = NULL;
  g_autofree char *offset_text = NULL;
  g_autofree char *limit_text = NULL;
  int n_rows;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (more != NULL)
    *more = FALSE;
  limit = CLAMP (limit, 1, LW_CLUB_SUGGESTIONS_MAX_PAGE);
  conn = connect_for_suggestions (store, NULL, error);
  if (conn == NULL)
    return NULL;
  offset_text = g_strdup_printf ("%u", offset);
  /* One more than the page: whether more are left. */
  limit_text = g_strdup_printf ("%u", limit + 1);
  /* Row-level security shows this laptop's own only: those it sent and
   * those aimed at it. */
  {
    const char *values[] = { offset_text, limit_text };

    result = lw_club_exec (conn, "reading the suggestions",
                           SUGGESTION_COLUMNS " ORDER BY s.id DESC OFFSET $1 LIMIT $2",
                           2, values, PGRES_TUPLES_OK, error);
  }
  if (result == NULL)
    return NULL;
  n_rows = MIN (PQntuples (result), (int) limit);
  if (more != NULL)
    *more = PQntuples (result) > (int) limit;
  suggestions = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_suggestion_free);
  for (int r = 0; r < n_rows; r++)
    {
      LwClubSuggestion *suggestion = read_suggestion (store, result, r, error);

      if (suggestion == NULL)
        return NULL;
      g_ptr_array_add (suggestions, suggestion);
    }
  return g_steal_pointer (&suggestions);
}

/* Applies open @suggestion to its game here, as this laptop's own
 * correction (one local transaction). */
static gboolean
apply_suggestion (LwStore                 *store,
                  const LwClubSuggestion  *suggestion,
                  GError                 **error)
{
  g_autoptr (LwStoredGame) stored = NULL;
  g_autoptr (LwRound) round = NULL;
  g_autofree char *owner = NULL;
  g_autofree char *uuid = g_strdup (suggestion->game);
  gint64 id = 0;
  gint64 version = 0;

  if (!lw_store_club_find_game (store, 0, &uuid, &id, &owner, &version, error))
    return FALSE;
  if (id == 0 || owner != NULL)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "suggestion %" G_GINT64_FORMAT ": its game %s is not one of this laptop's here",
                   suggestion->id, suggestion->game);
      return FALSE;
    }
  if (version != suggestion->version)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT " changed since suggestion %" G_GINT64_FORMAT
                   " was made (version %" G_GINT64_FORMAT ", now %" G_GINT64_FORMAT
                   "): decline it", id, suggestion->id, suggestion->version, version);
      return FALSE;
    }
  if (suggestion->kind == LW_EDIT_DELETE)
    return lw_store_delete_round (store, id, suggestion->number, error);
  stored = lw_store_load_game (store, id, error);
  if (stored == NULL)
    return FALSE;
  round = lw_round_from_json (stored->record, suggestion->round, -1, suggestion->number, error);
  if (round == NULL)
    return FALSE;
  if (suggestion->kind == LW_EDIT_INSERT)
    return lw_store_insert_round (store, id, suggestion->number, round, error);
  return lw_store_replace_round (store, id, suggestion->number, round, error);
}

gboolean
lw_club_decide_suggestion (LwStore   *store,
                           gint64     id,
                           gboolean   accept,
                           GError   **error)
{
  g_autoptr (PGconn) conn = NULL;
  g_autoptr (PGresult) held = NULL;
  g_autoptr (PGresult) decided = NULL;
  g_autoptr (LwClubSuggestion) suggestion = NULL;
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  const char *values[] = { number, accept ? "accepted" : "declined" };
  gboolean definer;
  int schema = 0;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (store), FALSE);
  g_return_val_if_fail (id > 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  conn = connect_for_suggestions (store, NULL, error);
  if (conn == NULL)
    return FALSE;
  if (!lw_club_read_version (conn, &schema, error))
    return FALSE;
  definer = schema >= LW_CLUB_SCHEMA_DEFINER;
  held = lw_club_exec (conn, "starting a decision", "BEGIN", 0, NULL, PGRES_COMMAND_OK, error);
  if (held == NULL)
    return FALSE;
  g_clear_pointer (&held, PQclear);
  /* Schema 6: littlewolf.decide_suggestion() decides it first and holds
   * its row until the commit (a laptop may not lock rows itself). */
  if (definer)
    {
      decided = lw_club_exec (conn, "noting the decision",
                              "SELECT littlewolf.decide_suggestion ($1, $2)",
                              2, values, PGRES_TUPLES_OK, error);
      if (decided == NULL)
        {
          lw_club_rollback (conn);
          return FALSE;
        }
    }
  if (decided == NULL || strcmp (PQgetvalue (decided, 0, 0), "t") == 0)
    held = lw_club_exec (conn, "reading the suggestion",
                         definer
                         ? SUGGESTION_COLUMNS " WHERE s.id = $1 AND s.target = littlewolf.my_origin ()"
                         : SUGGESTION_COLUMNS " WHERE s.id = $1 AND s.state = 'open'"
                           " AND s.target = littlewolf.my_origin () FOR UPDATE OF s",
                         1, values, PGRES_TUPLES_OK, error);
  else
    held = PQmakeEmptyPGresult (conn, PGRES_TUPLES_OK);
  ok = held != NULL;
  if (ok && PQntuples (held) != 1)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "club server: no open suggestion %" G_GINT64_FORMAT
                   " for this laptop's games (club suggestions)", id);
      ok = FALSE;
    }
  ok = ok && (suggestion = read_suggestion (store, held, 0, error)) != NULL;
  ok = ok && (!accept || apply_suggestion (store, suggestion, error));
  g_clear_pointer (&decided, PQclear);
  ok = ok && (definer
              || (decided = lw_club_exec (conn, "noting the decision",
                                          "UPDATE littlewolf.suggestions SET state = $2,"
                                          " decided = now () WHERE id = $1",
                                          2, values, PGRES_COMMAND_OK, error)) != NULL);
  g_clear_pointer (&decided, PQclear);
  ok = ok && (decided = lw_club_exec (conn, "committing the decision", "COMMIT", 0, NULL,
                                      PGRES_COMMAND_OK, error)) != NULL;
  if (!ok && PQtransactionStatus (conn) != PQTRANS_IDLE)
    {
      g_autoptr (PGresult) rollback = PQexec (conn, "ROLLBACK");
    }
  return ok;
}
