/* lw-store-events.c — events in the database (schema 4; the tables are
 * described in lw-store-schema.c): reading an event, its list, adding,
 * renaming and deleting one, its entrants; its rounds and results are
 * lw-store-event-rounds.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-enum-names.h"
#include "lw-store-events.h"
#include "lw-store-private.h"

void
lw_event_summary_free (LwEventSummary *summary)
{
  if (summary == NULL)
    return;
  g_free (summary->name);
  g_free (summary);
}

/* An event's name as stored: the names rule (docs/rules/GAME-RECORD.md "Names",
 * lw_name_normalize()) gives it, or NULL with %LW_ENGINE_ERROR_INVALID. */
static char *
event_name (const char  *name,
            GError     **error)
{
  return lw_name_normalize (name, "the event's name", error);
}

/* event_players.status: each entrant status's name at the index of its
 * value. */
static const char *const status_names[] = {
  [LW_ENTRANT_REGISTERED] = "registered",
  [LW_ENTRANT_CHECKED_IN] = "checked_in",
  [LW_ENTRANT_DROPPED] = "dropped",
};

/* Any value but checked in or dropped is written as registered, as it
 * always was. */
static const char *
status_to_string (LwEntrantStatus status)
{
  return status_names[(guint) status < G_N_ELEMENTS (status_names) ? (guint) status : LW_ENTRANT_REGISTERED];
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */
/* ------------------------------------------------------------------ */

static gboolean
load_entrants (LwStore  *self,
               gint64    id,
               LwEvent  *event,
               GError  **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_query (self,
                    "SELECT e.entrant, p.name, e.status, e.joined_round"
                    " FROM event_players e JOIN players p ON p.id = e.player"
                    " WHERE e.event = ? ORDER BY e.entrant", id, 0, error);
  gboolean stepped = TRUE;

  while (lw_store_next_row (self, stmt, &stepped, error))
    {
      LwEntrant *entrant = g_new0 (LwEntrant, 1);
      gint64 index = sqlite3_column_int64 (stmt, 0);
      const char *name = (const char *) sqlite3_column_text (stmt, 1);
      guint status;

      g_ptr_array_add (event->entrants, entrant);
      entrant->name = g_strdup (name != NULL ? name : "");
      entrant->joined_round = (guint) CLAMP (sqlite3_column_int64 (stmt, 3), 1, G_MAXUINT);
      if (index != (gint64) event->entrants->len - 1)
        return lw_store_fail_damaged (self, "event", id,
                                      "its entrants are not numbered 0, 1, …", error);
      if (!lw_enum_from_name (status_names, G_N_ELEMENTS (status_names),
                              (const char *) sqlite3_column_text (stmt, 2), &status))
        return lw_store_fail_damaged (self, "event", id,
                                      "an entrant's status is unknown", error);
      entrant->status = (LwEntrantStatus) status;
    }
  return stepped;
}

static gboolean
load_rounds (LwStore  *self,
             gint64    id,
             LwEvent  *event,
             GError  **error)
{
  gboolean stepped = TRUE;

  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_query (self, "SELECT number FROM event_rounds WHERE event = ? ORDER BY number",
                      id, 0, error);

    while (lw_store_next_row (self, stmt, &stepped, error))
      {
        if (sqlite3_column_int64 (stmt, 0) != (gint64) event->rounds->len + 1)
          return lw_store_fail_damaged (self, "event", id,
                                        "its rounds are not numbered 1, 2, …", error);
        g_ptr_array_add (event->rounds, lw_event_round_new (event->rounds->len + 1));
      }
    if (!stepped)
      return FALSE;
  }

  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_query (self, "SELECT round, entrant FROM event_byes WHERE event = ?"
                            " ORDER BY round, entrant", id, 0, error);

    while (lw_store_next_row (self, stmt, &stepped, error))
      {
        gint64 round = sqlite3_column_int64 (stmt, 0);
        gint64 entrant = sqlite3_column_int64 (stmt, 1);
        LwEventRound *r;
        int value = (int) entrant;

        if (round < 1 || round > event->rounds->len
            || entrant < 0 || entrant >= event->entrants->len)
          return lw_store_fail_damaged (self, "event", id, "a bye is out of range", error);
        r = g_ptr_array_index (event->rounds, round - 1);
        g_array_append_val (r->byes, value);
      }
    if (!stepped)
      return FALSE;
  }
  return TRUE;
}

/* The tables of every round, seats and paper scores included; tables
 * linked to a game get the game's ID in *@games (table pointers later
 * resolved by the caller). */
typedef struct {
  guint  round;
  guint  table;
  gint64 game;
} LinkedTable;

static gboolean
load_tables (LwStore  *self,
             gint64    id,
             LwEvent  *event,
             GArray   *linked,
             GError  **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray) paper = g_array_new (FALSE, FALSE, sizeof (gboolean));
  gboolean stepped = TRUE;

  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_query (self,
                      "SELECT id, round, number, first_dealer, game, paper FROM event_tables"
                      " WHERE event = ? ORDER BY round, number", id, 0, error);

    while (lw_store_next_row (self, stmt, &stepped, error))
      {
        gint64 table_id = sqlite3_column_int64 (stmt, 0);
        gint64 round = sqlite3_column_int64 (stmt, 1);
        gint64 number = sqlite3_column_int64 (stmt, 2);
        gboolean is_paper = sqlite3_column_int64 (stmt, 5) != 0;
        LwEventTable table = { 0, };
        LwEventRound *r;

        if (round < 1 || round > event->rounds->len)
          return lw_store_fail_damaged (self, "event", id,
                                        "a table's round is not paired", error);
        r = g_ptr_array_index (event->rounds, round - 1);
        if (number != (gint64) r->tables->len + 1)
          return lw_store_fail_damaged (self, "event", id,
                                        "its tables are not numbered 1, 2, …", error);
        table.number = (guint) number;
        table.first_dealer = sqlite3_column_int (stmt, 3);
        g_array_append_val (r->tables, table);
        g_array_append_val (ids, table_id);
        g_array_append_val (paper, is_paper);
        if (sqlite3_column_type (stmt, 4) != SQLITE_NULL)
          {
            LinkedTable link = { (guint) round, (guint) number, sqlite3_column_int64 (stmt, 4) };
            g_array_append_val (linked, link);
          }
      }
    if (!stepped)
      return FALSE;
  }

  /* Seats, table by table in the order read. */
  {
    guint k = 0;

    for (guint r = 0; r < event->rounds->len; r++)
      {
        LwEventRound *round = g_ptr_array_index (event->rounds, r);

        for (guint t = 0; t < round->tables->len; t++, k++)
          {
            LwEventTable *table = &g_array_index (round->tables, LwEventTable, t);
            g_autoptr (LwStoreStmt) stmt =
              lw_store_query (self,
                              "SELECT seat, entrant, paper_score FROM event_seats"
                              " WHERE event_table = ? ORDER BY seat",
                              g_array_index (ids, gint64, k), 0, error);
            int scores[LW_EVENT_MAX_SEATS] = { 0, };
            gboolean all_scores = TRUE;

            while (lw_store_next_row (self, stmt, &stepped, error))
              {
                gint64 seat = sqlite3_column_int64 (stmt, 0);
                gint64 entrant = sqlite3_column_int64 (stmt, 1);

                if (seat != table->n_seats || entrant < 0 || entrant >= event->entrants->len)
                  return lw_store_fail_damaged (self, "event", id,
                                                "a table's seats are out of range", error);
                table->entrants[table->n_seats] = (int) entrant;
                if (sqlite3_column_type (stmt, 2) == SQLITE_NULL)
                  all_scores = FALSE;
                else
                  scores[table->n_seats] = sqlite3_column_int (stmt, 2);
                table->n_seats++;
              }
            if (!stepped)
              return FALSE;
            if (table->n_seats < 2 || table->first_dealer >= (int) table->n_seats)
              return lw_store_fail_damaged (self, "event", id,
                                            "a table has too few seats", error);
            /* A stored board that no game ends with was entered as time
             * called: the mark is the scores themselves. */
            if (g_array_index (paper, gboolean, k) && all_scores
                && !lw_event_set_paper_result_full (event, r + 1, t + 1, scores,
                                                    table->n_seats, FALSE, NULL)
                && !lw_event_set_paper_result_full (event, r + 1, t + 1, scores,
                                                    table->n_seats, TRUE, NULL))
              return lw_store_fail_damaged (self, "event", id,
                                            "a table's paper scores are not a result", error);
          }
      }
  }
  return TRUE;
}

LwEvent *
lw_store_read_event (LwStore  *self,
                     gint64    id,
                     GError  **error)
{
  g_autoptr (LwEvent) event = NULL;
  g_autoptr (GArray) linked = g_array_new (FALSE, FALSE, sizeof (LinkedTable));
  LwEventConfig config;
  gboolean has_row = FALSE;

  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_query_row (self,
                          "SELECT name, format, table_size, rounds, points_win, points_second,"
                          " points_other, seed, tiebreaks, seeding, boards_per_round"
                          " FROM events WHERE id = ?",
                          id, 0, &has_row, error);
    LwEventFormat format;

    if (stmt == NULL)
      return NULL;
    if (!has_row)
      {
        lw_store_set_not_found (error, "event", id);
        return NULL;
      }
    if (!lw_event_format_from_string ((const char *) sqlite3_column_text (stmt, 1), &format))
      {
        lw_store_fail_damaged (self, "event", id, "its format is unknown", error);
        return NULL;
      }
    /* A duplicate event keeps its seating's format (schema 15). */
    if (sqlite3_column_int (stmt, 10) > 0)
      {
        gboolean partners = format == LW_EVENT_PARTNERS;

        lw_event_config_init (&config, LW_EVENT_DUPLICATE, (guint) sqlite3_column_int (stmt, 2));
        config.partners = partners;
        config.boards_per_round = (guint) sqlite3_column_int (stmt, 10);
      }
    else
      lw_event_config_init (&config, format, (guint) sqlite3_column_int (stmt, 2));
    config.n_rounds = (guint) sqlite3_column_int (stmt, 3);
    config.points_win = sqlite3_column_int (stmt, 4);
    config.points_second = sqlite3_column_int (stmt, 5);
    config.points_other = sqlite3_column_int (stmt, 6);
    config.seed = (guint64) sqlite3_column_int64 (stmt, 7);
    if (sqlite3_column_type (stmt, 8) != SQLITE_NULL
        && !lw_tiebreaks_from_string ((const char *) sqlite3_column_text (stmt, 8), &config, NULL))
      {
        lw_store_fail_damaged (self, "event", id, "its tie-breaks are unknown", error);
        return NULL;
      }
    if (!lw_seeding_from_string ((const char *) sqlite3_column_text (stmt, 9), &config.seeding))
      {
        lw_store_fail_damaged (self, "event", id, "its seeding is unknown", error);
        return NULL;
      }
    if (!lw_event_config_validate (&config, NULL))
      {
        lw_store_fail_damaged (self, "event", id, "its settings are not valid", error);
        return NULL;
      }
    event = lw_event_new ((const char *) sqlite3_column_text (stmt, 0), &config);
  }

  if (!load_entrants (self, id, event, error)
      || !load_rounds (self, id, event, error)
      || !load_tables (self, id, event, linked, error)
      || (event->config.format == LW_EVENT_DUPLICATE
          && !lw_store_read_board_results (self, id, event, error)))
    return NULL;

  /* A linked table's result is its game's replay. */
  for (guint i = 0; i < linked->len; i++)
    {
      const LinkedTable *link = &g_array_index (linked, LinkedTable, i);
      g_autoptr (LwStoredGame) game = NULL;
      g_autoptr (LwStandings) standings = NULL;

      if (!lw_store_find_game (self, link->game, &game, error))
        return NULL;
      if (game == NULL)
        continue;
      standings = lw_standings_compute (game->record, NULL);
      if (standings != NULL)
        lw_event_set_game_result (event, link->round, link->table, link->game,
                                  game->record, standings, NULL);
    }
  return g_steal_pointer (&event);
}

LwEvent *
lw_store_load_event (LwStore  *self,
                     gint64    id,
                     GError  **error)
{
  g_autoptr (LwEvent) event = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  event = lw_store_read_event (self, id, error);
  if (event == NULL)
    {
      lw_store_rollback (self);
      return NULL;
    }
  if (!lw_store_commit (self, error))
    return NULL;
  return g_steal_pointer (&event);
}

static gboolean
add_paper_rating_games (LwStore        *self,
                        LwRatingGames  *games,
                        GError        **error)
{
  /* Each event's ID and when it was created (part of its results' keys). */
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (gint64) * 2);
  gboolean stepped = TRUE;

  /* The events with a result from paper, then each one's tables. */
  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self, "SELECT id, created FROM events WHERE id IN"
                           " (SELECT event FROM event_tables WHERE paper = 1 AND game IS NULL)"
                           " ORDER BY id", error);

    while (lw_store_next_row (self, stmt, &stepped, error))
      {
        gint64 row[2] = { sqlite3_column_int64 (stmt, 0), sqlite3_column_int64 (stmt, 1) };
        g_array_append_val (events, row);
      }
    if (!stepped)
      return FALSE;
  }
  for (guint i = 0; i < events->len; i++)
    {
      gint64 id = ((const gint64 *) (gpointer) events->data)[2 * i];
      gint64 created = ((const gint64 *) (gpointer) events->data)[2 * i + 1];
      g_autoptr (LwEvent) event = lw_store_load_event (self, id, error);
      g_autoptr (LwStoreStmt) stmt = NULL;

      if (event == NULL)
        return FALSE;
      stmt = lw_store_query (self,
                             "SELECT t.id, t.round, t.number, r.paired_at FROM event_tables AS t"
                             " JOIN event_rounds AS r ON r.event = t.event AND r.number = t.round"
                             " WHERE t.event = ? AND t.paper = 1 AND t.game IS NULL"
                             " ORDER BY t.round, t.number", id, 0, error);
      while (lw_store_next_row (self, stmt, &stepped, error))
        {
          gint64 round = sqlite3_column_int64 (stmt, 1);
          gint64 number = sqlite3_column_int64 (stmt, 2);
          const LwEventRound *r;

          /* lw_store_load_event() checked the rounds and tables. */
          if (round < 1 || round > event->rounds->len)
            continue;
          r = g_ptr_array_index (event->rounds, round - 1);
          if (number < 1 || number > r->tables->len)
            continue;
          lw_rating_games_add_paper (games, event, (guint) round, (guint) number,
                                     sqlite3_column_int64 (stmt, 0), created,
                                     sqlite3_column_int64 (stmt, 3));
        }
      if (!stepped)
        return FALSE;
    }
  return TRUE;
}

gboolean
lw_store_add_paper_rating_games (LwStore        *self,
                                 LwRatingGames  *games,
                                 GError        **error)
{
  if (!lw_store_begin_read (self, error))
    return FALSE;
  if (!add_paper_rating_games (self, games, error))
    {
      lw_store_rollback (self);
      return FALSE;
    }
  return lw_store_commit (self, error);
}

/* An event's summary as lw_store_list_events() selects it. */
static gpointer
read_summary (LwStoreStmt *stmt,
              guint        index)
{
  LwEventSummary *summary = g_new0 (LwEventSummary, 1);

  summary->id = sqlite3_column_int64 (stmt, 0);
  summary->name = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
  if (!lw_event_format_from_string ((const char *) sqlite3_column_text (stmt, 2),
                                    &summary->format))
    summary->format = LW_EVENT_SWISS;
  if (sqlite3_column_int (stmt, 7) > 0)
    summary->format = LW_EVENT_DUPLICATE;
  summary->table_size = (guint) sqlite3_column_int (stmt, 3);
  summary->created = sqlite3_column_int64 (stmt, 4);
  summary->n_entrants = (guint) sqlite3_column_int (stmt, 5);
  summary->rounds_paired = (guint) sqlite3_column_int (stmt, 6);
  return summary;
}

GPtrArray *
lw_store_list_events (LwStore  *self,
                      GError  **error)
{
  g_autoptr (GPtrArray) list = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  list = lw_store_list_rows (self,
                             "SELECT e.id, e.name, e.format, e.table_size, e.created,"
                             " (SELECT count (*) FROM event_players p WHERE p.event = e.id),"
                             " (SELECT count (*) FROM event_rounds r WHERE r.event = e.id),"
                             " e.boards_per_round FROM events e ORDER BY e.created DESC, e.id DESC",
                             0, read_summary, (GDestroyNotify) lw_event_summary_free, error);
  if (!lw_store_finish (self, list != NULL, error))
    return NULL;
  return g_steal_pointer (&list);
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

gint64
lw_store_add_event (LwStore              *self,
                    const char           *name,
                    const LwEventConfig  *config,
                    GError              **error)
{
  return lw_store_add_event_with_rules (self, name, config, NULL, error);
}

gint64
lw_store_add_event_with_rules (LwStore              *self,
                               const char           *name,
                               const LwEventConfig  *config,
                               const LwRuleSet      *rules,
                               GError              **error)
{
  g_autoptr (LwRuleSet) standard = lw_rule_set_new_standard (LW_RULESET_LITTLE_WOLF);
  g_autofree char *clean = NULL;
  gint64 id;

  g_return_val_if_fail (LW_IS_STORE (self), 0);
  g_return_val_if_fail (name != NULL && config != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (rules == NULL)
    rules = standard;
  clean = event_name (name, error);
  if (clean == NULL || !lw_event_config_validate (config, error))
    return 0;
  if (rules->ruleset != LW_RULESET_LITTLE_WOLF)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "the rule set “%s” is for Garwolf; an event plays Little Wolf",
                   rules->name != NULL ? rules->name : "");
      return 0;
    }
  if (!lw_store_check_rule_set (rules, error))
    return 0;
  name = clean;

  if (!lw_store_begin_write (self, error))
    return 0;
  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self,
                     "INSERT INTO events (name, format, table_size, rounds, points_win,"
                     " points_second, points_other, seed, created, tiebreaks, seeding,"
                     " rule_set, start_score, target, skunk, run_fill, over_trump,"
                     " boards_per_round)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", error);
    /* A duplicate event is stored with its seating's format (schema 15). */
    LwEventFormat stored_format = config->format != LW_EVENT_DUPLICATE ? config->format
                                  : config->partners ? LW_EVENT_PARTNERS : LW_EVENT_ROUND_ROBIN;
    g_autofree char *tiebreaks = lw_tiebreaks_to_string (config);

    if (stmt == NULL
        || !lw_store_bind_text (self, stmt, 1, name, error)
        || !lw_store_bind_text (self, stmt, 2, lw_event_format_to_string (stored_format), error)
        || !lw_store_bind_int (self, stmt, 3, config->table_size, error)
        || !lw_store_bind_int (self, stmt, 4, config->n_rounds, error)
        || !lw_store_bind_int (self, stmt, 5, config->points_win, error)
        || !lw_store_bind_int (self, stmt, 6, config->points_second, error)
        || !lw_store_bind_int (self, stmt, 7, config->points_other, error)
        || !lw_store_bind_int (self, stmt, 8, (gint64) config->seed, error)
        || !lw_store_bind_int (self, stmt, 9, g_get_real_time () / G_USEC_PER_SEC, error)
        || !lw_store_bind_text (self, stmt, 10, tiebreaks, error)
        || !lw_store_bind_text (self, stmt, 11, lw_seeding_to_string (config->seeding), error)
        || !lw_store_bind_text (self, stmt, 12, rules->name, error)
        || !lw_store_bind_int (self, stmt, 13, rules->start_score, error)
        || !lw_store_bind_int (self, stmt, 14, rules->target, error)
        || !lw_store_bind_int (self, stmt, 15, rules->skunk, error)
        || !lw_store_bind_text (self, stmt, 16, lw_run_fill_to_string (rules->run_fill), error)
        || !lw_store_bind_text (self, stmt, 17, lw_over_trump_to_string (rules->over_trump), error)
        || !lw_store_bind_int (self, stmt, 18, config->boards_per_round, error)
        || !lw_store_step_done (self, stmt, error))
      id = 0;
    else
      id = sqlite3_last_insert_rowid (sqlite3_db_handle (stmt));
  }
  return lw_store_finish (self, id > 0, error) ? id : 0;
}

/* Runs @sql, which changes event @id (?2) and takes @text as ?1 (SQL NULL
 * when %NULL), in one write transaction; no row changed: no such event. */
static gboolean
change_event_row (LwStore     *self,
                  gint64       id,
                  const char  *sql,
                  const char  *text,
                  GError     **error)
{
  gboolean ok;

  if (!lw_store_begin_write (self, error))
    return FALSE;
  ok = lw_store_club_check_event_writable (self, id, error)
       && lw_store_run_text (self, sql, text, id, error);
  if (ok && sqlite3_changes (lw_store_get_db (self)) == 0)
    {
      lw_store_set_not_found (error, "event", id);
      ok = FALSE;
    }
  return lw_store_finish (self, ok, error);
}

gboolean
lw_store_rename_event (LwStore     *self,
                       gint64       id,
                       const char  *name,
                       GError     **error)
{
  g_autofree char *clean = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  clean = event_name (name, error);
  if (clean == NULL)
    return FALSE;
  return change_event_row (self, id, "UPDATE events SET name = ?1 WHERE id = ?2", clean, error);
}

gboolean
lw_store_delete_event (LwStore  *self,
                       gint64    id,
                       GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Its players, rounds, byes, tables, seats and the games kept for its
   * tables' links go with it (ON DELETE CASCADE); the games stay. */
  return change_event_row (self, id, "DELETE FROM events WHERE id = ?2", NULL, error);
}

LwEvent *
lw_store_event_begin_change (LwStore  *self,
                             gint64    id,
                             GError  **error)
{
  LwEvent *event;

  if (!lw_store_begin_write (self, error))
    return NULL;
  event = lw_store_club_check_event_writable (self, id, error)
          ? lw_store_load_event (self, id, error) : NULL;
  if (event == NULL)
    lw_store_rollback (self);
  return event;
}

gboolean
lw_store_add_event_entrants (LwStore            *self,
                             gint64              id,
                             const char *const  *names,
                             LwEntrantStatus     status,
                             GError            **error)
{
  g_autoptr (LwEvent) event = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (names != NULL, FALSE);
  g_return_val_if_fail (status != LW_ENTRANT_DROPPED, FALSE);

  event = lw_store_event_begin_change (self, id, error);
  if (event == NULL)
    return FALSE;
  for (guint i = 0; ok && names[i] != NULL; i++)
    {
      gint64 player = 0;
      int index = lw_event_add_entrant (event, names[i], status, error);

      /* The entrant's name as the engine keeps it (NFC, trimmed). */
      ok = index >= 0
           && lw_store_player_id (self, ((const LwEntrant *) g_ptr_array_index (event->entrants, (guint) index))->name,
                                  &player, error);
      if (!ok && names[1] != NULL)
        g_prefix_error (error, "name %u: ", i + 1);
      if (ok)
        {
          g_autoptr (LwStoreStmt) stmt =
            lw_store_stmt (self,
                           "INSERT INTO event_players (event, entrant, player, status,"
                           " joined_round) VALUES (?, ?, ?, ?, ?)", error);
          const LwEntrant *entrant = g_ptr_array_index (event->entrants, (guint) index);

          ok = stmt != NULL
               && lw_store_bind_int (self, stmt, 1, id, error)
               && lw_store_bind_int (self, stmt, 2, index, error)
               && lw_store_bind_int (self, stmt, 3, player, error)
               && lw_store_bind_text (self, stmt, 4, status_to_string (status), error)
               && lw_store_bind_int (self, stmt, 5, entrant->joined_round, error)
               && lw_store_step_done (self, stmt, error);
        }
    }
  return lw_store_finish (self, ok, error);
}

gboolean
lw_store_add_event_entrant (LwStore          *self,
                            gint64            id,
                            const char       *name,
                            LwEntrantStatus   status,
                            GError          **error)
{
  const char *names[2] = { name, NULL };

  g_return_val_if_fail (name != NULL, FALSE);
  return lw_store_add_event_entrants (self, id, names, status, error);
}

gboolean
lw_store_set_event_entrant_status (LwStore          *self,
                                   gint64            id,
                                   const char       *name,
                                   LwEntrantStatus   status,
                                   GError          **error)
{
  g_autoptr (LwEvent) event = NULL;
  int index;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  event = lw_store_event_begin_change (self, id, error);
  if (event == NULL)
    return FALSE;
  index = lw_event_find_entrant (event, name);
  if (index < 0)
    {
      g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
                   "%s: not entered in %s", name, event->name);
      ok = FALSE;
    }
  else
    ok = lw_event_set_entrant_status (event, index, status, error);
  if (ok)
    {
      g_autoptr (LwStoreStmt) stmt =
        lw_store_stmt (self, "UPDATE event_players SET status = ? WHERE event = ? AND entrant = ?",
                       error);

      ok = stmt != NULL
           && lw_store_bind_text (self, stmt, 1, status_to_string (status), error)
           && lw_store_bind_int (self, stmt, 2, id, error)
           && lw_store_bind_int (self, stmt, 3, index, error)
           && lw_store_step_done (self, stmt, error);
    }
  return lw_store_finish (self, ok, error);
}
