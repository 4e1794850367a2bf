/* lw-app-util.h — small helpers shared by the app's widgets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-engine.h"
#include "lw-store.h"
#include "lw-words.h"

G_BEGIN_DECLS

/**
 * lw_app_attach_primary_menu:
 * @button: a section header's main-menu button (lw-primary-menu.ui's
 *   menu: New Game, Import, the sections, Print Blank Score Sheet, Back Up,
 *   Restore, Preferences, Keyboard Shortcuts, About)
 *
 * Gives @button the main menu, made when it is first opened (by a click or
 * F10) and then shared by every section's button: building its items at
 * start-up took a part of the time to the window's first frame.
 */
void lw_app_attach_primary_menu (GtkMenuButton *button);

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
 * lw_widget_run_worker:
 * @widget: the widget the work is for: the task's source object
 * @cancellable: (inout) (not optional): @widget's slot for its worker's
 *   cancellable: the one there (nullable) is cancelled and dropped, so that
 *   an earlier worker's result comes back as %G_IO_ERROR_CANCELLED, and a
 *   new one is put there (owned by the slot)
 * @callback: called in the main context with the task's result
 * @source_tag: the task's source tag (the function that starts the work)
 * @task_data: (transfer full): what the worker reads
 * @task_data_free: frees @task_data once the task is done
 * @thread_func: the work, run in a thread of GLib's pool (with a
 *   connection of its own if it reads the store)
 *
 * Starts a widget's work in a thread, in place of any work of the widget
 * still running (a page that reads its figures again when the store
 * changes).
 *
 * Returns: (transfer full): the task, started.
 */
GTask *lw_widget_run_worker (GtkWidget            *widget,
                             GCancellable        **cancellable,
                             GAsyncReadyCallback   callback,
                             gpointer              source_tag,
                             gpointer              task_data,
                             GDestroyNotify        task_data_free,
                             GTaskThreadFunc       thread_func);

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
 * lw_label_set_shown_text:
 * @label: a label that is shown only while it has something to say (an
 *   error, a status, a warning)
 * @text: (nullable): what it says; %NULL or "" hides it
 *
 * Sets @label's text and shows it, or empties and hides it
 * (lw_label_get_shown_text() reads it back).
 */
void lw_label_set_shown_text (GtkLabel   *label,
                              const char *text);

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
 * lw_drop_down_ellipsize:
 * @drop_down: a drop-down on a #GtkStringList
 *
 * The drop-down's button shows its choice ellipsized, so that a long
 * player name never widens the window; the list shows names in full.
 */
void lw_drop_down_ellipsize (GtkDropDown *drop_down);

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
 * lw_window_close_soon:
 * @window: a window of its own (the round editor, Enter Board)
 *
 * Hides @window at once and destroys it from an idle, once the signal
 * or dialog response under way is over, not inside it. @window is kept
 * alive until then.
 */
void lw_window_close_soon (GtkWindow *window);

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
