/* lw-web-server-play.c — the web server's side of remote play
 *
 * The tables the server hosts, each remote seat's link and whether it is
 * connected; the sockets themselves are lw-web-play-socket.c's
 * (docs/REMOTE-PLAY.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-web-play.h"
#include "lw-web-server.h"
#include "lw-web-server-private.h"

gboolean
lw_web_server_host_table (LwWebServer  *self,
                            LwTableHost    *host,
                            GError        **error)
{
  g_return_val_if_fail (LW_IS_WEB_SERVER (self), FALSE);
  g_return_val_if_fail (LW_IS_TABLE_HOST (host), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return lw_web_play_add_table (self->play, host, error);
}

gboolean
lw_web_server_close_host_table (LwWebServer *self,
                                  gint64         game_id)
{
  g_return_val_if_fail (LW_IS_WEB_SERVER (self), FALSE);

  return lw_web_play_remove_table (self->play, game_id);
}

char *
lw_web_server_seat_url (LwWebServer *self,
                          const char    *host,
                          gint64         game_id,
                          guint          seat)
{
  g_autofree char *secret = NULL;

  g_return_val_if_fail (LW_IS_WEB_SERVER (self), NULL);
  g_return_val_if_fail (host != NULL, NULL);

  secret = lw_web_play_dup_secret (self->play, game_id, seat);
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
lw_web_server_new_seat_link (LwWebServer  *self,
                               gint64          game_id,
                               guint           seat,
                               GError        **error)
{
  g_return_val_if_fail (LW_IS_WEB_SERVER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return lw_web_play_new_secret (self->play, game_id, seat, error);
}

gboolean
lw_web_server_is_seat_connected (LwWebServer *self,
                                   gint64         game_id,
                                   guint          seat)
{
  g_return_val_if_fail (LW_IS_WEB_SERVER (self), FALSE);

  return lw_web_play_is_connected (self->play, game_id, seat);
}

void
lw_web_server_set_max_play_sockets (LwWebServer *self,
                                      guint          max_per_address)
{
  g_return_if_fail (LW_IS_WEB_SERVER (self));
  g_return_if_fail (max_per_address >= 1);

  lw_web_play_set_max_per_address (self->play, max_per_address);
}

void
lw_web_server_set_play_heartbeat (LwWebServer *self,
                                    guint          ping_ms,
                                    guint          silence_ms)
{
  g_return_if_fail (LW_IS_WEB_SERVER (self));
  g_return_if_fail (ping_ms >= 10 && silence_ms > ping_ms);

  lw_web_play_set_heartbeat (self->play, ping_ms, silence_ms);
}
