/* lw-store-stats.c — each player's statistics over every stored game,
 * kept up to date game by game
 *
 * A cache holds each game's share of the statistics (lw_stats_share_new(),
 * a few hundred bytes) and their sum (#LwStatsTally). An update reads the
 * games' IDs and versions and the players' names, then only the games
 * that are new, changed or name a renamed player: each game's rows come
 * from five queries over all the games to read (every game, or those
 * named in a JSON array), walked side by side in game ID order, so a game is never loaded on its own
 * with one query per round. The records built live one game at a time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-store-db.h"
#include "lw-store-games.h"
#include "lw-store-private.h"
#include "lw-store-seats.h"
#include "lw-store-stats.h"

/* Beyond this share of the games to read, one pass over every game's rows
 * costs less than finding theirs through the indexes. */
#define READ_ALL_FRACTION 2

typedef struct {
  gint64 id;
  gint64 version;
  gint64 created;       /* with the ID, tells a game from one a restore put there */
  LwStatsShare *share;  /* NULL: the game does not replay */
} GameEntry;

struct _LwPlayerStatsCache
{
  GObject parent_instance;

  GMutex lock;
  GHashTable *games;     /* &GameEntry.id → GameEntry* (owned) */
  GHashTable *players;   /* player ID (gint64*, owned) → interned name */
  LwStatsTally *tally;
  guint games_read;
};

G_DEFINE_FINAL_TYPE (LwPlayerStatsCache, lw_player_stats_cache, G_TYPE_OBJECT)

static void
game_entry_free (GameEntry *entry)
{
  lw_stats_share_free (entry->share);
  g_free (entry);
}

static void
lw_player_stats_cache_finalize (GObject *object)
{
  LwPlayerStatsCache *self = LW_PLAYER_STATS_CACHE (object);

  g_hash_table_unref (self->games);
  g_clear_pointer (&self->players, g_hash_table_unref);
  lw_stats_tally_free (self->tally);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (lw_player_stats_cache_parent_class)->finalize (object);
}

static void
lw_player_stats_cache_class_init (LwPlayerStatsCacheClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = lw_player_stats_cache_finalize;
}

static void
lw_player_stats_cache_init (LwPlayerStatsCache *self)
{
  g_mutex_init (&self->lock);
  self->games = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL,
                                       (GDestroyNotify) game_entry_free);
  self->tally = lw_stats_tally_new ();
}

LwPlayerStatsCache *
lw_player_stats_cache_new (void)
{
  return g_object_new (LW_TYPE_PLAYER_STATS_CACHE, NULL);
}

/* ------------------------------------------------------------------ */
/* Reading games, many at once                                          */
/* ------------------------------------------------------------------ */

/* One of the reader's queries, walked in game ID order. */
typedef struct {
  LwStoreStmt *stmt;
  gboolean has_row;
} Cursor;

static gboolean
cursor_open (LwStore     *self,
             Cursor      *cursor,
             const char  *sql,
             const char  *only,
             GError     **error)
{
  cursor->stmt = lw_store_stmt (self, sql, error);
  if (cursor->stmt == NULL
      || (only != NULL && !lw_store_bind_text (self, cursor->stmt, 1, only, error)))
    return FALSE;
  return lw_store_step_row (self, cursor->stmt, &cursor->has_row, error);
}

static void
cursor_close (Cursor *cursor)
{
  g_clear_pointer (&cursor->stmt, lw_store_stmt_release);
}

/* Whether the cursor's row belongs to game @id; rows of games before it
 * (none should be) are passed over. */
static gboolean
cursor_at (LwStore  *self,
           Cursor   *cursor,
           gint64    id,
           gboolean *ok,
           GError  **error)
{
  while (*ok && cursor->has_row && sqlite3_column_int64 (cursor->stmt, 0) < id)
    *ok = lw_store_step_row (self, cursor->stmt, &cursor->has_row, error);
  return *ok && cursor->has_row && sqlite3_column_int64 (cursor->stmt, 0) == id;
}

static gboolean
cursor_next (LwStore  *self,
             Cursor   *cursor,
             GError  **error)
{
  return lw_store_step_row (self, cursor->stmt, &cursor->has_row, error);
}

/* A seat in column @column: LW_NO_SEAT for NULL; FALSE when out of range. */
static gboolean
column_seat (LwStoreStmt *stmt,
             int          column,
             guint        n_players,
             int         *seat)
{
  gint64 value;

  if (sqlite3_column_type (stmt, column) == SQLITE_NULL)
    {
      *seat = LW_NO_SEAT;
      return TRUE;
    }
  value = sqlite3_column_int64 (stmt, column);
  if (value < 0 || value >= n_players)
    return FALSE;
  *seat = (int) value;
  return TRUE;
}

enum { Q_GAMES, Q_SEATS, Q_ROUNDS, Q_PENALTIES, Q_CHANGES, N_QUERIES };

/* Each query over every game, then over those of ?1, a JSON array of
 * their IDs (json_each(): the rows of those games only, through the
 * indexes on the game). */
static const char *const queries[N_QUERIES][2] = {
  { "SELECT id, version, ruleset, start_score, target, skunk, first_dealer, n_teams,"
    " rule_set, run_fill, over_trump, king_and_knave, created FROM games ORDER BY id",
    "SELECT id, version, ruleset, start_score, target, skunk, first_dealer, n_teams,"
    " rule_set, run_fill, over_trump, king_and_knave, created FROM games WHERE id IN (SELECT value FROM json_each (?1)) ORDER BY id" },
  { "SELECT game, seat, player, team FROM game_seats ORDER BY game, seat",
    "SELECT game, seat, player, team FROM game_seats WHERE game IN (SELECT value FROM json_each (?1)) ORDER BY game, seat" },
  { "SELECT r.game, r.number, r.is_void, r.declarer, r.all_but_last, r.dealer, s.seat, s.cards,"
    " s.worms, s.gongs, s.bears, s.wolves, s.court, s.garwolves, s.unpegged"
    " FROM rounds AS r LEFT JOIN round_seats AS s ON s.round = r.id"
    " ORDER BY r.game, r.number, s.seat",
    "SELECT r.game, r.number, r.is_void, r.declarer, r.all_but_last, r.dealer, s.seat, s.cards,"
    " s.worms, s.gongs, s.bears, s.wolves, s.court, s.garwolves, s.unpegged"
    " FROM rounds AS r LEFT JOIN round_seats AS s ON s.round = r.id WHERE r.game IN (SELECT value FROM json_each (?1))"
    " ORDER BY r.game, r.number, s.seat" },
  /* Few rounds have penalties: those rows sorted, not every round's
   * looked up (CROSS JOIN keeps penalties the outer loop). */
  { "SELECT r.game, r.number, p.seat, p.kind FROM penalties AS p CROSS JOIN rounds AS r ON r.id = p.round"
    " ORDER BY r.game, r.number, p.ordinal",
    "SELECT r.game, r.number, p.seat, p.kind FROM rounds AS r JOIN penalties AS p ON p.round = r.id"
    " WHERE r.game IN (SELECT value FROM json_each (?1)) ORDER BY r.game, r.number, p.ordinal" },
  { "SELECT game, seat, from_round, old_player FROM seat_changes"
    " ORDER BY game, from_round DESC, id DESC",
    "SELECT game, seat, from_round, old_player FROM seat_changes WHERE game IN (SELECT value FROM json_each (?1))"
    " ORDER BY game, from_round DESC, id DESC" },
};

typedef struct {
  LwStore *store;
  GHashTable *players;   /* player ID → interned name */
  Cursor cursors[N_QUERIES];
} Reader;

static const char *
player_name (Reader *reader,
             gint64  id)
{
  return g_hash_table_lookup (reader->players, &id);
}

static gboolean
damaged (Reader      *reader,
         gint64       id,
         const char  *what,
         GError     **error)
{
  return lw_store_fail_damaged (reader->store, "game", id, what, error);
}

/* The record of the game at the games cursor, as stored (its seats'
 * current players, no substitutes), with its round players when a seat
 * changed; every cursor moved past the game's rows. */
static gboolean
read_one (Reader        *reader,
          gboolean       wanted,
          LwGameRecord **record_out,
          GPtrArray    **round_players_out,
          GError       **error)
{
  LwStore *self = reader->store;
  LwStoreStmt *game_row = reader->cursors[Q_GAMES].stmt;
  gint64 id = sqlite3_column_int64 (game_row, 0);
  Cursor *seats = &reader->cursors[Q_SEATS];
  Cursor *rounds = &reader->cursors[Q_ROUNDS];
  Cursor *penalties = &reader->cursors[Q_PENALTIES];
  Cursor *changes = &reader->cursors[Q_CHANGES];
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GPtrArray) round_players = NULL;
  const char *names[LW_MAX_SEATS + 1] = { NULL, };
  int team_of[LW_MAX_SEATS] = { 0, };
  gint64 n_teams = sqlite3_column_int64 (game_row, 7);
  gint64 first_dealer = sqlite3_column_int64 (game_row, 6);
  guint n_players = 0;
  LwRuleset ruleset;
  gboolean ok = TRUE;

  /* The seats. */
  for (; cursor_at (self, seats, id, &ok, error); ok = cursor_next (self, seats, error))
    {
      if (!wanted)
        continue;
      if (n_players >= LW_MAX_SEATS || sqlite3_column_int64 (seats->stmt, 1) != n_players)
        return damaged (reader, id, "its seats are not numbered 0, 1, 2…", error);
      names[n_players] = player_name (reader, sqlite3_column_int64 (seats->stmt, 2));
      if (names[n_players] == NULL)
        return damaged (reader, id, "a seat names no player", error);
      if (n_teams > 0)
        {
          gint64 team = sqlite3_column_int64 (seats->stmt, 3);

          if (sqlite3_column_type (seats->stmt, 3) == SQLITE_NULL || team < 0 || team >= n_teams)
            return damaged (reader, id, "a seat has no side", error);
          team_of[n_players] = (int) team;
        }
      n_players++;
    }
  if (!ok)
    return FALSE;

  if (wanted)
    {
      if (!lw_ruleset_from_string ((const char *) sqlite3_column_text (game_row, 2), &ruleset))
        return damaged (reader, id, "unknown ruleset", error);
      if (n_players == 0 || first_dealer < 0 || first_dealer >= n_players)
        return damaged (reader, id, "its seats do not match its setup", error);
      record = lw_game_record_new (ruleset, n_players, names);
      record->start_score = sqlite3_column_int (game_row, 3);
      record->target = sqlite3_column_int (game_row, 4);
      record->skunk = sqlite3_column_int (game_row, 5);
      record->first_dealer = (int) first_dealer;
      if (n_teams > 0)
        lw_game_record_set_teams (record, (guint) n_teams, team_of);
      /* The house rules (schema 12), as lw_store_read_game_rules() reads them. */
      g_free (record->rule_set);
      record->rule_set = g_strdup ((const char *) sqlite3_column_text (game_row, 8));
      if (record->ruleset == LW_RULESET_LITTLE_WOLF
          && (!lw_run_fill_from_string ((const char *) sqlite3_column_text (game_row, 9), &record->run_fill)
              || !lw_over_trump_from_string ((const char *) sqlite3_column_text (game_row, 10),
                                             &record->over_trump)))
        return damaged (reader, id, "unknown house rules", error);
      record->king_and_knave = record->ruleset == LW_RULESET_GARWOLF
                               && sqlite3_column_int64 (game_row, 11) != 0;
    }

  /* The rounds, each with its seats. */
  for (; cursor_at (self, rounds, id, &ok, error); ok = cursor_next (self, rounds, error))
    {
      LwStoreStmt *row = rounds->stmt;
      gint64 number = sqlite3_column_int64 (row, 1);
      LwRound *round;
      int seat;

      if (!wanted)
        continue;
      if (number == (gint64) record->rounds->len + 1)
        {
          round = lw_round_new ();
          g_ptr_array_add (record->rounds, round);
          round->is_void = sqlite3_column_int (row, 2) != 0;
          round->all_but_last = sqlite3_column_int (row, 4) != 0;
          if (!column_seat (row, 3, n_players, &round->declarer)
              || !column_seat (row, 5, n_players, &round->dealer))
            return damaged (reader, id, "a round names a seat out of range", error);
        }
      else if (number != (gint64) record->rounds->len)
        return damaged (reader, id, "its rounds are not numbered 1, 2, 3…", error);
      round = g_ptr_array_index (record->rounds, record->rounds->len - 1);
      if (sqlite3_column_type (row, 6) == SQLITE_NULL)
        continue;  /* a round without seats' rows */
      if (!column_seat (row, 6, n_players, &seat) || seat == LW_NO_SEAT)
        return damaged (reader, id, "a round names a seat out of range", error);
      round->cards[seat] = sqlite3_column_int (row, 7);
      round->worms[seat] = sqlite3_column_int (row, 8);
      round->gongs[seat] = sqlite3_column_int (row, 9);
      round->bears[seat] = sqlite3_column_int (row, 10);
      round->wolves[seat] = sqlite3_column_int (row, 11);
      round->court[seat] = sqlite3_column_int (row, 12);
      round->garwolves[seat] = sqlite3_column_int (row, 13);
      round->unpegged[seat] = sqlite3_column_int (row, 14) != 0;
    }
  if (!ok)
    return FALSE;

  /* The penalties. */
  for (; cursor_at (self, penalties, id, &ok, error); ok = cursor_next (self, penalties, error))
    {
      gint64 number = sqlite3_column_int64 (penalties->stmt, 1);
      LwPenaltyKind kind;
      int seat;

      if (!wanted)
        continue;
      if (number < 1 || number > (gint64) record->rounds->len)
        return damaged (reader, id, "its rounds are not numbered 1, 2, 3…", error);
      if (!column_seat (penalties->stmt, 2, n_players, &seat) || seat == LW_NO_SEAT)
        return damaged (reader, id, "a penalty names a seat out of range", error);
      if (!lw_penalty_kind_from_string ((const char *) sqlite3_column_text (penalties->stmt, 3), &kind))
        return damaged (reader, id, "a penalty of an unknown kind", error);
      lw_round_add_penalty (g_ptr_array_index (record->rounds, number - 1), seat, kind);
    }
  if (!ok)
    return FALSE;

  /* The seat changes, latest first: before each change's first round the
   * seat had its old player (lw_store_list_round_players()). */
  for (; cursor_at (self, changes, id, &ok, error); ok = cursor_next (self, changes, error))
    {
      int seat = sqlite3_column_int (changes->stmt, 1);
      gint64 from_round = sqlite3_column_int64 (changes->stmt, 2);
      const char *old_name;

      if (!wanted || seat < 0 || seat >= (int) n_players)
        continue;
      old_name = player_name (reader, sqlite3_column_int64 (changes->stmt, 3));
      if (old_name == NULL)
        return damaged (reader, id, "a seat change names no player", error);
      if (round_players == NULL)
        {
          round_players = g_ptr_array_new_full (record->rounds->len, g_free);
          for (guint r = 0; r < record->rounds->len; r++)
            g_ptr_array_add (round_players, g_memdup2 (names, sizeof names));
        }
      for (guint r = 0; (gint64) r + 1 < from_round && r < round_players->len; r++)
        ((const char **) g_ptr_array_index (round_players, r))[seat] = old_name;
    }
  if (!ok)
    return FALSE;

  *record_out = g_steal_pointer (&record);
  *round_players_out = g_steal_pointer (&round_players);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The update                                                           */
/* ------------------------------------------------------------------ */

/* Takes game @id's share out of the tally and puts its new one in
 * (@record NULL: the game is gone). */
static void
replace_share (LwPlayerStatsCache *self,
               gint64              id,
               gint64              version,
               gint64              created,
               const LwGameRecord *record,
               GPtrArray          *round_players)
{
  GameEntry *entry = g_hash_table_lookup (self->games, &id);

  if (entry != NULL && entry->share != NULL)
    {
      lw_stats_tally_remove (self->tally, entry->share);
      g_clear_pointer (&entry->share, lw_stats_share_free);
    }
  if (record == NULL)
    {
      if (entry != NULL)
        g_hash_table_remove (self->games, &id);
      return;
    }
  if (entry == NULL)
    {
      entry = g_new0 (GameEntry, 1);
      entry->id = id;
      g_hash_table_insert (self->games, &entry->id, entry);
    }
  entry->version = version;
  entry->created = created;

  {
    /* A game that no longer replays (it cannot be scored) counts for
     * nobody. */
    g_autoptr (LwStandings) standings = lw_standings_compute (record, NULL);

    if (standings != NULL)
      {
        LwStatsGame game = { record, standings, round_players };

        entry->share = lw_stats_share_new (&game);
        lw_stats_tally_add (self->tally, entry->share);
      }
  }
}

static gboolean
read_games (LwStore             *self,
            LwPlayerStatsCache  *cache,
            GHashTable          *players,
            GHashTable          *wanted,
            const char          *only,
            GCancellable        *cancellable,
            GError             **error)
{
  Reader reader = { self, players, { { 0 } } };
  Cursor *games = &reader.cursors[Q_GAMES];
  gboolean ok = TRUE;
  guint n = 0;

  for (guint q = 0; q < N_QUERIES && ok; q++)
    ok = cursor_open (self, &reader.cursors[q], queries[q][only != NULL], only, error);

  while (ok && games->has_row)
    {
      gint64 id = sqlite3_column_int64 (games->stmt, 0);
      gint64 version = sqlite3_column_int64 (games->stmt, 1);
      gint64 created = sqlite3_column_int64 (games->stmt, 12);
      gboolean want = wanted == NULL || g_hash_table_contains (wanted, &id);
      g_autoptr (LwGameRecord) record = NULL;
      g_autoptr (GPtrArray) round_players = NULL;

      if ((++n & 255) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        ok = FALSE;
      else if (!read_one (&reader, want, &record, &round_players, error))
        ok = FALSE;
      else
        {
          if (want)
            {
              replace_share (cache, id, version, created, record, round_players);
              cache->games_read++;
            }
          ok = cursor_next (self, games, error);
        }
    }

  for (guint q = 0; q < N_QUERIES; q++)
    cursor_close (&reader.cursors[q]);
  return ok;
}

/* The players' names, interned, by ID. */
static GHashTable *
read_players (LwStore  *self,
              GError  **error)
{
  g_autoptr (GHashTable) players = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, "SELECT id, name FROM players", error);
  gboolean ok = stmt != NULL;

  while (lw_store_next_row (self, stmt, &ok, error))
    {
      gint64 *id = g_new (gint64, 1);

      *id = sqlite3_column_int64 (stmt, 0);
      g_hash_table_insert (players, id, (gpointer) g_intern_string ((const char *) sqlite3_column_text (stmt, 1)));
    }
  return ok ? g_steal_pointer (&players) : NULL;
}

static gboolean
update (LwStore             *self,
        LwPlayerStatsCache  *cache,
        GCancellable        *cancellable,
        GError             **error)
{
  g_autoptr (GHashTable) players = NULL;
  g_autoptr (GHashTable) stale = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr (GHashTable) present = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr (GPtrArray) gone_names = g_ptr_array_new ();
  g_autoptr (GPtrArray) renamed = g_ptr_array_new ();  /* old name, new name, … */
  g_autoptr (GArray) gone = g_array_new (FALSE, FALSE, sizeof (gint64));
  GHashTableIter iter;
  gpointer key, value;
  gboolean ok;

  players = read_players (self, error);
  if (players == NULL)
    return FALSE;

  /* Names that are no longer a player's: their games count anew; a
   * player renamed to a name nobody had keeps their counts under it. */
  if (cache->players != NULL)
    {
      g_autoptr (GHashTable) old_names = g_hash_table_new (g_direct_hash, g_direct_equal);
      g_autoptr (GHashTable) new_names = g_hash_table_new (g_direct_hash, g_direct_equal);

      g_hash_table_iter_init (&iter, cache->players);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        g_hash_table_add (old_names, value);
      g_hash_table_iter_init (&iter, players);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        g_hash_table_add (new_names, value);

      g_hash_table_iter_init (&iter, cache->players);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          const char *now = g_hash_table_lookup (players, key);

          if (now == value)
            continue;
          if (now != NULL && !g_hash_table_contains (old_names, now)
              && !g_hash_table_contains (new_names, value))
            g_ptr_array_add (renamed, value), g_ptr_array_add (renamed, (gpointer) now);
          else
            g_ptr_array_add (gone_names, value);
        }
    }
  for (guint i = 0; i < renamed->len; i += 2)
    {
      const char *old_name = g_ptr_array_index (renamed, i);
      const char *new_name = g_ptr_array_index (renamed, i + 1);
      GameEntry *entry;

      lw_stats_tally_rename (cache->tally, old_name, new_name);
      g_hash_table_iter_init (&iter, cache->games);
      while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &entry))
        if (entry->share != NULL)
          lw_stats_share_rename (entry->share, old_name, new_name);
    }

  /* The games new or changed since the last update, and those gone. */
  {
    g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, "SELECT id, version, created FROM games", error);

    ok = stmt != NULL;
    while (lw_store_next_row (self, stmt, &ok, error))
      {
        gint64 id = sqlite3_column_int64 (stmt, 0);
        GameEntry *entry = g_hash_table_lookup (cache->games, &id);

        g_hash_table_add (present, g_memdup2 (&id, sizeof id));
        if (entry == NULL || entry->version != sqlite3_column_int64 (stmt, 1)
            || entry->created != sqlite3_column_int64 (stmt, 2))
          g_hash_table_add (stale, g_memdup2 (&id, sizeof id));
      }
    if (!ok)
      return FALSE;
  }
  g_hash_table_iter_init (&iter, cache->games);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GameEntry *entry = value;

      if (!g_hash_table_contains (present, key))
        g_array_append_val (gone, entry->id);
      else if (entry->share != NULL)
        for (guint i = 0; i < gone_names->len; i++)
          if (lw_stats_share_has_player (entry->share, g_ptr_array_index (gone_names, i)))
            {
              g_hash_table_add (stale, g_memdup2 (&entry->id, sizeof entry->id));
              break;
            }
    }
  for (guint i = 0; i < gone->len; i++)
    replace_share (cache, g_array_index (gone, gint64, i), 0, 0, NULL, NULL);

  cache->games_read = 0;
  if (g_hash_table_size (stale) > g_hash_table_size (present) / READ_ALL_FRACTION)
    ok = read_games (self, cache, players, stale, NULL, cancellable, error);
  else if (g_hash_table_size (stale) > 0)
    {
      g_autoptr (GString) json = g_string_new ("[");

      g_hash_table_iter_init (&iter, stale);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_string_append_printf (json, "%s%" G_GINT64_FORMAT, json->len > 1 ? "," : "", *(gint64 *) key);
      g_string_append_c (json, ']');
      ok = read_games (self, cache, players, NULL, json->str, cancellable, error);
    }

  /* The names are known once every game naming an old one is read again. */
  if (ok)
    {
      g_clear_pointer (&cache->players, g_hash_table_unref);
      cache->players = g_steal_pointer (&players);
    }
  return ok;
}

gboolean
lw_store_update_player_stats (LwStore             *self,
                              LwPlayerStatsCache  *cache,
                              GCancellable        *cancellable,
                              GError             **error)
{
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (LW_IS_PLAYER_STATS_CACHE (cache), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_mutex_lock (&cache->lock);
  ok = lw_store_begin_read (self, error);
  if (ok)
    ok = lw_store_finish (self, update (self, cache, cancellable, error), error);
  g_mutex_unlock (&cache->lock);
  return ok;
}

GPtrArray *
lw_player_stats_cache_compute (LwPlayerStatsCache *cache,
                               guint               min_partner_games)
{
  GPtrArray *stats;

  g_return_val_if_fail (LW_IS_PLAYER_STATS_CACHE (cache), NULL);

  g_mutex_lock (&cache->lock);
  stats = lw_stats_tally_compute (cache->tally, min_partner_games);
  g_mutex_unlock (&cache->lock);
  return stats;
}

guint
lw_player_stats_cache_get_games_read (LwPlayerStatsCache *cache)
{
  g_return_val_if_fail (LW_IS_PLAYER_STATS_CACHE (cache), 0);
  return cache->games_read;
}

GPtrArray *
lw_store_compute_player_stats (LwStore       *self,
                               guint          min_partner_games,
                               GCancellable  *cancellable,
                               GError       **error)
{
  g_autoptr (LwPlayerStatsCache) cache = lw_player_stats_cache_new ();

  if (!lw_store_update_player_stats (self, cache, cancellable, error))
    return NULL;
  return lw_player_stats_cache_compute (cache, min_partner_games);
}

/* ------------------------------------------------------------------ */
/* As the page once computed them                                       */
/* ------------------------------------------------------------------ */

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
lw_store_compute_player_stats_by_game (LwStore  *self,
                                       guint     min_partner_games,
                                       GError  **error)
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
