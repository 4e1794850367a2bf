/* lw-window.c — a window on one database: the games, a new game, a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-events-page.h"
#include "lw-game-page.h"
#include "lw-games-page.h"
#include "lw-leaderboard-page.h"
#include "lw-new-game-page.h"
#include "lw-print.h"
#include "lw-stats-page.h"
#include "lw-store-table.h"
#include "lw-table-page.h"
#include "lw-window.h"
#include "lw-store-watch.h"
#include "lw-settings.h"

struct _LwWindow
{
  AdwApplicationWindow parent_instance;

  /* template widgets */
  AdwToastOverlay *toast_overlay;
  AdwLeaflet *leaflet;
  LwGamesPage *games_page;
  AdwViewSwitcherBar *switcher_bar;

  /* borrowed: made when first needed, held by the leaflet */
  LwNewGamePage *new_game_page;
  LwGamePage *game_page;
  LwStatsPage *stats_page;
  LwTablePage *table_page;
  LwEventsPage *events_page;
  LwLeaderboardPage *leaderboard_page;

  /* owned */
  AdwViewStack *sections;     /* the app's sections, for the switchers only: the
                               * pages themselves live in the leaflet */
  LwStore *store;
  LwStoreWatch *watch;        /* tells the pages what changed in @store */
  GCancellable *cancellable;
  GtkFileChooserNative *chooser;
  GHashTable *changed_games;  /* gint64* ID → itself: to read again on the start page */

  AdwViewSwitcherTitle *switcher_titles[4]; /* borrowed: in each section's header */

  guint busy : 1;
  guint syncing_sections : 1; /* the leaflet is being followed by the switchers */
  guint reload_games : 1;     /* read every game again on the start page */
  guint game_from_event : 1;  /* the game shown is an event table's: Back returns to the event */
};

G_DEFINE_FINAL_TYPE (LwWindow, lw_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_STORE,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

LwWindow *
lw_window_new (LwApplication *application,
               LwStore       *store)
{
  return g_object_new (LW_TYPE_WINDOW,
                       "application", application,
                       "store", store,
                       NULL);
}

LwStore *
lw_window_get_store (LwWindow *self)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), NULL);

  return self->store;
}

gboolean
lw_window_get_busy (LwWindow *self)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), FALSE);

  return self->busy;
}

static void
lw_window_set_busy (LwWindow *self,
                    gboolean  busy)
{
  busy = !!busy;
  if (self->busy == busy)
    return;

  self->busy = busy;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import", !busy);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

const char *
lw_window_get_visible_page (LwWindow *self)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), NULL);

  return adw_leaflet_get_visible_child_name (self->leaflet);
}

LwGamesPage *
lw_window_get_games_page (LwWindow *self)
{
  return self->games_page;
}

/* The app's sections, reachable at a glance: Games, Events, Players and
 * Leaderboard, in this order (Ctrl+1…4). */
static const struct {
  const char *name;
  const char *title;
  const char *icon;
} sections[] = {
  { "games", N_("Games"), "view-list-symbolic" },
  { "events", N_("Events"), "x-office-calendar-symbolic" },
  { "players", N_("Players"), "system-users-symbolic" },
  { "leaderboard", N_("Leaderboard"), "starred-symbolic" },
};

static int
section_index (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    if (g_strcmp0 (sections[i].name, name) == 0)
      return (int) i;
  return -1;
}

/* The first header bar inside @widget, depth first: a page's own. */
static AdwHeaderBar *
find_header_bar (GtkWidget *widget)
{
  if (ADW_IS_HEADER_BAR (widget))
    return ADW_HEADER_BAR (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwHeaderBar *found = find_header_bar (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The bar at the bottom shows the sections when a section is shown and
 * its header is too narrow for the switcher (GNOME's pattern for
 * AdwViewSwitcherTitle). */
static void
update_switcher_bar (LwWindow *self)
{
  int index = section_index (lw_window_get_visible_page (self));
  gboolean reveal = FALSE;

  /* Only while the section's own header is on screen: an event opened
   * in a narrow window has its own header and views. */
  if (index >= 0 && self->switcher_titles[index] != NULL)
    reveal = adw_view_switcher_title_get_title_visible (self->switcher_titles[index])
             && gtk_widget_get_mapped (GTK_WIDGET (self->switcher_titles[index]));
  adw_view_switcher_bar_set_reveal (self->switcher_bar, reveal);
}

static void
title_visible_cb (LwWindow *self)
{
  update_switcher_bar (self);
}

/* A section's page gets the switcher in its header, in place of its
 * title, which the switcher shows when it is too narrow (the page keeps
 * setting its own title and subtitle: they are followed). */
static void
add_section_switcher (LwWindow   *self,
                      GtkWidget  *page,
                      const char *name)
{
  int index = section_index (name);
  AdwHeaderBar *header;
  GtkWidget *title;
  AdwViewSwitcherTitle *switcher;

  if (index < 0 || self->switcher_titles[index] != NULL)
    return;
  header = find_header_bar (page);
  if (header == NULL)
    return;

  switcher = ADW_VIEW_SWITCHER_TITLE (adw_view_switcher_title_new ());
  adw_view_switcher_title_set_stack (switcher, self->sections);
  title = adw_header_bar_get_title_widget (header);
  if (ADW_IS_WINDOW_TITLE (title))
    {
      g_object_bind_property (title, "title", switcher, "title", G_BINDING_SYNC_CREATE);
      g_object_bind_property (title, "subtitle", switcher, "subtitle", G_BINDING_SYNC_CREATE);
    }
  else
    adw_view_switcher_title_set_title (switcher, _("Little Wolf"));
  adw_header_bar_set_title_widget (header, GTK_WIDGET (switcher));
  g_signal_connect_object (switcher, "notify::title-visible", G_CALLBACK (title_visible_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (switcher, "map", G_CALLBACK (title_visible_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (switcher, "unmap", G_CALLBACK (title_visible_cb), self, G_CONNECT_SWAPPED);
  self->switcher_titles[index] = switcher;
}

/* A page made when first needed (so that the window's first frame waits
 * only for the start page): @set_store gives it the window's store, and it
 * is added to the leaflet under @name. */
typedef void (*SetStoreFunc) (gpointer page, LwStore *store);

static gpointer
add_page (LwWindow     *self,
          GType         type,
          const char   *name,
          GCallback     set_store)
{
  GtkWidget *widget = g_object_new (type, NULL);
  AdwLeafletPage *page;

  ((SetStoreFunc) (void (*) (void)) set_store) (widget, self->store);
  page = adw_leaflet_append (self->leaflet, widget);
  adw_leaflet_page_set_name (page, name);
  add_section_switcher (self, widget, name);
  return widget;
}

static LwNewGamePage *
ensure_new_game_page (LwWindow *self)
{
  if (self->new_game_page == NULL)
    {
      AdwLeafletPage *page;

      self->new_game_page = g_object_new (LW_TYPE_NEW_GAME_PAGE, NULL);
      lw_new_game_page_set_store (self->new_game_page, self->store);
      page = adw_leaflet_insert_child_after (self->leaflet, GTK_WIDGET (self->new_game_page),
                                             GTK_WIDGET (self->games_page));
      adw_leaflet_page_set_name (page, "new-game");
    }
  return self->new_game_page;
}

static LwGamePage *
ensure_game_page (LwWindow *self)
{
  if (self->game_page == NULL)
    self->game_page = add_page (self, LW_TYPE_GAME_PAGE, "game", G_CALLBACK (lw_game_page_set_store));
  return self->game_page;
}

static LwTablePage *
ensure_table_page (LwWindow *self)
{
  if (self->table_page == NULL)
    self->table_page = add_page (self, LW_TYPE_TABLE_PAGE, "table", G_CALLBACK (lw_table_page_set_store));
  return self->table_page;
}

LwTablePage *
lw_window_get_table_page (LwWindow *self)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), NULL);

  return ensure_table_page (self);
}

static LwStatsPage *
ensure_stats_page (LwWindow *self)
{
  if (self->stats_page == NULL)
    self->stats_page = add_page (self, LW_TYPE_STATS_PAGE, "players", G_CALLBACK (lw_stats_page_set_store));
  return self->stats_page;
}

static LwEventsPage *
ensure_events_page (LwWindow *self)
{
  if (self->events_page == NULL)
    self->events_page = add_page (self, LW_TYPE_EVENTS_PAGE, "events", G_CALLBACK (lw_events_page_set_store));
  return self->events_page;
}

static LwLeaderboardPage *
ensure_leaderboard_page (LwWindow *self)
{
  if (self->leaderboard_page == NULL)
    self->leaderboard_page = add_page (self, LW_TYPE_LEADERBOARD_PAGE, "leaderboard", G_CALLBACK (lw_leaderboard_page_set_store));
  return self->leaderboard_page;
}

LwEventsPage *
lw_window_get_events_page (LwWindow *self)
{
  return ensure_events_page (self);
}

LwLeaderboardPage *
lw_window_get_leaderboard_page (LwWindow *self)
{
  return ensure_leaderboard_page (self);
}

LwStatsPage *
lw_window_get_stats_page (LwWindow *self)
{
  return ensure_stats_page (self);
}

LwNewGamePage *
lw_window_get_new_game_page (LwWindow *self)
{
  return ensure_new_game_page (self);
}

LwGamePage *
lw_window_get_game_page (LwWindow *self)
{
  return ensure_game_page (self);
}

AdwToast *
lw_window_add_toast (LwWindow   *self,
                     const char *title)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), NULL);

  return lw_widget_add_toast (GTK_WIDGET (self->toast_overlay), title);
}

static void
show_error (LwWindow   *self,
            const char *heading,
            const char *body)
{
  g_autofree char *text = lw_message_capitalize (body);
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, text);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Marks a game as changed (edited, added, deleted or restored): the start
 * page reads it again when next shown. */
static void
note_game_changed (LwWindow *self,
                   gint64    id)
{
  g_hash_table_add (self->changed_games, g_memdup2 (&id, sizeof id));
}

/* The start page: only the games changed since it was last shown are read
 * again, unless everything may have changed (a restore). */
static void
show_games (LwWindow *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = TRUE;

  /* What this window wrote, and what another program (littlewolf-cli
   * import, say) wrote to the file: the watch's signals note it. */
  lw_store_watch_flush (self->watch);
  lw_store_watch_check (self->watch);

  if (self->reload_games)
    ok = lw_games_page_reload (self->games_page, &error);
  else
    {
      GHashTableIter iter;
      gint64 *id;

      g_hash_table_iter_init (&iter, self->changed_games);
      while (ok && g_hash_table_iter_next (&iter, (gpointer *) &id, NULL))
        ok = lw_games_page_refresh_game (self->games_page, *id, &error);
    }
  g_hash_table_remove_all (self->changed_games);
  self->reload_games = FALSE;

  if (!ok)
    {
      g_autofree char *message = lw_message_capitalize (error->message);

      lw_window_add_toast (self, message);
    }

  adw_leaflet_set_visible_child_name (self->leaflet, "games");
}

void
lw_window_reload_game (LwWindow *self,
                       gint64    id)
{
  g_return_if_fail (LW_IS_WINDOW (self));

  /* Written through this window's connection, or through another one:
   * the watch tells the views either way. */
  note_game_changed (self, id);
  lw_store_watch_flush (self->watch);
  lw_store_watch_check (self->watch);
}

/* The watch's signals, for the start page: which games to read again (a
 * game added or deleted is one of them: its row comes or goes). */
static void
watch_game_changed_cb (LwStoreWatch *watch,
                       gint64        id,
                       LwWindow     *self)
{
  /* 0 is a row that names no game (seats, locks): each such change also
   * changes the game's own row, told with its ID. */
  if (id > 0)
    note_game_changed (self, id);
}

static void
watch_all_changed_cb (LwStoreWatch *watch,
                      LwWindow     *self)
{
  self->reload_games = TRUE;
}

/* Other programs' writes are looked for while the window is active, and
 * at once when it becomes active again. */
static void
active_changed_cb (LwWindow *self)
{
  gboolean active = gtk_window_is_active (GTK_WINDOW (self));

  lw_store_watch_set_polling (self->watch, active);
  if (active)
    lw_store_watch_check (self->watch);
}

gboolean
lw_window_open_game (LwWindow  *self,
                     gint64     id,
                     GError   **error)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), FALSE);

  /* A game at the virtual table opens at the table, where it was left. */
  if (lw_store_has_table (self->store, id))
    {
      if (!lw_table_page_load (ensure_table_page (self), id, error))
        return FALSE;
      note_game_changed (self, id);
      adw_leaflet_set_visible_child_name (self->leaflet, "table");
      gtk_widget_grab_focus (GTK_WIDGET (lw_table_page_get_view (self->table_page)));
      return TRUE;
    }

  if (!lw_game_page_load (ensure_game_page (self), id, error))
    return FALSE;
  note_game_changed (self, id);
  self->game_from_event = FALSE;

  adw_leaflet_set_visible_child_name (self->leaflet, "game");
  lw_game_page_focus_form (self->game_page);

  return TRUE;
}

static void
show_too_large (LwWindow *self,
                GFile    *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  /* TRANSLATORS: %s is a file name */
  heading = g_strdup_printf (_("Could Not Import “%s”"), basename);
  /* TRANSLATORS: %u is a size in MiB */
  body = g_strdup_printf (_("The file is larger than %u MiB, far too large for a game record."),
                          (guint) (LW_GAME_RECORD_MAX_BYTES / (1024 * 1024)));
  show_error (self, heading, body);
}

/* Opens the game just imported and says so. */
static void
open_imported (LwWindow   *self,
               gint64      id,
               const char *heading,
               const char *basename)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;

  if (!lw_window_open_game (self, id, &error))
    {
      show_error (self, heading, error->message);
      return;
    }
  /* TRANSLATORS: %s is a file name */
  message = g_strdup_printf (_("Imported “%s”"), basename);
  lw_window_add_toast (self, message);
}

static void
duplicate_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       gpointer          user_data)
{
  LwWindow *self = user_data;
  const LwGameRecord *record = g_object_get_data (G_OBJECT (dialog), "lw-record");
  const char *heading = g_object_get_data (G_OBJECT (dialog), "lw-heading");
  const char *basename = g_object_get_data (G_OBJECT (dialog), "lw-basename");
  const gint64 *same = g_object_get_data (G_OBJECT (dialog), "lw-same");

  if (g_str_equal (response, "open"))
    {
      g_autoptr (GError) error = NULL;

      if (!lw_window_open_game (self, *same, &error))
        show_error (self, heading, error->message);
    }
  else if (g_str_equal (response, "new"))
    {
      g_autoptr (GError) error = NULL;
      gint64 again = 0;
      gint64 id = lw_store_import_game (self->store, record, TRUE, &again, &error);

      if (id <= 0)
        show_error (self, heading, error != NULL ? error->message : _("The game could not be stored."));
      else
        open_imported (self, id, heading, basename);
    }
}

/* GAME-RECORD.md "Identity": the record is already stored as game @same;
 * the user chooses. */
static void
ask_duplicate (LwWindow     *self,
               LwGameRecord *record,
               gint64        same,
               const char   *heading,
               const char   *basename)
{
  GtkWidget *dialog;
  g_autofree char *body = NULL;

  /* TRANSLATORS: %s is a file name, %ld the ID of the stored game */
  body = g_strdup_printf (_("“%s” holds a game that is already stored as game %ld. Import it again "
                            "as a new game, with an identity of its own?"), basename, (long) same);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("This Game Is Already Stored"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "new", _("Import as a _New Game"),
                                    "open", _("_Open It"),
                                    NULL);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "open");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "open",
                                              ADW_RESPONSE_SUGGESTED);
  g_object_set_data_full (G_OBJECT (dialog), "lw-record", record, (GDestroyNotify) lw_game_record_free);
  g_object_set_data_full (G_OBJECT (dialog), "lw-heading", g_strdup (heading), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "lw-basename", g_strdup (basename), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "lw-same", g_memdup2 (&same, sizeof same), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (duplicate_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
import_loaded_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr (LwWindow) self = user_data;
  GFile *file = G_FILE (object);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *heading = NULL;
  gsize length = 0;
  gint64 id, same = 0;

  /* TRANSLATORS: %s is a file name */
  heading = g_strdup_printf (_("Could Not Import “%s”"), basename);

  if (!g_file_load_contents_finish (file, result, &contents, &length, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          lw_window_set_busy (self, FALSE);
          show_error (self, heading, error->message);
        }
      return;
    }

  lw_window_set_busy (self, FALSE);

  if (length > LW_GAME_RECORD_MAX_BYTES)
    {
      show_too_large (self, file);
      return;
    }

  if (!g_utf8_validate (contents, length, NULL))
    {
      show_error (self, heading, _("The file is not UTF-8 text, so it is not a game record."));
      return;
    }

  record = lw_game_record_from_json (contents, length, &error);
  if (record == NULL)
    {
      show_error (self, heading, error->message);
      return;
    }

  id = lw_store_import_game (self->store, record, FALSE, &same, &error);
  if (same > 0)
    {
      ask_duplicate (self, g_steal_pointer (&record), same, heading, basename);
      return;
    }
  if (id <= 0)
    {
      show_error (self, heading, error != NULL ? error->message : _("The game could not be stored."));
      return;
    }
  open_imported (self, id, heading, basename);
}

/* The size is looked at first: a huge file is refused without reading it. */
static void
import_sized_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (LwWindow) self = user_data;
  GFile *file = G_FILE (object);
  g_autoptr (GFileInfo) info = g_file_query_info_finish (file, result, NULL);

  if (g_cancellable_is_cancelled (self->cancellable))
    return;
  if (info != NULL
      && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE)
      && g_file_info_get_size (info) > LW_GAME_RECORD_MAX_BYTES)
    {
      lw_window_set_busy (self, FALSE);
      show_too_large (self, file);
      return;
    }
  /* Not known (a pipe, say): the length is checked once read. The
   * cancellable is read before the reference is handed on: the order in
   * which arguments are evaluated is not fixed. */
  {
    GCancellable *cancellable = self->cancellable;

    g_file_load_contents_async (file, cancellable, import_loaded_cb, g_steal_pointer (&self));
  }
}

void
lw_window_import_file (LwWindow *self,
                       GFile    *file)
{
  g_return_if_fail (LW_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  lw_window_set_busy (self, TRUE);
  g_file_query_info_async (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                           G_PRIORITY_DEFAULT, self->cancellable, import_sized_cb, g_object_ref (self));
}

static void
chooser_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     gpointer         user_data)
{
  LwWindow *self = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file != NULL)
        lw_window_import_file (self, file);
    }

  g_clear_object (&self->chooser);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  LwWindow *self = LW_WINDOW (widget);
  g_autoptr (GtkFileFilter) records = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
      return;
    }

  self->chooser = gtk_file_chooser_native_new (_("Import a Game Record"),
                                               GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN,
                                               _("_Import"),
                                               _("_Cancel"));
  gtk_file_filter_set_name (records, _("Game records (JSON)"));
  gtk_file_filter_add_mime_type (records, "application/json");
  gtk_file_filter_add_suffix (records, "json");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), records);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), all);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
import_file_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (parameter, NULL));

  lw_window_import_file (LW_WINDOW (widget), file);
}

/* ------------------------------------------------------------------ */
/* Score sheet (CSV), backup and restore                                */
/* ------------------------------------------------------------------ */

gboolean
lw_window_export_csv_to (LwWindow  *self,
                         gint64     id,
                         GFile     *file,
                         GError   **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autofree char *csv = NULL;

  g_return_val_if_fail (LW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  game = lw_store_load_game (self->store, id, error);
  if (game == NULL)
    return FALSE;
  standings = lw_standings_compute (game->record, error);
  if (standings == NULL)
    return FALSE;
  csv = lw_csv_score_sheet (game->record, standings);

  return g_file_replace_contents (file, csv, strlen (csv), NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

static void
save_chooser_response_cb (GtkNativeDialog *dialog,
                          int              response,
                          gpointer         user_data)
{
  LwWindow *self = user_data;
  const char *what = g_object_get_data (G_OBJECT (dialog), "lw-what");
  const gint64 *id = g_object_get_data (G_OBJECT (dialog), "lw-game-id");
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

  if (file != NULL && g_strcmp0 (what, "csv") == 0 && id != NULL)
    {
      if (lw_window_export_csv_to (self, *id, file, &error))
        lw_window_add_toast (self, _("Score sheet saved"));
      else
        show_error (self, _("Could Not Save the Score Sheet"), error->message);
    }
  else if (file != NULL && g_strcmp0 (what, "backup") == 0)
    {
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL && lw_store_backup_to (self->store, path, &error))
        lw_window_add_toast (self, _("Backup saved"));
      else
        show_error (self, _("Could Not Back Up the Scores"),
                    error != NULL ? error->message : _("The backup must be a local file."));
    }
  else if (file != NULL && g_strcmp0 (what, "restore") == 0)
    {
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        lw_window_confirm_restore (self, path);
    }

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

/* The files a restore reads: the app's backups (little-wolf-backup-DATE
 * .sqlite3), the copies the store keeps before a migration (PATH.vN.bak,
 * PATH.vN.K.bak) or a restore (PATH.before-restore-TIME.bak); any file
 * too, since any Little Wolf database can be restored. */
static void
add_backup_filters (GtkFileChooser *chooser)
{
  g_autoptr (GtkFileFilter) backups = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  /* TRANSLATORS: a file chooser's filter: the files a restore reads */
  gtk_file_filter_set_name (backups, _("Backups (.bak, .sqlite3)"));
  gtk_file_filter_add_suffix (backups, "bak");
  gtk_file_filter_add_suffix (backups, "sqlite3");
  gtk_file_filter_add_suffix (backups, "sqlite");
  gtk_file_filter_add_mime_type (backups, "application/vnd.sqlite3");
  gtk_file_chooser_add_filter (chooser, backups);
  /* TRANSLATORS: a file chooser's filter */
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, all);
  gtk_file_chooser_set_filter (chooser, backups);
}

static void
run_chooser (LwWindow             *self,
             const char           *what,
             const char           *title,
             GtkFileChooserAction  action,
             const char           *accept,
             const char           *suggested_name,
             const char           *mime,
             const char           *suffix,
             gint64                id)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, accept, _("_Cancel"));
  if (suggested_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested_name);
  if (mime != NULL)
    {
      g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

      gtk_file_filter_add_mime_type (filter, mime);
      gtk_file_filter_add_suffix (filter, suffix);
      gtk_file_filter_set_name (filter, title);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
    }
  if (g_str_equal (what, "restore"))
    add_backup_filters (GTK_FILE_CHOOSER (chooser));
  g_object_set_data (G_OBJECT (chooser), "lw-what", (gpointer) what);
  g_object_set_data_full (G_OBJECT (chooser), "lw-game-id", g_memdup2 (&id, sizeof id), g_free);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (save_chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export_csv_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LwWindow *self = LW_WINDOW (widget);
  gint64 id = g_variant_get_int64 (parameter);
  g_autofree char *name = NULL;

  /* TRANSLATORS: the suggested file name of a game's score sheet; %ld is the game's ID */
  name = g_strdup_printf (_("little-wolf-game-%ld.csv"), (long) id);
  run_chooser (self, "csv", _("Export the Score Sheet"), GTK_FILE_CHOOSER_ACTION_SAVE,
               _("_Export"), name, "text/csv", "csv", id);
}

static void
backup_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *name = NULL;

  /* TRANSLATORS: the suggested file name of a backup; %s is today's date */
  name = g_strdup_printf (_("little-wolf-backup-%s.sqlite3"), date);
  run_chooser (LW_WINDOW (widget), "backup", _("Back Up the Scores"), GTK_FILE_CHOOSER_ACTION_SAVE,
               _("_Save"), name, "application/vnd.sqlite3", "sqlite3", 0);
}

static void
restore_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  run_chooser (LW_WINDOW (widget), "restore", _("Restore the Scores From a Backup"),
               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Restore…"), NULL, NULL, NULL, 0);
}

/* Everything shown came from the old contents. */
static void
show_restored (LwWindow *self)
{
  lw_store_watch_emit_all (self->watch);
  self->reload_games = TRUE;
  show_games (self);
}

gboolean
lw_window_restore_from (LwWindow    *self,
                        const char  *path,
                        GError     **error)
{
  g_return_val_if_fail (LW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!lw_store_restore_from (self->store, path, error))
    return FALSE;
  show_restored (self);
  return TRUE;
}

/* "win.undo-restore" (s): the safety copy a restore made is restored. */
static void
undo_restore_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LwWindow *self = LW_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!lw_window_restore_from (self, g_variant_get_string (parameter, NULL), &error))
    {
      show_error (self, _("Could Not Restore the Scores"), error->message);
      return;
    }
  /* TRANSLATORS: a toast after Undo Restore */
  lw_window_add_toast (self, _("Scores back as they were before the restore"));
}

static void
restore_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     gpointer          user_data)
{
  LwWindow *self = LW_WINDOW (user_data);
  const char *path = g_object_get_data (G_OBJECT (dialog), "lw-path");
  const char *safety = g_object_get_data (G_OBJECT (dialog), "lw-safety-copy");
  g_autoptr (GError) error = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *message = NULL;
  AdwToast *toast;

  if (path == NULL || safety == NULL || g_strcmp0 (response, "restore") != 0)
    return;

  if (!lw_store_restore_keeping_copy (self->store, path, safety, &error))
    {
      show_error (self, _("Could Not Restore the Scores"), error->message);
      return;
    }
  show_restored (self);

  basename = g_path_get_basename (safety);
  /* TRANSLATORS: a toast after a restore; %s is the file name of the copy of the scores replaced */
  message = g_strdup_printf (_("Scores restored. The scores before are in “%s”"), basename);
  toast = lw_window_add_toast (self, message);
  /* TRANSLATORS: the button of the toast after a restore */
  adw_toast_set_button_label (toast, _("_Undo Restore"));
  adw_toast_set_action_target_value (toast, g_variant_new_string (safety));
  adw_toast_set_action_name (toast, "win.undo-restore");
  adw_toast_set_timeout (toast, 10);
}

void
lw_window_confirm_restore (LwWindow   *self,
                           const char *path)
{
  g_autofree char *basename = g_path_get_basename (path);
  g_autofree char *safety = NULL;
  g_autofree char *safety_name = NULL;
  g_autofree char *safety_dir = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  g_return_if_fail (LW_IS_WINDOW (self));

  safety = lw_store_new_safety_copy_path (self->store);
  safety_name = g_path_get_basename (safety);
  safety_dir = g_path_get_dirname (safety);
  /* TRANSLATORS: %1$s is the backup's file name; %2$s the file name of the copy made first, %3$s its folder */
  body = g_strdup_printf (_("Every game now stored is replaced by the games in “%1$s”.\n\n"
                            "First the scores now stored are copied to “%2$s” in %3$s: "
                            "restoring that file goes back."),
                          basename, safety_name, safety_dir);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Restore the Scores From the Backup?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "lw-path", g_strdup (path), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "lw-safety-copy", g_steal_pointer (&safety), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (restore_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The keyboard shortcuts window is built when first asked for, not with
 * the main window (as GtkApplication would from gtk/help-overlay.ui). */
static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  g_autoptr (GtkBuilder) builder =
    gtk_builder_new_from_resource (RESOURCE_PREFIX "/lw-shortcuts-window.ui");
  GtkWindow *shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));

  gtk_window_set_transient_for (shortcuts, GTK_WINDOW (widget));
  gtk_window_present (shortcuts);
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  LwWindow *self = LW_WINDOW (widget);

  lw_new_game_page_reset (ensure_new_game_page (self));
  adw_leaflet_set_visible_child_name (self->leaflet, "new-game");
  lw_new_game_page_focus (self->new_game_page);
}

static void
open_game_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  LwWindow *self = LW_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!lw_window_open_game (self, g_variant_get_int64 (parameter), &error))
    show_error (self, _("Could Not Open the Game"), error->message);
}

/* "win.open-scores" (x): the score sheet of a game, also of one at the
 * virtual table. */
static void
open_scores_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  LwWindow *self = LW_WINDOW (widget);
  gint64 id = g_variant_get_int64 (parameter);
  g_autoptr (GError) error = NULL;

  if (!lw_game_page_load (ensure_game_page (self), id, &error))
    {
      show_error (self, _("Could Not Open the Game"), error->message);
      return;
    }
  note_game_changed (self, id);
  adw_leaflet_set_visible_child_name (self->leaflet, "game");
}

static void
delete_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  LwWindow *self = LW_WINDOW (user_data);
  const gint64 *id = g_object_get_data (G_OBJECT (dialog), "lw-game-id");
  g_autoptr (GError) error = NULL;

  if (id == NULL || g_strcmp0 (response, "delete") != 0)
    return;

  if (!lw_store_delete_game (self->store, *id, &error))
    {
      show_error (self, _("Could Not Delete the Game"), error->message);
      return;
    }

  note_game_changed (self, *id);
  show_games (self);
  lw_toast_offer_restore (lw_window_add_toast (self, _("Game deleted")), GTK_WIDGET (self), self->store, *id);
}

static void
delete_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  LwWindow *self = LW_WINDOW (widget);
  gint64 id = g_variant_get_int64 (parameter);
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *title = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;
  guint n_rounds;

  game = lw_store_load_game (self->store, id, &error);
  if (game == NULL)
    {
      show_error (self, _("Could Not Delete the Game"), error->message);
      return;
    }

  title = lw_sides_title (game->record);
  n_rounds = game->record->rounds->len;
  /* TRANSLATORS: %s names the game by its sides, "Ann vs Ben" */
  heading = g_strdup_printf (_("Delete “%s”?"), title);
  body = g_strdup_printf (game->record->ruleset == LW_RULESET_GARWOLF
                            /* TRANSLATORS: deleting a Garwolf game: what is lost */
                            ? g_dngettext (GETTEXT_PACKAGE,
                                           "The game and its %u hand are deleted for good.",
                                           "The game and its %u hands are deleted for good.", n_rounds)
                            /* TRANSLATORS: deleting a game: what is lost */
                            : g_dngettext (GETTEXT_PACKAGE,
                                           "The game and its %u round are deleted for good.",
                                           "The game and its %u rounds are deleted for good.", n_rounds),
                          n_rounds);

  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "delete", _("_Delete"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "delete",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "lw-game-id", g_memdup2 (&id, sizeof id), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (delete_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_events (LwWindow *self)
{
  LwEventsPage *page = ensure_events_page (self);

  self->game_from_event = FALSE;
  lw_events_page_reload (page);
  adw_leaflet_set_visible_child_name (self->leaflet, "events");
}

static void
show_games_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  LwWindow *self = LW_WINDOW (widget);

  /* Back from an event table's game goes to the event. */
  if (self->game_from_event && g_strcmp0 (lw_window_get_visible_page (self), "game") == 0)
    show_events (self);
  else
    show_games (self);
}

static void
show_events_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  show_events (LW_WINDOW (widget));
}

/* "win.open-event-game" (x): an event table's game, kept with the
 * scorekeeper; Back returns to the event. */
static void
open_event_game_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  LwWindow *self = LW_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!lw_window_open_game (self, g_variant_get_int64 (parameter), &error))
    {
      show_error (self, _("Could Not Open the Game"), error->message);
      return;
    }
  self->game_from_event = TRUE;
}

static void
show_leaderboard_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  LwWindow *self = LW_WINDOW (widget);
  LwLeaderboardPage *page = ensure_leaderboard_page (self);

  lw_leaderboard_page_reload (page);
  adw_leaflet_set_visible_child_name (self->leaflet, "leaderboard");
}

/* "win.game-changed" (x): a game was changed elsewhere (restored from
 * the bin by a toast, say): the start page shows it as it is now. */
static void
game_changed_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LwWindow *self = LW_WINDOW (widget);
  gint64 id = g_variant_get_int64 (parameter);

  if (id > 0)
    note_game_changed (self, id);
  show_games (self);
}

static void
show_players_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  LwWindow *self = LW_WINDOW (widget);
  LwStatsPage *page = ensure_stats_page (self);

  lw_stats_page_show_list (page);
  lw_stats_page_reload (page);
  adw_leaflet_set_visible_child_name (self->leaflet, "players");
}

/* "win.print-blank" (u): a blank score sheet with a column for each of
 * 2–8 sides (other numbers are brought into that range). */
static void
print_blank_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  guint n_sides = CLAMP (g_variant_get_uint32 (parameter), 2, LW_MAX_SEATS);

  lw_print_run (lw_print_blank_sheet_new (n_sides), GTK_WINDOW (widget));
}

/* One of the app's sections, as its menu item shows it. */
static void
show_section (LwWindow   *self,
              const char *name)
{
  switch (section_index (name))
    {
    case 0:
      show_games (self);
      break;
    case 1:
      show_events (self);
      break;
    case 2:
      show_players_action (GTK_WIDGET (self), "win.show-players", NULL);
      break;
    case 3:
      show_leaderboard_action (GTK_WIDGET (self), "win.show-leaderboard", NULL);
      break;
    default:
      g_warning ("no section named “%s”", name);
    }
}

/* "win.show-section" (s): one of the app's sections by name ("games",
 * "events", "players", "leaderboard"), as the switchers and Ctrl+1…4 do. */
static void
show_section_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  show_section (LW_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* The switchers follow the leaflet, and a section picked in a switcher
 * is shown as its menu item or shortcut would show it. */
static void
leaflet_visible_cb (LwWindow *self)
{
  int index = section_index (lw_window_get_visible_page (self));

  if (index >= 0)
    {
      self->syncing_sections = TRUE;
      adw_view_stack_set_visible_child_name (self->sections, sections[index].name);
      self->syncing_sections = FALSE;
    }
  update_switcher_bar (self);
}

static void
sections_visible_cb (LwWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->sections);

  if (self->syncing_sections || name == NULL
      || g_strcmp0 (name, lw_window_get_visible_page (self)) == 0)
    return;
  show_section (self, name);
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         gpointer       user_data)
{
  LwWindow *self = user_data;
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  files = g_value_get_boxed (value);
  if (files == NULL || self->busy)
    return FALSE;

  lw_window_import_file (self, files->data);

  return TRUE;
}

/* A small screen (a phone) gets a window that fits it. */
static void
fit_default_size_to_screen (LwWindow *self)
{
  GListModel *monitors = gdk_display_get_monitors (gtk_widget_get_display (GTK_WIDGET (self)));
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  /* The size it had when last closed (GSettings), if any. */
  if (lw_settings_get_int ("window-width", 0) > 0 && lw_settings_get_int ("window-height", 0) > 0)
    {
      width = MAX (lw_settings_get_int ("window-width", 0), 360);
      height = MAX (lw_settings_get_int ("window-height", 0), 400);
    }
  if (lw_settings_get_boolean ("window-maximized", FALSE))
    gtk_window_maximize (GTK_WINDOW (self));

  for (guint i = 0; i < g_list_model_get_n_items (monitors); i++)
    {
      g_autoptr (GdkMonitor) monitor = g_list_model_get_item (monitors, i);
      GdkRectangle geometry;

      gdk_monitor_get_geometry (monitor, &geometry);
      if (geometry.width > 0 && geometry.width < width)
        width = geometry.width;
      if (geometry.height > 0 && geometry.height < height)
        height = geometry.height;
    }

  gtk_window_set_default_size (GTK_WINDOW (self), width, height);
}

/* Its size is kept for the next start (GSettings). */
static gboolean
lw_window_close_request (GtkWindow *window)
{
  GSettings *settings = lw_settings_get ();

  if (settings != NULL)
    {
      int width = 0, height = 0;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_delay (settings);
      if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
        {
          g_settings_set_int (settings, "window-width", width);
          g_settings_set_int (settings, "window-height", height);
        }
      g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (window));
      g_settings_apply (settings);
    }

  return GTK_WINDOW_CLASS (lw_window_parent_class)->close_request (window);
}

static void
lw_window_constructed (GObject *object)
{
  LwWindow *self = LW_WINDOW (object);

  G_OBJECT_CLASS (lw_window_parent_class)->constructed (object);

  fit_default_size_to_screen (self);

  g_assert (self->store != NULL);

  self->watch = lw_store_watch_find (self->store);
  if (self->watch != NULL)
    g_object_ref (self->watch);
  else
    self->watch = lw_store_watch_new (self->store);
  g_signal_connect_object (self->watch, "game-changed", G_CALLBACK (watch_game_changed_cb), self, 0);
  g_signal_connect_object (self->watch, "all-changed", G_CALLBACK (watch_all_changed_cb), self, 0);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (active_changed_cb), NULL);

  lw_games_page_set_store (self->games_page, self->store);

  show_games (self);
}

static void
lw_window_dispose (GObject *object)
{
  LwWindow *self = LW_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  gtk_widget_dispose_template (GTK_WIDGET (self), LW_TYPE_WINDOW);
  if (self->watch != NULL)
    {
      lw_store_watch_set_polling (self->watch, FALSE);
      g_signal_handlers_disconnect_by_data (self->watch, self);
    }
  g_clear_object (&self->watch);

  G_OBJECT_CLASS (lw_window_parent_class)->dispose (object);
}

static void
lw_window_finalize (GObject *object)
{
  LwWindow *self = LW_WINDOW (object);

  g_clear_object (&self->store);
  g_clear_object (&self->sections);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->changed_games, g_hash_table_unref);

  G_OBJECT_CLASS (lw_window_parent_class)->finalize (object);
}

static void
lw_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  LwWindow *self = LW_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lw_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  LwWindow *self = LW_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_set_object (&self->store, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lw_window_class_init (LwWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = lw_window_constructed;
  object_class->dispose = lw_window_dispose;
  object_class->finalize = lw_window_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = lw_window_close_request;
  object_class->get_property = lw_window_get_property;
  object_class->set_property = lw_window_set_property;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         LW_TYPE_STORE,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The other pages are made in code when first shown. */
  g_type_ensure (LW_TYPE_GAMES_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LwWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, LwWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, LwWindow, games_page);
  gtk_widget_class_bind_template_child (widget_class, LwWindow, switcher_bar);

  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_shortcuts_action);
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "win.import-file", "s", import_file_action);
  gtk_widget_class_install_action (widget_class, "win.open-game", "x", open_game_action);
  gtk_widget_class_install_action (widget_class, "win.open-scores", "x", open_scores_action);
  gtk_widget_class_install_action (widget_class, "win.show-games", NULL, show_games_action);
  gtk_widget_class_install_action (widget_class, "win.game-changed", "x", game_changed_action);
  gtk_widget_class_install_action (widget_class, "win.delete-game", "x", delete_game_action);
  gtk_widget_class_install_action (widget_class, "win.export-csv", "x", export_csv_action);
  gtk_widget_class_install_action (widget_class, "win.backup", NULL, backup_action);
  gtk_widget_class_install_action (widget_class, "win.restore", NULL, restore_action);
  gtk_widget_class_install_action (widget_class, "win.undo-restore", "s", undo_restore_action);
  gtk_widget_class_install_action (widget_class, "win.show-players", NULL, show_players_action);
  gtk_widget_class_install_action (widget_class, "win.print-blank", "u", print_blank_action);
  gtk_widget_class_install_action (widget_class, "win.show-events", NULL, show_events_action);
  gtk_widget_class_install_action (widget_class, "win.open-event-game", "x", open_event_game_action);
  gtk_widget_class_install_action (widget_class, "win.show-leaderboard", NULL, show_leaderboard_action);
  gtk_widget_class_install_action (widget_class, "win.show-section", "s", show_section_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.show-help-overlay", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_question, GDK_CONTROL_MASK, "win.show-help-overlay", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new-game", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.import", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.show-games", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_CONTROL_MASK,
                                         "win.show-section", "s", sections[i].name);
}

static void
lw_window_init (LwWindow *self)
{
  GtkDropTarget *target;

  self->cancellable = g_cancellable_new ();
  self->changed_games = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->reload_games = TRUE;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* The sections' stack holds empty pages: it only names the sections
   * for the switchers, which follow the leaflet. */
  self->sections = g_object_ref_sink (ADW_VIEW_STACK (adw_view_stack_new ()));
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      AdwViewStackPage *page = adw_view_stack_add_titled (self->sections,
                                                          gtk_box_new (GTK_ORIENTATION_VERTICAL, 0),
                                                          sections[i].name,
                                                          _(sections[i].title));

      adw_view_stack_page_set_icon_name (page, sections[i].icon);
    }
  adw_view_switcher_bar_set_stack (self->switcher_bar, self->sections);
  add_section_switcher (self, GTK_WIDGET (self->games_page), "games");
  g_signal_connect_object (self->sections, "notify::visible-child-name",
                           G_CALLBACK (sections_visible_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->leaflet, "notify::visible-child-name",
                           G_CALLBACK (leaflet_visible_cb), self, G_CONNECT_SWAPPED);

  target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}
