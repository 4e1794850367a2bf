/* lw-table.c — one round at the virtual table (TRICKS §2), observations
 * and the action log
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "lw-error.h"
#include "lw-json-text.h"
#include "lw-rules.h"
#include "lw-table.h"

struct _LwTable {
  guint        n_players;
  guint        hand_size;
  guint        decks;
  int          dealer;
  guint64      seed;
  LwHouseRules rules;

  LwCard       hands[LW_MAX_SEATS][LW_MAX_HAND];
  guint        n_hand[LW_MAX_SEATS];
  LwCard       pups[4];
  LwCard       discards[4];
  gboolean     discarded;
  LwSuit       trump;

  LwPhase      phase;
  int          turn;
  int          declarer;
  guint        declines;

  gboolean     has_lead;
  LwLead       lead;
  int          trick_leader;
  LwPlay       current[LW_MAX_SEATS];
  guint        n_current;

  GArray      *tricks;          /* LwTrick */
  guint        taken[LW_MAX_SEATS];
  guint32      voids[LW_MAX_SEATS];
  GArray      *log;             /* LwAction */
};

LwTable *
lw_table_new (guint               n_players,
              int                 dealer,
              guint64             seed,
              const LwHouseRules *rules)
{
  LwTable *t;
  LwCard deck[LW_MAX_CARDS];
  guint next = 0;

  g_return_val_if_fail (n_players >= LW_MIN_SEATS && n_players <= LW_MAX_SEATS, NULL);
  g_return_val_if_fail (dealer >= 0 && dealer < (int) n_players, NULL);

  t = g_new0 (LwTable, 1);
  t->n_players = n_players;
  t->hand_size = lw_hand_size (n_players);
  t->decks = lw_decks (n_players);
  t->dealer = dealer;
  t->seed = seed;
  if (rules != NULL)
    t->rules = *rules;
  t->tricks = g_array_new (FALSE, FALSE, sizeof (LwTrick));
  t->log = g_array_new (FALSE, FALSE, sizeof (LwAction));

  /* §2.2: one at a time, clockwise from the Dealer's left; then the Pups. */
  lw_deck_shuffled (t->decks, seed, deck);
  for (guint k = 0; k < t->hand_size * n_players; k++)
    {
      guint seat = (guint) (dealer + 1 + (int) k) % n_players;
      t->hands[seat][t->n_hand[seat]++] = deck[next++];
    }
  for (guint k = 0; k < 4; k++)
    t->pups[k] = deck[next++];
  for (guint s = 0; s < n_players; s++)
    lw_cards_sort (t->hands[s], t->n_hand[s]);

  /* §2.3: the top Pup names the trump; a Den card means No Trump (T2). */
  t->trump = lw_card_is_den (t->pups[0]) ? LW_NO_TRUMP : lw_card_suit (t->pups[0]);
  t->phase = LW_PHASE_BID;
  t->turn = dealer;
  t->declarer = LW_NO_SEAT;
  return t;
}

LwTable *
lw_table_copy (const LwTable *table)
{
  LwTable *t = g_memdup2 (table, sizeof *table);
  t->tricks = g_array_copy (table->tricks);
  t->log = g_array_copy (table->log);
  return t;
}

void
lw_table_free (LwTable *table)
{
  if (table == NULL)
    return;
  g_array_unref (table->tricks);
  g_array_unref (table->log);
  g_free (table);
}

LwPhase lw_table_get_phase (const LwTable *table) { return table->phase; }
int lw_table_get_turn (const LwTable *table) { return table->turn; }
guint lw_table_get_n_players (const LwTable *table) { return table->n_players; }
int lw_table_get_dealer (const LwTable *table) { return table->dealer; }
LwSuit lw_table_get_trump (const LwTable *table) { return table->trump; }
LwCard lw_table_get_revealed (const LwTable *table) { return table->pups[0]; }
int lw_table_get_declarer (const LwTable *table) { return table->declarer; }

void
lw_table_get_pups (const LwTable *table,
                   LwCard        *pups)
{
  g_return_if_fail (table != NULL && pups != NULL);

  memcpy (pups, table->pups, sizeof table->pups);
}
const GArray *lw_table_get_tricks (const LwTable *table) { return table->tricks; }
const GArray *lw_table_get_log (const LwTable *table) { return table->log; }

const LwHouseRules *
lw_table_get_rules (const LwTable *table)
{
  return &table->rules;
}

const LwCard *
lw_table_get_hand (const LwTable *table,
                   int            seat,
                   guint         *n)
{
  g_return_val_if_fail (seat >= 0 && seat < (int) table->n_players, NULL);
  *n = table->n_hand[seat];
  return table->hands[seat];
}

const LwLead *
lw_table_get_lead (const LwTable *table)
{
  return table->has_lead ? &table->lead : NULL;
}

const LwPlay *
lw_table_get_current (const LwTable *table,
                      guint         *n)
{
  *n = table->n_current;
  return table->current;
}

guint
lw_table_get_taken (const LwTable *table,
                    int            seat)
{
  g_return_val_if_fail (seat >= 0 && seat < (int) table->n_players, 0);
  return table->taken[seat];
}

/* The cards of @play found in @seat's hand, each as the lowest-numbered
 * unused copy of its face; their positions in @mask. */
guint
lw_table_undo_floor (const LwTable *table,
                     int            seat)
{
  g_return_val_if_fail (table != NULL, 0);

  /* Only the Dealer's own Declare shows anyone face-down cards (§2.4). */
  if (seat != table->dealer)
    return 0;
  for (guint i = 0; i < table->log->len; i++)
    {
      const LwAction *a = &g_array_index (table->log, LwAction, i);

      if (a->kind == LW_ACTION_DECLARE && a->seat == table->dealer)
        return i + 1;
    }
  return 0;
}

gboolean
lw_table_check_undo (const LwTable  *table,
                     int             seat,
                     guint           n_actions,
                     GError        **error)
{
  guint floor;

  g_return_val_if_fail (table != NULL, FALSE);
  g_return_val_if_fail (n_actions <= table->log->len, FALSE);

  floor = lw_table_undo_floor (table, seat);
  if (n_actions < floor)
    return lw_engine_fail (error, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                           "seat %d has seen the Pups (action %u, Declare): an undo cannot take that back (SCORING R19)",
                           seat, floor);
  return TRUE;
}

static gboolean
take_from_hand (const LwTable *t,
                int            seat,
                LwPlay        *play,
                guint32       *mask,
                GError       **error)
{
  *mask = 0;
  for (guint k = 0; k < play->n; k++)
    {
      guint face = lw_card_face (play->cards[k]);
      int best = -1;
      for (guint i = 0; i < t->n_hand[seat]; i++)
        if (!(*mask & (1u << i)) && lw_card_face (t->hands[seat][i]) == face
            && (best < 0 || t->hands[seat][i] < t->hands[seat][best]))
          best = (int) i;
      if (best < 0)
        {
          g_autofree char *cards = lw_play_format (play);
          return lw_engine_fail (error, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                                 "%s: seat %d holds no %s%s", cards, seat,
                                 lw_face_to_string (face), k > 0 ? " more" : "");
        }
      *mask |= 1u << best;
      play->cards[k] = t->hands[seat][best];
    }
  return TRUE;
}

static void
remove_from_hand (LwTable *t,
                  int      seat,
                  guint32  mask)
{
  guint j = 0;
  for (guint i = 0; i < t->n_hand[seat]; i++)
    if (!(mask & (1u << i)))
      t->hands[seat][j++] = t->hands[seat][i];
  t->n_hand[seat] = j;
}

static int
next_seat (const LwTable *t,
           int            seat)
{
  return (seat + 1) % (int) t->n_players;
}

/* What a follower's play on a Single lead tells about its hand. */
static void
note_voids (LwTable      *t,
            int           seat,
            const LwPlay *play)
{
  LwCard c = play->cards[0];
  const LwLead *lead = &t->lead;

  if (lead->type != LW_LEAD_SINGLE)
    return;
  if (lw_card_is_den (lead->play.cards[0]))
    {
      if (t->trump != LW_NO_TRUMP && !lw_card_is_trump (c, t->trump))
        t->voids[seat] |= LW_VOID_TRUMPS;
      if (t->trump == LW_NO_TRUMP && !lw_card_is_den (c))
        t->voids[seat] |= LW_VOID_DENS;
      return;
    }
  if (!lw_card_follows_suit (c, lead->suit, t->trump))
    t->voids[seat] |= lead->suit == t->trump ? LW_VOID_TRUMPS : (1u << lead->suit);
}

int
lw_table_get_winning_seat (const LwTable *table)
{
  guint w;

  g_return_val_if_fail (table != NULL, LW_NO_SEAT);

  if (table->phase != LW_PHASE_PLAY || !table->has_lead || table->n_current == 0)
    return LW_NO_SEAT;
  w = lw_trick_winner (&table->lead, table->current + 1, table->n_current - 1, &table->rules);
  return (table->trick_leader + (int) w) % (int) table->n_players;
}

static void
finish_trick (LwTable *t)
{
  LwTrick trick = { 0 };

  trick.leader = t->trick_leader;
  trick.n_plays = t->n_current;
  memcpy (trick.plays, t->current, sizeof (LwPlay) * t->n_current);
  trick.winner = lw_table_get_winning_seat (t);
  g_array_append_val (t->tricks, trick);
  t->taken[trick.winner] += t->lead.n * t->n_players;

  t->has_lead = FALSE;
  t->n_current = 0;
  if (t->n_hand[trick.winner] == 0)
    {
      t->phase = LW_PHASE_END;
      t->turn = LW_NO_SEAT;
    }
  else
    t->turn = trick.winner;
}

gboolean
lw_table_apply (LwTable         *t,
                const LwAction  *action,
                GError         **error)
{
  LwAction a;
  int seat;

  g_return_val_if_fail (t != NULL && action != NULL, FALSE);
  a = *action;
  seat = a.seat;

  if (t->phase == LW_PHASE_END)
    return lw_engine_fail (error, LW_ENGINE_ERROR_ILLEGAL_PLAY, "the round is over (TRICKS §2.7)");
  if (seat < 0 || seat >= (int) t->n_players)
    return lw_engine_fail (error, LW_ENGINE_ERROR_ILLEGAL_PLAY, "there is no seat %d", seat);
  if (seat != t->turn)
    return lw_engine_fail (error, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                           "it is seat %d's turn, not seat %d's (T5)", t->turn, seat);

  switch (t->phase)
    {
    case LW_PHASE_BID:
      if (a.kind == LW_ACTION_DECLARE)
        {
          t->declarer = seat;
          if (seat == t->dealer)
            {
              /* The Pups join the Dealer's hand (§2.4). */
              for (guint k = 0; k < 4; k++)
                t->hands[seat][t->n_hand[seat]++] = t->pups[k];
              lw_cards_sort (t->hands[seat], t->n_hand[seat]);
              t->phase = LW_PHASE_EXCHANGE;
            }
          else
            t->phase = LW_PHASE_PLAY;
        }
      else if (a.kind == LW_ACTION_DECLINE)
        {
          t->declines++;
          if (t->declines == t->n_players)
            {
              /* Everyone declined: the Dealer leads (§2.4). */
              t->phase = LW_PHASE_PLAY;
              t->turn = t->dealer;
            }
          else
            t->turn = next_seat (t, seat);
        }
      else
        return lw_engine_fail (error, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                               "seat %d must Declare or Decline now (TRICKS §2.4)", seat);
      a.play.n = 0;
      break;

    case LW_PHASE_EXCHANGE:
      {
        guint32 mask;
        if (a.kind != LW_ACTION_DISCARD)
          return lw_engine_fail (error, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                                 "the declaring Dealer must first discard four cards (T3, T4)");
        if (a.play.n != 4)
          return lw_engine_fail (error, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                                 "the Dealer discards exactly four cards, not %u (T3)", a.play.n);
        for (guint k = 0; k < 4; k++)
          {
            a.play.as_rank[k] = -1;
            a.play.as_suit[k] = LW_SUIT_NONE;
          }
        if (!take_from_hand (t, seat, &a.play, &mask, error))
          return FALSE;
        memcpy (t->discards, a.play.cards, 4);
        t->discarded = TRUE;
        remove_from_hand (t, seat, mask);
        t->phase = LW_PHASE_PLAY;
        break;
      }

    case LW_PHASE_PLAY:
      {
        guint32 mask;
        if (a.kind != LW_ACTION_PLAY)
          return lw_engine_fail (error, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                                 "seat %d must %s now (TRICKS §2.6)", seat,
                                 t->has_lead ? "follow" : "lead");
        if (a.play.n < 1 || a.play.n > t->n_hand[seat])
          return lw_engine_fail (error, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                                 "seat %d holds %u cards and cannot play %u",
                                 seat, t->n_hand[seat], a.play.n);
        if (!take_from_hand (t, seat, &a.play, &mask, error))
          return FALSE;
        if (!t->has_lead)
          {
            LwLead lead;
            if (!lw_lead_classify (&a.play, t->trump, &t->rules, &lead, error))
              return FALSE;
            t->lead = lead;
            t->has_lead = TRUE;
            t->trick_leader = seat;
          }
        else
          {
            for (guint k = 0; k < a.play.n; k++)
              if (a.play.as_rank[k] >= 0)
                {
                  g_autofree char *cards = lw_play_format (&a.play);
                  return lw_engine_fail (error, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                                         "%s: only the Leader uses wildcards (TRICKS §3)", cards);
                }
            if (!lw_follow_check (&t->lead, t->hands[seat], t->n_hand[seat],
                                  a.play.cards, a.play.n, error))
              return FALSE;
            note_voids (t, seat, &a.play);
          }
        remove_from_hand (t, seat, mask);
        t->current[t->n_current++] = a.play;
        if (t->n_current == t->n_players)
          finish_trick (t);
        else
          t->turn = next_seat (t, seat);
        break;
      }

    case LW_PHASE_END:
    default:
      g_assert_not_reached ();
    }

  g_array_append_val (t->log, a);
  return TRUE;
}

void
lw_table_legal_leads (const LwTable *t,
                      GArray        *out)
{
  g_return_if_fail (t->phase == LW_PHASE_PLAY && !t->has_lead);
  lw_leads_enumerate (t->hands[t->turn], t->n_hand[t->turn], t->trump, &t->rules, out);
}

guint
lw_table_legal_follows (const LwTable *t,
                        GArray        *out)
{
  g_return_val_if_fail (t->phase == LW_PHASE_PLAY && t->has_lead, 0);
  return lw_follow_legal (&t->lead, t->hands[t->turn], t->n_hand[t->turn], out);
}

void
lw_table_round_facts (const LwTable *t,
                      const int     *team_of,
                      LwRound       *round)
{
  guint n_tricks;

  g_return_if_fail (t->phase == LW_PHASE_END);

  round->is_void = FALSE;
  round->declarer = t->declarer;
  round->dealer = t->dealer;
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    {
      round->cards[s] = s < t->n_players ? (int) t->taken[s] : 0;
      round->worms[s] = round->gongs[s] = round->bears[s] = round->wolves[s] = 0;
    }
  for (guint k = 0; k < t->tricks->len; k++)
    {
      const LwTrick *trick = &g_array_index (t->tricks, LwTrick, k);
      for (guint p = 0; p < trick->n_plays; p++)
        for (guint c = 0; c < trick->plays[p].n; c++)
          switch (lw_card_face (trick->plays[p].cards[c]))
            {
            case LW_FACE_WORM: round->worms[trick->winner]++; break;
            case LW_FACE_GONG: round->gongs[trick->winner]++; break;
            case LW_FACE_BEAR: round->bears[trick->winner]++; break;
            case LW_FACE_WOLF: round->wolves[trick->winner]++; break;
            default: break;
            }
    }

  /* SCORING R11: the declarer's side won every trick but the final one. */
  round->all_but_last = FALSE;
  n_tricks = t->tricks->len;
  if (t->declarer != LW_NO_SEAT && n_tricks >= 2)
    {
      int side = team_of != NULL ? team_of[t->declarer] : t->declarer;
      gboolean all_but_last = TRUE;
      for (guint k = 0; k < n_tricks; k++)
        {
          int w = g_array_index (t->tricks, LwTrick, k).winner;
          gboolean ours = (team_of != NULL ? team_of[w] : w) == side;
          if (ours != (k + 1 < n_tricks))
            all_but_last = FALSE;
        }
      round->all_but_last = all_but_last;
    }
}

void
lw_table_observe (const LwTable *t,
                  int            seat,
                  LwObservation *obs)
{
  g_return_if_fail (seat >= 0 && seat < (int) t->n_players);

  memset (obs, 0, sizeof *obs);
  obs->seat = seat;
  obs->n_players = t->n_players;
  obs->dealer = t->dealer;
  obs->phase = t->phase;
  obs->turn = t->turn;
  obs->revealed = t->pups[0];
  obs->trump = t->trump;
  obs->declarer = t->declarer;
  obs->n_hand = t->n_hand[seat];
  memcpy (obs->hand, t->hands[seat], t->n_hand[seat]);
  for (guint s = 0; s < t->n_players; s++)
    {
      obs->hand_sizes[s] = t->n_hand[s];
      obs->taken[s] = t->taken[s];
      obs->voids[s] = t->voids[s];
    }
  if (t->discarded && seat == t->dealer)
    {
      obs->n_discards = 4;
      memcpy (obs->discards, t->discards, 4);
    }
  obs->has_lead = t->has_lead;
  if (t->has_lead)
    obs->lead = t->lead;
  obs->n_current = t->n_current;
  memcpy (obs->current, t->current, sizeof (LwPlay) * t->n_current);
  obs->tricks = t->tricks;
}

LwTable *
lw_table_new_from_observation (const LwObservation *obs,
                               const LwCard         hands[][LW_MAX_HAND],
                               const LwHouseRules  *rules)
{
  LwTable *t;

  g_return_val_if_fail (obs != NULL && hands != NULL, NULL);
  g_return_val_if_fail (obs->phase == LW_PHASE_PLAY, NULL);
  g_return_val_if_fail (obs->n_players >= LW_MIN_SEATS && obs->n_players <= LW_MAX_SEATS, NULL);

  t = g_new0 (LwTable, 1);
  t->n_players = obs->n_players;
  t->hand_size = lw_hand_size (obs->n_players);
  t->decks = lw_decks (obs->n_players);
  t->dealer = obs->dealer;
  if (rules != NULL)
    t->rules = *rules;
  for (guint s = 0; s < obs->n_players; s++)
    {
      t->n_hand[s] = obs->hand_sizes[s];
      memcpy (t->hands[s], hands[s], obs->hand_sizes[s]);
      lw_cards_sort (t->hands[s], t->n_hand[s]);
      t->taken[s] = obs->taken[s];
      t->voids[s] = obs->voids[s];
    }
  t->pups[0] = t->pups[1] = t->pups[2] = t->pups[3] = obs->revealed;
  if (obs->n_discards == 4)
    memcpy (t->discards, obs->discards, 4);
  t->discarded = obs->declarer != LW_NO_SEAT && obs->declarer == obs->dealer;
  t->trump = obs->trump;
  t->phase = LW_PHASE_PLAY;
  t->turn = obs->turn;
  t->declarer = obs->declarer;
  t->has_lead = obs->has_lead;
  if (obs->has_lead)
    t->lead = obs->lead;
  t->n_current = obs->n_current;
  memcpy (t->current, obs->current, sizeof (LwPlay) * obs->n_current);
  t->trick_leader = (obs->turn - (int) obs->n_current + (int) obs->n_players) % (int) obs->n_players;
  t->tricks = obs->tricks != NULL ? g_array_copy ((GArray *) obs->tricks)
                                  : g_array_new (FALSE, FALSE, sizeof (LwTrick));
  t->log = g_array_new (FALSE, FALSE, sizeof (LwAction));
  return t;
}

static const char *const action_names[] = { "declare", "decline", "discard", "play" };

char *
lw_table_to_json (const LwTable *t)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, t->seed);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, "little-wolf/table");
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "players");
  json_builder_add_int_value (b, t->n_players);
  json_builder_set_member_name (b, "dealer");
  json_builder_add_int_value (b, t->dealer);
  json_builder_set_member_name (b, "seed");
  json_builder_add_string_value (b, seed);
  json_builder_set_member_name (b, "house_rules");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "whole_trick_overtrump");
  json_builder_add_boolean_value (b, t->rules.whole_trick_overtrump);
  json_builder_set_member_name (b, "runs_inside_only");
  json_builder_add_boolean_value (b, t->rules.runs_inside_only);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "actions");
  json_builder_begin_array (b);
  for (guint k = 0; k < t->log->len; k++)
    {
      const LwAction *a = &g_array_index (t->log, LwAction, k);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "seat");
      json_builder_add_int_value (b, a->seat);
      json_builder_set_member_name (b, "do");
      json_builder_add_string_value (b, action_names[a->kind]);
      if (a->kind == LW_ACTION_DISCARD || a->kind == LW_ACTION_PLAY)
        {
          g_autofree char *cards = lw_play_format (&a->play);
          json_builder_set_member_name (b, "cards");
          json_builder_add_string_value (b, cards);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return lw_json_builder_to_text (b);
}

static gboolean
member_int (JsonObject *o,
            const char *name,
            gint64      lo,
            gint64      hi,
            gint64     *value,
            GError    **error)
{
  JsonNode *node = json_object_get_member (o, name);
  if (!lw_json_node_holds (node, G_TYPE_INT64))
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "\"%s\" must be an integer", name);
  *value = json_node_get_int (node);
  if (*value < lo || *value > hi)
    return lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "\"%s\" is out of range", name);
  return TRUE;
}

static gboolean
member_bool (JsonObject *o,
             const char *name,
             gboolean   *value)
{
  JsonNode *node = json_object_get_member (o, name);
  if (node == NULL)
    return TRUE;
  if (!lw_json_node_holds (node, G_TYPE_BOOLEAN))
    return FALSE;
  *value = json_node_get_boolean (node);
  return TRUE;
}

LwTable *
lw_table_from_json (const char  *data,
                    gssize       length,
                    GError     **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (LwTable) t = NULL;
  g_autoptr (GError) local = NULL;
  JsonNode *root;
  JsonObject *o;
  JsonNode *actions;
  gint64 players, dealer, version;
  const char *format, *seed_text;
  guint64 seed;
  LwHouseRules rules = { FALSE, FALSE };
  JsonNode *house;

  root = lw_json_parse_checked (parser, data, length, "the saved round", &local);
  if (root == NULL)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE, "%s", local->message);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "a saved round is a JSON object");
      return NULL;
    }
  o = json_node_get_object (root);
  format = lw_json_node_string (json_object_get_member (o, "format"));
  if (format == NULL || strcmp (format, "little-wolf/table") != 0)
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "\"format\" must be \"little-wolf/table\"");
      return NULL;
    }
  if (!member_int (o, "version", 1, 1, &version, error)
      || !member_int (o, "players", LW_MIN_SEATS, LW_MAX_SEATS, &players, error)
      || !member_int (o, "dealer", 0, players - 1, &dealer, error))
    return NULL;
  seed_text = lw_json_node_string (json_object_get_member (o, "seed"));
  if (seed_text == NULL
      || !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "\"seed\" must be a decimal string");
      return NULL;
    }
  house = json_object_get_member (o, "house_rules");
  if (house != NULL)
    {
      JsonObject *h = JSON_NODE_HOLDS_OBJECT (house) ? json_node_get_object (house) : NULL;
      if (h == NULL || !member_bool (h, "whole_trick_overtrump", &rules.whole_trick_overtrump)
          || !member_bool (h, "runs_inside_only", &rules.runs_inside_only))
        {
          lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "\"house_rules\" holds two booleans");
          return NULL;
        }
    }
  actions = json_object_get_member (o, "actions");
  if (actions == NULL || !JSON_NODE_HOLDS_ARRAY (actions))
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "\"actions\" must be a list");
      return NULL;
    }

  t = lw_table_new ((guint) players, (int) dealer, seed, &rules);
  for (guint k = 0; k < json_array_get_length (json_node_get_array (actions)); k++)
    {
      JsonNode *node = json_array_get_element (json_node_get_array (actions), k);
      JsonObject *ao = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      LwAction a = { 0 };
      gint64 seat;
      const char *what;
      guint kind;

      if (ao == NULL)
        {
          lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "action %u: not an object", k + 1);
          return NULL;
        }
      if (!member_int (ao, "seat", 0, players - 1, &seat, &local))
        {
          lw_engine_fail (error, LW_ENGINE_ERROR_INVALID, "action %u: %s", k + 1, local->message);
          return NULL;
        }
      what = lw_json_node_string (json_object_get_member (ao, "do"));
      for (kind = 0; kind < G_N_ELEMENTS (action_names); kind++)
        if (what != NULL && strcmp (what, action_names[kind]) == 0)
          break;
      if (kind == G_N_ELEMENTS (action_names))
        {
          lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                          "action %u: \"do\" must be declare, decline, discard or play", k + 1);
          return NULL;
        }
      a.kind = (LwActionKind) kind;
      a.seat = (int) seat;
      if (a.kind == LW_ACTION_DISCARD || a.kind == LW_ACTION_PLAY)
        {
          const char *cards = lw_json_node_string (json_object_get_member (ao, "cards"));
          LwCardToken tokens[LW_MAX_PLAY];
          guint n;
          guint8 used[LW_N_FACES] = { 0 };
          if (cards == NULL
              || !lw_card_tokens_parse (cards, tokens, LW_MAX_PLAY, &n, &local)
              || !lw_play_from_tokens (&a.play, tokens, n, used, &local))
            {
              lw_engine_fail (error, LW_ENGINE_ERROR_INVALID,
                              "action %u: %s", k + 1, local ? local->message : "\"cards\" is missing");
              return NULL;
            }
        }
      if (!lw_table_apply (t, &a, &local))
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_ILLEGAL_PLAY,
                       "action %u: %s", k + 1, local->message);
          return NULL;
        }
    }
  return g_steal_pointer (&t);
}

static gboolean
plays_equal (const LwPlay *a,
             const LwPlay *b)
{
  return a->n == b->n
         && memcmp (a->cards, b->cards, a->n) == 0
         && memcmp (a->as_rank, b->as_rank, a->n) == 0
         && memcmp (a->as_suit, b->as_suit, a->n) == 0;
}

gboolean
lw_table_equal (const LwTable *a,
                const LwTable *b)
{
  if (a->n_players != b->n_players || a->dealer != b->dealer || a->seed != b->seed
      || a->phase != b->phase || a->turn != b->turn || a->declarer != b->declarer
      || a->trump != b->trump || a->has_lead != b->has_lead || a->n_current != b->n_current
      || a->tricks->len != b->tricks->len || a->log->len != b->log->len
      || memcmp (a->pups, b->pups, 4) != 0 || a->discarded != b->discarded
      || (a->discarded && memcmp (a->discards, b->discards, 4) != 0))
    return FALSE;
  for (guint s = 0; s < a->n_players; s++)
    if (a->n_hand[s] != b->n_hand[s] || memcmp (a->hands[s], b->hands[s], a->n_hand[s]) != 0
        || a->taken[s] != b->taken[s] || a->voids[s] != b->voids[s])
      return FALSE;
  for (guint k = 0; k < a->n_current; k++)
    if (!plays_equal (&a->current[k], &b->current[k]))
      return FALSE;
  for (guint k = 0; k < a->tricks->len; k++)
    {
      const LwTrick *x = &g_array_index (a->tricks, LwTrick, k);
      const LwTrick *y = &g_array_index (b->tricks, LwTrick, k);
      if (x->leader != y->leader || x->winner != y->winner || x->n_plays != y->n_plays)
        return FALSE;
      for (guint p = 0; p < x->n_plays; p++)
        if (!plays_equal (&x->plays[p], &y->plays[p]))
          return FALSE;
    }
  for (guint k = 0; k < a->log->len; k++)
    {
      const LwAction *x = &g_array_index (a->log, LwAction, k);
      const LwAction *y = &g_array_index (b->log, LwAction, k);
      if (x->kind != y->kind || x->seat != y->seat || !plays_equal (&x->play, &y->play))
        return FALSE;
    }
  return TRUE;
}
