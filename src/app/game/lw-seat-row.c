/* lw-seat-row.c — one seat's counts in the round form
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-seat-row-private.h"

struct _LwSeatRow
{
  AdwExpanderRow parent_instance;

  /* template widgets */
  GtkSpinButton *cards_spin;
  GtkWidget *court_box;
  GtkSpinButton *court_spin;
  GtkWidget *garwolves_box;
  AdwActionRow *worms_row;
  GtkSpinButton *worms_spin;
  AdwActionRow *gongs_row;
  GtkSpinButton *gongs_spin;
  AdwActionRow *bears_row;
  GtkSpinButton *bears_spin;
  AdwActionRow *wolves_row;
  GtkSpinButton *wolves_spin;
  GtkSpinButton *garwolves_spin;
  AdwActionRow *unpegged_row;
  GtkSwitch *unpegged_switch;

  LwRuleset ruleset;
};

G_DEFINE_FINAL_TYPE (LwSeatRow, lw_seat_row, ADW_TYPE_EXPANDER_ROW)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

GtkWidget *
lw_seat_row_new (void)
{
  return g_object_new (LW_TYPE_SEAT_ROW, NULL);
}

GtkSpinButton *
lw_seat_row_get_spin (LwSeatRow   *self,
                      LwSeatCount  which)
{
  g_return_val_if_fail (LW_IS_SEAT_ROW (self), NULL);

  switch (which)
    {
    case LW_SEAT_COUNT_CARDS: return self->cards_spin;
    case LW_SEAT_COUNT_WORMS: return self->worms_spin;
    case LW_SEAT_COUNT_GONGS: return self->gongs_spin;
    case LW_SEAT_COUNT_BEARS: return self->bears_spin;
    case LW_SEAT_COUNT_WOLVES: return self->wolves_spin;
    case LW_SEAT_COUNT_COURT: return self->court_spin;
    case LW_SEAT_COUNT_GARWOLVES: return self->garwolves_spin;
    case LW_N_SEAT_COUNTS:
    default:
      g_return_val_if_reached (NULL);
    }
}

int
lw_seat_row_get_count (LwSeatRow   *self,
                       LwSeatCount  which)
{
  return lw_spin_get_int (lw_seat_row_get_spin (self, which));
}

void
lw_seat_row_set_count (LwSeatRow   *self,
                       LwSeatCount  which,
                       int          value)
{
  gtk_spin_button_set_value (lw_seat_row_get_spin (self, which), value);
}

gboolean
lw_seat_row_get_unpegged (LwSeatRow *self)
{
  g_return_val_if_fail (LW_IS_SEAT_ROW (self), FALSE);

  return gtk_switch_get_active (self->unpegged_switch);
}

void
lw_seat_row_set_unpegged (LwSeatRow *self,
                          gboolean   unpegged)
{
  g_return_if_fail (LW_IS_SEAT_ROW (self));

  gtk_switch_set_active (self->unpegged_switch, unpegged);
}

/* Returns @text after a separator when it holds something already. */
static GString *
separated (GString *text)
{
  if (text->len > 0)
    g_string_append (text, ", ");
  return text;
}

static void
update_subtitle (LwSeatRow *self)
{
  g_autoptr (GString) text = g_string_new (NULL);
  int n;

  /* Garwolf: both counts are in the row itself. */
  if (self->ruleset == LW_RULESET_GARWOLF)
    {
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self), "");
      return;
    }

  /* TRANSLATORS: Den cards among a seat's won cards */
  if ((n = lw_seat_row_get_count (self, LW_SEAT_COUNT_WORMS)) > 0)
    g_string_append_printf (separated (text), g_dngettext (GETTEXT_PACKAGE, "%d Worm", "%d Worms", n), n);
  if ((n = lw_seat_row_get_count (self, LW_SEAT_COUNT_GONGS)) > 0)
    g_string_append_printf (separated (text), g_dngettext (GETTEXT_PACKAGE, "%d Gong", "%d Gongs", n), n);
  if ((n = lw_seat_row_get_count (self, LW_SEAT_COUNT_BEARS)) > 0)
    g_string_append_printf (separated (text), g_dngettext (GETTEXT_PACKAGE, "%d Big Bear", "%d Big Bears", n), n);
  if ((n = lw_seat_row_get_count (self, LW_SEAT_COUNT_WOLVES)) > 0)
    g_string_append_printf (separated (text), g_dngettext (GETTEXT_PACKAGE, "%d Little Wolf", "%d Little Wolves", n), n);
  if (text->len == 0)
    /* TRANSLATORS: Den cards are the Worms, Gongs, Big Bears and Little Wolves */
    g_string_append (text, _("No Den cards"));

  if (lw_seat_row_get_unpegged (self))
    /* TRANSLATORS: this seat did not peg its gains in time (SCORING R22) */
    g_string_append (text, _(" · not pegged"));

  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self), text->str);
}

static void
count_changed_cb (GtkEditable *editable,
                  LwSeatRow   *self)
{
  update_subtitle (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
unpegged_changed_cb (LwSeatRow *self)
{
  update_subtitle (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
count_activate_cb (GtkText   *text,
                   LwSeatRow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "round-form.submit", NULL);
}

static void
set_range (GtkSpinButton *spin,
           int            upper)
{
  GtkAdjustment *adjustment = gtk_spin_button_get_adjustment (spin);

  gtk_adjustment_configure (adjustment, 0, 0, MAX (upper, 0), 1, upper > 10 ? 5 : 1, 0);
}

/* The expander's arrow, shown only when there is something to expand. */
static void
set_arrow_visible (GtkWidget *widget,
                   gboolean   visible)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_IMAGE (child) && gtk_widget_has_css_class (child, "expander-row-arrow"))
        gtk_widget_set_visible (child, visible);
      else if (!GTK_IS_REVEALER (child))
        set_arrow_visible (child, visible);
    }
}

/* Alt+↓ in a count opens the seat's Den cards, Alt+↑ closes them. */
static gboolean
expand_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  LwSeatRow *self = LW_SEAT_ROW (widget);
  gboolean expand = GPOINTER_TO_INT (user_data);

  if (self->ruleset != LW_RULESET_LITTLE_WOLF)
    return FALSE;

  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (self), expand);
  gtk_widget_grab_focus (GTK_WIDGET (expand ? self->worms_spin : self->cards_spin));

  return TRUE;
}

void
lw_seat_row_configure (LwSeatRow  *self,
                       LwRuleset   ruleset,
                       const char *name,
                       guint       n_players)
{
  gboolean garwolf = ruleset == LW_RULESET_GARWOLF;
  int dens = 2 * (int) lw_decks (n_players);

  g_return_if_fail (LW_IS_SEAT_ROW (self));

  self->ruleset = ruleset;
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), name);

  /* The ranges are the most a count can be (R1, R5, G1); the engine
   * checks the rest. */
  set_range (self->cards_spin, (int) lw_total_cards (n_players));
  set_range (self->worms_spin, dens);
  set_range (self->gongs_spin, dens);
  set_range (self->bears_spin, dens);
  set_range (self->wolves_spin, dens);
  set_range (self->court_spin, LW_GARWOLF_COURT_CARDS);
  set_range (self->garwolves_spin, (int) lw_garwolves (n_players));

  gtk_widget_set_visible (GTK_WIDGET (self->cards_spin), !garwolf);
  gtk_widget_set_visible (self->court_box, garwolf);
  gtk_widget_set_visible (self->garwolves_box, garwolf);
  gtk_widget_set_visible (GTK_WIDGET (self->worms_row), !garwolf);
  gtk_widget_set_visible (GTK_WIDGET (self->gongs_row), !garwolf);
  gtk_widget_set_visible (GTK_WIDGET (self->bears_row), !garwolf);
  gtk_widget_set_visible (GTK_WIDGET (self->wolves_row), !garwolf);
  gtk_widget_set_visible (GTK_WIDGET (self->unpegged_row), !garwolf);
  /* Garwolf: nothing to expand. */
  adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (self), !garwolf);
  set_arrow_visible (GTK_WIDGET (self), !garwolf);

  {
    g_autofree char *label = NULL;

    /* TRANSLATORS: the accessible name of a seat's main count, %s is the player */
    label = g_strdup_printf (garwolf ? _("Court cards won by %s") : _("Cards won by %s"), name);
    gtk_accessible_update_property (GTK_ACCESSIBLE (garwolf ? self->court_spin : self->cards_spin),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                    -1);
    if (garwolf)
      {
        g_autofree char *garwolves = NULL;

        /* TRANSLATORS: the accessible name of a seat's Garwolves count, %s is the player */
        garwolves = g_strdup_printf (_("Garwolves won by %s"), name);
        gtk_accessible_update_property (GTK_ACCESSIBLE (self->garwolves_spin),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, garwolves,
                                        -1);
      }
  }

  lw_seat_row_reset (self);
}

void
lw_seat_row_reset (LwSeatRow *self)
{
  g_return_if_fail (LW_IS_SEAT_ROW (self));

  for (guint i = 0; i < LW_N_SEAT_COUNTS; i++)
    {
      GtkSpinButton *spin = lw_seat_row_get_spin (self, i);

      gtk_spin_button_set_value (spin, 0);
      /* The value may have been 0 already while the text said otherwise. */
      gtk_editable_set_text (GTK_EDITABLE (spin), "0");
    }
  gtk_switch_set_active (self->unpegged_switch, FALSE);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (self), FALSE);
  update_subtitle (self);
}

void
lw_seat_row_focus (LwSeatRow *self)
{
  g_return_if_fail (LW_IS_SEAT_ROW (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->ruleset == LW_RULESET_GARWOLF ? self->court_spin
                                                                          : self->cards_spin));
}

static void
lw_seat_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), LW_TYPE_SEAT_ROW);

  G_OBJECT_CLASS (lw_seat_row_parent_class)->dispose (object);
}

static void
lw_seat_row_class_init (LwSeatRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_seat_row_dispose;

  /**
   * LwSeatRow::changed:
   *
   * A count or the pegging switch changed (typed or stepped).
   */
  signals[CHANGED] = g_signal_new ("changed",
                                   G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-seat-row.ui");
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, cards_spin);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, court_box);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, court_spin);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, garwolves_box);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, worms_row);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, worms_spin);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, gongs_row);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, gongs_spin);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, bears_row);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, bears_spin);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, wolves_row);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, wolves_spin);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, garwolves_spin);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, unpegged_row);
  gtk_widget_class_bind_template_child (widget_class, LwSeatRow, unpegged_switch);
}

static void
lw_seat_row_init (LwSeatRow *self)
{
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < LW_N_SEAT_COUNTS; i++)
    {
      GtkSpinButton *spin = lw_seat_row_get_spin (self, i);

      lw_spin_connect_changed (spin, G_CALLBACK (count_changed_cb), self);
      lw_spin_connect_activate (spin, G_CALLBACK (count_activate_cb), self);
      /* Ctrl+Z on the game page takes back a round, never a digit. */
      gtk_editable_set_enable_undo (GTK_EDITABLE (spin), FALSE);
    }

  /* Tab goes from count to count: the rows around them take no focus. */
  lw_row_pass_focus (GTK_WIDGET (self));
  lw_row_pass_focus (GTK_WIDGET (self->worms_row));
  lw_row_pass_focus (GTK_WIDGET (self->gongs_row));
  lw_row_pass_focus (GTK_WIDGET (self->bears_row));
  lw_row_pass_focus (GTK_WIDGET (self->wolves_row));
  lw_row_pass_focus (GTK_WIDGET (self->unpegged_row));

  shortcuts = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Down, GDK_ALT_MASK),
                                                          gtk_callback_action_new (expand_cb, GINT_TO_POINTER (TRUE), NULL)));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Up, GDK_ALT_MASK),
                                                          gtk_callback_action_new (expand_cb, GINT_TO_POINTER (FALSE), NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  g_signal_connect_swapped (self->unpegged_switch, "notify::active",
                            G_CALLBACK (unpegged_changed_cb), self);
}
