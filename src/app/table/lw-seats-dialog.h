/* lw-seats-dialog.h — the hosted table's Players panel: each remote seat's
 * link and QR code, whether it is connected, New Link, and a computer
 * playing for a seat whose player is away (docs/REMOTE-PLAY.md "Hosting
 * from the app")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-web-server.h"
#include "lw-table-host.h"

G_BEGIN_DECLS

#define LW_TYPE_SEATS_DIALOG (lw_seats_dialog_get_type ())
G_DECLARE_FINAL_TYPE (LwSeatsDialog, lw_seats_dialog, LW, SEATS_DIALOG, AdwWindow)

/**
 * lw_seats_dialog_new:
 * @parent: (nullable): the window of the hosted table
 * @host: the hosted table (a reference is taken)
 * @server: the server that hosts it (lw_web_server_host_table()); a
 *   reference is taken
 * @link_address: the address the links name
 *
 * One group per seat played from another device (every seat once given
 * a link, including one a computer plays for now): its player's name, the
 * link (selectable, with Copy) and its QR code, Connected or Not connected
 * (live from #LwWebServer::seat-connection), New Link (the old link stops
 * working: lw_web_server_new_seat_link()), and while the seat is not
 * connected Play for Them (a computer of the chosen level plays it:
 * lw_table_host_set_seat_kind()), then Give Back.
 *
 * Returns: (transfer none): the window, not yet presented.
 */
GtkWidget *lw_seats_dialog_new (GtkWindow     *parent,
                                LwTableHost   *host,
                                LwWebServer *server,
                                const char    *link_address);

G_END_DECLS
