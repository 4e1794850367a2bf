/* lw-cards.h — the cards of Little Wolf: identities, faces, the notation of
 * docs/rules/TRICKS.md, the deck and its seeded shuffle
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * LwCard:
 *
 * One physical card, 0..119 (TRICKS §1.5): deck = id / 60; within a deck
 * 0..51 are the suited cards (suit × 13 + rank − 1) and 52..59 the Den
 * cards (two Worms, two Gongs, two Big Bears, two Little Wolves). Two
 * two-deck duplicates have the same face and different ids.
 */
typedef guint8 LwCard;

/** Cards in one deck, in two combined decks. */
#define LW_DECK_CARDS 60
#define LW_MAX_CARDS  120
/** The most cards one hand ever holds: 13 dealt + 4 Pups (TRICKS §2.4). */
#define LW_MAX_HAND   17
/** The most cards one play holds (a hand in play has at most 13). */
#define LW_MAX_PLAY   13
/** Faces: 52 suited + 4 kinds of Den card. */
#define LW_N_FACES    56

/**
 * LwSuit:
 * The four suits (not ranked, TRICKS §1), %LW_SUIT_NONE for a Den card's
 * printed suit. As a trump, %LW_NO_TRUMP (= %LW_SUIT_NONE) means No Trump.
 */
typedef enum {
  LW_SUIT_SPADES,
  LW_SUIT_HEARTS,
  LW_SUIT_DIAMONDS,
  LW_SUIT_CLUBS,
  LW_SUIT_NONE,
} LwSuit;

#define LW_NO_TRUMP LW_SUIT_NONE

/* The rank index of TRICKS §1.1: W 0, A 1 … K 13, G 14, B 15, L 16. */
enum {
  LW_RANK_WORM = 0,
  LW_RANK_ACE = 1,
  LW_RANK_KING = 13,
  LW_RANK_GONG = 14,
  LW_RANK_BEAR = 15,
  LW_RANK_WOLF = 16,
  LW_N_RANKS = 17,
};

/* Faces of the Den cards. */
enum {
  LW_FACE_WORM = 52,
  LW_FACE_GONG = 53,
  LW_FACE_BEAR = 54,
  LW_FACE_WOLF = 55,
};

/* Per-id tables, filled once; read them through the inline helpers. */
extern const guint8 lw_card_face_table[LW_MAX_CARDS];
extern const guint8 lw_card_rank_table[LW_MAX_CARDS];
extern const guint8 lw_card_suit_table[LW_MAX_CARDS];

/** lw_card_face: Returns: the face of @card, 0..55 (copies share it). */
static inline guint
lw_card_face (LwCard card)
{
  return lw_card_face_table[card];
}

/** lw_card_rank: Returns: the rank index of @card, 0..16 (TRICKS §1.1). */
static inline guint
lw_card_rank (LwCard card)
{
  return lw_card_rank_table[card];
}

/** lw_card_suit: Returns: the printed suit, %LW_SUIT_NONE for a Den card. */
static inline LwSuit
lw_card_suit (LwCard card)
{
  return (LwSuit) lw_card_suit_table[card];
}

/** lw_card_is_den: Returns: %TRUE for W, G, B and L. */
static inline gboolean
lw_card_is_den (LwCard card)
{
  return lw_card_suit_table[card] == LW_SUIT_NONE;
}

/**
 * lw_card_is_trump:
 * @card: a card
 * @trump: the trump suit or %LW_NO_TRUMP
 *
 * TRICKS §1.2 and T1: in a trump round every Den card and every card of the
 * trump suit is a trump; in No Trump nothing is.
 */
static inline gboolean
lw_card_is_trump (LwCard card,
                  LwSuit trump)
{
  return trump != LW_NO_TRUMP
         && (lw_card_suit_table[card] == LW_SUIT_NONE || lw_card_suit_table[card] == trump);
}

/**
 * lw_card_follows_suit:
 * @card: a card
 * @suit: the suit to follow (a trump suit when it equals @trump)
 * @trump: the trump suit or %LW_NO_TRUMP
 *
 * TRICKS §1.3 (T1): a Den card belongs to the trump suit in a trump round
 * and to no suit in No Trump.
 */
static inline gboolean
lw_card_follows_suit (LwCard card,
                      LwSuit suit,
                      LwSuit trump)
{
  if (suit == LW_SUIT_NONE)
    return FALSE;
  if (suit == trump)
    return lw_card_is_trump (card, trump);
  return lw_card_suit_table[card] == suit;
}

/**
 * lw_card_from_face:
 * @face: a face, 0..55
 * @copy: which copy: 0..1 for a suited card, 0..3 for a Den card
 *   (copies 2 and 3 are in the second deck)
 *
 * Returns: the card id, or -1 when @face or @copy is out of range.
 */
int lw_card_from_face (guint face,
                       guint copy);

/**
 * lw_face_copies:
 * @face: a face, 0..55
 * @decks: 1 or 2
 *
 * Returns: how many cards of @face the decks hold: 1 or 2 for a suited
 *   face, 2 or 4 for a Den face.
 */
guint lw_face_copies (guint face,
                      guint decks);

/**
 * lw_rank_to_string:
 * @rank: a rank index, 0..16
 *
 * Returns: (transfer none): "W", "A", "2" … "10", "J", "Q", "K", "G", "B",
 *   "L".
 */
const char *lw_rank_to_string (guint rank);

/**
 * lw_suit_to_string:
 * @suit: a suit
 *
 * Returns: (transfer none): "S", "H", "D", "C", or "none" for
 *   %LW_SUIT_NONE (No Trump).
 */
const char *lw_suit_to_string (LwSuit suit);

/**
 * lw_face_to_string:
 * @face: a face, 0..55
 *
 * Returns: (transfer none): its token in docs/rules/TRICKS.md notation, e.g. "10H",
 *   "W".
 */
const char *lw_face_to_string (guint face);

/**
 * LwCardToken:
 * @face: the face, 0..55
 * @as_rank: for a wildcard in a lead, the rank it stands for (0..16),
 *   else -1
 * @as_suit: for a Little Wolf in a Run, the suit it stands for, else
 *   %LW_SUIT_NONE
 *
 * One card as written, `9S`, `B=9`, `L=7S` (docs/rules/TRICKS.md "Notation").
 */
typedef struct {
  guint8 face;
  gint8  as_rank;
  guint8 as_suit;
} LwCardToken;

/**
 * lw_card_token_parse:
 * @text: one token, e.g. "10H", "qs", "W", "B=9", "L=7S"
 * @token: (out): the token read
 * @error: return location for a #GError
 *
 * Reads one card in docs/rules/TRICKS.md notation. Letters may be lower case; "T" is
 * not accepted for 10. Only B and L may carry "=…" (what a wildcard stands
 * for); whether that annotation fits the lead is checked by
 * lw_lead_classify().
 *
 * Errors: %LW_ENGINE_ERROR_INVALID ("\"1S\" is not a card").
 *
 * Returns: %TRUE when @text is a card.
 */
gboolean lw_card_token_parse (const char   *text,
                              LwCardToken  *token,
                              GError      **error);

/**
 * lw_card_tokens_parse:
 * @text: cards separated by spaces or commas, e.g. "9S 9C B=9"
 * @tokens: (out caller-allocates) (array fixed-size=max): the tokens read
 * @max: room in @tokens
 * @n: (out): how many were read
 * @error: return location for a #GError
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for a bad token, more than @max cards or
 * none at all.
 *
 * Returns: %TRUE when every token is a card.
 */
gboolean lw_card_tokens_parse (const char   *text,
                               LwCardToken  *tokens,
                               guint         max,
                               guint        *n,
                               GError      **error);

/**
 * lw_card_tokens_to_cards:
 * @tokens: (array length=n): tokens as read
 * @n: how many
 * @used: (inout) (array fixed-size=56): per face, the copies already given
 *   out; start from zeros and pass the same array for every group of cards
 *   of one table (a lead, a hand, the plays), so that duplicates get
 *   distinct ids
 * @cards: (out caller-allocates) (array length=n): the card ids
 * @error: return location for a #GError
 *
 * Gives each token the next free copy of its face, across two decks.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID when a face is written more often than
 * two decks hold it ("9S is written 3 times; two decks hold 2").
 *
 * Returns: %TRUE when every token got a card.
 */
gboolean lw_card_tokens_to_cards (const LwCardToken  *tokens,
                                  guint               n,
                                  guint8             *used,
                                  LwCard             *cards,
                                  GError            **error);

/**
 * lw_card_counts_check:
 * @used: (array fixed-size=56): per face, how many cards of it are written
 *   (as lw_card_tokens_to_cards() counts them over a lead, a hand, plays)
 * @decks: the decks in play, 1 or 2 (SCORING R1: one deck for 2–4
 *   players, two for 5–8; lw_decks())
 *
 * TRICKS §1.5: no card is written more often than the decks in play hold
 * it (one deck: one of each suited card, two of each Den card; two decks:
 * two and four).
 *
 * Errors: %LW_ENGINE_ERROR_INVALID naming the first face written too often
 * ("KS is written 2 times; one deck holds 1").
 *
 * Returns: %TRUE when every count fits the decks.
 */
gboolean lw_card_counts_check (const guint8  *used,
                               guint          decks,
                               GError       **error);

/**
 * lw_card_token_format:
 * @token: a token
 *
 * Returns: (transfer full): the token as written ("B=9", "L=7S", "10H").
 */
char *lw_card_token_format (const LwCardToken *token);

/**
 * lw_cards_format:
 * @cards: (array length=n): cards
 * @n: how many
 *
 * Returns: (transfer full): their faces, space-separated, in the order
 *   given ("9D 9H"); "" for none.
 */
char *lw_cards_format (const LwCard *cards,
                       guint         n);

/**
 * lw_cards_pick:
 * @hand: (array length=n_hand): a hand
 * @n_hand: how many cards it holds, at most 32
 * @mask: a set of the hand's positions, bit i for @hand[i] (as
 *   lw_follow_legal() and the table's selection give them)
 * @picked: (out caller-allocates) (array): room for as many cards as
 *   @mask has bits set below @n_hand
 *
 * Copies the cards of @hand that @mask names into @picked, in hand order.
 *
 * Returns: how many were copied.
 */
guint lw_cards_pick (const LwCard *hand,
                     guint         n_hand,
                     guint32       mask,
                     LwCard       *picked);

/**
 * lw_cards_sort:
 * @cards: (array length=n) (inout): cards
 * @n: how many
 *
 * Sorts by rank index, then suit, then id (a stable, readable order).
 */
void lw_cards_sort (LwCard *cards,
                    guint   n);

/**
 * LwRng:
 *
 * The engine's own random numbers: splitmix64 (Steele, Lea and Flood,
 * 2014): state += 0x9E3779B97F4A7C15, then two xor-shift-multiply steps.
 * Written out here so that a seed gives the same deal on every machine and
 * with every GLib (GRand's algorithm is not promised to stay).
 */
typedef struct {
  guint64 state;
} LwRng;

/** lw_rng_init: Starts @rng at @seed (any value, 0 included). */
void lw_rng_init (LwRng   *rng,
                  guint64  seed);

/** lw_rng_next: Returns: the next 64 random bits. */
guint64 lw_rng_next (LwRng *rng);

/**
 * lw_rng_below:
 * @rng: a generator
 * @bound: 1..2^32
 *
 * Returns: a uniform number in 0..@bound−1 (rejection of the biased tail,
 *   so every value is exactly equally likely).
 */
guint32 lw_rng_below (LwRng   *rng,
                      guint64  bound);

/**
 * lw_seed_mix:
 * @seed: a seed
 * @salt: a number to derive a separate stream from it (a round, a seat)
 *
 * Returns: a seed for a separate stream: splitmix64's output function over
 *   @seed and @salt.
 */
guint64 lw_seed_mix (guint64 seed,
                     guint64 salt);

/**
 * lw_deck_shuffled:
 * @decks: 1 or 2
 * @seed: the shuffle's seed
 * @cards: (out caller-allocates) (array fixed-size=120): the shuffled
 *   cards, 60 × @decks of them
 *
 * The ids 0..60×@decks−1 in the order of a Fisher–Yates shuffle driven by
 * an #LwRng at @seed: the same seed gives the same order everywhere
 * (TRICKS §1.5).
 *
 * Returns: the number of cards, 60 × @decks.
 */
guint lw_deck_shuffled (guint    decks,
                        guint64  seed,
                        LwCard  *cards);

G_END_DECLS
