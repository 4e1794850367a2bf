/* test-csv.c — the score sheet as CSV (lw-csv.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-engine.h"
#include "lw-test-util.h"

static void
test_quoting (void)
{
  static const struct { const char *field; const char *written; } cases[] = {
    { "Ann", "Ann" },
    { "Ann, the first", "\"Ann, the first\"" },
    { "Ben \"B\" Smith", "\"Ben \"\"B\"\" Smith\"" },
    { "two\nlines", "\"two\nlines\"" },
    { "", "" },
    { "Zoë", "Zoë" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GString) out = g_string_new (NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) rows = NULL;
      const char *const *fields;

      lw_csv_append_field (out, cases[i].field);
      g_assert_cmpstr (out->str, ==, cases[i].written);

      g_string_append (out, ",x\r\n");
      rows = lw_csv_parse (out->str, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (rows->len, ==, 1);
      fields = g_ptr_array_index (rows, 0);
      g_assert_cmpuint (g_strv_length ((char **) fields), ==, 2);
      g_assert_cmpstr (fields[0], ==, cases[i].field);
      g_assert_cmpstr (fields[1], ==, "x");
    }
}

static void
test_parse_errors (void)
{
  g_autoptr (GError) error = NULL;

  g_assert_null (lw_csv_parse ("a,b\r\n\"open,c\r\n", &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, "line 2: a quoted field is not closed");
  g_clear_error (&error);
  g_assert_null (lw_csv_parse ("\"a\"b\n", &error));
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE);
}

/* Partners, names with a comma and quotes; a round with Den cards and a
 * penalty, and a void round. */
static void
test_score_sheet (void)
{
  static const char json[] =
    "{\"format\":\"little-wolf/game\",\"version\":1,"
    "\"players\":[\"Ann, the first\",\"Ben \\\"B\\\"\",\"Cleo\",\"Dev\"],"
    "\"teams\":[[0,2],[1,3]],\"rounds\":["
    "{\"declarer\":1,\"cards\":[6,20,2,8],\"worms\":[0,2,0,0],\"gongs\":[2,0,0,0],"
    "\"wolves\":[1,0,0,0],\"penalties\":[{\"seat\":2,\"kind\":\"out_of_turn\"}]},"
    "{\"void\":\"dealer_did_not_discard\"}]}";
  static const char *const header[] = {
    "round", "dealer", "declarer",
    "cards Ann, the first", "cards Ben \"B\"", "cards Cleo", "cards Dev",
    "worms Ann, the first", "worms Ben \"B\"", "worms Cleo", "worms Dev",
    "gongs Ann, the first", "gongs Ben \"B\"", "gongs Cleo", "gongs Dev",
    "bears Ann, the first", "bears Ben \"B\"", "bears Cleo", "bears Dev",
    "wolves Ann, the first", "wolves Ben \"B\"", "wolves Cleo", "wolves Dev",
    "void", "penalties", "all_but_last",
    "unpegged Ann, the first", "unpegged Ben \"B\"", "unpegged Cleo", "unpegged Dev",
    "delta Ann, the first & Cleo", "delta Ben \"B\" & Dev",
    "score Ann, the first & Cleo", "score Ben \"B\" & Dev",
    NULL
  };
  /* docs/rules/GAME-RECORD.md's example round: 0, 0 and the board stays 1, 1. */
  static const char *const row1[] = {
    "1", "Ann, the first", "Ben \"B\"",
    "6", "20", "2", "8",
    "0", "2", "0", "0",
    "2", "0", "0", "0",
    "0", "0", "0", "0",
    "1", "0", "0", "0",
    "0", "Cleo out_of_turn", "0",
    "0", "0", "0", "0",
    "0", "0", "1", "1",
    NULL
  };
  static const char *const row2[] = {
    "2", "Ben \"B\"", "",
    "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
    "1", "", "", "0", "0", "0", "0", "0", "0", "1", "1",
    NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = lw_game_record_from_json (json, -1, &error);
  g_autoptr (LwStandings) standings = NULL;
  g_autofree char *csv = NULL;
  g_autoptr (GPtrArray) rows = NULL;

  g_assert_no_error (error);
  standings = lw_standings_compute (record, &error);
  g_assert_no_error (error);
  csv = lw_csv_score_sheet (record, standings);

  g_assert_true (g_str_has_prefix (csv, "round,dealer,declarer,\"cards Ann, the first\","
                                        "\"cards Ben \"\"B\"\"\",cards Cleo,"));
  g_assert_true (g_str_has_suffix (csv, "\r\n"));

  rows = lw_csv_parse (csv, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 3);
  g_assert_cmpstrv ((char **) g_ptr_array_index (rows, 0), header);
  g_assert_cmpstrv ((char **) g_ptr_array_index (rows, 1), row1);
  g_assert_cmpstrv ((char **) g_ptr_array_index (rows, 2), row2);
}

static void
test_garwolf (void)
{
  static const char json[] =
    "{\"format\":\"little-wolf/game\",\"version\":1,\"ruleset\":\"garwolf\","
    "\"players\":[\"Ann\",\"Ben\",\"Cleo\"],\"first_dealer\":2,\"rounds\":["
    "{\"court\":[5,4,3],\"garwolves\":[0,1,2]}]}";
  static const char *const header[] = {
    "hand", "dealer", "court Ann", "court Ben", "court Cleo",
    "garwolves Ann", "garwolves Ben", "garwolves Cleo",
    "delta Ann", "delta Ben", "delta Cleo", "score Ann", "score Ben", "score Cleo", NULL
  };
  static const char *const row[] = {
    "1", "Cleo", "5", "4", "3", "0", "1", "2", "5", "7", "9", "5", "7", "9", NULL
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = lw_game_record_from_json (json, -1, &error);
  g_autoptr (LwStandings) standings = lw_standings_compute (record, &error);
  g_autofree char *csv = lw_csv_score_sheet (record, standings);
  g_autoptr (GPtrArray) rows = lw_csv_parse (csv, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 2);
  g_assert_cmpstrv ((char **) g_ptr_array_index (rows, 0), header);
  g_assert_cmpstrv ((char **) g_ptr_array_index (rows, 1), row);
}

/* CSV injection (OWASP): text that a spreadsheet would run as a formula
 * is written after a single quote, and quoted; numbers stay numbers. */
static void
test_injection (void)
{
  static const struct { const char *field; const char *written; const char *read; } cases[] = {
    { "=SUM(A1:A9)", "\"'=SUM(A1:A9)\"", "'=SUM(A1:A9)" },
    { "+1", "\"'+1\"", "'+1" },
    { "-2", "\"'-2\"", "'-2" },
    { "@cmd", "\"'@cmd\"", "'@cmd" },
    { "\tAnn", "\"'\tAnn\"", "'\tAnn" },
    { "\rAnn", "\"'\rAnn\"", "'\rAnn" },
    { "=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"",
      "'=HYPERLINK(\"http://x\",\"y\")" },
    { "Ann-Marie", "Ann-Marie", "Ann-Marie" },
    { "Ann=1", "Ann=1", "Ann=1" },
    /* A spreadsheet set to a locale whose list separator is ";" (German,
     * French) splits an unquoted field there: the second cell would be a
     * formula. */
    { "Ann;=1+1", "\"Ann;=1+1\"", "Ann;=1+1" },
    { "x;@cmd", "\"x;@cmd\"", "x;@cmd" },
  };
  static const char json[] =
    "{\"format\":\"little-wolf/game\",\"version\":1,"
    "\"players\":[\"=cmd|' /C calc'!A0\",\"@Ben\"],\"rounds\":["
    "{\"declarer\":1,\"cards\":[6,20],\"penalties\":[{\"seat\":0,\"kind\":\"out_of_turn\"}]}]}";
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GString) number = g_string_new (NULL);
  g_autofree char *csv = NULL;
  g_autofree char *event_csv = NULL;
  g_autoptr (GArray) event_rows = g_array_new (FALSE, TRUE, sizeof (LwEventStanding));
  LwEventStanding standing = { 0 };
  const char *const *row;
  gboolean negative = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GString) out = g_string_new (NULL);
      g_autoptr (GPtrArray) read = NULL;

      lw_csv_append_field (out, cases[i].field);
      g_assert_cmpstr (out->str, ==, cases[i].written);
      g_string_append (out, "\r\n");
      read = lw_csv_parse (out->str, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (((const char *const *) g_ptr_array_index (read, 0))[0], ==, cases[i].read);
    }

  lw_csv_append_number (number, -3);
  g_assert_cmpstr (number->str, ==, "-3");

  record = lw_game_record_from_json (json, -1, &error);
  g_assert_no_error (error);
  standings = lw_standings_compute (record, &error);
  g_assert_no_error (error);
  csv = lw_csv_score_sheet (record, standings);
  g_test_message ("%s", csv);
  rows = lw_csv_parse (csv, &error);
  g_assert_no_error (error);
  row = g_ptr_array_index (rows, 1);
  g_assert_cmpstr (row[1], ==, "'=cmd|' /C calc'!A0");   /* dealer */
  g_assert_cmpstr (row[2], ==, "'@Ben");                  /* declarer */
  g_assert_cmpstr (row[14], ==, "'=cmd|' /C calc'!A0 out_of_turn");
  /* The deltas and scores are numbers as they are, a loss with its minus. */
  for (guint k = 15; row[k] != NULL; k++)
    {
      g_assert_true (g_ascii_isdigit (row[k][0]) || row[k][0] == '-');
      negative |= row[k][0] == '-';
    }
  g_assert_true (negative);
  g_assert_null (strstr (csv, ",=") );
  g_assert_null (strstr (csv, ",@"));

  standing.rank = 1;
  standing.name = "-Zed";
  standing.margin = -4;
  g_array_append_val (event_rows, standing);
  event_csv = lw_event_standings_to_csv (event_rows);
  g_assert_true (g_str_has_suffix (event_csv, "\r\n1,\"'-Zed\",0,0,0,-4,0,0,0,0,no\r\n"));
}

/* The column of @name in @header, or fails. */
static guint
column (const char *const *header,
        const char        *name)
{
  for (guint i = 0; header[i] != NULL; i++)
    if (g_strcmp0 (header[i], name) == 0)
      return i;
  g_error ("no column “%s”", name);
  return 0;
}

static int
number (const char *field)
{
  gint64 value = 0;

  g_assert_true (g_ascii_string_to_signed (field, 10, -1000, 1000, &value, NULL));
  return (int) value;
}

/* The cell of @row under the column "@what @name" of @header: a seat's
 * count or mark, "cards Ann". */
static const char *
seat_cell (const char *const *header,
           const char *const *row,
           const char        *what,
           const char        *name)
{
  g_autofree char *title = g_strconcat (what, " ", name, NULL);

  return row[column (header, title)];
}

/* @record's table with its rounds only from the sheet's @rows (the
 * header first); the rounds marked all_but_last and the seats marked
 * unpegged are added to *@all_but_last and *@unpegged. */
static LwGameRecord *
record_from_sheet (const LwGameRecord *record,
                   GPtrArray          *rows,
                   guint              *all_but_last,
                   guint              *unpegged)
{
  const char *const *header = g_ptr_array_index (rows, 0);
  LwGameRecord *again = lw_game_record_copy (record);

  g_ptr_array_set_size (again->rounds, 0);
  for (guint r = 1; r < rows->len; r++)
    {
      const char *const *row = g_ptr_array_index (rows, r);
      g_autoptr (LwRound) round = lw_round_new ();
      g_auto (GStrv) penalties = NULL;
      const char *declarer = row[column (header, "declarer")];

      round->is_void = g_str_equal (row[column (header, "void")], "1");
      for (guint seat = 0; seat < record->n_players; seat++)
        {
          const char *name = record->players[seat];

          if (g_str_equal (declarer, name))
            round->declarer = (int) seat;
          round->unpegged[seat] = g_str_equal (seat_cell (header, row, "unpegged", name), "1");
          *unpegged += round->unpegged[seat];
          if (round->is_void)
            continue;
          round->cards[seat] = number (seat_cell (header, row, "cards", name));
          round->worms[seat] = number (seat_cell (header, row, "worms", name));
          round->gongs[seat] = number (seat_cell (header, row, "gongs", name));
          round->bears[seat] = number (seat_cell (header, row, "bears", name));
          round->wolves[seat] = number (seat_cell (header, row, "wolves", name));
        }
      round->all_but_last = g_str_equal (row[column (header, "all_but_last")], "1");
      *all_but_last += round->all_but_last;
      penalties = g_strsplit (row[column (header, "penalties")], "; ", -1);
      for (guint p = 0; penalties[p] != NULL && penalties[p][0] != '\0'; p++)
        for (guint seat = 0; seat < record->n_players; seat++)
          {
            g_autofree char *out = g_strconcat (record->players[seat], " out_of_turn", NULL);
            g_autofree char *looked = g_strconcat (record->players[seat], " looked_at_discards", NULL);

            if (g_str_equal (penalties[p], out))
              lw_round_add_penalty (round, (int) seat, LW_PENALTY_OUT_OF_TURN);
            else if (g_str_equal (penalties[p], looked))
              lw_round_add_penalty (round, (int) seat, LW_PENALTY_LOOKED_AT_DISCARDS);
          }
      g_ptr_array_add (again->rounds, g_steal_pointer (&round));
    }
  return again;
}

/* Every row of the sheet can be scored again from the sheet alone: the
 * rounds of the shared random games (which use all_but_last, R11, and
 * unpegged, R22) are read back from the CSV columns, replayed through the
 * engine, and give the deltas the sheet shows. */
static void
test_recheck (void)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths ("random", "");
  g_autoptr (GError) error = NULL;
  guint games = 0, all_but_last = 0, unpegged = 0;

  for (guint i = 0; i < paths->len && games < 40; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autoptr (LwGameRecord) record = lw_test_load_record (path);
      g_autoptr (LwGameRecord) again = NULL;
      g_autoptr (LwStandings) standings = NULL;
      g_autoptr (LwStandings) rescored = NULL;
      g_autoptr (GPtrArray) rows = NULL;
      g_autofree char *csv = NULL;
      const char *const *header;

      if (record->ruleset != LW_RULESET_LITTLE_WOLF)
        continue;
      standings = lw_standings_compute (record, &error);
      g_assert_no_error (error);
      csv = lw_csv_score_sheet (record, standings);
      rows = lw_csv_parse (csv, &error);
      g_assert_no_error (error);
      header = g_ptr_array_index (rows, 0);

      /* The same table, its rounds only from the sheet. */
      again = record_from_sheet (record, rows, &all_but_last, &unpegged);

      rescored = lw_standings_compute (again, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (rescored->rounds->len, ==, rows->len - 1);
      for (guint r = 1; r < rows->len; r++)
        {
          const char *const *row = g_ptr_array_index (rows, r);
          const LwRoundResult *result = g_ptr_array_index (rescored->rounds, r - 1);

          for (guint s = 0; s < rescored->n_sides; s++)
            {
              g_autofree char *delta = g_strconcat ("delta ", (const char *) g_ptr_array_index (rescored->sides, s), NULL);

              g_assert_cmpint (result->deltas[s], ==, number (row[column (header, delta)]));
            }
        }
      games++;
    }
  g_test_message ("%u games re-scored from their CSV: %u rounds all but last, %u seats unpegged",
                  games, all_but_last, unpegged);
  g_assert_cmpuint (games, >, 10);
  g_assert_cmpuint (all_but_last, >, 0);
  g_assert_cmpuint (unpegged, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/csv/quoting", test_quoting);
  g_test_add_func ("/csv/parse-errors", test_parse_errors);
  g_test_add_func ("/csv/score-sheet", test_score_sheet);
  g_test_add_func ("/csv/garwolf", test_garwolf);
  g_test_add_func ("/csv/injection", test_injection);
  g_test_add_func ("/csv/recheck", test_recheck);

  return g_test_run ();
}
