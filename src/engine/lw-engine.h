/* lw-engine.h — the rules of Little Wolf and Garwolf (GLib + json-glib only)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-error.h"
#include "lw-names.h"
#include "lw-rules.h"
#include "lw-record.h"
#include "lw-score.h"
#include "lw-edit.h"
#include "lw-stats.h"
#include "lw-csv.h"
#include "lw-garwolf.h"
#include "lw-event.h"
#include "lw-event-wall.h"
#include "lw-duplicate.h"
#include "lw-rating.h"
#include "lw-cards.h"
#include "lw-play.h"
#include "lw-table.h"
#include "lw-table-facts.h"
#include "lw-bot.h"
#include "lw-duplicate-par.h"
