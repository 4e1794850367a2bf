/* bench-expert.c — Expert against Hard: two players, three players, and
 * four in partners (Expert + Expert against Hard + Hard, and a side of
 * Expert partnered with Hard against Hard + Hard), each with Expert's win
 * rate, its 95% Wilson interval and the rate of even play, and the time of
 * Expert's decisions (p50, p99, max; targets p50 ≤ 100 ms, p99 ≤ 1 s).
 * LW_EXPERT_GAMES_2P sets the two-player games (default 100),
 * LW_EXPERT_GAMES sets the others (default 30 each); LW_EXPERT_DUELS
 * names the duels to play, of 2p, 3p, 4p and mixed (default all four).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include "lw-engine.h"

static guint
env_games (const char *name,
           guint       fallback)
{
  const char *env = g_getenv (name);
  return env != NULL && atoi (env) > 0 ? (guint) atoi (env) : fallback;
}

/* One duel; @mixed: in partners play, A's side is an Expert seat and a
 * Hard seat (the duel's seats: A's side's second seat plays Hard). */
static gboolean
duel (const char *what,
      guint       n_players,
      gboolean    partners,
      gboolean    mixed,
      guint       games)
{
  LwDuelResult r;
  g_autoptr (GError) error = NULL;
  guint p50, p99;
  gboolean ok;

  if (mixed)
    {
      /* Expert partnered with Hard: A is the Expert seat of a side whose
       * other seat is Hard; played by lw_bot_duel_mixed(). */
      if (!lw_bot_duel_mixed (LW_BOT_EXPERT, LW_BOT_HARD, LW_BOT_HARD, n_players, games, 20261201,
                              NULL, &r, &error))
        g_error ("%s", error->message);
    }
  else if (!lw_bot_duel (LW_BOT_EXPERT, LW_BOT_HARD, n_players, partners, games, 20261201, NULL, &r, &error))
    g_error ("%s", error->message);
  p50 = lw_bot_duel_percentile (&r, 0, 0.50);
  p99 = lw_bot_duel_percentile (&r, 0, 0.99);
  printf ("%s, %u games: %u–%u, Expert's side wins %.1f%% (95%% CI %.1f%%–%.1f%%), even play %.1f%%\n",
          what, r.games, r.wins_a, r.wins_b, 100 * r.rate_a, 100 * r.low, 100 * r.high, 100 * r.fair_share);
  printf ("  Expert's decisions: p50 %u ms, p99 %u ms, max %.1f ms; leads and follows: %u, average %.2f ms\n",
          p50, p99, r.decision_usec_max[0] / 1000.0, r.moves[0],
          r.move_usec_total[0] / 1000.0 / MAX (r.moves[0], 1u));
  printf ("  Hard's decisions: p50 %u ms, p99 %u ms, max %.1f ms\n",
          lw_bot_duel_percentile (&r, 1, 0.50), lw_bot_duel_percentile (&r, 1, 0.99),
          r.decision_usec_max[1] / 1000.0);
  fflush (stdout);
  ok = p50 <= 100 && p99 <= 1000;
  if (!ok)
    printf ("  over the time budget (p50 ≤ 100 ms, p99 ≤ 1000 ms)\n");
  return ok;
}

int
main (void)
{
  guint games2 = env_games ("LW_EXPERT_GAMES_2P", 100), games = env_games ("LW_EXPERT_GAMES", 30);
  const char *only = g_getenv ("LW_EXPERT_DUELS");
  g_auto (GStrv) duels = g_strsplit (only != NULL ? only : "2p,3p,4p,mixed", ",", -1);
  gboolean ok = TRUE;

  if (g_strv_contains ((const char *const *) duels, "2p"))
    ok &= duel ("Expert against Hard, 2 players", 2, FALSE, FALSE, games2);
  if (g_strv_contains ((const char *const *) duels, "3p"))
    ok &= duel ("Expert against 2 Hard, 3 players", 3, FALSE, FALSE, games);
  if (g_strv_contains ((const char *const *) duels, "4p"))
    ok &= duel ("Expert + Expert against Hard + Hard, 4 players in partners", 4, TRUE, FALSE, games);
  if (g_strv_contains ((const char *const *) duels, "mixed"))
    ok &= duel ("Expert + Hard against Hard + Hard, 4 players in partners", 4, TRUE, TRUE, games);
  return ok ? 0 : 1;
}
