/* lw-cli-bulk.c — littlewolf-cli: many games in and out (docs/rules/CLI.md)
 *
 *   import [--as-new] DIR          every *.json in DIR, by name
 *   import [--as-new] FILE|-       JSON Lines (a record per line) or a
 *                                  JSON array of records, streamed
 *   export --all                   every game as JSON Lines, in ID order
 *
 * A bulk import is the store's (lw_store_import_inputs(): the records
 * read and hashed on a thread of their own, stored 500 per transaction,
 * each whole or not at all) on a database opened once (its damage check
 * once), at the first record that reads. The new IDs of a batch are
 * printed and flushed before it commits, as a single import prints its ID
 * before its commit. A refused record is one line on stderr naming its
 * place; the last line on stderr counts what was imported and refused.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "lw-cli.h"
#include "lw-engine.h"
#include "lw-store.h"

/* What the import's callbacks share. */
typedef struct {
  LwCliContext *ctx;
  GString      *out;  /* the open batch's lines, printed before its commit */
} Bulk;

static LwStore *
open_store_cb (gpointer   data,
               GError   **error)
{
  Bulk *bulk = data;

  return lw_cli_open_store_to_serve (bulk->ctx, error);
}

static void
stored_cb (gpointer    data,
           gint64      id,
           const char *place,
           const char *shown)
{
  Bulk *bulk = data;
  g_autofree char *escaped = lw_cli_escape_text (shown);

  g_string_append_printf (bulk->out, "%" G_GINT64_FORMAT "\t%s\n", id, escaped);
}

/* A record that is not stored: one line naming its @place (NULL: the
 * reason names it). */
static void
refused_cb (gpointer    data,
            const char *place,
            const char *reason,
            gint64      same)
{
  g_autofree char *duplicate = NULL;

  if (same > 0)
    reason = duplicate = g_strdup_printf ("this game is already stored as game %" G_GINT64_FORMAT
                                          "; not stored (--as-new imports it as a new game)", same);
  if (place != NULL)
    lw_cli_fail (LW_CLI_OK, "import: %s: %s", place, reason);
  else
    lw_cli_fail (LW_CLI_OK, "import: %s", reason);
}

/* The batch's lines written and flushed before its commit (docs/rules/CLI.md:
 * output that cannot be written leaves the batch unstored). */
static gboolean
before_commit_cb (gpointer   data,
                  guint      pending,
                  GError   **error)
{
  Bulk *bulk = data;
  int saved_errno;

  errno = 0;
  fputs (bulk->out->str, stdout);
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   "cannot write the output: %s (the last %u records read were not stored)",
                   saved_errno != 0 ? g_strerror (saved_errno) : "write error", pending);
      return FALSE;
    }
  g_string_truncate (bulk->out, 0);
  return TRUE;
}

int
lw_cli_import_input (LwCliContext *ctx,
                     const char   *name,
                     gboolean      as_new)
{
  static const LwImportCallbacks callbacks = {
    open_store_cb, stored_cb, refused_cb, before_commit_cb, NULL,
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (LwImportInput) input = NULL;
  Bulk bulk = { ctx, NULL };
  LwImportReport report = { 0, 0, 0, FALSE };
  gboolean ok;

  g_return_val_if_fail (ctx != NULL && name != NULL, LW_CLI_INVALID);

  /* A file that does not open is said as a single import says it. */
  input = lw_import_input_open (name, NULL, &error);
  if (input == NULL)
    return lw_cli_import_record (ctx, name, as_new, NULL, NULL);

  if (lw_import_input_get_form (input) == LW_IMPORT_RECORD)
    {
      g_autoptr (GString) held = NULL;
      FILE *stream;
      int status;

      /* Read as `import` always read one record, so that its messages
       * stay the same: a file from its start, a stream that cannot seek
       * after the bytes already read. */
      stream = lw_import_input_take_stream (input, &held);
      if (held == NULL)
        {
          fclose (stream);
          return lw_cli_import_record (ctx, name, as_new, NULL, NULL);
        }
      status = lw_cli_import_record (ctx, name, as_new, g_steal_pointer (&held), stream);
      if (stream != stdin)
        fclose (stream);
      return status;
    }

  bulk.out = g_string_new (NULL);
  ok = lw_store_import_inputs (NULL, &input, 1, as_new ? LW_IMPORT_AS_NEW : LW_IMPORT_NONE,
                               &callbacks, &bulk, NULL, &report, &error);
  g_string_free (bulk.out, TRUE);
  if (!ok)
    {
      if (report.unstored > 0)
        lw_cli_fail (LW_CLI_FAILED, "import: %s: the last %u IDs printed were not stored",
                     error->message, report.unstored);
      else
        lw_cli_fail (LW_CLI_FAILED, "import: %s", error->message);
      return lw_cli_fail (LW_CLI_FAILED, "import: stopped: %" G_GUINT64_FORMAT " imported, %"
                          G_GUINT64_FORMAT " refused", report.imported, report.refused);
    }
  return lw_cli_fail (report.refused > 0 ? LW_CLI_INVALID : LW_CLI_OK,
                      "import: %" G_GUINT64_FORMAT " imported, %" G_GUINT64_FORMAT " refused",
                      report.imported, report.refused);
}

/* ------------------------------------------------------------------ */
/* export --all                                                         */
/* ------------------------------------------------------------------ */

int
lw_cli_export_all (LwCliContext *ctx)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LwStore) store = NULL;
  g_autoptr (GArray) ids = NULL;
  gint64 first_failed = 0;
  guint failed = 0;

  /* No database: no game, nothing to write. */
  if (lw_cli_store_missing (ctx))
    return LW_CLI_OK;
  store = lw_cli_open_store (ctx, FALSE, &error);
  if (store == NULL)
    return lw_cli_fail_error (error);

  /* One read transaction: the games written are those of one moment,
   * whatever another program stores meanwhile. */
  if (!lw_store_begin_read_transaction (store, &error))
    return lw_cli_fail_error (error);
  ids = lw_store_list_game_ids (store, &error);
  if (ids == NULL)
    {
      lw_store_rollback_transaction (store);
      return lw_cli_fail_error (error);
    }

  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      g_autoptr (LwStoredGame) game = lw_store_load_game (store, id, &error);

      /* A game that cannot be read is said, and the others written. */
      if (game == NULL)
        {
          lw_cli_fail (LW_CLI_OK, "export: game %" G_GINT64_FORMAT ": %s", id, error->message);
          if (failed++ == 0)
            first_failed = id;
          g_clear_error (&error);
          continue;
        }
      if (!lw_game_record_write_json (game->record, FALSE, lw_json_write_to_file, stdout, &error))
        {
          lw_store_rollback_transaction (store);
          return lw_cli_fail (LW_CLI_FAILED, "cannot write the output: %s", error->message);
        }
    }
  lw_store_rollback_transaction (store);

  if (failed > 0)
    return lw_cli_fail (LW_CLI_FAILED, "export: %u of %u games could not be read (the first: game %"
                        G_GINT64_FORMAT "); the others were written", failed, ids->len, first_failed);
  return LW_CLI_OK;
}
