/* lw-club-page.c — Preferences → Club (docs/CLUB-SERVER.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-club-page.h"
#include "lw-club.h"

typedef struct {
  LwStore      *store;   /* owned */
  AdwActionRow *row;     /* borrowed: the page's */
  GtkWidget    *button;  /* borrowed */
} ClubPage;

static void
club_page_free (ClubPage *club)
{
  g_clear_object (&club->store);
  g_free (club);
}

/* The row's subtitle and the button, as the database says now. */
static void
refresh (ClubPage *club)
{
  g_autoptr (LwClubState) state = lw_store_club_get_state (club->store, TRUE, NULL);
  g_autofree char *subtitle = NULL;

  gtk_widget_set_sensitive (club->button, state != NULL);
  if (state == NULL)
    {
      adw_action_row_set_subtitle (club->row,
                                   /* TRANSLATORS: Preferences → Club when the database has not joined a club server */
                                   _("This database is no club laptop: littlewolf-cli club join makes it one"));
      return;
    }
  if (MAX (state->pushed_at, state->pulled_at) > 0)
    {
      g_autoptr (GDateTime) utc = g_date_time_new_from_unix_utc (MAX (state->pushed_at, state->pulled_at));
      g_autoptr (GDateTime) local = g_date_time_to_local (utc);
      g_autofree char *when = g_date_time_format (local, "%Y-%m-%d %H:%M");

      /* TRANSLATORS: Preferences → Club: the time of the last sync, then how many games wait */
      subtitle = g_strdup_printf (_("Last sync: %s · Waiting to be sent: %u"), when,
                                  (guint) (state->waiting + state->waiting_deletions));
    }
  else
    /* TRANSLATORS: Preferences → Club: how many games wait to be sent */
    subtitle = g_strdup_printf (_("Never synced · Waiting to be sent: %u"),
                                (guint) (state->waiting + state->waiting_deletions));
  adw_action_row_set_subtitle (club->row, subtitle);
}

static void
sync_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  LwStore *store = data;
  LwClubSyncResult *result = g_new0 (LwClubSyncResult, 1);
  GError *error = NULL;

  if (lw_club_sync (store, result, &error))
    g_task_return_pointer (task, result, g_free);
  else
    {
      g_free (result);
      g_task_return_error (task, error);
    }
}

static void
sync_done (GObject      *source,
           GAsyncResult *async,
           gpointer      data)
{
  GtkWidget *page = GTK_WIDGET (source);
  ClubPage *club = g_object_get_data (G_OBJECT (page), "lw-club");
  g_autoptr (GError) error = NULL;
  g_autofree LwClubSyncResult *result = g_task_propagate_pointer (G_TASK (async), &error);
  g_autofree char *message = NULL;
  GtkRoot *root = gtk_widget_get_root (page);

  refresh (club);
  if (result != NULL)
    /* TRANSLATORS: a toast after Preferences → Club → Sync Now */
    message = g_strdup_printf (_("Synced: sent %u, received %u"), result->pushed + result->deleted,
                               result->pulled);
  else
    message = g_strdup (error->message);
  if (ADW_IS_PREFERENCES_WINDOW (root))
    adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (root), adw_toast_new (message));
}

static void
sync_clicked_cb (GtkButton *button,
                 GtkWidget *page)
{
  ClubPage *club = g_object_get_data (G_OBJECT (page), "lw-club");
  g_autoptr (GError) error = NULL;
  /* The sync's own connection: a connection is used by one thread at a time. */
  LwStore *other = lw_store_open_another (club->store, 5000, &error);
  g_autoptr (GTask) task = NULL;

  if (other == NULL)
    {
      adw_action_row_set_subtitle (club->row, error->message);
      return;
    }
  gtk_widget_set_sensitive (club->button, FALSE);
  /* TRANSLATORS: Preferences → Club while a sync runs */
  adw_action_row_set_subtitle (club->row, _("Syncing…"));
  task = g_task_new (page, NULL, sync_done, NULL);
  g_task_set_task_data (task, other, g_object_unref);
  g_task_run_in_thread (task, sync_thread);
}

GtkWidget *
lw_club_page_new (LwStore *store)
{
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *group = adw_preferences_group_new ();
  ClubPage *club = g_new0 (ClubPage, 1);

  g_return_val_if_fail (LW_IS_STORE (store), NULL);

  club->store = g_object_ref (store);
  /* TRANSLATORS: the Preferences page of the club server */
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("Club"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page), "network-server-symbolic");
  adw_preferences_page_set_name (ADW_PREFERENCES_PAGE (page), "club");
  /* TRANSLATORS: the group heading of Preferences → Club */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Club Server"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         /* TRANSLATORS: below the heading of Preferences → Club */
                                         _("Games shared with the club's other laptops through its PostgreSQL server. "
                                           "Other laptops' games are read-only here."));
  club->row = ADW_ACTION_ROW (adw_action_row_new ());
  /* TRANSLATORS: Preferences → Club: the row of the sync's state */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (club->row), _("Sync"));
  /* TRANSLATORS: Preferences → Club: the button that syncs at once */
  club->button = gtk_button_new_with_mnemonic (_("Sync _Now"));
  gtk_widget_set_valign (club->button, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (club->row, club->button);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (club->row));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
  g_object_set_data_full (G_OBJECT (page), "lw-club", club, (GDestroyNotify) club_page_free);
  g_signal_connect (club->button, "clicked", G_CALLBACK (sync_clicked_cb), page);
  refresh (club);
  return page;
}

AdwActionRow *
lw_club_page_get_row (GtkWidget *page)
{
  ClubPage *club = g_object_get_data (G_OBJECT (page), "lw-club");

  g_return_val_if_fail (club != NULL, NULL);
  return club->row;
}
