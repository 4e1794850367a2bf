/* lw-json-text.h — checks on JSON text that json-glib lets through
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The deepest nesting of lists and objects accepted: a game record needs 5
 * (record, rounds, round, penalties, penalty). */
#define LW_JSON_MAX_DEPTH 32

/**
 * lw_json_text_check:
 * @data: UTF-8 text of @length bytes
 * @length: its length in bytes
 * @error: return location for a #GError
 *
 * Checks what json-glib 1.6 would otherwise parse wrongly or not survive,
 * before it is given @data:
 * - lists and objects nested more than %LW_JSON_MAX_DEPTH deep (its parser
 *   recurses once per level and overflows the stack);
 * - numbers that are not JSON numbers (`0x0d`, `013`, `.5`, `1.`), which it
 *   reads as hexadecimal, octal or otherwise;
 * - integers of 19 digits or more, which it wraps around silently
 *   (`18446744073709551629` reads as 13);
 * - the escape `\u0000` in a string, which cuts the string short;
 * - a second value after the first one (`{…} {…}`), which it ignores.
 * Comments, single quotes and duplicate keys stay accepted (DESIGN.md).
 *
 * Errors: %LW_ENGINE_ERROR_PARSE, naming the line.
 *
 * Returns: %TRUE when @data may be given to json-glib.
 */
gboolean lw_json_text_check (const char  *data,
                             gsize        length,
                             GError     **error);

/**
 * lw_json_builder_to_text:
 * @builder: a builder holding one complete value
 *
 * The project's JSON output: indented by 2, ending with a newline.
 *
 * Returns: (transfer full): UTF-8 text.
 */
char *lw_json_builder_to_text (JsonBuilder *builder);

/**
 * lw_json_builder_add_int_array:
 * @builder: a builder inside an object
 * @name: the member's name
 * @values: (array length=n): the integers
 * @n: how many
 *
 * Adds the member @name: an array of @values.
 */
void lw_json_builder_add_int_array (JsonBuilder *builder,
                                    const char  *name,
                                    const int   *values,
                                    guint        n);

G_END_DECLS
