/* lw-words.c — the words for what the engine derives: scores, rounds and
 * their facts, edits, times, names (isolated for mixed directions),
 * penalties, cards, bids, refusals; declared in lw-words.h. GLib only:
 * the app, the web server and the remote table share them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

#include <string.h>

#include <glib/gi18n.h>

#include "lw-words.h"

char *
lw_format_signed (int value)
{
  if (value > 0)
    return g_strdup_printf ("+%d", value);
  if (value < 0)
    return g_strdup_printf ("−%d", -value);
  return g_strdup ("0");
}

char *
lw_format_scores (guint      n,
                  const int *scores)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (text, " – ");
      g_string_append_printf (text, "%d", scores[i]);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
lw_describe_round (const LwGameRecord  *record,
                   const LwStandings   *standings,
                   const LwRoundResult *result)
{
  g_autoptr (GString) text = g_string_new (NULL);
  int zero_pack_side = LW_NO_SEAT;

  if (result->pack_worth_zero)
    {
      const LwRound *round = g_ptr_array_index (record->rounds, result->number - 1);

      zero_pack_side = lw_game_record_side_of (record, round->declarer);
    }

  for (guint side = 0; side < standings->n_sides; side++)
    {
      g_autofree char *items = lw_round_result_explain_side (record, result, (int) side);
      g_autofree char *delta = NULL;
      g_autofree char *name = NULL;
      g_autofree char *side_name = NULL;

      if ((int) side == zero_pack_side)
        {
          /* TRANSLATORS: the declarer's side won every trick but the last:
           * the Pack is made but scores 0 (SCORING R11) */
          const char *zero = _("Pack made, worth 0 (every trick but the last)");
          char *joined = items != NULL ? g_strdup_printf ("%s, %s", zero, items) : g_strdup (zero);

          g_free (items);
          items = joined;
        }

      if (items == NULL && result->deltas[side] == 0)
        continue;

      delta = lw_format_signed (result->deltas[side]);
      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* Who sat there in this round (a substitute's seat names its
       * earlier player in the rounds before). */
      side_name = lw_game_record_side_name_at (record, (int) side, result->number);
      name = lw_isolate_name (side_name);
      if (items != NULL)
        /* TRANSLATORS: a side's change in a round, then what made it:
         * "Ann +1: Pack +1, Worms −1" */
        g_string_append_printf (text, _("%s %s: %s"), name, delta, items);
      else
        g_string_append_printf (text, "%s %s", name, delta);
    }

  if (text->len == 0)
    /* TRANSLATORS: a round in which no side's score changed */
    g_string_append (text, _("No change"));

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The 1-based number of @round in @record; the next one for a round being
 * entered (not yet in it). */
static guint
round_number (const LwGameRecord *record,
              const LwRound      *round)
{
  guint index;

  if (g_ptr_array_find (record->rounds, round, &index))
    return index + 1;
  return record->rounds->len + 1;
}

/* The players who sat in round @number, as lw_isolate_name() shows them,
 * "?" past the seats; freed with g_strfreev(). */
static GStrv
shown_players (const LwGameRecord *record,
               guint               number)
{
  GStrv shown = g_new0 (char *, LW_MAX_SEATS + 2);

  for (guint seat = 0; seat < record->n_players; seat++)
    shown[seat] = lw_isolate_name (lw_game_record_player_at (record, (int) seat, number));
  return shown;
}

static const char *
player (const LwGameRecord *record,
        const char *const  *names,
        int                 seat)
{
  return seat >= 0 && seat < (int) record->n_players ? names[seat] : "?";
}

/* Appends " · " unless @text is empty, then returns it. */
static GString *
next_fact (GString *text)
{
  if (text->len > 0)
    g_string_append (text, " · ");
  return text;
}

static void
append_den (GString *dens,
            char    *held)
{
  if (dens->len > 0)
    g_string_append (dens, ", ");
  g_string_append (dens, held);
  g_free (held);
}

char *
lw_describe_round_facts (const LwGameRecord *record,
                         const LwRound      *round)
{
  g_autoptr (GString) text = g_string_new (NULL);
  guint number = round_number (record, round);
  g_auto (GStrv) names = shown_players (record, number);
  guint n = record->n_players;

  if (record->ruleset == LW_RULESET_GARWOLF)
    {
      /* TRANSLATORS: Garwolf facts of a hand: Court cards won per seat */
      g_string_append (text, _("Court"));
      for (guint seat = 0; seat < n; seat++)
        g_string_append_printf (text, seat == 0 ? " %s %d" : ", %s %d",
                                names[seat], round->court[seat]);
      /* TRANSLATORS: Garwolf facts of a hand: Garwolves won per seat */
      g_string_append_printf (next_fact (text), "%s", _("Garwolves"));
      for (guint seat = 0, shown = 0; seat < n; seat++)
        if (round->garwolves[seat] > 0)
          g_string_append_printf (text, shown++ == 0 ? " %s %d" : ", %s %d",
                                  names[seat], round->garwolves[seat]);
      return g_string_free (g_steal_pointer (&text), FALSE);
    }

  if (round->is_void)
    /* TRANSLATORS: a void round's facts (SCORING R21) */
    g_string_append (text, _("Void"));
  else
    {
      if (round->declarer == LW_NO_SEAT)
        /* TRANSLATORS: a round's facts: every player declined to declare */
        g_string_append (text, _("Nobody declared"));
      else if (round->all_but_last)
        /* TRANSLATORS: a round's facts: %s declared the Pack; their side won every trick but the last */
        g_string_append_printf (text, _("%s declared, all but the last trick"),
                                player (record, (const char *const *) names, round->declarer));
      else
        /* TRANSLATORS: a round's facts: %s declared the Pack */
        g_string_append_printf (text, _("%s declared"), player (record, (const char *const *) names, round->declarer));

      for (guint seat = 0; seat < n; seat++)
        g_string_append_printf (next_fact (text), "%s %d", names[seat], round->cards[seat]);

      for (guint seat = 0; seat < n; seat++)
        {
          g_autoptr (GString) dens = g_string_new (NULL);
          int count;

          /* TRANSLATORS: Den cards held by a seat, in a round's facts: "Ben 2 Worms, 1 Gong" */
          if ((count = round->worms[seat]) > 0)
            append_den (dens, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Worm", "%d Worms", count), count));
          if ((count = round->gongs[seat]) > 0)
            append_den (dens, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Gong", "%d Gongs", count), count));
          if ((count = round->bears[seat]) > 0)
            append_den (dens, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Big Bear", "%d Big Bears", count), count));
          if ((count = round->wolves[seat]) > 0)
            append_den (dens, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Little Wolf", "%d Little Wolves", count), count));
          if (dens->len > 0)
            g_string_append_printf (next_fact (text), "%s %s", names[seat], dens->str);
          if (round->unpegged[seat])
            /* TRANSLATORS: a round's facts: %s did not peg their gains in time (SCORING R22) */
            g_string_append_printf (next_fact (text), _("%s not pegged"), names[seat]);
        }
    }

  for (guint i = 0; round->penalties != NULL && i < round->penalties->len; i++)
    {
      const LwPenalty *penalty = &g_array_index (round->penalties, LwPenalty, i);

      g_string_append_printf (next_fact (text),
                              penalty->kind == LW_PENALTY_LOOKED_AT_DISCARDS
                                /* TRANSLATORS: a penalty in a round's facts (SCORING R19) */
                                ? _("%s looked at discards")
                                /* TRANSLATORS: a penalty in a round's facts (SCORING R19) */
                                : _("%s played out of turn"),
                              player (record, (const char *const *) names, penalty->seat));
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
lw_message_capitalize (const char *message)
{
  gunichar first;
  char buffer[8];
  int length;

  if (message == NULL || *message == '\0' || !g_utf8_validate (message, -1, NULL))
    return g_strdup (message != NULL ? message : "");

  first = g_utf8_get_char (message);
  length = g_unichar_to_utf8 (g_unichar_totitle (first), buffer);
  buffer[length] = '\0';

  return g_strconcat (buffer, g_utf8_next_char (message), NULL);
}

/* Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko …, and the
 * supplementary planes' right-to-left blocks) and the bidirectional
 * controls: what can turn the words around a name backwards. */
static gboolean
affects_direction (gunichar c)
{
  return (c >= 0x0590 && c <= 0x08ff) || c == 0x200f || c == 0x061c
         || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)
         || (c >= 0xfb1d && c <= 0xfdff) || (c >= 0xfe70 && c <= 0xfefc)
         || (c >= 0x10800 && c <= 0x10fff) || (c >= 0x1e800 && c <= 0x1efff);
}

/* Whether the language reads right to left: GTK's own test for its
 * default direction (the translation of "default:LTR" in its domain),
 * so that the words need no GTK. */
static gboolean
text_is_rtl (void)
{
  return strcmp (g_dgettext ("gtk40", "default:LTR"), "default:RTL") == 0;
}

char *
lw_isolate_name (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  /* Pango takes a label's direction from its first strong character and
   * does not skip an isolate's content: a mark of the window's own
   * direction goes first (U+200E left-to-right, U+200F right-to-left). */
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    if (affects_direction (g_utf8_get_char (p)))
      {
        GString *held = g_string_new (text_is_rtl () ? "\u200f\u2068" : "\u200e\u2068");
        guint depth = 0;

        /* An isolate the name leaves open is closed, and a U+2069 that
         * closes none of the name's own is dropped: either would let the
         * name's override out of its isolate, over the rest of the line. */
        for (const char *q = name; *q != '\0'; q = g_utf8_next_char (q))
          {
            gunichar c = g_utf8_get_char (q);

            if (c >= 0x2066 && c <= 0x2068)
              depth++;
            else if (c == 0x2069 && depth == 0)
              continue;
            else if (c == 0x2069)
              depth--;
            g_string_append_unichar (held, c);
          }
        for (guint i = 0; i <= depth; i++)
          g_string_append (held, "\u2069");
        return g_string_free (held, FALSE);
      }
  return g_strdup (name);
}

char *
lw_sides_title (const LwGameRecord *record)
{
  g_autoptr (GString) text = g_string_new (NULL);
  guint n_sides = lw_game_record_n_sides (record);

  for (guint side = 0; side < n_sides; side++)
    {
      g_autofree char *side_name = lw_game_record_side_name (record, side);
      g_autofree char *name = lw_isolate_name (side_name != NULL ? side_name : "?");

      if (side > 0)
        /* TRANSLATORS: between the sides of a game, "Ann vs Ben" */
        g_string_append (text, _(" vs "));
      g_string_append (text, name);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
lw_rules_text (const LwGameRecord *record)
{
  const LwRulesWords words = {
    /* TRANSLATORS: a Little Wolf house rule (TRICKS T9) on a score sheet's rules line */
    .inside_only = _("Little Wolf fills only inside a Run"),
    /* TRANSLATORS: a Little Wolf house rule (TRICKS T22) on a score sheet's rules line */
    .whole_trick = _("a trump over a plain lead beats every trump in the trick"),
    /* TRANSLATORS: Garwolf's house rule (SCORING G3) on a score sheet's rules line */
    .king_and_knave = _("King and Knave"),
  };
  g_autofree char *name = NULL;
  LwGameRecord shown;

  g_return_val_if_fail (record != NULL, NULL);

  /* The same record with its set's name isolated (only read, never freed). */
  shown = *record;
  if (record->rule_set != NULL)
    shown.rule_set = name = lw_isolate_name (record->rule_set);
  return lw_game_record_rules_text (&shown, &words);
}

/* A score with a true minus sign. */
static char *
format_score (int value)
{
  return value < 0 ? g_strdup_printf ("−%d", -value) : g_strdup_printf ("%d", value);
}

static gboolean
same_scores (const LwStandings *a,
             const LwStandings *b)
{
  if (a->n_sides != b->n_sides)
    return FALSE;

  for (guint side = 0; side < a->n_sides; side++)
    if (a->scores[side] != b->scores[side])
      return FALSE;

  return TRUE;
}

/* "Rounds 4–7 and 9" from ascending numbers. */
static void
append_ranges (GString      *text,
               const GArray *numbers)
{
  for (guint i = 0; i < numbers->len;)
    {
      guint first = g_array_index (numbers, guint, i);
      guint last = first;

      while (i + 1 < numbers->len && g_array_index (numbers, guint, i + 1) == last + 1)
        last = g_array_index (numbers, guint, ++i);
      i++;

      if (first != g_array_index (numbers, guint, 0))
        /* TRANSLATORS: between ranges of round numbers, "4–7, 9" */
        g_string_append (text, i == numbers->len ? _(" and ") : _(", "));
      if (last > first)
        g_string_append_printf (text, "%u–%u", first, last);
      else
        g_string_append_printf (text, "%u", first);
    }
}

char *
lw_describe_edit (const LwGameRecord *record,
                  const LwEdit       *edit,
                  const LwEditResult *result)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GString) ranges = g_string_new (NULL);
  const LwStandings *old = result->old_standings;
  const LwStandings *now = result->standings;
  gboolean garwolf = record->ruleset == LW_RULESET_GARWOLF;
  guint n_rounds = now->rounds->len;

  g_return_val_if_fail (record != NULL && edit != NULL && result != NULL, NULL);

  append_ranges (ranges, result->changed);
  if (result->changed->len == 0)
    g_string_append (text, garwolf
                             /* TRANSLATORS: a correction: no later Garwolf hand scores differently */
                             ? _("No later hand changes.")
                             /* TRANSLATORS: a correction: no later round scores differently */
                             : _("No later round changes."));
  else if (result->changed->len == 1)
    g_string_append_printf (text, garwolf
                                    /* TRANSLATORS: a correction changes one later hand; %s its number */
                                    ? _("Hand %s changes.")
                                    /* TRANSLATORS: a correction changes one later round; %s its number */
                                    : _("Round %s changes."),
                            ranges->str);
  else
    g_string_append_printf (text, garwolf
                                    /* TRANSLATORS: a correction changes later hands; %s "4–7 and 9" */
                                    ? _("Hands %s change.")
                                    /* TRANSLATORS: a correction changes later rounds; %s "4–7 and 9" */
                                    : _("Rounds %s change."),
                            ranges->str);

  for (guint side = 0; side < now->n_sides && side < old->n_sides; side++)
    {
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;

      if (old->scores[side] == now->scores[side])
        continue;

      before = format_score (old->scores[side]);
      after = format_score (now->scores[side]);
      g_string_append_c (text, '\n');
      if (n_rounds > 0)
        g_string_append_printf (text, garwolf
                                        /* TRANSLATORS: a correction: %1$s a side, %2$u the last hand, %3$s → %4$s its score */
                                        ? _("%1$s’s score after hand %2$u: %3$s → %4$s")
                                        /* TRANSLATORS: a correction: %1$s a side, %2$u the last round, %3$s → %4$s its score */
                                        : _("%1$s’s score after round %2$u: %3$s → %4$s"),
                                (const char *) g_ptr_array_index (now->sides, side), n_rounds,
                                before, after);
      else
        /* TRANSLATORS: a correction: %1$s a side, %2$s → %3$s its score */
        g_string_append_printf (text, _("%1$s’s score: %2$s → %3$s"),
                                (const char *) g_ptr_array_index (now->sides, side),
                                before, after);
    }

  if (n_rounds > 0 && same_scores (old, now))
    {
      g_autofree char *board = lw_format_scores (now->n_sides, now->scores);

      g_string_append_c (text, '\n');
      g_string_append_printf (text, garwolf
                                      /* TRANSLATORS: a correction leaves the scores at the end as they were; %2$s "3 – 0" */
                                      ? _("The board after hand %1$u stays %2$s.")
                                      /* TRANSLATORS: a correction leaves the scores at the end as they were; %2$s "3 – 0" */
                                      : _("The board after round %1$u stays %2$s."),
                              n_rounds, board);
    }

  if (result->finished_changed || result->winner_changed || result->skunk_changed)
    {
      g_string_append_c (text, '\n');
      if (!now->finished)
        g_string_append (text, _("The game no longer ends: it goes on."));
      else
        {
          const char *winner = now->winner >= 0 && (guint) now->winner < now->n_sides
                                 ? g_ptr_array_index (now->sides, now->winner) : "?";

          if (now->skunk)
            g_string_append_printf (text, garwolf
                                            /* TRANSLATORS: a correction: %1$u the last hand, %2$s the winner; a skunk counts as two wins (R23) */
                                            ? _("The game now ends after hand %1$u: %2$s wins with a skunk.")
                                            /* TRANSLATORS: a correction: %1$u the last round, %2$s the winner; a skunk counts as two wins (R23) */
                                            : _("The game now ends after round %1$u: %2$s wins with a skunk."),
                                    n_rounds, winner);
          else
            g_string_append_printf (text, garwolf
                                            /* TRANSLATORS: a correction: %1$u the last hand, %2$s the winner */
                                            ? _("The game now ends after hand %1$u: %2$s wins.")
                                            /* TRANSLATORS: a correction: %1$u the last round, %2$s the winner */
                                            : _("The game now ends after round %1$u: %2$s wins."),
                                    n_rounds, winner);
        }
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
lw_format_time (gint64   unix_time,
                gboolean with_date)
{
  g_autoptr (GDateTime) utc = NULL;
  g_autoptr (GDateTime) local = NULL;

  if (unix_time == 0)
    return g_strdup ("");

  utc = g_date_time_new_from_unix_utc (unix_time);
  if (utc == NULL)
    return g_strdup ("");
  local = g_date_time_to_local (utc);

  return g_date_time_format (local, with_date ? "%Y-%m-%d %H:%M" : "%H:%M");
}

gboolean
lw_parse_time (const char *text,
               gint64     *unix_time)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  g_autoptr (GDateTime) when = NULL;
  int year, month, day, hour = 0, minute = 0;
  char end;
  int n;

  g_return_val_if_fail (unix_time != NULL, FALSE);

  *unix_time = 0;
  if (*stripped == '\0')
    return TRUE;

  n = sscanf (stripped, "%4d-%2d-%2d %2d:%2d%c", &year, &month, &day, &hour, &minute, &end);
  if (n != 3 && n != 5)
    return FALSE;

  when = g_date_time_new_local (year, month, day, hour, minute, 0);
  if (when == NULL)
    return FALSE;

  *unix_time = g_date_time_to_unix (when);
  return TRUE;
}

const char *
lw_penalty_kind_describe (LwPenaltyKind kind)
{
  return kind == LW_PENALTY_LOOKED_AT_DISCARDS
           /* TRANSLATORS: a penalty (SCORING R19), after a name: "Ann looked at discards" */
           ? _("looked at discards")
           /* TRANSLATORS: a penalty (SCORING R19), after a name: "Ann played out of turn" */
           : _("played out of turn");
}

/* ------------------------------------------------------------------ */
/* The virtual table's facts (lw-table-facts.h, lw_follow_refusal())     */
/* ------------------------------------------------------------------ */

char *
lw_describe_cards (const LwCard *hand,
                   guint         n_hand,
                   guint32       mask)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < n_hand && i < 32; i++)
    if (mask & (1u << i))
      {
        g_autofree char *card = lw_card_face_short (lw_card_face (hand[i]));

        if (text->len > 0)
          /* TRANSLATORS: between two cards in a list ("7♥, Q♥") */
          g_string_append (text, _(", "));
        g_string_append (text, card);
      }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The obligation broken, as an instruction to the player. */
static const char *
refusal_words (LwRefusalKind kind)
{
  switch (kind)
    {
    case LW_REFUSAL_FOLLOW_SUIT:
    case LW_REFUSAL_RUN_SUIT:
      return _("You must follow suit");
    case LW_REFUSAL_POACH:
      /* TRANSLATORS: "Poach" is the game's term for following with a card of the led card's rank */
      return _("You must Poach with a card of the lead's rank");
    case LW_REFUSAL_DEN_SAME_RANK:
      /* TRANSLATORS: Den cards are the four unsuited cards (Worm, Gong, Big Bear, Little Wolf) */
      return _("You must play a Den card of the same rank");
    case LW_REFUSAL_TRUMP:
      return _("You must play a trump");
    case LW_REFUSAL_DEN:
      return _("You must play a Den card");
    case LW_REFUSAL_PAIR_OF_RANK:
      /* TRANSLATORS: a Pair is two cards of one rank */
      return _("You must follow with the Pair of the lead's rank");
    case LW_REFUSAL_PAIR:
      return _("You must follow with a Pair");
    case LW_REFUSAL_CARD_OF_RANK:
      return _("You must play the card of the lead's rank");
    case LW_REFUSAL_TRUMP_PAIR:
      return _("You must follow with a trump Pair");
    case LW_REFUSAL_TWO_TRUMPS:
      return _("You must play two trumps");
    case LW_REFUSAL_TRUMP_WITH_RANK:
      return _("You must play your trump with the card of the lead's rank");
    case LW_REFUSAL_THE_TRUMP:
      return _("You must play your trump");
    case LW_REFUSAL_SET_GROUPS:
      /* TRANSLATORS: following a Set (three or more cards of one rank) */
      return _("You must play your biggest groups of one rank first, then the lead's rank and Big Bears");
    case LW_REFUSAL_SET_TRUMPS:
      return _("You must play trumps only, Pairs and Big Bears first");
    case LW_REFUSAL_EVERY_TRUMP:
      return _("You must play every trump you hold, then cards of the lead's rank");
    case LW_REFUSAL_RUN_OF_RANK:
      /* TRANSLATORS: a Run is three or more cards in sequence in one suit */
      return _("You must follow with the Run of the same top card");
    case LW_REFUSAL_RUN:
      return _("You must follow with a Run");
    case LW_REFUSAL_TRUMP_RUN:
      return _("You must follow with a trump Run");
    case LW_REFUSAL_RUN_TRUMPS:
      return _("You must play trumps");
    case LW_REFUSAL_NONE:
    case LW_REFUSAL_COUNT:
    case LW_REFUSAL_NOT_IN_HAND:
    default:
      return NULL;
    }
}

char *
lw_describe_refusal (const LwRefusal *refusal,
                     const LwCard    *hand,
                     guint            n_hand)
{
  g_autofree char *cards = NULL;
  g_autofree char *must = NULL;

  g_return_val_if_fail (refusal != NULL && hand != NULL, NULL);

  if (refusal->kind == LW_REFUSAL_COUNT)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Play %u card, as many as the lead.",
                                         "Play %u cards, as many as the lead.", refusal->n_lead),
                            refusal->n_lead);
  if (refusal->kind == LW_REFUSAL_NOT_IN_HAND)
    {
      g_autofree char *card = lw_card_face_short (lw_card_face (refusal->missing));

      /* TRANSLATORS: %s a card ("Q♥") */
      return g_strdup_printf (_("%s is not in your hand."), card);
    }

  cards = lw_describe_cards (hand, n_hand, refusal->could);
  if (refusal->must != 0 && refusal->must != refusal->could)
    {
      must = lw_describe_cards (hand, n_hand, refusal->must);
      /* TRANSLATORS: a refused play: the rule ("You must play a trump"), the cards
       * that meet it ("7♥, Q♥"), then those every legal play holds */
      return g_strdup_printf (_("%s: you hold %s (%s in any case)."), refusal_words (refusal->kind), cards, must);
    }
  /* TRANSLATORS: a refused play: the rule ("You must play a trump"), then the cards that meet it ("7♥, Q♥") */
  return g_strdup_printf (_("%s: you hold %s."), refusal_words (refusal->kind), cards);
}

/* The Den card of a Den rank, or -1. */
static int
den_face_of_rank (guint rank)
{
  switch (rank)
    {
    case LW_RANK_WORM:
      return LW_FACE_WORM;
    case LW_RANK_GONG:
      return LW_FACE_GONG;
    case LW_RANK_BEAR:
      return LW_FACE_BEAR;
    case LW_RANK_WOLF:
      return LW_FACE_WOLF;
    default:
      return -1;
    }
}

char *
lw_describe_wildcard_as (const LwWildcard *wild)
{
  int den;

  g_return_val_if_fail (wild != NULL, NULL);

  den = den_face_of_rank (wild->rank);
  if (wild->suit != LW_SUIT_NONE)
    return lw_card_face_short ((guint) wild->suit * 13 + wild->rank - 1);
  if (den >= 0)
    return lw_card_face_short ((guint) den);
  return g_strdup (lw_rank_to_string (wild->rank));
}

char *
lw_describe_wildcards (const LwPlay *play)
{
  LwWildcard wild[LW_MAX_PLAY];
  guint n;
  g_autoptr (GString) text = g_string_new (NULL);

  g_return_val_if_fail (play != NULL, NULL);

  n = lw_play_wildcards (play, wild);
  if (n == 0)
    return NULL;
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *card = lw_card_face_short (lw_card_face (wild[k].card));
      g_autofree char *as = lw_describe_wildcard_as (&wild[k]);
      if (text->len > 0)
        g_string_append (text, _(", "));
      /* TRANSLATORS: what a wildcard stood for in a lead: "Little Wolf as 8♠", "Big Bear as 9" */
      g_string_append_printf (text, _("%s as %s"), card, as);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
lw_describe_bid_event (const LwBidEvent *event,
                       const char *const *names)
{
  g_return_val_if_fail (event != NULL && names != NULL, NULL);

  switch (event->kind)
    {
    case LW_BID_DECLARES:
      if (event->dealer)
        /* TRANSLATORS: the Dealer Declares and takes the four Pups; %s the player */
        return g_strdup_printf (_("%s declares and takes the Pups."), names[event->seat]);
      /* TRANSLATORS: a player Declares (accepts the trump and leads); %s the player */
      return g_strdup_printf (_("%s declares."), names[event->seat]);
    case LW_BID_DECLINES:
      /* TRANSLATORS: a player Declines; %s the player */
      return g_strdup_printf (_("%s declines."), names[event->seat]);
    case LW_BID_ALL_DECLINED:
    default:
      {
        g_autoptr (GString) charged = g_string_new (NULL);
        guint n = 0;

        for (guint s = 0; s < LW_MAX_SEATS; s++)
          if (event->charged & (1u << s))
            {
              if (n++ > 0)
                g_string_append (charged, _(", "));
              g_string_append (charged, names[s]);
            }
        if (n == 0)
          /* TRANSLATORS: nobody Declared; %s the Dealer, who leads (SCORING R16) */
          return g_strdup_printf (_("Everyone declined: %s leads, and whoever takes the most cards loses a point."),
                                  names[event->seat]);
        /* TRANSLATORS: nobody Declared; %s the player(s) with the most cards (SCORING R16) */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Everyone declined: %s, with the most cards, loses a point.",
                                             "Everyone declined: %s, with the most cards, each cost their side a point.",
                                             n),
                                charged->str);
      }
    }
}

/* ------------------------------------------------------------------ */
/* Cards and suits                                                      */
/* ------------------------------------------------------------------ */

const char *
lw_suit_symbol (LwSuit suit)
{
  static const char *const symbols[] = { "♠", "♥", "♦", "♣" };

  return suit < LW_SUIT_NONE ? symbols[suit] : "";
}

const char *
lw_suit_name (LwSuit suit)
{
  switch (suit)
    {
    case LW_SUIT_SPADES:
      return _("Spades");
    case LW_SUIT_HEARTS:
      return _("Hearts");
    case LW_SUIT_DIAMONDS:
      return _("Diamonds");
    case LW_SUIT_CLUBS:
      return _("Clubs");
    case LW_SUIT_NONE:
    default:
      /* TRANSLATORS: a round played without a trump suit */
      return _("No Trump");
    }
}

static const char *
den_name (guint face)
{
  switch (face)
    {
    /* TRANSLATORS: the names of the four Den cards (the unsuited cards of Little Wolf) */
    case LW_FACE_WORM:
      return C_("den card", "Worm");
    case LW_FACE_GONG:
      return C_("den card", "Gong");
    case LW_FACE_BEAR:
      return C_("den card", "Big Bear");
    case LW_FACE_WOLF:
    default:
      return C_("den card", "Little Wolf");
    }
}

guint
lw_card_face_rank (guint face)
{
  return face >= LW_FACE_WORM ? (guint[]) { LW_RANK_WORM, LW_RANK_GONG, LW_RANK_BEAR, LW_RANK_WOLF }[face - LW_FACE_WORM]
                              : face % 13 + 1;
}

LwSuit
lw_card_face_suit (guint face)
{
  return face >= LW_FACE_WORM ? LW_SUIT_NONE : (LwSuit) (face / 13);
}

char *
lw_card_face_name (guint face)
{
  static const char *ranks[] = { NULL, N_("Ace"), "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                 N_("Jack"), N_("Queen"), N_("King") };

  g_return_val_if_fail (face < LW_N_FACES, NULL);

  if (face >= LW_FACE_WORM)
    return g_strdup (den_name (face));
  /* TRANSLATORS: a card, "Queen of Hearts" */
  return g_strdup_printf (_("%s of %s"), _(ranks[lw_card_face_rank (face)]), lw_suit_name (lw_card_face_suit (face)));
}

static const char *
rank_text (guint rank)
{
  return lw_rank_to_string (rank);
}

char *
lw_card_face_short (guint face)
{
  g_return_val_if_fail (face < LW_N_FACES, NULL);

  if (face >= LW_FACE_WORM)
    return g_strdup (den_name (face));
  return g_strconcat (rank_text (lw_card_face_rank (face)), lw_suit_symbol (lw_card_face_suit (face)), NULL);
}

char *
lw_describe_wildcard_tag (const LwWildcard *wild)
{
  g_autofree char *as = NULL;

  g_return_val_if_fail (wild != NULL, NULL);

  as = lw_describe_wildcard_as (wild);
  /* TRANSLATORS: on a wildcard played in a trick: what it stood for, "as 10♣" */
  return g_strdup_printf (_("as %s"), as);
}

/* ------------------------------------------------------------------ */
/* The virtual table's line: the bidding, whose turn, the round's end   */
/* ------------------------------------------------------------------ */

char *
lw_describe_bidding (const LwTable     *table,
                     const char *const *names,
                     gboolean           outcome_only)
{
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (LwBidEvent));
  g_autoptr (GString) text = g_string_new (NULL);

  g_return_val_if_fail (table != NULL && names != NULL, NULL);

  if (lw_table_bid_events (table, events) == 0)
    return NULL;
  for (guint k = outcome_only ? events->len - 1 : 0; k < events->len; k++)
    {
      g_autofree char *event = lw_describe_bid_event (&g_array_index (events, LwBidEvent, k), names);

      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, event);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
lw_describe_turn (const LwTable     *table,
                  const char *const *names,
                  gboolean           thinking,
                  int                viewer,
                  guint              n_selected)
{
  g_autofree char *text = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  LwPhase phase;
  int turn;

  g_return_val_if_fail (table != NULL && names != NULL, NULL);

  phase = lw_table_get_phase (table);
  turn = lw_table_get_turn (table);
  if (turn == LW_NO_SEAT)
    return g_strdup ("");
  if (phase == LW_PHASE_BID)
    before = lw_describe_bidding (table, names, FALSE);
  else if (lw_table_get_tricks (table)->len == 0)
    before = lw_describe_bidding (table, names, TRUE);

  if (thinking)
    /* TRANSLATORS: a computer seat is choosing its move */
    text = g_strdup_printf (_("%s is thinking…"), names[turn]);
  else if (phase == LW_PHASE_BID)
    {
      LwSuit trump = lw_table_get_trump (table);
      g_autofree char *suit = trump == LW_NO_TRUMP
                              ? g_strdup (_("No Trump"))
                              : g_strdup_printf ("%s %s", lw_suit_symbol (trump), lw_suit_name (trump));

      if (turn == lw_table_get_dealer (table) && turn == viewer)
        /* TRANSLATORS: the Dealer's choice, said to the Dealer; %s the player, then the trump ("♥ Hearts" or "No Trump") */
        text = g_strdup_printf (_("%s, you dealt: Declare to take the Pups, play %s and lead, or Decline."),
                                names[turn], suit);
      else if (turn == lw_table_get_dealer (table))
        /* TRANSLATORS: the Dealer's choice, said to the other players; %s the Dealer, then the trump ("♥ Hearts" or "No Trump") */
        text = g_strdup_printf (_("%s dealt and chooses: Declare to take the Pups, play %s and lead, or Decline."),
                                names[turn], suit);
      else
        /* TRANSLATORS: %s the player, then the trump ("♥ Hearts" or "No Trump") */
        text = g_strdup_printf (_("%s: Declare to play %s and lead, or Decline."), names[turn], suit);
    }
  else if (phase == LW_PHASE_EXCHANGE)
    /* TRANSLATORS: the declaring Dealer's discard; %u cards selected so far */
    text = g_strdup_printf (_("%s: choose 4 cards to discard face down (%u selected)."), names[turn], n_selected);
  else if (lw_table_get_lead (table) == NULL)
    /* TRANSLATORS: the four Hands a Leader may play */
    text = g_strdup_printf (_("%s to lead: a Single, a Pair, a Set or a Run."), names[turn]);
  else
    {
      guint n = lw_table_get_lead (table)->n;
      g_autofree char *wild = lw_describe_wildcards (&lw_table_get_lead (table)->play);
      g_autoptr (GString) more = g_string_new (NULL);
      guint32 must = 0;

      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s to follow with %u card.",
                                           "%s to follow with %u cards.", n),
                              names[turn], n);
      if (wild != NULL)
        /* TRANSLATORS: what the lead's wildcards stand for ("Little Wolf as 8♠") */
        g_string_append_printf (more, _("Led: %s."), wild);
      if (turn == viewer)
        must = lw_table_obligatory (table, 0, NULL);
      if (must != 0)
        {
          guint n_hand;
          const LwCard *hand = lw_table_get_hand (table, turn, &n_hand);
          g_autofree char *cards = lw_describe_cards (hand, n_hand, must);

          if (more->len > 0)
            g_string_append_c (more, ' ');
          /* TRANSLATORS: the cards every legal follow holds, marked in the hand */
          g_string_append_printf (more, _("You must play %s."), cards);
        }
      if (more->len > 0)
        after = g_string_free (g_steal_pointer (&more), FALSE);
    }
  if (before != NULL || after != NULL)
    {
      const char *parts[] = { before, text, after };
      g_autoptr (GString) line = g_string_new (NULL);

      for (guint k = 0; k < G_N_ELEMENTS (parts); k++)
        if (parts[k] != NULL)
          g_string_append_printf (line, "%s%s", line->len > 0 ? " " : "", parts[k]);
      return g_string_free (g_steal_pointer (&line), FALSE);
    }
  return g_steal_pointer (&text);
}

char *
lw_describe_final_board (const LwGameRecord *record,
                         const LwStandings  *standings)
{
  g_autoptr (GString) text = g_string_new (NULL);

  g_return_val_if_fail (record != NULL && standings != NULL, NULL);

  for (guint side = 0; side < standings->n_sides; side++)
    {
      g_autofree char *name = lw_game_record_side_name (record, (int) side);

      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append_printf (text, "%s %d", name, standings->scores[side]);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
lw_describe_round_end (const LwGameRecord *record,
                       const LwStandings  *standings,
                       const LwTable      *table,
                       const char *const  *names,
                       guint               round_number)
{
  const LwRoundResult *result;
  g_autofree char *summary = NULL;

  g_return_val_if_fail (record != NULL && standings != NULL && table != NULL && names != NULL, NULL);
  g_return_val_if_fail (standings->rounds->len > 0, NULL);

  result = g_ptr_array_index (standings->rounds, standings->rounds->len - 1);
  summary = lw_describe_round (record, standings, result);
  if (lw_table_get_declarer (table) == LW_NO_SEAT)
    {
      /* Who the nobody-declared rule charges (SCORING R16), before the breakdown. */
      g_autofree char *declined = lw_describe_bidding (table, names, TRUE);
      char *joined = g_strdup_printf ("%s\n%s", declined, summary);

      g_free (summary);
      summary = joined;
    }
  if (standings->finished && standings->winner != LW_NO_SEAT)
    {
      g_autofree char *winner = lw_game_record_side_name (record, standings->winner);
      g_autofree char *board = lw_describe_final_board (record, standings);

      /* TRANSLATORS: the end of the game; %s the winner, then the last round's
       * scoring, then the final board ("Ann 21 · Bob 15") */
      return g_strdup_printf (standings->skunk ? _("%s wins the game with a skunk!\n%s\nFinal board: %s")
                                               : _("%s wins the game!\n%s\nFinal board: %s"),
                              winner, summary, board);
    }
  /* TRANSLATORS: the end of a round; %u its number, %s its scoring */
  return g_strdup_printf (_("Round %u is over. %s"), round_number, summary);
}

/* ------------------------------------------------------------------ */
/* The reader's language                                              */
/* ------------------------------------------------------------------ */

/* The locale of @lang's messages, made once; (locale_t) 0 when it is not
 * installed (the process's language is spoken then). */
static locale_t
lang_locale (const char *lang)
{
  static const char *const langs[] = { "fr", "de" };
  static const char *const names[] = { "fr_FR.UTF-8", "de_DE.UTF-8" };
  static locale_t made[G_N_ELEMENTS (langs)];
  static gsize tried[G_N_ELEMENTS (langs)];

  if (lang == NULL)
    return (locale_t) 0;
  for (guint k = 0; k < G_N_ELEMENTS (langs); k++)
    if (strcmp (lang, langs[k]) == 0)
      {
        if (g_once_init_enter (&tried[k]))
          {
            made[k] = newlocale (LC_MESSAGES_MASK, names[k], (locale_t) 0);
            g_once_init_leave (&tried[k], 1);
          }
        return made[k];
      }
  if (strcmp (lang, "en") == 0)
    {
      static locale_t english;
      static gsize english_tried;

      /* English is the source: the C locale's messages are it. */
      if (g_once_init_enter (&english_tried))
        {
          english = newlocale (LC_MESSAGES_MASK, "C.UTF-8", (locale_t) 0);
          if (english == (locale_t) 0)
            english = newlocale (LC_MESSAGES_MASK, "C", (locale_t) 0);
          g_once_init_leave (&english_tried, 1);
        }
      return english;
    }
  return lang_locale ("en");
}

locale_t
lw_words_use_lang (const char *lang)
{
  locale_t locale = lang_locale (lang != NULL ? lang : "en");

  return locale != (locale_t) 0 ? uselocale (locale) : (locale_t) 0;
}

void
lw_words_restore_lang (locale_t old)
{
  if (old != (locale_t) 0)
    uselocale (old);
}

const char *
lw_words_lang_of (const char *accept_language)
{
  const char *p = accept_language;

  if (p == NULL)
    return "en";
  /* The first tag of the list (the browser's first language) that is
   * spoken; weights are in the order of the list in practice. */
  while (*p != '\0')
    {
      const char *end;
      char code[3] = { 0 };

      while (*p == ' ' || *p == ',')
        p++;
      end = p;
      while (*end != '\0' && *end != ',')
        end++;
      if (end - p >= 2 && g_ascii_isalpha (p[0]) && g_ascii_isalpha (p[1])
          && (end - p == 2 || p[2] == '-' || p[2] == '_' || p[2] == ';'))
        {
          code[0] = g_ascii_tolower (p[0]);
          code[1] = g_ascii_tolower (p[1]);
          if (strcmp (code, "en") == 0)
            return "en";
          if (strcmp (code, "fr") == 0)
            return "fr";
          if (strcmp (code, "de") == 0)
            return "de";
        }
      p = end;
    }
  return "en";
}
