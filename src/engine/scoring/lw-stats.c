/* lw-stats.c — statistics per player over many games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "lw-stats.h"

void
lw_player_stats_free (LwPlayerStats *stats)
{
  if (stats == NULL)
    return;
  g_free (stats->name);
  g_free (stats->best_partner);
  g_free (stats->worst_partner);
  g_free (stats);
}

/* Games together with one partner. */
typedef struct {
  guint games;
  guint wins;
} PartnerCount;

typedef struct {
  GHashTable *players;   /* name → LwPlayerStats* (owned) */
  GHashTable *partners;  /* name → GHashTable (partner name → PartnerCount*) */
} Counter;

static LwPlayerStats *
player (Counter    *counter,
        const char *name)
{
  LwPlayerStats *stats = g_hash_table_lookup (counter->players, name);

  if (stats == NULL)
    {
      stats = g_new0 (LwPlayerStats, 1);
      stats->name = g_strdup (name);
      g_hash_table_insert (counter->players, stats->name, stats);
    }
  return stats;
}

static PartnerCount *
partner (Counter    *counter,
         const char *name,
         const char *other)
{
  GHashTable *table = g_hash_table_lookup (counter->partners, name);
  PartnerCount *count;

  if (table == NULL)
    {
      table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_hash_table_insert (counter->partners, g_strdup (name), table);
    }
  count = g_hash_table_lookup (table, other);
  if (count == NULL)
    {
      count = g_new0 (PartnerCount, 1);
      g_hash_table_insert (table, g_strdup (other), count);
    }
  return count;
}

static const char *
seat_player (const LwStatsGame *game,
             guint              round_index,
             int                seat)
{
  if (game->round_players != NULL && round_index < game->round_players->len)
    {
      const char *const *names = g_ptr_array_index (game->round_players, round_index);

      if (names != NULL && names[seat] != NULL)
        return names[seat];
    }
  return lw_game_record_player_at (game->record, seat, round_index + 1);
}

/* Who played @seat in @game: every player who sat there for a round, in
 * order, each once; the seat's current player when it has no rounds. */
static GPtrArray *
seat_players (const LwStatsGame *game,
              int                seat)
{
  GPtrArray *names = g_ptr_array_new ();
  guint n_rounds = game->record->rounds->len;

  for (guint r = 0; r < n_rounds; r++)
    {
      const char *name = seat_player (game, r, seat);
      gboolean seen = FALSE;

      for (guint k = 0; k < names->len && !seen; k++)
        seen = g_str_equal (g_ptr_array_index (names, k), name);
      if (!seen)
        g_ptr_array_add (names, (gpointer) name);
    }
  if (names->len == 0)
    g_ptr_array_add (names, (gpointer) lw_game_record_current_player (game->record, seat));
  return names;
}

static void
count_game (Counter           *counter,
            const LwStatsGame *game)
{
  const LwGameRecord *record = game->record;
  const LwStandings *standings = game->standings;
  int margin = 0;

  if (standings->finished)
    {
      int best_other = G_MININT;

      for (guint s = 0; s < standings->n_sides; s++)
        if ((int) s != standings->winner)
          best_other = MAX (best_other, standings->scores[s]);
      margin = standings->scores[standings->winner] - best_other;
    }

  /* A game counts for everyone who played a round of it: a substitute
   * and the player they replaced alike. */
  for (guint seat = 0; seat < record->n_players; seat++)
    {
      g_autoptr (GPtrArray) names = seat_players (game, (int) seat);
      int side = lw_game_record_side_of (record, (int) seat);
      gboolean won = standings->finished && standings->winner == side;

      for (guint k = 0; k < names->len; k++)
        {
          LwPlayerStats *stats = player (counter, g_ptr_array_index (names, k));

          stats->games++;
          if (!standings->finished)
            continue;
          stats->finished++;
          stats->margin_total += margin;
          if (won)
            stats->wins++;
          if (standings->skunk && won)
            stats->skunks_won++;
          if (standings->skunk && standings->scores[side] == 0)
            stats->skunks_suffered++;
        }

      /* Partners: every other seat of the same side, whoever sat there
       * (finished games only). */
      if (standings->finished && record->n_teams > 0)
        for (guint other = 0; other < record->n_players; other++)
          if (other != seat && record->team_of[other] == side)
            {
              g_autoptr (GPtrArray) others = seat_players (game, (int) other);

              for (guint k = 0; k < names->len; k++)
                for (guint j = 0; j < others->len; j++)
                  {
                    PartnerCount *count = partner (counter, g_ptr_array_index (names, k),
                                                   g_ptr_array_index (others, j));

                    count->games++;
                    if (won)
                      count->wins++;
                  }
            }
    }
}

static void
count_rounds (Counter           *counter,
              const LwStatsGame *game)
{
  const LwGameRecord *record = game->record;
  guint n = record->n_players;
  int total = (int) lw_total_cards (n);

  for (guint i = 0; i < record->rounds->len; i++)
    {
      const LwRound *round = g_ptr_array_index (record->rounds, i);
      const LwRoundResult *result = g_ptr_array_index (game->standings->rounds, i);
      int side_cards[LW_MAX_SEATS] = { 0 };

      /* R19: penalties count in every round, void ones too. */
      for (guint p = 0; p < round->penalties->len; p++)
        {
          const LwPenalty *penalty = &g_array_index (round->penalties, LwPenalty, p);

          player (counter, seat_player (game, i, penalty->seat))->penalties++;
        }

      if (record->ruleset != LW_RULESET_LITTLE_WOLF || round->is_void)
        continue;

      for (guint seat = 0; seat < n; seat++)
        side_cards[lw_game_record_side_of (record, (int) seat)] += round->cards[seat];

      for (guint seat = 0; seat < n; seat++)
        {
          LwPlayerStats *stats = player (counter, seat_player (game, i, (int) seat));
          gboolean declared = round->declarer == (int) seat;
          int worm_pairs = round->worms[seat] / 2;
          int gong_pairs = round->gongs[seat] / 2;

          stats->rounds++;
          if (result->dealer == (int) seat)
            {
              stats->dealt++;
              stats->declared_as_dealer += declared ? 1 : 0;
            }
          else
            {
              stats->not_dealt++;
              stats->declared_as_other += declared ? 1 : 0;
            }
          if (declared && lw_round_pack_made (record, round))  /* R9 */
            stats->packs_made++;
          if (side_cards[lw_game_record_side_of (record, (int) seat)] == total)
            stats->sweeps++;
          if (round->declarer == LW_NO_SEAT)
            stats->nobody_declared++;
          stats->worm_pairs += (guint) worm_pairs;
          stats->gong_pairs += (guint) gong_pairs;
          if (lw_round_den_sets (round, seat) > 0)  /* R8 */
            stats->all_den_rounds++;
        }
    }
}

/* Whether @a (wins/games) is a better partner record than @b: a higher
 * rate (compared exactly, by cross-multiplying), then more games. */
static int
compare_partner (const PartnerCount *a,
                 const PartnerCount *b)
{
  guint64 left = (guint64) a->wins * b->games;
  guint64 right = (guint64) b->wins * a->games;

  if (left != right)
    return left > right ? 1 : -1;
  return 0;
}

static int
compare_names (const void *a,
               const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
choose_partners (Counter       *counter,
                 LwPlayerStats *stats,
                 guint          min_games)
{
  GHashTable *table = g_hash_table_lookup (counter->partners, stats->name);
  g_autofree const char **names = NULL;
  const PartnerCount *best = NULL, *worst = NULL;
  const char *best_name = NULL, *worst_name = NULL;
  guint n_names = 0;

  if (table == NULL)
    return;

  /* In name order, so that "first in byte order" wins a full tie. */
  names = (const char **) g_hash_table_get_keys_as_array (table, &n_names);
  qsort (names, n_names, sizeof *names, compare_names);

  for (guint i = 0; i < n_names; i++)
    {
      const PartnerCount *count = g_hash_table_lookup (table, names[i]);
      int order;

      if (count->games < min_games)
        continue;
      order = best == NULL ? 1 : compare_partner (count, best);
      if (order > 0 || (order == 0 && count->games > best->games))
        {
          best = count;
          best_name = names[i];
        }
      order = worst == NULL ? -1 : compare_partner (count, worst);
      if (order < 0 || (order == 0 && count->games > worst->games))
        {
          worst = count;
          worst_name = names[i];
        }
    }

  if (best != NULL)
    {
      stats->best_partner = g_strdup (best_name);
      stats->best_partner_games = best->games;
      stats->best_partner_wins = best->wins;
      stats->worst_partner = g_strdup (worst_name);
      stats->worst_partner_games = worst->games;
      stats->worst_partner_wins = worst->wins;
    }
}

static int
compare_stats (gconstpointer a,
               gconstpointer b)
{
  const LwPlayerStats *left = *(const LwPlayerStats *const *) a;
  const LwPlayerStats *right = *(const LwPlayerStats *const *) b;

  return strcmp (left->name, right->name);
}

GPtrArray *
lw_stats_compute (const LwStatsGame *games,
                  guint              n_games,
                  guint              min_partner_games)
{
  Counter counter;
  GPtrArray *result;
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (games != NULL || n_games == 0, NULL);
  for (guint i = 0; i < n_games; i++)
    {
      g_return_val_if_fail (games[i].record != NULL && games[i].standings != NULL, NULL);
      g_return_val_if_fail (games[i].standings->rounds->len == games[i].record->rounds->len, NULL);
    }

  counter.players = g_hash_table_new (g_str_hash, g_str_equal);
  counter.partners = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) g_hash_table_unref);

  for (guint i = 0; i < n_games; i++)
    {
      count_game (&counter, &games[i]);
      count_rounds (&counter, &games[i]);
    }

  result = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_player_stats_free);
  g_hash_table_iter_init (&iter, counter.players);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      choose_partners (&counter, value, MAX (min_partner_games, 1));
      g_ptr_array_add (result, value);
    }
  g_ptr_array_sort (result, compare_stats);

  g_hash_table_unref (counter.players);
  g_hash_table_unref (counter.partners);
  return result;
}

static double
ratio (guint numerator,
       guint denominator)
{
  return denominator == 0 ? 0.0 : (double) numerator / (double) denominator;
}

double
lw_player_stats_win_rate (const LwPlayerStats *stats)
{
  g_return_val_if_fail (stats != NULL, 0.0);
  return ratio (stats->wins, stats->finished);
}

double
lw_player_stats_declare_rate_as_dealer (const LwPlayerStats *stats)
{
  g_return_val_if_fail (stats != NULL, 0.0);
  return ratio (stats->declared_as_dealer, stats->dealt);
}

double
lw_player_stats_declare_rate_as_other (const LwPlayerStats *stats)
{
  g_return_val_if_fail (stats != NULL, 0.0);
  return ratio (stats->declared_as_other, stats->not_dealt);
}

double
lw_player_stats_pack_rate (const LwPlayerStats *stats)
{
  g_return_val_if_fail (stats != NULL, 0.0);
  return ratio (stats->packs_made, stats->declared_as_dealer + stats->declared_as_other);
}

double
lw_player_stats_average_margin (const LwPlayerStats *stats)
{
  g_return_val_if_fail (stats != NULL, 0.0);
  return stats->finished == 0 ? 0.0 : (double) stats->margin_total / (double) stats->finished;
}

guint
lw_player_stats_skunk_double_wins (const LwPlayerStats *stats)
{
  g_return_val_if_fail (stats != NULL, 0);
  /* A skunk is worth double (R23): its second win. */
  return stats->wins + stats->skunks_won;
}
