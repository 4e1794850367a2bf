/* lw-bench-games.c — random valid games for the benchmarks that fill a
 * database (bench-store, bench-players)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-bench-games.h"

const char *const lw_bench_names[LW_BENCH_N_NAMES] = {
  "Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jade",
  "Kai", "Lena", "Milo", "Nora", "Otto", "Pia", "Quin", "Rosa", "Sven", "Tess",
  "Uma", "Vik", "Wren", "Xavi", "Yara", "Zoë", "Abe", "Bea", "Cyd", "Dora",
};

/* Gives @count cards to random seats, at most @room[seat] each (when
 * @room is not NULL); returns how many found a seat. */
static void
deal_out (GRand *rng,
          int    count,
          guint  n,
          int   *into,
          int   *room)
{
  for (int c = 0; c < count; c++)
    {
      guint seat = (guint) g_rand_int_range (rng, 0, (gint32) n);

      if (room != NULL)
        {
          guint tries = 0;

          while (room[seat] <= 0 && tries++ < n)
            seat = (seat + 1) % n;
          if (room[seat] <= 0)
            return;
          room[seat]--;
        }
      into[seat]++;
    }
}

/* A random round with valid facts (SCORING R1, R5–R8, R19, R21; G1). */
LwRound *
lw_bench_random_round (const LwGameRecord *record,
              GRand              *rng)
{
  LwRound *round = lw_round_new ();
  guint n = record->n_players;

  if (record->ruleset == LW_RULESET_GARWOLF)
    {
      deal_out (rng, LW_GARWOLF_COURT_CARDS, n, round->court, NULL);
      deal_out (rng, (int) lw_garwolves (n), n, round->garwolves, NULL);
      return round;
    }

  if (g_rand_int_range (rng, 0, 100) < 3)
    lw_round_add_penalty (round, g_rand_int_range (rng, 0, (gint32) n),
                          g_rand_boolean (rng) ? LW_PENALTY_OUT_OF_TURN
                                               : LW_PENALTY_LOOKED_AT_DISCARDS);
  if (g_rand_int_range (rng, 0, 100) < 2)
    {
      round->is_void = TRUE;
      return round;
    }

  {
    int total = (int) lw_total_cards (n);
    int strong = g_rand_int_range (rng, 0, (gint32) n);
    int share = g_rand_int_range (rng, total / 4, total + 1);
    int room[LW_MAX_SEATS];
    int roll = g_rand_int_range (rng, 0, 100);

    round->cards[strong] = share;
    deal_out (rng, total - share, n, round->cards, NULL);

    if (roll < 60)
      round->declarer = strong;
    else if (roll < 70)
      round->declarer = g_rand_int_range (rng, 0, (gint32) n);

    memcpy (room, round->cards, sizeof room);
    deal_out (rng, 2 * (int) lw_decks (n), n, round->worms, room);
    deal_out (rng, 2 * (int) lw_decks (n), n, round->gongs, room);
    deal_out (rng, 2 * (int) lw_decks (n), n, round->bears, room);
    deal_out (rng, 2 * (int) lw_decks (n), n, round->wolves, room);
  }
  return round;
}

static LwGameRecord *
random_setup (GRand *rng)
{
  const char *seated[LW_MAX_SEATS];
  gboolean garwolf = g_rand_int_range (rng, 0, 100) < 15;
  guint n = garwolf ? (guint) g_rand_int_range (rng, 3, 5) : (guint) g_rand_int_range (rng, 2, 9);
  guint first = (guint) g_rand_int_range (rng, 0, LW_BENCH_N_NAMES);
  LwGameRecord *record;

  /* n different names from the pool. */
  for (guint i = 0; i < n; i++)
    seated[i] = lw_bench_names[(first + i * 7) % LW_BENCH_N_NAMES];

  record = lw_game_record_new (garwolf ? LW_RULESET_GARWOLF : LW_RULESET_LITTLE_WOLF, n, seated);
  record->first_dealer = g_rand_int_range (rng, 0, (gint32) n);
  if (!garwolf && n % 2 == 0 && n >= 4 && g_rand_int_range (rng, 0, 100) < 40)
    {
      int team_of[LW_MAX_SEATS];
      guint n_teams = n == 6 && g_rand_boolean (rng) ? 3 : 2;

      for (guint seat = 0; seat < n; seat++)
        team_of[seat] = (int) (seat % n_teams);
      lw_game_record_set_teams (record, n_teams, team_of);
    }
  return record;
}

LwGameRecord *
lw_bench_random_game (GRand    *rng,
                      guint     max_rounds,
                      gboolean  keep_going)
{
  LwGameRecord *record = random_setup (rng);

  /* A long game is Little Wolf: Garwolf reaches 100 in far fewer hands. */
  while (keep_going && record->ruleset != LW_RULESET_LITTLE_WOLF)
    {
      lw_game_record_free (record);
      record = random_setup (rng);
    }

  while (record->rounds->len < max_rounds)
    {
      g_autoptr (LwStandings) standings = NULL;
      guint tries = 0;

      for (;;)
        {
          g_ptr_array_add (record->rounds, lw_bench_random_round (record, rng));
          standings = lw_standings_compute (record, NULL);
          if (standings != NULL && !(keep_going && standings->finished))
            break;
          g_clear_pointer (&standings, lw_standings_free);
          g_ptr_array_set_size (record->rounds, record->rounds->len - 1);
          if (++tries > 1000)
            g_error ("cannot find a round that keeps the game going");
        }
      if (standings->finished)
        break;
    }
  return record;
}
