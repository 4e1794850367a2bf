/* lw-table-status.c — what the virtual table page shows: the cards and
 * the buttons for the person whose turn it is, the line under the table
 * (whose turn, the bidding), and the hot-seat curtain between two
 * people's turns
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-card-renderer.h"
#include "lw-table-page-private.h"

void
lw_table_page_refresh_view (LwTablePage *self)
{
  const LwTable *table = lw_table_page_get_table (self);
  const LwGameRecord *record = lw_table_page_get_record (self);
  const LwStandings *standings = lw_table_page_get_standings (self);
  const char *names[LW_MAX_SEATS];
  int scores[LW_MAX_SEATS];
  int sides[LW_MAX_SEATS] = { 0 };
  gboolean interactive;
  int turn;

  if (table == NULL || record == NULL)
    return;
  turn = lw_table_get_turn (table);
  for (guint s = 0; s < record->n_players; s++)
    {
      names[s] = lw_game_record_current_player (record, s);
      sides[s] = lw_game_record_side_of (record, (int) s);
      scores[s] = standings->scores[sides[s]];
    }
  lw_table_view_set_sides (self->view, lw_table_page_team_of (self) != NULL ? sides : NULL);
  interactive = !lw_table_page_is_busy (self) && !lw_table_page_get_round_over (self) && turn == self->viewer
                && self->curtain_seat == LW_NO_SEAT;
  lw_table_view_set_table (self->view, table, self->viewer, names, scores, interactive);
  /* Who is winning the trick: the session's reading (TRICKS §5, T22). */
  lw_table_view_set_winning_seat (self->view, lw_table_page_get_winning_seat (self));
}

void
lw_table_page_update_controls (LwTablePage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const LwTable *table = lw_table_page_get_table (self);
  const LwGameRecord *record = lw_table_page_get_record (self);
  gboolean round_over = lw_table_page_get_round_over (self);
  gboolean game_over = lw_table_page_get_game_over (self);
  LwPhase phase = table != NULL ? lw_table_get_phase (table) : LW_PHASE_END;
  int turn = table != NULL ? lw_table_get_turn (table) : LW_NO_SEAT;
  gboolean mine = table != NULL && !lw_table_page_is_busy (self) && !round_over && turn == self->viewer
                  && turn != LW_NO_SEAT && self->curtain_seat == LW_NO_SEAT;
  gboolean can_undo;
  g_autofree char *undo_why = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *heading = NULL;

  /* The phase's buttons stay in their row while others move (their
   * actions are off then), so the table above does not jump. */
  gtk_widget_set_visible (self->declare_button, !round_over && phase == LW_PHASE_BID);
  gtk_widget_set_visible (self->decline_button, !round_over && phase == LW_PHASE_BID);
  gtk_widget_set_visible (self->discard_button, !round_over && phase == LW_PHASE_EXCHANGE);
  gtk_widget_set_visible (self->play_button, !round_over && phase == LW_PHASE_PLAY);
  /* A hosted table deals the next round itself. */
  gtk_widget_set_visible (self->next_button, round_over && !game_over && self->host == NULL);
  gtk_widget_set_visible (self->over_button, game_over);
  gtk_widget_set_visible (self->replay_button, round_over);

  /* The cards every legal follow holds, given those picked (TRICKS §4):
   * the session's reading. */
  lw_table_view_set_obligatory (self->view,
                                mine && phase == LW_PHASE_PLAY
                                ? lw_table_page_get_obligatory (self, lw_table_view_get_selection (self->view))
                                : 0);

  gtk_widget_action_set_enabled (widget, "table.declare", mine && phase == LW_PHASE_BID);
  gtk_widget_action_set_enabled (widget, "table.decline", mine && phase == LW_PHASE_BID);
  gtk_widget_action_set_enabled (widget, "table.discard",
                                 mine && phase == LW_PHASE_EXCHANGE
                                 && lw_table_view_get_selection (self->view) != 0);
  gtk_widget_action_set_enabled (widget, "table.play",
                                 mine && phase == LW_PHASE_PLAY && lw_table_view_get_selection (self->view) != 0);
  gtk_widget_action_set_enabled (widget, "table.next-round", round_over && !game_over && self->host == NULL);
  gtk_widget_action_set_enabled (widget, "table.hint", mine);
  gtk_widget_action_set_enabled (widget, "table.replay-round", round_over);

  /* Undo: the viewer's own last action, never back past the Pups seen
   * nor a computer's lead seen since. */
  can_undo = lw_table_page_can_undo (self, &undo_why);
  gtk_widget_action_set_enabled (widget, "table.undo", can_undo);
  gtk_widget_set_tooltip_text (self->undo_button,
                               undo_why != NULL ? undo_why
                               /* TRANSLATORS: the table's Undo; the Scores page's Ctrl+Z is "Take Back Last Round" */
                               : _("Undo Last Play (Ctrl+Z): take back your own last play"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->last_trick_button),
                            table != NULL && lw_table_get_tricks (table)->len > 0);

  if (record != NULL)
    {
      heading = g_strdup_printf (_("Round %u"), lw_table_page_get_round_number (self));
      subtitle = lw_sides_title (record);
      adw_window_title_set_title (self->title, heading);
      adw_window_title_set_subtitle (self->title, subtitle);
    }
  if (self->boards != NULL)
    lw_table_page_board_controls (self);
}

void
lw_table_page_seat_names (LwTablePage *self,
                          const char  *names[LW_MAX_SEATS])
{
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    names[s] = s < lw_table_get_n_players (lw_table_page_get_table (self)) ? lw_table_page_name_of (self, (int) s) : "";
}

/* The line under the table: the bidding so far, whose turn and what to do,
 * what the lead's wildcards stand for and the cards the player must play
 * (lw_describe_turn()). */
void
lw_table_page_update_status (LwTablePage *self)
{
  const LwTable *table = lw_table_page_get_table (self);
  g_autofree char *text = NULL;
  const char *names[LW_MAX_SEATS];
  int turn;
  gboolean person;

  if (table == NULL || lw_table_page_get_round_over (self))
    return;
  lw_table_page_seat_names (self, names);
  turn = lw_table_get_turn (table);
  person = turn != LW_NO_SEAT && !lw_table_page_is_computer (self, turn);
  text = lw_describe_turn (table, names, lw_table_page_is_busy (self) || !person,
                           person && turn == self->viewer ? self->viewer : LW_NO_SEAT,
                           (guint) __builtin_popcount (lw_table_view_get_selection (self->view)));
  lw_table_page_set_status (self, text, FALSE);
}

void
lw_table_page_show_curtain (LwTablePage *self,
                            int          seat)
{
  g_autofree char *title = NULL;
  g_autofree char *button = NULL;

  self->curtain_seat = seat;
  /* TRANSLATORS: hot-seat play: the device goes to the next person */
  title = g_strdup_printf (_("Pass the device to %s"), lw_table_page_name_of (self, seat));
  /* TRANSLATORS: the button the next person presses to see their hand */
  button = g_strdup_printf (_("I am %s"), lw_table_page_name_of (self, seat));
  adw_status_page_set_title (self->curtain, title);
  gtk_button_set_label (self->confirm_button, button);
  gtk_stack_set_visible_child_name (self->stack, "curtain");
}
