/* test-store-watch.c — the store's change signals: what a committed
 * transaction changed, nothing for a rollback, other connections' writes
 * through data_version
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <sqlite3.h>

#include "lw-store.h"
#include "lw-store.h"
#include "lw-store-watch.h"
#include "lw-test-util.h"

typedef struct {
  LwTestDb      db;
  LwStoreWatch *watch;
  GArray       *games;        /* gint64: each game-changed, in order */
  guint         games_list;   /* games-changed */
  guint         all;          /* all-changed */
  guint         done;
} Fixture;

static void
game_changed_cb (LwStoreWatch *watch,
                 gint64        id,
                 Fixture      *fixture)
{
  g_array_append_val (fixture->games, id);
}

static void
count_cb (LwStoreWatch *watch,
          guint        *count)
{
  (*count)++;
}

static void
forget (Fixture *fixture)
{
  g_array_set_size (fixture->games, 0);
  fixture->games_list = fixture->all = fixture->done = 0;
}

static gboolean
saw_game (Fixture *fixture,
          gint64   id)
{
  for (guint i = 0; i < fixture->games->len; i++)
    if (g_array_index (fixture->games, gint64, i) == id)
      return TRUE;
  return FALSE;
}

static void
set_up (Fixture       *fixture,
        gconstpointer  data)
{
  lw_test_db_set_up (&fixture->db, data);
  fixture->watch = lw_store_watch_new (fixture->db.store);
  fixture->games = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_signal_connect (fixture->watch, "game-changed", G_CALLBACK (game_changed_cb), fixture);
  g_signal_connect (fixture->watch, "games-changed", G_CALLBACK (count_cb), &fixture->games_list);
  g_signal_connect (fixture->watch, "all-changed", G_CALLBACK (count_cb), &fixture->all);
  g_signal_connect (fixture->watch, "done", G_CALLBACK (count_cb), &fixture->done);
}

static void
tear_down (Fixture       *fixture,
           gconstpointer  data)
{
  g_assert_true (lw_store_watch_find (fixture->db.store) == fixture->watch);
  g_clear_object (&fixture->watch);
  g_assert_null (lw_store_watch_find (fixture->db.store));
  g_clear_pointer (&fixture->games, g_array_unref);
  lw_test_db_tear_down (&fixture->db, data);
}

#define GAME "{'format':'little-wolf/game','version':1,'players':['Ann','Ben'],'rounds':[" \
             "{'declarer':null,'cards':[13,13]}]}"

static gint64
add (Fixture *fixture)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (GAME);
  g_autoptr (GError) error = NULL;
  gint64 id = lw_store_add_game (fixture->db.store, record, &error);

  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  return id;
}

/* A game added, its change told and forgotten: what the watch tells
 * next is only what comes after. */
static gint64
add_and_forget (Fixture *fixture)
{
  gint64 id = add (fixture);

  lw_store_watch_flush (fixture->watch);
  forget (fixture);
  return id;
}

static void
append (Fixture *fixture,
        gint64   id)
{
  g_autoptr (LwGameRecord) record = lw_test_record_from (GAME);
  g_autoptr (LwRound) round = lw_test_round_from (record, "{'declarer':null,'cards':[16,10]}");
  g_autoptr (GError) error = NULL;

  g_assert_true (lw_store_append_round (fixture->db.store, id, round, &error));
  g_assert_no_error (error);
}

/* A round appended to one game names that game, not the other, once,
 * after the commit, and one "done" closes the batch. */
static void
test_append_round (Fixture       *fixture,
                   gconstpointer  data)
{
  gint64 first = add (fixture);
  gint64 second = add (fixture);

  lw_store_watch_flush (fixture->watch);
  forget (fixture);

  append (fixture, second);
  /* Told from an idle, never from inside the write. */
  g_assert_cmpuint (fixture->games->len, ==, 0);
  g_assert_cmpuint (fixture->done, ==, 0);

  lw_store_watch_flush (fixture->watch);
  g_assert_true (saw_game (fixture, second));
  g_assert_false (saw_game (fixture, first));
  g_assert_cmpuint (fixture->games_list, ==, 0);
  g_assert_cmpuint (fixture->done, ==, 1);
  g_assert_cmpuint (fixture->all, ==, 0);

  /* Told once: nothing is left for the idle. */
  forget (fixture);
  lw_store_watch_flush (fixture->watch);
  g_assert_cmpuint (fixture->done, ==, 0);
  g_assert_cmpuint (fixture->games->len, ==, 0);
}

/* A game added or deleted changes the list of games. */
static void
test_add_delete (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  gint64 id = add (fixture);

  lw_store_watch_flush (fixture->watch);
  g_assert_cmpuint (fixture->games_list, ==, 1);
  g_assert_true (saw_game (fixture, id));
  g_assert_cmpuint (fixture->done, ==, 1);

  forget (fixture);
  g_assert_true (lw_store_delete_game (fixture->db.store, id, &error));
  g_assert_no_error (error);
  lw_store_watch_flush (fixture->watch);
  g_assert_cmpuint (fixture->games_list, ==, 1);
  g_assert_true (saw_game (fixture, id));
}

/* A rolled-back transaction tells nothing. */
static void
test_rollback (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  gint64 id = add_and_forget (fixture);

  g_assert_true (lw_store_begin_transaction (fixture->db.store, &error));
  g_assert_no_error (error);
  append (fixture, id);
  lw_store_rollback_transaction (fixture->db.store);

  lw_store_watch_flush (fixture->watch);
  g_assert_cmpuint (fixture->games->len, ==, 0);
  g_assert_cmpuint (fixture->done, ==, 0);
}

/* A lock is a row of a WITHOUT ROWID table, which the update hook is not
 * told of: the count of changed rows finds it, as "some game". */
static void
test_lock (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  gint64 id = add_and_forget (fixture);

  g_assert_true (lw_store_set_round_locked (fixture->db.store, id, 1, TRUE, &error));
  g_assert_no_error (error);
  lw_store_watch_flush (fixture->watch);
  g_assert_true (saw_game (fixture, 0));
  g_assert_cmpuint (fixture->done, ==, 1);
}

/* Without a flush, the idle tells the change in the main context. */
static void
test_idle (Fixture       *fixture,
           gconstpointer  data)
{
  gint64 id = add (fixture);

  for (guint i = 0; i < 1000 && fixture->done == 0; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (fixture->done, ==, 1);
  g_assert_true (saw_game (fixture, id));
}

/* Another connection's write is found by data_version, once. */
static void
test_other_connection (Fixture       *fixture,
                       gconstpointer  data)
{
  gint64 id = add_and_forget (fixture);
  g_autofree char *sql = NULL;

  g_assert_false (lw_store_watch_check (fixture->watch));
  g_assert_cmpuint (fixture->all, ==, 0);

  sql = g_strdup_printf ("UPDATE games SET notes = 'from the CLI' WHERE id = %" G_GINT64_FORMAT, id);
  lw_test_sql_exec_at (fixture->db.path, sql);

  g_assert_true (lw_store_watch_check (fixture->watch));
  g_assert_cmpuint (fixture->all, ==, 1);
  g_assert_cmpuint (fixture->done, ==, 1);
  /* The connection's own hooks saw nothing of it. */
  g_assert_cmpuint (fixture->games->len, ==, 0);

  g_assert_false (lw_store_watch_check (fixture->watch));
  g_assert_cmpuint (fixture->all, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, set_up, func, tear_down)

  ADD ("/store-watch/append-round", test_append_round);
  ADD ("/store-watch/add-delete", test_add_delete);
  ADD ("/store-watch/rollback", test_rollback);
  ADD ("/store-watch/lock", test_lock);
  ADD ("/store-watch/idle", test_idle);
  ADD ("/store-watch/other-connection", test_other_connection);

  return g_test_run ();
}
