/* lw-table-entry-dialog.h — the director's window for entry from phones:
 * the server switch, address and port, and per table its link and QR code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-entry-server.h"
#include "lw-qr-code.h"
#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_TABLE_ENTRY_DIALOG (lw_table_entry_dialog_get_type ())
G_DECLARE_FINAL_TYPE (LwTableEntryDialog, lw_table_entry_dialog, LW, TABLE_ENTRY_DIALOG, AdwWindow)

/**
 * lw_table_entry_dialog_new:
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
GtkWidget *lw_table_entry_dialog_new (GtkWindow *parent,
                                      LwStore   *store,
                                      gint64     event_id);

/**
 * lw_table_entry_dialog_new_for_game:
 * @parent: (nullable): the window it belongs to
 * @store: the store
 * @game_id: a stored game
 *
 * Table entry for one game (the game page's "Open Table Entry…").
 *
 * Returns: (transfer none): the window, not yet presented.
 */
GtkWidget *lw_table_entry_dialog_new_for_game (GtkWindow *parent,
                                               LwStore   *store,
                                               gint64     game_id);

/**
 * lw_table_entry_dialog_set_open:
 * @self: the window
 * @open: %TRUE to start the server and give each table a secret,
 *   %FALSE to stop it and forget the secrets
 *
 * What the window's switch does. A failure (the port in use) is shown in
 * the window and leaves entry off.
 *
 * Returns: whether entry is open afterwards.
 */
gboolean lw_table_entry_dialog_set_open (LwTableEntryDialog *self,
                                         gboolean            open);

/** Returns: (transfer none): the server (running while entry is open). */
LwEntryServer *lw_table_entry_dialog_get_server (LwTableEntryDialog *self);

/** Returns: the tables listed. */
guint lw_table_entry_dialog_get_n_tables (LwTableEntryDialog *self);

/** Returns: the game of table @index (0-based). */
gint64 lw_table_entry_dialog_get_table_game (LwTableEntryDialog *self,
                                             guint               index);

/** Returns: (transfer none) (nullable): the link shown for table @index, %NULL while entry is off. */
const char *lw_table_entry_dialog_get_table_url (LwTableEntryDialog *self,
                                                 guint               index);

/** Returns: (transfer none): the QR code of table @index. */
LwQrCode *lw_table_entry_dialog_get_table_qr_code (LwTableEntryDialog *self,
                                                   guint               index);

/** Returns: (transfer none) (nullable): the error shown, %NULL when none. */
const char *lw_table_entry_dialog_get_error (LwTableEntryDialog *self);

/** Returns: (transfer none): the switch, the port and the address rows, for tests. */
GtkSwitch *lw_table_entry_dialog_get_switch (LwTableEntryDialog *self);
GtkSpinButton *lw_table_entry_dialog_get_port_spin (LwTableEntryDialog *self);
AdwComboRow *lw_table_entry_dialog_get_address_row (LwTableEntryDialog *self);

G_END_DECLS
