/* lw-club-admin-window.h — the club admin's window (docs/CLUB-SERVER.md
 * "The roster", "Laptops"): the roster's players renamed and merged, the
 * laptops' merge requests accepted or declined, the club's laptops with
 * their last sync, given a new password or revoked (the owner's login),
 * reached from Preferences → Club
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_CLUB_ADMIN_WINDOW (lw_club_admin_window_get_type ())
G_DECLARE_FINAL_TYPE (LwClubAdminWindow, lw_club_admin_window, LW, CLUB_ADMIN_WINDOW, AdwWindow)

/**
 * lw_club_admin_window_new:
 * @parent: (nullable): the window it is for (Preferences)
 * @store: the window's store: its club server's conninfo is the login
 *   offered first (a laptop whose club credentials are an admin's)
 *
 * The admin's window, reading the roster, the merge requests and the
 * laptops at once on a worker thread (lw_club_roster_list(),
 * lw_club_roster_requests(), lw_club_list_origins()):
 * the window never waits for the server. Each rename, merge, decision,
 * revocation and new password
 * runs on a worker thread too, and the lists are read again after it;
 * what the server refuses is said in its words. Not shown yet.
 *
 * Returns: (transfer floating): the window
 */
LwClubAdminWindow *lw_club_admin_window_new (GtkWindow *parent,
                                             LwStore   *store);

G_END_DECLS
