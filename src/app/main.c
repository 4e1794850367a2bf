/* main.c — the Little Wolf app (placeholder until the app lands)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>

int
main (int   argc,
      char *argv[])
{
  g_autoptr (AdwApplication) app = adw_application_new (APP_ID, G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
