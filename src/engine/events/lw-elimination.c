/* lw-elimination.c — single elimination: the bracket's seeds and slots,
 * who is still in (docs/EVENTS.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-event.h"
#include "lw-event-private.h"

/* The winner's entrant at a table with a result (-1 without). */
int
lw_event_table_winner (const LwEventTable *table)
{
  int best = 0;

  if (!table->has_result)
    return -1;
  for (guint s = 1; s < table->n_seats; s++)
    if (table->scores[s] > table->scores[best])
      best = (int) s;
  return table->entrants[best];
}

/* The standard bracket of @size slots (a power of two): the seed, 1…,
 * in each slot. 1 v N, then each half mirrored, so that the top seeds
 * meet last and the byes go to them. */
static GArray *
bracket_seeds (guint size)
{
  GArray *seeds = g_array_new (FALSE, FALSE, sizeof (guint));
  guint one = 1;

  g_array_append_val (seeds, one);
  while (seeds->len < size)
    {
      g_autoptr (GArray) next = g_array_new (FALSE, FALSE, sizeof (guint));
      guint total = seeds->len * 2 + 1;

      for (guint i = 0; i < seeds->len; i++)
        {
          guint a = g_array_index (seeds, guint, i), b = total - a;
          g_array_append_val (next, a);
          g_array_append_val (next, b);
        }
      g_array_set_size (seeds, 0);
      g_array_append_vals (seeds, next->data, next->len);
    }
  return seeds;
}

/* Round 1's slots. Before round 1 is paired, from @seed_order (entrants,
 * the top seed first); once it is, read back from round 1 itself (its
 * tables and byes are in bracket order, the higher seed in seat 0), so
 * that the bracket does not depend on how the seeds were chosen. */
static GArray *
first_round_slots (const LwEvent *event,
                   const GArray  *seed_order)
{
  const LwEventRound *first = event->rounds->len > 0 ? g_ptr_array_index (event->rounds, 0) : NULL;
  guint n = first != NULL ? first->tables->len * 2 + first->byes->len : seed_order->len;
  guint size = 1u << lw_event_ceil_log2 (MAX (n, 1));
  g_autoptr (GArray) seeds = bracket_seeds (size);
  GArray *slots = g_array_new (FALSE, FALSE, sizeof (int));
  guint table = 0, bye = 0;

  for (guint i = 0; i < size; i += 2)
    {
      guint a = g_array_index (seeds, guint, i);
      guint b = i + 1 < size ? g_array_index (seeds, guint, i + 1) : n + 1;
      int pair[2] = { -1, -1 };

      if (first == NULL)
        {
          pair[0] = a <= n ? g_array_index (seed_order, int, a - 1) : -1;
          pair[1] = b <= n ? g_array_index (seed_order, int, b - 1) : -1;
        }
      else if (a <= n && b <= n && table < first->tables->len)
        {
          const LwEventTable *t = &g_array_index (first->tables, LwEventTable, table++);
          pair[0] = t->entrants[0];
          pair[1] = t->entrants[1];
        }
      else if ((a <= n || b <= n) && bye < first->byes->len)
        pair[a <= n ? 0 : 1] = g_array_index (first->byes, int, bye++);
      g_array_append_val (slots, pair[0]);
      if (i + 1 < size)
        g_array_append_val (slots, pair[1]);
    }
  return slots;
}

/* The elimination bracket's slots for @round (1-based): entrants in
 * bracket order, -1 for an empty slot. Rounds before @round must be
 * complete. @seed_order: round 1's seeds when it is not paired yet. */
GArray *
lw_event_elimination_slots_seeded (const LwEvent *event,
                                   guint          round,
                                   const GArray  *seed_order)
{
  GArray *slots = first_round_slots (event, seed_order);

  for (guint r = 1; r < round && r <= event->rounds->len; r++)
    {
      const LwEventRound *played = g_ptr_array_index (event->rounds, r - 1);
      g_autoptr (GArray) next = g_array_new (FALSE, FALSE, sizeof (int));

      for (guint i = 0; i + 1 < slots->len; i += 2)
        {
          int a = g_array_index (slots, int, i), b = g_array_index (slots, int, i + 1);
          int winner = -1;

          for (guint t = 0; t < played->tables->len && winner < 0; t++)
            {
              const LwEventTable *table = &g_array_index (played->tables, LwEventTable, t);
              if (a >= 0 && (table->entrants[0] == a || table->entrants[1] == a))
                winner = lw_event_table_winner (table);
            }
          for (guint y = 0; y < played->byes->len && winner < 0; y++)
            {
              int bye = g_array_index (played->byes, int, y);
              if (bye >= 0 && (bye == a || bye == b))
                winner = bye;
            }
          g_array_append_val (next, winner);
        }
      g_array_set_size (slots, 0);
      g_array_append_vals (slots, next->data, next->len);
    }
  return slots;
}

/* lw_event_elimination_slots_seeded() with round 1's seeds in registration order. */
static GArray *
elimination_slots (const LwEvent *event,
                   guint          round)
{
  g_autoptr (GArray) field = lw_event_round_one_field (event);

  return lw_event_elimination_slots_seeded (event, round, field);
}

LwEliminationState
lw_event_elimination_state (const LwEvent *event,
                            int            entrant,
                            guint         *round_out)
{
  g_autoptr (GArray) field = NULL;
  gboolean in_field = FALSE;
  guint r;

  g_return_val_if_fail (event != NULL, LW_ELIMINATION_NOT_IN_FIELD);
  g_return_val_if_fail (entrant >= 0 && (guint) entrant < event->entrants->len,
                        LW_ELIMINATION_NOT_IN_FIELD);

  if (round_out != NULL)
    *round_out = 0;
  if (event->rounds->len == 0)
    return LW_ELIMINATION_NOT_IN_FIELD;
  field = lw_event_round_one_field (event);
  for (guint i = 0; i < field->len; i++)
    in_field = in_field || g_array_index (field, int, i) == entrant;
  if (!in_field)
    return LW_ELIMINATION_NOT_IN_FIELD;

  for (r = 0; r < event->rounds->len; r++)
    {
      const LwEventRound *round = g_ptr_array_index (event->rounds, r);
      gboolean through = FALSE, seated = FALSE;

      for (guint b = 0; b < round->byes->len; b++)
        through = through || g_array_index (round->byes, int, b) == entrant;
      for (guint k = 0; k < round->tables->len && !through && !seated; k++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, k);

          for (guint s = 0; s < table->n_seats; s++)
            if (table->entrants[s] == entrant)
              seated = TRUE;
          if (!seated)
            continue;
          if (round_out != NULL)
            *round_out = r + 1;
          if (!table->has_result)
            return LW_ELIMINATION_STILL_IN;
          if (lw_event_table_winner (table) != entrant)
            return LW_ELIMINATION_ELIMINATED;
          through = TRUE;
        }
      if (!through)
        {
          /* Left out of a round after getting through the one before:
           * withdrawn (the opponent had a walkover). */
          if (round_out != NULL)
            *round_out = r + 1;
          return LW_ELIMINATION_WITHDREW;
        }
    }

  if (round_out != NULL)
    *round_out = r + 1;
  if (lw_event_is_finished (event))
    {
      if (round_out != NULL)
        *round_out = 0;
      return LW_ELIMINATION_CHAMPION;
    }
  if (lw_event_entrant_at (event, entrant)->status == LW_ENTRANT_DROPPED)
    return LW_ELIMINATION_WITHDREW;
  return LW_ELIMINATION_STILL_IN;
}

GPtrArray *
lw_event_bracket (const LwEvent *event)
{
  GPtrArray *rounds = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  guint total;

  g_return_val_if_fail (event != NULL, rounds);

  if (event->config.format != LW_EVENT_ELIMINATION || event->rounds->len == 0)
    return rounds;
  total = lw_event_total_rounds (event);
  for (guint r = 1; r <= total + 1; r++)
    {
      GArray *slots;

      if (r <= event->rounds->len + 1)
        slots = elimination_slots (event, r);
      else
        {
          const GArray *before = g_ptr_array_index (rounds, rounds->len - 1);
          int none = -1;

          slots = g_array_new (FALSE, FALSE, sizeof (int));
          for (guint i = 0; i < MAX (before->len / 2, 1); i++)
            g_array_append_val (slots, none);
        }
      g_ptr_array_add (rounds, slots);
    }
  return rounds;
}
