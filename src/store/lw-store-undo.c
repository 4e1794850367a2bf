/* lw-store-undo.c — undo and revert: each kind of entry of the edit log
 * taken back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-json-text.h"
#include "lw-store-private.h"

/* ------------------------------------------------------------------ */
/* Undo                                                                 */
/* ------------------------------------------------------------------ */

static gboolean
mark_undone (LwStore  *self,
             gint64    entry_id,
             GError  **error)
{
  return lw_store_run2 (self, "UPDATE edits SET undone_at = ?2 WHERE id = ?1",
               entry_id, g_get_real_time (), error);
}

/* The seat, first round and name of one side of a substitute's log entry;
 * @gives_back tells a revert of a substitute (the seat given back). */
static gboolean
parse_seat_json (LwStore      *self,
                 gint64        id,
                 const char   *json,
                 gint64       *seat,
                 gint64       *from_round,
                 char        **name,
                 gboolean     *gives_back,
                 GError      **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  JsonObject *object;

  if (json == NULL
      || lw_json_parse_checked (parser, json, -1, "an edit's JSON", NULL) == NULL
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return lw_store_damaged_log (self, id, error);
  object = json_node_get_object (json_parser_get_root (parser));
  *seat = json_object_get_int_member_with_default (object, "seat", -1);
  *from_round = json_object_get_int_member_with_default (object, "from_round", 0);
  *name = g_strdup (json_object_get_string_member_with_default (object, "name", ""));
  if (gives_back != NULL)
    *gives_back = json_object_get_boolean_member_with_default (object, "gives_back", FALSE);
  return TRUE;
}

static gboolean
set_seat_player (LwStore  *self,
                 gint64    id,
                 gint64    seat,
                 gint64    player,
                 GError  **error)
{
  return lw_store_run3 (self, "UPDATE game_seats SET player = ?1 WHERE game = ?2 AND seat = ?3",
               player, id, seat, error);
}

/* Reverts a substitute of @seat from round @from_round: @name, the seat's
 * earlier player, sits again, and the seat change is forgotten. */
static gboolean
give_seat_back (LwStore     *self,
                gint64       id,
                gint64       seat,
                gint64       from_round,
                const char  *name,
                GError     **error)
{
  gint64 player = 0;

  return lw_store_player_id (self, name, &player, error)
         && set_seat_player (self, id, seat, player, error)
         && lw_store_run3 (self, "DELETE FROM seat_changes WHERE id = (SELECT max (id) FROM seat_changes"
                        " WHERE game = ?1 AND seat = ?2 AND from_round = ?3)",
                  id, seat, from_round, error);
}

/* @new_name takes @seat from @old_name from round @from_round again (a
 * seat given back is taken again). */
gboolean
lw_store_take_seat (LwStore     *self,
                    gint64       id,
                    gint64       seat,
                    gint64       from_round,
                    const char  *old_name,
                    const char  *new_name,
                    GError     **error)
{
  gint64 old_player = 0, new_player = 0;

  if (!lw_store_player_id (self, old_name, &old_player, error)
      || !lw_store_player_id (self, new_name, &new_player, error)
      || !set_seat_player (self, id, seat, new_player, error))
    return FALSE;
  return lw_store_insert_seat_change (self, id, seat, from_round, old_player, new_player,
                             g_get_real_time () / G_USEC_PER_SEC, error);
}


/* Reverts a substitute entry: the seat's earlier player sits again, or, for
 * an entry that gave the seat back, the substitute sits again. With @log,
 * the revert is logged as a new "substitute" entry (lw_store_revert_edit()),
 * after checking that the seat's player is still the one the entry left. */
static gboolean
undo_substitute (LwStore             *self,
                 gint64               id,
                 const LwLoggedEdit  *entry,
                 gboolean             log,
                 GError             **error)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *old_json = NULL;
  g_autofree char *new_json = NULL;
  gint64 seat, from_round, seat2, from2;
  gboolean gives_back = FALSE;

  if (!parse_seat_json (self, id, entry->old_json, &seat, &from_round, &before, NULL, error)
      || !parse_seat_json (self, id, entry->new_json, &seat2, &from2, &after, &gives_back, error))
    return FALSE;

  if (log)
    {
      g_autoptr (LwStoredGame) game = lw_store_load_game_as_stored (self, id, error);

      if (game == NULL)
        return FALSE;
      if (seat < 0 || seat >= (int) game->record->n_players)
        return lw_store_damaged_log (self, id, error);
      if (!lw_names_equal (game->record->players[seat], after))
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                       "seat %" G_GINT64_FORMAT ": %s sits there now, not %s; revert the later"
                       " change of the seat first", seat + 1, game->record->players[seat], after);
          return FALSE;
        }
      old_json = lw_store_seat_json ((int) seat, (guint) from_round, after, FALSE);
      new_json = lw_store_seat_json ((int) seat, (guint) from_round, before, !gives_back);
      if (!lw_store_log_edit (self, id, "substitute", (guint) from_round, old_json, new_json, error))
        return FALSE;
    }

  if (gives_back)
    return lw_store_take_seat (self, id, seat, from_round, after, before, error);
  return give_seat_back (self, id, seat, from_round, before, error);
}


/* Reverts a "notes" or "details" entry: the game's notes, or its date and
 * place, as they were before it. With @log, logged as a new entry of the
 * same kind (lw_store_revert_edit()). */
static gboolean
undo_details (LwStore             *self,
              gint64               id,
              const LwLoggedEdit  *entry,
              gboolean             log,
              GError             **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (LwStoredGame) game = lw_store_load_game_as_stored (self, id, error);
  g_autofree char *now_json = NULL;
  const char *notes, *place;
  gint64 played_at;
  JsonObject *object;

  if (game == NULL)
    return FALSE;
  if (entry->old_json == NULL
      || lw_json_parse_checked (parser, entry->old_json, -1, "an edit's JSON", NULL) == NULL
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return lw_store_damaged_log (self, id, error);
  object = json_node_get_object (json_parser_get_root (parser));

  notes = game->notes;
  played_at = game->played_at;
  place = game->place;
  if (g_str_equal (entry->kind, "notes"))
    {
      notes = json_object_get_null_member (object, "notes")
                ? NULL : json_object_get_string_member_with_default (object, "notes", NULL);
      now_json = lw_store_notes_json (game->notes);
    }
  else
    {
      played_at = json_object_get_null_member (object, "played_at")
                    ? 0 : json_object_get_int_member_with_default (object, "played_at", 0);
      place = json_object_get_null_member (object, "place")
                ? NULL : json_object_get_string_member_with_default (object, "place", NULL);
      now_json = lw_store_details_json (game->played_at, game->place);
    }
  return lw_store_write_details (self, id, notes, played_at, place, error)
         && (!log || lw_store_log_edit (self, id, entry->kind, 0, now_json, entry->old_json, error));
}

/* Whether round @number of @game has the facts of @json (a round of the
 * log), its dealer check aside (edits before it may have rewritten it). */
static gboolean
round_is (const LwStoredGame  *game,
          guint                number,
          const char          *json)
{
  g_autoptr (LwRound) logged = NULL;
  g_autoptr (LwRound) now = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  if (json == NULL || number < 1 || number > game->record->rounds->len)
    return FALSE;
  logged = lw_round_from_json (game->record, json, -1, number, NULL);
  if (logged == NULL)
    return FALSE;
  now = lw_round_copy (g_ptr_array_index (game->record->rounds, number - 1));
  logged->dealer = now->dealer = LW_NO_SEAT;
  a = lw_round_to_json (game->record, logged);
  b = lw_round_to_json (game->record, now);
  return g_str_equal (a, b);
}

/* Reverts log entry @entry of game @id; inside a write transaction. Without
 * @log (Undo) the entry is then marked undone by the caller; with @log
 * (lw_store_revert_edit()) the revert is checked against the game as it is
 * now and logged as a new entry, and the caller writes the result cache. */
static gboolean
undo_entry (LwStore             *self,
            gint64               id,
            const LwLoggedEdit  *entry,
            gboolean             log,
            GError             **error)
{
  const char *kind = entry->kind;

  if (g_str_equal (kind, "delete_game"))
    return lw_store_restore_snapshot (self, id, entry->old_json, error);
  if (g_str_equal (kind, "substitute"))
    return undo_substitute (self, id, entry, log, error);
  if (g_str_equal (kind, "notes") || g_str_equal (kind, "details"))
    return undo_details (self, id, entry, log, error);

  {
    g_autoptr (LwStoredGame) game = lw_store_load_game_as_stored (self, id, error);
    g_autoptr (LwRound) round = NULL;
    gboolean removes = g_str_equal (kind, "append_round") || g_str_equal (kind, "insert_round");
    LwEdit edit = { LW_EDIT_DELETE, entry->number, NULL };

    if (game == NULL)
      return FALSE;
    /* A revert takes away or overwrites the round the change left: only
     * while it is still there. */
    if (log && !g_str_equal (kind, "delete_round") && !round_is (game, entry->number, entry->new_json))
      {
        g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                     "round %u is no longer the round this change left (it was changed,"
                     " moved or deleted since): revert the later changes first", entry->number);
        return FALSE;
      }
    if (!removes)
      {
        /* replace_round, delete_round: the old round comes back. */
        edit.kind = g_str_equal (kind, "replace_round") ? LW_EDIT_REPLACE : LW_EDIT_INSERT;
        round = lw_round_from_json (game->record, entry->old_json != NULL ? entry->old_json : "",
                                    -1, entry->number, NULL);
        if (round == NULL)
          return lw_store_damaged_log (self, id, error);
        edit.round = round;
      }
    return lw_store_edit_rounds (self, id, &edit, log ? lw_edit_kind_to_string (edit.kind) : NULL, error)
           /* A virtual table's round taken back comes back with its log. */
           && (!g_str_equal (kind, "delete_round")
               || lw_store_run3 (self,
                                 "INSERT OR REPLACE INTO virtual_round_logs (game, number, log)"
                                 " SELECT ?1, ?2, log FROM taken_back_logs WHERE edit = ?3",
                                 id, entry->number, entry->id, error));
  }
}

/* The game's latest entry not undone (of @kind when not NULL). */
static LwLoggedEdit *
last_entry (LwStore     *self,
            gint64       id,
            const char  *kind,
            GError     **error)
{
  g_autoptr (GPtrArray) entries = lw_store_list_edits (self, id, error);

  if (entries == NULL)
    return NULL;
  for (guint i = entries->len; i > 0; i--)
    {
      LwLoggedEdit *entry = g_ptr_array_index (entries, i - 1);

      /* A rename of the names rule's migration is not a change to undo. */
      if (entry->undone != 0 || g_str_equal (entry->kind, "rename"))
        continue;
      if (kind != NULL && !g_str_equal (entry->kind, kind))
        break;
      return g_ptr_array_steal_index (entries, i - 1);
    }
  if (kind != NULL)
    g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                 "no deleted game with ID %" G_GINT64_FORMAT " to restore", id);
  else
    g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOTHING_TO_UNDO,
                 "game %" G_GINT64_FORMAT ": no change to undo", id);
  return NULL;
}

static gboolean
undo_last (LwStore     *self,
           gint64       id,
           const char  *kind,
           GError     **error)
{
  g_autoptr (LwLoggedEdit) entry = NULL;

  if (!lw_store_begin_write (self, error))
    return FALSE;
  entry = last_entry (self, id, kind, error);
  return lw_store_finish (self,
                          entry != NULL
                          && undo_entry (self, id, entry, FALSE, error)
                          && mark_undone (self, entry->id, error)
                          && lw_store_rounds_changed_of (self, id, error),
                          error);
}

gboolean
lw_store_undo_last_edit (LwStore  *self,
                         gint64    id,
                         GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return undo_last (self, id, NULL, error);
}

gboolean
lw_store_restore_game (LwStore  *self,
                       gint64    id,
                       GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return undo_last (self, id, "delete_game", error);
}

LwLoggedEdit *
lw_store_get_last_edit (LwStore  *self,
                        gint64    id,
                        GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return last_entry (self, id, NULL, error);
}

gboolean
lw_store_revert_edit (LwStore  *self,
                      gint64    id,
                      gint64    entry_id,
                      GError  **error)
{
  g_autoptr (GPtrArray) entries = NULL;
  const LwLoggedEdit *entry = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  entries = lw_store_list_edits (self, id, error);
  if (entries == NULL)
    return lw_store_finish (self, FALSE, error);
  for (guint i = 0; i < entries->len && entry == NULL; i++)
    if (((LwLoggedEdit *) g_ptr_array_index (entries, i))->id == entry_id)
      entry = g_ptr_array_index (entries, i);

  if (entry == NULL)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT ": no change %" G_GINT64_FORMAT " in its edit log",
                   id, entry_id);
      return lw_store_finish (self, FALSE, error);
    }
  if (entry->undone != 0)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "change %" G_GINT64_FORMAT " was undone already", entry_id);
      return lw_store_finish (self, FALSE, error);
    }
  if (g_str_equal (entry->kind, "rename"))
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "change %" G_GINT64_FORMAT ": a rename to follow the names rule is not reverted",
                   entry_id);
      return lw_store_finish (self, FALSE, error);
    }

  /* A deletion of the game has no entry to log its revert as: the game
   * comes back and the deletion is marked undone, as with Undo. */
  if (g_str_equal (entry->kind, "delete_game"))
    {
      if (!undo_entry (self, id, entry, FALSE, error) || !mark_undone (self, entry->id, error))
        return lw_store_finish (self, FALSE, error);
    }
  else if (!undo_entry (self, id, entry, TRUE, error))
    return lw_store_finish (self, FALSE, error);

  return lw_store_finish (self, lw_store_rounds_changed_of (self, id, error), error);
}

gboolean
lw_store_replace_round_ending_game (LwStore        *self,
                                    gint64          id,
                                    guint           number,
                                    const LwRound  *round,
                                    guint          *end,
                                    GError        **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  LwEdit edit = { LW_EDIT_REPLACE, number, round };
  guint last = 0;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  game = lw_store_begin_game_change (self, id, error);
  if (game == NULL)
    return FALSE;
  if (number >= 1 && number <= game->record->rounds->len
      && lw_edit_ends_game_at (game->record, &edit, &last))
    {
      /* The later rounds go one by one from the last, each in the log
       * (so each can be brought back); then the round is corrected. */
      for (guint n = game->record->rounds->len; n > last; n--)
        {
          LwEdit deletion = { LW_EDIT_DELETE, n, NULL };

          if (!lw_store_edit_rounds (self, id, &deletion, lw_edit_kind_to_string (LW_EDIT_DELETE), error))
            return lw_store_finish (self, FALSE, error);
        }
    }
  if (!lw_store_finish (self,
                        lw_store_edit_rounds (self, id, &edit,
                                              lw_edit_kind_to_string (LW_EDIT_REPLACE), error),
                        error))
    return FALSE;
  if (end != NULL)
    *end = last;
  return TRUE;
}
