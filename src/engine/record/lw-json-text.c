/* lw-json-text.c — checks on JSON text that json-glib lets through
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>

#include "lw-error.h"
#include "lw-json-text.h"
#include "lw-record.h"

/* Integers of more digits than this may not fit a gint64. */
#define MAX_INTEGER_DIGITS 18

typedef struct {
  const char *p;
  const char *end;
  guint       line;
  const char *what;   /* what the text is, for the messages */
} Scanner;

/* The start of every message of a text that is not JSON, before what it
 * is and the line number (%LW_ENGINE_ERROR_PARSE, through
 * lw_engine_fail()). */
#define NOT_JSON "%s is not JSON: line %u: "

/* Skips a string that starts at the quote s->p[0]; the parser reports an
 * unterminated one. */
static gboolean
skip_string (Scanner  *s,
             GError  **error)
{
  char quote = *s->p++;

  while (s->p < s->end && *s->p != quote)
    {
      if (*s->p == '\n')
        s->line++;
      if (*s->p == '\\' && s->p + 1 < s->end)
        {
          if (s->p[1] == 'u' && s->end - s->p >= 6 && strncmp (s->p + 2, "0000", 4) == 0)
            return lw_engine_fail (error, LW_ENGINE_ERROR_PARSE,
                                   NOT_JSON "a string holds the character \\u0000", s->what, s->line);
          s->p++;
          if (*s->p == '\n')
            s->line++;
        }
      s->p++;
    }
  if (s->p < s->end)
    s->p++;
  return TRUE;
}

/* Skips a comment that starts at s->p[0] == '/'; anything else after the
 * slash is left to the parser. */
static void
skip_comment (Scanner *s)
{
  if (s->p + 1 < s->end && s->p[1] == '/')
    {
      while (s->p < s->end && *s->p != '\n')
        s->p++;
    }
  else if (s->p + 1 < s->end && s->p[1] == '*')
    {
      s->p += 2;
      while (s->p < s->end && !(*s->p == '*' && s->p + 1 < s->end && s->p[1] == '/'))
        {
          if (*s->p == '\n')
            s->line++;
          s->p++;
        }
      s->p = MIN (s->p + 2, s->end);
    }
  else
    s->p++;
}

static gboolean
is_number_char (char c)
{
  return g_ascii_isalnum (c) || c == '.' || c == '+' || c == '-';
}

/* Checks the number that starts at s->p[0] ('-' or a digit) against the
 * JSON grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static gboolean
check_number (Scanner  *s,
              GError  **error)
{
  const char *start = s->p;
  const char *q = s->p;
  const char *end;
  gsize int_digits = 0;
  gboolean integer = TRUE;
  gboolean ok = TRUE;

  /* The whole token: a '-' may also follow an exponent's 'e'. */
  end = start + 1;
  while (end < s->end && is_number_char (*end) &&
         (*end != '-' || end[-1] == 'e' || end[-1] == 'E'))
    end++;

  if (*q == '-')
    q++;
  if (q < end && *q == '0')
    {
      q++;
      int_digits = 1;
    }
  else
    while (q < end && g_ascii_isdigit (*q))
      {
        q++;
        int_digits++;
      }
  ok = int_digits > 0;
  if (ok && q < end && *q == '.')
    {
      const char *digits = ++q;

      integer = FALSE;
      while (q < end && g_ascii_isdigit (*q))
        q++;
      ok = q > digits;
    }
  if (ok && q < end && (*q == 'e' || *q == 'E'))
    {
      const char *digits;

      integer = FALSE;
      q++;
      if (q < end && (*q == '+' || *q == '-'))
        q++;
      digits = q;
      while (q < end && g_ascii_isdigit (*q))
        q++;
      ok = q > digits;
    }
  ok = ok && q == end;

  s->p = end;
  if (!ok)
    return lw_engine_fail (error, LW_ENGINE_ERROR_PARSE, NOT_JSON "%.*s is not a JSON number",
                           s->what, s->line, (int) MIN (end - start, 40), start);
  if (integer && int_digits > MAX_INTEGER_DIGITS)
    return lw_engine_fail (error, LW_ENGINE_ERROR_PARSE, NOT_JSON "the number %.*s is too large",
                           s->what, s->line, (int) MIN (end - start, 40), start);
  return TRUE;
}

/* lw_json_text_check() of a text that is @what. */
static gboolean
check_text (const char  *data,
            gsize        length,
            const char  *what,
            GError     **error)
{
  Scanner s = { data, data + length, 1, what };
  guint depth = 0;
  gboolean root_done = FALSE;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  while (s.p < s.end)
    {
      char c = *s.p;

      if (c == '\n')
        {
          s.line++;
          s.p++;
          continue;
        }
      if (c == ' ' || c == '\t' || c == '\r')
        {
          s.p++;
          continue;
        }
      if (c == '/')
        {
          skip_comment (&s);
          continue;
        }

      if (root_done)
        return lw_engine_fail (error, LW_ENGINE_ERROR_PARSE,
                               NOT_JSON "more text after the end of %s", what, s.line, what);

      if (c == '"' || c == '\'')
        {
          if (!skip_string (&s, error))
            return FALSE;
        }
      else if (c == '-' || g_ascii_isdigit (c))
        {
          if (!check_number (&s, error))
            return FALSE;
        }
      else if (c == '[' || c == '{')
        {
          if (++depth > LW_JSON_MAX_DEPTH)
            return lw_engine_fail (error, LW_ENGINE_ERROR_PARSE,
                                   NOT_JSON "lists and objects nested more than %d deep",
                                   what, s.line, LW_JSON_MAX_DEPTH);
          s.p++;
        }
      else if (c == ']' || c == '}')
        {
          /* Unbalanced brackets are the parser's to report. */
          if (depth > 0 && --depth == 0)
            root_done = TRUE;
          s.p++;
        }
      else if (g_ascii_isalpha (c) || c == '_')
        {
          while (s.p < s.end && (g_ascii_isalnum (*s.p) || *s.p == '_'))
            s.p++;
        }
      else
        s.p++;
    }
  return TRUE;
}

gboolean
lw_json_text_check (const char  *data,
                    gsize        length,
                    GError     **error)
{
  return check_text (data, length, "the game record", error);
}

JsonNode *
lw_json_parse_checked (JsonParser  *parser,
                       const char  *data,
                       gssize       length,
                       const char  *what,
                       GError     **error)
{
  g_autoptr (GError) parse_error = NULL;
  JsonNode *root;
  gsize size;

  g_return_val_if_fail (JSON_IS_PARSER (parser), NULL);
  g_return_val_if_fail (what != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (data == NULL)
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_PARSE, "%s is missing", what);
      return NULL;
    }
  /* Counting stops past the limit: a text over it is never walked whole. */
  size = length >= 0 ? (gsize) length : strnlen (data, LW_GAME_RECORD_MAX_BYTES + 1);
  if (size > LW_GAME_RECORD_MAX_BYTES)
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_PARSE, "%s is over the limit of %d MiB", what,
                      LW_GAME_RECORD_MAX_BYTES / (1024 * 1024));
      return NULL;
    }
  if (!g_utf8_validate_len (data, size, NULL))
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_PARSE, "%s is not valid UTF-8", what);
      return NULL;
    }
  if (!check_text (data, size, what, error))
    return NULL;
  if (size == 0 || !json_parser_load_from_data (parser, data, (gssize) size, &parse_error)
      || (root = json_parser_get_root (parser)) == NULL)
    {
      lw_engine_fail (error, LW_ENGINE_ERROR_PARSE, "%s is not JSON: %s", what,
                      parse_error != NULL ? parse_error->message : "empty");
      return NULL;
    }
  return root;
}

/* Skips white space and comments from s->p. */
static void
skip_blank (Scanner *s)
{
  while (s->p < s->end)
    {
      if (*s->p == ' ' || *s->p == '\t' || *s->p == '\r' || *s->p == '\n')
        s->p++;
      else if (*s->p == '/' && s->p + 1 < s->end && (s->p[1] == '/' || s->p[1] == '*'))
        skip_comment (s);
      else
        break;
    }
}

/* Whether data[start, end) holds a value rather than only white space and
 * comments. */
static gboolean
holds_value (const char *data,
             gsize       start,
             gsize       end)
{
  Scanner s = { data + start, data + end, 1, NULL };

  skip_blank (&s);
  return s.p < s.end;
}

gboolean
lw_json_split_array (const char *data,
                     gsize       length,
                     const char *member,
                     LwJsonSpan *array,
                     GArray     *elements)
{
  Scanner s = { data, data + length, 1, NULL };
  g_autoptr (GArray) current = g_array_new (FALSE, FALSE, sizeof (LwJsonSpan));
  gsize member_length = strlen (member);
  gsize element_start = 0;
  LwJsonSpan current_array = { 0, 0 };
  gboolean inside = FALSE, found = FALSE, plain = TRUE;
  guint depth = 0;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (member != NULL && array != NULL && elements != NULL, FALSE);

  g_array_set_size (elements, 0);
  while (s.p < s.end)
    {
      char c = *s.p;

      if (c == '/' && s.p + 1 < s.end && (s.p[1] == '/' || s.p[1] == '*'))
        skip_comment (&s);
      else if (c == '"' || c == '\'')
        {
          const char *start = s.p;
          Scanner after;

          /* The text passed lw_json_text_check(): no error here. */
          skip_string (&s, NULL);
          if (depth != 1 || inside)
            continue;
          after = s;
          skip_blank (&after);
          if (after.p >= after.end || *after.p != ':')
            continue;
          if ((gsize) (s.p - start) != member_length + 2 || s.p[-1] != c
              || memcmp (start + 1, member, member_length) != 0)
            continue;
          after.p++;
          skip_blank (&after);
          if (after.p < after.end && *after.p == '[')
            {
              /* A later member of the same name replaces an earlier one. */
              inside = TRUE;
              plain = TRUE;
              g_array_set_size (current, 0);
              current_array.start = (gsize) (after.p - data);
              element_start = current_array.start + 1;
              depth = 2;
              s.p = after.p + 1;
            }
        }
      else if (c == '[' || c == '{')
        {
          depth++;
          s.p++;
        }
      else if (c == ']' || c == '}')
        {
          gsize at = (gsize) (s.p - data);

          if (inside && depth == 2)
            {
              LwJsonSpan span = { element_start, at };

              if (holds_value (data, element_start, at))
                g_array_append_val (current, span);
              else if (current->len > 0)
                plain = FALSE;            /* "[1,]" */
              inside = FALSE;
              if (plain)
                {
                  found = TRUE;
                  current_array.end = at + 1;
                  *array = current_array;
                  g_array_set_size (elements, 0);
                  g_array_append_vals (elements, current->data, current->len);
                }
              else
                found = FALSE;
            }
          if (depth > 0)
            depth--;
          s.p++;
        }
      else if (c == ',' && inside && depth == 2)
        {
          gsize at = (gsize) (s.p - data);
          LwJsonSpan span = { element_start, at };

          if (holds_value (data, element_start, at))
            g_array_append_val (current, span);
          else
            plain = FALSE;                /* "[,1]", "[1,,2]" */
          element_start = at + 1;
          s.p++;
        }
      else
        s.p++;
    }
  return found && !inside;
}

gboolean
lw_json_node_holds (JsonNode *node,
                    GType     type)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

const char *
lw_json_node_string (JsonNode *node)
{
  return lw_json_node_holds (node, G_TYPE_STRING) ? json_node_get_string (node) : NULL;
}

char *
lw_json_builder_to_text (JsonBuilder *builder)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  g_return_val_if_fail (root != NULL, NULL);

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  text = json_generator_to_data (generator, NULL);
  return g_strconcat (text, "\n", NULL);
}

void
lw_json_builder_add_int (JsonBuilder *builder,
                         const char  *name,
                         gint64       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

void
lw_json_builder_add_boolean (JsonBuilder *builder,
                             const char  *name,
                             gboolean     value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_boolean_value (builder, value);
}

void
lw_json_builder_add_string (JsonBuilder *builder,
                            const char  *name,
                            const char  *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

void
lw_json_builder_add_double (JsonBuilder *builder,
                            const char  *name,
                            double       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_double_value (builder, value);
}

void
lw_json_builder_add_int_array (JsonBuilder *builder,
                               const char  *name,
                               const int   *values,
                               guint        n)
{
  g_return_if_fail (JSON_IS_BUILDER (builder));
  g_return_if_fail (name != NULL);
  g_return_if_fail (values != NULL || n == 0);

  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint i = 0; i < n; i++)
    json_builder_add_int_value (builder, values[i]);
  json_builder_end_array (builder);
}

void
lw_json_builder_add_nullable_string (JsonBuilder *builder,
                                     const char  *name,
                                     const char  *value)
{
  json_builder_set_member_name (builder, name);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

/* Appends @text to @out indented by @indent more spaces on every line (a
 * JSON text holds no raw line break inside a string, so every line break
 * is the generator's). */
static void
append_indented (GString    *out,
                 const char *text,
                 guint       indent)
{
  const char *line = text;

  while (*line != '\0')
    {
      const char *end = strchr (line, '\n');
      gsize length = end != NULL ? (gsize) (end - line + 1) : strlen (line);

      for (guint i = 0; i < indent; i++)
        g_string_append_c (out, ' ');
      g_string_append_len (out, line, (gssize) length);
      line += length;
    }
}

struct _LwJsonStream {
  char            *text;          /* the head's text, its array empty */
  gsize            head_length;   /* up to the array's '[' and the ']' */
  gboolean         pretty;
  guint            n_written;
  LwJsonWriteFunc  write;
  gpointer         write_data;
  GString         *buffer;
  JsonGenerator   *generator;     /* each element's text */
};

LwJsonStream *
lw_json_stream_begin (JsonNode        *head,
                      const char      *member,
                      gboolean         pretty,
                      LwJsonWriteFunc  write,
                      gpointer         write_data)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;
  g_autofree char *mark = NULL;
  LwJsonStream *stream;
  const char *at;

  g_return_val_if_fail (JSON_NODE_HOLDS_OBJECT (head), NULL);
  g_return_val_if_fail (member != NULL, NULL);
  g_return_val_if_fail (write != NULL, NULL);

  json_generator_set_pretty (generator, pretty);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, head);
  text = json_generator_to_data (generator, NULL);

  /* The empty array in the head's text: a member of the outer object
   * starts a line indented by 2 (pretty), or follows '{' or ',' (compact);
   * a string holds neither a raw line break nor an unescaped quote, so the
   * first such place is the member itself. */
  if (pretty)
    mark = g_strdup_printf ("\n  \"%s\" : []", member);
  else
    mark = g_strdup_printf ("\"%s\":[]", member);
  at = strstr (text, mark);
  if (!pretty)
    while (at != NULL && at > text && at[-1] != '{' && at[-1] != ',')
      at = strstr (at + 1, mark);
  g_return_val_if_fail (at != NULL, NULL);

  stream = g_new0 (LwJsonStream, 1);
  stream->head_length = (gsize) (at - text) + strlen (mark) - 1;
  stream->text = g_steal_pointer (&text);
  stream->pretty = pretty;
  stream->write = write;
  stream->write_data = write_data;
  stream->buffer = g_string_new (NULL);
  stream->generator = json_generator_new ();
  json_generator_set_pretty (stream->generator, pretty);
  json_generator_set_indent (stream->generator, 2);
  return stream;
}

gboolean
lw_json_stream_write_element (LwJsonStream  *stream,
                              JsonNode      *element,
                              GError       **error)
{
  g_autofree char *piece = NULL;

  g_return_val_if_fail (stream != NULL, FALSE);
  g_return_val_if_fail (element != NULL, FALSE);

  json_generator_set_root (stream->generator, element);
  piece = json_generator_to_data (stream->generator, NULL);
  g_string_truncate (stream->buffer, 0);
  if (stream->n_written > 0)
    g_string_append (stream->buffer, stream->pretty ? ",\n" : ",");
  if (stream->pretty)
    append_indented (stream->buffer, piece, 4);
  else
    g_string_append (stream->buffer, piece);

  /* The head up to the array, with the first element. */
  if (stream->n_written++ == 0
      && (!stream->write (stream->text, stream->head_length - 1, stream->write_data, error)
          || !stream->write (stream->pretty ? "[\n" : "[", stream->pretty ? 2 : 1,
                             stream->write_data, error)))
    return FALSE;
  return stream->write (stream->buffer->str, stream->buffer->len, stream->write_data, error);
}

gboolean
lw_json_stream_end (LwJsonStream  *stream,
                    GError       **error)
{
  const char *rest;

  g_return_val_if_fail (stream != NULL, FALSE);

  if (stream->n_written == 0)
    return stream->write (stream->text, strlen (stream->text), stream->write_data, error)
           && stream->write ("\n", 1, stream->write_data, error);
  if (stream->pretty && !stream->write ("\n  ", 3, stream->write_data, error))
    return FALSE;
  /* The rest of the head: from the ']' on. */
  rest = stream->text + stream->head_length;
  return stream->write (rest, strlen (rest), stream->write_data, error)
         && stream->write ("\n", 1, stream->write_data, error);
}

void
lw_json_stream_free (LwJsonStream *stream)
{
  if (stream == NULL)
    return;
  g_free (stream->text);
  g_string_free (stream->buffer, TRUE);
  g_object_unref (stream->generator);
  g_free (stream);
}

gboolean
lw_json_write_streamed (JsonNode          *head,
                        const char        *member,
                        guint              n_elements,
                        LwJsonElementFunc  element,
                        gpointer           element_data,
                        gboolean           pretty,
                        LwJsonWriteFunc    write,
                        gpointer           write_data,
                        GError           **error)
{
  g_autoptr (LwJsonStream) stream = NULL;

  g_return_val_if_fail (JSON_NODE_HOLDS_OBJECT (head), FALSE);
  g_return_val_if_fail (member != NULL, FALSE);
  g_return_val_if_fail (element != NULL || n_elements == 0, FALSE);
  g_return_val_if_fail (write != NULL, FALSE);

  stream = lw_json_stream_begin (head, member, pretty, write, write_data);
  g_return_val_if_fail (stream != NULL, FALSE);
  for (guint i = 0; i < n_elements; i++)
    {
      g_autoptr (JsonNode) node = element (i, element_data);

      if (!lw_json_stream_write_element (stream, node, error))
        return FALSE;
    }
  return lw_json_stream_end (stream, error);
}

gboolean
lw_json_write_to_string (const char  *text,
                         gsize        length,
                         gpointer     user_data,
                         GError     **error)
{
  (void) error;
  g_string_append_len (user_data, text, (gssize) length);
  return TRUE;
}

gboolean
lw_json_write_to_file (const char  *text,
                       gsize        length,
                       gpointer     user_data,
                       GError     **error)
{
  if (length > 0 && fwrite (text, 1, length, user_data) != length)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   "cannot write the output: %s", g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}
