/* lw-page-watch.c — a page reloaded by the store's change signals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-page-watch.h"
#include "lw-page-watch-private.h"
#include "lw-store-watch.h"

#define PAGE_WATCH_KEY "lw-page-watch"

typedef struct
{
  GtkWidget *page;          /* borrowed: the watch lives in its data */
  LwStoreWatch *watch;      /* owned */
  void (*reload) (GtkWidget *page);
  gboolean stale;
  guint reloads;
} PageWatch;

static void
page_watch_free (gpointer data)
{
  PageWatch *pw = data;

  if (pw->watch != NULL)
    g_signal_handlers_disconnect_by_data (pw->watch, pw);
  g_signal_handlers_disconnect_by_data (pw->page, pw);
  g_clear_object (&pw->watch);
  g_free (pw);
}

static void
reload_if_shown (PageWatch *pw)
{
  if (!pw->stale || !gtk_widget_get_mapped (pw->page))
    return;
  pw->stale = FALSE;
  pw->reloads++;
  pw->reload (pw->page);
}

/* Connected swapped: the signal's own arguments (a game's or an event's
 * ID) are not needed, any change of that kind makes the page stale. */
static void
mark_stale (PageWatch *pw)
{
  pw->stale = TRUE;
}

void
lw_page_watch_set_store (GtkWidget         *page,
                         LwStore          **field,
                         LwStore           *store,
                         LwPageWatchFlags   what,
                         GCallback          reload)
{
  static const struct
  {
    LwPageWatchFlags flag;
    const char *signal;
  } signals[] = {
    { LW_PAGE_WATCH_GAMES, "game-changed" },
    { LW_PAGE_WATCH_GAMES, "games-changed" },
    { LW_PAGE_WATCH_EVENTS, "events-changed" },
    { LW_PAGE_WATCH_PLAYERS, "players-changed" },
  };
  LwStoreWatch *watch;
  PageWatch *pw;

  g_return_if_fail (GTK_IS_WIDGET (page));
  g_return_if_fail (field != NULL);
  g_return_if_fail (reload != NULL);

  g_set_object (field, store);
  watch = store != NULL ? lw_store_watch_find (store) : NULL;
  if (watch == NULL)
    {
      g_object_set_data (G_OBJECT (page), PAGE_WATCH_KEY, NULL);
      return;
    }

  pw = g_new0 (PageWatch, 1);
  pw->page = page;
  pw->watch = g_object_ref (watch);
  pw->reload = (void (*) (GtkWidget *)) reload;
  pw->stale = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    if (what & signals[i].flag)
      g_signal_connect_swapped (watch, signals[i].signal, G_CALLBACK (mark_stale), pw);
  g_signal_connect_swapped (watch, "all-changed", G_CALLBACK (mark_stale), pw);
  g_signal_connect_swapped (watch, "done", G_CALLBACK (reload_if_shown), pw);
  g_signal_connect_swapped (page, "map", G_CALLBACK (reload_if_shown), pw);
  g_object_set_data_full (G_OBJECT (page), PAGE_WATCH_KEY, pw, page_watch_free);

  reload_if_shown (pw);
}

guint
lw_page_watch_get_reloads (GtkWidget *page)
{
  PageWatch *pw;

  g_return_val_if_fail (GTK_IS_WIDGET (page), 0);

  pw = g_object_get_data (G_OBJECT (page), PAGE_WATCH_KEY);
  return pw != NULL ? pw->reloads : 0;
}
