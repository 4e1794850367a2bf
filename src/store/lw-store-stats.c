/* lw-store-stats.c — each player's statistics over every stored game,
 * kept up to date game by game
 *
 * A cache holds each game's share of the statistics (lw_stats_share_new(),
 * a few hundred bytes) and their sum (#LwStatsTally). An update reads the
 * games' IDs and versions and the players' names, then only the games
 * that are new, changed or name a renamed player, all of them through
 * the store's one reader of games (lw-store-read.c: five queries over
 * every game, or over those named in a JSON array, walked side by side),
 * one game at a time.
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

/* Reads the games that @only (a JSON array of IDs; NULL: every game)
 * lists and @wanted (NULL: every one) holds, through the store's reader
 * (lw-store-read.c), one game at a time. */
static gboolean
read_games (LwStore             *self,
            LwPlayerStatsCache  *cache,
            GHashTable          *wanted,
            const char          *only,
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
          replace_share (cache, id, version, created, game->record, round_players);
          cache->games_read++;
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
    ok = read_games (self, cache, stale, NULL, cancellable, error);
  else if (g_hash_table_size (stale) > 0)
    {
      g_autoptr (GString) json = g_string_new ("[");

      g_hash_table_iter_init (&iter, stale);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_string_append_printf (json, "%s%" G_GINT64_FORMAT, json->len > 1 ? "," : "", *(gint64 *) key);
      g_string_append_c (json, ']');
      ok = read_games (self, cache, NULL, json->str, cancellable, error);
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
