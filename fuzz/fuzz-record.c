/* fuzz-record.c — libFuzzer target: the game-record reader and the engine's
 * replay (see README.md, "Fuzzing")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-replay.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  lw_fuzz_replay (data, size);
  return 0;
}
