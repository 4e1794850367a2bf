/* lw-play-private.h — what lw-play.c (leads, the trick) and lw-follow.c
 * (follows) share and no caller sees (TRICKS §3–§5)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Bits set in @x (SWAR; the builtin becomes a library call without
 * -mpopcnt). */
static inline guint
popcount32 (guint32 x)
{
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return (x * 0x01010101u) >> 24;
}

G_END_DECLS
