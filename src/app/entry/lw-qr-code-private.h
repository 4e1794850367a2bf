/* lw-qr-code-private.h — what the UI tests read of lw-qr-code.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-qr-code.h"

G_BEGIN_DECLS

/**
 * lw_qr_code_get_modules:
 * @self: the widget
 *
 * Returns: the symbol's width in modules (21 for version 1 … 177), 0 when
 *   there is no text.
 */
guint lw_qr_code_get_modules (LwQrCode *self);

/** Returns: (transfer none) (nullable): the encoded text. */
const char *lw_qr_code_get_text (LwQrCode *self);

G_END_DECLS
