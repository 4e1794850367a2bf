/* lw-penalty-row.c — one in-round penalty in the round form: seat + kind
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-penalty-row-private.h"

struct _LwPenaltyRow
{
  GtkListBoxRow parent_instance;

  /* template widgets */
  GtkDropDown *seat_dropdown;
  GtkDropDown *kind_dropdown;
  GtkStringList *seat_names;
  GtkLabel *noted_label;

  gint64 pending_id;
};

G_DEFINE_FINAL_TYPE (LwPenaltyRow, lw_penalty_row, GTK_TYPE_LIST_BOX_ROW)

enum {
  CHANGED,
  REMOVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

GtkWidget *
lw_penalty_row_new (const char *const *seat_names)
{
  LwPenaltyRow *self = g_object_new (LW_TYPE_PENALTY_ROW, NULL);

  gtk_string_list_splice (self->seat_names, 0, 0, seat_names);
  gtk_drop_down_set_selected (self->seat_dropdown, 0);

  return GTK_WIDGET (self);
}

int
lw_penalty_row_get_seat (LwPenaltyRow *self)
{
  g_return_val_if_fail (LW_IS_PENALTY_ROW (self), LW_NO_SEAT);

  return (int) gtk_drop_down_get_selected (self->seat_dropdown);
}

void
lw_penalty_row_set_seat (LwPenaltyRow *self,
                         int           seat)
{
  g_return_if_fail (LW_IS_PENALTY_ROW (self));

  gtk_drop_down_set_selected (self->seat_dropdown, (guint) seat);
}

LwPenaltyKind
lw_penalty_row_get_kind (LwPenaltyRow *self)
{
  g_return_val_if_fail (LW_IS_PENALTY_ROW (self), LW_PENALTY_OUT_OF_TURN);

  return gtk_drop_down_get_selected (self->kind_dropdown) == 1 ? LW_PENALTY_LOOKED_AT_DISCARDS
                                                               : LW_PENALTY_OUT_OF_TURN;
}

void
lw_penalty_row_set_kind (LwPenaltyRow  *self,
                         LwPenaltyKind  kind)
{
  g_return_if_fail (LW_IS_PENALTY_ROW (self));

  gtk_drop_down_set_selected (self->kind_dropdown, kind == LW_PENALTY_LOOKED_AT_DISCARDS ? 1 : 0);
}

void
lw_penalty_row_set_noted (LwPenaltyRow *self,
                          gint64        pending_id,
                          const char   *note,
                          gint64        time)
{
  g_autofree char *when = lw_format_time (time, FALSE);
  g_autofree char *text = NULL;

  g_return_if_fail (LW_IS_PENALTY_ROW (self));

  self->pending_id = pending_id;
  if (note != NULL && *note != '\0')
    /* TRANSLATORS: a penalty noted during the round: %1$s the time, %2$s the note */
    text = g_strdup_printf (_("Noted at %1$s: %2$s"), when, note);
  else
    /* TRANSLATORS: a penalty noted during the round: %s the time */
    text = g_strdup_printf (_("Noted at %s"), when);
  gtk_label_set_text (self->noted_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->noted_label), TRUE);
}

gint64
lw_penalty_row_get_pending_id (LwPenaltyRow *self)
{
  g_return_val_if_fail (LW_IS_PENALTY_ROW (self), 0);

  return self->pending_id;
}

const char *
lw_penalty_row_get_noted_text (LwPenaltyRow *self)
{
  g_return_val_if_fail (LW_IS_PENALTY_ROW (self), NULL);

  return lw_label_get_shown_text (self->noted_label);
}

static void
changed_cb (LwPenaltyRow *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
remove_clicked_cb (LwPenaltyRow *self)
{
  g_signal_emit (self, signals[REMOVE], 0);
}

static void
lw_penalty_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), LW_TYPE_PENALTY_ROW);

  G_OBJECT_CLASS (lw_penalty_row_parent_class)->dispose (object);
}

static void
lw_penalty_row_class_init (LwPenaltyRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_penalty_row_dispose;

  /** LwPenaltyRow::changed: the seat or the kind changed. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /** LwPenaltyRow::remove: the remove button was clicked. */
  signals[REMOVE] = g_signal_new ("remove", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-penalty-row.ui");
  gtk_widget_class_bind_template_child (widget_class, LwPenaltyRow, seat_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LwPenaltyRow, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LwPenaltyRow, seat_names);
  gtk_widget_class_bind_template_child (widget_class, LwPenaltyRow, noted_label);
  gtk_widget_class_bind_template_callback (widget_class, changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked_cb);
}

static void
lw_penalty_row_init (LwPenaltyRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  lw_drop_down_ellipsize (self->seat_dropdown);
  lw_drop_down_ellipsize (self->kind_dropdown);
  /* Tab goes straight to the drop-downs. */
  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);
}

