/* lw-events-page.h — events (tournaments): the list, a new event, and an
 * event's players, seating and standings (docs/EVENTS.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-engine.h"
#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_EVENTS_PAGE (lw_events_page_get_type ())
G_DECLARE_FINAL_TYPE (LwEventsPage, lw_events_page, LW, EVENTS_PAGE, AdwBin)

void lw_events_page_set_store (LwEventsPage *self,
                               LwStore      *store);

/**
 * lw_events_page_reload:
 * @self: the page
 *
 * Reads the list of events and the event shown again. A game started
 * from a table (events.score-table) that is now finished becomes the
 * table's result first (lw_store_set_event_game_result()); a refusal is
 * shown in a toast naming the table and the problem.
 */
void lw_events_page_reload (LwEventsPage *self);

/** Shows the list of events. */
void lw_events_page_show_list (LwEventsPage *self);

/**
 * lw_events_page_show_event:
 * @self: the page
 * @id: an event's ID
 * @error: return location for a #GError
 *
 * Shows event @id (its players, seating and standings), as choosing its
 * row does, at its last round.
 *
 * Returns: %FALSE when it could not be read.
 */
gboolean lw_events_page_show_event (LwEventsPage  *self,
                                    gint64         id,
                                    GError       **error);

/** Returns: the event shown, 0 when the list is. */
gint64 lw_events_page_get_event_id (LwEventsPage *self);

/** Returns: (transfer none) (nullable): the event shown, as last read. */
const LwEvent *lw_events_page_get_event (LwEventsPage *self);

/** Returns: the events listed. */
guint lw_events_page_get_n_events (LwEventsPage *self);

/**
 * lw_events_page_get_event_row_text:
 * @self: the page
 * @index: a row of the list, 0 for the newest event
 *
 * Returns: (transfer full) (nullable): the row's title and subtitle,
 *   one line each.
 */
char *lw_events_page_get_event_row_text (LwEventsPage *self,
                                         guint         index);

/**
 * lw_events_page_set_view:
 * @self: the page
 * @name: "players", "rounds" or "standings"
 *
 * Shows that part of the event.
 */
void lw_events_page_set_view (LwEventsPage *self,
                              const char   *name);

/** Returns: (transfer none): "players", "rounds" or "standings". */
const char *lw_events_page_get_view (LwEventsPage *self);

/** Returns: (transfer none): the entry of a player's name (events.add-player). */
GtkEntry *lw_events_page_get_add_entry (LwEventsPage *self);

/** Returns: (transfer none): whether a player entered is checked in at once. */
GtkCheckButton *lw_events_page_get_check_in_check (LwEventsPage *self);

/**
 * lw_events_page_get_player_text:
 * @self: the page
 * @index: an entrant, in registration order
 *
 * Returns: (transfer full) (nullable): the row's name and status line.
 */
char *lw_events_page_get_player_text (LwEventsPage *self,
                                      guint         index);

/** Returns: the round shown on the seating view, 0 when none is paired. */
guint lw_events_page_get_shown_round (LwEventsPage *self);

/** Returns: (transfer none): the line above the tables: the round and its tables and byes. */
const char *lw_events_page_get_plan_text (LwEventsPage *self);

/** Returns: (transfer none): the pairing button's label. */
const char *lw_events_page_get_pair_label (LwEventsPage *self);

/**
 * lw_events_page_get_table_text:
 * @self: the page
 * @table: a table of the round shown, 1-based; 0 for the byes
 *
 * Returns: (transfer full) (nullable): the table's title, its status
 *   line, then one line per seat (name, subtitle and score).
 */
char *lw_events_page_get_table_text (LwEventsPage *self,
                                     guint         table);

/**
 * lw_events_page_get_table_game:
 * @self: the page
 * @table: a table of the round shown, 1-based
 *
 * Returns: the game kept for the table with the scorekeeper: linked as
 *   its result, or started from it and not finished yet; 0 when none.
 */
gint64 lw_events_page_get_table_game (LwEventsPage *self,
                                      guint         table);

/** Returns: the rows of the standings shown. */
guint lw_events_page_get_n_standings (LwEventsPage *self);

/**
 * lw_events_page_get_standing_text:
 * @self: the page
 * @index: a row of the standings, 0 the best
 *
 * Returns: (transfer full) (nullable): the row's title ("1. Ann"), its
 *   tie-breaks line and its points, one line each.
 */
char *lw_events_page_get_standing_text (LwEventsPage *self,
                                        guint         index);

/** Returns: (transfer none): the tie-break order, as the standings say it. */
const char *lw_events_page_get_tiebreak_text (LwEventsPage *self);

/** Returns: (transfer none) (nullable): the open dialog (a new event, a paper result). */
AdwMessageDialog *lw_events_page_get_dialog (LwEventsPage *self);

/**
 * lw_events_page_get_dialog_field:
 * @self: the page
 * @name: a new event's "name" (AdwEntryRow), "format", "tables"
 *   (AdwComboRow), "rounds", "win", "second", "other" (GtkSpinButton); a
 *   paper result's "score-0"… (GtkSpinButton, one per seat, or one per
 *   side at a partners table)
 *
 * Returns: (transfer none) (nullable): that field of the open dialog.
 */
GtkWidget *lw_events_page_get_dialog_field (LwEventsPage *self,
                                            const char   *name);

/**
 * lw_events_page_export_standings_to:
 * @self: the page
 * @file: where to write
 * @json: %TRUE for JSON (lw_event_standings_to_json()), %FALSE for CSV
 *   (lw_event_standings_to_csv())
 * @error: return location for a #GError
 *
 * Writes the shown event's standings, as events.export-csv and
 * events.export-json do after their file chooser.
 *
 * Returns: %TRUE when written.
 */
gboolean lw_events_page_export_standings_to (LwEventsPage  *self,
                                             GFile         *file,
                                             gboolean       json,
                                             GError       **error);

/**
 * lw_events_page_print_new:
 * @self: the page
 * @standings: %TRUE for the standings, %FALSE for the seating of the
 *   round shown
 *
 * Returns: (transfer full) (nullable): a print operation (lw-print-table.h),
 *   %NULL when no event (or no round) is shown.
 */
GtkPrintOperation *lw_events_page_print_new (LwEventsPage *self,
                                             gboolean      standings);

/**
 * lw_events_page_print_wall_new:
 * @self: the page
 *
 * The wall sheet of the round shown: every player in alphabetical order
 * with table and seat, in large type (lw_event_wall_sheet()).
 *
 * Returns: (transfer full) (nullable): a print operation (lw-print-table.h),
 *   %NULL when no event (or no round) is shown.
 */
GtkPrintOperation *lw_events_page_print_wall_new (LwEventsPage *self);

G_END_DECLS
