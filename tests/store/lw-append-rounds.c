/* lw-append-rounds.c — a test helper: writes rounds to a database one by
 * one, as the app does while a game is played
 *
 *   lw-append-rounds DB N
 *
 * Opens (creating) DB and appends N rounds with lw_store_append_round(),
 * each in its own transaction, to a new game of two players; when a game
 * is over, it starts another. After each round's COMMIT has returned it
 * prints `GAME ROUND` (the game's ID and the round's number) on standard
 * output and flushes it, so a program that kills this one knows which
 * rounds were reported stored. On an error: one line on standard error,
 * status 1 (3 when the disk was full).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include "lw-store.h"

static gint64
new_game (LwStore  *store,
          GError  **error)
{
  static const char *const names[] = { "Ann", "Ben" };
  g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 2, names);
  gint64 id = lw_store_add_game (store, record, error);

  if (id > 0)
    {
      printf ("%" G_GINT64_FORMAT " 0\n", id);
      fflush (stdout);
    }
  return id;
}

static int
report (GError *error)
{
  fprintf (stderr, "lw-append-rounds: %s\n", error->message);
  return error->domain == LW_STORE_ERROR && error->code == LW_STORE_ERROR_FULL ? 3 : 1;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  gint64 game;
  guint number = 0;
  long n;

  if (argc != 3 || (n = strtol (argv[2], NULL, 10)) < 0)
    {
      fprintf (stderr, "usage: lw-append-rounds DB N\n");
      return 2;
    }

  store = lw_store_open (argv[1], &error);
  if (store == NULL)
    return report (error);
  game = new_game (store, &error);
  if (game == 0)
    return report (error);

  for (long i = 0; i < n; i++)
    {
      g_autoptr (LwRound) round = lw_round_new ();

      /* Void rounds and rounds that nobody declared, with every count
       * filled in: rows in rounds and round_seats. */
      if (i % 3 == 0)
        round->is_void = TRUE;
      else
        {
          round->cards[0] = 13 + (int) (i % 2);
          round->cards[1] = 13 - (int) (i % 2);
          round->worms[0] = 1;
          round->bears[1] = 1;
        }

      if (!lw_store_append_round (store, game, round, &error))
        {
          if (!g_error_matches (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_GAME_OVER))
            return report (error);
          g_clear_error (&error);
          game = new_game (store, &error);
          if (game == 0)
            return report (error);
          number = 0;
          i--;
          continue;
        }
      number++;
      printf ("%" G_GINT64_FORMAT " %u\n", game, number);
      fflush (stdout);
    }
  return 0;
}
