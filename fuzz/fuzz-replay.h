/* fuzz-replay.h — one input through the game-record reader and the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* Reads @data as a game record and, when the engine accepts it, replays it
 * every way the programs do: standings (JSON and text), the CSV score
 * sheet, statistics, the record written back and read again (which must
 * give the same standings), and deleting the last round. Aborts on an
 * inconsistency; returns normally otherwise, whatever the input. */
void lw_fuzz_replay (const uint8_t *data,
                     size_t         size);
