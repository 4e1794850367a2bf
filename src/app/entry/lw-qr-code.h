/* lw-qr-code.h — a QR code of a text (a table's link), drawn with
 * GtkSnapshot: dark modules on white with the quiet zone, in light and
 * dark style alike, so that every phone's camera reads it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LW_TYPE_QR_CODE (lw_qr_code_get_type ())
G_DECLARE_FINAL_TYPE (LwQrCode, lw_qr_code, LW, QR_CODE, GtkWidget)

/**
 * lw_qr_code_new:
 *
 * Returns: (transfer floating): an empty QR code widget (nothing drawn
 *   until lw_qr_code_set_text()).
 */
GtkWidget *lw_qr_code_new (void);

/**
 * lw_qr_code_set_text:
 * @self: the widget
 * @text: (nullable): the text to encode (UTF-8, as 8-bit data, error
 *   correction level M); %NULL or "" for none
 *
 * Encodes @text with libqrencode and redraws.
 */
void lw_qr_code_set_text (LwQrCode   *self,
                          const char *text);

/**
 * lw_qr_code_style_link:
 * @label: the label that shows a QR code's link
 *
 * Makes @label show a link as the windows with QR codes do: selectable,
 * small monospace type, broken anywhere (never with a hyphen that is not
 * in it), so that a long link fits a phone's width.
 */
void lw_qr_code_style_link (GtkLabel *label);

G_END_DECLS
