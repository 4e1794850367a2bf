/* lw-table-view-trick.c — the trick on the table view: which trick is
 * shown, its plays laid out in rows under the line of words above them
 * (each with its player's name, wrapped, and the tags of its wildcards),
 * drawn flying in or sliding to the winner; and
 * lw_table_view_measure_trick(), the same layout for the UI tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "lw-app-util.h"
#include "lw-table-view-private.h"

/* The name under a play in the trick may take this many lines. */
#define TRICK_LABEL_LINES 2

/* Where a seat's cards come from and go to: its place on the table. */
static void
seat_point (LwTableView *self,
            const Layout *l,
            int          seat,
            double      *x,
            double      *y)
{
  const Rect *r = seat == self->viewer ? &l->hand : &l->opponents[seat];

  *x = r->x + r->w / 2;
  *y = r->y + r->h / 2;
}

gboolean
lw_table_view_shown_trick (LwTableView    *self,
                           const LwTable  *table,
                           gboolean        last,
                           ShownTrick     *out)
{
  const GArray *tricks = lw_table_get_tricks (table);
  guint n_current = 0;
  const LwPlay *current = lw_table_get_current (table, &n_current);

  memset (out, 0, sizeof *out);
  if (!last && n_current > 0)
    {
      /* The seat to play next is after the last one that played. */
      int n = (int) lw_table_get_n_players (table);
      int turn = lw_table_get_turn (table);

      out->leader = ((turn - (int) n_current) % n + n) % n;
      out->n_plays = n_current;
      out->plays = current;
      /* Under the round's house rules (TRICKS T22): the game's loop's
       * reading when given (lw_table_view_set_winning_seat()). */
      out->winner = table == self->table && self->winning_given ? self->winning_seat
                                                                : lw_table_get_winning_seat (table);
      return TRUE;
    }
  if (tricks->len > 0)
    {
      const LwTrick *t = &g_array_index (tricks, LwTrick, tricks->len - 1);

      out->leader = t->leader;
      out->n_plays = t->n_plays;
      out->plays = t->plays;
      out->winner = t->winner;
      out->finished = TRUE;
      return TRUE;
    }
  return FALSE;
}

/* The name under a play: centred in @width, wrapped onto
 * TRICK_LABEL_LINES lines at most, ellipsized only beyond them; @width 0:
 * one line, its natural width. */
static PangoLayout *
trick_label_layout (GtkWidget    *widget,
                    const Layout *l,
                    const char   *text,
                    gboolean      bold,
                    int           width)
{
  double size_scale = l->narrow ? 0.8 : 0.85;

  if (width > 0)
    return lw_table_view_wrapped_layout (widget, text, size_scale, bold, width, TRICK_LABEL_LINES, TRUE);
  return lw_table_view_make_layout (widget, text, size_scale, bold, -1);
}

typedef struct
{
  Rect plays[LW_MAX_SEATS];   /* the cards of each play, in the trick's order */
  Rect labels[LW_MAX_SEATS];  /* the name under each play */
  double th;                  /* a card's height */
} TrickPlace;

/* The seat of the trick's play @k. */
static int
play_seat (LwTableView      *self,
           const ShownTrick *trick,
           guint             k)
{
  return (trick->leader + (int) k) % (int) MAX (lw_table_view_n_seats (self), 1);
}

/* The room the plays take side by side, each name capped at @cap. */
static double
slots_width (guint         n,
             const double *pws,
             const int    *name_w,
             double        cap)
{
  double sum = 0;

  for (guint k = 0; k < n; k++)
    sum += MAX (pws[k], MIN (name_w[k] + 6, cap));
  return sum;
}

/* Places the plays of a trick in @area under the line of words above it,
 * each play in a slot as wide as its player's name (up to a share of the
 * width), wrapping into rows; the card size shrinks until they fit. */
static void
place_trick (LwTableView      *self,
             const ShownTrick *trick,
             const Layout     *l,
             TrickPlace       *out)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const Rect *area = &l->trick;
  double th = l->ch * 0.8, title_h = 22, gap = l->narrow ? 6 : 12;
  int name_w[LW_MAX_SEATS];

  memset (out, 0, sizeof *out);
  for (guint k = 0; k < trick->n_plays; k++)
    {
      const char *name = lw_table_view_seat_name (self, play_seat (self, trick, k));
      PangoLayout *layout = trick_label_layout (widget, l, name, TRUE, 0);
      int h;

      pango_layout_get_pixel_size (layout, &name_w[k], &h);
      g_object_unref (layout);
    }

  for (int attempt = 0; attempt < 8; attempt++, th *= 0.85)
    {
      double tw = round (th * 0.7), sp = tw * 0.42;
      double x = 0, y = title_h, label_h = 0, row_h;
      double slot[LW_MAX_SEATS], pws[LW_MAX_SEATS];
      double avail = area->w - gap * (trick->n_plays > 0 ? trick->n_plays - 1 : 0);
      double cap = avail, lo = 0, hi = avail;
      guint row_start = 0;
      gboolean fits = TRUE;

      /* Each play's slot is as wide as its name when they all fit in one
       * row; else the longest names share what the cards leave (the
       * same cap for all) and wrap. */
      for (guint k = 0; k < trick->n_plays; k++)
        pws[k] = tw + sp * (trick->plays[k].n - 1);
      if (slots_width (trick->n_plays, pws, name_w, avail) > avail)
        {
          for (int i = 0; i < 30; i++)
            {
              double mid = (lo + hi) / 2;

              if (slots_width (trick->n_plays, pws, name_w, mid) <= avail)
                lo = mid;
              else
                hi = mid;
            }
          cap = floor (lo);
        }

      for (guint k = 0; k < trick->n_plays; k++)
        {
          double pw = pws[k];
          PangoLayout *layout;
          int lw_, lh;

          slot[k] = MAX (pw, MIN (name_w[k] + 6, cap));
          layout = trick_label_layout (widget, l, lw_table_view_seat_name (self, play_seat (self, trick, k)), TRUE,
                                       (int) slot[k]);
          pango_layout_get_pixel_size (layout, &lw_, &lh);
          g_object_unref (layout);
          label_h = MAX (label_h, lh);
        }
      row_h = th + 4 + label_h;

      for (guint k = 0; k < trick->n_plays; k++)
        {
          double pw = tw + sp * (trick->plays[k].n - 1);

          if (x > 0 && x + slot[k] > area->w)
            {
              /* Centre the finished row. */
              double shift = (area->w - (x - gap)) / 2;
              for (guint j = row_start; j < k; j++)
                {
                  out->plays[j].x += shift;
                  out->labels[j].x += shift;
                }
              row_start = k;
              x = 0;
              y += row_h + 6;
            }
          if (slot[k] > area->w)
            fits = FALSE;
          out->plays[k] = (Rect) { area->x + x + (slot[k] - pw) / 2, area->y + y, pw, th };
          out->labels[k] = (Rect) { area->x + x, area->y + y + th + 4, slot[k], label_h };
          x += slot[k] + gap;
        }
      {
        double shift = (area->w - (x - gap)) / 2;
        for (guint j = row_start; j < trick->n_plays; j++)
          {
            out->plays[j].x += shift;
            out->labels[j].x += shift;
          }
      }
      out->th = th;
      if (fits && y + row_h <= area->h)
        {
          /* Centre the rows vertically under the line of words. */
          double vshift = (area->h - (y + row_h)) / 2;
          for (guint j = 0; j < trick->n_plays; j++)
            {
              out->plays[j].y += vshift;
              out->labels[j].y += vshift;
            }
          return;
        }
    }
}

char *
lw_table_view_trick_title (LwTableView      *self,
                           const ShownTrick *trick)
{
  if (trick->winner == LW_NO_SEAT)
    return NULL;
  if (trick->finished)
    /* TRANSLATORS: above a finished trick, "Ben wins the trick" */
    return g_strdup_printf (_("%s wins the trick"), lw_table_view_seat_name (self, trick->winner));
  if (trick->n_plays > 1)
    /* TRANSLATORS: above the trick: the play winning the trick so far */
    return g_strdup_printf (_("%s, winning"), lw_table_view_seat_name (self, trick->winner));
  return NULL;
}

/* What the wildcards of @play stood for, as tags under their cards:
 * "as 10♣" (lw_play_wildcards(); a follower's B and L have none).
 * Returns: how many, with @tags[k] (transfer full) and @index[k] the
 * card's position in the play. */
static guint
wildcard_tags (const LwPlay *play,
               char         *tags[LW_MAX_PLAY],
               guint         index[LW_MAX_PLAY])
{
  LwWildcard wild[LW_MAX_PLAY];
  guint n = lw_play_wildcards (play, wild);

  for (guint k = 0; k < n; k++)
    {
      tags[k] = lw_describe_wildcard_tag (&wild[k]);
      index[k] = wild[k].index;
    }
  return n;
}

/* The tags of wildcard_tags() on the cards of a play at (@x, @y), cards
 * @tw × @th overlapping by 0.42 of a card: each on the lower part of its
 * card, on top of the cards after it. */
static void
draw_wildcard_tags (GtkWidget    *widget,
                    GtkSnapshot  *snapshot,
                    const LwPlay *play,
                    double        x,
                    double        y,
                    double        tw,
                    double        th)
{
  char *tags[LW_MAX_PLAY];
  guint index[LW_MAX_PLAY];
  guint n = wildcard_tags (play, tags, index);
  cairo_t *cr;

  if (n == 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (x - tw, y, tw * (play->n + 2), th + 4));
  for (guint k = 0; k < n; k++)
    {
      PangoLayout *layout = lw_table_view_make_layout (widget, tags[k], 0.75, TRUE, -1);
      int w, h;
      double cx = x + index[k] * tw * 0.42 + (index[k] + 1 < play->n ? tw * 0.21 : tw / 2);

      pango_layout_get_pixel_size (layout, &w, &h);
      g_object_unref (layout);
      /* Alternate heights, so that the tags of neighbouring cards never cover each other. */
      lw_table_view_draw_badge (widget, cr, tags[k], cx - (w + h) / 2.0, y + th - h - 4 - (k % 2) * (h + 2),
                                0x241f31, HIGHLIGHT);
      g_free (tags[k]);
    }
  cairo_destroy (cr);
}

void
lw_table_view_draw_trick (LwTableView  *self,
                          GtkSnapshot  *snapshot,
                          const Layout *l,
                          const ShownTrick *trick,
                          double        opacity,
                          double        slide_to_winner)
{
  GtkWidget *widget = GTK_WIDGET (self);
  TrickPlace place;
  double th, tw;
  cairo_t *cr;

  place_trick (self, trick, l, &place);
  th = place.th;
  tw = round (th * 0.7);

  for (guint k = 0; k < trick->n_plays; k++)
    {
      int seat = play_seat (self, trick, k);
      const LwPlay *play = &trick->plays[k];
      const Rect *r = &place.plays[k];
      double dx = 0, dy = 0;

      if (slide_to_winner > 0 && trick->winner != LW_NO_SEAT)
        {
          double wx, wy;
          seat_point (self, l, trick->winner, &wx, &wy);
          dx = (wx - (r->x + r->w / 2)) * slide_to_winner;
          dy = (wy - (r->y + r->h / 2)) * slide_to_winner;
        }
      else if (self->anim == ANIM_PLAY || self->anim == ANIM_TAKE)
        {
          /* The newest play flies in from its seat. */
          gboolean newest = (self->anim == ANIM_PLAY && k + 1 == trick->n_plays)
                            || (self->anim == ANIM_TAKE && slide_to_winner == 0 && k == 0);
          if (newest)
            {
              double sx, sy, p = lw_table_view_ease_out (self->anim_progress);
              seat_point (self, l, seat, &sx, &sy);
              dx = (sx - (r->x + r->w / 2)) * (1 - p);
              dy = (sy - (r->y + r->h / 2)) * (1 - p);
            }
        }

      for (guint c = 0; c < play->n; c++)
        lw_table_view_append_card (self, snapshot, lw_card_face (play->cards[c]),
                                   r->x + dx + c * tw * 0.42, r->y + dy, tw, th, opacity);
      if (slide_to_winner == 0)
        draw_wildcard_tags (widget, snapshot, play, r->x + dx, r->y + dy, tw, th);

      if (slide_to_winner == 0)
        {
          const Rect *lr = &place.labels[k];
          gboolean winning = trick->winner == seat;
          PangoLayout *layout = trick_label_layout (widget, l, lw_table_view_seat_name (self, seat), winning,
                                                    (int) lr->w);

          cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (MIN (lr->x, r->x - 4), r->y - 4,
                                                                         MAX (lr->w, r->w + 8), th + 8 + lr->h));
          if (winning && trick->n_plays > 1)
            {
              Rect ring = { r->x - 3, r->y - 3, r->w + 6, th + 6 };
              lw_table_view_rounded_rect (cr, &ring, 6);
              lw_card_renderer_set_hex (cr, HIGHLIGHT, 1);
              cairo_set_line_width (cr, 3);
              cairo_stroke (cr);
            }
          lw_card_renderer_set_hex (cr, winning ? HIGHLIGHT : TEXT_ON_FELT, 1);
          cairo_move_to (cr, lr->x, lr->y);
          pango_cairo_show_layout (cr, layout);
          g_object_unref (layout);
          cairo_destroy (cr);
        }
    }
}

guint
lw_table_view_measure_trick (LwTableView  *self,
                             int           width,
                             int           height,
                             LwTrickLabel *labels)
{
  Layout l;
  ShownTrick trick;
  TrickPlace place;

  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), 0);
  g_return_val_if_fail (labels != NULL, 0);

  if (self->table == NULL || !lw_table_view_shown_trick (self, self->table, self->show_last, &trick))
    return 0;
  lw_table_view_compute_layout (self, width, height, &l);
  place_trick (self, &trick, &l, &place);
  for (guint k = 0; k < trick.n_plays; k++)
    {
      int seat = play_seat (self, &trick, k);
      PangoLayout *layout = trick_label_layout (GTK_WIDGET (self), &l, lw_table_view_seat_name (self, seat),
                                                trick.winner == seat, (int) place.labels[k].w);
      PangoRectangle ink, logical;

      pango_layout_get_pixel_extents (layout, &ink, &logical);
      labels[k] = (LwTrickLabel) {
        .seat = seat,
        .card = GRAPHENE_RECT_INIT (place.plays[k].x, place.plays[k].y, place.plays[k].w, place.plays[k].h),
        .label = GRAPHENE_RECT_INIT (place.labels[k].x, place.labels[k].y, place.labels[k].w, place.labels[k].h),
        .text_width = logical.width,
        .lines = pango_layout_get_line_count (layout),
        .ellipsized = pango_layout_is_ellipsized (layout),
        .winning = trick.winner == seat,
      };
      g_object_unref (layout);
      {
        char *tags[LW_MAX_PLAY];
        guint index[LW_MAX_PLAY];
        guint n_tags = wildcard_tags (&trick.plays[k], tags, index);
        g_autoptr (GString) wild = g_string_new (NULL);

        for (guint t = 0; t < n_tags; t++)
          {
            g_string_append_printf (wild, "%s%s", t > 0 ? ", " : "", tags[t]);
            g_free (tags[t]);
          }
        g_strlcpy (labels[k].wild, wild->str, sizeof labels[k].wild);
      }
    }
  return trick.n_plays;
}

char *
lw_table_view_get_trick_title (LwTableView *self)
{
  ShownTrick trick;

  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), NULL);

  if (self->table == NULL || !lw_table_view_shown_trick (self, self->table, self->show_last, &trick))
    return NULL;
  return lw_table_view_trick_title (self, &trick);
}

