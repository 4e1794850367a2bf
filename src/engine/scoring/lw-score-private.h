/* lw-score-private.h — the replay counter, for tests and benchmarks only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * lw_score_get_replay_count:
 *
 * How many times lw_standings_compute() has been called (whole replays of
 * a game, successful or not) in this process, by every thread; what
 * lw_standings_extend() scores is not counted. A test takes the count
 * before and after an operation to count the replays it costs.
 *
 * Returns: the count since the program started.
 */
guint lw_score_get_replay_count (void);

G_END_DECLS
