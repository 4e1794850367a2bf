/* lw-rating.c — Weng-Lin Plackett-Luce ratings and leaderboards
 *
 * R. C. Weng and C.-J. Lin, "A Bayesian Approximation Method for Online
 * Ranking", JMLR 12 (2011) 267–300, Algorithm 4.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-rating.h"

void
lw_rating_model_init (LwRatingModel *model)
{
  g_return_if_fail (model != NULL);

  model->mu = 25.0;
  model->sigma = 25.0 / 3.0;
  model->beta = model->sigma / 2.0;
  model->kappa = 0.0001;
  model->tau = 25.0 / 300.0;
  model->limit_sigma = FALSE;
}

void
lw_rating_init (const LwRatingModel *model,
                LwRating            *rating)
{
  g_return_if_fail (model != NULL && rating != NULL);

  rating->mu = model->mu;
  rating->sigma = model->sigma;
}

double
lw_rating_conservative (const LwRating *rating)
{
  g_return_val_if_fail (rating != NULL, 0);

  return rating->mu - 3.0 * rating->sigma;
}

void
lw_rating_rate (const LwRatingModel *model,
                guint                n_teams,
                const guint         *team_sizes,
                const guint         *ranks,
                LwRating            *ratings)
{
  lw_rating_rate_weighted (model, n_teams, team_sizes, ranks, NULL, ratings);
}

void
lw_rating_rate_weighted (const LwRatingModel *model,
                         guint                n_teams,
                         const guint         *team_sizes,
                         const guint         *ranks,
                         const double        *weights,
                         LwRating            *ratings)
{
  double team_mu[LW_MAX_SEATS], team_var[LW_MAX_SEATS], strength[LW_MAX_SEATS];
  double c_q[LW_MAX_SEATS], omega[LW_MAX_SEATS], delta[LW_MAX_SEATS];
  double before[LW_RATING_MAX_PLAYERS];
  guint a_q[LW_MAX_SEATS], first[LW_MAX_SEATS];
  double c2 = 0, c, tau2;
  guint at = 0;

  g_return_if_fail (model != NULL && team_sizes != NULL && ranks != NULL && ratings != NULL);
  g_return_if_fail (n_teams >= 2 && n_teams <= LW_MAX_SEATS);

  /* The dynamics factor first (OpenSkill's tau), then a side's mu and
   * sigma² are its players' sums, each by its weight. */
  tau2 = model->tau * model->tau;
  for (guint i = 0; i < n_teams; i++)
    {
      g_return_if_fail (team_sizes[i] >= 1 && at + team_sizes[i] <= LW_RATING_MAX_PLAYERS);
      first[i] = at;
      team_mu[i] = 0;
      team_var[i] = 0;
      for (guint j = 0; j < team_sizes[i]; j++, at++)
        {
          double w = weights != NULL ? weights[at] : 1.0;

          before[at] = ratings[at].sigma;
          if (tau2 > 0)
            ratings[at].sigma = sqrt (ratings[at].sigma * ratings[at].sigma + tau2);
          team_mu[i] += w * ratings[at].mu;
          team_var[i] += w * ratings[at].sigma * ratings[at].sigma;
        }
      g_return_if_fail (team_var[i] > 0);
      c2 += team_var[i] + model->beta * model->beta;
    }
  c = sqrt (c2);

  for (guint i = 0; i < n_teams; i++)
    strength[i] = exp (team_mu[i] / c);

  /* C_q: the sides placed at or below q; A_q: the sides sharing q's place. */
  for (guint q = 0; q < n_teams; q++)
    {
      c_q[q] = 0;
      a_q[q] = 0;
      for (guint s = 0; s < n_teams; s++)
        {
          if (ranks[s] >= ranks[q])
            c_q[q] += strength[s];
          if (ranks[s] == ranks[q])
            a_q[q]++;
        }
    }

  for (guint i = 0; i < n_teams; i++)
    {
      double sum_omega = 0, sum_delta = 0, gamma;

      for (guint q = 0; q < n_teams; q++)
        {
          double p;

          if (ranks[q] > ranks[i])
            continue;
          p = strength[i] / c_q[q];
          sum_delta += p * (1 - p) / a_q[q];
          sum_omega += ((q == i ? 1.0 : 0.0) - p) / a_q[q];
        }
      gamma = sqrt (team_var[i]) / c;
      omega[i] = team_var[i] / c * sum_omega;
      delta[i] = gamma * team_var[i] / c2 * sum_delta;
    }

  for (guint i = 0; i < n_teams; i++)
    for (guint j = 0; j < team_sizes[i]; j++)
      {
        guint k = first[i] + j;
        LwRating *r = &ratings[k];
        double w = weights != NULL ? weights[k] : 1.0;
        double share = w * r->sigma * r->sigma / team_var[i];

        if (w <= 0)
          {
            r->sigma = before[k];   /* did not play: as before the game */
            continue;
          }
        r->mu += share * omega[i];
        r->sigma *= sqrt (MAX (1 - share * delta[i], model->kappa));
        if (model->limit_sigma && tau2 > 0)
          r->sigma = MIN (r->sigma, before[k]);
      }
}

static gboolean
ladder_has (LwLadder           ladder,
            const LwRatedGame *game)
{
  switch (ladder)
    {
    case LW_LADDER_TWO:
      return game->n_teams == 0 && game->n_players == 2;
    case LW_LADDER_THREE_FOUR:
      return game->n_teams == 0 && (game->n_players == 3 || game->n_players == 4);
    case LW_LADDER_PARTNERS:
      return game->n_teams > 0;
    case LW_LADDER_ALL:
    default:
      return TRUE;
    }
}

struct _LwRatingGames
{
  GPtrArray    *names;   /* index → name (owned) */
  GHashTable   *index;   /* name (borrowed from names) → index + 1 */
  GArray       *games;   /* LwRatedGame */
  GStringChunk *keys;    /* each game's key (LwRatedGame.key points here) */
  GHashTable   *computers;  /* the indexes (+ 1) of computer seats' players */
};

LwRatingGames *
lw_rating_games_new (void)
{
  LwRatingGames *games = g_new0 (LwRatingGames, 1);

  games->names = g_ptr_array_new_with_free_func (g_free);
  games->index = g_hash_table_new (g_str_hash, g_str_equal);
  games->games = g_array_new (FALSE, FALSE, sizeof (LwRatedGame));
  games->keys = g_string_chunk_new (1024);
  games->computers = g_hash_table_new (NULL, NULL);
  return games;
}

void
lw_rating_games_free (LwRatingGames *games)
{
  if (games == NULL)
    return;
  g_hash_table_unref (games->index);
  g_ptr_array_unref (games->names);
  g_array_unref (games->games);
  g_string_chunk_free (games->keys);
  g_hash_table_unref (games->computers);
  g_free (games);
}

guint
lw_rating_games_intern (LwRatingGames *games,
                        const char    *name)
{
  gpointer found;
  char *copy;

  g_return_val_if_fail (games != NULL && name != NULL, 0);

  found = g_hash_table_lookup (games->index, name);
  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  copy = g_strdup (name);
  g_ptr_array_add (games->names, copy);
  g_hash_table_insert (games->index, copy, GUINT_TO_POINTER (games->names->len));
  return games->names->len - 1;
}

void
lw_rating_games_set_computer (LwRatingGames *games,
                              const char    *name)
{
  g_return_if_fail (games != NULL && name != NULL);

  g_hash_table_add (games->computers,
                    GUINT_TO_POINTER (lw_rating_games_intern (games, name) + 1));
}

static gboolean
is_computer (const LwRatingGames *games,
             guint                player)
{
  return g_hash_table_contains (games->computers, GUINT_TO_POINTER (player + 1));
}

/* @game as rated among its people: *@out holds its seats whose player is
 * no computer seat's (lw_rating_games_set_computer()), their sides
 * numbered again in seat order with their scores, and their earlier
 * players who are people. %FALSE when fewer than two sides keep a person:
 * there is nothing to rate. */
static gboolean
people_only (const LwRatingGames *games,
             const LwRatedGame   *game,
             LwRatedGame         *out)
{
  guint n_sides = game->n_teams > 0 ? game->n_teams : game->n_players;
  int new_side[LW_MAX_SEATS];
  guint new_seat[LW_MAX_SEATS];
  guint kept_sides = 0;

  *out = *game;
  out->n_players = 0;
  out->n_subs = 0;
  for (guint s = 0; s < n_sides; s++)
    new_side[s] = -1;
  for (guint seat = 0; seat < LW_MAX_SEATS; seat++)
    new_seat[seat] = G_MAXUINT;
  for (guint seat = 0; seat < game->n_players; seat++)
    {
      guint side = game->n_teams > 0 ? (guint) game->side_of[seat] : seat;

      if (is_computer (games, game->players[seat]))
        continue;
      if (new_side[side] < 0)
        {
          new_side[side] = (int) kept_sides;
          out->scores[kept_sides++] = game->scores[side];
        }
      new_seat[seat] = out->n_players;
      out->players[out->n_players] = game->players[seat];
      out->side_of[out->n_players] = game->n_teams > 0 ? new_side[side] : (int) out->n_players;
      out->n_players++;
    }
  for (guint j = 0; j < game->n_subs; j++)
    if (new_seat[game->subs[j].seat] != G_MAXUINT && !is_computer (games, game->subs[j].player))
      {
        out->subs[out->n_subs] = game->subs[j];
        out->subs[out->n_subs].seat = new_seat[game->subs[j].seat];
        out->n_subs++;
      }
  if (game->n_teams > 0)
    out->n_teams = kept_sides;
  return kept_sides >= 2;
}

void
lw_rating_games_add (LwRatingGames     *games,
                     const LwRatedGame *game)
{
  g_return_if_fail (games != NULL && game != NULL);
  g_return_if_fail (game->n_players >= 2 && game->n_players <= LW_MAX_SEATS);

  g_array_append_val (games->games, *game);
  /* The set's own copy: the caller's key may be gone once this returns. */
  g_array_index (games->games, LwRatedGame, games->games->len - 1).key =
    g_string_chunk_insert_const (games->keys, game->key != NULL ? game->key : "");
}

gboolean
lw_rating_is_rated (const LwGameRecord *record,
                    const LwStandings  *standings)
{
  g_return_val_if_fail (record != NULL && standings != NULL, FALSE);

  return record->ruleset == LW_RULESET_LITTLE_WOLF && standings->finished
         && standings->winner != LW_NO_SEAT;
}

gboolean
lw_rating_games_add_record (LwRatingGames      *games,
                            gint64              id,
                            gint64              time,
                            const LwGameRecord *record,
                            const LwStandings  *standings)
{
  LwRatedGame game = { 0, };

  g_return_val_if_fail (games != NULL && record != NULL && standings != NULL, FALSE);

  if (!lw_rating_is_rated (record, standings))
    return FALSE;

  game.id = id;
  game.key = record->id;
  game.time = time;
  game.n_players = record->n_players;
  game.n_teams = record->n_teams;
  for (guint seat = 0; seat < record->n_players; seat++)
    {
      game.players[seat] = lw_rating_games_intern (games, lw_game_record_current_player (record, (int) seat));
      game.side_of[seat] = lw_game_record_side_of (record, (int) seat);
    }
  for (guint side = 0; side < standings->n_sides; side++)
    game.scores[side] = standings->scores[side];
  game.skunk = standings->skunk;
  lw_rating_games_add (games, &game);
  return TRUE;
}

gboolean
lw_rating_games_add_paper (LwRatingGames *games,
                           const LwEvent *event,
                           guint          round,
                           guint          table,
                           gint64         table_id,
                           gint64         created,
                           gint64         time)
{
  const LwEventRound *r;
  const LwEventTable *t;
  LwRatedGame game = { 0, };
  g_autofree char *key = NULL;
  guint n_sides;

  g_return_val_if_fail (games != NULL && event != NULL && table_id > 0, FALSE);
  g_return_val_if_fail (round >= 1 && round <= event->rounds->len, FALSE);
  r = g_ptr_array_index (event->rounds, round - 1);
  g_return_val_if_fail (table >= 1 && table <= r->tables->len, FALSE);
  t = &g_array_index (r->tables, LwEventTable, table - 1);

  if (!t->has_result || t->game_id != 0 || t->n_seats < 2)
    return FALSE;
  n_sides = lw_event_table_n_sides (event, t);
  key = lw_rating_paper_key (event, created, round, table);
  game.id = -table_id;
  game.key = key;
  game.time = time;
  game.n_players = t->n_seats;
  game.n_teams = n_sides < t->n_seats ? n_sides : 0;
  for (guint seat = 0; seat < t->n_seats; seat++)
    {
      const LwEntrant *entrant;
      int side = lw_event_seat_side (event, seat);

      g_return_val_if_fail (t->entrants[seat] >= 0
                            && (guint) t->entrants[seat] < event->entrants->len, FALSE);
      entrant = g_ptr_array_index (event->entrants, t->entrants[seat]);
      game.players[seat] = lw_rating_games_intern (games, entrant->name);
      game.side_of[seat] = side;
      /* A partners table's seats hold their side's score. */
      game.scores[side] = t->scores[seat];
    }
  game.skunk = t->skunk;
  lw_rating_games_add (games, &game);
  return TRUE;
}

char *
lw_rating_paper_key (const LwEvent *event,
                     gint64         created,
                     guint          round,
                     guint          table)
{
  g_return_val_if_fail (event != NULL, NULL);

  return g_strdup_printf ("paper/%012" G_GINT64_FORMAT "/%020" G_GUINT64_FORMAT "/%06u/%06u/%s",
                          created, event->config.seed, round, table,
                          event->name != NULL ? event->name : "");
}

gboolean
lw_rating_games_add_sub (LwRatingGames *games,
                         gint64         id,
                         guint          seat,
                         const char    *name,
                         double         weight)
{
  LwRatedGame *game;
  guint player;

  g_return_val_if_fail (games != NULL && name != NULL, FALSE);

  if (games->games->len == 0)
    return FALSE;
  game = &g_array_index (games->games, LwRatedGame, games->games->len - 1);
  if (game->id != id || seat >= game->n_players || game->n_subs >= LW_RATED_MAX_SUBS
      || !(weight >= 0 && weight <= 1))
    return FALSE;
  player = lw_rating_games_intern (games, name);
  for (guint s = 0; s < game->n_players; s++)
    if (game->players[s] == player)
      return FALSE;
  for (guint k = 0; k < game->n_subs; k++)
    if (game->subs[k].player == player)
      return FALSE;
  game->subs[game->n_subs].seat = seat;
  game->subs[game->n_subs].player = player;
  game->subs[game->n_subs].weight = weight;
  game->n_subs++;
  return TRUE;
}

guint
lw_rating_games_get_n_games (const LwRatingGames *games)
{
  g_return_val_if_fail (games != NULL, 0);
  return games->games->len;
}

void
lw_leaderboard_options_init (LwLeaderboardOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->ladder = LW_LADDER_ALL;
  options->trend_games = 5;
  lw_rating_model_init (&options->model);
}

gboolean
lw_leaderboard_parse_day (const char *text,
                          gint64     *time)
{
  int year, month, day;
  char end;
  g_autoptr (GDateTime) date = NULL;

  g_return_val_if_fail (time != NULL, FALSE);

  if (text == NULL || strlen (text) != 10
      || sscanf (text, "%4d-%2d-%2d%c", &year, &month, &day, &end) != 3)
    return FALSE;
  date = g_date_time_new_utc (year, month, day, 0, 0, 0);
  if (date == NULL)
    return FALSE;
  *time = g_date_time_to_unix (date);
  return TRUE;
}

int
lw_rating_game_order (const LwRatedGame *a,
                      const LwRatedGame *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, 0);

  if (a->time != b->time)
    return a->time < b->time ? -1 : 1;
  /* The record's stable key, byte for byte (never the row IDs, which
   * differ from one database to another). */
  return strcmp (a->key != NULL ? a->key : "", b->key != NULL ? b->key : "");
}

static int
compare_game_order (gconstpointer pa,
                    gconstpointer pb,
                    gpointer      user_data)
{
  const LwRatedGame *games = user_data;

  return lw_rating_game_order (&games[*(const guint *) pa], &games[*(const guint *) pb]);
}

static int
compare_gint64 (gconstpointer pa,
                gconstpointer pb)
{
  gint64 a = *(const gint64 *) pa, b = *(const gint64 *) pb;
  return a < b ? -1 : a > b;
}

/* Per player while rating. */
typedef struct {
  LwRating  rating;
  guint     games;
  guint     wins;
  guint     skunks;
  guint     rated;
  double   *before;   /* ring of the ratings before the last counted games */
  guint     n_before;
} Player;

/* Best rating first; equal ratings by name, in the order of the user's
 * locale (@user_data: each player's g_utf8_collate_key()), then byte for
 * byte for names the locale sorts as equal. */
static int
compare_rows (gconstpointer pa,
              gconstpointer pb,
              gpointer      user_data)
{
  const LwLeaderboardRow *a = pa, *b = pb;
  char *const *keys = user_data;
  int order;

  if (a->provisional != b->provisional)
    return a->provisional ? 1 : -1;
  if (a->rating != b->rating)
    return a->rating > b->rating ? -1 : 1;
  order = strcmp (keys[a->player], keys[b->player]);
  return order != 0 ? order : strcmp (a->name, b->name);
}

GArray *
lw_leaderboard_compute (const LwRatingGames        *games,
                        const LwLeaderboardOptions *options)
{
  guint n_games, n_players, trend;
  g_autofree guint *order = NULL;
  g_autofree Player *players = NULL;
  g_autofree double *rings = NULL;
  g_autofree gint64 *only = NULL;
  char **keys;
  const LwRatedGame *all;
  GArray *rows;

  g_return_val_if_fail (games != NULL && options != NULL, NULL);

  n_games = games->games->len;
  n_players = games->names->len;
  trend = MAX (options->trend_games, 1);
  all = (const LwRatedGame *) (gpointer) games->games->data;

  order = g_new (guint, MAX (n_games, 1));
  for (guint i = 0; i < n_games; i++)
    order[i] = i;
  g_qsort_with_data (order, (gint) n_games, sizeof (guint), compare_game_order,
                     (gpointer) all);

  if (options->only_games != NULL)
    {
      only = g_new0 (gint64, MAX (options->n_only_games, 1));
      memcpy (only, options->only_games, sizeof (gint64) * options->n_only_games);
      qsort (only, options->n_only_games, sizeof (gint64), compare_gint64);
    }

  players = g_new0 (Player, MAX (n_players, 1));
  rings = g_new0 (double, (gsize) MAX (n_players, 1) * trend);
  for (guint p = 0; p < n_players; p++)
    {
      lw_rating_init (&options->model, &players[p].rating);
      players[p].before = rings + (gsize) p * trend;
    }

  for (guint k = 0; k < n_games; k++)
    {
      const LwRatedGame *game = &all[order[k]];
      LwRatedGame people;
      guint n_sides;
      guint sizes[LW_MAX_SEATS] = { 0, }, ranks[LW_MAX_SEATS] = { 0, };
      guint offset[LW_MAX_SEATS], who[LW_RATING_MAX_PLAYERS], seat_of[LW_RATING_MAX_PLAYERS];
      double weights[LW_RATING_MAX_PLAYERS];
      LwRating ratings[LW_RATING_MAX_PLAYERS];
      guint n_in;
      gboolean counted;
      int top = G_MININT;
      guint n_top = 0;

      if (!ladder_has (options->ladder, game))
        continue;
      if (options->to != 0 && game->time >= options->to)
        break;
      /* Computer seats are no players: the game is rated among its
       * people (the ladder stays the game's as played). */
      if (g_hash_table_size (games->computers) > 0)
        {
          if (!people_only (games, game, &people))
            continue;
          game = &people;
        }
      n_sides = game->n_teams > 0 ? game->n_teams : game->n_players;
      counted = game->time >= options->from
                && (only == NULL
                    || bsearch (&game->id, only, options->n_only_games, sizeof (gint64),
                                compare_gint64) != NULL);

      /* Places by final score: the sides above, ties level. */
      for (guint s = 0; s < n_sides; s++)
        {
          for (guint o = 0; o < n_sides; o++)
            if (game->scores[o] > game->scores[s])
              ranks[s]++;
          top = MAX (top, game->scores[s]);
        }
      for (guint s = 0; s < n_sides; s++)
        if (game->scores[s] == top)
          n_top++;

      /* The players side by side, as lw_rating_rate_weighted() takes
       * them: each seat's current player, then its earlier players. */
      for (guint seat = 0; seat < game->n_players; seat++)
        sizes[game->n_teams > 0 ? game->side_of[seat] : (int) seat]++;
      for (guint j = 0; j < game->n_subs; j++)
        {
          guint seat = game->subs[j].seat;
          sizes[game->n_teams > 0 ? game->side_of[seat] : (int) seat]++;
        }
      offset[0] = 0;
      for (guint s = 1; s < n_sides; s++)
        offset[s] = offset[s - 1] + sizes[s - 1];
      {
        guint fill[LW_MAX_SEATS] = { 0, };
        double left[LW_MAX_SEATS];

        for (guint seat = 0; seat < game->n_players; seat++)
          left[seat] = 1.0;
        for (guint j = 0; j < game->n_subs; j++)
          left[game->subs[j].seat] -= game->subs[j].weight;
        n_in = 0;
        for (guint seat = 0; seat < game->n_players; seat++)
          {
            guint side = game->n_teams > 0 ? (guint) game->side_of[seat] : seat;
            guint at = offset[side] + fill[side]++;

            who[at] = game->players[seat];
            seat_of[at] = seat;
            weights[at] = MAX (left[seat], 0.0);
            n_in++;
          }
        for (guint j = 0; j < game->n_subs; j++)
          {
            guint seat = game->subs[j].seat;
            guint side = game->n_teams > 0 ? (guint) game->side_of[seat] : seat;
            guint at = offset[side] + fill[side]++;

            who[at] = game->subs[j].player;
            seat_of[at] = seat;
            weights[at] = game->subs[j].weight;
            n_in++;
          }
        for (guint j = 0; j < n_in; j++)
          ratings[j] = players[who[j]].rating;
      }

      for (guint j = 0; j < n_in; j++)
        {
          Player *player = &players[who[j]];
          guint seat = seat_of[j];
          guint side = game->n_teams > 0 ? (guint) game->side_of[seat] : seat;

          if (weights[j] <= 0)
            continue;   /* sat in the seat for no round */
          player->rated++;
          if (!counted)
            continue;
          player->before[player->games % trend] = lw_rating_conservative (&player->rating);
          player->games++;
          /* A skunk is worth double: 2 wins on the leaderboard (R23). */
          if (ranks[side] == 0 && n_top == 1)
            {
              player->wins += game->skunk ? 2 : 1;
              if (game->skunk)
                player->skunks++;
            }
        }

      lw_rating_rate_weighted (&options->model, n_sides, sizes, ranks,
                               game->n_subs > 0 ? weights : NULL, ratings);
      for (guint j = 0; j < n_in; j++)
        players[who[j]].rating = ratings[j];
    }

  rows = g_array_new (FALSE, FALSE, sizeof (LwLeaderboardRow));
  for (guint p = 0; p < n_players; p++)
    {
      const Player *player = &players[p];
      LwLeaderboardRow row = { 0, };
      guint oldest;

      if (player->games == 0)
        continue;
      row.player = p;
      row.name = g_ptr_array_index (games->names, p);
      row.mu = player->rating.mu;
      row.sigma = player->rating.sigma;
      row.rating = lw_rating_conservative (&player->rating);
      row.games = player->games;
      row.wins = player->wins;
      row.skunks = player->skunks;
      row.rated = player->rated;
      row.provisional = player->rated < LW_RATING_PROVISIONAL_GAMES;
      /* The rating before the oldest of the last `trend` counted games. */
      oldest = player->games > trend ? player->games % trend : 0;
      row.trend = row.rating - player->before[oldest];
      g_array_append_val (rows, row);
    }
  keys = g_new0 (char *, MAX (n_players, 1));
  for (guint i = 0; i < rows->len; i++)
    {
      const LwLeaderboardRow *row = &g_array_index (rows, LwLeaderboardRow, i);
      keys[row->player] = g_utf8_collate_key (row->name, -1);
    }
  g_array_sort_with_data (rows, compare_rows, keys);
  for (guint p = 0; p < n_players; p++)
    g_free (keys[p]);
  g_free (keys);
  for (guint i = 0; i < rows->len; i++)
    {
      LwLeaderboardRow *row = &g_array_index (rows, LwLeaderboardRow, i);
      row->rank = i > 0 && (row - 1)->rating == row->rating
                  && (row - 1)->provisional == row->provisional ? (row - 1)->rank : i + 1;
    }
  return rows;
}

/* Appends "NAME" : with @indent spaces before it, as the project's JSON
 * output (lw_json_builder_to_text()) lays members out. */
static void
append_member (GString    *out,
               guint       indent,
               const char *name)
{
  g_string_append_printf (out, "%*s\"%s\" : ", indent, "", name);
}

/* A string as a JSON value, escaped by json-glib. */
static void
append_string (GString    *out,
               const char *value)
{
  g_autoptr (JsonNode) node = json_node_new (JSON_NODE_VALUE);
  g_autofree char *text = NULL;

  json_node_set_string (node, value);
  text = json_to_string (node, FALSE);
  g_string_append (out, text);
}

/* A number with 4 decimals and nothing after them ("24.4887", never
 * "24.488659999999999" nor "-0.0000"). */
static void
append_decimal (GString *out,
                double   value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }
  value = round (value * 1e4) / 1e4;
  if (value == 0)
    value = 0;   /* no minus sign on zero */
  g_string_append (out, g_ascii_formatd (text, sizeof text, "%.4f", value));
}

/* A leaderboard row's member @name: the decimal @value, then a comma. */
static void
append_row_decimal (GString    *out,
                    const char *name,
                    double      value)
{
  append_member (out, 6, name);
  append_decimal (out, value);
  g_string_append (out, ",\n");
}

char *
lw_leaderboard_to_json (GArray                     *rows,
                        const LwLeaderboardOptions *options)
{
  GString *out;

  g_return_val_if_fail (rows != NULL && options != NULL, NULL);

  /* Written by hand: json-glib writes a double with 17 digits
   * (24.488659999999999). The layout is lw_json_builder_to_text()'s. */
  out = g_string_new ("{\n");
  append_member (out, 2, "ladder");
  append_string (out, lw_ladder_to_string (options->ladder));
  g_string_append (out, ",\n");
  append_member (out, 2, "leaderboard");
  g_string_append (out, rows->len == 0 ? "[]\n" : "[\n");
  for (guint i = 0; i < rows->len; i++)
    {
      const LwLeaderboardRow *row = &g_array_index (rows, LwLeaderboardRow, i);

      g_string_append (out, "    {\n");
      append_member (out, 6, "rank");
      g_string_append_printf (out, "%u,\n", row->rank);
      append_member (out, 6, "player");
      append_string (out, row->name);
      g_string_append (out, ",\n");
      append_row_decimal (out, "rating", row->rating);
      append_row_decimal (out, "mu", row->mu);
      append_row_decimal (out, "sigma", row->sigma);
      append_member (out, 6, "games");
      g_string_append_printf (out, "%u,\n", row->games);
      append_member (out, 6, "wins");
      g_string_append_printf (out, "%u,\n", row->wins);
      append_member (out, 6, "skunks");
      g_string_append_printf (out, "%u,\n", row->skunks);
      append_row_decimal (out, "trend", row->trend);
      append_member (out, 6, "rated");
      g_string_append_printf (out, "%u,\n", row->rated);
      append_member (out, 6, "provisional");
      g_string_append (out, row->provisional ? "true" : "false");
      g_string_append (out, i + 1 < rows->len ? "\n    },\n" : "\n    }\n");
    }
  if (rows->len > 0)
    g_string_append (out, "  ]\n");
  g_string_append (out, "}\n");
  return g_string_free (out, FALSE);
}

char *
lw_leaderboard_to_text (GArray *rows)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (rows != NULL, NULL);

  for (guint i = 0; i < rows->len; i++)
    {
      const LwLeaderboardRow *row = &g_array_index (rows, LwLeaderboardRow, i);
      char rating[G_ASCII_DTOSTR_BUF_SIZE], trend[G_ASCII_DTOSTR_BUF_SIZE];
      char sigma[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (rating, sizeof rating, "%.2f", row->rating);
      g_ascii_formatd (trend, sizeof trend, "%+.2f", row->trend);
      g_ascii_formatd (sigma, sizeof sigma, "%.2f", row->sigma);
      g_string_append_printf (out, "%u\t%s\t%s\t%u\t%u\t%u\t%s\t%s\t%s\n", row->rank,
                              row->name, rating, row->games, row->wins, row->skunks, trend,
                              sigma, row->provisional ? "provisional" : "established");
    }
  return g_string_free (out, FALSE);
}
