/* lw-replay-window.c — a finished round replayed trick by trick
 *
 * The round's stored log is dealt again (lw_table_replay_prefix() of the
 * table lw_table_from_json() gives, with no action) and its actions are
 * applied one by one with lw_table_apply(); the table is copied each time
 * a trick is taken. Stepping shows one of those copies, its last trick in
 * the middle of the table view, read-only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-replay-window-private.h"
#include "lw-store-table.h"
#include "lw-table-seats.h"

struct _LwReplayWindow
{
  AdwWindow parent_instance;

  /* template widgets */
  AdwWindowTitle *title;
  LwTableView *view;
  GtkLabel *heading_label;
  GtkLabel *detail_label;
  GtkLabel *taken_label;
  GtkWidget *next_button;

  /* owned */
  LwGameRecord *record;
  GPtrArray *states;       /* LwTable*: the table after trick 1, 2, … */
  char *heading;

  guint trick;             /* shown, 1-based; 0 before anything is shown */
  int viewer;
};

G_DEFINE_FINAL_TYPE (LwReplayWindow, lw_replay_window, ADW_TYPE_WINDOW)

static const char *
name_of (LwReplayWindow *self,
         int             seat)
{
  if (seat < 0 || (guint) seat >= self->record->n_players)
    return "?";
  return lw_game_record_current_player (self->record, seat);
}

/* The tables after each trick, from the log's actions applied in order. */
static GPtrArray *
replay_tricks (const LwTable  *finished,
               GError        **error)
{
  g_autoptr (GPtrArray) states = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_table_free);
  g_autoptr (LwTable) table = lw_table_replay_prefix (finished, 0, error);
  const GArray *log = lw_table_get_log (finished);

  if (table == NULL)
    return NULL;
  for (guint i = 0; i < log->len; i++)
    {
      guint before = lw_table_get_tricks (table)->len;

      if (!lw_table_apply (table, &g_array_index (log, LwAction, i), error))
        return NULL;
      if (lw_table_get_tricks (table)->len > before)
        g_ptr_array_add (states, lw_table_copy (table));
    }
  return g_steal_pointer (&states);
}

static void
update_actions (LwReplayWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.previous", self->trick > 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.next", self->trick < self->states->len);
}

gboolean
lw_replay_window_set_trick (LwReplayWindow *self,
                            guint           trick)
{
  const LwTable *table;
  const GArray *tricks;
  const LwTrick *shown;
  const char *names[LW_MAX_SEATS];
  g_autoptr (GString) taken = g_string_new (NULL);
  g_autofree char *detail = NULL;
  guint n;

  g_return_val_if_fail (LW_IS_REPLAY_WINDOW (self), FALSE);

  if (trick < 1 || trick > self->states->len)
    return FALSE;
  self->trick = trick;
  table = g_ptr_array_index (self->states, trick - 1);
  tricks = lw_table_get_tricks (table);
  shown = &g_array_index (tricks, LwTrick, tricks->len - 1);
  n = lw_table_get_n_players (table);

  g_free (self->heading);
  /* TRANSLATORS: the trick shown in a replay of a round */
  self->heading = g_strdup_printf (_("Trick %u of %u"), trick, self->states->len);
  gtk_label_set_text (self->heading_label, self->heading);

  /* TRANSLATORS: a trick in a replay: who led it, who took it */
  detail = g_strdup_printf (_("%s led · %s took it"), name_of (self, shown->leader), name_of (self, shown->winner));
  gtk_label_set_text (self->detail_label, detail);

  for (guint s = 0; s < n && s < LW_MAX_SEATS; s++)
    {
      names[s] = name_of (self, (int) s);
      if (s > 0)
        g_string_append (taken, " · ");
      /* TRANSLATORS: cards a player has won in tricks so far, "Ann 12" */
      g_string_append_printf (taken, C_("taken", "%s %u"), names[s], lw_table_get_taken (table, (int) s));
    }
  {
    /* TRANSLATORS: the cards each player has won so far in a replay; %s is "Ann 12 · Ben 8" */
    g_autofree char *line = g_strdup_printf (_("Taken so far: %s"), taken->str);

    gtk_label_set_text (self->taken_label, line);
  }

  lw_table_view_set_table (self->view, table, self->viewer, names, NULL, FALSE);
  lw_table_view_set_last_trick_title (self->view, self->heading);
  lw_table_view_set_show_last_trick (self->view, TRUE);
  update_actions (self);
  return TRUE;
}

/* "replay.previous" and "replay.next": a trick back or on; the bell at
 * either end. */
static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  LwReplayWindow *self = LW_REPLAY_WINDOW (widget);
  guint trick = g_str_equal (action_name, "replay.previous") ? self->trick - 1 : self->trick + 1;

  if (!lw_replay_window_set_trick (self, trick))
    gtk_widget_error_bell (widget);
}

/* The hand shown: the one person's against computer seats, else the
 * Declarer's, else the Dealer's. */
static int
choose_viewer (LwStore       *store,
               gint64         id,
               const LwTable *table)
{
  g_autoptr (LwStoredTable) stored = lw_store_load_table (store, id, NULL);
  LwTableSeats seats;

  if (stored != NULL && lw_table_seats_from_json (stored->seats, &seats, NULL)
      && seats.n_players == lw_table_get_n_players (table) && lw_table_seats_n_people (&seats) == 1)
    for (guint s = 0; s < seats.n_players; s++)
      if (!seats.computer[s])
        return (int) s;
  if (lw_table_get_declarer (table) != LW_NO_SEAT)
    return lw_table_get_declarer (table);
  return lw_table_get_dealer (table);
}

LwReplayWindow *
lw_replay_window_new (GtkWindow  *parent,
                      LwStore    *store,
                      gint64      id,
                      guint       number,
                      GError    **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwTable) finished = NULL;
  g_autoptr (GPtrArray) states = NULL;
  g_autofree char *log = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *sides = NULL;
  LwReplayWindow *self;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  game = lw_store_load_game (store, id, error);
  if (game == NULL)
    return NULL;
  log = lw_store_load_round_log (store, id, number, error);
  if (log == NULL)
    return NULL;
  finished = lw_table_from_json (log, -1, error);
  if (finished == NULL)
    return NULL;
  if (lw_table_get_n_players (finished) != game->record->n_players)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "round %u: the log has %u seats, the game %u", number,
                   lw_table_get_n_players (finished), game->record->n_players);
      return NULL;
    }
  states = replay_tricks (finished, error);
  if (states == NULL)
    return NULL;
  if (states->len == 0)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "round %u: the log holds no trick", number);
      return NULL;
    }

  self = g_object_new (LW_TYPE_REPLAY_WINDOW, NULL);
  self->record = g_steal_pointer (&game->record);
  self->states = g_steal_pointer (&states);
  self->viewer = choose_viewer (store, id, finished);

  /* TRANSLATORS: the title of a round's replay; %u its number */
  heading = g_strdup_printf (_("Replay of Round %u"), number);
  sides = lw_sides_title (self->record);
  adw_window_title_set_title (self->title, heading);
  adw_window_title_set_subtitle (self->title, sides);
  gtk_window_set_title (GTK_WINDOW (self), heading);

  if (parent != NULL)
    {
      int width = gtk_widget_get_width (GTK_WIDGET (parent));
      int height = gtk_widget_get_height (GTK_WIDGET (parent));

      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   width > 0 ? MIN (width, 1000) : 900,
                                   height > 0 ? MIN (height, 720) : 640);
    }
  else
    gtk_window_set_default_size (GTK_WINDOW (self), 900, 640);

  lw_replay_window_set_trick (self, 1);
  gtk_widget_grab_focus (self->next_button);
  return self;
}

guint
lw_replay_window_get_n_tricks (LwReplayWindow *self)
{
  g_return_val_if_fail (LW_IS_REPLAY_WINDOW (self), 0);

  return self->states != NULL ? self->states->len : 0;
}

guint
lw_replay_window_get_trick (LwReplayWindow *self)
{
  g_return_val_if_fail (LW_IS_REPLAY_WINDOW (self), 0);

  return self->trick;
}

const LwTable *
lw_replay_window_get_table (LwReplayWindow *self)
{
  g_return_val_if_fail (LW_IS_REPLAY_WINDOW (self), NULL);

  if (self->trick == 0)
    return NULL;
  return g_ptr_array_index (self->states, self->trick - 1);
}

const char *
lw_replay_window_get_heading (LwReplayWindow *self)
{
  g_return_val_if_fail (LW_IS_REPLAY_WINDOW (self), NULL);

  return gtk_label_get_text (self->heading_label);
}

const char *
lw_replay_window_get_detail (LwReplayWindow *self)
{
  g_return_val_if_fail (LW_IS_REPLAY_WINDOW (self), NULL);

  return gtk_label_get_text (self->detail_label);
}

const char *
lw_replay_window_get_taken (LwReplayWindow *self)
{
  g_return_val_if_fail (LW_IS_REPLAY_WINDOW (self), NULL);

  return gtk_label_get_text (self->taken_label);
}

LwTableView *
lw_replay_window_get_view (LwReplayWindow *self)
{
  g_return_val_if_fail (LW_IS_REPLAY_WINDOW (self), NULL);

  return self->view;
}

static void
lw_replay_window_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), LW_TYPE_REPLAY_WINDOW);

  G_OBJECT_CLASS (lw_replay_window_parent_class)->dispose (object);
}

static void
lw_replay_window_finalize (GObject *object)
{
  LwReplayWindow *self = LW_REPLAY_WINDOW (object);

  g_clear_pointer (&self->record, lw_game_record_free);
  g_clear_pointer (&self->states, g_ptr_array_unref);
  g_clear_pointer (&self->heading, g_free);

  G_OBJECT_CLASS (lw_replay_window_parent_class)->finalize (object);
}

static void
lw_replay_window_class_init (LwReplayWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_replay_window_dispose;
  object_class->finalize = lw_replay_window_finalize;

  g_type_ensure (LW_TYPE_TABLE_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/lw-replay-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LwReplayWindow, title);
  gtk_widget_class_bind_template_child (widget_class, LwReplayWindow, view);
  gtk_widget_class_bind_template_child (widget_class, LwReplayWindow, heading_label);
  gtk_widget_class_bind_template_child (widget_class, LwReplayWindow, detail_label);
  gtk_widget_class_bind_template_child (widget_class, LwReplayWindow, taken_label);
  gtk_widget_class_bind_template_child (widget_class, LwReplayWindow, next_button);

  gtk_widget_class_install_action (widget_class, "replay.previous", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.next", NULL, step_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
lw_replay_window_init (LwReplayWindow *self)
{
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->viewer = LW_NO_SEAT;

  /* ← and → step before a focused button moves the focus with them. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Left, 0),
                                                          gtk_named_action_new ("replay.previous")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Right, 0),
                                                          gtk_named_action_new ("replay.next")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
}
