/* lw-enum-names.c — the names the engine writes for its enums' values (in
 * a game record's `rules`, a column, a flag) and reads back: every name
 * table in one place, read and written by the two lookups below
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-enum-names.h"
#include "lw-bot.h"
#include "lw-table-seats.h"
#include "lw-event.h"
#include "lw-rating.h"
#include "lw-record.h"
#include "lw-rules.h"

gboolean
lw_enum_from_name (const char *const *names,
                   guint              n_names,
                   const char        *name,
                   guint             *value)
{
  g_return_val_if_fail (names != NULL || n_names == 0, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  for (guint i = 0; name != NULL && i < n_names; i++)
    if (strcmp (name, names[i]) == 0)
      {
        *value = i;
        return TRUE;
      }
  return FALSE;
}

const char *
lw_enum_to_name (const char *const *names,
                 guint              n_names,
                 guint              value)
{
  g_return_val_if_fail (value < n_names, NULL);
  return names[value];
}

/* ------------------------------------------------------------------ */
/* The tables, each name at the index of its value                      */
/* ------------------------------------------------------------------ */

/* TRICKS T9 and T22, GAME-RECORD.md `rules` */
static const char *const run_fill_names[] = { "inside_or_end", "inside_only" };
static const char *const over_trump_names[] = { "winning_play", "whole_trick" };
/* GAME-RECORD.md `penalties` */
static const char *const penalty_kind_names[] = {
  [LW_PENALTY_OUT_OF_TURN] = "out_of_turn",
  [LW_PENALTY_LOOKED_AT_DISCARDS] = "looked_at_discards",
};
/* docs/EVENTS.md */
static const char *const format_names[] = {
  [LW_EVENT_SWISS] = "swiss",
  [LW_EVENT_ROUND_ROBIN] = "round-robin",
  [LW_EVENT_PARTNERS] = "partners",
  [LW_EVENT_ELIMINATION] = "elimination",
  [LW_EVENT_DUPLICATE] = "duplicate",
};
static const char *const seeding_names[] = { "registration", "rating" };
static const char *const ladder_names[] = {
  [LW_LADDER_ALL] = "all",
  [LW_LADDER_TWO] = "2p",
  [LW_LADDER_THREE_FOUR] = "3-4p",
  [LW_LADDER_PARTNERS] = "partners",
};
/* docs/BOTS.md, the CLI's levels, the table's `seats` */
static const char *const bot_level_names[] = {
  [LW_BOT_RANDOM] = "random",
  [LW_BOT_EASY] = "easy",
  [LW_BOT_NORMAL] = "normal",
  [LW_BOT_HARD] = "hard",
  [LW_BOT_EXPERT] = "expert",
};
static const char *const ruleset_names[] = {
  [LW_RULESET_LITTLE_WOLF] = "little-wolf",
  [LW_RULESET_GARWOLF] = "garwolf",
};

/* ------------------------------------------------------------------ */
/* Each enum's pair of functions over its table                         */
/* ------------------------------------------------------------------ */

/* Defines prefix##_to_string (Type value), the name at value's index. */
#define DEFINE_TO_STRING(prefix, Type, names)                                  \
  const char *                                                                 \
  prefix##_to_string (Type value)                                              \
  {                                                                            \
    return lw_enum_to_name (names, G_N_ELEMENTS (names), value);               \
  }

/* Defines prefix##_from_string (name, Type *value): TRUE and *value set
 * where name is in the table, FALSE and *value untouched where not. */
#define DEFINE_FROM_STRING(prefix, Type, names)                                \
  gboolean                                                                     \
  prefix##_from_string (const char *name,                                      \
                        Type       *value)                                     \
  {                                                                            \
    guint i;                                                                   \
                                                                               \
    g_return_val_if_fail (value != NULL, FALSE);                               \
    if (!lw_enum_from_name (names, G_N_ELEMENTS (names), name, &i))            \
      return FALSE;                                                            \
    *value = (Type) i;                                                         \
    return TRUE;                                                               \
  }

DEFINE_TO_STRING (lw_run_fill, LwRunFill, run_fill_names)
DEFINE_FROM_STRING (lw_run_fill, LwRunFill, run_fill_names)
DEFINE_TO_STRING (lw_over_trump, LwOverTrump, over_trump_names)
DEFINE_FROM_STRING (lw_over_trump, LwOverTrump, over_trump_names)
DEFINE_TO_STRING (lw_penalty_kind, LwPenaltyKind, penalty_kind_names)
DEFINE_FROM_STRING (lw_penalty_kind, LwPenaltyKind, penalty_kind_names)
DEFINE_TO_STRING (lw_event_format, LwEventFormat, format_names)
DEFINE_FROM_STRING (lw_event_format, LwEventFormat, format_names)
DEFINE_TO_STRING (lw_seeding, LwSeeding, seeding_names)
DEFINE_FROM_STRING (lw_seeding, LwSeeding, seeding_names)
DEFINE_TO_STRING (lw_ladder, LwLadder, ladder_names)
DEFINE_FROM_STRING (lw_ladder, LwLadder, ladder_names)
DEFINE_FROM_STRING (lw_ruleset, LwRuleset, ruleset_names)
DEFINE_FROM_STRING (lw_bot_level, LwBotLevel, bot_level_names)

/* Any value but Garwolf writes "little-wolf" (the default ruleset). */
const char *
lw_ruleset_to_string (LwRuleset ruleset)
{
  return ruleset_names[ruleset == LW_RULESET_GARWOLF ? LW_RULESET_GARWOLF : LW_RULESET_LITTLE_WOLF];
}

const char *
lw_bot_level_to_string (LwBotLevel level)
{
  /* An unknown level is written as Normal, as it always was. */
  if ((guint) level >= G_N_ELEMENTS (bot_level_names))
    return bot_level_names[LW_BOT_NORMAL];
  return lw_enum_to_name (bot_level_names, G_N_ELEMENTS (bot_level_names), level);
}
