/* lw-score.c — replaying a game record into standings
 *
 * Implements docs/rules/SCORING.md: R1–R25 for Little Wolf, G1–G2 for Garwolf. Every
 * number shown anywhere in the app comes from lw_standings_compute().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "lw-error.h"
#include "lw-garwolf.h"
#include "lw-json-text.h"
#include "lw-names.h"
#include "lw-score.h"
#include "lw-score-private.h"

#define STANDINGS_FORMAT "little-wolf/standings"
#define STANDINGS_VERSION 1

/* Items one round's end may give before R18 and R22: per seat Worms,
 * Gongs and complete Den sets (R6–R8), then one item per seat at most
 * (R16) or per side (R13), or two (R10, R11), or one (R17). */
#define MAX_END_ITEMS (4 * LW_MAX_SEATS)

/* The state carried from round to round while replaying, and what is
 * worked out once per game rather than once per round. */
typedef struct {
  const LwGameRecord *record;
  guint               n_sides;
  int                 scores[LW_MAX_SEATS];
  gboolean            owes_deal[LW_MAX_SEATS];
  int                 side_of[LW_MAX_SEATS];  /* lw_game_record_side_of() */
  int                 total_cards;            /* T (R1) */
  GArray             *items;                  /* (element-type LwItem): the round's, as found */
  LwStandings        *standings;              /* whether the game is over, the sides */
  int                 dealer;                 /* the next round's */
} Replay;

/* ------------------------------------------------------------------ */
/* Reasons */

static const char *const reason_codes[] = {
  [LW_REASON_PACK] = "pack",
  [LW_REASON_ALL_TRICKS] = "all_tricks",
  [LW_REASON_WORMS] = "worms",
  [LW_REASON_GONGS] = "gongs",
  [LW_REASON_ALL_DENS] = "all_dens",
  [LW_REASON_MOST_CARDS] = "most_cards",
  [LW_REASON_ALL_TRICKS_UNDECLARED] = "all_tricks_undeclared",
  [LW_REASON_MISSED_PACK_AWARD] = "missed_pack_award",
  [LW_REASON_SWEEP_AWARD] = "sweep_award",
  [LW_REASON_OUT_OF_TURN] = "out_of_turn",
  [LW_REASON_LOOKED_AT_DISCARDS] = "looked_at_discards",
  [LW_REASON_PENALTY_AWARD] = "penalty_award",
  [LW_REASON_COURT] = "court",
  [LW_REASON_GARWOLVES] = "garwolves",
  [LW_REASON_WAIVED] = "waived",
  [LW_REASON_FLOOR] = "floor",
  [LW_REASON_FORFEITED] = "forfeited",
};

const char *
lw_reason_to_string (LwReason reason)
{
  g_return_val_if_fail ((guint) reason < G_N_ELEMENTS (reason_codes), "");
  return reason_codes[reason];
}

const char *
lw_reason_to_label (LwReason reason)
{
  switch (reason)
    {
    /* Translators: "Pack" is the game's term for winning most of the cards as declarer */
    case LW_REASON_PACK: return _("Pack");
    case LW_REASON_ALL_TRICKS: return _("Every trick");
    /* Translators: Worm, Gong, Big Bear and Little Wolf are the game's Den cards */
    case LW_REASON_WORMS: return _("Worms");
    case LW_REASON_GONGS: return _("Gongs");
    case LW_REASON_ALL_DENS: return _("All eight Den cards");
    case LW_REASON_MOST_CARDS: return _("Most cards, nobody declared");
    case LW_REASON_ALL_TRICKS_UNDECLARED: return _("Every trick, nobody declared");
    case LW_REASON_MISSED_PACK_AWARD: return _("Declarer missed the Pack");
    case LW_REASON_SWEEP_AWARD: return _("Every trick against the dealer");
    case LW_REASON_OUT_OF_TURN: return _("Played out of turn");
    /* Translators: SCORING R19, "looking at discarded/face-down cards (Pups included)" */
    case LW_REASON_LOOKED_AT_DISCARDS: return _("Looked at discards or Pups");
    case LW_REASON_PENALTY_AWARD: return _("Penalty at 0: point to the others");
    case LW_REASON_COURT: return _("Court cards");
    case LW_REASON_GARWOLVES: return _("Garwolves");
    case LW_REASON_WAIVED: return _("Waived at 0");
    case LW_REASON_FLOOR: return _("Not below 0");
    case LW_REASON_FORFEITED: return _("Not pegged in time");
    default: return "";
    }
}

char *
lw_item_describe (const LwItem *item)
{
  g_return_val_if_fail (item != NULL, NULL);

  /* U+2212 MINUS SIGN reads better than a hyphen beside a number. */
  if (item->points < 0)
    return g_strdup_printf ("%s \u2212%d", lw_reason_to_label (item->reason), -item->points);
  return g_strdup_printf ("%s +%d", lw_reason_to_label (item->reason), item->points);
}

char *
lw_round_result_describe_side (const LwRoundResult *result,
                               int                  side)
{
  return lw_round_result_explain_side (NULL, result, side);
}

/* R8 by the decks in play: one deck holds eight Den cards, two decks
 * sixteen, so "all eight" would mislead there. */
static char *
describe_den_sets (const LwGameRecord *record,
                   const LwItem       *item)
{
  guint sets = (guint) item->points / 2;

  if (record == NULL || lw_decks (record->n_players) == 1)
    return lw_item_describe (item);
  if (sets <= 1)
    /* Translators: two decks in play (SCORING R8): two Worms, two Gongs, two
     * Big Bears and two Little Wolves won by one player */
    return g_strdup_printf (_("A complete set of eight Den cards +%d"), item->points);
  /* Translators: two decks in play, both complete sets of Den cards (SCORING R8) */
  return g_strdup_printf (_("Both complete sets of eight Den cards +%d"), item->points);
}

/* R15: what the declarer's side had made void, for the award's reason. */
static const char *
void_bonus_words (const LwRoundResult *result)
{
  if (result->void_gongs > 0 && result->void_dens > 0)
    /* Translators: SCORING R15, the declarer missed the Pack */
    return _("void Gongs and Den set reduce the award");
  if (result->void_dens > 0)
    /* Translators: SCORING R15, the declarer missed the Pack */
    return _("void Den set reduces the award");
  /* Translators: SCORING R15, the declarer missed the Pack */
  return _("void Gongs reduce the award");
}

/* The names of the seats of @side that forfeit their next deal (R19). */
static char *
forfeiting_names (const LwGameRecord  *record,
                  const LwRoundResult *result,
                  int                  side)
{
  g_autoptr (GString) names = g_string_new (NULL);

  if (record == NULL)
    return NULL;
  for (guint seat = 0; seat < record->n_players && seat < LW_MAX_SEATS; seat++)
    if (result->forfeits_deal[seat] && lw_game_record_side_of (record, (int) seat) == side)
      g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "",
                              record->players[seat]);
  if (names->len == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&names), FALSE);
}

char *
lw_round_result_explain_side (const LwGameRecord  *record,
                              const LwRoundResult *result,
                              int                  side)
{
  g_autoptr (GString) text = NULL;
  g_autofree gboolean *waived = NULL;
  g_autofree gboolean *forfeit = NULL;
  g_autofree char *forfeiters = NULL;
  int void_bonus;
  gboolean award_shown = FALSE;
  GArray *items;

  g_return_val_if_fail (result != NULL, NULL);
  g_return_val_if_fail (side >= 0 && side < LW_MAX_SEATS, NULL);

  void_bonus = result->void_gongs + result->void_dens;
  forfeiters = forfeiting_names (record, result, side);

  items = result->items;
  waived = g_new0 (gboolean, MAX (items->len, 1));
  forfeit = g_new0 (gboolean, MAX (items->len, 1));

  /* A waiver follows the losses it cancels: a penalty's at once (R19), the
   * end-of-round losses' after them (R18). Mark the nearest losses before
   * it that add up to it. */
  for (guint k = 0; k < items->len; k++)
    {
      const LwItem *waiver = &g_array_index (items, LwItem, k);
      int left;

      if (waiver->side != side || waiver->reason != LW_REASON_WAIVED)
        continue;
      /* R19: a penalty's waiver with no point to the others after it (in
       * the same penalty) is one whose award would have ended the game. */
      if (k > 0 && (g_array_index (items, LwItem, k - 1).reason == LW_REASON_OUT_OF_TURN
                    || g_array_index (items, LwItem, k - 1).reason == LW_REASON_LOOKED_AT_DISCARDS)
          && (k + 1 >= items->len
              || g_array_index (items, LwItem, k + 1).reason != LW_REASON_PENALTY_AWARD))
        forfeit[k - 1] = TRUE;
      left = waiver->points;
      for (guint j = k; j-- > 0 && left > 0;)
        {
          const LwItem *item = &g_array_index (items, LwItem, j);

          if (item->side == side && item->points < 0 && !waived[j] &&
              item->reason != LW_REASON_FORFEITED && item->reason != LW_REASON_FLOOR)
            {
              waived[j] = TRUE;
              left += item->points;
            }
        }
    }

  text = g_string_new (NULL);
  for (guint k = 0; k < items->len; k++)
    {
      const LwItem *item = &g_array_index (items, LwItem, k);
      g_autofree char *described = NULL;

      if (item->side != side || item->reason == LW_REASON_WAIVED)
        continue;
      described = item->reason == LW_REASON_ALL_DENS ? describe_den_sets (record, item)
                                                      : lw_item_describe (item);
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, described);
      if ((item->reason == LW_REASON_MISSED_PACK_AWARD || item->reason == LW_REASON_SWEEP_AWARD)
          && void_bonus > 0)
        {
          /* Translators: after an award cut by SCORING R15, e.g. "Declarer
           * missed the Pack +1 (void Gongs reduce the award: 2 − 1, R15)" */
          g_string_append_printf (text, _(" (%s: %d \u2212 %d, R15)"), void_bonus_words (result),
                                  result->award_before_void[side], void_bonus);
          award_shown = TRUE;
        }
      if (waived[k] && forfeit[k] && forfeiters != NULL)
        /* Translators: SCORING R19: a penalty at 0 whose point to the
         * others would have ended the game; %s is a player's name */
        g_string_append_printf (text, _(" (waived at 0: a point to the others would end the "
                                        "game, so %s forfeits their next deal, R19)"),
                                forfeiters);
      else if (waived[k] && forfeit[k])
        /* Translators: SCORING R19, as above without the player's name */
        g_string_append (text, _(" (waived at 0: a point to the others would end the game, "
                                 "so the offender forfeits their next deal, R19)"));
      else if (waived[k])
        /* Translators: after a lost point that did not count, e.g. "Worms −1 (waived at 0)" */
        g_string_append (text, _(" (waived at 0)"));
    }

  /* R15 took the whole award: no item, but the side had one. */
  if (!award_shown && void_bonus > 0 && result->award_before_void[side] > 0)
    {
      if (text->len > 0)
        g_string_append (text, ", ");
      /* Translators: an award cut to nothing by SCORING R15, e.g. "Declarer
       * missed the Pack +0 (void Gongs reduce the award: 1 − 1, R15)" */
      g_string_append_printf (text, _("%s +0 (%s: %d \u2212 %d, R15)"),
                              lw_reason_to_label (result->award_before_void[side] == 3
                                                  ? LW_REASON_SWEEP_AWARD  /* R14 */
                                                  : LW_REASON_MISSED_PACK_AWARD),
                              void_bonus_words (result), result->award_before_void[side],
                              void_bonus);
    }

  if (text->len == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* ------------------------------------------------------------------ */
/* Results */

static LwRoundResult *
round_result_new (guint number,
                  int   dealer)
{
  LwRoundResult *result = g_new0 (LwRoundResult, 1);

  result->number = number;
  result->dealer = dealer;
  return result;
}

static void
round_result_free (LwRoundResult *result)
{
  g_array_unref (result->items);
  g_free (result);
}

void
lw_standings_free (LwStandings *standings)
{
  if (standings == NULL)
    return;
  g_clear_pointer (&standings->sides, g_ptr_array_unref);
  g_clear_pointer (&standings->rounds, g_ptr_array_unref);
  g_free (standings);
}

/* Adds an item to the round being scored (none of 0 points). */
static void
add_item (Replay   *replay,
          int       side,
          int       points,
          LwReason  reason)
{
  LwItem item = { side, points, reason };

  if (points != 0)
    g_array_append_val (replay->items, item);
}

int
lw_standings_needed_to_win (const LwGameRecord *record,
                            const LwStandings  *standings,
                            int                 side)
{
  g_return_val_if_fail (record != NULL && standings != NULL, 0);
  g_return_val_if_fail (side >= 0 && side < (int) standings->n_sides, 0);

  return MAX (0, record->target - standings->scores[side]);
}

int
lw_standings_needed_for_skunk (const LwGameRecord *record,
                               const LwStandings  *standings,
                               int                 side)
{
  gboolean other_at_zero = FALSE;

  g_return_val_if_fail (record != NULL && standings != NULL, -1);
  g_return_val_if_fail (side >= 0 && side < (int) standings->n_sides, -1);

  if (record->ruleset != LW_RULESET_LITTLE_WOLF)
    return -1;
  for (guint s = 0; s < standings->n_sides; s++)
    other_at_zero |= (int) s != side && standings->scores[s] == 0;
  if (!other_at_zero)
    return -1;
  return MAX (0, record->skunk - standings->scores[side]);
}

/* ------------------------------------------------------------------ */
/* The game end (SCORING R23–R25, G2) */

/* Whether @scores end the game; if so the winner and whether it is a skunk. */
static gboolean
game_ends (const Replay *replay,
           const int    *scores,
           int          *winner,
           gboolean     *skunk)
{
  const LwGameRecord *record = replay->record;
  gboolean skunk_met = FALSE;
  gboolean target_met;
  int best = 0, n_best = 0;

  for (guint s = 0; s < replay->n_sides; s++)
    {
      if (n_best == 0 || scores[s] > scores[best])
        {
          best = (int) s;
          n_best = 1;
        }
      else if (scores[s] == scores[best])
        n_best++;
    }

  /* R23: a side at the skunk threshold while another side has 0. */
  if (record->ruleset == LW_RULESET_LITTLE_WOLF)
    for (guint s = 0; s < replay->n_sides && !skunk_met; s++)
      if (scores[s] >= record->skunk)
        for (guint t = 0; t < replay->n_sides && !skunk_met; t++)
          skunk_met = t != s && scores[t] == 0;

  /* R24, G2 */
  target_met = scores[best] >= record->target;

  /* R25, G2: a shared highest score plays on. */
  if ((!skunk_met && !target_met) || n_best > 1)
    return FALSE;

  *winner = best;
  *skunk = skunk_met;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The deal (SCORING R4, R20, R20a) */

static int
pass_deal (Replay *replay,
           int     dealer)
{
  guint n = replay->record->n_players;
  int seat = (int) ((guint) (dealer + 1) % n);

  /* R20a: a seat that owes a deal is skipped once and its debt is paid;
   * every seat is skipped at most once, so this ends. */
  while (replay->owes_deal[seat])
    {
      replay->owes_deal[seat] = FALSE;
      seat = (int) ((guint) (seat + 1) % n);
    }
  return seat;
}

/* ------------------------------------------------------------------ */
/* One Little Wolf round */

/* R19: in-round penalties, each at once, in the order they happened. */
static void
apply_penalties (Replay        *replay,
                 const LwRound *round,
                 LwRoundResult *result)
{
  for (guint i = 0; i < round->penalties->len; i++)
    {
      const LwPenalty *penalty = &g_array_index (round->penalties, LwPenalty, i);
      LwReason reason = penalty->kind == LW_PENALTY_OUT_OF_TURN
                        ? LW_REASON_OUT_OF_TURN : LW_REASON_LOOKED_AT_DISCARDS;
      int side = replay->side_of[penalty->seat];
      int after[LW_MAX_SEATS];
      int winner;
      gboolean skunk;

      add_item (replay, side, -1, reason);
      if (replay->scores[side] > 0)
        {
          replay->scores[side] -= 1;
          continue;
        }

      /* At 0 (R18): the penalty is waived and every other side gets a
       * point instead, unless that point would end the game: then nobody
       * scores and the offender forfeits their next deal (R20). */
      add_item (replay, side, 1, LW_REASON_WAIVED);
      memcpy (after, replay->scores, sizeof after);
      for (guint s = 0; s < replay->n_sides; s++)
        if ((int) s != side)
          after[s] += 1;

      if (game_ends (replay, after, &winner, &skunk))
        {
          replay->owes_deal[penalty->seat] = TRUE;
          result->forfeits_deal[penalty->seat] = TRUE;
          continue;
        }
      for (guint s = 0; s < replay->n_sides; s++)
        if ((int) s != side)
          {
            replay->scores[s] += 1;
            add_item (replay, (int) s, 1, LW_REASON_PENALTY_AWARD);
          }
    }
}

gboolean
lw_round_pack_made (const LwGameRecord *record,
                    const LwRound      *round)
{
  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (round != NULL, FALSE);

  return round->declarer != LW_NO_SEAT
         && 2 * round->cards[round->declarer] > (int) lw_total_cards (record->n_players);
}

int
lw_round_den_sets (const LwRound *round,
                   guint          seat)
{
  g_return_val_if_fail (round != NULL, 0);
  g_return_val_if_fail (seat < LW_MAX_SEATS, 0);

  return MIN (MIN (round->worms[seat] / 2, round->gongs[seat] / 2),
              MIN (round->bears[seat] / 2, round->wolves[seat] / 2));
}

/* R6–R8: a player's Den bonuses, split into what is lost and what is won. */
static void
den_items (const LwRound *round,
           int            seat,
           int           *worm_points,
           int           *gong_points,
           int           *all_dens_points)
{
  int worm_pairs = round->worms[seat] / 2;
  int gong_pairs = round->gongs[seat] / 2;
  int cancelled = MIN (worm_pairs, gong_pairs);  /* R7 */

  *worm_points = -(worm_pairs - cancelled);
  *gong_points = gong_pairs - cancelled;
  *all_dens_points = 2 * lw_round_den_sets (round, (guint) seat);  /* R8 */
}

/* The end-of-round items of every side, before R18 and R22, into @items
 * (room for MAX_END_ITEMS); returns how many. */
static guint
end_of_round_items (Replay        *replay,
                    const LwRound *round,
                    int            dealer,
                    LwItem        *items,
                    LwRoundResult *result,
                    gboolean      *pack_made_out)
{
  const LwGameRecord *record = replay->record;
  guint n = record->n_players;
  int total = replay->total_cards;
  int side_cards[LW_MAX_SEATS] = { 0 };
  int declarer_side = round->declarer == LW_NO_SEAT
                      ? LW_NO_SEAT : replay->side_of[round->declarer];
  gboolean pack_made = lw_round_pack_made (record, round);  /* R9 */
  int void_bonus = 0;
  guint n_items = 0;

#define ITEM(s, p, r) G_STMT_START { \
    LwItem item_ = { (s), (p), (r) }; \
    if (item_.points != 0) items[n_items++] = item_; \
  } G_STMT_END

  *pack_made_out = pack_made;
  for (guint seat = 0; seat < n; seat++)
    side_cards[replay->side_of[seat]] += round->cards[seat];

  /* R6–R8 for every player; R12: a declarer's side that missed the Pack
   * keeps its losses, and its gains are void. */
  for (guint seat = 0; seat < n; seat++)
    {
      int side = replay->side_of[seat];
      int worms, gongs, all_dens;

      den_items (round, (int) seat, &worms, &gongs, &all_dens);
      ITEM (side, worms, LW_REASON_WORMS);
      if (round->declarer != LW_NO_SEAT && !pack_made && side == declarer_side)
        {
          void_bonus += gongs + all_dens;
          result->void_gongs += MAX (gongs, 0);
          result->void_dens += MAX (all_dens, 0);
        }
      else
        {
          ITEM (side, gongs, LW_REASON_GONGS);
          ITEM (side, all_dens, LW_REASON_ALL_DENS);
        }
    }

  if (round->declarer == LW_NO_SEAT)
    {
      int sweeper = LW_NO_SEAT;

      /* R17: one side won every trick. */
      for (guint s = 0; s < replay->n_sides; s++)
        if (side_cards[s] == total)
          sweeper = (int) s;
      if (sweeper != LW_NO_SEAT)
        {
          ITEM (sweeper, -2, LW_REASON_ALL_TRICKS_UNDECLARED);
        }
      else
        {
          /* R16: each player with the most cards costs their side 1. */
          guint most = lw_rules_most_cards (round->cards, n);

          for (guint seat = 0; seat < n; seat++)
            if (most & (1u << seat))
              ITEM (replay->side_of[seat], -1, LW_REASON_MOST_CARDS);
        }
    }
  else if (pack_made)
    {
      /* R11: every trick but the last makes a Pack worth 0. R10: a dealer
       * whose side won every trick gets a second point. */
      if (!round->all_but_last)
        {
          ITEM (declarer_side, 1, LW_REASON_PACK);
          if (round->declarer == dealer && side_cards[declarer_side] == total)
            ITEM (declarer_side, 1, LW_REASON_ALL_TRICKS);
        }
    }
  else
    {
      /* R13–R15: the other side(s) with the most cards get the award. */
      int most = -1, n_top = 0;

      for (guint s = 0; s < replay->n_sides; s++)
        {
          if ((int) s == declarer_side)
            continue;
          if (side_cards[s] > most)
            {
              most = side_cards[s];
              n_top = 1;
            }
          else if (side_cards[s] == most)
            n_top++;
        }
      for (guint s = 0; s < replay->n_sides; s++)
        {
          gboolean sweep;
          int award;

          if ((int) s == declarer_side || side_cards[s] != most)
            continue;
          sweep = n_top == 1 && round->declarer == dealer && side_cards[s] == total;  /* R14 */
          award = n_top == 1 ? (sweep ? 3 : 2) : 1;
          result->award_before_void[s] = award;
          award = MAX (0, award - void_bonus);  /* R15 */
          ITEM ((int) s, award, sweep ? LW_REASON_SWEEP_AWARD : LW_REASON_MISSED_PACK_AWARD);
        }
    }

#undef ITEM
  g_assert (n_items <= MAX_END_ITEMS);
  return n_items;
}

static void
score_little_wolf_round (Replay        *replay,
                         const LwRound *round,
                         LwRoundResult *result)
{
  const LwGameRecord *record = replay->record;
  LwItem items[MAX_END_ITEMS];
  guint n_items;

  apply_penalties (replay, round, result);

  /* R21: a void round has no end-of-round scoring. */
  if (round->is_void)
    return;

  n_items = end_of_round_items (replay, round, result->dealer, items, result, &result->pack_made);
  result->pack_worth_zero = result->pack_made && round->all_but_last;

  for (guint side = 0; side < replay->n_sides; side++)
    {
      int gained = 0, lost = 0, change;
      gboolean unpegged = FALSE;

      for (guint i = 0; i < n_items; i++)
        {
          const LwItem *item = &items[i];

          if (item->side != (int) side)
            continue;
          g_array_append_val (replay->items, *item);
          if (item->points > 0)
            gained += item->points;
          else
            lost += item->points;
        }

      /* R18: at 0 the losses are waived; otherwise the sum, floored at 0. */
      if (replay->scores[side] == 0)
        {
          add_item (replay, (int) side, -lost, LW_REASON_WAIVED);
          change = gained;
        }
      else
        {
          change = MAX (gained + lost, -replay->scores[side]);
          add_item (replay, (int) side, change - (gained + lost), LW_REASON_FLOOR);
        }

      /* R22: gains not pegged in time are forfeited; losses stand. */
      for (guint seat = 0; seat < record->n_players; seat++)
        if (round->unpegged[seat] && replay->side_of[seat] == (int) side)
          unpegged = TRUE;
      if (unpegged && change > 0)
        {
          add_item (replay, (int) side, -change, LW_REASON_FORFEITED);
          change = 0;
        }

      replay->scores[side] += change;
    }
}

/* G1: each seat's Court cards and Garwolves won (lw_garwolf_points_won()). */
static void
score_garwolf_round (Replay        *replay,
                     const LwRound *round)
{
  for (guint seat = 0; seat < replay->record->n_players; seat++)
    {
      int court, garwolves;
      int points = lw_garwolf_points_won (round, seat, &court, &garwolves);

      add_item (replay, (int) seat, court, LW_REASON_COURT);
      add_item (replay, (int) seat, garwolves, LW_REASON_GARWOLVES);
      replay->scores[seat] += points;
    }
}

/* ------------------------------------------------------------------ */
/* The replay */

/* Full replays since the program started (lw-score-private.h). */
static gint replay_count;

guint
lw_score_get_replay_count (void)
{
  return (guint) g_atomic_int_get (&replay_count);
}

static LwRoundResult *
round_result_copy (const LwRoundResult *result)
{
  LwRoundResult *copy = g_memdup2 (result, sizeof *result);

  copy->items = g_array_copy (result->items);
  return copy;
}

/* The standings of @record before its first round. */
static LwStandings *
standings_new (const LwGameRecord *record)
{
  LwStandings *standings = g_new0 (LwStandings, 1);

  standings->n_sides = lw_game_record_n_sides (record);
  standings->sides = g_ptr_array_new_with_free_func (g_free);
  for (guint s = 0; s < standings->n_sides; s++)
    {
      g_ptr_array_add (standings->sides, lw_game_record_side_name (record, (int) s));
      standings->scores[s] = record->start_score;
    }
  standings->rounds = g_ptr_array_new_full (record->rounds->len, (GDestroyNotify) round_result_free);
  standings->winner = LW_NO_SEAT;
  standings->next_dealer = record->first_dealer;
  return standings;
}

/* Starts replaying @record after the rounds @standings has scored, from
 * the state those left (the scores, the deal, the deals owed, whether the
 * game is over), which replay_round() carries on in @standings; @items is
 * the replay's scratch array. */
static void
replay_start (Replay             *replay,
              LwStandings        *standings,
              const LwGameRecord *record,
              GArray             *items)
{
  memset (replay, 0, sizeof *replay);
  replay->record = record;
  replay->standings = standings;
  replay->n_sides = standings->n_sides;
  memcpy (replay->scores, standings->scores, sizeof replay->scores);
  memcpy (replay->owes_deal, standings->owes_deal, sizeof replay->owes_deal);
  for (guint seat = 0; seat < record->n_players; seat++)
    replay->side_of[seat] = lw_game_record_side_of (record, (int) seat);
  replay->total_cards = (int) lw_total_cards (record->n_players);
  replay->items = items;
  replay->dealer = standings->next_dealer;
}

/* Scores @round, round @number (from 1), the next one: its result, or
 * %NULL with @error set when the game was over or the dealer is not the
 * one the deal passes to. */
static LwRoundResult *
replay_round (Replay         *replay,
              const LwRound  *round,
              guint           number,
              GError        **error)
{
  const LwGameRecord *record = replay->record;
  LwStandings *standings = replay->standings;
  LwRoundResult *result;
  int before[LW_MAX_SEATS];

  if (standings->finished)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER,
                   "round %u: the game ended after round %u (%s won)",
                   number, number - 1,
                   (const char *) g_ptr_array_index (standings->sides, standings->winner));
      return NULL;
    }

  if (round->dealer != LW_NO_SEAT && round->dealer != replay->dealer)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "round %u: dealer is seat %d (%s), but the deal passes to seat %d (%s)",
                   number, round->dealer, lw_game_record_player_at (record, round->dealer, number),
                   replay->dealer, lw_game_record_player_at (record, replay->dealer, number));
      return NULL;
    }

  result = round_result_new (number, replay->dealer);
  result->is_void = round->is_void;
  memcpy (before, replay->scores, sizeof before);

  g_array_set_size (replay->items, 0);
  if (record->ruleset == LW_RULESET_GARWOLF)
    score_garwolf_round (replay, round);
  else
    score_little_wolf_round (replay, round, result);
  /* The round's items in an array of their own size. */
  result->items = g_array_sized_new (FALSE, FALSE, sizeof (LwItem), replay->items->len);
  g_array_append_vals (result->items, replay->items->data, replay->items->len);

  for (guint s = 0; s < replay->n_sides; s++)
    {
      result->deltas[s] = replay->scores[s] - before[s];
      result->scores[s] = replay->scores[s];
    }

  /* R23–R25, G2: checked at the end of every round, void ones too. */
  standings->finished = game_ends (replay, replay->scores, &standings->winner, &standings->skunk);
  replay->dealer = pass_deal (replay, replay->dealer);
  return result;
}

/* The standings after the rounds replayed. */
static void
replay_finish (Replay *replay)
{
  LwStandings *standings = replay->standings;

  if (!standings->finished)
    {
      standings->winner = LW_NO_SEAT;
      standings->skunk = FALSE;
    }
  memcpy (standings->scores, replay->scores, sizeof standings->scores);
  memcpy (standings->owes_deal, replay->owes_deal, sizeof standings->owes_deal);
  standings->next_dealer = replay->dealer;
}

/* Scores @record's rounds after the @standings->rounds->len already in
 * @standings, from the state those left: the one loop of both
 * lw_standings_compute() and lw_standings_extend(). */
static gboolean
replay_rounds (LwStandings         *standings,
               const LwGameRecord  *record,
               GError             **error)
{
  g_autoptr (GArray) items = g_array_sized_new (FALSE, FALSE, sizeof (LwItem), MAX_END_ITEMS);
  Replay replay;

  replay_start (&replay, standings, record, items);
  for (guint i = standings->rounds->len; i < record->rounds->len; i++)
    {
      LwRoundResult *result = replay_round (&replay, g_ptr_array_index (record->rounds, i),
                                            i + 1, error);

      if (result == NULL)
        return FALSE;
      g_ptr_array_add (standings->rounds, result);
    }
  replay_finish (&replay);
  return TRUE;
}

LwStandings *
lw_standings_compute (const LwGameRecord  *record,
                      GError             **error)
{
  g_autoptr (LwStandings) standings = NULL;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  g_atomic_int_inc (&replay_count);
  if (!lw_game_record_validate (record, error))
    return NULL;

  standings = standings_new (record);
  if (!replay_rounds (standings, record, error))
    return NULL;
  return g_steal_pointer (&standings);
}

LwStandings *
lw_standings_read (char          *text,
                   gssize         length,
                   LwGameRecord **record,
                   GError       **error)
{
  g_autoptr (LwGameRecord) read = NULL;
  LwStandings *standings = NULL;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  read = lw_game_record_from_json (text, length, error);
  g_free (text);
  if (read != NULL)
    standings = lw_standings_compute (read, error);
  if (record != NULL)
    *record = g_steal_pointer (&read);
  return standings;
}

LwStandings *
lw_standings_copy (const LwStandings *standings)
{
  LwStandings *copy;

  g_return_val_if_fail (standings != NULL, NULL);

  copy = g_memdup2 (standings, sizeof *standings);
  copy->sides = g_ptr_array_copy (standings->sides, (GCopyFunc) (void (*) (void)) g_strdup, NULL);
  g_ptr_array_set_free_func (copy->sides, g_free);
  copy->rounds = g_ptr_array_new_full (standings->rounds->len + 1, (GDestroyNotify) round_result_free);
  for (guint i = 0; i < standings->rounds->len; i++)
    g_ptr_array_add (copy->rounds, round_result_copy (g_ptr_array_index (standings->rounds, i)));
  return copy;
}

LwStandings *
lw_standings_extend (const LwStandings   *standings,
                     const LwGameRecord  *record,
                     GError             **error)
{
  g_autoptr (LwStandings) extended = NULL;

  g_return_val_if_fail (standings != NULL, NULL);
  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (standings->rounds->len <= record->rounds->len, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The rounds already scored passed lw_game_record_validate(); the new
   * ones are checked as that checks each round. */
  for (guint i = standings->rounds->len; i < record->rounds->len; i++)
    if (!lw_round_validate (record, g_ptr_array_index (record->rounds, i), i + 1, error))
      return NULL;

  extended = lw_standings_copy (standings);
  if (!replay_rounds (extended, record, error))
    return NULL;
  return g_steal_pointer (&extended);
}

/* ------------------------------------------------------------------ */
/* Output */

void
lw_standings_add_sides (JsonBuilder       *builder,
                        const LwStandings *standings)
{
  g_return_if_fail (JSON_IS_BUILDER (builder));
  g_return_if_fail (standings != NULL);

  json_builder_set_member_name (builder, "sides");
  json_builder_begin_array (builder);
  for (guint s = 0; s < standings->n_sides; s++)
    json_builder_add_string_value (builder, g_ptr_array_index (standings->sides, s));
  json_builder_end_array (builder);
}

void
lw_standings_add_outcome (JsonBuilder       *builder,
                          const LwStandings *standings)
{
  g_return_if_fail (JSON_IS_BUILDER (builder));
  g_return_if_fail (standings != NULL);

  lw_json_builder_add_boolean (builder, "finished", standings->finished);
  json_builder_set_member_name (builder, "winner");
  if (standings->winner == LW_NO_SEAT)
    json_builder_add_null_value (builder);
  else
    json_builder_add_int_value (builder, standings->winner);
  lw_json_builder_add_boolean (builder, "skunk", standings->skunk);
}

/* A round's numbers: lw_round_result_add_members() and the standings JSON. */
static void
add_round_members (JsonBuilder         *builder,
                   guint                n_sides,
                   const LwRoundResult *result)
{
  lw_json_builder_add_int (builder, "number", result->number);
  lw_json_builder_add_int (builder, "dealer", result->dealer);
  lw_json_builder_add_int_array (builder, "deltas", result->deltas, n_sides);
  lw_json_builder_add_int_array (builder, "scores", result->scores, n_sides);
}

void
lw_round_result_add_members (JsonBuilder       *builder,
                             const LwStandings *standings,
                             guint              index)
{
  const LwRoundResult *result;

  g_return_if_fail (JSON_IS_BUILDER (builder));
  g_return_if_fail (standings != NULL);
  g_return_if_fail (index < standings->rounds->len);

  result = g_ptr_array_index (standings->rounds, index);
  add_round_members (builder, standings->n_sides, result);
}

/* @result as an element of the standings JSON's "rounds": its numbers
 * (lw_round_result_add_members()) and items. */
static JsonNode *
round_result_node (const LwStandings   *standings,
                   const LwRoundResult *result)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  add_round_members (builder, standings->n_sides, result);
  json_builder_set_member_name (builder, "items");
  json_builder_begin_array (builder);
  for (guint k = 0; k < result->items->len; k++)
    {
      const LwItem *item = &g_array_index (result->items, LwItem, k);

      json_builder_begin_object (builder);
      lw_json_builder_add_int (builder, "side", item->side);
      lw_json_builder_add_int (builder, "points", item->points);
      lw_json_builder_add_string (builder, "reason", lw_reason_to_string (item->reason));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* Round @index of the standings JSON (lw_json_write_streamed()). */
static JsonNode *
round_result_element (guint    index,
                      gpointer user_data)
{
  const LwStandings *standings = user_data;

  return round_result_node (standings, g_ptr_array_index (standings->rounds, index));
}

/* The standings JSON but its rounds ("rounds": []). */
static JsonNode *
standings_head (const LwStandings *standings)
{
  g_autoptr (JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  lw_json_builder_add_string (builder, "format", STANDINGS_FORMAT);
  lw_json_builder_add_int (builder, "version", STANDINGS_VERSION);

  lw_standings_add_sides (builder, standings);

  /* Filled one round at a time as it is written. */
  json_builder_set_member_name (builder, "rounds");
  json_builder_begin_array (builder);
  json_builder_end_array (builder);

  lw_json_builder_add_int_array (builder, "scores", standings->scores, standings->n_sides);
  lw_standings_add_outcome (builder, standings);
  lw_json_builder_add_int (builder, "next_dealer", standings->next_dealer);
  json_builder_set_member_name (builder, "forfeits_next_deal");
  json_builder_begin_array (builder);
  for (guint seat = 0; seat < LW_MAX_SEATS; seat++)
    if (standings->owes_deal[seat])
      json_builder_add_int_value (builder, seat);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

gboolean
lw_standings_write_json (const LwStandings  *standings,
                         LwJsonWriteFunc     write,
                         gpointer            write_data,
                         GError            **error)
{
  g_autoptr (JsonNode) head = NULL;

  g_return_val_if_fail (standings != NULL, FALSE);
  g_return_val_if_fail (write != NULL, FALSE);

  head = standings_head (standings);
  return lw_json_write_streamed (head, "rounds", standings->rounds->len, round_result_element,
                                 (gpointer) standings, TRUE, write, write_data, error);
}

/* A record replayed as it is read, round by round, none kept
 * (lw_standings_write_record_json()). */
typedef struct {
  Replay        replay;
  GArray       *items;
  LwStandings  *standings;   /* the sides and the state; no rounds kept */
  guint         n_starts;    /* more than 1: the reader began again */
  LwJsonStream *json;        /* where each round's result goes, if anywhere */
  GError       *refused;     /* the first round refused (lw_round_validate()) */
  GError       *not_scored;  /* the first round the replay refused */
} Scoring;

/* An #LwRoundFunc: round @number scored, its result written or dropped. */
static gboolean
score_read_round (const LwGameRecord  *record,
                  const LwRound       *round,
                  guint                number,
                  gpointer             user_data,
                  GError             **error)
{
  Scoring *scoring = user_data;
  LwRoundResult *result;
  gboolean written = TRUE;

  /* Round 1: the start, or the start again (lw_game_record_read_rounds()). */
  if (number == 1)
    {
      g_clear_pointer (&scoring->standings, lw_standings_free);
      g_clear_error (&scoring->refused);
      g_clear_error (&scoring->not_scored);
      scoring->standings = standings_new (record);
      replay_start (&scoring->replay, scoring->standings, record, scoring->items);
      scoring->n_starts++;
    }
  /* As lw_standings_read() has them: every round read before any is
   * checked, every one checked before any is replayed; so the reading goes
   * on after a refusal, for an error that comes first. */
  if (scoring->refused != NULL)
    return TRUE;
  if (!lw_round_validate (record, round, number, &scoring->refused))
    {
      g_clear_error (&scoring->not_scored);
      return TRUE;
    }
  if (scoring->not_scored != NULL)
    return TRUE;
  if ((result = replay_round (&scoring->replay, round, number, &scoring->not_scored)) == NULL)
    return TRUE;
  if (scoring->json != NULL)
    {
      g_autoptr (JsonNode) node = round_result_node (scoring->standings, result);

      written = lw_json_stream_write_element (scoring->json, node, error);
    }
  round_result_free (result);
  return written;
}

/* Reads @data and replays it round by round into @scoring; the record
 * read (without rounds), or %NULL. */
static LwGameRecord *
score_text (Scoring     *scoring,
            const char  *data,
            gsize        length,
            GError     **error)
{
  g_autoptr (LwGameRecord) record = NULL;

  scoring->n_starts = 0;
  g_clear_pointer (&scoring->standings, lw_standings_free);
  record = lw_game_record_read_rounds (data, (gssize) length, score_read_round, scoring, error);
  if (record == NULL)
    return NULL;
  if (scoring->refused != NULL || scoring->not_scored != NULL)
    {
      GError **first = scoring->refused != NULL ? &scoring->refused : &scoring->not_scored;

      g_propagate_error (error, g_steal_pointer (first));
      return NULL;
    }
  if (scoring->standings == NULL)   /* no rounds */
    {
      scoring->standings = standings_new (record);
      replay_start (&scoring->replay, scoring->standings, record, scoring->items);
    }
  replay_finish (&scoring->replay);
  return g_steal_pointer (&record);
}

gboolean
lw_standings_write_record_json (const char       *data,
                                gssize            length,
                                LwJsonWriteFunc   write,
                                gpointer          write_data,
                                GError          **error)
{
  g_autoptr (GArray) items = g_array_sized_new (FALSE, FALSE, sizeof (LwItem), MAX_END_ITEMS);
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwJsonStream) json = NULL;
  g_autoptr (JsonNode) head = NULL;
  Scoring scoring = { .items = items };
  gboolean written;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (write != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (length < 0)
    length = (gssize) strlen (data);
  g_atomic_int_inc (&replay_count);

  /* First the whole record checked and replayed, so that nothing is
   * written for a record refused: the standings before the rounds' JSON
   * come from its end. */
  record = score_text (&scoring, data, (gsize) length, error);
  if (record == NULL)
    {
      g_clear_pointer (&scoring.standings, lw_standings_free);
      g_clear_error (&scoring.refused);
      g_clear_error (&scoring.not_scored);
      return FALSE;
    }

  /* A reader that began again read the text whole: the standings whole,
   * as lw_standings_read() has them. */
  if (scoring.n_starts > 1)
    {
      g_autoptr (LwStandings) standings = NULL;

      g_clear_pointer (&scoring.standings, lw_standings_free);
      g_clear_pointer (&record, lw_game_record_free);
      record = lw_game_record_from_json (data, length, error);
      if (record == NULL || (standings = lw_standings_compute (record, error)) == NULL)
        return FALSE;
      g_clear_pointer (&record, lw_game_record_free);
      return lw_standings_write_json (standings, write, write_data, error);
    }

  /* Then again, each round's result written as it is scored. */
  head = standings_head (scoring.standings);
  json = lw_json_stream_begin (head, "rounds", TRUE, write, write_data);
  scoring.json = json;
  g_clear_pointer (&record, lw_game_record_free);
  record = score_text (&scoring, data, (gsize) length, error);
  g_clear_pointer (&scoring.standings, lw_standings_free);
  g_clear_error (&scoring.refused);
  g_clear_error (&scoring.not_scored);
  if (record == NULL)
    return FALSE;
  written = lw_json_stream_end (json, error);
  return written;
}

char *
lw_standings_to_json (const LwStandings *standings)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (standings != NULL, NULL);

  lw_standings_write_json (standings, lw_json_write_to_string, out, NULL);
  return g_string_free (out, FALSE);
}

/* Appends @text padded with spaces to @width characters (not bytes). */
static void
append_padded (GString    *out,
               const char *text,
               guint       width,
               gboolean    right)
{
  glong len = g_utf8_strlen (text, -1);
  guint pad = len < (glong) width ? width - (guint) len : 0;

  if (right)
    for (guint i = 0; i < pad; i++)
      g_string_append_c (out, ' ');
  g_string_append (out, text);
  if (!right)
    for (guint i = 0; i < pad; i++)
      g_string_append_c (out, ' ');
}

/* "12 (+2)", "0 (−1)": a score and the round's change, a true minus sign
 * as in the items. */
static char *
score_cell (int score,
            int delta)
{
  if (delta < 0)
    return g_strdup_printf ("%d (\u2212%d)", score, -delta);
  return g_strdup_printf ("%d (+%d)", score, delta);
}

char *
lw_standings_to_text (const LwGameRecord *record,
                      const LwStandings  *standings)
{
  g_autoptr (GString) out = g_string_new (NULL);
  guint width = 6;
  guint dealer_width = 6;

  g_return_val_if_fail (record != NULL && standings != NULL, NULL);

  for (guint s = 0; s < standings->n_sides; s++)
    width = MAX (width, (guint) g_utf8_strlen (g_ptr_array_index (standings->sides, s), -1));
  /* Every cell of the sheet fits its column, two-digit scores included. */
  for (guint i = 0; i < standings->rounds->len; i++)
    {
      const LwRoundResult *result = g_ptr_array_index (standings->rounds, i);

      for (guint s = 0; s < standings->n_sides; s++)
        {
          g_autofree char *cell = score_cell (result->scores[s], result->deltas[s]);
          width = MAX (width, (guint) g_utf8_strlen (cell, -1));
        }
    }
  for (guint i = 0; i < standings->rounds->len; i++)
    {
      const LwRoundResult *result = g_ptr_array_index (standings->rounds, i);
      const char *dealer = lw_game_record_player_at (record, result->dealer, result->number);

      dealer_width = MAX (dealer_width, (guint) g_utf8_strlen (dealer, -1));
    }

  if (record->ruleset == LW_RULESET_GARWOLF)
    g_string_append_printf (out, "Garwolf, %u players, first to %d\n",
                            record->n_players, record->target);
  else
    g_string_append_printf (out, "Little Wolf, %u players%s, %u cards each, %u %s; "
                            "start %d, target %d, skunk %d\n",
                            record->n_players, record->n_teams > 0 ? " in partners" : "",
                            lw_hand_size (record->n_players), lw_decks (record->n_players),
                            lw_decks (record->n_players) == 1 ? "deck" : "decks",
                            record->start_score, record->target, record->skunk);
  {
    g_autofree char *rules = lw_game_record_rules_text (record, NULL);

    if (rules != NULL)
      g_string_append_printf (out, "Rules: %s\n", rules);
  }
  g_string_append_c (out, '\n');

  append_padded (out, record->ruleset == LW_RULESET_GARWOLF ? "Hand" : "Round", 5, TRUE);
  g_string_append (out, "  ");
  append_padded (out, "Dealer", dealer_width, FALSE);
  for (guint s = 0; s < standings->n_sides; s++)
    {
      g_string_append (out, "  ");
      append_padded (out, g_ptr_array_index (standings->sides, s), width, TRUE);
    }
  g_string_append_c (out, '\n');

  if (standings->rounds->len == 0)
    {
      append_padded (out, "start", 5, TRUE);
      g_string_append (out, "  ");
      append_padded (out, "", dealer_width, FALSE);
      for (guint s = 0; s < standings->n_sides; s++)
        {
          g_autofree char *score = g_strdup_printf ("%d", standings->scores[s]);
          g_string_append (out, "  ");
          append_padded (out, score, width, TRUE);
        }
      g_string_append_c (out, '\n');
    }

  for (guint i = 0; i < standings->rounds->len; i++)
    {
      const LwRoundResult *result = g_ptr_array_index (standings->rounds, i);
      g_autofree char *number = g_strdup_printf ("%u", result->number);

      /* A substitute: the columns name who sits now, so a seat played by
       * someone else from this round on says so (GAME-RECORD.md
       * substitutes). */
      for (guint seat = 0; seat < record->n_players; seat++)
        {
          const char *now = lw_game_record_player_at (record, (int) seat, result->number);
          const char *before = result->number > 1
                                 ? lw_game_record_player_at (record, (int) seat, result->number - 1)
                                 : lw_game_record_current_player (record, (int) seat);

          if (!lw_names_equal (now, before))
            g_string_append_printf (out, "         From round %u: %s in %s's seat\n",
                                    result->number, now, before);
        }

      append_padded (out, number, 5, TRUE);
      g_string_append (out, "  ");
      append_padded (out, lw_game_record_player_at (record, result->dealer, result->number),
                     dealer_width, FALSE);
      for (guint s = 0; s < standings->n_sides; s++)
        {
          g_autofree char *cell = score_cell (result->scores[s], result->deltas[s]);
          g_string_append (out, "  ");
          append_padded (out, cell, width, TRUE);
        }
      if (result->is_void)
        g_string_append (out, "  void: the dealer did not discard");
      g_string_append_c (out, '\n');

      for (guint s = 0; s < standings->n_sides; s++)
        {
          g_autofree char *what = lw_round_result_explain_side (record, result, (int) s);
          /* Who sat there in this round. */
          g_autofree char *who = lw_game_record_side_name_at (record, (int) s, result->number);

          if (what != NULL)
            g_string_append_printf (out, "         %s: %s\n", who, what);
        }
    }

  g_string_append_c (out, '\n');
  if (standings->finished)
    g_string_append_printf (out, "%s won%s.\n",
                            (const char *) g_ptr_array_index (standings->sides, standings->winner),
                            standings->skunk ? " by a skunk (counts double)" : "");
  else
    g_string_append_printf (out, "Playing. Next dealer: %s.\n",
                            lw_game_record_current_player (record, standings->next_dealer));

  for (guint seat = 0; seat < record->n_players; seat++)
    if (standings->owes_deal[seat])
      g_string_append_printf (out, "%s forfeits their next deal.\n",
                              lw_game_record_current_player (record, seat));

  return g_string_free (g_steal_pointer (&out), FALSE);
}
