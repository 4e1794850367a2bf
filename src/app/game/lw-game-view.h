/* lw-game-view.h — one stored game as the views show it, read once per
 * change
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "lw-store.h"
#include "lw-store-watch.h"

G_BEGIN_DECLS

#define LW_TYPE_GAME_VIEW (lw_game_view_get_type ())
G_DECLARE_FINAL_TYPE (LwGameView, lw_game_view, LW, GAME_VIEW, GObject)

/**
 * lw_game_view_new:
 * @watch: the watch of the store the game is in; the view keeps a
 *   reference
 *
 * A view of no game yet: lw_game_view_load() chooses one. From then on,
 * each batch of changes that may touch the game (#LwStoreWatch::game-changed
 * for its ID or 0, #LwStoreWatch::all-changed) reads it again once, at
 * #LwStoreWatch::done, and emits #LwGameView::changed; the board, the
 * history, the round form, the chart and the edit log all show that one
 * reading. A game that only grew by rounds is scored from the standings
 * before (lw_standings_extend()), not replayed.
 *
 * Returns: (transfer full): the view.
 */
LwGameView *lw_game_view_new (LwStoreWatch *watch);

/**
 * lw_game_view_load:
 * @self: a view
 * @id: a stored game's ID
 * @error: return location for a #GError
 *
 * Reads game @id now: its record, standings (docs/rules/SCORING.md, one replay),
 * who sat in each seat round by round, its rounds' penalties, the rounds
 * locked against phones and its last change (for Undo). Emits nothing: the
 * caller shows what it asked for. On error the view keeps what it held.
 *
 * Errors: those of lw_store_load_game() (%LW_STORE_ERROR_NOT_FOUND for a
 * game not there) and lw_standings_compute().
 *
 * Returns: %TRUE when read.
 */
gboolean lw_game_view_load (LwGameView  *self,
                            gint64       id,
                            GError     **error);

/**
 * lw_game_view_take_game:
 * @self: a view
 * @game: (transfer full) (nullable): the game as its writer just stored
 *   it, read inside the write's transaction (lw_store_append_round_read_back())
 *
 * The next reading of @game's ID (lw_game_view_load(), or the watch's
 * #LwStoreWatch::done after the write) takes @game instead of reading it
 * from the file again; a batch of changes that does not touch the view's
 * game drops it. The writer tells its change at once afterwards
 * (lw_store_watch_flush()).
 */
void lw_game_view_take_game (LwGameView   *self,
                             LwStoredGame *game);

/** Returns: the game's ID, 0 before the first lw_game_view_load(). */
gint64 lw_game_view_get_id (LwGameView *self);

/** Returns: (transfer none) (nullable): the stored game (record, details). */
const LwStoredGame *lw_game_view_get_game (LwGameView *self);

/** Returns: (transfer none) (nullable): the game's standings. */
const LwStandings *lw_game_view_get_standings (LwGameView *self);

/**
 * lw_game_view_get_round_players:
 *
 * Returns: (transfer none) (nullable) (element-type GStrv): per round, who
 *   sat in each seat (lw_store_list_round_players_of()).
 */
GPtrArray *lw_game_view_get_round_players (LwGameView *self);

/**
 * lw_game_view_get_penalties:
 *
 * Returns: (transfer none) (nullable) (element-type LwStoredPenalty): the
 *   stored rounds' penalties (lw_store_list_penalties()).
 */
GPtrArray *lw_game_view_get_penalties (LwGameView *self);

/**
 * lw_game_view_is_round_locked:
 * @self: a view
 * @number: a round
 *
 * Returns: whether the director locked round @number against corrections
 *   from phones (lw_store_set_round_locked()).
 */
gboolean lw_game_view_is_round_locked (LwGameView *self,
                                       guint       number);

/**
 * lw_game_view_get_last_edit:
 *
 * Returns: (transfer none) (nullable): the change Undo would take back
 *   (lw_store_get_last_edit()), %NULL when none.
 */
const LwLoggedEdit *lw_game_view_get_last_edit (LwGameView *self);

G_END_DECLS
