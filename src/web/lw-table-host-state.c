/* lw-table-host-state.c — one seat's state at a remote table, as JSON
 *
 * Everything a seat is sent comes from lw_table_observe() for that seat:
 * its own hand, the public counts and tricks, never another hand, the
 * Pups (but the turned one) or another seat's discards
 * (docs/REMOTE-PLAY.md "State"). The words are lw-words.c's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n.h>

#include "lw-table-host-private.h"
#include "lw-words.h"

const char *
lw_table_host_card_text (LwCard card)
{
  return lw_face_to_string (lw_card_face (card));
}

static void
add_play (JsonBuilder  *builder,
          const LwPlay *play,
          int           seat,
          gboolean      lead)
{
  LwWildcard wild[LW_MAX_PLAY];
  char *tags[LW_MAX_PLAY] = { NULL };
  guint n_wild = lead ? lw_play_wildcards (play, wild) : 0;

  for (guint k = 0; k < n_wild; k++)
    if (wild[k].index < LW_MAX_PLAY)
      tags[wild[k].index] = lw_describe_wildcard_tag (&wild[k]);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "seat");
  json_builder_add_int_value (builder, seat);
  json_builder_set_member_name (builder, "cards");
  json_builder_begin_array (builder);
  for (guint k = 0; k < play->n; k++)
    json_builder_add_string_value (builder, lw_table_host_card_text (play->cards[k]));
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "tags");
  json_builder_begin_array (builder);
  for (guint k = 0; k < play->n; k++)
    {
      if (tags[k] != NULL)
        json_builder_add_string_value (builder, tags[k]);
      else
        json_builder_add_null_value (builder);
      g_free (tags[k]);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

/* A trick: {"leader", "plays": [...], "winner": seat or null}. */
static void
add_trick (JsonBuilder   *builder,
           guint          n_players,
           int            leader,
           const LwPlay  *plays,
           guint          n_plays,
           int            winner)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "leader");
  json_builder_add_int_value (builder, leader);
  json_builder_set_member_name (builder, "plays");
  json_builder_begin_array (builder);
  for (guint k = 0; k < n_plays; k++)
    add_play (builder, &plays[k], (int) ((guint) leader + k) % (int) n_players, k == 0);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "winner");
  if (winner != LW_NO_SEAT)
    json_builder_add_int_value (builder, winner);
  else
    json_builder_add_null_value (builder);
  json_builder_end_object (builder);
}

static void
add_seat_or_null (JsonBuilder *builder,
                  const char  *name,
                  int          seat)
{
  json_builder_set_member_name (builder, name);
  if (seat != LW_NO_SEAT)
    json_builder_add_int_value (builder, seat);
  else
    json_builder_add_null_value (builder);
}

static void
add_string_array (JsonBuilder *builder,
                  const char  *name,
                  GPtrArray   *strings)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint k = 0; k < strings->len; k++)
    json_builder_add_string_value (builder, strings->pdata[k]);
  json_builder_end_array (builder);
}

/* What @seat may do now and with which of its cards. */
static void
add_you (JsonBuilder         *builder,
         LwTableHost         *self,
         int                  seat,
         const LwObservation *obs)
{
  g_autoptr (GPtrArray) can = g_ptr_array_new ();
  g_autoptr (GPtrArray) playable = g_ptr_array_new ();
  g_autoptr (GPtrArray) must = g_ptr_array_new ();
  gboolean to_act = lw_table_session_get_turn (self->session) != LW_NO_SEAT && obs->turn == seat
                    && self->kinds[seat] != LW_HOST_SEAT_COMPUTER;
  guint32 playable_mask = 0, must_mask = 0;

  if (to_act && obs->phase == LW_PHASE_BID)
    {
      g_ptr_array_add (can, "declare");
      g_ptr_array_add (can, "decline");
    }
  else if (to_act && obs->phase == LW_PHASE_EXCHANGE)
    {
      g_ptr_array_add (can, "discard");
      playable_mask = obs->n_hand >= 32 ? G_MAXUINT32 : (1u << obs->n_hand) - 1;
    }
  else if (to_act && obs->phase == LW_PHASE_PLAY)
    {
      g_ptr_array_add (can, "play");
      if (lw_table_get_lead (HOST_TABLE (self)) == NULL)
        playable_mask = obs->n_hand >= 32 ? G_MAXUINT32 : (1u << obs->n_hand) - 1;
      else
        {
          g_autoptr (GArray) follows = g_array_new (FALSE, FALSE, sizeof (guint32));

          lw_table_legal_follows (HOST_TABLE (self), follows);
          for (guint k = 0; k < follows->len; k++)
            playable_mask |= g_array_index (follows, guint32, k);
          must_mask = lw_table_obligatory (HOST_TABLE (self), 0, NULL);
        }
    }
  for (guint i = 0; i < obs->n_hand && i < 32; i++)
    {
      if (playable_mask & (1u << i))
        g_ptr_array_add (playable, (gpointer) lw_table_host_card_text (obs->hand[i]));
      if (must_mask & (1u << i))
        g_ptr_array_add (must, (gpointer) lw_table_host_card_text (obs->hand[i]));
    }

  json_builder_set_member_name (builder, "you");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "to_act");
  json_builder_add_boolean_value (builder, to_act);
  add_string_array (builder, "can", can);
  add_string_array (builder, "playable", playable);
  add_string_array (builder, "must", must);
  json_builder_set_member_name (builder, "discard_count");
  json_builder_add_int_value (builder, to_act && obs->phase == LW_PHASE_EXCHANGE ? 4 : 0);
  json_builder_end_object (builder);
}

static const char *
phase_text (LwTableHost         *self,
            const LwObservation *obs)
{
  if (lw_table_session_is_over (self->session))
    return "game-over";
  if (lw_table_session_is_round_over (self->session))
    return "round-over";
  switch (obs->phase)
    {
    case LW_PHASE_BID:
      return "bid";
    case LW_PHASE_EXCHANGE:
      return "exchange";
    case LW_PHASE_PLAY:
    case LW_PHASE_END:
    default:
      return "play";
    }
}

/* The bids announced since the round began, one sentence each. */
static void
add_events (JsonBuilder       *builder,
            LwTableHost       *self,
            const char *const *names)
{
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (LwBidEvent));

  lw_table_bid_events (HOST_TABLE (self), events);
  json_builder_set_member_name (builder, "events");
  json_builder_begin_array (builder);
  for (guint k = 0; k < events->len; k++)
    {
      g_autofree char *text = lw_describe_bid_event (&g_array_index (events, LwBidEvent, k), names);

      json_builder_add_string_value (builder, text);
    }
  json_builder_end_array (builder);
}

static void
add_scores (JsonBuilder *builder,
            LwTableHost *self)
{
  json_builder_set_member_name (builder, "scores");
  json_builder_begin_array (builder);
  for (guint side = 0; side < HOST_STANDINGS (self)->n_sides; side++)
    {
      g_autofree char *name = lw_game_record_side_name (HOST_RECORD (self), (int) side);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "side");
      json_builder_add_string_value (builder, name);
      json_builder_set_member_name (builder, "score");
      json_builder_add_int_value (builder, HOST_STANDINGS (self)->scores[side]);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_ends (JsonBuilder       *builder,
          LwTableHost       *self,
          const char *const *names)
{
  json_builder_set_member_name (builder, "round_end");
  if (lw_table_session_is_round_over (self->session) && HOST_STANDINGS (self)->rounds->len > 0)
    {
      g_autofree char *breakdown = lw_describe_round_end (HOST_RECORD (self), HOST_STANDINGS (self), HOST_TABLE (self),
                                                          names, lw_table_session_get_round_number (self->session));

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "breakdown");
      json_builder_add_string_value (builder, breakdown);
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "game_end");
  if (lw_table_session_is_over (self->session))
    {
      g_autofree char *winner = HOST_STANDINGS (self)->winner != LW_NO_SEAT
                                ? lw_game_record_side_name (HOST_RECORD (self), HOST_STANDINGS (self)->winner)
                                : g_strdup ("");
      g_autofree char *board = lw_describe_final_board (HOST_RECORD (self), HOST_STANDINGS (self));

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "winner");
      json_builder_add_string_value (builder, winner);
      json_builder_set_member_name (builder, "board");
      json_builder_add_string_value (builder, board);
      json_builder_end_object (builder);
    }
  else
    json_builder_add_null_value (builder);
}

void
lw_table_host_build_state (JsonBuilder *builder,
                           LwTableHost *self,
                           int          seat)
{
  LwObservation obs;
  const char *names[LW_MAX_SEATS];
  g_autofree char *status = NULL;
  guint n_players = HOST_RECORD (self)->n_players;
  int turn;

  lw_table_observe (HOST_TABLE (self), seat, &obs);
  lw_table_host_seat_names (self, names);
  turn = lw_table_session_get_turn (self->session) != LW_NO_SEAT ? obs.turn : LW_NO_SEAT;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, "state");
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, (gint64) lw_table_session_get_version (self->session));
  json_builder_set_member_name (builder, "seat");
  json_builder_add_int_value (builder, seat);
  json_builder_set_member_name (builder, "n_players");
  json_builder_add_int_value (builder, n_players);
  json_builder_set_member_name (builder, "names");
  json_builder_begin_array (builder);
  for (guint s = 0; s < n_players; s++)
    json_builder_add_string_value (builder, names[s]);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "partners");
  json_builder_add_boolean_value (builder, lw_table_host_team_of (self) != NULL);
  json_builder_set_member_name (builder, "team_of");
  if (lw_table_host_team_of (self) != NULL)
    {
      json_builder_begin_array (builder);
      for (guint s = 0; s < n_players; s++)
        json_builder_add_int_value (builder, HOST_RECORD (self)->team_of[s]);
      json_builder_end_array (builder);
    }
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "dealer");
  json_builder_add_int_value (builder, obs.dealer);
  add_seat_or_null (builder, "declarer", obs.declarer);
  add_seat_or_null (builder, "turn", turn);
  json_builder_set_member_name (builder, "phase");
  json_builder_add_string_value (builder, phase_text (self, &obs));
  json_builder_set_member_name (builder, "trump");
  json_builder_add_string_value (builder, obs.trump == LW_NO_TRUMP ? "NT" : lw_suit_to_string (obs.trump));
  json_builder_set_member_name (builder, "revealed");
  json_builder_add_string_value (builder, lw_table_host_card_text (obs.revealed));

  json_builder_set_member_name (builder, "hand");
  json_builder_begin_array (builder);
  for (guint i = 0; i < obs.n_hand; i++)
    json_builder_add_string_value (builder, lw_table_host_card_text (obs.hand[i]));
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "hand_sizes");
  json_builder_begin_array (builder);
  for (guint s = 0; s < n_players; s++)
    json_builder_add_int_value (builder, obs.hand_sizes[s]);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "taken");
  json_builder_begin_array (builder);
  for (guint s = 0; s < n_players; s++)
    json_builder_add_int_value (builder, obs.taken[s]);
  json_builder_end_array (builder);

  /* The trick on the table: the plays so far, or the finished trick with
   * its winner until the next one's first card. */
  json_builder_set_member_name (builder, "trick");
  if (obs.n_current > 0)
    add_trick (builder, n_players, (obs.turn + (int) (n_players - obs.n_current)) % (int) n_players,
               obs.current, obs.n_current, LW_NO_SEAT);
  else if (obs.tricks != NULL && obs.tricks->len > 0)
    {
      const LwTrick *last = &g_array_index (obs.tricks, LwTrick, obs.tricks->len - 1);

      add_trick (builder, n_players, last->leader, last->plays, last->n_plays, last->winner);
    }
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "last_trick");
  if (obs.tricks != NULL && obs.tricks->len > 0)
    {
      const LwTrick *last = &g_array_index (obs.tricks, LwTrick, obs.tricks->len - 1);

      add_trick (builder, n_players, last->leader, last->plays, last->n_plays, last->winner);
    }
  else
    json_builder_add_null_value (builder);

  add_you (builder, self, seat, &obs);

  json_builder_set_member_name (builder, "status");
  if (lw_table_session_is_round_over (self->session))
    status = lw_describe_round_end (HOST_RECORD (self), HOST_STANDINGS (self), HOST_TABLE (self), names,
                                    lw_table_session_get_round_number (self->session));
  else
    status = lw_describe_turn (HOST_TABLE (self), names,
                               turn != LW_NO_SEAT && self->kinds[turn] == LW_HOST_SEAT_COMPUTER,
                               seat, 0);
  json_builder_add_string_value (builder, status);
  add_events (builder, self, names);
  add_scores (builder, self);
  add_ends (builder, self, names);
  json_builder_end_object (builder);
}
