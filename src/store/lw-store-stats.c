/* lw-store-stats.c — each player's statistics over every stored game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-store-games.h"
#include "lw-store-seats.h"
#include "lw-store-stats.h"

typedef struct {
  LwStoredGame *game;
  LwStandings *standings;
  GPtrArray *round_players;
} LoadedGame;

static void
loaded_game_clear (gpointer data)
{
  LoadedGame *loaded = data;

  g_clear_pointer (&loaded->game, lw_stored_game_free);
  g_clear_pointer (&loaded->standings, lw_standings_free);
  g_clear_pointer (&loaded->round_players, g_ptr_array_unref);
}

GPtrArray *
lw_store_compute_player_stats (LwStore       *self,
                               guint          min_partner_games,
                               GCancellable  *cancellable,
                               GError       **error)
{
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GArray) loaded = g_array_new (FALSE, TRUE, sizeof (LoadedGame));
  g_autoptr (GArray) input = g_array_new (FALSE, TRUE, sizeof (LwStatsGame));

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  g_array_set_clear_func (loaded, loaded_game_clear);

  games = lw_store_list_games (self, error);
  if (games == NULL)
    return NULL;

  for (guint i = 0; i < games->len; i++)
    {
      LwStoredGame *game = g_ptr_array_index (games, i);
      LoadedGame one = { 0 };

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;

      /* A game that no longer replays (it cannot be scored) counts for
       * nobody. */
      one.standings = lw_standings_compute (game->record, NULL);
      if (one.standings == NULL)
        continue;
      one.round_players = lw_store_list_round_players (self, game->id, NULL);
      one.game = game;
      g_ptr_array_index (games, i) = NULL;
      g_array_append_val (loaded, one);
    }

  for (guint i = 0; i < loaded->len; i++)
    {
      LoadedGame *one = &g_array_index (loaded, LoadedGame, i);
      LwStatsGame game = { one->game->record, one->standings, one->round_players };

      g_array_append_val (input, game);
    }

  return lw_stats_compute ((const LwStatsGame *) (gpointer) input->data, input->len,
                           min_partner_games);
}
