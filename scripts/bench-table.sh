#!/usr/bin/env bash
# make bench-table: a table's sort against GTK 4's, in one run. Sweep's medians come from the
# benchmark package (sort-1M-names-natural: SortKeys and RowSorter from the names to the order;
# table-resort-*: the same through TableView, keeping 300,000 selected rows or none), GTK's from
# Benchmarks/gtk-peer/sweep-gtk-sort-peer.c (a GtkSortListModel with a GtkStringSorter over the
# same 1,000,000 names). Prints each median and Sweep's time as a ratio of GTK's.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc -O2 -Wall -o "$out/sweep-gtk-sort-peer" Benchmarks/gtk-peer/sweep-gtk-sort-peer.c $(pkg-config --cflags --libs gtk4) ||
  { echo "bench-table: the GTK sort peer did not build (libgtk-4-dev: scripts/install-deps.sh bench)" >&2; exit 1; }
(cd Benchmarks && swift package benchmark --target CoreBenchmarks --target TableBenchmarks \
   --filter "sort-1M-names-natural" --filter "table-resort.*" --no-progress) | tee "$out/sweep.txt"
"$out/sweep-gtk-sort-peer" --runs 7 | tee "$out/gtk.jsonl"
python3 - "$out/sweep.txt" "$out/gtk.jsonl" <<'PY'
import json, re, statistics, sys
medians, name = {}, None
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    if re.match(r"^[a-z][\w-]+$", line.strip()):
        name = line.strip()
    elif name and "Time (wall clock)" in line:
        unit = re.search(r"\((\w+)\)", line).group(1)
        cells = [c.strip() for c in line.split("│") if c.strip()]
        value = float(cells[3].replace(",", ""))
        medians[name] = value / 1000 if unit == "μs" else value
        name = None
gtk = statistics.median(json.loads(l)["ms"] for l in open(sys.argv[2]) if l.strip())
print(f"\n{'1,000,000 names':44} {'median ms':>10} {'× GTK':>7}")
print(f"{'GTK 4 GtkSortListModel + GtkStringSorter':44} {gtk:10.0f} {1:7.2f}")
for key in ("sort-1M-names-natural", "table-resort-1M-names-nothing-selected", "table-resort-1M-names-keeping-300K-selected"):
    if key in medians:
        print(f"{key:44} {medians[key]:10.0f} {medians[key] / gtk:7.2f}")
PY
