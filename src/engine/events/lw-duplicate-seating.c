/* lw-duplicate-seating.c — seating a duplicate event (DUPLICATE D8):
 * positions spread for individuals, fixed partnerships that alternate
 * seats 0+2 and 1+3, sit-outs; the ranking pairing uses
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-duplicate.h"
#include "lw-error.h"
#include "lw-event-private.h"

/* ------------------------------------------------------------------ */
/* Individuals: positions spread                                        */
/* ------------------------------------------------------------------ */

/* Per entrant and seat, the times they sat there in the rounds before. */
static guint *
seat_counts (const LwEvent *event,
             guint          before_round)
{
  guint n = event->entrants->len;
  guint *counts = g_new0 (guint, (gsize) MAX (n, 1) * LW_EVENT_MAX_SEATS);

  for (guint r = 0; r + 1 < before_round && r < event->rounds->len; r++)
    {
      const LwEventRound *round = g_ptr_array_index (event->rounds, r);

      for (guint k = 0; k < round->tables->len; k++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, k);

          for (guint s = 0; s < table->n_seats; s++)
            counts[(gsize) table->entrants[s] * LW_EVENT_MAX_SEATS + s]++;
        }
    }
  return counts;
}

/* The next permutation of @p (n items) in lexicographic order; FALSE
 * after the last. */
static gboolean
next_permutation (guint *p,
                  guint  n)
{
  guint i, j;

  if (n < 2)
    return FALSE;
  i = n - 1;
  while (i > 0 && p[i - 1] >= p[i])
    i--;
  if (i == 0)
    return FALSE;
  j = n - 1;
  while (p[j] <= p[i - 1])
    j--;
  {
    guint t = p[i - 1];
    p[i - 1] = p[j];
    p[j] = t;
  }
  for (guint a = i, b = n - 1; a < b; a++, b--)
    {
      guint t = p[a];
      p[a] = p[b];
      p[b] = t;
    }
  return TRUE;
}

/* How far a player whose seats were sat at @counts times (@n_seats of
 * them) after event round @round of @total is from an even spread that
 * can still be reached: the sittings over ⌈total / n⌉ in a seat, and the
 * sittings short of ⌊total / n⌋ beyond what the rounds left can make up
 * (D8: positions spread as evenly as possible). 0 once @round passes
 * @total. */
static guint
spread_shortfall (const guint *counts,
                  guint        n_seats,
                  guint        round,
                  guint        total)
{
  guint high = (total + n_seats - 1) / n_seats, low = total / n_seats, over = 0, need = 0;

  if (round > total)
    return 0;
  for (guint s = 0; s < n_seats; s++)
    {
      over += counts[s] > high ? counts[s] - high : 0;
      need += counts[s] < low ? low - counts[s] : 0;
    }
  return over + (need > total - round ? need - (total - round) : 0);
}

guint *
lw_duplicate_seat_counts (const LwEvent *event,
                          guint          before_round)
{
  g_return_val_if_fail (event != NULL, NULL);

  return seat_counts (event, before_round);
}

guint64
lw_duplicate_best_seating (const LwEvent *event,
                           guint          round,
                           const guint   *counts,
                           const int     *players,
                           guint          n_seats,
                           guint         *best)
{
  guint perm[LW_EVENT_MAX_SEATS];
  guint64 best_cost = G_MAXUINT64;
  guint total = lw_event_total_rounds (event);
  g_autofree guint *mine = g_new0 (guint, (gsize) n_seats * LW_EVENT_MAX_SEATS);

  g_return_val_if_fail (n_seats >= 1 && n_seats <= LW_EVENT_MAX_SEATS, 0);

  for (guint i = 0; i < n_seats; i++)
    {
      memcpy (mine + (gsize) i * LW_EVENT_MAX_SEATS, counts + (gsize) players[i] * LW_EVENT_MAX_SEATS,
              sizeof (guint) * LW_EVENT_MAX_SEATS);
      perm[i] = best[i] = i;
    }
  do
    {
      guint64 cost = 0;

      /* perm[i]: the seat of players[i]; a seat sat at c times before
       * costs c², so that one repeat spreads before another; a seating
       * after which a player can no longer end evenly spread costs more
       * than any number of repeats. */
      for (guint i = 0; i < n_seats; i++)
        {
          guint *own = mine + (gsize) i * LW_EVENT_MAX_SEATS;
          guint64 c = own[perm[i]];
          guint shortfall;

          own[perm[i]]++;
          shortfall = spread_shortfall (own, n_seats, round, total);
          own[perm[i]]--;
          cost += c * c + (guint64) shortfall * LW_DUPLICATE_UNEVEN_COST;
        }
      if (cost < best_cost)
        {
          best_cost = cost;
          memcpy (best, perm, sizeof (guint) * n_seats);
        }
    }
  while (best_cost > 0 && next_permutation (perm, n_seats));
  return best_cost;
}

void
lw_duplicate_spread_seats (const LwEvent *event,
                           LwEventRound  *round)
{
  g_autofree guint *counts = NULL;

  g_return_if_fail (event != NULL && round != NULL);

  counts = seat_counts (event, round->number);
  for (guint k = 0; k < round->tables->len; k++)
    {
      LwEventTable *table = &g_array_index (round->tables, LwEventTable, k);
      int players[LW_EVENT_MAX_SEATS];
      guint best[LW_EVENT_MAX_SEATS];

      /* The players in the order the draw seated them, so that equal
       * costs keep the draw. */
      memcpy (players, table->entrants, sizeof players);
      lw_duplicate_best_seating (event, round->number, counts, players, table->n_seats, best);
      for (guint i = 0; i < table->n_seats; i++)
        table->entrants[best[i]] = players[i];
      table->first_dealer = 0;
    }
}

/* ------------------------------------------------------------------ */
/* Ranking (D7 for pairing)                                             */
/* ------------------------------------------------------------------ */

void
lw_duplicate_rank_tally (const LwEvent *event,
                         LwEventTally  *tally)
{
  g_autoptr (GPtrArray) standings = NULL;

  g_return_if_fail (event != NULL && tally != NULL);

  standings = lw_duplicate_compute_standings (event, NULL);
  for (guint i = 0; i < event->entrants->len; i++)
    {
      tally[i].row.points = 0;
      tally[i].row.buchholz = 0;
    }
  if (standings == NULL)
    return;
  for (guint i = 0; i < standings->len; i++)
    {
      const LwDuplicateStanding *s = g_ptr_array_index (standings, i);

      for (guint e = 0; e < 2; e++)
        if (s->entrants[e] >= 0)
          {
            tally[s->entrants[e]].row.points = (double) s->score.num / (double) s->score.den;
            tally[s->entrants[e]].row.buchholz = (double) s->nets.num / (double) s->nets.den;
          }
    }
}

/* ------------------------------------------------------------------ */
/* Partnerships                                                         */
/* ------------------------------------------------------------------ */

typedef struct {
  guint  n;          /* partnerships: ⌊entrants / 2⌋ */
  guint *met;        /* n × n: times at one table */
  guint *sat_out;    /* per partnership */
  guint *north;      /* per partnership: times at seats 0+2 */
  int   *last_side;  /* per partnership: 0, 1, or -1 never seated */
} PartnerHistory;

static void
partner_history_init (PartnerHistory *h,
                      const LwEvent  *event)
{
  h->n = event->entrants->len / 2;
  h->met = g_new0 (guint, (gsize) MAX (h->n, 1) * MAX (h->n, 1));
  h->sat_out = g_new0 (guint, MAX (h->n, 1));
  h->north = g_new0 (guint, MAX (h->n, 1));
  h->last_side = g_new0 (int, MAX (h->n, 1));
  for (guint p = 0; p < h->n; p++)
    h->last_side[p] = -1;

  for (guint r = 0; r < event->rounds->len; r++)
    {
      const LwEventRound *round = g_ptr_array_index (event->rounds, r);

      for (guint b = 0; b < round->byes->len; b++)
        {
          guint p = (guint) g_array_index (round->byes, int, b) / 2;

          /* One sit-out per partnership, counted at its first partner. */
          if (p < h->n && g_array_index (round->byes, int, b) % 2 == 0)
            h->sat_out[p]++;
        }
      for (guint k = 0; k < round->tables->len; k++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, k);
          guint a = (guint) table->entrants[0] / 2, c = (guint) table->entrants[1] / 2;

          if (a >= h->n || c >= h->n)
            continue;
          h->met[a * h->n + c]++;
          h->met[c * h->n + a]++;
          h->north[a]++;
          h->last_side[a] = 0;
          h->last_side[c] = 1;
        }
    }
}

static void
partner_history_clear (PartnerHistory *h)
{
  g_free (h->met);
  g_free (h->sat_out);
  g_free (h->north);
  g_free (h->last_side);
}

typedef struct {
  const PartnerHistory *history;
  const LwEventTally   *tally;
} PartnerRank;

/* Best ranked first: score, nets, then the lower index. */
static int
compare_partner_rank (gconstpointer pa,
                      gconstpointer pb,
                      gpointer      user_data)
{
  const PartnerRank *ctx = user_data;
  int a = *(const int *) pa, b = *(const int *) pb;
  const LwEventStanding *ra = &ctx->tally[2 * a].row, *rb = &ctx->tally[2 * b].row;

  if (!lw_event_points_equal (ra->points, rb->points))
    return ra->points > rb->points ? -1 : 1;
  if (!lw_event_points_equal (ra->buchholz, rb->buchholz))
    return ra->buchholz > rb->buchholz ? -1 : 1;
  return a - b;
}

static void
add_bye (LwEventRound *round,
         int           entrant)
{
  for (guint i = 0; i < round->byes->len; i++)
    if (g_array_index (round->byes, int, i) == entrant)
      return;
  g_array_append_val (round->byes, entrant);
}

/* Whether partnership @a sits at seats 0+2 against @b (D8: alternately). */
static gboolean
takes_north (const PartnerHistory *h,
             guint                 a,
             guint                 b)
{
  if (h->north[a] != h->north[b])
    return h->north[a] < h->north[b];
  if (h->last_side[a] != h->last_side[b])
    return h->last_side[a] != 0;
  return a < b;
}

/* Seats partnerships @a and @b at a new table of @round: the one whose
 * turn it is at seats 0+2 (takes_north()), partners in registration
 * order. */
static void
add_table (const PartnerHistory *h,
           LwEventRound         *round,
           int                   a,
           int                   b)
{
  LwEventTable table = { 0, };

  if (!takes_north (h, (guint) a, (guint) b))
    {
      int t = a;
      a = b;
      b = t;
    }
  table.number = round->tables->len + 1;
  table.n_seats = 4;
  table.entrants[0] = 2 * a;
  table.entrants[1] = 2 * b;
  table.entrants[2] = 2 * a + 1;
  table.entrants[3] = 2 * b + 1;
  table.first_dealer = 0;
  g_array_append_val (round->tables, table);
}

gboolean
lw_duplicate_pair_partnerships (const LwEvent       *event,
                                LwEventRound        *round,
                                const LwEventTally  *tally,
                                GError             **error)
{
  PartnerHistory h = { 0, };
  g_autoptr (GArray) ready = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree gboolean *matched = NULL;
  PartnerRank ctx;

  g_return_val_if_fail (event != NULL && round != NULL && tally != NULL, FALSE);

  partner_history_init (&h, event);
  ctx.history = &h;
  ctx.tally = tally;

  /* A partnership plays when both partners are checked in; a checked-in
   * player without a partner to play with sits out. */
  for (guint i = 0; i < event->entrants->len; i++)
    {
      guint partner = i ^ 1u;
      gboolean in = lw_event_entrant_at (event, (int) i)->status == LW_ENTRANT_CHECKED_IN;
      gboolean partner_in = partner < event->entrants->len
                            && lw_event_entrant_at (event, (int) partner)->status
                               == LW_ENTRANT_CHECKED_IN;

      if (in && partner_in && i % 2 == 0)
        {
          int p = (int) (i / 2);
          g_array_append_val (ready, p);
        }
      else if (in && !partner_in)
        add_bye (round, (int) i);
    }
  if (ready->len < 2)
    {
      partner_history_clear (&h);
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "round %u: %u partnership%s with both partners checked in cannot fill a "
                   "4-seat partners table", round->number, ready->len,
                   ready->len == 1 ? "" : "s");
      return FALSE;
    }
  g_array_sort_with_data (ready, compare_partner_rank, &ctx);

  /* While every partnership plays, the circle method over the
   * partnerships in registration order (a missing one in an odd field
   * sits out): each meets every other once and sits out once, in
   * rotation; otherwise the best ranked first, each against the one it
   * met the fewest times. */
  if (ready->len == h.n && round->number <= h.n + h.n % 2 - 1)
    {
      guint m = h.n + h.n % 2;
      g_autofree int *list = g_new0 (int, m);

      for (guint i = 0; i < m; i++)
        {
          guint at = i == 0 ? 0 : 1 + (i - 1 + round->number - 1) % (m - 1);
          list[i] = at < h.n ? (int) at : -1;
        }
      for (guint i = 0; i < m / 2; i++)
        {
          int a = list[i], b = list[m - 1 - i];

          if (a < 0 || b < 0)
            {
              int out = a < 0 ? b : a;
              add_bye (round, 2 * out);
              add_bye (round, 2 * out + 1);
            }
          else
            add_table (&h, round, a, b);
        }
      partner_history_clear (&h);
      return TRUE;
    }

  /* An odd one out sits out: the fewest sit-outs, then the lowest ranked. */
  if (ready->len % 2 == 1)
    {
      guint pick = ready->len - 1;

      for (guint i = ready->len; i-- > 0;)
        if (h.sat_out[g_array_index (ready, int, i)] < h.sat_out[g_array_index (ready, int, pick)])
          pick = i;
      add_bye (round, 2 * g_array_index (ready, int, pick));
      add_bye (round, 2 * g_array_index (ready, int, pick) + 1);
      g_array_remove_index (ready, pick);
    }

  matched = g_new0 (gboolean, ready->len);
  for (guint i = 0; i < ready->len; i++)
    {
      guint best = G_MAXUINT;
      int a;

      if (matched[i])
        continue;
      a = g_array_index (ready, int, i);
      for (guint j = i + 1; j < ready->len; j++)
        if (!matched[j]
            && (best == G_MAXUINT
                || h.met[(guint) a * h.n + (guint) g_array_index (ready, int, j)]
                   < h.met[(guint) a * h.n + (guint) g_array_index (ready, int, best)]))
          best = j;
      matched[i] = matched[best] = TRUE;
      add_table (&h, round, a, g_array_index (ready, int, best));
    }
  partner_history_clear (&h);
  return TRUE;
}
