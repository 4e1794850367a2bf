/* fuzz-pull-apply.c — one input through the club pull's readers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "fuzz-pull-apply.h"
#include "lw-store.h"

#define ORIGIN "5b1c9f3e-2d7a-4c1b-9e8f-0a6d4c3b2a19"
#define OTHER "9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
#define EVENT_UUID "0e1d2c3b-4a59-4687-9a6b-5c4d3e2f1a0b"
#define GAME_UUID "7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2918"

static LwStore *store;
static char *dir;

static void
remove_dir (void)
{
  g_autofree char *path = NULL;

  g_clear_object (&store);
  if (dir == NULL)
    return;
  path = g_build_filename (dir, "pull.sqlite3", NULL);
  for (const char *suffix = ""; suffix != NULL;
       suffix = strcmp (suffix, "") == 0 ? "-wal" : strcmp (suffix, "-wal") == 0 ? "-shm" : NULL)
    {
      g_autofree char *file = g_strconcat (path, suffix, NULL);

      g_unlink (file);
    }
  g_rmdir (dir);
  g_clear_pointer (&dir, g_free);
}

/* The database, joined to a club as laptop ORIGIN (no server: the pull's
 * rows are made here). */
static LwStore *
get_store (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;

  if (store != NULL)
    return store;
  dir = g_dir_make_tmp ("lw-fuzz-pull-XXXXXX", &error);
  g_assert_no_error (error);
  atexit (remove_dir);
  path = g_build_filename (dir, "pull.sqlite3", NULL);
  store = lw_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (lw_store_club_join (store, "host=localhost dbname=club", ORIGIN, &error));
  g_assert_no_error (error);
  return store;
}

/* Applies one change made of @body and @players; refusals are fine,
 * a failure of the store is not. */
static void
apply (const char *uuid,
       gboolean    is_event,
       const char *body,
       const char *players)
{
  static gint64 version;
  static gint64 seq;
  g_autoptr (GPtrArray) changes = g_ptr_array_new_with_free_func ((GDestroyNotify) lw_club_game_free);
  g_autoptr (GPtrArray) refusals = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  LwClubGame *change = g_new0 (LwClubGame, 1);
  guint refused = 0;
  gboolean ok;

  change->uuid = g_strdup (uuid);
  change->origin = g_strdup (OTHER);
  change->origin_name = g_strdup ("Laptop B");
  change->version = ++version;
  change->played_at = is_event ? 0 : 1767225600;
  change->record = g_strdup (body);
  change->seq = ++seq;
  change->is_event = is_event;
  change->players = g_strdup (players);
  g_ptr_array_add (changes, change);
  ok = lw_store_club_apply_pulled (get_store (), changes, seq, &refused, refusals, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpuint (refused, ==, refusals->len);
  for (guint i = 0; i < refusals->len; i++)
    g_assert_true (strstr (g_ptr_array_index (refusals, i), " not taken: ") != NULL);
}

void
lw_fuzz_pull_apply (const uint8_t *data,
                    size_t         size)
{
  const uint8_t *nul = memchr (data, '\0', size);
  g_autofree char *body = g_strndup ((const char *) data, nul != NULL ? (gsize) (nul - data) : size);
  g_autofree char *players = nul != NULL
                             ? g_strndup ((const char *) nul + 1, size - (gsize) (nul - data) - 1)
                             : NULL;
  g_autoptr (LwGameRecord) record = lw_game_record_from_json (body, -1, NULL);
  const char *uuid = record != NULL && record->id != NULL && g_uuid_string_is_valid (record->id)
                     ? record->id : GAME_UUID;

  apply (uuid, FALSE, body, players);
  apply (EVENT_UUID, TRUE, body, players);
}
