/* lw-test-util.c — what the test programs share (lw-test-util.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "lw-test-util.h"
#include "lw-store-events.h"

/* ------------------------------------------------------------------ */
/* The environment                                                      */
/* ------------------------------------------------------------------ */

const char *
lw_test_program (const char *variable)
{
  const char *path = g_getenv (variable);

  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
    g_error ("%s is not set or not a program (%s)", variable, path != NULL ? path : "unset");
  return path;
}

const char *
lw_test_cli_path (void)
{
  return lw_test_program ("LW_CLI");
}

const char *
lw_test_cases_dir (void)
{
  const char *dir = g_getenv ("LW_CASES_DIR");

  if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
    g_error ("LW_CASES_DIR is not set or not a folder (%s): the shared cases are missing"
             " (meson option cases_dir)", dir != NULL ? dir : "unset");
  return dir;
}

/* ------------------------------------------------------------------ */
/* Files and the shared cases                                           */
/* ------------------------------------------------------------------ */

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
lw_test_case_paths (const char *folder,
                    const char *prefix)
{
  g_autofree char *path = g_build_filename (lw_test_cases_dir (), folder, NULL);
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = g_dir_open (path, 0, &error);
  const char *name;

  if (dir == NULL)
    g_error ("cannot read the shared cases: %s", error->message);

  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, prefix)
        && g_str_has_suffix (name, ".json")
        && !g_str_has_suffix (name, ".expected.json"))
      g_ptr_array_add (paths, g_build_filename (path, name, NULL));

  if (paths->len == 0)
    g_error ("no cases %s*.json in %s", prefix, path);
  g_ptr_array_sort (paths, compare_strings);
  return g_steal_pointer (&paths);
}

void
lw_test_add_cases (const char    *prefix,
                   const char    *folder,
                   GTestDataFunc  good,
                   GTestDataFunc  bad)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths (folder, "");

  for (guint i = 0; i < paths->len; i++)
    {
      char *path = g_strdup (g_ptr_array_index (paths, i));
      g_autofree char *file = g_path_get_basename (path);
      g_autofree char *test_path = g_strdup_printf ("%s/%s/%s", prefix, folder, file);

      g_test_add_data_func_full (test_path, path, g_str_has_prefix (file, "BAD-") ? bad : good,
                                 g_free);
    }
}

char *
lw_test_expected_path (const char *path)
{
  g_autofree char *stem = g_strndup (path, strlen (path) - strlen (".json"));

  return g_strconcat (stem, ".expected.json", NULL);
}

char *
lw_test_read_file (const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&contents);
}

GBytes *
lw_test_file_bytes (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (g_steal_pointer (&contents), length);
}

LwGameRecord *
lw_test_load_record (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr (GError) error = NULL;
  LwGameRecord *record;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  record = lw_game_record_from_json (contents, (gssize) length, &error);
  g_assert_no_error (error);
  g_assert_nonnull (record);
  return record;
}

gboolean
lw_test_is_finished (const LwGameRecord *record)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStandings) standings = lw_standings_compute (record, &error);

  g_assert_no_error (error);
  return standings->finished;
}

LwGameRecord *
lw_test_find_case (guint    min_rounds,
                   gboolean finished)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths ("random", "");

  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr (LwGameRecord) record = lw_test_load_record (g_ptr_array_index (paths, i));

      if (record->ruleset == LW_RULESET_LITTLE_WOLF
          && record->rounds->len >= min_rounds
          && lw_test_is_finished (record) == finished)
        return g_steal_pointer (&record);
    }
  g_error ("no random case with %u rounds, finished=%d", min_rounds, finished);
}

LwGameRecord *
lw_test_record_from (const char *text)
{
  g_autofree char *json = g_strdelimit (g_strdup (text), "'", '"');
  g_autoptr (GError) error = NULL;
  LwGameRecord *record = lw_game_record_from_json (json, -1, &error);

  g_assert_no_error (error);
  return record;
}

LwRound *
lw_test_round_from (const LwGameRecord *record,
                    const char         *text)
{
  g_autofree char *json = g_strdelimit (g_strdup (text), "'", '"');
  g_autoptr (GError) error = NULL;
  LwRound *round = lw_round_from_json (record, json, -1, 1, &error);

  g_assert_no_error (error);
  return round;
}

char *
lw_test_undeclared_record_json (guint    n_rounds,
                                gboolean alternate)
{
  GString *json = g_string_new ("{\"format\": \"little-wolf/game\", \"version\": 1,"
                                " \"players\": [\"Ann\", \"Ben\", \"Cleo\"], \"rounds\": [");

  for (guint i = 0; i < n_rounds; i++)
    {
      int first = !alternate ? 11 : i % 2 ? 12 : 10;

      g_string_append_printf (json, "%s{\"declarer\": null, \"cards\": [%d, %d, 11]}",
                              i > 0 ? ", " : "", first, 22 - first);
    }
  g_string_append (json, "]}\n");
  return g_string_free (json, FALSE);
}

JsonNode *
lw_test_parse_json (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (json_parser_get_root (parser));
  return json_node_copy (json_parser_get_root (parser));
}

LwEvent *
lw_test_new_event (const char          *title,
                   const LwEventConfig *config,
                   guint                n_players,
                   guint                first,
                   int                  digits)
{
  LwEvent *event;

  g_assert_true (lw_event_config_validate (config, NULL));
  event = lw_event_new (title, config);
  for (guint i = 0; i < n_players; i++)
    {
      g_autofree char *name = g_strdup_printf ("P%0*u", digits, first + i);
      g_assert_cmpint (lw_event_add_entrant (event, name, LW_ENTRANT_CHECKED_IN, NULL), ==, (int) i);
    }
  return event;
}

void
lw_test_add_round (LwEvent   *event,
                   const int *seats,
                   guint      n_tables)
{
  LwEventRound *round = lw_event_round_new (event->rounds->len + 1);

  for (guint k = 0; k < n_tables; k++)
    {
      LwEventTable table = { 0, };

      table.number = k + 1;
      table.n_seats = event->config.table_size;
      memcpy (table.entrants, seats + k * table.n_seats, sizeof (int) * table.n_seats);
      g_array_append_val (round->tables, table);
    }
  g_ptr_array_add (event->rounds, round);
}

LwEventRound *
lw_test_pair_next_round (LwEvent *event)
{
  g_autoptr (GError) error = NULL;
  LwEventRound *round = lw_event_pair_next_round (event, &error);

  g_assert_no_error (error);
  return round;
}

LwEvent *
lw_test_make_event (LwEventFormat format,
                    guint         table_size,
                    guint         n_players,
                    guint         n_rounds,
                    guint64       seed)
{
  LwEventConfig config;

  lw_event_config_init (&config, format, table_size);
  config.n_rounds = n_rounds;
  config.seed = seed;
  return lw_test_new_event ("Test", &config, n_players, 0, 2);
}

void
lw_test_add_setups (const char    *prefix,
                    GTestDataFunc  test)
{
  static const LwTestSetup setups[] = {
    { 2, FALSE }, { 3, FALSE }, { 4, FALSE }, { 5, FALSE }, { 6, FALSE }, { 7, FALSE },
    { 8, FALSE }, { 4, TRUE }, { 6, TRUE }, { 8, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%u%s", prefix, setups[i].players,
                                               setups[i].partners ? "-partners" : "");
      g_test_add_data_func (path, &setups[i], test);
    }
}

guint
lw_test_count_pdf_pages (const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GRegex) regex = g_regex_new ("/Type\\s*/Page[^s]", G_REGEX_RAW, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  gsize length;
  guint n = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 4);
  g_assert_true (g_str_has_prefix (contents, "%PDF"));
  g_regex_match_full (regex, contents, (gssize) length, 0, 0, &match, NULL);
  while (g_match_info_matches (match))
    {
      n++;
      g_match_info_next (match, NULL);
    }
  return n;
}

void
lw_test_add_named_rows (const char    *prefix,
                        gconstpointer  rows,
                        guint          n_rows,
                        gsize          row_size,
                        GTestDataFunc  test)
{
  for (guint i = 0; i < n_rows; i++)
    {
      gconstpointer row = (const char *) rows + i * row_size;
      const char *name = *(const char *const *) row;
      g_autofree char *path = g_strdup_printf ("%s/%s", prefix, name);

      g_test_add_data_func (path, row, test);
    }
}

void
lw_test_assert_error_clear (GError **error,
                            GQuark   domain,
                            gint     code)
{
  g_assert_nonnull (error);
  g_assert_error (*error, domain, code);
  g_clear_error (error);
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

double
lw_test_ms_since (gint64 start)
{
  return (double) (g_get_monotonic_time () - start) / 1000.0;
}

double
lw_test_sort_median (double *values,
                     guint   n)
{
  g_assert_cmpuint (n, >, 0);
  qsort (values, n, sizeof *values, compare_doubles);
  return values[n / 2];
}

/* ------------------------------------------------------------------ */
/* Temporary folders and databases                                      */
/* ------------------------------------------------------------------ */

char *
lw_test_make_tmp_dir (const char *name_template)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp (name_template, &error);

  g_assert_no_error (error);
  return dir;
}

void
lw_test_remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          lw_test_remove_tree (child);
        }
    }
  g_remove (path);
}

int
lw_test_run_in_tmp_dir (char       **dir,
                        const char  *name_template)
{
  int status;

  *dir = lw_test_make_tmp_dir (name_template);
  status = g_test_run ();
  lw_test_remove_tree (*dir);
  g_clear_pointer (dir, g_free);
  return status;
}

char *
lw_test_make_program_dir (void)
{
  g_autofree char *program = g_path_get_basename (g_get_prgname ());
  g_autofree char *name_template = g_strdup_printf ("lw-%s-XXXXXX", program);

  return lw_test_make_tmp_dir (name_template);
}

void
lw_test_db_set_up_closed (LwTestDb      *db,
                          gconstpointer  data)
{
  db->dir = lw_test_make_program_dir ();
  db->path = g_build_filename (db->dir, "little-wolf.sqlite3", NULL);
  db->store = NULL;
}

void
lw_test_db_set_up (LwTestDb      *db,
                   gconstpointer  data)
{
  g_autoptr (GError) error = NULL;

  lw_test_db_set_up_closed (db, data);
  db->store = lw_store_open (db->path, &error);
  g_assert_no_error (error);
  g_assert_true (LW_IS_STORE (db->store));
}

void
lw_test_db_tear_down (LwTestDb      *db,
                      gconstpointer  data)
{
  g_clear_object (&db->store);
  lw_test_remove_tree (db->dir);
  g_clear_pointer (&db->path, g_free);
  g_clear_pointer (&db->dir, g_free);
}

void
lw_test_reopen_from_version (LwStore    **store,
                             const char  *path,
                             const char  *drop_sql,
                             int          version)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *sql = g_strdup_printf ("%sPRAGMA user_version = %d;", drop_sql, version);

  g_clear_object (store);
  lw_test_sql_exec_at (path, sql);
  *store = lw_store_open (path, &error);
  g_assert_no_error (error);
}

void
lw_test_assert_migrated (const char *path,
                         const char *backup,
                         int         from)
{
  g_assert_cmpint (lw_test_sql_int_at (path, "PRAGMA user_version"), ==, LW_TEST_SCHEMA_VERSION);
  g_assert_cmpint (lw_test_sql_int_at (backup, "PRAGMA user_version"), ==, from);
}

void
lw_test_migrate_from (LwTestDb   *db,
                      const char *drop_sql,
                      int         from)
{
  g_autofree char *backup = lw_store_migration_backup_path (db->path, from);

  lw_test_reopen_from_version (&db->store, db->path, drop_sql, from);
  lw_test_assert_migrated (db->path, backup, from);
}

LwRuleSet *
lw_test_club_nights (void)
{
  LwRuleSet *club = lw_rule_set_new_standard (LW_RULESET_LITTLE_WOLF);

  club->name = g_strdup ("Club nights");
  club->target = 21;
  club->run_fill = LW_RUN_FILL_INSIDE_ONLY;
  return club;
}

gint64
lw_test_add_swiss_event (LwStore           *store,
                         const char        *name,
                         guint              table_size,
                         guint              n_rounds,
                         const char *const *names)
{
  g_autoptr (GError) error = NULL;
  LwEventConfig config;
  gint64 id;

  lw_event_config_init (&config, LW_EVENT_SWISS, table_size);
  config.n_rounds = n_rounds;
  id = lw_store_add_event (store, name, &config, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  if (names != NULL)
    {
      g_assert_true (lw_store_add_event_entrants (store, id, names, LW_ENTRANT_CHECKED_IN, &error));
      g_assert_no_error (error);
    }
  return id;
}

GPtrArray *
lw_test_list_edits (LwStore *store,
                    gint64   id)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *entries = lw_store_list_edits (store, id, &error);

  g_assert_no_error (error);
  g_assert_nonnull (entries);
  return entries;
}

LwGameRecord *
lw_test_pair_record (const char *first,
                     const char *second)
{
  const char *names[] = { first, second };

  return lw_game_record_new (LW_RULESET_LITTLE_WOLF, 2, names);
}

guint
lw_test_count_games (LwStore *store)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = lw_store_list_games (store, &error);

  g_assert_no_error (error);
  g_assert_nonnull (games);
  return games->len;
}

gint64
lw_test_add_pair_game (LwStore    *store,
                       const char *first,
                       const char *second)
{
  g_autoptr (LwGameRecord) record = lw_test_pair_record (first, second);
  g_autoptr (GError) error = NULL;
  gint64 id = lw_store_add_game (store, record, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

void
lw_test_add_db (const char   *path,
                LwTestDbFunc  test)
{
  g_test_add (path, LwTestDb, NULL, lw_test_db_set_up, test, lw_test_db_tear_down);
}

void
lw_test_add_db_closed (const char   *path,
                       LwTestDbFunc  test)
{
  g_test_add (path, LwTestDb, NULL, lw_test_db_set_up_closed, test, lw_test_db_tear_down);
}

/* ------------------------------------------------------------------ */
/* SQL on a connection of its own                                       */
/* ------------------------------------------------------------------ */

sqlite3 *
lw_test_sql_open (const char *path)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL),
                   ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 5000);
  return db;
}

void
lw_test_sql_exec (sqlite3    *db,
                  const char *sql)
{
  char *message = NULL;

  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
}

gint64
lw_test_sql_int_with (sqlite3    *db,
                      const char *sql,
                      gint64      a,
                      gint64      b)
{
  sqlite3_stmt *stmt = NULL;
  gint64 value;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_bind_parameter_count (stmt) >= 1)
    sqlite3_bind_int64 (stmt, 1, a);
  if (sqlite3_bind_parameter_count (stmt) >= 2)
    sqlite3_bind_int64 (stmt, 2, b);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

gint64
lw_test_sql_int (sqlite3    *db,
                 const char *sql)
{
  return lw_test_sql_int_with (db, sql, 0, 0);
}

char *
lw_test_sql_text (sqlite3    *db,
                  const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  char *value;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return value;
}

void
lw_test_sql_append_rows (sqlite3    *db,
                         const char *sql,
                         GString    *out)
{
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      for (int c = 0; c < sqlite3_column_count (stmt); c++)
        {
          const char *text = (const char *) sqlite3_column_text (stmt, c);

          g_string_append_printf (out, "%s|", text != NULL ? text : "NULL");
        }
      g_string_append_c (out, '\n');
    }
  sqlite3_finalize (stmt);
}

void
lw_test_sql_exec_at (const char *path,
                     const char *sql)
{
  sqlite3 *db = NULL;
  char *message = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", path, message);
  sqlite3_close (db);
}

gint64
lw_test_sql_int_at (const char *path,
                    const char *sql)
{
  sqlite3 *db = NULL;
  gint64 value;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  value = lw_test_sql_int (db, sql);
  sqlite3_close (db);
  return value;
}

/* ------------------------------------------------------------------ */
/* littlewolf-cli as a separate process                                 */
/* ------------------------------------------------------------------ */

void
lw_test_run_clear (LwTestRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

void
lw_test_run_finish (GSubprocess *process,
                    const char  *input,
                    LwTestRun   *run)
{
  g_autoptr (GError) error = NULL;

  g_subprocess_communicate_utf8 (process, input, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_subprocess_wait (process, NULL, &error);
  g_assert_no_error (error);
  run->status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process)
                                                     : -g_subprocess_get_term_sig (process);
}

void
lw_test_run_cli_argv (LwTestRun         *run,
                      const char        *db,
                      const char        *input,
                      const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) lw_test_cli_path ());
  if (db != NULL)
    {
      g_ptr_array_add (argv, (gpointer) "--db");
      g_ptr_array_add (argv, (gpointer) db);
    }
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_newv ((const char *const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDIN_PIPE
                               | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                               | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                               &error);
  g_assert_no_error (error);
  lw_test_run_finish (process, input != NULL ? input : "", run);
  g_assert_true (g_subprocess_get_if_exited (process));
}

/* The arguments of @list up to its NULL, NULL-terminated (the strings
 * not copied). */
static GPtrArray *
args_of_list (va_list list)
{
  GPtrArray *args = g_ptr_array_new ();
  const char *arg;

  while ((arg = va_arg (list, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  g_ptr_array_add (args, NULL);
  return args;
}

void
lw_test_run_cli (LwTestRun  *run,
                 const char *db,
                 const char *input,
                 ...)
{
  g_autoptr (GPtrArray) args = NULL;
  va_list list;

  va_start (list, input);
  args = args_of_list (list);
  va_end (list);
  lw_test_run_cli_argv (run, db, input, (const char *const *) args->pdata);
}

void
lw_test_assert_cli_ok (const LwTestRun *run,
                       const char      *what)
{
  if (run->status != 0)
    g_error ("littlewolf-cli%s%s: exited %d: %s", what != NULL ? " " : "", what != NULL ? what : "",
             run->status, run->err);
  g_assert_cmpstr (run->err, ==, "");
}

char *
lw_test_cli_ok_argv (const char        *db,
                     const char *const *args)
{
  g_auto (LwTestRun) run = { 0, };

  lw_test_run_cli_argv (&run, db, NULL, args);
  lw_test_assert_cli_ok (&run, args[0]);
  return g_steal_pointer (&run.out);
}

/* lw_test_cli_ok_argv() of the arguments of @list up to its NULL. */
static char *
cli_ok_list (const char *db,
             va_list     list)
{
  g_autoptr (GPtrArray) args = args_of_list (list);

  return lw_test_cli_ok_argv (db, (const char *const *) args->pdata);
}

char *
lw_test_cli_ok (const char *db,
                ...)
{
  va_list list;
  char *out;

  va_start (list, db);
  out = cli_ok_list (db, list);
  va_end (list);
  return out;
}

void
lw_test_assert_cli_prints_argv (const char        *db,
                                const char        *expected,
                                const char *const *args)
{
  g_autofree char *out = lw_test_cli_ok_argv (db, args);

  g_assert_cmpstr (out, ==, expected);
}

void
lw_test_assert_cli_prints (const char *db,
                           const char *expected,
                           ...)
{
  g_autofree char *out = NULL;
  va_list list;

  va_start (list, expected);
  out = cli_ok_list (db, list);
  va_end (list);
  g_assert_cmpstr (out, ==, expected);
}

void
lw_test_assert_cli_failed (const LwTestRun *run,
                           int              status,
                           const char      *needle)
{
  const char *newline = strchr (run->err, '\n');

  g_assert_cmpint (run->status, ==, status);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_true (g_str_has_prefix (run->err, "littlewolf-cli: "));
  g_assert_cmpuint (strlen (run->err), >, strlen ("littlewolf-cli: ") + 1);
  g_assert_nonnull (newline);
  g_assert_cmpint (newline[1], ==, '\0');                    /* one line */
  if (needle != NULL && strstr (run->err, needle) == NULL)
    g_error ("stderr \"%s\" lacks \"%s\"", run->err, needle);
}

LwSuit
lw_test_trump_of (const char *t)
{
  if (strcmp (t, "NT") == 0)
    return LW_NO_TRUMP;
  return (LwSuit) (strchr ("SHDC", t[0]) - "SHDC");
}

/* Cards from @text, ids given out from @used (one table's). */
static guint
read_cards (const char *text,
            guint8     *used,
            LwCard     *cards)
{
  LwCardToken tokens[LW_MAX_HAND];
  g_autoptr (GError) error = NULL;
  guint n = 0;

  g_assert_true (lw_card_tokens_parse (text, tokens, LW_MAX_HAND, &n, &error));
  g_assert_true (lw_card_tokens_to_cards (tokens, n, used, cards, &error));
  g_assert_no_error (error);
  return n;
}

LwTable *
lw_test_whole_trick_position (const LwHouseRules *rules)
{
  static const char *const hands[4] = { "KD QC", "AD 2C", "QD 5D", "JS JC 4S 4C" };
  static const char *const current[3] = { "9H 9S", "10S 10D", "2H 3H" };
  guint8 used[LW_N_FACES] = { 0 }, used_revealed[LW_N_FACES] = { 0 };
  LwCard cards[LW_MAX_SEATS][LW_MAX_HAND];
  g_autoptr (GArray) tricks = g_array_new (FALSE, TRUE, sizeof (LwTrick));
  LwObservation obs;

  memset (&obs, 0, sizeof obs);
  obs.n_players = 4;
  obs.dealer = 3;
  obs.declarer = 0;
  obs.phase = LW_PHASE_PLAY;
  obs.turn = obs.seat = 3;
  /* The turned-up Pup, counted apart: it went back among the cards. */
  read_cards ("7H", used_revealed, &obs.revealed);
  obs.trump = lw_card_suit (obs.revealed);
  for (guint s = 0; s < 4; s++)
    obs.hand_sizes[s] = read_cards (hands[s], used, cards[s]);
  obs.n_hand = obs.hand_sizes[3];
  memcpy (obs.hand, cards[3], obs.n_hand);
  obs.n_current = 3;
  for (guint k = 0; k < 3; k++)
    {
      LwCard play[LW_MAX_PLAY];
      guint n = read_cards (current[k], used, play);

      lw_play_set (&obs.current[k], play, n);
    }
  obs.has_lead = TRUE;
  g_assert_true (lw_lead_classify (&obs.current[0], obs.trump, NULL, &obs.lead, NULL));
  obs.tricks = tricks;
  /* Five cards each played before this trick (9 dealt to four seats,
   * SCORING R1): 20 taken, so that the round played out from here is one
   * the scoring engine accepts (Hard's and Expert's playouts score it). */
  obs.taken[0] = 8;
  obs.taken[1] = obs.taken[2] = obs.taken[3] = 4;
  return lw_table_new_from_observation (&obs, (const LwCard (*)[LW_MAX_HAND]) cards, rules);
}

void
lw_test_read_play (const char *text,
                   guint8     *used,
                   LwPlay     *play)
{
  LwCardToken tokens[LW_MAX_HAND];
  guint n = 0;
  g_autoptr (GError) error = NULL;

  g_assert_true (lw_card_tokens_parse (text, tokens, G_N_ELEMENTS (tokens), &n, &error));
  g_assert_no_error (error);
  g_assert_true (lw_play_from_tokens (play, tokens, n, used, &error));
  g_assert_no_error (error);
}

void
lw_test_seed_roster (LwStore           *store,
                     guint              n,
                     const char *const *uuids,
                     const char *const *names,
                     const char *const *laptops)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries =
    g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_roster_entry_free);

  g_assert_true (lw_store_club_join (store, "host=127.0.0.1 port=1 dbname=club user=lw_origin_test",
                                     LW_TEST_ROSTER_ORIGIN, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      LwClubRosterEntry *entry = g_new0 (LwClubRosterEntry, 1);

      entry->uuid = g_strdup (uuids[i]);
      entry->name = g_strdup (names[i]);
      entry->origin_name = g_strdup (laptops[i]);
      entry->seq = i + 1;
      g_ptr_array_add (entries, entry);
    }
  g_assert_true (lw_store_club_apply_roster (store, entries, n, &error));
  g_assert_no_error (error);
}

char *
lw_test_roster_player (LwStore    *store,
                       const char *uuid)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) roster = lw_store_club_list_roster (store, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < roster->len; i++)
    {
      const LwClubRosterEntry *entry = g_ptr_array_index (roster, i);

      if (g_str_equal (entry->uuid, uuid))
        return g_strdup (entry->player);
    }
  g_error ("roster entry %s is not on the roster", uuid);
}

GSubprocess *
lw_test_spawn_cli_host (const char         *path,
                        const char *const  *options,
                        GDataInputStream  **out)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  GSubprocess *process;

  g_ptr_array_add (argv, (gpointer) lw_test_cli_path ());
  g_ptr_array_add (argv, (gpointer) "host");
  for (guint k = 0; options[k] != NULL; k++)
    g_ptr_array_add (argv, (gpointer) options[k]);
  g_ptr_array_add (argv, (gpointer) "--pause");
  g_ptr_array_add (argv, (gpointer) "0");
  g_ptr_array_add (argv, (gpointer) "--hold");
  g_ptr_array_add (argv, (gpointer) "0");
  g_ptr_array_add (argv, (gpointer) "--database");
  g_ptr_array_add (argv, (gpointer) path);
  g_ptr_array_add (argv, NULL);
  process = g_subprocess_newv ((const char *const *) argv->pdata, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  *out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));
  return process;
}

/* A database of many games with 64 bytes at the start of its middle page
 * overwritten (the page's header: SQLite's quick check finds it). */
void
lw_test_make_damaged_database (const char *path,
                               guint       n_games)
{
  g_autoptr (GPtrArray) cases = lw_test_case_paths ("random", "game-");
  g_autoptr (GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_game_record_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ids = NULL;

  {
    g_autoptr (LwStore) store = lw_store_open (path, &error);

    g_assert_no_error (error);
    for (guint i = 0; i < n_games; i++)
      g_ptr_array_add (records, lw_test_load_record (g_ptr_array_index (cases, i % cases->len)));
    ids = lw_store_add_games (store, records, &error);
    g_assert_no_error (error);
  }
  lw_test_damage_middle_page (path);
}

void
lw_test_damage_middle_page (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autofree guint8 *data = NULL;
  gsize size, page_size, offset;

  /* Everything in the file itself (still in WAL mode, as the store keeps
   * it), nothing in the write-ahead log. */
  lw_test_sql_exec_at (path, "PRAGMA wal_checkpoint (TRUNCATE);");
  page_size = (gsize) lw_test_sql_int_at (path, "PRAGMA page_size");

  bytes = lw_test_file_bytes (path);
  size = g_bytes_get_size (bytes);
  g_assert_cmpuint (size, >, 64 * page_size);
  data = g_memdup2 (g_bytes_get_data (bytes, NULL), size);
  offset = (size / page_size / 2) * page_size;
  memset (data + offset, 0, 64);
  g_assert_true (g_file_set_contents (path, (const char *) data, (gssize) size, &error));
  g_assert_no_error (error);
}
