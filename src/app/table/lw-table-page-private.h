/* lw-table-page-private.h — the virtual table page's insides, shared by its
 * files (lw-table-page.c the page, its loading and saving; lw-table-status.c
 * what it shows and the end of a round; lw-table-bots.c the computer seats;
 * lw-table-actions.c its actions), and what the UI tests read of it.
 * Included by those files and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-web-server.h"
#include "lw-table-host.h"
#include "lw-table-page.h"

G_BEGIN_DECLS

/* Board mode's state (lw-table-board-mode.c). */
typedef struct _LwTableBoards LwTableBoards;

struct _LwTablePage
{
  AdwBin parent_instance;

  /* template widgets */
  AdwWindowTitle *title;
  GtkStack *stack;
  LwTableView *view;
  GtkLabel *status_label;
  GtkWidget *declare_button;
  GtkWidget *decline_button;
  GtkWidget *discard_button;
  GtkWidget *play_button;
  GtkWidget *next_button;
  GtkWidget *over_button;
  GtkWidget *replay_button;
  GtkWidget *tools_box;
  GtkWidget *undo_button;
  GtkToggleButton *last_trick_button;
  AdwStatusPage *curtain;
  GtkButton *confirm_button;
  GtkWidget *seats_button;
  GtkWidget *scores_button;

  /* owned */
  LwStore *store;
  LwGameRecord *record;
  LwStandings *standings;
  LwTable *table;
  char *seats_json;
  char *status;
  GArray *choices;          /* LwPlay: readings of a lead waiting for an answer */

  LwTableSeats seats;
  gint64 id;
  guint round_number;       /* the game's round the table deals, 1-based */
  int viewer;               /* the person whose hand is shown */
  int curtain_seat;         /* waiting for this person, or LW_NO_SEAT */
  guint generation;         /* bumped whenever the table is replaced */
  guint pause_ms;
  guint hold_ms;            /* a finished trick stays this long before a computer leads */
  gboolean hold_stepped;    /* the hold counts lw_table_page_step_hold() only (tests) */
  gboolean holding;         /* a computer's lead waits for the finished trick's hold */
  guint held_ms;            /* stepped so far */
  guint bot_timeout;
  LwAction bot_action;
  gboolean busy;
  gboolean round_over;
  gboolean game_over;
  gboolean status_is_error;
  GSimpleActionGroup *view_actions; /* "view.hand-by-suit" */

  /* hosted mode (lw-table-host-mode.c): the table is the host's */
  LwTableHost *host;
  LwWebServer *server;
  char *link_address;       /* the address the links name */
  gulong host_changed;
  GtkWidget *seats_dialog;  /* borrowed, while it is open */

  /* board mode (lw-table-board-mode.c): a duplicate event's boards */
  LwTableBoards *boards;
};

/* Shared by the page's files */

/* Returns: (transfer none) (nullable): the game's team of each seat, %NULL
 * in a game without teams. */
const int *lw_table_page_team_of (LwTablePage *self);

/* Returns: (transfer none): who sits in @seat now, "" for no seat. */
const char *lw_table_page_name_of (LwTablePage *self,
                                   int          seat);

/* Sets the line under the table to @text (%NULL: empty), in the error
 * style when @is_error. */
void lw_table_page_set_status (LwTablePage *self,
                               const char  *text,
                               gboolean     is_error);

/* Shows @message (a GError's) as an error under the table, and rings. */
void lw_table_page_show_error (LwTablePage *self,
                               const char  *message);

/* Saves the seats and the round in progress (none once it is over)
 * with lw_store_save_table(). Errors: the store's. */
gboolean lw_table_page_save (LwTablePage  *self,
                             GError      **error);

/* Reads the game's record and standings again from the store.
 * Errors: the store's or the scoring engine's; the page keeps the old
 * ones then. */
gboolean lw_table_page_reload_record (LwTablePage  *self,
                                      GError      **error);

/* Deals the game's next round (its dealer by the scoring engine's
 * rotation) and saves it. Errors: the store's. */
gboolean lw_table_page_new_round (LwTablePage  *self,
                                  GError      **error);

/* After every change of the table: the round's end, a computer's move,
 * the curtain or the person's turn, then the view, status and buttons. */
void lw_table_page_after_change (LwTablePage *self);

/* Applies @action with lw_table_apply(), saves and shows the change.
 * Errors: the engine's for an action the rules forbid (nothing changes);
 * a failed save is shown, not returned. */
gboolean lw_table_page_apply_action (LwTablePage     *self,
                                     const LwAction  *action,
                                     GError         **error);

/* How far an undo may go now: the viewer's own last action, with the
 * computer seats' answers after it, while no curtain is down and no other
 * person has acted since (lw_table_check_undo(): never back past the Pups
 * the viewer has seen, SCORING R19). Sets @n_actions to the log length to
 * go back to and returns %TRUE, or returns %FALSE and sets @why (nullable)
 * to the reason in words when there is one worth telling (transfer full). */
gboolean lw_table_page_undo_point (LwTablePage  *self,
                                   guint        *n_actions,
                                   char        **why);

/* lw-table-status.c */

/* Shows the table to the viewer; the cards are theirs to pick when it is
 * their turn and no curtain or computer is in the way. */
void lw_table_page_refresh_view (LwTablePage *self);

/* Which step buttons and actions the moment allows, and the title
 * ("Round N", the sides). */
void lw_table_page_update_controls (LwTablePage *self);

/* The line under the table: whose turn and what to do (left alone once
 * the round is over: it says how the round ended). */
void lw_table_page_update_status (LwTablePage *self);

/* @names[s]: who sits in seat s now, "" past the table's last seat (for
 * the words of the table's facts); borrowed. */
void lw_table_page_seat_names (LwTablePage *self,
                               const char  *names[LW_MAX_SEATS]);

/* Hides the table behind the curtain until @seat (0-based) says who they
 * are ("Pass the device to …"). */
void lw_table_page_show_curtain (LwTablePage *self,
                                 int          seat);

/* Stores the finished round with its log (lw_store_append_virtual_round()),
 * ends the game when the scoring engine says so (SCORING: the end of the
 * game) and says how the round or the game ended. Errors are shown. */
void lw_table_page_finish_round (LwTablePage *self);

/* lw-table-bots.c */

/* Starts choosing the move of the computer seat whose turn it is. */
void lw_table_page_start_bot (LwTablePage *self);

/* Forgets a move being chosen or about to be shown. */
void lw_table_page_stop_bot (LwTablePage *self);

/* lw-table-actions.c */

/* Installs the page's actions ("table.*"), their keys and the template's
 * callbacks on the page's class. */
void lw_table_page_class_init_actions (GtkWidgetClass *widget_class);

/* lw-table-host-mode.c */

/* In hosted mode: the host's table shown after its every change (the
 * round's end and the next deal are the host's), the curtain only between
 * two seats played on this device. */
void lw_table_page_host_after_change (LwTablePage *self);

/* In hosted mode: @action of the local seat whose turn it is, sent to
 * lw_table_host_act(). Errors: %LW_TABLE_HOST_ERROR, in words. */
gboolean lw_table_page_host_apply (LwTablePage     *self,
                                   const LwAction  *action,
                                   GError         **error);

/* "table.seats": the Players panel (lw-seats-dialog.h) of a hosted
 * table, opened or brought to the front. */
void lw_table_page_seats_action (LwTablePage *self,
                                 GVariant    *parameter);

/* lw-table-board-mode.c */

/* In board mode, at the board's end: its round's facts entered as the
 * board's result (lw_store_add_event_board_result(), DUPLICATE D9; a
 * refusal is shown in words and nothing is stored), the store's watch
 * told, and the round's end said. */
void lw_table_page_board_finish (LwTablePage *self);

/* In board mode, "Next Board": deals the event round's next board not yet
 * entered at the table. Errors: %LW_ENGINE_ERROR_INVALID once they all
 * are, or the scoring engine's. */
gboolean lw_table_page_board_next (LwTablePage  *self,
                                   GError      **error);

/* In board mode, after lw_table_page_update_controls(): the title (the
 * board, the event round, the table, the dealer), Next Board, and no
 * score sheet or replay (no game is stored). */
void lw_table_page_board_controls (LwTablePage *self);

/* What the UI tests read */

/** lw_table_page_get_board: Returns: the board played in board mode, 0 otherwise. */
guint lw_table_page_get_board (LwTablePage *self);


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

/**
 * lw_table_page_set_trick_hold:
 * @self: the page
 * @msec: how long a finished trick stays on the table before a computer
 *   seat leads the next (1500 by default; 0: no hold)
 * @stepped: count only the time given by lw_table_page_step_hold()
 *   instead of the clock (tests)
 */
void lw_table_page_set_trick_hold (LwTablePage *self,
                                   guint        msec,
                                   gboolean     stepped);

/**
 * lw_table_page_step_hold:
 * @self: the page
 * @msec: time passed, milliseconds
 *
 * With a stepped hold (lw_table_page_set_trick_hold()): counts @msec of
 * the finished trick's hold; once the hold is over the computer's lead
 * is played.
 *
 * Returns: %TRUE while the finished trick is still held.
 */
gboolean lw_table_page_step_hold (LwTablePage *self,
                                  guint        msec);

/**
 * lw_table_page_get_seats_dialog:
 * @self: the page
 *
 * Returns: (transfer none) (nullable): the Seats panel while it is open.
 */
GtkWidget *lw_table_page_get_seats_dialog (LwTablePage *self);

/** lw_table_page_is_holding: Returns: %TRUE while a finished trick is held before a computer's lead. */
gboolean lw_table_page_is_holding (LwTablePage *self);

G_END_DECLS
