/* lw-table-board-mode.c — the virtual table page playing a duplicate
 * event's boards at one table (docs/EVENTS.md "Playing a table's boards
 * at the virtual table")
 *
 * Board mode: the page plays the boards of one event round at one table,
 * each dealt from the board exactly (lw_board_new_table(), DUPLICATE D1)
 * with the board's one-round game (lw_duplicate_board_record(): the
 * table's players in their seats, partners as the event says, the
 * board's dealer, the event's rule set). No game is stored and nothing is
 * saved while a board is played; at the board's end its round's facts are
 * entered as the board's result (lw_store_add_event_board_result(), as
 * Enter Board does; D9 refuses a board already entered, and the page says
 * so), and Next Board deals the round's next board not yet entered.
 * Until LwTableSession plays boards, a board has this loop of its own
 * (its computer seats in lw-table-bots.c), not the session's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-duplicate.h"
#include "lw-store-event-boards.h"
#include "lw-store-events.h"
#include "lw-store-watch.h"
#include "lw-table-page-private.h"

static void
boards_free (LwTableBoards *boards)
{
  g_clear_pointer (&boards->event, lw_event_free);
  g_clear_pointer (&boards->record, lw_game_record_free);
  g_clear_pointer (&boards->standings, lw_standings_free);
  g_clear_pointer (&boards->dealt, lw_table_free);
  g_free (boards);
}

/* The first board of the event round not yet entered at the table, 0
 * once they all are. */
static guint
next_board (const LwTableBoards *boards)
{
  guint first = lw_duplicate_first_board (boards->event, boards->round);

  for (guint k = first; k < first + boards->event->config.boards_per_round; k++)
    if (lw_event_find_board_result (boards->event, boards->round, boards->table, k) == NULL)
      return k;
  return 0;
}

/* The error for a table with no board left to play. */
static void
set_all_entered (GError              **error,
                 const LwTableBoards  *boards)
{
  g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
               "event round %u, table %u: the round's boards are all entered", boards->round, boards->table);
}

/* Deals board @number at the table: the board's game and its round. */
static gboolean
deal_board (LwTablePage  *self,
            guint         number,
            GError      **error)
{
  LwTableBoards *boards = self->boards;
  const LwEventTable *table = lw_event_get_table (boards->event, boards->round, boards->table, error);
  g_autoptr (LwGameRecord) record = NULL;
  LwStandings *standings;
  LwHouseRules rules;
  LwBoard board;

  if (table == NULL)
    return FALSE;
  record = lw_duplicate_board_record (boards->event, boards->round, table, number);
  standings = lw_standings_compute (record, error);
  if (standings == NULL)
    return FALSE;

  lw_table_page_board_stop_bot (self);
  g_clear_pointer (&boards->record, lw_game_record_free);
  g_clear_pointer (&boards->standings, lw_standings_free);
  boards->record = g_steal_pointer (&record);
  boards->standings = standings;

  lw_event_board (boards->event, number, &board);
  lw_game_record_house_rules (boards->record, &rules);
  g_clear_pointer (&boards->dealt, lw_table_free);
  boards->dealt = lw_board_new_table (&board, &rules);
  boards->seats.seed = board.seed;
  boards->board = number;
  boards->round_over = FALSE;
  boards->game_over = FALSE;
  self->curtain_seat = LW_NO_SEAT;
  /* Hot-seat: every board starts behind the curtain; one person always
   * sees their own hand. */
  self->viewer = LW_NO_SEAT;
  if (lw_table_seats_n_people (&boards->seats) == 1)
    for (guint s = 0; s < boards->seats.n_players; s++)
      if (!boards->seats.computer[s])
        self->viewer = (int) s;
  lw_table_page_set_status (self, NULL, FALSE);
  return TRUE;
}

/* At the board's end: its round's facts entered as the board's result
 * (lw_store_add_event_board_result(), DUPLICATE D9; a refusal is shown in
 * words and nothing is stored), the store's watch told, and the round's
 * end said. */
static void
board_finish (LwTablePage *self)
{
  LwTableBoards *boards = self->boards;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRound) facts = lw_round_new ();
  g_autoptr (LwEvent) event = NULL;
  g_autofree char *text = NULL;
  LwStandings *after;
  const char *names[LW_MAX_SEATS];

  lw_table_round_facts (boards->dealt, lw_table_page_team_of (self), facts);
  event = lw_store_add_event_board_result (self->store, boards->event_id, boards->round, boards->table,
                                           boards->board, facts, &error);
  boards->round_over = TRUE;
  if (event == NULL)
    {
      g_autoptr (LwEvent) reread = lw_store_load_event (self->store, boards->event_id, NULL);

      /* TRANSLATORS: a board played at the virtual table that the store refused; %s says why (DUPLICATE D9) */
      text = g_strdup_printf (_("Board %u was not entered: %s"), boards->board, error->message);
      if (reread != NULL)
        {
          lw_event_free (boards->event);
          boards->event = g_steal_pointer (&reread);
        }
      boards->game_over = next_board (boards) == 0;
      lw_table_page_show_error (self, text);
      return;
    }
  lw_event_free (boards->event);
  boards->event = g_steal_pointer (&event);
  {
    LwStoreWatch *watch = lw_store_watch_find (self->store);

    if (watch != NULL)
      lw_store_watch_flush (watch);
  }
  boards->game_over = next_board (boards) == 0;

  /* The board's round, scored as its one-round game (D4). */
  g_ptr_array_add (boards->record->rounds, lw_round_copy (facts));
  after = lw_standings_compute (boards->record, NULL);
  if (after != NULL)
    {
      g_autofree char *words = NULL;

      lw_standings_free (boards->standings);
      boards->standings = after;
      /* The round's scoring, after who the nobody-declared rule charges
       * (SCORING R16); no "Round 1 is over": the board is the round. */
      words = lw_describe_round (boards->record, boards->standings,
                                 g_ptr_array_index (boards->standings->rounds, boards->standings->rounds->len - 1));
      if (lw_table_get_declarer (boards->dealt) == LW_NO_SEAT)
        {
          g_autofree char *declined = NULL;
          char *joined;

          lw_table_page_seat_names (self, names);
          declined = lw_describe_bidding (boards->dealt, names, TRUE);
          joined = g_strdup_printf ("%s\n%s", declined, words);
          g_free (words);
          words = joined;
        }
      text = boards->game_over
               /* TRANSLATORS: the last board of the event round played at the virtual table is stored; %s is how the round went */
               ? g_strdup_printf (_("Board %u is entered; the round’s boards are all done at this table. %s"),
                                  boards->board, words)
               /* TRANSLATORS: a board played at the virtual table is stored as its result; %s is how the round went */
               : g_strdup_printf (_("Board %u is entered. %s"), boards->board, words);
    }
  else
    text = g_strdup_printf (boards->game_over
                              ? _("Board %u is entered; the round’s boards are all done at this table. %s")
                              : _("Board %u is entered. %s"), boards->board, "");
  lw_table_page_set_status (self, g_strchomp (text), FALSE);
}

void
lw_table_page_board_after_change (LwTablePage *self)
{
  LwTableBoards *boards = self->boards;
  int turn;

  if (boards->dealt == NULL)
    return;
  if (lw_table_get_phase (boards->dealt) == LW_PHASE_END && !boards->round_over)
    board_finish (self);
  turn = lw_table_get_turn (boards->dealt);
  if (!boards->round_over && turn != LW_NO_SEAT && boards->seats.computer[turn] && !boards->busy)
    lw_table_page_board_start_bot (self);
}

gboolean
lw_table_page_board_apply (LwTablePage     *self,
                           const LwAction  *action,
                           GError         **error)
{
  /* Nothing is saved while a board is played. */
  if (!lw_table_apply (self->boards->dealt, action, error))
    return FALSE;
  lw_table_page_after_change (self);
  return TRUE;
}

const LwTable *
lw_table_page_board_table (LwTablePage *self)
{
  return self->boards->dealt;
}

const LwGameRecord *
lw_table_page_board_record (LwTablePage *self)
{
  return self->boards->record;
}

const LwStandings *
lw_table_page_board_standings (LwTablePage *self)
{
  return self->boards->standings;
}

const LwTableSeats *
lw_table_page_board_seats (LwTablePage *self)
{
  return &self->boards->seats;
}

gboolean
lw_table_page_board_round_over (LwTablePage *self)
{
  return self->boards->round_over;
}

gboolean
lw_table_page_board_game_over (LwTablePage *self)
{
  return self->boards->game_over;
}

gboolean
lw_table_page_board_busy (LwTablePage *self)
{
  return self->boards->busy;
}

gboolean
lw_table_page_board_next (LwTablePage  *self,
                          GError      **error)
{
  guint number = next_board (self->boards);

  if (number == 0)
    {
      self->boards->game_over = TRUE;
      set_all_entered (error, self->boards);
      return FALSE;
    }
  return deal_board (self, number, error);
}

void
lw_table_page_board_controls (LwTablePage *self)
{
  LwTableBoards *boards = self->boards;
  GtkWidget *widget = GTK_WIDGET (self);
  const LwEventTable *table = lw_event_get_table (boards->event, boards->round, boards->table, NULL);
  g_autofree char *heading = NULL;
  g_autofree char *subtitle = NULL;

  if (boards->board == 0)
    return;
  /* No game is stored: no score sheet, no replay of its rounds. */
  gtk_widget_action_set_enabled (widget, "table.show-scores", FALSE);
  gtk_widget_action_set_enabled (widget, "table.replay-round", FALSE);
  gtk_widget_set_visible (self->replay_button, FALSE);
  gtk_widget_set_visible (self->over_button, FALSE);
  gtk_widget_set_visible (self->scores_button, FALSE);
  gtk_button_set_label (GTK_BUTTON (self->next_button), _("_Next Board"));

  heading = g_strdup_printf (_("Board %u"), boards->board);
  if (table != NULL)
    subtitle = g_strdup_printf (_("Round %u · table %u · %s deals"), boards->round, boards->table,
                                lw_table_page_name_of (self, lw_board_dealer (table->n_seats, boards->board)));
  adw_window_title_set_title (self->title, heading);
  adw_window_title_set_subtitle (self->title, subtitle != NULL ? subtitle : "");
}

/* ------------------------------------------------------------------ */
/* Public API                                                           */
/* ------------------------------------------------------------------ */

void
lw_table_page_stop_boards (LwTablePage *self)
{
  g_return_if_fail (LW_IS_TABLE_PAGE (self));

  if (self->boards == NULL)
    return;
  lw_table_page_board_stop_bot (self);
  g_clear_pointer (&self->boards, boards_free);
  gtk_button_set_label (GTK_BUTTON (self->next_button), _("_Next Round"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.show-scores", TRUE);
  gtk_widget_set_visible (self->scores_button, TRUE);
}

gboolean
lw_table_page_play_boards (LwTablePage         *self,
                           gint64               event_id,
                           guint                round,
                           guint                table,
                           const LwTableSeats  *seats,
                           GError             **error)
{
  g_autoptr (LwEvent) event = NULL;
  const LwEventTable *t;
  LwTableBoards *boards;

  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  event = lw_store_load_event (self->store, event_id, error);
  if (event == NULL)
    return FALSE;
  if (event->config.format != LW_EVENT_DUPLICATE)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "event %" G_GINT64_FORMAT ": not a duplicate event: it has no boards", event_id);
      return FALSE;
    }
  t = lw_event_get_table (event, round, table, error);
  if (t == NULL)
    return FALSE;
  if (seats != NULL && seats->n_players != t->n_seats)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "event round %u, table %u: it has %u seats, the virtual table %u",
                   round, table, t->n_seats, seats->n_players);
      return FALSE;
    }

  boards = g_new0 (LwTableBoards, 1);
  boards->event_id = event_id;
  boards->round = round;
  boards->table = table;
  boards->event = g_steal_pointer (&event);
  if (next_board (boards) == 0)
    {
      set_all_entered (error, boards);
      boards_free (boards);
      return FALSE;
    }

  lw_table_page_stop_hosting (self);
  lw_table_page_stop_boards (self);
  lw_table_page_drop_session (self);
  self->boards = boards;
  lw_table_page_board_stop_bot (self);
  if (seats != NULL)
    boards->seats = *seats;
  else
    /* Every seat played on this device. */
    boards->seats.n_players = t->n_seats;
  lw_table_view_set_table (self->view, NULL, LW_NO_SEAT, NULL, NULL, FALSE);
  if (!deal_board (self, next_board (boards), error))
    {
      lw_table_page_stop_boards (self);
      return FALSE;
    }
  lw_table_page_after_change (self);
  return TRUE;
}

gint64
lw_table_page_get_event_id (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), 0);

  return self->boards != NULL ? self->boards->event_id : 0;
}

gboolean
lw_table_page_is_playing_boards (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);

  return self->boards != NULL;
}

guint
lw_table_page_get_board (LwTablePage *self)
{
  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), 0);

  return self->boards != NULL ? self->boards->board : 0;
}
