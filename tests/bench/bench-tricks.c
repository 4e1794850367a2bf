/* bench-tricks.c — the virtual table's speed: legal follows for one
 * decision (target: under 50 µs on average) and whole random rounds
 * played and scored per second on one core (target: 20,000/s for two
 * players), per player count, solo and partners. Times are the CPU time
 * of the benchmark's thread, so that other programs on a shared machine
 * do not count.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "lw-engine.h"

/* Microseconds of CPU time used by this thread. */
static gint64
cpu_usec (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

typedef struct {
  LwLead lead;
  LwCard hand[LW_MAX_HAND];
  guint  n_hand;
} Decision;

/* Follow decisions as random games meet them. */
static GArray *
collect_decisions (guint wanted)
{
  GArray *decisions = g_array_new (FALSE, FALSE, sizeof (Decision));
  LwRng rng;

  lw_rng_init (&rng, 77);
  for (guint64 seed = 1; decisions->len < wanted; seed++)
    {
      guint n_players = 2 + (guint) (seed % 7);
      g_autoptr (LwTable) t = lw_table_new (n_players, 0, seed, NULL);
      while (lw_table_get_phase (t) != LW_PHASE_END)
        {
          LwAction a;
          const LwLead *lead = lw_table_get_lead (t);
          if (lead != NULL)
            {
              Decision d;
              const LwCard *hand = lw_table_get_hand (t, lw_table_get_turn (t), &d.n_hand);
              d.lead = *lead;
              memcpy (d.hand, hand, d.n_hand);
              g_array_append_val (decisions, d);
            }
          lw_bot_choose (t, LW_BOT_RANDOM, NULL, &rng, &a);
          lw_table_apply (t, &a, NULL);
        }
    }
  return decisions;
}

static double
rounds_per_second (guint n_players, gboolean partners, double seconds)
{
  int team_of[LW_MAX_SEATS];
  char *names[LW_MAX_SEATS];
  g_autoptr (LwGameRecord) record = NULL;
  gint64 start = cpu_usec (), elapsed;
  guint rounds = 0;

  for (guint s = 0; s < n_players; s++)
    {
      names[s] = g_strdup_printf ("P%u", s);
      team_of[s] = (int) (s % (n_players / 2));
    }
  record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, n_players, (const char *const *) names);
  for (guint s = 0; s < n_players; s++)
    g_free (names[s]);
  if (partners)
    lw_game_record_set_teams (record, n_players / 2, team_of);

  do
    {
      for (guint k = 0; k < 200; k++, rounds++)
        {
          g_autoptr (LwTable) t = lw_bot_play_round (n_players, 0, rounds, LW_BOT_RANDOM,
                                                     partners ? team_of : NULL, NULL);
          LwRound *round = lw_round_new ();
          g_autoptr (LwStandings) standings = NULL;

          lw_table_round_facts (t, partners ? team_of : NULL, round);
          g_ptr_array_set_size (record->rounds, 0);
          g_ptr_array_add (record->rounds, round);
          standings = lw_standings_compute (record, NULL);
          g_assert_nonnull (standings);
        }
      elapsed = cpu_usec () - start;
    }
  while (elapsed < seconds * G_USEC_PER_SEC);
  return rounds / (elapsed / (double) G_USEC_PER_SEC);
}

int
main (int argc, char *argv[])
{
  g_autoptr (GArray) decisions = collect_decisions (20000);
  g_autoptr (GArray) masks = g_array_sized_new (FALSE, FALSE, sizeof (guint32), 2048);
  gint64 start;
  double per_decision, worst = 0, two_players = 0;
  guint passes = 5;
  static const struct { guint players; gboolean partners; } setups[] = {
    { 2, FALSE }, { 3, FALSE }, { 4, FALSE }, { 4, TRUE }, { 5, FALSE }, { 6, FALSE },
    { 6, TRUE }, { 7, FALSE }, { 8, FALSE }, { 8, TRUE },
  };

  start = cpu_usec ();
  for (guint p = 0; p < passes; p++)
    for (guint k = 0; k < decisions->len; k++)
      {
        Decision *d = &g_array_index (decisions, Decision, k);
        gint64 one = cpu_usec ();
        g_array_set_size (masks, 0);
        lw_follow_legal (&d->lead, d->hand, d->n_hand, masks);
        worst = MAX (worst, (double) (cpu_usec () - one));
      }
  per_decision = (cpu_usec () - start) / (double) (passes * decisions->len);
  printf ("legal follows: %.2f µs per decision on average over %u decisions (worst %.0f µs); target < 50 µs\n",
          per_decision, decisions->len, worst);

  printf ("\nrandom rounds played and scored per second of CPU time (one core):\n");
  printf ("players  partners  rounds/s\n");
  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      double rate = rounds_per_second (setups[i].players, setups[i].partners, 0.7);
      if (setups[i].players == 2)
        two_players = rate;
      printf ("%7u  %8s  %8.0f\n", setups[i].players, setups[i].partners ? "yes" : "no", rate);
    }
  printf ("target: 2 players ≥ 20000/s\n");

  (void) argc;
  (void) argv;
  return per_decision < 50 && two_players >= 20000 ? 0 : 1;
}
