/* fuzz-pull.c — libFuzzer target: what a club pull reads of another
 * laptop's rows, a game's record and players map and an event's facts,
 * stored by the local half of the sync (see docs/HACKING.md, "Fuzzing")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-pull-apply.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  lw_fuzz_pull_apply (data, size);
  return 0;
}
