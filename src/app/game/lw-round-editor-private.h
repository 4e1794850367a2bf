/* lw-round-editor-private.h — what the UI tests read of lw-round-editor.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-round-editor.h"

G_BEGIN_DECLS

/** Returns: (transfer none) (nullable): the confirmation being asked, or
 *  the offer to send a refused correction as a suggestion, if any. */
AdwMessageDialog *lw_round_editor_get_confirm_dialog (LwRoundEditor *self);

/** Returns: (transfer none): the round form. */
LwRoundForm *lw_round_editor_get_form (LwRoundEditor *self);

/** Returns: whether a refused correction is being sent as a suggestion. */
gboolean lw_round_editor_is_sending (LwRoundEditor *self);

/** Returns: the edit the editor makes: %LW_EDIT_REPLACE or %LW_EDIT_INSERT. */
LwEditKind lw_round_editor_get_kind (LwRoundEditor *self);

/**
 * lw_round_editor_get_note_row:
 * @self: an editor
 * @ordinal: a penalty's place in the round, 0-based (SCORING R19 order)
 *
 * Returns: (transfer none) (nullable): the row editing that penalty's
 *   note (its apply button stores it), %NULL when the round has no such
 *   penalty.
 */
AdwEntryRow *lw_round_editor_get_note_row (LwRoundEditor *self,
                                           guint          ordinal);

G_END_DECLS
