#!/usr/bin/env python3
"""Figures of make bench-e2e from a client's WAYLAND_DEBUG log.

  bench-e2e-parse.py run RUN_DIR
      Reads RUN_DIR/wayland.log (the client's stderr under WAYLAND_DEBUG=1)
      and RUN_DIR/meta.json (written by scripts/bench-e2e.sh: the client's
      name, its start time, CPU ticks and VmHWM around the drag, and the
      drag's own record from bench-e2e-input.py), writes RUN_DIR/metrics.json
      and prints one summary line. Exits 1, saying why, when the log does
      not show a drag that reached the client.

  bench-e2e-parse.py table OUT_DIR
      Medians over OUT_DIR/runs/*/metrics.json per client; prints the table
      (markdown) with the ratio GTK / Sweep, and writes it to OUT_DIR/table.md.

What is measured (libwayland prints "[ms.µs] " before each event received
and each request sent, "-> " marking requests; the clock is CLOCK_REALTIME
in µs modulo 2^32, unwrapped here against the recorded start time):

  window surface   the wl_surface given an xdg_toplevel. Only its commits
                   count: a cursor surface (wl_pointer.set_cursor) or a
                   popup's commits are not frames of the window.
  frame            a commit of the window surface after an attach of a
                   buffer since its previous commit (new pixels).
  the drag         from the wl_pointer.button press received to the release
                   received.
  input → commit   for each distinct wl_pointer.motion received during the
                   drag (a duplicate, the same motion delivered to a second
                   wl_pointer object, counts once, at its first arrival),
                   the time to the next frame; p50, p99 (nearest rank), max.
  frames, Hz       frames during the drag, and per second of the drag.
  work per frame   each wl_callback.done of a frame callback of the window
                   surface during the drag, to the next frame when that
                   comes before the next done (a frame skipped is not work).
  longest gap      the longest time between two frames during the drag.
  CPU              utime + stime from /proc/PID/stat (all threads, 10 ms
                   ticks) before the drag (its move to the start point,
                   100 ms before the press) and 0.3 s after the release.
  first frame      process start (taken just before exec) to the first
                   frame of the window surface.
  motion events    wl_pointer.motion received during the drag, on all
                   wl_pointer objects, against the moves sent.
"""
import glob
import json
import os
import re
import statistics
import sys

LINE = re.compile(r"^\[\s*(\d+)\.(\d+)\]\s+(->\s+)?(?:discarded\s+)?([A-Za-z_0-9]+)@(\d+)\.([A-Za-z_0-9]+)\((.*)\)\s*$")
NEW_ID = re.compile(r"new id ([A-Za-z_0-9]+|\[unknown\])@(\d+)")
OBJECT = re.compile(r"([A-Za-z_0-9]+)@(\d+)")
WRAP_US = 1 << 32


def parse_log(path, start_ms):
    """Yields (t_ms since the epoch, sent?, interface, id, message, args)."""
    start_us = round(start_ms * 1000)
    with open(path, errors="replace") as log:
        for line in log:
            m = LINE.match(line)
            if not m:
                continue
            stamp_us = int(m.group(1)) * 1000 + int(m.group(2))
            # libwayland prints (realtime µs mod 2^32) / 1000: unwrap against the start
            epoch_us = start_us + ((stamp_us - start_us) % WRAP_US)
            if epoch_us - start_us > WRAP_US - 60_000_000:  # a line a little before the start
                epoch_us -= WRAP_US
            yield (epoch_us / 1000.0, bool(m.group(3)), m.group(4), int(m.group(5)), m.group(6), m.group(7))


def percentile(values, p):
    """Nearest rank."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def analyse(run_dir):
    meta = json.load(open(os.path.join(run_dir, "meta.json")))
    start = meta["start_ms"]
    events = list(parse_log(os.path.join(run_dir, "wayland.log"), start))
    if not events:
        raise SystemExit(f"{run_dir}: no WAYLAND_DEBUG lines in wayland.log")

    xdg_surface_of = {}    # xdg_surface id -> wl_surface id
    window = None          # the wl_surface with the xdg_toplevel
    attached = set()       # surfaces with a buffer attached since their last commit
    frames = []            # times of frames of the window surface
    frame_callbacks = set()
    dones = []             # times of wl_callback.done for frame callbacks of the window
    presses, releases = [], []
    motions = []           # (t, pointer id, args)
    pointers = set()
    for t, sent, iface, oid, msg, args in events:
        if sent:
            if iface == "xdg_wm_base" and msg == "get_xdg_surface":
                ids = OBJECT.findall(args)
                xdg_surface_of[int(ids[0][1])] = int(ids[1][1])
            elif iface == "xdg_surface" and msg == "get_toplevel" and window is None:
                window = xdg_surface_of.get(oid)
            elif iface == "wl_surface" and msg == "attach":
                if "nil" not in args.split(",")[0]:
                    attached.add(oid)
                else:
                    attached.discard(oid)
            elif iface == "wl_surface" and msg == "frame" and oid == window:
                frame_callbacks.add(int(NEW_ID.search(args).group(2)))
            elif iface == "wl_surface" and msg == "commit":
                if oid in attached:
                    attached.discard(oid)
                    if oid == window:
                        frames.append(t)
            elif iface == "wl_seat" and msg == "get_pointer":
                pointers.add(int(NEW_ID.search(args).group(2)))
        else:
            if iface == "wl_callback" and msg == "done" and oid in frame_callbacks:
                frame_callbacks.discard(oid)
                dones.append(t)
            elif iface == "wl_pointer" and msg == "button":
                state = args.split(",")[-1].strip()
                (presses if state == "1" else releases).append(t)
            elif iface == "wl_pointer" and msg == "motion":
                motions.append((t, oid, args))

    name = meta["client"]
    if window is None:
        raise SystemExit(f"{name}: the log shows no xdg_toplevel (did the window open?)")
    if not frames:
        raise SystemExit(f"{name}: the window never committed a buffer")
    drag = meta["drag"]
    # the press and release of the drag: the last press received before the drag's release was sent
    drag_presses = [p for p in presses if drag["press"] - 5 <= p <= drag["release"] + 1000]
    drag_releases = [r for r in releases if drag_presses and r > drag_presses[0]]
    if not drag_presses or not drag_releases:
        raise SystemExit(f"{name}: the drag's wl_pointer.button press and release never reached the client "
                         f"({len(presses)} presses, {len(releases)} releases in the log)")
    begin, end = drag_presses[0], drag_releases[0]
    in_drag = [(t, p, a) for t, p, a in motions if begin <= t <= end]
    if not in_drag:
        raise SystemExit(f"{name}: no wl_pointer.motion reached the client during the drag")
    distinct, seen = [], set()
    for t, p, a in in_drag:
        if a not in seen:  # the same (time, x, y) on another wl_pointer is a duplicate
            seen.add(a)
            distinct.append(t)
    per_pointer = {}
    for _, p, _ in in_drag:
        per_pointer[p] = per_pointer.get(p, 0) + 1

    def next_frame(t):
        return next((f for f in frames if f >= t), None)

    latencies = []
    for t in distinct:
        f = next_frame(t)
        if f is not None:
            latencies.append(f - t)
    drag_frames = [f for f in frames if begin <= f <= end]
    work = []
    drag_dones = [d for d in dones if begin <= d <= end]
    for i, d in enumerate(drag_dones):
        f = next_frame(d)
        following = drag_dones[i + 1] if i + 1 < len(drag_dones) else float("inf")
        if f is not None and f < following:
            work.append(f - d)
    gaps = [b - a for a, b in zip(drag_frames, drag_frames[1:])]
    seconds = (end - begin) / 1000.0
    tick_ms = 1000.0 / meta["clk_tck"]
    metrics = {
        "client": name,
        "run": meta["run"],
        "latency_p50_ms": percentile(latencies, 50),
        "latency_p99_ms": percentile(latencies, 99),
        "latency_max_ms": max(latencies) if latencies else None,
        "motions_without_frame": len(distinct) - len(latencies),
        "frames": len(drag_frames),
        "frames_hz": len(drag_frames) / seconds if seconds > 0 else None,
        "work_p50_ms": percentile(work, 50),
        "work_p99_ms": percentile(work, 99),
        "longest_gap_ms": max(gaps) if gaps else None,
        "drag_ms": end - begin,
        "cpu_ms": (meta["cpu_after"] - meta["cpu_before"]) * tick_ms,
        "vmhwm_mb": meta["vmhwm_kb"] / 1024.0,
        "first_frame_ms": frames[0] - start,
        "moves_sent": drag["moves"],
        "motions_received": len(in_drag),
        "motions_distinct": len(distinct),
        "motions_per_pointer": {str(k): v for k, v in sorted(per_pointer.items())},
        "wl_pointers": len(pointers),
    }
    with open(os.path.join(run_dir, "metrics.json"), "w") as out:
        json.dump(metrics, out, indent=1)
    return metrics


def fmt(value, digits=1):
    if value is None:
        return "—"
    return f"{value:,.{digits}f}"


ROWS = [
    # (label, key, digits, unit)
    ("input → commit, p50", "latency_p50_ms", 1, "ms"),
    ("input → commit, p99", "latency_p99_ms", 1, "ms"),
    ("input → commit, max", "latency_max_ms", 1, "ms"),
    ("frames during the drag", "frames", 0, ""),
    ("frames a second", "frames_hz", 1, "Hz"),
    ("client work per frame (done → commit), p50", "work_p50_ms", 1, "ms"),
    ("client work per frame, p99", "work_p99_ms", 1, "ms"),
    ("longest gap between frames", "longest_gap_ms", 1, "ms"),
    ("client CPU over the drag", "cpu_ms", 0, "ms"),
    ("peak RSS (VmHWM)", "vmhwm_mb", 1, "MB"),
    ("first frame (start → first commit with a buffer)", "first_frame_ms", 0, "ms"),
    ("wl_pointer.motion received / moves sent", "motions_received", 0, ""),
]


def table(out_dir):
    runs = {}
    for path in sorted(glob.glob(os.path.join(out_dir, "runs", "*", "metrics.json"))):
        m = json.load(open(path))
        runs.setdefault(m["client"], []).append(m)
    if "sweep" not in runs or "gtk" not in runs:
        raise SystemExit(f"{out_dir}: need runs of both clients, found {sorted(runs)}")

    def median(client, key):
        values = [r[key] for r in runs[client] if r[key] is not None]
        return statistics.median(values) if values else None

    lines = [f"| | Sweep (sweep-demo) | GTK 4 (gtk4-demo) | GTK / Sweep |", "|---|---|---|---|"]
    for label, key, digits, unit in ROWS:
        s, g = median("sweep", key), median("gtk", key)
        suffix = f" {unit}" if unit else ""
        if key == "motions_received":
            sent = runs["sweep"][0]["moves_sent"]
            lines.append(f"| {label} | {fmt(s, 0)} / {sent} | {fmt(g, 0)} / {sent} | |")
            continue
        ratio = f"{g / s:.2f}" if s and g is not None else "—"
        lines.append(f"| {label} | {fmt(s, digits)}{suffix} | {fmt(g, digits)}{suffix} | {ratio} |")
    counts = ", ".join(f"{c} {len(r)}" for c, r in sorted(runs.items()))
    text = "\n".join(lines) + f"\n\nMedians of the runs ({counts}).\n"
    with open(os.path.join(out_dir, "table.md"), "w") as out:
        out.write(text)
    print(text)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "run":
        m = analyse(sys.argv[2])
        print(f"{m['client']:>5} run {m['run']}: input→commit p50 {fmt(m['latency_p50_ms'])} ms"
              f" p99 {fmt(m['latency_p99_ms'])} ms, {m['frames']} frames ({fmt(m['frames_hz'])} Hz),"
              f" work p50 {fmt(m['work_p50_ms'])} ms, CPU {fmt(m['cpu_ms'], 0)} ms,"
              f" VmHWM {fmt(m['vmhwm_mb'])} MB, first frame {fmt(m['first_frame_ms'], 0)} ms,"
              f" motions {m['motions_received']} received ({m['motions_distinct']} distinct,"
              f" per wl_pointer {m['motions_per_pointer']}) for {m['moves_sent']} moves")
    elif len(sys.argv) == 3 and sys.argv[1] == "table":
        table(sys.argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
