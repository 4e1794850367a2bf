/* lw-table-view-private.h — the table view's insides, shared by its files
 * (lw-table-view.c the widget, its hand, animation and input;
 * lw-table-view-layout.c where everything goes; lw-table-view-paint.c what
 * they draw with; lw-table-view-boxes.c the seat boxes, the Pups and the
 * score board; lw-table-view-trick.c the trick), and what the UI tests
 * measure of it: where the trick's plays, the seat boxes' names and the
 * score board's lines are laid out, with what only the tests read and do
 * (the viewer, the hand's order, the cursor, a card toggled). Included by
 * those files and the tests only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

#include "lw-card-renderer.h"
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
  gboolean        winning;     /* the play winning (or that won) the trick: its name in bold */
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

/**
 * lw_table_view_get_trick_title:
 * @self: the view
 *
 * Returns: (transfer full) (nullable): the words above the trick shown
 *   ("Ben, winning", "Ben wins the trick"), %NULL when there are none.
 */
char *lw_table_view_get_trick_title (LwTableView *self);

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

/* Shared by the view's files */

typedef struct
{
  double x, y, w, h;
} Rect;

typedef enum {
  ANIM_NONE,
  ANIM_PLAY,       /* the last play of the shown trick flies in */
  ANIM_TAKE,       /* the previous trick slides to its winner, the lead flies in */
} AnimKind;

struct _LwTableView
{
  GtkWidget parent_instance;

  /* owned */
  LwTable *table;
  LwTable *previous;       /* the table before the last update: what slides away */
  LwCardRenderer *renderer;
  char *names[LW_MAX_SEATS];
  int scores[LW_MAX_SEATS];
  gboolean has_scores;
  int sides[LW_MAX_SEATS]; /* the side of each seat (lw_table_view_set_sides()) */
  gboolean has_sides;
  gboolean by_suit;        /* the hand shown by suit, else in the engine's order (by rank) */
  GArray *leads;           /* LwPlay: the viewer's legal leads */
  GArray *follows;         /* guint32: the viewer's legal follows */

  int viewer;
  gboolean interactive;
  guint32 selection;
  guint32 obligatory;      /* cards the viewer must play, marked */
  int winning_seat;        /* given by lw_table_view_set_winning_seat() for the table shown */
  gboolean winning_given;
  guint cursor;
  gboolean show_last;
  char *last_title;        /* above the last trick; NULL: "Last trick" */

  AnimKind anim;
  gint64 anim_start;
  double anim_progress;
  guint tick_id;
};

/* The felt, the words on it, and the highlight (the seat to play, the
 * selection, the winning play): white and yellow on green keep a contrast
 * above 4.5:1 in both styles. */
#define FELT_LIGHT 0x26684a
#define FELT_DARK  0x173b2b
#define TEXT_ON_FELT 0xffffff
#define HIGHLIGHT 0xf8e45c

/* The counts of a seat box may take this many lines. */
#define COUNTS_LINES 4

typedef struct
{
  double cw, ch;            /* a card in the hand */
  double mw, mh;            /* a small card: backs, the Pups */
  Rect opponents[LW_MAX_SEATS];
  Rect info;                /* the Pups and trump */
  Rect board;               /* the scores */
  Rect trick;
  Rect hand;                /* the viewer's cards and name */
  Rect cards[LW_MAX_HAND];  /* each card of the hand, unraised */
  guint order[LW_MAX_HAND]; /* the hand's cards from left to right */
  guint n_cards;
  gboolean narrow;          /* a phone's width: the trick in one row */
  double name_h;            /* a seat box's name: the lines of the longest (wrapped) */
  gboolean split_counts;    /* the seat boxes' counts on two lines (narrow boxes) */
  double counts_h;          /* the counts' height */
} Layout;

/* The trick shown: the current one, or the last. */
typedef struct
{
  int     leader;
  guint   n_plays;
  const LwPlay *plays;
  int     winner;          /* LW_NO_SEAT while under way: then the play winning so far */
  gboolean finished;
} ShownTrick;

typedef enum {
  ALIGN_START,
  ALIGN_CENTER,
} Align;


/* lw-table-view.c: reading the table */

/* The table's seats, 0 without a table. */
guint lw_table_view_n_seats (LwTableView *self);

/* Returns: (transfer none): @seat's name, "" for none or no seat. */
const char *lw_table_view_seat_name (LwTableView *self,
                                      int          seat);

/* @order[p]: the card of the hand (its index in lw_table_get_hand()) shown
 * at place @p from the left; by suit keeps the engine's order within a
 * suit. Returns: the number of cards. */
guint lw_table_view_hand_order (LwTableView *self,
                                guint       *order);

/* The side of @seat: its own when there are no sides. */
int lw_table_view_side_of (LwTableView *self,
                           int          seat);

/* Whether @seat plays with a partner (another seat of its side). */
gboolean lw_table_view_has_partner (LwTableView *self,
                                    int          seat);

/* The animations' easing: @p in 0…1 eased out (fast, then slower). */
double lw_table_view_ease_out (double p);

/* lw-table-view-layout.c */

/* Lays the table out at @width × @height pixels into @l: the boxes, the
 * trick's area, the hand's cards (the same for drawing and for clicks). */
void lw_table_view_compute_layout (LwTableView *self,
                                   double       width,
                                   double       height,
                                   Layout      *l);

/* lw-table-view-paint.c */

/* Whether the dark style is in use. */
gboolean lw_table_view_is_dark (void);

/* The colour of @seat's side's chip and Partner badge (0xrrggbb). */
guint32 lw_table_view_side_colour (LwTableView *self,
                                   int          seat);

/* Appends the card @face (or LW_CARD_RENDERER_BACK) at (@x, @y), @w × @h
 * pixels, at @opacity (0…1), from the view's card renderer. */
void lw_table_view_append_card (LwTableView *self,
                                GtkSnapshot *snapshot,
                                guint        face,
                                double       x,
                                double       y,
                                double       w,
                                double       h,
                                double       opacity);

/* @text in the view's font scaled by @size_scale, bold when @bold,
 * ellipsized at @max_width pixels (≤ 0: never). Returns: (transfer full). */
PangoLayout *lw_table_view_make_layout (GtkWidget  *widget,
                                         const char *text,
                                         double      size_scale,
                                         gboolean    bold,
                                         int         max_width);

/* @text wrapped in @width on @lines lines at most, ellipsized only
 * beyond them, centred when @centre. Returns:
 * (transfer full). */
PangoLayout *lw_table_view_wrapped_layout (GtkWidget  *widget,
                                            const char *text,
                                            double      size_scale,
                                            gboolean    bold,
                                            int         width,
                                            int         lines,
                                            gboolean    centre);

/* Draws one line of text at (@x, @y) (its top); returns its height. */
double lw_table_view_draw_text (GtkWidget  *widget,
                                cairo_t    *cr,
                                const char *text,
                                double      x,
                                double      y,
                                double      max_width,
                                Align       align,
                                double      size_scale,
                                gboolean    bold,
                                guint32     color);

/* A pill with a word in it ("Dealer", "Declarer"); returns its width. */
double lw_table_view_draw_badge (GtkWidget  *widget,
                                 cairo_t    *cr,
                                 const char *text,
                                 double      x,
                                 double      y,
                                 guint32     fill,
                                 guint32     ink);

/* The room draw_badge() takes for @text. */
double lw_table_view_badge_width (GtkWidget  *widget,
                                  const char *text);

/* The round chip of @seat's side, @d across at (@x, @y); nothing outside
 * partners play. Returns: the room it takes. */
double lw_table_view_draw_side_chip (LwTableView *self,
                                     cairo_t     *cr,
                                     int          seat,
                                     double       x,
                                     double       y,
                                     double       d);

/* Adds the rectangle @r with corners of @radius to @cr's path. */
void lw_table_view_rounded_rect (cairo_t    *cr,
                                 const Rect *r,
                                 double      radius);

/* lw-table-view-boxes.c */

/* A seat box's name, wrapped and centred in a box @box_w wide; in
 * partners play its first line starts with the room of the side's chip
 * (a shape the size of SEAT_CHIP_ROOM), centred with the line. Returns: (transfer full). */
PangoLayout *lw_table_view_seat_name_layout (LwTableView *self,
                                              gboolean     narrow,
                                              int          seat,
                                              double       box_w);

/* A seat box's counts: "4 in hand · took 0", or on two lines ("4 in
 * hand", "took 0") when @split. Returns: (transfer full). */
char *lw_table_view_seat_counts (guint    n_hand,
                                  guint    taken,
                                  gboolean split);

/* The height of the score board's heading and lines in a board @board_w wide. */
double lw_table_view_board_height (LwTableView *self,
                                   double       board_w);

/* Draws the box of @seat (another than the viewer's) at its place in @l. */
void lw_table_view_draw_seat_box (LwTableView  *self,
                                  GtkSnapshot  *snapshot,
                                  const Layout *l,
                                  int           seat);

/* Draws the Pups (or the turned card) and the trump in @l's info box. */
void lw_table_view_draw_info (LwTableView  *self,
                              GtkSnapshot  *snapshot,
                              const Layout *l);

/* Draws the score board in @l's board box (nothing without scores). */
void lw_table_view_draw_board (LwTableView  *self,
                               GtkSnapshot  *snapshot,
                               const Layout *l);

/* lw-table-view-trick.c */

/* The trick to show of @table into @out: the current one (the last when
 * @last, or when none is under way). Returns: FALSE when there is none. */
gboolean lw_table_view_shown_trick (LwTableView    *self,
                                    const LwTable  *table,
                                    gboolean        last,
                                    ShownTrick     *out);

/* Draws @trick in @l's trick area at @opacity (0…1): its plays, their
 * names and wildcards' tags, the newest flying in from its seat; or, with
 * @slide_to_winner > 0 (0…1), the cards only, that far on their way to
 * the winner. */
void lw_table_view_draw_trick (LwTableView  *self,
                               GtkSnapshot  *snapshot,
                               const Layout *l,
                               const ShownTrick *trick,
                               double        opacity,
                               double        slide_to_winner);

/* The line above the trick: who won it, or who is winning it. Returns:
 * (transfer full) (nullable). */
char *lw_table_view_trick_title (LwTableView      *self,
                                  const ShownTrick *trick);

/* What only the UI tests and ui-demo call */

/** lw_table_view_new: Returns: (transfer floating): an empty table. */
GtkWidget *lw_table_view_new (void);

/** lw_table_view_get_sort_by_suit: Returns: whether the hand is shown by suit. */
gboolean lw_table_view_get_sort_by_suit (LwTableView *self);

/**
 * lw_table_view_get_hand_order:
 * @self: the view
 * @order: (out caller-allocates) (array fixed-size=17): @order[p] is the
 *   index in lw_table_get_hand() of the card shown p-th from the left
 *
 * Returns: the number of cards in the viewer's hand.
 */
guint lw_table_view_get_hand_order (LwTableView *self,
                                    guint       *order);

/** lw_table_view_get_viewer: Returns: the seat shown at the bottom. */
int lw_table_view_get_viewer (LwTableView *self);

/**
 * lw_table_view_toggle_card:
 * @self: the view
 * @index: a card of the viewer's hand
 *
 * What a click or Space does on a card: selects or unselects it. While
 * leading, a card that cannot join the cards selected into any legal lead
 * starts a new selection.
 */
void lw_table_view_toggle_card (LwTableView *self,
                                guint        index);

/** lw_table_view_get_cursor: Returns: the card the keyboard is on. */
guint lw_table_view_get_cursor (LwTableView *self);

/**
 * lw_table_view_card_is_dimmed:
 * @self: the view
 * @index: a card of the viewer's hand
 *
 * Returns: %TRUE when the card is shown dimmed: it is not part of any
 *   legal follow (lw_table_legal_follows()), or, while leading, cannot join
 *   the selected cards in any legal lead.
 */
gboolean lw_table_view_card_is_dimmed (LwTableView *self,
                                       guint        index);

/** lw_table_view_get_obligatory: Returns: the cards marked as obligatory. */
guint32 lw_table_view_get_obligatory (LwTableView *self);

/** lw_table_view_get_show_last_trick: Returns: whether the last trick is shown. */
gboolean lw_table_view_get_show_last_trick (LwTableView *self);

G_END_DECLS
