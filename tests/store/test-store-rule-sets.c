/* test-store-rule-sets.c — a game's house rules and the saved rule sets
 * (schema 12):
 *
 * - a game keeps its rule set's name, run_fill and over_trump (and a
 *   Garwolf game its king_and_knave): stored, loaded, exported, imported
 *   and exported again to the same text; a record without them exports as
 *   it was (no `rules` keys added); a deleted game comes back with them;
 * - every v2 case of the shared cases goes store → export → import →
 *   export to the same text;
 * - rule sets: created (the name in NFC, trimmed), listed by ruleset and
 *   name, renamed, deleted; a duplicate name (also after NFC), a bad name,
 *   a value out of range and a house rule of the other ruleset refused,
 *   with nothing written;
 * - an event (schema 13) keeps a copy of the rule set it was made with:
 *   the game made for each of its tables has the set's start score,
 *   target, skunk, house rules and name, also after the set is renamed
 *   and deleted; an event made without one plays Standard rules; a
 *   Garwolf set or bad values are refused with no event written; a set
 *   is found by its name (trimmed), a missing name is "not found".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-store.h"
#include "lw-test-util.h"

typedef LwTestDb Fixture;

static LwGameRecord *
little_wolf_record (void)
{
  const char *names[] = { "Ann", "Ben", "Cleo" };
  LwGameRecord *record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 3, names);
  LwRound *round = lw_round_new ();

  round->declarer = 1;
  round->cards[0] = 8;
  round->cards[1] = 20;
  round->cards[2] = 5;
  g_ptr_array_add (record->rounds, round);
  return record;
}

/* The value of @key in the `rules` of record text @json as JSON text
 * ("\"inside_only\"", "true"), or NULL when it has no such key. */
static char *
rules_member (const char *json,
              const char *key)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *rules;
  JsonNode *node;

  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  rules = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)), "rules");
  node = json_object_get_member (rules, key);
  return node == NULL ? NULL : json_to_string (node, FALSE);
}

static void
assert_rules_member (const char *json,
                     const char *key,
                     const char *expected)
{
  g_autofree char *value = rules_member (json, key);

  g_assert_cmpstr (value, ==, expected);
}

/* Imports @json and returns the export of the stored game. */
static char *
import_export (LwStore    *store,
               const char *json,
               gint64     *id_out)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = lw_game_record_from_json (json, -1, &error);
  g_autoptr (LwStoredGame) game = NULL;
  gint64 same = 0, id;

  g_assert_no_error (error);
  id = lw_store_import_game (store, record, TRUE, &same, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  game = lw_store_load_game (store, id, &error);
  g_assert_no_error (error);
  if (id_out != NULL)
    *id_out = id;
  return lw_game_record_to_json (game->record);
}

static void
test_game_keeps_house_rules (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = little_wolf_record ();
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *first = NULL, *second = NULL, *third = NULL;
  gint64 id, copy;

  g_free (record->rule_set);
  record->rule_set = g_strdup ("Club nights");
  record->run_fill = LW_RUN_FILL_INSIDE_ONLY;
  record->over_trump = LW_OVER_TRUMP_WHOLE_TRICK;
  id = lw_store_add_game (fixture->store, record, &error);
  g_assert_no_error (error);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM games"
                                       " WHERE rule_set = 'Club nights' AND run_fill = 'inside_only'"
                                       " AND over_trump = 'whole_trick'"), ==, 1);

  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (game->record->rule_set, ==, "Club nights");
  g_assert_cmpint (game->record->run_fill, ==, LW_RUN_FILL_INSIDE_ONLY);
  g_assert_cmpint (game->record->over_trump, ==, LW_OVER_TRUMP_WHOLE_TRICK);

  /* store → export → import → export: the same text, the options named. */
  first = lw_game_record_to_json (game->record);
  assert_rules_member (first, "rule_set", "\"Club nights\"");
  assert_rules_member (first, "run_fill", "\"inside_only\"");
  assert_rules_member (first, "over_trump", "\"whole_trick\"");
  second = import_export (fixture->store, first, &copy);
  g_assert_cmpint (copy, !=, id);
  /* The copy has a new id: compare the rest. */
  {
    g_autoptr (LwGameRecord) a = lw_game_record_from_json (first, -1, NULL);
    g_autoptr (LwGameRecord) b = lw_game_record_from_json (second, -1, NULL);
    g_autofree char *ta = NULL, *tb = NULL;

    g_clear_pointer (&a->id, g_free);
    g_clear_pointer (&b->id, g_free);
    ta = lw_game_record_to_json (a);
    tb = lw_game_record_to_json (b);
    g_assert_cmpstr (ta, ==, tb);
  }

  /* Deleted and brought back: the options come back too. */
  lw_store_delete_game (fixture->store, id, &error);
  g_assert_no_error (error);
  lw_store_restore_game (fixture->store, id, &error);
  g_assert_no_error (error);
  g_clear_pointer (&game, lw_stored_game_free);
  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_no_error (error);
  third = lw_game_record_to_json (game->record);
  g_assert_cmpstr (third, ==, first);
}

/* A record of version 1 (no id, no options) exports with none of the
 * `rules` keys of version 2. */
static void
test_defaults_not_written (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = little_wolf_record ();
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL;
  gint64 id = lw_store_add_game (fixture->store, record, &error);

  g_assert_no_error (error);
  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_null (game->record->rule_set);
  g_assert_cmpint (game->record->run_fill, ==, LW_RUN_FILL_INSIDE_OR_END);
  g_assert_cmpint (game->record->over_trump, ==, LW_OVER_TRUMP_WINNING_PLAY);
  json = lw_game_record_to_json (game->record);
  assert_rules_member (json, "rule_set", NULL);
  assert_rules_member (json, "run_fill", NULL);
  assert_rules_member (json, "over_trump", NULL);
  assert_rules_member (json, "king_and_knave", NULL);
  assert_rules_member (json, "target", "15");
}

/* Every good case of v2/: store → export → import → export gives one text. */
static void
test_v2_cases_round_trip (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr (GPtrArray) paths = lw_test_case_paths ("v2", "V");
  guint n = 0;

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autofree char *text = NULL;
      g_autofree char *first = NULL, *second = NULL;
      g_autoptr (LwGameRecord) a = NULL, b = NULL;

      if (g_str_has_suffix (path, ".expected.json"))
        continue;
      g_test_message ("%s", path);
      text = lw_test_read_file (path);
      first = import_export (fixture->store, text, NULL);
      second = import_export (fixture->store, first, NULL);
      /* --as-new gives the second copy a new id; the rest is the same. */
      a = lw_game_record_from_json (first, -1, NULL);
      b = lw_game_record_from_json (second, -1, NULL);
      g_clear_pointer (&a->id, g_free);
      g_clear_pointer (&b->id, g_free);
      g_free (first);
      g_free (second);
      first = lw_game_record_to_json (a);
      second = lw_game_record_to_json (b);
      g_assert_cmpstr (first, ==, second);
      n++;
    }
  g_assert_cmpuint (n, >=, 4);
}

/* A Garwolf game: king_and_knave kept (and the column of Little Wolf's
 * options left at the rulings). */
static void
test_garwolf_keeps_king_and_knave (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autofree char *path = g_build_filename (lw_test_cases_dir (), "v2", "V2-garwolf-king-and-knave.json", NULL);
  g_autofree char *text = lw_test_read_file (path);
  g_autofree char *json = NULL;
  gint64 id = 0;

  json = import_export (fixture->store, text, &id);
  assert_rules_member (json, "king_and_knave", "true");
  assert_rules_member (json, "run_fill", NULL);
  g_assert_cmpint (id, >, 0);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path,
                                       "SELECT count (*) FROM games WHERE king_and_knave = 1"
                                       " AND run_fill = 'inside_or_end' AND over_trump = 'winning_play'"),
                   ==, 1);
}

/* lw_test_club_nights() named @name. */
static LwRuleSet *
little_wolf_set (const char *name)
{
  LwRuleSet *set = lw_test_club_nights ();

  g_free (set->name);
  set->name = g_strdup (name);
  return set;
}

/* "Club nights" (lw_test_club_nights()) with every other option away from
 * Standard too: start 0, skunk 7, over-trumping by the whole trick. */
static LwRuleSet *
club_nights_all_options (void)
{
  LwRuleSet *club = lw_test_club_nights ();

  club->start_score = 0;
  club->skunk = 7;
  club->over_trump = LW_OVER_TRUMP_WHOLE_TRICK;
  return club;
}

static void
test_rule_sets (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRuleSet) club = little_wolf_set ("  Cafe\xcc\x81 rules ");   /* NFD é, spaces */
  g_autoptr (LwRuleSet) same = little_wolf_set ("Caf\xc3\xa9 rules");        /* NFC é */
  g_autoptr (LwRuleSet) other = little_wolf_set ("alpha");
  g_autoptr (LwRuleSet) garwolf = lw_rule_set_new_standard (LW_RULESET_GARWOLF);
  g_autoptr (GPtrArray) sets = NULL;
  const LwRuleSet *got;
  gint64 id, id_alpha, id_garwolf;

  /* The standard set is the rulings. */
  g_assert_cmpint (garwolf->start_score, ==, 0);
  g_assert_cmpint (garwolf->target, ==, 100);
  g_assert_false (garwolf->king_and_knave);

  id = lw_store_create_rule_set (fixture->store, club, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);

  /* The same name in NFC: refused; in the other ruleset: allowed. */
  g_assert_cmpint (lw_store_create_rule_set (fixture->store, same, &error), ==, 0);
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "exists already"));
  g_clear_error (&error);
  garwolf->name = g_strdup ("Caf\xc3\xa9 rules");
  garwolf->king_and_knave = TRUE;
  garwolf->target = 150;
  id_garwolf = lw_store_create_rule_set (fixture->store, garwolf, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id_garwolf, >, 0);

  /* Bad names and values, and house rules of the other ruleset. */
  g_free (other->name);
  other->name = g_strdup ("   ");
  g_assert_cmpint (lw_store_create_rule_set (fixture->store, other, &error), ==, 0);
  g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
  g_clear_error (&error);
  g_free (other->name);
  other->name = g_strdup ("alpha");
  other->target = 0;
  g_assert_cmpint (lw_store_create_rule_set (fixture->store, other, &error), ==, 0);
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "target"));
  g_clear_error (&error);
  other->target = 15;
  other->king_and_knave = TRUE;
  g_assert_cmpint (lw_store_create_rule_set (fixture->store, other, &error), ==, 0);
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Garwolf only"));
  g_clear_error (&error);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM rule_sets"), ==, 2);

  other->king_and_knave = FALSE;
  other->over_trump = LW_OVER_TRUMP_WHOLE_TRICK;
  id_alpha = lw_store_create_rule_set (fixture->store, other, &error);
  g_assert_no_error (error);

  /* Listed by ruleset, sorted by name case-insensitively. */
  sets = lw_store_list_rule_sets (fixture->store, LW_RULESET_LITTLE_WOLF, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sets->len, ==, 2);
  got = g_ptr_array_index (sets, 0);
  g_assert_cmpint (got->id, ==, id_alpha);
  g_assert_cmpint (got->over_trump, ==, LW_OVER_TRUMP_WHOLE_TRICK);
  got = g_ptr_array_index (sets, 1);
  g_assert_cmpint (got->id, ==, id);
  g_assert_cmpstr (got->name, ==, "Caf\xc3\xa9 rules");
  g_assert_cmpint (got->target, ==, 21);
  g_assert_cmpint (got->start_score, ==, 1);
  g_assert_cmpint (got->skunk, ==, 11);
  g_assert_cmpint (got->run_fill, ==, LW_RUN_FILL_INSIDE_ONLY);
  g_assert_cmpint (got->over_trump, ==, LW_OVER_TRUMP_WINNING_PLAY);
  g_clear_pointer (&sets, g_ptr_array_unref);
  sets = lw_store_list_rule_sets (fixture->store, LW_RULESET_GARWOLF, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sets->len, ==, 1);
  got = g_ptr_array_index (sets, 0);
  g_assert_true (got->king_and_knave);
  g_assert_cmpint (got->target, ==, 150);

  /* Renamed: not onto another set's name (in NFD too); onto its own. */
  g_assert_false (lw_store_rename_rule_set (fixture->store, id_alpha, "Cafe\xcc\x81 rules", &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (lw_store_rename_rule_set (fixture->store, id, "Caf\xc3\xa9 rules", &error));
  g_assert_no_error (error);
  g_assert_true (lw_store_rename_rule_set (fixture->store, id_alpha, "Zeta", &error));
  g_assert_no_error (error);
  g_assert_false (lw_store_rename_rule_set (fixture->store, 999, "Omega", &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_clear_pointer (&sets, g_ptr_array_unref);
  sets = lw_store_list_rule_sets (fixture->store, LW_RULESET_LITTLE_WOLF, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (((LwRuleSet *) g_ptr_array_index (sets, 1))->name, ==, "Zeta");

  /* Deleted, once. */
  g_assert_true (lw_store_delete_rule_set (fixture->store, id, &error));
  g_assert_no_error (error);
  g_assert_false (lw_store_delete_rule_set (fixture->store, id, &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count (*) FROM rule_sets"), ==, 2);
}

/* A set applied to a record gives it the options and the name. */
static void
test_rule_set_apply (void)
{
  g_autoptr (LwGameRecord) record = little_wolf_record ();
  g_autoptr (LwRuleSet) set = little_wolf_set ("Short");
  LwHouseRules rules;

  set->over_trump = LW_OVER_TRUMP_WHOLE_TRICK;
  lw_rule_set_apply (set, record);
  g_assert_cmpstr (record->rule_set, ==, "Short");
  g_assert_cmpint (record->target, ==, 21);
  lw_game_record_house_rules (record, &rules);
  g_assert_true (rules.runs_inside_only);
  g_assert_true (rules.whole_trick_overtrump);
}

/* An event of two players who are both checked in, made with @rules. */
static gint64
event_with_rules (LwStore          *store,
                  const LwRuleSet  *rules,
                  GError          **error)
{
  LwEventConfig config;
  gint64 id;

  lw_event_config_init (&config, LW_EVENT_SWISS, 2);
  config.n_rounds = 1;
  config.seed = 5;
  id = lw_store_add_event_with_rules (store, "Thursday club", &config, rules, error);
  if (id == 0)
    return 0;
  g_assert_true (lw_store_add_event_entrant (store, id, "Ann", LW_ENTRANT_CHECKED_IN, NULL));
  g_assert_true (lw_store_add_event_entrant (store, id, "Ben", LW_ENTRANT_CHECKED_IN, NULL));
  return id;
}

/* The record of the game made for table 1 of event @id's round 1. */
static LwStoredGame *
table_game (LwStore *store,
            gint64   id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) paired = lw_store_pair_event_round (store, id, &error);
  gint64 game_id;
  LwStoredGame *game;

  g_assert_no_error (error);
  game_id = lw_store_start_event_table_game (store, id, 1, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game_id, >, 0);
  game = lw_store_load_game (store, game_id, &error);
  g_assert_no_error (error);
  return game;
}

static void
test_event_rule_set (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRuleSet) club = club_nights_all_options ();
  g_autoptr (LwRuleSet) found = NULL;
  g_autoptr (LwRuleSet) copy = NULL;
  g_autoptr (LwRuleSet) garwolf = lw_rule_set_new_standard (LW_RULESET_GARWOLF);
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStoredGame) standard_game = NULL;
  gint64 set_id, id, plain, refused;

  set_id = lw_store_create_rule_set (fixture->store, club, &error);
  g_assert_no_error (error);

  /* Found by its name, also with spaces around it. */
  found = lw_store_find_rule_set (fixture->store, LW_RULESET_LITTLE_WOLF, "  Club nights ", &error);
  g_assert_no_error (error);
  g_assert_cmpint (found->id, ==, set_id);
  g_assert_cmpint (found->target, ==, 21);
  g_assert_null (lw_store_find_rule_set (fixture->store, LW_RULESET_LITTLE_WOLF, "Club", &error));
  g_assert_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "“Club”"));
  g_clear_error (&error);
  g_assert_null (lw_store_find_rule_set (fixture->store, LW_RULESET_GARWOLF, "Club nights", &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);

  id = event_with_rules (fixture->store, found, &error);
  g_assert_no_error (error);

  /* Renamed and deleted: the event keeps its copy. */
  g_assert_true (lw_store_rename_rule_set (fixture->store, set_id, "Long nights", &error));
  g_assert_true (lw_store_delete_rule_set (fixture->store, set_id, &error));
  g_assert_no_error (error);
  copy = lw_store_get_event_rule_set (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (copy->name, ==, "Club nights");
  g_assert_cmpint (copy->id, ==, 0);
  g_assert_cmpint (copy->start_score, ==, 0);
  g_assert_cmpint (copy->target, ==, 21);
  g_assert_cmpint (copy->skunk, ==, 7);
  g_assert_cmpint (copy->run_fill, ==, LW_RUN_FILL_INSIDE_ONLY);
  g_assert_cmpint (copy->over_trump, ==, LW_OVER_TRUMP_WHOLE_TRICK);

  game = table_game (fixture->store, id);
  g_assert_cmpstr (game->record->rule_set, ==, "Club nights");
  g_assert_cmpint (game->record->start_score, ==, 0);
  g_assert_cmpint (game->record->target, ==, 21);
  g_assert_cmpint (game->record->skunk, ==, 7);
  g_assert_cmpint (game->record->run_fill, ==, LW_RUN_FILL_INSIDE_ONLY);
  g_assert_cmpint (game->record->over_trump, ==, LW_OVER_TRUMP_WHOLE_TRICK);

  /* Without a set: the rulings. */
  plain = event_with_rules (fixture->store, NULL, &error);
  g_assert_no_error (error);
  standard_game = table_game (fixture->store, plain);
  g_assert_null (standard_game->record->rule_set);
  g_assert_cmpint (standard_game->record->start_score, ==, 1);
  g_assert_cmpint (standard_game->record->target, ==, 15);
  g_assert_cmpint (standard_game->record->skunk, ==, 11);
  g_assert_cmpint (standard_game->record->run_fill, ==, LW_RUN_FILL_INSIDE_OR_END);
  g_assert_cmpint (standard_game->record->over_trump, ==, LW_OVER_TRUMP_WINNING_PLAY);

  /* Refused, with no event written. */
  garwolf->name = g_strdup ("Garwolf nights");
  refused = event_with_rules (fixture->store, garwolf, &error);
  g_assert_cmpint (refused, ==, 0);
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  club->target = 0;
  refused = event_with_rules (fixture->store, club, &error);
  g_assert_cmpint (refused, ==, 0);
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  g_assert_cmpint (lw_test_sql_int_at (fixture->path, "SELECT count(*) FROM events"), ==, 2);
  g_assert_null (lw_store_get_event_rule_set (fixture->store, 99, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
}

/* A game's rules change before its first round, in one write: the
 * numbers, the house rules and the set's name read back; once a round is
 * stored, or for the other ruleset's set, the change is refused and the
 * rules stay. */
static void
test_set_game_rules (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr (LwGameRecord) record = little_wolf_record ();
  g_autoptr (LwRuleSet) club = club_nights_all_options ();
  g_autoptr (LwRuleSet) court = lw_rule_set_new_standard (LW_RULESET_GARWOLF);
  g_autoptr (LwRuleSet) standard = lw_rule_set_new_standard (LW_RULESET_LITTLE_WOLF);
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (GError) error = NULL;
  LwRound *round;
  gint64 id;

  /* No round yet. */
  round = g_ptr_array_steal_index (record->rounds, 0);
  id = lw_store_add_game (fixture->store, record, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_set_game_rules (fixture->store, id, club, &error));
  g_assert_no_error (error);
  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (game->record->target, ==, 21);
  g_assert_cmpint (game->record->skunk, ==, 7);
  g_assert_cmpint (game->record->start_score, ==, 0);
  g_assert_cmpint (game->record->run_fill, ==, LW_RUN_FILL_INSIDE_ONLY);
  g_assert_cmpint (game->record->over_trump, ==, LW_OVER_TRUMP_WHOLE_TRICK);
  g_assert_cmpstr (game->record->rule_set, ==, "Club nights");
  g_clear_pointer (&game, lw_stored_game_free);

  /* Back to the rulings: no set's name. */
  g_assert_true (lw_store_set_game_rules (fixture->store, id, standard, &error));
  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_cmpint (game->record->target, ==, 15);
  g_assert_null (game->record->rule_set);
  g_clear_pointer (&game, lw_stored_game_free);

  /* The other ruleset's set, or a target of 0: refused. */
  g_assert_false (lw_store_set_game_rules (fixture->store, id, court, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  club->target = 0;
  g_assert_false (lw_store_set_game_rules (fixture->store, id, club, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  club->target = 21;

  /* Once a round is stored the rules stay. */
  g_assert_true (lw_store_append_round (fixture->store, id, round, &error));
  g_assert_no_error (error);
  g_assert_false (lw_store_set_game_rules (fixture->store, id, club, &error));
  g_assert_nonnull (strstr (error->message, "once a round is stored"));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID);
  game = lw_store_load_game (fixture->store, id, &error);
  g_assert_cmpint (game->record->target, ==, 15);
  g_assert_cmpuint (game->record->rounds->len, ==, 1);
  g_assert_false (lw_store_set_game_rules (fixture->store, 9999, club, &error));
  lw_test_assert_error_clear (&error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND);
  lw_round_free (round);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/store-rule-sets/game-keeps-house-rules", Fixture, NULL,
              lw_test_db_set_up, test_game_keeps_house_rules, lw_test_db_tear_down);
  g_test_add ("/store-rule-sets/defaults-not-written", Fixture, NULL,
              lw_test_db_set_up, test_defaults_not_written, lw_test_db_tear_down);
  g_test_add ("/store-rule-sets/v2-cases-round-trip", Fixture, NULL,
              lw_test_db_set_up, test_v2_cases_round_trip, lw_test_db_tear_down);
  g_test_add ("/store-rule-sets/garwolf-king-and-knave", Fixture, NULL,
              lw_test_db_set_up, test_garwolf_keeps_king_and_knave, lw_test_db_tear_down);
  g_test_add ("/store-rule-sets/rule-sets", Fixture, NULL,
              lw_test_db_set_up, test_rule_sets, lw_test_db_tear_down);
  g_test_add_func ("/store-rule-sets/apply", test_rule_set_apply);
  g_test_add ("/store-rule-sets/event-rule-set", Fixture, NULL,
              lw_test_db_set_up, test_event_rule_set, lw_test_db_tear_down);
  g_test_add ("/store-rule-sets/set-game-rules", Fixture, NULL,
              lw_test_db_set_up, test_set_game_rules, lw_test_db_tear_down);
  return g_test_run ();
}
