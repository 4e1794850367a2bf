/* lw-new-game-page.c — setting up a game: ruleset, players, partners,
 * first dealer, rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-web-server.h"
#include "lw-name-completion.h"
#include "lw-new-game-start.h"
#include "lw-new-game-page-private.h"
#include "lw-roster-choice.h"
#include "lw-widget-actions.h"
#include "lw-settings.h"
#include "lw-page-watch.h"
#include "lw-store-table.h"
#include "lw-table-seats.h"

struct _LwNewGamePage
{
  AdwBin parent_instance;

  /* template widgets */
  GtkScrolledWindow *scroller;
  AdwComboRow *ruleset_row;
  AdwActionRow *players_row;
  GtkSpinButton *players_spin;
  GtkListBox *seats_list;
  AdwPreferencesGroup *partners_group;
  GtkSwitch *partners_switch;
  AdwComboRow *sides_row;
  AdwActionRow *teams_row;
  AdwComboRow *dealer_row;
  AdwActionRow *king_and_knave_row;
  GtkSwitch *king_and_knave_switch;
  GtkWidget *last_players_button;
  AdwExpanderRow *rules_row;
  AdwComboRow *rule_set_row;
  AdwComboRow *run_fill_row;
  AdwComboRow *over_trump_row;
  GtkSpinButton *start_spin;
  GtkSpinButton *target_spin;
  GtkSpinButton *skunk_spin;
  AdwActionRow *skunk_row;
  AdwActionRow *partners_row;
  AdwActionRow *start_row;
  AdwActionRow *target_row;
  GtkLabel *names_error_label;
  GtkLabel *error_label;
  AdwPreferencesGroup *virtual_group;
  AdwActionRow *virtual_row;
  GtkSwitch *virtual_switch;

  /* owned */
  LwStore *store;
  LwNameCompletion *names;      /* the known players, offered as typed */
  GtkStringList *dealer_names;
  GtkStringList *sides_names;
  GtkStringList *rule_set_names;  /* "Standard rules", then rule_sets' names */
  GPtrArray *rule_sets;           /* LwRuleSet*: the saved sets of the ruleset */

  /* borrowed: the seat rows and their name entries */
  AdwActionRow *seat_rows[LW_MAX_SEATS];
  GtkEntry *name_entries[LW_MAX_SEATS];
  GtkDropDown *player_drops[LW_MAX_SEATS];

  guint64 seed;             /* the virtual table's seed; 0: a random one */
  char *host_address;       /* where a table with remote seats listens; NULL: the first network address */
  guint host_port;

  /* the side counts offered in sides_row, in order */
  guint side_choices[2];
  guint n_side_choices;
  guint updating : 1;
};

G_DEFINE_FINAL_TYPE (LwNewGamePage, lw_new_game_page, ADW_TYPE_BIN)

static LwRuleset
get_ruleset (LwNewGamePage *self)
{
  return adw_combo_row_get_selected (self->ruleset_row) == 1 ? LW_RULESET_GARWOLF
                                                             : LW_RULESET_LITTLE_WOLF;
}

static guint
get_n_players (LwNewGamePage *self)
{
  return (guint) CLAMP (lw_spin_get_int (self->players_spin), LW_MIN_SEATS, LW_MAX_SEATS);
}

static gboolean
is_virtual (LwNewGamePage *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->virtual_group))
         && gtk_switch_get_active (self->virtual_switch);
}

/* The seat's player at the virtual table (LwSeatChoice). */
static guint
get_player_choice (LwNewGamePage *self,
                   guint          seat)
{
  return self->player_drops[seat] != NULL ? gtk_drop_down_get_selected (self->player_drops[seat]) : 0;
}

static gboolean
is_computer (LwNewGamePage *self,
             guint          seat)
{
  guint choice = get_player_choice (self, seat);

  return is_virtual (self) && choice > LW_SEAT_CHOICE_HERE && choice < LW_SEAT_CHOICE_REMOTE;
}

static char *
get_name (LwNewGamePage *self,
          guint          seat)
{
  g_autofree char *name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entries[seat])));

  g_strstrip (name);
  /* A computer seat needs no name typed. */
  if (*name == '\0' && is_computer (self, seat))
    {
      g_free (name);
      /* TRANSLATORS: the name of a computer player at the virtual table, by seat number */
      name = g_strdup_printf (_("Computer %u"), seat + 1);
    }

  return g_steal_pointer (&name);
}

/* The name, or while there is none the seat's title, for the lists that
 * show the seats before every name is typed. */
static char *
get_shown_name (LwNewGamePage *self,
                guint          seat)
{
  g_autofree char *name = get_name (self, seat);

  return g_strdup (*name != '\0' ? name
                   : adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->seat_rows[seat])));
}

static gboolean
has_unnamed_seat (LwNewGamePage *self)
{
  for (guint i = 0; i < get_n_players (self); i++)
    {
      g_autofree char *name = get_name (self, i);

      if (*name == '\0')
        return TRUE;
    }

  return FALSE;
}

static guint
get_n_teams (LwNewGamePage *self)
{
  guint selected;

  if (!gtk_widget_get_visible (GTK_WIDGET (self->partners_group)) ||
      !gtk_switch_get_active (self->partners_switch) ||
      self->n_side_choices == 0)
    return 0;

  selected = adw_combo_row_get_selected (self->sides_row);
  if (selected >= self->n_side_choices)
    selected = 0;

  return self->side_choices[selected];
}

/* The options as the rows hold them now, with no name (transfer full). */
static LwRuleSet *
get_choices (LwNewGamePage *self)
{
  LwRuleSet *set = lw_rule_set_new_standard (get_ruleset (self));
  gboolean garwolf = set->ruleset == LW_RULESET_GARWOLF;

  set->start_score = lw_spin_get_int (self->start_spin);
  set->target = lw_spin_get_int (self->target_spin);
  if (!garwolf)
    {
      set->skunk = lw_spin_get_int (self->skunk_spin);
      set->run_fill = adw_combo_row_get_selected (self->run_fill_row) == 1 ? LW_RUN_FILL_INSIDE_ONLY
                                                                            : LW_RUN_FILL_INSIDE_OR_END;
      set->over_trump = adw_combo_row_get_selected (self->over_trump_row) == 1 ? LW_OVER_TRUMP_WHOLE_TRICK
                                                                                : LW_OVER_TRUMP_WINNING_PLAY;
    }
  else
    set->king_and_knave = gtk_switch_get_active (self->king_and_knave_switch);
  return set;
}

/* The saved set chosen in the Rules row, or NULL for "Standard rules". */
static const LwRuleSet *
get_selected_set (LwNewGamePage *self)
{
  guint selected = adw_combo_row_get_selected (self->rule_set_row);

  if (self->rule_sets == NULL || selected == 0 || selected == GTK_INVALID_LIST_POSITION
      || selected > self->rule_sets->len)
    return NULL;
  return g_ptr_array_index (self->rule_sets, selected - 1);
}

/* @a and @b set up a game the same way (the options of their ruleset). */
static gboolean
same_choices (const LwRuleSet *a,
              const LwRuleSet *b)
{
  if (a->ruleset != b->ruleset || a->start_score != b->start_score || a->target != b->target)
    return FALSE;
  if (a->ruleset == LW_RULESET_GARWOLF)
    return !a->king_and_knave == !b->king_and_knave;
  return a->skunk == b->skunk && a->run_fill == b->run_fill && a->over_trump == b->over_trump;
}

LwGameRecord *
lw_new_game_page_build_record (LwNewGamePage  *self,
                               GError        **error)
{
  g_autoptr (LwGameRecord) record = NULL;
  char *names[LW_MAX_SEATS + 1] = { NULL, };
  guint n_players, n_teams;
  guint dealer;

  g_return_val_if_fail (LW_IS_NEW_GAME_PAGE (self), NULL);

  n_players = get_n_players (self);
  for (guint i = 0; i < n_players; i++)
    {
      names[i] = get_name (self, i);
      if (*names[i] == '\0')
        {
          /* The placeholder is a hint, never a name: every seat is named. */
          /* TRANSLATORS: %u is a seat number, as in the row title "Seat 2" */
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID, _("Seat %u needs a name"), i + 1);
          for (guint j = 0; j <= i; j++)
            g_free (names[j]);
          return NULL;
        }
    }

  record = lw_game_record_new (get_ruleset (self), n_players, (const char *const *) names);
  for (guint i = 0; i < n_players; i++)
    g_free (names[i]);

  n_teams = get_n_teams (self);
  if (n_teams > 0)
    {
      int team_of[LW_MAX_SEATS];

      /* Partners sit apart (SCORING R2): seat i plays for side i mod n. */
      for (guint i = 0; i < n_players; i++)
        team_of[i] = (int) (i % n_teams);
      lw_game_record_set_teams (record, n_teams, team_of);
    }

  {
    g_autoptr (LwRuleSet) chosen = get_choices (self);
    const LwRuleSet *set = get_selected_set (self);

    /* The set's name only while the choices are still the set's. */
    if (set != NULL && same_choices (set, chosen))
      chosen->name = g_strdup (set->name);
    lw_rule_set_apply (chosen, record);
  }

  dealer = adw_combo_row_get_selected (self->dealer_row);
  record->first_dealer = dealer < n_players ? (int) dealer : 0;

  if (!lw_game_record_validate (record, error))
    return NULL;

  if (is_virtual (self))
    {
      gboolean person = FALSE;

      for (guint i = 0; i < n_players; i++)
        person = person || !is_computer (self, i);
      if (!person)
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       _("At the virtual table at least one seat is played by a person"));
          return NULL;
        }
    }

  return g_steal_pointer (&record);
}

static void
update_sides_choices (LwNewGamePage *self,
                      guint          n_players)
{
  guint old_n = self->n_side_choices;
  guint old_selected = adw_combo_row_get_selected (self->sides_row);
  guint old_choice = old_selected < old_n ? self->side_choices[old_selected] : 0;
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  self->n_side_choices = 0;
  /* SCORING R2: 4, 6 or 8 players, sides of equal size ≥ 2. */
  for (guint n_teams = 2; n_teams <= n_players / 2 && self->n_side_choices < 2; n_teams++)
    {
      if (n_players % n_teams != 0)
        continue;
      self->side_choices[self->n_side_choices++] = n_teams;
      /* TRANSLATORS: partners play: "2 sides of 3 players" */
      g_ptr_array_add (labels, g_strdup_printf (_("%u sides of %u players"), n_teams, n_players / n_teams));
    }
  g_ptr_array_add (labels, NULL);

  gtk_string_list_splice (self->sides_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->sides_names)),
                          (const char *const *) labels->pdata);

  for (guint i = 0; i < self->n_side_choices; i++)
    if (self->side_choices[i] == old_choice)
      adw_combo_row_set_selected (self->sides_row, i);
}

static void
update_dealers (LwNewGamePage *self,
                guint          n_players)
{
  guint selected = adw_combo_row_get_selected (self->dealer_row);
  char *names[LW_MAX_SEATS + 1] = { NULL, };
  gboolean same = g_list_model_get_n_items (G_LIST_MODEL (self->dealer_names)) == n_players;

  for (guint i = 0; i < n_players; i++)
    {
      names[i] = get_shown_name (self, i);
      if (same && g_strcmp0 (names[i], gtk_string_list_get_string (self->dealer_names, i)) != 0)
        same = FALSE;
    }

  if (!same)
    {
      gtk_string_list_splice (self->dealer_names, 0,
                              g_list_model_get_n_items (G_LIST_MODEL (self->dealer_names)),
                              (const char *const *) names);
      adw_combo_row_set_selected (self->dealer_row, selected < n_players ? selected : 0);
    }

  for (guint i = 0; i < n_players; i++)
    g_free (names[i]);
}

/* Shows what keeps the game from starting next to where it is fixed: a
 * name below the seats, the rest at the end of the form. */
static void
show_error (LwNewGamePage *self,
            const char    *message)
{
  g_autofree char *text = lw_message_capitalize (message);
  gboolean about_names = message != NULL &&
                         (g_str_has_prefix (message, "players:") || has_unnamed_seat (self));
  gboolean any_name = FALSE;

  for (guint i = 0; i < LW_MAX_SEATS && self->name_entries[i] != NULL; i++)
    if (*gtk_editable_get_text (GTK_EDITABLE (self->name_entries[i])) != '\0')
      any_name = TRUE;

  gtk_label_set_text (self->names_error_label, about_names ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->names_error_label), about_names);
  /* Before any name is typed it is a hint, not yet an error. */
  if (any_name)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->names_error_label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->names_error_label), "error");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->names_error_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->names_error_label), "dim-label");
    }

  gtk_label_set_text (self->error_label, message != NULL && !about_names ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL && !about_names);
}

const char *
lw_new_game_page_get_error_text (LwNewGamePage *self)
{
  g_return_val_if_fail (LW_IS_NEW_GAME_PAGE (self), NULL);

  if (gtk_widget_get_visible (GTK_WIDGET (self->names_error_label)))
    return gtk_label_get_text (self->names_error_label);

  return gtk_widget_get_visible (GTK_WIDGET (self->error_label)) ? gtk_label_get_text (self->error_label) : "";
}

void
lw_new_game_page_set_partners (LwNewGamePage *self,
                               gboolean       partners)
{
  g_return_if_fail (LW_IS_NEW_GAME_PAGE (self));

  gtk_switch_set_active (self->partners_switch, partners);
}

void
lw_new_game_page_set_ruleset (LwNewGamePage *self,
                              LwRuleset      ruleset)
{
  g_return_if_fail (LW_IS_NEW_GAME_PAGE (self));

  adw_combo_row_set_selected (self->ruleset_row, ruleset == LW_RULESET_GARWOLF ? 1 : 0);
}

void
lw_new_game_page_set_virtual (LwNewGamePage *self,
                              gboolean       virtual_table)
{
  g_return_if_fail (LW_IS_NEW_GAME_PAGE (self));

  gtk_switch_set_active (self->virtual_switch, virtual_table);
}

void
lw_new_game_page_set_seat_player (LwNewGamePage *self,
                                  guint          seat,
                                  gboolean       computer,
                                  LwBotLevel     level)
{
  g_return_if_fail (LW_IS_NEW_GAME_PAGE (self));
  g_return_if_fail (seat < LW_MAX_SEATS);

  gtk_drop_down_set_selected (self->player_drops[seat],
                              !computer ? 0 : level == LW_BOT_EASY ? 1 : level == LW_BOT_HARD ? 3
                              : level == LW_BOT_EXPERT ? 4 : 2);
}

void
lw_new_game_page_set_remote_seat (LwNewGamePage *self,
                                  guint          seat)
{
  g_return_if_fail (LW_IS_NEW_GAME_PAGE (self));
  g_return_if_fail (seat < LW_MAX_SEATS);

  gtk_drop_down_set_selected (self->player_drops[seat], LW_SEAT_CHOICE_REMOTE);
}

void
lw_new_game_page_set_host_address (LwNewGamePage *self,
                                   const char    *address,
                                   guint          port)
{
  g_return_if_fail (LW_IS_NEW_GAME_PAGE (self));

  g_free (self->host_address);
  self->host_address = g_strdup (address);
  self->host_port = port;
}

void
lw_new_game_page_set_table_seed (LwNewGamePage *self,
                                 guint64        seed)
{
  g_return_if_fail (LW_IS_NEW_GAME_PAGE (self));

  self->seed = seed;
}

static void
update (LwNewGamePage *self)
{
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *hand = NULL;
  g_autofree char *rules = NULL;
  LwRuleset ruleset = get_ruleset (self);
  guint n_players = get_n_players (self);
  gboolean partners_possible;

  /* Signals of the template fire before the seat rows exist. */
  if (self->updating || self->seat_rows[0] == NULL)
    return;
  self->updating = TRUE;

  for (guint i = 0; i < LW_MAX_SEATS; i++)
    gtk_widget_set_visible (GTK_WIDGET (self->seat_rows[i]), i < n_players);

  /* The virtual table deals Little Wolf only. */
  gtk_widget_set_visible (GTK_WIDGET (self->virtual_group), ruleset == LW_RULESET_LITTLE_WOLF);
  for (guint i = 0; i < LW_MAX_SEATS; i++)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->player_drops[i]), is_virtual (self));
      /* Room for the seat's title beside the name and the choice. */
      gtk_editable_set_width_chars (GTK_EDITABLE (self->name_entries[i]), is_virtual (self) ? 6 : 10);
      gtk_editable_set_max_width_chars (GTK_EDITABLE (self->name_entries[i]), is_virtual (self) ? 8 : -1);
      gtk_widget_set_hexpand (GTK_WIDGET (self->name_entries[i]), !is_virtual (self));
      gtk_entry_set_placeholder_text (self->name_entries[i],
                                      is_computer (self, i) ? _("Computer") : _("Name"));
    }

  if (ruleset == LW_RULESET_GARWOLF)
    /* TRANSLATORS: Garwolf scoring in short: each Court card won is worth 1, each Garwolf 3 */
    hand = g_strdup_printf (_("3 or 4 players · Court cards 1 point each, %u Garwolves 3 each"), n_players);
  else
    /* TRANSLATORS: "13 cards each · 1 deck · 26 cards in tricks" */
    hand = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%u cards each · %u deck · %u cards in tricks",
                                         "%u cards each · %u decks · %u cards in tricks",
                                         lw_decks (n_players)),
                            lw_hand_size (n_players), lw_decks (n_players), lw_total_cards (n_players));
  adw_action_row_set_subtitle (self->players_row, hand);

  partners_possible = ruleset == LW_RULESET_LITTLE_WOLF && n_players >= 4 && n_players % 2 == 0;
  gtk_widget_set_visible (GTK_WIDGET (self->partners_group), partners_possible);
  update_sides_choices (self, n_players);
  gtk_widget_set_visible (GTK_WIDGET (self->sides_row),
                          gtk_switch_get_active (self->partners_switch) && self->n_side_choices > 1);
  gtk_widget_set_visible (GTK_WIDGET (self->teams_row), gtk_switch_get_active (self->partners_switch));

  update_dealers (self, n_players);

  /* SCORING G3: a Garwolf house rule. */
  gtk_widget_set_visible (GTK_WIDGET (self->king_and_knave_row), ruleset == LW_RULESET_GARWOLF);

  gtk_widget_set_visible (GTK_WIDGET (self->skunk_row), ruleset == LW_RULESET_LITTLE_WOLF);
  /* TRICKS T9, T22: Little Wolf's house rules. */
  gtk_widget_set_visible (GTK_WIDGET (self->run_fill_row), ruleset == LW_RULESET_LITTLE_WOLF);
  gtk_widget_set_visible (GTK_WIDGET (self->over_trump_row), ruleset == LW_RULESET_LITTLE_WOLF);
  if (ruleset == LW_RULESET_LITTLE_WOLF)
    /* TRANSLATORS: the rules in short */
    rules = g_strdup_printf (_("Start %d · target %d · skunk %d"),
                             lw_spin_get_int (self->start_spin),
                             lw_spin_get_int (self->target_spin),
                             lw_spin_get_int (self->skunk_spin));
  else
    /* TRANSLATORS: the rules in short */
    rules = g_strdup_printf (_("Start %d · target %d"),
                             lw_spin_get_int (self->start_spin),
                             lw_spin_get_int (self->target_spin));
  {
    g_autoptr (LwRuleSet) chosen = get_choices (self);
    const LwRuleSet *set = get_selected_set (self);

    if (ruleset == LW_RULESET_LITTLE_WOLF
        && (chosen->run_fill != LW_RUN_FILL_INSIDE_OR_END || chosen->over_trump != LW_OVER_TRUMP_WINNING_PLAY))
      {
        /* TRANSLATORS: the rules in short (%s) when a house rule is chosen */
        char *with = g_strdup_printf (_("%s · house rules"), rules);

        g_free (rules);
        rules = with;
      }
    adw_combo_row_set_use_subtitle (self->rule_set_row, FALSE);
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->rule_set_row),
                                 set != NULL && !same_choices (set, chosen)
                                   /* TRANSLATORS: under a rule set's name, once a rule was changed by hand */
                                   ? _("Changed: the game will not name the set") : "");
  }
  adw_expander_row_set_subtitle (self->rules_row, rules);

  record = lw_new_game_page_build_record (self, &error);

  if (gtk_switch_get_active (self->partners_switch) && partners_possible)
    {
      g_autofree char *teams = NULL;
      g_autoptr (LwGameRecord) shown = NULL;

      /* The sides as they will be, even while something else is wrong. */
      if (record == NULL)
        {
          char *names[LW_MAX_SEATS + 1] = { NULL, };
          guint n_teams = get_n_teams (self);
          int team_of[LW_MAX_SEATS];

          for (guint i = 0; i < n_players; i++)
            {
              names[i] = get_shown_name (self, i);
              team_of[i] = n_teams > 0 ? (int) (i % n_teams) : 0;
            }
          shown = lw_game_record_new (ruleset, n_players, (const char *const *) names);
          if (n_teams > 0)
            lw_game_record_set_teams (shown, n_teams, team_of);
          for (guint i = 0; i < n_players; i++)
            g_free (names[i]);
        }

      teams = lw_sides_title (record != NULL ? record : shown);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->teams_row), teams);
    }

  show_error (self, error != NULL ? error->message : NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "new-game.start", record != NULL);

  self->updating = FALSE;
}

/* The Rules row: "Standard rules" (the form as a fresh one fills it), then
 * the saved sets of the ruleset; @select_id the one chosen (0: Standard). */
static void
reload_rule_sets (LwNewGamePage *self,
                  gint64         select_id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) sets = NULL;
  guint selected = 0;
  gboolean was_updating = self->updating;

  if (self->store != NULL)
    sets = lw_store_list_rule_sets (self->store, get_ruleset (self), &error);
  if (error != NULL)
    g_warning ("New Game: the rule sets could not be read: %s", error->message);
  g_clear_pointer (&self->rule_sets, g_ptr_array_unref);
  g_clear_pointer (&self->host_address, g_free);
  self->rule_sets = sets != NULL ? g_steal_pointer (&sets)
                                 : g_ptr_array_new_with_free_func ((GDestroyNotify) lw_rule_set_free);

  self->updating = TRUE;
  gtk_string_list_splice (self->rule_set_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->rule_set_names)), NULL);
  /* TRANSLATORS: the rule set of the rulings, New Game's default */
  gtk_string_list_append (self->rule_set_names, _("Standard rules"));
  for (guint i = 0; i < self->rule_sets->len; i++)
    {
      const LwRuleSet *set = g_ptr_array_index (self->rule_sets, i);

      gtk_string_list_append (self->rule_set_names, set->name);
      if (set->id == select_id)
        selected = i + 1;
    }
  adw_combo_row_set_selected (self->rule_set_row, selected);
  self->updating = was_updating;
}

/* Standard rules: the rulings, with the target and skunk the preferences
 * give (SCORING R3, R23, R24, G2; TRICKS T9, T22; King and Knave as the
 * preferences say). */
static void
fill_standard (LwNewGamePage *self)
{
  if (get_ruleset (self) == LW_RULESET_GARWOLF)
    {
      gtk_spin_button_set_value (self->start_spin, 0);
      gtk_spin_button_set_value (self->target_spin, 100);
    }
  else
    {
      gtk_spin_button_set_value (self->start_spin, 1);
      /* The rules' 15 and 11, unless the preferences say otherwise. */
      gtk_spin_button_set_value (self->target_spin, lw_settings_get_int ("default-target", 15));
      gtk_spin_button_set_value (self->skunk_spin, lw_settings_get_int ("default-skunk", 11));
    }
  adw_combo_row_set_selected (self->run_fill_row, 0);
  adw_combo_row_set_selected (self->over_trump_row, 0);
  gtk_switch_set_active (self->king_and_knave_switch, lw_settings_get_boolean ("king-and-knave", FALSE));
}

static void
ruleset_changed_cb (LwNewGamePage *self)
{
  GtkAdjustment *players = gtk_spin_button_get_adjustment (self->players_spin);

  if (get_ruleset (self) == LW_RULESET_GARWOLF)
    /* SCORING G1 */
    gtk_adjustment_configure (players,
                              CLAMP (gtk_adjustment_get_value (players), LW_GARWOLF_MIN_SEATS, LW_GARWOLF_MAX_SEATS),
                              LW_GARWOLF_MIN_SEATS, LW_GARWOLF_MAX_SEATS, 1, 1, 0);
  else
    /* SCORING R1 */
    gtk_adjustment_configure (players, gtk_adjustment_get_value (players),
                              LW_MIN_SEATS, LW_MAX_SEATS, 1, 2, 0);
  fill_standard (self);
  reload_rule_sets (self, 0);

  update (self);
}

/* A rule set chosen in the Rules row fills the rules' rows. */
static void
rule_set_selected_cb (LwNewGamePage *self)
{
  const LwRuleSet *set;

  if (self->updating || self->seat_rows[0] == NULL)
    return;
  set = get_selected_set (self);
  self->updating = TRUE;
  if (set == NULL)
    {
      fill_standard (self);
      self->updating = FALSE;
      update (self);
      return;
    }
  gtk_spin_button_set_value (self->start_spin, set->start_score);
  gtk_spin_button_set_value (self->target_spin, set->target);
  gtk_spin_button_set_value (self->skunk_spin, set->skunk);
  adw_combo_row_set_selected (self->run_fill_row, set->run_fill == LW_RUN_FILL_INSIDE_ONLY ? 1 : 0);
  adw_combo_row_set_selected (self->over_trump_row, set->over_trump == LW_OVER_TRUMP_WHOLE_TRICK ? 1 : 0);
  gtk_switch_set_active (self->king_and_knave_switch, set->king_and_knave);
  self->updating = FALSE;
  update (self);
}

gint64
lw_new_game_page_save_rule_set (LwNewGamePage  *self,
                                const char     *name,
                                GError        **error)
{
  g_autoptr (LwRuleSet) set = NULL;
  gint64 id;

  g_return_val_if_fail (LW_IS_NEW_GAME_PAGE (self), 0);
  g_return_val_if_fail (self->store != NULL, 0);

  set = get_choices (self);
  set->name = g_strdup (name);
  id = lw_store_create_rule_set (self->store, set, error);
  if (id > 0)
    {
      reload_rule_sets (self, id);
      update (self);
    }
  return id;
}

static void
save_rule_set_response_cb (AdwMessageDialog *dialog,
                           const char       *response,
                           LwNewGamePage    *self)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "name-entry");
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (response, "save") != 0)
    return;
  if (lw_new_game_page_save_rule_set (self, gtk_editable_get_text (entry), &error) == 0)
    {
      g_autofree char *body = lw_message_capitalize (error->message);

      lw_show_error_dialog (GTK_WIDGET (self), _("The Rule Set Was Not Saved"), body);
    }
}

/* Save as Rule Set…: asks for a name, then saves the rows' choices. */
static void
save_rule_set_action (LwNewGamePage *self,
                      GVariant      *parameter)
{
  GtkWidget *entry = gtk_entry_new ();
  const LwRuleSet *set = get_selected_set (self);
  AdwMessageDialog *dialog;

  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  /* TRANSLATORS: the hint in the name entry of Save as Rule Set */
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Club nights"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Name"), -1);
  if (set != NULL)
    gtk_editable_set_text (GTK_EDITABLE (entry), set->name);
  dialog = lw_message_dialog_new (GTK_WIDGET (self), _("Save as Rule Set"),
                                  _("New Game will offer the start score, target, skunk and house rules "
                                    "chosen here under this name in Rules."),
                                  entry, "save", _("_Save"));
  g_object_set_data (G_OBJECT (dialog), "name-entry", entry);
  g_signal_connect (dialog, "response", G_CALLBACK (save_rule_set_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

gboolean
lw_new_game_page_select_rule_set (LwNewGamePage *self,
                                  const char    *name)
{
  g_return_val_if_fail (LW_IS_NEW_GAME_PAGE (self), FALSE);

  if (name == NULL)
    {
      adw_combo_row_set_selected (self->rule_set_row, 0);
      return TRUE;
    }
  for (guint i = 0; self->rule_sets != NULL && i < self->rule_sets->len; i++)
    if (g_str_equal (((LwRuleSet *) g_ptr_array_index (self->rule_sets, i))->name, name))
      {
        adw_combo_row_set_selected (self->rule_set_row, i + 1);
        return TRUE;
      }
  return FALSE;
}

void
lw_new_game_page_set_house_rules (LwNewGamePage *self,
                                  LwRunFill      run_fill,
                                  LwOverTrump    over_trump)
{
  g_return_if_fail (LW_IS_NEW_GAME_PAGE (self));

  adw_combo_row_set_selected (self->run_fill_row, run_fill == LW_RUN_FILL_INSIDE_ONLY ? 1 : 0);
  adw_combo_row_set_selected (self->over_trump_row, over_trump == LW_OVER_TRUMP_WHOLE_TRICK ? 1 : 0);
}

const char *
lw_new_game_page_get_rule_set_note (LwNewGamePage *self)
{
  g_return_val_if_fail (LW_IS_NEW_GAME_PAGE (self), NULL);

  return adw_action_row_get_subtitle (ADW_ACTION_ROW (self->rule_set_row));
}

static void
name_changed_cb (GtkEditable   *editable,
                 LwNewGamePage *self)
{
  update (self);
}

static void
name_activate_cb (GtkEntry      *entry,
                  LwNewGamePage *self)
{
  guint n_players = get_n_players (self);

  /* Enter moves on to the next seat; after the last one it starts. */
  for (guint i = 0; i + 1 < n_players; i++)
    if (self->name_entries[i] == entry)
      {
        gtk_widget_grab_focus (GTK_WIDGET (self->name_entries[i + 1]));
        return;
      }

  gtk_widget_activate_action (GTK_WIDGET (self), "new-game.start", NULL);
}

/* The store changed (a rule set renamed or deleted in Preferences, among
 * others): the Rules row's list read again, the chosen set kept by its ID
 * (Standard rules when it is gone), the rules' rows as they are. */
static void
store_changed_cb (LwNewGamePage *self)
{
  const LwRuleSet *set = get_selected_set (self);

  reload_rule_sets (self, set != NULL ? set->id : 0);
  update (self);
}

void
lw_new_game_page_set_store (LwNewGamePage *self,
                            LwStore       *store)
{
  g_return_if_fail (LW_IS_NEW_GAME_PAGE (self));

  /* Rule sets are no rows of games, events or players: their changes come
   * as a change of some game (#LwStoreWatch::game-changed with ID 0). */
  lw_page_watch_set_store (GTK_WIDGET (self), &self->store, store, LW_PAGE_WATCH_GAMES,
                           G_CALLBACK (store_changed_cb));
}

char *
lw_new_game_page_get_rule_set_names (LwNewGamePage *self,
                                     guint         *selected)
{
  GListModel *names;
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (LW_IS_NEW_GAME_PAGE (self), NULL);

  names = G_LIST_MODEL (self->rule_set_names);
  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    g_string_append_printf (out, "%s%s", i > 0 ? "|" : "",
                            gtk_string_list_get_string (self->rule_set_names, i));
  if (selected != NULL)
    *selected = adw_combo_row_get_selected (self->rule_set_row);
  return g_string_free (out, FALSE);
}

static void
show_last_players (LwNewGamePage *self)
{
  g_auto (GStrv) names = lw_settings_get () != NULL ? g_settings_get_strv (lw_settings_get (), "last-players") : NULL;
  guint n = names != NULL ? g_strv_length (names) : 0;
  g_autofree char *joined = NULL;
  g_autofree char *tooltip = NULL;

  gtk_widget_set_visible (self->last_players_button, n >= LW_MIN_SEATS && n <= LW_MAX_SEATS);
  if (n == 0)
    return;
  joined = g_strjoinv (", ", names);
  /* TRANSLATORS: the tooltip of New Game's Last Players button; %s are the names */
  tooltip = g_strdup_printf (_("The seats of the last game: %s"), joined);
  gtk_widget_set_tooltip_text (self->last_players_button, tooltip);
}

void
lw_new_game_page_reset (LwNewGamePage *self)
{
  g_return_if_fail (LW_IS_NEW_GAME_PAGE (self));

  self->updating = TRUE;
  adw_combo_row_set_selected (self->ruleset_row,
                              lw_settings_get () != NULL
                                ? (guint) g_settings_get_enum (lw_settings_get (), "default-ruleset") : 0);
  self->updating = FALSE;
  ruleset_changed_cb (self);

  self->updating = TRUE;
  gtk_spin_button_set_value (self->players_spin, 2);
  for (guint i = 0; i < LW_MAX_SEATS; i++)
    gtk_editable_set_text (GTK_EDITABLE (self->name_entries[i]), "");
  /* Partners play is a choice, never the default. */
  gtk_switch_set_active (self->partners_switch, FALSE);
  gtk_switch_set_active (self->king_and_knave_switch, lw_settings_get_boolean ("king-and-knave", FALSE));
  gtk_switch_set_active (self->virtual_switch, FALSE);
  /* At the virtual table: you in seat 1, the computer (Normal) elsewhere. */
  for (guint i = 0; i < LW_MAX_SEATS; i++)
    gtk_drop_down_set_selected (self->player_drops[i], i == 0 ? 0 : 2);
  self->seed = 0;
  adw_combo_row_set_selected (self->sides_row, 0);
  adw_combo_row_set_selected (self->dealer_row, 0);
  adw_expander_row_set_expanded (self->rules_row, FALSE);
  self->updating = FALSE;

  lw_name_completion_reload (self->names, self->store, NULL);

  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
  show_last_players (self);

  update (self);
}

void
lw_new_game_page_focus (LwNewGamePage *self)
{
  g_return_if_fail (LW_IS_NEW_GAME_PAGE (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->name_entries[0]));
}

void
lw_new_game_page_set_n_players (LwNewGamePage *self,
                                guint          n_players)
{
  g_return_if_fail (LW_IS_NEW_GAME_PAGE (self));

  gtk_spin_button_set_value (self->players_spin, n_players);
  update (self);
}

void
lw_new_game_page_set_player (LwNewGamePage *self,
                             guint          seat,
                             const char    *name)
{
  g_return_if_fail (LW_IS_NEW_GAME_PAGE (self));
  g_return_if_fail (seat < LW_MAX_SEATS);

  gtk_editable_set_text (GTK_EDITABLE (self->name_entries[seat]), name);
}

guint
lw_new_game_page_get_n_known_players (LwNewGamePage *self)
{
  g_return_val_if_fail (LW_IS_NEW_GAME_PAGE (self), 0);

  return lw_name_completion_get_n_names (self->names);
}

/* The seats of the last game started, names and number. */
static void
last_players_action (LwNewGamePage *self,
                     GVariant      *parameter)
{
  g_auto (GStrv) names = lw_settings_get () != NULL ? g_settings_get_strv (lw_settings_get (), "last-players") : NULL;
  guint n = names != NULL ? g_strv_length (names) : 0;

  if (n < LW_MIN_SEATS || n > LW_MAX_SEATS)
    return;
  lw_new_game_page_set_n_players (self, n);
  for (guint i = 0; i < n; i++)
    lw_new_game_page_set_player (self, i, names[i]);
}

/* The seats' club players known (lw_roster_choice_run()): the game
 * starts with their local names; Cancel starts nothing. */
static void
start_chosen_cb (const char *const *locals,
                 const GError      *chosen_error,
                 gpointer           user_data)
{
  LwNewGamePage *self = user_data;
  g_autoptr (GError) error = chosen_error != NULL ? g_error_copy (chosen_error) : NULL;
  g_autoptr (LwGameRecord) record = locals != NULL ? lw_new_game_page_build_record (self, &error) : NULL;
  LwSeatChoice choices[LW_MAX_SEATS];

  for (guint i = 0; i < LW_MAX_SEATS; i++)
    choices[i] = (LwSeatChoice) get_player_choice (self, i);
  if (record != NULL
      && lw_new_game_start (GTK_WIDGET (self), self->store, record, locals, is_virtual (self) ? choices : NULL,
                            self->seed, self->host_address, self->host_port, &error) > 0)
    {
      if (lw_settings_get () != NULL)
        g_settings_set_strv (lw_settings_get (), "last-players", (const char *const *) record->players);
      return;
    }
  if (error == NULL && locals == NULL)
    return;
  show_error (self, error != NULL ? error->message : _("The game could not be stored."));
  gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
start_action (LwNewGamePage *self,
              GVariant      *parameter)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = lw_new_game_page_build_record (self, &error);

  if (record == NULL)
    start_chosen_cb (NULL, error, self);
  else
    lw_roster_choice_run (GTK_WIDGET (self), self->store, (const char *const *) record->players,
                          record->n_players, start_chosen_cb, self);
}

static void
lw_new_game_page_dispose (GObject *object)
{
  LwNewGamePage *self = LW_NEW_GAME_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), LW_TYPE_NEW_GAME_PAGE);
  g_clear_object (&self->store);
  g_clear_object (&self->names);
  g_clear_object (&self->dealer_names);
  g_clear_object (&self->sides_names);
  g_clear_object (&self->rule_set_names);
  g_clear_pointer (&self->rule_sets, g_ptr_array_unref);

  G_OBJECT_CLASS (lw_new_game_page_parent_class)->dispose (object);
}

/* The page's actions, each done by a function of the page. */
static const LwWidgetAction new_game_actions[] = {
  { "new-game.last-players",  NULL, G_CALLBACK (last_players_action) },
  { "new-game.save-rule-set", NULL, G_CALLBACK (save_rule_set_action) },
  { "new-game.start",         NULL, G_CALLBACK (start_action) },
};

static void
lw_new_game_page_class_init (LwNewGamePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_new_game_page_dispose;

  /**
   * LwNewGamePage::host-table:
   * @self: the page
   * @host: the hosted table just started (a game with remote seats)
   * @server: the running server that hosts it
   * @address: the address its links name
   *
   * For the window, to open @host at the table (lw_table_page_host()).
   *
   * Returns: %TRUE when the table is shown.
   */
  g_signal_new ("host-table", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                g_signal_accumulator_true_handled, NULL, NULL, G_TYPE_BOOLEAN, 3,
                LW_TYPE_TABLE_HOST, LW_TYPE_WEB_SERVER, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-new-game-page.ui");
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, scroller);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, ruleset_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, players_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, players_spin);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, seats_list);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, partners_group);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, partners_switch);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, sides_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, teams_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, dealer_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, king_and_knave_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, king_and_knave_switch);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, last_players_button);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, rules_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, rule_set_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, run_fill_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, over_trump_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, start_spin);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, target_spin);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, skunk_spin);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, skunk_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, partners_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, start_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, target_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, names_error_label);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, error_label);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, virtual_group);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, virtual_row);
  gtk_widget_class_bind_template_child (widget_class, LwNewGamePage, virtual_switch);
  gtk_widget_class_bind_template_callback (widget_class, update);
  gtk_widget_class_bind_template_callback (widget_class, ruleset_changed_cb);

  lw_widget_class_install_actions (widget_class, new_game_actions, G_N_ELEMENTS (new_game_actions));
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "new-game.start", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "new-game.start", NULL);
}

static void
lw_new_game_page_init (LwNewGamePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->names = lw_name_completion_new ();
  lw_name_completion_set_roster (self->names, TRUE);
  self->dealer_names = gtk_string_list_new (NULL);
  self->sides_names = gtk_string_list_new (NULL);
  adw_combo_row_set_model (self->dealer_row, G_LIST_MODEL (self->dealer_names));
  adw_combo_row_set_model (self->sides_row, G_LIST_MODEL (self->sides_names));
  self->rule_set_names = gtk_string_list_new (NULL);
  adw_combo_row_set_model (self->rule_set_row, G_LIST_MODEL (self->rule_set_names));
  g_signal_connect_swapped (self->rule_set_row, "notify::selected", G_CALLBACK (rule_set_selected_cb), self);
  lw_spin_connect_changed (self->players_spin, G_CALLBACK (name_changed_cb), self);

  /* Tab goes from value to value: rows that only hold a control take no
   * focus themselves. */
  lw_row_pass_focus (GTK_WIDGET (self->players_row));
  lw_row_pass_focus (GTK_WIDGET (self->partners_row));
  lw_row_pass_focus (GTK_WIDGET (self->king_and_knave_row));
  lw_row_pass_focus (GTK_WIDGET (self->virtual_row));
  lw_row_pass_focus (GTK_WIDGET (self->start_row));
  lw_row_pass_focus (GTK_WIDGET (self->target_row));
  lw_row_pass_focus (GTK_WIDGET (self->skunk_row));
  gtk_widget_set_focusable (GTK_WIDGET (self->rules_row), FALSE);
  lw_spin_connect_changed (self->start_spin, G_CALLBACK (name_changed_cb), self);
  lw_spin_connect_changed (self->target_spin, G_CALLBACK (name_changed_cb), self);
  lw_spin_connect_changed (self->skunk_spin, G_CALLBACK (name_changed_cb), self);

  for (guint i = 0; i < LW_MAX_SEATS; i++)
    {
      g_autofree char *title = NULL;
      g_autofree char *placeholder = NULL;
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *entry = gtk_entry_new ();

      /* TRANSLATORS: a seat at the table, numbered from 1 clockwise */
      title = g_strdup_printf (_("Seat %u"), i + 1);
      /* TRANSLATORS: the hint in an empty name entry; every seat needs a name */
      placeholder = g_strdup (_("Name"));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 10);
      gtk_widget_set_hexpand (entry, TRUE);
      gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                      -1);
      lw_name_completion_attach (self->names, GTK_ENTRY (entry));
      g_signal_connect (entry, "changed", G_CALLBACK (name_changed_cb), self);
      g_signal_connect (entry, "activate", G_CALLBACK (name_activate_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), entry);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), entry);

      {
        /* TRANSLATORS: who plays a seat at the virtual table: a person on this device, or the computer at a level; keep them short */
        const char *players[] = { N_("This Device"), N_("Easy"), N_("Normal"), N_("Hard"), N_("Expert"),
                                  N_("Remote Player"), NULL };
        const char *shown[G_N_ELEMENTS (players)] = { NULL };
        GtkWidget *drop;
        g_autofree char *drop_label = NULL;

        for (guint k = 0; players[k] != NULL; k++)
          shown[k] = _(players[k]);
        drop = gtk_drop_down_new_from_strings (shown);
        gtk_widget_set_valign (drop, GTK_ALIGN_CENTER);
        gtk_widget_set_visible (drop, FALSE);
        /* TRANSLATORS: the accessible name of a seat's player choice, "Seat 2 player" */
        drop_label = g_strdup_printf (_("%s player"), title);
        gtk_accessible_update_property (GTK_ACCESSIBLE (drop), GTK_ACCESSIBLE_PROPERTY_LABEL, drop_label, -1);
        g_signal_connect_swapped (drop, "notify::selected", G_CALLBACK (update), self);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), drop);
        self->player_drops[i] = GTK_DROP_DOWN (drop);
      }

      gtk_list_box_append (self->seats_list, row);
      lw_row_pass_focus (row);
      self->seat_rows[i] = ADW_ACTION_ROW (row);
      self->name_entries[i] = GTK_ENTRY (entry);
    }

  lw_new_game_page_reset (self);
}
