/* lw-entry-dialog.c — the director's window for entry from phones
 *
 * The window owns the table entry (the secrets, in memory only) and its
 * server: both end with the window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-entry-dialog-private.h"
#include "lw-store-watch.h"

typedef struct {
  gint64     game_id;   /* a duplicate table's: its lw_entry_board_key() */
  gint64     event_id;  /* a duplicate event's table (DUPLICATE D9), else 0 */
  guint      round;
  guint      number;
  char      *title;     /* "Table 3", or the players of a single game */
  char      *subtitle;  /* the players, or NULL */
  char      *url;       /* while open */
  GtkWidget *card;      /* borrowed */
  GtkLabel  *url_label;
  LwQrCode  *qr_code;
} DialogTable;

static void
dialog_table_free (DialogTable *table)
{
  g_free (table->title);
  g_free (table->subtitle);
  g_free (table->url);
  g_free (table);
}

struct _LwEntryDialog
{
  AdwWindow parent_instance;

  /* template widgets */
  AdwWindowTitle *window_title;
  AdwActionRow *open_row;
  GtkSwitch *open_switch;
  AdwComboRow *address_row;
  AdwActionRow *port_row;
  GtkSpinButton *port_spin;
  GtkLabel *error_label;
  GtkWidget *tables_box;
  GtkFlowBox *tables_flow;

  /* owned */
  LwStore *store;
  LwEntryRequests *entry;
  LwWebServer *server;
  GPtrArray *tables;        /* DialogTable* */
  GtkStringList *addresses;
  gboolean updating;        /* the switch is set from code */
};

G_DEFINE_FINAL_TYPE (LwEntryDialog, lw_entry_dialog, ADW_TYPE_WINDOW)

enum {
  SIGNAL_ROUND_STORED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
show_error (LwEntryDialog *self,
            const char    *message)
{
  lw_label_set_shown_text (self->error_label, message);
}

static const char *
chosen_address (LwEntryDialog *self)
{
  guint position = adw_combo_row_get_selected (self->address_row);

  if (position == GTK_INVALID_LIST_POSITION)
    return "127.0.0.1";
  return gtk_string_list_get_string (self->addresses, position);
}

/* ------------------------------------------------------------------ */
/* The tables' cards                                                    */
/* ------------------------------------------------------------------ */

static void
show_table_link (LwEntryDialog *self,
                 DialogTable   *table)
{
  g_clear_pointer (&table->url, g_free);
  table->url = lw_web_server_table_url (self->server, chosen_address (self), table->game_id);
  gtk_label_set_text (table->url_label, table->url != NULL ? table->url : "");
  lw_qr_code_set_text (table->qr_code, table->url);
}

static void
copy_clicked_cb (GtkButton     *button,
                 LwEntryDialog *self)
{
  DialogTable *table = g_object_get_data (G_OBJECT (button), "table");

  if (table->url != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), table->url);
}

/* The table's link made (again): a game's, or a duplicate table's boards. */
static gboolean
open_for_entry (LwEntryDialog  *self,
                DialogTable    *table,
                GError        **error)
{
  if (table->event_id > 0)
    return lw_entry_requests_open_board_table (self->entry, table->event_id, table->round, table->number,
                                               table->title, error) != NULL;
  return lw_entry_requests_open_table (self->entry, table->game_id, table->title, error) != NULL;
}

/* A new secret: the old link (a phone that should no longer enter) stops
 * working. */
static void
renew_clicked_cb (GtkButton     *button,
                  LwEntryDialog *self)
{
  DialogTable *table = g_object_get_data (G_OBJECT (button), "table");
  g_autoptr (GError) error = NULL;

  if (!open_for_entry (self, table, &error))
    {
      show_error (self, error->message);
      return;
    }
  show_table_link (self, table);
}

static GtkWidget *
make_table_card (LwEntryDialog *self,
                 DialogTable   *table)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (table->title);
  GtkWidget *qr = lw_qr_code_new ();
  GtkWidget *url = gtk_label_new (NULL);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *copy = gtk_button_new_with_mnemonic (_("_Copy Link"));
  GtkWidget *renew = gtk_button_new_with_mnemonic (_("_New Link"));
  g_autofree char *qr_name = g_strdup_printf (_("QR code of the link for %s"), table->title);

  gtk_widget_add_css_class (card, "card");
  gtk_widget_add_css_class (card, "entry-table");

  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (GTK_LABEL (title), GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (card), title);
  if (table->subtitle != NULL)
    {
      GtkWidget *subtitle = gtk_label_new (table->subtitle);

      gtk_widget_add_css_class (subtitle, "dim-label");
      gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (subtitle), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_justify (GTK_LABEL (subtitle), GTK_JUSTIFY_CENTER);
      gtk_box_append (GTK_BOX (card), subtitle);
    }

  gtk_widget_set_size_request (qr, 180, 180);
  gtk_widget_set_halign (qr, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (qr), GTK_ACCESSIBLE_PROPERTY_LABEL, qr_name, -1);
  gtk_box_append (GTK_BOX (card), qr);

  lw_qr_code_style_link (GTK_LABEL (url));
  /* Cards narrow enough for two or three side by side on a wide window. */
  gtk_label_set_max_width_chars (GTK_LABEL (url), 30);
  gtk_label_set_max_width_chars (GTK_LABEL (title), 30);
  gtk_label_set_justify (GTK_LABEL (url), GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (card), url);

  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (copy, _("Copy the table’s link with its secret"));
  gtk_widget_set_tooltip_text (renew, _("Give the table a new secret: the old link stops working"));
  g_object_set_data (G_OBJECT (copy), "table", table);
  g_object_set_data (G_OBJECT (renew), "table", table);
  g_signal_connect (copy, "clicked", G_CALLBACK (copy_clicked_cb), self);
  g_signal_connect (renew, "clicked", G_CALLBACK (renew_clicked_cb), self);
  gtk_box_append (GTK_BOX (buttons), copy);
  gtk_box_append (GTK_BOX (buttons), renew);
  gtk_box_append (GTK_BOX (card), buttons);

  table->card = card;
  table->url_label = GTK_LABEL (url);
  table->qr_code = LW_QR_CODE (qr);
  return card;
}

static void
add_table (LwEntryDialog *self,
           gint64         game_id,
           const char    *title,
           const char    *subtitle)
{
  DialogTable *table = g_new0 (DialogTable, 1);

  table->game_id = game_id;
  table->title = g_strdup (title);
  table->subtitle = g_strdup (subtitle);
  g_ptr_array_add (self->tables, table);
  gtk_flow_box_append (self->tables_flow, make_table_card (self, table));
}

/* ------------------------------------------------------------------ */
/* Opening and closing                                                  */
/* ------------------------------------------------------------------ */


static void
update_state (LwEntryDialog *self)
{
  gboolean open = lw_web_server_is_running (self->server);

  self->updating = TRUE;
  gtk_switch_set_active (self->open_switch, open);
  self->updating = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->address_row), !open);
  gtk_widget_set_sensitive (GTK_WIDGET (self->port_row), !open);
  gtk_widget_set_visible (self->tables_box, open && self->tables->len > 0);

  /* What the server does now, told by its thread (notify::state). */
  switch (lw_web_server_get_state (self->server))
    {
    case LW_WEB_SERVER_LISTENING:
      {
        g_autofree char *subtitle =
          /* TRANSLATORS: %s is an address such as 192.168.1.20, %u its port */
          g_strdup_printf (_("Open at %s:%u"), chosen_address (self), lw_web_server_get_port (self->server));

        adw_action_row_set_subtitle (self->open_row, subtitle);
      }
      break;
    case LW_WEB_SERVER_SATURATED:
      {
        g_autofree char *problem = lw_web_server_get_problem (self->server);
        g_autofree char *subtitle =
          /* TRANSLATORS: %s is an address such as 192.168.1.20, %u its port, the last
           * %s the system's reason, e.g. "Too many open files" */
          g_strdup_printf (_("Open at %s:%u, but no new phone can connect now: %s. Trying again…"),
                           chosen_address (self), lw_web_server_get_port (self->server),
                           problem != NULL ? problem : "");

        adw_action_row_set_subtitle (self->open_row, subtitle);
      }
      break;
    case LW_WEB_SERVER_STOPPED:
    default:
      adw_action_row_set_subtitle (self->open_row, _("Off"));
      break;
    }
}

gboolean
lw_entry_dialog_set_open (LwEntryDialog *self,
                          gboolean       open)
{
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (LW_IS_ENTRY_DIALOG (self), FALSE);

  show_error (self, NULL);
  if (!open)
    {
      lw_web_server_stop (self->server);
      lw_entry_requests_close_all (self->entry);
      for (guint i = 0; i < self->tables->len; i++)
        show_table_link (self, g_ptr_array_index (self->tables, i));
      update_state (self);
      return FALSE;
    }

  if (self->tables->len == 0)
    {
      show_error (self, _("There is no table to open."));
      update_state (self);
      return FALSE;
    }

  if (!lw_web_server_start (self->server, chosen_address (self),
                              (guint) gtk_spin_button_get_value_as_int (self->port_spin), &error))
    {
      g_autofree char *message =
        /* TRANSLATORS: %s is the system's reason, e.g. "port 8642: Address already in use" */
        g_strdup_printf (_("Entry could not be opened: %s. Choose another port."), error->message);

      show_error (self, message);
      update_state (self);
      return FALSE;
    }
  for (guint i = 0; i < self->tables->len; i++)
    {
      DialogTable *table = g_ptr_array_index (self->tables, i);

      if (!open_for_entry (self, table, &error))
        {
          show_error (self, error->message);
          lw_web_server_stop (self->server);
          lw_entry_requests_close_all (self->entry);
          update_state (self);
          return FALSE;
        }
      show_table_link (self, table);
    }
  update_state (self);
  return TRUE;
}

static void
switch_active_cb (GtkSwitch     *toggle,
                  GParamSpec    *pspec,
                  LwEntryDialog *self)
{
  gboolean active = gtk_switch_get_active (toggle);

  /* The switch set back from code notifies after the handler: the state
   * it shows is the server's already. */
  if (!self->updating && active != lw_web_server_is_running (self->server))
    lw_entry_dialog_set_open (self, active);
}

/* A phone stored a round: the app's views show it at once. The store's
 * watch tells them (a round stored through this connection is told now,
 * one through the server's own connection is found by data_version). */
static void
round_stored_cb (LwEntryRequests *entry,
                 gint64           game_id,
                 guint            number,
                 LwEntryDialog   *self)
{
  LwStoreWatch *watch = lw_store_watch_find (self->store);

  if (watch != NULL)
    {
      lw_store_watch_flush (watch);
      lw_store_watch_check (watch);
    }
  g_signal_emit (self, signals[SIGNAL_ROUND_STORED], 0, game_id, number);
}

static void
lw_entry_dialog_dispose (GObject *object)
{
  LwEntryDialog *self = LW_ENTRY_DIALOG (object);

  /* Closing ends entry: the port is free, the secrets forgotten. */
  if (self->server != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->server, update_state, self);
      lw_web_server_stop (self->server);
    }
  if (self->entry != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->entry, round_stored_cb, self);
      lw_entry_requests_close_all (self->entry);
    }
  g_clear_object (&self->server);
  g_clear_object (&self->entry);
  g_clear_object (&self->store);
  g_clear_pointer (&self->tables, g_ptr_array_unref);
  g_clear_object (&self->addresses);

  G_OBJECT_CLASS (lw_entry_dialog_parent_class)->dispose (object);
}

static void
lw_entry_dialog_class_init (LwEntryDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_entry_dialog_dispose;

  /**
   * LwEntryDialog::round-stored:
   * @self: the window
   * @game_id: the game
   * @number: the round a phone stored or corrected
   *
   * For the page that opened the window, to show the change (the views
   * of the game were told by the store's #LwStoreWatch already).
   */
  signals[SIGNAL_ROUND_STORED] =
    g_signal_new ("round-stored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-table-entry-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, LwEntryDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, LwEntryDialog, open_row);
  gtk_widget_class_bind_template_child (widget_class, LwEntryDialog, open_switch);
  gtk_widget_class_bind_template_child (widget_class, LwEntryDialog, address_row);
  gtk_widget_class_bind_template_child (widget_class, LwEntryDialog, port_row);
  gtk_widget_class_bind_template_child (widget_class, LwEntryDialog, port_spin);
  gtk_widget_class_bind_template_child (widget_class, LwEntryDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, LwEntryDialog, tables_box);
  gtk_widget_class_bind_template_child (widget_class, LwEntryDialog, tables_flow);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
lw_entry_dialog_init (LwEntryDialog *self)
{
  g_auto (GStrv) addresses = lw_entry_list_lan_addresses ();

  g_type_ensure (LW_TYPE_QR_CODE);
  gtk_widget_init_template (GTK_WIDGET (self));

  self->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) dialog_table_free);
  self->addresses = gtk_string_list_new ((const char *const *) addresses);
  adw_combo_row_set_model (self->address_row, G_LIST_MODEL (self->addresses));
  adw_combo_row_set_selected (self->address_row, 0);
  gtk_spin_button_set_value (self->port_spin, LW_WEB_SERVER_DEFAULT_PORT);
  g_signal_connect (self->open_switch, "notify::active", G_CALLBACK (switch_active_cb), self);
}

static LwEntryDialog *
dialog_new (GtkWindow *parent,
            LwStore   *store)
{
  LwEntryDialog *self = g_object_new (LW_TYPE_ENTRY_DIALOG,
                                           "transient-for", parent, NULL);

  self->store = g_object_ref (store);
  self->entry = lw_entry_requests_new (store);
  self->server = lw_web_server_new (self->entry);
  g_signal_connect (self->entry, "round-stored", G_CALLBACK (round_stored_cb), self);
  g_signal_connect_swapped (self->server, "notify::state", G_CALLBACK (update_state), self);
  return self;
}

GtkWidget *
lw_entry_dialog_new_for_game (GtkWindow *parent,
                                    LwStore   *store,
                                    gint64     game_id)
{
  LwEntryDialog *self;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = NULL;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (LW_IS_STORE (store), NULL);

  self = dialog_new (parent, store);
  game = lw_store_load_game (store, game_id, &error);
  if (game == NULL)
    show_error (self, error->message);
  else
    {
      g_autofree char *players = g_strjoinv (", ", game->record->players);

      adw_window_title_set_subtitle (self->window_title, players);
      add_table (self, game_id, players, NULL);
    }
  return GTK_WIDGET (self);
}

GtkWidget *
lw_entry_dialog_new (GtkWindow *parent,
                           LwStore   *store,
                           gint64     event_id)
{
  LwEntryDialog *self;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (GPtrArray) games = NULL;
  guint round = 0;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (LW_IS_STORE (store), NULL);

  self = dialog_new (parent, store);
  event = lw_store_load_event (store, event_id, &error);
  if (event == NULL)
    {
      show_error (self, error->message);
      return GTK_WIDGET (self);
    }
  if (event->rounds->len == 0)
    {
      show_error (self, _("No round of the event is paired yet."));
      return GTK_WIDGET (self);
    }

  /* A duplicate event's tables enter their boards (DUPLICATE D9): no game. */
  if (event->config.format == LW_EVENT_DUPLICATE)
    {
      const LwEventRound *last = g_ptr_array_index (event->rounds, event->rounds->len - 1);
      /* TRANSLATORS: the event's name and its current round, e.g. "Club Night, Round 2" */
      g_autofree char *subtitle = g_strdup_printf (_("%s, Round %u"), event->name, last->number);

      adw_window_title_set_subtitle (self->window_title, subtitle);
      for (guint i = 0; i < last->tables->len; i++)
        {
          const LwEventTable *t = &g_array_index (last->tables, LwEventTable, i);
          g_autoptr (GPtrArray) names = g_ptr_array_new ();
          g_autofree char *players = NULL;
          g_autofree char *title = g_strdup_printf (_("Table %u"), t->number);
          DialogTable *table;

          for (guint s = 0; s < t->n_seats; s++)
            g_ptr_array_add (names, ((LwEntrant *) g_ptr_array_index (event->entrants, (guint) t->entrants[s]))->name);
          g_ptr_array_add (names, NULL);
          players = g_strjoinv (", ", (GStrv) names->pdata);
          add_table (self, lw_entry_board_key (event_id, last->number, t->number), title, players);
          table = g_ptr_array_index (self->tables, self->tables->len - 1);
          table->event_id = event_id;
          table->round = last->number;
          table->number = t->number;
        }
      return GTK_WIDGET (self);
    }

  /* The tables and their games: the same for every caller, from the
   * store (a table without a game gets one). */
  games = lw_store_prepare_event_round_games (store, event_id, &round, &error);
  if (games == NULL)
    {
      show_error (self, error->message);
      return GTK_WIDGET (self);
    }
  {
    /* TRANSLATORS: the event's name and its current round, e.g. "Club Night, Round 2" */
    g_autofree char *subtitle = g_strdup_printf (_("%s, Round %u"), event->name, round);

    adw_window_title_set_subtitle (self->window_title, subtitle);
  }

  for (guint i = 0; i < games->len; i++)
    {
      const LwEventRoundGame *game = g_ptr_array_index (games, i);
      g_autofree char *players = g_strjoinv (", ", game->players);
      /* TRANSLATORS: a table of an event, numbered from 1 */
      g_autofree char *title = g_strdup_printf (_("Table %u"), game->table);

      add_table (self, game->game_id, title, players);
    }
  return GTK_WIDGET (self);
}

LwWebServer *
lw_entry_dialog_get_server (LwEntryDialog *self)
{
  g_return_val_if_fail (LW_IS_ENTRY_DIALOG (self), NULL);
  return self->server;
}

guint
lw_entry_dialog_get_n_tables (LwEntryDialog *self)
{
  g_return_val_if_fail (LW_IS_ENTRY_DIALOG (self), 0);
  return self->tables->len;
}

gint64
lw_entry_dialog_get_table_game (LwEntryDialog *self,
                                guint          index)
{
  g_return_val_if_fail (LW_IS_ENTRY_DIALOG (self), 0);
  g_return_val_if_fail (index < self->tables->len, 0);
  return ((DialogTable *) g_ptr_array_index (self->tables, index))->game_id;
}

const char *
lw_entry_dialog_get_table_url (LwEntryDialog *self,
                               guint          index)
{
  g_return_val_if_fail (LW_IS_ENTRY_DIALOG (self), NULL);
  g_return_val_if_fail (index < self->tables->len, NULL);
  return ((DialogTable *) g_ptr_array_index (self->tables, index))->url;
}

LwQrCode *
lw_entry_dialog_get_table_qr_code (LwEntryDialog *self,
                                   guint          index)
{
  g_return_val_if_fail (LW_IS_ENTRY_DIALOG (self), NULL);
  g_return_val_if_fail (index < self->tables->len, NULL);
  return ((DialogTable *) g_ptr_array_index (self->tables, index))->qr_code;
}

const char *
lw_entry_dialog_get_error (LwEntryDialog *self)
{
  g_return_val_if_fail (LW_IS_ENTRY_DIALOG (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->error_label))
         ? gtk_label_get_text (self->error_label) : NULL;
}

GtkSwitch *
lw_entry_dialog_get_switch (LwEntryDialog *self)
{
  return self->open_switch;
}

GtkSpinButton *
lw_entry_dialog_get_port_spin (LwEntryDialog *self)
{
  return self->port_spin;
}

AdwComboRow *
lw_entry_dialog_get_address_row (LwEntryDialog *self)
{
  return self->address_row;
}
