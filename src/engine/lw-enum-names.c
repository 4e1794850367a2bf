/* lw-enum-names.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-enum-names.h"

gboolean
lw_enum_from_name (const char *const *names,
                   guint              n_names,
                   const char        *name,
                   guint             *value)
{
  g_return_val_if_fail (names != NULL || n_names == 0, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  for (guint i = 0; name != NULL && i < n_names; i++)
    if (strcmp (name, names[i]) == 0)
      {
        *value = i;
        return TRUE;
      }
  return FALSE;
}
