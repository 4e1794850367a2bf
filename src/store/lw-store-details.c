/* lw-store-details.c — a game's details: notes, when and where it was
 * played, the King and Knave house rule
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-json-text.h"
#include "lw-store-private.h"

/* ------------------------------------------------------------------ */
/* Game details                                                         */
/* ------------------------------------------------------------------ */

char *
lw_store_notes_json (const char *notes)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  lw_json_builder_add_nullable_string (builder, "notes", notes);
  json_builder_end_object (builder);
  return lw_json_builder_to_text (builder);
}

char *
lw_store_details_json (gint64      played_at,
                       const char *place)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "played_at");
  if (played_at == 0)
    json_builder_add_null_value (builder);
  else
    json_builder_add_int_value (builder, played_at);
  lw_json_builder_add_nullable_string (builder, "place", place);
  json_builder_end_object (builder);
  return lw_json_builder_to_text (builder);
}

static const char *
empty_to_null (const char *text)
{
  return text != NULL && *text != '\0' ? text : NULL;
}

/* Changes game @id's notes (@kind "notes": @played_at and @place are
 * kept as stored) or its date and place (@kind "details": @notes is kept)
 * in one write transaction: the details written, the change logged as
 * @kind with the facts before and after, the game's row of the result
 * cache written. */
static gboolean
change_details (LwStore     *self,
                gint64       id,
                const char  *kind,
                const char  *notes,
                gint64       played_at,
                const char  *place,
                GError     **error)
{
  g_autoptr (LwStoredGame) game = lw_store_begin_game_change (self, id, error);
  g_autofree char *old_json = NULL;
  g_autofree char *new_json = NULL;

  if (game == NULL)
    return FALSE;
  if (g_str_equal (kind, "notes"))
    {
      old_json = lw_store_notes_json (game->notes);
      new_json = lw_store_notes_json (notes);
      played_at = game->played_at;
      place = game->place;
    }
  else
    {
      old_json = lw_store_details_json (game->played_at, game->place);
      new_json = lw_store_details_json (played_at, place);
      notes = game->notes;
    }
  return lw_store_finish (self,
                          lw_store_write_details (self, id, notes, played_at, place, error)
                          && lw_store_log_edit (self, id, kind, 0, old_json, new_json, error)
                          && lw_store_cache_result (self, id, game->record, NULL, error),
                          error);
}

gboolean
lw_store_set_game_notes (LwStore     *self,
                         gint64       id,
                         const char  *notes,
                         GError     **error)
{
  g_autofree char *clean = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* docs/rules/GAME-RECORD.md "Names": notes */
  clean = lw_notes_normalize (notes, "notes", error);
  if (clean == NULL)
    return FALSE;
  return change_details (self, id, "notes", empty_to_null (clean), 0, NULL, error);
}

gboolean
lw_store_set_game_details (LwStore     *self,
                           gint64       id,
                           gint64       played_at,
                           const char  *place,
                           GError     **error)
{
  g_autofree char *clean = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* docs/rules/GAME-RECORD.md "Names": a place is a name */
  place = empty_to_null (place);
  if (place != NULL && (clean = lw_name_normalize (place, "place", error)) == NULL)
    return FALSE;
  return change_details (self, id, "details", NULL, played_at, clean, error);
}

gboolean
lw_store_set_game_king_and_knave (LwStore   *self,
                                  gint64     id,
                                  gboolean   king_and_knave,
                                  GError   **error)
{
  g_autoptr (LwStoredGame) game = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  game = lw_store_begin_game_change (self, id, error);
  if (game == NULL)
    return FALSE;
  if (game->record->ruleset != LW_RULESET_GARWOLF && king_and_knave)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT ": King and Knave is a Garwolf house rule", id);
      return lw_store_finish (self, FALSE, error);
    }
  return lw_store_finish (self, lw_store_write_king_and_knave (self, id, king_and_knave, error),
                          error);
}
