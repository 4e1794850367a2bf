/* lw-club-page.h — Preferences → Club: the club server's sync state,
 * Sync Now and joining a club (docs/CLUB-SERVER.md "In the app")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-club-auto.h"

G_BEGIN_DECLS

/**
 * lw_club_page_new:
 * @store: the window's store
 * @auto_sync: (nullable): the window's automatic sync
 *   (lw_window_get_club_auto()); %NULL: one of the page's own
 *
 * A preferences page with the club server's row: whether this database
 * is a club laptop, whether a sync runs, its last sync and what waits to
 * be sent, why the last sync failed (lw_club_auto_describe(), kept up to
 * date by #LwClubAuto::changed), and Sync Now (Retry after a failure);
 * below it, joining a club: the server's conninfo, this laptop's origin
 * ID and its password (lw_club_join(): to the keyring, else to the
 * password file; the field is emptied), then a sync at once.
 *
 * Returns: (transfer floating): the page.
 */
GtkWidget *lw_club_page_new (LwStore    *store,
                             LwClubAuto *auto_sync);

/**
 * lw_club_page_get_row:
 * @page: a page of lw_club_page_new()
 *
 * Returns: (transfer none): the club server's row (for the tests).
 */
AdwActionRow *lw_club_page_get_row (GtkWidget *page);

G_END_DECLS
