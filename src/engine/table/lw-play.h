/* lw-play.h — trick play: leads (TRICKS §3), follow obligations (§4) and
 * the winner of a trick (§5)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-cards.h"

G_BEGIN_DECLS

/**
 * LwHouseRules:
 * @whole_trick_overtrump: T22's house rule: an all-trump play on a PLAIN
 *   lead must outrank, card for card, every trump already in the trick,
 *   not only the winning play's (default %FALSE, the ruling)
 * @runs_inside_only: T9's literal reading: a Little Wolf fills only a gap
 *   between a Run's natural cards, never an end (default %FALSE)
 *
 * The rulings' alternatives offered as house rules. All-zero is the
 * default, the rulings of docs/rules/TRICKS.md.
 */
typedef struct {
  gboolean whole_trick_overtrump;
  gboolean runs_inside_only;
} LwHouseRules;

/**
 * LwPlay:
 * @n: cards in the play, 1..%LW_MAX_PLAY
 * @cards: the cards
 * @as_rank: per card, for a leader's wildcard the rank it stands for, else
 *   -1 (a natural card)
 * @as_suit: per card, for a Little Wolf in a Run the Run's suit, else
 *   %LW_SUIT_NONE
 *
 * The cards one seat puts on a trick. Only a lead carries annotations
 * (TRICKS §3 "Annotation"); a follower's B and L are ordinary cards.
 */
typedef struct {
  guint  n;
  LwCard cards[LW_MAX_PLAY];
  gint8  as_rank[LW_MAX_PLAY];
  guint8 as_suit[LW_MAX_PLAY];
} LwPlay;

/**
 * lw_play_set:
 * @play: (out): the play to fill
 * @cards: (array length=n): cards, no annotations
 * @n: 1..%LW_MAX_PLAY
 */
void lw_play_set (LwPlay       *play,
                  const LwCard *cards,
                  guint         n);

/**
 * lw_play_from_tokens:
 * @play: (out): the play to fill
 * @tokens: (array length=n): cards as read, annotations included
 * @n: 1..%LW_MAX_PLAY
 * @used: (inout): per face, copies already given out (see
 *   lw_card_tokens_to_cards())
 * @error: return location for a #GError
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for too many cards or copies.
 *
 * Returns: %TRUE when filled.
 */
gboolean lw_play_from_tokens (LwPlay             *play,
                              const LwCardToken  *tokens,
                              guint               n,
                              guint8             *used,
                              GError            **error);

/**
 * lw_play_format:
 * @play: a play
 *
 * Returns: (transfer full): its cards in docs/rules/TRICKS.md notation, annotations
 *   included ("9S 9C B=9").
 */
char *lw_play_format (const LwPlay *play);

/**
 * LwLeadType:
 * The four Hands a Leader may play (TRICKS §3).
 */
typedef enum {
  LW_LEAD_SINGLE,
  LW_LEAD_PAIR,
  LW_LEAD_SET,
  LW_LEAD_RUN,
} LwLeadType;

/**
 * LwLead:
 * @type: Single, Pair, Set or Run
 * @n: N, the cards led
 * @rank: r: the card's rank (Single), the Pair's or Set's rank, the Run's
 *   top card
 * @suit: s: for a Single the suit to follow (the trump suit for any trump,
 *   %LW_SUIT_NONE for a Den card in No Trump); for a Run its suit; else
 *   %LW_SUIT_NONE
 * @trump_class: TRUMP (%TRUE) or PLAIN (T6, T7)
 * @trump: the round's trump suit, or %LW_NO_TRUMP
 * @n_embedded: how many natural trumps a PLAIN lead holds
 * @embedded: their ranks (§3 "Embedded trumps")
 * @play: the cards as led, with their annotations
 *
 * A validated lead: the "lead record" of TRICKS §3.
 */
typedef struct {
  LwLeadType type;
  guint      n;
  guint      rank;
  LwSuit     suit;
  gboolean   trump_class;
  LwSuit     trump;
  guint      n_embedded;
  guint8     embedded[LW_MAX_PLAY];
  LwPlay     play;
} LwLead;

/**
 * lw_lead_classify:
 * @play: the cards led with their annotations; distinct ids
 * @trump: the round's trump suit or %LW_NO_TRUMP
 * @rules: (nullable): house rules (%NULL: the rulings)
 * @lead: (out caller-allocates): the lead record
 * @error: return location for a #GError
 *
 * Checks that @play is a Single, a Pair, a Set or a Run as TRICKS §3 and
 * T6–T9 define them and classifies it. A wildcard is a B or L written with
 * what it stands for (`B=9`, `L=7S`); an unannotated B or L is a natural
 * card. Whether the cards are in the leader's hand is not checked here.
 *
 * Errors: %LW_ENGINE_ERROR_ILLEGAL_PLAY naming the rule, e.g. "5S B is not
 * a Pair: a wildcard never makes a Pair (TRICKS §3)".
 *
 * Returns: %TRUE when @play is a legal lead.
 */
gboolean lw_lead_classify (const LwPlay        *play,
                           LwSuit               trump,
                           const LwHouseRules  *rules,
                           LwLead              *lead,
                           GError             **error);

/**
 * lw_leads_enumerate:
 * @hand: (array length=n_hand): the leader's cards, at most %LW_MAX_HAND
 * @n_hand: how many, ≥ 1
 * @trump: the trump suit or %LW_NO_TRUMP
 * @rules: (nullable): house rules
 * @out: (element-type LwPlay): the legal leads are appended
 *
 * Every legal lead of @hand (TRICKS §3): each Single, Pair, Set (with any
 * number of the wildcards held, each standing for the Set's rank; a B or
 * L of the Set's own rank counts as natural) and Run (one natural card per
 * rank, Little Wolves filling the missing ranks, T9). Plays that differ only
 * by two-deck duplicates are listed once.
 */
void lw_leads_enumerate (const LwCard       *hand,
                         guint               n_hand,
                         LwSuit              trump,
                         const LwHouseRules *rules,
                         GArray             *out);

/**
 * lw_leads_count:
 * @hand: (array length=n_hand): the leader's cards, at most %LW_MAX_HAND
 * @n_hand: how many, ≥ 1
 * @rules: (nullable): house rules
 *
 * Counts the legal leads of @hand without listing them: the length of the
 * list lw_leads_enumerate() would give.
 *
 * Returns: the number of legal leads (at least @n_hand's distinct faces).
 */
guint lw_leads_count (const LwCard       *hand,
                      guint               n_hand,
                      const LwHouseRules *rules);

/**
 * lw_leads_nth:
 * @hand: (array length=n_hand): the leader's cards, at most %LW_MAX_HAND
 * @n_hand: how many, ≥ 1
 * @rules: (nullable): house rules
 * @index: 0..lw_leads_count()−1
 * @play: (out caller-allocates): the lead
 *
 * The lead at @index in lw_leads_enumerate()'s order, built alone: with
 * lw_leads_count() this picks a uniformly random legal lead without
 * listing them all.
 *
 * Returns: %TRUE when @index is below the number of leads.
 */
gboolean lw_leads_nth (const LwCard       *hand,
                       guint               n_hand,
                       const LwHouseRules *rules,
                       guint               index,
                       LwPlay             *play);

/**
 * lw_follow_legal:
 * @lead: the lead
 * @hand: (array length=n_hand): the follower's cards, at most 31; the lead
 *   has @lead->n ≤ @n_hand cards (T5)
 * @n_hand: how many
 * @out: (element-type guint32): receives the legal plays, each a bit mask
 *   over the positions of @hand
 *
 * The legal follows by the ordered obligations of TRICKS §4: the
 * @lead->n-card subsets of @hand that meet the first pattern the hand can
 * meet. Each obligation list is ranked by a key (for Sets the generic key
 * of §4.3, T15/T16/T20), and the legal plays are those of the highest key.
 *
 * Returns: the number of masks appended (at least 1).
 */
guint lw_follow_legal (const LwLead *lead,
                       const LwCard *hand,
                       guint         n_hand,
                       GArray       *out);

/**
 * lw_follow_check:
 * @lead: the lead
 * @hand: (array length=n_hand): the follower's cards
 * @n_hand: how many
 * @cards: (array length=n): the proposed follow
 * @n: how many
 * @error: return location for a #GError
 *
 * Checks one follow against TRICKS §4 (T5, T13–T20, T29).
 *
 * Errors: %LW_ENGINE_ERROR_ILLEGAL_PLAY naming the obligation broken and
 * what the hand could play instead, e.g. "must follow with a Pair: you hold
 * 9D 9H (TRICKS §4.2)".
 *
 * Returns: %TRUE when the follow is legal.
 */
gboolean lw_follow_check (const LwLead  *lead,
                          const LwCard  *hand,
                          guint          n_hand,
                          const LwCard  *cards,
                          guint          n,
                          GError       **error);

/**
 * LwRefusalKind:
 * @LW_REFUSAL_NONE: the follow is legal
 * @LW_REFUSAL_COUNT: not as many cards as the lead (T5)
 * @LW_REFUSAL_NOT_IN_HAND: a card played is not in the hand
 * @LW_REFUSAL_FOLLOW_SUIT: a Single: must follow the led suit (§4.1; any
 *   trump for a trump-suit lead, T1)
 * @LW_REFUSAL_POACH: a Single, void in its suit: must Poach with a card of
 *   the lead's rank (T13)
 * @LW_REFUSAL_DEN_SAME_RANK: a Den Single: must play a Den card of its
 *   rank (T14)
 * @LW_REFUSAL_TRUMP: a Den Single in a trump round: must play a trump
 * @LW_REFUSAL_DEN: a Den Single in No Trump: must play a Den card
 * @LW_REFUSAL_PAIR_OF_RANK: a PLAIN Pair: must play the Pair of its rank
 *   (§4.2)
 * @LW_REFUSAL_PAIR: a PLAIN Pair: must play a Pair
 * @LW_REFUSAL_CARD_OF_RANK: a PLAIN Pair: must play the card of its rank
 * @LW_REFUSAL_TRUMP_PAIR: a TRUMP Pair: must play a trump Pair (T18)
 * @LW_REFUSAL_TWO_TRUMPS: a TRUMP Pair: must play two trumps
 * @LW_REFUSAL_TRUMP_WITH_RANK: a TRUMP Pair, one trump held: it with the
 *   card of the lead's rank
 * @LW_REFUSAL_THE_TRUMP: a TRUMP Pair, one trump held: must play it
 * @LW_REFUSAL_SET_GROUPS: a PLAIN Set: the biggest groups, then the lead's
 *   rank, then the helpers (§4.3's key, T15, T16)
 * @LW_REFUSAL_SET_TRUMPS: a TRUMP Set, ≥ N trumps held: trumps only, Pairs
 *   and Big Bears first (T20)
 * @LW_REFUSAL_EVERY_TRUMP: a TRUMP Set, 1..N−1 trumps held: every trump,
 *   then cards of the lead's rank (§4.4)
 * @LW_REFUSAL_RUN_OF_RANK: a Run: must play the Run of its top card (T10)
 * @LW_REFUSAL_RUN: a Run: must play a Run (§4.5)
 * @LW_REFUSAL_RUN_SUIT: a PLAIN Run, no Run held: must follow its suit
 * @LW_REFUSAL_TRUMP_RUN: a TRUMP Run: must play a trump Run
 * @LW_REFUSAL_RUN_TRUMPS: a TRUMP Run, no trump Run held: must play trumps
 *
 * Why a follow is refused: the first obligation of TRICKS §4 the hand could
 * meet and the play does not. The rulings oblige no one to beat the
 * winning play, so no reason says so.
 */
typedef enum {
  LW_REFUSAL_NONE,
  LW_REFUSAL_COUNT,
  LW_REFUSAL_NOT_IN_HAND,
  LW_REFUSAL_FOLLOW_SUIT,
  LW_REFUSAL_POACH,
  LW_REFUSAL_DEN_SAME_RANK,
  LW_REFUSAL_TRUMP,
  LW_REFUSAL_DEN,
  LW_REFUSAL_PAIR_OF_RANK,
  LW_REFUSAL_PAIR,
  LW_REFUSAL_CARD_OF_RANK,
  LW_REFUSAL_TRUMP_PAIR,
  LW_REFUSAL_TWO_TRUMPS,
  LW_REFUSAL_TRUMP_WITH_RANK,
  LW_REFUSAL_THE_TRUMP,
  LW_REFUSAL_SET_GROUPS,
  LW_REFUSAL_SET_TRUMPS,
  LW_REFUSAL_EVERY_TRUMP,
  LW_REFUSAL_RUN_OF_RANK,
  LW_REFUSAL_RUN,
  LW_REFUSAL_RUN_SUIT,
  LW_REFUSAL_TRUMP_RUN,
  LW_REFUSAL_RUN_TRUMPS,
} LwRefusalKind;

/** A card id that names no card (LwRefusal's @missing when unused). */
#define LW_NO_CARD ((LwCard) 0xff)

/**
 * LwRefusal:
 * @kind: the obligation broken
 * @n_lead: the cards the lead asks for (N)
 * @missing: for %LW_REFUSAL_NOT_IN_HAND the card not held, else
 *   %LW_NO_CARD
 * @played: the play, a bit mask over the hand (0 for %LW_REFUSAL_COUNT and
 *   %LW_REFUSAL_NOT_IN_HAND)
 * @must: the cards of the hand every legal follow holds, face by face
 *   (bit mask; as lw_follow_obligatory() marks them)
 * @could: the cards of the hand in some legal follow, every copy of a
 *   face (bit mask)
 * @n_legal: how many legal follows the hand has
 * @legal: the first of them (up to 4), bit masks over the hand
 *
 * A refused follow as facts, for each UI to word (the engine's own words
 * are lw_refusal_kind_describe()'s).
 */
typedef struct {
  LwRefusalKind kind;
  guint         n_lead;
  LwCard        missing;
  guint32       played;
  guint32       must;
  guint32       could;
  guint         n_legal;
  guint32       legal[4];
} LwRefusal;

/**
 * lw_follow_refusal:
 * @lead: the lead
 * @hand: (array length=n_hand): the follower's cards, at most 31
 * @n_hand: how many
 * @cards: (array length=n): the proposed follow
 * @n: how many
 * @refusal: (out caller-allocates): why it is refused, when it is
 *
 * The check of lw_follow_check() (TRICKS §4, T5, T13–T20, T29) as facts.
 *
 * Returns: %TRUE when the follow is refused (@refusal filled), %FALSE when
 *   it is legal (@refusal's @kind is %LW_REFUSAL_NONE).
 */
gboolean lw_follow_refusal (const LwLead  *lead,
                            const LwCard  *hand,
                            guint          n_hand,
                            const LwCard  *cards,
                            guint          n,
                            LwRefusal     *refusal);

/**
 * lw_refusal_kind_describe:
 * @kind: a refusal
 *
 * Returns: (transfer none): the engine's untranslated words for it with
 *   the ruling cited ("must play a trump (TRICKS §4.1)"), as
 *   lw_follow_check()'s errors say it.
 */
const char *lw_refusal_kind_describe (LwRefusalKind kind);

/**
 * lw_follow_obligatory:
 * @lead: the lead
 * @hand: (array length=n_hand): the follower's cards, at most 31; @lead->n
 *   ≤ @n_hand
 * @n_hand: how many
 * @picked: the cards picked so far, a bit mask over @hand (0 for none)
 * @could: (out) (optional): the cards not picked of each face that some
 *   legal follow holding the picks holds more copies of than are picked
 *   (every copy not picked of such a face)
 *
 * The obligatory cards of a follow (TRICKS §4), face by face: two copies
 * of a face (two decks, or a Den card's two copies) are the same card to
 * the rules, so a legal follow (lw_follow_legal()) holds the picks when it
 * holds as many copies of each face as @picked does, and a face is
 * obligatory in the fewest copies beyond the picked ones that any legal
 * follow holding the picks holds (with 3S 3S in the hand and either one
 * following suit, one 3S is obligatory). When no legal follow holds the
 * picks, the picks are ignored and every legal follow counts (picked
 * copies still count towards a face's copies).
 *
 * Returns: the obligatory cards not picked, a bit mask over @hand: as many
 *   copies of each face as are obligatory, the first ones not picked in
 *   @hand's order (where a UI marks cards).
 */
guint32 lw_follow_obligatory (const LwLead *lead,
                              const LwCard *hand,
                              guint         n_hand,
                              guint32       picked,
                              guint32      *could);

/**
 * lw_trick_winner:
 * @lead: the lead (play 0)
 * @follows: (array length=n_follows): the followers' plays in clockwise
 *   order, each of @lead->n cards
 * @n_follows: how many
 * @rules: (nullable): house rules (T22's whole-trick variant)
 *
 * TRICKS §5: each play in turn takes over when it beats the current
 * winner; ties stay with the earlier play (T26); over-trumping is card for
 * card (T21–T25).
 *
 * Returns: the index of the winning play: 0 the lead, i the i-th follower.
 */
guint lw_trick_winner (const LwLead       *lead,
                       const LwPlay       *follows,
                       guint               n_follows,
                       const LwHouseRules *rules);

G_END_DECLS
