/* lw-record-read.c — reading a game record's JSON and one round's, with
 * the place of every error (docs/rules/GAME-RECORD.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

/* Records of this many bytes or more are read a round at a time. */
#define SPLIT_ABOVE (256 * 1024)

#include <json-glib/json-glib.h>

#include "lw-error.h"
#include "lw-json-text.h"
#include "lw-names.h"
#include "lw-record.h"
#include "lw-record-private.h"

/* ------------------------------------------------------------------ */
/* Reading JSON */

/* Whether every key of @object is one of @allowed, walked in order in
 * place (no list of the members made); the error names the first other. */
static gboolean
only_keys (JsonObject         *object,
           const char         *place,
           const char *const  *allowed,
           GError            **error)
{
  JsonObjectIter iter;
  const char *key;

  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &key, NULL))
    if (!g_strv_contains (allowed, key))
      return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                             "%s: key \"%s\" is not allowed", place, key);
  return TRUE;
}

/* An integer in [min, max], or an error naming the place. */
static gboolean
read_int (JsonNode    *node,
          const char  *place,
          const char  *key,
          gint64       min,
          gint64       max,
          int         *out,
          GError     **error)
{
  gint64 value;

  if (!lw_json_node_holds (node, G_TYPE_INT64))
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "%s: %s must be an integer", place, key);

  value = json_node_get_int (node);
  /* The bound is named even when it is this program's (MAX_COUNT), not a
   * rule's: "expected 1 or more" would be wrong about 1000000000. */
  if (value < min || value > max)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "%s: %s is %" G_GINT64_FORMAT ", expected %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT,
                           place, key, value, min, max);
  *out = (int) value;
  return TRUE;
}

static JsonArray *
get_array (JsonObject  *object,
           const char  *place,
           const char  *key,
           GError     **error)
{
  JsonNode *node = json_object_get_member (object, key);

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "%s: %s must be a list", place, key);
      return NULL;
    }
  return json_node_get_array (node);
}

/* A list of one count per seat. */
static gboolean
read_per_seat (JsonObject         *object,
               const char         *place,
               const char         *key,
               guint               n_players,
               const char *const  *players,
               int                *out,
               GError       **error)
{
  JsonArray *array = get_array (object, place, key, error);

  if (array == NULL)
    return FALSE;
  if (json_array_get_length (array) != n_players)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "%s: %s has %u values, expected one per player (%u)",
                           place, key, json_array_get_length (array), n_players);
  for (guint i = 0; i < n_players; i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      g_autofree char *what = NULL;

      /* A good count is read without naming its seat: the name is
       * formatted for an error only. */
      if (lw_json_node_holds (node, G_TYPE_INT64))
        {
          gint64 value = json_node_get_int (node);

          if (value >= 0 && value <= MAX_COUNT)
            {
              out[i] = (int) value;
              continue;
            }
        }
      /* The seat as in JSON, with who sits there (docs/rules/CLI.md). */
      what = players != NULL && players[i] != NULL
             ? g_strdup_printf ("%s of seat %u (%s)", key, i, players[i])
             : g_strdup_printf ("%s of seat %u", key, i);
      if (!read_int (node, place, what, 0, MAX_COUNT, &out[i], error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_bool (JsonNode    *node,
           const char  *place,
           const char  *key,
           gboolean    *out,
           GError     **error)
{
  if (!lw_json_node_holds (node, G_TYPE_BOOLEAN))
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "%s: %s must be true or false", place, key);
  *out = json_node_get_boolean (node);
  return TRUE;
}

static gboolean
read_penalties (JsonObject    *object,
                const char    *place,
                guint          n_players,
                LwRound       *round,
                GError       **error)
{
  static const char *const keys[] = { "seat", "kind", NULL };
  JsonArray *array = get_array (object, place, "penalties", error);

  if (array == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      g_autofree char *where = g_strdup_printf ("%s: penalty %u", place, i + 1);
      JsonObject *penalty;
      const char *kind_name;
      LwPenaltyKind kind;
      int seat;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "%s must be an object with seat and kind", where);
      penalty = json_node_get_object (node);
      if (!only_keys (penalty, where, keys, error))
        return FALSE;
      if (!json_object_has_member (penalty, "seat") || !json_object_has_member (penalty, "kind"))
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "%s needs both seat and kind", where);
      if (!read_int (json_object_get_member (penalty, "seat"), where, "seat",
                     0, n_players - 1, &seat, error))
        return FALSE;
      kind_name = lw_json_node_string (json_object_get_member (penalty, "kind"));
      if (!lw_penalty_kind_from_string (kind_name, &kind))
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "%s: kind must be \"out_of_turn\" or \"looked_at_discards\"", where);
      lw_round_add_penalty (round, seat, kind);
    }
  return TRUE;
}

static gboolean
read_unpegged (JsonObject    *object,
               const char    *place,
               guint          n_players,
               LwRound       *round,
               GError       **error)
{
  JsonArray *array = get_array (object, place, "unpegged", error);

  if (array == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      int seat;

      if (!read_int (json_array_get_element (array, i), place, "unpegged seat",
                     0, n_players - 1, &seat, error))
        return FALSE;
      round->unpegged[seat] = TRUE;
    }
  return TRUE;
}

static LwRound *
read_garwolf_round (JsonObject         *object,
                    const char         *place,
                    guint               n_players,
                    const char *const  *players,
                    GError            **error)
{
  static const char *const keys[] = { "court", "garwolves", NULL };
  g_autoptr (LwRound) round = lw_round_new ();

  if (!only_keys (object, place, keys, error))
    return NULL;
  if (!json_object_has_member (object, "court") || !json_object_has_member (object, "garwolves"))
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                      "%s: a Garwolf hand needs both court and garwolves", place);
      return NULL;
    }
  if (!read_per_seat (object, place, "court", n_players, players, round->court, error) ||
      !read_per_seat (object, place, "garwolves", n_players, players, round->garwolves, error))
    return NULL;
  return g_steal_pointer (&round);
}

static LwRound *
read_round (JsonNode           *node,
            LwRuleset           ruleset,
            guint               number,
            guint               n_players,
            const char *const  *players,
            GError            **error)
{
  static const char *const keys[] = {
    "declarer", "cards", "all_but_last", "worms", "gongs", "bears", "wolves",
    "dealer", "penalties", "unpegged", "void", NULL
  };
  static const char *const void_keys[] = { "void", "penalties", NULL };
  static const struct { const char *key; gsize offset; } dens[] = {
    { "worms", G_STRUCT_OFFSET (LwRound, worms) },
    { "gongs", G_STRUCT_OFFSET (LwRound, gongs) },
    { "bears", G_STRUCT_OFFSET (LwRound, bears) },
    { "wolves", G_STRUCT_OFFSET (LwRound, wolves) },
  };
  char place[32];
  g_autoptr (LwRound) round = NULL;
  JsonObject *object;
  JsonNode *member;

  /* On the stack: every round names its place, few ever use it. */
  g_snprintf (place, sizeof place, "round %u", number);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "%s: must be an object", place);
      return NULL;
    }
  object = json_node_get_object (node);

  if (ruleset == LW_RULESET_GARWOLF)
    return read_garwolf_round (object, place, n_players, players, error);

  if (!only_keys (object, place, keys, error))
    return NULL;

  round = lw_round_new ();

  if (json_object_has_member (object, "penalties") &&
      !read_penalties (object, place, n_players, round, error))
    return NULL;

  /* SCORING R21 */
  if ((member = json_object_get_member (object, "void")) != NULL)
    {
      JsonObjectIter iter;
      const char *key;

      if (g_strcmp0 (lw_json_node_string (member), "dealer_did_not_discard") != 0)
        {
          lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                          "%s: void must be \"dealer_did_not_discard\"", place);
          return NULL;
        }
      json_object_iter_init_ordered (&iter, object);
      while (json_object_iter_next_ordered (&iter, &key, NULL))
        if (!g_strv_contains (void_keys, key))
          {
            lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                            "%s: a void round may hold only penalties, not \"%s\"",
                            place, key);
            return NULL;
          }
      round->is_void = TRUE;
      return g_steal_pointer (&round);
    }

  if ((member = json_object_get_member (object, "declarer")) == NULL)
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                      "%s: declarer is missing (null when everyone declined)", place);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_NULL (member) &&
      !read_int (member, place, "declarer", 0, n_players - 1, &round->declarer, error))
    return NULL;

  if (!json_object_has_member (object, "cards"))
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "%s: cards is missing", place);
      return NULL;
    }
  if (!read_per_seat (object, place, "cards", n_players, players, round->cards, error))
    return NULL;

  for (guint k = 0; k < G_N_ELEMENTS (dens); k++)
    if (json_object_has_member (object, dens[k].key) &&
        !read_per_seat (object, place, dens[k].key, n_players, players,
                        G_STRUCT_MEMBER_P (round, dens[k].offset), error))
      return NULL;

  if ((member = json_object_get_member (object, "all_but_last")) != NULL &&
      !read_bool (member, place, "all_but_last", &round->all_but_last, error))
    return NULL;

  if ((member = json_object_get_member (object, "dealer")) != NULL &&
      !read_int (member, place, "dealer", 0, n_players - 1, &round->dealer, error))
    return NULL;

  if (json_object_has_member (object, "unpegged") &&
      !read_unpegged (object, place, n_players, round, error))
    return NULL;

  return g_steal_pointer (&round);
}

static gboolean
read_rules (JsonNode      *node,
            LwGameRecord  *record,
            gboolean      *version_2,
            GError       **error)
{
  static const char *const keys[] = {
    "start_score", "target", "skunk", "rule_set", "run_fill", "over_trump", "king_and_knave", NULL
  };
  gboolean garwolf = record->ruleset == LW_RULESET_GARWOLF;
  JsonObject *rules;
  JsonNode *member;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "rules: must be an object");
  rules = json_node_get_object (node);
  if (!only_keys (rules, "rules", keys, error))
    return FALSE;

  if ((member = json_object_get_member (rules, "start_score")) != NULL &&
      !read_int (member, "rules", "start_score", 0, MAX_COUNT, &record->start_score, error))
    return FALSE;
  if ((member = json_object_get_member (rules, "target")) != NULL &&
      !read_int (member, "rules", "target", 1, MAX_COUNT, &record->target, error))
    return FALSE;
  if ((member = json_object_get_member (rules, "skunk")) != NULL)
    {
      if (garwolf)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "rules: skunk is for Little Wolf only");
      if (!read_int (member, "rules", "skunk", 1, MAX_COUNT, &record->skunk, error))
        return FALSE;
    }

  /* Version 2: the house rules, each of one ruleset (docs/rules/GAME-RECORD.md). */
  if ((member = json_object_get_member (rules, "rule_set")) != NULL)
    {
      const char *text = lw_json_node_string (member);
      g_autofree char *name = NULL;

      if (text == NULL)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "rules: rule_set must be a string");
      if ((name = lw_name_normalize (text, "rules: rule_set", error)) == NULL)
        return FALSE;
      g_free (record->rule_set);
      record->rule_set = g_steal_pointer (&name);
      *version_2 = TRUE;
    }
  if ((member = json_object_get_member (rules, "run_fill")) != NULL)
    {
      if (garwolf)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "rules: run_fill is for Little Wolf only");
      if (!lw_run_fill_from_string (lw_json_node_string (member), &record->run_fill))
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "rules: run_fill must be \"%s\" or \"%s\"",
                               lw_run_fill_to_string (LW_RUN_FILL_INSIDE_OR_END),
                               lw_run_fill_to_string (LW_RUN_FILL_INSIDE_ONLY));
      *version_2 = TRUE;
    }
  if ((member = json_object_get_member (rules, "over_trump")) != NULL)
    {
      if (garwolf)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "rules: over_trump is for Little Wolf only");
      if (!lw_over_trump_from_string (lw_json_node_string (member), &record->over_trump))
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "rules: over_trump must be \"%s\" or \"%s\"",
                               lw_over_trump_to_string (LW_OVER_TRUMP_WINNING_PLAY),
                               lw_over_trump_to_string (LW_OVER_TRUMP_WHOLE_TRICK));
      *version_2 = TRUE;
    }
  if ((member = json_object_get_member (rules, "king_and_knave")) != NULL)
    {
      if (!garwolf)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "rules: king_and_knave is for Garwolf only");
      if (!lw_json_node_holds (member, G_TYPE_BOOLEAN))
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                               "rules: king_and_knave must be true or false");
      record->king_and_knave = json_node_get_boolean (member);
      *version_2 = TRUE;
    }
  return TRUE;
}

/* "2026-11-29T18:30:00Z": ISO 8601 in UTC, seconds since 1970. */
static gboolean
read_played_at (JsonNode  *node,
                gint64    *out,
                GError   **error)
{
  const char *text = lw_json_node_string (node);
  g_autoptr (GDateTime) time = NULL;
  gsize length = text != NULL ? strlen (text) : 0;

  if (text == NULL || length < 2 || text[length - 1] != 'Z'
      || (time = g_date_time_new_from_iso8601 (text, NULL)) == NULL)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "details: played_at must be an ISO 8601 date-time in UTC, "
                           "like \"2026-11-29T18:30:00Z\"");
  *out = g_date_time_to_unix (time);
  return TRUE;
}

/* A string of @object, NULL when absent; an error when not a string. */
static gboolean
read_optional_string (JsonObject  *object,
                      const char  *place,
                      const char  *key,
                      const char **out,
                      GError     **error)
{
  JsonNode *member = json_object_get_member (object, key);

  *out = NULL;
  if (member == NULL)
    return TRUE;
  if ((*out = lw_json_node_string (member)) == NULL)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "%s: %s must be a string", place, key);
  return TRUE;
}

static gboolean
read_details (JsonNode      *node,
              LwGameRecord  *record,
              GError       **error)
{
  static const char *const keys[] = { "played_at", "place", "notes", "event", NULL };
  static const char *const event_keys[] = { "name", "round", "table", "board", NULL };
  LwGameDetails *details = &record->details;
  JsonObject *object;
  JsonNode *member;
  const char *text;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "details: must be an object");
  object = json_node_get_object (node);
  if (!only_keys (object, "details", keys, error))
    return FALSE;
  if ((member = json_object_get_member (object, "played_at")) != NULL
      && !read_played_at (member, &details->played_at, error))
    return FALSE;
  if (!read_optional_string (object, "details", "place", &text, error))
    return FALSE;
  if (text != NULL && (details->place = lw_name_normalize (text, "details: place", error)) == NULL)
    return FALSE;
  if (!read_optional_string (object, "details", "notes", &text, error))
    return FALSE;
  if (text != NULL)
    {
      if ((details->notes = lw_notes_normalize (text, "details: notes", error)) == NULL)
        return FALSE;
      if (*details->notes == '\0')
        g_clear_pointer (&details->notes, g_free);
    }

  if ((member = json_object_get_member (object, "event")) != NULL)
    {
      JsonObject *event;

      if (!JSON_NODE_HOLDS_OBJECT (member))
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "details: event must be an object");
      event = json_node_get_object (member);
      if (!only_keys (event, "details: event", event_keys, error)
          || !read_optional_string (event, "details: event", "name", &text, error))
        return FALSE;
      if (text != NULL
          && (details->event_name = lw_name_normalize (text, "details: event name", error)) == NULL)
        return FALSE;
      if ((member = json_object_get_member (event, "round")) != NULL
          && !read_int (member, "details: event", "round", 1, MAX_COUNT, &details->event_round, error))
        return FALSE;
      if ((member = json_object_get_member (event, "table")) != NULL
          && !read_int (member, "details: event", "table", 1, MAX_COUNT, &details->event_table, error))
        return FALSE;
      if ((member = json_object_get_member (event, "board")) != NULL
          && !read_int (member, "details: event", "board", 1, MAX_COUNT, &details->event_board, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_substitutes (JsonNode      *node,
                  LwGameRecord  *record,
                  GError       **error)
{
  static const char *const keys[] = { "seat", "from_round", "name", NULL };
  JsonArray *list;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "substitutes: must be a list");
  list = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonNode *element = json_array_get_element (list, i);
      g_autofree char *place = g_strdup_printf ("substitutes: entry %u", i + 1);
      JsonObject *object;
      const char *name;
      int seat, from_round;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "%s must be an object", place);
      object = json_node_get_object (element);
      if (!only_keys (object, place, keys, error)
          || !read_int (json_object_get_member (object, "seat"), place, "seat",
                        0, record->n_players - 1, &seat, error)
          || !read_int (json_object_get_member (object, "from_round"), place, "from_round",
                        1, MAX_COUNT, &from_round, error))
        return FALSE;
      if ((name = lw_json_node_string (json_object_get_member (object, "name"))) == NULL)
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "%s: name must be a string", place);
      /* Appended as written: lw_game_record_validate() checks the order. */
      g_ptr_array_add (record->substitutes, lw_record_substitute_new (seat, (guint) from_round, name));
    }
  return TRUE;
}

static gboolean
read_teams (JsonNode      *node,
            LwGameRecord  *record,
            GError       **error)
{
  JsonArray *teams;
  gboolean placed[LW_MAX_SEATS] = { FALSE };
  int team_of[LW_MAX_SEATS] = { 0 };
  guint n_teams;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                           "teams: must be a list of sides, each a list of seats");
  teams = json_node_get_array (node);
  n_teams = json_array_get_length (teams);
  if (n_teams < 2 || n_teams > LW_MAX_SEATS / 2)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "teams: %u %s, expected 2 to %u",
                           n_teams, n_teams == 1 ? "side" : "sides", LW_MAX_SEATS / 2);

  for (guint t = 0; t < n_teams; t++)
    {
      JsonNode *team_node = json_array_get_element (teams, t);
      g_autofree char *place = g_strdup_printf ("teams: side %u", t + 1);
      JsonArray *team;

      if (!JSON_NODE_HOLDS_ARRAY (team_node))
        return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "%s must be a list of seats", place);
      team = json_node_get_array (team_node);
      for (guint i = 0; i < json_array_get_length (team); i++)
        {
          int seat;

          if (!read_int (json_array_get_element (team, i), place, "seat",
                         0, record->n_players - 1, &seat, error))
            return FALSE;
          if (placed[seat])
            return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                                   "teams: seat %d (%s) is in more than one side",
                                   seat, record->players[seat]);
          placed[seat] = TRUE;
          team_of[seat] = (int) t;
        }
    }
  for (guint seat = 0; seat < record->n_players; seat++)
    if (!placed[seat])
      return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                             "teams: seat %u (%s) is in no side", seat, record->players[seat]);

  lw_game_record_set_teams (record, n_teams, team_of);
  return TRUE;
}

/* json-glib's "<data>:LINE:COLUMN: Parse error: WHAT" as
 * "line LINE, column COLUMN: WHAT". */
static char *
json_error_place (const char *message)
{
  unsigned line = 0, column = 0;
  int consumed = 0;
  const char *what;

  if (sscanf (message, "<data>:%u:%u: %n", &line, &column, &consumed) < 2 || consumed == 0)
    return g_strdup (message);
  what = message + consumed;
  if (g_str_has_prefix (what, "Parse error: "))
    what += strlen ("Parse error: ");
  return g_strdup_printf ("line %u, column %u: %s", line, column, what);
}

/* Parses @data whole into @parser; the error names the line. */
static JsonNode *
parse_whole (JsonParser  *parser,
             const char  *data,
             gsize        length,
             GError     **error)
{
  g_autoptr (GError) parse_error = NULL;
  JsonNode *root = NULL;

  if (length == 0 || !json_parser_load_from_data (parser, data, (gssize) length, &parse_error) ||
      (root = json_parser_get_root (parser)) == NULL)
    {
      if (parse_error != NULL)
        {
          g_autofree char *where = json_error_place (parse_error->message);
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE,
                       "the game record is not JSON: %s", where);
        }
      else
        g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE, "the game record is empty");
      return NULL;
    }
  return root;
}

/* Reads the record in @data (checked text). With @split, the rounds are
 * parsed one at a time (lw_json_split_array()) rather than as part of one
 * tree, so that a large record never exists whole as a JSON tree; a round
 * whose text is not JSON sets *@not_split and returns %NULL without an
 * error, for the caller to read @data whole and report its place. With
 * @consume, each round is handed to it as read, then freed, rather than
 * kept (lw_game_record_read_rounds()). */
static LwGameRecord *
read_record (const char  *data,
             gsize        length,
             gboolean     split,
             gboolean    *not_split,
             LwRoundFunc  consume,
             gpointer     consume_data,
             GError     **error)
{
  static const char *const keys[] = {
    "format", "version", "ruleset", "rules", "players", "teams", "first_dealer", "rounds",
    "id", "details", "substitutes", NULL
  };
  gboolean version_2 = FALSE;
  /* Mutable parsers: the trees are read once and dropped, and an immutable
   * parser seals every node it makes (some 8% of the parse). */
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) round_parser = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (GPtrArray) names = NULL;
  g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (LwJsonSpan));
  g_autofree char *head = NULL;
  LwJsonSpan array = { 0, 0 };
  JsonObject *object;
  JsonNode *root, *member;
  JsonArray *players, *rounds;
  LwRuleset ruleset = LW_RULESET_LITTLE_WOLF;
  guint n_rounds;
  int version;

  *not_split = FALSE;
  if (split && lw_json_split_array (data, length, "rounds", &array, spans))
    {
      /* The record with its rounds cut out: "rounds": []. */
      gsize tail = length - (array.end - 1);

      head = g_malloc (array.start + 1 + tail + 1);
      memcpy (head, data, array.start + 1);
      memcpy (head + array.start + 1, data + array.end - 1, tail);
      head[array.start + 1 + tail] = '\0';
      if ((root = parse_whole (parser, head, array.start + 1 + tail, NULL)) == NULL)
        {
          *not_split = TRUE;
          return NULL;
        }
    }
  else
    {
      g_array_set_size (spans, 0);
      if ((root = parse_whole (parser, data, length, error)) == NULL)
        return NULL;
    }

  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "the game record must be a JSON object");
      return NULL;
    }
  object = json_node_get_object (root);
  if (!only_keys (object, "game record", keys, error))
    return NULL;

  member = json_object_get_member (object, "format");
  if (g_strcmp0 (lw_json_node_string (member), FORMAT_NAME) != 0)
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "format: expected \"" FORMAT_NAME "\"");
      return NULL;
    }
  if (!read_int (json_object_get_member (object, "version"), "game record", "version",
                 FORMAT_VERSION_1, FORMAT_VERSION, &version, error))
    return NULL;

  if ((member = json_object_get_member (object, "ruleset")) != NULL &&
      !lw_ruleset_from_string (lw_json_node_string (member), &ruleset))
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                      "ruleset: expected \"little-wolf\" or \"garwolf\"");
      return NULL;
    }

  if ((players = get_array (object, "game record", "players", error)) == NULL)
    return NULL;
  if (json_array_get_length (players) > LW_MAX_SEATS || json_array_get_length (players) < 1)
    {
      guint n = json_array_get_length (players);
      gboolean garwolf = ruleset == LW_RULESET_GARWOLF;

      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                      "players: %u %s, but %s is played by %u to %u",
                      n, n == 1 ? "player" : "players", garwolf ? "Garwolf" : "Little Wolf",
                      garwolf ? 3 : LW_MIN_SEATS, garwolf ? 4 : LW_MAX_SEATS);
      return NULL;
    }
  names = g_ptr_array_new ();
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonNode *name = json_array_get_element (players, i);

      if (lw_json_node_string (name) == NULL)
        {
          lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                          "players: the name of seat %u must be a string", i);
          return NULL;
        }
      g_ptr_array_add (names, (gpointer) lw_json_node_string (name));
    }
  record = lw_game_record_new (ruleset, names->len, (const char *const *) names->pdata);
  if (!lw_record_validate_setup (record, error))
    return NULL;

  if ((member = json_object_get_member (object, "rules")) != NULL &&
      !read_rules (member, record, &version_2, error))
    return NULL;

  if ((member = json_object_get_member (object, "id")) != NULL)
    {
      const char *id = lw_json_node_string (member);

      if (id == NULL || !lw_record_is_lowercase_uuid (id))
        {
          lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                          "id: expected a lowercase UUID (8-4-4-4-12 hex digits)");
          return NULL;
        }
      record->id = g_strdup (id);
      version_2 = TRUE;
    }
  if ((member = json_object_get_member (object, "details")) != NULL)
    {
      if (!read_details (member, record, error))
        return NULL;
      version_2 = TRUE;
    }
  if ((member = json_object_get_member (object, "substitutes")) != NULL)
    {
      if (!read_substitutes (member, record, error))
        return NULL;
      version_2 = TRUE;
    }
  if (version_2 && version < FORMAT_VERSION)
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                      "version: 1, but the record uses version 2 keys (id, details, "
                      "substitutes or house rules); write \"version\": 2");
      return NULL;
    }

  if ((member = json_object_get_member (object, "teams")) != NULL &&
      !read_teams (member, record, error))
    return NULL;

  if ((member = json_object_get_member (object, "first_dealer")) != NULL &&
      !read_int (member, "game record", "first_dealer", 0, record->n_players - 1,
                 &record->first_dealer, error))
    return NULL;

  if (!json_object_has_member (object, "rounds"))
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "game record: rounds is missing");
      return NULL;
    }
  if ((rounds = get_array (object, "game record", "rounds", error)) == NULL)
    return NULL;
  /* The cut-out rounds, unless the head holds rounds of its own (a later
   * "rounds" spelt with escapes, which json-glib keeps instead). */
  if (json_array_get_length (rounds) > 0)
    g_array_set_size (spans, 0);
  else if (spans->len > 0)
    round_parser = json_parser_new ();
  n_rounds = spans->len > 0 ? spans->len : json_array_get_length (rounds);
  for (guint i = 0; i < n_rounds; i++)
    {
      JsonNode *node;
      LwRound *round;

      if (spans->len > 0)
        {
          const LwJsonSpan *span = &g_array_index (spans, LwJsonSpan, i);

          /* One value, as the whole text's parse would take it. */
          if (!lw_json_text_check (data + span->start, span->end - span->start, NULL)
              || !json_parser_load_from_data (round_parser, data + span->start,
                                              (gssize) (span->end - span->start), NULL)
              || (node = json_parser_get_root (round_parser)) == NULL)
            {
              *not_split = TRUE;
              return NULL;
            }
        }
      else
        node = json_array_get_element (rounds, i);
      round = read_round (node, ruleset, i + 1, record->n_players,
                          (const char *const *) record->players, error);
      if (round == NULL)
        return NULL;
      if (consume != NULL)
        {
          g_autoptr (LwRound) consumed = round;

          if (!consume (record, consumed, i + 1, consume_data, error))
            return NULL;
        }
      else
        g_ptr_array_add (record->rounds, round);
    }

  /* lw_game_record_validate(), the rounds not kept left to @consume. */
  if (consume != NULL ? !lw_record_validate_head (record, n_rounds, error)
                      : !lw_game_record_validate (record, error))
    return NULL;
  return g_steal_pointer (&record);
}

/* lw_game_record_from_json() and lw_game_record_read_rounds(). */
static LwGameRecord *
read_text (const char  *data,
           gssize       length,
           LwRoundFunc  consume,
           gpointer     consume_data,
           GError     **error)
{
  LwGameRecord *record = NULL;
  gboolean not_split;

  if (length < 0)
    length = (gssize) strlen (data);
  if (length > 0 && !g_utf8_validate_len (data, (gsize) length, NULL))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE, "the game record is not valid UTF-8");
      return NULL;
    }
  if (!lw_json_text_check (data, (gsize) length, error))
    return NULL;

  /* A large record's rounds one at a time, so that it never exists whole
   * as a JSON tree; the text whole when it is small (one parse is faster
   * than one per round), when the rounds cannot be cut out plainly, or
   * when one of them is not JSON (json-glib then names its line; @consume
   * is then given the rounds again from round 1). */
  not_split = (gsize) length < SPLIT_ABOVE;
  if (!not_split)
    record = read_record (data, (gsize) length, TRUE, &not_split, consume, consume_data, error);
  if (not_split)
    record = read_record (data, (gsize) length, FALSE, &not_split, consume, consume_data, error);
  return record;
}

LwGameRecord *
lw_game_record_from_json (const char  *data,
                          gssize       length,
                          GError     **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return read_text (data, length, NULL, NULL, error);
}

LwGameRecord *
lw_game_record_read_rounds (const char   *data,
                            gssize        length,
                            LwRoundFunc   func,
                            gpointer      user_data,
                            GError      **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (func != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return read_text (data, length, func, user_data, error);
}

LwRound *
lw_round_from_json (const LwGameRecord  *record,
                    const char          *data,
                    gssize               length,
                    guint                number,
                    GError             **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) parse_error = NULL;
  g_autoptr (LwRound) round = NULL;
  JsonNode *root;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (data);
  if (length > 0 && !g_utf8_validate_len (data, (gsize) length, NULL))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE,
                   "round %u: not valid UTF-8", number);
      return NULL;
    }
  if (!lw_json_text_check (data, (gsize) length, error))
    return NULL;
  if (length == 0 || !json_parser_load_from_data (parser, data, length, &parse_error) ||
      (root = json_parser_get_root (parser)) == NULL)
    {
      g_autofree char *where = parse_error != NULL
                               ? json_error_place (parse_error->message) : g_strdup ("empty");

      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE,
                   "round %u: not JSON: %s", number, where);
      return NULL;
    }

  round = read_round (root, record->ruleset, number, record->n_players,
                      (const char *const *) record->players, error);
  if (round == NULL || !lw_round_validate (record, round, number, error))
    return NULL;
  return g_steal_pointer (&round);
}
