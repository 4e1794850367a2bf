/* lw-events-duplicate.c — a duplicate event's board results in the app:
 * the Enter Board and Correct Board buttons of a table, and the window
 * that enters one board's round with the round form (DUPLICATE D4, D9)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-events-duplicate.h"
#include "lw-events-duplicate-private.h"
#include "lw-events-page-private.h"
#include "lw-print.h"
#include "lw-store-event-boards.h"
#include "lw-store-events.h"
#include "lw-store-watch.h"

struct _LwBoardEntry
{
  AdwWindow parent_instance;

  /* borrowed: widgets */
  LwRoundForm *form;

  /* owned */
  LwStore *store;
  gint64 event_id;
  guint round;
  guint table;
  guint board;
  gboolean correcting;       /* the board has a result: the form corrects it */
};

G_DEFINE_FINAL_TYPE (LwBoardEntry, lw_board_entry, ADW_TYPE_WINDOW)

enum {
  STORED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

gboolean
lw_board_entry_submit (LwBoardEntry *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRound) round = NULL;
  g_autoptr (LwEvent) event = NULL;
  LwStoreWatch *watch;

  g_return_val_if_fail (LW_IS_BOARD_ENTRY (self), FALSE);

  if (!lw_round_form_check (self->form, &round, &error))
    {
      lw_round_form_show_error (self->form, error != NULL ? error->message : NULL);
      return FALSE;
    }
  event = self->correcting
            ? lw_store_correct_event_board_result (self->store, self->event_id, self->round, self->table,
                                                   self->board, round, &error)
            : lw_store_add_event_board_result (self->store, self->event_id, self->round, self->table,
                                               self->board, round, &error);
  if (event == NULL)
    {
      g_autofree char *message = lw_message_capitalize (error->message);

      /* Nothing stored: the round stays in the form. */
      lw_round_form_show_error (self->form, message);
      return FALSE;
    }
  watch = lw_store_watch_find (self->store);
  if (watch != NULL)
    lw_store_watch_flush (watch);
  g_signal_emit (self, signals[STORED], 0, self->board);
  lw_window_close_soon (GTK_WINDOW (self));
  return TRUE;
}

static void
enter_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  lw_board_entry_submit (LW_BOARD_ENTRY (widget));
}

LwBoardEntry *
lw_board_entry_new (GtkWindow     *parent,
                    LwStore       *store,
                    gint64         event_id,
                    const LwEvent *event,
                    guint          round,
                    guint          table,
                    guint          board)
{
  const LwEventTable *t;
  const LwBoardResult *result;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *label = NULL;
  GtkWidget *box, *header, *cancel, *window_title, *scroll, *clamp;
  LwBoardEntry *self;
  int dealer;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (event != NULL && event->config.format == LW_EVENT_DUPLICATE, NULL);
  /* The engine looks the table up without changing the event. */
  t = lw_event_get_table ((LwEvent *) event, round, table, NULL);
  g_return_val_if_fail (t != NULL, NULL);

  self = g_object_new (LW_TYPE_BOARD_ENTRY, NULL);
  self->store = g_object_ref (store);
  self->event_id = event_id;
  self->round = round;
  self->table = table;
  self->board = board;
  result = lw_event_find_board_result (event, round, table, board);
  self->correcting = result != NULL;

  record = lw_duplicate_board_record (event, round, t, board);
  standings = lw_standings_compute (record, NULL);
  dealer = lw_board_dealer (t->n_seats, board);

  title = self->correcting
            /* TRANSLATORS: the title of the window correcting a duplicate board's result (DUPLICATE D9) */
            ? g_strdup_printf (_("Correct Board %u"), board)
            /* TRANSLATORS: the title of the window entering a duplicate board's result (DUPLICATE D9) */
            : g_strdup_printf (_("Board %u"), board);
  /* TRANSLATORS: under a board's title: the event round, the table, who deals the board (DUPLICATE D2) */
  subtitle = g_strdup_printf (_("Round %u · table %u · %s deals"), round, table,
                              lw_events_entrant_name (event, t->entrants[dealer]));

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  window_title = adw_window_title_new (title, subtitle);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), window_title);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_widget_set_tooltip_text (cancel, _("Close Without a Change (Escape)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  gtk_box_append (GTK_BOX (box), header);

  self->form = g_object_new (LW_TYPE_ROUND_FORM, NULL);
  gtk_widget_set_margin_top (GTK_WIDGET (self->form), 18);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->form), 24);
  gtk_widget_set_margin_start (GTK_WIDGET (self->form), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->form), 12);
  clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 560);
  adw_clamp_set_child (ADW_CLAMP (clamp), GTK_WIDGET (self->form));
  scroll = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroll, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), clamp);
  gtk_box_append (GTK_BOX (box), scroll);
  adw_window_set_content (ADW_WINDOW (self), box);
  gtk_window_set_title (GTK_WINDOW (self), title);

  if (standings != NULL)
    lw_round_form_set_game (self->form, record, standings);
  if (result != NULL)
    lw_round_form_fill (self->form, result->facts);
  {
    /* TRANSLATORS: the heading of a duplicate board's round in the round form (DUPLICATE D9) */
    g_autofree char *heading = g_strdup_printf (_("Board %u"), board);

    lw_round_form_set_title (self->form, heading);
  }
  label = self->correcting
            /* TRANSLATORS: a button: store the corrected round of a duplicate board */
            ? g_strdup (_("_Save Correction"))
            /* TRANSLATORS: a button: store the round as board %u's result */
            : g_strdup_printf (_("_Enter Board %u"), board);
  /* TRANSLATORS: the tooltip of the button storing a duplicate board's result */
  lw_round_form_set_submit (self->form, label, _("Store the Board's Result (Enter)"), "board.enter");

  lw_window_fit_parent (GTK_WINDOW (self), parent, 560, 720);
  gtk_window_present (GTK_WINDOW (self));
  lw_round_form_focus (self->form);
  return self;
}

static void
lw_board_entry_dispose (GObject *object)
{
  LwBoardEntry *self = LW_BOARD_ENTRY (object);

  g_clear_object (&self->store);

  G_OBJECT_CLASS (lw_board_entry_parent_class)->dispose (object);
}

static void
lw_board_entry_class_init (LwBoardEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_board_entry_dispose;

  /**
   * LwBoardEntry::stored:
   * @board: the board whose result was stored
   *
   * The store took the board's result (or its correction); the window
   * closes.
   */
  signals[STORED] = g_signal_new ("stored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "board.enter", NULL, enter_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
lw_board_entry_init (LwBoardEntry *self)
{
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
}

/* ------------------------------------------------------------------ */
/* The events page's side                                               */
/* ------------------------------------------------------------------ */

void
lw_events_add_board_buttons (LwEventsPage       *self,
                             GtkWidget          *group,
                             const LwEventTable *table)
{
  const LwEvent *event = self->event;
  guint first = lw_duplicate_first_board (event, self->shown_round);
  GtkWidget *buttons = gtk_flow_box_new ();
  GtkWidget *play;
  gboolean all_entered = TRUE;

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (buttons), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (buttons), TRUE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (buttons), 2);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_widget_set_margin_top (buttons, 6);
  for (guint b = first; b < first + event->config.boards_per_round; b++)
    {
      gboolean entered = lw_event_find_board_result (event, self->shown_round, table->number, b) != NULL;
      g_autofree char *label = entered
                                 /* TRANSLATORS: a button: correct a duplicate board's result (DUPLICATE D9) */
                                 ? g_strdup_printf (_("_Correct Board %u…"), b)
                                 /* TRANSLATORS: a button: enter a duplicate board's result (DUPLICATE D9) */
                                 : g_strdup_printf (_("_Enter Board %u…"), b);
      GtkWidget *button = gtk_button_new_with_mnemonic (label);

      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "events.enter-board");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(uu)", table->number, b);
      if (!entered)
        gtk_widget_add_css_class (button, "suggested-action");
      all_entered = all_entered && entered;
      gtk_flow_box_append (GTK_FLOW_BOX (buttons), button);
    }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), buttons);

  /* The boards not yet entered, played at the virtual table: each entered
   * at its end as Enter Board would. */
  /* TRANSLATORS: a button on a duplicate table: play the round's boards not yet entered at the virtual table */
  play = gtk_button_new_with_mnemonic (_("_Play at the Virtual Table"));
  gtk_widget_set_tooltip_text (play,
                               /* TRANSLATORS: the tooltip of "Play at the Virtual Table" on a duplicate table */
                               _("Deal each board not yet entered at the virtual table; its result is entered at its end"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (play), "win.play-event-boards");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (play), "(xuu)", self->event_id, self->shown_round,
                                    table->number);
  gtk_widget_set_margin_top (play, 6);
  gtk_widget_set_visible (play, !all_entered);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), play);
}

void
lw_events_enter_board_action (LwEventsPage *self,
                              GVariant     *parameter)
{
  guint table = 0, board = 0;

  if (self->event == NULL || self->event->config.format != LW_EVENT_DUPLICATE)
    return;
  g_variant_get (parameter, "(uu)", &table, &board);
  if (lw_event_get_table (self->event, self->shown_round, table, NULL) == NULL)
    return;
  lw_board_entry_new (lw_widget_get_window (GTK_WIDGET (self)), self->store, self->event_id, self->event,
                      self->shown_round, table, board);
}

void
lw_events_travellers_action (LwEventsPage *self,
                             GVariant     *parameter)
{
  if (self->event == NULL || self->event->config.format != LW_EVENT_DUPLICATE)
    return;
  lw_traveller_view_new (lw_widget_get_window (GTK_WIDGET (self)), self->store, self->event_id);
}

void
lw_events_print_travellers_action (LwEventsPage *self,
                                   GVariant     *parameter)
{
  GtkPrintOperation *operation;

  if (self->event == NULL || self->event->config.format != LW_EVENT_DUPLICATE)
    return;
  operation = lw_traveller_print_new (self->event);
  if (operation != NULL)
    lw_print_run (operation, lw_widget_get_window (GTK_WIDGET (self)));
}
