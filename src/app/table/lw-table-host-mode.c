/* lw-table-host-mode.c — the virtual table page hosting a table whose
 * seats may be played from other devices (docs/REMOTE-PLAY.md "Hosting
 * from the app")
 *
 * The game's loop is the host's session (lw_table_host_get_session(): the
 * computers, the trick hold, the rounds stored, the next deal); the page
 * shows it as it shows its own, after the host's every "changed", and
 * sends the moves of the seats played on this device through
 * lw_table_host_act(), as a remote page sends its own. Undo is off. A remote
 * seat's hand is never shown: the hand at the bottom is a seat played
 * here, or none when the host only watches.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-seats-dialog.h"
#include "lw-table-page-private.h"

/* The seats played on this device, and the only one when there is one. */
static guint
local_seats (LwTablePage *self,
             int         *only)
{
  guint n = 0;

  *only = LW_NO_SEAT;
  for (guint s = 0; s < lw_table_host_get_n_players (self->host); s++)
    if (lw_table_host_get_seat_kind (self->host, (int) s) == LW_HOST_SEAT_LOCAL)
      {
        n++;
        *only = (int) s;
      }
  return n;
}

void
lw_table_page_host_viewer (LwTablePage *self)
{
  const LwTable *table = lw_table_page_get_table (self);
  int only, turn;
  guint n_local;

  /* Whose hand is shown: the one seat played here; between two seats
   * played here, the curtain; a remote seat's, never. */
  n_local = local_seats (self, &only);
  turn = lw_table_page_get_round_over (self) ? LW_NO_SEAT : lw_table_get_turn (table);
  if (n_local == 0)
    self->viewer = LW_NO_SEAT;
  else if (n_local == 1)
    self->viewer = only;
  else if (self->viewer != LW_NO_SEAT
           && lw_table_host_get_seat_kind (self->host, self->viewer) != LW_HOST_SEAT_LOCAL)
    self->viewer = LW_NO_SEAT;
  if (n_local > 1 && turn != LW_NO_SEAT && turn != self->viewer
      && lw_table_host_get_seat_kind (self->host, turn) == LW_HOST_SEAT_LOCAL)
    lw_table_page_show_curtain (self, turn);
}

gboolean
lw_table_page_host_apply (LwTablePage     *self,
                          const LwAction  *action,
                          GError         **error)
{
  /* "changed" redraws the page. */
  return lw_table_host_act_local (self->host, action, error);
}

/* ------------------------------------------------------------------ */
/* Public API                                                           */
/* ------------------------------------------------------------------ */

static void
seats_dialog_gone_cb (gpointer  data,
                      GObject  *where)
{
  LwTablePage *self = data;

  self->seats_dialog = NULL;
}

static void
close_seats_dialog (LwTablePage *self)
{
  if (self->seats_dialog == NULL)
    return;
  g_object_weak_unref (G_OBJECT (self->seats_dialog), seats_dialog_gone_cb, self);
  gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->seats_dialog)));
}

void
lw_table_page_seats_action (LwTablePage *self,
                            GVariant    *parameter)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->host == NULL)
    return;
  if (self->seats_dialog == NULL)
    {
      self->seats_dialog = lw_seats_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                self->host, self->server, self->link_address);
      g_object_weak_ref (G_OBJECT (self->seats_dialog), seats_dialog_gone_cb, self);
    }
  gtk_window_present (GTK_WINDOW (self->seats_dialog));
}

void
lw_table_page_stop_hosting (LwTablePage *self)
{
  g_return_if_fail (LW_IS_TABLE_PAGE (self));

  if (self->host == NULL)
    return;
  close_seats_dialog (self);
  /* The page keeps the game as it was left (its ID, its last table), the
   * session stopped with the hosting. */
  g_clear_signal_handler (&self->session_changed, self->host);
  lw_table_session_stop (self->session);
  lw_web_server_close_host_table (self->server, lw_table_host_get_game_id (self->host));
  lw_web_server_stop (self->server);
  g_clear_object (&self->server);
  g_clear_object (&self->host);
  g_clear_pointer (&self->link_address, g_free);
  gtk_widget_set_visible (self->seats_button, FALSE);
  gtk_widget_set_visible (self->undo_button, TRUE);
}

gboolean
lw_table_page_host (LwTablePage    *self,
                    LwTableHost    *host,
                    LwWebServer  *server,
                    const char     *link_address,
                    GError        **error)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);
  g_return_val_if_fail (LW_IS_TABLE_HOST (host), FALSE);
  g_return_val_if_fail (LW_IS_WEB_SERVER (server), FALSE);
  g_return_val_if_fail (link_address != NULL, FALSE);

  lw_table_page_stop_hosting (self);
  lw_table_page_stop_boards (self);
  lw_table_page_drop_session (self);

  self->host = g_object_ref (host);
  self->server = g_object_ref (server);
  self->link_address = g_strdup (link_address);
  self->session = g_object_ref (lw_table_host_get_session (host));
  self->viewer = LW_NO_SEAT;
  self->curtain_seat = LW_NO_SEAT;
  self->shown_round = lw_table_page_get_round_number (self);
  self->shown_over = lw_table_page_get_round_over (self);
  lw_table_view_set_table (self->view, NULL, LW_NO_SEAT, NULL, NULL, FALSE);
  /* The host's "changed" follows its session's, and who plays each seat. */
  self->session_changed = g_signal_connect_swapped (host, "changed", G_CALLBACK (lw_table_page_after_change), self);
  gtk_widget_set_visible (self->seats_button, TRUE);
  /* A remote player's move cannot be taken back. */
  gtk_widget_set_visible (self->undo_button, FALSE);

  lw_table_page_set_status (self, NULL, FALSE);
  lw_table_page_after_change (self);
  /* The links are what the host needs first. */
  gtk_widget_activate_action (GTK_WIDGET (self), "table.seats", NULL);
  return TRUE;
}

gboolean
lw_table_page_is_hosted (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);

  return self->host != NULL;
}

LwTableHost *
lw_table_page_get_host (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), NULL);

  return self->host;
}

GtkWidget *
lw_table_page_get_seats_dialog (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), NULL);

  return self->seats_dialog;
}
