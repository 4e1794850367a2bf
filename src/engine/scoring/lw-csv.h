/* lw-csv.h — the score sheet as CSV (RFC 4180)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "lw-record.h"
#include "lw-score.h"

G_BEGIN_DECLS

/**
 * lw_csv_score_sheet:
 * @record: a game record
 * @standings: its standings (lw_standings_compute() of @record)
 *
 * The score sheet as CSV, RFC 4180: fields separated by commas, records
 * ended by CRLF, a field quoted with `"` when it holds a comma, a quote, CR
 * or LF (a quote inside is doubled). One header row, then one row per
 * round. Numbers are plain integers (a minus sign for losses); text that
 * a spreadsheet would run as a formula is neutralised as
 * lw_csv_append_field() says.
 *
 * Little Wolf columns: `round` (1-based), `dealer` (name, R4/R20),
 * `declarer` (name, empty when nobody declared or the round was void),
 * `cards <name>` per seat (R5), then per seat `worms <name>`,
 * `gongs <name>`, `bears <name>`, `wolves <name>` (the Den cards, R6–R8),
 * `void` (1 for a void round, R21, else 0), `penalties` (in order,
 * "<name> out_of_turn" or "<name> looked_at_discards" joined with "; ",
 * R19), `all_but_last` (1 when the declarer's side won every trick but
 * the final one, R11, else 0), `unpegged <name>` per seat (1 when the
 * seat's gains were not pegged in time, R22, else 0), `delta <side>` per
 * side and `score <side>` per side (the board after the round). A void
 * round leaves the card, Den and all_but_last columns empty. With these
 * columns every row can be scored again from the sheet alone.
 *
 * Garwolf columns: `hand`, `dealer`, `court <name>` per seat,
 * `garwolves <name>` per seat (G1), `delta <side>`, `score <side>`.
 *
 * Sides are named as in the standings (docs/rules/GAME-RECORD.md: "Ann & Cleo").
 *
 * Returns: (transfer full): UTF-8 CSV text.
 */
char *lw_csv_score_sheet (const LwGameRecord *record,
                          const LwStandings  *standings);

/**
 * lw_csv_append_field:
 * @out: the text being written
 * @field: (nullable): one field's text, UTF-8; %NULL is an empty field
 *
 * Appends text field @field with RFC 4180 quoting (quoted when it holds
 * `,`, `"`, CR or LF; quotes doubled; also when it holds `;`, the list
 * separator of spreadsheets in German or French, which would otherwise
 * split the field there and could start a formula in the next cell). A field that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return, which a spreadsheet would run as a
 * formula (CSV injection), is written after a single quote `'` and quoted,
 * as OWASP advises: the name "=SUM(A1)" is written "'=SUM(A1)" (reading
 * it back gives the quote too). For text only: numbers are written with
 * lw_csv_append_number(), so that a loss stays -3. Separators are the
 * caller's.
 */
void lw_csv_append_field (GString    *out,
                          const char *field);

/**
 * lw_csv_append_number:
 * @out: the text being written
 * @value: any integer
 *
 * Appends @value in decimal, a minus sign for negative values, never
 * quoted or prefixed.
 */
void lw_csv_append_number (GString *out,
                           gint64   value);

/**
 * lw_csv_parse:
 * @text: CSV text (RFC 4180; CRLF or LF line ends)
 * @error: return location for a #GError
 *
 * Reads CSV text into rows of fields, undoing the quoting of
 * lw_csv_append_field(). A final line end does not start an empty row.
 *
 * Errors: %LW_ENGINE_ERROR_PARSE for a quote left open or text right after
 * a closing quote, naming the line ("line 3: a quoted field is not
 * closed").
 *
 * Returns: (transfer full) (element-type GStrv) (nullable): the rows, each
 *   a %NULL-terminated array of fields; %NULL on error.
 */
GPtrArray *lw_csv_parse (const char  *text,
                         GError     **error);

G_END_DECLS
