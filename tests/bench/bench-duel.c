/* bench-duel.c — the computer seats' strength and speed: Hard against
 * Normal and Normal against Easy over whole two-player games, with A's
 * win rate and its 95% Wilson interval, and Hard's move times (targets:
 * Hard wins ≥ 55% against Normal, Normal ≥ 70% against Easy, a Hard move
 * under 1 s). LW_DUEL_GAMES sets the games per duel (default 200).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include "lw-engine.h"

static const char *const names[] = { "random", "easy", "normal", "hard" };

static gboolean
duel (LwBotLevel a,
      LwBotLevel b,
      guint      games,
      double     target)
{
  LwDuelResult r;
  g_autoptr (GError) error = NULL;

  if (!lw_bot_duel (a, b, 2, FALSE, games, 20240601, NULL, &r, &error))
    g_error ("%s", error->message);
  printf ("%s against %s, %u two-player games: %u–%u, A wins %.1f%% (95%% CI %.1f%%–%.1f%%); target ≥ %.0f%%\n",
          names[a], names[b], r.games, r.wins_a, r.wins_b,
          100 * r.rate_a, 100 * r.low, 100 * r.high, 100 * target);
  for (guint k = 0; k < 2; k++)
    printf ("  %s: %u moves, average %.2f ms, longest %.1f ms\n", names[k == 0 ? a : b],
            r.moves[k], r.move_usec_total[k] / 1000.0 / MAX (r.moves[k], 1u),
            r.move_usec_max[k] / 1000.0);
  return r.rate_a >= target && (a != LW_BOT_HARD || r.move_usec_max[0] < G_USEC_PER_SEC);
}

int
main (void)
{
  const char *env = g_getenv ("LW_DUEL_GAMES");
  guint games = env != NULL ? (guint) atoi (env) : 200;
  gboolean ok = TRUE;

  ok &= duel (LW_BOT_NORMAL, LW_BOT_EASY, games, 0.70);
  ok &= duel (LW_BOT_HARD, LW_BOT_NORMAL, games, 0.55);
  return ok ? 0 : 1;
}
