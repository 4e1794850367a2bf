/* lw-table-actions.c — the virtual table page's actions: bidding,
 * discarding, playing (asking what a wildcard stands for when a lead
 * reads more than one way), the next round, the curtain's "I am …",
 * hint, undo, the replay and the scores; and the view's callbacks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-card-renderer.h"
#include "lw-replay-window.h"
#include "lw-table-page-private.h"
#include "lw-widget-actions.h"

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

static void
bid (LwTablePage  *self,
     LwActionKind  kind)
{
  LwAction action = { 0 };
  g_autoptr (GError) error = NULL;

  action.kind = kind;
  action.seat = lw_table_get_turn (lw_table_page_get_table (self));
  if (!lw_table_page_apply_action (self, &action, &error))
    lw_table_page_show_error (self, error->message);
}

static void
declare_action (LwTablePage *self,
                GVariant    *parameter)
{
  bid (self, LW_ACTION_DECLARE);
}

static void
decline_action (LwTablePage *self,
                GVariant    *parameter)
{
  bid (self, LW_ACTION_DECLINE);
}

/* The selected cards of the viewer's hand. */
static guint
selected_cards (LwTablePage *self,
                LwCard      *cards)
{
  guint n = 0, n_sel = 0;
  const LwCard *hand = lw_table_get_hand (lw_table_page_get_table (self), self->viewer, &n);
  guint32 mask = lw_table_view_get_selection (self->view);

  for (guint i = 0; i < n; i++)
    if (mask & (1u << i))
      cards[n_sel++] = hand[i];
  return n_sel;
}

static void
discard_action (LwTablePage *self,
                GVariant    *parameter)
{
  LwAction action = { 0 };
  LwCard cards[LW_MAX_HAND];
  g_autoptr (GError) error = NULL;
  guint n = selected_cards (self, cards);

  if (n != 4)
    {
      /* TRANSLATORS: the Dealer's discard needs exactly four cards */
      g_autofree char *text = g_strdup_printf (_("Select exactly 4 cards to discard, not %u."), n);
      lw_table_page_show_error (self, text);
      return;
    }
  action.kind = LW_ACTION_DISCARD;
  action.seat = lw_table_get_turn (lw_table_page_get_table (self));
  lw_play_set (&action.play, cards, n);
  if (!lw_table_page_apply_action (self, &action, &error))
    lw_table_page_show_error (self, error->message);
}

/* @lead with its cards replaced by the selected ones of the same faces
 * (two decks: the copies the person picked). */
static void
play_cards (LwTablePage  *self,
            const LwPlay *play)
{
  LwAction action = { 0 };
  g_autoptr (GError) error = NULL;

  action.kind = LW_ACTION_PLAY;
  action.seat = lw_table_get_turn (lw_table_page_get_table (self));
  action.play = *play;
  if (!lw_table_page_apply_action (self, &action, &error))
    lw_table_page_show_error (self, error->message);
}

static void
choice_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  LwTablePage *self = LW_TABLE_PAGE (user_data);
  guint64 k;

  /* No readings left: the question was answered already. */
  if (self->choices->len > 0
      && g_ascii_string_to_unsigned (response, 10, 0, self->choices->len - 1, &k, NULL)
      && lw_table_page_get_table (self) != NULL && lw_table_get_turn (lw_table_page_get_table (self)) == self->viewer)
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
      g_autofree char *label = lw_describe_wildcards (&g_array_index (self->choices, LwPlay, k));

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), id, label);
    }
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "0");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (choice_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
play_action (LwTablePage *self,
             GVariant    *parameter)
{
  LwCard cards[LW_MAX_HAND];
  guint n = selected_cards (self, cards);
  LwPlay play;

  if (n == 0)
    {
      lw_table_page_show_error (self, _("Select the cards to play first."));
      return;
    }
  if (n > LW_MAX_PLAY)
    n = LW_MAX_PLAY;

  if (lw_table_get_lead (lw_table_page_get_table (self)) == NULL)
    {
      /* The readings of these cards as a lead; more than one reading of
       * the wildcards is asked about, one is played as it is. */
      g_array_set_size (self->choices, 0);
      lw_table_lead_readings (lw_table_page_get_table (self), cards, n, self->choices);
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

  /* A follow the rules refuse is said in words (TRICKS §4); cards that
   * make no lead: the engine says why. */
  if (lw_table_get_lead (lw_table_page_get_table (self)) != NULL)
    {
      LwRefusal refusal;
      guint n_hand;
      const LwCard *hand = lw_table_get_hand (lw_table_page_get_table (self), lw_table_get_turn (lw_table_page_get_table (self)), &n_hand);

      if (lw_follow_refusal (lw_table_get_lead (lw_table_page_get_table (self)), hand, n_hand, cards, n, &refusal))
        {
          g_autofree char *text = lw_describe_refusal (&refusal, hand, n_hand);

          lw_table_page_show_error (self, text);
          return;
        }
    }
  lw_play_set (&play, cards, n);
  play_cards (self, &play);
}

static void
next_round_action (LwTablePage *self,
                   GVariant    *parameter)
{
  g_autoptr (GError) error = NULL;
  gboolean dealt;

  /* The session deals and says so ("changed"); a board is board mode's. */
  if (self->boards != NULL)
    dealt = lw_table_page_board_next (self, &error);
  else
    dealt = self->session != NULL && lw_table_session_next_round (self->session, &error);
  if (!dealt && error != NULL)
    lw_table_page_show_error (self, error->message);
  lw_table_page_after_change (self);
}

static void
confirm_seat_action (LwTablePage *self,
                     GVariant    *parameter)
{
  if (self->curtain_seat == LW_NO_SEAT)
    return;
  self->viewer = self->curtain_seat;
  lw_table_page_after_change (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

static void
hint_action (LwTablePage *self,
             GVariant    *parameter)
{
  LwAction action;
  LwRng rng;
  g_autofree char *text = NULL;
  guint n = 0;
  const LwCard *hand;
  const LwTable *table = lw_table_page_get_table (self);

  if (table == NULL || lw_table_get_turn (table) != self->viewer)
    return;
  lw_rng_init (&rng, lw_table_get_log (table)->len);
  lw_bot_choose (table, LW_BOT_NORMAL, lw_table_page_team_of (self), &rng, &action);

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

      hand = lw_table_get_hand (lw_table_page_get_table (self), self->viewer, &n);
      for (guint c = 0; c < action.play.n; c++)
        for (guint i = 0; i < n; i++)
          if (!taken[i] && hand[i] == action.play.cards[c])
            {
              taken[i] = TRUE;
              mask |= 1u << i;
              break;
            }
      lw_table_view_set_selection (self->view, mask);
      /* Enter now plays (or discards) the hinted cards: the focus leaves
       * the Hint button for the hand. */
      gtk_widget_grab_focus (GTK_WIDGET (self->view));
      /* TRANSLATORS: the hint: the cards a Normal computer player would play (they are selected) */
      text = g_strdup_printf (action.kind == LW_ACTION_DISCARD ? _("Hint: discard %s.") : _("Hint: play %s."), cards);
    }
  lw_table_page_set_status (self, text, FALSE);
}

static void
undo_action (LwTablePage *self,
             GVariant    *parameter)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *why = NULL;

  if (!lw_table_page_can_undo (self, &why))
    {
      if (why != NULL)
        lw_table_page_show_error (self, why);
      return;
    }
  /* The view starts afresh: no animation of a step backwards. */
  lw_table_view_set_table (self->view, NULL, LW_NO_SEAT, NULL, NULL, FALSE);
  if (!lw_table_session_undo (self->session, self->viewer, &error))
    {
      lw_table_page_show_error (self, error->message);
      lw_table_page_after_change (self);
      return;
    }
  /* TRANSLATORS: after an undo */
  lw_table_page_set_status (self, _("Your last play was taken back."), FALSE);
}

/* "table.replay-round": the round just finished, trick by trick. */
static void
replay_round_action (LwTablePage *self,
                     GVariant    *parameter)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr (GError) error = NULL;
  LwReplayWindow *replay;

  if (!lw_table_page_get_round_over (self))
    return;
  replay = lw_replay_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->store,
                                 lw_table_page_get_game_id (self), lw_table_page_get_round_number (self), &error);
  if (replay == NULL)
    {
      lw_table_page_show_error (self, error->message);
      return;
    }
  gtk_window_present (GTK_WINDOW (replay));
}

static void
show_scores_action (LwTablePage *self,
                    GVariant    *parameter)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.open-scores", "x", lw_table_page_get_game_id (self));
}

static void
view_activate_play_cb (LwTablePage *self)
{
  const LwTable *table = lw_table_page_get_table (self);

  if (table == NULL)
    return;
  if (lw_table_get_phase (table) == LW_PHASE_EXCHANGE)
    gtk_widget_activate_action (GTK_WIDGET (self), "table.discard", NULL);
  else if (lw_table_get_phase (table) == LW_PHASE_PLAY)
    gtk_widget_activate_action (GTK_WIDGET (self), "table.play", NULL);
}

static void
view_selection_changed_cb (LwTablePage *self)
{
  const LwTable *table = lw_table_page_get_table (self);

  if (table == NULL)
    return;
  lw_table_page_update_controls (self);
  if (!self->status_is_error && lw_table_get_phase (table) == LW_PHASE_EXCHANGE)
    lw_table_page_update_status (self);
}

static void
last_trick_toggled_cb (LwTablePage *self)
{
  lw_table_view_set_show_last_trick (self->view, gtk_toggle_button_get_active (self->last_trick_button));
}

/* The table's actions, each done by a function of the page. */
static const LwWidgetAction table_actions[] = {
  { "table.declare",      NULL, G_CALLBACK (declare_action) },
  { "table.decline",      NULL, G_CALLBACK (decline_action) },
  { "table.discard",      NULL, G_CALLBACK (discard_action) },
  { "table.play",         NULL, G_CALLBACK (play_action) },
  { "table.next-round",   NULL, G_CALLBACK (next_round_action) },
  { "table.confirm-seat", NULL, G_CALLBACK (confirm_seat_action) },
  { "table.hint",         NULL, G_CALLBACK (hint_action) },
  { "table.undo",         NULL, G_CALLBACK (undo_action) },
  { "table.show-scores",  NULL, G_CALLBACK (show_scores_action) },
  { "table.replay-round", NULL, G_CALLBACK (replay_round_action) },
  { "table.seats",        NULL, G_CALLBACK (lw_table_page_seats_action) },
};

void
lw_table_page_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, view_activate_play_cb);
  gtk_widget_class_bind_template_callback (widget_class, view_selection_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, last_trick_toggled_cb);

  lw_widget_class_install_actions (widget_class, table_actions, G_N_ELEMENTS (table_actions));
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "table.undo", NULL);
}
