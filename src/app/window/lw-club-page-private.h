/* lw-club-page-private.h — what the UI tests read of lw-club-page.c:
 * included by that file and the tests only, never by the app's other
 * files. The tests find a suggestion's row by its widget name,
 * "suggestion-ID" (the suggestion's number on the server), and a game's
 * row among the conflicts by "conflict-ID" (the game's local ID), with
 * lw_test_find().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-club-page.h"

G_BEGIN_DECLS

/**
 * lw_club_page_is_busy:
 * @page: a page of lw_club_page_new()
 *
 * Returns: whether the suggestions or the conflicts are being read,
 *   decided or resolved (tests).
 */
gboolean lw_club_page_is_busy (GtkWidget *page);

/**
 * lw_club_page_get_n_suggestions:
 * @page: a page of lw_club_page_new()
 * @incoming: %TRUE for those waiting for this laptop's decision, %FALSE
 *   for those sent from here
 *
 * Returns: how many rows of suggestions the group shows.
 */
guint lw_club_page_get_n_suggestions (GtkWidget *page,
                                      gboolean   incoming);

/**
 * lw_club_page_get_n_conflicts:
 * @page: a page of lw_club_page_new()
 *
 * Returns: how many games the group of conflicts shows (0: it is hidden).
 */
guint lw_club_page_get_n_conflicts (GtkWidget *page);

G_END_DECLS
