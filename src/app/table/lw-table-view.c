/* lw-table-view.c — the virtual table drawn in one widget
 *
 * Everything is drawn in snapshot(): the cards as textures from the card
 * renderer (drawn once per size), the words and marks with Cairo. The
 * layout is computed from the widget's size on every frame, and the same
 * function places the hand's cards for clicks (lw-table-view-layout.c).
 * This file is the widget: what it reads of the table, the viewer's hand,
 * the snapshot, the animation, its input and its API; the seat boxes, the
 * Pups and the score board are drawn by lw-table-view-boxes.c, the trick
 * by lw-table-view-trick.c, with the helpers of lw-table-view-paint.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "lw-table-view.h"
#include "lw-table-view-private.h"

/* An animation lasts this long (skippable by a click or any key). */
#define ANIMATION_US (240 * 1000)

G_DEFINE_FINAL_TYPE (LwTableView, lw_table_view, GTK_TYPE_WIDGET)

enum {
  SIGNAL_SELECTION_CHANGED,
  SIGNAL_ACTIVATE_PLAY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------ */
/* Reading the table                                                    */
/* ------------------------------------------------------------------ */

guint
lw_table_view_n_seats (LwTableView *self)
{
  return self->table != NULL ? lw_table_get_n_players (self->table) : 0;
}

static const LwCard *
viewer_hand (LwTableView *self,
             guint       *n)
{
  *n = 0;
  if (self->table == NULL || self->viewer < 0)
    return NULL;
  return lw_table_get_hand (self->table, self->viewer, n);
}

const char *
lw_table_view_seat_name (LwTableView *self,
                         int          seat)
{
  if (seat >= 0 && seat < LW_MAX_SEATS && self->names[seat] != NULL)
    return self->names[seat];
  return "";
}

/* The place of each suit when the hand is sorted by suit: black and red
 * in turn, the Den cards last. */
static guint
suit_place (LwCard card)
{
  switch (lw_card_suit (card))
    {
    case LW_SUIT_SPADES: return 0;
    case LW_SUIT_HEARTS: return 1;
    case LW_SUIT_CLUBS: return 2;
    case LW_SUIT_DIAMONDS: return 3;
    case LW_SUIT_NONE:
    default: return 4;
    }
}

guint
lw_table_view_hand_order (LwTableView *self,
                          guint       *order)
{
  guint n = 0, p = 0;
  const LwCard *hand = viewer_hand (self, &n);

  if (!self->by_suit)
    {
      for (guint i = 0; i < n; i++)
        order[i] = i;
      return n;
    }
  for (guint place = 0; place <= 4; place++)
    for (guint i = 0; i < n; i++)
      if (suit_place (hand[i]) == place)
        order[p++] = i;
  return n;
}

static gboolean
viewer_to_play (LwTableView *self)
{
  return self->table != NULL && self->interactive
         && lw_table_get_turn (self->table) == self->viewer;
}

/* Counts of each face in @cards. */
static void
face_counts (const LwCard *cards,
             guint         n,
             guint8       *counts)
{
  memset (counts, 0, LW_N_FACES);
  for (guint i = 0; i < n; i++)
    counts[lw_card_face (cards[i])]++;
}

static void
update_legal (LwTableView *self)
{
  g_array_set_size (self->leads, 0);
  g_array_set_size (self->follows, 0);
  if (!viewer_to_play (self) || lw_table_get_phase (self->table) != LW_PHASE_PLAY)
    return;
  if (lw_table_get_lead (self->table) == NULL)
    lw_table_legal_leads (self->table, self->leads);
  else
    lw_table_legal_follows (self->table, self->follows);
}

gboolean
lw_table_view_card_is_dimmed (LwTableView *self,
                              guint        index)
{
  guint n;
  const LwCard *hand;

  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), FALSE);

  hand = viewer_hand (self, &n);
  if (index >= n || !viewer_to_play (self) || lw_table_get_phase (self->table) != LW_PHASE_PLAY)
    return FALSE;

  if (lw_table_get_lead (self->table) != NULL)
    {
      for (guint k = 0; k < self->follows->len; k++)
        if (g_array_index (self->follows, guint32, k) & (1u << index))
          return FALSE;
      return TRUE;
    }

  /* Leading: can the selection with this card grow into a legal lead? */
  {
    guint8 want[LW_N_FACES];
    LwCard picked[LW_MAX_HAND];
    guint n_picked = 0;

    if ((self->selection & ~(1u << index)) == 0)
      return FALSE;
    for (guint i = 0; i < n; i++)
      if ((self->selection & (1u << i)) || i == index)
        picked[n_picked++] = hand[i];
    face_counts (picked, n_picked, want);
    for (guint k = 0; k < self->leads->len; k++)
      {
        const LwPlay *lead = &g_array_index (self->leads, LwPlay, k);
        guint8 have[LW_N_FACES];
        gboolean fits = TRUE;

        face_counts (lead->cards, lead->n, have);
        for (guint f = 0; f < LW_N_FACES && fits; f++)
          fits = want[f] <= have[f];
        if (fits)
          return FALSE;
      }
    return TRUE;
  }
}

int
lw_table_view_side_of (LwTableView *self,
                       int          seat)
{
  return self->has_sides && seat >= 0 && seat < LW_MAX_SEATS ? self->sides[seat] : seat;
}

gboolean
lw_table_view_has_partner (LwTableView *self,
                           int          seat)
{
  for (guint s = 0; s < lw_table_view_n_seats (self); s++)
    if ((int) s != seat && lw_table_view_side_of (self, (int) s) == lw_table_view_side_of (self, seat))
      return TRUE;
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* The hand                                                             */
/* ------------------------------------------------------------------ */

/* A card that may not be played: drawn opaque (cards overlap) under a
 * grey veil. */
static void
append_dimmed_card (LwTableView *self,
                    GtkSnapshot *snapshot,
                    guint        face,
                    double       x,
                    double       y,
                    double       w,
                    double       h)
{
  GskRoundedRect clip;
  GdkRGBA veil = { 0.2, 0.2, 0.22, 0.5 };

  lw_table_view_append_card (self, snapshot, face, x, y, w, h, 1);
  gsk_rounded_rect_init_from_rect (&clip, &GRAPHENE_RECT_INIT (x, y, round (w), round (h)),
                                   MIN (w, h) * 0.08);
  gtk_snapshot_push_rounded_clip (snapshot, &clip);
  gtk_snapshot_append_color (snapshot, &veil, &GRAPHENE_RECT_INIT (x, y, round (w), round (h)));
  gtk_snapshot_pop (snapshot);
}

/* The mark over a card the viewer must play: a bar above the part of the
 * card that shows (cards overlap), in the highlight colour. */
static void
draw_obligatory_mark (GtkSnapshot  *snapshot,
                      const Layout *l,
                      guint         i,
                      guint         n,
                      double        y)
{
  const Rect *c = &l->cards[i];
  double w = i + 1 < n ? MIN (c->w, l->cards[i + 1].x - c->x) : c->w;
  GdkRGBA colour = { ((HIGHLIGHT >> 16) & 0xff) / 255.0, ((HIGHLIGHT >> 8) & 0xff) / 255.0,
                     (HIGHLIGHT & 0xff) / 255.0, 1 };
  GskRoundedRect bar;

  w = MAX (w - 4, 6);
  gsk_rounded_rect_init_from_rect (&bar, &GRAPHENE_RECT_INIT (c->x + 2, y - 9, w, 5), 2.5);
  gtk_snapshot_push_rounded_clip (snapshot, &bar);
  gtk_snapshot_append_color (snapshot, &colour, &GRAPHENE_RECT_INIT (c->x + 2, y - 9, w, 5));
  gtk_snapshot_pop (snapshot);
}

static void
draw_hand (LwTableView  *self,
           GtkSnapshot  *snapshot,
           const Layout *l)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint n = 0;
  const LwCard *hand = viewer_hand (self, &n);
  gboolean focus = gtk_widget_has_focus (widget) && self->interactive;
  g_autofree char *line = NULL;
  double bx;
  cairo_t *cr;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (l->hand.x, l->hand.y, l->hand.w, 24));
  if (self->viewer >= 0)
    {
      gboolean to_play = lw_table_get_turn (self->table) == self->viewer;

      /* TRANSLATORS: the player's own line under the table: name, cards won */
      line = g_strdup_printf (_("%s · took %u"), lw_table_view_seat_name (self, self->viewer),
                              lw_table_get_taken (self->table, self->viewer));
      bx = l->hand.x;
      bx += lw_table_view_draw_side_chip (self, cr, self->viewer, bx + 2, l->hand.y + 5, 12);
      if (lw_table_get_dealer (self->table) == self->viewer)
        bx += lw_table_view_draw_badge (widget, cr, _("Dealer"), bx, l->hand.y + 2, 0xffffff, 0x241f31);
      if (lw_table_get_declarer (self->table) == self->viewer)
        bx += lw_table_view_draw_badge (widget, cr, _("Declarer"), bx, l->hand.y + 2, HIGHLIGHT, 0x241f31);
      lw_table_view_draw_text (widget, cr, line, bx + 2, l->hand.y + 2, l->hand.x + l->hand.w - bx - 2,
                               ALIGN_START, 0.95, TRUE, to_play ? HIGHLIGHT : TEXT_ON_FELT);
    }
  cairo_destroy (cr);

  for (guint p = 0; p < n; p++)
    {
      guint i = l->order[p];
      const Rect *c = &l->cards[i];
      gboolean selected = (self->selection & (1u << i)) != 0;
      double y = c->y - (selected ? l->ch * 0.16 : 0);
      if (lw_table_view_card_is_dimmed (self, i))
        append_dimmed_card (self, snapshot, lw_card_face (hand[i]), c->x, y, c->w, c->h);
      else
        lw_table_view_append_card (self, snapshot, lw_card_face (hand[i]), c->x, y, c->w, c->h, 1);
      if ((self->obligatory & (1u << i)) && !selected)
        draw_obligatory_mark (snapshot, l, i, n, y);
      if (selected || (focus && i == self->cursor))
        {
          Rect ring = { c->x - 1.5, y - 1.5, c->w + 3, c->h + 3 };

          cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (ring.x - 4, ring.y - 4,
                                                                         ring.w + 8, ring.h + 8));
          lw_table_view_rounded_rect (cr, &ring, 6);
          if (selected)
            {
              lw_card_renderer_set_hex (cr, HIGHLIGHT, 1);
              cairo_set_line_width (cr, 3);
              cairo_stroke_preserve (cr);
            }
          if (focus && i == self->cursor)
            {
              double dash[] = { 4, 3 };
              lw_card_renderer_set_hex (cr, selected ? 0x241f31 : 0xffffff, 1);
              cairo_set_dash (cr, dash, 2, 0);
              cairo_set_line_width (cr, 2);
              cairo_stroke (cr);
            }
          cairo_destroy (cr);
        }
    }
}

static void
lw_table_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  LwTableView *self = LW_TABLE_VIEW (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  Layout l;
  ShownTrick trick;
  cairo_t *cr;

  {
    GdkRGBA felt;
    guint32 c = lw_table_view_is_dark () ? FELT_DARK : FELT_LIGHT;

    felt = (GdkRGBA) { ((c >> 16) & 0xff) / 255.f, ((c >> 8) & 0xff) / 255.f, (c & 0xff) / 255.f, 1 };
    gtk_snapshot_append_color (snapshot, &felt, &GRAPHENE_RECT_INIT (0, 0, width, height));
  }
  if (self->table == NULL)
    return;

  lw_table_view_compute_layout (self, width, height, &l);

  for (guint s = 0; s < lw_table_view_n_seats (self); s++)
    if ((int) s != self->viewer)
      lw_table_view_draw_seat_box (self, snapshot, &l, (int) s);
  lw_table_view_draw_info (self, snapshot, &l);
  lw_table_view_draw_board (self, snapshot, &l);

  /* The previous trick on its way to the winner. */
  if (self->anim == ANIM_TAKE && self->previous != NULL
      && lw_table_view_shown_trick (self, self->previous, TRUE, &trick))
    lw_table_view_draw_trick (self, snapshot, &l, &trick, 1 - self->anim_progress * 0.8,
                              lw_table_view_ease_out (self->anim_progress) + 0.001);

  if (lw_table_view_shown_trick (self, self->table, self->show_last, &trick))
    {
      if (self->show_last || trick.n_plays > 0)
        lw_table_view_draw_trick (self, snapshot, &l, &trick, 1, 0);
      if (self->show_last || trick.n_plays > 0)
        {
          g_autofree char *title = NULL;

          if (self->show_last)
            /* TRANSLATORS: shown above the last trick while it is reviewed */
            title = g_strdup (self->last_title != NULL ? self->last_title : _("Last trick"));
          else if (self->anim != ANIM_TAKE)
            title = lw_table_view_trick_title (self, &trick);
          if (title != NULL)
            {
              cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (l.trick.x, l.trick.y, l.trick.w, 24));
              lw_table_view_draw_text (widget, cr, title, l.trick.x, l.trick.y, l.trick.w, ALIGN_CENTER, 0.9, TRUE,
                                       HIGHLIGHT);
              cairo_destroy (cr);
            }
        }
    }

  draw_hand (self, snapshot, &l);
}

/* ------------------------------------------------------------------ */
/* Animation                                                            */
/* ------------------------------------------------------------------ */

double
lw_table_view_ease_out (double p)
{
  return 1 - (1 - p) * (1 - p) * (1 - p);
}

static gboolean
animations_enabled (LwTableView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return enabled && gtk_widget_get_mapped (GTK_WIDGET (self));
}

void
lw_table_view_skip_animation (LwTableView *self)
{
  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  self->anim = ANIM_NONE;
  self->anim_progress = 1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  LwTableView *self = LW_TABLE_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->anim_start == 0)
    self->anim_start = now;
  self->anim_progress = CLAMP ((double) (now - self->anim_start) / ANIMATION_US, 0, 1);
  gtk_widget_queue_draw (widget);
  if (self->anim_progress >= 1)
    {
      self->tick_id = 0;
      self->anim = ANIM_NONE;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
start_animation (LwTableView *self,
                 AnimKind     kind)
{
  lw_table_view_skip_animation (self);
  if (!animations_enabled (self))
    return;
  self->anim = kind;
  self->anim_start = 0;
  self->anim_progress = 0;
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
}

/* ------------------------------------------------------------------ */
/* Public API                                                           */
/* ------------------------------------------------------------------ */

static void
update_accessible (LwTableView *self)
{
  guint n = 0;
  const LwCard *hand = viewer_hand (self, &n);
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = lw_card_face_name (lw_card_face (hand[i]));

      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, name);
      if (self->selection & (1u << i))
        /* TRANSLATORS: read after a selected card by screen readers */
        g_string_append (text, _(" (selected)"));
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str, -1);
}

void
lw_table_view_set_table (LwTableView       *self,
                         const LwTable     *table,
                         int                viewer,
                         const char *const *names,
                         const int         *scores,
                         gboolean           interactive)
{
  guint old_hand = 0, new_hand = 0;
  gboolean same_viewer;
  AnimKind kind = ANIM_NONE;

  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  /* A new table: who is winning it is given again, or the engine's. */
  self->winning_given = FALSE;

  same_viewer = self->viewer == viewer && self->table != NULL;
  if (self->table != NULL && viewer >= 0)
    lw_table_get_hand (self->table, viewer, &old_hand);

  /* What changed since the last table: one play, or a trick taken. */
  if (self->table != NULL && table != NULL
      && lw_table_get_n_players (self->table) == lw_table_get_n_players (table)
      && lw_table_get_log (table)->len == lw_table_get_log (self->table)->len + 1)
    {
      guint old_cur = 0, new_cur = 0;
      guint old_tricks = lw_table_get_tricks (self->table)->len;
      guint new_tricks = lw_table_get_tricks (table)->len;

      lw_table_get_current (self->table, &old_cur);
      lw_table_get_current (table, &new_cur);
      if (new_tricks == old_tricks && new_cur == old_cur + 1 && old_cur == 0 && old_tricks > 0)
        kind = ANIM_TAKE;
      else if ((new_tricks == old_tricks && new_cur == old_cur + 1)
               || (new_tricks == old_tricks + 1 && new_cur == 0))
        kind = ANIM_PLAY;
    }

  g_clear_pointer (&self->previous, lw_table_free);
  self->previous = g_steal_pointer (&self->table);
  self->table = table != NULL ? lw_table_copy (table) : NULL;
  self->viewer = viewer;
  self->interactive = interactive;
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    {
      g_clear_pointer (&self->names[s], g_free);
      if (names != NULL && table != NULL && s < lw_table_get_n_players (table))
        self->names[s] = g_strdup (names[s]);
      self->scores[s] = scores != NULL && table != NULL && s < lw_table_get_n_players (table) ? scores[s] : 0;
    }
  self->has_scores = scores != NULL;

  if (self->table != NULL && viewer >= 0)
    lw_table_get_hand (self->table, viewer, &new_hand);
  if (!same_viewer || new_hand != old_hand)
    {
      self->selection = 0;
      self->cursor = 0;
    }
  if (self->cursor >= new_hand)
    self->cursor = new_hand > 0 ? new_hand - 1 : 0;
  self->show_last = FALSE;

  update_legal (self);
  update_accessible (self);
  if (kind != ANIM_NONE)
    start_animation (self, kind);
  else
    lw_table_view_skip_animation (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0);
}

void
lw_table_view_set_sides (LwTableView *self,
                         const int   *side_of)
{
  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  self->has_sides = side_of != NULL;
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    self->sides[s] = side_of != NULL ? side_of[s] : (int) s;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lw_table_view_set_sort_by_suit (LwTableView *self,
                                gboolean     by_suit)
{
  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  by_suit = !!by_suit;
  if (self->by_suit == by_suit)
    return;
  self->by_suit = by_suit;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
lw_table_view_get_sort_by_suit (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), FALSE);

  return self->by_suit;
}

guint
lw_table_view_get_hand_order (LwTableView *self,
                              guint       *order)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), 0);
  g_return_val_if_fail (order != NULL, 0);

  return lw_table_view_hand_order (self, order);
}

int
lw_table_view_get_viewer (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), LW_NO_SEAT);

  return self->viewer;
}

guint32
lw_table_view_get_selection (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), 0);

  return self->selection;
}

void
lw_table_view_set_selection (LwTableView *self,
                             guint32      mask)
{
  guint n = 0;

  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  viewer_hand (self, &n);
  mask &= n >= 32 ? G_MAXUINT32 : (1u << n) - 1;
  if (mask == self->selection)
    return;
  self->selection = mask;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0);
}

void
lw_table_view_toggle_card (LwTableView *self,
                           guint        index)
{
  guint n = 0;

  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  viewer_hand (self, &n);
  if (index >= n)
    return;
  self->cursor = index;
  if (self->selection & (1u << index))
    lw_table_view_set_selection (self, self->selection & ~(1u << index));
  else if (lw_table_get_phase (self->table) == LW_PHASE_PLAY && lw_table_get_lead (self->table) == NULL
           && lw_table_view_card_is_dimmed (self, index))
    lw_table_view_set_selection (self, 1u << index);
  else
    lw_table_view_set_selection (self, self->selection | (1u << index));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
lw_table_view_get_cursor (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), 0);

  return self->cursor;
}

void
lw_table_view_set_show_last_trick (LwTableView *self,
                                   gboolean     show)
{
  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  self->show_last = show;
  lw_table_view_skip_animation (self);
}

void
lw_table_view_set_last_trick_title (LwTableView *self,
                                    const char  *title)
{
  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  if (g_strcmp0 (self->last_title, title) == 0)
    return;
  g_free (self->last_title);
  self->last_title = g_strdup (title);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
lw_table_view_get_show_last_trick (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), FALSE);

  return self->show_last;
}

/* ------------------------------------------------------------------ */
/* Input                                                                */
/* ------------------------------------------------------------------ */

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            LwTableView     *self)
{
  Layout l;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->anim != ANIM_NONE)
    {
      lw_table_view_skip_animation (self);
      return;
    }
  if (self->show_last)
    {
      self->show_last = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  if (!self->interactive || self->table == NULL)
    return;

  lw_table_view_compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
                                gtk_widget_get_height (GTK_WIDGET (self)), &l);
  /* The topmost card under the pointer: the last drawn. */
  for (guint p = l.n_cards; p-- > 0;)
    {
      guint i = l.order[p];
      const Rect *c = &l.cards[i];
      double raise = (self->selection & (1u << i)) ? l.ch * 0.16 : 0;

      if (x >= c->x && x < c->x + c->w && y >= c->y - raise && y < c->y + c->h - raise)
        {
          lw_table_view_toggle_card (self, i);
          return;
        }
    }
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                LwTableView           *self)
{
  guint n = 0, place = 0;
  guint order[LW_MAX_HAND];

  if (self->anim != ANIM_NONE)
    {
      lw_table_view_skip_animation (self);
      return GDK_EVENT_STOP;
    }
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return GDK_EVENT_PROPAGATE;
  n = lw_table_view_hand_order (self, order);
  if (!self->interactive || n == 0)
    return GDK_EVENT_PROPAGATE;
  /* The arrows move along the cards as shown. */
  for (guint p = 0; p < n; p++)
    if (order[p] == self->cursor)
      place = p;

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      self->cursor = order[place > 0 ? place - 1 : 0];
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      self->cursor = order[MIN (place + 1, n - 1)];
      break;
    case GDK_KEY_Home:
      self->cursor = order[0];
      break;
    case GDK_KEY_End:
      self->cursor = order[n - 1];
      break;
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      lw_table_view_toggle_card (self, self->cursor);
      break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      g_signal_emit (self, signals[SIGNAL_ACTIVATE_PLAY], 0);
      break;
    default:
      return GDK_EVENT_PROPAGATE;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return GDK_EVENT_STOP;
}

static void
focus_changed_cb (LwTableView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ------------------------------------------------------------------ */
/* GObject                                                              */
/* ------------------------------------------------------------------ */

static void
lw_table_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 300;
      *natural = 900;
    }
  else
    {
      *minimum = 380;
      *natural = 600;
    }
}

static void
lw_table_view_dispose (GObject *object)
{
  LwTableView *self = LW_TABLE_VIEW (object);

  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;

  G_OBJECT_CLASS (lw_table_view_parent_class)->dispose (object);
}

static void
lw_table_view_finalize (GObject *object)
{
  LwTableView *self = LW_TABLE_VIEW (object);

  g_clear_pointer (&self->table, lw_table_free);
  g_clear_pointer (&self->previous, lw_table_free);
  g_clear_pointer (&self->last_title, g_free);
  g_clear_object (&self->renderer);
  g_clear_pointer (&self->leads, g_array_unref);
  g_clear_pointer (&self->follows, g_array_unref);
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    g_free (self->names[s]);

  G_OBJECT_CLASS (lw_table_view_parent_class)->finalize (object);
}

static void
lw_table_view_class_init (LwTableViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_table_view_dispose;
  object_class->finalize = lw_table_view_finalize;
  widget_class->snapshot = lw_table_view_snapshot;
  widget_class->measure = lw_table_view_measure;

  /**
   * LwTableView::selection-changed:
   *
   * The selected cards changed (a click, Space, a new table).
   */
  signals[SIGNAL_SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * LwTableView::activate-play:
   *
   * Enter was pressed: play the selected cards.
   */
  signals[SIGNAL_ACTIVATE_PLAY] =
    g_signal_new ("activate-play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "tableview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
lw_table_view_init (LwTableView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->renderer = lw_card_renderer_new ();
  self->leads = g_array_new (FALSE, FALSE, sizeof (LwPlay));
  self->follows = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->viewer = LW_NO_SEAT;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Card table"), -1);

  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_changed_cb), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}

void
lw_table_view_set_obligatory (LwTableView *self,
                              guint32      mask)
{
  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  if (self->obligatory == mask)
    return;
  self->obligatory = mask;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lw_table_view_set_winning_seat (LwTableView *self,
                                int          seat)
{
  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  self->winning_seat = seat;
  self->winning_given = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint32
lw_table_view_get_obligatory (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), 0);

  return self->obligatory;
}
