/* lw-record.c — the game record: construction, checks, its hash and
 * extension (docs/rules/GAME-RECORD.md); reading JSON is in lw-record-read.c, writing
 * it in lw-record-write.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-error.h"
#include "lw-json-text.h"
#include "lw-names.h"
#include "lw-record.h"
#include "lw-record-private.h"

/* ------------------------------------------------------------------ */
/* Rounds */

LwRound *
lw_round_new (void)
{
  LwRound *round = g_new0 (LwRound, 1);

  round->declarer = LW_NO_SEAT;
  round->dealer = LW_NO_SEAT;
  round->penalties = g_array_new (FALSE, TRUE, sizeof (LwPenalty));
  return round;
}

LwRound *
lw_round_copy (const LwRound *round)
{
  LwRound *copy;

  g_return_val_if_fail (round != NULL, NULL);

  copy = g_memdup2 (round, sizeof *round);
  copy->penalties = g_array_copy (round->penalties);
  return copy;
}

void
lw_round_add_penalty (LwRound       *round,
                      int            seat,
                      LwPenaltyKind  kind)
{
  LwPenalty penalty = { seat, kind };

  g_return_if_fail (round != NULL);
  g_array_append_val (round->penalties, penalty);
}

void
lw_round_free (LwRound *round)
{
  if (round == NULL)
    return;
  g_clear_pointer (&round->penalties, g_array_unref);
  g_free (round);
}

/* ------------------------------------------------------------------ */
/* Records */

static void
substitute_free (LwSubstitute *substitute)
{
  if (substitute == NULL)
    return;
  g_free (substitute->name);
  g_free (substitute);
}

LwSubstitute *
lw_record_substitute_new (int         seat,
                          guint       from_round,
                          const char *name)
{
  LwSubstitute *substitute = g_new0 (LwSubstitute, 1);

  substitute->seat = seat;
  substitute->from_round = from_round;
  substitute->name = lw_name_normalize (name, "name", NULL);
  if (substitute->name == NULL)
    substitute->name = g_strdup (name);
  return substitute;
}

static void
details_copy (LwGameDetails       *to,
              const LwGameDetails *from)
{
  *to = *from;
  to->place = g_strdup (from->place);
  to->notes = g_strdup (from->notes);
  to->event_name = g_strdup (from->event_name);
}

static void
details_clear (LwGameDetails *details)
{
  g_free (details->place);
  g_free (details->notes);
  g_free (details->event_name);
  memset (details, 0, sizeof *details);
}

LwGameRecord *
lw_game_record_new (LwRuleset          ruleset,
                    guint              n_players,
                    const char *const *names)
{
  LwGameRecord *record;

  g_return_val_if_fail (n_players <= LW_MAX_SEATS, NULL);
  g_return_val_if_fail (names != NULL || n_players == 0, NULL);

  record = g_new0 (LwGameRecord, 1);
  record->ruleset = ruleset;
  /* SCORING R3; G2 */
  record->start_score = ruleset == LW_RULESET_GARWOLF ? 0 : 1;
  record->target = ruleset == LW_RULESET_GARWOLF ? 100 : 15;
  record->skunk = 11;
  record->n_players = n_players;
  /* Names are kept in the form the names rule gives them (trimmed, NFC);
   * one that breaks the rule is kept as given, for
   * lw_game_record_validate() to refuse. */
  for (guint i = 0; i < n_players; i++)
    {
      record->players[i] = lw_name_normalize (names[i], "name", NULL);
      if (record->players[i] == NULL)
        record->players[i] = g_strdup (names[i]);
    }
  record->first_dealer = 0;
  record->rounds = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_round_free);
  record->substitutes = g_ptr_array_new_with_free_func ((GDestroyNotify) substitute_free);
  return record;
}

LwGameRecord *
lw_game_record_copy (const LwGameRecord *record)
{
  LwGameRecord *copy;

  g_return_val_if_fail (record != NULL, NULL);

  copy = g_memdup2 (record, sizeof *record);
  for (guint i = 0; i < LW_MAX_SEATS; i++)
    copy->players[i] = g_strdup (record->players[i]);
  copy->rounds = g_ptr_array_new_full (record->rounds->len, (GDestroyNotify) lw_round_free);
  for (guint i = 0; i < record->rounds->len; i++)
    g_ptr_array_add (copy->rounds, lw_round_copy (g_ptr_array_index (record->rounds, i)));
  copy->id = g_strdup (record->id);
  copy->rule_set = g_strdup (record->rule_set);
  details_copy (&copy->details, &record->details);
  copy->substitutes = g_ptr_array_new_with_free_func ((GDestroyNotify) substitute_free);
  for (guint i = 0; record->substitutes != NULL && i < record->substitutes->len; i++)
    {
      const LwSubstitute *sub = g_ptr_array_index (record->substitutes, i);
      LwSubstitute *dup = g_new0 (LwSubstitute, 1);

      *dup = *sub;
      dup->name = g_strdup (sub->name);
      g_ptr_array_add (copy->substitutes, dup);
    }
  return copy;
}

void
lw_game_record_free (LwGameRecord *record)
{
  if (record == NULL)
    return;
  for (guint i = 0; i < LW_MAX_SEATS; i++)
    g_free (record->players[i]);
  g_clear_pointer (&record->rounds, g_ptr_array_unref);
  g_clear_pointer (&record->substitutes, g_ptr_array_unref);
  g_free (record->id);
  g_free (record->rule_set);
  details_clear (&record->details);
  g_free (record);
}

void
lw_game_record_set_teams (LwGameRecord *record,
                          guint         n_teams,
                          const int    *team_of)
{
  g_return_if_fail (record != NULL);
  g_return_if_fail (n_teams == 0 || team_of != NULL);

  record->n_teams = n_teams;
  memset (record->team_of, 0, sizeof record->team_of);
  if (n_teams > 0)
    memcpy (record->team_of, team_of, record->n_players * sizeof (int));
}

void
lw_game_record_add_substitute (LwGameRecord *record,
                               int           seat,
                               guint         from_round,
                               const char   *name)
{
  guint at;

  g_return_if_fail (record != NULL);
  g_return_if_fail (name != NULL);

  if (record->substitutes == NULL)
    record->substitutes = g_ptr_array_new_with_free_func ((GDestroyNotify) substitute_free);
  /* Sorted by from_round, then seat (docs/rules/GAME-RECORD.md). */
  for (at = 0; at < record->substitutes->len; at++)
    {
      LwSubstitute *there = g_ptr_array_index (record->substitutes, at);

      if (there->from_round == from_round && there->seat == seat)
        {
          g_ptr_array_remove_index (record->substitutes, at);
          break;
        }
      if (there->from_round > from_round
          || (there->from_round == from_round && there->seat > seat))
        break;
    }
  g_ptr_array_insert (record->substitutes, (gint) at, lw_record_substitute_new (seat, from_round, name));
}

const char *
lw_game_record_player_at (const LwGameRecord *record,
                          int                 seat,
                          guint               round)
{
  const char *name;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (seat >= 0 && seat < (int) record->n_players, NULL);

  name = record->players[seat];
  for (guint i = 0; record->substitutes != NULL && i < record->substitutes->len; i++)
    {
      const LwSubstitute *sub = g_ptr_array_index (record->substitutes, i);

      if (sub->from_round > round)
        break;
      if (sub->seat == seat)
        name = sub->name;
    }
  return name;
}

const char *
lw_game_record_current_player (const LwGameRecord *record,
                               int                 seat)
{
  g_return_val_if_fail (record != NULL, NULL);
  return lw_game_record_player_at (record, seat, G_MAXUINT);
}

char *
lw_game_record_seat_label (const LwGameRecord *record,
                           int                 seat)
{
  GString *label;
  const char *last;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (seat >= 0 && seat < (int) record->n_players, NULL);

  last = record->players[seat];
  label = g_string_new (last);
  for (guint i = 0; record->substitutes != NULL && i < record->substitutes->len; i++)
    {
      const LwSubstitute *sub = g_ptr_array_index (record->substitutes, i);

      if (sub->seat != seat || lw_names_equal (sub->name, last))
        continue;
      /* From round 1 on: the seat's first player never played. */
      if (sub->from_round <= 1)
        g_string_assign (label, sub->name);
      else
        g_string_append_printf (label, " → %s", sub->name);
      last = sub->name;
    }
  return g_string_free (label, FALSE);
}

guint
lw_game_record_rounds_played (const LwGameRecord *record,
                              int                 seat,
                              const char         *name)
{
  guint n = 0;

  g_return_val_if_fail (record != NULL, 0);
  g_return_val_if_fail (seat >= 0 && seat < (int) record->n_players, 0);

  if (record->substitutes == NULL || record->substitutes->len == 0)
    return lw_names_equal (record->players[seat], name) ? record->rounds->len : 0;
  for (guint r = 1; r <= record->rounds->len; r++)
    if (lw_names_equal (lw_game_record_player_at (record, seat, r), name))
      n++;
  return n;
}

guint
lw_game_record_n_sides (const LwGameRecord *record)
{
  g_return_val_if_fail (record != NULL, 0);
  return record->n_teams > 0 ? record->n_teams : record->n_players;
}

int
lw_game_record_side_of (const LwGameRecord *record,
                        int                 seat)
{
  g_return_val_if_fail (record != NULL, 0);
  g_return_val_if_fail (seat >= 0 && seat < (int) record->n_players, 0);
  return record->n_teams > 0 ? record->team_of[seat] : seat;
}

char *
lw_game_record_side_name_at (const LwGameRecord *record,
                             int                 side,
                             guint               round)
{
  g_autoptr (GString) name = NULL;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (side >= 0 && side < (int) lw_game_record_n_sides (record), NULL);

  if (record->n_teams == 0)
    return g_strdup (lw_game_record_player_at (record, side, round));

  name = g_string_new (NULL);
  for (guint seat = 0; seat < record->n_players; seat++)
    {
      if (record->team_of[seat] != side)
        continue;
      if (name->len > 0)
        g_string_append (name, " & ");
      g_string_append (name, lw_game_record_player_at (record, (int) seat, round));
    }
  return g_string_free (g_steal_pointer (&name), FALSE);
}

char *
lw_game_record_side_name (const LwGameRecord *record,
                          int                 side)
{
  /* docs/rules/GAME-RECORD.md: the players seated after the last round. */
  return lw_game_record_side_name_at (record, side, G_MAXUINT);
}

/* ------------------------------------------------------------------ */
/* Checks */

static const char *
seat_name (const LwGameRecord *record,
           int                 seat)
{
  if (seat >= 0 && seat < (int) record->n_players && record->players[seat] != NULL)
    return record->players[seat];
  return "?";
}

/* Checks a per-seat count list of a round: every value in 0..MAX_COUNT. */
static gboolean
check_counts (const LwGameRecord  *record,
              guint                number,
              const char          *key,
              const int           *counts,
              GError             **error)
{
  for (guint seat = 0; seat < record->n_players; seat++)
    if (counts[seat] < 0 || counts[seat] > MAX_COUNT)
      return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                             "round %u: %s of seat %u (%s) is %d, expected a count of 0 to %d",
                             number, key, seat, seat_name (record, (int) seat), counts[seat], MAX_COUNT);
  return TRUE;
}

static int
sum_counts (const LwGameRecord *record,
            const int          *counts)
{
  int sum = 0;

  for (guint seat = 0; seat < record->n_players; seat++)
    sum += counts[seat];
  return sum;
}

static gboolean
check_seat (const LwGameRecord  *record,
            guint                number,
            const char          *what,
            int                  seat,
            GError             **error)
{
  if (seat < 0 || seat >= (int) record->n_players)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "round %u: %s is seat %d, but the seats are 0 to %u",
                           number, what, seat, record->n_players - 1);
  return TRUE;
}

static gboolean
validate_garwolf_round (const LwGameRecord  *record,
                        const LwRound       *round,
                        guint                number,
                        GError             **error)
{
  int court, garwolves;

  if (!check_counts (record, number, "court", round->court, error) ||
      !check_counts (record, number, "garwolves", round->garwolves, error))
    return FALSE;

  /* SCORING G1: twelve Court cards (J, Q, K of four suits) and one Garwolf
   * per player are taken in every hand. */
  court = sum_counts (record, round->court);
  if (court != LW_GARWOLF_COURT_CARDS)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "round %u: court cards sum to %d, expected %d",
                           number, court, LW_GARWOLF_COURT_CARDS);
  garwolves = sum_counts (record, round->garwolves);
  if (garwolves != (int) lw_garwolves (record->n_players))
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "round %u: Garwolves sum to %d, expected %u (one per player)",
                           number, garwolves, lw_garwolves (record->n_players));
  return TRUE;
}

gboolean
lw_round_validate (const LwGameRecord  *record,
                   const LwRound       *round,
                   guint                number,
                   GError             **error)
{
  static const char *const den_names[] = { "worms", "gongs", "bears", "wolves" };
  const int *dens[4];
  guint total, decks;
  int sum;

  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (record->ruleset == LW_RULESET_GARWOLF)
    return validate_garwolf_round (record, round, number, error);

  for (guint i = 0; i < round->penalties->len; i++)
    {
      const LwPenalty *penalty = &g_array_index (round->penalties, LwPenalty, i);

      /* check_seat()'s words, the penalty's number formatted only for them */
      if (penalty->seat < 0 || penalty->seat >= (int) record->n_players)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "round %u: penalty %u is seat %d, but the seats are 0 to %u",
                               number, i + 1, penalty->seat, record->n_players - 1);
      if (penalty->kind != LW_PENALTY_OUT_OF_TURN &&
          penalty->kind != LW_PENALTY_LOOKED_AT_DISCARDS)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "round %u: penalty %u has an unknown kind", number, i + 1);
    }

  if (round->is_void)
    return TRUE;

  if (round->declarer != LW_NO_SEAT &&
      !check_seat (record, number, "the declarer", round->declarer, error))
    return FALSE;
  if (round->dealer != LW_NO_SEAT &&
      !check_seat (record, number, "the dealer", round->dealer, error))
    return FALSE;

  /* SCORING R1, R5: the cards won add up to T. */
  if (!check_counts (record, number, "cards", round->cards, error))
    return FALSE;
  total = lw_total_cards (record->n_players);
  sum = sum_counts (record, round->cards);
  if (sum != (int) total)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "round %u: cards sum to %d, expected %u (%u players × %u)",
                           number, sum, total, record->n_players, lw_hand_size (record->n_players));

  /* Den cards: two of each kind per deck, and among the seat's own cards. */
  decks = lw_decks (record->n_players);
  dens[0] = round->worms;
  dens[1] = round->gongs;
  dens[2] = round->bears;
  dens[3] = round->wolves;
  for (guint k = 0; k < G_N_ELEMENTS (dens); k++)
    {
      if (!check_counts (record, number, den_names[k], dens[k], error))
        return FALSE;
      sum = sum_counts (record, dens[k]);
      if (sum > (int) (2 * decks))
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "round %u: %s sum to %d, but %u %s only %u",
                               number, den_names[k], sum, decks,
                               decks == 1 ? "deck holds" : "decks hold", 2 * decks);
    }
  for (guint seat = 0; seat < record->n_players; seat++)
    {
      int held = round->worms[seat] + round->gongs[seat] + round->bears[seat] + round->wolves[seat];

      if (held > round->cards[seat])
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "round %u: seat %u (%s) has %d Den cards among only %d cards won",
                               number, seat, seat_name (record, (int) seat), held, round->cards[seat]);
    }

  /* SCORING R11: all_but_last needs a declarer whose side did not take
   * every card. */
  if (round->all_but_last)
    {
      int side_cards = 0;

      if (round->declarer == LW_NO_SEAT)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "round %u: \"every trick but the last\" is set but nobody declared "
                               "(SCORING R11)", number);
      for (guint seat = 0; seat < record->n_players; seat++)
        if (lw_game_record_side_of (record, (int) seat) ==
            lw_game_record_side_of (record, round->declarer))
          side_cards += round->cards[seat];
      if (side_cards == (int) total)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "round %u: \"every trick but the last\" is set but the declarer's "
                               "side won every card (SCORING R11)", number);
    }

  return TRUE;
}

gboolean
lw_record_validate_setup (const LwGameRecord  *record,
                          GError             **error)
{
  guint min_players = record->ruleset == LW_RULESET_GARWOLF ? LW_GARWOLF_MIN_SEATS : LW_MIN_SEATS;
  guint max_players = record->ruleset == LW_RULESET_GARWOLF ? LW_GARWOLF_MAX_SEATS : LW_MAX_SEATS;
  const char *normal[LW_MAX_SEATS] = { NULL };
  g_autoptr (GPtrArray) normalized = NULL;

  if (record->n_players < min_players || record->n_players > max_players)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "players: %u %s, but %s is played by %u to %u",
                           record->n_players, record->n_players == 1 ? "player" : "players",
                           record->ruleset == LW_RULESET_GARWOLF ? "Garwolf" : "Little Wolf",
                           min_players, max_players);

  /* docs/rules/GAME-RECORD.md "Names": each seat's name in its normal form,
   * a plain one as it is (no copy), so that names are compared with
   * strcmp() as lw_names_equal() compares them. */
  for (guint i = 0; i < record->n_players; i++)
    {
      if (lw_name_is_normal (record->players[i]))
        normal[i] = record->players[i];
      else
        {
          g_autofree char *place = g_strdup_printf ("players: the name of seat %u", i);
          char *name = lw_name_normalize (record->players[i], place, error);

          if (name == NULL)
            return FALSE;
          if (normalized == NULL)
            normalized = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (normalized, name);
          normal[i] = name;
        }
      for (guint j = 0; j < i; j++)
        if (strcmp (normal[j], normal[i]) == 0)
          return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                                 "players: \"%s\" sits at seat %u and seat %u; names must be unique "
                                 "(compared in Unicode NFC)", normal[i], j, i);
    }

  if (record->start_score < 0 || record->start_score > MAX_COUNT)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "rules: start_score is %d, expected 0 to %d", record->start_score, MAX_COUNT);
  if (record->target < 1 || record->target > MAX_COUNT)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "rules: target is %d, expected 1 to %d", record->target, MAX_COUNT);
  if (record->skunk < 1 || record->skunk > MAX_COUNT)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "rules: skunk is %d, expected 1 to %d", record->skunk, MAX_COUNT);

  if (record->first_dealer < 0 || record->first_dealer >= (int) record->n_players)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "first_dealer: seat %d, but the seats are 0 to %u",
                           record->first_dealer, record->n_players - 1);

  /* SCORING R2: partners need 4, 6 or 8 players in equal sides of 2 or more. */
  if (record->n_teams > 0)
    {
      guint size[LW_MAX_SEATS] = { 0 };

      if (record->ruleset == LW_RULESET_GARWOLF)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "teams: partners play is for Little Wolf only");
      if (record->n_teams < 2)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "teams: %u side, expected 2 or more", record->n_teams);
      for (guint seat = 0; seat < record->n_players; seat++)
        {
          int team = record->team_of[seat];

          if (team < 0 || team >= (int) record->n_teams)
            return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                                   "teams: seat %u (%s) is in no side", seat,
                                   seat_name (record, (int) seat));
          size[team]++;
        }
      for (guint t = 0; t < record->n_teams; t++)
        if (size[t] < 2 || size[t] != size[0])
          return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                                 "teams: sides must be of equal size, 2 or more (%u players in %u sides)",
                                 record->n_players, record->n_teams);
    }

  return TRUE;
}

/* Whether @text is a lowercase UUID, 8-4-4-4-12 hex digits. */
gboolean
lw_record_is_lowercase_uuid (const char *text)
{
  static const guint groups[] = { 8, 4, 4, 4, 12 };
  const char *p = text;

  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      for (guint i = 0; i < groups[g]; i++, p++)
        if (!g_ascii_isdigit (*p) && !(*p >= 'a' && *p <= 'f'))
          return FALSE;
      if (g + 1 < G_N_ELEMENTS (groups) && *p++ != '-')
        return FALSE;
    }
  return *p == '\0';
}

/* docs/rules/GAME-RECORD.md version 2: the id, the details' names and notes, the
 * house rules of the record's ruleset, and the substitutes (sorted, one
 * per seat and round, 1 ≤ R ≤ rounds + 1, the names seated at any one time
 * different in NFC). */
static gboolean
validate_version_2 (const LwGameRecord  *record,
                    guint                n_rounds,
                    GError             **error)
{
  const GPtrArray *subs = record->substitutes;

  if (record->id != NULL && !lw_record_is_lowercase_uuid (record->id))
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "id: expected a lowercase UUID (8-4-4-4-12 hex digits)");
  if (record->details.place != NULL && !lw_name_is_normal (record->details.place))
    {
      g_autofree char *place = lw_name_normalize (record->details.place, "details: place", error);
      if (place == NULL)
        return FALSE;
    }
  if (record->details.event_name != NULL && !lw_name_is_normal (record->details.event_name))
    {
      g_autofree char *name = lw_name_normalize (record->details.event_name, "details: event name", error);
      if (name == NULL)
        return FALSE;
    }
  if (record->details.notes != NULL)
    {
      g_autofree char *notes = lw_notes_normalize (record->details.notes, "details: notes", error);
      if (notes == NULL)
        return FALSE;
    }
  if (record->ruleset == LW_RULESET_GARWOLF
      && (record->run_fill != LW_RUN_FILL_INSIDE_OR_END
          || record->over_trump != LW_OVER_TRUMP_WINNING_PLAY))
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "rules: run_fill and over_trump are for Little Wolf only");
  if (record->ruleset == LW_RULESET_LITTLE_WOLF && record->king_and_knave)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "rules: king_and_knave is for Garwolf only");

  for (guint i = 0; subs != NULL && i < subs->len; i++)
    {
      const LwSubstitute *sub = g_ptr_array_index (subs, i);
      g_autofree char *normalized = NULL;
      const char *name = sub->name;

      if (sub->seat < 0 || sub->seat >= (int) record->n_players)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "substitutes: entry %u: seat %d, but the seats are 0 to %u",
                               i + 1, sub->seat, record->n_players - 1);
      if (sub->from_round < 1 || sub->from_round > n_rounds + 1)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "substitutes: entry %u: from_round is %u, expected 1 to %u "
                               "(the game has %u rounds)", i + 1, sub->from_round,
                               n_rounds + 1, n_rounds);
      if (!lw_name_is_normal (sub->name))
        {
          g_autofree char *place = g_strdup_printf ("substitutes: entry %u: name", i + 1);

          if ((name = normalized = lw_name_normalize (sub->name, place, error)) == NULL)
            return FALSE;
        }
      if (i > 0)
        {
          const LwSubstitute *before = g_ptr_array_index (subs, i - 1);

          if (before->from_round == sub->from_round && before->seat == sub->seat)
            return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                                   "substitutes: entry %u: seat %d (%s) changes twice from round %u "
                                   "(to \"%s\" and to \"%s\")",
                                   i + 1, sub->seat, seat_name (record, sub->seat), sub->from_round,
                                   before->name, sub->name);
          if (before->from_round > sub->from_round
              || (before->from_round == sub->from_round && before->seat > sub->seat))
            return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                                   "substitutes: entry %u is out of order (sorted by from_round, "
                                   "then seat)", i + 1);
        }
      /* The names seated from this round on are different. */
      for (guint seat = 0; seat < record->n_players; seat++)
        if ((int) seat != sub->seat
            && lw_names_equal (lw_game_record_player_at (record, (int) seat, sub->from_round), name))
          return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                                 "substitutes: entry %u: \"%s\" already sits at seat %u in round %u "
                                 "(compared in Unicode NFC)", i + 1, name, seat, sub->from_round);
    }
  return TRUE;
}

gboolean
lw_record_validate_head (const LwGameRecord  *record,
                         guint                n_rounds,
                         GError             **error)
{
  return lw_record_validate_setup (record, error) && validate_version_2 (record, n_rounds, error);
}

gboolean
lw_game_record_validate (const LwGameRecord  *record,
                         GError             **error)
{
  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_record_validate_head (record, record->rounds->len, error))
    return FALSE;
  for (guint i = 0; i < record->rounds->len; i++)
    if (!lw_round_validate (record, g_ptr_array_index (record->rounds, i), i + 1, error))
      return FALSE;
  return TRUE;
}


/* An #LwJsonWriteFunc that feeds a #GChecksum. */
static gboolean
checksum_write (const char  *text,
                gsize        length,
                gpointer     user_data,
                GError     **error)
{
  g_checksum_update (user_data, (const guchar *) text, (gssize) length);
  return TRUE;
}

char *
lw_game_record_body_hash (const LwGameRecord *record)
{
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  LwGameRecord body;

  g_return_val_if_fail (record != NULL, NULL);

  /* The same players and rounds, whatever the identity and details: a
   * shallow view of @record without them (nothing copied, nothing freed),
   * written straight into the checksum, so that a large record's hash
   * takes no memory of its size. */
  body = *record;
  body.id = NULL;
  memset (&body.details, 0, sizeof body.details);
  lw_game_record_write_json (&body, FALSE, checksum_write, checksum, NULL);
  return g_strdup (g_checksum_get_string (checksum));
}

/* The same facts, penalty by penalty: unused seats are zero in every round
 * made by this file, and a difference there only costs a full replay. */
static gboolean
round_equal (const LwRound *a,
             const LwRound *b)
{
  if (a->is_void != b->is_void || a->declarer != b->declarer || a->dealer != b->dealer
      || a->all_but_last != b->all_but_last
      || memcmp (a->cards, b->cards, sizeof a->cards) != 0
      || memcmp (a->worms, b->worms, sizeof a->worms) != 0
      || memcmp (a->gongs, b->gongs, sizeof a->gongs) != 0
      || memcmp (a->bears, b->bears, sizeof a->bears) != 0
      || memcmp (a->wolves, b->wolves, sizeof a->wolves) != 0
      || memcmp (a->court, b->court, sizeof a->court) != 0
      || memcmp (a->garwolves, b->garwolves, sizeof a->garwolves) != 0
      || memcmp (a->unpegged, b->unpegged, sizeof a->unpegged) != 0
      || a->penalties->len != b->penalties->len)
    return FALSE;
  for (guint i = 0; i < a->penalties->len; i++)
    {
      const LwPenalty *p = &g_array_index (a->penalties, LwPenalty, i);
      const LwPenalty *q = &g_array_index (b->penalties, LwPenalty, i);

      if (p->seat != q->seat || p->kind != q->kind)
        return FALSE;
    }
  return TRUE;
}

/* @record's setup as JSON: a shallow view without rounds, identity or
 * details (nothing copied, nothing freed). */
static char *
setup_json (const LwGameRecord *record)
{
  g_autoptr (GPtrArray) no_rounds = g_ptr_array_new ();
  LwGameRecord setup = *record;

  setup.rounds = no_rounds;
  setup.id = NULL;
  memset (&setup.details, 0, sizeof setup.details);
  return lw_game_record_to_json (&setup);
}

gboolean
lw_game_record_extends (const LwGameRecord *record,
                        const LwGameRecord *prefix)
{
  g_autofree char *setup = NULL;
  g_autofree char *prefix_setup = NULL;

  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (prefix != NULL, FALSE);

  if (prefix->rounds->len > record->rounds->len)
    return FALSE;
  for (guint i = 0; i < prefix->rounds->len; i++)
    if (!round_equal (g_ptr_array_index (record->rounds, i), g_ptr_array_index (prefix->rounds, i)))
      return FALSE;

  setup = setup_json (record);
  prefix_setup = setup_json (prefix);
  return g_str_equal (setup, prefix_setup);
}

char *
lw_game_record_rules_text (const LwGameRecord *record,
                           const LwRulesWords *words)
{
  static const LwRulesWords english = {
    .inside_only = "Little Wolf fills only inside a Run",
    .whole_trick = "a trump over a plain lead beats every trump in the trick",
    .king_and_knave = "King and Knave",
  };
  g_autoptr (GPtrArray) house = g_ptr_array_new ();
  g_autofree char *joined = NULL;

  g_return_val_if_fail (record != NULL, NULL);

  if (words == NULL)
    words = &english;
  if (record->ruleset == LW_RULESET_LITTLE_WOLF)
    {
      if (record->run_fill == LW_RUN_FILL_INSIDE_ONLY)
        g_ptr_array_add (house, (gpointer) words->inside_only);
      if (record->over_trump == LW_OVER_TRUMP_WHOLE_TRICK)
        g_ptr_array_add (house, (gpointer) words->whole_trick);
    }
  else if (record->king_and_knave)
    g_ptr_array_add (house, (gpointer) words->king_and_knave);
  g_ptr_array_add (house, NULL);
  if (house->len > 1)
    joined = g_strjoinv ("; ", (char **) house->pdata);

  if (record->rule_set != NULL && joined != NULL)
    return g_strdup_printf ("%s — %s", record->rule_set, joined);
  if (record->rule_set != NULL)
    return g_strdup (record->rule_set);
  return g_steal_pointer (&joined);
}

void
lw_game_record_house_rules (const LwGameRecord *record,
                            LwHouseRules       *rules)
{
  g_return_if_fail (record != NULL && rules != NULL);
  memset (rules, 0, sizeof *rules);
  if (record->ruleset != LW_RULESET_LITTLE_WOLF)
    return;
  rules->runs_inside_only = record->run_fill == LW_RUN_FILL_INSIDE_ONLY;
  rules->whole_trick_overtrump = record->over_trump == LW_OVER_TRUMP_WHOLE_TRICK;
}
