"""The virtual input devices of the guest, made with uinput through python3-evdev.

Each one is shaped like the hardware it stands for, so that udev and libinput classify it the
same way and the events reach sway through the path a laptop's would take."""
import time

from evdev import AbsInfo, UInput, ecodes as e

SCREEN_W, SCREEN_H = 1024, 768
TS_SCALE = 4            # touchscreen units per output pixel (sub-pixel positions)
TP_RES = 40             # touchpad units per millimetre
TP_W_MM, TP_H_MM = 100, 65
FRAME_S = 0.008         # time between frames of touch and touchpad motion (125 Hz)


def _abs(maximum, resolution=0):
    return AbsInfo(value=0, min=0, max=maximum, fuzz=0, flat=0, resolution=resolution)


class Touchscreen:
    """A direct-touch screen, multitouch protocol B, ten slots, mapped to the output by sway."""

    def __init__(self):
        xmax, ymax = SCREEN_W * TS_SCALE - 1, SCREEN_H * TS_SCALE - 1
        caps = {
            e.EV_KEY: [e.BTN_TOUCH],
            e.EV_ABS: [(e.ABS_X, _abs(xmax, 16)), (e.ABS_Y, _abs(ymax, 16)),
                       (e.ABS_MT_SLOT, _abs(9)), (e.ABS_MT_TRACKING_ID, _abs(65535)),
                       (e.ABS_MT_POSITION_X, _abs(xmax, 16)), (e.ABS_MT_POSITION_Y, _abs(ymax, 16))],
        }
        self.dev = UInput(caps, name="Sweep Test Touchscreen", vendor=0x5357, product=0x0001,
                          bustype=e.BUS_I2C, input_props=[e.INPUT_PROP_DIRECT])
        self.tracking = 100
        self.down = {}   # slot -> (x, y) in output pixels

    def frame(self, points):
        """One frame: `points` maps slot to (x, y) in pixels, or None to lift that finger."""
        w = self.dev.write
        for slot, p in points.items():
            w(e.EV_ABS, e.ABS_MT_SLOT, slot)
            if p is None:
                w(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1)
                self.down.pop(slot, None)
                continue
            if slot not in self.down:
                self.tracking += 1
                w(e.EV_ABS, e.ABS_MT_TRACKING_ID, self.tracking)
            self.down[slot] = p
            w(e.EV_ABS, e.ABS_MT_POSITION_X, round(p[0] * TS_SCALE))
            w(e.EV_ABS, e.ABS_MT_POSITION_Y, round(p[1] * TS_SCALE))
        w(e.EV_KEY, e.BTN_TOUCH, 1 if self.down else 0)
        if self.down:
            first = self.down[min(self.down)]
            w(e.EV_ABS, e.ABS_X, round(first[0] * TS_SCALE))
            w(e.EV_ABS, e.ABS_Y, round(first[1] * TS_SCALE))
        self.dev.syn()


class Touchpad:
    """A clickpad: multitouch protocol B with resolutions, BTN_TOOL_* up to four fingers,
    pointer and buttonpad properties, as libinput expects of a laptop's touchpad."""
    TOOLS = {1: e.BTN_TOOL_FINGER, 2: e.BTN_TOOL_DOUBLETAP, 3: e.BTN_TOOL_TRIPLETAP, 4: e.BTN_TOOL_QUADTAP}

    def __init__(self):
        xmax, ymax = TP_W_MM * TP_RES, TP_H_MM * TP_RES
        caps = {
            e.EV_KEY: [e.BTN_LEFT, e.BTN_TOUCH, e.BTN_TOOL_FINGER, e.BTN_TOOL_DOUBLETAP,
                       e.BTN_TOOL_TRIPLETAP, e.BTN_TOOL_QUADTAP],
            e.EV_ABS: [(e.ABS_X, _abs(xmax, TP_RES)), (e.ABS_Y, _abs(ymax, TP_RES)),
                       (e.ABS_MT_SLOT, _abs(4)), (e.ABS_MT_TRACKING_ID, _abs(65535)),
                       (e.ABS_MT_POSITION_X, _abs(xmax, TP_RES)), (e.ABS_MT_POSITION_Y, _abs(ymax, TP_RES))],
        }
        self.dev = UInput(caps, name="Sweep Test Touchpad", vendor=0x5357, product=0x0002,
                          bustype=e.BUS_I2C, input_props=[e.INPUT_PROP_POINTER, e.INPUT_PROP_BUTTONPAD])
        self.tracking = 500
        self.down = {}   # slot -> (x, y) in millimetres

    def frame(self, points):
        """One frame: `points` maps slot to (x, y) in millimetres, or None to lift that finger."""
        w = self.dev.write
        before = len(self.down)
        for slot, p in points.items():
            w(e.EV_ABS, e.ABS_MT_SLOT, slot)
            if p is None:
                w(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1)
                self.down.pop(slot, None)
                continue
            if slot not in self.down:
                self.tracking += 1
                w(e.EV_ABS, e.ABS_MT_TRACKING_ID, self.tracking)
            self.down[slot] = p
            w(e.EV_ABS, e.ABS_MT_POSITION_X, round(p[0] * TP_RES))
            w(e.EV_ABS, e.ABS_MT_POSITION_Y, round(p[1] * TP_RES))
        after = len(self.down)
        if after:
            first = self.down[min(self.down)]
            w(e.EV_ABS, e.ABS_X, round(first[0] * TP_RES))
            w(e.EV_ABS, e.ABS_Y, round(first[1] * TP_RES))
        if before != after:
            w(e.EV_KEY, e.BTN_TOUCH, 1 if after else 0)
            for n, tool in self.TOOLS.items():
                was, now = before == n, after == n
                if was != now:
                    w(e.EV_KEY, tool, 1 if now else 0)
        self.dev.syn()


class Mouse:
    """A relative mouse with three buttons and a wheel; `hires` adds REL_WHEEL_HI_RES (120 a
    notch), which libinput then reads instead of the notches."""

    def __init__(self, hires=False):
        rel = [e.REL_X, e.REL_Y, e.REL_WHEEL] + ([e.REL_WHEEL_HI_RES] if hires else [])
        caps = {e.EV_KEY: [e.BTN_LEFT, e.BTN_RIGHT, e.BTN_MIDDLE], e.EV_REL: rel}
        name = "Sweep Test Hi-Res Mouse" if hires else "Sweep Test Mouse"
        self.dev = UInput(caps, name=name, vendor=0x5357, product=0x0004 if hires else 0x0003,
                          bustype=e.BUS_USB)
        self.hires = hires
        self.hires_acc = 0

    def move(self, dx, dy):
        if dx:
            self.dev.write(e.EV_REL, e.REL_X, int(dx))
        if dy:
            self.dev.write(e.EV_REL, e.REL_Y, int(dy))
        self.dev.syn()

    def button(self, pressed, button=e.BTN_LEFT):
        self.dev.write(e.EV_KEY, button, 1 if pressed else 0)
        self.dev.syn()

    def wheel(self, notches):
        """Notches down are positive here (REL_WHEEL counts up as positive)."""
        if self.hires:
            self.dev.write(e.EV_REL, e.REL_WHEEL_HI_RES, -120 * notches)
        self.dev.write(e.EV_REL, e.REL_WHEEL, -notches)
        self.dev.syn()

    def wheel_hires(self, units):
        """A fraction of a notch (120 units a notch, positive down), as a free-spinning wheel sends;
        REL_WHEEL follows once a whole notch has gone by, as the kernel does."""
        self.dev.write(e.EV_REL, e.REL_WHEEL_HI_RES, -units)
        self.hires_acc += units
        if abs(self.hires_acc) >= 120:
            notches = int(self.hires_acc / 120)
            self.dev.write(e.EV_REL, e.REL_WHEEL, -notches)
            self.hires_acc -= notches * 120
        self.dev.syn()


class Pen:
    """A pen display (a screen tablet, as on a convertible laptop or a drawing tablet with a
    screen): BTN_TOOL_PEN in proximity, BTN_TOUCH for the tip, two barrel buttons, absolute
    position with resolution and pressure, INPUT_PROP_DIRECT; libinput makes it a tablet tool
    and sway maps it to the output."""
    SCALE = 10          # pen units per output pixel

    def __init__(self):
        xmax, ymax = SCREEN_W * self.SCALE - 1, SCREEN_H * self.SCALE - 1
        caps = {
            e.EV_KEY: [e.BTN_TOOL_PEN, e.BTN_TOUCH, e.BTN_STYLUS, e.BTN_STYLUS2],
            e.EV_ABS: [(e.ABS_X, _abs(xmax, 40)), (e.ABS_Y, _abs(ymax, 40)), (e.ABS_PRESSURE, _abs(4095))],
        }
        self.dev = UInput(caps, name="Sweep Test Pen", vendor=0x5357, product=0x0006,
                          bustype=e.BUS_USB, input_props=[e.INPUT_PROP_DIRECT])
        self.near = False

    def _at(self, x, y):
        self.dev.write(e.EV_ABS, e.ABS_X, round(x * self.SCALE))
        self.dev.write(e.EV_ABS, e.ABS_Y, round(y * self.SCALE))

    def hover(self, x, y):
        """Over (x, y), in proximity, tip up."""
        if not self.near:
            self.dev.write(e.EV_KEY, e.BTN_TOOL_PEN, 1)
            self.near = True
        self._at(x, y)
        self.dev.syn()

    def down(self):
        self.dev.write(e.EV_ABS, e.ABS_PRESSURE, 2000)
        self.dev.write(e.EV_KEY, e.BTN_TOUCH, 1)
        self.dev.syn()

    def up(self):
        self.dev.write(e.EV_ABS, e.ABS_PRESSURE, 0)
        self.dev.write(e.EV_KEY, e.BTN_TOUCH, 0)
        self.dev.syn()

    def button(self, code, pressed):
        self.dev.write(e.EV_KEY, code, 1 if pressed else 0)
        self.dev.syn()

    def out(self):
        self.dev.write(e.EV_KEY, e.BTN_TOOL_PEN, 0)
        self.dev.syn()
        self.near = False


class Keyboard:
    def __init__(self):
        keys = [k for k in range(e.KEY_ESC, e.KEY_MICMUTE + 1)]
        self.dev = UInput({e.EV_KEY: keys}, name="Sweep Test Keyboard", vendor=0x5357, product=0x0005,
                          bustype=e.BUS_USB)

    def key(self, code, pressed):
        self.dev.write(e.EV_KEY, code, 1 if pressed else 0)
        self.dev.syn()

    def tap(self, code, hold=0.03):
        self.key(code, True)
        time.sleep(hold)
        self.key(code, False)
        time.sleep(0.03)

    def combo(self, modifiers, code):
        for m in modifiers:
            self.key(m, True)
            time.sleep(0.02)
        self.tap(code)
        for m in reversed(modifiers):
            self.key(m, False)
            time.sleep(0.02)


def touchpad_click(pad, pressed):
    """The clickpad's one physical button (libinput maps it by where the finger is)."""
    pad.dev.write(e.EV_KEY, e.BTN_LEFT, 1 if pressed else 0)
    pad.dev.syn()
