/* lw-round-editor.c — correcting a past round
 *
 * The form checks every edit by replaying the whole game with it; before
 * the store is changed, a confirmation says what the correction does to
 * the rest of the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-club-suggestions.h"
#include "lw-round-editor-private.h"

struct _LwRoundEditor
{
  AdwWindow parent_instance;

  /* template widgets */
  AdwWindowTitle *window_title;
  LwRoundForm *form;
  GtkWidget *round_buttons;
  GtkWidget *notes_group;
  GtkListBox *notes_list;

  /* owned */
  LwStore *store;
  LwGameRecord *record;
  gint64 game_id;
  LwEditKind kind;
  guint number;
  LwRound *pending;         /* the round being confirmed */
  LwEditKind pending_kind;
  gboolean pending_ends;    /* the correction ends the game: later rounds go */
  gboolean sending;         /* the pending round goes as a suggestion now */

  /* borrowed: the confirmation (or the offer of a suggestion) while shown */
  AdwMessageDialog *confirm;
};

G_DEFINE_FINAL_TYPE (LwRoundEditor, lw_round_editor, ADW_TYPE_WINDOW)

enum {
  EDITED,
  NOTE_SAVED,
  SUGGESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
is_garwolf (LwRoundEditor *self)
{
  return self->record->ruleset == LW_RULESET_GARWOLF;
}

LwRoundForm *
lw_round_editor_get_form (LwRoundEditor *self)
{
  g_return_val_if_fail (LW_IS_ROUND_EDITOR (self), NULL);

  return self->form;
}

gboolean
lw_round_editor_is_sending (LwRoundEditor *self)
{
  g_return_val_if_fail (LW_IS_ROUND_EDITOR (self), FALSE);

  return self->sending;
}

LwEditKind
lw_round_editor_get_kind (LwRoundEditor *self)
{
  g_return_val_if_fail (LW_IS_ROUND_EDITOR (self), LW_EDIT_REPLACE);

  return self->kind;
}

AdwMessageDialog *
lw_round_editor_get_confirm_dialog (LwRoundEditor *self)
{
  g_return_val_if_fail (LW_IS_ROUND_EDITOR (self), NULL);

  return self->confirm;
}

static void
show_mode (LwRoundEditor *self)
{
  g_autofree char *title = NULL;
  g_autofree char *subtitle = lw_sides_title (self->record);
  gboolean garwolf = is_garwolf (self);

  if (self->kind == LW_EDIT_INSERT)
    title = g_strdup_printf (garwolf
                               /* TRANSLATORS: the title of a window inserting a Garwolf hand before hand %u */
                               ? _("New Hand Before Hand %u")
                               /* TRANSLATORS: the title of a window inserting a round before round %u */
                               : _("New Round Before Round %u"),
                             self->number);
  else
    title = g_strdup_printf (garwolf
                               /* TRANSLATORS: the title of a window correcting Garwolf hand %u */
                               ? _("Correct Hand %u")
                               /* TRANSLATORS: the title of a window correcting round %u */
                               : _("Correct Round %u"),
                             self->number);
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), title);

  lw_round_form_set_submit (self->form,
                            self->kind == LW_EDIT_INSERT
                              ? (garwolf ? _("_Insert Hand…") : _("_Insert Round…"))
                              : _("_Save Changes…"),
                            /* TRANSLATORS: Ctrl+Enter is a key */
                            _("See What Changes, Then Save (Ctrl+Enter)"),
                            "editor.save");
  gtk_widget_set_visible (self->round_buttons, self->kind == LW_EDIT_REPLACE);
  gtk_widget_set_visible (self->notes_group,
                          self->kind == LW_EDIT_REPLACE && gtk_widget_get_first_child (GTK_WIDGET (self->notes_list)) != NULL);
}

/* A penalty's note, changed and applied: stored at once (notes are not
 * part of the game record, so nothing is replayed). */
static void
note_applied_cb (AdwEntryRow   *row,
                 LwRoundEditor *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *note = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
  guint ordinal = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "lw-ordinal"));

  if (!lw_store_set_penalty_note (self->store, self->game_id, self->number, ordinal,
                                  *note != '\0' ? note : NULL, &error))
    {
      g_autofree char *message = lw_message_capitalize (error->message);

      gtk_widget_add_css_class (GTK_WIDGET (row), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (row), message);
      gtk_widget_error_bell (GTK_WIDGET (row));
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (row), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (row), NULL);
  g_signal_emit (self, signals[NOTE_SAVED], 0, self->number);
}

/* One row per penalty of the round, its note editable. */
static void
fill_notes (LwRoundEditor *self)
{
  g_autoptr (GPtrArray) penalties = lw_store_list_penalties (self->store, self->game_id, NULL);

  for (guint i = 0; penalties != NULL && i < penalties->len; i++)
    {
      const LwStoredPenalty *penalty = g_ptr_array_index (penalties, i);
      GtkWidget *row;
      g_autofree char *title = NULL;
      g_autofree char *when = NULL;
      const char *who;

      if (penalty->round != self->number)
        continue;
      who = penalty->seat >= 0 && penalty->seat < (int) self->record->n_players
              ? lw_game_record_current_player (self->record, (int) (penalty->seat)) : "?";
      when = lw_format_time (penalty->time, FALSE);
      title = *when != '\0'
                /* TRANSLATORS: a penalty's note row: %1$s the player, %2$s what they did, %3$s when it was noted */
                ? g_strdup_printf (_("%1$s %2$s, at %3$s"), who, lw_penalty_kind_describe (penalty->kind), when)
                /* TRANSLATORS: a penalty's note row: %1$s the player, %2$s what they did */
                : g_strdup_printf (_("%1$s %2$s"), who, lw_penalty_kind_describe (penalty->kind));
      row = adw_entry_row_new ();
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
      if (penalty->note != NULL)
        gtk_editable_set_text (GTK_EDITABLE (row), penalty->note);
      g_object_set_data (G_OBJECT (row), "lw-ordinal", GUINT_TO_POINTER (penalty->ordinal));
      g_signal_connect (row, "apply", G_CALLBACK (note_applied_cb), self);
      gtk_list_box_append (self->notes_list, row);
    }
}

AdwEntryRow *
lw_round_editor_get_note_row (LwRoundEditor *self,
                              guint          ordinal)
{
  g_return_val_if_fail (LW_IS_ROUND_EDITOR (self), NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->notes_list));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "lw-ordinal")) == ordinal)
      return ADW_ENTRY_ROW (row);
  return NULL;
}

/* Closes the editor once the signal or dialog response under way is
 * over, not inside it. */
static void
close_soon (LwRoundEditor *self)
{
  lw_window_close_soon (GTK_WINDOW (self));
}

/* Whether the editor is the way it was before the sending started (a
 * correction of its own or a close waits while a suggestion is sent). */
static void
set_sending (LwRoundEditor *self,
             gboolean       sending)
{
  self->sending = sending;
  gtk_widget_set_sensitive (GTK_WIDGET (self->form), !sending);
  gtk_widget_set_sensitive (self->round_buttons, !sending);
  gtk_widget_set_sensitive (self->notes_group, !sending);
  if (sending)
    /* TRANSLATORS: the round editor's subtitle while a correction goes to the club server as a suggestion */
    adw_window_title_set_subtitle (self->window_title, _("Sending the suggestion…"));
  else
    show_mode (self);
}

static void
suggest_done_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  g_autoptr (LwRoundEditor) self = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *owner = NULL;
  gint64 id = 0;
  gboolean sent = lw_club_suggest_finish (result, &id, &error);

  /* Closed with its window meanwhile: nobody to tell. */
  if (self->store == NULL)
    return;
  set_sending (self, FALSE);
  if (!sent)
    {
      g_autofree char *message = lw_club_describe_not_sent (error);

      lw_round_form_show_error (self->form, message);
      return;
    }
  g_clear_pointer (&self->pending, lw_round_free);
  owner = lw_club_game_owner (self->store, self->game_id);
  g_signal_emit (self, signals[SUGGESTED], 0, id, owner != NULL ? owner : "");
  close_soon (self);
}

/* "Send as Suggestion": the pending correction goes to the game's owner
 * (lw_club_suggest(), on a worker thread). */
static void
offer_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   LwRoundEditor    *self)
{
  LwEdit edit = { self->pending_kind, self->number, self->pending };

  self->confirm = NULL;
  if (g_strcmp0 (response, "suggest") != 0)
    {
      g_clear_pointer (&self->pending, lw_round_free);
      return;
    }
  set_sending (self, TRUE);
  lw_club_suggest_async (self->store, self->game_id, &edit, NULL, suggest_done_cb, g_object_ref (self));
}

/* The store refused the correction with @error: when the game is another
 * club laptop's, offers to send @round (transfer full; NULL for a
 * deletion) to it as a suggestion (docs/CLUB-SERVER.md "Suggestions").
 * Returns: %FALSE when there is nothing to offer (@round freed). */
static gboolean
offer_suggestion (LwRoundEditor *self,
                  LwEditKind     kind,
                  LwRound       *round,
                  const GError  *error)
{
  g_autoptr (LwRound) owned = round;
  AdwMessageDialog *dialog;

  if (self->confirm != NULL
      || (dialog = lw_club_offer_dialog_new (GTK_WIDGET (self), self->store, self->game_id, error)) == NULL)
    return FALSE;
  g_signal_connect_object (dialog, "response", G_CALLBACK (offer_response_cb), self, 0);
  g_clear_pointer (&self->pending, lw_round_free);
  self->pending = g_steal_pointer (&owned);
  self->pending_kind = kind;
  self->pending_ends = FALSE;
  self->confirm = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* While a suggestion is sent the editor stays: it tells how it went. */
static gboolean
close_request_cb (LwRoundEditor *self)
{
  return self->sending;
}

static void
confirm_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     LwRoundEditor    *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRound) round = g_steal_pointer (&self->pending);
  LwEditKind kind = self->pending_kind;
  gboolean done;

  self->confirm = NULL;
  if (g_strcmp0 (response, "apply") != 0 && g_strcmp0 (response, "end") != 0)
    return;

  switch (kind)
    {
    case LW_EDIT_REPLACE:
      done = self->pending_ends
        ? lw_store_replace_round_ending_game (self->store, self->game_id, self->number, round, NULL, &error)
        : lw_store_replace_round (self->store, self->game_id, self->number, round, &error);
      break;
    case LW_EDIT_INSERT:
      done = lw_store_insert_round (self->store, self->game_id, self->number, round, &error);
      break;
    case LW_EDIT_DELETE:
    default:
      done = lw_store_delete_round (self->store, self->game_id, self->number, &error);
      break;
    }

  if (!done)
    {
      /* Nothing changed: the round stays in the form; another laptop's
       * game is offered a suggestion instead (not a correction that ends
       * the game early: the owner's store takes none). */
      lw_round_form_show_error (self->form, error->message);
      if (!self->pending_ends)
        offer_suggestion (self, kind, g_steal_pointer (&round), error);
      return;
    }

  g_signal_emit (self, signals[EDITED], 0, (int) kind, self->number);
  close_soon (self);
}

/* Shows @dialog, which asks before @kind is done with @round (transfer
 * full; NULL for a deletion), @ends when the game then ends before its
 * last round: confirm_response_cb() does it on "apply" or "end". */
static void
ask (LwRoundEditor    *self,
     AdwMessageDialog *dialog,
     LwRound          *round,
     LwEditKind        kind,
     gboolean          ends)
{
  g_signal_connect_object (dialog, "response", G_CALLBACK (confirm_response_cb), self, 0);
  g_clear_pointer (&self->pending, lw_round_free);
  self->pending = round;
  self->pending_kind = kind;
  self->pending_ends = ends;
  self->confirm = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Asks before @kind is done with @round (NULL for a deletion); an edit the
 * engine refuses is said in the form instead. */
static void
confirm (LwRoundEditor *self,
         LwEditKind     kind,
         LwRound       *round)
{
  g_autoptr (LwRound) owned = round;
  g_autoptr (LwEditResult) result = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  LwEdit edit = { kind, self->number, round };
  gboolean garwolf = is_garwolf (self);
  const char *label;
  AdwMessageDialog *dialog;

  if (self->confirm != NULL || self->sending)
    return;

  result = lw_edit_apply (self->record, &edit, &error);
  if (result == NULL)
    {
      lw_round_form_show_error (self->form, error->message);
      return;
    }

  switch (kind)
    {
    case LW_EDIT_REPLACE:
      heading = g_strdup_printf (garwolf ? _("Save Hand %u?") : _("Save Round %u?"), self->number);
      label = _("_Save");
      break;
    case LW_EDIT_INSERT:
      heading = g_strdup_printf (garwolf ? _("Insert a Hand Before Hand %u?") : _("Insert a Round Before Round %u?"),
                                 self->number);
      label = garwolf ? _("_Insert Hand") : _("_Insert Round");
      break;
    case LW_EDIT_DELETE:
    default:
      heading = g_strdup_printf (garwolf ? _("Delete Hand %u?") : _("Delete Round %u?"), self->number);
      label = garwolf ? _("_Delete Hand") : _("_Delete Round");
      break;
    }
  body = lw_describe_edit (self->record, &edit, result);

  dialog = lw_message_dialog_new (GTK_WIDGET (self), heading, body, NULL, "apply", label);
  if (kind == LW_EDIT_DELETE)
    lw_message_dialog_set_destructive (dialog);
  ask (self, dialog, g_steal_pointer (&owned), kind, FALSE);
}

/* A correction after which the game ends before its last round (a penalty
 * fixed in round 3, say): the reason in the body, and what the director
 * most likely wants offered, the correction saved with the game ending
 * where the rules now end it (lw_store_replace_round_ending_game()). */
static void
confirm_ending (LwRoundEditor *self,
                LwRound       *round,
                const char    *reason)
{
  g_autoptr (LwRound) owned = round;
  g_autofree char *heading = NULL;
  g_autofree char *because = lw_message_capitalize (reason);
  g_autofree char *what = NULL;
  g_autofree char *body = NULL;
  LwEdit edit = { LW_EDIT_REPLACE, self->number, round };
  gboolean garwolf = is_garwolf (self);
  guint end = 0, last = self->record->rounds->len;
  AdwMessageDialog *dialog;

  if (self->confirm != NULL || self->sending || !lw_edit_ends_game_at (self->record, &edit, &end))
    return;

  heading = g_strdup_printf (garwolf
                               /* TRANSLATORS: the heading of the dialog when a corrected hand ends the game earlier */
                               ? _("Hand %u Now Ends the Game Earlier")
                               /* TRANSLATORS: the heading of the dialog when a corrected round ends the game earlier */
                               : _("Round %u Now Ends the Game Earlier"), self->number);
  if (end + 1 == last)
    what = g_strdup_printf (garwolf
                              /* TRANSLATORS: %1$u the hand the game now ends after, %2$u the hand deleted */
                              ? _("Saved this way, the game ends after hand %1$u and hand %2$u is deleted. The deletion stays in the Edit Log, from where it can be reverted.")
                              /* TRANSLATORS: %1$u the round the game now ends after, %2$u the round deleted */
                              : _("Saved this way, the game ends after round %1$u and round %2$u is deleted. The deletion stays in the Edit Log, from where it can be reverted."),
                            end, last);
  else
    what = g_strdup_printf (garwolf
                              /* TRANSLATORS: %1$u the hand the game now ends after, %2$u–%3$u the hands deleted */
                              ? _("Saved this way, the game ends after hand %1$u and hands %2$u–%3$u are deleted. Each deletion stays in the Edit Log, from where it can be reverted.")
                              /* TRANSLATORS: %1$u the round the game now ends after, %2$u–%3$u the rounds deleted */
                              : _("Saved this way, the game ends after round %1$u and rounds %2$u–%3$u are deleted. Each deletion stays in the Edit Log, from where it can be reverted."),
                            end, end + 1, last);
  body = g_strdup_printf ("%s.\n\n%s", because, what);

  dialog = lw_message_dialog_new (GTK_WIDGET (self), heading, body, NULL, "end",
                                  /* TRANSLATORS: a button: save the correction and delete the rounds after the game's new end */
                                  _("_Apply and End the Game Here"));
  ask (self, dialog, g_steal_pointer (&owned), LW_EDIT_REPLACE, TRUE);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LwRoundEditor *self = LW_ROUND_EDITOR (widget);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRound) checked = NULL;
  LwRound *round;

  gboolean ends = FALSE;

  if (!lw_round_form_check (self->form, &checked, &error))
    {
      lw_round_form_show_error (self->form, error->message);
      ends = self->kind == LW_EDIT_REPLACE
             && g_error_matches (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER);
      if (!ends)
        return;
    }

  round = g_steal_pointer (&checked);
  /* The written dealer check stays with the corrected round. */
  if (self->kind == LW_EDIT_REPLACE)
    round->dealer = ((LwRound *) g_ptr_array_index (self->record->rounds, self->number - 1))->dealer;
  if (ends)
    confirm_ending (self, round, error->message);
  else
    confirm (self, self->kind, round);
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LwRoundEditor *self = LW_ROUND_EDITOR (widget);

  if (self->kind == LW_EDIT_REPLACE)
    confirm (self, LW_EDIT_DELETE, NULL);
}

static void
insert_before_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  LwRoundEditor *self = LW_ROUND_EDITOR (widget);

  if (self->kind != LW_EDIT_REPLACE)
    return;

  self->kind = LW_EDIT_INSERT;
  lw_round_form_set_edit (self->form, self->record, LW_EDIT_INSERT, self->number);
  show_mode (self);
  lw_round_form_focus (self->form);
}

LwRoundEditor *
lw_round_editor_new (GtkWindow          *parent,
                     LwStore            *store,
                     const LwStoredGame *game,
                     guint               number)
{
  LwRoundEditor *self;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (number >= 1 && number <= game->record->rounds->len, NULL);

  self = g_object_new (LW_TYPE_ROUND_EDITOR, NULL);
  self->store = g_object_ref (store);
  self->record = lw_game_record_copy (game->record);
  self->game_id = game->id;
  self->kind = LW_EDIT_REPLACE;
  self->number = number;

  lw_window_fit_parent (GTK_WINDOW (self), parent, 560, 720);

  lw_round_form_set_edit (self->form, self->record, LW_EDIT_REPLACE, number);
  lw_round_form_fill (self->form, g_ptr_array_index (self->record->rounds, number - 1));
  fill_notes (self);
  show_mode (self);

  gtk_window_present (GTK_WINDOW (self));
  lw_round_form_focus (self->form);

  return self;
}

static void
lw_round_editor_dispose (GObject *object)
{
  LwRoundEditor *self = LW_ROUND_EDITOR (object);

  if (self->confirm != NULL)
    gtk_window_destroy (GTK_WINDOW (self->confirm));
  self->confirm = NULL;

  gtk_widget_dispose_template (GTK_WIDGET (self), LW_TYPE_ROUND_EDITOR);
  g_clear_object (&self->store);
  g_clear_pointer (&self->record, lw_game_record_free);
  g_clear_pointer (&self->pending, lw_round_free);

  G_OBJECT_CLASS (lw_round_editor_parent_class)->dispose (object);
}

static void
lw_round_editor_class_init (LwRoundEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_round_editor_dispose;

  /**
   * LwRoundEditor::edited:
   * @kind: the #LwEditKind done
   * @number: the round it was done at
   *
   * The store made the correction; the editor closes.
   */
  signals[EDITED] = g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_UINT);

  /**
   * LwRoundEditor::note-saved:
   * @number: the round whose penalty note was stored
   *
   * A penalty's note was changed and stored; the editor stays open.
   */
  signals[NOTE_SAVED] = g_signal_new ("note-saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * LwRoundEditor::suggested:
   * @id: the suggestion's number on the club server
   * @owner: the name of the laptop that owns the game
   *
   * The store refused the correction (another club laptop's game) and it
   * went to that laptop as a suggestion instead; the editor closes.
   */
  signals[SUGGESTED] = g_signal_new ("suggested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_STRING);

  g_type_ensure (LW_TYPE_ROUND_FORM);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-round-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, LwRoundEditor, window_title);
  gtk_widget_class_bind_template_child (widget_class, LwRoundEditor, form);
  gtk_widget_class_bind_template_child (widget_class, LwRoundEditor, round_buttons);
  gtk_widget_class_bind_template_child (widget_class, LwRoundEditor, notes_group);
  gtk_widget_class_bind_template_child (widget_class, LwRoundEditor, notes_list);

  gtk_widget_class_install_action (widget_class, "editor.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "editor.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "editor.insert-before", NULL, insert_before_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
lw_round_editor_init (LwRoundEditor *self)
{
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* Ctrl+Enter saves wherever the focus is, a count's text included. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Return, GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("editor.save")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_KP_Enter, GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("editor.save")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  g_signal_connect (self, "close-request", G_CALLBACK (close_request_cb), NULL);
}
