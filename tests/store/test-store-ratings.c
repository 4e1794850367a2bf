/* test-store-ratings.c — the ratings over the stored games and the result
 * cache they read (schema 7)
 *
 * The reference is what the store did before it had a cache: every game
 * read back and replayed through the engine. The ratings read through the
 * cache must be exactly that (every ladder, every value to the last bit)
 * after each kind of change to a game, with rows made stale,
 * damaged or removed behind the store's back, and after the migration
 * from schema 6. The games list's statuses read through the same cache
 * (lw_store_list_game_statuses()) are each game's replay likewise.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <sqlite3.h>

#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-test-schema-v1.h"
#include "lw-test-util.h"

typedef LwTestDb Fixture;

/* Short games: start 1, target 3. Two packs of Ann make her win 3–1. */
#define HEAD(a, b) "{'format':'little-wolf/game','version':1,'players':['" a "','" b "']," \
                   "'rules':{'start_score':1,'target':3,'skunk':3},'rounds':["
#define PACK0 "{'declarer':0,'cards':[20,6]}"
#define PACK1 "{'declarer':1,'cards':[6,20]}"

/* The 2-player game from the priors of docs/EVENTS.md ("Ratings"), with
 * OpenSkill's dynamics factor (tau = 25/300). */
#define WINNER_MU 27.635389
#define LOSER_MU 22.364611

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static gint64
add (LwStore    *store,
     const char *text)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (text);
  g_autoptr (GError) error = NULL;
  gint64 id = lw_store_add_game (store, record, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

static LwRound *
round_of (LwStore    *store,
          gint64      id,
          const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);

  g_assert_no_error (error);
  return lw_test_round_from (game->record, text);
}

/* The earlier players of game @id's seats, from who sat in each round
 * (lw_store_list_round_players()): each with their share of the rounds,
 * seat by seat, in the order they sat there. */
static void
add_round_players (LwStore            *store,
                   LwRatingGames      *games,
                   const LwStoredGame *game)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rounds = lw_store_list_round_players (store, game->id, &error);

  g_assert_no_error (error);
  if (rounds->len == 0)
    return;
  for (guint seat = 0; seat < game->record->n_players; seat++)
    {
      g_autoptr (GPtrArray) names = g_ptr_array_new ();
      g_autoptr (GHashTable) count = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint r = 0; r < rounds->len; r++)
        {
          const char *name = ((char **) g_ptr_array_index (rounds, r))[seat];
          guint n = GPOINTER_TO_UINT (g_hash_table_lookup (count, name));

          if (n == 0)
            g_ptr_array_add (names, (gpointer) name);
          g_hash_table_insert (count, (gpointer) name, GUINT_TO_POINTER (n + 1));
        }
      for (guint i = 0; i < names->len; i++)
        {
          const char *name = g_ptr_array_index (names, i);

          if (!g_str_equal (name, lw_game_record_current_player (game->record, (int) seat)))
            lw_rating_games_add_sub (games, game->id, seat, name,
                                     (double) GPOINTER_TO_UINT (g_hash_table_lookup (count, name))
                                     / (double) rounds->len);
        }
    }
}

/* The reference: every game read back and replayed, as the store did
 * before the cache, with its substitutes. */
static LwRatingGames *
replay_all (LwStore *store)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = lw_store_list_games (store, &error);
  LwRatingGames *rating_games = lw_rating_games_new ();
  sqlite3 *db = lw_test_sql_open (lw_store_get_path (store));

  g_assert_no_error (error);
  for (guint i = 0; i < games->len; i++)
    {
      const LwStoredGame *game = g_ptr_array_index (games, i);
      g_autofree char *sql = g_strdup_printf ("SELECT uuid FROM games WHERE id = %" G_GINT64_FORMAT,
                                              game->id);
      g_autoptr (LwStandings) standings = lw_standings_compute (game->record, NULL);

      /* Rated in the order of the records' ids (the games' UUIDs). */
      g_free (game->record->id);
      game->record->id = lw_test_sql_text (db, sql);

      if (standings != NULL
          && lw_rating_games_add_record (rating_games, game->id,
                                         game->played_at > 0 ? game->played_at : game->created,
                                         game->record, standings))
        add_round_players (store, rating_games, game);
    }
  sqlite3_close (db);
  return rating_games;
}

/* Every ladder's leaderboard, every value to the last bit (%a), one after
 * the other. */
static char *
boards (const LwRatingGames *games)
{
  GString *out = g_string_new (NULL);

  for (LwLadder ladder = LW_LADDER_ALL; ladder <= LW_LADDER_PARTNERS; ladder++)
    {
      LwLeaderboardOptions options;
      g_autoptr (GArray) rows = NULL;

      lw_leaderboard_options_init (&options);
      options.ladder = ladder;
      rows = lw_leaderboard_compute (games, &options);
      g_string_append_printf (out, "%s\n", lw_ladder_to_string (ladder));
      for (guint i = 0; i < rows->len; i++)
        {
          const LwLeaderboardRow *row = &g_array_index (rows, LwLeaderboardRow, i);

          g_string_append_printf (out, "%u %s %a %a %a %u %u %u %a %u %d\n", row->rank,
                                  row->name, row->rating, row->mu, row->sigma, row->games,
                                  row->wins, row->skunks, row->trend, row->rated,
                                  row->provisional);
        }
    }
  return g_string_free (out, FALSE);
}

/* The leaderboard of every game: the rows, names and all. */
static GArray *
board_rows (const LwRatingGames *games)
{
  LwLeaderboardOptions options;

  lw_leaderboard_options_init (&options);
  return lw_leaderboard_compute (games, &options);
}

static const LwLeaderboardRow *
row_of (GArray     *rows,
        const char *name)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_str_equal (g_array_index (rows, LwLeaderboardRow, i).name, name))
      return &g_array_index (rows, LwLeaderboardRow, i);
  return NULL;
}

/* Games whose cache row is missing or not at the game's version. */
static gint64
stale_rows (const char *path)
{
  return lw_test_sql_int_at (path, "SELECT count (*) FROM games AS g"
                                   " LEFT JOIN game_result_cache AS c ON c.game = g.id"
                                   " WHERE c.version IS NOT g.version");
}

/* The store's ratings, which must be the reference's on every ladder;
 * returns the store's games (the caller checks values in them). */
static LwRatingGames *
assert_as_replayed (Fixture *fixture)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRatingGames) expected = replay_all (fixture->store);
  g_autoptr (LwRatingGames) games = lw_store_load_rating_games (fixture->store, &error);
  g_autofree char *want = NULL;
  g_autofree char *got = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (lw_rating_games_get_n_games (games), ==,
                    lw_rating_games_get_n_games (expected));
  want = boards (expected);
  got = boards (games);
  g_assert_cmpstr (got, ==, want);
  /* Read or recomputed, every row is now at its game's version. */
  g_assert_cmpint (stale_rows (fixture->path), ==, 0);
  return g_steal_pointer (&games);
}

/* The same, and the text of every ladder. */
static char *
assert_boards (Fixture *fixture)
{
  g_autoptr (LwRatingGames) games = assert_as_replayed (fixture);
  return boards (games);
}

/* The shared random cases (Little Wolf and Garwolf, 2 to 8 players,
 * partners, finished or not), with played-at times that reorder some. */
static guint
add_random_cases (Fixture *fixture)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths ("random", "");
  g_autoptr (GPtrArray) records =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_record_free);
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < paths->len; i++)
    g_ptr_array_add (records, lw_test_load_record (g_ptr_array_index (paths, i)));
  ids = lw_store_add_games (fixture->store, records, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < ids->len; i += 3)
    {
      g_assert_true (lw_store_set_game_details (fixture->store, g_array_index (ids, gint64, i),
                                                1500000000 + 86400 * (gint64) (ids->len - i),
                                                NULL, &error));
      g_assert_no_error (error);
    }
  return ids->len;
}

/* ------------------------------------------------------------------ */
/* Tests                                                                */
/* ------------------------------------------------------------------ */

/* The cache gives what a replay of every game gives; emptied, it is
 * filled again from the rounds with the same ratings. */
static void
test_same_as_replay (Fixture       *fixture,
                     gconstpointer  data)
{
  guint n_games = add_random_cases (fixture);
  g_autofree char *warm = NULL;
  g_autofree char *cold = NULL;
  g_autoptr (LwRatingGames) games = NULL;
  g_autoptr (GArray) rows = NULL;

  g_assert_cmpuint (n_games, >=, 40);
  /* Every write left its game's row at its version. */
  g_assert_cmpint (stale_rows (fixture->path), ==, 0);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM game_result_cache"),
                   ==, n_games);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM game_result_cache"
                                                      " WHERE rated = 1"), ==, 19);

  games = assert_as_replayed (fixture);
  g_assert_cmpuint (lw_rating_games_get_n_games (games), ==, 19);
  warm = boards (games);
  rows = board_rows (games);
  g_assert_cmpuint (rows->len, >, 10);

  lw_test_sql_exec_at (fixture->path, "DELETE FROM game_result_cache");
  cold = assert_boards (fixture);
  g_assert_cmpstr (cold, ==, warm);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM game_result_cache"),
                   ==, n_games);
}

/* The rows hold what the replay gave: players by ID, sides, scores. */
static void
test_row_values (Fixture       *fixture,
                 gconstpointer  data)
{
  gint64 id = add (fixture->store, HEAD ("Ann", "Ben") PACK0 "," PACK0 "]}");
  gint64 open = add (fixture->store, HEAD ("Ann", "Ben") PACK0 "]}");
  sqlite3 *db = lw_test_sql_open (fixture->path);

  g_assert_cmpint (lw_test_sql_int_with (db, "SELECT count (*) FROM game_result_cache AS c"
                                             " JOIN players AS a ON a.name = 'Ann'"
                                             " JOIN players AS b ON b.name = 'Ben'"
                                             " WHERE c.game = ?1 AND c.players = a.id || ' ' || b.id"
                                             " AND c.sides = '0 1' AND c.scores = '3 1'"
                                             " AND c.finished = 1 AND c.winner = 0 AND c.skunk = 0"
                                             " AND c.rated = 1 AND c.replays = 1", id, 0), ==, 1);
  g_assert_cmpint (lw_test_sql_int_with (db, "SELECT count (*) FROM game_result_cache"
                                             " WHERE game = ?1 AND scores = '2 1' AND finished = 0"
                                             " AND winner IS NULL AND rated = 0", open, 0), ==, 1);
  sqlite3_close (db);
}

/* Each kind of change to a game changes the ratings as a replay does:
 * rounds replaced, appended, deleted, inserted and removed, undo, a
 * substitute, the game deleted and restored, a player renamed, an
 * import, the game's date and notes. */
static void
test_changes (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRatingGames) games = NULL;
  g_autoptr (GArray) rows = NULL;
  g_autofree char *first = NULL;
  g_autofree char *text = NULL;
  g_autoptr (LwRound) ben_pack = NULL;
  g_autoptr (LwRound) ann_pack = NULL;
  g_autoptr (GPtrArray) imported = NULL;
  g_autoptr (GArray) ids = NULL;
  gint64 other, id;

  other = add (fixture->store, HEAD ("Cleo", "Dev") PACK0 "," PACK0 "]}");
  id = add (fixture->store, HEAD ("Ann", "Ben") PACK0 "," PACK0 "]}");
  ben_pack = round_of (fixture->store, id, PACK1);
  ann_pack = round_of (fixture->store, id, PACK0);

  /* Ann beat Ben: the worked example's values. */
  games = assert_as_replayed (fixture);
  rows = board_rows (games);
  g_assert_cmpuint (rows->len, ==, 4);
  g_assert_cmpfloat_with_epsilon (row_of (rows, "Ann")->mu, WINNER_MU, 1e-6);
  g_assert_cmpfloat_with_epsilon (row_of (rows, "Ben")->mu, LOSER_MU, 1e-6);
  g_assert_cmpuint (row_of (rows, "Ann")->wins, ==, 1);
  first = boards (games);
  g_clear_pointer (&rows, g_array_unref);
  g_clear_pointer (&games, lw_rating_games_free);

  /* After each change, before the ratings are read: the write kept its
   * game's row at the game's version. */
#define REREAD() \
  G_STMT_START { \
    g_assert_cmpint (stale_rows (fixture->path), ==, 0); \
    g_clear_pointer (&rows, g_array_unref); \
    g_clear_pointer (&games, lw_rating_games_free); \
    games = assert_as_replayed (fixture); \
    rows = board_rows (games); \
  } G_STMT_END

  /* A past round corrected: Ben's pack in round 1 leaves it at 2–2, not
   * finished, so neither is rated any more. */
  g_assert_true (lw_store_replace_round (fixture->store, id, 1, ben_pack, &error));
  g_assert_no_error (error);
  REREAD ();
  g_assert_cmpuint (rows->len, ==, 2);
  g_assert_null (row_of (rows, "Ann"));

  /* Another pack of Ben's: he wins 3–2. */
  g_assert_true (lw_store_append_round (fixture->store, id, ben_pack, &error));
  g_assert_no_error (error);
  REREAD ();
  g_assert_cmpfloat_with_epsilon (row_of (rows, "Ben")->mu, WINNER_MU, 1e-6);
  g_assert_cmpfloat_with_epsilon (row_of (rows, "Ann")->mu, LOSER_MU, 1e-6);

  /* Undone twice: Ann's win again, the very same boards. */
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  REREAD ();
  g_assert_null (row_of (rows, "Ben"));
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (stale_rows (fixture->path), ==, 0);
  text = assert_boards (fixture);
  g_assert_cmpstr (text, ==, first);
  g_clear_pointer (&text, g_free);

  /* Round 2 deleted: 2–1, not finished; undone. */
  g_assert_true (lw_store_delete_round (fixture->store, id, 2, &error));
  g_assert_no_error (error);
  REREAD ();
  g_assert_null (row_of (rows, "Ann"));
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_no_error (error);
  REREAD ();
  g_assert_cmpfloat_with_epsilon (row_of (rows, "Ann")->mu, WINNER_MU, 1e-6);

  /* Ben's pack inserted first: Ann still wins, 3–2. */
  g_assert_true (lw_store_insert_round (fixture->store, id, 1, ben_pack, &error));
  g_assert_no_error (error);
  REREAD ();
  g_assert_cmpfloat_with_epsilon (row_of (rows, "Ann")->mu, WINNER_MU, 1e-6);
  {
    sqlite3 *db = lw_test_sql_open (fixture->path);

    g_assert_cmpint (lw_test_sql_int_with (db, "SELECT count (*) FROM game_result_cache"
                                               " WHERE game = ?1 AND scores = '3 2'", id, 0), ==, 1);
    sqlite3_close (db);
  }

  /* The last round taken back as it is played (2–2), and undone. */
  g_assert_true (lw_store_remove_last_round (fixture->store, id, &error));
  g_assert_no_error (error);
  REREAD ();
  g_assert_null (row_of (rows, "Ann"));
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_no_error (error);
  REREAD ();
  g_assert_nonnull (row_of (rows, "Ann"));

  /* A substitute takes Ben's seat from round 2: the seat's player now is
   * Zed. Both are rated for the seat's loss, each by their share of the
   * rounds (equal priors: the two losses add up to one player's). */
  g_assert_true (lw_store_substitute_player (fixture->store, id, 1, "Zed", 2, &error));
  g_assert_no_error (error);
  REREAD ();
  g_assert_cmpuint (row_of (rows, "Ben")->games, ==, 1);
  g_assert_cmpuint (row_of (rows, "Zed")->games, ==, 1);
  g_assert_cmpfloat_with_epsilon ((25 - row_of (rows, "Zed")->mu) + (25 - row_of (rows, "Ben")->mu),
                                  25 - LOSER_MU, 1e-6);
  /* Ben played 1 round of 3, Zed 2. */
  g_assert_cmpfloat_with_epsilon ((25 - row_of (rows, "Zed")->mu) / (25 - row_of (rows, "Ben")->mu),
                                  2.0, 1e-6);
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_no_error (error);
  REREAD ();
  g_assert_null (row_of (rows, "Zed"));
  g_assert_nonnull (row_of (rows, "Ben"));

  /* The game deleted, then brought back. */
  g_assert_true (lw_store_delete_game (fixture->store, id, &error));
  g_assert_no_error (error);
  REREAD ();
  g_assert_cmpuint (rows->len, ==, 2);
  g_assert_cmpuint (lw_rating_games_get_n_games (games), ==, 1);
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (stale_rows (fixture->path), ==, 0);
  text = assert_boards (fixture);
  g_assert_cmpstr (text, ==, first);
  g_clear_pointer (&text, g_free);

  /* A player renamed outside the store: rows keep players by ID, so the
   * ratings name the player as now, with no game replayed. */
  lw_test_sql_exec_at (fixture->path, "UPDATE players SET name = 'Anna' WHERE name = 'Ann'");
  REREAD ();
  g_assert_null (row_of (rows, "Ann"));
  g_assert_cmpfloat_with_epsilon (row_of (rows, "Anna")->mu, WINNER_MU, 1e-6);
  lw_test_sql_exec_at (fixture->path, "UPDATE players SET name = 'Ann' WHERE name = 'Anna'");

  /* An import: two games Ben won, later than the first. */
  imported = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_record_free);
  g_ptr_array_add (imported, lw_test_record_from (HEAD ("Ann", "Ben") PACK1 "," PACK1 "]}"));
  g_ptr_array_add (imported, lw_test_record_from (HEAD ("Ben", "Ann") PACK0 "," PACK0 "]}"));
  ids = lw_store_add_games (fixture->store, imported, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < ids->len; i++)
    g_assert_true (lw_store_set_game_details (fixture->store, g_array_index (ids, gint64, i),
                                              2000000000 + (gint64) i, NULL, &error));
  REREAD ();
  g_assert_cmpuint (row_of (rows, "Ann")->games, ==, 3);
  g_assert_cmpuint (row_of (rows, "Ben")->wins, ==, 2);
  g_assert_cmpfloat (row_of (rows, "Ben")->rating, >, row_of (rows, "Ann")->rating);
  text = assert_boards (fixture);

  /* The first game played last: the order changes the ratings. */
  g_assert_true (lw_store_set_game_details (fixture->store, id, 2100000000, "Club", &error));
  g_assert_no_error (error);
  {
    g_autofree char *reordered = assert_boards (fixture);
    g_assert_cmpstr (reordered, !=, text);
  }

  /* Notes change no result, but the game's version: its row follows. */
  g_assert_true (lw_store_set_game_notes (fixture->store, other, "a quick one", &error));
  g_assert_no_error (error);
  g_assert_cmpint (stale_rows (fixture->path), ==, 0);
  REREAD ();
  g_assert_cmpuint (row_of (rows, "Cleo")->wins, ==, 1);
#undef REREAD
}

/* Rows made stale, damaged or removed behind the store's back are not
 * used: the games are replayed and their rows written again. A row at the
 * game's version is used as it is. */
static void
test_stale_rows (Fixture       *fixture,
                 gconstpointer  data)
{
  gint64 won = add (fixture->store, HEAD ("Ann", "Ben") PACK0 "," PACK0 "]}");
  gint64 lost = add (fixture->store, HEAD ("Cleo", "Dev") PACK1 "," PACK1 "]}");
  g_autoptr (LwRatingGames) games = NULL;
  g_autoptr (GArray) rows = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  sqlite3 *db;
  static const char *const damages[] = {
    /* An older version with another result. */
    "UPDATE game_result_cache SET version = version - 1, scores = '1 3', winner = 1"
    " WHERE game = ?1",
    /* A newer one. */
    "UPDATE game_result_cache SET version = version + 7, scores = '1 3' WHERE game = ?1",
    /* At the version, but not readable. */
    "UPDATE game_result_cache SET players = 'x y' WHERE game = ?1",
    "UPDATE game_result_cache SET players = '1' WHERE game = ?1",
    "UPDATE game_result_cache SET players = '1 1' WHERE game = ?1",
    "UPDATE game_result_cache SET players = '999 998' WHERE game = ?1",
    "UPDATE game_result_cache SET sides = '0 0' WHERE game = ?1",
    "UPDATE game_result_cache SET sides = '1 0' WHERE game = ?1",
    "UPDATE game_result_cache SET scores = '3' WHERE game = ?1",
    "UPDATE game_result_cache SET scores = '3 1 4' WHERE game = ?1",
    "UPDATE game_result_cache SET scores = '3  1' WHERE game = ?1",
    "UPDATE game_result_cache SET scores = '3 99999999999999999999' WHERE game = ?1",
    "UPDATE game_result_cache SET scores = '' WHERE game = ?1",
    /* Gone. */
    "DELETE FROM game_result_cache WHERE game = ?1",
    /* Not rated, at an older version. */
    "UPDATE game_result_cache SET version = version - 1, rated = 0 WHERE game = ?1",
  };

  before = assert_boards (fixture);
  db = lw_test_sql_open (fixture->path);
  for (gsize i = 0; i < G_N_ELEMENTS (damages); i++)
    {
      g_autofree char *now = NULL;

      {
        sqlite3_stmt *stmt = NULL;

        g_assert_cmpint (sqlite3_prepare_v2 (db, damages[i], -1, &stmt, NULL), ==, SQLITE_OK);
        g_assert_cmpint (sqlite3_bind_int64 (stmt, 1, i % 2 == 0 ? won : lost), ==, SQLITE_OK);
        g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
        sqlite3_finalize (stmt);
      }
      g_assert_cmpint (stale_rows (fixture->path), ==, i < 2 || i >= 13 ? 1 : 0);
      now = assert_boards (fixture);
      if (g_strcmp0 (now, before) != 0)
        g_error ("after \"%s\": %s\ninstead of %s", damages[i], now, before);
    }
  g_assert_cmpint (lw_test_sql_int_with (db, "SELECT count (*) FROM game_result_cache"
                                             " WHERE game = ?1 AND scores = '3 1' AND winner = 0",
                                         won, 0), ==, 1);

  /* A change logged by another program makes the version grow (the
   * triggers): the row is stale and the game replayed. */
  lw_test_sql_exec (db, "UPDATE game_result_cache SET scores = '1 3', winner = 1;"
                        "INSERT INTO edits (game, at, kind, new) VALUES (1, 0, 'notes', '{}');");
  g_assert_cmpint (stale_rows (fixture->path), ==, 1);
  after = assert_boards (fixture);
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&after, g_free);

  /* A row at its game's version is what the ratings read: swapped scores
   * (kept at the version) swap the winner. This is why every change to a
   * game goes through its version. */
  lw_test_sql_exec (db, "UPDATE game_result_cache SET scores = '1 3' WHERE game = 1");
  games = lw_store_load_rating_games (fixture->store, NULL);
  rows = board_rows (games);
  g_assert_cmpfloat_with_epsilon (row_of (rows, "Ben")->mu, WINNER_MU, 1e-6);
  g_assert_cmpfloat_with_epsilon (row_of (rows, "Ann")->mu, LOSER_MU, 1e-6);
  sqlite3_close (db);
}

/* The state @statuses (of LwGameStatus) give game @id; asserts it is
 * there once. */
static LwGameState
state_of (GArray *statuses,
          gint64  id)
{
  int found = -1;

  for (guint i = 0; i < statuses->len; i++)
    if (g_array_index (statuses, LwGameStatus, i).id == id)
      {
        g_assert_cmpint (found, ==, -1);
        found = (int) i;
      }
  g_assert_cmpint (found, >=, 0);
  return g_array_index (statuses, LwGameStatus, found).state;
}

/* The games list's statuses come from the cache, newest first, the same
 * as each game's replay; a game whose row is stale or gone is in the
 * stale list (newest first) until lw_store_replay_game_statuses() writes
 * its row again (only with keep_rows); a row at its version that says
 * the rounds do not replay is a broken game. The newest summaries are the
 * first of every game's. */
static void
test_game_statuses (Fixture       *fixture,
                    gconstpointer  data)
{
  LwStore *store = fixture->store;
  gint64 won = add (store, HEAD ("Ann", "Ben") PACK0 "," PACK0 "]}");
  gint64 ongoing = add (store, HEAD ("Cleo", "Dev") PACK1 "]}");
  gint64 lost = add (store, HEAD ("Eve", "Flo") PACK1 "," PACK1 "]}");
  gint64 fresh = add (store, HEAD ("Gus", "Hal") "]}");
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) stale = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray) statuses = lw_store_list_game_statuses (store, stale, &error);
  g_autoptr (GArray) replayed = g_array_new (FALSE, FALSE, sizeof (LwGameStatus));
  g_autoptr (GPtrArray) all = NULL;
  g_autoptr (GPtrArray) newest = NULL;
  sqlite3 *db;

  g_assert_no_error (error);
  g_assert_cmpuint (stale->len, ==, 0);
  g_assert_cmpuint (statuses->len, ==, 4);
  /* Newest first: the highest ID first. */
  g_assert_cmpint (g_array_index (statuses, LwGameStatus, 0).id, ==, fresh);
  g_assert_cmpint (g_array_index (statuses, LwGameStatus, 3).id, ==, won);
  g_assert_cmpint (state_of (statuses, won), ==, LW_GAME_STATE_FINISHED);
  g_assert_cmpint (state_of (statuses, ongoing), ==, LW_GAME_STATE_ONGOING);
  g_assert_cmpint (state_of (statuses, lost), ==, LW_GAME_STATE_FINISHED);
  g_assert_cmpint (state_of (statuses, fresh), ==, LW_GAME_STATE_ONGOING);
  g_clear_pointer (&statuses, g_array_unref);

  /* Stale: an older version that said "finished", and a row gone. A row
   * at its version saying the rounds do not replay: broken. */
  db = lw_test_sql_open (fixture->path);
  lw_test_sql_exec (db, "UPDATE game_result_cache SET version = version - 1, finished = 1"
                        " WHERE game = 2;"
                        "DELETE FROM game_result_cache WHERE game = 3;"
                        "UPDATE game_result_cache SET replays = 0 WHERE game = 4;");
  g_assert_cmpint (ongoing, ==, 2);
  g_assert_cmpint (lost, ==, 3);
  statuses = lw_store_list_game_statuses (store, stale, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (statuses->len, ==, 2);
  g_assert_cmpint (state_of (statuses, won), ==, LW_GAME_STATE_FINISHED);
  g_assert_cmpint (state_of (statuses, fresh), ==, LW_GAME_STATE_BROKEN);
  g_assert_cmpuint (stale->len, ==, 2);
  g_assert_cmpint (g_array_index (stale, gint64, 0), ==, lost);
  g_assert_cmpint (g_array_index (stale, gint64, 1), ==, ongoing);

  /* Replayed without keeping the rows: the same answer, still stale. */
  g_assert_true (lw_store_replay_game_statuses (store, (gint64 *) stale->data, stale->len, FALSE,
                                                replayed, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (replayed->len, ==, 2);
  g_assert_cmpint (g_array_index (replayed, LwGameStatus, 0).id, ==, lost);
  g_assert_cmpint (g_array_index (replayed, LwGameStatus, 0).state, ==, LW_GAME_STATE_FINISHED);
  g_assert_cmpint (g_array_index (replayed, LwGameStatus, 1).id, ==, ongoing);
  g_assert_cmpint (g_array_index (replayed, LwGameStatus, 1).state, ==, LW_GAME_STATE_ONGOING);
  g_assert_cmpint (stale_rows (fixture->path), ==, 2);

  /* Kept: the rows are written at the games' versions, and the next
   * list knows every game. */
  g_array_set_size (replayed, 0);
  g_assert_true (lw_store_replay_game_statuses (store, (gint64 *) stale->data, stale->len, TRUE,
                                                replayed, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (replayed->len, ==, 2);
  g_assert_cmpint (stale_rows (fixture->path), ==, 0);
  g_assert_cmpint (lw_test_sql_int_with (db, "SELECT finished FROM game_result_cache WHERE game = ?1",
                                         ongoing, 0), ==, 0);
  g_array_set_size (stale, 0);
  g_clear_pointer (&statuses, g_array_unref);
  statuses = lw_store_list_game_statuses (store, stale, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stale->len, ==, 0);
  g_assert_cmpuint (statuses->len, ==, 4);
  g_assert_cmpint (state_of (statuses, ongoing), ==, LW_GAME_STATE_ONGOING);
  g_assert_cmpint (state_of (statuses, lost), ==, LW_GAME_STATE_FINISHED);
  sqlite3_close (db);

  /* The newest screenful is the head of the whole list. */
  all = lw_store_list_game_summaries (store, &error);
  g_assert_no_error (error);
  newest = lw_store_list_newest_game_summaries (store, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (newest->len, ==, 3);
  for (guint i = 0; i < newest->len; i++)
    {
      LwGameSummary *a = g_ptr_array_index (all, i), *b = g_ptr_array_index (newest, i);

      g_assert_cmpint (a->id, ==, b->id);
      g_assert_cmpint (a->created, ==, b->created);
      g_assert_cmpuint (a->n_players, ==, b->n_players);
      g_assert_cmpuint (b->n_players, ==, 2);
      for (guint seat = 0; seat < a->n_players; seat++)
        g_assert_cmpstr (a->players[seat], ==, b->players[seat]);
    }
  g_assert_cmpstr (((LwGameSummary *) g_ptr_array_index (newest, 0))->players[0], ==, "Gus");
}

/* The game's version is the edit log's count (entries, and those undone)
 * after every kind of change, grows with each, and comes back with a
 * deleted game. */
static void
test_version (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  gint64 untouched = add (fixture->store, HEAD ("Cleo", "Dev") "]}");
  gint64 id = add (fixture->store, "{'format':'little-wolf/game','version':1,"
                                   "'players':['Ann','Ben'],'rounds':[" PACK0 "]}");
  g_autoptr (LwRound) ben_pack = round_of (fixture->store, id, PACK1);
  sqlite3 *db = lw_test_sql_open (fixture->path);
  gint64 last = -1, version = 0;
  guint step = 0;

#define STEP(call) \
  G_STMT_START { \
    g_assert_true (call); \
    g_assert_no_error (error); \
    g_assert_true (lw_store_get_game_version (fixture->store, id, &version, &error)); \
    g_assert_cmpint (version, >, last); \
    g_assert_cmpint (stale_rows (fixture->path), ==, 0); \
    g_assert_cmpint (version, ==, lw_test_sql_int_with (db, \
      "SELECT count (*) + count (undone_at) FROM edits WHERE game = ?1", id, 0)); \
    last = version; \
    step++; \
  } G_STMT_END

  g_assert_true (lw_store_get_game_version (fixture->store, id, &last, &error));
  g_assert_cmpint (last, ==, 0);
  last = -1;
  STEP (lw_store_append_round (fixture->store, id, ben_pack, &error));
  g_assert_cmpint (version, ==, 1);
  STEP (lw_store_replace_round (fixture->store, id, 1, ben_pack, &error));
  STEP (lw_store_insert_round (fixture->store, id, 1, ben_pack, &error));
  STEP (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_cmpint (version, ==, 4);
  STEP (lw_store_delete_round (fixture->store, id, 1, &error));
  STEP (lw_store_substitute_player (fixture->store, id, 0, "Eve", 1, &error));
  STEP (lw_store_set_game_notes (fixture->store, id, "n", &error));
  STEP (lw_store_set_game_details (fixture->store, id, 1600000000, "p", &error));
  STEP (lw_store_remove_last_round (fixture->store, id, &error));
  g_assert_true (lw_store_delete_game (fixture->store, id, &error));
  g_assert_no_error (error);
  STEP (lw_store_restore_game (fixture->store, id, &error));
  g_assert_cmpint (version, ==, 11);
  g_assert_cmpuint (step, ==, 10);
  g_assert_cmpint (stale_rows (fixture->path), ==, 0);
  /* The other game was not touched. */
  g_assert_true (lw_store_get_game_version (fixture->store, untouched, &version, &error));
  g_assert_cmpint (version, ==, 0);
  sqlite3_close (db);
#undef STEP
}

/* A schema-6 database: copied to PATH.v6.bak, given the versions its
 * edit logs count and an empty cache, which the first ratings fill; the
 * ratings, through the store and littlewolf-cli, are what they were. */
static void
test_migration_from_v6 (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *backup = lw_store_migration_backup_path (fixture->path, 6);
  g_autoptr (LwRatingGames) expected = NULL;
  g_autoptr (GArray) rows = NULL;
  g_autofree char *want = NULL;
  g_autofree char *want_text = NULL;
  g_autofree char *got = NULL;
  g_autoptr (LwRound) ben_pack = NULL;
  g_auto (LwTestRun) cli = { 0 };
  gint64 id;
  guint n_games;

  n_games = add_random_cases (fixture);
  id = add (fixture->store, HEAD ("Ann", "Ben") PACK0 "," PACK0 "]}");
  ben_pack = round_of (fixture->store, id, PACK1);
  g_assert_true (lw_store_replace_round (fixture->store, id, 1, ben_pack, &error));
  g_assert_true (lw_store_append_round (fixture->store, id, ben_pack, &error));
  g_assert_true (lw_store_undo_last_edit (fixture->store, id, &error));
  g_assert_true (lw_store_append_round (fixture->store, id, ben_pack, &error));
  g_assert_no_error (error);
  n_games++;

  /* Before schema 9 the games of one second were rated by ID: the
   * migration's UUIDs keep that order (as these do). */
  lw_test_sql_exec_at (fixture->path, "UPDATE games SET uuid ="
                                      " printf ('00000000-0000-4000-8000-%012d', id)");
  expected = replay_all (fixture->store);
  want = boards (expected);
  rows = board_rows (expected);
  want_text = lw_leaderboard_to_text (rows);
  g_clear_object (&fixture->store);
  lw_test_sql_exec_at (fixture->path, LW_TEST_DROP_SCHEMA_7 "PRAGMA user_version = 6;");
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM sqlite_schema"
                                                      " WHERE name = 'game_result_cache'"), ==, 0);

  /* littlewolf-cli opens it first: migrated, filled, the same ratings. */
  lw_test_run_cli (&cli, fixture->path, NULL, "ratings", NULL);
  g_assert_cmpint (cli.status, ==, 0);
  g_assert_cmpstr (cli.err, ==, "");
  g_assert_cmpstr (cli.out, ==, want_text);
  lw_test_assert_migrated (fixture->path, backup, 6);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM game_result_cache"),
                   ==, n_games);
  g_assert_cmpint (stale_rows (fixture->path), ==, 0);
  lw_test_remove_tree (backup);

  /* The store opens it as version 6 again: the versions its logs count
   * (game id: 3 entries, one undone; the others' details), no rows until
   * the ratings are read, then all of them. */
  lw_test_sql_exec_at (fixture->path, LW_TEST_DROP_SCHEMA_7 "PRAGMA user_version = 6;");
  fixture->store = lw_store_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "PRAGMA user_version"), ==, LW_TEST_SCHEMA_VERSION);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM game_result_cache"),
                   ==, 0);
  {
    gint64 version = 0;

    g_assert_true (lw_store_get_game_version (fixture->store, id, &version, &error));
    g_assert_cmpint (version, ==, 4);
    g_assert_true (lw_store_get_game_version (fixture->store, 1, &version, &error));
    g_assert_cmpint (version, ==, 1);
    g_assert_true (lw_store_get_game_version (fixture->store, 2, &version, &error));
    g_assert_cmpint (version, ==, 0);
  }
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM games WHERE version !="
                                                      " (SELECT count (*) + count (undone_at)"
                                                      "  FROM edits WHERE game = games.id)"), ==, 0);
  got = assert_boards (fixture);
  g_assert_cmpstr (got, ==, want);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM game_result_cache"),
                   ==, n_games);

  /* The triggers work in the migrated file. */
  g_assert_true (lw_store_remove_last_round (fixture->store, id, &error));
  g_assert_no_error (error);
  {
    gint64 version = 0;

    g_assert_true (lw_store_get_game_version (fixture->store, id, &version, &error));
    g_assert_cmpint (version, ==, 5);
  }
  g_clear_pointer (&got, g_free);
  got = assert_boards (fixture);
  g_assert_cmpstr (got, !=, want);
}

/* A game kept for an event's table, and its rounds from table entry or
 * the app, keep their rows too. */
static void
test_event_table_game (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (LwRound) pack = NULL;
  g_autoptr (LwRatingGames) games = NULL;
  g_autoptr (GArray) rows = NULL;
  const char *names[] = { "Ivy", "Lou", NULL };
  gint64 event_id, game_id;
  guint n = 0;

  event_id = lw_test_add_swiss_event (fixture->store, "Final", 2, 1, names);
  event = lw_store_pair_event_round (fixture->store, event_id, &error);
  g_assert_no_error (error);
  game_id = lw_store_start_event_table_game (fixture->store, event_id, 1, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (stale_rows (fixture->path), ==, 0);

  /* Seat 0 packs until the game is over (default rules). */
  for (;;)
    {
      g_autoptr (LwStoredGame) game = lw_store_load_game (fixture->store, game_id, &error);
      g_autoptr (LwStandings) standings = lw_standings_compute (game->record, &error);

      g_assert_no_error (error);
      if (standings->finished)
        break;
      g_clear_pointer (&pack, lw_round_free);
      pack = lw_test_round_from (game->record, "{'declarer':0,'cards':[20,6]}");
      g_assert_true (lw_store_append_round (fixture->store, game_id, pack, &error));
      g_assert_no_error (error);
      n++;
      g_assert_cmpuint (n, <, 40);
    }
  g_assert_cmpint (stale_rows (fixture->path), ==, 0);
  g_assert_true (lw_store_set_event_game_result (fixture->store, event_id, 1, 1, game_id, &error));
  g_assert_no_error (error);

  games = assert_as_replayed (fixture);
  rows = board_rows (games);
  g_assert_cmpuint (rows->len, ==, 2);
  g_assert_cmpfloat_with_epsilon (g_array_index (rows, LwLeaderboardRow, 0).mu, WINNER_MU, 1e-6);
}

/* A club that scores on paper: a table's final board is rated as a game
 * (its places by score), at the time its round was paired; an event's
 * filter names it by minus the table's ID. */
static void
test_paper (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) paired = NULL;
  g_autoptr (LwRatingGames) games = NULL;
  g_autoptr (GArray) rows = NULL;
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GArray) filtered = NULL;
  const char *names[] = { "Ann", "Ben", NULL };
  LwLeaderboardOptions options;
  gint64 event, table;
  const LwLeaderboardRow *ann;

  event = lw_test_add_swiss_event (fixture->store, "Club night", 2, 0, names);
  paired = lw_store_pair_event_round (fixture->store, event, &error);
  g_assert_no_error (error);

  /* No result yet: nothing to rate. */
  games = lw_store_load_rating_games (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lw_rating_games_get_n_games (games), ==, 0);
  g_clear_pointer (&games, lw_rating_games_free);

  /* Ann wins 15–3 on paper, whichever seat she has. */
  {
    const LwEventTable *t = &g_array_index (((LwEventRound *) g_ptr_array_index (paired->rounds, 0))->tables,
                                            LwEventTable, 0);
    gboolean ann_first = g_str_equal (((LwEntrant *) g_ptr_array_index (paired->entrants,
                                                                        t->entrants[0]))->name,
                                      "Ann");
    int scores[2] = { ann_first ? 15 : 3, ann_first ? 3 : 15 };

    g_assert_true (lw_store_set_event_paper_result (fixture->store, event, 1, 1, scores, 2,
                                                    &error));
    g_assert_no_error (error);
  }
  games = lw_store_load_rating_games (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lw_rating_games_get_n_games (games), ==, 1);
  rows = board_rows (games);
  g_assert_cmpuint (rows->len, ==, 2);
  ann = row_of (rows, "Ann");
  g_assert_cmpuint (ann->rank, ==, 1);
  g_assert_cmpfloat_with_epsilon (ann->mu, WINNER_MU, 1e-6);
  g_assert_cmpfloat_with_epsilon (row_of (rows, "Ben")->mu, LOSER_MU, 1e-6);
  g_assert_cmpuint (ann->games, ==, 1);
  g_assert_cmpuint (ann->wins, ==, 1);
  g_assert_true (ann->provisional);

  table = lw_test_sql_int_at (fixture->path, "SELECT id FROM event_tables");
  ids = lw_store_event_game_ids (fixture->store, event, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, -table);
  lw_leaderboard_options_init (&options);
  options.only_games = (const gint64 *) (gpointer) ids->data;
  options.n_only_games = ids->len;
  filtered = lw_leaderboard_compute (games, &options);
  g_assert_cmpuint (filtered->len, ==, 2);
  g_assert_cmpuint (row_of (filtered, "Ann")->games, ==, 1);
}

/* Games played in the same second are rated in the order of their
 * records' IDs, not of their row IDs: two databases holding the same
 * three games (a cycle: Ann beats Ben, Ben beats Cleo, Cleo beats Ann,
 * whose ratings depend on the order), inserted in opposite orders, give
 * the same ratings to the last bit; rated the other way round (the row
 * order of the second), they differ. */
static void
test_order_by_key (Fixture       *fixture,
                   gconstpointer  data)
{
  static const char *const texts[] = {
    HEAD ("Ann", "Ben") PACK0 "," PACK0 "]}",
    HEAD ("Ben", "Cleo") PACK0 "," PACK0 "]}",
    HEAD ("Cleo", "Ann") PACK0 "," PACK0 "]}",
  };
  static const char *const ids[] = {
    "0b9c1a52-6f0e-4c7a-9a51-1f2e3d4c5b6a",
    "5d2e8f10-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
    "c3a4b5d6-e7f8-4091-a2b3-c4d5e6f7a8b9",
  };
  g_autofree char *other_path = g_build_filename (fixture->dir, "other.sqlite3", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) other = lw_store_open (other_path, &error);
  g_autoptr (LwRatingGames) first = NULL;
  g_autoptr (LwRatingGames) second = NULL;
  g_autoptr (LwRatingGames) reversed = lw_rating_games_new ();
  g_autofree char *first_board = NULL;
  g_autofree char *second_board = NULL;
  g_autofree char *reversed_board = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    for (guint copy = 0; copy < 2; copy++)
      {
        /* The first database in order, the other backwards. */
        guint k = copy == 0 ? i : G_N_ELEMENTS (texts) - 1 - i;
        g_autoptr (LwGameRecord) record = lw_test_record_from (texts[k]);

        record->id = g_strdup (ids[k]);
        record->details.played_at = 1700000000;
        g_assert_cmpint (lw_store_add_game (copy == 0 ? fixture->store : other, record, &error),
                         ==, (gint64) i + 1);
        g_assert_no_error (error);
      }

  first = lw_store_load_rating_games (fixture->store, &error);
  g_assert_no_error (error);
  second = lw_store_load_rating_games (other, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lw_rating_games_get_n_games (first), ==, 3);
  first_board = boards (first);
  second_board = boards (second);
  g_assert_cmpstr (first_board, ==, second_board);

  /* Ordered by row ID the second database would rate Cleo–Ann first. */
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      guint k = G_N_ELEMENTS (texts) - 1 - i;
      g_autoptr (LwGameRecord) record = lw_test_record_from (texts[k]);
      g_autoptr (LwStandings) standings = lw_standings_compute (record, NULL);
      g_autofree char *key = g_strdup_printf ("%u", i);

      g_free (record->id);
      record->id = g_steal_pointer (&key);
      g_assert_true (lw_rating_games_add_record (reversed, i + 1, 1700000000, record, standings));
    }
  reversed_board = boards (reversed);
  g_assert_cmpstr (reversed_board, !=, first_board);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  /* The shared cases are needed: stops here when they are missing. */
  lw_test_cases_dir ();

  lw_test_add_db ("/store-ratings/same-as-replay", test_same_as_replay);
  lw_test_add_db ("/store-ratings/row-values", test_row_values);
  lw_test_add_db ("/store-ratings/changes", test_changes);
  lw_test_add_db ("/store-ratings/stale-rows", test_stale_rows);
  lw_test_add_db ("/store-ratings/version", test_version);
  lw_test_add_db ("/store-ratings/migration-from-v6", test_migration_from_v6);
  lw_test_add_db ("/store-ratings/event-table-game", test_event_table_game);
  lw_test_add_db ("/store-ratings/paper", test_paper);
  lw_test_add_db ("/store-ratings/order-by-key", test_order_by_key);
  lw_test_add_db ("/store-ratings/game-statuses", test_game_statuses);

  return g_test_run ();
}
