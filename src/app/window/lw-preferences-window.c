/* lw-preferences-window.c — the app's preferences, bound to GSettings,
 * and the Rule Sets page: the saved rule sets, renamed and deleted
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-preferences-window.h"
#include "lw-preferences-window-private.h"
#include "lw-settings.h"
#include "lw-store.h"
#include "lw-club-page.h"
#include "lw-window.h"

struct _LwPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  /* template widgets */
  AdwComboRow *style_row;
  AdwComboRow *ruleset_row;
  GtkSpinButton *target_spin;
  GtkSpinButton *skunk_spin;
  GtkSwitch *king_switch;

  /* owned */
  LwStore *store;                 /* the window's, or NULL: no Rule Sets page */
  GPtrArray *sets;                /* LwRuleSet*: Little Wolf's, then Garwolf's */
  GPtrArray *rows;                /* the rows of rule_sets_group, one per set */

  /* borrowed */
  AdwPreferencesGroup *rule_sets_group;
  GtkWidget *empty_row;
  AdwMessageDialog *dialog;       /* the rename or delete dialog, while open */
};

G_DEFINE_FINAL_TYPE (LwPreferencesWindow, lw_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* An enum key, its value the row's position, shown in a combo row. */
static void
bind_enum (GSettings   *settings,
           const char  *key,
           AdwComboRow *row)
{
  adw_combo_row_set_selected (row, (guint) g_settings_get_enum (settings, key));
  g_object_set_data_full (G_OBJECT (row), "lw-key", g_strdup (key), g_free);
}

static void
combo_selected_cb (AdwComboRow *row,
                   GParamSpec  *pspec,
                   gpointer     user_data)
{
  GSettings *settings = lw_settings_get ();
  const char *key = g_object_get_data (G_OBJECT (row), "lw-key");

  if (settings != NULL && key != NULL)
    g_settings_set_enum (settings, key, (int) adw_combo_row_get_selected (row));
}

/* ------------------------------------------------------------------ */
/* Rule Sets                                                            */
/* ------------------------------------------------------------------ */

static void reload_rule_sets (LwPreferencesWindow *self);

/* What a set holds, in short, below its name. */
static char *
describe_set (const LwRuleSet *set)
{
  g_autoptr (LwGameRecord) shown = lw_game_record_new (set->ruleset, 0, NULL);
  g_autofree char *house = NULL;
  char *text;

  if (set->ruleset == LW_RULESET_GARWOLF)
    /* TRANSLATORS: a saved rule set in Preferences: its game, start score and target */
    text = g_strdup_printf (_("Garwolf · start %d · target %d"), set->start_score, set->target);
  else
    /* TRANSLATORS: a saved rule set in Preferences: its game, start score, target and skunk */
    text = g_strdup_printf (_("Little Wolf · start %d · target %d · skunk %d"),
                            set->start_score, set->target, set->skunk);
  /* The house rules that are not the rulings, as a score sheet names them. */
  lw_rule_set_apply (set, shown);
  g_clear_pointer (&shown->rule_set, g_free);
  house = lw_rules_text (shown);
  if (house != NULL)
    {
      char *with = g_strconcat (text, " · ", house, NULL);

      g_free (text);
      text = with;
    }
  return text;
}

/* The set a row's button is for, or NULL. */
static const LwRuleSet *
set_of (LwPreferencesWindow *self,
        GtkWidget           *button)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "lw-set-index"));

  return index >= 1 && index <= self->sets->len ? g_ptr_array_index (self->sets, index - 1) : NULL;
}

/* After a rename or a deletion: what went wrong said under @heading, and
 * the list as stored now. */
static void
after_change (LwPreferencesWindow *self,
              gboolean             ok,
              const char          *heading,
              const GError        *error)
{
  if (!ok)
    {
      g_autofree char *message = lw_message_capitalize (error->message);

      lw_show_error_dialog (GTK_WIDGET (self), heading, message);
    }
  reload_rule_sets (self);
}

static void
rename_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  LwPreferencesWindow *self = user_data;
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "name");
  gint64 id = *(gint64 *) g_object_get_data (G_OBJECT (dialog), "lw-set-id");
  g_autoptr (GError) error = NULL;
  gboolean ok = lw_store_rename_rule_set (self->store, id, gtk_editable_get_text (entry), &error);

  /* TRANSLATORS: heading of an error dialog in Preferences → Rule Sets */
  after_change (self, ok, _("Could Not Rename the Rule Set"), error);
}

static void
delete_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  LwPreferencesWindow *self = user_data;
  gint64 id = *(gint64 *) g_object_get_data (G_OBJECT (dialog), "lw-set-id");
  g_autoptr (GError) error = NULL;
  gboolean ok = lw_store_delete_rule_set (self->store, id, &error);

  /* TRANSLATORS: heading of an error dialog in Preferences → Rule Sets */
  after_change (self, ok, _("Could Not Delete the Rule Set"), error);
}

static void
keep_set_id (AdwMessageDialog *dialog,
             const LwRuleSet  *set)
{
  gint64 *id = g_new (gint64, 1);

  *id = set->id;
  g_object_set_data_full (G_OBJECT (dialog), "lw-set-id", id, g_free);
}

static void
ask_rename (LwPreferencesWindow *self,
            const LwRuleSet     *set)
{
  GtkWidget *entry;
  AdwMessageDialog *dialog;

  entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (entry), set->name);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  /* TRANSLATORS: the name field of the Rename Rule Set dialog */
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Name"), -1);
  /* TRANSLATORS: a dialog's heading in Preferences → Rule Sets */
  dialog = lw_message_dialog_new (GTK_WIDGET (self), _("Rename Rule Set"),
                                  /* TRANSLATORS: the Rename Rule Set dialog's text */
                                  _("Games and events already played with it keep the name they had."),
                                  entry, "rename", _("_Rename"));
  g_object_set_data (G_OBJECT (dialog), "name", entry);
  keep_set_id (dialog, set);
  lw_message_dialog_present (dialog, G_CALLBACK (rename_response_cb), self, &self->dialog);
}

static void
ask_delete (LwPreferencesWindow *self,
            const LwRuleSet     *set)
{
  g_autofree char *name = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  name = lw_isolate_name (set->name);
  /* TRANSLATORS: the Delete Rule Set dialog's text; %s is the set's name */
  body = g_strdup_printf (_("New Game will no longer offer “%s”. Games and events already played "
                            "with it keep its name and rules."), name);
  /* TRANSLATORS: a dialog's heading in Preferences → Rule Sets */
  dialog = lw_message_dialog_new (GTK_WIDGET (self), _("Delete Rule Set?"), body, NULL,
                                  "delete", _("_Delete"));
  lw_message_dialog_set_destructive (dialog);
  keep_set_id (dialog, set);
  lw_message_dialog_present (dialog, G_CALLBACK (delete_response_cb), self, &self->dialog);
}

static void
rename_clicked_cb (GtkButton           *button,
                   LwPreferencesWindow *self)
{
  const LwRuleSet *set = set_of (self, GTK_WIDGET (button));

  if (set != NULL)
    ask_rename (self, set);
}

static void
delete_clicked_cb (GtkButton           *button,
                   LwPreferencesWindow *self)
{
  const LwRuleSet *set = set_of (self, GTK_WIDGET (button));

  if (set != NULL)
    ask_delete (self, set);
}

static GtkWidget *
row_button (LwPreferencesWindow *self,
            const char          *icon,
            const char          *tooltip,
            guint                index,
            GCallback            clicked)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  g_object_set_data (G_OBJECT (button), "lw-set-index", GUINT_TO_POINTER (index));
  g_signal_connect (button, "clicked", clicked, self);
  return button;
}

/* The rows, as the store holds the sets now; a list that cannot be read
 * shows as none. */
static void
reload_rule_sets (LwPreferencesWindow *self)
{
  static const LwRuleset rulesets[] = { LW_RULESET_LITTLE_WOLF, LW_RULESET_GARWOLF };

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->rule_sets_group, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->sets, 0);

  for (guint r = 0; r < G_N_ELEMENTS (rulesets); r++)
    {
      g_autoptr (GPtrArray) sets = lw_store_list_rule_sets (self->store, rulesets[r], NULL);

      for (guint i = 0; sets != NULL && i < sets->len; i++)
        g_ptr_array_add (self->sets, g_steal_pointer (&sets->pdata[i]));
    }

  for (guint i = 0; i < self->sets->len; i++)
    {
      const LwRuleSet *set = g_ptr_array_index (self->sets, i);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *subtitle = describe_set (set);

      /* A name is text, never markup. */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), set->name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 /* TRANSLATORS: a button of a rule set's row in Preferences */
                                 row_button (self, "document-edit-symbolic", _("Rename"), i + 1,
                                             G_CALLBACK (rename_clicked_cb)));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 /* TRANSLATORS: a button of a rule set's row in Preferences */
                                 row_button (self, "user-trash-symbolic", _("Delete"), i + 1,
                                             G_CALLBACK (delete_clicked_cb)));
      adw_preferences_group_add (self->rule_sets_group, row);
      g_ptr_array_add (self->rows, row);
    }
  gtk_widget_set_visible (self->empty_row, self->sets->len == 0);
}

static void
add_rule_sets_page (LwPreferencesWindow *self)
{
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *group = adw_preferences_group_new ();

  /* TRANSLATORS: the Preferences page of the saved rule sets */
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("Rule Sets"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page), "view-list-symbolic");
  adw_preferences_page_set_name (ADW_PREFERENCES_PAGE (page), "rule-sets");
  /* TRANSLATORS: the group of saved rule sets in Preferences */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Saved Rule Sets"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         /* TRANSLATORS: below the heading of Preferences → Rule Sets */
                                         _("New Game and New Event offer them in Rules."));
  self->empty_row = adw_action_row_new ();
  /* TRANSLATORS: Preferences → Rule Sets when there are none */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->empty_row), _("No saved rule sets"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->empty_row),
                               /* TRANSLATORS: how a rule set is saved, shown when there are none */
                               _("Choose the rules in New Game, then Save as Rule Set"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), self->empty_row);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self), ADW_PREFERENCES_PAGE (page));
  self->rule_sets_group = ADW_PREFERENCES_GROUP (group);
  reload_rule_sets (self);
}

guint
lw_preferences_window_get_n_rule_sets (LwPreferencesWindow *self)
{
  g_return_val_if_fail (LW_IS_PREFERENCES_WINDOW (self), 0);
  return self->sets->len;
}

AdwActionRow *
lw_preferences_window_get_rule_set_row (LwPreferencesWindow *self,
                                        guint                index)
{
  g_return_val_if_fail (LW_IS_PREFERENCES_WINDOW (self), NULL);
  g_return_val_if_fail (index < self->rows->len, NULL);
  return g_ptr_array_index (self->rows, index);
}

void
lw_preferences_window_ask_rule_set (LwPreferencesWindow *self,
                                    guint                index,
                                    gboolean             delete)
{
  g_return_if_fail (LW_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (index < self->sets->len);
  if (delete)
    ask_delete (self, g_ptr_array_index (self->sets, index));
  else
    ask_rename (self, g_ptr_array_index (self->sets, index));
}

AdwMessageDialog *
lw_preferences_window_get_dialog (LwPreferencesWindow *self)
{
  g_return_val_if_fail (LW_IS_PREFERENCES_WINDOW (self), NULL);
  return self->dialog;
}

/* ------------------------------------------------------------------ */

LwPreferencesWindow *
lw_preferences_window_new (GtkWindow *parent)
{
  LwPreferencesWindow *self = g_object_new (LW_TYPE_PREFERENCES_WINDOW,
                                            "transient-for", parent,
                                            NULL);
  GSettings *settings = lw_settings_get ();

  if (settings != NULL)
    {
      bind_enum (settings, "color-scheme", self->style_row);
      bind_enum (settings, "default-ruleset", self->ruleset_row);
      g_signal_connect (self->style_row, "notify::selected", G_CALLBACK (combo_selected_cb), NULL);
      g_signal_connect (self->ruleset_row, "notify::selected", G_CALLBACK (combo_selected_cb), NULL);
      g_settings_bind (settings, "default-target", self->target_spin, "value", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "default-skunk", self->skunk_spin, "value", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "king-and-knave", self->king_switch, "active", G_SETTINGS_BIND_DEFAULT);
    }
  else
    gtk_widget_set_sensitive (GTK_WIDGET (self), FALSE);

  if (LW_IS_WINDOW (parent) && lw_window_get_store (LW_WINDOW (parent)) != NULL)
    {
      self->store = g_object_ref (lw_window_get_store (LW_WINDOW (parent)));
      add_rule_sets_page (self);
      adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self),
                                  ADW_PREFERENCES_PAGE (lw_club_page_new (self->store,
                                                                          lw_window_get_club_auto (LW_WINDOW (parent)))));
    }

  gtk_window_present (GTK_WINDOW (self));
  return self;
}

static void
lw_preferences_window_dispose (GObject *object)
{
  LwPreferencesWindow *self = LW_PREFERENCES_WINDOW (object);

  if (self->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->dialog));
  G_OBJECT_CLASS (lw_preferences_window_parent_class)->dispose (object);
}

static void
lw_preferences_window_finalize (GObject *object)
{
  LwPreferencesWindow *self = LW_PREFERENCES_WINDOW (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->sets, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  G_OBJECT_CLASS (lw_preferences_window_parent_class)->finalize (object);
}

static void
lw_preferences_window_class_init (LwPreferencesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = lw_preferences_window_dispose;
  object_class->finalize = lw_preferences_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LwPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, LwPreferencesWindow, ruleset_row);
  gtk_widget_class_bind_template_child (widget_class, LwPreferencesWindow, target_spin);
  gtk_widget_class_bind_template_child (widget_class, LwPreferencesWindow, skunk_spin);
  gtk_widget_class_bind_template_child (widget_class, LwPreferencesWindow, king_switch);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
lw_preferences_window_init (LwPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->sets = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_rule_set_free);
  self->rows = g_ptr_array_new ();
}
