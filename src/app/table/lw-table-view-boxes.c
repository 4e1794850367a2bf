/* lw-table-view-boxes.c — the boxes around the trick: each other seat's
 * box (its name wrapped after its side's chip, its badges, the backs of
 * its hand, its counts), the Pups and trump, and the score board (a line
 * per side, its players wrapped); and lw_table_view_measure_names(), the
 * same layout for the UI tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "lw-table-view-private.h"

/* A seat box's name lines may take this many lines, the score board's
 * players this many per side. */
#define SEAT_NAME_LINES 3
#define BOARD_LINES 4

/* The score board's lines: one per side, in the order of their first seat;
 * @first[k] is the first seat of line k. */
static guint
board_lines (LwTableView *self,
             int         *first)
{
  guint n = 0;

  for (guint s = 0; s < lw_table_view_n_seats (self); s++)
    {
      gboolean seen = FALSE;

      for (guint k = 0; k < n && !seen; k++)
        seen = lw_table_view_side_of (self, first[k]) == lw_table_view_side_of (self, (int) s);
      if (!seen)
        first[n++] = (int) s;
    }
  return n;
}

/* The room a side's chip takes before a seat box's name. */
#define SEAT_CHIP_ROOM 14

/* The placeholder of the chip before a name (U+FFFC, then U+2060 so that
 * no line breaks after it), its length in bytes. */
#define CHIP_PLACEHOLDER "\xef\xbf\xbc"
#define CHIP_PLACEHOLDER_LEN 3

PangoLayout *
lw_table_view_seat_name_layout (LwTableView *self,
                                gboolean     narrow,
                                int          seat,
                                double       box_w)
{
  gboolean chip = lw_table_view_has_partner (self, seat);
  g_autofree char *text = g_strconcat (chip ? CHIP_PLACEHOLDER : "", lw_table_view_seat_name (self, seat), NULL);
  PangoLayout *layout = lw_table_view_wrapped_layout (GTK_WIDGET (self), text, narrow ? 0.8 : 0.95, TRUE,
                                                      (int) box_w - 12, SEAT_NAME_LINES, TRUE);

  if (chip)
    {
      PangoRectangle room = { 0, -10 * PANGO_SCALE, SEAT_CHIP_ROOM * PANGO_SCALE, 10 * PANGO_SCALE };
      PangoAttrList *attrs = pango_attr_list_new ();
      PangoAttribute *shape = pango_attr_shape_new (&room, &room);

      shape->start_index = 0;
      shape->end_index = 3;
      pango_attr_list_insert (attrs, shape);
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  return layout;
}

char *
lw_table_view_seat_counts (guint    n_hand,
                           guint    taken,
                           gboolean split)
{
  if (split)
    {
      /* TRANSLATORS: a seat's cards in hand, the first line of two in a narrow seat box */
      g_autofree char *hand = g_strdup_printf (_("%u in hand"), n_hand);
      /* TRANSLATORS: a seat's cards won in tricks, the second line of two in a narrow seat box */
      g_autofree char *took = g_strdup_printf (_("took %u"), taken);

      return g_strconcat (hand, "\n", took, NULL);
    }
  /* TRANSLATORS: a seat's cards in hand and cards won in tricks, short */
  return g_strdup_printf (_("%u in hand · took %u"), n_hand, taken);
}

/* The score board's players of line @k (first seat @first): "Ann & Cleo".
 * Returns: (transfer full). */
static char *
board_who (LwTableView *self,
           int          first,
           gboolean     one_a_line)
{
  GString *who = g_string_new (lw_table_view_seat_name (self, first));

  for (guint t = (guint) first + 1; t < lw_table_view_n_seats (self); t++)
    if (lw_table_view_side_of (self, (int) t) == lw_table_view_side_of (self, first))
      {
        /* TRANSLATORS: partners on the table's score board, "Ann & Cleo" */
        g_autofree char *more = g_strdup_printf (_(" & %s"), lw_table_view_seat_name (self, (int) t));

        /* Each partner on a line of their own: "& Cleo" */
        if (one_a_line)
          g_string_append_c (who, '\n');
        g_string_append (who, one_a_line ? g_strchug (more) : more);
      }
  return g_string_free (who, FALSE);
}

/* The room the score board keeps for a score, whatever it is, so that the
 * names beside it never wrap anew as the scores change. */
static int
board_score_room (LwTableView *self)
{
  PangoLayout *layout = lw_table_view_make_layout (GTK_WIDGET (self), "-888", 0.9, TRUE, -1);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  g_object_unref (layout);
  return w;
}

/* The players of the score board's line for the side of @first, wrapped
 * in a board @board_w wide; @x: (out) (optional): their offset in it. */
static PangoLayout *
board_line_layout (LwTableView *self,
                   int          first,
                   double       board_w,
                   double      *x)
{
  double chip = lw_table_view_has_partner (self, first) ? 15 : 0;
  double text_w = board_w - 4 - chip - board_score_room (self) - 12;
  gboolean mine = lw_table_view_side_of (self, first) == lw_table_view_side_of (self, self->viewer);
  g_autofree char *who = board_who (self, first, FALSE);
  PangoLayout *layout = lw_table_view_wrapped_layout (GTK_WIDGET (self), who, 0.9, mine, (int) text_w,
                                                      BOARD_LINES, FALSE);

  if (x != NULL)
    *x = 4 + chip;
  /* Too long for one line: a line per partner, each wrapped if need be. */
  if (pango_layout_get_line_count (layout) > 1)
    {
      g_free (who);
      who = board_who (self, first, TRUE);
      pango_layout_set_text (layout, who, -1);
    }
  return layout;
}

double
lw_table_view_board_height (LwTableView *self,
                            double       board_w)
{
  int first[LW_MAX_SEATS];
  guint n = board_lines (self, first);
  double h = 19 + 4;

  for (guint k = 0; k < n; k++)
    {
      PangoLayout *layout = board_line_layout (self, first[k], board_w, NULL);
      int lw_, lh;

      pango_layout_get_pixel_size (layout, &lw_, &lh);
      g_object_unref (layout);
      h += MAX (lh, 19);
    }
  return h;
}

/* The badges of @seat's box: Partner, Dealer, Declarer, in words; the
 * Partner badge left out of a box too narrow for it beside the backs of
 * the hand (the side's chip marks the partner). Returns: how many;
 * @width: the widest. */
static guint
seat_badges (LwTableView  *self,
             const Layout *l,
             int           seat,
             const char  **badges,
             guint32      *fills,
             double       *width,
             gboolean     *partner)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const Rect *r = &l->opponents[seat];
  guint n_badges = 0;
  gboolean partner_badge = FALSE;
  double badges_w = 0;

  if (self->viewer >= 0 && seat != self->viewer
      && lw_table_view_side_of (self, seat) == lw_table_view_side_of (self, self->viewer))
    {
      /* TRANSLATORS: the marker on the seat of the viewer's partner */
      badges[n_badges] = C_("seat", "Partner");
      partner_badge = TRUE;
      fills[n_badges++] = lw_table_view_side_colour (self, seat);
    }
  if (lw_table_get_dealer (self->table) == seat)
    {
      /* TRANSLATORS: the marker on the seat that dealt the round */
      badges[n_badges] = _("Dealer");
      fills[n_badges++] = 0xffffff;
    }
  if (lw_table_get_declarer (self->table) == seat)
    {
      /* TRANSLATORS: the marker on the seat that Declared (accepted the trump) */
      badges[n_badges] = _("Declarer");
      fills[n_badges++] = HIGHLIGHT;
    }
  for (guint b = 0; b < n_badges; b++)
    badges_w = MAX (badges_w, lw_table_view_badge_width (widget, badges[b]));
  /* Too narrow a box for the word and the backs: the partner is marked
   * by the side's chip alone (the viewer's own line has the same). */
  if (partner_badge && r->x + r->w - 8 - (r->x + 4 + badges_w + 2) < l->mw * 1.2)
    {
      memmove (badges, badges + 1, (n_badges - 1) * sizeof badges[0]);
      memmove (fills, fills + 1, (n_badges - 1) * sizeof fills[0]);
      n_badges--;
      partner_badge = FALSE;
      badges_w = 0;
      for (guint b = 0; b < n_badges; b++)
        badges_w = MAX (badges_w, lw_table_view_badge_width (widget, badges[b]));
    }
  *width = badges_w;
  if (partner != NULL)
    *partner = partner_badge;
  return n_badges;
}

/* Where a seat box's name goes: the block of its lines centred in the box
 * with the side's chip before it; @x, @y: the layout's origin, @chip_x:
 * the chip's. Returns: (transfer full): the name's layout. */
static PangoLayout *
place_seat_name (LwTableView  *self,
                 const Layout *l,
                 int           seat,
                 double       *x,
                 double       *y,
                 double       *chip_x)
{
  const Rect *r = &l->opponents[seat];
  PangoLayout *layout = lw_table_view_seat_name_layout (self, l->narrow, seat, r->w);
  PangoRectangle chip;

  /* Each line centred in the box, the chip's room first. */
  pango_layout_index_to_pos (layout, 0, &chip);
  *x = r->x + 6;
  *y = r->y + 4;
  *chip_x = *x + chip.x / PANGO_SCALE;
  return layout;
}

void
lw_table_view_draw_seat_box (LwTableView  *self,
                             GtkSnapshot  *snapshot,
                             const Layout *l,
                             int           seat)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const Rect *r = &l->opponents[seat];
  guint n_hand = 0;
  g_autofree char *line = NULL;
  gboolean to_play = lw_table_get_turn (self->table) == seat;
  double x, fan_w, step, shift = l->name_h - 20;
  cairo_t *cr;

  lw_table_get_hand (self->table, seat, &n_hand);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (r->x, r->y, r->w, r->h));
  lw_table_view_rounded_rect (cr, r, 8);
  lw_card_renderer_set_hex (cr, 0x000000, to_play ? 0.28 : 0.16);
  cairo_fill_preserve (cr);
  if (to_play)
    {
      lw_card_renderer_set_hex (cr, HIGHLIGHT, 1);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }
  else
    cairo_new_path (cr);
  {
    /* The name, wrapped, after its side's chip in partners play, centred together. */
    double nx, ny, cx;
    PangoLayout *layout = place_seat_name (self, l, seat, &nx, &ny, &cx);
    PangoLayoutIter *iter = pango_layout_get_iter (layout);
    int first_h = pango_layout_iter_get_baseline (iter) / PANGO_SCALE;

    pango_layout_iter_free (iter);
    lw_table_view_draw_side_chip (self, cr, seat, cx, ny + first_h - 9, 10);
    lw_card_renderer_set_hex (cr, to_play ? HIGHLIGHT : TEXT_ON_FELT, 1);
    cairo_move_to (cr, nx, ny);
    pango_cairo_show_layout (cr, layout);
    g_object_unref (layout);
  }
  line = lw_table_view_seat_counts (n_hand, lw_table_get_taken (self->table, seat), l->split_counts);
  {
    PangoLayout *layout = lw_table_view_wrapped_layout (widget, line, 0.8, FALSE, (int) r->w - 12, COUNTS_LINES, TRUE);

    lw_card_renderer_set_hex (cr, TEXT_ON_FELT, 1);
    cairo_move_to (cr, r->x + 6, r->y + 26 + l->mh + shift);
    pango_cairo_show_layout (cr, layout);
    g_object_unref (layout);
  }

  cairo_destroy (cr);

  /* Partner, Dealer and Declarer, in words, down the left; the backs of
   * the hand beside them, never under them. */
  {
    const char *badges[3];
    guint32 fills[3];
    double bx = r->x + 4, by = r->y + 26 + shift, badges_w = 0;
    guint n_badges = seat_badges (self, l, seat, badges, fills, &badges_w, NULL);

    /* The backs of the hand, a small fan, centred in the room left. */
    {
      double left = badges_w > 0 ? bx + badges_w + 2 : r->x + 8;
      double room = r->x + r->w - 8 - left;

      /* A narrow box: smaller backs beside the words, never under them. */
      double bw = MAX (12, MIN (l->mw, floor (room / 1.6)));
      double bh = round (bw / 0.7);

      fan_w = MIN (room, bw + (n_hand > 0 ? n_hand - 1 : 0) * bw * 0.25);
      step = n_hand > 1 ? (fan_w - bw) / (n_hand - 1) : 0;
      x = left + (room - fan_w) / 2;
      for (guint i = 0; i < n_hand; i++)
        lw_table_view_append_card (self, snapshot, LW_CARD_RENDERER_BACK, x + i * step,
                                   r->y + 24 + shift + (l->mh - bh) / 2, bw, bh, 1);
    }

    cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (r->x, r->y, r->w, r->h));
    for (guint b = 0; b < n_badges; b++, by += 18)
      lw_table_view_draw_badge (widget, cr, badges[b], bx, by, fills[b], 0x241f31);
    cairo_destroy (cr);
  }
}

void
lw_table_view_draw_info (LwTableView  *self,
                         GtkSnapshot  *snapshot,
                         const Layout *l)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const Rect *r = &l->info;
  LwCard revealed = lw_table_get_revealed (self->table);
  LwSuit trump = lw_table_get_trump (self->table);
  gboolean bidding = lw_table_get_phase (self->table) == LW_PHASE_BID;
  g_autofree char *trump_text = NULL;
  double x = r->x + 4, y = r->y + 4;
  cairo_t *cr;

  /* The Pups: three backs under the turned card while they are on the
   * table (the bidding), then only the turned card. */
  if (bidding)
    for (int i = 0; i < 3; i++)
      lw_table_view_append_card (self, snapshot, LW_CARD_RENDERER_BACK, x + i * 3, y + i * 2, l->mw, l->mh, 1);
  lw_table_view_append_card (self, snapshot, lw_card_face (revealed), x + (bidding ? 12 : 0), y + (bidding ? 6 : 0),
                             l->mw, l->mh, 1);

  if (trump == LW_NO_TRUMP)
    /* TRANSLATORS: the round is played without a trump suit */
    trump_text = g_strdup (_("No Trump"));
  else
    /* TRANSLATORS: the trump suit under the word "Trump", "♥ Hearts" */
    trump_text = g_strdup_printf (_("%s %s"), lw_suit_symbol (trump), lw_suit_name (trump));

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (r->x, r->y, r->w, r->h));
  {
    double tx = x + l->mw + (bidding ? 20 : 8);
    double tw = r->x + r->w - tx;

    /* TRANSLATORS: the four extra cards dealt face down, the top one turned up */
    y += lw_table_view_draw_text (widget, cr, bidding ? _("Pups") : _("Turned up"), tx, y, tw, ALIGN_START, 0.8, FALSE,
                                  TEXT_ON_FELT);
    if (trump != LW_NO_TRUMP)
      /* TRANSLATORS: above the trump suit's name */
      y += lw_table_view_draw_text (widget, cr, _("Trump"), tx, y + 2, tw, ALIGN_START, 0.8, FALSE, TEXT_ON_FELT);
    lw_table_view_draw_text (widget, cr, trump_text, tx, y + 2, tw, ALIGN_START, 0.95, TRUE, TEXT_ON_FELT);
  }
  cairo_destroy (cr);
}

void
lw_table_view_draw_board (LwTableView  *self,
                          GtkSnapshot  *snapshot,
                          const Layout *l)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const Rect *r = &l->board;
  int first[LW_MAX_SEATS];
  guint n = board_lines (self, first);
  double y = r->y + 4;
  cairo_t *cr;

  if (!self->has_scores)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (r->x, r->y, r->w, r->h));
  /* TRANSLATORS: the heading of the small score board on the table */
  y += lw_table_view_draw_text (widget, cr, _("Scores"), r->x + 4, y, r->w - 8, ALIGN_START, 0.8, FALSE, TEXT_ON_FELT);
  /* One line per side: its chip, its players (wrapped), its score. */
  for (guint k = 0; k < n; k++)
    {
      int s = first[k];
      g_autofree char *score = g_strdup_printf ("%d", self->scores[s]);
      double tx;
      PangoLayout *layout = lw_table_view_make_layout (widget, score, 0.9, TRUE, -1);
      PangoLayout *who = board_line_layout (self, s, r->w, &tx);
      int sw, sh, ww, wh;

      pango_layout_get_pixel_size (layout, &sw, &sh);
      g_object_unref (layout);
      pango_layout_get_pixel_size (who, &ww, &wh);
      if (y + sh > r->y + r->h)
        {
          g_object_unref (who);
          break;
        }
      lw_table_view_draw_side_chip (self, cr, s, r->x + 4, y + (sh - 10) / 2, 10);
      lw_card_renderer_set_hex (cr, TEXT_ON_FELT, 1);
      cairo_move_to (cr, r->x + tx, y);
      pango_cairo_show_layout (cr, who);
      g_object_unref (who);
      lw_table_view_draw_text (widget, cr, score, r->x + r->w - sw - 4, y, sw + 1, ALIGN_START, 0.9, TRUE,
                               TEXT_ON_FELT);
      y += MAX (wh, sh);
    }
  cairo_destroy (cr);
}

guint
lw_table_view_measure_names (LwTableView *self,
                             int          width,
                             int          height,
                             LwNameLabel *labels)
{
  Layout l;
  guint n = 0;
  int first[LW_MAX_SEATS];
  guint n_lines;
  double y;

  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), 0);
  g_return_val_if_fail (labels != NULL, 0);

  if (self->table == NULL)
    return 0;
  lw_table_view_compute_layout (self, width, height, &l);
  for (guint s = 0; s < lw_table_view_n_seats (self); s++)
    {
      const Rect *r = &l.opponents[s];
      PangoLayout *layout;
      PangoRectangle logical;
      const char *badges[3];
      guint32 fills[3];
      double nx, ny, cx, badges_w;
      gboolean partner = FALSE;
      guint n_hand = 0;
      g_autofree char *counts = NULL;

      if ((int) s == self->viewer)
        continue;
      seat_badges (self, &l, (int) s, badges, fills, &badges_w, &partner);
      layout = place_seat_name (self, &l, (int) s, &nx, &ny, &cx);
      pango_layout_get_pixel_extents (layout, NULL, &logical);
      labels[n++] = (LwNameLabel) {
        .kind = LW_NAME_SEAT,
        .seat = (int) s,
        .box = GRAPHENE_RECT_INIT (r->x, r->y, r->w, r->h),
        .text_rect = GRAPHENE_RECT_INIT (nx + logical.x, ny + logical.y, logical.width, logical.height),
        .lines = pango_layout_get_line_count (layout),
        .ellipsized = pango_layout_is_ellipsized (layout),
        .partner_badge = partner,
      };
      g_strlcpy (labels[n - 1].text, lw_table_view_seat_name (self, (int) s), sizeof labels[n - 1].text);
      g_object_unref (layout);

      lw_table_get_hand (self->table, (int) s, &n_hand);
      counts = lw_table_view_seat_counts (n_hand, lw_table_get_taken (self->table, (int) s), l.split_counts);
      layout = lw_table_view_wrapped_layout (GTK_WIDGET (self), counts, 0.8, FALSE, (int) r->w - 12,
                                             COUNTS_LINES, TRUE);
      pango_layout_get_pixel_extents (layout, NULL, &logical);
      ny = r->y + 26 + l.mh + (l.name_h - 20);
      labels[n++] = (LwNameLabel) {
        .kind = LW_NAME_COUNTS,
        .seat = (int) s,
        .box = GRAPHENE_RECT_INIT (r->x, r->y, r->w, r->h),
        .text_rect = GRAPHENE_RECT_INIT (r->x + 6 + logical.x, ny + logical.y, logical.width, logical.height),
        .lines = pango_layout_get_line_count (layout),
        .ellipsized = pango_layout_is_ellipsized (layout),
      };
      g_strlcpy (labels[n - 1].text, counts, sizeof labels[n - 1].text);
      g_object_unref (layout);
    }

  if (!self->has_scores)
    return n;
  n_lines = board_lines (self, first);
  y = l.board.y + 4 + 19;
  for (guint k = 0; k < n_lines; k++)
    {
      double tx;
      PangoLayout *layout = board_line_layout (self, first[k], l.board.w, &tx);
      PangoRectangle logical;

      pango_layout_get_pixel_extents (layout, NULL, &logical);
      labels[n++] = (LwNameLabel) {
        .kind = LW_NAME_BOARD,
        .seat = first[k],
        .box = GRAPHENE_RECT_INIT (l.board.x, l.board.y, l.board.w, l.board.h),
        .text_rect = GRAPHENE_RECT_INIT (l.board.x + tx + logical.x, y + logical.y, logical.width, logical.height),
        .lines = pango_layout_get_line_count (layout),
        .ellipsized = pango_layout_is_ellipsized (layout),
        .score = self->scores[first[k]],
      };
      g_strlcpy (labels[n - 1].text, pango_layout_get_text (layout), sizeof labels[n - 1].text);
      y += MAX (logical.height, 19);
      g_object_unref (layout);
    }
  return n;
}

