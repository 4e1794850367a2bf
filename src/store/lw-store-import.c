/* lw-store-import.c — many game records imported at once
 * (docs/rules/CLI.md `import`): a folder of *.json, JSON Lines, a JSON
 * array, or one record, as inputs found by their first bytes
 * (LwImportInput); read one record at a time on a thread of their own
 * (read and hashed while the previous ones are written, at most
 * IMPORT_AHEAD ahead) and stored in transactions of LW_IMPORT_BATCH
 * records, each in a savepoint of its own: a record is stored whole or
 * not at all. The one loop of `littlewolf-cli import` and the app's
 * Import of many files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <string.h>

#include <glib/gstdio.h>
#include <sys/stat.h>

#include "lw-store-private.h"
#include "lw-store-import.h"

#define MAX_RECORD_BYTES LW_GAME_RECORD_MAX_BYTES

/* ------------------------------------------------------------------ */
/* Inputs                                                               */
/* ------------------------------------------------------------------ */

/* An input read a byte at a time: a file or standard input, with the
 * bytes read ahead while its form was found (from a stream that cannot
 * seek back) given out first. */
struct _LwImportInput {
  LwImportForm form;
  char        *name;     /* the path, or "-" */
  char        *shown;    /* the input as messages name it */
  FILE        *stream;   /* (nullable) not for a folder */
  gboolean     opened;   /* closed at the end (not stdin) */
  gboolean     seekable;
  guint64      size;     /* a regular file's, else 0 */
  GString     *held;     /* (nullable) read ahead, given out from held_pos */
  gsize        held_pos;
  int          back;     /* a byte put back, or EOF for none */
  guint64      pos;      /* bytes given out */
};

static inline int
source_next (LwImportInput *source)
{
  int c;

  if (source->back != EOF)
    {
      c = source->back;
      source->back = EOF;
      return c;
    }
  source->pos++;
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
source_skip_space (LwImportInput *source)
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

/* Finds what @source holds from its first bytes, without taking them
 * (lw_import_input_open()). */
static LwImportForm
detect_form (LwImportInput *source)
{
  GString *seen = source->seekable ? NULL : g_string_new (NULL);
  LwImportForm form = LW_IMPORT_RECORD;
  Scan scan = { 0, FALSE, FALSE };
  gsize n = 0;
  int c;

#define NEXT() (c = getc_unlocked (source->stream), n++, \
                (c != EOF && seen != NULL) ? (void) g_string_append_c (seen, (char) c) : (void) 0)

  do
    NEXT ();
  while (is_space (c));

  if (c == '[')
    form = LW_IMPORT_ARRAY;
  else if (c == '{')
    {
      gboolean whole = FALSE;

      scan.depth = 1;
      while (!whole && n <= MAX_RECORD_BYTES)
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
                form = LW_IMPORT_LINES;
            }
        }
    }
#undef NEXT

  if (source->seekable)
    {
      clearerr (source->stream);
      if (fseek (source->stream, 0, SEEK_SET) != 0)
        form = LW_IMPORT_RECORD;
    }
  else
    source->held = seen;
  return form;
}

LwImportInput *
lw_import_input_open (const char  *name,
                      const char  *shown,
                      GError     **error)
{
  g_autoptr (LwImportInput) input = NULL;
  gboolean from_stdin;
  GStatBuf info;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  from_stdin = strcmp (name, "-") == 0;
  input = g_new0 (LwImportInput, 1);
  input->name = g_strdup (name);
  input->shown = g_strdup (shown != NULL ? shown : from_stdin ? "standard input" : name);
  input->back = EOF;

  if (!from_stdin && g_stat (name, &info) == 0 && S_ISDIR (info.st_mode))
    {
      input->form = LW_IMPORT_FOLDER;
      return g_steal_pointer (&input);
    }
  if (from_stdin)
    input->stream = stdin;
  else
    {
      int saved_errno;

      input->stream = g_fopen (name, "rb");
      saved_errno = errno;
      if (input->stream == NULL)
        {
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       "%s: %s", input->shown, g_strerror (saved_errno));
          return NULL;
        }
      input->opened = TRUE;
    }
  input->seekable = !from_stdin && fstat (fileno (input->stream), &info) == 0
                    && S_ISREG (info.st_mode);
  if (input->seekable)
    input->size = (guint64) info.st_size;
  input->form = detect_form (input);
  return g_steal_pointer (&input);
}

LwImportForm
lw_import_input_get_form (LwImportInput *input)
{
  g_return_val_if_fail (input != NULL, LW_IMPORT_RECORD);

  return input->form;
}

FILE *
lw_import_input_take_stream (LwImportInput  *input,
                             GString       **held)
{
  FILE *stream;

  g_return_val_if_fail (input != NULL && input->stream != NULL, NULL);
  g_return_val_if_fail (held != NULL, NULL);

  *held = g_steal_pointer (&input->held);
  stream = g_steal_pointer (&input->stream);
  input->opened = FALSE;
  return stream;
}

void
lw_import_input_free (LwImportInput *input)
{
  if (input == NULL)
    return;
  if (input->opened && input->stream != NULL)
    fclose (input->stream);
  if (input->held != NULL)
    g_string_free (input->held, TRUE);
  g_free (input->name);
  g_free (input->shown);
  g_free (input);
}

static gboolean
too_large (const char  *name,
           GError     **error)
{
  g_set_error (error, LW_ENGINE_ERROR, LW_ENGINE_ERROR_INVALID,
               "%s: too large for a game record (the limit is %d MiB)",
               name, MAX_RECORD_BYTES / (1024 * 1024));
  return FALSE;
}

/* Reads @stream to its end after the bytes @start already read from it
 * (taken; NULL: none), but no more than MAX_RECORD_BYTES bytes in all. */
static gboolean
read_stream (FILE        *stream,
             const char  *name,
             GString     *start,
             char       **contents,
             gsize       *length,
             GError     **error)
{
  g_autoptr (GString) buffer = start != NULL ? start : g_string_new (NULL);
  char chunk[65536];
  size_t n;

  if (buffer->len > MAX_RECORD_BYTES)
    return too_large (name, error);
  while ((n = fread (chunk, 1, sizeof chunk, stream)) > 0)
    {
      if (buffer->len + n > MAX_RECORD_BYTES)
        return too_large (name, error);
      g_string_append_len (buffer, chunk, (gssize) n);
    }
  if (ferror (stream))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot read %s", name);
      return FALSE;
    }
  *length = buffer->len;
  *contents = g_string_free (g_steal_pointer (&buffer), FALSE);
  return TRUE;
}

gboolean
lw_import_read_bytes (FILE        *stream,
                      const char  *name,
                      GString     *held,
                      char       **contents,
                      gsize       *length,
                      GError     **error)
{
  GStatBuf info;
  FILE *opened;
  gboolean ok;

  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (contents != NULL && length != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (stream != NULL)
    return read_stream (stream, name, held, contents, length, error);

  /* A file's size is checked before anything of it is read. */
  if (g_stat (name, &info) == 0 && S_ISREG (info.st_mode))
    {
      if (info.st_size > MAX_RECORD_BYTES)
        return too_large (name, error);
      return g_file_get_contents (name, contents, length, error);
    }

  /* Anything else (a pipe, a device) is read up to the limit. */
  opened = g_fopen (name, "rb");
  if (opened == NULL)
    return g_file_get_contents (name, contents, length, error);
  ok = read_stream (opened, name, NULL, contents, length, error);
  fclose (opened);
  return ok;
}

/* ------------------------------------------------------------------ */
/* Reading the records (a thread of its own)                           */
/* ------------------------------------------------------------------ */

/* What the reading thread hands the storing one, in the inputs' order. */
typedef enum {
  ITEM_RECORD,   /* a record read, its body hashed */
  ITEM_REFUSED,  /* a record that does not read */
  ITEM_STOP,     /* an input cannot be read on */
  ITEM_END,      /* nothing more */
} ItemKind;

typedef struct {
  ItemKind      kind;
  char         *place;    /* as messages name it */
  char         *shown;    /* as a list of what was stored names it */
  LwGameRecord *record;
  char         *hash;     /* lw_game_record_body_hash() (not as new) */
  char         *message;  /* why refused or stopped */
  guint64       bytes;    /* the inputs' bytes read up to its end */
} Item;

static Item *
item_new (ItemKind kind)
{
  Item *item = g_new0 (Item, 1);

  item->kind = kind;
  return item;
}

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
#define IMPORT_AHEAD 64

/* The reading thread's inputs and its two queues: @items to the storing
 * thread, @room the tokens of the places free in between. Counting
 * (@counting), nothing is read into records or handed over: each one
 * only adds to @count. */
typedef struct {
  LwImportInput **inputs;
  guint           n_inputs;
  LwImportInput  *source;   /* the one read now */
  gboolean        as_new;
  gboolean        counting;
  guint64         count;
  guint64         bytes_before;  /* of the inputs read before @source */
  GAsyncQueue    *items;
  GAsyncQueue    *room;
  gint            cancelled;  /* atomic: the storing thread stopped */
} Reader;

static guint64
bytes_read (Reader *reader)
{
  return reader->bytes_before + (reader->source != NULL ? reader->source->pos : 0);
}

/* Hands @item over (taken), waiting for room; FALSE once the import
 * stopped (the item is dropped). */
static gboolean
hand (Reader *reader,
      Item   *item)
{
  if (reader->counting)
    {
      if (item->kind != ITEM_STOP)
        reader->count++;
      item_free (item);
      return TRUE;
    }
  if (g_atomic_int_get (&reader->cancelled))
    {
      item_free (item);
      return FALSE;
    }
  item->bytes = bytes_read (reader);
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
  Item *item = item_new (kind);

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
  LwGameRecord *record;
  Item *item;

  if (reader->counting)
    {
      reader->count++;
      return TRUE;
    }
  record = lw_game_record_from_json (text, (gssize) length, &error);
  if (record == NULL)
    return hand_message (reader, ITEM_REFUSED, place, error->message);
  item = item_new (ITEM_RECORD);
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
                     MAX_RECORD_BYTES / (1024 * 1024));

  return hand_message (reader, ITEM_REFUSED, place, reason);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* One *.json of a folder, read only when it is a regular file: it is
 * opened without waiting (a pipe no program writes to would hold the
 * import for ever) and what it is told from the file opened, not from
 * its name. */
static gboolean
read_folder_file (const char  *path,
                  char       **contents,
                  gsize       *length,
                  GError     **error)
{
  struct stat info;
  FILE *stream;
  gboolean ok;
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);

  if (fd < 0)
    return g_file_get_contents (path, contents, length, error);  /* its message */
  if (fstat (fd, &info) != 0 || !S_ISREG (info.st_mode))
    {
      close (fd);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: not a regular file", path);
      return FALSE;
    }
  if (info.st_size > MAX_RECORD_BYTES)
    {
      close (fd);
      return too_large (path, error);
    }
  stream = fdopen (fd, "rb");
  if (stream == NULL)
    {
      close (fd);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot read %s", path);
      return FALSE;
    }
  ok = read_stream (stream, path, NULL, contents, length, error);
  fclose (stream);
  return ok;
}

/* Every *.json of the folder, in the byte order of their names; one that
 * is not a regular file (a pipe, a device, a folder) is refused. */
static gboolean
read_folder (Reader *reader)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *name = reader->source->name;
  GDir *dir = g_dir_open (name, 0, &error);
  const char *entry;

  if (dir == NULL)
    return hand_message (reader, ITEM_STOP, NULL, error->message);
  while ((entry = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (entry, ".json"))
      g_ptr_array_add (files, g_strdup (entry));
  g_dir_close (dir);
  g_ptr_array_sort (files, compare_names);

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *path = g_build_filename (name, g_ptr_array_index (files, i), NULL);
      g_autofree char *contents = NULL;
      gsize length = 0;
      gboolean more;

      if (reader->counting)
        {
          reader->count++;
          continue;
        }
      /* The message of a file that cannot be read names it. */
      if (!read_folder_file (path, &contents, &length, &error))
        {
          more = hand_message (reader, ITEM_REFUSED, NULL, error->message);
          g_clear_error (&error);
        }
      else
        {
          reader->source->pos += length;
          more = hand_record (reader, path, path, contents, length);
        }
      if (!more)
        return FALSE;
    }
  return TRUE;
}

/* The whole input, one record (a file among others). */
static gboolean
read_record (Reader *reader)
{
  LwImportInput *source = reader->source;
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (reader->counting)
    {
      reader->count++;
      return TRUE;
    }
  if (!lw_import_read_bytes (source->stream, source->shown, g_steal_pointer (&source->held),
                             &contents, &length, &error))
    return hand_message (reader, ITEM_REFUSED, NULL, error->message);
  source->pos += length;
  return hand_record (reader, source->shown, source->shown, contents, length);
}

/* A line at a time; a blank line is no record. */
static gboolean
read_lines (Reader *reader)
{
  LwImportInput *source = reader->source;
  g_autoptr (GString) line = g_string_sized_new (4096);
  guint64 number = 0;
  gboolean more = TRUE;

  for (;;)
    {
      gboolean too_long = FALSE, blank = TRUE;
      int c;

      g_string_truncate (line, 0);
      while ((c = source_next (source)) != EOF && c != '\n')
        {
          if (line->len >= MAX_RECORD_BYTES)
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
          g_autofree char *place = NULL;
          g_autofree char *shown = NULL;

          if (reader->counting)
            {
              reader->count++;
              continue;
            }
          place = g_strdup_printf ("%s, line %" G_GUINT64_FORMAT, source->shown, number);
          shown = g_strdup_printf ("line %" G_GUINT64_FORMAT, number);
          more = too_long ? hand_too_large (reader, place)
                          : hand_record (reader, place, shown, line->str, line->len);
        }
      if (!more || c == EOF)
        break;
    }
  if (ferror (source->stream))
    {
      g_autofree char *message = g_strdup_printf ("cannot read %s", source->shown);

      return hand_message (reader, ITEM_STOP, NULL, message);
    }
  return more;
}

/* The array's elements one at a time: each one's text is found by its
 * brackets and read as a record. */
static gboolean
read_array (Reader *reader)
{
  LwImportInput *source = reader->source;
  g_autoptr (GString) text = g_string_sized_new (4096);
  const char *problem = NULL;
  guint64 index = 0;
  int c = source_skip_space (source);

  g_assert (c == '[');
  c = source_skip_space (source);
  while (problem == NULL && c != ']')
    {
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
          if (text->len >= MAX_RECORD_BYTES)
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

      if (reader->counting)
        reader->count++;
      else
        {
          g_autofree char *place = g_strdup_printf ("%s, index %" G_GUINT64_FORMAT, source->shown, index);
          g_autofree char *shown = g_strdup_printf ("index %" G_GUINT64_FORMAT, index);

          if (!(too_long ? hand_too_large (reader, place)
                         : hand_record (reader, place, shown, text->str, text->len)))
            return FALSE;
        }

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

      return hand_message (reader, ITEM_STOP, NULL, message);
    }
  if (problem != NULL)
    {
      g_autofree char *place = g_strdup_printf ("%s, index %" G_GUINT64_FORMAT, source->shown, index);

      /* What follows a broken array cannot be told apart: nothing more
       * is read from it. */
      return hand_message (reader, ITEM_REFUSED, place, problem);
    }
  return TRUE;
}

/* Reads every input in turn; FALSE once the import stopped. */
static gboolean
read_inputs (Reader *reader)
{
  gboolean more = TRUE;

  for (guint i = 0; more && i < reader->n_inputs; i++)
    {
      LwImportInput *source = reader->inputs[i];

      reader->source = source;
      switch (source->form)
        {
        case LW_IMPORT_FOLDER:
          more = read_folder (reader);
          break;
        case LW_IMPORT_LINES:
          more = read_lines (reader);
          break;
        case LW_IMPORT_ARRAY:
          more = read_array (reader);
          break;
        case LW_IMPORT_RECORD:
        default:
          more = read_record (reader);
          break;
        }
      reader->bytes_before += source->pos;
      reader->source = NULL;
    }
  return more;
}

static gpointer
reader_main (gpointer data)
{
  Reader *reader = data;

  read_inputs (reader);

  /* The end always goes over, without waiting for room (the storing
   * thread waits for it). */
  g_async_queue_push (reader->items, item_new (ITEM_END));
  return NULL;
}

/* Every input counted (LW_IMPORT_COUNT_FIRST), then put back to its
 * start; an input that cannot go back is not counted. */
static guint64
count_records (Reader *reader)
{
  guint64 count;

  for (guint i = 0; i < reader->n_inputs; i++)
    if (reader->inputs[i]->form != LW_IMPORT_FOLDER && !reader->inputs[i]->seekable)
      return 0;
  reader->counting = TRUE;
  read_inputs (reader);
  reader->counting = FALSE;
  count = reader->count;
  reader->bytes_before = 0;
  for (guint i = 0; i < reader->n_inputs; i++)
    {
      LwImportInput *source = reader->inputs[i];

      source->pos = 0;
      source->back = EOF;
      if (source->stream != NULL)
        {
          clearerr (source->stream);
          if (fseek (source->stream, 0, SEEK_SET) != 0)
            count = 0;
        }
    }
  return count;
}

/* ------------------------------------------------------------------ */
/* Storing the records                                                  */
/* ------------------------------------------------------------------ */

/* The page cache of the import's connection, in KiB: a batch's pages
 * (some 2 MiB for 500 games of 20 rounds) stay in memory until its
 * commit rather than spill into the WAL midway, at a bounded cost. */
#define IMPORT_CACHE_KIB 32768

typedef struct {
  LwStore                 *store;       /* opened at the first record that reads */
  gboolean                 own_store;
  gint64                   cache_size;  /* the connection's before, to put back; 0: unset */
  gboolean                 as_new;
  const LwImportCallbacks *callbacks;
  gpointer                 data;
  gboolean                 in_batch;    /* a batch's transaction is open */
  guint                    batch_size;  /* records tried in it */
  guint                    pending;     /* records stored in it, not yet committed */
  LwImportReport          *report;
  LwImportProgress         progress;
  GError                  *error;       /* why it stopped */
} Bulk;

/* A record that is not stored. */
static void
refuse (Bulk       *bulk,
        const char *place,
        const char *reason,
        gint64      same)
{
  bulk->report->refused++;
  if (bulk->callbacks->refused != NULL)
    bulk->callbacks->refused (bulk->data, place, reason, same);
}

/* The import cannot go on (the database, an input, the caller): what
 * the open batch stored is rolled back. Takes @error. */
static gboolean
stop (Bulk   *bulk,
      GError *error)
{
  if (bulk->in_batch)
    lw_store_rollback_transaction (bulk->store);
  bulk->in_batch = FALSE;
  if (bulk->error == NULL)
    bulk->error = error;
  else
    g_error_free (error);
  return FALSE;
}

/* The caller's word before the batch's commit, then the commit. */
static gboolean
commit_batch (Bulk *bulk)
{
  GError *error = NULL;
  guint pending = bulk->pending;

  if (!bulk->in_batch)
    return TRUE;
  if (bulk->callbacks->before_commit != NULL
      && !bulk->callbacks->before_commit (bulk->data, pending, &error))
    return stop (bulk, error);
  bulk->in_batch = FALSE;
  bulk->batch_size = 0;
  bulk->pending = 0;
  if (!lw_store_commit_transaction (bulk->store, &error))
    {
      bulk->report->unstored = pending;
      return stop (bulk, error);
    }
  bulk->report->imported += pending;
  return TRUE;
}

/* Stores the record of @item. Returns FALSE when the import stops. */
static gboolean
store_item (Bulk *bulk,
            Item *item)
{
  GError *error = NULL;
  gint64 id, same = 0;

  /* The database is opened, and its damage checked, once: before the
   * first record that reads (a folder of bad records opens none). */
  if (bulk->store == NULL)
    {
      bulk->store = bulk->callbacks->open_store (bulk->data, &error);
      bulk->own_store = TRUE;
      if (bulk->store == NULL)
        return stop (bulk, error);
    }
  if (bulk->cache_size == 0
      && lw_store_query_int64 (bulk->store, "PRAGMA cache_size", &bulk->cache_size, NULL)
      && bulk->cache_size != 0)
    lw_store_exec (bulk->store, "PRAGMA cache_size = -" G_STRINGIFY (IMPORT_CACHE_KIB), NULL);
  if (!bulk->in_batch)
    {
      if (!lw_store_begin_transaction (bulk->store, &error))
        return stop (bulk, error);
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
    refuse (bulk, item->place, NULL, same);
  else if (id <= 0 && error->domain == LW_ENGINE_ERROR)
    refuse (bulk, item->place, error->message, 0);
  else if (id <= 0)
    {
      GError *named = g_error_new (error->domain, error->code, "%s: %s", item->place, error->message);

      g_error_free (error);
      return stop (bulk, named);
    }
  else
    {
      bulk->pending++;
      if (bulk->callbacks->stored != NULL)
        bulk->callbacks->stored (bulk->data, id, item->place, item->shown);
    }
  g_clear_error (&error);
  if (bulk->batch_size >= LW_IMPORT_BATCH)
    return commit_batch (bulk);
  return TRUE;
}

gboolean
lw_store_import_inputs (LwStore                  *store,
                        LwImportInput           **inputs,
                        guint                     n_inputs,
                        LwImportFlags             flags,
                        const LwImportCallbacks  *callbacks,
                        gpointer                  data,
                        GCancellable             *cancellable,
                        LwImportReport           *report,
                        GError                  **error)
{
  Reader reader = { inputs, n_inputs, NULL, (flags & LW_IMPORT_AS_NEW) != 0, FALSE, 0, 0,
                    NULL, NULL, 0 };
  Bulk bulk = { store, FALSE, 0, (flags & LW_IMPORT_AS_NEW) != 0, callbacks, data,
                FALSE, 0, 0, report, { 0 }, NULL };
  GThread *thread;
  gboolean ended = FALSE;

  g_return_val_if_fail (store == NULL || LW_IS_STORE (store), FALSE);
  g_return_val_if_fail (inputs != NULL || n_inputs == 0, FALSE);
  g_return_val_if_fail (callbacks != NULL && (store != NULL || callbacks->open_store != NULL), FALSE);
  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (report, 0, sizeof *report);
  for (guint i = 0; i < n_inputs; i++)
    bulk.progress.bytes_total += inputs[i]->size;
  if (flags & LW_IMPORT_COUNT_FIRST)
    bulk.progress.total = count_records (&reader);

  reader.items = g_async_queue_new ();
  reader.room = g_async_queue_new ();
  for (guint i = 0; i < IMPORT_AHEAD; i++)
    g_async_queue_push (reader.room, GINT_TO_POINTER (1));
  thread = g_thread_new ("import-read", reader_main, &reader);

  while (!ended)
    {
      Item *item = g_async_queue_pop (reader.items);

      g_async_queue_push (reader.room, GINT_TO_POINTER (1));
      if (item->kind == ITEM_END)
        ended = TRUE;
      else if (bulk.error != NULL || report->cancelled)
        ;  /* what was read ahead is dropped */
      else if (g_cancellable_is_cancelled (cancellable))
        {
          /* What the open batch holds is each record whole: it stays. */
          report->cancelled = TRUE;
          commit_batch (&bulk);
        }
      else
        {
          if (item->kind == ITEM_REFUSED)
            refuse (&bulk, item->place, item->message, 0);
          else if (item->kind == ITEM_STOP)
            stop (&bulk, g_error_new_literal (G_FILE_ERROR, G_FILE_ERROR_IO, item->message));
          else
            store_item (&bulk, item);
          if (bulk.error == NULL && callbacks->progress != NULL)
            {
              bulk.progress.done++;
              bulk.progress.imported = report->imported;
              bulk.progress.refused = report->refused;
              bulk.progress.bytes_read = item->bytes;
              callbacks->progress (data, &bulk.progress);
            }
        }
      if (bulk.error != NULL || report->cancelled)
        g_atomic_int_set (&reader.cancelled, 1);
      item_free (item);
    }
  g_thread_join (thread);
  g_async_queue_unref (reader.items);
  g_async_queue_unref (reader.room);

  if (bulk.error == NULL && !report->cancelled)
    commit_batch (&bulk);
  if (bulk.in_batch)
    lw_store_rollback_transaction (bulk.store);
  if (bulk.cache_size != 0)
    {
      g_autofree char *sql = g_strdup_printf ("PRAGMA cache_size = %" G_GINT64_FORMAT, bulk.cache_size);

      lw_store_exec (bulk.store, sql, NULL);
    }
  if (bulk.own_store)
    g_clear_object (&bulk.store);

  if (bulk.error != NULL)
    {
      g_propagate_error (error, bulk.error);
      return FALSE;
    }
  if (report->cancelled)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "the import was cancelled");
      return FALSE;
    }
  return TRUE;
}
