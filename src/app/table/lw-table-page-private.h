/* lw-table-page-private.h — what the UI tests read of lw-table-page.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-table-page.h"

G_BEGIN_DECLS

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

/** lw_table_page_get_game_id: Returns: the game shown, 0 for none. */
gint64 lw_table_page_get_game_id (LwTablePage *self);

/** lw_table_page_get_game_over: Returns: %TRUE when the scoring engine ended the game. */
gboolean lw_table_page_get_game_over (LwTablePage *self);

/** lw_table_page_get_round_over: Returns: %TRUE once the round is stored and not yet followed by the next. */
gboolean lw_table_page_get_round_over (LwTablePage *self);

/** lw_table_page_get_shown: Returns: (transfer none): "table", or "curtain" while the hands are hidden. */
const char *lw_table_page_get_shown (LwTablePage *self);

/** lw_table_page_get_status_text: Returns: (transfer none): the line under the table. */
const char *lw_table_page_get_status_text (LwTablePage *self);

/**
 * lw_table_page_get_table:
 * @self: the page
 *
 * Returns: (transfer none) (nullable): the round being played.
 */
const LwTable *lw_table_page_get_table (LwTablePage *self);

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

G_END_DECLS
