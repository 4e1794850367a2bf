/* lw-qr-code.c — a QR code drawn from libqrencode's modules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <qrencode.h>

#include "lw-qr-code-private.h"

/* Modules of white around the symbol (the QR standard's quiet zone). */
#define QUIET_ZONE 4
/* The smallest and the natural size of a module, in pixels. */
#define MIN_MODULE 2
#define NATURAL_MODULE 5

struct _LwQrCode
{
  GtkWidget parent_instance;

  /* owned */
  char   *text;
  guint   modules;
  guint8 *dark;  /* modules × modules, 1 for a dark module */
};

G_DEFINE_FINAL_TYPE (LwQrCode, lw_qr_code, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
lw_qr_code_measure (GtkWidget      *widget,
                    GtkOrientation  orientation,
                    int             for_size,
                    int            *minimum,
                    int            *natural,
                    int            *minimum_baseline,
                    int            *natural_baseline)
{
  LwQrCode *self = LW_QR_CODE (widget);
  int total = self->modules > 0 ? (int) self->modules + 2 * QUIET_ZONE : 0;

  *minimum = total * MIN_MODULE;
  *natural = total * NATURAL_MODULE;
}

static void
lw_qr_code_snapshot (GtkWidget   *widget,
                     GtkSnapshot *snapshot)
{
  LwQrCode *self = LW_QR_CODE (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int total = (int) self->modules + 2 * QUIET_ZONE;
  int module, size, x0, y0;
  const GdkRGBA white = { 1, 1, 1, 1 };
  const GdkRGBA black = { 0, 0, 0, 1 };

  if (self->modules == 0)
    return;

  /* Whole pixels per module, so that every module is as sharp as the
   * camera needs; the symbol is centred. */
  module = MAX (1, MIN (width, height) / total);
  size = module * total;
  x0 = (width - size) / 2;
  y0 = (height - size) / 2;

  gtk_snapshot_append_color (snapshot, &white, &GRAPHENE_RECT_INIT (x0, y0, size, size));
  for (guint y = 0; y < self->modules; y++)
    {
      guint x = 0;

      /* One rectangle per run of dark modules in a row. */
      while (x < self->modules)
        {
          guint run = 0;

          while (x + run < self->modules && self->dark[y * self->modules + x + run])
            run++;
          if (run > 0)
            gtk_snapshot_append_color (snapshot, &black,
                                       &GRAPHENE_RECT_INIT (x0 + (int) (QUIET_ZONE + x) * module,
                                                            y0 + (int) (QUIET_ZONE + y) * module,
                                                            (int) run * module, module));
          x += MAX (run, 1);
        }
    }
}

static void
lw_qr_code_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  LwQrCode *self = LW_QR_CODE (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lw_qr_code_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  LwQrCode *self = LW_QR_CODE (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      lw_qr_code_set_text (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lw_qr_code_finalize (GObject *object)
{
  LwQrCode *self = LW_QR_CODE (object);

  g_free (self->text);
  g_free (self->dark);

  G_OBJECT_CLASS (lw_qr_code_parent_class)->finalize (object);
}

static void
lw_qr_code_class_init (LwQrCodeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = lw_qr_code_finalize;
  object_class->get_property = lw_qr_code_get_property;
  object_class->set_property = lw_qr_code_set_property;
  widget_class->measure = lw_qr_code_measure;
  widget_class->snapshot = lw_qr_code_snapshot;

  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "qrcode");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
lw_qr_code_init (LwQrCode *self)
{
}

GtkWidget *
lw_qr_code_new (void)
{
  return g_object_new (LW_TYPE_QR_CODE, NULL);
}

void
lw_qr_code_set_text (LwQrCode   *self,
                     const char *text)
{
  QRcode *code = NULL;

  g_return_if_fail (LW_IS_QR_CODE (self));

  if (g_strcmp0 (self->text, text) == 0)
    return;

  g_clear_pointer (&self->text, g_free);
  g_clear_pointer (&self->dark, g_free);
  self->modules = 0;

  if (text != NULL && *text != '\0')
    {
      self->text = g_strdup (text);
      code = QRcode_encodeString8bit (text, 0, QR_ECLEVEL_M);
    }
  if (code != NULL)
    {
      guint n = (guint) code->width;

      self->modules = n;
      self->dark = g_new (guint8, (gsize) n * n);
      /* libqrencode's bit 0 of each byte is the module's colour. */
      for (gsize i = 0; i < (gsize) n * n; i++)
        self->dark[i] = code->data[i] & 1;
      QRcode_free (code);
    }

  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

const char *
lw_qr_code_get_text (LwQrCode *self)
{
  g_return_val_if_fail (LW_IS_QR_CODE (self), NULL);

  return self->text;
}

guint
lw_qr_code_get_modules (LwQrCode *self)
{
  g_return_val_if_fail (LW_IS_QR_CODE (self), 0);

  return self->modules;
}

void
lw_qr_code_style_link (GtkLabel *label)
{
  PangoAttrList *attrs = pango_attr_list_new ();

  g_return_if_fail (GTK_IS_LABEL (label));

  gtk_label_set_selectable (label, TRUE);
  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_CHAR);
  pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
  gtk_label_set_attributes (label, attrs);
  pango_attr_list_unref (attrs);
  gtk_widget_add_css_class (GTK_WIDGET (label), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (label), "monospace");
}
