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
#include "lw-game-layout.h"
#include "lw-game-page.h"
#include "lw-window.h"

struct _LwGamePage
{
  AdwBin parent_instance;

  /* template widgets */
  AdwWindowTitle *window_title;
  GtkWidget *undo_button;
  GtkScrolledWindow *scroller;
  LwBoard *board;
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
  LwStoredGame *game;
  LwStandings *standings;
  GtkFileChooserNative *chooser;

  /* the last "Round N added" toast while shown, replaced by the next one */
  AdwToast *round_toast;
};

G_DEFINE_FINAL_TYPE (LwGamePage, lw_game_page, ADW_TYPE_BIN)

static AdwToast *
toast (LwGamePage *self,
       const char *message)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (LW_IS_WINDOW (root))
    return lw_window_add_toast (LW_WINDOW (root), message);

  return NULL;
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
      g_clear_object (&self->round_toast);
    }
}

static void
round_toast (LwGamePage *self,
             const char *message)
{
  AdwToast *shown;

  /* The toast still shown takes the new message. (Dismissing it and adding
   * another one trips libadwaita 1.2's toast overlay.) */
  if (self->round_toast != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (message, -1);

      adw_toast_set_title (self->round_toast, escaped);
      return;
    }

  shown = toast (self, message);
  if (shown != NULL)
    {
      adw_toast_set_timeout (shown, 3);
      self->round_toast = g_object_ref (shown);
      g_signal_connect (shown, "dismissed", G_CALLBACK (round_toast_dismissed_cb), self);
    }
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
  g_return_if_fail (LW_IS_GAME_PAGE (self));

  g_set_object (&self->store, store);
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

static GtkWidget *
make_history_row (LwGamePage          *self,
                  const LwRoundResult *result)
{
  const LwGameRecord *record = self->game->record;
  g_autofree char *title = NULL;
  g_autofree char *breakdown = lw_describe_round (record, self->standings, result);
  g_autofree char *facts = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *scores = lw_format_scores (self->standings->n_sides, result->scores);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label;
  const char *dealer = result->dealer >= 0 && result->dealer < (int) record->n_players
                         ? record->players[result->dealer] : "?";

  if (result->is_void)
    /* TRANSLATORS: a void round in the history (R21); %s is its dealer */
    title = g_strdup_printf (_("Round %u · %s dealt · void"), result->number, dealer);
  else if (record->ruleset == LW_RULESET_GARWOLF)
    /* TRANSLATORS: a Garwolf hand in the history; %s is its dealer */
    title = g_strdup_printf (_("Hand %u · %s dealt"), result->number, dealer);
  else
    /* TRANSLATORS: a round in the history; %s is its dealer */
    title = g_strdup_printf (_("Round %u · %s dealt"), result->number, dealer);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (result->number >= 1 && result->number <= record->rounds->len)
    facts = lw_describe_round_facts (record, g_ptr_array_index (record->rounds, result->number - 1));
  subtitle = facts != NULL ? g_strdup_printf ("%s\n%s", facts, breakdown) : g_strdup (breakdown);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);

  label = gtk_label_new (scores);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (label, "history-scores");
  gtk_widget_set_tooltip_text (label, _("The board after this round"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);

  return row;
}

static void
show_game (LwGamePage *self)
{
  const LwGameRecord *record = self->game->record;
  const LwStandings *standings = self->standings;
  g_autofree char *title = lw_sides_title (record);
  g_autofree char *subtitle = NULL;
  GtkWidget *child;
  guint n_rounds = standings->rounds->len;

  adw_window_title_set_title (self->window_title, title);
  subtitle = g_strdup_printf ("%s · %s",
                              record->ruleset == LW_RULESET_GARWOLF ? _("Garwolf") : _("Little Wolf"),
                              standings->finished ? _("finished") : _("in play"));
  adw_window_title_set_subtitle (self->window_title, subtitle);

  lw_board_update (self->board, record, standings);

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
  if (!standings->finished)
    lw_round_form_set_game (self->round_form, record, standings);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.submit-round", !standings->finished);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo-round", n_rounds > 0);
  gtk_widget_set_tooltip_text (self->undo_button,
                               record->ruleset == LW_RULESET_GARWOLF
                                 ? _("Take Back the Last Hand (Ctrl+Z)")
                                 : _("Take Back the Last Round (Ctrl+Z)"));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->history_list))) != NULL)
    gtk_list_box_remove (self->history_list, child);
  for (guint i = n_rounds; i > 0; i--)
    gtk_list_box_append (self->history_list,
                         make_history_row (self, g_ptr_array_index (standings->rounds, i - 1)));
  gtk_widget_set_visible (GTK_WIDGET (self->history_group), n_rounds > 0);
}

static gboolean
reload (LwGamePage  *self,
        gint64       id,
        GError     **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;

  game = lw_store_load_game (self->store, id, error);
  if (game == NULL)
    return FALSE;

  standings = lw_standings_compute (game->record, error);
  if (standings == NULL)
    return FALSE;

  g_clear_pointer (&self->game, lw_stored_game_free);
  g_clear_pointer (&self->standings, lw_standings_free);
  self->game = g_steal_pointer (&game);
  self->standings = g_steal_pointer (&standings);

  show_game (self);

  return TRUE;
}

gboolean
lw_game_page_load (LwGamePage  *self,
                   gint64       id,
                   GError     **error)
{
  g_return_val_if_fail (LW_IS_GAME_PAGE (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  if (!reload (self, id, error))
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

  if (!reload (self, id, &error))
    {
      g_autofree char *text = lw_message_capitalize (error->message);

      toast (self, text);
      return;
    }

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
  round_toast (self, message);
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

  if (!lw_store_remove_last_round (self->store, id, &error) ||
      !reload (self, id, &error))
    {
      g_autofree char *text = lw_message_capitalize (error->message);

      toast (self, text);
      return;
    }

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
  round_toast (self, message);
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
      char *json = lw_game_record_to_json (self->game->record);

      bytes = g_bytes_new_take (json, strlen (json));
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
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);

  if (self->game != NULL)
    gtk_widget_activate_action (widget, "win.delete-game", "x", self->game->id);
}

static void
lw_game_page_dispose (GObject *object)
{
  LwGamePage *self = LW_GAME_PAGE (object);

  if (self->round_toast != NULL)
    g_signal_handlers_disconnect_by_func (self->round_toast, round_toast_dismissed_cb, self);
  g_clear_object (&self->round_toast);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  gtk_widget_dispose_template (GTK_WIDGET (self), LW_TYPE_GAME_PAGE);
  g_clear_object (&self->store);
  g_clear_pointer (&self->game, lw_stored_game_free);
  g_clear_pointer (&self->standings, lw_standings_free);

  G_OBJECT_CLASS (lw_game_page_parent_class)->dispose (object);
}

static void
lw_game_page_class_init (LwGamePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_game_page_dispose;

  g_type_ensure (LW_TYPE_BOARD);
  g_type_ensure (LW_TYPE_GAME_LAYOUT);
  g_type_ensure (LW_TYPE_ROUND_FORM);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-game-page.ui");
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, window_title);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, undo_button);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, scroller);
  gtk_widget_class_bind_template_child (widget_class, LwGamePage, board);
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

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "game.export", NULL);
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
  add_capture_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts), GDK_KEY_z, "game.undo-round");
  add_capture_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts), GDK_KEY_Return, "game.submit-round");
  add_capture_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts), GDK_KEY_KP_Enter, "game.submit-round");
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "game.undo-round", FALSE);
}
