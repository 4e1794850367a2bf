/* lw-club-suggestions.c — suggestions in the app (docs/CLUB-SERVER.md
 * "Suggestions"): the store's libpq calls on worker threads, each with a
 * second connection (a connection is used by one thread at a time), and
 * a suggestion in words for the Club page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-club-suggestions.h"
#include "lw-store-watch.h"
#include "lw-words.h"

char *
lw_club_game_owner (LwStore *store,
                    gint64   game)
{
  g_autoptr (LwClubState) state = NULL;
  g_autofree char *uuid = NULL;
  g_autofree char *owner = NULL;
  gint64 found = 0;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);

  if (game <= 0 || (state = lw_store_club_get_state (store, FALSE, NULL)) == NULL)
    return NULL;
  if (!lw_store_club_find_game (store, game, &uuid, &found, &owner, NULL, NULL) || found == 0)
    return NULL;
  return g_steal_pointer (&owner);
}

AdwMessageDialog *
lw_club_offer_dialog_new (GtkWidget    *widget,
                          LwStore      *store,
                          gint64        game,
                          const GError *refusal)
{
  g_autofree char *owner = NULL;
  g_autofree char *name = NULL;
  g_autofree char *why = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (LW_IS_STORE (store) && refusal != NULL, NULL);

  owner = lw_club_game_owner (store, game);
  if (owner == NULL)
    return NULL;
  name = lw_isolate_name (owner);
  why = lw_message_capitalize (refusal->message);
  /* TRANSLATORS: the offer after a correction of another club laptop's game was refused: %1$s why,
   * %2$s that laptop's name */
  body = g_strdup_printf (_("%1$s.\n\nThe correction can go to “%2$s” as a suggestion instead: it is made "
                            "there once that laptop accepts it, and reaches this one with the next sync."),
                          why, name);
  dialog = lw_message_dialog_new (widget,
                                  /* TRANSLATORS: the heading of the offer to send a refused correction as a suggestion */
                                  _("This Game Belongs to Another Laptop"), body, NULL, "suggest",
                                  /* TRANSLATORS: a button: send the refused correction to the game's owner */
                                  _("_Send as Suggestion"));
  g_object_set_data_full (G_OBJECT (dialog), "lw-owner", g_steal_pointer (&owner), g_free);
  return dialog;
}

char *
lw_club_describe_not_sent (const GError *error)
{
  g_autofree char *why = NULL;

  g_return_val_if_fail (error != NULL, NULL);

  why = lw_message_capitalize (error->message);
  /* TRANSLATORS: the form holding a correction when it could not be sent as a suggestion;
   * %s is why (the server's or the engine's words) */
  return g_strdup_printf (_("The suggestion was not sent: %s"), why);
}

char *
lw_club_describe_sent (gint64      id,
                       const char *owner)
{
  g_autofree char *name = lw_isolate_name (owner);
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, id);

  /* TRANSLATORS: a toast: a correction of another club laptop's game was sent to it; %1$s the
   * suggestion's number, %2$s that laptop's name */
  return g_strdup_printf (_("Suggestion %1$s sent to “%2$s”: it waits for that laptop's decision"),
                          number, name);
}

GTask *
lw_club_task_on_another (LwStore             *store,
                         gpointer             tag,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr (GError) error = NULL;
  LwStore *other = lw_store_open_another (store, 5000, &error);

  g_task_set_source_tag (task, tag);
  if (other == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return NULL;
    }
  g_task_set_task_data (task, other, g_object_unref);
  return g_steal_pointer (&task);
}

typedef struct {
  LwStore             *store;      /* the window's, whose watch is told */
  LwClubWrite          func;
  gpointer             data;       /* owned, for @func */
  GAsyncReadyCallback  callback;
  gpointer             user_data;
} Run;

static void
run_thread (GTask        *task,
            gpointer      source,
            gpointer      task_data,
            GCancellable *cancellable)
{
  LwStore *store = task_data;
  Run *run = g_object_get_data (G_OBJECT (task), "lw-run");
  GError *error = NULL;

  if (run->func (store, run->data, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* In the caller's context: the watch reads the change the other
 * connection made, then the caller's callback. */
static void
ran_cb (GObject      *source,
        GAsyncResult *result,
        gpointer      data)
{
  Run *run = data;
  LwStoreWatch *watch = lw_store_watch_find (run->store);

  if (watch != NULL)
    lw_store_watch_check (watch);
  if (run->callback != NULL)
    run->callback (source, result, run->user_data);
  g_object_unref (run->store);
  g_free (run->data);
  g_free (run);
}

void
lw_club_run_on_another (LwStore             *store,
                        gpointer             tag,
                        LwClubWrite          func,
                        gconstpointer        data,
                        gsize                size,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  Run *run;

  run = g_new0 (Run, 1);
  run->store = g_object_ref (store);
  run->func = func;
  run->data = g_memdup2 (data, size);
  run->callback = callback;
  run->user_data = user_data;
  task = lw_club_task_on_another (store, tag, cancellable, ran_cb, run);
  if (task == NULL)
    return;
  g_object_set_data (G_OBJECT (task), "lw-run", run);
  g_task_run_in_thread (task, run_thread);
}

/* ---- sending ------------------------------------------------------- */

typedef struct {
  gint64   game;
  LwEdit   edit;    /* its round @round */
  LwRound *round;   /* owned, nullable */
} SuggestData;

static void
suggest_data_free (SuggestData *data)
{
  g_clear_pointer (&data->round, lw_round_free);
  g_free (data);
}

static void
suggest_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  LwStore *store = task_data;
  SuggestData *data = g_object_get_data (G_OBJECT (task), "lw-suggestion");
  GError *error = NULL;
  gint64 id = 0;

  if (lw_club_suggest (store, data->game, &data->edit, &id, &error))
    g_task_return_int (task, id);
  else
    g_task_return_error (task, error);
}

void
lw_club_suggest_async (LwStore             *store,
                       gint64               game,
                       const LwEdit        *edit,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  SuggestData *data;

  g_return_if_fail (LW_IS_STORE (store));
  g_return_if_fail (game > 0 && edit != NULL);

  task = lw_club_task_on_another (store, lw_club_suggest_async, cancellable, callback, user_data);
  if (task == NULL)
    return;
  data = g_new0 (SuggestData, 1);
  data->game = game;
  data->edit = *edit;
  data->round = edit->round != NULL ? lw_round_copy (edit->round) : NULL;
  data->edit.round = data->round;
  g_object_set_data_full (G_OBJECT (task), "lw-suggestion", data, (GDestroyNotify) suggest_data_free);
  g_task_run_in_thread (task, suggest_thread);
}

gboolean
lw_club_suggest_finish (GAsyncResult  *result,
                        gint64        *id,
                        GError       **error)
{
  gint64 number;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == lw_club_suggest_async, FALSE);

  number = g_task_propagate_int (G_TASK (result), error);
  if (number <= 0)
    return FALSE;
  if (id != NULL)
    *id = number;
  return TRUE;
}

/* ---- in words ------------------------------------------------------ */

void
lw_club_suggestion_item_free (LwClubSuggestionItem *item)
{
  if (item == NULL)
    return;
  lw_club_suggestion_free (item->suggestion);
  g_free (item->title);
  g_free (item->subtitle);
  g_free (item);
}

/* The correction in words: "Round 2 changed", "Hand 3 deleted", "New
 * round before round 3". */
static char *
describe_kind (const LwClubSuggestion *suggestion,
               gboolean                garwolf)
{
  guint n = suggestion->number;

  switch (suggestion->kind)
    {
    case LW_EDIT_INSERT:
      return g_strdup_printf (garwolf
                              /* TRANSLATORS: a suggestion on Preferences → Club: a Garwolf hand inserted before hand %u */
                              ? _("New hand before hand %u")
                              /* TRANSLATORS: a suggestion on Preferences → Club: a round inserted before round %u */
                              : _("New round before round %u"), n);
    case LW_EDIT_DELETE:
      return g_strdup_printf (garwolf
                              /* TRANSLATORS: a suggestion on Preferences → Club: Garwolf hand %u deleted */
                              ? _("Hand %u deleted")
                              /* TRANSLATORS: a suggestion on Preferences → Club: round %u deleted */
                              : _("Round %u deleted"), n);
    case LW_EDIT_REPLACE:
    default:
      return g_strdup_printf (garwolf
                              /* TRANSLATORS: a suggestion on Preferences → Club: Garwolf hand %u corrected */
                              ? _("Hand %u changed")
                              /* TRANSLATORS: a suggestion on Preferences → Club: round %u corrected */
                              : _("Round %u changed"), n);
    }
}

/* Who sent it (or to whom, and its state), when, and the game's ID. */
static char *
describe_origin (const LwClubSuggestion *suggestion)
{
  g_autofree char *when = lw_format_time (suggestion->made, TRUE);
  g_autofree char *name = lw_isolate_name (suggestion->incoming ? suggestion->from : suggestion->to);
  g_autofree char *who = NULL;
  const char *state = suggestion->state;

  if (suggestion->incoming)
    /* TRANSLATORS: a suggestion on Preferences → Club: %s the laptop that sent it */
    who = g_strdup_printf (_("From “%s”"), name);
  else if (g_strcmp0 (state, "accepted") == 0)
    /* TRANSLATORS: a suggestion sent from here, %s the laptop that owns the game */
    who = g_strdup_printf (_("To “%s”: accepted"), name);
  else if (g_strcmp0 (state, "declined") == 0)
    /* TRANSLATORS: a suggestion sent from here, %s the laptop that owns the game */
    who = g_strdup_printf (_("To “%s”: declined"), name);
  else
    /* TRANSLATORS: a suggestion sent from here, %s the laptop that owns the game */
    who = g_strdup_printf (_("To “%s”: waiting for its decision"), name);
  if (suggestion->local > 0)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, suggestion->local);

      /* TRANSLATORS: a suggestion on Preferences → Club: %1$s who, %2$s when, %3$s the game's number */
      return g_strdup_printf (_("%1$s · %2$s · Game %3$s"), who, when, number);
    }
  /* TRANSLATORS: a suggestion on Preferences → Club: %1$s who, %2$s when */
  return g_strdup_printf (_("%1$s · %2$s"), who, when);
}

/* The round's facts and what the correction does to the game, one fact a
 * line; why it no longer applies when it does not. */
static char *
describe_change (const LwStoredGame     *game,
                 const LwClubSuggestion *suggestion)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (LwRound) round = NULL;
  g_autoptr (LwEditResult) result = NULL;
  g_autoptr (GError) error = NULL;
  const LwGameRecord *record = game->record;
  guint n = suggestion->number;
  LwEdit edit = { suggestion->kind, n, NULL };

  if (suggestion->round != NULL)
    round = lw_round_from_json (record, suggestion->round, -1, n, &error);
  if (suggestion->kind != LW_EDIT_DELETE && round == NULL)
    {
      g_autofree char *why = lw_message_capitalize (error != NULL ? error->message : "no round");

      return g_steal_pointer (&why);
    }
  edit.round = round;
  if (round != NULL)
    {
      g_autofree char *facts = lw_describe_round_facts (record, round);

      /* TRANSLATORS: a suggestion on Preferences → Club: the suggested round's facts */
      g_string_append_printf (text, _("Now: %s"), facts);
    }
  if (suggestion->kind != LW_EDIT_INSERT && n >= 1 && n <= record->rounds->len)
    {
      g_autofree char *facts = lw_describe_round_facts (record, g_ptr_array_index (record->rounds, n - 1));

      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* TRANSLATORS: a suggestion on Preferences → Club: the round's facts as stored here */
      g_string_append_printf (text, _("Before: %s"), facts);
    }
  result = lw_edit_apply (record, &edit, &error);
  if (text->len > 0)
    g_string_append_c (text, '\n');
  if (result != NULL)
    {
      g_autofree char *effect = lw_describe_edit (record, &edit, result);

      g_string_append (text, effect);
    }
  else
    {
      g_autofree char *why = lw_message_capitalize (error->message);

      g_string_append (text, why);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

LwClubSuggestionItem *
lw_club_suggestion_item_new (LwStore          *store,
                             LwClubSuggestion *suggestion)
{
  LwClubSuggestionItem *item = g_new0 (LwClubSuggestionItem, 1);
  g_autoptr (LwStoredGame) game = NULL;
  g_autofree char *kind = NULL;
  g_autofree char *sides = NULL;
  g_autofree char *origin = NULL;
  g_autofree char *change = NULL;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (suggestion != NULL, NULL);

  item->suggestion = suggestion;
  if (suggestion->local > 0)
    game = lw_store_load_game (store, suggestion->local, NULL);
  kind = describe_kind (suggestion, game != NULL && game->record->ruleset == LW_RULESET_GARWOLF);
  sides = game != NULL ? lw_sides_title (game->record)
                       /* TRANSLATORS: a suggestion on Preferences → Club whose game this database does not hold */
                       : g_strdup (_("Game not held here"));
  /* TRANSLATORS: a suggestion on Preferences → Club: %1$s the game's sides, %2$s the correction */
  item->title = g_strdup_printf (_("%1$s · %2$s"), sides, kind);
  origin = describe_origin (suggestion);
  change = game != NULL ? describe_change (game, suggestion) : NULL;
  item->subtitle = change != NULL ? g_strdup_printf ("%s\n%s", origin, change) : g_steal_pointer (&origin);
  return item;
}

/* ---- listing ------------------------------------------------------- */

static void
list_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LwStore *store = task_data;
  g_autoptr (GPtrArray) suggestions = NULL;
  g_autoptr (GPtrArray) items = NULL;
  GError *error = NULL;
  guint offset = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (task), "lw-offset"));
  gboolean more = FALSE;

  suggestions = lw_club_list_suggestions (store, offset, LW_CLUB_SUGGESTIONS_PAGE, &more, &error);
  /* Read by the finish, once the thread is done. */
  g_object_set_data (G_OBJECT (task), "lw-more", GINT_TO_POINTER (more));
  if (suggestions == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  items = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_suggestion_item_free);
  /* The items take the suggestions over. */
  g_ptr_array_set_free_func (suggestions, NULL);
  for (guint i = 0; i < suggestions->len; i++)
    g_ptr_array_add (items, lw_club_suggestion_item_new (store, g_ptr_array_index (suggestions, i)));
  g_task_return_pointer (task, g_steal_pointer (&items), (GDestroyNotify) g_ptr_array_unref);
}

void
lw_club_list_suggestions_async (LwStore             *store,
                                guint                offset,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (LW_IS_STORE (store));

  task = lw_club_task_on_another (store, lw_club_list_suggestions_async, cancellable, callback, user_data);
  if (task == NULL)
    return;
  g_object_set_data (G_OBJECT (task), "lw-offset", GUINT_TO_POINTER (offset));
  g_task_run_in_thread (task, list_thread);
}

GPtrArray *
lw_club_list_suggestions_finish (GAsyncResult  *result,
                                 gboolean      *more,
                                 GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == lw_club_list_suggestions_async, NULL);

  if (more != NULL)
    *more = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (result), "lw-more"));
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- deciding ------------------------------------------------------ */

typedef struct {
  gint64   id;
  gboolean accept;
} Decision;

static gboolean
decide (LwStore        *other,
        gconstpointer   data,
        GError        **error)
{
  const Decision *decision = data;

  return lw_club_decide_suggestion (other, decision->id, decision->accept, error);
}

void
lw_club_decide_suggestion_async (LwStore             *store,
                                 gint64               id,
                                 gboolean             accept,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  Decision decision = { id, accept };

  g_return_if_fail (LW_IS_STORE (store));
  g_return_if_fail (id > 0);

  lw_club_run_on_another (store, lw_club_decide_suggestion_async, decide, &decision, sizeof decision,
                          cancellable, callback, user_data);
}

gboolean
lw_club_decide_suggestion_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == lw_club_decide_suggestion_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
