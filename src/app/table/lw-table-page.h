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

/** lw_table_page_get_game_id: Returns: the game shown, 0 for none. */
gint64 lw_table_page_get_game_id (LwTablePage *self);

/**
 * lw_table_page_get_table:
 * @self: the page
 *
 * Returns: (transfer none) (nullable): the round being played.
 */
const LwTable *lw_table_page_get_table (LwTablePage *self);

/** lw_table_page_get_view: Returns: (transfer none): the drawing of the table. */
LwTableView *lw_table_page_get_view (LwTablePage *self);

/**
 * lw_table_page_get_curtain_seat:
 * @self: the page
 *
 * Returns: the seat the curtain waits for ("Pass the device to …"), or
 *   %LW_NO_SEAT when the table is shown.
 */
int lw_table_page_get_curtain_seat (LwTablePage *self);

/** lw_table_page_get_curtain_title: Returns: (transfer none): the curtain's words. */
const char *lw_table_page_get_curtain_title (LwTablePage *self);

/** lw_table_page_get_shown: Returns: (transfer none): "table", or "curtain" while the hands are hidden. */
const char *lw_table_page_get_shown (LwTablePage *self);

/** lw_table_page_get_status_text: Returns: (transfer none): the line under the table. */
const char *lw_table_page_get_status_text (LwTablePage *self);

/**
 * lw_table_page_is_busy:
 * @self: the page
 *
 * Returns: %TRUE while a computer seat is choosing or about to move.
 */
gboolean lw_table_page_is_busy (LwTablePage *self);

/**
 * lw_table_page_set_computer_pause:
 * @self: the page
 * @msec: how long a computer seat's move is shown coming (600 by default;
 *   0 for tests)
 */
void lw_table_page_set_computer_pause (LwTablePage *self,
                                       guint        msec);

/** lw_table_page_get_round_over: Returns: %TRUE once the round is stored and not yet followed by the next. */
gboolean lw_table_page_get_round_over (LwTablePage *self);

/** lw_table_page_get_game_over: Returns: %TRUE when the scoring engine ended the game. */
gboolean lw_table_page_get_game_over (LwTablePage *self);

G_END_DECLS
