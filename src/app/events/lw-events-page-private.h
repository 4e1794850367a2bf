/* lw-events-page-private.h — the events page's insides, shared by its
 * files (lw-events-page.c, lw-events-tabs.c, lw-events-dialogs.c,
 * lw-events-print.c), and what the UI tests read of it. Included by
 * those files and the tests only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-bracket.h"
#include "lw-events-page.h"
#include "lw-name-completion.h"

G_BEGIN_DECLS

/* A game started from a table, not finished yet. */
typedef struct {
  gint64 event;
  guint  round;
  guint  table;
} PendingGame;

/* The New Event dialog's settings at most this tall (px), scrolled
 * beyond: with the heading and the buttons the dialog fits in 800 px. */
#define NEW_EVENT_MAX_HEIGHT 560

struct _LwEventsPage
{
  AdwBin parent_instance;

  /* template widgets */
  GtkStack *stack;
  GtkMenuButton *menu_button;
  GtkStack *list_stack;
  GtkListBox *events_list;
  AdwViewSwitcherTitle *switcher_title;
  GtkWidget *heading;
  GtkLabel *heading_title;
  GtkLabel *heading_subtitle;
  AdwViewSwitcherBar *switcher_bar;
  AdwViewStack *view_stack;
  GtkEntry *add_entry;
  GtkCheckButton *check_in_check;
  AdwPreferencesGroup *players_group;
  GtkListBox *players_list;
  GtkScrolledWindow *rounds_scroll;
  GtkDropDown *round_drop;
  GtkButton *pair_button;
  GtkLabel *plan_label;
  GtkBox *tables_box;
  AdwPreferencesGroup *standings_group;
  GtkListBox *standings_list;

  /* borrowed: the bracket page, built in code (single eliminations only) */
  AdwViewStackPage *bracket_page;
  LwBracketView *bracket_view;
  GtkLabel *bracket_label;

  /* owned */
  LwStore *store;
  GPtrArray *summaries;        /* LwEventSummary*, newest first */
  LwEvent *event;              /* the event shown, or NULL */
  gint64 event_id;
  GArray *standings;           /* LwEventStanding of @event */
  GHashTable *pending;         /* gint64* game ID → PendingGame* */
  LwNameCompletion *names;      /* the known players, offered as typed */
  GtkStringList *round_names;
  GPtrArray *table_groups;     /* the tables shown, borrowed */
  GtkFileChooserNative *chooser;

  /* borrowed: the dialog while shown */
  AdwMessageDialog *dialog;

  guint shown_round;
  guint filling : 1;
};


/* Shared by the page's files */

/* After a change: the event as stored now, or the error in words. */
void lw_events_changed (LwEventsPage *self,
                        gboolean      ok,
                        const char   *heading,
                        GError       *error);

/* events.delete: asks, then deletes the shown event (lw-events-dialogs.c). */
void lw_events_delete_event_action (LwEventsPage *self,
                                    GVariant     *parameter);

/* Returns: (transfer none) (nullable): the field named @name of @dialog
 * (its widget name), %NULL when it has none. */
GtkWidget *lw_events_dialog_field (AdwMessageDialog *dialog,
                                    const char       *name);

/* Returns: (transfer none): entrant @entrant's name in @event. */
const char *lw_events_entrant_name (const LwEvent *event,
                                     int            entrant);

/* events.export-csv, events.export-json: the shown event's standings
 * to a file chosen (lw-events-print.c). */
void lw_events_export_action (LwEventsPage *self,
                              GVariant     *parameter,
                              const char   *action_name);

/* Shows the event's players tab (lw-events-tabs.c). */
void lw_events_fill_players (LwEventsPage *self);

/* Shows the seating and results tab of the round shown (lw-events-tabs.c). */
void lw_events_fill_rounds (LwEventsPage *self);

/* Shows the standings tab (lw-events-tabs.c). */
void lw_events_fill_standings (LwEventsPage *self);

/* Returns: the game kept with the scorekeeper for table @table of round
 * @round (1-based) of event @event, 0 when none. */
gint64 lw_events_find_pending (LwEventsPage *self,
                               gint64        event,
                               guint         round,
                               guint         table);

/* Returns: (transfer none): @format's name, as the New Event dialog offers it. */
const char *lw_events_format_name (LwEventFormat format);

/* 3 → "3", 2.5 → "2.5", 1.333 → "1.33": event points as read. */
char *lw_events_format_points (double value);

/* Returns: %TRUE when @event's tables play partners (two sides of two). */
gboolean lw_events_is_partners (const LwEvent *event);

/* events.new-event: the New Event dialog (lw-events-dialogs.c). */
void lw_events_new_event_action (LwEventsPage *self,
                                 GVariant     *parameter);

/* events.paper-result: a table's result written on paper
 * (lw-events-dialogs.c). */
void lw_events_paper_result_action (LwEventsPage *self,
                                    GVariant     *parameter);

/* events.print-seating, events.print-standings, events.print-wall
 * (lw-events-print.c). */
void lw_events_print_action (LwEventsPage *self,
                             GVariant     *parameter,
                             const char   *action_name);

/* A duplicate table's Enter Board K… / Correct Board K… buttons, added
 * to its @group (lw-events-duplicate.c; DUPLICATE D9). */
void lw_events_add_board_buttons (LwEventsPage       *self,
                                  GtkWidget          *group,
                                  const LwEventTable *table);

/* events.enter-board "(uu)" (table, board): the board's round in the
 * round form (lw_board_entry_new(); lw-events-duplicate.c). */
void lw_events_enter_board_action (LwEventsPage *self,
                                   GVariant     *parameter);

/* events.travellers: the travelling sheets' window (lw_traveller_view_new()). */
void lw_events_travellers_action (LwEventsPage *self,
                                  GVariant     *parameter);

/* events.print-travellers: the travelling sheets printed
 * (lw_traveller_print_new()). */
void lw_events_print_travellers_action (LwEventsPage *self,
                                        GVariant     *parameter);

/**
 * lw_events_play_par_action:
 * @self: the events page, a duplicate event shown
 * @parameter: (nullable): unused
 *
 * events.play-par: plays every board of the event round shown (round 1
 * before any is paired) by computers at Hard (lw_duplicate_play_par(),
 * DUPLICATE D10) on a worker thread (GTask, on a copy of the event), then
 * stores the pars (lw_store_set_event_board_pars(), replacing earlier
 * ones) on the main thread and says so in a toast; an open travelling
 * sheet shows them at once (the store's watch). The action is disabled
 * while a par is played. A failure is said in a toast and stores nothing.
 */
void lw_events_play_par_action (LwEventsPage *self,
                                GVariant     *parameter);

/* Reads the list of events again from the store and shows it. */
void lw_events_read_list (LwEventsPage *self);

/* events.rename: a new name for the shown event (lw-events-dialogs.c). */
void lw_events_rename_event_action (LwEventsPage *self,
                                    GVariant     *parameter);

/* Returns: (transfer none) (nullable): the round shown, %NULL when none. */
const LwEventRound *lw_events_shown_round (LwEventsPage *self);

/* Returns: (transfer none) (nullable): table @number (1-based) of the
 * round shown, %NULL when none. */
const LwEventTable *lw_events_shown_table (LwEventsPage *self,
                                            guint         number);

/* "Ann & Cleo": a partners side, seats @side and @side + 2. */
char *lw_events_side_names (const LwEvent      *event,
                             const LwEventTable *table,
                             guint               side);

/* Returns: (transfer floating): a label for a row's end, with CSS class
 * @css (nullable). */
GtkWidget *lw_events_suffix_label (const char *text,
                                    const char *css);

/* Returns: (transfer full): how @format with @table_size players a table
 * is named ("Tables of four"). */
char *lw_events_tables_name (LwEventFormat format,
                              guint         table_size);

/* A tie-break's name in the standings' explanation and the New Event
 * dialog. */
const char *lw_events_tiebreak_name (LwTiebreak tiebreak);

/* How the standings are ordered: event points, then the event's
 * tie-breaks in its order. */
char *lw_events_tiebreak_text (const LwEvent *event);

/* Shows @text in the window's toast overlay. */
void lw_events_toast (LwEventsPage *self,
                      const char   *text);


/* What the tests read */

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
 * Returns: (transfer full) (nullable): a print operation (lw-print-grid.h),
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
 * Returns: (transfer full) (nullable): a print operation (lw-print-grid.h),
 *   %NULL when no event (or no round) is shown.
 */
GtkPrintOperation *lw_events_page_print_wall_new (LwEventsPage *self);

G_END_DECLS
