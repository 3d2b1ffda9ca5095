#!/usr/bin/python3
"""Hammers an app's accessibility objects through AT-SPI2's D-Bus interfaces, as a careless or
hostile assistive technology would: argv[3] method calls, up to 64 in flight, on random children of
the app's first table (made on demand), their states, names and places, the table's rows, and on
objects it got earlier, which the app may have let go or deleted since. Writes to argv[2] as JSON
how many calls were answered, the errors by name, and how long it took."""
import json
import random
import sys
import time

import dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

name, out, total = sys.argv[1], sys.argv[2], int(sys.argv[3])
ACCESSIBLE, PROPERTIES = "org.a11y.atspi.Accessible", "org.freedesktop.DBus.Properties"
result = {"answered": 0, "errors": {}, "seconds": None}
DBusGMainLoop(set_as_default=True)
loop = GLib.MainLoop()


def connect():
    session = dbus.SessionBus()
    address = session.get_object("org.a11y.Bus", "/org/a11y/bus").GetAddress(dbus_interface="org.a11y.Bus")
    return dbus.bus.BusConnection(address)


bus = connect()


def call(destination, path, interface, method, signature="", args=()):
    return bus.call_blocking(destination, path, interface, method, signature, args, timeout=10)


def find_app(seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        for destination, path in call("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root", ACCESSIBLE, "GetChildren"):
            try:
                if call(destination, path, PROPERTIES, "Get", "ss", (ACCESSIBLE, "Name")) == name:
                    return str(destination), str(path)
            except dbus.DBusException:
                continue
        time.sleep(0.2)
    return None, None


def find_table(destination, path, depth=0):
    """The first table under `path` (a table's own children are never walked)."""
    if call(destination, path, ACCESSIBLE, "GetRole") == 55:
        return path
    if depth > 6:
        return None
    for _, child in call(destination, path, ACCESSIBLE, "GetChildren"):
        found = find_table(destination, child, depth + 1)
        if found:
            return found
    return None


def main():
    app, root = find_app()
    if app is None:
        result["error"] = "no application named " + name
        return
    table = find_table(app, root)
    if table is None:
        result["error"] = "no table"
        return
    count = [int(call(app, table, PROPERTIES, "Get", "ss", (ACCESSIBLE, "ChildCount")))]
    held = [str(call(app, table, ACCESSIBLE, "GetChildAtIndex", "i", (i,))[1]) for i in range(0, 40)]
    state = {"sent": 0, "answered": 0, "start": time.monotonic()}

    def answered(kind):
        def handler(*reply):
            state["answered"] += 1
            if kind == "child" and reply and len(held) < 5000:
                held.append(str(reply[0][1]))
            elif kind == "count" and reply:
                count[0] = max(1, int(reply[0]))
            send()
        return handler

    def failed_on(kind):
        def handler(error):
            key = error.get_dbus_name() or "unknown"
            result["errors"][key] = result["errors"].get(key, 0) + 1
            result.setdefault("failedCalls", {})[kind] = result.get("failedCalls", {}).get(kind, 0) + 1
            state["answered"] += 1
            send()
        return handler

    def send():
        if state["answered"] >= total:
            result["answered"] = state["answered"]
            result["seconds"] = round(time.monotonic() - state["start"], 2)
            loop.quit()
            return
        while state["sent"] < total and state["sent"] - state["answered"] < 64:
            state["sent"] += 1
            pick = random.random()
            target = random.choice(held)
            if pick < 0.3:
                index = random.randrange(0, count[0])
                args = (app, table, ACCESSIBLE, "GetChildAtIndex", "i", (index,), "child")
            elif pick < 0.5:
                args = (app, target, ACCESSIBLE, "GetState", "", (), "state")
            elif pick < 0.65:
                args = (app, target, PROPERTIES, "Get", "ss", (ACCESSIBLE, "Name"), "name")
            elif pick < 0.8:
                args = (app, target, ACCESSIBLE, "GetIndexInParent", "", (), "index")
            elif pick < 0.9:
                args = (app, table, "org.a11y.atspi.Table", "GetRowAtIndex", "i", (random.randrange(-5, count[0] + 5),), "row")
            elif pick < 0.98:
                args = (app, target, "org.a11y.atspi.TableCell", "GetRowColumnSpan", "", (), "span")
            else:
                args = (app, table, PROPERTIES, "Get", "ss", (ACCESSIBLE, "ChildCount"), "count")
            destination, path, interface, method, signature, values, kind = args
            bus.call_async(destination, path, interface, method, signature, values, answered(kind), failed_on(kind), timeout=20)

    send()
    GLib.timeout_add_seconds(150, loop.quit)
    loop.run()
    result["answered"] = state["answered"]


try:
    main()
except Exception as error:  # noqa: BLE001 - the test reads what went wrong
    result["error"] = repr(error)
with open(out, "w") as f:
    json.dump(result, f)
