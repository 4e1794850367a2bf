/* test-cli-player.c — players as people, through littlewolf-cli (LW_CLI)
 * and the store: the list, rename, merge (and its undo), delete; the
 * ratings after a merge are those of the games entered under one name
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gstdio.h>

#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-store-players.h"
#include "lw-test-util.h"

/* Imports the shared case @name with its players renamed to @players,
 * as the record @id (the same game in every database). */
static void
import_as (const char        *db,
           const char        *name,
           const char        *id,
           const char *const *players)
{
  g_autofree char *path = g_build_filename (lw_test_cases_dir (), "random", name, NULL);
  g_autofree char *json = NULL;
  g_autofree char *renamed = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (LwTestRun) run = { 0, };

  g_assert_true (g_file_get_contents (path, &json, NULL, &error));
  record = lw_game_record_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length ((char **) players), ==, record->n_players);
  for (guint s = 0; s < record->n_players; s++)
    {
      g_free (record->players[s]);
      record->players[s] = g_strdup (players[s]);
    }
  g_free (record->id);
  record->id = g_strdup (id);
  renamed = lw_game_record_to_json (record);
  lw_test_run_cli (&run, db, renamed, "import", "-", NULL);
  g_assert_cmpint (run.status, ==, 0);
}

/* Three games and a one-round event with paper results; the second
 * player is @second in every game and event entry but the first game. */
static void
fill (const char *db,
      const char *second)
{
  const char *a[] = { "Ann", "Ben", "Cleo", "Dev", NULL };
  const char *b[] = { "Ben", second, "Cleo", NULL };
  const char *c[] = { "Dev", second, "Ben", NULL };
  g_autofree char *id = NULL;
  g_autofree char *seating = NULL;

  /* Ratings order games and paper results by the second they were played
   * (created, paired), then by the record's ID (a paper result's after
   * every game's): the same in both databases, however the seconds fall. */
  import_as (db, "game-1001-0000.json", "1b0e4a7c-2d3f-4e5a-8b6c-7d8e9f0a1b2c", a);
  import_as (db, "game-1001-0003.json", "2c1f5b8d-3e4a-4f6b-9c7d-8e9f0a1b2c3d", b);
  import_as (db, "game-1001-0005.json", "3d2a6c9e-4f5b-4a7c-8d8e-9f0a1b2c3d4e", c);
  id = lw_test_cli_ok (db, "event", "new", "--name", "Club", "--format", "swiss", "--table-size", "2",
                       "--rounds", "1", "--seed", "7", NULL);
  g_strchomp (id);
  g_free (lw_test_cli_ok (db, "event", "add", id, second, "Ben", "Cleo", "Dev", NULL));
  seating = lw_test_cli_ok (db, "event", "pair", id, NULL);
  g_free (lw_test_cli_ok (db, "event", "result", id, "--table", "1", "--scores", "30,12", NULL));
  g_free (lw_test_cli_ok (db, "event", "result", id, "--table", "2", "--scores", "8,30", NULL));
}

/* GTestFixtureFunc: lw_test_db_set_up_closed(), then the database filled
 * (fill()) with "Anne" for the second player. */
static void
set_up_filled (LwTestDb      *db,
               gconstpointer  data)
{
  lw_test_db_set_up_closed (db, data);
  fill (db->path, "Anne");
}

/* Adds @test at @path, run on a database set_up_filled() fills. */
static void
add_filled (const char   *path,
            LwTestDbFunc  test)
{
  g_test_add (path, LwTestDb, NULL, set_up_filled, test, lw_test_db_tear_down);
}

/* What `littlewolf-cli ARGS…` (@args NULL-terminated) prints on the
 * database @merged, asserted to be what it prints on @one (transfer
 * full). */
static char *
same_on_both (const char        *merged,
              const char        *one,
              const char *const *args)
{
  g_autofree char *on_one = lw_test_cli_ok_argv (one, args);
  char *on_merged = lw_test_cli_ok_argv (merged, args);

  g_assert_cmpstr (on_merged, ==, on_one);
  return on_merged;
}

/* Ratings after "Anne" merged into "Ann" are those of the games entered
 * under "Ann" from the start, byte for byte. */
static void
test_merge_ratings (void)
{
  g_autofree char *dir = lw_test_make_tmp_dir ("lw-cli-player-XXXXXX");
  g_autofree char *merged = g_build_filename (dir, "merged.sqlite3", NULL);
  g_autofree char *one = g_build_filename (dir, "one.sqlite3", NULL);
  g_autofree char *before = NULL;
  g_autofree char *line = NULL;
  g_autofree char *ratings = NULL;
  g_autofree char *list = NULL;

  fill (merged, "Anne");
  fill (one, "Ann");

  before = lw_test_cli_ok (merged, "ratings", "--json", NULL);
  line = lw_test_cli_ok (merged, "player", "merge", "Anne", "Ann", NULL);
  g_assert_cmpstr (line, ==, "Ann\t3\t1\n");

  ratings = same_on_both (merged, one, (const char *const[]) { "ratings", "--json", NULL });
  g_assert_cmpstr (ratings, !=, before);
  g_free (same_on_both (merged, one, (const char *const[]) { "event", "standings", "1", "--json", NULL }));
  for (guint g = 1; g <= 3; g++)
    {
      g_autofree char *id = g_strdup_printf ("%u", g);

      g_free (same_on_both (merged, one, (const char *const[]) { "show", id, NULL }));
    }
  list = same_on_both (merged, one, (const char *const[]) { "player", "list", NULL });
  g_assert_cmpstr (list, ==, "Ann\t3\t1\nBen\t3\t1\nCleo\t2\t1\nDev\t2\t1\n");

  lw_test_remove_tree (dir);
}

/* The CLI's refusals (docs/rules/CLI.md: one stderr line, nothing on stdout, the
 * database unchanged), rename, delete. */
static void
test_cli (LwTestDb      *fixture,
          gconstpointer  data)
{
  const char *db = fixture->path;
  g_autofree char *list = lw_test_cli_ok (db, "player", "list", NULL);
  g_autofree char *out = NULL;
  struct {
    const char *args[4];
    int status;
    const char *message;
  } refused[] = {
    { { "merge", "Anne", "Ben" }, 2, "“Anne” and “Ben” both play in game 2" },
    { { "merge", "Ann", "Ann" }, 2, "cannot be merged into itself" },
    { { "merge", "Nobody", "Ann" }, 1, "no player named “Nobody”" },
    { { "rename", "Anne", "Ben" }, 2, "a player named “Ben” exists already: merge the two instead" },
    { { "rename", "Anne", "A\tB" }, 2, "the new name" },
    { { "rename", "Zed", "Zoe" }, 1, "no player named “Zed”" },
    { { "delete", "Ann" }, 2, "“Ann” has 1 game and 0 events: rename or merge the player instead" },
    { { "delete", "Anne" }, 2, "“Anne” has 2 games and 1 event" },
    { { "frobnicate" }, 2, "unknown subcommand" },
    { { "rename", "Ann" }, 2, "the old name and the new one are needed" },
  };

  g_assert_cmpstr (list, ==, "Ann\t1\t0\nAnne\t2\t1\nBen\t3\t1\nCleo\t2\t1\nDev\t2\t1\n");

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_auto (LwTestRun) run = { 0, };
      g_autofree char *after = NULL;

      lw_test_run_cli (&run, db, NULL, "player", refused[i].args[0], refused[i].args[1],
                       refused[i].args[2], NULL);
      lw_test_assert_cli_failed (&run, refused[i].status, refused[i].message);
      after = lw_test_cli_ok (db, "player", "list", NULL);
      g_assert_cmpstr (after, ==, list);
    }

  /* A rename is everywhere: the games, the event. */
  lw_test_assert_cli_prints (db, "Anna Lee\t2\t1\n", "player", "rename", "Anne", "  Anna Lee ", NULL);
  out = lw_test_cli_ok (db, "games", NULL);
  g_assert_nonnull (strstr (out, "Anna Lee"));
  g_assert_null (strstr (out, "Anne"));
  g_clear_pointer (&out, g_free);
  out = lw_test_cli_ok (db, "event", "standings", "1", NULL);
  g_assert_nonnull (strstr (out, "\tAnna Lee\t"));
  g_clear_pointer (&out, g_free);

  /* A name typed into an event that is deleted stays in the list, with
   * no games, and can be deleted; it is not offered as a name. */
  g_free (lw_test_cli_ok (db, "event", "new", "--name", "Gone", "--format", "swiss", "--table-size", "2", NULL));
  g_free (lw_test_cli_ok (db, "event", "add", "2", "Annn", NULL));
  g_free (lw_test_cli_ok (db, "event", "delete", "2", NULL));
  out = lw_test_cli_ok (db, "player", "list", NULL);
  g_assert_nonnull (strstr (out, "\nAnnn\t0\t0\n"));
  g_clear_pointer (&out, g_free);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (LwStore) store = lw_store_open (db, &error);
    g_auto (GStrv) names = NULL;
    g_autofree char *joined = NULL;

    g_assert_no_error (error);
    names = lw_store_list_player_names (store, &error);
    g_assert_no_error (error);
    joined = g_strjoinv (",", names);
    g_assert_cmpstr (joined, ==, "Ann,Anna Lee,Ben,Cleo,Dev");
  }
  lw_test_assert_cli_prints (db, "", "player", "delete", "Annn", NULL);
  lw_test_assert_cli_prints (db, "Ann\t1\t0\nAnna Lee\t2\t1\nBen\t3\t1\nCleo\t2\t1\nDev\t2\t1\n",
                             "player", "list", NULL);
}

/* A merge split back: the player, the games and the event as before. */
static void
test_unmerge (LwTestDb      *fixture,
              gconstpointer  data)
{
  const char *db = fixture->path;
  g_autofree char *list = lw_test_cli_ok (db, "player", "list", NULL);
  g_autofree char *ratings = lw_test_cli_ok (db, "ratings", "--json", NULL);
  g_autoptr (LwStore) store = NULL;
  g_autoptr (LwPlayerMerge) merge = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) players = NULL;

  store = lw_store_open (db, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_merge_players (store, "Anne", "Ann", &merge, &error));
  g_assert_no_error (error);
  players = lw_store_list_players (store, &error);
  g_assert_cmpuint (players->len, ==, 4);
  g_assert_true (lw_store_unmerge_players (store, merge, &error));
  g_assert_no_error (error);
  g_clear_object (&store);

  lw_test_assert_cli_prints (db, list, "player", "list", NULL);
  lw_test_assert_cli_prints (db, ratings, "ratings", "--json", NULL);
}

/* A substitution made before a merge, undone after it, seats the player
 * as merged: the merged name does not come back. */
static void
test_substitution_undo (LwTestDb      *fixture,
                        gconstpointer  data)
{
  const char *db = fixture->path;
  g_autoptr (LwGameRecord) record = lw_test_pair_record ("Anne", "Ben");
  g_autoptr (LwStore) store = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GError) error = NULL;
  gint64 id;

  store = lw_store_open (db, &error);
  g_assert_no_error (error);
  id = lw_store_add_game (store, record, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_substitute_player (store, id, 0, "Dev", 1, &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_merge_players (store, "Anne", "Ann", NULL, &error));
  g_assert_no_error (error);

  g_assert_true (lw_store_undo_last_edit (store, id, &error));
  g_assert_no_error (error);
  game = lw_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (game->record->players[0], ==, "Ann");
  g_clear_object (&store);

  lw_test_assert_cli_prints (db, "Ann\t4\t1\nBen\t4\t1\nCleo\t2\t1\nDev\t2\t1\n", "player", "list", NULL);
}

/* docs/rules/CLI.md: a change whose output cannot be written (/dev/full) is not
 * stored. */
static void
test_output_full (LwTestDb      *fixture,
                  gconstpointer  data)
{
  const char *db = fixture->path;
  g_autofree char *list = NULL;
  const char *changes[][5] = {
    { "player", "merge", "Anne", "Ann", NULL },
    { "player", "rename", "Anne", "Anna", NULL },
  };

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  list = lw_test_cli_ok (db, "player", "list", NULL);
  for (guint c = 0; c < G_N_ELEMENTS (changes); c++)
    {
      g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE);
      g_autoptr (GSubprocess) process = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *err = NULL;
      g_autofree char *after = NULL;
      const char *argv[] = { lw_test_cli_path (), "--db", db, changes[c][0], changes[c][1],
                             changes[c][2], changes[c][3], NULL };

      g_subprocess_launcher_set_stdout_file_path (launcher, "/dev/full");
      process = g_subprocess_launcher_spawnv (launcher, argv, &error);
      g_assert_no_error (error);
      g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, &err, &error);
      g_assert_no_error (error);
      g_assert_true (g_subprocess_get_if_exited (process));
      g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 1);
      g_assert_true (g_str_has_prefix (err, "littlewolf-cli: "));
      after = lw_test_cli_ok (db, "player", "list", NULL);
      g_assert_cmpstr (after, ==, list);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-player/merge-ratings", test_merge_ratings);
  add_filled ("/cli-player/cli", test_cli);
  add_filled ("/cli-player/unmerge", test_unmerge);
  add_filled ("/cli-player/output-full", test_output_full);
  add_filled ("/cli-player/substitution-undo", test_substitution_undo);
  return g_test_run ();
}
