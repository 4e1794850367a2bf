/* lw-error.c — the engine's GError domain and its one error setter
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-error.h"

G_DEFINE_QUARK (lw-engine-error-quark, lw_engine_error)

gboolean
lw_engine_fail (GError        **error,
                LwEngineError   code,
                const char     *format,
                ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (LW_ENGINE_ERROR, code, format, args));
  va_end (args);
  return FALSE;
}
