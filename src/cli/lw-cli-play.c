/* lw-cli-play.c — littlewolf-cli `play`, `legal` and `trick` (docs/rules/CLI.md): the
 * virtual table's rules, headless
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "lw-cli.h"
#include "lw-engine.h"
#include "lw-table-seats.h"

/* A game that has not ended after this many rounds is reported (status 1). */
#define MAX_ROUNDS 10000

/* Reads "--name VALUE" or "--name=VALUE" at argv[*i]; advances *i. */
static gboolean
option_value (int          argc,
              char       **argv,
              int         *i,
              const char  *name,
              const char **value)
{
  gsize len = strlen (name);

  if (strcmp (argv[*i], name) == 0)
    {
      if (*i + 1 >= argc)
        return FALSE;
      *value = argv[++*i];
      return TRUE;
    }
  if (strncmp (argv[*i], name, len) == 0 && argv[*i][len] == '=')
    {
      *value = argv[*i] + len + 1;
      return TRUE;
    }
  return FALSE;
}

static gboolean
is_option (const char *arg,
           const char *name)
{
  gsize len = strlen (name);
  return strncmp (arg, name, len) == 0 && (arg[len] == '\0' || arg[len] == '=');
}

/* One option of a command of this file: "--name VALUE" (or "--name=VALUE")
 * kept in *@value, or, when @flag is set, a bare "--name" that sets it. */
typedef struct {
  const char  *name;
  const char **value;
  /* What the message for a missing value says it needs ("a number"). */
  const char  *needs;
  /* Set: the value is read at once as --players of `legal` and `trick`. */
  guint       *table_size;
  gboolean    *flag;
} PlayOption;

static gboolean read_table_size (const char *command,
                                 const char *text,
                                 guint      *n_players);

/* Reads argv[1..argc-1] of @command into the @n_options @options, in the
 * order given. Returns FALSE after reporting a missing value, a bad table
 * size or an unexpected argument (status 2). */
static gboolean
read_options (const char       *command,
              int               argc,
              char            **argv,
              const PlayOption *options,
              guint             n_options)
{
  for (int i = 1; i < argc; i++)
    {
      const PlayOption *option = NULL;

      for (guint k = 0; k < n_options && option == NULL; k++)
        if (options[k].flag != NULL ? strcmp (argv[i], options[k].name) == 0
                                    : is_option (argv[i], options[k].name))
          option = &options[k];
      if (option == NULL)
        {
          lw_cli_fail (LW_CLI_INVALID, "%s: unexpected argument \"%s\"", command, argv[i]);
          return FALSE;
        }
      if (option->flag != NULL)
        *option->flag = TRUE;
      else if (!option_value (argc, argv, &i, option->name, option->value))
        {
          lw_cli_fail (LW_CLI_INVALID, "%s: %s needs %s", command, option->name, option->needs);
          return FALSE;
        }
      else if (option->table_size != NULL
               && !read_table_size (command, *option->value, option->table_size))
        return FALSE;
    }
  return TRUE;
}

/* Reads --playouts for @command into @options: 1 to LW_BOT_MAX_PLAYOUTS,
 * so that a game by Hard seats ends in bounded time. Returns FALSE after
 * reporting a bad value (status 2). */
static gboolean
read_playouts (const char   *command,
               const char   *text,
               LwBotOptions *options)
{
  guint64 n = 0;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 1, LW_BOT_MAX_PLAYOUTS, &n, NULL))
    {
      lw_cli_fail (LW_CLI_INVALID, "%s: --playouts must be 1 to %d (a hard seat's budget per move), not \"%s\"",
                   command, LW_BOT_MAX_PLAYOUTS, text);
      return FALSE;
    }
  options->playouts = (guint) n;
  return TRUE;
}

/* Reads --players for `legal` and `trick` (2 to 8). */
static gboolean
read_table_size (const char *command,
                 const char *text,
                 guint      *n_players)
{
  guint64 n = 0;

  if (!g_ascii_string_to_unsigned (text, 10, LW_MIN_SEATS, LW_MAX_SEATS, &n, NULL))
    {
      lw_cli_fail (LW_CLI_INVALID, "%s: --players must be 2 to 8, not \"%s\"", command, text);
      return FALSE;
    }
  *n_players = (guint) n;
  return TRUE;
}

/* Reads --run-fill for @command (docs/rules/CLI.md, TRICKS T9): NULL is the
 * ruling. Returns FALSE after reporting a bad value (status 2). */
static gboolean
read_run_fill (const char *command,
               const char *text,
               LwRunFill  *run_fill)
{
  *run_fill = LW_RUN_FILL_INSIDE_OR_END;
  if (text == NULL || lw_run_fill_from_string (text, run_fill))
    return TRUE;
  lw_cli_fail (LW_CLI_INVALID, "%s: --run-fill must be %s or %s (TRICKS T9), not \"%s\"", command,
               lw_run_fill_to_string (LW_RUN_FILL_INSIDE_OR_END),
               lw_run_fill_to_string (LW_RUN_FILL_INSIDE_ONLY), text);
  return FALSE;
}

/* Reads --over-trump for @command (TRICKS T22), as read_run_fill(). */
static gboolean
read_over_trump (const char  *command,
                 const char  *text,
                 LwOverTrump *over_trump)
{
  *over_trump = LW_OVER_TRUMP_WINNING_PLAY;
  if (text == NULL || lw_over_trump_from_string (text, over_trump))
    return TRUE;
  lw_cli_fail (LW_CLI_INVALID, "%s: --over-trump must be %s or %s (TRICKS T22), not \"%s\"", command,
               lw_over_trump_to_string (LW_OVER_TRUMP_WINNING_PLAY),
               lw_over_trump_to_string (LW_OVER_TRUMP_WHOLE_TRICK), text);
  return FALSE;
}

int
lw_cli_cmd_play (LwCliContext *ctx,
                 int           argc,
                 char        **argv)
{
  const char *players = NULL, *seed = NULL, *bots = NULL, *playouts = NULL;
  const char *run_fill_text = NULL, *over_trump_text = NULL;
  LwRunFill run_fill;
  LwOverTrump over_trump;
  gboolean partners = FALSE;
  guint64 n_players, seed_value;
  LwBotLevel level;
  LwBotLevel levels[LW_MAX_SEATS];
  LwBotOptions options = { 0, 0, 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (LwGameRecord) record = NULL;
  g_autofree char *out = NULL;
  const PlayOption play_options[] = {
    { "--players", &players, "a number", NULL, NULL },
    { "--seed", &seed, "a number", NULL, NULL },
    { "--bots", &bots, "random, easy, normal, hard or expert", NULL, NULL },
    { "--playouts", &playouts, "a number", NULL, NULL },
    { "--run-fill", &run_fill_text, "inside_or_end or inside_only", NULL, NULL },
    { "--over-trump", &over_trump_text, "winning_play or whole_trick", NULL, NULL },
    { "--partners", NULL, NULL, NULL, &partners },
  };

  if (lw_cli_wants_help (argc, argv))
    {
      printf ("Usage: littlewolf-cli play --players N [--partners] --seed S --bots random|easy|normal|hard|expert\n"
              "                           [--playouts P] [--run-fill inside_or_end|inside_only]\n"
              "                           [--over-trump winning_play|whole_trick]\n"
              "Plays a whole game with computer seats and prints its game record.\n"
              "--run-fill and --over-trump are the house rules of TRICKS T9 and T22\n"
              "(default: the rulings, inside_or_end and winning_play); the record names\n"
              "the ones chosen in its rules.\n"
              "N is 2 to 8 (partners: 4, 6 or 8); S is 0 to 18446744073709551615.\n"
              "P is the rounds a hard seat plays out per move, 1 to %d (default %d):\n"
              "a move's time grows with it (at the most, a game of 8 hard seats takes\n"
              "about 9 minutes).\n"
              "The same seed gives the same game.\n",
              LW_BOT_MAX_PLAYOUTS, LW_BOT_DEFAULT_PLAYOUTS);
      return LW_CLI_OK;
    }

  if (!read_options ("play", argc, argv, play_options, G_N_ELEMENTS (play_options)))
    return LW_CLI_INVALID;

  if (players == NULL || seed == NULL || bots == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "play: --players, --seed and --bots are required (see --help)");
  if (!g_ascii_string_to_unsigned (players, 10, LW_MIN_SEATS, LW_MAX_SEATS, &n_players, NULL))
    return lw_cli_fail (LW_CLI_INVALID, "play: --players must be 2 to 8, not \"%s\"", players);
  if (!g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT64, &seed_value, NULL))
    return lw_cli_fail (LW_CLI_INVALID, "play: --seed must be a whole number 0 to 18446744073709551615, not \"%s\"", seed);
  if (!lw_bot_level_from_string (bots, &level))
    return lw_cli_fail (LW_CLI_INVALID, "play: --bots must be random, easy, normal, hard or expert, not \"%s\"", bots);

  if (!read_playouts ("play", playouts, &options)
      || !read_run_fill ("play", run_fill_text, &run_fill)
      || !read_over_trump ("play", over_trump_text, &over_trump))
    return LW_CLI_INVALID;
  for (guint s = 0; s < LW_MAX_SEATS; s++)
    levels[s] = level;

  record = lw_bot_play_game_rules ((guint) n_players, partners, seed_value, levels, &options,
                                   run_fill, over_trump, MAX_ROUNDS, &error);
  if (record == NULL)
    return lw_cli_fail (g_str_has_prefix (error->message, "the game has not ended")
                        ? LW_CLI_FAILED : LW_CLI_INVALID, "play: %s", error->message);
  out = lw_game_record_to_json (record);
  fputs (out, stdout);
  (void) ctx;
  return LW_CLI_OK;
}

int
lw_cli_cmd_duel (LwCliContext *ctx,
                 int           argc,
                 char        **argv)
{
  const char *a = NULL, *b = NULL, *games = NULL, *players = NULL, *seed = "1", *playouts = NULL;
  gboolean partners = FALSE;
  guint64 n_games, n_players, seed_value;
  LwBotLevel level_a, level_b;
  LwBotOptions options = { 0, 0, 0 };
  LwDuelResult result;
  g_autoptr (GError) error = NULL;
  const PlayOption duel_options[] = {
    { "--a", &a, "a level", NULL, NULL },
    { "--b", &b, "a level", NULL, NULL },
    { "--games", &games, "a number", NULL, NULL },
    { "--players", &players, "a number", NULL, NULL },
    { "--seed", &seed, "a number", NULL, NULL },
    { "--playouts", &playouts, "a number", NULL, NULL },
    { "--partners", NULL, NULL, NULL, &partners },
  };

  if (lw_cli_wants_help (argc, argv))
    {
      printf ("Usage: littlewolf-cli duel --a LEVEL --b LEVEL --games N [--players N] [--partners]\n"
              "                           [--seed S] [--playouts P]\n"
              "Computer seats of level A and level B play N whole games (1 to 1000000).\n"
              "LEVEL is random, easy, normal, hard or expert. A holds one seat (partners: one\n"
              "side), B the others; the seats rotate from game to game and each turn of\n"
              "the rotation is dealt the same cards. --players is 2 to 8 (default 2,\n"
              "partners 4, 6 or 8, default 4), --seed 0 to 18446744073709551615 (default 1),\n"
              "--playouts the rounds a hard seat plays out per move, 1 to %d (default %d).\n"
              "Prints the wins of each level, A's win rate with its 95%% confidence\n"
              "interval (Wilson) and the average and longest move time of each level.\n",
              LW_BOT_MAX_PLAYOUTS, LW_BOT_DEFAULT_PLAYOUTS);
      return LW_CLI_OK;
    }

  if (!read_options ("duel", argc, argv, duel_options, G_N_ELEMENTS (duel_options)))
    return LW_CLI_INVALID;

  if (a == NULL || b == NULL || games == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "duel: --a, --b and --games are required (see --help)");
  if (!lw_bot_level_from_string (a, &level_a))
    return lw_cli_fail (LW_CLI_INVALID, "duel: --a must be random, easy, normal, hard or expert, not \"%s\"", a);
  if (!lw_bot_level_from_string (b, &level_b))
    return lw_cli_fail (LW_CLI_INVALID, "duel: --b must be random, easy, normal, hard or expert, not \"%s\"", b);
  if (!g_ascii_string_to_unsigned (games, 10, 1, 1000000, &n_games, NULL))
    return lw_cli_fail (LW_CLI_INVALID, "duel: --games must be 1 to 1000000, not \"%s\"", games);
  /* Two players, or four in partners play, unless told. */
  if (players == NULL)
    players = partners ? "4" : "2";
  if (!g_ascii_string_to_unsigned (players, 10, LW_MIN_SEATS, LW_MAX_SEATS, &n_players, NULL))
    return lw_cli_fail (LW_CLI_INVALID, "duel: --players must be 2 to 8, not \"%s\"", players);
  if (partners && (n_players % 2 != 0 || n_players < 4))
    return lw_cli_fail (LW_CLI_INVALID, "duel: partners play needs 4, 6 or 8 players, not %s", players);
  if (!g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT64, &seed_value, NULL))
    return lw_cli_fail (LW_CLI_INVALID, "duel: --seed must be a whole number 0 to 18446744073709551615, not \"%s\"", seed);
  if (!read_playouts ("duel", playouts, &options))
    return LW_CLI_INVALID;

  if (!lw_bot_duel (level_a, level_b, (guint) n_players, partners, (guint) n_games, seed_value,
                    &options, &result, &error))
    return lw_cli_fail (LW_CLI_FAILED, "duel: %s", error->message);

  printf ("games: %u (%u players%s)\n", result.games, (guint) n_players, partners ? ", partners" : "");
  printf ("wins: A (%s) %u, B (%s) %u\n", lw_bot_level_to_string (level_a), result.wins_a,
          lw_bot_level_to_string (level_b), result.wins_b);
  printf ("A's win rate: %.1f%% (95%% CI %.1f%%–%.1f%%, Wilson); even play: %.1f%%\n",
          100 * result.rate_a, 100 * result.low, 100 * result.high, 100 * result.fair_share);
  for (guint k = 0; k < 2; k++)
    if (result.moves[k] > 0)
      printf ("move time, %s (%s): average %.2f ms, longest %.2f ms over %u moves\n",
              k == 0 ? "A" : "B", lw_bot_level_to_string (k == 0 ? level_a : level_b),
              result.move_usec_total[k] / 1000.0 / result.moves[k],
              result.move_usec_max[k] / 1000.0, result.moves[k]);
  (void) ctx;
  return LW_CLI_OK;
}

static gboolean
parse_trump (const char *text,
             LwSuit     *trump)
{
  static const char *const names[] = { "S", "H", "D", "C", "none" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (text, names[i]) == 0)
      {
        *trump = (LwSuit) i;
        return TRUE;
      }
  if (g_ascii_strcasecmp (text, "NT") == 0)
    {
      *trump = LW_NO_TRUMP;
      return TRUE;
    }
  return FALSE;
}

/* A lead of several cards whose Big Bear or Little Wolf is written without
 * what it stands for is refused as it stands (TRICKS T6–T8: the Leader
 * names it); the refusal then says how to write it. Returns "" otherwise. */
static const char *
wildcard_hint (const LwPlay *play)
{
  if (play->n < 2)
    return "";
  for (guint i = 0; i < play->n; i++)
    if ((lw_card_face (play->cards[i]) == LW_FACE_BEAR || lw_card_face (play->cards[i]) == LW_FACE_WOLF)
        && play->as_rank[i] < 0)
      return " (a Big Bear or Little Wolf in a Pair, Set or Run is written with what it stands for: B=5, L=7S)";
  return "";
}

/* Reads @text as one play; @used shares copies across all the cards of
 * the command (two-deck duplicates). */
static gboolean
read_play (const char  *what,
           const char  *text,
           guint        max,
           guint8      *used,
           LwPlay      *play,
           LwCard      *cards,
           guint       *n,
           GError     **error)
{
  LwCardToken tokens[LW_MAX_CARDS];
  g_autoptr (GError) local = NULL;
  guint count = 0;

  if (!lw_card_tokens_parse (text, tokens, max, &count, &local)
      || (play != NULL && !lw_play_from_tokens (play, tokens, count, used, &local))
      || (cards != NULL && !lw_card_tokens_to_cards (tokens, count, used, cards, &local)))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID, "%s: %s", what, local->message);
      return FALSE;
    }
  if (cards != NULL)
    for (guint i = 0; i < count; i++)
      if (tokens[i].as_rank >= 0)
        {
          g_autofree char *t = lw_card_token_format (&tokens[i]);
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "%s: %s: only the Leader names what a wildcard stands for", what, t);
          return FALSE;
        }
  if (n != NULL)
    *n = count;
  return TRUE;
}

/* The cards of `legal` or `trick` against the table they are said to be
 * at (SCORING R1, TRICKS §1.5): @n_cards (a hand, or a play whose size
 * every play shares) no more than a hand of @n_players holds, and @used (per
 * face, the copies written over the whole command) no more than the decks
 * in play hold. @n_players 0: any table (at most 13 cards, two decks). */
static gboolean
check_table (const char    *command,
             guint          n_players,
             const char    *what,
             guint          n_cards,
             const guint8  *used,
             GError       **error)
{
  g_autoptr (GError) local = NULL;
  guint most = 0;

  if (n_players == 0)
    {
      for (guint n = LW_MIN_SEATS; n <= LW_MAX_SEATS; n++)
        most = MAX (most, lw_hand_size (n));
      if (n_cards > most)
        {
          g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                       "%s: %s holds %u cards; a hand holds at most %u (SCORING R1)",
                       command, what, n_cards, most);
          return FALSE;
        }
      return TRUE;
    }

  most = lw_hand_size (n_players);
  if (n_cards > most)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: %s holds %u cards; a hand holds %u cards with %u players (SCORING R1)",
                   command, what, n_cards, most, n_players);
      return FALSE;
    }
  if (!lw_card_counts_check (used, lw_decks (n_players), &local))
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID, "%s: %s (%u players, SCORING R1)",
                   command, local->message, n_players);
      return FALSE;
    }
  return TRUE;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
lw_cli_cmd_legal (LwCliContext *ctx,
                  int           argc,
                  char        **argv)
{
  const char *trump_text = NULL, *lead_text = NULL, *hand_text = NULL, *players_text = NULL;
  const char *run_fill_text = NULL;
  LwRunFill run_fill;
  LwHouseRules rules = { FALSE, FALSE };
  guint n_players = 0;
  LwSuit trump;
  guint8 used[LW_N_FACES] = { 0 };
  LwPlay lead_play;
  LwLead lead;
  LwCard hand[LW_MAX_CARDS];
  guint n_hand = 0;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) masks = NULL;
  g_autoptr (GPtrArray) lines = NULL;
  const PlayOption legal_options[] = {
    { "--trump", &trump_text, "S, H, D, C or none", NULL, NULL },
    { "--lead", &lead_text, "cards", NULL, NULL },
    { "--hand", &hand_text, "cards", NULL, NULL },
    { "--players", &players_text, "a number", &n_players, NULL },
    { "--run-fill", &run_fill_text, "inside_or_end or inside_only", NULL, NULL },
  };

  if (lw_cli_print_help (argc, argv,
                         "Usage: littlewolf-cli legal --trump S|H|D|C|none --lead \"CARDS\" --hand \"CARDS\"\n"
                         "                            [--players N] [--run-fill inside_or_end|inside_only]\n"
                         "Prints the legal follows of the hand to the lead (TRICKS §4), one per line.\n"
                         "--run-fill inside_only (a house rule, TRICKS T9) refuses a Run lead whose\n"
                         "Little Wolf fills an end (L=7S on 5S 6S); the default is inside_or_end.\n"
                         "Cards as in TRICKS.md: AS 10H QD KC, Den cards W G B L, a leader's wildcard\n"
                         "with what it stands for (B=9, L=7S).\n"
                         "--players N (2 to 8) is the table's size: the hand holds at most the cards\n"
                         "SCORING R1 deals (13, 11 or 9), and the lead and the hand no more copies\n"
                         "of a card than its decks (one deck for 2 to 4 players, two for 5 to 8).\n"
                         "Without it, any table: at most 13 cards, two decks.\n"))
    return LW_CLI_OK;
  if (!read_options ("legal", argc, argv, legal_options, G_N_ELEMENTS (legal_options)))
    return LW_CLI_INVALID;
  if (trump_text == NULL || lead_text == NULL || hand_text == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "legal: --trump, --lead and --hand are required (see --help)");
  if (!parse_trump (trump_text, &trump))
    return lw_cli_fail (LW_CLI_INVALID, "legal: --trump must be S, H, D, C or none, not \"%s\"", trump_text);
  if (!read_run_fill ("legal", run_fill_text, &run_fill))
    return LW_CLI_INVALID;
  rules.runs_inside_only = run_fill == LW_RUN_FILL_INSIDE_ONLY;
  if (!read_play ("--lead", lead_text, LW_MAX_PLAY, used, &lead_play, NULL, NULL, &error)
      || !read_play ("--hand", hand_text, LW_MAX_HAND, used, NULL, hand, &n_hand, &error))
    return lw_cli_fail (LW_CLI_INVALID, "legal: %s", error->message);
  if (!lw_lead_classify (&lead_play, trump, &rules, &lead, &error))
    return lw_cli_fail (LW_CLI_INVALID, "legal: --lead: %s%s", error->message, wildcard_hint (&lead_play));
  if (!check_table ("legal", n_players, "--hand", n_hand, used, &error))
    return lw_cli_fail (LW_CLI_INVALID, "%s", error->message);
  if (n_hand < lead.n)
    return lw_cli_fail (LW_CLI_INVALID, "legal: --hand holds %u cards, fewer than the %u led (T5)",
                        n_hand, lead.n);

  masks = g_array_new (FALSE, FALSE, sizeof (guint32));
  lines = g_ptr_array_new_with_free_func (g_free);
  lw_follow_legal (&lead, hand, n_hand, masks);
  for (guint k = 0; k < masks->len; k++)
    {
      LwCard sel[LW_MAX_HAND];
      guint ns = lw_cards_pick (hand, n_hand, g_array_index (masks, guint32, k), sel);

      lw_cards_sort (sel, ns);
      g_ptr_array_add (lines, lw_cards_format (sel, ns));
    }
  g_ptr_array_sort (lines, compare_strings);
  for (guint k = 0; k < lines->len; k++)
    if (k == 0 || strcmp (lines->pdata[k], lines->pdata[k - 1]) != 0)
      printf ("%s\n", (char *) lines->pdata[k]);
  (void) ctx;
  return LW_CLI_OK;
}

int
lw_cli_cmd_trick (LwCliContext *ctx,
                  int           argc,
                  char        **argv)
{
  const char *trump_text = NULL, *lead_text = NULL, *plays_text = NULL, *players_text = NULL;
  const char *over_trump_text = NULL;
  LwOverTrump over_trump;
  LwHouseRules rules = { FALSE, FALSE };
  guint n_players = 0;
  LwSuit trump;
  guint8 used[LW_N_FACES] = { 0 };
  LwPlay lead_play;
  LwLead lead;
  LwPlay follows[LW_MAX_SEATS];
  guint n_follows = 0;
  g_auto (GStrv) parts = NULL;
  g_autoptr (GError) error = NULL;
  const PlayOption trick_options[] = {
    { "--trump", &trump_text, "S, H, D, C or none", NULL, NULL },
    { "--lead", &lead_text, "cards", NULL, NULL },
    { "--plays", &plays_text, "plays separated by ;", NULL, NULL },
    { "--players", &players_text, "a number", &n_players, NULL },
    { "--over-trump", &over_trump_text, "winning_play or whole_trick", NULL, NULL },
  };

  if (lw_cli_print_help (argc, argv,
                         "Usage: littlewolf-cli trick --trump S|H|D|C|none --lead \"CARDS\" --plays \"CARDS;CARDS;…\"\n"
                         "                            [--players N] [--over-trump winning_play|whole_trick]\n"
                         "Prints the index of the play that wins the trick (TRICKS §5): 0 the lead,\n"
                         "1… the followers in clockwise order.\n"
                         "--over-trump whole_trick (a house rule, TRICKS T22): on a plain lead an\n"
                         "all-trump play must beat every trump already in the trick, not only the\n"
                         "winning play's; the default is winning_play.\n"
                         "--players N (2 to 8) is the table's size, by default one player for the\n"
                         "lead and each play: at most N − 1 plays follow the lead, none larger\n"
                         "than SCORING R1's hand (13, 11 or 9 cards), and the trick no more copies\n"
                         "of a card than the decks in play (one deck for 2 to 4 players, two for\n"
                         "5 to 8; \"KS;KS\" needs --players 5 or more).\n"))
    return LW_CLI_OK;
  if (!read_options ("trick", argc, argv, trick_options, G_N_ELEMENTS (trick_options)))
    return LW_CLI_INVALID;
  if (trump_text == NULL || lead_text == NULL || plays_text == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "trick: --trump, --lead and --plays are required (see --help)");
  if (!parse_trump (trump_text, &trump))
    return lw_cli_fail (LW_CLI_INVALID, "trick: --trump must be S, H, D, C or none, not \"%s\"", trump_text);
  if (!read_over_trump ("trick", over_trump_text, &over_trump))
    return LW_CLI_INVALID;
  rules.whole_trick_overtrump = over_trump == LW_OVER_TRUMP_WHOLE_TRICK;
  if (!read_play ("--lead", lead_text, LW_MAX_PLAY, used, &lead_play, NULL, NULL, &error))
    return lw_cli_fail (LW_CLI_INVALID, "trick: %s", error->message);
  if (!lw_lead_classify (&lead_play, trump, NULL, &lead, &error))
    return lw_cli_fail (LW_CLI_INVALID, "trick: --lead: %s%s", error->message, wildcard_hint (&lead_play));

  parts = g_strsplit (plays_text, ";", -1);
  for (guint k = 0; parts[k] != NULL; k++)
    {
      LwCard cards[LW_MAX_PLAY];
      guint n = 0;
      g_autofree char *what = g_strdup_printf ("--plays: play %u", k + 1);

      if (n_follows >= LW_MAX_SEATS - 1)
        return lw_cli_fail (LW_CLI_INVALID, "trick: --plays: at most %d followers", LW_MAX_SEATS - 1);
      if (!read_play (what, parts[k], LW_MAX_PLAY, used, NULL, cards, &n, &error))
        return lw_cli_fail (LW_CLI_INVALID, "trick: %s", error->message);
      if (n != lead.n)
        return lw_cli_fail (LW_CLI_INVALID, "trick: %s has %u card%s, the lead %u (T5)",
                            what, n, n == 1 ? "" : "s", lead.n);
      lw_play_set (&follows[n_follows++], cards, n);
    }
  if (n_follows == 0)
    return lw_cli_fail (LW_CLI_INVALID, "trick: --plays: no plays given");
  /* One player for the lead and each play, unless told. */
  if (n_players == 0)
    n_players = n_follows + 1;
  if (n_follows + 1 > n_players)
    return lw_cli_fail (LW_CLI_INVALID, "trick: the lead and %u plays make %u plays, but %u players make at most %u",
                        n_follows, n_follows + 1, n_players, n_players);
  if (!check_table ("trick", n_players, "--lead", lead.n, used, &error))
    return lw_cli_fail (LW_CLI_INVALID, "%s", error->message);
  printf ("%u\n", lw_trick_winner (&lead, follows, n_follows, &rules));
  (void) ctx;
  return LW_CLI_OK;
}
