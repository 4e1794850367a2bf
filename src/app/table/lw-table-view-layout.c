/* lw-table-view-layout.c — where the table view puts everything: the other
 * seats' boxes, the Pups, the score board, the trick's area and the
 * viewer's hand, card by card, computed from the widget's size on every
 * frame (and for clicks on the hand).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "lw-table-view-private.h"

/* At a phone's width the Pups and trump take the left of the row under
 * the seats (their words are short), the score board the rest. */
static double
narrow_info_w (double width)
{
  return MIN (width / 2, 132);
}

void
lw_table_view_compute_layout (LwTableView *self,
                              double       width,
                              double       height,
                              Layout      *l)
{
  guint n = lw_table_view_n_seats (self);
  guint n_hand = 0;
  double pad = 8;
  double top_h, mid_h, hand_h, spacing;
  guint rows = 1, per_row;
  gboolean narrow = width < 700;

  memset (l, 0, sizeof *l);
  n_hand = lw_table_view_hand_order (self, l->order);
  l->n_cards = n_hand;
  l->narrow = narrow;

  l->ch = CLAMP (MIN (height * 0.2, width * 0.3), 60, 150);
  l->cw = round (l->ch * 0.7);
  l->ch = round (l->ch);
  /* The backs and the Pups small at a phone's width: the trick keeps its room. */
  l->mh = narrow ? 36 : round (CLAMP (l->ch * 0.5, 36, 64));
  l->mw = round (l->mh * 0.7);

  /* The hand: one row, or two when the cards would hide their corners. */
  per_row = MAX (n_hand, 1);
  spacing = n_hand > 1 ? (width - 2 * pad - l->cw) / (n_hand - 1) : 0;
  if (n_hand > 1 && spacing < l->cw * 0.42)
    {
      rows = 2;
      per_row = (n_hand + 1) / 2;
      spacing = per_row > 1 ? (width - 2 * pad - l->cw) / (per_row - 1) : 0;
    }
  spacing = MIN (spacing, l->cw * 0.62);
  hand_h = l->ch * (rows == 2 ? 1.5 : 1) + l->ch * 0.16 + 26;

  /* The other seats' boxes: as tall as the longest name needs (wrapped,
   * the same for every box and every turn), the counts on two lines when
   * a box is too narrow for one. */
  {
    double box_w = n > 1 ? MIN ((width - pad * 2) / (n - 1), 320) - 4 : 0;
    g_autofree char *widest = lw_table_view_seat_counts (88, 88, FALSE);
    PangoLayout *layout = lw_table_view_make_layout (GTK_WIDGET (self), widest, 0.8, FALSE, -1);
    int cw, chh;

    pango_layout_get_pixel_size (layout, &cw, &chh);
    l->split_counts = cw > box_w - 12;
    l->counts_h = chh;
    if (l->split_counts)
      {
        /* Each of the two lines may wrap in turn (German: "88 auf der Hand"). */
        g_autofree char *split = lw_table_view_seat_counts (88, 88, TRUE);
        int sw;

        g_object_unref (layout);
        layout = lw_table_view_wrapped_layout (GTK_WIDGET (self), split, 0.8, FALSE, (int) box_w - 12,
                                               COUNTS_LINES, TRUE);
        pango_layout_get_pixel_size (layout, &sw, &cw);
        l->counts_h = cw;
      }
    g_object_unref (layout);
    l->name_h = 20;
    for (guint s = 0; s < n; s++)
      if ((int) s != self->viewer)
        {
          int nw, nh;

          layout = lw_table_view_seat_name_layout (self, narrow, (int) s, box_w);
          pango_layout_get_pixel_size (layout, &nw, &nh);
          g_object_unref (layout);
          l->name_h = MAX (l->name_h, nh + 2);
        }
    top_h = l->mh + 58 + (l->name_h - 20) + (l->counts_h - chh);
  }
  mid_h = 0;
  if (narrow)
    {
      double avail, fit;

      /* The score board's heading and every line (wrapped) fit beside the Pups. */
      mid_h = MAX (l->mh + 34, lw_table_view_board_height (self, width - narrow_info_w (width) - pad) + 8);

      /* At a phone's size the hand gives up height until the trick keeps
       * a row of cards at their full size under its words (its cards
       * are 0.8 of the hand's, with 46 px of words and gaps; the hand is
       * 26 px of words over its rows): else the trick's cards shrank to
       * slivers. */
      avail = height - top_h - mid_h - 8;
      fit = floor ((avail - 26 - 46) / ((rows == 2 ? 1.66 : 1.16) + 0.8));
      if (fit < l->ch && fit >= 60)
        {
          l->ch = fit;
          l->cw = round (l->ch * 0.7);
          per_row = MAX (n_hand, 1);
          rows = 1;
          spacing = n_hand > 1 ? (width - 2 * pad - l->cw) / (n_hand - 1) : 0;
          if (n_hand > 1 && spacing < l->cw * 0.42)
            {
              rows = 2;
              per_row = (n_hand + 1) / 2;
              spacing = per_row > 1 ? (width - 2 * pad - l->cw) / (per_row - 1) : 0;
            }
          spacing = MIN (spacing, l->cw * 0.62);
          hand_h = l->ch * (rows == 2 ? 1.5 : 1) + l->ch * 0.16 + 26;
        }
    }

  /* The other seats, clockwise from the viewer's left, in a row on top. */
  if (n > 1)
    {
      double box_w = MIN ((width - pad * 2) / (n - 1), 320);
      double x0 = (width - box_w * (n - 1)) / 2;

      for (guint k = 1; k < n; k++)
        {
          int seat = (self->viewer + (int) k) % (int) n;
          l->opponents[seat] = (Rect) { x0 + box_w * (k - 1) + 2, pad, box_w - 4, top_h - pad };
        }
    }

  if (narrow)
    {
      l->info = (Rect) { pad, top_h + 4, narrow_info_w (width) - pad, mid_h - 4 };
      l->board = (Rect) { narrow_info_w (width), top_h + 4, width - narrow_info_w (width) - pad, mid_h - 4 };
      l->trick = (Rect) { pad, top_h + mid_h + 4, width - 2 * pad, height - top_h - mid_h - hand_h - 8 };
    }
  else
    {
      double side_w = MIN (240, width * 0.2);

      l->info = (Rect) { pad, top_h + 4, side_w, height - top_h - hand_h - 8 };
      l->board = (Rect) { width - pad - side_w, top_h + 4, side_w, height - top_h - hand_h - 8 };
      l->trick = (Rect) { pad + side_w + 8, top_h + 4, width - 2 * (pad + side_w + 8),
                          height - top_h - hand_h - 8 };
    }
  l->hand = (Rect) { pad, height - hand_h, width - 2 * pad, hand_h };

  for (guint i = 0; i < n_hand; i++)
    {
      guint row = rows == 2 && i >= per_row ? 1 : 0;
      guint col = row == 1 ? i - per_row : i;
      guint in_row = row == 1 ? n_hand - per_row : MIN (per_row, n_hand);
      double row_w = l->cw + spacing * (in_row - 1);
      double x = (width - row_w) / 2 + col * spacing;
      double y = l->hand.y + 22 + l->ch * 0.16 + row * l->ch * 0.5;

      l->cards[l->order[i]] = (Rect) { x, y, l->cw, l->ch };
    }
}

