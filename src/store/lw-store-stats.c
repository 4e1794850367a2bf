/* lw-store-stats.c — each player's statistics over every stored game,
 * kept up to date game by game
 *
 * A cache holds each game's share of the statistics (lw_stats_share_new(),
 * a few hundred bytes) and their sum (#LwStatsTally). An update reads the
 * games' IDs and versions and the players' names, then the shares of the
 * games that are new, changed or name a renamed player as the database
 * keeps them (game_stats_cache, schema 24: each game's counts with its
 * players' IDs, written with every write to the game by
 * lw_store_cache_result()); only the games whose row is stale (another
 * version, a player no more, a row that does not read back whole, none)
 * are read through the store's one reader of games (lw-store-read.c: five
 * queries over every game, or over those named in a JSON array, walked
 * side by side), one game at a time, and their rows written again after
 * the read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-store-db.h"
#include "lw-store-games.h"
#include "lw-store-locks.h"
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
  guint rows_read;
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
/* A game's share in the cache                                          */
/* ------------------------------------------------------------------ */

/* Takes game @id's share out of the tally and, unless @gone, puts @share
 * in (transfer full; NULL: the game counts for nobody). */
static void
put_share (LwPlayerStatsCache *self,
           gint64              id,
           gint64              version,
           gint64              created,
           LwStatsShare       *share,
           gboolean            gone)
{
  GameEntry *entry = g_hash_table_lookup (self->games, &id);

  if (entry != NULL && entry->share != NULL)
    {
      lw_stats_tally_remove (self->tally, entry->share);
      g_clear_pointer (&entry->share, lw_stats_share_free);
    }
  if (gone)
    {
      if (entry != NULL)
        g_hash_table_remove (self->games, &id);
      lw_stats_share_free (share);
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
  entry->share = share;
  if (share != NULL)
    lw_stats_tally_add (self->tally, share);
}

/* @record's share, with @standings and @round_players (nullable); NULL
 * when @standings is: a game that no longer replays (it cannot be
 * scored) counts for nobody. */
static LwStatsShare *
count_game (const LwGameRecord *record,
            const LwStandings  *standings,
            GPtrArray          *round_players)
{
  LwStatsGame game = { record, standings, round_players };

  return standings != NULL ? lw_stats_share_new (&game) : NULL;
}

/* ------------------------------------------------------------------ */
/* The rows kept: game_stats_cache (schema 24)                          */
/* ------------------------------------------------------------------ */

/* A row to write after the read: a game read and counted again. */
typedef struct {
  gint64 id;
  gint64 version;
  char *players;               /* players.id, space-separated */
  const LwStatsShare *share;   /* borrowed from the cache; NULL: counts for nobody */
} ShareRow;

static void
share_row_clear (gpointer data)
{
  g_free (((ShareRow *) data)->players);
}

/* FNV-1a over @length bytes of @data, on from @hash. */
static guint64
hash_bytes (guint64     hash,
            const void *data,
            gsize       length)
{
  const guint8 *bytes = data;

  for (gsize i = 0; i < length; i++)
    hash = (hash ^ bytes[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  return hash;
}

/* The check kept in a row (checksum): of its game, version, players and
 * counts (@counts NULL: none), so that a row changed by anything but
 * write_share_row() (a damaged file, a hand) is never used. */
static gint64
row_check (gint64        id,
           gint64        version,
           const char   *players,
           const guint8 *counts,
           gsize         length)
{
  gint64 head[2] = { id, version };
  guint8 has_counts = counts != NULL;
  guint64 hash = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  hash = hash_bytes (hash, head, sizeof head);
  hash = hash_bytes (hash, players, strlen (players) + 1);
  hash = hash_bytes (hash, &has_counts, 1);
  if (counts != NULL)
    hash = hash_bytes (hash, counts, length);
  return (gint64) hash;
}

/* Writes game @id's row: @share's counts with its players' IDs (@players,
 * space-separated, in the share's order), or (@share NULL, @players "")
 * a game that counts for nobody; only while the game is at @version. */
static gboolean
write_share_row (LwStore             *self,
                 gint64               id,
                 gint64               version,
                 const char          *players,
                 const LwStatsShare  *share,
                 GError             **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self,
                   "INSERT OR REPLACE INTO game_stats_cache (game, version, players, counts, checksum)"
                   " SELECT id, version, ?3, ?4, ?5 FROM games WHERE id = ?1 AND version = ?2",
                   error);
  const guint8 *counts = NULL;
  gsize length = 0;
  int rc;

  if (share != NULL)
    counts = lw_stats_share_get_counts (share, &length);
  if (stmt == NULL
      || !lw_store_bind_int (self, stmt, 1, id, error)
      || !lw_store_bind_int (self, stmt, 2, version, error)
      || !lw_store_bind_text (self, stmt, 3, players, error)
      || !lw_store_bind_int (self, stmt, 5, row_check (id, version, players, counts, length), error))
    return FALSE;
  rc = counts != NULL ? sqlite3_bind_blob (stmt, 4, counts, (int) length, SQLITE_TRANSIENT)
                      : sqlite3_bind_null (stmt, 4);
  if (rc != SQLITE_OK)
    return lw_store_fail (self, rc, error);
  return lw_store_step_done (self, stmt, error);
}

/* @share's players' IDs, space-separated, in its order (transfer full);
 * NULL when one of its names is none of @ids' (interned name → gint64*). */
static char *
share_players_text (const LwStatsShare *share,
                    GHashTable         *ids)
{
  guint n;
  const char *const *names = lw_stats_share_get_players (share, &n);
  g_autofree gint64 *values = g_new (gint64, n);

  for (guint i = 0; i < n; i++)
    {
      const gint64 *id = g_hash_table_lookup (ids, names[i]);

      if (id == NULL)
        return NULL;
      values[i] = *id;
    }
  return lw_store_ints_to_text (values, n);
}

/* One row (id, name) of the game's players into @data: interned name →
 * gint64*. */
static gboolean
add_player_id (LwStoreStmt  *stmt,
               gpointer      data,
               GError      **error)
{
  const char *name = (const char *) sqlite3_column_text (stmt, 1);

  if (name != NULL)
    g_hash_table_insert (data, (gpointer) g_intern_string (name),
                         g_memdup2 (&(gint64) { sqlite3_column_int64 (stmt, 0) }, sizeof (gint64)));
  return TRUE;
}

gboolean
lw_store_cache_stats_share (LwStore             *self,
                            gint64               id,
                            const LwGameRecord  *record,
                            const LwStandings   *standings,
                            GError             **error)
{
  g_autoptr (GHashTable) ids = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  g_autoptr (GPtrArray) round_players = NULL;
  g_autoptr (LwStatsShare) share = NULL;
  g_autofree char *players = NULL;
  LwStoredGame stored = { 0, };
  gint64 version, n_changes = 0;

  if (!lw_store_get_game_version (self, id, &version, error))
    return FALSE;
  if (standings == NULL)
    return write_share_row (self, id, version, "", NULL, error);

  /* Each round's players as the reader gives them: those seated now, then
   * back through the seat changes; none when no seat changed (a record
   * that says otherwise gets no row), so that a game of many rounds
   * costs no copy of its names per round. */
  if (!lw_store_query_id (self, "SELECT count (*) FROM seat_changes WHERE game = ?1 AND ?2 = ?2",
                          id, 0, &n_changes, error))
    return FALSE;
  if (n_changes > 0)
    {
      stored.id = id;
      stored.record = (LwGameRecord *) record;
      round_players = lw_store_list_round_players_of (self, &stored, error);
      if (round_players == NULL)
        return FALSE;
    }
  else if (record->substitutes != NULL && record->substitutes->len > 0)
    return lw_store_run1 (self, "DELETE FROM game_stats_cache WHERE game = ?", id, error);
  share = count_game (record, standings, round_players);

  if (!lw_store_visit_rows (self,
                            "SELECT id, name FROM players WHERE id IN"
                            " (SELECT player FROM game_seats WHERE game = ?1"
                            "  UNION SELECT old_player FROM seat_changes WHERE game = ?1)",
                            id, add_player_id, ids, error))
    return FALSE;
  players = share_players_text (share, ids);
  if (players == NULL)
    return lw_store_run1 (self, "DELETE FROM game_stats_cache WHERE game = ?", id, error);
  return write_share_row (self, id, version, players, share, error);
}

/* A row's players, counts (NULL: none) and their length, from @column:
 * players, counts; whether it has its check, column + 2, right for game
 * @id at @version. */
static gboolean
row_checks (LwStoreStmt    *stmt,
            int             column,
            gint64          id,
            gint64          version,
            const char    **players,
            const guint8  **counts,
            gsize          *length)
{
  *players = (const char *) sqlite3_column_text (stmt, column);
  *counts = sqlite3_column_blob (stmt, column + 1);
  *length = (gsize) sqlite3_column_bytes (stmt, column + 1);
  if (sqlite3_column_type (stmt, column + 1) == SQLITE_NULL)
    *counts = NULL;
  else if (*counts == NULL)
    *counts = (const guint8 *) "";  /* an empty blob */
  return *players != NULL
         && sqlite3_column_int64 (stmt, column + 2) == row_check (id, version, *players, *counts, *length);
}

gboolean
lw_store_carry_stats_share (LwStore  *self,
                            gint64    id,
                            gint64    before,
                            GError  **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self,
                   "SELECT c.version, c.players, c.counts, c.checksum, g.version"
                   " FROM game_stats_cache AS c JOIN games AS g ON g.id = c.game WHERE c.game = ?1",
                   error);
  g_autofree char *players_copy = NULL;
  g_autofree guint8 *counts_copy = NULL;
  const char *players;
  const guint8 *counts;
  gboolean has_row = FALSE;
  gsize length;
  gint64 now;

  if (stmt == NULL
      || !lw_store_bind_int (self, stmt, 1, id, error)
      || !lw_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  /* A row stale before stays stale. */
  if (!has_row || sqlite3_column_int64 (stmt, 0) != before
      || !row_checks (stmt, 1, id, before, &players, &counts, &length))
    return TRUE;
  now = sqlite3_column_int64 (stmt, 4);
  players_copy = g_strdup (players);
  counts_copy = counts != NULL ? g_memdup2 (counts, MAX (length, 1)) : NULL;
  g_clear_pointer (&stmt, lw_store_stmt_release);

  stmt = lw_store_stmt (self, "UPDATE game_stats_cache SET version = ?2, checksum = ?3 WHERE game = ?1",
                        error);
  return stmt != NULL
         && lw_store_bind_int (self, stmt, 1, id, error)
         && lw_store_bind_int (self, stmt, 2, now, error)
         && lw_store_bind_int (self, stmt, 3, row_check (id, now, players_copy, counts_copy, length), error)
         && lw_store_step_done (self, stmt, error);
}

/* The share a row keeps, if it is current: at @version, its check right,
 * its players all known (@names: player ID → interned name) and its
 * counts reading back whole. %FALSE when stale; else *@share is the
 * share (transfer full), NULL for a game that counts for nobody. The
 * row's columns from @column: version, players, counts, checksum. */
static gboolean
share_from_row (LwStoreStmt    *stmt,
                int             column,
                gint64          id,
                gint64          version,
                GHashTable     *names,
                LwStatsShare  **share)
{
  const char *players;
  const guint8 *counts;
  gsize length;
  gint64 ids[LW_STATS_SHARE_MAX_PLAYERS];
  const char *by_name[LW_STATS_SHARE_MAX_PLAYERS];
  guint n;

  *share = NULL;
  if (sqlite3_column_type (stmt, column) == SQLITE_NULL
      || sqlite3_column_int64 (stmt, column) != version
      || !row_checks (stmt, column + 1, id, version, &players, &counts, &length))
    return FALSE;
  if (counts == NULL)
    return *players == '\0';

  if (!lw_store_ints_from_text (players, ids, G_N_ELEMENTS (ids), 1, G_MAXINT64, &n))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      by_name[i] = g_hash_table_lookup (names, &ids[i]);
      if (by_name[i] == NULL)
        return FALSE;
    }
  *share = lw_stats_share_new_from_counts (by_name, n, counts, length);
  return *share != NULL;
}

/* Takes the shares of the games of @stale (game ID set) from their rows
 * where they are current; adds the others to @unread. @all: one pass
 * over every game's row rather than through the index. */
static gboolean
read_rows (LwStore             *self,
           LwPlayerStatsCache  *cache,
           GHashTable          *names,
           GHashTable          *stale,
           gboolean             all,
           GHashTable          *unread,
           GError             **error)
{
  g_autoptr (LwStoreStmt) stmt = NULL;
  g_autoptr (GString) json = NULL;
  GHashTableIter iter;
  gpointer key;
  gboolean ok;

#define ROW_COLUMNS \
  "SELECT g.id, g.version, g.created, c.version, c.players, c.counts, c.checksum" \
  " FROM games AS g LEFT JOIN game_stats_cache AS c ON c.game = g.id"

  if (all)
    stmt = lw_store_stmt (self, ROW_COLUMNS, error);
  else
    {
      json = g_string_new ("[");
      g_hash_table_iter_init (&iter, stale);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_string_append_printf (json, "%s%" G_GINT64_FORMAT, json->len > 1 ? "," : "", *(gint64 *) key);
      g_string_append_c (json, ']');
      stmt = lw_store_stmt (self, ROW_COLUMNS " WHERE g.id IN (SELECT value FROM json_each (?1))", error);
      if (stmt != NULL && !lw_store_bind_text (self, stmt, 1, json->str, error))
        return FALSE;
    }
#undef ROW_COLUMNS
  ok = stmt != NULL;
  while (lw_store_next_row (self, stmt, &ok, error))
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);
      gint64 version = sqlite3_column_int64 (stmt, 1);
      LwStatsShare *share;

      if (all && !g_hash_table_contains (stale, &id))
        continue;
      if (share_from_row (stmt, 3, id, version, names, &share))
        {
          put_share (cache, id, version, sqlite3_column_int64 (stmt, 2), share, FALSE);
          cache->rows_read++;
        }
      else
        g_hash_table_add (unread, g_memdup2 (&id, sizeof id));
    }
  return ok;
}

/* Writes the rows of the games read and counted again; rows that cannot
 * be written now (another program holds the database, a full disk) are
 * left for the next time: the statistics were counted all the same. */
static void
write_back (LwStore *self,
            GArray  *rows)
{
  g_autoptr (GError) error = NULL;

  if (!lw_store_begin_write (self, &error))
    {
      g_debug ("%s: the statistics' rows are not written: %s", lw_store_get_path (self),
               error->message);
      return;
    }
  for (guint i = 0; i < rows->len; i++)
    {
      const ShareRow *row = &g_array_index (rows, ShareRow, i);

      if (!write_share_row (self, row->id, row->version, row->players, row->share, &error))
        {
          lw_store_rollback (self);
          g_debug ("%s: the statistics' rows are not written: %s", lw_store_get_path (self),
                   error->message);
          return;
        }
    }
  if (!lw_store_commit (self, &error))
    g_debug ("%s: the statistics' rows are not written: %s", lw_store_get_path (self),
             error->message);
}

/* ------------------------------------------------------------------ */
/* The update                                                           */
/* ------------------------------------------------------------------ */

/* Reads the games that @only (a JSON array of IDs; NULL: every game)
 * lists and @wanted (NULL: every one) holds, through the store's reader
 * (lw-store-read.c), one game at a time; each one's row to write goes to
 * @rows (@ids: interned name → player ID). */
static gboolean
read_games (LwStore             *self,
            LwPlayerStatsCache  *cache,
            GHashTable          *wanted,
            const char          *only,
            GHashTable          *ids,
            GArray              *rows,
            GCancellable        *cancellable,
            GError             **error)
{
  g_autoptr (LwGameReader) reader =
    lw_game_reader_open (self, only, LW_GAME_READER_RULES | LW_GAME_READER_ROUND_PLAYERS, error);
  gboolean ok = reader != NULL;
  guint n = 0;

  while (ok && lw_game_reader_has_game (reader))
    {
      gint64 id = lw_game_reader_get_id (reader);
      gint64 version = lw_game_reader_get_version (reader);
      gint64 created = lw_game_reader_get_created (reader);
      gboolean want = wanted == NULL || g_hash_table_contains (wanted, &id);
      g_autoptr (LwStoredGame) game = NULL;
      g_autoptr (GPtrArray) round_players = NULL;

      if ((++n & 255) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        ok = FALSE;
      else
        ok = lw_game_reader_read (reader, want, &game, &round_players, error);
      if (ok && want)
        {
          g_autoptr (LwStandings) standings = lw_standings_compute (game->record, NULL);
          LwStatsShare *share = count_game (game->record, standings, round_players);
          ShareRow row = { id, version, NULL, share };

          put_share (cache, id, version, created, share, FALSE);
          cache->games_read++;
          row.players = share != NULL ? share_players_text (share, ids) : g_strdup ("");
          if (row.players != NULL)
            g_array_append_val (rows, row);
        }
    }
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
        GArray              *rows,
        GCancellable        *cancellable,
        GError             **error)
{
  g_autoptr (GHashTable) players = NULL;
  g_autoptr (GHashTable) stale = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr (GHashTable) present = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr (GPtrArray) gone_names = g_ptr_array_new ();
  g_autoptr (GPtrArray) renamed = g_ptr_array_new ();  /* old name, new name, … */
  g_autoptr (GArray) gone = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GHashTable) unread = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
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
    put_share (cache, g_array_index (gone, gint64, i), 0, 0, NULL, TRUE);

  /* The stale games' shares from their rows, then the games whose row is
   * stale too from their rounds. */
  cache->games_read = 0;
  cache->rows_read = 0;
  if (g_hash_table_size (stale) > 0)
    ok = read_rows (self, cache, players, stale,
                    g_hash_table_size (stale) > g_hash_table_size (present) / READ_ALL_FRACTION,
                    unread, error);
  if (ok && g_hash_table_size (unread) > 0)
    {
      g_autoptr (GHashTable) ids = g_hash_table_new (g_direct_hash, g_direct_equal);

      g_hash_table_iter_init (&iter, players);
      while (g_hash_table_iter_next (&iter, &key, &value))
        g_hash_table_insert (ids, value, key);
      if (g_hash_table_size (unread) > g_hash_table_size (present) / READ_ALL_FRACTION)
        ok = read_games (self, cache, unread, NULL, ids, rows, cancellable, error);
      else
        {
          g_autoptr (GString) json = g_string_new ("[");

          g_hash_table_iter_init (&iter, unread);
          while (g_hash_table_iter_next (&iter, &key, NULL))
            g_string_append_printf (json, "%s%" G_GINT64_FORMAT, json->len > 1 ? "," : "", *(gint64 *) key);
          g_string_append_c (json, ']');
          ok = read_games (self, cache, NULL, json->str, ids, rows, cancellable, error);
        }
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
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (ShareRow));
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (LW_IS_PLAYER_STATS_CACHE (cache), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_array_set_clear_func (rows, share_row_clear);
  g_mutex_lock (&cache->lock);
  ok = lw_store_begin_read (self, error);
  if (ok)
    ok = lw_store_finish (self, update (self, cache, rows, cancellable, error), error);
  /* The rows of the games counted again, after the read (the shares
   * borrowed from the cache, still locked). */
  if (ok && rows->len > 0)
    write_back (self, rows);
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

guint
lw_player_stats_cache_get_rows_read (LwPlayerStatsCache *cache)
{
  g_return_val_if_fail (LW_IS_PLAYER_STATS_CACHE (cache), 0);
  return cache->rows_read;
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
