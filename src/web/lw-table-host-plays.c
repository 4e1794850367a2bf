/* lw-table-host-plays.c — a seat's message's shape, checked once
 * (lw_table_host_read_message(), in whichever thread reads it first), and
 * what its messages name, read against its hand and the rules: the cards it picked, the lead they make (its one
 * reading, or the one the seat chose: TRICKS T6–T9, lw_table_lead_readings())
 * or the follow (TRICKS §4), and the readings a seat asks for before it
 * plays (docs/REMOTE-PLAY.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <string.h>

#include <glib/gi18n.h>

#include "lw-json-text.h"
#include "lw-table-host.h"
#include "lw-table-host-private.h"
#include "lw-words.h"

gboolean
lw_table_host_bad_message (GError    **error,
                           const char *what)
{
  g_set_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_BAD_MESSAGE,
               /* TRANSLATORS: a message from a remote player's page that the host cannot read; %s what is wrong */
               _("The message could not be read: %s."), what);
  return FALSE;
}

/* The "id" a seat gives an action or a request: 1–64 bytes of UTF-8. */
static gboolean
read_id (JsonObject  *message,
         const char **id,
         GError     **error)
{
  JsonNode *node = json_object_get_member (message, "id");

  if (!lw_json_node_holds (node, G_TYPE_STRING))
    return lw_table_host_bad_message (error, "\"id\" is missing or not a string");
  *id = json_node_get_string (node);
  if (**id == '\0' || strlen (*id) > LW_TABLE_HOST_MAX_ID || !g_utf8_validate (*id, -1, NULL))
    return lw_table_host_bad_message (error, "\"id\" is empty or longer than 64 characters");
  return TRUE;
}

gboolean
lw_table_host_read_message (JsonObject          *message,
                            LwTableHostMessage  *out,
                            GError             **error)
{
  JsonNode *node;
  const char *type, *what;

  g_return_val_if_fail (message != NULL && out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (out, 0, sizeof *out);
  type = lw_json_node_string (json_object_get_member (message, "type"));
  if (g_strcmp0 (type, "readings") == 0)
    out->readings = TRUE;
  else if (g_strcmp0 (type, "action") != 0)
    return lw_table_host_bad_message (error, "\"type\" is not \"action\" or \"readings\"");
  if (!read_id (message, &out->id, error))
    return FALSE;

  if (out->readings)
    {
      node = json_object_get_member (message, "cards");
      if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
        return lw_table_host_bad_message (error, "\"cards\" is missing or not an array");
      out->cards = json_node_get_array (node);
      return TRUE;
    }

  node = json_object_get_member (message, "version");
  if (!lw_json_node_holds (node, G_TYPE_INT64))
    return lw_table_host_bad_message (error, "\"version\" is missing or not an integer");
  out->version = json_node_get_int (node);
  node = json_object_get_member (message, "do");
  if (!lw_json_node_holds (node, G_TYPE_STRING))
    return lw_table_host_bad_message (error, "\"do\" is missing or not a string");
  what = json_node_get_string (node);
  if (strcmp (what, "declare") == 0)
    out->kind = LW_ACTION_DECLARE;
  else if (strcmp (what, "decline") == 0)
    out->kind = LW_ACTION_DECLINE;
  else if (strcmp (what, "discard") == 0)
    out->kind = LW_ACTION_DISCARD;
  else if (strcmp (what, "play") == 0)
    out->kind = LW_ACTION_PLAY;
  else
    return lw_table_host_bad_message (error, "\"do\" is not declare, decline, discard or play");
  node = json_object_get_member (message, "cards");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!JSON_NODE_HOLDS_ARRAY (node))
        return lw_table_host_bad_message (error, "\"cards\" is not an array");
      out->cards = json_node_get_array (node);
    }
  node = json_object_get_member (message, "as");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!JSON_NODE_HOLDS_ARRAY (node) || json_array_get_length (json_node_get_array (node)) > LW_MAX_PLAY)
        return lw_table_host_bad_message (error, "\"as\" is not an array of wildcard meanings");
      out->as = json_node_get_array (node);
    }
  if ((out->kind == LW_ACTION_DISCARD || out->kind == LW_ACTION_PLAY) && out->cards == NULL)
    return lw_table_host_bad_message (error, "\"cards\" is missing");
  return TRUE;
}

/* Whether @text is a card in the engine's notation ("10H", "L"). */
static gboolean
is_card_token (const char *text)
{
  for (guint face = 0; face < LW_N_FACES; face++)
    if (strcmp (lw_face_to_string (face), text) == 0)
      return TRUE;
  return FALSE;
}

/* The cards of @cards (card strings) found in @seat's hand, each copy
 * once. */
gboolean
lw_table_host_cards_from_json (LwTableHost  *self,
                               int           seat,
                               JsonArray    *cards,
                               LwCard       *out,
                               guint        *n_out,
                               GError      **error)
{
  guint n_hand;
  const LwCard *hand = lw_table_get_hand (HOST_TABLE (self), seat, &n_hand);
  guint32 used = 0;
  guint n = json_array_get_length (cards);

  if (n == 0 || n > LW_MAX_HAND)
    return lw_table_host_bad_message (error, "\"cards\" holds no card or too many");
  for (guint k = 0; k < n; k++)
    {
      JsonNode *node = json_array_get_element (cards, k);
      const char *text;
      gboolean found = FALSE;

      if (!lw_json_node_holds (node, G_TYPE_STRING))
        return lw_table_host_bad_message (error, "\"cards\" holds something that is not a card");
      text = json_node_get_string (node);
      if (!is_card_token (text))
        return lw_table_host_bad_message (error, "\"cards\" holds something that is not a card");
      for (guint i = 0; i < n_hand && i < 32 && !found; i++)
        if (!(used & (1u << i)) && strcmp (lw_table_host_card_text (hand[i]), text) == 0)
          {
            used |= 1u << i;
            out[k] = hand[i];
            found = TRUE;
          }
      if (!found)
        {
          g_set_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_REFUSED,
                       /* TRANSLATORS: a remote player sent a card they do not hold; %s the card as sent */
                       _("%s is not in your hand."), text);
          return FALSE;
        }
    }
  *n_out = n;
  return TRUE;
}

/* The wildcard meaning @wild as the protocol writes it: "10H", "9". */
static char *
wildcard_text (const LwWildcard *wild)
{
  return g_strconcat (lw_rank_to_string (wild->rank),
                      wild->suit != LW_SUIT_NONE ? lw_suit_to_string (wild->suit) : "", NULL);
}

/* Whether the wildcards of @lead stand for @as, one meaning each, in order. */
static gboolean
reads_as (const LwPlay *lead,
          JsonArray    *as)
{
  LwWildcard wild[LW_MAX_PLAY];
  guint n_wild = lw_play_wildcards (lead, wild);

  if (json_array_get_length (as) != n_wild)
    return FALSE;
  for (guint w = 0; w < n_wild; w++)
    {
      JsonNode *node = json_array_get_element (as, w);
      g_autofree char *meaning = wildcard_text (&wild[w]);

      if (g_strcmp0 (lw_json_node_string (node), meaning) != 0)
        return FALSE;
    }
  return TRUE;
}

/* The lead of @cards: its one reading (lw_table_lead_readings()), or the
 * one whose wildcards stand for @as. */
static gboolean
choose_lead (LwTableHost   *self,
             const LwCard  *cards,
             guint          n,
             JsonArray     *as,
             LwPlay        *play,
             GError       **error)
{
  g_autoptr (GArray) readings = g_array_new (FALSE, FALSE, sizeof (LwPlay));
  guint n_found = 0;

  lw_table_lead_readings (HOST_TABLE (self), cards, n, readings);
  for (guint k = 0; k < readings->len; k++)
    if (as == NULL || reads_as (&g_array_index (readings, LwPlay, k), as))
      {
        *play = g_array_index (readings, LwPlay, k);
        n_found++;
      }
  if (n_found == 1)
    return TRUE;
  if (n_found == 0)
    g_set_error_literal (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_REFUSED,
                         as != NULL && readings->len > 0
                         /* TRANSLATORS: a remote player's lead whose wildcards were given a meaning they cannot have */
                         ? _("The wildcards cannot stand for those cards in this lead.")
                         /* TRANSLATORS: cards that make no Single, Pair, Set or Run */
                         : _("These cards make no Single, Pair, Set or Run."));
  else
    g_set_error_literal (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_REFUSED,
                         /* TRANSLATORS: a wildcard (Big Bear, Little Wolf) in a lead can stand for more than one card */
                         _("These cards can be led in more than one way."));
  return FALSE;
}

/* The play @cards as a lead or a follow; a follow the rules refuse is
 * said in words (TRICKS §4). */
gboolean
lw_table_host_make_play (LwTableHost   *self,
                         int            seat,
                         const LwCard  *cards,
                         guint          n,
                         JsonArray     *as,
                         LwPlay        *play,
                         GError       **error)
{
  const LwLead *lead = lw_table_get_lead (HOST_TABLE (self));
  LwRefusal refusal;
  guint n_hand;
  const LwCard *hand;

  if (n > LW_MAX_PLAY)
    return lw_table_host_bad_message (error, "\"cards\" holds too many cards for a play");
  /* While bidding or discarding, lw_table_apply() refuses it in words. */
  if (lw_table_get_phase (HOST_TABLE (self)) != LW_PHASE_PLAY)
    {
      lw_play_set (play, cards, n);
      return TRUE;
    }
  if (lead == NULL)
    return choose_lead (self, cards, n, as, play, error);
  hand = lw_table_get_hand (HOST_TABLE (self), seat, &n_hand);
  if (lw_follow_refusal (lead, hand, n_hand, cards, n, &refusal))
    {
      g_autofree char *text = lw_describe_refusal (&refusal, hand, n_hand);

      g_set_error_literal (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_REFUSED, text);
      return FALSE;
    }
  lw_play_set (play, cards, n);
  return TRUE;
}

static JsonNode *
readings (LwTableHost               *self,
          int                        seat,
          const LwTableHostMessage  *request,
          GError                   **error)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (LwPlay));
  LwCard picked[LW_MAX_HAND];
  guint n = 0;

  if (!request->readings)
    return lw_table_host_bad_message (error, "\"type\" is not \"readings\""), NULL;
  if (lw_table_session_get_turn (self->session) == LW_NO_SEAT
      || lw_table_get_phase (HOST_TABLE (self)) != LW_PHASE_PLAY
      || lw_table_get_turn (HOST_TABLE (self)) != seat || self->kinds[seat] == LW_HOST_SEAT_COMPUTER)
    {
      g_set_error_literal (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_NOT_YOUR_TURN,
                           /* TRANSLATORS: a remote player acted when it was not their turn */
                           _("It is not your turn."));
      return NULL;
    }
  if (!lw_table_host_cards_from_json (self, seat, request->cards, picked, &n, error))
    return NULL;
  if (lw_table_get_lead (HOST_TABLE (self)) == NULL && n <= LW_MAX_PLAY)
    lw_table_lead_readings (HOST_TABLE (self), picked, n, found);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, "readings");
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, request->id);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, (gint64) lw_table_session_get_version (self->session));
  json_builder_set_member_name (builder, "cards");
  json_builder_add_value (builder, json_node_init_array (json_node_alloc (), request->cards));
  json_builder_set_member_name (builder, "readings");
  json_builder_begin_array (builder);
  for (guint k = 0; k < found->len; k++)
    {
      const LwPlay *lead = &g_array_index (found, LwPlay, k);
      LwWildcard wild[LW_MAX_PLAY];
      guint n_wild = lw_play_wildcards (lead, wild);
      g_autofree char *words = lw_describe_wildcards (lead);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "words");
      json_builder_add_string_value (builder, words != NULL ? words : "");
      json_builder_set_member_name (builder, "as");
      json_builder_begin_array (builder);
      for (guint w = 0; w < n_wild; w++)
        {
          g_autofree char *meaning = wildcard_text (&wild[w]);

          json_builder_add_string_value (builder, meaning);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/* Whether @seat is one of the table's, for an answer to @seat. */
static gboolean
check_seat (LwTableHost  *self,
            int           seat,
            gconstpointer request,
            GError      **error)
{
  if (seat >= 0 && (guint) seat < HOST_RECORD (self)->n_players && request != NULL)
    return TRUE;
  g_set_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_BAD_MESSAGE,
               "seat %d: no such seat, or no request", seat + 1);
  return FALSE;
}

JsonNode *
lw_table_host_readings (LwTableHost  *self,
                        int           seat,
                        JsonObject   *request,
                        const char   *lang,
                        GError      **error)
{
  LwTableHostMessage message;
  locale_t old;
  JsonNode *answer = NULL;

  g_return_val_if_fail (LW_IS_TABLE_HOST (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_seat (self, seat, request, error))
    return NULL;
  old = lw_words_use_lang (lang);
  if (lw_table_host_read_message (request, &message, error))
    answer = readings (self, seat, &message, error);
  lw_words_restore_lang (old);
  return answer;
}

JsonNode *
lw_table_host_readings_message (LwTableHost               *self,
                                int                        seat,
                                const LwTableHostMessage  *request,
                                const char                *lang,
                                GError                   **error)
{
  locale_t old;
  JsonNode *answer;

  g_return_val_if_fail (LW_IS_TABLE_HOST (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_seat (self, seat, request, error))
    return NULL;
  old = lw_words_use_lang (lang);
  answer = readings (self, seat, request, error);
  lw_words_restore_lang (old);
  return answer;
}

gboolean
lw_table_host_act_local (LwTableHost     *self,
                         const LwAction  *action,
                         GError         **error)
{
  static const char *const what[] = {
    [LW_ACTION_DECLARE] = "declare", [LW_ACTION_DECLINE] = "decline",
    [LW_ACTION_DISCARD] = "discard", [LW_ACTION_PLAY] = "play",
  };
  static guint next_id;
  g_autoptr (JsonObject) message = json_object_new ();
  g_autofree char *id = NULL;

  g_return_val_if_fail (LW_IS_TABLE_HOST (self), FALSE);
  g_return_val_if_fail (action != NULL && (guint) action->kind < G_N_ELEMENTS (what), FALSE);

  id = g_strdup_printf ("local-%u", g_atomic_int_add (&next_id, 1) + 1);
  json_object_set_string_member (message, "type", "action");
  json_object_set_string_member (message, "id", id);
  json_object_set_int_member (message, "version", (gint64) lw_table_host_get_version (self));
  json_object_set_string_member (message, "do", what[action->kind]);
  if (action->kind == LW_ACTION_DISCARD || action->kind == LW_ACTION_PLAY)
    {
      JsonArray *cards = json_array_new ();

      for (guint i = 0; i < action->play.n; i++)
        json_array_add_string_element (cards, lw_face_to_string (lw_card_face (action->play.cards[i])));
      json_object_set_array_member (message, "cards", cards);
    }
  /* A lead's wildcards: the meaning chosen (the host asks for it when
   * the cards read more than one way). */
  if (action->kind == LW_ACTION_PLAY
      && lw_table_get_lead (lw_table_session_get_table (lw_table_host_get_session (self))) == NULL)
    {
      LwWildcard wild[LW_MAX_PLAY];
      guint n_wild = lw_play_wildcards (&action->play, wild);

      if (n_wild > 0)
        {
          JsonArray *as = json_array_new ();

          for (guint w = 0; w < n_wild; w++)
            {
              g_autofree char *meaning = wildcard_text (&wild[w]);

              json_array_add_string_element (as, meaning);
            }
          json_object_set_array_member (message, "as", as);
        }
    }
  return lw_table_host_act (self, action->seat, message, NULL, error);
}
