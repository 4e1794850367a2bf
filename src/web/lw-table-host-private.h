/* lw-table-host-private.h — what the remote table's files share
 *
 * For lw-table-host.c (the game, its actions) and lw-table-host-state.c
 * (each seat's state as JSON) only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "lw-store-table.h"
#include "lw-table-seats.h"
#include "lw-table-session.h"
#include "lw-table-host.h"

G_BEGIN_DECLS

/* The longest id a seat may give an action or a request, in bytes. */
#define LW_TABLE_HOST_MAX_ID 64

struct _LwTableHost
{
  GObject parent_instance;

  /* owned */
  LwStore *store;
  LwTableSession *session;   /* the game's loop: its record, round, computers, saves */
  GHashTable *applied[LW_MAX_SEATS];  /* action ids applied, per seat */
  char *link_hash[LW_MAX_SEATS];  /* each seat's link's hash, as stored */
  int hold_fd;               /* the game held (lw-table-host.c's hold_game()), or -1 */

  LwHostSeatKind kinds[LW_MAX_SEATS];
  gint64 id;
};

/* The session's game, standings and round, for the files that read them
 * (borrowed). */
#define HOST_RECORD(self) lw_table_session_get_record ((self)->session)
#define HOST_STANDINGS(self) lw_table_session_get_standings ((self)->session)
#define HOST_TABLE(self) lw_table_session_get_table ((self)->session)

/* The team of every seat (lw_game_record's team_of), or NULL without
 * partners. Borrowed from the game. */
const int *lw_table_host_team_of (LwTableHost *self);

/* @names[s]: the player in seat s now (substitutes counted), "" past the
 * last seat; borrowed from the game. */
void lw_table_host_seat_names (LwTableHost *self,
                               const char  *names[LW_MAX_SEATS]);

/* A card in the engine's notation ("10H", "L"); static. */
const char *lw_table_host_card_text (LwCard card);

/* Adds to @builder the state @seat may see now (docs/REMOTE-PLAY.md
 * "State"), built from lw_table_observe() for @seat only; the words in
 * the calling thread's language (the caller sets it). */
void lw_table_host_build_state (JsonBuilder *builder,
                                LwTableHost *self,
                                int          seat);

/* lw-table-host-plays.c */

/* Sets @error to LW_TABLE_HOST_ERROR_BAD_MESSAGE, "The message could not
 * be read: @what." Returns: FALSE. */
gboolean lw_table_host_bad_message (GError    **error,
                                    const char *what);

/* @out receives the cards of @cards (an array of card strings in the
 * engine's notation, 1..LW_MAX_HAND: a play or the discards) found in @seat's hand, each copy
 * once, and @n_out their count. FALSE with LW_TABLE_HOST_ERROR_BAD_MESSAGE
 * for what is not a card, or _REFUSED for a card the seat does not hold. */
gboolean lw_table_host_cards_from_json (LwTableHost  *self,
                                        int           seat,
                                        JsonArray    *cards,
                                        LwCard       *out,
                                        guint        *n_out,
                                        GError      **error);

/* @play receives the play @cards (@n of them) make as the next lead (its
 * one reading, or the one whose wildcards stand for @as: TRICKS T6–T9) or
 * the next follow (TRICKS §4); a play the rules refuse is
 * LW_TABLE_HOST_ERROR_REFUSED, said in words in the current language. */
gboolean lw_table_host_make_play (LwTableHost   *self,
                                  int            seat,
                                  const LwCard  *cards,
                                  guint          n,
                                  JsonArray     *as,
                                  LwPlay        *play,
                                  GError       **error);

G_END_DECLS
