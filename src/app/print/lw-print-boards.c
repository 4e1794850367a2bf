/* lw-print-boards.c — a duplicate event's board sheets on paper
 * (DUPLICATE D3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-print.h"
#include "lw-print-boards.h"

#define TITLE_FONT "Sans Bold 16"
#define HEAD_FONT  "Sans Bold 11"
#define CARDS_FONT "Monospace Bold 15"
#define SMALL_FONT "Sans 9"
#define SLIP_PAD   10.0
#define SLIP_GAP   14.0

typedef struct {
  char    *event_name;
  guint    round;
  GArray  *boards;   /* LwBoard */
} BoardSheets;

static void
board_sheets_free (gpointer data)
{
  BoardSheets *sheets = data;

  g_free (sheets->event_name);
  g_array_unref (sheets->boards);
  g_free (sheets);
}

/* One slip at @y: @head over @cards, the check line under them, between
 * dashed cut lines. Returns the slip's height. */
static double
draw_slip (GtkPrintContext *context,
           cairo_t         *cr,
           double           y,
           double           width,
           const char      *head,
           const char      *cards,
           const char      *foot)
{
  g_autoptr (PangoLayout) head_layout = lw_print_make_layout (context, HEAD_FONT, head, width - 2 * SLIP_PAD);
  g_autoptr (PangoLayout) cards_layout = lw_print_make_layout (context, CARDS_FONT, cards, width - 2 * SLIP_PAD);
  g_autoptr (PangoLayout) foot_layout = lw_print_make_layout (context, SMALL_FONT, foot, width - 2 * SLIP_PAD);
  double h_head = lw_print_layout_height (head_layout);
  double h_cards = lw_print_layout_height (cards_layout);
  double h_foot = lw_print_layout_height (foot_layout);
  double height = SLIP_PAD + h_head + 6 + h_cards + 6 + h_foot + SLIP_PAD;
  static const double dash[] = { 4.0, 3.0 };

  cairo_save (cr);
  cairo_set_line_width (cr, 0.6);
  cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  cairo_rectangle (cr, 0.5, y + 0.5, width - 1, height);
  cairo_stroke (cr);
  cairo_restore (cr);

  lw_print_show_layout (cr, head_layout, SLIP_PAD, y + SLIP_PAD);
  lw_print_show_layout (cr, cards_layout, SLIP_PAD, y + SLIP_PAD + h_head + 6);
  lw_print_show_layout (cr, foot_layout, SLIP_PAD, y + SLIP_PAD + h_head + 6 + h_cards + 6);
  return height;
}

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                gpointer           user_data)
{
  const BoardSheets *sheets = user_data;

  gtk_print_operation_set_n_pages (operation, (int) sheets->boards->len);
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              gpointer           user_data)
{
  const BoardSheets *sheets = user_data;
  const LwBoard *board = &g_array_index (sheets->boards, LwBoard, page);
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double width = gtk_print_context_get_width (context);
  g_autofree char *code = lw_board_check_code (board);
  /* TRANSLATORS: the head of a duplicate board sheet: the event, the board, the event round */
  g_autofree char *title = g_strdup_printf (_("%s — Board %u (round %u)"), sheets->event_name,
                                            board->number, sheets->round);
  /* TRANSLATORS: a board sheet's line under its head: the dealer's seat, counted from 1 */
  g_autofree char *dealer = g_strdup_printf (_("Dealer: seat %d. Sort a deck by these slips, then cut them apart."),
                                             board->dealer + 1);
  /* TRANSLATORS: the foot of each slip of a board sheet: the board and its check code (DUPLICATE D3) */
  g_autofree char *foot = g_strdup_printf (_("Board %u · check code %s"), board->number, code);
  g_autoptr (PangoLayout) title_layout = lw_print_make_layout (context, TITLE_FONT, title, width);
  g_autoptr (PangoLayout) dealer_layout = lw_print_make_layout (context, SMALL_FONT, dealer, width);
  g_autofree char *job = g_strdup_printf (_("%s: Board Sheets"), sheets->event_name);
  double y = 0;

  cairo_set_source_rgb (cr, 0, 0, 0);
  lw_print_show_layout (cr, title_layout, 0, y);
  y += lw_print_layout_height (title_layout) + 4;
  lw_print_show_layout (cr, dealer_layout, 0, y);
  y += lw_print_layout_height (dealer_layout) + SLIP_GAP;

  for (guint s = 0; s < board->n_seats; s++)
    {
      g_autofree char *cards = lw_cards_format (board->hands[s], board->n_hand[s]);
      g_autofree char *head = NULL;

      if (board->partners && (int) s == board->dealer)
        /* TRANSLATORS: a board sheet's slip: the seat (from 1), its side (seats 1+3 or 2+4), the dealer */
        head = g_strdup_printf (_("Seat %u (%s) · dealer"), s + 1, s % 2 == 0 ? "1+3" : "2+4");
      else if (board->partners)
        /* TRANSLATORS: a board sheet's slip: the seat (from 1) and its side (seats 1+3 or 2+4) */
        head = g_strdup_printf (_("Seat %u (%s)"), s + 1, s % 2 == 0 ? "1+3" : "2+4");
      else if ((int) s == board->dealer)
        /* TRANSLATORS: a board sheet's slip: the dealer's seat, counted from 1 */
        head = g_strdup_printf (_("Seat %u · dealer"), s + 1);
      else
        /* TRANSLATORS: a board sheet's slip: a seat, counted from 1 */
        head = g_strdup_printf (_("Seat %u"), s + 1);
      y += draw_slip (context, cr, y, width, head, cards, foot) + SLIP_GAP;
    }
  {
    g_autofree char *pups = lw_cards_format (board->pups, 4);

    /* TRANSLATORS: a board sheet's slip of the four Pups, the first turned up for trump */
    y += draw_slip (context, cr, y, width, _("Pups, in deal order (the first is turned up)"), pups, foot);
  }
  lw_print_draw_footer (context, cr, job, page, sheets->boards->len, width);
}

GtkPrintOperation *
lw_print_board_sheets_new (const LwEvent *event,
                           guint          round)
{
  BoardSheets *sheets;
  guint first;
  g_autofree char *name = NULL;

  g_return_val_if_fail (event != NULL && event->config.format == LW_EVENT_DUPLICATE, NULL);
  g_return_val_if_fail (round >= 1, NULL);

  sheets = g_new0 (BoardSheets, 1);
  sheets->event_name = g_strdup (event->name);
  sheets->round = round;
  sheets->boards = g_array_new (FALSE, TRUE, sizeof (LwBoard));
  first = lw_duplicate_first_board (event, round);
  for (guint k = first; k < first + event->config.boards_per_round; k++)
    {
      LwBoard board;

      lw_event_board (event, k, &board);
      g_array_append_val (sheets->boards, board);
    }
  /* TRANSLATORS: the print job of a duplicate event's board sheets: the event's name */
  name = g_strdup_printf (_("%s: Board Sheets"), event->name);
  return lw_print_operation_new (name, "lw-board-sheets", sheets, board_sheets_free,
                                 G_CALLBACK (begin_print_cb), G_CALLBACK (draw_page_cb));
}
