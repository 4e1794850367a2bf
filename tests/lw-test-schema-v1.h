/* lw-test-schema-v1.h — the schema-1 SQL, as version 1 of the store
 * created it: the tests that migrate an old database build one from it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#define LW_TEST_SCHEMA_V1_SQL \
  "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE CHECK (length (name) > 0));" \
  "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT," \
  "  ruleset TEXT NOT NULL CHECK (ruleset IN ('little-wolf', 'garwolf'))," \
  "  start_score INTEGER NOT NULL, target INTEGER NOT NULL, skunk INTEGER NOT NULL," \
  "  first_dealer INTEGER NOT NULL CHECK (first_dealer BETWEEN 0 AND 7)," \
  "  n_teams INTEGER NOT NULL DEFAULT 0 CHECK (n_teams BETWEEN 0 AND 8), created INTEGER NOT NULL);" \
  "CREATE TABLE game_seats (game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE," \
  "  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7), player INTEGER NOT NULL REFERENCES players (id)," \
  "  team INTEGER CHECK (team IS NULL OR team BETWEEN 0 AND 7), PRIMARY KEY (game, seat)," \
  "  UNIQUE (game, player)) WITHOUT ROWID;" \
  "CREATE INDEX game_seats_player ON game_seats (player);" \
  "CREATE TABLE rounds (id INTEGER PRIMARY KEY," \
  "  game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE," \
  "  number INTEGER NOT NULL CHECK (number >= 1)," \
  "  is_void INTEGER NOT NULL DEFAULT 0 CHECK (is_void IN (0, 1))," \
  "  declarer INTEGER CHECK (declarer IS NULL OR declarer BETWEEN 0 AND 7)," \
  "  all_but_last INTEGER NOT NULL DEFAULT 0 CHECK (all_but_last IN (0, 1))," \
  "  dealer INTEGER CHECK (dealer IS NULL OR dealer BETWEEN 0 AND 7), UNIQUE (game, number));" \
  "CREATE TABLE round_seats (round INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE," \
  "  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7)," \
  "  cards INTEGER NOT NULL DEFAULT 0 CHECK (cards >= 0), worms INTEGER NOT NULL DEFAULT 0 CHECK (worms >= 0)," \
  "  gongs INTEGER NOT NULL DEFAULT 0 CHECK (gongs >= 0), bears INTEGER NOT NULL DEFAULT 0 CHECK (bears >= 0)," \
  "  wolves INTEGER NOT NULL DEFAULT 0 CHECK (wolves >= 0), court INTEGER NOT NULL DEFAULT 0 CHECK (court >= 0)," \
  "  garwolves INTEGER NOT NULL DEFAULT 0 CHECK (garwolves >= 0)," \
  "  unpegged INTEGER NOT NULL DEFAULT 0 CHECK (unpegged IN (0, 1)), PRIMARY KEY (round, seat)) WITHOUT ROWID;" \
  "CREATE TABLE penalties (round INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE," \
  "  ordinal INTEGER NOT NULL CHECK (ordinal >= 0), seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7)," \
  "  kind TEXT NOT NULL CHECK (kind IN ('out_of_turn', 'looked_at_discards'))," \
  "  PRIMARY KEY (round, ordinal)) WITHOUT ROWID;" \
  "PRAGMA user_version = 1;"

/* Drops what schema 24 added (each game's share of the players'
 * statistics): with the version set back, a test makes a schema-23
 * database from a current one. */
#define LW_TEST_DROP_SCHEMA_24 "DROP TABLE game_stats_cache;"

/* Drops what schemas 24 and 23 added (23: the computer seats of games
 * from the club server): with the version set back, a test makes a
 * schema-22 database from a current one. */
#define LW_TEST_DROP_SCHEMA_23 LW_TEST_DROP_SCHEMA_24 "DROP TABLE club_computer_seats;"

/* Drops what schemas 23 and 22 added (22: nothing, its migration renamed
 * names): with the version set back, a test makes a schema-21 database
 * from a current one. */
#define LW_TEST_DROP_SCHEMA_22 LW_TEST_DROP_SCHEMA_23

/* Drops what schemas 22 and 21 added (a merge request's withdrawal): with
 * the version set back, a test makes a schema-20 database from a current
 * one. */
#define LW_TEST_DROP_SCHEMA_21 \
  LW_TEST_DROP_SCHEMA_22 \
  "ALTER TABLE club_requests DROP COLUMN withdrawn;"

/* Drops what schemas 21 and 20 added (the club roster): with the version
 * set back, a test makes a schema-19 database from a current one. */
#define LW_TEST_DROP_SCHEMA_20 \
  LW_TEST_DROP_SCHEMA_21 \
  "DROP TABLE club_requests; DROP TABLE club_roster;" \
  "ALTER TABLE club_state DROP COLUMN roster_seq;"

/* Drops what schemas 20 and 19 added (duplicate boards' pars): with the
 * version set back, a test makes a schema-18 database from a current one. */
#define LW_TEST_DROP_SCHEMA_19 \
  LW_TEST_DROP_SCHEMA_20 \
  "DROP TABLE event_board_pars;"

/* Drops what schemas 19 and 18 added (events on the club server): with the
 * version set back, a test makes a schema-17 database from a current one. */
#define LW_TEST_DROP_SCHEMA_18 \
  LW_TEST_DROP_SCHEMA_19 \
  "DROP TABLE club_events;"

/* Drops what schemas 19 to 17 added (duplicate events' boards): with the
 * version set back, a test makes a schema-16 database from a current one. */
#define LW_TEST_DROP_SCHEMA_17 \
  LW_TEST_DROP_SCHEMA_18 \
  "DROP TABLE event_board_results; ALTER TABLE events DROP COLUMN boards_per_round;"

/* Drops what schemas 17 and 16 added (the club server's sync): with the
 * version set back, a test makes a schema-15 database from a current one. */
#define LW_TEST_DROP_SCHEMA_16 \
  LW_TEST_DROP_SCHEMA_17 \
  "DROP TABLE club_state; DROP TABLE club_pushed; DROP TABLE club_games;"

/* Drops what schemas 16 and 15 added (the hosted tables): with the
 * version set back, a test makes a schema-14 database from a current one. */
#define LW_TEST_DROP_SCHEMA_15 \
  LW_TEST_DROP_SCHEMA_16 \
  "DROP TABLE hosted_seats; DROP TABLE hosted_tables;"

/* Drops what schemas 15 and 14 added (the logs of rounds taken back):
 * with the version set back, a test makes a schema-13 database from a
 * current one. */
#define LW_TEST_DROP_SCHEMA_14 \
  LW_TEST_DROP_SCHEMA_15 \
  "DROP TABLE taken_back_logs;"

/* Drops what schemas 14 and 13 added (the events' rules): with the version
 * set back, a test makes a schema-12 database from a current one. */
#define LW_TEST_DROP_SCHEMA_13 \
  LW_TEST_DROP_SCHEMA_14 \
  "ALTER TABLE events DROP COLUMN rule_set; ALTER TABLE events DROP COLUMN start_score;" \
  "ALTER TABLE events DROP COLUMN target; ALTER TABLE events DROP COLUMN skunk;" \
  "ALTER TABLE events DROP COLUMN run_fill; ALTER TABLE events DROP COLUMN over_trump;"

/* Drops what schemas 13 and 12 added (the games' house rules, the rule
 * sets): with the version set back, a test makes a schema-11 database
 * from a current one. */
#define LW_TEST_DROP_SCHEMA_12 \
  LW_TEST_DROP_SCHEMA_13 \
  "DROP TABLE rule_sets;" \
  "ALTER TABLE games DROP COLUMN rule_set; ALTER TABLE games DROP COLUMN run_fill;" \
  "ALTER TABLE games DROP COLUMN over_trump;"

/* Drops what schemas 12 and 11 added (the event a record's details name):
 * with the version set back, a test makes a schema-10 database from a
 * current one. */
#define LW_TEST_DROP_SCHEMA_11 \
  LW_TEST_DROP_SCHEMA_12 \
  "ALTER TABLE games DROP COLUMN event_name; ALTER TABLE games DROP COLUMN event_round;" \
  "ALTER TABLE games DROP COLUMN event_table; ALTER TABLE games DROP COLUMN event_board;"

/* Drops what schemas 11 and 10 added (the events' seeding): with the
 * version set back, a test makes a schema-9 database from a current one. */
#define LW_TEST_DROP_SCHEMA_10 \
  LW_TEST_DROP_SCHEMA_11 \
  "ALTER TABLE events DROP COLUMN seeding;"

/* Drops what schemas 10 and 9 added (the games' uuid and body hash): with
 * the version set back, a test makes a schema-8 database from a current
 * one. */
#define LW_TEST_DROP_SCHEMA_9 \
  LW_TEST_DROP_SCHEMA_10 \
  "DROP INDEX games_uuid; DROP INDEX games_body_hash;" \
  "ALTER TABLE games DROP COLUMN uuid; ALTER TABLE games DROP COLUMN body_hash;"

/* Drops what schema 7 added (the games' version and its triggers, the
 * result cache): with the version set back, a test makes a schema-6
 * database from a current one. */
#define LW_TEST_DROP_SCHEMA_7 \
  LW_TEST_DROP_SCHEMA_9 \
  "DROP TABLE game_result_cache;" \
  "DROP TRIGGER edits_insert_version; DROP TRIGGER edits_update_version;" \
  "DROP TRIGGER edits_delete_version; DROP TRIGGER games_insert_version;" \
  "ALTER TABLE games DROP COLUMN version;"

/* Drops what schemas 7 and 6 added (the events' tie-breaks, the logs of
 * finished virtual rounds, round locks, the games kept for event tables):
 * with the version set back, a test makes a schema-5 database from a
 * current one. */
#define LW_TEST_DROP_SCHEMA_6 \
  LW_TEST_DROP_SCHEMA_7 \
  "DROP TABLE virtual_round_logs; DROP TABLE round_locks; DROP TABLE event_table_games;" \
  "ALTER TABLE events DROP COLUMN tiebreaks;"

/* Drops what schemas 7, 6 and 5 added (the virtual table): with the
 * version set back, a test makes a schema-4 database from a current one. */
#define LW_TEST_DROP_SCHEMA_5 \
  LW_TEST_DROP_SCHEMA_6 \
  "DROP TABLE virtual_tables;"

/* Drops what schemas 7 to 4 added (the virtual table, the event tables),
 * children first: with the version set back, a test makes an older
 * database from a current one. */
#define LW_TEST_DROP_SCHEMA_4 \
  LW_TEST_DROP_SCHEMA_5 \
  "DROP TABLE event_seats; DROP TABLE event_tables; DROP TABLE event_byes;" \
  "DROP TABLE event_rounds; DROP TABLE event_players; DROP TABLE events;"
