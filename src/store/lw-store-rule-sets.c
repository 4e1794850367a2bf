/* lw-store-rule-sets.c — named, saved sets of a game's options (schema 12)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "lw-names.h"
#include "lw-store-private.h"
#include "lw-store-rule-sets.h"

LwRuleSet *
lw_rule_set_new_standard (LwRuleset ruleset)
{
  /* The defaults are lw_game_record_new()'s (SCORING R3, R23, R24, G2). */
  g_autoptr (LwGameRecord) record = lw_game_record_new (ruleset, 0, NULL);
  LwRuleSet *set = g_new0 (LwRuleSet, 1);

  set->ruleset = ruleset;
  set->start_score = record->start_score;
  set->target = record->target;
  set->skunk = record->skunk;
  set->run_fill = record->run_fill;
  set->over_trump = record->over_trump;
  set->king_and_knave = record->king_and_knave;
  return set;
}

void
lw_rule_set_apply (const LwRuleSet *set,
                   LwGameRecord    *record)
{
  gboolean garwolf;

  g_return_if_fail (set != NULL && record != NULL);
  g_return_if_fail (set->ruleset == record->ruleset);

  garwolf = set->ruleset == LW_RULESET_GARWOLF;
  record->start_score = set->start_score;
  record->target = set->target;
  record->skunk = set->skunk;
  record->run_fill = garwolf ? LW_RUN_FILL_INSIDE_OR_END : set->run_fill;
  record->over_trump = garwolf ? LW_OVER_TRUMP_WINNING_PLAY : set->over_trump;
  record->king_and_knave = garwolf && set->king_and_knave;
  g_free (record->rule_set);
  record->rule_set = g_strdup (set->name);
}

void
lw_rule_set_free (LwRuleSet *set)
{
  if (set == NULL)
    return;
  g_free (set->name);
  g_free (set);
}

/* The name as stored (NFC, trimmed), or NULL with %LW_ENGINE_ERROR_INVALID. */
static char *
rule_set_name (const char  *name,
               GError     **error)
{
  return lw_name_normalize (name, "the rule set's name", error);
}

gboolean
lw_store_check_rule_set (const LwRuleSet  *set,
                         GError          **error)
{
  gboolean garwolf = set->ruleset == LW_RULESET_GARWOLF;
  const char *problem = NULL;

  if (set->ruleset != LW_RULESET_LITTLE_WOLF && !garwolf)
    problem = "an unknown ruleset";
  else if (set->start_score < 0)
    problem = "a start score below 0";
  else if (set->target < 1)
    problem = "a target below 1";
  else if (set->skunk < 1)
    problem = "a skunk below 1";
  else if ((guint) set->run_fill > LW_RUN_FILL_INSIDE_ONLY
           || (guint) set->over_trump > LW_OVER_TRUMP_WHOLE_TRICK)
    problem = "an unknown house rule";
  else if (garwolf && (set->run_fill != LW_RUN_FILL_INSIDE_OR_END
                       || set->over_trump != LW_OVER_TRUMP_WINNING_PLAY))
    problem = "run_fill or over_trump, which are for Little Wolf only";
  else if (!garwolf && set->king_and_knave)
    problem = "king_and_knave, which is for Garwolf only";
  if (problem == NULL)
    return TRUE;
  g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
               "the rule set “%s”: %s", set->name != NULL ? set->name : "Standard rules", problem);
  return FALSE;
}

/* FALSE with %LW_STORE_ERROR_INVALID when another set of @ruleset than
 * @except is named @name; inside a transaction. */
static gboolean
check_name_free (LwStore     *self,
                 LwRuleset    ruleset,
                 const char  *name,
                 gint64       except,
                 GError     **error)
{
  g_autoptr (LwStoreStmt) stmt =
    lw_store_stmt (self, "SELECT id FROM rule_sets WHERE ruleset = ?1 AND name = ?2 AND id != ?3", error);
  gboolean has_row = FALSE;

  if (stmt == NULL
      || !lw_store_bind_text (self, stmt, 1, lw_ruleset_to_string (ruleset), error)
      || !lw_store_bind_text (self, stmt, 2, name, error)
      || !lw_store_bind_int (self, stmt, 3, except, error)
      || !lw_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  if (has_row)
    {
      g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                   "a rule set named “%s” exists already", name);
      return FALSE;
    }
  return TRUE;
}

gint64
lw_store_create_rule_set (LwStore          *self,
                          const LwRuleSet  *set,
                          GError          **error)
{
  g_autofree char *name = NULL;
  LwRuleSet clean;
  gint64 id;

  g_return_val_if_fail (LW_IS_STORE (self), 0);
  g_return_val_if_fail (set != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  name = rule_set_name (set->name, error);
  if (name == NULL)
    return 0;
  clean = *set;
  clean.name = name;
  if (!lw_store_check_rule_set (&clean, error) || !lw_store_begin_write (self, error))
    return 0;
  if (!check_name_free (self, set->ruleset, name, 0, error))
    goto failed;

  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self, "INSERT INTO rule_sets (name, ruleset, start_score, target, skunk,"
                           " run_fill, over_trump, king_and_knave) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                     error);

    if (stmt == NULL
        || !lw_store_bind_text (self, stmt, 1, name, error)
        || !lw_store_bind_text (self, stmt, 2, lw_ruleset_to_string (set->ruleset), error)
        || !lw_store_bind_int (self, stmt, 3, set->start_score, error)
        || !lw_store_bind_int (self, stmt, 4, set->target, error)
        || !lw_store_bind_int (self, stmt, 5, set->skunk, error)
        || !lw_store_bind_text (self, stmt, 6, lw_run_fill_to_string (set->run_fill), error)
        || !lw_store_bind_text (self, stmt, 7, lw_over_trump_to_string (set->over_trump), error)
        || !lw_store_bind_int (self, stmt, 8, set->king_and_knave ? 1 : 0, error)
        || !lw_store_step_done (self, stmt, error))
      goto failed;
    id = sqlite3_last_insert_rowid (self->db);
  }
  if (!lw_store_commit (self, error))
    return 0;
  return id;

failed:
  lw_store_rollback (self);
  return 0;
}

/* Reads run_fill and over_trump from columns @column and @column + 1 of
 * @stmt into @set; a name the CHECKs of schemas 12 and 13 would refuse is
 * %LW_STORE_ERROR_NOT_A_DATABASE ("PATH: rule set 3 is damaged: …"),
 * @what and @id naming the row. */
static gboolean
read_house_rules (LwStore       *self,
                  sqlite3_stmt  *stmt,
                  int            column,
                  LwRuleSet     *set,
                  const char    *what,
                  gint64         id,
                  GError       **error)
{
  if (lw_run_fill_from_string ((const char *) sqlite3_column_text (stmt, column), &set->run_fill)
      && lw_over_trump_from_string ((const char *) sqlite3_column_text (stmt, column + 1),
                                    &set->over_trump))
    return TRUE;
  g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_A_DATABASE,
               "%s: %s %" G_GINT64_FORMAT " is damaged: unknown house rules",
               self->path, what, id);
  return FALSE;
}

static int
compare_sets (gconstpointer a,
              gconstpointer b)
{
  const LwRuleSet *x = *(LwRuleSet *const *) a;
  const LwRuleSet *y = *(LwRuleSet *const *) b;
  g_autofree char *fx = g_utf8_casefold (x->name, -1);
  g_autofree char *fy = g_utf8_casefold (y->name, -1);
  int c = g_utf8_collate (fx, fy);

  return c != 0 ? c : strcmp (x->name, y->name);
}

/* The rule sets of one ruleset as lw_store_list_rule_sets() reads them. */
typedef struct {
  LwStore    *self;
  LwRuleset   ruleset;
  GPtrArray  *sets;  /* of LwRuleSet */
} SetRows;

/* One row (id, name, start_score, target, skunk, run_fill, over_trump,
 * king_and_knave) of rule_sets. */
static gboolean
add_set (LwStoreStmt  *stmt,
         gpointer      data,
         GError      **error)
{
  SetRows *rows = data;
  LwRuleSet *set = g_new0 (LwRuleSet, 1);

  set->id = sqlite3_column_int64 (stmt, 0);
  set->name = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
  set->ruleset = rows->ruleset;
  set->start_score = sqlite3_column_int (stmt, 2);
  set->target = sqlite3_column_int (stmt, 3);
  set->skunk = sqlite3_column_int (stmt, 4);
  g_ptr_array_add (rows->sets, set);
  if (!read_house_rules (rows->self, stmt, 5, set, "rule set", set->id, error))
    return FALSE;
  set->king_and_knave = sqlite3_column_int64 (stmt, 7) != 0;
  return TRUE;
}

GPtrArray *
lw_store_list_rule_sets (LwStore    *self,
                         LwRuleset   ruleset,
                         GError    **error)
{
  g_autoptr (GPtrArray) sets = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_rule_set_free);
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_stmt (self, "SELECT id, name, start_score, target, skunk, run_fill, over_trump,"
                           " king_and_knave FROM rule_sets WHERE ruleset = ?", error);
    SetRows rows = { self, ruleset, sets };

    ok = stmt != NULL
         && lw_store_bind_text (self, stmt, 1, lw_ruleset_to_string (ruleset), error)
         && lw_store_visit_stmt (self, stmt, add_set, &rows, error);
  }
  if (!lw_store_finish (self, ok, error))
    return NULL;
  g_ptr_array_sort (sets, compare_sets);
  return g_steal_pointer (&sets);
}

static void
set_not_found (GError **error,
               gint64   id)
{
  g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
               "no rule set with ID %" G_GINT64_FORMAT, id);
}

gboolean
lw_store_rename_rule_set (LwStore     *self,
                          gint64       id,
                          const char  *name,
                          GError     **error)
{
  g_autofree char *clean = NULL;
  LwRuleset ruleset;
  gboolean has_row = FALSE;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  clean = rule_set_name (name, error);
  if (clean == NULL || !lw_store_begin_write (self, error))
    return FALSE;
  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_query_row (self, "SELECT ruleset FROM rule_sets WHERE id = ?", id, 0, &has_row, error);

    if (stmt == NULL)
      goto failed;
    if (!has_row)
      {
        set_not_found (error, id);
        goto failed;
      }
    if (!lw_ruleset_from_string ((const char *) sqlite3_column_text (stmt, 0), &ruleset))
      ruleset = LW_RULESET_LITTLE_WOLF;   /* the CHECK keeps it one of the two */
  }
  if (!check_name_free (self, ruleset, clean, id, error)
      || !lw_store_run_text (self, "UPDATE rule_sets SET name = ?1 WHERE id = ?2", clean, id, error))
    goto failed;
  return lw_store_commit (self, error);

failed:
  lw_store_rollback (self);
  return FALSE;
}

gboolean
lw_store_delete_rule_set (LwStore  *self,
                          gint64    id,
                          GError  **error)
{
  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!lw_store_begin_write (self, error))
    return FALSE;
  if (!lw_store_run1 (self, "DELETE FROM rule_sets WHERE id = ?", id, error))
    goto failed;
  if (sqlite3_changes (self->db) == 0)
    {
      set_not_found (error, id);
      goto failed;
    }
  return lw_store_commit (self, error);

failed:
  lw_store_rollback (self);
  return FALSE;
}

LwRuleSet *
lw_store_find_rule_set (LwStore     *self,
                        LwRuleset    ruleset,
                        const char  *name,
                        GError     **error)
{
  g_autoptr (GPtrArray) sets = NULL;
  g_autofree char *clean = NULL;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  clean = rule_set_name (name, error);
  if (clean == NULL)
    return NULL;
  sets = lw_store_list_rule_sets (self, ruleset, error);
  if (sets == NULL)
    return NULL;
  for (guint i = 0; i < sets->len; i++)
    {
      LwRuleSet *set = g_ptr_array_index (sets, i);

      if (g_str_equal (set->name, clean))
        return g_ptr_array_steal_index (sets, i);
    }
  g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_NOT_FOUND,
               "no rule set named “%s” for %s", clean,
               ruleset == LW_RULESET_GARWOLF ? "Garwolf" : "Little Wolf");
  return NULL;
}

LwRuleSet *
lw_store_get_event_rule_set (LwStore  *self,
                             gint64    event_id,
                             GError  **error)
{
  g_autoptr (LwRuleSet) set = lw_rule_set_new_standard (LW_RULESET_LITTLE_WOLF);
  gboolean has_row = FALSE;
  gboolean ok;

  g_return_val_if_fail (LW_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!lw_store_begin_read (self, error))
    return NULL;
  {
    g_autoptr (LwStoreStmt) stmt =
      lw_store_query_row (self, "SELECT rule_set, start_score, target, skunk, run_fill, over_trump"
                                " FROM events WHERE id = ?", event_id, 0, &has_row, error);

    ok = stmt != NULL;
    if (ok && !has_row)
      {
        lw_store_set_not_found (error, "event", event_id);
        ok = FALSE;
      }
    if (ok)
      {
        set->name = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
        set->start_score = sqlite3_column_int (stmt, 1);
        set->target = sqlite3_column_int (stmt, 2);
        set->skunk = sqlite3_column_int (stmt, 3);
        ok = read_house_rules (self, stmt, 4, set, "event", event_id, error);
      }
  }
  if (!lw_store_finish (self, ok, error))
    return NULL;
  return g_steal_pointer (&set);
}

gboolean
lw_store_set_game_rules (LwStore          *self,
                         gint64            id,
                         const LwRuleSet  *set,
                         GError          **error)
{
  g_autoptr (LwStoredGame) game = NULL;
  g_autoptr (LwStoreStmt) stmt = NULL;
  gboolean garwolf;

  g_return_val_if_fail (LW_IS_STORE (self), FALSE);
  g_return_val_if_fail (set != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  game = lw_store_begin_game_change (self, id, error);
  if (game == NULL)
    return FALSE;
  garwolf = game->record->ruleset == LW_RULESET_GARWOLF;
  if (game->record->rounds->len > 0)
    g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                 "game %" G_GINT64_FORMAT ": its rules cannot change once a round is stored (%u rounds)",
                 id, game->record->rounds->len);
  else if (lw_store_has_table (self, id))
    g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                 "game %" G_GINT64_FORMAT ": its rules cannot change while it is played at the virtual table", id);
  else if (set->ruleset != game->record->ruleset)
    g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                 "game %" G_GINT64_FORMAT ": a rule set for %s, the game is %s", id,
                 lw_ruleset_to_string (set->ruleset), lw_ruleset_to_string (game->record->ruleset));
  else if (set->start_score < 0 || set->target < 1 || set->skunk < 1)
    g_set_error (error, LW_STORE_ERROR, LW_STORE_ERROR_INVALID,
                 "game %" G_GINT64_FORMAT ": start %d, target %d, skunk %d: the start must be 0 or more, "
                 "the target and skunk 1 or more", id, set->start_score, set->target, set->skunk);
  if (error != NULL && *error != NULL)
    return lw_store_finish (self, FALSE, error);

  stmt = lw_store_stmt (self, "UPDATE games SET start_score = ?, target = ?, skunk = ?, rule_set = ?,"
                              " run_fill = ?, over_trump = ?, king_and_knave = ? WHERE id = ?", error);
  return lw_store_finish (self,
                          stmt != NULL
                          && lw_store_bind_int (self, stmt, 1, set->start_score, error)
                          && lw_store_bind_int (self, stmt, 2, set->target, error)
                          && lw_store_bind_int (self, stmt, 3, set->skunk, error)
                          && lw_store_bind_text (self, stmt, 4, set->name, error)
                          && lw_store_bind_text (self, stmt, 5,
                                                 lw_run_fill_to_string (garwolf ? LW_RUN_FILL_INSIDE_OR_END
                                                                                : set->run_fill), error)
                          && lw_store_bind_text (self, stmt, 6,
                                                 lw_over_trump_to_string (garwolf ? LW_OVER_TRUMP_WINNING_PLAY
                                                                                  : set->over_trump), error)
                          && lw_store_bind_int (self, stmt, 7, garwolf && set->king_and_knave ? 1 : 0, error)
                          && lw_store_bind_int (self, stmt, 8, id, error)
                          && lw_store_step_done (self, stmt, error),
                          error);
}
