/* lw-bot.c — computer seats and games played by them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>
#include <time.h>

#include "lw-bot.h"
#include "lw-error.h"
#include "lw-rules.h"
#include "lw-score.h"

/* The CPU time this thread has used, µs (what a move costs on a loaded
 * machine, where the wall time also counts the other processes). */
static gint64
thread_cpu_usec (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return 0;
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* One round with a level per seat; every seat draws from one generator. */
static LwTable *
play_round_seats (guint               n_players,
                  int                 dealer,
                  guint64             seed,
                  const LwBotLevel   *levels,
                  const int          *team_of,
                  const LwHouseRules *rules,
                  const LwBotOptions *options,
                  LwDuelResult       *timing,
                  const int          *slot_of_seat)
{
  LwTable *table = lw_table_new (n_players, dealer, seed, rules);
  LwRng rng;

  lw_rng_init (&rng, lw_seed_mix (seed, 0xB07));
  while (lw_table_get_phase (table) != LW_PHASE_END)
    {
      LwAction action;
      g_autoptr (GError) error = NULL;
      int seat = lw_table_get_turn (table);
      gboolean timed = timing != NULL && lw_table_get_phase (table) == LW_PHASE_PLAY;
      gint64 start = timing != NULL ? g_get_monotonic_time () : 0;
      gint64 cpu_start = timing != NULL ? thread_cpu_usec () : 0;

      lw_bot_choose_full (table, levels[seat], team_of, options, &rng, &action);
      if (timing != NULL)
        {
          gint64 spent = g_get_monotonic_time () - start;
          gint64 cpu = thread_cpu_usec () - cpu_start;
          int slot = slot_of_seat[seat];
          timing->decision_ms[slot][MIN (spent / 1000, (gint64) LW_DUEL_HIST_MS)]++;
          timing->decision_usec_max[slot] = MAX (timing->decision_usec_max[slot], spent);
          timing->decision_cpu_ms[slot][MIN (cpu / 1000, (gint64) LW_DUEL_HIST_MS)]++;
          timing->decision_cpu_usec_max[slot] = MAX (timing->decision_cpu_usec_max[slot], cpu);
          if (timed)
            {
              timing->moves[slot]++;
              timing->move_usec_total[slot] += spent;
              timing->move_usec_max[slot] = MAX (timing->move_usec_max[slot], spent);
            }
        }
      if (!lw_table_apply (table, &action, &error))
        g_error ("a computer seat chose an illegal action: %s", error->message);
    }
  return table;
}

LwTable *
lw_bot_play_round (guint               n_players,
                   int                 dealer,
                   guint64             seed,
                   LwBotLevel          level,
                   const int          *team_of,
                   const LwHouseRules *rules)
{
  LwBotLevel levels[LW_MAX_SEATS];

  g_return_val_if_fail (n_players >= LW_MIN_SEATS && n_players <= LW_MAX_SEATS, NULL);
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    levels[s] = level;
  return play_round_seats (n_players, dealer, seed, levels, team_of, rules, NULL, NULL, NULL);
}

/* One game for play_game(): the table, each seat's level, the house rules
 * and the round limit; for a duel, where the timings go and which of the
 * duel's two sides each seat holds (both %NULL otherwise). */
typedef struct {
  guint               n_players;
  gboolean            partners;
  guint64             seed;
  const LwBotLevel   *levels;
  const LwBotOptions *options;
  LwRunFill           run_fill;
  LwOverTrump         over_trump;
  guint               max_rounds;
  LwDuelResult       *timing;
  const int          *slot_of_seat;
} GameSetup;

static LwGameRecord *
play_game (const GameSetup  *game,
           GError          **error)
{
  g_autoptr (LwGameRecord) record = NULL;
  LwHouseRules rules;
  char *names[LW_MAX_SEATS + 1] = { NULL };
  int team_of[LW_MAX_SEATS];

  if (game->n_players < LW_MIN_SEATS || game->n_players > LW_MAX_SEATS)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "players: %u is not 2 to 8", game->n_players);
      return NULL;
    }
  if (game->partners && (game->n_players % 2 != 0 || game->n_players < 4))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "partners play needs 4, 6 or 8 players, not %u (SCORING R2)",
                   game->n_players);
      return NULL;
    }

  for (guint s = 0; s < game->n_players; s++)
    names[s] = g_strdup_printf ("Seat %u", s + 1);
  record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, game->n_players, (const char *const *) names);
  for (guint s = 0; s < game->n_players; s++)
    g_free (names[s]);
  if (game->partners)
    {
      for (guint s = 0; s < game->n_players; s++)
        team_of[s] = (int) (s % (game->n_players / 2));
      lw_game_record_set_teams (record, game->n_players / 2, team_of);
    }
  /* The record names the house rules its rounds were played with. */
  record->run_fill = game->run_fill;
  record->over_trump = game->over_trump;
  lw_game_record_house_rules (record, &rules);

  for (guint k = 0;; k++)
    {
      g_autoptr (LwStandings) standings = lw_standings_compute (record, error);
      g_autoptr (LwTable) table = NULL;
      LwRound *round;

      if (standings == NULL)
        return NULL;
      if (standings->finished)
        break;
      if (k >= game->max_rounds)
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "the game has not ended after %u rounds", game->max_rounds);
          return NULL;
        }
      table = play_round_seats (game->n_players, standings->next_dealer,
                                lw_seed_mix (game->seed, k), game->levels,
                                game->partners ? team_of : NULL, &rules, game->options,
                                game->timing, game->slot_of_seat);
      round = lw_round_new ();
      lw_table_round_facts (table, game->partners ? team_of : NULL, round);
      g_ptr_array_add (record->rounds, round);
    }
  return g_steal_pointer (&record);
}

LwGameRecord *
lw_bot_play_game (guint        n_players,
                  gboolean     partners,
                  guint64      seed,
                  LwBotLevel   level,
                  guint        max_rounds,
                  GError     **error)
{
  LwBotLevel levels[LW_MAX_SEATS];

  for (guint s = 0; s < LW_MAX_SEATS; s++)
    levels[s] = level;
  return lw_bot_play_game_seats (n_players, partners, seed, levels, NULL, max_rounds, error);
}

LwGameRecord *
lw_bot_play_game_seats (guint               n_players,
                        gboolean            partners,
                        guint64             seed,
                        const LwBotLevel   *levels,
                        const LwBotOptions *options,
                        guint               max_rounds,
                        GError            **error)
{
  return lw_bot_play_game_rules (n_players, partners, seed, levels, options, LW_RUN_FILL_INSIDE_OR_END,
                                 LW_OVER_TRUMP_WINNING_PLAY, max_rounds, error);
}

LwGameRecord *
lw_bot_play_game_rules (guint               n_players,
                        gboolean            partners,
                        guint64             seed,
                        const LwBotLevel   *levels,
                        const LwBotOptions *options,
                        LwRunFill           run_fill,
                        LwOverTrump         over_trump,
                        guint               max_rounds,
                        GError            **error)
{
  const GameSetup game = {
    .n_players = n_players, .partners = partners, .seed = seed,
    .levels = levels, .options = options,
    .run_fill = run_fill, .over_trump = over_trump, .max_rounds = max_rounds,
  };

  g_return_val_if_fail (levels != NULL, NULL);
  return play_game (&game, error);
}

guint
lw_duel_hist_percentile (const guint *hist,
                         double       p)
{
  guint64 total = 0, seen = 0;

  g_return_val_if_fail (hist != NULL && p >= 0 && p <= 1, 0);

  for (guint k = 0; k <= LW_DUEL_HIST_MS; k++)
    total += hist[k];
  for (guint k = 0; k <= LW_DUEL_HIST_MS; k++)
    {
      seen += hist[k];
      if (seen > 0 && (double) seen >= p * (double) total)
        return k;
    }
  return 0;
}

guint
lw_bot_duel_percentile (const LwDuelResult *result,
                        guint               slot,
                        double              p)
{
  g_return_val_if_fail (result != NULL && slot < 2 && p >= 0 && p <= 1, 0);
  return lw_duel_hist_percentile (result->decision_ms[slot], p);
}

void
lw_wilson_interval (guint   wins,
                    guint   n,
                    double  z,
                    double *low,
                    double *high)
{
  double p, z2, denom, centre, half;

  g_return_if_fail (n >= 1 && wins <= n && low != NULL && high != NULL);
  p = (double) wins / n;
  z2 = z * z;
  denom = 1 + z2 / n;
  centre = (p + z2 / (2.0 * n)) / denom;
  half = z * sqrt (p * (1 - p) / n + z2 / (4.0 * n * n)) / denom;
  /* The ends are exact at 0 and n wins; rounding may miss them. */
  *low = wins == 0 ? 0.0 : MAX (0.0, centre - half);
  *high = wins == n ? 1.0 : MIN (1.0, centre + half);
}

gboolean
lw_bot_duel_play (const LwDuelSetup *setup,
                  LwDuelResult      *result,
                  GError           **error)
{
  guint rotation, n_players;
  gboolean partners;

  g_return_val_if_fail (setup != NULL && result != NULL, FALSE);
  memset (result, 0, sizeof *result);
  n_players = setup->n_players;
  partners = setup->partners;
  if (setup->games < 1 || setup->games > 1000000 || setup->first_game > 1000000)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "games: %u from game %u is not 1 to 1000000 from 0 to 1000000",
                   setup->games, setup->first_game);
      return FALSE;
    }
  if (n_players < LW_MIN_SEATS || n_players > LW_MAX_SEATS
      || (partners && (n_players % 2 != 0 || n_players < 4)))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "players: %u%s is not a table (2 to 8; partners 4, 6 or 8)",
                   n_players, partners ? " in partners" : "");
      return FALSE;
    }

  /* A holds one side: in solo play a seat, in partners play the seats of
   * one team; the side rotates from game to game. */
  rotation = partners ? n_players / 2 : n_players;
  result->fair_share = 1.0 / rotation;
  for (guint g = setup->first_game; g < setup->first_game + setup->games; g++)
    {
      LwBotLevel levels[LW_MAX_SEATS];
      int slot_of_seat[LW_MAX_SEATS];
      guint a_side = g % rotation;
      int outcome = 0;
      g_autoptr (LwGameRecord) record = NULL;
      g_autoptr (LwStandings) standings = NULL;
      const GameSetup game = {
        .n_players = n_players, .partners = partners, .seed = lw_seed_mix (setup->seed, g / rotation),
        .levels = levels, .options = setup->options,
        .run_fill = LW_RUN_FILL_INSIDE_OR_END, .over_trump = LW_OVER_TRUMP_WINNING_PLAY,
        .max_rounds = 10000, .timing = result, .slot_of_seat = slot_of_seat,
      };

      for (guint s = 0; s < n_players; s++)
        {
          guint side = partners ? s % (n_players / 2) : s;
          gboolean second = partners && s >= n_players / 2;
          slot_of_seat[s] = side == a_side && (!second || setup->a_partner == setup->a) ? 0 : 1;
          levels[s] = side != a_side ? setup->b : second ? setup->a_partner : setup->a;
        }
      record = play_game (&game, error);
      if (record == NULL)
        return FALSE;
      standings = lw_standings_compute (record, error);
      if (standings == NULL)
        return FALSE;
      result->games++;
      if (standings->winner == (int) a_side)
        {
          result->wins_a++;
          outcome = 1;
        }
      else if (standings->winner != LW_NO_SEAT)
        {
          result->wins_b++;
          outcome = -1;
        }
      if (setup->on_game != NULL)
        setup->on_game (g, outcome, result, setup->data);
    }
  result->rate_a = (double) result->wins_a / result->games;
  lw_wilson_interval (result->wins_a, result->games, 1.96, &result->low, &result->high);
  return TRUE;
}

gboolean
lw_bot_duel (LwBotLevel          a,
             LwBotLevel          b,
             guint               n_players,
             gboolean            partners,
             guint               games,
             guint64             seed,
             const LwBotOptions *options,
             LwDuelResult       *result,
             GError            **error)
{
  const LwDuelSetup setup = {
    .a = a, .a_partner = a, .b = b, .n_players = n_players, .partners = partners,
    .games = games, .seed = seed, .options = options,
  };

  return lw_bot_duel_play (&setup, result, error);
}

/* ------------------------------------------------------------------ */
/* A move chosen away from the table (a worker thread)                  */
/* ------------------------------------------------------------------ */

struct _LwBotJob
{
  LwTable   *table;
  LwBotLevel level;
  int        team_of[LW_MAX_SEATS];
  gboolean   teams;
  guint64    seed;
  gboolean   done;
  LwAction   action;
};

LwBotJob *
lw_bot_job_new (const LwTable *table,
                LwBotLevel     level,
                const int     *team_of,
                guint64        seed)
{
  LwBotJob *job;

  g_return_val_if_fail (table != NULL, NULL);

  job = g_new0 (LwBotJob, 1);
  job->table = lw_table_copy (table);
  job->level = level;
  job->teams = team_of != NULL;
  if (team_of != NULL)
    memcpy (job->team_of, team_of, lw_table_get_n_players (table) * sizeof *team_of);
  job->seed = seed;
  return job;
}

void
lw_bot_job_run (LwBotJob *job)
{
  LwRng rng;

  g_return_if_fail (job != NULL);

  lw_rng_init (&rng, job->seed);
  lw_bot_choose (job->table, job->level, job->teams ? job->team_of : NULL, &rng, &job->action);
  job->done = TRUE;
}

const LwAction *
lw_bot_job_get_action (const LwBotJob *job)
{
  g_return_val_if_fail (job != NULL && job->done, NULL);

  return &job->action;
}

void
lw_bot_job_free (LwBotJob *job)
{
  if (job == NULL)
    return;
  lw_table_free (job->table);
  g_free (job);
}
