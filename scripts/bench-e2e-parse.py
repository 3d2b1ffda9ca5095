#!/usr/bin/env python3
"""Figures of one make bench-e2e run, from the client's WAYLAND_DEBUG log.

  bench-e2e-parse.py run RUN_DIR
      Reads RUN_DIR/wayland.log (the client's stderr under WAYLAND_DEBUG=1)
      and RUN_DIR/meta.json (written by scripts/bench-e2e.sh: the client's
      name and scenario, its start time, CPU ticks and VmHWM around the drag,
      and the drag's (or the fling's) own record from bench-e2e-input.py, or
      null for a run that only starts the client), writes
      RUN_DIR/metrics.json and prints one summary line. Exits 1, saying why,
      when the log shows no window, or no drag or fling that reached the
      client.

scripts/bench-e2e-report.py makes the tables and the plot from the metrics.

What is measured (libwayland prints "[ms.µs] " before each event it
dispatches and each request it sends, "-> " marking requests; the clock is
CLOCK_REALTIME in µs modulo 2^32, unwrapped here against the start time):

  window surface   the wl_surface given an xdg_toplevel. Only its commits
                   count: a cursor surface or a popup is not the window.
  frame            a commit of the window surface after an attach of a
                   buffer since its previous commit (new pixels).
  the drag         from the wl_pointer.button press dispatched to the
                   release dispatched.
  the fling        two fingers flicked on a touchpad (a run whose record
                   has "scrolls"): from the first wl_pointer.axis of the
                   flick dispatched, through the axis_stop of the lift, to
                   the last frame of the run of frames that follows it
                   (the fling is over at the first gap of 100 ms or more
                   after the lift: a scrollbar fading later is not the
                   fling). Everything said of the drag below is said of
                   the fling, with its wl_pointer.axis events for the
                   motions.
  the delete       an animated delete (a run whose record has "delete"):
                   from the wl_keyboard.key press of Delete (evdev 111)
                   dispatched to the last frame of the run of frames that
                   follows (over at the first gap of 100 ms or more), the
                   animation's frames; no input latency (the keys come from
                   another program, whose clock is not recorded).
  input time       when sway got the motion: the CLOCK_MONOTONIC ms the
                   virtual pointer stamped on it (wl_pointer.motion's time,
                   +0.5 ms for the truncation), put on the log's clock with
                   the offset bench-e2e-input.py measured. So time the event
                   waits in the socket while the client is busy counts.
  input → commit   for each distinct wl_pointer.motion of the drag (the same
                   motion on a second wl_pointer counts once), from its input
                   time to the first frame committed after the client read
                   it; p50, p99 (nearest rank), max.
  input → present  the same motion to the time wp_presentation_feedback says
                   the first frame after it was shown (a discarded frame
                   passes to the next); feedback time converted from the
                   clock wp_presentation.clock_id names. None when the client
                   asks for no feedback, or the compositor answers none (as
                   headless sway 1.7 leaves most requests unanswered).
  read delay       input time to the client reading the motion.
  frames, Hz       frames during the drag, and per second of the drag.
  work per frame   each wl_callback.done of a frame callback of the window
                   surface during the drag, to the next frame when that
                   comes before the next done (a frame skipped is not work).
  late frames      frames whose work took longer than one refresh of the
                   output (1000 / 60 ms): the compositor's next frame came
                   before them.
  compositor cycle the median time between two wl_callback.done of the
                   window during the drag: the output's frame period as the
                   client sees it. A headless wlroots output arms its 16 ms
                   timer only after it has drawn a frame, so the cycle grows
                   by the compositor's own drawing: a frame that damages the
                   whole of a 2560 x 1600 output takes sway 1.7's pixman
                   renderer ~2.5 ms, and its cycle is ~18.7 ms (53 Hz) for
                   any client that scrolls it.
  damage per frame the area of the wl_surface.damage (times the buffer scale,
                   squared) and damage_buffer rectangles sent for a frame,
                   each clipped to the buffer, added up (overlaps count
                   twice); p50 over the frames of the drag.
  longest gap      the longest time between two frames during the drag.
  CPU              utime + stime from /proc/PID/stat (all threads, 10 ms
                   ticks) before the drag (100 ms before the press) and 0.3 s
                   after the release.
  first frame      process start (taken just before exec) to the first
                   frame of the window surface.
  motion events    wl_pointer.motion dispatched during the drag, on all
                   wl_pointer objects, against the moves sent.
  buffer           the size, in pixels, and the wl_surface.set_buffer_scale
                   of the window's last frame (of the drag, when there is
                   one); buffers: the distinct wl_buffer ids the window
                   attached during the drag, and the wl_shm_pool.create_buffer
                   requests made during it.

The scale check: meta.json's "scale" is the output's scale and "output" its
size in layout (logical) coordinates. Under sway 1.7, which has no
fractional-scale-v1, a client draws at the output's scale rounded up (the
wl_output.scale sway sends: 2 at 1.5). A run fails (exit 1) unless the
window's last frame has that buffer scale and a buffer at least the output's
logical size times it (the window fills the output; GTK's buffer also holds
its shadow margins).
"""
import json
import math
import os
import re
import sys

LINE = re.compile(r"^\[\s*(\d+)\.(\d+)\]\s+(->\s+)?(?:discarded\s+)?([A-Za-z_0-9]+)@(\d+)\.([A-Za-z_0-9]+)\((.*)\)\s*$")
NEW_ID = re.compile(r"new id ([A-Za-z_0-9]+|\[unknown\])@(\d+)")
OBJECT = re.compile(r"([A-Za-z_0-9]+)@(\d+)")
WRAP_US = 1 << 32
WRAP_MS = 1 << 32  # wl_pointer time is a uint32 of ms
INT32_MAX = (1 << 31) - 1
REFRESH_HZ = 60  # the headless output's mode (scripts/bench-sway.sh)


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


def numbers(args):
    return [int(float(a)) for a in args.split(",") if re.fullmatch(r"\s*-?[\d.]+\s*", a)]


def percentile(values, p):
    """Nearest rank."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def clipped_area(x, y, w, h, size):
    """The area of a rectangle inside a buffer of `size` (or unclipped when unknown)."""
    x0, y0, x1, y1 = x, y, min(x + w, INT32_MAX), min(y + h, INT32_MAX)
    if size:
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, size[0]), min(y1, size[1])
    return max(0, x1 - x0) * max(0, y1 - y0)


class Surfaces:
    """What the client asked of its surfaces: commits, frames, damage and presentation feedback."""

    def __init__(self):
        self.xdg_surface_of = {}  # xdg_surface id -> wl_surface id
        self.window = None        # the wl_surface with the xdg_toplevel
        self.buffer_size = {}     # wl_buffer id -> (width, height)
        self.attached = {}        # surface -> buffer attached since its last commit
        self.current = {}         # surface -> its buffer
        self.scale = {}
        self.damage = {}          # surface -> buffer pixels damaged since its last commit
        # A feedback object's id is reused once it is answered, so each request gets its own
        # number: live maps an id to the request it stands for now.
        self.feedback_pending = {}  # surface -> request numbers waiting for its next commit
        self.feedback_live = {}   # wp_presentation_feedback id -> request number
        self.frames = []          # (t, damage px, [request numbers], buffer, scale) for frames of the window
        self.buffers_created = [] # times of wl_shm_pool.create_buffer
        self.frame_callbacks = set()
        self.clock_id = 1         # CLOCK_MONOTONIC unless wp_presentation.clock_id says otherwise
        self.presented = {}       # request number -> presentation time (ns on clock_id), or None if discarded
        self.feedback_requested = 0

    def request(self, t, iface, oid, msg, args):
        if iface == "xdg_wm_base" and msg == "get_xdg_surface":
            ids = OBJECT.findall(args)
            self.xdg_surface_of[int(ids[0][1])] = int(ids[1][1])
        elif iface == "xdg_surface" and msg == "get_toplevel" and self.window is None:
            self.window = self.xdg_surface_of.get(oid)
        elif iface == "wl_shm_pool" and msg == "create_buffer":
            buffer = int(NEW_ID.search(args).group(2))
            _, width, height = numbers(args.split(",", 1)[1])[:3]
            self.buffer_size[buffer] = (width, height)
            self.buffers_created.append(t)
        elif iface == "wl_surface" and msg == "attach":
            found = OBJECT.search(args.split(",")[0])
            self.attached[oid] = int(found.group(2)) if found else None
        elif iface == "wl_surface" and msg == "set_buffer_scale":
            self.scale[oid] = numbers(args)[0]
        elif iface == "wl_surface" and msg in ("damage", "damage_buffer"):
            x, y, w, h = numbers(args)
            if msg == "damage":  # surface coordinates: to buffer pixels
                s = self.scale.get(oid, 1)
                x, y, w, h = x * s, y * s, min(w * s, INT32_MAX), min(h * s, INT32_MAX)
            buffer = self.attached.get(oid, self.current.get(oid))
            self.damage[oid] = self.damage.get(oid, 0) + clipped_area(x, y, w, h, self.buffer_size.get(buffer))
        elif iface == "wl_surface" and msg == "frame" and oid == self.window:
            self.frame_callbacks.add(int(NEW_ID.search(args).group(2)))
        elif iface == "wp_presentation" and msg == "feedback":
            surface = int(OBJECT.search(args).group(2))
            self.feedback_live[int(NEW_ID.search(args).group(2))] = self.feedback_requested
            self.feedback_pending.setdefault(surface, []).append(self.feedback_requested)
            self.feedback_requested += 1
        elif iface == "wl_surface" and msg == "commit":
            feedback = self.feedback_pending.pop(oid, [])
            damage = self.damage.pop(oid, 0)
            if oid in self.attached:
                buffer = self.attached.pop(oid)
                self.current[oid] = buffer
                if buffer is not None and oid == self.window:
                    self.frames.append((t, damage, feedback, buffer, self.scale.get(oid, 1)))

    def event(self, iface, oid, msg, args):
        """True for a wl_callback.done of a window frame callback."""
        if iface == "wl_callback" and msg == "done" and oid in self.frame_callbacks:
            self.frame_callbacks.discard(oid)
            return True
        if iface == "wp_presentation" and msg == "clock_id":
            self.clock_id = numbers(args)[0]
        elif iface == "wp_presentation_feedback" and msg == "presented" and oid in self.feedback_live:
            sec_hi, sec_lo, nsec = numbers(args)[:3]
            self.presented[self.feedback_live.pop(oid)] = ((sec_hi << 32) + sec_lo) * 1_000_000_000 + nsec
        elif iface == "wp_presentation_feedback" and msg == "discarded" and oid in self.feedback_live:
            self.presented[self.feedback_live.pop(oid)] = None
        return False


def analyse(run_dir):
    meta = json.load(open(os.path.join(run_dir, "meta.json")))
    start = meta["start_ms"]
    name = meta["client"]
    surfaces = Surfaces()
    dones, presses, releases, motions, pointers = [], [], [], [], set()
    axes, stops, deletes = [], [], []
    for t, sent, iface, oid, msg, args in parse_log(os.path.join(run_dir, "wayland.log"), start):
        if sent:
            surfaces.request(t, iface, oid, msg, args)
            if iface == "wl_seat" and msg == "get_pointer":
                pointers.add(int(NEW_ID.search(args).group(2)))
        elif surfaces.event(iface, oid, msg, args):
            dones.append(t)
        elif iface == "wl_pointer" and msg == "button":
            (presses if args.split(",")[-1].strip() == "1" else releases).append(t)
        elif iface == "wl_pointer" and msg == "motion":
            motions.append((t, oid, args))
        elif iface == "wl_pointer" and msg == "axis" and numbers(args)[1:2] == [0]:
            axes.append((t, oid, args))
        elif iface == "wl_pointer" and msg == "axis_stop":
            stops.append(t)
        elif iface == "wl_keyboard" and msg == "key" and numbers(args)[2:4] == [111, 1]:
            deletes.append(t)
    if surfaces.window is None:
        raise SystemExit(f"{name}: the log shows no xdg_toplevel (did the window open?)")
    frames = surfaces.frames
    if not frames:
        raise SystemExit(f"{name}: the window never committed a buffer")
    metrics = {"client": name, "scenario": meta["scenario"], "run": meta["run"],
               "vmhwm_mb": meta["vmhwm_kb"] / 1024.0, "first_frame_ms": frames[0][0] - start}
    drag = meta.get("drag")
    if drag and drag.get("delete"):
        metrics.update(delete_metrics(name, meta, drag, surfaces, dones, deletes))
    elif drag and "scrolls" in drag:
        metrics.update(fling_metrics(name, meta, drag, surfaces, dones, axes, stops, pointers))
    elif drag:
        metrics.update(drag_metrics(name, meta, drag, surfaces, dones, presses, releases, motions, pointers))
    metrics.update(buffer_metrics(name, meta, surfaces, metrics.get("drag_window")))
    with open(os.path.join(run_dir, "metrics.json"), "w") as out:
        json.dump(metrics, out, indent=1)
    return metrics


def buffer_metrics(name, meta, surfaces, drag_window):
    """The window's buffer, and the scale check (see the header)."""
    frames = surfaces.frames
    in_drag = [f for f in frames if drag_window and drag_window[0] <= f[0] <= drag_window[1]]
    _, _, _, buffer, scale = (in_drag or frames)[-1]
    size = surfaces.buffer_size.get(buffer)
    result = {"buffer_scale": scale, "buffer_width": size[0] if size else None,
              "buffer_height": size[1] if size else None,
              "buffers_attached": len({f[3] for f in in_drag}) if drag_window else None,
              "buffers_created": sum(drag_window[0] <= t <= drag_window[1] for t in surfaces.buffers_created)
              if drag_window else None}
    output_scale, output = meta.get("scale"), meta.get("output")
    if output_scale is not None and output:
        expected = math.ceil(output_scale - 1e-9)
        want = (output[0] * expected, output[1] * expected)
        if scale != expected:
            raise SystemExit(f"{name}: the window drew at buffer scale {scale}, not {expected} "
                             f"(the output's scale is {output_scale}; wl_surface.set_buffer_scale in the log)")
        if not size:
            raise SystemExit(f"{name}: the window's last buffer has no wl_shm size in the log")
        if size[0] < want[0] or size[1] < want[1]:
            raise SystemExit(f"{name}: the window's buffer is {size[0]} x {size[1]} pixels, less than the "
                             f"{output[0]} x {output[1]} output at scale {expected} ({want[0]} x {want[1]})")
    return result


def drag_metrics(name, meta, drag, surfaces, dones, presses, releases, motions, pointers):
    frames = surfaces.frames
    frame_times = [f[0] for f in frames]
    drag_presses = [p for p in presses if drag["press"] - 5 <= p <= drag["release"] + 1000]
    drag_releases = [r for r in releases if drag_presses and r > drag_presses[0]]
    if not drag_presses or not drag_releases:
        raise SystemExit(f"{name}: the drag's wl_pointer.button press and release never reached the client "
                         f"({len(presses)} presses, {len(releases)} releases in the log)")
    begin, end = drag_presses[0], drag_releases[0]
    in_drag = [(t, p, a) for t, p, a in motions if begin <= t <= end]
    if not in_drag:
        raise SystemExit(f"{name}: no wl_pointer.motion reached the client during the drag")
    metrics = window_metrics(meta, drag, surfaces, dones, begin, end, in_drag)
    metrics.update({"moves_sent": drag["moves"], "motions_received": len(in_drag),
                    "motions_distinct": metrics.pop("inputs_distinct"), "wl_pointers": len(pointers)})
    return metrics


def fling_metrics(name, meta, fling, surfaces, dones, axes, stops, pointers):
    """The fling's figures (see the header); `axes` are the vertical wl_pointer.axis events."""
    flick = [(t, p, a) for t, p, a in axes if fling["first_scroll"] - 5 <= t <= fling["lift"] + 1000]
    lifts = [t for t in stops if flick and t >= flick[0][0]]
    if not flick or not lifts:
        raise SystemExit(f"{name}: the flick's wl_pointer.axis and axis_stop never reached the client "
                         f"({len(axes)} vertical axis events, {len(stops)} axis_stop in the log)")
    begin, lift = flick[0][0], lifts[0]
    frame_times = [f[0] for f in surfaces.frames]
    end = lift
    for t in frame_times:
        if t <= begin:
            continue
        if t > lift and t - end >= 100:
            break
        end = max(end, t)
    measured = meta.get("measured_ms")
    if measured is not None and end > measured - 500:
        raise SystemExit(f"{name}: the fling was still drawing {measured - end:.0f} ms before its CPU time was taken; "
                         "wait longer after the lift (bench-e2e.sh)")
    metrics = window_metrics(meta, fling, surfaces, dones, begin, end, flick)
    metrics.update({"scrolls_sent": fling["scrolls"], "axis_received": len(flick),
                    "axis_distinct": metrics.pop("inputs_distinct"), "wl_pointers": len(pointers),
                    "fling_after_lift_ms": end - lift})
    return metrics


def frames_until_gap(frame_times, begin, after):
    """The last frame of the run of frames from `begin` on: over at the first gap of 100 ms or more between
    frames after `after` (the first frame may take longer: a change of a million rows is made in it)."""
    end = None
    for t in frame_times:
        if t <= begin:
            continue
        if end is not None and t > after and t - end >= 100:
            break
        end = t if end is None else max(end, t)
    return after if end is None else max(end, after)


def delete_metrics(name, meta, record, surfaces, dones, deletes):
    """The animated delete's figures (see the header)."""
    if not deletes:
        raise SystemExit(f"{name}: the Delete key never reached the client (no wl_keyboard.key 111 pressed in the log)")
    begin = deletes[-1]
    end = frames_until_gap([f[0] for f in surfaces.frames], begin, begin)
    if end == begin:
        raise SystemExit(f"{name}: no frame after the Delete key")
    measured = meta.get("measured_ms")
    if measured is not None and end > measured - 500:
        raise SystemExit(f"{name}: the delete was still drawing {measured - end:.0f} ms before its CPU time was taken; "
                         "wait longer after it (bench-e2e.sh)")
    metrics = window_metrics(meta, record, surfaces, dones, begin, end, [])
    metrics.pop("inputs_distinct")
    return metrics


def window_metrics(meta, record, surfaces, dones, begin, end, inputs):
    """Latency, frames, work and damage from `begin` to `end` (ms on the log's clock), given the
    input events of that time (t, wl_pointer id, args: their first number is the event's time)."""
    in_drag = inputs
    frames = surfaces.frames
    frame_times = [f[0] for f in frames]
    distinct, seen = [], set()
    for t, p, a in in_drag:
        if a not in seen:  # the same (time, x, y) on another wl_pointer is a duplicate
            seen.add(a)
            distinct.append((t, a))
    per_pointer = {}
    for _, p, _ in in_drag:
        per_pointer[p] = per_pointer.get(p, 0) + 1

    offsets = record["clock_offsets_ms"]
    monotonic_offset = offsets["1"]

    def input_time(read, args):
        """The motion's own time (CLOCK_MONOTONIC ms, uint32) on the log's clock; never after it was read."""
        stamp = numbers(args)[0] + 0.5
        guess = read - monotonic_offset  # about when, on CLOCK_MONOTONIC
        stamp += round((guess - stamp) / WRAP_MS) * WRAP_MS
        return min(stamp + monotonic_offset, read)

    def first_frame_index(t):
        return next((i for i, f in enumerate(frame_times) if f >= t), None)

    presentation_offset = offsets.get(str(surfaces.clock_id))
    latencies, present_latencies, read_delays = [], [], []
    for read, args in distinct:
        t = input_time(read, args)
        read_delays.append(read - t)
        i = first_frame_index(read)
        if i is None:
            continue
        latencies.append(frame_times[i] - t)
        # the first of this frame and those after it that was shown (a discarded one
        # was replaced by the next); unknown when a frame has no feedback or no answer
        for _, _, feedback, _, _ in frames[i:]:
            answers = [surfaces.presented[f] for f in feedback if f in surfaces.presented]
            if not feedback or len(answers) < len(feedback) or presentation_offset is None:
                break
            shown = [a for a in answers if a is not None]
            if shown:
                present_latencies.append(shown[0] / 1e6 + presentation_offset - t)
                break
    drag_frames = [f for f in frames if begin <= f[0] <= end]
    work = []
    drag_dones = [d for d in dones if begin <= d <= end]
    for i, d in enumerate(drag_dones):
        j = first_frame_index(d)
        following = drag_dones[i + 1] if i + 1 < len(drag_dones) else float("inf")
        if j is not None and frame_times[j] < following:
            work.append(frame_times[j] - d)
    gaps = [b[0] - a[0] for a, b in zip(drag_frames, drag_frames[1:])]
    seconds = (end - begin) / 1000.0
    tick_ms = 1000.0 / meta["clk_tck"]
    answers = list(surfaces.presented.values())
    feedback = {"requested": surfaces.feedback_requested, "presented": sum(a is not None for a in answers),
                "discarded": sum(a is None for a in answers)}
    return {
        "latency_p50_ms": percentile(latencies, 50),
        "latency_p99_ms": percentile(latencies, 99),
        "latency_max_ms": max(latencies) if latencies else None,
        "latencies_ms": [round(v, 3) for v in latencies],
        "presentation_feedback": feedback,
        "present_p50_ms": percentile(present_latencies, 50),
        "present_p99_ms": percentile(present_latencies, 99),
        "present_latencies_ms": [round(v, 3) for v in present_latencies],
        "read_delay_p50_ms": percentile(read_delays, 50),
        "read_delay_p99_ms": percentile(read_delays, 99),
        "motions_without_frame": len(distinct) - len(latencies),
        "frames": len(drag_frames),
        "frames_hz": len(drag_frames) / seconds if seconds > 0 else None,
        "work_p50_ms": percentile(work, 50),
        "work_p99_ms": percentile(work, 99),
        "work_max_ms": max(work) if work else None,
        "frames_late": sum(w > 1000.0 / REFRESH_HZ for w in work),
        "cycle_ms": percentile([b - a for a, b in zip(drag_dones, drag_dones[1:])], 50),
        "damage_p50_px": percentile([f[1] for f in drag_frames], 50),
        "longest_gap_ms": max(gaps) if gaps else None,
        "drag_ms": end - begin,
        "cpu_ms": (meta["cpu_after"] - meta["cpu_before"]) * tick_ms,
        "inputs_distinct": len(distinct),
        "motions_per_pointer": {str(k): v for k, v in sorted(per_pointer.items())},
        "drag_window": [begin, end],
    }


def fmt(value, digits=1):
    return "—" if value is None else f"{value:,.{digits}f}"


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "run":
        m = analyse(sys.argv[2])
        line = f"{m['client']:>5} {m['scenario']} run {m['run']}: first frame {fmt(m['first_frame_ms'], 0)} ms," \
               f" VmHWM {fmt(m['vmhwm_mb'])} MB"
        if "frames" in m:
            f = m["presentation_feedback"]
            present = f"{fmt(m['present_p50_ms'])} ms" if m["present_p50_ms"] is not None else \
                f"n/a ({f['requested']} feedback requests, {f['presented']} presented, {f['discarded']} discarded)"
            line += (f", input→commit p50 {fmt(m['latency_p50_ms'])} ms p99 {fmt(m['latency_p99_ms'])} ms,"
                     f" input→present p50 {present}, {m['frames']} frames ({fmt(m['frames_hz'])} Hz),"
                     f" work p50 {fmt(m['work_p50_ms'])} ms, damage p50 {fmt(m['damage_p50_px'], 0)} px,"
                     f" CPU {fmt(m['cpu_ms'], 0)} ms, ")
            if "motions_received" not in m and "scrolls_sent" not in m:
                line += f"delete animated over {fmt(m['drag_ms'], 0)} ms, late frames {m['frames_late']}"
            elif "scrolls_sent" in m:
                line += (f"axis {m['axis_received']} ({m['axis_distinct']} distinct) for {m['scrolls_sent']} scrolls,"
                         f" fling {fmt(m['drag_ms'], 0)} ms ({fmt(m['fling_after_lift_ms'], 0)} after the lift)")
            else:
                line += f"motions {m['motions_received']} ({m['motions_distinct']} distinct) for {m['moves_sent']} moves"
        if m.get("buffer_scale", 1) != 1:
            line += (f", buffer {m['buffer_width']} x {m['buffer_height']} at scale {m['buffer_scale']},"
                     f" {m['buffers_attached']} buffers, {m['buffers_created']} made during the drag")
        print(line)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
