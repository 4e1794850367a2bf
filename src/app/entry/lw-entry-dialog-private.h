/* lw-entry-dialog-private.h — what the UI tests read of lw-entry-dialog.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-entry-dialog.h"

G_BEGIN_DECLS

AdwComboRow *lw_entry_dialog_get_address_row (LwEntryDialog *self);

/** Returns: (transfer none) (nullable): the error shown, %NULL when none. */
const char *lw_entry_dialog_get_error (LwEntryDialog *self);

/** Returns: the tables listed. */
guint lw_entry_dialog_get_n_tables (LwEntryDialog *self);

GtkSpinButton *lw_entry_dialog_get_port_spin (LwEntryDialog *self);

/** Returns: (transfer none): the server (running while entry is open). */
LwWebServer *lw_entry_dialog_get_server (LwEntryDialog *self);

/** Returns: (transfer none): the switch, the port and the address rows, for tests. */
GtkSwitch *lw_entry_dialog_get_switch (LwEntryDialog *self);

/** Returns: the game of table @index (0-based). */
gint64 lw_entry_dialog_get_table_game (LwEntryDialog *self,
                                       guint          index);

/** Returns: (transfer none): the QR code of table @index. */
LwQrCode *lw_entry_dialog_get_table_qr_code (LwEntryDialog *self,
                                             guint          index);

/** Returns: (transfer none) (nullable): the link shown for table @index, %NULL while entry is off. */
const char *lw_entry_dialog_get_table_url (LwEntryDialog *self,
                                           guint          index);

/**
 * lw_entry_dialog_set_open:
 * @self: the window
 * @open: %TRUE to start the server and give each table a secret,
 *   %FALSE to stop it and forget the secrets
 *
 * What the window's switch does. A failure (the port in use) is shown in
 * the window and leaves entry off.
 *
 * Returns: whether entry is open afterwards.
 */
gboolean lw_entry_dialog_set_open (LwEntryDialog *self,
                                   gboolean       open);

G_END_DECLS
