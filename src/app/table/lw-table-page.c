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
 * the move is shown after a short pause. Between two people's turns a
 * curtain hides the table until the next player says who they are.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-card-renderer.h"
#include "lw-replay-window.h"
#include "lw-store-table.h"
#include "lw-table-page-private.h"

#define DEFAULT_PAUSE_MS 600

struct _LwTablePage
{
  AdwBin parent_instance;

  /* template widgets */
  AdwWindowTitle *title;
  GtkStack *stack;
  LwTableView *view;
  GtkLabel *status_label;
  GtkWidget *declare_button;
  GtkWidget *decline_button;
  GtkWidget *discard_button;
  GtkWidget *play_button;
  GtkWidget *next_button;
  GtkWidget *over_button;
  GtkWidget *replay_button;
  GtkWidget *tools_box;
  GtkToggleButton *last_trick_button;
  AdwStatusPage *curtain;
  GtkButton *confirm_button;

  /* owned */
  LwStore *store;
  LwGameRecord *record;
  LwStandings *standings;
  LwTable *table;
  char *seats_json;
  char *status;
  GArray *choices;          /* LwPlay: readings of a lead waiting for an answer */

  LwTableSeats seats;
  gint64 id;
  guint round_number;       /* the game's round the table deals, 1-based */
  int viewer;               /* the person whose hand is shown */
  int curtain_seat;         /* waiting for this person, or LW_NO_SEAT */
  guint generation;         /* bumped whenever the table is replaced */
  guint pause_ms;
  guint bot_timeout;
  LwAction bot_action;
  gboolean busy;
  gboolean round_over;
  gboolean game_over;
  gboolean status_is_error;
};

G_DEFINE_FINAL_TYPE (LwTablePage, lw_table_page, ADW_TYPE_BIN)

static void after_change (LwTablePage *self);

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static const int *
team_of (LwTablePage *self)
{
  return self->record != NULL && self->record->n_teams > 0 ? self->record->team_of : NULL;
}

static const char *
name_of (LwTablePage *self,
         int          seat)
{
  if (self->record == NULL || seat < 0 || (guint) seat >= self->record->n_players)
    return "";
  return lw_game_record_current_player (self->record, seat);
}

static void
set_status (LwTablePage *self,
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

static void
show_error (LwTablePage *self,
            const char  *message)
{
  g_autofree char *text = lw_message_capitalize (message);

  set_status (self, text, TRUE);
  gtk_widget_error_bell (GTK_WIDGET (self));
}

/* The people's cards in short with suit symbols: "9♠ 9♣ Big Bear". */
static char *
describe_cards (const LwCard *cards,
                guint         n)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *card = lw_card_face_short (lw_card_face (cards[i]));

      if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, card);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
save (LwTablePage  *self,
      GError      **error)
{
  g_autofree char *json = NULL;

  if (self->table != NULL && !self->round_over)
    json = lw_table_to_json (self->table);
  return lw_store_save_table (self->store, self->id, self->seats_json,
                              json != NULL ? self->round_number : 0, json, error);
}

static gboolean
reload_record (LwTablePage  *self,
               GError      **error)
{
  g_autoptr (LwStoredGame) game = lw_store_load_game (self->store, self->id, error);
  g_autoptr (LwStandings) standings = NULL;

  if (game == NULL)
    return FALSE;
  standings = lw_standings_compute (game->record, error);
  if (standings == NULL)
    return FALSE;
  g_clear_pointer (&self->record, lw_game_record_free);
  g_clear_pointer (&self->standings, lw_standings_free);
  self->record = g_steal_pointer (&game->record);
  self->standings = g_steal_pointer (&standings);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Showing                                                              */
/* ------------------------------------------------------------------ */

static void
refresh_view (LwTablePage *self)
{
  const char *names[LW_MAX_SEATS];
  int scores[LW_MAX_SEATS];
  gboolean interactive;
  int turn;

  if (self->table == NULL || self->record == NULL)
    return;
  turn = lw_table_get_turn (self->table);
  for (guint s = 0; s < self->record->n_players; s++)
    {
      names[s] = lw_game_record_current_player (self->record, s);
      scores[s] = self->standings->scores[lw_game_record_side_of (self->record, (int) s)];
    }
  interactive = !self->busy && !self->round_over && turn == self->viewer && self->curtain_seat == LW_NO_SEAT;
  lw_table_view_set_table (self->view, self->table, self->viewer, names, scores, interactive);
}

static void
update_controls (LwTablePage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  LwPhase phase = self->table != NULL ? lw_table_get_phase (self->table) : LW_PHASE_END;
  int turn = self->table != NULL ? lw_table_get_turn (self->table) : LW_NO_SEAT;
  gboolean mine = self->table != NULL && !self->busy && !self->round_over && turn == self->viewer
                  && turn != LW_NO_SEAT && self->curtain_seat == LW_NO_SEAT;
  gboolean can_undo = FALSE;
  g_autofree char *subtitle = NULL;
  g_autofree char *heading = NULL;

  gtk_widget_set_visible (self->declare_button, mine && phase == LW_PHASE_BID);
  gtk_widget_set_visible (self->decline_button, mine && phase == LW_PHASE_BID);
  gtk_widget_set_visible (self->discard_button, mine && phase == LW_PHASE_EXCHANGE);
  gtk_widget_set_visible (self->play_button, mine && phase == LW_PHASE_PLAY);
  gtk_widget_set_visible (self->next_button, self->round_over && !self->game_over);
  gtk_widget_set_visible (self->over_button, self->game_over);
  gtk_widget_set_visible (self->replay_button, self->round_over);

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

  /* Undo: the one person's last action, against computer seats only. */
  if (self->table != NULL && !self->round_over && lw_table_seats_n_people (&self->seats) == 1)
    {
      const GArray *log = lw_table_get_log (self->table);

      for (guint i = 0; i < log->len && !can_undo; i++)
        can_undo = !self->seats.computer[g_array_index (log, LwAction, i).seat];
    }
  gtk_widget_action_set_enabled (widget, "table.undo", can_undo);
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

/* The line under the table: whose turn and what to do. */
static void
update_status (LwTablePage *self)
{
  g_autofree char *text = NULL;
  LwPhase phase;
  int turn;

  if (self->table == NULL || self->round_over)
    return;
  phase = lw_table_get_phase (self->table);
  turn = lw_table_get_turn (self->table);

  if (self->busy || (turn != LW_NO_SEAT && self->seats.computer[turn]))
    /* TRANSLATORS: a computer seat is choosing its move */
    text = g_strdup_printf (_("%s is thinking…"), name_of (self, turn));
  else if (phase == LW_PHASE_BID)
    {
      LwSuit trump = lw_table_get_trump (self->table);
      g_autofree char *suit = trump == LW_NO_TRUMP
                              ? g_strdup (_("No Trump"))
                              : g_strdup_printf ("%s %s", lw_suit_symbol (trump), lw_suit_name (trump));

      if (turn == lw_table_get_dealer (self->table))
        /* TRANSLATORS: the Dealer's choice; %s the player, then the trump ("♥ Hearts" or "No Trump") */
        text = g_strdup_printf (_("%s, you dealt: Declare to take the Pups, play %s and lead, or Decline."),
                                name_of (self, turn), suit);
      else
        /* TRANSLATORS: %s the player, then the trump ("♥ Hearts" or "No Trump") */
        text = g_strdup_printf (_("%s: Declare to play %s and lead, or Decline."), name_of (self, turn), suit);
    }
  else if (phase == LW_PHASE_EXCHANGE)
    /* TRANSLATORS: the declaring Dealer's discard; %u cards selected so far */
    text = g_strdup_printf (_("%s: choose 4 cards to discard face down (%u selected)."),
                            name_of (self, turn),
                            (guint) __builtin_popcount (lw_table_view_get_selection (self->view)));
  else if (lw_table_get_lead (self->table) == NULL)
    /* TRANSLATORS: the four Hands a Leader may play */
    text = g_strdup_printf (_("%s to lead: a Single, a Pair, a Set or a Run."), name_of (self, turn));
  else
    {
      guint n = lw_table_get_lead (self->table)->n;

      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s to follow with %u card.",
                                           "%s to follow with %u cards.", n),
                              name_of (self, turn), n);
    }
  set_status (self, text, FALSE);
}

static void
show_curtain (LwTablePage *self,
              int          seat)
{
  g_autofree char *title = NULL;
  g_autofree char *button = NULL;

  self->curtain_seat = seat;
  /* TRANSLATORS: hot-seat play: the device goes to the next person */
  title = g_strdup_printf (_("Pass the device to %s"), name_of (self, seat));
  /* TRANSLATORS: the button the next person presses to see their hand */
  button = g_strdup_printf (_("I am %s"), name_of (self, seat));
  adw_status_page_set_title (self->curtain, title);
  gtk_button_set_label (self->confirm_button, button);
  gtk_stack_set_visible_child_name (self->stack, "curtain");
}

/* ------------------------------------------------------------------ */
/* Computer seats                                                       */
/* ------------------------------------------------------------------ */

typedef struct
{
  LwTable   *table;
  LwBotLevel level;
  int        team_of[LW_MAX_SEATS];
  gboolean   teams;
  guint64    seed;
} BotTask;

static void
bot_task_free (gpointer data)
{
  BotTask *task = data;

  lw_table_free (task->table);
  g_free (task);
}

static void
bot_thread (GTask        *task,
            gpointer      source,
            gpointer      task_data,
            GCancellable *cancellable)
{
  BotTask *data = task_data;
  LwAction *action = g_new0 (LwAction, 1);
  LwRng rng;

  lw_rng_init (&rng, data->seed);
  lw_bot_choose (data->table, data->level, data->teams ? data->team_of : NULL, &rng, action);
  g_task_return_pointer (task, action, g_free);
}

static gboolean apply_action (LwTablePage *self, const LwAction *action, GError **error);

static void
apply_bot_move (LwTablePage *self)
{
  g_autoptr (GError) error = NULL;

  self->bot_timeout = 0;
  self->busy = FALSE;
  if (!apply_action (self, &self->bot_action, &error))
    show_error (self, error->message);
}

static void
bot_timeout_cb (gpointer user_data)
{
  apply_bot_move (LW_TABLE_PAGE (user_data));
}

static void
bot_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  LwTablePage *self = LW_TABLE_PAGE (source);
  guint generation = GPOINTER_TO_UINT (user_data);
  g_autofree LwAction *action = g_task_propagate_pointer (G_TASK (result), NULL);
  gint64 started = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (result), "lw-started"));
  gint64 waited = (g_get_monotonic_time () - started) / 1000;

  /* The table was replaced meanwhile (undo, another game). */
  if (action == NULL || generation != self->generation || self->table == NULL)
    return;
  self->bot_action = *action;
  if (waited < (gint64) self->pause_ms)
    self->bot_timeout = g_timeout_add_once (self->pause_ms - (guint) waited, bot_timeout_cb, self);
  else
    apply_bot_move (self);
}

static void
start_bot (LwTablePage *self)
{
  g_autoptr (GTask) task = NULL;
  BotTask *data = g_new0 (BotTask, 1);
  int turn = lw_table_get_turn (self->table);

  self->busy = TRUE;
  data->table = lw_table_copy (self->table);
  data->level = self->seats.level[turn];
  data->teams = team_of (self) != NULL;
  if (data->teams)
    memcpy (data->team_of, self->record->team_of, sizeof data->team_of);
  /* The same round, log and seat always give the same move. */
  data->seed = lw_seed_mix (lw_table_seats_round_seed (&self->seats, self->round_number - 1),
                            lw_table_get_log (self->table)->len);

  task = g_task_new (self, NULL, bot_done_cb, GUINT_TO_POINTER (self->generation));
  g_object_set_data (G_OBJECT (task), "lw-started", GSIZE_TO_POINTER ((gsize) g_get_monotonic_time ()));
  g_task_set_task_data (task, data, bot_task_free);
  g_task_run_in_thread (task, bot_thread);
}

static void
stop_bot (LwTablePage *self)
{
  self->generation++;
  self->busy = FALSE;
  if (self->bot_timeout != 0)
    g_source_remove (self->bot_timeout);
  self->bot_timeout = 0;
}

/* ------------------------------------------------------------------ */
/* The round                                                            */
/* ------------------------------------------------------------------ */

static void
finish_round (LwTablePage *self)
{
  g_autoptr (LwRound) round = lw_round_new ();
  g_autoptr (GError) error = NULL;
  const LwRoundResult *result;
  g_autofree char *summary = NULL;
  g_autofree char *text = NULL;
  g_autofree char *log = NULL;

  lw_table_round_facts (self->table, team_of (self), round);
  log = lw_table_to_json (self->table);
  /* The round and its log, kept for a replay, in one transaction. */
  if (!lw_store_append_virtual_round (self->store, self->id, round, log, NULL, &error)
      || !reload_record (self, &error))
    {
      show_error (self, error->message);
      return;
    }
  self->round_over = TRUE;
  self->game_over = self->standings->finished;
  if (self->game_over)
    {
      if (!lw_store_remove_table (self->store, self->id, &error))
        show_error (self, error->message);
    }
  else if (!save (self, &error))
    show_error (self, error->message);

  result = g_ptr_array_index (self->standings->rounds, self->standings->rounds->len - 1);
  summary = lw_describe_round (self->record, self->standings, result);
  if (self->game_over && self->standings->winner != LW_NO_SEAT)
    {
      g_autofree char *winner = lw_game_record_side_name (self->record, self->standings->winner);

      /* TRANSLATORS: the end of the game; %s the winner, then the last round's scoring */
      text = g_strdup_printf (self->standings->skunk ? _("%s wins the game with a skunk!\n%s")
                                                     : _("%s wins the game!\n%s"), winner, summary);
    }
  else
    /* TRANSLATORS: the end of a round; %u its number, %s its scoring */
    text = g_strdup_printf (_("Round %u is over. %s"), self->round_number, summary);
  set_status (self, text, FALSE);
  if (error == NULL)
    set_status (self, text, FALSE);
}

static gboolean
new_round (LwTablePage  *self,
           GError      **error)
{
  LwHouseRules rules;

  stop_bot (self);
  g_clear_pointer (&self->table, lw_table_free);
  self->round_number = self->record->rounds->len + 1;
  /* The game's house rules (TRICKS T9, T22), as stored with it; a saved
   * round keeps those it was dealt with (lw_table_from_json()). */
  lw_game_record_house_rules (self->record, &rules);
  self->table = lw_table_new (self->record->n_players, self->standings->next_dealer,
                              lw_table_seats_round_seed (&self->seats, self->record->rounds->len), &rules);
  self->round_over = FALSE;
  self->game_over = FALSE;
  /* Hot-seat: every new deal starts behind the curtain. */
  if (lw_table_seats_n_people (&self->seats) > 1)
    self->viewer = LW_NO_SEAT;
  return save (self, error);
}

/* After every change: the round's end, a computer's move, the curtain or
 * the person's turn. */
static void
after_change (LwTablePage *self)
{
  int turn;

  if (self->table == NULL)
    return;
  if (lw_table_get_phase (self->table) == LW_PHASE_END && !self->round_over)
    finish_round (self);

  turn = lw_table_get_turn (self->table);
  self->curtain_seat = LW_NO_SEAT;
  if (!self->round_over && turn != LW_NO_SEAT)
    {
      if (self->seats.computer[turn])
        {
          if (!self->busy)
            start_bot (self);
        }
      else if (turn != self->viewer)
        {
          if (lw_table_seats_n_people (&self->seats) > 1)
            show_curtain (self, turn);
          else
            self->viewer = turn;
        }
    }
  if (self->curtain_seat == LW_NO_SEAT)
    gtk_stack_set_visible_child_name (self->stack, "table");

  refresh_view (self);
  update_status (self);
  update_controls (self);
  gtk_toggle_button_set_active (self->last_trick_button, FALSE);
}

static gboolean
apply_action (LwTablePage     *self,
              const LwAction  *action,
              GError         **error)
{
  g_autoptr (GError) local = NULL;

  if (!lw_table_apply (self->table, action, error))
    return FALSE;
  if (!save (self, &local))
    show_error (self, local->message);
  after_change (self);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Actions                                                              */
/* ------------------------------------------------------------------ */

static void
bid (LwTablePage  *self,
     LwActionKind  kind)
{
  LwAction action = { 0 };
  g_autoptr (GError) error = NULL;

  action.kind = kind;
  action.seat = lw_table_get_turn (self->table);
  if (!apply_action (self, &action, &error))
    show_error (self, error->message);
}

static void
declare_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  bid (LW_TABLE_PAGE (widget), LW_ACTION_DECLARE);
}

static void
decline_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  bid (LW_TABLE_PAGE (widget), LW_ACTION_DECLINE);
}

/* The selected cards of the viewer's hand. */
static guint
selected_cards (LwTablePage *self,
                LwCard      *cards)
{
  guint n = 0, n_sel = 0;
  const LwCard *hand = lw_table_get_hand (self->table, self->viewer, &n);
  guint32 mask = lw_table_view_get_selection (self->view);

  for (guint i = 0; i < n; i++)
    if (mask & (1u << i))
      cards[n_sel++] = hand[i];
  return n_sel;
}

static void
discard_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  LwTablePage *self = LW_TABLE_PAGE (widget);
  LwAction action = { 0 };
  LwCard cards[LW_MAX_HAND];
  g_autoptr (GError) error = NULL;
  guint n = selected_cards (self, cards);

  if (n != 4)
    {
      /* TRANSLATORS: the Dealer's discard needs exactly four cards */
      g_autofree char *text = g_strdup_printf (_("Select exactly 4 cards to discard, not %u."), n);
      show_error (self, text);
      return;
    }
  action.kind = LW_ACTION_DISCARD;
  action.seat = lw_table_get_turn (self->table);
  lw_play_set (&action.play, cards, n);
  if (!apply_action (self, &action, &error))
    show_error (self, error->message);
}

/* @lead with its cards replaced by the selected ones of the same faces
 * (two decks: the copies the person picked). */
static void
play_with_cards (const LwPlay *lead,
                 const LwCard *cards,
                 guint         n,
                 LwPlay       *out)
{
  gboolean used[LW_MAX_PLAY] = { FALSE };

  *out = *lead;
  for (guint i = 0; i < lead->n; i++)
    for (guint j = 0; j < n; j++)
      if (!used[j] && lw_card_face (cards[j]) == lw_card_face (lead->cards[i]))
        {
          out->cards[i] = cards[j];
          used[j] = TRUE;
          break;
        }
}

static gboolean
same_faces (const LwPlay *play,
            const LwCard *cards,
            guint         n)
{
  guint8 a[LW_N_FACES] = { 0 }, b[LW_N_FACES] = { 0 };

  if (play->n != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      a[lw_card_face (play->cards[i])]++;
      b[lw_card_face (cards[i])]++;
    }
  return memcmp (a, b, sizeof a) == 0;
}

static void
play_cards (LwTablePage  *self,
            const LwPlay *play)
{
  LwAction action = { 0 };
  g_autoptr (GError) error = NULL;

  action.kind = LW_ACTION_PLAY;
  action.seat = lw_table_get_turn (self->table);
  action.play = *play;
  if (!apply_action (self, &action, &error))
    show_error (self, error->message);
}

/* "Little Wolf as 7♠, Big Bear as 9" */
static char *
describe_reading (const LwPlay *play)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < play->n; i++)
    if (play->as_rank[i] >= 0)
      {
        g_autofree char *card = lw_card_face_name (lw_card_face (play->cards[i]));
        const char *suit = play->as_suit[i] < LW_SUIT_NONE ? lw_suit_symbol (play->as_suit[i]) : "";

        if (text->len > 0)
          g_string_append (text, ", ");
        /* TRANSLATORS: what a wildcard stands for in a lead, "Little Wolf as 7♠" */
        g_string_append_printf (text, _("%s as %s%s"), card, lw_rank_to_string ((guint) play->as_rank[i]), suit);
      }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
choice_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  LwTablePage *self = LW_TABLE_PAGE (user_data);
  guint64 k;

  if (g_ascii_string_to_unsigned (response, 10, 0, self->choices->len - 1, &k, NULL)
      && self->table != NULL && lw_table_get_turn (self->table) == self->viewer)
    play_cards (self, &g_array_index (self->choices, LwPlay, k));
  g_array_set_size (self->choices, 0);
}

static int
compare_readings (gconstpointer a,
                  gconstpointer b)
{
  const LwPlay *pa = a, *pb = b;
  int ra = -1, rb = -1;

  /* The higher reading first (TRICKS §3: a Run's higher top card first). */
  for (guint i = 0; i < pa->n; i++)
    ra = MAX (ra, pa->as_rank[i]);
  for (guint i = 0; i < pb->n; i++)
    rb = MAX (rb, pb->as_rank[i]);
  return rb - ra;
}

static void
ask_reading (LwTablePage *self)
{
  GtkWidget *dialog;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  g_array_sort (self->choices, compare_readings);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   /* TRANSLATORS: a wildcard (Big Bear, Little Wolf) in a lead can stand for more than one card */
                                   _("What Does the Wildcard Stand For?"),
                                   _("These cards can be led in more than one way."));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"));
  for (guint k = 0; k < self->choices->len; k++)
    {
      g_autofree char *id = g_strdup_printf ("%u", k);
      g_autofree char *label = describe_reading (&g_array_index (self->choices, LwPlay, k));

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), id, label);
    }
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "0");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (choice_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
play_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LwTablePage *self = LW_TABLE_PAGE (widget);
  LwCard cards[LW_MAX_HAND];
  guint n = selected_cards (self, cards);
  LwPlay play;

  if (n == 0)
    {
      show_error (self, _("Select the cards to play first."));
      return;
    }
  if (n > LW_MAX_PLAY)
    n = LW_MAX_PLAY;

  if (lw_table_get_lead (self->table) == NULL)
    {
      g_autoptr (GArray) leads = g_array_new (FALSE, FALSE, sizeof (LwPlay));
      g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);

      /* The legal leads of these cards; more than one reading of the
       * wildcards is asked about, one is played as it is. */
      lw_table_legal_leads (self->table, leads);
      g_array_set_size (self->choices, 0);
      for (guint k = 0; k < leads->len; k++)
        {
          const LwPlay *lead = &g_array_index (leads, LwPlay, k);
          g_autofree char *text = NULL;
          gboolean dup = FALSE;

          if (!same_faces (lead, cards, n))
            continue;
          text = lw_play_format (lead);
          for (guint j = 0; j < seen->len && !dup; j++)
            dup = strcmp (seen->pdata[j], text) == 0;
          if (dup)
            continue;
          g_ptr_array_add (seen, g_steal_pointer (&text));
          play_with_cards (lead, cards, n, &play);
          g_array_append_val (self->choices, play);
        }
      if (self->choices->len == 1)
        {
          play = g_array_index (self->choices, LwPlay, 0);
          g_array_set_size (self->choices, 0);
          play_cards (self, &play);
          return;
        }
      if (self->choices->len > 1)
        {
          ask_reading (self);
          return;
        }
    }

  /* A follow, or cards that make no lead: the engine says why. */
  lw_play_set (&play, cards, n);
  play_cards (self, &play);
}

static void
next_round_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LwTablePage *self = LW_TABLE_PAGE (widget);
  g_autoptr (GError) error = NULL;

  if (!new_round (self, &error))
    show_error (self, error->message);
  after_change (self);
}

static void
confirm_seat_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LwTablePage *self = LW_TABLE_PAGE (widget);

  if (self->curtain_seat == LW_NO_SEAT)
    return;
  self->viewer = self->curtain_seat;
  after_change (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LwTablePage *self = LW_TABLE_PAGE (widget);
  LwAction action;
  LwRng rng;
  g_autofree char *text = NULL;
  guint n = 0;
  const LwCard *hand;

  if (self->table == NULL || lw_table_get_turn (self->table) != self->viewer)
    return;
  lw_rng_init (&rng, lw_table_get_log (self->table)->len);
  lw_bot_choose (self->table, LW_BOT_NORMAL, team_of (self), &rng, &action);

  if (action.kind == LW_ACTION_DECLARE)
    /* TRANSLATORS: the hint during the bidding */
    text = g_strdup (_("Hint: Declare."));
  else if (action.kind == LW_ACTION_DECLINE)
    text = g_strdup (_("Hint: Decline."));
  else
    {
      g_autofree char *cards = describe_cards (action.play.cards, action.play.n);
      guint32 mask = 0;
      gboolean taken[LW_MAX_HAND] = { FALSE };

      hand = lw_table_get_hand (self->table, self->viewer, &n);
      for (guint c = 0; c < action.play.n; c++)
        for (guint i = 0; i < n; i++)
          if (!taken[i] && hand[i] == action.play.cards[c])
            {
              taken[i] = TRUE;
              mask |= 1u << i;
              break;
            }
      lw_table_view_set_selection (self->view, mask);
      /* TRANSLATORS: the hint: the cards a Normal computer player would play (they are selected) */
      text = g_strdup_printf (action.kind == LW_ACTION_DISCARD ? _("Hint: discard %s.") : _("Hint: play %s."), cards);
    }
  set_status (self, text, FALSE);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LwTablePage *self = LW_TABLE_PAGE (widget);
  const GArray *log;
  g_autoptr (GError) error = NULL;
  LwTable *earlier;
  guint i;

  if (self->table == NULL)
    return;
  log = lw_table_get_log (self->table);
  for (i = log->len; i-- > 0;)
    if (!self->seats.computer[g_array_index (log, LwAction, i).seat])
      break;
  if (i == G_MAXUINT)
    return;

  earlier = lw_table_replay_prefix (self->table, i, &error);
  if (earlier == NULL)
    {
      show_error (self, error->message);
      return;
    }
  stop_bot (self);
  lw_table_free (self->table);
  self->table = earlier;
  if (!save (self, &error))
    show_error (self, error->message);
  /* The view starts afresh: no animation of a step backwards. */
  lw_table_view_set_table (self->view, NULL, LW_NO_SEAT, NULL, NULL, FALSE);
  after_change (self);
  /* TRANSLATORS: after an undo */
  set_status (self, _("Your last play was taken back."), FALSE);
}

/* "table.replay-round": the round just finished, trick by trick. */
static void
replay_round_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LwTablePage *self = LW_TABLE_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autoptr (GError) error = NULL;
  LwReplayWindow *replay;

  if (!self->round_over)
    return;
  replay = lw_replay_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->store,
                                 self->id, self->round_number, &error);
  if (replay == NULL)
    {
      show_error (self, error->message);
      return;
    }
  gtk_window_present (GTK_WINDOW (replay));
}

static void
show_scores_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  LwTablePage *self = LW_TABLE_PAGE (widget);

  gtk_widget_activate_action (widget, "win.open-scores", "x", self->id);
}

static void
view_activate_play_cb (LwTablePage *self)
{
  if (self->table == NULL)
    return;
  if (lw_table_get_phase (self->table) == LW_PHASE_EXCHANGE)
    gtk_widget_activate_action (GTK_WIDGET (self), "table.discard", NULL);
  else if (lw_table_get_phase (self->table) == LW_PHASE_PLAY)
    gtk_widget_activate_action (GTK_WIDGET (self), "table.play", NULL);
}

static void
view_selection_changed_cb (LwTablePage *self)
{
  if (self->table == NULL)
    return;
  update_controls (self);
  if (!self->status_is_error && lw_table_get_phase (self->table) == LW_PHASE_EXCHANGE)
    update_status (self);
}

static void
last_trick_toggled_cb (LwTablePage *self)
{
  lw_table_view_set_show_last_trick (self->view, gtk_toggle_button_get_active (self->last_trick_button));
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

  stop_bot (self);
  self->id = id;
  if (!reload_record (self, error))
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
  else if (!new_round (self, error))
    return FALSE;

  /* One person: their hand is always the one shown. */
  if (lw_table_seats_n_people (&self->seats) == 1)
    for (guint s = 0; s < self->seats.n_players; s++)
      if (!self->seats.computer[s])
        self->viewer = (int) s;

  set_status (self, NULL, FALSE);
  after_change (self);
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

  stop_bot (self);
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
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, last_trick_button);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, curtain);
  gtk_widget_class_bind_template_child (widget_class, LwTablePage, confirm_button);
  gtk_widget_class_bind_template_callback (widget_class, view_activate_play_cb);
  gtk_widget_class_bind_template_callback (widget_class, view_selection_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, last_trick_toggled_cb);

  gtk_widget_class_install_action (widget_class, "table.declare", NULL, declare_action);
  gtk_widget_class_install_action (widget_class, "table.decline", NULL, decline_action);
  gtk_widget_class_install_action (widget_class, "table.discard", NULL, discard_action);
  gtk_widget_class_install_action (widget_class, "table.play", NULL, play_action);
  gtk_widget_class_install_action (widget_class, "table.next-round", NULL, next_round_action);
  gtk_widget_class_install_action (widget_class, "table.confirm-seat", NULL, confirm_seat_action);
  gtk_widget_class_install_action (widget_class, "table.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "table.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "table.show-scores", NULL, show_scores_action);
  gtk_widget_class_install_action (widget_class, "table.replay-round", NULL, replay_round_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "table.undo", NULL);
}

static void
lw_table_page_init (LwTablePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->choices = g_array_new (FALSE, FALSE, sizeof (LwPlay));
  self->viewer = LW_NO_SEAT;
  self->curtain_seat = LW_NO_SEAT;
  self->pause_ms = DEFAULT_PAUSE_MS;
}
