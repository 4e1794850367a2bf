/* lw-store-results.c — the cache of each game's final result (schema 7;
 * the table is described in lw-store-schema.c), and the games the ratings read
 * (lw_store_load_rating_games() of lw-store-events.h)
 *
 * The cache is never the truth. A row of game_result_cache keeps what the
 * engine's replay of a game's rounds gave at one version of the game
 * (games.version, which every change to the game makes grow): the seats'
 * players and sides, the final scores, finished, winner, skunk and whether
 * the ratings count it (lw_rating_is_rated()). A row is used only while
 * its version is the game's, and only when it reads back whole; any other
 * row, or none, is stale: the game is replayed from its rounds, and the
 * row is written again. Every write to a game writes its row in the same
 * transaction (lw_store_cache_result()), so a database written by this
 * version is always warm; one migrated from version 6 fills its rows the
 * first time the ratings read it, or the games list (lw_store_list_game_statuses()
 * and lw_store_replay_game_statuses()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "lw-store-events.h"
#include "lw-store-private.h"

/* ------------------------------------------------------------------ */
/* A row                                                                */
/* ------------------------------------------------------------------ */

typedef struct {
  gint64    id;
  gint64    version;   /* the game's version the row was computed at */
  char     *players;   /* players.id per seat */
  char     *sides;     /* each seat's side */
  gboolean  replays;
  gboolean  finished;
  int       winner;    /* a side, or LW_NO_SEAT */
  gboolean  skunk;
  char     *scores;    /* each side's final score; "" when it does not replay */
  gboolean  rated;
} ResultRow;

static void
result_row_free (ResultRow *row)
{
  if (row == NULL)
    return;
  g_free (row->players);
  g_free (row->sides);
  g_free (row->scores);
  g_free (row);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ResultRow, result_row_free)

char *
lw_store_ints_to_text (const gint64 *values,
                       guint         n)
{
  GString *text = g_string_sized_new (4 * n);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, i > 0 ? " %" G_GINT64_FORMAT : "%" G_GINT64_FORMAT,
                            values[i]);
  return g_string_free (text, FALSE);
}

/* Run for every seat of every game the ratings and the players'
 * statistics read, so by hand. */
gboolean
lw_store_ints_from_text (const char *text,
                         gint64     *values,
                         guint       max,
                         gint64      min,
                         gint64      limit,
                         guint      *n)
{
  const char *at = text;

  *n = 0;
  if (text == NULL)
    return FALSE;
  while (*at != '\0')
    {
      gboolean negative = FALSE;
      gint64 value = 0;
      guint digits = 0;

      if (*n > 0 && *at++ != ' ')
        return FALSE;
      if (*n >= max)
        return FALSE;
      if (*at == '-')
        {
          negative = TRUE;
          at++;
        }
      for (; *at >= '0' && *at <= '9'; at++)
        {
          if (++digits > 18)
            return FALSE;
          value = value * 10 + (*at - '0');
        }
      if (digits == 0)
        return FALSE;
      if (negative)
        value = -value;
      if (value < min || value > limit)
        return FALSE;
      values[(*n)++] = value;
    }
  return TRUE;
}

/* The row of game @id, stored as @record with @standings (nullable: the
 * rounds do not replay); the seats' players are read from game_seats. */
static ResultRow *
compute_row (LwStore             *self,
             gint64               id,
             const LwGameRecord  *record,
             const LwStandings   *standings,
             GError             **error)
{
  g_autoptr (ResultRow) row = g_new0 (ResultRow, 1);
  gint64 players[LW_MAX_SEATS], sides[LW_MAX_SEATS], scores[LW_MAX_SEATS];
  g_autoptr (GArray) seated = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint n_players;

  if (!lw_store_read_ids (self, "SELECT player FROM game_seats WHERE game = ? ORDER BY seat", id,
                          seated, error))
    return NULL;
  n_players = seated->len;
  if (n_players != record->n_players)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE,
                   "%s: game %" G_GINT64_FORMAT " is damaged: its seats do not match its setup",
                   lw_store_get_path (self), id);
      return NULL;
    }

  for (guint seat = 0; seat < n_players; seat++)
    {
      players[seat] = g_array_index (seated, gint64, seat);
      sides[seat] = lw_game_record_side_of (record, (int) seat);
    }

  row->id = id;
  row->players = lw_store_ints_to_text (players, n_players);
  row->sides = lw_store_ints_to_text (sides, n_players);
  row->winner = LW_NO_SEAT;
  if (standings != NULL)
    {
      for (guint side = 0; side < standings->n_sides; side++)
        scores[side] = standings->scores[side];
      row->replays = TRUE;
      row->finished = standings->finished;
      row->winner = standings->winner;
      row->skunk = standings->skunk;
      row->scores = lw_store_ints_to_text (scores, standings->n_sides);
      row->rated = lw_rating_is_rated (record, standings);
    }
  else
    row->scores = g_strdup ("");
  return g_steal_pointer (&row);
}

/* Writes @row with the game's version as it is now; when @only_at_version,
 * only if that is still row->version (a change made since the row was
 * computed leaves the cache as it is). */
static gboolean
write_row (LwStore          *self,
           const ResultRow  *row,
           gboolean          only_at_version,
           GError          **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self,
                   "INSERT OR REPLACE INTO game_result_cache (game, version, players, sides,"
                   " replays, finished, winner, skunk, scores, rated)"
                   " SELECT id, version, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 FROM games"
                   " WHERE id = ?1 AND (?10 IS NULL OR version = ?10)", error);

  return stmt != NULL
         && lw_store_bind_int (self, stmt, 1, row->id, error)
         && lw_store_bind_text (self, stmt, 2, row->players, error)
         && lw_store_bind_text (self, stmt, 3, row->sides, error)
         && lw_store_bind_int (self, stmt, 4, row->replays ? 1 : 0, error)
         && lw_store_bind_int (self, stmt, 5, row->finished ? 1 : 0, error)
         && lw_store_bind_seat_or_null (self, stmt, 6, row->winner, error)
         && lw_store_bind_int (self, stmt, 7, row->skunk ? 1 : 0, error)
         && lw_store_bind_text (self, stmt, 8, row->scores, error)
         && lw_store_bind_int (self, stmt, 9, row->rated ? 1 : 0, error)
         && (only_at_version ? lw_store_bind_int (self, stmt, 10, row->version, error)
                             : lw_store_bind_null (self, stmt, 10, error))
         && lw_store_step_done (self, stmt, error);
}

/* ------------------------------------------------------------------ */
/* Writing a game's row with the game (lw-store-private.h)              */
/* ------------------------------------------------------------------ */

gboolean
lw_store_cache_result (LwStore             *self,
                       gint64               id,
                       const LwGameRecord  *record,
                       const LwStandings   *standings,
                       GError             **error)
{
  g_autoptr (LwStandings) replayed = NULL;
  g_autoptr (ResultRow) row = NULL;

  if (standings == NULL)
    standings = replayed = lw_standings_compute (record, NULL);
  row = compute_row (self, id, record, standings, error);
  return row != NULL && write_row (self, row, FALSE, error)
         && lw_store_cache_stats_share (self, id, record, standings, error);
}

/* ------------------------------------------------------------------ */
/* The games the ratings read                                           */
/* ------------------------------------------------------------------ */

/* Every player, by ID, and their index in the rating games once a rated
 * game seats them. */
typedef struct {
  gint64  id;
  char   *name;
  guint   index;   /* lw_rating_games_intern() + 1, or 0 */
} KnownPlayer;

static void
known_player_clear (gpointer data)
{
  g_free (((KnownPlayer *) data)->name);
}

/* One row (id, name) of players into @data, a GArray of KnownPlayer. */
static gboolean
add_known_player (LwStoreStmt  *stmt,
                  gpointer      data,
                  GError      **error)
{
  GArray *players = data;
  KnownPlayer *player;
  const char *name = (const char *) sqlite3_column_text (stmt, 1);

  /* The array owns the name from here (known_player_clear()). */
  g_array_set_size (players, players->len + 1);
  player = &g_array_index (players, KnownPlayer, players->len - 1);
  player->id = sqlite3_column_int64 (stmt, 0);
  player->name = g_strdup (name != NULL ? name : "");
  player->index = 0;
  return TRUE;
}

static GArray *
read_players (LwStore  *self,
              GError  **error)
{
  g_autoptr (GArray) players = g_array_new (FALSE, FALSE, sizeof (KnownPlayer));

  g_array_set_clear_func (players, known_player_clear);
  if (!lw_store_visit_rows (self, "SELECT id, name FROM players ORDER BY id", 0,
                            add_known_player, players, error))
    return NULL;
  return g_steal_pointer (&players);
}

static int
compare_player_id (const void *key,
                   const void *element)
{
  gint64 id = *(const gint64 *) key, other = ((const KnownPlayer *) element)->id;
  return id < other ? -1 : id > other;
}

/* Player @id, or %NULL when there is no such player. */
static KnownPlayer *
find_player (GArray *players,
             gint64  id)
{
  return bsearch (&id, players->data, players->len, sizeof (KnownPlayer), compare_player_id);
}

/* Adds the rated game a fresh row describes; %FALSE when the row does not
 * read back whole (it is then stale). */
static gboolean
add_cached_game (LwRatingGames *games,
                 GArray        *players,
                 gint64         id,
                 const char    *key,
                 gint64         time,
                 gint64         n_teams,
                 const char    *players_text,
                 const char    *sides_text,
                 const char    *scores_text,
                 gboolean       skunk)
{
  LwRatedGame game = { 0, };
  KnownPlayer *seated[LW_MAX_SEATS];
  gint64 ids[LW_MAX_SEATS], sides[LW_MAX_SEATS], scores[LW_MAX_SEATS];
  guint n_players, n_sides, n_scores, per_side[LW_MAX_SEATS] = { 0, };

  if (n_teams < 0 || n_teams > LW_MAX_SEATS
      || !lw_store_ints_from_text (players_text, ids, LW_MAX_SEATS, 1, G_MAXINT64, &n_players)
      || n_players < 2
      || !lw_store_ints_from_text (sides_text, sides, LW_MAX_SEATS, 0, LW_MAX_SEATS - 1, &n_sides)
      || n_sides != n_players)
    return FALSE;
  n_sides = n_teams > 0 ? (guint) n_teams : n_players;
  if (!lw_store_ints_from_text (scores_text, scores, LW_MAX_SEATS, G_MININT, G_MAXINT, &n_scores)
      || n_scores != n_sides)
    return FALSE;

  /* Known players, none twice; every side seated (lw_rating_rate() needs
   * each), a seat's own side in solo play. */
  for (guint seat = 0; seat < n_players; seat++)
    {
      if (sides[seat] >= n_sides || (n_teams == 0 && sides[seat] != seat))
        return FALSE;
      per_side[sides[seat]]++;
      for (guint other = 0; other < seat; other++)
        if (ids[other] == ids[seat])
          return FALSE;
      seated[seat] = find_player (players, ids[seat]);
      if (seated[seat] == NULL)
        return FALSE;
    }
  for (guint side = 0; side < n_sides; side++)
    if (per_side[side] == 0)
      return FALSE;

  game.id = id;
  game.key = key;
  game.time = time;
  game.n_players = n_players;
  game.n_teams = (guint) n_teams;
  for (guint seat = 0; seat < n_players; seat++)
    {
      if (seated[seat]->index == 0)
        seated[seat]->index = lw_rating_games_intern (games, seated[seat]->name) + 1;
      game.players[seat] = seated[seat]->index - 1;
      game.side_of[seat] = (int) sides[seat];
    }
  for (guint side = 0; side < n_sides; side++)
    game.scores[side] = (int) scores[side];
  game.skunk = skunk;
  lw_rating_games_add (games, &game);
  return TRUE;
}

/* One change of a seat's player (seat_changes), with the game's rounds. */
typedef struct {
  guint  seat;
  gint64 from_round;
  gint64 n_rounds;
  char  *old_name;
} SeatChange;

static void
seat_change_clear (gpointer data)
{
  g_free (((SeatChange *) data)->old_name);
}

/* One row (game, seat, from_round, old name, rounds) of seat_changes into
 * @data: game ID (gint64 *) → GArray of SeatChange. */
static gboolean
add_seat_change (LwStoreStmt  *stmt,
                 gpointer      data,
                 GError      **error)
{
  GHashTable *changes = data;
  gint64 game = sqlite3_column_int64 (stmt, 0);
  GArray *list = g_hash_table_lookup (changes, &game);
  SeatChange *change;
  const char *name;

  if (list == NULL)
    {
      list = g_array_new (FALSE, FALSE, sizeof (SeatChange));
      g_array_set_clear_func (list, seat_change_clear);
      g_hash_table_insert (changes, g_memdup2 (&game, sizeof game), list);
    }
  /* The array owns the name from here (seat_change_clear()). */
  g_array_set_size (list, list->len + 1);
  change = &g_array_index (list, SeatChange, list->len - 1);
  name = (const char *) sqlite3_column_text (stmt, 3);
  change->seat = (guint) CLAMP (sqlite3_column_int64 (stmt, 1), 0, LW_MAX_SEATS - 1);
  change->from_round = sqlite3_column_int64 (stmt, 2);
  change->n_rounds = sqlite3_column_int64 (stmt, 4);
  change->old_name = g_strdup (name != NULL ? name : "");
  return TRUE;
}

/* Every game's seat changes: game ID → GArray of SeatChange, in the order
 * they happened. */
static GHashTable *
read_seat_changes (LwStore  *self,
                   GError  **error)
{
  g_autoptr (GHashTable) changes =
    g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_array_unref);

  if (!lw_store_visit_rows (self,
                            "SELECT c.game, c.seat, c.from_round, o.name,"
                            " (SELECT count (*) FROM rounds AS r WHERE r.game = c.game)"
                            " FROM seat_changes AS c JOIN players AS o ON o.id = c.old_player"
                            " ORDER BY c.game, c.seat, c.from_round, c.id",
                            0, add_seat_change, changes, error))
    return NULL;
  return g_steal_pointer (&changes);
}

/* The earlier players of game @id's seats, each with the share of the
 * game's rounds they played there (the rounds before the seat changed
 * hands, from the round after the change before), for the game just
 * added to @games (lw_rating_games_add_sub()). */
static void
add_substitutes (LwRatingGames *games,
                 GHashTable    *changes,
                 gint64         id)
{
  GArray *list = g_hash_table_lookup (changes, &id);
  gint64 from[LW_MAX_SEATS];

  if (list == NULL)
    return;
  for (guint seat = 0; seat < LW_MAX_SEATS; seat++)
    from[seat] = 1;
  for (guint i = 0; i < list->len; i++)
    {
      const SeatChange *change = &g_array_index (list, SeatChange, i);
      gint64 until = MIN (change->from_round, change->n_rounds + 1);
      gint64 played = MAX (until - from[change->seat], 0);

      if (change->n_rounds > 0 && played > 0)
        lw_rating_games_add_sub (games, id, change->seat, change->old_name,
                                 (double) played / (double) change->n_rounds);
      from[change->seat] = MAX (from[change->seat], until);
    }
}

/* A game whose row is stale. */
typedef struct {
  gint64 id;
  gint64 time;
  gint64 version;
  char  *key;   /* games.uuid, the record's id (owned) */
} StaleGame;

static void
stale_game_clear (gpointer data)
{
  g_free (((StaleGame *) data)->key);
}

/* Writes the rows recomputed; a cache that cannot be written now (another
 * program holds the database, a full disk) stays as it was: the ratings
 * read were computed from the rounds all the same. */
static void
write_back (LwStore   *self,
            GPtrArray *rows)
{
  g_autoptr (GError) error = NULL;

  if (!lw_store_begin_write (self, &error))
    {
      g_debug ("%s: the result cache is not written: %s", lw_store_get_path (self),
               error->message);
      return;
    }
  for (guint i = 0; i < rows->len; i++)
    if (!write_row (self, g_ptr_array_index (rows, i), TRUE, &error))
      {
        lw_store_rollback (self);
        g_debug ("%s: the result cache is not written: %s", lw_store_get_path (self),
                 error->message);
        return;
      }
  if (!lw_store_commit (self, &error))
    g_debug ("%s: the result cache is not written: %s", lw_store_get_path (self),
             error->message);
}

/* A computer seat's player, left out of the ratings. */
static gboolean
mark_computer (LwStoreStmt  *stmt,
               gpointer      data,
               GError      **error)
{
  lw_rating_games_set_computer (data, (const char *) sqlite3_column_text (stmt, 0));
  return TRUE;
}

/* What lw_store_load_rating_games() makes of each game's row. */
typedef struct {
  LwRatingGames *games;
  GArray        *players;  /* of KnownPlayer (read_players()) */
  GHashTable    *changes;  /* read_seat_changes() */
  GArray        *stale;    /* of StaleGame: the games to replay */
} RatedRows;

/* One row of a game and its cached result: a rated game from the cache
 * when its row is current, else a game to replay. */
static gboolean
add_rated_game (LwStoreStmt  *stmt,
                gpointer      data,
                GError      **error)
{
  RatedRows *rated = data;
  StaleGame game;
  gint64 played_at;

  game.id = sqlite3_column_int64 (stmt, 0);
  played_at = sqlite3_column_int64 (stmt, 2);
  game.time = played_at > 0 ? played_at : sqlite3_column_int64 (stmt, 1);
  game.version = sqlite3_column_int64 (stmt, 4);
  game.key = NULL;

  if (sqlite3_column_type (stmt, 5) != SQLITE_NULL
      && sqlite3_column_int64 (stmt, 5) == game.version)
    {
      if (sqlite3_column_int64 (stmt, 8) == 0)
        return TRUE;
      if (add_cached_game (rated->games, rated->players, game.id,
                           (const char *) sqlite3_column_text (stmt, 11), game.time,
                           sqlite3_column_int64 (stmt, 3),
                           (const char *) sqlite3_column_text (stmt, 6),
                           (const char *) sqlite3_column_text (stmt, 7),
                           (const char *) sqlite3_column_text (stmt, 10),
                           sqlite3_column_int64 (stmt, 9) != 0))
        {
          add_substitutes (rated->games, rated->changes, game.id);
          return TRUE;
        }
    }
  /* The array owns the key from here (stale_game_clear()). */
  g_array_append_val (rated->stale, game);
  g_array_index (rated->stale, StaleGame, rated->stale->len - 1).key =
    g_strdup ((const char *) sqlite3_column_text (stmt, 11));
  return TRUE;
}

LwRatingGames *
lw_store_load_rating_games (LwStore  *self,
                            GError  **error)
{
  g_autoptr (LwRatingGames) games = lw_rating_games_new ();
  g_autoptr (GArray) players = NULL;
  g_autoptr (GArray) stale = g_array_new (FALSE, FALSE, sizeof (StaleGame));
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) result_row_free);
  g_autoptr (GHashTable) changes = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  g_array_set_clear_func (stale, stale_game_clear);
  /* One state of the file: the players, every game with its row, and
   * the replays of the games whose row is stale. */
  if (!lw_store_begin_read (self, error))
    return NULL;
  players = read_players (self, error);
  if (players == NULL)
    goto failed;
  changes = read_seat_changes (self, error);
  if (changes == NULL)
    goto failed;
  if (!lw_store_visit_rows (self, "SELECT name FROM players WHERE " LW_STORE_IS_COMPUTER ("id"),
                            0, mark_computer, games, error))
    goto failed;

  {
    RatedRows rated = { games, players, changes, stale };

    if (!lw_store_visit_rows (self,
                              "SELECT g.id, g.created, coalesce (g.played_at, 0), g.n_teams, g.version,"
                              " c.version, c.players, c.sides, c.rated, c.skunk, c.scores, g.uuid"
                              " FROM games AS g LEFT JOIN game_result_cache AS c ON c.game = g.id",
                              0, add_rated_game, &rated, error))
      goto failed;
  }

  /* The stale ones from their rounds, as the engine replays them. */
  for (guint i = 0; i < stale->len; i++)
    {
      const StaleGame *game = &g_array_index (stale, StaleGame, i);
      g_autoptr (LwStoredGame) stored = lw_store_load_game_as_stored (self, game->id, error);
      g_autoptr (LwStandings) standings = NULL;
      ResultRow *row;

      if (stored == NULL)
        goto failed;
      /* The rated game's key is the record's id (lw_rating_game_order()). */
      g_free (stored->record->id);
      stored->record->id = g_strdup (game->key);
      standings = lw_standings_compute (stored->record, NULL);
      row = compute_row (self, game->id, stored->record, standings, error);
      if (row == NULL)
        goto failed;
      row->version = game->version;
      g_ptr_array_add (rows, row);
      if (standings != NULL
          && lw_rating_games_add_record (games, game->id, game->time, stored->record, standings))
        add_substitutes (games, changes, game->id);
    }

  /* And the results entered from paper. */
  if (!lw_store_add_paper_rating_games (self, games, error))
    goto failed;

  if (!lw_store_commit (self, error))
    return NULL;
  if (rows->len > 0)
    write_back (self, rows);
  return g_steal_pointer (&games);

failed:
  lw_store_rollback (self);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Each game's status, for the games list                               */
/* ------------------------------------------------------------------ */

/* One row (id, version) of a game into @data, a GArray of gint64 pairs. */
static gboolean
add_game_version (LwStoreStmt  *stmt,
                  gpointer      data,
                  GError      **error)
{
  gint64 pair[2] = { sqlite3_column_int64 (stmt, 0), sqlite3_column_int64 (stmt, 1) };

  g_array_append_vals (data, pair, 2);
  return TRUE;
}

/* A cache row's state, as lw_store_list_game_statuses() reads it. */
typedef struct {
  gint64 game;
  gint64 version;
  int    state;   /* an LwGameState, or -1: the row does not read back */
} CachedState;

/* One row (game, version, replays, finished) of game_result_cache into
 * @data, a GArray of CachedState. */
static gboolean
add_cached_state (LwStoreStmt  *stmt,
                  gpointer      data,
                  GError      **error)
{
  CachedState row = { sqlite3_column_int64 (stmt, 0), sqlite3_column_int64 (stmt, 1), -1 };
  gint64 replays = sqlite3_column_int64 (stmt, 2);
  gint64 finished = sqlite3_column_int64 (stmt, 3);

  if (sqlite3_column_type (stmt, 2) == SQLITE_INTEGER && (replays == 0 || replays == 1)
      && sqlite3_column_type (stmt, 3) == SQLITE_INTEGER && (finished == 0 || finished == 1))
    row.state = !replays ? LW_GAME_STATE_BROKEN
                : finished ? LW_GAME_STATE_FINISHED : LW_GAME_STATE_ONGOING;
  g_array_append_val (data, row);
  return TRUE;
}

GArray *
lw_store_list_game_statuses (LwStore  *self,
                             GArray   *stale,
                             GError  **error)
{
  g_autoptr (GArray) statuses = g_array_new (FALSE, FALSE, sizeof (LwGameStatus));
  g_autoptr (GArray) versions = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray) cached = g_array_new (FALSE, FALSE, sizeof (CachedState));
  guint c = 0;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (stale != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Two passes in ID order, each over its table's own B-tree, walked
   * side by side: a join would look each game's row up in the cache, and
   * an order by creation time would sort them all. */
  if (!lw_store_begin_read (self, error))
    return NULL;
  if (!lw_store_visit_rows (self, "SELECT id, version FROM games ORDER BY id", 0,
                            add_game_version, versions, error)
      || !lw_store_visit_rows (self, "SELECT game, version, replays, finished"
                               " FROM game_result_cache ORDER BY game", 0,
                               add_cached_state, cached, error))
    {
      lw_store_rollback (self);
      return NULL;
    }
  if (!lw_store_commit (self, error))
    return NULL;

  /* Newest first: the highest IDs first. */
  for (guint g = versions->len; g >= 2; g -= 2)
    {
      gint64 id = g_array_index (versions, gint64, g - 2);
      gint64 version = g_array_index (versions, gint64, g - 1);
      const CachedState *row = NULL;

      while (c < cached->len && g_array_index (cached, CachedState, cached->len - 1 - c).game > id)
        c++;
      if (c < cached->len && g_array_index (cached, CachedState, cached->len - 1 - c).game == id)
        row = &g_array_index (cached, CachedState, cached->len - 1 - c);
      if (row != NULL && row->version == version && row->state >= 0)
        {
          LwGameStatus status = { id, (LwGameState) row->state };

          g_array_append_val (statuses, status);
        }
      else
        g_array_append_val (stale, id);
    }
  return g_steal_pointer (&statuses);
}

gboolean
lw_store_replay_game_statuses (LwStore       *self,
                               const gint64  *ids,
                               guint          n_ids,
                               gboolean       keep_rows,
                               GArray        *statuses,
                               GError       **error)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) result_row_free);

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);
  g_return_val_if_fail (statuses != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* One state of the file for the batch; then its rows, at the versions
   * read, in one write. */
  if (!lw_store_begin_read (self, error))
    return FALSE;
  for (guint i = 0; i < n_ids; i++)
    {
      g_autoptr (GError) local_error = NULL;
      g_autoptr (LwStoredGame) stored = NULL;
      g_autoptr (LwStandings) standings = NULL;
      LwGameStatus status = { ids[i], LW_GAME_STATE_BROKEN };
      gint64 version = 0;
      ResultRow *row;

      if (!lw_store_get_game_version (self, ids[i], &version, &local_error)
          || (stored = lw_store_load_game_as_stored (self, ids[i], &local_error)) == NULL)
        {
          /* Deleted meanwhile: nothing to say; damaged rows: broken. */
          if (g_error_matches (local_error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND))
            continue;
          if (g_error_matches (local_error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE))
            {
              g_array_append_val (statuses, status);
              continue;
            }
          g_propagate_error (error, g_steal_pointer (&local_error));
          lw_store_rollback (self);
          return FALSE;
        }
      standings = lw_standings_compute (stored->record, NULL);
      if (standings != NULL)
        status.state = standings->finished ? LW_GAME_STATE_FINISHED : LW_GAME_STATE_ONGOING;
      g_array_append_val (statuses, status);
      if (!keep_rows)
        continue;
      row = compute_row (self, ids[i], stored->record, standings, NULL);
      if (row != NULL)
        {
          row->version = version;
          g_ptr_array_add (rows, row);
        }
    }
  if (!lw_store_commit (self, error))
    return FALSE;
  if (rows->len > 0)
    write_back (self, rows);
  return TRUE;
}
