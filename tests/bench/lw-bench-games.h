/* lw-bench-games.h — random valid games for the benchmarks that fill a
 * database (bench-store, bench-players)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-engine.h"

G_BEGIN_DECLS

#define LW_BENCH_N_NAMES 30

/* The names the random games seat, in the order they are dealt from. */
extern const char *const lw_bench_names[LW_BENCH_N_NAMES];

/* A random round of @record with valid facts (SCORING R1, R5–R8, R19,
 * R21; G1), not checked against the game's standings. Free with
 * lw_round_free(). */
LwRound *lw_bench_random_round (const LwGameRecord *record,
                                GRand              *rng);

/* A random valid game of 2 to 8 seats (Little Wolf or Garwolf, partners
 * now and then, names from a list of 30): random rounds played until the
 * game ends or it has @max_rounds, or, when @keep_going, a Little Wolf
 * game of exactly @max_rounds rounds that do not end it. Free with
 * lw_game_record_free(). */
LwGameRecord *lw_bench_random_game (GRand    *rng,
                                    guint     max_rounds,
                                    gboolean  keep_going);

G_END_DECLS
