/* lw-cli-event.c — littlewolf-cli: events and ratings (docs/EVENTS.md)
 *
 *   event new --name NAME --format F --table-size N [--rounds R]
 *             [--points W,S,O] [--seed S]            prints the event's ID
 *   event add [--registered] ID NAME…                 enters players
 *   event checkin ID NAME | event drop ID NAME        check in, drop out
 *   event pair ID                                     pairs the next round
 *   event seating ID [--round R]                      a round's seating
 *   event result ID [--round R] --table T (--scores "A,B,…" | --game GAME_ID)
 *   event standings ID [--json|--csv]
 *   event boards ID [--round R] [--json]        (duplicate: lw-cli-duplicate.c)
 *   event result ID [--round R] --table T --board K (--facts JSON | --facts-file F)
 *   event travellers ID [--board K] [--json]
 *   event par ID [--round R] [--level LEVEL]
 *   event list
 *   event rename ID NAME | event delete ID
 *   ratings [--ladder all|2p|3-4p|partners] [--json] [--from DATE]
 *           [--to DATE] [--event ID] [--trend N]
 *
 * Output is built whole before anything is printed, so a failure leaves
 * stdout empty; a refused change leaves the database as it was.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "lw-cli.h"
#include "lw-engine.h"
#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-store-event-pars.h"

static const char event_usage[] =
  "Usage: littlewolf-cli [--db PATH] event SUBCOMMAND [ARGS]\n"
  "\n"
  "  event new --name NAME --format swiss|round-robin|partners|elimination|duplicate\n"
  "            --table-size 2|3|4 [--rounds R] [--points WIN,SECOND,OTHER] [--seed S]\n"
  "            [--tiebreaks LIST] [--seeding rating|registration] [--rule-set NAME]\n"
  "            [--partners] [--boards-per-round B]   (duplicate)\n"
  "      create an event; prints its ID (rounds 0 or missing: the format's default;\n"
  "      points default 3,1,0; partners need --table-size 4, elimination 2;\n"
  "      tie-breaks after event points, in order, from buchholz, head-to-head,\n"
  "      margin, skunks: default \"buchholz,head-to-head,margin,skunks\";\n"
  "      --seeding rating: a single elimination's round 1 seeded by rating,\n"
  "      default registration order; --rule-set: every game of its tables\n"
  "      played with that saved Little Wolf rule set, default Standard rules)\n"
  "  event add [--registered] ID NAME...\n"
  "      enter players (checked in, unless --registered); late entries join\n"
  "      Swiss and partners events with no points\n"
  "  event checkin ID NAME     check a registered (or dropped) player in\n"
  "  event drop ID NAME        drop a player: not paired again, results stay\n"
  "  event pair ID [--seeding rating|registration]\n"
  "      pair and seat the next round; prints its seating (round 1 of a single\n"
  "      elimination seeded as the event was made, or as --seeding says for\n"
  "      this pairing: rating, unrated players last, or registration order)\n"
  "  event seating ID [--round R]\n"
  "      a round's seating (default the last): one line per seat,\n"
  "      ROUND<TAB>TABLE<TAB>SEAT<TAB>PLAYER<TAB>DEALER (DEALER \"*\" for the\n"
  "      first dealer, else empty); a bye: ROUND<TAB>bye<TAB>-<TAB>PLAYER<TAB>\n"
  "  event wall ID [--round R]\n"
  "      the wall sheet of a round (default the last): every player in\n"
  "      alphabetical order, \"NAME — Table N, Seat S\" (seats from 1, \" *\" for\n"
  "      the first dealer) or \"NAME — Bye\"\n"
  "  event result ID [--round R] --table T --scores \"A,B,C,D\" [--time-called]\n"
  "      a table's final scores from paper, in seat order (partners: per seat,\n"
  "      or one per side: seats 0 and 2, then 1 and 3); default the last round;\n"
  "      scores no game ends with (nobody at 15, no skunk) only with\n"
  "      --time-called: a game stopped by the clock, placed by score\n"
  "  event result ID [--round R] --table T --game GAME_ID\n"
  "      the table's result is a stored game (finished, the table's players)\n"
  "  event result ID [--round R] --table T --board K (--facts JSON | --facts-file FILE|-)\n"
  "      a duplicate table's result on one of its boards: the round's facts as a\n"
  "      game record writes one round, seats as at the table (DUPLICATE D9)\n"
  "  event boards ID [--round R] [--json]\n"
  "      a duplicate event's board sheets for a round (default the last paired):\n"
  "      the dealer, every seat's cards, the Pups and the check code (DUPLICATE D3)\n"
  "  event travellers ID [--board K] [--json]\n"
  "      a board's travelling sheet (default every board played): one line per\n"
  "      position and table, POSITION<TAB>TABLE<TAB>PLAYERS<TAB>DELTA<TAB>NET<TAB>\n"
  "      MATCHPOINTS/TOP<TAB>PERCENT (DUPLICATE D5, D6)\n"
  "  event standings ID [--json|--csv]\n"
  "      RANK<TAB>PLAYER<TAB>POINTS<TAB>BUCHHOLZ<TAB>HEAD_TO_HEAD<TAB>MARGIN<TAB>\n"
  "      SKUNKS<TAB>GAMES<TAB>WINS<TAB>BYES (a dropped player: \" (dropped)\" after\n"
  "      the name, one with a time-called game: \" (time called)\"); --csv and\n"
  "      --json as docs/EVENTS.md; a duplicate event's (DUPLICATE D7):\n"
  "      RANK<TAB>PLAYER<TAB>PERCENT<TAB>NETS<TAB>MATCHPOINTS<TAB>BOARDS\n"
  "  event list                one line per event, newest first:\n"
  "      ID<TAB>NAME<TAB>FORMAT<TAB>TABLE_SIZE<TAB>PLAYERS<TAB>ROUNDS_PAIRED/ROUNDS\n"
  "  event rename ID NAME      give the event a new name\n"
  "  event delete ID           delete the event: its players, rounds, tables and\n"
  "      results; the stored games played at its tables stay (cannot be undone)\n";

static const char ratings_usage[] =
  "Usage: littlewolf-cli [--db PATH] ratings [--ladder all|2p|3-4p|partners] [--json]\n"
  "                      [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--event ID] [--trend N]\n"
  "Ratings over every finished stored game and every event result entered from paper\n"
  "(OpenSkill's Weng-Lin Plackett-Luce, tau 25/300; docs/EVENTS.md), one line per\n"
  "player, best first:\n"
  "RANK<TAB>PLAYER<TAB>RATING<TAB>GAMES<TAB>WINS<TAB>SKUNKS<TAB>TREND<TAB>SIGMA<TAB>STATUS\n"
  "RATING is mu - 3 sigma; TREND its change over the player's last N counted games\n"
  "(default 5). STATUS is provisional while a player has fewer than 5 rated games;\n"
  "provisional players come after the established ones. --from/--to (UTC, --to\n"
  "exclusive) and --event choose the games counted. Equal ratings are listed by name.\n"
  "--json: rating, mu, sigma and trend with 4 decimals, rated games, provisional.\n";

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static char *
store_path (LwCliContext *ctx)
{
  return ctx->db_path != NULL ? g_strdup (ctx->db_path) : lw_store_default_path ();
}

/* Opens the database (lw_cli_open_store(): for @for_writing, what is
 * stored is committed after the output is written); for @must_exist, a
 * missing file is "no event". */
static LwStore *
open_store (LwCliContext  *ctx,
            gboolean       must_exist,
            gboolean       for_writing,
            gint64         event_id,
            int           *status)
{
  g_autofree char *path = store_path (ctx);
  g_autoptr (GError) error = NULL;
  LwStore *store;

  if (must_exist && lw_cli_store_missing (ctx))
    {
      *status = lw_cli_fail (LW_CLI_FAILED, "no event with ID %" G_GINT64_FORMAT
                             " (no database yet)", event_id);
      return NULL;
    }
  store = lw_cli_open_store (ctx, for_writing, &error);
  if (store == NULL)
    *status = lw_cli_fail_error (error);
  return store;
}

/* An option's value: argv[*i + 1], or a usage failure. */
static const char *
option_value (const char  *command,
              int          argc,
              char       **argv,
              int         *i,
              int         *status)
{
  if (*i + 1 >= argc)
    {
      *status = lw_cli_fail (LW_CLI_INVALID, "%s: %s needs a value", command, argv[*i]);
      return NULL;
    }
  (*i)++;
  return argv[*i];
}

/* Reads the words after @command's name (@argv[1] on): each word of
 * @flags (%NULL-terminated) sets its place in @given to %TRUE; the first
 * other word is the event ID's text (*@id_text, left as it was when there
 * is none); the words after it go to @rest, or are refused as unexpected
 * when @rest is %NULL (%FALSE, *@status set). */
static gboolean
read_flags (const char         *command,
            int                 argc,
            char              **argv,
            const char *const  *flags,
            gboolean           *given,
            const char        **id_text,
            GPtrArray          *rest,
            int                *status)
{
  for (int i = 1; i < argc; i++)
    {
      gboolean flag = FALSE;

      for (guint k = 0; flags[k] != NULL && !flag; k++)
        if (strcmp (argv[i], flags[k]) == 0)
          flag = given[k] = TRUE;
      if (flag)
        continue;
      if (*id_text == NULL)
        *id_text = argv[i];
      else if (rest != NULL)
        g_ptr_array_add (rest, argv[i]);
      else
        {
          *status = lw_cli_fail (LW_CLI_INVALID, "%s: unexpected argument \"%s\"",
                                 command, argv[i]);
          return FALSE;
        }
    }
  return TRUE;
}

static int
bad_id (const char *command,
        const char *text)
{
  return lw_cli_fail (LW_CLI_INVALID, "%s: an event ID is a positive integer, not \"%s\"",
                      command, text != NULL ? text : "");
}

/* The event @id_text names (a positive integer, else bad_id()), read for
 * @command (transfer full); %NULL with *@status set when it cannot be. */
static LwEvent *
load_event (LwCliContext  *ctx,
            const char    *command,
            const char    *id_text,
            int           *status)
{
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;
  LwEvent *event;
  gint64 id = 0;

  if (!lw_cli_parse_positive (id_text, G_MAXINT64, &id))
    {
      *status = bad_id (command, id_text);
      return NULL;
    }
  store = open_store (ctx, TRUE, FALSE, id, status);
  if (store == NULL)
    return NULL;
  event = lw_store_load_event (store, id, &error);
  if (event == NULL)
    *status = lw_cli_fail_error (error);
  return event;
}

/* Writes @round's seating lines to @out. */
static void
append_seating (GString            *out,
                const LwEvent      *event,
                const LwEventRound *round)
{
  for (guint t = 0; t < round->tables->len; t++)
    {
      const LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);

      for (guint s = 0; s < table->n_seats; s++)
        {
          const LwEntrant *entrant = g_ptr_array_index (event->entrants, table->entrants[s]);

          g_string_append_printf (out, "%u\t%u\t%u\t%s\t%s\n", round->number, table->number, s,
                                  entrant->name, (int) s == table->first_dealer ? "*" : "");
        }
    }
  for (guint b = 0; b < round->byes->len; b++)
    {
      const LwEntrant *entrant = g_ptr_array_index (event->entrants,
                                                    g_array_index (round->byes, int, b));
      g_string_append_printf (out, "%u\tbye\t-\t%s\t\n", round->number, entrant->name);
    }
}

static char *
format_number (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  char *end;

  g_ascii_formatd (buffer, sizeof buffer, "%.2f", value);
  /* 3.00 → 3, 2.50 → 2.5 */
  end = buffer + strlen (buffer) - 1;
  while (end > buffer && *end == '0')
    *end-- = '\0';
  if (end > buffer && *end == '.')
    *end = '\0';
  if (strcmp (buffer, "-0") == 0)
    return g_strdup ("0");
  return g_strdup (buffer);
}

/* ------------------------------------------------------------------ */
/* event new                                                            */
/* ------------------------------------------------------------------ */

static int
event_new (LwCliContext *ctx,
           int           argc,
           char        **argv)
{
  const char *name = NULL, *format_text = NULL, *size_text = NULL;
  const char *rounds_text = NULL, *points_text = NULL, *seed_text = NULL;
  const char *tiebreaks_text = NULL;
  const char *seeding_text = NULL;
  const char *rule_set_name = NULL;
  const char *boards_text = NULL;
  gboolean partners = FALSE;
  g_autoptr (LwRuleSet) rules = NULL;
  LwEventFormat format;
  LwEventConfig config;
  gint64 value = 0, id;
  int status = LW_CLI_OK;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;

  /* Every option takes a value. */
  const struct {
    const char   *option;
    const char  **value;
  } options[] = {
    { "--name", &name },
    { "--format", &format_text },
    { "--table-size", &size_text },
    { "--rounds", &rounds_text },
    { "--points", &points_text },
    { "--seed", &seed_text },
    { "--tiebreaks", &tiebreaks_text },
    { "--seeding", &seeding_text },
    { "--rule-set", &rule_set_name },
    { "--boards-per-round", &boards_text },
  };

  for (int i = 1; i < argc; i++)
    {
      const char **target = NULL;

      /* The one option without a value. */
      if (strcmp (argv[i], "--partners") == 0)
        {
          partners = TRUE;
          continue;
        }
      for (guint k = 0; k < G_N_ELEMENTS (options) && target == NULL; k++)
        if (strcmp (argv[i], options[k].option) == 0)
          target = options[k].value;
      if (target == NULL)
        return lw_cli_fail (LW_CLI_INVALID, "event new: unexpected argument \"%s\"", argv[i]);
      if ((*target = option_value ("event new", argc, argv, &i, &status)) == NULL)
        return status;
    }

  if (name == NULL || *name == '\0')
    return lw_cli_fail (LW_CLI_INVALID, "event new: --name is needed (see event --help)");
  if (format_text == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "event new: --format is needed "
                        "(swiss, round-robin, partners, elimination or duplicate)");
  if (!lw_event_format_from_string (format_text, &format))
    return lw_cli_fail (LW_CLI_INVALID, "event new: --format \"%s\": swiss, round-robin, "
                        "partners, elimination or duplicate", format_text);
  if (size_text == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "event new: --table-size is needed (2, 3 or 4)");
  if (!lw_cli_parse_positive (size_text, 4, &value) || value < 2)
    return lw_cli_fail (LW_CLI_INVALID, "event new: --table-size \"%s\": 2, 3 or 4", size_text);
  lw_event_config_init (&config, format, (guint) value);
  if ((partners || boards_text != NULL) && format != LW_EVENT_DUPLICATE)
    return lw_cli_fail (LW_CLI_INVALID, "event new: %s is for --format duplicate",
                        partners ? "--partners" : "--boards-per-round");
  config.partners = partners;
  if (boards_text != NULL)
    {
      if (!lw_cli_parse_positive (boards_text, LW_DUPLICATE_MAX_BOARDS, &value))
        return lw_cli_fail (LW_CLI_INVALID, "event new: --boards-per-round \"%s\": 1 to %d",
                            boards_text, LW_DUPLICATE_MAX_BOARDS);
      config.boards_per_round = (guint) value;
    }

  if (rounds_text != NULL)
    {
      if (strcmp (rounds_text, "0") == 0)
        config.n_rounds = 0;
      else if (!lw_cli_parse_positive (rounds_text, 1000, &value))
        return lw_cli_fail (LW_CLI_INVALID, "event new: --rounds \"%s\": 1 to 1000",
                            rounds_text);
      else
        config.n_rounds = (guint) value;
      if (format == LW_EVENT_ELIMINATION && config.n_rounds != 0)
        return lw_cli_fail (LW_CLI_INVALID, "event new: --rounds: a single elimination has "
                            "as many rounds as its bracket");
    }
  if (points_text != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (points_text, ",", -1);
      int points[3];

      if (g_strv_length (parts) != 3)
        return lw_cli_fail (LW_CLI_INVALID, "event new: --points \"%s\": three numbers, "
                            "WIN,SECOND,OTHER", points_text);
      for (int k = 0; k < 3; k++)
        {
          g_strstrip (parts[k]);
          if (strcmp (parts[k], "0") == 0)
            points[k] = 0;
          else if (lw_cli_parse_positive (parts[k], 1000, &value))
            points[k] = (int) value;
          else
            return lw_cli_fail (LW_CLI_INVALID, "event new: --points \"%s\": \"%s\" is not "
                                "a number from 0 to 1000", points_text, parts[k]);
        }
      config.points_win = points[0];
      config.points_second = points[1];
      config.points_other = points[2];
    }
  if (seed_text != NULL)
    {
      if (strcmp (seed_text, "0") == 0)
        config.seed = 0;
      else if (lw_cli_parse_positive (seed_text, G_MAXINT64, &value))
        config.seed = (guint64) value;
      else
        return lw_cli_fail (LW_CLI_INVALID, "event new: --seed \"%s\": a number from 0",
                            seed_text);
    }
  if (tiebreaks_text != NULL && !lw_tiebreaks_from_string (tiebreaks_text, &config, &error))
    return lw_cli_fail (LW_CLI_INVALID, "event new: --tiebreaks: %s", error->message);
  if (seeding_text != NULL && !lw_seeding_from_string (seeding_text, &config.seeding))
    return lw_cli_fail (LW_CLI_INVALID, "event new: --seeding \"%s\": expected \"rating\" or "
                        "\"registration\"", seeding_text);
  if (!lw_event_config_validate (&config, &error))
    return lw_cli_fail (LW_CLI_INVALID, "event new: %s", error->message);

  store = open_store (ctx, FALSE, TRUE, 0, &status);
  if (store == NULL)
    return status;
  if (rule_set_name != NULL)
    {
      rules = lw_store_find_rule_set (store, LW_RULESET_LITTLE_WOLF, rule_set_name, &error);
      /* Not found: status 1, as for a player (docs/EVENTS.md); a bad name: 2. */
      if (rules == NULL)
        {
          g_prefix_error (&error, "event new: --rule-set: ");
          return lw_cli_fail_error (error);
        }
    }
  id = lw_store_add_event_with_rules (store, name, &config, rules, &error);
  if (id <= 0)
    return lw_cli_fail_error (error);
  printf ("%" G_GINT64_FORMAT "\n", id);
  return LW_CLI_OK;
}

/* ------------------------------------------------------------------ */
/* The subcommands on one event                                         */
/* ------------------------------------------------------------------ */

static int
event_add (LwCliContext *ctx,
           int           argc,
           char        **argv)
{
  gboolean registered = FALSE, ok;
  gint64 id = 0;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  int status = LW_CLI_OK;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;
  const char *id_text = NULL;
  const char *const flags[] = { "--registered", NULL };

  if (!read_flags ("event add", argc, argv, flags, &registered, &id_text, names, &status))
    return status;
  if (id_text == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "event add: an event ID is needed (see event --help)");
  if (!lw_cli_parse_positive (id_text, G_MAXINT64, &id))
    return bad_id ("event add", id_text);
  if (names->len == 0)
    return lw_cli_fail (LW_CLI_INVALID, "event add: at least one player's name is needed");
  g_ptr_array_add (names, NULL);

  store = open_store (ctx, TRUE, TRUE, id, &status);
  if (store == NULL)
    return status;
  ok = lw_store_add_event_entrants (store, id, (const char *const *) names->pdata,
                                    registered ? LW_ENTRANT_REGISTERED : LW_ENTRANT_CHECKED_IN,
                                    &error);
  return lw_cli_status (ok, error);
}

static int
event_pair (LwCliContext *ctx,
            int           argc,
            char        **argv)
{
  gint64 id = 0;
  int status = LW_CLI_OK;
  const char *id_text = NULL;
  LwSeeding seeding = LW_SEEDING_REGISTRATION;
  gboolean seeding_given = FALSE;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (GString) out = g_string_new (NULL);

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--seeding") == 0)
        {
          const char *text = option_value ("event pair", argc, argv, &i, &status);

          if (text == NULL)
            return status;
          seeding_given = lw_seeding_from_string (text, &seeding);
          if (!seeding_given)
            return lw_cli_fail (LW_CLI_INVALID, "event pair: --seeding \"%s\": expected "
                                "\"rating\" or \"registration\"", text);
        }
      else if (id_text == NULL)
        id_text = argv[i];
      else
        return lw_cli_fail (LW_CLI_INVALID, "event pair: one event ID is needed");
    }
  if (id_text == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "event pair: one event ID is needed");
  if (!lw_cli_parse_positive (id_text, G_MAXINT64, &id))
    return bad_id ("event pair", id_text);

  store = open_store (ctx, TRUE, TRUE, id, &status);
  if (store == NULL)
    return status;
  /* The event's own seeding, unless this pairing overrides it. */
  event = seeding_given ? lw_store_pair_event_round_seeded (store, id, seeding, &error)
                        : lw_store_pair_event_round (store, id, &error);
  if (event == NULL)
    return lw_cli_fail_error (error);
  append_seating (out, event, g_ptr_array_index (event->rounds, event->rounds->len - 1));
  lw_cli_print_text (out->str);
  return LW_CLI_OK;
}

/* "event seating" and "event wall": one round's seats, by table (tab
 * separated, docs/rules/CLI.md) or as the wall sheet's alphabetical list (@wall). */
static int
event_round_list (LwCliContext *ctx,
                  int           argc,
                  char        **argv,
                  gboolean      wall)
{
  const char *command = wall ? "event wall" : "event seating";
  gint64 round = 0;
  const char *id_text = NULL;
  int status = LW_CLI_OK;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (GString) out = g_string_new (NULL);

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--round") == 0)
        {
          const char *text = option_value (command, argc, argv, &i, &status);

          if (text == NULL)
            return status;
          if (!lw_cli_parse_positive (text, 100000, &round))
            return lw_cli_fail (LW_CLI_INVALID, "%s: --round \"%s\" is not a "
                                "round number", command, text);
        }
      else if (id_text == NULL)
        id_text = argv[i];
      else
        return lw_cli_fail (LW_CLI_INVALID, "%s: unexpected argument \"%s\"", command, argv[i]);
    }
  event = load_event (ctx, command, id_text, &status);
  if (event == NULL)
    return status;
  if (round == 0)
    round = event->rounds->len;
  if (round < 1 || round > event->rounds->len)
    return lw_cli_fail (LW_CLI_INVALID, "%s: round %" G_GINT64_FORMAT
                        " is not paired (%u round%s paired)", command, round, event->rounds->len,
                        event->rounds->len == 1 ? "" : "s");
  if (wall)
    {
      g_autofree char *text = lw_event_wall_sheet_to_text (event, g_ptr_array_index (event->rounds, round - 1));

      g_string_append (out, text);
    }
  else
    append_seating (out, event, g_ptr_array_index (event->rounds, round - 1));
  lw_cli_print_text (out->str);
  return LW_CLI_OK;
}

static int
event_result (LwCliContext *ctx,
              int           argc,
              char        **argv)
{
  gint64 id = 0, round = 0, table = 0, game = 0, board = 0;
  const char *id_text = NULL, *scores_text = NULL, *facts_text = NULL, *facts_file = NULL;
  gboolean time_called = FALSE, ok;
  int status = LW_CLI_OK;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) scores = g_array_new (FALSE, FALSE, sizeof (int));

  for (int i = 1; i < argc; i++)
    {
      const char *text;

      if (strcmp (argv[i], "--time-called") == 0)
        time_called = TRUE;
      else if (strcmp (argv[i], "--round") == 0 || strcmp (argv[i], "--table") == 0
          || strcmp (argv[i], "--game") == 0 || strcmp (argv[i], "--scores") == 0
          || strcmp (argv[i], "--board") == 0 || strcmp (argv[i], "--facts") == 0
          || strcmp (argv[i], "--facts-file") == 0)
        {
          const char *option = argv[i];

          if ((text = option_value ("event result", argc, argv, &i, &status)) == NULL)
            return status;
          if (strcmp (option, "--scores") == 0)
            scores_text = text;
          else if (strcmp (option, "--facts") == 0)
            facts_text = text;
          else if (strcmp (option, "--facts-file") == 0)
            facts_file = text;
          else if (!lw_cli_parse_positive (text,
                                           strcmp (option, "--game") == 0 ? G_MAXINT64 : 100000,
                                           strcmp (option, "--round") == 0 ? &round
                                           : strcmp (option, "--table") == 0 ? &table
                                           : strcmp (option, "--board") == 0 ? &board : &game))
            return lw_cli_fail (LW_CLI_INVALID, "event result: %s \"%s\" is not a positive "
                                "integer", option, text);
        }
      else if (id_text == NULL)
        id_text = argv[i];
      else
        return lw_cli_fail (LW_CLI_INVALID, "event result: unexpected argument \"%s\"", argv[i]);
    }
  if (id_text == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "event result: an event ID is needed (see event --help)");
  if (!lw_cli_parse_positive (id_text, G_MAXINT64, &id))
    return bad_id ("event result", id_text);
  if (table == 0)
    return lw_cli_fail (LW_CLI_INVALID, "event result: --table is needed");
  if (board != 0 || facts_text != NULL || facts_file != NULL)
    {
      g_autoptr (LwEvent) event = NULL;

      if (board == 0 || (facts_text != NULL) == (facts_file != NULL)
          || scores_text != NULL || game != 0 || time_called)
        return lw_cli_fail (LW_CLI_INVALID, "event result: a board's result is --board K with "
                            "either --facts JSON or --facts-file FILE");
      store = open_store (ctx, TRUE, TRUE, id, &status);
      if (store == NULL)
        return status;
      event = lw_store_load_event (store, id, &error);
      if (event == NULL)
        return lw_cli_fail_error (error);
      if (round == 0 && event->rounds->len == 0)
        return lw_cli_fail (LW_CLI_INVALID, "event result: %s has no round paired yet",
                            event->name);
      return lw_cli_duplicate_result (store, id, event,
                                      round != 0 ? (guint) round : event->rounds->len,
                                      (guint) table, (guint) board, facts_text, facts_file);
    }
  if ((scores_text != NULL) == (game != 0))
    return lw_cli_fail (LW_CLI_INVALID, "event result: give either --scores or --game");
  if (time_called && scores_text == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "event result: --time-called goes with --scores "
                        "(a stored game has ended)");
  if (scores_text != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (scores_text, ",", -1);

      for (guint k = 0; parts[k] != NULL; k++)
        {
          gint64 value = 0;

          g_strstrip (parts[k]);
          if (strcmp (parts[k], "0") != 0 && !lw_cli_parse_positive (parts[k], 999, &value))
            return lw_cli_fail (LW_CLI_INVALID, "event result: --scores \"%s\": \"%s\" is not "
                                "a score from 0 to 999", scores_text, parts[k]);
          {
            int score = (int) value;
            g_array_append_val (scores, score);
          }
        }
      if (scores->len > LW_EVENT_MAX_SEATS)
        return lw_cli_fail (LW_CLI_INVALID, "event result: --scores \"%s\": at most %d scores",
                            scores_text, LW_EVENT_MAX_SEATS);
    }

  store = open_store (ctx, TRUE, TRUE, id, &status);
  if (store == NULL)
    return status;
  if (round == 0)
    {
      g_autoptr (LwEvent) event = lw_store_load_event (store, id, &error);

      if (event == NULL)
        return lw_cli_fail_error (error);
      if (event->rounds->len == 0)
        return lw_cli_fail (LW_CLI_INVALID, "event result: %s has no round paired yet",
                            event->name);
      round = event->rounds->len;
    }
  ok = scores_text != NULL
       ? lw_store_set_event_paper_result_full (store, id, (guint) round, (guint) table,
                                               (const int *) (gpointer) scores->data,
                                               scores->len, time_called, &error)
       : lw_store_set_event_game_result (store, id, (guint) round, (guint) table, game, &error);
  return lw_cli_status (ok, error);
}

static int
event_standings (LwCliContext *ctx,
                 int           argc,
                 char        **argv)
{
  const char *id_text = NULL;
  const char *const flags[] = { "--json", "--csv", NULL };
  gboolean given[] = { FALSE, FALSE };
  gboolean json, csv;
  int status = LW_CLI_OK;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (GArray) standings = NULL;
  g_autofree char *text = NULL;

  if (!read_flags ("event standings", argc, argv, flags, given, &id_text, NULL, &status))
    return status;
  json = given[0];
  csv = given[1];
  if (json && csv)
    return lw_cli_fail (LW_CLI_INVALID, "event standings: --json or --csv, not both");
  event = load_event (ctx, "event standings", id_text, &status);
  if (event == NULL)
    return status;
  if (event->config.format == LW_EVENT_DUPLICATE)
    return lw_cli_duplicate_standings (event, json, csv);
  standings = lw_event_compute_standings (event);

  if (json)
    text = lw_event_standings_to_json (event, standings);
  else if (csv)
    text = lw_event_standings_to_csv (standings);
  else
    {
      GString *out = g_string_new (NULL);

      for (guint i = 0; i < standings->len; i++)
        {
          const LwEventStanding *row = &g_array_index (standings, LwEventStanding, i);
          g_autofree char *points = format_number (row->points);
          g_autofree char *buchholz = format_number (row->buchholz);

          g_autofree char *marks = g_strdup_printf ("%s%s", row->dropped ? " (dropped)" : "",
                                                    row->time_called > 0 ? " (time called)" : "");

          g_string_append_printf (out, "%u\t%s%s\t%s\t%s\t%d\t%d\t%u\t%u\t%u\t%u\n", row->rank,
                                  row->name, marks, points, buchholz,
                                  row->head_to_head, row->margin, row->skunks, row->games,
                                  row->wins, row->byes);
        }
      text = g_string_free (out, FALSE);
    }
  if (json)
    fputs (text, stdout);
  else
    lw_cli_print_text (text);
  return LW_CLI_OK;
}

static int
event_list (LwCliContext *ctx,
            int           argc,
            char        **argv)
{
  g_autofree char *path = store_path (ctx);
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (GString) out = g_string_new (NULL);

  if (argc > 1)
    return lw_cli_fail (LW_CLI_INVALID, "event list: unexpected argument \"%s\"", argv[1]);
  if (lw_cli_store_missing (ctx))
    return LW_CLI_OK;
  store = lw_cli_open_store (ctx, FALSE, &error);
  if (store == NULL || (list = lw_store_list_events (store, &error)) == NULL)
    return lw_cli_fail_error (error);

  for (guint i = 0; i < list->len; i++)
    {
      const LwEventSummary *summary = g_ptr_array_index (list, i);
      g_autoptr (LwEvent) event = lw_store_load_event (store, summary->id, &error);

      if (event == NULL)
        return lw_cli_fail_error (error);
      g_string_append_printf (out, "%" G_GINT64_FORMAT "\t%s\t%s\t%u\t%u\t%u/%u\n",
                              summary->id, summary->name,
                              lw_event_format_to_string (summary->format), summary->table_size,
                              summary->n_entrants, summary->rounds_paired,
                              lw_event_total_rounds (event));
    }
  lw_cli_print_text (out->str);
  return LW_CLI_OK;
}

/* "event boards ID [--round R] [--json]" and "event travellers ID
 * [--board K] [--json]" (lw-cli-duplicate.c). */
static int
event_duplicate_sheet (LwCliContext *ctx,
                       int           argc,
                       char        **argv,
                       gboolean      boards)
{
  const char *command = boards ? "event boards" : "event travellers";
  const char *option = boards ? "--round" : "--board";
  const char *id_text = NULL;
  gboolean json = FALSE;
  gint64 number = 0;
  int status = LW_CLI_OK;
  g_autoptr (LwEvent) event = NULL;

  for (int i = 1; i < argc; i++)
    {
      const char *text;

      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strcmp (argv[i], option) == 0)
        {
          if ((text = option_value (command, argc, argv, &i, &status)) == NULL)
            return status;
          if (!lw_cli_parse_positive (text, 100000, &number))
            return lw_cli_fail (LW_CLI_INVALID, "%s: %s \"%s\" is not a positive integer",
                                command, option, text);
        }
      else if (id_text == NULL)
        id_text = argv[i];
      else
        return lw_cli_fail (LW_CLI_INVALID, "%s: unexpected argument \"%s\"", command, argv[i]);
    }
  if (id_text == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "%s: an event ID is needed (see event --help)", command);
  event = load_event (ctx, command, id_text, &status);
  if (event == NULL)
    return status;
  if (boards)
    return lw_cli_duplicate_boards (event, (guint) number, json);
  else
    {
      g_autoptr (LwStore) store = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) pars = NULL;
      gint64 id = 0;

      /* The boards' pars beside the sheets (DUPLICATE D10). */
      if (event->config.format == LW_EVENT_DUPLICATE)
        {
          lw_cli_parse_positive (id_text, G_MAXINT64, &id);
          store = open_store (ctx, TRUE, FALSE, id, &status);
          if (store == NULL)
            return status;
          pars = lw_store_load_event_board_pars (store, event, id, &error);
          if (pars == NULL)
            return lw_cli_fail_error (error);
        }
      return lw_cli_duplicate_travellers (event, (guint) number, pars, json);
    }
}

/* "event par ID [--round R] [--level LEVEL]" (lw-cli-duplicate.c). */
static int
event_par (LwCliContext *ctx,
           int           argc,
           char        **argv)
{
  const char *id_text = NULL;
  gint64 round = 0, id = 0;
  LwBotLevel level = LW_BOT_HARD;
  int status = LW_CLI_OK;
  g_autoptr (LwEvent) event = NULL;

  for (int i = 1; i < argc; i++)
    {
      const char *text;

      if (strcmp (argv[i], "--round") == 0)
        {
          if ((text = option_value ("event par", argc, argv, &i, &status)) == NULL)
            return status;
          if (!lw_cli_parse_positive (text, 100000, &round))
            return lw_cli_fail (LW_CLI_INVALID, "event par: --round \"%s\" is not a positive "
                                "integer", text);
        }
      else if (strcmp (argv[i], "--level") == 0)
        {
          if ((text = option_value ("event par", argc, argv, &i, &status)) == NULL)
            return status;
          if (!lw_bot_level_from_string (text, &level))
            return lw_cli_fail (LW_CLI_INVALID, "event par: --level \"%s\" is not random, easy, "
                                "normal, hard or expert", text);
        }
      else if (id_text == NULL)
        id_text = argv[i];
      else
        return lw_cli_fail (LW_CLI_INVALID, "event par: unexpected argument \"%s\"", argv[i]);
    }
  if (id_text == NULL)
    return lw_cli_fail (LW_CLI_INVALID, "event par: an event ID is needed (see event --help)");
  event = load_event (ctx, "event par", id_text, &status);
  if (event == NULL)
    return status;
  lw_cli_parse_positive (id_text, G_MAXINT64, &id);
  return lw_cli_duplicate_par (ctx, id, event, (guint) round, level);
}

/* The subcommands that change one event and print nothing. */
typedef enum {
  EVENT_CHECKIN,
  EVENT_DROP,
  EVENT_RENAME,
  EVENT_DELETE,
} EventChangeKind;

typedef struct {
  const char       *name;    /* the subcommand */
  EventChangeKind   kind;
  int               argc;    /* its words, its name included */
  const char       *needed;  /* what its usage failure says is needed */
} EventChange;

static const EventChange event_changes[] = {
  { "checkin", EVENT_CHECKIN, 3, "an event ID and one player's name are needed" },
  { "drop", EVENT_DROP, 3, "an event ID and one player's name are needed" },
  { "rename", EVENT_RENAME, 3, "an event ID and one new name are needed" },
  { "delete", EVENT_DELETE, 2, "one event ID is needed" },
};

/* "event checkin|drop ID NAME", "event rename ID NAME", "event delete ID". */
static int
event_change (LwCliContext       *ctx,
              int                 argc,
              char              **argv,
              const EventChange  *change)
{
  g_autofree char *command = g_strdup_printf ("event %s", change->name);
  gint64 id = 0;
  int status = LW_CLI_OK;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (argc != change->argc)
    return lw_cli_fail (LW_CLI_INVALID, "%s: %s", command, change->needed);
  if (!lw_cli_parse_positive (argv[1], G_MAXINT64, &id))
    return bad_id (command, argv[1]);
  if (change->kind == EVENT_RENAME && *argv[2] == '\0')
    return lw_cli_fail (LW_CLI_INVALID, "event rename: the new name is empty");

  store = open_store (ctx, TRUE, TRUE, id, &status);
  if (store == NULL)
    return status;
  switch (change->kind)
    {
    case EVENT_RENAME:
      ok = lw_store_rename_event (store, id, argv[2], &error);
      break;
    case EVENT_DELETE:
      ok = lw_store_delete_event (store, id, &error);
      break;
    case EVENT_CHECKIN:
    case EVENT_DROP:
    default:
      ok = lw_store_set_event_entrant_status (store, id, argv[2],
                                              change->kind == EVENT_CHECKIN ? LW_ENTRANT_CHECKED_IN
                                                                            : LW_ENTRANT_DROPPED,
                                              &error);
      break;
    }
  return lw_cli_status (ok, error);
}

int
lw_cli_cmd_event (LwCliContext *ctx,
                  int           argc,
                  char        **argv)
{
  const char *sub;

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0
      || lw_cli_wants_help (argc, argv))
    {
      if (argc < 2)
        return lw_cli_fail (LW_CLI_INVALID, "event: a subcommand is needed (see event --help)");
      fputs (event_usage, stdout);
      return LW_CLI_OK;
    }

  sub = argv[1];
  argc--;
  argv++;
  if (strcmp (sub, "new") == 0)
    return event_new (ctx, argc, argv);
  if (strcmp (sub, "add") == 0)
    return event_add (ctx, argc, argv);
  for (guint i = 0; i < G_N_ELEMENTS (event_changes); i++)
    if (strcmp (sub, event_changes[i].name) == 0)
      return event_change (ctx, argc, argv, &event_changes[i]);
  if (strcmp (sub, "pair") == 0)
    return event_pair (ctx, argc, argv);
  if (strcmp (sub, "seating") == 0)
    return event_round_list (ctx, argc, argv, FALSE);
  if (strcmp (sub, "wall") == 0)
    return event_round_list (ctx, argc, argv, TRUE);
  if (strcmp (sub, "result") == 0)
    return event_result (ctx, argc, argv);
  if (strcmp (sub, "standings") == 0)
    return event_standings (ctx, argc, argv);
  if (strcmp (sub, "list") == 0)
    return event_list (ctx, argc, argv);
  if (strcmp (sub, "boards") == 0 || strcmp (sub, "travellers") == 0)
    return event_duplicate_sheet (ctx, argc, argv, strcmp (sub, "boards") == 0);
  if (strcmp (sub, "par") == 0)
    return event_par (ctx, argc, argv);
  return lw_cli_fail (LW_CLI_INVALID, "event: unknown subcommand \"%s\" (see event --help)", sub);
}

/* ------------------------------------------------------------------ */
/* ratings                                                              */
/* ------------------------------------------------------------------ */

int
lw_cli_cmd_ratings (LwCliContext *ctx,
                    int           argc,
                    char        **argv)
{
  LwLeaderboardOptions options;
  gboolean json = FALSE;
  gint64 event_id = 0, value = 0;
  int status = LW_CLI_OK;
  g_autofree char *path = store_path (ctx);
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LwRatingGames) games = NULL;
  g_autoptr (GArray) ids = NULL;
  g_autoptr (GArray) rows = NULL;
  g_autofree char *text = NULL;

  if (lw_cli_print_help (argc, argv, ratings_usage))
    return LW_CLI_OK;

  lw_leaderboard_options_init (&options);
  for (int i = 1; i < argc; i++)
    {
      const char *option = argv[i], *arg;

      if (strcmp (option, "--json") == 0)
        {
          json = TRUE;
          continue;
        }
      if (strcmp (option, "--ladder") != 0 && strcmp (option, "--from") != 0
          && strcmp (option, "--to") != 0 && strcmp (option, "--event") != 0
          && strcmp (option, "--trend") != 0)
        return lw_cli_fail (LW_CLI_INVALID, "ratings: unexpected argument \"%s\"", option);
      if ((arg = option_value ("ratings", argc, argv, &i, &status)) == NULL)
        return status;
      if (strcmp (option, "--ladder") == 0)
        {
          if (!lw_ladder_from_string (arg, &options.ladder))
            return lw_cli_fail (LW_CLI_INVALID, "ratings: --ladder \"%s\": all, 2p, 3-4p or "
                                "partners", arg);
        }
      else if (strcmp (option, "--from") == 0 || strcmp (option, "--to") == 0)
        {
          if (!lw_leaderboard_parse_day (arg, strcmp (option, "--from") == 0 ? &options.from : &options.to))
            return lw_cli_fail (LW_CLI_INVALID, "ratings: %s \"%s\" is not a day (YYYY-MM-DD)",
                                option, arg);
        }
      else if (strcmp (option, "--event") == 0)
        {
          if (!lw_cli_parse_positive (arg, G_MAXINT64, &event_id))
            return bad_id ("ratings", arg);
        }
      else
        {
          if (!lw_cli_parse_positive (arg, 1000, &value))
            return lw_cli_fail (LW_CLI_INVALID, "ratings: --trend \"%s\": 1 to 1000 games", arg);
          options.trend_games = (guint) value;
        }
    }

  if (lw_cli_store_missing (ctx))
    {
      if (event_id > 0)
        return lw_cli_fail (LW_CLI_FAILED, "no event with ID %" G_GINT64_FORMAT
                            " (no database yet)", event_id);
      games = lw_rating_games_new ();
    }
  else
    {
      store = lw_cli_open_store (ctx, FALSE, &error);
      if (store == NULL)
        return lw_cli_fail_error (error);
      if (event_id > 0)
        {
          /* An event without linked games counts none. */
          static const gint64 none = 0;

          ids = lw_store_event_game_ids (store, event_id, &error);
          if (ids == NULL)
            return lw_cli_fail_error (error);
          options.only_games = ids->len > 0 ? (const gint64 *) (gpointer) ids->data : &none;
          options.n_only_games = ids->len;
        }
      games = lw_store_load_rating_games (store, &error);
      if (games == NULL)
        return lw_cli_fail_error (error);
    }

  rows = lw_leaderboard_compute (games, &options);
  text = json ? lw_leaderboard_to_json (rows, &options) : lw_leaderboard_to_text (rows);
  if (json)
    fputs (text, stdout);
  else
    lw_cli_print_text (text);
  return LW_CLI_OK;
}
