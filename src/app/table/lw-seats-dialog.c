/* lw-seats-dialog.c — the hosted table's Players panel
 *
 * One AdwPreferencesGroup per remote seat, built when the panel opens;
 * the connection row follows the server's "seat-connection", the buttons
 * the host's "changed" (a seat given to a computer and back).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-qr-code.h"
#include "lw-seats-dialog.h"
#include "lw-seats-dialog-private.h"

typedef struct {
  LwSeatsDialog *dialog;    /* borrowed */
  guint          seat;
  char          *url;
  GtkLabel      *url_label;
  LwQrCode      *qr_code;
  AdwActionRow  *connection_row;
  AdwActionRow  *computer_row;
  GtkWidget     *copy_button;
  GtkWidget     *new_link_button;
  GtkWidget     *play_for_button;
  GtkWidget     *give_back_button;
  AdwComboRow   *level_row;
} SeatGroup;

struct _LwSeatsDialog
{
  AdwWindow parent_instance;

  /* template widgets */
  GtkBox *groups_box;
  GtkLabel *error_label;

  /* owned */
  LwTableHost *host;
  LwWebServer *server;
  char *link_address;
  SeatGroup *groups[LW_MAX_SEATS];
  gulong host_changed;
  gulong seat_connection;
};

G_DEFINE_FINAL_TYPE (LwSeatsDialog, lw_seats_dialog, ADW_TYPE_WINDOW)

/* The computer levels offered, in the drop-down's order. */
static const LwBotLevel levels[] = { LW_BOT_EASY, LW_BOT_NORMAL, LW_BOT_HARD };

static void
seat_group_free (SeatGroup *group)
{
  g_free (group->url);
  g_free (group);
}

static void
show_error (LwSeatsDialog *self,
            const char    *message)
{
  lw_label_set_shown_text (self->error_label, message);
}

static gint64
game_id (LwSeatsDialog *self)
{
  return lw_table_host_get_game_id (self->host);
}

/* The link, its QR code, the connection and which buttons show. */
static void
update_group (SeatGroup *group)
{
  LwSeatsDialog *self = group->dialog;
  gboolean computer = lw_table_host_get_seat_kind (self->host, (int) group->seat) == LW_HOST_SEAT_COMPUTER;
  gboolean connected = lw_web_server_is_seat_connected (self->server, game_id (self), group->seat);
  const char *connection;

  g_clear_pointer (&group->url, g_free);
  group->url = lw_web_server_seat_url (self->server, self->link_address, game_id (self), group->seat);
  gtk_label_set_text (group->url_label,
                      group->url != NULL ? group->url
                      /* TRANSLATORS: a hosted table opened again: its links' secrets are not kept, only their hashes */
                      : _("The link given before still opens this seat. New Link makes one to show here; the old one then stops working."));
  /* A link is broken anywhere, in monospace; the words about the link
   * given before wrap as words. */
  gtk_label_set_selectable (group->url_label, group->url != NULL);
  gtk_label_set_wrap_mode (group->url_label, group->url != NULL ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD);
  if (group->url != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (group->url_label), "monospace");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (group->url_label), "monospace");
  lw_qr_code_set_text (group->qr_code, group->url);
  gtk_widget_set_visible (GTK_WIDGET (group->qr_code), group->url != NULL);
  if (group->copy_button != NULL)
    gtk_widget_set_sensitive (group->copy_button, group->url != NULL);

  if (computer)
    /* TRANSLATORS: a remote seat of the hosted table that a computer plays until it is given back */
    connection = connected ? _("Connected, but a computer plays for them") : _("A computer plays for them");
  else
    /* TRANSLATORS: whether the remote player's page holds its seat now */
    connection = connected ? _("Connected") : _("Not connected");
  adw_action_row_set_subtitle (group->connection_row, connection);

  gtk_widget_set_visible (GTK_WIDGET (group->computer_row), computer || !connected);
  gtk_widget_set_visible (group->play_for_button, !computer);
  gtk_widget_set_visible (GTK_WIDGET (group->level_row), !computer && !connected);
  gtk_widget_set_visible (group->give_back_button, computer);
  adw_action_row_set_subtitle (group->computer_row,
                               computer
                               /* TRANSLATORS: the hosted table's Give Back: the seat's remote player plays it again */
                               ? _("Give Back lets their link play the seat again.")
                               /* TRANSLATORS: Play for Them: a computer plays a remote seat whose player is away */
                               : _("While they are away a computer can play their seat."));
}

static void
update_all (LwSeatsDialog *self)
{
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    if (self->groups[s] != NULL)
      update_group (self->groups[s]);
}

static void
seat_connection_cb (LwWebServer *server,
                    gint64         game,
                    guint          seat,
                    gboolean       connected,
                    LwSeatsDialog *self)
{
  if (game == game_id (self) && seat < LW_MAX_SEATS && self->groups[seat] != NULL)
    update_group (self->groups[seat]);
}

static void
copy_clicked_cb (GtkButton *button,
                 SeatGroup *group)
{
  if (group->url != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (button)), group->url);
}

/* New Link: a new secret; the old link opens nothing, its page is closed
 * (4003). */
static void
new_link_clicked_cb (GtkButton *button,
                     SeatGroup *group)
{
  LwSeatsDialog *self = group->dialog;
  g_autoptr (GError) error = NULL;

  show_error (self, NULL);
  if (!lw_web_server_new_seat_link (self->server, game_id (self), group->seat, &error))
    show_error (self, error->message);
  update_group (group);
}

static void
play_for_clicked_cb (GtkButton *button,
                     SeatGroup *group)
{
  guint k = adw_combo_row_get_selected (group->level_row);

  lw_table_host_set_seat_kind (group->dialog->host, (int) group->seat, LW_HOST_SEAT_COMPUTER,
                               levels[k < G_N_ELEMENTS (levels) ? k : 1]);
}

static void
give_back_clicked_cb (GtkButton *button,
                      SeatGroup *group)
{
  lw_table_host_set_seat_kind (group->dialog->host, (int) group->seat, LW_HOST_SEAT_REMOTE, LW_BOT_NORMAL);
}

static GtkWidget *
make_group (LwSeatsDialog *self,
            SeatGroup     *group)
{
  const char *name = lw_table_host_get_name (self->host, (int) group->seat);
  GtkWidget *box = adw_preferences_group_new ();
  GtkWidget *link_row = adw_action_row_new ();
  GtkWidget *url = gtk_label_new (NULL);
  GtkWidget *qr_row = gtk_list_box_row_new ();
  GtkWidget *qr = lw_qr_code_new ();
  GtkWidget *connection_row = adw_action_row_new ();
  GtkWidget *computer_row = adw_action_row_new ();
  GtkWidget *copy = gtk_button_new_from_icon_name ("edit-copy-symbolic");
  GtkWidget *new_link = gtk_button_new_with_mnemonic (_("_New Link"));
  /* TRANSLATORS: a computer plays a remote seat whose player is away (a button, keep it short) */
  GtkWidget *play_for = gtk_button_new_with_mnemonic (_("_Play for Them"));
  /* TRANSLATORS: the seat goes back to its remote player (a button) */
  GtkWidget *give_back = gtk_button_new_with_mnemonic (_("_Give Back"));
  const char *level_names[] = { _("Easy"), _("Normal"), _("Hard"), NULL };
  g_autoptr (GtkStringList) level_list = gtk_string_list_new (level_names);
  GtkWidget *level = adw_combo_row_new ();
  /* TRANSLATORS: %s is a remote player's name */
  g_autofree char *title = g_strdup_printf (_("Seat %u: %s"), group->seat + 1, name);
  g_autofree char *qr_name = g_strdup_printf (_("QR code of the link for %s"), name);
  g_autofree char *copy_name = g_strdup_printf (_("Copy the link for %s"), name);
  g_autofree char *escaped = g_markup_escape_text (title, -1);
  g_autofree char *widget_name = g_strdup_printf ("seat-%u", group->seat);

  /* The group's heading is markup: a name is shown as typed ("Ann & Co"). */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (box), escaped);
  /* Named for the tests, which find it by its name (lw_test_find()). */
  gtk_widget_set_name (box, widget_name);

  /* The link: any width, broken anywhere, its Copy button always seen. */
  lw_qr_code_style_link (GTK_LABEL (url));
  gtk_label_set_xalign (GTK_LABEL (url), 0);
  gtk_label_set_width_chars (GTK_LABEL (url), 12);
  gtk_label_set_max_width_chars (GTK_LABEL (url), 40);
  gtk_widget_set_hexpand (url, TRUE);
  gtk_widget_set_margin_top (url, 8);
  gtk_widget_set_margin_bottom (url, 8);
  gtk_accessible_update_property (GTK_ACCESSIBLE (url), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Link"), -1);
  adw_action_row_add_prefix (ADW_ACTION_ROW (link_row), url);
  gtk_widget_set_valign (copy, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (copy, _("Copy Link"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (copy), GTK_ACCESSIBLE_PROPERTY_LABEL, copy_name, -1);
  gtk_widget_add_css_class (copy, "flat");
  adw_action_row_add_suffix (ADW_ACTION_ROW (link_row), copy);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (box), link_row);

  gtk_widget_set_size_request (qr, 160, 160);
  gtk_widget_set_halign (qr, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (qr, 12);
  gtk_widget_set_margin_bottom (qr, 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (qr), GTK_ACCESSIBLE_PROPERTY_LABEL, qr_name, -1);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (qr_row), qr);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (qr_row), FALSE);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (box), qr_row);

  /* TRANSLATORS: the row telling whether the remote player is connected */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (connection_row), _("Connection"));
  gtk_widget_set_valign (new_link, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (new_link, _("Give the seat a new link: the old one stops working"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (connection_row), new_link);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (box), connection_row);

  /* TRANSLATORS: the row of the computer that can stand in for an away remote player */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (computer_row), _("Computer"));
  gtk_widget_set_valign (play_for, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (give_back, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (computer_row), play_for);
  adw_action_row_add_suffix (ADW_ACTION_ROW (computer_row), give_back);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (box), computer_row);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (level), _("The computer’s level"));
  adw_combo_row_set_model (ADW_COMBO_ROW (level), G_LIST_MODEL (level_list));
  adw_combo_row_set_selected (ADW_COMBO_ROW (level), 1);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (box), level);

  g_signal_connect (copy, "clicked", G_CALLBACK (copy_clicked_cb), group);
  g_signal_connect (new_link, "clicked", G_CALLBACK (new_link_clicked_cb), group);
  g_signal_connect (play_for, "clicked", G_CALLBACK (play_for_clicked_cb), group);
  g_signal_connect (give_back, "clicked", G_CALLBACK (give_back_clicked_cb), group);

  group->url_label = GTK_LABEL (url);
  group->qr_code = LW_QR_CODE (qr);
  group->connection_row = ADW_ACTION_ROW (connection_row);
  group->computer_row = ADW_ACTION_ROW (computer_row);
  group->copy_button = copy;
  group->new_link_button = new_link;
  group->play_for_button = play_for;
  group->give_back_button = give_back;
  group->level_row = ADW_COMBO_ROW (level);
  return box;
}

static void
lw_seats_dialog_dispose (GObject *object)
{
  LwSeatsDialog *self = LW_SEATS_DIALOG (object);

  if (self->host != NULL)
    g_clear_signal_handler (&self->host_changed, self->host);
  if (self->server != NULL)
    g_clear_signal_handler (&self->seat_connection, self->server);
  g_clear_object (&self->host);
  g_clear_object (&self->server);
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    g_clear_pointer (&self->groups[s], seat_group_free);
  g_clear_pointer (&self->link_address, g_free);

  G_OBJECT_CLASS (lw_seats_dialog_parent_class)->dispose (object);
}

static void
lw_seats_dialog_class_init (LwSeatsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_seats_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-seats-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, LwSeatsDialog, groups_box);
  gtk_widget_class_bind_template_child (widget_class, LwSeatsDialog, error_label);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
lw_seats_dialog_init (LwSeatsDialog *self)
{
  g_type_ensure (LW_TYPE_QR_CODE);
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
lw_seats_dialog_new (GtkWindow     *parent,
                     LwTableHost   *host,
                     LwWebServer *server,
                     const char    *link_address)
{
  LwSeatsDialog *self;
  guint n_remote = 0;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (LW_IS_TABLE_HOST (host), NULL);
  g_return_val_if_fail (LW_IS_WEB_SERVER (server), NULL);
  g_return_val_if_fail (link_address != NULL, NULL);

  self = g_object_new (LW_TYPE_SEATS_DIALOG, "transient-for", parent, NULL);
  self->host = g_object_ref (host);
  self->server = g_object_ref (server);
  self->link_address = g_strdup (link_address);

  for (guint s = 0; s < lw_table_host_get_n_players (host) && s < LW_MAX_SEATS; s++)
    {
      g_autofree char *url = lw_web_server_seat_url (server, link_address, lw_table_host_get_game_id (host), s);
      SeatGroup *group;

      /* A seat given a link (a computer may play it for now): shown here,
       * or one given before the table was hosted again, known only by
       * its hash. */
      if (url == NULL && lw_table_host_get_link_hash (host, (int) s) == NULL)
        continue;
      group = g_new0 (SeatGroup, 1);
      group->dialog = self;
      group->seat = s;
      self->groups[s] = group;
      gtk_box_append (self->groups_box, make_group (self, group));
      n_remote++;
    }
  if (n_remote == 0)
    show_error (self, _("No seat of this table is played from another device."));

  self->host_changed = g_signal_connect_swapped (host, "changed", G_CALLBACK (update_all), self);
  self->seat_connection = g_signal_connect (server, "seat-connection", G_CALLBACK (seat_connection_cb), self);
  update_all (self);
  return GTK_WIDGET (self);
}

const char *
lw_seats_dialog_get_link (LwSeatsDialog *self,
                          guint          seat)
{
  g_return_val_if_fail (LW_IS_SEATS_DIALOG (self), NULL);

  if (seat >= LW_MAX_SEATS || self->groups[seat] == NULL)
    return NULL;
  return self->groups[seat]->url;
}

