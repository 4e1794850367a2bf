/* lw-table-view.h — the virtual table drawn in one widget: the hand in
 * front of the player, the other seats around, the Pups and trump, the
 * trick, the cards taken, the scores and the dealer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "lw-engine.h"

G_BEGIN_DECLS

#define LW_TYPE_TABLE_VIEW (lw_table_view_get_type ())
G_DECLARE_FINAL_TYPE (LwTableView, lw_table_view, LW, TABLE_VIEW, GtkWidget)

/**
 * lw_table_view_set_table:
 * @self: the view
 * @table: (nullable): the round to show; copied
 * @viewer: the seat whose hand is shown face up at the bottom (the
 *   others' are backs)
 * @names: (array length=n) (nullable): a name per seat
 * @scores: (array length=n) (nullable): per seat, its side's score
 * @interactive: the viewer may select cards (their turn, nobody else
 *   moving)
 *
 * Shows @table as @viewer sees it (lw_table_observe()). A play or a trick
 * taken since the last call is animated (under 300 ms) unless animations
 * are off (gtk-enable-animations). The selection is cleared when the
 * viewer's hand changes.
 */
void lw_table_view_set_table (LwTableView       *self,
                              const LwTable     *table,
                              int                viewer,
                              const char *const *names,
                              const int         *scores,
                              gboolean           interactive);

/**
 * lw_table_view_set_sides:
 * @self: the view
 * @side_of: (array fixed-size=8) (nullable): the side (0-based) of each
 *   seat; %NULL: every seat its own
 *
 * In partners play (SCORING: partners score as one side) the score board
 * shows one line per side with its players, each seat's name gets its
 * side's colour chip, and the viewer's partner is marked "Partner".
 */
void lw_table_view_set_sides (LwTableView *self,
                              const int   *side_of);

/**
 * lw_table_view_set_sort_by_suit:
 * @self: the view
 * @by_suit: show the viewer's hand by suit (♠ ♥ ♣ ♦, then the Den
 *   cards; by rank within a suit) instead of by rank
 *
 * Only the order shown changes: selections and lw_table_get_hand()
 * indices stay the same.
 */
void lw_table_view_set_sort_by_suit (LwTableView *self,
                                     gboolean     by_suit);

/**
 * lw_table_view_get_selection:
 * @self: the view
 *
 * Returns: the selected cards, a bit mask over the viewer's hand in the
 *   order of lw_table_get_hand().
 */
guint32 lw_table_view_get_selection (LwTableView *self);

/**
 * lw_table_view_set_selection:
 * @self: the view
 * @mask: a bit mask over the viewer's hand
 */
void lw_table_view_set_selection (LwTableView *self,
                                  guint32      mask);

/**
 * lw_table_view_set_obligatory:
 * @self: the view
 * @mask: the viewer's cards that must be played, a bit mask over their
 *   hand in the order of lw_table_get_hand() (lw_table_obligatory()); 0
 *   for none
 *
 * Marks those cards with a bar above them (TRICKS §4: the cards every
 * legal follow holds; of two copies of a face, as many as are owed).
 * Selected cards are not marked.
 */
void lw_table_view_set_obligatory (LwTableView *self,
                                   guint32      mask);

/**
 * lw_table_view_set_winning_seat:
 * @self: the view
 * @seat: the seat winning the trick under way of the table last given
 *   lw_table_view_set_table(), or %LW_NO_SEAT
 *
 * Who is winning the trick, as the game's loop reads it
 * (lw_table_session_get_winning_seat()): the "X, winning" words above the
 * trick and the name in bold. Until it is given for the table shown (a
 * replay's), the view asks the engine (lw_table_get_winning_seat()).
 */
void lw_table_view_set_winning_seat (LwTableView *self,
                                     int          seat);

/**
 * lw_table_view_set_show_last_trick:
 * @self: the view
 * @show: show the last finished trick in place of the current one
 */
void lw_table_view_set_show_last_trick (LwTableView *self,
                                        gboolean     show);

/**
 * lw_table_view_set_last_trick_title:
 * @self: the view
 * @title: (nullable): the words above the last trick while it is shown
 *   (lw_table_view_set_show_last_trick()); %NULL for "Last trick"
 */
void lw_table_view_set_last_trick_title (LwTableView *self,
                                         const char  *title);

/** lw_table_view_skip_animation: Ends the animation under way at once. */
void lw_table_view_skip_animation (LwTableView *self);

G_END_DECLS
