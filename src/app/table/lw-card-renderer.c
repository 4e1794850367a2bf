/* lw-card-renderer.c — the cards drawn as vectors, kept as textures
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "lw-card-renderer.h"

/* At most this many textures are kept; beyond it the cache starts afresh
 * (a window resized many times). */
#define MAX_CACHED 400

struct _LwCardRenderer
{
  GObject     parent_instance;

  /* owned */
  GHashTable *textures;  /* guint64 key → GdkTexture */
};

G_DEFINE_FINAL_TYPE (LwCardRenderer, lw_card_renderer, G_TYPE_OBJECT)

/* ------------------------------------------------------------------ */
/* Drawing                                                              */
/* ------------------------------------------------------------------ */

void
lw_card_renderer_set_hex (cairo_t *cr,
                          guint32  rgb,
                          double   alpha)
{
  cairo_set_source_rgba (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                         (rgb & 0xff) / 255.0, alpha);
}

static void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* Draws @text centred on (@cx, @cy) at @size (pixels). */
static void
draw_text (cairo_t    *cr,
           const char *text,
           double      cx,
           double      cy,
           double      size,
           gboolean    bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (bold ? "Sans Bold" : "Sans");
  PangoRectangle ink, logical;

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  cairo_move_to (cr, cx - logical.width / 2.0, cy - logical.height / 2.0);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* Draws @text with its top-left corner's centre line at (@cx, @top). */
static double
draw_text_top (cairo_t    *cr,
               const char *text,
               double      cx,
               double      top,
               double      size,
               gboolean    bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (bold ? "Sans Bold" : "Sans");
  PangoRectangle ink, logical;

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  /* Placed by the ink, so that a symbol sits tight under the rank. */
  cairo_move_to (cr, cx - logical.width / 2.0, top - ink.y);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
  return ink.height;
}

static void
draw_corner (cairo_t    *cr,
             const char *rank,
             const char *symbol,
             double      w,
             double      h)
{
  double size = MAX (h * 0.15, 7);
  double cx = w * 0.13 + size * 0.18;
  double top = h * 0.05;
  double used;

  used = draw_text_top (cr, rank, cx, top, size, TRUE);
  if (*symbol != '\0')
    draw_text_top (cr, symbol, cx, top + used + size * 0.14, size * 0.95, FALSE);
}

static void
draw_worm (cairo_t *cr,
           double   cx,
           double   cy,
           double   s,
           gboolean dark)
{
  /* A wavy body with a round head. */
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, s * 0.16);
  lw_card_renderer_set_hex (cr, 0x26a269, 1);
  cairo_move_to (cr, cx - s * 0.55, cy + s * 0.1);
  for (int i = 1; i <= 40; i++)
    {
      double t = i / 40.0;
      cairo_line_to (cr, cx - s * 0.55 + t * s * 0.95, cy + s * 0.1 - sin (t * G_PI * 2.2) * s * 0.22);
    }
  cairo_stroke (cr);
  lw_card_renderer_set_hex (cr, 0x1a7048, 1);
  cairo_arc (cr, cx + s * 0.43, cy + s * 0.1 - sin (G_PI * 2.2) * s * 0.22, s * 0.13, 0, 2 * G_PI);
  cairo_fill (cr);
  lw_card_renderer_set_hex (cr, 0xffffff, 1);
  cairo_arc (cr, cx + s * 0.46, cy + s * 0.05 - sin (G_PI * 2.2) * s * 0.22, s * 0.035, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_gong (cairo_t *cr,
           double   cx,
           double   cy,
           double   s,
           gboolean dark)
{
  cairo_save (cr);
  /* The frame: two posts and a bar. */
  lw_card_renderer_set_hex (cr, 0x63452c, 1);
  cairo_set_line_width (cr, s * 0.07);
  cairo_move_to (cr, cx - s * 0.5, cy + s * 0.55);
  cairo_line_to (cr, cx - s * 0.5, cy - s * 0.55);
  cairo_line_to (cr, cx + s * 0.5, cy - s * 0.55);
  cairo_line_to (cr, cx + s * 0.5, cy + s * 0.55);
  cairo_stroke (cr);
  cairo_set_line_width (cr, s * 0.025);
  cairo_move_to (cr, cx, cy - s * 0.55);
  cairo_line_to (cr, cx, cy - s * 0.35);
  cairo_stroke (cr);
  /* The disc with its rings and boss. */
  lw_card_renderer_set_hex (cr, 0xe5a50a, 1);
  cairo_arc (cr, cx, cy + s * 0.03, s * 0.38, 0, 2 * G_PI);
  cairo_fill (cr);
  lw_card_renderer_set_hex (cr, 0x9c6e03, 1);
  cairo_set_line_width (cr, s * 0.035);
  cairo_arc (cr, cx, cy + s * 0.03, s * 0.3, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy + s * 0.03, s * 0.12, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_bear (cairo_t *cr,
           double   cx,
           double   cy,
           double   s,
           gboolean dark)
{
  cairo_save (cr);
  lw_card_renderer_set_hex (cr, 0x865e3c, 1);
  cairo_arc (cr, cx - s * 0.3, cy - s * 0.3, s * 0.15, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_arc (cr, cx + s * 0.3, cy - s * 0.3, s * 0.15, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_arc (cr, cx, cy, s * 0.4, 0, 2 * G_PI);
  cairo_fill (cr);
  /* Inner ears, snout, nose and eyes. */
  lw_card_renderer_set_hex (cr, 0xcdab8f, 1);
  cairo_arc (cr, cx - s * 0.3, cy - s * 0.3, s * 0.07, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_arc (cr, cx + s * 0.3, cy - s * 0.3, s * 0.07, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_save (cr);
  cairo_translate (cr, cx, cy + s * 0.13);
  cairo_scale (cr, 1, 0.75);
  cairo_arc (cr, 0, 0, s * 0.18, 0, 2 * G_PI);
  cairo_restore (cr);
  cairo_fill (cr);
  lw_card_renderer_set_hex (cr, 0x241f31, 1);
  cairo_arc (cr, cx, cy + s * 0.07, s * 0.065, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_arc (cr, cx - s * 0.15, cy - s * 0.1, s * 0.045, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_arc (cr, cx + s * 0.15, cy - s * 0.1, s * 0.045, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_wolf (cairo_t *cr,
           double   cx,
           double   cy,
           double   s,
           gboolean dark)
{
  cairo_save (cr);
  /* A wolf's head: tall pointed ears, wide cheeks, a narrow muzzle. */
  lw_card_renderer_set_hex (cr, 0x1c71d8, 1);
  cairo_move_to (cr, cx - s * 0.42, cy - s * 0.5);
  cairo_line_to (cr, cx - s * 0.16, cy - s * 0.22);
  cairo_line_to (cr, cx + s * 0.16, cy - s * 0.22);
  cairo_line_to (cr, cx + s * 0.42, cy - s * 0.5);
  cairo_line_to (cr, cx + s * 0.4, cy - s * 0.08);
  cairo_line_to (cr, cx + s * 0.48, cy + s * 0.1);
  cairo_line_to (cr, cx + s * 0.14, cy + s * 0.28);
  cairo_line_to (cr, cx, cy + s * 0.5);
  cairo_line_to (cr, cx - s * 0.14, cy + s * 0.28);
  cairo_line_to (cr, cx - s * 0.48, cy + s * 0.1);
  cairo_line_to (cr, cx - s * 0.4, cy - s * 0.08);
  cairo_close_path (cr);
  cairo_fill (cr);
  /* A pale muzzle, eyes and nose. */
  lw_card_renderer_set_hex (cr, 0x99c1f1, 1);
  cairo_move_to (cr, cx - s * 0.16, cy + s * 0.05);
  cairo_line_to (cr, cx + s * 0.16, cy + s * 0.05);
  cairo_line_to (cr, cx, cy + s * 0.44);
  cairo_close_path (cr);
  cairo_fill (cr);
  lw_card_renderer_set_hex (cr, 0xf6d32d, 1);
  cairo_move_to (cr, cx - s * 0.3, cy - s * 0.05);
  cairo_line_to (cr, cx - s * 0.12, cy - s * 0.02);
  cairo_line_to (cr, cx - s * 0.27, cy + s * 0.05);
  cairo_close_path (cr);
  cairo_move_to (cr, cx + s * 0.3, cy - s * 0.05);
  cairo_line_to (cr, cx + s * 0.12, cy - s * 0.02);
  cairo_line_to (cr, cx + s * 0.27, cy + s * 0.05);
  cairo_close_path (cr);
  cairo_fill (cr);
  lw_card_renderer_set_hex (cr, 0x241f31, 1);
  cairo_arc (cr, cx, cy + s * 0.4, s * 0.06, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_back (cairo_t *cr,
           double   w,
           double   h)
{
  double r = MIN (w, h) * 0.08;
  double inset = MAX (w * 0.07, 2);

  rounded_rect (cr, 0.5, 0.5, w - 1, h - 1, r);
  lw_card_renderer_set_hex (cr, 0xffffff, 1);
  cairo_fill_preserve (cr);
  lw_card_renderer_set_hex (cr, 0x3d3846, 0.6);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  rounded_rect (cr, inset, inset, w - 2 * inset, h - 2 * inset, r * 0.6);
  lw_card_renderer_set_hex (cr, 0x1a5fb4, 1);
  cairo_fill_preserve (cr);
  cairo_save (cr);
  cairo_clip (cr);
  lw_card_renderer_set_hex (cr, 0x62a0ea, 0.55);
  cairo_set_line_width (cr, MAX (w * 0.025, 1));
  for (double d = -h; d < w + h; d += MAX (w * 0.12, 4))
    {
      cairo_move_to (cr, d, 0);
      cairo_line_to (cr, d + h, h);
      cairo_move_to (cr, d + h, 0);
      cairo_line_to (cr, d, h);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
  /* A small diamond in the middle. */
  lw_card_renderer_set_hex (cr, 0xffffff, 0.9);
  cairo_move_to (cr, w / 2, h / 2 - h * 0.1);
  cairo_line_to (cr, w / 2 + w * 0.1, h / 2);
  cairo_line_to (cr, w / 2, h / 2 + h * 0.1);
  cairo_line_to (cr, w / 2 - w * 0.1, h / 2);
  cairo_close_path (cr);
  cairo_fill (cr);
}

void
lw_card_renderer_draw (cairo_t  *cr,
                       guint     face,
                       double    width,
                       double    height,
                       gboolean  dark)
{
  double r = MIN (width, height) * 0.08;
  guint32 paper = dark ? 0xe8e6e3 : 0xffffff;

  g_return_if_fail (face < LW_N_FACES || face == LW_CARD_RENDERER_BACK);

  cairo_save (cr);
  if (face == LW_CARD_RENDERER_BACK)
    {
      draw_back (cr, width, height);
      cairo_restore (cr);
      return;
    }

  rounded_rect (cr, 0.5, 0.5, width - 1, height - 1, r);
  lw_card_renderer_set_hex (cr, paper, 1);
  cairo_fill_preserve (cr);
  lw_card_renderer_set_hex (cr, 0x3d3846, 0.55);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  if (face >= LW_FACE_WORM)
    {
      /* Den cards: a coloured band, the picture, the name at the foot. */
      static const guint32 tint[] = { 0xd8f3e3, 0xfbecc0, 0xecdccd, 0xd6e6fb };
      static const guint32 ink[] = { 0x1a7048, 0x865e00, 0x63452c, 0x1a5fb4 };
      static const char *letter[] = { "W", "G", "B", "L" };
      guint k = face - LW_FACE_WORM;
      double inset = width * 0.07;
      double s = MIN (width * 0.62, height * 0.42);

      rounded_rect (cr, inset, height * 0.2, width - 2 * inset, height * 0.62, r * 0.6);
      lw_card_renderer_set_hex (cr, tint[k], 1);
      cairo_fill (cr);

      lw_card_renderer_set_hex (cr, ink[k], 1);
      draw_corner (cr, letter[k], "", width, height);

      switch (face)
        {
        case LW_FACE_WORM:
          draw_worm (cr, width / 2, height * 0.5, s, dark);
          break;
        case LW_FACE_GONG:
          draw_gong (cr, width / 2, height * 0.5, s, dark);
          break;
        case LW_FACE_BEAR:
          draw_bear (cr, width / 2, height * 0.5, s, dark);
          break;
        default:
          draw_wolf (cr, width / 2, height * 0.5, s, dark);
          break;
        }

      g_autofree char *name = lw_card_face_short (face);

      lw_card_renderer_set_hex (cr, ink[k], 1);
      draw_text (cr, name, width / 2, height * 0.9, MAX (height * 0.085, 6), TRUE);
    }
  else
    {
      LwSuit suit = lw_card_face_suit (face);
      guint rank = lw_card_face_rank (face);
      gboolean red = suit == LW_SUIT_HEARTS || suit == LW_SUIT_DIAMONDS;
      guint32 ink = red ? 0xc01c28 : 0x241f31;

      lw_card_renderer_set_hex (cr, ink, 1);
      draw_corner (cr, lw_rank_to_string (rank), lw_suit_symbol (suit), width, height);

      /* The opposite corner, upside down. */
      cairo_save (cr);
      cairo_translate (cr, width, height);
      cairo_rotate (cr, G_PI);
      draw_corner (cr, lw_rank_to_string (rank), lw_suit_symbol (suit), width, height);
      cairo_restore (cr);

      if (rank >= 11)
        {
          /* Court cards: a framed panel with the letter. */
          double px = width * 0.27, py = height * 0.2;

          rounded_rect (cr, px, py, width - 2 * px + width * 0.02, height - 2 * py, r * 0.5);
          lw_card_renderer_set_hex (cr, red ? 0xfbe3e5 : 0xe8e6ec, 1);
          cairo_fill_preserve (cr);
          lw_card_renderer_set_hex (cr, ink, 1);
          cairo_set_line_width (cr, MAX (width * 0.02, 1));
          cairo_stroke (cr);
          draw_text (cr, lw_rank_to_string (rank), width * 0.51, height * 0.42, height * 0.24, TRUE);
          draw_text (cr, lw_suit_symbol (suit), width * 0.51, height * 0.62, height * 0.16, FALSE);
        }
      else
        draw_text (cr, lw_suit_symbol (suit), width * 0.54, height * 0.5, height * 0.4, FALSE);
    }
  cairo_restore (cr);
}

/* ------------------------------------------------------------------ */
/* The cache                                                            */
/* ------------------------------------------------------------------ */

static guint64
cache_key (guint    face,
           int      width,
           int      height,
           int      scale,
           gboolean dark)
{
  return ((guint64) face << 40) | ((guint64) (width & 0xfff) << 28) | ((guint64) (height & 0xfff) << 16)
         | ((guint64) (scale & 0xff) << 8) | (dark ? 1 : 0);
}

GdkTexture *
lw_card_renderer_get_texture (LwCardRenderer *self,
                              guint           face,
                              int             width,
                              int             height,
                              int             scale,
                              gboolean        dark)
{
  guint64 key;
  GdkTexture *texture;
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr (GBytes) bytes = NULL;
  int pw, ph, stride;

  g_return_val_if_fail (LW_IS_CARD_RENDERER (self), NULL);

  width = CLAMP (width, 1, 4000);
  height = CLAMP (height, 1, 4000);
  scale = CLAMP (scale, 1, 8);
  key = cache_key (face, width, height, scale, dark);
  texture = g_hash_table_lookup (self->textures, &key);
  if (texture != NULL)
    return texture;

  if (g_hash_table_size (self->textures) >= MAX_CACHED)
    g_hash_table_remove_all (self->textures);

  pw = width * scale;
  ph = height * scale;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  lw_card_renderer_draw (cr, face, width, height, dark);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * ph);
  cairo_surface_destroy (surface);
  /* cairo's ARGB32 is premultiplied, in native byte order: GDK's default. */
  texture = gdk_memory_texture_new (pw, ph, GDK_MEMORY_DEFAULT, bytes, stride);

  g_hash_table_insert (self->textures, g_memdup2 (&key, sizeof key), texture);
  return texture;
}

static void
lw_card_renderer_finalize (GObject *object)
{
  LwCardRenderer *self = LW_CARD_RENDERER (object);

  g_clear_pointer (&self->textures, g_hash_table_unref);

  G_OBJECT_CLASS (lw_card_renderer_parent_class)->finalize (object);
}

static void
lw_card_renderer_class_init (LwCardRendererClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lw_card_renderer_finalize;
}

static void
lw_card_renderer_init (LwCardRenderer *self)
{
  self->textures = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
}

LwCardRenderer *
lw_card_renderer_new (void)
{
  return g_object_new (LW_TYPE_CARD_RENDERER, NULL);
}
