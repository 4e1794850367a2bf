/* lw-error.h — the engine's GError domain
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define LW_ENGINE_ERROR (lw_engine_error_quark ())

/**
 * LwEngineError:
 * @LW_ENGINE_ERROR_PARSE: the input is not JSON (or is empty)
 * @LW_ENGINE_ERROR_INVALID: the record breaks docs/rules/GAME-RECORD.md or a ruling;
 *   the message names the place ("round 3: …")
 * @LW_ENGINE_ERROR_GAME_OVER: a round follows the end of the game
 * @LW_ENGINE_ERROR_ILLEGAL_PLAY: at the virtual table, an action the rules
 *   do not allow now (TRICKS §2–§4); the message names the rule
 * @LW_ENGINE_ERROR_NOT_ENDED: final scores from paper that no game ends
 *   with (nobody reached the target, no skunk: SCORING R23–R24); they can
 *   be entered as a "time called" result
 */
typedef enum {
  LW_ENGINE_ERROR_PARSE,
  LW_ENGINE_ERROR_INVALID,
  LW_ENGINE_ERROR_GAME_OVER,
  LW_ENGINE_ERROR_ILLEGAL_PLAY,
  LW_ENGINE_ERROR_NOT_ENDED,
} LwEngineError;

GQuark lw_engine_error_quark (void);

/**
 * lw_engine_fail:
 * @error: (out) (optional): set to %LW_ENGINE_ERROR, @code, with the message
 * @code: what went wrong (%LW_ENGINE_ERROR_INVALID for a record or a save
 *   that breaks the rules, %LW_ENGINE_ERROR_ILLEGAL_PLAY at the table, …)
 * @format: printf() format of the message, naming the place and the problem
 *   ("round 3: cards sum to 25, expected 26")
 *
 * The engine's one way to set an error and give up: every check of a
 * record, of a saved table and of an action at the table calls it.
 *
 * Returns: %FALSE, for `return lw_engine_fail (error, …);`
 */
gboolean lw_engine_fail (GError        **error,
                         LwEngineError   code,
                         const char     *format,
                         ...) G_GNUC_PRINTF (3, 4);

G_END_DECLS
