/* lw-store-schema.c — the schema: every version, its migrations, and
 * whose file it is (application_id, the tables each version has)
 *
 * One connection per LwStore. Prepared statements are kept for the life of
 * the connection and reset after each use; every value is bound, never
 * written into SQL text. Every write runs in one BEGIN IMMEDIATE transaction
 * that is rolled back on any error, and every read of more than one
 * statement runs in one read transaction, so it sees one state of the file.
 *
 * The schema (version 15, PRAGMA user_version):
 *
 *   players      a person who sat at a game, by name
 *   games        the setup of a game: ruleset, rules, first dealer, sides
 *   game_seats   who sat in each seat of a game, and on which side
 *   rounds       a round's facts that are not per seat
 *   round_seats  a round's facts per seat (cards, Den cards, Garwolf counts,
 *                unpegged); a void round has none
 *   penalties    a round's in-round penalties, in the order they happened
 *                (version 2: a note and the time it was noted, both
 *                nullable: rows of version 1 have neither)
 *
 * Added in version 2:
 *   games.notes, games.played_at, games.place   details of a game
 *   pending_penalties  penalties noted during the round being played,
 *                before the round is stored
 *   seat_changes  substitutes: from which round a seat changed hands,
 *                 and who sat there before (game_seats holds who sits now)
 *   edits         the edit log: every change to a game, old and new facts
 *                 as JSON; no foreign key, so that a deleted game's log
 *                 (with the copy that brings it back) stays
 *
 * Added in version 3:
 *   games.king_and_knave  Garwolf's King and Knave house rule (SCORING G3)
 *                 is played; 0 or 1. Not part of the game record (its JSON
 *                 format has no such key): it lives in the store only.
 *
 * Added in version 4 (events, lw-store-events.c):
 *   events         a tournament: name, format, table size, rounds (0: the
 *                  format's default), event points, the pairing seed
 *   event_players  its entrants in registration order (entrant 0, 1, …),
 *                  each a player, with check-in/drop status and the first
 *                  round they could play
 *   event_rounds   the rounds paired
 *   event_byes     who sat out with a bye in a round
 *   event_tables   a round's tables: first dealer, and the result: a
 *                  stored game (games.id; set to NULL when the game is
 *                  deleted) or paper = 1 with event_seats.paper_score
 *   event_seats    who sits in each seat, and the paper score
 * Event points, standings and ratings are never stored: the engine
 * derives them (lw-event.h, lw-rating.h).
 *
 * Added in version 5 (the virtual table, lw-store-table.c):
 *   virtual_tables  a game played at the virtual table: who sits where
 *                  (person or computer, its level) and the game's seed as
 *                  JSON, and the round in progress (the table's JSON: its
 *                  deal and action log) with the game's round number it
 *                  deals; NULL between rounds. The finished rounds are the
 *                  game's rounds, as for any game.
 *
 * Added in version 6 (replays, lw-store-table.c; table entry,
 * lw-store-locks.c and lw-store-event-tables.c; tie-breaks,
 * lw-store-events.c):
 *   virtual_round_logs  the action log (the table's JSON) of each round
 *                  played to its end at the virtual table, by the game's
 *                  round number; renumbered with the rounds, and dropped
 *                  when its round is deleted or its facts are corrected by
 *                  hand (the log would no longer give them).
 *   taken_back_logs  (version 14) the action log of a virtual table's
 *                round taken back with "Take Back the Last Round", kept with
 *                that change of the edit log (its edits row) so that Undo
 *                brings back the round and its log together
 *   round_locks   rounds the director has locked: table entry from a
 *                 phone can no longer correct them (the app still can);
 *                 kept by round number
 *   event_table_games  the scorekeeper game kept for an event's table
 *                 while it is being played (event_tables.game is set only
 *                 once the game is finished and its result counts)
 *
 * Added in version 7 (the result cache, lw-store-results.c):
 *   games.version  the game's version (lw_store_get_game_version()): the
 *                 number of its edit log entries plus those undone, kept
 *                 by triggers on the edit log, so that every change to the
 *                 game makes it grow (a restored game takes it back from
 *                 its log)
 *   game_result_cache  a cache, never the truth: each game's final result
 *                 as the engine's replay of its rounds gave it at a
 *                 version of the game (the seats' players and sides, the
 *                 final scores, finished, winner, skunk, rated). A row
 *                 whose version is not the game's is stale and is
 *                 recomputed from the rounds; every write to a game
 *                 writes its row again in the same transaction. Dropping
 *                 every row loses nothing.
 *
 * Version 8 (the names rule, docs/rules/GAME-RECORD.md "Names"; lw-store-names.c):
 *   edits.kind may be 'rename': a stored name that broke the names rule
 *                 (a player's, an event's, a place) or notes that broke the
 *                 notes rule, renamed once by the migration; old and new
 *                 are {"what": "player" | "event" | "place" | "notes",
 *                 "id", "text" (the old text cut to 200 characters),
 *                 ("length": its length when cut)}. Not undone by Undo.
 *
 * Version 9 (game record version 2, docs/rules/GAME-RECORD.md "Identity"):
 *   games.uuid    the game's stable identity, a lowercase UUID, given when
 *                 the game is created (or kept from the record imported)
 *                 and written by export as the record's "id"; unique
 *   games.body_hash  for an imported game, lw_game_record_body_hash() of
 *                 the record it came from (NULL otherwise): the same
 *                 players and rounds imported again are a duplicate
 *
 * Version 10 (lw-store-events.c):
 *   events.seeding  how round 1 of a single elimination is seeded,
 *                 'registration' (the default, as before) or 'rating'
 *                 (LwEventConfig.seeding): chosen when the event is made
 *
 * Version 11 (lw-store-games.c):
 *   games.event_name, games.event_round, games.event_table,
 *   games.event_board  the event a record's details name (docs/rules/GAME-RECORD.md
 *                 details.event: informative, not a link to an event of
 *                 this database); NULL and 0 when not given
 *
 * Version 12 (lw-store-games.c, lw-store-rule-sets.c):
 *   games.rule_set  the name of the rule set a game's options came from
 *                 (docs/rules/GAME-RECORD.md rules.rule_set, informative); NULL when none
 *   games.run_fill, games.over_trump  Little Wolf's house rules TRICKS T9
 *                 and T22, as the record names them ('inside_or_end',
 *                 'winning_play': the rulings, which every game stored
 *                 before has)
 *   rule_sets     named, saved sets of options for New Game: a name (the
 *                 names rule, unique per ruleset), the ruleset, start
 *                 score, target, skunk, and the house rules (run_fill and
 *                 over_trump for Little Wolf, king_and_knave for Garwolf)
 *
 * Version 13 (lw-store-events.c):
 *   events.rule_set, events.start_score, events.target, events.skunk,
 *   events.run_fill, events.over_trump  the options every game of the
 *                 event's tables is made with: a copy of the rule set
 *                 chosen when the event was made, with its name (NULL:
 *                 Standard rules). A copy, not a reference, so that a set
 *                 renamed or deleted later leaves the event's games as
 *                 they were; an event made before has the rulings
 *
 * Version 15 (remote play resumed after the host restarts, lw-store-hosted.c):
 *   hosted_tables  a virtual table hosted for remote play (docs/REMOTE-PLAY.md):
 *                 the table's version as the seats last saw it, so that a
 *                 host started again counts on from above it
 *   hosted_seats  who plays each of its seats (remote, computer and its
 *                 level, local) and the SHA-256 of a remote seat's link's
 *                 secret (never the secret), so that the link still opens
 *                 the seat after a restart; removed with the table (the
 *                 game over, or the host closing it for good)
 *
 * Version 16 (the club server's sync, lw-store-club.c; docs/CLUB-SERVER.md):
 *   club_state    one row once the database has joined a club server: its
 *                 conninfo (never a password), this laptop's origin UUID,
 *                 the club's UUID once synced, the push counter the server
 *                 acknowledged and the one being pushed, the server's
 *                 change number pulled up to, the times of the last push
 *                 and pull (seconds since 1970)
 *   club_pushed   this laptop's games as the server holds them: UUID and
 *                 the version pushed (a game whose version differs waits
 *                 to be pushed; a row without its game waits as a deletion)
 *   club_games    other laptops' games held here, read-only: UUID, their
 *                 origin (UUID and name) and the version pulled
 *
 * Version 17 (lw-store-events.c, lw-store-event-boards.c):
 *   events.boards_per_round  a duplicate event's boards per event round
 *                 (DUPLICATE D8), 1–20; 0 for every other event. A
 *                 duplicate event keeps the format of its seating in
 *                 events.format (the CHECK of version 4 cannot take a new
 *                 name without making the table again): 'round-robin' for
 *                 individuals, 'partners' for partnerships; boards_per_round
 *                 > 0 is what makes it a duplicate event
 *   event_board_results  one board played at one table of a duplicate
 *                 event: the board's number and the round's facts as
 *                 docs/rules/GAME-RECORD.md writes a round (JSON, seats as
 *                 at the table); the points are derived (DUPLICATE D4)
 *
 * Version 18 (the club server's events, lw-store-club-events.c):
 *   club_events   an event's UUID on the club server: this laptop's own
 *                 (origin NULL; version and facts as the server last
 *                 acknowledged them, NULL facts: never pushed; event NULL
 *                 once deleted here, waiting as a deletion) or one held
 *                 from another laptop, read-only (origin, its name and
 *                 the version pulled; facts: as pulled, so that a table's
 *                 game that arrives after its event links then; NULL for
 *                 one pulled before the program kept them)
 *
 * Version 19 (a duplicate board's par, lw-store-event-pars.c):
 *   event_board_pars  one board of a duplicate event played by computers
 *                 of one level (DUPLICATE D10): its level, its round's
 *                 facts (JSON) and when it was played; never read by the
 *                 standings
 *
 * Version 20 (the club roster, lw-store-club-roster.c):
 *   club_roster   the club server's roster as this laptop last pulled it:
 *                 an entry's UUID, name, the entry it was merged into
 *                 (NULL: none), the laptop that added it and its change
 *                 number; and the local player it is (UNIQUE: a player is
 *                 one entry; NULL: no player here), pushed 0 while an
 *                 entry this laptop added waits to be sent
 *   club_state.roster_seq  the change number of the roster pulled up to
 *   club_requests  a merge made on this laptop, sent to the club's admin
 *                 as a request (the two entries' UUIDs; sent 1 once the
 *                 server holds it)
 *
 * Version 21 (a merge's undo withdraws its request, lw-store-club-roster.c):
 *   club_requests.withdrawn  1 once the merge of a request the server
 *                 holds (sent 1) was undone here: the withdrawal waits to
 *                 be sent, and the row goes once the server took it (an
 *                 undone request never sent is deleted at once)
 *
 * Version 22 (the names rule's invisible characters; lw-store-names.c):
 *   no table changes: a name made only of invisible characters that the
 *                 rule took before (a Hangul filler U+3164, a variation
 *                 selector: the default-ignorable code points that are not
 *                 format characters) is renamed as version 8 renamed the
 *                 names that broke the rule then, each rename logged
 *
 * Version 23 (computer seats of games from the club server,
 * lw-store-club.c):
 *   club_computer_seats  a seat of a game taken from the club server
 *                 (another laptop's, or this laptop's own taken back) that
 *                 a computer played on the laptop that hosted it, and its
 *                 level: its player is no person (LW_STORE_IS_COMPUTER),
 *                 as the virtual table's own seats say for a game played
 *                 here
 *
 * Version 24 (the players' statistics kept game by game, lw-store-stats.c):
 *   game_stats_cache  a cache, never the truth: each game's share of the
 *                 players' statistics (lw_stats_share_get_counts()) at a
 *                 version of the game, its players named by players.id
 *                 (space-separated, in the order the counts name them, so
 *                 that a rename leaves the row right), with a check of
 *                 the row's values; counts NULL and players '' for a game
 *                 whose rounds do not replay (it counts for nobody). A row
 *                 whose version is not the game's, naming a player there
 *                 is no more, or that does not read back whole is stale:
 *                 the game is read and counted again and the row written
 *                 again. Every write to a game writes its row in the same
 *                 transaction as its game_result_cache row; a merge drops
 *                 both. Dropping every row loses nothing.
 *
 * Scores, status and winners are never stored as the truth: they are the
 * engine's replay of the stored rounds (lw_standings_compute()); the
 * result cache only keeps the last replay for the version it was made at.
 *
 * Whose file it is (PRAGMA application_id): LW_STORE_APPLICATION_ID,
 * 0x4C574F4C ("LWOL"), set when the database is created. A file with
 * another application_id belongs to another program; one with 0 (made
 * before the ID was set, or by another program) is ours only when its
 * tables, indexes, triggers and columns are exactly those our migrations
 * give for its user_version; it then gets the ID. Anything else is
 * refused before anything is written (no backup, no WAL, no migration).
 *
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-store-private.h"

/* PRAGMA application_id of a Little Wolf database: "LWOL". */
#define LW_STORE_APPLICATION_ID 0x4C574F4C
G_STATIC_ASSERT (LW_STORE_APPLICATION_ID == 1280790348);  /* the PRAGMA below */

/* ------------------------------------------------------------------ */
/* The schema and its migrations                                        */
/* ------------------------------------------------------------------ */

/* The triggers that keep games.version from the edit log (schema 7), made
 * again when schema 8 makes the edit log again. */
#define EDITS_VERSION_TRIGGERS \
  "CREATE TRIGGER edits_insert_version AFTER INSERT ON edits BEGIN" \
  "  UPDATE games SET version = version + 1 + (NEW.undone_at IS NOT NULL)" \
  "    WHERE id = NEW.game;" \
  "END;" \
  "CREATE TRIGGER edits_update_version AFTER UPDATE ON edits BEGIN" \
  "  UPDATE games SET version = version + 1 WHERE id IN (OLD.game, NEW.game);" \
  "END;" \
  "CREATE TRIGGER edits_delete_version AFTER DELETE ON edits BEGIN" \
  "  UPDATE games SET version = version + 1 WHERE id = OLD.game;" \
  "END;" \
  "CREATE TRIGGER games_insert_version AFTER INSERT ON games" \
  "  WHEN EXISTS (SELECT 1 FROM edits WHERE game = NEW.id) BEGIN" \
  "  UPDATE games SET version = (SELECT count (*) + count (undone_at) FROM edits" \
  "                              WHERE game = NEW.id)" \
  "    WHERE id = NEW.id;" \
  "END;"

/* migrations[i] takes a database from user_version i to i + 1. Each runs
 * inside the transaction that opens the database, and ends by setting
 * user_version. */
static const char *const migrations[] = {
  /* 0 → 1 */
  "CREATE TABLE players ("
  "  id    INTEGER PRIMARY KEY,"
  "  name  TEXT NOT NULL UNIQUE CHECK (length (name) > 0)"
  ");"
  "CREATE TABLE games ("
  "  id            INTEGER PRIMARY KEY AUTOINCREMENT,"
  "  ruleset       TEXT NOT NULL CHECK (ruleset IN ('little-wolf', 'garwolf')),"
  "  start_score   INTEGER NOT NULL,"
  "  target        INTEGER NOT NULL,"
  "  skunk         INTEGER NOT NULL,"
  "  first_dealer  INTEGER NOT NULL CHECK (first_dealer BETWEEN 0 AND 7),"
  "  n_teams       INTEGER NOT NULL DEFAULT 0 CHECK (n_teams BETWEEN 0 AND 8),"
  "  created       INTEGER NOT NULL"
  ");"
  "CREATE TABLE game_seats ("
  "  game    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  seat    INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),"
  "  player  INTEGER NOT NULL REFERENCES players (id),"
  "  team    INTEGER CHECK (team IS NULL OR team BETWEEN 0 AND 7),"
  "  PRIMARY KEY (game, seat),"
  "  UNIQUE (game, player)"
  ") WITHOUT ROWID;"
  "CREATE INDEX game_seats_player ON game_seats (player);"
  "CREATE TABLE rounds ("
  "  id            INTEGER PRIMARY KEY,"
  "  game          INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  number        INTEGER NOT NULL CHECK (number >= 1),"
  "  is_void       INTEGER NOT NULL DEFAULT 0 CHECK (is_void IN (0, 1)),"
  "  declarer      INTEGER CHECK (declarer IS NULL OR declarer BETWEEN 0 AND 7),"
  "  all_but_last  INTEGER NOT NULL DEFAULT 0 CHECK (all_but_last IN (0, 1)),"
  "  dealer        INTEGER CHECK (dealer IS NULL OR dealer BETWEEN 0 AND 7),"
  "  UNIQUE (game, number)"
  ");"
  "CREATE TABLE round_seats ("
  "  round      INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,"
  "  seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),"
  "  cards      INTEGER NOT NULL DEFAULT 0 CHECK (cards >= 0),"
  "  worms      INTEGER NOT NULL DEFAULT 0 CHECK (worms >= 0),"
  "  gongs      INTEGER NOT NULL DEFAULT 0 CHECK (gongs >= 0),"
  "  bears      INTEGER NOT NULL DEFAULT 0 CHECK (bears >= 0),"
  "  wolves     INTEGER NOT NULL DEFAULT 0 CHECK (wolves >= 0),"
  "  court      INTEGER NOT NULL DEFAULT 0 CHECK (court >= 0),"
  "  garwolves  INTEGER NOT NULL DEFAULT 0 CHECK (garwolves >= 0),"
  "  unpegged   INTEGER NOT NULL DEFAULT 0 CHECK (unpegged IN (0, 1)),"
  "  PRIMARY KEY (round, seat)"
  ") WITHOUT ROWID;"
  "CREATE TABLE penalties ("
  "  round    INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,"
  "  ordinal  INTEGER NOT NULL CHECK (ordinal >= 0),"
  "  seat     INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),"
  "  kind     TEXT NOT NULL CHECK (kind IN ('out_of_turn', 'looked_at_discards')),"
  "  PRIMARY KEY (round, ordinal)"
  ") WITHOUT ROWID;"
  "PRAGMA user_version = 1;",

  /* 1 → 2 */
  "ALTER TABLE games ADD COLUMN notes TEXT;"
  "ALTER TABLE games ADD COLUMN played_at INTEGER;"
  "ALTER TABLE games ADD COLUMN place TEXT;"
  "ALTER TABLE penalties ADD COLUMN note TEXT;"
  "ALTER TABLE penalties ADD COLUMN noted_at INTEGER;"
  "CREATE TABLE pending_penalties ("
  "  id        INTEGER PRIMARY KEY,"
  "  game      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  seat      INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),"
  "  kind      TEXT NOT NULL CHECK (kind IN ('out_of_turn', 'looked_at_discards')),"
  "  note      TEXT,"
  "  noted_at  INTEGER NOT NULL"
  ");"
  "CREATE INDEX pending_penalties_game ON pending_penalties (game);"
  "CREATE TABLE seat_changes ("
  "  id          INTEGER PRIMARY KEY,"
  "  game        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  seat        INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),"
  "  from_round  INTEGER NOT NULL CHECK (from_round >= 1),"
  "  old_player  INTEGER NOT NULL REFERENCES players (id),"
  "  new_player  INTEGER NOT NULL REFERENCES players (id),"
  "  changed_at  INTEGER NOT NULL"
  ");"
  "CREATE INDEX seat_changes_game ON seat_changes (game);"
  "CREATE TABLE edits ("
  "  id         INTEGER PRIMARY KEY AUTOINCREMENT,"
  "  game       INTEGER NOT NULL,"
  "  at         INTEGER NOT NULL,"
  "  kind       TEXT NOT NULL CHECK (kind IN ('append_round', 'replace_round', 'insert_round',"
  "               'delete_round', 'substitute', 'notes', 'details', 'delete_game')),"
  "  number     INTEGER NOT NULL DEFAULT 0 CHECK (number >= 0),"
  "  old        TEXT,"
  "  new        TEXT,"
  "  undone_at  INTEGER"
  ");"
  "CREATE INDEX edits_game ON edits (game, id);"
  "PRAGMA user_version = 2;",

  /* 2 → 3 */
  "ALTER TABLE games ADD COLUMN king_and_knave INTEGER NOT NULL DEFAULT 0;"
  "PRAGMA user_version = 3;",

  /* 3 → 4 */
  "CREATE TABLE events ("
  "  id             INTEGER PRIMARY KEY AUTOINCREMENT,"
  "  name           TEXT NOT NULL CHECK (length (name) > 0),"
  "  format         TEXT NOT NULL"
  "                 CHECK (format IN ('swiss', 'round-robin', 'partners', 'elimination')),"
  "  table_size     INTEGER NOT NULL CHECK (table_size BETWEEN 2 AND 4),"
  "  rounds         INTEGER NOT NULL DEFAULT 0 CHECK (rounds BETWEEN 0 AND 1000),"
  "  points_win     INTEGER NOT NULL DEFAULT 3 CHECK (points_win BETWEEN 0 AND 1000),"
  "  points_second  INTEGER NOT NULL DEFAULT 1 CHECK (points_second BETWEEN 0 AND 1000),"
  "  points_other   INTEGER NOT NULL DEFAULT 0 CHECK (points_other BETWEEN 0 AND 1000),"
  "  seed           INTEGER NOT NULL DEFAULT 0,"
  "  created        INTEGER NOT NULL"
  ");"
  "CREATE TABLE event_players ("
  "  event         INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,"
  "  entrant       INTEGER NOT NULL CHECK (entrant >= 0),"
  "  player        INTEGER NOT NULL REFERENCES players (id),"
  "  status        TEXT NOT NULL CHECK (status IN ('registered', 'checked_in', 'dropped')),"
  "  joined_round  INTEGER NOT NULL CHECK (joined_round >= 1),"
  "  PRIMARY KEY (event, entrant),"
  "  UNIQUE (event, player)"
  ") WITHOUT ROWID;"
  "CREATE INDEX event_players_player ON event_players (player);"
  "CREATE TABLE event_rounds ("
  "  event      INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,"
  "  number     INTEGER NOT NULL CHECK (number >= 1),"
  "  paired_at  INTEGER NOT NULL,"
  "  PRIMARY KEY (event, number)"
  ") WITHOUT ROWID;"
  "CREATE TABLE event_byes ("
  "  event    INTEGER NOT NULL,"
  "  round    INTEGER NOT NULL,"
  "  entrant  INTEGER NOT NULL,"
  "  PRIMARY KEY (event, round, entrant),"
  "  FOREIGN KEY (event, round) REFERENCES event_rounds (event, number) ON DELETE CASCADE,"
  "  FOREIGN KEY (event, entrant) REFERENCES event_players (event, entrant)"
  ") WITHOUT ROWID;"
  "CREATE TABLE event_tables ("
  "  id            INTEGER PRIMARY KEY,"
  "  event         INTEGER NOT NULL,"
  "  round         INTEGER NOT NULL,"
  "  number        INTEGER NOT NULL CHECK (number >= 1),"
  "  first_dealer  INTEGER NOT NULL CHECK (first_dealer BETWEEN 0 AND 3),"
  "  game          INTEGER REFERENCES games (id) ON DELETE SET NULL,"
  "  paper         INTEGER NOT NULL DEFAULT 0 CHECK (paper IN (0, 1)),"
  "  UNIQUE (event, round, number),"
  "  FOREIGN KEY (event, round) REFERENCES event_rounds (event, number) ON DELETE CASCADE"
  ");"
  "CREATE INDEX event_tables_game ON event_tables (game);"
  "CREATE TABLE event_seats ("
  "  event_table  INTEGER NOT NULL REFERENCES event_tables (id) ON DELETE CASCADE,"
  "  seat         INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),"
  "  entrant      INTEGER NOT NULL CHECK (entrant >= 0),"
  "  paper_score  INTEGER CHECK (paper_score IS NULL OR paper_score BETWEEN 0 AND 999),"
  "  PRIMARY KEY (event_table, seat)"
  ") WITHOUT ROWID;"
  "PRAGMA user_version = 4;",

  /* 4 → 5 */
  "CREATE TABLE virtual_tables ("
  "  game          INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  seats         TEXT NOT NULL,"
  "  round_number  INTEGER NOT NULL DEFAULT 0 CHECK (round_number >= 0),"
  "  round         TEXT,"
  "  saved_at      INTEGER NOT NULL"
  ");"
  "PRAGMA user_version = 5;",
  /* 5 → 6: an event's tie-breaks, chosen and ordered (NULL: the default
   * order, docs/EVENTS.md); the action logs of finished virtual rounds,
   * for their replay */
  "ALTER TABLE events ADD COLUMN tiebreaks TEXT;"
  "CREATE TABLE virtual_round_logs ("
  "  game    INTEGER REFERENCES games (id) ON DELETE CASCADE,"
  "  number  INTEGER CHECK (number >= 1),"
  "  log     TEXT NOT NULL,"
  "  PRIMARY KEY (game, number)"
  ");"
  "CREATE TABLE round_locks ("
  "  game       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  number     INTEGER NOT NULL CHECK (number >= 1),"
  "  locked_at  INTEGER NOT NULL,"
  "  PRIMARY KEY (game, number)"
  ") WITHOUT ROWID;"
  "CREATE TABLE event_table_games ("
  "  event_table  INTEGER PRIMARY KEY REFERENCES event_tables (id) ON DELETE CASCADE,"
  "  game         INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE"
  ");"
  "PRAGMA user_version = 6;",

  /* 6 → 7: the game's version, kept by triggers on the edit log (one for
   * each entry, one more when it is undone: lw_store_get_game_version()),
   * and the cache of each game's final result at a version. Any other
   * change to the log makes the version grow too; a game restored with
   * its ID takes the version its log gives. */
  "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;"
  "UPDATE games SET version = (SELECT count (*) + count (undone_at) FROM edits"
  "                            WHERE edits.game = games.id)"
  "  WHERE id IN (SELECT game FROM edits);"
  EDITS_VERSION_TRIGGERS
  /* A cache, never the truth (lw-store-results.c): a row counts only
   * while its version is the game's; anything else is recomputed from
   * the rounds. players: players.id per seat, sides: each seat's side
   * (its seat in solo play), scores: each side's final score; all three
   * space-separated integers, scores '' when the rounds do not replay. */
  "CREATE TABLE game_result_cache ("
  "  game      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  version   INTEGER NOT NULL,"
  "  players   TEXT NOT NULL,"
  "  sides     TEXT NOT NULL,"
  "  replays   INTEGER NOT NULL CHECK (replays IN (0, 1)),"
  "  finished  INTEGER NOT NULL CHECK (finished IN (0, 1)),"
  "  winner    INTEGER CHECK (winner IS NULL OR winner BETWEEN 0 AND 7),"
  "  skunk     INTEGER NOT NULL CHECK (skunk IN (0, 1)),"
  "  scores    TEXT NOT NULL,"
  "  rated     INTEGER NOT NULL CHECK (rated IN (0, 1))"
  ");"
  "PRAGMA user_version = 7;",

  /* 7 → 8: the names rule (docs/rules/GAME-RECORD.md "Names"). The edit log takes a
   * kind "rename" (the table is made again with the new CHECK, its
   * AUTOINCREMENT sequence and triggers kept); then every stored name that
   * breaks the rule is renamed by lw_store_migrate_names() (lw-store-names.c),
   * each rename logged, in the same transaction. */
  "DROP TRIGGER games_insert_version;"
  "CREATE TABLE edits_v8 ("
  "  id         INTEGER PRIMARY KEY AUTOINCREMENT,"
  "  game       INTEGER NOT NULL,"
  "  at         INTEGER NOT NULL,"
  "  kind       TEXT NOT NULL CHECK (kind IN ('append_round', 'replace_round', 'insert_round',"
  "               'delete_round', 'substitute', 'notes', 'details', 'delete_game', 'rename')),"
  "  number     INTEGER NOT NULL DEFAULT 0 CHECK (number >= 0),"
  "  old        TEXT,"
  "  new        TEXT,"
  "  undone_at  INTEGER"
  ");"
  "INSERT INTO edits_v8 (id, game, at, kind, number, old, new, undone_at)"
  "  SELECT id, game, at, kind, number, old, new, undone_at FROM edits;"
  "DELETE FROM sqlite_sequence WHERE name = 'edits_v8';"
  "INSERT INTO sqlite_sequence (name, seq) SELECT 'edits_v8', seq FROM sqlite_sequence"
  "  WHERE name = 'edits';"
  "DROP TABLE edits;"
  "ALTER TABLE edits_v8 RENAME TO edits;"
  "CREATE INDEX edits_game ON edits (game, id);"
  EDITS_VERSION_TRIGGERS
  "PRAGMA user_version = 8;",

  /* 8 → 9: game record version 2 (docs/rules/GAME-RECORD.md "Identity"). Every game
   * gets a stable UUID (filled for the games already stored by
   * fill_game_uuids()), and an imported game keeps the hash of the record
   * it came from, so that the same record imported again is known. */
  "ALTER TABLE games ADD COLUMN uuid TEXT;"
  "ALTER TABLE games ADD COLUMN body_hash TEXT;"
  "CREATE UNIQUE INDEX games_uuid ON games (uuid);"
  "CREATE INDEX games_body_hash ON games (body_hash);"
  "PRAGMA user_version = 9;",

  /* 9 → 10: an event's seeding, chosen when it is made (LwSeeding). */
  "ALTER TABLE events ADD COLUMN seeding TEXT NOT NULL DEFAULT 'registration'"
  "  CHECK (seeding IN ('registration', 'rating'));"
  "PRAGMA user_version = 10;",

  /* 10 → 11: the event an imported record says it was played at
   * (docs/rules/GAME-RECORD.md details.event, informative only), kept so that its
   * export says it again. */
  "ALTER TABLE games ADD COLUMN event_name TEXT;"
  "ALTER TABLE games ADD COLUMN event_round INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE games ADD COLUMN event_table INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE games ADD COLUMN event_board INTEGER NOT NULL DEFAULT 0;"
  "PRAGMA user_version = 11;",

  /* 11 → 12: the house rules of each game and the saved rule sets
   * (docs/rules/GAME-RECORD.md rules.rule_set, run_fill, over_trump). A game stored
   * before has the rulings, which the defaults are. */
  "ALTER TABLE games ADD COLUMN rule_set TEXT CHECK (rule_set IS NULL OR length (rule_set) > 0);"
  "ALTER TABLE games ADD COLUMN run_fill TEXT NOT NULL DEFAULT 'inside_or_end'"
  "  CHECK (run_fill IN ('inside_or_end', 'inside_only'));"
  "ALTER TABLE games ADD COLUMN over_trump TEXT NOT NULL DEFAULT 'winning_play'"
  "  CHECK (over_trump IN ('winning_play', 'whole_trick'));"
  "CREATE TABLE rule_sets ("
  "  id              INTEGER PRIMARY KEY,"
  "  name            TEXT NOT NULL CHECK (length (name) > 0),"
  "  ruleset         TEXT NOT NULL CHECK (ruleset IN ('little-wolf', 'garwolf')),"
  "  start_score     INTEGER NOT NULL CHECK (start_score >= 0),"
  "  target          INTEGER NOT NULL CHECK (target >= 1),"
  "  skunk           INTEGER NOT NULL CHECK (skunk >= 1),"
  "  run_fill        TEXT NOT NULL DEFAULT 'inside_or_end'"
  "    CHECK (run_fill IN ('inside_or_end', 'inside_only')),"
  "  over_trump      TEXT NOT NULL DEFAULT 'winning_play'"
  "    CHECK (over_trump IN ('winning_play', 'whole_trick')),"
  "  king_and_knave  INTEGER NOT NULL DEFAULT 0 CHECK (king_and_knave IN (0, 1)),"
  "  UNIQUE (ruleset, name)"
  ");"
  "PRAGMA user_version = 12;",

  /* 12 → 13: the rules an event's games are played with, copied from the
   * rule set chosen when the event was made (the set's name is kept, as a
   * game's rule_set is, only to be shown): renaming or deleting the set
   * later changes no event. An event made before has the rulings. */
  "ALTER TABLE events ADD COLUMN rule_set TEXT CHECK (rule_set IS NULL OR length (rule_set) > 0);"
  "ALTER TABLE events ADD COLUMN start_score INTEGER NOT NULL DEFAULT 1 CHECK (start_score >= 0);"
  "ALTER TABLE events ADD COLUMN target INTEGER NOT NULL DEFAULT 15 CHECK (target >= 1);"
  "ALTER TABLE events ADD COLUMN skunk INTEGER NOT NULL DEFAULT 11 CHECK (skunk >= 1);"
  "ALTER TABLE events ADD COLUMN run_fill TEXT NOT NULL DEFAULT 'inside_or_end'"
  "  CHECK (run_fill IN ('inside_or_end', 'inside_only'));"
  "ALTER TABLE events ADD COLUMN over_trump TEXT NOT NULL DEFAULT 'winning_play'"
  "  CHECK (over_trump IN ('winning_play', 'whole_trick'));"
  "PRAGMA user_version = 13;",

  /* 13 → 14: the log of a round taken back, kept for its Undo. */
  "CREATE TABLE taken_back_logs ("
  "  edit  INTEGER PRIMARY KEY REFERENCES edits (id) ON DELETE CASCADE,"
  "  log   TEXT NOT NULL"
  ");"
  "PRAGMA user_version = 14;",

  /* 14 → 15: a hosted table's seats and the hashes of their links. */
  "CREATE TABLE hosted_tables ("
  "  game     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  version  INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0)"
  ");"
  "CREATE TABLE hosted_seats ("
  "  game       INTEGER NOT NULL REFERENCES hosted_tables (game) ON DELETE CASCADE,"
  "  seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),"
  "  kind       TEXT NOT NULL CHECK (kind IN ('remote', 'computer', 'local')),"
  "  level      TEXT NOT NULL DEFAULT 'normal' CHECK (level IN ('random', 'easy', 'normal', 'hard', 'expert')),"
  "  link_hash  TEXT CHECK (link_hash IS NULL OR (length (link_hash) = 64"
  "                         AND link_hash NOT GLOB '*[^0-9a-f]*')),"
  "  PRIMARY KEY (game, seat)"
  ") WITHOUT ROWID;"
  "PRAGMA user_version = 15;",

  /* 15 → 16: the club server's sync (lw-store-club.c). */
  "CREATE TABLE club_state ("
  "  id            INTEGER PRIMARY KEY CHECK (id = 1),"
  "  conninfo      TEXT NOT NULL,"
  "  origin        TEXT NOT NULL,"
  "  club          TEXT,"
  "  push_counter  INTEGER NOT NULL DEFAULT 0 CHECK (push_counter >= 0),"
  "  push_pending  INTEGER NOT NULL DEFAULT 0 CHECK (push_pending >= 0),"
  "  pull_seq      INTEGER NOT NULL DEFAULT 0 CHECK (pull_seq >= 0),"
  "  pushed_at     INTEGER NOT NULL DEFAULT 0,"
  "  pulled_at     INTEGER NOT NULL DEFAULT 0"
  ");"
  "CREATE TABLE club_pushed ("
  "  uuid     TEXT PRIMARY KEY,"
  "  version  INTEGER NOT NULL"
  ") WITHOUT ROWID;"
  "CREATE TABLE club_games ("
  "  uuid         TEXT PRIMARY KEY,"
  "  origin       TEXT NOT NULL,"
  "  origin_name  TEXT NOT NULL,"
  "  version      INTEGER NOT NULL"
  ") WITHOUT ROWID;"
  "PRAGMA user_version = 16;",

  /* 16 → 17: duplicate events (DUPLICATE D1–D10): the boards per event
   * round, and each board's result at a table (its round's facts). */
  "ALTER TABLE events ADD COLUMN boards_per_round INTEGER NOT NULL DEFAULT 0"
  "  CHECK (boards_per_round BETWEEN 0 AND 20);"
  "CREATE TABLE event_board_results ("
  "  event_table  INTEGER NOT NULL REFERENCES event_tables (id) ON DELETE CASCADE,"
  "  board        INTEGER NOT NULL CHECK (board >= 1),"
  "  facts        TEXT NOT NULL,"
  "  entered_at   INTEGER NOT NULL,"
  "  PRIMARY KEY (event_table, board)"
  ") WITHOUT ROWID;"
  "PRAGMA user_version = 17;",

  /* 17 → 18: events on the club server (lw-store-club-events.c). */
  "CREATE TABLE club_events ("
  "  uuid         TEXT PRIMARY KEY,"
  "  event        INTEGER UNIQUE REFERENCES events (id) ON DELETE SET NULL,"
  "  origin       TEXT,"
  "  origin_name  TEXT,"
  "  version      INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),"
  "  facts        TEXT,"
  "  CHECK ((origin IS NULL) = (origin_name IS NULL))"
  ");"
  "PRAGMA user_version = 18;",

  /* 18 → 19: a duplicate board's par (DUPLICATE D10): the board played by
   * computers of one level, its round's facts; never read by standings. */
  "CREATE TABLE event_board_pars ("
  "  event      INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,"
  "  board      INTEGER NOT NULL CHECK (board >= 1),"
  "  level      TEXT NOT NULL CHECK (level IN ('random', 'easy', 'normal', 'hard', 'expert')),"
  "  facts      TEXT NOT NULL,"
  "  played_at  INTEGER NOT NULL,"
  "  PRIMARY KEY (event, board)"
  ") WITHOUT ROWID;"
  "PRAGMA user_version = 19;",

  /* 19 → 20: the club roster (lw-store-club-roster.c): stable player IDs
   * across laptops, and merges sent to the club's admin as requests. */
  "CREATE TABLE club_roster ("
  "  uuid         TEXT PRIMARY KEY,"
  "  name         TEXT NOT NULL CHECK (length (name) > 0),"
  "  merged_into  TEXT,"
  "  origin_name  TEXT,"
  "  seq          INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0),"
  "  player       INTEGER UNIQUE REFERENCES players (id) ON DELETE SET NULL,"
  "  pushed       INTEGER NOT NULL DEFAULT 1 CHECK (pushed IN (0, 1))"
  ");"
  "CREATE INDEX club_roster_name ON club_roster (name);"
  "ALTER TABLE club_state ADD COLUMN roster_seq INTEGER NOT NULL DEFAULT 0"
  "  CHECK (roster_seq >= 0);"
  "CREATE TABLE club_requests ("
  "  id         INTEGER PRIMARY KEY,"
  "  from_uuid  TEXT NOT NULL,"
  "  into_uuid  TEXT NOT NULL CHECK (into_uuid <> from_uuid),"
  "  made_at    INTEGER NOT NULL,"
  "  sent       INTEGER NOT NULL DEFAULT 0 CHECK (sent IN (0, 1)),"
  "  UNIQUE (from_uuid, into_uuid)"
  ");"
  "PRAGMA user_version = 20;",

  /* 20 → 21: the undo of a merge withdraws the request sent with it. */
  "ALTER TABLE club_requests ADD COLUMN withdrawn INTEGER NOT NULL DEFAULT 0"
  "  CHECK (withdrawn IN (0, 1));"
  "PRAGMA user_version = 21;",

  /* 21 → 22: names made only of invisible characters, which the names
   * rule now refuses, renamed by lw_store_migrate_names() as in 7 → 8. */
  "PRAGMA user_version = 22;",

  /* 22 → 23: the computer seats of games taken from the club server. */
  "CREATE TABLE club_computer_seats ("
  "  game   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  seat   INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),"
  "  level  TEXT NOT NULL CHECK (level IN ('random', 'easy', 'normal', 'hard', 'expert')),"
  "  PRIMARY KEY (game, seat)"
  ") WITHOUT ROWID;"
  "PRAGMA user_version = 23;",

  /* 23 → 24: each game's share of the players' statistics, kept as the
   * result cache is (lw-store-stats.c); the games stored before get
   * theirs the first time the statistics read them. */
  "CREATE TABLE game_stats_cache ("
  "  game      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,"
  "  version   INTEGER NOT NULL,"
  "  players   TEXT NOT NULL,"
  "  counts    BLOB,"
  "  checksum  INTEGER NOT NULL"
  ");"
  "PRAGMA user_version = 24;",
};


static int
compare_uuids (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The step of migration 8 → 9: a new UUID for every game stored before,
 * given in the order of the games' IDs, so that ratings, which order the
 * games of one second by their record's id (lw_rating_game_order()),
 * order them as before, when it was by ID. */
static gboolean
fill_game_uuids (LwStore  *self,
                 GError  **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GPtrArray) uuids = g_ptr_array_new_with_free_func (g_free);
  gboolean ok;

  ok = lw_store_read_ids (self, "SELECT id FROM games WHERE uuid IS NULL ORDER BY id", 0, ids, error);
  for (guint i = 0; ok && i < ids->len; i++)
    g_ptr_array_add (uuids, g_uuid_string_random ());
  g_ptr_array_sort (uuids, compare_uuids);
  for (guint i = 0; ok && i < ids->len; i++)
    ok = lw_store_run_text (self, "UPDATE games SET uuid = ?1 WHERE id = ?2",
                            g_ptr_array_index (uuids, i), g_array_index (ids, gint64, i), error);
  return ok;
}

/* The step of a migration that SQL cannot do: after migrations[i] (NULL:
 * none). */
static gboolean (*const migration_steps[]) (LwStore *, GError **) = {
  [7] = lw_store_migrate_names,
  [8] = fill_game_uuids,
  [21] = lw_store_migrate_names,
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == LW_STORE_SCHEMA_VERSION);

/* The tables a database of any version ≥ 1 has. */
static const char *const schema_tables[] = {
  "players", "games", "game_seats", "rounds", "round_seats", "penalties",
};

static gboolean
read_user_version (LwStore  *self,
                   int      *version,
                   GError  **error)
{
  gint64 value;

  if (!lw_store_query_int64 (self, "PRAGMA user_version", &value, error))
    return FALSE;
  *version = (int) value;
  return TRUE;
}

static gboolean
has_table (LwStore     *self,
           const char  *name,
           gboolean    *found,
           GError     **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", error);

  return stmt != NULL
         && lw_store_bind_text (self, stmt, 1, name, error)
         && lw_store_step_row (self, stmt, found, error);
}

/* ------------------------------------------------------------------ */
/* Whose database: application_id and the schema                        */
/* ------------------------------------------------------------------ */

/* A text of @db's schema that two databases share exactly when they have
 * the same tables, indexes and triggers (SQLite's own left out), and the
 * same columns in each table in the same order; the SQL text itself
 * (spacing, an older ALTER) is not compared. */
static int
schema_signature (sqlite3  *db,
                  char    **signature)
{
  static const char sql[] =
    "SELECT type, name, tbl_name,"
    "  (SELECT group_concat (name, ',')"
    "     FROM (SELECT name FROM pragma_table_info (s.name) ORDER BY cid))"
    " FROM sqlite_schema AS s WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
    " ORDER BY type, name";
  g_autoptr (GString) text = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);

  while (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      for (int c = 0; c < 4; c++)
        {
          const char *value = (const char *) sqlite3_column_text (stmt, c);
          g_string_append (text, value != NULL ? value : "");
          g_string_append_c (text, c < 3 ? '|' : '\n');
        }
      rc = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    return rc;
  *signature = g_string_free (g_steal_pointer (&text), FALSE);
  return SQLITE_OK;
}

/* Whether the open database's schema is exactly the one our migrations
 * give for @version (1..LW_STORE_SCHEMA_VERSION): they are run on an
 * empty database in memory and the two schema_signature()s compared. */
static gboolean
schema_is_ours (LwStore   *self,
                int        version,
                gboolean  *ours,
                GError   **error)
{
  g_autofree char *expected = NULL;
  g_autofree char *actual = NULL;
  sqlite3 *reference = NULL;
  int rc = sqlite3_open_v2 (":memory:", &reference, SQLITE_OPEN_READWRITE, NULL);

  for (int v = 0; rc == SQLITE_OK && v < version; v++)
    rc = sqlite3_exec (reference, migrations[v], NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = schema_signature (reference, &expected);
  sqlite3_close (reference);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_FAILED,
                   "%s: cannot build the schema of version %d to compare (%s)",
                   self->path, version, sqlite3_errstr (rc));
      return FALSE;
    }
  rc = schema_signature (self->db, &actual);
  if (rc != SQLITE_OK)
    return lw_store_fail (self, rc, error);
  *ours = g_strcmp0 (expected, actual) == 0;
  return TRUE;
}

/* Inside a read transaction, before anything is written: refuses a file
 * that is not ours (LW_STORE_APPLICATION_ID above). @version is the
 * file's user_version, 1..LW_STORE_SCHEMA_VERSION. */
static gboolean
check_owner (LwStore  *self,
             gint64    application_id,
             int       version,
             GError  **error)
{
  gboolean ours = FALSE;

  if (application_id == LW_STORE_APPLICATION_ID)
    return TRUE;
  if (!schema_is_ours (self, version, &ours, error))
    return FALSE;
  if (!ours)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE,
                   "%s: an SQLite database of another program, not a Little Wolf database "
                   "(its tables are not those of a Little Wolf database of version %d); "
                   "it was left as it is", self->path, version);
      return FALSE;
    }
  return TRUE;
}

/* Inside the write transaction that opens the database: a database of
 * ours (check_owner()) that does not say so yet gets the ID. */
static gboolean
set_application_id (LwStore  *self,
                    GError  **error)
{
  gint64 application_id = 0;

  if (!lw_store_query_int64 (self, "PRAGMA application_id", &application_id, error))
    return FALSE;
  if (application_id == LW_STORE_APPLICATION_ID)
    return TRUE;
  return lw_store_exec (self, "PRAGMA application_id = 1280790348" /* LW_STORE_APPLICATION_ID */,
                   error);
}

/* Checks, before anything is written, that the file is ours (or empty)
 * and not from a newer version; inside a read transaction. */
static gboolean
check_existing_in_transaction (LwStore  *self,
                               GError  **error)
{
  int version = 0;
  gint64 application_id = 0;

  if (!read_user_version (self, &version, error)
      || !lw_store_query_int64 (self, "PRAGMA application_id", &application_id, error))
    return FALSE;

  if (application_id != 0 && application_id != LW_STORE_APPLICATION_ID)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE,
                   "%s: an SQLite database of another program (application ID 0x%08" G_GINT64_MODIFIER
                   "x), not a Little Wolf database; it was left as it is",
                   self->path, application_id);
      return FALSE;
    }

  if (version > LW_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NEWER_VERSION,
                   "%s: written by a newer version of Little Wolf "
                   "(database version %d, this version reads up to %d)",
                   self->path, version, LW_STORE_SCHEMA_VERSION);
      return FALSE;
    }

  if (version == 0)
    {
      gint64 count = 0;

      /* A new database is empty; anything else belongs to another program. */
      if (!lw_store_query_int64 (self, "SELECT count(*) FROM sqlite_schema", &count, error))
        return FALSE;
      if (count > 0)
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE,
                       "%s: an SQLite database of another program, not a Little Wolf database",
                       self->path);
          return FALSE;
        }
      return TRUE;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (schema_tables); i++)
    {
      gboolean found = FALSE;

      if (!has_table (self, schema_tables[i], &found, error))
        return FALSE;
      if (!found)
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE,
                       "%s: not a Little Wolf database (no table \"%s\")",
                       self->path, schema_tables[i]);
          return FALSE;
        }
    }
  return check_owner (self, application_id, version, error);
}

/* The checks of check_existing_in_transaction() on one state of the file:
 * a program creating the same database at the same moment must not be
 * seen half-way (its tables without its user_version). */
gboolean
lw_store_schema_check_existing (LwStore  *self,
                                GError  **error)
{
  if (!lw_store_begin_read (self, error))
    return FALSE;
  if (!check_existing_in_transaction (self, error))
    {
      lw_store_rollback (self);
      return FALSE;
    }
  return lw_store_commit (self, error);
}

gboolean
lw_store_schema_set_wal (LwStore  *self,
                         GError  **error)
{
  g_autoptr (LwStoreStmt) stmt = lw_store_stmt (self, "PRAGMA journal_mode = WAL", error);
  gint64 deadline = g_get_monotonic_time () + LW_STORE_BUSY_TIMEOUT_MS * (gint64) 1000;
  int rc;

  if (stmt == NULL)
    return FALSE;

  /* Changing the journal mode needs the file to itself, and SQLite does
   * not wait for that with the busy timeout: another program opening the
   * same new database at the same moment makes it fail at once. Wait as
   * long as the busy timeout would. The result row names the mode now in
   * force; a database that cannot use WAL (e.g. in memory) keeps its own. */
  while (((rc = sqlite3_step (stmt)) & 0xff) == SQLITE_BUSY
         && g_get_monotonic_time () < deadline)
    {
      sqlite3_reset (stmt);
      g_usleep (10 * 1000);
    }
  if (rc == SQLITE_ROW || rc == SQLITE_DONE)
    return TRUE;
  return lw_store_fail (self, rc, error);
}


/* Whether the file already has this version's schema and says it is
 * ours (PRAGMA application_id): then opening it writes nothing. Read in
 * a read transaction of its own, which under WAL never waits for a
 * writer. */
static gboolean
schema_is_current (LwStore   *self,
                   gboolean  *current,
                   GError   **error)
{
  int version = 0;
  gint64 application_id = 0;
  gboolean ok;

  *current = FALSE;
  if (!lw_store_begin_read (self, error))
    return FALSE;
  ok = read_user_version (self, &version, error)
       && lw_store_query_int64 (self, "PRAGMA application_id", &application_id, error);
  if (!lw_store_finish (self, ok, error))
    return FALSE;
  *current = version == LW_STORE_SCHEMA_VERSION && application_id == LW_STORE_APPLICATION_ID;
  return TRUE;
}

/* How long each try for the migration's write lock waits before the
 * schema is read again. */
#define MIGRATION_TRY_MS 100

/* How long the damage check before a migration may take, in milliseconds
 * (lw_store_check_damage()): the copy made next reads the whole file. */
#define LW_STORE_MIGRATION_CHECK_MS 2000

/* Opens the migration's write transaction, unless the schema is (or
 * becomes, while this waits) current: *@current is then %TRUE and no
 * transaction is open. Several programs opening one database at once
 * must not queue for its write lock behind each other and behind the
 * first ones' writes only to find that another has migrated it: the
 * lock is tried for MIGRATION_TRY_MS at a time and the schema read
 * again between tries, for LW_STORE_BUSY_TIMEOUT_MS in all, after which
 * the error is LW_STORE_ERROR_BUSY as for any write. */
static gboolean
begin_migration (LwStore   *self,
                 gboolean  *current,
                 GError   **error)
{
  gint64 deadline = g_get_monotonic_time () + LW_STORE_BUSY_TIMEOUT_MS * (gint64) 1000;
  gboolean ok;

  for (;;)
    {
      g_autoptr (GError) busy = NULL;

      if (!schema_is_current (self, current, error))
        return FALSE;
      if (*current)
        return TRUE;
      sqlite3_busy_timeout (self->db, MIGRATION_TRY_MS);
      ok = lw_store_begin_write (self, &busy);
      sqlite3_busy_timeout (self->db, LW_STORE_BUSY_TIMEOUT_MS);
      if (ok)
        return TRUE;
      if (!g_error_matches (busy, LW_STORE_ERROR, LW_STORE_ERROR_BUSY)
          || g_get_monotonic_time () >= deadline)
        {
          g_propagate_error (error, g_steal_pointer (&busy));
          return FALSE;
        }
    }
}

gboolean
lw_store_schema_migrate (LwStore  *self,
                         GError  **error)
{
  /* The data_version the backup copy was made at; -1: none made yet. */
  gint64 backed_up_at = -1;
  /* The copy's file, chosen once: a copy made again replaces it. */
  g_autofree char *backup = NULL;

  for (int attempt = 0; ; attempt++)
    {
      int version = 0;
      gint64 data_version = 0;
      gboolean current = FALSE;

      if (!begin_migration (self, &current, error))
        return FALSE;
      if (current)
        return TRUE;

      /* Read again under the write lock: another program may have migrated
       * the file since lw_store_schema_check_existing(). */
      if (!read_user_version (self, &version, error)
          || !lw_store_query_int64 (self, "PRAGMA data_version", &data_version, error))
        goto failed;
      if (version > LW_STORE_SCHEMA_VERSION)
        {
          g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NEWER_VERSION,
                       "%s: written by a newer version of Little Wolf "
                       "(database version %d, this version reads up to %d)",
                       self->path, version, LW_STORE_SCHEMA_VERSION);
          goto failed;
        }
      if (version == LW_STORE_SCHEMA_VERSION)
        {
          if (!set_application_id (self, error))
            goto failed;
          return lw_store_commit (self, error);
        }

      /* A database of an older version is copied first (the copy cannot
       * be made under this write lock); when another program wrote to it
       * in between, the copy is made again. */
      if (version >= 1 && backed_up_at != data_version)
        {
          lw_store_rollback (self);
          /* A damaged file is neither copied nor migrated: it stays as
           * it is for its backup to be restored. */
          if (backed_up_at < 0)
            {
              g_autoptr (GError) finding = NULL;

              if (!lw_store_check_damage (self, LW_STORE_MIGRATION_CHECK_MS, &finding)
                  && finding->code == LW_STORE_ERROR_DAMAGED)
                {
                  g_propagate_error (error, g_steal_pointer (&finding));
                  return FALSE;
                }
            }
          if (attempt >= 5)
            {
              g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_BUSY,
                           "%s: the database is in use by another program "
                           "(it kept changing while being copied before the upgrade)",
                           self->path);
              return FALSE;
            }
          if (backup == NULL)
            backup = lw_store_new_migration_backup_path (self->path, version);
          if (!lw_store_backup_before_migration (self, version, backup, &backed_up_at, error))
            return FALSE;
          continue;
        }

      for (int v = version; v < LW_STORE_SCHEMA_VERSION; v++)
        if (!lw_store_exec (self, migrations[v], error)
            || (v < (int) G_N_ELEMENTS (migration_steps) && migration_steps[v] != NULL
                && !migration_steps[v] (self, error)))
          goto failed;
      if (!set_application_id (self, error))
        goto failed;

      return lw_store_commit (self, error);

    failed:
      lw_store_rollback (self);
      return FALSE;
    }
}
