/* lw-name-completion.h — the one completion of players' names for every
 * name entry (the New Game seats, the event's Enter Players box, a
 * substitute's name)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_NAME_COMPLETION (lw_name_completion_get_type ())
G_DECLARE_FINAL_TYPE (LwNameCompletion, lw_name_completion, LW, NAME_COMPLETION, GObject)

/**
 * lw_name_completion_new:
 *
 * A completion with no names yet: lw_name_completion_reload() reads them.
 *
 * Returns: (transfer full): the completion.
 */
LwNameCompletion *lw_name_completion_new (void);

/**
 * lw_name_completion_reload:
 * @self: a completion
 * @store: (nullable): the database; %NULL offers no name
 * @error: return location for a #GError (lw_store_list_player_names()'s,
 *   lw_store_club_list_roster()'s)
 *
 * Reads the names offered: those of lw_store_list_player_names() (the
 * players of stored games and events), then, with
 * lw_name_completion_set_roster() on a club laptop, the names of the
 * club's roster that none of those is (lw_store_club_list_roster(), the
 * entries merged into others left out; a name two entries share is
 * offered once: lw_roster_choice_run() asks which). On error the names
 * are cleared.
 *
 * Returns: %TRUE on success.
 */
gboolean lw_name_completion_reload (LwNameCompletion  *self,
                                    LwStore           *store,
                                    GError           **error);

/**
 * lw_name_completion_set_roster:
 * @self: a completion
 * @roster: whether the club roster's names are offered too, from the next
 *   lw_name_completion_reload() on (off on a new completion)
 *
 * For the entries that take a new player of a game or an event (New
 * Game's seats, an event's Enter Players), whose names are then looked up
 * on the roster (lw_roster_choice_run()); a rename, where a known name
 * merges, offers this laptop's players only.
 */
void lw_name_completion_set_roster (LwNameCompletion *self,
                                    gboolean          roster);

/**
 * lw_name_completion_get_n_names:
 * @self: a completion
 *
 * Returns: how many names are offered.
 */
guint lw_name_completion_get_n_names (LwNameCompletion *self);

/**
 * lw_name_completion_attach:
 * @self: a completion
 * @entry: an entry for a player's name (not attached before)
 *
 * Offers the names in @entry as it is typed into: at most three of the
 * names that start with the text typed (case aside, in the store's order,
 * the text itself left out) in a list above it, so that the next field
 * stays in view. The entry's text is only ever what was typed, or the
 * name picked from the list (Down then Enter, or a click; the pointer
 * resting on a row picks nothing); Enter with nothing picked takes the
 * text as typed. No
 * completion is made in place: made after each key, it raced quick typing
 * (the event box once stored "Ann" as "Annn"). The entry keeps a
 * reference on @self.
 */
void lw_name_completion_attach (LwNameCompletion *self,
                                GtkEntry         *entry);

G_END_DECLS
