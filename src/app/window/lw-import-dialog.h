/* lw-import-dialog.h — the window of an import of many game records:
 * its progress ("N of M games", Cancel) while a worker thread stores
 * them, then its report (how many stored, each refusal by file and line
 * or index)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_IMPORT_DIALOG (lw_import_dialog_get_type ())
G_DECLARE_FINAL_TYPE (LwImportDialog, lw_import_dialog, LW, IMPORT_DIALOG, AdwWindow)

/**
 * lw_import_dialog_new:
 * @parent: the window whose store the games go to
 * @store: that window's store (the import writes on a connection of its
 *   own, lw_store_open_another())
 * @files: (element-type GFile): the files to import, local, in this
 *   order: each one record, JSON Lines or a JSON array (docs/rules/CLI.md
 *   `import`)
 *
 * The window of an import of @files, started at once on a worker thread
 * (lw_store_import_inputs(), the records counted first): it shows "N of
 * M games" and Cancel, then how many games were stored and each refusal
 * by its place ("FILE, line N", "FILE, index N", the file). Cancel (or
 * closing the window while it runs) stops between two records: the games
 * committed stay, and the report says so. Emits #LwImportDialog::finished
 * at the end. Not shown yet.
 *
 * Returns: (transfer floating): the window
 */
LwImportDialog *lw_import_dialog_new (GtkWindow *parent,
                                      LwStore   *store,
                                      GPtrArray *files);

G_END_DECLS
