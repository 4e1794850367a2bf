/* lw-test-util.h — what the test programs share: the shared cases, a
 * temporary database, SQL on a second connection, littlewolf-cli run as
 * a separate process
 *
 * Every helper fails the test (g_assert, g_error) rather than return an
 * error.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <sqlite3.h>

#include "lw-store.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------ */
/* The environment meson gives the tests (tests/meson.build)            */
/* ------------------------------------------------------------------ */

/* The program the environment variable @variable names (such as
 * LW_APPEND_ROUNDS); stops the test program if it names none. */
const char *lw_test_program (const char *variable);

/* The trump of TRICKS §7's notation: "S", "H", "D", "C" or "NT". */
LwSuit lw_test_trump_of (const char *t);

/* TRICKS E24 at a four-seat table, hearts trump, seat 0 the Declarer and
 * seat 3 to play the trick's last follow: seat 0 led 9H 9S, seat 1
 * followed 10S 10D, seat 2 2H 3H; seat 3 holds JS JC 4S 4C. Under the
 * rulings seat 2 is winning; under T22's whole-trick house rule seat 1
 * (2H 3H do not outrank the lead's 9H). @rules: the round's (nullable).
 * Returns: (transfer full): the table. */
LwTable *lw_test_whole_trick_position (const LwHouseRules *rules);

/* Reads @text ("9S 9C B=9") into @play, the copies counted in @used
 * (lw_play_from_tokens()); asserts it reads. */
void lw_test_read_play (const char *text,
                        guint8     *used,
                        LwPlay     *play);


/* The built littlewolf-cli: $LW_CLI. */
const char *lw_test_cli_path (void);

/* The shared cases' folder: $LW_CASES_DIR (meson option cases_dir). */
const char *lw_test_cases_dir (void);

/* ------------------------------------------------------------------ */
/* Files and the shared cases                                           */
/* ------------------------------------------------------------------ */

/* The game records of cases/@folder whose names start with @prefix (""
 * for all): files ending in .json but not .expected.json, full paths,
 * sorted. Stops the test program if there are none. */
GPtrArray *lw_test_case_paths (const char *folder,
                               const char *prefix);

/* Adds a test for each case of cases/@folder (lw_test_case_paths()), at
 * @prefix/@folder/FILE: @bad for the cases named BAD-*, @good for the
 * others, each given the case's full path. */
void lw_test_add_cases (const char    *prefix,
                        const char    *folder,
                        GTestDataFunc  good,
                        GTestDataFunc  bad);

/* The case's expected standings: @path with .json replaced by
 * .expected.json. */
char *lw_test_expected_path (const char *path);

/* The whole of the file @path, as text or as bytes. */
char *lw_test_read_file (const char *path);
GBytes *lw_test_file_bytes (const char *path);

/* Makes at @path (a new file) a database of @n_games games of the shared
 * random cases (at least some 400 for 64 pages) with 64 bytes at the
 * start of its middle page overwritten, which SQLite's quick check finds:
 * a damaged file that still opens. */
void lw_test_make_damaged_database (const char *path,
                                    guint       n_games);

/* Overwrites 64 bytes at the start of the middle page of the database at
 * @path (of 64 pages at least; its write-ahead log checkpointed into it
 * first), which SQLite's quick check finds. */
void lw_test_damage_middle_page (const char *path);

/* How many pages the PDF file @path holds: its page objects, "/Type
 * /Page" (not "/Pages"); asserts that it reads and starts with %PDF. */
guint lw_test_count_pdf_pages (const char *path);

/* The game record in the file @path. */
LwGameRecord *lw_test_load_record (const char *path);

/* Whether @record's game is over (its standings say so). */
gboolean lw_test_is_finished (const LwGameRecord *record);

/* The first case of cases/random that matches: Little Wolf, at least
 * @min_rounds rounds, finished or not as asked. */
LwGameRecord *lw_test_find_case (guint    min_rounds,
                                 gboolean finished);

/* A game record, or one of its rounds, from JSON written with ' for "
 * to keep it readable in C. */
LwGameRecord *lw_test_record_from (const char *text);
LwRound *lw_test_round_from (const LwGameRecord *record,
                             const char         *text);

/* The JSON of a Little Wolf game of Ann, Ben and Cleo with @n_rounds
 * rounds nobody declared: the cards 11, 11, 11 in each or, with
 * @alternate, 10, 12, 11 and 12, 10, 11 by turns; a line break last. */
char *lw_test_undeclared_record_json (guint    n_rounds,
                                      gboolean alternate);

/* The parsed JSON @text (a copy of the root). */
JsonNode *lw_test_parse_json (const char *text);

/* A new event @title of @config (which must validate), with @n_players
 * players checked in, entrant i named "P" and the number @first + i
 * written with at least @digits digits (0 for no zeros in front): P00,
 * P01, … or P1, P2, …. */
LwEvent *lw_test_new_event (const char          *title,
                            const LwEventConfig *config,
                            guint                n_players,
                            guint                first,
                            int                  digits);

/* Appends a round to @event whose tables seat the entrants in @seats,
 * the event's table size a table, one table after another, @n_tables
 * tables numbered from 1. */
void lw_test_add_round (LwEvent   *event,
                        const int *seats,
                        guint      n_tables);

/* Pairs @event's next round (lw_event_pair_next_round()), asserted to
 * succeed; the round, owned by @event. */
LwEventRound *lw_test_pair_next_round (LwEvent *event);

/* A new event "Test" of @format at tables of @table_size, @n_rounds rounds
 * (0: the format's default), drawn with @seed, with @n_players players
 * checked in, named P00, P01, … (entrant i is P{i}). */
LwEvent *lw_test_make_event (LwEventFormat format,
                             guint         table_size,
                             guint         n_players,
                             guint         n_rounds,
                             guint64       seed);

/* A table the engine deals: how many players, and whether in partners. */
typedef struct {
  guint    players;
  gboolean partners;
} LwTestSetup;

/* Adds @test for every table the engine deals (2 to 8 players alone,
 * 4, 6 and 8 in partners), at @prefix/N or @prefix/N-partners, each given
 * its LwTestSetup (static, never freed). */
void lw_test_add_setups (const char    *prefix,
                         GTestDataFunc  test);

/* Adds @test once for each of the @n_rows rows of the table @rows, each
 * @row_size bytes and beginning with its name (a const char *), at
 * @prefix/NAME, each given its row (static, never freed): for the
 * table-driven tests. */
void lw_test_add_named_rows (const char    *prefix,
                             gconstpointer  rows,
                             guint          n_rows,
                             gsize          row_size,
                             GTestDataFunc  test);

/* Asserts that *@error is the error @domain, @code (as g_assert_error()),
 * then clears it for the next call. */
void lw_test_assert_error_clear (GError **error,
                                 GQuark   domain,
                                 gint     code);

/* The milliseconds since @start, a g_get_monotonic_time(): for the
 * benchmarks' reports. */
double lw_test_ms_since (gint64 start);

/* Sorts the @n timings of @values (n ≥ 1) from the fastest and returns
 * their median, values[n / 2]: for the benchmarks' reports. */
double lw_test_sort_median (double *values,
                            guint   n);

/* ------------------------------------------------------------------ */
/* Temporary folders and databases                                      */
/* ------------------------------------------------------------------ */

/* A new folder under the system's temporary folder, named after
 * @name_template (ending in XXXXXX). */
char *lw_test_make_tmp_dir (const char *name_template);

/* The same, named after the test program: lw-PROGRAM-XXXXXX. */
char *lw_test_make_program_dir (void);

/* Removes @path: a file, or a folder with everything in it. */
void lw_test_remove_tree (const char *path);

/* Runs the tests added (g_test_run()) with *@dir a new folder named
 * after @name_template (lw_test_make_tmp_dir()) for them to write in,
 * then removes the folder and frees *@dir (set to NULL); returns
 * g_test_run()'s status. */
int lw_test_run_in_tmp_dir (char       **dir,
                            const char  *name_template);

/* A fresh temporary folder holding the database file @path (not created
 * until a store or the CLI opens it), and the store open on it. */
typedef struct {
  char    *dir;
  char    *path;
  LwStore *store;
} LwTestDb;

/* GTestFixtureFunc for g_test_add (…, LwTestDb, …): a new folder named
 * after the test program, @path little-wolf.sqlite3 in it, @store open. */
void lw_test_db_set_up (LwTestDb      *db,
                        gconstpointer  data);

/* The same, with @store NULL and no file: for tests of littlewolf-cli. */
void lw_test_db_set_up_closed (LwTestDb      *db,
                               gconstpointer  data);

/* Closes the store, removes every file and the folder. */
void lw_test_db_tear_down (LwTestDb      *db,
                           gconstpointer  data);

/* A test run on an LwTestDb (a Fixture that is an LwTestDb). */
typedef void (*LwTestDbFunc) (LwTestDb      *db,
                              gconstpointer  data);

/* Adds the test @test at @path, run on a fresh LwTestDb:
 * lw_test_db_set_up() before (@store open), lw_test_db_tear_down() after. */
void lw_test_add_db (const char   *path,
                     LwTestDbFunc  test);

/* The same with lw_test_db_set_up_closed() (no store, no file): for tests
 * of littlewolf-cli. */
void lw_test_add_db_closed (const char   *path,
                            LwTestDbFunc  test);

/* Closes *@store, takes the database at @path back to version @version
 * with @drop_sql (SQL that drops what the later versions added, such as
 * LW_TEST_DROP_SCHEMA_6 of lw-test-schema-v1.h) and opens it again in
 * *@store: the open migrates it to this version, keeping a copy of it
 * (PATH.vVERSION.bak). Asserts that it opens. */
void lw_test_reopen_from_version (LwStore    **store,
                                  const char  *path,
                                  const char  *drop_sql,
                                  int          version);

/* The schema version this build writes: LW_STORE_SCHEMA_VERSION, written
 * out here so that a new version is a change the tests see. */
#define LW_TEST_SCHEMA_VERSION 24

/* Asserts that the database at @path is of LW_TEST_SCHEMA_VERSION and its
 * copy kept at @backup (lw_store_migration_backup_path()) of @from: the
 * open migrated it from @from and kept the old file. */
void lw_test_assert_migrated (const char *path,
                              const char *backup,
                              int         from);

/* Takes @db's database back to version @from (lw_test_reopen_from_version()
 * with @drop_sql, @db->store opened again: migrated) and asserts the
 * migration and its copy PATH.vFROM.bak (lw_test_assert_migrated()). */
void lw_test_migrate_from (LwTestDb   *db,
                           const char *drop_sql,
                           int         from);

/* A new Little Wolf rule set "Club nights": target 21, Little Wolf
 * fills only inside a Run, the rest Standard rules (not stored). */
LwRuleSet *lw_test_club_nights (void);

/* Stores a new Swiss event @name at tables of @table_size with @n_rounds
 * rounds (0: the format's default), @names (NULL-terminated, or NULL for
 * none) checked in, in order; its id (asserted > 0). Asserts that every
 * write succeeds. */
gint64 lw_test_add_swiss_event (LwStore           *store,
                                const char        *name,
                                guint              table_size,
                                guint              n_rounds,
                                const char *const *names);

/* The edit log of game @id (lw_store_list_edits()), asserted to read. */
GPtrArray *lw_test_list_edits (LwStore *store,
                               gint64   id);

/* A new Little Wolf game record of two players, @first and @second, with
 * no rounds and the rulings (lw_game_record_new()). */
LwGameRecord *lw_test_pair_record (const char *first,
                                   const char *second);

/* How many games @store lists (lw_store_list_games()), asserted to read. */
guint lw_test_count_games (LwStore *store);

/* Stores lw_test_pair_record (@first, @second); its id (asserted > 0). */
gint64 lw_test_add_pair_game (LwStore    *store,
                              const char *first,
                              const char *second);

/* Makes @store a club laptop (lw_store_club_join(): origin
 * LW_TEST_ROSTER_ORIGIN of a server that refuses every connection,
 * 127.0.0.1 port 1) holding the @n roster entries a pull gives
 * (lw_store_club_apply_roster()): entry i has UUID @uuids[i], name
 * @names[i], the laptop @laptops[i] that added it and change number
 * i + 1. Asserts that every write succeeds. */
#define LW_TEST_ROSTER_ORIGIN "8e14c1d0-1987-4045-a5de-af7960d234f1"
void lw_test_seed_roster (LwStore           *store,
                          guint              n,
                          const char *const *uuids,
                          const char *const *names,
                          const char *const *laptops);

/* The local player linked to roster entry @uuid
 * (lw_store_club_list_roster()), %NULL for none; asserts that @uuid is
 * on the roster, not merged. */
char *lw_test_roster_player (LwStore    *store,
                             const char *uuid);

/* ------------------------------------------------------------------ */
/* SQL on a connection of its own, as another program would have it     */
/* ------------------------------------------------------------------ */

/* Opens @path read-write (created if missing), waiting up to 5 s for a
 * lock other programs hold. */
sqlite3 *lw_test_sql_open (const char *path);

/* Runs @sql (any number of statements); stops the test program on an
 * error. */
void lw_test_sql_exec (sqlite3    *db,
                       const char *sql);

/* The first column of @sql's first row, which must be there; with
 * _with, ?1 and ?2 bound to @a and @b where @sql has them. */
gint64 lw_test_sql_int (sqlite3    *db,
                        const char *sql);
gint64 lw_test_sql_int_with (sqlite3    *db,
                             const char *sql,
                             gint64      a,
                             gint64      b);
char *lw_test_sql_text (sqlite3    *db,
                        const char *sql);

/* Appends every row @sql reads to @out as text, a line a row: each
 * column's text (NULL for a null) followed by "|". For comparing what a
 * database holds before and after; asserts that @sql prepares. */
void lw_test_sql_append_rows (sqlite3    *db,
                              const char *sql,
                              GString    *out);

/* The same on a connection opened (read-only for _int) and closed for
 * the one call. */
void lw_test_sql_exec_at (const char *path,
                          const char *sql);
gint64 lw_test_sql_int_at (const char *path,
                           const char *sql);

/* ------------------------------------------------------------------ */
/* littlewolf-cli as a separate process                                 */
/* ------------------------------------------------------------------ */

/* What a run printed and how it ended. */
typedef struct {
  int   status;   /* the exit status, or minus the signal that ended it */
  char *out;
  char *err;
} LwTestRun;

void lw_test_run_clear (LwTestRun *run);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LwTestRun, lw_test_run_clear)

/* Waits for @process (spawned with its stdout and stderr piped, and its
 * stdin too if @input is not NULL), writing @input to its standard input
 * and filling @run. */
void lw_test_run_finish (GSubprocess *process,
                         const char  *input,
                         LwTestRun   *run);

/* Runs `littlewolf-cli [--db @db] ARGS…` (@args NULL-terminated; no --db
 * if @db is NULL) with @input (or nothing) on standard input; the program
 * must exit rather than be killed. */
void lw_test_run_cli_argv (LwTestRun         *run,
                           const char        *db,
                           const char        *input,
                           const char *const *args);

/* The same with the arguments listed, NULL last. */
void lw_test_run_cli (LwTestRun  *run,
                      const char *db,
                      const char *input,
                      ...) G_GNUC_NULL_TERMINATED;

/* Asserts that @run, of `littlewolf-cli @what` (@what the command, or
 * NULL), exited 0 and wrote nothing on stderr; a run that exited
 * otherwise stops the test program with its status and stderr. */
void lw_test_assert_cli_ok (const LwTestRun *run,
                            const char      *what);

/* Runs `littlewolf-cli [--db @db] ARGS…` (@args NULL-terminated, nothing
 * on standard input), asserts lw_test_assert_cli_ok() and returns what it
 * printed on stdout (transfer full). */
char *lw_test_cli_ok_argv (const char        *db,
                           const char *const *args);

/* The same with the arguments listed, NULL last. */
char *lw_test_cli_ok (const char *db,
                      ...) G_GNUC_NULL_TERMINATED;

/* Runs `littlewolf-cli [--db @db] ARGS…` (@args NULL-terminated) as
 * lw_test_cli_ok_argv() and asserts that it printed @expected on stdout. */
void lw_test_assert_cli_prints_argv (const char        *db,
                                     const char        *expected,
                                     const char *const *args);

/* The same with the arguments listed, NULL last. */
void lw_test_assert_cli_prints (const char *db,
                                const char *expected,
                                ...) G_GNUC_NULL_TERMINATED;

/* docs/rules/CLI.md: the run failed with @status, printed nothing on stdout and one
 * line "littlewolf-cli: …" on stderr, holding @needle if not NULL. */
void lw_test_assert_cli_failed (const LwTestRun *run,
                                int              status,
                                const char      *needle);

/* `littlewolf-cli host` @options (NULL-terminated) on the database at
 * @path, with no pauses ("--pause 0 --hold 0"): the running process, and
 * in *@out its standard output to read lines from (transfer full both).
 * Asserts that it starts. */
GSubprocess *lw_test_spawn_cli_host (const char         *path,
                                     const char *const  *options,
                                     GDataInputStream  **out);

G_END_DECLS
