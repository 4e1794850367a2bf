/* lw-pairing.c — pairing the next round: Swiss, round robin, partners,
 * elimination; byes and seats (docs/EVENTS.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-error.h"
#include "lw-event.h"
#include "lw-event-private.h"

/* Search nodes a pairing may spend looking for a round without repeats
 * before it settles for the fewest repeats (greedy). */
#define PAIRING_BUDGET 50000

/* Draws tried for a round robin at 3- or 4-seat tables. */
#define ROUND_ROBIN_ATTEMPTS 24

/* ------------------------------------------------------------------ */
/* Pairing: history                                                     */
/* ------------------------------------------------------------------ */

/* Times each two entrants were seated so, kept for the pairs that were
 * only: a hash table with open addressing (linear probing) from a pair
 * to its count, so that it grows with the meetings that happened, not
 * with the square of the field (an n × n matrix of bytes each, met and
 * partnered, was 200 MB at 10,000 players, 90-96 MiB of it touched).
 * A pair's key is its lower entrant in the high 32 bits and its higher
 * in the low ones; the count stops at 255, as a byte's did. */
typedef struct {
  guint64 *keys;     /* COUNTS_FREE where no pair is */
  guint8  *values;
  gsize    size;     /* slots: 0 or a power of two */
  gsize    used;
} Counts;

#define COUNTS_FREE G_MAXUINT64

/* Slots at first; the table doubles when more than half are used. */
#define COUNTS_MIN_SIZE 64

typedef struct {
  Counts  met;        /* at one table on different sides */
  Counts  partnered;  /* on one side */
  guint  *byes;       /* per entrant */
} History;

static guint64
counts_key (int a,
            int b)
{
  guint32 low = (guint32) MIN (a, b), high = (guint32) MAX (a, b);

  return ((guint64) low << 32) | high;
}

/* Where @key is, or the free slot where it would go. */
static gsize
counts_slot (const Counts *counts,
             guint64       key)
{
  gsize mask = counts->size - 1;
  /* Fibonacci hashing: the product's high bits mix both entrants. */
  gsize slot = (gsize) ((key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 32) & mask;

  while (counts->keys[slot] != key && counts->keys[slot] != COUNTS_FREE)
    slot = (slot + 1) & mask;
  return slot;
}

static void
counts_clear (Counts *counts)
{
  g_clear_pointer (&counts->keys, g_free);
  g_clear_pointer (&counts->values, g_free);
  counts->size = counts->used = 0;
}

static void
counts_grow (Counts *counts)
{
  Counts bigger = { NULL, NULL, MAX (counts->size * 2, COUNTS_MIN_SIZE), counts->used };

  bigger.keys = g_new (guint64, bigger.size);
  memset (bigger.keys, 0xff, sizeof (guint64) * bigger.size);
  bigger.values = g_new0 (guint8, bigger.size);
  for (gsize i = 0; i < counts->size; i++)
    if (counts->keys[i] != COUNTS_FREE)
      {
        gsize slot = counts_slot (&bigger, counts->keys[i]);

        bigger.keys[slot] = counts->keys[i];
        bigger.values[slot] = counts->values[i];
      }
  counts_clear (counts);
  *counts = bigger;
}

/* The times @a and @b were seated so (in either order). */
static guint
counts_get (const Counts *counts,
            int           a,
            int           b)
{
  gsize slot;

  if (counts->used == 0)
    return 0;
  slot = counts_slot (counts, counts_key (a, b));
  return counts->keys[slot] == COUNTS_FREE ? 0 : counts->values[slot];
}

/* One more time @a and @b were seated so, up to 255. */
static void
counts_bump (Counts *counts,
             int     a,
             int     b)
{
  guint64 key = counts_key (a, b);
  gsize slot;

  if ((counts->used + 1) * 2 > counts->size)
    counts_grow (counts);
  slot = counts_slot (counts, key);
  if (counts->keys[slot] == COUNTS_FREE)
    {
      counts->keys[slot] = key;
      counts->used++;
    }
  if (counts->values[slot] < G_MAXUINT8)
    counts->values[slot]++;
}

static void
history_clear (History *h)
{
  counts_clear (&h->met);
  counts_clear (&h->partnered);
  g_free (h->byes);
}

static void
history_init (History       *h,
              const LwEvent *event)
{
  guint n = event->entrants->len;

  h->byes = g_new0 (guint, MAX (n, 1));

  for (guint r = 0; r < event->rounds->len; r++)
    {
      const LwEventRound *round = g_ptr_array_index (event->rounds, r);

      for (guint b = 0; b < round->byes->len; b++)
        h->byes[g_array_index (round->byes, int, b)]++;
      for (guint k = 0; k < round->tables->len; k++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, k);

          /* Each two seats once, the lower entrant first: a pair's count
           * is the times they sat at one table. (An entrant in two seats,
           * which no pairing makes, counts twice with itself, as an
           * n × n matrix's cell of both orders of the seats did.) */
          for (guint s = 0; s < table->n_seats; s++)
            for (guint o = 0; o < table->n_seats; o++)
              {
                int a = table->entrants[s], b = table->entrants[o];

                if (s == o || a > b)
                  continue;
                if (lw_event_side_of_seat (event, s) == lw_event_side_of_seat (event, o))
                  counts_bump (&h->partnered, a, b);
                else
                  counts_bump (&h->met, a, b);
              }
        }
    }
}

/* ------------------------------------------------------------------ */
/* Pairing: grouping units into tables                                  */
/* ------------------------------------------------------------------ */

/* Conflicts between two units (players or partnerships): 0 for none. */
typedef guint (*ConflictFunc) (gconstpointer data, int a, int b);

typedef struct {
  /* in */
  const int     *units;     /* in order of preference */
  guint          n_units;
  const guint   *sizes;     /* group sizes */
  guint          n_groups;
  ConflictFunc   conflict;
  gconstpointer  data;
  /* work */
  guint          n_slots;
  guint         *slot_group;
  gboolean      *slot_first;
  guint         *slot_start;  /* first slot of the slot's group */
  guint         *pos;         /* per slot: index into units */
  gboolean      *used;        /* per unit index */
  guint          nodes;
} Grouper;

static gboolean
fits (Grouper *g,
      guint    slot,
      guint    p)
{
  for (guint s = g->slot_start[slot]; s < slot; s++)
    if (g->conflict (g->data, g->units[g->pos[s]], g->units[p]) > 0)
      return FALSE;
  return TRUE;
}

static guint
first_unused (Grouper *g)
{
  for (guint p = 0; p < g->n_units; p++)
    if (!g->used[p])
      return p;
  return g->n_units;
}

/* Depth-first search for a grouping without conflicts: each group starts
 * with the best unit left, and takes the next best units that fit. */
static gboolean
search (Grouper *g,
        guint    slot)
{
  if (slot == g->n_slots)
    return TRUE;
  if (++g->nodes > PAIRING_BUDGET)
    return FALSE;

  if (g->slot_first[slot])
    {
      guint p = first_unused (g);

      g->pos[slot] = p;
      g->used[p] = TRUE;
      if (search (g, slot + 1))
        return TRUE;
      g->used[p] = FALSE;
      return FALSE;
    }

  for (guint p = g->pos[slot - 1] + 1; p < g->n_units; p++)
    {
      if (g->used[p] || !fits (g, slot, p))
        continue;
      g->pos[slot] = p;
      g->used[p] = TRUE;
      if (search (g, slot + 1))
        return TRUE;
      g->used[p] = FALSE;
      if (g->nodes > PAIRING_BUDGET)
        return FALSE;
    }
  return FALSE;
}

/* When no grouping without conflicts was found in the budget: each group
 * starts with the best unit left and takes, one by one, the unit with
 * the fewest conflicts with it so far (the better unit on a tie). */
static void
greedy (Grouper *g)
{
  memset (g->used, 0, sizeof (gboolean) * g->n_units);
  for (guint slot = 0; slot < g->n_slots; slot++)
    {
      guint best = g->n_units, best_cost = G_MAXUINT;

      if (g->slot_first[slot])
        best = first_unused (g);
      else
        for (guint p = 0; p < g->n_units && best_cost > 0; p++)
          {
            guint cost = 0;

            if (g->used[p])
              continue;
            for (guint s = g->slot_start[slot]; s < slot; s++)
              cost += g->conflict (g->data, g->units[g->pos[s]], g->units[p]);
            if (cost < best_cost)
              {
                best_cost = cost;
                best = p;
              }
          }
      g->pos[slot] = best;
      g->used[best] = TRUE;
    }
}

/* Groups @n_units units (sum of @sizes) into @n_groups groups; returns the
 * units group by group in @out (n_units long). Returns whether the
 * grouping is free of conflicts. */
static gboolean
group_units (const int     *units,
             guint          n_units,
             const guint   *sizes,
             guint          n_groups,
             ConflictFunc   conflict,
             gconstpointer  data,
             int           *out)
{
  Grouper g = { units, n_units, sizes, n_groups, conflict, data, 0, };
  guint slot = 0;
  gboolean clean;

  g.n_slots = n_units;
  g.slot_group = g_new0 (guint, MAX (n_units, 1));
  g.slot_first = g_new0 (gboolean, MAX (n_units, 1));
  g.slot_start = g_new0 (guint, MAX (n_units, 1));
  g.pos = g_new0 (guint, MAX (n_units, 1));
  g.used = g_new0 (gboolean, MAX (n_units, 1));
  for (guint k = 0; k < n_groups; k++)
    for (guint i = 0; i < sizes[k]; i++, slot++)
      {
        g.slot_group[slot] = k;
        g.slot_first[slot] = i == 0;
        g.slot_start[slot] = slot - i;
      }
  g_assert (slot == n_units);

  clean = search (&g, 0);
  if (!clean)
    greedy (&g);

  for (guint s = 0; s < n_units; s++)
    out[s] = units[g.pos[s]];

  g_free (g.slot_group);
  g_free (g.slot_first);
  g_free (g.slot_start);
  g_free (g.pos);
  g_free (g.used);
  return clean;
}

/* A ConflictFunc over Counts: the times @a and @b met (or partnered). */
static guint
conflict_count (gconstpointer data,
                int           a,
                int           b)
{
  return counts_get (data, a, b);
}

/* Partnerships as units: unit u is players pairs[2u], pairs[2u + 1]. */
typedef struct {
  const History *history;
  const int     *pairs;
} PairConflict;

static guint
conflict_pairs_met (gconstpointer data,
                    int           a,
                    int           b)
{
  const PairConflict *pc = data;
  guint sum = 0;

  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      sum += conflict_count (&pc->history->met, pc->pairs[2 * a + i], pc->pairs[2 * b + j]);
  return sum;
}

/* The cost of a player at a table (from @start, @size seats) without
 * the seat @skip: the squares of the times it met each other player. */
static gint64
seat_cost (const History *history,
           const int     *grouped,
           guint          start,
           guint          size,
           guint          skip,
           int            player)
{
  gint64 cost = 0;

  for (guint i = start; i < start + size; i++)
    if (i != skip)
      {
        gint64 met = conflict_count (&history->met, player, grouped[i]);
        cost += met * met;
      }
  return cost;
}

/* Swaps players between tables while that lowers the sum over tables of
 * the squared times each pair has met. */
static void
improve_by_swaps (const History *history,
                  int           *grouped,
                  const guint   *sizes,
                  guint          n_tables)
{
  g_autofree guint *start = g_new0 (guint, MAX (n_tables, 1));
  g_autofree guint *table_of = NULL;
  guint n = 0;

  for (guint k = 0; k < n_tables; k++)
    {
      start[k] = n;
      n += sizes[k];
    }
  table_of = g_new0 (guint, MAX (n, 1));
  for (guint k = 0; k < n_tables; k++)
    for (guint i = 0; i < sizes[k]; i++)
      table_of[start[k] + i] = k;

  for (guint pass = 0; pass < 20; pass++)
    {
      gboolean improved = FALSE;

      for (guint i = 0; i < n; i++)
        for (guint j = i + 1; j < n; j++)
          {
            guint a = table_of[i], b = table_of[j];
            gint64 before, after;

            if (a == b)
              continue;
            before = seat_cost (history, grouped, start[a], sizes[a], i, grouped[i])
                     + seat_cost (history, grouped, start[b], sizes[b], j, grouped[j]);
            after = seat_cost (history, grouped, start[a], sizes[a], i, grouped[j])
                    + seat_cost (history, grouped, start[b], sizes[b], j, grouped[i]);
            if (after < before)
              {
                int t = grouped[i];
                grouped[i] = grouped[j];
                grouped[j] = t;
                improved = TRUE;
              }
          }
      if (!improved)
        break;
    }
}

/* ------------------------------------------------------------------ */
/* Pairing: the formats                                                 */
/* ------------------------------------------------------------------ */

static GRand *
rand_for (const LwEvent *event,
          guint          round,
          guint          purpose,
          guint          extra)
{
  guint32 seed[5] = {
    (guint32) (event->config.seed & 0xffffffffu),
    (guint32) (event->config.seed >> 32),
    round, purpose, extra,
  };
  return g_rand_new_with_seed_array (seed, G_N_ELEMENTS (seed));
}

static void
shuffle_ints (GRand *rand,
              int   *values,
              guint  n)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      int t = values[i - 1];
      values[i - 1] = values[j];
      values[j] = t;
    }
}

typedef struct {
  const LwEventTally *tally;
  const guint *draw;    /* per entrant: a seeded random key */
  const guint *byes;
} RankContext;

/* Best first: points, Buchholz, the draw. */
static int
compare_rank (gconstpointer pa,
              gconstpointer pb,
              gpointer      user_data)
{
  const RankContext *ctx = user_data;
  int a = *(const int *) pa, b = *(const int *) pb;
  const LwEventStanding *ra = &ctx->tally[a].row, *rb = &ctx->tally[b].row;

  if (!lw_event_points_equal (ra->points, rb->points))
    return ra->points > rb->points ? -1 : 1;
  if (!lw_event_points_equal (ra->buchholz, rb->buchholz))
    return ra->buchholz > rb->buchholz ? -1 : 1;
  if (ctx->draw[a] != ctx->draw[b])
    return ctx->draw[a] < ctx->draw[b] ? -1 : 1;
  return a - b;
}

/* First the fewest byes, then the lowest ranked. */
static int
compare_bye (gconstpointer pa,
             gconstpointer pb,
             gpointer      user_data)
{
  const RankContext *ctx = user_data;
  int a = *(const int *) pa, b = *(const int *) pb;

  if (ctx->byes[a] != ctx->byes[b])
    return ctx->byes[a] < ctx->byes[b] ? -1 : 1;
  return -compare_rank (pa, pb, user_data);
}

/* Seats the players of one table: partners in seats 0 and 2, and 1 and 3;
 * the seats drawn by lot; the first dealer in seat 0. */
static void
seat_table (const LwEvent *event,
            guint          round,
            LwEventTable  *table,
            const int     *players)
{
  g_autoptr (GRand) rand = rand_for (event, round, 2, table->number);
  int order[LW_EVENT_MAX_SEATS];

  memcpy (order, players, sizeof (int) * table->n_seats);
  if (lw_event_is_partners (event))
    {
      /* players: side A (0, 1), side B (2, 3). */
      int a0 = order[0], a1 = order[1], b0 = order[2], b1 = order[3];

      if (g_rand_boolean (rand))
        {
          int t = a0; a0 = b0; b0 = t;
          t = a1; a1 = b1; b1 = t;
        }
      if (g_rand_boolean (rand))
        {
          int t = a0; a0 = a1; a1 = t;
        }
      if (g_rand_boolean (rand))
        {
          int t = b0; b0 = b1; b1 = t;
        }
      table->entrants[0] = a0;
      table->entrants[1] = b0;
      table->entrants[2] = a1;
      table->entrants[3] = b1;
    }
  else
    {
      shuffle_ints (rand, order, table->n_seats);
      memcpy (table->entrants, order, sizeof (int) * table->n_seats);
    }
  table->first_dealer = 0;
}

static void
add_table (const LwEvent *event,
           LwEventRound  *round,
           const int     *players,
           guint          n_seats)
{
  LwEventTable table = { 0, };

  table.number = round->tables->len + 1;
  table.n_seats = n_seats;
  seat_table (event, round->number, &table, players);
  g_array_append_val (round->tables, table);
}

/* The checked-in players, best ranked first. */
static GArray *
ranked_players (const LwEvent *event,
                RankContext   *ctx)
{
  GArray *players = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < event->entrants->len; i++)
    if (lw_event_entrant_at (event, (int) i)->status == LW_ENTRANT_CHECKED_IN)
      g_array_append_val (players, i);
  g_array_sort_with_data (players, compare_rank, ctx);
  return players;
}

/* Takes @n_byes byes out of @players (best ranked first): the fewest byes
 * so far, then the lowest ranked (never a second bye while anyone has
 * none). */
static void
take_byes (LwEventRound *round,
           GArray       *players,
           guint         n_byes,
           RankContext  *ctx)
{
  g_autoptr (GArray) by_bye = g_array_copy (players);

  g_array_sort_with_data (by_bye, compare_bye, ctx);
  for (guint b = 0; b < n_byes; b++)
    {
      int entrant = g_array_index (by_bye, int, b);

      g_array_append_val (round->byes, entrant);
      for (guint i = 0; i < players->len; i++)
        if (g_array_index (players, int, i) == entrant)
          {
            g_array_remove_index (players, i);
            break;
          }
    }
}

static gboolean
too_few (const LwEvent  *event,
         guint           round,
         guint           n_players,
         GError        **error)
{
  g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
               "round %u: %u checked-in player%s cannot fill a %s table",
               round, n_players, n_players == 1 ? "" : "s",
               lw_event_is_partners (event) ? "4-seat partners"
                                   : event->config.table_size == 2 ? "2-seat" : "3- or 4-seat");
  return FALSE;
}

/* Swiss, the round robin at 3 or 4 seats and partners: byes, then tables
 * by conflicts. */
static gboolean
pair_by_history (const LwEvent  *event,
                 LwEventRound   *round,
                 const History  *history,
                 RankContext    *ctx,
                 GError        **error)
{
  g_autoptr (GArray) players = ranked_players (event, ctx);
  g_autofree guint *sizes = NULL;
  guint n_tables = 0, n_byes = 0;
  g_autofree int *grouped = NULL;

  if (event->config.format == LW_EVENT_DUPLICATE)
    {
      /* DUPLICATE D8: one section of equal tables; the players left over
       * sit out. */
      n_tables = players->len / event->config.table_size;
      n_byes = players->len % event->config.table_size;
      sizes = g_new0 (guint, MAX (n_tables, 1));
      for (guint k = 0; k < n_tables; k++)
        sizes[k] = event->config.table_size;
    }
  else
    lw_event_plan_tables (event->config.table_size, lw_event_is_partners (event), players->len,
                          &sizes, &n_tables, &n_byes);
  if (n_tables == 0)
    return too_few (event, round->number, players->len, error);
  take_byes (round, players, n_byes, ctx);
  grouped = g_new0 (int, MAX (players->len, 1));

  if (event->config.format == LW_EVENT_SWISS)
    {
      group_units ((int *) players->data, players->len, sizes, n_tables,
                   conflict_count, &history->met, grouped);
    }
  else if (event->config.format == LW_EVENT_ROUND_ROBIN
           || event->config.format == LW_EVENT_DUPLICATE)
    {
      /* Several draws; the one whose tables repeat the fewest meetings
       * (weighted by how often they met) wins. */
      gint64 best_cost = G_MAXINT64;
      g_autofree int *attempt = g_new0 (int, MAX (players->len, 1));
      g_autofree int *order = g_new0 (int, MAX (players->len, 1));
      /* DUPLICATE D8: among the draws that repeat as few meetings, the one
       * whose tables can spread their players' seats best. */
      g_autofree guint *seats = event->config.format == LW_EVENT_DUPLICATE
                                  ? lw_duplicate_seat_counts (event, round->number) : NULL;

      /* A duplicate event's draws also weigh the seats: more of them. */
      guint attempts = seats != NULL ? 8 * ROUND_ROBIN_ATTEMPTS : ROUND_ROBIN_ATTEMPTS;

      for (guint a = 0; a < attempts && best_cost > 0; a++)
        {
          g_autoptr (GRand) rand = rand_for (event, round->number, 3, a);
          gint64 cost = 0, seat_cost = 0;
          guint at = 0;

          memcpy (order, players->data, sizeof (int) * players->len);
          shuffle_ints (rand, order, players->len);
          if (!group_units (order, players->len, sizes, n_tables, conflict_count, &history->met,
                            attempt))
            improve_by_swaps (history, attempt, sizes, n_tables);
          for (guint k = 0; k < n_tables; k++)
            {
              for (guint i = 0; i < sizes[k]; i++)
                for (guint j = i + 1; j < sizes[k]; j++)
                  {
                    gint64 met = conflict_count (&history->met, attempt[at + i], attempt[at + j]);
                    cost += met * met;
                  }
              if (seats != NULL)
                {
                  guint best[LW_EVENT_MAX_SEATS];

                  seat_cost += (gint64) lw_duplicate_best_seating (event, round->number, seats, attempt + at,
                                                                   sizes[k], best);
                }
              at += sizes[k];
            }
          /* Meetings first: a seat's cost stays far below one repeat. */
          cost = cost * ((gint64) 1 << 40) + MIN (seat_cost, ((gint64) 1 << 40) - 1);
          if (cost < best_cost)
            {
              best_cost = cost;
              memcpy (grouped, attempt, sizeof (int) * players->len);
            }
        }
    }
  else
    {
      /* Partners: first the partnerships (fewest times together), then
       * the tables of two partnerships (fewest repeated opponents). */
      g_autofree int *pairs = g_new0 (int, MAX (players->len, 1));
      g_autofree guint *twos = g_new0 (guint, MAX (players->len / 2, 1));
      g_autofree int *units = g_new0 (int, MAX (players->len / 2, 1));
      g_autofree int *tables = g_new0 (int, MAX (players->len / 2, 1));
      PairConflict pc = { history, pairs };
      gboolean circle = FALSE;
      g_autoptr (GArray) field = lw_event_round_one_field (event);

      for (guint i = 0; i < players->len / 2; i++)
        {
          twos[i] = 2;
          units[i] = (int) i;
        }

      /* The whole field of round 1 each round, no byes: the circle method
       * gives everyone a new partner for n − 1 rounds. */
      if (n_byes == 0 && players->len == field->len && round->number <= field->len - 1
          && field->len % 4 == 0)
        {
          g_autoptr (GRand) rand = rand_for (event, 0, 4, 0);
          guint m = field->len;
          g_autofree int *circle_order = g_new0 (int, m);
          g_autofree int *list = g_new0 (int, m);

          circle = TRUE;
          memcpy (circle_order, field->data, sizeof (int) * m);
          shuffle_ints (rand, circle_order, m);
          for (guint i = 0; i < m; i++)
            if (lw_event_entrant_at (event, circle_order[i])->status != LW_ENTRANT_CHECKED_IN)
              circle = FALSE;
          if (circle)
            {
              list[0] = circle_order[0];
              for (guint i = 1; i < m; i++)
                list[i] = circle_order[1 + (i - 1 + round->number - 1) % (m - 1)];
              for (guint i = 0; i < m / 2; i++)
                {
                  pairs[2 * i] = list[i];
                  pairs[2 * i + 1] = list[m - 1 - i];
                }
            }
        }
      if (!circle)
        group_units ((int *) players->data, players->len, twos, players->len / 2,
                     conflict_count, &history->partnered, pairs);

      /* Best partnerships first (their points together). */
      for (guint i = 0; i < players->len / 2; i++)
        for (guint j = i + 1; j < players->len / 2; j++)
          {
            double pi = ctx->tally[pairs[2 * units[i]]].row.points
                        + ctx->tally[pairs[2 * units[i] + 1]].row.points;
            double pj = ctx->tally[pairs[2 * units[j]]].row.points
                        + ctx->tally[pairs[2 * units[j] + 1]].row.points;
            if (pj > pi + POINTS_EPSILON)
              {
                int t = units[i];
                units[i] = units[j];
                units[j] = t;
              }
          }
      group_units (units, players->len / 2, twos, n_tables, conflict_pairs_met, &pc, tables);
      for (guint k = 0; k < n_tables; k++)
        {
          grouped[4 * k] = pairs[2 * tables[2 * k]];
          grouped[4 * k + 1] = pairs[2 * tables[2 * k] + 1];
          grouped[4 * k + 2] = pairs[2 * tables[2 * k + 1]];
          grouped[4 * k + 3] = pairs[2 * tables[2 * k + 1] + 1];
        }
    }

  {
    guint at = 0;

    for (guint k = 0; k < n_tables; k++)
      {
        add_table (event, round, grouped + at, sizes[k]);
        at += sizes[k];
      }
  }
  return TRUE;
}

/* Round robin at 2 seats: the circle method over round 1's field (drawn
 * by the seed); a dropped player's opponent has a bye. */
static gboolean
pair_round_robin_two (const LwEvent  *event,
                      LwEventRound   *round,
                      GError        **error)
{
  g_autoptr (GArray) field = lw_event_round_one_field (event);
  g_autoptr (GRand) rand = rand_for (event, 0, 5, 0);
  guint m;
  g_autofree int *order = NULL;
  g_autofree int *list = NULL;

  if (field->len < 2)
    return too_few (event, round->number, field->len, error);

  m = field->len + field->len % 2;
  order = g_new0 (int, m);
  list = g_new0 (int, m);
  memcpy (order, field->data, sizeof (int) * field->len);
  if (field->len % 2 == 1)
    order[m - 1] = -1;
  shuffle_ints (rand, order, m);

  list[0] = order[0];
  for (guint i = 1; i < m; i++)
    list[i] = order[1 + (i - 1 + round->number - 1) % (m - 1)];
  for (guint i = 0; i < m / 2; i++)
    {
      int pair[2] = { list[i], list[m - 1 - i] };

      for (int k = 0; k < 2; k++)
        if (pair[k] >= 0 && lw_event_entrant_at (event, pair[k])->status == LW_ENTRANT_DROPPED)
          pair[k] = -1;
      if (pair[0] >= 0 && pair[1] >= 0)
        add_table (event, round, pair, 2);
      else if (pair[0] >= 0 || pair[1] >= 0)
        {
          int bye = pair[0] >= 0 ? pair[0] : pair[1];
          g_array_append_val (round->byes, bye);
        }
    }
  return TRUE;
}

static gboolean
pair_elimination (const LwEvent  *event,
                  LwEventRound   *round,
                  const GArray   *seed_order,
                  GError        **error)
{
  g_autoptr (GArray) slots = NULL;
  g_autoptr (GArray) field = lw_event_round_one_field (event);

  if (field->len < 2)
    return too_few (event, round->number, field->len, error);

  slots = lw_event_elimination_slots_seeded (event, round->number, seed_order != NULL ? seed_order : field);
  for (guint i = 0; i + 1 < slots->len; i += 2)
    {
      int pair[2] = { g_array_index (slots, int, i), g_array_index (slots, int, i + 1) };

      for (int k = 0; k < 2; k++)
        if (pair[k] >= 0 && lw_event_entrant_at (event, pair[k])->status == LW_ENTRANT_DROPPED)
          pair[k] = -1;
      if (pair[0] >= 0 && pair[1] >= 0)
        {
          LwEventTable table = { 0, };

          /* The bracket keeps its order: the higher seed in seat 0. */
          table.number = round->tables->len + 1;
          table.n_seats = 2;
          table.entrants[0] = pair[0];
          table.entrants[1] = pair[1];
          table.first_dealer = 0;
          g_array_append_val (round->tables, table);
        }
      else if (pair[0] >= 0 || pair[1] >= 0)
        {
          int bye = pair[0] >= 0 ? pair[0] : pair[1];
          g_array_append_val (round->byes, bye);
        }
    }
  return TRUE;
}

static LwEventRound *pair_round (LwEvent       *event,
                                  const GArray  *seed_order,
                                  GError       **error);

LwEventRound *
lw_event_pair_next_round (LwEvent  *event,
                          GError  **error)
{
  return pair_round (event, NULL, error);
}

LwEventRound *
lw_event_pair_next_round_seeded (LwEvent            *event,
                                 const char *const  *ranking,
                                 GError            **error)
{
  g_autoptr (GArray) field = NULL;
  g_autoptr (GArray) order = NULL;
  g_autofree gboolean *placed = NULL;

  g_return_val_if_fail (event != NULL, NULL);
  g_return_val_if_fail (ranking != NULL, NULL);

  if (event->config.format != LW_EVENT_ELIMINATION || event->rounds->len > 0)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: seeding applies to round 1 of a single elimination", event->name);
      return NULL;
    }
  /* The ranked players of the field first, in the ranking's order; then
   * the others (unrated) in registration order. */
  field = lw_event_round_one_field (event);
  order = g_array_new (FALSE, FALSE, sizeof (int));
  placed = g_new0 (gboolean, MAX (field->len, 1));
  for (guint r = 0; ranking[r] != NULL; r++)
    {
      int entrant = lw_event_find_entrant (event, ranking[r]);

      for (guint i = 0; i < field->len; i++)
        if (!placed[i] && g_array_index (field, int, i) == entrant)
          {
            placed[i] = TRUE;
            g_array_append_val (order, entrant);
          }
    }
  for (guint i = 0; i < field->len; i++)
    if (!placed[i])
      g_array_append_val (order, g_array_index (field, int, i));
  return pair_round (event, order, error);
}

static LwEventRound *
pair_round (LwEvent       *event,
            const GArray  *seed_order,
            GError       **error)
{
  g_autoptr (LwEventRound) round = NULL;
  guint number, total;
  gboolean ok;

  g_return_val_if_fail (event != NULL, NULL);

  if (!lw_event_config_validate (&event->config, error))
    return NULL;

  number = event->rounds->len + 1;
  if (event->rounds->len > 0)
    {
      const LwEventRound *last = g_ptr_array_index (event->rounds, event->rounds->len - 1);

      for (guint t = 0; t < last->tables->len; t++)
        if (!g_array_index (last->tables, LwEventTable, t).has_result)
          {
            g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                         "round %u: table %u has no result yet", last->number, t + 1);
            return NULL;
          }
    }
  total = lw_event_total_rounds (event);
  if (event->rounds->len > 0 && number > total)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: all %u rounds are paired; the event is over", event->name, total);
      return NULL;
    }

  round = lw_event_round_new (number);
  if (event->config.format == LW_EVENT_ELIMINATION)
    ok = pair_elimination (event, round, seed_order, error);
  else if ((event->config.format == LW_EVENT_ROUND_ROBIN
            || (event->config.format == LW_EVENT_DUPLICATE && !event->config.partners))
           && event->config.table_size == 2)
    ok = pair_round_robin_two (event, round, error);
  else
    {
      History history = { 0, };
      g_autofree LwEventTally *tally = lw_event_tally (event, TRUE);
      g_autofree guint *draw = g_new0 (guint, MAX (event->entrants->len, 1));
      g_autoptr (GRand) rand = rand_for (event, number, 1, 0);
      RankContext ctx;

      history_init (&history, event);
      for (guint i = 0; i < event->entrants->len; i++)
        draw[i] = g_rand_int (rand);
      ctx.tally = tally;
      ctx.draw = draw;
      ctx.byes = history.byes;
      if (event->config.format == LW_EVENT_DUPLICATE)
        lw_duplicate_rank_tally (event, tally);
      if (event->config.format == LW_EVENT_DUPLICATE && event->config.partners)
        ok = lw_duplicate_pair_partnerships (event, round, tally, error);
      else
        ok = pair_by_history (event, round, &history, &ctx, error);
      history_clear (&history);
    }
  if (!ok)
    return NULL;
  if (event->config.format == LW_EVENT_DUPLICATE && !event->config.partners)
    lw_duplicate_spread_seats (event, round);
  /* An elimination round may be walkovers only (a finalist withdrew). */
  if (round->tables->len == 0
      && !(event->config.format == LW_EVENT_ELIMINATION && round->byes->len > 0))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "round %u: nobody is left to play", number);
      return NULL;
    }

  g_ptr_array_add (event->rounds, round);
  return g_steal_pointer (&round);
}
