/* lw-entry-boards-private.h — the requests of a duplicate event's table
 * at table entry (lw-entry-boards.c; docs/TABLE-ENTRY.md "Duplicate
 * events"), called by lw-entry-requests.c once the secret is checked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "lw-store.h"

G_BEGIN_DECLS

/* The JSON object of a request's body, read by @parser (lw-entry-requests.c):
 * (transfer none) the object, or NULL with the reason in @message (no
 * body, not JSON, not an object). */
JsonObject *lw_entry_read_object (JsonParser  *parser,
                                  const char  *data,
                                  gsize        length,
                                  char       **message);

/* Answers one request of an open duplicate table (event @event_id, round
 * @round, table @table, shown as @label); @parts is the path split at
 * "/" (lw-entry-requests.c checked its form and the secret):
 *
 * - GET /api/tables/eE-R-T: the table's state, its boards of the round;
 * - GET …/version: {"version": boards entered at the table, "locked": []};
 * - POST …/rounds with {"board": K, "version", "round"}: board K's result
 *   (lw_store_add_event_board_result()), 201 and the new state;
 * - PUT …/rounds/N: refused (405): the director corrects a board (D9).
 *
 * Statuses as lw_entry_requests_handle(): 409 a board already entered or
 * a stale version (D9, the words of the engine), 422 a board the table
 * does not play or a round the engine refuses. Returns: the status. */
guint lw_entry_boards_handle (LwStore            *store,
                              gint64              event_id,
                              guint               round,
                              guint               table,
                              const char         *label,
                              const char         *method,
                              const char         *path,
                              const char *const  *parts,
                              const char         *body,
                              gsize               length,
                              char              **response);

G_END_DECLS
