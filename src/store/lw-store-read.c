/* lw-store-read.c — the store's one reader of games' rows into records
 *
 * Four queries (five with the seat changes) over the games to read, every
 * game or those named in a JSON array of IDs (json_each(): their rows
 * found through the indexes on the game), walked side by side in game ID
 * order: a game costs the same number of statements whatever its rounds,
 * and the records built live one game at a time. lw_store_load_game()
 * reads its one game with it, the players' statistics every game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lw-store-db.h"
#include "lw-store-games.h"
#include "lw-store-private.h"

/* One of the reader's queries, walked in game ID order. */
typedef struct {
  LwStoreStmt *stmt;
  gboolean has_row;
} Cursor;

enum { Q_GAMES, Q_SEATS, Q_ROUNDS, Q_PENALTIES, Q_CHANGES, N_QUERIES };

/* Each query over every game, then over those of ?1, a JSON array of
 * their IDs. */
#define GAME_COLUMNS \
  "SELECT id, version, ruleset, start_score, target, skunk, first_dealer, n_teams," \
  " rule_set, run_fill, over_trump, king_and_knave, created, notes, played_at, place FROM games"
#define ROUND_COLUMNS \
  "SELECT r.game, r.number, r.is_void, r.declarer, r.all_but_last, r.dealer, s.seat, s.cards," \
  " s.worms, s.gongs, s.bears, s.wolves, s.court, s.garwolves, s.unpegged" \
  " FROM rounds AS r LEFT JOIN round_seats AS s ON s.round = r.id"
#define ONLY " IN (SELECT value FROM json_each (?1))"

static const char *const queries[N_QUERIES][2] = {
  { GAME_COLUMNS " ORDER BY id", GAME_COLUMNS " WHERE id" ONLY " ORDER BY id" },
  { "SELECT s.game, s.seat, p.name, s.team FROM game_seats AS s JOIN players AS p ON p.id = s.player"
    " ORDER BY s.game, s.seat",
    "SELECT s.game, s.seat, p.name, s.team FROM game_seats AS s JOIN players AS p ON p.id = s.player"
    " WHERE s.game" ONLY " ORDER BY s.game, s.seat" },
  { ROUND_COLUMNS " ORDER BY r.game, r.number, s.seat",
    ROUND_COLUMNS " WHERE r.game" ONLY " ORDER BY r.game, r.number, s.seat" },
  /* Few rounds have penalties: those rows sorted, not every round's
   * looked up (CROSS JOIN keeps penalties the outer loop). */
  { "SELECT r.game, r.number, p.seat, p.kind FROM penalties AS p CROSS JOIN rounds AS r ON r.id = p.round"
    " ORDER BY r.game, r.number, p.ordinal",
    "SELECT r.game, r.number, p.seat, p.kind FROM rounds AS r JOIN penalties AS p ON p.round = r.id"
    " WHERE r.game" ONLY " ORDER BY r.game, r.number, p.ordinal" },
  { "SELECT c.game, c.seat, c.from_round, o.name FROM seat_changes AS c"
    " JOIN players AS o ON o.id = c.old_player ORDER BY c.game, c.from_round DESC, c.id DESC",
    "SELECT c.game, c.seat, c.from_round, o.name FROM seat_changes AS c"
    " JOIN players AS o ON o.id = c.old_player WHERE c.game" ONLY
    " ORDER BY c.game, c.from_round DESC, c.id DESC" },
};

struct _LwGameReader
{
  LwStore *store;
  LwGameReaderFlags flags;
  Cursor cursors[N_QUERIES];
};

/* Games read since the program started (lw-store-private.h). */
static gint game_read_count;

guint
lw_store_get_game_read_count (void)
{
  return (guint) g_atomic_int_get (&game_read_count);
}

static gboolean
cursor_next (LwStore  *self,
             Cursor   *cursor,
             GError  **error)
{
  return lw_store_step_row (self, cursor->stmt, &cursor->has_row, error);
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
    *ok = cursor_next (self, cursor, error);
  return *ok && cursor->has_row && sqlite3_column_int64 (cursor->stmt, 0) == id;
}

/* Reads seat @column of the current row into *@seat: %LW_NO_SEAT for
 * NULL, else a seat of the game's table. */
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

void
lw_game_reader_free (LwGameReader *reader)
{
  if (reader == NULL)
    return;
  for (guint q = 0; q < N_QUERIES; q++)
    g_clear_pointer (&reader->cursors[q].stmt, lw_store_stmt_release);
  g_free (reader);
}

LwGameReader *
lw_game_reader_open (LwStore            *self,
                     const char         *only,
                     LwGameReaderFlags   flags,
                     GError            **error)
{
  g_autoptr (LwGameReader) reader = g_new0 (LwGameReader, 1);

  reader->store = self;
  reader->flags = flags;
  for (guint q = 0; q < N_QUERIES; q++)
    {
      Cursor *cursor = &reader->cursors[q];

      if (q == Q_CHANGES && (flags & LW_GAME_READER_ROUND_PLAYERS) == 0)
        continue;
      cursor->stmt = lw_store_stmt (self, queries[q][only != NULL], error);
      if (cursor->stmt == NULL
          || (only != NULL && !lw_store_bind_text (self, cursor->stmt, 1, only, error))
          || !cursor_next (self, cursor, error))
        return NULL;
    }
  return g_steal_pointer (&reader);
}

gboolean
lw_game_reader_has_game (LwGameReader *reader)
{
  return reader->cursors[Q_GAMES].has_row;
}

gint64
lw_game_reader_get_id (LwGameReader *reader)
{
  return sqlite3_column_int64 (reader->cursors[Q_GAMES].stmt, 0);
}

gint64
lw_game_reader_get_version (LwGameReader *reader)
{
  return sqlite3_column_int64 (reader->cursors[Q_GAMES].stmt, 1);
}

gint64
lw_game_reader_get_created (LwGameReader *reader)
{
  return sqlite3_column_int64 (reader->cursors[Q_GAMES].stmt, 12);
}

static gboolean
damaged (LwGameReader  *reader,
         gint64         id,
         const char    *what,
         GError       **error)
{
  return lw_store_fail_damaged (reader->store, "game", id, what, error);
}

/* The game at the games cursor, every cursor but the games' moved past
 * its rows; *@game_out NULL when not @wanted. */
static gboolean
read_one (LwGameReader  *reader,
          gboolean       wanted,
          LwStoredGame **game_out,
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
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GPtrArray) round_players = NULL;
  LwGameRecord *record = NULL;
  g_auto (GStrv) names_held = g_new0 (char *, LW_MAX_SEATS + 1);
  const char *names[LW_MAX_SEATS + 1] = { NULL, };
  int team_of[LW_MAX_SEATS] = { 0, };
  gint64 n_teams = sqlite3_column_int64 (game_row, 7);
  gint64 first_dealer = sqlite3_column_int64 (game_row, 6);
  guint n_players = 0;
  LwRuleset ruleset = LW_RULESET_LITTLE_WOLF;
  gboolean ok = TRUE;

  if (wanted)
    {
      g_atomic_int_inc (&game_read_count);
      if (!lw_ruleset_from_string ((const char *) sqlite3_column_text (game_row, 2), &ruleset))
        return damaged (reader, id, "unknown ruleset", error);
    }

  /* The seats. */
  for (; cursor_at (self, seats, id, &ok, error); ok = cursor_next (self, seats, error))
    {
      if (!wanted)
        continue;
      if (n_players >= LW_MAX_SEATS || sqlite3_column_int64 (seats->stmt, 1) != n_players)
        return damaged (reader, id, "its seats are not numbered 0, 1, 2…", error);
      names[n_players] = names_held[n_players] = g_strdup ((const char *) sqlite3_column_text (seats->stmt, 2));
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
      if (n_players == 0 || first_dealer < 0 || first_dealer >= n_players)
        return damaged (reader, id, "its seats do not match its setup", error);
      game = g_new0 (LwStoredGame, 1);
      game->id = id;
      game->created = sqlite3_column_int64 (game_row, 12);
      game->notes = g_strdup ((const char *) sqlite3_column_text (game_row, 13));
      game->played_at = sqlite3_column_int64 (game_row, 14);
      game->place = g_strdup ((const char *) sqlite3_column_text (game_row, 15));
      game->king_and_knave = sqlite3_column_int64 (game_row, 11) != 0;
      game->record = record = lw_game_record_new (ruleset, n_players, names);
      record->start_score = sqlite3_column_int (game_row, 3);
      record->target = sqlite3_column_int (game_row, 4);
      record->skunk = sqlite3_column_int (game_row, 5);
      record->first_dealer = (int) first_dealer;
      if (n_teams > 0)
        lw_game_record_set_teams (record, (guint) n_teams, team_of);
      if (reader->flags & LW_GAME_READER_RULES)
        {
          /* The house rules (schema 12), as lw_store_read_game_rules()
           * reads them. */
          g_free (record->rule_set);
          record->rule_set = g_strdup ((const char *) sqlite3_column_text (game_row, 8));
          if (record->ruleset == LW_RULESET_LITTLE_WOLF
              && (!lw_run_fill_from_string ((const char *) sqlite3_column_text (game_row, 9),
                                            &record->run_fill)
                  || !lw_over_trump_from_string ((const char *) sqlite3_column_text (game_row, 10),
                                                 &record->over_trump)))
            return damaged (reader, id, "unknown house rules", error);
          record->king_and_knave = record->ruleset == LW_RULESET_GARWOLF
                                   && sqlite3_column_int64 (game_row, 11) != 0;
        }
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
   * seat had its old player (as lw_store_list_round_players_of() walks
   * them). */
  if (changes->stmt != NULL)
    for (; cursor_at (self, changes, id, &ok, error); ok = cursor_next (self, changes, error))
      {
        if (!wanted)
          continue;
        if (round_players == NULL)
          round_players = lw_store_round_players_new (record->rounds->len, n_players, names);
        lw_store_name_before_change (round_players, n_players, sqlite3_column_int (changes->stmt, 1),
                                     sqlite3_column_int64 (changes->stmt, 2),
                                     (const char *) sqlite3_column_text (changes->stmt, 3));
      }
  if (!ok)
    return FALSE;

  *game_out = g_steal_pointer (&game);
  if (round_players_out != NULL)
    *round_players_out = g_steal_pointer (&round_players);
  return TRUE;
}

gboolean
lw_game_reader_read (LwGameReader  *reader,
                     gboolean       wanted,
                     LwStoredGame **game_out,
                     GPtrArray    **round_players_out,
                     GError       **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GPtrArray) round_players = NULL;

  g_return_val_if_fail (lw_game_reader_has_game (reader), FALSE);

  if (!read_one (reader, wanted, &game, &round_players, error)
      || !cursor_next (reader->store, &reader->cursors[Q_GAMES], error))
    return FALSE;
  if (game_out != NULL)
    *game_out = g_steal_pointer (&game);
  if (round_players_out != NULL)
    *round_players_out = g_steal_pointer (&round_players);
  return TRUE;
}

LwStoredGame *
lw_store_read_one_game (LwStore            *self,
                        gint64              id,
                        LwGameReaderFlags   flags,
                        GPtrArray         **round_players_out,
                        GError            **error)
{
  g_autofree char *only = g_strdup_printf ("[%" G_GINT64_FORMAT "]", id);
  g_autoptr (LwGameReader) reader = lw_game_reader_open (self, only, flags, error);
  LwStoredGame *game = NULL;

  if (reader == NULL)
    return NULL;
  if (!lw_game_reader_has_game (reader))
    {
      g_atomic_int_inc (&game_read_count);
      lw_store_set_not_found (error, "game", id);
      return NULL;
    }
  if (!lw_game_reader_read (reader, TRUE, &game, round_players_out, error))
    return NULL;
  return game;
}
