/* lw-print.c — printing a game's score sheet, or a blank one for the
 * table
 *
 * The sheet is a list of blocks (title, table header, one per round, the
 * result, the chart) measured with the print context's fonts when
 * printing begins, and laid out on pages from top to bottom; a page that
 * goes on with the rounds repeats the table header.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <adwaita.h>

#include "lw-app-util.h"
#include "lw-print-private.h"
#include "lw-score-chart.h"

#define BODY_FONT "Sans 9"
#define SMALL_FONT "Sans 8"
#define TITLE_FONT "Sans Bold 15"
#define ROW_PAD 3.0       /* points above and below a row's text */
#define COL_GAP 8.0
#define CHART_HEIGHT 300.0
#define BLANK_ROW_HEIGHT 24.0

typedef enum {
  BLOCK_TITLE,
  BLOCK_HEADER,
  BLOCK_ROUND,
  BLOCK_RESULT,
  BLOCK_CHART,
} BlockKind;

typedef struct {
  BlockKind kind;
  guint     index;  /* the round, for BLOCK_ROUND */
  guint     page;
  double    y;
  double    height;
} Block;

typedef struct {
  gboolean      blank;
  guint         n_sides;
  LwGameRecord *record;     /* NULL for a blank sheet */
  LwStandings  *standings;
  char         *title;

  /* the layout, from begin-print */
  double        width;
  double        round_width;
  double        dealer_width;
  double        score_width;
  GArray       *blocks;     /* Block */
  guint         n_pages;
} Sheet;

static void
sheet_free (gpointer data)
{
  Sheet *sheet = data;

  g_clear_pointer (&sheet->record, lw_game_record_free);
  g_clear_pointer (&sheet->standings, lw_standings_free);
  g_clear_pointer (&sheet->blocks, g_array_unref);
  g_free (sheet->title);
  g_free (sheet);
}

PangoLayout *
lw_print_make_layout (GtkPrintContext *context,
                      const char      *font,
                      const char      *text,
                      double           width)
{
  PangoLayout *layout = gtk_print_context_create_pango_layout (context);
  g_autoptr (PangoFontDescription) desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  if (width > 0)
    {
      pango_layout_set_width (layout, pango_units_from_double (width));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  return layout;
}

double
lw_print_layout_height (PangoLayout *layout)
{
  int height;

  pango_layout_get_size (layout, NULL, &height);
  return pango_units_to_double (height);
}

static double
layout_width (PangoLayout *layout)
{
  int width;

  pango_layout_get_size (layout, &width, NULL);
  return pango_units_to_double (width);
}

void
lw_print_show_layout (cairo_t     *cr,
                      PangoLayout *layout,
                      double       x,
                      double       y)
{
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

/* ------------------------------------------------------------------ */
/* The texts                                                            */
/* ------------------------------------------------------------------ */

static char *
title_text (Sheet *sheet)
{
  g_autoptr (GString) text = g_string_new (NULL);
  const LwGameRecord *record = sheet->record;

  if (record->ruleset == LW_RULESET_GARWOLF)
    /* TRANSLATORS: below the title of a printed score sheet */
    g_string_append_printf (text, _("Garwolf · target %d"), record->target);
  else
    /* TRANSLATORS: below the title of a printed score sheet */
    g_string_append_printf (text, _("Little Wolf · target %d · skunk %d"), record->target, record->skunk);
  {
    g_autofree char *rules = lw_rules_text (record);

    if (rules != NULL)
      /* TRANSLATORS: on a printed score sheet, the rule set and house rules (%s) */
      g_string_append_printf (text, _("\nRules: %s"), rules);
  }

  if (record->n_teams > 0)
    for (guint side = 0; side < sheet->n_sides; side++)
      {
        g_autofree char *name = lw_game_record_side_name (record, (int) side);

        /* TRANSLATORS: a team on a printed score sheet: its number and players */
        g_string_append_printf (text, _("\nTeam %u: %s"), side + 1, name);
      }
  else
    {
      g_autofree char *players = g_strjoinv (", ", (char **) (gpointer) record->players);

      /* TRANSLATORS: the players on a printed score sheet */
      g_string_append_printf (text, _("\nPlayers: %s"), players);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
result_text (Sheet *sheet)
{
  const LwStandings *standings = sheet->standings;
  g_autoptr (GString) text = g_string_new (NULL);

  /* TRANSLATORS: on a printed score sheet, before the scores at the end */
  g_string_append (text, _("Final board: "));
  for (guint side = 0; side < sheet->n_sides; side++)
    {
      if (side > 0)
        g_string_append (text, " – ");
      g_string_append_printf (text, "%s %d", (const char *) g_ptr_array_index (standings->sides, side),
                              standings->scores[side]);
    }
  g_string_append_c (text, '\n');

  if (standings->finished && standings->winner >= 0)
    {
      const char *winner = g_ptr_array_index (standings->sides, standings->winner);

      if (standings->skunk)
        /* TRANSLATORS: %s is the winning side */
        g_string_append_printf (text, _("Winner: %s, with a skunk"), winner);
      else
        /* TRANSLATORS: %s is the winning side */
        g_string_append_printf (text, _("Winner: %s"), winner);
    }
  else
    g_string_append (text, _("The game goes on."));

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
dealer_text (Sheet               *sheet,
             const LwRoundResult *result)
{
  if (result->dealer < 0 || (guint) result->dealer >= sheet->record->n_players)
    return g_strdup ("—");
  return g_strdup (lw_game_record_player_at (sheet->record, result->dealer, result->number));
}

static char *
breakdown_text (Sheet               *sheet,
                const LwRoundResult *result)
{
  g_autofree char *text = lw_describe_round (sheet->record, sheet->standings, result);
  g_autofree char *facts = NULL;

  if (result->is_void)
    /* TRANSLATORS: a void round on a printed score sheet */
    return g_strconcat (_("Void round"), text != NULL && *text != '\0' ? "\n" : "", text, NULL);
  /* The round's facts first (the cards each player won, Den cards,
   * pegging), so that the sheet can be checked against the table. */
  if (result->number >= 1 && result->number <= sheet->record->rounds->len)
    facts = lw_describe_round_facts (sheet->record,
                                     g_ptr_array_index (sheet->record->rounds, result->number - 1));
  if (facts == NULL || *facts == '\0')
    return g_steal_pointer (&text);
  return g_strconcat (facts, text != NULL && *text != '\0' ? "\n" : "", text, NULL);
}

static double
breakdown_x (Sheet *sheet)
{
  return sheet->round_width + sheet->dealer_width + sheet->n_sides * sheet->score_width + COL_GAP;
}

/* ------------------------------------------------------------------ */
/* Measuring and drawing blocks                                         */
/* ------------------------------------------------------------------ */

static double
draw_block (Sheet           *sheet,
            GtkPrintContext *context,
            cairo_t         *cr,    /* NULL to measure only */
            const Block     *block,
            double           y)
{
  double height = 0;

  switch (block->kind)
    {
    case BLOCK_TITLE:
      {
        g_autoptr (PangoLayout) title = lw_print_make_layout (context, TITLE_FONT, sheet->title, sheet->width);
        g_autofree char *text = title_text (sheet);
        g_autoptr (PangoLayout) details = lw_print_make_layout (context, BODY_FONT, text, sheet->width);

        if (cr != NULL)
          {
            lw_print_show_layout (cr, title, 0, y);
            lw_print_show_layout (cr, details, 0, y + lw_print_layout_height (title) + 4);
          }
        height = lw_print_layout_height (title) + 4 + lw_print_layout_height (details) + 12;
      }
      break;

    case BLOCK_HEADER:
      {
        /* TRANSLATORS: column headings of a printed score sheet */
        g_autoptr (PangoLayout) round = lw_print_make_layout (context, "Sans Bold 8", C_("column", "Round"), 0);
        g_autoptr (PangoLayout) dealer = lw_print_make_layout (context, "Sans Bold 8", C_("column", "Dealer"), 0);
        g_autoptr (PangoLayout) breakdown = lw_print_make_layout (context, "Sans Bold 8", C_("column", "What scored"), 0);
        double x = sheet->round_width + sheet->dealer_width;

        height = lw_print_layout_height (round);
        for (guint side = 0; side < sheet->n_sides; side++)
          {
            g_autoptr (PangoLayout) name = lw_print_make_layout (context, "Sans Bold 8",
                                                        g_ptr_array_index (sheet->standings->sides, side),
                                                        sheet->score_width - 4);

            height = MAX (height, lw_print_layout_height (name));
            if (cr != NULL)
              lw_print_show_layout (cr, name, x, y);
            x += sheet->score_width;
          }
        if (cr != NULL)
          {
            lw_print_show_layout (cr, round, 0, y);
            lw_print_show_layout (cr, dealer, sheet->round_width, y);
            lw_print_show_layout (cr, breakdown, breakdown_x (sheet), y);
            cairo_set_line_width (cr, 0.8);
            cairo_move_to (cr, 0, y + height + ROW_PAD);
            cairo_line_to (cr, sheet->width, y + height + ROW_PAD);
            cairo_stroke (cr);
          }
        height += ROW_PAD;
      }
      break;

    case BLOCK_ROUND:
      {
        const LwRoundResult *result = g_ptr_array_index (sheet->standings->rounds, block->index);
        g_autofree char *number = g_strdup_printf ("%u", result->number);
        g_autofree char *dealer = dealer_text (sheet, result);
        g_autofree char *breakdown = breakdown_text (sheet, result);
        g_autoptr (PangoLayout) number_layout = lw_print_make_layout (context, BODY_FONT, number, 0);
        g_autoptr (PangoLayout) dealer_layout = lw_print_make_layout (context, BODY_FONT, dealer, sheet->dealer_width - 4);
        g_autoptr (PangoLayout) breakdown_layout = lw_print_make_layout (context, SMALL_FONT, breakdown,
                                                                sheet->width - breakdown_x (sheet));
        double x = sheet->round_width + sheet->dealer_width;

        pango_layout_set_ellipsize (dealer_layout, PANGO_ELLIPSIZE_END);
        height = MAX (lw_print_layout_height (number_layout), lw_print_layout_height (breakdown_layout));
        for (guint side = 0; side < sheet->n_sides; side++)
          {
            g_autofree char *delta = lw_format_signed (result->deltas[side]);
            g_autofree char *score = g_strdup_printf ("%d", result->scores[side]);
            g_autoptr (PangoLayout) score_layout = lw_print_make_layout (context, "Sans Bold 9", score, 0);
            g_autoptr (PangoLayout) delta_layout = lw_print_make_layout (context, SMALL_FONT, delta, 0);

            if (cr != NULL)
              {
                lw_print_show_layout (cr, score_layout, x, y + ROW_PAD);
                if (result->deltas[side] != 0)
                  lw_print_show_layout (cr, delta_layout, x + layout_width (score_layout) + 4, y + ROW_PAD + 1);
              }
            x += sheet->score_width;
          }
        if (cr != NULL)
          {
            lw_print_show_layout (cr, number_layout, 0, y + ROW_PAD);
            lw_print_show_layout (cr, dealer_layout, sheet->round_width, y + ROW_PAD);
            lw_print_show_layout (cr, breakdown_layout, breakdown_x (sheet), y + ROW_PAD);
            cairo_set_line_width (cr, 0.3);
            cairo_move_to (cr, 0, y + height + 2 * ROW_PAD);
            cairo_line_to (cr, sheet->width, y + height + 2 * ROW_PAD);
            cairo_stroke (cr);
          }
        height += 2 * ROW_PAD;
      }
      break;

    case BLOCK_RESULT:
      {
        g_autofree char *text = result_text (sheet);
        g_autoptr (PangoLayout) layout = lw_print_make_layout (context, "Sans Bold 10", text, sheet->width);

        if (cr != NULL)
          lw_print_show_layout (cr, layout, 0, y + 10);
        height = lw_print_layout_height (layout) + 10 + 12;
      }
      break;

    case BLOCK_CHART:
      height = CHART_HEIGHT;
      if (cr != NULL)
        {
          const GdkRGBA black = { 0, 0, 0, 1 };

          cairo_save (cr);
          cairo_translate (cr, 0, y);
          cairo_rectangle (cr, 0, 0, sheet->width, CHART_HEIGHT);
          cairo_clip (cr);
          lw_score_chart_draw (cr, sheet->width, CHART_HEIGHT, sheet->record, sheet->standings,
                               &black, SMALL_FONT);
          cairo_restore (cr);
        }
      break;

    default:
      g_assert_not_reached ();
    }

  return height;
}

static void
add_block (Sheet           *sheet,
           GtkPrintContext *context,
           double           page_height,
           BlockKind        kind,
           guint            index,
           double          *y)
{
  Block block = { kind, index, sheet->n_pages - 1, *y, 0 };

  block.height = draw_block (sheet, context, NULL, &block, *y);
  if (*y > 0 && *y + block.height > page_height)
    {
      /* a new page; the rounds go on below the table header */
      sheet->n_pages++;
      *y = 0;
      if (kind == BLOCK_ROUND)
        add_block (sheet, context, page_height, BLOCK_HEADER, 0, y);
      block.page = sheet->n_pages - 1;
      block.y = *y;
    }
  g_array_append_val (sheet->blocks, block);
  *y += block.height;
}

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                gpointer           user_data)
{
  Sheet *sheet = user_data;
  double page_height = gtk_print_context_get_height (context) - LW_PRINT_FOOTER_HEIGHT;
  double y = 0;

  sheet->width = gtk_print_context_get_width (context);
  sheet->round_width = 36;
  sheet->dealer_width = sheet->blank ? 90 : 64;
  g_clear_pointer (&sheet->blocks, g_array_unref);
  sheet->blocks = g_array_new (FALSE, TRUE, sizeof (Block));
  sheet->n_pages = 1;

  if (sheet->blank)
    {
      /* the sides share what the round, dealer and notes leave */
      sheet->score_width = MIN (110, (sheet->width - sheet->round_width - sheet->dealer_width - 120) / sheet->n_sides);
      gtk_print_operation_set_n_pages (operation, 1);
      return;
    }

  sheet->score_width = MIN (64, MAX (44, (sheet->width - sheet->round_width - sheet->dealer_width) / 2
                                           / sheet->n_sides));

  add_block (sheet, context, page_height, BLOCK_TITLE, 0, &y);
  add_block (sheet, context, page_height, BLOCK_HEADER, 0, &y);
  for (guint i = 0; i < sheet->standings->rounds->len; i++)
    add_block (sheet, context, page_height, BLOCK_ROUND, i, &y);
  add_block (sheet, context, page_height, BLOCK_RESULT, 0, &y);
  add_block (sheet, context, page_height, BLOCK_CHART, 0, &y);

  gtk_print_operation_set_n_pages (operation, (int) sheet->n_pages);
}

char *
lw_print_footer_text (const char *title,
                      int         page_nr,
                      guint       n_pages)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%x");

  g_return_val_if_fail (title != NULL, NULL);

  /* TRANSLATORS: the foot of a printed page: the title, the day it was printed, the page and the pages */
  return g_strdup_printf (_("%s · printed %s · page %d of %u"), title, date, page_nr + 1, n_pages);
}

void
lw_print_draw_footer (GtkPrintContext *context,
                      cairo_t         *cr,
                      const char      *title,
                      int              page_nr,
                      guint            n_pages,
                      double           width)
{
  g_autofree char *text = NULL;
  g_autoptr (PangoLayout) layout = NULL;
  double height = gtk_print_context_get_height (context);

  g_return_if_fail (GTK_IS_PRINT_CONTEXT (context));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (title != NULL);

  text = lw_print_footer_text (title, page_nr, n_pages);
  layout = lw_print_make_layout (context, SMALL_FONT, text, width);
  pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_START);
  lw_print_show_layout (cr, layout, 0, height - lw_print_layout_height (layout));
}

static void
draw_blank (Sheet           *sheet,
            GtkPrintContext *context,
            cairo_t         *cr)
{
  g_autoptr (PangoLayout) title = lw_print_make_layout (context, TITLE_FONT, sheet->title, sheet->width);
  /* TRANSLATORS: the lines to fill in on a blank score sheet */
  g_autoptr (PangoLayout) fields = lw_print_make_layout (context, BODY_FONT,
                                                _("Date ____________   Place ______________   Game: Little Wolf / Garwolf   Target ____   Skunk ____"),
                                                sheet->width);
  double height = gtk_print_context_get_height (context) - LW_PRINT_FOOTER_HEIGHT;
  double y, top, x;
  double columns[LW_MAX_SEATS + 4];
  guint n_columns = 0;

  lw_print_show_layout (cr, title, 0, 0);
  y = lw_print_layout_height (title) + 6;
  lw_print_show_layout (cr, fields, 0, y);
  y += lw_print_layout_height (fields) + 14;

  columns[n_columns++] = 0;
  columns[n_columns++] = sheet->round_width;
  x = sheet->round_width + sheet->dealer_width;
  for (guint side = 0; side < sheet->n_sides; side++, x += sheet->score_width)
    columns[n_columns++] = x;
  columns[n_columns++] = x;

  /* the heading row: names to write in over the sides */
  {
    g_autoptr (PangoLayout) round = lw_print_make_layout (context, "Sans Bold 8", C_("column", "Round"), sheet->round_width - 4);
    g_autoptr (PangoLayout) dealer = lw_print_make_layout (context, "Sans Bold 8", C_("column", "Dealer"), 0);
    /* TRANSLATORS: a column heading of a blank score sheet */
    g_autoptr (PangoLayout) notes = lw_print_make_layout (context, "Sans Bold 8", C_("column", "Notes"), 0);

    lw_print_show_layout (cr, round, 4, y + 4);
    lw_print_show_layout (cr, dealer, sheet->round_width + 4, y + 4);
    for (guint side = 0; side < sheet->n_sides; side++)
      {
        g_autofree char *text = NULL;
        g_autoptr (PangoLayout) name = NULL;

        /* TRANSLATORS: heads a side's column on a blank score sheet, to write the name below */
        text = g_strdup_printf (_("Side %u:"), side + 1);
        name = lw_print_make_layout (context, SMALL_FONT, text, 0);
        lw_print_show_layout (cr, name, columns[2 + side] + 4, y + 4);
      }
    lw_print_show_layout (cr, notes, columns[n_columns - 1] + 4, y + 4);
  }

  top = y;
  y += 2 * BLANK_ROW_HEIGHT;
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, 0, top, sheet->width, 2 * BLANK_ROW_HEIGHT);
  cairo_stroke (cr);

  cairo_set_line_width (cr, 0.5);
  for (guint row = 1; y + BLANK_ROW_HEIGHT <= height; row++, y += BLANK_ROW_HEIGHT)
    {
      g_autofree char *number = g_strdup_printf ("%u", row);
      g_autoptr (PangoLayout) layout = lw_print_make_layout (context, SMALL_FONT, number, 0);

      pango_layout_set_width (layout, pango_units_from_double (sheet->round_width - 8));
      pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
      lw_print_show_layout (cr, layout, 4, y + (BLANK_ROW_HEIGHT - lw_print_layout_height (layout)) / 2);
      cairo_move_to (cr, 0, y + BLANK_ROW_HEIGHT);
      cairo_line_to (cr, sheet->width, y + BLANK_ROW_HEIGHT);
    }
  cairo_stroke (cr);

  cairo_set_line_width (cr, 1.0);
  for (guint i = 0; i < n_columns; i++)
    {
      cairo_move_to (cr, columns[i], top);
      cairo_line_to (cr, columns[i], y);
    }
  cairo_move_to (cr, sheet->width, top);
  cairo_line_to (cr, sheet->width, y);
  cairo_stroke (cr);
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page_nr,
              gpointer           user_data)
{
  Sheet *sheet = user_data;
  cairo_t *cr = gtk_print_context_get_cairo_context (context);

  cairo_set_source_rgb (cr, 0, 0, 0);

  if (sheet->blank)
    draw_blank (sheet, context, cr);
  else
    for (guint i = 0; i < sheet->blocks->len; i++)
      {
        const Block *block = &g_array_index (sheet->blocks, Block, i);

        if (block->page == (guint) page_nr)
          {
            cairo_save (cr);
            draw_block (sheet, context, cr, block, block->y);
            cairo_restore (cr);
            /* the path is no part of the saved state */
            cairo_new_path (cr);
          }
      }

  lw_print_draw_footer (context, cr, sheet->title, page_nr, sheet->n_pages, sheet->width);
}

char *
lw_print_score_sheet_details (GtkPrintOperation *operation)
{
  Sheet *sheet;

  g_return_val_if_fail (GTK_IS_PRINT_OPERATION (operation), NULL);
  sheet = g_object_get_data (G_OBJECT (operation), "lw-sheet");
  g_return_val_if_fail (sheet != NULL && sheet->record != NULL, NULL);
  return title_text (sheet);
}

static GtkPrintOperation *
operation_new (Sheet *sheet)
{
  return lw_print_operation_new (sheet->title, "lw-sheet", sheet, sheet_free,
                                 G_CALLBACK (begin_print_cb), G_CALLBACK (draw_page_cb));
}

GtkPrintOperation *
lw_print_operation_new (const char     *job_name,
                        const char     *key,
                        gpointer        pages,
                        GDestroyNotify  pages_free,
                        GCallback       begin_print,
                        GCallback       draw_page)
{
  GtkPrintOperation *operation;

  g_return_val_if_fail (job_name != NULL && key != NULL && pages != NULL, NULL);
  g_return_val_if_fail (begin_print != NULL && draw_page != NULL, NULL);

  operation = gtk_print_operation_new ();
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, FALSE);
  gtk_print_operation_set_job_name (operation, job_name);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  g_object_set_data_full (G_OBJECT (operation), key, pages, pages_free);
  g_signal_connect (operation, "begin-print", begin_print, pages);
  g_signal_connect (operation, "draw-page", draw_page, pages);

  return operation;
}

GtkPrintOperation *
lw_print_score_sheet_new (const LwGameRecord *record,
                          const LwStandings  *standings)
{
  Sheet *sheet;
  g_autofree char *sides = NULL;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (standings != NULL, NULL);

  sheet = g_new0 (Sheet, 1);
  sheet->record = lw_game_record_copy (record);
  sheet->standings = lw_standings_compute (sheet->record, NULL);
  g_assert (sheet->standings != NULL);
  sheet->n_sides = sheet->standings->n_sides;
  sides = lw_sides_title (record);
  sheet->title = g_strdup (sides);

  return operation_new (sheet);
}

GtkPrintOperation *
lw_print_blank_sheet_new (guint n_sides)
{
  Sheet *sheet;

  g_return_val_if_fail (n_sides >= 2 && n_sides <= LW_MAX_SEATS, NULL);

  sheet = g_new0 (Sheet, 1);
  sheet->blank = TRUE;
  sheet->n_sides = n_sides;
  /* TRANSLATORS: the title of a blank score sheet */
  sheet->title = g_strdup (_("Little Wolf Score Sheet"));

  return operation_new (sheet);
}

static void
show_print_error (GtkPrintOperation *operation,
                  GtkWindow         *parent,
                  const GError      *error)
{
  if (g_object_get_data (G_OBJECT (operation), "lw-error-shown") != NULL)
    return;
  g_object_set_data (G_OBJECT (operation), "lw-error-shown", GINT_TO_POINTER (TRUE));
  if (parent != NULL)
    lw_show_error_dialog (GTK_WIDGET (parent), _("Could Not Print"), error != NULL ? error->message : NULL);
  else
    g_warning ("Could not print: %s", error != NULL ? error->message : "no reason given");
}

static void
print_done_cb (GtkPrintOperation       *operation,
               GtkPrintOperationResult  result,
               gpointer                 user_data)
{
  g_autoptr (GError) error = NULL;

  if (result != GTK_PRINT_OPERATION_RESULT_ERROR)
    return;
  gtk_print_operation_get_error (operation, &error);
  show_print_error (operation, user_data, error);
}

void
lw_print_run (GtkPrintOperation *operation,
              GtkWindow         *parent)
{
  g_autoptr (GError) error = NULL;

  g_return_if_fail (GTK_IS_PRINT_OPERATION (operation));

  /* The window keeps the operation while it prints, until the next one. */
  if (parent != NULL)
    g_object_set_data_full (G_OBJECT (parent), "lw-print-operation", operation, g_object_unref);
  gtk_print_operation_set_allow_async (operation, TRUE);
  g_signal_connect (operation, "done", G_CALLBACK (print_done_cb), parent);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent, &error)
      == GTK_PRINT_OPERATION_RESULT_ERROR)
    show_print_error (operation, parent, error);
  if (parent == NULL)
    g_object_unref (operation);
}

int
lw_print_export_pdf (GtkPrintOperation  *operation,
                     const char         *path,
                     GError            **error)
{
  Sheet *sheet;

  g_return_val_if_fail (GTK_IS_PRINT_OPERATION (operation), 0);
  g_return_val_if_fail (path != NULL, 0);

  sheet = g_object_get_data (G_OBJECT (operation), "lw-sheet");
  g_return_val_if_fail (sheet != NULL, 0);

  gtk_print_operation_set_export_filename (operation, path);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, error)
      == GTK_PRINT_OPERATION_RESULT_ERROR)
    return 0;
  return (int) sheet->n_pages;
}
