/* lw-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-error.h"

G_DEFINE_QUARK (lw-engine-error-quark, lw_engine_error)
