/* lw-entry-server-play.c — the entry server's side of remote play
 *
 * The tables the server hosts, each remote seat's link and whether it is
 * connected; the sockets themselves are lw-entry-play-socket.c's
 * (docs/REMOTE-PLAY.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-entry-play.h"
#include "lw-entry-server.h"
#include "lw-entry-server-private.h"

gboolean
lw_entry_server_host_table (LwEntryServer  *self,
                            LwTableHost    *host,
                            GError        **error)
{
  g_return_val_if_fail (LW_IS_ENTRY_SERVER (self), FALSE);
  g_return_val_if_fail (LW_IS_TABLE_HOST (host), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return lw_entry_play_add_table (self->play, host, error);
}

gboolean
lw_entry_server_close_host_table (LwEntryServer *self,
                                  gint64         game_id)
{
  g_return_val_if_fail (LW_IS_ENTRY_SERVER (self), FALSE);

  return lw_entry_play_remove_table (self->play, game_id);
}

char *
lw_entry_server_seat_url (LwEntryServer *self,
                          const char    *host,
                          gint64         game_id,
                          guint          seat)
{
  g_autofree char *secret = NULL;

  g_return_val_if_fail (LW_IS_ENTRY_SERVER (self), NULL);
  g_return_val_if_fail (host != NULL, NULL);

  secret = lw_entry_play_dup_secret (self->play, game_id, seat);
  if (secret == NULL || self->thread == NULL)
    {
      if (secret != NULL)
        memset (secret, 0, strlen (secret));
      return NULL;
    }
  {
    char *url = g_strdup_printf ("http://%s:%u/play#t=%" G_GINT64_FORMAT "&s=%s",
                                 host, self->port, game_id, secret);

    memset (secret, 0, strlen (secret));
    return url;
  }
}

gboolean
lw_entry_server_new_seat_link (LwEntryServer  *self,
                               gint64          game_id,
                               guint           seat,
                               GError        **error)
{
  g_return_val_if_fail (LW_IS_ENTRY_SERVER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return lw_entry_play_new_secret (self->play, game_id, seat, error);
}

gboolean
lw_entry_server_is_seat_connected (LwEntryServer *self,
                                   gint64         game_id,
                                   guint          seat)
{
  g_return_val_if_fail (LW_IS_ENTRY_SERVER (self), FALSE);

  return lw_entry_play_is_connected (self->play, game_id, seat);
}

void
lw_entry_server_set_max_play_sockets (LwEntryServer *self,
                                      guint          max_per_address)
{
  g_return_if_fail (LW_IS_ENTRY_SERVER (self));
  g_return_if_fail (max_per_address >= 1);

  lw_entry_play_set_max_per_address (self->play, max_per_address);
}

void
lw_entry_server_set_play_heartbeat (LwEntryServer *self,
                                    guint          ping_ms,
                                    guint          silence_ms)
{
  g_return_if_fail (LW_IS_ENTRY_SERVER (self));
  g_return_if_fail (ping_ms >= 10 && silence_ms > ping_ms);

  lw_entry_play_set_heartbeat (self->play, ping_ms, silence_ms);
}
