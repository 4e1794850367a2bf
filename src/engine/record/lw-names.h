/* lw-names.h — the rule for names and notes (docs/rules/GAME-RECORD.md "Names")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The longest name, in characters (Unicode code points of its NFC form). */
#define LW_NAME_MAX_CHARS 100
/* The most bytes of a name, once trimmed, that lw_name_normalize() reads
 * further: a longer text is refused as too long without a copy. */
#define LW_NAME_MAX_BYTES 4096

/* The longest notes, in characters (code points of their NFC form). */
#define LW_NOTES_MAX_CHARS 10000

/**
 * lw_name_normalize:
 * @text: (nullable): the name as typed or read, any bytes
 * @place: what the name is, for the message, e.g. "players: the name of
 *   seat 2" or "event name"; the message reads "@place is …"
 * @error: return location for an error, or %NULL
 *
 * The names rule of docs/rules/GAME-RECORD.md "Names", for the names of players and
 * substitutes, events and places, wherever they come in (records, the
 * store, the CLI, the app, the phone page). The name is trimmed of spaces
 * (Unicode category Zs) at both ends and put in Unicode NFC
 * (g_utf8_normalize (…, G_NORMALIZE_NFC)); it must then be 1 to
 * %LW_NAME_MAX_CHARS characters, counted as Unicode code points of the NFC
 * form; it must hold no control character (Cc: a tab, a line break, a
 * terminal's escape code), no line or paragraph separator (Zl, Zp: U+2028,
 * U+2029), and must not be made only of spaces, format characters (Zs,
 * Cf: e.g. a zero-width space) and other code points that show nothing
 * (Unicode's Default_Ignorable_Code_Point: the Hangul fillers U+115F,
 * U+1160, U+3164, U+FFA0, the variation selectors…; and U+2800, a blank
 * Braille cell). A text of more than 4,096 bytes once
 * trimmed is refused as too long before it is normalised, so a very long
 * text costs one pass over its bytes and no copy.
 *
 * Returns: (transfer full) (nullable): the name to store and compare (NFC,
 *   trimmed), or %NULL with @error set to %LW_ENGINE_ERROR_INVALID, the
 *   message naming @place and the problem ("players: the name of seat 2 is
 *   101 characters; at most 100").
 */
char *lw_name_normalize (const char  *text,
                         const char  *place,
                         GError     **error);

/**
 * lw_name_is_normal:
 * @text: (nullable): a name as typed or read
 *
 * Whether @text is known in one pass over its bytes to pass the names rule
 * as it is, its own normal form (lw_name_normalize() would give it back
 * unchanged): 1 to %LW_NAME_MAX_CHARS printable ASCII characters (U+0020
 * to U+007E) with no space at either end. %FALSE says nothing about the
 * name: lw_name_normalize() tells. For checks that run on every replay.
 *
 * Returns: %TRUE when @text is a plain name, its own normal form
 */
gboolean lw_name_is_normal (const char *text);

/**
 * lw_names_equal:
 * @a: (nullable): a name, valid UTF-8
 * @b: (nullable): a name, valid UTF-8
 *
 * Whether two names are the same name (docs/rules/GAME-RECORD.md "Names"): their NFC
 * forms, trimmed of spaces at both ends, are equal byte for byte; the
 * letter case counts ("ann" is not "Ann"). "Zoë" typed with a precomposed
 * ë and typed as e + U+0308 is one name. %NULL equals only %NULL.
 *
 * Returns: %TRUE when @a and @b are the same name
 */
gboolean lw_names_equal (const char *a,
                         const char *b);

/**
 * lw_notes_normalize:
 * @text: (nullable): notes as typed or read, any bytes; %NULL or "" are no
 *   notes
 * @place: what the notes are, for the message ("notes"); the message
 *   reads "@place: …"
 * @error: return location for an error, or %NULL
 *
 * The rule for notes (docs/rules/GAME-RECORD.md "Names"): notes may span lines (line
 * feed and carriage return) and are up to %LW_NOTES_MAX_CHARS characters
 * (code points of the NFC form); they hold no other control character
 * (Cc). They are stored in NFC and are not trimmed.
 *
 * Returns: (transfer full) (nullable): the notes in NFC ("" for none), or
 *   %NULL with @error set to %LW_ENGINE_ERROR_INVALID naming @place and the
 *   problem
 */
char *lw_notes_normalize (const char  *text,
                          const char  *place,
                          GError     **error);

G_END_DECLS
