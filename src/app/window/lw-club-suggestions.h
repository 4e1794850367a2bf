/* lw-club-suggestions.h — suggestions in the app (docs/CLUB-SERVER.md
 * "Suggestions"): the libpq work of lw_club_suggest(),
 * lw_club_list_suggestions() and lw_club_decide_suggestion() on a worker
 * thread with a connection of its own, and a suggestion in words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-club.h"

G_BEGIN_DECLS

/**
 * lw_club_task_on_another:
 * @store: the window's store
 * @tag: the task's source tag (the _async function)
 * @cancellable: (nullable): cancels the wait for the result
 * @callback: called in the caller's thread-default main context
 * @user_data: for @callback
 *
 * A task for a worker thread whose task data is a second connection to
 * @store (lw_store_open_another(), waiting up to 5 s for the database):
 * the club's libpq calls run there, and the window's connection is never
 * used by two threads. Used by the Club page's suggestions and conflicts.
 *
 * Returns: (transfer full) (nullable): the task, not run yet; %NULL when
 *   no second connection opens (the task then returned the error, to
 *   @callback).
 */
GTask *lw_club_task_on_another (LwStore             *store,
                                gpointer             tag,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data);

/**
 * LwClubWrite:
 * @other: the second connection (lw_club_task_on_another())
 * @data: the copy of what lw_club_run_on_another() was given
 * @error: return location for a #GError
 *
 * A change on the club server, on a worker thread.
 *
 * Returns: %TRUE when made.
 */
typedef gboolean (*LwClubWrite) (LwStore        *other,
                                 gconstpointer   data,
                                 GError        **error);

/**
 * lw_club_run_on_another:
 * @store: the window's store
 * @tag: the task's source tag (the _async function)
 * @func: the change, run on a worker thread with a second connection
 *   (lw_club_task_on_another())
 * @data: for @func, copied (@size bytes)
 * @size: the size of @data
 * @cancellable: (nullable): cancels the wait for the result
 * @callback: (nullable): called in the caller's thread-default main
 *   context
 * @user_data: for @callback
 *
 * @func on a worker thread with a connection of its own; then, in the
 * caller's context, the store's watch reads the change the other
 * connection made (lw_store_watch_check()), then @callback, whose result
 * holds @func's %TRUE or its error (g_task_propagate_boolean()). Used by
 * a suggestion's decision and a conflict's resolution.
 */
void lw_club_run_on_another (LwStore             *store,
                             gpointer             tag,
                             LwClubWrite          func,
                             gconstpointer        data,
                             gsize                size,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data);

/**
 * lw_club_game_owner:
 * @store: a store
 * @game: a game ID
 *
 * Whether a refused correction of game @game can be sent as a suggestion
 * (docs/CLUB-SERVER.md "Ownership and conflicts"): the database is a club
 * laptop (lw_store_club_get_state()) and the game is held here from
 * another laptop (lw_store_club_find_game()). Reads the local database
 * only; a failed read counts as no.
 *
 * Returns: (transfer full) (nullable): the name of the laptop that owns
 *   the game, %NULL when the correction cannot be suggested (the game is
 *   this laptop's own, not there, or no club is joined).
 */
char *lw_club_game_owner (LwStore *store,
                          gint64   game);

/**
 * lw_club_offer_dialog_new:
 * @widget: a widget of the window the dialog is for
 * @store: the window's store
 * @game: the game whose correction the store refused
 * @refusal: the store's refusal ("game 3 belongs to club laptop “Front
 *   desk”: it is read-only here; …")
 *
 * The offer that follows a refused correction of another club laptop's
 * game (lw_club_game_owner() names the laptop): the refusal, then that
 * the correction can go to that laptop as a suggestion; Cancel and "Send
 * as Suggestion" (response "suggest"), made with lw_message_dialog_new().
 * Not shown yet. The laptop's name is the dialog's data "lw-owner".
 *
 * Returns: (transfer floating) (nullable): the dialog, %NULL when the
 *   correction cannot be suggested (no club, or a game of this laptop's
 *   own): the refusal then stands alone.
 */
AdwMessageDialog *lw_club_offer_dialog_new (GtkWidget    *widget,
                                            LwStore      *store,
                                            gint64        game,
                                            const GError *refusal);

/**
 * lw_club_describe_not_sent:
 * @error: why lw_club_suggest_finish() failed
 *
 * Returns: (transfer full): "The suggestion was not sent: " and @error's
 *   words, capitalised, for the form that holds the correction.
 */
char *lw_club_describe_not_sent (const GError *error);

/**
 * lw_club_describe_sent:
 * @id: a suggestion's number on the server
 * @owner: the laptop it went to
 *
 * Returns: (transfer full): the toast once it is sent: "Suggestion 7 sent
 *   to “Front desk”: it waits for that laptop's decision".
 */
char *lw_club_describe_sent (gint64      id,
                             const char *owner);

/**
 * lw_club_suggest_async:
 * @store: the window's store (a club laptop)
 * @game: a game held here from another laptop
 * @edit: the correction (lw_store_replace_round(), lw_store_insert_round()
 *   or lw_store_delete_round() would make it); copied, round included
 * @cancellable: (nullable): cancels the wait for the result (a suggestion
 *   already on its way may still arrive on the server)
 * @callback: called in the caller's thread-default main context
 * @user_data: for @callback
 *
 * lw_club_suggest() on a worker thread (GTask) with a connection of its
 * own (lw_store_open_another()): the main loop never waits for the
 * server.
 */
void lw_club_suggest_async (LwStore             *store,
                            gint64               game,
                            const LwEdit        *edit,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data);

/**
 * lw_club_suggest_finish:
 * @result: the result given to the callback
 * @id: (out) (optional): the suggestion's number on the server
 * @error: return location for a #GError: lw_club_suggest()'s,
 *   %LW_STORE_ERROR_OPEN when no second connection opens,
 *   %G_IO_ERROR_CANCELLED once cancelled
 *
 * Returns: %TRUE when the suggestion was sent.
 */
gboolean lw_club_suggest_finish (GAsyncResult  *result,
                                 gint64        *id,
                                 GError       **error);

/**
 * LwClubSuggestionItem:
 * @suggestion: (transfer full): the suggestion as the server holds it
 * @title: (transfer full): the game and the correction in words: "Ann
 *   vs Ben · Round 2 changed", "… · Round 3 deleted", "… · New round
 *   before round 3" (hands for Garwolf); "Game not held here · Round 2
 *   changed" when the game is not in this database
 * @subtitle: (transfer full): who sent it (incoming) or whom to and its
 *   state (sent), when, the game's ID here; then the round's facts
 *   (lw_describe_round_facts(): now and before for a replacement), then
 *   what it does to the rest of the game (lw_describe_edit()), each on a
 *   line of its own; a correction that no longer applies says why
 *
 * One suggestion in the words of the Club page.
 */
typedef struct {
  LwClubSuggestion *suggestion;
  char             *title;
  char             *subtitle;
} LwClubSuggestionItem;

void lw_club_suggestion_item_free (LwClubSuggestionItem *item);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwClubSuggestionItem, lw_club_suggestion_item_free)

/**
 * lw_club_suggestion_item_new:
 * @store: the database the suggestion's game is looked up in
 * @suggestion: (transfer full): a suggestion of lw_club_list_suggestions()
 *
 * Puts @suggestion into words (#LwClubSuggestionItem), reading its game
 * from @store (local reads only).
 *
 * Returns: (transfer full): the item.
 */
LwClubSuggestionItem *lw_club_suggestion_item_new (LwStore          *store,
                                                   LwClubSuggestion *suggestion);

/* The suggestions the Club page lists at once. */
#define LW_CLUB_SUGGESTIONS_PAGE 100

/**
 * lw_club_list_suggestions_async:
 * @store: the window's store (a club laptop)
 * @offset: how many of the newest suggestions to pass over: the page
 *   starts there
 * @cancellable: (nullable): cancels the wait for the result
 * @callback: called in the caller's thread-default main context
 * @user_data: for @callback
 *
 * lw_club_list_suggestions() of one page (%LW_CLUB_SUGGESTIONS_PAGE
 * from @offset) and lw_club_suggestion_item_new() for each, on a worker
 * thread with a connection of its own.
 */
void lw_club_list_suggestions_async (LwStore             *store,
                                     guint                offset,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);

/**
 * lw_club_list_suggestions_finish:
 * @result: the result given to the callback
 * @more: (out) (optional): set to whether older suggestions are left
 *   past the page
 * @error: return location for a #GError: lw_club_list_suggestions()'s,
 *   %LW_STORE_ERROR_OPEN, %G_IO_ERROR_CANCELLED
 *
 * Returns: (transfer full) (element-type LwClubSuggestionItem*)
 *   (nullable): the page of the suggestions sent from here and those
 *   aimed at this laptop's games, newest first; %NULL on error.
 */
GPtrArray *lw_club_list_suggestions_finish (GAsyncResult  *result,
                                            gboolean      *more,
                                            GError       **error);

/**
 * lw_club_decide_suggestion_async:
 * @store: the window's store (a club laptop)
 * @id: an open suggestion's number, aimed at one of this laptop's games
 * @accept: %TRUE to accept it (its correction made here as this laptop's
 *   own), %FALSE to decline it
 * @cancellable: (nullable): cancels the wait for the result (the
 *   decision may still be made)
 * @callback: called in the caller's thread-default main context
 * @user_data: for @callback
 *
 * lw_club_decide_suggestion() on a worker thread with a connection of its
 * own. Once an accepted correction is stored, the store's watch is told
 * (lw_store_watch_check(), before @callback), so that the pages showing
 * the game show it changed.
 */
void lw_club_decide_suggestion_async (LwStore             *store,
                                      gint64               id,
                                      gboolean             accept,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);

/**
 * lw_club_decide_suggestion_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError: lw_club_decide_suggestion()'s
 *   ("game 3 changed since suggestion 2 was made (version 4, now 5):
 *   decline it"), %LW_STORE_ERROR_OPEN, %G_IO_ERROR_CANCELLED
 *
 * Returns: %TRUE when decided.
 */
gboolean lw_club_decide_suggestion_finish (GAsyncResult  *result,
                                           GError       **error);

G_END_DECLS
