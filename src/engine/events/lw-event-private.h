/* lw-event-private.h — what the event's files share and no caller sees:
 * lw-event.c (the event, its tables and points), lw-pairing.c,
 * lw-event-standings.c and lw-elimination.c (docs/EVENTS.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include <json-glib/json-glib.h>

#include "lw-duplicate.h"
#include "lw-event.h"

G_BEGIN_DECLS

/* Two event-point totals closer than this are equal. */
#define POINTS_EPSILON 1e-9

/* The tie-breaks' names in files and on the command line, by LwTiebreak
 * (LW_N_TIEBREAKS of them; lw-event.c). */
extern const char *const lw_event_tiebreak_names[];

/* One entrant's running totals while standings are computed
 * (lw-event-standings.c), also the ranking Swiss pairing reads. */
typedef struct {
  LwEventStanding row;
  gboolean        listed;
  guint           group;   /* level on points and Buchholz */
} LwEventTally;

/* lw_event_entrant_at:
 * @event: the event
 * @index: an entrant's index, 0 to the number of entrants - 1 (not checked)
 *
 * Returns: (transfer none): the entrant at @index. */
const LwEntrant *lw_event_entrant_at (const LwEvent *event,
                                      int            index);

/* lw_event_round_one_field:
 * @event: the event
 *
 * Returns: (transfer full): the entrants of round 1 (at tables and on
 * byes), in entrant order; before round 1 is paired, the checked-in
 * entrants. */
GArray *lw_event_round_one_field (const LwEvent *event);

/* lw_event_ceil_log2:
 * @n: a count, 0 or more
 *
 * Returns: the smallest k with 2^k >= @n (0 for 0 and 1): the rounds of
 * an elimination bracket of @n entrants. */
guint lw_event_ceil_log2 (guint n);

/* lw_event_is_partners:
 * @event: the event
 *
 * Returns: whether the event's format is partners (two sides of two, seats
 * 0 and 2 against 1 and 3). */
gboolean lw_event_is_partners (const LwEvent *event);

/* lw_event_side_of_seat:
 * @event: the event
 * @seat: a seat at one of its tables, 0 to LW_EVENT_MAX_SEATS - 1
 *
 * Returns: the side @seat plays on: seat % 2 at partners, the seat
 * itself otherwise. */
int lw_event_side_of_seat (const LwEvent *event,
                           guint          seat);

/* lw_event_table_winner:
 * @table: a table of an elimination round
 *
 * Returns: the entrant with the highest score at @table, -1 when it has
 * no result yet (lw-elimination.c). */
int lw_event_table_winner (const LwEventTable *table);

/* lw_event_elimination_slots_seeded:
 * @event: an elimination event
 * @round: a round, 1-based; the rounds before it must be complete
 * @seed_order: round 1's seeds, used when round 1 is not paired yet
 *
 * Returns: (transfer full): the bracket's slots for @round, entrants in
 * bracket order, -1 for an empty slot (lw-elimination.c). */
GArray *lw_event_elimination_slots_seeded (const LwEvent *event,
                                           guint          round,
                                           const GArray  *seed_order);

/* lw_event_points_equal:
 * @a: an event-point total
 * @b: another
 *
 * Returns: whether @a and @b are equal within POINTS_EPSILON. */
gboolean lw_event_points_equal (double a,
                                double b);

/* lw_event_tally:
 * @event: the event
 * @with_buchholz: whether to sum the opponents' points too (Buchholz)
 *
 * Returns: (transfer full): one LwEventTally per entrant, by index: points,
 * games, wins, skunks, byes and margins (docs/EVENTS.md "Standings";
 * lw-event-standings.c). Free with g_free(). */
LwEventTally *lw_event_tally (const LwEvent *event,
                              gboolean       with_buchholz);

/* lw_event_add_json_head:
 * @builder: a builder inside the standings' object
 * @event: the event
 *
 * Adds the members every event's standings JSON starts with (docs/EVENTS.md):
 * "event", "format", "table_size", "rounds", "rounds_paired", "finished"
 * (lw-event-standings.c). */
void lw_event_add_json_head (JsonBuilder   *builder,
                             const LwEvent *event);

/* A seating after which a player can no longer end evenly spread costs
 * this much, more than any number of repeated seats. */
#define LW_DUPLICATE_UNEVEN_COST G_GUINT64_CONSTANT (1000000)

/* lw_duplicate_seat_counts:
 * Returns: (transfer full): per entrant (× LW_EVENT_MAX_SEATS) and seat,
 * the times they sat there in the rounds before @before_round. */
guint *lw_duplicate_seat_counts (const LwEvent *event,
                                 guint          before_round);

/* lw_duplicate_best_seating:
 * @counts: lw_duplicate_seat_counts() for @round
 * @players: (array length=n_seats): a table's players
 * @best: (out caller-allocates) (array length=n_seats): the seat of each
 *
 * DUPLICATE D8: the seating of one table of event round @round that keeps
 * its players' positions the most evenly spread: a seat sat at c times
 * before costs c², and a seating after which a player can no longer end
 * the event (lw_event_total_rounds()) with counts that differ by at most
 * 1 costs LW_DUPLICATE_UNEVEN_COST more for each sitting beyond reach.
 * Equal costs keep @players' order. Returns: the seating's cost. */
guint64 lw_duplicate_best_seating (const LwEvent *event,
                                   guint          round,
                                   const guint   *counts,
                                   const int     *players,
                                   guint          n_seats,
                                   guint         *best);

/* lw_duplicate_spread_seats:
 * @event: a duplicate event of individuals, its rounds before @round
 * @round: the round being paired, its tables grouped
 *
 * DUPLICATE D8: seats each table's players so that each player's
 * positions are spread as evenly as possible over the event (the fewest
 * times at the same seat; lw-duplicate-seating.c). */
void lw_duplicate_spread_seats (const LwEvent *event,
                                LwEventRound  *round);

/* lw_duplicate_pair_partnerships:
 * @event: a duplicate event of partnerships
 * @round: the round being paired, empty
 * @tally: the ranking (lw_duplicate_rank_tally())
 * @error: return location for a #GError
 *
 * DUPLICATE D8 for partnerships: fixed partnerships (entrants 0+1, 2+3, …
 * in registration order); while all play, the circle method (each meets
 * every other once, an odd field's sit-out in rotation), else tables of
 * two partnerships that have met the fewest times, the odd one out
 * sitting out (fewest sit-outs first, then the lowest ranked); seats 0+2
 * and 1+3 alternately. A player whose partner is not checked in sits out. */
gboolean lw_duplicate_pair_partnerships (const LwEvent       *event,
                                         LwEventRound        *round,
                                         const LwEventTally  *tally,
                                         GError             **error);

/* lw_duplicate_rank_tally:
 * @event: a duplicate event
 * @tally: lw_event_tally()'s rows, one per entrant
 *
 * Puts each entrant's duplicate score (D7) in @tally's points and the sum
 * of their nets in its Buchholz, so that pairing ranks by them (sit-outs
 * to the lowest ranked, D8). */
void lw_duplicate_rank_tally (const LwEvent *event,
                              LwEventTally  *tally);

/* lw_duplicate_seat_record:
 * @event: a duplicate event
 * @round: the event round
 * @table: the table's number (0 for none, a par's computer table)
 * @n_seats: the seats, the event's table size
 * @names: (array length=n_seats): the seats' names
 * @board: the board's number, ≥ 1
 *
 * The one-round game a board is scored as (DUPLICATE D4; lw-duplicate.c):
 * lw_duplicate_board_record() for any seats' names.
 *
 * Returns: (transfer full): a record with no rounds. */
LwGameRecord *lw_duplicate_seat_record (const LwEvent      *event,
                                        guint               round,
                                        guint               table,
                                        guint               n_seats,
                                        const char *const  *names,
                                        guint               board);

/* lw_duplicate_add_fraction:
 * @builder: a builder inside an object
 * @name: the member's name
 * @value: a fraction
 * @scale: 1 for a net, 100 for a percentage (lw_fraction_format())
 *
 * Adds the member @name: {"numerator", "denominator", "text"}, as
 * docs/EVENTS.md shows a duplicate event's fractions (lw-duplicate.c). */
void lw_duplicate_add_fraction (JsonBuilder *builder,
                                const char  *name,
                                LwFraction   value,
                                gint64       scale);

G_END_DECLS
