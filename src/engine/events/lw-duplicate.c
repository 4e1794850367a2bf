/* lw-duplicate.c — duplicate events (docs/rules/DUPLICATE.md): boards,
 * board sheets and check codes, board scoring, nets, matchpoints and
 * standings; the seating is in lw-duplicate-seating.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "lw-duplicate.h"
#include "lw-duplicate-par.h"
#include "lw-error.h"
#include "lw-event-private.h"
#include "lw-json-text.h"
#include "lw-score.h"

/* ------------------------------------------------------------------ */
/* Exact fractions (D5–D7)                                              */
/* ------------------------------------------------------------------ */

static gint64
gcd64 (gint64 a,
       gint64 b)
{
  if (a < 0)
    a = -a;
  if (b < 0)
    b = -b;
  while (b != 0)
    {
      gint64 t = a % b;
      a = b;
      b = t;
    }
  return a;
}

LwFraction
lw_fraction_make (gint64 num,
                  gint64 den)
{
  LwFraction f = { 0, 1 };
  gint64 g;

  g_return_val_if_fail (den != 0, f);

  if (den < 0)
    {
      num = -num;
      den = -den;
    }
  g = gcd64 (num, den);
  if (g > 1)
    {
      num /= g;
      den /= g;
    }
  f.num = num;
  f.den = den;
  return f;
}

LwFraction
lw_fraction_add (LwFraction a,
                 LwFraction b)
{
  gint64 g = gcd64 (a.den, b.den);

  return lw_fraction_make (a.num * (b.den / g) + b.num * (a.den / g), a.den / g * b.den);
}

int
lw_fraction_compare (LwFraction a,
                     LwFraction b)
{
  /* Denominators are positive: compare a.num × b.den with b.num × a.den. */
  gint64 left = a.num * b.den, right = b.num * a.den;

  return left < right ? -1 : left > right ? 1 : 0;
}

char *
lw_fraction_format (LwFraction value,
                    gint64     scale)
{
  gint64 x = value.num * scale * 100;
  gint64 magnitude = x < 0 ? -x : x;
  /* Half away from zero: (2|x| + den) / (2 den). */
  gint64 hundredths = (2 * magnitude + value.den) / (2 * value.den);

  return g_strdup_printf ("%s%" G_GINT64_FORMAT ".%02" G_GINT64_FORMAT,
                          x < 0 && hundredths > 0 ? "-" : "", hundredths / 100, hundredths % 100);
}

/* ------------------------------------------------------------------ */
/* Boards (D1–D3)                                                       */
/* ------------------------------------------------------------------ */

guint64
lw_board_seed (guint64 event_seed,
               guint   board)
{
  return lw_seed_mix (lw_seed_mix (event_seed, LW_BOARD_SEED_SALT), board);
}

int
lw_board_dealer (guint n_seats,
                 guint board)
{
  g_return_val_if_fail (n_seats >= 2 && n_seats <= LW_EVENT_MAX_SEATS && board >= 1, 0);

  return (int) ((board - 1) % n_seats);
}

static int
compare_faces (gconstpointer a,
               gconstpointer b)
{
  /* Faces are numbered S A…K, H, D, C, then W, G, B, L: D3's order. */
  guint fa = lw_card_face (*(const LwCard *) a), fb = lw_card_face (*(const LwCard *) b);

  if (fa != fb)
    return fa < fb ? -1 : 1;
  return (int) *(const LwCard *) a - (int) *(const LwCard *) b;
}

void
lw_board_deal (guint64   event_seed,
               guint     number,
               guint     n_seats,
               gboolean  partners,
               LwBoard  *board)
{
  g_autoptr (LwTable) table = NULL;

  g_return_if_fail (board != NULL);
  g_return_if_fail (number >= 1 && n_seats >= 2 && n_seats <= LW_EVENT_MAX_SEATS);
  g_return_if_fail (!partners || n_seats == 4);

  memset (board, 0, sizeof *board);
  board->number = number;
  board->n_seats = n_seats;
  board->partners = partners;
  board->dealer = lw_board_dealer (n_seats, number);
  board->seed = lw_board_seed (event_seed, number);

  /* The virtual table's own deal, so that it deals the board exactly. */
  table = lw_table_new (n_seats, board->dealer, board->seed, NULL);
  for (guint s = 0; s < n_seats; s++)
    {
      guint n = 0;
      const LwCard *hand = lw_table_get_hand (table, (int) s, &n);

      memcpy (board->hands[s], hand, sizeof (LwCard) * n);
      board->n_hand[s] = n;
      qsort (board->hands[s], n, sizeof (LwCard), compare_faces);
    }
  lw_table_get_pups (table, board->pups);
}

void
lw_event_board (const LwEvent *event,
                guint          number,
                LwBoard       *board)
{
  g_return_if_fail (event != NULL && event->config.format == LW_EVENT_DUPLICATE);

  lw_board_deal (event->config.seed, number, event->config.table_size, event->config.partners,
                 board);
}

LwTable *
lw_board_new_table (const LwBoard      *board,
                    const LwHouseRules *rules)
{
  g_return_val_if_fail (board != NULL, NULL);

  return lw_table_new (board->n_seats, board->dealer, board->seed, rules);
}

static void
append_cards (GString      *out,
              const LwCard *cards,
              guint         n)
{
  g_autofree char *faces = lw_cards_format (cards, n);

  g_string_append (out, faces);
}

char *
lw_board_check_text (const LwBoard *board)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (board != NULL, NULL);

  for (guint s = 0; s < board->n_seats; s++)
    {
      append_cards (out, board->hands[s], board->n_hand[s]);
      g_string_append_c (out, '\n');
    }
  /* The Pups in deal order, not sorted (D3). */
  append_cards (out, board->pups, 4);
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

char *
lw_board_check_code (const LwBoard *board)
{
  g_autofree char *text = lw_board_check_text (board);
  g_autofree char *digest = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
  return g_strndup (digest, 6);
}

char *
lw_board_sheet_text (const char    *event_name,
                     const LwBoard *board,
                     guint          round)
{
  GString *out = g_string_new (NULL);
  g_autofree char *code = NULL;

  g_return_val_if_fail (event_name != NULL && board != NULL, NULL);

  code = lw_board_check_code (board);
  g_string_append_printf (out, "%s — board %u (event round %u)\n", event_name, board->number,
                          round);
  g_string_append_printf (out, "Dealer: seat %d\n", board->dealer);
  for (guint s = 0; s < board->n_seats; s++)
    {
      if (board->partners)
        g_string_append_printf (out, "Seat %u (%s): ", s, s % 2 == 0 ? "0+2" : "1+3");
      else
        g_string_append_printf (out, "Seat %u: ", s);
      append_cards (out, board->hands[s], board->n_hand[s]);
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "Pups: ");
  append_cards (out, board->pups, 4);
  g_string_append_printf (out, "\nCheck code: %s\n", code);
  return g_string_free (out, FALSE);
}

void
lw_board_add_json (JsonBuilder   *builder,
                   const LwBoard *board,
                   guint          round)
{
  g_autofree char *code = NULL;
  GString *cards = g_string_new (NULL);

  g_return_if_fail (builder != NULL && board != NULL);

  code = lw_board_check_code (board);
  json_builder_begin_object (builder);
  lw_json_builder_add_int (builder, "board", board->number);
  lw_json_builder_add_int (builder, "round", round);
  lw_json_builder_add_int (builder, "dealer", board->dealer);
  lw_json_builder_add_int (builder, "seats", board->n_seats);
  lw_json_builder_add_boolean (builder, "partners", board->partners);
  json_builder_set_member_name (builder, "hands");
  json_builder_begin_array (builder);
  for (guint s = 0; s < board->n_seats; s++)
    {
      g_string_truncate (cards, 0);
      append_cards (cards, board->hands[s], board->n_hand[s]);
      json_builder_add_string_value (builder, cards->str);
    }
  json_builder_end_array (builder);
  g_string_truncate (cards, 0);
  append_cards (cards, board->pups, 4);
  lw_json_builder_add_string (builder, "pups", cards->str);
  lw_json_builder_add_string (builder, "check_code", code);
  json_builder_end_object (builder);
  g_string_free (cards, TRUE);
}

guint
lw_duplicate_round_of_board (const LwEvent *event,
                             guint          board)
{
  g_return_val_if_fail (event != NULL && event->config.boards_per_round > 0 && board >= 1, 0);

  return (board - 1) / event->config.boards_per_round + 1;
}

guint
lw_duplicate_first_board (const LwEvent *event,
                          guint          round)
{
  g_return_val_if_fail (event != NULL && round >= 1, 0);

  return (round - 1) * event->config.boards_per_round + 1;
}

/* ------------------------------------------------------------------ */
/* Scoring a board (D4, D5)                                             */
/* ------------------------------------------------------------------ */

LwGameRecord *
lw_duplicate_seat_record (const LwEvent      *event,
                          guint               round,
                          guint               table,
                          guint               n_seats,
                          const char *const  *names,
                          guint               board)
{
  LwGameRecord *record;

  record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, n_seats, names);
  if (lw_event_is_partners (event))
    {
      static const int team_of[4] = { 0, 1, 0, 1 };

      lw_game_record_set_teams (record, 2, team_of);
    }
  /* D4: R3's start score (the record's default); no game end applies. */
  record->target = LW_BOARD_NO_END;
  record->skunk = LW_BOARD_NO_END;
  record->first_dealer = lw_board_dealer (n_seats, board);
  record->details.event_name = g_strdup (event->name);
  record->details.event_round = (int) round;
  record->details.event_table = (int) table;
  record->details.event_board = (int) board;
  return record;
}

LwGameRecord *
lw_duplicate_board_record (const LwEvent      *event,
                           guint               round,
                           const LwEventTable *table,
                           guint               board)
{
  const char *names[LW_EVENT_MAX_SEATS];

  g_return_val_if_fail (event != NULL && table != NULL && board >= 1, NULL);

  for (guint s = 0; s < table->n_seats; s++)
    names[s] = lw_event_entrant_at (event, table->entrants[s])->name;
  return lw_duplicate_seat_record (event, round, table->number, table->n_seats, names, board);
}

gboolean
lw_duplicate_score_board (const LwGameRecord  *record,
                          const LwRound       *facts,
                          int                 *deltas,
                          GError             **error)
{
  g_autoptr (LwGameRecord) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GError) local = NULL;
  const LwRoundResult *result;

  g_return_val_if_fail (record != NULL && facts != NULL && deltas != NULL, FALSE);

  for (guint s = 0; s < record->n_players; s++)
    if (facts->unpegged[s])
      {
        g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                     "board %d: pegging does not apply to a board (seat %u is unpegged), "
                     "DUPLICATE D4", record->details.event_board, s);
        return FALSE;
      }

  /* The board is the first and only round of its game (D4). */
  game = lw_game_record_copy (record);
  g_ptr_array_add (game->rounds, lw_round_copy (facts));
  standings = lw_standings_compute (game, &local);
  if (standings == NULL)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID, "board %d: %s",
                   record->details.event_board, local->message);
      return FALSE;
    }
  result = g_ptr_array_index (standings->rounds, 0);
  memset (deltas, 0, sizeof (int) * LW_EVENT_MAX_SEATS);
  memcpy (deltas, result->deltas, sizeof (int) * MIN (standings->n_sides, LW_EVENT_MAX_SEATS));
  return TRUE;
}

void
lw_duplicate_nets (guint       n_sides,
                   const int  *deltas,
                   LwFraction *nets)
{
  gint64 total = 0;

  g_return_if_fail (n_sides >= 2 && deltas != NULL && nets != NULL);

  for (guint i = 0; i < n_sides; i++)
    total += deltas[i];
  /* D5: delta − (the others' deltas) / (n − 1) = (n delta − total) / (n − 1). */
  for (guint i = 0; i < n_sides; i++)
    nets[i] = lw_fraction_make ((gint64) n_sides * deltas[i] - total, (gint64) n_sides - 1);
}

/* ------------------------------------------------------------------ */
/* Entering board results (D9)                                          */
/* ------------------------------------------------------------------ */

const LwBoardResult *
lw_event_find_board_result (const LwEvent *event,
                            guint          round,
                            guint          table,
                            guint          board)
{
  g_return_val_if_fail (event != NULL, NULL);

  for (guint i = 0; i < event->board_results->len; i++)
    {
      const LwBoardResult *r = g_ptr_array_index (event->board_results, i);

      if (r->round == round && r->table == table && r->board == board)
        return r;
    }
  return NULL;
}

gboolean
lw_event_add_board_result (LwEvent        *event,
                           guint           round,
                           guint           table,
                           guint           board,
                           const LwRound  *facts,
                           GError        **error)
{
  g_autoptr (LwGameRecord) record = NULL;
  LwEventTable *t;
  LwBoardResult *result;
  guint first, entered = 0;
  int deltas[LW_EVENT_MAX_SEATS];

  g_return_val_if_fail (event != NULL && facts != NULL, FALSE);

  if (event->config.format != LW_EVENT_DUPLICATE)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s is not a duplicate event: its tables have no boards", event->name);
      return FALSE;
    }
  t = lw_event_get_table (event, round, table, error);
  if (t == NULL)
    return FALSE;
  first = lw_duplicate_first_board (event, round);
  if (board < first || board >= first + event->config.boards_per_round)
    {
      if (event->config.boards_per_round == 1)
        g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                     "round %u, table %u did not play board %u: it plays board %u "
                     "(DUPLICATE D9)", round, table, board, first);
      else
        g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                     "round %u, table %u did not play board %u: it plays boards %u–%u "
                     "(DUPLICATE D9)", round, table, board, first,
                     first + event->config.boards_per_round - 1);
      return FALSE;
    }
  if (lw_event_find_board_result (event, round, table, board) != NULL)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "round %u, table %u, board %u: a result is already entered (DUPLICATE D9); "
                   "correct that board's round instead", round, table, board);
      return FALSE;
    }
  record = lw_duplicate_board_record (event, round, t, board);
  if (!lw_duplicate_score_board (record, facts, deltas, error))
    {
      g_prefix_error (error, "round %u, table %u, ", round, table);
      return FALSE;
    }

  result = g_new0 (LwBoardResult, 1);
  result->round = round;
  result->table = table;
  result->board = board;
  result->facts = lw_round_copy (facts);
  g_ptr_array_add (event->board_results, result);

  for (guint i = 0; i < event->board_results->len; i++)
    {
      const LwBoardResult *r = g_ptr_array_index (event->board_results, i);

      if (r->round == round && r->table == table)
        entered++;
    }
  t->has_result = entered >= event->config.boards_per_round;
  return TRUE;
}

gboolean
lw_event_correct_board_result (LwEvent        *event,
                               guint           round,
                               guint           table,
                               guint           board,
                               const LwRound  *facts,
                               GError        **error)
{
  g_autoptr (LwGameRecord) record = NULL;
  LwBoardResult *result = NULL;
  int deltas[LW_EVENT_MAX_SEATS];

  g_return_val_if_fail (event != NULL && facts != NULL, FALSE);

  for (guint i = 0; i < event->board_results->len; i++)
    {
      LwBoardResult *r = g_ptr_array_index (event->board_results, i);

      if (r->round == round && r->table == table && r->board == board)
        result = r;
    }
  if (result == NULL)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "round %u, table %u, board %u: no result is entered yet, so none can be "
                   "corrected (DUPLICATE D9)", round, table, board);
      return FALSE;
    }
  record = lw_duplicate_board_record (event, round, lw_event_get_table (event, round, table, NULL),
                                      board);
  if (!lw_duplicate_score_board (record, facts, deltas, error))
    {
      g_prefix_error (error, "round %u, table %u, ", round, table);
      return FALSE;
    }
  lw_round_free (result->facts);
  result->facts = lw_round_copy (facts);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Travelling sheets (D5, D6)                                           */
/* ------------------------------------------------------------------ */

static int
compare_rows (gconstpointer pa,
              gconstpointer pb)
{
  const LwTravellerRow *a = pa, *b = pb;

  if (a->position != b->position)
    return a->position - b->position;
  return (int) a->table - (int) b->table;
}

GArray *
lw_duplicate_traveller (const LwEvent  *event,
                        guint           board,
                        GError        **error)
{
  g_autoptr (GArray) rows = g_array_new (FALSE, TRUE, sizeof (LwTravellerRow));
  guint round, n_sides;
  const LwEventRound *r;

  g_return_val_if_fail (event != NULL && event->config.format == LW_EVENT_DUPLICATE, NULL);
  g_return_val_if_fail (board >= 1, NULL);

  round = lw_duplicate_round_of_board (event, board);
  if (round > event->rounds->len)
    return g_steal_pointer (&rows);
  r = g_ptr_array_index (event->rounds, round - 1);
  n_sides = lw_event_is_partners (event) ? 2 : event->config.table_size;

  for (guint k = 0; k < r->tables->len; k++)
    {
      const LwEventTable *table = &g_array_index (r->tables, LwEventTable, k);
      const LwBoardResult *result = lw_event_find_board_result (event, round, table->number, board);
      g_autoptr (LwGameRecord) record = NULL;
      int deltas[LW_EVENT_MAX_SEATS];
      LwFraction nets[LW_EVENT_MAX_SEATS];

      if (result == NULL)
        continue;
      record = lw_duplicate_board_record (event, round, table, board);
      if (!lw_duplicate_score_board (record, result->facts, deltas, error))
        return NULL;
      lw_duplicate_nets (n_sides, deltas, nets);
      for (guint p = 0; p < n_sides; p++)
        {
          LwTravellerRow row = { 0, };

          row.round = round;
          row.table = table->number;
          row.position = (int) p;
          row.entrants[0] = table->entrants[p];
          row.entrants[1] = n_sides == 2 && table->n_seats == 4 ? table->entrants[p + 2] : -1;
          row.delta = deltas[p];
          row.net = nets[p];
          g_array_append_val (rows, row);
        }
    }

  /* D6: each position against the same position at the other tables. */
  for (guint i = 0; i < rows->len; i++)
    {
      LwTravellerRow *row = &g_array_index (rows, LwTravellerRow, i);
      guint played = 0;

      for (guint j = 0; j < rows->len; j++)
        {
          const LwTravellerRow *other = &g_array_index (rows, LwTravellerRow, j);
          int c;

          if (other->position != row->position)
            continue;
          played++;
          if (j == i)
            continue;
          c = lw_fraction_compare (row->net, other->net);
          row->matchpoints += c > 0 ? 2 : c == 0 ? 1 : 0;
        }
      row->top = 2 * (played - 1);
      row->percentage = row->top == 0 ? lw_fraction_make (1, 2)
                                      : lw_fraction_make (row->matchpoints, row->top);
    }
  g_array_sort (rows, compare_rows);
  return g_steal_pointer (&rows);
}

/* ------------------------------------------------------------------ */
/* Standings (D7)                                                       */
/* ------------------------------------------------------------------ */

void
lw_duplicate_standing_free (LwDuplicateStanding *standing)
{
  if (standing == NULL)
    return;
  g_free (standing->name);
  g_free (standing);
}

static int
compare_standings (gconstpointer pa,
                   gconstpointer pb)
{
  const LwDuplicateStanding *a = *(LwDuplicateStanding *const *) pa;
  const LwDuplicateStanding *b = *(LwDuplicateStanding *const *) pb;
  int c = lw_fraction_compare (b->score, a->score);

  if (c == 0)
    c = lw_fraction_compare (b->nets, a->nets);
  if (c == 0 && a->boards != b->boards)
    c = a->boards > b->boards ? -1 : 1;
  if (c == 0)
    c = g_utf8_collate (a->name, b->name);
  return c;
}

static gboolean
standings_equal (const LwDuplicateStanding *a,
                 const LwDuplicateStanding *b)
{
  return lw_fraction_compare (a->score, b->score) == 0
         && lw_fraction_compare (a->nets, b->nets) == 0 && a->boards == b->boards;
}

/* The unit a position's player counts for: the entrant, or at partners
 * the lower of the two partners' indexes. */
static int
unit_of (const LwTravellerRow *row)
{
  if (row->entrants[1] >= 0)
    return MIN (row->entrants[0], row->entrants[1]);
  return row->entrants[0];
}

GPtrArray *
lw_duplicate_compute_standings (const LwEvent  *event,
                                GError        **error)
{
  g_autoptr (GPtrArray) rows =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_duplicate_standing_free);
  guint n = event != NULL ? event->entrants->len : 0;
  g_autofree LwDuplicateStanding **by_unit = g_new0 (LwDuplicateStanding *, MAX (n, 1));
  g_autofree LwFraction *sums = g_new0 (LwFraction, MAX (n, 1));
  guint last_board;

  g_return_val_if_fail (event != NULL && event->config.format == LW_EVENT_DUPLICATE, NULL);

  last_board = event->rounds->len * event->config.boards_per_round;
  for (guint board = 1; board <= last_board; board++)
    {
      g_autoptr (GArray) traveller = lw_duplicate_traveller (event, board, error);

      if (traveller == NULL)
        return NULL;
      for (guint i = 0; i < traveller->len; i++)
        {
          const LwTravellerRow *row = &g_array_index (traveller, LwTravellerRow, i);
          int unit = unit_of (row);
          LwDuplicateStanding *s = by_unit[unit];

          if (s == NULL)
            {
              s = g_new0 (LwDuplicateStanding, 1);
              s->entrants[0] = unit;
              s->entrants[1] = row->entrants[1] >= 0 ? MAX (row->entrants[0], row->entrants[1]) : -1;
              if (s->entrants[1] >= 0)
                s->name = g_strdup_printf ("%s & %s", lw_event_entrant_at (event, s->entrants[0])->name,
                                           lw_event_entrant_at (event, s->entrants[1])->name);
              else
                s->name = g_strdup (lw_event_entrant_at (event, unit)->name);
              s->nets = lw_fraction_make (0, 1);
              sums[unit] = lw_fraction_make (0, 1);
              for (guint e = 0; e < 2; e++)
                if (s->entrants[e] >= 0
                    && lw_event_entrant_at (event, s->entrants[e])->status == LW_ENTRANT_DROPPED)
                  s->dropped = TRUE;
              by_unit[unit] = s;
              g_ptr_array_add (rows, s);
            }
          s->boards++;
          s->matchpoints += row->matchpoints;
          s->nets = lw_fraction_add (s->nets, row->net);
          sums[unit] = lw_fraction_add (sums[unit], row->percentage);
        }
    }

  /* D7: the average of the board percentages. */
  for (guint i = 0; i < rows->len; i++)
    {
      LwDuplicateStanding *s = g_ptr_array_index (rows, i);
      LwFraction sum = sums[s->entrants[0]];

      s->score = lw_fraction_make (sum.num, sum.den * (gint64) s->boards);
    }
  g_ptr_array_sort (rows, compare_standings);
  for (guint i = 0; i < rows->len; i++)
    {
      LwDuplicateStanding *s = g_ptr_array_index (rows, i);
      LwDuplicateStanding *before = i > 0 ? g_ptr_array_index (rows, i - 1) : NULL;

      s->rank = before != NULL && standings_equal (before, s) ? before->rank : i + 1;
    }
  return g_steal_pointer (&rows);
}

void
lw_duplicate_add_fraction (JsonBuilder *builder,
                           const char  *name,
                           LwFraction   value,
                           gint64       scale)
{
  g_autofree char *text = lw_fraction_format (value, scale);

  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  lw_json_builder_add_int (builder, "numerator", value.num);
  lw_json_builder_add_int (builder, "denominator", value.den);
  lw_json_builder_add_string (builder, "text", text);
  json_builder_end_object (builder);
}

static void
add_players (JsonBuilder   *builder,
             const LwEvent *event,
             const int     *entrants)
{
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint e = 0; e < 2; e++)
    if (entrants[e] >= 0)
      json_builder_add_string_value (builder, lw_event_entrant_at (event, entrants[e])->name);
  json_builder_end_array (builder);
}

char *
lw_duplicate_standings_to_json (const LwEvent *event,
                                GPtrArray     *standings)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (event != NULL && standings != NULL, NULL);

  json_builder_begin_object (builder);
  lw_event_add_json_head (builder, event);
  lw_json_builder_add_boolean (builder, "partners", event->config.partners);
  lw_json_builder_add_int (builder, "boards_per_round", event->config.boards_per_round);
  json_builder_set_member_name (builder, "standings");
  json_builder_begin_array (builder);
  for (guint i = 0; i < standings->len; i++)
    {
      const LwDuplicateStanding *row = g_ptr_array_index (standings, i);
      g_autofree char *percentage = lw_fraction_format (row->score, 100);

      json_builder_begin_object (builder);
      lw_json_builder_add_int (builder, "rank", row->rank);
      lw_json_builder_add_string (builder, "player", row->name);
      add_players (builder, event, row->entrants);
      json_builder_set_member_name (builder, "score");
      json_builder_begin_object (builder);
      lw_json_builder_add_int (builder, "numerator", row->score.num);
      lw_json_builder_add_int (builder, "denominator", row->score.den);
      json_builder_end_object (builder);
      lw_json_builder_add_string (builder, "percentage", percentage);
      lw_duplicate_add_fraction (builder, "nets", row->nets, 1);
      lw_json_builder_add_int (builder, "matchpoints", row->matchpoints);
      lw_json_builder_add_int (builder, "boards", row->boards);
      lw_json_builder_add_boolean (builder, "dropped", row->dropped);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return lw_json_builder_to_text (builder);
}

char *
lw_duplicate_travellers_to_json (const LwEvent  *event,
                                 guint           first,
                                 guint           last,
                                 GPtrArray      *pars,
                                 GError        **error)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (event != NULL && first >= 1 && last >= first, NULL);

  json_builder_begin_object (builder);
  lw_json_builder_add_string (builder, "event", event->name);
  json_builder_set_member_name (builder, "travellers");
  json_builder_begin_array (builder);
  for (guint board = first; board <= last; board++)
    {
      g_autoptr (GArray) rows = lw_duplicate_traveller (event, board, error);
      g_autofree char *code = NULL;
      LwBoard b;

      if (rows == NULL)
        return NULL;
      lw_event_board (event, board, &b);
      code = lw_board_check_code (&b);
      json_builder_begin_object (builder);
      lw_json_builder_add_int (builder, "board", board);
      lw_json_builder_add_int (builder, "round", lw_duplicate_round_of_board (event, board));
      lw_json_builder_add_int (builder, "dealer", b.dealer);
      lw_json_builder_add_string (builder, "check_code", code);
      json_builder_set_member_name (builder, "rows");
      json_builder_begin_array (builder);
      for (guint i = 0; i < rows->len; i++)
        {
          const LwTravellerRow *row = &g_array_index (rows, LwTravellerRow, i);

          json_builder_begin_object (builder);
          lw_json_builder_add_int (builder, "position", row->position);
          lw_json_builder_add_int (builder, "table", row->table);
          add_players (builder, event, row->entrants);
          lw_json_builder_add_int (builder, "delta", row->delta);
          lw_duplicate_add_fraction (builder, "net", row->net, 1);
          lw_json_builder_add_int (builder, "matchpoints", row->matchpoints);
          lw_json_builder_add_int (builder, "top", row->top);
          lw_duplicate_add_fraction (builder, "percentage", row->percentage, 100);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      /* D10: the par beside the sheet, never one of its rows. */
      json_builder_set_member_name (builder, "par");
      lw_board_par_add_json (builder, lw_duplicate_find_par (pars, board));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return lw_json_builder_to_text (builder);
}
