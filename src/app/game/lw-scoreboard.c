/* lw-scoreboard.c — the scoreboard: each side's score, large, what it needs to win,
 * and who deals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-scoreboard-private.h"

typedef struct
{
  GtkWidget *card;
  GtkLabel *name;
  GtkLabel *score;
  GtkLabel *needs;
  GtkLabel *badge;
  char *accessible;   /* the label a screen reader reads for the side */
} SideCard;

struct _LwScoreboard
{
  AdwBin parent_instance;

  /* template widgets */
  GtkLabel *status_label;
  GtkLabel *hand_label;
  GtkLabel *deal_label;
  GtkLabel *warning_label;
  GtkFlowBox *sides_box;

  /* borrowed: the side cards, children of sides_box */
  SideCard sides[LW_MAX_SEATS];
  guint n_sides;

  /* Garwolf: the King and Knave house rule (SCORING G3) replaces passing */
  gboolean king_and_knave;
};

G_DEFINE_FINAL_TYPE (LwScoreboard, lw_scoreboard, ADW_TYPE_BIN)

/* A side this close to the skunk threshold, while another side has 0, is
 * one good round from a skunk (R23): a Pack with every trick and a Den
 * bonus or two. */
#define SKUNK_WARNING_POINTS 4

/* R20, R20a: the seats passed over on the way from the last dealer to the
 * next one forfeited that deal. */
static char *
describe_skipped (const LwGameRecord *record,
                  const LwStandings  *standings)
{
  const LwRoundResult *last;
  g_autoptr (GString) names = g_string_new (NULL);
  guint n_skipped = 0;
  guint n = record->n_players;

  if (standings->rounds->len == 0 || standings->next_dealer < 0)
    return NULL;

  last = g_ptr_array_index (standings->rounds, standings->rounds->len - 1);
  for (int seat = (int) ((guint) (last->dealer + 1) % n);
       seat != standings->next_dealer && n_skipped < n;
       seat = (int) ((guint) (seat + 1) % n))
    {
      if (n_skipped++ > 0)
        g_string_append (names, ", ");
      g_string_append (names, lw_game_record_current_player (record, seat));
    }

  if (n_skipped == 0)
    return NULL;

  /* TRANSLATORS: "Ben owes a deal: Cleo deals": Ben forfeited the deal with a
   * penalty (R19, R20), so the deal passes on to Cleo */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s owes a deal: %s deals",
                                       "%s owe a deal each: %s deals", n_skipped),
                          names->str, lw_game_record_current_player (record, (int) (standings->next_dealer)));
}

/* R19, R20: seats that still owe a deal, skipped when their turn comes. */
static char *
describe_owed (const LwGameRecord *record,
               const LwStandings  *standings)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint seat = 0; seat < record->n_players; seat++)
    {
      if (!standings->owes_deal[seat])
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* TRANSLATORS: a player forfeited a deal with a penalty (R19, R20) and
       * will be passed over when the deal comes to them */
      g_string_append_printf (text, _("%s forfeits their next deal"), lw_game_record_current_player (record, seat));
    }

  return text->len > 0 ? g_strdup (text->str) : NULL;
}

/* R1, G1: what is dealt and taken in the round being entered. */
static char *
describe_hand (const LwGameRecord *record)
{
  if (record->ruleset == LW_RULESET_GARWOLF)
    /* TRANSLATORS: Garwolf: the points taken in every hand (G1): "12 Court cards · 4 Garwolves" */
    return g_strdup_printf (_("%u Court cards · %u Garwolves"),
                            LW_GARWOLF_COURT_CARDS, lw_garwolves (record->n_players));

  if (lw_decks (record->n_players) > 1)
    /* TRANSLATORS: R1: "13 cards each · 65 in tricks · two decks" */
    return g_strdup_printf (_("%u cards each · %u in tricks · two decks"),
                            lw_hand_size (record->n_players), lw_total_cards (record->n_players));

  /* TRANSLATORS: R1: "9 cards each · 36 in tricks": the hand size and T */
  return g_strdup_printf (_("%u cards each · %u in tricks"),
                          lw_hand_size (record->n_players), lw_total_cards (record->n_players));
}

/* R23: a side at 0 facing a side close to the skunk threshold. */
static char *
describe_skunk_danger (const LwGameRecord *record,
                       const LwStandings  *standings)
{
  g_autoptr (GString) zero = g_string_new (NULL);
  g_autoptr (GString) text = g_string_new (NULL);
  guint n_zero = 0;

  if (record->ruleset == LW_RULESET_GARWOLF || standings->finished)
    return NULL;

  for (guint s = 0; s < standings->n_sides; s++)
    if (standings->scores[s] == 0)
      {
        if (n_zero++ > 0)
          g_string_append (zero, ", ");
        g_string_append (zero, g_ptr_array_index (standings->sides, s));
      }

  if (n_zero == 0)
    return NULL;

  for (guint s = 0; s < standings->n_sides; s++)
    {
      int needed = lw_standings_needed_for_skunk (record, standings, (int) s);

      if (needed <= 0 || needed > SKUNK_WARNING_POINTS)
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text,
                              /* TRANSLATORS: R23: "Skunk danger: Ben at 0, Ann needs 2 for a skunk" */
                              g_dngettext (GETTEXT_PACKAGE,
                                           "Skunk danger: %s at 0, %s needs %d for a skunk",
                                           "Skunk danger: %s at 0, %s needs %d for a skunk", needed),
                              zero->str, (const char *) g_ptr_array_index (standings->sides, s), needed);
    }

  return text->len > 0 ? g_strdup (text->str) : NULL;
}

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
ensure_sides (LwScoreboard *self,
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
      /* A name of 100 letters without a space takes 3 lines at most. */
      gtk_label_set_lines (side->name, 3);
      gtk_label_set_ellipsize (side->name, PANGO_ELLIPSIZE_END);
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
lw_scoreboard_update (LwScoreboard            *self,
                 const LwGameRecord *record,
                 const LwStandings  *standings)
{
  g_autofree char *status = NULL;
  g_autofree char *skipped = NULL;
  guint n_rounds;
  int dealer;
  int dealer_side = LW_NO_SEAT;
  gboolean garwolf;

  g_return_if_fail (LW_IS_SCOREBOARD (self));
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
  else if (garwolf && self->king_and_knave)
    {
      /* SCORING G3, house rule: the King and Knave exchange before the
       * hand being entered, instead of passing. */
      LwKingAndKnave kk;
      g_autofree char *exchange = NULL;

      if (lw_garwolf_king_and_knave (record, standings, n_rounds + 1, &kk))
        exchange = lw_king_and_knave_describe (record, &kk);
      else
        exchange = g_strdup_printf (_("Hand %u"), n_rounds + 1);

      if (dealer_side != LW_NO_SEAT)
        /* TRANSLATORS: "Hand 2: King Ben gives Cleo two cards of choice; … · Ann deals":
         * the exchange before the hand being entered, then its dealer */
        status = g_strdup_printf (_("%s · %s deals"), exchange, lw_game_record_current_player (record, dealer));
      else
        status = g_steal_pointer (&exchange);
    }
  else if (garwolf)
    {
      /* SCORING G3: the passing before the hand being entered. */
      const char *passing = lw_passing_to_label (lw_garwolf_passing (record->n_players, n_rounds + 1));

      if (dealer_side != LW_NO_SEAT)
        /* TRANSLATORS: "Hand 2 · Ben deals · Pass two cards right": the hand being
         * entered, its dealer and the passing before it */
        status = g_strdup_printf (_("Hand %u · %s deals · %s"),
                                  n_rounds + 1, lw_game_record_current_player (record, dealer), passing);
      else
        /* TRANSLATORS: "Hand 2 · Pass two cards right" */
        status = g_strdup_printf (_("Hand %u · %s"), n_rounds + 1, passing);
    }
  else if (dealer_side != LW_NO_SEAT && (skipped = describe_skipped (record, standings)) != NULL)
    /* TRANSLATORS: "Round 4 · Ben owes a deal: Cleo deals" */
    status = g_strdup_printf (_("Round %u · %s"), n_rounds + 1, skipped);
  else if (dealer_side != LW_NO_SEAT)
    {
      g_autofree char *name = lw_isolate_name (lw_game_record_current_player (record, dealer));

      /* TRANSLATORS: "Round 4 · Ann deals": the round being entered and its dealer */
      status = g_strdup_printf (_("Round %u · %s deals"), n_rounds + 1, name);
    }
  else
    status = g_strdup_printf (_("Round %u"), n_rounds + 1);
  gtk_label_set_text (self->status_label, status);

  if (standings->finished)
    {
      lw_label_set_shown_text (self->hand_label, NULL);
      lw_label_set_shown_text (self->deal_label, NULL);
      lw_label_set_shown_text (self->warning_label, NULL);
    }
  else
    {
      g_autofree char *hand = describe_hand (record);
      g_autofree char *owed = describe_owed (record, standings);
      g_autofree char *danger = describe_skunk_danger (record, standings);

      lw_label_set_shown_text (self->hand_label, hand);
      lw_label_set_shown_text (self->deal_label, owed);
      lw_label_set_shown_text (self->warning_label, danger);
    }

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
            {
              g_autofree char *name = lw_isolate_name (lw_game_record_current_player (record, dealer));

              /* TRANSLATORS: on a side of partners: which of them deals, "Dev deals" */
              badge = dealer_badge = g_strdup_printf (_("%s deals"), name);
            }
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

        const char *more = *needs ? needs : (badge ? badge : "");

        accessible = *more != '\0'
          /* TRANSLATORS: read by a screen reader: "Ann, 5 points, needs 10 to win" */
          ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d point, %s", "%s, %d points, %s",
                                          (gulong) ABS (standings->scores[i])),
                             (const char *) g_ptr_array_index (standings->sides, i),
                             standings->scores[i], more)
          /* TRANSLATORS: read by a screen reader: "Ann, 5 points" */
          : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d point", "%s, %d points",
                                          (gulong) ABS (standings->scores[i])),
                             (const char *) g_ptr_array_index (standings->sides, i),
                             standings->scores[i]);
        /* The card's lines, read as one sentence. */
        {
          g_auto (GStrv) lines = g_strsplit (accessible, "\n", -1);

          g_free (accessible);
          accessible = g_strjoinv (", ", lines);
        }
        if ((int) i == dealer_side)
          {
            /* The dealer's side is marked in words too, not by colour alone. */
            char *with_dealer = g_strdup_printf ("%s, %s", accessible,
                                                 /* TRANSLATORS: read by a screen reader after a side's score */
                                                 _("deals next"));

            g_free (accessible);
            accessible = with_dealer;
          }
        gtk_accessible_update_property (GTK_ACCESSIBLE (side->card),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                        -1);
        g_free (side->accessible);
        side->accessible = g_steal_pointer (&accessible);
      }
    }
}

void
lw_scoreboard_set_king_and_knave (LwScoreboard  *self,
                             gboolean  king_and_knave)
{
  g_return_if_fail (LW_IS_SCOREBOARD (self));

  self->king_and_knave = !!king_and_knave;
}

guint
lw_scoreboard_get_n_sides (LwScoreboard *self)
{
  g_return_val_if_fail (LW_IS_SCOREBOARD (self), 0);

  return self->n_sides;
}

const char *
lw_scoreboard_get_score_text (LwScoreboard *self,
                         guint    side)
{
  g_return_val_if_fail (LW_IS_SCOREBOARD (self), NULL);
  g_return_val_if_fail (side < self->n_sides, NULL);

  return gtk_label_get_text (self->sides[side].score);
}

const char *
lw_scoreboard_get_accessible_text (LwScoreboard *self,
                              guint    side)
{
  g_return_val_if_fail (LW_IS_SCOREBOARD (self), NULL);
  g_return_val_if_fail (side < self->n_sides, NULL);

  return self->sides[side].accessible != NULL ? self->sides[side].accessible : "";
}

const char *
lw_scoreboard_get_needs_text (LwScoreboard *self,
                         guint    side)
{
  g_return_val_if_fail (LW_IS_SCOREBOARD (self), NULL);
  g_return_val_if_fail (side < self->n_sides, NULL);

  return gtk_label_get_text (self->sides[side].needs);
}

const char *
lw_scoreboard_get_badge_text (LwScoreboard *self,
                         guint    side)
{
  g_return_val_if_fail (LW_IS_SCOREBOARD (self), NULL);
  g_return_val_if_fail (side < self->n_sides, NULL);

  return lw_label_get_shown_text (self->sides[side].badge);
}

const char *
lw_scoreboard_get_status_text (LwScoreboard *self)
{
  g_return_val_if_fail (LW_IS_SCOREBOARD (self), NULL);

  return gtk_label_get_text (self->status_label);
}

const char *
lw_scoreboard_get_hand_text (LwScoreboard *self)
{
  g_return_val_if_fail (LW_IS_SCOREBOARD (self), NULL);

  return gtk_label_get_text (self->hand_label);
}

const char *
lw_scoreboard_get_deal_text (LwScoreboard *self)
{
  g_return_val_if_fail (LW_IS_SCOREBOARD (self), NULL);

  return gtk_label_get_text (self->deal_label);
}

const char *
lw_scoreboard_get_warning_text (LwScoreboard *self)
{
  g_return_val_if_fail (LW_IS_SCOREBOARD (self), NULL);

  return gtk_label_get_text (self->warning_label);
}

static void
lw_scoreboard_dispose (GObject *object)
{
  LwScoreboard *self = LW_SCOREBOARD (object);

  for (guint i = 0; i < G_N_ELEMENTS (self->sides); i++)
    g_clear_pointer (&self->sides[i].accessible, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (object), LW_TYPE_SCOREBOARD);

  G_OBJECT_CLASS (lw_scoreboard_parent_class)->dispose (object);
}

static void
lw_scoreboard_class_init (LwScoreboardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_scoreboard_dispose;

  /* the template keeps its name: its resource path is unchanged */
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-board.ui");
  gtk_widget_class_bind_template_child (widget_class, LwScoreboard, status_label);
  gtk_widget_class_bind_template_child (widget_class, LwScoreboard, hand_label);
  gtk_widget_class_bind_template_child (widget_class, LwScoreboard, deal_label);
  gtk_widget_class_bind_template_child (widget_class, LwScoreboard, warning_label);
  gtk_widget_class_bind_template_child (widget_class, LwScoreboard, sides_box);
  gtk_widget_class_set_css_name (widget_class, "board");
}

static void
lw_scoreboard_init (LwScoreboard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
