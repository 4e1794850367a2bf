/* lw-entry-boards.c — a duplicate event's table at table entry: the phone
 * page knows the table's boards of the event round, shows the next one
 * with its dealer and sends its result as that board's (DUPLICATE D2, D9)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "lw-entry-boards-private.h"
#include "lw-entry-requests.h"
#include "lw-json-text.h"
#include "lw-store-event-boards.h"
#include "lw-store-events.h"

static guint
board_fail (char       **response,
            guint        status,
            const char  *message)
{
  *response = lw_entry_requests_error_response (message);
  return status;
}

/* A store's failure in words for the phone; the details to the log. */
static guint
board_store_failure (char         **response,
                     gint64         event_id,
                     const GError  *error)
{
  if (g_error_matches (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND))
    return board_fail (response, 404,
                       /* TRANSLATORS: table entry's answer to a phone at a duplicate event's table */
                       _("the event is no longer stored (deleted by the director?)"));
  g_message ("table entry: event %" G_GINT64_FORMAT ": %s", event_id, error->message);
  if (g_error_matches (error, LW_STORE_ERROR, LW_STORE_ERROR_BUSY))
    return board_fail (response, LW_ENTRY_STATUS_BUSY,
                       _("the director's database is busy (another program is writing to it): "
                         "nothing was stored; try again in a moment"));
  return board_fail (response, 500,
                     _("the director's database failed (its computer logs why): nothing more was stored"));
}

/* The boards the table has entered in @round: its state's version. */
static gint64
entered_count (const LwEvent *event,
               guint          round,
               guint          table)
{
  gint64 n = 0;

  for (guint i = 0; i < event->board_results->len; i++)
    {
      const LwBoardResult *r = g_ptr_array_index (event->board_results, i);

      n += r->round == round && r->table == table;
    }
  return n;
}

static void
add_facts (JsonBuilder        *builder,
           const LwGameRecord *record,
           const LwRound      *facts)
{
  g_autofree char *text = lw_round_to_json (record, facts);
  g_autoptr (JsonParser) parser = json_parser_new ();

  json_builder_set_member_name (builder, "round");
  if (json_parser_load_from_data (parser, text, -1, NULL))
    json_builder_add_value (builder, json_node_copy (json_parser_get_root (parser)));
  else
    json_builder_add_null_value (builder);
}

/* The table's state (docs/TABLE-ENTRY.md "Duplicate events"). */
static guint
answer_board_state (const LwEvent  *event,
                    const char     *key,
                    const char     *label,
                    guint           round,
                    guint           table,
                    guint           status,
                    char          **response)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  const LwEventTable *t = lw_event_get_table ((LwEvent *) event, round, table, NULL);
  guint first = lw_duplicate_first_board (event, round);
  guint last = first + event->config.boards_per_round - 1;
  g_autoptr (LwGameRecord) record = NULL;
  int next = -1;

  if (t == NULL)
    return board_fail (response, 404, "the table is no longer in the event");
  record = lw_duplicate_board_record (event, round, t, first);

  json_builder_begin_object (builder);
  lw_json_builder_add_string (builder, "table", key);
  lw_json_builder_add_string (builder, "label", label);
  lw_json_builder_add_boolean (builder, "duplicate", TRUE);
  lw_json_builder_add_string (builder, "event", event->name);
  lw_json_builder_add_int (builder, "event_round", round);
  lw_json_builder_add_int (builder, "table_number", table);
  lw_json_builder_add_string (builder, "ruleset", lw_ruleset_to_string (record->ruleset));
  lw_json_builder_add_int (builder, "version", entered_count (event, round, table));
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint i = 0; i < record->n_players; i++)
    json_builder_add_string_value (builder, record->players[i]);
  json_builder_end_array (builder);
  lw_json_builder_add_int (builder, "total_cards", lw_total_cards (record->n_players));
  lw_json_builder_add_int (builder, "decks", lw_decks (record->n_players));

  json_builder_set_member_name (builder, "boards");
  json_builder_begin_array (builder);
  for (guint b = first; b <= last; b++)
    {
      const LwBoardResult *result = lw_event_find_board_result (event, round, table, b);
      g_autoptr (LwGameRecord) board_record = lw_duplicate_board_record (event, round, t, b);
      LwBoard deal;
      g_autofree char *code = NULL;

      lw_event_board (event, b, &deal);
      code = lw_board_check_code (&deal);
      json_builder_begin_object (builder);
      lw_json_builder_add_int (builder, "board", b);
      lw_json_builder_add_int (builder, "dealer", deal.dealer);
      lw_json_builder_add_string (builder, "check_code", code);
      lw_json_builder_add_boolean (builder, "entered", result != NULL);
      json_builder_set_member_name (builder, "deltas");
      if (result != NULL)
        {
          int deltas[LW_EVENT_MAX_SEATS] = { 0 };
          guint n_sides = board_record->n_players == 4 && event->config.partners ? 2 : board_record->n_players;

          if (lw_duplicate_score_board (board_record, result->facts, deltas, NULL))
            {
              json_builder_begin_array (builder);
              for (guint s = 0; s < n_sides; s++)
                json_builder_add_int_value (builder, deltas[s]);
              json_builder_end_array (builder);
            }
          else
            json_builder_add_null_value (builder);
          add_facts (builder, board_record, result->facts);
        }
      else
        {
          json_builder_add_null_value (builder);
          if (next < 0)
            next = (int) b;
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "next_board");
  if (next > 0)
    json_builder_add_int_value (builder, next);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "next_dealer");
  if (next > 0)
    json_builder_add_int_value (builder, lw_board_dealer (t->n_seats, (guint) next));
  else
    json_builder_add_null_value (builder);
  lw_json_builder_add_boolean (builder, "finished", next < 0);
  json_builder_end_object (builder);

  *response = lw_json_builder_to_text (builder);
  return status;
}

/* Reads {"board": K, "version": V, "round": {…}}; the round's JSON text
 * in @round. */
static gboolean
parse_board_body (const char  *data,
                  gsize        length,
                  gint64      *board,
                  gint64      *version,
                  char       **round,
                  char       **message)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GList) members = NULL;
  gboolean has_board = FALSE, has_version = FALSE;
  JsonObject *object = lw_entry_read_object (parser, data, length, message);

  if (object == NULL)
    return FALSE;
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      JsonNode *node = json_object_get_member (object, name);

      if (g_str_equal (name, "board") || g_str_equal (name, "version"))
        {
          if (!lw_json_node_holds (node, G_TYPE_INT64) || json_node_get_int (node) < 0)
            {
              *message = g_strdup_printf ("key \"%s\" must be an integer ≥ 0", name);
              return FALSE;
            }
          if (g_str_equal (name, "board"))
            has_board = TRUE, *board = json_node_get_int (node);
          else
            has_version = TRUE, *version = json_node_get_int (node);
        }
      else if (g_str_equal (name, "round"))
        {
          g_autoptr (JsonGenerator) generator = json_generator_new ();

          if (!JSON_NODE_HOLDS_OBJECT (node))
            {
              *message = g_strdup ("key \"round\" must be an object (GAME-RECORD.md)");
              return FALSE;
            }
          json_generator_set_root (generator, node);
          g_free (*round);
          *round = json_generator_to_data (generator, NULL);
        }
      else
        {
          *message = g_strdup_printf ("key \"%s\" is not allowed", name);
          return FALSE;
        }
    }
  if (!has_board || !has_version || *round == NULL)
    {
      *message = g_strdup_printf ("key \"%s\" is missing",
                                  !has_board ? "board" : !has_version ? "version" : "round");
      return FALSE;
    }
  return TRUE;
}

static guint
handle_board_result (LwStore        *store,
                     LwEvent        *event,
                     gint64          event_id,
                     const char     *key,
                     const char     *label,
                     guint           round,
                     guint           table,
                     const char     *data,
                     gsize           length,
                     char          **response)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autoptr (LwRound) facts = NULL;
  g_autoptr (LwEvent) stored = NULL;
  g_autofree char *text = NULL;
  g_autofree char *message = NULL;
  const LwEventTable *t = lw_event_get_table (event, round, table, NULL);
  gint64 board = 0, version = -1;

  if (length > LW_ENTRY_MAX_BODY)
    {
      g_autofree char *too_large = g_strdup_printf ("the request is larger than %d bytes", LW_ENTRY_MAX_BODY);

      return board_fail (response, 413, too_large);
    }
  if (!parse_board_body (data, length, &board, &version, &text, &message))
    return board_fail (response, 400, message);
  if (t == NULL)
    return board_fail (response, 404, "the table is no longer in the event");
  if (board < 1 || board > G_MAXUINT)
    return board_fail (response, 422, "key \"board\" must name a board, 1 or more");
  /* A board already entered: D9's refusal, as another phone was first. */
  if (lw_event_find_board_result (event, round, table, (guint) board) == NULL
      && version != entered_count (event, round, table))
    return board_fail (response, 409,
                       /* TRANSLATORS: table entry's answer to a phone at a duplicate event's table */
                       _("the table's boards changed while this one was entered (another phone or the "
                         "app); check them, then send it again"));

  record = lw_duplicate_board_record (event, round, t, (guint) board);
  facts = lw_round_from_json (record, text, -1, 1, &error);
  if (facts == NULL)
    {
      g_autofree char *words = g_strdup_printf ("board %" G_GINT64_FORMAT ": %s", board, error->message);

      return board_fail (response, 422, words);
    }
  stored = lw_store_add_event_board_result (store, event_id, round, table, (guint) board, facts, &error);
  if (stored == NULL)
    {
      if (error->domain == LW_ENGINE_ERROR)
        return board_fail (response, strstr (error->message, "already entered") != NULL ? 409 : 422,
                           error->message);
      return board_store_failure (response, event_id, error);
    }
  return answer_board_state (stored, key, label, round, table, 201, response);
}

guint
lw_entry_boards_handle (LwStore            *store,
                        gint64              event_id,
                        guint               round,
                        guint               table,
                        const char         *label,
                        const char         *method,
                        const char         *path,
                        const char *const  *parts,
                        const char         *body,
                        gsize               length,
                        char              **response)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = NULL;
  guint n_parts = g_strv_length ((GStrv) parts);
  const char *key = parts[3];

  g_return_val_if_fail (LW_IS_STORE (store), 500);

  if (n_parts == 6)
    {
      g_autofree char *words = g_strdup_printf ("%s %s: a board's result is corrected by the director "
                                                "(DUPLICATE D9)", method, path);

      return board_fail (response, 405, words);
    }
  event = lw_store_load_event (store, event_id, &error);
  if (event == NULL)
    return board_store_failure (response, event_id, error);

  if (n_parts == 5 && g_str_equal (parts[4], "version"))
    {
      g_autoptr (JsonBuilder) builder = json_builder_new ();

      if (!g_str_equal (method, "GET"))
        return board_fail (response, 405, "use GET");
      json_builder_begin_object (builder);
      lw_json_builder_add_int (builder, "version", entered_count (event, round, table));
      json_builder_set_member_name (builder, "locked");
      json_builder_begin_array (builder);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      *response = lw_json_builder_to_text (builder);
      return 200;
    }
  if (n_parts == 5)
    {
      if (!g_str_equal (method, "POST"))
        return board_fail (response, 405, "use POST");
      return handle_board_result (store, event, event_id, key, label, round, table, body, length, response);
    }
  if (!g_str_equal (method, "GET"))
    return board_fail (response, 405, "use GET");
  return answer_board_state (event, key, label, round, table, 200, response);
}
