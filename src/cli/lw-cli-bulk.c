/* lw-cli-bulk.c — littlewolf-cli: many games in and out (docs/rules/CLI.md)
 *
 *   import [--as-new] DIR          every *.json in DIR, by name
 *   import [--as-new] FILE|-       JSON Lines (a record per line) or a
 *                                  JSON array of records, streamed
 *   export --all                   every game as JSON Lines, in ID order
 *
 * A bulk import opens the database once (its damage check once), reads
 * one record at a time on a thread of its own (read and hashed while the
 * previous ones are written, at most LW_CLI_IMPORT_AHEAD ahead) and
 * stores the records in transactions of LW_CLI_IMPORT_BATCH; each record
 * is stored whole or not at all (a savepoint of its own inside the
 * batch). The new IDs of a batch are
 * printed and flushed before it commits, as a single import prints its ID
 * before its commit. A refused record is one line on stderr naming its
 * place; the last line on stderr counts what was imported and refused.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>
#include <sys/stat.h>

#include "lw-cli.h"
#include "lw-engine.h"
#include "lw-store.h"

/* Records per transaction: a batch's commit costs about what a few
 * records do, and a batch holds the write lock for well under the
 * store's busy timeout. */
#define LW_CLI_IMPORT_BATCH 500

/* What an input to `import` holds (docs/rules/CLI.md). */
typedef enum {
  INPUT_RECORD,     /* one game record: the single import */
  INPUT_DIRECTORY,  /* a folder of *.json files, a record each */
  INPUT_LINES,      /* JSON Lines: a record per line */
  INPUT_ARRAY,      /* a JSON array of records */
} InputForm;

/* An input read a byte at a time: a file or standard input, with the
 * bytes read ahead while its form was found (from a stream that cannot
 * seek back) given out first. */
typedef struct {
  FILE       *stream;
  gboolean    opened;   /* closed at the end (not stdin) */
  GString    *held;     /* (nullable) read ahead, given out from held_pos */
  gsize       held_pos;
  int         back;     /* a byte put back, or EOF for none */
  const char *shown;    /* the input as messages name it */
} Source;

static void
source_close (Source *source)
{
  if (source->opened && source->stream != NULL)
    fclose (source->stream);
  source->stream = NULL;
  if (source->held != NULL)
    g_string_free (source->held, TRUE);
  source->held = NULL;
}

static inline int
source_next (Source *source)
{
  int c;

  if (source->back != EOF)
    {
      c = source->back;
      source->back = EOF;
      return c;
    }
  if (source->held != NULL)
    {
      if (source->held_pos < source->held->len)
        return (guchar) source->held->str[source->held_pos++];
      g_string_free (source->held, TRUE);
      source->held = NULL;
    }
  return getc_unlocked (source->stream);
}

static inline gboolean
is_space (int c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int
source_skip_space (Source *source)
{
  int c;

  do
    c = source_next (source);
  while (is_space (c));
  return c;
}

/* The state of a scan through JSON text: strings and the depth of the
 * objects and arrays around the current byte. */
typedef struct {
  guint    depth;
  gboolean in_string;
  gboolean escaped;
} Scan;

/* Takes byte @c into @scan; returns TRUE when it closed the outermost
 * value (its depth back to 0 outside a string). */
static inline gboolean
scan_byte (Scan *scan,
           int   c)
{
  if (scan->in_string)
    {
      if (scan->escaped)
        scan->escaped = FALSE;
      else if (c == '\\')
        scan->escaped = TRUE;
      else if (c == '"')
        {
          scan->in_string = FALSE;
          return scan->depth == 0;
        }
      return FALSE;
    }
  if (c == '"')
    scan->in_string = TRUE;
  else if (c == '{' || c == '[')
    scan->depth++;
  else if (c == '}' || c == ']')
    {
      if (scan->depth > 0)
        scan->depth--;
      return scan->depth == 0;
    }
  return FALSE;
}

/* Finds what @source holds from its first bytes, without taking them:
 * `[` first is an array; a first line that is a whole JSON object with
 * another line that is not blank after it is JSON Lines; anything else
 * is one record (read as `import` always read it, so that its messages
 * stay the same). A stream that can seek goes back to its start; another
 * keeps the bytes read in @source->held. */
static InputForm
detect_form (Source   *source,
             gboolean  seekable)
{
  GString *seen = seekable ? NULL : g_string_new (NULL);
  InputForm form = INPUT_RECORD;
  Scan scan = { 0, FALSE, FALSE };
  gsize n = 0;
  int c;

#define NEXT() (c = getc_unlocked (source->stream), n++, \
                (c != EOF && seen != NULL) ? (void) g_string_append_c (seen, (char) c) : (void) 0)

  do
    NEXT ();
  while (is_space (c));

  if (c == '[')
    form = INPUT_ARRAY;
  else if (c == '{')
    {
      gboolean whole = FALSE;

      scan.depth = 1;
      while (!whole && n <= LW_CLI_MAX_INPUT_SIZE)
        {
          NEXT ();
          if (c == EOF || c == '\n')
            break;
          whole = scan_byte (&scan, c);
        }
      if (whole)
        {
          do
            NEXT ();
          while (c == ' ' || c == '\t' || c == '\r');
          if (c == '\n')
            {
              do
                NEXT ();
              while (is_space (c));
              if (c != EOF)
                form = INPUT_LINES;
            }
        }
    }
#undef NEXT

  if (seekable)
    {
      clearerr (source->stream);
      if (fseek (source->stream, 0, SEEK_SET) != 0)
        form = INPUT_RECORD;
    }
  else
    source->held = seen;
  return form;
}

/* ------------------------------------------------------------------ */
/* Reading the records (a thread of its own)                           */
/* ------------------------------------------------------------------ */

/* What the reading thread hands the storing one, in the input's order. */
typedef enum {
  ITEM_RECORD,   /* a record read, its body hashed */
  ITEM_REFUSED,  /* a record that does not read */
  ITEM_STOP,     /* the input cannot be read on */
  ITEM_END,      /* nothing more */
} ItemKind;

typedef struct {
  ItemKind      kind;
  char         *place;    /* as messages name it */
  char         *shown;    /* as the output's line names it */
  LwGameRecord *record;
  char         *hash;     /* lw_game_record_body_hash() (not with --as-new) */
  char         *message;  /* why refused or stopped */
} Item;

static void
item_free (Item *item)
{
  g_free (item->place);
  g_free (item->shown);
  g_clear_pointer (&item->record, lw_game_record_free);
  g_free (item->hash);
  g_free (item->message);
  g_free (item);
}

/* Records in flight between the two threads at most: the reading runs
 * ahead of the writes by no more than this, whatever the input's size. */
#define LW_CLI_IMPORT_AHEAD 64

/* The reading thread's input and its two queues: @items to the storing
 * thread, @room the tokens of the places free in between. */
typedef struct {
  InputForm    form;
  const char  *name;
  Source      *source;
  gboolean     as_new;
  GAsyncQueue *items;
  GAsyncQueue *room;
  gint         cancelled;  /* atomic: the storing thread stopped */
} Reader;

/* Hands @item over (taken), waiting for room; FALSE once the import
 * stopped (the item is dropped). */
static gboolean
hand (Reader *reader,
      Item   *item)
{
  if (g_atomic_int_get (&reader->cancelled))
    {
      item_free (item);
      return FALSE;
    }
  g_async_queue_pop (reader->room);
  g_async_queue_push (reader->items, item);
  return !g_atomic_int_get (&reader->cancelled);
}

static gboolean
hand_message (Reader     *reader,
              ItemKind    kind,
              const char *place,
              const char *message)
{
  Item *item = g_new0 (Item, 1);

  item->kind = kind;
  item->place = g_strdup (place);
  item->message = g_strdup (message);
  return hand (reader, item);
}

/* The record @text of @length bytes found at @place, read (and its body
 * hashed for the store) on this thread. */
static gboolean
hand_record (Reader     *reader,
             const char *place,
             const char *shown,
             const char *text,
             gsize       length)
{
  g_autoptr (GError) error = NULL;
  Item *item;
  LwGameRecord *record = lw_game_record_from_json (text, (gssize) length, &error);

  if (record == NULL)
    return hand_message (reader, ITEM_REFUSED, place, error->message);
  item = g_new0 (Item, 1);
  item->kind = ITEM_RECORD;
  item->place = g_strdup (place);
  item->shown = g_strdup (shown);
  item->record = record;
  /* A record imported as new gets a new id: the store hashes its copy. */
  if (!reader->as_new)
    item->hash = lw_game_record_body_hash (record);
  return hand (reader, item);
}

static gboolean
hand_too_large (Reader     *reader,
                const char *place)
{
  g_autofree char *reason =
    g_strdup_printf ("too large for a game record (the limit is %d MiB)",
                     LW_CLI_MAX_INPUT_SIZE / (1024 * 1024));

  return hand_message (reader, ITEM_REFUSED, place, reason);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Every *.json of folder @name, in the byte order of their names. */
static void
read_directory (Reader *reader)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  GDir *dir = g_dir_open (reader->name, 0, &error);
  const char *entry;

  if (dir == NULL)
    {
      hand_message (reader, ITEM_STOP, NULL, error->message);
      return;
    }
  while ((entry = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (entry, ".json"))
      g_ptr_array_add (files, g_strdup (entry));
  g_dir_close (dir);
  g_ptr_array_sort (files, compare_names);

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *path = g_build_filename (reader->name, g_ptr_array_index (files, i), NULL);
      g_autofree char *contents = NULL;
      gsize length = 0;
      gboolean more;

      /* The message of a file that cannot be read names it. */
      if (!lw_cli_read_input (path, &contents, &length, &error))
        {
          more = hand_message (reader, ITEM_REFUSED, NULL, error->message);
          g_clear_error (&error);
        }
      else
        more = hand_record (reader, path, path, contents, length);
      if (!more)
        return;
    }
}

/* A line at a time; a blank line is no record. */
static void
read_lines (Reader *reader)
{
  Source *source = reader->source;
  g_autoptr (GString) line = g_string_sized_new (4096);
  guint64 number = 0;

  for (;;)
    {
      gboolean too_long = FALSE, blank = TRUE, more = TRUE;
      int c;

      g_string_truncate (line, 0);
      while ((c = source_next (source)) != EOF && c != '\n')
        {
          if (line->len >= LW_CLI_MAX_INPUT_SIZE)
            too_long = TRUE;
          else
            g_string_append_c (line, (char) c);
          if (!is_space (c))
            blank = FALSE;
        }
      if ((c == EOF && line->len == 0) || ferror (source->stream))
        break;
      number++;
      if (!blank)
        {
          g_autofree char *place = g_strdup_printf ("%s, line %" G_GUINT64_FORMAT, source->shown, number);
          g_autofree char *shown = g_strdup_printf ("line %" G_GUINT64_FORMAT, number);

          more = too_long ? hand_too_large (reader, place)
                          : hand_record (reader, place, shown, line->str, line->len);
        }
      if (!more || c == EOF)
        break;
    }
  if (ferror (source->stream))
    {
      g_autofree char *message = g_strdup_printf ("cannot read %s", source->shown);

      hand_message (reader, ITEM_STOP, NULL, message);
    }
}

/* The array's elements one at a time: each one's text is found by its
 * brackets and read as a record. */
static void
read_array (Reader *reader)
{
  Source *source = reader->source;
  g_autoptr (GString) text = g_string_sized_new (4096);
  const char *problem = NULL;
  guint64 index = 0;
  int c = source_skip_space (source);

  g_assert (c == '[');
  c = source_skip_space (source);
  while (problem == NULL && c != ']')
    {
      g_autofree char *place = g_strdup_printf ("%s, index %" G_GUINT64_FORMAT, source->shown, index);
      g_autofree char *shown = g_strdup_printf ("index %" G_GUINT64_FORMAT, index);
      Scan scan = { 0, FALSE, FALSE };
      gboolean too_long = FALSE, whole = FALSE;

      if (c == EOF)
        {
          problem = "the array ends before its ]";
          break;
        }
      if (c == ',')
        {
          problem = "a record is missing before a comma";
          break;
        }

      /* The element: a value whose brackets close, or a scalar up to
       * the next comma, bracket or space. */
      g_string_truncate (text, 0);
      while (c != EOF)
        {
          if (!scan.in_string && scan.depth == 0 && (c == ',' || c == ']' || is_space (c)))
            {
              source->back = c;
              break;
            }
          if (text->len >= LW_CLI_MAX_INPUT_SIZE)
            too_long = TRUE;
          else
            g_string_append_c (text, (char) c);
          if (scan_byte (&scan, c))
            {
              whole = TRUE;
              break;
            }
          c = source_next (source);
        }
      if (c == EOF && !whole && (scan.depth > 0 || scan.in_string))
        {
          problem = "the array ends inside a record";
          break;
        }

      if (!(too_long ? hand_too_large (reader, place)
                     : hand_record (reader, place, shown, text->str, text->len)))
        return;

      index++;
      c = source_skip_space (source);
      if (c == ',')
        {
          c = source_skip_space (source);
          if (c == ']')
            problem = "a comma before the array's ]";
        }
      else if (c != ']')
        problem = c == EOF ? "the array ends before its ]" : "a comma or ] is missing after a record";
    }

  if (problem == NULL && source_skip_space (source) != EOF)
    problem = "something follows the array's ]";
  if (ferror (source->stream))
    {
      g_autofree char *message = g_strdup_printf ("cannot read %s", source->shown);

      hand_message (reader, ITEM_STOP, NULL, message);
    }
  else if (problem != NULL)
    {
      g_autofree char *place = g_strdup_printf ("%s, index %" G_GUINT64_FORMAT, source->shown, index);

      /* What follows a broken array cannot be told apart: nothing more
       * is read from it. */
      hand_message (reader, ITEM_REFUSED, place, problem);
    }
}

static gpointer
reader_main (gpointer data)
{
  Reader *reader = data;
  Item *end = g_new0 (Item, 1);

  if (reader->form == INPUT_DIRECTORY)
    read_directory (reader);
  else if (reader->form == INPUT_LINES)
    read_lines (reader);
  else
    read_array (reader);

  /* The end always goes over, without waiting for room (the storing
   * thread waits for it). */
  end->kind = ITEM_END;
  g_async_queue_push (reader->items, end);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Storing the records                                                  */
/* ------------------------------------------------------------------ */

typedef struct {
  LwCliContext *ctx;
  gboolean      as_new;
  LwStore      *store;       /* opened at the first record that reads */
  gboolean      in_batch;    /* a batch's transaction is open */
  guint         batch_size;  /* records tried in it */
  guint         pending;     /* records stored in it, not yet committed */
  GString      *out;         /* their lines, printed before the commit */
  guint         imported;
  guint         refused;
  gboolean      stopped;     /* could not go on (status 1) */
} Bulk;

/* A record that is not stored: one line naming its @place (NULL: the
 * reason names it). */
static void
refuse (Bulk       *bulk,
        const char *place,
        const char *reason)
{
  bulk->refused++;
  if (place != NULL)
    lw_cli_fail (LW_CLI_OK, "import: %s: %s", place, reason);
  else
    lw_cli_fail (LW_CLI_OK, "import: %s", reason);
}

/* The import cannot go on (the database, the input, the output): what
 * the open batch stored is rolled back. */
static gboolean
stop (Bulk       *bulk,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static gboolean
stop (Bulk       *bulk,
      const char *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (bulk->in_batch)
    lw_store_rollback_transaction (bulk->store);
  bulk->in_batch = FALSE;
  bulk->stopped = TRUE;
  lw_cli_fail (LW_CLI_FAILED, "import: %s", message);
  return FALSE;
}

/* The batch's lines written and flushed, then its commit (docs/rules/CLI.md:
 * output that cannot be written leaves the batch unstored). */
static gboolean
commit_batch (Bulk *bulk)
{
  g_autoptr (GError) error = NULL;
  guint pending = bulk->pending;
  int saved_errno;

  if (!bulk->in_batch)
    return TRUE;
  errno = 0;
  fputs (bulk->out->str, stdout);
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      saved_errno = errno;
      return stop (bulk, "cannot write the output: %s (the last %u records read were not stored)",
                   saved_errno != 0 ? g_strerror (saved_errno) : "write error", pending);
    }
  g_string_truncate (bulk->out, 0);
  bulk->in_batch = FALSE;
  bulk->batch_size = 0;
  bulk->pending = 0;
  if (!lw_store_commit_transaction (bulk->store, &error))
    {
      bulk->stopped = TRUE;
      lw_cli_fail (LW_CLI_FAILED, "import: %s: the last %u IDs printed were not stored",
                   error->message, pending);
      return FALSE;
    }
  bulk->imported += pending;
  return TRUE;
}

/* Stores the record of @item. Returns FALSE when the import stops. */
static gboolean
store_item (Bulk *bulk,
            Item *item)
{
  g_autoptr (GError) error = NULL;
  gint64 id, same = 0;

  /* The database is opened, and its damage checked, once: before the
   * first record that reads (a folder of bad records makes none). */
  if (bulk->store == NULL)
    {
      bulk->store = lw_cli_open_store_to_serve (bulk->ctx, &error);
      if (bulk->store == NULL)
        return stop (bulk, "%s", error->message);
    }
  if (!bulk->in_batch)
    {
      if (!lw_store_begin_transaction (bulk->store, &error))
        return stop (bulk, "%s", error->message);
      bulk->in_batch = TRUE;
    }

  /* A savepoint of its own: a record is stored whole or not at all, the
   * batch's others stay. */
  if (bulk->as_new)
    id = lw_store_import_game (bulk->store, item->record, TRUE, &same, &error);
  else
    id = lw_store_import_hashed (bulk->store, item->record, item->hash, &same, &error);
  bulk->batch_size++;
  if (same > 0)
    {
      g_autofree char *reason =
        g_strdup_printf ("this game is already stored as game %" G_GINT64_FORMAT
                         "; not stored (--as-new imports it as a new game)", same);
      refuse (bulk, item->place, reason);
    }
  else if (id <= 0 && error->domain == LW_ENGINE_ERROR)
    refuse (bulk, item->place, error->message);
  else if (id <= 0)
    return stop (bulk, "%s: %s", item->place, error->message);
  else
    {
      g_autofree char *escaped = lw_cli_escape_text (item->shown);

      g_string_append_printf (bulk->out, "%" G_GINT64_FORMAT "\t%s\n", id, escaped);
      bulk->pending++;
    }
  if (bulk->batch_size >= LW_CLI_IMPORT_BATCH)
    return commit_batch (bulk);
  return TRUE;
}

/* The records as the reading thread hands them over, stored on this one
 * while it reads the next; the last batch committed, the count on
 * stderr, the status (docs/rules/CLI.md). */
static int
import_many (Bulk   *bulk,
             Reader *reader)
{
  GThread *thread;
  gboolean ended = FALSE;

  reader->items = g_async_queue_new ();
  reader->room = g_async_queue_new ();
  for (guint i = 0; i < LW_CLI_IMPORT_AHEAD; i++)
    g_async_queue_push (reader->room, GINT_TO_POINTER (1));
  thread = g_thread_new ("import-read", reader_main, reader);

  while (!ended)
    {
      Item *item = g_async_queue_pop (reader->items);

      g_async_queue_push (reader->room, GINT_TO_POINTER (1));
      if (item->kind == ITEM_END)
        ended = TRUE;
      else if (bulk->stopped)
        ;  /* what was read ahead is dropped */
      else if (item->kind == ITEM_REFUSED)
        refuse (bulk, item->place, item->message);
      else if (item->kind == ITEM_STOP)
        stop (bulk, "%s", item->message);
      else
        store_item (bulk, item);
      if (bulk->stopped)
        g_atomic_int_set (&reader->cancelled, 1);
      item_free (item);
    }
  g_thread_join (thread);
  g_async_queue_unref (reader->items);
  g_async_queue_unref (reader->room);

  if (!bulk->stopped)
    commit_batch (bulk);
  if (bulk->stopped)
    return lw_cli_fail (LW_CLI_FAILED, "import: stopped: %u imported, %u refused",
                        bulk->imported, bulk->refused);
  return lw_cli_fail (bulk->refused > 0 ? LW_CLI_INVALID : LW_CLI_OK,
                      "import: %u imported, %u refused", bulk->imported, bulk->refused);
}

int
lw_cli_import_input (LwCliContext *ctx,
                     const char   *name,
                     gboolean      as_new)
{
  Source source = { NULL, FALSE, NULL, 0, EOF, NULL };
  Bulk bulk = { ctx, as_new, NULL, FALSE, 0, 0, NULL, 0, 0, FALSE };
  Reader reader = { INPUT_RECORD, name, &source, as_new, NULL, NULL, 0 };
  gboolean from_stdin = strcmp (name, "-") == 0;
  gboolean seekable = FALSE;
  InputForm form;
  GStatBuf info;
  int status;

  g_return_val_if_fail (ctx != NULL && name != NULL, LW_CLI_INVALID);

  if (!from_stdin && g_stat (name, &info) == 0 && S_ISDIR (info.st_mode))
    form = INPUT_DIRECTORY;
  else
    {
      if (from_stdin)
        {
          source.stream = stdin;
          source.shown = "standard input";
        }
      else
        {
          source.stream = g_fopen (name, "rb");
          source.opened = TRUE;
          source.shown = name;
        }
      /* A file that does not open is said as a single import says it. */
      if (source.stream == NULL)
        return lw_cli_import_record (ctx, name, as_new, NULL, NULL);
      seekable = !from_stdin && fstat (fileno (source.stream), &info) == 0
                 && S_ISREG (info.st_mode);
      form = detect_form (&source, seekable);
    }

  if (form == INPUT_RECORD)
    {
      if (seekable)
        {
          source_close (&source);
          return lw_cli_import_record (ctx, name, as_new, NULL, NULL);
        }
      status = lw_cli_import_record (ctx, name, as_new, g_steal_pointer (&source.held),
                                     source.stream);
      source_close (&source);
      return status;
    }

  bulk.out = g_string_new (NULL);
  reader.form = form;
  status = import_many (&bulk, &reader);
  source_close (&source);
  if (bulk.in_batch)
    lw_store_rollback_transaction (bulk.store);
  g_clear_object (&bulk.store);
  g_string_free (bulk.out, TRUE);
  return status;
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
