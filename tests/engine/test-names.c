/* test-names.c — the names rule (docs/rules/GAME-RECORD.md "Names"): lw_name_normalize(),
 * lw_name_is_normal(), lw_names_equal(), lw_notes_normalize()
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-engine.h"

static const struct {
  const char *text;
  const char *name;     /* NULL: refused */
  const char *message;  /* a part of the message when refused */
} name_cases[] = {
  { "Ann", "Ann", NULL },
  { "  Ann Lee  ", "Ann Lee", NULL },
  { "\u00a0Ann\u3000", "Ann", NULL },                  /* Zs at the ends */
  { "Zoe\u0308", "Zo\u00eb", NULL },                   /* NFD → NFC */
  { "annabelle.mcallister-featherstonehaugh@example.org",
    "annabelle.mcallister-featherstonehaugh@example.org", NULL },
  { "A\u200dB", "A\u200dB", NULL },                    /* a Cf inside a visible name */
  { "", NULL, "place is empty" },
  { "   ", NULL, "place is only spaces" },
  { "Ann\tLee", NULL, "place holds a control character (a tab)" },
  { "Ann\n", NULL, "place holds a control character (a line break)" },
  { "Ann\x1b]0;x\x07", NULL, "place holds a control character (U+001B, a terminal's escape code)" },
  { "Ann\x7f", NULL, "place holds a control character (U+007F)" },
  { "Ann\u2028Lee", NULL, "place holds a line or paragraph separator (U+2028)" },
  { "Ann\u2029", NULL, "place holds a line or paragraph separator (U+2029)" },
  { "\u200b", NULL, "place is only spaces or invisible characters" },
  { "\u200b \u2060\ufeff", NULL, "place is only spaces or invisible characters" },
  /* Unicode's default-ignorable code points, whatever their category:
   * the Hangul fillers (Lo), variation selectors (Mn), Cf */
  { "\u3164", NULL, "place is only spaces or invisible characters" },
  { " \u3164 ", NULL, "place is only spaces or invisible characters" },
  { "\u115f\u1160", NULL, "place is only spaces or invisible characters" },
  { "\uffa0", NULL, "place is only spaces or invisible characters" },
  { "\u200c\u200e\u200f", NULL, "place is only spaces or invisible characters" },
  { "\u2061\u2062\u2063\u2064", NULL, "place is only spaces or invisible characters" },
  { "\u180e", NULL, "place is only spaces or invisible characters" },
  { "\ufe0f\ufe00", NULL, "place is only spaces or invisible characters" },
  { "\U000e0100", NULL, "place is only spaces or invisible characters" },
  { "\u034f\u00ad\u061c", NULL, "place is only spaces or invisible characters" },
  { "\u17b4\u17b5\u180b", NULL, "place is only spaces or invisible characters" },
  { "\u202e\u2066\u2069", NULL, "place is only spaces or invisible characters" },
  { "\U000e0041\U000e007f", NULL, "place is only spaces or invisible characters" },
  { "\U0001d173\U0001bca0", NULL, "place is only spaces or invisible characters" },
  { "\u2800", NULL, "place is only spaces or invisible characters" },  /* a blank Braille cell */
  /* Beside a visible character they are kept as typed */
  { "Ann\u3164", "Ann\u3164", NULL },
  { "\u2764\ufe0f", "\u2764\ufe0f", NULL },
  { "\u1100\u1161", "\uac00", NULL },            /* Hangul jamo composed by NFC */
  { "\xff" "Ann", NULL, "place is not valid UTF-8" },
};

static void
test_normalize (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (name_cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *name = lw_name_normalize (name_cases[i].text, "place", &error);

      g_test_message ("case %u: %s", i, error != NULL ? error->message : name);
      if (name_cases[i].name != NULL)
        {
          g_assert_no_error (error);
          g_assert_cmpstr (name, ==, name_cases[i].name);
        }
      else
        {
          g_assert_null (name);
          g_assert_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID);
          g_assert_cmpstr (error->message, ==, name_cases[i].message);
        }
    }
}

/* 100 characters is the limit, counted as code points of the NFC form:
 * 100 e + U+0301 (200 code points typed) is 100 é. */
static void
test_length (void)
{
  g_autoptr (GString) nfd = g_string_new (NULL);
  g_autofree char *hundred = g_strnfill (100, 'A');
  g_autofree char *hundred_one = g_strnfill (101, 'A');
  g_autofree char *name = NULL;
  g_autoptr (GError) error = NULL;

  name = lw_name_normalize (hundred, "players: the name of seat 2", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (name, ==, hundred);
  g_clear_pointer (&name, g_free);

  name = lw_name_normalize (hundred_one, "players: the name of seat 2", &error);
  g_assert_null (name);
  g_assert_cmpstr (error->message, ==, "players: the name of seat 2 is 101 characters; at most 100");
  g_clear_error (&error);

  for (guint i = 0; i < 100; i++)
    g_string_append (nfd, "e\u0301");
  name = lw_name_normalize (nfd->str, "name", &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_utf8_strlen (name, -1), ==, 100);
  g_clear_pointer (&name, g_free);

  g_string_append (nfd, "e\u0301");
  name = lw_name_normalize (nfd->str, "name", &error);
  g_assert_null (name);
  g_assert_cmpstr (error->message, ==, "name is 101 characters; at most 100");
}

/* A 7,000,000-character name is refused without being normalised:
 * quickly, whatever its length. */
static void
test_huge (void)
{
  g_autofree char *huge = g_strnfill (7000000, 'A');
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  g_autofree char *name = lw_name_normalize (huge, "name", &error);
  gint64 took = g_get_monotonic_time () - start;

  g_assert_null (name);
  g_assert_cmpstr (error->message, ==, "name is 7000000 characters; at most 100");
  g_test_message ("refused in %" G_GINT64_FORMAT " microseconds", took);
  g_assert_cmpint (took, <, 2 * G_USEC_PER_SEC);
}

static void
test_equal (void)
{
  g_assert_true (lw_names_equal ("Zo\u00eb", "Zoe\u0308"));
  g_assert_true (lw_names_equal ("Ann", " Ann "));
  g_assert_false (lw_names_equal ("Ann", "ann"));
  g_assert_false (lw_names_equal ("Ann", "Anna"));
  g_assert_false (lw_names_equal ("Ann", NULL));
  g_assert_true (lw_names_equal (NULL, NULL));
}

static void
test_notes (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *notes = lw_notes_normalize ("Line one\r\nZoe\u0308\n", "details: notes", &error);
  g_autofree char *long_notes = g_strnfill (10001, 'x');
  g_autofree char *ok_notes = g_strnfill (10000, 'x');
  g_autofree char *refused = NULL;
  g_autofree char *kept = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (notes, ==, "Line one\r\nZo\u00eb\n");

  refused = lw_notes_normalize ("bell\a", "details: notes", &error);
  g_assert_null (refused);
  g_assert_cmpstr (error->message, ==, "details: notes: a control character (U+0007); only line breaks may be in notes");
  g_clear_error (&error);

  refused = lw_notes_normalize (long_notes, "details: notes", &error);
  g_assert_null (refused);
  g_assert_cmpstr (error->message, ==, "details: notes: 10001 characters; at most 10000");
  g_clear_error (&error);

  kept = lw_notes_normalize (ok_notes, "details: notes", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kept, ==, ok_notes);
}

/* A name known to be its own normal form is one lw_name_normalize() gives
 * back unchanged; the others are left to it. */
static void
test_is_normal (void)
{
  g_autofree char *hundred = g_strnfill (LW_NAME_MAX_CHARS, 'a');
  g_autofree char *hundred_one = g_strnfill (LW_NAME_MAX_CHARS + 1, 'a');

  for (guint i = 0; i < G_N_ELEMENTS (name_cases); i++)
    if (lw_name_is_normal (name_cases[i].text))
      {
        g_autofree char *name = lw_name_normalize (name_cases[i].text, "place", NULL);

        g_assert_cmpstr (name, ==, name_cases[i].text);
      }
  g_assert_true (lw_name_is_normal ("Ann"));
  g_assert_true (lw_name_is_normal ("Ann Lee"));
  g_assert_true (lw_name_is_normal ("annabelle.mcallister-featherstonehaugh@example.org"));
  g_assert_true (lw_name_is_normal (hundred));
  g_assert_false (lw_name_is_normal (hundred_one));
  g_assert_false (lw_name_is_normal (NULL));
  g_assert_false (lw_name_is_normal (""));
  g_assert_false (lw_name_is_normal (" Ann"));
  g_assert_false (lw_name_is_normal ("Ann "));
  g_assert_false (lw_name_is_normal ("Ann\tLee"));
  g_assert_false (lw_name_is_normal ("Ann\x7f"));
  g_assert_false (lw_name_is_normal ("Zo\u00eb"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/names/normalize", test_normalize);
  g_test_add_func ("/names/length", test_length);
  g_test_add_func ("/names/huge", test_huge);
  g_test_add_func ("/names/equal", test_equal);
  g_test_add_func ("/names/is-normal", test_is_normal);
  g_test_add_func ("/names/notes", test_notes);
  return g_test_run ();
}
