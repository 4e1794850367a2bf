/* bench-bare-window.c — a bare libadwaita window, for bench-app-start:
 * prints the monotonic time (µs) of its first frame, then quits. With
 * WIDTHxHEIGHT it opens at that default size (the app's own, 1100x760). */
#include <stdio.h>
#include <adwaita.h>

static int width, height;

static void painted (GdkFrameClock *c, GApplication *app) { g_print ("%" G_GINT64_FORMAT "\n", g_get_monotonic_time ()); g_application_quit (app); }
static void mapped (GtkWidget *w, GApplication *app) { g_signal_connect (gtk_widget_get_frame_clock (w), "after-paint", G_CALLBACK (painted), app); }
static void activate (GApplication *app) { GtkWidget *w = adw_application_window_new (GTK_APPLICATION (app)); if (width > 0) gtk_window_set_default_size (GTK_WINDOW (w), width, height); g_signal_connect (w, "map", G_CALLBACK (mapped), app); gtk_window_present (GTK_WINDOW (w)); }

int
main (int argc, char *argv[])
{
  g_autoptr (AdwApplication) app = adw_application_new ("io.github.littlewolf.BareWindow", G_APPLICATION_NON_UNIQUE);
  if (argc == 2 && sscanf (argv[1], "%dx%d", &width, &height) != 2) return 2;
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  return g_application_run (G_APPLICATION (app), 1, argv);
}
