/* lw-table-page.h — a game played at the virtual table: the table, the
 * step buttons (Declare, Decline, Discard, Play, Next Round), the curtain
 * between two people's turns, computer seats, hint, undo, saving
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-store.h"
#include "lw-table-seats.h"
#include "lw-table-view.h"

G_BEGIN_DECLS

#define LW_TYPE_TABLE_PAGE (lw_table_page_get_type ())
G_DECLARE_FINAL_TYPE (LwTablePage, lw_table_page, LW, TABLE_PAGE, AdwBin)

void lw_table_page_set_store (LwTablePage *self,
                              LwStore     *store);

/**
 * lw_table_page_load:
 * @self: the page
 * @id: a game with a virtual table (lw_store_load_table())
 * @error: return location for a #GError
 *
 * Opens the game at its table: the round in progress as saved, or a new
 * deal when none is (the game's next round, its dealer by the scoring
 * engine's rotation). Computer seats start moving on their own.
 *
 * Errors: the store's, or the engine's for a damaged save.
 *
 * Returns: %TRUE when opened.
 */
gboolean lw_table_page_load (LwTablePage  *self,
                             gint64        id,
                             GError      **error);

/** lw_table_page_get_view: Returns: (transfer none): the drawing of the table. */
LwTableView *lw_table_page_get_view (LwTablePage *self);

G_END_DECLS
