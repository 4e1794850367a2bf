/* lw-traveller-view.c — a duplicate event's travelling sheets in the app
 * and on paper: per board the nets and matchpoints of each position at
 * each table (DUPLICATE D5, D6), the par beside them (D10)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "lw-app-util.h"
#include "lw-events-duplicate.h"
#include "lw-events-duplicate-private.h"
#include "lw-events-page-private.h"
#include "lw-events-par.h"
#include "lw-print-grid.h"
#include "lw-print.h"
#include "lw-store-event-pars.h"
#include "lw-store-events.h"
#include "lw-store-watch.h"

struct _LwTravellerView
{
  AdwWindow parent_instance;

  /* borrowed: widgets */
  AdwWindowTitle *window_title;
  GtkBox *boards_box;
  GtkWidget *empty_label;

  /* owned */
  LwStore *store;
  gint64 event_id;
  LwEvent *event;
  GPtrArray *pars;           /* LwBoardPar*: the boards' pars (D10) */
  GString *text;             /* what the sheets show, for the tests */
};

G_DEFINE_FINAL_TYPE (LwTravellerView, lw_traveller_view, ADW_TYPE_WINDOW)

char *
lw_events_position_name (const LwEvent *event,
                         int            position)
{
  g_return_val_if_fail (event != NULL, NULL);

  if (lw_events_is_partners (event))
    /* TRANSLATORS: a partnership's seats at a partners table, numbered from 1 (DUPLICATE D6) */
    return g_strdup_printf (_("Seats %d+%d"), position + 1, position + 3);
  /* TRANSLATORS: a seat at an event's table, numbered clockwise from 1 */
  return g_strdup_printf (_("Seat %u"), (guint) position + 1);
}

/* The players of a traveller's row: "Ann", partners "Ann & Cleo". */
static char *
row_players (const LwEvent        *event,
             const LwTravellerRow *row)
{
  if (row->entrants[1] >= 0)
    /* TRANSLATORS: two partners, "Ann & Cleo" */
    return g_strdup_printf (_("%s & %s"), lw_events_entrant_name (event, row->entrants[0]),
                            lw_events_entrant_name (event, row->entrants[1]));
  return g_strdup (lw_events_entrant_name (event, row->entrants[0]));
}

/* A signed value as the app writes points: a true minus sign. */
static char *
signed_text (const char *digits)
{
  return digits[0] == '-' ? g_strconcat ("−", digits + 1, NULL) : g_strdup (digits);
}

/* "Board 1 · event round 1", the check code in @code. */
static char *
board_title (const LwEvent  *event,
             guint           board,
             char          **code)
{
  LwBoard deal;

  lw_event_board (event, board, &deal);
  *code = lw_board_check_code (&deal);
  /* TRANSLATORS: a travelling sheet's title: the board and its event round (DUPLICATE D6) */
  return g_strdup_printf (_("Board %u · event round %u"), board, lw_duplicate_round_of_board (event, board));
}

static char *
board_heading (const LwEvent *event,
               guint          board)
{
  LwBoard deal;
  g_autofree char *code = NULL;

  lw_event_board (event, board, &deal);
  code = lw_board_check_code (&deal);
  /* TRANSLATORS: a travelling sheet's heading: the board, its event round, its check code (DUPLICATE D3) */
  return g_strdup_printf (_("Board %u · event round %u · check code %s"), board,
                          lw_duplicate_round_of_board (event, board), code);
}

/* The par row beside a board's sheet (DUPLICATE D10): dimmed, "Par
 * (Hard)" over each position's delta and net; never one of its rows. */
static GtkWidget *
par_row (LwTravellerView  *self,
         const LwBoardPar *par)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *level = lw_events_par_level_name (par->level);
  /* TRANSLATORS: a travelling sheet's row of the board played by computers only at a level,
   * "Par (Hard)"; it is never counted (DUPLICATE D10) */
  g_autofree char *title = g_strdup_printf (_("Par (%s)"), level);
  GString *subtitle = g_string_new (NULL);
  g_autofree char *subtitle_text = NULL;

  for (guint p = 0; p < par->n_sides; p++)
    {
      g_autofree char *position = lw_events_position_name (self->event, (int) p);
      g_autofree char *net_digits = lw_fraction_format (par->nets[p], 1);
      g_autofree char *net = signed_text (net_digits);
      g_autofree char *delta_digits = par->deltas[p] != 0 ? g_strdup_printf ("%+d", par->deltas[p])
                                                          : g_strdup ("0");
      g_autofree char *delta = signed_text (delta_digits);

      if (p > 0)
        g_string_append_c (subtitle, '\n');
      /* TRANSLATORS: one position of a par row: the position, its delta and its net (DUPLICATE D10) */
      g_string_append_printf (subtitle, _("%s · delta %s · net %s"), position, delta, net);
    }
  subtitle_text = g_string_free (subtitle, FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle_text);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), (int) par->n_sides);
  gtk_widget_add_css_class (row, "dim-label");
  gtk_widget_set_name (row, "par-row");
  g_string_append_printf (self->text, "%s\n%s\n", title, subtitle_text);
  return row;
}

static void
add_board (LwTravellerView *self,
           guint            board)
{
  const LwBoardPar *par = lw_duplicate_find_par (self->pars, board);
  const LwEvent *event = self->event;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) rows = lw_duplicate_traveller (event, board, &error);
  g_autofree char *heading = board_heading (event, board);
  g_autofree char *code = NULL;
  g_autofree char *title = board_title (event, board, &code);
  g_autofree char *escaped = g_markup_escape_text (title, -1);
  /* TRANSLATORS: under a travelling sheet's title: the board's check code (DUPLICATE D3) */
  g_autofree char *code_text = g_strdup_printf (_("Check code %s"), code);
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *list;

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), escaped);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), code_text);
  g_string_append_printf (self->text, "%s\n", heading);
  if (rows == NULL || rows->len == 0)
    {
      g_autofree char *says = rows == NULL ? lw_message_capitalize (error->message)
                                           /* TRANSLATORS: a travelling sheet of a board no table has entered yet */
                                           : g_strdup (_("No table has entered this board yet"));
      g_autofree char *both = g_strdup_printf ("%s\n%s", code_text, says);
      g_autofree char *escaped_says = g_markup_escape_text (both, -1);

      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), escaped_says);
      g_string_append_printf (self->text, "%s\n", says);
      if (par != NULL)
        {
          list = gtk_list_box_new ();
          gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
          gtk_widget_add_css_class (list, "boxed-list");
          gtk_list_box_append (GTK_LIST_BOX (list), par_row (self, par));
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
        }
      gtk_box_append (self->boards_box, group);
      return;
    }

  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (guint i = 0; i < rows->len; i++)
    {
      const LwTravellerRow *row = &g_array_index (rows, LwTravellerRow, i);
      GtkWidget *action_row = adw_action_row_new ();
      g_autofree char *position = lw_events_position_name (event, row->position);
      g_autofree char *players = row_players (event, row);
      g_autofree char *net_digits = lw_fraction_format (row->net, 1);
      g_autofree char *net = signed_text (net_digits);
      g_autofree char *delta_digits = row->delta != 0 ? g_strdup_printf ("%+d", row->delta) : g_strdup ("0");
      g_autofree char *delta = signed_text (delta_digits);
      g_autofree char *percentage = lw_fraction_format (row->percentage, 100);
      /* TRANSLATORS: a travelling sheet's row: the position, the table, the players */
      g_autofree char *row_title = g_strdup_printf (_("%s · table %u · %s"), position, row->table, players);
      g_autofree char *title_escaped = g_markup_escape_text (row_title, -1);
      /* TRANSLATORS: a travelling sheet's row: the position's delta and net on the board,
       * its matchpoints of the top (DUPLICATE D4–D6) */
      g_autofree char *subtitle = g_strdup_printf (_("Delta %s · net %s · %u/%u matchpoints"), delta, net,
                                                   row->matchpoints, row->top);
      /* TRANSLATORS: a board percentage, e.g. "58.33 %" */
      g_autofree char *shown = g_strdup_printf (_("%s %%"), percentage);
      GtkWidget *label = gtk_label_new (shown);

      gtk_widget_add_css_class (label, "heading");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (action_row), title_escaped);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (action_row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (action_row), label);
      gtk_list_box_append (GTK_LIST_BOX (list), action_row);
      g_string_append_printf (self->text, "%s · net %s · %u/%u · %s\n", row_title, net_digits, row->matchpoints,
                              row->top, shown);
    }
  if (par != NULL)
    gtk_list_box_append (GTK_LIST_BOX (list), par_row (self, par));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
  gtk_box_append (self->boards_box, group);
}

static void
fill (LwTravellerView *self)
{
  GtkWidget *child;
  guint last;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->boards_box))) != NULL)
    gtk_box_remove (self->boards_box, child);
  g_string_truncate (self->text, 0);
  if (self->event == NULL)
    return;
  adw_window_title_set_subtitle (self->window_title, self->event->name);
  last = self->event->rounds->len * self->event->config.boards_per_round;
  for (guint board = 1; board <= last; board++)
    add_board (self, board);
  gtk_widget_set_visible (self->empty_label, last == 0);
}

static void
reload (LwTravellerView *self)
{
  LwEvent *event = lw_store_load_event (self->store, self->event_id, NULL);

  /* An event deleted meanwhile: the window closes. */
  if (event == NULL)
    {
      gtk_window_close (GTK_WINDOW (self));
      return;
    }
  g_clear_pointer (&self->event, lw_event_free);
  self->event = event;
  /* The pars beside the sheets; none when they cannot be read. */
  g_clear_pointer (&self->pars, g_ptr_array_unref);
  self->pars = lw_store_load_event_board_pars (self->store, event, self->event_id, NULL);
  fill (self);
}

static void
events_changed_cb (LwStoreWatch    *watch,
                   gint64           id,
                   LwTravellerView *self)
{
  if (id == 0 || id == self->event_id)
    reload (self);
}

static void
all_changed_cb (LwStoreWatch    *watch,
                LwTravellerView *self)
{
  reload (self);
}

char *
lw_traveller_view_get_text (LwTravellerView *self)
{
  g_return_val_if_fail (LW_IS_TRAVELLER_VIEW (self), NULL);

  return g_strdup (self->text->str);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  LwTravellerView *self = LW_TRAVELLER_VIEW (widget);
  GtkPrintOperation *operation = self->event != NULL ? lw_traveller_print_new (self->event) : NULL;

  if (operation != NULL)
    lw_print_run (operation, GTK_WINDOW (self));
}

LwTravellerView *
lw_traveller_view_new (GtkWindow *parent,
                       LwStore   *store,
                       gint64     event_id)
{
  LwTravellerView *self;
  LwStoreWatch *watch;

  g_return_val_if_fail (LW_IS_STORE (store), NULL);

  self = g_object_new (LW_TYPE_TRAVELLER_VIEW, NULL);
  self->store = g_object_ref (store);
  self->event_id = event_id;
  watch = lw_store_watch_find (store);
  if (watch != NULL)
    {
      g_signal_connect_object (watch, "events-changed", G_CALLBACK (events_changed_cb), self, 0);
      g_signal_connect_object (watch, "all-changed", G_CALLBACK (all_changed_cb), self, 0);
    }
  reload (self);
  lw_window_fit_parent (GTK_WINDOW (self), parent, 640, 720);
  gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  gtk_window_present (GTK_WINDOW (self));
  return self;
}

static void
lw_traveller_view_dispose (GObject *object)
{
  LwTravellerView *self = LW_TRAVELLER_VIEW (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->event, lw_event_free);
  g_clear_pointer (&self->pars, g_ptr_array_unref);

  G_OBJECT_CLASS (lw_traveller_view_parent_class)->dispose (object);
}

static void
lw_traveller_view_finalize (GObject *object)
{
  LwTravellerView *self = LW_TRAVELLER_VIEW (object);

  g_string_free (self->text, TRUE);

  G_OBJECT_CLASS (lw_traveller_view_parent_class)->finalize (object);
}

static void
lw_traveller_view_class_init (LwTravellerViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = lw_traveller_view_dispose;
  object_class->finalize = lw_traveller_view_finalize;

  gtk_widget_class_install_action (widget_class, "traveller.print", NULL, print_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "traveller.print", NULL);
}

static void
lw_traveller_view_init (LwTravellerView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *print = gtk_button_new_from_icon_name ("printer-symbolic");
  GtkWidget *scroll = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *inner = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);

  self->text = g_string_new (NULL);
  /* TRANSLATORS: the title of the window with a duplicate event's travelling score sheets (DUPLICATE D6) */
  gtk_window_set_title (GTK_WINDOW (self), _("Travelling Sheets"));
  self->window_title = ADW_WINDOW_TITLE (adw_window_title_new (_("Travelling Sheets"), NULL));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->window_title));
  /* TRANSLATORS: the tooltip of the print button of the travelling sheets */
  gtk_widget_set_tooltip_text (print, _("Print the Travelling Sheets (Ctrl+P)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (print), "traveller.print");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), print);
  gtk_box_append (GTK_BOX (box), header);

  self->boards_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 24));
  /* TRANSLATORS: the travelling sheets before round 1 is paired */
  self->empty_label = gtk_label_new (_("The boards' sheets show here once round 1 is paired"));
  gtk_label_set_wrap (GTK_LABEL (self->empty_label), TRUE);
  gtk_widget_add_css_class (self->empty_label, "dim-label");
  gtk_box_append (GTK_BOX (inner), self->empty_label);
  gtk_box_append (GTK_BOX (inner), GTK_WIDGET (self->boards_box));
  gtk_widget_set_margin_top (inner, 18);
  gtk_widget_set_margin_bottom (inner, 24);
  gtk_widget_set_margin_start (inner, 12);
  gtk_widget_set_margin_end (inner, 12);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 640);
  adw_clamp_set_child (ADW_CLAMP (clamp), inner);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroll, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), clamp);
  gtk_box_append (GTK_BOX (box), scroll);
  adw_window_set_content (ADW_WINDOW (self), box);
}

/* ------------------------------------------------------------------ */
/* On paper                                                             */
/* ------------------------------------------------------------------ */

GtkPrintOperation *
lw_traveller_print_new (const LwEvent *event)
{
  const char *headers[] = {
    /* TRANSLATORS: column headings of the printed travelling sheets (DUPLICATE D5, D6) */
    C_("traveller", "Position"), C_("traveller", "Table"), C_("traveller", "Players"),
    C_("traveller", "Delta"), C_("traveller", "Net"), C_("traveller", "Matchpoints"), C_("traveller", "%"),
  };
  static const double widths[] = { 2, 1, 5, 1, 1, 2, 1.5 };
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree char *title = NULL;
  guint last;

  g_return_val_if_fail (event != NULL, NULL);
  if (event->config.format != LW_EVENT_DUPLICATE)
    return NULL;

  last = event->rounds->len * event->config.boards_per_round;
  for (guint board = 1; board <= last; board++)
    {
      g_autoptr (GArray) sheet = lw_duplicate_traveller (event, board, NULL);
      g_autofree char *heading = board_heading (event, board);
      char **line;

      if (sheet == NULL)
        return NULL;
      if (board > 1)
        g_ptr_array_add (rows, g_new0 (char *, 8));
      line = g_new0 (char *, 8);
      line[0] = g_steal_pointer (&heading);
      for (guint c = 1; c < 7; c++)
        line[c] = g_strdup ("");
      g_ptr_array_add (rows, line);
      for (guint i = 0; i < sheet->len; i++)
        {
          const LwTravellerRow *row = &g_array_index (sheet, LwTravellerRow, i);
          g_autofree char *net = lw_fraction_format (row->net, 1);
          g_autofree char *delta = row->delta != 0 ? g_strdup_printf ("%+d", row->delta) : g_strdup ("0");

          line = g_new0 (char *, 8);
          line[0] = lw_events_position_name (event, row->position);
          line[1] = g_strdup_printf ("%u", row->table);
          line[2] = row_players (event, row);
          line[3] = signed_text (delta);
          line[4] = signed_text (net);
          line[5] = g_strdup_printf ("%u/%u", row->matchpoints, row->top);
          line[6] = lw_fraction_format (row->percentage, 100);
          g_ptr_array_add (rows, line);
        }
    }
  /* TRANSLATORS: the printed travelling sheets' title: the event's name */
  title = g_strdup_printf (_("%s — Travelling Sheets"), event->name);
  return lw_print_grid_new (title, NULL, G_N_ELEMENTS (headers), headers, widths, rows);
}
