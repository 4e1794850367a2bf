/* lw-event.c — tournaments: formats and settings, entrants, the plan of
 * tables, results and event points (docs/EVENTS.md); pairing is in
 * lw-pairing.c, standings and tie-breaks in lw-event-standings.c, the
 * elimination bracket in lw-elimination.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "lw-enum-names.h"
#include "lw-error.h"
#include "lw-event.h"
#include "lw-event-private.h"
#include "lw-names.h"

/* ------------------------------------------------------------------ */
/* Names, settings, the event                                           */
/* ------------------------------------------------------------------ */

void
lw_event_config_init (LwEventConfig *config,
                      LwEventFormat  format,
                      guint          table_size)
{
  g_return_if_fail (config != NULL);

  memset (config, 0, sizeof *config);
  config->format = format;
  config->table_size = table_size;
  config->n_rounds = 0;
  config->points_win = 3;
  config->points_second = 1;
  config->points_other = 0;
  config->seed = 0;
  config->seeding = LW_SEEDING_REGISTRATION;
  config->tiebreaks[0] = LW_TIEBREAK_BUCHHOLZ;
  config->tiebreaks[1] = LW_TIEBREAK_HEAD_TO_HEAD;
  config->tiebreaks[2] = LW_TIEBREAK_MARGIN;
  config->tiebreaks[3] = LW_TIEBREAK_SKUNKS;
  config->n_tiebreaks = 4;
  config->boards_per_round = format == LW_EVENT_DUPLICATE ? LW_DUPLICATE_DEFAULT_BOARDS : 0;
}

const char *const lw_event_tiebreak_names[] = { "buchholz", "head-to-head", "margin", "skunks" };

gboolean
lw_tiebreaks_from_string (const char     *text,
                          LwEventConfig  *config,
                          GError        **error)
{
  g_auto (GStrv) names = NULL;
  LwTiebreak order[LW_N_TIEBREAKS];
  guint n = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (config != NULL, FALSE);

  names = g_strsplit (text, ",", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = g_strstrip (names[i]);
      guint k;

      if (*name == '\0' && names[1] == NULL)
        break;   /* "": no tie-break */
      if (!lw_enum_from_name (lw_event_tiebreak_names, G_N_ELEMENTS (lw_event_tiebreak_names),
                              name, &k))
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "tie-break \"%s\": not one of buchholz, head-to-head, margin, skunks", name);
          return FALSE;
        }
      for (guint j = 0; j < n; j++)
        if (order[j] == (LwTiebreak) k)
          {
            g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                         "tie-break \"%s\" is named twice", name);
            return FALSE;
          }
      order[n++] = (LwTiebreak) k;
    }
  memcpy (config->tiebreaks, order, n * sizeof order[0]);
  config->n_tiebreaks = n;
  return TRUE;
}

char *
lw_tiebreaks_to_string (const LwEventConfig *config)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (config != NULL, NULL);

  for (guint i = 0; i < config->n_tiebreaks && i < LW_N_TIEBREAKS; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append (out, lw_event_tiebreak_names[config->tiebreaks[i]]);
    }
  return g_string_free (out, FALSE);
}

gboolean
lw_event_config_validate (const LwEventConfig  *config,
                          GError              **error)
{
  g_return_val_if_fail (config != NULL, FALSE);

  if ((guint) config->format > LW_EVENT_DUPLICATE)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "format %d: not a format", (int) config->format);
      return FALSE;
    }
  if (config->table_size < 2 || config->table_size > LW_EVENT_MAX_SEATS)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "table size %u: tables have 2, 3 or 4 seats", config->table_size);
      return FALSE;
    }
  if (config->format == LW_EVENT_PARTNERS && config->table_size != 4)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "table size %u: partners play needs 4-seat tables", config->table_size);
      return FALSE;
    }
  if (config->format == LW_EVENT_ELIMINATION && config->table_size != 2)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "table size %u: single elimination needs 2-seat tables",
                   config->table_size);
      return FALSE;
    }
  if (config->format == LW_EVENT_DUPLICATE
      && (config->boards_per_round < 1 || config->boards_per_round > LW_DUPLICATE_MAX_BOARDS))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "boards per round %u: a duplicate table plays 1 to %d boards a round",
                   config->boards_per_round, LW_DUPLICATE_MAX_BOARDS);
      return FALSE;
    }
  if (config->format != LW_EVENT_DUPLICATE && (config->boards_per_round != 0 || config->partners))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "boards per round %u: boards are for duplicate events only",
                   config->boards_per_round);
      return FALSE;
    }
  if (config->format == LW_EVENT_DUPLICATE && config->partners && config->table_size != 4)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "table size %u: partners play needs 4-seat tables", config->table_size);
      return FALSE;
    }
  if (config->n_rounds > 1000)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "rounds %u: at most 1000", config->n_rounds);
      return FALSE;
    }
  if (config->points_other < 0 || config->points_second < config->points_other
      || config->points_win < config->points_second || config->points_win > 1000)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "points %d/%d/%d: win ≥ second ≥ other ≥ 0 (win at most 1000)",
                   config->points_win, config->points_second, config->points_other);
      return FALSE;
    }
  if ((guint) config->seeding > LW_SEEDING_RATING
      || (config->seeding == LW_SEEDING_RATING && config->format != LW_EVENT_ELIMINATION))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "seeding %d: seeding by rating is for single elimination only",
                   (int) config->seeding);
      return FALSE;
    }
  if (config->n_tiebreaks > LW_N_TIEBREAKS)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%u tie-breaks: at most %d", config->n_tiebreaks, LW_N_TIEBREAKS);
      return FALSE;
    }
  for (guint i = 0; i < config->n_tiebreaks; i++)
    {
      if ((guint) config->tiebreaks[i] >= LW_N_TIEBREAKS)
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "tie-break %u: not a tie-break", i + 1);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (config->tiebreaks[j] == config->tiebreaks[i])
          {
            g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                         "tie-break \"%s\" is named twice", lw_event_tiebreak_names[config->tiebreaks[i]]);
            return FALSE;
          }
    }
  return TRUE;
}

static void
entrant_free (gpointer data)
{
  LwEntrant *entrant = data;

  g_free (entrant->name);
  g_free (entrant);
}

LwEventRound *
lw_event_round_new (guint number)
{
  LwEventRound *round = g_new0 (LwEventRound, 1);

  round->number = number;
  round->tables = g_array_new (FALSE, TRUE, sizeof (LwEventTable));
  round->byes = g_array_new (FALSE, FALSE, sizeof (int));
  return round;
}

void
lw_event_round_free (LwEventRound *round)
{
  if (round == NULL)
    return;
  g_array_unref (round->tables);
  g_array_unref (round->byes);
  g_free (round);
}

static void
board_result_free (gpointer data)
{
  LwBoardResult *result = data;

  lw_round_free (result->facts);
  g_free (result);
}

LwEvent *
lw_event_new (const char          *name,
              const LwEventConfig *config)
{
  LwEvent *event;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (config != NULL, NULL);

  event = g_new0 (LwEvent, 1);
  event->name = g_strdup (name);
  event->config = *config;
  event->entrants = g_ptr_array_new_with_free_func (entrant_free);
  event->rounds = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_event_round_free);
  event->board_results = g_ptr_array_new_with_free_func (board_result_free);
  return event;
}

void
lw_event_free (LwEvent *event)
{
  if (event == NULL)
    return;
  g_free (event->name);
  g_ptr_array_unref (event->entrants);
  g_ptr_array_unref (event->rounds);
  g_ptr_array_unref (event->board_results);
  g_free (event);
}

const LwEntrant *
lw_event_entrant_at (const LwEvent *event,
                     int            index)
{
  return g_ptr_array_index (event->entrants, (guint) index);
}

int
lw_event_find_entrant (const LwEvent *event,
                       const char    *name)
{
  g_autofree char *nfc = NULL;

  g_return_val_if_fail (event != NULL, -1);

  if (name == NULL)
    return -1;
  /* Entrants' names are kept in NFC: the name looked for is put in NFC
   * once (docs/rules/GAME-RECORD.md "Names"). */
  nfc = lw_name_normalize (name, "name", NULL);
  for (guint i = 0; i < event->entrants->len; i++)
    if (strcmp (lw_event_entrant_at (event, (int) i)->name, nfc != NULL ? nfc : name) == 0)
      return (int) i;
  return -1;
}

/* Round robins and eliminations are scheduled for round 1's field. */
static gboolean
field_is_fixed (const LwEvent *event)
{
  /* DUPLICATE D8: entries close when round 1 is paired. */
  return (event->config.format == LW_EVENT_ROUND_ROBIN
          || event->config.format == LW_EVENT_ELIMINATION
          || event->config.format == LW_EVENT_DUPLICATE)
         && event->rounds->len > 0;
}

/* The format's name in "the field of a … is fixed". */
static const char *
field_name (const LwEvent *event)
{
  switch (event->config.format)
    {
    case LW_EVENT_ELIMINATION:
      return "single elimination";
    case LW_EVENT_DUPLICATE:
      return "duplicate event";
    case LW_EVENT_SWISS:
    case LW_EVENT_ROUND_ROBIN:
    case LW_EVENT_PARTNERS:
    default:
      return "round robin";
    }
}

int
lw_event_add_entrant (LwEvent          *event,
                      const char       *name,
                      LwEntrantStatus   status,
                      GError          **error)
{
  g_autofree char *clean = NULL;
  LwEntrant *entrant;

  g_return_val_if_fail (event != NULL, -1);
  g_return_val_if_fail (name != NULL, -1);
  g_return_val_if_fail (status != LW_ENTRANT_DROPPED, -1);

  /* docs/rules/GAME-RECORD.md "Names" */
  clean = lw_name_normalize (name, "a player's name", error);
  if (clean == NULL)
    return -1;
  name = clean;
  if (lw_event_find_entrant (event, name) >= 0)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: already entered in %s", name, event->name);
      return -1;
    }
  if (field_is_fixed (event))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: the field of a %s is fixed once round 1 is paired",
                   name, field_name (event));
      return -1;
    }
  /* Nobody joins after the last round is paired: no game is left for them. */
  if (event->rounds->len > 0 && event->rounds->len >= lw_event_total_rounds (event))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: all %u rounds of %s are paired; a player can join until the last round is paired",
                   name, event->rounds->len, event->name);
      return -1;
    }

  entrant = g_new0 (LwEntrant, 1);
  entrant->name = g_strdup (name);
  entrant->status = status;
  entrant->joined_round = event->rounds->len + 1;
  g_ptr_array_add (event->entrants, entrant);
  return (int) event->entrants->len - 1;
}

gboolean
lw_event_set_entrant_status (LwEvent          *event,
                             int               index,
                             LwEntrantStatus   status,
                             GError          **error)
{
  LwEntrant *entrant;

  g_return_val_if_fail (event != NULL, FALSE);
  g_return_val_if_fail (index >= 0 && (guint) index < event->entrants->len, FALSE);

  entrant = g_ptr_array_index (event->entrants, (guint) index);
  if (entrant->status == LW_ENTRANT_DROPPED && status != LW_ENTRANT_DROPPED
      && field_is_fixed (event))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: dropped from a field that is fixed once round 1 is paired",
                   entrant->name);
      return FALSE;
    }
  if (status == LW_ENTRANT_CHECKED_IN && entrant->status == LW_ENTRANT_REGISTERED
      && field_is_fixed (event))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: the field of a %s is fixed once round 1 is paired", entrant->name,
                   field_name (event));
      return FALSE;
    }
  if (status == LW_ENTRANT_REGISTERED && entrant->status != LW_ENTRANT_REGISTERED)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: already checked in", entrant->name);
      return FALSE;
    }
  entrant->status = status;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Tables, rounds                                                       */
/* ------------------------------------------------------------------ */

void
lw_event_plan_tables (guint      table_size,
                      gboolean   partners,
                      guint      n_players,
                      guint    **sizes,
                      guint     *n_tables,
                      guint     *n_byes)
{
  guint smallest = table_size == 2 ? 2 : 3;
  guint best_byes = n_players, best_full = 0, best_tables = 0;
  guint best_small[LW_EVENT_MAX_SEATS + 1] = { 0, };

  g_return_if_fail (table_size >= 2 && table_size <= LW_EVENT_MAX_SEATS);
  g_return_if_fail (sizes != NULL && n_tables != NULL && n_byes != NULL);

  if (partners)
    smallest = table_size;

  /* Full tables first, then at most one table less of each smaller size
   * per full table: try every count of full tables and fill the rest
   * with tables of the next sizes down. */
  for (guint full = 0; full * table_size <= n_players; full++)
    {
      guint rest = n_players - full * table_size;
      guint small[LW_EVENT_MAX_SEATS + 1] = { 0, };
      guint tables = full;

      /* The rest in tables of table_size - 1 … smallest, largest first,
       * as long as each leftover can still be seated. */
      for (guint size = table_size - 1; size >= smallest && size > 0; size--)
        {
          small[size] = rest / size;
          rest -= small[size] * size;
          tables += small[size];
        }
      if (rest < best_byes || (rest == best_byes && full > best_full))
        {
          best_byes = rest;
          best_full = full;
          best_tables = tables;
          memcpy (best_small, small, sizeof small);
        }
    }

  *n_tables = best_tables;
  *n_byes = best_byes;
  *sizes = g_new0 (guint, MAX (best_tables, 1));
  {
    guint t = 0;

    for (guint i = 0; i < best_full; i++)
      (*sizes)[t++] = table_size;
    for (guint size = table_size - 1; size >= smallest && size > 0; size--)
      for (guint i = 0; i < best_small[size]; i++)
        (*sizes)[t++] = size;
  }
}

char *
lw_event_plan_describe (guint    table_size,
                        gboolean partners,
                        guint    n_players)
{
  g_autofree guint *sizes = NULL;
  guint n_tables = 0, n_byes = 0;
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (table_size >= 2 && table_size <= LW_EVENT_MAX_SEATS, NULL);

  lw_event_plan_tables (table_size, partners, n_players, &sizes, &n_tables, &n_byes);
  /* TRANSLATORS: the start of an event round's plan: "13 players: 1 table of 4, …" */
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u player:", "%u players:", n_players), n_players);
  for (guint size = table_size; size >= 2; size--)
    {
      guint count = 0;

      for (guint t = 0; t < n_tables; t++)
        count += sizes[t] == size;
      if (count > 0)
        {
          g_string_append (out, out->str[out->len - 1] == ':' ? " " : ", ");
          /* TRANSLATORS: in an event round's plan: %1$u tables of %2$u seats */
          g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%1$u table of %2$u",
                                                    "%1$u tables of %2$u", count),
                                  count, size);
        }
    }
  if (n_tables == 0)
    /* TRANSLATORS: in an event round's plan */
    g_string_append_printf (out, " %s", _("no table"));
  if (n_byes == 0)
    /* TRANSLATORS: in an event round's plan: nobody sits out */
    g_string_append_printf (out, ", %s", _("no bye"));
  else
    {
      g_string_append (out, ", ");
      /* TRANSLATORS: in an event round's plan: players who sit out the round */
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u bye", "%u byes", n_byes), n_byes);
    }
  return g_string_free (out, FALSE);
}

/* The players of round 1 (tables and byes), in entrant order. */
GArray *
lw_event_round_one_field (const LwEvent *event)
{
  GArray *field = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree gboolean *in = g_new0 (gboolean, MAX (event->entrants->len, 1));
  const LwEventRound *first;

  if (event->rounds->len == 0)
    {
      for (guint i = 0; i < event->entrants->len; i++)
        if (lw_event_entrant_at (event, (int) i)->status == LW_ENTRANT_CHECKED_IN)
          g_array_append_val (field, i);
      return field;
    }

  first = g_ptr_array_index (event->rounds, 0);
  for (guint t = 0; t < first->tables->len; t++)
    {
      const LwEventTable *table = &g_array_index (first->tables, LwEventTable, t);
      for (guint s = 0; s < table->n_seats; s++)
        in[table->entrants[s]] = TRUE;
    }
  for (guint b = 0; b < first->byes->len; b++)
    in[g_array_index (first->byes, int, b)] = TRUE;
  for (guint i = 0; i < event->entrants->len; i++)
    if (in[i])
      g_array_append_val (field, i);
  return field;
}

guint
lw_event_ceil_log2 (guint n)
{
  guint bits = 0;

  while ((1u << bits) < n)
    bits++;
  return bits;
}

guint
lw_event_total_rounds (const LwEvent *event)
{
  g_autoptr (GArray) field = NULL;
  guint n, size;

  g_return_val_if_fail (event != NULL, 0);

  field = lw_event_round_one_field (event);
  n = field->len;
  size = event->config.table_size;

  if (event->config.format == LW_EVENT_ELIMINATION)
    return lw_event_ceil_log2 (n);
  if (event->config.n_rounds > 0)
    return event->config.n_rounds;
  if (n < 2)
    return 1;

  if (event->config.format == LW_EVENT_DUPLICATE && event->config.partners)
    return MAX (n / 2 + n / 2 % 2, 2) - 1;
  switch (event->config.format)
    {
    case LW_EVENT_DUPLICATE:
    case LW_EVENT_ROUND_ROBIN:
      if (size == 2)
        return n % 2 == 0 ? n - 1 : n;
      {
        /* Enough rounds for as many meetings as there are pairs. */
        g_autofree guint *sizes = NULL;
        guint n_tables = 0, n_byes = 0, per_round = 0;

        lw_event_plan_tables (size, FALSE, n, &sizes, &n_tables, &n_byes);
        for (guint t = 0; t < n_tables; t++)
          per_round += sizes[t] * (sizes[t] - 1) / 2;
        if (per_round == 0)
          return 1;
        return (n * (n - 1) / 2 + per_round - 1) / per_round;
      }
    case LW_EVENT_PARTNERS:
      return n - 1;
    case LW_EVENT_SWISS:
    case LW_EVENT_ELIMINATION:
    default:
      return MAX (lw_event_ceil_log2 (n), 1);
    }
}

gboolean
lw_event_round_is_complete (const LwEventRound *round)
{
  g_return_val_if_fail (round != NULL, FALSE);

  for (guint t = 0; t < round->tables->len; t++)
    if (!g_array_index (round->tables, LwEventTable, t).has_result)
      return FALSE;
  return TRUE;
}

gboolean
lw_event_is_finished (const LwEvent *event)
{
  g_return_val_if_fail (event != NULL, FALSE);

  if (event->rounds->len == 0)
    return FALSE;
  if (!lw_event_round_is_complete (g_ptr_array_index (event->rounds, event->rounds->len - 1)))
    return FALSE;
  return event->rounds->len >= lw_event_total_rounds (event);
}

LwEventTable *
lw_event_get_table (LwEvent  *event,
                    guint     round,
                    guint     table,
                    GError  **error)
{
  LwEventRound *r;

  g_return_val_if_fail (event != NULL, NULL);

  if (round < 1 || round > event->rounds->len)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "round %u is not paired (%u round%s paired)", round,
                   event->rounds->len, event->rounds->len == 1 ? "" : "s");
      return NULL;
    }
  r = g_ptr_array_index (event->rounds, round - 1);
  if (table < 1 || table > r->tables->len)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "round %u has no table %u (it has %u)", round, table, r->tables->len);
      return NULL;
    }
  return &g_array_index (r->tables, LwEventTable, table - 1);
}

/* ------------------------------------------------------------------ */
/* Results                                                              */
/* ------------------------------------------------------------------ */

gboolean
lw_event_is_partners (const LwEvent *event)
{
  return event->config.format == LW_EVENT_PARTNERS
         || (event->config.format == LW_EVENT_DUPLICATE && event->config.partners);
}

static guint
table_sides (const LwEvent      *event,
             const LwEventTable *table)
{
  return lw_event_is_partners (event) ? 2 : table->n_seats;
}

int
lw_event_side_of_seat (const LwEvent *event,
                       guint          seat)
{
  return lw_event_is_partners (event) ? (int) (seat % 2) : (int) seat;
}

guint
lw_event_table_n_sides (const LwEvent      *event,
                        const LwEventTable *table)
{
  g_return_val_if_fail (event != NULL && table != NULL, 0);
  return table_sides (event, table);
}

int
lw_event_seat_side (const LwEvent *event,
                    guint          seat)
{
  g_return_val_if_fail (event != NULL && seat < LW_EVENT_MAX_SEATS, 0);
  return lw_event_side_of_seat (event, seat);
}

/* Checks that a table's side scores have one highest; sets the skunk. */
static gboolean
check_scores (const LwEvent  *event,
              guint           round,
              LwEventTable   *table,
              const int      *side_scores,
              guint           n_sides,
              int             skunk_threshold,
              gboolean       *skunk,
              GError        **error)
{
  guint top = 0, n_top = 0;
  gboolean some_zero = FALSE;

  for (guint s = 1; s < n_sides; s++)
    if (side_scores[s] > side_scores[top])
      top = s;
  for (guint s = 0; s < n_sides; s++)
    {
      if (side_scores[s] == side_scores[top])
        n_top++;
      else if (side_scores[s] == 0)
        some_zero = TRUE;
    }
  if (n_top > 1)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "round %u, table %u: the highest score %d is shared; a game ends "
                   "with one side alone highest (SCORING R25)",
                   round, table->number, side_scores[top]);
      return FALSE;
    }
  *skunk = skunk_threshold > 0 && side_scores[top] >= skunk_threshold && some_zero;
  (void) event;
  return TRUE;
}

gboolean
lw_event_set_paper_result (LwEvent    *event,
                           guint       round,
                           guint       table_number,
                           const int  *scores,
                           guint       n_scores,
                           GError    **error)
{
  return lw_event_set_paper_result_full (event, round, table_number, scores, n_scores,
                                         FALSE, error);
}

/* Side scores joined by en dashes: "12–9–4". */
static char *
join_scores (const int *side_scores,
             guint      n_sides)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint s = 0; s < n_sides; s++)
    g_string_append_printf (text, "%s%d", s > 0 ? "\u2013" : "", side_scores[s]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
lw_event_scores_text (const LwEvent      *event,
                      const LwEventTable *table)
{
  g_return_val_if_fail (event != NULL && table != NULL, NULL);

  /* Partners: seats 0 and 1 hold one player of each side. */
  return join_scores (table->scores, table_sides (event, table));
}

/* SCORING R23-R24 on a paper board: someone reached the target, or a
 * skunk. The highest score is one side's alone (check_scores()). */
static gboolean
paper_board_ended (const int *side_scores,
                   guint      n_sides,
                   gboolean   skunk)
{
  for (guint s = 0; s < n_sides; s++)
    if (side_scores[s] >= LW_EVENT_PAPER_TARGET)
      return TRUE;
  return skunk;
}

/* The table of @round a result is entered for as final scores or a game
 * (lw_event_set_paper_result_full(), lw_event_set_game_result()): %NULL with
 * @error set for a duplicate event, whose tables' results are their
 * boards' (DUPLICATE D9), or for no such table. */
static LwEventTable *
result_table (LwEvent  *event,
              guint     round,
              guint     table_number,
              GError  **error)
{
  if (event->config.format == LW_EVENT_DUPLICATE)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "round %u, table %u: a duplicate table's results are its boards' "
                   "(DUPLICATE D9), not final scores or a game", round, table_number);
      return NULL;
    }
  return lw_event_get_table (event, round, table_number, error);
}

gboolean
lw_event_set_paper_result_full (LwEvent    *event,
                                guint       round,
                                guint       table_number,
                                const int  *scores,
                                guint       n_scores,
                                gboolean    time_called,
                                GError    **error)
{
  LwEventTable *table;
  int side_scores[LW_EVENT_MAX_SEATS] = { 0, };
  int seat_scores[LW_EVENT_MAX_SEATS] = { 0, };
  guint n_sides;
  gboolean skunk = FALSE;

  g_return_val_if_fail (event != NULL, FALSE);
  g_return_val_if_fail (scores != NULL || n_scores == 0, FALSE);

  table = result_table (event, round, table_number, error);
  if (table == NULL)
    return FALSE;
  n_sides = table_sides (event, table);

  if (n_scores != table->n_seats && n_scores != n_sides)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "round %u, table %u: %u score%s for %u seats", round, table_number,
                   n_scores, n_scores == 1 ? "" : "s", table->n_seats);
      return FALSE;
    }
  for (guint i = 0; i < n_scores; i++)
    if (scores[i] < 0 || scores[i] > 999)
      {
        g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                     "round %u, table %u: score %d is out of range (0–999)",
                     round, table_number, scores[i]);
        return FALSE;
      }

  for (guint seat = 0; seat < table->n_seats; seat++)
    {
      int side = lw_event_side_of_seat (event, seat);
      int value = n_scores == table->n_seats ? scores[seat] : scores[side];

      if (seat >= n_sides && side_scores[side] != value)
        {
          const LwEntrant *first = g_ptr_array_index (event->entrants, table->entrants[side]);
          const LwEntrant *other = g_ptr_array_index (event->entrants, table->entrants[seat]);

          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "round %u, table %u: partners in seats %d (%s) and %u (%s) have different "
                       "scores (%d and %d); a side has one score", round, table_number,
                       side, first->name, seat, other->name, side_scores[side], value);
          return FALSE;
        }
      side_scores[side] = value;
      seat_scores[seat] = value;
    }

  if (!check_scores (event, round, table, side_scores, n_sides, LW_EVENT_PAPER_SKUNK,
                     &skunk, error))
    return FALSE;

  /* A board no game ends with is a game stopped by the clock, entered as
   * such or not at all (SCORING R23-R24). */
  if (paper_board_ended (side_scores, n_sides, skunk) == time_called)
    {
      g_autofree char *board = join_scores (side_scores, n_sides);

      if (time_called)
        g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                     "round %u, table %u: %s ended the game (%s); it was not time called",
                     round, table_number, board,
                     skunk ? "a skunk, SCORING R23" : "the target reached, SCORING R24");
      else
        g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_NOT_ENDED,
                     "round %u, table %u: %s cannot have ended a game: nobody reached %d "
                     "and nobody is at 0 against %d or more (SCORING R23, R24); a game "
                     "stopped by the clock is entered as time called",
                     round, table_number, board, LW_EVENT_PAPER_TARGET,
                     LW_EVENT_PAPER_SKUNK);
      return FALSE;
    }

  memcpy (table->scores, seat_scores, sizeof seat_scores);
  table->skunk = skunk;
  table->has_result = TRUE;
  table->game_id = 0;
  table->time_called = time_called;
  return TRUE;
}

gboolean
lw_event_set_game_result (LwEvent             *event,
                          guint                round,
                          guint                table_number,
                          gint64               game_id,
                          const LwGameRecord  *record,
                          const LwStandings   *standings,
                          GError             **error)
{
  LwEventTable *table;
  int record_seat[LW_EVENT_MAX_SEATS];
  int seat_scores[LW_EVENT_MAX_SEATS] = { 0, };

  g_return_val_if_fail (event != NULL, FALSE);
  g_return_val_if_fail (game_id > 0, FALSE);
  g_return_val_if_fail (record != NULL && standings != NULL, FALSE);

  table = result_table (event, round, table_number, error);
  if (table == NULL)
    return FALSE;

  if (record->ruleset != LW_RULESET_LITTLE_WOLF)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT ": a Garwolf game cannot be a Little Wolf "
                   "event's table", game_id);
      return FALSE;
    }
  if (!standings->finished || standings->winner == LW_NO_SEAT)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT " is not finished", game_id);
      return FALSE;
    }
  if (record->n_players != table->n_seats)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT " has %u players, round %u, table %u has %u",
                   game_id, record->n_players, round, table_number, table->n_seats);
      return FALSE;
    }
  if ((record->n_teams == 2) != lw_event_is_partners (event))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT ": %s", game_id,
                   lw_event_is_partners (event) ? "a partners table needs a game of two sides of partners"
                                       : "a partners game cannot be a solo table");
      return FALSE;
    }

  for (guint seat = 0; seat < table->n_seats; seat++)
    {
      const char *name = lw_event_entrant_at (event, table->entrants[seat])->name;

      record_seat[seat] = -1;
      for (guint p = 0; p < record->n_players; p++)
        if (lw_names_equal (lw_game_record_current_player (record, (int) p), name))
          record_seat[seat] = (int) p;
      if (record_seat[seat] < 0)
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "game %" G_GINT64_FORMAT ": %s of round %u, table %u did not play in it",
                       game_id, name, round, table_number);
          return FALSE;
        }
    }
  if (lw_event_is_partners (event)
      && (lw_game_record_side_of (record, record_seat[0])
            != lw_game_record_side_of (record, record_seat[2])
          || lw_game_record_side_of (record, record_seat[1])
            != lw_game_record_side_of (record, record_seat[3])))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT ": the partnerships differ from round %u, table %u",
                   game_id, round, table_number);
      return FALSE;
    }

  for (guint seat = 0; seat < table->n_seats; seat++)
    seat_scores[seat] = standings->scores[lw_game_record_side_of (record, record_seat[seat])];

  memcpy (table->scores, seat_scores, sizeof seat_scores);
  table->skunk = standings->skunk;
  table->has_result = TRUE;
  table->game_id = game_id;
  table->time_called = FALSE;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Event points                                                         */
/* ------------------------------------------------------------------ */

/* The points of place @j (0-based) at a full table of @n_full sides. */
static int
full_table_points (const LwEvent *event,
                   guint          n_full,
                   guint          j)
{
  if (j == 0)
    return event->config.points_win;
  if (j == 1 && n_full >= 3)
    return event->config.points_second;
  return event->config.points_other;
}

static guint
full_sides (const LwEvent *event)
{
  return lw_event_is_partners (event) ? 2 : event->config.table_size;
}

/* Place @p (0-based) of @n sides stands for the share [p/n, (p+1)/n) of
 * the field; its points are the mean of the full table's points over
 * that share. In units of 1/(n·N) the share is [p·N, (p+1)·N) and full
 * place j covers [j·n, (j+1)·n). */
static double
place_points (const LwEvent *event,
              guint          n,
              guint          p)
{
  guint N = full_sides (event);
  gint64 sum = 0;

  if (n == N)
    return full_table_points (event, N, p);
  for (guint j = 0; j < N; j++)
    {
      gint64 lo = MAX ((gint64) p * N, (gint64) j * n);
      gint64 hi = MIN ((gint64) (p + 1) * N, (gint64) (j + 1) * n);

      if (hi > lo)
        sum += (hi - lo) * full_table_points (event, N, j);
    }
  return (double) sum / N;
}

double
lw_event_bye_points (const LwEvent *event)
{
  guint N;
  gint64 sum = 0;

  g_return_val_if_fail (event != NULL, 0);

  N = full_sides (event);
  for (guint j = 0; j < N; j++)
    sum += full_table_points (event, N, j);
  return (double) sum / N;
}

void
lw_event_table_points (const LwEvent      *event,
                       const LwEventTable *table,
                       double             *points)
{
  guint n;
  int side_scores[LW_EVENT_MAX_SEATS] = { 0, };
  double side_points[LW_EVENT_MAX_SEATS] = { 0, };

  g_return_if_fail (event != NULL && table != NULL && points != NULL);

  memset (points, 0, sizeof (double) * LW_EVENT_MAX_SEATS);
  if (!table->has_result)
    return;

  n = table_sides (event, table);
  for (guint seat = 0; seat < table->n_seats; seat++)
    side_scores[lw_event_side_of_seat (event, seat)] = table->scores[seat];

  /* A side's place is the number of sides above it; the sides level with
   * it share the points of the places they take together. */
  for (guint s = 0; s < n; s++)
    {
      guint above = 0, level = 0;
      double sum = 0;

      for (guint o = 0; o < n; o++)
        {
          if (side_scores[o] > side_scores[s])
            above++;
          else if (side_scores[o] == side_scores[s])
            level++;
        }
      for (guint p = above; p < above + level; p++)
        sum += place_points (event, n, p);
      side_points[s] = sum / level;
      if (above == 0 && table->skunk)
        side_points[s] *= 2;
    }

  for (guint seat = 0; seat < table->n_seats; seat++)
    points[seat] = side_points[lw_event_side_of_seat (event, seat)];
}
