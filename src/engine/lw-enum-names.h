/* lw-enum-names.h — an enum's value written as its name and read back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * lw_enum_from_name:
 * @names: (array length=n_names): the names of an enum's values, each at
 *   the index of its value (`[LW_LADDER_TWO] = "2p"`)
 * @n_names: how many names @names holds (G_N_ELEMENTS)
 * @name: (nullable): the name read (a record's `rules`, a column, a flag)
 * @value: (out): the value named; set only when @name is found
 *
 * The one lookup behind the engine's `lw_…_from_string()` functions (the
 * event formats and seedings, the ladders, the rulesets, the house rules'
 * choices, the penalty kinds, the tie-breaks): @name is compared with each
 * of @names exactly, byte for byte (no case folding, no trimming); %NULL
 * names nothing.
 *
 * Returns: %TRUE when @name is one of @names (@value is then its index)
 */
gboolean lw_enum_from_name (const char *const *names,
                            guint              n_names,
                            const char        *name,
                            guint             *value);

/**
 * lw_enum_to_name:
 * @names: (array length=n_names): the names of an enum's values, each at
 *   the index of its value
 * @n_names: how many names @names holds (G_N_ELEMENTS)
 * @value: a value of the enum, below @n_names
 *
 * The one lookup behind the engine's `lw_…_to_string()` functions, the
 * reverse of lw_enum_from_name().
 *
 * Returns: (transfer none) (nullable): the name of @value; %NULL (with a
 *   critical warning) for a value outside @names
 */
const char *lw_enum_to_name (const char *const *names,
                             guint              n_names,
                             guint              value);

G_END_DECLS
