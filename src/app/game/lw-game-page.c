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
#include "lw-edit-log.h"
#include "lw-game-layout.h"
#include "lw-game-page.h"
#include "lw-print.h"
#include "lw-replay-window.h"
#include "lw-round-editor.h"
#include "lw-score-chart.h"
#include "lw-store-table.h"
#include "lw-store-entry.h"
#include "lw-table-entry-dialog.h"
#include "lw-name-completion.h"
#include "lw-game-view.h"

struct _LwGamePage
{
  AdwBin parent_instance;

  /* template widgets */
  GtkWidget *window_title;      /* the header bar's title: the names, wrapping */
  GtkLabel *title_label;        /* the names, shown when they fit */
  GtkLabel *short_title_label;  /* "4 Players" in their place */
  GtkLabel *subtitle_label;
  GtkWidget *undo_button;
  GtkScrolledWindow *scroller;
  GtkWidget *details_list;
  AdwActionRow *details_row;
  LwBoard *board;
  LwScoreChart *chart;
  GtkWidget *result_box;
  GtkLabel *result_label;
  GtkLabel *result_detail_label;
  AdwPreferencesGroup *last_round_group;
  GtkLabel *last_round_label;
  LwRoundForm *round_form;
  AdwPreferencesGroup *history_group;
  GtkListBox *history_list;

  /* owned */
  LwStore *store;
  LwGameView *view;           /* the game shown, read once per change */
  GtkFileChooserNative *chooser;

  /* borrowed from @view: its last reading, %NULL before the first */
  const LwStoredGame *game;
  const LwStandings *standings;
  GPtrArray *round_players;   /* per round, who sat in each seat (GStrv) */
  GPtrArray *penalties;       /* LwStoredPenalty*, the stored rounds' */

  /* what the next reading of @view does to the round form: keep what is
   * typed (a change from elsewhere) or start afresh (a round added) */
  gboolean keep_form;

  /* the last "Round N added" toast while shown, replaced by the next one */
  AdwToast *round_toast;
  /* what its Undo button undoes: that many changes of that game, as long
   * as the game is still at that version (a phone or another program may
   * have changed it since) */
  gint64 undo_game;
  guint undo_steps;
  gint64 undo_version;

  /* borrowed: the round editor or a dialog while shown */
  LwRoundEditor *editor;
  AdwMessageDialog *dialog;
  GtkWidget *entry_dialog;    /* table entry (game.table-entry) */
};

static void view_changed_cb (LwGamePage *self);
static void view_failed_cb (LwGamePage *self,
                            const char *message);
static void undo_clicked_cb (AdwToast   *toast,
                             LwGamePage *self);

G_DEFINE_FINAL_TYPE (LwGamePage, lw_game_page, ADW_TYPE_BIN)

static AdwToast *
toast (LwGamePage *self,
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
static void
round_toast (LwGamePage *self,
             const char *message,
             guint       undo_steps)
{
  AdwToast *shown = self->round_toast;

  self->undo_game = self->game != NULL ? self->game->id : 0;
  self->undo_steps = undo_steps;
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
      shown = toast (self, message);
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

static gboolean
is_garwolf (LwGamePage *self)
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

LwBoard *
lw_game_page_get_board (LwGamePage *self)
{
  return self->board;
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
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->history_list));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;

  return n;
}

const char *
lw_game_page_get_history_text (LwGamePage *self,
                               guint       index)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->history_list));

  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  for (; child != NULL && index > 0; index--)
    child = gtk_widget_get_next_sibling (child);

  return ADW_IS_ACTION_ROW (child) ? adw_action_row_get_subtitle (ADW_ACTION_ROW (child)) : NULL;
}

GtkWidget *
lw_game_page_get_history_row (LwGamePage *self,
                              guint       index)
{
  GtkWidget *child;

  g_return_val_if_fail (LW_IS_GAME_PAGE (self), NULL);

  child = gtk_widget_get_first_child (GTK_WIDGET (self->history_list));
  for (; child != NULL && index > 0; index--)
    child = gtk_widget_get_next_sibling (child);

  return child;
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

/* Sets a history row's texts to @result's. Setting a text to what it
 * already is costs nothing, so a reload after a change lays out only the
 * rows whose round changed. */
static void
fill_history_row (LwGamePage          *self,
                  GtkWidget           *row,
                  const LwRoundResult *result)
{
  const LwGameRecord *record = self->game->record;
  g_autofree char *title = NULL;
  g_autofree char *shown_dealer = NULL;
  g_autofree char *breakdown = lw_describe_round (record, self->standings, result);
  g_autofree char *facts = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *scores = lw_format_scores (self->standings->n_sides, result->scores);
  GtkLabel *label = g_object_get_data (G_OBJECT (row), "scores-label");
  const char *dealer = result->dealer >= 0 && result->dealer < (int) record->n_players
                         ? lw_game_record_player_at (record, result->dealer, result->number) : "?";
  g_autoptr (GString) noted = g_string_new (NULL);

  /* Who sat there then: a substitute's seat names its earlier player. */
  if (self->round_players != NULL && result->number >= 1 && result->number <= self->round_players->len)
    {
      char **names = g_ptr_array_index (self->round_players, result->number - 1);

      if (result->dealer >= 0 && (guint) result->dealer < g_strv_length (names))
        dealer = names[result->dealer];
    }

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

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (result->number >= 1 && result->number <= record->rounds->len)
    facts = lw_describe_round_facts (record, g_ptr_array_index (record->rounds, result->number - 1));
  subtitle = facts != NULL ? g_strdup_printf ("%s\n%s%s", facts, breakdown, noted->str)
                           : g_strdup_printf ("%s%s", breakdown, noted->str);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_label_set_text (label, scores);
  gtk_widget_set_visible (g_object_get_data (G_OBJECT (row), "replay-button"),
                          lw_store_has_round_log (self->store, self->game->id, result->number));
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
    gtk_widget_set_tooltip_text (lock, lock_text);
    gtk_accessible_update_property (GTK_ACCESSIBLE (lock), GTK_ACCESSIBLE_PROPERTY_LABEL, lock_text, -1);
    gtk_actionable_set_action_target_value (GTK_ACTIONABLE (lock), g_variant_new_uint32 (result->number));
    gtk_widget_set_opacity (lock, locked ? 1.0 : 0.55);
  }
  gtk_widget_set_tooltip_text (row, record->ruleset == LW_RULESET_GARWOLF
                                      ? _("Correct, Delete or Insert a Hand Before It")
                                      : _("Correct, Delete or Insert a Round Before It"));
}

/* A history row for round @number; fill_history_row() gives it its texts. */
static GtkWidget *
make_history_row (guint number)
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
  gtk_widget_set_tooltip_text (label, _("The board after this round"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);

  /* A round played at the virtual table can be replayed trick by trick;
   * fill_history_row() shows the button when the round has a log. */
  replay = gtk_button_new_from_icon_name ("media-playback-start-symbolic");
  gtk_widget_set_valign (replay, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (replay, "flat");
  gtk_widget_set_tooltip_text (replay, _("Replay Round"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (replay), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Replay Round"), -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (replay), "game.replay-round");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (replay), g_variant_new_uint32 (number));
  gtk_widget_set_visible (replay, FALSE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), replay);
  /* Locked against corrections from phones (table entry), or not. */
  lock = gtk_button_new ();
  gtk_widget_set_valign (lock, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (lock, "flat");
  gtk_widget_add_css_class (lock, "circular");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (lock), "game.lock-round");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (lock), g_variant_new_uint32 (number));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), lock);
  g_object_set_data (G_OBJECT (row), "lock-button", lock);

  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("document-edit-symbolic"));
  g_object_set_data (G_OBJECT (row), "scores-label", label);
  g_object_set_data (G_OBJECT (row), "replay-button", replay);

  /* Enter or a click opens the round to correct it. */
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "game.edit-round");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (row), g_variant_new_uint32 (number));

  return row;
}

/* The penalties noted during the round being played, in the form. */
static void
add_pending_penalties (LwGamePage *self)
{
  g_autoptr (GPtrArray) pending = NULL;
  g_autoptr (GError) error = NULL;

  if (is_garwolf (self))
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

/* The Undo button and Ctrl+Z undo the game's last change, whatever it
 * was; the tooltip names it. */
static void
update_undo (LwGamePage *self)
{
  const LwEditEntry *entry = NULL;
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
  lw_edit_entry_describe (self->game->record, entry, &title, &subtitle);
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
  GtkWidget *child;
  guint n_rounds = standings->rounds->len;

  g_autofree char *short_title = NULL;
  gtk_label_set_text (self->title_label, title);
  gtk_widget_set_tooltip_text (self->window_title, title);
  /* TRANSLATORS: the game page's title when the players' names do not fit */
  short_title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Player", "%u Players", record->n_players),
                                 record->n_players);
  gtk_label_set_text (self->short_title_label, short_title);
  subtitle = g_strdup_printf ("%s · %s",
                              record->ruleset == LW_RULESET_GARWOLF ? _("Garwolf") : _("Little Wolf"),
                              standings->finished ? _("finished") : _("in play"));
  gtk_label_set_text (self->subtitle_label, subtitle);

  lw_board_set_king_and_knave (self->board, self->game->king_and_knave);
  lw_board_update (self->board, record, standings);
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
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.note-penalty", !standings->finished && !is_garwolf (self));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.submit-round", !standings->finished);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo-round", n_rounds > 0);
  update_undo (self);

  /* The rows, newest first, are kept: rounds taken away lose their rows at
   * the top, new rounds get new rows there, and every row is given its
   * round's texts again (only changed texts are laid out anew). */
  {
    guint n_rows = 0;

    for (child = gtk_widget_get_first_child (GTK_WIDGET (self->history_list));
         child != NULL; child = gtk_widget_get_next_sibling (child))
      n_rows++;
    for (; n_rows > n_rounds; n_rows--)
      gtk_list_box_remove (self->history_list,
                           GTK_WIDGET (gtk_list_box_get_row_at_index (self->history_list, 0)));
    for (; n_rows < n_rounds; n_rows++)
      gtk_list_box_prepend (self->history_list, make_history_row (n_rows + 1));
    for (guint i = 0; i < n_rounds; i++)
      fill_history_row (self,
                        GTK_WIDGET (gtk_list_box_get_row_at_index (self->history_list, (int) (n_rounds - 1 - i))),
                        g_ptr_array_index (standings->rounds, i));
  }
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

  toast (self, text);
}

/* After the page changed game @id: the store's watch tells the change
 * now (lw_store_watch_flush()), so that the view reads the game once and
 * the page shows it before going on. A reading that fails is told in a
 * toast (#LwGameView::failed). @keep_form: what is typed in the form
 * stays. Returns: %TRUE, for the callers' chains of steps. */
static gboolean
refresh (LwGamePage *self,
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
lw_game_page_get_table_entry_dialog (LwGamePage *self)
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
  if (is_garwolf (self))
    /* TRANSLATORS: above the breakdown of the Garwolf hand just added */
    title = g_strdup_printf (_("Hand %u Scored"), result->number);
  else
    /* TRANSLATORS: above the breakdown of the round just added */
    title = g_strdup_printf (_("Round %u Scored"), result->number);
  adw_preferences_group_set_title (self->last_round_group, title);
  gtk_label_set_text (self->last_round_label, breakdown);
  gtk_widget_set_visible (GTK_WIDGET (self->last_round_group), TRUE);
}

static void
submit_round_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  g_autoptr (LwRound) round = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  gint64 id;

  if (self->game == NULL || self->standings->finished)
    return;

  if (!lw_round_form_check (self->round_form, &error))
    {
      lw_round_form_show_error (self->round_form, error->message);
      return;
    }

  round = lw_round_form_build_round (self->round_form);
  id = self->game->id;
  if (!lw_store_append_round (self->store, id, round, &error))
    {
      /* The round stays in the form: nothing typed is lost. */
      lw_round_form_show_error (self->round_form, error->message);
      return;
    }

  refresh (self, FALSE);

  show_last_round (self);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
  lw_game_page_focus_form (self);

  if (self->standings->finished)
    message = g_strdup_printf (is_garwolf (self)
                                 /* TRANSLATORS: the Garwolf hand just added ended the game */
                                 ? _("Hand %u added: game over")
                                 /* TRANSLATORS: the round just added ended the game */
                                 : _("Round %u added: game over"),
                               self->standings->rounds->len);
  else
    message = g_strdup_printf (is_garwolf (self) ? _("Hand %u added") : _("Round %u added"),
                               self->standings->rounds->len);
  round_toast (self, message, 1);
}

static void
undo_round_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  g_autoptr (LwRound) removed = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  GPtrArray *rounds;
  guint number;
  gint64 id;

  if (self->game == NULL)
    return;

  rounds = self->game->record->rounds;
  if (rounds->len == 0)
    return;

  number = rounds->len;
  removed = lw_round_copy (g_ptr_array_index (rounds, rounds->len - 1));
  id = self->game->id;

  if (!lw_store_remove_last_round (self->store, id, &error))
    {
      g_autofree char *text = lw_message_capitalize (error->message);

      toast (self, text);
      return;
    }

  refresh (self, FALSE);

  /* The round taken back goes into the form, to be corrected and added
   * again. */
  gtk_widget_set_visible (GTK_WIDGET (self->last_round_group), FALSE);
  lw_round_form_fill (self->round_form, removed);
  lw_game_page_focus_form (self);

  message = g_strdup_printf (is_garwolf (self)
                               /* TRANSLATORS: undo: the last Garwolf hand was removed and put back in the form */
                               ? _("Hand %u back in the form")
                               /* TRANSLATORS: undo: the last round was removed and put back in the form */
                               : _("Round %u back in the form"),
                             number);
  round_toast (self, message, 0);
}

static void
export_saved_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (LwGamePage) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (object), result, NULL, &error))
    {
      g_autofree char *message = NULL;

      /* TRANSLATORS: %s is the reason */
      message = g_strdup_printf (_("Could not export: %s"), error->message);
      toast (self, message);
      return;
    }

  toast (self, _("Game record exported"));
}

static void
export_response_cb (GtkNativeDialog *dialog,
                    int              response,
                    gpointer         user_data)
{
  LwGamePage *self = user_data;

  if (response == GTK_RESPONSE_ACCEPT && self->game != NULL)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr (GBytes) bytes = NULL;
      GString *json = g_string_new (NULL);

      /* As the CLI's export: what Import reads back, however large. */
      lw_game_record_write_json (self->game->record,
                                 lw_game_record_export_indented (self->game->record),
                                 lw_json_write_to_string, json, NULL);
      bytes = g_string_free_to_bytes (json);
      if (file != NULL)
        g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_NONE,
                                             NULL, export_saved_cb, g_object_ref (self));
    }

  g_clear_object (&self->chooser);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  g_autofree char *name = NULL;
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->game == NULL || self->chooser != NULL)
    return;

  self->chooser = gtk_file_chooser_native_new (_("Export the Game Record"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Export"),
                                               _("_Cancel"));
  /* TRANSLATORS: the suggested file name of an exported game; %d is its number */
  name = g_strdup_printf (_("little-wolf-game-%d.json"), (int) self->game->id);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect (self->chooser, "response", G_CALLBACK (export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->game != NULL && self->standings != NULL)
    lw_print_run (lw_print_score_sheet_new (self->game->record, self->standings),
                  GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
}

/* "game.print-blank": a blank score sheet with a column for each of
 * this game's sides (win.print-blank). */
static void
print_blank_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);

  if (self->standings != NULL)
    gtk_widget_activate_action (widget, "win.print-blank", "u", self->standings->n_sides);
}

/* "game.table-entry": entry of this game's rounds from phones. */
static void
table_entry_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->game == NULL)
    return;
  if (self->entry_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->entry_dialog));
      return;
    }
  self->entry_dialog = lw_table_entry_dialog_new_for_game (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                           self->store, self->game->id);
  g_object_add_weak_pointer (G_OBJECT (self->entry_dialog), (gpointer *) &self->entry_dialog);
  gtk_window_present (GTK_WINDOW (self->entry_dialog));
}

/* "game.lock-round" (u): locks round N against corrections from phones,
 * or unlocks it. */
static void
lock_round_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  guint number = g_variant_get_uint32 (parameter);
  gboolean locked;
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;

  if (self->game == NULL)
    return;
  locked = !lw_game_page_is_round_locked (self, number);
  if (!lw_store_set_round_locked (self->store, self->game->id, number, locked, &error)
      || !refresh (self, TRUE))
    {
      message = lw_message_capitalize (error->message);
      toast (self, message);
      return;
    }
  message = locked
    /* TRANSLATORS: a toast after the lock button of a round in the history */
    ? g_strdup_printf (_("Round %u locked: phones can no longer correct it"), number)
    /* TRANSLATORS: a toast after the lock button of a round in the history */
    : g_strdup_printf (_("Round %u unlocked"), number);
  toast (self, message);
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);

  if (self->game != NULL)
    gtk_widget_activate_action (widget, "win.delete-game", "x", self->game->id);
}

static void
show_error_toast (LwGamePage   *self,
                  const GError *error)
{
  g_autofree char *text = lw_message_capitalize (error->message);

  toast (self, text);
}

/* ---- corrections ---------------------------------------------------- */

static void
editor_edited_cb (LwRoundEditor *editor,
                  int            kind,
                  guint          number,
                  LwGamePage    *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  gboolean garwolf = is_garwolf (self);

  if (self->game == NULL || !refresh (self, TRUE))
    {
      if (error != NULL)
        show_error_toast (self, error);
      return;
    }

  gtk_widget_set_visible (GTK_WIDGET (self->last_round_group), FALSE);
  switch (kind)
    {
    case LW_EDIT_INSERT:
      /* TRANSLATORS: a toast after a round was inserted into a game */
      message = g_strdup_printf (garwolf ? _("Hand %u inserted") : _("Round %u inserted"), number);
      break;
    case LW_EDIT_DELETE:
      /* TRANSLATORS: a toast after a past round was deleted */
      message = g_strdup_printf (garwolf ? _("Hand %u deleted") : _("Round %u deleted"), number);
      break;
    case LW_EDIT_REPLACE:
    default:
      /* TRANSLATORS: a toast after a past round was corrected */
      message = g_strdup_printf (garwolf ? _("Hand %u changed") : _("Round %u changed"), number);
      break;
    }
  round_toast (self, message, 1);
}

static void
editor_destroy_cb (LwRoundEditor *editor,
                   LwGamePage    *self)
{
  if (self->editor == editor)
    self->editor = NULL;
}

/* A penalty's note changed in the editor: the history shows it. */
static void
editor_note_saved_cb (LwRoundEditor *editor,
                      guint          number,
                      LwGamePage    *self)
{
  g_autoptr (GError) error = NULL;

  if (self->game == NULL || !refresh (self, TRUE))
    {
      if (error != NULL)
        show_error_toast (self, error);
      return;
    }
  /* TRANSLATORS: a toast: a penalty's note was changed */
  toast (self, _("Penalty note saved"));
}

static void
edit_round_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  guint number = g_variant_get_uint32 (parameter);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->game == NULL || number < 1 || number > self->game->record->rounds->len || self->editor != NULL)
    return;

  self->editor = lw_round_editor_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                      self->store, self->game, number);
  g_signal_connect_object (self->editor, "edited", G_CALLBACK (editor_edited_cb), self, 0);
  g_signal_connect_object (self->editor, "note-saved", G_CALLBACK (editor_note_saved_cb), self, 0);
  g_signal_connect_object (self->editor, "destroy", G_CALLBACK (editor_destroy_cb), self, 0);
}

/* "game.replay-round" (u): round N replayed trick by trick, when it was
 * played at the virtual table. */
static void
replay_round_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autoptr (GError) error = NULL;
  LwReplayWindow *replay;

  if (self->game == NULL)
    return;
  replay = lw_replay_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->store,
                                 self->game->id, g_variant_get_uint32 (parameter), &error);
  if (replay == NULL)
    {
      g_autofree char *text = lw_message_capitalize (error->message);

      toast (self, text);
      return;
    }
  gtk_window_present (GTK_WINDOW (replay));
}

static void
undo_edit_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  g_autoptr (GError) error = NULL;
  gint64 id = self->undo_game;
  guint steps = self->undo_steps;
  gint64 version = 0;

  if (id == 0 || steps == 0)
    return;

  self->undo_steps = 0;
  gtk_widget_action_set_enabled (widget, "game.undo-edit", FALSE);

  /* Undo takes back the last changes of the game: once somebody else has
   * changed it (a phone at the table), those are not this change. */
  if (!lw_store_get_game_version (self->store, id, &version, &error))
    {
      show_error_toast (self, error);
      return;
    }
  if (version != self->undo_version)
    {
      /* TRANSLATORS: a toast: Undo was pressed after a phone or another program changed the game */
      round_toast (self, _("The game was changed elsewhere since: nothing was undone"), 0);
      return;
    }
  for (guint i = 0; i < steps; i++)
    if (!lw_store_undo_last_edit (self->store, id, &error))
      break;

  if (self->game != NULL && self->game->id == id && self->store != NULL)
    {
      refresh (self, TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->last_round_group), FALSE);
    }

  if (error != NULL)
    {
      show_error_toast (self, error);
      return;
    }

  /* TRANSLATORS: a toast: the last change to the game was taken back */
  round_toast (self, _("Change undone"), 0);
}

/* "game.undo": undoes the game's last change, whatever it was and however
 * long ago (lw_store_undo_last_edit()). A round just added comes back
 * into the form, to be corrected and added again. */
static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  g_autoptr (LwEditEntry) entry = NULL;
  g_autoptr (LwRound) removed = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  gint64 id;

  if (self->game == NULL)
    return;
  id = self->game->id;
  entry = lw_store_get_last_edit (self->store, id, &error);
  if (entry == NULL)
    {
      show_error_toast (self, error);
      return;
    }
  lw_edit_entry_describe (self->game->record, entry, &title, &subtitle);
  if (g_str_equal (entry->kind, "append_round") && entry->number == self->game->record->rounds->len)
    removed = lw_round_copy (g_ptr_array_index (self->game->record->rounds, entry->number - 1));

  if (!lw_store_undo_last_edit (self->store, id, &error) || !refresh (self, removed == NULL))
    {
      show_error_toast (self, error);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->last_round_group), FALSE);
  if (removed != NULL)
    {
      lw_round_form_fill (self->round_form, removed);
      lw_game_page_focus_form (self);
      message = g_strdup_printf (is_garwolf (self)
                                   ? _("Hand %u back in the form")
                                   : _("Round %u back in the form"),
                                 entry->number);
    }
  else
    /* TRANSLATORS: a toast after Undo; %s is the change undone, as the edit log names it */
    message = g_strdup_printf (_("Undone: %s"), title);
  round_toast (self, message, 0);
}

/* ---- small dialogs: a penalty noted now, a substitute, the details --- */

static void
dialog_destroy_cb (AdwMessageDialog *dialog,
                   LwGamePage       *self)
{
  if (self->dialog == dialog)
    self->dialog = NULL;
}

/* A message dialog with @extra below its text, "cancel" and @response. */
static AdwMessageDialog *
open_dialog (LwGamePage *self,
             const char *heading,
             const char *body,
             GtkWidget  *extra,
             const char *response,
             const char *label,
             GCallback   response_cb)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), extra);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    response, label,
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), response, ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), response);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", response_cb, self, 0);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (dialog_destroy_cb), self, 0);
  self->dialog = ADW_MESSAGE_DIALOG (dialog);
  gtk_window_present (GTK_WINDOW (dialog));

  return ADW_MESSAGE_DIALOG (dialog);
}

/* A label above @widget, its mnemonic. */
static void
add_field (GtkBox     *box,
           const char *label,
           GtkWidget  *widget,
           const char *name)
{
  GtkWidget *title = gtk_label_new_with_mnemonic (label);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (title), widget);
  gtk_widget_add_css_class (title, "heading");
  gtk_widget_set_name (widget, name);
  if (gtk_widget_get_first_child (GTK_WIDGET (box)) != NULL)
    gtk_widget_set_margin_top (title, 6);
  gtk_box_append (box, title);
  gtk_box_append (box, widget);
}

static GtkWidget *
seat_drop_down (LwGamePage *self)
{
  const LwGameRecord *record = self->game->record;
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  GtkWidget *drop_down;

  for (guint seat = 0; seat < record->n_players; seat++)
    gtk_string_list_append (names, lw_game_record_current_player (record, (int) seat));
  drop_down = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
  lw_drop_down_ellipsize (GTK_DROP_DOWN (drop_down));

  return drop_down;
}

static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static GtkWidget *
dialog_field (AdwMessageDialog *dialog,
              const char       *name)
{
  GtkWidget *extra = adw_message_dialog_get_extra_child (dialog);

  return extra != NULL ? find_named (extra, name) : NULL;
}

static GtkWidget *
field_box (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_widget_set_size_request (box, 240, -1);
  return box;
}

static void
note_penalty_response_cb (AdwMessageDialog *dialog,
                          const char       *response,
                          LwGamePage       *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) pending = NULL;
  const LwStoredPenalty *noted;
  GtkDropDown *seat = GTK_DROP_DOWN (dialog_field (dialog, "seat"));
  GtkDropDown *kind = GTK_DROP_DOWN (dialog_field (dialog, "kind"));
  const char *note = gtk_editable_get_text (GTK_EDITABLE (dialog_field (dialog, "note")));
  g_autofree char *stripped = g_strstrip (g_strdup (note));
  g_autofree char *message = NULL;
  gint64 pending_id;

  if (g_strcmp0 (response, "note") != 0 || self->game == NULL)
    return;

  pending_id = lw_store_add_pending_penalty (self->store, self->game->id,
                                             (int) gtk_drop_down_get_selected (seat),
                                             gtk_drop_down_get_selected (kind) == 1 ? LW_PENALTY_LOOKED_AT_DISCARDS
                                                                                    : LW_PENALTY_OUT_OF_TURN,
                                             *stripped != '\0' ? stripped : NULL, &error);
  if (pending_id == 0)
    {
      show_error_toast (self, error);
      return;
    }

  /* Into the form, with its time, beside what is already typed. */
  pending = lw_store_list_pending_penalties (self->store, self->game->id, &error);
  for (guint i = 0; pending != NULL && i < pending->len; i++)
    {
      noted = g_ptr_array_index (pending, i);
      if (noted->id == pending_id)
        lw_round_form_add_noted_penalty (self->round_form, noted->id, noted->seat, noted->kind,
                                         noted->note, noted->time);
    }

  /* TRANSLATORS: a toast: a penalty was noted for %s; it counts when the round is added */
  message = g_strdup_printf (_("Penalty noted for %s"),
                             lw_game_record_current_player (self->game->record,
                                                            (int) gtk_drop_down_get_selected (seat)));
  round_toast (self, message, 0);
}

static void
note_penalty_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  GtkWidget *box, *kind, *note;
  const char *kinds[] = {
    /* TRANSLATORS: a penalty: played cards out of turn (SCORING R19) */
    _("Out of turn"),
    /* TRANSLATORS: a penalty: looked at discards or the Pups (SCORING R19) */
    _("Looked at discards or Pups"),
    NULL
  };
  g_autofree char *body = NULL;

  if (self->game == NULL || self->standings->finished || is_garwolf (self) || self->dialog != NULL)
    return;

  box = field_box ();
  /* TRANSLATORS: who committed the penalty */
  add_field (GTK_BOX (box), _("_Who"), seat_drop_down (self), "seat");
  kind = gtk_drop_down_new_from_strings (kinds);
  lw_drop_down_ellipsize (GTK_DROP_DOWN (kind));
  add_field (GTK_BOX (box), _("_What They Did"), kind, "kind");
  note = gtk_entry_new ();
  gtk_entry_set_activates_default (GTK_ENTRY (note), TRUE);
  gtk_entry_set_placeholder_text (GTK_ENTRY (note), _("What happened (optional)"));
  add_field (GTK_BOX (box), _("_Note"), note, "note");

  body = g_strdup_printf (_("It is noted with the time now and counts when round %u is added."),
                          self->game->record->rounds->len + 1);
  open_dialog (self, _("Note a Penalty"), body, box, "note", _("_Note Penalty"),
               G_CALLBACK (note_penalty_response_cb));
  gtk_widget_grab_focus (dialog_field (self->dialog, "seat"));
}

static void
pending_penalty_removed_cb (LwRoundForm *form,
                            gint64       pending_id,
                            LwGamePage  *self)
{
  g_autoptr (GError) error = NULL;

  if (!lw_store_remove_pending_penalty (self->store, pending_id, &error))
    show_error_toast (self, error);
}

static void
substitute_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        LwGamePage       *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *old_name = NULL;
  GtkDropDown *seat = GTK_DROP_DOWN (dialog_field (dialog, "seat"));
  const char *name = gtk_editable_get_text (GTK_EDITABLE (dialog_field (dialog, "name")));
  g_autofree char *stripped = g_strstrip (g_strdup (name));
  guint from_round;
  guint index = gtk_drop_down_get_selected (seat);

  if (g_strcmp0 (response, "substitute") != 0 || self->game == NULL)
    return;

  from_round = self->game->record->rounds->len + 1;
  old_name = g_strdup (lw_game_record_current_player (self->game->record, (int) index));
  if (!lw_store_substitute_player (self->store, self->game->id, (int) index, stripped, from_round, &error) ||
      !refresh (self, TRUE))
    {
      show_error_toast (self, error);
      return;
    }

  /* TRANSLATORS: a toast: %1$s takes the seat of %2$s, keeping its score */
  message = g_strdup_printf (_("%1$s takes over from %2$s"), stripped, old_name);
  round_toast (self, message, 1);
}

static void
substitute_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  g_autoptr (LwNameCompletion) names = lw_name_completion_new ();
  g_autofree char *body = NULL;
  GtkWidget *box, *name;

  if (self->game == NULL || self->standings->finished || self->dialog != NULL)
    return;

  lw_name_completion_reload (names, self->store, NULL);

  box = field_box ();
  /* TRANSLATORS: the seat a substitute takes */
  add_field (GTK_BOX (box), _("_Seat"), seat_drop_down (self), "seat");
  name = gtk_entry_new ();
  lw_name_completion_attach (names, GTK_ENTRY (name));
  gtk_entry_set_activates_default (GTK_ENTRY (name), TRUE);
  /* TRANSLATORS: the substitute's name */
  add_field (GTK_BOX (box), _("_New Player"), name, "name");

  body = g_strdup_printf (is_garwolf (self)
                            /* TRANSLATORS: a substitute takes a seat mid-game */
                            ? _("The new player takes the seat from hand %u on, and keeps its score.")
                            /* TRANSLATORS: a substitute takes a seat mid-game */
                            : _("The new player takes the seat from round %u on, and keeps its score and side."),
                          self->game->record->rounds->len + 1);
  open_dialog (self, _("Substitute a Player"), body, box, "substitute", _("_Substitute"),
               G_CALLBACK (substitute_response_cb));
  gtk_widget_grab_focus (dialog_field (self->dialog, "seat"));
}

static void
details_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     LwGamePage       *self)
{
  g_autoptr (GError) error = NULL;
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (dialog_field (dialog, "notes")));
  const char *date = gtk_editable_get_text (GTK_EDITABLE (dialog_field (dialog, "date")));
  const char *place = gtk_editable_get_text (GTK_EDITABLE (dialog_field (dialog, "place")));
  g_autofree char *notes = NULL;
  g_autofree char *place_stripped = g_strstrip (g_strdup (place));
  GtkTextIter start, end;
  gint64 played_at;
  guint changes = 0;
  gint64 id;

  if (g_strcmp0 (response, "save") != 0 || self->game == NULL)
    return;

  if (!lw_parse_time (date, &played_at))
    {
      g_autofree char *message = NULL;

      /* TRANSLATORS: %s is the date as typed */
      message = g_strdup_printf (_("“%s” is not a date: use YYYY-MM-DD HH:MM"), date);
      toast (self, message);
      return;
    }

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  notes = g_strstrip (gtk_text_buffer_get_text (buffer, &start, &end, FALSE));
  id = self->game->id;

  /* Only what changed is stored (and logged). */
  if (g_strcmp0 (*notes != '\0' ? notes : NULL,
                 self->game->notes != NULL && *self->game->notes != '\0' ? self->game->notes : NULL) != 0)
    {
      if (!lw_store_set_game_notes (self->store, id, notes, &error))
        goto failed;
      changes++;
    }
  if (played_at != self->game->played_at ||
      g_strcmp0 (*place_stripped != '\0' ? place_stripped : NULL,
                 self->game->place != NULL && *self->game->place != '\0' ? self->game->place : NULL) != 0)
    {
      if (!lw_store_set_game_details (self->store, id, played_at, place_stripped, &error))
        goto failed;
      changes++;
    }
  if (dialog_field (dialog, "king-and-knave") != NULL)
    {
      gboolean king = gtk_check_button_get_active (GTK_CHECK_BUTTON (dialog_field (dialog, "king-and-knave")));

      if (king != self->game->king_and_knave)
        {
          if (!lw_store_set_game_king_and_knave (self->store, id, king, &error))
            goto failed;
          changes++;
        }
    }

  if (!refresh (self, TRUE))
    goto failed;

  if (changes > 0)
    /* TRANSLATORS: a toast: the game's notes, date or place were saved */
    round_toast (self, _("Game details saved"), changes);
  return;

failed:
  show_error_toast (self, error);
  if (changes > 0)
    refresh (self, TRUE);
}

static void
details_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  g_autofree char *when = NULL;
  GtkWidget *box, *notes, *scroller, *date, *place;

  if (self->game == NULL || self->dialog != NULL)
    return;

  box = field_box ();
  notes = gtk_text_view_new ();
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (notes), GTK_WRAP_WORD_CHAR);
  /* Tab leaves the notes for the next field. */
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (notes), FALSE);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (notes), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (notes), 6);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (notes), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (notes), 6);
  if (self->game->notes != NULL)
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (notes)), self->game->notes, -1);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), notes);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_size_request (scroller, -1, 96);
  gtk_widget_add_css_class (scroller, "card");
  gtk_widget_set_overflow (scroller, GTK_OVERFLOW_HIDDEN);
  add_field (GTK_BOX (box), _("N_otes"), scroller, "notes-scroller");
  gtk_widget_set_name (notes, "notes");
  gtk_label_set_mnemonic_widget (GTK_LABEL (gtk_widget_get_prev_sibling (scroller)), notes);

  date = gtk_entry_new ();
  when = lw_format_time (self->game->played_at, TRUE);
  gtk_editable_set_text (GTK_EDITABLE (date), when);
  /* TRANSLATORS: the form of a date and time to type; keep the letters in the order of the format */
  gtk_entry_set_placeholder_text (GTK_ENTRY (date), _("YYYY-MM-DD HH:MM"));
  gtk_entry_set_activates_default (GTK_ENTRY (date), TRUE);
  gtk_entry_set_input_purpose (GTK_ENTRY (date), GTK_INPUT_PURPOSE_DIGITS);
  /* TRANSLATORS: when the game was played */
  add_field (GTK_BOX (box), _("_Date and Time"), date, "date");

  place = gtk_entry_new ();
  if (self->game->place != NULL)
    gtk_editable_set_text (GTK_EDITABLE (place), self->game->place);
  gtk_entry_set_activates_default (GTK_ENTRY (place), TRUE);
  /* TRANSLATORS: where the game was played */
  add_field (GTK_BOX (box), _("_Place"), place, "place");

  /* SCORING G3: the house rule can be changed later too (it changes the
   * passing shown, never a score). */
  if (is_garwolf (self))
    {
      /* TRANSLATORS: a Garwolf house rule; King and Knave are the top and bottom scorers of a hand */
      GtkWidget *king = gtk_check_button_new ();
      /* TRANSLATORS: a Garwolf house rule; King and Knave are the top and bottom scorers of a hand */
      GtkWidget *label = gtk_label_new_with_mnemonic (_("_King and Knave: no passing in the first hand, then the King and Knave exchange"));

      /* Wrapped, so that the dialog fits a phone. */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), king);
      gtk_check_button_set_child (GTK_CHECK_BUTTON (king), label);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (king), self->game->king_and_knave);
      gtk_widget_set_name (king, "king-and-knave");
      gtk_widget_set_margin_top (king, 6);
      gtk_box_append (GTK_BOX (box), king);
    }

  open_dialog (self, _("Game Details"), NULL, box, "save", _("_Save"), G_CALLBACK (details_response_cb));
  gtk_widget_grab_focus (notes);
}

/* A change reverted from the edit log: the page shows the game as it is. */
static void
log_reverted_cb (LwEditLog  *log,
                 gint64      id,
                 LwGamePage *self)
{
  g_autoptr (GError) error = NULL;

  if (self->game != NULL && self->game->id == id && !refresh (self, TRUE))
    show_error_toast (self, error);
}

static void
edit_log_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  g_autoptr (GError) error = NULL;
  GtkRoot *root = gtk_widget_get_root (widget);
  LwEditLog *log;

  if (self->game == NULL)
    return;

  log = lw_edit_log_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->store, self->view, &error);
  if (log == NULL)
    show_error_toast (self, error);
  else
    g_signal_connect_object (log, "reverted", G_CALLBACK (log_reverted_cb), self, 0);
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

  return self->dialog != NULL ? dialog_field (self->dialog, name) : NULL;
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

  g_type_ensure (LW_TYPE_BOARD);
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
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, board);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, chart);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, result_box);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, result_label);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, result_detail_label);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, last_round_group);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, last_round_label);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, round_form);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, history_group);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, history_list);

  gtk_widget_class_install_action (widget_class, "game.submit-round", NULL, submit_round_action);
  gtk_widget_class_install_action (widget_class, "game.undo-round", NULL, undo_round_action);
  gtk_widget_class_install_action (widget_class, "game.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "game.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "game.edit-round", "u", edit_round_action);
  gtk_widget_class_install_action (widget_class, "game.undo-edit", NULL, undo_edit_action);
  gtk_widget_class_install_action (widget_class, "game.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "game.replay-round", "u", replay_round_action);
  gtk_widget_class_install_action (widget_class, "game.note-penalty", NULL, note_penalty_action);
  gtk_widget_class_install_action (widget_class, "game.substitute", NULL, substitute_action);
  gtk_widget_class_install_action (widget_class, "game.details", NULL, details_action);
  gtk_widget_class_install_action (widget_class, "game.edit-log", NULL, edit_log_action);
  gtk_widget_class_install_action (widget_class, "game.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "game.print-blank", NULL, print_blank_action);
  gtk_widget_class_install_action (widget_class, "game.table-entry", NULL, table_entry_action);
  gtk_widget_class_install_action (widget_class, "game.lock-round", "u", lock_round_action);

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

  g_signal_connect (self->round_form, "pending-penalty-removed", G_CALLBACK (pending_penalty_removed_cb), self);
}
