/* main.c — the Little Wolf app
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>

#include <glib/gi18n.h>

#include "lw-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr (LwApplication) app = NULL;

  setlocale (LC_ALL, "");
  lw_application_bind_text_domain ();

  app = lw_application_new (G_APPLICATION_DEFAULT_FLAGS);

  return g_application_run (G_APPLICATION (app), argc, argv);
}
