/* lw-csv.c — the score sheet as CSV (RFC 4180)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-csv.h"
#include "lw-error.h"

/* OWASP's advice against CSV injection: a spreadsheet reads a field that
 * starts with one of these as a formula. */
static gboolean
starts_formula (const char *field)
{
  return field[0] != '\0' && strchr ("=+-@\t\r", field[0]) != NULL;
}

void
lw_csv_append_field (GString    *out,
                     const char *field)
{
  gboolean formula;

  g_return_if_fail (out != NULL);

  if (field == NULL)
    return;
  formula = starts_formula (field);
  /* ";" too: a spreadsheet in a locale whose list separator it is
   * (German, French) would split the field there, and the cell after it
   * could be a formula. */
  if (!formula && strpbrk (field, ",;\"\r\n") == NULL)
    {
      g_string_append (out, field);
      return;
    }
  g_string_append_c (out, '"');
  if (formula)
    g_string_append_c (out, '\'');
  for (const char *p = field; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

void
lw_csv_append_number (GString *out,
                      gint64   value)
{
  g_return_if_fail (out != NULL);

  g_string_append_printf (out, "%" G_GINT64_FORMAT, value);
}

/* A row is built as a list of fields, each written as CSV (text quoted
 * and neutralised, numbers as they are), then joined with commas. */
static void
add (GPtrArray  *row,
     const char *text)
{
  GString *field = g_string_new (NULL);

  lw_csv_append_field (field, text);
  g_ptr_array_add (row, g_string_free (field, FALSE));
}

static void
add_int (GPtrArray *row,
         int        value)
{
  GString *field = g_string_new (NULL);

  lw_csv_append_number (field, value);
  g_ptr_array_add (row, g_string_free (field, FALSE));
}

static void
add_prefixed (GPtrArray  *row,
              const char *prefix,
              const char *name)
{
  g_autofree char *text = g_strconcat (prefix, " ", name, NULL);

  add (row, text);
}

/* A seat's column: everyone who played it ("cards Ben → Dev"). */
static void
add_seat_column (GPtrArray          *row,
                 const char         *prefix,
                 const LwGameRecord *record,
                 guint               seat)
{
  g_autofree char *label = lw_game_record_seat_label (record, (int) seat);

  add_prefixed (row, prefix, label);
}

static void
write_row (GString   *out,
           GPtrArray *row)
{
  for (guint i = 0; i < row->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append (out, g_ptr_array_index (row, i));
    }
  g_string_append (out, "\r\n");
  g_ptr_array_set_size (row, 0);
}

static const char *const den_kinds[] = { "worms", "gongs", "bears", "wolves" };

static const int *
den_counts (const LwRound *round,
            guint          kind)
{
  switch (kind)
    {
    case 0: return round->worms;
    case 1: return round->gongs;
    case 2: return round->bears;
    default: return round->wolves;
    }
}

char *
lw_csv_score_sheet (const LwGameRecord *record,
                    const LwStandings  *standings)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GPtrArray) row = g_ptr_array_new_with_free_func (g_free);
  gboolean garwolf;
  guint n;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (standings != NULL, NULL);
  g_return_val_if_fail (standings->rounds->len == record->rounds->len, NULL);

  garwolf = record->ruleset == LW_RULESET_GARWOLF;
  n = record->n_players;

  /* The header. */
  add (row, garwolf ? "hand" : "round");
  add (row, "dealer");
  if (garwolf)
    {
      for (guint seat = 0; seat < n; seat++)
        add_seat_column (row, "court", record, seat);
      for (guint seat = 0; seat < n; seat++)
        add_seat_column (row, "garwolves", record, seat);
    }
  else
    {
      add (row, "declarer");
      for (guint seat = 0; seat < n; seat++)
        add_seat_column (row, "cards", record, seat);
      for (guint k = 0; k < G_N_ELEMENTS (den_kinds); k++)
        for (guint seat = 0; seat < n; seat++)
          add_seat_column (row, den_kinds[k], record, seat);
      add (row, "void");
      add (row, "penalties");
      add (row, "all_but_last");
      for (guint seat = 0; seat < n; seat++)
        add_prefixed (row, "unpegged", record->players[seat]);
    }
  for (guint s = 0; s < standings->n_sides; s++)
    add_prefixed (row, "delta", g_ptr_array_index (standings->sides, s));
  for (guint s = 0; s < standings->n_sides; s++)
    add_prefixed (row, "score", g_ptr_array_index (standings->sides, s));
  write_row (out, row);

  /* One row per round. */
  for (guint i = 0; i < record->rounds->len; i++)
    {
      const LwRound *round = g_ptr_array_index (record->rounds, i);
      const LwRoundResult *result = g_ptr_array_index (standings->rounds, i);

      add_int (row, (int) result->number);
      /* Who sat in the seats this round (docs/rules/GAME-RECORD.md substitutes). */
      add (row, lw_game_record_player_at (record, result->dealer, i + 1));
      if (garwolf)
        {
          for (guint seat = 0; seat < n; seat++)
            add_int (row, round->court[seat]);
          for (guint seat = 0; seat < n; seat++)
            add_int (row, round->garwolves[seat]);
        }
      else
        {
          g_autoptr (GString) penalties = g_string_new (NULL);

          add (row, round->is_void || round->declarer == LW_NO_SEAT
                    ? "" : lw_game_record_player_at (record, round->declarer, i + 1));
          for (guint k = 0; k < 1 + G_N_ELEMENTS (den_kinds); k++)
            for (guint seat = 0; seat < n; seat++)
              {
                if (round->is_void)
                  add (row, "");
                else
                  add_int (row, k == 0 ? round->cards[seat] : den_counts (round, k - 1)[seat]);
              }
          add (row, round->is_void ? "1" : "0");
          for (guint p = 0; p < round->penalties->len; p++)
            {
              const LwPenalty *penalty = &g_array_index (round->penalties, LwPenalty, p);

              g_string_append_printf (penalties, "%s%s %s", p > 0 ? "; " : "",
                                      lw_game_record_player_at (record, penalty->seat, i + 1),
                                      lw_penalty_kind_to_string (penalty->kind));
            }
          add (row, penalties->str);
          add (row, round->is_void ? "" : round->all_but_last ? "1" : "0");
          for (guint seat = 0; seat < n; seat++)
            add (row, round->unpegged[seat] ? "1" : "0");
        }
      for (guint s = 0; s < standings->n_sides; s++)
        add_int (row, result->deltas[s]);
      for (guint s = 0; s < standings->n_sides; s++)
        add_int (row, result->scores[s]);
      write_row (out, row);
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

GPtrArray *
lw_csv_parse (const char  *text,
              GError     **error)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr (GPtrArray) fields = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) field = g_string_new (NULL);
  const char *p = text;
  guint line = 1;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  while (*p != '\0')
    {
      /* One field. */
      if (*p == '"')
        {
          guint opened = line;

          p++;
          for (;;)
            {
              if (*p == '\0')
                {
                  g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE,
                               "line %u: a quoted field is not closed", opened);
                  return NULL;
                }
              if (*p == '"' && p[1] == '"')
                {
                  g_string_append_c (field, '"');
                  p += 2;
                  continue;
                }
              if (*p == '"')
                {
                  p++;
                  break;
                }
              if (*p == '\n')
                line++;
              g_string_append_c (field, *p++);
            }
          if (*p != ',' && *p != '\r' && *p != '\n' && *p != '\0')
            {
              g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE,
                           "line %u: text after a closing quote", line);
              return NULL;
            }
        }
      else
        while (*p != ',' && *p != '\r' && *p != '\n' && *p != '\0')
          g_string_append_c (field, *p++);

      g_ptr_array_add (fields, g_strndup (field->str, field->len));
      g_string_truncate (field, 0);

      /* What ends it. */
      if (*p == ',')
        {
          p++;
          if (*p == '\0' || *p == '\r' || *p == '\n')
            g_ptr_array_add (fields, g_strdup (""));
          else
            continue;
        }
      if (*p == '\r')
        p++;
      if (*p == '\n')
        {
          p++;
          line++;
        }
      g_ptr_array_add (fields, NULL);
      g_ptr_array_add (rows, g_ptr_array_steal (fields, NULL));
    }

  return g_steal_pointer (&rows);
}
