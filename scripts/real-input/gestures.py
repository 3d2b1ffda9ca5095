"""Gestures as a hand makes them: finger paths over time on the touchscreen and the touchpad,
mouse moves from a known corner, key chords. Motion is paced on a fixed schedule (not sleep per
step) so a slow guest stretches no gesture."""
import time

from evdev import ecodes as e

import devices as d


def _pace(steps, ms, each):
    start = time.monotonic()
    for i in range(1, steps + 1):
        target = start + ms / 1000 * i / steps
        delay = target - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        each(i / steps)


class Hand:
    def __init__(self):
        self.ts = d.Touchscreen()
        self.tp = d.Touchpad()
        self.mouse = d.Mouse()
        self.hires = d.Mouse(hires=True)
        self.kbd = d.Keyboard()
        self.pen = d.Pen()

    # touchscreen -------------------------------------------------------------------------
    def touch_down(self, points):
        self.ts.frame({i: p for i, p in enumerate(points)})

    def touch_move(self, start, by, ms, steps=None):
        """Moves the fingers (down at `start`) by `by` pixels over `ms`."""
        steps = steps or max(2, int(ms / (d.FRAME_S * 1000)))
        _pace(steps, ms, lambda f: self.ts.frame(
            {i: (x + by[0] * f, y + by[1] * f) for i, (x, y) in enumerate(start)}))
        return [(x + by[0], y + by[1]) for x, y in start]

    def touch_up(self, count):
        self.ts.frame({i: None for i in range(count)})

    def touch_drag(self, start, by, ms, rest_ms=0):
        self.touch_down(start)
        time.sleep(0.03)
        self.touch_move(start, by, ms)
        time.sleep(rest_ms / 1000)
        self.touch_up(len(start))

    def tap(self, x, y, ms=60):
        self.touch_down([(x, y)])
        time.sleep(ms / 1000)
        self.touch_up(1)

    # touchpad (millimetres on the pad) -------------------------------------------------------
    def pad_down(self, points):
        self.tp.frame({i: p for i, p in enumerate(points)})

    def pad_move(self, start, by, ms):
        steps = max(2, int(ms / (d.FRAME_S * 1000)))
        _pace(steps, ms, lambda f: self.tp.frame(
            {i: (x + by[0] * f, y + by[1] * f) for i, (x, y) in enumerate(start)}))
        return [(x + by[0], y + by[1]) for x, y in start]

    def pad_spread(self, start, spread_mm, ms):
        """Two fingers moving apart along x by `spread_mm` each: a pinch out."""
        steps = max(2, int(ms / (d.FRAME_S * 1000)))
        (x0, y0), (x1, y1) = start
        _pace(steps, ms, lambda f: self.tp.frame({0: (x0 - spread_mm * f, y0), 1: (x1 + spread_mm * f, y1)}))

    def pad_still(self, points, ms):
        """Fingers resting: a real pad keeps reporting frames (here with sub-millimetre jitter
        below libinput's motion threshold) while fingers touch it."""
        steps = max(1, int(ms / 12))
        _pace(steps, ms, lambda f: self.tp.frame(
            {i: (x + (0.05 if int(f * steps) % 2 else 0), y) for i, (x, y) in enumerate(points)}))

    def pad_up(self, count):
        self.tp.frame({i: None for i in range(count)})

    # mouse -------------------------------------------------------------------------------------
    def mouse_to(self, x, y, mouse=None):
        """From the top-left corner (the cursor is clamped there) to (x, y): flat acceleration makes
        that exact."""
        m = mouse or self.mouse
        m.move(-4000, -4000)
        time.sleep(0.02)
        m.move(x, y)
        time.sleep(0.05)

    def mouse_corner(self):
        self.mouse.move(-4000, -4000)
        time.sleep(0.05)

    def mouse_drag_to(self, dx, dy, ms=300, steps=20):
        done = [0, 0]

        def step(f):
            tx, ty = round(dx * f), round(dy * f)
            self.mouse.move(tx - done[0], ty - done[1])
            done[0], done[1] = tx, ty
        _pace(steps, ms, step)

    def click(self, x, y, modifiers=()):
        self.mouse_to(x, y)
        for m in modifiers:
            self.kbd.key(m, True)
            time.sleep(0.03)
        self.mouse.button(True)
        time.sleep(0.05)
        self.mouse.button(False)
        time.sleep(0.05)
        for m in modifiers:
            self.kbd.key(m, False)
            time.sleep(0.03)

    # pen -----------------------------------------------------------------------------------------
    def pen_stroke(self, x, y, to_y, ms=300, button=None):
        """The pen comes over (x, y), touches down (with a barrel `button` held), moves to
        (x, to_y) over `ms`, lifts and leaves."""
        p = self.pen
        p.hover(x, y)
        # Within libinput's 50 ms: longer without an event and it takes the pen for gone.
        time.sleep(0.015)
        if button:
            p.button(button, True)
            time.sleep(0.015)
        p.down()
        time.sleep(0.05)
        steps = max(2, int(ms / (d.FRAME_S * 1000)))
        _pace(steps, ms, lambda f: p.hover(x, y + (to_y - y) * f))
        time.sleep(0.05)
        p.up()
        time.sleep(0.03)
        if button:
            p.button(button, False)
            time.sleep(0.03)
        p.out()

    # keys ----------------------------------------------------------------------------------------
    def key(self, code, modifiers=()):
        self.kbd.combo(list(modifiers), code)


K = e
