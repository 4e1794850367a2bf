/* lw-page-watch.h — a page that shows what the store holds reads it again
 * when the store's watch says it changed: at once while the page is shown,
 * else once, when it is next shown
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * LwPageWatchFlags:
 * @LW_PAGE_WATCH_GAMES: a game changed, was added or deleted
 *   (#LwStoreWatch::game-changed, #LwStoreWatch::games-changed)
 * @LW_PAGE_WATCH_EVENTS: an event changed (#LwStoreWatch::events-changed)
 * @LW_PAGE_WATCH_PLAYERS: the players changed (#LwStoreWatch::players-changed)
 *
 * What a page shows, so what makes it stale. Another program's write
 * (#LwStoreWatch::all-changed) always does.
 */
typedef enum
{
  LW_PAGE_WATCH_GAMES   = 1 << 0,
  LW_PAGE_WATCH_EVENTS  = 1 << 1,
  LW_PAGE_WATCH_PLAYERS = 1 << 2,
} LwPageWatchFlags;

/**
 * lw_page_watch_set_store:
 * @page: the page (a widget that never calls up the widget tree to be
 *   reloaded)
 * @field: (inout): the page's store, set to @store (g_set_object())
 * @store: (nullable): the store it shows; %NULL stops listening
 * @what: which changes make the page stale
 * @reload: the page's reload function, `void (*) (Page *page)`, called
 *   with the page shown (mapped)
 *
 * Keeps @store in @field and listens to its #LwStoreWatch
 * (lw_store_watch_find(); nothing when the store has none): a change in
 * @what notes the page stale, and the batch's #LwStoreWatch::done reloads
 * it when it is mapped; a page stale while hidden is reloaded once, when
 * it is mapped again. The page starts stale: its first showing reads it.
 * Replaces an earlier call's listening; ends with the page.
 */
void lw_page_watch_set_store (GtkWidget         *page,
                              LwStore          **field,
                              LwStore           *store,
                              LwPageWatchFlags   what,
                              GCallback          reload);

G_END_DECLS
