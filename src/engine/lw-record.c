/* lw-record.c — the game record: construction, checks, JSON (GAME-RECORD.md)
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

#define FORMAT_NAME "little-wolf/game"
/* The version writers write; readers accept 1 and 2 (GAME-RECORD.md). */
#define FORMAT_VERSION 2
#define FORMAT_VERSION_1 1

/* A bound on every count read from a record, far above any real value, so
 * that sums of up to LW_MAX_SEATS counts never overflow an int. */
#define MAX_COUNT 1000000

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

static LwSubstitute *
substitute_new (int         seat,
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
  /* Sorted by from_round, then seat (GAME-RECORD.md). */
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
  g_ptr_array_insert (record->substitutes, (gint) at, substitute_new (seat, from_round, name));
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
  /* GAME-RECORD.md: the players seated after the last round. */
  return lw_game_record_side_name_at (record, side, G_MAXUINT);
}

/* ------------------------------------------------------------------ */
/* Checks */

static gboolean
invalid (GError     **error,
         const char  *format,
         ...) G_GNUC_PRINTF (2, 3);

static gboolean
invalid (GError     **error,
         const char  *format,
         ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID, message);
  return FALSE;
}

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
      return invalid (error, "round %u: %s of seat %u (%s) is %d, expected a count of 0 to %d",
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
    return invalid (error, "round %u: %s is seat %d, but the seats are 0 to %u",
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
    return invalid (error, "round %u: court cards sum to %d, expected %d",
                    number, court, LW_GARWOLF_COURT_CARDS);
  garwolves = sum_counts (record, round->garwolves);
  if (garwolves != (int) lw_garwolves (record->n_players))
    return invalid (error, "round %u: Garwolves sum to %d, expected %u (one per player)",
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
      g_autofree char *what = g_strdup_printf ("penalty %u", i + 1);

      if (!check_seat (record, number, what, penalty->seat, error))
        return FALSE;
      if (penalty->kind != LW_PENALTY_OUT_OF_TURN &&
          penalty->kind != LW_PENALTY_LOOKED_AT_DISCARDS)
        return invalid (error, "round %u: penalty %u has an unknown kind", number, i + 1);
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
    return invalid (error, "round %u: cards sum to %d, expected %u (%u players × %u)",
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
        return invalid (error, "round %u: %s sum to %d, but %u %s only %u",
                        number, den_names[k], sum, decks,
                        decks == 1 ? "deck holds" : "decks hold", 2 * decks);
    }
  for (guint seat = 0; seat < record->n_players; seat++)
    {
      int held = round->worms[seat] + round->gongs[seat] + round->bears[seat] + round->wolves[seat];

      if (held > round->cards[seat])
        return invalid (error, "round %u: seat %u (%s) has %d Den cards among only %d cards won",
                        number, seat, seat_name (record, (int) seat), held, round->cards[seat]);
    }

  /* SCORING R11: all_but_last needs a declarer whose side did not take
   * every card. */
  if (round->all_but_last)
    {
      int side_cards = 0;

      if (round->declarer == LW_NO_SEAT)
        return invalid (error, "round %u: \"every trick but the last\" is set but nobody declared "
                        "(SCORING R11)", number);
      for (guint seat = 0; seat < record->n_players; seat++)
        if (lw_game_record_side_of (record, (int) seat) ==
            lw_game_record_side_of (record, round->declarer))
          side_cards += round->cards[seat];
      if (side_cards == (int) total)
        return invalid (error, "round %u: \"every trick but the last\" is set but the declarer's "
                        "side won every card (SCORING R11)", number);
    }

  return TRUE;
}

static gboolean
validate_setup (const LwGameRecord  *record,
                GError             **error)
{
  guint min_players = record->ruleset == LW_RULESET_GARWOLF ? 3 : LW_MIN_SEATS;
  guint max_players = record->ruleset == LW_RULESET_GARWOLF ? 4 : LW_MAX_SEATS;

  if (record->n_players < min_players || record->n_players > max_players)
    return invalid (error, "players: %u %s, but %s is played by %u to %u",
                    record->n_players, record->n_players == 1 ? "player" : "players",
                    record->ruleset == LW_RULESET_GARWOLF ? "Garwolf" : "Little Wolf",
                    min_players, max_players);

  for (guint i = 0; i < record->n_players; i++)
    {
      g_autofree char *place = g_strdup_printf ("players: the name of seat %u", i);
      g_autofree char *name = lw_name_normalize (record->players[i], place, error);

      /* GAME-RECORD.md "Names" */
      if (name == NULL)
        return FALSE;
      for (guint j = 0; j < i; j++)
        if (lw_names_equal (record->players[j], name))
          return invalid (error, "players: \"%s\" sits at seat %u and seat %u; names must be unique "
                          "(compared in Unicode NFC)", name, j, i);
    }

  if (record->start_score < 0 || record->start_score > MAX_COUNT)
    return invalid (error, "rules: start_score is %d, expected 0 to %d", record->start_score, MAX_COUNT);
  if (record->target < 1 || record->target > MAX_COUNT)
    return invalid (error, "rules: target is %d, expected 1 to %d", record->target, MAX_COUNT);
  if (record->skunk < 1 || record->skunk > MAX_COUNT)
    return invalid (error, "rules: skunk is %d, expected 1 to %d", record->skunk, MAX_COUNT);

  if (record->first_dealer < 0 || record->first_dealer >= (int) record->n_players)
    return invalid (error, "first_dealer: seat %d, but the seats are 0 to %u",
                    record->first_dealer, record->n_players - 1);

  /* SCORING R2: partners need 4, 6 or 8 players in equal sides of 2 or more. */
  if (record->n_teams > 0)
    {
      guint size[LW_MAX_SEATS] = { 0 };

      if (record->ruleset == LW_RULESET_GARWOLF)
        return invalid (error, "teams: partners play is for Little Wolf only");
      if (record->n_teams < 2)
        return invalid (error, "teams: %u side, expected 2 or more", record->n_teams);
      for (guint seat = 0; seat < record->n_players; seat++)
        {
          int team = record->team_of[seat];

          if (team < 0 || team >= (int) record->n_teams)
            return invalid (error, "teams: seat %u (%s) is in no side", seat,
                            seat_name (record, (int) seat));
          size[team]++;
        }
      for (guint t = 0; t < record->n_teams; t++)
        if (size[t] < 2 || size[t] != size[0])
          return invalid (error, "teams: sides must be of equal size, 2 or more (%u players in %u sides)",
                          record->n_players, record->n_teams);
    }

  return TRUE;
}

/* Whether @text is a lowercase UUID, 8-4-4-4-12 hex digits. */
static gboolean
is_lowercase_uuid (const char *text)
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

/* GAME-RECORD.md version 2: the id, the details' names and notes, the
 * house rules of the record's ruleset, and the substitutes (sorted, one
 * per seat and round, 1 ≤ R ≤ rounds + 1, the names seated at any one time
 * different in NFC). */
static gboolean
validate_version_2 (const LwGameRecord  *record,
                    GError             **error)
{
  const GPtrArray *subs = record->substitutes;

  if (record->id != NULL && !is_lowercase_uuid (record->id))
    return invalid (error, "id: expected a lowercase UUID (8-4-4-4-12 hex digits)");
  if (record->details.place != NULL)
    {
      g_autofree char *place = lw_name_normalize (record->details.place, "details: place", error);
      if (place == NULL)
        return FALSE;
    }
  if (record->details.event_name != NULL)
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
    return invalid (error, "rules: run_fill and over_trump are for Little Wolf only");
  if (record->ruleset == LW_RULESET_LITTLE_WOLF && record->king_and_knave)
    return invalid (error, "rules: king_and_knave is for Garwolf only");

  for (guint i = 0; subs != NULL && i < subs->len; i++)
    {
      const LwSubstitute *sub = g_ptr_array_index (subs, i);
      g_autofree char *place = g_strdup_printf ("substitutes: entry %u: name", i + 1);
      g_autofree char *name = NULL;

      if (sub->seat < 0 || sub->seat >= (int) record->n_players)
        return invalid (error, "substitutes: entry %u: seat %d, but the seats are 0 to %u",
                        i + 1, sub->seat, record->n_players - 1);
      if (sub->from_round < 1 || sub->from_round > record->rounds->len + 1)
        return invalid (error, "substitutes: entry %u: from_round is %u, expected 1 to %u "
                        "(the game has %u rounds)", i + 1, sub->from_round,
                        record->rounds->len + 1, record->rounds->len);
      if ((name = lw_name_normalize (sub->name, place, error)) == NULL)
        return FALSE;
      if (i > 0)
        {
          const LwSubstitute *before = g_ptr_array_index (subs, i - 1);

          if (before->from_round == sub->from_round && before->seat == sub->seat)
            return invalid (error, "substitutes: entry %u: seat %d (%s) changes twice from round %u "
                            "(to \"%s\" and to \"%s\")",
                            i + 1, sub->seat, seat_name (record, sub->seat), sub->from_round,
                            before->name, sub->name);
          if (before->from_round > sub->from_round
              || (before->from_round == sub->from_round && before->seat > sub->seat))
            return invalid (error, "substitutes: entry %u is out of order (sorted by from_round, "
                            "then seat)", i + 1);
        }
      /* The names seated from this round on are different. */
      for (guint seat = 0; seat < record->n_players; seat++)
        if ((int) seat != sub->seat
            && lw_names_equal (lw_game_record_player_at (record, (int) seat, sub->from_round), name))
          return invalid (error, "substitutes: entry %u: \"%s\" already sits at seat %u in round %u "
                          "(compared in Unicode NFC)", i + 1, name, seat, sub->from_round);
    }
  return TRUE;
}

gboolean
lw_game_record_validate (const LwGameRecord  *record,
                         GError             **error)
{
  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!validate_setup (record, error)
      || !validate_version_2 (record, error))
    return FALSE;
  for (guint i = 0; i < record->rounds->len; i++)
    if (!lw_round_validate (record, g_ptr_array_index (record->rounds, i), i + 1, error))
      return FALSE;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Reading JSON */

/* The string a node holds, or NULL when it holds anything else. */
static const char *
get_string (JsonNode *node)
{
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gboolean
only_keys (JsonObject         *object,
           const char         *place,
           const char *const  *allowed,
           GError            **error)
{
  g_autoptr (GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    if (!g_strv_contains (allowed, l->data))
      return invalid (error, "%s: key \"%s\" is not allowed", place, (const char *) l->data);
  return TRUE;
}

/* An integer in [min, max], or an error naming the place. */
static gboolean
read_int (JsonNode    *node,
          const char  *place,
          const char  *key,
          gint64       min,
          gint64       max,
          int         *out,
          GError     **error)
{
  gint64 value;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return invalid (error, "%s: %s must be an integer", place, key);

  value = json_node_get_int (node);
  /* The bound is named even when it is this program's (MAX_COUNT), not a
   * rule's: "expected 1 or more" would be wrong about 1000000000. */
  if (value < min || value > max)
    return invalid (error, "%s: %s is %" G_GINT64_FORMAT ", expected %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT,
                    place, key, value, min, max);
  *out = (int) value;
  return TRUE;
}

static JsonArray *
get_array (JsonObject  *object,
           const char  *place,
           const char  *key,
           GError     **error)
{
  JsonNode *node = json_object_get_member (object, key);

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      invalid (error, "%s: %s must be a list", place, key);
      return NULL;
    }
  return json_node_get_array (node);
}

/* A list of one count per seat. */
static gboolean
read_per_seat (JsonObject         *object,
               const char         *place,
               const char         *key,
               guint               n_players,
               const char *const  *players,
               int                *out,
               GError       **error)
{
  JsonArray *array = get_array (object, place, key, error);

  if (array == NULL)
    return FALSE;
  if (json_array_get_length (array) != n_players)
    return invalid (error, "%s: %s has %u values, expected one per player (%u)",
                    place, key, json_array_get_length (array), n_players);
  for (guint i = 0; i < n_players; i++)
    {
      /* The seat as in JSON, with who sits there (CLI.md). */
      g_autofree char *what = players != NULL && players[i] != NULL
                              ? g_strdup_printf ("%s of seat %u (%s)", key, i, players[i])
                              : g_strdup_printf ("%s of seat %u", key, i);

      if (!read_int (json_array_get_element (array, i), place, what, 0, MAX_COUNT, &out[i], error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_bool (JsonNode    *node,
           const char  *place,
           const char  *key,
           gboolean    *out,
           GError     **error)
{
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return invalid (error, "%s: %s must be true or false", place, key);
  *out = json_node_get_boolean (node);
  return TRUE;
}

static gboolean
read_penalties (JsonObject    *object,
                const char    *place,
                guint          n_players,
                LwRound       *round,
                GError       **error)
{
  static const char *const keys[] = { "seat", "kind", NULL };
  JsonArray *array = get_array (object, place, "penalties", error);

  if (array == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      g_autofree char *where = g_strdup_printf ("%s: penalty %u", place, i + 1);
      JsonObject *penalty;
      const char *kind_name;
      LwPenaltyKind kind;
      int seat;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return invalid (error, "%s must be an object with seat and kind", where);
      penalty = json_node_get_object (node);
      if (!only_keys (penalty, where, keys, error))
        return FALSE;
      if (!json_object_has_member (penalty, "seat") || !json_object_has_member (penalty, "kind"))
        return invalid (error, "%s needs both seat and kind", where);
      if (!read_int (json_object_get_member (penalty, "seat"), where, "seat",
                     0, n_players - 1, &seat, error))
        return FALSE;
      kind_name = get_string (json_object_get_member (penalty, "kind"));
      if (g_strcmp0 (kind_name, "out_of_turn") == 0)
        kind = LW_PENALTY_OUT_OF_TURN;
      else if (g_strcmp0 (kind_name, "looked_at_discards") == 0)
        kind = LW_PENALTY_LOOKED_AT_DISCARDS;
      else
        return invalid (error, "%s: kind must be \"out_of_turn\" or \"looked_at_discards\"", where);
      lw_round_add_penalty (round, seat, kind);
    }
  return TRUE;
}

static gboolean
read_unpegged (JsonObject    *object,
               const char    *place,
               guint          n_players,
               LwRound       *round,
               GError       **error)
{
  JsonArray *array = get_array (object, place, "unpegged", error);

  if (array == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      int seat;

      if (!read_int (json_array_get_element (array, i), place, "unpegged seat",
                     0, n_players - 1, &seat, error))
        return FALSE;
      round->unpegged[seat] = TRUE;
    }
  return TRUE;
}

static LwRound *
read_garwolf_round (JsonObject         *object,
                    const char         *place,
                    guint               n_players,
                    const char *const  *players,
                    GError            **error)
{
  static const char *const keys[] = { "court", "garwolves", NULL };
  g_autoptr (LwRound) round = lw_round_new ();

  if (!only_keys (object, place, keys, error))
    return NULL;
  if (!json_object_has_member (object, "court") || !json_object_has_member (object, "garwolves"))
    {
      invalid (error, "%s: a Garwolf hand needs both court and garwolves", place);
      return NULL;
    }
  if (!read_per_seat (object, place, "court", n_players, players, round->court, error) ||
      !read_per_seat (object, place, "garwolves", n_players, players, round->garwolves, error))
    return NULL;
  return g_steal_pointer (&round);
}

static LwRound *
read_round (JsonNode           *node,
            LwRuleset           ruleset,
            guint               number,
            guint               n_players,
            const char *const  *players,
            GError            **error)
{
  static const char *const keys[] = {
    "declarer", "cards", "all_but_last", "worms", "gongs", "bears", "wolves",
    "dealer", "penalties", "unpegged", "void", NULL
  };
  static const char *const void_keys[] = { "void", "penalties", NULL };
  static const struct { const char *key; gsize offset; } dens[] = {
    { "worms", G_STRUCT_OFFSET (LwRound, worms) },
    { "gongs", G_STRUCT_OFFSET (LwRound, gongs) },
    { "bears", G_STRUCT_OFFSET (LwRound, bears) },
    { "wolves", G_STRUCT_OFFSET (LwRound, wolves) },
  };
  g_autofree char *place = g_strdup_printf ("round %u", number);
  g_autoptr (LwRound) round = NULL;
  JsonObject *object;
  JsonNode *member;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      invalid (error, "%s: must be an object", place);
      return NULL;
    }
  object = json_node_get_object (node);

  if (ruleset == LW_RULESET_GARWOLF)
    return read_garwolf_round (object, place, n_players, players, error);

  if (!only_keys (object, place, keys, error))
    return NULL;

  round = lw_round_new ();

  if (json_object_has_member (object, "penalties") &&
      !read_penalties (object, place, n_players, round, error))
    return NULL;

  /* SCORING R21 */
  if ((member = json_object_get_member (object, "void")) != NULL)
    {
      g_autoptr (GList) names = json_object_get_members (object);

      if (g_strcmp0 (get_string (member), "dealer_did_not_discard") != 0)
        {
          invalid (error, "%s: void must be \"dealer_did_not_discard\"", place);
          return NULL;
        }
      for (GList *l = names; l != NULL; l = l->next)
        if (!g_strv_contains (void_keys, l->data))
          {
            invalid (error, "%s: a void round may hold only penalties, not \"%s\"",
                     place, (const char *) l->data);
            return NULL;
          }
      round->is_void = TRUE;
      return g_steal_pointer (&round);
    }

  if ((member = json_object_get_member (object, "declarer")) == NULL)
    {
      invalid (error, "%s: declarer is missing (null when everyone declined)", place);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_NULL (member) &&
      !read_int (member, place, "declarer", 0, n_players - 1, &round->declarer, error))
    return NULL;

  if (!json_object_has_member (object, "cards"))
    {
      invalid (error, "%s: cards is missing", place);
      return NULL;
    }
  if (!read_per_seat (object, place, "cards", n_players, players, round->cards, error))
    return NULL;

  for (guint k = 0; k < G_N_ELEMENTS (dens); k++)
    if (json_object_has_member (object, dens[k].key) &&
        !read_per_seat (object, place, dens[k].key, n_players, players,
                        G_STRUCT_MEMBER_P (round, dens[k].offset), error))
      return NULL;

  if ((member = json_object_get_member (object, "all_but_last")) != NULL &&
      !read_bool (member, place, "all_but_last", &round->all_but_last, error))
    return NULL;

  if ((member = json_object_get_member (object, "dealer")) != NULL &&
      !read_int (member, place, "dealer", 0, n_players - 1, &round->dealer, error))
    return NULL;

  if (json_object_has_member (object, "unpegged") &&
      !read_unpegged (object, place, n_players, round, error))
    return NULL;

  return g_steal_pointer (&round);
}

/* A string member that is one of @values (its index in *@out). */
static gboolean
read_choice (JsonNode           *node,
             const char         *key,
             const char *const  *values,
             int                *out,
             GError            **error)
{
  const char *text = get_string (node);

  for (int i = 0; text != NULL && values[i] != NULL; i++)
    if (g_str_equal (text, values[i]))
      {
        *out = i;
        return TRUE;
      }
  return invalid (error, "rules: %s must be \"%s\" or \"%s\"", key, values[0], values[1]);
}

static gboolean
read_rules (JsonNode      *node,
            LwGameRecord  *record,
            gboolean      *version_2,
            GError       **error)
{
  static const char *const keys[] = {
    "start_score", "target", "skunk", "rule_set", "run_fill", "over_trump", "king_and_knave", NULL
  };
  static const char *const run_fills[] = { "inside_or_end", "inside_only", NULL };
  static const char *const over_trumps[] = { "winning_play", "whole_trick", NULL };
  gboolean garwolf = record->ruleset == LW_RULESET_GARWOLF;
  JsonObject *rules;
  JsonNode *member;
  int choice;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return invalid (error, "rules: must be an object");
  rules = json_node_get_object (node);
  if (!only_keys (rules, "rules", keys, error))
    return FALSE;

  if ((member = json_object_get_member (rules, "start_score")) != NULL &&
      !read_int (member, "rules", "start_score", 0, MAX_COUNT, &record->start_score, error))
    return FALSE;
  if ((member = json_object_get_member (rules, "target")) != NULL &&
      !read_int (member, "rules", "target", 1, MAX_COUNT, &record->target, error))
    return FALSE;
  if ((member = json_object_get_member (rules, "skunk")) != NULL)
    {
      if (garwolf)
        return invalid (error, "rules: skunk is for Little Wolf only");
      if (!read_int (member, "rules", "skunk", 1, MAX_COUNT, &record->skunk, error))
        return FALSE;
    }

  /* Version 2: the house rules, each of one ruleset (GAME-RECORD.md). */
  if ((member = json_object_get_member (rules, "rule_set")) != NULL)
    {
      const char *text = get_string (member);
      g_autofree char *name = NULL;

      if (text == NULL)
        return invalid (error, "rules: rule_set must be a string");
      if ((name = lw_name_normalize (text, "rules: rule_set", error)) == NULL)
        return FALSE;
      g_free (record->rule_set);
      record->rule_set = g_steal_pointer (&name);
      *version_2 = TRUE;
    }
  if ((member = json_object_get_member (rules, "run_fill")) != NULL)
    {
      if (garwolf)
        return invalid (error, "rules: run_fill is for Little Wolf only");
      if (!read_choice (member, "run_fill", run_fills, &choice, error))
        return FALSE;
      record->run_fill = (LwRunFill) choice;
      *version_2 = TRUE;
    }
  if ((member = json_object_get_member (rules, "over_trump")) != NULL)
    {
      if (garwolf)
        return invalid (error, "rules: over_trump is for Little Wolf only");
      if (!read_choice (member, "over_trump", over_trumps, &choice, error))
        return FALSE;
      record->over_trump = (LwOverTrump) choice;
      *version_2 = TRUE;
    }
  if ((member = json_object_get_member (rules, "king_and_knave")) != NULL)
    {
      if (!garwolf)
        return invalid (error, "rules: king_and_knave is for Garwolf only");
      if (!JSON_NODE_HOLDS_VALUE (member) || json_node_get_value_type (member) != G_TYPE_BOOLEAN)
        return invalid (error, "rules: king_and_knave must be true or false");
      record->king_and_knave = json_node_get_boolean (member);
      *version_2 = TRUE;
    }
  return TRUE;
}

/* "2026-11-29T18:30:00Z": ISO 8601 in UTC, seconds since 1970. */
static gboolean
read_played_at (JsonNode  *node,
                gint64    *out,
                GError   **error)
{
  const char *text = get_string (node);
  g_autoptr (GDateTime) time = NULL;
  gsize length = text != NULL ? strlen (text) : 0;

  if (text == NULL || length < 2 || text[length - 1] != 'Z'
      || (time = g_date_time_new_from_iso8601 (text, NULL)) == NULL)
    return invalid (error, "details: played_at must be an ISO 8601 date-time in UTC, "
                    "like \"2026-11-29T18:30:00Z\"");
  *out = g_date_time_to_unix (time);
  return TRUE;
}

/* A string of @object, NULL when absent; an error when not a string. */
static gboolean
read_optional_string (JsonObject  *object,
                      const char  *place,
                      const char  *key,
                      const char **out,
                      GError     **error)
{
  JsonNode *member = json_object_get_member (object, key);

  *out = NULL;
  if (member == NULL)
    return TRUE;
  if ((*out = get_string (member)) == NULL)
    return invalid (error, "%s: %s must be a string", place, key);
  return TRUE;
}

static gboolean
read_details (JsonNode      *node,
              LwGameRecord  *record,
              GError       **error)
{
  static const char *const keys[] = { "played_at", "place", "notes", "event", NULL };
  static const char *const event_keys[] = { "name", "round", "table", "board", NULL };
  LwGameDetails *details = &record->details;
  JsonObject *object;
  JsonNode *member;
  const char *text;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return invalid (error, "details: must be an object");
  object = json_node_get_object (node);
  if (!only_keys (object, "details", keys, error))
    return FALSE;
  if ((member = json_object_get_member (object, "played_at")) != NULL
      && !read_played_at (member, &details->played_at, error))
    return FALSE;
  if (!read_optional_string (object, "details", "place", &text, error))
    return FALSE;
  if (text != NULL && (details->place = lw_name_normalize (text, "details: place", error)) == NULL)
    return FALSE;
  if (!read_optional_string (object, "details", "notes", &text, error))
    return FALSE;
  if (text != NULL)
    {
      if ((details->notes = lw_notes_normalize (text, "details: notes", error)) == NULL)
        return FALSE;
      if (*details->notes == '\0')
        g_clear_pointer (&details->notes, g_free);
    }

  if ((member = json_object_get_member (object, "event")) != NULL)
    {
      JsonObject *event;

      if (!JSON_NODE_HOLDS_OBJECT (member))
        return invalid (error, "details: event must be an object");
      event = json_node_get_object (member);
      if (!only_keys (event, "details: event", event_keys, error)
          || !read_optional_string (event, "details: event", "name", &text, error))
        return FALSE;
      if (text != NULL
          && (details->event_name = lw_name_normalize (text, "details: event name", error)) == NULL)
        return FALSE;
      if ((member = json_object_get_member (event, "round")) != NULL
          && !read_int (member, "details: event", "round", 1, MAX_COUNT, &details->event_round, error))
        return FALSE;
      if ((member = json_object_get_member (event, "table")) != NULL
          && !read_int (member, "details: event", "table", 1, MAX_COUNT, &details->event_table, error))
        return FALSE;
      if ((member = json_object_get_member (event, "board")) != NULL
          && !read_int (member, "details: event", "board", 1, MAX_COUNT, &details->event_board, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_substitutes (JsonNode      *node,
                  LwGameRecord  *record,
                  GError       **error)
{
  static const char *const keys[] = { "seat", "from_round", "name", NULL };
  JsonArray *list;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    return invalid (error, "substitutes: must be a list");
  list = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonNode *element = json_array_get_element (list, i);
      g_autofree char *place = g_strdup_printf ("substitutes: entry %u", i + 1);
      JsonObject *object;
      const char *name;
      int seat, from_round;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        return invalid (error, "%s must be an object", place);
      object = json_node_get_object (element);
      if (!only_keys (object, place, keys, error)
          || !read_int (json_object_get_member (object, "seat"), place, "seat",
                        0, record->n_players - 1, &seat, error)
          || !read_int (json_object_get_member (object, "from_round"), place, "from_round",
                        1, MAX_COUNT, &from_round, error))
        return FALSE;
      if ((name = get_string (json_object_get_member (object, "name"))) == NULL)
        return invalid (error, "%s: name must be a string", place);
      /* Appended as written: lw_game_record_validate() checks the order. */
      g_ptr_array_add (record->substitutes, substitute_new (seat, (guint) from_round, name));
    }
  return TRUE;
}

static gboolean
read_teams (JsonNode      *node,
            LwGameRecord  *record,
            GError       **error)
{
  JsonArray *teams;
  gboolean placed[LW_MAX_SEATS] = { FALSE };
  int team_of[LW_MAX_SEATS] = { 0 };
  guint n_teams;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    return invalid (error, "teams: must be a list of sides, each a list of seats");
  teams = json_node_get_array (node);
  n_teams = json_array_get_length (teams);
  if (n_teams < 2 || n_teams > LW_MAX_SEATS / 2)
    return invalid (error, "teams: %u %s, expected 2 to %u",
                    n_teams, n_teams == 1 ? "side" : "sides", LW_MAX_SEATS / 2);

  for (guint t = 0; t < n_teams; t++)
    {
      JsonNode *team_node = json_array_get_element (teams, t);
      g_autofree char *place = g_strdup_printf ("teams: side %u", t + 1);
      JsonArray *team;

      if (!JSON_NODE_HOLDS_ARRAY (team_node))
        return invalid (error, "%s must be a list of seats", place);
      team = json_node_get_array (team_node);
      for (guint i = 0; i < json_array_get_length (team); i++)
        {
          int seat;

          if (!read_int (json_array_get_element (team, i), place, "seat",
                         0, record->n_players - 1, &seat, error))
            return FALSE;
          if (placed[seat])
            return invalid (error, "teams: seat %d (%s) is in more than one side",
                            seat, record->players[seat]);
          placed[seat] = TRUE;
          team_of[seat] = (int) t;
        }
    }
  for (guint seat = 0; seat < record->n_players; seat++)
    if (!placed[seat])
      return invalid (error, "teams: seat %u (%s) is in no side", seat, record->players[seat]);

  lw_game_record_set_teams (record, n_teams, team_of);
  return TRUE;
}

/* json-glib's "<data>:LINE:COLUMN: Parse error: WHAT" as
 * "line LINE, column COLUMN: WHAT". */
static char *
json_error_place (const char *message)
{
  unsigned line = 0, column = 0;
  int consumed = 0;
  const char *what;

  if (sscanf (message, "<data>:%u:%u: %n", &line, &column, &consumed) < 2 || consumed == 0)
    return g_strdup (message);
  what = message + consumed;
  if (g_str_has_prefix (what, "Parse error: "))
    what += strlen ("Parse error: ");
  return g_strdup_printf ("line %u, column %u: %s", line, column, what);
}

/* Parses @data whole into @parser; the error names the line. */
static JsonNode *
parse_whole (JsonParser  *parser,
             const char  *data,
             gsize        length,
             GError     **error)
{
  g_autoptr (GError) parse_error = NULL;
  JsonNode *root = NULL;

  if (length == 0 || !json_parser_load_from_data (parser, data, (gssize) length, &parse_error) ||
      (root = json_parser_get_root (parser)) == NULL)
    {
      if (parse_error != NULL)
        {
          g_autofree char *where = json_error_place (parse_error->message);
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE,
                       "the game record is not JSON: %s", where);
        }
      else
        g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE, "the game record is empty");
      return NULL;
    }
  return root;
}

/* Reads the record in @data (checked text). With @split, the rounds are
 * parsed one at a time (lw_json_split_array()) rather than as part of one
 * tree, so that a large record never exists whole as a JSON tree; a round
 * whose text is not JSON sets *@not_split and returns %NULL without an
 * error, for the caller to read @data whole and report its place. */
static LwGameRecord *
read_record (const char  *data,
             gsize        length,
             gboolean     split,
             gboolean    *not_split,
             GError     **error)
{
  static const char *const keys[] = {
    "format", "version", "ruleset", "rules", "players", "teams", "first_dealer", "rounds",
    "id", "details", "substitutes", NULL
  };
  gboolean version_2 = FALSE;
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (JsonParser) round_parser = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GPtrArray) names = NULL;
  g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (LwJsonSpan));
  g_autofree char *head = NULL;
  LwJsonSpan array = { 0, 0 };
  JsonObject *object;
  JsonNode *root, *member;
  JsonArray *players, *rounds;
  LwRuleset ruleset = LW_RULESET_LITTLE_WOLF;
  guint n_rounds;
  int version;

  *not_split = FALSE;
  if (split && lw_json_split_array (data, length, "rounds", &array, spans))
    {
      /* The record with its rounds cut out: "rounds": []. */
      gsize tail = length - (array.end - 1);

      head = g_malloc (array.start + 1 + tail + 1);
      memcpy (head, data, array.start + 1);
      memcpy (head + array.start + 1, data + array.end - 1, tail);
      head[array.start + 1 + tail] = '\0';
      if ((root = parse_whole (parser, head, array.start + 1 + tail, NULL)) == NULL)
        {
          *not_split = TRUE;
          return NULL;
        }
    }
  else
    {
      g_array_set_size (spans, 0);
      if ((root = parse_whole (parser, data, length, error)) == NULL)
        return NULL;
    }

  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      invalid (error, "the game record must be a JSON object");
      return NULL;
    }
  object = json_node_get_object (root);
  if (!only_keys (object, "game record", keys, error))
    return NULL;

  member = json_object_get_member (object, "format");
  if (g_strcmp0 (get_string (member), FORMAT_NAME) != 0)
    {
      invalid (error, "format: expected \"" FORMAT_NAME "\"");
      return NULL;
    }
  if (!read_int (json_object_get_member (object, "version"), "game record", "version",
                 FORMAT_VERSION_1, FORMAT_VERSION, &version, error))
    return NULL;

  if ((member = json_object_get_member (object, "ruleset")) != NULL &&
      !lw_ruleset_from_string (get_string (member), &ruleset))
    {
      invalid (error, "ruleset: expected \"little-wolf\" or \"garwolf\"");
      return NULL;
    }

  if ((players = get_array (object, "game record", "players", error)) == NULL)
    return NULL;
  if (json_array_get_length (players) > LW_MAX_SEATS || json_array_get_length (players) < 1)
    {
      guint n = json_array_get_length (players);
      gboolean garwolf = ruleset == LW_RULESET_GARWOLF;

      invalid (error, "players: %u %s, but %s is played by %u to %u",
               n, n == 1 ? "player" : "players", garwolf ? "Garwolf" : "Little Wolf",
               garwolf ? 3 : LW_MIN_SEATS, garwolf ? 4 : LW_MAX_SEATS);
      return NULL;
    }
  names = g_ptr_array_new ();
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonNode *name = json_array_get_element (players, i);

      if (get_string (name) == NULL)
        {
          invalid (error, "players: the name of seat %u must be a string", i);
          return NULL;
        }
      g_ptr_array_add (names, (gpointer) get_string (name));
    }
  record = lw_game_record_new (ruleset, names->len, (const char *const *) names->pdata);
  if (!validate_setup (record, error))
    return NULL;

  if ((member = json_object_get_member (object, "rules")) != NULL &&
      !read_rules (member, record, &version_2, error))
    return NULL;

  if ((member = json_object_get_member (object, "id")) != NULL)
    {
      const char *id = get_string (member);

      if (id == NULL || !is_lowercase_uuid (id))
        {
          invalid (error, "id: expected a lowercase UUID (8-4-4-4-12 hex digits)");
          return NULL;
        }
      record->id = g_strdup (id);
      version_2 = TRUE;
    }
  if ((member = json_object_get_member (object, "details")) != NULL)
    {
      if (!read_details (member, record, error))
        return NULL;
      version_2 = TRUE;
    }
  if ((member = json_object_get_member (object, "substitutes")) != NULL)
    {
      if (!read_substitutes (member, record, error))
        return NULL;
      version_2 = TRUE;
    }
  if (version_2 && version < FORMAT_VERSION)
    {
      invalid (error, "version: 1, but the record uses version 2 keys (id, details, "
               "substitutes or house rules); write \"version\": 2");
      return NULL;
    }

  if ((member = json_object_get_member (object, "teams")) != NULL &&
      !read_teams (member, record, error))
    return NULL;

  if ((member = json_object_get_member (object, "first_dealer")) != NULL &&
      !read_int (member, "game record", "first_dealer", 0, record->n_players - 1,
                 &record->first_dealer, error))
    return NULL;

  if (!json_object_has_member (object, "rounds"))
    {
      invalid (error, "game record: rounds is missing");
      return NULL;
    }
  if ((rounds = get_array (object, "game record", "rounds", error)) == NULL)
    return NULL;
  /* The cut-out rounds, unless the head holds rounds of its own (a later
   * "rounds" spelt with escapes, which json-glib keeps instead). */
  if (json_array_get_length (rounds) > 0)
    g_array_set_size (spans, 0);
  else if (spans->len > 0)
    round_parser = json_parser_new_immutable ();
  n_rounds = spans->len > 0 ? spans->len : json_array_get_length (rounds);
  for (guint i = 0; i < n_rounds; i++)
    {
      JsonNode *node;
      LwRound *round;

      if (spans->len > 0)
        {
          const LwJsonSpan *span = &g_array_index (spans, LwJsonSpan, i);

          /* One value, as the whole text's parse would take it. */
          if (!lw_json_text_check (data + span->start, span->end - span->start, NULL)
              || !json_parser_load_from_data (round_parser, data + span->start,
                                              (gssize) (span->end - span->start), NULL)
              || (node = json_parser_get_root (round_parser)) == NULL)
            {
              *not_split = TRUE;
              return NULL;
            }
        }
      else
        node = json_array_get_element (rounds, i);
      round = read_round (node, ruleset, i + 1, record->n_players,
                          (const char *const *) record->players, error);
      if (round == NULL)
        return NULL;
      g_ptr_array_add (record->rounds, round);
    }

  if (!lw_game_record_validate (record, error))
    return NULL;
  return g_steal_pointer (&record);
}

LwGameRecord *
lw_game_record_from_json (const char  *data,
                          gssize       length,
                          GError     **error)
{
  LwGameRecord *record;
  gboolean not_split = FALSE;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (data);
  if (length > 0 && !g_utf8_validate_len (data, (gsize) length, NULL))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE, "the game record is not valid UTF-8");
      return NULL;
    }
  if (!lw_json_text_check (data, (gsize) length, error))
    return NULL;

  /* The rounds one at a time; the text whole when they cannot be cut out
   * plainly, or one of them is not JSON (json-glib then names its line). */
  record = read_record (data, (gsize) length, TRUE, &not_split, error);
  if (record == NULL && not_split)
    record = read_record (data, (gsize) length, FALSE, &not_split, error);
  return record;
}

/* ------------------------------------------------------------------ */
/* Writing JSON */

static void
add_per_seat (JsonBuilder        *builder,
              const LwGameRecord *record,
              const char         *key,
              const int          *counts,
              gboolean            always)
{
  gboolean any = always;

  for (guint i = 0; i < record->n_players && !any; i++)
    any = counts[i] != 0;
  if (!any)
    return;

  json_builder_set_member_name (builder, key);
  json_builder_begin_array (builder);
  for (guint i = 0; i < record->n_players; i++)
    json_builder_add_int_value (builder, counts[i]);
  json_builder_end_array (builder);
}

static void
add_round (JsonBuilder        *builder,
           const LwGameRecord *record,
           const LwRound      *round)
{
  json_builder_begin_object (builder);

  if (record->ruleset == LW_RULESET_GARWOLF)
    {
      add_per_seat (builder, record, "court", round->court, TRUE);
      add_per_seat (builder, record, "garwolves", round->garwolves, TRUE);
      json_builder_end_object (builder);
      return;
    }

  if (round->is_void)
    {
      json_builder_set_member_name (builder, "void");
      json_builder_add_string_value (builder, "dealer_did_not_discard");
    }
  else
    {
      gboolean any_unpegged = FALSE;

      if (round->dealer != LW_NO_SEAT)
        {
          json_builder_set_member_name (builder, "dealer");
          json_builder_add_int_value (builder, round->dealer);
        }
      json_builder_set_member_name (builder, "declarer");
      if (round->declarer == LW_NO_SEAT)
        json_builder_add_null_value (builder);
      else
        json_builder_add_int_value (builder, round->declarer);
      add_per_seat (builder, record, "cards", round->cards, TRUE);
      if (round->all_but_last)
        {
          json_builder_set_member_name (builder, "all_but_last");
          json_builder_add_boolean_value (builder, TRUE);
        }
      add_per_seat (builder, record, "worms", round->worms, FALSE);
      add_per_seat (builder, record, "gongs", round->gongs, FALSE);
      add_per_seat (builder, record, "bears", round->bears, FALSE);
      add_per_seat (builder, record, "wolves", round->wolves, FALSE);

      for (guint i = 0; i < record->n_players; i++)
        any_unpegged |= round->unpegged[i];
      if (any_unpegged)
        {
          json_builder_set_member_name (builder, "unpegged");
          json_builder_begin_array (builder);
          for (guint i = 0; i < record->n_players; i++)
            if (round->unpegged[i])
              json_builder_add_int_value (builder, i);
          json_builder_end_array (builder);
        }
    }

  if (round->penalties->len > 0)
    {
      json_builder_set_member_name (builder, "penalties");
      json_builder_begin_array (builder);
      for (guint i = 0; i < round->penalties->len; i++)
        {
          const LwPenalty *penalty = &g_array_index (round->penalties, LwPenalty, i);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "seat");
          json_builder_add_int_value (builder, penalty->seat);
          json_builder_set_member_name (builder, "kind");
          json_builder_add_string_value (builder, penalty->kind == LW_PENALTY_OUT_OF_TURN
                                                  ? "out_of_turn" : "looked_at_discards");
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }

  json_builder_end_object (builder);
}

/* The details that are given, or nothing when none is. */
static void
add_details (JsonBuilder         *builder,
             const LwGameDetails *details)
{
  gboolean event = details->event_name != NULL || details->event_round > 0
                   || details->event_table > 0 || details->event_board > 0;

  if (details->played_at == 0 && details->place == NULL && details->notes == NULL && !event)
    return;
  json_builder_set_member_name (builder, "details");
  json_builder_begin_object (builder);
  if (details->played_at != 0)
    {
      g_autoptr (GDateTime) time = g_date_time_new_from_unix_utc (details->played_at);
      g_autofree char *text = time != NULL ? g_date_time_format (time, "%Y-%m-%dT%H:%M:%SZ") : NULL;

      if (text != NULL)
        {
          json_builder_set_member_name (builder, "played_at");
          json_builder_add_string_value (builder, text);
        }
    }
  if (details->place != NULL)
    {
      json_builder_set_member_name (builder, "place");
      json_builder_add_string_value (builder, details->place);
    }
  if (details->notes != NULL)
    {
      json_builder_set_member_name (builder, "notes");
      json_builder_add_string_value (builder, details->notes);
    }
  if (event)
    {
      json_builder_set_member_name (builder, "event");
      json_builder_begin_object (builder);
      if (details->event_name != NULL)
        {
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, details->event_name);
        }
      if (details->event_round > 0)
        {
          json_builder_set_member_name (builder, "round");
          json_builder_add_int_value (builder, details->event_round);
        }
      if (details->event_table > 0)
        {
          json_builder_set_member_name (builder, "table");
          json_builder_add_int_value (builder, details->event_table);
        }
      if (details->event_board > 0)
        {
          json_builder_set_member_name (builder, "board");
          json_builder_add_int_value (builder, details->event_board);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);
}

/* The house rules that differ from the defaults, and the rule set's name. */
static void
add_house_rules (JsonBuilder        *builder,
                 const LwGameRecord *record)
{
  if (record->rule_set != NULL)
    {
      json_builder_set_member_name (builder, "rule_set");
      json_builder_add_string_value (builder, record->rule_set);
    }
  if (record->ruleset == LW_RULESET_LITTLE_WOLF && record->run_fill != LW_RUN_FILL_INSIDE_OR_END)
    {
      json_builder_set_member_name (builder, "run_fill");
      json_builder_add_string_value (builder, "inside_only");
    }
  if (record->ruleset == LW_RULESET_LITTLE_WOLF && record->over_trump != LW_OVER_TRUMP_WINNING_PLAY)
    {
      json_builder_set_member_name (builder, "over_trump");
      json_builder_add_string_value (builder, "whole_trick");
    }
  if (record->ruleset == LW_RULESET_GARWOLF && record->king_and_knave)
    {
      json_builder_set_member_name (builder, "king_and_knave");
      json_builder_add_boolean_value (builder, TRUE);
    }
}

/* The record without its rounds ("rounds": []), for lw_json_write_streamed(). */
static JsonNode *
record_head (const LwGameRecord *record)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, FORMAT_NAME);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, FORMAT_VERSION);
  if (record->id != NULL)
    {
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, record->id);
    }
  add_details (builder, &record->details);
  json_builder_set_member_name (builder, "ruleset");
  json_builder_add_string_value (builder, lw_ruleset_to_string (record->ruleset));

  json_builder_set_member_name (builder, "rules");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "start_score");
  json_builder_add_int_value (builder, record->start_score);
  json_builder_set_member_name (builder, "target");
  json_builder_add_int_value (builder, record->target);
  if (record->ruleset == LW_RULESET_LITTLE_WOLF)
    {
      json_builder_set_member_name (builder, "skunk");
      json_builder_add_int_value (builder, record->skunk);
    }
  add_house_rules (builder, record);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint i = 0; i < record->n_players; i++)
    json_builder_add_string_value (builder, record->players[i]);
  json_builder_end_array (builder);

  if (record->n_teams > 0)
    {
      json_builder_set_member_name (builder, "teams");
      json_builder_begin_array (builder);
      for (guint t = 0; t < record->n_teams; t++)
        {
          json_builder_begin_array (builder);
          for (guint seat = 0; seat < record->n_players; seat++)
            if (record->team_of[seat] == (int) t)
              json_builder_add_int_value (builder, seat);
          json_builder_end_array (builder);
        }
      json_builder_end_array (builder);
    }

  if (record->substitutes != NULL && record->substitutes->len > 0)
    {
      json_builder_set_member_name (builder, "substitutes");
      json_builder_begin_array (builder);
      for (guint i = 0; i < record->substitutes->len; i++)
        {
          const LwSubstitute *sub = g_ptr_array_index (record->substitutes, i);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "seat");
          json_builder_add_int_value (builder, sub->seat);
          json_builder_set_member_name (builder, "from_round");
          json_builder_add_int_value (builder, sub->from_round);
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, sub->name);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }

  json_builder_set_member_name (builder, "first_dealer");
  json_builder_add_int_value (builder, record->first_dealer);

  /* Filled one round at a time as it is written. */
  json_builder_set_member_name (builder, "rounds");
  json_builder_begin_array (builder);
  json_builder_end_array (builder);

  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

static JsonNode *
round_node (guint    index,
            gpointer user_data)
{
  const LwGameRecord *record = user_data;
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  add_round (builder, record, g_ptr_array_index (record->rounds, index));
  return json_builder_get_root (builder);
}

gboolean
lw_game_record_write_json (const LwGameRecord  *record,
                           gboolean             pretty,
                           LwJsonWriteFunc      write,
                           gpointer             write_data,
                           GError             **error)
{
  g_autoptr (JsonNode) head = NULL;

  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (write != NULL, FALSE);

  head = record_head (record);
  return lw_json_write_streamed (head, "rounds", record->rounds->len, round_node,
                                 (gpointer) record, pretty, write, write_data, error);
}

char *
lw_game_record_to_json (const LwGameRecord *record)
{
  GString *out;

  g_return_val_if_fail (record != NULL, NULL);

  out = g_string_new (NULL);
  lw_game_record_write_json (record, TRUE, lw_json_write_to_string, out, NULL);
  return g_string_free (out, FALSE);
}

static gboolean
count_bytes (const char  *text,
             gsize        length,
             gpointer     user_data,
             GError     **error)
{
  guint64 *total = user_data;

  (void) text;
  (void) error;
  *total += length;
  return TRUE;
}

guint64
lw_game_record_json_length (const LwGameRecord *record,
                            gboolean            pretty)
{
  guint64 total = 0;

  g_return_val_if_fail (record != NULL, 0);

  lw_game_record_write_json (record, pretty, count_bytes, &total, NULL);
  return total;
}

gboolean
lw_game_record_export_indented (const LwGameRecord *record)
{
  g_return_val_if_fail (record != NULL, TRUE);

  return lw_game_record_json_length (record, TRUE) <= LW_GAME_RECORD_MAX_BYTES;
}

/* More bytes than any round takes without white space: the keys (under
 * 160 bytes with their punctuation), 10 per count of each seat in each of
 * the 8 per-seat lists, 48 per penalty; checked against the writer by
 * test-score. */
static guint64
round_length_bound (const LwGameRecord *record,
                    const LwRound      *round)
{
  return 200 + 80 * (guint64) record->n_players + 48 * (guint64) round->penalties->len;
}

gboolean
lw_game_record_check_size (const LwGameRecord  *record,
                           GError             **error)
{
  guint64 bound = 1024, length;

  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Quick when far from the limit: a bound, not the text. */
  for (guint i = 0; i < record->n_players; i++)
    bound += 6 * (guint64) strlen (record->players[i]) + 8;
  for (guint i = 0; record->substitutes != NULL && i < record->substitutes->len; i++)
    bound += 6 * (guint64) strlen (((LwSubstitute *) g_ptr_array_index (record->substitutes, i))->name) + 64;
  bound += 6 * (guint64) (strlen (record->details.notes ? record->details.notes : "")
                          + strlen (record->details.place ? record->details.place : "")
                          + strlen (record->details.event_name ? record->details.event_name : "")
                          + strlen (record->rule_set ? record->rule_set : "")) + 256;
  for (guint i = 0; i < record->rounds->len && bound <= LW_GAME_RECORD_MAX_BYTES; i++)
    bound += round_length_bound (record, g_ptr_array_index (record->rounds, i));
  if (bound <= LW_GAME_RECORD_MAX_BYTES)
    return TRUE;

  length = lw_game_record_json_length (record, FALSE);
  if (length <= LW_GAME_RECORD_MAX_BYTES)
    return TRUE;
  g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
               "the game record of %u rounds takes %.1f MiB even without white space, "
               "more than the %d MiB a game record may take",
               record->rounds->len, (double) length / (1024 * 1024),
               LW_GAME_RECORD_MAX_BYTES / (1024 * 1024));
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* One round's JSON */

char *
lw_round_to_json (const LwGameRecord *record,
                  const LwRound      *round)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (round != NULL, NULL);

  add_round (builder, record, round);
  return lw_json_builder_to_text (builder);
}

LwRound *
lw_round_from_json (const LwGameRecord  *record,
                    const char          *data,
                    gssize               length,
                    guint                number,
                    GError             **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) parse_error = NULL;
  g_autoptr (LwRound) round = NULL;
  JsonNode *root;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (data);
  if (length > 0 && !g_utf8_validate_len (data, (gsize) length, NULL))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE,
                   "round %u: not valid UTF-8", number);
      return NULL;
    }
  if (!lw_json_text_check (data, (gsize) length, error))
    return NULL;
  if (length == 0 || !json_parser_load_from_data (parser, data, length, &parse_error) ||
      (root = json_parser_get_root (parser)) == NULL)
    {
      g_autofree char *where = parse_error != NULL
                               ? json_error_place (parse_error->message) : g_strdup ("empty");

      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE,
                   "round %u: not JSON: %s", number, where);
      return NULL;
    }

  round = read_round (root, record->ruleset, number, record->n_players,
                      (const char *const *) record->players, error);
  if (round == NULL || !lw_round_validate (record, round, number, error))
    return NULL;
  return g_steal_pointer (&round);
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
