/* lw-club-resolve.c — a game waiting in a conflict, in the app
 * (docs/CLUB-SERVER.md "Ownership and conflicts"): the library's libpq
 * calls on worker threads, each with a second connection, and a conflict
 * in words for the Club page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-club-resolve.h"
#include "lw-club-suggestions.h"
#include "lw-words.h"

void
lw_club_conflict_item_free (LwClubConflictItem *item)
{
  if (item == NULL)
    return;
  g_clear_pointer (&item->conflict, lw_club_conflict_free);
  g_free (item->title);
  g_free (item->subtitle);
  g_free (item->owner);
  g_free (item);
}

/* @conflict (transfer full) in words, its game read from @store. */
static LwClubConflictItem *
item_new (LwStore        *store,
          LwClubConflict *conflict)
{
  LwClubConflictItem *item = g_new0 (LwClubConflictItem, 1);
  g_autoptr (LwStoredGame) game = lw_store_load_game (store, conflict->game, NULL);
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, conflict->game);
  g_autofree char *shared = NULL;
  /* TRANSLATORS: Preferences → Club, a game in a conflict: %s its ID in this database */
  g_autofree char *here = g_strdup_printf (_("Game %s here"), number);

  item->conflict = conflict;
  item->owner = lw_isolate_name (conflict->owner);
  item->title = game != NULL ? lw_sides_title (game->record) : g_strdup (here);
  shared = conflict->deleted
           /* TRANSLATORS: Preferences → Club, a game in a conflict: %s the other laptop's name */
           ? g_strdup_printf (_("“%s” shared the same game first, then deleted it: this copy is not shared"),
                              item->owner)
           /* TRANSLATORS: Preferences → Club, a game in a conflict: %s the other laptop's name */
           : g_strdup_printf (_("“%s” shared the same game first, so this copy is not shared"), item->owner);
  item->subtitle = g_strdup_printf ("%s · %s", shared, here);
  return item;
}

/* ---- listing ------------------------------------------------------- */

static void
list_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LwStore *store = task_data;
  g_autoptr (GPtrArray) conflicts = NULL;
  g_autoptr (GPtrArray) items = NULL;
  GError *error = NULL;

  conflicts = lw_club_list_conflicts (store, &error);
  if (conflicts == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  items = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_conflict_item_free);
  /* The items take the conflicts over. */
  g_ptr_array_set_free_func (conflicts, NULL);
  for (guint i = 0; i < conflicts->len; i++)
    g_ptr_array_add (items, item_new (store, g_ptr_array_index (conflicts, i)));
  g_task_return_pointer (task, g_steal_pointer (&items), (GDestroyNotify) g_ptr_array_unref);
}

void
lw_club_list_conflicts_async (LwStore             *store,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (LW_IS_STORE (store));

  task = lw_club_task_on_another (store, lw_club_list_conflicts_async, cancellable, callback, user_data);
  if (task != NULL)
    g_task_run_in_thread (task, list_thread);
}

GPtrArray *
lw_club_list_conflicts_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == lw_club_list_conflicts_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- resolving ----------------------------------------------------- */

typedef struct {
  gint64   game;
  gboolean keep_mine;
} Resolution;

static gboolean
resolve (LwStore        *other,
         gconstpointer   data,
         GError        **error)
{
  const Resolution *resolution = data;

  return lw_club_resolve_conflict (other, resolution->game, resolution->keep_mine, NULL, error);
}

void
lw_club_resolve_conflict_async (LwStore             *store,
                                gint64               game,
                                gboolean             keep_mine,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  Resolution resolution = { game, keep_mine };

  g_return_if_fail (LW_IS_STORE (store));
  g_return_if_fail (game > 0);

  lw_club_run_on_another (store, lw_club_resolve_conflict_async, resolve, &resolution, sizeof resolution,
                          cancellable, callback, user_data);
}

gboolean
lw_club_resolve_conflict_finish (GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == lw_club_resolve_conflict_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
