/* lw-print-grid.c — printing a titled table of text
 *
 * The rows are measured with the print context's fonts when printing
 * begins and laid out from top to bottom; each page starts with the
 * header row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-print.h"
#include "lw-print-grid-private.h"

#define BODY_FONT "Sans 9"
#define HEAD_FONT "Sans Bold 9"
#define LARGE_BODY_FONT "Sans 18"   /* a wall sheet, read from a step away */
#define LARGE_HEAD_FONT "Sans Bold 14"
#define TITLE_FONT "Sans Bold 15"
#define ROW_PAD 3.0
#define COL_GAP 6.0
#define GAP_HEIGHT 10.0
#define MAX_COLUMNS 12

typedef struct {
  guint  page;
  double y;
  double height;
} Placed;

typedef struct {
  char      *title;
  char      *subtitle;
  guint      n_columns;
  char     **headers;
  double     widths[MAX_COLUMNS];
  GPtrArray *rows;         /* GStrv, or NULL for a gap */
  const char *body_font;   /* the rows' and the header's: static strings */
  const char *head_font;

  /* the layout, from begin-print */
  double     width;
  double     x[MAX_COLUMNS + 1];
  double     top;          /* the first page's header row, below the title */
  double     header_height;
  GArray    *placed;       /* Placed, one per row */
  guint      n_pages;
} Table;

static void
table_free (gpointer data)
{
  Table *table = data;

  g_free (table->title);
  g_free (table->subtitle);
  g_strfreev (table->headers);
  g_clear_pointer (&table->rows, g_ptr_array_unref);
  g_clear_pointer (&table->placed, g_array_unref);
  g_free (table);
}

/* The height of a row of cells, or draws it at @y when @cr is set. */
static double
row_cells (Table              *table,
           GtkPrintContext    *context,
           cairo_t            *cr,
           const char         *font,
           const char *const  *cells,
           double              y)
{
  double height = 0;

  for (guint c = 0; c < table->n_columns; c++)
    {
      g_autoptr (PangoLayout) layout = lw_print_make_layout (context, font, cells[c],
                                                    table->x[c + 1] - table->x[c] - COL_GAP);

      height = MAX (height, lw_print_layout_height (layout));
      if (cr != NULL)
        lw_print_show_layout (cr, layout, table->x[c], y + ROW_PAD);
    }
  return height + 2 * ROW_PAD;
}

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                gpointer           user_data)
{
  Table *table = user_data;
  double page_height = gtk_print_context_get_height (context) - LW_PRINT_FOOTER_HEIGHT;
  double total = 0, y;
  guint page = 0;

  table->width = gtk_print_context_get_width (context);
  for (guint c = 0; c < table->n_columns; c++)
    total += table->widths[c];
  table->x[0] = 0;
  for (guint c = 0; c < table->n_columns; c++)
    table->x[c + 1] = table->x[c] + table->width * table->widths[c] / total;

  {
    g_autoptr (PangoLayout) title = lw_print_make_layout (context, TITLE_FONT, table->title, table->width);

    y = lw_print_layout_height (title) + 6;
    if (table->subtitle != NULL)
      {
        g_autoptr (PangoLayout) subtitle = lw_print_make_layout (context, BODY_FONT, table->subtitle, table->width);

        y += lw_print_layout_height (subtitle) + 6;
      }
  }
  table->top = y + 6;
  table->header_height = row_cells (table, context, NULL, table->head_font,
                                    (const char *const *) table->headers, 0);

  g_clear_pointer (&table->placed, g_array_unref);
  table->placed = g_array_sized_new (FALSE, TRUE, sizeof (Placed), table->rows->len);
  y = table->top + table->header_height;
  for (guint i = 0; i < table->rows->len; i++)
    {
      GStrv cells = g_ptr_array_index (table->rows, i);
      Placed placed = { 0 };

      placed.height = cells == NULL ? GAP_HEIGHT
                      : row_cells (table, context, NULL, table->body_font, (const char *const *) cells, 0);
      if (y + placed.height > page_height && y > table->header_height + 1)
        {
          page++;
          y = table->header_height;
        }
      placed.page = page;
      placed.y = y;
      y += placed.height;
      g_array_append_val (table->placed, placed);
    }

  table->n_pages = page + 1;
  gtk_print_operation_set_n_pages (operation, (int) table->n_pages);
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page_nr,
              gpointer           user_data)
{
  Table *table = user_data;
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double header_y = page_nr == 0 ? table->top : 0;

  cairo_set_source_rgb (cr, 0, 0, 0);
  if (page_nr == 0)
    {
      g_autoptr (PangoLayout) title = lw_print_make_layout (context, TITLE_FONT, table->title, table->width);

      lw_print_show_layout (cr, title, 0, 0);
      if (table->subtitle != NULL)
        {
          g_autoptr (PangoLayout) subtitle = lw_print_make_layout (context, BODY_FONT, table->subtitle, table->width);

          lw_print_show_layout (cr, subtitle, 0, lw_print_layout_height (title) + 6);
        }
    }

  row_cells (table, context, cr, table->head_font, (const char *const *) table->headers, header_y);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, 0, header_y + table->header_height);
  cairo_line_to (cr, table->width, header_y + table->header_height);
  cairo_stroke (cr);

  cairo_set_line_width (cr, 0.4);
  for (guint i = 0; i < table->rows->len; i++)
    {
      const Placed *placed = &g_array_index (table->placed, Placed, i);
      GStrv cells = g_ptr_array_index (table->rows, i);
      double y = placed->y;

      if (placed->page != (guint) page_nr || cells == NULL)
        continue;
      row_cells (table, context, cr, table->body_font, (const char *const *) cells, y);
      cairo_move_to (cr, 0, y + placed->height);
      cairo_line_to (cr, table->width, y + placed->height);
      cairo_stroke (cr);
    }

  lw_print_draw_footer (context, cr, table->title, page_nr, table->n_pages, table->width);
}

GtkPrintOperation *
lw_print_grid_new (const char         *title,
                    const char         *subtitle,
                    guint               n_columns,
                    const char *const  *headers,
                    const double       *widths,
                    GPtrArray          *rows)
{
  Table *table;

  g_return_val_if_fail (title != NULL, NULL);
  g_return_val_if_fail (n_columns >= 1 && n_columns <= MAX_COLUMNS, NULL);
  g_return_val_if_fail (headers != NULL && widths != NULL && rows != NULL, NULL);

  table = g_new0 (Table, 1);
  table->title = g_strdup (title);
  table->subtitle = g_strdup (subtitle);
  table->body_font = BODY_FONT;
  table->head_font = HEAD_FONT;
  table->n_columns = n_columns;
  table->headers = g_new0 (char *, n_columns + 1);
  for (guint c = 0; c < n_columns; c++)
    {
      table->headers[c] = g_strdup (headers[c]);
      table->widths[c] = widths[c] > 0 ? widths[c] : 1;
    }
  table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint i = 0; i < rows->len; i++)
    {
      const char *const *cells = g_ptr_array_index (rows, i);
      char **copy = NULL;

      if (cells != NULL && cells[0] != NULL)
        {
          copy = g_new0 (char *, n_columns + 1);
          for (guint c = 0; c < n_columns; c++)
            copy[c] = g_strdup (cells[c] != NULL ? cells[c] : "");
        }
      g_ptr_array_add (table->rows, copy);
    }

  return lw_print_operation_new (title, "lw-table", table, table_free,
                                 G_CALLBACK (begin_print_cb), G_CALLBACK (draw_page_cb));
}

guint
lw_print_grid_get_n_pages (GtkPrintOperation *operation)
{
  Table *table;

  g_return_val_if_fail (GTK_IS_PRINT_OPERATION (operation), 0);

  table = g_object_get_data (G_OBJECT (operation), "lw-table");
  return table != NULL ? table->n_pages : 0;
}

void
lw_print_grid_set_large_type (GtkPrintOperation *operation)
{
  Table *table;

  g_return_if_fail (GTK_IS_PRINT_OPERATION (operation));

  table = g_object_get_data (G_OBJECT (operation), "lw-table");
  g_return_if_fail (table != NULL);
  table->body_font = LARGE_BODY_FONT;
  table->head_font = LARGE_HEAD_FONT;
}
