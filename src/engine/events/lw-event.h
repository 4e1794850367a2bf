/* lw-event.h — tournaments: formats, pairing, seating, event points,
 * tie-breaks and standings (docs/EVENTS.md)
 *
 * An LwEvent is plain data: its entrants, the rounds paired so far with
 * their tables and byes, and each table's final scores. The store keeps
 * it (lw-store-events.h); everything here derives from it and is never
 * stored (event points, standings).
 *
 * Numbers: entrants are 0-based indexes into LwEvent.entrants, in
 * registration order; rounds and tables are 1-based; seats are 0-based
 * (docs/rules/GAME-RECORD.md), clockwise.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-record.h"
#include "lw-score.h"

G_BEGIN_DECLS

/* The largest table of an event. */
#define LW_EVENT_MAX_SEATS 4

/* The skunk threshold assumed for scores entered from paper (SCORING R23). */
#define LW_EVENT_PAPER_SKUNK 11

/* The target assumed for scores entered from paper (SCORING R3, R24). */
#define LW_EVENT_PAPER_TARGET 15

/**
 * LwEventFormat:
 * @LW_EVENT_SWISS: players with similar event points meet; no repeat
 *   opponents where it can be avoided; byes to the lowest-ranked player
 *   without one
 * @LW_EVENT_ROUND_ROBIN: every pair meets once (2 seats), or pairs share a
 *   table as evenly as possible (3 or 4 seats)
 * @LW_EVENT_PARTNERS: 4-seat partners tables (SCORING R2); everyone
 *   partners as many different players as possible
 * @LW_EVENT_ELIMINATION: single elimination at 2-seat tables, seeded in
 *   registration order, byes to the top seeds
 * @LW_EVENT_DUPLICATE: duplicate play (DUPLICATE D1–D10, lw-duplicate.h):
 *   one section of equal tables that all play the same boards each event
 *   round; individuals (2, 3 or 4 seats) or fixed partnerships
 *   (@partners of #LwEventConfig, 4 seats)
 */
typedef enum {
  LW_EVENT_SWISS,
  LW_EVENT_ROUND_ROBIN,
  LW_EVENT_PARTNERS,
  LW_EVENT_ELIMINATION,
  LW_EVENT_DUPLICATE,
} LwEventFormat;

/**
 * LwEntrantStatus:
 * @LW_ENTRANT_REGISTERED: entered, not yet present: not paired
 * @LW_ENTRANT_CHECKED_IN: present: paired in the next round
 * @LW_ENTRANT_DROPPED: left the event: never paired again; results so far
 *   stay in the standings
 */
typedef enum {
  LW_ENTRANT_REGISTERED,
  LW_ENTRANT_CHECKED_IN,
  LW_ENTRANT_DROPPED,
} LwEntrantStatus;

/**
 * LwTiebreak:
 * @LW_TIEBREAK_BUCHHOLZ: the opponents' mean event points, summed
 * @LW_TIEBREAK_HEAD_TO_HEAD: games won minus lost against the players
 *   level on event points and on the tie-breaks before this one
 * @LW_TIEBREAK_MARGIN: own score minus the best other side's, summed
 * @LW_TIEBREAK_SKUNKS: skunk wins (SCORING R23)
 *
 * What orders players level on event points (docs/EVENTS.md).
 */
typedef enum {
  LW_TIEBREAK_BUCHHOLZ,
  LW_TIEBREAK_HEAD_TO_HEAD,
  LW_TIEBREAK_MARGIN,
  LW_TIEBREAK_SKUNKS,
} LwTiebreak;

#define LW_N_TIEBREAKS 4

/**
 * LwSeeding:
 * @LW_SEEDING_REGISTRATION: seeds in registration order
 * @LW_SEEDING_RATING: seeds by rating (the leaderboard over every stored
 *   game, best first); unrated players after the rated ones, in
 *   registration order
 *
 * How round 1 of a single elimination is seeded (docs/EVENTS.md): an
 * option of the event (LwEventConfig.seeding), which pairing may override.
 */
typedef enum {
  LW_SEEDING_REGISTRATION,
  LW_SEEDING_RATING,
} LwSeeding;

/**
 * lw_seeding_to_string:
 * @seeding: a seeding
 * Returns: (transfer none): "registration" or "rating".
 */
const char *lw_seeding_to_string (LwSeeding seeding);

/**
 * lw_seeding_from_string:
 * @text: (nullable): "registration" or "rating"
 * @seeding: (out): the seeding read
 * Returns: %TRUE when @text names a seeding (@seeding is then set).
 */
gboolean lw_seeding_from_string (const char *text,
                                 LwSeeding  *seeding);

/**
 * LwEventConfig:
 * @format: the format
 * @table_size: seats per table: 2, 3 or 4 (%LW_EVENT_PARTNERS: 4;
 *   %LW_EVENT_ELIMINATION: 2)
 * @n_rounds: rounds to play, or 0 for the format's default
 *   (lw_event_total_rounds())
 * @points_win: event points for winning a full table, ≥ 0 (default 3)
 * @points_second: for second place at a full table of 3 or more sides
 *   (default 1)
 * @points_other: for any other place (default 0); @points_win ≥
 *   @points_second ≥ @points_other ≥ 0
 * @seed: seeds the draws (round 1 order, seats); the same seed gives the
 *   same pairings
 * @tiebreaks: the tie-breaks after event points, in order (each at most
 *   once; docs/EVENTS.md); lw_event_config_init() sets
 *   %LW_TIEBREAK_BUCHHOLZ, %LW_TIEBREAK_HEAD_TO_HEAD, %LW_TIEBREAK_MARGIN,
 *   %LW_TIEBREAK_SKUNKS
 * @n_tiebreaks: how many of @tiebreaks are used, 0..%LW_N_TIEBREAKS
 * @seeding: how round 1 of a single elimination is seeded (default
 *   %LW_SEEDING_REGISTRATION); %LW_SEEDING_RATING only for
 *   %LW_EVENT_ELIMINATION
 * @boards_per_round: %LW_EVENT_DUPLICATE only: the boards every table
 *   plays in one event round, 1–%LW_DUPLICATE_MAX_BOARDS (default 2,
 *   DUPLICATE D8); 0 for the other formats
 * @partners: %LW_EVENT_DUPLICATE only: fixed partnerships at 4-seat
 *   tables (seats 0+2 against 1+3); %FALSE for individuals
 */
typedef struct {
  LwEventFormat format;
  guint         table_size;
  guint         n_rounds;
  int           points_win;
  int           points_second;
  int           points_other;
  guint64       seed;
  LwTiebreak    tiebreaks[LW_N_TIEBREAKS];
  guint         n_tiebreaks;
  LwSeeding     seeding;
  guint         boards_per_round;
  gboolean      partners;
} LwEventConfig;

/* The most boards a duplicate table plays in one event round, and the
 * default (DUPLICATE D8). */
#define LW_DUPLICATE_MAX_BOARDS 20
#define LW_DUPLICATE_DEFAULT_BOARDS 2

/**
 * lw_tiebreaks_from_string:
 * @text: tie-break names joined by commas, e.g. "margin,buchholz"
 *   (`buchholz`, `head-to-head`, `margin`, `skunks`; spaces allowed)
 * @config: the settings whose @tiebreaks and @n_tiebreaks are set
 * @error: return location for a #GError
 *
 * Errors: %LW_ENGINE_ERROR_INVALID for an unknown or repeated name, with
 * the name in the message; @config is then unchanged.
 *
 * Returns: %TRUE when read.
 */
gboolean lw_tiebreaks_from_string (const char     *text,
                                   LwEventConfig  *config,
                                   GError        **error);

/**
 * lw_tiebreaks_to_string:
 * @config: event settings
 *
 * Returns: (transfer full): @config's tie-breaks as lw_tiebreaks_from_string()
 *   reads them, e.g. "buchholz,head-to-head,margin,skunks"; "" for none.
 */
char *lw_tiebreaks_to_string (const LwEventConfig *config);

/**
 * LwEntrant:
 * @name: (transfer full): the player's name, unique in the event
 * @status: registered, checked in or dropped
 * @joined_round: the first round the player could be paired in (a late
 *   entry joins with no points)
 */
typedef struct {
  char            *name;
  LwEntrantStatus  status;
  guint            joined_round;
} LwEntrant;

/**
 * LwEventTable:
 * @number: 1-based table number in its round
 * @n_seats: 2–4
 * @entrants: the entrant in each seat, clockwise
 * @first_dealer: the seat that deals first (SCORING R4)
 * @has_result: the table's game is over and its scores are in
 * @scores: the final score of each seat (partners: its side's score)
 * @skunk: the winner won a skunk (SCORING R23): event points count double
 * @game_id: the stored game played at the table, or 0 when the scores
 *   were entered from paper
 * @time_called: the scores are from paper and the game was stopped by the
 *   clock before it ended (nobody at the target, no skunk); its places go
 *   by score (docs/EVENTS.md)
 */
typedef struct {
  guint    number;
  guint    n_seats;
  int      entrants[LW_EVENT_MAX_SEATS];
  int      first_dealer;
  gboolean has_result;
  int      scores[LW_EVENT_MAX_SEATS];
  gboolean skunk;
  gint64   game_id;
  gboolean time_called;
} LwEventTable;

/**
 * LwEventRound:
 * @number: 1-based
 * @tables: (element-type LwEventTable): the tables, numbered 1…
 * @byes: (element-type int): the entrants who sit out with a bye
 */
typedef struct {
  guint   number;
  GArray *tables;
  GArray *byes;
} LwEventRound;

/**
 * LwBoardResult:
 * @round: the event round, 1-based
 * @table: the table, 1-based
 * @board: the board's number k, 1-based (DUPLICATE D1)
 * @facts: (transfer full): the round's facts as entered (DUPLICATE D9;
 *   docs/rules/GAME-RECORD.md), seats as at the event's table
 *
 * One board played at one table of a duplicate event.
 */
typedef struct {
  guint    round;
  guint    table;
  guint    board;
  LwRound *facts;
} LwBoardResult;

/**
 * LwEvent:
 * @name: (transfer full): the event's name
 * @config: its settings
 * @entrants: (element-type LwEntrant*): in registration order
 * @rounds: (element-type LwEventRound*): the rounds paired, in order
 * @board_results: (element-type LwBoardResult*): a duplicate event's
 *   board results in the order entered (lw_event_add_board_result());
 *   empty for the other formats
 */
typedef struct {
  char          *name;
  LwEventConfig  config;
  GPtrArray     *entrants;
  GPtrArray     *rounds;
  GPtrArray     *board_results;
} LwEvent;

/**
 * lw_event_format_to_string:
 * Returns: (transfer none): "swiss", "round-robin", "partners",
 *   "elimination" or "duplicate".
 */
const char *lw_event_format_to_string (LwEventFormat format);

/**
 * lw_event_format_from_string:
 * @text: a name of lw_event_format_to_string()
 * @format: (out): the format
 * Returns: %TRUE when @text names a format.
 */
gboolean lw_event_format_from_string (const char    *text,
                                      LwEventFormat *format);

/**
 * lw_event_config_init:
 * @config: (out caller-allocates): settings to fill
 * @format: the format
 * @table_size: 2, 3 or 4
 *
 * Fills @config with the defaults: format rounds (@n_rounds 0), points
 * 3 / 1 / 0, seed 0; a duplicate event 2 boards per round (DUPLICATE D8),
 * individuals.
 */
void lw_event_config_init (LwEventConfig *config,
                           LwEventFormat  format,
                           guint          table_size);

/**
 * lw_event_config_validate:
 * @config: settings
 * @error: return location for a #GError
 *
 * Errors: %LW_ENGINE_ERROR_INVALID naming the setting, e.g. "table size 3:
 * partners play needs 4-seat tables".
 * Returns: %TRUE when the settings can run an event.
 */
gboolean lw_event_config_validate (const LwEventConfig  *config,
                                   GError              **error);

/**
 * lw_event_new:
 * @name: the event's name, non-empty UTF-8
 * @config: its settings (copied; see lw_event_config_validate())
 *
 * Returns: (transfer full): an event with no entrants and no rounds.
 */
LwEvent *lw_event_new (const char          *name,
                       const LwEventConfig *config);

/**
 * lw_event_free:
 * @event: (nullable): an event
 */
void lw_event_free (LwEvent *event);

/**
 * lw_event_round_new:
 * @number: 1-based
 * Returns: (transfer full): a round with no tables and no byes, for a
 *   loader; free with lw_event_round_free().
 */
LwEventRound *lw_event_round_new (guint number);

/**
 * lw_event_round_free:
 * @round: (nullable): a round
 */
void lw_event_round_free (LwEventRound *round);

/**
 * lw_event_find_entrant:
 * @event: an event
 * @name: a player's name
 * Returns: the entrant's index, or -1 when @name is not entered (names
 *   compared in NFC: lw_names_equal()).
 */
int lw_event_find_entrant (const LwEvent *event,
                           const char    *name);

/**
 * lw_event_add_entrant:
 * @event: an event
 * @name: the player's name, by the names rule (lw_name_normalize()), not
 *   entered yet (compared in NFC)
 * @status: %LW_ENTRANT_REGISTERED or %LW_ENTRANT_CHECKED_IN
 * @error: return location for a #GError
 *
 * Enters a player, late when rounds were already paired (Swiss and
 * partners only: a round robin's or an elimination's field is fixed by
 * round 1). The entrant's name is kept as lw_name_normalize() gives it
 * (trimmed, NFC).
 *
 * Errors: %LW_ENGINE_ERROR_INVALID ("a player's name holds a control
 * character (a tab)", "Ann: already entered", "Ann: a round
 * robin's field is fixed once round 1 is paired").
 * Returns: the new entrant's index, or -1 on error.
 */
int lw_event_add_entrant (LwEvent          *event,
                          const char       *name,
                          LwEntrantStatus   status,
                          GError          **error);

/**
 * lw_event_set_entrant_status:
 * @event: an event
 * @entrant: an entrant's index
 * @status: the new status
 * @error: return location for a #GError
 *
 * Checks a player in, or drops them. A dropped player may check in again
 * (Swiss and partners); a round robin or an elimination cannot take back
 * a dropped player once round 1 is paired.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID.
 * Returns: %TRUE when changed.
 */
gboolean lw_event_set_entrant_status (LwEvent          *event,
                                      int               entrant,
                                      LwEntrantStatus   status,
                                      GError          **error);

/**
 * lw_event_plan_tables:
 * @table_size: the event's table size, 2–4
 * @partners: 4-seat partners tables (they cannot shrink)
 * @n_players: players to seat
 * @sizes: (out) (array length=n_tables) (transfer full): table sizes,
 *   largest first
 * @n_tables: (out): the number of tables
 * @n_byes: (out): players who sit out
 *
 * The seating policy (docs/EVENTS.md): as few byes as possible, then as
 * many full tables as possible; smaller tables have at least 3 seats (2 in
 * a 2-seat event); partners tables are always 4. E.g. 13 players at 4-seat
 * tables: 4 + 3 + 3 + 3, no bye; 5 players: 4 and one bye; 13 at 3-seat
 * tables: four tables of 3 and one bye.
 */
void lw_event_plan_tables (guint      table_size,
                           gboolean   partners,
                           guint      n_players,
                           guint    **sizes,
                           guint     *n_tables,
                           guint     *n_byes);

/**
 * lw_event_plan_describe:
 * @table_size: the event's table size, 2–4
 * @partners: 4-seat partners tables
 * @n_players: players to seat
 *
 * lw_event_plan_tables() in words, for the seating screen and messages.
 *
 * Returns: (transfer full): e.g. "13 players: 1 table of 4, 3 tables of 3,
 *   no bye" or "5 players: 1 table of 4, 1 bye".
 */
char *lw_event_plan_describe (guint    table_size,
                              gboolean partners,
                              guint    n_players);

/**
 * lw_event_total_rounds:
 * @event: an event
 *
 * @config.n_rounds when set, else the format's default for the field
 * (the checked-in players, or round 1's players once it is paired):
 * Swiss ⌈log2 n⌉ (at least 1); round robin n − 1 (n even) or n (n odd)
 * at 2 seats, at 3 or 4 seats the fewest rounds whose tables hold as many
 * meetings as there are pairs (⌈(n (n − 1) / 2) / meetings a round⌉, e.g.
 * 4 for 12 players at 4 seats, 6 for 13); partners n − 1;
 * elimination ⌈log2 n⌉ always.
 *
 * Returns: the number of rounds the event has.
 */
guint lw_event_total_rounds (const LwEvent *event);

/**
 * lw_event_round_is_complete:
 * @round: a round
 * Returns: %TRUE when every table of @round has its result.
 */
gboolean lw_event_round_is_complete (const LwEventRound *round);

/**
 * lw_event_is_finished:
 * @event: an event
 * Returns: %TRUE when every round is paired and complete (elimination:
 *   one player is left).
 */
gboolean lw_event_is_finished (const LwEvent *event);

/**
 * lw_event_pair_next_round:
 * @event: an event
 * @error: return location for a #GError
 *
 * Pairs and seats the next round among the checked-in players, by the
 * event's format (docs/EVENTS.md): byes, tables (lw_event_plan_tables()),
 * seats drawn by lot (seeded: the same event gives the same round) and the
 * first dealer in seat 0. Partners sit in seats 0 and 2, and 1 and 3.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID: the last round has tables without a
 * result ("round 2: table 3 has no result yet"), every round is paired,
 * too few players to fill a table.
 *
 * Returns: (transfer none) (nullable): the new round, appended to
 *   @event->rounds, or %NULL on error (the event unchanged).
 */
LwEventRound *lw_event_pair_next_round (LwEvent  *event,
                                        GError  **error);

/**
 * lw_event_pair_next_round_seeded:
 * @event: a single elimination with no round paired
 * @ranking: (array zero-terminated=1): players' names, best first (e.g. by
 *   rating: lw_leaderboard_compute()); names not entered are ignored
 * @error: return location for a #GError
 *
 * lw_event_pair_next_round() for round 1 of a single elimination, seeded
 * by @ranking instead of registration order: the field's players named in
 * @ranking are the top seeds in its order, the others (unrated) follow in
 * registration order. The bracket is then read back from round 1, so
 * later rounds follow these seeds.
 *
 * Errors: as lw_event_pair_next_round(); %LW_ENGINE_ERROR_INVALID for
 * another format or a later round ("Cup: seeding applies to round 1 of a
 * single elimination").
 * Returns: (transfer none) (nullable): the new round, or %NULL on error.
 */
LwEventRound *lw_event_pair_next_round_seeded (LwEvent            *event,
                                               const char *const  *ranking,
                                               GError            **error);

/**
 * lw_event_get_table:
 * @event: an event
 * @round: 1-based round number
 * @table: 1-based table number
 * @error: return location for a #GError
 *
 * Errors: %LW_ENGINE_ERROR_INVALID ("round 4 is not paired", "round 2 has
 * no table 7").
 * Returns: (transfer none) (nullable): the table.
 */
LwEventTable *lw_event_get_table (LwEvent  *event,
                                  guint     round,
                                  guint     table,
                                  GError  **error);

/**
 * lw_event_set_paper_result:
 * @event: an event
 * @round: 1-based round number
 * @table: 1-based table number
 * @scores: (array length=n_scores): final scores, each 0–999: one per
 *   seat, or for a partners table either one per seat (partners equal)
 *   or one per side (seats 0 and 2, then 1 and 3)
 * @n_scores: the number of @scores
 * @error: return location for a #GError
 *
 * Enters a table's final scores as kept on paper (replacing any earlier
 * result). The highest score must be one side's alone (SCORING R25); the
 * win is a skunk when the winner has at least %LW_EVENT_PAPER_SKUNK and
 * another side 0 (SCORING R23).
 *
 * The scores must be a board a game ends with (SCORING R23–R24: someone
 * has at least %LW_EVENT_PAPER_TARGET, or a skunk); a board that cannot
 * have ended is refused with %LW_ENGINE_ERROR_NOT_ENDED (it can be entered
 * with lw_event_set_paper_result_full() as time called).
 *
 * Errors: %LW_ENGINE_ERROR_INVALID naming the table ("round 1, table 2:
 * 3 scores for 4 seats"; a duplicate event's table, whose results are its
 * boards', DUPLICATE D9), %LW_ENGINE_ERROR_NOT_ENDED ("round 1, table 2:
 * 12–9–4 cannot have ended a game: nobody reached 15 and nobody is at 0").
 * Returns: %TRUE when entered.
 */
gboolean lw_event_set_paper_result (LwEvent    *event,
                                    guint       round,
                                    guint       table,
                                    const int  *scores,
                                    guint       n_scores,
                                    GError    **error);

/**
 * lw_event_table_n_sides:
 * @event: an event
 * @table: one of its tables
 *
 * Returns: the table's sides: 2 at a partners event (seats 0 and 2, then
 *   1 and 3), else one per seat.
 */
guint lw_event_table_n_sides (const LwEvent      *event,
                              const LwEventTable *table);

/**
 * lw_event_seat_side:
 * @event: an event
 * @seat: a seat of one of its tables, 0–3
 *
 * Returns: the seat's side: seat % 2 at a partners event, else the seat.
 */
int lw_event_seat_side (const LwEvent *event,
                        guint          seat);

/**
 * lw_event_set_paper_result_full:
 * @event: an event
 * @round: 1-based round number
 * @table: 1-based table number
 * @scores: (array length=n_scores): as lw_event_set_paper_result()
 * @n_scores: the number of @scores
 * @time_called: the game was stopped by the clock before it ended
 * @error: return location for a #GError
 *
 * lw_event_set_paper_result(), or with @time_called a board that no game
 * ends with (nobody at %LW_EVENT_PAPER_TARGET, no skunk), stored marked
 * (@time_called of #LwEventTable). A time-called table still needs one
 * side alone highest; its places go by score and it is never a skunk.
 *
 * Errors: as lw_event_set_paper_result(); with @time_called,
 * %LW_ENGINE_ERROR_INVALID for a board that did end ("round 1, table 2:
 * 15–9 ended the game (15 reached); it was not time called").
 * Returns: %TRUE when entered.
 */
gboolean lw_event_set_paper_result_full (LwEvent    *event,
                                         guint       round,
                                         guint       table,
                                         const int  *scores,
                                         guint       n_scores,
                                         gboolean    time_called,
                                         GError    **error);

/**
 * lw_event_scores_text:
 * @event: an event
 * @table: a table of @event with its result
 *
 * Returns: (transfer full): the table's final scores in seat order joined
 *   by en dashes, e.g. "12–9–4" (partners: one per side, "15–9").
 */
char *lw_event_scores_text (const LwEvent      *event,
                            const LwEventTable *table);

/**
 * lw_event_set_game_result:
 * @event: an event
 * @round: 1-based round number
 * @table: 1-based table number
 * @game_id: the stored game's ID, > 0
 * @record: the game played at the table
 * @standings: its standings (lw_standings_compute())
 * @error: return location for a #GError
 *
 * Takes a table's result from a game kept with the scorekeeper: the game
 * must be finished, its players the table's players (by name, in any
 * seats) and, at a partners table, the same partnerships. The skunk is the
 * game's (SCORING R23).
 *
 * Errors: %LW_ENGINE_ERROR_INVALID ("game 12: Ann does not sit at round 1,
 * table 2", "game 12 is not finished").
 * Returns: %TRUE when entered.
 */
gboolean lw_event_set_game_result (LwEvent             *event,
                                   guint                round,
                                   guint                table,
                                   gint64               game_id,
                                   const LwGameRecord  *record,
                                   const LwStandings   *standings,
                                   GError             **error);

/**
 * lw_event_table_points:
 * @event: an event
 * @table: a table of @event with its result
 * @points: (out caller-allocates) (array fixed-size=4): event points per
 *   seat
 *
 * Event points by finishing position (docs/EVENTS.md): a full table gives
 * win / second / other (a 2-sided table: win / other); a smaller table
 * scales the full table's points so that each place gets the mean of the
 * full-table points over the share of the field it stands for (the table's
 * mean stays the full table's mean); tied places share their points; a
 * skunk win counts double (SCORING R23).
 */
void lw_event_table_points (const LwEvent      *event,
                            const LwEventTable *table,
                            double             *points);

/**
 * lw_event_bye_points:
 * @event: an event
 * Returns: the event points of a bye: the mean points of a full table.
 */
double lw_event_bye_points (const LwEvent *event);

/**
 * LwEventStanding:
 * @rank: 1-based; players equal on every tie-break share a rank
 * @entrant: the entrant's index
 * @name: (transfer none): the entrant's name (owned by the event)
 * @points: event points, byes included
 * @buchholz: the sum over their games of the mean event points of their
 *   opponents (partners: the other side only)
 * @head_to_head: among the players level on points and Buchholz, +1 for
 *   each of them finished behind at a shared table, −1 for each ahead
 * @margin: the sum over games of the own side's score minus the best
 *   other side's score
 * @skunks: skunk wins (SCORING R23)
 * @games: games with a result
 * @wins: wins, a skunk win counting 2 (SCORING R23)
 * @byes: byes
 * @reached: elimination only: the round they lost in (the champion
 *   rounds + 1), else 0
 * @dropped: the player dropped out
 * @withdrew: elimination only: the player dropped out before losing a
 *   table; the withdrawal counts as a loss in the round @reached, and
 *   ranks below the players who played and lost that round
 * @time_called: games with a result entered as time called (places by
 *   score: lw_event_set_paper_result_full())
 */
typedef struct {
  guint       rank;
  int         entrant;
  const char *name;
  double      points;
  double      buchholz;
  int         head_to_head;
  int         margin;
  guint       skunks;
  guint       games;
  guint       wins;
  guint       byes;
  guint       reached;
  gboolean    dropped;
  gboolean    withdrew;
  guint       time_called;
} LwEventStanding;

/**
 * LwEliminationState:
 * @LW_ELIMINATION_NOT_IN_FIELD: not in round 1's field (or round 1 is not
 *   paired yet)
 * @LW_ELIMINATION_STILL_IN: has lost no table and not withdrawn
 * @LW_ELIMINATION_ELIMINATED: lost a table
 * @LW_ELIMINATION_WITHDREW: dropped out before losing a table: a loss in
 *   the round they did not play
 * @LW_ELIMINATION_CHAMPION: won the final
 *
 * Where an entrant of a single elimination stands (docs/EVENTS.md).
 */
typedef enum {
  LW_ELIMINATION_NOT_IN_FIELD,
  LW_ELIMINATION_STILL_IN,
  LW_ELIMINATION_ELIMINATED,
  LW_ELIMINATION_WITHDREW,
  LW_ELIMINATION_CHAMPION,
} LwEliminationState;

/**
 * lw_event_elimination_state:
 * @event: an elimination event
 * @entrant: an entrant's index
 * @round: (out) (optional): for %LW_ELIMINATION_ELIMINATED the round of
 *   the lost table, for %LW_ELIMINATION_WITHDREW the first round the
 *   entrant did not play (1-based; it may not be paired yet), for
 *   %LW_ELIMINATION_STILL_IN the round they are in or wait for, else 0
 *
 * A player who drops while their table is in play is still in until the
 * table has its result.
 *
 * Returns: the entrant's state.
 */
LwEliminationState lw_event_elimination_state (const LwEvent *event,
                                               int            entrant,
                                               guint         *round);

/**
 * lw_event_bracket:
 * @event: an elimination event
 *
 * The bracket as drawn: for each round 1…lw_event_total_rounds() the
 * slots in bracket order (entrant indexes; a slot's opponent is its
 * neighbour 2k / 2k + 1; -1 for a bye in round 1 and for a place not
 * decided yet), and a last array of one slot: the champion. Round r
 * holds 2^(rounds − r + 1) slots. Seeds as the pairing uses them (the
 * standard bracket, docs/EVENTS.md).
 *
 * Returns: (transfer full) (element-type GArray*): the rounds' slots
 *   (each a GArray of int); empty before round 1 is paired.
 */
GPtrArray *lw_event_bracket (const LwEvent *event);

/**
 * lw_event_compute_standings:
 * @event: an event
 *
 * Orders the entrants who played or had a bye by: (elimination: the round
 * reached, a withdrawal counting as a loss in the round not played and
 * ranking below the players who lost that round at the table), event
 * points, Buchholz, head-to-head, total margin, skunks;
 * then by name for display (sharing the rank). Tables without a result
 * count for nothing yet.
 *
 * Returns: (transfer full) (element-type LwEventStanding): the rows, best
 *   first; the names belong to @event.
 */
GArray *lw_event_compute_standings (const LwEvent *event);

/**
 * lw_event_standings_to_csv:
 * @standings: (element-type LwEventStanding): lw_event_compute_standings()
 *
 * Returns: (transfer full): CSV (RFC 4180) with a header line
 *   "rank,player,points,buchholz,head_to_head,margin,skunks,games,wins,byes,dropped".
 */
char *lw_event_standings_to_csv (GArray *standings);

/**
 * lw_event_standings_to_json:
 * @event: the event
 * @standings: (element-type LwEventStanding): its standings
 *
 * Returns: (transfer full): JSON: {"event", "format", "table_size",
 *   "rounds", "rounds_paired", "finished", "standings": [{"rank",
 *   "player", "points", …, "time_called"}]}, pretty-printed with a final
 *   newline.
 */
char *lw_event_standings_to_json (const LwEvent *event,
                                  GArray        *standings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwEvent, lw_event_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwEventRound, lw_event_round_free)

G_END_DECLS
