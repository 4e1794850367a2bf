/* lw-store-details.h — a game's details: notes, when and where it was played,
 * the King and Knave house rule (schemas 2 and 3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * lw_store_set_game_notes:
 * @self: a store
 * @id: a game ID
 * @notes: (nullable): free text, UTF-8, lines allowed, up to 10,000
 *   characters (lw_notes_normalize(), stored in NFC); %NULL or "" removes
 *   the notes
 * @error: return location for a #GError
 *
 * Read back as #LwStoredGame's notes. Logged as "notes".
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for notes the rule refuses ("notes: 10001
 * characters; at most 10000"), %LW_STORE_ERROR_NOT_FOUND, or another
 * %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_set_game_notes (LwStore     *self,
                                  gint64       id,
                                  const char  *notes,
                                  GError     **error);

/**
 * lw_store_set_game_details:
 * @self: a store
 * @id: a game ID
 * @played_at: when it was played, seconds since 1970 (UTC); 0 for not given
 * @place: (nullable): where; %NULL or "" for not given; a name by the
 *   names rule (lw_name_normalize(), docs/rules/GAME-RECORD.md "Names"), stored in NFC
 * @error: return location for a #GError
 *
 * Read back as #LwStoredGame's played_at and place. Logged as "details".
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a place the names rule refuses
 * ("place holds a control character (a tab)"), %LW_STORE_ERROR_NOT_FOUND,
 * or another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_set_game_details (LwStore     *self,
                                    gint64       id,
                                    gint64       played_at,
                                    const char  *place,
                                    GError     **error);

/**
 * lw_store_set_game_king_and_knave:
 * @self: a store
 * @id: a game ID
 * @king_and_knave: whether the game is played with Garwolf's King and
 *   Knave house rule (SCORING G3): no passing in the first hand, then the
 *   hand's top and bottom scorers exchange two cards
 * @error: return location for a #GError
 *
 * Read back as #LwStoredGame's king_and_knave (schema 3); kept in the copy
 * of a deleted game, so lw_store_restore_game() brings it back. The game
 * record and its JSON are unchanged. Set right after lw_store_add_game(),
 * or changed later (the game's details); not logged: it changes which
 * cards are passed, never a score.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND; %LW_STORE_ERROR_INVALID when
 *   @king_and_knave is %TRUE for a Little Wolf game; or another
 *   %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_set_game_king_and_knave (LwStore   *self,
                                           gint64     id,
                                           gboolean   king_and_knave,
                                           GError   **error);

G_END_DECLS
