/* lw-game-view.c — one stored game as the views show it, read once per
 * change
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-game-view-private.h"
#include "lw-store.h"

struct _LwGameView
{
  GObject parent_instance;

  /* owned */
  LwStoreWatch *watch;
  LwStoredGame *game;
  LwStandings  *standings;
  GPtrArray    *round_players;  /* per round, GStrv */
  GPtrArray    *penalties;      /* LwStoredPenalty* */
  GArray       *locks;          /* guint round numbers */
  LwLoggedEdit *last_edit;
  LwStoredGame *handed;         /* lw_game_view_take_game()'s, until read */

  gint64   id;
  gboolean stale;        /* a change of this batch may touch the game */
  guint    load_count;
};

G_DEFINE_FINAL_TYPE (LwGameView, lw_game_view, G_TYPE_OBJECT)

enum {
  SIGNAL_CHANGED,
  SIGNAL_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Forgets the last reading. */
static void
clear_reading (LwGameView *self)
{
  g_clear_pointer (&self->game, lw_stored_game_free);
  g_clear_pointer (&self->standings, lw_standings_free);
  g_clear_pointer (&self->round_players, g_ptr_array_unref);
  g_clear_pointer (&self->penalties, g_ptr_array_unref);
  g_clear_pointer (&self->locks, g_array_unref);
  g_clear_pointer (&self->last_edit, lw_logged_edit_free);
}

gboolean
lw_game_view_load (LwGameView  *self,
                   gint64       id,
                   GError     **error)
{
  LwStore *store;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GPtrArray) round_players = NULL;
  g_autoptr (GPtrArray) penalties = NULL;
  g_autoptr (GArray) locks = NULL;
  g_autoptr (LwLoggedEdit) last_edit = NULL;
  g_autoptr (GError) edit_error = NULL;

  g_return_val_if_fail (LW_IS_GAME_VIEW (self), FALSE);
  g_return_val_if_fail (id > 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  store = lw_store_watch_get_store (self->watch);
  /* The game as its writer stored it, handed over: not read again. */
  if (self->handed != NULL && self->handed->id == id)
    game = g_steal_pointer (&self->handed);
  else
    game = lw_store_load_game (store, id, error);
  g_clear_pointer (&self->handed, lw_stored_game_free);
  if (game == NULL)
    return FALSE;

  /* Rounds added to the game read before (a round entered): only they are
   * scored. Anything else is replayed whole. */
  if (self->game != NULL && self->game->id == id && self->standings != NULL
      && lw_game_record_extends (game->record, self->game->record))
    standings = lw_standings_extend (self->standings, game->record, error);
  else
    standings = lw_standings_compute (game->record, error);
  if (standings == NULL)
    return FALSE;

  round_players = lw_store_list_round_players_of (store, game, error);
  if (round_players == NULL)
    return FALSE;
  penalties = lw_store_list_penalties (store, id, error);
  if (penalties == NULL)
    return FALSE;
  locks = lw_store_list_locked_rounds (store, id, error);
  if (locks == NULL)
    return FALSE;
  /* Nothing to undo is no error; another failure only hides Undo. */
  last_edit = lw_store_get_last_edit (store, id, &edit_error);

  clear_reading (self);
  self->game = g_steal_pointer (&game);
  self->standings = g_steal_pointer (&standings);
  self->round_players = g_steal_pointer (&round_players);
  self->penalties = g_steal_pointer (&penalties);
  self->locks = g_steal_pointer (&locks);
  self->last_edit = g_steal_pointer (&last_edit);
  self->id = id;
  self->stale = FALSE;
  self->load_count++;

  return TRUE;
}

static void
game_changed_cb (LwStoreWatch *watch,
                 gint64        id,
                 LwGameView   *self)
{
  if (self->id != 0 && (id == 0 || id == self->id))
    self->stale = TRUE;
}

static void
all_changed_cb (LwStoreWatch *watch,
                LwGameView   *self)
{
  if (self->id != 0)
    self->stale = TRUE;
}

/* The end of a batch: the game is read again once, however many of the
 * batch's signals named it. */
static void
done_cb (LwStoreWatch *watch,
         LwGameView   *self)
{
  g_autoptr (GError) error = NULL;

  if (!self->stale)
    {
      /* A game handed over is of this batch's change only. */
      g_clear_pointer (&self->handed, lw_stored_game_free);
      return;
    }
  self->stale = FALSE;

  if (!lw_game_view_load (self, self->id, &error))
    {
      /* A game deleted while shown: its page is left already (the window
       * shows the games), the view keeps its last reading. */
      if (!g_error_matches (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND))
        g_signal_emit (self, signals[SIGNAL_FAILED], 0, error->message);
      return;
    }
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

void
lw_game_view_take_game (LwGameView   *self,
                        LwStoredGame *game)
{
  g_return_if_fail (LW_IS_GAME_VIEW (self));

  g_clear_pointer (&self->handed, lw_stored_game_free);
  self->handed = game;
}

gint64
lw_game_view_get_id (LwGameView *self)
{
  g_return_val_if_fail (LW_IS_GAME_VIEW (self), 0);

  return self->id;
}

const LwStoredGame *
lw_game_view_get_game (LwGameView *self)
{
  g_return_val_if_fail (LW_IS_GAME_VIEW (self), NULL);

  return self->game;
}

const LwStandings *
lw_game_view_get_standings (LwGameView *self)
{
  g_return_val_if_fail (LW_IS_GAME_VIEW (self), NULL);

  return self->standings;
}

GPtrArray *
lw_game_view_get_round_players (LwGameView *self)
{
  g_return_val_if_fail (LW_IS_GAME_VIEW (self), NULL);

  return self->round_players;
}

GPtrArray *
lw_game_view_get_penalties (LwGameView *self)
{
  g_return_val_if_fail (LW_IS_GAME_VIEW (self), NULL);

  return self->penalties;
}

gboolean
lw_game_view_is_round_locked (LwGameView *self,
                              guint       number)
{
  g_return_val_if_fail (LW_IS_GAME_VIEW (self), FALSE);

  for (guint i = 0; self->locks != NULL && i < self->locks->len; i++)
    if (g_array_index (self->locks, guint, i) == number)
      return TRUE;
  return FALSE;
}

const LwLoggedEdit *
lw_game_view_get_last_edit (LwGameView *self)
{
  g_return_val_if_fail (LW_IS_GAME_VIEW (self), NULL);

  return self->last_edit;
}

guint
lw_game_view_get_load_count (LwGameView *self)
{
  g_return_val_if_fail (LW_IS_GAME_VIEW (self), 0);

  return self->load_count;
}

LwGameView *
lw_game_view_new (LwStoreWatch *watch)
{
  LwGameView *self;

  g_return_val_if_fail (LW_IS_STORE_WATCH (watch), NULL);

  self = g_object_new (LW_TYPE_GAME_VIEW, NULL);
  self->watch = g_object_ref (watch);
  g_signal_connect_object (watch, "game-changed", G_CALLBACK (game_changed_cb), self, 0);
  g_signal_connect_object (watch, "all-changed", G_CALLBACK (all_changed_cb), self, 0);
  g_signal_connect_object (watch, "done", G_CALLBACK (done_cb), self, 0);
  return self;
}

static void
lw_game_view_dispose (GObject *object)
{
  LwGameView *self = LW_GAME_VIEW (object);

  if (self->watch != NULL)
    g_signal_handlers_disconnect_by_data (self->watch, self);
  g_clear_object (&self->watch);

  G_OBJECT_CLASS (lw_game_view_parent_class)->dispose (object);
}

static void
lw_game_view_finalize (GObject *object)
{
  LwGameView *self = LW_GAME_VIEW (object);

  clear_reading (self);
  g_clear_pointer (&self->handed, lw_stored_game_free);

  G_OBJECT_CLASS (lw_game_view_parent_class)->finalize (object);
}

static void
lw_game_view_class_init (LwGameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = lw_game_view_dispose;
  object_class->finalize = lw_game_view_finalize;

  /**
   * LwGameView::changed:
   * @self: the view
   *
   * The game was read again after a change (the getters hold the new
   * reading). Not emitted by lw_game_view_load().
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * LwGameView::failed:
   * @self: the view
   * @message: why the game could not be read again (the store's or the
   *   engine's words); the view keeps its last reading
   */
  signals[SIGNAL_FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
lw_game_view_init (LwGameView *self)
{
}
