/* lw-table-status.c — what the virtual table page shows: the cards and
 * the buttons for the person whose turn it is, the line under the table
 * (whose turn, the bidding, the end of a round or of the game), and the
 * hot-seat curtain between two people's turns
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-card-renderer.h"
#include "lw-store-table.h"
#include "lw-table-page-private.h"

void
lw_table_page_refresh_view (LwTablePage *self)
{
  const char *names[LW_MAX_SEATS];
  int scores[LW_MAX_SEATS];
  int sides[LW_MAX_SEATS] = { 0 };
  gboolean interactive;
  int turn;

  if (self->table == NULL || self->record == NULL)
    return;
  turn = lw_table_get_turn (self->table);
  for (guint s = 0; s < self->record->n_players; s++)
    {
      names[s] = lw_game_record_current_player (self->record, s);
      sides[s] = lw_game_record_side_of (self->record, (int) s);
      scores[s] = self->standings->scores[sides[s]];
    }
  lw_table_view_set_sides (self->view, lw_table_page_team_of (self) != NULL ? sides : NULL);
  interactive = !self->busy && !self->round_over && turn == self->viewer && self->curtain_seat == LW_NO_SEAT;
  lw_table_view_set_table (self->view, self->table, self->viewer, names, scores, interactive);
}

void
lw_table_page_update_controls (LwTablePage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  LwPhase phase = self->table != NULL ? lw_table_get_phase (self->table) : LW_PHASE_END;
  int turn = self->table != NULL ? lw_table_get_turn (self->table) : LW_NO_SEAT;
  gboolean mine = self->table != NULL && !self->busy && !self->round_over && turn == self->viewer
                  && turn != LW_NO_SEAT && self->curtain_seat == LW_NO_SEAT;
  gboolean can_undo;
  guint undo_to = 0;
  g_autofree char *undo_why = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *heading = NULL;

  /* The phase's buttons stay in their row while others move (their
   * actions are off then), so the table above does not jump. */
  gtk_widget_set_visible (self->declare_button, !self->round_over && phase == LW_PHASE_BID);
  gtk_widget_set_visible (self->decline_button, !self->round_over && phase == LW_PHASE_BID);
  gtk_widget_set_visible (self->discard_button, !self->round_over && phase == LW_PHASE_EXCHANGE);
  gtk_widget_set_visible (self->play_button, !self->round_over && phase == LW_PHASE_PLAY);
  gtk_widget_set_visible (self->next_button, self->round_over && !self->game_over);
  gtk_widget_set_visible (self->over_button, self->game_over);
  gtk_widget_set_visible (self->replay_button, self->round_over);

  /* The cards every legal follow holds, given those picked (TRICKS §4). */
  lw_table_view_set_obligatory (self->view,
                                mine && phase == LW_PHASE_PLAY
                                ? lw_table_obligatory (self->table, lw_table_view_get_selection (self->view), NULL)
                                : 0);

  gtk_widget_action_set_enabled (widget, "table.declare", mine && phase == LW_PHASE_BID);
  gtk_widget_action_set_enabled (widget, "table.decline", mine && phase == LW_PHASE_BID);
  gtk_widget_action_set_enabled (widget, "table.discard",
                                 mine && phase == LW_PHASE_EXCHANGE
                                 && lw_table_view_get_selection (self->view) != 0);
  gtk_widget_action_set_enabled (widget, "table.play",
                                 mine && phase == LW_PHASE_PLAY && lw_table_view_get_selection (self->view) != 0);
  gtk_widget_action_set_enabled (widget, "table.next-round", self->round_over && !self->game_over);
  gtk_widget_action_set_enabled (widget, "table.hint", mine);
  gtk_widget_action_set_enabled (widget, "table.replay-round", self->round_over);

  /* Undo: the viewer's own last action, never back past the Pups seen. */
  can_undo = lw_table_page_undo_point (self, &undo_to, &undo_why);
  gtk_widget_action_set_enabled (widget, "table.undo", can_undo);
  gtk_widget_set_tooltip_text (self->undo_button,
                               undo_why != NULL ? undo_why
                               /* TRANSLATORS: the table's Undo; the Scores page's Ctrl+Z is "Take Back Last Round" */
                               : _("Undo Last Play (Ctrl+Z): take back your own last play"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->last_trick_button),
                            self->table != NULL && lw_table_get_tricks (self->table)->len > 0);

  if (self->record != NULL)
    {
      heading = g_strdup_printf (_("Round %u"), self->round_number);
      subtitle = lw_sides_title (self->record);
      adw_window_title_set_title (self->title, heading);
      adw_window_title_set_subtitle (self->title, subtitle);
    }
}

/* The seats' names, for the words of the table's facts. */
static void
seat_names (LwTablePage *self,
            const char  *names[LW_MAX_SEATS])
{
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    names[s] = s < lw_table_get_n_players (self->table) ? lw_table_page_name_of (self, (int) s) : "";
}

/* The bidding so far, one sentence per event (TRICKS §2.4); only the
 * last (its outcome) when @outcome_only. %NULL before anyone spoke. */
static char *
describe_bidding (LwTablePage *self,
                  gboolean     outcome_only)
{
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (LwBidEvent));
  g_autoptr (GString) text = g_string_new (NULL);
  const char *names[LW_MAX_SEATS];

  seat_names (self, names);
  if (lw_table_bid_events (self->table, events) == 0)
    return NULL;
  for (guint k = outcome_only ? events->len - 1 : 0; k < events->len; k++)
    {
      g_autofree char *event = lw_describe_bid_event (&g_array_index (events, LwBidEvent, k), names);

      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, event);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The line under the table: the bidding so far, whose turn and what to do,
 * what the lead's wildcards stand for and the cards the player must play. */
void
lw_table_page_update_status (LwTablePage *self)
{
  g_autofree char *text = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  LwPhase phase;
  int turn;

  if (self->table == NULL || self->round_over)
    return;
  phase = lw_table_get_phase (self->table);
  turn = lw_table_get_turn (self->table);
  if (phase == LW_PHASE_BID)
    before = describe_bidding (self, FALSE);
  else if (lw_table_get_tricks (self->table)->len == 0)
    before = describe_bidding (self, TRUE);

  if (self->busy || (turn != LW_NO_SEAT && self->seats.computer[turn]))
    /* TRANSLATORS: a computer seat is choosing its move */
    text = g_strdup_printf (_("%s is thinking…"), lw_table_page_name_of (self, turn));
  else if (phase == LW_PHASE_BID)
    {
      LwSuit trump = lw_table_get_trump (self->table);
      g_autofree char *suit = trump == LW_NO_TRUMP
                              ? g_strdup (_("No Trump"))
                              : g_strdup_printf ("%s %s", lw_suit_symbol (trump), lw_suit_name (trump));

      if (turn == lw_table_get_dealer (self->table))
        /* TRANSLATORS: the Dealer's choice; %s the player, then the trump ("♥ Hearts" or "No Trump") */
        text = g_strdup_printf (_("%s, you dealt: Declare to take the Pups, play %s and lead, or Decline."),
                                lw_table_page_name_of (self, turn), suit);
      else
        /* TRANSLATORS: %s the player, then the trump ("♥ Hearts" or "No Trump") */
        text = g_strdup_printf (_("%s: Declare to play %s and lead, or Decline."),
                                lw_table_page_name_of (self, turn), suit);
    }
  else if (phase == LW_PHASE_EXCHANGE)
    /* TRANSLATORS: the declaring Dealer's discard; %u cards selected so far */
    text = g_strdup_printf (_("%s: choose 4 cards to discard face down (%u selected)."),
                            lw_table_page_name_of (self, turn),
                            (guint) __builtin_popcount (lw_table_view_get_selection (self->view)));
  else if (lw_table_get_lead (self->table) == NULL)
    /* TRANSLATORS: the four Hands a Leader may play */
    text = g_strdup_printf (_("%s to lead: a Single, a Pair, a Set or a Run."), lw_table_page_name_of (self, turn));
  else
    {
      guint n = lw_table_get_lead (self->table)->n;

      g_autofree char *wild = lw_describe_wildcards (&lw_table_get_lead (self->table)->play);
      g_autoptr (GString) more = g_string_new (NULL);
      guint32 must = 0;

      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s to follow with %u card.",
                                           "%s to follow with %u cards.", n),
                              lw_table_page_name_of (self, turn), n);
      if (wild != NULL)
        /* TRANSLATORS: what the lead's wildcards stand for ("Little Wolf as 8♠") */
        g_string_append_printf (more, _("Led: %s."), wild);
      if (turn == self->viewer && !self->seats.computer[turn])
        must = lw_table_obligatory (self->table, 0, NULL);
      if (must != 0)
        {
          guint n_hand;
          const LwCard *hand = lw_table_get_hand (self->table, turn, &n_hand);
          g_autofree char *cards = lw_describe_cards (hand, n_hand, must);

          if (more->len > 0)
            g_string_append_c (more, ' ');
          /* TRANSLATORS: the cards every legal follow holds, marked in the hand */
          g_string_append_printf (more, _("You must play %s."), cards);
        }
      if (more->len > 0)
        after = g_string_free (g_steal_pointer (&more), FALSE);
    }
  if (before != NULL || after != NULL)
    {
      const char *parts[] = { before, text, after };
      g_autoptr (GString) line = g_string_new (NULL);

      for (guint k = 0; k < G_N_ELEMENTS (parts); k++)
        if (parts[k] != NULL)
          g_string_append_printf (line, "%s%s", line->len > 0 ? " " : "", parts[k]);
      g_free (text);
      text = g_string_free (g_steal_pointer (&line), FALSE);
    }
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

/* ------------------------------------------------------------------ */
/* The end of a round                                                   */
/* ------------------------------------------------------------------ */

/* The scores at the end of the game, side by side: "Ann 21 · Bob 15". */
static char *
final_board (LwTablePage *self)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint side = 0; side < self->standings->n_sides; side++)
    {
      g_autofree char *name = lw_game_record_side_name (self->record, (int) side);

      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append_printf (text, "%s %d", name, self->standings->scores[side]);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
lw_table_page_finish_round (LwTablePage *self)
{
  g_autoptr (LwRound) round = lw_round_new ();
  g_autoptr (GError) error = NULL;
  const LwRoundResult *result;
  g_autofree char *summary = NULL;
  g_autofree char *text = NULL;
  g_autofree char *log = NULL;

  lw_table_round_facts (self->table, lw_table_page_team_of (self), round);
  log = lw_table_to_json (self->table);
  /* The round and its log, kept for a replay, in one transaction. */
  if (!lw_store_append_virtual_round (self->store, self->id, round, log, NULL, &error)
      || !lw_table_page_reload_record (self, &error))
    {
      lw_table_page_show_error (self, error->message);
      return;
    }
  self->round_over = TRUE;
  self->game_over = self->standings->finished;
  if (self->game_over)
    {
      if (!lw_store_remove_table (self->store, self->id, &error))
        lw_table_page_show_error (self, error->message);
    }
  else if (!lw_table_page_save (self, &error))
    lw_table_page_show_error (self, error->message);

  result = g_ptr_array_index (self->standings->rounds, self->standings->rounds->len - 1);
  summary = lw_describe_round (self->record, self->standings, result);
  if (lw_table_get_declarer (self->table) == LW_NO_SEAT)
    {
      /* Who the nobody-declared rule charges (SCORING R16), before the breakdown. */
      g_autofree char *declined = describe_bidding (self, TRUE);
      char *joined = g_strdup_printf ("%s\n%s", declined, summary);

      g_free (summary);
      summary = joined;
    }
  if (self->game_over && self->standings->winner != LW_NO_SEAT)
    {
      g_autofree char *winner = lw_game_record_side_name (self->record, self->standings->winner);
      g_autofree char *board = final_board (self);

      /* TRANSLATORS: the end of the game; %s the winner, then the last round's
       * scoring, then the final board ("Ann 21 · Bob 15") */
      text = g_strdup_printf (self->standings->skunk ? _("%s wins the game with a skunk!\n%s\nFinal board: %s")
                                                     : _("%s wins the game!\n%s\nFinal board: %s"),
                              winner, summary, board);
    }
  else
    /* TRANSLATORS: the end of a round; %u its number, %s its scoring */
    text = g_strdup_printf (_("Round %u is over. %s"), self->round_number, summary);
  lw_table_page_set_status (self, text, FALSE);
  if (error == NULL)
    lw_table_page_set_status (self, text, FALSE);
}

