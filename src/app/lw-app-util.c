/* lw-app-util.c — small helpers shared by the app's widgets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <stdlib.h>

#include <adwaita.h>
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
lw_describe_round (const LwGameRecord  *record,
                   const LwStandings   *standings,
                   const LwRoundResult *result)
{
  g_autoptr (GString) text = g_string_new (NULL);
  int zero_pack_side = LW_NO_SEAT;

  if (result->pack_worth_zero)
    {
      const LwRound *round = g_ptr_array_index (record->rounds, result->number - 1);

      zero_pack_side = lw_game_record_side_of (record, round->declarer);
    }

  for (guint side = 0; side < standings->n_sides; side++)
    {
      g_autofree char *items = lw_round_result_describe_side (result, (int) side);
      g_autofree char *delta = NULL;

      if ((int) side == zero_pack_side)
        {
          /* TRANSLATORS: the declarer's side won every trick but the last:
           * the Pack is made but scores 0 (SCORING R11) */
          const char *zero = _("Pack made, worth 0 (every trick but the last)");
          char *joined = items != NULL ? g_strdup_printf ("%s, %s", zero, items) : g_strdup (zero);

          g_free (items);
          items = joined;
        }

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

static const char *
player (const LwGameRecord *record,
        int                 seat)
{
  return seat >= 0 && seat < (int) record->n_players ? record->players[seat] : "?";
}

/* Appends " · " unless @text is empty, then returns it. */
static GString *
next_fact (GString *text)
{
  if (text->len > 0)
    g_string_append (text, " · ");
  return text;
}

static void
append_den (GString *dens,
            char    *held)
{
  if (dens->len > 0)
    g_string_append (dens, ", ");
  g_string_append (dens, held);
  g_free (held);
}

char *
lw_describe_round_facts (const LwGameRecord *record,
                         const LwRound      *round)
{
  g_autoptr (GString) text = g_string_new (NULL);
  guint n = record->n_players;

  if (record->ruleset == LW_RULESET_GARWOLF)
    {
      /* TRANSLATORS: Garwolf facts of a hand: Court cards won per seat */
      g_string_append (text, _("Court"));
      for (guint seat = 0; seat < n; seat++)
        g_string_append_printf (text, seat == 0 ? " %s %d" : ", %s %d",
                                record->players[seat], round->court[seat]);
      /* TRANSLATORS: Garwolf facts of a hand: Garwolves won per seat */
      g_string_append_printf (next_fact (text), "%s", _("Garwolves"));
      for (guint seat = 0, shown = 0; seat < n; seat++)
        if (round->garwolves[seat] > 0)
          g_string_append_printf (text, shown++ == 0 ? " %s %d" : ", %s %d",
                                  record->players[seat], round->garwolves[seat]);
      return g_string_free (g_steal_pointer (&text), FALSE);
    }

  if (round->is_void)
    /* TRANSLATORS: a void round's facts (SCORING R21) */
    g_string_append (text, _("Void"));
  else
    {
      if (round->declarer == LW_NO_SEAT)
        /* TRANSLATORS: a round's facts: every player declined to declare */
        g_string_append (text, _("Nobody declared"));
      else if (round->all_but_last)
        /* TRANSLATORS: a round's facts: %s declared the Pack; their side won every trick but the last */
        g_string_append_printf (text, _("%s declared, all but the last trick"),
                                player (record, round->declarer));
      else
        /* TRANSLATORS: a round's facts: %s declared the Pack */
        g_string_append_printf (text, _("%s declared"), player (record, round->declarer));

      for (guint seat = 0; seat < n; seat++)
        g_string_append_printf (next_fact (text), "%s %d", record->players[seat], round->cards[seat]);

      for (guint seat = 0; seat < n; seat++)
        {
          g_autoptr (GString) dens = g_string_new (NULL);
          int count;

          /* TRANSLATORS: Den cards held by a seat, in a round's facts: "Ben 2 Worms, 1 Gong" */
          if ((count = round->worms[seat]) > 0)
            append_den (dens, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Worm", "%d Worms", count), count));
          if ((count = round->gongs[seat]) > 0)
            append_den (dens, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Gong", "%d Gongs", count), count));
          if ((count = round->bears[seat]) > 0)
            append_den (dens, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Big Bear", "%d Big Bears", count), count));
          if ((count = round->wolves[seat]) > 0)
            append_den (dens, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Little Wolf", "%d Little Wolves", count), count));
          if (dens->len > 0)
            g_string_append_printf (next_fact (text), "%s %s", record->players[seat], dens->str);
          if (round->unpegged[seat])
            /* TRANSLATORS: a round's facts: %s did not peg their gains in time (SCORING R22) */
            g_string_append_printf (next_fact (text), _("%s not pegged"), record->players[seat]);
        }
    }

  for (guint i = 0; round->penalties != NULL && i < round->penalties->len; i++)
    {
      const LwPenalty *penalty = &g_array_index (round->penalties, LwPenalty, i);

      g_string_append_printf (next_fact (text),
                              penalty->kind == LW_PENALTY_LOOKED_AT_DISCARDS
                                /* TRANSLATORS: a penalty in a round's facts (SCORING R19) */
                                ? _("%s looked at discards")
                                /* TRANSLATORS: a penalty in a round's facts (SCORING R19) */
                                : _("%s played out of turn"),
                              player (record, penalty->seat));
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
lw_message_capitalize (const char *message)
{
  gunichar first;
  char buffer[8];
  int length;

  if (message == NULL || *message == '\0' || !g_utf8_validate (message, -1, NULL))
    return g_strdup (message != NULL ? message : "");

  first = g_utf8_get_char (message);
  length = g_unichar_to_utf8 (g_unichar_totitle (first), buffer);
  buffer[length] = '\0';

  return g_strconcat (buffer, g_utf8_next_char (message), NULL);
}

void
lw_row_pass_focus (GtkWidget *row)
{
  g_return_if_fail (GTK_IS_WIDGET (row));

  gtk_widget_set_focusable (row, FALSE);

  /* An expander row's header is a row of its own in a list of its own. */
  if (ADW_IS_EXPANDER_ROW (row))
    for (GtkWidget *box = gtk_widget_get_first_child (row); box != NULL; box = gtk_widget_get_next_sibling (box))
      for (GtkWidget *list = gtk_widget_get_first_child (box); list != NULL; list = gtk_widget_get_next_sibling (list))
        if (GTK_IS_LIST_BOX (list))
          for (GtkWidget *header = gtk_widget_get_first_child (list); header != NULL;
               header = gtk_widget_get_next_sibling (header))
            if (ADW_IS_ACTION_ROW (header))
              gtk_widget_set_focusable (header, FALSE);
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

static void
setup_label_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (GPOINTER_TO_INT (user_data))
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 3);
    }
  gtk_list_item_set_child (item, label);
}

static void
bind_label_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GObject *object = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);

  if (GTK_IS_STRING_OBJECT (object) && GTK_IS_LABEL (label))
    gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (GTK_STRING_OBJECT (object)));
}

static GtkListItemFactory *
label_factory (gboolean ellipsize)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_label_cb), GINT_TO_POINTER (ellipsize));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_label_cb), NULL);

  return factory;
}

void
lw_drop_down_ellipsize (GtkDropDown *drop_down)
{
  g_autoptr (GtkListItemFactory) button = label_factory (TRUE);
  g_autoptr (GtkListItemFactory) list = label_factory (FALSE);

  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  gtk_drop_down_set_factory (drop_down, button);
  gtk_drop_down_set_list_factory (drop_down, list);
}
