/* lw-table-facts.h — what happens at the virtual table as facts for the
 * UIs to word: the bidding's events and what each wildcard in a play
 * stood for
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-cards.h"
#include "lw-play.h"
#include "lw-table.h"

G_BEGIN_DECLS

/**
 * LwBidEventKind:
 * @LW_BID_DECLARES: the seat Declares: it is Declarer and leads (a
 *   declaring Dealer also takes the Pups, TRICKS §2.4)
 * @LW_BID_DECLINES: the seat Declines
 * @LW_BID_ALL_DECLINED: everyone Declined: no Declarer, the Dealer leads
 *   (§2.4), and the seats that win the most cards each cost their side a
 *   point (SCORING R16, or 2 for a side that wins every trick, R17)
 */
typedef enum {
  LW_BID_DECLARES,
  LW_BID_DECLINES,
  LW_BID_ALL_DECLINED,
} LwBidEventKind;

/**
 * LwBidEvent:
 * @kind: what happened
 * @seat: who spoke (for %LW_BID_ALL_DECLINED the Dealer, who leads)
 * @dealer: the seat is the Dealer
 * @charged: for %LW_BID_ALL_DECLINED, the seats with the most cards won
 *   so far (bit mask; at the round's end those R16 charges), else 0
 */
typedef struct {
  LwBidEventKind kind;
  int            seat;
  gboolean       dealer;
  guint32        charged;
} LwBidEvent;

/**
 * lw_table_bid_events:
 * @table: a table, in any phase
 * @out: (element-type LwBidEvent): the bidding's events are appended, in
 *   the order spoken: one per Declare or Decline of the log, then
 *   %LW_BID_ALL_DECLINED when every seat Declined
 *
 * Returns: how many events were appended.
 */
guint lw_table_bid_events (const LwTable *table,
                           GArray        *out);

/**
 * LwWildcard:
 * @index: the card's position in the play
 * @card: the Big Bear or Little Wolf
 * @rank: the rank it stood for, 0..16 (TRICKS §1.1)
 * @suit: the suit it stood for (a Little Wolf in a Run, T9), else
 *   %LW_SUIT_NONE (a Set's wildcard takes the rank only, T8)
 */
typedef struct {
  guint  index;
  LwCard card;
  guint  rank;
  LwSuit suit;
} LwWildcard;

/**
 * lw_play_wildcards:
 * @play: a play (a lead carries its wildcards' annotations, TRICKS §3)
 * @out: (out caller-allocates) (array fixed-size=13): filled with the
 *   play's wildcards in order
 *
 * What each wildcard of a lead stood for (TRICKS §3 "Annotation", T7–T9).
 * A follower's B and L are ordinary cards and never listed.
 *
 * Returns: how many wildcards, 0..@play->n.
 */
guint lw_play_wildcards (const LwPlay *play,
                         LwWildcard    out[LW_MAX_PLAY]);

/**
 * lw_table_obligatory:
 * @table: a table whose next play is a follow
 * @picked: the cards of the seat to play picked so far (bit mask over
 *   lw_table_get_hand())
 * @could: (out) (optional): the other cards still in some legal follow
 *
 * lw_follow_obligatory() for the seat to play.
 *
 * Returns: the obligatory cards not yet picked, a bit mask over the hand
 *   (as many copies of each face as are obligatory); 0 when the next play
 *   is not a follow.
 */
guint32 lw_table_obligatory (const LwTable *table,
                             guint32        picked,
                             guint32       *could);

/**
 * lw_table_lead_readings:
 * @table: a table whose next play is a lead
 * @cards: (array length=n): cards of the Leader's hand
 * @n: how many, 1..%LW_MAX_PLAY (others give none)
 * @out: (element-type LwPlay): receives each distinct legal lead of those
 *   cards (TRICKS §3, T6–T9), with @cards' own copies: one reading per
 *   meaning of its wildcards (lw_play_format() tells them apart)
 *
 * The ways @cards can be led: none when they make no Single, Pair, Set or
 * Run; more than one when a wildcard can stand for more than one card,
 * which the player is to choose.
 *
 * Returns: how many readings were appended.
 */
guint lw_table_lead_readings (const LwTable *table,
                              const LwCard  *cards,
                              guint          n,
                              GArray        *out);

G_END_DECLS
