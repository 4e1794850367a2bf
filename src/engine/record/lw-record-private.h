/* lw-record-private.h — what the game record's files share and no caller
 * sees: lw-record.c (construction and checks), lw-record-read.c and
 * lw-record-write.c (docs/rules/GAME-RECORD.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-record.h"

G_BEGIN_DECLS

#define FORMAT_NAME "little-wolf/game"
/* The version writers write; readers accept 1 and 2 (docs/rules/GAME-RECORD.md). */
#define FORMAT_VERSION 2
#define FORMAT_VERSION_1 1

/* A bound on every count read from a record, far above any real value, so
 * that sums of up to LW_MAX_SEATS counts never overflow an int. */
#define MAX_COUNT 1000000

/* lw_record_substitute_new:
 * @seat: the seat, 0 to the number of players - 1
 * @from_round: the first round the substitute plays, 1-based
 * @name: the substitute's name; normalised by the names rule
 *   (docs/rules/GAME-RECORD.md "Names") when it passes it, kept as given otherwise
 *
 * Returns: (transfer full): a new substitute, for the record's list. */
LwSubstitute *lw_record_substitute_new (int         seat,
                                        guint       from_round,
                                        const char *name);

/* lw_record_validate_setup:
 * @record: a record being read or checked
 * @error: (out) (optional): LW_ENGINE_ERROR_INVALID naming the problem
 *
 * Checks the record's setup (docs/rules/GAME-RECORD.md): the number of players for
 * its rule set, names unique, the rules' numbers in range, the first
 * dealer a seat, every seat on one side when there are teams.
 *
 * Returns: whether the setup is valid. */
gboolean lw_record_validate_setup (const LwGameRecord  *record,
                                   GError             **error);

/* lw_record_validate_head:
 * @record: a record being read or checked
 * @n_rounds: how many rounds the game has (whether @record holds them or not)
 * @error: (out) (optional): LW_ENGINE_ERROR_INVALID naming the problem
 *
 * lw_game_record_validate() but the rounds: the setup
 * (lw_record_validate_setup()) and version 2's id, details, house rules
 * and substitutes, these against @n_rounds.
 *
 * Returns: whether all that is valid. */
gboolean lw_record_validate_head (const LwGameRecord  *record,
                                  guint                n_rounds,
                                  GError             **error);

/* lw_record_is_lowercase_uuid:
 * @text: a string
 *
 * Returns: whether @text is a lowercase UUID, 8-4-4-4-12 hex digits. */
gboolean lw_record_is_lowercase_uuid (const char *text);

G_END_DECLS
