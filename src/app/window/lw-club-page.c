/* lw-club-page.c — Preferences → Club (docs/CLUB-SERVER.md "In the app"):
 * the automatic sync's state with Sync Now (Retry after a failure), the
 * suggestions, the games waiting in a conflict (Keep Mine, Use Theirs),
 * and joining a club server
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-club-admin-window.h"
#include "lw-club-page.h"
#include "lw-club-page-private.h"
#include "lw-club-resolve.h"
#include "lw-club-suggestions.h"
#include "lw-words.h"

typedef struct {
  LwStore      *store;      /* owned */
  LwClubAuto   *auto_sync;  /* owned */
  GCancellable *cancellable;  /* owned: the page's server work, cancelled with it */
  gulong        changed_id;
  /* borrowed: the page's */
  GtkWidget    *page;
  AdwActionRow *row;
  GtkWidget    *button;
  AdwEntryRow  *conninfo;
  AdwEntryRow  *origin;
  AdwEntryRow  *password;
  GtkWidget    *join;
  AdwActionRow *join_row;
  GtkWidget    *admin_row;   /* Club Admin: Open… */
  GtkWidget    *incoming;   /* the group of suggestions aimed at this laptop */
  GtkWidget    *sent;       /* the group of those sent from here */
  GPtrArray    *rows;       /* owned array, borrowed rows: those of the two groups */

  /* the suggestions' list: read once per sync and after each decision */
  gboolean      listing;
  gboolean      list_again;  /* asked for while a reading ran */
  guint         listed_at;   /* lw_club_auto_get_count() when last asked */
  guint         offset;      /* the page shown: the newest passed over */
  guint         deciding;    /* decisions under way */
  gint64        refused;     /* the suggestion whose decision failed last, or 0 */
  char         *refusal;     /* why, in words (owned) */

  /* the games waiting in a conflict: read with the suggestions */
  GtkWidget    *conflicts;          /* the group, shown while it has any */
  GPtrArray    *conflict_rows;      /* owned array, borrowed rows */
  gboolean      listing_conflicts;
  gboolean      list_conflicts_again;
  guint         resolving;          /* resolutions under way */
} ClubPage;

static void
club_page_free (ClubPage *club)
{
  g_cancellable_cancel (club->cancellable);
  g_clear_object (&club->cancellable);
  g_clear_signal_handler (&club->changed_id, club->auto_sync);
  g_clear_object (&club->auto_sync);
  g_clear_object (&club->store);
  g_clear_pointer (&club->rows, g_ptr_array_unref);
  g_clear_pointer (&club->conflict_rows, g_ptr_array_unref);
  g_free (club->refusal);
  g_free (club);
}

static void list_suggestions (ClubPage *club);
static void list_conflicts (ClubPage *club);

/* The rows as the database and the sync say now. */
static void
refresh (ClubPage *club)
{
  g_autoptr (LwClubState) state = lw_store_club_get_state (club->store, FALSE, NULL);
  g_autofree char *subtitle = lw_club_auto_describe (club->auto_sync);
  gboolean failed = lw_club_auto_get_error (club->auto_sync) != NULL;

  adw_action_row_set_subtitle (club->row, subtitle);
  gtk_widget_set_sensitive (club->button, state != NULL && !lw_club_auto_is_syncing (club->auto_sync));
  gtk_button_set_label (GTK_BUTTON (club->button),
                        failed
                        /* TRANSLATORS: Preferences → Club: the button that syncs again after a failure */
                        ? _("_Retry")
                        /* TRANSLATORS: Preferences → Club: the button that syncs at once */
                        : _("Sync _Now"));
  if (failed)
    gtk_widget_add_css_class (club->button, "suggested-action");
  else
    gtk_widget_remove_css_class (club->button, "suggested-action");
  gtk_widget_set_visible (club->admin_row, state != NULL);
  gtk_widget_set_visible (club->incoming, state != NULL);
  gtk_widget_set_visible (club->sent, state != NULL);
}

/* A sync ended (or the page opened): the suggestions read again. */
static void
changed_cb (LwClubAuto *auto_sync,
            ClubPage   *club)
{
  refresh (club);
  if (!lw_club_auto_is_syncing (auto_sync) && lw_club_auto_get_count (auto_sync) != club->listed_at)
    {
      list_suggestions (club);
      list_conflicts (club);
    }
}

static void
sync_clicked_cb (GtkButton *button,
                 ClubPage  *club)
{
  lw_club_auto_sync_now (club->auto_sync);
  refresh (club);
}

/* Club Admin's Open…: the admin's window, for the roster and the
 * laptops' merge requests. */
static void
admin_clicked_cb (GtkButton *button,
                  ClubPage  *club)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (button));
  LwClubAdminWindow *window = lw_club_admin_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                        club->store);

  gtk_window_present (GTK_WINDOW (window));
}

static void
toast (GtkWidget  *page,
       const char *message)
{
  GtkRoot *root = gtk_widget_get_root (page);
  /* Toast titles are Pango markup in libadwaita 1.2: a server's error may
   * name a role or database with "&" or "<". */
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  if (ADW_IS_PREFERENCES_WINDOW (root))
    adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (root), adw_toast_new (escaped));
}

static void
join_clicked_cb (GtkButton *button,
                 GtkWidget *page)
{
  ClubPage *club = g_object_get_data (G_OBJECT (page), "lw-club");
  g_autofree char *conninfo = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (club->conninfo))));
  g_autofree char *origin = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (club->origin))));
  g_autofree char *password = g_strdup (gtk_editable_get_text (GTK_EDITABLE (club->password)));
  g_autoptr (GError) error = NULL;
  gboolean in_keyring = FALSE;

  if (*conninfo == '\0' || *origin == '\0')
    {
      adw_action_row_set_subtitle (club->join_row,
                                   /* TRANSLATORS: Preferences → Club → Join with a field left empty */
                                   _("Give the server and this laptop's ID first"));
      return;
    }
  if (!lw_club_join (club->store, conninfo, origin, password, &in_keyring, &error))
    {
      adw_action_row_set_subtitle (club->join_row, error->message);
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (club->password), "");
  adw_action_row_set_subtitle (club->join_row,
                               *password == '\0'
                               /* TRANSLATORS: Preferences → Club after Join, no password given */
                               ? _("Joined; no password kept")
                               : in_keyring
                               /* TRANSLATORS: Preferences → Club after Join */
                               ? _("Joined; the password is in your keyring")
                               /* TRANSLATORS: Preferences → Club after Join, no keyring running */
                               : _("Joined; the password is in a file only you can read"));
  /* TRANSLATORS: a toast after Preferences → Club → Join */
  toast (page, _("Joined the club server: syncing"));
  lw_club_auto_sync_now (club->auto_sync);
  refresh (club);
}

static AdwEntryRow *
add_entry (GtkWidget  *group,
           GtkWidget  *row,
           const char *title)
{
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  return ADW_ENTRY_ROW (row);
}

/* ---- suggestions ---------------------------------------------------- */

static void
decided_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr (GError) error = NULL;
  GtkWidget *button = data;   /* owned: a reference */
  gboolean accept = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "lw-accept"));
  gint64 id = *(gint64 *) g_object_get_data (G_OBJECT (button), "lw-suggestion");
  gboolean decided = lw_club_decide_suggestion_finish (result, &error);
  ClubPage *club;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_object_unref (button);
      return;
    }
  club = g_object_get_data (G_OBJECT (button), "lw-club");
  g_object_unref (button);
  club->deciding--;
  g_clear_pointer (&club->refusal, g_free);
  club->refused = 0;
  if (!decided)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, id);
      g_autofree char *message = g_strdup_printf (accept
                                                  /* TRANSLATORS: a toast on Preferences → Club: %1$s a suggestion's number, %2$s why */
                                                  ? _("Suggestion %1$s not accepted: %2$s")
                                                  /* TRANSLATORS: a toast on Preferences → Club: %1$s a suggestion's number, %2$s why */
                                                  : _("Suggestion %1$s not declined: %2$s"),
                                                  number, error->message);

      club->refused = id;
      club->refusal = lw_message_capitalize (error->message);
      toast (club->page, message);
    }
  else
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, id);
      g_autofree char *message = g_strdup_printf (accept
                                                  /* TRANSLATORS: a toast on Preferences → Club: %s a suggestion's number */
                                                  ? _("Suggestion %s accepted: the game is corrected")
                                                  /* TRANSLATORS: a toast on Preferences → Club: %s a suggestion's number */
                                                  : _("Suggestion %s declined"), number);

      toast (club->page, message);
      /* The correction made here goes to the other laptops. */
      if (accept)
        lw_club_auto_sync_now (club->auto_sync);
    }
  list_suggestions (club);
}

/* Accept or Decline: the decision on a worker thread; both buttons of the
 * row wait for it. */
static void
decide_clicked_cb (GtkButton *button,
                   ClubPage  *club)
{
  gboolean accept = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "lw-accept"));
  gint64 id = *(gint64 *) g_object_get_data (G_OBJECT (button), "lw-suggestion");

  gtk_widget_set_sensitive (gtk_widget_get_parent (GTK_WIDGET (button)), FALSE);
  club->deciding++;
  g_object_set_data (G_OBJECT (button), "lw-club", club);
  lw_club_decide_suggestion_async (club->store, id, accept, club->cancellable, decided_cb,
                                   g_object_ref (button));
}

static GtkWidget *
decision_button (ClubPage   *club,
                 gint64      id,
                 gboolean    accept,
                 const char *label)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);
  gint64 *number = g_new (gint64, 1);

  *number = id;
  g_object_set_data_full (G_OBJECT (button), "lw-suggestion", number, g_free);
  g_object_set_data (G_OBJECT (button), "lw-accept", GINT_TO_POINTER (accept));
  if (accept)
    gtk_widget_add_css_class (button, "suggested-action");
  g_signal_connect (button, "clicked", G_CALLBACK (decide_clicked_cb), club);
  return button;
}

static void
add_row (ClubPage  *club,
         GtkWidget *group,
         GtkWidget *row)
{
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  g_ptr_array_add (club->rows, row);
}

/* A row saying that a group holds nothing, or why it cannot be read. */
static void
add_note (ClubPage   *club,
          GtkWidget  *group,
          const char *text)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text);
  gtk_widget_add_css_class (row, "dim-label");
  add_row (club, group, row);
}

static void
add_suggestion (ClubPage                   *club,
                const LwClubSuggestionItem *item)
{
  const LwClubSuggestion *suggestion = item->suggestion;
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *subtitle = NULL;
  g_autofree char *name = NULL;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), item->title);
  subtitle = club->refused == suggestion->id && club->refusal != NULL
             ? g_strdup_printf ("%s\n%s", item->subtitle, club->refusal) : g_strdup (item->subtitle);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  /* Named for the tests, which find it by its name (lw_test_find()). */
  name = g_strdup_printf ("suggestion-%" G_GINT64_FORMAT, suggestion->id);
  gtk_widget_set_name (row, name);
  if (suggestion->incoming && g_strcmp0 (suggestion->state, "open") == 0)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

      gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
      /* TRANSLATORS: Preferences → Club: a button that makes a suggested correction here */
      gtk_box_append (GTK_BOX (box), decision_button (club, suggestion->id, TRUE, _("_Accept")));
      /* TRANSLATORS: Preferences → Club: a button that declines a suggested correction */
      gtk_box_append (GTK_BOX (box), decision_button (club, suggestion->id, FALSE, _("_Decline")));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), box);
      add_row (club, club->incoming, row);
    }
  else
    add_row (club, club->sent, row);
}

static void
page_clicked_cb (GtkButton *button,
                 ClubPage  *club)
{
  gboolean older = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "lw-older"));

  if (older)
    club->offset += LW_CLUB_SUGGESTIONS_PAGE;
  else
    club->offset -= MIN (club->offset, LW_CLUB_SUGGESTIONS_PAGE);
  list_suggestions (club);
}

static GtkWidget *
page_button (ClubPage   *club,
             gboolean    older,
             const char *label)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (button), "lw-older", GINT_TO_POINTER (older));
  g_signal_connect (button, "clicked", G_CALLBACK (page_clicked_cb), club);
  return button;
}

/* The row under the suggestions when they are more than a page: which
 * ones are shown, and buttons to the newer and older pages. */
static void
add_page_row (ClubPage *club,
              guint     shown,
              gboolean  more)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title =
    /* TRANSLATORS: Preferences → Club: which suggestions are listed, by their place from the newest */
    g_strdup_printf (_("Suggestions %u to %u, newest first"), club->offset + 1,
                     club->offset + shown);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (club->offset > 0)
    /* TRANSLATORS: Preferences → Club: a button that lists the newer suggestions */
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), page_button (club, FALSE, _("_Newer")));
  if (more)
    /* TRANSLATORS: Preferences → Club: a button that lists more suggestions, older ones */
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), page_button (club, TRUE, _("_More")));
  add_row (club, club->sent, row);
}

/* The two groups as @items say (NULL: the reading failed with @error);
 * @more: older ones are left past this page. */
static void
show_suggestions (ClubPage     *club,
                  GPtrArray    *items,
                  gboolean      more,
                  const GError *error)
{
  guint incoming = 0, sent = 0;

  for (guint i = 0; i < club->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (club->rows, i);

      adw_preferences_group_remove (ADW_PREFERENCES_GROUP (gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP)),
                                    row);
    }
  g_ptr_array_set_size (club->rows, 0);
  if (items == NULL)
    {
      g_autofree char *why = lw_message_capitalize (error->message);

      add_note (club, club->incoming, why);
      return;
    }
  for (guint i = 0; i < items->len; i++)
    {
      const LwClubSuggestionItem *item = g_ptr_array_index (items, i);
      gboolean open_here = item->suggestion->incoming && g_strcmp0 (item->suggestion->state, "open") == 0;

      /* Those decided here are done with: only those sent from here stay,
       * to show their state. */
      if (item->suggestion->incoming && !open_here)
        continue;
      add_suggestion (club, item);
      if (open_here)
        incoming++;
      else
        sent++;
    }
  if (incoming == 0)
    /* TRANSLATORS: Preferences → Club, the group of incoming suggestions when it is empty */
    add_note (club, club->incoming, _("No suggestion waits for a decision"));
  if (sent == 0)
    /* TRANSLATORS: Preferences → Club, the group of suggestions sent from here when it is empty */
    add_note (club, club->sent, _("None sent from this laptop"));
  if (more || club->offset > 0)
    add_page_row (club, items->len, more);
}

static void
listed_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr (GError) error = NULL;
  gboolean more = FALSE;
  g_autoptr (GPtrArray) items = lw_club_list_suggestions_finish (result, &more, &error);
  ClubPage *club = data;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  club->listing = FALSE;
  show_suggestions (club, items, more, error);
  if (club->list_again)
    {
      club->list_again = FALSE;
      list_suggestions (club);
    }
}

/* Reads the suggestions from the server on a worker thread, one reading
 * at a time (one asked for meanwhile follows it). */
static void
list_suggestions (ClubPage *club)
{
  g_autoptr (LwClubState) state = lw_store_club_get_state (club->store, FALSE, NULL);

  club->listed_at = lw_club_auto_get_count (club->auto_sync);
  if (state == NULL)
    return;
  if (club->listing)
    {
      club->list_again = TRUE;
      return;
    }
  club->listing = TRUE;
  lw_club_list_suggestions_async (club->store, club->offset, club->cancellable, listed_cb, club);
}

static GtkWidget *
suggestions_group (const char *title,
                   const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  return group;
}

/* ---- games waiting in a conflict ------------------------------------ */

static void
resolved_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  g_autoptr (GError) error = NULL;
  GtkWidget *button = data;   /* owned: a reference */
  gboolean keep_mine = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "lw-keep-mine"));
  const char *owner = g_object_get_data (G_OBJECT (button), "lw-owner");
  gboolean resolved = lw_club_resolve_conflict_finish (result, &error);
  g_autofree char *message = NULL;
  ClubPage *club;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_object_unref (button);
      return;
    }
  club = g_object_get_data (G_OBJECT (button), "lw-club");
  club->resolving--;
  if (!resolved)
    {
      g_autofree char *why = lw_message_capitalize (error->message);

      /* TRANSLATORS: a toast on Preferences → Club: %s why a game in a conflict was left as it was */
      message = g_strdup_printf (_("Nothing changed: %s"), why);
      gtk_widget_set_sensitive (gtk_widget_get_parent (button), TRUE);
    }
  else if (keep_mine)
    {
      /* TRANSLATORS: a toast on Preferences → Club after Keep Mine: %s the other laptop's name */
      message = g_strdup_printf (_("This copy is now a game of its own, shared at the next sync; "
                                   "“%s”'s is shown beside it"), owner);
      /* Mine goes to the other laptops as a new game. */
      lw_club_auto_sync_now (club->auto_sync);
    }
  else
    /* TRANSLATORS: a toast on Preferences → Club after Use Theirs: %s the other laptop's name */
    message = g_strdup_printf (_("This copy is replaced by “%s”'s game"), owner);
  g_object_unref (button);
  toast (club->page, message);
  list_conflicts (club);
}

/* Keep Mine or Use Theirs: the resolution on a worker thread; both
 * buttons of the row wait for it. */
static void
resolve_clicked_cb (GtkButton *button,
                    ClubPage  *club)
{
  gboolean keep_mine = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "lw-keep-mine"));
  gint64 game = *(gint64 *) g_object_get_data (G_OBJECT (button), "lw-game");

  gtk_widget_set_sensitive (gtk_widget_get_parent (GTK_WIDGET (button)), FALSE);
  club->resolving++;
  g_object_set_data (G_OBJECT (button), "lw-club", club);
  lw_club_resolve_conflict_async (club->store, game, keep_mine, club->cancellable, resolved_cb,
                                  g_object_ref (button));
}

static GtkWidget *
resolve_button (ClubPage                 *club,
                const LwClubConflictItem *item,
                gboolean                  keep_mine,
                const char               *label,
                const char               *tooltip)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  g_object_set_data_full (G_OBJECT (button), "lw-game",
                          g_memdup2 (&item->conflict->game, sizeof item->conflict->game), g_free);
  g_object_set_data_full (G_OBJECT (button), "lw-owner", g_strdup (item->owner), g_free);
  g_object_set_data (G_OBJECT (button), "lw-keep-mine", GINT_TO_POINTER (keep_mine));
  gtk_widget_set_tooltip_text (button, tooltip);
  g_signal_connect (button, "clicked", G_CALLBACK (resolve_clicked_cb), club);
  return button;
}

static void
add_conflict (ClubPage                 *club,
              const LwClubConflictItem *item)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_autofree char *name = NULL;
  g_autofree char *keep = g_strdup_printf (/* TRANSLATORS: Preferences → Club, the tooltip of Keep Mine: %s the other laptop's name */
                                           _("Keep this copy as a game of its own: it is shared at the next "
                                             "sync, and “%s”'s is shown beside it"), item->owner);
  g_autofree char *take = g_strdup_printf (/* TRANSLATORS: Preferences → Club, the tooltip of Use Theirs: %s the other laptop's name */
                                           _("Replace this copy with “%s”'s game, read-only here like every "
                                             "other laptop's"), item->owner);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), item->title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), item->subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 4);
  /* Named for the tests, which find it by its name (lw_test_find()). */
  name = g_strdup_printf ("conflict-%" G_GINT64_FORMAT, item->conflict->game);
  gtk_widget_set_name (row, name);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  /* TRANSLATORS: Preferences → Club: keep this laptop's copy of a game another laptop shared first */
  gtk_box_append (GTK_BOX (box), resolve_button (club, item, TRUE, _("_Keep Mine"), keep));
  /* TRANSLATORS: Preferences → Club: use the other laptop's game instead of this laptop's copy */
  gtk_box_append (GTK_BOX (box), resolve_button (club, item, FALSE, _("_Use Theirs"), take));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), box);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (club->conflicts), row);
  g_ptr_array_add (club->conflict_rows, row);
}

/* The group as @items say; hidden when there is none, or when they
 * cannot be read (the sync's row says why the server cannot be reached). */
static void
show_conflicts (ClubPage  *club,
                GPtrArray *items)
{
  for (guint i = 0; i < club->conflict_rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (club->conflicts),
                                  g_ptr_array_index (club->conflict_rows, i));
  g_ptr_array_set_size (club->conflict_rows, 0);
  for (guint i = 0; items != NULL && i < items->len; i++)
    add_conflict (club, g_ptr_array_index (items, i));
  gtk_widget_set_visible (club->conflicts, club->conflict_rows->len > 0);
}

static void
conflicts_listed_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) items = lw_club_list_conflicts_finish (result, &error);
  ClubPage *club = data;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  club->listing_conflicts = FALSE;
  show_conflicts (club, items);
  if (club->list_conflicts_again)
    {
      club->list_conflicts_again = FALSE;
      list_conflicts (club);
    }
}

/* Asks the server on a worker thread which games here wait in a
 * conflict, one reading at a time. */
static void
list_conflicts (ClubPage *club)
{
  g_autoptr (LwClubState) state = lw_store_club_get_state (club->store, FALSE, NULL);

  if (state == NULL)
    return;
  if (club->listing_conflicts)
    {
      club->list_conflicts_again = TRUE;
      return;
    }
  club->listing_conflicts = TRUE;
  lw_club_list_conflicts_async (club->store, club->cancellable, conflicts_listed_cb, club);
}

static GtkWidget *
add_join_group (GtkWidget *page,
                ClubPage  *club)
{
  GtkWidget *group = adw_preferences_group_new ();
  g_autoptr (LwClubState) state = lw_store_club_get_state (club->store, FALSE, NULL);

  /* TRANSLATORS: the group heading of Preferences → Club where a club server is joined */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Join a Club Server"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         /* TRANSLATORS: below the heading "Join a Club Server" */
                                         _("The club's owner gives each laptop its ID and password "
                                           "(littlewolf-cli club add-origin). The password goes to "
                                           "your keyring, never into the database."));
  /* TRANSLATORS: Preferences → Club: the field of the server's libpq connection string */
  club->conninfo = add_entry (group, adw_entry_row_new (), _("Server (host=… dbname=… user=…)"));
  /* TRANSLATORS: Preferences → Club: the field of this laptop's origin UUID */
  club->origin = add_entry (group, adw_entry_row_new (), _("This Laptop's ID"));
  /* TRANSLATORS: Preferences → Club: the field of the laptop's club password */
  club->password = add_entry (group, adw_password_entry_row_new (), _("Password"));
  if (state != NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (club->conninfo), state->conninfo);
      gtk_editable_set_text (GTK_EDITABLE (club->origin), state->origin);
    }
  club->join_row = ADW_ACTION_ROW (adw_action_row_new ());
  /* TRANSLATORS: Preferences → Club: the row of the Join button */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (club->join_row), _("Join"));
  adw_action_row_set_subtitle_lines (club->join_row, 4);
  /* TRANSLATORS: Preferences → Club: the button that joins the club server given */
  club->join = gtk_button_new_with_mnemonic (_("_Join"));
  gtk_widget_set_valign (club->join, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (club->join_row, club->join);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (club->join_row));
  g_signal_connect (club->join, "clicked", G_CALLBACK (join_clicked_cb), page);
  return group;
}

GtkWidget *
lw_club_page_new (LwStore    *store,
                  LwClubAuto *auto_sync)
{
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *group = adw_preferences_group_new ();
  ClubPage *club = g_new0 (ClubPage, 1);

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (auto_sync == NULL || LW_IS_CLUB_AUTO (auto_sync), NULL);

  club->store = g_object_ref (store);
  club->auto_sync = auto_sync != NULL ? g_object_ref (auto_sync) : lw_club_auto_new (store);
  club->cancellable = g_cancellable_new ();
  club->rows = g_ptr_array_new ();
  club->conflict_rows = g_ptr_array_new ();
  club->page = page;
  /* TRANSLATORS: the Preferences page of the club server */
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("Club"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page), "network-server-symbolic");
  adw_preferences_page_set_name (ADW_PREFERENCES_PAGE (page), "club");
  /* TRANSLATORS: the group heading of Preferences → Club */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Club Server"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         /* TRANSLATORS: below the heading of Preferences → Club */
                                         _("Games and events shared with the club's other laptops through its "
                                           "PostgreSQL server, synced after each change and every few minutes. "
                                           "Other laptops' games and events are read-only here."));
  club->row = ADW_ACTION_ROW (adw_action_row_new ());
  /* TRANSLATORS: Preferences → Club: the row of the sync's state */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (club->row), _("Sync"));
  adw_action_row_set_subtitle_lines (club->row, 6);
  club->button = gtk_button_new_with_mnemonic (_("Sync _Now"));
  gtk_widget_set_valign (club->button, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (club->row, club->button);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (club->row));
  {
    GtkWidget *open;

    club->admin_row = adw_action_row_new ();
    /* TRANSLATORS: Preferences → Club: the row that opens the club admin's window */
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (club->admin_row), _("Club Admin"));
    adw_action_row_set_subtitle (ADW_ACTION_ROW (club->admin_row),
                                 /* TRANSLATORS: Preferences → Club: below “Club Admin” */
                                 _("Rename and merge the roster's players, decide the laptops' merge "
                                   "requests, see when each laptop last synced: with an admin's login"));
    /* TRANSLATORS: Preferences → Club: the button that opens the club admin's window */
    open = gtk_button_new_with_mnemonic (_("_Open…"));
    gtk_widget_set_valign (open, GTK_ALIGN_CENTER);
    g_signal_connect (open, "clicked", G_CALLBACK (admin_clicked_cb), club);
    adw_action_row_add_suffix (ADW_ACTION_ROW (club->admin_row), open);
    adw_action_row_set_activatable_widget (ADW_ACTION_ROW (club->admin_row), open);
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), club->admin_row);
  }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
  club->conflicts = suggestions_group (/* TRANSLATORS: the group heading of Preferences → Club: games entered on this laptop and on another */
                                       _("Same Game on Two Laptops"),
                                       /* TRANSLATORS: below the heading "Same Game on Two Laptops" on Preferences → Club */
                                       _("These games were also entered on another laptop, which shared them "
                                         "first, so the copies here are not shared. Keep a copy as a game of "
                                         "its own, or use the other laptop's instead."));
  gtk_widget_set_visible (club->conflicts, FALSE);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (club->conflicts));
  club->incoming = suggestions_group (/* TRANSLATORS: the group heading of Preferences → Club: suggestions from other laptops */
                                      _("Suggestions"),
                                      /* TRANSLATORS: below the heading "Suggestions" on Preferences → Club */
                                      _("Corrections that other laptops suggest for this laptop's games. "
                                        "Accepting one makes it here, as this laptop's own correction."));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (club->incoming));
  club->sent = suggestions_group (/* TRANSLATORS: the group heading of Preferences → Club: suggestions sent from here */
                                  _("Sent Suggestions"),
                                  /* TRANSLATORS: below the heading "Sent Suggestions" on Preferences → Club */
                                  _("Corrections of other laptops' games sent from here, and what their "
                                    "laptops decided."));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (club->sent));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page),
                            ADW_PREFERENCES_GROUP (add_join_group (page, club)));
  g_object_set_data_full (G_OBJECT (page), "lw-club", club, (GDestroyNotify) club_page_free);
  g_signal_connect (club->button, "clicked", G_CALLBACK (sync_clicked_cb), club);
  club->changed_id = g_signal_connect (club->auto_sync, "changed", G_CALLBACK (changed_cb), club);
  refresh (club);
  list_suggestions (club);
  list_conflicts (club);
  return page;
}

gboolean
lw_club_page_is_busy (GtkWidget *page)
{
  ClubPage *club = g_object_get_data (G_OBJECT (page), "lw-club");

  g_return_val_if_fail (club != NULL, FALSE);
  return club->listing || club->deciding > 0 || club->listing_conflicts || club->resolving > 0;
}

guint
lw_club_page_get_n_suggestions (GtkWidget *page,
                                gboolean   incoming)
{
  ClubPage *club = g_object_get_data (G_OBJECT (page), "lw-club");
  GtkWidget *group;
  guint n = 0;

  g_return_val_if_fail (club != NULL, 0);
  group = incoming ? club->incoming : club->sent;
  for (guint i = 0; i < club->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (club->rows, i);

      if (g_str_has_prefix (gtk_widget_get_name (row), "suggestion-")
          && gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP) == group)
        n++;
    }
  return n;
}

guint
lw_club_page_get_n_conflicts (GtkWidget *page)
{
  ClubPage *club = g_object_get_data (G_OBJECT (page), "lw-club");

  g_return_val_if_fail (club != NULL, 0);
  return club->conflict_rows->len;
}
