/* lw-play-client.h — a scripted remote player for the tests and the
 * benchmark of remote play: a libsoup WebSocket client on 127.0.0.1 that
 * says hello, keeps the last state and, when asked to, plays its seat
 * from the state alone (docs/REMOTE-PLAY.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

G_BEGIN_DECLS

typedef struct _LwPlayClient LwPlayClient;

/* Called for every message the client receives, after it is read. */
typedef void (*LwPlayClientFunc) (LwPlayClient *client,
                                  JsonObject   *message,
                                  gpointer      data);

struct _LwPlayClient {
  /* set by lw_play_client_new() */
  guint                    port;
  gint64                   table;
  char                    *secret;
  char                    *lang;
  gboolean                 auto_play;   /* act whenever the state says so */
  gboolean                 send_twice;  /* every action sent twice, same id */
  gboolean                 no_hello;    /* open the socket and say nothing */
  guint                    think_ms;    /* auto-play waits this long before acting */

  /* what happened */
  SoupSession             *session;
  SoupWebsocketConnection *ws;
  gboolean                 open;
  gboolean                 closed;
  gboolean                 failed;      /* the handshake was refused */
  gushort                  close_code;
  int                      seat;        /* from the welcome, -1 before */
  JsonNode                *state;       /* the last state */
  guint64                  version;
  guint                    n_states;
  guint                    n_messages;
  guint                    n_refused;
  char                    *last_reason;
  guint                    n_stale;     /* refusals "stale" */
  guint                    n_actions;   /* actions sent (not counting a second copy) */
  guint                    n_tries_max;

  /* auto-play */
  guint64                  acted_version;
  guint                    tries;
  GSource                 *retry;
  guint                    next_id;
  gint64                   sends[16];   /* the last sends' times, a ring */
  guint                    n_sends;

  /* auto-play holds back while this says so */
  gboolean               (*pause_if) (gpointer client);

  LwPlayClientFunc         func;        /* after each message read */
  LwPlayClientFunc         sent;        /* after each action sent (message NULL) */
  gpointer                 func_data;   /* for both */
};

LwPlayClient *lw_play_client_new (guint        port,
                                  gint64       table,
                                  const char  *secret,
                                  const char  *lang);
void          lw_play_client_connect (LwPlayClient *client);
void          lw_play_client_send (LwPlayClient *client,
                                   const char   *text);
/* An action message (docs/REMOTE-PLAY.md) of id @id at the state's
 * @version: @what "declare" or "decline", or "play" or "discard" with
 * @cards (faces space-separated, such as "9H 10S"; NULL for none). */
JsonObject   *lw_play_action_new (const char *id,
                                  guint64     version,
                                  const char *what,
                                  const char *cards);
/* An action for the current state: "declare", "decline", or "play"/"discard"
 * with @cards (space-separated), id @id; its text (lw_play_action_new()). */
char         *lw_play_client_action (LwPlayClient *client,
                                     const char   *id,
                                     const char   *what,
                                     const char   *cards);
/* Acts now on the last state, from the first try (auto-play goes on
 * from the states that follow). */
void          lw_play_client_act (LwPlayClient *client);
void          lw_play_client_close (LwPlayClient *client);
void          lw_play_client_free (LwPlayClient *client);

/* The last state's string member @name, or NULL. */
const char   *lw_play_client_state_string (LwPlayClient *client,
                                           const char   *name);
/* Whether the last state's phase is "game-over" (@client an
 * LwPlayClient, so that it is also a condition of lw_play_run_until()). */
gboolean      lw_play_client_game_over (gpointer client);

/* Conditions of lw_play_run_until() (@client an LwPlayClient): a state
 * came (or the socket closed); the socket closed; the client's turn in the
 * play phase after the trick's first card (or the socket closed). */
gboolean      lw_play_client_has_state (gpointer client);
gboolean      lw_play_client_is_closed (gpointer client);
gboolean      lw_play_client_mid_trick (gpointer client);

/* Iterates the thread-default main context (or the global default one)
 * until @done (@data) or
 * @timeout_ms have passed. Returns whether @done came true. */
gboolean      lw_play_run_until (gboolean (*done) (gpointer data),
                                 gpointer   data,
                                 guint      timeout_ms);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwPlayClient, lw_play_client_free)

G_END_DECLS
