/* lw-game-edits.c — corrections to a game: a round edited or replayed,
 * an edit undone, the last change undone
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-club-suggestions.h"
#include "lw-edit-log.h"
#include "lw-game-page-private.h"
#include "lw-replay-window.h"
#include "lw-round-editor.h"
#include "lw-store.h"

/* ---- corrections ---------------------------------------------------- */

/* After the editor changed the game: the page shows it again. Returns:
 * %FALSE when the page shows no game any more. */
static gboolean
refresh_after_edit (LwGamePage *self)
{
  return self->game != NULL && lw_game_page_refresh (self, TRUE);
}

static void
editor_edited_cb (LwRoundEditor *editor,
                  int            kind,
                  guint          number,
                  LwGamePage    *self)
{
  g_autofree char *message = NULL;
  gboolean garwolf = lw_game_page_is_garwolf (self);

  if (!refresh_after_edit (self))
    return;

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
  lw_game_page_round_toast (self, message, 1);
}

/* The store refused the correction (another club laptop's game) and it
 * went to that laptop as a suggestion instead. */
static void
editor_suggested_cb (LwRoundEditor *editor,
                     gint64         id,
                     const char    *owner,
                     LwGamePage    *self)
{
  g_autofree char *message = lw_club_describe_sent (id, owner);

  lw_game_page_toast (self, message);
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
  if (!refresh_after_edit (self))
    return;
  /* TRANSLATORS: a toast: a penalty's note was changed */
  lw_game_page_toast (self, _("Penalty note saved"));
}

/* game.edit-round: the round editor for round @parameter. */
static void
edit_round_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  guint number = g_variant_get_uint32 (parameter);

  if (self->game == NULL || number < 1 || number > self->game->record->rounds->len || self->editor != NULL)
    return;

  self->editor = lw_round_editor_new (lw_widget_get_window (widget),
                                      self->store, self->game, number);
  g_signal_connect_object (self->editor, "edited", G_CALLBACK (editor_edited_cb), self, 0);
  g_signal_connect_object (self->editor, "note-saved", G_CALLBACK (editor_note_saved_cb), self, 0);
  g_signal_connect_object (self->editor, "suggested", G_CALLBACK (editor_suggested_cb), self, 0);
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
  g_autoptr (GError) error = NULL;
  LwReplayWindow *replay;

  if (self->game == NULL)
    return;
  replay = lw_replay_window_new (lw_widget_get_window (widget), self->store,
                                 self->game->id, g_variant_get_uint32 (parameter), &error);
  if (replay == NULL)
    {
      lw_game_page_show_error_toast (self, error);
      return;
    }
  gtk_window_present (GTK_WINDOW (replay));
}

/* game.undo-edit: the round toast's Undo: the changes it names undone, as
 * long as the game is still at the version they made. */
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
      lw_game_page_show_error_toast (self, error);
      return;
    }
  if (version != self->undo_version)
    {
      /* TRANSLATORS: a toast: Undo was pressed after a phone or another program changed the game */
      lw_game_page_round_toast (self, _("The game was changed elsewhere since: nothing was undone"), 0);
      return;
    }
  for (guint i = 0; i < steps; i++)
    if (!lw_store_undo_last_edit (self->store, id, &error))
      break;

  if (self->game != NULL && self->game->id == id && self->store != NULL)
    {
      /* A round taken back and brought back is no longer the form's. */
      lw_game_page_refresh (self, !self->undo_clears_form);
      gtk_widget_set_visible (GTK_WIDGET (self->last_round_group), FALSE);
    }

  if (error != NULL)
    {
      lw_game_page_show_error_toast (self, error);
      return;
    }

  /* TRANSLATORS: a toast: the last change to the game was taken back */
  lw_game_page_round_toast (self, _("Change undone"), 0);
}

/* "game.undo": undoes the game's last change, whatever it was and however
 * long ago (lw_store_undo_last_edit()). A round just added is taken back
 * instead (lw_game_page_take_back_round()): into the form, to be corrected
 * and added again, with Undo in the toast. */
static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LwGamePage *self = LW_GAME_PAGE (widget);
  g_autoptr (LwLoggedEdit) entry = NULL;
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
      lw_game_page_show_error_toast (self, error);
      return;
    }
  /* The round just added: taken back, with Undo in the toast and the
   * round's virtual table log kept for it. */
  if (lw_game_page_last_change_adds_last_round (self, entry))
    {
      lw_game_page_take_back_round (self);
      return;
    }
  lw_logged_edit_describe (self->game->record, entry, &title, &subtitle);

  if (!lw_store_undo_last_edit (self->store, id, &error) || !lw_game_page_refresh (self, TRUE))
    {
      lw_game_page_show_error_toast (self, error);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->last_round_group), FALSE);
  /* TRANSLATORS: a toast after Undo; %s is the change undone, as the edit log names it */
  message = g_strdup_printf (_("Undone: %s"), title);
  lw_game_page_round_toast (self, message, 0);
}

/* The actions above, on the page's class (lw-game-page-private.h). */
void
lw_game_page_install_edit_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "game.edit-round", "u", edit_round_action);
  gtk_widget_class_install_action (widget_class, "game.undo-edit", NULL, undo_edit_action);
  gtk_widget_class_install_action (widget_class, "game.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "game.replay-round", "u", replay_round_action);
}
