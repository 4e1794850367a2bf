/* fuzz-pull-apply.h — one input through the club pull's readers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* Reads @data as what a pull gives the local store from another laptop's
 * rows of the club server: the text before the first NUL byte is a
 * game's record and an event's facts, the text after it (when there is a
 * NUL) their players map (names to roster UUIDs). Both are applied
 * through lw_store_club_apply_pulled() to a database in a temporary
 * folder (made at the first call), as a game (under its record's `id`
 * when it has one) and as an event. Aborts when the store fails for any
 * reason but the change's own data, or a refusal has no words; returns
 * normally otherwise, whatever the input. */
void lw_fuzz_pull_apply (const uint8_t *data,
                         size_t         size);
