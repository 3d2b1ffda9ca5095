#!/usr/bin/env python3
"""sweep-pick, fuzzel and fzf interactive, side by side on the same records.

  bench-pick-peers.py BIN_DIR INPUT RUNS

BIN_DIR holds the release builds of sweep-pick and scripted-compositor;
INPUT is the records, one a line. Each run starts sweep-pick (its default:
ranked, substring), `fuzzel --dmenu` (its defaults) and `fzf --exact`, in
turn, and types "a", "b", "c", a second apart once the input is read.
Prints one line a client: medians over RUNS of

  first frame    process start to the first frame (the GUI clients: the
                 first commit of their window surface with a buffer; fzf:
                 the first screen with its match count).
  "a", "ab", "abc"  the key to the rows of the new query shown: sweep-pick
                 and fuzzel from the key's dispatch to the first frame
                 committed after the rows changed (fuzzel filters while it
                 handles the key; sweep-pick's rows change when its event
                 log says so, put on the protocol log's clock by its first
                 frame); fzf from the key written to its terminal to the
                 screen that shows the query's final match count.
  peak RSS       /usr/bin/time's maximum resident set.

The GUI clients run under the scripted compositor (800 x 600, scale 1,
with layer shell: both open a layer surface) with WAYLAND_DEBUG=1, whose
"[ms.µs]" stamps are CLOCK_REALTIME in µs modulo 2^32; fzf runs on a
pseudo-terminal of 40 x 120 (its screen drawn on the terminal, not shown).
"""
import fcntl
import json
import os
import pty
import re
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

KEYS = ["a", "b", "c"]
KEY_GAP_MS = 1000


def realtime_us():
    return time.clock_gettime_ns(time.CLOCK_REALTIME) // 1000


def unwrap(stamp_us, reference_us):
    """A WAYLAND_DEBUG stamp (µs modulo 2^32) as full CLOCK_REALTIME µs near reference_us."""
    base = reference_us - (reference_us % (1 << 32))
    value = base + stamp_us
    if value < reference_us - (1 << 31):
        value += 1 << 32
    elif value > reference_us + (1 << 31):
        value -= 1 << 32
    return value


LINE = re.compile(r"^\[\s*(\d+)\.(\d+)\]\s+(->\s+)?(\S+?)@(\d+)\.(\w+)\((.*)\)\s*$")


def parse_wayland(path, start_us):
    """The window surface's frames (commits after an attach) and the key presses, as µs since start."""
    frames, presses = [], []
    window = None
    attached = set()
    for line in open(path, errors="replace"):
        match = LINE.match(line.strip())
        if not match:
            continue
        stamp = int(match.group(1)) * 1000 + int(match.group(2))
        at = unwrap(stamp, start_us) - start_us
        request, interface, object_id, message, args = match.group(3), match.group(4), match.group(5), match.group(6), match.group(7)
        if request and message in ("get_layer_surface", "get_xdg_surface") and window is None:
            surface = re.search(r"wl_surface@(\d+)", args)
            if surface:
                window = surface.group(1)
        elif request and interface == "wl_surface" and message == "attach":
            attached.add(object_id)
        elif request and interface == "wl_surface" and message == "commit" and object_id in attached:
            attached.discard(object_id)
            if object_id == window:
                frames.append(at)
        elif not request and interface == "wl_keyboard" and message == "key":
            fields = [field.strip() for field in args.split(",")]
            if len(fields) == 4 and fields[3] == "1":
                presses.append(at)
    return frames, presses


def script_file(directory, wait_ms):
    lines = [{"op": "output", "width": 800, "height": 600, "scale": 1}, {"op": "waitReady"}, {"op": "wait", "ms": wait_ms}]
    for key in KEYS:
        lines += [{"op": "key.tap", "key": key}, {"op": "wait", "ms": KEY_GAP_MS}]
    path = os.path.join(directory, "script.jsonl")
    with open(path, "w") as file:
        file.write("\n".join(json.dumps(line) for line in lines) + "\n")
    return path


def run_gui(name, command, bin_dir, input_path, directory, wait_ms):
    log = os.path.join(directory, f"{name}.wayland")
    rss = os.path.join(directory, f"{name}.rss")
    events = os.path.join(directory, f"{name}.events")
    if os.path.exists(events):
        os.remove(events)
    command = [arg.replace("EVENTS", events) for arg in command]
    start = realtime_us()
    with open(input_path, "rb") as stdin, open(log, "wb") as stderr:
        subprocess.run([os.path.join(bin_dir, "scripted-compositor"), "--script", script_file(directory, wait_ms), "--",
                        "/usr/bin/time", "-f", "%M", "-o", rss, "env", "WAYLAND_DEBUG=1"] + command,
                       stdin=stdin, stdout=subprocess.DEVNULL, stderr=stderr)
    frames, presses = parse_wayland(log, start)
    if not frames or len(presses) < len(KEYS):
        raise RuntimeError(f"{name}: {len(frames)} frames and {len(presses)} key presses in {log}")
    result = {"first frame": frames[0] / 1000, "rss": int(open(rss).read().split()[-1]) / 1024}
    if name == "sweep-pick":
        log_events = [json.loads(line) for line in open(events)]
        ready = next(e["t"] for e in log_events if e["event"] == "ready")
        offset = frames[0] / 1000 - ready  # the event log's ms to the protocol log's
        queries = [e for e in log_events if e["event"] == "query"]
        for index, query in enumerate(queries[:len(KEYS)]):
            shown = next(e["t"] for e in log_events
                         if e["event"] == "items" and e.get("query") == query["query"] and e["t"] >= query["t"])
            changed = (shown + offset) * 1000
            frame = next(f for f in frames if f >= changed - 1000)
            result[query["query"]] = (frame - presses[index]) / 1000
    else:
        query = ""
        for index, key in enumerate(KEYS):
            query += key
            after = [f for f in frames if f > presses[index]]
            result[query] = (after[0] - presses[index]) / 1000 if after else float("nan")
    return result


ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]")


def run_fzf(input_path, directory, counts, total):
    rss = os.path.join(directory, "fzf.rss")
    start = time.monotonic()
    pid, master = pty.fork()
    if pid == 0:
        fd = os.open(input_path, os.O_RDONLY)
        os.dup2(fd, 0)
        os.environ["TERM"] = "xterm-256color"
        os.execvp("/usr/bin/time", ["/usr/bin/time", "-f", "%M", "-o", rss, "fzf", "--exact"])
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    screen = b""
    result = {}

    def read_until(predicate, limit):
        """Reads the terminal until predicate(text since the mark) holds; the time it did."""
        nonlocal screen
        mark = len(screen)
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(master, 1 << 16)
                except OSError:
                    break
                now = time.monotonic()
                screen += chunk
                if predicate(ANSI.sub(b"", screen[mark:])):
                    return now
        return None

    shown = read_until(lambda text: re.search(rb"\d+/\d+", text) is not None, 30)
    result["first frame"] = (shown - start) * 1000 if shown else float("nan")
    read_until(lambda text: f"{total}/{total}".encode() in text, 60)
    query = ""
    for key in KEYS:
        query += key
        time.sleep(0.3)
        # Drain what came meanwhile (a spinner, a cursor), then type.
        read_until(lambda text: False, 0.2)
        typed = time.monotonic()
        os.write(master, key.encode())
        wanted = f"{counts[query]}/{total}".encode()
        done = read_until(lambda text: wanted in text, 30)
        result[query] = (done - typed) * 1000 if done else float("nan")
    os.write(master, b"\x1b")
    read_until(lambda text: False, 0.5)
    os.waitpid(pid, 0)
    os.close(master)
    result["rss"] = int(open(rss).read().split()[-1]) / 1024
    return result


def main():
    bin_dir, input_path, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    lines = open(input_path, "rb").read().split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    total = len(lines)
    counts, query = {}, ""
    for key in KEYS:
        query += key
        counts[query] = sum(1 for line in lines if query.encode() in line.lower())
    del lines
    wait_ms = 2000 + total // 1000
    clients = {
        "sweep-pick": ["gui", [os.path.join(bin_dir, "sweep-pick"), "--event-log", "EVENTS"]],
        "fuzzel": ["gui", ["fuzzel", "--dmenu"]],
        "fzf": ["tty", None],
    }
    results = {name: [] for name in clients}
    with tempfile.TemporaryDirectory() as directory:
        for _ in range(runs):
            for name, (kind, command) in clients.items():
                try:
                    if kind == "gui":
                        results[name].append(run_gui(name, command, bin_dir, input_path, directory, wait_ms))
                    else:
                        results[name].append(run_fzf(input_path, directory, counts, total))
                except (RuntimeError, FileNotFoundError, StopIteration) as error:
                    print(f"  {name}: {error}", file=sys.stderr)
    print(f"interactive, {total:,} records, medians of {runs} runs (matches: "
          + ", ".join(f"'{q}' {c:,}" for q, c in counts.items()) + ")")
    for name, rows in results.items():
        if not rows:
            print(f"{name}: no run completed")
            continue
        figure = lambda key: statistics.median(row[key] for row in rows)
        print(f"{name}: first frame {figure('first frame'):.0f} ms, "
              + ", ".join(f"'{q}' {figure(q):.0f} ms" for q in counts)
              + f", peak RSS {figure('rss'):.0f} MB")


if __name__ == "__main__":
    main()
