/* lw-event-wall.c — the wall sheet: where each player sits in a round
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-event-wall.h"

typedef struct {
  LwWallLine  line;
  char       *key;
} Keyed;

static int
compare_keyed (gconstpointer a,
               gconstpointer b)
{
  const Keyed *x = a, *y = b;
  int order = strcmp (x->key, y->key);

  return order != 0 ? order : strcmp (x->line.name, y->line.name);
}

static void
add_line (GArray        *keyed,
          const LwEvent *event,
          int            entrant_index,
          guint          table,
          guint          seat,
          gboolean       first_dealer)
{
  const LwEntrant *entrant = g_ptr_array_index (event->entrants, entrant_index);
  g_autofree char *folded = g_utf8_casefold (entrant->name, -1);
  Keyed item = { { entrant->name, table, seat, first_dealer }, g_utf8_collate_key (folded, -1) };

  g_array_append_val (keyed, item);
}

GArray *
lw_event_wall_sheet (const LwEvent      *event,
                     const LwEventRound *round)
{
  g_autoptr (GArray) keyed = g_array_new (FALSE, FALSE, sizeof (Keyed));
  GArray *lines;

  g_return_val_if_fail (event != NULL, NULL);
  g_return_val_if_fail (round != NULL, NULL);

  for (guint t = 0; t < round->tables->len; t++)
    {
      const LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);

      for (guint s = 0; s < table->n_seats; s++)
        add_line (keyed, event, table->entrants[s], table->number, s + 1,
                  (int) s == table->first_dealer);
    }
  for (guint b = 0; b < round->byes->len; b++)
    add_line (keyed, event, g_array_index (round->byes, int, b), 0, 0, FALSE);

  g_array_sort (keyed, compare_keyed);
  lines = g_array_sized_new (FALSE, FALSE, sizeof (LwWallLine), keyed->len);
  for (guint i = 0; i < keyed->len; i++)
    {
      Keyed *item = &g_array_index (keyed, Keyed, i);

      g_array_append_val (lines, item->line);
      g_free (item->key);
    }
  return lines;
}

char *
lw_event_wall_sheet_to_text (const LwEvent      *event,
                             const LwEventRound *round)
{
  g_autoptr (GArray) lines = NULL;
  GString *out;

  g_return_val_if_fail (event != NULL, NULL);
  g_return_val_if_fail (round != NULL, NULL);

  lines = lw_event_wall_sheet (event, round);
  out = g_string_new (NULL);
  g_string_append_printf (out, "%s — Round %u\n\n", event->name, round->number);
  for (guint i = 0; i < lines->len; i++)
    {
      const LwWallLine *line = &g_array_index (lines, LwWallLine, i);

      if (line->table == 0)
        g_string_append_printf (out, "%s — Bye\n", line->name);
      else
        g_string_append_printf (out, "%s — Table %u, Seat %u%s\n", line->name, line->table,
                                line->seat, line->first_dealer ? " *" : "");
    }
  return g_string_free (out, FALSE);
}
