/* test-cases.c — every shared case: game records give their expected
 * standings, bad inputs are rejected (docs/rules/GAME-RECORD.md, docs/rules/SCORING.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-engine.h"
#include "lw-test-util.h"

static JsonNode *
parse_file (const char *path)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* Removes "items" from every round: wording is free (cases/README.md). */
static void
drop_items (JsonNode *standings)
{
  JsonArray *rounds = json_object_get_array_member (json_node_get_object (standings), "rounds");

  for (guint i = 0; i < json_array_get_length (rounds); i++)
    {
      JsonObject *round = json_array_get_object_element (rounds, i);
      if (json_object_has_member (round, "items"))
        json_object_remove_member (round, "items");
    }
}

static char *
to_text (JsonNode *node)
{
  return json_to_string (node, TRUE);
}

/* Text written a piece at a time (lw_json_write_streamed()) is the text
 * json-glib generates for the whole tree: indented by 2 (or with no white
 * space at all), with a final newline. */
static void
assert_as_whole_tree (const char *text,
                      gboolean    pretty)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *whole = NULL;
  g_autofree char *with_newline = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  json_generator_set_root (generator, json_parser_get_root (parser));
  json_generator_set_pretty (generator, pretty);
  json_generator_set_indent (generator, 2);
  whole = json_generator_to_data (generator, NULL);
  with_newline = g_strconcat (whole, "\n", NULL);
  g_assert_cmpstr (text, ==, with_newline);
}

/* Per side, a round's items add up to its delta (docs/rules/GAME-RECORD.md). */
static void
assert_items_add_up (const LwStandings *standings)
{
  for (guint i = 0; i < standings->rounds->len; i++)
    {
      const LwRoundResult *result = g_ptr_array_index (standings->rounds, i);
      int sums[LW_MAX_SEATS] = { 0 };

      for (guint k = 0; k < result->items->len; k++)
        {
          const LwItem *item = &g_array_index (result->items, LwItem, k);
          g_assert_cmpint (item->points, !=, 0);
          g_assert_cmpint (item->side, >=, 0);
          g_assert_cmpint (item->side, <, (int) standings->n_sides);
          sums[item->side] += item->points;
        }
      for (guint s = 0; s < standings->n_sides; s++)
        g_assert_cmpint (sums[s], ==, result->deltas[s]);
    }
}

/* The standings' JSON, items dropped, is the case's expected standings
 * (cases/README.md), and is written as a whole tree would be. */
static void
assert_expected_standings (const LwStandings *standings,
                           const char        *path)
{
  g_autofree char *json = lw_standings_to_json (standings);
  g_autofree char *expected_path = lw_test_expected_path (path);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) got = NULL;
  g_autoptr (JsonNode) want = parse_file (expected_path);
  g_autofree char *got_text = NULL;
  g_autofree char *want_text = NULL;

  assert_as_whole_tree (json, TRUE);
  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  got = json_node_copy (json_parser_get_root (parser));
  drop_items (got);
  drop_items (want);

  got_text = to_text (got);
  want_text = to_text (want);
  g_assert_cmpstr (got_text, ==, want_text);
}

/* The record written without white space is the text of the whole tree,
 * its length counted right, and reads back to the record written as
 * @exported. */
static void
assert_compact_round_trip (LwGameRecord *record,
                           const char   *exported)
{
  g_autoptr (GString) compact = g_string_new (NULL);
  g_autoptr (LwGameRecord) from_compact = NULL;
  g_autofree char *again_text = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (lw_game_record_write_json (record, FALSE, lw_json_write_to_string, compact, NULL));
  assert_as_whole_tree (compact->str, FALSE);
  g_assert_true (strchr (compact->str, '\n') == compact->str + compact->len - 1);
  g_assert_cmpuint (lw_game_record_json_length (record, FALSE), ==, compact->len);
  from_compact = lw_game_record_from_json (compact->str, (gssize) compact->len, &error);
  g_assert_no_error (error);
  again_text = lw_game_record_to_json (from_compact);
  g_assert_cmpstr (again_text, ==, exported);
  g_assert_true (lw_game_record_check_size (record, &error));
  g_assert_no_error (error);
}

/* The standings of the case in the file @path (lw_standings_read()), its
 * record in @record unless NULL; asserts that the file reads. */
static LwStandings *
read_case (const char    *path,
           LwGameRecord **record,
           GError       **error)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return lw_standings_read (g_steal_pointer (&contents), (gssize) length, record, error);
}

/* The standings written as the record is replayed round by round
 * (lw_standings_write_record_json()) are lw_standings_read()'s, as JSON or
 * as the same error with nothing written: for the case's text, and for
 * it padded with white space past the size from which a record's rounds
 * are read one at a time. */
static void
assert_written_round_by_round (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  for (guint padded = 0; padded <= 1; padded++)
    {
      g_autoptr (GString) text = g_string_new_len (contents, (gssize) length);
      g_autoptr (GString) written = g_string_new (NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (GError) read_error = NULL;
      g_autoptr (LwStandings) standings = NULL;
      gboolean ok;

      if (padded)
        for (guint i = 0; i < 300 * 1024 / 64; i++)
          g_string_append (text, "                                                               \n");
      ok = lw_standings_write_record_json (text->str, (gssize) text->len, lw_json_write_to_string,
                                           written, &error);
      standings = lw_standings_read (g_strndup (text->str, text->len), (gssize) text->len, NULL,
                                     &read_error);
      if (standings != NULL)
        {
          g_autofree char *json = lw_standings_to_json (standings);

          g_assert_no_error (error);
          g_assert_true (ok);
          g_assert_cmpstr (written->str, ==, json);
        }
      else
        {
          g_assert_false (ok);
          g_assert_error (error, read_error->domain, read_error->code);
          g_assert_cmpstr (error->message, ==, read_error->message);
          g_assert_cmpuint (written->len, ==, 0);
        }
    }
}

static void
test_good_case (gconstpointer data)
{
  const char *path = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwStandings) standings = read_case (path, &record, &error);

  g_assert_no_error (error);
  assert_items_add_up (standings);
  assert_expected_standings (standings, path);
  assert_written_round_by_round (path);

  /* The record written back out reads to the same standings, indented or
   * without white space, and its length is counted right. */
  {
    g_autofree char *exported = lw_game_record_to_json (record);
    g_autoptr (LwStandings) standings_again = NULL;
    g_autofree char *json = NULL;
    g_autofree char *first = lw_standings_to_json (standings);

    assert_as_whole_tree (exported, TRUE);
    g_assert_cmpuint (lw_game_record_json_length (record, TRUE), ==, strlen (exported));
    assert_compact_round_trip (record, exported);
    standings_again = lw_standings_read (g_strdup (exported), -1, NULL, &error);
    g_assert_no_error (error);
    json = lw_standings_to_json (standings_again);
    g_assert_cmpstr (json, ==, first);
  }
}

/* What the names rule (docs/rules/GAME-RECORD.md "Names") says of each of the v2
 * name cases: a part of the one-line message. */
static const struct {
  const char *file;
  const char *message;
} name_cases[] = {
  { "BAD-name-101-characters.json", "players: the name of seat 0 is 101 characters; at most 100" },
  { "BAD-name-control-character.json", "players: the name of seat 0 holds a control character (U+001B" },
  { "BAD-name-line-separator.json", "players: the name of seat 0 holds a line or paragraph separator (U+2028)" },
  { "BAD-name-only-zero-width-space.json", "players: the name of seat 0 is only spaces or invisible characters" },
  { "BAD-names-equal-after-nfc.json", "sits at seat 0 and seat 1; names must be unique" },
};

static void
test_bad_case (gconstpointer data)
{
  const char *path = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStandings) standings = read_case (path, NULL, &error);

  g_assert_null (standings);
  g_assert_nonnull (error);
  g_assert_true (error->domain == LW_ENGINE_ERROR);
  g_assert_cmpuint (strlen (error->message), >, 10);
  g_assert_null (strchr (error->message, '\n'));
  /* The message never carries a name's control characters. */
  g_assert_null (strchr (error->message, '\x1b'));
  g_test_message ("%s: %s", path, error->message);
  assert_written_round_by_round (path);

  /* What the names rule says of each of its cases. */
  {
    g_autofree char *file = g_path_get_basename (path);

    for (guint i = 0; i < G_N_ELEMENTS (name_cases); i++)
      if (g_str_equal (file, name_cases[i].file))
        {
          g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, name_cases[i].message));
        }
  }

  /* The CLI refuses it likewise: status 2, one line on stderr, nothing on
   * stdout (cases/README.md). */
  if (strstr (path, G_DIR_SEPARATOR_S "v2" G_DIR_SEPARATOR_S) != NULL)
    {
      g_auto (LwTestRun) run = { 0 };

      lw_test_run_cli (&run, NULL, NULL, "score", path, NULL);
      lw_test_assert_cli_failed (&run, 2, NULL);
    }
}

/* An element of /cases/streamed: an object of a string that needs
 * escaping, a negative number, a nested list and an empty one. */
static JsonNode *
element_node (guint    index,
              gpointer user_data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *text = g_strdup_printf ("{\"n\":%u,\"minus\":-%u,\"list\":[%u],\"none\":[],"
                                           "\"word\":\"%s \\\"Pups\\\"\"}",
                                           index, index + 1, index, (const char *) user_data);
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* Elements streamed into a head, indented or compact, are the text of the
 * whole tree; none leaves the head as it is. */
static void
test_streamed (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, "{\"format\": \"x\", \"rounds\": [], \"after\": [1, 2]}", -1, &error);
  g_assert_no_error (error);
  for (guint n = 0; n <= 3; n++)
    for (int pretty = 0; pretty <= 1; pretty++)
      {
        g_autoptr (GString) out = g_string_new (NULL);

        g_assert_true (lw_json_write_streamed (json_parser_get_root (parser), "rounds", n,
                                               element_node, (gpointer) "pack", pretty,
                                               lw_json_write_to_string, out, &error));
        g_assert_no_error (error);
        assert_as_whole_tree (out->str, pretty);
        g_assert_cmpuint (n == 0 ? 0 : 1, ==, strstr (out->str, "\"word\"") != NULL);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cases/streamed", test_streamed);
  lw_test_add_cases ("/cases", "scoring", test_good_case, test_bad_case);
  lw_test_add_cases ("/cases", "random", test_good_case, test_bad_case);
  lw_test_add_cases ("/cases", "v2", test_good_case, test_bad_case);
  return g_test_run ();
}
