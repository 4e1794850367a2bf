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
 * @LW_ENGINE_ERROR_INVALID: the record breaks GAME-RECORD.md or a ruling;
 *   the message names the place ("round 3: …")
 * @LW_ENGINE_ERROR_GAME_OVER: a round follows the end of the game
 * @LW_ENGINE_ERROR_ILLEGAL_PLAY: at the virtual table, an action the rules
 *   do not allow now (TRICKS §2–§4); the message names the rule
 */
typedef enum {
  LW_ENGINE_ERROR_PARSE,
  LW_ENGINE_ERROR_INVALID,
  LW_ENGINE_ERROR_GAME_OVER,
  LW_ENGINE_ERROR_ILLEGAL_PLAY,
} LwEngineError;

GQuark lw_engine_error_quark (void);

G_END_DECLS
