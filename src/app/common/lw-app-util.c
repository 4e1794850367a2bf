/* lw-app-util.c — small helpers shared by the app's widgets: spin buttons,
 * rows, drop-downs, toasts, the dialog helper, the error dialog and the
 * file chooser, a dialog's window (the words are in src/words/lw-words.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "lw-app-util.h"

int
lw_spin_get_int (GtkSpinButton *spin)
{
  GtkAdjustment *adjustment;
  const char *text;
  double lower, upper;
  char *end = NULL;
  gint64 value;

  g_return_val_if_fail (GTK_IS_SPIN_BUTTON (spin), 0);

  adjustment = gtk_spin_button_get_adjustment (spin);
  lower = gtk_adjustment_get_lower (adjustment);
  upper = gtk_adjustment_get_upper (adjustment);
  text = gtk_editable_get_text (GTK_EDITABLE (spin));

  while (text != NULL && g_ascii_isspace (*text))
    text++;
  if (text == NULL || *text == '\0')
    return (int) lower;

  errno = 0;
  value = g_ascii_strtoll (text, &end, 10);
  if (errno != 0 || end == text)
    return (int) gtk_spin_button_get_value_as_int (spin);

  return (int) CLAMP ((double) value, lower, upper);
}

void
lw_spin_connect_activate (GtkSpinButton *spin,
                          GCallback      callback,
                          gpointer       user_data)
{
  GtkEditable *delegate = gtk_editable_get_delegate (GTK_EDITABLE (spin));

  g_return_if_fail (GTK_IS_TEXT (delegate));

  g_signal_connect (delegate, "activate", callback, user_data);
}

void
lw_spin_connect_changed (GtkSpinButton *spin,
                         GCallback      callback,
                         gpointer       user_data)
{
  g_signal_connect (spin, "changed", callback, user_data);
}

void
lw_row_pass_focus (GtkWidget *row)
{
  g_return_if_fail (GTK_IS_WIDGET (row));

  gtk_widget_set_focusable (row, FALSE);

  /* An expander row's header is a row of its own in a list of its own. */
  if (ADW_IS_EXPANDER_ROW (row))
    for (GtkWidget *box = gtk_widget_get_first_child (row); box != NULL; box = gtk_widget_get_next_sibling (box))
      for (GtkWidget *list = gtk_widget_get_first_child (box); list != NULL; list = gtk_widget_get_next_sibling (list))
        if (GTK_IS_LIST_BOX (list))
          for (GtkWidget *header = gtk_widget_get_first_child (list); header != NULL;
               header = gtk_widget_get_next_sibling (header))
            if (ADW_IS_ACTION_ROW (header))
              gtk_widget_set_focusable (header, FALSE);
}

static void
setup_label_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (GPOINTER_TO_INT (user_data))
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 3);
    }
  gtk_list_item_set_child (item, label);
}

static void
bind_label_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GObject *object = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);

  if (GTK_IS_STRING_OBJECT (object) && GTK_IS_LABEL (label))
    gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (GTK_STRING_OBJECT (object)));
}

static GtkListItemFactory *
label_factory (gboolean ellipsize)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_label_cb), GINT_TO_POINTER (ellipsize));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_label_cb), NULL);

  return factory;
}

void
lw_drop_down_ellipsize (GtkDropDown *drop_down)
{
  g_autoptr (GtkListItemFactory) button = label_factory (TRUE);
  g_autoptr (GtkListItemFactory) list = label_factory (FALSE);

  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  gtk_drop_down_set_factory (drop_down, button);
  gtk_drop_down_set_list_factory (drop_down, list);
}

typedef struct
{
  GWeakRef widget;
  LwStore *store;
  gint64 id;
} RestoreData;

static void
restore_data_free (gpointer data,
                   GClosure *closure)
{
  RestoreData *restore = data;

  g_weak_ref_clear (&restore->widget);
  g_clear_object (&restore->store);
  g_free (restore);
}

static void
restore_clicked_cb (AdwToast    *toast,
                    RestoreData *restore)
{
  g_autoptr (GtkWidget) widget = g_weak_ref_get (&restore->widget);
  g_autoptr (GError) error = NULL;

  if (!lw_store_restore_game (restore->store, restore->id, &error))
    {
      g_warning ("%s", error->message);
      return;
    }

  if (widget != NULL)
    gtk_widget_activate_action (widget, "win.game-changed", "x", restore->id);
}

void
lw_toast_offer_restore (AdwToast  *toast,
                        GtkWidget *widget,
                        LwStore   *store,
                        gint64     id)
{
  RestoreData *restore;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (LW_IS_STORE (store));

  if (toast == NULL)
    return;

  restore = g_new0 (RestoreData, 1);
  g_weak_ref_init (&restore->widget, widget);
  restore->store = g_object_ref (store);
  restore->id = id;
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_timeout (toast, 6);
  g_signal_connect_data (toast, "button-clicked", G_CALLBACK (restore_clicked_cb), restore,
                         restore_data_free, 0);
}

GtkWidget *
lw_find_widget (GtkWidget *widget,
                GType      type)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = lw_find_widget (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

AdwToast *
lw_widget_add_toast (GtkWidget  *widget,
                     const char *title)
{
  GtkWidget *overlay;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (title != NULL, NULL);

  overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  if (overlay == NULL)
    return NULL;

  /* Toast titles are Pango markup in libadwaita 1.2. */
  escaped = g_markup_escape_text (title, -1);
  toast = adw_toast_new (escaped);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
  return toast;
}

GtkWindow *
lw_widget_get_window (GtkWidget *widget)
{
  GtkRoot *root;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  root = gtk_widget_get_root (widget);
  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

GTask *
lw_widget_run_worker (GtkWidget            *widget,
                      GCancellable        **cancellable,
                      GAsyncReadyCallback   callback,
                      gpointer              source_tag,
                      gpointer              task_data,
                      GDestroyNotify        task_data_free,
                      GTaskThreadFunc       thread_func)
{
  GTask *task;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (cancellable != NULL, NULL);
  g_return_val_if_fail (thread_func != NULL, NULL);

  if (*cancellable != NULL)
    g_cancellable_cancel (*cancellable);
  g_clear_object (cancellable);
  *cancellable = g_cancellable_new ();

  task = g_task_new (widget, *cancellable, callback, NULL);
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, task_data, task_data_free);
  g_task_run_in_thread (task, thread_func);
  return task;
}

guint
lw_widget_count_children (GtkWidget *widget)
{
  guint n = 0;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), 0);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;

  return n;
}

GtkWidget *
lw_widget_get_nth_child (GtkWidget *widget,
                         guint      index)
{
  GtkWidget *child;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  child = gtk_widget_get_first_child (widget);
  for (; child != NULL && index > 0; index--)
    child = gtk_widget_get_next_sibling (child);

  return child;
}

const char *
lw_label_get_shown_text (GtkLabel *label)
{
  g_return_val_if_fail (GTK_IS_LABEL (label), "");

  return gtk_widget_get_visible (GTK_WIDGET (label)) ? gtk_label_get_text (label) : "";
}

void
lw_label_set_shown_text (GtkLabel   *label,
                         const char *text)
{
  g_return_if_fail (GTK_IS_LABEL (label));

  gtk_label_set_text (label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL && *text != '\0');
}

void
lw_list_box_remove_all (GtkListBox *list)
{
  GtkWidget *child;

  g_return_if_fail (GTK_IS_LIST_BOX (list));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

AdwMessageDialog *
lw_show_error_dialog (GtkWidget  *widget,
                      const char *heading,
                      const char *body)
{
  g_autofree char *text = NULL;
  GtkWidget *dialog;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (heading != NULL, NULL);

  text = body != NULL ? lw_message_capitalize (body) : NULL;
  dialog = adw_message_dialog_new (lw_widget_get_window (widget), heading, text);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
  return ADW_MESSAGE_DIALOG (dialog);
}

AdwMessageDialog *
lw_message_dialog_new (GtkWidget  *widget,
                       const char *heading,
                       const char *body,
                       GtkWidget  *extra,
                       const char *accept_id,
                       const char *accept_label)
{
  GtkWidget *dialog;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (accept_id != NULL && accept_label != NULL, NULL);

  dialog = adw_message_dialog_new (lw_widget_get_window (widget), heading, body);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), extra);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    accept_id, accept_label,
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), accept_id, ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), accept_id);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "lw-accept-id", g_strdup (accept_id), g_free);
  return ADW_MESSAGE_DIALOG (dialog);
}

void
lw_message_dialog_set_destructive (AdwMessageDialog *dialog)
{
  const char *accept_id;

  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));

  accept_id = g_object_get_data (G_OBJECT (dialog), "lw-accept-id");
  g_return_if_fail (accept_id != NULL);

  adw_message_dialog_set_response_appearance (dialog, accept_id, ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
}

static void
kept_dialog_destroy_cb (GtkWidget *dialog,
                        gpointer   owner)
{
  AdwMessageDialog **slot = g_object_get_data (G_OBJECT (dialog), "lw-slot");

  if (slot != NULL && *slot == (AdwMessageDialog *) dialog)
    *slot = NULL;
}

void
lw_message_dialog_present (AdwMessageDialog  *dialog,
                           GCallback          accepted,
                           gpointer           owner,
                           AdwMessageDialog **slot)
{
  const char *accept_id;
  g_autofree char *signal = NULL;

  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));
  g_return_if_fail (accepted != NULL);
  g_return_if_fail (G_IS_OBJECT (owner));

  accept_id = g_object_get_data (G_OBJECT (dialog), "lw-accept-id");
  g_return_if_fail (accept_id != NULL);

  if (slot != NULL)
    {
      if (*slot != NULL && *slot != dialog)
        gtk_window_destroy (GTK_WINDOW (*slot));
      *slot = dialog;
      g_object_set_data (G_OBJECT (dialog), "lw-slot", slot);
      /* Connected for as long as @owner, which holds @slot, lives. */
      g_signal_connect_object (dialog, "destroy", G_CALLBACK (kept_dialog_destroy_cb), owner, 0);
    }
  /* AdwMessageDialog::response is detailed by the response's ID. */
  signal = g_strconcat ("response::", accept_id, NULL);
  g_signal_connect_object (dialog, signal, accepted, owner, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
destroy_idle_cb (gpointer user_data)
{
  gtk_window_destroy (GTK_WINDOW (user_data));
  return G_SOURCE_REMOVE;
}

void
lw_window_close_soon (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  g_idle_add_full (G_PRIORITY_DEFAULT, destroy_idle_cb, g_object_ref (window), g_object_unref);
}

void
lw_window_fit_parent (GtkWindow *window,
                      GtkWindow *parent,
                      int        width,
                      int        height)
{
  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  if (parent != NULL)
    {
      int parent_width = gtk_widget_get_width (GTK_WIDGET (parent));
      int parent_height = gtk_widget_get_height (GTK_WIDGET (parent));

      gtk_window_set_transient_for (window, parent);
      if (parent_width > 0 && parent_width < width)
        width = parent_width;
      if (parent_height > 0 && parent_height < height)
        height = parent_height;
    }
  gtk_window_set_default_size (window, width, height);
}

GtkFileChooserNative *
lw_file_chooser_new (GtkWidget            *widget,
                     const char           *title,
                     GtkFileChooserAction  action,
                     const char           *accept_label,
                     const char           *suggested_name)
{
  GtkFileChooserNative *chooser;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (title != NULL && accept_label != NULL, NULL);

  chooser = gtk_file_chooser_native_new (title, lw_widget_get_window (widget),
                                         action, accept_label, _("_Cancel"));
  if (suggested_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested_name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  return chooser;
}

GtkFileFilter *
lw_file_chooser_add_filter (GtkFileChooserNative *chooser,
                            const char           *name,
                            const char           *mime_type,
                            const char           *suffix)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  g_return_val_if_fail (GTK_IS_FILE_CHOOSER_NATIVE (chooser), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  gtk_file_filter_set_name (filter, name);
  if (mime_type != NULL)
    gtk_file_filter_add_mime_type (filter, mime_type);
  if (suffix != NULL)
    gtk_file_filter_add_suffix (filter, suffix);
  if (mime_type == NULL && suffix == NULL)
    gtk_file_filter_add_pattern (filter, "*");
  /* The chooser keeps a reference. */
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  return filter;
}

typedef struct
{
  LwFileChosenFunc        chosen;
  GWeakRef                owner;
  GtkFileChooserNative  **slot;
} ChooserRun;

static void
chooser_run_free (gpointer  data,
                  GClosure *closure)
{
  ChooserRun *run = data;

  g_weak_ref_clear (&run->owner);
  g_free (run);
}

static void
chooser_run_response_cb (GtkNativeDialog *dialog,
                         int              response,
                         gpointer         user_data)
{
  ChooserRun *run = user_data;
  g_autoptr (GObject) owner = g_weak_ref_get (&run->owner);
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (owner != NULL && file != NULL)
    run->chosen (owner, file, GTK_FILE_CHOOSER (dialog));

  /* The chooser's reference: its owner's slot, or its own. */
  if (owner != NULL && run->slot != NULL)
    {
      if (*run->slot == (GtkFileChooserNative *) dialog)
        g_clear_object (run->slot);
    }
  else
    {
      gtk_native_dialog_destroy (dialog);
      g_object_unref (dialog);
    }
}

void
lw_file_chooser_show (GtkFileChooserNative  *chooser,
                      LwFileChosenFunc       chosen,
                      gpointer               owner,
                      GtkFileChooserNative **slot)
{
  ChooserRun *run;

  g_return_if_fail (GTK_IS_FILE_CHOOSER_NATIVE (chooser));
  g_return_if_fail (chosen != NULL);
  g_return_if_fail (G_IS_OBJECT (owner));

  run = g_new0 (ChooserRun, 1);
  run->chosen = chosen;
  g_weak_ref_init (&run->owner, owner);
  run->slot = slot;
  if (slot != NULL)
    *slot = chooser;
  g_signal_connect_data (chooser, "response", G_CALLBACK (chooser_run_response_cb), run,
                         chooser_run_free, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Called at every opening: the menu is loaded once, for the life of the
 * process, and set once per button. */
static void
create_primary_menu (GtkMenuButton *button,
                     gpointer       user_data)
{
  static GMenuModel *menu;

  (void) user_data;
  if (gtk_menu_button_get_menu_model (button) != NULL)
    return;
  if (menu == NULL)
    {
      g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_PREFIX "/lw-primary-menu.ui");

      menu = g_object_ref (G_MENU_MODEL (gtk_builder_get_object (builder, "primary_menu")));
    }
  gtk_menu_button_set_menu_model (button, menu);
}

void
lw_app_attach_primary_menu (GtkMenuButton *button)
{
  g_return_if_fail (GTK_IS_MENU_BUTTON (button));

  gtk_menu_button_set_create_popup_func (button, create_primary_menu, NULL, NULL);
}
