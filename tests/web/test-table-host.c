/* test-table-host.c — the remote table's game (docs/REMOTE-PLAY.md) without
 * a network: whole games where every remote seat is a scripted client that
 * acts from its own state only; the stored rounds and their replay; a
 * lead's wildcards and readings; each seat in its own language; and the
 * leak test: every state given to every seat over whole games checked
 * against the true table. The refused actions are in
 * test-table-host-refusals.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include <json-glib/json-glib.h>

#include "lw-store.h"
#include "lw-store-table.h"
#include "lw-table-host.h"
#include "lw-host-fixture.h"
#include "lw-play-client.h"
#include "lw-test-util.h"
#include "lw-words.h"

/* Bounds of one game: main loop turns and seconds. */
#define MAX_TURNS 400000
#define MAX_SECONDS 240

typedef struct
{
  LwTableHost *host;
  guint n_players;
  LwHostSeatKind kinds[LW_MAX_SEATS];
  GRand *rand;
  guint next_id;
  guint64 checked;        /* states checked against the true table */
  guint refused_follows;  /* follows the engine refused, in words */
  guint round_overs;      /* changes that ended a round (not the game) */
  gint64 state_us;        /* time spent making the states checked on a change */
  gboolean check;
} Game;

/* ------------------------------------------------------------------ */
/* The leak check                                                       */
/* ------------------------------------------------------------------ */

static int
face_of_token (const char *text)
{
  for (guint f = 0; f < LW_N_FACES; f++)
    if (strcmp (lw_face_to_string (f), text) == 0)
      return (int) f;
  return -1;
}

static void
mark_plays (gboolean      *public,
            const LwPlay  *plays,
            guint          n)
{
  for (guint k = 0; k < n; k++)
    for (guint c = 0; c < plays[k].n; c++)
      public[lw_card_face (plays[k].cards[c])] = TRUE;
}

/* Every string of @node that is a card token must be a face @allowed. */
static void
check_strings (JsonNode       *node,
               const gboolean *allowed,
               int             seat,
               const char     *where)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *name;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &name, &member))
        check_strings (member, allowed, seat, name);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint k = 0; k < json_array_get_length (array); k++)
        check_strings (json_array_get_element (array, k), allowed, seat, where);
    }
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      int face = face_of_token (json_node_get_string (node));

      if (face >= 0 && !allowed[face])
        g_error ("seat %d was sent %s in \"%s\": a card it may not see", seat, json_node_get_string (node), where);
    }
}

static void
check_members (JsonObject        *object,
               const char *const *allowed,
               const char        *where)
{
  g_autoptr (GList) names = json_object_get_members (object);

  for (GList *l = names; l != NULL; l = l->next)
    if (!g_strv_contains (allowed, l->data))
      g_error ("%s holds \"%s\", which the protocol does not name", where, (const char *) l->data);
}

static void
check_trick (JsonNode   *node,
             const char *where)
{
  static const char *const trick_keys[] = { "leader", "plays", "winner", NULL };
  static const char *const play_keys[] = { "seat", "cards", "tags", NULL };
  JsonArray *plays;

  if (JSON_NODE_HOLDS_NULL (node))
    return;
  check_members (json_node_get_object (node), trick_keys, where);
  plays = json_object_get_array_member (json_node_get_object (node), "plays");
  for (guint k = 0; k < json_array_get_length (plays); k++)
    check_members (json_array_get_object_element (plays, k), play_keys, where);
}

/* The words of @text name no hidden card (a wildcard's meaning, "as 8♠",
 * names a rank, not a card: left out). */
static void
check_words (const char     *text,
             const gboolean *allowed,
             int             seat)
{
  g_autoptr (GRegex) meaning = g_regex_new (" as [^,.]+", 0, 0, NULL);
  g_autofree char *plain = g_regex_replace_literal (meaning, text, -1, 0, "", 0, NULL);

  for (guint f = 0; f < LW_N_FACES; f++)
    {
      g_autofree char *name = NULL;

      if (allowed[f] || f >= LW_FACE_WORM)  /* a Den card's name is also its rank's */
        continue;
      name = lw_card_face_short (f);
      if (strstr (plain, name) != NULL)
        g_error ("seat %d was told \"%s\": it names %s, a card it may not see", seat, text, name);
    }
}

/* @state, given to @seat, against the true table: its hand is the seat's
 * own; no card but its own, the revealed Pup and those played anywhere;
 * no member the protocol does not name. */
static void
check_state (Game     *game,
             int       seat,
             JsonNode *state)
{
  static const char *const keys[] = { "type", "version", "seat", "n_players", "names", "partners", "team_of",
                                      "dealer", "declarer", "turn", "phase", "trump", "revealed", "hand",
                                      "hand_sizes", "taken", "trick", "last_trick", "you", "status", "events",
                                      "scores", "round_end", "game_end", NULL };
  static const char *const you_keys[] = { "to_act", "can", "playable", "must", "discard_count", NULL };
  const LwTable *table = lw_table_host_get_table (game->host);
  JsonObject *object = json_node_get_object (state);
  gboolean allowed[LW_N_FACES] = { FALSE };
  guint own[LW_N_FACES] = { 0 }, sent[LW_N_FACES] = { 0 };
  JsonArray *hand, *events;
  guint n_hand, n_current;
  const LwCard *cards = lw_table_get_hand (table, seat, &n_hand);
  const LwPlay *current = lw_table_get_current (table, &n_current);
  const GArray *tricks = lw_table_get_tricks (table);

  for (guint i = 0; i < n_hand; i++)
    {
      own[lw_card_face (cards[i])]++;
      allowed[lw_card_face (cards[i])] = TRUE;
    }
  allowed[lw_card_face (lw_table_get_revealed (table))] = TRUE;
  mark_plays (allowed, current, n_current);
  for (guint t = 0; t < tricks->len; t++)
    {
      const LwTrick *trick = &g_array_index (tricks, LwTrick, t);

      mark_plays (allowed, trick->plays, trick->n_plays);
    }

  check_members (object, keys, "the state");
  check_members (json_object_get_object_member (object, "you"), you_keys, "the state's \"you\"");
  check_trick (json_object_get_member (object, "trick"), "the state's trick");
  check_trick (json_object_get_member (object, "last_trick"), "the state's last trick");
  g_assert_cmpint (json_object_get_int_member (object, "seat"), ==, seat);
  check_strings (state, allowed, seat, "the state");

  /* The hand is the seat's, card for card. */
  hand = json_object_get_array_member (object, "hand");
  g_assert_cmpuint (json_array_get_length (hand), ==, n_hand);
  for (guint i = 0; i < json_array_get_length (hand); i++)
    {
      int face = face_of_token (json_array_get_string_element (hand, i));

      g_assert_cmpint (face, >=, 0);
      sent[face]++;
    }
  g_assert_cmpmem (sent, sizeof sent, own, sizeof own);

  check_words (json_object_get_string_member (object, "status"), allowed, seat);
  events = json_object_get_array_member (object, "events");
  for (guint k = 0; k < json_array_get_length (events); k++)
    check_words (json_array_get_string_element (events, k), allowed, seat);
  game->checked++;
}

static void
changed_cb (LwTableHost *host,
            gpointer     user_data)
{
  Game *game = user_data;

  if (!game->check)
    return;
  for (guint s = 0; s < game->n_players; s++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autoptr (JsonNode) state = lw_table_host_get_state (host, (int) s, "en");
      const char *phase = json_object_get_string_member (json_node_get_object (state), "phase");

      game->state_us += g_get_monotonic_time () - start;
      check_state (game, (int) s, state);
      if (s == 0 && strcmp (phase, "round-over") == 0)
        {
          g_assert_false (json_object_get_null_member (json_node_get_object (state), "round_end"));
          game->round_overs++;
        }
    }
}

/* ------------------------------------------------------------------ */
/* The scripted client: acts from its own state only                    */
/* ------------------------------------------------------------------ */

static JsonObject *
make_action (Game              *game,
             gint64             version,
             const char        *what,
             const char *const *cards,
             guint              n)
{
  JsonObject *action = json_object_new ();
  g_autofree char *id = g_strdup_printf ("a%u", ++game->next_id);

  json_object_set_string_member (action, "type", "action");
  json_object_set_string_member (action, "id", id);
  json_object_set_int_member (action, "version", version);
  json_object_set_string_member (action, "do", what);
  if (cards != NULL)
    {
      JsonArray *array = json_array_new ();

      for (guint k = 0; k < n; k++)
        json_array_add_string_element (array, cards[k]);
      json_object_set_array_member (action, "cards", array);
    }
  return action;
}

/* Sends the play of @cards; %TRUE when played. A refusal must be in words. */
static gboolean
try_play (Game              *game,
          int                seat,
          gint64             version,
          const char *const *cards,
          guint              n)
{
  g_autoptr (JsonObject) action = make_action (game, version, "play", cards, n);
  g_autoptr (GError) error = NULL;

  if (lw_table_host_act (game->host, seat, action, "en", &error))
    return TRUE;
  g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_REFUSED);
  g_assert_cmpuint (strlen (error->message), >, 10);
  return FALSE;
}

/* The next combination of @k indices out of @n (lexicographic). */
static gboolean
next_combination (guint *index,
                  guint  k,
                  guint  n)
{
  for (int i = (int) k - 1; i >= 0; i--)
    if (index[i] < n - k + (guint) i)
      {
        index[i]++;
        for (guint j = (guint) i + 1; j < k; j++)
          index[j] = index[j - 1] + 1;
        return TRUE;
      }
  return FALSE;
}

static gboolean
holds_all (const char *const *picked,
           guint              n,
           JsonArray         *must)
{
  gboolean used[LW_MAX_PLAY] = { FALSE };

  for (guint m = 0; m < json_array_get_length (must); m++)
    {
      gboolean found = FALSE;

      for (guint k = 0; k < n && !found; k++)
        if (!used[k] && strcmp (picked[k], json_array_get_string_element (must, m)) == 0)
          used[k] = found = TRUE;
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* A follow of @n cards from the playable ones, those that hold the
 * obligatory cards first; once a round, one without them first, which
 * the engine must refuse in words. */
static void
follow (Game      *game,
        int        seat,
        gint64     version,
        JsonArray *playable,
        JsonArray *must,
        guint      n)
{
  guint n_playable = json_array_get_length (playable);
  guint index[LW_MAX_PLAY];
  const char *picked[LW_MAX_PLAY];
  guint tries = 0;

  g_assert_cmpuint (n, <=, n_playable);
  for (int pass = 0; pass < 2; pass++)
    {
      for (guint k = 0; k < n; k++)
        index[k] = k;
      do
        {
          gboolean whole;

          for (guint k = 0; k < n; k++)
            picked[k] = json_array_get_string_element (playable, index[k]);
          whole = holds_all (picked, n, must);
          /* Pass 0: one wrong follow, the obligatory cards left out. */
          if (pass == 0 && !whole && json_array_get_length (must) > 0 && game->refused_follows < 50)
            {
              g_assert_false (try_play (game, seat, version, picked, n));
              game->refused_follows++;
              break;
            }
          if (pass == 1 && whole && try_play (game, seat, version, picked, n))
            return;
          tries++;
          g_assert_cmpuint (tries, <, 20000);
        }
      while (next_combination (index, n, n_playable));
    }
  g_error ("seat %d found no legal follow of %u cards among %u", seat, n, n_playable);
}

/* @seat acts when its state says it is to act. Returns %TRUE when it did. */
static gboolean
client_act (Game *game,
            int   seat)
{
  g_autoptr (JsonNode) node = lw_table_host_get_state (game->host, seat, "en");
  JsonObject *state = json_node_get_object (node);
  JsonObject *you = json_object_get_object_member (state, "you");
  JsonArray *can = json_object_get_array_member (you, "can");
  JsonArray *playable = json_object_get_array_member (you, "playable");
  JsonArray *hand = json_object_get_array_member (state, "hand");
  gint64 version = json_object_get_int_member (state, "version");
  const char *what;
  g_autoptr (GError) error = NULL;

  if (game->check)
    check_state (game, seat, node);
  if (!json_object_get_boolean_member (you, "to_act"))
    return FALSE;
  g_assert_cmpuint (json_array_get_length (can), >, 0);
  what = json_array_get_string_element (can, 0);
  if (strcmp (what, "declare") == 0)
    {
      g_autoptr (JsonObject) action = make_action (game, version,
                                                   g_rand_int_range (game->rand, 0, 3) == 0 ? "declare" : "decline",
                                                   NULL, 0);

      g_assert_true (lw_table_host_act (game->host, seat, action, "en", &error));
      g_assert_no_error (error);
    }
  else if (strcmp (what, "discard") == 0)
    {
      const char *cards[4];
      g_autoptr (JsonObject) action = NULL;

      for (guint k = 0; k < 4; k++)
        cards[k] = json_array_get_string_element (hand, k);
      action = make_action (game, version, "discard", cards, 4);
      g_assert_true (lw_table_host_act (game->host, seat, action, "en", &error));
      g_assert_no_error (error);
    }
  else
    {
      JsonNode *trick = json_object_get_member (state, "trick");
      JsonObject *current = JSON_NODE_HOLDS_NULL (trick) ? NULL : json_node_get_object (trick);
      gboolean lead = current == NULL || !json_object_get_null_member (current, "winner")
                      || json_array_get_length (json_object_get_array_member (current, "plays")) == 0;

      g_assert_cmpstr (what, ==, "play");
      if (lead)
        {
          /* A Single: a natural card first. */
          for (int wild = 0; wild < 2; wild++)
            for (guint k = 0; k < json_array_get_length (playable); k++)
              {
                const char *card = json_array_get_string_element (playable, k);
                gboolean is_wild = strcmp (card, "B") == 0 || strcmp (card, "L") == 0;

                if (is_wild == (wild == 1) && try_play (game, seat, version, &card, 1))
                  return TRUE;
              }
          g_error ("seat %d found no Single to lead", seat);
        }
      else
        {
          JsonArray *first = json_object_get_array_member (
            json_array_get_object_element (json_object_get_array_member (current, "plays"), 0), "cards");

          follow (game, seat, version, playable, json_object_get_array_member (you, "must"),
                  json_array_get_length (first));
        }
    }
  return TRUE;
}

static gboolean
wake_cb (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* Plays a whole game: computer seats by the host, the others by scripted
 * clients; bounded in turns and time. */
static void
play_game (Game *game)
{
  gint64 start = g_get_monotonic_time ();
  guint wake = g_timeout_add (50, wake_cb, NULL);
  guint turns = 0;

  while (!lw_table_host_is_over (game->host))
    {
      gboolean acted = FALSE;

      for (guint s = 0; s < game->n_players && !acted; s++)
        if (game->kinds[s] != LW_HOST_SEAT_COMPUTER)
          acted = client_act (game, (int) s);
      g_main_context_iteration (NULL, !acted);
      turns++;
      g_assert_cmpuint (turns, <, MAX_TURNS);
      g_assert_cmpfloat (lw_test_ms_since (start), <, MAX_SECONDS * 1000.0);
    }
  g_source_remove (wake);
}

static Game *
game_new (LwStore              *store,
          guint                 n_players,
          const LwHostSeatKind *kinds,
          LwBotLevel            level,
          gboolean              partners,
          guint64               seed)
{
  static const char *const names[] = { "Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal" };
  Game *game = g_new0 (Game, 1);
  LwBotLevel levels[LW_MAX_SEATS];
  g_autoptr (GError) error = NULL;

  for (guint s = 0; s < LW_MAX_SEATS; s++)
    levels[s] = level;
  game->n_players = n_players;
  memcpy (game->kinds, kinds, n_players * sizeof *kinds);
  game->rand = g_rand_new_with_seed ((guint32) seed);
  game->host = lw_table_host_new (store, n_players, names, kinds, levels, partners, seed, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game->host);
  lw_table_host_set_timing (game->host, 0, 0);
  g_signal_connect (game->host, "changed", G_CALLBACK (changed_cb), game);
  return game;
}

static void
game_free (Game *game)
{
  g_clear_object (&game->host);
  g_rand_free (game->rand);
  g_free (game);
}

/* The stored game: every round with its log, the logs finished rounds,
 * the standings from the store finished with the scores the seats saw. */
static void
check_stored (LwStore *store,
              Game    *game)
{
  gint64 id = lw_table_host_get_game_id (game->host);
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStoredGame) stored = lw_store_load_game (store, id, &error);
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (JsonNode) node = lw_table_host_get_state (game->host, 0, "en");
  JsonArray *scores = json_object_get_array_member (json_node_get_object (node), "scores");

  g_assert_no_error (error);
  g_assert_cmpuint (stored->record->rounds->len, >, 0);
  /* Every round's end was shown before the next deal; the last is the game's. */
  g_assert_cmpuint (game->round_overs + 1, ==, stored->record->rounds->len);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (node), "phase"), ==, "game-over");
  for (guint r = 1; r <= stored->record->rounds->len; r++)
    {
      g_autofree char *log = lw_store_load_round_log (store, id, r, &error);
      g_autoptr (LwTable) table = NULL;
      g_autoptr (LwRound) facts = lw_round_new ();
      const LwRound *round = g_ptr_array_index (stored->record->rounds, r - 1);

      g_assert_no_error (error);
      table = lw_table_from_json (log, -1, &error);
      g_assert_no_error (error);
      g_assert_cmpint (lw_table_get_phase (table), ==, LW_PHASE_END);
      /* The log replays to the stored round's facts. */
      lw_table_round_facts (table, stored->record->n_teams > 0 ? stored->record->team_of : NULL, facts);
      g_assert_cmpint (facts->declarer, ==, round->declarer);
      g_assert_cmpint (facts->dealer, ==, round->dealer);
      g_assert_cmpmem (facts->cards, sizeof facts->cards, round->cards, sizeof round->cards);
      g_assert_cmpmem (facts->wolves, sizeof facts->wolves, round->wolves, sizeof round->wolves);
    }
  standings = lw_standings_compute (stored->record, &error);
  g_assert_no_error (error);
  g_assert_true (standings->finished);
  g_assert_cmpuint (json_array_get_length (scores), ==, standings->n_sides);
  for (guint side = 0; side < standings->n_sides; side++)
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (scores, side), "score"), ==,
                     standings->scores[side]);
  /* The game over, its table is removed as the app's is. */
  g_assert_false (lw_store_has_table (store, id));
  g_assert_nonnull (json_object_get_object_member (json_node_get_object (node), "game_end"));
}

/* ------------------------------------------------------------------ */
/* Tests                                                                */
/* ------------------------------------------------------------------ */

typedef struct
{
  guint n_players;
  gboolean partners;
  LwHostSeatKind kinds[LW_MAX_SEATS];
} Setup;

static const Setup two = { 2, FALSE, { LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_REMOTE } };
static const Setup three = { 3, FALSE, { LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_COMPUTER, LW_HOST_SEAT_REMOTE } };
static const Setup four = { 4, TRUE, { LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_COMPUTER,
                                       LW_HOST_SEAT_LOCAL, LW_HOST_SEAT_COMPUTER } };

static void
test_whole_game (LwTestDb      *db,
                 gconstpointer  data)
{
  const Setup *setup = data;
  Game *game = game_new (db->store, setup->n_players, setup->kinds, LW_BOT_EASY, setup->partners, 4242);

  game->check = TRUE;
  play_game (game);
  check_stored (db->store, game);
  g_assert_cmpuint (game->checked, >, 100);
  game_free (game);
}

static JsonArray *
parse_array (const char *text)
{
  g_autoptr (JsonNode) node = lw_test_parse_json (text);

  return json_node_dup_array (node);
}

/* Some cards of the Leader's hand that can be led in more than one way
 * (a wildcard standing for more than one card), or none. */
static gboolean
find_ambiguous_lead (const LwTable *table,
                     LwCard        *cards,
                     guint         *n_cards,
                     GArray        *readings)
{
  int turn = lw_table_get_turn (table);
  guint n_hand;
  const LwCard *hand = lw_table_get_hand (table, turn, &n_hand);

  for (guint k = 2; k <= 3 && k <= n_hand; k++)
    {
      guint index[LW_MAX_PLAY];

      for (guint i = 0; i < k; i++)
        index[i] = i;
      do
        {
          for (guint i = 0; i < k; i++)
            cards[i] = hand[index[i]];
          g_array_set_size (readings, 0);
          if (lw_table_lead_readings (table, cards, k, readings) > 1)
            {
              *n_cards = k;
              return TRUE;
            }
        }
      while (next_combination (index, k, n_hand));
    }
  return FALSE;
}

static JsonObject *
lead_action (const char   *id,
             guint64       version,
             const LwCard *cards,
             guint         n,
             JsonArray    *as)
{
  JsonObject *action = lw_play_action_new (id, version, "play", NULL);

  json_object_set_array_member (action, "cards", lw_test_faces_array (cards, n));
  if (as != NULL)
    json_object_set_array_member (action, "as", as);
  return action;
}

/* What the wildcard @wild stands for, as an "as" names it: "9H", "W". */
static char *
wildcard_meaning (const LwWildcard *wild)
{
  return g_strconcat (lw_rank_to_string (wild->rank),
                      wild->suit != LW_SUIT_NONE ? lw_suit_to_string (wild->suit) : "", NULL);
}

/* The "as" of the @n_wild wildcards @wild: their meanings, in order. */
static JsonArray *
wildcard_meanings (const LwWildcard *wild,
                   guint             n_wild)
{
  JsonArray *as = json_array_new ();

  for (guint w = 0; w < n_wild; w++)
    {
      g_autofree char *meaning = wildcard_meaning (&wild[w]);

      json_array_add_string_element (as, meaning);
    }
  return as;
}

/* @array as compact JSON text. */
static char *
array_text (JsonArray *array)
{
  g_autoptr (JsonNode) node = json_node_init_array (json_node_alloc (), array);

  return json_to_string (node, FALSE);
}

/* A lead whose wildcard can stand for more than one card: refused without
 * "as" (in words), refused with a meaning it cannot have, played with one
 * of its meanings, which the trick's tag then shows every seat. */
/* A 3-seat game played by the scripted clients until its Leader holds
 * @cards (@n of them) that can be led more than one way (@readings), or
 * NULL (bounded). */
static Game *
ambiguous_game (LwTestDb *db,
                LwCard   *cards,
                guint    *n,
                GArray   *readings)
{
  static const LwHostSeatKind kinds[] = { LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_REMOTE };
  Game *game = NULL;

  *n = 0;
  for (guint64 seed = 1; seed < 400 && *n == 0; seed++)
    {
      guint steps = 0;

      g_clear_pointer (&game, game_free);
      game = game_new (db->store, 3, kinds, LW_BOT_RANDOM, FALSE, seed);
      while (!lw_table_host_is_over (game->host) && steps++ < 200)
        {
          const LwTable *table = lw_table_host_get_table (game->host);
          gboolean acted = FALSE;

          if (lw_table_get_phase (table) == LW_PHASE_PLAY && lw_table_get_lead (table) == NULL
              && find_ambiguous_lead (table, cards, n, readings))
            break;
          for (guint s = 0; s < 3 && !acted; s++)
            acted = client_act (game, (int) s);
          g_main_context_iteration (NULL, !acted);
        }
    }
  if (*n == 0)
    g_clear_pointer (&game, game_free);
  return game;
}

/* A game whose Leader holds a lead of more than one reading
 * (ambiguous_game()). */
typedef struct {
  Game   *game;
  LwCard  cards[LW_MAX_PLAY];
  guint   n;
  GArray *readings;   /* of LwPlay */
} AmbiguousLead;

static void
ambiguous_lead_clear (AmbiguousLead *lead)
{
  g_clear_pointer (&lead->game, game_free);
  g_clear_pointer (&lead->readings, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (AmbiguousLead, ambiguous_lead_clear)

/* Finds @lead (ambiguous_game()); FALSE, the test skipped, when none of
 * the deals holds one. */
static gboolean
ambiguous_lead_or_skip (LwTestDb      *db,
                        AmbiguousLead *lead)
{
  lead->readings = g_array_new (FALSE, FALSE, sizeof (LwPlay));
  lead->game = ambiguous_game (db, lead->cards, &lead->n, lead->readings);
  if (lead->game == NULL)
    g_test_skip ("no Leader held a lead with two readings in these deals");
  return lead->game != NULL;
}

static void
test_wildcard_as (LwTestDb      *db,
                  gconstpointer  data)
{
  g_auto (AmbiguousLead) lead = { 0, };

  if (!ambiguous_lead_or_skip (db, &lead))
    return;

  {
    LwTableHost *host = lead.game->host;
    int leader = lw_test_host_turn (host);
    const LwPlay *reading = &g_array_index (lead.readings, LwPlay, 1);
    LwWildcard wild[LW_MAX_PLAY];
    guint n_wild = lw_play_wildcards (reading, wild);
    g_autoptr (JsonArray) as = wildcard_meanings (wild, n_wild);
    g_autofree char *as_text = array_text (as);
    g_autoptr (JsonObject) bare = lead_action ("w1", lw_table_host_get_version (host), lead.cards, lead.n, NULL);
    g_autoptr (JsonObject) wrong = NULL;
    g_autoptr (JsonObject) chosen = NULL;
    g_autoptr (JsonNode) state = NULL;
    g_autoptr (GError) error = NULL;
    g_autofree char *tag = NULL;
    JsonArray *plays, *tags;

    g_assert_cmpuint (n_wild, >, 0);
    g_test_message ("leading %u cards as %s", lead.n, as_text);

    g_assert_false (lw_table_host_act (host, leader, bare, "en", &error));
    g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_REFUSED);
    g_assert_cmpstr (error->message, ==, "These cards can be led in more than one way.");
    g_clear_error (&error);

    wrong = lead_action ("w2", lw_table_host_get_version (host), lead.cards, lead.n,
                         parse_array ("[\"W\",\"W\",\"W\"]"));
    g_assert_false (lw_table_host_act (host, leader, wrong, "en", &error));
    g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_REFUSED);
    g_clear_error (&error);

    chosen = lead_action ("w3", lw_table_host_get_version (host), lead.cards, lead.n, json_array_ref (as));
    g_assert_true (lw_table_host_act (host, leader, chosen, "en", &error));
    g_assert_no_error (error);

    /* Every seat sees what the wildcard stood for. */
    state = lw_table_host_get_state (host, (leader + 1) % 3, "en");
    plays = json_object_get_array_member (json_object_get_object_member (json_node_get_object (state), "trick"),
                                          "plays");
    tags = json_object_get_array_member (json_array_get_object_element (plays, 0), "tags");
    tag = lw_describe_wildcard_tag (&wild[0]);
    g_assert_cmpstr (json_array_get_string_element (tags, wild[0].index), ==, tag);
  }
}

static JsonObject *
readings_request (const char   *id,
                  const LwCard *cards,
                  guint         n)
{
  JsonObject *request = json_object_new ();

  json_object_set_string_member (request, "type", "readings");
  json_object_set_string_member (request, "id", id);
  json_object_set_array_member (request, "cards", lw_test_faces_array (cards, n));
  return request;
}

/* The "readings" request: the lead's readings as the engine has them
 * (lw_table_lead_readings()), in the app's words, each with the "as" that
 * plays it; one reading for a plain card; another seat may not ask. */
static void
test_readings (LwTestDb      *db,
               gconstpointer  data)
{
  g_auto (AmbiguousLead) lead = { 0, };
  const GArray *readings;
  LwTableHost *host;
  int leader;

  if (!ambiguous_lead_or_skip (db, &lead))
    return;
  readings = lead.readings;
  host = lead.game->host;
  leader = lw_test_host_turn (host);
  g_assert_cmpuint (readings->len, >=, 2);

  {
    g_autoptr (JsonObject) request = readings_request ("r1", lead.cards, lead.n);
    g_autoptr (GError) error = NULL;
    g_autoptr (JsonNode) answer = lw_table_host_readings (host, leader, request, "en", &error);
    g_autoptr (JsonObject) chosen = NULL;
    JsonObject *object;
    JsonArray *list;
    JsonArray *as;

    g_assert_no_error (error);
    object = json_node_get_object (answer);
    g_assert_cmpstr (json_object_get_string_member (object, "type"), ==, "readings");
    g_assert_cmpstr (json_object_get_string_member (object, "id"), ==, "r1");
    g_assert_cmpint (json_object_get_int_member (object, "version"), ==, lw_table_host_get_version (host));
    list = json_object_get_array_member (object, "readings");
    g_assert_cmpuint (json_array_get_length (list), ==, readings->len);
    for (guint k = 0; k < readings->len; k++)
      {
        const LwPlay *reading = &g_array_index (readings, LwPlay, k);
        JsonObject *item = json_array_get_object_element (list, k);
        g_autofree char *words = lw_describe_wildcards (reading);
        LwWildcard wild[LW_MAX_PLAY];
        guint n_wild = lw_play_wildcards (reading, wild);

        g_assert_nonnull (words);
        g_assert_cmpstr (json_object_get_string_member (item, "words"), ==, words);
        g_assert_true (strstr (words, " as ") != NULL);
        as = json_object_get_array_member (item, "as");
        g_assert_cmpuint (json_array_get_length (as), ==, n_wild);
        for (guint w = 0; w < n_wild; w++)
          {
            g_autofree char *meaning = wildcard_meaning (&wild[w]);

            g_assert_cmpstr (json_array_get_string_element (as, w), ==, meaning);
          }
        g_test_message ("reading %u: %s", k, words);
      }
    /* Two different readings. */
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (list, 0), "words"), !=,
                     json_object_get_string_member (json_array_get_object_element (list, 1), "words"));

    /* Another seat may not ask; nothing changed. */
    {
      g_autoptr (JsonNode) none = lw_table_host_readings (host, (leader + 1) % 3, request, "en", &error);

      g_assert_null (none);
      g_assert_error (error, LW_TABLE_HOST_ERROR, LW_TABLE_HOST_ERROR_NOT_YOUR_TURN);
      g_clear_error (&error);
    }

    /* The second reading's "as", sent back, plays it. */
    as = json_object_get_array_member (json_array_get_object_element (list, 1), "as");
    chosen = lead_action ("r-play", lw_table_host_get_version (host), lead.cards, lead.n, json_array_ref (as));
    g_assert_true (lw_table_host_act (host, leader, chosen, "en", &error));
    g_assert_no_error (error);
  }
  ambiguous_lead_clear (&lead);

  /* One reading: a plain card led alone. */
  {
    static const LwHostSeatKind kinds[] = { LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_REMOTE };
    guint steps = 0;
    Game *game = game_new (db->store, 3, kinds, LW_BOT_RANDOM, FALSE, 5);

    while (steps++ < 200)
      {
        const LwTable *table = lw_table_host_get_table (game->host);
        gboolean acted = FALSE;

        if (lw_table_get_phase (table) == LW_PHASE_PLAY && lw_table_get_lead (table) == NULL)
          break;
        for (guint s = 0; s < 3 && !acted; s++)
          acted = client_act (game, (int) s);
        g_main_context_iteration (NULL, !acted);
      }
    {
      const LwTable *table = lw_table_host_get_table (game->host);
      guint n_hand;
      int turn = lw_table_get_turn (table);
      const LwCard *hand = lw_table_get_hand (table, turn, &n_hand);
      LwCard plain[1];
      g_autoptr (JsonObject) request = NULL;
      g_autoptr (JsonNode) answer = NULL;
      g_autoptr (GError) error = NULL;
      JsonArray *list;
      gboolean found = FALSE;

      g_assert_cmpint (lw_table_get_phase (table), ==, LW_PHASE_PLAY);
      for (guint i = 0; i < n_hand && !found; i++)
        if (lw_card_face_suit (lw_card_face (hand[i])) != LW_SUIT_NONE)
          {
            plain[0] = hand[i];
            found = TRUE;
          }
      g_assert_true (found);
      request = readings_request ("r2", plain, 1);
      answer = lw_table_host_readings (game->host, turn, request, "en", &error);
      g_assert_no_error (error);
      list = json_object_get_array_member (json_node_get_object (answer), "readings");
      g_assert_cmpuint (json_array_get_length (list), ==, 1);
      g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (list, 0), "words"), ==, "");
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_array_get_object_element (list, 0),
                                                                             "as")), ==, 0);
    }
    game_free (game);
  }
}

/* Each seat in its own language at once: German words for one seat, English
 * for the other, from the same table (uselocale() per call). The de_DE.UTF-8
 * locale is made in a temporary folder (LOCPATH); skipped without localedef
 * or the build's translations (LW_LOCALEDIR). */
static void
test_german (LwTestDb      *db,
             gconstpointer  data)
{
  const char *localedir = g_getenv ("LW_LOCALEDIR");
  g_autofree char *dir = lw_test_make_tmp_dir ("lw-host-locale-XXXXXX");
  g_autofree char *target = g_build_filename (dir, "de_DE.UTF-8", NULL);
  const char *argv[] = { "localedef", "-i", "de_DE", "-f", "UTF-8", target, NULL };
  g_autoptr (LwTableHost) host = NULL;
  g_autoptr (JsonNode) de = NULL;
  g_autoptr (JsonNode) en = NULL;
  g_autoptr (JsonObject) action = NULL;
  g_autoptr (GError) error = NULL;
  int status = -1;

  if (localedir == NULL
      || !g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL
                        | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL)
      || !g_spawn_check_wait_status (status, NULL))
    {
      lw_test_remove_tree (dir);
      g_test_skip ("localedef could not make de_DE.UTF-8, or LW_LOCALEDIR is not set");
      return;
    }
  g_setenv ("LOCPATH", dir, TRUE);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  textdomain (GETTEXT_PACKAGE);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  host = lw_test_two_remote (db->store);
  g_assert_cmpstr (lw_table_host_get_name (host, 1), ==, "Ben");
  de = lw_table_host_get_state (host, 0, "de");
  en = lw_table_host_get_state (host, 0, "en");
  g_test_message ("de: %s", json_object_get_string_member (json_node_get_object (de), "status"));
  g_assert_nonnull (strstr (json_object_get_string_member (json_node_get_object (de), "status"), "Ansagen"));
  g_assert_nonnull (strstr (json_object_get_string_member (json_node_get_object (en), "status"), "Declare"));
  action = lw_test_bid_action ("g1", lw_table_host_get_version (host), "decline");
  g_assert_false (lw_table_host_act (host, 1 - lw_test_host_turn (host), action, "de", &error));
  g_assert_cmpstr (error->message, ==, "Sie sind nicht am Zug.");
  lw_test_remove_tree (dir);
}

/* The Dealer's bid, in each seat's state: "you dealt" is said to the
 * Dealer alone; the other seat reads who dealt and what they choose. */
static void
test_dealer_words (LwTestDb      *db,
                   gconstpointer  data)
{
  g_autoptr (LwTableHost) host = lw_test_two_remote (db->store);
  int dealer = lw_test_host_turn (host);
  const char *name = lw_table_host_get_name (host, dealer);
  g_autoptr (JsonNode) mine = lw_table_host_get_state (host, dealer, "en");
  g_autoptr (JsonNode) theirs = lw_table_host_get_state (host, 1 - dealer, "en");
  const char *to_dealer = json_object_get_string_member (json_node_get_object (mine), "status");
  const char *to_other = json_object_get_string_member (json_node_get_object (theirs), "status");
  g_autofree char *you = g_strdup_printf ("%s, you dealt: Declare to take the Pups", name);
  g_autofree char *they = g_strdup_printf ("%s dealt and chooses: Declare to take the Pups", name);

  g_test_message ("to the Dealer: %s", to_dealer);
  g_test_message ("to the other seat: %s", to_other);
  g_assert_cmpint (lw_table_get_dealer (lw_table_host_get_table (host)), ==, dealer);
  g_assert_nonnull (strstr (to_dealer, you));
  g_assert_null (strstr (to_other, "you dealt"));
  g_assert_nonnull (strstr (to_other, they));
}

/* A hosted game set up by New Game: the record's first dealer deals round
 * 1, by its house rules, and the game stored keeps its target. */
static void
test_game_record (LwTestDb      *db,
                  gconstpointer  data)
{
  static const char *const names[] = { "Ann", "Ben", "Cleo" };
  static const LwHostSeatKind kinds[] = { LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_REMOTE, LW_HOST_SEAT_REMOTE };
  g_autoptr (LwGameRecord) record = lw_game_record_new (LW_RULESET_LITTLE_WOLF, 3, names);
  g_autoptr (LwGameRecord) stored = NULL;
  g_autoptr (LwStandings) standings = NULL;
  g_autoptr (LwTableHost) host = NULL;
  g_autoptr (GError) error = NULL;
  const LwTable *table;

  record->first_dealer = 2;
  record->target = 7;
  record->over_trump = LW_OVER_TRUMP_WHOLE_TRICK;
  host = lw_table_host_new_for_game (db->store, record, kinds, NULL, 41, &error);
  g_assert_no_error (error);
  lw_table_host_set_timing (host, 0, 0);
  table = lw_table_host_get_table (host);
  g_assert_cmpint (lw_table_get_dealer (table), ==, 2);
  g_assert_cmpint (lw_test_host_turn (host), ==, 2);
  g_assert_true (lw_table_get_rules (table)->whole_trick_overtrump);
  g_assert_false (lw_table_get_rules (table)->runs_inside_only);
  g_assert_cmpuint (lw_table_host_get_version (host), ==, 1);
  g_assert_true (lw_store_reload_game (db->store, lw_table_host_get_game_id (host), &stored, &standings, &error));
  g_assert_cmpint (stored->target, ==, 7);
  g_assert_cmpint (stored->first_dealer, ==, 2);
  g_assert_cmpint (stored->over_trump, ==, LW_OVER_TRUMP_WHOLE_TRICK);
}

/* The leak test: ≥ 20 whole games (2–5 seats, seeded), every state given
 * to every seat checked against the true table. */
static void
test_leaks (LwTestDb      *db,
            gconstpointer  data)
{
  guint64 checked = 0;
  gint64 state_us = 0;
  guint refused = 0;

  for (guint g = 0; g < 20; g++)
    {
      guint n = 2 + g % 4;
      gboolean partners = n == 4 && g % 8 == 2;
      LwHostSeatKind kinds[LW_MAX_SEATS];
      Game *game;

      for (guint s = 0; s < n; s++)
        kinds[s] = s % 3 == 1 ? LW_HOST_SEAT_COMPUTER : LW_HOST_SEAT_REMOTE;
      game = game_new (db->store, n, kinds, LW_BOT_RANDOM, partners, 1000 + g);
      game->check = TRUE;
      play_game (game);
      check_stored (db->store, game);
      checked += game->checked;
      state_us += game->state_us;
      refused += game->refused_follows;
      game_free (game);
    }
  g_test_message ("leak test: 20 games, %" G_GUINT64_FORMAT " states checked, %u wrong follows refused in words",
                  checked, refused);
  g_print ("# leak test: 20 games, %" G_GUINT64_FORMAT " states checked against the true table"
           " (a state made in %.1f microseconds on average)\n", checked, (double) state_us / (double) MAX (checked, 1));
  g_assert_cmpuint (checked, >, 2000);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/table-host/whole-game/2", LwTestDb, &two, lw_test_db_set_up, test_whole_game, lw_test_db_tear_down);
  g_test_add ("/table-host/whole-game/3", LwTestDb, &three, lw_test_db_set_up, test_whole_game, lw_test_db_tear_down);
  g_test_add ("/table-host/whole-game/4-partners", LwTestDb, &four, lw_test_db_set_up, test_whole_game,
              lw_test_db_tear_down);
  lw_test_add_db ("/table-host/wildcard-as", test_wildcard_as);
  lw_test_add_db ("/table-host/readings", test_readings);
  lw_test_add_db ("/table-host/german", test_german);
  lw_test_add_db ("/table-host/dealer-words", test_dealer_words);
  lw_test_add_db ("/table-host/game-record", test_game_record);
  lw_test_add_db ("/table-host/leaks", test_leaks);
  return g_test_run ();
}
