/* test-cli-event.c — littlewolf-cli event … and ratings, run as a
 * separate process ($LW_CLI) on a temporary --db
 *
 * The two events of issue 5 run to their final standings: 13 players in
 * a Swiss event at 4-seat tables (one table of 4 and three of 3 each
 * round), one table's result a stored game; and 8 players in a partners
 * event (7 rounds, everyone partners everyone once). The expected event
 * points are computed here from the seatings printed and the scores
 * entered, by docs/EVENTS.md's rules, and compared with the CLI's.
 *
 * event new --rule-set NAME: the event keeps the saved set's options and
 * the game of its table is played by them; an unknown name fails with
 * status 1 and a bad one with status 2, neither storing an event.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "lw-engine.h"
#include "lw-test-util.h"

/* Runs the command line @line split at spaces (no quoting needed here). */
static void
run_line (LwTestRun  *run,
          const char *db,
          const char *line)
{
  g_auto (GStrv) args = g_strsplit (line, " ", -1);
  lw_test_run_cli_argv (run, db, NULL, (const char *const *) args);
}

/* The same, which must succeed (lw_test_assert_cli_ok()): its stdout. */
static char *
ok_line (const char *db,
         const char *line)
{
  g_auto (LwTestRun) run = { 0, };

  run_line (&run, db, line);
  lw_test_assert_cli_ok (&run, line);
  return g_steal_pointer (&run.out);
}

/* The same, which must succeed and print @expected on stdout. */
static void
assert_prints (const char *db,
               const char *line,
               const char *expected)
{
  g_auto (GStrv) args = g_strsplit (line, " ", -1);

  lw_test_assert_cli_prints_argv (db, expected, (const char *const *) args);
}

/* docs/rules/CLI.md: one line on stderr, nothing on stdout. */
static void
assert_fails (const char *db,
              const char *line,
              int         status,
              const char *message_part)
{
  g_auto (LwTestRun) run = { 0, };

  g_test_message ("littlewolf-cli %s", line);
  run_line (&run, db, line);
  lw_test_assert_cli_failed (&run, status, message_part);
}

/* ------------------------------------------------------------------ */
/* Seatings and expected points                                         */
/* ------------------------------------------------------------------ */

typedef struct {
  guint  n_seats;
  char  *players[4];
  int    dealer;
} Table;

static void
table_clear (gpointer data)
{
  Table *table = data;

  for (guint s = 0; s < 4; s++)
    g_free (table->players[s]);
}

/* Parses `event pair` / `event seating` output of round @round; checks
 * that every line is well formed, each table has one first dealer, and
 * returns the tables (byes in @byes). */
static GArray *
parse_seating (const char *text,
               guint       round,
               GPtrArray  *byes)
{
  GArray *tables = g_array_new (FALSE, TRUE, sizeof (Table));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  g_array_set_clear_func (tables, table_clear);
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], "\t", -1);
      guint64 number = 0, seat = 0;

      g_assert_cmpuint (g_strv_length (fields), ==, 5);
      g_assert_true (g_ascii_string_to_unsigned (fields[0], 10, 1, 1000, &number, NULL));
      g_assert_cmpuint (number, ==, round);
      if (strcmp (fields[1], "bye") == 0)
        {
          g_assert_cmpstr (fields[2], ==, "-");
          g_ptr_array_add (byes, g_strdup (fields[3]));
          continue;
        }
      g_assert_true (g_ascii_string_to_unsigned (fields[1], 10, 1, 1000, &number, NULL));
      g_assert_true (g_ascii_string_to_unsigned (fields[2], 10, 0, 3, &seat, NULL));
      if (number > tables->len)
        {
          g_assert_cmpuint (number, ==, tables->len + 1);
          g_array_set_size (tables, number);
          g_array_index (tables, Table, number - 1).dealer = -1;
        }
      {
        Table *table = &g_array_index (tables, Table, number - 1);

        g_assert_cmpuint (seat, ==, table->n_seats);
        table->players[seat] = g_strdup (fields[3]);
        table->n_seats++;
        if (strcmp (fields[4], "*") == 0)
          {
            g_assert_cmpint (table->dealer, ==, -1);
            table->dealer = (int) seat;
          }
        else
          g_assert_cmpstr (fields[4], ==, "");
      }
    }
  for (guint t = 0; t < tables->len; t++)
    g_assert_cmpint (g_array_index (tables, Table, t).dealer, >=, 0);
  return tables;
}

/* docs/EVENTS.md, default points 3/1/0 at 4-seat tables: a full table
 * 3, 1, 0, 0; a table of 3: 2.5, 0.5, 0 (no ties are entered here); a
 * skunk doubles the winner's. */
static void
add_solo_points (GHashTable  *points,
                 const Table *table,
                 const int   *scores,
                 gboolean     skunk)
{
  static const double four[] = { 3, 1, 0, 0 }, three[] = { 2.5, 0.5, 0 };

  for (guint s = 0; s < table->n_seats; s++)
    {
      guint place = 0;
      double value;
      double *total = g_hash_table_lookup (points, table->players[s]);

      for (guint o = 0; o < table->n_seats; o++)
        if (scores[o] > scores[s])
          place++;
      value = table->n_seats == 4 ? four[place] : three[place];
      if (place == 0 && skunk)
        value *= 2;
      g_assert_nonnull (total);
      *total += value;
    }
}

static JsonObject *
standings_json (const char *db,
                const char *id,
                JsonParser *parser)
{
  g_autofree char *line = g_strdup_printf ("event standings %s --json", id);
  g_autofree char *text = ok_line (db, line);
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

/* The expected points against the standings; ranks in order. */
static void
assert_points (JsonObject *root,
               GHashTable *points)
{
  JsonArray *rows = json_object_get_array_member (root, "standings");
  double previous = G_MAXDOUBLE;

  g_assert_cmpuint (json_array_get_length (rows), ==, g_hash_table_size (points));
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      const char *name = json_object_get_string_member (row, "player");
      double got = json_object_get_double_member (row, "points");
      double *expected = g_hash_table_lookup (points, name);

      g_assert_nonnull (expected);
      g_assert_cmpfloat_with_epsilon (got, *expected, 1e-6);
      g_assert_cmpfloat (got, <=, previous);
      previous = got;
      if (i > 0)
        g_assert_cmpint (json_object_get_int_member (row, "rank"), >=,
                         json_object_get_int_member (json_array_get_object_element (rows, i - 1),
                                                     "rank"));
    }
}

/* Imports the shared case game-1001-0034 (4 players, final scores
 * 0, 3, 11, 2: a skunk for seat 2) with the players renamed to @table's
 * seats; returns its ID. */
static char *
import_skunk_game (const char  *db,
                   const Table *table)
{
  g_autofree char *path = g_build_filename (lw_test_cases_dir (), "random", "game-1001-0034.json",
                                           NULL);
  g_autofree char *json = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *renamed = NULL;
  g_auto (LwTestRun) run = { 0, };

  g_assert_true (g_file_get_contents (path, &json, NULL, &error));
  record = lw_game_record_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (record->n_players, ==, 4);
  for (guint s = 0; s < 4; s++)
    {
      g_free (record->players[s]);
      record->players[s] = g_strdup (table->players[s]);
    }
  renamed = lw_game_record_to_json (record);
  lw_test_run_cli (&run, db, renamed, "import", "-", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_strchomp (run.out);
  return g_steal_pointer (&run.out);
}

/* ------------------------------------------------------------------ */
/* 13 players, Swiss, 4-seat tables                                     */
/* ------------------------------------------------------------------ */

static void
test_swiss_thirteen (LwTestDb      *fixture,
                     gconstpointer  data)
{
  const char *db = fixture->path;
  static const char *const names[] = {
    "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou", "Max",
  };
  g_autofree char *id = NULL;
  g_autofree char *add = NULL;
  g_autoptr (GHashTable) points = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr (GHashTable) met = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *skunk_winner = NULL;
  JsonObject *root;

  id = ok_line (db, "event new --name Spring --format swiss --table-size 4 --seed 5");
  g_assert_cmpstr (id, ==, "1\n");
  add = g_strconcat ("event add 1 ", names[0], NULL);
  for (guint i = 1; i < G_N_ELEMENTS (names); i++)
    {
      char *longer = g_strconcat (add, " ", names[i], NULL);
      g_free (add);
      add = longer;
    }
  g_free (ok_line (db, add));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_hash_table_insert (points, (gpointer) names[i], g_new0 (double, 1));

  /* Mistakes are refused with one line, changing nothing. */
  assert_fails (db, "event add 1 Ann", 2, "Ann: already entered in Spring");
  assert_fails (db, "event result 1 --table 1 --scores 15,3", 2, "has no round paired yet");
  assert_fails (db, "event new --name X --format partners --table-size 3", 2,
                "partners play needs 4-seat tables");
  assert_fails (db, "event pair 7", 1, "no event with ID 7");
  assert_fails (db, "event pair x", 2, "an event ID is a positive integer");
  assert_fails (db, "event shuffle 1", 2, "unknown subcommand");

  for (guint round = 1; round <= 4; round++)
    {
      g_autofree char *pair_line = g_strdup_printf ("event pair 1");
      g_autofree char *seating = ok_line (db, pair_line);
      g_autoptr (GPtrArray) byes = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GArray) tables = parse_seating (seating, round, byes);
      g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

      /* 13 at 4-seat tables: 4 + 3 + 3 + 3, no bye. */
      g_assert_cmpuint (tables->len, ==, 4);
      g_assert_cmpuint (byes->len, ==, 0);
      g_assert_cmpuint (g_array_index (tables, Table, 0).n_seats, ==, 4);
      for (guint t = 1; t < 4; t++)
        g_assert_cmpuint (g_array_index (tables, Table, t).n_seats, ==, 3);

      /* `event seating` shows the same round again. */
      {
        g_autofree char *again = ok_line (db, "event seating 1");
        g_assert_cmpstr (again, ==, seating);
      }

      for (guint t = 0; t < tables->len; t++)
        {
          const Table *table = &g_array_index (tables, Table, t);
          int scores[4] = { 15, 9, 4, 2 };
          gboolean skunk = FALSE;
          g_autofree char *line = NULL;

          for (guint s = 0; s < table->n_seats; s++)
            {
              /* Everyone once a round; in the first three rounds nobody
               * meets anyone twice (13 players can: 9 of 12 others). */
              g_assert_false (g_hash_table_contains (seen, table->players[s]));
              g_hash_table_add (seen, table->players[s]);
              for (guint o = s + 1; o < table->n_seats && round <= 3; o++)
                {
                  g_autofree char *key = g_strcmp0 (table->players[s], table->players[o]) < 0
                    ? g_strdup_printf ("%s|%s", table->players[s], table->players[o])
                    : g_strdup_printf ("%s|%s", table->players[o], table->players[s]);
                  g_assert_false (g_hash_table_contains (met, key));
                  g_hash_table_add (met, g_steal_pointer (&key));
                }
            }

          if (round == 1 && t == 0)
            {
              /* Kept with the scorekeeper: a stored game, 0-3-11-2, a
               * skunk for seat 2. */
              g_autofree char *game = import_skunk_game (db, table);

              assert_fails (db, "event result 1 --table 1 --game 999", 1, "no game with ID 999");
              line = g_strdup_printf ("event result 1 --table 1 --game %s", game);
              g_free (ok_line (db, line));
              scores[0] = 0;
              scores[1] = 3;
              scores[2] = 11;
              scores[3] = 2;
              skunk = TRUE;
              skunk_winner = g_strdup (table->players[2]);
              add_solo_points (points, table, scores, skunk);
              continue;
            }
          if (round == 4 && t == 1)
            {
              /* From paper, a skunk: 12 against a 0. */
              scores[0] = 0;
              scores[1] = 12;
              scores[2] = 5;
              skunk = TRUE;
            }
          if (t == 2)
            assert_fails (db, "event result 1 --table 3 --scores 15,15,2", 2,
                          "the highest score 15 is shared");
          line = table->n_seats == 4
            ? g_strdup_printf ("event result 1 --table %u --scores %d,%d,%d,%d", t + 1,
                               scores[0], scores[1], scores[2], scores[3])
            : g_strdup_printf ("event result 1 --round %u --table %u --scores %d,%d,%d", round,
                               t + 1, scores[0], scores[1], scores[2]);
          if (t == 3 && round < 4)
            {
              /* Pairing waits for every table. */
              assert_fails (db, "event pair 1", 2, "has no result yet");
            }
          g_free (ok_line (db, line));
          add_solo_points (points, table, scores, skunk);
        }
      g_assert_cmpuint (g_hash_table_size (seen), ==, 13);
    }

  assert_fails (db, "event pair 1", 2, "all 4 rounds are paired");

  root = standings_json (db, "1", parser);
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "swiss");
  g_assert_cmpint (json_object_get_int_member (root, "rounds"), ==, 4);
  g_assert_true (json_object_get_boolean_member (root, "finished"));
  assert_points (root, points);

  /* Every round gives 4 + 3 × 3 = 13 points, plus the skunk bonuses of
   * round 1 (3, the stored game) and round 4 (2.5). */
  {
    JsonArray *rows = json_object_get_array_member (root, "standings");
    double total = 0;
    guint skunks = 0;

    for (guint i = 0; i < json_array_get_length (rows); i++)
      {
        JsonObject *row = json_array_get_object_element (rows, i);
        total += json_object_get_double_member (row, "points");
        skunks += (guint) json_object_get_int_member (row, "skunks");
        g_assert_cmpint (json_object_get_int_member (row, "games"), ==, 4);
      }
    g_assert_cmpfloat_with_epsilon (total, 4 * 13 + 3 + 2.5, 1e-6);
    g_assert_cmpuint (skunks, ==, 2);
  }

  /* CSV and the text lines. */
  {
    g_autofree char *csv = ok_line (db, "event standings 1 --csv");
    g_autofree char *text = ok_line (db, "event standings 1");
    g_autofree char *list = ok_line (db, "event list");
    g_auto (GStrv) text_lines = g_strsplit (text, "\n", -1);

    g_assert_true (g_str_has_prefix (csv, "rank,player,points,buchholz,head_to_head,margin,"
                                          "skunks,games,wins,byes,dropped\r\n1,"));
    g_assert_cmpuint (g_strv_length (text_lines), ==, 14);
    g_assert_cmpstr (list, ==, "1\tSpring\tswiss\t4\t13\t4/4\n");
  }

  /* Ratings: the stored game and the 15 results from paper are all
   * rated (3-4 player games): the 13 players, 4 games each, so all still
   * provisional (fewer than 5 games); the stored game's skunk winner
   * counts its skunk as 2 wins (SCORING R23). */
  {
    g_autofree char *ratings = ok_line (db, "ratings --ladder 3-4p");
    g_auto (GStrv) lines = g_strsplit (ratings, "\n", -1);
    g_autofree char *event_ratings = ok_line (db, "ratings --event 1 --json");
    guint found = 0;

    g_assert_cmpuint (g_strv_length (lines), ==, 14);
    for (guint i = 0; i < 13; i++)
      {
        g_auto (GStrv) fields = g_strsplit (lines[i], "\t", -1);

        g_assert_cmpuint (g_strv_length (fields), ==, 9);
        g_assert_cmpstr (fields[3], ==, "4");
        g_assert_cmpstr (fields[8], ==, "provisional");
        if (g_str_equal (fields[1], skunk_winner))
          {
            found++;
            g_assert_cmpint ((int) g_ascii_strtoll (fields[4], NULL, 10), >=, 2);
            g_assert_cmpint ((int) g_ascii_strtoll (fields[5], NULL, 10), >=, 1);
          }
      }
    g_assert_cmpuint (found, ==, 1);
    g_assert_nonnull (strstr (event_ratings, "\"provisional\" : true"));
    /* The event's filter counts its results from paper too. */
    g_assert_nonnull (strstr (event_ratings, "\"games\" : 4,"));
    g_assert_nonnull (strstr (event_ratings, skunk_winner));
    assert_fails (db, "ratings --ladder 5p", 2, "--ladder \"5p\"");
    assert_fails (db, "ratings --event 9", 1, "no event with ID 9");
  }
}

/* ------------------------------------------------------------------ */
/* 8 players, partners rotation                                         */
/* ------------------------------------------------------------------ */

static void
test_partners_eight (LwTestDb      *fixture,
                     gconstpointer  data)
{
  const char *db = fixture->path;
  g_autofree char *id = NULL;
  g_autoptr (GHashTable) points = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr (GHashTable) partners = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  static const char *const names[] = { "Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gil", "Hy" };
  JsonObject *root;

  id = ok_line (db, "event new --name Pairs --format partners --table-size 4");
  g_assert_cmpstr (id, ==, "1\n");
  g_free (ok_line (db, "event add 1 Ada Bo Cy Di Ed Flo Gil Hy"));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_hash_table_insert (points, (gpointer) names[i], g_new0 (double, 1));

  for (guint round = 1; round <= 7; round++)
    {
      g_autofree char *seating = ok_line (db, "event pair 1");
      g_autoptr (GPtrArray) byes = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GArray) tables = parse_seating (seating, round, byes);

      g_assert_cmpuint (tables->len, ==, 2);
      g_assert_cmpuint (byes->len, ==, 0);
      for (guint t = 0; t < 2; t++)
        {
          const Table *table = &g_array_index (tables, Table, t);
          /* Table 1: seats 0 and 2 win 15-8; table 2: seats 1 and 3 win
           * 15-6, entered once per seat. */
          g_autofree char *line = t == 0
            ? g_strdup_printf ("event result 1 --table 1 --scores 15,8")
            : g_strdup_printf ("event result 1 --table 2 --scores 6,15,6,15");
          int winner_side = t == 0 ? 0 : 1;

          g_assert_cmpuint (table->n_seats, ==, 4);
          for (guint s = 0; s < 2; s++)
            {
              const char *a = table->players[s], *b = table->players[s + 2];
              g_autofree char *key = g_strcmp0 (a, b) < 0 ? g_strdup_printf ("%s|%s", a, b)
                                                           : g_strdup_printf ("%s|%s", b, a);

              /* A new partner every round. */
              g_assert_false (g_hash_table_contains (partners, key));
              g_hash_table_add (partners, g_steal_pointer (&key));
              if ((int) s == winner_side)
                {
                  *(double *) g_hash_table_lookup (points, a) += 3;
                  *(double *) g_hash_table_lookup (points, b) += 3;
                }
            }
          if (t == 0)
            {
              /* The seats as in JSON, each with who sits there. */
              g_autofree char *message =
                g_strdup_printf ("partners in seats 0 (%s) and 2 (%s) have different scores",
                                 table->players[0], table->players[2]);

              assert_fails (db, "event result 1 --table 1 --scores 15,8,14,8", 2, message);
            }
          g_free (ok_line (db, line));
        }
    }
  /* 7 rounds × 4 partnerships = all 28 pairs of 8 players. */
  g_assert_cmpuint (g_hash_table_size (partners), ==, 28);
  assert_fails (db, "event pair 1", 2, "all 7 rounds are paired");

  root = standings_json (db, "1", parser);
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "partners");
  g_assert_true (json_object_get_boolean_member (root, "finished"));
  assert_points (root, points);

  /* A drop after the event: listed as dropped. */
  g_free (ok_line (db, "event drop 1 Hy"));
  {
    g_autofree char *text = ok_line (db, "event standings 1");
    g_assert_nonnull (strstr (text, "Hy (dropped)"));
  }
}

/* ------------------------------------------------------------------ */
/* event rename, event delete                                           */
/* ------------------------------------------------------------------ */


/* A paper board no game ends with: refused, or entered with --time-called
 * and read back marked (the store keeps no mark: the board is it). */
static void
test_time_called (LwTestDb      *fixture,
                  gconstpointer  data)
{
  const char *db = fixture->path;
  g_autofree char *seating = NULL;
  g_autofree char *out = NULL;
  g_autofree char *expected = NULL;
  g_auto (GStrv) lines = NULL;
  g_auto (GStrv) first = NULL;

  g_free (ok_line (db, "event new --name Clock --format swiss --table-size 3 --rounds 1"));
  g_free (ok_line (db, "event add 1 Ann Ben Cleo"));
  seating = ok_line (db, "event pair 1");
  lines = g_strsplit (seating, "\n", -1);
  first = g_strsplit (lines[0], "\t", -1);

  assert_fails (db, "event result 1 --table 1 --scores 12,9,4", 2,
                "round 1, table 1: 12\u20139\u20134 cannot have ended a game: nobody reached 15 "
                "and nobody is at 0 against 11 or more (SCORING R23, R24); a game stopped by "
                "the clock is entered as time called");
  out = ok_line (db, "event standings 1 --json");
  g_assert_nonnull (strstr (out, "\"games\" : 0"));
  g_clear_pointer (&out, g_free);
  assert_fails (db, "event result 1 --table 1 --scores 15,9,4 --time-called", 2,
                "15\u20139\u20134 ended the game (the target reached, SCORING R24); it was not "
                "time called");
  assert_fails (db, "event result 1 --table 1 --game 1 --time-called", 2,
                "--time-called goes with --scores");

  assert_prints (db, "event result 1 --table 1 --scores 12,9,4 --time-called", "");
  /* The winner is seat 0, placed by score: 3 points, one win. */
  out = ok_line (db, "event standings 1");
  expected = g_strdup_printf ("1\t%s (time called)\t3\t", first[3]);
  g_assert_true (g_str_has_prefix (out, expected));
  g_clear_pointer (&out, g_free);
  out = ok_line (db, "event standings 1 --json");
  g_assert_nonnull (strstr (out, "\"time_called\" : 1"));
  g_assert_null (strstr (out, "\"time_called\" : 0"));
  g_clear_pointer (&out, g_free);

  /* Replaced by a finished board: the mark goes. */
  g_free (ok_line (db, "event result 1 --table 1 --scores 15,9,4"));
  out = ok_line (db, "event standings 1 --json");
  g_assert_null (strstr (out, "\"time_called\" : 1"));
}

/* Single elimination: a finalist who withdraws gives a walkover and is
 * out in the final, below nobody who played it (docs/EVENTS.md). */
static void
test_elimination_walkover (LwTestDb      *fixture,
                           gconstpointer  data)
{
  const char *db = fixture->path;
  g_autofree char *out = NULL;

  g_free (ok_line (db, "event new --name Cup --format elimination --table-size 2"));
  g_free (ok_line (db, "event add 1 Ann Ben Cleo Dan"));
  assert_fails (db, "event pair 1 --seeding luck", 2,
                "event pair: --seeding \"luck\": expected \"rating\" or \"registration\"");
  /* The bracket of 4: Ann v Dan, Ben v Cleo, the higher seed in seat 0
   * (nobody has a rating yet: registration order). */
  assert_prints (db, "event pair 1 --seeding rating", "1\t1\t0\tAnn\t*\n1\t1\t1\tDan\t\n"
                                                      "1\t2\t0\tBen\t*\n1\t2\t1\tCleo\t\n");
  assert_fails (db, "event pair 1 --seeding rating", 2,
                "Cup: seeding applies to round 1 of a single elimination");
  g_free (ok_line (db, "event result 1 --table 1 --scores 15,3"));
  g_free (ok_line (db, "event result 1 --table 2 --scores 4,15"));
  g_free (ok_line (db, "event drop 1 Cleo"));
  assert_prints (db, "event pair 1", "2\tbye\t-\tAnn\t\n");
  out = ok_line (db, "event standings 1 --json");
  g_assert_nonnull (strstr (out, "\"finished\" : true"));
  g_clear_pointer (&out, g_free);
  /* Cleo won more points than Ben and Dan but withdrew from the final:
   * second (out in round 2), Ben and Dan third (out in round 1). */
  out = ok_line (db, "event standings 1");
  g_assert_true (g_str_has_prefix (out, "1\tAnn\t"));
  g_assert_nonnull (strstr (out, "\n2\tCleo (dropped)\t3\t"));
  g_clear_pointer (&out, g_free);

  /* Seeding by rating is the event's own option, chosen when it is made
   * and used when round 1 is paired: Ann (two wins) and Cleo (one) are
   * the top seeds, whatever the registration order (Dan, Ben, Cleo, Ann
   * would give Dan v Ann, Ben v Cleo). */
  assert_fails (db, "event new --name Cup --format elimination --table-size 2 --seeding luck", 2,
                "event new: --seeding \"luck\": expected \"rating\" or \"registration\"");
  assert_fails (db, "event new --name Club --format swiss --table-size 2 --seeding rating", 2,
                "event new: seeding 1: seeding by rating is for single elimination only");
  g_free (ok_line (db, "event new --name Cup2 --format elimination --table-size 2"
                       " --seeding rating"));
  g_free (ok_line (db, "event add 2 Dan Ben Cleo Ann"));
  out = ok_line (db, "event pair 2");
  g_assert_true (g_str_has_prefix (out, "1\t1\t0\tAnn\t*\n"));
  g_assert_nonnull (strstr (out, "1\t2\t0\tCleo\t*\n"));
  g_clear_pointer (&out, g_free);
  /* A pairing may still override it. */
  g_free (ok_line (db, "event new --name Cup3 --format elimination --table-size 2"
                       " --seeding rating"));
  g_free (ok_line (db, "event add 3 Dan Ben Cleo Ann"));
  assert_prints (db, "event pair 3 --seeding registration", "1\t1\t0\tDan\t*\n1\t1\t1\tAnn\t\n"
                                                            "1\t2\t0\tBen\t*\n1\t2\t1\tCleo\t\n");
}

static void
test_rename_delete (LwTestDb      *fixture,
                    gconstpointer  data)
{
  const char *db = fixture->path;
  const char *dir = fixture->dir;
  g_autofree char *id = ok_line (db, "event new --name Spring --format swiss --table-size 2");
  g_autofree char *other = ok_line (db, "event new --name Club --format round-robin --table-size 2");
  g_auto (LwTestRun) run = { 0, };

  g_assert_cmpstr (id, ==, "1\n");
  g_assert_cmpstr (other, ==, "2\n");
  g_free (ok_line (db, "event add 1 Ann Ben Cleo"));
  g_free (ok_line (db, "event pair 1"));

  /* A name of two words, as one argument. */
  lw_test_run_cli (&run, db, NULL, "event", "rename", "1", "Autumn Cup", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpstr (run.err, ==, "");
  assert_prints (db, "event list", "2\tClub\tround-robin\t2\t0\t0/1\n"
                                   "1\tAutumn Cup\tswiss\t2\t3\t1/2\n");

  assert_fails (db, "event rename 9 Winter", 1, "no event with ID 9");
  assert_fails (db, "event rename 1", 2, "an event ID and one new name");
  assert_fails (db, "event rename x Winter", 2, "\"x\"");
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, db, NULL, "event", "rename", "1", "", NULL);
  lw_test_assert_cli_failed (&run, 2, "empty");
  assert_fails (db, "event delete 9", 1, "no event with ID 9");
  assert_fails (db, "event delete", 2, "one event ID");
  assert_fails (db, "event delete 1 2", 2, "one event ID");

  /* Deleted: gone from the list, its seating with it; the other stays. */
  assert_prints (db, "event delete 1", "");
  assert_prints (db, "event list", "2\tClub\tround-robin\t2\t0\t0/1\n");
  assert_fails (db, "event seating 1", 1, "no event with ID 1");
  assert_fails (db, "event delete 1", 1, "no event with ID 1");

  /* No database yet: no event either, and no file made. */
  {
    g_autofree char *none = g_build_filename (dir, "none.sqlite3", NULL);

    assert_fails (none, "event delete 1", 1, "no event with ID 1");
    g_assert_false (g_file_test (none, G_FILE_TEST_EXISTS));
  }
}

/* ------------------------------------------------------------------ */
/* The names rule (docs/rules/GAME-RECORD.md "Names") for events and entrants      */
/* ------------------------------------------------------------------ */

/* @run failed with status 2 and @message_part, without passing the
 * name's control characters on to the terminal; cleared for the next. */
static void
assert_refused_run (LwTestRun  *run,
                    const char *message_part)
{
  lw_test_assert_cli_failed (run, 2, message_part);
  g_assert_null (strchr (run->err, '\x1b'));
  g_assert_null (strchr (run->err, '\t'));
  lw_test_run_clear (run);
}

static void
test_names (LwTestDb      *fixture,
            gconstpointer  data)
{
  const char *db = fixture->path;
  g_autofree char *id = ok_line (db, "event new --name Spring --format swiss --table-size 2");
  g_autofree char *seating = NULL;
  g_autofree char *long_name = g_strnfill (101, 'x');
  g_auto (LwTestRun) run = { 0, };

  g_assert_cmpstr (id, ==, "1\n");
  lw_test_run_cli (&run, db, NULL, "event", "new", "--name", "Spring\tOpen", "--format", "swiss",
                   "--table-size", "2", NULL);
  assert_refused_run (&run, "the event's name holds a control character (a tab)");
  lw_test_run_cli (&run, db, NULL, "event", "rename", "1", "Spring\u2028Open", NULL);
  assert_refused_run (&run, "the event's name holds a line or paragraph separator (U+2028)");
  lw_test_run_cli (&run, db, NULL, "event", "add", "1", "Ann", "Ben\x1b]0;x\a", "Cleo", NULL);
  assert_refused_run (&run, "name 2: a player's name holds a control character (U+001B");
  lw_test_run_cli (&run, db, NULL, "event", "add", "1", "Ann\nLee", NULL);
  assert_refused_run (&run, "a player's name holds a control character (a line break)");
  lw_test_run_cli (&run, db, NULL, "event", "add", "1", "\u200b", NULL);
  assert_refused_run (&run, "a player's name is only spaces or invisible characters");
  lw_test_run_cli (&run, db, NULL, "event", "add", "1", long_name, NULL);
  assert_refused_run (&run, "a player's name is 101 characters; at most 100");

  /* Nothing of the refused lists was entered. */
  lw_test_run_cli (&run, db, NULL, "event", "list", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "1\tSpring\tswiss\t2\t0\t0/1\n");
  lw_test_run_clear (&run);

  /* "Zoë" typed two ways is one player; names are trimmed. */
  lw_test_run_cli (&run, db, NULL, "event", "add", "1", "Zo\u00eb", "  Ann  ", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, db, NULL, "event", "add", "1", "Zoe\u0308", NULL);
  assert_refused_run (&run, "already entered in Spring");
  lw_test_run_cli (&run, db, NULL, "event", "add", "1", "Ann", NULL);
  assert_refused_run (&run, "already entered in Spring");
  lw_test_run_cli (&run, db, NULL, "event", "checkin", "1", "Zoe\u0308", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lw_test_run_clear (&run);
  g_free (ok_line (db, "event pair 1"));
  seating = ok_line (db, "event seating 1");
  g_test_message ("%s", seating);
  g_assert_nonnull (strstr (seating, "Zo\u00eb"));
  g_assert_null (strstr (seating, "Zoe\u0308"));
  g_assert_null (strstr (seating, "  Ann"));
}

/* event wall: every player of the round once, in alphabetical order with
 * capitals ignored ("ben" between "Ann" and "Bob"), at the table and seat
 * (from 1) that event seating gives, the first dealer marked, the bye. */
static void
test_wall (LwTestDb      *fixture,
           gconstpointer  data)
{
  const char *db = fixture->path;
  g_autofree char *id = ok_line (db, "event new --name Spring --format swiss --table-size 2 --seed 7");
  g_autofree char *seating = NULL;
  g_autofree char *wall = NULL;
  g_autofree char *first = NULL;
  g_autoptr (GPtrArray) byes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) tables = NULL;
  g_autoptr (GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) text = g_string_new ("Spring — Round 1\n\n");
  static const char *const order[] = { "Ann", "ben", "Bob", "Cleo", "dev", "Eve", "zed", NULL };

  g_assert_cmpstr (id, ==, "1\n");
  g_free (ok_line (db, "event add 1 zed Eve ben Ann dev Cleo Bob"));
  first = ok_line (db, "event pair 1");
  seating = ok_line (db, "event seating 1 --round 1");
  g_assert_cmpstr (seating, ==, first);
  tables = parse_seating (seating, 1, byes);
  g_assert_cmpuint (tables->len, ==, 3);
  g_assert_cmpuint (byes->len, ==, 1);

  for (guint i = 0; order[i] != NULL; i++)
    {
      char *line = NULL;

      for (guint t = 0; t < tables->len && line == NULL; t++)
        {
          const Table *table = &g_array_index (tables, Table, t);

          for (guint s = 0; s < table->n_seats; s++)
            if (strcmp (table->players[s], order[i]) == 0)
              line = g_strdup_printf ("%s — Table %u, Seat %u%s\n", order[i], t + 1, s + 1,
                                      (int) s == table->dealer ? " *" : "");
        }
      if (line == NULL)
        {
          g_assert_cmpstr (g_ptr_array_index (byes, 0), ==, order[i]);
          line = g_strdup_printf ("%s — Bye\n", order[i]);
        }
      g_string_append (text, line);
      g_free (line);
    }

  wall = ok_line (db, "event wall 1");
  g_assert_cmpstr (wall, ==, text->str);
  g_clear_pointer (&wall, g_free);
  wall = ok_line (db, "event wall 1 --round 1");
  g_assert_cmpstr (wall, ==, text->str);
  /* Not in byte order, where capitals come first. */
  g_assert_true (strstr (wall, "\nben — ") < strstr (wall, "\nBob — "));

  assert_fails (db, "event wall 1 --round 3", 2, "event wall: round 3 is not paired (1 round paired)");
  assert_fails (db, "event wall 1 --round x", 2, "event wall: --round \"x\" is not a round number");
  assert_fails (db, "event wall 9", 1, "no event with ID 9");
  assert_fails (db, "event wall 1 2", 2, "event wall: unexpected argument \"2\"");
}

static void
test_rule_set (LwTestDb      *fixture,
               gconstpointer  data)
{
  const char *db = fixture->path;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = lw_store_open (db, &error);
  g_autoptr (LwRuleSet) club = lw_rule_set_new_standard (LW_RULESET_LITTLE_WOLF);
  g_autoptr (LwRuleSet) rules = NULL;
  g_autoptr (LwStoredGame) game = NULL;
  g_autofree char *line = NULL;
  g_autofree char *exported = NULL;
  g_auto (LwTestRun) run = { 0, };
  gint64 game_id;

  g_assert_no_error (error);
  club->name = g_strdup ("Club nights");
  club->target = 25;
  club->skunk = 9;
  club->run_fill = LW_RUN_FILL_INSIDE_ONLY;
  g_assert_cmpint (lw_store_create_rule_set (store, club, &error), >, 0);
  g_assert_no_error (error);

  lw_test_run_cli (&run, db, NULL, "event", "new", "--name", "Thursday", "--format", "swiss",
                   "--table-size", "2", "--rule-set", "Club night", NULL);
  lw_test_assert_cli_failed (&run, 1, "event new: --rule-set: no rule set named “Club night” for Little Wolf");
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, db, NULL, "event", "new", "--name", "Thursday", "--format", "swiss",
                   "--table-size", "2", "--rule-set", "Club\tnights", NULL);
  lw_test_assert_cli_failed (&run, 2, "the rule set's name holds a control character (a tab)");
  lw_test_run_clear (&run);
  lw_test_run_cli (&run, db, NULL, "event", "list", NULL);
  g_assert_cmpstr (run.out, ==, "");
  lw_test_run_clear (&run);

  lw_test_run_cli (&run, db, NULL, "event", "new", "--name", "Thursday", "--format", "swiss",
                   "--table-size", "2", "--rule-set", " Club nights", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "1\n");
  lw_test_run_clear (&run);
  g_free (ok_line (db, "event add 1 Ann Ben"));
  g_free (ok_line (db, "event pair 1"));

  rules = lw_store_get_event_rule_set (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (rules->name, ==, "Club nights");
  g_assert_cmpint (rules->target, ==, 25);
  game_id = lw_store_start_event_table_game (store, 1, 1, 1, &error);
  g_assert_no_error (error);
  game = lw_store_load_game (store, game_id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (game->record->rule_set, ==, "Club nights");
  g_assert_cmpint (game->record->target, ==, 25);
  g_assert_cmpint (game->record->skunk, ==, 9);
  g_assert_cmpint (game->record->run_fill, ==, LW_RUN_FILL_INSIDE_ONLY);
  g_assert_cmpint (game->record->over_trump, ==, LW_OVER_TRUMP_WINNING_PLAY);
  g_clear_object (&store);
  line = g_strdup_printf ("export %" G_GINT64_FORMAT, game_id);
  exported = ok_line (db, line);
  g_assert_nonnull (strstr (exported, "\"rule_set\""));
  g_assert_nonnull (strstr (exported, "\"Club nights\""));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  lw_test_add_db_closed ("/cli-event/swiss-thirteen-four-seats", test_swiss_thirteen);
  lw_test_add_db_closed ("/cli-event/partners-eight", test_partners_eight);
  lw_test_add_db_closed ("/cli-event/rename-delete", test_rename_delete);
  lw_test_add_db_closed ("/cli-event/time-called", test_time_called);
  lw_test_add_db_closed ("/cli-event/elimination-walkover", test_elimination_walkover);
  lw_test_add_db_closed ("/cli-event/names", test_names);
  lw_test_add_db_closed ("/cli-event/wall", test_wall);
  lw_test_add_db_closed ("/cli-event/rule-set", test_rule_set);

  return g_test_run ();
}
