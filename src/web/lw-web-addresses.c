/* lw-web-addresses.c — the addresses phones can reach this computer at
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <gio/gio.h>

#include "lw-web-server.h"

char **
lw_entry_list_lan_addresses (void)
{
  g_autoptr (GPtrArray) lan = g_ptr_array_new ();
  struct ifaddrs *list = NULL;

  if (getifaddrs (&list) == 0)
    {
      for (struct ifaddrs *ifa = list; ifa != NULL; ifa = ifa->ifa_next)
        {
          char text[INET_ADDRSTRLEN];
          const struct sockaddr_in *in;

          if (ifa->ifa_addr == NULL || ifa->ifa_addr->sa_family != AF_INET
              || (ifa->ifa_flags & IFF_UP) == 0 || (ifa->ifa_flags & IFF_LOOPBACK) != 0)
            continue;
          in = (const struct sockaddr_in *) (const void *) ifa->ifa_addr;
          {
            g_autoptr (GInetAddress) inet =
              g_inet_address_new_from_bytes ((const guint8 *) &in->sin_addr, G_SOCKET_FAMILY_IPV4);
            g_autofree char *dotted = g_inet_address_to_string (inet);

            g_strlcpy (text, dotted, sizeof text);
          }
          if (!g_ptr_array_find_with_equal_func (lan, text, g_str_equal, NULL))
            g_ptr_array_add (lan, g_strdup (text));
        }
      freeifaddrs (list);
    }
  g_ptr_array_add (lan, g_strdup ("127.0.0.1"));
  g_ptr_array_add (lan, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&lan), FALSE);
}
