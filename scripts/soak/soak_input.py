"""Random input for the soak: steps of the scripted compositor's script format, as
ScriptFuzzer (Tests/EndToEndTests/Fuzz) makes them, for as long as asked.

Every action ends what it starts (buttons come up, fingers lift, gestures and
modifiers end), so a checkpoint can find the app at rest between two actions.
Nothing that ends the client is ever sent: no close or disconnect, no Ctrl+Q for
the demo; for the picker no Return or Escape, no presses in its header (Done),
no right button and no touch held still long enough for a long press (each
opens a menu whose first row accepts).
"""
import json
import random

PICK_HEADER = 56          # PickHeader.height with no header lines: the filter and Done
PICK_WORDS = ["src", "doc", "cafe", "ecole", "report", "2026", "img", "a", "e", "x", "png", "zz", "!tmp", "^home", "log$", "'ar", "| b"]


def step(op, **fields):
    return json.dumps({"op": op, **fields}, ensure_ascii=False, separators=(",", ":"))


class InputGenerator:
    """Actions (lists of steps) for `app` ("demo" or "pick"); `events` counts the
    input events (wl_pointer, wl_touch, wl_keyboard, gesture events) they expand to."""

    def __init__(self, app, seed):
        self.app = app
        self.random = random.Random(seed)
        self.width, self.height, self.scale = 800, 600, 1
        self.layout = "us"
        self.events = 0

    # Where input may land: a little outside the window too, never the picker's header.
    def x(self):
        return self.random.randint(-20, self.width + 20)

    def y(self):
        top = PICK_HEADER + 4 if self.app == "pick" else -20
        return self.random.randint(top, self.height + 20)

    def start(self):
        """The output the client first sees, its window, and two more seats (added now,
        so they are part of the warm-up; later actions only switch between them)."""
        return [step("output", width=self.width, height=self.height, scale=1), step("waitReady"),
                step("seat.add"), step("seat.add"), step("seat.use", index=0)]

    def rest(self):
        """Steps that bring the app to the same resting state before a checkpoint: the
        first seat, no popups, no fling, another client's clipboard, the starting output and
        keymap, a plain configure."""
        self.width, self.height, self.scale = 800, 600, 1
        # Two resting touchpad fingers stop a fling without selecting anything. A window
        # keeps up to four buffers of its size (BufferChain), as many as its recent frames
        # needed; a size it has not had retires them all, so after it the count at rest is
        # always the same: the one or two that the same few frames need.
        # Another client's copy and selection take the app's own (a data source it owns until
        # then), so it holds the same offers and sources at every checkpoint.
        steps = [step("seat.use", index=0), step("popup.dismiss"), step("clipboard.set", text="soak"), step("primary.set", text="soak"),
                 step("pointer.move", x=400, y=300),
                 step("hold.begin", fingers=2), step("hold.end", cancelled=True),
                 step("output", width=640, height=480, scale=1), step("wait", ms=300),
                 step("output", width=800, height=600, scale=1)]
        if self.app == "demo":
            steps.append(step("configure", width=800, height=600, states=["activated"]))
        if self.layout != "us":
            self.layout = "us"
            steps.append(step("keymap", layout="us"))
        return steps

    def action(self):
        r = self.random
        kind = r.choices(["move", "click", "drag", "wheel", "touch", "touches", "swipe", "pinch", "hold",
                          "key", "type", "output", "configure", "seat", "clipboard", "keymap", "wait"],
                         [4, 6, 5, 5, 5, 4, 3, 3, 2, 8, 6 if self.app == "pick" else 0, 1, 1, 1, 1, 0.2, 2])[0]
        return getattr(self, kind)()

    def move(self):
        self.events += 1
        return [step("pointer.move", x=self.x(), y=self.y())]

    def click(self):
        r = self.random
        buttons = ["left"] if self.app == "pick" else ["left", "left", "left", "right", "middle"]
        button = r.choice(buttons)
        steps = [step("pointer.move", x=self.x(), y=self.y()), step("pointer.down", button=button)]
        steps += [step("pointer.move", x=self.x(), y=self.y()) for _ in range(r.randint(0, 3))]
        steps.append(step("pointer.up", button=button))
        if r.random() < 0.33:
            held = r.choice(["Shift_L", "Control_L"])
            steps = [step("key.down", key=held)] + steps + [step("key.up", key=held)]
        self.events += len(steps)
        return steps

    def drag(self):
        r = self.random
        count = r.randint(1, 12)
        self.events += count + 3
        steps = [step("pointer.drag", **{"from": [self.x(), self.y()]}, to=[self.x(), self.y()], steps=count, ms=r.randint(0, 200))]
        if r.random() < 0.33:
            held = r.choice(["Shift_L", "Control_L"])
            steps = [step("key.down", key=held)] + steps + [step("key.up", key=held)]
        return steps

    def wheel(self):
        r = self.random
        source = r.choice(["wheel", "finger", "continuous"])
        steps = [step("pointer.move", x=self.x(), y=self.y())]
        steps += [step("pointer.axis", dy=r.randint(-200, 200), source=source) for _ in range(r.randint(1, 5))]
        if source == "finger":
            steps.append(step("pointer.axisStop"))
        self.events += len(steps)
        return steps

    def touch(self):
        """A sweep of one to ten fingers, as touch.drag plays it."""
        r = self.random
        fingers, count = r.randint(1, 10), r.randint(1, 10)
        self.events += fingers * (count + 2)
        points = [[self.x(), self.y()] for _ in range(fingers)]
        return [step("touch.drag", points=points, by=[r.randint(-200, 200), r.randint(-200, 200)], steps=count, ms=r.randint(0, 400))]

    def touches(self):
        """Fingers down, moved and lifted one by one, or cancelled by the compositor."""
        r = self.random
        count = r.randint(1, 4)
        # The picker never holds a finger still past a long press (500 ms).
        longest = 300 if self.app == "pick" else 700
        steps = [step("touch.down", id=i, x=self.x(), y=self.y()) for i in range(count)]
        for _ in range(r.randint(0, 5)):
            steps.append(step("touch.move", id=r.randrange(count), x=self.x(), y=self.y()))
            if r.random() < 0.33:
                steps.append(step("wait", ms=r.randint(0, longest)))
        if r.random() < 0.25:
            steps.append(step("touch.cancel"))
        else:
            steps += [step("touch.up", id=i) for i in range(count)]
        self.events += len(steps)
        return steps

    def swipe(self):
        r = self.random
        steps = [step("pointer.move", x=self.x(), y=self.y()), step("swipe.begin", fingers=r.randint(3, 4))]
        steps += [step("swipe.update", dx=r.randint(-40, 40), dy=r.randint(-40, 40)) for _ in range(r.randint(0, 7))]
        steps.append(step("swipe.end", cancelled=r.random() < 0.25))
        self.events += len(steps)
        return steps

    def pinch(self):
        r = self.random
        steps = [step("pointer.move", x=self.x(), y=self.y()), step("pinch.begin", fingers=2)]
        steps += [step("pinch.update", dx=r.randint(-10, 10), dy=0, scale=round(0.2 + r.random() * 3, 3), rotation=r.randint(0, 90))
                  for _ in range(r.randint(0, 7))]
        steps.append(step("pinch.end", cancelled=r.random() < 0.25))
        self.events += len(steps)
        return steps

    def hold(self):
        """Two resting touchpad fingers, then perhaps dragged: a sweep, or a scroll."""
        r = self.random
        steps = [step("pointer.move", x=self.x(), y=self.y()), step("hold.begin", fingers=2), step("wait", ms=r.randint(0, 500))]
        steps += [step("pointer.axis", dy=r.randint(-30, 30), source="finger") for _ in range(r.randint(0, 4))]
        steps += [step("pointer.axisStop"), step("hold.end", cancelled=r.random() < 0.33)]
        self.events += len(steps) - 1
        return steps

    def key(self):
        r = self.random
        if self.app == "pick":
            plain = ["Up", "Down", "Page_Up", "Page_Down", "Home", "End", "Left", "Right", "Tab", "BackSpace", "Delete", "space"]
            combos = [("Shift_L", k) for k in ["Up", "Down", "Tab", "Left", "Right", "Page_Down"]] + \
                     [("Control_L", k) for k in ["a", "d", "i", "w", "u", "k", "v", "Left", "Right", "BackSpace", "Delete"]]
        else:
            plain = ["Up", "Down", "Left", "Right", "Page_Up", "Page_Down", "Home", "End", "space", "Return", "Escape",
                     "Tab", "Delete", "a", "c", "z", "x", "1", "2", "3", "BackSpace"]
            combos = [(m, k) for m in ["Shift_L", "Control_L", "Alt_L"] for k in plain + ["4", "5", "6"]]
        if r.random() < 0.4:
            modifier, key = r.choice(combos)
            steps = [step("key.down", key=modifier), step("key.tap", key=key), step("key.up", key=modifier)]
            if self.app == "pick" and modifier == "Control_L" and key == "a" and r.random() < 0.5:
                # Ctrl+Shift+A clears the matching records.
                steps = [step("key.down", key="Shift_L")] + steps + [step("key.up", key="Shift_L")]
        else:
            steps = [step("key.tap", key=r.choice(plain))]
        self.events += sum(2 if '"key.tap"' in s else 1 for s in steps)
        return steps

    def type(self):
        """Typing into the picker's filter: a word, sometimes cleared first (Ctrl+U) or
        after (Backspaces), so the query stays short and changes all the time."""
        r = self.random
        steps = []
        if r.random() < 0.3:
            steps += [step("key.tap", key="End"), step("key.down", key="Control_L"), step("key.tap", key="u"), step("key.up", key="Control_L")]
        for character in r.choice(PICK_WORDS):
            steps.append(step("key.tap", key=KEYSYMS.get(character, character)))
        steps += [step("key.tap", key="BackSpace") for _ in range(r.randint(0, 4))]
        self.events += sum(2 if '"key.tap"' in s else 1 for s in steps)
        return steps

    def output(self):
        r = self.random
        self.scale = r.randint(1, 3)
        # At most about 2560 × 1600 device pixels: big enough, and a frame stays cheap on a shared machine.
        limit = 2560 // self.scale
        self.width = r.randint(200, min(1600, limit))
        self.height = r.randint(200, min(1200, limit * 10 // 16))
        steps = [step("output", width=self.width, height=self.height, scale=self.scale)]
        if r.random() < 0.1:
            steps = [step("output.remove"), step("wait", ms=50), step("output.add")] + steps
        return steps

    def configure(self):
        r = self.random
        if self.app == "pick":   # a layer surface: its size follows the output
            return self.output()
        states = r.choice([["activated"], ["maximized", "activated"], ["fullscreen", "activated"], ["resizing", "activated"], []])
        width, height = r.choice([(0, 0), (r.randint(100, 1600), r.randint(100, 1200))])
        if width:
            self.width, self.height = width, height
        return [step("configure", width=width, height=height, states=states)]

    def seat(self):
        return [step("seat.use", index=self.random.randrange(3))]

    def clipboard(self):
        r = self.random
        text = "".join(r.choice("abcdefghij klmnopqrstuvwxyz0123456789éß\t") for _ in range(r.randint(0, 40)))
        return [step("clipboard.set", text=text)]

    def keymap(self):
        self.layout = "us" if self.layout != "us" else self.random.choice(["de,us", "fr,us"])
        return [step("keymap", layout=self.layout)]

    def wait(self):
        return [step("wait", ms=self.random.randint(0, 300))]


# Characters of PICK_WORDS that are not their own keysym names.
KEYSYMS = {" ": "space", "!": "exclam", "^": "asciicircum", "$": "dollar", "'": "apostrophe", "|": "bar"}
