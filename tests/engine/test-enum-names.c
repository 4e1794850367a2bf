/* test-enum-names.c — the names of the engine's choices, read and written
 * (lw-enum-names.h, lw_penalty_kind_to_string() and its reader)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-engine.h"
#include "lw-enum-names.h"

/* The penalty kinds' names (docs/rules/GAME-RECORD.md `penalties`) read
 * back and written; a near miss, "" and NULL are refused, the kind left
 * as it was. */
static void
test_penalty_kinds (void)
{
  static const struct { const char *name; LwPenaltyKind kind; } named[] = {
    { "out_of_turn", LW_PENALTY_OUT_OF_TURN },
    { "looked_at_discards", LW_PENALTY_LOOKED_AT_DISCARDS },
  };
  static const char *const refused[] = { "out-of-turn", "Out_of_turn", "looked_at_discards ", "" };
  LwPenaltyKind kind;

  for (guint i = 0; i < G_N_ELEMENTS (named); i++)
    {
      kind = named[1 - i].kind;
      g_assert_true (lw_penalty_kind_from_string (named[i].name, &kind));
      g_assert_cmpint (kind, ==, named[i].kind);
      g_assert_cmpstr (lw_penalty_kind_to_string (named[i].kind), ==, named[i].name);
    }
  kind = LW_PENALTY_LOOKED_AT_DISCARDS;
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    g_assert_false (lw_penalty_kind_from_string (refused[i], &kind));
  g_assert_false (lw_penalty_kind_from_string (NULL, &kind));
  g_assert_cmpint (kind, ==, LW_PENALTY_LOOKED_AT_DISCARDS);
}

/* lw_enum_from_name(): exact bytes, the value set only when found. */
static void
test_lookup (void)
{
  static const char *const names[] = { "inside_or_end", "inside_only" };
  guint value = 7;

  g_assert_true (lw_enum_from_name (names, G_N_ELEMENTS (names), "inside_only", &value));
  g_assert_cmpuint (value, ==, 1);
  value = 7;
  g_assert_false (lw_enum_from_name (names, G_N_ELEMENTS (names), "Inside_only", &value));
  g_assert_false (lw_enum_from_name (names, G_N_ELEMENTS (names), "inside_only ", &value));
  g_assert_false (lw_enum_from_name (names, G_N_ELEMENTS (names), NULL, &value));
  g_assert_false (lw_enum_from_name (names, 1, "inside_only", &value));
  g_assert_cmpuint (value, ==, 7);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/enum-names/penalty-kinds", test_penalty_kinds);
  g_test_add_func ("/enum-names/lookup", test_lookup);
  return g_test_run ();
}
