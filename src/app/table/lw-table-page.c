/* lw-table-page.c — a game played at the virtual table
 *
 * The page owns the round being played (an LwTable). Every action goes
 * through lw_table_apply() and the round's log is saved at once
 * (lw_store_save_table()), so the game can be closed at any point and
 * resumed. A finished round's facts go to the game like any round entered
 * by hand, with its log kept for a replay (lw_store_append_virtual_round());
 * the next deal's dealer and the end of the game come from the scoring
 * engine.
 *
 * Computer seats choose in a worker thread (GTask) on a copy of the table;
 * the move is shown after a short pause (none when animations are off),
 * and a finished trick stays on the table for DEFAULT_TRICK_HOLD_MS before
 * a computer leads the next. Between two people's turns a
 * curtain hides the table until the next player says who they are.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-settings.h"
#include "lw-store-table.h"
#include "lw-table-page-private.h"

#define DEFAULT_PAUSE_MS 600
#define DEFAULT_TRICK_HOLD_MS 1500

G_DEFINE_FINAL_TYPE (LwTablePage, lw_table_page, ADW_TYPE_BIN)

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

const int *
lw_table_page_team_of (LwTablePage *self)
{
  return self->record != NULL && self->record->n_teams > 0 ? self->record->team_of : NULL;
}

const char *
lw_table_page_name_of (LwTablePage *self,
                       int          seat)
{
  if (self->record == NULL || seat < 0 || (guint) seat >= self->record->n_players)
    return "";
  return lw_game_record_current_player (self->record, seat);
}

void
lw_table_page_set_status (LwTablePage *self,
                          const char  *text,
                          gboolean     is_error)
{
  g_free (self->status);
  self->status = g_strdup (text != NULL ? text : "");
  self->status_is_error = is_error;
  gtk_label_set_text (self->status_label, self->status);
  if (is_error)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
}

void
lw_table_page_show_error (LwTablePage *self,
                          const char  *message)
{
  g_autofree char *text = lw_message_capitalize (message);

  lw_table_page_set_status (self, text, TRUE);
  gtk_widget_error_bell (GTK_WIDGET (self));
}

gboolean
lw_table_page_save (LwTablePage  *self,
                    GError      **error)
{
  g_autofree char *json = NULL;

  /* A board played for an event is not saved until its end. */
  if (self->boards != NULL)
    return TRUE;
  if (self->table != NULL && !self->round_over)
    json = lw_table_to_json (self->table);
  return lw_store_save_table (self->store, self->id, self->seats_json,
                              json != NULL ? self->round_number : 0, json, error);
}

gboolean
lw_table_page_reload_record (LwTablePage  *self,
                             GError      **error)
{
  return lw_store_reload_game (self->store, self->id, &self->record, &self->standings, error);
}

/* ------------------------------------------------------------------ */
/* The round                                                            */
/* ------------------------------------------------------------------ */

gboolean
lw_table_page_new_round (LwTablePage  *self,
                         GError      **error)
{
  if (self->boards != NULL)
    return lw_table_page_board_next (self, error);
  lw_table_page_stop_bot (self);
  g_clear_pointer (&self->table, lw_table_free);
  self->round_number = self->record->rounds->len + 1;
  self->table = lw_table_seats_deal (&self->seats, self->record, self->standings);
  self->round_over = FALSE;
  self->game_over = FALSE;
  /* Hot-seat: every new deal starts behind the curtain. */
  if (lw_table_seats_n_people (&self->seats) > 1)
    self->viewer = LW_NO_SEAT;
  return lw_table_page_save (self, error);
}

/* After every change: the round's end, a computer's move, the curtain or
 * the person's turn. */
void
lw_table_page_after_change (LwTablePage *self)
{
  int turn;

  if (self->host != NULL)
    {
      lw_table_page_host_after_change (self);
      return;
    }
  if (self->table == NULL)
    return;
  if (lw_table_get_phase (self->table) == LW_PHASE_END && !self->round_over)
    lw_table_page_finish_round (self);

  turn = lw_table_get_turn (self->table);
  self->curtain_seat = LW_NO_SEAT;
  if (!self->round_over && turn != LW_NO_SEAT)
    {
      if (self->seats.computer[turn])
        {
          if (!self->busy)
            lw_table_page_start_bot (self);
        }
      else if (turn != self->viewer)
        {
          if (lw_table_seats_n_people (&self->seats) > 1)
            lw_table_page_show_curtain (self, turn);
          else
            self->viewer = turn;
        }
    }
  if (self->curtain_seat == LW_NO_SEAT)
    gtk_stack_set_visible_child_name (self->stack, "table");

  lw_table_page_refresh_view (self);
  lw_table_page_update_status (self);
  lw_table_page_update_controls (self);
  gtk_toggle_button_set_active (self->last_trick_button, FALSE);
}

gboolean
lw_table_page_apply_action (LwTablePage     *self,
                            const LwAction  *action,
                            GError         **error)
{
  g_autoptr (GError) local = NULL;

  if (self->host != NULL)
    return lw_table_page_host_apply (self, action, error);
  if (!lw_table_apply (self->table, action, error))
    return FALSE;
  if (!lw_table_page_save (self, &local))
    lw_table_page_show_error (self, local->message);
  lw_table_page_after_change (self);
  return TRUE;
}

gboolean
lw_table_page_undo_point (LwTablePage  *self,
                          guint        *n_actions,
                          char        **why)
{
  const GArray *log;
  guint i;

  if (why != NULL)
    *why = NULL;
  /* A hosted table's remote moves cannot be taken back. */
  if (self->table == NULL || self->round_over || self->viewer == LW_NO_SEAT
      || self->curtain_seat != LW_NO_SEAT || self->host != NULL)
    return FALSE;
  log = lw_table_get_log (self->table);
  for (i = log->len; i-- > 0;)
    if (!self->seats.computer[g_array_index (log, LwAction, i).seat])
      break;
  /* Nothing of a person's yet, or another person's turn came between. */
  if (i == G_MAXUINT || g_array_index (log, LwAction, i).seat != self->viewer)
    return FALSE;
  if (!lw_table_check_undo (self->table, self->viewer, i, NULL))
    {
      if (why != NULL)
        /* TRANSLATORS: Undo at the virtual table is refused after the Dealer declared and took the Pups (face-down cards) into their hand */
        *why = g_strdup (_("You have seen the Pups, so your Declare cannot be taken back: looking at face-down cards is a penalty."));
      return FALSE;
    }
  *n_actions = i;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Public API                                                           */
/* ------------------------------------------------------------------ */

void
lw_table_page_set_store (LwTablePage *self,
                         LwStore     *store)
{
  g_return_if_fail (LW_IS_TABLE_PAGE (self));

  g_set_object (&self->store, store);
}

gboolean
lw_table_page_load (LwTablePage  *self,
                    gint64        id,
                    GError      **error)
{
  g_autoptr (LwStoredTable) stored = NULL;
  g_autoptr (LwTable) table = NULL;
  LwTableSeats seats;

  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  stored = lw_store_load_table (self->store, id, error);
  if (stored == NULL || !lw_table_seats_from_json (stored->seats, &seats, error))
    return FALSE;

  lw_table_page_stop_bot (self);
  lw_table_page_stop_hosting (self);
  lw_table_page_stop_boards (self);
  self->id = id;
  if (!lw_table_page_reload_record (self, error))
    return FALSE;
  if (seats.n_players != self->record->n_players)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "the virtual table has %u seats, the game %u", seats.n_players, self->record->n_players);
      return FALSE;
    }
  self->seats = seats;
  g_free (self->seats_json);
  self->seats_json = g_strdup (stored->seats);
  self->viewer = LW_NO_SEAT;
  self->curtain_seat = LW_NO_SEAT;
  self->round_over = FALSE;
  self->game_over = self->standings->finished;
  lw_table_view_set_table (self->view, NULL, LW_NO_SEAT, NULL, NULL, FALSE);

  /* The saved round, when it is still the game's next one. */
  if (stored->round != NULL && stored->round_number == self->record->rounds->len + 1)
    {
      table = lw_table_from_json (stored->round, -1, error);
      if (table == NULL)
        return FALSE;
      if (lw_table_get_n_players (table) != self->record->n_players
          || lw_table_get_dealer (table) != self->standings->next_dealer)
        g_clear_pointer (&table, lw_table_free);
    }

  g_clear_pointer (&self->table, lw_table_free);
  if (table != NULL)
    {
      self->table = g_steal_pointer (&table);
      self->round_number = stored->round_number;
    }
  else if (self->game_over)
    return TRUE;
  else if (!lw_table_page_new_round (self, error))
    return FALSE;

  /* One person: their hand is always the one shown. */
  if (lw_table_seats_n_people (&self->seats) == 1)
    for (guint s = 0; s < self->seats.n_players; s++)
      if (!self->seats.computer[s])
        self->viewer = (int) s;

  lw_table_page_set_status (self, NULL, FALSE);
  lw_table_page_after_change (self);
  return TRUE;
}

gint64
lw_table_page_get_game_id (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), 0);

  return self->id;
}

const LwTable *
lw_table_page_get_table (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), NULL);

  return self->table;
}

LwTableView *
lw_table_page_get_view (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), NULL);

  return self->view;
}

int
lw_table_page_get_curtain_seat (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), LW_NO_SEAT);

  return self->curtain_seat;
}

const char *
lw_table_page_get_curtain_title (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), NULL);

  return adw_status_page_get_title (self->curtain);
}

const char *
lw_table_page_get_shown (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

const char *
lw_table_page_get_status_text (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), NULL);

  return self->status != NULL ? self->status : "";
}

gboolean
lw_table_page_is_busy (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);

  return self->busy;
}

void
lw_table_page_set_computer_pause (LwTablePage *self,
                                  guint        msec)
{
  g_return_if_fail (LW_IS_TABLE_PAGE (self));

  self->pause_ms = msec;
}

gboolean
lw_table_page_get_round_over (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);

  return self->round_over;
}

gboolean
lw_table_page_get_game_over (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);

  return self->game_over;
}

/* ------------------------------------------------------------------ */
/* GObject                                                              */
/* ------------------------------------------------------------------ */

static void
lw_table_page_dispose (GObject *object)
{
  LwTablePage *self = LW_TABLE_PAGE (object);

  lw_table_page_stop_bot (self);
  lw_table_page_stop_hosting (self);
  lw_table_page_stop_boards (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), LW_TYPE_TABLE_PAGE);

  G_OBJECT_CLASS (lw_table_page_parent_class)->dispose (object);
}

static void
lw_table_page_finalize (GObject *object)
{
  LwTablePage *self = LW_TABLE_PAGE (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->record, lw_game_record_free);
  g_clear_pointer (&self->standings, lw_standings_free);
  g_clear_pointer (&self->table, lw_table_free);
  g_clear_pointer (&self->seats_json, g_free);
  g_clear_pointer (&self->status, g_free);
  g_clear_pointer (&self->choices, g_array_unref);
  g_clear_object (&self->view_actions);

  G_OBJECT_CLASS (lw_table_page_parent_class)->finalize (object);
}

static void
lw_table_page_class_init (LwTablePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_table_page_dispose;
  object_class->finalize = lw_table_page_finalize;

  g_type_ensure (LW_TYPE_TABLE_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-table-page.ui");
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, title);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, stack);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, view);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, status_label);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, declare_button);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, decline_button);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, discard_button);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, play_button);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, next_button);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, over_button);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, replay_button);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, tools_box);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, undo_button);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, last_trick_button);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, curtain);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, confirm_button);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, seats_button);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, scores_button);
  lw_table_page_class_init_actions (widget_class);
}

/* view.hand-by-suit: the hand by suit or by rank, remembered in the
 * settings (hand-by-suit). */
static void
hand_by_suit_change_cb (GSimpleAction *action,
                        GVariant      *value,
                        gpointer       user_data)
{
  LwTablePage *self = LW_TABLE_PAGE (user_data);
  GSettings *settings = lw_settings_get ();
  gboolean by_suit = g_variant_get_boolean (value);

  g_simple_action_set_state (action, value);
  lw_table_view_set_sort_by_suit (self->view, by_suit);
  if (settings != NULL)
    g_settings_set_boolean (settings, "hand-by-suit", by_suit);
}

/* The line under the table keeps the room of its three lines, so that the
 * table above stays still whatever it says. */
static void
reserve_status_lines (LwTablePage *self)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self->status_label), "Ag\nAg\nAg");
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  g_object_unref (layout);
  gtk_widget_set_size_request (GTK_WIDGET (self->status_label), -1, h);
}

static void
lw_table_page_init (LwTablePage *self)
{
  gboolean by_suit = lw_settings_get_boolean ("hand-by-suit", FALSE);
  g_autoptr (GSimpleAction) sort = g_simple_action_new_stateful ("hand-by-suit", NULL,
                                                                  g_variant_new_boolean (by_suit));

  gtk_widget_init_template (GTK_WIDGET (self));
  reserve_status_lines (self);

  self->view_actions = g_simple_action_group_new ();
  g_signal_connect (sort, "change-state", G_CALLBACK (hand_by_suit_change_cb), self);
  g_action_map_add_action (G_ACTION_MAP (self->view_actions), G_ACTION (sort));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "view", G_ACTION_GROUP (self->view_actions));
  lw_table_view_set_sort_by_suit (self->view, by_suit);

  self->choices = g_array_new (FALSE, FALSE, sizeof (LwPlay));
  self->viewer = LW_NO_SEAT;
  self->curtain_seat = LW_NO_SEAT;
  self->pause_ms = DEFAULT_PAUSE_MS;
  self->hold_ms = DEFAULT_TRICK_HOLD_MS;
}
