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

const char *
lw_run_fill_to_string (LwRunFill run_fill)
{
  return lw_enum_to_name (run_fill_names, G_N_ELEMENTS (run_fill_names), run_fill);
}

gboolean
lw_run_fill_from_string (const char *name,
                         LwRunFill  *run_fill)
{
  guint i;

  if (!lw_enum_from_name (run_fill_names, G_N_ELEMENTS (run_fill_names), name, &i))
    return FALSE;
  *run_fill = (LwRunFill) i;
  return TRUE;
}

const char *
lw_over_trump_to_string (LwOverTrump over_trump)
{
  return lw_enum_to_name (over_trump_names, G_N_ELEMENTS (over_trump_names), over_trump);
}

gboolean
lw_over_trump_from_string (const char  *name,
                           LwOverTrump *over_trump)
{
  guint i;

  if (!lw_enum_from_name (over_trump_names, G_N_ELEMENTS (over_trump_names), name, &i))
    return FALSE;
  *over_trump = (LwOverTrump) i;
  return TRUE;
}

const char *
lw_penalty_kind_to_string (LwPenaltyKind kind)
{
  return lw_enum_to_name (penalty_kind_names, G_N_ELEMENTS (penalty_kind_names), kind);
}

gboolean
lw_penalty_kind_from_string (const char    *name,
                             LwPenaltyKind *kind)
{
  guint i;

  if (!lw_enum_from_name (penalty_kind_names, G_N_ELEMENTS (penalty_kind_names), name, &i))
    return FALSE;
  *kind = (LwPenaltyKind) i;
  return TRUE;
}

const char *
lw_event_format_to_string (LwEventFormat format)
{
  return lw_enum_to_name (format_names, G_N_ELEMENTS (format_names), format);
}

gboolean
lw_event_format_from_string (const char    *text,
                             LwEventFormat *format)
{
  guint i;

  g_return_val_if_fail (format != NULL, FALSE);

  if (!lw_enum_from_name (format_names, G_N_ELEMENTS (format_names), text, &i))
    return FALSE;
  *format = (LwEventFormat) i;
  return TRUE;
}

const char *
lw_seeding_to_string (LwSeeding seeding)
{
  return lw_enum_to_name (seeding_names, G_N_ELEMENTS (seeding_names), seeding);
}

gboolean
lw_seeding_from_string (const char *text,
                        LwSeeding  *seeding)
{
  guint i;

  g_return_val_if_fail (seeding != NULL, FALSE);

  if (!lw_enum_from_name (seeding_names, G_N_ELEMENTS (seeding_names), text, &i))
    return FALSE;
  *seeding = (LwSeeding) i;
  return TRUE;
}

const char *
lw_ladder_to_string (LwLadder ladder)
{
  return lw_enum_to_name (ladder_names, G_N_ELEMENTS (ladder_names), ladder);
}

gboolean
lw_ladder_from_string (const char *text,
                       LwLadder   *ladder)
{
  guint i;

  g_return_val_if_fail (ladder != NULL, FALSE);

  if (!lw_enum_from_name (ladder_names, G_N_ELEMENTS (ladder_names), text, &i))
    return FALSE;
  *ladder = (LwLadder) i;
  return TRUE;
}

/* Any value but Garwolf writes "little-wolf" (the default ruleset). */
const char *
lw_ruleset_to_string (LwRuleset ruleset)
{
  return ruleset_names[ruleset == LW_RULESET_GARWOLF ? LW_RULESET_GARWOLF : LW_RULESET_LITTLE_WOLF];
}

gboolean
lw_ruleset_from_string (const char *name,
                        LwRuleset  *ruleset)
{
  guint i;

  g_return_val_if_fail (ruleset != NULL, FALSE);

  if (!lw_enum_from_name (ruleset_names, G_N_ELEMENTS (ruleset_names), name, &i))
    return FALSE;
  *ruleset = (LwRuleset) i;
  return TRUE;
}

gboolean
lw_bot_level_from_string (const char *name,
                          LwBotLevel *level)
{
  guint value;

  g_return_val_if_fail (level != NULL, FALSE);
  if (!lw_enum_from_name (bot_level_names, G_N_ELEMENTS (bot_level_names), name, &value))
    return FALSE;
  *level = (LwBotLevel) value;
  return TRUE;
}

const char *
lw_bot_level_to_string (LwBotLevel level)
{
  /* An unknown level is written as Normal, as it always was. */
  if ((guint) level >= G_N_ELEMENTS (bot_level_names))
    return bot_level_names[LW_BOT_NORMAL];
  return lw_enum_to_name (bot_level_names, G_N_ELEMENTS (bot_level_names), level);
}
