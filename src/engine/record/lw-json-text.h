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
 * lw_json_parse_checked:
 * @parser: the parser to load @data into; it owns the root returned
 * @data: (nullable): the text, from outside this program (the club
 *   server, a database file, the network): anything at all
 * @length: its length in bytes, or -1 when nul-terminated
 * @what: what the text is, for the messages ("the seats of a hosted
 *   table", "event facts")
 * @error: return location for a #GError
 *
 * The one way JSON from outside is parsed: the checks a game record gets
 * before json-glib sees it, so that no such text can crash or exhaust the
 * program. The text is refused when it is missing, longer than
 * %LW_GAME_RECORD_MAX_BYTES (the most that is read of any JSON text; a
 * nul-terminated text is not counted past it), not UTF-8, refused by
 * lw_json_text_check() (lists nested more than %LW_JSON_MAX_DEPTH deep,
 * which would overflow json-glib's stack, and the rest) or not JSON.
 *
 * Errors: %LW_ENGINE_ERROR_PARSE, the message starting with @what.
 *
 * Returns: (transfer none) (nullable): @parser's root, %NULL when refused.
 */
JsonNode *lw_json_parse_checked (JsonParser  *parser,
                                 const char  *data,
                                 gssize       length,
                                 const char  *what,
                                 GError     **error);

/**
 * LwJsonSpan:
 * @start: offset of the first byte
 * @end: offset just past the last byte
 *
 * A piece of a JSON text.
 */
typedef struct {
  gsize start;
  gsize end;
} LwJsonSpan;

/**
 * lw_json_split_array:
 * @data: UTF-8 text of @length bytes that passed lw_json_text_check()
 * @length: its length in bytes
 * @member: a member name of the outermost object, written as is (no
 *   escapes)
 * @array: (out): where that member's array is: from its '[' to just past
 *   its ']'
 * @elements: (element-type LwJsonSpan): cleared, then filled with the
 *   text of each element of the array
 *
 * Finds the array of the member @member of the outermost object (the last
 * one of that name, as json-glib keeps the last of duplicate keys) and the
 * text of each of its elements, without parsing them, so that a large
 * array can be read one element at a time (json_parser_load_from_data() on
 * each) instead of as one tree. Comments and single quotes are skipped as
 * json-glib skips them.
 *
 * Returns: %FALSE when there is no such array or it is not plainly split
 *   (an empty element, as in `[1,,2]` or `[1,]`, or no closing bracket):
 *   the caller then parses @data whole, and json-glib reports the problem.
 */
gboolean lw_json_split_array (const char *data,
                              gsize       length,
                              const char *member,
                              LwJsonSpan *array,
                              GArray     *elements);

/**
 * lw_json_node_holds:
 * @node: (nullable): a node; %NULL for a member that is not there
 * @type: the type of value asked for: %G_TYPE_STRING, %G_TYPE_INT64 (json-glib
 *   reads every number without a fraction or an exponent as one),
 *   %G_TYPE_BOOLEAN or %G_TYPE_DOUBLE
 *
 * The check every reader of JSON input makes before it takes a value
 * (DESIGN.md: every value is checked for its type after parsing): @node
 * is there, is a value (not an object, a list or null) and is of @type
 * exactly, so that 1.0 is no integer and "1" no number.
 *
 * Returns: %TRUE when @node holds a value of @type.
 */
gboolean lw_json_node_holds (JsonNode *node,
                             GType     type);

/**
 * lw_json_node_string:
 * @node: (nullable): a node; %NULL for a member that is not there
 *
 * Returns: (transfer none) (nullable): the string @node holds, %NULL when
 *   it is not there or holds anything else (lw_json_node_holds()).
 */
const char *lw_json_node_string (JsonNode *node);

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
 * LwJsonWriteFunc:
 * @text: bytes to write (not nul-terminated)
 * @length: how many
 * @user_data: the caller's data
 * @error: return location for a #GError
 *
 * Where streamed JSON goes (a file, a counter, a string).
 *
 * Returns: %FALSE, with @error set, when the text could not be written;
 *   writing stops there.
 */
typedef gboolean (*LwJsonWriteFunc) (const char  *text,
                                     gsize        length,
                                     gpointer     user_data,
                                     GError     **error);

/**
 * LwJsonElementFunc:
 * @index: which element, 0 to the count given minus one
 * @user_data: the caller's data
 *
 * Returns: (transfer full): element @index of a streamed array.
 */
typedef JsonNode *(*LwJsonElementFunc) (guint    index,
                                        gpointer user_data);

/**
 * lw_json_write_streamed:
 * @head: an object whose member @member is an empty array
 * @member: the name of that member, one of @head's own (not a nested one)
 * @n_elements: how many elements the array is written with
 * @element: makes each element, one at a time
 * @element_data: passed to @element
 * @pretty: %TRUE for the project's indented output (as
 *   lw_json_builder_to_text() writes it), %FALSE for no white space at all
 * @write: where the text goes, in pieces
 * @write_data: passed to @write
 * @error: return location for a #GError
 *
 * Writes @head as JSON with the array @member filled by @n_elements
 * elements made and written one at a time, so that a document with a
 * large array (the rounds of a game record or of standings) never exists
 * whole, as a tree or as text: memory stays that of @head and one element.
 * The text is the same as if the whole tree had been generated, ending with
 * a newline.
 *
 * Errors: those of @write.
 *
 * Returns: %TRUE when every piece was written.
 */
gboolean lw_json_write_streamed (JsonNode          *head,
                                 const char        *member,
                                 guint              n_elements,
                                 LwJsonElementFunc  element,
                                 gpointer           element_data,
                                 gboolean           pretty,
                                 LwJsonWriteFunc    write,
                                 gpointer           write_data,
                                 GError           **error);

/**
 * LwJsonStream:
 *
 * A JSON document whose one array is written an element at a time as the
 * elements come (lw_json_stream_begin()): the form of
 * lw_json_write_streamed() for a writer that is handed its elements rather
 * than asking for them by index.
 */
typedef struct _LwJsonStream LwJsonStream;

/**
 * lw_json_stream_begin:
 * @head: as lw_json_write_streamed()
 * @member: as lw_json_write_streamed()
 * @pretty: as lw_json_write_streamed()
 * @write: where the text goes, in pieces
 * @write_data: passed to @write
 *
 * Starts the document; nothing is written before the first element or the
 * end. Then lw_json_stream_write_element() for each element; at last
 * lw_json_stream_end() and lw_json_stream_free(). The text is that of lw_json_write_streamed().
 *
 * Returns: (transfer full): the stream.
 */
LwJsonStream *lw_json_stream_begin (JsonNode        *head,
                                    const char      *member,
                                    gboolean         pretty,
                                    LwJsonWriteFunc  write,
                                    gpointer         write_data);

/**
 * lw_json_stream_write_element:
 * @stream: a stream
 * @element: the array's next element (not taken)
 * @error: return location for a #GError
 *
 * Writes @element as json-glib's generator writes it in that place (the
 * head up to the array first, at the first element).
 *
 * Errors: those of the stream's write function.
 *
 * Returns: %TRUE when it was written.
 */
gboolean lw_json_stream_write_element (LwJsonStream  *stream,
                                       JsonNode      *element,
                                       GError       **error);

/**
 * lw_json_stream_end:
 * @stream: a stream
 * @error: return location for a #GError
 *
 * Writes the rest of the document, with a final newline (the whole head,
 * its array empty, when no element was written).
 *
 * Errors: those of the stream's write function.
 *
 * Returns: %TRUE when it was written.
 */
gboolean lw_json_stream_end (LwJsonStream  *stream,
                             GError       **error);

/**
 * lw_json_stream_free:
 * @stream: (nullable): a stream
 *
 * Frees @stream, written to its end or not.
 */
void lw_json_stream_free (LwJsonStream *stream);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwJsonStream, lw_json_stream_free)

/**
 * lw_json_write_to_string:
 * @text: bytes
 * @length: how many
 * @user_data: a #GString to append them to
 * @error: unused
 *
 * An #LwJsonWriteFunc that collects the text in a #GString.
 *
 * Returns: %TRUE.
 */
gboolean lw_json_write_to_string (const char  *text,
                                  gsize        length,
                                  gpointer     user_data,
                                  GError     **error);

/**
 * lw_json_write_to_file:
 * @text: bytes
 * @length: how many
 * @user_data: a `FILE *` open for writing
 * @error: return location for a #GError
 *
 * An #LwJsonWriteFunc that writes to a stdio stream.
 *
 * Errors: %G_IO_ERROR (from errno) when the stream refuses the bytes.
 *
 * Returns: %TRUE when every byte was written.
 */
gboolean lw_json_write_to_file (const char  *text,
                                gsize        length,
                                gpointer     user_data,
                                GError     **error);

/**
 * lw_json_builder_add_int:
 * @builder: a builder inside an object
 * @name: the member's name
 * @value: its value
 *
 * Adds the member @name: the integer @value.
 */
void lw_json_builder_add_int (JsonBuilder *builder,
                              const char  *name,
                              gint64       value);

/**
 * lw_json_builder_add_boolean:
 * @builder: a builder inside an object
 * @name: the member's name
 * @value: its value
 *
 * Adds the member @name: true or false.
 */
void lw_json_builder_add_boolean (JsonBuilder *builder,
                                  const char  *name,
                                  gboolean     value);

/**
 * lw_json_builder_add_string:
 * @builder: a builder inside an object
 * @name: the member's name
 * @value: (nullable): UTF-8 text, as json_builder_add_string_value() takes
 *
 * Adds the member @name: the string @value.
 */
void lw_json_builder_add_string (JsonBuilder *builder,
                                 const char  *name,
                                 const char  *value);

/**
 * lw_json_builder_add_double:
 * @builder: a builder inside an object
 * @name: the member's name
 * @value: its value
 *
 * Adds the member @name: the number @value.
 */
void lw_json_builder_add_double (JsonBuilder *builder,
                                 const char  *name,
                                 double       value);

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

/**
 * lw_json_builder_add_nullable_string:
 * @builder: a builder inside an object
 * @name: the member's name
 * @value: (nullable): UTF-8 text, or %NULL
 *
 * Adds the member @name: the string @value, or null when @value is %NULL
 * (an optional text of the game record, a table's message or the CLI's
 * JSON: null, never an empty string, stands for "none").
 */
void lw_json_builder_add_nullable_string (JsonBuilder *builder,
                                          const char  *name,
                                          const char  *value);

G_END_DECLS
