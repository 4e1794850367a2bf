/* lw-new-game-page-private.h — what the UI tests read of lw-new-game-page.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-new-game-page.h"

G_BEGIN_DECLS

/**
 * lw_new_game_page_build_record:
 * @self: the page
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the game as set up, checked with
 *   lw_game_record_validate(), or %NULL with the reason in words.
 */
LwGameRecord *lw_new_game_page_build_record (LwNewGamePage  *self,
                                             GError        **error);

/** Returns: (transfer none): what keeps the game from starting, "" when nothing. */
const char *lw_new_game_page_get_error_text (LwNewGamePage *self);

/** Returns: the known players offered for the names. */
guint lw_new_game_page_get_n_known_players (LwNewGamePage *self);

/**
 * lw_new_game_page_set_n_players:
 * @self: the page
 * @n_players: 2–8
 */
void lw_new_game_page_set_n_players (LwNewGamePage *self,
                                     guint          n_players);

/** Turns partners play on or off (off on a fresh form). */
void lw_new_game_page_set_partners (LwNewGamePage *self,
                                    gboolean       partners);

/**
 * lw_new_game_page_set_player:
 * @self: the page
 * @seat: 0..7
 * @name: the name typed for @seat
 */
void lw_new_game_page_set_player (LwNewGamePage *self,
                                  guint          seat,
                                  const char    *name);

/** Chooses Little Wolf or Garwolf (Little Wolf on a fresh form). */
void lw_new_game_page_set_ruleset (LwNewGamePage *self,
                                   LwRuleset      ruleset);

/**
 * lw_new_game_page_set_seat_player:
 * @self: the page
 * @seat: 0..7
 * @computer: the computer plays the seat (else a person on this device)
 * @level: the computer's level: Easy, Normal, Hard or Expert
 *
 * On a fresh form seat 1 is a person, the others the computer (Normal).
 * A computer seat left unnamed is called "Computer N".
 */
void lw_new_game_page_set_seat_player (LwNewGamePage *self,
                                       guint          seat,
                                       gboolean       computer,
                                       LwBotLevel     level);

/**
 * lw_new_game_page_set_remote_seat:
 * @self: the page
 * @seat: 0..7
 *
 * At the virtual table: @seat is played from another device, through a
 * link (the Remote Player choice).
 */
void lw_new_game_page_set_remote_seat (LwNewGamePage *self,
                                       guint          seat);

/**
 * lw_new_game_page_set_host_address:
 * @self: the page
 * @address: (nullable): the IPv4 address a table with remote seats
 *   listens on and names in its links; %NULL: this computer's first
 *   network address on port 8642 (the default)
 * @port: the port with @address, 0 for any free one
 */
void lw_new_game_page_set_host_address (LwNewGamePage *self,
                                        const char    *address,
                                        guint          port);

/**
 * lw_new_game_page_set_table_seed:
 * @self: the page
 * @seed: the virtual table's seed (the same seed, the same deals), or 0
 *   for a random one (the default)
 */
void lw_new_game_page_set_table_seed (LwNewGamePage *self,
                                      guint64        seed);

/**
 * lw_new_game_page_set_virtual:
 * @self: the page
 * @virtual_table: play the game at the virtual table: the cards are dealt
 *   on this device, people take turns on it and the computer plays its
 *   seats (off on a fresh form; Little Wolf only)
 */
void lw_new_game_page_set_virtual (LwNewGamePage *self,
                                   gboolean       virtual_table);

/**
 * lw_new_game_page_set_house_rules:
 * @run_fill: TRICKS T9's choice, as "Little Wolf fills a Run" offers it
 * @over_trump: TRICKS T22's, as "Trump over a plain lead" offers it
 *
 * Sets the two house-rule rows (the rulings on a fresh form).
 */
void lw_new_game_page_set_house_rules (LwNewGamePage *self,
                                       LwRunFill      run_fill,
                                       LwOverTrump    over_trump);

/**
 * lw_new_game_page_select_rule_set:
 * @name: (nullable): a saved set's name, or %NULL for "Standard rules"
 *
 * Chooses a set in the Rules row, which fills the rules' rows.
 *
 * Returns: %TRUE when the ruleset has a saved set of that name.
 */
gboolean lw_new_game_page_select_rule_set (LwNewGamePage *self,
                                           const char    *name);

/**
 * lw_new_game_page_save_rule_set:
 * @name: the set's name (the names rule)
 * @error: return location for a #GError
 *
 * What Save as Rule Set… does once named: saves the rows' choices under
 * @name (lw_store_create_rule_set()) and chooses the new set in Rules.
 * Errors: lw_store_create_rule_set()'s.
 *
 * Returns: the set's ID, 0 on error.
 */
gint64 lw_new_game_page_save_rule_set (LwNewGamePage  *self,
                                       const char     *name,
                                       GError        **error);

/** Returns: (transfer none): the note under the Rules row ("" when the
 * choices are still the chosen set's). */
const char *lw_new_game_page_get_rule_set_note (LwNewGamePage *self);

/**
 * lw_new_game_page_get_rule_set_names:
 * @selected: (out) (optional): the place of the chosen one (0: Standard rules)
 *
 * Returns: (transfer full): the Rules row's choices joined by "|":
 *   "Standard rules|Club nights".
 */
char *lw_new_game_page_get_rule_set_names (LwNewGamePage *self,
                                           guint         *selected);

G_END_DECLS
