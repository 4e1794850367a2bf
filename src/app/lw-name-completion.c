/* lw-name-completion.c — the one completion of players' names
 *
 * GTK's inline completion (GtkEntryCompletion's inline-completion) reads
 * its matches from the last time it filtered them while the text keeps
 * changing under it: typed quickly, "Ann" became "Annn", "Cleo" "Cleoeo"
 * (the rest for the text before the last key went in after it, not
 * selected). The list of matches is kept from GtkEntryCompletion (its
 * popup, with no inline part); the completion in place is done here, from
 * the text as it is at that moment.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-name-completion.h"

struct _LwNameCompletion
{
  GObject parent_instance;

  /* owned */
  GtkListStore *names;   /* one column: the name */
};

G_DEFINE_FINAL_TYPE (LwNameCompletion, lw_name_completion, G_TYPE_OBJECT)

/* The completion in place waiting for the main loop: for @entry, whose
 * text was @typed with the cursor at its end. */
typedef struct {
  LwNameCompletion *self;    /* owned */
  GWeakRef          entry;
  char             *typed;
} Pending;

static void
pending_free (gpointer data)
{
  Pending *pending = data;

  g_object_unref (pending->self);
  g_weak_ref_clear (&pending->entry);
  g_free (pending->typed);
  g_free (pending);
}

/* The first name (in the store's order) that starts with @typed, case
 * aside, and is longer; NULL when none. */
static char *
find_completion (LwNameCompletion *self,
                 const char       *typed)
{
  g_autofree char *key = g_utf8_casefold (typed, -1);
  glong key_chars = g_utf8_strlen (typed, -1);
  GtkTreeIter iter;
  gboolean valid;

  for (valid = gtk_tree_model_get_iter_first (GTK_TREE_MODEL (self->names), &iter); valid;
       valid = gtk_tree_model_iter_next (GTK_TREE_MODEL (self->names), &iter))
    {
      g_autofree char *name = NULL;
      g_autofree char *head = NULL;
      g_autofree char *folded = NULL;

      gtk_tree_model_get (GTK_TREE_MODEL (self->names), &iter, 0, &name, -1);
      if (name == NULL || g_utf8_strlen (name, -1) <= key_chars)
        continue;
      head = g_utf8_substring (name, 0, key_chars);
      folded = g_utf8_casefold (head, -1);
      if (strcmp (folded, key) == 0)
        return g_steal_pointer (&name);
    }
  return NULL;
}

static gboolean
complete_in_place (gpointer data)
{
  Pending *pending = data;
  g_autoptr (GtkEntry) entry = g_weak_ref_get (&pending->entry);
  g_autofree char *name = NULL;
  GtkEditable *editable;
  int start, end, length, position;

  if (entry == NULL)
    return G_SOURCE_REMOVE;
  editable = GTK_EDITABLE (entry);
  g_object_set_data (G_OBJECT (entry), "lw-name-completion-pending", NULL);

  /* Only the text as typed, the cursor at its end, nothing selected: any
   * key since then makes its own completion. */
  length = (int) g_utf8_strlen (gtk_editable_get_text (editable), -1);
  if (strcmp (gtk_editable_get_text (editable), pending->typed) != 0
      || gtk_editable_get_selection_bounds (editable, &start, &end)
      || gtk_editable_get_position (editable) != length)
    return G_SOURCE_REMOVE;

  name = find_completion (pending->self, pending->typed);
  if (name == NULL)
    return G_SOURCE_REMOVE;
  position = length;
  g_object_set_data (G_OBJECT (entry), "lw-name-completion-inserting", GINT_TO_POINTER (TRUE));
  gtk_editable_insert_text (editable, g_utf8_offset_to_pointer (name, length), -1, &position);
  g_object_set_data (G_OBJECT (entry), "lw-name-completion-inserting", NULL);
  gtk_editable_select_region (editable, length, position);
  return G_SOURCE_REMOVE;
}

/* After text went into the entry: at its end, a completion in place is
 * looked for once the key is handled (GtkText puts the cursor after the
 * inserted text only after this signal). */
static void
text_inserted_cb (GtkEditable *delegate,
                  const char  *text,
                  int          length,
                  int         *position,
                  gpointer     user_data)
{
  GtkEntry *entry = GTK_ENTRY (gtk_widget_get_parent (GTK_WIDGET (delegate)));
  LwNameCompletion *self = user_data;
  Pending *pending;
  guint source;

  /* Nothing typed (setting the text inserts it, "" too), or not at the
   * end: nothing to complete. */
  if (g_object_get_data (G_OBJECT (entry), "lw-name-completion-inserting") != NULL
      || length == 0 || *gtk_editable_get_text (delegate) == '\0'
      || *position != (int) g_utf8_strlen (gtk_editable_get_text (delegate), -1))
    return;

  source = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "lw-name-completion-pending"));
  if (source != 0)
    g_source_remove (source);
  pending = g_new0 (Pending, 1);
  pending->self = g_object_ref (self);
  g_weak_ref_init (&pending->entry, entry);
  pending->typed = g_strdup (gtk_editable_get_text (delegate));
  source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, complete_in_place, pending, pending_free);
  g_object_set_data (G_OBJECT (entry), "lw-name-completion-pending", GUINT_TO_POINTER (source));
}

/* A pending completion in place does not outlive its entry's text. */
static void
entry_destroyed_cb (GtkWidget *entry,
                    gpointer   user_data)
{
  guint source = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "lw-name-completion-pending"));

  if (source != 0)
    g_source_remove (source);
  g_object_set_data (G_OBJECT (entry), "lw-name-completion-pending", NULL);
}

void
lw_name_completion_attach (LwNameCompletion *self,
                           GtkEntry         *entry)
{
  g_autoptr (GtkEntryCompletion) completion = gtk_entry_completion_new ();

  g_return_if_fail (LW_IS_NAME_COMPLETION (self));
  g_return_if_fail (GTK_IS_ENTRY (entry));

  gtk_entry_completion_set_model (completion, GTK_TREE_MODEL (self->names));
  gtk_entry_completion_set_text_column (completion, 0);
  gtk_entry_completion_set_minimum_key_length (completion, 1);
  gtk_entry_completion_set_inline_completion (completion, FALSE);
  gtk_entry_completion_set_popup_single_match (completion, FALSE);
  gtk_entry_set_completion (entry, completion);

  g_object_set_data_full (G_OBJECT (entry), "lw-name-completion", g_object_ref (self), g_object_unref);
  g_signal_connect_object (gtk_editable_get_delegate (GTK_EDITABLE (entry)), "insert-text",
                           G_CALLBACK (text_inserted_cb), self, G_CONNECT_AFTER);
  g_signal_connect (entry, "destroy", G_CALLBACK (entry_destroyed_cb), NULL);
}

gboolean
lw_name_completion_reload (LwNameCompletion  *self,
                           LwStore           *store,
                           GError           **error)
{
  g_auto (GStrv) names = NULL;

  g_return_val_if_fail (LW_IS_NAME_COMPLETION (self), FALSE);
  g_return_val_if_fail (store == NULL || LW_IS_STORE (store), FALSE);

  gtk_list_store_clear (self->names);
  if (store == NULL)
    return TRUE;
  names = lw_store_list_player_names (store, error);
  if (names == NULL)
    return FALSE;
  for (guint i = 0; names[i] != NULL; i++)
    gtk_list_store_insert_with_values (self->names, NULL, -1, 0, names[i], -1);
  return TRUE;
}

guint
lw_name_completion_get_n_names (LwNameCompletion *self)
{
  g_return_val_if_fail (LW_IS_NAME_COMPLETION (self), 0);

  return (guint) gtk_tree_model_iter_n_children (GTK_TREE_MODEL (self->names), NULL);
}

LwNameCompletion *
lw_name_completion_new (void)
{
  return g_object_new (LW_TYPE_NAME_COMPLETION, NULL);
}

static void
lw_name_completion_finalize (GObject *object)
{
  LwNameCompletion *self = LW_NAME_COMPLETION (object);

  g_clear_object (&self->names);

  G_OBJECT_CLASS (lw_name_completion_parent_class)->finalize (object);
}

static void
lw_name_completion_class_init (LwNameCompletionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lw_name_completion_finalize;
}

static void
lw_name_completion_init (LwNameCompletion *self)
{
  self->names = gtk_list_store_new (1, G_TYPE_STRING);
}
