/* lw-table-page-private.h — the virtual table page's insides, shared by its
 * files (lw-table-page.c the page, a view of its LwTableSession;
 * lw-table-status.c what it shows; lw-table-actions.c its actions;
 * lw-table-host-mode.c a hosted table; lw-table-board-mode.c a duplicate
 * event's boards), and what the UI tests read of it.
 * Included by those files and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-web-server.h"
#include "lw-table-host.h"
#include "lw-table-page.h"
#include "lw-table-session.h"

G_BEGIN_DECLS

/* Board mode's state (lw-table-board-mode.c): a duplicate event's boards
 * at one table, each played by a session of its own
 * (lw_table_session_new_board()). */
typedef struct
{
  gint64 event_id;
  guint round;               /* the event round, 1-based */
  guint table;               /* the table, 1-based */
  LwTableSeats seats;        /* who plays each seat */
} LwTableBoards;

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
  LwTableSession *session;  /* the game's loop shown: the page's own, or the host's */
  gulong session_changed;
  char *status;
  GArray *choices;          /* LwPlay: readings of a lead waiting for an answer */

  int viewer;               /* the person whose hand is shown */
  int curtain_seat;         /* waiting for this person, or LW_NO_SEAT */
  guint shown_round;        /* the session's round last shown (a new deal: the curtain first) */
  gboolean shown_over;      /* the round's end shown (said once) */
  guint pause_ms;           /* the sessions' timing (lw_table_session_set_timing()) */
  guint hold_ms;
  gboolean hold_stepped;
  gboolean status_is_error;
  GSimpleActionGroup *view_actions; /* "view.hand-by-suit" */

  /* hosted mode (lw-table-host-mode.c): the session is the host's */
  LwTableHost *host;
  LwWebServer *server;
  char *link_address;       /* the address the links name */
  GtkWidget *seats_dialog;  /* borrowed, while it is open */

  /* board mode (lw-table-board-mode.c): a duplicate event's boards */
  LwTableBoards *boards;
};

/* Shared by the page's files: what the page shows, read from the session */

/* Returns: (transfer none) (nullable): the game shown, its rounds so far. */
const LwGameRecord *lw_table_page_get_record (LwTablePage *self);

/* Returns: (transfer none) (nullable): its standings. */
const LwStandings *lw_table_page_get_standings (LwTablePage *self);

/* Returns: the game's round the table deals, 1-based. */
guint lw_table_page_get_round_number (LwTablePage *self);

/* Returns: whether @seat is played by the computer. */
gboolean lw_table_page_is_computer (LwTablePage *self,
                                    int          seat);

/* Returns: how many seats people play. */
guint lw_table_page_n_people (LwTablePage *self);

/* Returns: the seat winning the trick under way under the game's rules
 * (lw_table_session_get_winning_seat()), or %LW_NO_SEAT. */
int lw_table_page_get_winning_seat (LwTablePage *self);

/* Returns: the cards of the hand to follow every legal follow holds, not
 * among @picked (lw_table_session_get_obligatory()). */
guint32 lw_table_page_get_obligatory (LwTablePage *self,
                                      guint32      picked);

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

/* Shows @session (transfer full), not started, in place of the one
 * shown: its "changed" listened to, its timing given, the next round on
 * request, started; the hand shown the one person's when one person
 * plays. Errors: lw_table_session_start()'s (the session dropped). */
gboolean lw_table_page_show_session (LwTablePage     *self,
                                     LwTableSession  *session,
                                     GError         **error);

/* Ends the session shown, when there is one (the page's own is stopped;
 * the host's goes on with the host). */
void lw_table_page_drop_session (LwTablePage *self);

/* After every change of the table: the round's end said, the curtain or
 * the person's turn, then the view, status and buttons. */
void lw_table_page_after_change (LwTablePage *self);

/* Applies @action (lw_table_session_apply(), the host's
 * lw_table_host_act() in hosted mode) and shows the
 * change. Errors: the engine's for an action the rules forbid (nothing
 * changes). */
gboolean lw_table_page_apply_action (LwTablePage     *self,
                                     const LwAction  *action,
                                     GError         **error);

/* Whether the viewer may take back their last play now
 * (lw_table_session_undo_point(), while no curtain is down, never in
 * hosted mode); @why (nullable) is set to the reason in words
 * when there is one worth telling (transfer full). */
gboolean lw_table_page_can_undo (LwTablePage  *self,
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

/* lw-table-actions.c */

/* Installs the page's actions ("table.*"), their keys and the template's
 * callbacks on the page's class. */
void lw_table_page_class_init_actions (GtkWidgetClass *widget_class);

/* lw-table-host-mode.c */

/* In hosted mode, after every change: whose hand is shown (the one seat
 * played on this device, none when none is) and the curtain, only between
 * two seats played here. */
void lw_table_page_host_viewer (LwTablePage *self);

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

/* In board mode, at the board's end (entered by the session, DUPLICATE
 * D9): the board's round said, or why it was not entered. */
void lw_table_page_board_end (LwTablePage *self);

/* In board mode: whether every board of the event round is entered at
 * the table. */
gboolean lw_table_page_board_all_done (LwTablePage *self);

/* In board mode, "Next Board": deals the event round's next board not yet
 * entered at the table. Errors: %LW_ENGINE_ERROR_INVALID once they all
 * are, or the scoring engine's. */
gboolean lw_table_page_board_next (LwTablePage  *self,
                                   GError      **error);

/* In board mode, after lw_table_page_update_controls(): the title (the
 * board, the event round, the table, the dealer), Next Board, and no
 * score sheet or replay (no game is stored). */
void lw_table_page_board_controls (LwTablePage *self);

/* Ends board mode, when on; the board being played is not entered. */
void lw_table_page_stop_boards (LwTablePage *self);

/* What the UI tests read */

/** lw_table_page_is_hosted: Returns: %TRUE while in hosted mode. */
gboolean lw_table_page_is_hosted (LwTablePage *self);

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

/** lw_table_page_get_host: Returns: (transfer none) (nullable): the hosted table. */
LwTableHost *lw_table_page_get_host (LwTablePage *self);

/** lw_table_page_get_event_id: Returns: the event whose boards the page plays, 0 when not in board mode. */
gint64 lw_table_page_get_event_id (LwTablePage *self);

/** lw_table_page_get_view: Returns: (transfer none): the drawing of the table. */
LwTableView *lw_table_page_get_view (LwTablePage *self);

/* Forgets a computer's move being chosen or about to be shown (the
 * session stopped; tests, at their end). */
void lw_table_page_stop_bot (LwTablePage *self);

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
 *   0 for tests; none when animations are off), given to the session
 *   shown now and to those opened later
 */
void lw_table_page_set_computer_pause (LwTablePage *self,
                                       guint        msec);

/**
 * lw_table_page_set_trick_hold:
 * @self: the page
 * @msec: how long a finished trick stays on the table before a computer
 *   seat leads the next (1500 by default; 0: no hold), given to the
 *   session shown now and to those opened later
 *   (lw_table_session_set_timing())
 * @stepped: count only the time given by lw_table_page_step_hold()
 *   instead of the clock (tests; lw_table_session_set_hold_stepped())
 */
void lw_table_page_set_trick_hold (LwTablePage *self,
                                   guint        msec,
                                   gboolean     stepped);

/**
 * lw_table_page_step_hold:
 * @self: the page
 * @msec: time passed, milliseconds
 *
 * With a stepped hold (lw_table_page_set_trick_hold()): the session's
 * lw_table_session_step_hold(), which counts @msec of the finished
 * trick's hold and plays the computer's lead once the hold is over.
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
