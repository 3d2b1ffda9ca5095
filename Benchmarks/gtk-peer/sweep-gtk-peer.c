/* sweep-gtk-peer: the GTK 4 side of make bench-e2e.
 *
 * A GtkGridView or GtkListView over a GtkMultiSelection with rubber-band
 * selection, showing N generated items, laid out like sweep-demo's grid and
 * list so that one pointer path selects the same items in both:
 *
 *   sweep-demo grid: 100 x 100 cells, 8 px apart, 8 px from the edges,
 *                    columns = floor((width - 16 + 8) / 108)
 *   sweep-demo list: rows 44 px high, no gaps
 *
 * Each grid cell gets a margin of half the spacing and the view a padding of
 * the rest of the inset, so a column is cell + spacing wide and GTK's column
 * count, floor((width - 2 * (inset - spacing / 2)) / (cell + spacing)), is
 * sweep-demo's. Rows match exactly (pitch 108, first row 8 px down). Columns
 * match in count, not quite in position: GtkGridView spreads the width left
 * over across its columns, widening the cells (at 1024 px, 9 columns of
 * 112.9 px: cell c from 8 + 112.9 c, 104.9 px wide). sweep-demo with fixed
 * 108 px columns puts cell c at 8 + 108 c, up to 39 px left of GTK's; with its
 * gaps widened instead (cells 100 px at 10 + 113 c) within 3 px. A band whose
 * ends lie over the same column in both (the benchmark's does) selects the
 * same cells; bench-e2e checks that in its warm-up.
 *
 * --table is GtkColumnView of 20 columns like Examples/records (90, then
 * 150, 90 and 110 px wide by turns: 2,340 px, wider than the window), rows
 * 32 px high under a 30 px header, a 44 px header bar holding a search entry
 * like records' filter bar and a 28 px status line; the cells show the same
 * generated text (table_text below is records' Orders).
 *
 * GTK 4.8 asks the compositor for no presentation feedback, so with
 * --presentation-feedback the peer asks for it itself: a wp_presentation
 * feedback request before each frame the frame clock paints, carried by the
 * commit GTK makes in that frame. It only observes; GTK draws as before.
 *
 * Build (bench-e2e does this): wayland-scanner makes presentation-time.h and
 * presentation-time.c from protocols/presentation-time.xml, then
 *   cc -O2 -I DIR sweep-gtk-peer.c DIR/presentation-time.c \
 *      $(pkg-config --cflags --libs gtk4 wayland-client)
 * Usage: sweep-gtk-peer [--grid | --list | --table] [--items N] [--cell-size PX]
 *                       [--spacing PX] [--print-selection]
 *                       [--presentation-feedback]
 */
#include <gdk/wayland/gdkwayland.h>
#include <gtk/gtk.h>
#include "presentation-time.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An item knows only its position: the title is made when a cell shows it. */
#define PEER_TYPE_ITEM (peer_item_get_type())
G_DECLARE_FINAL_TYPE(PeerItem, peer_item, PEER, ITEM, GObject)
struct _PeerItem {
    GObject parent;
    guint position;
};
G_DEFINE_TYPE(PeerItem, peer_item, G_TYPE_OBJECT)
static void peer_item_class_init(PeerItemClass *klass) { (void)klass; }
static void peer_item_init(PeerItem *item) { (void)item; }

/* The model holds only a count and makes an item each time one is asked for,
 * so 16,777,216 items cost nothing until GTK shows some of them (GTK keeps
 * references to the few it shows). */
#define PEER_TYPE_MODEL (peer_model_get_type())
G_DECLARE_FINAL_TYPE(PeerModel, peer_model, PEER, MODEL, GObject)
struct _PeerModel {
    GObject parent;
    guint n_items;
};

static GType peer_model_get_item_type(GListModel *model) { (void)model; return PEER_TYPE_ITEM; }
static guint peer_model_get_n_items(GListModel *model) { return PEER_MODEL(model)->n_items; }
static gpointer peer_model_get_item(GListModel *model, guint position) {
    if (position >= PEER_MODEL(model)->n_items)
        return NULL;
    PeerItem *item = g_object_new(PEER_TYPE_ITEM, NULL);
    item->position = position;
    return item;
}
static void peer_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = peer_model_get_item_type;
    iface->get_n_items = peer_model_get_n_items;
    iface->get_item = peer_model_get_item;
}
G_DEFINE_TYPE_WITH_CODE(PeerModel, peer_model, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, peer_model_list_model_init))
static void peer_model_class_init(PeerModelClass *klass) { (void)klass; }
static void peer_model_init(PeerModel *model) { (void)model; }

/* 1234567 -> "1,234,567" */
static void grouped(guint value, char *out, size_t size) {
    char digits[16];
    int n = snprintf(digits, sizeof digits, "%u", value), o = 0;
    for (int i = 0; i < n && o + 2 < (int)size; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            out[o++] = ',';
        out[o++] = digits[i];
    }
    out[o] = '\0';
}

/* The same titles as sweep-demo's generated items ("Amber Ridge 1"), so both
 * set text of the same length. */
static const char *adjectives[] = {"Amber", "Brisk", "Cedar", "Dusky", "Early", "Fern", "Granite", "Hazel",
                                   "Ivory", "Juniper", "Kestrel", "Linden", "Misty", "Northern", "Olive", "Pine"};
static const char *nouns[] = {"Ridge", "Brook", "Meadow", "Summit", "Hollow", "Trail", "Falls", "Pass",
                              "Grove", "Lake", "Canyon", "Bluff", "Glen", "Crest", "Valley", "Marsh"};

static struct {
    gboolean grid, table;
    guint items;
    int cell, spacing;
    gboolean print_selection;
    char total[16];
    gboolean presentation_feedback;
} options = {TRUE, FALSE, 1000000, -1, -1, FALSE, "", FALSE};

/* --- the table: Examples/records' columns and text --- */
#define TABLE_COLUMNS 20
static const char *table_titles[TABLE_COLUMNS] = {
    "Order", "Customer", "Amount", "Ordered", "City", "Quantity", "Shipped", "Product", "Price", "Due",
    "Carrier", "Weight", "Paid", "Warehouse", "Tax", "Returned", "Rep", "Discount", "Closed", "Region"};

static guint32 table_hash(guint row, guint column) {
    guint32 h = (guint32)row * 2654435761u + (guint32)column * 40503u;
    return h ^ (h >> 15);
}

/* Column 0 the order's number; then a name, an amount and a date by turns. */
static void table_text(guint row, guint column, char *out, size_t size) {
    guint32 h = table_hash(row, column);
    if (column == 0)
        snprintf(out, size, "#%u", row + 1);
    else if (column % 3 == 1)
        snprintf(out, size, "%s %s", adjectives[h & 15], nouns[(h >> 4) & 15]);
    else if (column % 3 == 2)
        snprintf(out, size, "%u.%02u", (h % 100000) / 100, (h % 100000) % 100);
    else
        snprintf(out, size, "2026-%02u-%02u", h % 12 + 1, (h >> 4) % 28 + 1);
}

static int table_width(guint column) { return column == 0 ? 90 : (int[]){110, 150, 90}[column % 3]; }
static gboolean table_trailing(guint column) { return column == 0 || column % 3 == 2; }

static void setup_cell(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data) {
    (void)factory;
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), table_trailing(GPOINTER_TO_UINT(data)) ? 1 : 0);
    gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
    gtk_label_set_max_width_chars(GTK_LABEL(label), 1);
    gtk_list_item_set_child(list_item, label);
}

static void bind_cell(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data) {
    (void)factory;
    char text[64];
    table_text(PEER_ITEM(gtk_list_item_get_item(list_item))->position, GPOINTER_TO_UINT(data), text, sizeof text);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(list_item)), text);
}

static GtkWidget *status_label;
static void show_status(GtkSelectionModel *model, guint position, guint n_items, gpointer data) {
    (void)position; (void)n_items; (void)data;
    GtkBitset *selected = gtk_selection_model_get_selection(model);
    char count[16], text[64];
    grouped((guint)gtk_bitset_get_size(selected), count, sizeof count);
    snprintf(text, sizeof text, "%s orders, %s selected", options.total, count);
    gtk_label_set_text(GTK_LABEL(status_label), text);
    gtk_bitset_unref(selected);
}

static GtkWidget *new_table(GtkSelectionModel *selection) {
    GtkWidget *view = gtk_column_view_new(selection);
    gtk_column_view_set_enable_rubberband(GTK_COLUMN_VIEW(view), TRUE);
    for (guint c = 0; c < TABLE_COLUMNS; c++) {
        GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
        g_signal_connect(factory, "setup", G_CALLBACK(setup_cell), GUINT_TO_POINTER(c));
        g_signal_connect(factory, "bind", G_CALLBACK(bind_cell), GUINT_TO_POINTER(c));
        GtkColumnViewColumn *column = gtk_column_view_column_new(table_titles[c], factory); /* takes the factory */
        gtk_column_view_column_set_fixed_width(column, table_width(c));
        gtk_column_view_column_set_resizable(column, TRUE);
        gtk_column_view_append_column(GTK_COLUMN_VIEW(view), column);
        g_object_unref(column);
    }
    return view;
}

static GtkWidget *new_label(const char *css_class) {
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
    /* a small natural width: the cell's CSS size decides the column width */
    gtk_label_set_max_width_chars(GTK_LABEL(label), 1);
    gtk_widget_add_css_class(label, css_class);
    return label;
}

/* A grid cell is its title; a list row is a title over "Item N of M", as in sweep-demo. */
static void setup_item(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data) {
    (void)factory; (void)data;
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_valign(box, options.grid ? GTK_ALIGN_START : GTK_ALIGN_CENTER);
    gtk_box_append(GTK_BOX(box), new_label("title"));
    if (!options.grid)
        gtk_box_append(GTK_BOX(box), new_label("subtitle"));
    gtk_list_item_set_child(list_item, box);
}

static void bind_item(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data) {
    (void)factory; (void)data;
    guint position = PEER_ITEM(gtk_list_item_get_item(list_item))->position;
    char number[16], text[96];
    grouped(position + 1, number, sizeof number);
    GtkWidget *box = gtk_list_item_get_child(list_item);
    GtkWidget *title = gtk_widget_get_first_child(box);
    snprintf(text, sizeof text, "%s %s %s", adjectives[position % 16], nouns[(position / 16) % 16], number);
    gtk_label_set_text(GTK_LABEL(title), text);
    if (!options.grid) {
        snprintf(text, sizeof text, "Item %s of %s", number, options.total);
        gtk_label_set_text(GTK_LABEL(gtk_widget_get_next_sibling(title)), text);
    }
}

/* --print-selection: one line per change, the selected ranges as [first, last]
 * like sweep-demo's event log, so a run can check both selected the same
 * (the ranges of at most 100,000 items: a select-all prints only its count). */
static void print_selection(GtkSelectionModel *model, guint position, guint n_items, gpointer data) {
    (void)position; (void)n_items; (void)data;
    GtkBitset *selected = gtk_selection_model_get_selection(model);
    guint64 count = gtk_bitset_get_size(selected);
    printf("{\"event\":\"selection\",\"count\":%" G_GUINT64_FORMAT ",\"ranges\":[", count);
    GtkBitsetIter iter;
    guint value;
    gboolean first = TRUE, more = count <= 100000 && gtk_bitset_iter_init_first(&iter, selected, &value);
    while (more) {
        guint start = value, last = value;
        while ((more = gtk_bitset_iter_next(&iter, &value)) && value == last + 1)
            last++;
        printf("%s[%u,%u]", first ? "" : ",", start, last);
        first = FALSE;
    }
    printf("]}\n");
    fflush(stdout);
    gtk_bitset_unref(selected);
}

static void load_css(void) {
    /* sweep-demo's inset equals its spacing; half the spacing is each cell's margin */
    int half = options.spacing / 2, rest = options.spacing - half;
    char css[2048];
    snprintf(css, sizeof css,
             /* 44 px of header bar (sweep-demo's toolbar) and 48 + 1 px of tab bar */
             "headerbar { min-height: 44px; padding-top: 0; padding-bottom: 0; border-width: 0; box-shadow: none; }\n"
             ".tabbar { min-height: 48px; border-top: 1px solid alpha(black, 0.15); }\n"
             "gridview { padding: %dpx %dpx; }\n"
             "gridview > child { padding: 0; margin: %dpx %dpx %dpx %dpx; min-width: %dpx; min-height: %dpx;"
             " border-radius: 8px; }\n"
             "gridview > child:not(:selected) { background-color: #efeff4; }\n"
             "gridview > child box { margin: 0; }\n" /* the theme gives it 12 px */
             "gridview > child .title { margin: 8px; }\n"
             /* the separator is the row's bottom border, inside the row height */
             "listview > row { padding: 0 16px; margin: %dpx 0 %dpx 0; min-height: %dpx; }\n"
             ".subtitle { font-size: smaller; opacity: 0.7; }\n"
             /* records: rows 32 px, a 30 px header, a 28 px status line */
             "columnview > listview > row { min-height: 32px; padding: 0; margin: 0; }\n"
             "columnview > listview > row > cell { padding: 0 8px; }\n"
             "columnview > header > button { min-height: 30px; padding-top: 0; padding-bottom: 0; }\n"
             ".status { min-height: 28px; padding: 0 8px; }\n",
             rest, rest, half, rest, rest, half, options.cell, options.cell, half, rest, options.cell - 1);
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(provider);
}

static void usage(int status) {
    fprintf(status ? stderr : stdout,
            "usage: sweep-gtk-peer [--grid | --list | --table] [--items N] [--cell-size PX] [--spacing PX] [--print-selection]\n"
            "                      [--presentation-feedback]\n"
            "  --grid           a GtkGridView (the default)\n"
            "  --list           a GtkListView\n"
            "  --table          a GtkColumnView of 20 columns, as Examples/records\n"
            "  --items N        the number of items (default 1000000)\n"
            "  --cell-size PX   grid cells' width and height (default 100), list rows' height (default 44)\n"
            "  --spacing PX     between grid cells and around them (default 8), between list rows (default 0)\n"
            "  --print-selection  print the selected ranges (JSON) on standard output at each change\n"
            "  --presentation-feedback  ask wp_presentation when each frame is shown (GTK 4.8 does not)\n");
    exit(status);
}

static long number_argument(int argc, char **argv, int *i, long min, long max) {
    if (*i + 1 >= argc)
        usage(64);
    char *end;
    long value = strtol(argv[++*i], &end, 10);
    if (*end != '\0' || value < min || value > max) {
        fprintf(stderr, "sweep-gtk-peer: %s must be a number from %ld to %ld\n", argv[*i - 1], min, max);
        exit(64);
    }
    return value;
}

/* --- presentation feedback (observation only) --- */
static struct wp_presentation *presentation;

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                            uint32_t version) {
    (void)data; (void)version;
    if (!strcmp(interface, wp_presentation_interface.name))
        presentation = wl_registry_bind(registry, name, &wp_presentation_interface, 1);
}
static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}
static const struct wl_registry_listener registry_listener = {registry_global, registry_global_remove};

static void presentation_clock_id(void *data, struct wp_presentation *p, uint32_t clock) {
    (void)data; (void)p; (void)clock;  /* read from the protocol log by the benchmark */
}
static const struct wp_presentation_listener presentation_listener = {presentation_clock_id};

/* The answers are read from the protocol log (WAYLAND_DEBUG); libwayland logs
 * an event only for a proxy with a listener, so these exist to be logged. */
static void feedback_sync_output(void *data, struct wp_presentation_feedback *f, struct wl_output *output) {
    (void)data; (void)f; (void)output;
}
static void feedback_presented(void *data, struct wp_presentation_feedback *f, uint32_t tv_sec_hi, uint32_t tv_sec_lo,
                               uint32_t tv_nsec, uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo, uint32_t flags) {
    (void)data; (void)tv_sec_hi; (void)tv_sec_lo; (void)tv_nsec; (void)refresh; (void)seq_hi; (void)seq_lo;
    (void)flags;
    wp_presentation_feedback_destroy(f);
}
static void feedback_discarded(void *data, struct wp_presentation_feedback *f) {
    (void)data;
    wp_presentation_feedback_destroy(f);
}
static const struct wp_presentation_feedback_listener feedback_listener = {
    feedback_sync_output, feedback_presented, feedback_discarded};

/* Before the frame clock paints: the commit GTK makes while painting carries the request. */
static void request_feedback(GdkFrameClock *clock, gpointer data) {
    (void)clock;
    struct wl_surface *surface = gdk_wayland_surface_get_wl_surface(GDK_SURFACE(data));
    if (presentation && surface)
        wp_presentation_feedback_add_listener(wp_presentation_feedback(presentation, surface), &feedback_listener, NULL);
}

static void watch_presentation(GtkWidget *window, gpointer data) {
    (void)data;
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    if (!GDK_IS_WAYLAND_SURFACE(surface))
        return;
    g_signal_connect(gdk_surface_get_frame_clock(surface), "before-paint", G_CALLBACK(request_feedback), surface);
}

static void bind_presentation(void) {
    GdkDisplay *display = gdk_display_get_default();
    if (!GDK_IS_WAYLAND_DISPLAY(display))
        return;
    struct wl_display *wl_display = gdk_wayland_display_get_wl_display(display);
    wl_registry_add_listener(wl_display_get_registry(wl_display), &registry_listener, NULL);
    wl_display_roundtrip(wl_display);
    if (presentation)
        wp_presentation_add_listener(presentation, &presentation_listener, NULL);
    else
        fprintf(stderr, "sweep-gtk-peer: the compositor offers no wp_presentation\n");
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--grid")) options.grid = TRUE, options.table = FALSE;
        else if (!strcmp(argv[i], "--list")) options.grid = FALSE, options.table = FALSE;
        else if (!strcmp(argv[i], "--table")) options.grid = FALSE, options.table = TRUE;
        else if (!strcmp(argv[i], "--items")) options.items = (guint)number_argument(argc, argv, &i, 0, G_MAXUINT32 - 1);
        else if (!strcmp(argv[i], "--cell-size")) options.cell = (int)number_argument(argc, argv, &i, 1, 4096);
        else if (!strcmp(argv[i], "--spacing")) options.spacing = (int)number_argument(argc, argv, &i, 0, 512);
        else if (!strcmp(argv[i], "--print-selection")) options.print_selection = TRUE;
        else if (!strcmp(argv[i], "--presentation-feedback")) options.presentation_feedback = TRUE;
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) usage(0);
        else usage(64);
    }
    if (options.cell < 0) options.cell = options.grid ? 100 : 44;
    if (options.spacing < 0) options.spacing = options.grid ? 8 : 0;
    grouped(options.items, options.total, sizeof options.total);

    gtk_init();
    load_css();
    if (options.presentation_feedback)
        bind_presentation();

    PeerModel *model = g_object_new(PEER_TYPE_MODEL, NULL);
    model->n_items = options.items;
    GtkMultiSelection *selection = gtk_multi_selection_new(G_LIST_MODEL(model)); /* takes the model */
    if (options.print_selection)
        g_signal_connect(selection, "selection-changed", G_CALLBACK(print_selection), NULL);

    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_item), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_item), NULL);

    GtkWidget *view;
    if (options.table) {
        view = new_table(GTK_SELECTION_MODEL(selection));
        g_signal_connect(selection, "selection-changed", G_CALLBACK(show_status), NULL);
    } else if (options.grid) {
        view = gtk_grid_view_new(GTK_SELECTION_MODEL(selection), factory);
        /* the default, 7, would cap the 9 columns of a 1024 px window (11 at 1280,
         * 15 at 1706: the 2560 x 1600 output at scale 2 and 1.5); no more than
         * needed, as GTK 4.8 makes cells for max-columns times a few dozen rows up
         * front (1000 took seconds to start) */
        gtk_grid_view_set_max_columns(GTK_GRID_VIEW(view), 16);
        gtk_grid_view_set_enable_rubberband(GTK_GRID_VIEW(view), TRUE);
    } else {
        view = gtk_list_view_new(GTK_SELECTION_MODEL(selection), factory);
        gtk_list_view_set_enable_rubberband(GTK_LIST_VIEW(view), TRUE);
        gtk_list_view_set_show_separators(GTK_LIST_VIEW(view), TRUE);
    }

    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), options.table ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER,
                                   GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);
    gtk_widget_set_vexpand(scrolled, TRUE);

    /* a tab bar like sweep-demo's, so the item area has the same height */
    GtkWidget *tabs = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_box_set_homogeneous(GTK_BOX(tabs), TRUE);
    gtk_widget_add_css_class(tabs, "tabbar");
    const char *pages[] = {"List", "Grid", "Trails", "Packing", "Filters", "Canvas"};
    for (size_t i = 0; i < G_N_ELEMENTS(pages); i++)
        gtk_box_append(GTK_BOX(tabs), gtk_label_new(pages[i]));

    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(content), scrolled);
    GtkWidget *header_bar = gtk_header_bar_new();
    if (options.table) {
        /* records: a filter field on top, a status line below */
        GtkWidget *entry = gtk_search_entry_new();
        gtk_widget_set_hexpand(entry, TRUE);
        gtk_header_bar_set_title_widget(GTK_HEADER_BAR(header_bar), entry);
        status_label = gtk_label_new(NULL);
        gtk_label_set_xalign(GTK_LABEL(status_label), 0);
        gtk_widget_add_css_class(status_label, "status");
        show_status(GTK_SELECTION_MODEL(selection), 0, 0, NULL);
        gtk_box_append(GTK_BOX(content), status_label);
        g_object_ref_sink(tabs);
        g_object_unref(tabs);
    } else {
        gtk_box_append(GTK_BOX(content), tabs);
    }

    GtkWidget *window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "Sweep GTK peer");
    gtk_window_set_titlebar(GTK_WINDOW(window), header_bar);
    gtk_window_set_default_size(GTK_WINDOW(window), 800, 600);
    gtk_window_set_child(GTK_WINDOW(window), content);
    if (options.presentation_feedback)
        g_signal_connect(window, "realize", G_CALLBACK(watch_presentation), NULL);
    gtk_window_present(GTK_WINDOW(window));

    /* no GtkApplication: it would want a session bus; run until the window closes */
    while (g_list_model_get_n_items(gtk_window_get_toplevels()) > 0)
        g_main_context_iteration(NULL, TRUE);
    g_object_unref(factory);
    return 0;
}
