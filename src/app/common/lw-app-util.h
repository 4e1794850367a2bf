/* lw-app-util.h — small helpers shared by the app's widgets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-engine.h"
#include "lw-store.h"

G_BEGIN_DECLS

/**
 * lw_spin_get_int:
 * @spin: an integer spin button
 *
 * The number as typed so far (the spin button itself only takes the text
 * in on Enter or when it loses focus), clamped to the spin button's range
 * as it will be then. Empty text counts as the lower bound.
 *
 * Returns: the value
 */
int lw_spin_get_int (GtkSpinButton *spin);

/**
 * lw_spin_connect_activate:
 * @spin: a spin button
 * @callback: called as `void (*) (GtkText *, gpointer)` on Enter
 * @user_data: data for @callback
 *
 * Enter in the spin button's text (GTK 4.8 spin buttons have no signal
 * of their own for it).
 */
void lw_spin_connect_activate (GtkSpinButton *spin,
                               GCallback      callback,
                               gpointer       user_data);

/**
 * lw_spin_connect_changed:
 * @spin: a spin button
 * @callback: called as `void (*) (GtkEditable *, gpointer)` on every edit
 * @user_data: data for @callback
 *
 * Every change of the text, typed or stepped.
 */
void lw_spin_connect_changed (GtkSpinButton *spin,
                              GCallback      callback,
                              gpointer       user_data);

/**
 * lw_describe_round:
 * @record: the game the round belongs to (its rounds up to @result at least)
 * @standings: the standings of @record
 * @result: one of its rounds
 *
 * Returns: (transfer full): one line per side with items or a change:
 *   "Ann +1: Pack +1", a side's delta first, then what made it. A Pack
 *   made with every trick but the last (worth 0, SCORING R11) has a line
 *   of its own, so that the round does not read as "No change".
 */
char *lw_describe_round (const LwGameRecord  *record,
                         const LwStandings   *standings,
                         const LwRoundResult *result);

/**
 * lw_describe_round_facts:
 * @record: the game
 * @round: one of its rounds (or the round being entered)
 *
 * The facts of a round in one compact line, to spot a typo: the declarer,
 * the cards per seat, Den cards held, pegging, penalties, void; in Garwolf
 * the Court cards and Garwolves per seat.
 *
 * Returns: (transfer full): e.g. "Ann declared · Ann 20 · Ben 6 · Ben 2 Worms".
 */
char *lw_describe_round_facts (const LwGameRecord *record,
                               const LwRound      *round);

/**
 * lw_describe_cards:
 * @hand: (array length=n_hand): cards
 * @n_hand: how many, at most 32
 * @mask: which of them, a bit mask over @hand
 *
 * Returns: (transfer full): those cards in short, in @hand's order:
 *   "7♥, Q♥" ("" for none).
 */
char *lw_describe_cards (const LwCard *hand,
                         guint         n_hand,
                         guint32       mask);

/**
 * lw_describe_refusal:
 * @refusal: a refused follow (lw_follow_refusal())
 * @hand: (array length=n_hand): the hand it was checked against
 * @n_hand: how many cards
 *
 * Returns: (transfer full): why, in words, with the cards that would meet
 *   the obligation: "You must play a trump: you hold 7♥, Q♥." (TRICKS §4).
 */
char *lw_describe_refusal (const LwRefusal *refusal,
                           const LwCard    *hand,
                           guint            n_hand);

/**
 * lw_describe_wildcard_as:
 * @wild: a wildcard of a lead (lw_play_wildcards())
 *
 * Returns: (transfer full): the card or rank it stood for (TRICKS §3,
 *   T7–T9): "8♠" (a Run's Little Wolf), "9" (a Set's), a Den card.
 */
char *lw_describe_wildcard_as (const LwWildcard *wild);

/**
 * lw_describe_wildcards:
 * @play: a lead
 *
 * Returns: (transfer full) (nullable): what each wildcard stood for
 *   (lw_play_wildcards(), TRICKS §3): "Little Wolf as 8♠, Big Bear as 9";
 *   %NULL when the play has none.
 */
char *lw_describe_wildcards (const LwPlay *play);

/**
 * lw_describe_bid_event:
 * @event: an event of the bidding (lw_table_bid_events())
 * @names: (array): a name per seat
 *
 * Returns: (transfer full): the event as a sentence: "Ann declares.",
 *   "Bob declines.", "Everyone declined: Ann, with the most cards, loses
 *   a point." (TRICKS §2.4, SCORING R16).
 */
char *lw_describe_bid_event (const LwBidEvent  *event,
                             const char *const *names);

/**
 * lw_message_capitalize:
 * @message: a message in words, e.g. from the engine
 *
 * Returns: (transfer full): @message with a capital first letter, the
 *   words otherwise kept: "Round 1: cards sum to 15, expected 26".
 */
char *lw_message_capitalize (const char *message);

/**
 * lw_widget_get_window:
 * @widget: a widget
 *
 * The window @widget is in, as the parent of a dialog or a window of its
 * own (the edit log, the round editor, table entry).
 *
 * Returns: (transfer none) (nullable): the window, %NULL while @widget is
 *   in none.
 */
GtkWindow *lw_widget_get_window (GtkWidget *widget);

/**
 * lw_widget_count_children:
 * @widget: a widget
 *
 * Returns: how many children @widget holds (its first child and that
 *   child's next siblings), 0 for none.
 */
guint lw_widget_count_children (GtkWidget *widget);

/**
 * lw_widget_get_nth_child:
 * @widget: a widget
 * @index: 0 for its first child, counting on along the siblings
 *
 * Returns: (transfer none) (nullable): the child at @index, %NULL past the
 *   last.
 */
GtkWidget *lw_widget_get_nth_child (GtkWidget *widget,
                                    guint      index);

/**
 * lw_label_get_shown_text:
 * @label: a label that is shown only while it has something to say (an
 *   error, a preview, a note)
 *
 * Returns: (transfer none): the label's text while it is visible, "" while
 *   it is hidden (whatever text it kept).
 */
const char *lw_label_get_shown_text (GtkLabel *label);

/**
 * lw_list_box_remove_all:
 * @list: a list box
 *
 * Removes every row of @list (gtk_list_box_remove_all() is GTK 4.12).
 */
void lw_list_box_remove_all (GtkListBox *list);

/**
 * lw_show_error_dialog:
 * @widget: a widget of the window the dialog is for (its root is the
 *   dialog's parent when it is a window)
 * @heading: the dialog's heading
 * @body: what went wrong; capitalised (lw_message_capitalize())
 *
 * Shows a message dialog with one response, Close, which Enter and Escape
 * also give: the app's one dialog for an error nothing can be done about
 * but read.
 *
 * Returns: (transfer none): the dialog, shown; it is destroyed when
 *   closed (a caller that keeps it adds a weak pointer).
 */
AdwMessageDialog *lw_show_error_dialog (GtkWidget  *widget,
                                        const char *heading,
                                        const char *body);

/**
 * lw_message_dialog_new:
 * @widget: a widget of the window the dialog is for (its root is the
 *   dialog's parent when it is a window)
 * @heading: the dialog's heading
 * @body: (nullable): its text
 * @extra: (nullable) (transfer floating): shown below the text (fields)
 * @accept_id: the response that does the job, suggested and the default
 * @accept_label: its button's label, with a mnemonic
 *
 * The app's one dialog helper: a message dialog with Cancel ("cancel",
 * also its close response) and @accept_id, suggested and the default
 * (lw_message_dialog_set_destructive() makes it a destructive one). Not
 * shown yet: lw_message_dialog_present() connects what @accept_id does
 * and shows it.
 *
 * Returns: (transfer floating): the dialog
 */
AdwMessageDialog *lw_message_dialog_new (GtkWidget  *widget,
                                         const char *heading,
                                         const char *body,
                                         GtkWidget  *extra,
                                         const char *accept_id,
                                         const char *accept_label);

/**
 * lw_message_dialog_set_destructive:
 * @dialog: a dialog of lw_message_dialog_new()
 *
 * Its accept response loses data (a deletion, a restore over the stored
 * scores): shown as destructive, and Enter gives Cancel, as the GNOME
 * guidelines ask of a destructive choice.
 */
void lw_message_dialog_set_destructive (AdwMessageDialog *dialog);

/**
 * lw_message_dialog_present:
 * @dialog: a dialog of lw_message_dialog_new()
 * @accepted: called as `void (*) (AdwMessageDialog *, const char *response,
 *   gpointer owner)` when the dialog gives its accept response only
 *   (Cancel, Escape and closing call nothing)
 * @owner: (type GObject): the object @accepted works on; @accepted is not
 *   called once @owner is finalized
 * @slot: (nullable): where @owner keeps its one open dialog, or %NULL:
 *   the dialog in @slot, if any other, is destroyed; @slot holds @dialog
 *   until @dialog is destroyed, then %NULL
 *
 * Connects @accepted and shows @dialog.
 */
void lw_message_dialog_present (AdwMessageDialog  *dialog,
                                GCallback          accepted,
                                gpointer           owner,
                                AdwMessageDialog **slot);

/**
 * lw_row_pass_focus:
 * @row: a list row that only holds a control
 *
 * Makes Tab go straight to the row's control: the row itself (and, for an
 * #AdwExpanderRow, its header) takes no focus.
 */
void lw_row_pass_focus (GtkWidget *row);

/**
 * lw_format_signed:
 * @value: a number
 *
 * Returns: (transfer full): "+3", "−2" (a true minus sign) or "0".
 */
char *lw_format_signed (int value);

/**
 * lw_format_scores:
 * @n: number of sides
 * @scores: (array length=n): scores
 *
 * Returns: (transfer full): "4 – 16".
 */
char *lw_format_scores (guint      n,
                        const int *scores);

/**
 * lw_isolate_name:
 * @name: a name (UTF-8, as the names rule of docs/rules/GAME-RECORD.md allows it)
 *
 * A name to put inside a sentence or a list on screen ("%s deals next",
 * "Ann vs Ben"). A name holding right-to-left letters or bidirectional
 * controls (U+202E, a format character the names rule allows beside
 * visible ones) is put between U+2068 FIRST STRONG ISOLATE and U+2069
 * POP DIRECTIONAL ISOLATE, after a mark of the window's direction (U+200E,
 * or U+200F in a right-to-left language: Pango takes a label's direction
 * from its first strong character, even inside an isolate), so that it
 * cannot turn the words and numbers around it backwards (Unicode's
 * bidirectional algorithm, UAX #9); any other name is copied as it is.
 *
 * Returns: (transfer full): the name to show.
 */
char *lw_isolate_name (const char *name);

/**
 * lw_sides_title:
 * @record: a record
 *
 * Returns: (transfer full): the sides joined with " vs ", each isolated
 * as lw_isolate_name() says.
 */
char *lw_sides_title (const LwGameRecord *record);

/**
 * lw_rules_text:
 * @record: a record
 *
 * The engine's lw_game_record_rules_text() in the user's language: the
 * rule set @record was started from (its name isolated as
 * lw_isolate_name() says), then the house rules that are not the rulings
 * (TRICKS T9, T22; SCORING G3). Shown by the printed score sheet and the
 * game's details.
 *
 * Returns: (transfer full) (nullable): the text, %NULL for Standard rules.
 */
char *lw_rules_text (const LwGameRecord *record);

/**
 * lw_drop_down_ellipsize:
 * @drop_down: a drop-down on a #GtkStringList
 *
 * The drop-down's button shows its choice ellipsized, so that a long
 * player name never widens the window; the list shows names in full.
 */
void lw_drop_down_ellipsize (GtkDropDown *drop_down);

/**
 * lw_describe_edit:
 * @record: the game before the edit
 * @edit: the edit
 * @result: what lw_edit_apply() made of it
 *
 * What a correction does to the rest of the game, in words, one fact a
 * line: the later rounds that change ("Rounds 4–7 change"), each side's
 * score at the end that changes ("Ann’s score after round 7: 9 → 8"),
 * and whether the game now ends, has another winner or a skunk (SCORING
 * R18–R25).
 *
 * Returns: (transfer full): the text.
 */
char *lw_describe_edit (const LwGameRecord *record,
                        const LwEdit       *edit,
                        const LwEditResult *result);

/**
 * lw_format_time:
 * @unix_time: seconds since 1970 (UTC); 0 for not known
 * @with_date: whether to give the date too
 *
 * Returns: (transfer full): the local time, "14:05" or "2024-05-12 14:05";
 *   "" when @unix_time is 0.
 */
char *lw_format_time (gint64   unix_time,
                      gboolean with_date);

/**
 * lw_parse_time:
 * @text: "YYYY-MM-DD", "YYYY-MM-DD HH:MM" (local time), or blank
 * @unix_time: (out): seconds since 1970 (UTC), 0 for blank text
 *
 * Returns: %TRUE when @text is blank or such a date.
 */
gboolean lw_parse_time (const char *text,
                        gint64     *unix_time);

/**
 * lw_toast_offer_restore:
 * @toast: (nullable): the toast saying a game was deleted
 * @widget: a widget in the window (its "win.show-games" is activated after
 *   the game is back)
 * @store: the database
 * @id: the deleted game's ID
 *
 * Gives @toast an Undo button that brings the game back
 * (lw_store_restore_game()).
 */
void lw_toast_offer_restore (AdwToast  *toast,
                             GtkWidget *widget,
                             LwStore   *store,
                             gint64     id);

/**
 * lw_widget_add_toast:
 * @widget: a widget inside a window's #AdwToastOverlay (a page)
 * @title: the message, plain text (escaped for the toast's markup)
 *
 * Shows a short message at the bottom of the window that holds @widget,
 * in the nearest #AdwToastOverlay above it: a page shows toasts without
 * knowing its window.
 *
 * Returns: (transfer none) (nullable): the toast, owned by the overlay;
 *   %NULL when no overlay holds @widget.
 */
AdwToast *lw_widget_add_toast (GtkWidget  *widget,
                               const char *title);

/**
 * lw_penalty_kind_describe:
 * @kind: an in-round penalty (SCORING R19)
 *
 * Returns: (transfer none): "played out of turn", "looked at discards".
 */
const char *lw_penalty_kind_describe (LwPenaltyKind kind);

/**
 * lw_find_widget:
 * @widget: the top of a widget tree
 * @type: a widget type
 *
 * Looks for a widget of @type in @widget's tree, depth first (@widget
 * itself included), e.g. the list inside a GtkEntryCompletion's popover.
 *
 * Returns: (transfer none) (nullable): the first one found, or %NULL.
 */
GtkWidget *lw_find_widget (GtkWidget *widget,
                           GType      type);

/**
 * lw_window_fit_parent:
 * @window: a window of its own beside the main one (the edit log, the
 *   round editor)
 * @parent: (nullable): the window it belongs to
 * @width: its default width (px, > 0)
 * @height: its default height (px, > 0)
 *
 * Makes @window transient for @parent and gives it @width × @height,
 * never wider or taller than @parent once @parent has a size (a phone).
 */
void lw_window_fit_parent (GtkWindow *window,
                           GtkWindow *parent,
                           int        width,
                           int        height);

/**
 * lw_file_chooser_new:
 * @widget: a widget of the window the chooser is for
 * @title: the chooser's title
 * @action: open or save
 * @accept_label: its accept button's label, with a mnemonic
 * @suggested_name: (nullable): the file name offered when saving
 *
 * The app's file chooser: modal over @widget's window, with Cancel.
 * Not shown yet: add filters (lw_file_chooser_add_filter()), then
 * lw_file_chooser_show().
 *
 * Returns: (transfer full): the chooser
 */
GtkFileChooserNative *lw_file_chooser_new (GtkWidget            *widget,
                                           const char           *title,
                                           GtkFileChooserAction  action,
                                           const char           *accept_label,
                                           const char           *suggested_name);

/**
 * lw_file_chooser_add_filter:
 * @chooser: a chooser
 * @name: the filter's name, as the chooser shows it
 * @mime_type: (nullable): the files' MIME type
 * @suffix: (nullable): their file name suffix, without the dot
 *
 * Adds a filter of the files with @mime_type or @suffix; with neither,
 * of every file.
 *
 * Returns: (transfer none): the filter, kept by @chooser (for more
 *   suffixes, or to make it the chooser's current one)
 */
GtkFileFilter *lw_file_chooser_add_filter (GtkFileChooserNative *chooser,
                                           const char           *name,
                                           const char           *mime_type,
                                           const char           *suffix);

/**
 * LwFileChosenFunc:
 * @owner: the object the chooser was shown for
 * @file: the file chosen
 * @chooser: the chooser (its object data, say)
 *
 * What a file chooser does with the file chosen.
 */
typedef void (*LwFileChosenFunc) (gpointer        owner,
                                  GFile          *file,
                                  GtkFileChooser *chooser);

/**
 * lw_file_chooser_show:
 * @chooser: (transfer full): a chooser of lw_file_chooser_new()
 * @chosen: called with the file when one is chosen (not on Cancel, nor
 *   once @owner is finalized)
 * @owner: (type GObject): the object @chosen works on
 * @slot: (nullable): where @owner keeps its open chooser: @slot holds
 *   the chooser's reference until it answers, then %NULL (@owner's
 *   dispose destroys what @slot holds); without @slot the chooser
 *   holds its own
 *
 * Shows @chooser.
 */
void lw_file_chooser_show (GtkFileChooserNative  *chooser,
                           LwFileChosenFunc       chosen,
                           gpointer               owner,
                           GtkFileChooserNative **slot);

G_END_DECLS
