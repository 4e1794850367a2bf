/* lw-cards.c — card identities, notation, deck and shuffle (TRICKS §1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-cards.h"
#include "lw-error.h"

#define WITHIN(id) ((id) % LW_DECK_CARDS)
#define FACE_OF(id) (WITHIN (id) < 52 ? WITHIN (id) : 52 + (WITHIN (id) - 52) / 2)
#define RANK_OF(id) (WITHIN (id) < 52 ? WITHIN (id) % 13 + 1 \
                     : ((WITHIN (id) - 52) / 2 == 0 ? 0 : 13 + (WITHIN (id) - 52) / 2))
#define SUIT_OF(id) (WITHIN (id) < 52 ? WITHIN (id) / 13 : LW_SUIT_NONE)

#define R10(m, b) m (b), m (b + 1), m (b + 2), m (b + 3), m (b + 4), \
                  m (b + 5), m (b + 6), m (b + 7), m (b + 8), m (b + 9)
#define R120(m) R10 (m, 0), R10 (m, 10), R10 (m, 20), R10 (m, 30), R10 (m, 40), \
                R10 (m, 50), R10 (m, 60), R10 (m, 70), R10 (m, 80), R10 (m, 90), \
                R10 (m, 100), R10 (m, 110)

const guint8 lw_card_face_table[LW_MAX_CARDS] = { R120 (FACE_OF) };
const guint8 lw_card_rank_table[LW_MAX_CARDS] = { R120 (RANK_OF) };
const guint8 lw_card_suit_table[LW_MAX_CARDS] = { R120 (SUIT_OF) };

static const char *const rank_names[LW_N_RANKS] = {
  "W", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "G", "B", "L",
};
static const char suit_letters[] = "SHDC";

int
lw_card_from_face (guint face,
                   guint copy)
{
  if (face < 52)
    return copy < 2 ? (int) (copy * LW_DECK_CARDS + face) : -1;
  if (face < LW_N_FACES)
    return copy < 4 ? (int) ((copy / 2) * LW_DECK_CARDS + 52 + (face - 52) * 2 + copy % 2) : -1;
  return -1;
}

guint
lw_face_copies (guint face,
                guint decks)
{
  return (face < 52 ? 1 : 2) * decks;
}

const char *
lw_rank_to_string (guint rank)
{
  g_return_val_if_fail (rank < LW_N_RANKS, "?");
  return rank_names[rank];
}

const char *
lw_suit_to_string (LwSuit suit)
{
  static const char *const names[] = { "S", "H", "D", "C", "none" };
  g_return_val_if_fail (suit <= LW_SUIT_NONE, "?");
  return names[suit];
}

const char *
lw_face_to_string (guint face)
{
  static char names[LW_N_FACES][4];
  static gsize done = 0;

  g_return_val_if_fail (face < LW_N_FACES, "?");
  if (g_once_init_enter (&done))
    {
      for (guint f = 0; f < LW_N_FACES; f++)
        {
          guint rank = lw_card_rank ((LwCard) lw_card_from_face (f, 0));
          if (f < 52)
            g_snprintf (names[f], sizeof names[f], "%s%c", rank_names[rank], suit_letters[f / 13]);
          else
            g_snprintf (names[f], sizeof names[f], "%s", rank_names[rank]);
        }
      g_once_init_leave (&done, 1);
    }
  return names[face];
}

/* Reads a rank at the start of @text; returns its length, 0 if none. */
static gsize
parse_rank (const char *text,
            int        *rank)
{
  char c = g_ascii_toupper (text[0]);

  if (c == '1' && text[1] == '0')
    {
      *rank = 10;
      return 2;
    }
  if (c >= '2' && c <= '9')
    {
      *rank = c - '0';
      return 1;
    }
  switch (c)
    {
    case 'A': *rank = LW_RANK_ACE; return 1;
    case 'J': *rank = 11; return 1;
    case 'Q': *rank = 12; return 1;
    case 'K': *rank = LW_RANK_KING; return 1;
    case 'W': *rank = LW_RANK_WORM; return 1;
    case 'G': *rank = LW_RANK_GONG; return 1;
    case 'B': *rank = LW_RANK_BEAR; return 1;
    case 'L': *rank = LW_RANK_WOLF; return 1;
    default: return 0;
    }
}

static int
parse_suit (char c)
{
  const char *p = c != '\0' ? strchr (suit_letters, g_ascii_toupper (c)) : NULL;
  return p != NULL ? (int) (p - suit_letters) : -1;
}

static gboolean
bad_token (const char  *text,
           const char  *why,
           GError     **error)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
               "\"%s\" is not a card%s%s", valid, why ? ": " : "", why ? why : "");
  return FALSE;
}

gboolean
lw_card_token_parse (const char   *text,
                     LwCardToken  *token,
                     GError      **error)
{
  int rank, suit = -1;
  gsize len;
  const char *p;

  g_return_val_if_fail (text != NULL && token != NULL, FALSE);

  len = parse_rank (text, &rank);
  if (len == 0)
    return bad_token (text, NULL, error);
  p = text + len;
  token->as_rank = -1;
  token->as_suit = LW_SUIT_NONE;

  if (rank >= LW_RANK_ACE && rank <= LW_RANK_KING)
    {
      suit = parse_suit (*p);
      if (suit < 0)
        return bad_token (text, "a suited card needs its suit (S, H, D or C)", error);
      p++;
      if (*p != '\0')
        return bad_token (text, NULL, error);
      token->face = (guint8) ((suit * 13) + rank - 1);
      return TRUE;
    }

  token->face = (guint8) (rank == LW_RANK_WORM ? LW_FACE_WORM : 52 + rank - 13);
  if (*p == '\0')
    return TRUE;
  if (*p != '=')
    return bad_token (text, NULL, error);
  if (rank != LW_RANK_BEAR && rank != LW_RANK_WOLF)
    return bad_token (text, "only a Big Bear or a Little Wolf stands for another card", error);
  p++;
  len = parse_rank (p, &rank);
  if (len == 0)
    return bad_token (text, "what the wildcard stands for is not a rank", error);
  token->as_rank = (gint8) rank;
  p += len;
  if (*p != '\0')
    {
      suit = parse_suit (*p);
      if (suit < 0 || p[1] != '\0')
        return bad_token (text, NULL, error);
      if (rank < LW_RANK_ACE || rank > LW_RANK_KING)
        return bad_token (text, "a Den card has no suit", error);
      token->as_suit = (guint8) suit;
    }
  return TRUE;
}

gboolean
lw_card_tokens_parse (const char   *text,
                      LwCardToken  *tokens,
                      guint         max,
                      guint        *n,
                      GError      **error)
{
  g_auto (GStrv) parts = NULL;
  guint count = 0;

  g_return_val_if_fail (text != NULL && n != NULL, FALSE);

  parts = g_strsplit_set (text, " ,\t", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      if (parts[i][0] == '\0')
        continue;
      if (count >= max)
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "too many cards (at most %u)", max);
          return FALSE;
        }
      if (!lw_card_token_parse (parts[i], &tokens[count], error))
        return FALSE;
      count++;
    }
  if (count == 0)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID, "no cards given");
      return FALSE;
    }
  *n = count;
  return TRUE;
}

gboolean
lw_card_tokens_to_cards (const LwCardToken  *tokens,
                         guint               n,
                         guint8             *used,
                         LwCard             *cards,
                         GError            **error)
{
  for (guint i = 0; i < n; i++)
    {
      guint face = tokens[i].face;
      int id = lw_card_from_face (face, used[face]);
      if (id < 0)
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "%s is written %u times; two decks hold %u",
                       lw_face_to_string (face), used[face] + 1u, lw_face_copies (face, 2));
          return FALSE;
        }
      used[face]++;
      cards[i] = (LwCard) id;
    }
  return TRUE;
}

gboolean
lw_card_counts_check (const guint8  *used,
                      guint          decks,
                      GError       **error)
{
  g_return_val_if_fail (used != NULL, FALSE);
  g_return_val_if_fail (decks == 1 || decks == 2, FALSE);

  for (guint face = 0; face < LW_N_FACES; face++)
    if (used[face] > lw_face_copies (face, decks))
      {
        g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                     "%s is written %u times; %s holds %u", lw_face_to_string (face), used[face],
                     decks == 1 ? "one deck" : "two decks", lw_face_copies (face, decks));
        return FALSE;
      }
  return TRUE;
}

char *
lw_card_token_format (const LwCardToken *token)
{
  if (token->as_rank < 0)
    return g_strdup (lw_face_to_string (token->face));
  if (token->as_suit != LW_SUIT_NONE)
    return g_strdup_printf ("%s=%s%c", lw_face_to_string (token->face),
                            rank_names[token->as_rank], suit_letters[token->as_suit]);
  return g_strdup_printf ("%s=%s", lw_face_to_string (token->face), rank_names[token->as_rank]);
}

char *
lw_cards_format (const LwCard *cards,
                 guint         n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, lw_face_to_string (lw_card_face (cards[i])));
    }
  return g_string_free (out, FALSE);
}

/* Rank, then suit, then id, as one number. */
static inline guint
card_order (LwCard c)
{
  return (lw_card_rank (c) << 10) | ((guint) lw_card_suit (c) << 7) | c;
}

guint
lw_cards_pick (const LwCard *hand,
               guint         n_hand,
               guint32       mask,
               LwCard       *picked)
{
  guint n = 0;

  g_return_val_if_fail (n_hand <= 32, 0);
  g_return_val_if_fail (hand != NULL || n_hand == 0, 0);

  for (guint i = 0; i < n_hand; i++)
    if (mask & (1u << i))
      picked[n++] = hand[i];
  return n;
}

void
lw_cards_sort (LwCard *cards,
               guint   n)
{
  /* Insertion sort: hands are small. */
  for (guint i = 1; i < n; i++)
    {
      LwCard c = cards[i];
      guint key = card_order (c);
      guint j = i;
      while (j > 0 && card_order (cards[j - 1]) > key)
        {
          cards[j] = cards[j - 1];
          j--;
        }
      cards[j] = c;
    }
}

void
lw_rng_init (LwRng   *rng,
             guint64  seed)
{
  rng->state = seed;
}

static inline guint64
splitmix_mix (guint64 z)
{
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

guint64
lw_rng_next (LwRng *rng)
{
  rng->state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  return splitmix_mix (rng->state);
}

guint32
lw_rng_below (LwRng   *rng,
              guint64  bound)
{
  guint64 limit;
  guint64 x;

  g_return_val_if_fail (bound >= 1 && bound <= G_GUINT64_CONSTANT (0x100000000), 0);
  /* The largest multiple of @bound that fits in 64 bits; draws at or
   * above it are thrown away. */
  limit = G_MAXUINT64 - (G_MAXUINT64 % bound + 1) % bound;
  do
    x = lw_rng_next (rng);
  while (x > limit);
  return (guint32) (x % bound);
}

guint64
lw_seed_mix (guint64 seed,
             guint64 salt)
{
  return splitmix_mix (seed + G_GUINT64_CONSTANT (0x9E3779B97F4A7C15) * (salt + 1));
}

guint
lw_deck_shuffled (guint    decks,
                  guint64  seed,
                  LwCard  *cards)
{
  LwRng rng;
  guint n;

  g_return_val_if_fail (decks == 1 || decks == 2, 0);
  n = LW_DECK_CARDS * decks;
  for (guint i = 0; i < n; i++)
    cards[i] = (LwCard) i;
  lw_rng_init (&rng, seed);
  for (guint i = n - 1; i > 0; i--)
    {
      guint j = lw_rng_below (&rng, i + 1);
      LwCard t = cards[i];
      cards[i] = cards[j];
      cards[j] = t;
    }
  return n;
}
