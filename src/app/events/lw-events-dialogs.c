/* lw-events-dialogs.c — the events page's dialogs: a new event, a result
 * written on paper, time called, renaming and deleting an event
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-events-page-private.h"
#include "lw-print-grid.h"
#include "lw-print.h"
#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-entry-dialog.h"

/* ------------------------------------------------------------------ */
/* Dialogs                                                              */
/* ------------------------------------------------------------------ */

GtkWidget *
lw_events_dialog_field (AdwMessageDialog *dialog,
                        const char       *name)
{
  return dialog != NULL ? g_object_get_data (G_OBJECT (dialog), name) : NULL;
}

static GtkWidget *
spin_row (GtkWidget  *list,
          const char *title,
          const char *subtitle,
          double      min,
          double      max,
          double      value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);
  g_autofree char *escaped = g_markup_escape_text (title, -1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  return spin;
}

static GtkWidget *
boxed_list (void)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  return list;
}

/* The table-size choices: 2, 3 or 4 seats, or 4 in partners. */
enum { TABLES_2, TABLES_3, TABLES_4, TABLES_PARTNERS };

static void
format_selected_cb (AdwComboRow *format_row,
                    GParamSpec  *pspec,
                    gpointer     user_data)
{
  AdwMessageDialog *dialog = user_data;
  AdwComboRow *tables_row = ADW_COMBO_ROW (lw_events_dialog_field (dialog, "tables"));
  GtkWidget *rounds = lw_events_dialog_field (dialog, "rounds");
  guint format = adw_combo_row_get_selected (format_row);
  guint tables = adw_combo_row_get_selected (tables_row);

  /* Partners play needs 4-seat partners tables; an elimination is played
   * at 2 seats and has as many rounds as its bracket. */
  if (format == LW_EVENT_PARTNERS)
    adw_combo_row_set_selected (tables_row, TABLES_PARTNERS);
  else if (format == LW_EVENT_ELIMINATION)
    adw_combo_row_set_selected (tables_row, TABLES_2);
  else if (tables == TABLES_PARTNERS && format != LW_EVENT_DUPLICATE)
    adw_combo_row_set_selected (tables_row, TABLES_4);
  /* Boards per round are a duplicate event's (DUPLICATE D8). */
  gtk_widget_set_visible (gtk_widget_get_ancestor (lw_events_dialog_field (dialog, "boards"),
                                                   ADW_TYPE_ACTION_ROW),
                          format == LW_EVENT_DUPLICATE);
  /* A duplicate event ranks by percentages (DUPLICATE D7): no event points
   * by place, no tie-breaks to choose. */
  gtk_widget_set_visible (lw_events_dialog_field (dialog, "tiebreaks"), format != LW_EVENT_DUPLICATE);
  gtk_widget_set_visible (lw_events_dialog_field (dialog, "points-label"), format != LW_EVENT_DUPLICATE);
  gtk_widget_set_visible (gtk_widget_get_ancestor (lw_events_dialog_field (dialog, "win"), GTK_TYPE_LIST_BOX),
                          format != LW_EVENT_DUPLICATE);
  if (format == LW_EVENT_ELIMINATION)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (rounds), 0);
  /* Seeding by rating is an elimination's option only. */
  gtk_widget_set_visible (lw_events_dialog_field (dialog, "seeding"), format == LW_EVENT_ELIMINATION);
  gtk_widget_set_sensitive (gtk_widget_get_ancestor (rounds, ADW_TYPE_ACTION_ROW),
                            format != LW_EVENT_ELIMINATION);
}

static void
tables_selected_cb (AdwComboRow *tables_row,
                    GParamSpec  *pspec,
                    gpointer     user_data)
{
  AdwMessageDialog *dialog = user_data;
  AdwComboRow *format_row = ADW_COMBO_ROW (lw_events_dialog_field (dialog, "format"));

  /* A duplicate event may have partners tables (fixed partnerships). */
  if (adw_combo_row_get_selected (tables_row) == TABLES_PARTNERS
      && adw_combo_row_get_selected (format_row) != LW_EVENT_DUPLICATE)
    adw_combo_row_set_selected (format_row, LW_EVENT_PARTNERS);
  else if (adw_combo_row_get_selected (format_row) == LW_EVENT_PARTNERS)
    adw_combo_row_set_selected (format_row, LW_EVENT_SWISS);
}

/* The name typed in @dialog's "name" field, without the spaces around
 * it; %NULL when that leaves nothing, which is said in an error dialog
 * headed @heading. Returns: (transfer full) (nullable): the name. */
static char *
dialog_event_name (LwEventsPage     *self,
                   AdwMessageDialog *dialog,
                   const char       *heading)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (lw_events_dialog_field (dialog, "name")))));

  if (*name == '\0')
    {
      lw_show_error_dialog (GTK_WIDGET (self), heading, _("An event needs a name."));
      return NULL;
    }
  return g_steal_pointer (&name);
}

static void
new_event_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       gpointer          user_data)
{
  LwEventsPage *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  LwEventConfig config;
  LwEventFormat format;
  guint tables;
  gint64 id;

  name = dialog_event_name (self, dialog, _("Could Not Create the Event"));
  if (name == NULL)
    return;
  format = (LwEventFormat) adw_combo_row_get_selected (ADW_COMBO_ROW (lw_events_dialog_field (dialog, "format")));
  tables = adw_combo_row_get_selected (ADW_COMBO_ROW (lw_events_dialog_field (dialog, "tables")));
  lw_event_config_init (&config, format, tables == TABLES_PARTNERS ? 4 : tables + 2);
  config.n_rounds = (guint) lw_spin_get_int (GTK_SPIN_BUTTON (lw_events_dialog_field (dialog, "rounds")));
  config.points_win = lw_spin_get_int (GTK_SPIN_BUTTON (lw_events_dialog_field (dialog, "win")));
  config.points_second = lw_spin_get_int (GTK_SPIN_BUTTON (lw_events_dialog_field (dialog, "second")));
  config.points_other = lw_spin_get_int (GTK_SPIN_BUTTON (lw_events_dialog_field (dialog, "other")));
  if (format == LW_EVENT_DUPLICATE)
    {
      config.partners = tables == TABLES_PARTNERS;
      config.boards_per_round = (guint) lw_spin_get_int (GTK_SPIN_BUTTON (lw_events_dialog_field (dialog, "boards")));
    }
  /* The seats are drawn by lot: a seed of its own for each event. */
  config.seed = (guint64) g_random_int_range (1, G_MAXINT32);
  if (format == LW_EVENT_ELIMINATION
      && adw_combo_row_get_selected (ADW_COMBO_ROW (lw_events_dialog_field (dialog, "seeding"))) == 1)
    config.seeding = LW_SEEDING_RATING;
  /* The tie-breaks chosen, in order; a repeated one is refused below. */
  config.n_tiebreaks = 0;
  for (guint i = 0; i < LW_N_TIEBREAKS; i++)
    {
      g_autofree char *key = g_strdup_printf ("tiebreak-%u", i);
      guint chosen = adw_combo_row_get_selected (ADW_COMBO_ROW (lw_events_dialog_field (dialog, key)));

      if (chosen > 0 && chosen <= LW_N_TIEBREAKS)
        config.tiebreaks[config.n_tiebreaks++] = (LwTiebreak) (chosen - 1);
    }

  if (!lw_event_config_validate (&config, &error))
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Create the Event"), error->message);
      return;
    }
  {
    /* Row 0 is Standard rules; then the saved sets as listed when the
     * dialog opened. */
    GPtrArray *sets = g_object_get_data (G_OBJECT (dialog), "rule-sets");
    guint chosen = adw_combo_row_get_selected (ADW_COMBO_ROW (lw_events_dialog_field (dialog, "rule-set")));
    const LwRuleSet *rules = NULL;

    if (sets != NULL && chosen >= 1 && chosen <= sets->len)
      rules = g_ptr_array_index (sets, chosen - 1);
    id = lw_store_add_event_with_rules (self->store, name, &config, rules, &error);
  }
  if (id <= 0)
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Create the Event"), error != NULL ? error->message : "");
      return;
    }
  lw_events_read_list (self);
  if (!lw_events_page_show_event (self, id, &error))
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Open the Event"), error->message);
      return;
    }
  adw_view_stack_set_visible_child_name (self->view_stack, "players");
  gtk_widget_grab_focus (GTK_WIDGET (self->add_entry));
}

void
lw_events_new_event_action (LwEventsPage *self,
                            GVariant     *parameter)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *list = boxed_list ();
  GtkWidget *points = boxed_list ();
  GtkWidget *name = adw_entry_row_new ();
  GtkWidget *format = adw_combo_row_new ();
  GtkWidget *tables = adw_combo_row_new ();
  GtkStringList *formats = gtk_string_list_new (NULL);
  GtkStringList *sizes = gtk_string_list_new (NULL);
  AdwMessageDialog *dialog;
  GtkWidget *rounds, *boards, *win, *second, *other, *points_label, *tiebreaks, *scrolled;
  GtkWidget *seeding = adw_combo_row_new ();
  g_autoptr (GtkStringList) seedings = gtk_string_list_new (NULL);
  GtkWidget *rule_set = adw_combo_row_new ();
  g_autoptr (GtkStringList) rule_set_names = gtk_string_list_new (NULL);
  g_autoptr (GPtrArray) rule_sets = NULL;

  for (int f = LW_EVENT_SWISS; f <= LW_EVENT_DUPLICATE; f++)
    gtk_string_list_append (formats, lw_events_format_name ((LwEventFormat) f));
  for (guint size = 2; size <= 4; size++)
    {
      g_autofree char *text = lw_events_tables_name (LW_EVENT_SWISS, size);

      gtk_string_list_append (sizes, text);
    }
  {
    g_autofree char *text = lw_events_tables_name (LW_EVENT_PARTNERS, 4);

    gtk_string_list_append (sizes, text);
  }

  /* TRANSLATORS: the name of an event being created */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (name), _("Name"));
  gtk_list_box_append (GTK_LIST_BOX (list), name);
  /* TRANSLATORS: an event's format: Swiss, round robin, partners rotation, single elimination */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (format), _("Format"));
  adw_combo_row_set_model (ADW_COMBO_ROW (format), G_LIST_MODEL (formats));
  gtk_list_box_append (GTK_LIST_BOX (list), format);
  /* TRANSLATORS: the seats at an event's tables */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (tables), _("Tables"));
  adw_combo_row_set_model (ADW_COMBO_ROW (tables), G_LIST_MODEL (sizes));
  adw_combo_row_set_selected (ADW_COMBO_ROW (tables), TABLES_4);
  gtk_list_box_append (GTK_LIST_BOX (list), tables);
  /* TRANSLATORS: the rounds of an event; 0 means the format's own number */
  rounds = spin_row (list, C_("event", "Rounds"), _("0: as many as the format needs"), 0, 100, 0);
  /* TRANSLATORS: a duplicate event's deals played at every table in one round (DUPLICATE D8) */
  boards = spin_row (list, _("Boards per Round"), _("The same deals at every table"), 1,
                     LW_DUPLICATE_MAX_BOARDS, LW_DUPLICATE_DEFAULT_BOARDS);
  gtk_widget_set_visible (gtk_widget_get_ancestor (boards, ADW_TYPE_ACTION_ROW), FALSE);

  /* How a single elimination's round 1 is seeded, kept with the event. */
  /* TRANSLATORS: seeds of a single elimination in the order players were entered */
  gtk_string_list_append (seedings, _("Registration Order"));
  /* TRANSLATORS: seeds of a single elimination by the players' ratings */
  gtk_string_list_append (seedings, _("By Rating"));
  /* TRANSLATORS: how a single elimination's bracket is seeded */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (seeding), _("Seeding"));
  adw_combo_row_set_model (ADW_COMBO_ROW (seeding), G_LIST_MODEL (seedings));
  gtk_widget_set_visible (seeding, FALSE);
  gtk_list_box_append (GTK_LIST_BOX (list), seeding);

  /* The rules of every game at its tables: Standard rules or a saved
   * Little Wolf rule set, which the event keeps a copy of (schema 13). A
   * list that cannot be read leaves Standard rules only. */
  rule_sets = lw_store_list_rule_sets (self->store, LW_RULESET_LITTLE_WOLF, NULL);
  if (rule_sets == NULL)
    rule_sets = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_rule_set_free);
  gtk_string_list_append (rule_set_names, _("Standard rules"));
  for (guint i = 0; i < rule_sets->len; i++)
    gtk_string_list_append (rule_set_names, ((const LwRuleSet *) g_ptr_array_index (rule_sets, i))->name);
  /* TRANSLATORS: the rule set an event's games are played with */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (rule_set), _("Rules"));
  adw_combo_row_set_model (ADW_COMBO_ROW (rule_set), G_LIST_MODEL (rule_set_names));
  gtk_list_box_append (GTK_LIST_BOX (list), rule_set);

  /* The tie-breaks, chosen and ordered: four places, each a tie-break or
   * none (SCORING R23 for skunks; docs/EVENTS.md). */
  tiebreaks = adw_expander_row_new ();
  /* TRANSLATORS: what orders players level on event points */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (tiebreaks), _("Tie-Breaks"));
  /* TRANSLATORS: the New Event dialog's tie-breaks row, folded */
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (tiebreaks), _("After event points, in this order"));
  gtk_list_box_append (GTK_LIST_BOX (list), tiebreaks);
  for (guint i = 0; i < LW_N_TIEBREAKS; i++)
    {
      g_autoptr (GtkStringList) choices = gtk_string_list_new (NULL);
      GtkWidget *row = adw_combo_row_new ();
      g_autofree char *key = g_strdup_printf ("tiebreak-%u", i);
      /* TRANSLATORS: the place of a tie-break in the New Event dialog: 1 first, 2 next… */
      g_autofree char *place = g_strdup_printf (_("Tie-Break %u"), i + 1);

      /* TRANSLATORS: no tie-break at this place */
      gtk_string_list_append (choices, _("None"));
      for (guint t = 0; t < LW_N_TIEBREAKS; t++)
        {
          g_autofree char *choice = g_strdup (lw_events_tiebreak_name ((LwTiebreak) t));

          /* As a choice, capitalized. */
          choice[0] = g_ascii_toupper (choice[0]);
          gtk_string_list_append (choices, choice);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), place);
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (choices));
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), i + 1);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (tiebreaks), row);
      g_object_set_data (G_OBJECT (tiebreaks), key, row);
    }

  /* TRANSLATORS: event points for first place at a full table */
  win = spin_row (points, _("Win"), NULL, 0, 1000, 3);
  /* TRANSLATORS: event points for second place at a table of 3 or more */
  second = spin_row (points, _("Second"), NULL, 0, 1000, 1);
  /* TRANSLATORS: event points for any other place */
  other = spin_row (points, _("Other"), NULL, 0, 1000, 0);
  /* TRANSLATORS: above the event points of each place in the New Event dialog */
  points_label = gtk_label_new (_("Event points by place. Smaller tables are scaled; a skunk win counts double."));
  gtk_label_set_wrap (GTK_LABEL (points_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (points_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (points_label), 0);
  gtk_widget_add_css_class (points_label, "dim-label");
  gtk_widget_add_css_class (points_label, "caption");

  gtk_box_append (GTK_BOX (box), list);
  gtk_box_append (GTK_BOX (box), points_label);
  gtk_box_append (GTK_BOX (box), points);
  g_object_unref (formats);
  g_object_unref (sizes);

  /* The settings scroll when the tie-breaks are unfolded, so that Create
   * and Cancel stay on a 1280×800 or a 360×740 screen. */
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), NEW_EVENT_MAX_HEIGHT);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);

  dialog = lw_message_dialog_new (GTK_WIDGET (self), _("New Event"), NULL, scrolled, "create", _("C_reate"));
  g_object_set_data (G_OBJECT (dialog), "name", name);
  g_object_set_data (G_OBJECT (dialog), "format", format);
  g_object_set_data (G_OBJECT (dialog), "tables", tables);
  g_object_set_data (G_OBJECT (dialog), "rounds", rounds);
  g_object_set_data (G_OBJECT (dialog), "boards", boards);
  g_object_set_data (G_OBJECT (dialog), "seeding", seeding);
  g_object_set_data (G_OBJECT (dialog), "rule-set", rule_set);
  g_object_set_data_full (G_OBJECT (dialog), "rule-sets", g_steal_pointer (&rule_sets),
                          (GDestroyNotify) g_ptr_array_unref);
  g_object_set_data (G_OBJECT (dialog), "tiebreaks", tiebreaks);
  for (guint i = 0; i < LW_N_TIEBREAKS; i++)
    {
      g_autofree char *key = g_strdup_printf ("tiebreak-%u", i);

      g_object_set_data (G_OBJECT (dialog), key, g_object_get_data (G_OBJECT (tiebreaks), key));
    }
  g_object_set_data (G_OBJECT (dialog), "win", win);
  g_object_set_data (G_OBJECT (dialog), "points-label", points_label);
  g_object_set_data (G_OBJECT (dialog), "second", second);
  g_object_set_data (G_OBJECT (dialog), "other", other);
  g_signal_connect_object (format, "notify::selected", G_CALLBACK (format_selected_cb), dialog, 0);
  g_signal_connect_object (tables, "notify::selected", G_CALLBACK (tables_selected_cb), dialog, 0);
  lw_message_dialog_present (dialog, G_CALLBACK (new_event_response_cb), self, &self->dialog);
  gtk_widget_grab_focus (name);
}

/* Stores a paper result; a game started for the table is then no longer
 * its result. */
static gboolean
store_paper_result (LwEventsPage  *self,
                    guint          round,
                    guint          table,
                    const int     *scores,
                    guint          n,
                    gboolean       time_called,
                    GError       **error)
{
  gint64 pending;

  if (!lw_store_set_event_paper_result_full (self->store, self->event_id, round, table, scores,
                                             n, time_called, error))
    return FALSE;
  pending = lw_events_find_pending (self, self->event_id, round, table);
  if (pending > 0)
    g_hash_table_remove (self->pending, &pending);
  return TRUE;
}

/* The round, table and number of scores a paper result's dialog is for. */
static void
dialog_table (AdwMessageDialog *dialog,
              guint            *round,
              guint            *table,
              guint            *n)
{
  *round = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "lw-round"));
  *table = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "lw-table"));
  *n = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "lw-n-scores"));
}

static void
set_dialog_table (GtkWidget *dialog,
                  guint      round,
                  guint      table,
                  guint      n)
{
  g_object_set_data (G_OBJECT (dialog), "lw-round", GUINT_TO_POINTER (round));
  g_object_set_data (G_OBJECT (dialog), "lw-table", GUINT_TO_POINTER (table));
  g_object_set_data (G_OBJECT (dialog), "lw-n-scores", GUINT_TO_POINTER (n));
}

static void time_called_response_cb (AdwMessageDialog *dialog,
                                     const char       *response,
                                     gpointer          user_data);

/* SCORING R23-R24: the board cannot have ended a game. Warn, and offer it
 * as a game stopped by the clock. */
static void
offer_time_called (LwEventsPage *self,
                   guint         round,
                   guint         table,
                   const int    *scores,
                   guint         n,
                   const char   *message)
{
  g_autofree char *body = lw_message_capitalize (message);
  AdwMessageDialog *dialog;

  /* TRANSLATORS: a paper result whose scores no game ends with */
  dialog = lw_message_dialog_new (GTK_WIDGET (self), _("This Game Has Not Ended"), body, NULL, "time-called",
                                  /* TRANSLATORS: a button: the game was stopped by the clock;
                                   * its places go by score */
                                  _("_Record as Time Called"));
  adw_message_dialog_set_default_response (dialog, "cancel");
  set_dialog_table (GTK_WIDGET (dialog), round, table, n);
  g_object_set_data_full (G_OBJECT (dialog), "lw-scores",
                          g_memdup2 (scores, sizeof (int) * n), g_free);
  lw_message_dialog_present (dialog, G_CALLBACK (time_called_response_cb), self, NULL);
}

/* Stores @scores as the paper result of @dialog's table, as a game
 * stopped by the clock when @time_called (SCORING R23-R24); then the
 * event is read again, or the refusal shown. A board no game ends with,
 * entered without @time_called, is offered as time called instead. */
static void
enter_paper_result (LwEventsPage     *self,
                    AdwMessageDialog *dialog,
                    const int        *scores,
                    gboolean          time_called)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *heading = NULL;
  guint round, table, n;
  gboolean ok;

  if (self->event == NULL)
    return;
  dialog_table (dialog, &round, &table, &n);
  ok = store_paper_result (self, round, table, scores, n, time_called, &error);
  if (!time_called && g_error_matches (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_NOT_ENDED))
    {
      offer_time_called (self, round, table, scores, n, error->message);
      return;
    }
  /* TRANSLATORS: a table's paper result was refused */
  heading = g_strdup_printf (_("Could Not Enter the Result of Table %u"), table);
  lw_events_changed (self, ok, heading, error);
}

static void
time_called_response_cb (AdwMessageDialog *dialog,
                         const char       *response,
                         gpointer          user_data)
{
  enter_paper_result (user_data, dialog, g_object_get_data (G_OBJECT (dialog), "lw-scores"), TRUE);
}

static void
paper_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   gpointer          user_data)
{
  int scores[LW_EVENT_MAX_SEATS] = { 0 };
  guint n = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "lw-n-scores"));

  for (guint i = 0; i < n && i < LW_EVENT_MAX_SEATS; i++)
    {
      g_autofree char *key = g_strdup_printf ("score-%u", i);

      scores[i] = lw_spin_get_int (GTK_SPIN_BUTTON (lw_events_dialog_field (dialog, key)));
    }
  enter_paper_result (user_data, dialog, scores, FALSE);
}

void
lw_events_paper_result_action (LwEventsPage *self,
                               GVariant     *parameter)
{
  guint number = g_variant_get_uint32 (parameter);
  const LwEventTable *table = lw_events_shown_table (self, number);
  GtkWidget *list;
  AdwMessageDialog *dialog;
  g_autofree char *heading = NULL;
  guint n;

  if (table == NULL)
    return;

  list = boxed_list ();
  n = lw_events_is_partners (self->event) ? 2 : table->n_seats;
  /* TRANSLATORS: the paper result dialog's heading: a round and a table */
  heading = g_strdup_printf (_("Round %u, Table %u"), self->shown_round, number);
  dialog = lw_message_dialog_new (GTK_WIDGET (self), heading,
                        lw_events_is_partners (self->event)
                          /* TRANSLATORS: the paper result dialog of a partners table */
                          ? _("The final score of each partnership, as kept on paper.")
                          /* TRANSLATORS: the paper result dialog */
                          : _("Each player’s final score, as kept on paper."),
                        list, "enter", _("_Enter Result"));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *title = lw_events_is_partners (self->event) ? lw_events_side_names (self->event, table, i)
                                                         : g_strdup (lw_events_entrant_name (self->event, table->entrants[i]));
      g_autofree char *key = g_strdup_printf ("score-%u", i);
      GtkWidget *spin = spin_row (list, title, NULL, 0, 999, table->has_result ? table->scores[i] : 0);

      g_object_set_data (G_OBJECT (dialog), g_intern_string (key), spin);
    }
  set_dialog_table (GTK_WIDGET (dialog), self->shown_round, number, n);
  lw_message_dialog_present (dialog, G_CALLBACK (paper_response_cb), self, &self->dialog);
}

/* ------------------------------------------------------------------ */
/* Renaming and deleting an event                                       */
/* ------------------------------------------------------------------ */

static void
rename_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  LwEventsPage *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  gboolean ok;

  if (self->event == NULL)
    return;

  name = dialog_event_name (self, dialog, _("Could Not Rename the Event"));
  if (name == NULL)
    return;
  ok = lw_store_rename_event (self->store, self->event_id, name, &error);
  lw_events_changed (self, ok, _("Could Not Rename the Event"), error);
}

void
lw_events_rename_event_action (LwEventsPage *self,
                               GVariant     *parameter)
{
  GtkWidget *list, *name;
  AdwMessageDialog *dialog;

  if (self->event == NULL)
    return;

  list = boxed_list ();
  name = adw_entry_row_new ();
  /* TRANSLATORS: the name of an event being renamed */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (name), _("Name"));
  gtk_editable_set_text (GTK_EDITABLE (name), self->event->name);
  /* Enter renames: the dialog's default response. */
  adw_entry_row_set_activates_default (ADW_ENTRY_ROW (name), TRUE);
  gtk_list_box_append (GTK_LIST_BOX (list), name);

  /* TRANSLATORS: the heading of the dialog that gives an event a new name */
  dialog = lw_message_dialog_new (GTK_WIDGET (self), _("Rename Event"), NULL, list, "rename",
                        /* TRANSLATORS: the button that renames an event */
                        _("_Rename"));
  g_object_set_data (G_OBJECT (dialog), "name", name);
  lw_message_dialog_present (dialog, G_CALLBACK (rename_response_cb), self, &self->dialog);
  gtk_widget_grab_focus (name);
}

static void
delete_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  LwEventsPage *self = user_data;
  g_autoptr (GError) error = NULL;
  GHashTableIter iter;
  PendingGame *pending;
  gint64 id = self->event_id;

  if (self->event == NULL)
    return;

  if (!lw_store_delete_event (self->store, id, &error))
    {
      lw_show_error_dialog (GTK_WIDGET (self), _("Could Not Delete the Event"), error->message);
      return;
    }
  /* Its tables' games stay ordinary games: no result to link any more. */
  g_hash_table_iter_init (&iter, self->pending);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &pending))
    if (pending->event == id)
      g_hash_table_iter_remove (&iter);
  lw_events_page_show_list (self);
  /* TRANSLATORS: a toast once an event is deleted */
  lw_events_toast (self, _("Event deleted"));
}

void
lw_events_delete_event_action (LwEventsPage *self,
                               GVariant     *parameter)
{
  g_autofree char *heading = NULL;
  AdwMessageDialog *dialog;

  if (self->event == NULL)
    return;

  /* TRANSLATORS: %s names the event */
  heading = g_strdup_printf (_("Delete “%s”?"), self->event->name);
  dialog = lw_message_dialog_new (GTK_WIDGET (self), heading,
                        /* TRANSLATORS: deleting an event: what is lost and what stays */
                        _("Its players, rounds, tables and results are deleted for good. "
                          "The games played at its tables stay, and so do the ratings."),
                        NULL, "delete", _("_Delete"));
  lw_message_dialog_set_destructive (dialog);
  lw_message_dialog_present (dialog, G_CALLBACK (delete_response_cb), self, &self->dialog);
}

/* ------------------------------------------------------------------ */
