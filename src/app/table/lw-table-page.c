/* lw-table-page.c — a game played at the virtual table
 *
 * The page is a view of the game's loop, an LwTableSession (src/table/):
 * the session deals, applies an action through the engine, moves the
 * computer seats, holds a finished trick, saves after each action and
 * stores the round's end; the page listens to its "changed" and shows its
 * table, its facts (the seat winning the trick, the cards a follow must
 * hold) and the buttons the moment allows. A person's action goes to
 * lw_table_session_apply(), Undo to lw_table_session_undo(), Next Round to
 * lw_table_session_next_round(). What stays in the page is the view's: the
 * curtain that hides the table between two people's turns, the question
 * of a lead's readings, the line under the table. A hosted table shows the
 * host's session the same way (lw-table-host-mode.c), and board mode a
 * duplicate board's session (lw_table_session_new_board(),
 * lw-table-board-mode.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-settings.h"
#include "lw-table-page-private.h"

#define DEFAULT_PAUSE_MS 600
#define DEFAULT_TRICK_HOLD_MS 1500

G_DEFINE_FINAL_TYPE (LwTablePage, lw_table_page, ADW_TYPE_BIN)

/* ------------------------------------------------------------------ */
/* What the page shows                                                  */
/* ------------------------------------------------------------------ */

const LwTable *
lw_table_page_get_table (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), NULL);

  return self->session != NULL ? lw_table_session_get_table (self->session) : NULL;
}

const LwGameRecord *
lw_table_page_get_record (LwTablePage *self)
{
  return self->session != NULL ? lw_table_session_get_record (self->session) : NULL;
}

const LwStandings *
lw_table_page_get_standings (LwTablePage *self)
{
  return self->session != NULL ? lw_table_session_get_standings (self->session) : NULL;
}

guint
lw_table_page_get_round_number (LwTablePage *self)
{
  return self->session != NULL ? lw_table_session_get_round_number (self->session) : 0;
}

static const LwTableSeats *
page_seats (LwTablePage *self)
{
  return self->session != NULL ? lw_table_session_get_seats (self->session) : NULL;
}

gboolean
lw_table_page_is_computer (LwTablePage *self,
                           int          seat)
{
  const LwTableSeats *seats = page_seats (self);

  return seats != NULL && seat >= 0 && (guint) seat < seats->n_players && seats->computer[seat];
}

guint
lw_table_page_n_people (LwTablePage *self)
{
  const LwTableSeats *seats = page_seats (self);

  return seats != NULL ? lw_table_seats_n_people (seats) : 0;
}

int
lw_table_page_get_winning_seat (LwTablePage *self)
{
  return self->session != NULL ? lw_table_session_get_winning_seat (self->session) : LW_NO_SEAT;
}

guint32
lw_table_page_get_obligatory (LwTablePage *self,
                              guint32      picked)
{
  return self->session != NULL ? lw_table_session_get_obligatory (self->session, picked) : 0;
}

const int *
lw_table_page_team_of (LwTablePage *self)
{
  const LwGameRecord *record = lw_table_page_get_record (self);

  return record != NULL && record->n_teams > 0 ? record->team_of : NULL;
}

const char *
lw_table_page_name_of (LwTablePage *self,
                       int          seat)
{
  const LwGameRecord *record = lw_table_page_get_record (self);

  if (record == NULL || seat < 0 || (guint) seat >= record->n_players)
    return "";
  return lw_game_record_current_player (record, seat);
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

/* ------------------------------------------------------------------ */
/* The session                                                          */
/* ------------------------------------------------------------------ */

/* The sessions' timing: a computer's pause (none when animations are off,
 * gtk-enable-animations) and the finished trick's hold. */
static void
apply_timing (LwTablePage *self)
{
  gboolean animations = TRUE;

  if (self->session == NULL || self->host != NULL)
    return;
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &animations, NULL);
  lw_table_session_set_timing (self->session, animations ? self->pause_ms : 0, self->hold_ms);
  lw_table_session_set_hold_stepped (self->session, self->hold_stepped);
}

static void
session_changed_cb (LwTablePage *self)
{
  lw_table_page_after_change (self);
}

void
lw_table_page_drop_session (LwTablePage *self)
{
  if (self->session == NULL)
    return;
  g_clear_signal_handler (&self->session_changed, self->host != NULL ? (gpointer) self->host
                                                                     : (gpointer) self->session);
  if (self->host == NULL)
    lw_table_session_stop (self->session);
  g_clear_object (&self->session);
}

/* A new deal since the page last showed the table: hot-seat play starts
 * it behind the curtain; a round over is said once. */
static void
note_deal (LwTablePage *self)
{
  guint round = lw_table_page_get_round_number (self);

  if (round == self->shown_round)
    return;
  self->shown_round = round;
  self->shown_over = FALSE;
  /* A hosted table's viewer is the seat played here (lw_table_page_host_viewer()). */
  if (lw_table_page_n_people (self) > 1 && self->host == NULL)
    self->viewer = LW_NO_SEAT;
}

/* How the round ended, once, when the session has stored it. */
static void
say_round_end (LwTablePage *self)
{
  const char *names[LW_MAX_SEATS];
  g_autofree char *text = NULL;

  if (self->shown_over || !lw_table_page_get_round_over (self))
    return;
  self->shown_over = TRUE;
  if (self->boards != NULL)
    {
      lw_table_page_board_end (self);
      return;
    }
  lw_table_page_seat_names (self, names);
  text = lw_describe_round_end (lw_table_page_get_record (self), lw_table_page_get_standings (self),
                                lw_table_page_get_table (self), names, lw_table_page_get_round_number (self));
  lw_table_page_set_status (self, text, FALSE);
}

/* After every change: the round's end said, the curtain or the person's
 * turn. */
void
lw_table_page_after_change (LwTablePage *self)
{
  const LwTable *table = lw_table_page_get_table (self);
  int turn;

  if (table == NULL)
    return;
  note_deal (self);
  say_round_end (self);

  turn = lw_table_page_get_round_over (self) ? LW_NO_SEAT : lw_table_get_turn (table);
  self->curtain_seat = LW_NO_SEAT;
  if (self->host != NULL)
    lw_table_page_host_viewer (self);
  else if (turn != LW_NO_SEAT && !lw_table_page_is_computer (self, turn) && turn != self->viewer)
    {
      if (lw_table_page_n_people (self) > 1)
        lw_table_page_show_curtain (self, turn);
      else
        self->viewer = turn;
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
  if (self->host != NULL)
    return lw_table_page_host_apply (self, action, error);
  /* "changed" shows the change. */
  return self->session != NULL && lw_table_session_apply (self->session, action, error);
}

gboolean
lw_table_page_can_undo (LwTablePage  *self,
                        char        **why)
{
  int led_by = LW_NO_SEAT;

  if (why != NULL)
    *why = NULL;
  /* A hosted table's remote moves cannot be taken back. */
  if (self->session == NULL || self->host != NULL || self->viewer == LW_NO_SEAT
      || self->curtain_seat != LW_NO_SEAT)
    return FALSE;
  switch (lw_table_session_undo_point (self->session, self->viewer, NULL, &led_by))
    {
    case LW_TABLE_UNDO_ALLOWED:
      return TRUE;
    case LW_TABLE_UNDO_PUPS_SEEN:
      if (why != NULL)
        /* TRANSLATORS: Undo at the virtual table is refused after the Dealer declared and took the Pups (face-down cards) into their hand */
        *why = g_strdup (_("You have seen the Pups, so your Declare cannot be taken back: looking at face-down cards is a penalty."));
      return FALSE;
    case LW_TABLE_UNDO_LED:
      if (why != NULL)
        /* TRANSLATORS: Undo at the virtual table is refused once a computer player led the next trick after the person's play; %s is its name */
        *why = g_strdup_printf (_("%s has led the next trick: that can’t be taken back."),
                                lw_table_page_name_of (self, led_by));
      return FALSE;
    case LW_TABLE_UNDO_NOTHING:
    default:
      return FALSE;
    }
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
lw_table_page_show_session (LwTablePage     *self,
                            LwTableSession  *session,
                            GError         **error)
{
  g_autoptr (LwTableSession) shown = session;

  lw_table_page_drop_session (self);
  self->session = g_steal_pointer (&shown);
  lw_table_session_set_deal_on_request (self->session, TRUE);
  apply_timing (self);
  self->viewer = LW_NO_SEAT;
  self->curtain_seat = LW_NO_SEAT;
  lw_table_view_set_table (self->view, NULL, LW_NO_SEAT, NULL, NULL, FALSE);
  lw_table_page_set_status (self, NULL, FALSE);
  self->session_changed = g_signal_connect_swapped (self->session, "changed", G_CALLBACK (session_changed_cb), self);
  if (!lw_table_session_start (self->session, error))
    {
      lw_table_page_drop_session (self);
      return FALSE;
    }

  /* One person: their hand is always the one shown. */
  if (lw_table_page_n_people (self) == 1)
    for (guint s = 0; s < lw_table_session_get_seats (self->session)->n_players; s++)
      if (!lw_table_page_is_computer (self, (int) s))
        self->viewer = (int) s;
  self->shown_round = lw_table_page_get_round_number (self);
  self->shown_over = lw_table_page_get_round_over (self);
  lw_table_page_after_change (self);
  return TRUE;
}

gboolean
lw_table_page_load (LwTablePage  *self,
                    gint64        id,
                    GError      **error)
{
  LwTableSession *session;

  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  session = lw_table_session_open (self->store, id, error);
  if (session == NULL)
    return FALSE;
  lw_table_page_stop_hosting (self);
  lw_table_page_stop_boards (self);
  return lw_table_page_show_session (self, session, error);
}

gint64
lw_table_page_get_game_id (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), 0);

  return self->session != NULL ? lw_table_session_get_game_id (self->session) : 0;
}

LwTableView *
lw_table_page_get_view (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), NULL);

  return self->view;
}

void
lw_table_page_focus_table (LwTablePage *self)
{
  g_return_if_fail (LW_IS_TABLE_PAGE (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->view));
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

  return self->session != NULL && lw_table_session_is_choosing (self->session);
}

gboolean
lw_table_page_is_holding (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);

  return self->session != NULL && lw_table_session_is_holding (self->session);
}

void
lw_table_page_set_computer_pause (LwTablePage *self,
                                  guint        msec)
{
  g_return_if_fail (LW_IS_TABLE_PAGE (self));

  self->pause_ms = msec;
  apply_timing (self);
}

void
lw_table_page_set_trick_hold (LwTablePage *self,
                              guint        msec,
                              gboolean     stepped)
{
  g_return_if_fail (LW_IS_TABLE_PAGE (self));

  self->hold_ms = msec;
  self->hold_stepped = stepped;
  apply_timing (self);
}

gboolean
lw_table_page_step_hold (LwTablePage *self,
                         guint        msec)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);

  return self->session != NULL && lw_table_session_step_hold (self->session, msec);
}

void
lw_table_page_stop_bot (LwTablePage *self)
{
  g_return_if_fail (LW_IS_TABLE_PAGE (self));

  if (self->session != NULL && self->host == NULL)
    lw_table_session_stop (self->session);
}

gboolean
lw_table_page_get_round_over (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);

  return self->session != NULL && lw_table_session_is_round_over (self->session);
}

gboolean
lw_table_page_get_game_over (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);

  if (self->boards != NULL)
    return lw_table_page_board_all_done (self);
  return self->session != NULL && lw_table_session_is_over (self->session);
}

/* ------------------------------------------------------------------ */
/* GObject                                                              */
/* ------------------------------------------------------------------ */

static void
lw_table_page_dispose (GObject *object)
{
  LwTablePage *self = LW_TABLE_PAGE (object);

  lw_table_page_stop_hosting (self);
  lw_table_page_stop_boards (self);
  lw_table_page_drop_session (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), LW_TYPE_TABLE_PAGE);

  G_OBJECT_CLASS (lw_table_page_parent_class)->dispose (object);
}

static void
lw_table_page_finalize (GObject *object)
{
  LwTablePage *self = LW_TABLE_PAGE (object);

  g_clear_object (&self->store);
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
  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)), "notify::gtk-enable-animations",
                           G_CALLBACK (apply_timing), self, G_CONNECT_SWAPPED);
}
