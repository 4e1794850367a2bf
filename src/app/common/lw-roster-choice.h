/* lw-roster-choice.h — the club roster's entry of each name typed for a
 * game's seats or an event's entrant: the one entry of that name, or the
 * one the person picks when two share it (docs/CLUB-SERVER.md "The
 * roster in the app")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * LwRosterChosenFunc:
 * @locals: (nullable) (array zero-terminated=1) (transfer none): the
 *   local player's name of each of the names given, in order; %NULL when
 *   the person cancelled or on error
 * @error: (nullable): why nothing was linked (lw_store_club_link_seats()'s
 *   error); %NULL with @locals, or when cancelled
 * @user_data: the data given to lw_roster_choice_run()
 *
 * What lw_roster_choice_run() found.
 */
typedef void (*LwRosterChosenFunc) (const char *const *locals,
                                    const GError      *error,
                                    gpointer           user_data);

/**
 * lw_roster_choice_run:
 * @widget: a widget of the window the dialog is for; kept alive until
 *   @func is called
 * @store: the store
 * @names: (array length=n): the names as typed (by the names rule)
 * @n: how many, 1–64
 * @func: called once, with the local names or with none
 * @user_data: (type GObject): for @func; a reference is kept until then
 *
 * Finds, for each name, the club roster's entry it is (the entries of
 * lw_store_club_list_roster(), none on a laptop that joined no club): a
 * name that no entry has stays as typed; a name of one entry is that
 * entry; a name of two or more asks which in a dialog (heading "Which
 * Sam Lee?"), one row per entry with the laptop it came from and the
 * games its player sat in here, a Choose button and Cancel, one dialog
 * per such name in order. Cancel (or Escape) calls @func with %NULL and
 * links nothing. Once every name is known, the names with an entry are
 * linked in one transaction (lw_store_club_link_seats()) and @func gets
 * the local players' names ("Sam Lee (Front desk)" for the second of one
 * name here). With nothing to ask, @func is called before this returns.
 */
void lw_roster_choice_run (GtkWidget          *widget,
                           LwStore            *store,
                           const char *const  *names,
                           guint               n,
                           LwRosterChosenFunc  func,
                           gpointer            user_data);

G_END_DECLS
