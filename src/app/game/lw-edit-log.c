/* lw-edit-log.c — a game's edit log in words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "lw-app-util.h"
#include "lw-edit-log-private.h"
#include "lw-json-text.h"

struct _LwEditLog
{
  AdwWindow parent_instance;

  /* template widgets */
  AdwWindowTitle *window_title;
  AdwToastOverlay *toasts;
  GtkStack *stack;
  GtkListBox *list;

  /* owned */
  LwGameView *view;   /* the game, as its page shows it */
  LwStore *store;
  gint64 game;
  AdwMessageDialog *error_dialog;   /* borrowed, while shown */
};

G_DEFINE_FINAL_TYPE (LwEditLog, lw_edit_log, ADW_TYPE_WINDOW)

enum {
  SIGNAL_REVERTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static JsonObject *
parse_object (const char *json)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root;

  if (json == NULL || lw_json_parse_checked (parser, json, -1, "an edit's JSON", NULL) == NULL)
    return NULL;

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;

  return json_object_ref (json_node_get_object (root));
}

static const char *
string_member (JsonObject *object,
               const char *name)
{
  return lw_json_node_string (object != NULL ? json_object_get_member (object, name) : NULL);
}

static gint64
int_member (JsonObject *object,
            const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return lw_json_node_holds (node, G_TYPE_INT64) ? json_node_get_int (node) : 0;
}

/* A round's facts in words, from the log's JSON. */
static char *
describe_round (const LwGameRecord *record,
                const char         *json,
                guint               number)
{
  g_autoptr (LwRound) round = NULL;

  if (json == NULL)
    /* TRANSLATORS: in the edit log: there was no round (before one was added) */
    return g_strdup (_("no round"));

  round = lw_round_from_json (record, json, -1, number, NULL);
  if (round == NULL)
    return g_strdup ("?");

  return lw_describe_round_facts (record, round);
}

static char *
describe_text (const char *text)
{
  if (text == NULL || *text == '\0')
    /* TRANSLATORS: in the edit log: no notes, no place */
    return g_strdup (_("none"));

  /* TRANSLATORS: in the edit log: a game's notes or place, quoted */
  return g_strdup_printf (_("“%s”"), text);
}

static char *
describe_details (JsonObject *object)
{
  g_autofree char *when = lw_format_time (int_member (object, "played_at"), TRUE);
  g_autofree char *where = describe_text (string_member (object, "place"));

  /* TRANSLATORS: in the edit log: a game's date and place; %1$s the date, %2$s the place */
  return g_strdup_printf (_("date %1$s, place %2$s"), *when != '\0' ? when : _("none"), where);
}

/* The text of one side of a rename of the names rule's migration, with
 * its control characters and separators shown as their code points. */
static char *
describe_renamed (JsonObject *object)
{
  const char *text = string_member (object, "text");
  gint64 length = int_member (object, "length");
  g_autoptr (GString) shown = NULL;

  if (text == NULL)
    return g_strdup (_("none"));
  shown = g_string_new (NULL);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeType type = g_unichar_type (c);

      if (type == G_UNICODE_CONTROL || type == G_UNICODE_LINE_SEPARATOR
          || type == G_UNICODE_PARAGRAPH_SEPARATOR || type == G_UNICODE_FORMAT)
        g_string_append_printf (shown, "<U+%04X>", c);
      else
        g_string_append_unichar (shown, c);
    }
  if (length > 0)
    /* TRANSLATORS: in the edit log: the start of a very long name, %2$'ld its length in characters */
    return g_strdup_printf (_("“%1$s…” (%2$'ld characters)"), shown->str, (long) length);
  return g_strdup_printf (_("“%s”"), shown->str);
}

void
lw_logged_edit_describe (const LwGameRecord  *record,
                         const LwLoggedEdit  *entry,
                         char               **title,
                         char               **subtitle)
{
  g_autoptr (JsonObject) before = parse_object (entry->old_json);
  g_autoptr (JsonObject) after = parse_object (entry->new_json);
  g_autofree char *when = lw_format_time (entry->time / G_USEC_PER_SEC, TRUE);
  g_autofree char *what = NULL;
  g_autofree char *old_text = NULL;
  g_autofree char *new_text = NULL;
  gboolean garwolf = record->ruleset == LW_RULESET_GARWOLF;
  const char *kind = entry->kind;

  if (g_str_equal (kind, "append_round"))
    /* TRANSLATORS: in the edit log */
    what = g_strdup_printf (garwolf ? _("Hand %u added") : _("Round %u added"), entry->number);
  else if (g_str_equal (kind, "replace_round"))
    /* TRANSLATORS: in the edit log */
    what = g_strdup_printf (garwolf ? _("Hand %u changed") : _("Round %u changed"), entry->number);
  else if (g_str_equal (kind, "insert_round"))
    /* TRANSLATORS: in the edit log */
    what = g_strdup_printf (garwolf ? _("Hand %u inserted") : _("Round %u inserted"), entry->number);
  else if (g_str_equal (kind, "delete_round"))
    /* TRANSLATORS: in the edit log */
    what = g_strdup_printf (garwolf ? _("Hand %u deleted") : _("Round %u deleted"), entry->number);
  else if (g_str_equal (kind, "substitute") && after != NULL
           && json_object_get_boolean_member_with_default (after, "gives_back", FALSE))
    /* TRANSLATORS: in the edit log: a substitute reverted; %1$s the player who sits again, %2$u the round */
    what = g_strdup_printf (garwolf ? _("%1$s back in the seat from hand %2$u") : _("%1$s back in the seat from round %2$u"),
                            string_member (after, "name") != NULL ? string_member (after, "name") : "?",
                            entry->number);
  else if (g_str_equal (kind, "substitute"))
    /* TRANSLATORS: in the edit log: a substitute took a seat; %1$s the new player, %2$u the first round */
    what = g_strdup_printf (garwolf ? _("%1$s took a seat from hand %2$u") : _("%1$s took a seat from round %2$u"),
                            string_member (after, "name") != NULL ? string_member (after, "name") : "?",
                            entry->number);
  else if (g_str_equal (kind, "notes"))
    /* TRANSLATORS: in the edit log */
    what = g_strdup (_("Notes changed"));
  else if (g_str_equal (kind, "details"))
    /* TRANSLATORS: in the edit log: the game's date and place */
    what = g_strdup (_("Date and place changed"));
  else if (g_str_equal (kind, "delete_game"))
    /* TRANSLATORS: in the edit log */
    what = g_strdup (_("Game deleted"));
  else if (g_str_equal (kind, "rename"))
    {
      const char *renamed = string_member (before, "what");

      if (g_strcmp0 (renamed, "event") == 0)
        /* TRANSLATORS: in the edit log: an upgrade renamed a name that broke the names rule */
        what = g_strdup (_("Event name changed to follow the names rule"));
      else if (g_strcmp0 (renamed, "place") == 0)
        /* TRANSLATORS: in the edit log */
        what = g_strdup (_("Place changed to follow the names rule"));
      else if (g_strcmp0 (renamed, "notes") == 0)
        /* TRANSLATORS: in the edit log */
        what = g_strdup (_("Notes changed to follow the rule for notes"));
      else
        /* TRANSLATORS: in the edit log */
        what = g_strdup (_("Player name changed to follow the names rule"));
    }
  else
    what = g_strdup (kind);

  if (g_str_has_suffix (kind, "_round"))
    {
      old_text = entry->old_json != NULL ? describe_round (record, entry->old_json, entry->number) : NULL;
      new_text = entry->new_json != NULL ? describe_round (record, entry->new_json, entry->number) : NULL;
    }
  else if (g_str_equal (kind, "substitute"))
    {
      g_autofree char *seat = g_strdup_printf ("%" G_GINT64_FORMAT, int_member (after, "seat") + 1);

      /* TRANSLATORS: in the edit log: who sat at seat %2$s before */
      old_text = g_strdup_printf (_("%1$s at seat %2$s"),
                                  string_member (before, "name") != NULL ? string_member (before, "name") : "?", seat);
      new_text = g_strdup_printf (_("%1$s at seat %2$s"),
                                  string_member (after, "name") != NULL ? string_member (after, "name") : "?", seat);
    }
  else if (g_str_equal (kind, "notes"))
    {
      old_text = describe_text (string_member (before, "notes"));
      new_text = describe_text (string_member (after, "notes"));
    }
  else if (g_str_equal (kind, "details"))
    {
      old_text = describe_details (before);
      new_text = describe_details (after);
    }
  else if (g_str_equal (kind, "rename"))
    {
      old_text = describe_renamed (before);
      new_text = describe_renamed (after);
    }

  if (entry->undone != 0)
    /* TRANSLATORS: in the edit log: a change that was undone */
    *title = g_strdup_printf (_("%s (undone)"), what);
  else
    *title = g_steal_pointer (&what);

  if (old_text != NULL && new_text != NULL)
    /* TRANSLATORS: in the edit log: when; the facts before → after */
    *subtitle = g_strdup_printf (_("%1$s\n%2$s\n→ %3$s"), when, old_text, new_text);
  else if (new_text != NULL)
    *subtitle = g_strdup_printf ("%s\n%s", when, new_text);
  else if (old_text != NULL)
    /* TRANSLATORS: in the edit log: when; what was removed */
    *subtitle = g_strdup_printf (_("%1$s\nwas: %2$s"), when, old_text);
  else
    *subtitle = g_steal_pointer (&when);
}

guint
lw_edit_log_get_n_entries (LwEditLog *self)
{
  g_return_val_if_fail (LW_IS_EDIT_LOG (self), 0);

  return lw_widget_count_children (GTK_WIDGET (self->list));
}

/* The row of entry @index, 0 the newest; NULL past the last. */
static GtkWidget *
row_at (LwEditLog *self,
        guint      index)
{
  return lw_widget_get_nth_child (GTK_WIDGET (self->list), index);
}

char *
lw_edit_log_get_entry_text (LwEditLog *self,
                            guint      index)
{
  GtkWidget *child;

  g_return_val_if_fail (LW_IS_EDIT_LOG (self), NULL);

  child = row_at (self, index);
  if (!ADW_IS_ACTION_ROW (child))
    return NULL;

  return g_strdup_printf ("%s\n%s",
                          adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child)),
                          adw_action_row_get_subtitle (ADW_ACTION_ROW (child)));
}

/* Whether entry @entry can be reverted from the log: a change that stands
 * (a deletion of the game is undone by restoring it; a rename of the names
 * migration is no change of the game's). */
static gboolean
can_revert (const LwLoggedEdit *entry)
{
  return entry->undone == 0
         && !g_str_equal (entry->kind, "rename")
         && !g_str_equal (entry->kind, "delete_game");
}

/* The rows, newest first, from the store. */
static gboolean
fill (LwEditLog  *self,
      GError    **error)
{
  g_autoptr (GPtrArray) entries = NULL;
  const LwStoredGame *game = lw_game_view_get_game (self->view);
  /* A round is told with the names of those who sat in it then. */
  GPtrArray *round_players = lw_game_view_get_round_players (self->view);
  g_autofree char *sides = NULL;

  entries = lw_store_list_edits (self->store, self->game, error);
  if (entries == NULL)
    return FALSE;

  sides = lw_sides_title (game->record);
  adw_window_title_set_subtitle (self->window_title, sides);

  lw_list_box_remove_all (self->list);

  for (guint i = entries->len; i > 0; i--)
    {
      const LwLoggedEdit *entry = g_ptr_array_index (entries, i - 1);
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      GtkWidget *row = adw_action_row_new ();

      g_autoptr (LwGameRecord) then = lw_game_record_copy (game->record);

      if (round_players != NULL && entry->number >= 1 && entry->number <= round_players->len &&
          !g_str_equal (entry->kind, "substitute"))
        {
          char **names = g_ptr_array_index (round_players, entry->number - 1);

          for (guint seat = 0; seat < then->n_players && names[seat] != NULL; seat++)
            {
              g_free (then->players[seat]);
              then->players[seat] = g_strdup (names[seat]);
              /* The names of that round alone: no seat changes after it. */
              g_ptr_array_set_size (then->substitutes, 0);
            }
        }
      lw_logged_edit_describe (then, entry, &title, &subtitle);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      if (can_revert (entry))
        {
          /* TRANSLATORS: a button of an edit log entry: apply the change's inverse as a new change */
          GtkWidget *button = gtk_button_new_with_mnemonic (_("_Revert"));
          g_autofree char *label = NULL;

          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "edit-log.revert");
          gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "x", entry->id);
          /* TRANSLATORS: the Revert button's accessible name; %s the change */
          label = g_strdup_printf (_("Revert “%s”"), title);
          gtk_widget_set_tooltip_text (button, label);
          gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
        }
      else
        /* Tab and the arrows go from entry to entry, to read them. */
        gtk_widget_set_focusable (row, TRUE);
      if (entry->undone != 0)
        gtk_widget_add_css_class (row, "dim-label");
      g_object_set_data (G_OBJECT (row), "lw-revertible", GINT_TO_POINTER (can_revert (entry) ? 1 : 0));
      gtk_list_box_append (self->list, row);
    }
  gtk_stack_set_visible_child_name (self->stack, entries->len > 0 ? "log" : "empty");
  return TRUE;
}

gboolean
lw_edit_log_get_entry_revertible (LwEditLog *self,
                                  guint      index)
{
  GtkWidget *child;

  g_return_val_if_fail (LW_IS_EDIT_LOG (self), FALSE);

  child = row_at (self, index);
  return child != NULL && g_object_get_data (G_OBJECT (child), "lw-revertible") != NULL;
}

AdwMessageDialog *
lw_edit_log_get_error_dialog (LwEditLog *self)
{
  g_return_val_if_fail (LW_IS_EDIT_LOG (self), NULL);

  return self->error_dialog;
}

/* "edit-log.revert" (x): reverts the entry with that ID, as a new change
 * (lw_store_revert_edit()); refused in the store's or engine's words. */
static void
revert_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LwEditLog *self = LW_EDIT_LOG (widget);
  g_autoptr (GError) error = NULL;

  if (!lw_store_revert_edit (self->store, self->game, g_variant_get_int64 (parameter), &error))
    {
      /* TRANSLATORS: the heading of a message when an edit log entry could not be reverted */
      self->error_dialog = lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Revert the Change"), error->message);
      g_object_add_weak_pointer (G_OBJECT (self->error_dialog), (gpointer *) &self->error_dialog);
      return;
    }

  /* The view reads the game again now, and the log follows it
   * (view_changed_cb()). */
  lw_store_watch_flush (lw_store_watch_find (self->store));
  /* TRANSLATORS: a toast in the edit log once a change was reverted */
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Reverted: the revert is the newest entry")));
  g_signal_emit (self, signals[SIGNAL_REVERTED], 0, self->game);
}

/* The game changed (a revert here, a phone's round): the log is read
 * again with the view's new reading. */
static void
view_changed_cb (LwEditLog *self)
{
  g_autoptr (GError) error = NULL;

  if (lw_game_view_get_id (self->view) != self->game || fill (self, &error))
    return;

  {
    g_autofree char *text = lw_message_capitalize (error->message);
    g_autofree char *escaped = g_markup_escape_text (text, -1);

    /* Toast titles are Pango markup: the error may quote a player's name. */
    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (escaped));
  }
}

LwEditLog *
lw_edit_log_new (GtkWindow           *parent,
                 LwStore             *store,
                 LwGameView          *view,
                 GError             **error)
{
  LwEditLog *self;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (LW_IS_GAME_VIEW (view), NULL);
  g_return_val_if_fail (lw_game_view_get_game (view) != NULL, NULL);

  self = g_object_new (LW_TYPE_EDIT_LOG, NULL);
  self->store = g_object_ref (store);
  self->view = g_object_ref (view);
  self->game = lw_game_view_get_id (view);
  g_signal_connect_object (view, "changed", G_CALLBACK (view_changed_cb), self, G_CONNECT_SWAPPED);
  if (!fill (self, error))
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return NULL;
    }

  lw_window_fit_parent (GTK_WINDOW (self), parent, 560, 640);
  gtk_window_present (GTK_WINDOW (self));

  return self;
}

static void
lw_edit_log_dispose (GObject *object)
{
  LwEditLog *self = LW_EDIT_LOG (object);

  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (self->view, self);
  g_clear_object (&self->view);
  g_clear_object (&self->store);
  gtk_widget_dispose_template (GTK_WIDGET (object), LW_TYPE_EDIT_LOG);

  G_OBJECT_CLASS (lw_edit_log_parent_class)->dispose (object);
}

static void
lw_edit_log_class_init (LwEditLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_edit_log_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-edit-log.ui");
  gtk_widget_class_bind_template_child (widget_class, LwEditLog, window_title);
  gtk_widget_class_bind_template_child (widget_class, LwEditLog, toasts);
  gtk_widget_class_bind_template_child (widget_class, LwEditLog, stack);
  gtk_widget_class_bind_template_child (widget_class, LwEditLog, list);

  gtk_widget_class_install_action (widget_class, "edit-log.revert", "x", revert_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  /**
   * LwEditLog::reverted:
   * @self: the edit log
   * @game: the game's ID
   *
   * A change of the game was reverted from the log: the game changed.
   */
  signals[SIGNAL_REVERTED] = g_signal_new ("reverted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
}

static void
lw_edit_log_init (LwEditLog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
