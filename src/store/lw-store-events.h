/* lw-store-events.h — events in the database (schema 4): an event read
 * with its entrants, rounds, tables, seats and results; adding, renaming
 * and deleting one, its entrants; and the games the ratings read (the
 * rounds and results are written by lw-store-event-rounds.h)
 *
 * Every change loads the event inside its BEGIN IMMEDIATE transaction,
 * applies the engine's rule to it (lw-event.h) and writes only what the
 * engine accepted; on any error nothing is written. Event points,
 * standings and ratings are never stored (the games' final results are
 * cached, lw-store-results.c, but only as the replay of a version).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-engine.h"
#include "lw-store.h"
#include "lw-store-rule-sets.h"

G_BEGIN_DECLS

/**
 * LwEventSummary:
 * @id: the event's ID, > 0
 * @name: (transfer full): its name
 * @format: its format
 * @table_size: seats per table
 * @n_entrants: entrants, dropped ones included
 * @rounds_paired: rounds paired so far
 * @created: creation time, seconds since 1970 (UTC)
 */
typedef struct {
  gint64         id;
  char          *name;
  LwEventFormat  format;
  guint          table_size;
  guint          n_entrants;
  guint          rounds_paired;
  gint64         created;
} LwEventSummary;

void lw_event_summary_free (LwEventSummary *summary);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwEventSummary, lw_event_summary_free)

/**
 * lw_store_add_event:
 * @self: a store
 * @name: the event's name, by the names rule (lw_name_normalize(),
 *   docs/rules/GAME-RECORD.md "Names"); stored trimmed, in NFC
 * @config: its settings (lw_event_config_validate())
 * @error: return location for a #GError
 *
 * Adds the event with Standard rules for its games
 * (lw_store_add_event_with_rules() with none).
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a name the rule refuses ("the
 * event's name holds a control character (a tab)") or bad settings, or a
 * %LW_STORE_ERROR.
 * Returns: the new event's ID (> 0), or 0 on error.
 */
gint64 lw_store_add_event (LwStore              *self,
                           const char           *name,
                           const LwEventConfig  *config,
                           GError              **error);

/**
 * lw_store_add_event_with_rules:
 * @self: a store
 * @name: the event's name, as for lw_store_add_event()
 * @config: its settings (lw_event_config_validate())
 * @rules: (nullable): the options of every game its tables play: a saved
 *   Little Wolf rule set (lw_store_find_rule_set()) or one with no name;
 *   %NULL for Standard rules (lw_rule_set_new_standard())
 * @error: return location for a #GError
 *
 * Adds an event as lw_store_add_event() does, with a copy of @rules
 * (schema 13): its start score, target, skunk, house rules (TRICKS T9,
 * T22) and name. Each game lw_store_start_event_table_game() makes is
 * given them (lw_rule_set_apply()); renaming or deleting the saved set
 * afterwards changes nothing of the event. lw_store_get_event_rule_set()
 * reads the copy.
 *
 * Errors: those of lw_store_add_event(); %LW_STORE_ERROR_INVALID for a
 * Garwolf set or values a game record may not hold
 * (lw_store_create_rule_set()'s ranges).
 * Returns: the new event's ID (> 0), or 0 on error.
 */
gint64 lw_store_add_event_with_rules (LwStore              *self,
                                      const char           *name,
                                      const LwEventConfig  *config,
                                      const LwRuleSet      *rules,
                                      GError              **error);

/**
 * lw_store_load_event:
 * @self: a store
 * @id: an event ID
 * @error: return location for a #GError
 *
 * Reads the event in one read transaction. A table linked to a stored
 * game gets its result from the game's replay (lw_standings_compute());
 * a linked game that no longer replays to a finished game leaves the
 * table without a result.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND ("no event with ID 7"), or another
 * %LW_STORE_ERROR.
 * Returns: (transfer full) (nullable): the event.
 */
LwEvent *lw_store_load_event (LwStore  *self,
                              gint64    id,
                              GError  **error);

/**
 * lw_store_list_events:
 * @self: a store
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (element-type LwEventSummary*) (nullable):
 *   every event, newest first.
 */
GPtrArray *lw_store_list_events (LwStore  *self,
                                 GError  **error);

/**
 * lw_store_rename_event:
 * @self: a store
 * @id: an event ID
 * @name: the event's new name, by the names rule (lw_name_normalize())
 * @error: return location for a #GError
 *
 * Renames the event, in one transaction. Nothing else changes: its
 * entrants, rounds, results and standings stay as they are.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a name the names rule refuses, %LW_STORE_ERROR_NOT_FOUND ("no event with ID 7"), or another
 * %LW_STORE_ERROR.
 * Returns: %TRUE when stored.
 */
gboolean lw_store_rename_event (LwStore     *self,
                                gint64       id,
                                const char  *name,
                                GError     **error);

/**
 * lw_store_delete_event:
 * @self: a store
 * @id: an event ID
 * @error: return location for a #GError
 *
 * Deletes the event with its entrants, rounds, byes, tables, seats and
 * paper results, in one transaction. The stored games linked to its
 * tables, or kept for them while they were played, are games like any
 * other: they stay, with the players and their ratings. A deletion cannot
 * be undone.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND ("no event with ID 7"), or another
 * %LW_STORE_ERROR.
 * Returns: %TRUE when deleted.
 */
gboolean lw_store_delete_event (LwStore  *self,
                                gint64    id,
                                GError  **error);

/**
 * lw_store_add_event_entrants:
 * @self: a store
 * @id: an event ID
 * @names: (array zero-terminated=1): the players' names (existing players
 *   or new ones)
 * @status: %LW_ENTRANT_REGISTERED or %LW_ENTRANT_CHECKED_IN
 * @error: return location for a #GError
 *
 * Enters the players in order (lw_event_add_entrant()), late when rounds
 * are paired, in one transaction: when one is refused, none is entered.
 *
 * Errors: the engine's %LW_ENGINE_ERROR_INVALID, %LW_STORE_ERROR_NOT_FOUND,
 * or another %LW_STORE_ERROR.
 * Returns: %TRUE when stored.
 */
gboolean lw_store_add_event_entrants (LwStore            *self,
                                      gint64              id,
                                      const char *const  *names,
                                      LwEntrantStatus     status,
                                      GError            **error);

/**
 * lw_store_add_event_entrant:
 * @self: a store
 * @id: an event ID
 * @name: the player's name
 * @status: %LW_ENTRANT_REGISTERED or %LW_ENTRANT_CHECKED_IN
 * @error: return location for a #GError
 *
 * lw_store_add_event_entrants() for one player.
 * Returns: %TRUE when stored.
 */
gboolean lw_store_add_event_entrant (LwStore          *self,
                                     gint64            id,
                                     const char       *name,
                                     LwEntrantStatus   status,
                                     GError          **error);

/**
 * lw_store_set_event_entrant_status:
 * @self: a store
 * @id: an event ID
 * @name: an entrant's name
 * @status: check in or drop (lw_event_set_entrant_status())
 * @error: return location for a #GError
 *
 * Errors: %LW_ENGINE_ERROR_INVALID (not entered, a refused change),
 * %LW_STORE_ERROR_NOT_FOUND, or another %LW_STORE_ERROR.
 * Returns: %TRUE when stored.
 */
gboolean lw_store_set_event_entrant_status (LwStore          *self,
                                            gint64            id,
                                            const char       *name,
                                            LwEntrantStatus   status,
                                            GError          **error);

G_END_DECLS
