/* lw-app-util.c — small helpers shared by the app's widgets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <stdlib.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"

int
lw_spin_get_int (GtkSpinButton *spin)
{
  GtkAdjustment *adjustment;
  const char *text;
  double lower, upper;
  char *end = NULL;
  gint64 value;

  g_return_val_if_fail (GTK_IS_SPIN_BUTTON (spin), 0);

  adjustment = gtk_spin_button_get_adjustment (spin);
  lower = gtk_adjustment_get_lower (adjustment);
  upper = gtk_adjustment_get_upper (adjustment);
  text = gtk_editable_get_text (GTK_EDITABLE (spin));

  while (text != NULL && g_ascii_isspace (*text))
    text++;
  if (text == NULL || *text == '\0')
    return (int) lower;

  errno = 0;
  value = g_ascii_strtoll (text, &end, 10);
  if (errno != 0 || end == text)
    return (int) gtk_spin_button_get_value_as_int (spin);

  return (int) CLAMP ((double) value, lower, upper);
}

void
lw_spin_connect_activate (GtkSpinButton *spin,
                          GCallback      callback,
                          gpointer       user_data)
{
  GtkEditable *delegate = gtk_editable_get_delegate (GTK_EDITABLE (spin));

  g_return_if_fail (GTK_IS_TEXT (delegate));

  g_signal_connect (delegate, "activate", callback, user_data);
}

void
lw_spin_connect_changed (GtkSpinButton *spin,
                         GCallback      callback,
                         gpointer       user_data)
{
  g_signal_connect (spin, "changed", callback, user_data);
}

char *
lw_format_signed (int value)
{
  if (value > 0)
    return g_strdup_printf ("+%d", value);
  if (value < 0)
    return g_strdup_printf ("−%d", -value);
  return g_strdup ("0");
}

char *
lw_format_scores (guint      n,
                  const int *scores)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (text, " – ");
      g_string_append_printf (text, "%d", scores[i]);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
lw_describe_round (const LwStandings   *standings,
                   const LwRoundResult *result)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint side = 0; side < standings->n_sides; side++)
    {
      g_autofree char *items = lw_round_result_describe_side (result, (int) side);
      g_autofree char *delta = NULL;

      if (items == NULL && result->deltas[side] == 0)
        continue;

      delta = lw_format_signed (result->deltas[side]);
      if (text->len > 0)
        g_string_append_c (text, '\n');
      if (items != NULL)
        /* TRANSLATORS: a side's change in a round, then what made it:
         * "Ann +1: Pack +1, Worms −1" */
        g_string_append_printf (text, _("%s %s: %s"),
                                (const char *) g_ptr_array_index (standings->sides, side),
                                delta, items);
      else
        g_string_append_printf (text, "%s %s",
                                (const char *) g_ptr_array_index (standings->sides, side),
                                delta);
    }

  if (text->len == 0)
    /* TRANSLATORS: a round in which no side's score changed */
    g_string_append (text, _("No change"));

  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
lw_sides_title (const LwGameRecord *record)
{
  g_autoptr (GString) text = g_string_new (NULL);
  guint n_sides = lw_game_record_n_sides (record);

  for (guint side = 0; side < n_sides; side++)
    {
      g_autofree char *name = lw_game_record_side_name (record, side);

      if (side > 0)
        /* TRANSLATORS: between the sides of a game, "Ann vs Ben" */
        g_string_append (text, _(" vs "));
      g_string_append (text, name != NULL ? name : "?");
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}
