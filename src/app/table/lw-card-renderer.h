/* lw-card-renderer.h — the cards drawn as vectors: suited faces, the four
 * Den cards and the back; each drawn once per size and kept as a texture
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "lw-engine.h"
#include "lw-words.h"

G_BEGIN_DECLS

/** The card's back, in place of a face. */
#define LW_CARD_RENDERER_BACK 56

/**
 * lw_card_renderer_draw:
 * @cr: where to draw; the card goes at (0, 0)
 * @face: a face, 0..55 (lw_card_face()), or %LW_CARD_RENDERER_BACK
 * @width: the card's width in user units
 * @height: its height
 * @dark: the dark style (a softer white, lighter ink for the Den cards)
 *
 * Draws one card: a suited card has its rank and suit symbol in the top
 * corner (readable where cards overlap) and a large symbol in the middle,
 * red for hearts and diamonds, near-black for spades and clubs; the Den
 * cards have their own colour, picture and name (Worm: a green wavy worm,
 * Gong: a brass gong, Big Bear: a brown bear's head, Little Wolf: a blue
 * wolf's head).
 */
void lw_card_renderer_draw (cairo_t  *cr,
                            guint     face,
                            double    width,
                            double    height,
                            gboolean  dark);

/**
 * lw_card_renderer_set_hex:
 * @cr: a cairo context
 * @rgb: a colour, 0xrrggbb
 * @alpha: its opacity, 0…1
 *
 * Sets @cr's source to @rgb at @alpha: the colours the cards and the
 * table view (lw-table-view-paint.c) are drawn in.
 */
void lw_card_renderer_set_hex (cairo_t *cr,
                               guint32  rgb,
                               double   alpha);

#define LW_TYPE_CARD_RENDERER (lw_card_renderer_get_type ())
G_DECLARE_FINAL_TYPE (LwCardRenderer, lw_card_renderer, LW, CARD_RENDERER, GObject)

/** lw_card_renderer_new: Returns: (transfer full): a renderer with an empty cache. */
LwCardRenderer *lw_card_renderer_new (void);

/**
 * lw_card_renderer_get_texture:
 * @self: a renderer
 * @face: a face or %LW_CARD_RENDERER_BACK
 * @width: the card's width in logical pixels, ≥ 1
 * @height: its height
 * @scale: the display's scale factor, ≥ 1
 * @dark: the dark style
 *
 * The card drawn at @width × @scale by @height × @scale device pixels; drawn
 * on the first request for that size and kept (a few sizes per card).
 *
 * Returns: (transfer none): the texture.
 */
GdkTexture *lw_card_renderer_get_texture (LwCardRenderer *self,
                                          guint           face,
                                          int             width,
                                          int             height,
                                          int             scale,
                                          gboolean        dark);

G_END_DECLS
