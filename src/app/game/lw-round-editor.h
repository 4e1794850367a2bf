/* lw-round-editor.h — correcting a past round: replace, delete, or insert
 * a round before it, with the whole game replayed (SCORING R18–R25)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "lw-round-form.h"
#include "lw-store.h"

G_BEGIN_DECLS

#define LW_TYPE_ROUND_EDITOR (lw_round_editor_get_type ())
G_DECLARE_FINAL_TYPE (LwRoundEditor, lw_round_editor, LW, ROUND_EDITOR, AdwWindow)

/**
 * lw_round_editor_new:
 * @parent: the window it belongs to
 * @store: the database
 * @game: the stored game; copied
 * @number: the round to correct, 1..rounds
 *
 * A modal window with round @number in a round form. Saving, deleting the
 * round or inserting one before it first asks for a confirmation that says
 * which later rounds change (lw_describe_edit()); the store then makes the
 * change (lw_store_replace_round(), lw_store_delete_round(),
 * lw_store_insert_round()) and #LwRoundEditor::edited tells. When the
 * store refuses it because the game belongs to another club laptop
 * (docs/CLUB-SERVER.md "Ownership and conflicts"), the refusal offers
 * "Send as Suggestion": the correction goes to that laptop
 * (lw_club_suggest_async(); the editor waits, a close with it), then
 * #LwRoundEditor::suggested tells, or the form says why it was not sent.
 * Escape closes it without a change.
 *
 * Returns: (transfer none): the editor, shown.
 */
LwRoundEditor *lw_round_editor_new (GtkWindow          *parent,
                                    LwStore            *store,
                                    const LwStoredGame *game,
                                    guint               number);

G_END_DECLS
