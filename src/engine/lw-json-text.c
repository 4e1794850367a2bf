/* lw-json-text.c — checks on JSON text that json-glib lets through
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-error.h"
#include "lw-json-text.h"

/* Integers of more digits than this may not fit a gint64. */
#define MAX_INTEGER_DIGITS 18

typedef struct {
  const char *p;
  const char *end;
  guint       line;
} Scanner;

static gboolean
not_json (GError     **error,
          guint        line,
          const char  *format,
          ...) G_GNUC_PRINTF (3, 4);

static gboolean
not_json (GError     **error,
          guint        line,
          const char  *format,
          ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_PARSE,
               "the game record is not JSON: line %u: %s", line, message);
  return FALSE;
}

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
            return not_json (error, s->line, "a string holds the character \\u0000");
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
    return not_json (error, s->line, "%.*s is not a JSON number",
                     (int) MIN (end - start, 40), start);
  if (integer && int_digits > MAX_INTEGER_DIGITS)
    return not_json (error, s->line, "the number %.*s is too large",
                     (int) MIN (end - start, 40), start);
  return TRUE;
}

gboolean
lw_json_text_check (const char  *data,
                    gsize        length,
                    GError     **error)
{
  Scanner s = { data, data + length, 1 };
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
        return not_json (error, s.line, "more text after the end of the game record");

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
            return not_json (error, s.line, "lists and objects nested more than %d deep",
                             LW_JSON_MAX_DEPTH);
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
