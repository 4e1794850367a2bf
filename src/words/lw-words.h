/* lw-words.h — the words for what the engine derives, shared by the app,
 * the web server and the remote table: scores, rounds and their facts,
 * edits, times, names (isolated for mixed directions), penalties, cards,
 * bids, refusals and wildcards. GLib only (no GTK): the words follow the
 * calling thread's locale (gettext), so that a server may speak each
 * reader's language (uselocale()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <locale.h>

#include "lw-engine.h"

G_BEGIN_DECLS

/**
 * lw_describe_round:
 * @record: the game the round belongs to (its rounds up to @result at least)
 * @standings: the standings of @record
 * @result: one of its rounds
 *
 * Returns: (transfer full): one line per side with items or a change:
 *   "Ann +1: Pack +1", a side's delta first, then what made it. A Pack
 *   made with every trick but the last (worth 0, SCORING R11) has a line
 *   of its own, so that the round does not read as "No change".
 */
char *lw_describe_round (const LwGameRecord  *record,
                         const LwStandings   *standings,
                         const LwRoundResult *result);

/**
 * lw_describe_round_facts:
 * @record: the game
 * @round: one of its rounds (or the round being entered)
 *
 * The facts of a round in one compact line, to spot a typo: the declarer,
 * the cards per seat, Den cards held, pegging, penalties, void; in Garwolf
 * the Court cards and Garwolves per seat.
 *
 * Returns: (transfer full): e.g. "Ann declared · Ann 20 · Ben 6 · Ben 2 Worms".
 */
char *lw_describe_round_facts (const LwGameRecord *record,
                               const LwRound      *round);

/**
 * lw_describe_cards:
 * @hand: (array length=n_hand): cards
 * @n_hand: how many, at most 32
 * @mask: which of them, a bit mask over @hand
 *
 * Returns: (transfer full): those cards in short, in @hand's order:
 *   "7♥, Q♥" ("" for none).
 */
char *lw_describe_cards (const LwCard *hand,
                         guint         n_hand,
                         guint32       mask);

/**
 * lw_describe_refusal:
 * @refusal: a refused follow (lw_follow_refusal())
 * @hand: (array length=n_hand): the hand it was checked against
 * @n_hand: how many cards
 *
 * Returns: (transfer full): why, in words, with the cards that would meet
 *   the obligation: "You must play a trump: you hold 7♥, Q♥." (TRICKS §4).
 */
char *lw_describe_refusal (const LwRefusal *refusal,
                           const LwCard    *hand,
                           guint            n_hand);

/**
 * lw_describe_wildcard_as:
 * @wild: a wildcard of a lead (lw_play_wildcards())
 *
 * Returns: (transfer full): the card or rank it stood for (TRICKS §3,
 *   T7–T9): "8♠" (a Run's Little Wolf), "9" (a Set's), a Den card.
 */
char *lw_describe_wildcard_as (const LwWildcard *wild);

/**
 * lw_describe_wildcards:
 * @play: a lead
 *
 * Returns: (transfer full) (nullable): what each wildcard stood for
 *   (lw_play_wildcards(), TRICKS §3): "Little Wolf as 8♠, Big Bear as 9";
 *   %NULL when the play has none.
 */
char *lw_describe_wildcards (const LwPlay *play);

/**
 * lw_describe_bid_event:
 * @event: an event of the bidding (lw_table_bid_events())
 * @names: (array): a name per seat
 *
 * Returns: (transfer full): the event as a sentence: "Ann declares.",
 *   "Bob declines.", "Everyone declined: Ann, with the most cards, loses
 *   a point." (TRICKS §2.4, SCORING R16).
 */
char *lw_describe_bid_event (const LwBidEvent  *event,
                             const char *const *names);

/**
 * lw_message_capitalize:
 * @message: a message in words, e.g. from the engine
 *
 * Returns: (transfer full): @message with a capital first letter, the
 *   words otherwise kept: "Round 1: cards sum to 15, expected 26".
 */
char *lw_message_capitalize (const char *message);

/**
 * lw_format_signed:
 * @value: a number
 *
 * Returns: (transfer full): "+3", "−2" (a true minus sign) or "0".
 */
char *lw_format_signed (int value);

/**
 * lw_format_scores:
 * @n: number of sides
 * @scores: (array length=n): scores
 *
 * Returns: (transfer full): "4 – 16".
 */
char *lw_format_scores (guint      n,
                        const int *scores);

/**
 * lw_isolate_name:
 * @name: a name (UTF-8, as the names rule of docs/rules/GAME-RECORD.md allows it)
 *
 * A name to put inside a sentence or a list on screen ("%s deals next",
 * "Ann vs Ben"). A name holding right-to-left letters or bidirectional
 * controls (U+202E, a format character the names rule allows beside
 * visible ones) is put between U+2068 FIRST STRONG ISOLATE and U+2069
 * POP DIRECTIONAL ISOLATE, after a mark of the window's direction (U+200E,
 * or U+200F in a right-to-left language: Pango takes a label's direction
 * from its first strong character, even inside an isolate), so that it
 * cannot turn the words and numbers around it backwards (Unicode's
 * bidirectional algorithm, UAX #9); any other name is copied as it is.
 * An isolate the name opens and leaves open is closed inside it, and a
 * U+2069 of the name that closes none of its own is left out, so that
 * the name's controls stay inside its isolate.
 *
 * Returns: (transfer full): the name to show.
 */
char *lw_isolate_name (const char *name);

/**
 * lw_sides_title:
 * @record: a record
 *
 * Returns: (transfer full): the sides joined with " vs ", each isolated
 * as lw_isolate_name() says.
 */
char *lw_sides_title (const LwGameRecord *record);

/**
 * lw_rules_text:
 * @record: a record
 *
 * The engine's lw_game_record_rules_text() in the user's language: the
 * rule set @record was started from (its name isolated as
 * lw_isolate_name() says), then the house rules that are not the rulings
 * (TRICKS T9, T22; SCORING G3). Shown by the printed score sheet and the
 * game's details.
 *
 * Returns: (transfer full) (nullable): the text, %NULL for Standard rules.
 */
char *lw_rules_text (const LwGameRecord *record);

/**
 * lw_describe_edit:
 * @record: the game before the edit
 * @edit: the edit
 * @result: what lw_edit_apply() made of it
 *
 * What a correction does to the rest of the game, in words, one fact a
 * line: the later rounds that change ("Rounds 4–7 change"), each side's
 * score at the end that changes ("Ann’s score after round 7: 9 → 8"),
 * and whether the game now ends, has another winner or a skunk (SCORING
 * R18–R25).
 *
 * Returns: (transfer full): the text.
 */
char *lw_describe_edit (const LwGameRecord *record,
                        const LwEdit       *edit,
                        const LwEditResult *result);

/**
 * lw_format_time:
 * @unix_time: seconds since 1970 (UTC); 0 for not known
 * @with_date: whether to give the date too
 *
 * Returns: (transfer full): the local time, "14:05" or "2024-05-12 14:05";
 *   "" when @unix_time is 0.
 */
char *lw_format_time (gint64   unix_time,
                      gboolean with_date);

/**
 * lw_parse_time:
 * @text: "YYYY-MM-DD", "YYYY-MM-DD HH:MM" (local time), or blank
 * @unix_time: (out): seconds since 1970 (UTC), 0 for blank text
 *
 * Returns: %TRUE when @text is blank or such a date.
 */
gboolean lw_parse_time (const char *text,
                        gint64     *unix_time);

/**
 * lw_penalty_kind_describe:
 * @kind: an in-round penalty (SCORING R19)
 *
 * Returns: (transfer none): "played out of turn", "looked at discards".
 */
const char *lw_penalty_kind_describe (LwPenaltyKind kind);

/**
 * lw_card_face_name:
 * @face: a face, 0..55
 *
 * Returns: (transfer full): the card in words for people and screen
 *   readers, translated: "Queen of Hearts", "Big Bear".
 */
char *lw_card_face_name (guint face);

/**
 * lw_card_face_short:
 * @face: a face, 0..55
 *
 * Returns: (transfer full): the card in short with its suit symbol:
 *   "Q♥", "10♠", "Worm".
 */
char *lw_card_face_short (guint face);

/**
 * lw_suit_symbol:
 * @suit: a suit
 *
 * Returns: (transfer none): "♠", "♥", "♦", "♣", or "" for none.
 */
const char *lw_suit_symbol (LwSuit suit);

/**
 * lw_suit_name:
 * @suit: a suit, or %LW_NO_TRUMP
 *
 * Returns: (transfer none): the suit in words, translated ("Hearts"), or
 *   "No Trump".
 */
const char *lw_suit_name (LwSuit suit);

/**
 * lw_card_face_rank:
 * @face: a face, 0..55
 *
 * Returns: the face's rank: 1 (Ace) … 13 (King) for a suited face, the
 *   Den rank (%LW_RANK_WORM … %LW_RANK_WOLF) for a Den card.
 */
guint lw_card_face_rank (guint face);

/**
 * lw_card_face_suit:
 * @face: a face, 0..55
 *
 * Returns: the face's suit, %LW_SUIT_NONE for a Den card.
 */
LwSuit lw_card_face_suit (guint face);

/**
 * lw_describe_wildcard_tag:
 * @wild: a wildcard of a lead (lw_play_wildcards())
 *
 * Returns: (transfer full): the tag under the card in a trick: "as 10♣".
 */
char *lw_describe_wildcard_tag (const LwWildcard *wild);

/**
 * lw_describe_bidding:
 * @table: a round at the virtual table
 * @names: (array): the seats' names
 * @outcome_only: only the last event (the bidding's outcome)
 *
 * The bidding so far, one sentence per event (TRICKS §2.4,
 * lw_table_bid_events()), joined by spaces.
 *
 * Returns: (transfer full) (nullable): the words, %NULL before anyone spoke.
 */
char *lw_describe_bidding (const LwTable     *table,
                           const char *const *names,
                           gboolean           outcome_only);

/**
 * lw_describe_turn:
 * @table: a round at the virtual table
 * @names: (array): the seats' names
 * @thinking: the seat to act is a computer (it "is thinking…")
 * @viewer: the seat the words are for: the cards it must play are named
 *   when it is to follow (TRICKS §4), and a Dealer to bid is told "you
 *   dealt" only when it is the viewer (another seat reads "Ann dealt and
 *   chooses"); %LW_NO_SEAT for none. No other seat's cards are ever named.
 * @n_selected: the cards the viewer selected, for the Dealer's discard
 *
 * The line under the table: the bidding so far, whose turn and what to
 * do, what the lead's wildcards stand for and the cards the viewer must
 * play.
 *
 * Returns: (transfer full): the words ("" when nobody is to act).
 */
char *lw_describe_turn (const LwTable     *table,
                        const char *const *names,
                        gboolean           thinking,
                        int                viewer,
                        guint              n_selected);

/**
 * lw_describe_final_board:
 * @record: a game
 * @standings: its standings
 *
 * Returns: (transfer full): the scores side by side: "Ann 21 · Bob 15".
 */
char *lw_describe_final_board (const LwGameRecord *record,
                               const LwStandings  *standings);

/**
 * lw_describe_round_end:
 * @record: the game, its last round the one just stored from @table
 * @standings: the standings of @record
 * @table: the finished round (%LW_PHASE_END)
 * @names: (array): the seats' names
 * @round_number: the round's number, 1-based
 *
 * How the round ended: who the nobody-declared rule charges (SCORING
 * R16), the round's breakdown (lw_describe_round()) and, when the game is
 * over, its winner and final board (SCORING R23, R24).
 *
 * Returns: (transfer full): the words.
 */
char *lw_describe_round_end (const LwGameRecord *record,
                             const LwStandings  *standings,
                             const LwTable      *table,
                             const char *const  *names,
                             guint               round_number);

/**
 * lw_words_use_lang:
 * @lang: (nullable): "en", "fr" or "de" (another or %NULL: English)
 *
 * Speaks @lang on the calling thread (uselocale() with its locale,
 * fr_FR.UTF-8 or de_DE.UTF-8, made once per process), so that the words
 * of this file and every gettext message follow it, until
 * lw_words_restore_lang() with what this returns. Where the locale is not
 * installed the process's own language stays.
 *
 * Returns: the thread's locale before, for lw_words_restore_lang(), or
 *   (locale_t) 0 when nothing changed.
 */
locale_t lw_words_use_lang (const char *lang);

/**
 * lw_words_restore_lang:
 * @old: what lw_words_use_lang() returned
 *
 * Speaks the thread's language of before lw_words_use_lang() again.
 */
void lw_words_restore_lang (locale_t old);

/**
 * lw_words_lang_of:
 * @accept_language: (nullable): an HTTP Accept-Language header
 *   ("de-DE,de;q=0.9,en;q=0.8")
 *
 * Returns: (transfer none): the first of its languages that is spoken
 *   ("en", "fr" or "de"), "en" when none is.
 */
const char *lw_words_lang_of (const char *accept_language);

G_END_DECLS
