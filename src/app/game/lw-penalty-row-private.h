/* lw-penalty-row-private.h — what the UI tests read of lw-penalty-row.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-penalty-row.h"

G_BEGIN_DECLS

/** Returns: (transfer none): the time and note shown, "" when none. */
const char *lw_penalty_row_get_noted_text (LwPenaltyRow *self);

G_END_DECLS
