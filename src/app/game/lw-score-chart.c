/* lw-score-chart.c — each side's score round by round, with the target
 * and skunk lines
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "lw-app-util.h"
#include "lw-score-chart-private.h"

/* What the chart draws, copied from a record and its standings. */
typedef struct
{
  guint   n_sides;
  char   *names[LW_MAX_SEATS];
  guint   n_points;
  int    *scores;          /* n_points × n_sides, point-major */
  int     target;
  int     skunk;           /* -1: no skunk line (Garwolf) */
  gboolean garwolf;
} ChartData;

struct _LwScoreChart
{
  GtkWidget parent_instance;

  /* owned */
  ChartData data;
};

G_DEFINE_FINAL_TYPE (LwScoreChart, lw_score_chart, GTK_TYPE_WIDGET)

#define PLOT_HEIGHT 180
#define PAD 6.0
#define SWATCH 10.0

static void
chart_data_clear (ChartData *data)
{
  for (guint i = 0; i < data->n_sides; i++)
    g_clear_pointer (&data->names[i], g_free);
  g_clear_pointer (&data->scores, g_free);
  data->n_sides = 0;
  data->n_points = 0;
}

static void
chart_data_fill (ChartData          *data,
                 const LwGameRecord *record,
                 const LwStandings  *standings)
{
  chart_data_clear (data);

  data->n_sides = MIN (standings->n_sides, LW_MAX_SEATS);
  data->n_points = standings->rounds->len + 1;
  data->scores = g_new0 (int, (gsize) data->n_points * data->n_sides);
  data->garwolf = record->ruleset == LW_RULESET_GARWOLF;
  data->target = record->target;
  data->skunk = data->garwolf ? -1 : record->skunk;

  for (guint s = 0; s < data->n_sides; s++)
    {
      data->names[s] = lw_isolate_name (g_ptr_array_index (standings->sides, s));
      data->scores[s] = record->start_score;
    }

  for (guint r = 0; r < standings->rounds->len; r++)
    {
      const LwRoundResult *result = g_ptr_array_index (standings->rounds, r);

      for (guint s = 0; s < data->n_sides; s++)
        data->scores[(r + 1) * data->n_sides + s] = result->scores[s];
    }
}

/* Side colours from the GNOME palette: darker shades on a light
 * background, lighter ones on a dark background. */
static void
side_color (guint     side,
            gboolean  dark,
            GdkRGBA  *color)
{
  static const char *light[] = {
    "#1c71d8", "#c01c28", "#26a269", "#e66100",
    "#813d9c", "#865e3c", "#1a5fb4", "#a51d2d",
  };
  static const char *on_dark[] = {
    "#62a0ea", "#f66151", "#57e389", "#ffa348",
    "#c061cb", "#cdab8f", "#99c1f1", "#f99e9e",
  };

  gdk_rgba_parse (color, (dark ? on_dark : light)[side % G_N_ELEMENTS (light)]);
}

/* Each side its own marker too, so that the lines tell apart without
 * colour. */
static void
draw_marker (cairo_t *cr,
             guint    side,
             double   x,
             double   y,
             double   r)
{
  switch (side % 4)
    {
    case 0:
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      break;
    case 1:
      cairo_rectangle (cr, x - r, y - r, 2 * r, 2 * r);
      break;
    case 2:
      cairo_move_to (cr, x, y - r * 1.2);
      cairo_line_to (cr, x + r * 1.2, y + r);
      cairo_line_to (cr, x - r * 1.2, y + r);
      cairo_close_path (cr);
      break;
    default:
      cairo_move_to (cr, x, y - r * 1.3);
      cairo_line_to (cr, x + r * 1.3, y);
      cairo_line_to (cr, x, y + r * 1.3);
      cairo_line_to (cr, x - r * 1.3, y);
      cairo_close_path (cr);
      break;
    }
  cairo_fill (cr);
}

static void
set_source (cairo_t       *cr,
            const GdkRGBA *color,
            double         alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha * alpha);
}

static PangoLayout *
make_layout (cairo_t    *cr,
             const char *font,
             const char *text)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font != NULL ? font : "Sans 9");

  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, text, -1);
  pango_font_description_free (desc);

  return layout;
}

/* The legend wraps its entries into as many lines as @width needs. */
static double
draw_legend (cairo_t         *cr,
             const ChartData *data,
             double           width,
             const GdkRGBA   *fg,
             gboolean         dark,
             const char      *font,
             gboolean         paint)
{
  double x = 0, y = 0, line_height = 0;

  for (guint s = 0; s < data->n_sides; s++)
    {
      g_autoptr (PangoLayout) layout = make_layout (cr, font, data->names[s]);
      int text_w, text_h;
      double entry_w;
      GdkRGBA color;

      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_set_width (layout, (int) ((width - SWATCH - 4) * PANGO_SCALE));
      pango_layout_get_pixel_size (layout, &text_w, &text_h);
      entry_w = SWATCH + 4 + text_w;
      if (x > 0 && x + entry_w > width)
        {
          x = 0;
          y += line_height + 2;
          line_height = 0;
        }
      line_height = MAX (line_height, text_h);

      if (paint)
        {
          side_color (s, dark, &color);
          set_source (cr, &color, 1.0);
          draw_marker (cr, s, x + SWATCH / 2, y + text_h / 2.0, SWATCH / 2 - 0.5);
          set_source (cr, fg, 1.0);
          cairo_move_to (cr, x + SWATCH + 4, y);
          pango_cairo_show_layout (cr, layout);
        }
      x += entry_w + 12;
    }

  return y + line_height;
}

static int
nice_step (int range,
           int max_ticks)
{
  static const int steps[] = { 1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000 };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (range / steps[i] <= max_ticks)
      return steps[i];

  return 1000;
}

static void
draw_hline (cairo_t       *cr,
            double         x0,
            double         x1,
            double         y,
            const GdkRGBA *fg,
            double         alpha,
            const double  *dashes,
            int            n_dashes)
{
  cairo_save (cr);
  set_source (cr, fg, alpha);
  cairo_set_line_width (cr, 1.0);
  cairo_set_dash (cr, dashes, n_dashes, 0);
  cairo_move_to (cr, x0, (int) y + 0.5);
  cairo_line_to (cr, x1, (int) y + 0.5);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The plot's frame, to place labels against the data. */
typedef struct
{
  double left, right, top, bottom;
  int    y_max;
  guint  n_rounds;
} Frame;

static double
frame_x (const Frame *frame,
         guint        p)
{
  return frame->left + (frame->n_rounds > 0
                        ? (frame->right - frame->left) * (double) p / frame->n_rounds
                        : (frame->right - frame->left) / 2);
}

static double
frame_y (const Frame *frame,
         int          v)
{
  return frame->bottom - (frame->bottom - frame->top) * (double) v / frame->y_max;
}

/* Whether the segment (x0, y0)–(x1, y1) meets the rectangle (Liang–Barsky
 * clipping). */
static gboolean
segment_meets (double x0, double y0, double x1, double y1,
               double rx0, double ry0, double rx1, double ry1)
{
  double t0 = 0, t1 = 1, dx = x1 - x0, dy = y1 - y0;
  const double p[4] = { -dx, dx, -dy, dy };
  const double q[4] = { x0 - rx0, rx1 - x0, y0 - ry0, ry1 - y0 };

  for (guint i = 0; i < 4; i++)
    {
      if (p[i] == 0)
        {
          if (q[i] < 0)
            return FALSE;
          continue;
        }
      {
        double t = q[i] / p[i];

        if (p[i] < 0)
          t0 = MAX (t0, t);
        else
          t1 = MIN (t1, t);
        if (t0 > t1)
          return FALSE;
      }
    }
  return TRUE;
}

/* How many of the sides' lines and markers the rectangle (x, y, w, h)
 * meets (with the markers' room around it). */
static guint
count_hits (const ChartData *data,
            const Frame     *frame,
            double x, double y, double w, double h)
{
  const double room = 4.0;
  guint hits = 0;

  for (guint side = 0; side < data->n_sides; side++)
    for (guint p = 0; p < data->n_points; p++)
      {
        double x1 = frame_x (frame, p), y1 = frame_y (frame, data->scores[p * data->n_sides + side]);
        double x0 = p > 0 ? frame_x (frame, p - 1) : x1;
        double y0 = p > 0 ? frame_y (frame, data->scores[(p - 1) * data->n_sides + side]) : y1;

        if (segment_meets (x0, y0, x1, y1, x - room, y - room, x + w + room, y + h + room))
          hits++;
      }
  return hits;
}

/* A horizontal line's label, beside the line where no side's line or
 * marker is: above or below it, at the right end, the left end or the
 * middle, the first place free (else the one that covers least). */
static void
draw_line_label (cairo_t         *cr,
                 const char      *font,
                 const char      *text,
                 const ChartData *data,
                 const Frame     *frame,
                 double           y,
                 const GdkRGBA   *fg)
{
  g_autoptr (PangoLayout) layout = make_layout (cr, font, text);
  int w, h;
  double best_x = 0, best_y = 0;
  guint best = G_MAXUINT;

  pango_layout_get_pixel_size (layout, &w, &h);
  {
    const double xs[] = { frame->right - w - 2, frame->left + 4,
                          (frame->left + frame->right - w) / 2 };
    const double ys[] = { y - h - 1, y + 2 };

    for (guint i = 0; i < G_N_ELEMENTS (xs) && best > 0; i++)
      for (guint k = 0; k < G_N_ELEMENTS (ys) && best > 0; k++)
        {
          guint hits;

          if (ys[k] < frame->top - h || ys[k] + h > frame->bottom)
            continue;
          hits = count_hits (data, frame, xs[i], ys[k], w, h);
          if (hits < best)
            {
              best = hits;
              best_x = xs[i];
              best_y = ys[k];
            }
        }
  }
  if (best == G_MAXUINT)
    {
      best_x = frame->right - w - 2;
      best_y = y - h - 1;
    }
  set_source (cr, fg, 0.8);
  cairo_move_to (cr, best_x, best_y);
  pango_cairo_show_layout (cr, layout);
}

static void
chart_data_draw (const ChartData *data,
                 cairo_t         *cr,
                 double           width,
                 double           height,
                 const GdkRGBA   *fg,
                 const char      *font)
{
  gboolean dark;
  double legend_h, left, right, top, bottom;
  int max_score = 0, y_max, y_step, x_step;
  guint n_rounds;
  Frame frame;

  if (data->n_sides == 0 || width < 40 || height < 40)
    return;

  /* A light text colour means a dark background. */
  dark = 0.2126 * fg->red + 0.7152 * fg->green + 0.0722 * fg->blue > 0.5;

  cairo_save (cr);

  legend_h = draw_legend (cr, data, width, fg, dark, font, TRUE);

  for (guint i = 0; i < data->n_points * data->n_sides; i++)
    max_score = MAX (max_score, data->scores[i]);
  y_max = MAX (max_score, data->target);
  y_step = nice_step (y_max, 6);
  y_max = ((y_max + y_step - 1) / y_step) * y_step;
  if (y_max == data->target)
    y_max += y_step / (y_step > 1 ? 2 : 1);

  /* Room for the y labels: the widest number. */
  {
    g_autofree char *widest = g_strdup_printf ("%d", y_max);
    g_autoptr (PangoLayout) layout = make_layout (cr, font, widest);
    int w, h;

    pango_layout_get_pixel_size (layout, &w, &h);
    left = w + PAD;
    bottom = height - h - 2;
  }
  top = legend_h + PAD + 4;
  right = width - 6;
  if (bottom - top < 20 || right - left < 20)
    {
      cairo_restore (cr);
      return;
    }

  n_rounds = data->n_points - 1;
  x_step = 1;
  while (n_rounds / x_step > (guint) MAX (2.0, (right - left) / 32))
    x_step = x_step == 1 ? 2 : x_step == 2 ? 5 : x_step * 2;

  {
    Frame f = { left, right, top, bottom, y_max, n_rounds };

    frame = f;
  }
#define X(p) frame_x (&frame, (p))
#define Y(v) frame_y (&frame, (v))

  /* Grid and y labels */
  for (int v = 0; v <= y_max; v += y_step)
    {
      g_autofree char *text = g_strdup_printf ("%d", v);
      g_autoptr (PangoLayout) layout = make_layout (cr, font, text);
      int w, h;
      const double solid[] = { 1.0 };

      draw_hline (cr, left, right, Y (v), fg, v == 0 ? 0.5 : 0.12, solid, 0);
      pango_layout_get_pixel_size (layout, &w, &h);
      set_source (cr, fg, 0.7);
      cairo_move_to (cr, left - w - 4, Y (v) - h / 2.0);
      pango_cairo_show_layout (cr, layout);
    }

  /* x labels: the round numbers, 0 the start */
  for (guint p = 0; p <= n_rounds; p += x_step)
    {
      g_autofree char *text = g_strdup_printf ("%u", p);
      g_autoptr (PangoLayout) layout = make_layout (cr, font, text);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      set_source (cr, fg, 0.7);
      cairo_move_to (cr, X (p) - w / 2.0, bottom + 2);
      pango_cairo_show_layout (cr, layout);
    }

  /* The target and skunk lines, labelled */
  {
    const double dashed[] = { 6.0, 4.0 };
    const double dotted[] = { 2.0, 3.0 };
    g_autofree char *target = NULL;

    /* TRANSLATORS: the label of the chart's line at the score that wins (R24) */
    target = g_strdup_printf (_("Target %d"), data->target);
    draw_hline (cr, left, right, Y (data->target), fg, 0.7, dashed, 2);
    draw_line_label (cr, font, target, data, &frame, Y (data->target), fg);

    if (data->skunk > 0 && data->skunk < data->target)
      {
        g_autofree char *skunk = NULL;

        /* TRANSLATORS: the label of the chart's line at the skunk threshold (R23) */
        skunk = g_strdup_printf (_("Skunk %d"), data->skunk);
        draw_hline (cr, left, right, Y (data->skunk), fg, 0.55, dotted, 2);
        draw_line_label (cr, font, skunk, data, &frame, Y (data->skunk), fg);
      }
  }

  /* One line per side, markers at each round when they fit */
  {
    double marker = n_rounds <= 40 ? MIN (3.5, (right - left) / MAX (n_rounds, 1) / 3) : 0;

    cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_width (cr, 2.0);
    for (guint s = 0; s < data->n_sides; s++)
      {
        GdkRGBA color;

        side_color (s, dark, &color);
        set_source (cr, &color, 1.0);
        for (guint p = 0; p < data->n_points; p++)
          {
            double x = X (p), y = Y (data->scores[p * data->n_sides + s]);

            if (p == 0)
              cairo_move_to (cr, x, y);
            else
              cairo_line_to (cr, x, y);
          }
        cairo_stroke (cr);

        for (guint p = 0; p < data->n_points; p++)
          if (marker >= 1.5 || p + 1 == data->n_points)
            draw_marker (cr, s, X (p), Y (data->scores[p * data->n_sides + s]), MAX (marker, 3.0));
      }
  }

#undef X
#undef Y

  cairo_restore (cr);
}

void
lw_score_chart_draw (cairo_t            *cr,
                     double              width,
                     double              height,
                     const LwGameRecord *record,
                     const LwStandings  *standings,
                     const GdkRGBA      *foreground,
                     const char         *font)
{
  ChartData data = { 0 };

  g_return_if_fail (cr != NULL);
  g_return_if_fail (record != NULL);
  g_return_if_fail (standings != NULL);
  g_return_if_fail (foreground != NULL);

  chart_data_fill (&data, record, standings);
  chart_data_draw (&data, cr, width, height, foreground, font);
  chart_data_clear (&data);
}

static char *
widget_font (GtkWidget *widget)
{
  PangoContext *context = gtk_widget_get_pango_context (widget);
  PangoFontDescription *desc = pango_font_description_copy (pango_context_get_font_description (context));
  char *font;

  /* Labels a little smaller than text */
  if (pango_font_description_get_size (desc) > 0)
    {
      int size = pango_font_description_get_size (desc) * 9 / 10;

      if (pango_font_description_get_size_is_absolute (desc))
        pango_font_description_set_absolute_size (desc, size);
      else
        pango_font_description_set_size (desc, size);
    }
  font = pango_font_description_to_string (desc);
  pango_font_description_free (desc);

  return font;
}

static void
lw_score_chart_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  LwScoreChart *self = LW_SCORE_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autofree char *font = NULL;
  GdkRGBA fg;
  cairo_t *cr;

  if (self->data.n_sides == 0 || width <= 0 || height <= 0)
    return;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  font = widget_font (widget);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  chart_data_draw (&self->data, cr, width, height, &fg, font);
  cairo_destroy (cr);
}

static void
lw_score_chart_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  LwScoreChart *self = LW_SCORE_CHART (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 480;
    }
  else
    {
      /* The legend wraps at narrow widths: measure it for @for_size. */
      double legend = 0;

      if (self->data.n_sides > 0)
        {
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
          cairo_t *cr = cairo_create (surface);
          g_autofree char *font = widget_font (widget);
          GdkRGBA fg = { 0, 0, 0, 1 };

          legend = draw_legend (cr, &self->data, for_size > 0 ? for_size : 480, &fg, FALSE, font, FALSE);
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
        }
      *minimum = *natural = (int) (legend + 0.999) + PLOT_HEIGHT;
    }
}

static GtkSizeRequestMode
lw_score_chart_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
lw_score_chart_css_changed (GtkWidget         *widget,
                            GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (lw_score_chart_parent_class)->css_changed (widget, change);

  /* Dark mode and the font change the drawing. */
  gtk_widget_queue_resize (widget);
}

static void
update_accessible (LwScoreChart *self)
{
  g_autoptr (GString) text = g_string_new (NULL);
  guint n_rounds = self->data.n_points > 0 ? self->data.n_points - 1 : 0;

  if (self->data.n_sides == 0)
    return;

  if (self->data.garwolf)
    /* TRANSLATORS: the score chart for a screen reader: "Scores after 8 hands: Ann 40, Ben 22" */
    g_string_printf (text, g_dngettext (GETTEXT_PACKAGE, "Scores after %u hand:", "Scores after %u hands:", n_rounds), n_rounds);
  else
    /* TRANSLATORS: the score chart for a screen reader: "Scores after 8 rounds: Ann 12, Ben 5" */
    g_string_printf (text, g_dngettext (GETTEXT_PACKAGE, "Scores after %u round:", "Scores after %u rounds:", n_rounds), n_rounds);

  for (guint s = 0; s < self->data.n_sides; s++)
    g_string_append_printf (text, "%s %s %d", s > 0 ? "," : "", self->data.names[s],
                            self->data.scores[n_rounds * self->data.n_sides + s]);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text->str,
                                  -1);
}

void
lw_score_chart_set_game (LwScoreChart       *self,
                         const LwGameRecord *record,
                         const LwStandings  *standings)
{
  g_return_if_fail (LW_IS_SCORE_CHART (self));

  if (record == NULL || standings == NULL)
    chart_data_clear (&self->data);
  else
    chart_data_fill (&self->data, record, standings);

  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

guint
lw_score_chart_get_n_sides (LwScoreChart *self)
{
  g_return_val_if_fail (LW_IS_SCORE_CHART (self), 0);

  return self->data.n_sides;
}

guint
lw_score_chart_get_n_points (LwScoreChart *self)
{
  g_return_val_if_fail (LW_IS_SCORE_CHART (self), 0);

  return self->data.n_points;
}

int
lw_score_chart_get_score (LwScoreChart *self,
                          guint         side,
                          guint         point)
{
  g_return_val_if_fail (LW_IS_SCORE_CHART (self), 0);
  g_return_val_if_fail (side < self->data.n_sides, 0);
  g_return_val_if_fail (point < self->data.n_points, 0);

  return self->data.scores[point * self->data.n_sides + side];
}

GtkWidget *
lw_score_chart_new (void)
{
  return g_object_new (LW_TYPE_SCORE_CHART, NULL);
}

static void
lw_score_chart_finalize (GObject *object)
{
  LwScoreChart *self = LW_SCORE_CHART (object);

  chart_data_clear (&self->data);

  G_OBJECT_CLASS (lw_score_chart_parent_class)->finalize (object);
}

static void
lw_score_chart_class_init (LwScoreChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = lw_score_chart_finalize;

  widget_class->snapshot = lw_score_chart_snapshot;
  widget_class->measure = lw_score_chart_measure;
  widget_class->get_request_mode = lw_score_chart_get_request_mode;
  widget_class->css_changed = lw_score_chart_css_changed;

  gtk_widget_class_set_css_name (widget_class, "scorechart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
lw_score_chart_init (LwScoreChart *self)
{
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
}
