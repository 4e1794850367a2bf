/* lw-club-resolve.h — a game waiting in a conflict, in the app
 * (docs/CLUB-SERVER.md "Ownership and conflicts"): lw_club_list_conflicts()
 * and lw_club_resolve_conflict() on worker threads, and a conflict in
 * words for the Club page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-club.h"

G_BEGIN_DECLS

/**
 * LwClubConflictItem:
 * @conflict: (transfer full): the conflict as the server names it
 * @title: (transfer full): the game's sides ("Ann vs Ben"), or "Game 12"
 *   when it cannot be read
 * @subtitle: (transfer full): who shared the same game first, and what
 *   that means here: "“Front desk” shared the same game first, so this
 *   copy is not shared · Game 12 here"
 * @owner: (transfer full): the other laptop's name, isolated for a
 *   sentence (lw_isolate_name())
 *
 * One conflict in the words of the Club page.
 */
typedef struct {
  LwClubConflict *conflict;
  char           *title;
  char           *subtitle;
  char           *owner;
} LwClubConflictItem;

void lw_club_conflict_item_free (LwClubConflictItem *item);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwClubConflictItem, lw_club_conflict_item_free)

/**
 * lw_club_list_conflicts_async:
 * @store: the window's store (a club laptop)
 * @cancellable: (nullable): cancels the wait for the result
 * @callback: called in the caller's thread-default main context
 * @user_data: for @callback
 *
 * lw_club_list_conflicts() and each conflict put into words
 * (#LwClubConflictItem), on a worker thread with a connection of its own
 * (lw_club_task_on_another()).
 */
void lw_club_list_conflicts_async (LwStore             *store,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data);

/**
 * lw_club_list_conflicts_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError: lw_club_list_conflicts()'s,
 *   %G_IO_ERROR_CANCELLED once cancelled
 *
 * Returns: (transfer full) (element-type LwClubConflictItem) (nullable):
 *   the conflicts, %NULL on error.
 */
GPtrArray *lw_club_list_conflicts_finish (GAsyncResult  *result,
                                          GError       **error);

/**
 * lw_club_resolve_conflict_async:
 * @store: the window's store (a club laptop); its watch is told of the
 *   change once made
 * @game: the local ID of this laptop's game in the conflict
 * @keep_mine: keep it as a game of its own (%TRUE) or use the other
 *   laptop's (%FALSE), as lw_club_resolve_conflict()
 * @cancellable: (nullable): cancels the wait for the result
 * @callback: called in the caller's thread-default main context
 * @user_data: for @callback
 *
 * lw_club_resolve_conflict() on a worker thread with a connection of its
 * own.
 */
void lw_club_resolve_conflict_async (LwStore             *store,
                                     gint64               game,
                                     gboolean             keep_mine,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);

/**
 * lw_club_resolve_conflict_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError: lw_club_resolve_conflict()'s,
 *   %G_IO_ERROR_CANCELLED once cancelled
 *
 * Returns: %TRUE when resolved.
 */
gboolean lw_club_resolve_conflict_finish (GAsyncResult  *result,
                                          GError       **error);

G_END_DECLS
