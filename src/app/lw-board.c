/* lw-board.c — the board: each side's score, large, what it needs to win,
 * and who deals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-board.h"

typedef struct
{
  GtkWidget *card;
  GtkLabel *name;
  GtkLabel *score;
  GtkLabel *needs;
  GtkLabel *badge;
} SideCard;

struct _LwBoard
{
  AdwBin parent_instance;

  /* template widgets */
  GtkLabel *status_label;
  GtkFlowBox *sides_box;

  /* borrowed: the side cards, children of sides_box */
  SideCard sides[LW_MAX_SEATS];
  guint n_sides;
};

G_DEFINE_FINAL_TYPE (LwBoard, lw_board, ADW_TYPE_BIN)

static GtkLabel *
add_label (GtkWidget  *box,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_box_append (GTK_BOX (box), label);

  return GTK_LABEL (label);
}

static void
ensure_sides (LwBoard *self,
              guint    n_sides)
{
  if (self->n_sides == n_sides)
    return;

  for (guint i = 0; i < self->n_sides; i++)
    gtk_flow_box_remove (self->sides_box, gtk_widget_get_parent (self->sides[i].card));

  for (guint i = 0; i < n_sides; i++)
    {
      SideCard *side = &self->sides[i];

      side->card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      gtk_widget_add_css_class (side->card, "card");
      gtk_widget_add_css_class (side->card, "side-card");
      side->name = add_label (side->card, "side-name");
      side->score = add_label (side->card, "score");
      side->needs = add_label (side->card, "side-needs");
      side->badge = add_label (side->card, "side-badge");
      gtk_flow_box_append (self->sides_box, side->card);
      gtk_widget_set_focusable (gtk_widget_get_parent (side->card), FALSE);
    }

  self->n_sides = n_sides;
  /* Two sides side by side even at 360 px; up to four in a row. */
  gtk_flow_box_set_min_children_per_line (self->sides_box, MIN (n_sides, 2));
  gtk_flow_box_set_max_children_per_line (self->sides_box, MIN (MAX (n_sides, 2), 4));
}

void
lw_board_update (LwBoard            *self,
                 const LwGameRecord *record,
                 const LwStandings  *standings)
{
  g_autofree char *status = NULL;
  guint n_rounds;
  int dealer;
  int dealer_side = LW_NO_SEAT;
  gboolean garwolf;

  g_return_if_fail (LW_IS_BOARD (self));
  g_return_if_fail (record != NULL);
  g_return_if_fail (standings != NULL);

  ensure_sides (self, standings->n_sides);

  n_rounds = standings->rounds->len;
  dealer = standings->next_dealer;
  garwolf = record->ruleset == LW_RULESET_GARWOLF;
  if (!standings->finished && dealer >= 0 && dealer < (int) record->n_players)
    dealer_side = lw_game_record_side_of (record, dealer);

  if (standings->finished && garwolf)
    /* TRANSLATORS: above the final board; %u is the number of Garwolf hands played */
    status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Game over after %u hand",
                                           "Game over after %u hands", n_rounds),
                              n_rounds);
  else if (standings->finished)
    /* TRANSLATORS: above the final board; %u is the number of rounds played */
    status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Game over after %u round",
                                           "Game over after %u rounds", n_rounds),
                              n_rounds);
  else if (garwolf)
    {
      /* SCORING G3: the passing before the hand being entered. */
      const char *passing = lw_passing_to_label (lw_garwolf_passing (record->n_players, n_rounds + 1));

      if (dealer_side != LW_NO_SEAT)
        /* TRANSLATORS: "Hand 2 · Ben deals · Pass two cards right": the hand being
         * entered, its dealer and the passing before it */
        status = g_strdup_printf (_("Hand %u · %s deals · %s"),
                                  n_rounds + 1, record->players[dealer], passing);
      else
        /* TRANSLATORS: "Hand 2 · Pass two cards right" */
        status = g_strdup_printf (_("Hand %u · %s"), n_rounds + 1, passing);
    }
  else if (dealer_side != LW_NO_SEAT)
    /* TRANSLATORS: "Round 4 · Ann deals": the round being entered and its dealer */
    status = g_strdup_printf (_("Round %u · %s deals"), n_rounds + 1, record->players[dealer]);
  else
    status = g_strdup_printf (_("Round %u"), n_rounds + 1);
  gtk_label_set_text (self->status_label, status);

  for (guint i = 0; i < standings->n_sides; i++)
    {
      SideCard *side = &self->sides[i];
      g_autofree char *score = g_strdup_printf ("%d", standings->scores[i]);
      g_autofree char *needs = NULL;
      const char *badge = NULL;
      g_autofree char *dealer_badge = NULL;
      gboolean winner = standings->finished && standings->winner == (int) i;

      gtk_label_set_text (side->name, g_ptr_array_index (standings->sides, i));
      gtk_label_set_text (side->score, score);

      if (standings->finished)
        needs = g_strdup ("");
      else
        {
          int needed = lw_standings_needed_to_win (record, standings, i);
          int for_skunk = lw_standings_needed_for_skunk (record, standings, i);
          g_autofree char *to_win = NULL;

          if (needed > 0)
            /* TRANSLATORS: the points a side still needs to reach the target */
            to_win = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "needs %d to win",
                                                   "needs %d to win", needed),
                                      needed);
          else
            /* TRANSLATORS: a side at the target while another ties it: play goes on (R25, G2) */
            to_win = g_strdup (_("at the target, tied"));

          /* R23: while another side has 0, a skunk may come first; it
           * goes on a line of its own, so that both fit a narrow card. */
          if (for_skunk > 0 && (needed <= 0 || for_skunk <= needed))
            {
              g_autofree char *skunk = NULL;

              /* TRANSLATORS: under "needs 7 to win": the points for a skunk,
               * a win worth two while another side has 0 (R23) */
              skunk = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                    "%d for a skunk",
                                                    "%d for a skunk", for_skunk),
                                       for_skunk);
              needs = g_strdup_printf ("%s\n%s", to_win, skunk);
            }
          else
            needs = g_steal_pointer (&to_win);
        }
      gtk_label_set_text (side->needs, needs);
      gtk_widget_set_visible (GTK_WIDGET (side->needs), *needs != '\0');

      if (winner && standings->skunk)
        /* TRANSLATORS: the side won with a skunk, worth two wins (R23) */
        badge = _("Winner · Skunk");
      else if (winner)
        badge = _("Winner");
      else if ((int) i == dealer_side)
        {
          if (standings->n_sides == record->n_players)
            /* TRANSLATORS: on the board: this side's player deals the round being entered */
            badge = _("Deals");
          else
            /* TRANSLATORS: on a side of partners: which of them deals, "Dev deals" */
            badge = dealer_badge = g_strdup_printf (_("%s deals"), record->players[dealer]);
        }

      gtk_label_set_text (side->badge, badge != NULL ? badge : "");
      gtk_widget_set_visible (GTK_WIDGET (side->badge), badge != NULL);
      if (winner)
        gtk_widget_add_css_class (side->card, "winner");
      else
        gtk_widget_remove_css_class (side->card, "winner");
      if ((int) i == dealer_side)
        gtk_widget_add_css_class (side->card, "dealer");
      else
        gtk_widget_remove_css_class (side->card, "dealer");

      {
        g_autofree char *accessible = NULL;

        /* TRANSLATORS: read by a screen reader: "Ann: 5 points, needs 10 to win" */
        accessible = g_strdup_printf (_("%s: %d points, %s"),
                                      (const char *) g_ptr_array_index (standings->sides, i),
                                      standings->scores[i], *needs ? needs : (badge ? badge : ""));
        g_strdelimit (accessible, "\n", ' ');
        gtk_accessible_update_property (GTK_ACCESSIBLE (side->card),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                        -1);
      }
    }
}

guint
lw_board_get_n_sides (LwBoard *self)
{
  g_return_val_if_fail (LW_IS_BOARD (self), 0);

  return self->n_sides;
}

const char *
lw_board_get_score_text (LwBoard *self,
                         guint    side)
{
  g_return_val_if_fail (LW_IS_BOARD (self), NULL);
  g_return_val_if_fail (side < self->n_sides, NULL);

  return gtk_label_get_text (self->sides[side].score);
}

const char *
lw_board_get_needs_text (LwBoard *self,
                         guint    side)
{
  g_return_val_if_fail (LW_IS_BOARD (self), NULL);
  g_return_val_if_fail (side < self->n_sides, NULL);

  return gtk_label_get_text (self->sides[side].needs);
}

const char *
lw_board_get_badge_text (LwBoard *self,
                         guint    side)
{
  g_return_val_if_fail (LW_IS_BOARD (self), NULL);
  g_return_val_if_fail (side < self->n_sides, NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->sides[side].badge))
           ? gtk_label_get_text (self->sides[side].badge) : "";
}

const char *
lw_board_get_status_text (LwBoard *self)
{
  g_return_val_if_fail (LW_IS_BOARD (self), NULL);

  return gtk_label_get_text (self->status_label);
}

static void
lw_board_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), LW_TYPE_BOARD);

  G_OBJECT_CLASS (lw_board_parent_class)->dispose (object);
}

static void
lw_board_class_init (LwBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_board_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-board.ui");
  gtk_widget_class_bind_template_child (widget_class, LwBoard, status_label);
  gtk_widget_class_bind_template_child (widget_class, LwBoard, sides_box);
  gtk_widget_class_set_css_name (widget_class, "board");
}

static void
lw_board_init (LwBoard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
