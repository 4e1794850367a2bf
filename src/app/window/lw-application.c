/* lw-application.c — the Little Wolf application
 *
 * One window per database: `littlewolf --db PATH` opens another database
 * (in the running instance when there is one).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-application-private.h"
#include "lw-preferences-window.h"
#include "lw-settings.h"
#include "lw-store.h"
#include "lw-window.h"

struct _LwApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (LwApplication, lw_application, ADW_TYPE_APPLICATION)

static const GOptionEntry option_entries[] = {
  { "db", 0, 0, G_OPTION_ARG_FILENAME, NULL,
    N_("Open the database at PATH instead of the default one"), N_("PATH") },
  { "version", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("Show the version and exit"), NULL },
  { NULL }
};

void
lw_application_bind_text_domain (void)
{
  const char *dir = g_getenv ("LW_LOCALEDIR");

  bindtextdomain (GETTEXT_PACKAGE, dir != NULL && *dir != '\0' ? dir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

LwApplication *
lw_application_new (GApplicationFlags flags)
{
  return g_object_new (LW_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", flags | G_APPLICATION_HANDLES_COMMAND_LINE,
                       "resource-base-path", RESOURCE_PREFIX,
                       NULL);
}

/* How long the damage check at open may take: a database of up to about
 * 20 MB is checked whole, a larger one as far as it gets
 * (lw_store_check_damage()). */
#define LW_APP_DAMAGE_CHECK_MS 500

static void show_open_error (LwApplication *self,
                             const GError  *error);

/* The damage check of a window's database, done in the background. */
typedef struct {
  LwApplication *app;     /* owned */
  LwStore *store;         /* owned */
  GWeakRef window;
  GdkFrameClock *clock;   /* owned, while waiting for the first frame */
  gulong paint_handler;
  gulong destroy_handler;  /* on the window, while waiting for the first frame */
} DamageCheck;

static void
damage_checked_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  DamageCheck *check = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GtkWindow) window = g_weak_ref_get (&check->window);

  if (!lw_store_check_damage_finish (LW_STORE (object), result, &error))
    {
      /* Said as a damaged file was said before the window opened: the
       * window goes, the words stay. Nothing was written to the file
       * meanwhile (the store's writes wait for the check). */
      /* TRANSLATORS: %s is a file path, then the reason in words */
      g_printerr (_("littlewolf: cannot open the database %s: %s\n"),
                  lw_store_get_path (LW_STORE (object)), error->message);
      show_open_error (check->app, error);
      if (window != NULL)
        gtk_window_destroy (window);
    }

  g_weak_ref_clear (&check->window);
  g_application_release (G_APPLICATION (check->app));
  g_object_unref (check->app);
  g_object_unref (check->store);
  g_free (check);
}

static gboolean
start_damage_check_cb (gpointer user_data)
{
  DamageCheck *check = user_data;

  lw_store_check_damage_async (check->store, LW_APP_DAMAGE_CHECK_MS, NULL, damage_checked_cb, check);
  return G_SOURCE_REMOVE;
}

/* The check starts once the window's first frame is drawn, so that its
 * reading does not compete with drawing it (a write waits for it all the
 * same). */
static void
stop_waiting_for_frame (DamageCheck *check)
{
  g_autoptr (GtkWidget) window = g_weak_ref_get (&check->window);

  if (window != NULL)
    g_clear_signal_handler (&check->destroy_handler, window);
  if (check->clock != NULL)
    g_clear_signal_handler (&check->paint_handler, check->clock);
  g_clear_object (&check->clock);
}

static void
first_frame_cb (GdkFrameClock *clock,
                DamageCheck   *check)
{
  stop_waiting_for_frame (check);
  g_idle_add_full (G_PRIORITY_HIGH_IDLE, start_damage_check_cb, check, NULL);
}

/* A window closed before its first frame: its file is checked all the
 * same. */
static void
window_destroyed_cb (GtkWidget   *window,
                     DamageCheck *check)
{
  g_clear_signal_handler (&check->destroy_handler, window);
  stop_waiting_for_frame (check);
  start_damage_check_cb (check);
}

LwWindow *
lw_application_open_database (LwApplication  *self,
                              const char     *path,
                              GError        **error)
{
  g_autoptr (LwStore) store = NULL;
  DamageCheck *check;
  LwWindow *window;
  GdkFrameClock *clock;

  g_return_val_if_fail (LW_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  /* A database already open gets its window raised, not a second one. */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    {
      if (LW_IS_WINDOW (l->data) &&
          g_strcmp0 (lw_store_get_path (lw_window_get_store (l->data)), path) == 0)
        {
          gtk_window_present (GTK_WINDOW (l->data));
          return l->data;
        }
    }

  store = lw_store_open (path, error);
  if (store == NULL)
    return NULL;
  /* Until the background check starts, a write checks first. */
  lw_store_check_damage_later (store, LW_APP_DAMAGE_CHECK_MS);

  /* The window at once; the damage check of the whole file on a thread
   * of its own after its first frame. A damaged file is still said (the
   * way out is a backup) and never written to: a write waits for the
   * check. */
  window = lw_window_new (self, store);
  check = g_new0 (DamageCheck, 1);
  check->app = g_object_ref (self);
  check->store = g_object_ref (store);
  g_weak_ref_init (&check->window, window);
  /* The app stays up to say what the check finds. */
  g_application_hold (G_APPLICATION (self));
  gtk_window_present (GTK_WINDOW (window));

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  if (clock != NULL)
    {
      check->clock = g_object_ref (clock);
      check->paint_handler = g_signal_connect (clock, "after-paint", G_CALLBACK (first_frame_cb), check);
      check->destroy_handler = g_signal_connect (window, "destroy", G_CALLBACK (window_destroyed_cb), check);
    }
  else
    start_damage_check_cb (check);

  return window;
}

static int
lw_application_handle_local_options (GApplication *app,
                                      GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("littlewolf %s\n", PACKAGE_VERSION);
      return 0;
    }

  return -1;
}

static void
show_open_error (LwApplication *self,
                 const GError  *error)
{
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (NULL, _("Could Not Open the Scores Database"), NULL);
  /* TRANSLATORS: %s is what went wrong; the message names the file */
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog), _("%s\n\nNothing was changed in the file."),
                                  error->message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_set_application (GTK_WINDOW (dialog), GTK_APPLICATION (self));
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static int
lw_application_command_line (GApplication            *app,
                             GApplicationCommandLine *command_line)
{
  LwApplication *self = LW_APPLICATION (app);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autofree char *db = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  if (g_variant_dict_lookup (options, "db", "^ay", &db))
    {
      g_autoptr (GFile) file = g_application_command_line_create_file_for_arg (command_line, db);
      path = g_file_get_path (file);
    }
  else
    path = lw_store_default_path ();

  if (lw_application_open_database (self, path, &error) == NULL)
    {
      /* TRANSLATORS: %s is a file path, then the reason in words */
      g_application_command_line_printerr (command_line,
                                           _("littlewolf: cannot open the database %s: %s\n"),
                                           path, error->message);
      /* Started from the desktop, nobody reads stderr: say it on screen. */
      if (gtk_application_get_windows (GTK_APPLICATION (self)) == NULL)
        show_open_error (self, error);
      return 1;
    }

  return 0;
}

static void
lw_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window != NULL)
    gtk_window_present (window);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *app = user_data;
  const char *developers[] = { _("The Little Wolf developers"), NULL };
  const char *rules[] = {
    /* TRANSLATORS: credit for the rules the app implements */
    _("Little Wolf: the published Rules of Play of the Little Wolf card game"),
    /* TRANSLATORS: credit for the rules the app implements; a person's name and title */
    _("Garwolf: rules by THL Colyne Stewart (Todd Fischer)"),
    NULL
  };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (app),
                        "application-name", _("Little Wolf"),
                        "application-icon", APP_ID,
                        "version", PACKAGE_VERSION,
                        "comments", _("Keep score of Little Wolf and Garwolf: the whole scoring rulebook, "
                                      "corrections, statistics, tournaments and ratings."),
                        "developer-name", _("The Little Wolf developers"),
                        "developers", developers,
                        "website", "https://littlewolf.github.io/",
                        "issue-url", "https://github.com/littlewolf/LittleWolf/issues",
                        /* TRANSLATORS: put your names here, one per line */
                        "translator-credits", _("translator-credits"),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "copyright", "© 2026 The Little Wolf developers",
                        NULL);
  /* TRANSLATORS: the heading of the credits for the game rules */
  adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about), _("Rules"), rules);
  gtk_window_present (GTK_WINDOW (about));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  lw_preferences_window_new (gtk_application_get_active_window (GTK_APPLICATION (user_data)));
}

/* The style follows the "color-scheme" key (AdwStyleManager). */
static void
apply_color_scheme (GSettings  *settings,
                    const char *key,
                    gpointer    user_data)
{
  static const AdwColorScheme schemes[] = {
    ADW_COLOR_SCHEME_DEFAULT, ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK,
  };
  int value = g_settings_get_enum (settings, "color-scheme");

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      schemes[CLAMP (value, 0, (int) G_N_ELEMENTS (schemes) - 1)]);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static const GActionEntry app_actions[] = {
  { "about", about_action },
  { "preferences", preferences_action },
  { "quit", quit_action },
};

static void
read_icon_theme_thread (GTask        *task,
                        gpointer      source_object,
                        gpointer      task_data,
                        GCancellable *cancellable)
{
  /* The icon theme locks itself; the lookup loads its index if needed. */
  gtk_icon_theme_has_icon (task_data, "open-menu-symbolic");

  /* Symbolic icons are SVG: loading a first one here loads the SVG
   * reader (a library of its own) off the main thread. */
  {
    static const char svg[] =
      "<svg xmlns='http://www.w3.org/2000/svg' width='16' height='16'><rect width='16' height='16'/></svg>";
    g_autoptr (GdkPixbufLoader) loader = gdk_pixbuf_loader_new_with_type ("svg", NULL);

    if (loader != NULL)
      {
        gdk_pixbuf_loader_write (loader, (const guchar *) svg, sizeof svg - 1, NULL);
        gdk_pixbuf_loader_close (loader, NULL);
      }
  }
}

static void
lw_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *preferences_accels[] = { "<Control>comma", NULL };
  GSettings *settings;

  /* Making the font map starts fontconfig's set-up in a thread of Pango's
   * own; begun before GTK's and Adwaita's, it is ready by the time the
   * window's first text is measured. */
  pango_cairo_font_map_get_default ();

  G_APPLICATION_CLASS (lw_application_parent_class)->startup (app);

  /* The icon theme's index files take a while to read; a thread reads
   * them while the window is being built, so that the header bar's first
   * icon does not wait for them. */
  if (gdk_display_get_default () != NULL)
    {
      g_autoptr (GTask) task = g_task_new (app, NULL, NULL, NULL);

      g_task_set_task_data (task, g_object_ref (gtk_icon_theme_get_for_display (gdk_display_get_default ())),
                            g_object_unref);
      g_task_run_in_thread (task, read_icon_theme_thread);
    }

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences", preferences_accels);

  settings = lw_settings_get ();
  if (settings != NULL)
    {
      apply_color_scheme (settings, "color-scheme", NULL);
      g_signal_connect (settings, "changed::color-scheme", G_CALLBACK (apply_color_scheme), NULL);
    }
}

static void
lw_application_class_init (LwApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->handle_local_options = lw_application_handle_local_options;
  app_class->command_line = lw_application_command_line;
  app_class->activate = lw_application_activate;
  app_class->startup = lw_application_startup;
}

static void
lw_application_init (LwApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), NULL);
}
