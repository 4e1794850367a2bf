/* lw-store-rule-sets.h — named, saved sets of a game's options (schema 12):
 * New Game's "Rules" row
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * LwRuleSet:
 * @id: the set's ID, > 0 once stored (ignored by lw_store_create_rule_set())
 * @name: its name, by the names rule (docs/rules/GAME-RECORD.md "Names"); owned
 * @ruleset: the game it is for
 * @start_score: every side's score before round 1 (SCORING R3), ≥ 0
 * @target: the score that ends the game (R24), ≥ 1
 * @skunk: the skunk threshold (R23), ≥ 1; Little Wolf only (kept at 11 for
 *   Garwolf)
 * @run_fill: TRICKS T9's house rule; Little Wolf only
 * @over_trump: TRICKS T22's house rule; Little Wolf only
 * @king_and_knave: SCORING G3's house rule; Garwolf only
 *
 * The options a game is started with, saved under a name; a game started
 * from a set keeps its name (LwGameRecord.rule_set). The rulings are the
 * set that is never stored ("Standard rules"): lw_rule_set_new_standard().
 */
typedef struct {
  gint64       id;
  char        *name;
  LwRuleset    ruleset;
  int          start_score;
  int          target;
  int          skunk;
  LwRunFill    run_fill;
  LwOverTrump  over_trump;
  gboolean     king_and_knave;
} LwRuleSet;

/**
 * lw_rule_set_new_standard:
 * @ruleset: Little Wolf or Garwolf
 *
 * Returns: (transfer full): the rulings' options for @ruleset (those of
 *   lw_game_record_new()), with no name and ID 0. Free with lw_rule_set_free().
 */
LwRuleSet *lw_rule_set_new_standard (LwRuleset ruleset);

/**
 * lw_rule_set_apply:
 * @set: a rule set
 * @record: a game record of @set's ruleset
 *
 * Gives @record @set's options: start score, target, skunk, house rules,
 * and @set's name as its `rule_set` (none for a set without a name).
 */
void lw_rule_set_apply (const LwRuleSet *set,
                        LwGameRecord    *record);

/** lw_rule_set_free: @set: (nullable): a rule set */
void lw_rule_set_free (LwRuleSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwRuleSet, lw_rule_set_free)

/**
 * lw_store_create_rule_set:
 * @self: a store
 * @set: the options and their name (@set->id is not read)
 * @error: return location for a #GError
 *
 * Saves @set under its name, stored in NFC as names are (lw_name_normalize()),
 * in one transaction.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a name the names rule refuses;
 * %LW_STORE_ERROR_INVALID for a name a set of the same ruleset has
 * already (compared in NFC), a value out of range (start score < 0,
 * target or skunk < 1) or a house rule of the other ruleset; another
 * %LW_STORE_ERROR.
 *
 * Returns: the new set's ID (> 0), or 0 on error.
 */
gint64 lw_store_create_rule_set (LwStore          *self,
                                 const LwRuleSet  *set,
                                 GError          **error);

/**
 * lw_store_list_rule_sets:
 * @self: a store
 * @ruleset: the game whose sets are listed
 * @error: return location for a #GError
 *
 * Errors: a %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (element-type LwRuleSet*) (nullable): the saved
 *   sets of @ruleset sorted by name (case-insensitively, then as stored),
 *   %NULL on error.
 */
GPtrArray *lw_store_list_rule_sets (LwStore    *self,
                                    LwRuleset   ruleset,
                                    GError    **error);

/**
 * lw_store_rename_rule_set:
 * @self: a store
 * @id: a rule set's ID
 * @name: its new name
 * @error: return location for a #GError
 *
 * Renames set @id in one transaction. The games started from it keep the
 * name they were started with (a record's `rule_set` is informative).
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a bad name, %LW_STORE_ERROR_INVALID
 * for the name of another set of its ruleset, %LW_STORE_ERROR_NOT_FOUND,
 * another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when renamed.
 */
gboolean lw_store_rename_rule_set (LwStore     *self,
                                   gint64       id,
                                   const char  *name,
                                   GError     **error);

/**
 * lw_store_delete_rule_set:
 * @self: a store
 * @id: a rule set's ID
 * @error: return location for a #GError
 *
 * Deletes set @id in one transaction; the games started from it keep its
 * name and options.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND, another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when deleted.
 */
gboolean lw_store_delete_rule_set (LwStore  *self,
                                   gint64    id,
                                   GError  **error);

/**
 * lw_store_find_rule_set:
 * @self: a store
 * @ruleset: the game the set is for
 * @name: the set's name, compared as stored (trimmed, in NFC)
 * @error: return location for a #GError
 *
 * Reads the saved set of @ruleset named @name.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a name the names rule refuses,
 * %LW_STORE_ERROR_NOT_FOUND ("no rule set named “Club nights” for Little
 * Wolf"), another %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (nullable): the set, %NULL on error.
 */
LwRuleSet *lw_store_find_rule_set (LwStore     *self,
                                   LwRuleset    ruleset,
                                   const char  *name,
                                   GError     **error);

/**
 * lw_store_get_event_rule_set:
 * @self: a store
 * @event_id: an event ID
 * @error: return location for a #GError
 *
 * The options every game of event @event_id's tables is made with
 * (schema 13): the copy of the rule set chosen when the event was made
 * (lw_store_add_event_with_rules()), its @name that set's name as it was
 * then, or the rulings with no name (Standard rules). Its @id is 0: the
 * copy is the event's, not a saved set.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND ("no event with ID 7"),
 * %LW_STORE_ERROR_NOT_A_DATABASE for unknown house rules, another
 * %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (nullable): a Little Wolf set, %NULL on error.
 */
LwRuleSet *lw_store_get_event_rule_set (LwStore  *self,
                                        gint64    event_id,
                                        GError  **error);

/**
 * lw_store_set_game_rules:
 * @self: a store
 * @id: a game ID
 * @set: the options the game is to be played with (start score, target,
 *   skunk, TRICKS T9 and T22's house rules, SCORING G3's), under @set's
 *   name as the game's `rule_set` (none for "Standard rules")
 * @error: return location for a #GError
 *
 * Changes the rules of a game that has no round yet, in one transaction
 * (the scores of a round are those of the rules it was played with, so
 * once a round is stored the rules stay). Not logged: there is nothing
 * to replay.
 *
 * Errors: %LW_STORE_ERROR_INVALID when the game has a round, is played at
 * the virtual table, is of the other ruleset than @set, or for a value
 * out of range (start score < 0, target or skunk < 1);
 * %LW_STORE_ERROR_NOT_FOUND; another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_set_game_rules (LwStore          *self,
                                  gint64            id,
                                  const LwRuleSet  *set,
                                  GError          **error);

G_END_DECLS
