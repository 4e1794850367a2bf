/* lw-host-fixture.c — what the remote table's tests without a network
 * share (lw-host-fixture.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-host-fixture.h"
#include "lw-play-client.h"

LwTableHost *
lw_test_two_remote (LwStore *store)
{
  static const char *const names[] = { "Ann", "Ben" };
  static const LwHostSeatKind kinds[] = { LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_REMOTE };
  g_autoptr (GError) error = NULL;
  LwTableHost *host = lw_table_host_new (store, 2, names, kinds, NULL, FALSE, 77, NULL, &error);

  g_assert_no_error (error);
  lw_table_host_set_timing (host, 0, 0);
  return host;
}

int
lw_test_host_turn (LwTableHost *host)
{
  return lw_table_get_turn (lw_table_host_get_table (host));
}

JsonObject *
lw_test_bid_action (const char *id,
                    guint64     version,
                    const char *what)
{
  return lw_play_action_new (id, version, what, NULL);
}

JsonArray *
lw_test_faces_array (const LwCard *cards,
                     guint         n)
{
  JsonArray *faces = json_array_new ();

  for (guint k = 0; k < n; k++)
    json_array_add_string_element (faces, lw_face_to_string (lw_card_face (cards[k])));
  return faces;
}
