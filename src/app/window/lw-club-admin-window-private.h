/* lw-club-admin-window-private.h — what the UI tests read of the club
 * admin's window (included by lw-club-admin-window.c and the tests only)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-club-admin-window.h"

G_BEGIN_DECLS

/* Sets the admin's conninfo and reads the lists with it, as the login
 * field's Apply does. */
void lw_club_admin_window_set_conninfo (LwClubAdminWindow *self,
                                        const char        *conninfo);

/* Whether the server's work (a reading, a change) is under way. */
gboolean lw_club_admin_window_is_busy (LwClubAdminWindow *self);

/* The row of roster entry @uuid, of request @id; NULL when not shown. */
GtkWidget *lw_club_admin_window_get_player_row (LwClubAdminWindow *self,
                                                const char        *uuid);
GtkWidget *lw_club_admin_window_get_request_row (LwClubAdminWindow *self,
                                                 gint64             id);

/* The row of the laptop named @name; NULL when not shown. */
GtkWidget *lw_club_admin_window_get_laptop_row (LwClubAdminWindow *self,
                                                const char        *name);

/* How many laptops the list shows. */
guint lw_club_admin_window_get_n_laptops (LwClubAdminWindow *self);

/* How many players and requests the lists show. */
guint lw_club_admin_window_get_n_players (LwClubAdminWindow *self);
guint lw_club_admin_window_get_n_requests (LwClubAdminWindow *self);

/* The status row (what was read, or why it could not be). */
AdwActionRow *lw_club_admin_window_get_status_row (LwClubAdminWindow *self);

/* The rename, merge, revoke or password dialog open, or NULL; its entry
 * (rename), drop down (merge) or box of two password entries and the
 * rule's words (password) is the dialog's extra child. */
AdwMessageDialog *lw_club_admin_window_get_dialog (LwClubAdminWindow *self);

G_END_DECLS
