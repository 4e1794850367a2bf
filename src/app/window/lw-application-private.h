/* lw-application-private.h — what the UI tests read of lw-application.c: included by that file
 * and the tests only, never by the app's other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-application.h"

G_BEGIN_DECLS

LwWindow *lw_application_open_database (LwApplication  *self,
                                        const char     *path,
                                        GError        **error);

G_END_DECLS
