/* lw-game-page.c — one game: the board, the round form, the history
 *
 * The page shows only what the engine derives from the stored record:
 * after every change the game is loaded again and replayed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-club-suggestions.h"
#include "lw-edit-log.h"
#include "lw-game-layout.h"
#include "lw-game-page-private.h"
#include "lw-print.h"
#include "lw-replay-window.h"
#include "lw-round-editor.h"
#include "lw-score-chart.h"
#include "lw-store-table.h"
#include "lw-store.h"
#include "lw-name-completion.h"
#include "lw-game-view.h"

static void view_changed_cb (LwGamePage *self);
static void view_failed_cb (LwGamePage *self,
                            const char *message);
static void undo_clicked_cb (AdwToast   *toast,
                             LwGamePage *self);

G_DEFINE_FINAL_TYPE (LwGamePage, lw_game_page, ADW_TYPE_BIN)

AdwToast *
lw_game_page_toast (LwGamePage *self,
                    const char *message)
{
  return lw_widget_add_toast (GTK_WIDGET (self), message);
}

/* A toast about the rounds replaces the one before, so that toasts never
 * queue up over the form while the next rounds are entered. */
static void
round_toast_dismissed_cb (AdwToast   *toast,
                          LwGamePage *self)
{
  if (self->round_toast == toast)
    {
      g_signal_handlers_disconnect_by_func (toast, round_toast_dismissed_cb, self);
      g_signal_handlers_disconnect_by_func (toast, undo_clicked_cb, self);
      g_clear_object (&self->round_toast);
      self->undo_steps = 0;
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo-edit", FALSE);
    }
}

static void
undo_clicked_cb (AdwToast   *toast,
                 LwGamePage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "game.undo-edit", NULL);
}

/* @undo_steps: how many changes of the game the toast's Undo button takes
 * back (lw_store_undo_last_edit()); 0 for no button. */
void
lw_game_page_round_toast (LwGamePage *self,
                          const char *message,
                          guint       undo_steps)
{
  AdwToast *shown = self->round_toast;

  self->undo_game = self->game != NULL ? self->game->id : 0;
  self->undo_steps = undo_steps;
  self->undo_clears_form = FALSE;
  if (undo_steps > 0
      && (self->undo_game == 0
          || !lw_store_get_game_version (self->store, self->undo_game, &self->undo_version, NULL)))
    undo_steps = self->undo_steps = 0;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo-edit", undo_steps > 0);

  /* The toast still shown takes the new message. (Dismissing it and adding
   * another one trips libadwaita 1.2's toast overlay.) */
  if (shown != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (message, -1);

      adw_toast_set_title (shown, escaped);
    }
  else
    {
      shown = lw_game_page_toast (self, message);
      if (shown == NULL)
        return;

      self->round_toast = g_object_ref (shown);
      g_signal_connect (shown, "dismissed", G_CALLBACK (round_toast_dismissed_cb), self);
      g_signal_connect (shown, "button-clicked", G_CALLBACK (undo_clicked_cb), self);
    }

  /* Time enough to reach Undo. */
  adw_toast_set_timeout (shown, undo_steps > 0 ? 6 : 3);
  adw_toast_set_button_label (shown, undo_steps > 0 ? _("_Undo") : NULL);
}

AdwToast *
lw_game_page_get_round_toast (LwGamePage *self)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  return self->round_toast;
}

gboolean
lw_game_page_is_garwolf (LwGamePage *self)
{
  return self->game != NULL && self->game->record->ruleset == LW_RULESET_GARWOLF;
}

void
lw_game_page_set_store (LwGamePage *self,
                        LwStore    *store)
{
  LwStoreWatch *watch;

  g_return_if_fail (LW_IS_GAME_PAGE (self));
  g_return_if_fail (LW_IS_STORE (store));

  watch = lw_store_watch_find (store);
  g_return_if_fail (watch != NULL);

  g_set_object (&self->store, store);
  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (self->view, self);
  g_clear_object (&self->view);
  self->game = NULL;
  self->standings = NULL;
  self->round_players = self->penalties = NULL;
  self->view = lw_game_view_new (watch);
  g_signal_connect_object (self->view, "changed", G_CALLBACK (view_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "failed", G_CALLBACK (view_failed_cb), self, G_CONNECT_SWAPPED);
}

LwGameView *
lw_game_page_get_view (LwGamePage *self)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  return self->view;
}

gint64
lw_game_page_get_game_id (LwGamePage *self)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), 0);

  return self->game != NULL ? self->game->id : 0;
}

const LwGameRecord *
lw_game_page_get_record (LwGamePage *self)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  return self->game != NULL ? self->game->record : NULL;
}

const LwStandings *
lw_game_page_get_standings (LwGamePage *self)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  return self->standings;
}

LwScoreboard *
lw_game_page_get_scoreboard (LwGamePage *self)
{
  return self->scoreboard;
}

LwScoreChart *
lw_game_page_get_chart (LwGamePage *self)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  return self->chart;
}

GtkScrolledWindow *
lw_game_page_get_scroller (LwGamePage *self)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  return self->scroller;
}

LwRoundForm *
lw_game_page_get_round_form (LwGamePage *self)
{
  return self->round_form;
}

gboolean
lw_game_page_get_form_visible (LwGamePage *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->round_form));
}

const char *
lw_game_page_get_result_text (LwGamePage *self)
{
  return gtk_widget_get_visible (self->result_box) ? gtk_label_get_text (self->result_label) : "";
}

const char *
lw_game_page_get_last_round_text (LwGamePage *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->last_round_group))
           ? gtk_label_get_text (self->last_round_label) : "";
}

guint
lw_game_page_get_n_history_rows (LwGamePage *self)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->history_model));
}

static char *history_subtitle (LwGamePage          *self,
                               const LwRoundResult *result);

const char *
lw_game_page_get_history_text (LwGamePage *self,
                               guint       index)
{
  guint n;

  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  n = lw_game_page_get_n_history_rows (self);
  if (self->standings == NULL || index >= n || n != self->standings->rounds->len)
    return NULL;

  g_free (self->history_text);
  self->history_text = history_subtitle (self, g_ptr_array_index (self->standings->rounds, n - 1 - index));
  return self->history_text;
}

/* The row bound now to history position @index, or NULL. */
static GtkWidget *
find_history_row (LwGamePage *self,
                  guint       index)
{
  GHashTableIter iter;
  gpointer item;

  g_hash_table_iter_init (&iter, self->history_items);
  while (g_hash_table_iter_next (&iter, &item, NULL))
    if (gtk_list_item_get_position (item) == index)
      return gtk_list_item_get_child (item);
  return NULL;
}

GtkWidget *
lw_game_page_get_history_row (LwGamePage *self,
                              guint       index)
{
  GtkWidget *row;
  gint64 end;

  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  if (index >= lw_game_page_get_n_history_rows (self))
    return NULL;
  end = g_get_monotonic_time () + G_USEC_PER_SEC;
  while ((row = find_history_row (self, index)) == NULL && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  return row;
}

const char *
lw_game_page_get_last_round_title (LwGamePage *self)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->last_round_group))
           ? adw_preferences_group_get_title (self->last_round_group) : "";
}

void
lw_game_page_focus_form (LwGamePage *self)
{
  g_return_if_fail (LW_IS_GAME_PAGE (self));

  if (gtk_widget_get_visible (GTK_WIDGET (self->round_form)))
    lw_round_form_focus (self->round_form);
}

/* A round's line in the history below its title: its facts, its
 * breakdown and the penalties noted as they happened. */
static char *
history_subtitle (LwGamePage          *self,
                  const LwRoundResult *result)
{
  const LwGameRecord *record = self->game->record;
  g_autofree char *breakdown = lw_describe_round (record, self->standings, result);
  g_autofree char *facts = NULL;
  g_autoptr (GString) noted = g_string_new (NULL);

  /* Penalties noted as they happened: their time and note. */
  for (guint i = 0; self->penalties != NULL && i < self->penalties->len; i++)
    {
      const LwStoredPenalty *penalty = g_ptr_array_index (self->penalties, i);
      g_autofree char *when = NULL;
      const char *who;

      if (penalty->round != result->number || (penalty->time == 0 && penalty->note == NULL))
        continue;

      when = lw_format_time (penalty->time, FALSE);
      who = penalty->seat >= 0 && penalty->seat < (int) record->n_players
            ? lw_game_record_player_at (record, penalty->seat, result->number) : "?";
      g_string_append_c (noted, '\n');
      if (penalty->note != NULL && *penalty->note != '\0')
        /* TRANSLATORS: a penalty in the history: %1$s the time it was noted, %2$s the player, %3$s what they did, %4$s the note */
        g_string_append_printf (noted, _("Penalty at %1$s: %2$s %3$s — %4$s"),
                                *when != '\0' ? when : "?", who, lw_penalty_kind_describe (penalty->kind),
                                penalty->note);
      else
        /* TRANSLATORS: a penalty in the history: %1$s the time it was noted, %2$s the player, %3$s what they did */
        g_string_append_printf (noted, _("Penalty at %1$s: %2$s %3$s"),
                                *when != '\0' ? when : "?", who, lw_penalty_kind_describe (penalty->kind));
    }

  if (result->number >= 1 && result->number <= record->rounds->len)
    facts = lw_describe_round_facts (record, g_ptr_array_index (record->rounds, result->number - 1));
  return facts != NULL ? g_strdup_printf ("%s\n%s%s", facts, breakdown, noted->str)
                       : g_strdup_printf ("%s%s", breakdown, noted->str);
}

/* The history's rows are made by the hundred and given their round again
 * and again as the list scrolls: their tooltips are answered when asked
 * (GTK 4.8's gtk_widget_set_tooltip_text() asks the display where the
 * pointer is, a round trip to it, each time a shown widget's text is set).
 * The text is also the widget's accessible description, as a tooltip's is. */
static gboolean
history_tooltip_cb (GtkWidget  *widget,
                    int         x,
                    int         y,
                    gboolean    keyboard,
                    GtkTooltip *tooltip,
                    gpointer    data)
{
  const char *text = g_object_get_data (G_OBJECT (widget), "lw-tooltip");

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
set_history_tooltip (GtkWidget  *widget,
                     const char *text)
{
  const char *shown = g_object_get_data (G_OBJECT (widget), "lw-tooltip");

  if (g_strcmp0 (shown, text) == 0)
    return;
  if (shown == NULL)
    {
      g_signal_connect (widget, "query-tooltip", G_CALLBACK (history_tooltip_cb), NULL);
      gtk_widget_set_has_tooltip (widget, TRUE);
    }
  g_object_set_data_full (G_OBJECT (widget), "lw-tooltip", g_strdup (text), g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/* Sets a history row's texts and buttons to @result's. Setting a text to
 * what it already is costs nothing, so a reload after a change lays out
 * only the rows whose round changed. */
static void
fill_history_row (LwGamePage          *self,
                  GtkWidget           *row,
                  const LwRoundResult *result)
{
  const LwGameRecord *record = self->game->record;
  g_autofree char *title = NULL;
  g_autofree char *shown_dealer = NULL;
  g_autofree char *subtitle = history_subtitle (self, result);
  g_autofree char *scores = lw_format_scores (self->standings->n_sides, result->scores);
  GtkLabel *label = g_object_get_data (G_OBJECT (row), "scores-label");
  GtkWidget *replay = g_object_get_data (G_OBJECT (row), "replay-button");
  const char *dealer = result->dealer >= 0 && result->dealer < (int) record->n_players
                         ? lw_game_record_player_at (record, result->dealer, result->number) : "?";

  /* Who sat there then: a substitute's seat names its earlier player. */
  if (self->round_players != NULL && result->number >= 1 && result->number <= self->round_players->len)
    {
      char **names = g_ptr_array_index (self->round_players, result->number - 1);

      if (result->dealer >= 0 && (guint) result->dealer < g_strv_length (names))
        dealer = names[result->dealer];
    }

  shown_dealer = lw_isolate_name (dealer);
  if (result->is_void)
    /* TRANSLATORS: a void round in the history (R21); %s is its dealer */
    title = g_strdup_printf (_("Round %u · %s dealt · void"), result->number, shown_dealer);
  else if (record->ruleset == LW_RULESET_GARWOLF)
    /* TRANSLATORS: a Garwolf hand in the history; %s is its dealer */
    title = g_strdup_printf (_("Hand %u · %s dealt"), result->number, shown_dealer);
  else
    /* TRANSLATORS: a round in the history; %s is its dealer */
    title = g_strdup_printf (_("Round %u · %s dealt"), result->number, shown_dealer);

  g_object_set_data (G_OBJECT (row), "round-number", GUINT_TO_POINTER (result->number));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_label_set_text (label, scores);
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (replay), g_variant_new_uint32 (result->number));
  gtk_widget_set_visible (replay, lw_store_has_round_log (self->store, self->game->id, result->number));
  {
    GtkWidget *lock = g_object_get_data (G_OBJECT (row), "lock-button");
    gboolean locked = lw_game_page_is_round_locked (self, result->number);
    g_autofree char *lock_text =
      locked
        /* TRANSLATORS: the lock button of a round in the history, when locked */
        ? g_strdup_printf (_("Round %u is locked: only this app can correct it. Unlock it for phones"), result->number)
        /* TRANSLATORS: the lock button of a round in the history (table entry from phones) */
        : g_strdup_printf (_("Lock round %u against corrections from phones"), result->number);

    gtk_button_set_icon_name (GTK_BUTTON (lock), locked ? "changes-prevent-symbolic" : "changes-allow-symbolic");
    set_history_tooltip (lock, lock_text);
    gtk_accessible_update_property (GTK_ACCESSIBLE (lock), GTK_ACCESSIBLE_PROPERTY_LABEL, lock_text, -1);
    gtk_actionable_set_action_target_value (GTK_ACTIONABLE (lock), g_variant_new_uint32 (result->number));
    gtk_widget_set_opacity (lock, locked ? 1.0 : 0.55);
  }
  set_history_tooltip (row, record->ruleset == LW_RULESET_GARWOLF
                              ? _("Correct, Delete or Insert a Hand Before It")
                              : _("Correct, Delete or Insert a Round Before It"));
}

/* Opens round @number in the round editor (game.edit-round). */
static void
edit_history_round (LwGamePage *self,
                    guint       number)
{
  if (number >= 1)
    gtk_widget_activate_action (GTK_WIDGET (self), "game.edit-round", "u", number);
}

/* A row's own activation (its "activate" signal: a keybinding, or a
 * caller's). */
static void
history_row_activate_cb (GtkWidget  *row,
                         LwGamePage *self)
{
  edit_history_round (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "round-number")));
}

/* A click on a row, or Enter on it: position P is round n − P. */
static void
history_activate_cb (GtkListView *list,
                     guint        position,
                     LwGamePage  *self)
{
  guint n = lw_game_page_get_n_history_rows (self);

  if (position < n)
    edit_history_round (self, n - position);
}

/* A history row, reused for round after round as the list scrolls;
 * fill_history_row() gives it its round's texts. */
static GtkWidget *
make_history_row (LwGamePage *self)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label;
  GtkWidget *replay;
  GtkWidget *lock;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);

  label = gtk_label_new (NULL);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (label, "history-scores");
  set_history_tooltip (label, _("The board after this round"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);

  /* A round played at the virtual table can be replayed trick by trick;
   * fill_history_row() shows the button when the round has a log. */
  replay = gtk_button_new_from_icon_name ("media-playback-start-symbolic");
  gtk_widget_set_valign (replay, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (replay, "flat");
  set_history_tooltip (replay, _("Replay Round"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (replay), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Replay Round"), -1);
  /* Round 0 until bound: the action takes a round (u). */
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (replay), g_variant_new_uint32 (0));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (replay), "game.replay-round");
  gtk_widget_set_visible (replay, FALSE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), replay);
  /* Locked against corrections from phones (table entry), or not. */
  lock = gtk_button_new ();
  gtk_widget_set_valign (lock, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (lock, "flat");
  gtk_widget_add_css_class (lock, "circular");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (lock), g_variant_new_uint32 (0));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (lock), "game.lock-round");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), lock);
  g_object_set_data (G_OBJECT (row), "lock-button", lock);

  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("document-edit-symbolic"));
  g_object_set_data (G_OBJECT (row), "scores-label", label);
  g_object_set_data (G_OBJECT (row), "replay-button", replay);

  /* A click or Enter reaches the list's item (history_activate_cb()),
   * which holds the focus: the row is no second stop for Tab. */
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_focusable (row, FALSE);
  g_signal_connect (row, "activate", G_CALLBACK (history_row_activate_cb), self);

  return row;
}

static void
history_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  LwGamePage               *self)
{
  gtk_list_item_set_child (item, make_history_row (self));
}

/* The row at position P shows round n − P of the game shown. */
static void
history_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 LwGamePage               *self)
{
  guint n = lw_game_page_get_n_history_rows (self);
  guint position = gtk_list_item_get_position (item);

  g_hash_table_add (self->history_items, item);
  if (self->standings != NULL && position < n && n == self->standings->rounds->len)
    fill_history_row (self, gtk_list_item_get_child (item),
                      g_ptr_array_index (self->standings->rounds, n - 1 - position));
}

static void
history_unbind_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   LwGamePage               *self)
{
  g_hash_table_remove (self->history_items, item);
}

/* The history follows the standings: rounds taken away lose their items
 * at the top, new rounds get new items there, and the rows in view are
 * given their round's texts again (only changed texts are laid out anew;
 * rows scrolled into view later are filled then). */
static void
show_history (LwGamePage *self)
{
  guint n_rounds = self->standings->rounds->len;
  guint n_items = lw_game_page_get_n_history_rows (self);
  GHashTableIter iter;
  gpointer item;

  if (n_items > n_rounds)
    gtk_string_list_splice (self->history_model, 0, n_items - n_rounds, NULL);
  else if (n_items < n_rounds)
    {
      g_autofree const char **added = g_new (const char *, n_rounds - n_items + 1);

      for (guint i = 0; i < n_rounds - n_items; i++)
        added[i] = "";
      added[n_rounds - n_items] = NULL;
      gtk_string_list_splice (self->history_model, 0, 0, added);
    }

  g_hash_table_iter_init (&iter, self->history_items);
  while (g_hash_table_iter_next (&iter, &item, NULL))
    history_bind_cb (NULL, item, self);
}

/* The penalties noted during the round being played, in the form. */
static void
add_pending_penalties (LwGamePage *self)
{
  g_autoptr (GPtrArray) pending = NULL;
  g_autoptr (GError) error = NULL;

  if (lw_game_page_is_garwolf (self))
    return;

  pending = lw_store_list_pending_penalties (self->store, self->game->id, &error);
  if (pending == NULL)
    {
      g_warning ("%s", error->message);
      return;
    }

  for (guint i = 0; i < pending->len; i++)
    {
      const LwStoredPenalty *penalty = g_ptr_array_index (pending, i);

      lw_round_form_add_noted_penalty (self->round_form, penalty->id, penalty->seat, penalty->kind,
                                       penalty->note, penalty->time);
    }
}

static void
show_details (LwGamePage *self)
{
  const LwStoredGame *game = self->game;
  g_autofree char *when = lw_format_time (game->played_at, TRUE);
  g_autofree char *title = NULL;
  gboolean has_place = game->place != NULL && *game->place != '\0';
  gboolean has_notes = game->notes != NULL && *game->notes != '\0';

  if (*when != '\0' && has_place)
    title = g_strdup_printf ("%s · %s", when, game->place);
  else if (*when != '\0')
    title = g_strdup (when);
  else if (has_place)
    title = g_strdup (game->place);
  else
    /* TRANSLATORS: the game's details row when only notes are given */
    title = g_strdup (_("Notes"));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->details_row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->details_row), has_notes ? game->notes : "");
  gtk_widget_set_visible (self->details_list, *when != '\0' || has_place || has_notes);
}

gboolean
lw_game_page_last_change_adds_last_round (LwGamePage         *self,
                                          const LwLoggedEdit *entry)
{
  return self->game != NULL && entry != NULL && g_str_equal (entry->kind, "append_round")
         && entry->number == self->game->record->rounds->len;
}

/* The Undo button and Ctrl+Z undo the game's last change, whatever it
 * was; the round just added is taken back (with Undo in the toast); the
 * tooltip names it. */
static void
update_undo (LwGamePage *self)
{
  const LwLoggedEdit *entry = NULL;
  g_autofree char *tooltip = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  if (self->game != NULL)
    entry = lw_game_view_get_last_edit (self->view);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo", entry != NULL);
  if (entry == NULL)
    {
      /* TRANSLATORS: the tooltip of the Undo button when the game has no change to undo */
      gtk_widget_set_tooltip_text (self->undo_button, _("Nothing to Undo"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->undo_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Nothing to Undo"), -1);
      return;
    }
  lw_logged_edit_describe (self->game->record, entry, &title, &subtitle);
  if (lw_game_page_last_change_adds_last_round (self, entry))
    /* TRANSLATORS: the tooltip of the Scores page's Undo button when it takes back the round just added (the virtual table's Ctrl+Z is "Undo Last Play"); %u the round */
    tooltip = g_strdup_printf (_("Take Back Last Round (Ctrl+Z): round %u goes back to the form"), entry->number);
  else
    /* TRANSLATORS: the tooltip of the Undo button; %s is the change, as the edit log names it */
    tooltip = g_strdup_printf (_("Undo “%s” (Ctrl+Z)"), title);
  gtk_widget_set_tooltip_text (self->undo_button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->undo_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
}

const char *
lw_game_page_get_undo_text (LwGamePage *self)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  return gtk_widget_get_tooltip_text (self->undo_button);
}

static void
show_game (LwGamePage *self,
           gboolean    keep_form)
{
  const LwGameRecord *record = self->game->record;
  const LwStandings *standings = self->standings;
  g_autofree char *title = lw_sides_title (record);
  g_autofree char *subtitle = NULL;
  guint n_rounds = standings->rounds->len;

  g_autofree char *short_title = NULL;
  gtk_label_set_text (self->title_label, title);
  gtk_widget_set_tooltip_text (self->window_title, title);
  /* TRANSLATORS: the game page's title when the players' names do not fit */
  short_title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Player", "%u Players", record->n_players),
                                 record->n_players);
  gtk_label_set_text (self->short_title_label, short_title);
  /* The rule set the game was started with, when it has one. */
  if (record->rule_set != NULL)
    subtitle = g_strdup_printf ("%s · %s · %s",
                                record->ruleset == LW_RULESET_GARWOLF ? _("Garwolf") : _("Little Wolf"),
                                record->rule_set, standings->finished ? _("finished") : _("in play"));
  else
    subtitle = g_strdup_printf ("%s · %s",
                                record->ruleset == LW_RULESET_GARWOLF ? _("Garwolf") : _("Little Wolf"),
                                standings->finished ? _("finished") : _("in play"));
  gtk_label_set_text (self->subtitle_label, subtitle);

  lw_scoreboard_set_king_and_knave (self->scoreboard, self->game->king_and_knave);
  lw_scoreboard_update (self->scoreboard, record, standings);
  /* The scores round by round, once there is a round to draw. */
  lw_score_chart_set_game (self->chart, record, standings);
  gtk_widget_set_visible (GTK_WIDGET (self->chart), n_rounds > 0);

  gtk_widget_set_visible (self->result_box, standings->finished);
  if (standings->finished)
    {
      g_autofree char *result = NULL;
      g_autofree char *detail = NULL;
      g_autofree char *scores = lw_format_scores (standings->n_sides, standings->scores);
      const char *winner = standings->winner != LW_NO_SEAT
                             ? g_ptr_array_index (standings->sides, standings->winner) : "?";

      /* TRANSLATORS: %s is the winning side */
      result = g_strdup_printf (_("%s won"), winner);
      if (standings->skunk)
        /* TRANSLATORS: %s is the final board, "11 – 0"; a skunk counts as two wins (R23) */
        detail = g_strdup_printf (_("A skunk, %s: it counts as two wins"), scores);
      else
        /* TRANSLATORS: %s is the final board, "16 – 4" */
        detail = g_strdup_printf (_("Final board %s"), scores);
      gtk_label_set_text (self->result_label, result);
      gtk_label_set_text (self->result_detail_label, detail);
    }

  if (standings->finished)
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

      /* The form closes: the focus must not stay on a hidden count. */
      if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->round_form)))
        gtk_root_set_focus (root, NULL);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->round_form), !standings->finished);
  if (!standings->finished && keep_form)
    lw_round_form_update_game (self->round_form, record, standings);
  else if (!standings->finished)
    {
      lw_round_form_set_game (self->round_form, record, standings);
      add_pending_penalties (self);
    }
  show_details (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.note-penalty", !standings->finished && !lw_game_page_is_garwolf (self));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.submit-round", !standings->finished);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo-round", n_rounds > 0);
  update_undo (self);
  /* A game played at the virtual table goes back to it while it goes on. */
  {
    gboolean at_table = !standings->finished && lw_store_has_table (self->store, self->game->id);

    gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.back-to-table", at_table);
  }

  show_history (self);
  gtk_widget_set_visible (GTK_WIDGET (self->history_group), n_rounds > 0);
}

/* The view's reading, taken by the page's own fields. */
static void
take_view (LwGamePage *self)
{
  self->game = lw_game_view_get_game (self->view);
  self->standings = lw_game_view_get_standings (self->view);
  self->round_players = lw_game_view_get_round_players (self->view);
  self->penalties = lw_game_view_get_penalties (self->view);
}

/* Changed by somebody else since the toast's change: its Undo would take
 * back theirs, so the toast loses its button. */
static void
check_undo_version (LwGamePage *self)
{
  gint64 version = 0;
  gint64 id = self->game->id;

  if (self->undo_steps == 0 || self->undo_game != id)
    return;
  if (!lw_store_get_game_version (self->store, id, &version, NULL) || version != self->undo_version)
    {
      self->undo_steps = 0;
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo-edit", FALSE);
      if (self->round_toast != NULL)
        adw_toast_set_button_label (self->round_toast, NULL);
    }
}

/* The view read the game again after a change, the page's or anybody
 * else's: the board, the chart, the form and the history follow. */
static void
view_changed_cb (LwGamePage *self)
{
  gboolean keep_form = self->keep_form;

  self->keep_form = TRUE;
  take_view (self);
  check_undo_version (self);
  show_game (self, keep_form);
}

static void
view_failed_cb (LwGamePage *self,
                const char *message)
{
  g_autofree char *text = lw_message_capitalize (message);

  lw_game_page_toast (self, text);
}

/* After the page changed game @id: the store's watch tells the change
 * now (lw_store_watch_flush()), so that the view reads the game once and
 * the page shows it before going on. A reading that fails is told in a
 * lw_game_page_toast (#LwGameView::failed). @keep_form: what is typed in the form
 * stays. Returns: %TRUE, for the callers' chains of steps. */
gboolean
lw_game_page_refresh (LwGamePage *self,
                      gboolean    keep_form)
{
  self->keep_form = keep_form;
  lw_store_watch_flush (lw_store_watch_find (self->store));
  self->keep_form = TRUE;
  return TRUE;
}

/* Shows game @id, read now (another game, or the first). */
static gboolean
load (LwGamePage  *self,
      gint64       id,
      GError     **error)
{
  /* Changes not told yet are of the game before. */
  lw_store_watch_flush (lw_store_watch_find (self->store));
  if (!lw_game_view_load (self->view, id, error))
    return FALSE;
  take_view (self);
  check_undo_version (self);
  show_game (self, FALSE);
  return TRUE;
}

GtkWidget *
lw_game_page_get_entry_dialog (LwGamePage *self)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  return self->entry_dialog;
}

gboolean
lw_game_page_is_round_locked (LwGamePage *self,
                              guint       number)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), FALSE);

  return lw_game_view_is_round_locked (self->view, number);
}

gboolean
lw_game_page_load (LwGamePage  *self,
                   gint64       id,
                   GError     **error)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  if (self->editor != NULL)
    gtk_window_destroy (GTK_WINDOW (self->editor));

  if (!load (self, id, error))
    return FALSE;

  gtk_widget_set_visible (GTK_WIDGET (self->last_round_group), FALSE);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);

  return TRUE;
}

static void
show_last_round (LwGamePage *self)
{
  const LwRoundResult *result;
  g_autofree char *title = NULL;
  g_autofree char *breakdown = NULL;

  if (self->standings->rounds->len == 0)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->last_round_group), FALSE);
      return;
    }

  result = g_ptr_array_index (self->standings->rounds, self->standings->rounds->len - 1);
  breakdown = lw_describe_round (self->game->record, self->standings, result);
  if (lw_game_page_is_garwolf (self))
    /* TRANSLATORS: above the breakdown of the Garwolf hand just added */
    title = g_strdup_printf (_("Hand %u Scored"), result->number);
  else
    /* TRANSLATORS: above the breakdown of the round just added */
    title = g_strdup_printf (_("Round %u Scored"), result->number);
  adw_preferences_group_set_title (self->last_round_group, title);
  gtk_label_set_text (self->last_round_label, breakdown);
  gtk_widget_set_visible (GTK_WIDGET (self->last_round_group), TRUE);
}

/* Whether the game's next round is being played at the virtual table:
 * dealt and saved there (lw_store_load_table()), so that a round added
 * here would throw its hands and plays away. */
static gboolean
table_round_in_progress (LwGamePage *self,
                         guint      *number)
{
  g_autoptr (LwStoredTable) stored = NULL;

  if (self->game == NULL || !lw_store_has_table (self->store, self->game->id))
    return FALSE;
  stored = lw_store_load_table (self->store, self->game->id, NULL);
  if (stored == NULL || stored->round == NULL || stored->round_number != self->game->record->rounds->len + 1)
    return FALSE;
  *number = stored->round_number;
  return TRUE;
}

static void add_round (LwGamePage *self,
                       LwRound    *round);

/* Checked again: the form may have changed while the dialog was open. */
static gboolean
check_form (LwGamePage  *self,
            LwRound    **round)
{
  g_autoptr (GError) error = NULL;

  if (lw_round_form_check (self->round_form, round, &error))
    return TRUE;
  lw_round_form_show_error (self->round_form, error->message);
  g_clear_pointer (round, lw_round_free);
  return FALSE;
}

static void
add_anyway_cb (AdwMessageDialog *dialog,
               const char       *response,
               gpointer          owner)
{
  LwGamePage *self = LW_GAME_PAGE (owner);
  LwRound *round = NULL;

  if (self->game != NULL && !self->standings->finished && check_form (self, &round))
    add_round (self, round);
}

static void
submit_round_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  g_autoptr (LwRound) round = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  guint number = 0;

  if (self->game == NULL || self->standings->finished)
    return;

  /* The round is built and checked once, here; the store checks it once
   * more under its write lock. */
  if (!check_form (self, &round))
    return;
  if (!table_round_in_progress (self, &number))
    {
      add_round (self, g_steal_pointer (&round));
      return;
    }

  /* TRANSLATORS: Add Round on the Scores page while the virtual table plays that round; %u its number */
  body = g_strdup_printf (_("Round %u is being played at the virtual table. Adding a round here throws away "
                            "its hands and the plays made so far."), number);
  dialog = lw_message_dialog_new (widget, _("A Round Is Being Played at the Table"), body, NULL,
                                  "add", _("_Add Round Anyway"));
  /* Keep Playing is the default: Enter and Escape keep the round. */
  lw_message_dialog_set_destructive (dialog);
  /* TRANSLATORS: the safe answer: the round at the virtual table goes on */
  adw_message_dialog_set_response_label (dialog, "cancel", _("_Keep Playing"));
  lw_message_dialog_present (dialog, G_CALLBACK (add_anyway_cb), self, &self->dialog);
}

typedef struct {
  LwGamePage *page;    /* owned: a reference */
  char       *owner;   /* the laptop the round went to */
} SentRound;

/* The round sent as a suggestion: said in a toast, and the form starts
 * afresh; else why in the form, the round still in it. */
static void
round_suggested_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      data)
{
  SentRound *sent = data;
  LwGamePage *self = sent->page;
  g_autoptr (GError) error = NULL;
  gint64 id = 0;

  if (!lw_club_suggest_finish (result, &id, &error))
    {
      g_autofree char *message = lw_club_describe_not_sent (error);

      if (self->store != NULL)
        lw_round_form_show_error (self->round_form, message);
    }
  else if (self->store != NULL)
    {
      g_autofree char *message = lw_club_describe_sent (id, sent->owner);

      lw_game_page_refresh (self, FALSE);
      lw_game_page_toast (self, message);
    }
  g_object_unref (sent->page);
  g_free (sent->owner);
  g_free (sent);
}

/* "Send as Suggestion" after a round added to another club laptop's game
 * was refused: the round goes to that laptop, added after the game's
 * last (lw_club_suggest(): an insertion before rounds + 1). */
static void
suggest_round_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  gpointer          owner)
{
  LwGamePage *self = owner;
  const LwRound *round = g_object_get_data (G_OBJECT (dialog), "lw-round");
  SentRound *sent;
  LwEdit edit = { LW_EDIT_INSERT, 0, round };

  if (self->game == NULL || round == NULL)
    return;
  edit.number = self->game->record->rounds->len + 1;
  sent = g_new0 (SentRound, 1);
  sent->page = g_object_ref (self);
  sent->owner = g_strdup (g_object_get_data (G_OBJECT (dialog), "lw-owner"));
  lw_club_suggest_async (self->store, self->game->id, &edit, NULL, round_suggested_cb, sent);
}

/* The store refused @round added to game @id with @error: another club
 * laptop's game is offered a suggestion instead. */
static void
offer_round_suggestion (LwGamePage   *self,
                        gint64        id,
                        LwRound      *round,
                        const GError *error)
{
  g_autoptr (LwRound) owned = round;
  AdwMessageDialog *dialog = lw_club_offer_dialog_new (GTK_WIDGET (self), self->store, id, error);

  if (dialog == NULL)
    return;
  g_object_set_data_full (G_OBJECT (dialog), "lw-round", g_steal_pointer (&owned), (GDestroyNotify) lw_round_free);
  lw_message_dialog_present (dialog, G_CALLBACK (suggest_round_cb), self, &self->dialog);
}

/* Adds @round (transfer full), checked by the form, to the game shown. */
static void
add_round (LwGamePage *self,
           LwRound    *round)
{
  g_autoptr (LwRound) owned = round;
  g_autoptr (LwStoredGame) stored = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  gint64 id;

  id = self->game->id;
  if (!lw_store_append_round_read_back (self->store, id, owned, &stored, &error))
    {
      /* The round stays in the form: nothing typed is lost. */
      lw_round_form_show_error (self->round_form, error->message);
      offer_round_suggestion (self, id, g_steal_pointer (&owned), error);
      return;
    }

  /* The view shows the game as the store holds it after the write, not
   * read from the file again. */
  lw_game_view_take_game (self->view, g_steal_pointer (&stored));
  lw_game_page_refresh (self, FALSE);

  show_last_round (self);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
  lw_game_page_focus_form (self);

  if (self->standings->finished)
    message = g_strdup_printf (lw_game_page_is_garwolf (self)
                                 /* TRANSLATORS: the Garwolf hand just added ended the game */
                                 ? _("Hand %u added: game over")
                                 /* TRANSLATORS: the round just added ended the game */
                                 : _("Round %u added: game over"),
                               self->standings->rounds->len);
  else
    message = g_strdup_printf (lw_game_page_is_garwolf (self) ? _("Hand %u added") : _("Round %u added"),
                               self->standings->rounds->len);
  lw_game_page_round_toast (self, message, 1);
}

void
lw_game_page_take_back_round (LwGamePage *self)
{
  g_autoptr (LwRound) removed = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  GPtrArray *rounds;
  guint number;

  if (self->game == NULL)
    return;

  rounds = self->game->record->rounds;
  if (rounds->len == 0)
    return;

  number = rounds->len;
  removed = lw_round_copy (g_ptr_array_index (rounds, rounds->len - 1));

  /* Logged as a deletion, with the round's virtual table log kept with
   * it: the toast's Undo brings back both. */
  if (!lw_store_remove_last_round (self->store, self->game->id, &error))
    {
      lw_game_page_show_error_toast (self, error);
      return;
    }

  lw_game_page_refresh (self, FALSE);

  /* The round taken back goes into the form, to be corrected and added
   * again. */
  gtk_widget_set_visible (GTK_WIDGET (self->last_round_group), FALSE);
  lw_round_form_fill (self->round_form, removed);
  lw_game_page_focus_form (self);

  message = g_strdup_printf (lw_game_page_is_garwolf (self)
                               /* TRANSLATORS: undo: the last Garwolf hand was removed and put back in the form */
                               ? _("Hand %u back in the form")
                               /* TRANSLATORS: undo: the last round was removed and put back in the form */
                               : _("Round %u back in the form"),
                             number);
  lw_game_page_round_toast (self, message, 1);
  self->undo_clears_form = TRUE;
}

static void
undo_round_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  lw_game_page_take_back_round (LW_GAME_PAGE (widget));
}

void
lw_game_page_show_error_toast (LwGamePage   *self,
                               const GError *error)
{
  g_autofree char *text = lw_message_capitalize (error->message);

  lw_game_page_toast (self, text);
}

LwRoundEditor *
lw_game_page_get_round_editor (LwGamePage *self)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  return self->editor;
}

AdwMessageDialog *
lw_game_page_get_dialog (LwGamePage *self)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  return self->dialog;
}

GtkWidget *
lw_game_page_get_dialog_field (LwGamePage *self,
                               const char *name)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  return self->dialog != NULL ? lw_game_page_dialog_field (self->dialog, name) : NULL;
}

const char *
lw_game_page_get_details_text (LwGamePage *self,
                               gboolean    subtitle)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  if (!gtk_widget_get_visible (self->details_list))
    return "";

  return subtitle ? adw_action_row_get_subtitle (self->details_row)
                  : adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->details_row));
}

static void
lw_game_page_dispose (GObject *object)
{
  LwGamePage *self = LW_GAME_PAGE (object);

  if (self->round_toast != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->round_toast, round_toast_dismissed_cb, self);
      g_signal_handlers_disconnect_by_func (self->round_toast, undo_clicked_cb, self);
    }
  g_clear_object (&self->round_toast);

  if (self->editor != NULL)
    gtk_window_destroy (GTK_WINDOW (self->editor));
  self->editor = NULL;
  if (self->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->dialog));
  self->dialog = NULL;

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  gtk_widget_dispose_template (GTK_WIDGET (self), LW_TYPE_GAME_PAGE);
  g_clear_object (&self->history_model);
  g_clear_pointer (&self->history_items, g_hash_table_unref);
  g_clear_pointer (&self->history_text, g_free);
  g_clear_object (&self->store);
  self->game = NULL;
  self->standings = NULL;
  self->round_players = self->penalties = NULL;
  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (self->view, self);
  g_clear_object (&self->view);
  if (self->entry_dialog != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->entry_dialog), (gpointer *) &self->entry_dialog);
  self->entry_dialog = NULL;

  G_OBJECT_CLASS (lw_game_page_parent_class)->dispose (object);
}

static void
lw_game_page_class_init (LwGamePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_game_page_dispose;

  g_type_ensure (LW_TYPE_SCOREBOARD);
  g_type_ensure (LW_TYPE_SCORE_CHART);
  g_type_ensure (LW_TYPE_GAME_LAYOUT);
  g_type_ensure (LW_TYPE_ROUND_FORM);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-game-page.ui");
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, window_title);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, title_label);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, short_title_label);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, undo_button);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, details_list);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, details_row);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, scroller);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, scoreboard);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, chart);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, result_box);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, result_label);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, result_detail_label);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, last_round_group);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, last_round_label);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, round_form);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, history_group);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, history_scroller);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, history_list);

  gtk_widget_class_install_action (widget_class, "game.submit-round", NULL, submit_round_action);
  gtk_widget_class_install_action (widget_class, "game.undo-round", NULL, undo_round_action);

  lw_game_page_install_actions (widget_class);
  lw_game_page_install_export_actions (widget_class);
  lw_game_page_install_edit_actions (widget_class);
  lw_game_page_install_dialog_actions (widget_class);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "game.export", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "game.print", NULL);
}

static void
add_capture_shortcut (GtkShortcutController *controller,
                      guint                  keyval,
                      const char            *action)
{
  gtk_shortcut_controller_add_shortcut (controller,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (keyval, GDK_CONTROL_MASK),
                                                          gtk_named_action_new (action)));
}

static void
lw_game_page_init (LwGamePage *self)
{
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* The history: rows made for the rounds in view only. */
  {
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
    GtkNoSelection *selection;

    self->history_model = gtk_string_list_new (NULL);
    self->history_items = g_hash_table_new (NULL, NULL);
    g_signal_connect (factory, "setup", G_CALLBACK (history_setup_cb), self);
    g_signal_connect (factory, "bind", G_CALLBACK (history_bind_cb), self);
    g_signal_connect (factory, "unbind", G_CALLBACK (history_unbind_cb), self);
    gtk_list_view_set_factory (self->history_list, factory);
    g_object_unref (factory);
    selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->history_model)));
    gtk_list_view_set_model (self->history_list, GTK_SELECTION_MODEL (selection));
    g_object_unref (selection);
    g_signal_connect (self->history_list, "activate", G_CALLBACK (history_activate_cb), self);
  }

  /* Ctrl+Z and Ctrl+Enter mean the game's rounds wherever the focus is:
   * caught before a count's text sees them (its own undo, for one). */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_event_controller_set_name (shortcuts, "game-shortcuts");
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  add_capture_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts), GDK_KEY_z, "game.undo");
  add_capture_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts), GDK_KEY_Return, "game.submit-round");
  add_capture_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts), GDK_KEY_KP_Enter, "game.submit-round");
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo-round", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo-edit", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.back-to-table", FALSE);

  g_signal_connect (self->round_form, "pending-penalty-removed", G_CALLBACK (lw_game_page_pending_penalty_removed_cb), self);
}
