/* lw-store-players.h — players as people: the list of every stored
 * player, rename, merge (and its undo) and delete
 *
 * A player is one row of the players table; games' seats, substitutes
 * (seat_changes) and event entrants point at it by ID, so a rename or a
 * merge changes every game, event, result and rating at once. Each
 * function is one write transaction: on any error nothing is written.
 * Names follow the names rule (lw_name_normalize(), docs/rules/GAME-RECORD.md
 * "Names") and are compared as stored (NFC, trimmed).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * LwStoredPlayer:
 * @id: the player's ID, > 0
 * @name: (transfer full): the name, as stored
 * @n_games: stored games the player sits in or substitutes in, ≥ 0
 * @n_events: events the player is entered in, ≥ 0
 */
typedef struct {
  gint64  id;
  char   *name;
  guint   n_games;
  guint   n_events;
} LwStoredPlayer;

void lw_stored_player_free (LwStoredPlayer *player);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwStoredPlayer, lw_stored_player_free)

/**
 * lw_store_list_players:
 * @self: a store
 * @error: return location for a #GError
 *
 * Every stored player, with and without games (a name typed into an
 * event that was deleted since stays until it is deleted), sorted by
 * name case-insensitively as lw_store_list_player_names() sorts.
 *
 * Errors: a %LW_STORE_ERROR.
 * Returns: (transfer full) (element-type LwStoredPlayer) (nullable): the
 *   players, %NULL on error.
 */
GPtrArray *lw_store_list_players (LwStore  *self,
                                  GError  **error);

/**
 * lw_store_rename_player:
 * @self: a store
 * @old_name: the stored player's name (compared after the names rule)
 * @new_name: the new name, by the names rule (stored trimmed, in NFC)
 * @error: return location for a #GError
 *
 * Renames the player everywhere: every game, substitution and event
 * entry follows, as they point at the player. The rename is noted in
 * the edit log of each game concerned (kind "rename", which Undo leaves
 * alone), the snapshots of deleted games get the new name so that they
 * still come back, and so do the logged substitutions (undoing one seats
 * the player as now named). Renaming to the same name changes nothing.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a name the rule refuses ("the new
 * name is 101 characters; at most 100"); %LW_STORE_ERROR_NOT_FOUND ("no
 * player named “Ann”"); %LW_STORE_ERROR_INVALID when another player has
 * the new name ("a player named “Ann” exists already: merge the two
 * instead"); another %LW_STORE_ERROR.
 * Returns: %TRUE when renamed.
 */
gboolean lw_store_rename_player (LwStore     *self,
                                 const char  *old_name,
                                 const char  *new_name,
                                 GError     **error);

/**
 * LwPlayerMerge:
 *
 * What lw_store_merge_players() changed, for lw_store_unmerge_players():
 * opaque; free with lw_player_merge_free().
 */
typedef struct _LwPlayerMerge LwPlayerMerge;

void lw_player_merge_free (LwPlayerMerge *merge);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwPlayerMerge, lw_player_merge_free)

/**
 * lw_store_merge_players:
 * @self: a store
 * @from_name: the player who goes (compared after the names rule)
 * @into_name: the player who stays, another one
 * @merge: (out) (optional) (transfer full): what was changed, for
 *   lw_store_unmerge_players()
 * @error: return location for a #GError
 *
 * Two entries that are one person become one, in one transaction: the
 * seats of @from_name's games, the substitutions (seat_changes) in or out
 * of them and the event entries point at @into_name from then on, so the
 * games' results, the events' standings and the ratings are those of one
 * player; the player @from_name is removed. Each game concerned notes it
 * in its edit log (kind "rename"), its cached result is dropped (replayed
 * on the next read), and the snapshots of deleted games and the logged
 * substitutions name @into_name.
 *
 * Refused, with nothing written, when it would seat one person twice:
 * in a game both sit in or substitute in, or at an event both entered.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND ("no player named “Ann”");
 * %LW_STORE_ERROR_INVALID for the same player twice, or for a game or an
 * event of both ("Ann and Anne both play in game 12: one person cannot
 * sit twice at one table"); %LW_ENGINE_ERROR_INVALID for a name the rule
 * refuses; another %LW_STORE_ERROR.
 * Returns: %TRUE when merged.
 */
gboolean lw_store_merge_players (LwStore        *self,
                                 const char     *from_name,
                                 const char     *into_name,
                                 LwPlayerMerge **merge,
                                 GError        **error);

/**
 * lw_store_unmerge_players:
 * @self: a store
 * @merge: what lw_store_merge_players() returned
 * @error: return location for a #GError
 *
 * Undoes the merge, in one transaction: the player comes back with its
 * ID and name, and the seats, substitutions, event entries, deleted
 * games' snapshots and logged substitutions it had name it again (the app's Undo right after
 * a merge). Each game concerned notes it in its edit log.
 *
 * Errors: %LW_STORE_ERROR_CHANGED when the database changed in a way
 * that is in the way (the name was taken meanwhile, a moved seat or entry
 * no longer names the merged player); another %LW_STORE_ERROR.
 * Returns: %TRUE when undone.
 */
gboolean lw_store_unmerge_players (LwStore        *self,
                                   LwPlayerMerge  *merge,
                                   GError        **error);

/**
 * lw_store_delete_player:
 * @self: a store
 * @name: the player's name (compared after the names rule)
 * @error: return location for a #GError
 *
 * Deletes a player with no stored game, substitution or event entry
 * (e.g. a name typed into an event that was deleted since).
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND; %LW_STORE_ERROR_INVALID when the
 * player has games or events ("Ann has 3 games and 1 event: rename or
 * merge instead"); another %LW_STORE_ERROR.
 * Returns: %TRUE when deleted.
 */
gboolean lw_store_delete_player (LwStore     *self,
                                 const char  *name,
                                 GError     **error);

G_END_DECLS
