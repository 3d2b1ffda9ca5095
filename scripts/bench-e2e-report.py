#!/usr/bin/env python3
"""Tables, targets and the latency plot of make bench-e2e.

  bench-e2e-report.py selection SCENARIO SWEEP_EVENT_LOG PEER_STDOUT
      Prints one JSON line: the items each app had selected after the drag
      (sweep-demo's last non-provisional "selection" event, the peer's last
      --print-selection line) and whether they are the same.

  bench-e2e-report.py report OUT_DIR [--docs FILE] [--plot PNG]
      Medians over OUT_DIR/runs/*/metrics.json per client and scenario, the
      targets met or missed, foot's first frame and OUT_DIR/items/items.json
      (scripts/bench-items.sh); prints the section (markdown), writes it to
      OUT_DIR/table.md and, with --docs, between FILE's
      <!-- bench-e2e:begin --> and <!-- bench-e2e:end --> lines. Always
      draws OUT_DIR/latency.png, and copies it to PNG with --plot.
      The table's scenarios ("table-1000000", the band, and
      "table-fling-1000000", at every scale) make a section of their own: a
      table per scale and its targets, into OUT_DIR/table-records.md and,
      with --docs, between FILE's <!-- bench-e2e-table:begin --> and :end -->
      lines. Other scenarios measured at another output scale
      ("grid-16777216@2") make a section of their own: a table per scale, the HiDPI targets met or not,
      and each app at that scale against scale 1; into
      OUT_DIR/table-hidpi.md and, with --docs, between FILE's
      <!-- bench-e2e-hidpi:begin --> and :end --> lines. Each section is
      written only when its runs are there (BENCH_E2E_SCALES).
      The scenarios of Sweep alone ("list-delete-1000000", an animated
      delete; "mail-fling-1000000", a fling over rows of their own heights)
      make one more: a table per scale and the targets (a frame at every
      refresh; the animation's work per frame within 4 ms), into
      OUT_DIR/table-sweep-only.md and, with --docs, between FILE's
      <!-- bench-e2e-sweep-only:begin --> and :end --> lines.

  bench-e2e-report.py presentation OUT_DIR [--docs FILE]
      The input → presentation pass (OUT_DIR/runs/*/metrics.json of sweep,
      sweep-latch-0 (late latching off), any other sweep-latch-MS, and gtk on
      the grid): medians, ratios to GTK and what late latching changed; into OUT_DIR/table.md and, with --docs, between FILE's
      <!-- bench-e2e-presentation:begin --> and :end --> lines.
"""
import glob
import json
import os
import re
import shutil
import statistics
import sys

SCENARIOS = [("grid-16777216", "grid, 16,777,216"), ("grid-1000000", "grid, 1,000,000"),
             ("list-1000000", "list, 1,000,000"), ("list-16777216", "list, 16,777,216")]
ROWS = [
    # (label, key, digits, unit)
    ("input → commit, p50", "latency_p50_ms", 1, "ms"),
    ("input → commit, p99", "latency_p99_ms", 1, "ms"),
    ("input → commit, max", "latency_max_ms", 1, "ms"),
    ("input → presentation, p50", "present_p50_ms", 1, "ms"),
    ("input → presentation, p99", "present_p99_ms", 1, "ms"),
    ("input waiting to be read, p99", "read_delay_p99_ms", 1, "ms"),
    ("frames during the drag", "frames", 0, ""),
    ("frames a second", "frames_hz", 1, "Hz"),
    ("work per frame (done → commit), p50", "work_p50_ms", 2, "ms"),
    ("work per frame, p99", "work_p99_ms", 1, "ms"),
    ("pixels damaged per frame, p50", "damage_p50_px", 0, "px"),
    ("longest gap between frames", "longest_gap_ms", 1, "ms"),
    ("CPU over the drag", "cpu_ms", 0, "ms"),
    ("peak RSS (VmHWM)", "vmhwm_mb", 1, "MB"),
    ("first frame", "first_frame_ms", 0, "ms"),
]
# (label, key, limit, "max": Sweep / GTK <= limit, "min": >= limit)
TARGETS = [
    ("work per frame p50 ≤ 0.3× GTK", "work_p50_ms", 0.3, "max"),
    ("frames a second ≥ GTK", "frames_hz", 1.0, "min"),
    ("input → commit p50 ≤ 0.8× GTK", "latency_p50_ms", 0.8, "max"),
    ("input → commit p99 ≤ 0.75× GTK", "latency_p99_ms", 0.75, "max"),
    ("CPU ≤ 0.5× GTK", "cpu_ms", 0.5, "max"),
    ("peak RSS ≤ GTK", "vmhwm_mb", 1.0, "max"),
]
# The HiDPI targets, at scale 2 (checked at every scale other than 1):
# (label, key, limit, "max" / "min", against: "gtk" (Sweep / GTK) or "abs" (Sweep's own value))
REFRESH_HZ = 60  # the headless output's mode (scripts/bench-sway.sh)
HIDPI_TARGETS = [
    (f"frames a second ≥ 0.98× the refresh ({0.98 * REFRESH_HZ:.1f} Hz)", "frames_hz", 0.98 * REFRESH_HZ, "min", "abs",
     1, "Hz"),
    (f"input → commit p99 ≤ one refresh + 3 ms ({1000 / REFRESH_HZ + 3:.1f} ms)", "latency_p99_ms",
     1000 / REFRESH_HZ + 3, "max", "abs", 1, "ms"),
    ("work per frame p50 ≤ 0.3× GTK", "work_p50_ms", 0.3, "max", "gtk", 2, ""),
    ("CPU over the drag ≤ 0.4× GTK", "cpu_ms", 0.4, "max", "gtk", 2, ""),
    ("peak RSS ≤ 0.8× GTK", "vmhwm_mb", 0.8, "max", "gtk", 2, ""),
]
# The window's buffers, in the HiDPI tables only
BUFFER_ROWS = [
    ("buffers attached during the drag", "buffers_attached", 0, ""),
    ("buffers made during the drag (wl_shm_pool.create_buffer)", "buffers_created", 0, ""),
]
# Each app at a scale against itself at scale 1 (the same view and item count)
AGAINST_SCALE_1 = [("input → commit p99", "latency_p99_ms"), ("frames a second", "frames_hz"),
                   ("work per frame p50", "work_p50_ms"), ("pixels damaged per frame p50", "damage_p50_px"),
                   ("CPU over the drag", "cpu_ms"), ("peak RSS", "vmhwm_mb")]
# The table (Examples/records against GtkColumnView): its scenarios, rows and targets
TABLE_SCENARIOS = [("table-1000000", "table, band drag"), ("table-fling-1000000", "table, fling")]
TABLE_ROWS = ROWS[:-1] + [
    ("work per frame, max", "work_max_ms", 1, "ms"),
    (f"frames late (work over one refresh, {1000 / REFRESH_HZ:.1f} ms)", "frames_late", 0, ""),
    ("compositor cycle (frame callback to the next), p50", "cycle_ms", 1, "ms"),
    ("fling after the fingers lift (until its frames stop)", "fling_after_lift_ms", 0, "ms")]
TABLE_TARGETS = [
    ("work per frame p50 ≤ 0.3× GTK", "work_p50_ms", 0.3, "max", "gtk", 2, ""),
    (f"a frame at every refresh: the slowest frame of all the runs worked ≤ one refresh ({1000 / REFRESH_HZ:.1f} ms)",
     "work_max_ms", 1000 / REFRESH_HZ, "max", "worst", 1, "ms"),
    ("frames a second ≥ 0.98× the compositor's cycle", "cycle_fraction", 0.98, "min", "abs", 2, "of its rate"),
]
# Scenarios of Sweep alone (GTK animates no list change, and has no rows of their own heights to fling)
SWEEP_ONLY_SCENARIOS = [("list-delete-1000000", "animated delete of 500 selected rows of 1,000,000"),
                        ("mail-fling-1000000", "fling over 1,000,000 rows of their own heights (Examples/mail)")]
SWEEP_ONLY_ROWS = [
    ("frames (from the Delete, or the first scroll, until the frames stop)", "frames", 0, ""),
    ("frames a second", "frames_hz", 1, ""),
    ("compositor cycle (frame callback to the next), p50", "cycle_ms", 1, "ms"),
    ("work per frame (frame callback to commit), p50", "work_p50_ms", 2, "ms"),
    ("work per frame, p99", "work_p99_ms", 2, "ms"),
    ("work per frame, max", "work_max_ms", 2, "ms"),
    (f"frames late (work over one refresh, {1000 / REFRESH_HZ:.1f} ms)", "frames_late", 0, ""),
    ("duration (the animation, or the fling after the lift)", "drag_ms", 0, "ms"),
    ("peak RSS", "vmhwm_mb", 1, "MB")]
FLAT = [("input → commit p50", "latency_p50_ms"), ("work per frame p50", "work_p50_ms"),
        ("CPU over the drag", "cpu_ms"), ("peak RSS", "vmhwm_mb")]


def fmt(value, digits=1):
    return "n/a" if value is None else f"{value:,.{digits}f}"


def percent(fraction, sign=False):
    value = round(fraction * 100) or 0  # no "-0 %"
    return f"{value:+d} %" if sign else f"{value:d} %"


def judge(value, limit, kind, failed):
    """'met, 13 % under' for value against limit, else `failed` given the margin in words."""
    if value is None:
        return "n/a"
    margin = value / limit - 1
    if kind == "max":
        return f"met, {percent(-margin)} under" if margin <= 0 else failed(percent(margin), "over")
    return f"met, {percent(margin)} over" if margin >= 0 else failed(percent(-margin), "under")


def verdict(value, limit, kind):
    """'met, 13 % under' / 'missed by 37 %' for value against limit."""
    return judge(value, limit, kind, lambda amount, _: f"**missed** by {amount}")


def met(value, limit, kind):
    """'met, 13 % under' / '**not met**, 37 % over' for value against limit."""
    return judge(value, limit, kind, lambda amount, side: f"**not met**, {amount} {side}")


def split_scenario(scenario):
    """'grid-16777216@2' -> ('grid-16777216', '2'); 'grid-16777216' -> ('grid-16777216', None)."""
    base, _, scale = scenario.partition("@")
    return base, scale or None


def scenario_label(base):
    known = dict(SCENARIOS)
    if base in known:
        return known[base]
    view, _, items = base.partition("-")
    return f"{view}, {int(items):,}" if items.isdigit() else base


def load_runs(out_dir):
    runs = {}
    for path in sorted(glob.glob(os.path.join(out_dir, "runs", "*", "metrics.json"))):
        m = json.load(open(path))
        runs.setdefault((m["scenario"], m["client"]), []).append(m)
    return runs


def median(runs, scenario, client, key):
    values = [r[key] for r in runs.get((scenario, client), []) if r.get(key) is not None]
    return statistics.median(values) if values else None


def ratio(a, b):
    return a / b if a is not None and b else None


def is_table(scenario):
    return split_scenario(scenario)[0].startswith("table")


def main_table(runs, scenarios, rows=ROWS, inputs_label="wl_pointer.motion received, of the moves sent"):
    lines = ["| Sweep / GTK | " + " | ".join(label for _, label in scenarios) + " |",
             "|---" * (len(scenarios) + 1) + "|"]
    for label, key, digits, unit in rows:
        cells = []
        for scenario, _ in scenarios:
            s, g = median(runs, scenario, "sweep", key), median(runs, scenario, "gtk", key)
            r = ratio(s, g)
            if s is None and g is None:
                cells.append("n/a")
                continue
            cell = f"{fmt(s, digits)} / {fmt(g, digits)}" + (f" {unit}" if unit else "")
            cells.append(cell + (f" ({r:.2f}×)" if r is not None else ""))
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    cells = []
    for scenario, _ in scenarios:
        fling = any("scrolls_sent" in r for r in runs.get((scenario, "sweep"), []))
        sent_key, received_key = ("scrolls_sent", "axis_received") if fling else ("moves_sent", "motions_received")
        sent = next((r[sent_key] for r in runs.get((scenario, "sweep"), [])), 0)
        s = median(runs, scenario, "sweep", received_key)
        g = median(runs, scenario, "gtk", received_key)
        cells.append(f"{fmt(s, 0)} / {fmt(g, 0)} of {sent}")
    lines.append(f"| {inputs_label} | " + " | ".join(cells) + " |")
    return lines


def targets_table(runs, scenarios, foot_first_frame):
    lines = ["| target | " + " | ".join(label for _, label in scenarios) + " |",
             "|---" * (len(scenarios) + 1) + "|"]
    for label, key, limit, kind in TARGETS:
        cells = []
        for scenario, _ in scenarios:
            r = ratio(median(runs, scenario, "sweep", key), median(runs, scenario, "gtk", key))
            cells.append("n/a" if r is None else f"{r:.2f}×: {verdict(r, limit, kind)}")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    cells = []
    for scenario, _ in scenarios:
        r = ratio(median(runs, scenario, "sweep", "first_frame_ms"), foot_first_frame)
        cells.append("n/a" if r is None else f"{r:.2f}× foot: {verdict(r, 2.0, 'max')}")
    lines.append("| first frame ≤ 2× foot's | " + " | ".join(cells) + " |")
    return lines


def flat_table(runs):
    lines = ["| 16,777,216 against 1,000,000 items (within ±10 %) | grid, Sweep | list, Sweep | grid, GTK | list, GTK |",
             "|---|---|---|---|---|"]
    for label, key in FLAT:
        cells = []
        for client in ("sweep", "gtk"):
            for view in ("grid", "list"):
                r = ratio(median(runs, f"{view}-16777216", client, key), median(runs, f"{view}-1000000", client, key))
                if r is None:
                    cells.append("n/a")
                elif client == "sweep":
                    cells.append(f"{percent(r - 1, sign=True)}: " + ("met" if abs(r - 1) <= 0.10 else "**missed**"))
                else:
                    cells.append(percent(r - 1, sign=True))
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines


def items_table(out_dir):
    path = os.path.join(out_dir, "items", "items.json")
    if not os.path.exists(path):
        return []
    s = json.load(open(path))
    first, loaded, rss = s["first_frame_ms"], s["loaded_ms"], s["vmhwm_mb"]
    return [f"Big input (`scripts/bench-items.sh`): {s['lines']:,} lines, {s['bytes'] / 1e6:.0f} MB, "
            f"`sweep-demo --items FILE --layout tabs`, medians of {s['runs']} runs:", "",
            "| | measured | target | |", "|---|---|---|---|",
            f"| first frame | {first:,.0f} ms | < 500 ms | {verdict(first, 500, 'max')} |",
            f"| all lines loaded | {loaded:,.0f} ms | | |",
            f"| peak RSS (VmHWM) | {rss:,.1f} MB | < 150 MB | {verdict(rss, 150, 'max')} |"]


def presentation_note(runs):
    """Why input → presentation is n/a, or nothing when it was measured."""
    names = {"sweep": "Sweep", "gtk": "GTK"}
    parts = []
    for client, name in names.items():
        feedback = [r["presentation_feedback"] for (_, c), rs in runs.items() if c == client for r in rs
                    if "presentation_feedback" in r]
        requested = sum(f["requested"] for f in feedback)
        presented = sum(f["presented"] for f in feedback)
        if not requested:
            parts.append(f"{name} asks for no presentation feedback")
        elif not presented:
            parts.append(f"{name} asked for feedback {requested:,} times, and sway answered none as presented")
    return ("Input → presentation is n/a: " + "; ".join(parts) + ".") if parts else ""


def selection_note(out_dir, scale=None, tables=False):
    path = os.path.join(out_dir, "selection.jsonl")
    if not os.path.exists(path):
        return "The warm-up runs, which check the selections, were skipped."
    checks = [c for c in (json.loads(line) for line in open(path) if line.strip())
              if (tables or split_scenario(c["scenario"])[1] == scale) and is_table(c["scenario"]) == tables]
    if not checks:
        return "The warm-up runs, which check the selections, were skipped."
    differ = [c for c in checks if not c["same"]]
    if not differ:
        counts = ", ".join(f"{c['scenario']} {c['sweep_count']}" for c in checks)
        return f"Both apps selected the same items after the warm-up drags ({counts} items)."
    return "**The selections differed** after the warm-up drags: " + "; ".join(
        f"{c['scenario']}: Sweep {c['sweep_count']} items {c['sweep']}, GTK {c['gtk_count']} items {c['gtk']}"
        for c in differ) + "."


def plot(runs, scenarios, path, scales=()):
    """The cumulative latencies per scenario; at each of `scales` (other output scales) the same
    scenario's input → commit is drawn dotted (the first scale) or dash-dotted (the second)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(2, 2, figsize=(10, 7), sharex=True, sharey=True)
    colours = {"sweep": "#1f6fd1", "gtk": "#d1561f"}
    names = {"sweep": "Sweep", "gtk": "GTK 4"}
    series = [("", "latencies_ms", "-", "input → commit"), ("", "present_latencies_ms", "--", "input → presentation")]
    series += [(f"@{scale}", "latencies_ms", style, f"input → commit, scale {scale}")
               for scale, style in zip(scales, (":", "-."))]
    for ax, (scenario, label) in zip(axes.flat, scenarios):
        for client in ("sweep", "gtk"):
            for suffix, key, style, what in series:
                values = sorted(v for r in runs.get((scenario + suffix, client), []) for v in r.get(key, []))
                if not values:
                    continue
                fraction = [(i + 1) / len(values) for i in range(len(values))]
                ax.step(values, fraction, style, where="post", color=colours[client],
                        label=f"{names[client]}, {what}")
        ax.set_title(label + " items")
        ax.grid(alpha=0.3)
        ax.legend(loc="lower right", fontsize=8)
    for ax in axes[1]:
        ax.set_xlabel("ms from the pointer motion")
    for ax in axes[:, 0]:
        ax.set_ylabel("fraction of motions")
    axes.flat[0].set_xlim(left=0)
    title = "make bench-e2e: latency of a band drag under headless sway (all runs pooled)"
    if not any(r.get("present_latencies_ms") for rs in runs.values() for r in rs):
        title += "\ninput → presentation not shown: no frame was reported presented"
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def report(out_dir, docs, plot_path):
    loaded = load_runs(out_dir)
    sweep_only = {k: v for k, v in loaded.items() if k[1] == "sweep" and is_sweep_only(k[0])}
    loaded = {k: v for k, v in loaded.items() if not is_sweep_only(k[0])}
    tables = {k: v for k, v in loaded.items() if is_table(k[0])}
    everything = {k: v for k, v in loaded.items() if not is_table(k[0])}
    runs = {k: v for k, v in everything.items() if split_scenario(k[0])[1] is None}
    scaled = {k: v for k, v in everything.items() if split_scenario(k[0])[1] is not None}
    scenarios = [(s, label) for s, label in SCENARIOS if (s, "sweep") in runs and (s, "gtk") in runs]
    scales = scaled_scales(scaled)
    table_scales = table_scales_run(tables)
    if not scenarios and not scales and not table_scales and not sweep_only:
        raise SystemExit(f"{out_dir}: no scenario has runs of both clients, nor any of Sweep alone")
    if sweep_only:
        sweep_only_report(out_dir, sweep_only, docs)
    if scenarios:
        scale_1_report(out_dir, runs, scenarios, docs, plot_path, everything, scales)
    if scales:
        hidpi_report(out_dir, scaled, runs, scales, docs)
    if table_scales:
        table_report(out_dir, tables, table_scales, docs)


def run_conditions(out_dir):
    """What the run's scale-1 and HiDPI passes wrote of their conditions (machine, compositor, builds)."""
    return [open(os.path.join(out_dir, name)).read().strip()
            for name in ("conditions.txt", "conditions-hidpi.txt") if os.path.exists(os.path.join(out_dir, name))]


def is_sweep_only(scenario):
    return split_scenario(scenario)[0] in dict(SWEEP_ONLY_SCENARIOS)


def sweep_only_report(out_dir, runs, docs):
    """Sweep's own scenarios: a table per scale of the medians, and the targets."""
    scales = sorted({split_scenario(s)[1] or "1" for s, _ in runs}, key=float)
    counts = sorted({len(v) for v in runs.values()})
    conditions = run_conditions(out_dir)
    text = ["Sweep alone (GTK 4 animates no list change, and its list has no rows of their own heights): an animated "
            "delete, sweep-demo's list of 1,000,000 rows with rows 0 to 499 selected (a click, then Shift+Down 499 "
            "times through a virtual keyboard) and Delete, measured from the Delete key to the last frame of the "
            "animation (250 ms: the rows on screen fade out as the rows after them slide up); and a fling, two fingers "
            "flicked on a touchpad (12 scrolls of 50 px 8 ms apart, then the lift) over `Examples/mail`'s 1,000,000 "
            "messages, each row as tall as its snippet (one to three lines, measured as it comes in), measured until "
            f"the fling's frames stop. Medians of the runs ({'/'.join(map(str, counts))} a scenario): "
            + " ".join(c.rstrip(".") + "." for c in conditions), ""]
    for scale in scales:
        tag = "" if scale == "1" else f"@{scale}"
        scenarios = [(s + tag, label) for s, label in SWEEP_ONLY_SCENARIOS if (s + tag, "sweep") in runs]
        sample = runs[(scenarios[0][0], "sweep")][0]
        size = f"{sample['buffer_width']} × {sample['buffer_height']}" if sample.get("buffer_width") else "n/a"
        text += [f"**Scale {scale}** (the window's buffer {size} pixels):", "",
                 "| Sweep | " + " | ".join(label for _, label in scenarios) + " |", "|---" * (len(scenarios) + 1) + "|"]
        for label, key, digits, unit in SWEEP_ONLY_ROWS:
            cells = [fmt(median(runs, s, "sweep", key), digits) + (f" {unit}" if unit else "") for s, _ in scenarios]
            text.append(f"| {label} | " + " | ".join(cells) + " |")
        text += ["", f"Targets at scale {scale}:", "", "| target | " + " | ".join(label for _, label in scenarios) + " |",
                 "|---" * (len(scenarios) + 1) + "|"]
        targets = [(f"a frame at every refresh: the slowest frame of all the runs worked ≤ one refresh ({1000 / REFRESH_HZ:.1f} ms)",
                    lambda s: max((r["work_max_ms"] for r in runs[(s, "sweep")] if r.get("work_max_ms") is not None), default=None),
                    1000 / REFRESH_HZ, "max", "ms"),
                   ("frames a second ≥ 0.98× the compositor's cycle",
                    lambda s: (median(runs, s, "sweep", "frames_hz") or 0) * (median(runs, s, "sweep", "cycle_ms") or 0) / 1000 or None,
                    0.98, "min", "of its rate"),
                   ("work per frame p50 ≤ 4 ms", lambda s: median(runs, s, "sweep", "work_p50_ms"), 4.0, "max", "ms")]
        for label, value, limit, kind, unit in targets:
            cells = []
            for scenario, _ in scenarios:
                v = value(scenario)
                cells.append("n/a" if v is None else f"{v:.2f} {unit}: {met(v, limit, kind)}")
            text.append(f"| {label} | " + " | ".join(cells) + " |")
        text.append("")
    markdown = "\n".join(text).rstrip("\n") + "\n"
    with open(os.path.join(out_dir, "table-sweep-only.md"), "w") as out:
        out.write(markdown)
    print(markdown)
    if docs:
        write_docs(docs, markdown, "bench-e2e-sweep-only")


def table_scales_run(tables):
    """The scales ("1", "2", ...) at which a table scenario has runs of both clients, smallest first."""
    found = {split_scenario(s)[1] or "1" for s, c in tables if c == "sweep" and (s, "gtk") in tables}
    return sorted(found, key=float)


def table_report(out_dir, runs, scales, docs):
    """The table's section: Examples/records against GtkColumnView, the band and the fling, at each scale."""
    counts = sorted({len(v) for v in runs.values()})
    records = os.path.join(out_dir, "conditions-records.txt")
    client = open(records).read().strip() if os.path.exists(records) else "records release build"
    conditions = [re.sub(r"sweep-demo release build, [^;]*", lambda _: client, c) for c in run_conditions(out_dir)]
    text = ["A table of 20 columns (2,340 px wide) over 1,000,000 rows: `Examples/records` against the GTK peer's "
            "`GtkColumnView` (`sweep-gtk-peer --table`) with the same columns, text, 32 px rows and 30 px header. "
            "A band from (100, 150) to (850, 640), over rows 2 to 17, and a fling: two fingers flicked on a touchpad, "
            "12 scrolls of 50 px 8 ms apart and the lift (`axis_stop`), measured from the first scroll until the "
            "fling's frames stop (each app flings on its own way: Sweep farther than GTK). "
            f"Medians of the runs ({'/'.join(map(str, counts))} a client and scenario): "
            + " ".join(c.rstrip(".") + "." for c in conditions), ""]
    for scale in scales:
        tag = "" if scale == "1" else f"@{scale}"
        scenarios = [(s + tag, label) for s, label in TABLE_SCENARIOS if (s + tag, "sweep") in runs and (s + tag, "gtk") in runs]
        sample = runs[(scenarios[0][0], "sweep")][0]
        size = f"{sample['buffer_width']} × {sample['buffer_height']}" if sample.get("buffer_width") else "n/a"
        text += [f"**Scale {scale}** (Sweep's window buffer {size} pixels). Each cell is Sweep / GTK, and their ratio:", ""]
        text += main_table(runs, scenarios, TABLE_ROWS, "wl_pointer.motion (band) or .axis (fling) received, of those sent")
        text += ["", f"Targets at scale {scale}:", ""]
        lines = ["| target | " + " | ".join(label for _, label in scenarios) + " |", "|---" * (len(scenarios) + 1) + "|"]
        for label, key, limit, kind, against, digits, unit in TABLE_TARGETS:
            cells = []
            for scenario, _ in scenarios:
                if key == "cycle_fraction":
                    hz, cycle = median(runs, scenario, "sweep", "frames_hz"), median(runs, scenario, "sweep", "cycle_ms")
                    v = hz * cycle / 1000 if hz and cycle else None
                elif against == "worst":
                    v = max((r[key] for r in runs.get((scenario, "sweep"), []) if r.get(key) is not None), default=None)
                else:
                    v = median(runs, scenario, "sweep", key)
                if against == "gtk":
                    r = ratio(v, median(runs, scenario, "gtk", key))
                    cells.append("n/a" if r is None else f"{r:.{digits}f}×: {met(r, limit, kind)}")
                else:
                    cells.append("n/a" if v is None else f"{v:.{digits}f} {unit}: {met(v, limit, kind)}")
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
        text += lines + [""]
    text.append(selection_note(out_dir, tables=True))
    markdown = "\n".join(text).rstrip("\n") + "\n"
    with open(os.path.join(out_dir, "table-records.md"), "w") as out:
        out.write(markdown)
    print(markdown)
    if docs:
        write_docs(docs, markdown, "bench-e2e-table")


def scaled_scales(scaled):
    """The scales other than 1 with a scenario run by both clients, largest first."""
    found = {split_scenario(s)[1] for s, c in scaled if c == "sweep" and (s, "gtk") in scaled}
    return sorted(found, key=float, reverse=True)


def scale_1_report(out_dir, runs, scenarios, docs, plot_path, everything, scales):
    foot = median(runs, "start", "foot", "first_frame_ms")
    counts = sorted({len(v) for k, v in runs.items()})
    conditions = open(os.path.join(out_dir, "conditions.txt")).read().strip() \
        if os.path.exists(os.path.join(out_dir, "conditions.txt")) else ""
    text = [f"Medians of the runs ({'/'.join(map(str, counts))} a client and scenario): {conditions}.", "",
            "Each cell is Sweep / GTK, and their ratio:", ""]
    text += main_table(runs, scenarios)
    notes = " ".join(n for n in (presentation_note(runs), selection_note(out_dir)) if n)
    text += ["", f"foot's first frame: {fmt(foot, 0)} ms (median). {notes}", "",
             "Targets (Sweep against GTK, from the medians above):", ""]
    text += targets_table(runs, scenarios, foot)
    text += ["", "Flat from 1,000,000 to 16,777,216 items (change of the median):", ""]
    text += flat_table(runs)
    items = items_table(out_dir)
    if items:
        text += [""] + items
    markdown = "\n".join(text) + "\n"
    with open(os.path.join(out_dir, "table.md"), "w") as out:
        out.write(markdown)
    print(markdown)
    plot(everything, scenarios, os.path.join(out_dir, "latency.png"), scales)
    if plot_path:
        shutil.copyfile(os.path.join(out_dir, "latency.png"), plot_path)
    if docs:
        write_docs(docs, markdown)


def hidpi_report(out_dir, scaled, plain, scales, docs):
    """The section of the runs at output scales other than 1."""
    counts = sorted({len(v) for v in scaled.values()})
    path = os.path.join(out_dir, "conditions-hidpi.txt")
    conditions = open(path).read().strip() if os.path.exists(path) else ""
    text = [f"Medians of the runs ({'/'.join(map(str, counts))} a client and scenario): {conditions}.", ""]
    for scale in scales:
        scenarios = []
        for s, c in scaled:
            base, at = split_scenario(s)
            if at == scale and c == "sweep" and (s, "gtk") in scaled and (s, scenario_label(base)) not in scenarios:
                scenarios.append((s, scenario_label(base)))
        order = [s for s, _ in SCENARIOS]
        scenarios.sort(key=lambda sl: (order.index(split_scenario(sl[0])[0]) if split_scenario(sl[0])[0] in order
                                       else len(order), sl[0]))
        sample = next(r for r in scaled[(scenarios[0][0], "sweep")])
        size = f"{sample['buffer_width']} × {sample['buffer_height']}" if sample.get("buffer_width") else "n/a"
        text += [f"**Scale {scale}** (Sweep's window buffer {size} pixels at buffer scale "
                 f"{sample.get('buffer_scale', 'n/a')}). Each cell is Sweep / GTK, and their ratio:", ""]
        text += main_table(scaled, scenarios)
        last = text.pop()  # the motions row stays last
        for label, key, digits, unit in BUFFER_ROWS:
            cells = []
            for scenario, _ in scenarios:
                s, g = median(scaled, scenario, "sweep", key), median(scaled, scenario, "gtk", key)
                cells.append(f"{fmt(s, digits)} / {fmt(g, digits)}")
            text.append(f"| {label} | " + " | ".join(cells) + " |")
        cells = []
        for scenario, _ in scenarios:
            sizes = []
            for client in ("sweep", "gtk"):
                r = scaled[(scenario, client)][-1]
                sizes.append(f"{r['buffer_width']} × {r['buffer_height']} @{r['buffer_scale']}"
                             if r.get("buffer_width") else "n/a")
            cells.append(" / ".join(sizes))
        text.append("| window buffer (pixels, buffer scale) | " + " | ".join(cells) + " |")
        text.append(last)
        text += ["", selection_note(out_dir, scale), "",
                 f"Targets at scale {scale}" + (" (the HiDPI issue's)" if scale == "2" else
                                                " (the HiDPI issue sets them at scale 2)") + ":", ""]
        text += hidpi_targets_table(scaled, scenarios)
        against = against_scale_1_table(scaled, plain, scenarios, scale)
        if against:
            text += ["", f"Scale {scale} against scale 1 (each app against itself, the same scenario; "
                         "ratio of the medians):", ""] + against
        text.append("")
    markdown = "\n".join(text).rstrip("\n") + "\n"
    with open(os.path.join(out_dir, "table-hidpi.md"), "w") as out:
        out.write(markdown)
    print(markdown)
    if docs:
        write_docs(docs, markdown, "bench-e2e-hidpi")


def hidpi_targets_table(runs, scenarios):
    lines = ["| target | " + " | ".join(label for _, label in scenarios) + " |",
             "|---" * (len(scenarios) + 1) + "|"]
    for label, key, limit, kind, against, digits, unit in HIDPI_TARGETS:
        cells = []
        for scenario, _ in scenarios:
            s = median(runs, scenario, "sweep", key)
            if against == "gtk":
                r = ratio(s, median(runs, scenario, "gtk", key))
                cells.append("n/a" if r is None else f"{r:.{digits}f}×: {met(r, limit, kind)}")
            else:
                cells.append("n/a" if s is None else f"{s:.{digits}f} {unit}: {met(s, limit, kind)}")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines


def against_scale_1_table(scaled, plain, scenarios, scale):
    pairs = [(s, split_scenario(s)[0], label) for s, label in scenarios
             if (split_scenario(s)[0], "sweep") in plain and (split_scenario(s)[0], "gtk") in plain]
    if not pairs:
        return []
    lines = ["| scale " + scale + " / scale 1 | " + " | ".join(f"{label}, {name}" for _, _, label in pairs
                                                            for name in ("Sweep", "GTK")) + " |",
             "|---" * (2 * len(pairs) + 1) + "|"]
    for label, key in AGAINST_SCALE_1:
        cells = []
        for s, base, _ in pairs:
            for client in ("sweep", "gtk"):
                r = ratio(median(scaled, s, client, key), median(plain, base, client, key))
                cells.append("n/a" if r is None else f"{r:.2f}×")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines


PRESENTATION_ROWS = [
    ("input → commit, p50", "latency_p50_ms", 1, "ms"),
    ("input → commit, p99", "latency_p99_ms", 1, "ms"),
    ("input → presentation, p50", "present_p50_ms", 1, "ms"),
    ("input → presentation, p99", "present_p99_ms", 1, "ms"),
    ("frames a second", "frames_hz", 1, "Hz"),
    ("frame callback → commit, p50 (late latching waits here on purpose)", "work_p50_ms", 2, "ms"),
    ("CPU over the drag", "cpu_ms", 0, "ms"),
]


def client_name(client):
    if client == "sweep-latch-0":
        return "Sweep, late latching off"
    if client.startswith("sweep-latch-"):
        return f"Sweep, late latching from {client[len('sweep-latch-'):]} ms"
    return {"sweep": "Sweep (as shipped)", "gtk": "GTK"}.get(client, client)


def presentation(out_dir, docs):
    """The input → presentation pass: one scenario, Sweep, Sweep latching late at each margin, GTK."""
    runs = load_runs(out_dir)
    scenario = "grid-16777216"
    latched = sorted((c for s, c in runs if s == scenario and c.startswith("sweep-latch-")),
                     key=lambda c: float(c[len("sweep-latch-"):]))
    clients = [c for c in ["sweep"] + latched + ["gtk"] if (scenario, c) in runs]
    if not {"sweep", "sweep-latch-0", "gtk"} <= set(clients):
        raise SystemExit(f"{out_dir}: the presentation pass needs runs of Sweep, Sweep without late latching and GTK")
    counts = sorted({len(runs[(scenario, c)]) for c in clients})
    conditions = open(os.path.join(out_dir, "conditions.txt")).read().strip() \
        if os.path.exists(os.path.join(out_dir, "conditions.txt")) else ""
    lines = [f"Input → presentation (the grid of 16,777,216 items, the same drag; medians of "
             f"{'/'.join(map(str, counts))} runs a client): {conditions}.", "",
             "| | " + " | ".join(client_name(c) for c in clients) + " |", "|---" * (len(clients) + 1) + "|"]
    for label, key, digits, unit in PRESENTATION_ROWS:
        g = median(runs, scenario, "gtk", key)
        cells = []
        for c in clients:
            v = median(runs, scenario, c, key)
            r = ratio(v, g) if c != "gtk" else None
            cells.append(fmt(v, digits) + (f" {unit}" if unit and v is not None else "")
                         + (f" ({r:.2f}×)" if r is not None else ""))
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    answered = []
    for c in clients:
        feedback = [r["presentation_feedback"] for r in runs[(scenario, c)] if "presentation_feedback" in r]
        answered.append(f"{client_name(c)} {sum(f['presented'] for f in feedback):,} of "
                        f"{sum(f['requested'] for f in feedback):,}")
    lines += ["", "Feedback requests answered as presented: " + "; ".join(answered) + "."]
    off = "sweep-latch-0"
    base, base99 = median(runs, scenario, off, "present_p50_ms"), median(runs, scenario, off, "present_p99_ms")
    for c in [c for c in clients if c.startswith("sweep") and c != off]:
        v, v99 = median(runs, scenario, c, "present_p50_ms"), median(runs, scenario, c, "present_p99_ms")
        if base and base99 and v is not None and v99 is not None:
            lines.append(f"{client_name(c)} against late latching off: input → presentation p50 {fmt(base)} → "
                         f"{fmt(v)} ms ({percent(v / base - 1, sign=True)}), p99 {fmt(base99)} → {fmt(v99)} ms "
                         f"({percent(v99 / base99 - 1, sign=True)}).")
    markdown = "\n".join(lines) + "\n"
    with open(os.path.join(out_dir, "table.md"), "w") as out:
        out.write(markdown)
    print(markdown)
    if docs:
        write_docs(docs, markdown, "bench-e2e-presentation")


def write_docs(path, markdown, marker="bench-e2e"):
    begin, end = f"<!-- {marker}:begin -->", f"<!-- {marker}:end -->"
    text = open(path).read()
    if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
        raise SystemExit(f"{path}: needs one {begin} line and one {end} line after it")
    head, rest = text.split(begin)
    _, tail = rest.split(end)
    with open(path, "w") as out:
        out.write(f"{head}{begin}\n{markdown}{end}{tail}")


def last_selection(lines, want):
    found = None
    for line in lines:
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if want(event):
            found = event
    return found


def selection(scenario, sweep_log, peer_out):
    # sweep-demo: ranges [section, first, last]; records and the peer: [first, last]
    sweep = last_selection(open(sweep_log), lambda e: e.get("event") == "selection" and not e.get("provisional"))
    gtk = last_selection(open(peer_out), lambda e: e.get("event") == "selection")
    s = [r[1:] if len(r) == 3 else r for r in sweep["ranges"]] if sweep else []  # records prints [first, last]
    g = gtk["ranges"] if gtk else []
    print(json.dumps({"scenario": scenario, "same": bool(s) and s == g,
                      "sweep_count": sweep["count"] if sweep else 0, "gtk_count": gtk["count"] if gtk else 0,
                      "sweep": s, "gtk": g}))


def main():
    args = sys.argv[1:]
    if len(args) == 4 and args[0] == "selection":
        selection(*args[1:])
    elif len(args) >= 2 and args[0] == "report":
        options = dict(zip(args[2::2], args[3::2]))
        if set(options) - {"--docs", "--plot"} or len(args) % 2:
            sys.exit(__doc__)
        report(args[1], options.get("--docs"), options.get("--plot"))
    elif len(args) in (2, 4) and args[0] == "presentation" and (len(args) == 2 or args[2] == "--docs"):
        presentation(args[1], args[3] if len(args) == 4 else None)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
