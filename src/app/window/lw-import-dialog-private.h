/* lw-import-dialog-private.h — what the UI tests read of an import's
 * window: whether its import runs, how many games it stored
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-import-dialog.h"

G_BEGIN_DECLS

/**
 * lw_import_dialog_get_running:
 * @self: an import window
 *
 * Returns: %TRUE while the import runs (its worker not yet done).
 */
gboolean lw_import_dialog_get_running (LwImportDialog *self);

/**
 * lw_import_dialog_get_imported:
 * @self: an import window whose import is done
 *
 * Returns: how many games the import stored.
 */
guint64 lw_import_dialog_get_imported (LwImportDialog *self);

G_END_DECLS
