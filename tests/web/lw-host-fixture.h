/* lw-host-fixture.h — what the remote table's tests without a network
 * (test-table-host, test-table-host-refusals) share: a table of two
 * remote seats, the seat to act, a bid and a list of faces as an action
 * carries them (docs/REMOTE-PLAY.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "lw-store.h"
#include "lw-table-host.h"

G_BEGIN_DECLS

/**
 * lw_test_two_remote:
 * @store: the database the table is stored in
 *
 * A new hosted table of two remote seats, Ann and Ben, dealt from seed
 * 77, with no computer pause and no timeouts (lw_table_host_set_timing()
 * 0, 0). Fails the test if the host refuses it.
 *
 * Returns: (transfer full): the host
 */
LwTableHost *lw_test_two_remote (LwStore *store);

/**
 * lw_test_host_turn:
 * @host: a host
 *
 * Returns: the seat to act at @host's table (lw_table_get_turn())
 */
int lw_test_host_turn (LwTableHost *host);

/**
 * lw_test_bid_action:
 * @id: the action's id
 * @version: the table version it answers
 * @what: "declare" or "decline"
 *
 * Returns: (transfer full): the action a seat sends to bid
 */
JsonObject *lw_test_bid_action (const char *id,
                                guint64     version,
                                const char *what);

/**
 * lw_test_faces_array:
 * @cards: (array length=n): cards
 * @n: how many
 *
 * Returns: (transfer full): the faces of @cards, in order, as an
 *   action's "cards" array carries them ("9H", "W")
 */
JsonArray *lw_test_faces_array (const LwCard *cards,
                                guint         n);

G_END_DECLS
