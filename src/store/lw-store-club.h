/* lw-store-club.h — the local half of the club server's sync
 * (docs/CLUB-SERVER.md): which club this database joined, what waits to
 * be pushed, what was pulled, and other laptops' games held read-only.
 * SQLite only: the PostgreSQL half is src/club/.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * LwClubState:
 * @conninfo: (transfer full): the club server's libpq conninfo (never a
 *   password)
 * @origin: (transfer full): this laptop's origin UUID on the server
 * @club: (nullable) (transfer full): the server's club UUID, once synced
 * @push_counter: pushes the server acknowledged, ≥ 0
 * @push_pending: the push under way (or last tried), ≥ 0
 * @pull_seq: the server's change number pulled up to, ≥ 0
 * @pushed_at: the last push, seconds since 1970 (UTC), 0: never
 * @pulled_at: the last pull, likewise
 * @waiting: own games whose version differs from the one pushed, or not
 *   pushed yet
 * @waiting_deletions: own games deleted here since they were pushed
 * @held: other laptops' games held here, read-only
 * @waiting_events: own events whose facts differ from those the server
 *   acknowledged, or not pushed yet
 * @waiting_event_deletions: own events deleted here since they were
 *   pushed
 * @held_events: other laptops' events held here, read-only
 *
 * The sync's state as the database keeps it (`club status`).
 */
typedef struct {
  char   *conninfo;
  char   *origin;
  char   *club;
  gint64  push_counter;
  gint64  push_pending;
  gint64  pull_seq;
  gint64  pushed_at;
  gint64  pulled_at;
  gint64  waiting;
  gint64  waiting_deletions;
  gint64  held;
  gint64  waiting_events;
  gint64  waiting_event_deletions;
  gint64  held_events;
} LwClubState;

void lw_club_state_free (LwClubState *state);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwClubState, lw_club_state_free)

/**
 * LwClubGame:
 * @uuid: (transfer full): the game's UUID (its record's `id`)
 * @origin: (nullable) (transfer full): the laptop it belongs to (pulled
 *   games), %NULL for one of this laptop's
 * @origin_name: (nullable) (transfer full): that laptop's name
 * @version: its version (lw_store_get_game_version() on the laptop that
 *   owns it)
 * @played_at: when it was played (seconds since 1970), its creation
 *   time when not given
 * @record: (nullable) (transfer full): its game record JSON
 *   (docs/rules/GAME-RECORD.md version 2, compact); %NULL for a deletion
 * @seq: the server's change number (pulled games), else 0
 * @is_event: an event instead of a game (lw-store-club-events.c): @record
 *   is then its facts document (%NULL for a deletion), @played_at 0
 * @players: (nullable) (transfer full): its players by roster UUID, a
 *   JSON object of the names in @record (as the sending laptop names
 *   them) to their club roster UUIDs (server schema 3); %NULL when not
 *   known (a server of an older schema, a change pushed before): the
 *   names alone then say who played
 * @too_large: (pulled games) the server's record and players are over
 *   %LW_GAME_RECORD_MAX_BYTES together: they were not read (@record and
 *   @players %NULL), and the change is refused
 * @computers: (nullable) (transfer full): a game's computer seats on the
 *   laptop that hosted it (server schema 7), a JSON array of
 *   {"seat": 0…7, "level": "random", "easy", "normal", "hard" or
 *   "expert"}; %NULL when a person played every seat, or not known (a
 *   server of an older schema)
 *
 * One game (or event) on its way to or from the club server.
 */
typedef struct {
  char     *uuid;
  char     *origin;
  char     *origin_name;
  gint64    version;
  gint64    played_at;
  char     *record;
  gint64    seq;
  gboolean  is_event;
  char     *players;
  gboolean  too_large;
  char     *computers;
} LwClubGame;

void lw_club_game_free (LwClubGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwClubGame, lw_club_game_free)

/**
 * lw_store_club_join:
 * @self: a store
 * @conninfo: the club server's libpq conninfo; one that holds a
 *   `password` is refused (credentials live in the keyring or a pgpass
 *   file, docs/CLUB-SERVER.md)
 * @origin: this laptop's origin UUID (`club add-origin` gives it)
 * @error: return location for a #GError (%LW_STORE_ERROR_INVALID for a
 *   password in @conninfo or an @origin that is no UUID; another
 *   %LW_STORE_ERROR)
 *
 * Makes this database a laptop of a club server, in one transaction. A
 * database joined before to another origin or server starts a new sync:
 * every own game waits to be pushed, every change on the server to be
 * pulled; games pulled before stay, read-only.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_club_join (LwStore     *self,
                             const char  *conninfo,
                             const char  *origin,
                             GError     **error);

/**
 * lw_store_club_get_state:
 * @self: a store
 * @counts: whether to count what waits and what is held (@waiting,
 *   @waiting_deletions, @held: one pass over the games; @waiting_events,
 *   @waiting_event_deletions, @held_events: each own event's facts
 *   compared with those acknowledged, as the push compares them);
 *   %FALSE leaves them 0, for the sync's own reads
 * @error: return location for a #GError (%LW_STORE_ERROR_NOT_FOUND when
 *   the database has joined no club server; another %LW_STORE_ERROR)
 *
 * Returns: (transfer full) (nullable): the sync's state, read in one
 *   transaction.
 */
LwClubState *lw_store_club_get_state (LwStore   *self,
                                      gboolean   counts,
                                      GError   **error);

/**
 * lw_store_club_list_outgoing:
 * @self: a store that joined a club server
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * What waits to be pushed, read in one transaction: every game of this
 * laptop (none held from another) whose version is not the one the
 * server acknowledged, with its whole record (lw_store_load_game()), and
 * every game pushed and since deleted here (@record %NULL).
 *
 * Returns: (transfer full) (element-type LwClubGame*) (nullable): the
 *   games, %NULL on error.
 */
GPtrArray *lw_store_club_list_outgoing (LwStore  *self,
                                        GError  **error);

/**
 * lw_store_club_set_push_pending:
 * @self: a store that joined a club server
 * @pending: the number of the push about to be sent, ≥ 1
 * @games: (element-type LwClubGame*): what the push sends
 *   (lw_store_club_list_outgoing(), events too)
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * Notes, before a push is sent, which push it is: a push that the server
 * took but whose acknowledgement never reached this database (the laptop
 * killed in between) is then told apart from a database restored from a
 * backup (lw_store_club_restart()). Every game of @games sent with its
 * record and without a row in club_pushed gets one, version -1 (still
 * waiting), in the same transaction: a game deleted here after such a
 * cut push then still waits as a deletion instead of staying on the
 * server. (Every other own game has its row already: one without a row
 * is always outgoing; only @games is read, not every game here.)
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_club_set_push_pending (LwStore    *self,
                                         gint64      pending,
                                         GPtrArray  *games,
                                         GError    **error);

/**
 * lw_store_club_ack_push:
 * @self: a store that joined a club server
 * @counter: the push the server committed, ≥ 1
 * @club: the server's club UUID
 * @games: (element-type LwClubGame*): what it took (as
 *   lw_store_club_list_outgoing() gave it)
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * Records, in one transaction, that the server holds @games at their
 * versions (a deletion: no longer waits) and push @counter; events
 * (@is_event) with the facts sent. A game or event changed since it was
 * listed still waits.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_club_ack_push (LwStore     *self,
                                 gint64       counter,
                                 const char  *club,
                                 GPtrArray   *games,
                                 GError     **error);

/**
 * lw_store_club_apply_pulled:
 * @self: a store that joined a club server
 * @games: (element-type LwClubGame*): changes of the server, in the order
 *   of their change numbers; a game of this laptop's own origin (a new
 *   sync, lw_store_club_restart()) is taken back as its own when it is
 *   missing here
 * @pull_seq: the change number pulled up to after them
 * @refused: (out) (optional): the number of changes of @games refused
 * @refusals: (element-type utf8) (nullable): where each refused change's
 *   message goes (transfer full of each), or %NULL
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * Stores other laptops' games as the server holds them, in one
 * transaction with the new @pull_seq, so that a pull cut anywhere is
 * either wholly stored or not at all and the next one takes it again:
 * a game new here is imported (its UUID kept), one held here at another
 * version replaced, a deleted one removed. A game of this laptop's own
 * that has the UUID of another laptop's is left as it is (and named in
 * the sync's conflicts). A replaced game that is the result of a held
 * event's table stays that table's result, and a table of a held event
 * whose game was not held when the event came (the game's change comes
 * later in the server's order) gets it when it comes, in the batch's
 * transaction, as the owner's table has it. Events (@is_event) the same
 * way, held read-only (lw_store_club_check_event_writable()); an event of
 * this laptop's own is taken back when missing here, as a game is.
 *
 * A change whose record or facts this store refuses (not JSON, a record
 * that does not replay, its `id` not its UUID: any laptop's role can
 * write such a row by hand) is refused alone: nothing of it is stored,
 * a copy held from before stays as it was, it is counted in *@refused
 * with its message ("club server: game UUID from laptop “NAME” not
 * taken: …") in @refusals and removed from @games, and the others and
 * @pull_seq are stored; the owner's next change of it is pulled as usual.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_club_apply_pulled (LwStore     *self,
                                     GPtrArray   *games,
                                     gint64       pull_seq,
                                     guint       *refused,
                                     GPtrArray   *refusals,
                                     GError     **error);

/**
 * lw_store_club_rewind_pull:
 * @self: a store that joined a club server
 * @last: the server's last change number (its sequence's), ≥ 0
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * A pull position past @last was taken from a row whose change number
 * no push gave it (a laptop's role may write that column of its own
 * rows by hand): every change after it would be passed over. Such a
 * position, of the games and events or of the roster, goes back to 0 in
 * one transaction, so that the next pull takes everything again (each
 * change held already is left as it is); one within @last stays.
 *
 * Returns: %TRUE when stored (also when nothing moved).
 */
gboolean lw_store_club_rewind_pull (LwStore  *self,
                                    gint64    last,
                                    GError  **error);

/**
 * lw_store_club_restart:
 * @self: a store that joined a club server
 * @counter: the push counter the server holds for this origin
 * @own: (element-type LwClubGame*): every game and event the server holds
 *   of this laptop's origin, in the server's order of changes (deleted
 *   ones with @record %NULL)
 * @taken_back: (element-type LwClubGame*) (nullable): the events of @own
 *   taken back are added to it (borrowed from @own)
 * @versions: (element-type gint64) (nullable): for each of them, the
 *   version acknowledged here before
 * @error: return location for a #GError (%LW_STORE_ERROR; the engine's
 *   for a record that does not replay)
 *
 * A new sync from scratch, for a database restored from a backup (the
 * server acknowledged pushes this database never saw), in one
 * transaction: nothing counts as pushed, everything on the server is
 * pulled again, and the push counter becomes @counter. The server is
 * never rewound: a game of @own that the database lost comes back as this
 * laptop's own (and counts as pushed); one the database holds is pushed
 * again as it is here (the server refuses one older than its copy, which
 * then comes back: lw_store_club_take_back()); nothing is deleted on the
 * server. Events of @own (@is_event, after their games) the same way:
 * one the backup lost comes back from its facts as this laptop's own,
 * writable, its tables linked to its games by UUID, those of @own that
 * come after it included (and counts as pushed); one the database holds
 * at the server's version counts as pushed (a change made here since is
 * sent at the next version); one the server holds at a later version or
 * deleted is older here and taken back at once (the server's facts, or
 * deleted here too: lw_store_club_take_back()), added to @taken_back; a
 * deletion the backup does not know of is not sent.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_club_restart (LwStore    *self,
                                gint64      counter,
                                GPtrArray  *own,
                                GPtrArray  *taken_back,
                                GArray     *versions,
                                GError    **error);

/**
 * lw_store_club_take_back:
 * @self: a store that joined a club server
 * @games: (element-type LwClubGame*): own games and events the server
 *   refused as older than its copy, each the server's copy (its record or
 *   facts, or %NULL: the server holds it deleted)
 * @error: return location for a #GError (%LW_STORE_ERROR; the engine's
 *   for a record that does not replay)
 *
 * The server's copies of this laptop's own games come back, in one
 * transaction, for a database restored from an older backup whose push
 * the server refused (it never moves backwards): each game held here is
 * replaced by the server's record at the server's version, still this
 * laptop's own and counted as pushed (the tables of events whose result
 * it is stay linked to it); a game the server holds deleted is deleted
 * here, no longer waiting. An event (@is_event) the same way: replaced by
 * the server's facts under its ID here, still this laptop's own, or
 * deleted here (lw-store-club-events.c).
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_club_take_back (LwStore    *self,
                                  GPtrArray  *games,
                                  GError    **error);

/**
 * lw_store_club_check_writable:
 * @self: a store
 * @id: a game ID
 * @error: return location for a #GError
 *
 * The ownership rule (docs/CLUB-SERVER.md "Ownership"): a game pulled
 * from another laptop is read-only here. Inside the transaction of every
 * change to a game (lw_store_begin_game_change()).
 *
 * Errors: %LW_STORE_ERROR_INVALID, "game ID belongs to club laptop
 * “NAME”: it is read-only here; correct it on that laptop".
 *
 * Returns: %TRUE when game @id may be changed here.
 */
gboolean lw_store_club_check_writable (LwStore  *self,
                                       gint64    id,
                                       GError  **error);

/**
 * lw_store_club_list_outgoing_events:
 * @self: a store that joined a club server
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * The events that wait to be pushed, in one write transaction: every
 * event of this laptop's own (none held from another) whose facts (one
 * JSON document of its rows: format, settings, rule set copy, entrants,
 * rounds, byes, tables, seats, paper scores, duplicate board results, the
 * UUIDs of the games that are tables' results) differ from the facts the
 * server acknowledged, at the version after the acknowledged one; and
 * every event pushed and since deleted here (@record %NULL). An event
 * listed the first time is given its UUID here, and keeps it, so that a
 * push sent again is the same event.
 *
 * Returns: (transfer full) (element-type LwClubGame*) (nullable): the
 *   events (@is_event set), %NULL on error.
 */
GPtrArray *lw_store_club_list_outgoing_events (LwStore  *self,
                                               GError  **error);

/**
 * lw_store_club_check_event_writable:
 * @self: a store
 * @id: an event ID
 * @error: return location for a #GError
 *
 * The ownership rule for events (docs/CLUB-SERVER.md "Ownership"): an
 * event pulled from another laptop is read-only here. Inside the
 * transaction of every change to an event (lw_store_event_begin_change()
 * and the event store's other writes).
 *
 * Errors: %LW_STORE_ERROR_INVALID, "event ID belongs to club laptop
 * “NAME”: it is read-only here; change it on that laptop".
 *
 * Returns: %TRUE when event @id may be changed here.
 */
gboolean lw_store_club_check_event_writable (LwStore  *self,
                                             gint64    id,
                                             GError  **error);

/**
 * lw_store_club_find_game:
 * @self: a store
 * @id: a game ID, or 0 to find it by @uuid
 * @uuid: (inout) (transfer full) (nullable): the game's UUID: read when
 *   @id is 0, else set (the caller frees the old value, %NULL)
 * @found: (out): game @id (or of @uuid) when it is here, else 0
 * @origin_name: (out) (transfer full) (optional): the name of the laptop
 *   it is held from, %NULL for one of this laptop's own
 * @version: (out) (optional): the version pulled (held) or
 *   lw_store_get_game_version() (own)
 * @error: return location for a #GError (%LW_STORE_ERROR_NOT_FOUND for
 *   an @id that is no game; another %LW_STORE_ERROR)
 *
 * One game as the club sees it (a suggestion's game, docs/CLUB-SERVER.md
 * "Suggestions"), read in one transaction.
 *
 * Returns: %TRUE when read (a @uuid not held here too: *@found 0).
 */
gboolean lw_store_club_find_game (LwStore      *self,
                                  gint64        id,
                                  char        **uuid,
                                  gint64       *found,
                                  char        **origin_name,
                                  gint64       *version,
                                  GError      **error);

/**
 * lw_store_club_list_own_uuids:
 * @self: a store
 * @error: return location for a #GError
 *
 * The UUIDs of this laptop's own games (those not held from another club
 * laptop), in the order they were stored: what a conflict can be
 * (docs/CLUB-SERVER.md "Ownership and conflicts").
 *
 * Errors: %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (element-type utf8) (nullable): the UUIDs,
 *   %NULL on error.
 */
GPtrArray *lw_store_club_list_own_uuids (LwStore  *self,
                                         GError  **error);

/**
 * lw_store_club_resolve_conflict:
 * @self: a store joined to a club server
 * @id: one of this laptop's own games, whose id (UUID) another club
 *   laptop pushed first (the same record imported on both)
 * @theirs: the server's game of that UUID, owned by @theirs->origin (a
 *   record, or a deletion: @record %NULL), as read from the server
 * @keep_mine: %TRUE: game @id stays this laptop's with a new UUID (sent as
 *   a new game with the next sync); %FALSE: game @id is replaced by
 *   @theirs, its edit log with it
 * @theirs_id: (out) (optional): the local ID of @theirs, held here
 *   read-only as every other laptop's game is; 0 when it is deleted there
 * @error: return location for a #GError
 *
 * Ends a conflict (docs/CLUB-SERVER.md "Ownership and conflicts") in one
 * transaction: with @keep_mine, game @id gets a new UUID and @theirs is
 * stored beside it, held; without, game @id goes and @theirs takes its
 * place (a finished game kept as an event table's result stays that
 * table's result, as when a pull replaces a held game). Either way the
 * old UUID is no longer sent from here. On any error nothing changes.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND (no game @id),
 * %LW_STORE_ERROR_INVALID ("game 12 is in no conflict: …": a held game,
 * another UUID, @theirs of this laptop's own origin, a database joined to
 * no club server; @theirs's record refused: "club server: game UUID: …"),
 * the engine's errors for a record it refuses, another %LW_STORE_ERROR.
 *
 * Returns: %TRUE when resolved.
 */
gboolean lw_store_club_resolve_conflict (LwStore           *self,
                                         gint64             id,
                                         const LwClubGame  *theirs,
                                         gboolean           keep_mine,
                                         gint64            *theirs_id,
                                         GError           **error);

/**
 * LwClubRosterEntry:
 * @uuid: (transfer full): the player's stable ID in the club
 * @origin: (nullable) (transfer full): the laptop that added the entry
 *   (pulled entries), %NULL for one this laptop adds
 * @origin_name: (nullable) (transfer full): that laptop's name
 * @name: (transfer full): the roster's name of the player
 * @merged_into: (nullable) (transfer full): the entry this one was merged
 *   into by the club's admin (the two are one person), %NULL when none
 * @seq: the server's change number of the entry's last change, 0 when
 *   not pulled yet
 * @player: (nullable) (transfer full): the local player it is, by name
 *   (lw_store_club_list_roster() only), %NULL when none here
 * @games: the games that local player sat in here (lw_store_club_list_roster()
 *   only)
 *
 * One entry of the club's roster (docs/CLUB-SERVER.md "The roster").
 */
typedef struct {
  char   *uuid;
  char   *origin;
  char   *origin_name;
  char   *name;
  char   *merged_into;
  gint64  seq;
  char   *player;
  gint64  games;
} LwClubRosterEntry;

void lw_club_roster_entry_free (LwClubRosterEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwClubRosterEntry, lw_club_roster_entry_free)

/**
 * lw_store_club_link_players:
 * @self: a store that joined a club server
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * Before a push, in one write transaction: every local player not yet
 * linked to a roster entry is linked to one. A name that matches a
 * roster entry no local player is yet (not merged into another) is that
 * entry (when two match, the one the server numbered first; the app asks
 * which instead, lw_store_club_link_player()); any other player is a new
 * entry with a new UUID, which waits to be sent.
 *
 * Returns: (transfer full) (element-type LwClubRosterEntry*) (nullable):
 *   the entries this laptop added that the server has not acknowledged
 *   (@uuid, @name), %NULL on error.
 */
GPtrArray *lw_store_club_link_players (LwStore  *self,
                                       GError  **error);

/**
 * lw_store_club_ack_roster:
 * @self: a store
 * @entries: (element-type LwClubRosterEntry*): entries of
 *   lw_store_club_link_players() the server took
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * Notes, in one transaction, that the server holds @entries: they no
 * longer wait.
 *
 * Returns: %TRUE when noted.
 */
gboolean lw_store_club_ack_roster (LwStore    *self,
                                   GPtrArray  *entries,
                                   GError    **error);

/**
 * lw_store_club_apply_roster:
 * @self: a store
 * @entries: (element-type LwClubRosterEntry*): roster entries changed on
 *   the server, in the order of their change numbers
 * @roster_seq: the change number they reach, ≥ 0
 * @error: return location for a #GError (%LW_STORE_ERROR, %LW_ENGINE_ERROR)
 *
 * Takes the roster's changes, in one transaction with the number they
 * reach (docs/CLUB-SERVER.md "The roster"): each entry is held as the
 * server has it; the local player of an entry the admin renamed takes
 * its new name (with the suffix of lw_store_club_link_player() when that
 * name is another player's here); the local player of an entry merged
 * into another is merged into that one's local player
 * (lw_store_merge_players(), so that the ratings, computed from the
 * stored games, are those of one player), or becomes that entry's when
 * it has none here. A merge the local store refuses (the two sat in one
 * game here) is left undone, the link kept. Harmless to repeat.
 *
 * Returns: %TRUE when stored.
 */
gboolean lw_store_club_apply_roster (LwStore    *self,
                                     GPtrArray  *entries,
                                     gint64      roster_seq,
                                     GError    **error);

/**
 * lw_store_club_get_roster_seq:
 * @self: a store that joined a club server
 * @roster_seq: (out): the roster's change number pulled up to
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * Returns: %TRUE when read.
 */
gboolean lw_store_club_get_roster_seq (LwStore  *self,
                                       gint64   *roster_seq,
                                       GError  **error);

/**
 * lw_store_club_list_roster:
 * @self: a store
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * The club's roster as this laptop last pulled it, the entries merged
 * into others left out, sorted by name (then by change number), each
 * with its local player and the games that player sat in here. Empty for
 * a database that joined no club.
 *
 * Returns: (transfer full) (element-type LwClubRosterEntry*) (nullable):
 *   the entries, %NULL on error.
 */
GPtrArray *lw_store_club_list_roster (LwStore  *self,
                                      GError  **error);

/**
 * lw_store_club_link_player:
 * @self: a store
 * @name: a name as typed (the names rule)
 * @uuid: the roster entry the person chose for it
 * @local: (out) (transfer full): the local player's name for that entry
 * @error: return location for a #GError
 *
 * The person at the table said which roster entry a typed name is (two
 * entries share it): in one transaction, the entry's local player when
 * it has one; else the unlinked local player of that name, or a new one,
 * linked to it; when @name is another entry's player here, a new player
 * named "@name (LAPTOP)" after the laptop that added the entry ("Sam Lee
 * (Front desk)"; "Sam Lee (Front desk 2)" and on when that is taken too).
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND for an @uuid not on the roster;
 * %LW_ENGINE_ERROR_INVALID for a name the rule refuses; another
 * %LW_STORE_ERROR.
 *
 * Returns: %TRUE when linked.
 */
gboolean lw_store_club_link_player (LwStore     *self,
                                    const char  *name,
                                    const char  *uuid,
                                    char       **local,
                                    GError     **error);

/**
 * lw_store_club_link_seats:
 * @self: a store
 * @names: (array length=n): names as typed, one per seat (New Game's
 *   seats, an event's new entrant)
 * @uuids: (array length=n) (nullable): for each name the roster entry
 *   it is (the one the person chose, or the one entry of that name), or
 *   %NULL: the name as typed; %NULL for none at all
 * @n: how many names, 0–64
 * @error: return location for a #GError
 *
 * lw_store_club_link_player() for every name with an entry, all in one
 * transaction (docs/CLUB-SERVER.md "The roster in the app"): either every
 * name is linked or none is. With no entry at all (a laptop of no club)
 * it writes nothing and opens no transaction.
 *
 * Errors: those of lw_store_club_link_player(), the message naming the
 * name.
 *
 * Returns: (transfer full) (nullable): @n local names (%NULL-terminated):
 *   the linked players', the name as typed where @uuids has none; %NULL
 *   on error.
 */
char **lw_store_club_link_seats (LwStore            *self,
                                 const char *const  *names,
                                 const char *const  *uuids,
                                 guint               n,
                                 GError            **error);

/* lw-store-players.h's, which lw-store.h includes after this header. */
typedef struct _LwPlayerMerge LwPlayerMerge;

/**
 * lw_store_club_merge_players:
 * @self: a store
 * @from_name: the player who goes
 * @into_name: the player who stays
 * @merge: (out) (optional) (transfer full): as lw_store_merge_players()
 * @requested: (out) (optional): set to %TRUE when a request was queued
 * @error: return location for a #GError
 *
 * `player merge` and the Players page's merge: lw_store_merge_players(),
 * and, on a club laptop where both players are roster entries, a merge
 * request for the club's admin queued in the same transaction (sent with
 * the next push; docs/CLUB-SERVER.md "The roster"; a request withdrawn
 * before is sent again). While the request stands, other laptops' games
 * pulled here that name @from_name's roster entry are @into_name's, as
 * the games held already are. @merge also keeps the two roster entries, for
 * lw_store_club_unmerge_players(). Elsewhere it is
 * lw_store_merge_players().
 *
 * Errors: those of lw_store_merge_players().
 *
 * Returns: %TRUE when merged.
 */
gboolean lw_store_club_merge_players (LwStore        *self,
                                      const char     *from_name,
                                      const char     *into_name,
                                      LwPlayerMerge **merge,
                                      gboolean       *requested,
                                      GError        **error);

/**
 * lw_store_club_unmerge_players:
 * @self: a store
 * @merge: what lw_store_club_merge_players() (or lw_store_merge_players())
 *   returned
 * @withdrawn: (out) (optional): set to %TRUE when the merge's request
 *   was withdrawn
 * @error: return location for a #GError
 *
 * The undo of a merge on a club laptop (the Players page's Undo), in one
 * transaction: lw_store_unmerge_players(); the player back is linked to
 * its roster entry again; and the merge request queued with the merge is
 * withdrawn (docs/CLUB-SERVER.md "The roster"): one not sent yet is
 * dropped, nothing reaches the server; one the server holds is queued as
 * a withdrawal, which the next push sends (the request's state on the
 * server becomes `withdrawn`, unless the admin decided it already: then
 * the admin's decision stands, and an accepted merge comes back with
 * the roster's next pull). Elsewhere it is lw_store_unmerge_players().
 *
 * Errors: %LW_STORE_ERROR_CHANGED when the club's admin merged the two
 * on the roster already (the merge is the club's then, "“Anne” can no
 * longer be split from “Ann”: the club's admin merged “Anne” on the
 * club's roster"), and those of lw_store_unmerge_players().
 *
 * Returns: %TRUE when undone.
 */
gboolean lw_store_club_unmerge_players (LwStore        *self,
                                        LwPlayerMerge  *merge,
                                        gboolean       *withdrawn,
                                        GError        **error);

/**
 * lw_store_club_list_requests:
 * @self: a store
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * Returns: (transfer full) (element-type utf8) (nullable): the merge
 *   requests not yet sent, two UUIDs each (the entry that goes, the one
 *   that stays), in the order they were made.
 */
GPtrArray *lw_store_club_list_requests (LwStore  *self,
                                        GError  **error);

/**
 * lw_store_club_ack_requests:
 * @self: a store
 * @requests: (element-type utf8): as lw_store_club_list_requests() gave
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * Notes in one transaction that the server holds @requests. One whose
 * merge was undone meanwhile (dropped here as never sent) is queued as
 * a withdrawal instead (lw_store_club_list_withdrawals()).
 *
 * Returns: %TRUE when noted.
 */
gboolean lw_store_club_ack_requests (LwStore    *self,
                                     GPtrArray  *requests,
                                     GError    **error);

/**
 * lw_store_club_list_withdrawals:
 * @self: a store
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * Returns: (transfer full) (element-type utf8) (nullable): the merge
 *   requests the server holds whose merge was undone here
 *   (lw_store_club_unmerge_players()), to be withdrawn with the next
 *   push: two UUIDs each, as lw_store_club_list_requests() gives them.
 */
GPtrArray *lw_store_club_list_withdrawals (LwStore  *self,
                                           GError  **error);

/**
 * lw_store_club_ack_withdrawals:
 * @self: a store
 * @withdrawals: (element-type utf8): as lw_store_club_list_withdrawals()
 *   gave
 * @error: return location for a #GError (%LW_STORE_ERROR)
 *
 * Notes in one transaction that the server took @withdrawals: the
 * requests are gone here (one merged again since waits to be sent as a
 * request again).
 *
 * Returns: %TRUE when noted.
 */
gboolean lw_store_club_ack_withdrawals (LwStore    *self,
                                        GPtrArray  *withdrawals,
                                        GError    **error);

G_END_DECLS
