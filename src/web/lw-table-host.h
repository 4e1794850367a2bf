/* lw-table-host.h — a game at the virtual table whose seats may be played
 * from other devices: the host holds the game, every action goes through
 * the engine, and each seat is given only its own view (docs/REMOTE-PLAY.md)
 *
 * No network here: the web server (lw-web-server.c) carries the
 * states and actions over WebSockets.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-table-session.h"

#include <json-glib/json-glib.h>

#include "lw-bot.h"
#include "lw-play.h"
#include "lw-store.h"

G_BEGIN_DECLS

/**
 * LW_TABLE_HOST_ERROR:
 *
 * The error domain of lw_table_host_act().
 */
#define LW_TABLE_HOST_ERROR (lw_table_host_error_quark ())
GQuark lw_table_host_error_quark (void);

/**
 * LwTableHostError:
 * @LW_TABLE_HOST_ERROR_STALE: the action's "version" is not the table's
 *   current version (another move came first); protocol reason "stale"
 * @LW_TABLE_HOST_ERROR_NOT_YOUR_TURN: the seat may not act now (another
 *   seat's turn, a computer's, the round or the game over); "not-your-turn"
 * @LW_TABLE_HOST_ERROR_REFUSED: the engine refused the action (the rules
 *   forbid it); the message says why in the seat's words; "refused"
 * @LW_TABLE_HOST_ERROR_DUPLICATE: the action's "id" was already applied
 *   for this seat: nothing changed, answer as if it succeeded
 * @LW_TABLE_HOST_ERROR_BAD_MESSAGE: the action is not a well-formed
 *   "action" message (a field missing, of the wrong type, a card that
 *   is no card); "bad-message"
 * @LW_TABLE_HOST_ERROR_NOT_VIRTUAL: lw_table_host_open(): the game is not
 *   played at the virtual table (kept on paper, or its table removed)
 * @LW_TABLE_HOST_ERROR_GAME_OVER: lw_table_host_open(): the game is over
 * @LW_TABLE_HOST_ERROR_HOSTED: the game is hosted already, by this
 *   process or another one on this computer
 * @LW_TABLE_HOST_ERROR_UNREADABLE: lw_table_host_open(): the stored
 *   table's seats or round cannot be read
 *
 * Why lw_table_host_act() did not apply an action, or why a table cannot
 * be hosted.
 */
typedef enum {
  LW_TABLE_HOST_ERROR_STALE,
  LW_TABLE_HOST_ERROR_NOT_YOUR_TURN,
  LW_TABLE_HOST_ERROR_REFUSED,
  LW_TABLE_HOST_ERROR_DUPLICATE,
  LW_TABLE_HOST_ERROR_BAD_MESSAGE,
  LW_TABLE_HOST_ERROR_NOT_VIRTUAL,
  LW_TABLE_HOST_ERROR_GAME_OVER,
  LW_TABLE_HOST_ERROR_HOSTED,
  LW_TABLE_HOST_ERROR_UNREADABLE,
} LwTableHostError;

/**
 * LwHostSeatKind:
 * @LW_HOST_SEAT_REMOTE: played from another device, through its link
 * @LW_HOST_SEAT_COMPUTER: a computer player (lw_bot_choose())
 * @LW_HOST_SEAT_LOCAL: played on the host itself (the app's table)
 *
 * Who plays a seat of a hosted table. Remote and local seats both act
 * through lw_table_host_act(); computer seats move by themselves.
 */
typedef enum {
  LW_HOST_SEAT_REMOTE,
  LW_HOST_SEAT_COMPUTER,
  LW_HOST_SEAT_LOCAL,
} LwHostSeatKind;

#define LW_TYPE_TABLE_HOST (lw_table_host_get_type ())
G_DECLARE_FINAL_TYPE (LwTableHost, lw_table_host, LW, TABLE_HOST, GObject)

/**
 * lw_table_host_new_for_game:
 * @store: the store the game is kept in
 * @record: the game as New Game made it, no rounds yet: its players,
 *   sides, first dealer (SCORING R4), target (R24) and house rules
 *   (TRICKS T9, T22) are the hosted game's
 * @kinds: (array): who plays each of @record's seats
 * @levels: (array) (nullable): each computer seat's level (%NULL: all
 *   normal)
 * @seed: the deal's seed (0: a random one)
 * @error: return location for a #GError
 *
 * lw_table_host_new() for a game New Game set up: the game's loop is an
 * #LwTableSession made from @record (lw_table_session_new()), so the first
 * deal is the first dealer's and the game ends at its own target.
 *
 * Errors: as lw_table_host_new(); %LW_ENGINE_ERROR_* for a record the
 * engine refuses.
 *
 * Returns: (transfer full) (nullable): the table, or %NULL.
 */
LwTableHost *lw_table_host_new_for_game (LwStore              *store,
                                         const LwGameRecord   *record,
                                         const LwHostSeatKind *kinds,
                                         const LwBotLevel     *levels,
                                         guint64               seed,
                                         GError              **error);

/**
 * lw_table_host_new:
 * @store: the store the game is kept in
 * @n_players: 2–8
 * @names: (array length=n_players): the players' names, seat order
 * @kinds: (array length=n_players): who plays each seat
 * @levels: (array length=n_players) (nullable): each computer seat's
 *   level (read for %LW_HOST_SEAT_COMPUTER only; %NULL: all normal)
 * @partners: partners play, seats 0 & 2 against 1 & 3 (4 seats only,
 *   SCORING R2)
 * @seed: the deal's seed (0: a random one); the same seed deals the same
 *   rounds (lw_table_seats_round_seed())
 * @rules: (nullable): TRICKS T9 and T22's house rules (%NULL: standard)
 * @error: return location for a #GError
 *
 * Starts a new game at a virtual table, stored in @store as New Game →
 * virtual table stores one (lw_store_add_game() then
 * lw_store_save_table()), and deals its first round. Computer seats move
 * on timeouts attached to the thread-default main context at the time of
 * this call (see lw_table_host_set_timing()); the table is used from
 * that context's thread only, @store too (the web server's thread with
 * its own connection, or the app's main thread).
 *
 * The seats' kinds are stored with the table (lw_store_host_table()),
 * and the table's version with every save, so that lw_table_host_open()
 * can host it again after the host stops. While the table lives, the game
 * is held: no other #LwTableHost, in this process or another, may host it.
 *
 * Errors: %LW_STORE_ERROR_* from the store; %G_IO_ERROR_INVALID_ARGUMENT
 * for a bad setup (a count out of range, a name the names rule refuses,
 * partners with other than 4 seats); %G_IO_ERROR_* when the game cannot
 * be held (lw_table_host_open()).
 *
 * Returns: (transfer full) (nullable): the table, or %NULL.
 */
LwTableHost *lw_table_host_new (LwStore             *store,
                                guint                n_players,
                                const char *const   *names,
                                const LwHostSeatKind *kinds,
                                const LwBotLevel    *levels,
                                gboolean             partners,
                                guint64              seed,
                                const LwHouseRules  *rules,
                                GError             **error);

/**
 * lw_table_host_open:
 * @store: the store the game is kept in
 * @game_id: a game played at the virtual table and not over
 * @kinds: (array) (nullable): who plays each of the game's seats from now
 *   on; %NULL: as when it was last hosted (a game never hosted, played
 *   on one screen until now: its people's seats remote, its computers
 *   computers)
 * @levels: (array) (nullable): each computer seat's level, read with
 *   @kinds; %NULL: as stored
 * @error: return location for a #GError
 *
 * Hosts again a game of the virtual table that was hosted before (the
 * host crashed, was closed or stopped) or played on one screen: its seats,
 * names, partners, house rules and seed as stored, and the round in
 * progress exactly where it stopped (the hand, the trick, whose turn); a
 * computer whose turn it is moves (after the pause). A round played to
 * its end whose storing the stop cut short is stored now, once; between
 * rounds the next one is dealt from the game's seed. Each seat keeps its
 * link: lw_table_host_get_link_hash() gives the hash the web server
 * checks the old link's secret against (docs/REMOTE-PLAY.md "When the host
 * restarts"). The version counts on from above every version the seats
 * saw before, so that an action answering an old state is stale. The
 * action ids played before the stop are not kept: that is what makes it
 * safe. Used as lw_table_host_new()'s table (the thread-default context).
 *
 * Errors: %LW_TABLE_HOST_ERROR_NOT_VIRTUAL when the game is not played at
 * the virtual table; %LW_TABLE_HOST_ERROR_GAME_OVER when it is over
 * (SCORING R24); %LW_TABLE_HOST_ERROR_HOSTED when another table, in this
 * process or another, hosts it now; %LW_TABLE_HOST_ERROR_UNREADABLE when
 * its stored seats or round cannot be read or do not fit the game;
 * %G_IO_ERROR_INVALID_ARGUMENT for @kinds or @levels out of range;
 * %LW_STORE_ERROR_NOT_FOUND when there is no such game, or another
 * %LW_STORE_ERROR.
 *
 * Returns: (transfer full) (nullable): the table, or %NULL.
 */
LwTableHost *lw_table_host_open (LwStore              *store,
                                 gint64                game_id,
                                 const LwHostSeatKind *kinds,
                                 const LwBotLevel     *levels,
                                 GError              **error);

/**
 * lw_table_host_close:
 * @self: a table
 * @error: return location for a #GError
 *
 * The host closes the table for good: its seats' kinds and links are
 * forgotten in the store (lw_store_forget_hosted_table(); no link opens a
 * seat after a restart), the computers stop and the game is no longer
 * held. The game stays a virtual table's, which the app opens on one
 * screen (or lw_table_host_open() hosts again with new links). The entry
 * server's side is lw_web_server_close_host_table(). The end of the
 * game forgets the links by itself.
 *
 * Errors: %LW_STORE_ERROR from the store (nothing forgotten then).
 *
 * Returns: %TRUE when forgotten.
 */
gboolean lw_table_host_close (LwTableHost  *self,
                              GError      **error);

/**
 * lw_table_host_get_link_hash:
 * @self: a table
 * @seat: a seat, 0..n_players-1
 *
 * Returns: (transfer none) (nullable): the SHA-256 of @seat's link's
 *   secret (lw_entry_requests_secret_hash()) as stored, %NULL when the
 *   seat has no link.
 */
const char *lw_table_host_get_link_hash (LwTableHost *self,
                                         int          seat);

/**
 * lw_table_host_set_link_hash:
 * @self: a table
 * @seat: a seat, 0..n_players-1
 * @link_hash: (nullable): the SHA-256 of the seat's new secret, 64
 *   lowercase hex digits; %NULL: no link
 * @error: return location for a #GError
 *
 * Keeps @seat's link (its first, or a New Link) in the store
 * (lw_store_set_seat_link_hash()), so that it still opens the seat after
 * the host restarts; only the hash, never the secret.
 *
 * Errors: those of lw_store_set_seat_link_hash() (the link is not
 * changed then).
 *
 * Returns: %TRUE when kept.
 */
gboolean lw_table_host_set_link_hash (LwTableHost  *self,
                                      int           seat,
                                      const char   *link_hash,
                                      GError      **error);

/**
 * lw_table_host_get_game_id:
 * @self: a table
 *
 * Returns: the game's ID in the store (> 0).
 */
gint64 lw_table_host_get_game_id (LwTableHost *self);

/**
 * lw_table_host_get_n_players:
 * @self: a table
 *
 * Returns: the number of seats, 2–8.
 */
guint lw_table_host_get_n_players (LwTableHost *self);

/**
 * lw_table_host_get_name:
 * @self: a table
 * @seat: a seat, 0..n_players-1
 *
 * Returns: (transfer none): who sits in @seat (the name as stored).
 */
const char *lw_table_host_get_name (LwTableHost *self,
                                    int          seat);

/**
 * lw_table_host_get_state:
 * @self: a table
 * @seat: a seat, 0..n_players-1
 * @lang: (nullable): "en", "fr" or "de" (%NULL or another: "en"); the
 *   words follow that language when its locale is installed, else the
 *   process's
 *
 * What @seat may see of the table, as the "state" message of
 * docs/REMOTE-PLAY.md: built from lw_table_observe() for @seat only, so
 * that no card of another hand, no Pup but the revealed one and no other
 * seat's discards are in it.
 *
 * Returns: (transfer full): the state, a JSON object.
 */
JsonNode *lw_table_host_get_state (LwTableHost *self,
                                   int          seat,
                                   const char  *lang);

/**
 * lw_table_host_get_version:
 * @self: a table
 *
 * Returns: the table's version: 1 at the deal, +1 at every change (an
 *   action, a round stored, a new deal, the game over, a seat's kind).
 */
guint64 lw_table_host_get_version (LwTableHost *self);

/**
 * LwTableHostMessage:
 * @readings: the message asks for a lead's readings (`"type":"readings"`);
 *   else it is an action (`"type":"action"`)
 * @id: its "id", 1–64 bytes of UTF-8 (borrowed from the message)
 * @version: an action's "version"
 * @kind: an action's "do"
 * @cards: (nullable): its "cards" (borrowed): always there for readings, a
 *   discard and a play; %NULL when a declare or a decline has none
 * @as: (nullable): an action's "as", at most %LW_MAX_PLAY meanings
 *   (borrowed); not read yet
 *
 * What a seat's message says once its shape is checked
 * (lw_table_host_read_message()); its pointers are the message's, valid
 * while it is.
 */
typedef struct {
  gboolean      readings;
  const char   *id;
  gint64        version;
  LwActionKind  kind;
  JsonArray    *cards;
  JsonArray    *as;
} LwTableHostMessage;

/**
 * lw_table_host_read_message:
 * @message: a seat's message as parsed, after its hello: an "action" or
 *   a "readings" request (docs/REMOTE-PLAY.md "Actions", "A lead's
 *   readings")
 * @out: (out caller-allocates): what it says, borrowed from @message
 * @error: return location for a #GError
 *
 * The one check of a seat's message's shape, in the protocol's order:
 * "type" ("action" or "readings"), "id" (a string of 1–64 bytes of
 * UTF-8), then for a readings request "cards" (an array), for an action
 * "version" (an integer), "do" ("declare", "decline", "discard" or
 * "play"), "cards" (an array when present; required for a discard and a
 * play) and "as" (an array of at most %LW_MAX_PLAY when present). What is
 * in the arrays is read against the seat's hand later. It reads no
 * table: the web server's thread checks a socket's message with it and
 * passes what it read to the table's owner (lw_table_host_act_message());
 * lw_table_host_act() and lw_table_host_readings() check with it too. The
 * words are in the calling thread's language (lw_words_use_lang()).
 *
 * Errors: %LW_TABLE_HOST_ERROR_BAD_MESSAGE, "The message could not be
 * read: …" naming the member.
 *
 * Returns: %TRUE when the message has the shape.
 */
gboolean lw_table_host_read_message (JsonObject          *message,
                                     LwTableHostMessage  *out,
                                     GError             **error);

/**
 * lw_table_host_readings:
 * @self: a table
 * @seat: the seat asking, 0..n_players-1
 * @request: the "readings" message's object: "id" (a string of 1–64
 *   characters) and "cards" (card strings of @seat's hand, as an action's)
 * @lang: (nullable): the language of the words, as for
 *   lw_table_host_get_state()
 * @error: return location for a #GError
 *
 * The ways @seat may lead the chosen cards, from lw_table_lead_readings()
 * (TRICKS §3, T6–T9: one per meaning of their wildcards), each with its
 * words as the app's question offers it (lw_describe_wildcards()) and its
 * "as" for the action: `{"type":"readings","id":…,"version":V,
 * "cards":[…],"readings":[{"words":"Little Wolf as 7♠","as":["7S"]},…]}`.
 * The list is empty when the cards make no lead, or when the trick has a
 * lead already (a follow has no reading to choose); one reading is
 * played without "as".
 *
 * Errors (%LW_TABLE_HOST_ERROR): _NOT_YOUR_TURN when @seat is not to
 * play, _REFUSED for a card not in @seat's hand, _BAD_MESSAGE (the shape:
 * lw_table_host_read_message(); an action instead of a readings request;
 * a card string that is no card).
 *
 * Returns: (transfer full): the answer, or %NULL with @error set.
 */
JsonNode *lw_table_host_readings (LwTableHost  *self,
                                  int           seat,
                                  JsonObject   *request,
                                  const char   *lang,
                                  GError      **error);

/**
 * lw_table_host_readings_message:
 * @self: a table
 * @seat: the seat asking, 0..n_players-1
 * @request: a readings request whose shape lw_table_host_read_message()
 *   checked
 * @lang: (nullable): the language of the words
 * @error: return location for a #GError
 *
 * lw_table_host_readings() for a request checked already: its shape is
 * not checked again.
 *
 * Errors: as lw_table_host_readings().
 *
 * Returns: (transfer full): the answer, or %NULL with @error set.
 */
JsonNode *lw_table_host_readings_message (LwTableHost               *self,
                                          int                        seat,
                                          const LwTableHostMessage  *request,
                                          const char                *lang,
                                          GError                   **error);

/**
 * lw_table_host_act:
 * @self: a table
 * @seat: the seat acting, 0..n_players-1
 * @action: the "action" message's object: "id" (a string of 1–64
 *   characters), "version" (an integer), "do" ("declare", "decline",
 *   "discard" or "play"), "cards" (an array of card strings in the engine's
 *   notation, for discard and play), "as" (optional: what each wildcard of
 *   a lead stands for, e.g. "10H")
 * @lang: (nullable): the language of the error's words, as for
 *   lw_table_host_get_state()
 * @error: return location for a #GError
 *
 * Applies @seat's action with lw_table_apply(), saves the round
 * (lw_store_save_table()), stores a finished round with its log and deals
 * the next (as the app's table does), then emits "changed".
 *
 * Errors (%LW_TABLE_HOST_ERROR): _STALE when "version" is not the current
 * version, _NOT_YOUR_TURN, _REFUSED (the engine's refusal in words, in
 * @lang), _DUPLICATE when "id" was already applied for @seat (nothing
 * changes), _BAD_MESSAGE (the shape: lw_table_host_read_message(); a
 * readings request instead of an action; a card string that is no card).
 * A store failure is a _REFUSED with the store's message (the action is
 * not applied then).
 *
 * Returns: %TRUE when applied.
 */
gboolean lw_table_host_act (LwTableHost  *self,
                            int           seat,
                            JsonObject   *action,
                            const char   *lang,
                            GError      **error);

/**
 * lw_table_host_act_local:
 * @self: a table
 * @action: the action of a person at this machine, for @action->seat
 * @error: return location for a #GError
 *
 * lw_table_host_act() for a seat played at the machine that hosts the
 * table (the app's own seat): @action written as the protocol's action
 * message (docs/REMOTE-PLAY.md "Actions": the cards as faces, a lead's
 * wildcards with the meaning @action gives them, the table's version)
 * under an id of its own, so that a local seat's action passes the same
 * checks as a remote one's.
 *
 * Errors: as lw_table_host_act().
 *
 * Returns: %TRUE when applied.
 */
gboolean lw_table_host_act_local (LwTableHost     *self,
                                  const LwAction  *action,
                                  GError         **error);

/**
 * lw_table_host_act_message:
 * @self: a table
 * @seat: the seat acting, 0..n_players-1
 * @action: an action whose shape lw_table_host_read_message() checked
 * @lang: (nullable): the language of the error's words
 * @error: return location for a #GError
 *
 * lw_table_host_act() for an action checked already (the web server's
 * thread checks a socket's message before the owner's thread applies
 * it): its shape is not checked again; the id, the version, the turn,
 * the cards and the rules are.
 *
 * Errors: as lw_table_host_act().
 *
 * Returns: %TRUE when applied.
 */
gboolean lw_table_host_act_message (LwTableHost               *self,
                                    int                        seat,
                                    const LwTableHostMessage  *action,
                                    const char                *lang,
                                    GError                   **error);

/**
 * lw_table_host_set_timing:
 * @self: a table
 * @pause_ms: the pause before a computer seat's move (0 in tests)
 * @hold_ms: how long a finished trick stays before a computer seat leads
 *   the next (the app's trick hold, 1500 by default; 0: none)
 */
void lw_table_host_set_timing (LwTableHost *self,
                               guint        pause_ms,
                               guint        hold_ms);

/**
 * lw_table_host_set_seat_kind:
 * @self: a table
 * @seat: a seat, 0..n_players-1
 * @kind: who plays it from now on
 * @level: the computer's level when @kind is %LW_HOST_SEAT_COMPUTER
 *
 * Gives a disconnected remote seat to a computer, and back
 * (%LW_HOST_SEAT_REMOTE). A computer whose turn it is moves at once (after
 * the pause). Emits "changed".
 */
void lw_table_host_set_seat_kind (LwTableHost    *self,
                                  int             seat,
                                  LwHostSeatKind  kind,
                                  LwBotLevel      level);

/**
 * lw_table_host_get_seat_kind:
 * @self: a table
 * @seat: a seat, 0..n_players-1
 *
 * Returns: who plays @seat now.
 */
LwHostSeatKind lw_table_host_get_seat_kind (LwTableHost *self,
                                            int          seat);

/**
 * lw_table_host_is_over:
 * @self: a table
 *
 * Returns: %TRUE once the scoring engine ended the game (SCORING R24).
 */
gboolean lw_table_host_is_over (LwTableHost *self);

/**
 * lw_table_host_get_table:
 * @self: a table
 *
 * For tests (the leak test checks every state against it): the round
 * being played, every hand in it. Never send it to a seat.
 *
 * Returns: (transfer none): the round being played, or the last one
 *   played (a round's end, the game over).
 */
const LwTable *lw_table_host_get_table (LwTableHost *self);

/**
 * lw_table_host_get_session:
 * @self: a table
 *
 * The game's loop the host is a transport over, for a view of it on the
 * hosting device (the app's table page): its table, facts and "changed".
 * A view acts through lw_table_host_act(), never on the session, so that
 * the host keeps who plays each seat and the version.
 *
 * Returns: (transfer none): the session.
 */
LwTableSession *lw_table_host_get_session (LwTableHost *self);

G_END_DECLS
