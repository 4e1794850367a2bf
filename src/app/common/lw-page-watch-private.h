/* lw-page-watch-private.h — what the UI tests read of lw-page-watch.c:
 * included by that file and the tests only, never by the app's other
 * files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-page-watch.h"

G_BEGIN_DECLS

/**
 * lw_page_watch_get_reloads:
 * @page: a page given to lw_page_watch_set_store()
 *
 * For the UI tests: the reloads that the store's changes caused.
 *
 * Returns: how many times the watch reloaded @page (0 for none).
 */
guint lw_page_watch_get_reloads (GtkWidget *page);

G_END_DECLS
