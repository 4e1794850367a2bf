/* lw-club-page.h — Preferences → Club: the club server's sync state and
 * Sync Now (docs/CLUB-SERVER.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * lw_club_page_new:
 * @store: the window's store
 *
 * A preferences page with the club server's row: whether this database
 * is a club laptop, its last sync and what waits to be sent, and Sync
 * Now, which syncs (lw_club_sync()) on a second connection in a worker
 * thread and says what it did, or what went wrong, in a toast of the
 * preferences window.
 *
 * Returns: (transfer floating): the page.
 */
GtkWidget *lw_club_page_new (LwStore *store);

/**
 * lw_club_page_get_row:
 * @page: a page of lw_club_page_new()
 *
 * Returns: (transfer none): the club server's row (for the tests).
 */
AdwActionRow *lw_club_page_get_row (GtkWidget *page);

G_END_DECLS
