/*
 * sweep-gtk-sort-peer: GTK 4's sort of the names Sweep's sort benchmarks use
 * (Benchmarks/CoreBenchmarks/SortBenchmarks.swift, `millionNames`): a
 * GtkStringList of 1,000,000 names in a GtkSortListModel with a
 * GtkStringSorter, case folded, in file-name collation where GTK has it
 * (4.10 on, GTK_COLLATION_FILENAME: numbers by value, as Nautilus sorts;
 * GTK 4.8, Debian 12's, collates by the locale alone), sorted at once (not
 * incrementally). Prints one JSON line per run: {"rows": N, "ms": T}, the
 * time from setting the sorter to the sorted model, keys included.
 *
 *   cc -O2 -o sweep-gtk-sort-peer sweep-gtk-sort-peer.c $(pkg-config --cflags --libs gtk4)
 *   sweep-gtk-sort-peer [--rows N] [--runs N]
 */
#include <gtk/gtk.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The benchmark's name of row `index`, as SortBenchmarks.swift makes it. */
static char *name_of(long index) {
    char base36[32];
    switch (index % 5) {
    case 0: return g_strdup_printf("IMG_%ld.jpg", (index * 7919) % 100000);
    case 1: return g_strdup_printf("Report %ld final v%ld.pdf", index % 977, index % 13);
    case 2: return g_strdup_printf("\xc3\x89t\xc3\xa9 %ld \xc3\x89" "COLE.txt", index % 4099);
    case 3: {
        long value = (index * 2654435761L) % 1000003L;
        int length = 0;
        char reversed[32];
        do { reversed[length++] = "0123456789abcdefghijklmnopqrstuvwxyz"[value % 36]; value /= 36; } while (value > 0);
        for (int i = 0; i < length; i++) base36[i] = reversed[length - 1 - i];
        base36[length] = 0;
        return g_strdup_printf("notes-%s.md", base36);
    }
    default: return g_strdup_printf("Zdj\xc4\x99" "cie %ld.png", index);
    }
}

int main(int argc, char **argv) {
    long rows = 1000000, runs = 5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rows") && i + 1 < argc) rows = strtol(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = strtol(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: sweep-gtk-sort-peer [--rows N] [--runs N]\n");
            return 64;
        }
    }
    if (rows < 1 || rows > 100000000 || runs < 1 || runs > 1000) {
        fprintf(stderr, "sweep-gtk-sort-peer: --rows must be 1 to 100000000, --runs 1 to 1000\n");
        return 64;
    }
    setlocale(LC_ALL, "");
    char **names = g_new0(char *, rows + 1);
    for (long i = 0; i < rows; i++) names[i] = name_of(i);
    for (long run = 0; run < runs; run++) {
        GtkStringList *list = gtk_string_list_new((const char *const *)names);
        GtkSortListModel *sorted = gtk_sort_list_model_new(G_LIST_MODEL(list), NULL);
        gtk_sort_list_model_set_incremental(sorted, FALSE);
        GtkStringSorter *sorter = gtk_string_sorter_new(gtk_property_expression_new(GTK_TYPE_STRING_OBJECT, NULL, "string"));
#if GTK_CHECK_VERSION(4, 10, 0)
        gtk_string_sorter_set_collation(sorter, GTK_COLLATION_FILENAME);
#endif
        gint64 start = g_get_monotonic_time();
        gtk_sort_list_model_set_sorter(sorted, GTK_SORTER(sorter));
        guint count = g_list_model_get_n_items(G_LIST_MODEL(sorted));
        gint64 end = g_get_monotonic_time();
        printf("{\"rows\": %u, \"ms\": %.1f}\n", count, (end - start) / 1000.0);
        fflush(stdout);
        g_object_unref(sorter);
        g_object_unref(sorted);
    }
    g_strfreev(names);
    return 0;
}
