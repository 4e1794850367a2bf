/* lw-test-app.h — the UI tests' fixture: the app, created
 * G_APPLICATION_NON_UNIQUE, with its window on a temporary database
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "lw-application.h"
#include "lw-store.h"
#include "lw-new-game-page.h"
#include "lw-table.h"
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

/* How many rounds game @id holds in the window's database. */
guint lw_test_stored_rounds (LwTestApp *fixture,
                             gint64     id);

/* The first button of @widget and below (depth first) whose action is
 * @action ("table.hint"), or NULL. */
GtkWidget *lw_test_find_action_button (GtkWidget  *widget,
                                       const char *action);

/**
 * lw_test_find:
 * @root: a widget (a window, a page, a row)
 * @type: what the widget found must be (%GTK_TYPE_WIDGET for any)
 * @name: (nullable): how it is named; %NULL for any
 *
 * The tests' one way to a widget of the app: the first widget inside
 * @root (@root itself included, depth first) that is a @type named @name,
 * by (in this order, at each widget):
 *
 * - its ID in a .ui file (gtk_buildable_get_buildable_id()), which is a
 *   template child's name ("king_and_knave_switch");
 * - a template child of that name bound by the widget's class or one of
 *   its parent classes (gtk_widget_get_template_child() with that class);
 * - its widget name (gtk_widget_set_name(), as rows made in code are
 *   named: "suggestion-3");
 * - the text it shows, which stands for its accessible label (GTK 4.8
 *   has no getter of an accessible's label): its "label" (a label's text
 *   with or without its markup, a button's, a check button's), its
 *   "title" (a preferences row's or group's), with or without its
 *   mnemonic underscores ("_Accept" or "Accept"), or else its tooltip
 *   (an icon button's "Copy Link").
 *
 * Returns: (transfer none) (nullable): the widget, %NULL when none.
 */
GtkWidget *lw_test_find (gpointer    root,
                         GType       type,
                         const char *name);

/* The first item of @model that is a @type and not @except, or NULL;
 * (transfer none): kept by whoever keeps the model's items (the list of
 * toplevels, a widget's controllers). */
gpointer lw_test_find_item (GListModel    *model,
                            GType          type,
                            gconstpointer  except);

/* Answers @dialog (asserted to be there) with @response, then drains
 * the main context. */
void lw_test_respond (AdwMessageDialog *dialog,
                      const char       *response);

/* Activates @action ("win.new-game", say) from @widget, asserting that it
 * exists and is enabled, then drains the main context. */
void lw_test_activate (gpointer    widget,
                       const char *action);

/* Opens New Game (win.new-game) in @window for a game of @n_players,
 * seat s named @names[s], at this device's virtual table when
 * @virtual_table; the seats' players and everything else left as the
 * form has them. (transfer none): the window's page. */
LwNewGamePage *lw_test_new_game_form (LwWindow          *window,
                                      guint              n_players,
                                      const char *const *names,
                                      gboolean           virtual_table);

/* Runs the main context until @widget is no longer mapped (a page the
 * leaflet slid away from), for 5 seconds at the most; asserts it is. */
void lw_test_wait_unmapped (gpointer widget);

/* Registers a new application and opens its window on @db_path; the
 * caller drains the main context once it has set up what it needs. */
void lw_test_app_open (LwTestApp *fixture);

/* Destroys the window and drops the application, as quitting does
 * (::shutdown, then the last reference); asserts that the application
 * is finalized (within 5 s: a thread of its start-up may hold it). */
void lw_test_app_close (LwTestApp *fixture);

/* GTestFixtureFunc for g_test_add (…, LwTestApp, …): animations off
 * (gtk-enable-animations), a new folder named after the test program,
 * @db_path test.sqlite3 in it, the app open and the main context
 * drained. */
void lw_test_app_set_up (LwTestApp     *fixture,
                         gconstpointer  data);

/* One test of a UI test program: its path and the test, run on the
 * fixture of lw_test_app_set_up() and lw_test_app_tear_down(). */
typedef struct
{
  const char *path;
  void (*test) (LwTestApp     *fixture,
                gconstpointer  data);
} LwTestAppCase;

/* What every UI test program does first, in place of gtk_test_init():
 * the memory settings backend, a private session bus (GTestDBus, when
 * dbus-daemon is installed), gtk_test_init(), then the C.UTF-8 locale
 * (gtk_test_init() sets en_US.UTF-8 where it is installed). Aborts when
 * C.UTF-8 is missing. Its end is lw_test_app_run(). */
void lw_test_app_init (int    *argc,
                       char ***argv);

/* g_test_run(), then the private bus of lw_test_app_init() taken down;
 * returns g_test_run()'s status. */
int lw_test_app_run (void);

/* The main() of a UI test program: lw_test_app_init(), each of the
 * @n_cases @cases added on the fixture, lw_test_app_run(); returns
 * g_test_run()'s status. */
int lw_test_app_main (int                  argc,
                      char               **argv,
                      const LwTestAppCase *cases,
                      guint                n_cases);

/* Closes the app and removes the folder with every file in it. */
void lw_test_app_tear_down (LwTestApp     *fixture,
                            gconstpointer  data);

/* A second connection to the fixture's database, opened on first use and
 * closed by lw_test_app_tear_down(): what it writes comes as from another
 * program (littlewolf-cli import), which the window notices. */
LwStore *lw_test_app_writer (LwTestApp *fixture);

/* Starts a 2-player game of Ann and Ben from the New Game page, asserting
 * that the page, then the game's page, are shown and the game stored;
 * drains the main context. Returns its ID. */
gint64 lw_test_start_two_player_game (LwTestApp *fixture);

/* A new game of @ruleset for @n players named @names, in @n_teams teams
 * by seat (seat i in team i % @n_teams; 0 for none), stored through
 * @store; asserts it is stored. Returns its ID. */
gint64 lw_test_add_game (LwStore           *store,
                         LwRuleset          ruleset,
                         guint              n,
                         const char *const *names,
                         guint              n_teams);

/* A finished Little Wolf game of @n players named @names (in @n_teams
 * teams by seat, 0 for none) stored through @store: seat 0 makes the Pack
 * every round until it wins. Returns its ID. */
gint64 lw_test_add_won_game (LwStore           *store,
                             guint              n,
                             const char *const *names,
                             guint              n_teams);

/* The selection mask of @cards (@n of them) in @seat's hand at @table,
 * each copy of a card once; asserts that every card is there. */
guint32 lw_test_hand_mask (const LwTable *table,
                           int            seat,
                           const LwCard  *cards,
                           guint          n);

G_END_DECLS
