/* lw-test-app.h — the UI tests' fixture: the app, created
 * G_APPLICATION_NON_UNIQUE, with its window on a temporary database
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-application.h"
#include "lw-store.h"
#include "lw-window.h"

G_BEGIN_DECLS

typedef struct
{
  char *dir;               /* a fresh temporary folder */
  char *db_path;           /* the database in it */
  LwApplication *app;
  LwWindow *window;        /* the window on @db_path */
  LwStore *writer;         /* a second connection (lw_test_app_writer()) */
} LwTestApp;

/* Runs the main context until nothing is pending. */
void lw_test_drain (void);

/* The first widget of @type inside @widget (itself included), depth
 * first, or NULL. */
GtkWidget *lw_test_find_widget (GtkWidget *widget,
                                GType      type);

/* Activates @action ("win.new-game", say) from @widget, asserting that it
 * exists and is enabled, then drains the main context. */
void lw_test_activate (gpointer    widget,
                       const char *action);

/* Registers a new application and opens its window on @db_path; the
 * caller drains the main context once it has set up what it needs. */
void lw_test_app_open (LwTestApp *fixture);

/* Destroys the window and drops the application, as quitting does. */
void lw_test_app_close (LwTestApp *fixture);

/* GTestFixtureFunc for g_test_add (…, LwTestApp, …): a new folder named
 * after the test program, @db_path test.sqlite3 in it, the app open and
 * the main context drained. */
void lw_test_app_set_up (LwTestApp     *fixture,
                         gconstpointer  data);

/* Closes the app and removes the folder with every file in it. */
void lw_test_app_tear_down (LwTestApp     *fixture,
                            gconstpointer  data);

/* A second connection to the fixture's database, opened on first use and
 * closed by lw_test_app_tear_down(): what it writes comes as from another
 * program (littlewolf-cli import), which the window notices. */
LwStore *lw_test_app_writer (LwTestApp *fixture);

G_END_DECLS
