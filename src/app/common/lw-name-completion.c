/* lw-name-completion.c — the one completion of players' names
 *
 * The names are offered in a list above the entry (GtkEntryCompletion's
 * popup) and nothing is ever written into the entry but what the user
 * types or the name they pick from the list (Down and Enter, or a click).
 * A completion in place, the rest of a name inserted and selected after
 * each key, raced the keys still arriving: typed quickly, "Ann" was
 * stored as "Annn" and "Eve" as "Evee" (a key went in after the rest
 * instead of over it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-app-util.h"
#include "lw-name-completion.h"

/* At most this many names are offered at once: the list under a seat
 * stays short enough, at 360 px, to leave the next seat in view. */
#define MAX_SUGGESTIONS 3

struct _LwNameCompletion
{
  GObject parent_instance;

  /* owned */
  GtkListStore *names;   /* the name; the name normalised and case-folded */
  char *shown_key;       /* the key of shown[] */
  int shown[MAX_SUGGESTIONS];  /* the rows offered for it, -1 for none */
  gboolean roster;       /* the club roster's names too */
};

G_DEFINE_FINAL_TYPE (LwNameCompletion, lw_name_completion, G_TYPE_OBJECT)

/* Whether the row at @iter is one of the first MAX_SUGGESTIONS names (in
 * the store's order) that start with @key, case aside (@key comes
 * normalised and case-folded from GtkEntryCompletion) and are longer
 * than it. The rows shown are
 * worked out once per key. */
static gboolean
match_cb (GtkEntryCompletion *completion,
          const char         *key,
          GtkTreeIter        *iter,
          gpointer            user_data)
{
  LwNameCompletion *self = user_data;
  GtkTreeModel *model = GTK_TREE_MODEL (self->names);
  g_autoptr (GtkTreePath) path = gtk_tree_model_get_path (model, iter);
  int index = gtk_tree_path_get_indices (path)[0];

  if (g_strcmp0 (self->shown_key, key) != 0)
    {
      size_t key_length = strlen (key);
      GtkTreeIter row;
      guint n = 0;

      g_free (self->shown_key);
      self->shown_key = g_strdup (key);
      for (guint i = 0; i < MAX_SUGGESTIONS; i++)
        self->shown[i] = -1;
      for (gboolean valid = gtk_tree_model_get_iter_first (model, &row); valid && n < MAX_SUGGESTIONS;
           valid = gtk_tree_model_iter_next (model, &row))
        {
          g_autofree char *folded = NULL;
          g_autoptr (GtkTreePath) row_path = NULL;

          gtk_tree_model_get (model, &row, 1, &folded, -1);
          /* (The name typed in full is not offered again.) */
          if (folded == NULL || strncmp (folded, key, key_length) != 0 || folded[key_length] == '\0')
            continue;
          row_path = gtk_tree_model_get_path (model, &row);
          self->shown[n++] = gtk_tree_path_get_indices (row_path)[0];
        }
    }
  for (guint i = 0; i < MAX_SUGGESTIONS; i++)
    if (self->shown[i] == index)
      return TRUE;
  return FALSE;
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
  gtk_entry_completion_set_inline_selection (completion, FALSE);
  gtk_entry_completion_set_popup_single_match (completion, TRUE);
  gtk_entry_completion_set_match_func (completion, match_cb, self, NULL);
  gtk_entry_set_completion (entry, completion);

  /* GtkEntryCompletion's list (a popover of the entry's) selects the row
   * under the pointer, and Enter then takes that name: a pointer left
   * where the list opens would turn "An" into "Annabel". Only Down, Up
   * or a click pick a name. The list opens above the entry, so that the
   * next field (the next seat) stays in view as this one is typed. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (entry)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      {
        GtkWidget *view = lw_find_widget (child, GTK_TYPE_TREE_VIEW);

        gtk_popover_set_position (GTK_POPOVER (child), GTK_POS_TOP);
        if (view != NULL)
          gtk_tree_view_set_hover_selection (GTK_TREE_VIEW (view), FALSE);
      }

  g_object_set_data_full (G_OBJECT (entry), "lw-name-completion", g_object_ref (self), g_object_unref);
}

/* Offers @name, unless @seen (its NFC forms) holds it already. */
static void
add_name (LwNameCompletion *self,
          GHashTable       *seen,
          const char       *name)
{
  g_autofree char *nfc = g_utf8_normalize (name, -1, G_NORMALIZE_NFC);
  g_autofree char *normalized = NULL;
  g_autofree char *folded = NULL;

  if (nfc == NULL || g_hash_table_contains (seen, nfc))
    return;
  g_hash_table_add (seen, g_steal_pointer (&nfc));
  normalized = g_utf8_normalize (name, -1, G_NORMALIZE_ALL);
  folded = g_utf8_casefold (normalized != NULL ? normalized : name, -1);
  gtk_list_store_insert_with_values (self->names, NULL, -1, 0, name, 1, folded, -1);
}

gboolean
lw_name_completion_reload (LwNameCompletion  *self,
                           LwStore           *store,
                           GError           **error)
{
  g_auto (GStrv) names = NULL;
  g_autoptr (GPtrArray) roster = NULL;
  g_autoptr (GHashTable) seen = NULL;

  g_return_val_if_fail (LW_IS_NAME_COMPLETION (self), FALSE);
  g_return_val_if_fail (store == NULL || LW_IS_STORE (store), FALSE);

  g_clear_pointer (&self->shown_key, g_free);
  gtk_list_store_clear (self->names);
  if (store == NULL)
    return TRUE;
  names = lw_store_list_player_names (store, error);
  roster = names == NULL ? NULL
           : self->roster ? lw_store_club_list_roster (store, error)
           : g_ptr_array_new ();
  if (roster == NULL)
    return FALSE;
  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; names[i] != NULL; i++)
    add_name (self, seen, names[i]);
  /* Then the club's players no game here has named yet (each once). */
  for (guint i = 0; i < roster->len; i++)
    add_name (self, seen, ((LwClubRosterEntry *) g_ptr_array_index (roster, i))->name);
  return TRUE;
}

void
lw_name_completion_set_roster (LwNameCompletion *self,
                               gboolean          roster)
{
  g_return_if_fail (LW_IS_NAME_COMPLETION (self));

  self->roster = roster;
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
  g_clear_pointer (&self->shown_key, g_free);

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
  self->names = gtk_list_store_new (2, G_TYPE_STRING, G_TYPE_STRING);
}
