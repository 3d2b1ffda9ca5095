#!/usr/bin/env python3
"""Pointer input for make bench-e2e, under a headless sway 1.7.

  bench-e2e-input.py serve [WIDTH HEIGHT]
      Makes a pointer device in sway and then plays drags on it, one per
      command read from standard input:

        drag X0 Y0 X1 Y1 MOVES INTERVAL_MS
        click X Y
        fling X Y DISTANCE EVENTS INTERVAL_MS
        offsets

      moves the pointer to (X0, Y0), waits 100 ms, presses the left button,
      makes MOVES moves along the line to (X1, Y1), INTERVAL_MS apart on a
      fixed schedule, waits one interval and releases; then prints one JSON
      line: the moves sent, the wall-clock times (ms since the epoch) of
      the press, the first and last move and the release, and
      clock_offsets_ms: CLOCK_REALTIME minus each clock that
      wp_presentation may name (0 realtime, 1 monotonic, 4 monotonic raw,
      7 boottime), to put event and presentation times on the log's clock.
      Each event carries the CLOCK_MONOTONIC ms at which it was sent (sway
      passes the device's time on in wl_pointer events). `click` moves,
      waits 100 ms, presses and releases 50 ms later. `fling` is two
      fingers flicked on a touchpad over (X, Y): it moves there, waits
      100 ms, sends EVENTS vertical scrolls from a finger (axis_source
      finger) of DISTANCE / EVENTS px each, INTERVAL_MS apart, and then the
      fingers' lift (axis_stop) one interval later, what a client flings
      on from; its line has the scrolls sent and the times of the first
      and last scroll and of the lift. `offsets` sends nothing: its line
      has clock_offsets_ms alone (for input another program plays). Prints "ready"
      once sway has made the device; exits at the end of its input or when
      sway goes away. WIDTH x HEIGHT is the output layout (default 1024
      768), the extent of the absolute moves. WAYLAND_DISPLAY and
      XDG_RUNTIME_DIR as for a client.

Why a virtual pointer and not `swaymsg seat seat0 cursor ...` (checked
against sway 1.7, wlroots 0.15):

  - Headless sway has no input device, so seat0 has no capabilities (even
    with `seat seat0 fallback true`): no client binds a wl_pointer, and the
    cursor commands reach nobody. No sway command adds a device (wlroots has
    wlr_headless_add_input_device; sway never calls it). The protocol sway
    offers for this, zwlr_virtual_pointer_manager_v1, does: its device joins
    seat0 and the seat gets the pointer capability.
  - Even then `cursor set X Y` / `cursor move DX DY` cannot drive a drag:
    they warp the cursor and call the seat operation's `rebase`, which the
    default operation turns into wl_pointer.enter/motion, but the operation
    while a button is held (seatop_down) has no `rebase`, so during a drag
    each command sends the client a bare wl_pointer.frame and no motion.
    `cursor press button1` / `release button1` work.

So the whole drag goes through the virtual pointer: motion_absolute,
button and frame requests take sway's ordinary device path (the one
libinput events take: seatop_down forwards each motion to the surface under
the press) and reach the client as wl_pointer.motion / button / frame. It
speaks the Wayland wire format itself: no wlroots protocol XML (not in
Debian) or Python binding is needed.
"""
import json
import os
import socket
import struct
import sys
import time


def wayland_socket():
    name = os.environ.get("WAYLAND_DISPLAY", "wayland-0")
    path = name if name.startswith("/") else os.path.join(os.environ["XDG_RUNTIME_DIR"], name)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    return s


def message(obj, opcode, payload=b""):
    return struct.pack("=II", obj, ((8 + len(payload)) << 16) | opcode) + payload


def string(text):
    data = text.encode() + b"\0"
    return struct.pack("=I", len(data)) + data + b"\0" * (-len(data) % 4)


def read_messages(s, buffer):
    chunk = s.recv(65536)
    if not chunk:
        raise EOFError("the compositor closed the connection")
    buffer += chunk
    out = []
    while len(buffer) >= 8:
        obj, word = struct.unpack_from("=II", buffer)
        size = word >> 16
        if len(buffer) < size:
            break
        out.append((obj, word & 0xFFFF, bytes(buffer[8:size])))
        del buffer[:size]
    return out


def sync(s, buffer, callback_id, on_message):
    """wl_display.sync and wait for its wl_callback.done."""
    s.sendall(message(1, 0, struct.pack("=I", callback_id)))
    while True:
        for obj, opcode, payload in read_messages(s, buffer):
            if obj == 1 and opcode == 0:  # wl_display.error(object, code, message)
                _, code, length = struct.unpack_from("=III", payload)
                text = payload[12:12 + length - 1].decode(errors="replace")
                raise RuntimeError(f"wl_display.error {code}: {text}")
            if obj == callback_id and opcode == 0:
                return
            on_message(obj, opcode, payload)


def make_virtual_pointer():
    s = wayland_socket()
    buffer = bytearray()
    s.sendall(message(1, 1, struct.pack("=I", 2)))  # wl_display.get_registry -> 2
    globals_ = {}

    def on_registry(obj, opcode, payload):
        if obj == 2 and opcode == 0:  # wl_registry.global(name, interface, version)
            name, length = struct.unpack_from("=II", payload)
            interface = payload[8:8 + length - 1].decode()
            version, = struct.unpack_from("=I", payload, 8 + length + (-length % 4))
            globals_[interface] = (name, version)

    sync(s, buffer, 3, on_registry)
    manager = "zwlr_virtual_pointer_manager_v1"
    if manager not in globals_:
        sys.exit(f"bench-e2e-input: the compositor offers no {manager}")
    name, _ = globals_[manager]
    # wl_registry.bind(name, new_id<interface, version, id>) -> 4, version 1
    s.sendall(message(2, 0, struct.pack("=I", name) + string(manager) + struct.pack("=II", 1, 4)))
    # zwlr_virtual_pointer_manager_v1.create_virtual_pointer(seat NULL = the default seat, id 5)
    s.sendall(message(4, 0, struct.pack("=II", 0, 5)))
    sync(s, buffer, 6, lambda *_: None)
    return s, buffer


POINTER = 5
BTN_LEFT = 0x110


def ms_now():
    return int(time.monotonic() * 1000) & 0xFFFFFFFF


def clock_offsets_ms():
    """CLOCK_REALTIME - clock, in ms, for the clocks wp_presentation.clock_id may name."""
    offsets = {}
    for clock in (time.CLOCK_REALTIME, time.CLOCK_MONOTONIC, time.CLOCK_MONOTONIC_RAW, time.CLOCK_BOOTTIME):
        before = time.clock_gettime(time.CLOCK_REALTIME)
        reading = time.clock_gettime(clock)
        after = time.clock_gettime(time.CLOCK_REALTIME)
        offsets[str(clock)] = ((before + after) / 2 - reading) * 1000.0
    return offsets


def move(s, x, y, width, height):
    # zwlr_virtual_pointer_v1.motion_absolute(time, x, y, x_extent, y_extent), then frame
    s.sendall(message(POINTER, 1, struct.pack("=IIIII", ms_now(), round(x), round(y), width, height))
              + message(POINTER, 4))


def button(s, pressed):
    # zwlr_virtual_pointer_v1.button(time, button, state), then frame
    s.sendall(message(POINTER, 2, struct.pack("=III", ms_now(), BTN_LEFT, 1 if pressed else 0))
              + message(POINTER, 4))


AXIS_VERTICAL = 0
SOURCE_FINGER = 1


def scroll(s, distance, stop=False):
    # zwlr_virtual_pointer_v1.axis_source(finger), axis(time, vertical, fixed) or axis_stop(time, vertical), frame
    t = ms_now()
    axis = message(POINTER, 6, struct.pack("=II", t, AXIS_VERTICAL)) if stop else \
        message(POINTER, 3, struct.pack("=IIi", t, AXIS_VERTICAL, round(distance * 256)))
    s.sendall(message(POINTER, 5, struct.pack("=I", SOURCE_FINGER)) + axis + message(POINTER, 4))


def fling(s, x, y, distance, events, interval_ms, width, height):
    now = lambda: time.time() * 1000.0
    move(s, x, y, width, height)
    time.sleep(0.1)
    start = time.monotonic()
    first = last = None
    for i in range(events):
        delay = start + i * interval_ms / 1000.0 - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        last = now()
        first = first or last
        scroll(s, distance / events)
    time.sleep(interval_ms / 1000.0)
    lift = now()
    scroll(s, 0, stop=True)
    return {"scrolls": events, "distance": distance, "interval_ms": interval_ms, "first_scroll": first,
            "last_scroll": last, "lift": lift, "clock_offsets_ms": clock_offsets_ms()}


def drag(s, x0, y0, x1, y1, moves, interval_ms, width, height):
    now = lambda: time.time() * 1000.0
    move(s, x0, y0, width, height)
    time.sleep(0.1)  # the first press right after a move was once lost (environment.md)
    press = now()
    button(s, True)
    start = time.monotonic() + interval_ms / 1000.0
    first = last = None
    for i in range(1, moves + 1):
        delay = start + (i - 1) * interval_ms / 1000.0 - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        t = now()
        first = first or t
        last = t
        move(s, x0 + (x1 - x0) * i / moves, y0 + (y1 - y0) * i / moves, width, height)
    time.sleep(interval_ms / 1000.0)
    release = now()
    button(s, False)
    return {"moves": moves, "interval_ms": interval_ms, "press": press, "first_move": first,
            "last_move": last, "release": release, "clock_offsets_ms": clock_offsets_ms()}


def serve(width, height):
    s, buffer = make_virtual_pointer()
    print("ready", flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "drag" and len(words) == 7:
            x0, y0, x1, y1, moves = (int(w) for w in words[1:6])
            result = drag(s, x0, y0, x1, y1, moves, float(words[6]), width, height)
        elif words[0] == "fling" and len(words) == 6:
            x, y, distance, events = (int(w) for w in words[1:5])
            result = fling(s, x, y, distance, max(1, events), float(words[5]), width, height)
        elif words[0] == "offsets" and len(words) == 1:
            result = {"clock_offsets_ms": clock_offsets_ms()}
        elif words[0] == "click" and len(words) == 3:
            move(s, int(words[1]), int(words[2]), width, height)
            time.sleep(0.1)
            button(s, True)
            time.sleep(0.05)
            button(s, False)
            result = {"click": [int(words[1]), int(words[2])]}
        else:
            print(json.dumps({"error": f"unknown command: {line.strip()}"}), flush=True)
            continue
        sync(s, buffer, 7, lambda *_: None)  # sway has read every request (or we learn it is gone)
        print(json.dumps(result), flush=True)


def main():
    if len(sys.argv) in (2, 4) and sys.argv[1] == "serve":
        width, height = (int(v) for v in sys.argv[2:4]) if len(sys.argv) == 4 else (1024, 768)
        try:
            serve(width, height)
        except (EOFError, ConnectionError, BrokenPipeError) as error:
            sys.exit(f"bench-e2e-input: lost the compositor: {error}")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
