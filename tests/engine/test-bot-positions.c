/* test-bot-positions.c — the recorded positions of
 * tests/data/bot-positions.json: for each position and level, the move
 * chosen with each of the file's seeds is the one to make (or not the one
 * to avoid); a level marked "fail" is asserted to get it wrong with every
 * seed (a known weakness: a change is seen either way), "unstable" is
 * only reported. Every level plays at its default budget.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-engine.h"
#include "lw-table-seats.h"
#include "lw-test-util.h"

/* The cards of @text, ids given out from @used (shared by one table). */
static guint
parse_cards (const char *text,
             guint8     *used,
             LwCard     *cards,
             guint       max)
{
  LwCardToken tokens[LW_MAX_HAND];
  g_autoptr (GError) error = NULL;
  guint n = 0;

  if (text[0] == '\0')
    return 0;
  if (!lw_card_tokens_parse (text, tokens, MIN (max, (guint) LW_MAX_HAND), &n, &error)
      || !lw_card_tokens_to_cards (tokens, n, used, cards, &error))
    g_error ("bot-positions.json: \"%s\": %s", text, error->message);
  return n;
}

/* The faces of @cards, sorted and written out, to compare plays. */
static char *
faces (const LwCard *cards,
       guint         n)
{
  LwCard sorted[LW_MAX_HAND];
  memcpy (sorted, cards, n);
  lw_cards_sort (sorted, n);
  return lw_cards_format (sorted, n);
}

static char *
faces_of_text (const char *text)
{
  guint8 used[LW_N_FACES] = { 0 };
  LwCard cards[LW_MAX_HAND];
  guint n = parse_cards (text, used, cards, LW_MAX_HAND);
  return faces (cards, n);
}

static int team_of[LW_MAX_SEATS];

/* The position's table: a seeded deal at its bidding, or the hands, the
 * trick in play and the cards taken. */
static LwTable *
position_table (JsonObject *p,
                gboolean   *partners)
{
  guint n_players = (guint) json_object_get_int_member (p, "players");
  int dealer = (int) json_object_get_int_member (p, "dealer");
  guint8 used[LW_N_FACES] = { 0 };
  LwCard hands[LW_MAX_SEATS][LW_MAX_HAND];
  LwObservation obs;
  JsonArray *arr;
  LwCard revealed;

  *partners = json_object_get_boolean_member_with_default (p, "partners", FALSE);
  for (guint s = 0; s < n_players; s++)
    team_of[s] = *partners ? (int) (s % (n_players / 2)) : (int) s;

  if (json_object_has_member (p, "seed"))
    {
      LwTable *t = lw_table_new (n_players, dealer, (guint64) json_object_get_int_member (p, "seed"), NULL);
      guint n = 0;
      const LwCard *hand = lw_table_get_hand (t, dealer, &n);
      g_autofree char *got = faces (hand, n);
      g_autofree char *want = faces_of_text (json_object_get_string_member (p, "hand"));
      /* The deal is the one recorded. */
      g_assert_cmpstr (got, ==, want);
      g_assert_cmpint (lw_table_get_phase (t), ==, LW_PHASE_BID);
      g_assert_cmpint (lw_table_get_turn (t), ==, dealer);
      return t;
    }

  memset (&obs, 0, sizeof obs);
  obs.n_players = n_players;
  obs.dealer = dealer;
  obs.phase = LW_PHASE_PLAY;
  obs.turn = obs.seat = (int) json_object_get_int_member (p, "turn");
  obs.declarer = (int) json_object_get_int_member (p, "declarer");
  parse_cards (json_object_get_string_member (p, "revealed"), used, &revealed, 1);
  obs.revealed = revealed;
  obs.trump = lw_card_is_den (revealed) ? LW_NO_TRUMP : lw_card_suit (revealed);
  arr = json_object_get_array_member (p, "hands");
  for (guint s = 0; s < n_players; s++)
    obs.hand_sizes[s] = parse_cards (json_array_get_string_element (arr, s), used, hands[s], LW_MAX_HAND);
  obs.n_hand = obs.hand_sizes[obs.seat];
  memcpy (obs.hand, hands[obs.seat], obs.n_hand);
  arr = json_object_get_array_member (p, "current");
  obs.n_current = json_array_get_length (arr);
  for (guint k = 0; k < obs.n_current; k++)
    {
      LwCard cards[LW_MAX_PLAY];
      guint n = parse_cards (json_array_get_string_element (arr, k), used, cards, LW_MAX_PLAY);
      lw_play_set (&obs.current[k], cards, n);
    }
  if (obs.n_current > 0)
    {
      g_autoptr (GError) error = NULL;
      obs.has_lead = TRUE;
      if (!lw_lead_classify (&obs.current[0], obs.trump, NULL, &obs.lead, &error))
        g_error ("bot-positions.json: the lead: %s", error->message);
    }
  arr = json_object_get_array_member (p, "taken");
  for (guint s = 0; s < n_players; s++)
    obs.taken[s] = (guint) json_array_get_int_element (arr, s);
  g_assert_true (lw_card_counts_check (used, lw_decks (n_players), NULL));
  return lw_table_new_from_observation (&obs, (const LwCard (*)[LW_MAX_HAND]) hands, NULL);
}

/* Whether @action is what the position wants. */
static gboolean
is_right (JsonObject     *expect,
          const LwAction *action)
{
  if (json_object_has_member (expect, "bid"))
    {
      const char *bid = json_object_get_string_member (expect, "bid");
      return action->kind == (g_str_equal (bid, "declare") ? LW_ACTION_DECLARE : LW_ACTION_DECLINE);
    }
  else
    {
      g_autofree char *got = faces (action->play.cards, action->play.n);
      gboolean avoid = json_object_has_member (expect, "avoid");
      g_autofree char *want = faces_of_text (json_object_get_string_member (expect, avoid ? "avoid" : "play"));
      g_assert_cmpint (action->kind, ==, LW_ACTION_PLAY);
      return avoid ? strcmp (got, want) != 0 : strcmp (got, want) == 0;
    }
}

static void
describe (const LwAction *action,
          GString        *out)
{
  if (action->kind == LW_ACTION_DECLARE || action->kind == LW_ACTION_DECLINE)
    g_string_append (out, action->kind == LW_ACTION_DECLARE ? " declare" : " decline");
  else
    {
      g_autofree char *s = faces (action->play.cards, action->play.n);
      g_string_append_printf (out, " [%s]", s);
    }
}

typedef struct {
  JsonObject *position;
  JsonArray  *seeds;
  LwBotLevel  level;
  char       *verdict;
} Case;

static void
case_free (gpointer data)
{
  Case *c = data;
  json_object_unref (c->position);
  json_array_unref (c->seeds);
  g_free (c->verdict);
  g_free (c);
}

static void
test_position (gconstpointer data)
{
  const Case *c = data;
  gboolean partners = FALSE;
  g_autoptr (LwTable) table = position_table (c->position, &partners);
  JsonObject *expect = json_object_get_object_member (c->position, "expect");
  g_autoptr (GString) chosen = g_string_new (NULL);
  guint right = 0, n = json_array_get_length (c->seeds);

  for (guint k = 0; k < n; k++)
    {
      LwAction action;
      LwRng rng;
      g_autoptr (GError) error = NULL;
      g_autoptr (LwTable) check = lw_table_copy (table);

      lw_rng_init (&rng, (guint64) json_array_get_int_element (c->seeds, k));
      lw_bot_choose_full (table, c->level, partners ? team_of : NULL, NULL, &rng, &action);
      /* Legal at the table. */
      g_assert_true (lw_table_apply (check, &action, &error));
      right += is_right (expect, &action);
      describe (&action, chosen);
    }
  g_test_message ("%s, %s: %u of %u seeds right; chose%s",
                  json_object_get_string_member (c->position, "name"),
                  lw_bot_level_to_string (c->level), right, n, chosen->str);
  if (g_str_equal (c->verdict, "pass"))
    g_assert_cmpuint (right, ==, n);
  else if (g_str_equal (c->verdict, "fail"))
    g_assert_cmpuint (right, ==, 0);
  else
    g_assert_cmpstr (c->verdict, ==, "unstable");
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GPtrArray) cases = g_ptr_array_new_with_free_func (case_free);
  JsonObject *root;
  JsonArray *positions;

  g_test_init (&argc, &argv, NULL);
  /* Every position is tried, and every failure reported. */
  g_test_set_nonfatal_assertions ();
  path = g_test_build_filename (G_TEST_DIST, "data", "bot-positions.json", NULL);
  if (!json_parser_load_from_file (parser, path, &error))
    g_error ("%s: %s", path, error->message);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "little-wolf/bot-positions");
  positions = json_object_get_array_member (root, "positions");
  for (guint i = 0; i < json_array_get_length (positions); i++)
    {
      JsonObject *p = json_array_get_object_element (positions, i);
      JsonObject *levels = json_object_get_object_member (p, "levels");
      g_autoptr (GList) names = json_object_get_members (levels);

      for (GList *l = names; l != NULL; l = l->next)
        {
          Case *c = g_new0 (Case, 1);
          g_autofree char *test = NULL;
          if (!lw_bot_level_from_string (l->data, &c->level))
            g_error ("%s: position %s: \"%s\" is not a level", path,
                     json_object_get_string_member (p, "name"), (const char *) l->data);
          c->position = json_object_ref (p);
          c->seeds = json_array_ref (json_object_get_array_member (root, "seeds"));
          c->verdict = g_strdup (json_object_get_string_member (levels, l->data));
          g_ptr_array_add (cases, c);
          test = g_strdup_printf ("/bot-positions/%s/%s", json_object_get_string_member (p, "name"),
                                  (const char *) l->data);
          g_test_add_data_func (test, c, test_position);
        }
    }
  return g_test_run ();
}
