/* lw-round-form.c — entering one round
 *
 * Every edit is checked at once by the engine (lw_round_validate() and a
 * replay of the game with the round added), so that an error shows in
 * words before the round is submitted, and a valid round shows what it
 * will score.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-penalty-row.h"
#include "lw-round-form-private.h"

struct _LwRoundForm
{
  AdwBin parent_instance;

  /* template widgets */
  AdwPreferencesGroup *main_group;
  AdwComboRow *declarer_row;
  AdwActionRow *all_but_last_row;
  GtkSwitch *all_but_last_switch;
  AdwActionRow *void_row;
  GtkSwitch *void_switch;
  AdwPreferencesGroup *seats_group;
  GtkLabel *totals_label;
  GtkLabel *counts_error_label;
  GtkListBox *seats_list;
  AdwPreferencesGroup *penalties_group;
  GtkWidget *note_penalty_button;
  GtkListBox *penalties_list;
  GtkLabel *error_label;
  GtkLabel *preview_label;
  GtkButton *submit_button;

  /* owned */
  LwGameRecord *record;
  LwStandings *standings;     /* @record's, while a new round is entered */

  /* a correction (lw_round_form_set_edit()): round edit_number is
   * replaced, or a round is inserted there; 0 for the next round */
  LwEditKind edit_kind;
  guint edit_number;

  /* borrowed: one row per seat */
  LwSeatRow *seat_rows[LW_MAX_SEATS];
  guint n_seat_rows;

  /* owned: the round of the last update() and the engine's verdict on it
   * (%NULL when valid, or when not asked: the counts do not add up yet) */
  LwRound *checked;
  GError *check_error;

  guint valid : 1;
  guint filling : 1;
  guint tried : 1;
};

G_DEFINE_FINAL_TYPE (LwRoundForm, lw_round_form, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_VALID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  PENDING_PENALTY_REMOVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update (LwRoundForm *self);

gboolean
lw_round_form_get_valid (LwRoundForm *self)
{
  g_return_val_if_fail (LW_IS_ROUND_FORM (self), FALSE);

  return self->valid;
}

static void
set_valid (LwRoundForm *self,
           gboolean     valid)
{
  valid = !!valid;
  if (self->valid == valid)
    return;

  self->valid = valid;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
}

static guint
round_number (LwRoundForm *self)
{
  if (self->edit_number > 0)
    return self->edit_number;

  return self->record != NULL ? self->record->rounds->len + 1 : 1;
}

LwRound *
lw_round_form_build_round (LwRoundForm *self)
{
  g_autoptr (LwRound) round = lw_round_new ();
  guint declarer;

  g_return_val_if_fail (LW_IS_ROUND_FORM (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->penalties_list));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (LW_IS_PENALTY_ROW (child))
      lw_round_add_penalty (round,
                            lw_penalty_row_get_seat (LW_PENALTY_ROW (child)),
                            lw_penalty_row_get_kind (LW_PENALTY_ROW (child)));

  if (self->record == NULL)
    return g_steal_pointer (&round);

  if (self->record->ruleset == LW_RULESET_LITTLE_WOLF && gtk_switch_get_active (self->void_switch))
    {
      /* SCORING R21: only the penalties stand beside a void round. */
      round->is_void = TRUE;
      return g_steal_pointer (&round);
    }

  declarer = adw_combo_row_get_selected (self->declarer_row);
  round->declarer = declarer >= 1 && declarer <= self->record->n_players ? (int) declarer - 1 : LW_NO_SEAT;
  round->all_but_last = round->declarer != LW_NO_SEAT && gtk_switch_get_active (self->all_but_last_switch);

  for (guint seat = 0; seat < self->n_seat_rows; seat++)
    {
      LwSeatRow *row = self->seat_rows[seat];

      if (self->record->ruleset == LW_RULESET_GARWOLF)
        {
          round->court[seat] = lw_seat_row_get_count (row, LW_SEAT_COUNT_COURT);
          round->garwolves[seat] = lw_seat_row_get_count (row, LW_SEAT_COUNT_GARWOLVES);
        }
      else
        {
          round->cards[seat] = lw_seat_row_get_count (row, LW_SEAT_COUNT_CARDS);
          round->worms[seat] = lw_seat_row_get_count (row, LW_SEAT_COUNT_WORMS);
          round->gongs[seat] = lw_seat_row_get_count (row, LW_SEAT_COUNT_GONGS);
          round->bears[seat] = lw_seat_row_get_count (row, LW_SEAT_COUNT_BEARS);
          round->wolves[seat] = lw_seat_row_get_count (row, LW_SEAT_COUNT_WOLVES);
          round->unpegged[seat] = lw_seat_row_get_unpegged (row);
        }
    }

  if (self->record->ruleset == LW_RULESET_GARWOLF)
    {
      /* Garwolf rounds hold no Little Wolf facts (docs/rules/GAME-RECORD.md). */
      round->declarer = LW_NO_SEAT;
      round->all_but_last = FALSE;
    }

  return g_steal_pointer (&round);
}

/* The totals line above the seats, and whether the sums are right. */
static gboolean
update_totals (LwRoundForm   *self,
               const LwRound *round)
{
  g_autofree char *text = NULL;
  gboolean complete;
  guint n = self->record->n_players;

  if (round->is_void)
    {
      gtk_label_set_text (self->totals_label, "");
      return TRUE;
    }

  if (self->record->ruleset == LW_RULESET_GARWOLF)
    {
      int court = 0, garwolves = 0;

      for (guint seat = 0; seat < n; seat++)
        {
          court += round->court[seat];
          garwolves += round->garwolves[seat];
        }
      complete = court == LW_GARWOLF_COURT_CARDS && garwolves == (int) lw_garwolves (n);
      /* TRANSLATORS: the live totals check of a Garwolf hand */
      text = g_strdup_printf (_("Court %d of %d · Garwolves %d of %u"),
                              court, LW_GARWOLF_COURT_CARDS, garwolves, lw_garwolves (n));
    }
  else
    {
      int cards = 0;
      int total = (int) lw_total_cards (n);

      for (guint seat = 0; seat < n; seat++)
        cards += round->cards[seat];
      complete = cards == total;
      if (cards < total)
        /* TRANSLATORS: the live check that the cards won add up to T */
        text = g_strdup_printf (_("%d of %d cards · %d to go"), cards, total, total - cards);
      else if (cards > total)
        /* TRANSLATORS: the live check that the cards won add up to T */
        text = g_strdup_printf (_("%d of %d cards · %d too many"), cards, total, cards - total);
      else
        /* TRANSLATORS: the live check that the cards won add up to T */
        text = g_strdup_printf (_("%d of %d cards ✓"), cards, total);
    }

  gtk_label_set_text (self->totals_label, text);
  if (complete)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->totals_label), "warning");
      gtk_widget_add_css_class (GTK_WIDGET (self->totals_label), "success");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->totals_label), "success");
      gtk_widget_add_css_class (GTK_WIDGET (self->totals_label), "warning");
    }

  return complete;
}

/* The engine's checks of a form's round since the program started
 * (lw-round-form-private.h). */
static gint check_count;

guint
lw_round_form_get_check_count (void)
{
  return (guint) g_atomic_int_get (&check_count);
}

/* The engine's verdict on the round, and the round's result when valid. */
static gboolean
check_round (LwRoundForm    *self,
             const LwRound  *round,
             char          **preview,
             GError        **error)
{
  g_autoptr (LwGameRecord) with_round = NULL;
  g_autoptr (LwStandings) standings = NULL;
  const LwRoundResult *result;

  g_atomic_int_inc (&check_count);

  if (self->edit_number > 0)
    {
      /* A correction: the whole game replayed with it (lw_edit_apply()). */
      LwEdit edit = { self->edit_kind, self->edit_number, round };
      g_autoptr (LwEditResult) edited = lw_edit_apply (self->record, &edit, error);
      g_autofree char *described = NULL;
      g_autofree char *changes = NULL;

      if (edited == NULL)
        return FALSE;

      if (preview != NULL)
        {
          result = g_ptr_array_index (edited->standings->rounds, self->edit_number - 1);
          described = lw_describe_round (edited->record, edited->standings, result);
          changes = lw_describe_edit (self->record, &edit, edited);
          /* TRANSLATORS: what the corrected round will score, then what changes later in the game */
          *preview = g_strdup_printf (_("This round scores:\n%s\n\n%s"), described, changes);
        }

      return TRUE;
    }

  if (!lw_round_validate (self->record, round, round_number (self), error))
    return FALSE;

  with_round = lw_game_record_copy (self->record);
  g_ptr_array_add (with_round->rounds, lw_round_copy (round));
  /* Only the new round is scored, from where the game stands. */
  standings = self->standings != NULL
                ? lw_standings_extend (self->standings, with_round, error)
                : lw_standings_compute (with_round, error);
  if (standings == NULL)
    return FALSE;

  result = g_ptr_array_index (standings->rounds, standings->rounds->len - 1);
  if (preview != NULL)
    {
      g_autofree char *described = lw_describe_round (with_round, standings, result);

      /* TRANSLATORS: what the round being entered will score, one line per side */
      *preview = g_strdup_printf (_("This round scores:\n%s"), described);
    }

  return TRUE;
}

gboolean
lw_round_form_check (LwRoundForm  *self,
                     LwRound     **round,
                     GError      **error)
{
  g_return_val_if_fail (LW_IS_ROUND_FORM (self), FALSE);

  if (round != NULL)
    *round = NULL;
  if (self->record == NULL)
    {
      g_set_error_literal (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID, _("No game is open."));
      return FALSE;
    }

  /* Tried: update() asks the engine even while the counts do not add up,
   * and shows its words. */
  self->tried = TRUE;
  update (self);

  if (round != NULL && self->checked != NULL)
    *round = lw_round_copy (self->checked);
  if (self->check_error != NULL)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      g_propagate_error (error, g_error_copy (self->check_error));
      return FALSE;
    }

  return TRUE;
}

/* Shows @message (or nothing) next to what is being edited: below the
 * seats' rows while the focus is in the counts, else above the button. */
static void
show_message (LwRoundForm *self,
              const char  *message)
{
  g_autofree char *text = lw_message_capitalize (message);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  gboolean near_counts;

  near_counts = focus == NULL ||
                gtk_widget_is_ancestor (focus, GTK_WIDGET (self->seats_group)) ||
                !gtk_widget_is_ancestor (focus, GTK_WIDGET (self));
  if (focus == GTK_WIDGET (self->submit_button))
    near_counts = FALSE;

  /* The labels keep their line when empty: nothing below or beside
   * them moves as a message comes and goes. */
  gtk_label_set_text (self->counts_error_label, message != NULL && near_counts ? text : "");
  gtk_label_set_text (self->error_label, message != NULL && !near_counts ? text : "");
}

static void
update (LwRoundForm *self)
{
  g_autoptr (LwRound) round = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *preview = NULL;
  gboolean sums_right, is_void, valid;

  if (self->record == NULL || self->filling)
    return;

  round = lw_round_form_build_round (self);
  is_void = round->is_void;

  /* The focus leaves the counts before they turn insensitive, so that it
   * is never left on a widget that cannot have it. */
  if (is_void)
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

      if (focus != NULL &&
          (gtk_widget_is_ancestor (focus, GTK_WIDGET (self->seats_group)) ||
           gtk_widget_is_ancestor (focus, GTK_WIDGET (self->declarer_row))))
        gtk_widget_grab_focus (GTK_WIDGET (self->void_switch));
    }

  gtk_widget_set_sensitive (GTK_WIDGET (self->declarer_row), !is_void);
  gtk_widget_set_sensitive (GTK_WIDGET (self->seats_group), !is_void);
  gtk_widget_set_sensitive (GTK_WIDGET (self->all_but_last_row), !is_void && round->declarer != LW_NO_SEAT);
  gtk_widget_set_visible (GTK_WIDGET (self->penalties_list),
                          gtk_widget_get_first_child (GTK_WIDGET (self->penalties_list)) != NULL);

  sums_right = update_totals (self, round);
  /* Counts that do not add up are refused by the engine (SCORING R1, R5;
   * Garwolf G1): until the round is tried it is not asked, so that the
   * counts typed one by one cost no copy of the game each. */
  if (sums_right || self->tried)
    valid = check_round (self, round, &preview, &error);
  else
    valid = FALSE;

  /* While the cards are still being counted the totals line says enough;
   * the engine's message shows once they add up, or on an attempt to add
   * the round. */
  show_message (self, error != NULL && (sums_right || self->tried) ? error->message : NULL);
  gtk_label_set_text (self->preview_label, preview != NULL ? preview : "");
  gtk_widget_set_visible (GTK_WIDGET (self->preview_label), preview != NULL);

  set_valid (self, valid);
  g_clear_pointer (&self->checked, lw_round_free);
  g_clear_error (&self->check_error);
  self->checked = g_steal_pointer (&round);
  self->check_error = g_steal_pointer (&error);
}

static void
changed_cb (LwRoundForm *self)
{
  update (self);
}

static void
penalty_remove_cb (LwPenaltyRow *row,
                   LwRoundForm  *self)
{
  gint64 pending_id = lw_penalty_row_get_pending_id (row);

  if (pending_id > 0)
    g_signal_emit (self, signals[PENDING_PENALTY_REMOVED], 0, pending_id);
  gtk_list_box_remove (self->penalties_list, GTK_WIDGET (row));
  update (self);
}

void
lw_round_form_add_penalty (LwRoundForm   *self,
                           int            seat,
                           LwPenaltyKind  kind)
{
  const char *names[LW_MAX_SEATS + 1] = { NULL, };
  GtkWidget *row;

  g_return_if_fail (LW_IS_ROUND_FORM (self));
  g_return_if_fail (self->record != NULL);

  /* record->players is not NULL-terminated when every seat is taken. */
  for (guint i = 0; i < self->record->n_players; i++)
    names[i] = lw_game_record_current_player (self->record, (int) i);
  row = lw_penalty_row_new (names);
  lw_penalty_row_set_seat (LW_PENALTY_ROW (row), seat);
  lw_penalty_row_set_kind (LW_PENALTY_ROW (row), kind);
  g_signal_connect_swapped (row, "changed", G_CALLBACK (changed_cb), self);
  g_signal_connect (row, "remove", G_CALLBACK (penalty_remove_cb), self);
  gtk_list_box_append (self->penalties_list, row);
  update (self);
}

void
lw_round_form_add_noted_penalty (LwRoundForm   *self,
                                 gint64         pending_id,
                                 int            seat,
                                 LwPenaltyKind  kind,
                                 const char    *note,
                                 gint64         time)
{
  GtkWidget *last;

  g_return_if_fail (LW_IS_ROUND_FORM (self));

  lw_round_form_add_penalty (self, seat, kind);
  last = gtk_widget_get_last_child (GTK_WIDGET (self->penalties_list));
  if (LW_IS_PENALTY_ROW (last))
    lw_penalty_row_set_noted (LW_PENALTY_ROW (last), pending_id, note, time);
}

guint
lw_round_form_get_n_penalties (LwRoundForm *self)
{
  g_return_val_if_fail (LW_IS_ROUND_FORM (self), 0);

  return lw_widget_count_children (GTK_WIDGET (self->penalties_list));
}

LwPenaltyRow *
lw_round_form_get_penalty_row (LwRoundForm *self,
                               guint        index)
{
  GtkWidget *child;

  g_return_val_if_fail (LW_IS_ROUND_FORM (self), NULL);

  child = lw_widget_get_nth_child (GTK_WIDGET (self->penalties_list), index);
  return LW_IS_PENALTY_ROW (child) ? LW_PENALTY_ROW (child) : NULL;
}

static void
add_penalty_clicked_cb (LwRoundForm *self)
{
  GtkWidget *last;

  if (self->record == NULL)
    return;

  lw_round_form_add_penalty (self, 0, LW_PENALTY_OUT_OF_TURN);
  last = gtk_widget_get_last_child (GTK_WIDGET (self->penalties_list));
  if (last != NULL)
    gtk_widget_child_focus (last, GTK_DIR_TAB_FORWARD);
}

static void
seat_changed_cb (LwSeatRow   *row,
                 LwRoundForm *self)
{
  update (self);
}

static void
clear_penalties (LwRoundForm *self)
{
  lw_list_box_remove_all (self->penalties_list);
}

/* A fresh list of declarers, "Nobody declared" selected. A new model (not
 * only a new selection) also puts the list's keyboard highlight back on
 * the shown selection: GTK 4.8 keeps it where the last choice was. */
static void
reset_declarers (LwRoundForm *self)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);

  /* TRANSLATORS: every player declined to declare this round */
  gtk_string_list_append (names, _("Nobody declared"));
  for (guint seat = 0; self->record != NULL && seat < self->record->n_players; seat++)
    gtk_string_list_append (names, lw_game_record_current_player (self->record, (int) seat));

  adw_combo_row_set_model (self->declarer_row, G_LIST_MODEL (names));
  adw_combo_row_set_selected (self->declarer_row, 0);
}

void
lw_round_form_reset (LwRoundForm *self)
{
  g_return_if_fail (LW_IS_ROUND_FORM (self));

  self->filling = TRUE;
  reset_declarers (self);
  gtk_switch_set_active (self->all_but_last_switch, FALSE);
  gtk_switch_set_active (self->void_switch, FALSE);
  for (guint seat = 0; seat < self->n_seat_rows; seat++)
    lw_seat_row_reset (self->seat_rows[seat]);
  clear_penalties (self);
  self->filling = FALSE;
  self->tried = FALSE;

  update (self);
}

void
lw_round_form_fill (LwRoundForm   *self,
                    const LwRound *round)
{
  g_return_if_fail (LW_IS_ROUND_FORM (self));
  g_return_if_fail (round != NULL);

  lw_round_form_reset (self);

  self->filling = TRUE;
  gtk_switch_set_active (self->void_switch, round->is_void);
  adw_combo_row_set_selected (self->declarer_row, round->declarer == LW_NO_SEAT ? 0 : (guint) round->declarer + 1);
  gtk_switch_set_active (self->all_but_last_switch, round->all_but_last);
  for (guint seat = 0; seat < self->n_seat_rows; seat++)
    {
      LwSeatRow *row = self->seat_rows[seat];

      lw_seat_row_set_count (row, LW_SEAT_COUNT_CARDS, round->cards[seat]);
      lw_seat_row_set_count (row, LW_SEAT_COUNT_WORMS, round->worms[seat]);
      lw_seat_row_set_count (row, LW_SEAT_COUNT_GONGS, round->gongs[seat]);
      lw_seat_row_set_count (row, LW_SEAT_COUNT_BEARS, round->bears[seat]);
      lw_seat_row_set_count (row, LW_SEAT_COUNT_WOLVES, round->wolves[seat]);
      lw_seat_row_set_count (row, LW_SEAT_COUNT_COURT, round->court[seat]);
      lw_seat_row_set_count (row, LW_SEAT_COUNT_GARWOLVES, round->garwolves[seat]);
      lw_seat_row_set_unpegged (row, round->unpegged[seat]);
    }
  self->filling = FALSE;

  for (guint i = 0; i < round->penalties->len; i++)
    {
      const LwPenalty *penalty = &g_array_index (round->penalties, LwPenalty, i);

      lw_round_form_add_penalty (self, penalty->seat, penalty->kind);
    }

  update (self);
}

/* Whether @record has the same game kind and the same players in the same
 * seats as @old (NULL: none yet), so that the seat rows can stay. */
static gboolean
same_seats (const LwGameRecord *old,
            const LwGameRecord *record)
{
  gboolean same = old != NULL &&
                  old->n_players == record->n_players &&
                  old->ruleset == record->ruleset;

  for (guint seat = 0; same && seat < record->n_players; seat++)
    same = g_strcmp0 (lw_game_record_current_player (old, (int) seat),
                      lw_game_record_current_player (record, (int) seat)) == 0;
  return same;
}

static void
configure (LwRoundForm        *self,
           const LwGameRecord *record)
{
  g_autofree char *title = NULL;
  gboolean garwolf;
  gboolean same_players = same_seats (self->record, record);

  g_clear_pointer (&self->record, lw_game_record_free);
  g_clear_pointer (&self->standings, lw_standings_free);
  self->record = lw_game_record_copy (record);
  garwolf = record->ruleset == LW_RULESET_GARWOLF;

  if (self->edit_number > 0 && self->edit_kind == LW_EDIT_INSERT)
    /* TRANSLATORS: a round being inserted into a game, numbered from 1 */
    title = g_strdup_printf (garwolf ? _("New Hand %u") : _("New Round %u"), round_number (self));
  else
    /* TRANSLATORS: the round being entered, numbered from 1 */
    title = g_strdup_printf (garwolf ? _("Hand %u") : _("Round %u"), round_number (self));
  adw_preferences_group_set_title (self->main_group, title);

  /* Garwolf has no declarer and no void hands: only the counts. */
  gtk_widget_set_visible (GTK_WIDGET (self->declarer_row), !garwolf);
  gtk_widget_set_visible (GTK_WIDGET (self->all_but_last_row), !garwolf);
  gtk_widget_set_visible (GTK_WIDGET (self->void_row), !garwolf);
  gtk_widget_set_visible (GTK_WIDGET (self->main_group), !garwolf);
  gtk_widget_set_visible (GTK_WIDGET (self->penalties_group), !garwolf);
  /* Only the round being played has penalties noted as they happen. */
  gtk_widget_set_visible (self->note_penalty_button, self->edit_number == 0);

  adw_preferences_group_set_title (self->seats_group,
                                   garwolf
                                     /* TRANSLATORS: Garwolf: Court cards (J, Q, K) and Garwolves won per seat */
                                     ? _("Court Cards and Garwolves Won")
                                     /* TRANSLATORS: cards in the tricks each seat won */
                                     : _("Cards Won"));
  adw_preferences_group_set_description (self->seats_group,
                                         garwolf
                                           /* TRANSLATORS: Garwolf scoring (G1) */
                                           ? _("Court cards 1 point each, Garwolves 3")
                                           /* TRANSLATORS: Alt+↓ is a key: Alt and the down arrow */
                                           : _("Expand a seat (or Alt+↓ in its count) for its Den cards and pegging"));
  gtk_button_set_label (self->submit_button, garwolf ? _("_Add Hand") : _("_Add Round"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->submit_button),
                               garwolf ? _("Add the Hand (Enter)") : _("Add the Round (Enter)"));

  if (!same_players)
    {
      self->filling = TRUE;
      lw_list_box_remove_all (self->seats_list);
      self->n_seat_rows = 0;

      for (guint seat = 0; seat < record->n_players; seat++)
        {
          GtkWidget *row = lw_seat_row_new ();

          lw_seat_row_configure (LW_SEAT_ROW (row), record->ruleset,
                                 lw_game_record_current_player (record, (int) seat), record->n_players);
          g_signal_connect (row, "changed", G_CALLBACK (seat_changed_cb), self);
          gtk_list_box_append (self->seats_list, row);
          self->seat_rows[self->n_seat_rows++] = LW_SEAT_ROW (row);
        }
      self->filling = FALSE;
    }
}

/* The form follows @record, with a copy of its @standings. */
static void
take_game (LwRoundForm        *self,
           const LwGameRecord *record,
           const LwStandings  *standings)
{
  configure (self, record);
  g_clear_pointer (&self->standings, lw_standings_free);
  self->standings = lw_standings_copy (standings);
}

void
lw_round_form_set_game (LwRoundForm        *self,
                        const LwGameRecord *record,
                        const LwStandings  *standings)
{
  g_return_if_fail (LW_IS_ROUND_FORM (self));
  g_return_if_fail (record != NULL);
  g_return_if_fail (standings != NULL);

  self->edit_number = 0;
  take_game (self, record, standings);
  lw_round_form_reset (self);
}

void
lw_round_form_update_game (LwRoundForm        *self,
                           const LwGameRecord *record,
                           const LwStandings  *standings)
{
  gboolean same_players;

  g_return_if_fail (LW_IS_ROUND_FORM (self));
  g_return_if_fail (record != NULL);
  g_return_if_fail (standings != NULL);

  same_players = self->edit_number == 0 && same_seats (self->record, record);

  if (!same_players)
    {
      lw_round_form_set_game (self, record, standings);
      return;
    }

  /* What is typed stays; the round's number and its check follow the game. */
  take_game (self, record, standings);
  update (self);
}

void
lw_round_form_set_edit (LwRoundForm        *self,
                        const LwGameRecord *record,
                        LwEditKind          kind,
                        guint               number)
{
  g_return_if_fail (LW_IS_ROUND_FORM (self));
  g_return_if_fail (record != NULL);
  g_return_if_fail (kind == LW_EDIT_REPLACE || kind == LW_EDIT_INSERT);
  g_return_if_fail (number >= 1);

  self->edit_kind = kind;
  self->edit_number = number;
  configure (self, record);
  g_clear_pointer (&self->standings, lw_standings_free);
  lw_round_form_reset (self);
}

void
lw_round_form_set_title (LwRoundForm *self,
                         const char  *title)
{
  g_autofree char *escaped = NULL;

  g_return_if_fail (LW_IS_ROUND_FORM (self));
  g_return_if_fail (title != NULL);

  escaped = g_markup_escape_text (title, -1);
  adw_preferences_group_set_title (self->main_group, escaped);
}

void
lw_round_form_set_submit (LwRoundForm *self,
                          const char  *label,
                          const char  *tooltip,
                          const char  *action_name)
{
  g_return_if_fail (LW_IS_ROUND_FORM (self));

  gtk_button_set_label (self->submit_button, label);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->submit_button), tooltip);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->submit_button), action_name);
}

const char *
lw_round_form_get_preview_text (LwRoundForm *self)
{
  g_return_val_if_fail (LW_IS_ROUND_FORM (self), NULL);

  return lw_label_get_shown_text (self->preview_label);
}

gboolean
lw_round_form_get_error_beside_totals (LwRoundForm *self)
{
  g_return_val_if_fail (LW_IS_ROUND_FORM (self), FALSE);

  return gtk_label_get_text (self->counts_error_label)[0] != '\0';
}

const char *
lw_round_form_get_submit_label (LwRoundForm *self)
{
  g_return_val_if_fail (LW_IS_ROUND_FORM (self), NULL);

  return gtk_button_get_label (self->submit_button);
}

GListModel *
lw_round_form_get_declarer_model (LwRoundForm *self)
{
  g_return_val_if_fail (LW_IS_ROUND_FORM (self), NULL);

  return adw_combo_row_get_model (self->declarer_row);
}

void
lw_round_form_show_error (LwRoundForm *self,
                          const char  *message)
{
  g_return_if_fail (LW_IS_ROUND_FORM (self));

  show_message (self, message);
  if (message != NULL)
    gtk_widget_error_bell (GTK_WIDGET (self));
}

void
lw_round_form_focus (LwRoundForm *self)
{
  g_return_if_fail (LW_IS_ROUND_FORM (self));

  if (self->n_seat_rows > 0)
    lw_seat_row_focus (self->seat_rows[0]);
}

LwSeatRow *
lw_round_form_get_seat_row (LwRoundForm *self,
                            guint        seat)
{
  g_return_val_if_fail (LW_IS_ROUND_FORM (self), NULL);

  return seat < self->n_seat_rows ? self->seat_rows[seat] : NULL;
}

void
lw_round_form_set_declarer (LwRoundForm *self,
                            int          seat)
{
  g_return_if_fail (LW_IS_ROUND_FORM (self));

  adw_combo_row_set_selected (self->declarer_row, seat == LW_NO_SEAT ? 0 : (guint) seat + 1);
}

void
lw_round_form_set_void (LwRoundForm *self,
                        gboolean     is_void)
{
  g_return_if_fail (LW_IS_ROUND_FORM (self));

  gtk_switch_set_active (self->void_switch, is_void);
}

void
lw_round_form_set_all_but_last (LwRoundForm *self,
                                gboolean     all_but_last)
{
  g_return_if_fail (LW_IS_ROUND_FORM (self));

  gtk_switch_set_active (self->all_but_last_switch, all_but_last);
}

const char *
lw_round_form_get_error_text (LwRoundForm *self)
{
  g_return_val_if_fail (LW_IS_ROUND_FORM (self), NULL);

  if (gtk_label_get_text (self->counts_error_label)[0] != '\0')
    return gtk_label_get_text (self->counts_error_label);

  return gtk_label_get_text (self->error_label);
}

const char *
lw_round_form_get_totals_text (LwRoundForm *self)
{
  g_return_val_if_fail (LW_IS_ROUND_FORM (self), NULL);

  return gtk_label_get_text (self->totals_label);
}

static void
lw_round_form_dispose (GObject *object)
{
  LwRoundForm *self = LW_ROUND_FORM (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), LW_TYPE_ROUND_FORM);
  g_clear_pointer (&self->record, lw_game_record_free);
  g_clear_pointer (&self->standings, lw_standings_free);
  g_clear_pointer (&self->checked, lw_round_free);
  g_clear_error (&self->check_error);

  G_OBJECT_CLASS (lw_round_form_parent_class)->dispose (object);
}

static void
lw_round_form_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  LwRoundForm *self = LW_ROUND_FORM (object);

  switch (prop_id)
    {
    case PROP_VALID:
      g_value_set_boolean (value, self->valid);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Enter in a count: what the submit button does (add the round, or save
 * a correction). */
static void
submit_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LwRoundForm *self = LW_ROUND_FORM (widget);
  const char *name = gtk_actionable_get_action_name (GTK_ACTIONABLE (self->submit_button));

  if (name != NULL)
    gtk_widget_activate_action (widget, name, NULL);
}

static void
lw_round_form_class_init (LwRoundFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_round_form_dispose;
  object_class->get_property = lw_round_form_get_property;

  /**
   * LwRoundForm:valid:
   *
   * Whether the round as entered can be added (the engine accepts it).
   */
  properties[PROP_VALID] =
    g_param_spec_boolean ("valid", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * LwRoundForm::pending-penalty-removed:
   * @pending_id: the store's ID of the pending penalty
   *
   * A penalty noted during the round (lw_round_form_add_noted_penalty())
   * was removed from the form.
   */
  signals[PENDING_PENALTY_REMOVED] =
    g_signal_new ("pending-penalty-removed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-round-form.ui");
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, main_group);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, declarer_row);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, all_but_last_row);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, all_but_last_switch);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, void_row);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, void_switch);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, penalties_group);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, note_penalty_button);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, seats_group);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, totals_label);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, counts_error_label);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, submit_button);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, seats_list);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, penalties_list);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, error_label);
  gtk_widget_class_bind_template_child (widget_class, LwRoundForm, preview_label);
  gtk_widget_class_bind_template_callback (widget_class, changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_penalty_clicked_cb);

  gtk_widget_class_install_action (widget_class, "round-form.submit", NULL, submit_action);
}

static void
lw_round_form_init (LwRoundForm *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* Tab goes straight to the switches. */
  lw_row_pass_focus (GTK_WIDGET (self->all_but_last_row));
  lw_row_pass_focus (GTK_WIDGET (self->void_row));
}
