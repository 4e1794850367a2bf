/* lw-stats-page-private.h — what the UI tests read of lw-stats-page.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-stats-page.h"

G_BEGIN_DECLS

/**
 * lw_stats_page_get_dialog:
 * @self: a page
 *
 * Returns: (transfer none) (nullable): the open rename or merge dialog
 *   ("stats.rename-player", "stats.merge-player", or the merge a rename
 *   to a taken name offers).
 */
AdwMessageDialog *lw_stats_page_get_dialog (LwStatsPage *self);

/**
 * lw_stats_page_get_dialog_field:
 * @self: a page
 *
 * Returns: (transfer none) (nullable): the dialog's field: the new name
 *   (a #GtkEntry) or the player merged into (a #GtkDropDown of
 *   #GtkStringObject).
 */
GtkWidget *lw_stats_page_get_dialog_field (LwStatsPage *self);

/** Returns: the players listed. */
guint lw_stats_page_get_n_players (LwStatsPage *self);

/** Returns: (transfer none) (nullable): the name of listed player @index. */
const char *lw_stats_page_get_player_name (LwStatsPage *self,
                                           guint        index);

/**
 * lw_stats_page_get_row_text:
 * @self: a page
 * @index: a row of the players list, from 0
 *
 * Returns: (transfer full) (nullable): "NAME · SUBTITLE" of the row.
 */
char *lw_stats_page_get_row_text (LwStatsPage *self,
                                  guint        index);

/** Returns: (transfer none) (nullable): the player shown, %NULL when the list is. */
const char *lw_stats_page_get_shown_player (LwStatsPage *self);

/**
 * lw_stats_page_get_value:
 * @self: the page
 * @key: "games", "wins", "win-rate", "skunks-won", "skunks-suffered",
 *   "margin", "rounds", "declare-dealer", "declare-other", "pack-rate",
 *   "sweeps", "nobody-declared", "worm-pairs", "gong-pairs", "all-dens",
 *   "penalties", "best-partner", "worst-partner"
 *
 * Returns: (transfer none) (nullable): the value shown for the player
 *   shown.
 */
const char *lw_stats_page_get_value (LwStatsPage *self,
                                     const char  *key);

/**
 * lw_stats_page_show_player:
 * @self: the page
 * @name: a player's name
 *
 * Shows @name's statistics, as choosing the player's row does.
 *
 * Returns: %FALSE when no such player is known.
 */
gboolean lw_stats_page_show_player (LwStatsPage *self,
                                    const char  *name);

/**
 * lw_stats_page_undo_merge:
 * @self: a page
 * @error: return location for a #GError
 *
 * Splits back the last merge made from the page's list (the toast's
 * Undo): lw_store_club_unmerge_players(), which on a club laptop also
 * withdraws the merge request queued with the merge.
 *
 * Errors: %LW_STORE_ERROR_NOTHING_TO_UNDO when there is none, or those of
 * lw_store_club_unmerge_players().
 * Returns: %TRUE when undone.
 */
gboolean lw_stats_page_undo_merge (LwStatsPage  *self,
                                   GError      **error);

/** Runs the main context until the worker is done. */
void lw_stats_page_wait (LwStatsPage *self);

G_END_DECLS
