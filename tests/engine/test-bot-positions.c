/* test-bot-positions.c — the recorded positions of
 * tests/data/bot-positions.json: for each position and level, the move
 * chosen with each of the file's seeds is the one to make (or not the one
 * to avoid); a level marked "fail" is asserted to get it wrong with every
 * seed (a known weakness: a change is seen either way), "unstable" is
 * only reported. Every level plays at its default budget. And Expert's
 * inference from the cards a seat chose, on the positions with finished
 * tricks: the deals it samples, and that it samples when no deal agrees.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-bot-private.h"
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
static GArray *tricks_seen;     /* the finished tricks of the last position_table() */

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
  {
    /* Not counted with the others: a declaring Dealer took it into its
     * hand, where it is the same card. */
    guint8 used_revealed[LW_N_FACES] = { 0 };
    parse_cards (json_object_get_string_member (p, "revealed"), used_revealed, &revealed, 1);
  }
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
  /* The finished tricks, each from its leader, their winner by the
   * rules: {"leader": seat, "plays": ["9H", "3H"]}. */
  g_clear_pointer (&tricks_seen, g_array_unref);
  tricks_seen = g_array_new (FALSE, TRUE, sizeof (LwTrick));
  if (json_object_has_member (p, "tricks"))
    {
      JsonArray *tricks = json_object_get_array_member (p, "tricks");
      for (guint k = 0; k < json_array_get_length (tricks); k++)
        {
          JsonObject *o = json_array_get_object_element (tricks, k);
          JsonArray *plays = json_object_get_array_member (o, "plays");
          LwTrick t = { .leader = (int) json_object_get_int_member (o, "leader"),
                        .n_plays = json_array_get_length (plays) };
          LwLead lead;
          g_autoptr (GError) error = NULL;
          g_assert_cmpuint (t.n_plays, ==, n_players);
          for (guint i = 0; i < t.n_plays; i++)
            {
              /* A lead's wildcard is written with what it stands for (L=10H). */
              const char *text = json_array_get_string_element (plays, i);
              LwCardToken tokens[LW_MAX_PLAY];
              guint n = 0;
              if (!lw_card_tokens_parse (text, tokens, LW_MAX_PLAY, &n, &error)
                  || !lw_play_from_tokens (&t.plays[i], tokens, n, used, &error))
                g_error ("bot-positions.json: trick %u: \"%s\": %s", k + 1, text, error->message);
            }
          if (!lw_lead_classify (&t.plays[0], obs.trump, NULL, &lead, &error))
            g_error ("bot-positions.json: trick %u: %s", k + 1, error->message);
          t.winner = (t.leader + (int) lw_trick_winner (&lead, t.plays + 1, t.n_plays - 1, NULL))
                     % (int) n_players;
          g_array_append_val (tricks_seen, t);
        }
    }
  obs.tricks = tricks_seen;
  /* The seat's own discards, when it is the declaring Dealer. */
  if (json_object_has_member (p, "discards"))
    obs.n_discards = parse_cards (json_object_get_string_member (p, "discards"), used, obs.discards, 4);
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

static JsonArray *positions;

static JsonObject *
position_named (const char *name)
{
  for (guint i = 0; i < json_array_get_length (positions); i++)
    {
      JsonObject *p = json_array_get_object_element (positions, i);
      if (g_str_equal (json_object_get_string_member (p, "name"), name))
        return p;
    }
  g_error ("bot-positions.json: no position \"%s\"", name);
}

/* How many of @n deals sampled for the seat to act give @seat a card of
 * @cards (faces) after an inference-blind sample (@inference FALSE: Hard's
 * lw_bot_sample_deal()) or Expert's; each deal checked whole: the seat's
 * own hand, every hand's size, no card twice and none seen. */
static guint
deals_holding (const char *name,
               gboolean    inference,
               int         seat,
               const char *cards,
               guint       n)
{
  gboolean partners = FALSE;
  g_autoptr (LwTable) table = position_table (position_named (name), &partners);
  guint8 used[LW_N_FACES] = { 0 };
  LwCard wanted[LW_MAX_HAND];
  guint n_wanted = parse_cards (cards, used, wanted, LW_MAX_HAND);
  LwObservation obs;
  LwRng rng;
  guint holding = 0;

  lw_table_observe (table, lw_table_get_turn (table), &obs);
  lw_rng_init (&rng, 20261202);
  for (guint d = 0; d < n; d++)
    {
      LwCard hands[LW_MAX_SEATS][LW_MAX_HAND];
      guint8 count[LW_MAX_CARDS] = { 0 };
      gboolean held = FALSE;

      if (inference)
        lw_bot_expert_sample_deal (table, &obs, partners ? team_of : NULL, &rng, hands);
      else
        lw_bot_sample_deal (&obs, &rng, hands);
      g_assert_cmpmem (hands[obs.seat], obs.n_hand, obs.hand, obs.n_hand);
      for (guint s = 0; s < obs.n_players; s++)
        for (guint i = 0; i < obs.hand_sizes[s]; i++)
          {
            count[hands[s][i]]++;
            for (guint w = 0; w < n_wanted; w++)
              held |= (int) s == seat && lw_card_face (hands[s][i]) == lw_card_face (wanted[w]);
          }
      for (guint k = 0; k < obs.tricks->len; k++)
        {
          const LwTrick *t = &g_array_index (obs.tricks, LwTrick, k);
          for (guint i = 0; i < t->n_plays; i++)
            for (guint j = 0; j < t->plays[i].n; j++)
              count[t->plays[i].cards[j]]++;
        }
      for (guint c = 0; c < LW_MAX_CARDS; c++)
        g_assert_cmpuint (count[c], <=, 1);
      holding += held;
    }
  return holding;
}

/* Of 200 deals, blind and Expert's, how many give seat 2 a card of
 * @cards in position @name. */
static void
deals_compared (const char *name,
                const char *cards,
                guint      *blind,
                guint      *inferred)
{
  *blind = deals_holding (name, FALSE, 1, cards, 200);
  *inferred = deals_holding (name, TRUE, 1, cards, 200);
  g_test_message ("%s: seat 2 holds one of %s in %u of 200 blind deals, %u of 200 of Expert's",
                  name, cards, *blind, *inferred);
}

/* A seat that followed low, last, to the Declarer's winning Single when it
 * had a higher card of the suit is unlikely: the deals Expert samples give
 * it one far less often than blind ones (about 72% of blind deals: four
 * higher hearts unseen among 45 cards, 12 of them its). */
static void
test_inference_follow_low (void)
{
  guint blind, inferred;

  deals_compared ("followed-low-under-the-declarer", "10H JH QH KH", &blind, &inferred);
  g_assert_cmpuint (blind, >=, 100);
  g_assert_cmpuint (inferred, <=, 40);
}

/* An inference no deal meets (the seat that followed low later played the
 * King it held then): every deal is still sampled whole, as blind ones
 * are (deals_holding() checks them), and Expert still chooses a legal
 * move (test_position()). */
static void
test_inference_inconsistent (void)
{
  guint blind, inferred;

  deals_compared ("followed-low-holding-the-king", "10H JH QH", &blind, &inferred);
  /* Not meetable: the deals are still sampled (the bids still weigh them). */
  g_assert_cmpuint (inferred, >=, 60);
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
  g_test_add_func ("/bot-inference/follow-low", test_inference_follow_low);
  g_test_add_func ("/bot-inference/inconsistent", test_inference_inconsistent);
  return g_test_run ();
}
