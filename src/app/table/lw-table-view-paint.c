/* lw-table-view-paint.c — what the table view's files draw with: the
 * colours, the cards as textures, text laid out in the view's font (one
 * line, or wrapped), badges, the sides' chips and rounded boxes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "lw-table-view-private.h"

/* ------------------------------------------------------------------ */
/* Colours                                                              */
/* ------------------------------------------------------------------ */

gboolean
lw_table_view_is_dark (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/* The chip of each side in partners play: light blue, orange, pink, light
 * purple, readable on both felts and told apart by their place too. */
static const guint32 side_colors[] = { 0x99c1f1, 0xffa348, 0xf66151, 0xdc8add };

guint32
lw_table_view_side_colour (LwTableView *self,
                           int          seat)
{
  return side_colors[(guint) lw_table_view_side_of (self, seat) % G_N_ELEMENTS (side_colors)];
}

PangoLayout *
lw_table_view_wrapped_layout (GtkWidget  *widget,
                              const char *text,
                              double      size_scale,
                              gboolean    bold,
                              int         width,
                              int         lines,
                              gboolean    centre)
{
  PangoLayout *layout = lw_table_view_make_layout (widget, text, size_scale, bold, -1);

  pango_layout_set_width (layout, MAX (width, 1) * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_height (layout, -lines);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  if (centre)
    pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  return layout;
}

/* ------------------------------------------------------------------ */
/* Drawing helpers                                                      */
/* ------------------------------------------------------------------ */

void
lw_table_view_append_card (LwTableView *self,
                           GtkSnapshot *snapshot,
                           guint        face,
                           double       x,
                           double       y,
                           double       w,
                           double       h,
                           double       opacity)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  GdkTexture *texture = lw_card_renderer_get_texture (self->renderer, face, (int) round (w),
                                                      (int) round (h), scale, lw_table_view_is_dark ());

  graphene_rect_t bounds = GRAPHENE_RECT_INIT (x, y, round (w), round (h));

  if (opacity < 1)
    gtk_snapshot_push_opacity (snapshot, opacity);
  gtk_snapshot_append_texture (snapshot, texture, &bounds);
  if (opacity < 1)
    gtk_snapshot_pop (snapshot);
}

PangoLayout *
lw_table_view_make_layout (GtkWidget  *widget,
                           const char *text,
                           double      size_scale,
                           gboolean    bold,
                           int         max_width)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font = pango_font_description_copy (pango_context_get_font_description (pango_layout_get_context (layout)));

  pango_font_description_set_size (font, (int) (pango_font_description_get_size (font) * size_scale));
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  if (max_width > 0)
    {
      pango_layout_set_width (layout, max_width * PANGO_SCALE);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  return layout;
}

double
lw_table_view_draw_text (GtkWidget  *widget,
                         cairo_t    *cr,
                         const char *text,
                         double      x,
                         double      y,
                         double      max_width,
                         Align       align,
                         double      size_scale,
                         gboolean    bold,
                         guint32     color)
{
  PangoLayout *layout = lw_table_view_make_layout (widget, text, size_scale, bold, (int) max_width);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  lw_card_renderer_set_hex (cr, color, 1);
  cairo_move_to (cr, align == ALIGN_CENTER ? x + (max_width - w) / 2 : x, y);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  return h;
}

double
lw_table_view_draw_badge (GtkWidget  *widget,
                          cairo_t    *cr,
                          const char *text,
                          double      x,
                          double      y,
                          guint32     fill,
                          guint32     ink)
{
  PangoLayout *layout = lw_table_view_make_layout (widget, text, 0.8, TRUE, -1);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + h / 2.0, y + h / 2.0, h / 2.0, G_PI / 2, 3 * G_PI / 2);
  cairo_arc (cr, x + w + h / 2.0, y + h / 2.0, h / 2.0, -G_PI / 2, G_PI / 2);
  cairo_close_path (cr);
  lw_card_renderer_set_hex (cr, fill, 1);
  cairo_fill (cr);
  lw_card_renderer_set_hex (cr, ink, 1);
  cairo_move_to (cr, x + h / 2.0, y);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  return w + h + 4;
}

double
lw_table_view_draw_side_chip (LwTableView *self,
                              cairo_t     *cr,
                              int          seat,
                              double       x,
                              double       y,
                              double       d)
{
  if (!lw_table_view_has_partner (self, seat))
    return 0;
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + d / 2, y + d / 2, d / 2, 0, 2 * G_PI);
  lw_card_renderer_set_hex (cr, lw_table_view_side_colour (self, seat), 1);
  cairo_fill_preserve (cr);
  lw_card_renderer_set_hex (cr, 0x000000, 0.4);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  return d + 5;
}

double
lw_table_view_badge_width (GtkWidget  *widget,
                           const char *text)
{
  PangoLayout *layout = lw_table_view_make_layout (widget, text, 0.8, TRUE, -1);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  g_object_unref (layout);
  return w + h + 4;
}

void
lw_table_view_rounded_rect (cairo_t    *cr,
                            const Rect *r,
                            double      radius)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, r->x + r->w - radius, r->y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, r->x + r->w - radius, r->y + r->h - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, r->x + radius, r->y + r->h - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, r->x + radius, r->y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

