/* test-cli-duplicate.c — a duplicate event run through littlewolf-cli
 * ($LW_CLI) on a temporary --db (docs/rules/DUPLICATE.md, docs/EVENTS.md
 * "Duplicate events")
 *
 * 12 players at 3-seat tables over 4 event rounds of 2 boards: each round
 * paired, every table's board results entered from the seating printed,
 * then the standings. The expected percentages are worked out here from
 * the seatings and the facts entered, by D4–D7 written out again with
 * integers (each fact's deltas by SCORING R10, R13, R16 for the three
 * kinds of board entered; nets × 2; matchpoints; the average), never by
 * the engine's code. Also: the board sheets' check codes (D3) from their
 * JSON hands, and D9's refusals with the CLI's exit status 2.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "lw-store.h"
#include "lw-store-events.h"
#include "lw-test-util.h"

#define N_PLAYERS 12
#define N_ROUNDS  4
#define N_BOARDS  2
#define N_TABLES  4

static int
compare_faces (const void *a,
               const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static char *
ok_args (const char        *db,
         const char *const *args)
{
  g_auto (LwTestRun) run = { 0, };

  lw_test_run_cli_argv (&run, db, NULL, args);
  if (run.status != 0)
    g_error ("littlewolf-cli %s: exited %d: %s", args[0], run.status, run.err);
  g_assert_cmpstr (run.err, ==, "");
  return g_steal_pointer (&run.out);
}

/* The event @id (its number as text) as the database @db stores it, on a
 * store opened and closed for the one read. */
static LwEvent *
stored_event (const char *db,
              const char *id)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = lw_store_open (db, &error);
  LwEvent *event;

  g_assert_no_error (error);
  event = lw_store_load_event (store, g_ascii_strtoll (id, NULL, 10), &error);
  g_assert_no_error (error);
  return event;
}

static JsonNode *
parse_json (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* The facts entered at a table for a board, by a kind and a seat s, and
 * their deltas worked out by hand (start score 1, T = 33):
 *   0 pack:  seat s declares and makes the Pack with 20 cards: +1 (R10)
 *   1 most:  nobody declares, seat s has the most cards, 15: −1 (R16)
 *   2 miss:  seat s declares and misses with 10, seat s + 1 alone has
 *            the most of the others, 13: +2 to it (R13) */
static char *
facts_json (guint kind,
            guint s,
            int  *deltas)
{
  int cards[3];

  memset (deltas, 0, sizeof (int) * 3);
  switch (kind)
    {
    case 0:
      cards[s] = 20;
      cards[(s + 1) % 3] = 5;
      cards[(s + 2) % 3] = 8;
      deltas[s] = 1;
      return g_strdup_printf ("{\"declarer\": %u, \"cards\": [%d, %d, %d]}", s, cards[0], cards[1],
                              cards[2]);
    case 1:
      cards[s] = 15;
      cards[(s + 1) % 3] = 10;
      cards[(s + 2) % 3] = 8;
      deltas[s] = -1;
      return g_strdup_printf ("{\"declarer\": null, \"cards\": [%d, %d, %d]}", cards[0], cards[1],
                              cards[2]);
    default:
      cards[s] = 10;
      cards[(s + 1) % 3] = 13;
      cards[(s + 2) % 3] = 10;
      deltas[(s + 1) % 3] = 2;
      return g_strdup_printf ("{\"declarer\": %u, \"cards\": [%d, %d, %d]}", s, cards[0], cards[1],
                              cards[2]);
    }
}

static int
player_index (const char *name)
{
  g_assert_true (name[0] == 'P');
  return atoi (name + 1) - 1;
}

/* Half away from zero, hundredths of @num / @den × 100, as "58.33". */
static char *
percent_text (gint64 num,
              gint64 den)
{
  gint64 hundredths = (2 * num * 10000 + den) / (2 * den);

  return g_strdup_printf ("%" G_GINT64_FORMAT ".%02" G_GINT64_FORMAT, hundredths / 100,
                          hundredths % 100);
}

static void
test_twelve_players (void)
{
  g_autofree char *dir = lw_test_make_tmp_dir ("lw-test-cli-duplicate-XXXXXX");
  g_autofree char *db = g_build_filename (dir, "little-wolf.sqlite3", NULL);
  g_autofree char *id = NULL;
  /* Per player: the matchpoints summed, nets × 2 summed, boards. */
  gint64 mp_sum[N_PLAYERS] = { 0, }, net2_sum[N_PLAYERS] = { 0, };
  guint boards_played[N_PLAYERS] = { 0, };

  {
    const char *args[] = { "event", "new", "--name", "Club duplicate", "--format", "duplicate",
                           "--table-size", "3", "--rounds", "4", "--boards-per-round", "2",
                           "--seed", "19", NULL };
    id = ok_args (db, args);
    g_strstrip (id);
  }
  {
    const char *args[] = { "event", "add", id, "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8",
                           "P9", "P10", "P11", "P12", NULL };
    g_free (ok_args (db, args));
  }

  for (guint r = 1; r <= N_ROUNDS; r++)
    {
      const char *pair[] = { "event", "pair", id, NULL };
      g_autofree char *seating = ok_args (db, pair);
      g_auto (GStrv) lines = g_strsplit (seating, "\n", -1);
      int seat_of[N_TABLES][3];
      /* Per board and table, each seat's net × 2. */
      int net2[N_BOARDS][N_TABLES][3];

      g_assert_cmpuint (g_strv_length (lines), ==, N_TABLES * 3 + 1);
      for (guint l = 0; l < N_TABLES * 3; l++)
        {
          g_auto (GStrv) f = g_strsplit (lines[l], "\t", -1);

          g_assert_cmpuint (g_strv_length (f), ==, 5);
          g_assert_cmpint (atoi (f[0]), ==, (int) r);
          seat_of[atoi (f[1]) - 1][atoi (f[2])] = player_index (f[3]);
        }

      for (guint b = 0; b < N_BOARDS; b++)
        for (guint t = 0; t < N_TABLES; t++)
          {
            guint board = (r - 1) * N_BOARDS + b + 1;
            guint kind = (t + 2 * b + r) % 3, s = (t + b) % 3;
            int deltas[3], total = 0;
            g_autofree char *facts = facts_json (kind, s, deltas);
            g_autofree char *table_text = g_strdup_printf ("%u", t + 1);
            g_autofree char *board_text = g_strdup_printf ("%u", board);
            const char *args[] = { "event", "result", id, "--table", table_text, "--board",
                                   board_text, "--facts", facts, NULL };

            /* D4: before the last board's result, the same facts with a
             * seat unpegged are refused, and nothing is stored. */
            if (r == N_ROUNDS && b == N_BOARDS - 1 && t == N_TABLES - 1)
              {
                g_auto (LwTestRun) run = { 0, };
                g_autofree char *unpegged = g_strdup_printf ("%.*s, \"unpegged\": [0]}",
                                                             (int) strlen (facts) - 1, facts);
                const char *refused[] = { "event", "result", id, "--table", table_text,
                                          "--board", board_text, "--facts", unpegged, NULL };

                lw_test_run_cli_argv (&run, db, NULL, refused);
                lw_test_assert_cli_failed (&run, 2, "pegging does not apply to a board");
              }
            g_free (ok_args (db, args));
            for (guint p = 0; p < 3; p++)
              total += deltas[p];
            /* D5: net = delta − (total − delta) / 2, so 2 net = 3 delta − total. */
            for (guint p = 0; p < 3; p++)
              net2[b][t][p] = 3 * deltas[p] - total;
          }

      /* D6: each seat against the same seat at the other 3 tables. */
      for (guint b = 0; b < N_BOARDS; b++)
        for (guint t = 0; t < N_TABLES; t++)
          for (guint p = 0; p < 3; p++)
            {
              int player = seat_of[t][p], mp = 0;

              for (guint o = 0; o < N_TABLES; o++)
                if (o != t)
                  mp += net2[b][t][p] > net2[b][o][p] ? 2 : net2[b][t][p] == net2[b][o][p] ? 1 : 0;
              mp_sum[player] += mp;
              net2_sum[player] += net2[b][t][p];
              boards_played[player]++;
            }
    }

  /* D7: the average of mp / 6 over 8 boards = sum / 48. */
  {
    const char *args[] = { "event", "standings", id, "--json", NULL };
    g_autofree char *text = ok_args (db, args);
    g_autoptr (JsonNode) root = parse_json (text);
    JsonObject *object = json_node_get_object (root);
    JsonArray *rows = json_object_get_array_member (object, "standings");
    guint checked = 0;

    g_assert_cmpstr (json_object_get_string_member (object, "format"), ==, "duplicate");
    g_assert_true (json_object_get_boolean_member (object, "finished"));
    g_assert_cmpuint (json_array_get_length (rows), ==, N_PLAYERS);
    for (guint i = 0; i < json_array_get_length (rows); i++)
      {
        JsonObject *row = json_array_get_object_element (rows, i);
        int player = player_index (json_object_get_string_member (row, "player"));
        JsonObject *score = json_object_get_object_member (row, "score");
        g_autofree char *expected = percent_text (mp_sum[player], 6 * boards_played[player]);

        g_test_message ("%s: %s %%, matchpoints %" G_GINT64_FORMAT,
                        json_object_get_string_member (row, "player"),
                        json_object_get_string_member (row, "percentage"), mp_sum[player]);
        g_assert_cmpuint (boards_played[player], ==, N_ROUNDS * N_BOARDS);
        g_assert_cmpint (json_object_get_int_member (row, "boards"), ==, 8);
        g_assert_cmpint (json_object_get_int_member (row, "matchpoints"), ==, mp_sum[player]);
        g_assert_cmpstr (json_object_get_string_member (row, "percentage"), ==, expected);
        /* The exact fraction: mp / 48 in lowest terms. */
        g_assert_cmpint (json_object_get_int_member (score, "numerator") * 48, ==,
                         mp_sum[player] * json_object_get_int_member (score, "denominator"));
        g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (row, "nets"),
                                                     "numerator")
                         * 2, ==,
                         net2_sum[player]
                         * json_object_get_int_member (json_object_get_object_member (row, "nets"),
                                                       "denominator"));
        if (i > 0)
          {
            JsonObject *above = json_array_get_object_element (rows, i - 1);
            int before = player_index (json_object_get_string_member (above, "player"));

            /* D7: by score, then nets. */
            g_assert_true (mp_sum[before] > mp_sum[player]
                           || (mp_sum[before] == mp_sum[player]
                               && net2_sum[before] >= net2_sum[player]));
          }
        checked++;
      }
    g_assert_cmpuint (checked, ==, N_PLAYERS);
  }

  /* The text standings hold the same percentages. */
  {
    const char *args[] = { "event", "standings", id, NULL };
    g_autofree char *text = ok_args (db, args);
    g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, N_PLAYERS + 1);
    for (guint l = 0; l < N_PLAYERS; l++)
      {
        g_auto (GStrv) f = g_strsplit (lines[l], "\t", -1);
        int player = player_index (f[1]);
        g_autofree char *expected = percent_text (mp_sum[player], 48);

        g_assert_cmpuint (g_strv_length (f), ==, 6);
        g_assert_cmpstr (f[2], ==, expected);
        g_assert_cmpstr (f[5], ==, "8");
      }
  }

  /* D9: a board the table did not play, a second result: status 2, in
   * words, nothing stored. */
  {
    g_auto (LwTestRun) run = { 0, };
    const char *other[] = { "event", "result", id, "--table", "1", "--board", "1", "--facts",
                            "{\"declarer\": null, \"cards\": [15, 10, 8]}", NULL };
    const char *again[] = { "event", "result", id, "--table", "1", "--board", "7", "--facts",
                            "{\"declarer\": null, \"cards\": [15, 10, 8]}", NULL };

    lw_test_run_cli_argv (&run, db, NULL, other);
    lw_test_assert_cli_failed (&run, 2, "round 4, table 1 did not play board 1: it plays boards 7–8");
    lw_test_run_clear (&run);
    lw_test_run_cli_argv (&run, db, NULL, again);
    lw_test_assert_cli_failed (&run, 2, "round 4, table 1, board 7: a result is already entered");
  }

  /* A board's travelling sheet: 4 tables × 3 seats, each top 6. */
  {
    const char *args[] = { "event", "travellers", id, "--board", "5", "--json", NULL };
    g_autofree char *text = ok_args (db, args);
    g_autoptr (JsonNode) root = parse_json (text);
    JsonArray *travellers = json_object_get_array_member (json_node_get_object (root), "travellers");
    JsonObject *traveller = json_array_get_object_element (travellers, 0);
    JsonArray *rows = json_object_get_array_member (traveller, "rows");

    g_assert_cmpuint (json_array_get_length (travellers), ==, 1);
    g_assert_cmpint (json_object_get_int_member (traveller, "board"), ==, 5);
    g_assert_cmpint (json_object_get_int_member (traveller, "round"), ==, 3);
    /* D2: the dealer of board 5 at 3 seats is seat (5 − 1) mod 3 = 1. */
    g_assert_cmpint (json_object_get_int_member (traveller, "dealer"), ==, 1);
    g_assert_cmpuint (json_array_get_length (rows), ==, 12);
    for (guint i = 0; i < 12; i++)
      g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (rows, i), "top"),
                       ==, 6);
  }

  /* D3: each board's check code is the SHA-256 of its hands and Pups. */
  {
    const char *args[] = { "event", "boards", id, "--round", "2", "--json", NULL };
    g_autofree char *text = ok_args (db, args);
    g_autoptr (JsonNode) root = parse_json (text);
    JsonArray *boards = json_object_get_array_member (json_node_get_object (root), "boards");

    g_assert_cmpuint (json_array_get_length (boards), ==, 2);
    for (guint i = 0; i < 2; i++)
      {
        JsonObject *board = json_array_get_object_element (boards, i);
        JsonArray *hands = json_object_get_array_member (board, "hands");
        g_autoptr (GString) check = g_string_new (NULL);
        g_autofree char *digest = NULL;

        g_assert_cmpint (json_object_get_int_member (board, "board"), ==, 3 + (int) i);
        g_assert_cmpuint (json_array_get_length (hands), ==, 3);
        for (guint s = 0; s < 3; s++)
          {
            g_auto (GStrv) cards = g_strsplit (json_array_get_string_element (hands, s), " ", -1);

            g_assert_cmpuint (g_strv_length (cards), ==, 11);
            g_string_append_printf (check, "%s\n", json_array_get_string_element (hands, s));
          }
        g_string_append_printf (check, "%s\n", json_object_get_string_member (board, "pups"));
        digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, check->str, -1);
        digest[6] = '\0';
        g_assert_cmpstr (json_object_get_string_member (board, "check_code"), ==, digest);

        /* D1: the virtual table dealt from the board (lw_board_new_table())
         * holds the sheet's hands exactly and turns up its Pups in order. */
        {
          g_autoptr (LwEvent) event = stored_event (db, id);
          g_autoptr (LwTable) table = NULL;
          g_autofree char *pups_text = NULL;
          LwBoard deal;
          LwCard pups[4];

          lw_event_board (event, 3 + i, &deal);
          table = lw_board_new_table (&deal, NULL);
          for (guint s = 0; s < 3; s++)
            {
              guint count = 0;
              const LwCard *dealt = lw_table_get_hand (table, (int) s, &count);
              g_autofree char *faces = lw_cards_format (dealt, count);
              g_auto (GStrv) at_table = g_strsplit (faces, " ", -1);
              g_auto (GStrv) on_sheet = g_strsplit (json_array_get_string_element (hands, s), " ", -1);
              g_autofree char *a = NULL;
              g_autofree char *b = NULL;

              /* The same cards; the sheet sorts them (D3), the table deals. */
              qsort (at_table, g_strv_length (at_table), sizeof (char *), compare_faces);
              qsort (on_sheet, g_strv_length (on_sheet), sizeof (char *), compare_faces);
              a = g_strjoinv (" ", at_table);
              b = g_strjoinv (" ", on_sheet);
              g_assert_cmpuint (count, ==, 11);
              g_assert_cmpstr (a, ==, b);
            }
          lw_table_get_pups (table, pups);
          pups_text = lw_cards_format (pups, 4);
          g_assert_cmpstr (pups_text, ==, json_object_get_string_member (board, "pups"));
        }
      }
  }
  lw_test_remove_tree (dir);
}

/* A duplicate event "Par night" in the database @db: six players at
 * 3-seat tables, two rounds of two boards, round 1 paired and its boards
 * entered at both tables; its number (as text). */
static char *
make_par_event (const char *db)
{
  char *id;

  {
    const char *args[] = { "event", "new", "--name", "Par night", "--format", "duplicate",
                           "--table-size", "3", "--rounds", "2", "--boards-per-round", "2",
                           "--seed", "23", NULL };
    id = g_strstrip (ok_args (db, args));
  }
  {
    const char *args[] = { "event", "add", id, "P1", "P2", "P3", "P4", "P5", "P6", NULL };
    g_free (ok_args (db, args));
  }
  {
    const char *args[] = { "event", "pair", id, NULL };
    g_free (ok_args (db, args));
  }
  for (guint board = 1; board <= 2; board++)
    for (guint t = 1; t <= 2; t++)
      {
        int deltas[3];
        g_autofree char *facts = facts_json ((board + t) % 3, t % 3, deltas);
        g_autofree char *table_text = g_strdup_printf ("%u", t);
        g_autofree char *board_text = g_strdup_printf ("%u", board);
        const char *args[] = { "event", "result", id, "--table", table_text, "--board",
                               board_text, "--facts", facts, NULL };

        g_free (ok_args (db, args));
      }
  return id;
}

/* The par of D10: `event par` plays round 1's boards by computers and
 * stores them; `event travellers` shows each beside its board (text and
 * JSON), as the engine plays it from the stored event; the standings stay
 * byte-identical (never counted); a second par replaces the first. */
static void
test_par (void)
{
  g_autofree char *dir = lw_test_make_tmp_dir ("lw-test-cli-duplicate-XXXXXX");
  g_autofree char *db = g_build_filename (dir, "little-wolf.sqlite3", NULL);
  g_autofree char *id = make_par_event (db);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *printed = NULL;
  g_autofree char *text = NULL;
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (GError) error = NULL;
  const char *standings[] = { "event", "standings", NULL, "--json", NULL };

  standings[2] = id;
  before = ok_args (db, standings);
  {
    const char *args[] = { "event", "travellers", id, "--board", "1", "--json", NULL };
    g_autofree char *json = ok_args (db, args);
    g_autoptr (JsonNode) root = parse_json (json);
    JsonObject *traveller = json_array_get_object_element (
      json_object_get_array_member (json_node_get_object (root), "travellers"), 0);

    /* No par yet: null beside the rows. */
    g_assert_true (json_object_has_member (traveller, "par"));
    g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (traveller, "par")));
  }

  {
    const char *args[] = { "event", "par", id, "--round", "1", NULL };
    printed = ok_args (db, args);
  }
  after = ok_args (db, standings);
  /* D10: never counted. */
  g_assert_cmpstr (after, ==, before);

  /* The pars the engine plays from the stored event, at Hard. */
  event = stored_event (db, id);
  {
    const char *args[] = { "event", "travellers", id, NULL };
    const char *json_args[] = { "event", "travellers", id, "--json", NULL };
    g_autofree char *json = ok_args (db, json_args);
    g_autoptr (JsonNode) root = parse_json (json);
    JsonArray *travellers = json_object_get_array_member (json_node_get_object (root), "travellers");
    GString *expected_print = g_string_new (NULL);
    g_autofree char *expected_print_text = NULL;

    text = ok_args (db, args);
    /* Every board of the rounds paired: round 1's. */
    g_assert_cmpuint (json_array_get_length (travellers), ==, 2);
    for (guint board = 1; board <= 2; board++)
      {
        JsonObject *traveller = json_array_get_object_element (travellers, board - 1);
        JsonNode *par_node = json_object_get_member (traveller, "par");
        g_autoptr (LwBoardPar) par = NULL;
        g_autoptr (GString) line = NULL;
        JsonArray *rows;
        gint64 net_sum_num = 0;

        g_assert_cmpint (json_object_get_int_member (traveller, "board"), ==, board);
        /* The sheet's own rows are the two tables' only (D10). */
        g_assert_cmpuint (json_array_get_length (json_object_get_array_member (traveller, "rows")),
                          ==, 6);
        par = lw_duplicate_play_par (event, board, LW_BOT_HARD, &error);
        g_assert_no_error (error);
        g_assert_cmpstr (json_object_get_string_member (json_node_get_object (par_node), "level"),
                         ==, "hard");
        rows = json_object_get_array_member (json_node_get_object (par_node), "rows");
        g_assert_cmpuint (json_array_get_length (rows), ==, 3);
        line = g_string_new ("Par (Hard):");
        for (guint p = 0; p < 3; p++)
          {
            JsonObject *row = json_array_get_object_element (rows, p);
            JsonObject *net = json_object_get_object_member (row, "net");
            g_autofree char *net_text = lw_fraction_format (par->nets[p], 1);

            g_assert_cmpint (json_object_get_int_member (row, "position"), ==, p);
            g_assert_cmpint (json_object_get_int_member (row, "delta"), ==, par->deltas[p]);
            g_assert_cmpstr (json_object_get_string_member (net, "text"), ==, net_text);
            g_assert_cmpint (json_object_get_int_member (net, "denominator"), ==, par->nets[p].den);
            /* D5: the nets have the denominator 1 or 2 at a 3-seat table. */
            net_sum_num += json_object_get_int_member (net, "numerator")
                           * (2 / json_object_get_int_member (net, "denominator"));
            g_string_append_printf (line, "%s %u: %d (%s)", p > 0 ? "," : "", p, par->deltas[p],
                                    net_text);
          }
        g_assert_cmpint (net_sum_num, ==, 0);
        /* The text sheet: the par's line after the board's rows. */
        g_string_append_c (line, '\n');
        g_assert_nonnull (strstr (text, line->str));
        g_string_append_printf (expected_print, "Board %u\t%s", board, line->str);
      }
    expected_print_text = g_string_free (expected_print, FALSE);
    g_assert_cmpstr (printed, ==, expected_print_text);
  }
  {
    const char *args[] = { "event", "travellers", id, "--board", "3", "--json", NULL };
    g_autofree char *json = ok_args (db, args);
    g_autoptr (JsonNode) root = parse_json (json);
    JsonObject *traveller = json_array_get_object_element (
      json_object_get_array_member (json_node_get_object (root), "travellers"), 0);

    /* Round 2's boards were not played by computers. */
    g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (traveller, "par")));
  }

  /* The same event, board and level: the same par; another level
   * replaces it. */
  {
    const char *args[] = { "event", "par", id, "--round", "1", NULL };
    g_autofree char *again = ok_args (db, args);

    g_assert_cmpstr (again, ==, printed);
  }
  {
    const char *args[] = { "event", "par", id, "--round", "1", "--level", "normal", NULL };
    const char *sheet[] = { "event", "travellers", id, "--board", "2", NULL };
    g_autofree char *normal = ok_args (db, args);
    g_autofree char *sheet_text = ok_args (db, sheet);

    g_assert_true (g_str_has_prefix (normal, "Board 1\tPar (Normal): 0: "));
    g_assert_nonnull (strstr (sheet_text, "\nPar (Normal): 0: "));
    g_assert_null (strstr (sheet_text, "Par (Hard)"));
  }
  g_assert_cmpint (lw_test_sql_int_at (db, "SELECT count(*) FROM event_board_pars"), ==, 2);
  g_free (after);
  after = ok_args (db, standings);
  g_assert_cmpstr (after, ==, before);

  /* Refusals: exit status 2, nothing stored. */
  {
    g_auto (LwTestRun) run = { 0, };
    const char *args[] = { "event", "par", id, "--round", "3", NULL };

    lw_test_run_cli_argv (&run, db, NULL, args);
    lw_test_assert_cli_failed (&run, 2, "event par: --round 3: Par night has 2 rounds");
  }
  {
    g_auto (LwTestRun) run = { 0, };
    const char *args[] = { "event", "par", id, "--level", "grand", NULL };

    lw_test_run_cli_argv (&run, db, NULL, args);
    lw_test_assert_cli_failed (&run, 2, "--level \"grand\" is not random, easy, normal, hard or "
                                        "expert");
  }
  g_assert_cmpint (lw_test_sql_int_at (db, "SELECT count(*) FROM event_board_pars"), ==, 2);
  lw_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-duplicate/twelve-players", test_twelve_players);
  g_test_add_func ("/cli-duplicate/par", test_par);
  return g_test_run ();
}
