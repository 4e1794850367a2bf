/* lw-bracket.c — a single elimination's bracket, drawn with Cairo
 *
 * The same drawing serves the screen and the printed page: columns of
 * equal width, one per round and one for the champion; in each column the
 * slots are spread evenly down the height, so that each slot sits midway
 * between the two it comes from.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-bracket.h"
#include "lw-print.h"

#define COLUMN_GAP 10.0
#define MIN_COLUMN 10.0  /* × font size */
#define SLOT_HEIGHT 2.8  /* × font size */

typedef struct {
  char    *name;     /* NULL: nobody yet (or a bye in round 1) */
  char    *score;    /* the score at the slot's table, or NULL */
  gboolean through;  /* won the table, or passed with a bye */
  gboolean out;      /* lost the table or withdrew */
  gboolean bye;      /* an empty slot of round 1: the opponent's bye */
} Slot;

struct _LwBracket
{
  char      *title;
  GPtrArray *headers;  /* utf8, one per column */
  GPtrArray *columns;  /* GArray of Slot, one per column */
};

static void
slot_clear (gpointer data)
{
  Slot *slot = data;

  g_free (slot->name);
  g_free (slot->score);
}

void
lw_bracket_free (LwBracket *bracket)
{
  if (bracket == NULL)
    return;
  g_free (bracket->title);
  g_ptr_array_unref (bracket->headers);
  g_ptr_array_unref (bracket->columns);
  g_free (bracket);
}

/* The column heading of round @r (1-based) of @total. */
static char *
round_header (guint r,
              guint total)
{
  if (r == total)
    /* TRANSLATORS: the last round of a single elimination */
    return g_strdup (_("Final"));
  if (r + 1 == total)
    /* TRANSLATORS: the round before the final of a single elimination */
    return g_strdup (_("Semi-finals"));
  if (r + 2 == total)
    /* TRANSLATORS: the round before the semi-finals of a single elimination */
    return g_strdup (_("Quarter-finals"));
  /* TRANSLATORS: a column of a single elimination's bracket */
  return g_strdup_printf (_("Round %u"), r);
}

/* The table of @round where @entrant sits, or NULL. */
static const LwEventTable *
table_of (const LwEventRound *round,
          int                 entrant)
{
  for (guint t = 0; t < round->tables->len; t++)
    {
      const LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);

      for (guint s = 0; s < table->n_seats; s++)
        if (table->entrants[s] == entrant)
          return table;
    }
  return NULL;
}

LwBracket *
lw_bracket_new (const LwEvent *event)
{
  g_autoptr (GPtrArray) slots = NULL;
  LwBracket *bracket;
  guint total;

  g_return_val_if_fail (event != NULL, NULL);

  slots = lw_event_bracket (event);
  if (slots->len < 2)
    return NULL;
  total = slots->len - 1;

  bracket = g_new0 (LwBracket, 1);
  bracket->title = g_strdup (event->name);
  bracket->headers = g_ptr_array_new_with_free_func (g_free);
  bracket->columns = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint c = 0; c < slots->len; c++)
    {
      const GArray *from = g_ptr_array_index (slots, c);
      const LwEventRound *round = c < event->rounds->len ? g_ptr_array_index (event->rounds, c) : NULL;
      GArray *column = g_array_sized_new (FALSE, TRUE, sizeof (Slot), from->len);

      g_array_set_clear_func (column, slot_clear);
      g_ptr_array_add (bracket->headers, c < total ? round_header (c + 1, total)
                                                   /* TRANSLATORS: the winner's column of a bracket */
                                                   : g_strdup (_("Champion")));
      for (guint i = 0; i < from->len; i++)
        {
          int entrant = g_array_index (from, int, i);
          Slot slot = { 0, };

          if (entrant >= 0)
            {
              const LwEntrant *who = g_ptr_array_index (event->entrants, entrant);
              const LwEventTable *table = round != NULL ? table_of (round, entrant) : NULL;
              guint out_round = 0;
              LwEliminationState state = lw_event_elimination_state (event, entrant, &out_round);

              slot.name = g_strdup (who->name);
              if (table != NULL && table->has_result)
                {
                  guint seat = table->entrants[0] == entrant ? 0 : 1;
                  int other = table->scores[1 - seat];

                  slot.through = table->scores[seat] > other;
                  slot.out = !slot.through;
                  slot.score = table->time_called
                                 /* TRANSLATORS: a score in a bracket of a game
                                  * stopped by the clock */
                                 ? g_strdup_printf (_("%d, time called"), table->scores[seat])
                                 : g_strdup_printf ("%d", table->scores[seat]);
                }
              else if (round != NULL && table == NULL)
                {
                  if (state == LW_ELIMINATION_WITHDREW && out_round == c + 1)
                    {
                      slot.out = TRUE;
                      /* TRANSLATORS: a bracket's slot of a player who dropped out */
                      slot.score = g_strdup (_("withdrew"));
                    }
                  else
                    {
                      slot.through = TRUE;
                      /* TRANSLATORS: a bracket's slot passed without a game */
                      slot.score = g_strdup (_("bye"));
                    }
                }
              else if (round == NULL && state == LW_ELIMINATION_WITHDREW && out_round == c + 1)
                {
                  slot.out = TRUE;
                  slot.score = g_strdup (_("withdrew"));
                }
              if (c == total)
                slot.through = TRUE;
            }
          else
            slot.bye = c == 0;
          /* The column owns the slot's strings now (slot_clear()), which
           * cppcheck does not follow into the array's copy. */
          g_array_append_val (column, slot);
          /* cppcheck-suppress memleak */
        }
      g_ptr_array_add (bracket->columns, column);
    }
  return bracket;
}

static PangoLayout *
make_layout (cairo_t    *cr,
             const char *text,
             double      font_size,
             gboolean    bold,
             double      width)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans");

  pango_font_description_set_absolute_size (font, font_size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_width (layout, (int) (MAX (width, 1) * PANGO_SCALE));
  return layout;
}

void
lw_bracket_get_size (const LwBracket *bracket,
                     double           font_size,
                     double          *width,
                     double          *height)
{
  const GArray *first;

  g_return_if_fail (bracket != NULL);

  first = g_ptr_array_index (bracket->columns, 0);
  *width = bracket->columns->len * (MIN_COLUMN * font_size + COLUMN_GAP);
  *height = (first->len + 1) * SLOT_HEIGHT * font_size;
}

void
lw_bracket_draw (const LwBracket *bracket,
                 cairo_t         *cr,
                 double           width,
                 double           height,
                 const GdkRGBA   *color,
                 double           font_size)
{
  guint n_columns;
  double column, top, body;

  g_return_if_fail (bracket != NULL && cr != NULL && color != NULL);

  n_columns = bracket->columns->len;
  column = width / n_columns;
  top = SLOT_HEIGHT * font_size;
  body = MAX (height - top, 1);

  cairo_save (cr);
  cairo_set_line_width (cr, MAX (1.0, font_size / 12));
  for (guint c = 0; c < n_columns; c++)
    {
      const GArray *slots = g_ptr_array_index (bracket->columns, c);
      double x = c * column, step = body / slots->len;
      double text_width = column - COLUMN_GAP - 4;
      g_autoptr (PangoLayout) header = make_layout (cr, g_ptr_array_index (bracket->headers, c),
                                                    font_size, TRUE, text_width);

      gdk_cairo_set_source_rgba (cr, color);
      cairo_move_to (cr, x + 2, font_size * 0.4);
      pango_cairo_show_layout (cr, header);

      for (guint i = 0; i < slots->len; i++)
        {
          const Slot *slot = &g_array_index (slots, Slot, i);
          double y = top + (i + 0.5) * step;
          GdkRGBA ink = *color;
          g_autofree char *text = NULL;

          if (slot->name == NULL || slot->out)
            ink.alpha *= 0.55;
          gdk_cairo_set_source_rgba (cr, &ink);

          /* The slot's line, and its name (and score) above it. */
          cairo_move_to (cr, x, y);
          cairo_line_to (cr, x + column - COLUMN_GAP, y);
          cairo_stroke (cr);
          if (slot->name != NULL)
            text = slot->score != NULL
                     /* TRANSLATORS: a bracket's slot: a player and their score */
                     ? g_strdup_printf (_("%s · %s"), slot->name, slot->score)
                     : g_strdup (slot->name);
          else if (slot->bye)
            /* TRANSLATORS: an empty slot of a bracket's first round */
            text = g_strdup (_("(bye)"));
          if (text != NULL)
            {
              g_autoptr (PangoLayout) name = make_layout (cr, text, font_size, slot->through,
                                                          text_width);
              int layout_height;

              pango_layout_get_pixel_size (name, NULL, &layout_height);
              cairo_move_to (cr, x + 4, y - layout_height - 1);
              pango_cairo_show_layout (cr, name);
            }

          /* A pair's lines join, and go on to the next round's slot. */
          if (c + 1 < n_columns && i % 2 == 1)
            {
              double above = top + (i - 0.5) * step;
              double edge = x + column - COLUMN_GAP;

              gdk_cairo_set_source_rgba (cr, color);
              cairo_move_to (cr, edge, above);
              cairo_line_to (cr, edge, y);
              cairo_move_to (cr, edge, (above + y) / 2);
              cairo_line_to (cr, x + column, (above + y) / 2);
              cairo_stroke (cr);
            }
        }
    }
  cairo_restore (cr);
}

/* ------------------------------------------------------------------ */
/* Print                                                                */

#define PRINT_FONT_SIZE 9.0
#define PRINT_TITLE_FONT "Sans Bold 15"

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                gpointer           user_data)
{
  gtk_print_operation_set_n_pages (operation, 1);
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              gpointer           user_data)
{
  const LwBracket *bracket = user_data;
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double width = gtk_print_context_get_width (context);
  double height = gtk_print_context_get_height (context);
  GdkRGBA black = { 0, 0, 0, 1 };
  g_autofree char *title = g_strdup_printf (_("%s: Bracket"), bracket->title);
  g_autoptr (PangoLayout) layout = lw_print_make_layout (context, PRINT_TITLE_FONT, title, width);
  int title_height;
  double font_size = PRINT_FONT_SIZE, need_width, need_height;

  pango_layout_get_pixel_size (layout, NULL, &title_height);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_move_to (cr, 0, 0);
  pango_cairo_show_layout (cr, layout);

  /* A large field: smaller names, so that every slot fits the page. */
  lw_bracket_get_size (bracket, font_size, &need_width, &need_height);
  if (need_height > height - title_height - 12)
    font_size = MAX (4.0, font_size * (height - title_height - 12) / need_height);

  cairo_translate (cr, 0, title_height + 12);
  lw_bracket_draw (bracket, cr, width, height - title_height - 12, &black, font_size);
}

GtkPrintOperation *
lw_print_bracket_new (const LwEvent *event)
{
  LwBracket *bracket;
  GtkPrintOperation *operation;
  g_autoptr (GtkPageSetup) setup = gtk_page_setup_new ();
  g_autofree char *name = NULL;

  g_return_val_if_fail (event != NULL, NULL);

  bracket = lw_bracket_new (event);
  if (bracket == NULL)
    return NULL;
  /* TRANSLATORS: the print job of a bracket: the event's name */
  name = g_strdup_printf (_("%s: Bracket"), event->name);
  operation = lw_print_operation_new (name, "lw-bracket", bracket, (GDestroyNotify) lw_bracket_free,
                                      G_CALLBACK (begin_print_cb), G_CALLBACK (draw_page_cb));
  gtk_page_setup_set_orientation (setup, GTK_PAGE_ORIENTATION_LANDSCAPE);
  gtk_print_operation_set_default_page_setup (operation, setup);
  return operation;
}

/* ------------------------------------------------------------------ */
/* The view                                                             */

#define VIEW_FONT_SIZE 14.0

struct _LwBracketView
{
  GtkWidget parent_instance;

  /* owned */
  LwBracket *bracket;
};

G_DEFINE_FINAL_TYPE (LwBracketView, lw_bracket_view, GTK_TYPE_WIDGET)

static void
lw_bracket_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  LwBracketView *self = LW_BRACKET_VIEW (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GdkRGBA color;
  cairo_t *cr;

  if (self->bracket == NULL || width <= 0 || height <= 0)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  lw_bracket_draw (self->bracket, cr, width, height, &color, VIEW_FONT_SIZE);
  cairo_destroy (cr);
}

static void
lw_bracket_view_finalize (GObject *object)
{
  LwBracketView *self = LW_BRACKET_VIEW (object);

  g_clear_pointer (&self->bracket, lw_bracket_free);
  G_OBJECT_CLASS (lw_bracket_view_parent_class)->finalize (object);
}

static void
lw_bracket_view_class_init (LwBracketViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = lw_bracket_view_finalize;
  widget_class->snapshot = lw_bracket_view_snapshot;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
lw_bracket_view_init (LwBracketView *self)
{
}

GtkWidget *
lw_bracket_view_new (void)
{
  return g_object_new (LW_TYPE_BRACKET_VIEW, NULL);
}

void
lw_bracket_view_set_event (LwBracketView *self,
                           const LwEvent *event)
{
  double width = 0, height = 0;

  g_return_if_fail (LW_IS_BRACKET_VIEW (self));

  g_clear_pointer (&self->bracket, lw_bracket_free);
  if (event != NULL)
    self->bracket = lw_bracket_new (event);
  if (self->bracket != NULL)
    lw_bracket_get_size (self->bracket, VIEW_FONT_SIZE, &width, &height);
  /* The font's size fixes the bracket's: the view asks for all of it (a
   * scrolled window around it scrolls). */
  gtk_widget_set_size_request (GTK_WIDGET (self), (int) width, (int) height);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
