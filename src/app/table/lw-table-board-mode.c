/* lw-table-board-mode.c — the virtual table page playing a duplicate
 * event's boards at one table (docs/EVENTS.md "Playing a table's boards
 * at the virtual table")
 *
 * Board mode: the page plays the boards of one event round at one table,
 * each in a session of its own (lw_table_session_new_board(): dealt from
 * the board exactly, DUPLICATE D1, with the board's one-round game, the
 * table's players in their seats, partners as the event says, the board's
 * dealer, the event's rule set), shown as any game's session. No game is
 * stored and nothing is saved while a board is played; at the board's end
 * the session enters its round's facts as the board's result
 * (lw_store_add_event_board_result(), as Enter Board does; D9 refuses a
 * board already entered, and the page says so), and Next Board opens the
 * session of the round's next board not yet entered.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-duplicate.h"
#include "lw-table-page-private.h"

/* The first board of the event round not yet entered at the table as
 * @event says, 0 once they all are. */
static guint
next_board (const LwTableBoards *boards,
            const LwEvent       *event)
{
  guint first = lw_duplicate_first_board (event, boards->round);

  for (guint k = first; k < first + event->config.boards_per_round; k++)
    if (lw_event_find_board_result (event, boards->round, boards->table, k) == NULL)
      return k;
  return 0;
}

/* The board's session: the next board not yet entered at the table. */
static gboolean
deal_board (LwTablePage  *self,
            GError      **error)
{
  LwTableBoards *boards = self->boards;
  LwTableSession *session = lw_table_session_new_board (self->store, boards->event_id, boards->round,
                                                        boards->table, 0, &boards->seats, error);

  /* Hot-seat: every board starts behind the curtain; one person always
   * sees their own hand (lw_table_page_show_session()). */
  return session != NULL && lw_table_page_show_session (self, session, error);
}

gboolean
lw_table_page_board_all_done (LwTablePage *self)
{
  const LwEvent *event = self->session != NULL ? lw_table_session_get_event (self->session) : NULL;

  return event != NULL && lw_table_page_get_round_over (self) && next_board (self->boards, event) == 0;
}

void
lw_table_page_board_end (LwTablePage *self)
{
  const GError *refused = lw_table_session_get_board_error (self->session);
  const LwGameRecord *record = lw_table_page_get_record (self);
  const LwStandings *standings = lw_table_page_get_standings (self);
  const LwTable *table = lw_table_page_get_table (self);
  guint board = lw_table_session_get_board (self->session);
  gboolean done = lw_table_page_board_all_done (self);
  g_autofree char *text = NULL;
  g_autofree char *words = NULL;
  const char *names[LW_MAX_SEATS];

  if (refused != NULL)
    {
      /* TRANSLATORS: a board played at the virtual table that the store refused; %s says why (DUPLICATE D9) */
      text = g_strdup_printf (_("Board %u was not entered: %s"), board, refused->message);
      lw_table_page_show_error (self, text);
      return;
    }
  /* The board's round, scored as its one-round game (D4), after who the
   * nobody-declared rule charges (SCORING R16); no "Round 1 is over": the
   * board is the round. */
  if (standings->rounds->len == record->rounds->len && standings->rounds->len > 0)
    {
      words = lw_describe_round (record, standings,
                                 g_ptr_array_index (standings->rounds, standings->rounds->len - 1));
      if (lw_table_get_declarer (table) == LW_NO_SEAT)
        {
          g_autofree char *declined = NULL;
          char *joined;

          lw_table_page_seat_names (self, names);
          declined = lw_describe_bidding (table, names, TRUE);
          joined = g_strdup_printf ("%s\n%s", declined, words);
          g_free (words);
          words = joined;
        }
    }
  text = done
           /* TRANSLATORS: the last board of the event round played at the virtual table is stored; %s is how the round went */
           ? g_strdup_printf (_("Board %u is entered; the round’s boards are all done at this table. %s"), board,
                              words != NULL ? words : "")
           /* TRANSLATORS: a board played at the virtual table is stored as its result; %s is how the round went */
           : g_strdup_printf (_("Board %u is entered. %s"), board, words != NULL ? words : "");
  lw_table_page_set_status (self, g_strchomp (text), FALSE);
}

gboolean
lw_table_page_board_next (LwTablePage  *self,
                          GError      **error)
{
  const LwEvent *event = self->session != NULL ? lw_table_session_get_event (self->session) : NULL;

  if (event != NULL && next_board (self->boards, event) == 0)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "event round %u, table %u: the round's boards are all entered", self->boards->round,
                   self->boards->table);
      return FALSE;
    }
  return deal_board (self, error);
}

void
lw_table_page_board_controls (LwTablePage *self)
{
  LwTableBoards *boards = self->boards;
  GtkWidget *widget = GTK_WIDGET (self);
  const LwEvent *event = self->session != NULL ? lw_table_session_get_event (self->session) : NULL;
  /* Read only: lw_event_get_table() takes the event as it finds it. */
  const LwEventTable *table = event != NULL ? lw_event_get_table ((LwEvent *) event, boards->round, boards->table, NULL)
                                            : NULL;
  guint board = lw_table_page_get_board (self);
  g_autofree char *heading = NULL;
  g_autofree char *subtitle = NULL;

  if (board == 0)
    return;
  /* No game is stored: no score sheet, no replay of its rounds. */
  gtk_widget_action_set_enabled (widget, "table.show-scores", FALSE);
  gtk_widget_action_set_enabled (widget, "table.replay-round", FALSE);
  gtk_widget_set_visible (self->replay_button, FALSE);
  gtk_widget_set_visible (self->over_button, FALSE);
  gtk_widget_set_visible (self->scores_button, FALSE);
  gtk_button_set_label (GTK_BUTTON (self->next_button), _("_Next Board"));

  heading = g_strdup_printf (_("Board %u"), board);
  if (table != NULL)
    subtitle = g_strdup_printf (_("Round %u · table %u · %s deals"), boards->round, boards->table,
                                lw_table_page_name_of (self, lw_board_dealer (table->n_seats, board)));
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
  g_clear_pointer (&self->boards, g_free);
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
  g_autoptr (LwTableSession) session = NULL;
  LwTableBoards *boards;

  g_return_val_if_fail (LW_IS_TABLE_PAGE (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  /* The first board not yet entered (the event, round, table and seats
   * checked). */
  session = lw_table_session_new_board (self->store, event_id, round, table, 0, seats, error);
  if (session == NULL)
    return FALSE;

  lw_table_page_stop_hosting (self);
  lw_table_page_stop_boards (self);
  boards = g_new0 (LwTableBoards, 1);
  boards->event_id = event_id;
  boards->round = round;
  boards->table = table;
  boards->seats = *lw_table_session_get_seats (session);
  self->boards = boards;
  if (!lw_table_page_show_session (self, g_steal_pointer (&session), error))
    {
      lw_table_page_stop_boards (self);
      return FALSE;
    }
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

  return self->boards != NULL && self->session != NULL ? lw_table_session_get_board (self->session) : 0;
}
