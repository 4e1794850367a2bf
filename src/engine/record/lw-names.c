/* lw-names.c — the rule for names and notes (docs/rules/GAME-RECORD.md "Names")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-error.h"
#include "lw-names.h"

/* No name of at most LW_NAME_MAX_CHARS characters in NFC takes more bytes
 * than this in any form (4 bytes a code point, and well over the few code
 * points one NFC character decomposes into). */

/* The same margin for notes. */
#define MAX_NOTES_BYTES (LW_NOTES_MAX_CHARS * 16)

static gboolean
is_space (gunichar c)
{
  return g_unichar_type (c) == G_UNICODE_SPACE_SEPARATOR;
}

/* Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt,
 * Unicode 15), which renders as nothing whatever its category: the Hangul
 * fillers are letters (Lo), the variation selectors marks (Mn); and
 * U+2800, a blank Braille cell, which renders as a space. */
static const struct {
  gunichar first, last;
} invisible_ranges[] = {
  { 0x00AD, 0x00AD }, { 0x034F, 0x034F }, { 0x061C, 0x061C }, { 0x115F, 0x1160 },
  { 0x17B4, 0x17B5 }, { 0x180B, 0x180F }, { 0x200B, 0x200F }, { 0x202A, 0x202E },
  { 0x2060, 0x206F }, { 0x2800, 0x2800 }, { 0x3164, 0x3164 }, { 0xFE00, 0xFE0F },
  { 0xFEFF, 0xFEFF }, { 0xFFA0, 0xFFA0 }, { 0xFFF0, 0xFFF8 }, { 0x1BCA0, 0x1BCA3 },
  { 0x1D173, 0x1D17A }, { 0xE0000, 0xE0FFF },
};

/* Whether @c shows nothing: a space (Zs), a format character (Cf) or a
 * default-ignorable code point. */
static gboolean
is_invisible (gunichar     c,
              GUnicodeType type)
{
  if (type == G_UNICODE_SPACE_SEPARATOR || type == G_UNICODE_FORMAT)
    return TRUE;
  for (guint k = 0; k < G_N_ELEMENTS (invisible_ranges) && c >= invisible_ranges[k].first; k++)
    if (c <= invisible_ranges[k].last)
      return TRUE;
  return FALSE;
}

/* Words for control character @c in a message. */
static char *
describe_control (gunichar c)
{
  switch (c)
    {
    case '\t':
      return g_strdup ("a tab");
    case '\n':
    case '\r':
    case '\v':
    case '\f':
      return g_strdup ("a line break");
    case 0x1b:
      return g_strdup ("U+001B, a terminal's escape code");
    default:
      return g_strdup_printf ("U+%04X", c);
    }
}

/* Most names are printable ASCII without spaces around them: already
 * their normal form (lw_name_normalize() gives them back as they are),
 * and checked in one pass. */
static gboolean
is_plain_name (const char *text)
{
  const char *p;

  for (p = text; *p >= 0x20 && *p <= 0x7e; p++)
    ;
  return *p == '\0' && p > text && text[0] != ' ' && p[-1] != ' ' && p - text <= LW_NAME_MAX_CHARS;
}

gboolean
lw_name_is_normal (const char *text)
{
  return text != NULL && is_plain_name (text);
}

char *
lw_name_normalize (const char  *text,
                   const char  *place,
                   GError     **error)
{
  const char *start, *end, *p;
  g_autofree char *nfc = NULL;
  gsize n_chars = 0;
  gboolean visible = FALSE;

  g_return_val_if_fail (place != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (text == NULL || *text == '\0')
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID, "%s is empty", place);
      return NULL;
    }
  if (is_plain_name (text))
    return g_strdup (text);

  end = text + strlen (text);
  if (!g_utf8_validate_len (text, (gsize) (end - text), NULL))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s is not valid UTF-8", place);
      return NULL;
    }

  /* Trim the spaces at both ends without copying. */
  start = text;
  while (start < end && is_space (g_utf8_get_char (start)))
    start = g_utf8_next_char (start);
  while (end > start)
    {
      const char *last = g_utf8_find_prev_char (start, end);

      if (last == NULL || !is_space (g_utf8_get_char (last)))
        break;
      end = last;
    }
  if (start == end)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s is only spaces", place);
      return NULL;
    }

  if (end - start > LW_NAME_MAX_BYTES)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s is %ld characters; at most %d", place,
                   g_utf8_strlen (start, end - start), LW_NAME_MAX_CHARS);
      return NULL;
    }

  nfc = g_utf8_normalize (start, end - start, G_NORMALIZE_NFC);
  if (nfc == NULL)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s is not valid UTF-8", place);
      return NULL;
    }

  for (p = nfc; *p != '\0'; p = g_utf8_next_char (p), n_chars++)
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeType type = g_unichar_type (c);

      if (type == G_UNICODE_CONTROL)
        {
          g_autofree char *what = describe_control (c);

          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "%s holds a control character (%s)", place, what);
          return NULL;
        }
      if (type == G_UNICODE_LINE_SEPARATOR || type == G_UNICODE_PARAGRAPH_SEPARATOR)
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "%s holds a line or paragraph separator (U+%04X)", place, c);
          return NULL;
        }
      if (!visible && !is_invisible (c, type))
        visible = TRUE;
    }

  if (n_chars > LW_NAME_MAX_CHARS)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s is %" G_GSIZE_FORMAT " characters; at most %d",
                   place, n_chars, LW_NAME_MAX_CHARS);
      return NULL;
    }
  if (!visible)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s is only spaces or invisible characters", place);
      return NULL;
    }

  return g_steal_pointer (&nfc);
}

gboolean
lw_names_equal (const char *a,
                const char *b)
{
  g_autofree char *na = NULL;
  g_autofree char *nb = NULL;

  if (a == NULL || b == NULL)
    return a == b;
  if (strcmp (a, b) == 0)
    return TRUE;
  /* Two names that are their own normal form differ as they are. */
  if (is_plain_name (a) && is_plain_name (b))
    return FALSE;

  na = lw_name_normalize (a, "name", NULL);
  nb = lw_name_normalize (b, "name", NULL);
  if (na == NULL)
    na = g_utf8_normalize (a, -1, G_NORMALIZE_NFC);
  if (nb == NULL)
    nb = g_utf8_normalize (b, -1, G_NORMALIZE_NFC);
  return na != NULL && nb != NULL && strcmp (na, nb) == 0;
}

char *
lw_notes_normalize (const char  *text,
                    const char  *place,
                    GError     **error)
{
  g_autofree char *nfc = NULL;
  gsize length, n_chars = 0;

  g_return_val_if_fail (place != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (text == NULL || *text == '\0')
    return g_strdup ("");
  length = strlen (text);
  if (!g_utf8_validate_len (text, length, NULL))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: not valid UTF-8", place);
      return NULL;
    }
  if (length > MAX_NOTES_BYTES)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: %ld characters; at most %d", place,
                   g_utf8_strlen (text, (gssize) length), LW_NOTES_MAX_CHARS);
      return NULL;
    }

  nfc = g_utf8_normalize (text, (gssize) length, G_NORMALIZE_NFC);
  if (nfc == NULL)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: not valid UTF-8", place);
      return NULL;
    }
  for (const char *p = nfc; *p != '\0'; p = g_utf8_next_char (p), n_chars++)
    {
      gunichar c = g_utf8_get_char (p);

      if (c != '\n' && c != '\r' && g_unichar_type (c) == G_UNICODE_CONTROL)
        {
          g_autofree char *what = describe_control (c);

          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "%s: a control character (%s); only line breaks may be in notes", place, what);
          return NULL;
        }
    }
  if (n_chars > LW_NOTES_MAX_CHARS)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: %" G_GSIZE_FORMAT " characters; at most %d",
                   place, n_chars, LW_NOTES_MAX_CHARS);
      return NULL;
    }
  return g_steal_pointer (&nfc);
}
