/* lw-table-host-mode.c — the virtual table page hosting a table whose
 * seats may be played from other devices (docs/REMOTE-PLAY.md "Hosting
 * from the app")
 *
 * The game's loop is the host's (LwTableHost: the computers, the trick
 * hold, the rounds stored, the next deal); the page shows a copy of the
 * host's table after its every "changed" and sends the moves of the seats
 * played on this device through lw_table_host_act(), as a remote page
 * sends its own. The page's own computer loop and Undo are off. A remote
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
lw_table_page_host_after_change (LwTablePage *self)
{
  g_autoptr (GError) error = NULL;
  const LwTable *table = lw_table_host_get_table (self->host);
  gboolean was_over = self->round_over;
  guint n_rounds = self->record != NULL ? self->record->rounds->len : 0;
  int only, turn;
  guint n_local;

  if (table == NULL)
    return;
  g_clear_pointer (&self->table, lw_table_free);
  self->table = lw_table_copy (table);
  self->round_over = lw_table_get_phase (self->table) == LW_PHASE_END;
  self->game_over = lw_table_host_is_over (self->host);
  /* A round stored, or the next dealt: the game's record read again. */
  if (self->record == NULL || self->round_over != was_over)
    if (!lw_table_page_reload_record (self, &error))
      lw_table_page_show_error (self, error->message);
  if (self->record != NULL)
    {
      n_rounds = self->record->rounds->len;
      self->round_number = self->round_over ? MAX (n_rounds, 1u) : n_rounds + 1;
    }
  for (guint s = 0; s < lw_table_host_get_n_players (self->host); s++)
    self->seats.computer[s] = lw_table_host_get_seat_kind (self->host, (int) s) == LW_HOST_SEAT_COMPUTER;

  /* Whose hand is shown: the one seat played here; between two seats
   * played here, the curtain; a remote seat's, never. */
  n_local = local_seats (self, &only);
  turn = lw_table_get_turn (self->table);
  self->curtain_seat = LW_NO_SEAT;
  if (n_local == 0)
    self->viewer = LW_NO_SEAT;
  else if (n_local == 1)
    self->viewer = only;
  else if (self->viewer != LW_NO_SEAT
           && lw_table_host_get_seat_kind (self->host, self->viewer) != LW_HOST_SEAT_LOCAL)
    self->viewer = LW_NO_SEAT;
  if (n_local > 1 && !self->round_over && turn != LW_NO_SEAT && turn != self->viewer
      && lw_table_host_get_seat_kind (self->host, turn) == LW_HOST_SEAT_LOCAL)
    lw_table_page_show_curtain (self, turn);
  if (self->curtain_seat == LW_NO_SEAT)
    gtk_stack_set_visible_child_name (self->stack, "table");

  lw_table_page_refresh_view (self);
  if (self->round_over && !was_over && self->record != NULL)
    {
      const char *names[LW_MAX_SEATS];
      g_autofree char *text = NULL;

      lw_table_page_seat_names (self, names);
      text = lw_describe_round_end (self->record, self->standings, self->table, names, self->round_number);
      lw_table_page_set_status (self, text, FALSE);
    }
  else if (!self->round_over)
    lw_table_page_update_status (self);
  lw_table_page_update_controls (self);
  gtk_toggle_button_set_active (self->last_trick_button, FALSE);
}

static void
host_changed_cb (LwTableHost *host,
                 LwTablePage *self)
{
  lw_table_page_host_after_change (self);
}

/* A wildcard's meaning as the protocol writes it: "10H", "9". */
static char *
wildcard_text (const LwWildcard *wild)
{
  return g_strconcat (lw_rank_to_string (wild->rank),
                      wild->suit != LW_SUIT_NONE ? lw_suit_to_string (wild->suit) : "", NULL);
}

gboolean
lw_table_page_host_apply (LwTablePage     *self,
                          const LwAction  *action,
                          GError         **error)
{
  static guint next_id;
  g_autoptr (JsonObject) message = json_object_new ();
  g_autofree char *id = g_strdup_printf ("app-%u", ++next_id);
  const char *what[] = { [LW_ACTION_DECLARE] = "declare", [LW_ACTION_DECLINE] = "decline",
                         [LW_ACTION_DISCARD] = "discard", [LW_ACTION_PLAY] = "play" };

  g_return_val_if_fail ((guint) action->kind < G_N_ELEMENTS (what), FALSE);

  json_object_set_string_member (message, "type", "action");
  json_object_set_string_member (message, "id", id);
  json_object_set_int_member (message, "version", (gint64) lw_table_host_get_version (self->host));
  json_object_set_string_member (message, "do", what[action->kind]);
  if (action->kind == LW_ACTION_DISCARD || action->kind == LW_ACTION_PLAY)
    {
      JsonArray *cards = json_array_new ();

      for (guint i = 0; i < action->play.n; i++)
        json_array_add_string_element (cards, lw_face_to_string (lw_card_face (action->play.cards[i])));
      json_object_set_array_member (message, "cards", cards);
    }
  /* A lead's wildcards: the meaning chosen (the host asks for it when
   * the cards read more than one way). */
  if (action->kind == LW_ACTION_PLAY && lw_table_get_lead (self->table) == NULL)
    {
      LwWildcard wild[LW_MAX_PLAY];
      guint n_wild = lw_play_wildcards (&action->play, wild);

      if (n_wild > 0)
        {
          JsonArray *as = json_array_new ();

          for (guint w = 0; w < n_wild; w++)
            {
              g_autofree char *meaning = wildcard_text (&wild[w]);

              json_array_add_string_element (as, meaning);
            }
          json_object_set_array_member (message, "as", as);
        }
    }
  /* "changed" redraws the page. */
  return lw_table_host_act (self->host, action->seat, message, NULL, error);
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
  g_clear_signal_handler (&self->host_changed, self->host);
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

  lw_table_page_stop_bot (self);
  lw_table_page_stop_hosting (self);
  lw_table_page_stop_boards (self);
  self->id = lw_table_host_get_game_id (host);
  g_clear_pointer (&self->record, lw_game_record_free);
  g_clear_pointer (&self->standings, lw_standings_free);
  if (!lw_table_page_reload_record (self, error))
    return FALSE;

  self->host = g_object_ref (host);
  self->server = g_object_ref (server);
  self->link_address = g_strdup (link_address);
  memset (&self->seats, 0, sizeof self->seats);
  self->seats.n_players = lw_table_host_get_n_players (host);
  self->viewer = LW_NO_SEAT;
  self->curtain_seat = LW_NO_SEAT;
  self->round_over = FALSE;
  self->game_over = FALSE;
  g_clear_pointer (&self->seats_json, g_free);
  lw_table_view_set_table (self->view, NULL, LW_NO_SEAT, NULL, NULL, FALSE);
  self->host_changed = g_signal_connect (host, "changed", G_CALLBACK (host_changed_cb), self);
  gtk_widget_set_visible (self->seats_button, TRUE);
  /* A remote player's move cannot be taken back. */
  gtk_widget_set_visible (self->undo_button, FALSE);

  lw_table_page_set_status (self, NULL, FALSE);
  lw_table_page_host_after_change (self);
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
