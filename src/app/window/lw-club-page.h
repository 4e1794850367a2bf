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
 * password file; the field is emptied), then a sync at once. Between
 * them, once joined, the suggestions (docs/CLUB-SERVER.md "Suggestions"),
 * read from the server on a worker thread when the page opens, after
 * each sync and after each decision (lw_club_list_suggestions_async()):
 * those aimed at this laptop's games that wait for a decision, each in
 * words (#LwClubSuggestionItem) with Accept and Decline
 * (lw_club_decide_suggestion_async(); an accepted one is this laptop's
 * own correction, which a sync then sends; a refusal is said in a toast
 * and on its row), and those sent from here with their state.
 *
 * Returns: (transfer floating): the page.
 */
GtkWidget *lw_club_page_new (LwStore    *store,
                             LwClubAuto *auto_sync);

G_END_DECLS
