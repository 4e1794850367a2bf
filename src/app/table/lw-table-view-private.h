/* lw-table-view-private.h — what the UI tests measure of the table view:
 * where the trick's plays and their names are laid out. Included by
 * lw-table-view.c and the tests only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-table-view.h"

G_BEGIN_DECLS

/* One play of the shown trick as laid out. */
typedef struct
{
  int             seat;        /* who played it */
  graphene_rect_t card;        /* its cards */
  graphene_rect_t label;       /* the room given to the name under them */
  int             text_width;  /* the laid-out name's width, pixels */
  int             lines;       /* its lines (wrapped at label.size.width) */
  gboolean        ellipsized;  /* cut short ("Ann to…") */
  char            wild[96];    /* the tags on its wildcards, "as 10♣", comma-separated; "" for none */
} LwTrickLabel;

/**
 * lw_table_view_measure_trick:
 * @self: the view
 * @width: the view's width to lay out for, pixels
 * @height: its height, pixels
 * @labels: (out caller-allocates) (array fixed-size=8): each play of the
 *   trick shown (the current one, or the last while it is shown), in the
 *   trick's order
 *
 * Lays the trick out as the view draws it at @width × @height, names
 * measured with Pango in the view's font.
 *
 * Returns: the number of plays filled in, 0 when no trick is shown.
 */
guint lw_table_view_measure_trick (LwTableView  *self,
                                   int           width,
                                   int           height,
                                   LwTrickLabel *labels);

/* What a name or count of the table is: a seat box's name, its counts
 * ("4 in hand · took 0"), a line of the score board. */
typedef enum
{
  LW_NAME_SEAT,
  LW_NAME_COUNTS,
  LW_NAME_BOARD,
} LwNameKind;

/* A name of the table as laid out. */
typedef struct
{
  LwNameKind      kind;
  int             seat;          /* its seat; the board: the side's first seat */
  graphene_rect_t box;           /* the seat's box, or the score board */
  graphene_rect_t text_rect;     /* where its text is drawn */
  int             lines;         /* its lines, wrapped */
  gboolean        ellipsized;    /* cut short ("Bened…") */
  gboolean        partner_badge; /* a seat: the Partner badge is drawn in its box */
  int             score;         /* the board: the side's score */
  char            text[160];     /* the text as laid out */
} LwNameLabel;

/**
 * lw_table_view_measure_names:
 * @self: the view
 * @width: the view's width to lay out for, pixels
 * @height: its height, pixels
 * @labels: (out caller-allocates) (array fixed-size=24): the other
 *   seats' names and counts, then the score board's lines (one per side)
 *
 * Lays the seat boxes and the score board out as the view draws them at
 * @width × @height, measured with Pango in the view's font.
 *
 * Returns: the number of labels filled in (at most 3 × %LW_MAX_SEATS).
 */
guint lw_table_view_measure_names (LwTableView *self,
                                   int          width,
                                   int          height,
                                   LwNameLabel *labels);

G_END_DECLS
