"""The scenarios: each one starts a fresh app, plays one interaction with the virtual devices,
and leaves its event log (and markers) in the share. check.py on the host judges them."""
import json
import os
import signal
import threading
import time

from evdev import ecodes as e

import devices as d
from guest_apps import App, OUT

LIST_X = 300


def row(i):
    """Centre y of list row i in the 1024 x 768 split view (toolbar 44, rows 44)."""
    return 66 + 44 * i


def cell(col, r):
    """Centre of grid cell (col, r): cells 100 x 100 with 8 between, from (521, 52)."""
    return 571 + 108 * col, 102 + 108 * r


class Context:
    def __init__(self, hand, sway):
        self.hand, self.sway = hand, sway

    def demo(self, name, *args):
        app = App(name, "sweep-demo", args)
        if not app.wait_ready():
            raise RuntimeError("sweep-demo never logged ready")
        return app

    def finish(self, app, **kw):
        return app.finish(self.hand.kbd, **kw)


# Touchscreen sweeps -----------------------------------------------------------------------------

def touch_sweep(c):
    a, h = c.demo("touch_sweep"), c.hand
    start = [(200, row(2)), (280, row(2))]
    h.touch_down(start)
    time.sleep(0.03)
    p = h.touch_move(start, (0, 44 * 6), 500)
    time.sleep(0.15)
    a.idle()
    c.sway.screenshot(f"{OUT}/real-input-touch-sweep.png")
    h.touch_up(2)
    a.idle()
    c.finish(a)


def touch_sweep_back(c):
    a, h = c.demo("touch_sweep_back"), c.hand
    start = [(200, row(2)), (280, row(2))]
    h.touch_down(start)
    time.sleep(0.03)
    p = h.touch_move(start, (0, 44 * 6), 400)
    p = h.touch_move(p, (0, -44 * 3), 300)
    time.sleep(0.1)
    h.touch_up(2)
    a.idle()
    a.mark("second")
    # Started on a selected row: this sweep deselects.
    h.touch_drag([(200, row(3)), (280, row(3))], (0, 44), 300, rest_ms=100)
    a.idle()
    c.finish(a)


# Touchpad --------------------------------------------------------------------------------------

def _swipe(c, name, fingers, start_row):
    a, h = c.demo(name), c.hand
    h.mouse_to(LIST_X, row(start_row))
    a.idle()
    pts = [(30 + 10 * i, 15) for i in range(fingers)]
    h.pad_down(pts)
    time.sleep(0.03)
    h.pad_move(pts, (0, 14), 500)
    time.sleep(0.05)
    h.pad_up(fingers)
    a.idle()
    c.finish(a)


def pad_swipe3(c):
    _swipe(c, "pad_swipe3", 3, 2)


def pad_swipe4(c):
    _swipe(c, "pad_swipe4", 4, 3)


def _hold_drag(c, name, hold_ms):
    a, h = c.demo(name), c.hand
    h.mouse_to(LIST_X, row(2))
    a.idle()
    pts = [(40, 15), (55, 15)]
    h.pad_down(pts)
    a.mark("down")
    time.sleep(hold_ms / 1000)
    a.mark("move")
    h.pad_move(pts, (0, 12), 500)
    time.sleep(0.05)
    h.pad_up(2)
    a.idle()
    c.finish(a)


def pad_hold_drag_400(c):
    _hold_drag(c, "pad_hold_drag_400", 400)


def pad_hold_drag_800(c):
    _hold_drag(c, "pad_hold_drag_800", 800)


def pad_quick_scroll(c):
    a, h = c.demo("pad_quick_scroll"), c.hand
    h.mouse_to(LIST_X, row(4))
    a.idle()
    pts = [(40, 15), (55, 15)]
    h.pad_down(pts)
    h.pad_move(pts, (0, 15), 300)
    h.pad_up(2)
    a.idle()
    c.finish(a)


def pad_pinch_zoom(c):
    a, h = c.demo("pad_pinch_zoom"), c.hand
    h.mouse_to(*cell(2, 2))
    a.idle()
    pts = [(40, 30), (55, 30)]
    h.pad_down(pts)
    time.sleep(0.03)
    h.pad_spread(pts, 5, 600)
    time.sleep(0.05)
    h.pad_up(2)
    a.idle()
    c.finish(a)


def pad_band(c):
    """A clickpad press-and-drag (one finger clicks the pad and moves) draws a band."""
    a, h = c.demo("pad_band"), c.hand
    h.mouse_to(LIST_X, row(2))
    a.idle()
    h.pad_down([(30, 20)])
    time.sleep(0.25)
    d.touchpad_click(h.tp, True)
    time.sleep(0.05)
    p = h.pad_move([(30, 20)], (12, 0.5), 200)
    p = h.pad_move(p, (0, 16), 600)
    time.sleep(0.1)
    a.idle()
    c.sway.screenshot(f"{OUT}/real-input-touchpad-band.png")
    d.touchpad_click(h.tp, False)
    time.sleep(0.05)
    h.pad_up(1)
    a.idle()
    c.finish(a)


# Mouse band ----------------------------------------------------------------------------------

def mouse_band(c):
    a, h = c.demo("mouse_band"), c.hand
    m = h.mouse

    def band(from_row, to_row, modifier=None, escape=False):
        h.mouse_to(LIST_X, row(from_row))
        if modifier:
            h.kbd.key(modifier, True)
            time.sleep(0.03)
        m.button(True)
        time.sleep(0.05)
        h.mouse_drag_to(0, 44 * (to_row - from_row), 300)
        time.sleep(0.1)
        if escape:
            h.key(e.KEY_ESC)
            time.sleep(0.1)
        m.button(False)
        if modifier:
            time.sleep(0.03)
            h.kbd.key(modifier, False)
        a.idle()

    band(1, 4)
    a.mark("extend")
    band(7, 8, e.KEY_LEFTSHIFT)
    a.mark("toggle")
    band(3, 7, e.KEY_LEFTCTRL)
    a.mark("cancel")
    band(10, 12, escape=True)
    c.finish(a)


# Pen (a tablet tool through libinput) ------------------------------------------------------------

def pen_band(c):
    # The wire log (WAYLAND_DEBUG) shows what sway sends of the pen, should a check fail.
    a, h = App("pen_band", "sweep-demo", env={"WAYLAND_DEBUG": "client"}), c.hand
    if not a.wait_ready():
        raise RuntimeError("sweep-demo never logged ready")
    # A hovering pen reports a little motion all the time; libinput takes 50 ms of silence for
    # the pen having left (its proximity-out timer), so the hover keeps moving by a pixel while
    # it is looked at.
    hovering = threading.Event()
    hovering.set()

    def hover():
        step = 0
        while hovering.is_set():
            h.pen.hover(450 + step % 2, row(3))
            step += 1
            time.sleep(0.012)
    jitter = threading.Thread(target=hover)
    jitter.start()
    time.sleep(0.4)
    a.idle()
    c.sway.screenshot(f"{OUT}/pen_hover.ppm", ppm=True)
    hovering.clear()
    jitter.join()
    h.pen.out()
    a.idle()
    a.mark("band")
    h.pen_stroke(LIST_X, row(1), row(4))
    a.idle()
    a.mark("extend")
    h.pen_stroke(LIST_X, row(7), row(8), button=e.BTN_STYLUS)
    a.idle()
    a.mark("tap")
    h.pen_stroke(LIST_X, row(10), row(10), ms=40)
    a.idle()
    c.finish(a)


# Taps and long presses ---------------------------------------------------------------------------

def tap(c):
    a, h = c.demo("tap"), c.hand
    h.tap(LIST_X, row(5))
    a.idle()
    c.finish(a)


def long_press(c):
    # Without a context menu a long press enters editing mode and selects.
    a, h = c.demo("long_press", "--no-context-menu"), c.hand
    h.touch_down([(LIST_X, row(6))])
    time.sleep(0.8)
    h.touch_up(1)
    a.idle()
    c.finish(a)


def long_press_busy(c):
    """Down and up 815 ms apart while the app cannot run (stopped, as a busy loop would be): the
    events arrive together and their timestamps alone say it was a long press."""
    a, h = c.demo("long_press_busy", "--no-context-menu"), c.hand
    t0 = time.monotonic()
    h.touch_down([(LIST_X, row(7))])
    time.sleep(0.03)
    os.kill(a.proc.pid, signal.SIGSTOP)
    time.sleep(max(0, t0 + 0.815 - time.monotonic()))
    h.touch_up(1)
    time.sleep(max(0, t0 + 0.95 - time.monotonic()))
    os.kill(a.proc.pid, signal.SIGCONT)
    a.notes["down_to_up_ms"] = 815
    a.idle()
    c.finish(a)


def long_press_menu(c):
    """A long press opens the context menu at the finger; a tap on its first entry copies."""
    a, h = c.demo("long_press_menu"), c.hand
    h.touch_down([(LIST_X, row(4))])
    time.sleep(0.8)
    h.touch_up(1)
    a.idle()
    h.tap(LIST_X + 40, row(4) + 20)   # "Copy titles": the menu's first row (5 px padding, 30 px rows)
    a.idle()
    c.finish(a)


def mouse_menu(c):
    """A right click opens the menu; a left click on its second entry selects all."""
    a, h = c.demo("mouse_menu"), c.hand
    h.mouse_to(LIST_X, row(3))
    h.mouse.button(True, e.BTN_RIGHT)
    time.sleep(0.05)
    h.mouse.button(False, e.BTN_RIGHT)
    a.idle()
    h.click(LIST_X + 40, row(3) + 50)   # "Select All"
    a.idle()
    c.finish(a)


# Drag and drop ----------------------------------------------------------------------------------

def mouse_drag_reorder(c):
    """Rows 1-3 selected (editing mode), pressed on row 2 and dragged to the lower half of row 7: they
    move before row 8, still selected."""
    a, h = c.demo("mouse_drag_reorder"), c.hand
    h.click(LIST_X, row(1))
    h.click(LIST_X, row(3), [e.KEY_LEFTSHIFT])
    a.idle()
    h.mouse_to(LIST_X, row(2))
    h.mouse.button(True)
    time.sleep(0.05)
    h.mouse_drag_to(30, row(7) + 14 - row(2), ms=400)
    time.sleep(0.1)
    h.mouse.button(False)
    a.idle()
    c.finish(a)


def _two_demos(c, name):
    """Two demos side by side: the receiver opens first (left half), the source second (right half)."""
    dst = c.demo(name + "_dst")
    src = c.demo(name + "_src")
    time.sleep(0.3)   # sway tiles them
    src.idle()
    dst.idle()
    return src, dst


def mouse_drag_between_apps(c):
    """A selected row of the right demo dragged with the mouse into the left one."""
    src, dst = _two_demos(c, "mouse_drag_between_apps")
    h = c.hand
    h.click(712, row(2))
    src.idle()
    h.mouse_to(712, row(2))
    h.mouse.button(True)
    time.sleep(0.05)
    h.mouse_drag_to(-500, 60, ms=500)
    # On a busy guest the drag may start only after the pointer stopped, and the compositor gives
    # the drag's focus to the surface under it only on a motion: wait for the drag, then move on.
    src.wait_event("drag")
    h.mouse_drag_to(-12, 4, ms=120, steps=6)
    dst.idle()
    time.sleep(0.15)
    h.mouse.button(False)
    src.idle()
    dst.idle()
    c.finish(src)
    c.finish(dst)


def touch_long_press_drag(c):
    """A long press on a row of the right demo (its menu opens), then the finger moves to the left
    demo: the menu closes, the row drags by touch and drops there."""
    src, dst = _two_demos(c, "touch_long_press_drag")
    h = c.hand
    h.touch_down([(712, row(3))])
    time.sleep(0.8)
    # The menu is there before the finger moves, however slow the guest (a busy one had logged only
    # the menu's dismissal: the finger moved before the menu showed).
    src.wait_event("menu")
    src.idle()
    h.touch_move([(712, row(3))], (-500, 60), 500)
    time.sleep(0.15)
    h.touch_up(1)
    src.idle()
    dst.idle()
    c.finish(src)
    c.finish(dst)


def hover_after_touch(c):
    a, h = c.demo("hover_after_touch"), c.hand
    h.mouse_to(450, row(5))
    a.idle()
    c.sway.screenshot(f"{OUT}/hover_before.ppm", ppm=True)
    h.tap(LIST_X, row(9))
    time.sleep(0.2)
    a.idle()
    c.sway.screenshot(f"{OUT}/hover_after.ppm", ppm=True)
    c.finish(a)


# Scrolling -------------------------------------------------------------------------------------

def touch_scroll(c):
    a, h = c.demo("touch_scroll"), c.hand
    h.touch_down([(LIST_X, 650)])
    time.sleep(0.03)
    h.touch_move([(LIST_X, 650)], (0, -300), 800)
    time.sleep(0.15)
    a.mark("resting")
    time.sleep(0.15)
    h.touch_up(1)
    a.idle()
    c.finish(a)


def _fling(h, a):
    h.touch_down([(LIST_X, 650)])
    time.sleep(0.02)
    h.touch_move([(LIST_X, 650)], (0, -250), 80, steps=8)
    h.touch_up(1)
    a.mark("lift")


def fling(c):
    a, h = c.demo("fling"), c.hand
    _fling(h, a)
    a.idle()
    c.finish(a)


def no_fling_after_rest(c):
    a, h = c.demo("no_fling_after_rest"), c.hand
    h.touch_down([(LIST_X, 650)])
    time.sleep(0.03)
    h.touch_move([(LIST_X, 650)], (0, -200), 300)
    time.sleep(0.25)
    a.mark("lift")
    h.touch_up(1)
    a.idle()
    c.finish(a)


def tap_stops_fling(c):
    a, h = c.demo("tap_stops_fling"), c.hand
    _fling(h, a)
    a.wait_scroll_past(250 + 40)
    a.mark("tap")
    h.tap(LIST_X, 400, ms=50)
    a.idle()
    c.finish(a)


def _pad_flick(h, a):
    h.mouse_to(LIST_X, 300)
    a.idle()
    pts = [(40, 10), (55, 10)]
    h.pad_down(pts)
    h.pad_move(pts, (0, 30), 120)
    h.pad_up(2)
    a.mark("lift")
    return pts


def pad_fling(c):
    """The same two-finger flick as pad_hold_stops_fling, left to glide: the measure for it."""
    a, h = c.demo("pad_fling"), c.hand
    _pad_flick(h, a)
    a.idle()
    c.finish(a)


def pad_hold_stops_fling(c):
    a, h = c.demo("pad_hold_stops_fling"), c.hand
    pts = _pad_flick(h, a)
    time.sleep(0.05)
    a.wait_scroll_past(a.last_offset() + 40)
    a.mark("rest")
    h.pad_down(pts)
    time.sleep(0.7)
    h.pad_up(2)
    a.idle()
    c.finish(a)


def wheel(c):
    a, h = c.demo("wheel"), c.hand
    h.mouse_to(LIST_X, 300)
    a.idle()
    h.mouse.wheel(1)
    time.sleep(0.15)
    h.mouse.wheel(1)
    a.idle()
    c.finish(a)


def wheel_hires(c):
    a, h = c.demo("wheel_hires"), c.hand
    h.mouse_to(LIST_X, 300, mouse=h.hires)
    a.idle()
    # Half a notch, a pause (an app that reads only whole notches has not moved), then 1.5 more.
    h.hires.wheel_hires(60)
    time.sleep(0.6)
    a.mark("half")
    for _ in range(3):
        h.hires.wheel_hires(60)
        time.sleep(0.04)
    a.idle()
    c.finish(a)


# Keyboard and clicks outside editing mode ------------------------------------------------------

def normal_mode_keys(c):
    a, h = c.demo("normal_mode_keys"), c.hand
    h.click(LIST_X, row(2))
    h.click(LIST_X, row(5), [e.KEY_LEFTSHIFT])
    h.key(e.KEY_ESC)
    h.click(LIST_X, row(1))
    h.click(LIST_X, row(3), [e.KEY_LEFTCTRL])
    h.key(e.KEY_ESC)
    h.click(LIST_X, row(0))
    h.kbd.key(e.KEY_LEFTSHIFT, True)
    time.sleep(0.03)
    h.kbd.tap(e.KEY_DOWN)
    h.kbd.tap(e.KEY_DOWN)
    h.kbd.key(e.KEY_LEFTSHIFT, False)
    a.idle()
    c.finish(a)


def delete_undo(c):
    a, h = c.demo("delete_undo"), c.hand
    h.click(LIST_X, row(1))
    h.click(LIST_X, row(3), [e.KEY_LEFTSHIFT])
    h.click(LIST_X, row(6), [e.KEY_LEFTCTRL])
    a.idle()
    h.key(e.KEY_DELETE)
    a.idle()
    h.key(e.KEY_Z, [e.KEY_LEFTCTRL])
    a.idle()
    c.finish(a)


# sweep-pick ----------------------------------------------------------------------------------

PICK_INPUT = b"alpha\nbravo two\ncharlie\tTAB\nd\xffelta\necho\nfoxtrot\ngolf\nhotel\n"


def pick_origin(c, a):
    """Where the picker is on the output: a toplevel is in sway's tree (tiled, it fills the
    output); a layer-shell overlay is not, and is centred at the size it logged."""
    def find(node):
        if node.get("app_id") == "org.sweep.Pick":
            return node
        for child in node.get("nodes", []) + node.get("floating_nodes", []):
            hit = find(child)
            if hit:
                return hit
        return None
    try:
        view = find(json.loads(c.sway.ipc("-t", "get_tree")))
    except ValueError:
        view = None
    if view:
        r = view["rect"]
        a.notes["role"], a.notes["origin"] = "toplevel", [r["x"], r["y"]]
        return r["x"], r["y"]
    ready = next(ev for ev in a.events() if ev.get("event") == "ready")
    w, hgt = ready.get("width", 640), ready.get("height", 480)
    a.notes["role"], a.notes["origin"] = "layer", [(d.SCREEN_W - w) // 2, (d.SCREEN_H - hgt) // 2]
    return tuple(a.notes["origin"])


def pick(c):
    h = c.hand
    a = App("pick", "sweep-pick", (), stdin_bytes=PICK_INPUT)
    if not a.wait_ready():
        raise RuntimeError("sweep-pick never logged ready")
    ox, oy = pick_origin(c, a)
    c.sway.screenshot(f"{OUT}/pick-before.png")
    y = lambda i: oy + 78 + 44 * i
    h.touch_drag([(ox + 250, y(1)), (ox + 330, y(1))], (0, 44 * 3), 400, rest_ms=100)
    a.idle()
    h.key(e.KEY_ENTER)
    c.finish(a, expect_exit=True)


# Examples/files: the widgets through a real mouse and keyboard ----------------------------------

FILES_FOLDER = "/tmp/files-real"


def files_folder():
    """alpha/, cherry.txt, date.txt and 300 files: the entries scroll. Owned by the app's user."""
    import shutil
    shutil.rmtree(FILES_FOLDER, ignore_errors=True)
    os.makedirs(f"{FILES_FOLDER}/alpha")
    names = ["cherry.txt", "date.txt"] + [f"file-{i:03}.txt" for i in range(300)]
    for name in names:
        with open(f"{FILES_FOLDER}/{name}", "w") as f:
            f.write(name)
    for path in [FILES_FOLDER, f"{FILES_FOLDER}/alpha"] + [f"{FILES_FOLDER}/{n}" for n in names]:
        os.chown(path, 1000, 1000)


def type_text(h, text):
    for ch in text:
        h.kbd.tap(getattr(e, f"KEY_{ch.upper()}"))


def files_widgets(c):
    """Examples/files on sway: the New Folder button, its menu shortcut (Ctrl+Shift+N), the filter's
    text selected by a double click, replaced and undone (Ctrl+Z), the scrollbar's thumb dragged to
    the end, and the preview's divider dragged. Judged by what the app printed (Enter on an entry
    prints its path), the folders it made and grim's shot."""
    files_folder()
    h = c.hand
    # No home of its own: no places sidebar, so the entries start at the window's left edge.
    a = App("files_widgets", "files", ("--timing", FILES_FOLDER), event_log=False, env={"HOME": "/nonexistent"})
    if not a.wait_output("first frame"):
        raise RuntimeError("files never drew its first frame")
    a.idle()
    time.sleep(0.3)
    h.click(160, 20)                                  # New Folder
    a.idle()
    h.key(e.KEY_N, [e.KEY_LEFTCTRL, e.KEY_LEFTSHIFT])  # the menu's shortcut for it
    a.idle()
    # The filter: "cherry", selected by a double click on it, replaced by "date", undone.
    h.click(450, 20)
    type_text(h, "cherry")
    a.idle()
    h.mouse_to(292, 20)
    for _ in range(2):
        h.mouse.button(True)
        time.sleep(0.04)
        h.mouse.button(False)
        time.sleep(0.06)
    a.idle()
    type_text(h, "date")
    a.idle()
    h.key(e.KEY_Z, [e.KEY_LEFTCTRL])
    a.idle()
    for key in (e.KEY_ENTER, e.KEY_DOWN, e.KEY_ENTER):  # to the entries, the first, open it (prints it)
        h.key(key)
        a.idle()
    a.mark("filtered")
    h.click(450, 20)
    h.key(e.KEY_ESC)                                  # the search field clears
    a.idle()
    # The scrollbar: hover its strip at the right edge, drag the thumb to the bottom.
    h.mouse_to(1018, 60)
    time.sleep(0.2)
    a.idle()
    h.mouse.button(True)
    time.sleep(0.05)
    h.mouse_drag_to(0, 700, ms=400)
    h.mouse.button(False)
    a.idle()
    h.click(300, 700)
    h.key(e.KEY_ENTER)
    a.idle()
    # The preview (F3) and its divider, dragged from 381 to 601.
    h.key(e.KEY_F3)
    a.idle()
    h.mouse_to(381, 400)
    h.mouse.button(True)
    time.sleep(0.05)
    h.mouse_drag_to(220, 0, ms=300)
    h.mouse.button(False)
    a.idle()
    c.sway.screenshot(f"{OUT}/files-divider.ppm", ppm=True)
    a.notes["folders"] = sorted(n for n in os.listdir(FILES_FOLDER) if os.path.isdir(f"{FILES_FOLDER}/{n}"))
    c.sway.ipc("kill")
    c.finish(a, expect_exit=True)


def files_table(c):
    """Examples/files --tree on sway: a click on the Size title sorts by size, a drag on its edge
    widens it (saved in the app's state), F2 renames an entry on disk, Right opens a folder in place
    and Down and Enter open the file in it, Left twice closes it, and a finger's tap on its triangle
    opens it again. The columns' widths are the saved ones the scenario writes, so the titles and
    edges are where it says: Name 0-694, Size 694-784, Modified 784-924, Kind 924-1024, under the
    40 px filter field a header 30 px high, then rows of 32 px."""
    import json
    files_folder()
    with open(f"{FILES_FOLDER}/alpha/one.txt", "w") as f:
        f.write("one")
    os.chown(f"{FILES_FOLDER}/alpha/one.txt", 1000, 1000)
    state = "/tmp/state-files_table/sweep-files"
    os.makedirs(state, exist_ok=True)
    with open(f"{state}/columns.json", "w") as f:
        json.dump({"order": [], "widths": {"size": 90, "modified": 140}, "hidden": [], "sort": []}, f)
    for path in ("/tmp/state-files_table", state, f"{state}/columns.json"):
        os.chown(path, 1000, 1000)
    h = c.hand
    a = App("files_table", "files", ("--tree", "--timing", FILES_FOLDER), event_log=False, env={"HOME": "/nonexistent"})
    if not a.wait_output("first frame"):
        raise RuntimeError("files never drew its first frame")
    a.idle()
    time.sleep(0.3)
    row = lambda n: 70 + 16 + 32 * n
    h.click(739, 55)                                 # Size: folders first, then date.txt (8 B), cherry.txt (10 B)
    a.idle()
    h.click(300, row(1))
    h.key(e.KEY_ENTER)                               # prints date.txt
    a.idle()
    h.mouse_to(784, 55)                              # Size's trailing edge, dragged 60 px right
    time.sleep(0.2)
    h.mouse.button(True)
    time.sleep(0.05)
    h.mouse_drag_to(60, 0, ms=300)
    h.mouse.button(False)
    a.idle()
    h.click(300, row(1))                             # date.txt again: F2, "renamed" over "date", Enter
    a.idle()
    h.key(e.KEY_F2)
    a.idle()
    type_text(h, "renamed")
    h.key(e.KEY_ENTER)
    time.sleep(0.5)
    a.idle()
    h.click(300, row(0))                             # alpha: Right opens it, Down, Enter prints alpha/one.txt
    a.idle()
    h.key(e.KEY_RIGHT)
    time.sleep(0.5)
    a.idle()
    h.key(e.KEY_DOWN)
    h.key(e.KEY_ENTER)
    a.idle()
    h.key(e.KEY_LEFT)                                # to alpha, then closed
    h.key(e.KEY_LEFT)
    a.idle()
    h.tap(17, row(0))                                # a finger on alpha's triangle opens it again
    time.sleep(0.5)
    a.idle()
    h.click(300, row(1))
    h.key(e.KEY_ENTER)                               # prints alpha/one.txt again
    a.idle()
    a.notes["names"] = sorted(n for n in os.listdir(FILES_FOLDER) if not n.startswith("file-"))
    with open(f"{state}/columns.json") as f:
        a.notes["columns"] = json.load(f)
    c.sway.screenshot(f"{OUT}/files-table.ppm", ppm=True)
    c.sway.ipc("kill")
    c.finish(a, expect_exit=True)


ALL = [touch_sweep, touch_sweep_back, pad_swipe3, pad_swipe4, pad_hold_drag_400, pad_hold_drag_800,
       pad_quick_scroll, pad_pinch_zoom, pad_band, mouse_band, pen_band, tap, long_press, touch_scroll, fling,
       wheel, wheel_hires, normal_mode_keys, delete_undo, tap_stops_fling, pad_fling, pad_hold_stops_fling, pick,
       no_fling_after_rest, long_press_busy, hover_after_touch, long_press_menu, mouse_menu,
       mouse_drag_reorder, mouse_drag_between_apps, touch_long_press_drag, files_widgets, files_table]
