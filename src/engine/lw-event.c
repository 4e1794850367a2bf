/* lw-event.c — tournaments: formats, pairing, seating, event points,
 * tie-breaks and standings (docs/EVENTS.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "lw-csv.h"
#include "lw-error.h"
#include "lw-event.h"
#include "lw-json-text.h"
#include "lw-names.h"

/* Two event-point totals closer than this are equal. */
#define POINTS_EPSILON 1e-9

/* Search nodes a pairing may spend looking for a round without repeats
 * before it settles for the fewest repeats (greedy). */
#define PAIRING_BUDGET 50000

/* Draws tried for a round robin at 3- or 4-seat tables. */
#define ROUND_ROBIN_ATTEMPTS 24

/* ------------------------------------------------------------------ */
/* Names, settings, the event                                           */
/* ------------------------------------------------------------------ */

static const char *const format_names[] = {
  [LW_EVENT_SWISS] = "swiss",
  [LW_EVENT_ROUND_ROBIN] = "round-robin",
  [LW_EVENT_PARTNERS] = "partners",
  [LW_EVENT_ELIMINATION] = "elimination",
};

const char *
lw_event_format_to_string (LwEventFormat format)
{
  g_return_val_if_fail ((guint) format < G_N_ELEMENTS (format_names), NULL);
  return format_names[format];
}

/* The index of @text in @names (@n of them), or -1. */
static int
name_index (const char *const *names,
            guint              n,
            const char        *text)
{
  for (guint i = 0; text != NULL && i < n; i++)
    if (strcmp (text, names[i]) == 0)
      return (int) i;
  return -1;
}

gboolean
lw_event_format_from_string (const char    *text,
                             LwEventFormat *format)
{
  int i = name_index (format_names, G_N_ELEMENTS (format_names), text);

  g_return_val_if_fail (format != NULL, FALSE);

  if (i < 0)
    return FALSE;
  *format = (LwEventFormat) i;
  return TRUE;
}

static const char *const seeding_names[] = { "registration", "rating" };

const char *
lw_seeding_to_string (LwSeeding seeding)
{
  g_return_val_if_fail ((guint) seeding < G_N_ELEMENTS (seeding_names), NULL);
  return seeding_names[seeding];
}

gboolean
lw_seeding_from_string (const char *text,
                        LwSeeding  *seeding)
{
  int i = name_index (seeding_names, G_N_ELEMENTS (seeding_names), text);

  g_return_val_if_fail (seeding != NULL, FALSE);

  if (i < 0)
    return FALSE;
  *seeding = (LwSeeding) i;
  return TRUE;
}

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
}

static const char *const tiebreak_names[] = { "buchholz", "head-to-head", "margin", "skunks" };

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
      for (k = 0; k < G_N_ELEMENTS (tiebreak_names); k++)
        if (g_str_equal (name, tiebreak_names[k]))
          break;
      if (k == G_N_ELEMENTS (tiebreak_names))
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
      g_string_append (out, tiebreak_names[config->tiebreaks[i]]);
    }
  return g_string_free (out, FALSE);
}

gboolean
lw_event_config_validate (const LwEventConfig  *config,
                          GError              **error)
{
  g_return_val_if_fail (config != NULL, FALSE);

  if ((guint) config->format >= G_N_ELEMENTS (format_names))
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
  if ((guint) config->seeding >= G_N_ELEMENTS (seeding_names)
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
                         "tie-break \"%s\" is named twice", tiebreak_names[config->tiebreaks[i]]);
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
  g_free (event);
}

static const LwEntrant *
entrant_at (const LwEvent *event,
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
   * once (GAME-RECORD.md "Names"). */
  nfc = lw_name_normalize (name, "name", NULL);
  for (guint i = 0; i < event->entrants->len; i++)
    if (strcmp (entrant_at (event, (int) i)->name, nfc != NULL ? nfc : name) == 0)
      return (int) i;
  return -1;
}

/* Round robins and eliminations are scheduled for round 1's field. */
static gboolean
field_is_fixed (const LwEvent *event)
{
  return (event->config.format == LW_EVENT_ROUND_ROBIN
          || event->config.format == LW_EVENT_ELIMINATION)
         && event->rounds->len > 0;
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

  /* GAME-RECORD.md "Names" */
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
                   name, event->config.format == LW_EVENT_ELIMINATION
                         ? "single elimination" : "round robin");
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
                   event->config.format == LW_EVENT_ELIMINATION ? "single elimination"
                                                                : "round robin");
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
static GArray *
round_one_field (const LwEvent *event)
{
  GArray *field = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree gboolean *in = g_new0 (gboolean, MAX (event->entrants->len, 1));
  const LwEventRound *first;

  if (event->rounds->len == 0)
    {
      for (guint i = 0; i < event->entrants->len; i++)
        if (entrant_at (event, (int) i)->status == LW_ENTRANT_CHECKED_IN)
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

static guint
ceil_log2 (guint n)
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

  field = round_one_field (event);
  n = field->len;
  size = event->config.table_size;

  if (event->config.format == LW_EVENT_ELIMINATION)
    return ceil_log2 (n);
  if (event->config.n_rounds > 0)
    return event->config.n_rounds;
  if (n < 2)
    return 1;

  switch (event->config.format)
    {
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
      return MAX (ceil_log2 (n), 1);
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

/* The winner's entrant at a table with a result (-1 without). */
static int
table_winner (const LwEventTable *table)
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
  guint size = 1u << ceil_log2 (MAX (n, 1));
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
static GArray *
elimination_slots_seeded (const LwEvent *event,
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
                winner = table_winner (table);
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

/* elimination_slots_seeded() with round 1's seeds in registration order. */
static GArray *
elimination_slots (const LwEvent *event,
                   guint          round)
{
  g_autoptr (GArray) field = round_one_field (event);

  return elimination_slots_seeded (event, round, field);
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

static gboolean
is_partners (const LwEvent *event)
{
  return event->config.format == LW_EVENT_PARTNERS;
}

static guint
table_sides (const LwEvent      *event,
             const LwEventTable *table)
{
  return is_partners (event) ? 2 : table->n_seats;
}

static int
side_of_seat (const LwEvent *event,
              guint          seat)
{
  return is_partners (event) ? (int) (seat % 2) : (int) seat;
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
  return side_of_seat (event, seat);
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

  table = lw_event_get_table (event, round, table_number, error);
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
      int side = side_of_seat (event, seat);
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

  table = lw_event_get_table (event, round, table_number, error);
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
  if ((record->n_teams == 2) != is_partners (event))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "game %" G_GINT64_FORMAT ": %s", game_id,
                   is_partners (event) ? "a partners table needs a game of two sides of partners"
                                       : "a partners game cannot be a solo table");
      return FALSE;
    }

  for (guint seat = 0; seat < table->n_seats; seat++)
    {
      const char *name = entrant_at (event, table->entrants[seat])->name;

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
  if (is_partners (event)
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
  return is_partners (event) ? 2 : event->config.table_size;
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
    side_scores[side_of_seat (event, seat)] = table->scores[seat];

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
    points[seat] = side_points[side_of_seat (event, seat)];
}

/* ------------------------------------------------------------------ */
/* Standings                                                            */
/* ------------------------------------------------------------------ */

typedef struct {
  LwEventStanding row;
  gboolean        listed;
  guint           group;   /* level on points and Buchholz */
} Tally;

static gboolean
points_equal (double a,
              double b)
{
  return fabs (a - b) < POINTS_EPSILON;
}

/* One tie-break: -1 when @a is ahead, 1 when @b is, 0 when level. */
static int
compare_tiebreak (const LwEventStanding *a,
                  const LwEventStanding *b,
                  LwTiebreak             tiebreak)
{
  switch (tiebreak)
    {
    case LW_TIEBREAK_BUCHHOLZ:
      return points_equal (a->buchholz, b->buchholz) ? 0 : a->buchholz > b->buchholz ? -1 : 1;
    case LW_TIEBREAK_HEAD_TO_HEAD:
      return a->head_to_head == b->head_to_head ? 0 : a->head_to_head > b->head_to_head ? -1 : 1;
    case LW_TIEBREAK_MARGIN:
      return a->margin == b->margin ? 0 : a->margin > b->margin ? -1 : 1;
    case LW_TIEBREAK_SKUNKS:
    default:
      return a->skunks == b->skunks ? 0 : a->skunks > b->skunks ? -1 : 1;
    }
}

/* Round reached (elimination), event points, then the first @n_used of
 * the event's tie-breaks, in its order. */
static int
compare_keys_upto (const LwEventStanding *a,
                   const LwEventStanding *b,
                   const LwEventConfig   *config,
                   guint                  n_used)
{
  if (a->reached != b->reached)
    return a->reached > b->reached ? -1 : 1;
  if (a->withdrew != b->withdrew)
    return a->withdrew ? 1 : -1;
  if (!points_equal (a->points, b->points))
    return a->points > b->points ? -1 : 1;
  for (guint i = 0; i < n_used && i < config->n_tiebreaks; i++)
    {
      int c = compare_tiebreak (a, b, config->tiebreaks[i]);

      if (c != 0)
        return c;
    }
  return 0;
}

static int
compare_keys (const LwEventStanding *a,
              const LwEventStanding *b,
              const LwEventConfig   *config)
{
  return compare_keys_upto (a, b, config, config->n_tiebreaks);
}

static int
compare_rows (gconstpointer pa,
              gconstpointer pb,
              gpointer      user_data)
{
  const LwEventStanding *a = pa, *b = pb;
  int c = compare_keys (a, b, user_data);

  if (c != 0)
    return c;
  c = g_utf8_collate (a->name, b->name);
  if (c != 0)
    return c;
  return a->entrant - b->entrant;
}

/* The tie-breaks before head-to-head in @config's order. */
static guint
n_before_head_to_head (const LwEventConfig *config)
{
  guint i;

  for (i = 0; i < config->n_tiebreaks; i++)
    if (config->tiebreaks[i] == LW_TIEBREAK_HEAD_TO_HEAD)
      break;
  return i;
}

/* Orders the tallies by event points and the tie-breaks before
 * head-to-head, which groups the players level on them. */
static int
compare_before_head_to_head (gconstpointer pa,
                             gconstpointer pb,
                             gpointer      user_data)
{
  const LwEventConfig *config = user_data;
  const Tally *a = *(Tally *const *) pa, *b = *(Tally *const *) pb;
  int c = compare_keys_upto (&a->row, &b->row, config, n_before_head_to_head (config));

  return c != 0 ? c : a->row.entrant - b->row.entrant;
}

/* Points, games, wins, skunks, byes and margins of every entrant; the
 * Buchholz too when @with_buchholz. */
static Tally *
tally_event (const LwEvent *event,
             gboolean       with_buchholz)
{
  guint n = event->entrants->len;
  Tally *tally = g_new0 (Tally, MAX (n, 1));
  double bye = lw_event_bye_points (event);

  for (guint i = 0; i < n; i++)
    {
      const LwEntrant *entrant = entrant_at (event, (int) i);

      tally[i].row.entrant = (int) i;
      tally[i].row.name = entrant->name;
      tally[i].row.dropped = entrant->status == LW_ENTRANT_DROPPED;
      tally[i].listed = entrant->status == LW_ENTRANT_CHECKED_IN;
    }

  for (guint r = 0; r < event->rounds->len; r++)
    {
      const LwEventRound *round = g_ptr_array_index (event->rounds, r);

      for (guint b = 0; b < round->byes->len; b++)
        {
          Tally *t = &tally[g_array_index (round->byes, int, b)];
          t->row.points += bye;
          t->row.byes++;
          t->listed = TRUE;
        }
      for (guint k = 0; k < round->tables->len; k++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, k);
          double points[LW_EVENT_MAX_SEATS];

          for (guint s = 0; s < table->n_seats; s++)
            tally[table->entrants[s]].listed = TRUE;
          if (!table->has_result)
            continue;
          lw_event_table_points (event, table, points);
          for (guint s = 0; s < table->n_seats; s++)
            {
              Tally *t = &tally[table->entrants[s]];
              int own = table->scores[s], best_other = G_MININT;
              gboolean won = TRUE;

              for (guint o = 0; o < table->n_seats; o++)
                if (side_of_seat (event, o) != side_of_seat (event, s))
                  {
                    best_other = MAX (best_other, table->scores[o]);
                    if (table->scores[o] >= own)
                      won = FALSE;
                  }
              t->row.points += points[s];
              t->row.games++;
              if (table->time_called)
                t->row.time_called++;
              t->row.margin += own - best_other;
              /* A skunk is worth double: 2 wins in the standings (R23). */
              if (won)
                {
                  t->row.wins += table->skunk ? 2 : 1;
                  if (table->skunk)
                    t->row.skunks++;
                }
            }
        }
    }

  if (with_buchholz)
    for (guint r = 0; r < event->rounds->len; r++)
      {
        const LwEventRound *round = g_ptr_array_index (event->rounds, r);

        for (guint k = 0; k < round->tables->len; k++)
          {
            const LwEventTable *table = &g_array_index (round->tables, LwEventTable, k);

            if (!table->has_result)
              continue;
            for (guint s = 0; s < table->n_seats; s++)
              {
                double sum = 0;
                guint count = 0;

                for (guint o = 0; o < table->n_seats; o++)
                  if (side_of_seat (event, o) != side_of_seat (event, s))
                    {
                      sum += tally[table->entrants[o]].row.points;
                      count++;
                    }
                if (count > 0)
                  tally[table->entrants[s]].row.buchholz += sum / count;
              }
          }
      }
  return tally;
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
  field = round_one_field (event);
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
          if (table_winner (table) != entrant)
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
  if (entrant_at (event, entrant)->status == LW_ENTRANT_DROPPED)
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

GArray *
lw_event_compute_standings (const LwEvent *event)
{
  guint n;
  g_autofree Tally *tally = NULL;
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  GArray *rows;
  guint groups = 0;

  g_return_val_if_fail (event != NULL, NULL);

  n = event->entrants->len;
  tally = tally_event (event, TRUE);

  /* Elimination: the round reached (one more for each round won or
   * passed with a bye); a withdrawal is a loss in the round not played. */
  if (event->config.format == LW_EVENT_ELIMINATION)
    {
      for (guint i = 0; i < n; i++)
        if (tally[i].listed)
          tally[i].row.reached = 1;
      for (guint r = 0; r < event->rounds->len; r++)
        {
          const LwEventRound *round = g_ptr_array_index (event->rounds, r);

          for (guint b = 0; b < round->byes->len; b++)
            tally[g_array_index (round->byes, int, b)].row.reached++;
          for (guint k = 0; k < round->tables->len; k++)
            {
              int winner = table_winner (&g_array_index (round->tables, LwEventTable, k));
              if (winner >= 0)
                tally[winner].row.reached++;
            }
        }
      for (guint i = 0; i < n; i++)
        tally[i].row.withdrew = tally[i].listed
                                && lw_event_elimination_state (event, (int) i, NULL)
                                   == LW_ELIMINATION_WITHDREW;
    }

  /* Head-to-head among the players level on points and Buchholz. */
  for (guint i = 0; i < n; i++)
    if (tally[i].listed)
      g_ptr_array_add (order, &tally[i]);
  g_ptr_array_sort_with_data (order, compare_before_head_to_head, (gpointer) &event->config);
  for (guint i = 0; i < order->len; i++)
    {
      Tally *t = g_ptr_array_index (order, i);
      const Tally *previous = i > 0 ? g_ptr_array_index (order, i - 1) : NULL;

      if (previous == NULL
          || compare_keys_upto (&previous->row, &t->row, &event->config,
                                n_before_head_to_head (&event->config)) != 0)
        groups++;
      t->group = groups;
    }
  for (guint r = 0; r < event->rounds->len; r++)
    {
      const LwEventRound *round = g_ptr_array_index (event->rounds, r);

      for (guint k = 0; k < round->tables->len; k++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, k);

          if (!table->has_result)
            continue;
          for (guint s = 0; s < table->n_seats; s++)
            for (guint o = 0; o < table->n_seats; o++)
              {
                Tally *a = &tally[table->entrants[s]], *b = &tally[table->entrants[o]];

                if (side_of_seat (event, s) == side_of_seat (event, o) || a->group != b->group)
                  continue;
                if (table->scores[s] > table->scores[o])
                  a->row.head_to_head++;
                else if (table->scores[s] < table->scores[o])
                  a->row.head_to_head--;
              }
        }
    }

  rows = g_array_new (FALSE, FALSE, sizeof (LwEventStanding));
  for (guint i = 0; i < n; i++)
    if (tally[i].listed)
      g_array_append_val (rows, tally[i].row);
  g_array_sort_with_data (rows, compare_rows, (gpointer) &event->config);
  for (guint i = 0; i < rows->len; i++)
    {
      LwEventStanding *row = &g_array_index (rows, LwEventStanding, i);

      if (i > 0 && compare_keys (row - 1, row, &event->config) == 0)
        row->rank = (row - 1)->rank;
      else
        row->rank = i + 1;
    }
  return rows;
}

/* Event points as text: an integer when whole, else up to 2 decimals. */
static char *
format_points (double points)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  double rounded = round (points * 100) / 100;

  if (points_equal (rounded, round (rounded)))
    return g_strdup_printf ("%.0f", rounded);
  g_ascii_formatd (buffer, sizeof buffer, "%.2f", rounded);
  /* 2.50 → 2.5 */
  if (g_str_has_suffix (buffer, "0"))
    buffer[strlen (buffer) - 1] = '\0';
  return g_strdup (buffer);
}

char *
lw_event_standings_to_csv (GArray *standings)
{
  GString *out = g_string_new ("rank,player,points,buchholz,head_to_head,margin,"
                               "skunks,games,wins,byes,dropped\r\n");

  g_return_val_if_fail (standings != NULL, NULL);

  for (guint i = 0; i < standings->len; i++)
    {
      const LwEventStanding *row = &g_array_index (standings, LwEventStanding, i);
      g_autofree char *points = format_points (row->points);
      g_autofree char *buchholz = format_points (row->buchholz);

      g_string_append_printf (out, "%u,", row->rank);
      lw_csv_append_field (out, row->name);
      g_string_append_printf (out, ",%s,%s,%d,%d,%u,%u,%u,%u,%s\r\n", points, buchholz,
                              row->head_to_head, row->margin, row->skunks, row->games,
                              row->wins, row->byes, row->dropped ? "yes" : "no");
    }
  return g_string_free (out, FALSE);
}

char *
lw_event_standings_to_json (const LwEvent *event,
                            GArray        *standings)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (event != NULL && standings != NULL, NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "event");
  json_builder_add_string_value (builder, event->name);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, lw_event_format_to_string (event->config.format));
  json_builder_set_member_name (builder, "table_size");
  json_builder_add_int_value (builder, event->config.table_size);
  json_builder_set_member_name (builder, "rounds");
  json_builder_add_int_value (builder, lw_event_total_rounds (event));
  json_builder_set_member_name (builder, "rounds_paired");
  json_builder_add_int_value (builder, event->rounds->len);
  json_builder_set_member_name (builder, "finished");
  json_builder_add_boolean_value (builder, lw_event_is_finished (event));
  json_builder_set_member_name (builder, "tiebreaks");
  json_builder_begin_array (builder);
  for (guint i = 0; i < event->config.n_tiebreaks; i++)
    json_builder_add_string_value (builder, tiebreak_names[event->config.tiebreaks[i]]);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "standings");
  json_builder_begin_array (builder);
  for (guint i = 0; i < standings->len; i++)
    {
      const LwEventStanding *row = &g_array_index (standings, LwEventStanding, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "rank");
      json_builder_add_int_value (builder, row->rank);
      json_builder_set_member_name (builder, "player");
      json_builder_add_string_value (builder, row->name);
      json_builder_set_member_name (builder, "points");
      json_builder_add_double_value (builder, round (row->points * 1e6) / 1e6);
      json_builder_set_member_name (builder, "buchholz");
      json_builder_add_double_value (builder, round (row->buchholz * 1e6) / 1e6);
      json_builder_set_member_name (builder, "head_to_head");
      json_builder_add_int_value (builder, row->head_to_head);
      json_builder_set_member_name (builder, "margin");
      json_builder_add_int_value (builder, row->margin);
      json_builder_set_member_name (builder, "skunks");
      json_builder_add_int_value (builder, row->skunks);
      json_builder_set_member_name (builder, "games");
      json_builder_add_int_value (builder, row->games);
      json_builder_set_member_name (builder, "wins");
      json_builder_add_int_value (builder, row->wins);
      json_builder_set_member_name (builder, "byes");
      json_builder_add_int_value (builder, row->byes);
      if (event->config.format == LW_EVENT_ELIMINATION)
        {
          json_builder_set_member_name (builder, "reached");
          json_builder_add_int_value (builder, row->reached);
          json_builder_set_member_name (builder, "withdrew");
          json_builder_add_boolean_value (builder, row->withdrew);
        }
      json_builder_set_member_name (builder, "dropped");
      json_builder_add_boolean_value (builder, row->dropped);
      json_builder_set_member_name (builder, "time_called");
      json_builder_add_int_value (builder, row->time_called);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return lw_json_builder_to_text (builder);
}

/* ------------------------------------------------------------------ */
/* Pairing: history                                                     */
/* ------------------------------------------------------------------ */

typedef struct {
  guint   n;
  guint8 *met;        /* n × n: times at one table on different sides */
  guint8 *partnered;  /* n × n: times on one side */
  guint  *byes;       /* per entrant */
} History;

static void
history_clear (History *h)
{
  g_free (h->met);
  g_free (h->partnered);
  g_free (h->byes);
}

static void
bump (guint8 *cell)
{
  if (*cell < G_MAXUINT8)
    (*cell)++;
}

static void
history_init (History       *h,
              const LwEvent *event)
{
  guint n = event->entrants->len;

  h->n = n;
  h->met = g_new0 (guint8, (gsize) MAX (n, 1) * MAX (n, 1));
  h->partnered = g_new0 (guint8, (gsize) MAX (n, 1) * MAX (n, 1));
  h->byes = g_new0 (guint, MAX (n, 1));

  for (guint r = 0; r < event->rounds->len; r++)
    {
      const LwEventRound *round = g_ptr_array_index (event->rounds, r);

      for (guint b = 0; b < round->byes->len; b++)
        h->byes[g_array_index (round->byes, int, b)]++;
      for (guint k = 0; k < round->tables->len; k++)
        {
          const LwEventTable *table = &g_array_index (round->tables, LwEventTable, k);

          for (guint s = 0; s < table->n_seats; s++)
            for (guint o = 0; o < table->n_seats; o++)
              {
                gsize cell = (gsize) table->entrants[s] * n + (gsize) table->entrants[o];

                if (s == o)
                  continue;
                if (side_of_seat (event, s) == side_of_seat (event, o))
                  bump (&h->partnered[cell]);
                else
                  bump (&h->met[cell]);
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

static guint
conflict_met (gconstpointer data,
              int           a,
              int           b)
{
  const History *h = data;
  return h->met[(gsize) a * h->n + (gsize) b];
}

static guint
conflict_partnered (gconstpointer data,
                    int           a,
                    int           b)
{
  const History *h = data;
  return h->partnered[(gsize) a * h->n + (gsize) b];
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
      sum += conflict_met (pc->history, pc->pairs[2 * a + i], pc->pairs[2 * b + j]);
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
        gint64 met = conflict_met (history, player, grouped[i]);
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
  const Tally *tally;
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

  if (!points_equal (ra->points, rb->points))
    return ra->points > rb->points ? -1 : 1;
  if (!points_equal (ra->buchholz, rb->buchholz))
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
  if (is_partners (event))
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
    if (entrant_at (event, (int) i)->status == LW_ENTRANT_CHECKED_IN)
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
               is_partners (event) ? "4-seat partners"
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

  lw_event_plan_tables (event->config.table_size, is_partners (event), players->len,
                        &sizes, &n_tables, &n_byes);
  if (n_tables == 0)
    return too_few (event, round->number, players->len, error);
  take_byes (round, players, n_byes, ctx);
  grouped = g_new0 (int, MAX (players->len, 1));

  if (event->config.format == LW_EVENT_SWISS)
    {
      group_units ((int *) players->data, players->len, sizes, n_tables,
                   conflict_met, history, grouped);
    }
  else if (event->config.format == LW_EVENT_ROUND_ROBIN)
    {
      /* Several draws; the one whose tables repeat the fewest meetings
       * (weighted by how often they met) wins. */
      gint64 best_cost = G_MAXINT64;
      g_autofree int *attempt = g_new0 (int, MAX (players->len, 1));
      g_autofree int *order = g_new0 (int, MAX (players->len, 1));

      for (guint a = 0; a < ROUND_ROBIN_ATTEMPTS && best_cost > 0; a++)
        {
          g_autoptr (GRand) rand = rand_for (event, round->number, 3, a);
          gint64 cost = 0;
          guint at = 0;

          memcpy (order, players->data, sizeof (int) * players->len);
          shuffle_ints (rand, order, players->len);
          if (!group_units (order, players->len, sizes, n_tables, conflict_met, history,
                            attempt))
            improve_by_swaps (history, attempt, sizes, n_tables);
          for (guint k = 0; k < n_tables; k++)
            {
              for (guint i = 0; i < sizes[k]; i++)
                for (guint j = i + 1; j < sizes[k]; j++)
                  {
                    gint64 met = conflict_met (history, attempt[at + i], attempt[at + j]);
                    cost += met * met;
                  }
              at += sizes[k];
            }
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
      g_autoptr (GArray) field = round_one_field (event);

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
            if (entrant_at (event, circle_order[i])->status != LW_ENTRANT_CHECKED_IN)
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
                     conflict_partnered, history, pairs);

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
  g_autoptr (GArray) field = round_one_field (event);
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
        if (pair[k] >= 0 && entrant_at (event, pair[k])->status == LW_ENTRANT_DROPPED)
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
  g_autoptr (GArray) field = round_one_field (event);

  if (field->len < 2)
    return too_few (event, round->number, field->len, error);

  slots = elimination_slots_seeded (event, round->number, seed_order != NULL ? seed_order : field);
  for (guint i = 0; i + 1 < slots->len; i += 2)
    {
      int pair[2] = { g_array_index (slots, int, i), g_array_index (slots, int, i + 1) };

      for (int k = 0; k < 2; k++)
        if (pair[k] >= 0 && entrant_at (event, pair[k])->status == LW_ENTRANT_DROPPED)
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
  field = round_one_field (event);
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
  else if (event->config.format == LW_EVENT_ROUND_ROBIN && event->config.table_size == 2)
    ok = pair_round_robin_two (event, round, error);
  else
    {
      History history = { 0, };
      g_autofree Tally *tally = tally_event (event, TRUE);
      g_autofree guint *draw = g_new0 (guint, MAX (event->entrants->len, 1));
      g_autoptr (GRand) rand = rand_for (event, number, 1, 0);
      RankContext ctx;

      history_init (&history, event);
      for (guint i = 0; i < event->entrants->len; i++)
        draw[i] = g_rand_int (rand);
      ctx.tally = tally;
      ctx.draw = draw;
      ctx.byes = history.byes;
      ok = pair_by_history (event, round, &history, &ctx, error);
      history_clear (&history);
    }
  if (!ok)
    return NULL;
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
