/* lw-store-import.h — many game records imported at once: inputs (a
 * folder, JSON Lines, a JSON array, one record) read on a thread of their
 * own and stored in batches, with progress, refusals by place and
 * cancellation (docs/rules/CLI.md `import`)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdio.h>

#include <gio/gio.h>

#include "lw-store.h"

G_BEGIN_DECLS

/**
 * LW_IMPORT_BATCH:
 *
 * Records tried per transaction of a bulk import: a batch's commit costs
 * about what a few records do, and a batch holds the write lock for well
 * under the store's busy timeout.
 */
#define LW_IMPORT_BATCH 500

/**
 * LwImportForm:
 * @LW_IMPORT_RECORD: one game record (the whole input)
 * @LW_IMPORT_FOLDER: a folder of `*.json` files, a record each
 * @LW_IMPORT_LINES: JSON Lines: a record per line
 * @LW_IMPORT_ARRAY: a JSON array of records
 *
 * What an input to an import holds (docs/rules/CLI.md `import`).
 */
typedef enum {
  LW_IMPORT_RECORD,
  LW_IMPORT_FOLDER,
  LW_IMPORT_LINES,
  LW_IMPORT_ARRAY,
} LwImportForm;

/**
 * LwImportFlags:
 * @LW_IMPORT_NONE: records already stored are refused
 * @LW_IMPORT_AS_NEW: every record is stored as a new game (a new UUID)
 * @LW_IMPORT_COUNT_FIRST: the records are counted before any is read,
 *   so that the progress tells a total (a second pass over the inputs;
 *   not for standard input)
 */
typedef enum {
  LW_IMPORT_NONE        = 0,
  LW_IMPORT_AS_NEW      = 1 << 0,
  LW_IMPORT_COUNT_FIRST = 1 << 1,
} LwImportFlags;

/**
 * LwImportInput:
 *
 * One input of an import: a file, a folder or standard input, its form
 * found from its first bytes. Free with lw_import_input_free().
 */
typedef struct _LwImportInput LwImportInput;

/**
 * LwImportProgress:
 * @done: records stored or refused so far
 * @total: the records of every input (#LW_IMPORT_COUNT_FIRST), or 0
 * @imported: records stored and committed so far
 * @refused: records refused so far
 * @bytes_read: bytes of the inputs read so far
 * @bytes_total: the size of the inputs that are files, or 0 when unknown
 *
 * How far an import is.
 */
typedef struct {
  guint64 done;
  guint64 total;
  guint64 imported;
  guint64 refused;
  guint64 bytes_read;
  guint64 bytes_total;
} LwImportProgress;

/**
 * LwImportCallbacks:
 * @open_store: (nullable): opens the store at the first record that
 *   reads, when lw_store_import_inputs() was given none; %NULL with
 *   @error set stops the import
 * @stored: (nullable): a record was stored (not yet committed) as game @id;
 *   @place names it in messages ("FILE, line 3"), @shown in a list of what
 *   was stored ("line 3", or the file of a folder)
 * @refused: (nullable): a record not stored: @reason says why; or, when
 *   @same > 0, it is already stored as game @same (@reason %NULL)
 * @before_commit: (nullable): called before a batch of @pending records
 *   stored is committed; %FALSE with @error set stops the import and
 *   leaves the batch unstored
 * @progress: (nullable): after each record
 *
 * What an import tells its caller, on the thread that called
 * lw_store_import_inputs().
 */
typedef struct {
  LwStore  *(*open_store)    (gpointer   data,
                              GError   **error);
  void      (*stored)        (gpointer    data,
                              gint64      id,
                              const char *place,
                              const char *shown);
  void      (*refused)       (gpointer    data,
                              const char *place,
                              const char *reason,
                              gint64      same);
  gboolean  (*before_commit) (gpointer   data,
                              guint      pending,
                              GError   **error);
  void      (*progress)      (gpointer                data,
                              const LwImportProgress *progress);
} LwImportCallbacks;

/**
 * LwImportReport:
 * @imported: records stored and committed
 * @refused: records refused
 * @unstored: when a batch's commit failed, the records it held (told as
 *   stored by @stored but not kept), else 0
 * @cancelled: %TRUE when the import was cancelled (what was committed
 *   before stays)
 *
 * What an import did, whether it went to its end or stopped.
 */
typedef struct {
  guint64  imported;
  guint64  refused;
  guint    unstored;
  gboolean cancelled;
} LwImportReport;

/**
 * lw_import_input_open:
 * @name: a file or folder path, or "-" for standard input
 * @shown: (nullable): the input as messages name it (%NULL: @name, or
 *   "standard input")
 * @error: return location for a #GError
 *
 * Opens @name and finds its form from its first bytes, without taking
 * them: a folder; `[` first is an array; a first line that is a whole
 * JSON object with another line that is not blank after it is JSON Lines;
 * anything else is one record. A file is read from its start again; what
 * was read of a stream that cannot seek is kept and given out first.
 *
 * Errors: a #G_FILE_ERROR when @name cannot be opened.
 *
 * Returns: (transfer full) (nullable): the input, or %NULL on error.
 */
LwImportInput *lw_import_input_open (const char  *name,
                                     const char  *shown,
                                     GError     **error);

/**
 * lw_import_input_get_form:
 * @input: an input
 *
 * Returns: what @input holds.
 */
LwImportForm lw_import_input_get_form (LwImportInput *input);

/**
 * lw_import_input_take_stream:
 * @input: an input of form %LW_IMPORT_RECORD that is not a folder
 * @held: (out) (transfer full) (nullable): the bytes already read from
 *   the stream, to be read before it (%NULL: none; the stream is at its
 *   start)
 *
 * Hands over @input's open stream, for a caller that reads one record
 * itself; @input no longer closes it.
 *
 * Returns: (transfer full): the stream (standard input is never closed
 *   by its taker).
 */
FILE *lw_import_input_take_stream (LwImportInput  *input,
                                   GString       **held);

/**
 * lw_import_input_free:
 * @input: (transfer full) (nullable): an input
 *
 * Closes @input's file (not standard input) and frees it.
 */
void lw_import_input_free (LwImportInput *input);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LwImportInput, lw_import_input_free)

/**
 * lw_import_read_bytes:
 * @stream: (nullable): a stream to read to its end, or %NULL to read the
 *   file @name
 * @name: the file's path, or the stream as messages name it
 * @held: (transfer full) (nullable): bytes already read from @stream,
 *   kept first
 * @contents: (out) (transfer full): the bytes read, nul-terminated
 * @length: (out): their length
 * @error: return location for a #GError
 *
 * Reads one game record's bytes, no more than
 * %LW_GAME_RECORD_MAX_BYTES: a regular file's size is checked before any
 * of it is read; anything else (a pipe, a device) is read up to the
 * limit.
 *
 * Errors: %LW_ENGINE_ERROR_INVALID "NAME: too large for a game record
 * (the limit is 64 MiB)"; %G_FILE_ERROR_IO "cannot read NAME", or another
 * #G_FILE_ERROR when the file cannot be opened.
 *
 * Returns: %TRUE when read.
 */
gboolean lw_import_read_bytes (FILE        *stream,
                               const char  *name,
                               GString     *held,
                               char       **contents,
                               gsize       *length,
                               GError     **error);

/**
 * lw_store_import_inputs:
 * @store: (nullable): the store to write to, or %NULL to have
 *   @callbacks->open_store open it at the first record that reads (a
 *   folder of bad records opens none)
 * @inputs: (array length=n_inputs): the inputs, read in this order (not
 *   %LW_IMPORT_RECORD ones from standard input: those are read by a caller
 *   of their own)
 * @n_inputs: their count
 * @flags: #LwImportFlags
 * @callbacks: what the import tells, on this thread
 * @data: passed to @callbacks
 * @cancellable: (nullable): stops the import between two records
 * @report: (out caller-allocates): what the import did
 * @error: return location for a #GError
 *
 * Stores every record of @inputs. They are read, and their bodies
 * hashed, on a thread of its own (at most 64 records ahead of the
 * writes); they are stored in transactions of %LW_IMPORT_BATCH records,
 * each record in a savepoint of its own: a record is stored whole or not
 * at all, and a refused one leaves the batch's others. A record that
 * does not read, that the engine refuses (lw_store_import_game()) or that
 * is already stored (unless %LW_IMPORT_AS_NEW) is refused by its place:
 * "FILE, line N" (JSON Lines), "FILE, index N" (an array, from 0), the
 * file's path (a folder's file, one record). A broken array is refused at
 * the index where it breaks, and nothing after that is read from it.
 * Cancelled, the batch open is committed (each of its records whole) and
 * nothing more is read.
 *
 * Errors: %G_IO_ERROR_CANCELLED when cancelled; the error that stopped
 * the import: an input that cannot be read on, the store's (named by the
 * record's place), @callbacks->open_store's or @callbacks->before_commit's.
 * A batch whose commit failed is rolled back (@report->unstored).
 *
 * Returns: %TRUE when every input was read to its end.
 */
gboolean lw_store_import_inputs (LwStore                  *store,
                                 LwImportInput           **inputs,
                                 guint                     n_inputs,
                                 LwImportFlags             flags,
                                 const LwImportCallbacks  *callbacks,
                                 gpointer                  data,
                                 GCancellable             *cancellable,
                                 LwImportReport           *report,
                                 GError                  **error);

G_END_DECLS
