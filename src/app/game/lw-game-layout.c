/* lw-game-layout.c — the game page's layout
 *
 * Takes three children in order: the board (with the last result), the
 * round form and the history. Narrow, or with the form hidden, they stand
 * in one column in that order, at most COLUMN_MAX wide. Wide, the board
 * with the history below
 * it makes the left column and the round form the right one, so that at a
 * table the board and the form are both in view. The child order is also
 * the keyboard order: board, form, history.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-game-layout.h"

/* Widest a single column grows, and the narrowest two columns take. */
#define COLUMN_MAX 720
#define WIDE_COLUMN_MAX 600
#define WIDE_MIN 860
#define SPACING 24

struct _LwGameLayout
{
  GtkWidget parent_instance;

  gboolean wide;
};

G_DEFINE_FINAL_TYPE (LwGameLayout, lw_game_layout, GTK_TYPE_WIDGET)

/* The three children, or FALSE when the layout is not complete yet. */
static gboolean
get_children (LwGameLayout  *self,
              GtkWidget    **board,
              GtkWidget    **form,
              GtkWidget    **history)
{
  *board = gtk_widget_get_first_child (GTK_WIDGET (self));
  *form = *board ? gtk_widget_get_next_sibling (*board) : NULL;
  *history = *form ? gtk_widget_get_next_sibling (*form) : NULL;
  return *history != NULL;
}

static int
height_for (GtkWidget *child,
            int        width,
            int       *natural)
{
  int minimum = 0, nat = 0;

  if (gtk_widget_should_layout (child))
    gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, &minimum, &nat, NULL, NULL);
  *natural = nat;
  return minimum;
}

/* The history scrolls its rounds in place once they are taller than its
 * box (its natural height): it is given that height, never squeezed to
 * its minimum; the page scrolls instead. */
static int
history_height (GtkWidget *history,
                int        width,
                int       *natural)
{
  height_for (history, width, natural);
  return *natural;
}

static void
lw_game_layout_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  LwGameLayout *self = LW_GAME_LAYOUT (widget);
  GtkWidget *board, *form, *history;

  *minimum = *natural = 0;
  if (!get_children (self, &board, &form, &history))
    return;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      GtkWidget *children[] = { board, form, history };

      /* One column is always possible; two are preferred. */
      for (guint i = 0; i < G_N_ELEMENTS (children); i++)
        {
          int child_min = 0, child_nat = 0;

          if (gtk_widget_should_layout (children[i]))
            gtk_widget_measure (children[i], orientation, -1, &child_min, &child_nat, NULL, NULL);
          *minimum = MAX (*minimum, child_min);
        }
      *natural = 2 * WIDE_COLUMN_MAX + SPACING;
      *natural = MAX (*natural, *minimum);
      return;
    }

  if (for_size >= WIDE_MIN && gtk_widget_should_layout (form))
    {
      int column = MIN ((for_size - SPACING) / 2, WIDE_COLUMN_MAX);
      int nat_board, nat_form, nat_history;
      int min_board = height_for (board, column, &nat_board);
      int min_form = height_for (form, column, &nat_form);
      int min_history = history_height (history, column, &nat_history);

      *minimum = MAX (min_board + SPACING + min_history, min_form);
      *natural = MAX (nat_board + SPACING + nat_history, nat_form);
    }
  else
    {
      int column = for_size < 0 ? -1 : MIN (for_size, COLUMN_MAX);
      int nat_board, nat_form, nat_history;
      int min_board = height_for (board, column, &nat_board);
      int min_form = height_for (form, column, &nat_form);
      int min_history = history_height (history, column, &nat_history);
      int gaps = SPACING * ((gtk_widget_should_layout (form) ? 1 : 0) +
                            (gtk_widget_should_layout (history) ? 1 : 0));

      *minimum = min_board + min_form + min_history + gaps;
      *natural = nat_board + nat_form + nat_history + gaps;
    }
}

static void
place (GtkWidget *child,
       int        x,
       int        y,
       int        width,
       int        height)
{
  GtkAllocation allocation = { x, y, width, height };

  if (gtk_widget_should_layout (child))
    gtk_widget_size_allocate (child, &allocation, -1);
}

static void
lw_game_layout_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  LwGameLayout *self = LW_GAME_LAYOUT (widget);
  GtkWidget *board, *form, *history;
  int nat;

  if (!get_children (self, &board, &form, &history))
    return;

  /* With the form closed (game over) the rest stands in one column. */
  self->wide = width >= WIDE_MIN && gtk_widget_should_layout (form);

  if (self->wide)
    {
      int column = MIN ((width - SPACING) / 2, WIDE_COLUMN_MAX);
      int left = (width - (2 * column + SPACING)) / 2;
      int right = left + column + SPACING;
      int board_height = height_for (board, column, &nat);

      place (board, left, 0, column, board_height);
      place (history, left, board_height + SPACING, column, history_height (history, column, &nat));
      place (form, right, 0, column, height_for (form, column, &nat));
    }
  else
    {
      int column = MIN (width, COLUMN_MAX);
      int x = (width - column) / 2;
      int y = 0;
      GtkWidget *children[] = { board, form, history };

      for (guint i = 0; i < G_N_ELEMENTS (children); i++)
        {
          int child_height;

          if (!gtk_widget_should_layout (children[i]))
            continue;
          child_height = children[i] == history ? history_height (history, column, &nat)
                                                : height_for (children[i], column, &nat);
          place (children[i], x, y, column, child_height);
          y += child_height + SPACING;
        }
    }
}

static GtkSizeRequestMode
lw_game_layout_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
lw_game_layout_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (lw_game_layout_parent_class)->dispose (object);
}

static void
lw_game_layout_class_init (LwGameLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_game_layout_dispose;
  widget_class->measure = lw_game_layout_measure;
  widget_class->size_allocate = lw_game_layout_size_allocate;
  widget_class->get_request_mode = lw_game_layout_get_request_mode;
}

static void
lw_game_layout_init (LwGameLayout *self)
{
}
