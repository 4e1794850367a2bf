/* lw-game-page-private.h — the game page's insides, shared by its files
 * (lw-game-page.c, lw-game-edits.c, lw-game-dialogs.c, lw-game-export.c),
 * and what the UI tests read of it. Included by those files and the
 * tests only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-scoreboard.h"
#include "lw-game-page.h"
#include "lw-game-view.h"
#include "lw-round-editor.h"
#include "lw-round-form.h"
#include "lw-score-chart.h"

G_BEGIN_DECLS

struct _LwGamePage
{
  AdwBin parent_instance;

  /* template widgets */
  GtkWidget *window_title;      /* the header bar's title: the names, wrapping */
  GtkLabel *title_label;        /* the names, shown when they fit */
  GtkLabel *short_title_label;  /* "4 Players" in their place */
  GtkLabel *subtitle_label;
  GtkWidget *undo_button;
  GtkScrolledWindow *scroller;
  GtkWidget *details_list;
  AdwActionRow *details_row;
  LwScoreboard *scoreboard;
  LwScoreChart *chart;
  GtkWidget *result_box;
  GtkLabel *result_label;
  GtkLabel *result_detail_label;
  AdwPreferencesGroup *last_round_group;
  GtkLabel *last_round_label;
  LwRoundForm *round_form;
  AdwPreferencesGroup *history_group;
  GtkScrolledWindow *history_scroller;
  GtkListView *history_list;

  /* owned */
  LwStore *store;
  LwGameView *view;           /* the game shown, read once per change */
  GtkFileChooserNative *chooser;
  /* the history's model: one item per round, newest first (the item at
   * position P is round n − P); its rows are made for the rounds in view
   * only and given their round by fill_history_row() */
  GtkStringList *history_model;
  GHashTable *history_items;  /* the GtkListItems bound now (a set) */
  char *history_text;         /* lw_game_page_get_history_text()'s last */

  /* borrowed from @view: its last reading, %NULL before the first */
  const LwStoredGame *game;
  const LwStandings *standings;
  GPtrArray *round_players;   /* per round, who sat in each seat (GStrv) */
  GPtrArray *penalties;       /* LwStoredPenalty*, the stored rounds' */

  /* what the next reading of @view does to the round form: keep what is
   * typed (a change from elsewhere) or start afresh (a round added) */
  gboolean keep_form;

  /* the last "Round N added" toast while shown, replaced by the next one */
  AdwToast *round_toast;
  /* what its Undo button undoes: that many changes of that game, as long
   * as the game is still at that version (a phone or another program may
   * have changed it since) */
  gint64 undo_game;
  guint undo_steps;
  gint64 undo_version;
  gboolean undo_clears_form;  /* the Undo brings back the round in the form */

  /* borrowed: the round editor or a dialog while shown */
  LwRoundEditor *editor;
  AdwMessageDialog *dialog;
  GtkWidget *entry_dialog;    /* table entry (game.table-entry) */
};

/* Shared by the page's files */

/* Returns: (transfer none) (nullable): the field named @name (its widget
 * name) of @dialog, %NULL when it has none. */
GtkWidget *lw_game_page_dialog_field (AdwMessageDialog *dialog,
                                      const char       *name);

/* Returns: %TRUE when the game shown is a Garwolf game (hands, not rounds). */
gboolean lw_game_page_is_garwolf (LwGamePage *self);

/* After the page changed game @id: the store's watch tells the change
 * now (lw_store_watch_flush()), so that the view reads the game once and
 * the page shows it before going on. A reading that fails is told in a
 * toast (#LwGameView::failed). @keep_form: what is typed in the form
 * stays. Returns: %TRUE, for the callers' chains of steps. */
gboolean lw_game_page_refresh (LwGamePage *self,
                               gboolean    keep_form);

/* @undo_steps: how many changes of the game the toast's Undo button takes
 * back (lw_store_undo_last_edit()); 0 for no button. */
void lw_game_page_round_toast (LwGamePage *self,
                               const char *message,
                               guint       undo_steps);

/* Shows @error's message, capitalised, as a toast. */
void lw_game_page_show_error_toast (LwGamePage   *self,
                                    const GError *error);

/* Returns: (transfer none): the toast showing @text in the window's overlay. */
AdwToast *lw_game_page_toast (LwGamePage *self,
                              const char *message);

/* lw-game-actions.c: installs "game.back-to-table", "game.delete",
 * "game.edit-log", "game.table-entry", "game.lock-round" (u) and Alt+T
 * on @widget_class, the page's class. */
void lw_game_page_install_actions (GtkWidgetClass *widget_class);

/* lw-game-export.c: installs "game.export" (the score sheet to a CSV file
 * chosen), "game.print" (the filled-in score sheet) and "game.print-blank"
 * (a blank score sheet with a column for each of this game's sides) on
 * @widget_class, the page's class. */
void lw_game_page_install_export_actions (GtkWidgetClass *widget_class);

/* lw-game-edits.c: installs "game.edit-round" (u: the round editor for
 * round N), "game.undo-edit" (the round toast's Undo), "game.undo" (the
 * game's last change undone, however long ago) and "game.replay-round"
 * (u: round N replayed trick by trick) on @widget_class, the page's class. */
void lw_game_page_install_edit_actions (GtkWidgetClass *widget_class);

/* lw-game-dialogs.c: installs "game.note-penalty" (a penalty noted during
 * the round), "game.substitute" (another player in a seat from the next
 * round) and "game.details" (the game's details dialog) on @widget_class,
 * the page's class. */
void lw_game_page_install_dialog_actions (GtkWidgetClass *widget_class);

/* A penalty noted now taken back from the round form (lw-game-dialogs.c). */
void lw_game_page_pending_penalty_removed_cb (LwRoundForm *form,
                                              gint64       pending_id,
                                              LwGamePage  *self);

/* "Take Back the Last Round" (game.undo-round, and game.undo when the
 * game's last change added its last round): the round goes back into the
 * form, with a toast whose Undo brings it back, with its virtual table's
 * log (lw_store_remove_last_round(), lw_store_undo_last_edit()). */
void lw_game_page_take_back_round (LwGamePage *self);

/* Whether @entry (the game's last change, nullable) added the game's last
 * round: Ctrl+Z takes that round back. */
gboolean lw_game_page_last_change_adds_last_round (LwGamePage         *self,
                                                   const LwLoggedEdit *entry);

/* @@INTERNALS@@ */

/* What the tests read */

/** Returns: (transfer none): the board. */
LwScoreboard *lw_game_page_get_scoreboard (LwGamePage *self);

/** Returns: (transfer none): the score chart, below the board. */
LwScoreChart *lw_game_page_get_chart (LwGamePage *self);

/**
 * lw_game_page_get_details_text:
 * @self: the page
 * @subtitle: %FALSE for the date and place, %TRUE for the notes
 *
 * Returns: (transfer none): the game's details as shown, "" when hidden.
 */
const char *lw_game_page_get_details_text (LwGamePage *self,
                                           gboolean    subtitle);

/** Returns: (transfer none) (nullable): the open dialog (game.note-penalty, game.substitute, game.details). */
AdwMessageDialog *lw_game_page_get_dialog (LwGamePage *self);

/** Returns: whether the round form is shown (the game goes on). */
gboolean lw_game_page_get_form_visible (LwGamePage *self);

/** Returns: the shown game's ID, 0 when none. */
gint64 lw_game_page_get_game_id (LwGamePage *self);

/**
 * lw_game_page_get_history_row:
 * @self: the page
 * @index: a row of the history, 0 for the newest round
 *
 * The history's rows are made only for the rounds in view: the page's
 * main loop is run (at most a second) until the row is made.
 *
 * Returns: (transfer none) (nullable): the row, %NULL when it is not in
 *   view; activating it (Enter, a click) opens its round in the round
 *   editor.
 */
GtkWidget *lw_game_page_get_history_row (LwGamePage *self,
                                         guint       index);

/**
 * lw_game_page_get_history_text:
 * @self: the page
 * @index: a row of the history, 0 for the newest round
 *
 * Returns: (transfer none) (nullable): the row's facts and breakdown.
 */
const char *lw_game_page_get_history_text (LwGamePage *self,
                                           guint       index);

/** Returns: (transfer none): the last submitted round's breakdown, "" when none. */
const char *lw_game_page_get_last_round_text (LwGamePage *self);

/** Returns: (transfer none): the title above the last round's breakdown, "" when hidden. */
const char *lw_game_page_get_last_round_title (LwGamePage *self);

/** Returns: the rounds in the round history (its model's items). */
guint lw_game_page_get_n_history_rows (LwGamePage *self);

/** Returns: (transfer none) (nullable): the shown game's record. */
const LwGameRecord *lw_game_page_get_record (LwGamePage *self);

/** Returns: (transfer none): the result line, "" while the game goes on. */
const char *lw_game_page_get_result_text (LwGamePage *self);

/** Returns: (transfer none) (nullable): the open round editor (game.edit-round). */
LwRoundEditor *lw_game_page_get_round_editor (LwGamePage *self);

/** Returns: (transfer none): the round form. */
LwRoundForm *lw_game_page_get_round_form (LwGamePage *self);

/** Returns: (transfer none) (nullable): the toast about the last round added or taken back, while shown. */
AdwToast *lw_game_page_get_round_toast (LwGamePage *self);

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

/** Returns: (transfer none) (nullable): the shown game's standings. */
const LwStandings *lw_game_page_get_standings (LwGamePage *self);

/** Returns: (transfer none) (nullable): the table entry window (game.table-entry) while open. */
GtkWidget *lw_game_page_get_entry_dialog (LwGamePage *self);

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

/**
 * lw_game_page_get_view:
 * @self: the page
 *
 * Returns: (transfer none): the game shown, as read once per change and
 *   shown by the board, the chart, the round form and the history.
 */
LwGameView *lw_game_page_get_view (LwGamePage *self);

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

G_END_DECLS
