/* lw-entry-dialog.h — the director's window for entry from phones:
 * the server switch, address and port, and per table its link and QR code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-web-server.h"
#include "lw-qr-code.h"
#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_ENTRY_DIALOG (lw_entry_dialog_get_type ())
G_DECLARE_FINAL_TYPE (LwEntryDialog, lw_entry_dialog, LW, ENTRY_DIALOG, AdwWindow)

/**
 * lw_entry_dialog_new:
 * @parent: (nullable): the window it belongs to; the views of the game
 *   show each round a phone sends (the store's #LwStoreWatch tells them)
 * @store: the store
 * @event_id: an event with at least one paired round
 *
 * Table entry for an event (the Events page's "Table Entry…"): lists each
 * table of the event's current (last paired) round with its game, from
 * lw_store_prepare_event_round_games(): a table without a game gets its
 * scorekeeper game first, a table whose result came from paper is left
 * out. Entry is off until the director switches it on; closing the window
 * ends it.
 *
 * Errors (an unknown event, a round that cannot be read) are shown in the
 * window.
 *
 * Returns: (transfer none): the window, not yet presented.
 */
GtkWidget *lw_entry_dialog_new (GtkWindow *parent,
                                      LwStore   *store,
                                      gint64     event_id);

/**
 * lw_entry_dialog_new_for_game:
 * @parent: (nullable): the window it belongs to
 * @store: the store
 * @game_id: a stored game
 *
 * Table entry for one game (the game page's "Open Table Entry…").
 *
 * Returns: (transfer none): the window, not yet presented.
 */
GtkWidget *lw_entry_dialog_new_for_game (GtkWindow *parent,
                                               LwStore   *store,
                                               gint64     game_id);

G_END_DECLS
