/* lw-entry-requests.h — results entered from phones at the tables: the
 * requests of the JSON API (docs/TABLE-ENTRY.md), parsed, authorized,
 * validated by the engine and applied to the store
 *
 * No HTTP here: the server (lw-web-server.h) hands each request's
 * method, path, secret and body to lw_entry_requests_handle() and sends back
 * the status and JSON it returns, so that the handlers are tested without
 * a network.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * LW_ENTRY_MAX_BODY:
 *
 * The largest request body read, in bytes: a round of eight seats with
 * every list written out takes under 2 KiB.
 */
#define LW_ENTRY_MAX_BODY (64 * 1024)

/**
 * LW_ENTRY_SECRET_LENGTH:
 *
 * A table's secret: 128 random bits as 32 lowercase hexadecimal digits.
 */
#define LW_ENTRY_SECRET_LENGTH 32

/**
 * LW_ENTRY_STATUS_BUSY:
 *
 * The status of an answer while another program holds the database's
 * write lock (503): nothing was stored; the server sends it with
 * `Retry-After: LW_ENTRY_RETRY_AFTER`.
 */
#define LW_ENTRY_STATUS_BUSY 503

/**
 * LW_ENTRY_RETRY_AFTER:
 *
 * The seconds a phone waits before sending a request again after a 503.
 */
#define LW_ENTRY_RETRY_AFTER 2

#define LW_TYPE_ENTRY_REQUESTS (lw_entry_requests_get_type ())
G_DECLARE_FINAL_TYPE (LwEntryRequests, lw_entry_requests, LW, ENTRY_REQUESTS, GObject)

/**
 * lw_entry_requests_new:
 * @store: the store the rounds go to
 *
 * Opens table entry with no table: lw_entry_requests_open_table() adds them.
 * Secrets are kept in memory only; they end with the object, with
 * lw_entry_requests_close_table() or lw_entry_requests_close_all().
 *
 * The object emits #LwEntryRequests::round-stored after every round stored
 * or corrected through it, so that the windows showing the game reload.
 *
 * Returns: (transfer full): the table entry.
 */
LwEntryRequests *lw_entry_requests_new (LwStore *store);

/**
 * lw_entry_requests_new_sharing:
 * @origin: a table entry made with lw_entry_requests_new()
 * @store: another connection to @origin's database
 *   (lw_store_open_another()), used by one thread only
 *
 * A table entry for the server's own thread: it answers requests
 * (lw_entry_requests_handle()) with the tables and secrets that @origin
 * opens and closes, reading and writing through @store. Its
 * #LwEntryRequests::round-stored is emitted by @origin, in the thread and
 * main context that made @origin (an idle callback there when the
 * request was answered in another thread). Tables are opened and closed
 * on @origin only, from the thread that made it.
 *
 * Returns: (transfer full): the table entry.
 */
LwEntryRequests *lw_entry_requests_new_sharing (LwEntryRequests *origin,
                                                LwStore         *store);

/**
 * lw_entry_requests_get_store:
 *
 * Returns: (transfer none): the store.
 */
LwStore *lw_entry_requests_get_store (LwEntryRequests *self);

/**
 * lw_entry_requests_open_table:
 * @self: table entry
 * @game_id: the stored game played at the table
 * @label: (nullable): what the phone shows as the table's name (e.g.
 *   "Table 3"); %NULL for the players' names
 * @error: return location for a #GError
 *
 * Opens entry for one table with a fresh secret from the system's
 * cryptographic random source (getrandom(), else /dev/urandom). A table
 * already open gets a new secret: the old link stops working.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND for an unknown game,
 * %LW_STORE_ERROR_FAILED when no random bytes can be read.
 *
 * Returns: (transfer none) (nullable): the secret
 *   (%LW_ENTRY_SECRET_LENGTH hex digits), valid until the table is
 *   closed; %NULL on error.
 */
const char *lw_entry_requests_open_table (LwEntryRequests  *self,
                                          gint64            game_id,
                                          const char       *label,
                                          GError          **error);

/**
 * lw_entry_board_key:
 * @event_id: a duplicate event's ID, 1 … 2³⁸ − 1
 * @round: an event round, 1 … 4095
 * @table: one of its tables, 1 … 4095
 *
 * What a duplicate event's table is known by where a game's ID names a
 * table (lw_entry_requests_get_secret(), lw_entry_requests_close_table(),
 * lw_entry_requests_page_path(), lw_web_server_table_url()): a negative
 * number, −(@event_id × 2²⁴ + @round × 2¹² + @table), that no game has. Its
 * page is `/t/eEVENT-ROUND-TABLE` and its API `/api/tables/eEVENT-ROUND-TABLE`
 * (docs/TABLE-ENTRY.md "Duplicate events").
 *
 * Returns: the key.
 */
gint64 lw_entry_board_key (gint64 event_id,
                           guint  round,
                           guint  table);

/**
 * lw_entry_requests_open_board_table:
 * @self: table entry
 * @event_id: a duplicate event's ID
 * @round: an event round, paired
 * @table: one of its tables
 * @label: (nullable): what the phone shows as the table's name; %NULL for
 *   "EVENT · table T"
 * @error: return location for a #GError
 *
 * Opens entry for one table of a duplicate event (DUPLICATE D9): its page
 * shows the table's boards of the round, the next one to enter with its
 * dealer, and sends each board's result (lw_store_add_event_board_result()).
 * Known by lw_entry_board_key() afterwards; a table already open gets a
 * new secret.
 *
 * Errors: %LW_STORE_ERROR_NOT_FOUND for no such event,
 * %LW_ENGINE_ERROR_INVALID for an event that is not duplicate or a round
 * or table it does not have, %LW_STORE_ERROR_FAILED when no random bytes
 * can be read.
 *
 * Returns: (transfer none) (nullable): the secret, valid until the table is
 *   closed; %NULL on error.
 */
const char *lw_entry_requests_open_board_table (LwEntryRequests  *self,
                                                gint64            event_id,
                                                guint             round,
                                                guint             table,
                                                const char       *label,
                                                GError          **error);

/**
 * lw_entry_requests_close_table:
 * @self: table entry
 * @game_id: a game
 *
 * Forgets the table's secret: its link no longer reads or writes anything.
 */
void lw_entry_requests_close_table (LwEntryRequests *self,
                                    gint64           game_id);

/**
 * lw_entry_requests_close_all:
 * @self: table entry
 *
 * Forgets every table's secret.
 */
void lw_entry_requests_close_all (LwEntryRequests *self);

/**
 * lw_entry_requests_get_secret:
 * @self: table entry
 * @game_id: a game
 *
 * Returns: (transfer none) (nullable): the open table's secret, %NULL when
 *   the table is not open.
 */
const char *lw_entry_requests_get_secret (LwEntryRequests *self,
                                          gint64           game_id);

/**
 * lw_entry_requests_page_path:
 * @game_id: a game
 * @secret: its table's secret
 *
 * The path of the table's page, the secret in its fragment (so that it
 * is never sent in a Referer or kept in a server's request line):
 * `/t/GAME#SECRET`.
 *
 * Returns: (transfer full): the path.
 */
char *lw_entry_requests_page_path (gint64      game_id,
                                const char *secret);

/**
 * lw_entry_requests_handle:
 * @self: table entry
 * @method: the HTTP method ("GET", "POST", "PUT")
 * @path: the request path without query, e.g. "/api/tables/12/rounds"
 * @secret: (nullable): the secret the client sent (the `X-Table-Secret`
 *   header), %NULL when none
 * @body: (nullable) (array length=length): the request body
 * @length: its length in bytes
 * @response: (out) (transfer full): the JSON answer: the table's state
 *   (200, 201) or `{"error": "…"}`
 *
 * Answers one request of the API (docs/TABLE-ENTRY.md):
 *
 * - `GET /api/tables/GAME`: the table's board and rounds;
 * - `GET /api/tables/GAME/version`: `{"version", "locked"}`, the game's
 *   version (lw_store_get_game_version()) and its locked rounds
 *   (lw_store_list_locked_rounds()): what a page polls to know that its
 *   board is out of date, without the game's replay;
 * - `POST /api/tables/GAME/rounds` with `{"number", "version", "round"}`:
 *   the next round, stored with lw_store_append_round() (201);
 * - `PUT /api/tables/GAME/rounds/N` with `{"version", "round"}`: a
 *   correction of round N, lw_store_replace_round(), refused for a round
 *   the director locked (lw_store_set_round_locked()).
 *
 * The round is read with lw_round_from_json() and the game replayed with
 * it by the store; a round the engine refuses is answered with the
 * engine's message and nothing is stored. A round that finishes the game
 * of an event's table links the game to the table in the same transaction
 * (the store does it with every round: lw_store_append_round()).
 *
 * Statuses: 200/201 done; 400 a body that is not the API's JSON; 403 a
 * missing secret, one that is not this table's, or a table not open for
 * entry (the same answer, so that the open games cannot be told without a
 * link); 404 no such path, a round or game that does not exist; 405
 * another method; 409 a stale number or
 * version (another phone was first; nothing is stored); 413 a body over
 * %LW_ENTRY_MAX_BODY; 422 a round the engine refuses; 423 a locked
 * round; 503 (%LW_ENTRY_STATUS_BUSY) another program holds the
 * database's write lock longer than the store's busy timeout; 500 another
 * store failure. No answer names a file or quotes SQLite: the details go
 * to the log (g_message()).
 *
 * Called from any one thread at a time per object; tables may be opened
 * and closed meanwhile by the thread that made the origin.
 *
 * Returns: the HTTP status.
 */
guint lw_entry_requests_handle (LwEntryRequests  *self,
                                const char       *method,
                                const char       *path,
                                const char       *secret,
                                const char       *body,
                                gsize             length,
                                char            **response);

/**
 * lw_entry_requests_check_access:
 * @self: table entry
 * @path: the request path without query
 * @secret: (nullable): the `X-Table-Secret` header, %NULL when none
 * @response: (out) (transfer full) (nullable): `{"error": "…"}` when
 *   refused, else %NULL
 *
 * The check lw_entry_requests_handle() makes first, for the server to make
 * before it reads a request's body: the path is the API's and the secret
 * opens an open table.
 *
 * Returns: 0 when the request may go on; else the status of
 *   lw_entry_requests_handle() (404 not the API's path; 403 a wrong secret or
 *   a table not open).
 */
guint lw_entry_requests_check_access (LwEntryRequests  *self,
                                      const char       *path,
                                      const char       *secret,
                                      char            **response);

/**
 * lw_entry_requests_error_response:
 * @message: what went wrong, one sentence for the phone's user
 *
 * Returns: (transfer full): the JSON of a refusal, `{"error": MESSAGE}`,
 *   as every answer of the API that is not 200/201 has
 *   (docs/TABLE-ENTRY.md).
 */
char *lw_entry_requests_error_response (const char *message);

/**
 * lw_entry_requests_random_secret:
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): 128 bits from the system's
 *   cryptographic random source as 32 lowercase hex digits; %NULL with
 *   %LW_STORE_ERROR_FAILED when none can be read.
 */
char *lw_entry_requests_random_secret (GError **error);

/**
 * lw_entry_requests_secret_equal:
 * @expected: the secret kept
 * @given: the secret a client sent
 *
 * Compares two secrets in a time that depends only on their lengths,
 * never on where they differ, so that no client learns a secret digit
 * by digit from the answers' timing.
 *
 * Returns: whether they are the same text.
 */
gboolean lw_entry_requests_secret_equal (const char *expected,
                                         const char *given);

/**
 * lw_entry_requests_secret_hash:
 * @secret: a secret (lw_entry_requests_random_secret()), or whatever a
 *   client sent as one
 *
 * What a hosted table keeps of a remote seat's secret, in memory and in
 * the store (lw_store_set_seat_link_hash()): its SHA-256, so that the
 * link opens the seat after the host restarts while the secret itself
 * never touches the disk. Two hashes are compared with
 * lw_entry_requests_secret_equal().
 *
 * Returns: (transfer full): 64 lowercase hex digits.
 */
char *lw_entry_requests_secret_hash (const char *secret);

G_END_DECLS
