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

/* The best and worst partner of @stats among @table's (partner name →
 * PartnerCount*). */
static void
choose_partners_in (GHashTable    *table,
                    LwPlayerStats *stats,
                    guint          min_games)
{
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

static void
choose_partners (Counter       *counter,
                 LwPlayerStats *stats,
                 guint          min_games)
{
  choose_partners_in (g_hash_table_lookup (counter->partners, stats->name), stats, min_games);
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

/* ------------------------------------------------------------------ */
/* One game's share, and the tally of many                              */
/* ------------------------------------------------------------------ */

/* The counts of #LwPlayerStats kept in a share, margin_total aside. */
static const gsize count_offsets[] = {
  G_STRUCT_OFFSET (LwPlayerStats, games),
  G_STRUCT_OFFSET (LwPlayerStats, finished),
  G_STRUCT_OFFSET (LwPlayerStats, wins),
  G_STRUCT_OFFSET (LwPlayerStats, skunks_won),
  G_STRUCT_OFFSET (LwPlayerStats, skunks_suffered),
  G_STRUCT_OFFSET (LwPlayerStats, rounds),
  G_STRUCT_OFFSET (LwPlayerStats, dealt),
  G_STRUCT_OFFSET (LwPlayerStats, declared_as_dealer),
  G_STRUCT_OFFSET (LwPlayerStats, not_dealt),
  G_STRUCT_OFFSET (LwPlayerStats, declared_as_other),
  G_STRUCT_OFFSET (LwPlayerStats, packs_made),
  G_STRUCT_OFFSET (LwPlayerStats, sweeps),
  G_STRUCT_OFFSET (LwPlayerStats, nobody_declared),
  G_STRUCT_OFFSET (LwPlayerStats, worm_pairs),
  G_STRUCT_OFFSET (LwPlayerStats, gong_pairs),
  G_STRUCT_OFFSET (LwPlayerStats, all_den_rounds),
  G_STRUCT_OFFSET (LwPlayerStats, penalties),
};
#define N_COUNTS G_N_ELEMENTS (count_offsets)
#define MARGIN_BIT (1u << N_COUNTS)
#define COUNT(stats, i) G_STRUCT_MEMBER (guint, (stats), count_offsets[i])

/* A share: its players' interned names, then its bytes: for each player
 * (in the order of @names) a varint mask of its non-zero counts (bit i:
 * count_offsets[i]; MARGIN_BIT: margin_total) and each of those counts as
 * a varint (margin_total zigzagged); then @n_pairs partner counts, each
 * the varints player index, partner index, games, wins. */
struct _LwStatsShare
{
  guint n_players;
  guint n_pairs;
  gsize n_bytes;
  const char *names[];
};

static void
put_varint (GByteArray *bytes,
            guint64     value)
{
  do
    {
      guint8 byte = value & 0x7f;

      value >>= 7;
      if (value != 0)
        byte |= 0x80;
      g_byte_array_append (bytes, &byte, 1);
    }
  while (value != 0);
}

static guint64
get_varint (const guint8 **at)
{
  guint64 value = 0;
  guint shift = 0;
  guint8 byte;

  do
    {
      byte = *(*at)++;
      value |= (guint64) (byte & 0x7f) << shift;
      shift += 7;
    }
  while (byte & 0x80);
  return value;
}

static guint
name_index (const char *const *names,
            guint              n_names,
            const char        *name)
{
  for (guint i = 0; i < n_names; i++)
    if (names[i] == name)
      return i;
  g_assert_not_reached ();
}

LwStatsShare *
lw_stats_share_new (const LwStatsGame *game)
{
  Counter counter;
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  g_autofree const char **names = NULL;
  LwStatsShare *share;
  GHashTableIter iter;
  gpointer key, value;
  guint n_players, n_pairs = 0, i = 0;

  g_return_val_if_fail (game != NULL && game->record != NULL && game->standings != NULL, NULL);
  g_return_val_if_fail (game->standings->rounds->len == game->record->rounds->len, NULL);

  counter.players = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                           (GDestroyNotify) lw_player_stats_free);
  counter.partners = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) g_hash_table_unref);
  count_game (&counter, game);
  count_rounds (&counter, game);

  n_players = g_hash_table_size (counter.players);
  names = g_new0 (const char *, MAX (n_players, 1));
  g_hash_table_iter_init (&iter, counter.players);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      const LwPlayerStats *stats = value;
      guint64 mask = 0;

      names[i++] = g_intern_string (stats->name);
      for (guint c = 0; c < N_COUNTS; c++)
        if (COUNT (stats, c) != 0)
          mask |= 1u << c;
      if (stats->margin_total != 0)
        mask |= MARGIN_BIT;
      put_varint (bytes, mask);
      for (guint c = 0; c < N_COUNTS; c++)
        if (COUNT (stats, c) != 0)
          put_varint (bytes, COUNT (stats, c));
      if (stats->margin_total != 0)
        put_varint (bytes, stats->margin_total >= 0 ? 2 * (guint64) stats->margin_total
                                                    : 2 * (guint64) -(gint64) stats->margin_total - 1);
    }

  g_hash_table_iter_init (&iter, counter.partners);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint a = name_index (names, n_players, g_intern_string (key));
      GHashTableIter others;
      gpointer other, count;

      g_hash_table_iter_init (&others, value);
      while (g_hash_table_iter_next (&others, &other, &count))
        {
          const PartnerCount *partner_count = count;

          put_varint (bytes, a);
          put_varint (bytes, name_index (names, n_players, g_intern_string (other)));
          put_varint (bytes, partner_count->games);
          put_varint (bytes, partner_count->wins);
          n_pairs++;
        }
    }

  share = g_malloc (sizeof *share + n_players * sizeof (const char *) + bytes->len);
  share->n_players = n_players;
  share->n_pairs = n_pairs;
  share->n_bytes = bytes->len;
  memcpy (share->names, names, n_players * sizeof (const char *));
  memcpy (share->names + n_players, bytes->data, bytes->len);

  g_hash_table_unref (counter.players);
  g_hash_table_unref (counter.partners);
  return share;
}

void
lw_stats_share_free (LwStatsShare *share)
{
  g_free (share);
}

const char *const *
lw_stats_share_get_players (const LwStatsShare *share,
                            guint              *n_players)
{
  g_return_val_if_fail (share != NULL && n_players != NULL, NULL);

  *n_players = share->n_players;
  return share->names;
}

const guint8 *
lw_stats_share_get_counts (const LwStatsShare *share,
                           gsize              *length)
{
  g_return_val_if_fail (share != NULL && length != NULL, NULL);

  *length = share->n_bytes;
  return (const guint8 *) (share->names + share->n_players);
}

/* get_varint() for bytes that may be damaged: FALSE when the varint runs
 * past @end or does not fit in 32 bits. */
static gboolean
get_varint_checked (const guint8 **at,
                    const guint8  *end,
                    guint64       *value)
{
  guint shift = 0;
  guint8 byte;

  *value = 0;
  do
    {
      if (*at >= end || shift > 28)
        return FALSE;
      byte = *(*at)++;
      *value |= (guint64) (byte & 0x7f) << shift;
      shift += 7;
    }
  while (byte & 0x80);
  return *value <= G_MAXUINT32;
}

/* Whether @counts (@length bytes) are a share's counts for @n_players
 * players, read back whole: each player's mask and counts (games at
 * least 1), then whole partner counts (two different players, games at
 * least 1, wins at most games) up to the last byte; *@n_pairs their
 * number. */
static gboolean
counts_read_back (const guint8 *counts,
                  gsize         length,
                  guint         n_players,
                  guint        *n_pairs)
{
  const guint8 *at = counts, *end = counts + length;
  guint64 value;

  for (guint i = 0; i < n_players; i++)
    {
      guint64 mask;

      if (!get_varint_checked (&at, end, &mask)
          || mask >= (MARGIN_BIT << 1) || (mask & 1) == 0)  /* games: count_offsets[0] */
        return FALSE;
      for (guint c = 0; c <= N_COUNTS; c++)
        if (mask & (1u << c))
          {
            if (!get_varint_checked (&at, end, &value)
                || (c == 0 && value == 0)
                || (c == N_COUNTS && value > 2 * (guint64) G_MAXINT))
              return FALSE;
          }
    }

  *n_pairs = 0;
  while (at < end)
    {
      guint64 a, b, games, wins;

      if (!get_varint_checked (&at, end, &a) || !get_varint_checked (&at, end, &b)
          || !get_varint_checked (&at, end, &games) || !get_varint_checked (&at, end, &wins)
          || a >= n_players || b >= n_players || a == b || games == 0 || wins > games)
        return FALSE;
      (*n_pairs)++;
    }
  return TRUE;
}

LwStatsShare *
lw_stats_share_new_from_counts (const char *const *players,
                                guint              n_players,
                                const guint8      *counts,
                                gsize              length)
{
  LwStatsShare *share;
  guint n_pairs;

  g_return_val_if_fail (players != NULL || n_players == 0, NULL);
  g_return_val_if_fail (counts != NULL || length == 0, NULL);

  if (n_players == 0 || n_players > LW_STATS_SHARE_MAX_PLAYERS)
    return NULL;
  for (guint i = 0; i < n_players; i++)
    {
      if (players[i] == NULL)
        return NULL;
      for (guint j = 0; j < i; j++)
        if (players[j] == players[i])
          return NULL;
    }
  if (!counts_read_back (counts, length, n_players, &n_pairs))
    return NULL;

  share = g_malloc (sizeof *share + n_players * sizeof (const char *) + length);
  share->n_players = n_players;
  share->n_pairs = n_pairs;
  share->n_bytes = length;
  memcpy (share->names, players, n_players * sizeof (const char *));
  if (length > 0)
    memcpy (share->names + n_players, counts, length);
  return share;
}

gboolean
lw_stats_share_has_player (const LwStatsShare *share,
                           const char         *name)
{
  g_return_val_if_fail (share != NULL && name != NULL, FALSE);

  for (guint i = 0; i < share->n_players; i++)
    if (share->names[i] == name)
      return TRUE;
  return FALSE;
}

void
lw_stats_share_rename (LwStatsShare *share,
                       const char   *old_name,
                       const char   *new_name)
{
  g_return_if_fail (share != NULL && old_name != NULL && new_name != NULL);

  for (guint i = 0; i < share->n_players; i++)
    if (share->names[i] == old_name)
      share->names[i] = new_name;
}

/* A player in a tally: the counts (name borrowed: interned) and the
 * partners (interned name → PartnerCount*). */
typedef struct {
  LwPlayerStats stats;
  GHashTable *partners;
} TallyPlayer;

struct _LwStatsTally
{
  GHashTable *players;  /* interned name → TallyPlayer* */
};

static void
tally_player_free (TallyPlayer *player)
{
  g_clear_pointer (&player->partners, g_hash_table_unref);
  g_free (player);
}

LwStatsTally *
lw_stats_tally_new (void)
{
  LwStatsTally *tally = g_new0 (LwStatsTally, 1);

  tally->players = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                          (GDestroyNotify) tally_player_free);
  return tally;
}

void
lw_stats_tally_free (LwStatsTally *tally)
{
  if (tally == NULL)
    return;
  g_hash_table_unref (tally->players);
  g_free (tally);
}

/* Adds @share to @tally (@sign 1) or takes it out (-1): unsigned counts
 * wrap back to what they were. */
static void
tally_apply (LwStatsTally       *tally,
             const LwStatsShare *share,
             int                 sign)
{
  const guint8 *at = (const guint8 *) (share->names + share->n_players);
  TallyPlayer *players[LW_MAX_SEATS * 8];
  g_autofree TallyPlayer **many = NULL;
  TallyPlayer **player_of = players;

  if (share->n_players > G_N_ELEMENTS (players))
    player_of = many = g_new (TallyPlayer *, share->n_players);

  for (guint i = 0; i < share->n_players; i++)
    {
      TallyPlayer *player = g_hash_table_lookup (tally->players, share->names[i]);
      guint64 mask = get_varint (&at);

      if (player == NULL)
        {
          player = g_new0 (TallyPlayer, 1);
          player->stats.name = (char *) share->names[i];
          g_hash_table_insert (tally->players, player->stats.name, player);
        }
      player_of[i] = player;
      for (guint c = 0; c < N_COUNTS; c++)
        if (mask & (1u << c))
          COUNT (&player->stats, c) += (guint) sign * (guint) get_varint (&at);
      if (mask & MARGIN_BIT)
        {
          guint64 zigzag = get_varint (&at);
          int margin = (zigzag & 1) ? -(int) (zigzag >> 1) - 1 : (int) (zigzag >> 1);

          player->stats.margin_total += sign * margin;
        }
    }

  for (guint p = 0; p < share->n_pairs; p++)
    {
      TallyPlayer *player = player_of[get_varint (&at)];
      const char *other = share->names[get_varint (&at)];
      guint games = (guint) get_varint (&at);
      guint wins = (guint) get_varint (&at);
      PartnerCount *count;

      if (player->partners == NULL)
        player->partners = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
      count = g_hash_table_lookup (player->partners, other);
      if (count == NULL)
        {
          count = g_new0 (PartnerCount, 1);
          g_hash_table_insert (player->partners, (gpointer) other, count);
        }
      count->games += (guint) sign * games;
      count->wins += (guint) sign * wins;
      if (count->games == 0)
        g_hash_table_remove (player->partners, other);
    }

  /* A player counted for no game is no longer counted. */
  if (sign < 0)
    for (guint i = 0; i < share->n_players; i++)
      if (player_of[i]->stats.games == 0)
        g_hash_table_remove (tally->players, share->names[i]);
}

void
lw_stats_tally_add (LwStatsTally       *tally,
                    const LwStatsShare *share)
{
  g_return_if_fail (tally != NULL && share != NULL);
  tally_apply (tally, share, 1);
}

void
lw_stats_tally_remove (LwStatsTally       *tally,
                       const LwStatsShare *share)
{
  g_return_if_fail (tally != NULL && share != NULL);
  tally_apply (tally, share, -1);
}

void
lw_stats_tally_rename (LwStatsTally *tally,
                       const char   *old_name,
                       const char   *new_name)
{
  TallyPlayer *player;
  GHashTableIter iter;
  gpointer value;

  g_return_if_fail (tally != NULL && old_name != NULL && new_name != NULL);

  /* Nothing when renamed already. */
  if (!g_hash_table_contains (tally->players, old_name))
    return;
  g_return_if_fail (!g_hash_table_contains (tally->players, new_name));
  g_hash_table_steal_extended (tally->players, old_name, NULL, (gpointer *) &player);
  player->stats.name = (char *) new_name;
  g_hash_table_insert (tally->players, player->stats.name, player);

  /* Those who played with them as partner. */
  g_hash_table_iter_init (&iter, tally->players);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      TallyPlayer *other = value;
      gpointer count;

      if (other->partners != NULL
          && g_hash_table_steal_extended (other->partners, old_name, NULL, &count))
        g_hash_table_insert (other->partners, (gpointer) new_name, count);
    }
}

GPtrArray *
lw_stats_tally_compute (const LwStatsTally *tally,
                        guint               min_partner_games)
{
  GPtrArray *result = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_player_stats_free);
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (tally != NULL, result);

  g_hash_table_iter_init (&iter, tally->players);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      const TallyPlayer *player = value;
      LwPlayerStats *stats = g_new (LwPlayerStats, 1);

      *stats = player->stats;
      stats->name = g_strdup (player->stats.name);
      stats->best_partner = stats->worst_partner = NULL;
      if (player->partners != NULL)
        choose_partners_in (player->partners, stats, MAX (min_partner_games, 1));
      g_ptr_array_add (result, stats);
    }
  g_ptr_array_sort (result, compare_stats);
  return result;
}
