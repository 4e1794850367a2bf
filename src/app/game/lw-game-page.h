/* lw-game-page.h — one game: the board, the round form, the history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-board.h"
#include "lw-game-view.h"
#include "lw-round-editor.h"
#include "lw-round-form.h"
#include "lw-score-chart.h"
#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_GAME_PAGE (lw_game_page_get_type ())
G_DECLARE_FINAL_TYPE (LwGamePage, lw_game_page, LW, GAME_PAGE, AdwBin)

/**
 * lw_game_page_set_store:
 * @self: the page
 * @store: the database; the page keeps a reference. Its #LwStoreWatch
 *   (lw_store_watch_new(), made by the window) tells the page's
 *   #LwGameView what changed.
 */
void lw_game_page_set_store (LwGamePage *self,
                             LwStore    *store);

/**
 * lw_game_page_get_view:
 * @self: the page
 *
 * Returns: (transfer none): the game shown, as read once per change and
 *   shown by the board, the chart, the round form and the history.
 */
LwGameView *lw_game_page_get_view (LwGamePage *self);

/**
 * lw_game_page_load:
 * @self: the page
 * @id: a stored game's ID
 * @error: return location for a #GError
 *
 * Loads game @id from the store and shows it.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_game_page_load (LwGamePage  *self,
                            gint64       id,
                            GError     **error);

/**
 * lw_game_page_is_round_locked:
 * @self: the page
 * @number: a round of the shown game
 *
 * Returns: whether the director locked the round against corrections from
 *   phones (game.lock-round).
 */
gboolean lw_game_page_is_round_locked (LwGamePage *self,
                                       guint       number);

/** Returns: (transfer none) (nullable): the table entry window (game.table-entry) while open. */
GtkWidget *lw_game_page_get_table_entry_dialog (LwGamePage *self);

/** Returns: the shown game's ID, 0 when none. */
gint64 lw_game_page_get_game_id (LwGamePage *self);

/** Returns: (transfer none) (nullable): the shown game's record. */
const LwGameRecord *lw_game_page_get_record (LwGamePage *self);

/** Returns: (transfer none) (nullable): the shown game's standings. */
const LwStandings *lw_game_page_get_standings (LwGamePage *self);

/** Puts the focus in the round form (when the game goes on). */
void lw_game_page_focus_form (LwGamePage *self);

/** Returns: (transfer none): the board. */
LwBoard *lw_game_page_get_board (LwGamePage *self);

/** Returns: (transfer none): the score chart, below the board. */
LwScoreChart *lw_game_page_get_chart (LwGamePage *self);

/** Returns: (transfer none): the round form. */
LwRoundForm *lw_game_page_get_round_form (LwGamePage *self);

/**
 * lw_game_page_get_scroller:
 * @self: a game page
 *
 * For tests: the scrolled window of the board, the chart, the rounds and
 * the form (at the top after a round is added, the new scores in view).
 *
 * Returns: (transfer none): the scrolled window.
 */
GtkScrolledWindow *lw_game_page_get_scroller (LwGamePage *self);

/** Returns: whether the round form is shown (the game goes on). */
gboolean lw_game_page_get_form_visible (LwGamePage *self);

/** Returns: (transfer none): the result line, "" while the game goes on. */
const char *lw_game_page_get_result_text (LwGamePage *self);

/** Returns: (transfer none): the last submitted round's breakdown, "" when none. */
const char *lw_game_page_get_last_round_text (LwGamePage *self);

/**
 * lw_game_page_get_history_text:
 * @self: the page
 * @index: a row of the history, 0 for the newest round
 *
 * Returns: (transfer none) (nullable): the row's facts and breakdown.
 */
const char *lw_game_page_get_history_text (LwGamePage *self,
                                           guint       index);

/**
 * lw_game_page_get_history_row:
 * @self: the page
 * @index: a row of the history, 0 for the newest round
 *
 * Returns: (transfer none) (nullable): the row; activating it (Enter, a
 *   click) opens its round in the round editor.
 */
GtkWidget *lw_game_page_get_history_row (LwGamePage *self,
                                         guint       index);

/** Returns: (transfer none): the title above the last round's breakdown, "" when hidden. */
const char *lw_game_page_get_last_round_title (LwGamePage *self);

/** Returns: the rows in the round history. */
guint lw_game_page_get_n_history_rows (LwGamePage *self);

/** Returns: (transfer none) (nullable): the toast about the last round added or taken back, while shown. */
AdwToast *lw_game_page_get_round_toast (LwGamePage *self);

/**
 * lw_game_page_get_undo_text:
 * @self: a game page
 *
 * The Undo button's tooltip (game.undo, Ctrl+Z): "Undo “Round 3 changed”
 * (Ctrl+Z)", naming the game's last change (lw_store_get_last_edit()), or
 * "Nothing to Undo".
 *
 * Returns: (transfer none): the text.
 */
const char *lw_game_page_get_undo_text (LwGamePage *self);

/** Returns: (transfer none) (nullable): the open round editor (game.edit-round). */
LwRoundEditor *lw_game_page_get_round_editor (LwGamePage *self);

/** Returns: (transfer none) (nullable): the open dialog (game.note-penalty, game.substitute, game.details). */
AdwMessageDialog *lw_game_page_get_dialog (LwGamePage *self);

/**
 * lw_game_page_get_dialog_field:
 * @self: the page
 * @name: "seat", "kind", "note" (a penalty); "seat", "name" (a substitute);
 *   "notes", "date", "place" (the details)
 *
 * Returns: (transfer none) (nullable): that field of the open dialog.
 */
GtkWidget *lw_game_page_get_dialog_field (LwGamePage *self,
                                          const char *name);

/**
 * lw_game_page_get_details_text:
 * @self: the page
 * @subtitle: %FALSE for the date and place, %TRUE for the notes
 *
 * Returns: (transfer none): the game's details as shown, "" when hidden.
 */
const char *lw_game_page_get_details_text (LwGamePage *self,
                                           gboolean    subtitle);

G_END_DECLS
