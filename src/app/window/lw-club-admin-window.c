/* lw-club-admin-window.c — the club admin's window (docs/CLUB-SERVER.md
 * "The roster", "Laptops"), reached from Preferences → Club: the roster's
 * players (Rename…, Merge…), the laptops' merge requests (Accept,
 * Decline) and the club's laptops (their last sync; Change Password…,
 * Revoke…: the owner's), every call to the server on a worker thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-club-admin-window-private.h"
#include "lw-club.h"
#include "lw-widget-actions.h"
#include "lw-words.h"

struct _LwClubAdminWindow
{
  AdwWindow          parent_instance;

  LwStore           *store;
  char              *conninfo;     /* the login the lists are read with */
  GCancellable      *cancellable;  /* the window's server work, cancelled with it */
  GPtrArray         *roster;       /* element-type LwClubRosterEntry: as last read */
  GPtrArray         *origins;      /* element-type LwClubOrigin: as last read */
  GPtrArray         *player_rows;  /* borrowed rows, each with its "lw-uuid" */
  GPtrArray         *request_rows; /* borrowed rows, each with its "lw-id" */
  GPtrArray         *laptop_rows;  /* borrowed rows, each with its "lw-name" */
  guint              busy;         /* jobs under way */
  AdwMessageDialog  *dialog;       /* the rename or merge dialog open */

  /* template widgets */
  AdwToastOverlay   *toasts;
  AdwEntryRow       *conninfo_row;
  AdwActionRow      *status_row;
  GtkSpinner        *spinner;
  AdwPreferencesGroup *roster_group;
  AdwPreferencesGroup *requests_group;
  AdwPreferencesGroup *laptops_group;
};

G_DEFINE_FINAL_TYPE (LwClubAdminWindow, lw_club_admin_window, ADW_TYPE_WINDOW)

/* ---- the server's work, on worker threads -------------------------- */

typedef enum {
  JOB_READ,
  JOB_RENAME,
  JOB_MERGE,
  JOB_DECIDE,
  JOB_REVOKE,
  JOB_PASSWORD,
} JobKind;

/* One call to the server, then the lists read again with the same login;
 * in the worker, everything here is the job's own. */
typedef struct {
  JobKind    kind;
  char      *conninfo;
  char      *player;     /* the entry renamed or merged (UUID), the laptop's name */
  char      *other;      /* its new name, or the entry it is merged into */
  char      *password;   /* a laptop's new password, wiped when freed */
  gint64     request;
  gboolean   accept;
  GError    *refusal;    /* the change's failure (the lists may still be read) */
  GPtrArray *roster;     /* element-type LwClubRosterEntry */
  GPtrArray *requests;   /* element-type LwClubRequest */
  GPtrArray *origins;    /* element-type LwClubOrigin */
} Job;

static void
job_free (Job *job)
{
  g_free (job->conninfo);
  g_free (job->player);
  g_free (job->other);
  if (job->password != NULL)
    memset (job->password, 0, strlen (job->password));
  g_free (job->password);
  g_clear_error (&job->refusal);
  g_clear_pointer (&job->roster, g_ptr_array_unref);
  g_clear_pointer (&job->requests, g_ptr_array_unref);
  g_clear_pointer (&job->origins, g_ptr_array_unref);
  g_free (job);
}

static void
job_thread (GTask        *task,
            gpointer      source,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;

  switch (job->kind)
    {
    case JOB_RENAME:
      lw_club_roster_rename (job->conninfo, job->player, job->other, &job->refusal);
      break;
    case JOB_MERGE:
      lw_club_roster_merge (job->conninfo, job->player, job->other, &job->refusal);
      break;
    case JOB_DECIDE:
      lw_club_roster_decide (job->conninfo, job->request, job->accept, &job->refusal);
      break;
    case JOB_REVOKE:
      lw_club_remove_origin (job->conninfo, job->player, &job->refusal);
      break;
    case JOB_PASSWORD:
      lw_club_set_origin_password (job->conninfo, job->player, job->password, &job->refusal);
      break;
    case JOB_READ:
    default:
      break;
    }
  job->roster = lw_club_roster_list (job->conninfo, FALSE, &error);
  if (job->roster != NULL)
    job->requests = lw_club_roster_requests (job->conninfo, &error);
  if (job->requests != NULL)
    job->origins = lw_club_list_origins (job->conninfo, &error);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void job_done_cb (GObject      *source,
                         GAsyncResult *result,
                         gpointer      data);

/* Starts @job (transfer full) on a worker thread. */
static void
run_job (LwClubAdminWindow *self,
         Job               *job)
{
  g_autoptr (GTask) task = g_task_new (self, self->cancellable, job_done_cb, NULL);

  job->conninfo = g_strdup (self->conninfo);
  g_task_set_source_tag (task, run_job);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  self->busy++;
  gtk_spinner_set_spinning (self->spinner, TRUE);
  g_task_run_in_thread (task, job_thread);
}

/* ---- the lists ----------------------------------------------------- */

static void
toast (LwClubAdminWindow *self,
       const char        *message)
{
  /* Toast titles are Pango markup in libadwaita 1.2. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (escaped));
}

static void
clear_rows (AdwPreferencesGroup *group,
            GPtrArray           *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

static GtkWidget *
new_row (const char *title,
         const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 3);
  return row;
}

/* A note row: a group that holds nothing. */
static GtkWidget *
note_row (const char *text)
{
  GtkWidget *row = new_row (text, NULL);

  gtk_widget_add_css_class (row, "dim-label");
  return row;
}

/* A button of a row's suffix, its action named with the row's target. */
static GtkWidget *
row_button (const char *label,
            const char *action,
            GVariant   *target)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), target);
  return button;
}

/* The row's buttons, side by side: a row stays one line high. */
static GtkWidget *
button_box (GtkWidget *first,
            GtkWidget *second)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), first);
  gtk_box_append (GTK_BOX (box), second);
  return box;
}

static const char *
request_state (const LwClubRequest *request)
{
  if (g_strcmp0 (request->state, "waiting") == 0)
    /* TRANSLATORS: Club Admin: a merge request's state */
    return _("waiting for your decision");
  if (g_strcmp0 (request->state, "accepted") == 0)
    /* TRANSLATORS: Club Admin: a merge request's state */
    return _("accepted");
  if (g_strcmp0 (request->state, "declined") == 0)
    /* TRANSLATORS: Club Admin: a merge request's state */
    return _("declined");
  if (g_strcmp0 (request->state, "withdrawn") == 0)
    /* TRANSLATORS: Club Admin: a merge request's state: the laptop undid its merge */
    return _("withdrawn by its laptop");
  return request->state;
}

static void
show_requests (LwClubAdminWindow *self,
               GPtrArray         *requests)
{
  clear_rows (self->requests_group, self->request_rows);
  /* Newest first: the waiting ones are the recent ones. */
  for (guint i = requests->len; i-- > 0;)
    {
      const LwClubRequest *request = g_ptr_array_index (requests, i);
      g_autofree char *player = lw_isolate_name (request->player_name);
      g_autofree char *into = lw_isolate_name (request->into_name);
      g_autofree char *laptop = lw_isolate_name (request->laptop);
      /* TRANSLATORS: Club Admin: a merge request: %1$s the player that goes, %2$s the one that stays */
      g_autofree char *title = g_strdup_printf (_("“%1$s” into “%2$s”"), player, into);
      /* TRANSLATORS: Club Admin: a merge request: %1$s the laptop that asked, %2$s its state */
      g_autofree char *subtitle = g_strdup_printf (_("From “%1$s” · %2$s"), laptop, request_state (request));
      GtkWidget *row = new_row (title, subtitle);

      g_object_set_data_full (G_OBJECT (row), "lw-id", g_memdup2 (&request->id, sizeof request->id), g_free);
      if (g_strcmp0 (request->state, "waiting") == 0)
        {
          GtkWidget *accept = row_button (/* TRANSLATORS: Club Admin: merge the two players of a request */
                                          _("_Accept"), "admin.accept", g_variant_new_int64 (request->id));

          gtk_widget_add_css_class (accept, "suggested-action");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                     button_box (accept,
                                                 row_button (/* TRANSLATORS: Club Admin: refuse a merge request */
                                                             _("_Decline"), "admin.decline",
                                                             g_variant_new_int64 (request->id))));
        }
      adw_preferences_group_add (self->requests_group, row);
      g_ptr_array_add (self->request_rows, row);
    }
  if (requests->len == 0)
    {
      /* TRANSLATORS: Club Admin: the group of merge requests when no laptop sent one */
      GtkWidget *row = note_row (_("No laptop has asked for a merge"));

      adw_preferences_group_add (self->requests_group, row);
      g_ptr_array_add (self->request_rows, row);
    }
}

static void
show_roster (LwClubAdminWindow *self,
             GPtrArray         *roster)
{
  clear_rows (self->roster_group, self->player_rows);
  for (guint i = 0; i < roster->len; i++)
    {
      const LwClubRosterEntry *entry = g_ptr_array_index (roster, i);
      g_autofree char *laptop = entry->origin_name != NULL ? lw_isolate_name (entry->origin_name) : NULL;
      g_autofree char *subtitle = laptop != NULL
                                  /* TRANSLATORS: Club Admin: a player on the roster: %s the laptop that added it */
                                  ? g_strdup_printf (_("Added by “%s”"), laptop) : NULL;
      GtkWidget *row = new_row (entry->name, subtitle);
      GtkWidget *merge = row_button (/* TRANSLATORS: Club Admin: a player's button: merge it into another */
                                     _("_Merge…"), "admin.merge", g_variant_new_string (entry->uuid));

      g_object_set_data_full (G_OBJECT (row), "lw-uuid", g_strdup (entry->uuid), g_free);
      gtk_widget_set_sensitive (merge, roster->len > 1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 button_box (row_button (/* TRANSLATORS: Club Admin: a player's button: rename it */
                                                         _("_Rename…"), "admin.rename",
                                                         g_variant_new_string (entry->uuid)),
                                             merge));
      adw_preferences_group_add (self->roster_group, row);
      g_ptr_array_add (self->player_rows, row);
    }
  if (roster->len == 0)
    {
      /* TRANSLATORS: Club Admin: the roster when it holds nobody yet */
      GtkWidget *row = note_row (_("No player yet: laptops add theirs when they sync"));

      adw_preferences_group_add (self->roster_group, row);
      g_ptr_array_add (self->player_rows, row);
    }
}

/* A laptop's last sync, in words. */
static char *
describe_last_sync (const LwClubOrigin *origin)
{
  g_autofree char *when = NULL;

  if (origin->last_sync <= 0)
    /* TRANSLATORS: Club Admin: a laptop that has never synced */
    return g_strdup (_("Last sync: never"));
  when = lw_format_time (origin->last_sync, TRUE);
  /* TRANSLATORS: Club Admin: %s a laptop's last sync, as "2026-12-07 14:05" */
  return g_strdup_printf (_("Last sync: %s"), when);
}

static void
show_laptops (LwClubAdminWindow *self,
              GPtrArray         *origins)
{
  clear_rows (self->laptops_group, self->laptop_rows);
  for (guint i = 0; i < origins->len; i++)
    {
      const LwClubOrigin *origin = g_ptr_array_index (origins, i);
      g_autofree char *last = describe_last_sync (origin);
      g_autofree char *subtitle = origin->revoked
                                  /* TRANSLATORS: Club Admin: a revoked laptop: %s its last sync */
                                  ? g_strdup_printf (_("Revoked: it can no longer log in · %s"), last)
                                  : g_strdup (last);
      GtkWidget *row = new_row (origin->name, subtitle);

      g_object_set_data_full (G_OBJECT (row), "lw-name", g_strdup (origin->name), g_free);
      if (origin->revoked)
        gtk_widget_add_css_class (row, "dim-label");
      else
        {
          g_autoptr (GMenu) menu = g_menu_new ();
          g_autoptr (GMenuItem) password = NULL;
          g_autoptr (GMenuItem) revoke = NULL;
          GtkWidget *button = gtk_menu_button_new ();

          /* TRANSLATORS: Club Admin: a laptop's menu item: give its login a new password */
          password = g_menu_item_new (_("Change _Password…"), NULL);
          g_menu_item_set_action_and_target_value (password, "admin.password",
                                                   g_variant_new_string (origin->name));
          g_menu_append_item (menu, password);
          /* TRANSLATORS: Club Admin: a laptop's menu item: its login can no longer log in */
          revoke = g_menu_item_new (_("_Revoke…"), NULL);
          g_menu_item_set_action_and_target_value (revoke, "admin.revoke",
                                                   g_variant_new_string (origin->name));
          g_menu_append_item (menu, revoke);
          gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
          gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          gtk_widget_add_css_class (button, "flat");
          gtk_widget_set_tooltip_text (button,
                                       /* TRANSLATORS: Club Admin: the tooltip of a laptop's menu button */
                                       _("Change Password or Revoke"));
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
        }
      adw_preferences_group_add (self->laptops_group, row);
      g_ptr_array_add (self->laptop_rows, row);
    }
  if (origins->len == 0)
    {
      /* TRANSLATORS: Club Admin: the club has no laptop yet */
      GtkWidget *row = note_row (_("No laptop yet: the owner adds them with littlewolf-cli club add-origin"));

      adw_preferences_group_add (self->laptops_group, row);
      g_ptr_array_add (self->laptop_rows, row);
    }
}

/* What a change did, in a toast. */
static char *
describe_done (const Job *job)
{
  switch (job->kind)
    {
    case JOB_RENAME:
      /* TRANSLATORS: a toast in Club Admin after a rename */
      return g_strdup (_("Renamed: every laptop takes the new name at its next sync"));
    case JOB_MERGE:
      /* TRANSLATORS: a toast in Club Admin after a merge */
      return g_strdup (_("Merged: every laptop merges the two players at its next sync"));
    case JOB_DECIDE:
      return g_strdup (job->accept
                       /* TRANSLATORS: a toast in Club Admin after a merge request was accepted */
                       ? _("Request accepted: every laptop merges the two players at its next sync")
                       /* TRANSLATORS: a toast in Club Admin after a merge request was declined */
                       : _("Request declined"));
    case JOB_REVOKE:
      /* TRANSLATORS: a toast in Club Admin after a laptop was revoked: %s its name */
      return g_strdup_printf (_("“%s” revoked: it can no longer log in; its games stay"), job->player);
    case JOB_PASSWORD:
      /* TRANSLATORS: a toast in Club Admin after a laptop's new password: %s its name */
      return g_strdup_printf (_("“%s” has a new password: give it on that laptop (Preferences → Club)"),
                              job->player);
    case JOB_READ:
    default:
      return NULL;
    }
}

static void
job_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autoptr (GError) error = NULL;
  LwClubAdminWindow *self = LW_CLUB_ADMIN_WINDOW (source);
  Job *job = g_task_get_task_data (G_TASK (result));
  gboolean read = g_task_propagate_boolean (G_TASK (result), &error);
  g_autofree char *status = NULL;
  g_autofree char *players = NULL;
  g_autofree char *requests = NULL;
  g_autofree char *laptops = NULL;
  g_autofree char *refusal = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->busy--;
  gtk_spinner_set_spinning (self->spinner, self->busy > 0);

  if (job->refusal != NULL)
    {
      /* Said in a toast, and kept on the status row until the next change. */
      refusal = lw_message_capitalize (job->refusal->message);
      toast (self, refusal);
    }
  else
    {
      g_autofree char *done = describe_done (job);

      if (done != NULL)
        toast (self, done);
    }
  if (!read)
    {
      g_autofree char *why = lw_message_capitalize (error->message);

      adw_action_row_set_subtitle (self->status_row, why);
      return;
    }
  g_clear_pointer (&self->roster, g_ptr_array_unref);
  self->roster = g_steal_pointer (&job->roster);
  show_roster (self, self->roster);
  show_requests (self, job->requests);
  g_clear_pointer (&self->origins, g_ptr_array_unref);
  self->origins = g_steal_pointer (&job->origins);
  show_laptops (self, self->origins);
  players = g_strdup_printf (/* TRANSLATORS: Club Admin: what was read from the server */
                             ngettext ("%u player on the roster", "%u players on the roster", self->roster->len),
                             self->roster->len);
  requests = g_strdup_printf (/* TRANSLATORS: Club Admin: what was read from the server */
                              ngettext ("%u merge request", "%u merge requests", job->requests->len),
                              job->requests->len);
  laptops = g_strdup_printf (/* TRANSLATORS: Club Admin: what was read from the server */
                             ngettext ("%u laptop", "%u laptops", self->origins->len),
                             self->origins->len);
  status = g_strdup_printf ("%s · %s · %s", players, requests, laptops);
  if (refusal != NULL)
    {
      g_autofree char *both = g_strdup_printf ("%s\n%s", refusal, status);

      adw_action_row_set_subtitle (self->status_row, both);
    }
  else
    adw_action_row_set_subtitle (self->status_row, status);
}

/* ---- the actions --------------------------------------------------- */

static const LwClubRosterEntry *
find_entry (LwClubAdminWindow *self,
            const char        *uuid)
{
  for (guint i = 0; self->roster != NULL && i < self->roster->len; i++)
    {
      const LwClubRosterEntry *entry = g_ptr_array_index (self->roster, i);

      if (g_strcmp0 (entry->uuid, uuid) == 0)
        return entry;
    }
  return NULL;
}

static void
refresh_action (LwClubAdminWindow *self,
                GVariant          *parameter)
{
  Job *job = g_new0 (Job, 1);

  job->kind = JOB_READ;
  run_job (self, job);
}

static void
decide_action (LwClubAdminWindow *self,
               GVariant          *parameter,
               const char        *name)
{
  Job *job = g_new0 (Job, 1);

  job->kind = JOB_DECIDE;
  job->request = g_variant_get_int64 (parameter);
  job->accept = g_str_equal (name, "admin.accept");
  run_job (self, job);
}

static void
rename_accepted_cb (AdwMessageDialog  *dialog,
                    const char        *response,
                    LwClubAdminWindow *self)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  Job *job = g_new0 (Job, 1);

  job->kind = JOB_RENAME;
  job->player = g_strdup (g_object_get_data (G_OBJECT (dialog), "lw-uuid"));
  job->other = g_steal_pointer (&name);
  run_job (self, job);
}

static void
rename_action (LwClubAdminWindow *self,
               GVariant          *parameter)
{
  const LwClubRosterEntry *entry = find_entry (self, g_variant_get_string (parameter, NULL));
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  GtkWidget *field;
  AdwMessageDialog *dialog;

  if (entry == NULL)
    return;
  name = lw_isolate_name (entry->name);
  /* TRANSLATORS: Club Admin: the heading of the rename dialog: %s the player's name */
  heading = g_strdup_printf (_("Rename “%s”"), name);
  field = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (field), entry->name);
  gtk_entry_set_activates_default (GTK_ENTRY (field), TRUE);
  dialog = lw_message_dialog_new (GTK_WIDGET (self), heading,
                                  /* TRANSLATORS: Club Admin: the text of the rename dialog */
                                  _("The new name reaches every laptop at its next sync."),
                                  field, "rename",
                                  /* TRANSLATORS: Club Admin: the button of the rename dialog */
                                  _("_Rename"));
  g_object_set_data_full (G_OBJECT (dialog), "lw-uuid", g_strdup (entry->uuid), g_free);
  lw_message_dialog_present (dialog, G_CALLBACK (rename_accepted_cb), self, &self->dialog);
}

static void
merge_accepted_cb (AdwMessageDialog  *dialog,
                   const char        *response,
                   LwClubAdminWindow *self)
{
  GtkDropDown *choice = GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog));
  GPtrArray *uuids = g_object_get_data (G_OBJECT (dialog), "lw-uuids");
  guint chosen = gtk_drop_down_get_selected (choice);
  Job *job;

  if (chosen == GTK_INVALID_LIST_POSITION || chosen >= uuids->len)
    return;
  job = g_new0 (Job, 1);
  job->kind = JOB_MERGE;
  job->player = g_strdup (g_object_get_data (G_OBJECT (dialog), "lw-uuid"));
  job->other = g_strdup (g_ptr_array_index (uuids, chosen));
  run_job (self, job);
}

static void
merge_action (LwClubAdminWindow *self,
              GVariant          *parameter)
{
  const LwClubRosterEntry *entry = find_entry (self, g_variant_get_string (parameter, NULL));
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr (GPtrArray) uuids = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  GtkWidget *choice;
  AdwMessageDialog *dialog;

  if (entry == NULL)
    return;
  for (guint i = 0; i < self->roster->len; i++)
    {
      const LwClubRosterEntry *other = g_ptr_array_index (self->roster, i);

      if (other == entry)
        continue;
      gtk_string_list_append (names, other->name);
      g_ptr_array_add (uuids, g_strdup (other->uuid));
    }
  name = lw_isolate_name (entry->name);
  /* TRANSLATORS: Club Admin: the heading of the merge dialog: %s the player that goes */
  heading = g_strdup_printf (_("Merge “%s” Into Another Player?"), name);
  /* TRANSLATORS: Club Admin: the text of the merge dialog: %s the player that goes */
  body = g_strdup_printf (_("“%1$s” and the player chosen below are one person. “%1$s” goes from the "
                            "roster, and at its next sync every laptop makes that player's games the "
                            "chosen player's. A merge cannot be undone here."), name);
  choice = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
  dialog = lw_message_dialog_new (GTK_WIDGET (self), heading, body, choice, "merge",
                                  /* TRANSLATORS: Club Admin: the button of the merge dialog */
                                  _("_Merge"));
  lw_message_dialog_set_destructive (dialog);
  g_object_set_data_full (G_OBJECT (dialog), "lw-uuid", g_strdup (entry->uuid), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "lw-uuids", g_steal_pointer (&uuids),
                          (GDestroyNotify) g_ptr_array_unref);
  lw_message_dialog_present (dialog, G_CALLBACK (merge_accepted_cb), self, &self->dialog);
}

/* The laptop @name as last read, or NULL. */
static const LwClubOrigin *
find_origin (LwClubAdminWindow *self,
             const char        *name)
{
  for (guint i = 0; self->origins != NULL && i < self->origins->len; i++)
    {
      const LwClubOrigin *origin = g_ptr_array_index (self->origins, i);

      if (g_strcmp0 (origin->name, name) == 0)
        return origin;
    }
  return NULL;
}

static void
revoke_accepted_cb (AdwMessageDialog  *dialog,
                    const char        *response,
                    LwClubAdminWindow *self)
{
  Job *job = g_new0 (Job, 1);

  job->kind = JOB_REVOKE;
  job->player = g_strdup (g_object_get_data (G_OBJECT (dialog), "lw-name"));
  run_job (self, job);
}

static void
revoke_action (LwClubAdminWindow *self,
               GVariant          *parameter)
{
  const LwClubOrigin *origin = find_origin (self, g_variant_get_string (parameter, NULL));
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  if (origin == NULL)
    return;
  name = lw_isolate_name (origin->name);
  /* TRANSLATORS: Club Admin: the heading of the revoke dialog: %s the laptop's name */
  heading = g_strdup_printf (_("Revoke “%s”?"), name);
  /* TRANSLATORS: Club Admin: the text of the revoke dialog: %s the laptop's name */
  body = g_strdup_printf (_("“%1$s” can no longer log in to the club server, and its open sessions end. "
                            "Its games, events and players stay on the server and on every laptop. "
                            "A revoked laptop cannot be let in again: add it anew instead."), name);
  dialog = lw_message_dialog_new (GTK_WIDGET (self), heading, body, NULL, "revoke",
                                  /* TRANSLATORS: Club Admin: the button of the revoke dialog */
                                  _("_Revoke"));
  lw_message_dialog_set_destructive (dialog);
  g_object_set_data_full (G_OBJECT (dialog), "lw-name", g_strdup (origin->name), g_free);
  lw_message_dialog_present (dialog, G_CALLBACK (revoke_accepted_cb), self, &self->dialog);
}

/* The password dialog's two entries: Change only when both hold the same
 * password the rule takes, and the rule's words below them otherwise. */
static void
password_changed_cb (GtkEditable      *editable,
                     AdwMessageDialog *dialog)
{
  GtkWidget *box = adw_message_dialog_get_extra_child (dialog);
  GtkWidget *first = gtk_widget_get_first_child (box);
  GtkWidget *second = gtk_widget_get_next_sibling (first);
  GtkLabel *why = GTK_LABEL (gtk_widget_get_next_sibling (second));
  const char *text = gtk_editable_get_text (GTK_EDITABLE (first));
  const char *again = gtk_editable_get_text (GTK_EDITABLE (second));
  g_autoptr (GError) error = NULL;
  gboolean valid = lw_club_check_password (text, &error);
  gboolean same = g_str_equal (text, again);

  if (*text == '\0')
    gtk_label_set_text (why, "");
  else if (!valid)
    {
      g_autofree char *words = lw_message_capitalize (error->message);

      gtk_label_set_text (why, words);
    }
  else if (!same)
    /* TRANSLATORS: Club Admin: the password dialog, when its two entries differ */
    gtk_label_set_text (why, *again == '\0' ? _("Type it again below") : _("The two passwords differ"));
  else
    gtk_label_set_text (why, "");
  adw_message_dialog_set_response_enabled (dialog, "password", valid && same);
}

static void
password_accepted_cb (AdwMessageDialog  *dialog,
                      const char        *response,
                      LwClubAdminWindow *self)
{
  GtkWidget *box = adw_message_dialog_get_extra_child (dialog);
  GtkWidget *first = gtk_widget_get_first_child (box);
  GtkWidget *second = gtk_widget_get_next_sibling (first);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (first));
  Job *job;

  if (!lw_club_check_password (text, NULL)
      || !g_str_equal (text, gtk_editable_get_text (GTK_EDITABLE (second))))
    return;
  job = g_new0 (Job, 1);
  job->kind = JOB_PASSWORD;
  job->player = g_strdup (g_object_get_data (G_OBJECT (dialog), "lw-name"));
  job->password = g_strdup (text);
  /* The entries keep no copy once the dialog is gone. */
  gtk_editable_set_text (GTK_EDITABLE (first), "");
  gtk_editable_set_text (GTK_EDITABLE (second), "");
  run_job (self, job);
}

static void
password_action (LwClubAdminWindow *self,
                 GVariant          *parameter)
{
  const LwClubOrigin *origin = find_origin (self, g_variant_get_string (parameter, NULL));
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  GtkWidget *box, *first, *second, *why;
  AdwMessageDialog *dialog;

  if (origin == NULL)
    return;
  name = lw_isolate_name (origin->name);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  /* Hidden entries (GtkEntry: a GtkPasswordEntry outlives its window's
   * keyboard under GTK 4.8 when the dialog goes with its parent). */
  first = gtk_entry_new ();
  second = gtk_entry_new ();
  for (GtkWidget *entry = first; entry != NULL; entry = entry == first ? second : NULL)
    {
      gtk_entry_set_visibility (GTK_ENTRY (entry), FALSE);
      gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_PASSWORD);
    }
  gtk_entry_set_placeholder_text (GTK_ENTRY (first),
                                  /* TRANSLATORS: Club Admin: the password dialog's first entry */
                                  _("New password"));
  gtk_entry_set_placeholder_text (GTK_ENTRY (second),
                                  /* TRANSLATORS: Club Admin: the password dialog's second entry */
                                  _("The same again"));
  gtk_entry_set_activates_default (GTK_ENTRY (second), TRUE);
  why = gtk_label_new ("");
  gtk_label_set_wrap (GTK_LABEL (why), TRUE);
  gtk_label_set_xalign (GTK_LABEL (why), 0);
  gtk_widget_add_css_class (why, "error");
  gtk_box_append (GTK_BOX (box), first);
  gtk_box_append (GTK_BOX (box), second);
  gtk_box_append (GTK_BOX (box), why);
  /* TRANSLATORS: Club Admin: the heading of the password dialog: %s the laptop's name */
  heading = g_strdup_printf (_("New Password for “%s”"), name);
  dialog = lw_message_dialog_new (GTK_WIDGET (self), heading,
                                  /* TRANSLATORS: Club Admin: the text of the password dialog */
                                  _("Only its SCRAM hash goes to the server. Its sessions open now "
                                    "stay open; on the laptop, give the new password in Preferences → "
                                    "Club (or littlewolf-cli club login)."),
                                  box, "password",
                                  /* TRANSLATORS: Club Admin: the button of the password dialog */
                                  _("_Change"));
  adw_message_dialog_set_response_enabled (dialog, "password", FALSE);
  g_signal_connect_object (first, "changed", G_CALLBACK (password_changed_cb), dialog, 0);
  g_signal_connect_object (second, "changed", G_CALLBACK (password_changed_cb), dialog, 0);
  g_object_set_data_full (G_OBJECT (dialog), "lw-name", g_strdup (origin->name), g_free);
  lw_message_dialog_present (dialog, G_CALLBACK (password_accepted_cb), self, &self->dialog);
  gtk_widget_grab_focus (first);
}

static const LwWidgetAction actions[] = {
  { "admin.refresh", NULL, G_CALLBACK (refresh_action) },
  { "admin.rename", "s", G_CALLBACK (rename_action) },
  { "admin.merge", "s", G_CALLBACK (merge_action) },
  { "admin.accept", "x", G_CALLBACK (decide_action) },
  { "admin.decline", "x", G_CALLBACK (decide_action) },
  { "admin.revoke", "s", G_CALLBACK (revoke_action) },
  { "admin.password", "s", G_CALLBACK (password_action) },
};

/* The login field's Apply: the lists read with it. */
static void
conninfo_applied_cb (AdwEntryRow       *row,
                     LwClubAdminWindow *self)
{
  g_autofree char *conninfo = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));

  lw_club_admin_window_set_conninfo (self, conninfo);
}

/* ---- the object ---------------------------------------------------- */

static void
lw_club_admin_window_dispose (GObject *object)
{
  LwClubAdminWindow *self = LW_CLUB_ADMIN_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  if (self->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->dialog));
  gtk_widget_dispose_template (GTK_WIDGET (object), LW_TYPE_CLUB_ADMIN_WINDOW);

  G_OBJECT_CLASS (lw_club_admin_window_parent_class)->dispose (object);
}

static void
lw_club_admin_window_finalize (GObject *object)
{
  LwClubAdminWindow *self = LW_CLUB_ADMIN_WINDOW (object);

  g_clear_object (&self->store);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->roster, g_ptr_array_unref);
  g_clear_pointer (&self->player_rows, g_ptr_array_unref);
  g_clear_pointer (&self->request_rows, g_ptr_array_unref);
  g_clear_pointer (&self->laptop_rows, g_ptr_array_unref);
  g_clear_pointer (&self->origins, g_ptr_array_unref);
  g_free (self->conninfo);

  G_OBJECT_CLASS (lw_club_admin_window_parent_class)->finalize (object);
}

static void
lw_club_admin_window_class_init (LwClubAdminWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_club_admin_window_dispose;
  object_class->finalize = lw_club_admin_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-club-admin-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LwClubAdminWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, LwClubAdminWindow, conninfo_row);
  gtk_widget_class_bind_template_child (widget_class, LwClubAdminWindow, status_row);
  gtk_widget_class_bind_template_child (widget_class, LwClubAdminWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, LwClubAdminWindow, roster_group);
  gtk_widget_class_bind_template_child (widget_class, LwClubAdminWindow, requests_group);
  gtk_widget_class_bind_template_child (widget_class, LwClubAdminWindow, laptops_group);
  lw_widget_class_install_actions (widget_class, actions, G_N_ELEMENTS (actions));
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
lw_club_admin_window_init (LwClubAdminWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->player_rows = g_ptr_array_new ();
  self->request_rows = g_ptr_array_new ();
  self->laptop_rows = g_ptr_array_new ();
  g_signal_connect (self->conninfo_row, "apply", G_CALLBACK (conninfo_applied_cb), self);
}

LwClubAdminWindow *
lw_club_admin_window_new (GtkWindow *parent,
                          LwStore   *store)
{
  LwClubAdminWindow *self;
  g_autoptr (LwClubState) state = NULL;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (LW_IS_STORE (store), NULL);

  self = g_object_new (LW_TYPE_CLUB_ADMIN_WINDOW, "transient-for", parent, NULL);
  self->store = g_object_ref (store);
  state = lw_store_club_get_state (store, FALSE, NULL);
  if (parent != NULL)
    lw_window_fit_parent (GTK_WINDOW (self), parent, 640, 720);
  if (state != NULL && state->conninfo != NULL)
    lw_club_admin_window_set_conninfo (self, state->conninfo);
  else
    adw_action_row_set_subtitle (self->status_row,
                                 /* TRANSLATORS: Club Admin: no login given yet */
                                 _("Give the admin's login above"));
  return self;
}

/* ---- for the tests ------------------------------------------------- */

void
lw_club_admin_window_set_conninfo (LwClubAdminWindow *self,
                                   const char        *conninfo)
{
  g_return_if_fail (LW_IS_CLUB_ADMIN_WINDOW (self));
  g_return_if_fail (conninfo != NULL);

  g_free (self->conninfo);
  self->conninfo = g_strdup (conninfo);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->conninfo_row)), conninfo) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->conninfo_row), conninfo);
  /* TRANSLATORS: Club Admin: the lists are being read from the server */
  adw_action_row_set_subtitle (self->status_row, _("Reading the roster…"));
  refresh_action (self, NULL);
}

gboolean
lw_club_admin_window_is_busy (LwClubAdminWindow *self)
{
  g_return_val_if_fail (LW_IS_CLUB_ADMIN_WINDOW (self), FALSE);
  return self->busy > 0;
}

static GtkWidget *
find_row (GPtrArray  *rows,
          const char *key,
          gconstpointer value,
          gboolean    is_text)
{
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);
      gconstpointer data = g_object_get_data (G_OBJECT (row), key);

      if (data != NULL && (is_text ? g_str_equal (data, value)
                                   : *(const gint64 *) data == *(const gint64 *) value))
        return row;
    }
  return NULL;
}

GtkWidget *
lw_club_admin_window_get_player_row (LwClubAdminWindow *self,
                                     const char        *uuid)
{
  g_return_val_if_fail (LW_IS_CLUB_ADMIN_WINDOW (self), NULL);
  return find_row (self->player_rows, "lw-uuid", uuid, TRUE);
}

GtkWidget *
lw_club_admin_window_get_request_row (LwClubAdminWindow *self,
                                      gint64             id)
{
  g_return_val_if_fail (LW_IS_CLUB_ADMIN_WINDOW (self), NULL);
  return find_row (self->request_rows, "lw-id", &id, FALSE);
}

static guint
count_rows (GPtrArray  *rows,
            const char *key)
{
  guint n = 0;

  for (guint i = 0; i < rows->len; i++)
    n += g_object_get_data (G_OBJECT (g_ptr_array_index (rows, i)), key) != NULL;
  return n;
}

guint
lw_club_admin_window_get_n_players (LwClubAdminWindow *self)
{
  g_return_val_if_fail (LW_IS_CLUB_ADMIN_WINDOW (self), 0);
  return count_rows (self->player_rows, "lw-uuid");
}

GtkWidget *
lw_club_admin_window_get_laptop_row (LwClubAdminWindow *self,
                                     const char        *name)
{
  g_return_val_if_fail (LW_IS_CLUB_ADMIN_WINDOW (self), NULL);
  return find_row (self->laptop_rows, "lw-name", name, TRUE);
}

guint
lw_club_admin_window_get_n_laptops (LwClubAdminWindow *self)
{
  g_return_val_if_fail (LW_IS_CLUB_ADMIN_WINDOW (self), 0);
  return count_rows (self->laptop_rows, "lw-name");
}

guint
lw_club_admin_window_get_n_requests (LwClubAdminWindow *self)
{
  g_return_val_if_fail (LW_IS_CLUB_ADMIN_WINDOW (self), 0);
  return count_rows (self->request_rows, "lw-id");
}

AdwActionRow *
lw_club_admin_window_get_status_row (LwClubAdminWindow *self)
{
  g_return_val_if_fail (LW_IS_CLUB_ADMIN_WINDOW (self), NULL);
  return self->status_row;
}

AdwMessageDialog *
lw_club_admin_window_get_dialog (LwClubAdminWindow *self)
{
  g_return_val_if_fail (LW_IS_CLUB_ADMIN_WINDOW (self), NULL);
  return self->dialog;
}
