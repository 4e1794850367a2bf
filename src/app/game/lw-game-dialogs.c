/* lw-game-dialogs.c — the game page's small dialogs: a penalty noted now,
 * a substitute, the game's details
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-game-page-private.h"
#include "lw-name-completion.h"

/* ---- small dialogs: a penalty noted now, a substitute, the details --- */

/* A message dialog with @extra below its text, "cancel" and @response,
 * which calls @accepted: the page's one open dialog. */
static void
open_dialog (LwGamePage *self,
             const char *heading,
             const char *body,
             GtkWidget  *extra,
             const char *response,
             const char *label,
             GCallback   accepted)
{
  AdwMessageDialog *dialog = lw_message_dialog_new (GTK_WIDGET (self), heading, body, extra, response, label);

  lw_message_dialog_present (dialog, accepted, self, &self->dialog);
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

/* A label of the details dialog: @text wrapped, so that the dialog fits a
 * phone, aligned to the start. */
static GtkWidget *
wrapped_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  return label;
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

GtkWidget *
lw_game_page_dialog_field (AdwMessageDialog *dialog,
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
  GtkDropDown *seat = GTK_DROP_DOWN (lw_game_page_dialog_field (dialog, "seat"));
  GtkDropDown *kind = GTK_DROP_DOWN (lw_game_page_dialog_field (dialog, "kind"));
  const char *note = gtk_editable_get_text (GTK_EDITABLE (lw_game_page_dialog_field (dialog, "note")));
  g_autofree char *stripped = g_strstrip (g_strdup (note));
  g_autofree char *message = NULL;
  gint64 pending_id;

  if (self->game == NULL)
    return;

  pending_id = lw_store_add_pending_penalty (self->store, self->game->id,
                                             (int) gtk_drop_down_get_selected (seat),
                                             gtk_drop_down_get_selected (kind) == 1 ? LW_PENALTY_LOOKED_AT_DISCARDS
                                                                                    : LW_PENALTY_OUT_OF_TURN,
                                             *stripped != '\0' ? stripped : NULL, &error);
  if (pending_id == 0)
    {
      lw_game_page_show_error_toast (self, error);
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
  lw_game_page_round_toast (self, message, 0);
}

/* game.note-penalty: a penalty noted during the round. */
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

  if (self->game == NULL || self->standings->finished || lw_game_page_is_garwolf (self) || self->dialog != NULL)
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
  gtk_widget_grab_focus (lw_game_page_dialog_field (self->dialog, "seat"));
}

void
lw_game_page_pending_penalty_removed_cb (LwRoundForm *form,
                                         gint64       pending_id,
                                         LwGamePage  *self)
{
  g_autoptr (GError) error = NULL;

  if (!lw_store_remove_pending_penalty (self->store, pending_id, &error))
    lw_game_page_show_error_toast (self, error);
}

static void
substitute_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        LwGamePage       *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *old_name = NULL;
  GtkDropDown *seat = GTK_DROP_DOWN (lw_game_page_dialog_field (dialog, "seat"));
  const char *name = gtk_editable_get_text (GTK_EDITABLE (lw_game_page_dialog_field (dialog, "name")));
  g_autofree char *stripped = g_strstrip (g_strdup (name));
  guint from_round;
  guint index = gtk_drop_down_get_selected (seat);

  if (self->game == NULL)
    return;

  from_round = self->game->record->rounds->len + 1;
  old_name = g_strdup (lw_game_record_current_player (self->game->record, (int) index));
  if (!lw_store_substitute_player (self->store, self->game->id, (int) index, stripped, from_round, &error) ||
      !lw_game_page_refresh (self, TRUE))
    {
      lw_game_page_show_error_toast (self, error);
      return;
    }

  /* TRANSLATORS: a toast: %1$s takes the seat of %2$s, keeping its score */
  message = g_strdup_printf (_("%1$s takes over from %2$s"), stripped, old_name);
  lw_game_page_round_toast (self, message, 1);
}

/* game.substitute: another player in a seat from the next round. */
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

  body = g_strdup_printf (lw_game_page_is_garwolf (self)
                            /* TRANSLATORS: a substitute takes a seat mid-game */
                            ? _("The new player takes the seat from hand %u on, and keeps its score.")
                            /* TRANSLATORS: a substitute takes a seat mid-game */
                            : _("The new player takes the seat from round %u on, and keeps its score and side."),
                          self->game->record->rounds->len + 1);
  open_dialog (self, _("Substitute a Player"), body, box, "substitute", _("_Substitute"),
               G_CALLBACK (substitute_response_cb));
  gtk_widget_grab_focus (lw_game_page_dialog_field (self->dialog, "seat"));
}

static void
details_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     LwGamePage       *self)
{
  g_autoptr (GError) error = NULL;
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (lw_game_page_dialog_field (dialog, "notes")));
  const char *date = gtk_editable_get_text (GTK_EDITABLE (lw_game_page_dialog_field (dialog, "date")));
  const char *place = gtk_editable_get_text (GTK_EDITABLE (lw_game_page_dialog_field (dialog, "place")));
  g_autofree char *notes = NULL;
  g_autofree char *place_stripped = g_strstrip (g_strdup (place));
  GtkTextIter start, end;
  gint64 played_at;
  guint changes = 0;
  gint64 id;

  if (self->game == NULL)
    return;

  if (!lw_parse_time (date, &played_at))
    {
      g_autofree char *message = NULL;

      /* TRANSLATORS: %s is the date as typed */
      message = g_strdup_printf (_("“%s” is not a date: use YYYY-MM-DD HH:MM"), date);
      lw_game_page_toast (self, message);
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
  if (lw_game_page_dialog_field (dialog, "king-and-knave") != NULL)
    {
      gboolean king = gtk_check_button_get_active (GTK_CHECK_BUTTON (lw_game_page_dialog_field (dialog, "king-and-knave")));

      if (king != self->game->king_and_knave)
        {
          if (!lw_store_set_game_king_and_knave (self->store, id, king, &error))
            goto failed;
          changes++;
        }
    }

  /* Other rules before the first round: one write, not logged (no round
   * to score again). */
  if (lw_game_page_dialog_field (dialog, "rule-set") != NULL)
    {
      GtkWidget *drop_down = lw_game_page_dialog_field (dialog, "rule-set");
      guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (drop_down));
      GPtrArray *sets = g_object_get_data (G_OBJECT (drop_down), "sets");

      if (selected != GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (drop_down), "first"))
          && selected != GTK_INVALID_LIST_POSITION)
        {
          g_autoptr (LwRuleSet) standard = lw_rule_set_new_standard (self->game->record->ruleset);
          const LwRuleSet *set = selected == 0 || sets == NULL || selected > sets->len
                                 ? standard : g_ptr_array_index (sets, selected - 1);

          if (!lw_store_set_game_rules (self->store, id, set, &error))
            goto failed;
          /* TRANSLATORS: a toast: the game's rules changed before its first round */
          lw_game_page_toast (self, _("The game's rules changed"));
        }
    }

  if (!lw_game_page_refresh (self, TRUE))
    goto failed;

  if (changes > 0)
    /* TRANSLATORS: a toast: the game's notes, date or place were saved */
    lw_game_page_round_toast (self, _("Game details saved"), changes);
  return;

failed:
  lw_game_page_show_error_toast (self, error);
  if (changes > 0)
    lw_game_page_refresh (self, TRUE);
}

/* game.details: the game's details dialog. */
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

  /* The rules the game is played with, as it was started (read only):
   * start score, target, skunk, the rule set and house rules. */
  {
    const LwGameRecord *record = self->game->record;
    g_autofree char *numbers = NULL;
    g_autofree char *named = lw_rules_text (record);
    g_autofree char *text = NULL;
    GtkWidget *rules;

    if (record->ruleset == LW_RULESET_LITTLE_WOLF)
      /* TRANSLATORS: the rules in short */
      numbers = g_strdup_printf (_("Start %d · target %d · skunk %d"),
                                 record->start_score, record->target, record->skunk);
    else
      /* TRANSLATORS: the rules in short */
      numbers = g_strdup_printf (_("Start %d · target %d"), record->start_score, record->target);
    text = g_strconcat (named != NULL ? named : _("Standard rules"), "\n", numbers, NULL);
    rules = wrapped_label (text);
    gtk_label_set_selectable (GTK_LABEL (rules), TRUE);
    /* TRANSLATORS: the game's rules in its details dialog (shown, not edited) */
    add_field (GTK_BOX (box), _("Rules"), rules, "rules");

    /* Before its first round a game may take other rules (a saved set or
     * the rulings); after it they stay, and the dialog says why. */
    if (record->rounds->len == 0 && !lw_store_has_table (self->store, self->game->id))
      {
        g_autoptr (GPtrArray) sets = lw_store_list_rule_sets (self->store, record->ruleset, NULL);
        g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
        GtkWidget *drop_down;
        guint selected = 0;

        /* TRANSLATORS: the rule set of the rulings, in the game's details */
        gtk_string_list_append (names, _("Standard rules"));
        for (guint i = 0; sets != NULL && i < sets->len; i++)
          {
            const LwRuleSet *set = g_ptr_array_index (sets, i);

            gtk_string_list_append (names, set->name);
            if (g_strcmp0 (set->name, record->rule_set) == 0)
              selected = i + 1;
          }
        drop_down = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
        lw_drop_down_ellipsize (GTK_DROP_DOWN (drop_down));
        gtk_drop_down_set_selected (GTK_DROP_DOWN (drop_down), selected);
        g_object_set_data (G_OBJECT (drop_down), "first", GUINT_TO_POINTER (selected));
        if (sets != NULL)
          g_object_set_data_full (G_OBJECT (drop_down), "sets", g_steal_pointer (&sets),
                                  (GDestroyNotify) g_ptr_array_unref);
        /* TRANSLATORS: in the game's details, before its first round: the rule set to play with */
        add_field (GTK_BOX (box), _("Play _With"), drop_down, "rule-set");
      }
    else
      {
        GtkWidget *note = wrapped_label (record->rounds->len > 0
                                         /* TRANSLATORS: under the game's rules in its details */
                                         ? _("The rules stay as they are once a round is played: its scores are of these rules.")
                                         /* TRANSLATORS: under the game's rules in its details */
                                         : _("The rules stay as they are while the game is played at the virtual table."));

        gtk_widget_add_css_class (note, "dim-label");
        gtk_widget_set_name (note, "rules-note");
        gtk_box_append (GTK_BOX (box), note);
      }
  }

  /* SCORING G3: the house rule can be changed later too (it changes the
   * passing shown, never a score). */
  if (lw_game_page_is_garwolf (self))
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

/* The actions above, on the page's class (lw-game-page-private.h). */
void
lw_game_page_install_dialog_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "game.note-penalty", NULL, note_penalty_action);
  gtk_widget_class_install_action (widget_class, "game.substitute", NULL, substitute_action);
  gtk_widget_class_install_action (widget_class, "game.details", NULL, details_action);
}
