/* lw-table-view.c — the virtual table drawn in one widget
 *
 * Everything is drawn in snapshot(): the cards as textures from the card
 * renderer (drawn once per size), the words and marks with Cairo. The
 * layout is computed from the widget's size on every frame, and the same
 * function places the hand's cards for clicks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "lw-app-util.h"
#include "lw-table-view.h"
#include "lw-table-view-private.h"

/* An animation lasts this long (skippable by a click or any key). */
#define ANIMATION_US (240 * 1000)

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
  guint cursor;
  gboolean show_last;
  char *last_title;        /* above the last trick; NULL: "Last trick" */

  AnimKind anim;
  gint64 anim_start;
  double anim_progress;
  guint tick_id;
};

G_DEFINE_FINAL_TYPE (LwTableView, lw_table_view, GTK_TYPE_WIDGET)

enum {
  SIGNAL_SELECTION_CHANGED,
  SIGNAL_ACTIVATE_PLAY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ------------------------------------------------------------------ */
/* Colours                                                              */
/* ------------------------------------------------------------------ */

static gboolean
is_dark (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

static void
set_hex (cairo_t *cr,
         guint32  rgb,
         double   alpha)
{
  cairo_set_source_rgba (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                         (rgb & 0xff) / 255.0, alpha);
}

/* The felt, the words on it, and the highlight (the seat to play, the
 * selection, the winning play): white and yellow on green keep a contrast
 * above 4.5:1 in both styles. */
#define FELT_LIGHT 0x26684a
#define FELT_DARK  0x173b2b
#define TEXT_ON_FELT 0xffffff
#define HIGHLIGHT 0xf8e45c

/* The chip of each side in partners play: light blue, orange, pink, light
 * purple, readable on both felts and told apart by their place too. */
static const guint32 side_colors[] = { 0x99c1f1, 0xffa348, 0xf66151, 0xdc8add };

/* The name under a play in the trick may take this many lines. */
#define TRICK_LABEL_LINES 2

/* ------------------------------------------------------------------ */
/* Reading the table                                                    */
/* ------------------------------------------------------------------ */

static guint
n_seats (LwTableView *self)
{
  return self->table != NULL ? lw_table_get_n_players (self->table) : 0;
}

static const LwCard *
viewer_hand (LwTableView *self,
             guint       *n)
{
  *n = 0;
  if (self->table == NULL || self->viewer < 0)
    return NULL;
  return lw_table_get_hand (self->table, self->viewer, n);
}

static const char *
seat_name (LwTableView *self,
           int          seat)
{
  if (seat >= 0 && seat < LW_MAX_SEATS && self->names[seat] != NULL)
    return self->names[seat];
  return "";
}

/* The place of each suit when the hand is sorted by suit: black and red
 * in turn, the Den cards last. */
static guint
suit_place (LwCard card)
{
  switch (lw_card_suit (card))
    {
    case LW_SUIT_SPADES: return 0;
    case LW_SUIT_HEARTS: return 1;
    case LW_SUIT_CLUBS: return 2;
    case LW_SUIT_DIAMONDS: return 3;
    case LW_SUIT_NONE:
    default: return 4;
    }
}

/* @order[p]: the card of the hand (its index in lw_table_get_hand()) shown
 * at place @p from the left; by suit keeps the engine's order within a
 * suit. Returns: the number of cards. */
static guint
hand_order (LwTableView *self,
            guint       *order)
{
  guint n = 0, p = 0;
  const LwCard *hand = viewer_hand (self, &n);

  if (!self->by_suit)
    {
      for (guint i = 0; i < n; i++)
        order[i] = i;
      return n;
    }
  for (guint place = 0; place <= 4; place++)
    for (guint i = 0; i < n; i++)
      if (suit_place (hand[i]) == place)
        order[p++] = i;
  return n;
}

static gboolean
viewer_to_play (LwTableView *self)
{
  return self->table != NULL && self->interactive
         && lw_table_get_turn (self->table) == self->viewer;
}

/* Counts of each face in @cards. */
static void
face_counts (const LwCard *cards,
             guint         n,
             guint8       *counts)
{
  memset (counts, 0, LW_N_FACES);
  for (guint i = 0; i < n; i++)
    counts[lw_card_face (cards[i])]++;
}

static void
update_legal (LwTableView *self)
{
  g_array_set_size (self->leads, 0);
  g_array_set_size (self->follows, 0);
  if (!viewer_to_play (self) || lw_table_get_phase (self->table) != LW_PHASE_PLAY)
    return;
  if (lw_table_get_lead (self->table) == NULL)
    lw_table_legal_leads (self->table, self->leads);
  else
    lw_table_legal_follows (self->table, self->follows);
}

gboolean
lw_table_view_card_is_dimmed (LwTableView *self,
                              guint        index)
{
  guint n;
  const LwCard *hand;

  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), FALSE);

  hand = viewer_hand (self, &n);
  if (index >= n || !viewer_to_play (self) || lw_table_get_phase (self->table) != LW_PHASE_PLAY)
    return FALSE;

  if (lw_table_get_lead (self->table) != NULL)
    {
      for (guint k = 0; k < self->follows->len; k++)
        if (g_array_index (self->follows, guint32, k) & (1u << index))
          return FALSE;
      return TRUE;
    }

  /* Leading: can the selection with this card grow into a legal lead? */
  {
    guint8 want[LW_N_FACES];
    LwCard picked[LW_MAX_HAND];
    guint n_picked = 0;

    if ((self->selection & ~(1u << index)) == 0)
      return FALSE;
    for (guint i = 0; i < n; i++)
      if ((self->selection & (1u << i)) || i == index)
        picked[n_picked++] = hand[i];
    face_counts (picked, n_picked, want);
    for (guint k = 0; k < self->leads->len; k++)
      {
        const LwPlay *lead = &g_array_index (self->leads, LwPlay, k);
        guint8 have[LW_N_FACES];
        gboolean fits = TRUE;

        face_counts (lead->cards, lead->n, have);
        for (guint f = 0; f < LW_N_FACES && fits; f++)
          fits = want[f] <= have[f];
        if (fits)
          return FALSE;
      }
    return TRUE;
  }
}

/* The side of @seat: its own when there are no sides. */
static int
side_of (LwTableView *self,
         int          seat)
{
  return self->has_sides && seat >= 0 && seat < LW_MAX_SEATS ? self->sides[seat] : seat;
}

/* Whether @seat plays with a partner (another seat of its side). */
static gboolean
has_partner (LwTableView *self,
             int          seat)
{
  for (guint s = 0; s < n_seats (self); s++)
    if ((int) s != seat && side_of (self, (int) s) == side_of (self, seat))
      return TRUE;
  return FALSE;
}

/* The score board's lines: one per side, in the order of their first seat;
 * @first[k] is the first seat of line k. */
static guint
board_lines (LwTableView *self,
             int         *first)
{
  guint n = 0;

  for (guint s = 0; s < n_seats (self); s++)
    {
      gboolean seen = FALSE;

      for (guint k = 0; k < n && !seen; k++)
        seen = side_of (self, first[k]) == side_of (self, (int) s);
      if (!seen)
        first[n++] = (int) s;
    }
  return n;
}

/* ------------------------------------------------------------------ */
/* Layout                                                               */
/* ------------------------------------------------------------------ */

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

static PangoLayout *make_layout (GtkWidget  *widget,
                                 const char *text,
                                 double      size_scale,
                                 gboolean    bold,
                                 int         max_width);

/* A seat box's name lines may take this many lines, the score board's
 * players this many per side. */
#define SEAT_NAME_LINES 3
#define BOARD_LINES 4
#define COUNTS_LINES 4

/* @text wrapped in @width on @lines lines at most, ellipsized only
 * beyond them, centred when @centre. */
static PangoLayout *
wrapped_layout (GtkWidget  *widget,
                const char *text,
                double      size_scale,
                gboolean    bold,
                int         width,
                int         lines,
                gboolean    centre)
{
  PangoLayout *layout = make_layout (widget, text, size_scale, bold, -1);

  pango_layout_set_width (layout, MAX (width, 1) * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_height (layout, -lines);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  if (centre)
    pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  return layout;
}

/* The room a side's chip takes before a seat box's name. */
#define SEAT_CHIP_ROOM 14

/* The placeholder of the chip before a name (U+FFFC, then U+2060 so that
 * no line breaks after it), its length in bytes. */
#define CHIP_PLACEHOLDER "\xef\xbf\xbc"
#define CHIP_PLACEHOLDER_LEN 3

/* A seat box's name, wrapped and centred in a box @box_w wide; in
 * partners play its first line starts with the room of the side's chip
 * (a shape the size of SEAT_CHIP_ROOM), centred with the line. */
static PangoLayout *
seat_name_layout (LwTableView *self,
                  gboolean     narrow,
                  int          seat,
                  double       box_w)
{
  gboolean chip = has_partner (self, seat);
  g_autofree char *text = g_strconcat (chip ? CHIP_PLACEHOLDER : "", seat_name (self, seat), NULL);
  PangoLayout *layout = wrapped_layout (GTK_WIDGET (self), text, narrow ? 0.8 : 0.95, TRUE,
                                        (int) box_w - 12, SEAT_NAME_LINES, TRUE);

  if (chip)
    {
      PangoRectangle room = { 0, -10 * PANGO_SCALE, SEAT_CHIP_ROOM * PANGO_SCALE, 10 * PANGO_SCALE };
      PangoAttrList *attrs = pango_attr_list_new ();
      PangoAttribute *shape = pango_attr_shape_new (&room, &room);

      shape->start_index = 0;
      shape->end_index = 3;
      pango_attr_list_insert (attrs, shape);
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  return layout;
}

/* A seat box's counts: "4 in hand · took 0", or on two lines ("4 in
 * hand", "took 0") when @split. Returns: (transfer full). */
static char *
seat_counts (guint    n_hand,
             guint    taken,
             gboolean split)
{
  if (split)
    {
      /* TRANSLATORS: a seat's cards in hand, the first line of two in a narrow seat box */
      g_autofree char *hand = g_strdup_printf (_("%u in hand"), n_hand);
      /* TRANSLATORS: a seat's cards won in tricks, the second line of two in a narrow seat box */
      g_autofree char *took = g_strdup_printf (_("took %u"), taken);

      return g_strconcat (hand, "\n", took, NULL);
    }
  /* TRANSLATORS: a seat's cards in hand and cards won in tricks, short */
  return g_strdup_printf (_("%u in hand · took %u"), n_hand, taken);
}

/* The score board's players of line @k (first seat @first): "Ann & Cleo".
 * Returns: (transfer full). */
static char *
board_who (LwTableView *self,
           int          first,
           gboolean     one_a_line)
{
  GString *who = g_string_new (seat_name (self, first));

  for (guint t = (guint) first + 1; t < n_seats (self); t++)
    if (side_of (self, (int) t) == side_of (self, first))
      {
        /* TRANSLATORS: partners on the table's score board, "Ann & Cleo" */
        g_autofree char *more = g_strdup_printf (_(" & %s"), seat_name (self, (int) t));

        /* Each partner on a line of their own: "& Cleo" */
        if (one_a_line)
          g_string_append_c (who, '\n');
        g_string_append (who, one_a_line ? g_strchug (more) : more);
      }
  return g_string_free (who, FALSE);
}

/* The room the score board keeps for a score, whatever it is, so that the
 * names beside it never wrap anew as the scores change. */
static int
board_score_room (LwTableView *self)
{
  PangoLayout *layout = make_layout (GTK_WIDGET (self), "-888", 0.9, TRUE, -1);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  g_object_unref (layout);
  return w;
}

/* The players of the score board's line for the side of @first, wrapped
 * in a board @board_w wide; @x: (out) (optional): their offset in it. */
static PangoLayout *
board_line_layout (LwTableView *self,
                   int          first,
                   double       board_w,
                   double      *x)
{
  double chip = has_partner (self, first) ? 15 : 0;
  double text_w = board_w - 4 - chip - board_score_room (self) - 12;
  gboolean mine = side_of (self, first) == side_of (self, self->viewer);
  g_autofree char *who = board_who (self, first, FALSE);
  PangoLayout *layout = wrapped_layout (GTK_WIDGET (self), who, 0.9, mine, (int) text_w, BOARD_LINES, FALSE);

  if (x != NULL)
    *x = 4 + chip;
  /* Too long for one line: a line per partner, each wrapped if need be. */
  if (pango_layout_get_line_count (layout) > 1)
    {
      g_free (who);
      who = board_who (self, first, TRUE);
      pango_layout_set_text (layout, who, -1);
    }
  return layout;
}

/* The height of the score board's heading and lines in a board @board_w wide. */
static double
board_height (LwTableView *self,
              double       board_w)
{
  int first[LW_MAX_SEATS];
  guint n = board_lines (self, first);
  double h = 19 + 4;

  for (guint k = 0; k < n; k++)
    {
      PangoLayout *layout = board_line_layout (self, first[k], board_w, NULL);
      int lw_, lh;

      pango_layout_get_pixel_size (layout, &lw_, &lh);
      g_object_unref (layout);
      h += MAX (lh, 19);
    }
  return h;
}

/* At a phone's width the Pups and trump take the left of the row under
 * the seats (their words are short), the score board the rest. */
static double
narrow_info_w (double width)
{
  return MIN (width / 2, 132);
}

static void
compute_layout (LwTableView *self,
                double       width,
                double       height,
                Layout      *l)
{
  guint n = n_seats (self);
  guint n_hand = 0;
  double pad = 8;
  double top_h, mid_h, hand_h, spacing;
  guint rows = 1, per_row;
  gboolean narrow = width < 700;

  memset (l, 0, sizeof *l);
  n_hand = hand_order (self, l->order);
  l->n_cards = n_hand;
  l->narrow = narrow;

  l->ch = CLAMP (MIN (height * 0.2, width * 0.3), 60, 150);
  l->cw = round (l->ch * 0.7);
  l->ch = round (l->ch);
  /* The backs and the Pups small at a phone's width: the trick keeps its room. */
  l->mh = narrow ? 36 : round (CLAMP (l->ch * 0.5, 36, 64));
  l->mw = round (l->mh * 0.7);

  /* The hand: one row, or two when the cards would hide their corners. */
  per_row = MAX (n_hand, 1);
  spacing = n_hand > 1 ? (width - 2 * pad - l->cw) / (n_hand - 1) : 0;
  if (n_hand > 1 && spacing < l->cw * 0.42)
    {
      rows = 2;
      per_row = (n_hand + 1) / 2;
      spacing = per_row > 1 ? (width - 2 * pad - l->cw) / (per_row - 1) : 0;
    }
  spacing = MIN (spacing, l->cw * 0.62);
  hand_h = l->ch * (rows == 2 ? 1.5 : 1) + l->ch * 0.16 + 26;

  /* The other seats' boxes: as tall as the longest name needs (wrapped,
   * the same for every box and every turn), the counts on two lines when
   * a box is too narrow for one. */
  {
    double box_w = n > 1 ? MIN ((width - pad * 2) / (n - 1), 320) - 4 : 0;
    g_autofree char *widest = seat_counts (88, 88, FALSE);
    PangoLayout *layout = make_layout (GTK_WIDGET (self), widest, 0.8, FALSE, -1);
    int cw, chh;

    pango_layout_get_pixel_size (layout, &cw, &chh);
    l->split_counts = cw > box_w - 12;
    l->counts_h = chh;
    if (l->split_counts)
      {
        /* Each of the two lines may wrap in turn (German: "88 auf der Hand"). */
        g_autofree char *split = seat_counts (88, 88, TRUE);
        int sw;

        g_object_unref (layout);
        layout = wrapped_layout (GTK_WIDGET (self), split, 0.8, FALSE, (int) box_w - 12, COUNTS_LINES, TRUE);
        pango_layout_get_pixel_size (layout, &sw, &cw);
        l->counts_h = cw;
      }
    g_object_unref (layout);
    l->name_h = 20;
    for (guint s = 0; s < n; s++)
      if ((int) s != self->viewer)
        {
          int nw, nh;

          layout = seat_name_layout (self, narrow, (int) s, box_w);
          pango_layout_get_pixel_size (layout, &nw, &nh);
          g_object_unref (layout);
          l->name_h = MAX (l->name_h, nh + 2);
        }
    top_h = l->mh + 58 + (l->name_h - 20) + (l->counts_h - chh);
  }
  mid_h = 0;
  if (narrow)
    /* The score board's heading and every line (wrapped) fit beside the Pups. */
    mid_h = MAX (l->mh + 34, board_height (self, width - narrow_info_w (width) - pad) + 8);

  /* The other seats, clockwise from the viewer's left, in a row on top. */
  if (n > 1)
    {
      double box_w = MIN ((width - pad * 2) / (n - 1), 320);
      double x0 = (width - box_w * (n - 1)) / 2;

      for (guint k = 1; k < n; k++)
        {
          int seat = (self->viewer + (int) k) % (int) n;
          l->opponents[seat] = (Rect) { x0 + box_w * (k - 1) + 2, pad, box_w - 4, top_h - pad };
        }
    }

  if (narrow)
    {
      l->info = (Rect) { pad, top_h + 4, narrow_info_w (width) - pad, mid_h - 4 };
      l->board = (Rect) { narrow_info_w (width), top_h + 4, width - narrow_info_w (width) - pad, mid_h - 4 };
      l->trick = (Rect) { pad, top_h + mid_h + 4, width - 2 * pad, height - top_h - mid_h - hand_h - 8 };
    }
  else
    {
      double side_w = MIN (240, width * 0.2);

      l->info = (Rect) { pad, top_h + 4, side_w, height - top_h - hand_h - 8 };
      l->board = (Rect) { width - pad - side_w, top_h + 4, side_w, height - top_h - hand_h - 8 };
      l->trick = (Rect) { pad + side_w + 8, top_h + 4, width - 2 * (pad + side_w + 8),
                          height - top_h - hand_h - 8 };
    }
  l->hand = (Rect) { pad, height - hand_h, width - 2 * pad, hand_h };

  for (guint i = 0; i < n_hand; i++)
    {
      guint row = rows == 2 && i >= per_row ? 1 : 0;
      guint col = row == 1 ? i - per_row : i;
      guint in_row = row == 1 ? n_hand - per_row : MIN (per_row, n_hand);
      double row_w = l->cw + spacing * (in_row - 1);
      double x = (width - row_w) / 2 + col * spacing;
      double y = l->hand.y + 22 + l->ch * 0.16 + row * l->ch * 0.5;

      l->cards[l->order[i]] = (Rect) { x, y, l->cw, l->ch };
    }
}

/* ------------------------------------------------------------------ */
/* Drawing helpers                                                      */
/* ------------------------------------------------------------------ */

static void
append_card (LwTableView *self,
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
                                                      (int) round (h), scale, is_dark ());

  graphene_rect_t bounds = GRAPHENE_RECT_INIT (x, y, round (w), round (h));

  if (opacity < 1)
    gtk_snapshot_push_opacity (snapshot, opacity);
  gtk_snapshot_append_texture (snapshot, texture, &bounds);
  if (opacity < 1)
    gtk_snapshot_pop (snapshot);
}

/* A card that may not be played: drawn opaque (cards overlap) under a
 * grey veil. */
static void
append_dimmed_card (LwTableView *self,
                    GtkSnapshot *snapshot,
                    guint        face,
                    double       x,
                    double       y,
                    double       w,
                    double       h)
{
  GskRoundedRect clip;
  GdkRGBA veil = { 0.2, 0.2, 0.22, 0.5 };

  append_card (self, snapshot, face, x, y, w, h, 1);
  gsk_rounded_rect_init_from_rect (&clip, &GRAPHENE_RECT_INIT (x, y, round (w), round (h)),
                                   MIN (w, h) * 0.08);
  gtk_snapshot_push_rounded_clip (snapshot, &clip);
  gtk_snapshot_append_color (snapshot, &veil, &GRAPHENE_RECT_INIT (x, y, round (w), round (h)));
  gtk_snapshot_pop (snapshot);
}

static PangoLayout *
make_layout (GtkWidget  *widget,
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

typedef enum {
  ALIGN_START,
  ALIGN_CENTER,
} Align;

/* Draws one line of text at (@x, @y) (its top); returns its height. */
static double
draw_text (GtkWidget  *widget,
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
  PangoLayout *layout = make_layout (widget, text, size_scale, bold, (int) max_width);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  set_hex (cr, color, 1);
  cairo_move_to (cr, align == ALIGN_CENTER ? x + (max_width - w) / 2 : x, y);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  return h;
}

/* A pill with a word in it ("Dealer", "Declarer"); returns its width. */
static double
draw_badge (GtkWidget  *widget,
            cairo_t    *cr,
            const char *text,
            double      x,
            double      y,
            guint32     fill,
            guint32     ink)
{
  PangoLayout *layout = make_layout (widget, text, 0.8, TRUE, -1);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + h / 2.0, y + h / 2.0, h / 2.0, G_PI / 2, 3 * G_PI / 2);
  cairo_arc (cr, x + w + h / 2.0, y + h / 2.0, h / 2.0, -G_PI / 2, G_PI / 2);
  cairo_close_path (cr);
  set_hex (cr, fill, 1);
  cairo_fill (cr);
  set_hex (cr, ink, 1);
  cairo_move_to (cr, x + h / 2.0, y);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  return w + h + 4;
}

/* The round chip of @seat's side, @d across at (@x, @y); nothing outside
 * partners play. Returns: the room it takes. */
static double
draw_side_chip (LwTableView *self,
                cairo_t     *cr,
                int          seat,
                double       x,
                double       y,
                double       d)
{
  if (!has_partner (self, seat))
    return 0;
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + d / 2, y + d / 2, d / 2, 0, 2 * G_PI);
  set_hex (cr, side_colors[(guint) side_of (self, seat) % G_N_ELEMENTS (side_colors)], 1);
  cairo_fill_preserve (cr);
  set_hex (cr, 0x000000, 0.4);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  return d + 5;
}

/* The room draw_badge() takes for @text. */
static double
badge_width (GtkWidget  *widget,
             const char *text)
{
  PangoLayout *layout = make_layout (widget, text, 0.8, TRUE, -1);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  g_object_unref (layout);
  return w + h + 4;
}

static void
rounded_rect (cairo_t    *cr,
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

static double
ease_out (double p)
{
  return 1 - (1 - p) * (1 - p) * (1 - p);
}

/* ------------------------------------------------------------------ */
/* The trick                                                            */
/* ------------------------------------------------------------------ */

/* Where a seat's cards come from and go to: its place on the table. */
static void
seat_point (LwTableView *self,
            const Layout *l,
            int          seat,
            double      *x,
            double      *y)
{
  const Rect *r = seat == self->viewer ? &l->hand : &l->opponents[seat];

  *x = r->x + r->w / 2;
  *y = r->y + r->h / 2;
}

typedef struct
{
  int     leader;
  guint   n_plays;
  const LwPlay *plays;
  int     winner;          /* LW_NO_SEAT while under way: then the play winning so far */
  gboolean finished;
} ShownTrick;

static int
winning_so_far (const LwTable *table,
                int            leader,
                const LwPlay  *plays,
                guint          n_plays)
{
  const LwLead *lead = lw_table_get_lead (table);

  if (lead == NULL || n_plays == 0)
    return LW_NO_SEAT;
  if (n_plays == 1)
    return leader;
  return (leader + (int) lw_trick_winner (lead, plays + 1, n_plays - 1, NULL))
         % (int) lw_table_get_n_players (table);
}

static gboolean
shown_trick (LwTableView    *self,
             const LwTable  *table,
             gboolean        last,
             ShownTrick     *out)
{
  const GArray *tricks = lw_table_get_tricks (table);
  guint n_current = 0;
  const LwPlay *current = lw_table_get_current (table, &n_current);

  memset (out, 0, sizeof *out);
  if (!last && n_current > 0)
    {
      /* The seat to play next is after the last one that played. */
      int n = (int) lw_table_get_n_players (table);
      int turn = lw_table_get_turn (table);

      out->leader = ((turn - (int) n_current) % n + n) % n;
      out->n_plays = n_current;
      out->plays = current;
      out->winner = winning_so_far (table, out->leader, current, n_current);
      return TRUE;
    }
  if (tricks->len > 0)
    {
      const LwTrick *t = &g_array_index (tricks, LwTrick, tricks->len - 1);

      out->leader = t->leader;
      out->n_plays = t->n_plays;
      out->plays = t->plays;
      out->winner = t->winner;
      out->finished = TRUE;
      return TRUE;
    }
  return FALSE;
}

/* The name under a play: centred in @width, wrapped onto
 * TRICK_LABEL_LINES lines at most, ellipsized only beyond them; @width 0:
 * one line, its natural width. */
static PangoLayout *
trick_label_layout (GtkWidget    *widget,
                    const Layout *l,
                    const char   *text,
                    gboolean      bold,
                    int           width)
{
  PangoLayout *layout = make_layout (widget, text, l->narrow ? 0.8 : 0.85, bold, -1);

  if (width > 0)
    {
      pango_layout_set_width (layout, width * PANGO_SCALE);
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_height (layout, -TRICK_LABEL_LINES);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
    }
  return layout;
}

typedef struct
{
  Rect plays[LW_MAX_SEATS];   /* the cards of each play, in the trick's order */
  Rect labels[LW_MAX_SEATS];  /* the name under each play */
  double th;                  /* a card's height */
} TrickPlace;

/* The seat of the trick's play @k. */
static int
play_seat (LwTableView      *self,
           const ShownTrick *trick,
           guint             k)
{
  return (trick->leader + (int) k) % (int) MAX (n_seats (self), 1);
}

/* The room the plays take side by side, each name capped at @cap. */
static double
slots_width (guint         n,
             const double *pws,
             const int    *name_w,
             double        cap)
{
  double sum = 0;

  for (guint k = 0; k < n; k++)
    sum += MAX (pws[k], MIN (name_w[k] + 6, cap));
  return sum;
}

/* Places the plays of a trick in @area under the line of words above it,
 * each play in a slot as wide as its player's name (up to a share of the
 * width), wrapping into rows; the card size shrinks until they fit. */
static void
place_trick (LwTableView      *self,
             const ShownTrick *trick,
             const Layout     *l,
             TrickPlace       *out)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const Rect *area = &l->trick;
  double th = l->ch * 0.8, title_h = 22, gap = l->narrow ? 6 : 12;
  int name_w[LW_MAX_SEATS];

  memset (out, 0, sizeof *out);
  for (guint k = 0; k < trick->n_plays; k++)
    {
      PangoLayout *layout = trick_label_layout (widget, l, seat_name (self, play_seat (self, trick, k)), TRUE, 0);
      int h;

      pango_layout_get_pixel_size (layout, &name_w[k], &h);
      g_object_unref (layout);
    }

  for (int attempt = 0; attempt < 8; attempt++, th *= 0.85)
    {
      double tw = round (th * 0.7), sp = tw * 0.42;
      double x = 0, y = title_h, label_h = 0, row_h;
      double slot[LW_MAX_SEATS], pws[LW_MAX_SEATS];
      double avail = area->w - gap * (trick->n_plays > 0 ? trick->n_plays - 1 : 0);
      double cap = avail, lo = 0, hi = avail;
      guint row_start = 0;
      gboolean fits = TRUE;

      /* Each play's slot is as wide as its name when they all fit in one
       * row; else the longest names share what the cards leave (the
       * same cap for all) and wrap. */
      for (guint k = 0; k < trick->n_plays; k++)
        pws[k] = tw + sp * (trick->plays[k].n - 1);
      if (slots_width (trick->n_plays, pws, name_w, avail) > avail)
        {
          for (int i = 0; i < 30; i++)
            {
              double mid = (lo + hi) / 2;

              if (slots_width (trick->n_plays, pws, name_w, mid) <= avail)
                lo = mid;
              else
                hi = mid;
            }
          cap = floor (lo);
        }

      for (guint k = 0; k < trick->n_plays; k++)
        {
          double pw = pws[k];
          PangoLayout *layout;
          int lw_, lh;

          slot[k] = MAX (pw, MIN (name_w[k] + 6, cap));
          layout = trick_label_layout (widget, l, seat_name (self, play_seat (self, trick, k)), TRUE, (int) slot[k]);
          pango_layout_get_pixel_size (layout, &lw_, &lh);
          g_object_unref (layout);
          label_h = MAX (label_h, lh);
        }
      row_h = th + 4 + label_h;

      for (guint k = 0; k < trick->n_plays; k++)
        {
          double pw = tw + sp * (trick->plays[k].n - 1);

          if (x > 0 && x + slot[k] > area->w)
            {
              /* Centre the finished row. */
              double shift = (area->w - (x - gap)) / 2;
              for (guint j = row_start; j < k; j++)
                {
                  out->plays[j].x += shift;
                  out->labels[j].x += shift;
                }
              row_start = k;
              x = 0;
              y += row_h + 6;
            }
          if (slot[k] > area->w)
            fits = FALSE;
          out->plays[k] = (Rect) { area->x + x + (slot[k] - pw) / 2, area->y + y, pw, th };
          out->labels[k] = (Rect) { area->x + x, area->y + y + th + 4, slot[k], label_h };
          x += slot[k] + gap;
        }
      {
        double shift = (area->w - (x - gap)) / 2;
        for (guint j = row_start; j < trick->n_plays; j++)
          {
            out->plays[j].x += shift;
            out->labels[j].x += shift;
          }
      }
      out->th = th;
      if (fits && y + row_h <= area->h)
        {
          /* Centre the rows vertically under the line of words. */
          double vshift = (area->h - (y + row_h)) / 2;
          for (guint j = 0; j < trick->n_plays; j++)
            {
              out->plays[j].y += vshift;
              out->labels[j].y += vshift;
            }
          return;
        }
    }
}

/* The line above the trick: who won it, or who is winning it. Returns:
 * (transfer full) (nullable). */
static char *
trick_title (LwTableView      *self,
             const ShownTrick *trick)
{
  if (trick->winner == LW_NO_SEAT)
    return NULL;
  if (trick->finished)
    /* TRANSLATORS: above a finished trick, "Ben wins the trick" */
    return g_strdup_printf (_("%s wins the trick"), seat_name (self, trick->winner));
  if (trick->n_plays > 1)
    /* TRANSLATORS: above the trick: the play winning the trick so far */
    return g_strdup_printf (_("%s, winning"), seat_name (self, trick->winner));
  return NULL;
}

/* What the wildcards of @play stood for, as tags under their cards:
 * "as 10♣" (lw_play_wildcards(); a follower's B and L have none).
 * Returns: how many, with @tags[k] (transfer full) and @index[k] the
 * card's position in the play. */
static guint
wildcard_tags (const LwPlay *play,
               char         *tags[LW_MAX_PLAY],
               guint         index[LW_MAX_PLAY])
{
  LwWildcard wild[LW_MAX_PLAY];
  guint n = lw_play_wildcards (play, wild);

  for (guint k = 0; k < n; k++)
    {
      g_autofree char *as = lw_describe_wildcard_as (&wild[k]);

      /* TRANSLATORS: on a wildcard played in a trick: what it stood for, "as 10♣" */
      tags[k] = g_strdup_printf (_("as %s"), as);
      index[k] = wild[k].index;
    }
  return n;
}

/* The tags of wildcard_tags() on the cards of a play at (@x, @y), cards
 * @tw × @th overlapping by 0.42 of a card: each on the lower part of its
 * card, on top of the cards after it. */
static void
draw_wildcard_tags (GtkWidget    *widget,
                    GtkSnapshot  *snapshot,
                    const LwPlay *play,
                    double        x,
                    double        y,
                    double        tw,
                    double        th)
{
  char *tags[LW_MAX_PLAY];
  guint index[LW_MAX_PLAY];
  guint n = wildcard_tags (play, tags, index);
  cairo_t *cr;

  if (n == 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (x - tw, y, tw * (play->n + 2), th + 4));
  for (guint k = 0; k < n; k++)
    {
      PangoLayout *layout = make_layout (widget, tags[k], 0.75, TRUE, -1);
      int w, h;
      double cx = x + index[k] * tw * 0.42 + (index[k] + 1 < play->n ? tw * 0.21 : tw / 2);

      pango_layout_get_pixel_size (layout, &w, &h);
      g_object_unref (layout);
      /* Alternate heights, so that the tags of neighbouring cards never cover each other. */
      draw_badge (widget, cr, tags[k], cx - (w + h) / 2.0, y + th - h - 4 - (k % 2) * (h + 2), 0x241f31, HIGHLIGHT);
      g_free (tags[k]);
    }
  cairo_destroy (cr);
}

static void
draw_trick (LwTableView  *self,
            GtkSnapshot  *snapshot,
            const Layout *l,
            const ShownTrick *trick,
            double        opacity,
            double        slide_to_winner)
{
  GtkWidget *widget = GTK_WIDGET (self);
  TrickPlace place;
  double th, tw;
  cairo_t *cr;

  place_trick (self, trick, l, &place);
  th = place.th;
  tw = round (th * 0.7);

  for (guint k = 0; k < trick->n_plays; k++)
    {
      int seat = play_seat (self, trick, k);
      const LwPlay *play = &trick->plays[k];
      const Rect *r = &place.plays[k];
      double dx = 0, dy = 0;

      if (slide_to_winner > 0 && trick->winner != LW_NO_SEAT)
        {
          double wx, wy;
          seat_point (self, l, trick->winner, &wx, &wy);
          dx = (wx - (r->x + r->w / 2)) * slide_to_winner;
          dy = (wy - (r->y + r->h / 2)) * slide_to_winner;
        }
      else if (self->anim == ANIM_PLAY || self->anim == ANIM_TAKE)
        {
          /* The newest play flies in from its seat. */
          gboolean newest = (self->anim == ANIM_PLAY && k + 1 == trick->n_plays)
                            || (self->anim == ANIM_TAKE && slide_to_winner == 0 && k == 0);
          if (newest)
            {
              double sx, sy, p = ease_out (self->anim_progress);
              seat_point (self, l, seat, &sx, &sy);
              dx = (sx - (r->x + r->w / 2)) * (1 - p);
              dy = (sy - (r->y + r->h / 2)) * (1 - p);
            }
        }

      for (guint c = 0; c < play->n; c++)
        append_card (self, snapshot, lw_card_face (play->cards[c]),
                     r->x + dx + c * tw * 0.42, r->y + dy, tw, th, opacity);
      if (slide_to_winner == 0)
        draw_wildcard_tags (widget, snapshot, play, r->x + dx, r->y + dy, tw, th);

      if (slide_to_winner == 0)
        {
          const Rect *lr = &place.labels[k];
          gboolean winning = trick->winner == seat;
          PangoLayout *layout = trick_label_layout (widget, l, seat_name (self, seat), winning, (int) lr->w);

          cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (MIN (lr->x, r->x - 4), r->y - 4,
                                                                         MAX (lr->w, r->w + 8), th + 8 + lr->h));
          if (winning && trick->n_plays > 1)
            {
              Rect ring = { r->x - 3, r->y - 3, r->w + 6, th + 6 };
              rounded_rect (cr, &ring, 6);
              set_hex (cr, HIGHLIGHT, 1);
              cairo_set_line_width (cr, 3);
              cairo_stroke (cr);
            }
          set_hex (cr, winning ? HIGHLIGHT : TEXT_ON_FELT, 1);
          cairo_move_to (cr, lr->x, lr->y);
          pango_cairo_show_layout (cr, layout);
          g_object_unref (layout);
          cairo_destroy (cr);
        }
    }
}

guint
lw_table_view_measure_trick (LwTableView  *self,
                             int           width,
                             int           height,
                             LwTrickLabel *labels)
{
  Layout l;
  ShownTrick trick;
  TrickPlace place;

  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), 0);
  g_return_val_if_fail (labels != NULL, 0);

  if (self->table == NULL || !shown_trick (self, self->table, self->show_last, &trick))
    return 0;
  compute_layout (self, width, height, &l);
  place_trick (self, &trick, &l, &place);
  for (guint k = 0; k < trick.n_plays; k++)
    {
      int seat = play_seat (self, &trick, k);
      PangoLayout *layout = trick_label_layout (GTK_WIDGET (self), &l, seat_name (self, seat),
                                                trick.winner == seat, (int) place.labels[k].w);
      PangoRectangle ink, logical;

      pango_layout_get_pixel_extents (layout, &ink, &logical);
      labels[k] = (LwTrickLabel) {
        .seat = seat,
        .card = GRAPHENE_RECT_INIT (place.plays[k].x, place.plays[k].y, place.plays[k].w, place.plays[k].h),
        .label = GRAPHENE_RECT_INIT (place.labels[k].x, place.labels[k].y, place.labels[k].w, place.labels[k].h),
        .text_width = logical.width,
        .lines = pango_layout_get_line_count (layout),
        .ellipsized = pango_layout_is_ellipsized (layout),
      };
      g_object_unref (layout);
      {
        char *tags[LW_MAX_PLAY];
        guint index[LW_MAX_PLAY];
        guint n_tags = wildcard_tags (&trick.plays[k], tags, index);
        g_autoptr (GString) wild = g_string_new (NULL);

        for (guint t = 0; t < n_tags; t++)
          {
            g_string_append_printf (wild, "%s%s", t > 0 ? ", " : "", tags[t]);
            g_free (tags[t]);
          }
        g_strlcpy (labels[k].wild, wild->str, sizeof labels[k].wild);
      }
    }
  return trick.n_plays;
}

/* ------------------------------------------------------------------ */
/* Snapshot                                                             */
/* ------------------------------------------------------------------ */

/* The badges of @seat's box: Partner, Dealer, Declarer, in words; the
 * Partner badge left out of a box too narrow for it beside the backs of
 * the hand (the side's chip marks the partner). Returns: how many;
 * @width: the widest. */
static guint
seat_badges (LwTableView  *self,
             const Layout *l,
             int           seat,
             const char  **badges,
             guint32      *fills,
             double       *width,
             gboolean     *partner)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const Rect *r = &l->opponents[seat];
  guint n_badges = 0;
  gboolean partner_badge = FALSE;
  double badges_w = 0;

  if (self->viewer >= 0 && seat != self->viewer && side_of (self, seat) == side_of (self, self->viewer))
    {
      /* TRANSLATORS: the marker on the seat of the viewer's partner */
      badges[n_badges] = C_("seat", "Partner");
      partner_badge = TRUE;
      fills[n_badges++] = side_colors[(guint) side_of (self, seat) % G_N_ELEMENTS (side_colors)];
    }
  if (lw_table_get_dealer (self->table) == seat)
    {
      /* TRANSLATORS: the marker on the seat that dealt the round */
      badges[n_badges] = _("Dealer");
      fills[n_badges++] = 0xffffff;
    }
  if (lw_table_get_declarer (self->table) == seat)
    {
      /* TRANSLATORS: the marker on the seat that Declared (accepted the trump) */
      badges[n_badges] = _("Declarer");
      fills[n_badges++] = HIGHLIGHT;
    }
  for (guint b = 0; b < n_badges; b++)
    badges_w = MAX (badges_w, badge_width (widget, badges[b]));
  /* Too narrow a box for the word and the backs: the partner is marked
   * by the side's chip alone (the viewer's own line has the same). */
  if (partner_badge && r->x + r->w - 8 - (r->x + 4 + badges_w + 2) < l->mw * 1.2)
    {
      memmove (badges, badges + 1, (n_badges - 1) * sizeof badges[0]);
      memmove (fills, fills + 1, (n_badges - 1) * sizeof fills[0]);
      n_badges--;
      partner_badge = FALSE;
      badges_w = 0;
      for (guint b = 0; b < n_badges; b++)
        badges_w = MAX (badges_w, badge_width (widget, badges[b]));
    }
  *width = badges_w;
  if (partner != NULL)
    *partner = partner_badge;
  return n_badges;
}

/* Where a seat box's name goes: the block of its lines centred in the box
 * with the side's chip before it; @x, @y: the layout's origin, @chip_x:
 * the chip's. Returns: (transfer full): the name's layout. */
static PangoLayout *
place_seat_name (LwTableView  *self,
                 const Layout *l,
                 int           seat,
                 double       *x,
                 double       *y,
                 double       *chip_x)
{
  const Rect *r = &l->opponents[seat];
  PangoLayout *layout = seat_name_layout (self, l->narrow, seat, r->w);
  PangoRectangle chip;

  /* Each line centred in the box, the chip's room first. */
  pango_layout_index_to_pos (layout, 0, &chip);
  *x = r->x + 6;
  *y = r->y + 4;
  *chip_x = *x + chip.x / PANGO_SCALE;
  return layout;
}

static void
draw_seat_box (LwTableView  *self,
               GtkSnapshot  *snapshot,
               const Layout *l,
               int           seat)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const Rect *r = &l->opponents[seat];
  guint n_hand = 0;
  g_autofree char *line = NULL;
  gboolean to_play = lw_table_get_turn (self->table) == seat;
  double x, fan_w, step, shift = l->name_h - 20;
  cairo_t *cr;

  lw_table_get_hand (self->table, seat, &n_hand);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (r->x, r->y, r->w, r->h));
  rounded_rect (cr, r, 8);
  set_hex (cr, 0x000000, to_play ? 0.28 : 0.16);
  cairo_fill_preserve (cr);
  if (to_play)
    {
      set_hex (cr, HIGHLIGHT, 1);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }
  else
    cairo_new_path (cr);
  {
    /* The name, wrapped, after its side's chip in partners play, centred together. */
    double nx, ny, cx;
    PangoLayout *layout = place_seat_name (self, l, seat, &nx, &ny, &cx);
    PangoLayoutIter *iter = pango_layout_get_iter (layout);
    int first_h = pango_layout_iter_get_baseline (iter) / PANGO_SCALE;

    pango_layout_iter_free (iter);
    draw_side_chip (self, cr, seat, cx, ny + first_h - 9, 10);
    set_hex (cr, to_play ? HIGHLIGHT : TEXT_ON_FELT, 1);
    cairo_move_to (cr, nx, ny);
    pango_cairo_show_layout (cr, layout);
    g_object_unref (layout);
  }
  line = seat_counts (n_hand, lw_table_get_taken (self->table, seat), l->split_counts);
  {
    PangoLayout *layout = wrapped_layout (widget, line, 0.8, FALSE, (int) r->w - 12, COUNTS_LINES, TRUE);

    set_hex (cr, TEXT_ON_FELT, 1);
    cairo_move_to (cr, r->x + 6, r->y + 26 + l->mh + shift);
    pango_cairo_show_layout (cr, layout);
    g_object_unref (layout);
  }

  cairo_destroy (cr);

  /* Partner, Dealer and Declarer, in words, down the left; the backs of
   * the hand beside them, never under them. */
  {
    const char *badges[3];
    guint32 fills[3];
    double bx = r->x + 4, by = r->y + 26 + shift, badges_w = 0;
    guint n_badges = seat_badges (self, l, seat, badges, fills, &badges_w, NULL);

    /* The backs of the hand, a small fan, centred in the room left. */
    {
      double left = badges_w > 0 ? bx + badges_w + 2 : r->x + 8;
      double room = r->x + r->w - 8 - left;

      /* A narrow box: smaller backs beside the words, never under them. */
      double bw = MAX (12, MIN (l->mw, floor (room / 1.6)));
      double bh = round (bw / 0.7);

      fan_w = MIN (room, bw + (n_hand > 0 ? n_hand - 1 : 0) * bw * 0.25);
      step = n_hand > 1 ? (fan_w - bw) / (n_hand - 1) : 0;
      x = left + (room - fan_w) / 2;
      for (guint i = 0; i < n_hand; i++)
        append_card (self, snapshot, LW_CARD_RENDERER_BACK, x + i * step, r->y + 24 + shift + (l->mh - bh) / 2,
                     bw, bh, 1);
    }

    cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (r->x, r->y, r->w, r->h));
    for (guint b = 0; b < n_badges; b++, by += 18)
      draw_badge (widget, cr, badges[b], bx, by, fills[b], 0x241f31);
    cairo_destroy (cr);
  }
}

static void
draw_info (LwTableView  *self,
           GtkSnapshot  *snapshot,
           const Layout *l)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const Rect *r = &l->info;
  LwCard revealed = lw_table_get_revealed (self->table);
  LwSuit trump = lw_table_get_trump (self->table);
  gboolean bidding = lw_table_get_phase (self->table) == LW_PHASE_BID;
  g_autofree char *trump_text = NULL;
  double x = r->x + 4, y = r->y + 4;
  cairo_t *cr;

  /* The Pups: three backs under the turned card while they are on the
   * table (the bidding), then only the turned card. */
  if (bidding)
    for (int i = 0; i < 3; i++)
      append_card (self, snapshot, LW_CARD_RENDERER_BACK, x + i * 3, y + i * 2, l->mw, l->mh, 1);
  append_card (self, snapshot, lw_card_face (revealed), x + (bidding ? 12 : 0), y + (bidding ? 6 : 0),
               l->mw, l->mh, 1);

  if (trump == LW_NO_TRUMP)
    /* TRANSLATORS: the round is played without a trump suit */
    trump_text = g_strdup (_("No Trump"));
  else
    /* TRANSLATORS: the trump suit under the word "Trump", "♥ Hearts" */
    trump_text = g_strdup_printf (_("%s %s"), lw_suit_symbol (trump), lw_suit_name (trump));

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (r->x, r->y, r->w, r->h));
  {
    double tx = x + l->mw + (bidding ? 20 : 8);
    double tw = r->x + r->w - tx;

    /* TRANSLATORS: the four extra cards dealt face down, the top one turned up */
    y += draw_text (widget, cr, bidding ? _("Pups") : _("Turned up"), tx, y, tw, ALIGN_START, 0.8, FALSE,
                    TEXT_ON_FELT);
    if (trump != LW_NO_TRUMP)
      /* TRANSLATORS: above the trump suit's name */
      y += draw_text (widget, cr, _("Trump"), tx, y + 2, tw, ALIGN_START, 0.8, FALSE, TEXT_ON_FELT);
    draw_text (widget, cr, trump_text, tx, y + 2, tw, ALIGN_START, 0.95, TRUE, TEXT_ON_FELT);
  }
  cairo_destroy (cr);
}

static void
draw_board (LwTableView  *self,
            GtkSnapshot  *snapshot,
            const Layout *l)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const Rect *r = &l->board;
  int first[LW_MAX_SEATS];
  guint n = board_lines (self, first);
  double y = r->y + 4;
  cairo_t *cr;

  if (!self->has_scores)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (r->x, r->y, r->w, r->h));
  /* TRANSLATORS: the heading of the small score board on the table */
  y += draw_text (widget, cr, _("Scores"), r->x + 4, y, r->w - 8, ALIGN_START, 0.8, FALSE, TEXT_ON_FELT);
  /* One line per side: its chip, its players (wrapped), its score. */
  for (guint k = 0; k < n; k++)
    {
      int s = first[k];
      g_autofree char *score = g_strdup_printf ("%d", self->scores[s]);
      double tx;
      PangoLayout *layout = make_layout (widget, score, 0.9, TRUE, -1);
      PangoLayout *who = board_line_layout (self, s, r->w, &tx);
      int sw, sh, ww, wh;

      pango_layout_get_pixel_size (layout, &sw, &sh);
      g_object_unref (layout);
      pango_layout_get_pixel_size (who, &ww, &wh);
      if (y + sh > r->y + r->h)
        {
          g_object_unref (who);
          break;
        }
      draw_side_chip (self, cr, s, r->x + 4, y + (sh - 10) / 2, 10);
      set_hex (cr, TEXT_ON_FELT, 1);
      cairo_move_to (cr, r->x + tx, y);
      pango_cairo_show_layout (cr, who);
      g_object_unref (who);
      draw_text (widget, cr, score, r->x + r->w - sw - 4, y, sw + 1, ALIGN_START, 0.9, TRUE, TEXT_ON_FELT);
      y += MAX (wh, sh);
    }
  cairo_destroy (cr);
}

guint
lw_table_view_measure_names (LwTableView *self,
                             int          width,
                             int          height,
                             LwNameLabel *labels)
{
  Layout l;
  guint n = 0;
  int first[LW_MAX_SEATS];
  guint n_lines;
  double y;

  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), 0);
  g_return_val_if_fail (labels != NULL, 0);

  if (self->table == NULL)
    return 0;
  compute_layout (self, width, height, &l);
  for (guint s = 0; s < n_seats (self); s++)
    {
      const Rect *r = &l.opponents[s];
      PangoLayout *layout;
      PangoRectangle logical;
      const char *badges[3];
      guint32 fills[3];
      double nx, ny, cx, badges_w;
      gboolean partner = FALSE;
      guint n_hand = 0;
      g_autofree char *counts = NULL;

      if ((int) s == self->viewer)
        continue;
      seat_badges (self, &l, (int) s, badges, fills, &badges_w, &partner);
      layout = place_seat_name (self, &l, (int) s, &nx, &ny, &cx);
      pango_layout_get_pixel_extents (layout, NULL, &logical);
      labels[n++] = (LwNameLabel) {
        .kind = LW_NAME_SEAT,
        .seat = (int) s,
        .box = GRAPHENE_RECT_INIT (r->x, r->y, r->w, r->h),
        .text_rect = GRAPHENE_RECT_INIT (nx + logical.x, ny + logical.y, logical.width, logical.height),
        .lines = pango_layout_get_line_count (layout),
        .ellipsized = pango_layout_is_ellipsized (layout),
        .partner_badge = partner,
      };
      g_strlcpy (labels[n - 1].text, seat_name (self, (int) s), sizeof labels[n - 1].text);
      g_object_unref (layout);

      lw_table_get_hand (self->table, (int) s, &n_hand);
      counts = seat_counts (n_hand, lw_table_get_taken (self->table, (int) s), l.split_counts);
      layout = wrapped_layout (GTK_WIDGET (self), counts, 0.8, FALSE, (int) r->w - 12, COUNTS_LINES, TRUE);
      pango_layout_get_pixel_extents (layout, NULL, &logical);
      ny = r->y + 26 + l.mh + (l.name_h - 20);
      labels[n++] = (LwNameLabel) {
        .kind = LW_NAME_COUNTS,
        .seat = (int) s,
        .box = GRAPHENE_RECT_INIT (r->x, r->y, r->w, r->h),
        .text_rect = GRAPHENE_RECT_INIT (r->x + 6 + logical.x, ny + logical.y, logical.width, logical.height),
        .lines = pango_layout_get_line_count (layout),
        .ellipsized = pango_layout_is_ellipsized (layout),
      };
      g_strlcpy (labels[n - 1].text, counts, sizeof labels[n - 1].text);
      g_object_unref (layout);
    }

  if (!self->has_scores)
    return n;
  n_lines = board_lines (self, first);
  y = l.board.y + 4 + 19;
  for (guint k = 0; k < n_lines; k++)
    {
      double tx;
      PangoLayout *layout = board_line_layout (self, first[k], l.board.w, &tx);
      PangoRectangle logical;

      pango_layout_get_pixel_extents (layout, NULL, &logical);
      labels[n++] = (LwNameLabel) {
        .kind = LW_NAME_BOARD,
        .seat = first[k],
        .box = GRAPHENE_RECT_INIT (l.board.x, l.board.y, l.board.w, l.board.h),
        .text_rect = GRAPHENE_RECT_INIT (l.board.x + tx + logical.x, y + logical.y, logical.width, logical.height),
        .lines = pango_layout_get_line_count (layout),
        .ellipsized = pango_layout_is_ellipsized (layout),
        .score = self->scores[first[k]],
      };
      g_strlcpy (labels[n - 1].text, pango_layout_get_text (layout), sizeof labels[n - 1].text);
      y += MAX (logical.height, 19);
      g_object_unref (layout);
    }
  return n;
}

/* The mark over a card the viewer must play: a bar above the part of the
 * card that shows (cards overlap), in the highlight colour. */
static void
draw_obligatory_mark (GtkSnapshot  *snapshot,
                      const Layout *l,
                      guint         i,
                      guint         n,
                      double        y)
{
  const Rect *c = &l->cards[i];
  double w = i + 1 < n ? MIN (c->w, l->cards[i + 1].x - c->x) : c->w;
  GdkRGBA colour = { ((HIGHLIGHT >> 16) & 0xff) / 255.0, ((HIGHLIGHT >> 8) & 0xff) / 255.0,
                     (HIGHLIGHT & 0xff) / 255.0, 1 };
  GskRoundedRect bar;

  w = MAX (w - 4, 6);
  gsk_rounded_rect_init_from_rect (&bar, &GRAPHENE_RECT_INIT (c->x + 2, y - 9, w, 5), 2.5);
  gtk_snapshot_push_rounded_clip (snapshot, &bar);
  gtk_snapshot_append_color (snapshot, &colour, &GRAPHENE_RECT_INIT (c->x + 2, y - 9, w, 5));
  gtk_snapshot_pop (snapshot);
}

static void
draw_hand (LwTableView  *self,
           GtkSnapshot  *snapshot,
           const Layout *l)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint n = 0;
  const LwCard *hand = viewer_hand (self, &n);
  gboolean focus = gtk_widget_has_focus (widget) && self->interactive;
  g_autofree char *line = NULL;
  double bx;
  cairo_t *cr;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (l->hand.x, l->hand.y, l->hand.w, 24));
  if (self->viewer >= 0)
    {
      gboolean to_play = lw_table_get_turn (self->table) == self->viewer;

      /* TRANSLATORS: the player's own line under the table: name, cards won */
      line = g_strdup_printf (_("%s · took %u"), seat_name (self, self->viewer),
                              lw_table_get_taken (self->table, self->viewer));
      bx = l->hand.x;
      bx += draw_side_chip (self, cr, self->viewer, bx + 2, l->hand.y + 5, 12);
      if (lw_table_get_dealer (self->table) == self->viewer)
        bx += draw_badge (widget, cr, _("Dealer"), bx, l->hand.y + 2, 0xffffff, 0x241f31);
      if (lw_table_get_declarer (self->table) == self->viewer)
        bx += draw_badge (widget, cr, _("Declarer"), bx, l->hand.y + 2, HIGHLIGHT, 0x241f31);
      draw_text (widget, cr, line, bx + 2, l->hand.y + 2, l->hand.x + l->hand.w - bx - 2, ALIGN_START, 0.95,
                 TRUE, to_play ? HIGHLIGHT : TEXT_ON_FELT);
    }
  cairo_destroy (cr);

  for (guint p = 0; p < n; p++)
    {
      guint i = l->order[p];
      const Rect *c = &l->cards[i];
      gboolean selected = (self->selection & (1u << i)) != 0;
      double y = c->y - (selected ? l->ch * 0.16 : 0);
      if (lw_table_view_card_is_dimmed (self, i))
        append_dimmed_card (self, snapshot, lw_card_face (hand[i]), c->x, y, c->w, c->h);
      else
        append_card (self, snapshot, lw_card_face (hand[i]), c->x, y, c->w, c->h, 1);
      if ((self->obligatory & (1u << i)) && !selected)
        draw_obligatory_mark (snapshot, l, i, n, y);
      if (selected || (focus && i == self->cursor))
        {
          Rect ring = { c->x - 1.5, y - 1.5, c->w + 3, c->h + 3 };

          cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (ring.x - 4, ring.y - 4,
                                                                         ring.w + 8, ring.h + 8));
          rounded_rect (cr, &ring, 6);
          if (selected)
            {
              set_hex (cr, HIGHLIGHT, 1);
              cairo_set_line_width (cr, 3);
              cairo_stroke_preserve (cr);
            }
          if (focus && i == self->cursor)
            {
              double dash[] = { 4, 3 };
              set_hex (cr, selected ? 0x241f31 : 0xffffff, 1);
              cairo_set_dash (cr, dash, 2, 0);
              cairo_set_line_width (cr, 2);
              cairo_stroke (cr);
            }
          cairo_destroy (cr);
        }
    }
}

static void
lw_table_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  LwTableView *self = LW_TABLE_VIEW (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  Layout l;
  ShownTrick trick;
  cairo_t *cr;

  {
    GdkRGBA felt;
    guint32 c = is_dark () ? FELT_DARK : FELT_LIGHT;

    felt = (GdkRGBA) { ((c >> 16) & 0xff) / 255.f, ((c >> 8) & 0xff) / 255.f, (c & 0xff) / 255.f, 1 };
    gtk_snapshot_append_color (snapshot, &felt, &GRAPHENE_RECT_INIT (0, 0, width, height));
  }
  if (self->table == NULL)
    return;

  compute_layout (self, width, height, &l);

  for (guint s = 0; s < n_seats (self); s++)
    if ((int) s != self->viewer)
      draw_seat_box (self, snapshot, &l, (int) s);
  draw_info (self, snapshot, &l);
  draw_board (self, snapshot, &l);

  /* The previous trick on its way to the winner. */
  if (self->anim == ANIM_TAKE && self->previous != NULL && shown_trick (self, self->previous, TRUE, &trick))
    draw_trick (self, snapshot, &l, &trick, 1 - self->anim_progress * 0.8, ease_out (self->anim_progress) + 0.001);

  if (shown_trick (self, self->table, self->show_last, &trick))
    {
      if (self->show_last || trick.n_plays > 0)
        draw_trick (self, snapshot, &l, &trick, 1, 0);
      if (self->show_last || trick.n_plays > 0)
        {
          g_autofree char *title = NULL;

          if (self->show_last)
            /* TRANSLATORS: shown above the last trick while it is reviewed */
            title = g_strdup (self->last_title != NULL ? self->last_title : _("Last trick"));
          else if (self->anim != ANIM_TAKE)
            title = trick_title (self, &trick);
          if (title != NULL)
            {
              cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (l.trick.x, l.trick.y, l.trick.w, 24));
              draw_text (widget, cr, title, l.trick.x, l.trick.y, l.trick.w, ALIGN_CENTER, 0.9, TRUE, HIGHLIGHT);
              cairo_destroy (cr);
            }
        }
    }

  draw_hand (self, snapshot, &l);
}

/* ------------------------------------------------------------------ */
/* Animation                                                            */
/* ------------------------------------------------------------------ */

static gboolean
animations_enabled (LwTableView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return enabled && gtk_widget_get_mapped (GTK_WIDGET (self));
}

void
lw_table_view_skip_animation (LwTableView *self)
{
  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  self->anim = ANIM_NONE;
  self->anim_progress = 1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
lw_table_view_is_animating (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), FALSE);

  return self->anim != ANIM_NONE;
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  LwTableView *self = LW_TABLE_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->anim_start == 0)
    self->anim_start = now;
  self->anim_progress = CLAMP ((double) (now - self->anim_start) / ANIMATION_US, 0, 1);
  gtk_widget_queue_draw (widget);
  if (self->anim_progress >= 1)
    {
      self->tick_id = 0;
      self->anim = ANIM_NONE;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
start_animation (LwTableView *self,
                 AnimKind     kind)
{
  lw_table_view_skip_animation (self);
  if (!animations_enabled (self))
    return;
  self->anim = kind;
  self->anim_start = 0;
  self->anim_progress = 0;
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
}

/* ------------------------------------------------------------------ */
/* Public API                                                           */
/* ------------------------------------------------------------------ */

static void
update_accessible (LwTableView *self)
{
  guint n = 0;
  const LwCard *hand = viewer_hand (self, &n);
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = lw_card_face_name (lw_card_face (hand[i]));

      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, name);
      if (self->selection & (1u << i))
        /* TRANSLATORS: read after a selected card by screen readers */
        g_string_append (text, _(" (selected)"));
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str, -1);
}

void
lw_table_view_set_table (LwTableView       *self,
                         const LwTable     *table,
                         int                viewer,
                         const char *const *names,
                         const int         *scores,
                         gboolean           interactive)
{
  guint old_hand = 0, new_hand = 0;
  gboolean same_viewer;
  AnimKind kind = ANIM_NONE;

  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  same_viewer = self->viewer == viewer && self->table != NULL;
  if (self->table != NULL && viewer >= 0)
    lw_table_get_hand (self->table, viewer, &old_hand);

  /* What changed since the last table: one play, or a trick taken. */
  if (self->table != NULL && table != NULL
      && lw_table_get_n_players (self->table) == lw_table_get_n_players (table)
      && lw_table_get_log (table)->len == lw_table_get_log (self->table)->len + 1)
    {
      guint old_cur = 0, new_cur = 0;
      guint old_tricks = lw_table_get_tricks (self->table)->len;
      guint new_tricks = lw_table_get_tricks (table)->len;

      lw_table_get_current (self->table, &old_cur);
      lw_table_get_current (table, &new_cur);
      if (new_tricks == old_tricks && new_cur == old_cur + 1 && old_cur == 0 && old_tricks > 0)
        kind = ANIM_TAKE;
      else if ((new_tricks == old_tricks && new_cur == old_cur + 1)
               || (new_tricks == old_tricks + 1 && new_cur == 0))
        kind = ANIM_PLAY;
    }

  g_clear_pointer (&self->previous, lw_table_free);
  self->previous = g_steal_pointer (&self->table);
  self->table = table != NULL ? lw_table_copy (table) : NULL;
  self->viewer = viewer;
  self->interactive = interactive;
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    {
      g_clear_pointer (&self->names[s], g_free);
      if (names != NULL && table != NULL && s < lw_table_get_n_players (table))
        self->names[s] = g_strdup (names[s]);
      self->scores[s] = scores != NULL && table != NULL && s < lw_table_get_n_players (table) ? scores[s] : 0;
    }
  self->has_scores = scores != NULL;

  if (self->table != NULL && viewer >= 0)
    lw_table_get_hand (self->table, viewer, &new_hand);
  if (!same_viewer || new_hand != old_hand)
    {
      self->selection = 0;
      self->cursor = 0;
    }
  if (self->cursor >= new_hand)
    self->cursor = new_hand > 0 ? new_hand - 1 : 0;
  self->show_last = FALSE;

  update_legal (self);
  update_accessible (self);
  if (kind != ANIM_NONE)
    start_animation (self, kind);
  else
    lw_table_view_skip_animation (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0);
}

void
lw_table_view_set_sides (LwTableView *self,
                         const int   *side_of)
{
  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  self->has_sides = side_of != NULL;
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    self->sides[s] = side_of != NULL ? side_of[s] : (int) s;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
lw_table_view_set_sort_by_suit (LwTableView *self,
                                gboolean     by_suit)
{
  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  by_suit = !!by_suit;
  if (self->by_suit == by_suit)
    return;
  self->by_suit = by_suit;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
lw_table_view_get_sort_by_suit (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), FALSE);

  return self->by_suit;
}

guint
lw_table_view_get_hand_order (LwTableView *self,
                              guint       *order)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), 0);
  g_return_val_if_fail (order != NULL, 0);

  return hand_order (self, order);
}

int
lw_table_view_get_viewer (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), LW_NO_SEAT);

  return self->viewer;
}

guint32
lw_table_view_get_selection (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), 0);

  return self->selection;
}

void
lw_table_view_set_selection (LwTableView *self,
                             guint32      mask)
{
  guint n = 0;

  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  viewer_hand (self, &n);
  mask &= n >= 32 ? G_MAXUINT32 : (1u << n) - 1;
  if (mask == self->selection)
    return;
  self->selection = mask;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0);
}

void
lw_table_view_toggle_card (LwTableView *self,
                           guint        index)
{
  guint n = 0;

  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  viewer_hand (self, &n);
  if (index >= n)
    return;
  self->cursor = index;
  if (self->selection & (1u << index))
    lw_table_view_set_selection (self, self->selection & ~(1u << index));
  else if (lw_table_get_phase (self->table) == LW_PHASE_PLAY && lw_table_get_lead (self->table) == NULL
           && lw_table_view_card_is_dimmed (self, index))
    lw_table_view_set_selection (self, 1u << index);
  else
    lw_table_view_set_selection (self, self->selection | (1u << index));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
lw_table_view_get_cursor (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), 0);

  return self->cursor;
}

void
lw_table_view_set_show_last_trick (LwTableView *self,
                                   gboolean     show)
{
  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  self->show_last = show;
  lw_table_view_skip_animation (self);
}

void
lw_table_view_set_last_trick_title (LwTableView *self,
                                    const char  *title)
{
  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  if (g_strcmp0 (self->last_title, title) == 0)
    return;
  g_free (self->last_title);
  self->last_title = g_strdup (title);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
lw_table_view_get_show_last_trick (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), FALSE);

  return self->show_last;
}

LwCardRenderer *
lw_table_view_get_renderer (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), NULL);

  return self->renderer;
}

/* ------------------------------------------------------------------ */
/* Input                                                                */
/* ------------------------------------------------------------------ */

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            LwTableView     *self)
{
  Layout l;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->anim != ANIM_NONE)
    {
      lw_table_view_skip_animation (self);
      return;
    }
  if (self->show_last)
    {
      self->show_last = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  if (!self->interactive || self->table == NULL)
    return;

  compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)), &l);
  /* The topmost card under the pointer: the last drawn. */
  for (guint p = l.n_cards; p-- > 0;)
    {
      guint i = l.order[p];
      const Rect *c = &l.cards[i];
      double raise = (self->selection & (1u << i)) ? l.ch * 0.16 : 0;

      if (x >= c->x && x < c->x + c->w && y >= c->y - raise && y < c->y + c->h - raise)
        {
          lw_table_view_toggle_card (self, i);
          return;
        }
    }
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                LwTableView           *self)
{
  guint n = 0, place = 0;
  guint order[LW_MAX_HAND];

  if (self->anim != ANIM_NONE)
    {
      lw_table_view_skip_animation (self);
      return GDK_EVENT_STOP;
    }
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return GDK_EVENT_PROPAGATE;
  n = hand_order (self, order);
  if (!self->interactive || n == 0)
    return GDK_EVENT_PROPAGATE;
  /* The arrows move along the cards as shown. */
  for (guint p = 0; p < n; p++)
    if (order[p] == self->cursor)
      place = p;

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      self->cursor = order[place > 0 ? place - 1 : 0];
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      self->cursor = order[MIN (place + 1, n - 1)];
      break;
    case GDK_KEY_Home:
      self->cursor = order[0];
      break;
    case GDK_KEY_End:
      self->cursor = order[n - 1];
      break;
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      lw_table_view_toggle_card (self, self->cursor);
      break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      g_signal_emit (self, signals[SIGNAL_ACTIVATE_PLAY], 0);
      break;
    default:
      return GDK_EVENT_PROPAGATE;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return GDK_EVENT_STOP;
}

static void
focus_changed_cb (LwTableView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ------------------------------------------------------------------ */
/* GObject                                                              */
/* ------------------------------------------------------------------ */

static void
lw_table_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 300;
      *natural = 900;
    }
  else
    {
      *minimum = 380;
      *natural = 600;
    }
}

static void
lw_table_view_dispose (GObject *object)
{
  LwTableView *self = LW_TABLE_VIEW (object);

  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;

  G_OBJECT_CLASS (lw_table_view_parent_class)->dispose (object);
}

static void
lw_table_view_finalize (GObject *object)
{
  LwTableView *self = LW_TABLE_VIEW (object);

  g_clear_pointer (&self->table, lw_table_free);
  g_clear_pointer (&self->previous, lw_table_free);
  g_clear_pointer (&self->last_title, g_free);
  g_clear_object (&self->renderer);
  g_clear_pointer (&self->leads, g_array_unref);
  g_clear_pointer (&self->follows, g_array_unref);
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    g_free (self->names[s]);

  G_OBJECT_CLASS (lw_table_view_parent_class)->finalize (object);
}

static void
lw_table_view_class_init (LwTableViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_table_view_dispose;
  object_class->finalize = lw_table_view_finalize;
  widget_class->snapshot = lw_table_view_snapshot;
  widget_class->measure = lw_table_view_measure;

  /**
   * LwTableView::selection-changed:
   *
   * The selected cards changed (a click, Space, a new table).
   */
  signals[SIGNAL_SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * LwTableView::activate-play:
   *
   * Enter was pressed: play the selected cards.
   */
  signals[SIGNAL_ACTIVATE_PLAY] =
    g_signal_new ("activate-play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "tableview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
lw_table_view_init (LwTableView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->renderer = lw_card_renderer_new ();
  self->leads = g_array_new (FALSE, FALSE, sizeof (LwPlay));
  self->follows = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->viewer = LW_NO_SEAT;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Card table"), -1);

  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_changed_cb), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}

GtkWidget *
lw_table_view_new (void)
{
  return g_object_new (LW_TYPE_TABLE_VIEW, NULL);
}

void
lw_table_view_set_obligatory (LwTableView *self,
                              guint32      mask)
{
  g_return_if_fail (LW_IS_TABLE_VIEW (self));

  if (self->obligatory == mask)
    return;
  self->obligatory = mask;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint32
lw_table_view_get_obligatory (LwTableView *self)
{
  g_return_val_if_fail (LW_IS_TABLE_VIEW (self), 0);

  return self->obligatory;
}
