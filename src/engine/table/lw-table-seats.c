/* lw-table-seats.c — who sits at a virtual table, and replaying part of a
 * round's log
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-error.h"
#include "lw-json-text.h"
#include "lw-table-seats.h"

guint64
lw_table_seats_round_seed (const LwTableSeats *seats,
                           guint               round_index)
{
  g_return_val_if_fail (seats != NULL, 0);

  return lw_seed_mix (seats->seed, round_index);
}

LwTable *
lw_table_seats_deal (const LwTableSeats *seats,
                     const LwGameRecord *record,
                     const LwStandings  *standings)
{
  LwHouseRules rules;

  g_return_val_if_fail (seats != NULL && record != NULL && standings != NULL, NULL);

  /* The game's house rules (TRICKS T9, T22), as stored with it; a saved
   * round keeps those it was dealt with (lw_table_from_json()). */
  lw_game_record_house_rules (record, &rules);
  return lw_table_new (record->n_players, standings->next_dealer,
                       lw_table_seats_round_seed (seats, record->rounds->len), &rules);
}

guint64
lw_table_seats_move_seed (const LwTableSeats *seats,
                          guint               round_number,
                          const LwTable      *table)
{
  g_return_val_if_fail (seats != NULL && table != NULL && round_number >= 1, 0);

  /* The same round, log and seat always give the same move. */
  return lw_seed_mix (lw_table_seats_round_seed (seats, round_number - 1), lw_table_get_log (table)->len);
}

guint
lw_table_seats_n_people (const LwTableSeats *seats)
{
  guint n = 0;

  g_return_val_if_fail (seats != NULL, 0);

  for (guint s = 0; s < seats->n_players && s < LW_MAX_SEATS; s++)
    if (!seats->computer[s])
      n++;
  return n;
}

char *
lw_table_seats_to_json (const LwTableSeats *seats)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *seed = NULL;

  g_return_val_if_fail (seats != NULL, NULL);

  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, seats->seed);
  json_builder_begin_object (b);
  lw_json_builder_add_string (b, "format", "little-wolf/seats");
  lw_json_builder_add_int (b, "version", 1);
  lw_json_builder_add_string (b, "seed", seed);
  json_builder_set_member_name (b, "seats");
  json_builder_begin_array (b);
  for (guint s = 0; s < seats->n_players && s < LW_MAX_SEATS; s++)
    {
      json_builder_begin_object (b);
      lw_json_builder_add_string (b, "player", seats->computer[s] ? "computer" : "person");
      if (seats->computer[s])
        {
          lw_json_builder_add_string (b, "level", lw_bot_level_to_string (seats->level[s]));
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}

static gboolean
bad_seats (GError     **error,
           const char  *message)
{
  g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID, "seats: %s", message);
  return FALSE;
}

gboolean
lw_table_seats_from_json (const char    *data,
                          LwTableSeats  *seats,
                          GError       **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) local = NULL;
  JsonNode *root;
  JsonObject *o;
  JsonArray *list;
  const char *seed_text;
  guint64 seed;

  g_return_val_if_fail (data != NULL, FALSE);
  g_return_val_if_fail (seats != NULL, FALSE);

  memset (seats, 0, sizeof *seats);
  if ((root = lw_json_parse_checked (parser, data, -1, "the seats", &local)) == NULL)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE, "seats: %s", local->message);
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    return bad_seats (error, "not an object");
  o = json_node_get_object (root);
  if (g_strcmp0 (json_object_get_string_member_with_default (o, "format", ""), "little-wolf/seats") != 0)
    return bad_seats (error, "\"format\" must be \"little-wolf/seats\"");
  seed_text = json_object_get_string_member_with_default (o, "seed", NULL);
  if (seed_text == NULL || !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
    return bad_seats (error, "\"seed\" must be a decimal string");
  if (!json_object_has_member (o, "seats")
      || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (o, "seats")))
    return bad_seats (error, "\"seats\" must be a list");
  list = json_object_get_array_member (o, "seats");
  if (json_array_get_length (list) < LW_MIN_SEATS || json_array_get_length (list) > LW_MAX_SEATS)
    return bad_seats (error, "2 to 8 seats");

  seats->seed = seed;
  seats->n_players = json_array_get_length (list);
  for (guint s = 0; s < seats->n_players; s++)
    {
      JsonNode *node = json_array_get_element (list, s);
      JsonObject *seat;
      const char *player, *level;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return bad_seats (error, "a seat is not an object");
      seat = json_node_get_object (node);
      player = json_object_get_string_member_with_default (seat, "player", "");
      if (g_strcmp0 (player, "person") == 0)
        continue;
      if (g_strcmp0 (player, "computer") != 0)
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "seats: seat %u: \"player\" must be \"person\" or \"computer\"", s + 1);
          return FALSE;
        }
      seats->computer[s] = TRUE;
      level = json_object_get_string_member_with_default (seat, "level", "");
      if (!lw_bot_level_from_string (level, &seats->level[s]))
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "seats: seat %u: no level", s + 1);
          return FALSE;
        }
    }
  return TRUE;
}

LwTable *
lw_table_replay_prefix (const LwTable  *table,
                        guint           n_actions,
                        GError        **error)
{
  g_autofree char *json = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autofree char *cut = NULL;
  JsonObject *o;
  JsonArray *actions;

  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (n_actions <= lw_table_get_log (table)->len, NULL);

  json = lw_table_to_json (table);
  if (!json_parser_load_from_data (parser, json, -1, error))
    return NULL;
  o = json_node_get_object (json_parser_get_root (parser));
  actions = json_object_get_array_member (o, "actions");
  while (json_array_get_length (actions) > n_actions)
    json_array_remove_element (actions, json_array_get_length (actions) - 1);

  json_generator_set_root (gen, json_parser_get_root (parser));
  cut = json_generator_to_data (gen, NULL);
  return lw_table_from_json (cut, -1, error);
}
