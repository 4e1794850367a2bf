/* lw-bot-search.c — Expert's search of a round's end: alpha-beta over
 * every legal lead and follow, the seat's side maximising and the other
 * seats minimising, with a transposition table keyed on the remaining
 * hands and the trick in play; the leaves are valued by the scoring
 * engine (lw_bot_round_value())
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "lw-bot-private.h"

#define TT_BITS 14
#define TT_SIZE (1u << TT_BITS)

typedef enum {
  BOUND_EXACT = 1,
  BOUND_LOWER,                  /* the value is at least this */
  BOUND_UPPER,                  /* the value is at most this */
} Bound;

typedef struct {
  guint64 key;
  guint64 check;
  double  value;
  guint32 generation;
  guint8  bound;
  guint8  best;                 /* the move that was best, tried first */
} Entry;

struct _LwBotSearch
{
  int           seat;
  int           team_of[LW_MAX_SEATS];
  gboolean      teams;
  LwGameRecord *record;         /* borrowed */
  Entry        *tt;
  guint32       generation;
  guint64       nodes;
  guint64       limit;          /* nodes at which this solve stops */
  gboolean      out_of_budget;
  guint         root_tricks;    /* finished tricks when the solve began */
};

LwBotSearch *
lw_bot_search_new (int           seat,
                   const int    *team_of,
                   LwGameRecord *record)
{
  LwBotSearch *search;

  g_return_val_if_fail (seat >= 0 && seat < LW_MAX_SEATS && record != NULL, NULL);

  search = g_new0 (LwBotSearch, 1);
  search->seat = seat;
  search->teams = team_of != NULL;
  if (team_of != NULL)
    memcpy (search->team_of, team_of, sizeof search->team_of);
  search->record = record;
  search->tt = g_new0 (Entry, TT_SIZE);
  search->generation = 1;
  search->root_tricks = 0;
  return search;
}

void
lw_bot_search_reset (LwBotSearch   *search,
                     const LwTable *root)
{
  g_return_if_fail (search != NULL && root != NULL);
  search->generation++;
  search->root_tricks = lw_table_get_tricks (root)->len;
}

guint64
lw_bot_search_get_nodes (const LwBotSearch *search)
{
  g_return_val_if_fail (search != NULL, 0);
  return search->nodes;
}

void
lw_bot_search_free (LwBotSearch *search)
{
  if (search == NULL)
    return;
  g_free (search->tt);
  g_free (search);
}

static inline const int *
teams (const LwBotSearch *search)
{
  return search->teams ? search->team_of : NULL;
}

static inline guint64
mix (guint64 h,
     guint64 v)
{
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 31);
}

/* The position's two hashes: what is left in every hand, the trick in
 * play, the seat to act, the cards and Den cards each seat has won, and
 * whether the declarer's side has won every trick so far (SCORING R11):
 * everything the rest of the round and its score depend on. */
static void
position_key (const LwBotSearch *search,
              const LwTable     *t,
              guint64           *key,
              guint64           *check)
{
  guint n_players = lw_table_get_n_players (t), n_current = 0;
  const LwPlay *current = lw_table_get_current (t, &n_current);
  const GArray *tricks = lw_table_get_tricks (t);
  int declarer = lw_table_get_declarer (t);
  guint64 h = 0x243F6A8885A308D3ull, g = 0x13198A2E03707344ull;
  guint dens[LW_MAX_SEATS][4] = { { 0 } };
  gboolean all_ours = TRUE;

  h = mix (h, (guint64) lw_table_get_turn (t));
  for (guint s = 0; s < n_players; s++)
    {
      guint n = 0;
      const LwCard *hand = lw_table_get_hand (t, (int) s, &n);
      h = mix (h, 0x100 + n);
      for (guint i = 0; i < n; i++)
        h = mix (h, lw_card_face (hand[i]));
      h = mix (h, lw_table_get_taken (t, (int) s));
    }
  for (guint p = 0; p < n_current; p++)
    for (guint i = 0; i < current[p].n; i++)
      h = mix (h, (guint64) lw_card_face (current[p].cards[i]) << 16
                  | (guint64) (guint8) current[p].as_rank[i] << 8 | current[p].as_suit[i]);
  for (guint k = 0; k < tricks->len; k++)
    {
      const LwTrick *trick = &g_array_index (tricks, LwTrick, k);
      if (declarer != LW_NO_SEAT
          && lw_bot_side_of (teams (search), trick->winner) != lw_bot_side_of (teams (search), declarer))
        all_ours = FALSE;
      if (k < search->root_tricks)
        continue;
      for (guint p = 0; p < trick->n_plays; p++)
        for (guint i = 0; i < trick->plays[p].n; i++)
          {
            guint face = lw_card_face (trick->plays[p].cards[i]);
            if (face >= LW_FACE_WORM)
              dens[trick->winner][face - LW_FACE_WORM]++;
          }
    }
  for (guint s = 0; s < n_players; s++)
    for (guint d = 0; d < 4; d++)
      g = mix (g, dens[s][d]);
  g = mix (g, (guint64) all_ours);
  *key = h;
  *check = mix (g, h);
}

/* The seat to act's moves: every legal lead, or every legal follow with
 * two-deck copies of the same faces once. */
static void
moves (const LwTable *t,
       GArray        *out)
{
  int turn = lw_table_get_turn (t);
  LwAction a = { LW_ACTION_PLAY, turn, { 0 } };

  if (lw_table_get_lead (t) == NULL)
    {
      g_autoptr (GArray) leads = g_array_new (FALSE, FALSE, sizeof (LwPlay));
      lw_table_legal_leads (t, leads);
      for (guint k = 0; k < leads->len; k++)
        {
          a.play = g_array_index (leads, LwPlay, k);
          g_array_append_val (out, a);
        }
    }
  else
    {
      g_autoptr (GArray) masks = g_array_new (FALSE, FALSE, sizeof (guint32));
      guint n = 0;
      const LwCard *hand = lw_table_get_hand (t, turn, &n);
      lw_table_legal_follows (t, masks);
      for (guint k = 0; k < masks->len; k++)
        {
          guint32 m = g_array_index (masks, guint32, k);
          LwCard cards[LW_MAX_PLAY];
          guint nc = 0;
          gboolean seen = FALSE;
          for (guint i = 0; i < n; i++)
            if (m & (1u << i))
              cards[nc++] = hand[i];
          lw_play_set (&a.play, cards, nc);
          /* The hand is sorted, so copies of the same faces come in the
           * same order. */
          for (guint j = 0; j < out->len && !seen; j++)
            {
              const LwPlay *o = &g_array_index (out, LwAction, j).play;
              seen = TRUE;
              for (guint i = 0; i < nc && seen; i++)
                seen = lw_card_face (o->cards[i]) == lw_card_face (cards[i]);
            }
          if (!seen)
            g_array_append_val (out, a);
        }
    }
}

static double
alpha_beta (LwBotSearch   *search,
            const LwTable *t,
            double         alpha,
            double         beta)
{
  g_autoptr (GArray) list = NULL;
  guint64 key, check;
  Entry *e;
  gboolean ours;
  double best, alpha0 = alpha, beta0 = beta;
  guint best_k = 0, first = 0;

  if (lw_table_get_phase (t) == LW_PHASE_END)
    return lw_bot_round_value (t, search->seat, teams (search), search->record);
  if (search->nodes >= search->limit)
    {
      search->out_of_budget = TRUE;
      return 0;
    }
  search->nodes++;

  position_key (search, t, &key, &check);
  e = &search->tt[key & (TT_SIZE - 1)];
  if (e->generation == search->generation && e->key == key && e->check == check)
    {
      if (e->bound == BOUND_EXACT)
        return e->value;
      if (e->bound == BOUND_LOWER)
        alpha = MAX (alpha, e->value);
      else
        beta = MIN (beta, e->value);
      if (alpha >= beta)
        return e->value;
      first = e->best;
    }

  list = g_array_new (FALSE, FALSE, sizeof (LwAction));
  moves (t, list);
  g_assert (list->len > 0);
  if (first >= list->len)
    first = 0;
  ours = lw_bot_side_of (teams (search), lw_table_get_turn (t))
         == lw_bot_side_of (teams (search), search->seat);
  best = ours ? -INFINITY : INFINITY;
  for (guint i = 0; i < list->len; i++)
    {
      /* The move that was best here before first, then the others. */
      guint k = i == 0 ? first : i <= first ? i - 1 : i;
      g_autoptr (LwTable) child = lw_table_copy (t);
      g_autoptr (GError) error = NULL;
      double v;

      if (!lw_table_apply (child, &g_array_index (list, LwAction, k), &error))
        g_error ("the search made an illegal move: %s", error->message);
      v = alpha_beta (search, child, alpha, beta);
      if (search->out_of_budget)
        return 0;
      if (ours ? v > best : v < best)
        {
          best = v;
          best_k = k;
        }
      if (ours)
        alpha = MAX (alpha, best);
      else
        beta = MIN (beta, best);
      if (alpha >= beta)
        break;
    }

  /* Always replace: the newest positions are the likeliest to come back. */
  e->key = key;
  e->check = check;
  e->value = best;
  e->generation = search->generation;
  e->best = (guint8) MIN (best_k, 255u);
  e->bound = best <= alpha0 ? BOUND_UPPER : best >= beta0 ? BOUND_LOWER : BOUND_EXACT;
  return best;
}

gboolean
lw_bot_search_solve (LwBotSearch   *search,
                     const LwTable *table,
                     guint          max_nodes,
                     double        *value)
{
  double v;

  g_return_val_if_fail (search != NULL && table != NULL && value != NULL, FALSE);
  g_return_val_if_fail (max_nodes >= 1, FALSE);

  g_return_val_if_fail (lw_table_get_tricks (table)->len >= search->root_tricks, FALSE);

  search->limit = search->nodes + max_nodes;
  search->out_of_budget = FALSE;
  v = alpha_beta (search, table, -INFINITY, INFINITY);
  if (search->out_of_budget)
    return FALSE;
  *value = v;
  return TRUE;
}
